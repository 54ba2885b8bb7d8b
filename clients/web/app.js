// app.js - the web table: place, move and turn units, edit their state,
// load and save the situation, ask the daemon, draw its answer.
//
// window.solo exposes the page's state and a few calls (ask, load,
// tableToClient, ...) for the console and the end-to-end test.

import { Wire, RemoteError } from './wire.js';
import { TableView } from './draw.js';
import { showWorking, showError, h } from './working.js';
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
};

let wire = null;
const view = new TableView($('#table'));

// ---- drawing and the side panels ----------------------------------------

function redraw() {
  if (state.replay) {
    const frame = state.replay.frames[state.replay.index];
    view.render({ situation: frame.situation, selected: null, answer: null, sideOrders: null, replayFrame: frame });
  } else {
    view.render(state);
  }
  refreshAskUnits();
}

// The situation changed under the answers: keep them drawn, faded.
function edited() {
  if (state.answer) state.answer.stale = true;
  if (state.sideOrders) state.sideOrders.stale = true;
  $('#apply').disabled = true;
  $('#side-apply').disabled = true;
  redraw();
}

function refreshAskUnits() {
  const select = $('#ask-unit');
  const want = select.value || (state.selected && state.selected.kind === 'unit' ? state.selected.id : '');
  select.replaceChildren(...state.situation.units.map((u) => {
    const o = document.createElement('option');
    o.value = u.id;
    o.textContent = `${u.id} (${shortName(u.side)})`;
    return o;
  }));
  if (findUnit(state.situation, want)) select.value = want;
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
  rs.addEventListener('change', () => { sit.ruleset = rs.value; edited(); buildEditor(); });
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

// ---- pointer and keyboard on the table -------------------------------------

let drag = null;   // { kind, id, start, origin, rotate }

function inTable(p) {
  return { x: mm(clamp(p.x, 0, state.situation.table_width)),
           y: mm(clamp(p.y, 0, state.situation.table_depth)) };
}

function onPointerDown(ev) {
  if (ev.button !== 0) return;
  const p = view.clientToTable(ev.clientX, ev.clientY);
  if (state.placing && !state.replay) {
    place(inTable(p));
    ev.preventDefault();
    return;
  }
  if (ev.target.id === 'rotate-handle' && !state.replay) {
    drag = { kind: 'unit', id: ev.target.dataset.unitId, rotate: true };
  } else {
    // A replay is only looked at: everything pans it.
    const g = state.replay ? null : ev.target.closest('g[data-kind]');
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
  redraw();
  buildEditor();
  buildTableEditor();
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
  state.busy = true;
  document.body.classList.add('busy');
  $('#ask').disabled = true;
  try {
    const decision = await wire.askUnit(state.situation, unitId, roll, seed || null);
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
  document.body.classList.add('busy');
  for (const b of document.querySelectorAll('.primary-side')) b.disabled = true;
  try {
    const r = await wire.request('ask_side', body);
    state.sideOrders = { reply: r.body, stale: false };
    state.answer = null;
    $('#apply').disabled = true;
    showSideOrders($('#side-working'), r.body);
    $('#side-apply').disabled = false;
    redraw();
    return r.body;
  } catch (e) {
    state.sideOrders = null;
    showError($('#side-working'), e instanceof RemoteError ? e : { message: e.message });
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
  for (const o of state.sideOrders.reply.orders) {
    const u = findUnit(state.situation, o.unit_id);
    if (!u) continue;
    const facing = orderFacing(o, u);
    if (o.has_destination && o.destination) u.centre = inTable(o.destination);
    u.facing = normaliseFacing(facing);
  }
  edited();
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
    h('table', { class: 'working', id: 'battle-sides' },
      h('thead', {}, h('tr', {}, ...['side', 'strategy', 'figures', 'killed', 'wounded', 'left', 'units', 'objectives']
        .map((t) => h('th', {}, t)))),
      h('tbody', {}, sides)),
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
  document.body.dataset.ready = '1';
}

window.solo = {
  state,
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
