/*  throws.c - the dice of a player's own shooting and melee, ruleset by
 *  ruleset, in the words of its text.
 *
 *  The engines throw these dice themselves when the daemon plays a
 *  battle; the sides of each die are fixed by the text (the table files
 *  hold the scores and counts, not the die), so they are written here
 *  once, each with the line of the text it comes from, for Hello to tell
 *  a front end which dice to throw for the player.
 */
#include <stddef.h>
#include <string.h>
#include "throws.h"

/*  Seed 002 (skirmish QRS): "To Hit: Throw a D8", "Shooting Damage
 *  Caused ... D6 roll", "each figure throws a D6". */
static const throw_t skirmish19[] = {
    { "shooting", "to hit", 8, "one per shooter (1 per 2 figures "
      "stationary, 1 per 3 moving)", 0, "To Hit: throw a D8; the score by "
      "range and cover (short 2, 4, 6; medium 4, 6, 7; long 6, 7, 8 in the "
      "open, soft and hard cover)" },
    { "shooting", "damage", 6, "one per hit", 0, "Damage: a D6 per hit, +1 "
      "hero, -1 raw shooters; gunpowder weapons graze on 1-2, wound on 3-4, "
      "kill on 5-6" },
    { "melee", "figure against figure", 6, "one per figure matched", 0,
      "Each figure throws a D6: -1 raw or per enemy over 1 in contact, +1 "
      "hero, +1 better melee weapon; the better score wins, a natural 5 "
      "wounds and a natural 6 kills" },
};

/*  Seed 001 (Empire of Liberty): "All dice are ordinary six-sided dice",
 *  "roll one die for each. ... Any roll of a 6 kills", "rolls one die for
 *  each figure on it". */
static const throw_t empire_of_liberty[] = {
    { "shooting", "kills", 6, "one per eligible figure (artillery one per "
      "pound of shot), multiplied by the modifiers", 6, "Any roll of a 6 "
      "kills an enemy figure" },
    { "melee", "kills", 6, "one per figure on a base in frontal contact",
      0, "Artillerists and foot skirmishers kill on a 6, formed infantry "
      "and mounted rifles on 5-6, cavalry on 4-6; Elite and Veteran +1, "
      "Green and Poor -1, disordered -1" },
};

/*  Seed 004 (19th Century Europe QRS): the Firing table's "Dice",
 *  "Saving roll", "Hand-to-Hand Combat (Hit on 4+) Die per base". */
static const throw_t europe19[] = {
    { "shooting", "to hit", 6, "the weapon's dice per base", 0, "Firing "
      "Table: the score by the firer's row and the target's order (2+ to "
      "6)" },
    { "shooting", "saving roll", 6, "one per hit", 0, "Saving roll: by the "
      "target's weapon, order and ground (3+ to 6, none in the open for "
      "most)" },
    { "melee", "hits", 6, "the dice per base of the Hand-to-Hand table", 4,
      "Hand-to-Hand Combat: hit on 4+; +1 die per base attacking flank or "
      "rear, on higher ground; -1 cavalry against close order infantry" },
};

/*  Seed 003 (4 Page Bolivar): "The primary shooter gets 2d6 per resolve
 *  if a heavy gun, otherwise 1d6 per resolve", "The primary fighter gets
 *  1d6 or 2d6 per resolve". */
static const throw_t bolivar[] = {
    { "shooting", "hits", 6, "1d6 per resolve (2d6 a heavy gun); a "
      "secondary shooter 1d6", 0, "Each hit weakens the enemy resolve by "
      "1; the QRS gives the score to hit (6, or 5-6)" },
    { "melee", "hits", 6, "1d6 or 2d6 per resolve; a secondary fighter 1d6",
      0, "Each hit weakens the enemy resolve by 1; the QRS gives the score "
      "to hit" },
};

/*  Seed 000 (house rules for Liberators QPR, played over 4 Page
 *  Bolivar): "Stands at the front of a unit fire", "These stands fight
 *  in melee", "Use markers to represent loses rather than removing
 *  stands" (the overlay's RULINGS.md: a die a stand that fires or
 *  fights, where the host throws a die a point of resolve). */
static const throw_t liberators_house[] = {
    { "shooting", "hits", 6, "1d6 per stand that fires (2d6 a heavy gun's); "
      "a secondary shooter 1d6; -2 guns at guns, -1 at cavalry that "
      "retreats", 0, "Each hit a casualty marker; a unit routs at as many "
      "markers as stands" },
    { "melee", "hits", 6, "1d6 per stand that fights (2d6 charging horse "
      "and spearmen); a secondary fighter 1d6; +3 cavalry in good order "
      "against disordered troops", 0, "Each hit a casualty marker; the side "
      "that took more loses (a die each on a tie)" },
};

#define THROWS(name) { #name, name, sizeof name / sizeof name[0] }
static const struct {
    const char *name;
    const throw_t *throws;
    size_t count;
} s_rulesets[] = {
    THROWS (skirmish19), THROWS (empire_of_liberty), THROWS (europe19),
    THROWS (bolivar), THROWS (liberators_house),
};

int
throws_of (const char *name, const throw_t **out)
{
    *out = NULL;
    for (size_t i = 0; name && i < sizeof s_rulesets / sizeof s_rulesets[0];
         i++)
        if (strcmp (name, s_rulesets[i].name) == 0) {
            *out = s_rulesets[i].throws;
            return (int) s_rulesets[i].count;
        }
    return 0;
}
