// draw.js - the table in SVG, to scale: one SVG unit is one centimetre.
//
// The table's y axis points to the far edge, SVG's down the screen, so a
// table point (x, y) is drawn at (x, depth - y).  Everything drawn for an
// answer carries its values in centimetres and unit ids as data-*
// attributes, so what is drawn can be read back and checked.

import { headline } from './working.js';
import { lengthText } from './sight.js';
import { corners, axes, centroid, shortName, findUnit, findTerrain, clamp, orderFacing } from './model.js';

const NS = 'http://www.w3.org/2000/svg';
const MARGIN = 6;
const USUAL_TABLE_CM = 240;    // text and margins are sized for about this
const MIN_TEXT_PX = 12;        // no text on the table smaller than this
const SMALLEST_TEXT = 2.1;     // the smallest text's size in --s units (.unit-status)

// The labels of the table, those placed first keeping their place: each
// later one is nudged off those before it.  Distances give way to
// terrain names, terrain names to the units' own.
const LABEL_ORDER = ['unit-label', 'unit-status', 'answer-label', 'answer-charge', 'order-label', 'terrain-label',
                     'objective-label', 'answer-note', 'sight-label', 'measure-label', 'scale-text'];

// How much bigger than usual the table is, so that text, margins and the
// grid stay readable on a large one.
function tableScale(sit) {
  return Math.max(1, Math.max(sit.table_width, sit.table_depth) / USUAL_TABLE_CM);
}

// Grid spacing: 10 cm, or coarser on a large table (at most ~60 lines).
const GRID_STEPS = [10, 50, 100, 500, 1000, 5000, 10000];
function gridStep(sit) {
  const longest = Math.max(sit.table_width, sit.table_depth);
  return GRID_STEPS.find((step) => longest / step <= 60) || GRID_STEPS[GRID_STEPS.length - 1];
}

const SIDE_CLASS = { SIDE_BLUE: 'blue', SIDE_RED: 'red' };

// Short markers of the status flags, shown beside a unit.
export const STATUS_MARKS = {
  loaded: 'L', fired: 'F', shock: 'S', fortified: 'Fort', commanded: 'C',
  ran_last_turn: 'Ran', retreating_from_melee: 'Ret', falling_back: 'FB',
  disloyal: 'D', routing: 'Rout', disordered: 'Dis', newly_disordered: 'NewDis',
};

export function el(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  }
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function fmt(v) { return Math.round(v * 1000) / 1000; }

// `text` on lines of about `width` characters, broken between words.
function wrapWords(text, width) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export class TableView {
  constructor(svg) {
    this.svg = svg;
    this.depth = 120;
    this.zoom = null;     // the viewBox {x, y, w, h} when zoomed, null: fit
    this.ts = 1;          // the text's scale (--s): legible on any screen
  }

  // The viewBox that shows the whole table with its margin.
  fitBox(sit) {
    const m = MARGIN * tableScale(sit);
    return { x: -m, y: -m, w: sit.table_width + 2 * m, h: sit.table_depth + 2 * m };
  }

  // The viewBox in force.
  box(sit) { return this.zoom || this.fitBox(sit); }

  // Zoom by `factor` (< 1: closer) keeping the point under the pointer
  // where it is; no closer than 10 cm across, no further than 4 tables.
  zoomAt(sit, clientX, clientY, factor) {
    const b = this.box(sit);
    const fit = this.fitBox(sit);
    const f = clamp(b.w * factor, 10, fit.w * 4) / b.w;
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    this.zoom = { x: p.x - (p.x - b.x) * f, y: p.y - (p.y - b.y) * f, w: b.w * f, h: b.h * f };
  }

  // Table point -> SVG point, and back.
  toSvg(p) { return { x: fmt(p.x), y: fmt(this.depth - p.y) }; }
  fromSvg(p) { return { x: p.x, y: this.depth - p.y }; }
  points(list) { return list.map((p) => { const s = this.toSvg(p); return `${s.x},${s.y}`; }).join(' '); }

  // Browser client coordinates -> table point.
  clientToTable(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const s = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return this.fromSvg(s);
  }

  // Table point -> browser client coordinates (for tests and tooltips).
  tableToClient(x, y) {
    const s = this.toSvg({ x, y });
    const pt = this.svg.createSVGPoint();
    pt.x = s.x;
    pt.y = s.y;
    const c = pt.matrixTransform(this.svg.getScreenCTM());
    return { x: c.x, y: c.y };
  }

  // Draw everything: the table, terrain, units, the selection and the
  // last answer.
  render(state) {
    const sit = state.situation;
    this.depth = sit.table_depth;
    const svg = this.svg;
    svg.replaceChildren();
    const b = this.box(sit);
    // Text at least MIN_TEXT_PX on the screen, however small the table is
    // drawn (a phone): --s scales every label and its offsets.
    const ppu = Math.min(svg.clientWidth / b.w, svg.clientHeight / b.h);
    const legible = ppu > 0 ? MIN_TEXT_PX / (SMALLEST_TEXT * ppu) : 1;
    this.ts = Math.max(tableScale(sit), legible);
    svg.style.setProperty('--s', String(this.ts));
    svg.setAttribute('viewBox', `${b.x} ${b.y} ${b.w} ${b.h}`);
    this.defs(svg);
    this.drawTable(svg, sit);
    const terrain = el('g', { id: 'layer-terrain' }, svg);
    for (const t of sit.terrain) this.drawTerrain(terrain, t, state);
    if (state.replayFrame) this.drawObjectives(svg, state.replayFrame);
    const units = el('g', { id: 'layer-units' }, svg);
    for (const u of sit.units) this.drawUnit(units, u, state);
    if (state.replayFrame) this.drawReplay(svg, state);
    if (state.sideOrders) this.drawSideOrders(svg, state);
    if (state.answer) this.drawAnswer(svg, state);
    if (state.sight) this.drawSight(svg, state);
    if (state.measure) this.drawMeasure(svg, state.measure);
    this.drawHandles(svg, state);
    this.placeLabels(svg, b);
  }

  // Move the labels off one another: each, in LABEL_ORDER, is tried where
  // it was drawn, then ever further above, below and to the sides of it,
  // until its box overlaps none placed before it and lies inside the view
  // `view` (a viewBox).  A label that finds no free place within reach
  // stays where it was drawn (data-overlap).
  placeLabels(svg, view) {
    const texts = [];
    for (const cls of LABEL_ORDER) texts.push(...svg.querySelectorAll(`text.${cls}`));
    const placed = [];
    const pad = 0.15 * this.ts;
    const hits = (r) => placed.some((q) => r.x < q.x + q.width + pad && q.x < r.x + r.width + pad &&
                                          r.y < q.y + q.height + pad && q.y < r.y + r.height + pad);
    for (const t of texts) {
      let box;
      try { box = t.getBBox(); } catch (e) { continue; }
      if (!box.width) continue;
      const dy = box.height * 0.6, dx = box.width * 0.3;
      let best = null;
      for (let r = 0; r <= 12 && !best; r++) {
        const tries = r === 0 ? [[0, 0]]
          : [[0, -r], [0, r], [r, 0], [-r, 0], [r, -r], [-r, -r], [r, r], [-r, r]];
        for (const [i, j] of tries) {
          const cand = { x: box.x + i * dx, y: box.y + j * dy, width: box.width, height: box.height };
          const inside = cand.x >= view.x && cand.y >= view.y && cand.x + cand.width <= view.x + view.w &&
                         cand.y + cand.height <= view.y + view.h;
          if ((inside || box.width > view.w) && !hits(cand)) { best = { cand, i, j }; break; }
        }
      }
      if (!best) {
        t.dataset.overlap = '1';
        placed.push(box);
        continue;
      }
      if (best.i || best.j) {
        t.setAttribute('transform', `translate(${fmt(best.i * dx)} ${fmt(best.j * dy)})`);
        t.classList.add('nudged');
      }
      placed.push(best.cand);
    }
  }

  // The measuring tape: from where the drag began to where it is.
  drawMeasure(svg, m) {
    const g = el('g', { id: 'measure-tape', 'data-cm': m.cm.toFixed(3), 'data-text': m.text }, svg);
    const a = this.toSvg(m.from), b = this.toSvg(m.to);
    el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'measure-line' }, g);
    for (const p of [a, b]) el('circle', { cx: p.x, cy: p.y, r: 0.6 * this.ts, class: 'measure-end' }, g);
    el('text', { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 1.2 * this.ts, class: 'measure-label',
                 'text-anchor': 'middle' }, g, m.text);
  }

  // The line of sight between two units: green when clear, red when
  // blocked, with what blocks it.
  drawSight(svg, state) {
    const { from, to, result, text } = state.sight;
    const a = findUnit(state.situation, from), b = findUnit(state.situation, to);
    if (!a || !b) return;
    const g = el('g', { id: 'sight', 'data-from': from, 'data-to': to, 'data-blocked': result.blocked ? 1 : 0 }, svg);
    const p = this.toSvg(a.centre), q = this.toSvg(b.centre);
    el('line', { id: 'sight-line', x1: p.x, y1: p.y, x2: q.x, y2: q.y,
                 class: `sight-line ${result.blocked ? 'blocked' : 'clear'}` }, g);
    el('text', { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 + 2.5 * this.ts, class: 'sight-label', 'text-anchor': 'middle' },
       g, result.blocked ? `blocked by ${result.by.join(', ')} · ${text}` : `clear · ${text}`);
  }

  defs(svg) {
    const defs = el('defs', {}, svg);
    for (const [id, cls] of [['arrow', 'arrow-head'], ['arrow-charge', 'arrow-head charge'],
                             ['arrow-facing', 'arrow-head facing'],
                             ['arrow-commander', 'arrow-head commander'], ['arrow-table', 'arrow-head table']]) {
      const m = el('marker', { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4,
                               markerHeight: 4, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', class: cls }, m);
    }
    const hatch = el('pattern', { id: 'hatch', width: 3, height: 3, patternUnits: 'userSpaceOnUse',
                                  patternTransform: 'rotate(45)' }, defs);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 3, class: 'hatch-line' }, hatch);
  }

  drawTable(svg, sit) {
    const g = el('g', { id: 'layer-table' }, svg);
    el('rect', { id: 'table-cloth', x: 0, y: 0, width: sit.table_width, height: sit.table_depth,
                 class: 'cloth' }, g);
    const step = gridStep(sit);
    const major = step * 5;
    for (let x = step; x < sit.table_width; x += step) {
      el('line', { x1: x, y1: 0, x2: x, y2: sit.table_depth, class: x % major ? 'grid' : 'grid major' }, g);
    }
    for (let y = step; y < sit.table_depth; y += step) {
      const sy = sit.table_depth - y;
      el('line', { x1: 0, y1: sy, x2: sit.table_width, y2: sy, class: y % major ? 'grid' : 'grid major' }, g);
    }
    // A scale bar of one grid step under the near edge.
    const scale = tableScale(sit);
    const by = sit.table_depth + MARGIN * scale * 0.55;
    el('line', { x1: 0, y1: by, x2: step, y2: by, class: 'scale-bar' }, g);
    el('text', { x: step + 1.5 * scale, y: by + scale, class: 'scale-text' }, g, `${step} cm`);
    el('text', { x: sit.table_width, y: by + scale, class: 'scale-text edge', 'text-anchor': 'end' },
       g, `${sit.table_width} × ${sit.table_depth} cm — near edge`);
  }

  drawTerrain(parent, t, state) {
    const selected = state.selected && state.selected.kind === 'terrain' && state.selected.id === t.id;
    const g = el('g', { class: `terrain kind-${shortName(t.kind).replace(/ /g, '-')}${selected ? ' selected' : ''}`,
                        'data-id': t.id, 'data-kind': 'terrain' }, parent);
    el('polygon', { points: this.points(t.polygon), class: 'terrain-shape' }, g);
    if (t.polygon.length) {
      const c = this.toSvg(centroid(t.polygon));
      el('text', { x: c.x, y: c.y, class: 'terrain-label', 'text-anchor': 'middle' }, g,
         `${t.id} (${shortName(t.kind)})`);
    }
    el('title', {}, g, `${t.id}: ${shortName(t.kind)}, cover ${shortName(t.cover)}`);
  }

  drawUnit(parent, u, state) {
    const selected = state.selected && state.selected.kind === 'unit' && state.selected.id === u.id;
    const asked = state.answer && state.answer.unitId === u.id;
    const cls = ['unit', SIDE_CLASS[u.side] || 'blue', shortName(u.arm).replace(/ /g, '-')];
    if (selected) cls.push('selected');
    if (asked) cls.push('asked');
    if (u.approx) cls.push('approx');   // a replay's estimate of where it is
    const g = el('g', { class: cls.join(' '), 'data-id': u.id, 'data-kind': 'unit' }, parent);
    const c = corners(u.centre, u.facing, u.width, u.depth);
    el('polygon', { points: this.points(c), class: 'unit-body' }, g);
    const fl = this.toSvg(c[0]), fr = this.toSvg(c[1]);
    el('line', { x1: fl.x, y1: fl.y, x2: fr.x, y2: fr.y, class: 'unit-front' }, g);
    // A small pointer ahead of the front edge shows the facing.
    const { ahead, right } = axes(u.facing);
    const tip = { x: u.centre.x + ahead.x * (u.depth / 2 + 2.5), y: u.centre.y + ahead.y * (u.depth / 2 + 2.5) };
    const base = (s) => ({ x: u.centre.x + ahead.x * (u.depth / 2) + right.x * s,
                           y: u.centre.y + ahead.y * (u.depth / 2) + right.y * s });
    el('polygon', { points: this.points([tip, base(1.5), base(-1.5)]), class: 'unit-pointer' }, g);
    const lc = this.toSvg(u.centre);
    el('text', { x: lc.x, y: lc.y + 0.9 * this.ts, class: 'unit-label', 'text-anchor': 'middle' }, g, u.id);
    const marks = Object.keys(STATUS_MARKS).filter((k) => u.status && u.status[k]).map((k) => STATUS_MARKS[k]);
    const lost = (u.wounded || 0) + (u.killed || 0);
    const badge = [`${(u.figures || 0) - (u.killed || 0)}/${u.figures || 0}`];
    if (lost) badge.push(`${u.wounded || 0}w ${u.killed || 0}k`);
    if (marks.length) badge.push(marks.join(' '));
    // Under the footprint as drawn: its lowest corner on the screen.
    const low = Math.max(...c.map((p) => this.toSvg(p).y));
    el('text', { x: lc.x, y: low + 2.4 * this.ts, class: 'unit-status',
                 'text-anchor': 'middle', 'data-status': marks.join(' ') }, g, badge.join(' · '));
    el('title', {}, g, `${u.id}: ${shortName(u.side)} ${shortName(u.quality)} ${shortName(u.arm)}, ` +
       `${u.weapon}, ${shortName(u.formation)}; facing ${u.facing}°`);
  }

  // The rotate handle of the selected unit, ahead of its front.
  drawHandles(svg, state) {
    const g = el('g', { id: 'layer-handles' }, svg);
    if (!state.selected || state.selected.kind !== 'unit') return;
    const u = findUnit(state.situation, state.selected.id);
    if (!u) return;
    const { ahead } = axes(u.facing);
    const reach = u.depth / 2 + 7;
    const h = { x: u.centre.x + ahead.x * reach, y: u.centre.y + ahead.y * reach };
    const a = this.toSvg(u.centre), b = this.toSvg(h);
    el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'handle-stem' }, g);
    el('circle', { id: 'rotate-handle', cx: b.x, cy: b.y, r: 1.8, class: 'handle',
                   'data-unit-id': u.id }, g);
  }

  // The answer on the table: where the unit goes and how it faces, the
  // cover it chose, the enemy it shoots at, the nearest enemy, charge.
  drawAnswer(svg, state) {
    const { unitId, decision, stale } = state.answer;
    const sit = state.situation;
    const u = findUnit(sit, unitId);
    const geo = decision.geometry || {};
    const g = el('g', { id: 'answer', class: stale ? 'stale' : '', 'data-unit-id': unitId,
                        'data-action': decision.action, 'data-charge': decision.charge ? 1 : 0 }, svg);
    if (!u) return;
    const from = u.centre;
    const groupIds = geo.group_unit_ids || [];
    for (const id of groupIds) {
      const m = findUnit(sit, id);
      if (m && id !== unitId) {
        el('polygon', { points: this.points(corners(m.centre, m.facing, m.width + 2, m.depth + 2)),
                        class: 'answer-group', 'data-unit-id': id }, g);
      }
    }
    if (geo.cover_id) {
      const t = findTerrain(sit, geo.cover_id);
      if (t) {
        el('polygon', { id: 'answer-cover', points: this.points(t.polygon), class: 'answer-cover',
                        'data-cover-id': t.id }, g);
      }
    }
    if (geo.nearest_enemy_id) {
      const e = findUnit(sit, geo.nearest_enemy_id);
      if (e) {
        const a = this.toSvg(from), b = this.toSvg(e.centre);
        el('line', { id: 'answer-nearest', x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'answer-nearest',
                     'data-enemy-id': e.id, 'data-distance': geo.nearest_enemy_distance }, g);
        el('text', { x: (a.x + b.x) / 2 + 1, y: (a.y + b.y) / 2, class: 'answer-note' }, g,
           lengthText(geo.nearest_enemy_distance, decision));
      }
    }
    if (geo.shoot_target_id) {
      const e = findUnit(sit, geo.shoot_target_id);
      if (e) {
        const a = this.toSvg(from), b = this.toSvg(e.centre);
        el('line', { id: 'answer-target', x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'answer-target',
                     'data-target-id': e.id, 'marker-end': 'url(#arrow)' }, g);
      }
    }
    const to = geo.has_destination && geo.destination ? geo.destination : from;
    if (geo.has_destination && geo.destination) {
      const a = this.toSvg(from), b = this.toSvg(to);
      el('line', { id: 'answer-path', x1: a.x, y1: a.y, x2: b.x, y2: b.y,
                   class: decision.charge ? 'answer-path charge' : 'answer-path',
                   'data-x1': from.x, 'data-y1': from.y, 'data-x2': to.x, 'data-y2': to.y,
                   'data-distance': geo.move_distance, 'data-pace': geo.pace || '',
                   'marker-end': decision.charge ? 'url(#arrow-charge)' : 'url(#arrow)' }, g);
    }
    const facing = typeof geo.facing === 'number' ? geo.facing : u.facing;
    el('polygon', { id: 'answer-ghost', points: this.points(corners(to, facing, u.width, u.depth)),
                    class: 'answer-ghost', 'data-x': to.x, 'data-y': to.y, 'data-facing': facing }, g);
    const { ahead } = axes(facing);
    const tip = { x: to.x + ahead.x * (u.depth / 2 + 6), y: to.y + ahead.y * (u.depth / 2 + 6) };
    const a = this.toSvg(to), b = this.toSvg(tip);
    el('line', { id: 'answer-facing', x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'answer-facing',
                 'data-facing': facing, 'marker-end': 'url(#arrow-facing)' }, g);
    const label = [headline(decision)];
    if (geo.pace) label.push(`at ${geo.pace}`);
    const lp = this.toSvg(to);
    const text = el('text', { id: 'answer-label', x: lp.x, y: lp.y - Math.max(u.width, u.depth) / 2 - 4.5,
                              class: 'answer-label', 'text-anchor': 'middle', 'data-text': label.join(' ') }, g);
    // a long cell of the ruleset's table on short lines, the last at the
    // label's place
    const lines = wrapWords(label.join(' '), 24);
    lines.forEach((line, i) => el('tspan', { x: lp.x, dy: i ? '1.1em' : `${-1.1 * (lines.length - 1)}em` }, text, line));
    if (decision.charge) {
      el('text', { id: 'answer-charge', x: lp.x, y: lp.y + Math.max(u.width, u.depth) / 2 + 7,
                   class: 'answer-charge', 'text-anchor': 'middle' }, g, 'CHARGE!');
    }
  }

  // A side's orders (a SideOrders reply) on the table: each unit's path,
  // where it ends and how it faces, and the line to its target, coloured
  // by the layer that decided it (commander or table).
  drawSideOrders(svg, state) {
    const { reply, stale } = state.sideOrders;
    const sit = state.situation;
    const g = el('g', { id: 'side-orders', class: stale ? 'stale' : '', 'data-side': reply.side }, svg);
    for (const o of reply.orders || []) {
      const u = findUnit(sit, o.unit_id);
      if (!u) continue;
      const layer = o.layer === 'commander' ? 'commander' : 'table';
      const og = el('g', { class: `side-order layer-${layer}${o.charge ? ' charge' : ''}`, 'data-unit-id': o.unit_id,
                           'data-layer': o.layer, 'data-kind': o.kind, 'data-charge': o.charge ? 1 : 0 }, g);
      const from = u.centre;
      const to = o.has_destination && o.destination ? o.destination : from;
      const facing = orderFacing(o, u);
      if (o.has_destination && o.destination) {
        const a = this.toSvg(from), b = this.toSvg(to);
        el('line', { class: 'order-path', x1: a.x, y1: a.y, x2: b.x, y2: b.y,
                     'data-x1': from.x, 'data-y1': from.y, 'data-x2': to.x, 'data-y2': to.y,
                     'marker-end': `url(#arrow-${layer})` }, og);
      }
      el('polygon', { class: 'order-ghost', points: this.points(corners(to, facing, u.width, u.depth)),
                      'data-x': to.x, 'data-y': to.y, 'data-facing': facing }, og);
      const { ahead } = axes(facing);
      const tip = { x: to.x + ahead.x * (u.depth / 2 + 5), y: to.y + ahead.y * (u.depth / 2 + 5) };
      const a = this.toSvg(to), b = this.toSvg(tip);
      el('line', { class: 'order-facing', x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'data-facing': facing,
                   'marker-end': `url(#arrow-${layer})` }, og);
      if (o.target_id) {
        const t = findUnit(sit, o.target_id);
        if (t) {
          const c = this.toSvg(t.centre);
          el('line', { class: 'order-target', x1: a.x, y1: a.y, x2: c.x, y2: c.y, 'data-target-id': t.id }, og);
        }
      }
      el('text', { class: 'order-label', x: a.x, y: a.y - Math.max(u.width, u.depth) / 2 - 2.5, 'text-anchor': 'middle' },
         og, `${o.kind.replace(/_/g, ' ')}${o.charge ? ' — CHARGE!' : ''}`);
      el('title', {}, og, `${o.unit_id} (${o.layer}): ${o.text}${o.why ? `\n${o.why}` : ''}`);
    }
  }

  // A battle's objectives, shaded by the side holding them.
  drawObjectives(svg, frame) {
    const g = el('g', { id: 'layer-objectives' }, svg);
    for (const ob of frame.objectives || []) {
      const c = this.toSvg(ob);
      el('circle', { class: `objective held-${ob.held_by || 'nobody'}`, cx: c.x, cy: c.y, r: ob.radius,
                     'data-id': ob.id, 'data-held-by': ob.held_by || '' }, g);
      el('text', { class: 'objective-label', x: c.x, y: c.y - ob.radius - 1, 'text-anchor': 'middle' }, g,
         `${ob.id}${ob.value > 1 ? ` (${ob.value})` : ''}: ${ob.held_by || 'nobody'}`);
    }
  }

  // One turn of a battle replay: each unit's way this turn, coloured by
  // who ordered it (the actions table or the strategy), and where the
  // units that left the table or were destroyed stood.
  drawReplay(svg, state) {
    const frame = state.replayFrame;
    const g = el('g', { id: 'replay', 'data-turn': frame.turn }, svg);
    for (const m of frame.moves) {
      const a = this.toSvg(m.from), b = this.toSvg(m.to);
      const layer = m.layer && m.layer !== 'table' ? 'commander' : 'table';
      el('line', { class: `replay-move layer-${layer}${m.approx ? ' approx' : ''}${m.charge ? ' charge' : ''}`,
                   x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'data-unit-id': m.unit_id, 'data-layer': m.layer || '',
                   'marker-end': `url(#arrow-${layer})` }, g);
    }
    for (const gone of frame.gone) {
      const c = this.toSvg(gone.at);
      el('path', { class: `gone-mark ${SIDE_CLASS[gone.side] || ''}`, 'data-unit-id': gone.id,
                   d: `M${c.x - 3},${c.y - 3} L${c.x + 3},${c.y + 3} M${c.x - 3},${c.y + 3} L${c.x + 3},${c.y - 3}` }, g);
      el('text', { class: 'answer-note', x: c.x + 3.5, y: c.y }, g, `${gone.id} ${gone.why}`);
    }
  }
}
