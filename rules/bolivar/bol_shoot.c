/*  bol_shoot.c - shooting by the text's Step 2.2: who may shoot, the
 *  target priority, the primary and secondary shooters' dice, hits
 *  weakening resolve, the keep shooting rule and commander casualties.  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bol_play.h"

/*  Is u a shooter by its troops and formation ("Battalion (line,
 *  column, square), skirmisher, horse and deployed artillery stands can
 *  Shoot"), whatever else bars it this turn: in play, a type that
 *  shoots, not in march, a gun deployed.  In contact with the enemy
 *  after a melee it shoots as well, for the text bars only a moved
 *  marker and what the target must be ("The target must be in range, in
 *  arc, and on the near side of blocking terrain, friends and enemy");
 *  not under readings.shoot_in_contact false. */
static bool
shooter (const game_t *g, int u)
{
    if (!bol_in_play (g, u)
        || (game_unit (g, u)->in_melee && !tables (g)->shoot_in_contact))
        return false;
    const unit_t *x = game_unit_c (g, u);
    /* "Battalion (line, column, square)": not in march */
    if (!tables (g)->type[bol_type (g, u)].shoots
        || x->formation == FORMATION_MARCH)
        return false;
    /* "deployed artillery stands": not limbered */
    return !is_artillery (g, u) || x->formation == FORMATION_LINE;
}

bool
bol_can_shoot (const game_t *g, int u)
{
    if (!shooter (g, u))
        return false;
    int flags = state_c (g, u)->flags;
    if (flags & BOL_F_MOVED)
        return false;
    /* nor a gun limbered at the turn's start ("cannot shoot in a game
       turn they were limbered") */
    if (is_artillery (g, u) && (flags & BOL_F_LIMBERED)
        && !tables (g)->house.guns_deploy_and_shoot)
        return false;
    /* seed 000: deployed guns "can, if deployed, move 2 inches and
       shoot": further, they limbered and do not */
    if (state_c (g, u)->house & BOL_H_LIMBERED_TO_MOVE)
        return false;
    return true;
}

/*  A gun's shot this game turn is `fired` (set by bol_shooting, not by
 *  the pre-game bombardment, cleared at the turn's start): having shot,
 *  it has made its choice of "move and shoot" and may not "move and
 *  limber" as well.  A limbered gun told limbered again changes
 *  nothing, and is let be. */
bool
bol_gun_shot_cannot_limber (const game_t *g, int u, const order_t *o)
{
    return is_artillery (g, u) && game_unit (g, u)->fired
        && o->has_formation && o->formation == FORMATION_COLUMN
        && game_unit_c (g, u)->formation == FORMATION_LINE;
}

/*  What line_clear asks of each unit on the line. */
typedef struct {
    const game_t *g;
    int u, target;
} on_line_t;

/*  Is unit k, on the line, in the way: in play, not the firer, the target
 *  or a commander? */
static bool
stands_on_line (const situation_t *sit, int k, void *arg)
{
    (void) sit;
    const on_line_t *l = arg;
    return k != l->u && k != l->target && bol_in_play (l->g, k)
        && !is_commander (l->g, k);
}

/*  Is the line from u to `target` clear of other units ("on the near
 *  side of ... friends and enemy")? */
static bool
line_clear (const game_t *g, int u, int target)
{
    const unit_t *x = game_unit_c (g, u), *t = game_unit_c (g, target);
    vec2_t a = footprint_nearest_point (&x->fp, &t->fp);
    vec2_t b = footprint_nearest_point (&t->fp, &x->fp);
    on_line_t l = { g, u, target };
    return situation_unit_on_segment (game_situation (g), a, b, 0,
                                      stands_on_line, &l) < 0;
}

/*  Can u shoot at `target` from where it stands: in range (its weapon's
 *  long range, by closest points), in arc (directly-to-front or
 *  obliquely, 45 degrees either side of u's front seen from its centre;
 *  a square all round) by the target's front centre (or, under
 *  readings.shoot_target_at "nearest_part", its part nearest u), seen,
 *  the line clear?  Under seed 000's stands
 *  that fire the arc is its stands': a target is eligible when at least
 *  one of its front stands has it (its front centre, or under
 *  "nearest_part" any part of it) within 45 degrees of its front,
 *  measured from either edge (bol_house_firing_stands), so a
 *  near enemy off an outer stand is not passed over for one ahead; a
 *  square's stands fire from the face towards the target. */
static bool
viable (const game_t *g, int u, int target)
{
    const unit_t *x = game_unit_c (g, u), *t = game_unit_c (g, target);
    double range = bol_long_range_cm (g, u);
    if (range <= 0)
        return false;
    if (situation_unit_distance_within (game_situation (g), u, target,
                                        range + 1e-6) > range + 1e-6)
        return false;
    if (tables (g)->house.stands_fire) {
        /* "Stands at the front of a unit fire within 45 degrees of their
           front, measured from either edge of the stand"; "A unit must
           fire at the nearest eligible enemy unit" */
        if (bol_house_firing_stands (g, u, target) == 0)
            return false;
    }
    else if (x->formation != FORMATION_SQUARE || x->arm != ARM_INFANTRY) {
        /* "Otherwise a unit is assumed to be located at the front centre
           of the unit" (readings.shoot_target_at), or its part nearest
           the shooter */
        double arc = tables (g)->arc_deg;
        if (tables (g)->shoot_target_at == BOL_AT_FRONT_CENTRE) {
            if (bol_arc_at (&x->fp, bol_front_centre (&t->fp), arc)
                != ARC_FRONT)
                return false;
        }
        else if (footprint_arc (&x->fp, footprint_nearest_point (&x->fp,
                                                                 &t->fp),
                                arc, 45) != ARC_FRONT)
            return false;
    }
    return situation_can_see (game_situation (g), u, target, NULL, NULL)
        && line_clear (g, u, target);
}

double
bol_long_range_cm (const game_t *g, int u)
{
    const weapon_t *w = ruleset_weapon (game_ruleset (g),
                                        game_unit_c (g, u)->weapon);
    return w && w->long_cm > 0 ? w->long_cm : 0;
}

/*  The most enemies in range bol_priority_target puts in order at a
 *  time; with more it takes them in batches of this many. */
#define TARGETS_MAX 64

/*  An enemy in range, as bol_priority_target weighs it. */
typedef struct {
    int e;
    double d;              /* its distance */
    bool front;            /* directly to the shooter's front */
} target_t;

/*  Does a come before b in the priority: directly to front first, then
 *  the nearer, then the first in the table. */
static bool
target_before (const target_t *a, const target_t *b)
{
    if (a->front != b->front)
        return a->front;
    if (a->d != b->d)
        return a->d < b->d;
    return a->e < b->e;
}

/*  The next batch of u's enemies in range, in out[] in order of
 *  priority: the first TARGETS_MAX that come after *after (NULL: from
 *  the first), guns left out when `no_guns`.  Returns their count; *more
 *  is set when enemies after the batch's last were left out. */
static int
next_targets (const game_t *g, int u, double range, bool no_guns,
              const target_t *after, target_t out[TARGETS_MAX], bool *more)
{
    bool nearest = tables (g)->house.nearest_target;
    bool any_part = tables (g)->shoot_target_at == BOL_AT_ANY_PART;
    int n = 0;
    *more = false;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e) || (no_guns && is_artillery (g, e)))
            continue;
        double d = situation_unit_distance_within (game_situation (g), u, e,
                                                   range);
        if (d > range)
            continue;                          /* not viable: out of range */
        target_t t = { e, d, !nearest && bol_directly_to_front (g, u, e,
                                                             any_part) };
        if (after && !target_before (after, &t))
            continue;                          /* in an earlier batch */
        if (n == TARGETS_MAX) {
            *more = true;
            if (!target_before (&t, &out[n - 1]))
                continue;
            n--;                               /* the last makes room */
        }
        int i = n++;
        for (; i > 0 && target_before (&t, &out[i - 1]); i--)
            out[i] = out[i - 1];
        out[i] = t;
    }
    return n;
}

/*  Unit u's priority target worked out (bol_priority_target). */
static int
find_priority_target (const game_t *g, int u)
{
    double range = bol_long_range_cm (g, u) + 1e-6;
    /* seed 000: "A unit must fire at the nearest eligible enemy unit ...
       artillery shooters can skip over ignore artillery targets if they
       wish": guns look past guns first */
    bool guns_look_past = tables (g)->house.nearest_target
                       && is_artillery (g, u);
    /* the enemies in range in order of priority, so that the first
       viable one is the target: the sight and the line of fire that
       viable traces are the dear part, and are traced no further */
    for (int pass = guns_look_past ? 0 : 1; pass < 2; pass++) {
        target_t batch[TARGETS_MAX];
        bool more;
        int n = next_targets (g, u, range, pass == 0, NULL, batch, &more);
        for (;;) {
            for (int i = 0; i < n; i++)
                if (viable (g, u, batch[i].e))
                    return batch[i].e;
            if (!more)
                break;
            target_t last = batch[n - 1];
            n = next_targets (g, u, range, pass == 0, &last, batch, &more);
        }
    }
    return -1;
}

/*  Priority targets remembered, by the table's key and the shooter.  A
 *  phase asks for the same ones again and again with nothing moved (who
 *  must shoot, every unit's zone as each order is checked, the shooting
 *  itself), and each answer traces lines of sight: most of a playout's
 *  time before.  Per thread, so that no two threads share an entry; an
 *  answer depends only on what game_table_key covers (the units' places,
 *  arms, formations and fired status, who is gone, the terrain, the
 *  tables through the game's lineage). */
#define PRIORITY_MEMO_BITS 9
typedef struct {
    uint64_t key;
    int unit;             /* the shooter plus one; 0: empty */
    int target;
} priority_memo_t;
static _Thread_local priority_memo_t priority_memo[1 << PRIORITY_MEMO_BITS];

static int
priority_target_keyed (const game_t *g, int u, uint64_t key)
{
    priority_memo_t *m = &priority_memo[bol_memo_slot (key, u,
                                                       PRIORITY_MEMO_BITS)];
    /* an untouched entry is all zero: unit 0 with key 0, which a real
       key is only by a 64-bit chance; the unit is stored plus one */
    if (m->key == key && m->unit == u + 1)
        return m->target;
    int target = find_priority_target (g, u);
    *m = (priority_memo_t) { key, u + 1, target };
    return target;
}

int
bol_priority_target (const game_t *g, int u)
{
    return priority_target_keyed (g, u, game_table_key (g));
}

bool
bol_is_priority_target (const game_t *g, int u, int t)
{
    return bol_is_priority_target_keyed (g, u, t, game_table_key (g));
}

bool
bol_is_priority_target_keyed (const game_t *g, int u, int t, uint64_t key)
{
    return is_enemy (g, u, t) && priority_target_keyed (g, u, key) == t;
}

int
bol_shoot_dice (const game_t *g, int u, int target, bool primary)
{
    const bol_tables_t *t = tables (g);
    /* seed 000: every unit's stands that fire throw, a second unit's too
       (secondary_by_stands, a reading) */
    if (!primary && !(t->house.stands_fire && t->house.secondary_by_stands))
        return t->secondary_dice;
    int per = bol_type (g, u) == BOL_HEAVY_GUN ? t->primary_heavy_gun_dice
                                               : t->primary_dice;
    /* seed 000's stands that fire take the place of resolve: none of
       them firing, no die */
    int stands = t->house.stands_fire ? bol_house_firing_stands (g, u, target)
                                      : bol_resolve (g, u);
    if (t->house.stands_fire && stands == 0)
        return 0;
    int dice = per * stands;
    /* a target any part of which is in woods or a village ("If any part
       of a unit is in difficult terrain the entire unit is considered in
       difficult terrain") */
    if (bol_in_cover (g, &game_unit_c (g, target)->fp))
        dice += t->shoot_cover_dice;
    /* the host's modifiers leave at least one die (a reading of the
       host's, for its cover modifier) */
    if (dice < 1)
        dice = 1;
    if (is_artillery (g, u) && is_artillery (g, target))
        dice += t->house.guns_at_guns_dice;      /* "Artillery shooting at
                                                    artillery -2" */
    /* "Cavalry that do an immediate retreat move -1": on each unit
       shooting at it (retreat_dice_each_shooter, a reading), or on the
       primary alone */
    if ((state_c (g, target)->house & BOL_H_RETREATED)
        && (primary || t->house.retreat_dice_each_shooter))
        dice += t->house.cavalry_retreat_dice;
    /* seed 000's own -2 and -1 may leave none (shoot_dice_to_zero, a
       reading), the host's floor not theirs */
    if (t->house.shoot_dice_to_zero)
        return dice < 0 ? 0 : dice;
    return dice < 1 ? 1 : dice;
}

/*  Of the units k in first..n-1 with target[k] == tg, the primary
 *  shooter: the one with most dice (the player's choice; a reading), the
 *  first among equals; the rest are secondary.  -1 when none shoots. */
static int
primary_shooter (const game_t *g, const int *target, int first, int n,
                 int tg)
{
    int primary = -1, best = -1;
    for (int k = first; k < n; k++)
        if (target[k] == tg) {
            int d = bol_shoot_dice (g, k, tg, true);
            if (d > best)
                best = d, primary = k;
        }
    return primary;
}

/*  The hits a retreat from the fire spares cavalry unit tg, on average,
 *  from the units shooting at it (target[k] == tg, k from `first`; the
 *  primary as bol_shooting takes it, primary_shooter). */
static double
retreat_spares (game_t *g, int tg, const int *target, int first, int n)
{
    double hits[2] = { 0, 0 };
    int16_t was = state_c (g, tg)->house;
    for (int r = 0; r < 2; r++) {
        if (r)
            state_m (g, tg)->house |= BOL_H_RETREATED;
        int primary = primary_shooter (g, target, first, n, tg);
        for (int k = first; k < n; k++)
            if (target[k] == tg) {
                int need = bol_shoot_hit (g, k, tg);
                double p = need > 6 ? 0 : need < 1 ? 1 : (7 - need) / 6.0;
                hits[r] += p * bol_shoot_dice (g, k, tg, k == primary);
            }
    }
    state_m (g, tg)->house = was;
    return hits[0] - hits[1];
}

/*  Does the owner of cavalry unit tg, shot at, take the retreat
 *  (`cavalry_retreat_when_worth`)?  "The owner can decide": a player
 *  retreats when the modifier spares his unit hits and its way back is
 *  clear, and where something stands behind it ("stops at the
 *  obstruction and takes a casualty") only when it spares more than
 *  that certain casualty. */
static bool
retreat_worth (game_t *g, int tg, const int *target, int first, int n)
{
    double spared = retreat_spares (g, tg, target, first, n);
    if (spared <= 0)
        return false;
    return bol_house_retreat_clear (g, tg) || spared > 1.0;
}

int
bol_shoot_hit (const game_t *g, int u, int target)
{
    const bol_tables_t *t = tables (g);
    double d = situation_unit_distance (game_situation (g), u, target);
    return d <= bol_cm (g, t->shoot_close_tum) + 1e-6 ? t->shoot_close_hit
                                                      : t->shoot_hit;
}

/*  Does unit u shoot this phase: its order says so (a fire order, or an
 *  order to fire as it stands; a continue carrying on with one); an
 *  uncommanded unit shoots unless it is falling back.  A unit with a
 *  shooting marker that does not shoot attempts a command check to
 *  remove it ("Keep Shooting Rule: Units that already have a shooting
 *  marker *must* either shoot or attempt a command check to remove the
 *  shooting marker"): not ordered to shoot, or unable to (no viable
 *  target, a moved marker, in contact).  A failed check makes it shoot
 *  when it can; one that cannot keeps its marker and tries again in its
 *  next shooting phase.  Whatever the order names, it shoots at its
 *  priority target, into *target (-1 when it does not shoot). */
static bool
will_shoot (game_t *g, int u, dice_t *dice, int *target)
{
    *target = -1;
    if (!bol_in_play (g, u))
        return false;
    const game_unit_t *gu = game_unit (g, u);
    bool can = bol_can_shoot (g, u)
            && (*target = bol_priority_target (g, u)) >= 0;
    order_t o = gu->ordered ? gu->order : order_hold ();
    if (o.kind == ORDER_CONTINUE)
        o = gu->current;
    bool ordered = gu->commanded
                 ? o.kind == ORDER_FIRE || o.fire
                 : !(game_unit_c (g, u)->status & STATUS_FALLING_BACK);
    if (can && ordered)
        return true;
    if (!(state_c (g, u)->flags & BOL_F_SHOOTING))
        return false;
    if (bol_command_check (g, u, dice, "remove its shooting marker")) {
        state_m (g, u)->flags &= ~BOL_F_SHOOTING;
        return false;
    }
    return can;
}

void
bol_shooting (game_t *g, side_t side, bool bombardment, dice_t *dice)
{
    int n = game_unit_count (g);
    int *target = game_scratch (g);
    for (int u = 0; u < n; u++) {
        target[u] = -1;
        if (game_unit_c (g, u)->side != side)
            continue;
        if (bombardment) {
            if (is_artillery (g, u) && bol_can_shoot (g, u))
                target[u] = bol_priority_target (g, u);
        }
        else if (!will_shoot (g, u, dice, &target[u]))
            target[u] = -1;
    }
    /* target by target, in the order of the first shooter at each */
    for (int u = 0; u < n; u++) {
        int tg = target[u];
        if (tg < 0)
            continue;
        /* seed 000: "when a cavalry unit is being shot at the owner can
           decide that it is doing a retreat move and hence impose a
           modifier on the shooter" (retreat_worth: when it pays) */
        const bol_house_t *h = &tables (g)->house;
        bool retreats = h->cavalry_retreat_from_fire && is_cavalry (g, tg)
                     && !game_unit (g, tg)->in_melee
                     && (!h->cavalry_retreat_when_worth
                         || retreat_worth (g, tg, target, u, n));
        if (retreats)
            state_m (g, tg)->house |= BOL_H_RETREATED;
        int primary = primary_shooter (g, target, u, n, tg);
        int hits = 0;
        char said[GAME_EVENT_MAX] = "";
        size_t len = 0;
        int credit = bol_heroics_credit (g, target, u, n, tg, primary);
        for (int k = u; k < n; k++) {
            if (target[k] != tg)
                continue;
            target[k] = -1;
            bool prim = k == primary;
            int dice_n = bol_shoot_dice (g, k, tg, prim);
            int need = bol_shoot_hit (g, k, tg), got = 0;
            game_dice_key (g, dice, k, GAME_DICE_FIRE, tg);
            for (int i = 0; i < dice_n; i++)
                if (dice_roll (dice, 6) >= need)
                    got++;
            hits += got;
            /* it shot this game turn ("In a game turn deployed artillery
               can either move and limber or move and shoot"); the
               bombardment is before the first turn ("Pre-game 7") */
            if (!bombardment) {
                game_unit_mut (g, k)->fired = 1;
                state_m (g, k)->flags |= BOL_F_SHOOTING;
            }
            if (game_events_on (g) && len < sizeof said)
                len += (size_t) snprintf (said + len, sizeof said - len,
                                          "%s%s (%s) %dd6 needing %d: %d hit%s",
                                          len ? "; " : "",
                                          game_unit_c (g, k)->id,
                                          prim ? "primary" : "secondary",
                                          dice_n, need, got,
                                          got == 1 ? "" : "s");
        }
        if (game_events_on (g))
            game_event (g, GAME_EVENT_SHOOT, primary, "%s at %s: %s",
                        bombardment ? "bombardment" : "shooting",
                        game_unit_c (g, tg)->id, said);
        if (retreats)
            bol_house_retreat (g, tg, "it retreats from the fire");
        if (hits == 0 || !bol_in_play (g, tg))
            continue;
        /* "Units that take hits from shooting must shoot (place marker)":
           every shooter by its troops and formation, though it cannot
           shoot this turn (readings.fire_hit_marker "shooters"), or only
           one that can ("able"); seed 000's unit hit that passes its
           disorder check may still charge, so the hits place no marker
           (fire_hit_may_charge) */
        bool marked = tables (g)->fire_hit_marker == BOL_HIT_MARKER_ABLE
                    ? bol_can_shoot (g, tg) : shooter (g, tg);
        if (marked && !h->fire_hit_may_charge)
            state_m (g, tg)->flags |= BOL_F_SHOOTING;
        bool routed = bol_take_hits (g, tg, hits, credit, "shooting");
        bol_commander_risk (g, tg, routed, dice);
        /* seed 000: casualties in fire combat ask a disorder check ("A
           charge is cancelled if the charging unit receives casualties
           in Fire Combat and fails the disorder check") */
        if (!routed && h->disorder && bol_in_play (g, tg)
            && !bol_house_check (g, tg, dice, "pass its disorder check, "
                                 "casualties from fire"))
            state_m (g, tg)->house |= BOL_H_FIRE_HIT;
    }
}
