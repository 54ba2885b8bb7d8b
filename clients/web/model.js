// model.js - the situation on the table as the page keeps it: a Situation
// of the protocol as a plain object, and the geometry to draw it.
//
// Lengths are centimetres; facing is a compass bearing: 0 faces +y (the far
// edge of the table), 90 faces +x; the origin is the near left corner.

export const DEFAULT_TABLE = { width: 180, depth: 120 };

// Short readable names of enum values: "SIDE_RED" -> "red".
export function shortName(value) {
  return String(value).replace(/^[A-Z]+_/, '').toLowerCase().replace(/_/g, ' ');
}

export function emptySituation(width = DEFAULT_TABLE.width, depth = DEFAULT_TABLE.depth) {
  return { ruleset: '', table_width: width, table_depth: depth, terrain: [], units: [] };
}

// A fresh unit of `side` at (x, y): an infantry line of a dozen muskets,
// facing the other side's edge.
export function newUnit(id, side, x, y) {
  return {
    id, side, arm: 'ARM_INFANTRY', quality: 'QUALITY_REGULAR',
    weapon: 'musket', bayonet: true, formation: 'FORMATION_LINE',
    figures: 12, wounded: 0, killed: 0, officers: 1, ncos: 1,
    drummers: 0, buglers: 0, centre: { x, y },
    facing: side === 'SIDE_RED' ? 180 : 0, width: 12, depth: 3,
    status: {}, platoon: '', last_enemy_seen: null, has_last_enemy_seen: false,
  };
}

// A rectangular terrain feature `w` by `d` centred on (x, y).
export function newTerrain(id, kind, x, y, w = 30, d = 20) {
  const x0 = x - w / 2, x1 = x + w / 2, y0 = y - d / 2, y1 = y + d / 2;
  return { id, kind, cover: 'COVER_DEFAULT',
           polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }] };
}

// The first id "prefix-N" not used by any unit or terrain feature.
export function freeId(situation, prefix) {
  const used = new Set([...situation.units, ...situation.terrain].map((t) => t.id));
  for (let n = 1; ; n++) {
    if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
  }
}

export function findUnit(situation, id) {
  return situation.units.find((u) => u.id === id) || null;
}

export function findTerrain(situation, id) {
  return situation.terrain.find((t) => t.id === id) || null;
}

// Unit vectors of a compass bearing: ahead (the facing) and to the right.
export function axes(facing) {
  const a = (facing * Math.PI) / 180;
  return { ahead: { x: Math.sin(a), y: Math.cos(a) },
           right: { x: Math.cos(a), y: -Math.sin(a) } };
}

// The four corners of a footprint: front left, front right, rear right,
// rear left.
export function corners(centre, facing, width, depth) {
  const { ahead, right } = axes(facing);
  const at = (s, t) => ({ x: centre.x + right.x * s + ahead.x * t,
                          y: centre.y + right.y * s + ahead.y * t });
  return [at(-width / 2, depth / 2), at(width / 2, depth / 2),
          at(width / 2, -depth / 2), at(-width / 2, -depth / 2)];
}

// Compass bearing from `from` to `to`, in [0, 360).
export function bearing(from, to) {
  const deg = (Math.atan2(to.x - from.x, to.y - from.y) * 180) / Math.PI;
  return (deg + 360) % 360;
}

export function normaliseFacing(deg) {
  const d = ((Number(deg) % 360) + 360) % 360;
  return Math.round(d * 10) / 10;
}

export function centroid(points) {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n,
           y: points.reduce((s, p) => s + p.y, 0) / n };
}

export function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }

// Rounded to a millimetre, so positions stay readable.
export function mm(v) { return Math.round(v * 10) / 10; }

// Fill what a loaded or hand-written situation leaves out, so the editor
// can bind to every field.
export function completeUnit(u) {
  u.centre = u.centre || { x: 0, y: 0 };
  u.status = u.status || {};
  if (!u.has_last_enemy_seen) u.last_enemy_seen = u.last_enemy_seen || null;
  return u;
}

// How a unit faces after an order of a SideOrders reply: the order's
// facing when it sets one, else the way it moves, else as it stands.
export function orderFacing(order, unit) {
  if (order.has_facing) return ((order.facing % 360) + 360) % 360;
  const to = order.has_destination && order.destination ? order.destination : null;
  if (to && Math.hypot(to.x - unit.centre.x, to.y - unit.centre.y) > 0.01) return bearing(unit.centre, to);
  return unit.facing;
}
