// working.js - the answer's working beside the table: every factor, the
// roll, the cell, the morale, the geometry, and all six outcomes.

import { lengthText } from './sight.js';

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return node;
}

function signed(v) { return v > 0 ? `+${v}` : String(v); }
// A length of the answer in its ruleset's unit with cm beside ("4.8 in
// (12.2 cm)"): the decision says which unit.
function cm(v, d) { return lengthText(Math.round(v * 10) / 10, d); }
function words(action) { return action.replace(/_/g, ' '); }

// The action as the table should read it: a "(Charge?)" cell whose enemy
// is out of reach does not charge.
export function actionWords(action, charge) {
  if (action.endsWith('_charge') && !charge) return `${words(action.slice(0, -7))} (no charge)`;
  return words(action);
}

// The answer's headline in the ruleset's words: the cell of its actions
// table the daemon gives for the action ("Move towards the nearest
// visible enemy"), not the action's internal name; a "(Charge?)" cell says
// whether the charge goes in.
export function headline(d) {
  const outs = d.outcomes || [];
  const o = outs.find((x) => x.roll === d.roll && x.action === d.action) || outs.find((x) => x.action === d.action);
  if (!o || !o.text) return actionWords(d.action, d.charge);
  const text = o.text.replace(/\s*\(Charge\?\)\s*$/, '');
  if (/\(Charge\?\)\s*$/.test(o.text) && !d.charge) return `${text} (no charge)`;
  return text;
}

// Fill `box` with the working of `decision` (a UnitDecision object).
export function showWorking(box, decision) {
  const d = decision;
  const geo = d.geometry || {};
  const die = d.roll_from_player ? "the player's die" : `the daemon's die, seed ${d.seed}`;
  box.replaceChildren(...[
    h('h3', { id: 'working-title' }, `${d.unit_id || 'look-up'} (${d.arm})`),
    h('p', { class: 'verdict' },
      h('span', { id: 'working-action', 'data-action': d.action, 'data-charge': d.charge ? 1 : 0 },
        headline(d)),
      d.charge ? h('span', { class: 'charge-flag' }, ' — CHARGE!') : null),
    d.action.endsWith('_charge') && !d.charge
      ? h('p', { class: 'hint' }, 'Charge? no: no enemy within charge reach.') : null,
    h('p', {}, 'Risk Factor ', h('b', { id: 'working-rf', 'data-rf': d.rf }, String(d.rf)),
      ` (${d.rf_band}), rolled `, h('b', { id: 'working-roll', 'data-roll': d.roll }, String(d.roll)),
      ` (${die})`),
    factorTable(d),
    h('p', { id: 'working-morale', 'data-morale': d.morale }, h('b', {}, 'Morale: '),
      `${d.morale}${d.morale_text ? ` — ${d.morale_text}` : ''}`),
    geometryList(geo, d),
    outcomeTable(d),
    d.explanation ? h('pre', { id: 'working-explanation' }, d.explanation) : null,
    h('p', { class: 'provenance', id: 'working-provenance' },
      `Decided by the ${d.layer} layer · ruleset ${d.ruleset} · tables ${String(d.tables_hash).slice(0, 12)}`),
  ].filter((node) => node));
}

function factorTable(d) {
  const rows = (d.factors || []).map((f) => h('tr', { class: 'factor', 'data-name': f.name, 'data-value': f.value },
    h('td', { class: 'num' }, signed(f.value)), h('td', {}, f.name.replace(/_/g, ' ')), h('td', {}, f.reason)));
  if (!rows.length) rows.push(h('tr', {}, h('td', { colspan: 3 }, 'no factor applies')));
  return h('table', { id: 'working-factors', class: 'working' },
    h('thead', {}, h('tr', {}, h('th', {}, 'RF'), h('th', {}, 'factor'), h('th', {}, 'why'))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {}, h('td', { class: 'num' }, String(d.rf)), h('td', { colspan: 2 }, `total: ${d.rf_band}`))));
}

function geometryList(geo, d) {
  const items = [];
  if (geo.nearest_enemy_id) {
    items.push(`nearest enemy ${geo.nearest_enemy_id} at ${cm(geo.nearest_enemy_distance, d)}` +
      `; in weapon range: ${geo.enemy_in_weapon_range ? 'yes' : 'no'}` +
      `${geo.range_band && geo.range_band !== 'none' ? ` (${geo.range_band} range)` : ''}` +
      `; in charge reach: ${geo.enemy_in_charge_reach ? 'yes' : 'no'}`);
  } else {
    items.push('no enemy in sight');
  }
  if (geo.cover_id) items.push(`cover chosen: ${geo.cover_id}`);
  // the formation it takes before it moves (a europe19 line forms column)
  if (geo.formation) items.push(`forms ${geo.formation} before it moves`);
  if (geo.has_destination && geo.destination) {
    items.push(`moves to (${geo.destination.x.toFixed(1)}, ${geo.destination.y.toFixed(1)}), ` +
      `${cm(geo.move_distance, d)}${geo.pace ? ` at ${geo.pace}` : ''}`);
  }
  items.push(`facing ${Math.round(geo.facing || 0)}° after the action`);
  // the enemy charged: not always the nearest (one beyond reach is passed over)
  if (geo.charge_target_id) items.push(`charges ${geo.charge_target_id}`);
  if (geo.shoot_target_id) {
    items.push(`shoots at ${geo.shoot_target_id}`);
  } else if (geo.no_shot) {
    // the wire's reason ("out_of_range") in words, and the unit it names
    const who = geo.no_shot_unit_id ? `: ${geo.no_shot_unit_id}` : '';
    items.push(`shoots at nothing (${words(geo.no_shot)}${who})`);
  }
  if (geo.group_unit_ids && geo.group_unit_ids.length > 1) {
    items.push(`diced together: ${geo.group_unit_ids.join(', ')}`);
  }
  return h('ul', { id: 'working-geometry' }, items.map((t) => h('li', {}, t)));
}

function outcomeTable(d) {
  const rows = (d.outcomes || []).map((o) => h('tr',
    { class: o.roll === d.roll ? 'outcome rolled' : 'outcome', 'data-roll': o.roll,
      'data-action': o.action, 'data-charge': o.charge ? 1 : 0 },
    h('td', { class: 'num' }, String(o.roll)),
    h('td', {}, o.text || words(o.action), o.charge ? h('b', { class: 'charge-flag' }, ' charge') : null),
    h('td', {}, o.morale)));
  return h('table', { id: 'working-outcomes', class: 'working' },
    h('caption', {}, 'Every face of the die'),
    h('thead', {}, h('tr', {}, h('th', {}, 'D6'), h('th', {}, 'the unit will'), h('th', {}, 'morale'))),
    h('tbody', {}, rows));
}

// An error reply or a failure, in the working box.
export function showError(box, err) {
  box.replaceChildren(h('div', { id: 'answer-error', class: 'error', 'data-code': err.code || 'TRANSPORT',
                                 'data-field': err.field || '' },
    h('b', {}, err.code ? `error ${err.code}` : 'no answer'),
    err.field ? ` (${err.field})` : '', ': ', err.detail || err.message));
}
