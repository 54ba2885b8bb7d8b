/*  e19_combat.c - hand-to-hand combat and morale by the sheet: dice per
 *  base by the two units' rows and columns (hit on 4+), the modifiers
 *  per base, the defender striking only the unit to its front; the unit
 *  taking more hits retreats 12 cm facing the enemy (the defender on a
 *  tie), eliminated when its retreat is blocked and guns eliminated when
 *  they lose; morale tests for each base removed and two for losing,
 *  each failure removing a base.  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "e19_play.h"

void
e19_take_out (game_t *g, int u, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    game_unit_t *gu = game_unit_mut (g, u);
    if (gu->gone)
        return;
    gu->gone = 1;
    gu->in_melee = 0;
    x->killed = x->figures;
    x->wounded = 0;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s is eliminated: %s", x->id,
                    why);
}

/*  Take one base off unit u; out of play with the last. */
static void
lose_base (game_t *g, int u, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    if (bases (g, u) <= 0)
        return;
    x->killed++;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s loses a base (%s): %d left",
                    x->id, why, bases (g, u));
    if (bases (g, u) <= 0)
        e19_take_out (g, u, "its last base removed");
}

bool
e19_morale_test (game_t *g, int u, dice_t *dice, const char *why)
{
    if (!e19_in_play (g, u))
        return false;
    const e19_tables_t *t = tables (g);
    int need = t->morale_needed[game_unit_c (g, u)->quality];
    game_dice_key (g, dice, u, GAME_DICE_MORALE, -1);
    int r = dice_roll (dice, 6);
    bool pass = r >= need;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s tests morale (%s): needs "
                    "%d+, threw %d: %s", game_unit_c (g, u)->id, why, need, r,
                    pass ? "passes" : "fails");
    if (!pass) {
        if (t->failure_tests)
            e19_remove_bases (g, u, 1, dice, "a failed morale test");
        else
            lose_base (g, u, "a failed morale test");
    }
    return pass;
}

int
e19_remove_bases (game_t *g, int u, int count, dice_t *dice, const char *why)
{
    int removed = 0;
    for (int i = 0; i < count && e19_in_play (g, u); i++) {
        lose_base (g, u, why);
        removed++;
        e19_morale_test (g, u, dice, "a base removed");
    }
    return removed;
}

/*  The opponent's column of the hand-to-hand table. */
static int
melee_column (const game_t *g, int e)
{
    const unit_t *x = game_unit_c (g, e);
    switch (e19_type (g, e)) {
    case E19_CAVALRY:
        return E19_VS_CAVALRY;
    case E19_DRAGOONS:
        return E19_VS_DRAGOONS;
    case E19_CLOSE_INFANTRY:
    case E19_LOOSE_INFANTRY:
        return x->formation == FORMATION_LINE ? E19_VS_INFANTRY_LINE
                                              : E19_VS_INFANTRY_COLUMN;
    case E19_SKIRMISHERS:
    case E19_ARTILLERY:
        return E19_VS_SKIRMISHERS_ARTILLERY;
    default:
        return -1;
    }
}

int
e19_melee_dice_per_base (const game_t *g, int u, int e, bool charging)
{
    int col = melee_column (g, e);
    int row;
    switch (e19_type (g, u)) {
    case E19_CAVALRY:
        row = E19_MELEE_CAVALRY;
        break;
    case E19_SKIRMISHERS:
    case E19_ARTILLERY:
        row = E19_MELEE_SKIRMISH_ARTILLERY;
        break;
    case E19_DRAGOONS:
        row = charging ? E19_MELEE_CHARGING_DRAGOONS
                       : E19_MELEE_DEFENDING_DRAGOONS;
        break;
    case E19_CLOSE_INFANTRY:
    case E19_LOOSE_INFANTRY:
        row = charging ? E19_MELEE_CHARGING_INFANTRY
                       : E19_MELEE_DEFENDING_INFANTRY;
        break;
    default:
        return 0;
    }
    return col < 0 ? 0 : tables (g)->melee[row][col];
}

/*  Dice unit u throws against e: bases times its dice per base with the
 *  modifiers per base (+1 attacking flank or rear, defending a riverbank
 *  frontally, on higher ground; -1 cavalry against close order
 *  infantry); none when the row has no dice ("-").  The ground is read
 *  where the charge began: the charger's centre ends on the defender's
 *  slope. */
static int
melee_dice (const game_t *g, int u, int e, bool charging, int face,
            char *why, size_t len)
{
    const e19_tables_t *t = tables (g);
    int per = e19_melee_dice_per_base (g, u, e, charging);
    size_t used = (size_t) snprintf (why, len, "%d a base", per);
    if (per <= 0)
        return 0;
    if (charging && face != E19_FACE_FRONT) {
        per += t->melee_flank_or_rear;
        used += (size_t) snprintf (why + used, len - used, ", %+d flank or "
                                   "rear", t->melee_flank_or_rear);
    }
    /* "Defending riverbank frontally": charged in front by a unit that
       crossed a stream to reach it */
    if (!charging && face == E19_FACE_FRONT
        && (state_c (g, e)->flags & E19_F_CROSSED) && used < len) {
        per += t->melee_riverbank;
        used += (size_t) snprintf (why + used, len - used, ", %+d riverbank",
                                   t->melee_riverbank);
    }
    /* "On higher ground": as the charge came, from a hill down at low
       ground (the charger) or up at a unit on a hill (the defender) */
    int charger_flags = state_c (g, charging ? u : e)->flags;
    if ((charging ? (charger_flags & E19_F_DOWNHILL)
                  : (charger_flags & E19_F_UPHILL)) && used < len) {
        per += t->melee_higher_ground;
        used += (size_t) snprintf (why + used, len - used, ", %+d higher "
                                   "ground", t->melee_higher_ground);
    }
    if (e19_class (g, u) == E19_CLASS_CAVALRY
        && e19_type (g, e) == E19_CLOSE_INFANTRY && used < len) {
        per += t->melee_cavalry_vs_close;
        snprintf (why + used, len - used, ", %+d against close order "
                  "infantry", t->melee_cavalry_vs_close);
    }
    return per > 0 ? per * bases (g, u) : 0;
}

static int
throw_hits (dice_t *dice, int n, int need)
{
    int hits = 0;
    for (int i = 0; i < n; i++)
        hits += dice_roll (dice, 6) >= need;
    return hits;
}

/*  "Unit eliminated if retreat blocked": by a unit, impassable ground or
 *  the table's edge on the way.  "Towns: Only one unit unless very
 *  large": a town whose room is taken (e19_town_full, the winner not
 *  counted) blocks it too, on the way as at its end; with e19.melee.
 *  full_town_retreat = "short" the retreat stops at the town's edge
 *  instead, and is blocked only when it cannot set out at all.
 *  "Interpenetration: Only skirmishers may pass through friendly units":
 *  a skirmisher's retreat passes through friends (and a town only
 *  friends hold) and may not end on them: where its 12 cm end on a
 *  friend it goes on, straight, to the first place clear of them, as a
 *  player falls his skirmishers back behind his line (RULINGS.md);
 *  anything else in that way blocks it as any retreat. */
bool
e19_retreat (game_t *g, int u, int from, double cm)
{
    unit_t *x = game_unit_m (g, u);
    vec2_t start = x->fp.centre;
    vec2_t enemy = game_unit_c (g, from)->fp.centre;
    double away = geom_bearing (enemy, start);
    bool through_friends = e19_type (g, u) == E19_SKIRMISHERS;
    footprint_t fp = x->fp;
    fp.facing = geom_norm_deg (away + 180);
    double gone = 0;
    bool at_town = false;
    bool on_friend = false;           /* where fp stands now */
    for (double d = 0.5; ; d += 0.5) {
        footprint_t next = fp;
        next.centre = situation_move_towards (game_situation (g), start, away,
                                              d);
        bool stuck = geom_dist (next.centre, start) + 1e-6 < d;
        bool next_on_friend = false;
        for (int k = 0; !stuck && k < game_unit_count (g); k++) {
            if (k == u || k == from || !e19_in_play (g, k)
                || game_unit_c (g, k)->arm == ARM_COMMAND
                || footprint_overlap (&next, &game_unit_c (g, k)->fp)
                   <= SITUATION_OVERLAP_CM)
                continue;
            if (through_friends && game_unit_c (g, k)->side == x->side)
                next_on_friend = true;
            else
                stuck = true;
        }
        bool full = !stuck && e19_town_full (g, u, next.centre, from,
                                             through_friends);
        /* a town its friends hold: passed through, not ended in */
        if (through_friends && !stuck && !full
            && e19_town_full (g, u, next.centre, from, false))
            next_on_friend = true;
        if (full && tables (g)->retreat_short_of_town && gone > 0
            && !on_friend) {
            at_town = true;            /* it stops at the town's edge */
            break;
        }
        if (stuck || full) {
            e19_take_out (g, u, full ? "its retreat is blocked by a town "
                                       "already held"
                                     : "its retreat is blocked");
            return false;
        }
        fp = next;
        gone = d;
        on_friend = next_on_friend;
        if (d >= cm - 1e-9 && !on_friend)
            break;
    }
    x->fp = fp;
    state_m (g, u)->flags |= E19_F_RETREAT;
    game_unit_mut (g, u)->in_melee = 0;
    if (game_events_on (g) && at_town)
        game_event (g, GAME_EVENT_MOVE, u, "%s retreats %.1f cm to (%.1f, "
                    "%.1f) cm, facing the enemy, short of a town already "
                    "held", x->id, gone, fp.centre.x, fp.centre.y);
    else if (game_events_on (g) && gone > cm + 1e-9)
        game_event (g, GAME_EVENT_MOVE, u, "%s retreats %.1f cm to (%.1f, "
                    "%.1f) cm, facing the enemy, through its friends to "
                    "the first place clear of them", x->id, gone,
                    fp.centre.x, fp.centre.y);
    else if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s retreats %.0f cm to (%.1f, "
                    "%.1f) cm, facing the enemy", x->id, cm, fp.centre.x,
                    fp.centre.y);
    return true;
}

/*  May unit u go into a town?  Not where the movement table gives its
 *  troops "N/A" under "Woods Towns" (cavalry, dragoons, guns): such an
 *  attacker does not take up "If a unit vacates a town attacker may
 *  occupy it". */
static bool
may_enter_towns (const game_t *g, int u)
{
    const e19_tables_t *t = tables (g);
    return t->move_cm[t->move_row_of[e19_type (g, u)]]
                     [E19_GOING_WOODS_TOWNS] >= 0;
}

/*  Unit `loser` has lost a hand-to-hand against `winner`: said, its
 *  tests, guns eliminated ("Artillery are eliminated"), the rest
 *  retreating from the winner. */
static void
lose (game_t *g, int loser, int winner, dice_t *dice)
{
    const e19_tables_t *t = tables (g);
    if (e19_in_play (g, loser) && game_events_on (g))
        game_event (g, GAME_EVENT_MELEE, loser, "%s loses the hand-to-hand",
                    game_unit_c (g, loser)->id);
    for (int k = 0; k < t->lost_melee_tests; k++)
        e19_morale_test (g, loser, dice, "lost hand-to-hand combat");
    if (e19_in_play (g, loser) && e19_type (g, loser) == E19_ARTILLERY)
        e19_take_out (g, loser, "artillery that loses hand-to-hand is "
                                "eliminated");
    if (e19_in_play (g, loser))
        e19_retreat (g, loser, winner, t->retreat_cm);
}

/*  The most chargers one defender meets in one hand-to-hand: a face
 *  each (four), or more under a house rule of several a face. */
#define E19_COMBAT_MAX 16

/*  One hand-to-hand at defender d: its chargers c[0..n) in contact, in
 *  the units' order, each at the face it charged.  Every charger throws
 *  at d; d throws at those at its front, or at its one charger ("Multiple
 *  combats defender may only inflict casualties on unit to front"), its
 *  full dice at each.  "Unit taking greatest number of hits retreats";
 *  "If a tie defender retreats": d when it took as many hits as any
 *  charger, else the charger or chargers that took the most.  The dice
 *  go chargers first, then d's at each it strikes, in that order. */
static void
combat (game_t *g, int d, const int *c, int n, dice_t *dice)
{
    const e19_tables_t *t = tables (g);
    const unit_t *ud = game_unit_c (g, d);
    int hits_on_c[E19_COMBAT_MAX] = { 0 }, dice_c[E19_COMBAT_MAX];
    int dice_d[E19_COMBAT_MAX] = { 0 };
    char why_c[E19_COMBAT_MAX][160], why_d[E19_COMBAT_MAX][160];
    bool front[E19_COMBAT_MAX];
    int fronts = 0;
    for (int i = 0; i < n; i++) {
        int face = state_c (g, c[i])->face;
        front[i] = face == E19_FACE_FRONT;
        fronts += front[i];
        dice_c[i] = melee_dice (g, c[i], d, true, face, why_c[i],
                                sizeof why_c[i]);
    }
    for (int i = 0; i < n; i++) {
        if (front[i] || (n == 1 && fronts == 0))
            dice_d[i] = melee_dice (g, d, c[i], false,
                                    state_c (g, c[i])->face, why_d[i],
                                    sizeof why_d[i]);
        else
            snprintf (why_d[i], sizeof why_d[i], "it strikes only the unit "
                      "to its front");
    }
    int hits_on_d = 0;
    for (int i = 0; i < n; i++) {
        game_dice_key (g, dice, c[i], GAME_DICE_MELEE, d);
        hits_on_d += throw_hits (dice, dice_c[i], t->melee_hit_on);
    }
    int most = 0;
    for (int i = 0; i < n; i++) {
        if (dice_d[i] > 0) {
            game_dice_key (g, dice, d, GAME_DICE_MELEE, c[i]);
            hits_on_c[i] = throw_hits (dice, dice_d[i], t->melee_hit_on);
        }
        most = hits_on_c[i] > most ? hits_on_c[i] : most;
    }
    if (game_events_on (g))
        for (int i = 0; i < n; i++)
            game_event (g, GAME_EVENT_MELEE, c[i], "hand-to-hand: %s (%d "
                        "dice: %s) against %s (%d dice: %s), %d+ hits: %s "
                        "takes %d%s, %s takes %d", game_unit_c (g, c[i])->id,
                        dice_c[i], why_c[i], ud->id, dice_d[i], why_d[i],
                        t->melee_hit_on, ud->id, hits_on_d,
                        n > 1 ? " from all its chargers" : "",
                        game_unit_c (g, c[i])->id, hits_on_c[i]);
    bool d_loses = hits_on_d >= most;
    /* whom a beaten defender retreats from: its first charger in front,
       else its first */
    int winner = c[0];
    for (int i = n - 1; i >= 0; i--)
        if (front[i])
            winner = c[i];
    bool was_in_town = e19_in_town (g, d);
    vec2_t vacated = ud->fp.centre;
    e19_remove_bases (g, d, hits_on_d / t->hits_per_base, dice,
                      "a base lost hand-to-hand");
    for (int i = 0; i < n; i++) {
        e19_remove_bases (g, c[i], hits_on_c[i] / t->hits_per_base, dice,
                          "a base lost hand-to-hand");
        game_unit_mut (g, c[i])->in_melee = 0;
    }
    game_unit_mut (g, d)->in_melee = 0;
    if (d_loses)
        lose (g, d, winner, dice);
    else
        for (int i = 0; i < n; i++)
            if (hits_on_c[i] == most)
                lose (g, c[i], d, dice);
    /* "If a unit vacates a town attacker may occupy it", when the
       movement table lets the attacker into a town */
    if (d_loses && was_in_town && e19_in_play (g, winner)
        && may_enter_towns (g, winner)
        && (!e19_in_play (g, d) || !e19_in_town (g, d))) {
        game_unit_m (g, winner)->fp.centre = vacated;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, winner, "%s occupies the town %s "
                        "left", game_unit_c (g, winner)->id, ud->id);
    }
}

/*  The unit charger `a` fights: its target, when both are in play and
 *  still in contact (not driven off by another fight); else -1. */
static int
fight_target (const game_t *g, int a)
{
    if (!(state_c (g, a)->flags & E19_F_CHARGED) || !e19_in_play (g, a))
        return -1;
    int d = state_c (g, a)->opponent - 1;
    if (d < 0 || !e19_in_play (g, d)
        || situation_unit_distance (game_situation (g), a, d)
           > SITUATION_OVERLAP_CM)
        return -1;
    return d;
}

/*  The hand-to-hand combats, one at each charged unit, in the units'
 *  order (the scenario's), with its chargers then in contact (combat);
 *  a unit that both charged and was charged fights in both.  A charger
 *  whose target has gone, or was driven off by an earlier combat, is
 *  out of contact and fights none. */
void
e19_hand_to_hand (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    for (int d = 0; d < n; d++) {
        int c[E19_COMBAT_MAX], k = 0;
        for (int a = 0; a < n && k < E19_COMBAT_MAX; a++)
            if (fight_target (g, a) == d)
                c[k++] = a;
        if (k > 0)
            combat (g, d, c, k, dice);
    }
    /* the chargers left: their targets gone, or driven off */
    for (int a = 0; a < n; a++)
        if (state_c (g, a)->flags & E19_F_CHARGED)
            game_unit_mut (g, a)->in_melee = 0;
}
