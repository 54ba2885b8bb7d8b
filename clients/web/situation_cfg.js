// situation_cfg.js - a Situation (the protocol's JSON mapping, as the page
// keeps it) written as a situation file, the libconfig text `solo ask
// --situation` and the daemon read (clients/examples/README.md).  Reading
// a .cfg goes through the daemon (app.js): one reader of the format, the
// daemon's own, so the page never disagrees with it.
//
// The writer follows the message: each field is written under its own
// name, but for the shapes the file spells otherwise: a unit's centre as
// x and y, enums by their short lower-case names ("SIDE_RED" -> "red"),
// the status flags as a list of the set ones, points as [x, y], a flag
// has_X deciding whether X is written, and defaults (false, 0, "", the
// default cover) left out.  A field the message gains later is written
// the same way, so the two formats keep the same names.

const DEFAULTS_LEFT_OUT = new Set(['COVER_DEFAULT']);

// "SIDE_RED" -> "red"; "TERRAIN_LOW_BARRIER" -> "low_barrier".
function enumWord(name) {
  return String(name).replace(/^[A-Z]+_/, '').toLowerCase();
}

function quote(text) {
  return `"${String(text).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

// A double with its decimal point (libconfig reads 60 as an integer).
function float(v) {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${v} is not a finite number`);
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

function point(p) {
  return `[${float(p.x ?? 0)}, ${float(p.y ?? 0)}]`;
}

const INTEGER_TYPES = new Set(['int32', 'uint32', 'int64', 'uint64', 'sint32', 'sint64']);

// The settings of one message `object` of type `type` (protobufjs) as
// "name = value;" strings; `skip` names fields written by the caller.
function settings(type, object, skip = new Set()) {
  const out = [];
  const fields = type.fieldsArray;
  const names = new Set(fields.map((f) => f.name));
  for (const f of fields) {
    const name = f.name;
    if (skip.has(name)) continue;
    if (name.startsWith('has_') && names.has(name.slice(4))) continue;
    if (names.has(`has_${name}`) && !object[`has_${name}`]) continue;
    const v = object[name];
    if (v === undefined || v === null) continue;
    if (f.repeated) {
      if (!v.length) continue;
      if (f.resolvedType && f.resolvedType.fieldsArray) {
        if (f.type === 'Point') {
          out.push(`${name} = ( ${v.map(point).join(', ')} );`);
        } else {
          const items = v.map((x) => `{ ${settings(f.resolvedType, x).join(' ')} }`);
          out.push(`${name} = ( ${items.join(', ')} );`);
        }
      } else if (f.resolvedType) {
        out.push(`${name} = [ ${v.map((x) => quote(enumWord(x))).join(', ')} ];`);
      } else if (f.type === 'string') {
        out.push(`${name} = [ ${v.map(quote).join(', ')} ];`);
      } else {
        out.push(`${name} = [ ${v.map(INTEGER_TYPES.has(f.type) ? String : float).join(', ')} ];`);
      }
      continue;
    }
    if (f.resolvedType && f.resolvedType.values) {          // an enum
      if (DEFAULTS_LEFT_OUT.has(v)) continue;
      out.push(`${name} = ${quote(enumWord(v))};`);
    } else if (f.type === 'Point') {
      out.push(`${name} = ${point(v)};`);
    } else if (f.type === 'UnitStatus') {
      const set = Object.keys(v).filter((k) => v[k] === true);
      if (set.length) out.push(`${name} = [ ${set.map(quote).join(', ')} ];`);
    } else if (f.resolvedType) {
      out.push(`${name} = { ${settings(f.resolvedType, v).join(' ')} };`);
    } else if (f.type === 'bool') {
      if (v) out.push(`${name} = true;`);
    } else if (f.type === 'string') {
      if (v !== '') out.push(`${name} = ${quote(v)};`);
    } else if (INTEGER_TYPES.has(f.type)) {
      if (Number(v) !== 0) out.push(`${name} = ${Number(v)};`);
    } else {
      out.push(`${name} = ${float(v)};`);
    }
  }
  return out;
}

// The situation file of `situation` (a Situation object; `wire` gives the
// contract's types), with `title` when given.
export function situationCfg(wire, situation, title = '') {
  const unitType = wire.type('Unit');
  const terrainType = wire.type('TerrainFeature');
  const lines = ['# A situation file written by the web table.'];
  lines.push(`ruleset = ${quote(situation.ruleset || 'skirmish19')};`);
  if (title) lines.push(`title = ${quote(title)};`);
  lines.push(`table = { width = ${float(situation.table_width)}; depth = ${float(situation.table_depth)}; };`);
  lines.push('terrain = (');
  lines.push((situation.terrain || []).map((t) =>
    `  { ${settings(terrainType, t).join(' ')} }`).join(',\n'));
  lines.push(');');
  lines.push('units = (');
  lines.push((situation.units || []).map((u) => {
    const centre = u.centre || { x: 0, y: 0 };
    const own = settings(unitType, u, new Set(['centre']));
    return `  { ${own.join(' ')} x = ${float(centre.x)}; y = ${float(centre.y)}; }`;
  }).join(',\n'));
  lines.push(');');
  return `${lines.filter((l) => l !== '').join('\n')}\n`;
}
