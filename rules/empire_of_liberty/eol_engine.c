/*  eol_engine.c - Empire of Liberty played: initiative and alternating
 *  actions, moves and formation changes, fire, charges and melee, morale,
 *  leaders and standards, victory, on the general game state.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_engine.h"
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
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

static const eol_tables_t *
tables (const game_t *g)
{
    return game_tables (g);
}

static const ruleset_t *
rules_of (const game_t *g)
{
    return situation_ruleset (game_situation (g));
}

static const unit_t *
unit_c (const game_t *g, int u)
{
    return situation_unit_const (game_situation (g), u);
}

static unit_t *
unit_m (game_t *g, int u)
{
    return situation_unit (game_situation_mut (g), u);
}

static int
flags (const game_t *g, int u)
{
    return eol_state_const (game_unit (g, u))->flags;
}

static void
set_flag (game_t *g, int u, int f)
{
    eol_state (game_unit_mut (g, u))->flags |= (int16_t) f;
}

static void
clear_flag (game_t *g, int u, int f)
{
    eol_state (game_unit_mut (g, u))->flags &= (int16_t) ~f;
}

static eol_type_t
type_of (const game_t *g, int u)
{
    return eol_unit_type (tables (g), unit_c (g, u));
}

static bool
is_artillery (const game_t *g, int u)
{
    eol_type_t k = type_of (g, u);
    return k == EOL_FIELD_ARTILLERY || k == EOL_HEAVY_ARTILLERY;
}

static bool
is_mounted (const game_t *g, int u)
{
    arm_t a = unit_c (g, u)->arm;
    return a == ARM_CAVALRY || a == ARM_COMMAND;
}

bool
eol_in_play (const game_t *g, int u)
{
    return !game_unit (g, u)->gone && unit_figures_standing (unit_c (g, u)) > 0;
}

bool
eol_is_leader (const game_t *g, int u)
{
    return unit_c (g, u)->arm == ARM_COMMAND;
}

bool
eol_disordered (const game_t *g, int u)
{
    return (flags (g, u) & EOL_F_DISORDERED) != 0;
}

/*  Is e an enemy unit of u (not a leader) in play. */
static bool
is_enemy_unit (const game_t *g, int u, int e)
{
    return e >= 0 && e < game_unit_count (g) && e != u
        && unit_c (g, e)->side != unit_c (g, u)->side && eol_in_play (g, e)
        && !eol_is_leader (g, e);
}

static double
move_cm (const game_t *g, int u)
{
    return ruleset_move_cm (rules_of (g), unit_c (g, u), NULL);
}

/*  A full move of unit u in `formation` with arm `arm`. */
static double
move_in (const game_t *g, int u, formation_t formation, arm_t arm)
{
    unit_t x = *unit_c (g, u);
    x.formation = formation;
    x.arm = arm;
    return ruleset_move_cm (rules_of (g), &x, NULL);
}

static double
dist (const game_t *g, int a, int b)
{
    return situation_unit_distance (game_situation (g), a, b);
}

/*  May footprints a and b be within `limit` of each other: their
 *  bounding circles are (a cheap test before the exact distance). */
static bool
maybe_within (const footprint_t *a, const footprint_t *b, double limit)
{
    double ra = 0.5 * sqrt (a->width * a->width + a->depth * a->depth);
    double rb = 0.5 * sqrt (b->width * b->width + b->depth * b->depth);
    double dx = a->centre.x - b->centre.x, dy = a->centre.y - b->centre.y;
    double reach = ra + rb + limit;
    return dx * dx + dy * dy <= reach * reach;
}

/*  Are units a and b within `limit` (closest points). */
static bool
units_within (const game_t *g, int a, int b, double limit)
{
    const footprint_t *fa = &unit_c (g, a)->fp, *fb = &unit_c (g, b)->fp;
    return maybe_within (fa, fb, limit) && footprint_distance (fa, fb) <= limit;
}

side_t
eol_first_side (const game_t *g)
{
    int s = game_side_extra_const (g, SIDE_BLUE)[0];
    return s == SIDE_RED ? SIDE_RED : SIDE_BLUE;
}

bool
eol_leader_in_contact (const game_t *g, int u)
{
    double contact = tables (g)->contact_cm;
    for (int l = 0; l < game_unit_count (g); l++)
        if (l != u && eol_is_leader (g, l) && eol_in_play (g, l)
            && unit_c (g, l)->side == unit_c (g, u)->side
            && units_within (g, l, u, contact))
            return true;
    return false;
}

/*  The nearest enemy unit of u in play (closest point), or -1;
 *  `seen_only`: only those u can see. */
static int
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

/*  Is point p ahead of the front edge of footprint f. */
static bool
ahead_of_front (const footprint_t *f, vec2_t p)
{
    vec2_t fwd = geom_heading_vec (f->facing);
    double ahead = (p.x - f->centre.x) * fwd.x + (p.y - f->centre.y) * fwd.y;
    return ahead >= f->depth / 2 - 1e-6;
}

/*  A length in inches, for words. */
static double
in_inches (double cm)
{
    return cm / INCH;
}

/*  ---- engine tables and set-up ---- */

static void *
tables_load (const char *text, const char *origin, const ruleset_t *rs,
             char *err, int errlen)
{
    return eol_tables_load_text (text, origin, rs, err, errlen);
}

static void
tables_free (void *t)
{
    eol_tables_t *p = t;
    eol_tables_destroy (&p);
}

static const char *
phase_name (int phase)
{
    if (phase == EOL_PHASE_INITIATIVE)
        return "initiative";
    if (phase < 0 || phase >= EOL_PHASE_COUNT)
        return "?";
    return phase % 2 == 1 ? "first side acts" : "second side acts";
}

static int
phase_side (const game_t *g, int phase)
{
    if (phase <= EOL_PHASE_INITIATIVE || phase >= EOL_PHASE_COUNT)
        return -1;
    side_t first = eol_first_side (g);
    return phase % 2 == 1 ? (int) first : 1 - (int) first;
}

/*  "activation 3: Morgan's Americans (second side)": the army, not only
 *  its place in the order. */
static void
phase_title (const game_t *g, int phase, char *buf, int len)
{
    int side = phase_side (g, phase);
    if (side < 0)
        snprintf (buf, (size_t) len, "%s", phase_name (phase));
    else
        snprintf (buf, (size_t) len, "activation %d: %s (%s side)", phase,
                  scenario_side_name (game_scenario (g), (side_t) side),
                  phase % 2 == 1 ? "first" : "second");
}

static size_t
scratch_size (const game_t *g)
{
    return (size_t) situation_unit_count (game_situation (g)) * sizeof (int) * 4
         + 64;
}

static int *
scratch_ints (game_t *g)
{
    return game_scratch (g);
}

/*  Check unit u against the text (its type, arm, formation and size) and
 *  put it in the text's order: cavalry "mounted" and any square are a
 *  line; its footprint is its bases in its formation.  0, or -1 with err
 *  naming the unit. */
static int
prepare_unit (game_t *g, int u, char *err, int errlen)
{
    const eol_tables_t *t = tables (g);
    unit_t *x = unit_m (g, u);
    eol_type_t k = eol_unit_type (t, x);
    const eol_type_info_t *ti = &t->types[k];
    const char *tn = eol_type_name (k);
    if (x->formation == FORMATION_SQUARE || x->formation == FORMATION_MOUNTED)
        x->formation = FORMATION_LINE;
    const weapon_t *w = ruleset_weapon (rules_of (g), x->weapon);
    bool gun = eol_shot_lb (t, x) > 0;
    if (gun != (ti->arm == ARM_ARTILLERY)) {
        snprintf (err, errlen, "unit \"%s\": %s %s, not %s", x->id, tn,
                  ti->arm == ARM_ARTILLERY ? "fires a gun with a shot weight "
                  "(eol.shot)" : "fires no gun", w ? w->name : "?");
        return -1;
    }
    if (k == EOL_LEADER || x->arm == ARM_COMMAND) {
        if (k != EOL_LEADER || x->arm != ARM_COMMAND) {
            snprintf (err, errlen, "unit \"%s\": arm command goes with troop "
                      "type \"leader\" and only with it (type %s, arm %s)",
                      x->id, tn, arm_name (x->arm));
            return -1;
        }
        if (x->figures != 1) {
            snprintf (err, errlen, "unit \"%s\": a leader is one figure, not "
                      "%d", x->id, x->figures);
            return -1;
        }
        x->formation = FORMATION_LINE;
    }
    else if (ti->arm == ARM_ARTILLERY) {
        if (x->arm != ARM_ARTILLERY || x->formation == FORMATION_LOOSE) {
            snprintf (err, errlen, "unit \"%s\": %s is arm artillery, "
                      "limbered (column) or unlimbered (line)", x->id, tn);
            return -1;
        }
        int most = ti->base_figures * t->artillery_bases;
        if (x->figures > most) {
            snprintf (err, errlen, "unit \"%s\": an artillery unit is %d "
                      "base of a gun and %d artillerists, not %d figures",
                      x->id, t->artillery_bases, most, x->figures);
            return -1;
        }
    }
    else {
        bool on_foot = x->arm == ARM_INFANTRY;
        if (x->arm != ti->arm && !(ti->dismounts && on_foot)) {
            snprintf (err, errlen, "unit \"%s\": %s is arm %s%s, not %s",
                      x->id, tn, arm_name (ti->arm), ti->dismounts
                      ? " (infantry when dismounted)" : "", arm_name (x->arm));
            return -1;
        }
        if (ti->dismounts && on_foot && x->formation != FORMATION_LOOSE) {
            snprintf (err, errlen, "unit \"%s\": dismounted %s operate as "
                      "skirmish infantry (formation loose)", x->id, tn);
            return -1;
        }
        if (ti->skirmish == EOL_SKIRMISH_NEVER
            && x->formation == FORMATION_LOOSE) {
            snprintf (err, errlen, "unit \"%s\": %s are in line or column, "
                      "never in skirmish", x->id, tn);
            return -1;
        }
        if (ti->skirmish == EOL_SKIRMISH_ALWAYS
            && x->formation != FORMATION_LOOSE) {
            snprintf (err, errlen, "unit \"%s\": %s may not form up: they are "
                      "always in skirmish (formation loose)", x->id, tn);
            return -1;
        }
        int bases = eol_bases (t, x);
        if (bases < t->bases_min || bases > t->bases_max) {
            snprintf (err, errlen, "unit \"%s\": %d figures make %d bases of "
                      "%d; a unit has %d to %d bases", x->id, x->figures,
                      bases, ti->base_figures, t->bases_min, t->bases_max);
            return -1;
        }
    }
    x->fp = eol_formation_footprint (t, x, x->formation, x->arm);
    return 0;
}

static int check_formation (const game_t *g, int u, const order_t *o,
                            char *err, int errlen);

static int
prepare (game_t *g, char *err, int errlen)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if (prepare_unit (g, u, err, errlen) < 0)
            return -1;
    const scenario_t *sc = game_scenario (g);
    for (int i = 0; i < scenario_order_count (sc); i++) {
        const scenario_order_t *so = scenario_order (sc, i);
        if (so->order.has_formation
            && check_formation (g, so->unit, &so->order, err, errlen) < 0)
            return -1;
        game_unit_mut (g, so->unit)->current = so->order;
    }
    int first = scenario_first_side (sc);
    game_side_extra (g, SIDE_BLUE)[0] = first >= 0 ? first : SIDE_BLUE;
    game_side_extra (g, SIDE_BLUE)[1] = -1;        /* no choice pending */
    eol_update_contacts (g);
    return 0;
}

void
eol_update_contacts (game_t *g)
{
    double contact = tables (g)->contact_cm;
    int n = game_unit_count (g);
    for (int u = 0; u < n; u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        gu->in_melee = 0;
        if (!eol_in_play (g, u) || eol_is_leader (g, u))
            continue;
        for (int e = 0; e < n && !gu->in_melee; e++)
            if (is_enemy_unit (g, u, e) && units_within (g, u, e, contact))
                gu->in_melee = 1;
    }
}

/*  A unit leaves play: destroyed, routed off the table (its figures
 *  standing count as gone), or a leader killed or captured. */
static void
take_out (game_t *g, int u, bool routed, const char *why)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *x = unit_m (g, u);
    if (gu->gone)
        return;
    gu->gone = 1;
    gu->in_melee = 0;
    gu->left_standing = (int16_t) (routed ? unit_figures_standing (x) : 0);
    x->killed = x->figures;
    x->wounded = 0;
    x->status &= ~(STATUS_FALLING_BACK | STATUS_RAN_LAST_TURN
                   | STATUS_RETREATING_FROM_MELEE);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s %s", x->id, why);
}

/*  Casualties on unit u (at most its figures standing); destroyed when
 *  none stands.  Returns the figures killed. */
static int
kill_figures (game_t *g, int u, int kills)
{
    unit_t *x = unit_m (g, u);
    int standing = unit_figures_standing (x);
    if (kills > standing)
        kills = standing;
    x->killed += kills;
    if (x->wounded > unit_figures_standing (x))
        x->wounded = unit_figures_standing (x);
    if (unit_figures_standing (x) <= 0)
        take_out (g, u, false, "is destroyed");
    return kills;
}

/*  ---- the turn ---- */

/*  The start of a turn: last turn's marks go; initiative. */
static void
begin_turn (game_t *g, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    for (int u = 0; u < game_unit_count (g); u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        unit_t *x = unit_m (g, u);
        /* fell back: "ran last turn" counts for the next turn, then goes */
        if (!(eol_state (gu)->flags & EOL_F_FRESH))
            x->status &= ~(STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE);
        eol_state (gu)->flags &= (int16_t) ~(EOL_F_ACTED | EOL_F_MELEED
                                             | EOL_F_CHARGED | EOL_F_FRESH);
        eol_state (gu)->action_rank = 0;
        gu->fired = 0;
        gu->ordered = 0;
        gu->moved_halves = 0;
        gu->order = order_hold ();
        x->status &= ~STATUS_FIRED;
    }
    /* initiative: one die a side, ties thrown again */
    int a = 0, b = 0, throws = 0;
    do {
        a = dice_roll (dice, t->initiative_die);
        b = dice_roll (dice, t->initiative_die);
        throws++;
    } while (a == b && throws < 100);
    int winner = a >= b ? SIDE_BLUE : SIDE_RED;
    int first = t->winner_moves_first ? winner : 1 - winner;
    bool scenario_says = game_turn (g) == 1
                         && scenario_first_side (game_scenario (g)) >= 0;
    if (scenario_says)
        first = scenario_first_side (game_scenario (g));
    game_side_extra (g, SIDE_BLUE)[0] = first;
    /* "Winner chooses first or second move": the winner's strategy is
       asked (game_choice_side) unless the scenario sets turn 1 */
    game_side_extra (g, SIDE_BLUE)[1] = scenario_says ? -1 : winner;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, -1, "initiative: %s %d, %s %d%s; "
                    "%s %s", scenario_side_name (game_scenario (g), SIDE_BLUE),
                    a, scenario_side_name (game_scenario (g), SIDE_RED), b,
                    throws > 1 ? " (ties thrown again)" : "",
                    scenario_side_name (game_scenario (g), (side_t) (
                        scenario_says ? first : winner)),
                    scenario_says ? "move first (the scenario)"
                    : t->winner_moves_first
                    ? "win: they move first unless they choose second"
                    : "win: they move second unless they choose first");
}

/*  The initiative's winner, while its choice is pending. */
static int
choice_side (const game_t *g)
{
    int s = game_side_extra_const (g, SIDE_BLUE)[1];
    return game_phase (g) == EOL_PHASE_INITIATIVE
           && (s == SIDE_BLUE || s == SIDE_RED) ? s : -1;
}

static void
choose_first (game_t *g, bool first)
{
    int winner = choice_side (g);
    if (winner < 0)
        return;
    game_side_extra (g, SIDE_BLUE)[0] = first ? winner : 1 - winner;
    game_side_extra (g, SIDE_BLUE)[1] = -1;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, -1, "%s choose to move %s",
                    scenario_side_name (game_scenario (g), (side_t) winner),
                    first ? "first" : "second");
}

/*  Units of `side` that may still act, nearest an enemy first (leaders
 *  after the units), into list; returns the count. */
static int
waiting_units (game_t *g, int side, int *list)
{
    int n = game_unit_count (g), k = 0;
    double *d = (double *) (scratch_ints (g) + 2 * n);   /* 2 ints a double */
    for (int u = 0; u < n; u++) {
        if (unit_c (g, u)->side != (side_t) side || !eol_in_play (g, u)
            || (flags (g, u) & EOL_F_ACTED) || game_unit (g, u)->in_melee)
            continue;
        double du;
        nearest_enemy (g, u, false, &du);
        if (eol_is_leader (g, u))
            du += 4 * SOLO_MAX_TABLE_CM;     /* leaders after the units */
        int j = k++;
        while (j > 0 && d[j - 1] > du) {
            list[j] = list[j - 1];
            d[j] = d[j - 1];
            j--;
        }
        list[j] = u;
        d[j] = du;
    }
    return k;
}

static void fight_melees (game_t *g, dice_t *dice);

/*  An activation: every unit and leader of the side that has not acted
 *  waits for an order, and the one its player orders first acts
 *  (resolve_phase): "Player with first move selects a unit or leader to
 *  make an action.  Opposing player then selects a unit or leader". */
static void
begin_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    if (phase == EOL_PHASE_INITIATIVE) {
        begin_turn (g, dice);
        return;
    }
    int side = phase_side (g, phase);
    if (side < 0)
        return;
    int *list = scratch_ints (g);
    int k = waiting_units (g, side, list);
    for (int i = 0; i < k; i++) {
        game_unit_t *gu = game_unit_mut (g, list[i]);
        gu->needs_order = 1;
        eol_state (gu)->action_rank = 1;          /* a candidate */
    }
}

/*  ---- fire ---- */

bool
eol_can_fire (const game_t *g, int u)
{
    if (!eol_in_play (g, u) || eol_is_leader (g, u) || eol_disordered (g, u)
        || game_unit (g, u)->in_melee)
        return false;
    if (ruleset_weapon_reach (rules_of (g), unit_c (g, u)) <= 0)
        return false;
    if (is_artillery (g, u) && unit_c (g, u)->formation == FORMATION_COLUMN)
        return false;                            /* limbered */
    return true;
}

typedef struct {
    vec2_t at;
    double figures;          /* dice before multipliers */
    bool all_round;          /* skirmishers face every way */
} firer_t;

/*  Where unit u fires from: each base of the front rank (a line), the
 *  front base (a column), each skirmisher (spread along its front), the
 *  gun (one die per pound of shot weight).  Returns the count. */
static int
fire_positions (const game_t *g, int u, firer_t *out)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    int standing = unit_figures_standing (x);
    vec2_t fwd = geom_heading_vec (x->fp.facing);
    vec2_t right = geom_heading_vec (x->fp.facing + 90);
    vec2_t front = { x->fp.centre.x + fwd.x * x->fp.depth / 2,
                     x->fp.centre.y + fwd.y * x->fp.depth / 2 };
    if (is_artillery (g, u)) {
        out[0].at = front;
        out[0].figures = standing > 0 ? eol_shot_lb (t, x) : 0;
        out[0].all_round = false;
        return 1;
    }
    int n;
    double figures;
    bool all_round = x->formation == FORMATION_LOOSE;
    if (x->formation == FORMATION_COLUMN) {
        n = 1;
        figures = eol_fire_figures (FORMATION_COLUMN, standing,
                                    eol_type_info (t, x)->base_figures);
    }
    else {
        n = all_round ? (standing < MAX_FIRERS ? standing : MAX_FIRERS)
                      : eol_bases (t, x);
        if (n > MAX_FIRERS)
            n = MAX_FIRERS;
        if (n < 1)
            n = 1;
        figures = standing;
    }
    for (int i = 0; i < n; i++) {
        double off = -x->fp.width / 2 + (i + 0.5) * x->fp.width / n;
        out[i].at.x = front.x + right.x * off;
        out[i].at.y = front.y + right.y * off;
        out[i].figures = figures / n;
        out[i].all_round = all_round;
    }
    return n;
}

/*  Can a firing position of unit u bear on target e: within the weapon's
 *  range (unless `any_range`) and within the arc of the unit's facing
 *  (skirmishers all round).  *band gets the range band. */
static bool
bears_on (const game_t *g, int u, const firer_t *f, int e, bool any_range,
          range_band_t *band)
{
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, e);
    vec2_t p = footprint_point_nearest (&y->fp, f->at);
    double d = geom_dist (f->at, p);
    range_band_t b = ruleset_range_band (rules_of (g), x->weapon, d);
    if (b == RANGE_NONE && !any_range)
        return false;
    if (!f->all_round && d > 1e-6
        && fabs (eol_turn (x->fp.facing, geom_bearing (f->at, p)))
               > tables (g)->fire_arc_half_deg + 1e-9)
        return false;
    *band = any_range ? RANGE_MEDIUM : b;
    return true;
}

/*  The multipliers of unit u's fire at e other than the range band. */
static eol_fire_mods_t
fire_mods (const game_t *g, int u, int e)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, e);
    eol_fire_mods_t m;
    memset (&m, 0, sizeof m);
    m.grade = eol_grade (t, x);
    m.mounted = x->arm == ARM_CAVALRY;
    vec2_t aim = footprint_nearest_point (&x->fp, &y->fp);
    m.target_cover = situation_cover_at (game_situation (g), aim, NULL);
    m.target_skirmish = y->formation == FORMATION_LOOSE;
    bool formed = !m.target_skirmish && !is_artillery (g, e);
    vec2_t from = footprint_nearest_point (&y->fp, &x->fp);
    m.target_column_or_flank = formed
        && (y->formation == FORMATION_COLUMN || !ahead_of_front (&y->fp, from));
    m.band = RANGE_MEDIUM;
    return m;
}

static double
band_factor (const eol_tables_t *t, range_band_t b)
{
    return b == RANGE_SHORT ? t->fire_point_blank
         : b == RANGE_LONG ? t->fire_long_range : 1.0;
}

int
eol_fire_dice_at (const game_t *g, int u, int target, bool reaction,
                  char *words, int wordslen)
{
    const eol_tables_t *t = tables (g);
    if (words && wordslen > 0)
        words[0] = 0;
    if (!eol_can_fire (g, u) || !is_enemy_unit (g, u, target)
        || game_unit (g, target)->in_melee
        || !eol_can_see (t, game_situation (g), u, target))
        return 0;
    firer_t f[MAX_FIRERS];
    int n = fire_positions (g, u, f);
    double weighted = 0, figures = 0;
    int pb = 0, lr = 0;
    for (int i = 0; i < n; i++) {
        range_band_t b;
        if (!bears_on (g, u, &f[i], target, reaction, &b))
            continue;
        weighted += f[i].figures * band_factor (t, b);
        figures += f[i].figures;
        pb += b == RANGE_SHORT;
        lr += b == RANGE_LONG;
    }
    if (figures <= 0)
        return 0;
    eol_fire_mods_t m = fire_mods (g, u, target);
    double mult = eol_fire_multiplier (t, &m);
    int dice = eol_fire_dice (weighted * mult);
    if (words && wordslen > 0)
        snprintf (words, (size_t) wordslen, "%.0f %s, %s%s%s%s%s%s%s x%.3g: "
                  "%d dice", figures, is_artillery (g, u) ? "dice for the gun"
                  : "figures", eol_grade_name (m.grade),
                  m.mounted ? ", mounted" : "",
                  m.target_cover == COVER_HARD ? ", target in fortifications"
                  : m.target_cover == COVER_SOFT ? ", target in cover" : "",
                  m.target_skirmish ? ", target in skirmish" : "",
                  m.target_column_or_flank ? ", target in column or fired on "
                  "from flank or rear" : "",
                  pb ? ", point-blank" : "", lr ? ", long range" : "", mult,
                  dice);
    return dice;
}

static void apply_morale (game_t *g, int u, const eol_morale_t *m,
                          vec2_t from, bool *fell_back, bool *routed);
static void leader_effects (game_t *g, int u, bool melee, int casualties,
                            bool fell_back, bool routed, dice_t *dice);

/*  Unit u checks its morale for `why` (casualties_now of the action);
 *  returns the result and fills *m. */
static eol_morale_result_t
check_morale (game_t *g, int u, eol_check_t why, int casualties_now,
              dice_t *dice, eol_morale_t *m)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    eol_morale_in_t in;
    memset (&in, 0, sizeof in);
    in.why = why;
    in.grade = eol_grade (t, x);
    in.figures = x->figures;
    in.lost = x->killed;
    in.casualties_now = casualties_now;
    in.skirmish = x->formation == FORMATION_LOOSE;
    in.leader_in_contact = eol_leader_in_contact (g, u);
    in.standard_captured = (flags (g, u) & EOL_F_STANDARD_LOST) != 0;
    in.fired_this_turn = game_unit (g, u)->fired != 0;
    eol_morale_check (t, &in, dice, m);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s checks morale %s: needs %d "
                    "(%s %d%s%s%s%s%s%s), throws %d: %s", x->id,
                    eol_check_words (why), m->needed,
                    eol_grade_name (in.grade), m->base,
                    m->quarters ? ", quarters lost" : "",
                    (why == EOL_CHECK_CASUALTIES
                     || why == EOL_CHECK_FIRED_ON_CHARGING) && casualties_now
                    ? ", casualties now" : "",
                    in.skirmish ? ", skirmish" : "",
                    in.leader_in_contact ? ", leader in contact" : "",
                    in.standard_captured ? ", standard captured" : "",
                    why == EOL_CHECK_CHARGED && in.fired_this_turn
                    ? ", already fired" : "", m->roll,
                    eol_morale_result_words (m->result));
    return m->result;
}

/*  Casualties on each target of one fire action, then their checks. */
typedef struct {
    int target;
    int kills;
} fire_hit_t;

int
eol_fire (game_t *g, int u, int target, bool reaction, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    unit_t *x = unit_m (g, u);
    if (!eol_can_fire (g, u))
        return 0;
    firer_t f[MAX_FIRERS];
    int n = fire_positions (g, u, f);
    /* each position at the target if it bears on it, else (not for a
       reaction) the nearest enemy it bears on */
    int count = game_unit_count (g);
    int tg[MAX_FIRERS];
    range_band_t band[MAX_FIRERS];
    bool seen_target = is_enemy_unit (g, u, target)
                    && !game_unit (g, target)->in_melee
                    && eol_can_see (t, sit, u, target);
    for (int i = 0; i < n; i++) {
        tg[i] = -1;
        if (seen_target && bears_on (g, u, &f[i], target, reaction, &band[i])) {
            tg[i] = target;
            continue;
        }
        if (reaction)
            continue;
        double best = INFINITY;
        for (int e = 0; e < count; e++) {
            range_band_t b;
            if (!is_enemy_unit (g, u, e) || game_unit (g, e)->in_melee)
                continue;
            double d = footprint_point_distance (&unit_c (g, e)->fp, f[i].at);
            if (d < best && bears_on (g, u, &f[i], e, false, &b)
                && eol_can_see (t, sit, u, e)) {
                best = d;
                tg[i] = e;
                band[i] = b;
            }
        }
    }
    /* the dice at each target */
    fire_hit_t hits[MAX_FIRERS];
    int nh = 0;
    for (int i = 0; i < n; i++) {
        if (tg[i] < 0)
            continue;
        int h = 0;
        while (h < nh && hits[h].target != tg[i])
            h++;
        if (h == nh) {
            hits[nh].target = tg[i];
            hits[nh++].kills = 0;
        }
    }
    game_unit_t *gu = game_unit_mut (g, u);
    gu->fired = 1;
    x->status |= STATUS_FIRED;
    if (nh == 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_SHOOT, u, "%s has no target it can "
                        "bear on", x->id);
        return 0;
    }
    int on_target = 0;
    for (int h = 0; h < nh; h++) {
        int e = hits[h].target;
        double weighted = 0;
        for (int i = 0; i < n; i++)
            if (tg[i] == e)
                weighted += f[i].figures * band_factor (t, band[i]);
        eol_fire_mods_t m = fire_mods (g, u, e);
        double mult = eol_fire_multiplier (t, &m);
        int count_dice = eol_fire_dice (weighted * mult);
        int rolls[48];
        int kills = eol_fire_kills (t, count_dice, dice, rolls, 48);
        int standing = unit_figures_standing (unit_c (g, e));
        hits[h].kills = kills < standing ? kills : standing;
        if (e == target)
            on_target = hits[h].kills;
        if (game_events_on (g)) {
            char r[160] = "";
            size_t used = 0;
            for (int i = 0; i < count_dice && i < 48 && used < sizeof r - 4; i++)
                used += (size_t) snprintf (r + used, sizeof r - used, "%s%d",
                                           i ? " " : "", rolls[i]);
            game_event (g, GAME_EVENT_SHOOT, u, "%s fires at %s, %.1f\" "
                        "(%.2f x %.3g): %d dice [%s]: %d killed", x->id,
                        unit_c (g, e)->id, in_inches (dist (g, u, e)),
                        weighted, mult, count_dice, r, hits[h].kills);
        }
        kill_figures (g, e, hits[h].kills);
    }
    /* morale of each target that lost figures, then its leaders */
    for (int h = 0; h < nh; h++) {
        int e = hits[h].target;
        if (hits[h].kills <= 0)
            continue;
        bool fell_back = false, routed = false;
        if (eol_in_play (g, e) && !(reaction && e == target)) {
            eol_morale_t m;
            check_morale (g, e, EOL_CHECK_CASUALTIES, hits[h].kills, dice, &m);
            apply_morale (g, e, &m, x->fp.centre, &fell_back, &routed);
        }
        leader_effects (g, e, false, hits[h].kills, fell_back, routed, dice);
    }
    eol_update_contacts (g);
    return on_target;
}

/*  ---- morale outcomes ---- */

/*  Unit u falls back (or retires) `distance` straight away from point
 *  `from`, in formation, ending facing away; it stops short of enemies
 *  and at the table's edge. */
static void
fall_back (game_t *g, int u, vec2_t from, double distance)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    unit_t *x = unit_m (g, u);
    double away = geom_dist (from, x->fp.centre) > 1e-9
                ? geom_bearing (from, x->fp.centre)
                : geom_norm_deg (x->fp.facing + 180);
    vec2_t to = situation_move_towards (sit, x->fp.centre, away, distance);
    vec2_t end = eol_path_reach (t, sit, eol_mover (x), x->fp.centre, to,
                                 distance, NULL);
    /* stop short of any enemy it would touch, and on the table */
    footprint_t start = x->fp;
    start.facing = away;
    double len = geom_dist (start.centre, end);
    double lo = 0;
    int steps = (int) ceil (len);
    for (int k = 1; k <= steps; k++) {
        double s = (double) k / steps;
        footprint_t f = start;
        f.centre.x += (end.x - start.centre.x) * s;
        f.centre.y += (end.y - start.centre.y) * s;
        bool ok = true;
        vec2_t c[4];
        footprint_corners (&f, c);
        for (int i = 0; i < 4 && ok; i++)
            ok = c[i].x >= 0 && c[i].y >= 0 && c[i].x <= situation_width (sit)
              && c[i].y <= situation_depth (sit);
        for (int e = 0; e < game_unit_count (g) && ok; e++)
            if (is_enemy_unit (g, u, e)
                && maybe_within (&f, &unit_c (g, e)->fp, t->contact_cm + 0.01)
                && footprint_distance (&f, &unit_c (g, e)->fp)
                       <= t->contact_cm + 0.01)
                ok = false;
        if (!ok)
            break;
        lo = s;
    }
    x->fp = start;
    x->fp.centre.x += (end.x - start.centre.x) * lo;
    x->fp.centre.y += (end.y - start.centre.y) * lo;
}

/*  Carry out a morale result on unit u (the attacker at `from`). */
static void
apply_morale (game_t *g, int u, const eol_morale_t *m, vec2_t from,
              bool *fell_back, bool *routed)
{
    unit_t *x = unit_m (g, u);
    *fell_back = *routed = false;
    switch (m->result) {
    case EOL_MORALE_FALL_BACK:
    case EOL_MORALE_RETIRE: {
        bool retire = m->result == EOL_MORALE_RETIRE;
        double d = retire ? move_cm (g, u)
                          : move_in (g, u, FORMATION_COLUMN, x->arm);
        vec2_t before = x->fp.centre;
        /* its leaders in contact go with it */
        int *with = scratch_ints (g);
        int k = 0;
        for (int l = 0; l < game_unit_count (g); l++)
            if (eol_is_leader (g, l) && eol_in_play (g, l)
                && unit_c (g, l)->side == x->side
                && units_within (g, l, u, tables (g)->contact_cm))
                with[k++] = l;
        fall_back (g, u, from, d);
        for (int i = 0; i < k; i++) {
            unit_t *l = unit_m (g, with[i]);
            l->fp.centre.x += x->fp.centre.x - before.x;
            l->fp.centre.y += x->fp.centre.y - before.y;
            l->fp.facing = x->fp.facing;
        }
        if (!retire && x->formation != FORMATION_LOOSE)
            set_flag (g, u, EOL_F_DISORDERED);
        x->status |= STATUS_RAN_LAST_TURN | STATUS_FALLING_BACK;
        set_flag (g, u, EOL_F_FRESH);
        *fell_back = true;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s %s %.1f\" to (%.1f, %.1f)"
                        "%s", x->id, retire ? "retires" : "falls back",
                        in_inches (geom_dist (before, x->fp.centre)),
                        x->fp.centre.x, x->fp.centre.y,
                        retire ? "" : ", disordered, facing away");
        break;
    }
    case EOL_MORALE_ROUT:
        *routed = true;
        take_out (g, u, true, "routs off the table");
        break;
    case EOL_MORALE_STAND_DISORDERED:
        if (x->formation != FORMATION_LOOSE)
            set_flag (g, u, EOL_F_DISORDERED);
        break;
    default:
        break;
    }
}

/*  Leaders of u's side in contact with unit u after it lost `casualties`
 *  in a melee or fire: one die each, an effect on at most the chance;
 *  in melee a second die, 1-4 captured, 5-6 wounded or killed; under fire
 *  killed.  Either removes him.  Dice are thrown only when there is a
 *  chance. */
static void
leader_effects (game_t *g, int u, bool melee, int casualties, bool fell_back,
                bool routed, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    int q = eol_quarters (casualties, x->figures);
    int chance = eol_leader_chance (t, q, fell_back, routed);
    if (chance <= 0)
        return;
    for (int l = 0; l < game_unit_count (g); l++) {
        if (!eol_is_leader (g, l) || !eol_in_play (g, l)
            || unit_c (g, l)->side != x->side
            || !units_within (g, l, u, t->contact_cm))
            continue;
        int d1 = dice_roll (dice, 6);
        int d2 = d1 <= chance && melee ? dice_roll (dice, 6) : 0;
        eol_leader_fate_t fate = eol_leader_fate (t, melee, chance, d1, d2);
        if (fate == EOL_LEADER_UNHURT)
            continue;
        char why[96];
        snprintf (why, sizeof why, "is %s (chance %d, threw %d%s)",
                  fate == EOL_LEADER_CAPTURED ? "captured" : "wounded or "
                  "killed", chance, d1, melee ? " then a fate die" : "");
        take_out (g, l, fate == EOL_LEADER_CAPTURED, why);
    }
}

/*  ---- melee ---- */

double
eol_contact_fraction (const game_t *g, int u)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    vec2_t c[4];
    footprint_corners (&x->fp, c);     /* front-left, front-right, ... */
    double best = 0;
    int edges = x->formation == FORMATION_LOOSE ? 2 : 1;
    for (int edge = 0; edge < edges; edge++) {
        vec2_t a = edge == 0 ? c[0] : c[2], b = edge == 0 ? c[1] : c[3];
        vec2_t out = geom_heading_vec (x->fp.facing + (edge == 0 ? 0 : 180));
        int touched = 0;
        for (int i = 0; i < FRONT_SAMPLES; i++) {
            double s = (i + 0.5) / FRONT_SAMPLES;
            /* the point just ahead of this stretch of the edge */
            vec2_t p = { a.x + (b.x - a.x) * s + out.x * t->contact_cm,
                         a.y + (b.y - a.y) * s + out.y * t->contact_cm };
            for (int e = 0; e < game_unit_count (g); e++)
                if (is_enemy_unit (g, u, e)
                    && footprint_contains (&unit_c (g, e)->fp, p)) {
                    touched++;
                    break;
                }
        }
        double frac = (double) touched / FRONT_SAMPLES;
        if (frac > best)
            best = frac;
    }
    return best;
}

int
eol_melee_dice (const game_t *g, int u)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    if (!eol_in_play (g, u) || eol_is_leader (g, u))
        return 0;
    int standing = unit_figures_standing (x);
    double figures = standing;
    if (x->formation == FORMATION_LOOSE) {
        int ranks = t->skirmish_ranks < standing ? t->skirmish_ranks : standing;
        figures = ranks > 0 ? ceil ((double) standing / ranks) : 0;
    }
    else if (x->formation == FORMATION_COLUMN && !is_artillery (g, u))
        figures = eol_fire_figures (FORMATION_COLUMN, standing,
                                    eol_type_info (t, x)->base_figures);
    return eol_fire_dice (figures * eol_contact_fraction (g, u));
}

/*  The enemy unit u fights: the one of the group in contact with it
 *  nearest its front's middle. */
static int
melee_opponent (const game_t *g, int u, const int *group, int k)
{
    const unit_t *x = unit_c (g, u);
    vec2_t fwd = geom_heading_vec (x->fp.facing);
    vec2_t front = { x->fp.centre.x + fwd.x * x->fp.depth / 2,
                     x->fp.centre.y + fwd.y * x->fp.depth / 2 };
    int best = -1;
    double bd = INFINITY;
    for (int i = 0; i < k; i++) {
        int e = group[i];
        if (!is_enemy_unit (g, u, e)
            || !units_within (g, u, e, tables (g)->contact_cm))
            continue;
        double d = footprint_point_distance (&unit_c (g, e)->fp, front);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}

/*  The units in contact with unit u, through contact, into group (its
 *  size at most max); returns the count. */
static int
melee_group (const game_t *g, int u, int *group, int max)
{
    double contact = tables (g)->contact_cm;
    int k = 0;
    group[k++] = u;
    for (int i = 0; i < k; i++)
        for (int e = 0; e < game_unit_count (g) && k < max; e++) {
            if (!is_enemy_unit (g, group[i], e)
                || !units_within (g, group[i], e, contact))
                continue;
            bool in = false;
            for (int j = 0; j < k && !in; j++)
                in = group[j] == e;
            if (!in)
                group[k++] = e;
        }
    return k;
}

/*  Standards of unit u after a melee round: its own (if it still has it)
 *  and those it holds may be lost to the enemy it fought. */
static void
standard_effects (game_t *g, int u, int opponent, int casualties,
                  bool fell_back, bool routed, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    bool own = t->standard_carried[type_of (g, u)]
            && !(flags (g, u) & EOL_F_STANDARD_LOST);
    int held = eol_state_const (game_unit (g, u))->standards_held;
    if (!own && held <= 0)
        return;
    int chance = eol_leader_chance (t, eol_quarters (casualties, x->figures),
                                    fell_back, routed);
    if (chance <= 0)
        return;
    int d1 = dice_roll (dice, 6);
    int d2 = d1 <= chance ? dice_roll (dice, 6) : 0;
    if (!eol_standard_lost (t, chance, d1, d2))
        return;
    int lost = (own ? 1 : 0) + (held > 0 ? held : 0);
    if (own)
        set_flag (g, u, EOL_F_STANDARD_LOST);
    eol_state (game_unit_mut (g, u))->standards_held = 0;
    if (opponent >= 0)
        eol_state (game_unit_mut (g, opponent))->standards_held =
            (int16_t) (eol_state_const (game_unit (g, opponent))->standards_held
                       + lost);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s loses %s%s%s to %s (chance "
                    "%d, threw %d and %d)", x->id, own ? "its standard" : "",
                    own && held > 0 ? " and " : "",
                    held > 0 ? "the standards it held" : "",
                    opponent >= 0 ? unit_c (g, opponent)->id : "the enemy",
                    chance, d1, d2);
}

/*  One round of the melee that unit `u` is in.  Units roll when they have
 *  not rolled this turn, and the charger and the charged unit always
 *  (a charge's second round).  Then checks for casualties, leaders and
 *  standards.  Every unit of the melee has spent its action. */
static void
melee_round (game_t *g, int u, int charger, int charged, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    int group[MAX_GROUP];
    int k = melee_group (g, u, group, MAX_GROUP);
    if (k < 2)
        return;
    int dice_n[MAX_GROUP], kills[MAX_GROUP], opp[MAX_GROUP], lost[MAX_GROUP];
    for (int i = 0; i < k; i++) {
        kills[i] = lost[i] = 0;
        opp[i] = melee_opponent (g, group[i], group, k);
        int v = group[i];
        bool rolls = !(flags (g, v) & EOL_F_MELEED) || v == charger
                  || v == charged;
        dice_n[i] = rolls && opp[i] >= 0 ? eol_melee_dice (g, v) : 0;
    }
    for (int i = 0; i < k; i++) {
        int v = group[i];
        if (dice_n[i] <= 0)
            continue;
        const unit_t *x = unit_c (g, v);
        eol_fighter_t fighter = eol_fighter (type_of (g, v), x->arm,
                                             x->formation);
        bool rough = eol_in_rough (t, game_situation (g), x->fp.centre);
        int mod = eol_melee_modifier (t, eol_grade (t, x), is_mounted (g, v),
                                      x->formation == FORMATION_LOOSE
                                      && !is_mounted (g, v), rough,
                                      eol_disordered (g, v));
        int rolls[48];
        kills[i] = eol_melee_kills (t, dice_n[i], mod, t->kill_on[fighter],
                                    dice, rolls, 48);
        if (game_events_on (g)) {
            char r[160] = "";
            size_t used = 0;
            for (int j = 0; j < dice_n[i] && j < 48 && used < sizeof r - 4; j++)
                used += (size_t) snprintf (r + used, sizeof r - used, "%s%d",
                                           j ? " " : "", rolls[j]);
            game_event (g, GAME_EVENT_MELEE, v, "%s (%s) rolls %d dice at %s, "
                        "killing on %d+ (%d, modifier %+d): [%s]: %d killed",
                        x->id, eol_fighter_name (fighter), dice_n[i],
                        unit_c (g, opp[i])->id, t->kill_on[fighter] - mod,
                        t->kill_on[fighter], mod, r, kills[i]);
        }
    }
    /* casualties land together */
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            if (opp[i] == group[j])
                lost[j] += kills[i];
    for (int i = 0; i < k; i++) {
        set_flag (g, group[i], EOL_F_MELEED | EOL_F_ACTED);
        lost[i] = kill_figures (g, group[i], lost[i]);
    }
    /* morale, leaders, standards */
    for (int i = 0; i < k; i++) {
        int v = group[i];
        bool fell_back = false, routed = !eol_in_play (g, v) && lost[i] > 0;
        if (lost[i] > 0 && eol_in_play (g, v)) {
            vec2_t from = { 0, 0 };
            int m = 0;
            for (int j = 0; j < k; j++)
                if (unit_c (g, group[j])->side != unit_c (g, v)->side) {
                    from.x += unit_c (g, group[j])->fp.centre.x;
                    from.y += unit_c (g, group[j])->fp.centre.y;
                    m++;
                }
            from.x /= m > 0 ? m : 1;
            from.y /= m > 0 ? m : 1;
            eol_morale_t mr;
            check_morale (g, v, EOL_CHECK_CASUALTIES, lost[i], dice, &mr);
            apply_morale (g, v, &mr, from, &fell_back, &routed);
        }
        leader_effects (g, v, true, lost[i], fell_back, routed, dice);
        standard_effects (g, v, opp[i], lost[i], fell_back, routed, dice);
    }
    eol_update_contacts (g);
}

/*  Melees that go on from the last turn: every unit in contact rolls. */
static void
fight_melees (game_t *g, dice_t *dice)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if (eol_in_play (g, u) && game_unit (g, u)->in_melee
            && !(flags (g, u) & EOL_F_MELEED)) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MELEE, u, "the melee of %s goes on",
                            unit_c (g, u)->id);
            melee_round (g, u, -1, -1, dice);
        }
}

/*  ---- charges ---- */

/*  Charger footprint `f`, touching target footprint `tf`, lined up on
 *  the face of the target it struck (the face towards its centre): its
 *  front against that face, as much of the two in contact as their
 *  widths allow, nearest where it struck.  Players line up base to base;
 *  the text leaves it to them. */
static footprint_t
conformed (const footprint_t *f, const footprint_t *tf)
{
    vec2_t fwd = geom_heading_vec (tf->facing);
    vec2_t right = geom_heading_vec (tf->facing + 90);
    double dx = f->centre.x - tf->centre.x, dy = f->centre.y - tf->centre.y;
    double lx = dx * right.x + dy * right.y;      /* across the target */
    double ly = dx * fwd.x + dy * fwd.y;          /* along its facing */
    double u = lx / (tf->width / 2), v = ly / (tf->depth / 2);
    double normal, half, along;
    vec2_t mid, axis;
    if (fabs (v) >= fabs (u)) {                   /* front or rear face */
        double sign = v >= 0 ? 1 : -1;
        normal = tf->facing + (sign > 0 ? 0 : 180);
        mid.x = tf->centre.x + fwd.x * sign * tf->depth / 2;
        mid.y = tf->centre.y + fwd.y * sign * tf->depth / 2;
        axis = right;
        half = tf->width / 2;
        along = lx;
    }
    else {                                        /* a flank */
        double sign = u >= 0 ? 1 : -1;
        normal = tf->facing + (sign > 0 ? 90 : 270);
        mid.x = tf->centre.x + right.x * sign * tf->width / 2;
        mid.y = tf->centre.y + right.y * sign * tf->width / 2;
        axis = fwd;
        half = tf->depth / 2;
        along = ly;
    }
    double limit = fabs (half - f->width / 2);
    if (along > limit)
        along = limit;
    if (along < -limit)
        along = -limit;
    vec2_t n = geom_heading_vec (normal);
    footprint_t out = *f;
    out.facing = geom_norm_deg (normal + 180);
    out.centre.x = mid.x + axis.x * along + n.x * (f->depth / 2 + 0.01);
    out.centre.y = mid.y + axis.y * along + n.y * (f->depth / 2 + 0.01);
    return out;
}

double
eol_charge_footprint (const game_t *g, int u, int target, footprint_t *out)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, target);
    footprint_t fp = x->fp;
    vec2_t pa = footprint_nearest_point (&y->fp, &fp);   /* of the charger */
    vec2_t pb = footprint_nearest_point (&fp, &y->fp);   /* of the target */
    double len = geom_dist (pa, pb);
    if (len > 1e-9) {
        double bearing = geom_bearing (pa, pb);
        if (fabs (eol_turn (x->fp.facing, bearing)) > t->echelon_max_deg + 1e-6)
            return INFINITY;
        fp.centre.x += pb.x - pa.x;
        fp.centre.y += pb.y - pa.y;
    }
    if (!ahead_of_front (&fp, footprint_nearest_point (&fp, &y->fp))
        && len > 1e-9)
        return INFINITY;
    double cost = eol_path_cost (t, game_situation (g), eol_mover (x),
                                 x->fp.centre, fp.centre);
    if (out)
        *out = conformed (&fp, &y->fp);
    if (!isfinite (cost))
        return INFINITY;
    /* touching within contact distance is contact */
    return cost > t->contact_cm ? cost - t->contact_cm : 0;
}

int
eol_charge_check (const game_t *g, int u, int target, char *err, int errlen)
{
    const unit_t *x = unit_c (g, u);
    if (eol_is_leader (g, u) || is_artillery (g, u)) {
        snprintf (err, errlen, "%s: %s do not charge", x->id,
                  eol_is_leader (g, u) ? "leaders" : "guns");
        return -1;
    }
    if (x->formation == FORMATION_COLUMN) {
        snprintf (err, errlen, "%s: units in column may not charge", x->id);
        return -1;
    }
    if (game_unit (g, u)->in_melee) {
        snprintf (err, errlen, "%s: already in melee", x->id);
        return -1;
    }
    if (!is_enemy_unit (g, u, target)) {
        snprintf (err, errlen, "%s: charge unit %d, which is no enemy unit in "
                  "play", x->id, target);
        return -1;
    }
    double reach = move_cm (g, u);
    double cost = eol_charge_footprint (g, u, target, NULL);
    if (!isfinite (cost)) {
        snprintf (err, errlen, "%s: %s is not straight ahead (a charge is a "
                  "move straight forward, echelon within %.0f degrees)",
                  x->id, unit_c (g, target)->id, tables (g)->echelon_max_deg);
        return -1;
    }
    if (cost > reach + 1e-6) {
        snprintf (err, errlen, "%s: %s is %.1f\" of movement away, beyond its "
                  "%.1f\" move", x->id, unit_c (g, target)->id,
                  in_inches (cost), in_inches (reach));
        return -1;
    }
    return 0;
}

/*  Unit u charges `target`: its check to charge, the target's check, the
 *  target's fire and the charger's check under it, contact and a round of
 *  melee. */
static void
do_charge (game_t *g, int u, int target, dice_t *dice)
{
    unit_t *x = unit_m (g, u);
    char err[SOLO_ERR_MAX];
    set_flag (g, u, EOL_F_ACTED);
    if (eol_charge_check (g, u, target, err, sizeof err) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "no charge: %s", err);
        return;
    }
    footprint_t contact;
    eol_charge_footprint (g, u, target, &contact);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s is ordered to charge %s",
                    x->id, unit_c (g, target)->id);
    eol_morale_t m;
    bool fb, rt;
    eol_morale_result_t r = check_morale (g, u, EOL_CHECK_TO_CHARGE, 0, dice, &m);
    if (r == EOL_MORALE_STAND_AND_FIRE) {
        eol_fire (g, u, target, false, dice);
        return;
    }
    if (r == EOL_MORALE_STAND_DISORDERED) {
        apply_morale (g, u, &m, x->fp.centre, &fb, &rt);
        return;
    }
    set_flag (g, u, EOL_F_CHARGED);
    /* the charging unit goes in: the target checks */
    r = check_morale (g, target, EOL_CHECK_CHARGED, 0, dice, &m);
    if (r != EOL_MORALE_PASS) {
        apply_morale (g, target, &m, x->fp.centre, &fb, &rt);
        x->fp = contact;            /* into the ground it gave up */
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s charges into the ground "
                        "%s gave up, to (%.1f, %.1f)", x->id,
                        unit_c (g, target)->id, x->fp.centre.x,
                        x->fp.centre.y);
        eol_update_contacts (g);
        return;
    }
    /* it stands: and fires, if it has not fired */
    if (!game_unit (g, target)->fired && eol_can_fire (g, target)
        && eol_fire_dice_at (g, target, u, true, NULL, 0) > 0) {
        int kills = eol_fire (g, target, u, true, dice);
        set_flag (g, target, EOL_F_ACTED);
        if (!eol_in_play (g, u))
            return;
        if (kills > 0) {
            r = check_morale (g, u, EOL_CHECK_FIRED_ON_CHARGING, kills, dice,
                              &m);
            if (r == EOL_MORALE_STAND_AND_FIRE) {
                eol_fire (g, u, target, false, dice);
                return;
            }
            if (r == EOL_MORALE_STAND_DISORDERED) {
                apply_morale (g, u, &m, x->fp.centre, &fb, &rt);
                return;
            }
        }
    }
    if (!eol_in_play (g, target))
        return;
    x->fp = contact;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s charges home on %s at (%.1f, "
                    "%.1f)", x->id, unit_c (g, target)->id, x->fp.centre.x,
                    x->fp.centre.y);
    eol_update_contacts (g);
    set_flag (g, target, EOL_F_ACTED);
    melee_round (g, u, u, target, dice);
}

/*  ---- moves ---- */

/*  Is footprint f a place unit u may pass through on a move that is not
 *  a charge: on the table (unless it started off), not in contact with an
 *  enemy, and not nearer an enemy's front than 4" unless no nearer than
 *  it started (`before[e]`). */
static bool
step_ok (const game_t *g, int u, const footprint_t *f, const double *before,
         bool started_off)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    if (!started_off) {
        vec2_t c[4];
        footprint_corners (f, c);
        for (int i = 0; i < 4; i++)
            if (c[i].x < 0 || c[i].y < 0 || c[i].x > situation_width (sit)
                || c[i].y > situation_depth (sit))
                return false;
    }
    double reach = t->no_closer_cm > t->contact_cm ? t->no_closer_cm
                                                   : t->contact_cm;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_unit (g, u, e)
            || !maybe_within (f, &unit_c (g, e)->fp, reach + 0.02))
            continue;
        double d;
        bool zone = eol_in_front_zone (t, unit_c (g, e), f, &d);
        if (d < before[e] - 1e-9
            && (zone || d <= t->contact_cm + 0.01))
            return false;
    }
    return true;
}

/*  Move unit u's footprint straight towards `to` with `budget` cm of
 *  movement, keeping its facing, as far as step_ok allows.  Returns the
 *  cost spent. */
static double
move_straight (game_t *g, int u, vec2_t to, double budget)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    unit_t *x = unit_m (g, u);
    double spent = 0;
    vec2_t from = x->fp.centre;
    vec2_t end = eol_path_reach (t, sit, eol_mover (x), from, to, budget,
                                 &spent);
    double *before = (double *) scratch_ints (g);
    int n = game_unit_count (g);
    for (int e = 0; e < n; e++)
        before[e] = is_enemy_unit (g, u, e)
                  ? footprint_distance (&x->fp, &unit_c (g, e)->fp) : INFINITY;
    vec2_t c[4];
    footprint_corners (&x->fp, c);
    bool started_off = false;
    for (int i = 0; i < 4; i++)
        started_off |= c[i].x < 0 || c[i].y < 0 || c[i].x > situation_width (sit)
                    || c[i].y > situation_depth (sit);
    double len = geom_dist (from, end);
    int steps = (int) ceil (len);
    double lo = 0, hi = -1;
    for (int k = 1; k <= steps; k++) {
        double s = (double) k / steps;
        footprint_t f = x->fp;
        f.centre.x = from.x + (end.x - from.x) * s;
        f.centre.y = from.y + (end.y - from.y) * s;
        if (!step_ok (g, u, &f, before, started_off)) {
            hi = s;
            break;
        }
        lo = s;
    }
    if (hi > 0)
        for (int i = 0; i < 14; i++) {
            double mid = (lo + hi) / 2;
            footprint_t f = x->fp;
            f.centre.x = from.x + (end.x - from.x) * mid;
            f.centre.y = from.y + (end.y - from.y) * mid;
            if (step_ok (g, u, &f, before, started_off))
                lo = mid;
            else
                hi = mid;
        }
    vec2_t p = { from.x + (end.x - from.x) * lo, from.y + (end.y - from.y) * lo };
    if (lo < 1)
        spent = eol_path_cost (t, sit, eol_mover (x), from, p);
    x->fp.centre = p;
    return spent;
}

/*  Change unit u's formation (the change's cost is the caller's): its
 *  footprint laid out anew about its centre, facing `facing`. */
static void
change_formation (game_t *g, int u, eol_change_t change, formation_t to,
                  arm_t arm, double facing)
{
    unit_t *x = unit_m (g, u);
    x->formation = to;
    x->arm = arm;
    x->fp.facing = geom_norm_deg (facing);
    x->fp = eol_formation_footprint (tables (g), x, to, arm);
    if (change == EOL_CHANGE_DRESS_RANKS)
        clear_flag (g, u, EOL_F_DISORDERED);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s: %s (%s move)", x->id,
                    eol_change_name (change),
                    tables (g)->change_moves[change] >= 1 ? "a full" : "half a");
}

/*  Turn unit u towards bearing `to` with `budget` cm: skirmishers and
 *  leaders turn freely; formed units wheel on a front corner paying the
 *  outer corner's distance, turning as far as the budget allows.  Returns
 *  the cost. */
static double
wheel_towards (game_t *g, int u, double to, double budget)
{
    unit_t *x = unit_m (g, u);
    double turn = eol_turn (x->fp.facing, to);
    if (fabs (turn) < 1e-6)
        return 0;
    if (x->formation == FORMATION_LOOSE || eol_is_leader (g, u)) {
        x->fp.facing = geom_norm_deg (to);
        return 0;
    }
    double cost = eol_wheel_cost (x->fp.width, turn);
    if (cost > budget) {
        turn = turn * (budget / cost);
        cost = budget;
    }
    if (fabs (turn) < 1e-6)
        return 0;
    x->fp = eol_wheeled (&x->fp, turn);
    return cost;
}

/*  Is an enemy unit in sight of u within deploy_cm of u or of point p. */
static bool
enemy_near (const game_t *g, int u, vec2_t p, double within)
{
    const eol_tables_t *t = tables (g);
    footprint_t at = unit_c (g, u)->fp;
    at.centre = p;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_unit (g, u, e))
            continue;
        const footprint_t *ef = &unit_c (g, e)->fp;
        if ((units_within (g, u, e, within)
             || (maybe_within (&at, ef, within)
                 && footprint_distance (&at, ef) <= within))
            && eol_can_see (t, game_situation (g), u, e))
            return true;
    }
    return false;
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
static int
ordered_change (const game_t *g, int u, formation_t to, double way,
                ordered_form_t *out, char *err, int errlen)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    eol_type_t k = type_of (g, u);
    const eol_type_info_t *ti = &t->types[k];
    const char *tn = eol_type_name (k);
    memset (out, 0, sizeof *out);
    out->formation = to;
    out->arm = x->arm;
    out->facing = x->fp.facing;
    if ((int) to < 0 || to >= FORMATION_COUNT) {
        snprintf (err, errlen, "%s: unknown formation %d", x->id, (int) to);
        return -1;
    }
    if (k == EOL_LEADER) {
        snprintf (err, errlen, "%s: a leader has no formation to change",
                  x->id);
        return -1;
    }
    if (to == FORMATION_SQUARE) {
        snprintf (err, errlen, "%s: square is no formation of Empire of "
                  "Liberty (line, column, skirmish (loose), mounted)", x->id);
        return -1;
    }
    if (eol_disordered (g, u)) {
        snprintf (err, errlen, "%s: disordered, it must dress its ranks (a "
                  "full move) before it changes formation", x->id);
        return -1;
    }
    bool mounted = x->arm == ARM_CAVALRY;
    if (is_artillery (g, u)) {
        if (to != FORMATION_LINE && to != FORMATION_COLUMN) {
            snprintf (err, errlen, "%s: guns are limbered (column) or "
                      "unlimbered (line), not %s", x->id, formation_name (to));
            return -1;
        }
        out->arm = ARM_ARTILLERY;
        out->change = to == FORMATION_COLUMN ? EOL_CHANGE_LIMBER
                                             : EOL_CHANGE_UNLIMBER;
    }
    else if (ti->dismounts && !mounted) {
        /* on foot, in skirmish order */
        if (to == FORMATION_LOOSE) {
            out->none = true;
            return 0;
        }
        out->arm = ARM_CAVALRY;
        out->formation = to == FORMATION_COLUMN ? FORMATION_COLUMN
                                                : FORMATION_LINE;
        out->change = EOL_CHANGE_MOUNT;
    }
    else if (ti->dismounts && to == FORMATION_LOOSE) {
        out->arm = ARM_INFANTRY;
        out->change = EOL_CHANGE_DISMOUNT;
    }
    else {
        if (to == FORMATION_MOUNTED) {
            if (!mounted) {
                snprintf (err, errlen, "%s: %s do not ride: they are in line, "
                          "column%s", x->id, tn,
                          ti->skirmish == EOL_SKIRMISH_NEVER ? ""
                          : " or skirmish");
                return -1;
            }
            to = out->formation = FORMATION_LINE;
        }
        if (to == FORMATION_LOOSE && ti->skirmish == EOL_SKIRMISH_NEVER) {
            snprintf (err, errlen, "%s: %s never take skirmish order", x->id,
                      tn);
            return -1;
        }
        if (to != FORMATION_LOOSE && ti->skirmish == EOL_SKIRMISH_ALWAYS) {
            snprintf (err, errlen, "%s: %s may not form up: they always "
                      "operate in skirmish", x->id, tn);
            return -1;
        }
        if (to == x->formation) {
            out->none = true;
            return 0;
        }
        if (to == FORMATION_LOOSE)
            out->change = EOL_CHANGE_TO_SKIRMISH;
        else if (x->formation == FORMATION_LOOSE)
            out->change = EOL_CHANGE_FORM_UP;
        else {
            double turn = isnan (way) ? 0 : eol_turn (x->fp.facing, way);
            bool to_flank = fabs (turn) >= 45 && fabs (turn) <= 135;
            if (to_flank)
                out->facing = geom_norm_deg (x->fp.facing
                                             + (turn > 0 ? 90 : -90));
            if (to == FORMATION_COLUMN)
                out->change = to_flank ? EOL_CHANGE_LINE_TO_FLANK_COLUMN
                                       : EOL_CHANGE_COLUMN_FROM_LINE;
            else
                out->change = to_flank ? EOL_CHANGE_COLUMN_TO_FLANK_LINE
                                       : EOL_CHANGE_LINE_FROM_COLUMN;
        }
    }
    if (out->formation == x->formation && out->arm == x->arm) {
        out->none = true;
        return 0;
    }
    out->cost = t->change_moves[out->change];
    return 0;
}

/*  The bearing an order turns unit u to, for a formation change: the way
 *  to its point (a move), else the facing it asks, else NAN. */
static double
order_way (const game_t *g, int u, const order_t *o)
{
    const unit_t *x = unit_c (g, u);
    if (o->has_to && geom_dist (x->fp.centre, o->to) > 0.01)
        return geom_bearing (x->fp.centre, o->to);
    if (o->has_facing)
        return o->facing;
    return NAN;
}

/*  Make the change order `o` asks of unit u (checked when it was given;
 *  a change the unit can no longer make, as the battle went, is not
 *  made).  Returns its cost in moves. */
static double
make_ordered_change (game_t *g, int u, const order_t *o)
{
    ordered_form_t f;
    char why[GAME_REASON_MAX];
    if (ordered_change (g, u, o->formation, order_way (g, u, o), &f, why,
                        sizeof why) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s", why);
        return 0;
    }
    if (f.none)
        return 0;
    change_formation (g, u, f.change, f.formation, f.arm, f.facing);
    return f.cost;
}

/*  The formation change unit u makes to carry out a move to `to`
 *  (doctrine: formed units near the enemy fight in line and march in
 *  column further off; guns limber to go further than they move
 *  unlimbered; dismounted troops mount to go further than they walk;
 *  light infantry taking cover in rough ground go into skirmish).  Makes
 *  it and returns its cost in moves, 0 for none. */
static double
formation_for_move (game_t *g, int u, vec2_t to, bool cover)
{
    const eol_tables_t *t = tables (g);
    unit_t *x = unit_m (g, u);
    eol_type_t k = type_of (g, u);
    const eol_type_info_t *ti = &t->types[k];
    double d = geom_dist (x->fp.centre, to);
    double bearing = geom_bearing (x->fp.centre, to);
    double turn = eol_turn (x->fp.facing, bearing);
    if (k == EOL_LEADER)
        return 0;
    if (is_artillery (g, u)) {
        if (x->formation == FORMATION_LINE
            && d > move_in (g, u, FORMATION_LINE, ARM_ARTILLERY)) {
            change_formation (g, u, EOL_CHANGE_LIMBER, FORMATION_COLUMN,
                              ARM_ARTILLERY, x->fp.facing);
            return t->change_moves[EOL_CHANGE_LIMBER];
        }
        return 0;
    }
    if (ti->dismounts && x->arm == ARM_INFANTRY) {
        if (d > move_cm (g, u) && !enemy_near (g, u, to, t->deploy_cm)) {
            change_formation (g, u, EOL_CHANGE_MOUNT, FORMATION_LINE,
                              ARM_CAVALRY, x->fp.facing);
            return t->change_moves[EOL_CHANGE_MOUNT];
        }
        return 0;
    }
    if (x->formation == FORMATION_LOOSE)
        return 0;
    if (cover && ti->skirmish == EOL_SKIRMISH_MAY && x->arm == ARM_INFANTRY
        && eol_in_rough (t, game_situation (g), to)) {
        change_formation (g, u, EOL_CHANGE_TO_SKIRMISH, FORMATION_LOOSE,
                          ARM_INFANTRY, x->fp.facing);
        return t->change_moves[EOL_CHANGE_TO_SKIRMISH];
    }
    bool near = enemy_near (g, u, to, t->deploy_cm);
    bool to_flank = fabs (turn) >= 45 && fabs (turn) <= 135;
    double flank = x->fp.facing + (turn > 0 ? 90 : -90);
    if (x->formation == FORMATION_COLUMN && near) {
        if (to_flank) {
            change_formation (g, u, EOL_CHANGE_COLUMN_TO_FLANK_LINE,
                              FORMATION_LINE, x->arm, flank);
            return t->change_moves[EOL_CHANGE_COLUMN_TO_FLANK_LINE];
        }
        change_formation (g, u, EOL_CHANGE_LINE_FROM_COLUMN, FORMATION_LINE,
                          x->arm, x->fp.facing);
        return t->change_moves[EOL_CHANGE_LINE_FROM_COLUMN];
    }
    if (x->formation == FORMATION_LINE && !near
        && d > move_in (g, u, FORMATION_LINE, x->arm) + 1e-6) {
        if (to_flank) {
            change_formation (g, u, EOL_CHANGE_LINE_TO_FLANK_COLUMN,
                              FORMATION_COLUMN, x->arm, flank);
            return t->change_moves[EOL_CHANGE_LINE_TO_FLANK_COLUMN];
        }
        change_formation (g, u, EOL_CHANGE_COLUMN_FROM_LINE, FORMATION_COLUMN,
                          x->arm, x->fp.facing);
        return t->change_moves[EOL_CHANGE_COLUMN_FROM_LINE];
    }
    return 0;
}

/*  A move to `to` (half a move at ORDER_PACE_HALF), with the formation
 *  changes it takes, wheeling or echelon, ending facing `facing` (NAN: as
 *  it went) if the move left enough. */
static void
do_move (game_t *g, int u, const order_t *o)
{
    const eol_tables_t *t = tables (g);
    unit_t *x = unit_m (g, u);
    vec2_t start = x->fp.centre;
    double left = o->pace == ORDER_PACE_HALF ? 0.5 : 1.0;
    if (o->has_formation)
        left -= make_ordered_change (g, u, o);
    else
        left -= formation_for_move (g, u, o->to, o->kind == ORDER_TAKE_COVER);
    bool formed = x->formation != FORMATION_LOOSE && !eol_is_leader (g, u);
    double budget = left > 0 ? left * move_cm (g, u) : 0;
    double bearing = geom_bearing (x->fp.centre, o->to);
    if (budget > 0 && geom_dist (x->fp.centre, o->to) > 0.01) {
        double turn = eol_turn (x->fp.facing, bearing);
        if (!formed)
            x->fp.facing = geom_norm_deg (bearing);
        else if (fabs (turn) > t->echelon_max_deg) {
            /* about-face when the way lies behind, then wheel */
            if (fabs (turn) >= 135 && left >= t->change_moves[EOL_CHANGE_ABOUT_FACE]) {
                change_formation (g, u, EOL_CHANGE_ABOUT_FACE, x->formation,
                                  x->arm, x->fp.facing + 180);
                left -= t->change_moves[EOL_CHANGE_ABOUT_FACE];
                budget = left * move_cm (g, u);
                turn = eol_turn (x->fp.facing, bearing);
            }
            if (fabs (turn) > t->echelon_max_deg)
                budget -= wheel_towards (g, u, bearing, budget);
            bearing = geom_bearing (x->fp.centre, o->to);
        }
        if (budget > 0 && fabs (eol_turn (x->fp.facing, bearing))
                              <= t->echelon_max_deg + 1e-6)
            budget -= move_straight (g, u, o->to, budget);
    }
    if (o->has_facing && budget > 0)
        wheel_towards (g, u, o->facing, budget);
    else if (o->has_facing && !formed)
        x->fp.facing = geom_norm_deg (o->facing);
    double moved = geom_dist (start, x->fp.centre);
    if (moved > 0.01)
        game_unit_mut (g, u)->moved_halves = 2;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s moves %.1f\" to (%.1f, %.1f) "
                    "in %s, facing %.0f", x->id, in_inches (moved),
                    x->fp.centre.x, x->fp.centre.y,
                    formation_name (x->formation), x->fp.facing);
}

/*  Holding: a disordered unit dresses its ranks; a column near the enemy
 *  forms line; limbered guns with an enemy in range unlimber; mounted
 *  rifles near the enemy dismount; skirmishing light infantry with enemy
 *  cavalry near form up; then it turns to `facing`. */
static void
do_hold (game_t *g, int u, const order_t *o)
{
    const eol_tables_t *t = tables (g);
    unit_t *x = unit_m (g, u);
    eol_type_t k = type_of (g, u);
    double left = 1.0;
    if (eol_disordered (g, u)) {
        change_formation (g, u, EOL_CHANGE_DRESS_RANKS, x->formation, x->arm,
                          x->fp.facing);
        x->status &= ~STATUS_FALLING_BACK;
        return;
    }
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s holds", x->id);
    double reach = ruleset_weapon_reach (rules_of (g), x);
    if (o->has_formation)
        left -= make_ordered_change (g, u, o);
    else if (is_artillery (g, u)) {
        if (x->formation == FORMATION_COLUMN
            && enemy_near (g, u, x->fp.centre, reach)) {
            change_formation (g, u, EOL_CHANGE_UNLIMBER, FORMATION_LINE,
                              ARM_ARTILLERY, x->fp.facing);
            left -= t->change_moves[EOL_CHANGE_UNLIMBER];
        }
    }
    else if (k == EOL_MOUNTED_RIFLES && x->arm == ARM_CAVALRY
             && enemy_near (g, u, x->fp.centre, t->deploy_cm)) {
        change_formation (g, u, EOL_CHANGE_DISMOUNT, FORMATION_LOOSE,
                          ARM_INFANTRY, x->fp.facing);
        left -= t->change_moves[EOL_CHANGE_DISMOUNT];
    }
    else if (x->formation == FORMATION_COLUMN && k != EOL_LEADER
             && enemy_near (g, u, x->fp.centre, t->deploy_cm)) {
        change_formation (g, u, EOL_CHANGE_LINE_FROM_COLUMN, FORMATION_LINE,
                          x->arm, x->fp.facing);
        left -= t->change_moves[EOL_CHANGE_LINE_FROM_COLUMN];
    }
    else if (x->formation == FORMATION_LOOSE && x->arm == ARM_INFANTRY
             && t->types[k].skirmish == EOL_SKIRMISH_MAY
             && !t->types[k].dismounts) {
        bool cavalry = false;
        for (int e = 0; e < game_unit_count (g) && !cavalry; e++)
            cavalry = is_enemy_unit (g, u, e)
                   && unit_c (g, e)->arm == ARM_CAVALRY
                   && dist (g, u, e) <= t->deploy_cm;
        if (cavalry) {
            change_formation (g, u, EOL_CHANGE_FORM_UP, FORMATION_LINE,
                              ARM_INFANTRY, x->fp.facing);
            left -= t->change_moves[EOL_CHANGE_FORM_UP];
        }
    }
    if (!o->has_facing || left <= 0)
        return;
    double turn = eol_turn (x->fp.facing, o->facing);
    bool formed = x->formation != FORMATION_LOOSE && k != EOL_LEADER;
    if (formed && fabs (turn) >= 135
        && left >= t->change_moves[EOL_CHANGE_ABOUT_FACE]) {
        change_formation (g, u, EOL_CHANGE_ABOUT_FACE, x->formation, x->arm,
                          x->fp.facing + 180);
        left -= t->change_moves[EOL_CHANGE_ABOUT_FACE];
    }
    wheel_towards (g, u, o->facing, left * move_cm (g, u));
}

/*  ---- orders ---- */

/*  The order unit u carries out: CONTINUE becomes its current action
 *  (a move not yet finished), keeping the order's facing and fire. */
static order_t
effective_order (const game_t *g, int u)
{
    const game_unit_t *gu = game_unit (g, u);
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind != ORDER_CONTINUE)
        return o;
    order_t c = gu->current;
    if (c.kind != ORDER_MOVE && c.kind != ORDER_TAKE_COVER)
        c = order_hold ();
    c.fire = o.fire;
    c.target = o.target;
    if (o.has_formation) {
        c.has_formation = true;
        c.formation = o.formation;
    }
    if (o.has_facing) {
        c.has_facing = true;
        c.facing = o.facing;
    }
    c.status_set = o.status_set;
    c.status_clear = o.status_clear;
    return c;
}

/*  The enemy unit u fires at for an order with `fire` and no target: the
 *  nearest it has dice against, or -1. */
static int
fire_target_for (const game_t *g, int u, int asked)
{
    if (asked >= 0 && eol_fire_dice_at (g, u, asked, false, NULL, 0) > 0)
        return asked;
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_unit (g, u, e))
            continue;
        double d = dist (g, u, e);
        if (d < bd && eol_fire_dice_at (g, u, e, false, NULL, 0) > 0) {
            bd = d;
            best = e;
        }
    }
    return best;
}

/*  Unit u's action for this phase. */
static void
execute_action (game_t *g, int u, dice_t *dice)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *x = unit_m (g, u);
    order_t o = effective_order (g, u);
    set_flag (g, u, EOL_F_ACTED);
    if (gu->in_melee || !eol_in_play (g, u))
        return;
    uint32_t set = o.status_set & MORALE_FLAGS;
    x->status = (x->status | set) & ~(o.status_clear & MORALE_FLAGS & ~set);
    if (set & STATUS_RAN_LAST_TURN)
        set_flag (g, u, EOL_F_FRESH);
    order_t next = order_hold ();
    switch (o.kind) {
    case ORDER_CHARGE:
        do_charge (g, u, o.target, dice);
        break;
    case ORDER_FIRE:
        eol_fire (g, u, o.target, false, dice);
        break;
    case ORDER_MOVE:
    case ORDER_TAKE_COVER:
        do_move (g, u, &o);
        if (eol_in_play (g, u) && geom_dist (unit_c (g, u)->fp.centre, o.to) > 0.5) {
            next = o;
            next.fire = false;
            next.status_set = next.status_clear = 0;
        }
        break;
    case ORDER_HOLD:
    case ORDER_CONTINUE:
    default: {
        int target = o.fire && eol_can_fire (g, u) && !eol_disordered (g, u)
                   ? fire_target_for (g, u, o.target) : -1;
        if (target >= 0)
            eol_fire (g, u, target, false, dice);
        else
            do_hold (g, u, &o);
        break;
    }
    }
    if (eol_in_play (g, u))
        game_unit_mut (g, u)->current = next;
}

/*  An order's formation change: made with a move or a hold (a change is
 *  a part of a move: not of fire nor of a charge, "each unit ... may only
 *  make one action"), one the unit may make (ordered_change), costing no
 *  more than the order's move (half a move at the half pace).  0, or -1
 *  with err. */
static int
check_formation (const game_t *g, int u, const order_t *o, char *err,
                 int errlen)
{
    const unit_t *x = unit_c (g, u);
    if (o->kind == ORDER_FIRE || o->kind == ORDER_CHARGE
        || (o->fire && o->kind != ORDER_MOVE && o->kind != ORDER_TAKE_COVER)) {
        snprintf (err, errlen, "%s: a formation change is part of a move or "
                  "a hold, not of %s (one action a turn)", x->id,
                  o->kind == ORDER_CHARGE ? "a charge" : "fire");
        return -1;
    }
    ordered_form_t f;
    if (ordered_change (g, u, o->formation, order_way (g, u, o), &f, err,
                        errlen) < 0)
        return -1;
    double budget = (o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER)
                    && o->pace == ORDER_PACE_HALF ? 0.5 : 1.0;
    if (!f.none && f.cost > budget + 1e-9) {
        snprintf (err, errlen, "%s: %s takes %s move; the order gives only "
                  "half a move", x->id, eol_change_name (f.change),
                  f.cost >= 1 ? "a full" : "half a");
        return -1;
    }
    return 0;
}

static int
check_order (const game_t *g, int u, const order_t *o, char *err, int errlen)
{
    const unit_t *x = unit_c (g, u);
    if ((int) o->kind < 0 || o->kind >= ORDER_KIND_COUNT
        || (int) o->pace < 0 || o->pace >= ORDER_PACE_COUNT) {
        snprintf (err, errlen, "%s: unknown order kind or pace", x->id);
        return -1;
    }
    if ((o->has_to && !(isfinite (o->to.x) && isfinite (o->to.y)))
        || (o->has_facing && !isfinite (o->facing))) {
        snprintf (err, errlen, "%s: the order's point or facing is not a "
                  "number", x->id);
        return -1;
    }
    if ((o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER) && !o->has_to) {
        snprintf (err, errlen, "%s: a %s order needs a point to go to",
                  x->id, order_kind_name (o->kind));
        return -1;
    }
    if (o->kind == ORDER_FIRE) {
        if (o->has_to) {
            snprintf (err, errlen, "%s: one action a turn: it fires or it "
                      "moves, not both", x->id);
            return -1;
        }
        if (!eol_can_fire (g, u)) {
            snprintf (err, errlen, "%s: cannot fire now (%s)", x->id,
                      eol_is_leader (g, u) ? "a leader"
                      : eol_disordered (g, u) ? "disordered"
                      : game_unit (g, u)->in_melee ? "in melee"
                      : is_artillery (g, u) ? "limbered" : "no firearm");
            return -1;
        }
        if (!is_enemy_unit (g, u, o->target)) {
            snprintf (err, errlen, "%s: fire at unit %d, which is no enemy "
                      "unit in play", x->id, o->target);
            return -1;
        }
        if (eol_fire_dice_at (g, u, o->target, false, NULL, 0) <= 0) {
            snprintf (err, errlen, "%s: cannot bear on %s (range, 45 degree "
                      "arc or sight), or no die after the multipliers",
                      x->id, unit_c (g, o->target)->id);
            return -1;
        }
    }
    if (o->has_formation && check_formation (g, u, o, err, errlen) < 0)
        return -1;
    if (o->kind == ORDER_CHARGE)
        return eol_charge_check (g, u, o->target, err, errlen);
    return 0;
}

/*  A point `d` from unit u's centre along `bearing`, on the table. */
static vec2_t
point_along (const game_t *g, int u, double bearing, double d)
{
    return situation_move_towards (game_situation (g), unit_c (g, u)->fp.centre,
                                   bearing, d);
}

static int
legal_orders (const game_t *g, int u, order_t *out, int max)
{
    const unit_t *x = unit_c (g, u);
    const situation_t *sit = game_situation (g);
    int n = 0;
    double near_d;
    int near = nearest_enemy (g, u, true, &near_d);
    order_t o = order_hold ();
    if (near >= 0) {
        o.has_facing = true;
        o.facing = geom_bearing (x->fp.centre, unit_c (g, near)->fp.centre);
    }
    out[n++] = o;
    if (!eol_in_play (g, u) || game_unit (g, u)->in_melee)
        return n;
    char err[SOLO_ERR_MAX];
    double move = move_cm (g, u);
    /* fire at each enemy it has dice against */
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy_unit (g, u, e)
            || eol_fire_dice_at (g, u, e, false, NULL, 0) <= 0)
            continue;
        order_t f = order_hold ();
        f.kind = ORDER_FIRE;
        f.target = e;
        f.fire = true;
        out[n++] = f;
    }
    /* charge each enemy in reach */
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy_unit (g, u, e)
            || eol_charge_check (g, u, e, err, sizeof err) < 0)
            continue;
        order_t c = order_hold ();
        c.kind = ORDER_CHARGE;
        c.target = e;
        out[n++] = c;
    }
    if (eol_is_leader (g, u)) {
        /* to the friendly units nearest him, behind their centre */
        for (int k = 0; k < 3 && n < max; k++) {
            int best = -1;
            double bd = INFINITY;
            for (int v = 0; v < game_unit_count (g); v++) {
                if (v == u || unit_c (g, v)->side != x->side
                    || !eol_in_play (g, v) || eol_is_leader (g, v))
                    continue;
                double d = dist (g, u, v);
                bool taken = false;
                for (int j = 1; j < n && !taken; j++)
                    taken = out[j].target == v;
                if (!taken && d < bd && d > tables (g)->contact_cm) {
                    bd = d;
                    best = v;
                }
            }
            if (best < 0)
                break;
            const footprint_t *bf = &unit_c (g, best)->fp;
            vec2_t back = geom_heading_vec (bf->facing + 180);
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.target = best;
            m.to.x = bf->centre.x + back.x * (bf->depth / 2
                                              + tables (g)->leader_base_cm / 2);
            m.to.y = bf->centre.y + back.y * (bf->depth / 2
                                              + tables (g)->leader_base_cm / 2);
            out[n++] = m;
        }
        for (int k = 0; k < n; k++)
            if (out[k].kind == ORDER_MOVE)
                out[k].target = -1;
        return n;
    }
    if (near >= 0) {
        double towards = geom_bearing (x->fp.centre, unit_c (g, near)->fp.centre);
        if (n < max) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.to = point_along (g, u, towards, move);
            out[n++] = m;
        }
        if (n < max) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.to = point_along (g, u, geom_norm_deg (towards + 180), move);
            m.has_facing = true;
            m.facing = towards;
            out[n++] = m;
        }
    }
    vec2_t cover;
    if (n < max && situation_nearest_cover (sit, u, move, NULL, &cover) >= 0
        && geom_dist (cover, x->fp.centre) > 0.5) {
        order_t m = order_hold ();
        m.kind = ORDER_TAKE_COVER;
        m.has_to = true;
        m.to = cover;
        out[n++] = m;
    }
    for (int k = 0; k < 8 && n < max; k++) {
        order_t m = order_hold ();
        m.kind = ORDER_MOVE;
        m.has_to = true;
        m.to = point_along (g, u, 45.0 * k, move);
        if (geom_dist (m.to, x->fp.centre) < 1.0)
            continue;
        out[n++] = m;
    }
    return n;
}

/*  ---- who is uncommanded ---- */

/*  The text has no command rule: each unit acts at its player's choice,
 *  so none follows the actions tables unless the table file's
 *  eol.sequence.uncommanded says otherwise (RULINGS.md).  Leaders are
 *  never table-bound: the tables have no row for a lone leader. */
static bool
table_bound (const game_t *g, int u)
{
    switch (tables (g)->uncommanded) {
    case EOL_UNCOMMANDED_ALL:
        return !eol_is_leader (g, u);
    case EOL_UNCOMMANDED_NO_LEADER_IN_CONTACT:
        return !eol_is_leader (g, u) && !eol_leader_in_contact (g, u);
    default:
        return false;
    }
}

static void
table_bound_why (const game_t *g, int u, char *why, int len)
{
    (void) u;
    snprintf (why, (size_t) len, "%s",
              tables (g)->uncommanded == EOL_UNCOMMANDED_ALL
              ? "uncommanded: the whole army follows the actions tables "
                "(eol.sequence.uncommanded = all)"
              : "uncommanded: no leader of its side in contact "
                "(eol.sequence.uncommanded)");
}

/*  ---- victory ---- */

int
eol_side_lost (const game_t *g, side_t side, int *of)
{
    const situation_t *start = scenario_situation (game_scenario (g));
    int lost = 0, figures = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = unit_c (g, u);
        if (x->side != side)
            continue;
        const unit_t *s = situation_unit_const (start, u);
        figures += s->figures - s->killed;
        lost += x->killed - s->killed;   /* routed count as killed here */
    }
    if (of)
        *of = figures;
    return lost;
}

/*  A unit (not a leader) in play holds objectives and counts as left on
 *  the table. */
static bool
holds (const game_t *g, int u)
{
    return eol_in_play (g, u) && !eol_is_leader (g, u);
}

static void
update_objectives (game_t *g)
{
    game_update_objectives (g, holds);
}

/*  The shared judgement (game_judge_victory): figures killed and routed
 *  (eol_side_lost) against eol.victory.army_break; no wounded in this
 *  ruleset. */
static void
victory (const game_t *g, game_result_t *out)
{
    game_victory_rules_t v = {
        .army_break = tables (g)->army_break,
        .side_lost = eol_side_lost,
        .holds = holds,
        .count_wounded = false,
        .lost_words = "killed or routed" };
    game_judge_victory (g, &v, out);
}

/*  ---- resolving ---- */

/*  Does `side` have a unit or leader left to act this turn? */
static bool
side_waits (const game_t *g, int side)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if (unit_c (g, u)->side == (side_t) side && eol_in_play (g, u)
            && !(flags (g, u) & EOL_F_ACTED) && !game_unit (g, u)->in_melee)
            return true;
    return false;
}

/*  An activation: the candidate ordered first acts (its player's choice);
 *  the others wait for a later activation, their orders forgotten.  After
 *  the turn's last action the objectives are held. */
static void
resolve_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    if (phase == EOL_PHASE_INITIATIVE) {
        fight_melees (g, dice);
        return;
    }
    int n = game_unit_count (g), chosen = -1;
    for (int u = 0; u < n; u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        if (!eol_state (gu)->action_rank)
            continue;
        if (!gu->needs_order
            && (chosen < 0
                || gu->order_seq < game_unit (g, chosen)->order_seq))
            chosen = u;
    }
    for (int u = 0; u < n; u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        if (!eol_state (gu)->action_rank)
            continue;
        eol_state (gu)->action_rank = 0;
        gu->needs_order = 0;
        if (u != chosen) {
            gu->ordered = 0;
            gu->order = order_hold ();
        }
    }
    if (chosen < 0) {
        /* nobody was ordered (a player who reported no action): the
           engine's pick, the candidate nearest an enemy, holds */
        int *list = scratch_ints (g);
        if (waiting_units (g, phase_side (g, phase), list) > 0)
            chosen = list[0];
    }
    if (chosen >= 0)
        execute_action (g, chosen, dice);
    eol_update_contacts (g);
    if (!side_waits (g, SIDE_BLUE) && !side_waits (g, SIDE_RED))
        update_objectives (g);
}

/*  The activations pass back and forth while both sides have units to
 *  act; then the side with units left acts with them one by one ("Actions
 *  pass back and forth until every unit and leader has either made an
 *  action or stated that it will not make one this turn"); the turn ends
 *  when none is left. */
static int
next_phase (const game_t *g, int phase)
{
    if (!side_waits (g, SIDE_BLUE) && !side_waits (g, SIDE_RED))
        return EOL_PHASE_COUNT;
    int next = phase + 1;
    if (!side_waits (g, phase_side (g, next)))
        next++;                           /* the same side acts again */
    return next;
}

const game_engine_t eol_engine = {
    .name = "empire_of_liberty",
    .title = "Empire of Liberty (seed 001), played",
    .tables_load = tables_load,
    .tables_free = tables_free,
    .phase_count = EOL_PHASE_COUNT,
    .phase_name = phase_name,
    .phase_side = phase_side,
    .phase_title = phase_title,
    .scratch_size = scratch_size,
    .prepare = prepare,
    .begin_phase = begin_phase,
    .legal_orders = legal_orders,
    .check_order = check_order,
    .table_bound = table_bound,
    .table_bound_why = table_bound_why,
    .resolve_phase = resolve_phase,
    .next_phase = next_phase,
    .choice_side = choice_side,
    .choose_first = choose_first,
    .victory = victory,
    .refresh = eol_update_contacts,
};
