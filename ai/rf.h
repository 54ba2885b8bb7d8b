/*  rf.h - the Risk Factor engine: what an uncommanded unit does.
 *
 *  From the situation as the unit's side sees it, the engine adds up the
 *  unit's Risk Factors (each with the reason it applied), crosses the RF
 *  with the D6 on the ruleset's actions table, and turns the cell into a
 *  concrete order: which enemy, which cover, where to, facing what,
 *  charging or not.  It also gives all six faces' outcomes, so the player
 *  sees what every throw would have meant.
 */
#ifndef SOLO_RF_H
#define SOLO_RF_H

#include <stdbool.h>
#include <stdint.h>
#include "dice.h"
#include "ruleset.h"
#include "situation.h"

#define RF_MAX_FACTORS 16
#define RF_REASON_MAX  160
#define RF_MAX_GROUP   32      /* units of a platoon diced together */
#define RF_FACTOR_VALUE_MAX 100 /* largest |value| of a factor given */

typedef struct {
    char name[32];             /* machine name, e.g. "enemy_in_range" */
    int value;
    char reason[RF_REASON_MAX];
} rf_factor_t;

typedef struct {
    int roll;
    rf_action_t action;
    bool charge;               /* the cell says (Charge?) and a charge is
                                  possible: an enemy within charge reach */
    char morale[24];
    char text[128];
} rf_outcome_t;

/*  Why a decided unit shoots at nothing (rf_order_t.no_shot), for a
 *  front end to show in its own words (the working says it in English).
 *  RF_SHOOTS when it has a target (order.shoot_target) or for a direct
 *  look-up, which has no unit. */
typedef enum {
    RF_SHOOTS = 0,
    RF_NO_SHOT_COMMANDED,      /* its commander picks its target */
    RF_NO_SHOT_IN_MELEE,       /* in base contact: it fights the melee */
    RF_NO_SHOT_CHARGES,        /* a charging unit does not shoot */
    RF_NO_SHOT_RUNS,           /* running (settings.shoot_when_running) */
    RF_NO_SHOT_NO_WEAPON,      /* no weapon that shoots */
    RF_NO_SHOT_NO_ENEMY_IN_SIGHT,
    RF_NO_SHOT_MASKED,         /* the nearest enemy in range is masked */
    RF_NO_SHOT_ENEMY_IN_MELEE, /* the nearest enemy in range is in a melee */
    RF_NO_SHOT_OUT_OF_RANGE,   /* every enemy it could hit is beyond its
                                  weapon's long range */
    RF_NO_SHOT_COUNT
} rf_no_shot_t;

/*  The wire name of `why`: "" for RF_SHOOTS, else "commanded",
 *  "in_melee", "charges", "runs", "no_weapon", "no_enemy_in_sight",
 *  "masked", "enemy_in_melee", "out_of_range"; "" outside the enum. */
const char *rf_no_shot_name (rf_no_shot_t why);

/*  The concrete order.  Everything is seen from the unit: only enemies
 *  in its sight count (RULINGS.md, "In sight"). */
typedef struct {
    int nearest_enemy;         /* unit index, -1 when none is visible */
    double nearest_enemy_cm;   /* closest point; 0 when none */
    bool enemy_in_weapon_range;/* the unit's own long range reaches it */
    bool enemy_in_charge_reach;/* an enemy in sight is within its charge
                                  (ruleset_charge_cm:
                                  settings.charge_reach_cm, else foot a
                                  move, cavalry the gallop), as the
                                  charge's path costs it under
                                  settings.charge_reach_pays_terrain:
                                  any enemy in sight under
                                  settings.charge_nearest_in_reach, else
                                  the nearest alone */
    int charge_target;         /* the enemy it charges (unit index, -1:
                                  no charge): the nearest enemy in sight
                                  in charge reach, under
                                  settings.charge_nearest_in_reach not
                                  always the nearest enemy */
    int cover_feature;         /* terrain index of the cover it moves into
                                  or stays in, -1 */
    bool has_destination;      /* false: it stays where it stands */
    vec2_t destination;        /* the unit's centre after the move */
    double move_cm;            /* straight-line length of the move */
    double facing;             /* facing after the action, [0, 360) */
    char pace[12];             /* cavalry: walk, canter, gallop; else "" */
    int formation;             /* the formation it forms before it moves
                                  (ruleset_move_formation: a europe19
                                  line forms column, guns limber), -1:
                                  it keeps its own */
    int shoot_target;          /* unit index, -1: the nearest enemy it
                                  sees within reach from where it ends;
                                  none when commanded, charging, running
                                  or without a ranged weapon */
    bool shoots;               /* it shoots this turn at the nearest
                                  enemy it can see and hit from where its
                                  move ends (shoot_target, when there is
                                  one there): not commanded, charging,
                                  running or without a ranged weapon */
    char range_band[8];        /* of the shot: short, medium, long, none */
    bool in_melee;             /* it ends in base contact with an enemy
                                  (settings.contact_cm) and so does not
                                  shoot (settings.shoot_in_melee false) */
    int contact_enemy;         /* in_melee: the enemy it touches, else -1 */
    /* why the nearest enemy is not shot at, for the working: */
    int passed_over;           /* an enemy in sight and within its long
                                  range, nearer than the target (with no
                                  target, the nearest such), that it cannot
                                  hit; -1 */
    int passed_over_by;        /* the unit masking the fire at it, or
                                  (passed_over_in_melee) a unit it is in
                                  base contact with; -1 */
    bool passed_over_in_melee; /* in a melee (shoot_in_melee false), not
                                  masked */
    int beyond_range;          /* no target: the nearest enemy it could
                                  hit, beyond its weapon's long range; -1 */
    rf_no_shot_t no_shot;      /* why shoot_target is -1, as order_shoot
                                  found it; RF_SHOOTS when it is not */
    int no_shot_about;         /* the unit no_shot names, -1: the enemy
                                  touched (in_melee), passed over (masked,
                                  in a melee) or out of range */
    int group[RF_MAX_GROUP];   /* unit indices diced with this one, the
                                  unit itself included, in index order */
    int group_count;           /* 1 when the unit is diced alone; 0 for
                                  a direct look-up */
    int group_lead;            /* the unit whose factors the group is
                                  diced on; -1 for a direct look-up */
} rf_order_t;

typedef struct {
    int unit;                  /* index, -1 for a direct look-up */
    arm_t arm;
    int rf;
    int band;                  /* 0..RF_BANDS-1 */
    int roll;
    bool roll_from_player;
    rf_action_t action;
    bool charge;
    bool falling_back_halt;    /* the up-to-RF0 halt of a unit falling back
                                  (a 5 or 6): it halts, in the nearest
                                  cover for infantry, and falling back
                                  ends (rf_status_effect) */
    char morale[24];
    char morale_text[160];
    rf_factor_t factors[RF_MAX_FACTORS];
    int factor_count;
    rf_outcome_t outcomes[RF_FACES];
    rf_order_t order;
    char explanation[2048];    /* the working in plain words */
    bool terse;                /* made by rf_decide_terse: no words */
    /* the ruleset's unit of length, stated in the words beside cm
       (ruleset_length_unit; NULL for a direct look-up) */
    const char *length_unit;
    double cm_per_length_unit;
} rf_decision_t;

/*  The band of the RF table an RF falls in (0 = up to RF0). */
int rf_band (const rf_table_t *table, int rf);

/*  Work out the Risk Factors of unit `unit` in `sit` as its side sees it,
 *  into out->factors and out->rf.  Sighting dice (when the ruleset rolls
 *  them) come from `dice`.  Returns 0, or -1 with `err` when the unit
 *  has no RF table (an arm the ruleset does not cover). */
int rf_factors (const situation_t *sit, int unit, dice_t *dice,
                rf_decision_t *out, char *err, int errlen);

/*  The whole decision for unit `unit`: factors, the die (`player_roll`
 *  1..6 if the player threw it, 0 to throw it on `dice`), the cell, the
 *  six outcomes, the morale effect, the concrete order and the working
 *  in out->explanation.  Sighting dice, if any, are thrown before the D6.
 *  Units of the unit's platoon keeping company are listed in
 *  out->order.group: the platoon is diced once, on the factors of its
 *  lead group (out->order.group_lead), and the others follow its move.
 *  Returns 0, or -1 with `err`: player_roll outside 0..6, 0 with no dice,
 *  a unit index outside the situation, a unit with no figure standing,
 *  an arm without a table.  Same situation, roll and dice seed: the same
 *  decision. */
int rf_decide (const situation_t *sit, int unit, int player_roll,
               dice_t *dice, rf_decision_t *out, char *err, int errlen);

/*  rf_decide without the words: the same decision, but the factors'
 *  reasons and the explanation are left empty (out->terse is true).  For
 *  simulated battles and the search, where nobody reads them and the
 *  formatting would cost most of the time. */
int rf_decide_terse (const situation_t *sit, int unit, int player_roll,
                     dice_t *dice, rf_decision_t *out, char *err, int errlen);

/*  The statuses decision `d` leaves on its unit, by ruleset `rs`: the
 *  action's morale line (risk_factors.morale: `sets` into *set, `clears`
 *  into *clear), and the halt of a unit falling back (d->falling_back_
 *  halt: "Units falling back away from the enemy will halt in the
 *  nearest cover facing the last known enemy position") clears
 *  falling_back, whichever action it is played as (infantry take cover
 *  to halt in it); so does a charge (d->charge), from any cell: a unit
 *  going into contact with the enemy is not falling back.  A run or a
 *  withdrawal that holds for want of an enemy in sight to move from (and
 *  of cover to go to) sets nothing: it is neither running nor falling
 *  back.  An advance with nobody to advance on (no enemy in sight)
 *  carries on the current actions and changes no status.  A ruleset
 *  without a morale table: only the two clears. */
void rf_status_effect (const ruleset_t *rs, const rf_decision_t *d,
                       uint32_t *set, uint32_t *clear);

/*  True when decision `d` leaves its unit carrying on with its current
 *  actions (continue, continue facing the enemy, advance_visible with no
 *  enemy visible, an advance with nobody to advance on): what it does then
 *  is whatever it was doing, which the table alone does not know. */
bool rf_continues (const rf_decision_t *d);

/*  For such a decision (rf_continues), say in its working what its current
 *  actions are: `current` in words ("move to (80.0, 48.0)"), or NULL when
 *  no earlier order is known, which the working says: the daemon takes
 *  the unit to hold, and at the table it carries on with what it was
 *  doing.  Nothing for another decision or a terse one. */
void rf_explain_current (rf_decision_t *d, const char *current);

/*  A plain table look-up for an arm with a ready RF (no situation): the
 *  cell, the six outcomes and the morale, with `fortified` and
 *  `falling_back` for the up-to-RF0 special cases.  Charge is reported as
 *  the cell allows it (no geometry to check); out->order holds only the
 *  cell's pace (unit, enemies, cover and target -1, group_count 0).  Any
 *  RF is accepted (below 0 is up to RF0, above 9 is RF9+).  Returns 0, or
 *  -1 with err: player_roll outside 0..6, 0 with no dice, an arm without
 *  a table. */
int rf_lookup (const ruleset_t *rs, arm_t arm, int rf, int player_roll,
               bool fortified, bool falling_back, dice_t *dice,
               rf_decision_t *out, char *err, int errlen);

/*  The table's value of factor line `name` for `arm` into *value.  The
 *  names are those of rf_factor_t.name: no_enemy_in_sight, hero_near,
 *  regulars, officer, in_cover, enemy_in_range, raw_in_range,
 *  per_tenth_lost (the value of one tenth), flank_or_rear, shock_cavalry,
 *  running_or_retreating.  Returns 0, or -1 for an unknown name or an arm
 *  without a table. */
int rf_factor_value (const ruleset_t *rs, arm_t arm, const char *name,
                     int *value);

/*  rf_lookup with the RF summed from factors the player worked out:
 *  factors[0..count-1] are copied into out->factors (an empty reason
 *  becomes "given by the player").  A factor given with value 0 takes its
 *  table value when its name is a line of the table (rf_factor_value);
 *  otherwise it is an error.  Returns 0, or -1 with `err`: count outside
 *  0..RF_MAX_FACTORS, a value outside +-RF_FACTOR_VALUE_MAX, an unknown
 *  name without a value, or rf_lookup's complaints. */
int rf_lookup_factors (const ruleset_t *rs, arm_t arm,
                       const rf_factor_t *factors, int count,
                       int player_roll, bool fortified, bool falling_back,
                       dice_t *dice, rf_decision_t *out,
                       char *err, int errlen);

#endif
