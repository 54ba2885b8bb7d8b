/*  eol_morale.h - Empire of Liberty's morale checks (2D6 against 12, 11,
 *  10, 9 or 8 with their modifiers; falling back, routing, refusing to
 *  charge), and the fate of leaders and standards.  Pure functions of the
 *  tables and the dice.
 */
#ifndef SOLO_EOL_MORALE_H
#define SOLO_EOL_MORALE_H

#include <stdbool.h>
#include "dice.h"
#include "eol_tables.h"

/*  Why a unit checks. */
typedef enum {
    EOL_CHECK_CASUALTIES = 0,     /* it took casualties (fire or melee) */
    EOL_CHECK_TO_CHARGE,          /* it is ordered to charge */
    EOL_CHECK_CHARGED,            /* the charging unit goes in on it */
    EOL_CHECK_FIRED_ON_CHARGING   /* it took fire while charging */
} eol_check_t;
#define EOL_CHECK_COUNT 4

/*  The unit's situation at the check. */
typedef struct {
    eol_check_t why;
    eol_grade_t grade;
    int figures;              /* its strength at the start (> 0) */
    int lost;                 /* casualties so far, this action's included */
    int casualties_now;       /* casualties of the action causing it */
    bool skirmish;            /* in skirmish order */
    bool leader_in_contact;
    bool standard_captured;   /* its own standard is lost */
    bool fired_this_turn;     /* counts only when receiving a charge */
} eol_morale_in_t;

/*  What comes of it. */
typedef enum {
    EOL_MORALE_PASS = 0,          /* stands in good order / charges */
    EOL_MORALE_FALL_BACK,         /* falls back in disorder a full column
                                     move, in formation, facing away */
    EOL_MORALE_RETIRE,            /* a skirmish unit retires a full move */
    EOL_MORALE_ROUT,              /* routs off the table: removed */
    EOL_MORALE_STAND_AND_FIRE,    /* to charge, or fired on charging:
                                     stands and fires instead */
    EOL_MORALE_STAND_DISORDERED   /* to charge, or fired on charging:
                                     stands in place, disordered, and makes
                                     no action this turn */
} eol_morale_result_t;
#define EOL_MORALE_RESULT_COUNT 6

typedef struct {
    int base;                 /* by grade: 12 elite .. 8 poor */
    int quarters;             /* whole quarters of the unit lost */
    int needed;               /* with every modifier */
    int roll;                 /* the 2D6 */
    int failed_by;            /* roll - needed when it fails, else 0 */
    eol_morale_result_t result;
} eol_morale_t;

/*  Whole quarters of `figures` that `lost` casualties make:
 *  floor(4 * lost / figures); 0 when figures <= 0 or lost <= 0. */
int eol_quarters (int lost, int figures);

/*  The number needed: the grade's (elite 12, veteran 11, average 10,
 *  green 9, poor 8), -1 for each quarter of cumulative casualties, -1 for
 *  each casualty of the action causing the check (casualty checks only),
 *  -2 in skirmish, +1 with a leader in contact, -1 with its standard
 *  captured, -1 when receiving a charge having already fired this turn.
 *  *quarters (may be NULL) receives the quarters counted.  It may be
 *  below 2 (the check cannot pass) or above 12. */
int eol_morale_needed (const eol_tables_t *t, const eol_morale_in_t *in,
                       int *quarters);

/*  The result of a 2D6 `roll` against the number needed: equal or below
 *  passes; failing by fall_back_margin (2) pips or less, a unit taking
 *  casualties (or receiving a charge) falls back, in skirmish retires; a
 *  unit ordered to charge or fired on charging stands and fires instead.
 *  Failing by more, the first routs, the second stands disordered (a
 *  skirmish unit, which may not be disordered, just stands). */
eol_morale_result_t eol_morale_result (const eol_tables_t *t,
                                       const eol_morale_in_t *in, int roll);

/*  Take the check: throw morale_dice D6 on `dice` and fill `out`. */
void eol_morale_check (const eol_tables_t *t, const eol_morale_in_t *in,
                       dice_t *dice, eol_morale_t *out);

/*  "pass", "falls back", "retires", "routs", "stands and fires",
 *  "stands disordered"; "?" out of range. */
const char *eol_morale_result_words (eol_morale_result_t r);
const char *eol_check_words (eol_check_t why);

/*  ---- leaders and standards ---- */

/*  The chance in pips of a leader effect (or a standard lost): one pip per
 *  quarter of the unit lost in that melee or fire (`quarters`); with
 *  broken_adds_to "chance", +1 when the unit has fallen back, +2 when it
 *  has routed. */
int eol_leader_chance (const eol_tables_t *t, int quarters, bool fell_back,
                       bool routed);

/*  What is added to the second die (the fate die, in melee): with
 *  broken_adds_to "fate_die" (the text's order: the modifiers follow the
 *  1-4 / 5-6 table), +1 when the unit has fallen back, +2 when it has
 *  routed; else 0. */
int eol_leader_fate_modifier (const eol_tables_t *t, bool fell_back,
                              bool routed);

typedef enum {
    EOL_LEADER_UNHURT = 0, EOL_LEADER_CAPTURED, EOL_LEADER_KILLED
} eol_leader_fate_t;

/*  A leader's fate from the first die `effect_die` (an effect when it is
 *  at most `chance`) and, in melee, the second die `fate_die` plus
 *  `fate_mod` (eol_leader_fate_modifier): 1-4 (captured_max) captured,
 *  5 or more wounded or killed; under fire an effect kills or wounds
 *  him.  Either way he is removed from play. */
eol_leader_fate_t eol_leader_fate (const eol_tables_t *t, bool melee,
                                   int chance, int effect_die, int fate_die,
                                   int fate_mod);

/*  Is a standard lost: an effect (effect_die <= chance) with the kill or
 *  wound result on the second die (fate_die + fate_mod > captured_max). */
bool eol_standard_lost (const eol_tables_t *t, int chance, int effect_die,
                        int fate_die, int fate_mod);

#endif
