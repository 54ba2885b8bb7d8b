// game.js - a game the daemon keeps, played from the page: what changed on
// the table as the protocol's UnitUpdates, the army's orders carried out
// as one update and its inverse, the turn log, and the autosave.
//
// The daemon changes a game only through the updates reported to it
// (ReportUpdate); it has no undo of its own.  "Carry them out" sends the
// orders' ends as one update and keeps the units' places before it;
// Undo sends those places back as a new update (the inverse), so the
// game's sequence goes on counting and its log keeps both.

import { h } from './working.js';

const CM_EPS = 0.05;     // closer than half a millimetre is the same place
const DEG_EPS = 0.05;
export const SAVE_KEY = 'solod-web-game';

function same(a, b, eps) { return Math.abs((a || 0) - (b || 0)) <= eps; }

function facingSame(a, b) {
  const d = ((((a || 0) - (b || 0)) % 360) + 360) % 360;
  return Math.min(d, 360 - d) <= DEG_EPS;
}

// The fields of a unit a game takes from a report; the others (its arm,
// quality, weapon, formation, figures...) stay as the game was opened.
const NOT_REPORTED = ['side', 'arm', 'quality', 'weapon', 'bayonet', 'formation', 'figures', 'officers',
                      'ncos', 'drummers', 'buglers', 'width', 'depth', 'platoon', 'troop_type'];

// What changed on the table (`table`, a Situation) since the game's state
// (`game`, a GameState): { units: [UnitUpdate], notes: [text] }.  A unit
// taken off the table is reported out of play; a unit that is not the
// game's, or a change a report cannot carry, is a note.  `flags` are the
// UnitStatus field names.
export function tableChanges(game, table, flags) {
  const removed = new Set(game.removed || []);
  const units = [];
  const notes = [];
  const inGame = new Set();
  for (const g of game.situation.units) {
    inGame.add(g.id);
    if (removed.has(g.id)) continue;
    const t = table.units.find((u) => u.id === g.id);
    if (!t) {
      units.push({ unit_id: g.id, removed: true });
      continue;
    }
    const up = { unit_id: g.id };
    if (!same(t.centre.x, g.centre.x, CM_EPS) || !same(t.centre.y, g.centre.y, CM_EPS)) {
      up.has_centre = true;
      up.centre = { x: t.centre.x, y: t.centre.y };
    }
    if (!facingSame(t.facing, g.facing)) {
      up.has_facing = true;
      up.facing = t.facing;
    }
    if ((t.wounded || 0) !== (g.wounded || 0)) {
      up.has_wounded = true;
      up.wounded = t.wounded || 0;
    }
    if ((t.killed || 0) !== (g.killed || 0)) {
      up.has_killed = true;
      up.killed = t.killed || 0;
    }
    const ts = t.stands || [], gs = g.stands || [];
    if (ts.length !== gs.length || ts.some((s, i) => s.strength !== gs[i].strength || s.start !== gs[i].start)) {
      up.stands = ts.map((s) => ({ start: s.start, strength: s.strength }));
    }
    const set = {}, clear = {};
    for (const f of flags) {
      const now = !!(t.status && t.status[f]), was = !!(g.status && g.status[f]);
      if (now && !was) set[f] = true;
      if (!now && was) clear[f] = true;
    }
    if (Object.keys(set).length) up.set = set;
    if (Object.keys(clear).length) up.clear = clear;
    if (Object.keys(up).length > 1) units.push(up);
    const other = NOT_REPORTED.filter((k) => JSON.stringify(t[k] ?? null) !== JSON.stringify(g[k] ?? null));
    if (other.length) notes.push(`${g.id}: ${other.join(', ').replace(/_/g, ' ')} cannot be reported to a game`);
  }
  for (const t of table.units) {
    if (!inGame.has(t.id)) notes.push(`${t.id} is not a unit of the game: a game keeps the units it was opened with`);
  }
  return { units, notes };
}

// A UnitUpdate in a player's words: "red-1 to (60.0, 52.3) facing 180°,
// 2 wounded".
export function updateWords(up) {
  const parts = [];
  if (up.removed) return `${up.unit_id} out of play`;
  if (up.has_centre) parts.push(`to (${up.centre.x.toFixed(1)}, ${up.centre.y.toFixed(1)})`);
  if (up.has_facing) parts.push(`facing ${Math.round(up.facing)}°`);
  if (up.has_wounded) parts.push(`${up.wounded} wounded`);
  if (up.has_killed) parts.push(`${up.killed} killed`);
  if (up.stands) parts.push(`stands ${up.stands.map((s) => `${s.strength}/${s.start}`).join(' ')}`);
  if (up.set) parts.push(`now ${Object.keys(up.set).join(', ').replace(/_/g, ' ')}`);
  if (up.clear) parts.push(`no longer ${Object.keys(up.clear).join(', ').replace(/_/g, ' ')}`);
  if (up.has_roll) parts.push(`die ${up.roll} for its actions table`);
  return `${up.unit_id} ${parts.join(', ')}`;
}

// The unit an error's field names ("report_update.units[2].killed"):
// { unitId, what } from the update sent, or null.
export function refusedUnit(field, units) {
  const m = /units\[(\d+)\](?:\.(.+))?$/.exec(field || '');
  if (!m || !units[Number(m[1])]) return null;
  return { unitId: units[Number(m[1])].unit_id, what: (m[2] || '').replace(/_/g, ' ') };
}

// The update that puts every unit of `orders` (SideUnitOrder) where it
// ends: its destination (`clampTo` keeps it on the table) and facing
// (`facingOf(order, unit)`); and the inverse, each unit back where it
// stood.  Units that would not move nor turn are left out.
export function ordersUpdate(orders, units, facingOf, clampTo) {
  const forward = [];
  const back = [];
  for (const o of orders) {
    const u = units.find((x) => x.id === o.unit_id);
    if (!u) continue;
    const up = { unit_id: u.id };
    if (o.has_destination && o.destination) {
      const to = clampTo(o.destination);
      if (!same(to.x, u.centre.x, CM_EPS) || !same(to.y, u.centre.y, CM_EPS)) {
        up.has_centre = true;
        up.centre = to;
      }
    }
    const facing = facingOf(o, u);
    if (!facingSame(facing, u.facing)) {
      up.has_facing = true;
      up.facing = Math.round(facing * 10) / 10;
    }
    if (!up.has_centre && !up.has_facing) continue;
    forward.push(up);
    const was = { unit_id: u.id };
    if (up.has_centre) { was.has_centre = true; was.centre = { x: u.centre.x, y: u.centre.y }; }
    if (up.has_facing) { was.has_facing = true; was.facing = u.facing; }
    back.push(was);
  }
  return { forward, back };
}

// The turn log, turn by turn: every entry { turn, kind, text, detail? }
// under its turn's heading, the newest turn last.
export function showLog(box, log) {
  const turns = [];
  for (const e of log) {
    let t = turns[turns.length - 1];
    if (!t || t.turn !== e.turn) turns.push(t = { turn: e.turn, entries: [] });
    t.entries.push(e);
  }
  box.replaceChildren(...turns.map((t) => h('li', { class: 'log-turn', 'data-turn': t.turn },
    h('b', {}, `Turn ${t.turn}`),
    h('ol', {}, t.entries.map((e) => h('li', { class: `log-entry log-${e.kind}`, 'data-kind': e.kind },
      e.text, e.detail ? h('div', { class: 'why' }, e.detail) : null))))));
  box.scrollTop = box.scrollHeight;
}

// The game's summary line: its title, turn and updates.
export function gameHeadline(gs) {
  const title = gs.scenario === 'situation' ? 'your table' : gs.title || gs.scenario;
  const n = Number(gs.sequence);
  return `${title} (${gs.game_id}): turn ${gs.turn} of ${gs.turns} · ${n} update${n === 1 ? '' : 's'} · ${gs.ruleset}`;
}

// The autosave: the game id, its log, the undo batches and the view, in
// localStorage; null when there is none or it cannot be read.
export function loadSaved(storage) {
  try {
    const saved = JSON.parse(storage.getItem(SAVE_KEY) || 'null');
    return saved && typeof saved.game_id === 'string' ? saved : null;
  } catch (e) {
    return null;
  }
}

export function save(storage, record) {
  try {
    if (record) storage.setItem(SAVE_KEY, JSON.stringify(record));
    else storage.removeItem(SAVE_KEY);
  } catch (e) { /* private mode or full: the game is still the daemon's */ }
}
