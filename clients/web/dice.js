// dice.js - the player's own dice, thrown in the browser: the throws of
// the ruleset in force as Hello gives them (RulesetInfo.throws: the die,
// how many, the score the text fixes, the rule in its words).
//
// The faces come from crypto.getRandomValues, unbiased by rejection.
// The protocol takes one throw of a player's: the D6 of a unit's actions
// table this turn (UnitUpdate.roll), which the page can report to a game;
// the dice of shooting and melee are the player's to apply on his table.

import { h } from './working.js';

// One face of a D`sides`, 1..sides.
export function rollDie(sides, random = crypto) {
  const limit = Math.floor(0x100000000 / sides) * sides;   // reject above: no bias
  const word = new Uint32Array(1);
  for (;;) {
    random.getRandomValues(word);
    if (word[0] < limit) return (word[0] % sides) + 1;
  }
}

export function throwDice(count, sides, random = crypto) {
  return Array.from({ length: count }, () => rollDie(sides, random));
}

// A throw's name in the panel: "shooting — to hit (D8)".
export function throwName(t) {
  return `${t.action} — ${t.step} (D${t.sides})`;
}

// Fill `box` with a roll: every face (modified by `modifier`), the faces
// that reach `score` marked and counted when there is a score.
export function showRoll(box, t, faces, score, modifier) {
  const counted = faces.map((f) => f + modifier);
  const hits = score ? counted.filter((v) => v >= score).length : null;
  box.replaceChildren(...[
    h('p', { id: 'dice-headline', class: 'verdict', 'data-sides': t.sides, 'data-count': faces.length,
             'data-hits': hits === null ? '' : hits },
      `${faces.length}D${t.sides}${modifier ? ` ${modifier > 0 ? '+' : ''}${modifier}` : ''}`,
      hits === null ? '' : `: ${hits} of ${faces.length} score ${score}+`),
    h('p', { id: 'dice-faces', class: 'dice-faces' }, faces.map((f, i) => h('span', {
      class: `die${score && counted[i] >= score ? ' hit' : ''}`, 'data-face': f,
      title: modifier ? `${f} ${modifier > 0 ? '+' : ''}${modifier} = ${counted[i]}` : String(f),
    }, String(f)))),
    h('p', { class: 'why' }, `${t.count}. ${t.text}`),
  ]);
  return hits;
}
