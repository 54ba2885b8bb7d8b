/*  s19_engine.c - seed 002 played: the sequence, activation, moves,
 *  shooting, melee and victory, on the general game state.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "s19_command.h"
#include "s19_engine.h"
#include "s19_estimate.h"
#include "s19_melee.h"
#include "s19_move.h"
#include "s19_shoot.h"

/*  The status flags an order's morale effect may set or clear. */
#define MORALE_FLAGS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE \
                      | STATUS_FALLING_BACK)
/*  Flags that last one turn after the turn they were set in: kept in
 *  s19_unit_state_t.fresh_status while fresh. */
#define FRESH_FLAGS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE)

static const s19_tables_t *
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

static const weapon_t *
weapon_of (const game_t *g, int u)
{
    return ruleset_weapon (rules_of (g), unit_c (g, u)->weapon);
}

/*  ---- engine tables ---- */

static void *
tables_load (const char *text, const char *origin, const ruleset_t *rs,
             char *err, int errlen)
{
    (void) rs;
    return s19_tables_load_text (text, origin, err, errlen);
}

static void
tables_free (void *t)
{
    s19_tables_t *p = t;
    s19_tables_destroy (&p);
}

static const char *
phase_name (int phase)
{
    static const char *names[S19_PHASE_COUNT] = {
        "command", "side A moves", "side A shoots", "side B moves",
        "side B shoots", "melee" };
    return phase >= 0 && phase < S19_PHASE_COUNT ? names[phase] : "?";
}

side_t
s19_side_a (const game_t *g)
{
    int first = scenario_first_side (game_scenario (g));
    return first >= 0 ? (side_t) first : tables (g)->side_a;
}

/*  The seed's "Side 'A'" and "Side 'B'" are letters of the sequence: a
 *  player says which army ("French voltigeurs' move (side A)"). */
static void
phase_title (const game_t *g, int phase, char *buf, int len)
{
    side_t a = s19_side_a (g);
    const scenario_t *sc = game_scenario (g);
    bool side_b = phase == S19_PHASE_B_MOVE || phase == S19_PHASE_B_SHOOT;
    bool moves = phase == S19_PHASE_A_MOVE || phase == S19_PHASE_B_MOVE;
    if (phase >= S19_PHASE_A_MOVE && phase <= S19_PHASE_B_SHOOT) {
        const char *army = scenario_side_name (sc, side_b ? (side_t) (1 - a)
                                                          : a);
        size_t n = strlen (army);
        snprintf (buf, (size_t) len, "%s%s %s (side %c)", army,
                  n && army[n - 1] == 's' ? "'" : "'s",
                  moves ? "move" : "shooting", side_b ? 'B' : 'A');
    }
    else
        snprintf (buf, (size_t) len, "%s", phase_name (phase));
}

static int
phase_side (const game_t *g, int phase)
{
    side_t a = s19_side_a (g);
    if (phase == S19_PHASE_A_MOVE)
        return a;
    if (phase == S19_PHASE_B_MOVE)
        return 1 - a;
    return -1;
}

/*  ---- small questions ---- */

bool
s19_in_play (const game_t *g, int u)
{
    return !game_unit (g, u)->gone && unit_figures_standing (unit_c (g, u)) > 0;
}

bool
s19_is_commander (const game_t *g, int u)
{
    return unit_c (g, u)->arm == ARM_COMMAND;
}

static bool
is_loaded (const game_t *g, int u)
{
    return s19_load_halves (weapon_of (g, u)) == 0
        || (unit_c (g, u)->status & STATUS_LOADED);
}

/*  The least distance from unit u's footprint `fp` to an enemy in play,
 *  looking only as far as `limit` (beyond it: some distance > limit). */
static double
enemy_gap_within (const game_t *g, int u, const footprint_t *fp,
                  double limit)
{
    const situation_t *sit = game_situation (g);
    side_t side = unit_c (g, u)->side;
    double best = INFINITY;
    double r = footprint_half_diagonal (fp);
    for (int e = 0; e < game_unit_count (g); e++) {
        const unit_t *x = situation_unit_const (sit, e);
        if (x->side == side || !s19_in_play (g, e))
            continue;
        double dx = x->fp.centre.x - fp->centre.x;
        double dy = x->fp.centre.y - fp->centre.y;
        double reach = r + footprint_half_diagonal (&x->fp)
                     + (best < limit ? best : limit);
        if (dx * dx + dy * dy > reach * reach)
            continue;              /* cannot be nearer than what we have */
        double d = footprint_distance (fp, &x->fp);
        if (d < best)
            best = d;
    }
    return best;
}

/*  The least distance from unit u's footprint `fp` to an enemy in play. */
static double
enemy_gap (const game_t *g, int u, const footprint_t *fp)
{
    return enemy_gap_within (g, u, fp, INFINITY);
}

/*  Recompute every unit's in_melee: in contact with an enemy in play.
 *  Contact is mutual, so each pair of enemies is looked at once, and not
 *  at all when both are already known to be in contact or their centres
 *  are too far apart for their footprints to touch. */
/*  Enemies near a unit looked up at once, at most (more: every unit is
 *  looked at for that one). */
#define CONTACT_NEAR_MAX 64

/*  update_contacts on a big table: each unit's enemies within contact
 *  from the grid index (built here: the units have moved since the last
 *  one), instead of every pair, which on a table of thousands of units
 *  was most of a phase.  False when there is no index (too few units, or
 *  out of memory): the caller looks at every pair. */
static bool
update_contacts_indexed (game_t *g, double contact)
{
    situation_t *sit = game_situation_mut (g);
    int n = game_unit_count (g);
    if (n < SITUATION_INDEX_MIN_UNITS || situation_index_units (sit) < 0
        || !situation_units_indexed (sit))
        return false;
    int near[CONTACT_NEAR_MAX];
    for (int u = 0; u < n; u++) {
        if (!s19_in_play (g, u) || game_unit (g, u)->in_melee)
            continue;
        const unit_t *a = unit_c (g, u);
        unsigned enemies = SITUATION_ALL_SIDES & ~SITUATION_SIDE_BIT (a->side);
        int k = situation_units_within (sit, &a->fp, -1, contact, enemies,
                                        NULL, NULL, near, NULL,
                                        CONTACT_NEAR_MAX);
        for (int i = 0; i < k && i < CONTACT_NEAR_MAX; i++)
            if (s19_in_play (g, near[i])) {
                game_unit_mut (g, u)->in_melee = 1;
                game_unit_mut (g, near[i])->in_melee = 1;
            }
        for (int e = 0; k > CONTACT_NEAR_MAX && e < n; e++)
            if (unit_c (g, e)->side != a->side && s19_in_play (g, e)
                && footprint_distance (&a->fp, &unit_c (g, e)->fp) <= contact) {
                game_unit_mut (g, u)->in_melee = 1;
                game_unit_mut (g, e)->in_melee = 1;
            }
    }
    return true;
}

static void
update_contacts (game_t *g)
{
    int n = game_unit_count (g);
    double contact = tables (g)->contact_cm;
    for (int u = 0; u < n; u++)
        game_unit_mut (g, u)->in_melee = 0;
    if (update_contacts_indexed (g, contact))
        return;
    for (int u = 0; u < n; u++) {
        if (!s19_in_play (g, u))
            continue;
        const footprint_t *a = &unit_c (g, u)->fp;
        side_t side = unit_c (g, u)->side;
        double ra = footprint_half_diagonal (a);
        for (int e = u + 1; e < n; e++) {
            const unit_t *x = unit_c (g, e);
            if (x->side == side
                || (game_unit (g, u)->in_melee && game_unit (g, e)->in_melee)
                || !s19_in_play (g, e))
                continue;
            double dx = x->fp.centre.x - a->centre.x;
            double dy = x->fp.centre.y - a->centre.y;
            double reach = ra + footprint_half_diagonal (&x->fp) + contact;
            if (dx * dx + dy * dy > reach * reach
                || footprint_distance (a, &x->fp) > contact)
                continue;
            game_unit_mut (g, u)->in_melee = 1;
            game_unit_mut (g, e)->in_melee = 1;
        }
    }
}

/*  A unit has lost its last figure or left the table: out of play. */
static void
take_out (game_t *g, int u, bool left_table)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *un = unit_m (g, u);
    if (gu->gone)
        return;
    gu->gone = 1;
    gu->in_melee = 0;
    if (left_table) {
        gu->left_standing = (int16_t) unit_figures_standing (un);
        un->killed = un->figures;      /* so no rule sees it any more */
        un->wounded = 0;
    }
    un->status &= ~(STATUS_FALLING_BACK | STATUS_RAN_LAST_TURN
                    | STATUS_RETREATING_FROM_MELEE);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s %s", un->id,
                    left_table ? "leaves the table" : "is destroyed");
}

/*  ---- setting up ---- */

static size_t
scratch_size (const game_t *g)
{
    const situation_t *sit = game_situation (g);
    size_t figures = 0;
    for (int i = 0; i < situation_unit_count (sit); i++)
        figures += (size_t) situation_unit_const (sit, i)->figures;
    size_t pool = (size_t) tables (g)->hit_group_max;
    return figures * sizeof (s19_fighter_t)
         + (size_t) situation_unit_count (sit) * sizeof (int) * 2
         + pool * (sizeof (int) + 1) + 64;
}

/*  The workspace: fighters, then two int arrays of unit_count, then the
 *  hit pool's owners and states. */
typedef struct {
    s19_fighter_t *fighters;
    int *parent;
    int *list;
    int *owner;
    uint8_t *pool;
} scratch_t;

static scratch_t
scratch (game_t *g)
{
    const situation_t *sit = game_situation (g);
    size_t figures = 0;
    int n = situation_unit_count (sit);
    for (int i = 0; i < n; i++)
        figures += (size_t) situation_unit_const (sit, i)->figures;
    char *p = game_scratch (g);
    scratch_t s;
    s.fighters = (s19_fighter_t *) p;
    p += figures * sizeof (s19_fighter_t);
    s.parent = (int *) p;
    s.list = s.parent + n;
    s.owner = s.list + n;
    s.pool = (uint8_t *) (s.owner + tables (g)->hit_group_max);
    return s;
}

static int check_order (const game_t *g, int u, const order_t *o,
                        char *err, int errlen);
static void record_sightings (game_t *g);
static bool falls_back_on (const game_t *g, int u);
static order_t falling_back_onward (const game_t *g, int u,
                                    const order_t *done, vec2_t start);

/*  "Heroes throw 4D6 a turn. Veterans throw 3D6 a turn. Raw figures throw
 *  2D6": a command figure of a grade the seed gives no dice (average,
 *  green: grades of other rulesets) could never command; refused, naming
 *  the unit, its grade and the grades that throw. */
static int
check_command_grades (const game_t *g, char *err, int errlen)
{
    const s19_tables_t *t = tables (g);
    const ruleset_t *rs = rules_of (g);
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = unit_c (g, u);
        if (x->arm != ARM_COMMAND || t->command_dice[x->quality] > 0)
            continue;
        char grades[160] = "";
        size_t used = 0;
        for (int q = 0; q < QUALITY_COUNT && used < sizeof grades; q++)
            if (t->command_dice[q] > 0)
                used += (size_t) snprintf (grades + used, sizeof grades - used,
                                           "%s%s (%dD6)", used ? ", " : "",
                                           ruleset_quality_name (rs, (quality_t) q),
                                           t->command_dice[q]);
        snprintf (err, (size_t) errlen, "unit \"%s\": a command figure of "
                  "quality \"%s\" throws no command dice in %s; its command "
                  "figures are %s", x->id,
                  ruleset_quality_name (rs, x->quality), ruleset_name (rs),
                  grades);
        return -1;
    }
    return 0;
}

/*  Statuses given from outside the rules (a scenario's start, a player's
 *  report of the table) describe the turn at hand: a unit that "ran from
 *  enemy last turn" or is "retreating as a result of melee" is so for
 *  this turn's command step (a router's 2 points a figure) and its Risk
 *  Factors (+3).  They are marked fresh, as the engine marks the ones it
 *  sets itself, so that the start of the turn (new_turn) keeps them for
 *  this turn and lets them lapse at the next. */
static void
hold_given_statuses (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++)
        s19_state (game_unit_mut (g, u))->fresh_status =
            (int16_t) (unit_c (g, u)->status & FRESH_FLAGS);
}

static int
prepare (game_t *g, char *err, int errlen)
{
    const scenario_t *sc = game_scenario (g);
    if (check_command_grades (g, err, errlen) < 0)
        return -1;
    for (int i = 0; i < scenario_order_count (sc); i++) {
        const scenario_order_t *so = scenario_order (sc, i);
        const unit_t *un = unit_c (g, so->unit);
        if (so->order.has_formation
            && !ruleset_formation_allowed (rules_of (g), un->arm,
                                           so->order.formation))
            return check_order (g, so->unit, &so->order, err, errlen);
        game_unit_mut (g, so->unit)->current = so->order;
    }
    for (int u = 0; u < game_unit_count (g); u++)
        if (unit_c (g, u)->status & STATUS_LOADED)
            game_unit_mut (g, u)->load_halves =
                (uint8_t) s19_load_halves (weapon_of (g, u));
    hold_given_statuses (g);
    update_contacts (g);
    record_sightings (g);
    /* a unit the scenario sets falling back, with no order of its own:
       its current actions are falling back away from the enemy it sees */
    for (int u = 0; u < game_unit_count (g); u++)
        if (game_unit (g, u)->current.kind == ORDER_HOLD
            && s19_in_play (g, u) && falls_back_on (g, u))
            game_unit_mut (g, u)->current =
                falling_back_onward (g, u, NULL, unit_c (g, u)->fp.centre);
    return 0;
}

/*  ---- step (1): command ---- */

/*  Is unit `u` within commander `c`'s command distance? */
static bool
in_command_reach (const game_t *g, int c, int u)
{
    const situation_t *sit = game_situation (g);
    bool enclosed = situation_footprint_enclosed (sit, &unit_c (g, c)->fp)
                 || situation_footprint_enclosed (sit, &unit_c (g, u)->fp);
    double reach = s19_command_distance (ruleset_settings (rules_of (g)),
                                         enclosed);
    return situation_unit_distance (sit, c, u) <= reach;
}

int
s19_activate_side (game_t *g, side_t side, dice_t *dice)
{
    const s19_tables_t *t = tables (g);
    int n = game_unit_count (g);
    int thrown = 0;
    scratch_t s = scratch (g);
    for (int c = 0; c < n; c++) {
        const unit_t *cu = unit_c (g, c);
        if (cu->side != side || !s19_in_play (g, c) || !s19_is_commander (g, c))
            continue;
        game_unit_t *gc = game_unit_mut (g, c);
        gc->commanded = 1;
        /* drummer or bugler within reach (its own unit included) */
        bool drummer = cu->drummers + cu->buglers > 0;
        for (int u = 0; u < n && !drummer; u++) {
            const unit_t *x = unit_c (g, u);
            drummer = u != c && x->side == side && s19_in_play (g, u)
                   && x->drummers + x->buglers > 0
                   && in_command_reach (g, c, u);
        }
        /* busy: "- 1 Dice if Officer loading/Firing or in Melee": it
           fired last turn (the engine's mark, or the `fired` status a
           player reports), halted to load last turn, or is in melee */
        bool busy = gc->fired || (cu->status & STATUS_FIRED) || gc->in_melee
                 || s19_state_const (gc)->loading_now;
        int count = s19_command_dice (t, cu->quality, drummer, busy);
        game_dice_key (g, dice, c, GAME_DICE_COMMAND, -1);
        int points = count > 0 ? dice_roll_sum (dice, count, 6) : 0;
        thrown += points;
        /* the candidates, nearest first (insertion sort by distance); a
           command figure always acts under command itself, so none is
           bought with another's points */
        int k = 0;
        for (int u = 0; u < n; u++) {
            if (u == c || unit_c (g, u)->side != side || !s19_in_play (g, u)
                || s19_is_commander (g, u) || game_unit (g, u)->commanded
                || !in_command_reach (g, c, u))
                continue;
            double d = situation_unit_distance (game_situation (g), c, u);
            int j = k++;
            while (j > 0 && situation_unit_distance (game_situation (g), c,
                                                     s.list[j - 1]) > d) {
                s.list[j] = s.list[j - 1];
                j--;
            }
            s.list[j] = u;
        }
        int left = points;
        char names[160] = "";
        size_t used = 0;
        for (int j = 0; j < k; j++) {
            int u = s.list[j];
            int cost = s19_activation_cost (t, unit_c (g, u));
            if (cost > left)
                continue;
            left -= cost;
            game_unit_mut (g, u)->commanded = 1;
            if (game_events_on (g) && used < sizeof names - 1)
                used += (size_t) snprintf (names + used, sizeof names - used,
                                           "%s%s", used ? ", " : "",
                                           unit_c (g, u)->id);
        }
        if (game_events_on (g))
            game_event (g, GAME_EVENT_COMMAND, c, "%s throws %dD6%s%s: %d "
                        "points; commands %s", cu->id, count,
                        drummer ? " (a drummer or bugler with it)" : "",
                        busy ? " (one fewer: busy)" : "", points,
                        names[0] ? names : "no unit");
    }
    for (int u = 0; u < n; u++) {
        unit_t *un = unit_m (g, u);
        if (un->side != side)
            continue;
        if (game_unit (g, u)->commanded)
            un->status |= STATUS_COMMANDED;
        else
            un->status &= ~STATUS_COMMANDED;
    }
    return thrown;
}

/*  The start of a turn: last turn's marks go, this turn's begin. */
static void
new_turn (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        unit_t *un = unit_m (g, u);
        /* ran / retreated: counts for the turn after, then goes */
        uint32_t fresh = (uint32_t) s19_state (gu)->fresh_status;
        un->status &= ~(FRESH_FLAGS & ~fresh);
        s19_state (gu)->fresh_status = 0;
        gu->commanded = 0;
    }
}

/*  Clear what lasts only a turn, after command is thrown. */
static void
clear_turn_marks (game_t *g)
{
    for (int u = 0; u < game_unit_count (g); u++) {
        game_unit_t *gu = game_unit_mut (g, u);
        gu->ordered = 0;
        gu->moved_halves = 0;
        gu->fired = 0;
        s19_state (gu)->loading_now = 0;
        gu->order = order_hold ();
        unit_m (g, u)->status &= ~STATUS_FIRED;
    }
}

static void
begin_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    if (phase == S19_PHASE_COMMAND) {
        new_turn (g);
        side_t a = s19_side_a (g);
        s19_activate_side (g, a, dice);
        s19_activate_side (g, (side_t) (1 - a), dice);
        clear_turn_marks (g);
        return;
    }
    int side = phase_side (g, phase);
    if (side < 0)
        return;
    for (int u = 0; u < game_unit_count (g); u++)
        if (unit_c (g, u)->side == (side_t) side && s19_in_play (g, u))
            game_unit_mut (g, u)->needs_order = 1;
}

/*  ---- orders ---- */

/*  How far unit u moves at `pace` (its troop type's move on foot). */
static double
allowance (const game_t *g, int u, order_pace_t pace)
{
    return s19_move_allowance (rules_of (g), tables (g), unit_c (g, u), pace);
}

/*  The pace of a charge: a gallop for cavalry, a full move on foot. */
static order_pace_t
charge_pace (const game_t *g, int u, order_pace_t asked)
{
    if (asked != ORDER_PACE_DEFAULT)
        return asked;
    return unit_c (g, u)->arm == ARM_CAVALRY ? ORDER_PACE_GALLOP
                                             : ORDER_PACE_FULL;
}

/*  Does unit u's shot take half the turn halted?  "Shooting takes ½
 *  turn halted for Firearms": its weapon fires gunpowder.  A thrown
 *  weapon (hatchet, rocks) or a partisan does not. */
static bool
shot_halts (const game_t *g, int u)
{
    const weapon_t *w = weapon_of (g, u);
    return w && w->gunpowder;
}

/*  How far a loaded commanded unit may move ordered at `pace` and still
 *  shoot: "they may then move at up to half speed and still shoot" is
 *  half the unit's full speed (loaded_move_fraction of its charge pace:
 *  foot their full move, cavalry the gallop, so a cavalryman firing may
 *  walk its 30 cm), and never more than the pace ordered allows (a walk
 *  is not halved again).  ORDER_PACE_DEFAULT: the half speed itself.  A
 *  unit whose shot does not halt it (shot_halts) moves as the pace
 *  allows, the default its full move. */
static double
loaded_allowance (const game_t *g, int u, order_pace_t pace)
{
    if (!shot_halts (g, u))
        return allowance (g, u, charge_pace (g, u, pace));
    double half = allowance (g, u, charge_pace (g, u, ORDER_PACE_DEFAULT))
                * tables (g)->loaded_move_fraction;
    if (pace == ORDER_PACE_DEFAULT)
        return half;
    return fmin (half, allowance (g, u, pace));
}

/*  Can unit u see enemy e (the fixed sighting range: no die)? */
static bool
sees (const game_t *g, int u, int e, dice_t *dice)
{
    return situation_can_see (game_situation (g), u, e, dice, NULL);
}

static bool
is_enemy_in_play (const game_t *g, int u, int e)
{
    return e >= 0 && e < game_unit_count (g) && e != u
        && unit_c (g, e)->side != unit_c (g, u)->side && s19_in_play (g, e);
}

/*  Can a commanded unit fire this turn if it does not move? */
static bool
can_fire_halted (const game_t *g, int u)
{
    int need = s19_load_halves (weapon_of (g, u));
    return is_loaded (g, u) || game_unit (g, u)->load_halves + 1 >= need;
}

static int
check_order (const game_t *g, int u, const order_t *o, char *err, int errlen)
{
    const unit_t *un = unit_c (g, u);
    if (o->has_formation
        && !ruleset_formation_allowed (rules_of (g), un->arm, o->formation)) {
        char allowed[96];
        snprintf (err, errlen, "%s: %s cannot form %s (the seed's %s "
                  "formations: %s)", un->id, arm_name (un->arm),
                  formation_name (o->formation), arm_name (un->arm),
                  ruleset_formation_list (rules_of (g), un->arm, allowed,
                                          sizeof allowed));
        return -1;
    }
    const weapon_t *w = weapon_of (g, u);
    if (o->kind == ORDER_FIRE) {
        if (!is_enemy_in_play (g, u, o->target)) {
            snprintf (err, errlen, "%s: fire at unit %d, which is no enemy "
                      "in play", un->id, o->target);
            return -1;
        }
        if (w->long_cm <= 0) {
            snprintf (err, errlen, "%s: its %s cannot shoot", un->id, w->name);
            return -1;
        }
        double d = situation_unit_distance (game_situation (g), u, o->target);
        if (d > w->long_cm) {
            snprintf (err, errlen, "%s: %s is %.1f cm away, beyond its "
                      "%s's %.0f cm", un->id, unit_c (g, o->target)->id, d,
                      w->name, w->long_cm);
            return -1;
        }
        if (game_unit (g, u)->commanded
            && !(o->has_to ? is_loaded (g, u) : can_fire_halted (g, u))) {
            snprintf (err, errlen, "%s: not loaded (a commanded unit halts "
                      "a turn to load before it fires)", un->id);
            return -1;
        }
    }
    if (o->kind == ORDER_CHARGE) {
        if (!is_enemy_in_play (g, u, o->target)) {
            snprintf (err, errlen, "%s: charge unit %d, which is no enemy "
                      "in play", un->id, o->target);
            return -1;
        }
        double reach = allowance (g, u, charge_pace (g, u, o->pace));
        double d = situation_unit_distance (game_situation (g), u, o->target);
        if (d > reach) {
            snprintf (err, errlen, "%s: %s is %.1f cm away, beyond its "
                      "%.0f cm charge reach", un->id,
                      unit_c (g, o->target)->id, d, reach);
            return -1;
        }
    }
    return 0;
}

/*  The nearest enemy in play of unit u seen from it, or -1. */
static int
nearest_seen_enemy (const game_t *g, int u, double *dist)
{
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_in_play (g, u, e))
            continue;
        double d = situation_unit_distance (game_situation (g), u, e);
        if (d < bd && sees (g, u, e, NULL)) {
            bd = d;
            best = e;
        }
    }
    if (dist)
        *dist = bd;
    return best;
}

/*  Enemies of a ring looked at at once, at most (more: every enemy is
 *  looked at). */
#define SIGHTING_RING_MAX 64
#define SIGHTING_FIRST_RING_CM 60.0

/*  Sort the k units `list` (distances `cm`) nearest first, ties by
 *  index. */
static void
sort_nearest (int *list, double *cm, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && (cm[j] < cm[j - 1]
                                  || (cm[j] == cm[j - 1]
                                      && list[j] < list[j - 1])); j--) {
            int ti = list[j];
            double tc = cm[j];
            list[j] = list[j - 1];
            cm[j] = cm[j - 1];
            list[j - 1] = ti;
            cm[j - 1] = tc;
        }
}

/*  nearest_seen_enemy looking no further than it must: the enemies
 *  nearest first (ties by index), the first seen.  On an indexed table
 *  ring by ring out from the unit (each ring twice as far), else all at
 *  once; a ring (or a table) of more than SIGHTING_RING_MAX enemies:
 *  nearest_seen_enemy. */
static int
nearest_seen_by_rings (const game_t *g, int u)
{
    const situation_t *sit = game_situation (g);
    const unit_t *un = unit_c (g, u);
    int list[SIGHTING_RING_MAX];
    double cm[SIGHTING_RING_MAX];
    if (!situation_units_indexed (sit)) {
        int k = 0;
        for (int e = 0; e < game_unit_count (g); e++) {
            if (!is_enemy_in_play (g, u, e))
                continue;
            if (k == SIGHTING_RING_MAX)
                return nearest_seen_enemy (g, u, NULL);
            list[k] = e;
            cm[k++] = situation_unit_distance (sit, u, e);
        }
        sort_nearest (list, cm, k);
        for (int i = 0; i < k; i++)
            if (sees (g, u, list[i], NULL))
                return list[i];
        return -1;
    }
    unsigned enemies = SITUATION_ALL_SIDES & ~SITUATION_SIDE_BIT (un->side);
    double span = situation_width (sit) + situation_depth (sit);
    for (double lo = -1, hi = SIGHTING_FIRST_RING_CM; lo < INFINITY;
         lo = hi, hi = hi > span ? INFINITY : 2 * hi) {
        int k = situation_units_within (sit, &un->fp, lo, hi, enemies, NULL,
                                        NULL, list, cm, SIGHTING_RING_MAX);
        if (k > SIGHTING_RING_MAX)
            return nearest_seen_enemy (g, u, NULL);
        sort_nearest (list, cm, k);
        for (int i = 0; i < k; i++)
            if (is_enemy_in_play (g, u, list[i]) && sees (g, u, list[i], NULL))
                return list[i];
    }
    return -1;
}

/*  Unit u's last_enemy_seen (STATUS_HAS_LAST_ENEMY): the centre of enemy
 *  e, when there is one (e >= 0). */
static void
remember_enemy (game_t *g, int u, int e)
{
    if (e < 0)
        return;
    unit_t *un = unit_m (g, u);
    un->last_enemy_seen = unit_c (g, e)->fp.centre;
    un->status |= STATUS_HAS_LAST_ENEMY;
}

/*  "Units falling back away from the enemy will halt in the nearest
 *  cover facing the last known enemy position": a unit falling back
 *  remembers where it last saw an enemy, the centre of the nearest it
 *  sees (with the fixed sighting range, as the game's sight), in its
 *  last_enemy_seen; one that sees none keeps what it had (the position
 *  a scenario or player gave, or none).  Looked at when it starts
 *  falling back (execute_order), and where the units stand at the start
 *  and after every move (its own side's or the enemy's), for every unit
 *  falling back: the only ones whose answer faces it (few: the game's
 *  cost stays that of the others; the shooting and the melee move no
 *  one far enough to count).  All are looked for before any is written:
 *  a write drops the unit index. */
static void
record_sightings (game_t *g)
{
    int n = game_unit_count (g);
    scratch_t s = scratch (g);
    int count = 0;
    for (int u = 0; u < n; u++) {
        bool looks = s19_in_play (g, u)
                  && (unit_c (g, u)->status & STATUS_FALLING_BACK);
        s.list[u] = looks ? nearest_seen_by_rings (g, u) : -1;
        count += looks;
    }
    for (int u = 0; count > 0 && u < n; u++)
        remember_enemy (g, u, s.list[u]);
}

/*  A point `dist` from unit u's centre along `bearing`, on the table. */
static vec2_t
point_along (const game_t *g, int u, double bearing, double dist)
{
    return situation_move_towards (game_situation (g), unit_c (g, u)->fp.centre,
                                   bearing, dist);
}

static int
legal_orders (const game_t *g, int u, order_t *out, int max)
{
    const unit_t *un = unit_c (g, u);
    const situation_t *sit = game_situation (g);
    int n = 0;
    double near_d;
    int near = nearest_seen_enemy (g, u, &near_d);
    order_t o = order_hold ();
    if (near >= 0) {
        o.has_facing = true;
        o.facing = geom_bearing (un->fp.centre, unit_c (g, near)->fp.centre);
    }
    out[n++] = o;                                   /* hold (and load) */
    if (!s19_in_play (g, u))
        return n;
    const weapon_t *w = weapon_of (g, u);
    bool commanded = game_unit (g, u)->commanded;
    bool cavalry = un->arm == ARM_CAVALRY;
    order_pace_t full = cavalry ? ORDER_PACE_WALK : ORDER_PACE_FULL;
    /* fire at each enemy seen in range */
    for (int e = 0; e < game_unit_count (g) && n < max; e++) {
        if (!is_enemy_in_play (g, u, e) || w->long_cm <= 0
            || (commanded && !can_fire_halted (g, u))
            || situation_unit_distance (sit, u, e) > w->long_cm
            || !sees (g, u, e, NULL) || !game_melee_lets_shoot (g, u)
            || !game_melee_lets_shoot (g, e)
            || !game_line_of_fire_open (g, u, e))
            continue;
        order_t f = order_hold ();
        f.kind = ORDER_FIRE;
        f.target = e;
        f.fire = true;
        f.has_facing = true;
        f.facing = geom_bearing (un->fp.centre, unit_c (g, e)->fp.centre);
        out[n++] = f;
    }
    if (near >= 0) {
        double towards = geom_bearing (un->fp.centre,
                                       unit_c (g, near)->fp.centre);
        /* fire at the nearest and close in at half speed */
        if (n < max && w->long_cm > 0 && near_d <= w->long_cm
            && (!commanded || is_loaded (g, u))) {
            order_t f = order_hold ();
            f.kind = ORDER_FIRE;
            f.target = near;
            f.fire = true;
            f.has_to = true;
            f.pace = ORDER_PACE_HALF;
            f.to = point_along (g, u, towards,
                                loaded_allowance (g, u, ORDER_PACE_DEFAULT));
            out[n++] = f;
        }
        /* advance, and at each cavalry pace */
        for (int p = 0; p < (cavalry ? 3 : 1) && n < max; p++) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.pace = cavalry ? (order_pace_t) (ORDER_PACE_WALK + p) : full;
            m.has_to = true;
            m.to = point_along (g, u, towards, allowance (g, u, m.pace));
            m.fire = !commanded;
            out[n++] = m;
        }
        /* fall back */
        if (n < max) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.pace = cavalry ? ORDER_PACE_CANTER : full;
            m.has_to = true;
            m.to = point_along (g, u, geom_norm_deg (towards + 180),
                                allowance (g, u, m.pace));
            m.has_facing = true;
            m.facing = towards;
            out[n++] = m;
        }
        /* charge each enemy in reach */
        double reach = allowance (g, u, charge_pace (g, u, ORDER_PACE_DEFAULT));
        for (int e = 0; e < game_unit_count (g) && n < max; e++) {
            if (!is_enemy_in_play (g, u, e)
                || situation_unit_distance (sit, u, e) > reach)
                continue;
            order_t c = order_hold ();
            c.kind = ORDER_CHARGE;
            c.target = e;
            c.follow_up = true;
            out[n++] = c;
        }
    }
    /* take cover */
    vec2_t cover;
    double move = allowance (g, u, full);
    if (n < max && situation_nearest_cover (sit, u, move, move, NULL,
                                            &cover) >= 0
        && geom_dist (cover, un->fp.centre) > 0.5) {
        order_t m = order_hold ();
        m.kind = ORDER_TAKE_COVER;
        m.pace = full;
        m.has_to = true;
        m.to = cover;
        out[n++] = m;
    }
    /* the eight points of the compass */
    for (int k = 0; k < 8 && n < max; k++) {
        order_t m = order_hold ();
        m.kind = ORDER_MOVE;
        m.pace = full;
        m.has_to = true;
        m.to = point_along (g, u, 45.0 * k, allowance (g, u, full));
        if (geom_dist (m.to, un->fp.centre) < 1.0)
            continue;
        out[n++] = m;
    }
    return n;
}

/*  ---- step (2)/(4): moves ---- */

/*  The footprint of unit u with its centre at p facing `facing`. */
static footprint_t
placed (const game_t *g, int u, vec2_t p, double facing)
{
    footprint_t fp = unit_c (g, u)->fp;
    fp.centre = p;
    fp.facing = geom_norm_deg (facing);
    return fp;
}

/*  Is any corner of the footprint off the table (or on its edge)? */
static bool
touches_edge (const game_t *g, const footprint_t *fp)
{
    const situation_t *sit = game_situation (g);
    vec2_t c[4];
    footprint_corners (fp, c);
    for (int i = 0; i < 4; i++)
        if (c[i].x <= 0.5 || c[i].y <= 0.5
            || c[i].x >= situation_width (sit) - 0.5
            || c[i].y >= situation_depth (sit) - 0.5)
            return true;
    return false;
}

/*  May a move that is not a charge pass through footprint f?  Not nearer
 *  than enemy_gap_cm to an enemy (unless no nearer than it started,
 *  `before`), and, unless it runs, not over the table's edge (unless it
 *  started over it). */
static bool
step_ok (const game_t *g, int u, const footprint_t *f, double before,
         bool keep_on, bool started_off)
{
    double gap = ruleset_settings (rules_of (g))->enemy_gap_cm;
    double d = enemy_gap_within (g, u, f, gap);
    if (d < gap && d < before)
        return false;
    return !keep_on || started_off
        || !situation_footprint_off_table (game_situation (g), f);
}

/*  Move unit u towards `to` with `allow` cm of movement, facing `facing`
 *  at the end (NAN: the way it moved).  `allow` is the move at the pace
 *  used, and a low barrier or fence takes a quarter of it (RULINGS.md:
 *  "a quarter of the move at the pace used": a quarter of the half move
 *  at half speed, whether ordered as a move or as fire with a move).  A
 *  move that is not a charge stops enemy_gap_cm short of any enemy, and
 *  on the table unless the unit `runs`.  Returns the distance moved. */
static double
move_unit (game_t *g, int u, vec2_t to, double allow, double facing,
           bool runs)
{
    unit_t *un = unit_m (g, u);
    vec2_t from = un->fp.centre;
    vec2_t end = s19_path_reach (game_situation (g), from, to, allow, allow,
                                 NULL);
    if (isnan (facing))
        facing = geom_dist (from, end) > 0.01 ? geom_bearing (from, end)
                                               : un->fp.facing;
    footprint_t fp = placed (g, u, end, facing);
    double before = enemy_gap (g, u, &un->fp);
    const situation_t *sit = game_situation (g);
    bool started_off = situation_footprint_off_table (sit, &un->fp);
    /* walk the path in steps of 2 cm to the first place it may not be,
       then bisect back to where it may.  Every step has the same facing,
       so a step `shift` cm from one whose nearest enemy was `clear` cm
       away is at least clear - shift from every enemy: while that is no
       less than the gap, only the table's edge needs looking at. */
    double len = geom_dist (from, end);
    int steps = (int) ceil (len / 2.0);
    double lo = 0, hi = -1;
    double gap = ruleset_settings (rules_of (g))->enemy_gap_cm;
    double clear = -INFINITY;
    vec2_t cleared = from;
    for (int k = 1; k <= steps; k++) {
        double t = (double) k / steps;
        vec2_t p = { from.x + (end.x - from.x) * t,
                     from.y + (end.y - from.y) * t };
        footprint_t f = placed (g, u, p, facing);
        bool ok;
        if (clear - geom_dist (p, cleared) >= gap + 1e-6)
            ok = runs || started_off
              || !situation_footprint_off_table (sit, &f);
        else {
            clear = enemy_gap (g, u, &f);
            cleared = p;
            ok = !(clear < gap && clear < before)
              && (runs || started_off
                  || !situation_footprint_off_table (sit, &f));
        }
        if (!ok) {
            hi = t;
            break;
        }
        lo = t;
    }
    if (hi > 0) {
        for (int i = 0; i < 16; i++) {
            double mid = (lo + hi) / 2;
            vec2_t p = { from.x + (end.x - from.x) * mid,
                         from.y + (end.y - from.y) * mid };
            footprint_t f = placed (g, u, p, facing);
            if (step_ok (g, u, &f, before, !runs, started_off))
                lo = mid;
            else
                hi = mid;
        }
        end.x = from.x + (end.x - from.x) * lo;
        end.y = from.y + (end.y - from.y) * lo;
        fp = placed (g, u, end, facing);
        /* turned at the start, it might not fit: keep the old facing */
        if (lo == 0)
            fp = un->fp;
    }
    un->fp = fp;
    return geom_dist (from, end);
}

double
s19_contact_footprint (const game_t *g, int a, int b, footprint_t *out)
{
    /* turned to face the target's nearest point, or as it stands when
       turning would make the way longer: the rules core's contact, which
       the Risk Factor answer's charge shares */
    double full = allowance (g, a, charge_pace (g, a, ORDER_PACE_DEFAULT));
    return situation_contact_footprint (game_situation (g), &unit_c (g, a)->fp,
                                        &unit_c (g, b)->fp, full, full, true,
                                        out);
}

/*  "Units falling back away from the enemy will halt in the nearest
 *  cover facing the last known enemy position (5,6 D6)": until that halt
 *  (or another order) ends it, falling back is the unit's current
 *  action.  Is unit u, as it stands, falling back so: falling_back and
 *  not defending a fortified position (which it does not leave)? */
static bool
falls_back_on (const game_t *g, int u)
{
    uint32_t st = unit_c (g, u)->status;
    return (st & STATUS_FALLING_BACK) && !(st & STATUS_FORTIFIED);
}

/*  The current actions of unit u falling back (falls_back_on) once its
 *  move is done: one more move, at the pace of the move it made (`done`;
 *  NULL: the unit's default pace), straight away from where it last saw
 *  an enemy (last_enemy_seen), else on the way it went from `start`.
 *  It keeps the facing `done` asked, else the one it has (a unit backing
 *  away facing the enemy goes on so); it neither fires nor changes a
 *  status as it goes on.  A hold when it knows no way (no enemy seen, no
 *  move made) or is at the table's edge that way. */
static order_t
falling_back_onward (const game_t *g, int u, const order_t *done,
                     vec2_t start)
{
    const unit_t *un = unit_c (g, u);
    order_t next = order_hold ();
    double bearing;
    if ((un->status & STATUS_HAS_LAST_ENEMY)
        && geom_dist (un->last_enemy_seen, un->fp.centre) > 0.01)
        bearing = geom_bearing (un->last_enemy_seen, un->fp.centre);
    else if (geom_dist (start, un->fp.centre) > 0.01)
        bearing = geom_bearing (start, un->fp.centre);
    else
        return next;
    next.kind = ORDER_MOVE;
    next.pace = done ? done->pace : ORDER_PACE_DEFAULT;
    next.has_to = true;
    next.to = point_along (g, u, bearing, allowance (g, u, next.pace));
    next.has_facing = true;
    next.facing = done && done->has_facing ? done->facing : un->fp.facing;
    if (geom_dist (next.to, un->fp.centre) <= 0.5)
        return order_hold ();
    return next;
}

/*  The order unit u carries out: CONTINUE becomes its current actions,
 *  keeping the facing and fire of the order. */
static order_t
effective_order (const game_t *g, int u)
{
    const game_unit_t *gu = game_unit (g, u);
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind != ORDER_CONTINUE)
        return o;
    order_kind_t k = gu->current.kind;
    return order_carried_on (&o, &gu->current, k != ORDER_CONTINUE
                             && k != ORDER_FIRE && k != ORDER_CHARGE);
}

/*  Carry out unit u's order for the move phase. */
static void
execute_order (game_t *g, int u)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *un = unit_m (g, u);
    order_t o = effective_order (g, u);
    vec2_t start = un->fp.centre;
    char words[200];
    /* the morale effect */
    uint32_t set = o.status_set & MORALE_FLAGS;
    un->status = (un->status | set) & ~(o.status_clear & MORALE_FLAGS & ~set);
    if (set & STATUS_FALLING_BACK)   /* the enemy it falls back from */
        remember_enemy (g, u, nearest_seen_by_rings (g, u));
    s19_state (gu)->fresh_status |= (int16_t) (set & FRESH_FLAGS);
    bool running = set & STATUS_RAN_LAST_TURN;
    /* an ordered formation: the seed gives no cost, it is simply taken */
    if (o.has_formation && o.formation != un->formation
        && ruleset_formation_allowed (rules_of (g), un->arm, o.formation)) {
        un->formation = o.formation;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s forms %s", un->id,
                        formation_name (o.formation));
    }
    const weapon_t *w = weapon_of (g, u);
    int need = s19_load_halves (w);
    double moved = 0;
    order_t next = order_hold ();
    switch (o.kind) {
    case ORDER_MOVE:
    case ORDER_TAKE_COVER: {
        double allow = allowance (g, u, o.pace);
        bool half = o.pace == ORDER_PACE_HALF;
        if (gu->commanded && o.fire) {
            allow = loaded_allowance (g, u, o.pace);
            half = half || shot_halts (g, u);
        }
        moved = move_unit (g, u, o.to, allow, o.has_facing ? o.facing : NAN,
                           running);
        if (moved > 0.01)
            gu->moved_halves = half ? 1 : 2;
        if (geom_dist (un->fp.centre, o.to) > 0.5) {
            next = o;
            next.fire = false;
            next.status_set = next.status_clear = 0;
        }
        else if (falls_back_on (g, u))      /* and on, until it halts */
            next = falling_back_onward (g, u, &o, start);
        if (running && touches_edge (g, &un->fp)) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s runs %.1f cm to the "
                            "table's edge", un->id, moved);
            take_out (g, u, true);
            return;
        }
        break;
    }
    case ORDER_FIRE:
        if (o.has_to) {
            /* moving at up to half speed while it fires (a firearm) */
            double allow = loaded_allowance (g, u, ORDER_PACE_DEFAULT);
            moved = move_unit (g, u, o.to, allow,
                               o.has_facing ? o.facing : NAN, false);
            if (moved > 0.01)
                gu->moved_halves = shot_halts (g, u) ? 1 : 2;
        }
        else {
            if (o.has_facing)
                un->fp.facing = geom_norm_deg (o.facing);
            /* the first half of the turn finishes loading (rifles) */
            if (!is_loaded (g, u) && gu->load_halves + 1 >= need) {
                s19_state (gu)->loading_now = 1;
                gu->load_halves = (uint8_t) need;
                un->status |= STATUS_LOADED;
            }
        }
        break;
    case ORDER_CHARGE: {
        footprint_t fp;
        double allow = allowance (g, u, charge_pace (g, u, o.pace));
        double cost = s19_contact_footprint (g, u, o.target, &fp);
        vec2_t from = un->fp.centre;
        if (cost <= allow) {
            un->fp = fp;
            moved = geom_dist (from, fp.centre);
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s charges %s: %.1f cm "
                            "into contact", un->id, unit_c (g, o.target)->id,
                            moved);
        }
        else {
            moved = move_unit (g, u, fp.centre, allow, fp.facing, false);
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s charges %s but falls "
                            "short after %.1f cm", un->id,
                            unit_c (g, o.target)->id, moved);
        }
        if (moved > 0.01)
            gu->moved_halves = 2;
        gu->order.follow_up = o.follow_up;
        return;
    }
    case ORDER_HOLD:
    case ORDER_CONTINUE:
    default:
        if (o.has_facing)
            un->fp.facing = geom_norm_deg (o.facing);
        /* halted a whole turn: load */
        if (need > 0 && !is_loaded (g, u)) {
            s19_state (gu)->loading_now = 1;
            gu->load_halves = (uint8_t) (gu->load_halves + 2 > need
                                         ? need : gu->load_halves + 2);
            if (gu->load_halves >= need)
                un->status |= STATUS_LOADED;
        }
        break;
    }
    gu->current = next;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, moved > 0.01
                    ? "%s: %s; moves %.1f cm to (%.1f, %.1f)"
                    : "%s: %s; stays", un->id,
                    order_describe (&o, game_situation (g), words,
                                    sizeof words),
                    moved, un->fp.centre.x, un->fp.centre.y);
}

/*  ---- steps (3)/(5): shooting ---- */

int
s19_target_group (const game_t *g, int target, int *members, int max)
{
    const situation_t *sit = game_situation (g);
    const s19_tables_t *t = tables (g);
    side_t side = unit_c (g, target)->side;
    int n = game_unit_count (g);
    /* a leader's nearest group within reach: the nearest unit of his
       side that is no command figure */
    int group = target;
    if (s19_is_commander (g, target)) {
        double best = t->leader_group_cm;
        for (int u = 0; u < n; u++) {
            if (u == target || unit_c (g, u)->side != side
                || !s19_in_play (g, u) || s19_is_commander (g, u))
                continue;
            double d = situation_unit_distance (sit, target, u);
            if (d <= best) {
                best = d;
                group = u;
            }
        }
    }
    int count = 0;
    members[count++] = group;
    if (s19_is_commander (g, group))
        return count;
    for (int c = 0; c < n && count < max; c++) {
        if (c == group || unit_c (g, c)->side != side || !s19_in_play (g, c)
            || !s19_is_commander (g, c))
            continue;
        double d = situation_unit_distance (sit, c, group);
        if (d > t->leader_group_cm)
            continue;
        bool nearest = true;
        for (int u = 0; u < n && nearest; u++)
            nearest = u == c || u == group || unit_c (g, u)->side != side
                   || !s19_in_play (g, u) || s19_is_commander (g, u)
                   || situation_unit_distance (sit, c, u) >= d;
        if (nearest)
            members[count++] = c;
    }
    return count;
}

int
s19_fire_target (const game_t *g, int u, dice_t *dice)
{
    const game_unit_t *gu = game_unit (g, u);
    if (!s19_in_play (g, u) || !game_melee_lets_shoot (g, u) || !gu->ordered)
        return -1;
    order_t o = effective_order (g, u);
    if (!o.fire && o.kind != ORDER_FIRE)
        return -1;
    const weapon_t *w = weapon_of (g, u);
    if (w->long_cm <= 0)
        return -1;
    const situation_t *sit = game_situation (g);
    if (gu->commanded) {
        if (!is_loaded (g, u))
            return -1;
        int e = o.target;
        if (e >= 0) {
            if (!is_enemy_in_play (g, u, e) || !game_melee_lets_shoot (g, e)
                || situation_unit_distance (sit, u, e) > w->long_cm
                || !situation_can_see (sit, u, e, dice, NULL)
                || !game_line_of_fire_open (g, u, e))
                return -1;
            return e;
        }
    }
    /* the nearest enemy it can hit */
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy_in_play (g, u, e) || !game_melee_lets_shoot (g, e))
            continue;
        double d = situation_unit_distance (sit, u, e);
        if (d <= w->long_cm && d < bd && situation_can_see (sit, u, e, dice,
                                                            NULL)
            && game_line_of_fire_open (g, u, e)) {
            bd = d;
            best = e;
        }
    }
    return best;
}

int
s19_shoot (game_t *g, int u, int target, dice_t *dice)
{
    const s19_tables_t *t = tables (g);
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *shooter = unit_m (g, u);
    const weapon_t *w = weapon_of (g, u);
    const situation_t *sit = game_situation (g);
    game_dice_key (g, dice, u, GAME_DICE_FIRE, target);
    int shots = s19_shooters (t, w, unit_figures_standing (shooter),
                              gu->moved_halves > 0, gu->commanded != 0);
    double dist = situation_unit_distance (sit, u, target);
    s19_band_t band = s19_range_band (w, dist);
    vec2_t aim = footprint_nearest_point (&shooter->fp,
                                          &unit_c (g, target)->fp);
    cover_t cover = situation_cover_at (sit, aim, NULL);
    int need = s19_to_hit_score (t, band, cover);
    /* the D8s */
    int hits = 0;
    char rolls[128];
    size_t used = 0;
    rolls[0] = 0;
    bool words = game_events_on (g);   /* the throws in words, if read */
    for (int i = 0; i < shots; i++) {
        int d8 = dice_roll (dice, 8);
        if (need > 0 && d8 >= need)
            hits++;
        if (words && used < sizeof rolls - 4)
            used += (size_t) snprintf (rolls + used, sizeof rolls - used,
                                       "%s%d", i ? " " : "", d8);
    }
    /* unloaded now, but a commanded unit under the reading that a unit
       loaded once shoots in any later turn (fire_unloads false) */
    bool keeps_load = !t->fire_unloads && gu->commanded
                   && (shooter->status & STATUS_LOADED);
    if (!keeps_load) {
        shooter->status &= ~STATUS_LOADED;
        gu->load_halves = 0;
    }
    shooter->status |= STATUS_FIRED;
    gu->fired = 1;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_SHOOT, u, "%s fires at %s, %.1f cm (%s "
                    "range, %s cover): %d shooters need %d on a D8, threw "
                    "[%s]: %d hit%s", shooter->id, unit_c (g, target)->id,
                    dist, s19_band_name (band), cover_name (cover), shots,
                    need, rolls, hits, hits == 1 ? "" : "s");
    if (hits == 0)
        return 0;
    /* the group and its pool of the nearest figures */
    scratch_t s = scratch (g);
    int members[8];
    int m = s19_target_group (g, target, members, 8);
    int total = 0;
    for (int i = 0; i < m; i++)
        total += unit_figures_standing (unit_c (g, members[i]));
    int pool = s19_hit_pool (t, total);
    /* leaders first (they stand with the group), then the group */
    int at = 0;
    int seg_start[8], seg_len[8], seg_wounded[8];
    for (int k = 0; k < m; k++) {
        int i = (k + 1) % m;            /* members[0] (the group) last */
        const unit_t *x = unit_c (g, members[i]);
        int take = unit_figures_standing (x);
        if (take > pool - at)
            take = pool - at;
        seg_start[i] = at;
        seg_len[i] = take;
        s19_pool_fill (s.pool + at, take, unit_figures_standing (x),
                       x->wounded);
        seg_wounded[i] = 0;
        for (int j = 0; j < take; j++)
            seg_wounded[i] += s.pool[at + j] == S19_FIG_WOUNDED;
        at += take;
    }
    char result[128];
    used = 0;
    result[0] = 0;
    for (int h = 0; h < hits; h++) {
        int d6 = dice_roll (dice, 6);
        s19_damage_t dmg = s19_damage (t, w, shooter->quality, d6);
        s19_pool_hit (s.pool, at, dmg, dice);
        if (words && used < sizeof result - 12)
            used += (size_t) snprintf (result + used, sizeof result - used,
                                       "%s%d %s", h ? ", " : "", d6,
                                       s19_damage_name (dmg));
    }
    /* back onto the units */
    for (int i = 0; i < m; i++) {
        unit_t *x = unit_m (g, members[i]);
        int dead = 0, wounded = 0;
        for (int j = seg_start[i]; j < seg_start[i] + seg_len[i]; j++) {
            dead += s.pool[j] == S19_FIG_DEAD;
            wounded += s.pool[j] == S19_FIG_WOUNDED;
        }
        x->killed += dead;
        x->wounded += wounded - seg_wounded[i];
        if (x->wounded < 0)
            x->wounded = 0;
        if (x->wounded > unit_figures_standing (x))
            x->wounded = unit_figures_standing (x);
    }
    if (game_events_on (g))
        game_event (g, GAME_EVENT_SHOOT, target, "damage D6 on %s: %s",
                    unit_c (g, target)->id, result);
    for (int i = 0; i < m; i++)
        if (unit_figures_standing (unit_c (g, members[i])) <= 0)
            take_out (g, members[i], false);
    return hits;
}

/*  ---- step (6): melee ---- */

static int
find_root (int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/*  Move unit u `dist` cm along `bearing`, keeping its facing. */
static void
shift (game_t *g, int u, double bearing, double dist)
{
    unit_t *un = unit_m (g, u);
    un->fp.centre = situation_move_towards (game_situation (g), un->fp.centre,
                                            bearing, dist);
}

int
s19_fight_melees (game_t *g, dice_t *dice)
{
    const s19_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    int n = game_unit_count (g);
    scratch_t s = scratch (g);
    for (int u = 0; u < n; u++)
        s.parent[u] = u;
    bool any = false;
    for (int a = 0; a < n; a++) {
        if (!s19_in_play (g, a) || !game_unit (g, a)->in_melee)
            continue;
        for (int b = a + 1; b < n; b++)
            if (is_enemy_in_play (g, a, b)
                && situation_unit_distance (sit, a, b) <= t->contact_cm) {
                s.parent[find_root (s.parent, a)] = find_root (s.parent, b);
                any = true;
            }
    }
    if (!any)
        return 0;
    int fought = 0;
    for (int root = 0; root < n; root++) {
        /* the melee whose root this is: its units in s.list */
        int k = 0;
        for (int u = 0; u < n; u++)
            if (s19_in_play (g, u) && game_unit (g, u)->in_melee
                && find_root (s.parent, u) == root)
                s.list[k++] = u;
        if (k < 2)
            continue;
        /* the figures of each side */
        int count[2] = { 0, 0 };
        int total = 0;
        for (int i = 0; i < k; i++)
            total += unit_figures_standing (unit_c (g, s.list[i]));
        s19_fighter_t *side_f[2] = { s.fighters, NULL };
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1)
                side_f[1] = s.fighters + count[0];
            for (int i = 0; i < k; i++) {
                const unit_t *x = unit_c (g, s.list[i]);
                if ((int) x->side != pass)
                    continue;
                int factor = s19_melee_factor (weapon_of (g, s.list[i]),
                                               x->bayonet);
                for (int f = 0; f < unit_figures_standing (x); f++) {
                    s19_fighter_t *ft = &side_f[pass][count[pass]++];
                    memset (ft, 0, sizeof *ft);
                    ft->unit = s.list[i];
                    ft->quality = x->quality;
                    ft->factor = factor;
                    ft->state = f < x->wounded ? S19_FIG_WOUNDED : S19_FIG_FIT;
                }
            }
        }
        (void) total;
        if (count[0] == 0 || count[1] == 0)
            continue;
        s19_melee_result_t r;
        game_dice_key (g, dice, root, GAME_DICE_MELEE, -1);
        s19_melee_fight (t, side_f[0], count[0], side_f[1], count[1], dice, &r);
        fought++;
        /* casualties back onto the units */
        for (int i = 0; i < k; i++) {
            unit_t *x = unit_m (g, s.list[i]);
            s19_fighter_t *f = side_f[x->side];
            int dead = 0, wounded = 0;
            for (int j = 0; j < count[x->side]; j++)
                if (f[j].unit == s.list[i]) {
                    dead += f[j].new_state == S19_FIG_DEAD;
                    wounded += f[j].new_state == S19_FIG_WOUNDED;
                }
            x->killed += dead;
            x->wounded = wounded;
        }
        /* the centre of each side's units, to fall back from */
        vec2_t centre[2] = { { 0, 0 }, { 0, 0 } };
        int units[2] = { 0, 0 };
        for (int i = 0; i < k; i++) {
            const unit_t *x = unit_c (g, s.list[i]);
            centre[x->side].x += x->fp.centre.x;
            centre[x->side].y += x->fp.centre.y;
            units[x->side]++;
        }
        for (int sd = 0; sd < 2; sd++) {
            centre[sd].x /= units[sd];
            centre[sd].y /= units[sd];
        }
        if (game_events_on (g)) {
            char ids[120] = "";
            size_t used = 0;
            for (int i = 0; i < k && used < sizeof ids - 1; i++)
                used += (size_t) snprintf (ids + used, sizeof ids - used,
                                           "%s%s", i ? ", " : "",
                                           unit_c (g, s.list[i])->id);
            game_event (g, GAME_EVENT_MELEE, s.list[0], "melee of %s: %d "
                        "blue figures against %d red; blue lose %d wounded "
                        "%d killed, red %d wounded %d killed; %s", ids,
                        count[0], count[1], r.wounds[0], r.kills[0],
                        r.wounds[1], r.kills[1], r.worse < 0
                        ? "drawn, both fall back"
                        : r.worse == 0 ? "blue did worse and fall back"
                                       : "red did worse and fall back");
        }
        /* the worse side (both if drawn) moves back */
        for (int i = 0; i < k; i++) {
            int u = s.list[i];
            unit_t *x = unit_m (g, u);
            int sd = x->side;
            if (r.worse >= 0 && r.worse != sd)
                continue;
            double away = geom_bearing (centre[1 - sd], x->fp.centre);
            shift (g, u, away, t->melee_back_cm);
            x->status |= STATUS_RETREATING_FROM_MELEE;
            s19_state (game_unit_mut (g, u))->fresh_status |= STATUS_RETREATING_FROM_MELEE;
        }
        /* the winners may follow up */
        if (r.worse >= 0)
            for (int i = 0; i < k; i++) {
                int u = s.list[i];
                const unit_t *x = unit_c (g, u);
                if ((int) x->side == r.worse
                    || !game_unit (g, u)->order.follow_up)
                    continue;
                double on = geom_bearing (x->fp.centre, centre[1 - x->side]);
                shift (g, u, on, t->melee_back_cm);
            }
        for (int i = 0; i < k; i++)
            if (unit_figures_standing (unit_c (g, s.list[i])) <= 0)
                take_out (g, s.list[i], false);
    }
    update_contacts (g);
    return fought;
}

/*  ---- victory ---- */

int
s19_side_lost (const game_t *g, side_t side, int *of)
{
    const situation_t *start = scenario_situation (game_scenario (g));
    int lost = 0, figures = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = unit_c (g, u);
        if (x->side != side)
            continue;
        figures += situation_unit_const (start, u)->figures
                 - situation_unit_const (start, u)->killed;
        int killed = x->killed - situation_unit_const (start, u)->killed;
        const game_unit_t *gu = game_unit (g, u);
        lost += killed;       /* those that left count as killed here */
        if (tables (g)->break_counts_wounded && !gu->gone)
            lost += x->wounded;
    }
    if (of)
        *of = figures;
    return lost;
}

/*  A unit in play holds objectives and counts as left on the table. */
static bool
holds (const game_t *g, int u)
{
    return s19_in_play (g, u);
}

static void
update_objectives (game_t *g)
{
    game_update_objectives (g, holds);
}

/*  The shared judgement (game_judge_victory): lost figures counted by
 *  s19_side_lost, wounded reported. */
static void
victory (const game_t *g, game_result_t *out)
{
    game_victory_rules_t v = {
        .army_break = tables (g)->army_break,
        .side_lost = s19_side_lost,
        .holds = holds,
        .count_wounded = true,
        .lost_words = "figures lost" };
    game_judge_victory (g, &v, out);
}

/*  Out of command, a unit obeys its actions table (the seed), unless the
 *  tables' uncommanded_follow_table says strategies order everyone. */
static bool
table_bound (const game_t *g, int u)
{
    return tables (g)->uncommanded_follow_table && !game_unit (g, u)->commanded;
}

/*  Out of command, in the seed's terms: no command figure of its side
 *  has it within command distance, or those that do spent their points
 *  on units nearer them (or threw too few). */
static void
table_bound_why (const game_t *g, int u, char *why, int len)
{
    side_t side = unit_c (g, u)->side;
    for (int c = 0; c < game_unit_count (g); c++)
        if (c != u && unit_c (g, c)->side == side && s19_in_play (g, c)
            && s19_is_commander (g, c) && in_command_reach (g, c, u)) {
            snprintf (why, (size_t) len, "out of command: the command "
                      "points thrown did not reach it");
            return;
        }
    snprintf (why, (size_t) len, "out of command: no command figure of "
              "its side within command distance");
}

/*  ---- resolving ---- */

static void
resolve_phase (game_t *g, dice_t *dice)
{
    int phase = game_phase (g);
    int n = game_unit_count (g);
    switch (phase) {
    case S19_PHASE_A_MOVE:
    case S19_PHASE_B_MOVE: {
        side_t side = (side_t) phase_side (g, phase);
        for (int u = 0; u < n; u++)
            if (unit_c (g, u)->side == side && s19_in_play (g, u))
                execute_order (g, u);
        update_contacts (g);
        record_sightings (g);
        break;
    }
    case S19_PHASE_A_SHOOT:
    case S19_PHASE_B_SHOOT: {
        side_t side = phase == S19_PHASE_A_SHOOT
                    ? s19_side_a (g) : (side_t) (1 - s19_side_a (g));
        for (int u = 0; u < n; u++) {
            if (unit_c (g, u)->side != side || !s19_in_play (g, u))
                continue;
            game_dice_key (g, dice, u, GAME_DICE_FIRE, -1);
            int target = s19_fire_target (g, u, dice);
            if (target >= 0)
                s19_shoot (g, u, target, dice);
        }
        update_contacts (g);
        break;
    }
    case S19_PHASE_MELEE:
        s19_fight_melees (g, dice);
        update_objectives (g);
        break;
    default:
        break;
    }
}

/*  The situation was changed from outside the rules: a player reports the
 *  table at the start of a turn.  The contacts are found again from the
 *  new positions, and the statuses reported for last turn (ran, retreating
 *  from melee) hold for the turn at hand (hold_given_statuses). */
static void
refresh (game_t *g)
{
    update_contacts (g);
    hold_given_statuses (g);
}

const game_engine_t s19_engine = {
    .name = "skirmish19",
    .title = "19th Century skirmish rules (seed 002), played",
    .tables_load = tables_load,
    .tables_free = tables_free,
    .phase_count = S19_PHASE_COUNT,
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
    .victory = victory,
    .refresh = refresh,
    .estimates = &s19_estimates,
    .holds = holds,
};
