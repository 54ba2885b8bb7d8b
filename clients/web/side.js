// side.js - "What does red (blue) do?": the AskSide request built from the
// commander panel, and its answer beside the table: every unit's order
// with the layer that decided it, the command dice and the search's own
// figures.

import { h } from './working.js';

// The AskSide body for `situation` and `side` ("SIDE_RED") from the
// panel's settings: { strategy, budgetMs, playouts, personality,
// difficulty, aggression, caution, seed } where aggression and caution
// are null when not set and seed is '' for the daemon's.  Throws with a
// reason when a setting is not a number.
export function askSideBody(situation, side, settings) {
  const body = { situation, side, strategy: settings.strategy || '' };
  const whole = (text, what) => {
    if (!/^\d+$/.test(text)) throw new Error(`${what}: a whole number is expected, not "${text}"`);
    return text;
  };
  if (settings.budgetMs) body.budget_ms = Number(whole(settings.budgetMs, 'budget'));
  if (settings.playouts) body.playouts = whole(settings.playouts, 'playouts');
  if (settings.personality) body.personality = settings.personality;
  if (settings.difficulty) body.difficulty = settings.difficulty;
  for (const key of ['aggression', 'caution']) {
    if (settings[key] !== null && settings[key] !== undefined) {
      body[`has_${key}`] = true;
      body[key] = Number(settings[key]);
    }
  }
  if (settings.seed) {
    body.has_seed = true;
    body.seed = whole(settings.seed, 'seed');
  }
  return body;
}

function num(v, digits = 1) { return Number(v).toFixed(digits); }

// Fill `box` with a SideOrders reply.
export function showSideOrders(box, reply) {
  const r = reply;
  const s = r.search || {};
  const side = r.side === 'SIDE_RED' ? 'red' : 'blue';
  const rows = (r.orders || []).map((o) => h('tr',
    { class: `side-order-row layer-${o.layer === 'commander' ? 'commander' : 'table'}`,
      'data-unit-id': o.unit_id, 'data-layer': o.layer, 'data-kind': o.kind },
    h('td', {}, o.unit_id),
    h('td', {}, h('span', { class: 'layer-tag' }, o.layer)),
    h('td', {}, o.text, o.charge ? h('b', { class: 'charge-flag' }, ' CHARGE') : null,
      o.tabletop ? h('div', { class: 'tabletop' }, `On the table: ${o.tabletop}`) : null,
      o.why ? h('div', { class: 'why' }, o.why) : null)));
  const figures = [
    ['strategy', s.strategy],
    ['playouts', `${s.playouts}${Number(s.playout_budget) ? ` of ${s.playout_budget}` : ''}`],
    ['time', `${num(s.elapsed_ms)} ms${s.budget_ms ? ` of ${num(s.budget_ms, 0)} ms` : ''}${s.stopped ? ' (stopped)' : ''}`],
    ['value', num(s.value, 3)],
    ['plans', s.plans],
    ['aggression, caution', `${num(s.aggression, 2)}, ${num(s.caution, 2)}`],
    ['enemies unseen', `${s.hidden}${s.remembered ? ` (${s.remembered} last seen somewhere)` : ''}`],
  ];
  const alts = (s.alternatives || []).map((a, i) => h('tr', { class: i === 0 ? 'alternative chosen' : 'alternative' },
    h('td', { class: 'num' }, String(a.visits)), h('td', { class: 'num' }, num(a.value, 3)), h('td', {}, a.plan)));
  box.replaceChildren(...[
    h('h3', { id: 'side-title', 'data-side': r.side },
      `${r.side_name || side}: turn ${r.turn}, ${r.phase}`),
    h('p', { class: 'legend' },
      h('span', { class: 'swatch layer-commander' }), ` commander (${r.commanded}) `,
      h('span', { class: 'swatch layer-table' }), ` actions table (${(r.orders || []).length - r.commanded})`),
    (r.command_roll || []).length
      ? h('ul', { id: 'side-command' }, r.command_roll.map((t) => h('li', {}, t)))
      : h('p', { class: 'hint' }, 'No command figure: every unit is on its actions table.'),
    h('table', { id: 'side-orders-list', class: 'working' },
      h('thead', {}, h('tr', {}, h('th', {}, 'unit'), h('th', {}, 'layer'), h('th', {}, 'order and why'))),
      h('tbody', {}, rows)),
    h('table', { id: 'side-figures', class: 'working' }, h('caption', {}, "The search's figures"),
      h('tbody', {}, figures.map(([k, v]) => h('tr', { 'data-name': k }, h('th', {}, k), h('td', {}, String(v)))))),
    alts.length ? h('table', { id: 'side-alternatives', class: 'working' }, h('caption', {}, 'Plans weighed, the chosen first'),
      h('thead', {}, h('tr', {}, h('th', {}, 'visits'), h('th', {}, 'value'), h('th', {}, 'plan'))),
      h('tbody', {}, alts)) : null,
    h('p', { class: 'provenance', id: 'side-provenance' },
      `ruleset ${r.ruleset} · tables ${String(r.tables_hash).slice(0, 12)} · seed ${r.seed}`),
  ].filter((node) => node));
}
