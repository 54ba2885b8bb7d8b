/*  eol_engine.c - Empire of Liberty played: initiative and alternating
 *  actions, moves and formation changes, fire, charges and melee, morale,
 *  leaders and standards, victory, on the general game state.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- small questions ---- */

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

int *
eol_scratch_ints (game_t *g)
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
            && eol_check_formation (g, so->unit, &so->order, err, errlen) < 0)
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
void
eol_take_out (game_t *g, int u, bool routed, const char *why)
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

/*  Skirmishers "must attempt to remain within 1" of another figure in
 *  their unit, but not touching, at all times": after losses the figures
 *  left close up, their frontage laid again about its centre for the
 *  figures standing.  Not while in melee: closing up there would draw
 *  figures out of contact; they close up once out of it (the start of a
 *  turn).  Nothing for formed units, whose bases stay as they are. */
static void
close_up_skirmishers (game_t *g, int u)
{
    unit_t *x = unit_m (g, u);
    if (x->formation != FORMATION_LOOSE || game_unit (g, u)->gone
        || game_unit (g, u)->in_melee || unit_figures_standing (x) <= 0)
        return;
    x->fp = eol_formation_footprint (tables (g), x, x->formation, x->arm);
}

/*  Casualties on unit u (at most its figures standing); destroyed when
 *  none stands, skirmishers closing up (close_up_skirmishers).  Returns
 *  the figures killed. */
int
eol_kill_figures (game_t *g, int u, int kills)
{
    unit_t *x = unit_m (g, u);
    int standing = unit_figures_standing (x);
    if (kills > standing)
        kills = standing;
    x->killed += kills;
    if (x->wounded > unit_figures_standing (x))
        x->wounded = unit_figures_standing (x);
    if (unit_figures_standing (x) <= 0)
        eol_take_out (g, u, false, "is destroyed");
    else
        close_up_skirmishers (g, u);
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
        close_up_skirmishers (g, u);
        eol_state (gu)->action_rank = 0;
        gu->fired = 0;
        gu->ordered = 0;
        gu->moved_halves = 0;
        gu->order = order_hold ();
        x->status &= ~STATUS_FIRED;
    }
    /* initiative: one die a side, ties thrown again */
    int a, b, throws;
    int high = game_roll_off (g, dice, t->initiative_die, false, &a, &b,
                              &throws);
    int winner = high >= 0 ? high : SIDE_BLUE;
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
    double *d = (double *) (eol_scratch_ints (g) + 2 * n);   /* 2 ints a double */
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
    int *list = eol_scratch_ints (g);
    int k = waiting_units (g, side, list);
    for (int i = 0; i < k; i++) {
        game_unit_t *gu = game_unit_mut (g, list[i]);
        gu->needs_order = 1;
        eol_state (gu)->action_rank = 1;          /* a candidate */
    }
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
bool
eol_holds (const game_t *g, int u)
{
    return eol_in_play (g, u) && !eol_is_leader (g, u);
}

static void
update_objectives (game_t *g)
{
    game_update_objectives (g, eol_holds);
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
        .holds = eol_holds,
        .count_wounded = false,
        .lost_words = "figures killed or routed" };
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
        eol_fight_melees (g, dice);
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
        int *list = eol_scratch_ints (g);
        if (waiting_units (g, phase_side (g, phase), list) > 0)
            chosen = list[0];
    }
    if (chosen >= 0)
        eol_execute_action (g, chosen, dice);
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
    .one_acts = true,
    .phase_name = phase_name,
    .phase_side = phase_side,
    .phase_title = phase_title,
    .scratch_size = scratch_size,
    .prepare = prepare,
    .begin_phase = begin_phase,
    .legal_orders = eol_legal_orders,
    .check_order = eol_check_order,
    .table_bound = table_bound,
    .table_bound_why = table_bound_why,
    .resolve_phase = resolve_phase,
    .next_phase = next_phase,
    .choice_side = choice_side,
    .choose_first = choose_first,
    .victory = victory,
    .refresh = eol_update_contacts,
    .holds = eol_holds,
};
