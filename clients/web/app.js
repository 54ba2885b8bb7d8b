// app.js - the web table: place, move and turn units, edit their state,
// load and save the situation, ask the daemon, draw its answer.
//
// window.solo exposes the page's state and a few calls (ask, load,
// tableToClient, ...) for the console and the end-to-end test.

import { Wire, RemoteError } from './wire.js';
import * as games from './game.js';
import { lengthText, lineOfSight } from './sight.js';
import { rollDie, throwDice, throwName, showRoll } from './dice.js';
import { TableView, STATUS_MARKS } from './draw.js';
import { showWorking, showError, h, headline } from './working.js';
import { askSideBody, showSideOrders } from './side.js';
import { replayFrames, objectivesOfFile } from './battle.js';
import { parseLibconfig, tableOfFile } from './libconfig.js';
import { situationCfg } from './situation_cfg.js';
import {
  emptySituation, newUnit, newTerrain, freeId, findUnit, findTerrain, bearing,
  normaliseFacing, clamp, mm, completeUnit, shortName, orderFacing,
} from './model.js';

const $ = (sel) => document.querySelector(sel);

const state = {
  situation: emptySituation(),
  selected: null,      // { kind: 'unit' | 'terrain', id }
  placing: null,       // { kind: 'unit', side } or { kind: 'terrain', terrain }
  answer: null,        // { unitId, decision, stale }
  sideOrders: null,    // { reply (SideOrders), stale }
  replay: null,        // { result (BattleResult), frames, index, note }
  hello: null,
  busy: false,
  asked: 0,            // questions answered (or failed) so far
  sideAsked: 0,        // AskSide answered (or failed) so far
  battles: 0,          // PlayBattle answered (or failed) so far
  title: '',           // the title of the situation file loaded, kept
  game: null,          // { id, gs (GameState), log, undo } while a game is played
  games: 0,            // game requests answered (or failed) so far
  measuring: false,    // the measuring tool is on
  measure: null,       // { from, to, text } in table cm
  sight: null,         // { from, to, result } the last line of sight
  rolls: 0,            // dice thrown so far
};

let wire = null;
const view = new TableView($('#table'));

// ---- drawing and the side panels ----------------------------------------

function redraw() {
  if (state.replay) {
    const frame = state.replay.frames[state.replay.index];
    view.render({ situation: frame.situation, selected: null, answer: null, sideOrders: null, replayFrame: frame,
                  measure: state.measure });
  } else {
    view.render(state);
  }
  refreshAskUnits();
}

// The situation changed under the answers: keep them drawn, faded.
function edited() {
  if (state.answer) state.answer.stale = true;
  if (state.sideOrders) state.sideOrders.stale = true;
  state.sight = null;
  $('#apply').disabled = true;
  $('#side-apply').disabled = true;
  redraw();
  showGamePending();
}

function refreshAskUnits() {
  const sel = state.selected && state.selected.kind === 'unit' ? state.selected.id : '';
  for (const id of ['#ask-unit', '#sight-from', '#sight-to', '#dice-unit']) {
    const select = $(id);
    const want = select.value || sel;
    select.replaceChildren(...state.situation.units.map((u) => {
      const o = document.createElement('option');
      o.value = u.id;
      o.textContent = `${u.id} (${shortName(u.side)})`;
      return o;
    }));
    if (findUnit(state.situation, want)) select.value = want;
  }
  // the line of sight looks from one unit to another: an enemy by default
  const from = findUnit(state.situation, $('#sight-from').value);
  if (from && $('#sight-to').value === from.id) {
    const other = state.situation.units.find((u) => u.side !== from.side) ||
                  state.situation.units.find((u) => u.id !== from.id);
    if (other) $('#sight-to').value = other.id;
  }
}

function select(kind, id) {
  state.selected = kind ? { kind, id } : null;
  if (kind === 'unit') $('#ask-unit').value = id;
  redraw();
  buildEditor();
}

function setHint(text) { $('#hint').textContent = text || ''; }

// ---- the editors ----------------------------------------------------------

// Each field: [path, type, label]; type is text, int, num, bool or
// enum:<Enum of solo.proto>.
function unitFields() {
  const fields = [
    ['id', 'text', 'id'], ['side', 'enum:Side', 'side'], ['arm', 'enum:Arm', 'arm'],
    ['quality', 'enum:Quality', 'quality'], ['formation', 'enum:Formation', 'formation'],
    ['weapon', 'weapon', 'weapon'], ['troop_type', 'troop', 'troop type'],
    ['stands', 'stands', 'stands (resolve/start)'], ['bayonet', 'bool', 'bayonet'],
    ['figures', 'int', 'figures'], ['wounded', 'int', 'wounded'], ['killed', 'int', 'killed'],
    ['officers', 'int', 'officers'], ['ncos', 'int', 'NCOs'], ['drummers', 'int', 'drummers'],
    ['buglers', 'int', 'buglers'], ['centre.x', 'num', 'x'], ['centre.y', 'num', 'y'],
    ['facing', 'num', 'facing °'], ['width', 'num', 'width'], ['depth', 'num', 'depth'],
    ['platoon', 'text', 'platoon'],
  ];
  const flags = wire.fieldNames('UnitStatus').map((f) => [`status.${f}`, 'bool', f.replace(/_/g, ' ')]);
  const last = [['has_last_enemy_seen', 'bool', 'last enemy seen'],
                ['last_enemy_seen.x', 'num', 'last enemy x'], ['last_enemy_seen.y', 'num', 'last enemy y']];
  return { main: fields, flags, last };
}

// The ruleset of the table being edited, as Hello describes it (null
// before Hello, or for a ruleset the daemon does not serve).
function tableRuleset() {
  const h = state.hello;
  if (!h) return null;
  const name = state.situation.ruleset || h.default_ruleset;
  return h.rulesets.find((r) => r.name === name) || null;
}

// An enum value in the words of the table's ruleset: its own grade names
// ("superior" under 4 Page Bolivar), its words for a formation of the
// unit's arm ("limbered" guns); else the protocol's short name.
function optionText(type, name, target) {
  const rs = tableRuleset();
  if (rs && type === 'enum:Quality') {
    const i = (rs.grade_values || []).indexOf(name);
    if (i >= 0) return rs.grades[i];
  }
  if (rs && type === 'enum:Formation' && target && target.arm) {
    const w = (rs.formation_words || []).find((fw) => fw.arm === target.arm && fw.formation === name);
    if (w) return w.word;
  }
  return shortName(name);
}

// A unit's stands as a player writes them: "4/4 2/3" (strength/start).
function standsText(stands) {
  return (stands || []).map((s) => `${s.strength}/${s.start}`).join(' ');
}

// "4/4 2/3" (or "4 3": a stand at its start) back to stands; null when
// the text is not that.
function parseStands(text) {
  const stands = [];
  for (const part of text.trim().split(/[\s,]+/).filter(Boolean)) {
    const m = /^(\d+)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const strength = Number(m[1]);
    const start = m[2] === undefined ? strength : Number(m[2]);
    if (strength > start) return null;
    stands.push({ start, strength });
  }
  return stands;
}

// The weapons and troop types the inputs offer: the table's ruleset's.
function fillRulesetLists() {
  const rs = tableRuleset();
  if (!rs) return;
  for (const [id, names] of [['weapons', rs.weapons || []], ['troop-types', rs.troop_types || []]]) {
    $(`#${id}`).replaceChildren(...names.map((n) => {
      const o = document.createElement('option');
      o.value = n;
      return o;
    }));
  }
}

function getPath(obj, path) {
  return path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

function setPath(obj, path, value) {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (o[k] == null) o[k] = {};
    o = o[k];
  }
  o[keys[keys.length - 1]] = value;
}

function fieldInput(target, [path, type, label], onChange) {
  const wrap = document.createElement('label');
  wrap.append(label);
  let input;
  const value = getPath(target, path);
  if (type.startsWith('enum:')) {
    input = document.createElement('select');
    for (const name of wire.enumNames(type.slice(5))) {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = optionText(type, name, target);
      input.append(o);
    }
    input.value = value;
  } else if (type === 'bool') {
    input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = !!value;
    wrap.prepend(input);
  } else {
    input = document.createElement('input');
    input.type = type === 'int' || type === 'num' ? 'number' : 'text';
    if (type === 'int') { input.step = '1'; input.min = '0'; }
    if (type === 'num') input.step = 'any';
    if (type === 'weapon') input.setAttribute('list', 'weapons');
    if (type === 'troop') input.setAttribute('list', 'troop-types');
    input.value = type === 'stands' ? standsText(value) : value ?? '';
  }
  input.id = `f-${path.replace(/\./g, '-')}`;
  input.dataset.path = path;
  if (type !== 'bool') wrap.append(input);
  const read = () => {
    if (type === 'bool') return input.checked;
    if (type === 'int') return Math.max(0, parseInt(input.value, 10) || 0);
    if (type === 'num') return Number.isFinite(parseFloat(input.value)) ? parseFloat(input.value) : 0;
    if (type === 'stands') return parseStands(input.value);
    return input.value;
  };
  const event = type === 'bool' || type.startsWith('enum:') || path === 'id' ? 'change' : 'input';
  input.addEventListener(event, () => onChange(path, read(), input));
  return wrap;
}

function buildEditor() {
  const form = $('#editor');
  form.replaceChildren();
  const sel = state.selected;
  const target = sel && (sel.kind === 'unit' ? findUnit(state.situation, sel.id) : findTerrain(state.situation, sel.id));
  if (!target) {
    form.innerHTML = '<p class="hint">Click a unit or a terrain feature.</p>';
    return;
  }
  if (sel.kind === 'unit') buildUnitEditor(form, target);
  else buildTerrainEditor(form, target);
}

function renameOk(input, oldId, newId) {
  if (!newId || (newId !== oldId && [...state.situation.units, ...state.situation.terrain].some((t) => t.id === newId))) {
    input.value = oldId;
    setHint(newId ? `the id "${newId}" is taken` : 'an id cannot be empty');
    return false;
  }
  return true;
}

function buildUnitEditor(form, u) {
  const { main, flags, last } = unitFields();
  fillRulesetLists();
  const onChange = (path, value, input) => {
    if (path === 'id') {
      if (state.game) {
        input.value = u.id;
        setHint('a unit of a game keeps its id: the daemon knows it by it');
        return;
      }
      if (!renameOk(input, u.id, value)) return;
      if (state.answer && state.answer.unitId === u.id) state.answer.unitId = value;
      state.selected.id = value;
    }
    if (path === 'facing') value = normaliseFacing(value);
    if (path === 'stands' && value === null) {
      input.setCustomValidity('stands as strength/start, e.g. "4/4 2/3"');
      input.reportValidity();
      return;
    }
    if (path === 'stands') input.setCustomValidity('');
    if (path === 'arm') {
      setPath(u, path, value);
      edited();
      buildEditor();                  // its formations' words follow its arm
      return;
    }
    if (path.startsWith('last_enemy_seen.') && !u.last_enemy_seen) u.last_enemy_seen = { x: 0, y: 0 };
    setPath(u, path, value);
    edited();
  };
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (const f of main) grid.append(fieldInput(u, f, onChange));
  const flagBox = document.createElement('div');
  flagBox.className = 'flags';
  for (const f of flags) flagBox.append(fieldInput(u, f, onChange));
  const lastGrid = document.createElement('div');
  lastGrid.className = 'grid';
  for (const f of last) lastGrid.append(fieldInput(u, f, onChange));
  const h = document.createElement('h3');
  h.textContent = `Unit ${u.id}`;
  form.append(h, grid, flagBox, lastGrid);
}

function polygonText(t) { return t.polygon.map((p) => `${mm(p.x)},${mm(p.y)}`).join('  '); }

function buildTerrainEditor(form, t) {
  const onChange = (path, value, input) => {
    if (path === 'id') {
      if (!renameOk(input, t.id, value)) return;
      state.selected.id = value;
    }
    setPath(t, path, value);
    edited();
  };
  const h = document.createElement('h3');
  h.textContent = `Terrain ${t.id}`;
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (const f of [['id', 'text', 'id'], ['kind', 'enum:TerrainKind', 'kind'], ['cover', 'enum:Cover', 'cover']]) {
    grid.append(fieldInput(t, f, onChange));
  }
  const label = document.createElement('label');
  label.textContent = 'corners (x,y in cm)';
  const area = document.createElement('textarea');
  area.id = 'f-polygon';
  area.rows = 3;
  area.value = polygonText(t);
  area.addEventListener('change', () => {
    const pts = area.value.trim().split(/\s+/).map((s) => s.split(',').map(Number));
    if (pts.length < 3 || pts.some((p) => p.length !== 2 || !p.every(Number.isFinite))) {
      setHint('corners: at least three "x,y" pairs separated by spaces');
      area.value = polygonText(t);
      return;
    }
    t.polygon = pts.map(([x, y]) => ({ x, y }));
    edited();
  });
  form.append(h, grid, label, area);
}

function buildTableEditor() {
  const form = $('#table-editor');
  form.replaceChildren();
  const sit = state.situation;
  const grid = document.createElement('div');
  grid.className = 'grid';
  const onChange = (path, value) => {
    if (value > 0) setPath(sit, path, value);
    edited();
  };
  grid.append(fieldInput(sit, ['table_width', 'num', 'width cm'], onChange),
              fieldInput(sit, ['table_depth', 'num', 'depth cm'], onChange));
  const label = document.createElement('label');
  label.append('ruleset');
  const rs = document.createElement('select');
  rs.id = 'f-ruleset';
  const rulesets = state.hello ? state.hello.rulesets : [];
  for (const [value, text] of [['', "daemon's default"], ...rulesets.map((r) => [r.name, r.name])]) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    rs.append(o);
  }
  rs.value = sit.ruleset || '';
  rs.addEventListener('change', () => { sit.ruleset = rs.value; edited(); buildEditor(); fillDice(); });
  label.append(rs);
  grid.append(label);
  form.append(grid);
}

// Refresh the x, y and facing inputs while a unit is dragged or turned.
function refreshPosition(u) {
  for (const [id, v] of [['#f-centre-x', u.centre.x], ['#f-centre-y', u.centre.y], ['#f-facing', u.facing]]) {
    const input = $(id);
    if (input) input.value = v;
  }
  const poly = $('#f-polygon');
  if (poly && state.selected && state.selected.kind === 'terrain') {
    poly.value = polygonText(findTerrain(state.situation, state.selected.id));
  }
}

// ---- measuring and line of sight -------------------------------------------

// A measure from `from` to `to` (table cm) with its length in the words
// of the table's ruleset: "4.8 in (12.2 cm)".
function measured(from, to) {
  const cm = Math.hypot(to.x - from.x, to.y - from.y);
  return { from, to, cm, text: lengthText(cm, tableRuleset()) };
}

function setMeasuring(on) {
  state.measuring = on;
  $('#measure').setAttribute('aria-pressed', on ? 'true' : 'false');
  $('#measure').classList.toggle('active', on);
  setHint(on ? 'drag on the table to measure (Esc: stop)' : '');
}

// Can the unit chosen in "From" see the one in "to"?  The line drawn on
// the table and the verdict beside it, by the ruleset's terrain rules.
function checkSight(fromId = $('#sight-from').value, toId = $('#sight-to').value) {
  const a = findUnit(state.situation, fromId), b = findUnit(state.situation, toId);
  const box = $('#sight-result');
  if (a) $('#sight-from').value = a.id;
  if (b) $('#sight-to').value = b.id;
  if (!a || !b || a === b) {
    box.replaceChildren(h('p', { class: 'hint' }, 'choose two different units'));
    return null;
  }
  const rs = tableRuleset();
  const result = lineOfSight(state.situation, a, b, rs);
  state.sight = { from: a.id, to: b.id, result, text: lengthText(result.distance, rs) };
  const verdict = result.blocked ? `blocked by ${result.by.join(', ')}` : 'clear';
  box.replaceChildren(...[
    h('p', { id: 'sight-verdict', class: `verdict ${result.blocked ? 'blocked' : 'clear'}`,
             'data-blocked': result.blocked ? 1 : 0, 'data-by': result.by.join(' '),
             'data-distance': result.distance.toFixed(2) },
      `${a.id} → ${b.id}: ${verdict}`),
    h('p', {}, `${state.sight.text}, centre to centre.${result.reason ? ` ${result.reason}.` : ''}`),
    result.crossed.length ? h('ul', { id: 'sight-crossed' }, result.crossed.map((c) => h('li', { 'data-id': c.id },
      `${c.id} (${shortName(c.kind)}): ${c.length.toFixed(1)} cm of the line, ${c.effect}`))) : h('p', {}, 'No terrain on the line.'),
    h('p', { class: 'why' }, 'One line between the units\' centres, by the ruleset\'s terrain rules; the daemon also ' +
      'looks from corner to corner and hides figures deep in terrain, so it may see less.'),
  ]);
  if (state.game) logEntry('sight', `line of sight ${a.id} → ${b.id}: ${verdict} (${state.sight.text})`);
  redraw();
  return result;
}

// ---- pointer and keyboard on the table -------------------------------------

let drag = null;   // { kind, id, start, origin, rotate }

function inTable(p) {
  return { x: mm(clamp(p.x, 0, state.situation.table_width)),
           y: mm(clamp(p.y, 0, state.situation.table_depth)) };
}

function onPointerDown(ev) {
  if (ev.button !== 0) return;
  const p = view.clientToTable(ev.clientX, ev.clientY);
  if (state.measuring) {
    state.measure = measured(p, p);
    drag = { kind: 'measure', moved: false };
    view.svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
    redraw();
    return;
  }
  if (state.placing && !state.replay) {
    place(inTable(p));
    ev.preventDefault();
    return;
  }
  if (ev.target.id === 'rotate-handle' && !state.replay) {
    drag = { kind: 'unit', id: ev.target.dataset.unitId, rotate: true };
  } else {
    // A replay is only looked at: everything pans it.
    const g = state.replay ? null : ev.target.closest('g[data-kind="unit"], g[data-kind="terrain"]');
    if (!g) {
      // The cloth or the margin: deselect, and drag to pan.
      if (state.selected) select(null);
      drag = { kind: 'pan', start: { x: ev.clientX, y: ev.clientY },
               box: view.box(state.situation), perUnit: view.svg.getScreenCTM().a };
      drag.moved = false;
      view.svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      return;
    }
    const kind = g.dataset.kind, id = g.dataset.id;
    if (!state.selected || state.selected.kind !== kind || state.selected.id !== id) select(kind, id);
    const obj = kind === 'unit' ? findUnit(state.situation, id) : findTerrain(state.situation, id);
    drag = { kind, id, start: p, rotate: false,
             origin: kind === 'unit' ? { ...obj.centre } : obj.polygon.map((q) => ({ ...q })) };
  }
  drag.moved = false;
  view.svg.setPointerCapture(ev.pointerId);
  ev.preventDefault();
}

function onPointerMove(ev) {
  if (!drag) return;
  if (drag.kind === 'measure') {
    state.measure = measured(state.measure.from, view.clientToTable(ev.clientX, ev.clientY));
    redraw();
    return;
  }
  if (drag.kind === 'pan') {
    const dx = (ev.clientX - drag.start.x) / drag.perUnit, dy = (ev.clientY - drag.start.y) / drag.perUnit;
    view.zoom = { ...drag.box, x: drag.box.x - dx, y: drag.box.y - dy };
    redraw();
    return;
  }
  const p = view.clientToTable(ev.clientX, ev.clientY);
  if (drag.kind === 'unit') {
    const u = findUnit(state.situation, drag.id);
    if (!u) return;
    if (drag.rotate) {
      const step = ev.shiftKey ? 15 : 1;
      u.facing = normaliseFacing(Math.round(bearing(u.centre, p) / step) * step);
    } else {
      u.centre = inTable({ x: drag.origin.x + p.x - drag.start.x, y: drag.origin.y + p.y - drag.start.y });
    }
    refreshPosition(u);
  } else {
    const t = findTerrain(state.situation, drag.id);
    const dx = p.x - drag.start.x, dy = p.y - drag.start.y;
    t.polygon = drag.origin.map((q) => ({ x: mm(q.x + dx), y: mm(q.y + dy) }));
    refreshPosition(null);
  }
  drag.moved = true;
  edited();
}

function onPointerUp(ev) {
  if (!drag) return;
  view.svg.releasePointerCapture(ev.pointerId);
  drag = null;
}

function onDoubleClick(ev) {
  if (state.replay) return;
  // With the pointer captured by the table, the event's target is the
  // table itself: look at what is under the pointer.
  const hit = document.elementFromPoint(ev.clientX, ev.clientY);
  const g = hit && hit.closest('g[data-kind="unit"]');
  if (!g) return;
  $('#ask-unit').value = g.dataset.id;
  ask();
}

// The wheel turns the selected unit under the pointer, else zooms.
function onWheel(ev) {
  const sel = state.replay ? null : state.selected;
  const overSelected = sel && sel.kind === 'unit' && ev.target.closest(`g[data-kind="unit"][data-id="${CSS.escape(sel.id)}"]`);
  if (!overSelected) {
    view.zoomAt(state.situation, ev.clientX, ev.clientY, ev.deltaY > 0 ? 1.15 : 1 / 1.15);
    redraw();
    ev.preventDefault();
    return;
  }
  const u = findUnit(state.situation, sel.id);
  u.facing = normaliseFacing(u.facing + (ev.deltaY > 0 ? 5 : -5));
  refreshPosition(u);
  edited();
  ev.preventDefault();
}

function onKey(ev) {
  if (ev.target.closest('input, select, textarea')) return;
  if (ev.key === 'm' || ev.key === 'M') { setMeasuring(!state.measuring); ev.preventDefault(); return; }
  if (ev.key === 'Escape' && (state.measuring || state.measure)) {
    setMeasuring(false);
    state.measure = null;
    redraw();
  }
  if (state.replay) {
    if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
      showTurn(state.replay.index + (ev.key === 'ArrowRight' ? 1 : -1));
      ev.preventDefault();
    }
    return;
  }
  const sel = state.selected;
  if (ev.key === 'Escape') { state.placing = null; setHint(''); return; }
  if (!sel) return;
  if (ev.key === 'Delete' || ev.key === 'Backspace') { removeSelected(); ev.preventDefault(); return; }
  if (sel.kind !== 'unit') return;
  const u = findUnit(state.situation, sel.id);
  const step = ev.shiftKey ? 5 : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
  if (moves[ev.key]) {
    u.centre = inTable({ x: u.centre.x + moves[ev.key][0], y: u.centre.y + moves[ev.key][1] });
  } else if (ev.key === 'q' || ev.key === 'e') {
    u.facing = normaliseFacing(u.facing + (ev.key === 'e' ? 5 : -5) * (ev.shiftKey ? 3 : 1));
  } else {
    return;
  }
  ev.preventDefault();
  refreshPosition(u);
  edited();
}

// ---- placing, deleting, loading and saving --------------------------------

function startPlacing(what) {
  state.placing = what;
  setHint(`click on the table to place the new ${what.kind === 'unit' ? `${shortName(what.side)} unit` : shortName(what.terrain)}` +
          ' (Esc: cancel)');
}

function place(p) {
  const what = state.placing;
  state.placing = null;
  setHint('');
  if (what.kind === 'unit') {
    const id = freeId(state.situation, shortName(what.side));
    state.situation.units.push(newUnit(id, what.side, p.x, p.y));
    select('unit', id);
  } else {
    const id = freeId(state.situation, shortName(what.terrain).replace(/ /g, '-'));
    state.situation.terrain.push(newTerrain(id, what.terrain, p.x, p.y));
    select('terrain', id);
  }
  edited();
}

function removeSelected() {
  const sel = state.selected;
  if (!sel) return;
  const list = sel.kind === 'unit' ? state.situation.units : state.situation.terrain;
  const i = list.findIndex((t) => t.id === sel.id);
  if (i >= 0) list.splice(i, 1);
  if (state.answer && state.answer.unitId === sel.id) state.answer = null;
  select(null);
  edited();
}

// Put a Situation (plain object in the protocol's JSON mapping) on the
// table.  Throws when it is not one.
function loadSituation(object) {
  const sit = wire.normalise('Situation', object);
  if (state.game) {
    setHint(`left game ${state.game.id}: it stays open in the daemon (Resume)`);
    leaveGame();
  }
  state.title = '';
  if (state.replay) leaveReplay();
  if (!(sit.table_width > 0 && sit.table_depth > 0)) {
    throw new Error('the table needs a width and a depth above 0');
  }
  sit.units.forEach(completeUnit);
  state.situation = sit;
  view.zoom = null;
  state.answer = null;
  state.sideOrders = null;
  $('#side-apply').disabled = true;
  state.selected = null;
  $('#apply').disabled = true;
  $('#working').innerHTML = '<p class="hint">Situation loaded: pick a unit and ask.</p>';
  $('#ask-unit').value = '';
  state.measure = null;
  state.sight = null;
  redraw();
  buildEditor();
  buildTableEditor();
  fillDice();
}

function situationJSON() {
  return JSON.stringify(wire.normalise('Situation', state.situation), null, 2);
}

// The situation as a situation file (libconfig), as `solo ask
// --situation` reads it, with the title the table was loaded with.
function situationText() {
  const sit = wire.normalise('Situation', state.situation);
  // a file names its ruleset: the daemon's default when the table names none
  if (!sit.ruleset) sit.ruleset = (state.hello && state.hello.default_ruleset) || 'skirmish19';
  return situationCfg(wire, sit, state.title);
}

function download(text, name, type) {
  const blob = new Blob([text], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function save() {
  download(situationJSON() + '\n', 'situation.json', 'application/json');
}

function saveCfg() {
  try {
    download(situationText(), 'situation.cfg', 'text/plain');
  } catch (e) {
    setHint(`cannot write the situation file: ${e.message}`);
  }
}

// A situation file's text as a Situation, read by the daemon (a game
// opened from it and closed at once: the one reader of the format), and
// its title.  Errors name the file where the daemon says situation_text.
async function situationOfCfg(text, name) {
  let opened;
  try {
    opened = await wire.request('open_game', { situation_text: text });
  } catch (e) {
    const detail = e instanceof RemoteError ? e.detail : e.message;
    throw new Error(String(detail).replace(/\bsituation_text\b/g, name));
  }
  const game = opened.body;
  await wire.request('close_game', { game_id: game.game_id }).catch(() => {});
  return { situation: game.situation, title: game.title };
}

// A .json file in the protocol's JSON mapping, or a situation file (.cfg,
// or any text that is not JSON), as solo reads it.
async function loadFile(file) {
  try {
    const text = await file.text();
    if (/\.cfg$/i.test(file.name) || !text.trimStart().startsWith('{')) {
      const { situation, title } = await situationOfCfg(text, file.name);
      loadSituation(situation);
      state.title = title && title !== 'situation' ? title : '';
    } else {
      loadSituation(JSON.parse(text));
    }
    setHint(`loaded ${file.name}`);
  } catch (e) {
    setHint(`${file.name}: ${e.message}`);
  }
}

async function loadExample(name) {
  if (!name) return;
  try {
    const r = await fetch(`/situations/${encodeURIComponent(name)}`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    loadSituation(await r.json());
    setHint(`example ${name}`);
  } catch (e) {
    setHint(`example ${name}: ${e.message}`);
  }
}

// ---- asking ---------------------------------------------------------------

// Ask the daemon what `unitId` does; the roll is the player's die (1..6)
// or 0 for the daemon's; seed a decimal string or ''.  Resolves to the
// UnitDecision, or to null after showing the error.
async function ask(unitId = $('#ask-unit').value, roll = Number($('#ask-roll').value),
                   seed = $('#ask-seed').value.trim()) {
  if (!unitId) { setHint('place a unit first'); return null; }
  if (seed && !/^\d+$/.test(seed)) { setHint('the seed is a whole number'); return null; }
  if (state.game && unreported()) return null;
  state.busy = true;
  document.body.classList.add('busy');
  $('#ask').disabled = true;
  try {
    let decision;
    if (state.game) {
      const body = { game_id: state.game.id, unit_id: unitId };
      if (roll) { body.roll = roll; body.has_roll = true; }
      if (seed) { body.has_seed = true; body.seed = seed; }
      logEntry('ask', `asked what ${unitId} does${roll ? `, your die ${roll}` : ''}`);
      decision = (await wire.request('ask_unit', body)).body;
      const geo = decision.geometry || {};
      logEntry('answer', `${unitId}: ${headline(decision)}${decision.charge ? ' — CHARGE!' : ''}`,
               `RF ${decision.rf}, die ${decision.roll}${decision.roll_from_player ? ' (yours)' : ''}` +
               `${geo.has_destination ? `; moves ${lengthText(geo.move_distance || 0, tableRuleset())}` : ''}` +
               `${decision.morale ? `; ${decision.morale}` : ''}`);
    } else {
      decision = await wire.askUnit(state.situation, unitId, roll, seed || null);
    }
    state.answer = { unitId, decision, stale: false };
    state.sideOrders = null;
    $('#side-apply').disabled = true;
    showWorking($('#working'), decision);
    $('#apply').disabled = false;
    redraw();
    return decision;
  } catch (e) {
    state.answer = null;
    showError($('#working'), e instanceof RemoteError ? e : { message: e.message });
    if (state.game) logEntry('refused', `no answer for ${unitId}: ${e.detail || e.message}`);
    redraw();
    return null;
  } finally {
    state.busy = false;
    state.asked += 1;
    document.body.dataset.asked = String(state.asked);   // for tests
    $('#ask').disabled = false;
    document.body.classList.remove('busy');
  }
}

// Move the asked unit where the answer sends it, facing as it says.
function applyAnswer() {
  if (!state.answer || state.answer.stale) return;
  const u = findUnit(state.situation, state.answer.unitId);
  const geo = state.answer.decision.geometry || {};
  if (!u) return;
  if (geo.has_destination && geo.destination) u.centre = inTable(geo.destination);
  if (typeof geo.facing === 'number') u.facing = normaliseFacing(geo.facing);
  select('unit', u.id);
  edited();
}

// ---- the whole side: AskSide ----------------------------------------------

function sideSettings() {
  const slider = (name) => ($(`#side-${name}-on`).checked ? $(`#side-${name}`).value : null);
  return {
    strategy: $('#side-strategy').value,
    budgetMs: $('#side-budget').value.trim(),
    playouts: $('#side-playouts').value.trim(),
    personality: $('#side-personality').value,
    difficulty: $('#side-difficulty').value,
    aggression: slider('aggression'),
    caution: slider('caution'),
    seed: $('#side-seed').value.trim(),
  };
}

// What does `side` ("SIDE_RED", "SIDE_BLUE") do this turn in the
// situation on the table?  Draws every unit's order and shows the list and
// the search's figures; resolves to the SideOrders, or null after showing
// the error.
async function askSide(side) {
  let body;
  try {
    body = askSideBody(state.situation, side, sideSettings());
  } catch (e) {
    setHint(e.message);
    return null;
  }
  if (state.game) {
    if (unreported()) return null;
    delete body.situation;
    body.game_id = state.game.id;
    logEntry('side', `asked what ${shortName(side)} does (${body.strategy || 'search'})`);
  }
  document.body.classList.add('busy');
  for (const b of document.querySelectorAll('.primary-side')) b.disabled = true;
  try {
    const r = await wire.request('ask_side', body);
    state.sideOrders = { reply: r.body, stale: false };
    state.answer = null;
    $('#apply').disabled = true;
    showSideOrders($('#side-working'), r.body);
    $('#side-apply').disabled = false;
    if (state.game) {
      for (const o of r.body.orders || []) {
        logEntry('order', `${o.unit_id} (${o.layer}): ${o.tabletop || o.text}`, o.why || '');
      }
    }
    redraw();
    return r.body;
  } catch (e) {
    state.sideOrders = null;
    showError($('#side-working'), e instanceof RemoteError ? e : { message: e.message });
    if (state.game) logEntry('refused', `no orders for ${shortName(side)}: ${e.detail || e.message}`);
    redraw();
    return null;
  } finally {
    state.sideAsked += 1;
    document.body.dataset.sideAsked = String(state.sideAsked);   // for tests
    for (const b of document.querySelectorAll('.primary-side')) b.disabled = false;
    document.body.classList.remove('busy');
  }
}

// Move every unit as its order says: to its destination, facing as the
// order leaves it.
function applySideOrders() {
  if (!state.sideOrders || state.sideOrders.stale) return;
  if (state.game) {
    carryOut();
    return;
  }
  for (const o of state.sideOrders.reply.orders) {
    const u = findUnit(state.situation, o.unit_id);
    if (!u) continue;
    const facing = orderFacing(o, u);
    if (o.has_destination && o.destination) u.centre = inTable(o.destination);
    u.facing = normaliseFacing(facing);
  }
  edited();
}

// ---- a game the daemon keeps --------------------------------------------------

function statusFlags() { return wire.fieldNames('UnitStatus'); }

// The table of a game as it stands: its situation, without the units out
// of play.
function gameTable(gs) {
  const sit = wire.normalise('Situation', gs.situation);
  const removed = new Set(gs.removed || []);
  sit.units = sit.units.filter((u) => !removed.has(u.id)).map(completeUnit);
  return sit;
}

// Keep the game id, its log, the undo batches and the view where a reload
// finds them.
function autosave() {
  if (!state.game) {
    games.save(window.localStorage, null);
    return;
  }
  games.save(window.localStorage, {
    game_id: state.game.id, log: state.game.log, undo: state.game.undo,
    view: { zoom: view.zoom, selected: state.selected },
  });
}

// One line of the turn log, under the turn the game is at.
function logEntry(kind, text, detail = '') {
  if (!state.game) return;
  state.game.log.push({ turn: state.game.gs.turn, kind, text, detail });
  games.showLog($('#game-log'), state.game.log);
  autosave();
}

// What changed on the table since the game's state, as updates.
function pendingChanges() {
  return games.tableChanges(state.game.gs, state.situation, statusFlags());
}

// True (after saying so) when the table holds changes not reported yet:
// a question or an order is about the game as the daemon has it.
function unreported() {
  const n = pendingChanges().units.length;
  if (!n) return false;
  setHint(`${n} change${n > 1 ? 's' : ''} on the table not reported yet: Report what happened first, or Revert`);
  return true;
}

function showGamePending() {
  if (!state.game) return;
  const { units, notes } = pendingChanges();
  const p = $('#game-pending');
  p.dataset.count = String(units.length);
  p.textContent = units.length
    ? `To report: ${units.map(games.updateWords).join('; ')}` : 'The table is as the game stands.';
  if (notes.length) p.append(h('div', { class: 'why' }, notes.join('; ')));
  const last = state.game.undo[state.game.undo.length - 1];
  $('#game-undo').disabled = !last || String(last.sequence) !== String(state.game.gs.sequence);
}

// Put the game's table on the page as it stands, the view kept.
function showGameTable() {
  const gs = state.game.gs;
  state.situation = gameTable(gs);
  state.title = gs.title || '';
  if (state.selected && !(state.selected.kind === 'unit' ? findUnit(state.situation, state.selected.id)
    : findTerrain(state.situation, state.selected.id))) state.selected = null;
  $('#game-now').hidden = false;
  $('#game-headline').textContent = games.gameHeadline(gs);
  $('#game-headline').dataset.turn = String(gs.turn);
  $('#game-headline').dataset.sequence = String(gs.sequence);
  games.showLog($('#game-log'), state.game.log);
  redraw();
  buildEditor();
  buildTableEditor();
  fillDice();
  showGamePending();
  document.body.dataset.gameId = gs.game_id;
}

// Play game `gs` (a GameState) from now on, with its log and undo
// batches (a resumed game's).
function enterGame(gs, log = [], undo = []) {
  if (state.replay) leaveReplay();
  state.game = { id: gs.game_id, gs, log, undo };
  state.answer = null;
  state.sideOrders = null;
  state.sight = null;
  $('#apply').disabled = true;
  $('#side-apply').disabled = true;
  $('#game-message').replaceChildren();
  view.zoom = null;
  showGameTable();
  autosave();
}

function leaveGame() {
  state.game = null;
  $('#game-now').hidden = true;
  delete document.body.dataset.gameId;
  autosave();
}

// A game request: resolves to the reply's body, or null after showing
// the daemon's refusal in the game panel, naming the unit it is about.
async function gameRequest(bodyName, body, units = []) {
  document.body.classList.add('busy');
  try {
    const r = await wire.request(bodyName, body);
    $('#game-message').replaceChildren();
    return r.body;
  } catch (e) {
    const err = e instanceof RemoteError ? e : { message: e.message };
    const who = games.refusedUnit(err.field, units);
    showError($('#game-message'), err);
    const box = $('#game-message #answer-error');
    box.id = 'game-error';
    if (who) {
      box.dataset.unitId = who.unitId;
      box.prepend(h('b', { class: 'refused-unit' }, `${who.unitId}${who.what ? ` (${who.what})` : ''} — `));
    }
    if (state.game) {
      logEntry('refused', `refused: ${who ? `${who.unitId}${who.what ? ` (${who.what})` : ''}: ` : ''}${err.detail || err.message}`);
    }
    return null;
  } finally {
    state.games += 1;
    document.body.dataset.games = String(state.games);   // for tests
    document.body.classList.remove('busy');
  }
}

// The game as the daemon has it now (ShowGame), on the table.
async function refreshGame() {
  const gs = await gameRequest('show_game', { game_id: state.game.id });
  if (!gs) return null;
  state.game.gs = gs;
  showGameTable();
  autosave();
  return gs;
}

// Report `units` (UnitUpdates) and/or a new turn; the log says `text`.
// Resolves to the UpdateAccepted, or null when refused.
async function sendUpdate(units, nextTurn, kind, text) {
  const accepted = await gameRequest('report_update', { game_id: state.game.id, units, next_turn: nextTurn }, units);
  if (!accepted) return null;
  const warnings = (accepted.warnings || []).join('; ');
  if (nextTurn) await refreshGame();
  logEntry(kind, `${text} (update ${accepted.sequence})`,
           [units.map(games.updateWords).join('; '), warnings].filter(Boolean).join(' — '));
  if (!nextTurn) await refreshGame();
  return accepted;
}

// Send what the player changed on the table: moves, losses, stands,
// status, units taken off.
async function reportChanges() {
  const { units, notes } = pendingChanges();
  if (!units.length) {
    setHint(notes.length ? notes.join('; ') : 'nothing to report: the table is as the game stands');
    return null;
  }
  return sendUpdate(units, false, 'report', `reported ${units.length} unit${units.length > 1 ? 's' : ''}`);
}

// Carry out the army's orders on the game: one update with every unit
// where its order ends; its inverse kept for Undo.
async function carryOut() {
  if (unreported()) return null;
  const reply = state.sideOrders.reply;
  const { forward, back } = games.ordersUpdate(reply.orders || [], gameTable(state.game.gs).units, orderFacing, inTable);
  if (!forward.length) {
    setHint('no unit moves or turns by these orders');
    return null;
  }
  const side = shortName(reply.side);
  const accepted = await sendUpdate(forward, false, 'carry', `carried out ${side}'s orders: ` +
    `${forward.length} unit${forward.length > 1 ? 's' : ''} moved or turned`);
  if (!accepted) return null;
  state.game.undo.push({ sequence: String(accepted.sequence), turn: accepted.turn, side, back });
  const formations = (reply.orders || []).filter((o) => o.has_formation).map((o) => o.unit_id);
  if (formations.length) {
    setHint(`change the formation of ${formations.join(', ')} on your table: a report carries no formation`);
  }
  if (state.sideOrders) state.sideOrders.stale = true;
  $('#side-apply').disabled = true;
  showGamePending();
  autosave();
  redraw();
  return accepted;
}

// Undo the last carried-out orders: their units reported back where they
// stood (a new update: the daemon keeps no undo of its own).
async function undoCarry() {
  const last = state.game.undo[state.game.undo.length - 1];
  if (!last || String(last.sequence) !== String(state.game.gs.sequence)) {
    setHint('only the carried-out orders of the last update can be undone');
    return null;
  }
  if (unreported()) return null;
  const accepted = await sendUpdate(last.back, false, 'undo', `undid ${last.side}'s orders of update ${last.sequence}`);
  if (accepted) {
    state.game.undo.pop();
    showGamePending();
    autosave();
  }
  return accepted;
}

async function nextTurn() {
  if (unreported()) return null;
  const from = state.game.gs.turn;
  return sendUpdate([], true, 'next', `turn ${from + 1} begins`);
}

async function openGame(body, what) {
  const gs = await gameRequest('open_game', body);
  if (!gs) return null;
  enterGame(gs);
  logEntry('open', `opened game ${gs.game_id} ${what}: ${gs.units.length} units, ${gs.turns} turns`,
           (gs.warnings || []).join('; '));
  listGames();
  return gs;
}

async function openFromTable() {
  const turns = $('#game-turns').value.trim();
  if (turns && !/^\d+$/.test(turns)) { setHint('turns: a whole number'); return null; }
  const body = { situation: wire.normalise('Situation', state.situation) };
  if (turns) body.turns = Number(turns);
  return openGame(body, 'from the table');
}

async function openScenario(name = $('#game-scenario').value) {
  return openGame({ scenario: name }, `of the scenario ${name}`);
}

// The games the daemon keeps, in the panel's list.
async function listGames() {
  const list = await gameRequest('list_games', {});
  if (!list) return [];
  const select = $('#game-list');
  const keep = select.value;
  select.replaceChildren(...list.games.map((g) => {
    const o = document.createElement('option');
    o.value = g.game_id;
    o.textContent = `${g.game_id}: ${g.title || g.scenario}, turn ${g.turn}, ${g.units} units`;
    return o;
  }));
  if (list.games.some((g) => g.game_id === keep)) select.value = keep;
  else if (state.game) select.value = state.game.id;
  return list.games;
}

async function resumeGame(id = $('#game-list').value, saved = null) {
  if (!id) { setHint('choose a game to resume (List shows them)'); return null; }
  const gs = await gameRequest('show_game', { game_id: id });
  if (!gs) return null;
  enterGame(gs, saved ? saved.log || [] : [], saved ? saved.undo || [] : []);
  logEntry('resume', saved ? `resumed after a reload, at update ${gs.sequence}` : `resumed game ${id} at update ${gs.sequence}`);
  return gs;
}

async function closeGame() {
  const id = state.game.id;
  const closed = await gameRequest('close_game', { game_id: id });
  if (!closed) return null;
  leaveGame();
  setHint(`game ${id} closed after ${closed.sequence} updates`);
  listGames();
  return closed;
}

// The game saved before a reload, resumed from the daemon as it stands.
async function resumeSaved() {
  const saved = games.loadSaved(window.localStorage);
  if (!saved) return null;
  const gs = await resumeGame(saved.game_id, saved);
  if (!gs) {
    games.save(window.localStorage, null);
    setHint(`the game ${saved.game_id} saved before the reload is no longer open`);
    return null;
  }
  if (saved.view) {
    view.zoom = saved.view.zoom || null;
    if (saved.view.selected) select(saved.view.selected.kind, saved.view.selected.id);
    redraw();
  }
  return gs;
}

// ---- the player's dice ------------------------------------------------------

// The throws of the table's ruleset in the dice panel.
function fillDice() {
  const rs = tableRuleset();
  const throws = (rs && rs.throws) || [];
  const select = $('#dice-throw');
  const keep = select.value;
  select.replaceChildren(...throws.map((t, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = throwName(t);
    o.title = t.text;
    return o;
  }));
  if (keep && Number(keep) < throws.length) select.value = keep;
  else diceThrowChosen();
  $('#dice-box summary').textContent = rs ? `Dice — ${rs.title || rs.name}` : 'Dice';
}

function diceThrowChosen() {
  const rs = tableRuleset();
  const t = rs && rs.throws && rs.throws[Number($('#dice-throw').value)];
  $('#dice-score').value = t && t.score ? String(t.score) : '';
}

// Throw the chosen throw's dice; resolves to the faces.
function rollThrow() {
  const rs = tableRuleset();
  const t = rs && rs.throws && rs.throws[Number($('#dice-throw').value)];
  if (!t) { setHint('the daemon gives no dice for this ruleset'); return null; }
  const count = Math.max(1, Math.min(200, parseInt($('#dice-count').value, 10) || 1));
  const score = parseInt($('#dice-score').value, 10) || 0;
  const mod = parseInt($('#dice-mod').value, 10) || 0;
  const faces = throwDice(count, t.sides);
  const hits = showRoll($('#dice-result'), t, faces, score, mod);
  state.rolls += 1;
  document.body.dataset.rolls = String(state.rolls);
  if (state.game) {
    logEntry('dice', `threw ${count}D${t.sides} for ${t.action}, ${t.step}: ${faces.join(' ')}` +
             `${hits === null ? '' : ` — ${hits} score ${score}+`}`);
  }
  // the throw that follows in the same action (skirmish19's damage after
  // the hits), for as many dice as there were hits
  const i = Number($('#dice-throw').value);
  const next = rs.throws[i + 1];
  if (hits && next && next.action === t.action) {
    $('#dice-result').append(h('p', {}, h('button', { id: 'dice-next', type: 'button' },
      `Then ${next.step}: ${hits}D${next.sides}`)));
    $('#dice-next').addEventListener('click', () => {
      $('#dice-throw').value = String(i + 1);
      diceThrowChosen();
      $('#dice-count').value = String(hits);
      rollThrow();
    });
  }
  return { sides: t.sides, faces, hits };
}

// A D6 for the unit's actions table: reported to the game (an AskUnit on
// the game without a die of its own uses it), else set as the die to ask
// with.
async function rollActionsDie(unitId = $('#dice-unit').value) {
  if (!unitId) { setHint('place a unit first'); return null; }
  const face = rollDie(6);
  state.rolls += 1;
  document.body.dataset.rolls = String(state.rolls);
  $('#ask-unit').value = unitId;
  $('#dice-result').replaceChildren(h('p', { id: 'dice-headline', class: 'verdict', 'data-sides': 6, 'data-face': face },
    `D6 for ${unitId}'s actions table: ${face}`));
  if (state.game) {
    if (unreported()) return null;
    const accepted = await sendUpdate([{ unit_id: unitId, has_roll: true, roll: face }], false, 'dice',
                                      `threw ${face} for ${unitId}'s actions table`);
    if (!accepted) return null;
    $('#ask-roll').value = '0';     // the game's ask takes the die reported
  } else {
    $('#ask-roll').value = String(face);
  }
  return face;
}

// ---- battles: PlayBattle and its replay -------------------------------------

// The scenario's table, terrain and objectives from its file as the relay
// serves it, and its units as the daemon reads them (a game opened from
// it and closed at once).  Resolves to { start, objectives, note }.
async function scenarioStart(name) {
  const opened = await wire.request('open_game', { scenario: name });
  const game = opened.body;
  await wire.request('close_game', { game_id: game.game_id }).catch(() => {});
  const units = game.units.filter((u) => !game.removed.includes(u.id)).map(completeUnit);
  let table = null;
  let objectives = [];
  let note = '';
  try {
    const r = await fetch(`/scenarios/${encodeURIComponent(name)}.cfg`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    const text = await r.text();
    table = tableOfFile(text);
    objectives = objectivesOfFile(parseLibconfig(text));
  } catch (e) {
    // Units alone: a table that holds them, no terrain.
    const xs = units.map((u) => u.centre.x), ys = units.map((u) => u.centre.y);
    table = { table_width: Math.max(180, ...xs.map((x) => x + 20)),
              table_depth: Math.max(120, ...ys.map((y) => y + 20)), terrain: [] };
    note = `The relay has no file for the scenario "${name}" (${e.message}): its terrain is not drawn.`;
  }
  return { start: { ruleset: game.ruleset, ...table, units }, objectives, note, game };
}

// Play the scenario chosen in the battle panel; resolves to the
// BattleResult (and shows turn 0 of its replay), or null after showing
// the error.
async function playBattle() {
  const seed = $('#battle-seed').value.trim();
  if (seed && !/^\d+$/.test(seed)) { setHint('the battle seed is a whole number'); return null; }
  const name = $('#battle-scenario').value;
  const body = { scenario: name, blue: $('#battle-blue').value, blue_params: $('#battle-blue-params').value.trim(),
                 red: $('#battle-red').value, red_params: $('#battle-red-params').value.trim(), with_log: true };
  if (seed) { body.has_seed = true; body.seed = seed; }
  const box = $('#battle-working');
  box.replaceChildren(h('p', { class: 'hint' }, `playing ${name}…`));
  $('#battle-play').disabled = true;
  document.body.classList.add('busy');
  try {
    const { start, objectives, note } = await scenarioStart(name);
    const r = await wire.request('play_battle', body);
    const result = r.body;
    const frames = replayFrames(start, result.log, objectives);
    state.replay = { result, frames, index: 0, note };
    state.placing = null;
    view.zoom = null;
    showBattle(box, result, note);
    $('#replay-turn').max = String(frames.length - 1);
    $('#replay-title').textContent = result.title || result.scenario;
    $('#replay-bar').hidden = false;
    showTurn(0);
    return result;
  } catch (e) {
    showError(box, e instanceof RemoteError ? e : { message: e.message });
    return null;
  } finally {
    state.battles += 1;
    document.body.dataset.battles = String(state.battles);   // for tests
    $('#battle-play').disabled = false;
    document.body.classList.remove('busy');
  }
}

function showBattle(box, result, note) {
  const winner = result.winner ? `${result.winner_name || result.winner} (${result.winner}) win` : 'a draw';
  const sides = (result.sides || []).map((sd) => h('tr', { class: sd.side === 'SIDE_RED' ? 'red-text' : 'blue-text',
                                                        'data-side': sd.side },
    h('td', {}, sd.name), h('td', {}, `${sd.strategy}${sd.params ? `:${sd.params}` : ''}`),
    h('td', { class: 'num' }, String(sd.figures)), h('td', { class: 'num' }, String(sd.killed)),
    h('td', { class: 'num' }, String(sd.wounded)), h('td', { class: 'num' }, String(sd.gone)),
    h('td', { class: 'num' }, String(sd.units_left)), h('td', { class: 'num' }, String(sd.objective_value))));
  box.replaceChildren(...[
    h('p', { id: 'battle-result', class: 'verdict', 'data-winner': result.winner, 'data-turns': result.turns },
      `${winner} after ${result.turns} turns`),
    h('p', { id: 'battle-reason' }, result.reason),
    h('div', { class: 'table-scroll', id: 'battle-sides-box' }, h('table', { class: 'working', id: 'battle-sides' },
      h('thead', {}, h('tr', {}, ...['side', 'strategy', 'figures', 'killed', 'wounded', 'left', 'units', 'objectives']
        .map((t) => h('th', {}, t)))),
      h('tbody', {}, sides))),
    h('p', { class: 'provenance' }, `seed ${result.seed} · ${result.dice} dice · ${result.decisions} decisions ` +
      `(${result.table_decisions} by the tables) · ${result.log_lines} log lines` +
      `${result.log_truncated ? ' (cut short)' : ''} · ${Number(result.elapsed_ms).toFixed(1)} ms · ` +
      `${result.ruleset} tables ${String(result.tables_hash).slice(0, 12)}`),
    note ? h('p', { class: 'hint' }, note) : null,
    h('details', { class: 'replay-note' }, h('summary', {}, 'How exact is the replay?'),
      h('p', {}, 'Where a unit ends a plain move, the log says to 0.1 cm, and its facing when the order names one; ' +
        'after a charge it gives only the distance, after a melee only who fell back: those units are drawn ' +
        'dashed where they are estimated to be, until a plain move places them again. Casualties per unit are ' +
        'not drawn; each side\'s are above. An exact replay needs each move line (charges, runs, melee recoils ' +
        'and follow-ups too) to carry the unit\'s centre and facing after it, or a line per turn with every ' +
        'unit\'s centre, facing, wounded and killed.')),
    h('div', { class: 'row' }, h('label', {}, h('input', { type: 'checkbox', id: 'replay-dice' }), ' every die')),
    h('ol', { id: 'replay-log', class: 'no-dice' }),
  ].filter((n) => n));
  $('#replay-dice').addEventListener('change', (ev) => {
    $('#replay-log').classList.toggle('no-dice', !ev.target.checked);
  });
}

// Show turn `index` of the replay (0: the start): the table at the end of
// that turn with its moves, and the turn's log.
function showTurn(index) {
  const rp = state.replay;
  if (!rp) return;
  rp.index = clamp(index, 0, rp.frames.length - 1);
  const frame = rp.frames[rp.index];
  $('#replay-turn').value = String(rp.index);
  $('#replay-prev').disabled = rp.index === 0;
  $('#replay-next').disabled = rp.index === rp.frames.length - 1;
  $('#replay-label').textContent = rp.index === 0 ? `the start (of ${rp.frames.length - 1} turns)`
    : `end of turn ${frame.turn} of ${rp.frames.length - 1}`;
  $('#replay-label').dataset.turn = String(frame.turn);
  const log = $('#replay-log');
  if (log) {
    log.replaceChildren(...frame.lines.map((l) => h('li', {
      class: `log-${l.kind}${l.kind === 'decision' ? ` layer-${l.layer === 'table' ? 'table' : 'commander'}` : ''}`,
      'data-kind': l.kind, 'data-turn': l.turn, 'data-unit-id': l.unit_id || null, 'data-event': l.event || null,
    }, l.kind === 'event' && l.event === 'phase' ? h('b', {}, l.text) : l.text)));
  }
  redraw();
}

function leaveReplay() {
  state.replay = null;
  $('#replay-bar').hidden = true;
  view.zoom = null;
  redraw();
}

// Put the replay's units, as they stand at the turn shown, on the
// player's table: to edit, ask about a unit, or ask what a side does.
function replayToTable() {
  const frame = state.replay.frames[state.replay.index];
  const sit = JSON.parse(JSON.stringify(frame.situation));
  for (const u of sit.units) {
    delete u.approx;
    delete u.gone;
  }
  leaveReplay();
  loadSituation(sit);
  setHint(`turn ${frame.turn} of the battle is on your table`);
}

// The scenarios and strategies the daemon said it has.
function fillBattleChoices() {
  const hello = state.hello || { scenarios: [], strategies: [] };
  const option = (value, text) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    return o;
  };
  $('#battle-scenario').replaceChildren(...hello.scenarios.map((n) => option(n, n)));
  for (const [sel, want] of [['#battle-blue', 'table'], ['#battle-red', 'random']]) {
    $(sel).replaceChildren(...hello.strategies.map((st) => {
      const o = option(st.name, st.name);
      o.title = st.summary;
      return o;
    }));
    if (hello.strategies.some((st) => st.name === want)) $(sel).value = want;
  }
  $('#battle-play').disabled = !hello.scenarios.length || !hello.strategies.length;
}

// ---- start ----------------------------------------------------------------

async function connect() {
  const status = $('#status');
  try {
    wire = await Wire.open();
  } catch (e) {
    status.className = 'failed';
    status.textContent = `cannot load the protocol: ${e.message}`;
    throw e;
  }
  try {
    state.hello = await wire.hello();
    const rs = state.hello.rulesets.map((r) => `${r.name} (tables ${r.tables_hash.slice(0, 8)})`).join(', ');
    status.className = 'ok';
    status.textContent = `solod ${state.hello.server_version} · ${rs}`;
  } catch (e) {
    status.className = 'failed';
    status.textContent = `solod: ${e.message}`;
  }
}

async function start() {
  await connect();
  for (const kind of wire.enumNames('TerrainKind')) {
    const o = document.createElement('option');
    o.value = kind;
    o.textContent = shortName(kind);
    $('#terrain-kind').append(o);
  }
  $('#new-table').addEventListener('click', () => loadSituation(emptySituation()));
  $('#load').addEventListener('click', () => $('#load-file').click());
  $('#load-file').addEventListener('change', (ev) => {
    if (ev.target.files[0]) loadFile(ev.target.files[0]);
    ev.target.value = '';
  });
  $('#save').addEventListener('click', save);
  $('#save-cfg').addEventListener('click', saveCfg);
  $('#examples').addEventListener('change', (ev) => loadExample(ev.target.value));
  $('#add-blue').addEventListener('click', () => startPlacing({ kind: 'unit', side: 'SIDE_BLUE' }));
  $('#add-red').addEventListener('click', () => startPlacing({ kind: 'unit', side: 'SIDE_RED' }));
  $('#add-terrain').addEventListener('click', () => startPlacing({ kind: 'terrain', terrain: $('#terrain-kind').value }));
  $('#delete').addEventListener('click', removeSelected);
  $('#fit').addEventListener('click', () => { view.zoom = null; redraw(); });
  for (const form of [$('#editor'), $('#table-editor')]) {
    form.addEventListener('submit', (ev) => ev.preventDefault());
  }
  $('#ask').addEventListener('click', () => ask());
  $('#apply').addEventListener('click', applyAnswer);
  $('#ask-red').addEventListener('click', () => askSide('SIDE_RED'));
  $('#ask-blue').addEventListener('click', () => askSide('SIDE_BLUE'));
  $('#side-apply').addEventListener('click', applySideOrders);
  for (const name of ['aggression', 'caution']) {
    const on = $(`#side-${name}-on`), slider = $(`#side-${name}`), out = $(`#side-${name}-value`);
    const show = () => {
      slider.disabled = !on.checked;
      out.textContent = on.checked ? Number(slider.value).toFixed(2) : '—';
    };
    on.addEventListener('change', show);
    slider.addEventListener('input', show);
  }
  fillBattleChoices();
  // the legend of the units' captions: every status mark drawn
  $('#caption-marks').textContent = Object.entries(STATUS_MARKS)
    .map(([flag, mark]) => `${mark} ${flag.replace(/_/g, ' ')}`).join(', ');
  $('#game-scenario').replaceChildren(...(state.hello ? state.hello.scenarios : []).map((n) => {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = n;
    return o;
  }));
  $('#game-open-table').addEventListener('click', () => openFromTable());
  $('#game-open-scenario').addEventListener('click', () => openScenario());
  $('#game-refresh').addEventListener('click', () => listGames());
  $('#game-resume').addEventListener('click', () => resumeGame());
  $('#game-report').addEventListener('click', () => reportChanges());
  $('#game-revert').addEventListener('click', () => { showGameTable(); setHint('the table is as the game stands'); });
  $('#game-next').addEventListener('click', () => nextTurn());
  $('#game-undo').addEventListener('click', () => undoCarry());
  $('#game-leave').addEventListener('click', () => { const id = state.game.id; leaveGame(); setHint(`game ${id} stays open in the daemon`); });
  $('#game-close').addEventListener('click', () => closeGame());
  $('#measure').addEventListener('click', () => setMeasuring(!state.measuring));
  $('#sight-check').addEventListener('click', () => checkSight());
  $('#dice-throw').addEventListener('change', diceThrowChosen);
  $('#dice-roll').addEventListener('click', () => rollThrow());
  $('#dice-d6').addEventListener('click', () => rollActionsDie());
  $('#battle-play').addEventListener('click', () => playBattle());
  $('#replay-prev').addEventListener('click', () => showTurn(state.replay.index - 1));
  $('#replay-next').addEventListener('click', () => showTurn(state.replay.index + 1));
  $('#replay-turn').addEventListener('input', (ev) => showTurn(Number(ev.target.value)));
  $('#replay-exit').addEventListener('click', leaveReplay);
  $('#replay-copy').addEventListener('click', replayToTable);
  const svg = view.svg;
  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('pointercancel', onPointerUp);
  svg.addEventListener('dblclick', onDoubleClick);
  svg.addEventListener('wheel', onWheel, { passive: false });
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => redraw());
  window.addEventListener('beforeunload', autosave);    // the view as last seen

  let examples = [];
  try {
    examples = (await (await fetch('/api/info')).json()).situations || [];
  } catch (e) { /* no examples: an empty table */ }
  for (const name of examples) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = name.replace(/\.json$/, '');
    $('#examples').append(o);
  }
  loadSituation(emptySituation());
  if (state.hello) {
    await listGames();
    await resumeSaved();
  }
  document.body.dataset.ready = '1';
}

window.solo = {
  state,
  openFromTable,
  openScenario,
  reportChanges,
  carryOut,
  undoCarry,
  nextTurn,
  listGames,
  resumeGame,
  closeGame,
  checkSight,
  rollThrow,
  rollActionsDie,
  get wire() { return wire; },
  ask,
  askSide,
  playBattle,
  showTurn,
  loadSituation,
  situationJSON,
  situationText,
  select,
  tableToClient: (x, y) => view.tableToClient(x, y),
  zoomAt: (clientX, clientY, factor) => { view.zoomAt(state.situation, clientX, clientY, factor); redraw(); },
  ready: start(),
};
