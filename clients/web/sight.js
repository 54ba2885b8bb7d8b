// sight.js - lengths in the ruleset's unit, and a line of sight between
// two units by the ruleset's terrain rules as Hello gives them
// (RulesetInfo.sight, woods_visibility_cm, woods_through_cm).
//
// What the check is: one straight line from the centre of one unit to the
// centre of the other.  It is blocked by a feature whose kind blocks
// sight (a town, a steep hill under skirmish19) that it crosses while
// neither end stands in it; by sight-limited terrain (woods) when both
// ends are in the same feature farther apart than woods_visibility_cm,
// or when it runs inside such terrain longer than woods_through_cm in
// all.  The daemon looks harder (from the observer's nearest figure to
// six points of the target, figures hidden inside terrain beyond its
// edge unless they fired, the sighting die): where the page says "clear"
// the daemon may still find the target unseen.

const EPS = 1e-6;

// A length of `cm` centimetres in the words of ruleset `rs` (a
// RulesetInfo, or null): "12.2 cm", or "4.8 in (12.2 cm)", "3.0 TUM
// (11.4 cm)".
export function lengthText(cm, rs) {
  const unit = rs && rs.length_unit;
  const per = rs && Number(rs.cm_per_length_unit);
  if (!unit || unit === 'cm' || !(per > 0)) return `${cm.toFixed(1)} cm`;
  return `${(cm / per).toFixed(1)} ${unit} (${cm.toFixed(1)} cm)`;
}

export function pointInPolygon(p, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i], b = poly[j];
    if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

// How long the segment p-q runs inside polygon `poly` (cm).
export function insideLength(p, q, poly) {
  const d = { x: q.x - p.x, y: q.y - p.y };
  const len = Math.hypot(d.x, d.y);
  if (len < EPS) return 0;
  const ts = [0, 1];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j], b = poly[i];
    const e = { x: b.x - a.x, y: b.y - a.y };
    const den = d.x * e.y - d.y * e.x;
    if (Math.abs(den) < EPS) continue;
    const t = ((a.x - p.x) * e.y - (a.y - p.y) * e.x) / den;
    const s = ((a.x - p.x) * d.y - (a.y - p.y) * d.x) / den;
    if (t > 0 && t < 1 && s >= 0 && s <= 1) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  let inside = 0;
  for (let k = 0; k + 1 < ts.length; k++) {
    const mid = (ts[k] + ts[k + 1]) / 2;
    if (pointInPolygon({ x: p.x + d.x * mid, y: p.y + d.y * mid }, poly)) inside += (ts[k + 1] - ts[k]) * len;
  }
  return inside;
}

// The sight rules of terrain kind `kind` under `rs`; a ruleset that
// gives none (an older daemon): towns and steep hills block, woods limit.
function sightRule(rs, kind) {
  const rule = rs && (rs.sight || []).find((s) => s.kind === kind);
  if (rule) return rule;
  return { kind, blocks_sight: kind === 'TERRAIN_TOWN' || kind === 'TERRAIN_STEEP_HILL',
           sight_limited: kind === 'TERRAIN_WOODS' };
}

// The line of sight from unit `a` to unit `b` on `situation` under `rs`:
// { distance (cm), blocked, by: [feature ids], reason, crossed: [{ id,
// kind, length, effect }] }.
export function lineOfSight(situation, a, b, rs) {
  const p = a.centre, q = b.centre;
  const distance = Math.hypot(q.x - p.x, q.y - p.y);
  const visibility = rs && rs.woods_visibility_cm > 0 ? rs.woods_visibility_cm : 20;
  const through = rs && rs.woods_through_cm > 0 ? rs.woods_through_cm : 0;
  const crossed = [];
  const by = [];
  const reasons = [];
  let limitedLength = 0;
  const limited = [];
  for (const f of situation.terrain) {
    const rule = sightRule(rs, f.kind);
    const length = insideLength(p, q, f.polygon);
    const pIn = pointInPolygon(p, f.polygon), qIn = pointInPolygon(q, f.polygon);
    if (length <= 0.01 && !pIn && !qIn) continue;
    let effect = 'no effect on sight';
    if (rule.blocks_sight) {
      if (!pIn && !qIn) {
        effect = 'blocks sight';
        by.push(f.id);
        reasons.push(`${f.id} (${kindWords(f.kind)}) blocks sight`);
      } else {
        effect = 'blocks sight, but one end stands in it';
      }
    } else if (rule.sight_limited) {
      if (pIn && qIn) {
        if (distance > visibility + 0.01) {
          effect = `both in it: seen only ${visibility} cm within it`;
          by.push(f.id);
          reasons.push(`both ends are in ${f.id} (${kindWords(f.kind)}), ${distance.toFixed(1)} cm apart: ` +
                       `visibility within it is ${visibility} cm`);
        } else {
          effect = `both in it, within ${visibility} cm`;
        }
      } else {
        effect = `limits sight: ${length.toFixed(1)} cm inside`;
        limitedLength += length;
        limited.push(f.id);
      }
    }
    crossed.push({ id: f.id, kind: f.kind, length: Math.round(length * 10) / 10, effect });
  }
  if (through > 0 && limitedLength > through + 0.01) {
    for (const id of limited) if (!by.includes(id)) by.push(id);
    reasons.push(`${limitedLength.toFixed(1)} cm inside ${limited.join(', ')}: no more than ${through} cm ` +
                 'of such terrain can be seen through');
  }
  return { distance, blocked: by.length > 0, by, reason: reasons.join('; '), crossed };
}

export function kindWords(kind) {
  return String(kind).replace(/^TERRAIN_/, '').toLowerCase().replace(/_/g, ' ');
}
