// e2e.mjs - the web table end to end in headless Chromium.
//
//   node e2e.mjs --url http://127.0.0.1:PORT/ --out DIR [--chromium PATH]
//
// Builds a situation with the mouse and the editor as a player would
// (terrain, units placed, dragged, turned, their state set), asks the
// daemon about units through the page, and records what the page drew
// and showed, read back from the SVG and the working panel, in
// DIR/results.json.  check_web.py then asks the daemon the same questions
// through the Python client and compares.  Also checks save and load,
// "move it there", an error reply, and leaves DIR/table.png.

import fs from 'node:fs';
import path from 'node:path';
import { options, check, fail, near, launch, tally } from './harness.mjs';

const { url, out, executablePath } = options('e2e.mjs');
const browser = await launch(executablePath);
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
page.setDefaultTimeout(15000);
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
// The page must reach nothing but the relay.
const origin = new URL(url).origin;
const foreign = [];
page.on('request', (r) => {
  if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) {
    foreign.push(r.url());
  }
});

const results = { asks: [], sides: [], battles: [] };

async function clientPoint(x, y) {
  return page.evaluate(([x, y]) => window.solo.tableToClient(x, y), [x, y]);
}

async function clickTable(x, y) {
  const p = await clientPoint(x, y);
  await page.mouse.click(p.x, p.y);
}

async function dragTable(from, to) {
  const a = await clientPoint(from.x, from.y);
  const b = await clientPoint(to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

function unitOf(state, id) { return state.situation.units.find((u) => u.id === id); }
async function pageState() { return page.evaluate(() => JSON.parse(JSON.stringify(window.solo.state))); }

async function setField(id, value) {
  await page.fill(id, String(value));
}

// Everything the page drew for the answer, read back from the SVG in
// table centimetres, and everything the working panel shows.
async function readAnswer() {
  return page.evaluate(() => {
    const depth = window.solo.state.situation.table_depth;
    const q = (sel) => document.querySelector(sel);
    const cm = (x, y) => ({ x: Number(x), y: depth - Number(y) });
    const pointsOf = (poly) => poly.getAttribute('points').trim().split(/\s+/)
      .map((s) => s.split(',').map(Number)).map(([x, y]) => cm(x, y));
    const answer = q('#answer');
    const drawn = {
      unit_id: answer.dataset.unitId,
      action: answer.dataset.action,
      charge: answer.dataset.charge === '1',
      path: null, ghost: null, cover_id: null, target_id: null, nearest_id: null,
      charge_marked: !!q('#answer-charge'),
    };
    const path = q('#answer-path');
    if (path) {
      drawn.path = { from: cm(path.getAttribute('x1'), path.getAttribute('y1')),
                     to: cm(path.getAttribute('x2'), path.getAttribute('y2')),
                     charge_style: path.classList.contains('charge') };
    }
    const ghost = q('#answer-ghost');
    if (ghost) {
      const pts = pointsOf(ghost);
      const centre = { x: pts.reduce((s, p) => s + p.x, 0) / 4, y: pts.reduce((s, p) => s + p.y, 0) / 4 };
      const front = { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
      const facing = ((Math.atan2(front.x - centre.x, front.y - centre.y) * 180) / Math.PI + 360) % 360;
      drawn.ghost = { centre, facing };
    }
    const cover = q('#answer-cover');
    if (cover) drawn.cover_id = cover.dataset.coverId;
    const target = q('#answer-target');
    if (target) drawn.target_id = target.dataset.targetId;
    const nearest = q('#answer-nearest');
    if (nearest) drawn.nearest_id = nearest.dataset.enemyId;
    const shown = {
      action: q('#working-action').dataset.action,
      charge: q('#working-action').dataset.charge === '1',
      rf: Number(q('#working-rf').dataset.rf),
      roll: Number(q('#working-roll').dataset.roll),
      morale: q('#working-morale').dataset.morale,
      factors: [...document.querySelectorAll('#working-factors tr.factor')]
        .map((r) => ({ name: r.dataset.name, value: Number(r.dataset.value) })),
      outcomes: [...document.querySelectorAll('#working-outcomes tr.outcome')]
        .map((r) => ({ roll: Number(r.dataset.roll), action: r.dataset.action, charge: r.dataset.charge === '1',
                       rolled: r.classList.contains('rolled') })),
      seed_text: q('#working').textContent.match(/seed (\d+)/)?.[1] || null,
      geometry: [...document.querySelectorAll('#working-geometry li')].map((li) => li.textContent),
    };
    return { drawn, shown };
  });
}

// Ask about `unitId` through the panel and record the question, the
// situation as it stood, and what came back on the page.
async function askThroughPanel(unitId, roll, seed = '') {
  const situation = JSON.parse(await page.evaluate(() => window.solo.situationJSON()));
  await page.selectOption('#ask-unit', unitId);
  await page.selectOption('#ask-roll', String(roll));
  await page.fill('#ask-seed', seed);
  const asked = await page.evaluate(() => window.solo.state.asked);
  await page.click('#ask');
  await page.waitForFunction((n) => window.solo.state.asked > n, asked);
  if (await page.$('#answer-error')) {
    throw new Error(`asking ${unitId}: ${await page.textContent('#answer-error')}`);
  }
  const read = await readAnswer();
  results.asks.push({ unit_id: unitId, roll, seed, situation, ...read });
  return read;
}

async function run() {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
  const status = await page.textContent('#status');
  check(/^solod \S+ · .*\bskirmish19 \(tables [0-9a-f]{8}\)/.test(status), 'the page reached solod through the relay', status);

  // The example situation, drawn.
  await page.selectOption('#examples', 'farm.json');
  await page.waitForSelector('g[data-id="blue-dragoons"]');
  check(await page.$$eval('g[data-kind="unit"]', (n) => n.length) === 6 &&
        await page.$$eval('g[data-kind="terrain"]', (n) => n.length) === 5, 'the farm example is drawn');

  // An empty table, then terrain placed with the mouse.
  await page.click('#new-table');
  await page.selectOption('#terrain-kind', 'TERRAIN_WOODS');
  await page.click('#add-terrain');
  await clickTable(40, 90);
  let st = await pageState();
  const wood = st.situation.terrain[0];
  check(st.situation.terrain.length === 1 && wood.kind === 'TERRAIN_WOODS', 'a wood placed on the table');
  const xs = wood.polygon.map((p) => p.x), ys = wood.polygon.map((p) => p.y);
  check(near(Math.min(...xs), 25, 0.6) && near(Math.max(...xs), 55, 0.6) &&
        near(Math.min(...ys), 80, 0.6) && near(Math.max(...ys), 100, 0.6),
        'the wood is 30 by 20 cm where it was clicked', JSON.stringify(wood.polygon));
  await page.fill('#f-id', 'big-wood');
  await page.press('#f-id', 'Enter');

  // Units placed, dragged and turned.
  await page.click('#add-red');
  await clickTable(60, 70);
  await page.click('#add-blue');
  await clickTable(110, 30);
  st = await pageState();
  const red = unitOf(st, 'red-1');
  check(red && near(red.centre.x, 60, 0.6) && near(red.centre.y, 70, 0.6) && red.facing === 180,
        'red-1 placed at (60, 70) facing the near edge', JSON.stringify(red && red.centre));
  check(!!unitOf(st, 'blue-1'), 'blue-1 placed');

  await dragTable({ x: 110, y: 30 }, { x: 70, y: 45 });
  st = await pageState();
  let blue = unitOf(st, 'blue-1');
  check(near(blue.centre.x, 70, 0.6) && near(blue.centre.y, 45, 0.6), 'blue-1 dragged to (70, 45)',
        JSON.stringify(blue.centre));
  check(await page.inputValue('#f-centre-x') === String(blue.centre.x), 'the editor follows the drag');

  // Turn blue-1 to face red-1 with the rotate handle: bearing ~338 deg.
  const handle = await page.$('#rotate-handle');
  const hb = await handle.boundingBox();
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  const aim = { x: blue.centre.x + (60 - blue.centre.x) * 0.6, y: blue.centre.y + (70 - blue.centre.y) * 0.6 };
  const ap = await clientPoint(aim.x, aim.y);
  await page.mouse.move(ap.x, ap.y, { steps: 6 });
  await page.mouse.up();
  st = await pageState();
  blue = unitOf(st, 'blue-1');
  const wanted = ((Math.atan2(60 - blue.centre.x, 70 - blue.centre.y) * 180) / Math.PI + 360) % 360;
  check(near(blue.facing, wanted, 2), `blue-1 turned to face red-1 (${wanted.toFixed(0)} deg)`, String(blue.facing));

  // Keyboard: Q turns 5 degrees left.
  await page.mouse.click(5, 5);   // focus the page, away from inputs
  await page.evaluate(() => window.solo.select('unit', 'blue-1'));
  const before = blue.facing;
  await page.keyboard.press('q');
  st = await pageState();
  check(near(unitOf(st, 'blue-1').facing, (before + 355) % 360, 0.01), 'Q turns the selected unit 5 degrees');
  await page.keyboard.press('e');

  // Zoom with the wheel over the cloth: the point under the pointer stays
  // put, and units are placed just as exactly; pan by dragging the cloth;
  // Fit shows the whole table again.
  const viewBox = () => page.$eval('#table', (s) => s.getAttribute('viewBox').split(' ').map(Number));
  const fitBox = await viewBox();
  const z = await clientPoint(150, 100);
  await page.mouse.move(z.x, z.y);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -100);
  await page.waitForFunction((w) => Number(document.querySelector('#table').getAttribute('viewBox').split(' ')[2]) < w,
                             fitBox[2]);
  const zoomed = await viewBox();
  const z2 = await clientPoint(150, 100);
  check(zoomed[2] < fitBox[2] * 0.6 && near(z2.x, z.x, 1.5) && near(z2.y, z.y, 1.5),
        'the wheel zooms in about the pointer', `${zoomed} ${JSON.stringify(z2)} vs ${JSON.stringify(z)}`);
  await page.click('#add-red');
  await clickTable(150, 100);
  st = await pageState();
  const zr = unitOf(st, 'red-2');
  check(zr && near(zr.centre.x, 150, 0.3) && near(zr.centre.y, 100, 0.3), 'a unit placed on the zoomed table lands where clicked',
        JSON.stringify(zr && zr.centre));
  await page.click('#delete');
  check(!unitOf(await pageState(), 'red-2'), 'Delete removes the selected unit');
  const c0 = await clientPoint(170, 110);
  await page.mouse.move(c0.x, c0.y);
  await page.mouse.down();
  await page.mouse.move(c0.x - 100, c0.y + 50, { steps: 5 });
  await page.mouse.up();
  const panned = await viewBox();
  check(panned[0] > zoomed[0] && panned[1] < zoomed[1] && panned[2] === zoomed[2], 'dragging the cloth pans',
        `${panned} from ${zoomed}`);
  await page.click('#fit');
  check((await viewBox()).join() === fitBox.join(), 'Fit shows the whole table again');

  // Shock cavalry on red-1's flank, set up through the editor.
  await page.click('#add-blue');
  await clickTable(95, 72);
  await page.selectOption('#f-arm', 'ARM_CAVALRY');
  await page.selectOption('#f-formation', 'FORMATION_MOUNTED');
  await setField('#f-weapon', 'sword');
  await page.check('#f-status-shock');
  await setField('#f-facing', '270');
  await setField('#f-width', '10');
  await setField('#f-depth', '6');

  // red-1: casualties and status.
  await page.evaluate(() => window.solo.select('unit', 'red-1'));
  await setField('#f-wounded', '2');
  await setField('#f-killed', '1');
  await page.check('#f-status-loaded');
  st = await pageState();
  const cav = unitOf(st, 'blue-2');
  check(cav && cav.arm === 'ARM_CAVALRY' && cav.status.shock && cav.weapon === 'sword' && cav.facing === 270,
        'blue-2 made shock cavalry in the editor');
  const r1 = unitOf(st, 'red-1');
  check(r1.wounded === 2 && r1.killed === 1 && r1.status.loaded, 'red-1 casualties and status set');
  const badge = await page.textContent('g[data-id="red-1"] .unit-status');
  check(badge.includes('11/12') && badge.includes('2w 1k') && badge.includes('L'),
        'red-1 shows its casualties and status on the table', badge);

  // Ask: the player's die, then the daemon's with a seed, then a
  // double-click.
  const a1 = await askThroughPanel('red-1', 2);
  check(a1.shown.roll === 2 && a1.shown.outcomes.length === 6, 'red-1 answered for the die 2, six outcomes shown');
  check(a1.shown.outcomes.filter((o) => o.rolled).map((o) => o.roll).join() === '2',
        'the rolled face is marked in the outcomes');
  await askThroughPanel('red-1', 0, '12345');
  const charge = await askThroughPanel('red-1', 6);
  check(charge.drawn.charge === charge.shown.charge, 'the drawn charge agrees with the working');
  for (const a of [a1, charge]) {
    check(a.shown.charge === a.shown.geometry.some((t) => t.startsWith('charges ')),
          'the working names the enemy charged when, and only when, it charges', a.shown.geometry.join(' | '));
  }
  await askThroughPanel('blue-2', 6);
  await page.selectOption('#ask-roll', '1');
  const bc = await clientPoint(70, 45);
  const asked = await page.evaluate(() => window.solo.state.asked);
  await page.mouse.dblclick(bc.x, bc.y);
  await page.waitForFunction((n) => window.solo.state.asked > n, asked);
  const dbl = await readAnswer();
  results.asks.push({ unit_id: 'blue-1', roll: 1, seed: '',
                      situation: JSON.parse(await page.evaluate(() => window.solo.situationJSON())), ...dbl });
  check(dbl.shown.roll === 1, 'a double-click asks about the unit');
  const shownText = await page.textContent('#working') + await page.textContent('#table');
  check(!/\bnull\b|\bundefined\b|NaN|\[object/.test(shownText), 'no null, undefined or NaN on the page');
  await page.screenshot({ path: path.join(out, 'table.png') });

  // Save, then load the file back into an empty table.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const saved = path.join(out, 'situation.json');
  await download.saveAs(saved);
  results.saved = JSON.parse(fs.readFileSync(saved, 'utf8'));
  check(results.saved.units.length === 3 && results.saved.terrain.length === 1, 'saved three units and a wood');
  const before_reload = await page.evaluate(() => window.solo.situationJSON());
  await page.click('#new-table');
  check((await pageState()).situation.units.length === 0, 'a new table is empty');
  await page.setInputFiles('#load-file', saved);
  await page.waitForSelector('g[data-id="blue-2"]');
  check(await page.evaluate(() => window.solo.situationJSON()) === before_reload,
        'the saved situation loads back unchanged');

  // The same table as a situation file (what solo ask --situation reads),
  // and back through the daemon's reader: the same situation.
  const [cfgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#save-cfg')]);
  const savedCfg = path.join(out, 'situation.cfg');
  await cfgDownload.saveAs(savedCfg);
  const cfgText = fs.readFileSync(savedCfg, 'utf8');
  check(/^ruleset = "skirmish19";$/m.test(cfgText) && /kind = "woods";/.test(cfgText)
        && /side = "blue";/.test(cfgText), 'saved a situation file', cfgText.slice(0, 300));
  await page.click('#new-table');
  await page.setInputFiles('#load-file', savedCfg);
  await page.waitForSelector('g[data-id="blue-2"]');
  // the daemon names the cover a feature has by default (woods: soft)
  const fromCfg = JSON.parse(await page.evaluate(() => window.solo.situationJSON()));
  const was = JSON.parse(before_reload);
  // a reply's words for a formation ("limbered" guns) are not part of the table
  for (const s of [fromCfg, was]) s.units.forEach((u) => { delete u.formation_word; });
  if (!was.ruleset) was.ruleset = 'skirmish19';      // the daemon's default, named in the file
  was.terrain.forEach((t, i) => {
    if (t.cover === 'COVER_DEFAULT' && fromCfg.terrain[i]) t.cover = fromCfg.terrain[i].cover;
  });
  check(JSON.stringify(fromCfg) === JSON.stringify(was), 'the situation file loads back as the same situation',
        JSON.stringify(fromCfg) === JSON.stringify(was) ? '' : `${JSON.stringify(fromCfg)}\n--- was ---\n${JSON.stringify(was)}`);
  check(fromCfg.terrain[0].cover === 'COVER_SOFT', 'woods give soft cover by default');
  // a broken situation file: the daemon's reason, naming the file and line
  await page.setInputFiles('#load-file', { name: 'swamp.cfg', mimeType: 'text/plain',
    buffer: Buffer.from(cfgText.replace('kind = "woods";', 'kind = "swamp";')) });
  await page.waitForFunction(() => document.querySelector('#hint').textContent.startsWith('swamp.cfg'));
  const swamp = await page.textContent('#hint');
  check(/swamp\.cfg: swamp\.cfg:\d+ - terrain .*unknown kind "swamp" \(one of: woods/.test(swamp)
        && JSON.parse(await page.evaluate(() => window.solo.situationJSON())).terrain[0].cover === 'COVER_SOFT',
        'a broken situation file is refused with the daemon\'s reason', swamp);

  await page.setInputFiles('#load-file', saved);
  await page.waitForFunction((want) => window.solo.situationJSON() === want, before_reload);

  // A file that is not a situation is refused, naming what is wrong, and
  // the table stays as it was.
  for (const [name, text, why] of [
    ['bad.json', '{ not json', /bad\.json: .*JSON/],
    ['green.json', '{"table_width": 100, "table_depth": 80, "units": [{"id": "g", "side": "SIDE_GREEN"}]}',
     /green\.json: situation\.units\[0\]\.side: unknown Side "SIDE_GREEN"/],
    ['typo.json', '{"table_width": 100, "table_depth": 80, "unitz": []}', /typo\.json: situation: no field "unitz"/],
  ]) {
    await page.setInputFiles('#load-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => document.querySelector('#hint').textContent.startsWith(n), name);
    const hint = await page.textContent('#hint');
    check(why.test(hint) && (await page.evaluate(() => window.solo.situationJSON())) === before_reload,
          `loading ${name} is refused with its reason`, hint);
  }

  // "Move it there": the unit goes where the answer sends it.
  const moved = await askThroughPanel('red-1', 1);
  await page.click('#apply');
  st = await pageState();
  const r1b = unitOf(st, 'red-1');
  const dest = moved.drawn.path ? moved.drawn.path.to : moved.drawn.ghost.centre;
  check(near(r1b.centre.x, dest.x, 0.06) && near(r1b.centre.y, dest.y, 0.06) &&
        near(r1b.facing, moved.drawn.ghost.facing, 0.1),
        'move it there puts the unit on its drawn destination and facing',
        `${JSON.stringify(r1b.centre)} ${r1b.facing} vs ${JSON.stringify(dest)} ${moved.drawn.ghost.facing}`);
  check(await page.$eval('#answer', (g) => g.classList.contains('stale')), 'the old answer is faded after a move');

  // An error reply is shown with its code and field.
  await page.evaluate(() => window.solo.select('unit', 'red-1'));
  await setField('#f-weapon', 'blunderbuss');
  await page.selectOption('#ask-unit', 'red-1');
  const asked2 = await page.evaluate(() => window.solo.state.asked);
  await page.click('#ask');
  await page.waitForFunction((n) => window.solo.state.asked > n, asked2);
  const err = await page.$eval('#answer-error', (e) => ({ code: e.dataset.code, field: e.dataset.field, text: e.textContent }));
  check(err.code === 'BAD_REQUEST' && /weapon/.test(err.field) && /blunderbuss/.test(err.text),
        'a bad weapon name comes back as BAD_REQUEST naming the field', JSON.stringify(err));
  check(!(await page.$('#answer')), 'no answer is drawn after an error');

  await sideAndBattle();

  check(pageErrors.length === 0, 'no script errors on the page', pageErrors.join(' | '));
  check(foreign.length === 0, 'the page fetched nothing but from the relay', foreign.join(' '));
}

// ---- the whole side and battles ---------------------------------------------

// Every order drawn for a side, read back from the SVG in table
// centimetres, and the list and figures beside it.
async function readSideOrders() {
  return page.evaluate(() => {
    const depth = window.solo.state.situation.table_depth;
    const cm = (x, y) => ({ x: Number(x), y: depth - Number(y) });
    const drawn = [...document.querySelectorAll('#side-orders g.side-order')].map((g) => {
      const path = g.querySelector('.order-path');
      const ghost = g.querySelector('.order-ghost');
      const pts = ghost.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number))
        .map(([x, y]) => cm(x, y));
      const centre = { x: pts.reduce((a, p) => a + p.x, 0) / 4, y: pts.reduce((a, p) => a + p.y, 0) / 4 };
      const front = { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
      const target = g.querySelector('.order-target');
      return {
        unit_id: g.dataset.unitId, layer: g.dataset.layer, kind: g.dataset.kind, charge: g.dataset.charge === '1',
        colour: getComputedStyle(g.querySelector('.order-ghost')).stroke,
        path: path ? { from: cm(path.getAttribute('x1'), path.getAttribute('y1')),
                       to: cm(path.getAttribute('x2'), path.getAttribute('y2')) } : null,
        ghost: { centre, facing: ((Math.atan2(front.x - centre.x, front.y - centre.y) * 180) / Math.PI + 360) % 360 },
        target_id: target ? target.dataset.targetId : null,
      };
    });
    const listed = [...document.querySelectorAll('#side-orders-list tr.side-order-row')]
      .map((r) => ({ unit_id: r.dataset.unitId, layer: r.dataset.layer, kind: r.dataset.kind,
                     text: r.children[2].firstChild.textContent }));
    const figures = Object.fromEntries([...document.querySelectorAll('#side-figures tr')]
      .map((r) => [r.dataset.name, r.querySelector('td').textContent]));
    const command = [...document.querySelectorAll('#side-command li')].map((li) => li.textContent);
    const alternatives = document.querySelectorAll('#side-alternatives tr.alternative').length;
    return { drawn, listed, figures, command, alternatives, legend: !!document.querySelector('#side-working .legend') };
  });
}

// Ask what `side` does with the panel's settings, and record the question
// (the situation and the AskSide body as sent) and what the page showed.
async function askSideThroughPanel(side, settings) {
  await page.selectOption('#side-strategy', settings.strategy);
  await page.fill('#side-playouts', settings.playouts);
  await page.fill('#side-budget', settings.budget || '');
  await page.fill('#side-seed', settings.seed);
  await page.selectOption('#side-personality', settings.personality || '');
  for (const name of ['aggression', 'caution']) {
    const on = settings[name] !== undefined;
    if (on !== await page.isChecked(`#side-${name}-on`)) await page.click(`#side-${name}-on`);
    if (on) {
      await page.$eval(`#side-${name}`, (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); },
                       String(settings[name]));
    }
  }
  const situation = JSON.parse(await page.evaluate(() => window.solo.situationJSON()));
  const before = await page.evaluate(() => window.solo.state.sideAsked);
  await page.click(side === 'SIDE_RED' ? '#ask-red' : '#ask-blue');
  await page.waitForFunction((n) => window.solo.state.sideAsked > n, before);
  if (await page.$('#side-working #answer-error')) {
    throw new Error(`asking ${side}: ${await page.textContent('#side-working #answer-error')}`);
  }
  const read = await readSideOrders();
  results.sides.push({ side, settings, situation, ...read });
  return read;
}

// The units drawn for the replay's turn now shown, and its log.
async function readReplayTurn() {
  return page.evaluate(() => {
    const depth = Number(document.querySelector('#table-cloth').getAttribute('height'));
    const units = [...document.querySelectorAll('#layer-units g[data-kind="unit"]')].map((g) => {
      const pts = g.querySelector('.unit-body').getAttribute('points').trim().split(/\s+/)
        .map((p) => p.split(',').map(Number)).map(([x, y]) => ({ x, y: depth - y }));
      return { id: g.dataset.id, approx: g.classList.contains('approx'),
               centre: { x: pts.reduce((a, p) => a + p.x, 0) / 4, y: pts.reduce((a, p) => a + p.y, 0) / 4 } };
    });
    return {
      turn: Number(document.querySelector('#replay-label').dataset.turn),
      units,
      terrain: document.querySelectorAll('#layer-terrain g.terrain').length,
      objectives: [...document.querySelectorAll('#layer-objectives circle')].map((c) => c.dataset.id),
      moves: [...document.querySelectorAll('#replay .replay-move')].map((l) => l.dataset.unitId),
      gone: [...document.querySelectorAll('#replay .gone-mark')].map((m) => m.dataset.unitId),
      log: [...document.querySelectorAll('#replay-log li')].map((li) => ({ kind: li.dataset.kind, text: li.textContent })),
    };
  });
}

async function sideAndBattle() {
  // A commander for red beside the farm's red line, set up in the editor.
  await page.selectOption('#examples', '');
  await page.selectOption('#examples', 'farm.json');
  await page.waitForSelector('g[data-id="blue-dragoons"]');
  await page.click('#add-red');
  await clickTable(90, 90);
  await page.selectOption('#f-arm', 'ARM_COMMAND');
  await page.selectOption('#f-quality', 'QUALITY_HERO');
  await setField('#f-weapon', 'pistol');
  for (const [f, v] of [['#f-figures', 2], ['#f-ncos', 0], ['#f-drummers', 1], ['#f-width', 2], ['#f-depth', 2]]) {
    await setField(f, v);
  }
  const red = await askSideThroughPanel('SIDE_RED', { strategy: '', playouts: '400', seed: '11', aggression: 0.7 });
  const layers = new Set(red.drawn.map((o) => o.layer));
  check(red.drawn.length === 4 && red.listed.length === 4, 'every red unit has an order drawn and listed',
        `${red.drawn.length} drawn, ${red.listed.length} listed`);
  check(layers.has('commander') && layers.has('table'), 'orders of both layers drawn', [...layers].join());
  const colours = new Map(red.drawn.map((o) => [o.layer, o.colour]));
  check(colours.get('commander') !== colours.get('table'), 'the layers are drawn in different colours',
        [...colours].join(' '));
  check(red.legend && red.command.length === 1 && red.alternatives > 0,
        'the legend, the command roll and the plans weighed are shown');
  const blue = await askSideThroughPanel('SIDE_BLUE', { strategy: 'table', playouts: '', seed: '5' });
  check(blue.drawn.length === 3 && blue.drawn.every((o) => o.layer === 'table'),
        'blue on the tables alone: three table orders', JSON.stringify(blue.drawn.map((o) => o.layer)));
  await askSideThroughPanel('SIDE_RED', { strategy: 'greedy', playouts: '', seed: '7', personality: 'bold', caution: 0.2 });
  await page.screenshot({ path: path.join(out, 'side.png') });

  // Carry them out: every unit where its drawn order ends.
  await page.click('#side-apply');
  const after = await pageState();
  const last = results.sides[results.sides.length - 1];
  const misplaced = last.drawn.filter((o) => {
    const u = unitOf(after, o.unit_id);
    return !(near(u.centre.x, o.ghost.centre.x, 0.06) && near(u.centre.y, o.ghost.centre.y, 0.06));
  });
  check(misplaced.length === 0, 'carrying out the orders puts every unit where its order was drawn',
        misplaced.map((o) => o.unit_id).join());

  // A battle, played and replayed turn by turn.
  const battle = { scenario: 'farm', blue: 'table', red: 'random', seed: '3', frames: [] };
  await page.selectOption('#battle-scenario', battle.scenario);
  await page.selectOption('#battle-blue', battle.blue);
  await page.selectOption('#battle-red', battle.red);
  await page.fill('#battle-seed', battle.seed);
  const played = await page.evaluate(() => window.solo.state.battles);
  await page.click('#battle-play');
  await page.waitForFunction((n) => window.solo.state.battles > n, played);
  if (await page.$('#battle-working #answer-error')) {
    throw new Error(`the battle: ${await page.textContent('#battle-working #answer-error')}`);
  }
  battle.winner = await page.$eval('#battle-result', (e) => e.dataset.winner);
  battle.turns = Number(await page.$eval('#battle-result', (e) => e.dataset.turns));
  battle.reason = await page.textContent('#battle-reason');
  check(await page.isVisible('#replay-bar'), 'the replay bar is shown after the battle');
  for (let k = 0; ; k++) {
    const frame = await readReplayTurn();
    battle.frames.push(frame);
    if (await page.isDisabled('#replay-next')) break;
    await page.click('#replay-next');
  }
  results.battles.push(battle);
  check(battle.frames.length === battle.turns + 1 && battle.frames.every((f, k) => f.turn === k),
        `the replay steps through the start and ${battle.turns} turns`, String(battle.frames.length));
  check(battle.frames[0].terrain === 5 && battle.frames[0].objectives.length === 2,
        "the scenario's terrain and objectives are drawn", JSON.stringify(battle.frames[0].objectives));
  check(battle.frames.slice(1).some((f) => f.moves.length > 0), 'the moves of a turn are drawn');
  await page.keyboard.press('ArrowLeft');
  check(Number(await page.inputValue('#replay-turn')) === battle.turns - 1, 'the left arrow steps back a turn');
  await page.screenshot({ path: path.join(out, 'battle.png') });

  // The turn shown goes onto the player's table, to edit and ask.
  const shown = await readReplayTurn();
  await page.click('#replay-copy');
  const copied = await pageState();
  check(!(await page.isVisible('#replay-bar')) && copied.situation.units.length === shown.units.length &&
        shown.units.every((d) => {
          const u = unitOf(copied, d.id);
          return u && near(u.centre.x, d.centre.x, 0.01) && near(u.centre.y, d.centre.y, 0.01);
        }), 'put on my table: the units as the replay drew them, editable');

  // A battle of 4 Page Bolivar (seed 003) and one of the 19th Century
  // Europe QRS (seed 004), each played by its ruleset's engine.
  for (const [scenario, ruleset, turns] of [['bol_carabobo', 'Bolivar', 10], ['e19_magenta', 'europe19', 12]]) {
    await page.selectOption('#battle-scenario', scenario);
    await page.selectOption('#battle-blue', 'greedy');
    await page.selectOption('#battle-red', 'table');
    await page.fill('#battle-seed', '2');
    const before = await page.evaluate(() => window.solo.state.battles);
    await page.click('#battle-play');
    await page.waitForFunction((n) => window.solo.state.battles > n, before);
    check(!(await page.$('#battle-working #answer-error')), `a ${ruleset} battle plays`,
          await page.textContent('#battle-working').catch(() => ''));
    const played = Number(await page.$eval('#battle-result', (e) => e.dataset.turns));
    check(played >= 1 && played <= turns && (await page.textContent('#battle-reason')).length > 0,
          `the ${ruleset} battle ends within its ${turns} turns, with its reason`, String(played));
  }

  // The editor in the words of the table's ruleset: 4 Page Bolivar's
  // grades, its guns' "limbered", its troop types, a unit's stands.
  await page.evaluate(() => { window.solo.state.situation.ruleset = 'bolivar'; });
  const someone = (await pageState()).situation.units[0].id;
  await page.evaluate((id) => window.solo.select('unit', id), someone);
  const grades = await page.$$eval('#f-quality option', (os) => os.map((o) => o.textContent));
  check(['raw', 'inferior', 'ordinary', 'superior'].every((g) => grades.includes(g)),
        'the quality offered in the ruleset\'s grades', grades.join());
  await page.selectOption('#f-arm', 'ARM_ARTILLERY');
  const words = await page.$$eval('#f-formation option', (os) => os.map((o) => `${o.value}=${o.textContent}`));
  check(words.includes('FORMATION_COLUMN=limbered') && words.includes('FORMATION_LINE=deployed'),
        'the guns\' formations in the ruleset\'s words', words.join());
  const troops = await page.$$eval('#troop-types option', (os) => os.map((o) => o.value));
  check(troops.includes('gauchos_llaneros') && troops.includes('heavy_gun'), 'its troop types offered', troops.join());
  await setField('#f-stands', '4/4 2/3');
  const stands = unitOf(await pageState(), someone).stands;
  check(stands.length === 2 && stands[1].start === 3 && stands[1].strength === 2,
        'a unit\'s stands written as strength/start', JSON.stringify(stands));
}

try {
  await run();
} catch (e) {
  fail(e.message);
  await page.screenshot({ path: path.join(out, 'failure.png') }).catch(() => {});
}
fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 2));
await browser.close();
console.log(`page: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed ? 1 : 0);
