/*  bol_morale.c - resolve worn down and restored: hits on a unit's
 *  stands and its rout, resolve regained, units lost (routed, guns
 *  eliminated, commander casualties), the commander casualty's dice, and
 *  the text's Phase 5 (commander loss, morale erosion, heroics,
 *  commander rally) with the lost units the army breakpoint counts.  */
#include <stdio.h>
#include <string.h>
#include "bol_play.h"

/*  Unit u's resolve worn down by `hits` (from enemy `from`, or -1),
 *  stand by stand, the highest first; routed at 0.  True when it
 *  routed. */
static bool
lose_resolve (game_t *g, int u, int hits, int from, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    if (hits <= 0 || !bol_in_play (g, u) || x->stand_count == 0)
        return false;
    for (int h = 0; h < hits; h++) {
        int best = -1;
        for (int i = 0; i < x->stand_count; i++)
            if (x->stands[i].strength > 0
                && (best < 0 || x->stands[i].strength
                                > x->stands[best].strength))
                best = i;
        if (best < 0)
            break;
        if (--x->stands[best].strength == 0)
            x->killed++;             /* a stand lost */
    }
    if (from >= 0)
        state_m (g, u)->credit = (int16_t) (from + 1);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s loses %d resolve (%s): "
                    "resolve %d", x->id, hits, why, higher_resolve (x));
    if (higher_resolve (x) > 0)
        return false;
    if (from >= 0)
        state_m (g, u)->flags |= BOL_F_HEROIC;
    bol_remove (g, u, BOL_F_ROUTED, "routs at resolve 0");
    return true;
}

bool
bol_take_hits (game_t *g, int u, int hits, int from, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    if (hits <= 0 || !bol_in_play (g, u) || x->stand_count == 0)
        return false;
    /* seed 000: "Use markers to represent loses rather than removing
       stands" */
    if (tables (g)->house.casualty_markers)
        return bol_house_take_casualties (g, u, hits, from, why);
    return lose_resolve (g, u, hits, from, why);
}

/*  The resolve unit u has lost and may regain: below its stands' starts,
 *  the lost stands not counted (they stay lost). */
static int
resolve_to_regain (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    int lost = 0;
    for (int i = 0; i < x->stand_count; i++)
        if (x->stands[i].strength > 0)
            lost += x->stands[i].start - x->stands[i].strength;
    return lost;
}

int
bol_heroics_credit (const game_t *g, const int *aim, int first, int n,
                    int tg, int primary)
{
    int best = primary, most = primary >= 0 && bol_in_play (g, primary)
                                ? resolve_to_regain (g, primary) : 0;
    for (int u = first; u < n; u++) {
        if (aim[u] != tg || u == primary || !bol_in_play (g, u))
            continue;
        int lost = resolve_to_regain (g, u);
        if (lost > most)
            best = u, most = lost;
    }
    return best;
}

void
bol_regain (game_t *g, int u, int n, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    int got = 0;
    for (int k = 0; k < n; k++) {
        int low = -1;
        for (int i = 0; i < x->stand_count; i++)
            if (x->stands[i].strength > 0
                && x->stands[i].strength < x->stands[i].start
                && (low < 0 || x->stands[i].strength
                               < x->stands[low].strength))
                low = i;
        if (low < 0)
            break;
        x->stands[low].strength++;
        got++;
    }
    if (got && game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s regains %d resolve (%s): "
                    "resolve %d", x->id, got, why, higher_resolve (x));
}

void
bol_remove (game_t *g, int u, int16_t flag, const char *why)
{
    game_unit_t *gu = game_unit_mut (g, u);
    unit_t *x = game_unit_m (g, u);
    if (flag == BOL_F_ROUTED && tables (g)->house.on)
        bol_house_note_rout (g, u);
    gu->gone = 1;
    gu->in_melee = 0;
    gu->left_standing = 0;
    state_m (g, u)->flags |= (int16_t) (flag | BOL_F_LOST);
    if (flag == BOL_F_ROUTED)
        x->status |= STATUS_ROUTING;
    for (int i = 0; i < x->stand_count; i++)
        x->stands[i].strength = 0;
    x->killed = x->figures;
    if (game_events_on (g)) {
        int markers = x->stand_count > 0 ? x->stand_count : 1;
        if (flag == BOL_F_ROUTED)
            game_event (g, GAME_EVENT_STATUS, u, "%s %s: remove it and place "
                        "%d rout marker%s", x->id, why, markers,
                        markers == 1 ? "" : "s");
        else
            game_event (g, GAME_EVENT_STATUS, u, "%s %s: remove it", x->id,
                        why);
    }
}

void
bol_commander_risk (game_t *g, int u, bool routed, dice_t *dice)
{
    const bol_tables_t *t = tables (g);
    int c = -1;
    /* the unit has gone when it routed: its commander was beside it */
    double reach = bol_cm (g, t->attached_tum) + 1e-6;
    for (int k = 0; k < game_unit_count (g); k++)
        if (is_commander (g, k) && bol_in_play (g, k)
            && game_unit_c (g, k)->side == game_unit_c (g, u)->side
            && situation_unit_distance (game_situation (g), u, k) <= reach) {
            c = k;
            break;
        }
    if (c < 0)
        return;
    int n = routed ? t->casualty_dice_routed : t->casualty_dice;
    int sixes = 0;
    game_dice_key (g, dice, c, GAME_DICE_MORALE, u);
    for (int i = 0; i < n; i++)
        if (dice_roll (dice, 6) >= t->casualty_hit)
            sixes++;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, c, "%s, attached to %s, risks "
                    "becoming a casualty: %dd6, %d six%s",
                    game_unit_c (g, c)->id,
                    game_unit_c (g, u)->id, n, sixes, sixes == 1 ? "" : "es");
    if (sixes > 0)
        bol_remove (g, c, BOL_F_CASUALTY, "is a commander casualty (place a "
                    "commander casualty marker)");
}

/*  True when units u and k are of one division (the same `platoon`, the
 *  side's units without one being one division). */
static bool
same_division (const game_t *g, int u, int k)
{
    const unit_t *a = game_unit_c (g, u), *b = game_unit_c (g, k);
    return a->side == b->side && strcmp (a->platoon, b->platoon) == 0;
}

void
bol_morale_phase (game_t *g, dice_t *dice)
{
    (void) dice;
    int n = game_unit_count (g);
    /* 5.1 Remove Moving Markers */
    for (int u = 0; u < n; u++)
        state_m (g, u)->flags &= ~BOL_F_MOVED;
    /* 5.2 Commander Loss: "All units in the division lose one resolve" */
    for (int c = 0; c < n; c++) {
        if (!(state_c (g, c)->flags & BOL_F_CASUALTY))
            continue;
        state_m (g, c)->flags &= ~BOL_F_CASUALTY;
        for (int u = 0; u < n; u++)
            if (bol_in_play (g, u) && !is_commander (g, u)
                && same_division (g, u, c))
                lose_resolve (g, u, 1, -1, "commander loss");
    }
    /* 5.3 Morale Erosion: each friendly rout, one resolve from a unit of
       its division (the one with most resolve); a rout this causes
       erodes in turn (erosion_cascades), else next turn.  A unit routs
       once, so the list holds each unit at most once. */
    int *routed = game_scratch (g), k = 0;
    for (int r = 0; r < n; r++)
        if (state_c (g, r)->flags & BOL_F_ROUTED) {
            state_m (g, r)->flags &= ~BOL_F_ROUTED;
            routed[k++] = r;
        }
    bool cascades = tables (g)->erosion_cascades;
    for (int i = 0; i < k; i++) {
        int best = -1;
        for (int u = 0; u < n; u++)
            if (bol_in_play (g, u) && !is_commander (g, u)
                && same_division (g, u, routed[i])
                && (best < 0 || bol_resolve (g, u) > bol_resolve (g, best)))
                best = u;
        if (best >= 0) {
            char why[96];
            snprintf (why, sizeof why, "morale erosion: %s routed",
                      game_unit_c (g, routed[i])->id);
            if (lose_resolve (g, best, 1, -1, why) && cascades) {
                state_m (g, best)->flags &= ~BOL_F_ROUTED;
                routed[k++] = best;
            }
        }
    }
    /* 5.4 Unit Heroics: each enemy rout this turn, one resolve back for
       the unit whose hits routed it */
    for (int r = 0; r < n; r++) {
        if (!(state_c (g, r)->flags & BOL_F_HEROIC))
            continue;
        state_m (g, r)->flags &= ~BOL_F_HEROIC;
        int hero = state_c (g, r)->credit - 1;
        if (hero >= 0 && bol_in_play (g, hero)) {
            char why[96];
            snprintf (why, sizeof why, "heroics: %s routed",
                      game_unit_c (g, r)->id);
            bol_regain (g, hero, 1, why);
        }
    }
    /* 5.5 Commander Rally */
    for (int u = 0; u < n; u++)
        if (bol_in_play (g, u) && bol_attached_commander (g, u) >= 0)
            bol_regain (g, u, 1, "commander rally");
    /* the house's victory counts the routs at the end of a turn ("An
       army abandons the field if, at the end of a turn, half of its units
       have routed") */
    for (int u = 0; u < n; u++)
        if (state_c (g, u)->house & BOL_H_ROUTED)
            state_m (g, u)->house |= BOL_H_COUNTED;
}

/*  The units of side `side` for which `counted` holds (commanders
 *  among them only when `commanders`); their number of all such units
 *  in *of (may be NULL). */
static int
count_units (const game_t *g, side_t side, bool commanders, int *of,
             bool (*counted) (const game_t *g, int u))
{
    int n = 0, total = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        const unit_t *x = game_unit_c (g, u);
        if (x->side != side || (x->arm == ARM_COMMAND && !commanders))
            continue;
        total++;
        n += counted (g, u);
    }
    if (of)
        *of = total;
    return n;
}

static bool
routed_counted (const game_t *g, int u)
{
    return (state_c (g, u)->house & BOL_H_COUNTED) != 0;
}

static bool
lost (const game_t *g, int u)
{
    return (state_c (g, u)->flags & BOL_F_LOST) != 0;
}

int
bol_side_routed (const game_t *g, side_t side, int *of)
{
    /* seed 000's "half of its units have routed": commanders never rout */
    return count_units (g, side, false, of, routed_counted);
}

/*  "A side loses the battle if their total lost units equals or exceeds
 *  the Army Breakpoint (1/3 the number of the original units, rounded
 *  up)": the text's units take in the commanders ("each of 3 to 8 units
 *  including compulsory commander"), lost as casualties
 *  (readings.army_break_commanders). */
int
bol_side_lost (const game_t *g, side_t side, int *of)
{
    return count_units (g, side, tables (g)->army_break_commanders, of, lost);
}

int
bol_time_limit (const game_t *g)
{
    int text = tables (g)->time_limit_turns;
    int game = scenario_turns (game_scenario (g));
    if (tables (g)->house.routed_breakpoint > 0)
        return game;
    return game < text ? game : text;
}
