// e2e_game.mjs - a game played in the web table, end to end in headless
// Chromium, and the page's layout on a tablet and a phone.
//
//   node e2e_game.mjs --url http://127.0.0.1:PORT/ --out DIR [--chromium PATH]
//
// Plays a game of the farm table through the page as a player would: opens
// it, asks what red does, carries the orders out and undoes them, reports
// moves and losses (and one the daemon refuses), begins the next turn,
// throws a die for a unit's actions table and asks about it, reloads the
// page and finds the game again; lists, opens and closes a scenario's
// game; measures, checks lines of sight and throws the ruleset's dice.
// What the daemon answered is recorded in DIR/game.json for
// check_game.py, which asks the daemon the same through the Python
// client.  Then the layout at 1024 x 768 and 390 x 844: the panels under
// the table, nothing wider than the screen, text of 12 px at least, no
// label over another, the battle's result table whole or scrolled.

import fs from 'node:fs';
import path from 'node:path';
import { options, check, fail, near, launch, tally } from './harness.mjs';

const { url, out, executablePath } = options('e2e_game.mjs');
const browser = await launch(executablePath);
const results = { game: null };
const pageErrors = [];

async function openPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
  return page;
}

const pageState = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.solo.state)));
const unitOf = (st, id) => st.situation.units.find((u) => u.id === id);

async function clientPoint(page, x, y) {
  return page.evaluate(([x, y]) => window.solo.tableToClient(x, y), [x, y]);
}

async function dragTable(page, from, to) {
  const a = await clientPoint(page, from.x, from.y);
  const b = await clientPoint(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

// Click `button` and wait for the game request it makes (and any that
// follow at once) to be answered.
async function gameClick(page, selector, requests = 1) {
  const before = await page.evaluate(() => window.solo.state.games);
  await page.click(selector);
  await page.waitForFunction(([n, k]) => window.solo.state.games >= n + k, [before, requests]);
  await page.waitForFunction(() => !document.body.classList.contains('busy'));
}

const headline = (page) => page.$eval('#game-headline', (e) => ({ turn: Number(e.dataset.turn),
                                                                  sequence: Number(e.dataset.sequence),
                                                                  text: e.textContent }));
const logEntries = (page) => page.$$eval('#game-log li.log-entry', (ls) => ls.map((l) => ({
  kind: l.dataset.kind, turn: Number(l.closest('.log-turn').dataset.turn), text: l.textContent })));

async function playGame() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await openPage(context);
  const hello = await page.evaluate(() => window.solo.state.hello);
  const game = { hello_throws: {}, asks: [] };
  results.game = game;

  // A game of the farm table, six turns.
  await page.selectOption('#examples', 'farm.json');
  await page.waitForSelector('g[data-id="blue-dragoons"]');
  game.situation = JSON.parse(await page.evaluate(() => window.solo.situationJSON()));
  await page.fill('#game-turns', '6');
  await gameClick(page, '#game-open-table', 2);
  game.id = await page.evaluate(() => document.body.dataset.gameId);
  let hl = await headline(page);
  check(/^situation-\d+$/.test(game.id || '') && hl.turn === 1 && /turn 1 of 6/.test(hl.text) && hl.sequence === 0,
        'a game opened from the table: turn 1 of 6, no update yet', `${game.id} ${hl.text}`);
  check((await page.$$eval('#game-list option', (os) => os.map((o) => o.value))).includes(game.id),
        'the open games list it');
  const start = await pageState(page);

  // What does red do?  Its orders with their tabletop text.
  await page.selectOption('#side-strategy', 'table');
  await page.fill('#side-seed', '9');
  await page.fill('#side-playouts', '');
  const asked = await page.evaluate(() => window.solo.state.sideAsked);
  await page.click('#ask-red');
  await page.waitForFunction((n) => window.solo.state.sideAsked > n, asked);
  const side = await page.evaluate(() => window.solo.state.sideOrders.reply);
  game.side = { side: 'SIDE_RED', strategy: 'table', seed: '9', orders: side.orders.map((o) => ({
    unit_id: o.unit_id, kind: o.kind, tabletop: o.tabletop, text: o.text,
    destination: o.has_destination ? o.destination : null, facing: o.has_facing ? o.facing : null })) };
  const shownTabletop = await page.$$eval('#side-orders-list .tabletop', (ds) => ds.map((d) => d.textContent));
  check(side.game_id === game.id && side.orders.length === 3, 'red asked on the game: three orders', side.game_id);
  check(side.orders.filter((o) => o.tabletop).every((o) => shownTabletop.includes(`On the table: ${o.tabletop}`)),
        'every order shows its tabletop text', shownTabletop.join(' | '));
  let log = await logEntries(page);
  check(log.filter((e) => e.kind === 'order').length === 3 && log.some((e) => e.kind === 'side'),
        'the turn log has the question and every order');

  // Carry them out: one update; the units where the orders end.
  const movers = side.orders.filter((o) => o.has_destination || o.has_facing);
  await gameClick(page, '#side-apply', 2);
  let st = await pageState(page);
  hl = await headline(page);
  check(hl.sequence === 1, 'carrying out is one update to the daemon', String(hl.sequence));
  const misplaced = movers.filter((o) => {
    const u = unitOf(st, o.unit_id);
    return o.has_destination && !(near(u.centre.x, o.destination.x, 0.06) && near(u.centre.y, o.destination.y, 0.06));
  });
  check(misplaced.length === 0, 'the game has every unit where its order ends', misplaced.map((o) => o.unit_id).join());
  game.carried = st.situation.units.map((u) => ({ id: u.id, centre: u.centre, facing: u.facing }));
  check(!(await page.isDisabled('#game-undo')), 'Undo is offered for the orders just carried out');

  // Undo: the inverse update; every unit back where it stood.
  await gameClick(page, '#game-undo', 2);
  st = await pageState(page);
  hl = await headline(page);
  const notBack = start.situation.units.filter((u) => {
    const now = unitOf(st, u.id);
    return !(near(now.centre.x, u.centre.x, 0.06) && near(now.centre.y, u.centre.y, 0.06) &&
             near(((now.facing - u.facing) % 360 + 360) % 360, 0, 0.1));
  });
  check(hl.sequence === 2 && notBack.length === 0, 'Undo reports every unit back where it stood (update 2)',
        `${hl.sequence} ${notBack.map((u) => u.id).join()}`);
  check(await page.isDisabled('#game-undo'), 'nothing left to undo');

  // Report what happened: a move by drag and losses in the editor.
  await dragTable(page, { x: 74, y: 30 }, { x: 80, y: 40 });
  await page.evaluate(() => window.solo.select('unit', 'red-line'));
  await page.fill('#f-wounded', '3');
  await page.fill('#f-killed', '1');
  const pending = Number(await page.$eval('#game-pending', (e) => e.dataset.count));
  check(pending === 2, 'two units to report', String(pending));
  await gameClick(page, '#game-report', 2);
  st = await pageState(page);
  hl = await headline(page);
  const bl = unitOf(st, 'blue-line'), rl = unitOf(st, 'red-line');
  check(hl.sequence === 3 && near(bl.centre.x, 80, 0.6) && near(bl.centre.y, 40, 0.6) && rl.wounded === 3 && rl.killed === 1,
        'the move and the losses reported: the game has them (update 3)', JSON.stringify([bl.centre, rl.wounded, rl.killed]));
  game.reported = { 'blue-line': bl.centre, 'red-line': { wounded: 3, killed: 1 } };

  // A report the daemon refuses: its reason, naming the unit.
  await page.evaluate(() => window.solo.select('unit', 'red-support'));
  await page.fill('#f-killed', '40');
  await gameClick(page, '#game-report', 1);
  const refusal = await page.$eval('#game-error', (e) => ({ code: e.dataset.code, field: e.dataset.field,
                                                              unit: e.dataset.unitId, text: e.textContent }));
  check(refusal.code === 'IMPOSSIBLE' && refusal.unit === 'red-support' && /exceeds the 12 figures/.test(refusal.text)
        && /red-support/.test(refusal.text), 'a refused report shows the daemon\'s reason and the unit', JSON.stringify(refusal));
  check((await headline(page)).sequence === 3, 'nothing was changed by the refused report');
  await page.click('#game-revert');
  check(unitOf(await pageState(page), 'red-support').killed === 0, 'Revert puts the table back as the game stands');

  // Next turn.
  await gameClick(page, '#game-next', 2);
  hl = await headline(page);
  log = await logEntries(page);
  check(hl.turn === 2 && /turn 2 of 6/.test(hl.text) && log.some((e) => e.kind === 'next' && e.turn === 2),
        'next turn: turn 2, and the log has a turn 2', hl.text);

  // A unit off the table (Delete) and a status flag: out of play, fired.
  await page.evaluate(() => window.solo.select('unit', 'red-hussars'));
  await page.click('#delete');
  await page.evaluate(() => window.solo.select('unit', 'blue-rifles'));
  await page.check('#f-status-fired');
  await gameClick(page, '#game-report', 2);
  const gone = await page.evaluate(() => window.solo.state.game.gs);
  check(gone.removed.includes('red-hussars') && gone.units.find((u) => u.id === 'blue-rifles').status.fired &&
        !(await page.$('g[data-id="red-hussars"]')), 'a unit deleted is reported out of play, a flag set is reported',
        JSON.stringify(gone.removed));

  // A D6 for a unit's actions table, thrown in the browser and reported;
  // the ask on the game takes it.
  await page.selectOption('#dice-unit', 'red-line');
  await gameClick(page, '#dice-d6', 2);
  const face = Number(await page.$eval('#dice-headline', (e) => e.dataset.face));
  check(face >= 1 && face <= 6 && (await headline(page)).sequence === 6, 'the die thrown for red-line is reported (update 6)',
        String(face));
  await page.selectOption('#ask-unit', 'red-line');
  check(await page.inputValue('#ask-roll') === '0', 'the ask is left to take the die reported');
  let before = await page.evaluate(() => window.solo.state.asked);
  await page.click('#ask');
  await page.waitForFunction((n) => window.solo.state.asked > n, before);
  const withDie = await page.evaluate(() => window.solo.state.answer.decision);
  check(withDie.roll === face, 'the game\'s answer used the die thrown for it', `${withDie.roll} vs ${face}`);

  // Ask with the player's own die: recorded for check_game.py.
  await page.selectOption('#ask-roll', '4');
  await page.fill('#ask-seed', '21');
  before = await page.evaluate(() => window.solo.state.asked);
  await page.click('#ask');
  await page.waitForFunction((n) => window.solo.state.asked > n, before);
  const shown = await page.$eval('#working-action', (e) => ({ action: e.dataset.action, text: e.textContent }));
  const decision = await page.evaluate(() => window.solo.state.answer.decision);
  game.asks.push({ unit_id: 'red-line', roll: 4, seed: '21', action: decision.action, rf: decision.rf, headline: shown.text });
  check(!/_/.test(shown.text) && decision.outcomes.some((o) => o.text && o.text.startsWith(shown.text.replace(/ \(no charge\)$/, ''))),
        'the answer\'s headline is the ruleset\'s words for it, not an internal name', shown.text);
  log = await logEntries(page);
  check(log.some((e) => e.kind === 'ask') && log.some((e) => e.kind === 'answer' && e.text.startsWith(`red-line: ${shown.text}`)),
        'the turn log has the question and the answer');

  // A reload resumes the game from the daemon, with its log.
  const beforeReload = { log: await logEntries(page), hl: await headline(page), st: await pageState(page) };
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  const afterHl = await headline(page);
  const afterLog = await logEntries(page);
  const afterSt = await pageState(page);
  check(await page.evaluate(() => document.body.dataset.gameId) === game.id && afterHl.sequence === beforeReload.hl.sequence
        && afterHl.turn === 2, 'a reload resumes the same game at the same update', `${afterHl.text}`);
  check(afterLog.length === beforeReload.log.length + 1 && afterLog[afterLog.length - 1].kind === 'resume' &&
        afterLog.slice(0, -1).every((e, i) => e.text === beforeReload.log[i].text), 'the turn log survives the reload');
  check(JSON.stringify(afterSt.situation.units) === JSON.stringify(beforeReload.st.situation.units),
        'the table after the reload is the game\'s as it stood');

  // A scenario's game, listed, and closed; then the first resumed.
  await page.selectOption('#game-scenario', 'farm');
  await gameClick(page, '#game-open-scenario', 2);
  const scenarioId = await page.evaluate(() => document.body.dataset.gameId);
  const terrain = await page.$$eval('#layer-terrain g.terrain', (gs) => gs.length);
  check(scenarioId !== game.id && terrain === 5, 'a scenario\'s game opens with its terrain from the daemon', `${scenarioId} ${terrain}`);
  await gameClick(page, '#game-close', 2);
  const listed = await page.$$eval('#game-list option', (os) => os.map((o) => o.value));
  check(!listed.includes(scenarioId) && listed.includes(game.id), 'closed, it leaves the list', listed.join());
  await page.selectOption('#game-list', game.id);
  await gameClick(page, '#game-resume', 1);
  check(await page.evaluate(() => document.body.dataset.gameId) === game.id, 'the first game resumed from the list');
  game.final = (await pageState(page)).situation.units.map((u) => ({ id: u.id, centre: u.centre, facing: u.facing,
                                                                    wounded: u.wounded, killed: u.killed }));

  // The measuring tape in the ruleset's unit: cm under skirmish19.
  await page.click('#measure');
  await dragTable(page, { x: 20, y: 100 }, { x: 50, y: 60 });
  const m = await page.$eval('#measure-tape', (g) => ({ cm: Number(g.dataset.cm), text: g.dataset.text,
                                                   label: g.querySelector('text').textContent }));
  check(near(m.cm, 50, 0.7) && m.label === `${m.cm.toFixed(1)} cm`, 'the tape measures 50 cm', JSON.stringify(m));
  await page.keyboard.press('Escape');
  check(!(await page.$('#measure-tape')) && (await page.getAttribute('#measure', 'aria-pressed')) === 'false',
        'Esc puts the tape away');

  // Line of sight by the ruleset's terrain rules (Hello's sight): the
  // farm (a town) stands between red-support and a unit behind it.
  const s19 = hello.rulesets.find((r) => r.name === 'skirmish19');
  const town = s19.sight.find((t) => t.kind === 'TERRAIN_TOWN');
  const woods = s19.sight.find((t) => t.kind === 'TERRAIN_WOODS');
  check(town.blocks_sight && woods.sight_limited && s19.woods_visibility_cm === 20,
        'Hello gives skirmish19\'s sight rules: towns block, woods limit (20 cm within)');
  await page.click('#game-leave');
  await page.evaluate(() => window.solo.loadSituation({
    table_width: 180, table_depth: 120,
    terrain: [{ id: 'inn', kind: 'TERRAIN_TOWN', polygon: [{ x: 50, y: 40 }, { x: 70, y: 40 }, { x: 70, y: 60 }, { x: 50, y: 60 }] },
              { id: 'wood', kind: 'TERRAIN_WOODS', polygon: [{ x: 100, y: 0 }, { x: 130, y: 0 }, { x: 130, y: 30 }, { x: 100, y: 30 }] },
              { id: 'lane', kind: 'TERRAIN_ROAD', polygon: [{ x: 20, y: 70 }, { x: 160, y: 70 }, { x: 160, y: 74 }, { x: 20, y: 74 }] }],
    units: [
      { id: 'a', side: 'SIDE_BLUE', centre: { x: 20, y: 50 }, facing: 90, width: 6, depth: 3, figures: 6, weapon: 'musket' },
      { id: 'b', side: 'SIDE_RED', centre: { x: 100, y: 50 }, facing: 270, width: 6, depth: 3, figures: 6, weapon: 'musket' },
      { id: 'c', side: 'SIDE_RED', centre: { x: 20, y: 100 }, facing: 180, width: 6, depth: 3, figures: 6, weapon: 'musket' },
      { id: 'd', side: 'SIDE_RED', centre: { x: 90, y: 15 }, facing: 90, width: 6, depth: 3, figures: 6, weapon: 'musket' },
      { id: 'e', side: 'SIDE_RED', centre: { x: 150, y: 15 }, facing: 270, width: 6, depth: 3, figures: 6, weapon: 'musket' },
    ] }));
  const sight = async (from, to) => {
    await page.selectOption('#sight-from', from);
    await page.selectOption('#sight-to', to);
    await page.click('#sight-check');
    return page.$eval('#sight-verdict', (e) => ({ blocked: e.dataset.blocked === '1', by: e.dataset.by,
                                                  distance: Number(e.dataset.distance), text: e.textContent }));
  };
  const ab = await sight('a', 'b');
  check(ab.blocked && ab.by === 'inn' && near(ab.distance, 80, 0.01), 'a to b: blocked by the inn (a town)', JSON.stringify(ab));
  check(await page.$eval('#sight-line', (l) => l.classList.contains('blocked')), 'the blocked line is drawn as blocked');
  const ac = await sight('a', 'c');
  check(!ac.blocked && /lane \(road\)/.test(await page.textContent('#sight-result')), 'a to c: clear across the road', JSON.stringify(ac));
  // d to e runs 30 cm through the wood: more than woods_through_cm
  const de = await sight('d', 'e');
  check(de.blocked === (s19.woods_through_cm > 0 && s19.woods_through_cm < 30) && (!de.blocked || de.by === 'wood'),
        `d to e through 30 cm of wood (seen through ${s19.woods_through_cm} cm)`, JSON.stringify(de));

  // The ruleset's dice: skirmish19 shoots with a D8 to hit.
  const throwNames = await page.$$eval('#dice-throw option', (os) => os.map((o) => o.textContent));
  check(throwNames.length === s19.throws.length && throwNames[0] === 'shooting — to hit (D8)' &&
        throwNames.includes('shooting — damage (D6)') && throwNames.some((n) => n.startsWith('melee')),
        'the dice offered are skirmish19\'s: D8 to hit, D6 damage, melee', throwNames.join(' | '));
  await page.selectOption('#dice-throw', '0');
  await page.fill('#dice-count', '30');
  await page.fill('#dice-score', '5');
  await page.click('#dice-roll');
  const roll = await page.evaluate(() => ({
    faces: [...document.querySelectorAll('#dice-faces .die')].map((d) => Number(d.dataset.face)),
    hits: Number(document.querySelector('#dice-headline').dataset.hits),
    sides: Number(document.querySelector('#dice-headline').dataset.sides) }));
  check(roll.sides === 8 && roll.faces.length === 30 && roll.faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 8),
        'thirty D8 thrown, every face 1 to 8', roll.faces.join(' '));
  check(roll.hits === roll.faces.filter((f) => f >= 5).length, 'the hits are the faces of 5 or more', String(roll.hits));
  check(new Set(roll.faces).size > 2, 'the faces vary');
  if (roll.hits > 0) {
    await page.click('#dice-next');
    const damage = await page.evaluate(() => ({
      faces: [...document.querySelectorAll('#dice-faces .die')].map((d) => Number(d.dataset.face)),
      sides: Number(document.querySelector('#dice-headline').dataset.sides) }));
    check(damage.sides === 6 && damage.faces.length === roll.hits && damage.faces.every((f) => f >= 1 && f <= 6),
          'then a D6 of damage for each hit', JSON.stringify(damage));
  }
  // 4 Page Bolivar measures in TUM
  await page.evaluate(() => { window.solo.state.situation.ruleset = 'bolivar'; });
  const bol = hello.rulesets.find((r) => r.name === 'bolivar');
  await page.click('#measure');
  await dragTable(page, { x: 10, y: 10 }, { x: 10, y: 70 });
  const tum = await page.$eval('#measure-tape', (g) => ({ cm: Number(g.dataset.cm), label: g.querySelector('text').textContent }));
  check(bol.length_unit === 'TUM' && tum.label === `${(tum.cm / bol.cm_per_length_unit).toFixed(1)} TUM (${tum.cm.toFixed(1)} cm)`,
        'under 4 Page Bolivar the tape reads TUM with cm beside', tum.label);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: path.join(out, 'game.png') });
  await context.close();
}

// ---- the layout on a tablet and a phone ------------------------------------

async function layout(name, width, height) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await openPage(context);
  await page.selectOption('#examples', 'farm.json');
  await page.waitForSelector('g[data-id="blue-dragoons"]');
  await page.evaluate(() => window.solo.ask('red-line', 3));
  await page.evaluate(() => window.solo.checkSight('blue-line', 'red-support'));
  const box = async (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
  const board = await box('#board'), aside = await box('aside'), svg = await box('#table');
  check(aside.y >= board.y + board.h - 1 && near(aside.w, width, 2), `${name}: the panels are under the table, full width`,
        JSON.stringify({ board, aside }));
  check(svg.w <= width && svg.w >= width * 0.9, `${name}: the table fits the width`, JSON.stringify(svg));
  const overflow = await page.evaluate(() => {
    const wide = [];
    if (document.documentElement.scrollWidth > window.innerWidth) wide.push(`page ${document.documentElement.scrollWidth}`);
    for (const e of document.querySelectorAll('aside > *, header, #toolbar, #board')) {
      if (e.scrollWidth > e.clientWidth + 1) wide.push(`${e.id || e.tagName} ${e.scrollWidth}>${e.clientWidth}`);
    }
    return wide;
  });
  check(overflow.length === 0, `${name}: no panel wider than the screen`, overflow.join(', '));
  const small = await page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      if (!n.textContent.trim() || !e || e.closest('svg, option, [hidden], details:not([open]) > :not(summary)')) continue;
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const px = parseFloat(getComputedStyle(e).fontSize);
      if (px < 12) found.push(`${e.tagName}.${e.className} ${px}px "${n.textContent.trim().slice(0, 20)}"`);
    }
    for (const t of document.querySelectorAll('#table text')) {
      const r = t.getBoundingClientRect();
      const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
      if (r.width && px < 11.9) found.push(`svg ${t.getAttribute('class')} ${px.toFixed(1)}px "${t.textContent.slice(0, 20)}"`);
    }
    return found;
  });
  check(small.length === 0, `${name}: no text under 12 px, on the page and on the table`, small.slice(0, 6).join(', '));
  const overlaps = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('#table text')].map((t) => ({ t, r: t.getBoundingClientRect() }))
      .filter((b) => b.r.width > 0);
    const hit = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) hit.push(`"${boxes[i].t.textContent}" / "${boxes[j].t.textContent}"`);
      }
    }
    const svg = document.querySelector('#table').getBoundingClientRect();
    const out = boxes.filter((b) => b.r.left < svg.left - 1 || b.r.right > svg.right + 1).map((b) => b.t.textContent);
    return { hit, out, count: boxes.length };
  });
  check(overlaps.count > 15 && overlaps.hit.length === 0, `${name}: no label over another (${overlaps.count} labels)`,
        overlaps.hit.slice(0, 5).join(', '));
  check(overlaps.out.length === 0, `${name}: every label inside the table's picture`, overlaps.out.join(', '));
  const legend = await page.textContent('#caption-legend');
  check(await page.isVisible('#caption-legend') && /figures standing/.test(legend) && /L loaded/.test(legend) &&
        /NewDis newly disordered/.test(legend), `${name}: the units' captions have a legend, every status mark in it`, legend);
  const headlineText = await page.textContent('#working-action');
  check(!/_/.test(headlineText) && headlineText === await page.$eval('#working-outcomes tr.rolled td:nth-child(2)',
    (td) => td.firstChild.textContent.replace(/\s*\(Charge\?\)\s*$/, '')), `${name}: the headline is the ruleset's words`,
        headlineText);
  // The battle's result table: whole, or scrolled within its box.
  await page.selectOption('#battle-scenario', 'farm');
  await page.fill('#battle-seed', '3');
  const before = await page.evaluate(() => window.solo.state.battles);
  await page.click('#battle-play');
  await page.waitForFunction((n) => window.solo.state.battles > n, before);
  const sides = await page.evaluate(() => {
    const wrap = document.querySelector('#battle-sides-box');
    const table = document.querySelector('#battle-sides');
    const w = wrap.getBoundingClientRect();
    return { fits: table.scrollWidth <= wrap.clientWidth + 1, scrolls: getComputedStyle(wrap).overflowX === 'auto',
             inside: w.left >= -1 && w.right <= window.innerWidth + 1, rows: table.querySelectorAll('tbody tr').length };
  });
  check(sides.rows === 2 && sides.inside && (sides.fits || sides.scrolls), `${name}: the battle's results table is whole or scrolls`,
        JSON.stringify(sides));
  const pageWide = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  check(pageWide, `${name}: the battle leaves the page no wider than the screen`);
  await page.screenshot({ path: path.join(out, `layout-${name}.png`) });
  await context.close();
}

try {
  await playGame();
  await layout('tablet', 1024, 768);
  await layout('phone', 390, 844);
  check(pageErrors.length === 0, 'no script errors on the pages', pageErrors.join(' | '));
} catch (e) {
  fail(e.message);
}
fs.writeFileSync(path.join(out, 'game.json'), JSON.stringify(results, null, 2));
await browser.close();
console.log(`game page: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed ? 1 : 0);
