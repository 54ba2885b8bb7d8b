/*  eol_play.h - what the files of the Empire of Liberty engine share:
 *  small questions about a unit (inline), the formation change an order
 *  asks for, and the steps one phase file calls in another (fire calls
 *  the morale outcomes, orders call moves and charges, the turn calls
 *  the melees).  Internal to rules/empire_of_liberty/: nothing outside
 *  the engine includes it.  */
#ifndef SOLO_EOL_PLAY_H
#define SOLO_EOL_PLAY_H

#include <math.h>
#include "eol_engine.h"
#include "eol_move.h"

/*  The status flags an order's morale effect may set or clear. */
#define MORALE_FLAGS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE \
                      | STATUS_FALLING_BACK)
#define INCH 2.54
#define MAX_FIRERS 40        /* firing positions of one unit */
#define MAX_GROUP 64         /* units in one melee */
#define FRONT_SAMPLES 96     /* points along a front edge (halves,
                                thirds, quarters exact) */


/*  ---- small questions ---- */

static inline const eol_tables_t *
tables (const game_t *g)
{
    return game_tables (g);
}

static inline const ruleset_t *
rules_of (const game_t *g)
{
    return situation_ruleset (game_situation (g));
}

static inline const unit_t *
unit_c (const game_t *g, int u)
{
    return situation_unit_const (game_situation (g), u);
}

static inline unit_t *
unit_m (game_t *g, int u)
{
    return situation_unit (game_situation_mut (g), u);
}

static inline int
flags (const game_t *g, int u)
{
    return eol_state_const (game_unit (g, u))->flags;
}

static inline void
set_flag (game_t *g, int u, int f)
{
    eol_state (game_unit_mut (g, u))->flags |= (int16_t) f;
}

static inline void
clear_flag (game_t *g, int u, int f)
{
    eol_state (game_unit_mut (g, u))->flags &= (int16_t) ~f;
}

static inline eol_type_t
type_of (const game_t *g, int u)
{
    return eol_unit_type (tables (g), unit_c (g, u));
}

static inline bool
is_artillery (const game_t *g, int u)
{
    eol_type_t k = type_of (g, u);
    return k == EOL_FIELD_ARTILLERY || k == EOL_HEAVY_ARTILLERY;
}

static inline bool
is_mounted (const game_t *g, int u)
{
    arm_t a = unit_c (g, u)->arm;
    return a == ARM_CAVALRY || a == ARM_COMMAND;
}

/*  Is e an enemy unit of u (not a leader) in play. */
static inline bool
is_enemy_unit (const game_t *g, int u, int e)
{
    return e >= 0 && e < game_unit_count (g) && e != u
        && unit_c (g, e)->side != unit_c (g, u)->side && eol_in_play (g, e)
        && !eol_is_leader (g, e);
}

static inline double
move_cm (const game_t *g, int u)
{
    return ruleset_move_cm (rules_of (g), unit_c (g, u), NULL);
}

/*  A full move of unit u in `formation` with arm `arm`. */
static inline double
move_in (const game_t *g, int u, formation_t formation, arm_t arm)
{
    unit_t x = *unit_c (g, u);
    x.formation = formation;
    x.arm = arm;
    return ruleset_move_cm (rules_of (g), &x, NULL);
}

static inline double
dist (const game_t *g, int a, int b)
{
    return situation_unit_distance (game_situation (g), a, b);
}

/*  May footprints a and b be within `limit` of each other: their
 *  bounding circles are (a cheap test before the exact distance). */
static inline bool
maybe_within (const footprint_t *a, const footprint_t *b, double limit)
{
    double ra = footprint_half_diagonal (a);
    double rb = footprint_half_diagonal (b);
    double dx = a->centre.x - b->centre.x, dy = a->centre.y - b->centre.y;
    double reach = ra + rb + limit;
    return dx * dx + dy * dy <= reach * reach;
}

/*  Are units a and b within `limit` (closest points). */
static inline bool
units_within (const game_t *g, int a, int b, double limit)
{
    const footprint_t *fa = &unit_c (g, a)->fp, *fb = &unit_c (g, b)->fp;
    return maybe_within (fa, fb, limit) && footprint_distance (fa, fb) <= limit;
}

/*  The nearest enemy unit of u in play (closest point), or -1;
 *  `seen_only`: only those u can see. */
static inline int
nearest_enemy (const game_t *g, int u, bool seen_only, double *d_out)
{
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_unit (g, u, e)
            || (bd < INFINITY && !maybe_within (&unit_c (g, u)->fp,
                                                &unit_c (g, e)->fp, bd)))
            continue;
        double d = dist (g, u, e);
        if (d < bd && (!seen_only || eol_can_see (tables (g), game_situation (g),
                                                  u, e))) {
            bd = d;
            best = e;
        }
    }
    if (d_out)
        *d_out = bd;
    return best;
}

/*  Does footprint `f` of a unit that moved from `from` stand on the
 *  footprint `ef` of another unit: overlap it by more than base contact
 *  (SITUATION_OVERLAP_CM) and by more than it did where it started (two
 *  units a scenario placed overlapping may still move apart).  No
 *  figure stands on another's, so no move or charge ends so. */
static inline bool
stands_on (const footprint_t *from, const footprint_t *f,
           const footprint_t *ef)
{
    if (!maybe_within (f, ef, 0))
        return false;
    double on = footprint_overlap (f, ef);
    return on > SITUATION_OVERLAP_CM
        && on > footprint_overlap (from, ef) + 1e-6;
}

/*  Is point p ahead of the front edge of footprint f. */
static inline bool
ahead_of_front (const footprint_t *f, vec2_t p)
{
    vec2_t fwd = geom_heading_vec (f->facing);
    double ahead = (p.x - f->centre.x) * fwd.x + (p.y - f->centre.y) * fwd.y;
    return ahead >= f->depth / 2 - 1e-6;
}

/*  A length in inches, for words. */
static inline double
in_inches (double cm)
{
    return cm / INCH;
}

/*  A formation change an order asks for, worked out. */
typedef struct {
    bool none;                 /* already in it: nothing to do */
    eol_change_t change;
    formation_t formation;     /* after the change */
    arm_t arm;                 /* after it (mounting, dismounting) */
    double facing;             /* after it */
    double cost;               /* in moves (eol.movement.changes) */
} ordered_form_t;

/*  Unit u checks its morale for `why` (casualties_now of the action);
 *  returns the result and fills *m. */
eol_morale_result_t eol_check_morale (game_t *g, int u, eol_check_t why,
                                      int casualties_now, dice_t *dice,
                                      eol_morale_t *m);

/*  Leaders of unit u's side that were in contact with u where it stood
 *  (`before`) go with it to where it stands now, keeping their place
 *  about it (turned as it turned; behind its rear's middle if that place
 *  is in an enemy unit).  Returns how many went. */
int eol_carry_leaders (game_t *g, int u, const footprint_t *before);

/*  Carry out a morale result on unit u (the attacker at `from`). */
void eol_apply_morale (game_t *g, int u, const eol_morale_t *m, vec2_t from,
                       bool *fell_back, bool *routed);

/*  Leaders of u's side in contact with unit u after it lost `casualties`
 *  in a melee or fire: one die each, an effect on at most the chance;
 *  in melee a second die, 1-4 captured, 5-6 wounded or killed; under fire
 *  killed.  Either removes him.  Dice are thrown only when there is a
 *  chance. */
void eol_leader_effects (game_t *g, int u, bool melee, int casualties,
                         bool fell_back, bool routed, dice_t *dice);

/*  Melees that go on from the last turn: every unit in contact rolls. */
void eol_fight_melees (game_t *g, dice_t *dice);

/*  Unit u charges `target`: its check to charge, the target's check (it
 *  failing, it falls back and the charger takes the ground it gave up;
 *  one that could not get clear is charged home, or with
 *  eol.melee.charge_catches_failed_target false the charge halts short
 *  of it), the target's fire and the charger's check under it, contact
 *  and a round of melee. */
void eol_do_charge (game_t *g, int u, int target, dice_t *dice);

/*  The change that takes unit u into formation `to` as an order asks,
 *  `way` the bearing the order turns it to (NAN: none).  The text's
 *  changes: guns limber (column) and unlimber (line); formed foot and
 *  mounted troops change between line and column, to a flank when `way`
 *  lies 45 to 135 degrees off their facing (half a move, facing that
 *  flank), else without changing facing (a full move); light infantry
 *  and mounted troops take skirmish order and form up (half a move);
 *  cavalry and mounted rifles dismount (`loose`: on foot, as skirmish
 *  infantry) and mount (`mounted` or `line`: mounted in line; `column`:
 *  mounted in column), half a move.  Refused (-1 with err naming the
 *  unit and the rule): leaders, disordered units (they dress ranks
 *  first), square, a formation the unit's type does not have. */
int eol_ordered_change (const game_t *g, int u, formation_t to, double way,
                        ordered_form_t *out, char *err, int errlen);

/*  Has unit u room, where it stands, for formation change `change` into
 *  `to` with arm `arm`, facing `facing`: its ranks laid anew about its
 *  centre (eol_formation_footprint), the new footprint must not run off
 *  the table (unless it stood off it), stand on a friendly unit (more
 *  than it stood on it: stands_on), touch an enemy it did not touch
 *  ("Charges are the only way in which a unit may come into contact
 *  with an enemy unit"), nor come nearer than it stands within 4" of an
 *  enemy's front ("You may not move within 4" of the front of an enemy
 *  unit except to charge it, or to pull directly back away from it"; an
 *  about-face or a turn to a flank keeps its ground, and may be made
 *  there).  0, or -1 with err naming the unit, the change and what is in
 *  the way. */
int eol_change_room (const game_t *g, int u, eol_change_t change,
                     formation_t to, arm_t arm, double facing, char *err,
                     int errlen);

/*  Unit u falls back or retires (a morale check's outcome: no "regular
 *  movement", so no 4" zones) straight to centre `end`, in formation,
 *  ending facing `away` from the attacker.  It turns about its centre
 *  where it stands if there is room (no table's edge, friend or enemy
 *  newly under its ranks), else where it ends if there is room there;
 *  it goes as far as nothing stops it: the table's edge, an enemy it
 *  would touch (one it is in contact with where it starts, the melee it
 *  leaves, only where it would come nearer to it than it stood), a
 *  friendly unit in its way (stopping short of it; with
 *  eol.morale.fall_back_through_friends passing through friends but
 *  ending on none).  The events say what stopped it and a turn not
 *  made.  Returns whether it faces away. */
bool eol_fall_back_move (game_t *g, int u, vec2_t end, double away);

/*  Unit u (a charger whose target failed its check but did not get
 *  clear, eol.melee.charge_catches_failed_target false) goes straight to
 *  centre `end`, keeping its facing, as far as it touches no enemy:
 *  stopped by the table's edge, an enemy it would touch, a friendly unit
 *  in its way (stopping short of it; with eol.movement.pass_through_
 *  friends passing through friends but ending on none); no 4" zones.
 *  The event says what stopped it, unless it was unit `said` (the
 *  caller says that).  Returns what stopped it: a unit, or a negative
 *  value when nothing or the table's edge did. */
int eol_advance_short (game_t *g, int u, vec2_t end, int said);

/*  The bearing an order turns unit u to, for a formation change: the way
 *  to its point (a move), else the facing it asks, else NAN. */
double eol_order_way (const game_t *g, int u, const order_t *o);

/*  A move to `to` (half a move at ORDER_PACE_HALF), with the formation
 *  changes it takes, wheeling or echelon, ending facing `facing` (NAN: as
 *  it went) if the move left enough. */
void eol_do_move (game_t *g, int u, const order_t *o);

/*  Holding: a disordered unit dresses its ranks; a column near the enemy
 *  forms line; limbered guns with an enemy in range unlimber; mounted
 *  rifles near the enemy dismount; skirmishing light infantry with enemy
 *  cavalry near form up; then it turns to `facing`. */
void eol_do_hold (game_t *g, int u, const order_t *o);

/*  Unit u's action for this phase. */
void eol_execute_action (game_t *g, int u, dice_t *dice);

/*  An order's formation change: made with a move or a hold (a change is
 *  a part of a move: not of fire nor of a charge, "each unit ... may only
 *  make one action"), one the unit may make (eol_ordered_change), costing no
 *  more than the order's move (half a move at the half pace).  0, or -1
 *  with err. */
int eol_check_formation (const game_t *g, int u, const order_t *o, char *err,
                         int errlen);

int eol_check_order (const game_t *g, int u, const order_t *o, char *err,
                     int errlen);

int eol_legal_orders (const game_t *g, int u, order_t *out, int max);

int * eol_scratch_ints (game_t *g);

/*  A unit leaves play: destroyed, routed off the table (its figures
 *  standing count as gone), or a leader killed or captured. */
void eol_take_out (game_t *g, int u, bool routed, const char *why);

/*  Casualties on unit u (at most its figures standing); destroyed when
 *  none stands.  Returns the figures killed. */
int eol_kill_figures (game_t *g, int u, int kills);

/*  A unit (not a leader) in play holds objectives and counts as left on
 *  the table. */
bool eol_holds (const game_t *g, int u);

#endif
