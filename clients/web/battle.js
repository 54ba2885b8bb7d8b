// battle.js - a battle the daemon played (PlayBattle with its log), turn
// by turn: where every unit stood at the end of each turn, rebuilt from
// the log's move lines, and the log's text of each turn.
//
// What the log carries, and so how exact the replay is:
//   - a plain move ("ID: ORDER; moves D cm to (X, Y)") gives where the unit
//     ends, to 0.1 cm, and its facing when the order names one ("facing
//     N", to the degree); otherwise the unit faces the way it moved, as
//     the rules engine turns it;
//   - "ID: ORDER; stays" keeps it there, turned to the order's facing;
//   - "ID is destroyed" and "ID leaves the table" take it out of play;
//   - a charge ("ID charges T: D cm into contact", "... falls short after
//     D cm") gives only the distance, and a melee only the sides' losses
//     and who fell back: where those units end is estimated (towards the
//     target by D cm; unmoved by the melee) and drawn dashed until a plain
//     move places them again;
//   - casualties per unit are not in the log as numbers to apply: the
//     units keep their starting strength here; the result has each side's.
// An exact replay needs each move event to carry the unit's centre and
// facing after it (charges, runs, melee recoils and follow-ups included),
// or one line per turn with every unit's centre, facing, wounded, killed
// and whether it is still in play.

import { bearing, findUnit } from './model.js';

const MOVED_TO = /; moves (-?[\d.]+) cm to \((-?[\d.]+), (-?[\d.]+)\)$/;
const FACING = /\bfacing (-?[\d.]+)/;
const CHARGE = /^(\S+) charges (\S+)(?:: ([\d.]+) cm into contact| but falls short after ([\d.]+) cm)$/;
const OUT = /^(\S+) (is destroyed|leaves the table)$/;
const MELEE = /^melee of ([^:]+):/;
const OBJECTIVE = /^objective (\S+) is now held by (\S+)$/;

function copyUnit(u) { return JSON.parse(JSON.stringify(u)); }

function situationOf(start, units) {
  return { ruleset: start.ruleset || '', table_width: start.table_width, table_depth: start.table_depth,
           terrain: start.terrain, units: units.filter((u) => !u.gone).map(copyUnit) };
}

// Split `log` (LogLine objects) into frames: frames[0] the start,
// frames[k] the end of turn k.  `start` is a Situation (the scenario's
// table, terrain and units as the battle begins), `objectives` the
// scenario's ({id, x, y, radius, value, held_by}).  Each frame:
// { turn, situation, moves: [{unit_id, from, to, layer, approx, charge}],
//   gone: [{id, side, at, why}], objectives, lines }.
export function replayFrames(start, log, objectives = []) {
  const units = start.units.map((u) => ({ ...copyUnit(u), approx: false, gone: false }));
  const held = objectives.map((o) => ({ ...o }));
  const frames = [{ turn: 0, situation: situationOf(start, units), moves: [], gone: [],
                    objectives: held.map((o) => ({ ...o })), lines: [] }];
  let turn = 0;
  let moves = new Map();   // unit id -> move of this turn
  let gone = [];
  let lines = [];
  const layers = new Map();   // unit id -> who decided its order this turn

  const close = () => {
    if (turn === 0) {
      frames[0].lines = lines;
    } else {
      frames.push({ turn, situation: situationOf(start, units), moves: [...moves.values()], gone,
                    objectives: held.map((o) => ({ ...o })), lines });
    }
    moves = new Map();
    gone = [];
    lines = [];
    layers.clear();
  };

  // Where u went this turn: the first `from` is kept.
  const moved = (u, to, approx, charge = false) => {
    const m = moves.get(u.id) || { unit_id: u.id, from: { ...u.centre }, layer: layers.get(u.id) || '' };
    m.to = { ...to };
    m.approx = approx;
    m.charge = m.charge || charge;
    moves.set(u.id, m);
    u.centre = { ...to };
    u.approx = approx;
  };

  for (const line of log) {
    const t = line.kind === 'start' ? 0 : line.turn;
    while (t > turn) {
      close();
      turn++;
    }
    lines.push(line);
    if (line.kind === 'decision' && line.unit_id) layers.set(line.unit_id, line.layer);
    if (line.kind !== 'event') continue;
    const text = line.text;
    let m;
    if (line.event === 'move') {
      const u = findUnit({ units }, line.unit_id);
      if (!u) continue;
      const order = text.startsWith(`${u.id}: `) ? text.slice(u.id.length + 2).replace(/; (moves|stays).*$/, '') : '';
      const f = FACING.exec(order);
      if ((m = MOVED_TO.exec(text))) {
        const to = { x: Number(m[2]), y: Number(m[3]) };
        const from = { ...u.centre };
        moved(u, to, false);
        u.facing = f ? Number(f[1]) : bearing(from, to);
      } else if (/; stays$/.test(text)) {
        if (f) u.facing = Number(f[1]);
      } else if ((m = CHARGE.exec(text))) {
        const target = findUnit({ units }, m[2]);
        const d = Number(m[3] || m[4]);
        if (target) {
          const way = Math.hypot(target.centre.x - u.centre.x, target.centre.y - u.centre.y) || 1;
          const k = Math.min(1, d / way);
          u.facing = bearing(u.centre, target.centre);
          moved(u, { x: u.centre.x + (target.centre.x - u.centre.x) * k,
                     y: u.centre.y + (target.centre.y - u.centre.y) * k }, true, true);
        }
      }
    } else if (line.event === 'status' && (m = OUT.exec(text))) {
      const u = findUnit({ units }, m[1]);
      if (u && !u.gone) {
        u.gone = true;
        gone.push({ id: u.id, side: u.side, at: { ...u.centre }, why: m[2] });
      }
    } else if (line.event === 'status' && (m = OBJECTIVE.exec(text))) {
      const ob = held.find((o) => o.id === m[1]);
      if (ob) ob.held_by = m[2] === 'nobody' ? '' : m[2];
    } else if (line.event === 'melee' && (m = MELEE.exec(text))) {
      for (const id of m[1].split(', ')) {
        const u = findUnit({ units }, id);
        if (u) u.approx = true;
      }
    }
  }
  close();
  return frames;
}

// The scenario's objectives from its file (libconfig.js's object).
export function objectivesOfFile(file) {
  const list = (file && file.scenario && file.scenario.victory && file.scenario.victory.objectives) || [];
  return list.map((o) => ({ id: o.id, x: o.x, y: o.y, radius: o.radius || 10, value: o.value || 1,
                            held_by: o.held_by || '' }));
}
