/*  bol_command.c - command: the commander a unit answers to and the one
 *  attached to it, the command check ("roll 1d6 for each point of the
 *  current resolve"), the movement zones a unit stands in, and who is
 *  uncommanded (the Risk Factor tables' units).  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bol_play.h"

int
bol_attached_commander (const game_t *g, int u)
{
    if (is_commander (g, u))
        return -1;
    double reach = bol_cm (g, tables (g)->attached_tum) + 1e-6;
    for (int k = 0; k < game_unit_count (g); k++)
        if (is_commander (g, k) && bol_in_play (g, k)
            && game_unit_c (g, k)->side == game_unit_c (g, u)->side
            && situation_unit_distance (game_situation (g), u, k) <= reach)
            return k;
    return -1;
}

/*  bol_division_commander, and into *cm its distance from u where it
 *  was found as the nearest (the exact distance, as
 *  situation_unit_distance gives it), else -1: a caller weighing the
 *  reach need not measure the same pair again. */
static int
division_commander_at (const game_t *g, int u, double *cm)
{
    const unit_t *x = game_unit_c (g, u);
    *cm = -1;
    int nearest = -1, chief = -1;
    double best = INFINITY;
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *c = game_unit_c (g, k);
        if (k == u || c->side != x->side || c->arm != ARM_COMMAND
            || !bol_in_play (g, k))
            continue;
        if (bol_type (g, k) == BOL_C_IN_C) {
            chief = k;
            continue;
        }
        if (x->platoon[0] && strcmp (c->platoon, x->platoon) == 0)
            return k;
        if (x->platoon[0])
            continue;
        double d = situation_unit_distance_within (game_situation (g), u, k,
                                                   best);
        if (d < best) {
            best = d;
            nearest = k;
        }
    }
    /* a division's own brigadier lost: its units answer to the C-in-C */
    if (nearest >= 0)
        *cm = best;
    return nearest >= 0 ? nearest : chief;
}

int
bol_division_commander (const game_t *g, int u)
{
    double cm;
    return division_commander_at (g, u, &cm);
}

int
bol_command_dice (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    int dice = higher_resolve (game_unit_c (g, u));
    double known;
    int c = division_commander_at (g, u, &known);
    if (c < 0 || (known >= 0 ? known
                             : situation_unit_distance (game_situation (g), u,
                                                        c))
                 > bol_cm (g, t->command_reach_tum) + 1e-6)
        dice -= t->command_reach_dice;
    return dice < 0 ? 0 : dice;
}

bool
bol_command_check (game_t *g, int u, dice_t *dice, const char *what)
{
    int n = bol_command_dice (g, u);
    int hit = tables (g)->command_hit, best = 0;
    game_dice_key (g, dice, u, GAME_DICE_COMMAND, -1);
    for (int i = 0; i < n; i++) {
        int d = dice_roll (dice, 6);
        if (d > best)
            best = d;
    }
    bool ok = best >= hit;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, u, "%s's command check to %s: "
                    "%dd6, best %d: %s", game_unit_c (g, u)->id, what, n,
                    best, ok ? "passed" : "failed");
    return ok;
}

const char *
bol_zone_name (bol_zone_t zone)
{
    static const char *names[] = { "manoeuvre zone", "threat zone",
                                   "control zone", "locked zone" };
    return (int) zone >= 0 && zone <= BOL_ZONE_LOCKED ? names[zone] : "?";
}

bool
bol_in_contact (const game_t *g, int u)
{
    if (is_commander (g, u))
        return false;
    const situation_t *sit = game_situation (g);
    for (int e = 0; e < game_unit_count (g); e++)
        if (is_enemy (g, u, e)
            && situation_unit_distance_within (sit, u, e, BOL_CONTACT_CM)
                   < BOL_CONTACT_CM)
            return true;
    return false;
}

/*  Zones remembered, by the game's state key and the unit: a unit's
 *  zone is asked for each option the search weighs for it and again as
 *  it moves, with nothing moved between.  Per thread, as the priority
 *  targets' memo (bol_shoot.c). */
#define ZONE_MEMO_BITS 8
typedef struct {
    uint64_t key;
    int unit;             /* the unit plus one; 0: empty */
    bol_zone_t zone;
} zone_memo_t;
static _Thread_local zone_memo_t zone_memo[1 << ZONE_MEMO_BITS];

static bol_zone_t zone_afresh (const game_t *g, int u);

bol_zone_t
bol_zone (const game_t *g, int u)
{
    return bol_zone_keyed (g, u, game_state_key (g));
}

bol_zone_t
bol_zone_keyed (const game_t *g, int u, uint64_t key)
{
    if (is_commander (g, u))
        return BOL_ZONE_MANOEUVRE;   /* "Commanders are always in the
                                        manoeuvre zone" */
    zone_memo_t *m = &zone_memo[bol_memo_slot (key, u, ZONE_MEMO_BITS)];
    if (m->key != key || m->unit != u + 1)
        *m = (zone_memo_t) { key, u + 1, zone_afresh (g, u) };
    return m->zone;
}

/*  bol_zone worked out. */
static bol_zone_t
zone_afresh (const game_t *g, int u)
{
    const bol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    bol_zone_t zone = BOL_ZONE_MANOEUVRE;
    if (state_c (g, u)->flags & BOL_F_SHOOTING)
        zone = BOL_ZONE_THREAT;
    double control = bol_cm (g, t->control_tum) + 1e-6;
    double threat = bol_cm (g, t->threat_tum) + 1e-6;
    double reach = fmax (BOL_CONTACT_CM, fmax (control, threat));
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e))
            continue;
        double d = situation_unit_distance_within (sit, u, e, reach);
        if (d < BOL_CONTACT_CM)
            return BOL_ZONE_LOCKED;
        if (d <= control
            && bol_directly_to_front (g, e, u, t->control_front_at
                                                == BOL_AT_ANY_PART))
            zone = BOL_ZONE_CONTROL;
        else if (zone < BOL_ZONE_THREAT && d <= threat)
            zone = BOL_ZONE_THREAT;
    }
    if (zone >= BOL_ZONE_THREAT)
        return zone;
    /* the threat of being an enemy's priority target, asked last and
       only of enemies within their long range: finding a unit's
       priority target traces lines of sight to every enemy, the most
       of a playout's time */
    uint64_t key = 0;
    bool keyed = false;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e) || !bol_can_shoot (g, e))
            continue;
        double range = bol_long_range_cm (g, e) + 1e-3;
        if (situation_unit_distance_within (sit, u, e, range) > range)
            continue;
        if (!keyed) {
            key = game_table_key (g);
            keyed = true;
        }
        if (bol_is_priority_target_keyed (g, e, u, key))
            return BOL_ZONE_THREAT;
    }
    return zone;
}

/*  Is unit u uncommanded now (readings.uncommanded)?  Why, into why. */
bool
bol_uncommanded (const game_t *g, int u, char *why, int len)
{
    const bol_tables_t *t = tables (g);
    if (is_commander (g, u) || t->uncommanded == BOL_UNCOMMANDED_NONE)
        return false;
    const unit_t *x = game_unit_c (g, u);
    double known;
    int c = division_commander_at (g, u, &known);
    double reach = bol_cm (g, t->command_reach_tum);
    double d = c < 0 ? INFINITY
             : known >= 0 ? known
             : situation_unit_distance_within (game_situation (g), u, c,
                                               reach + 1e-6);
    if (t->uncommanded == BOL_UNCOMMANDED_BEYOND_REACH) {
        if (d <= reach + 1e-6)
            return false;
        if (why) {
            char far[48];
            ruleset_length_text (game_ruleset (g), reach, far, sizeof far);
            snprintf (why, (size_t) len, "uncommanded: %s", c < 0
                      ? "no commander of its side is left"
                      : "beyond its commander's reach");
            if (c >= 0) {
                size_t n = strlen (why);
                snprintf (why + n, (size_t) len - n, " (%s)", far);
            }
        }
        return true;
    }
    /* no_commander: its division's own commander lost (a division that
       never had one is its player's), no C-in-C within reach */
    bool had = false, own = false;
    for (int k = 0; k < game_unit_count (g); k++) {
        const unit_t *y = game_unit_c (g, k);
        if (y->side == x->side && y->arm == ARM_COMMAND
            && bol_type (g, k) == BOL_BRIGADIER
            && (!x->platoon[0] || strcmp (y->platoon, x->platoon) == 0)) {
            had = true;
            own = own || bol_in_play (g, k);
        }
    }
    if (own || !had)
        return false;
    if (c >= 0 && bol_type (g, c) == BOL_C_IN_C && d <= reach + 1e-6)
        return false;
    if (why)
        snprintf (why, (size_t) len, "uncommanded: its division's commander "
                  "is lost and no C-in-C is within reach");
    return true;
}
