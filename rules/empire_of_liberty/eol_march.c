/*  eol_march.c - Empire of Liberty's moves: paths, wheels, echelon,
 *  formation changes, terrain and the 4" zone in front of an enemy.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- moves ---- */

/*  What step_block says when nothing stops a step, and when the table's
 *  edge does (else it names the unit in the way). */
#define STEP_CLEAR (-1)
#define STEP_OFF_TABLE (-2)

/*  The most units a way lists as near it (way_near_t). */
#define WAY_NEAR_MAX 64

/*  The units near enough a way to stop one of its steps, in the order of
 *  their index (way_near), so that the first found to stop a step is
 *  the one a look at every unit finds; count -1: every unit (more than
 *  WAY_NEAR_MAX were near, or no way was given). */
typedef struct {
    int count;
    int unit[WAY_NEAR_MAX];
} way_near_t;

/*  How many units `near` lists (NULL: every unit of g), and the i-th. */
static int
near_count (const game_t *g, const way_near_t *near)
{
    return near && near->count >= 0 ? near->count : game_unit_count (g);
}

static int
near_unit (const way_near_t *near, int i)
{
    return near && near->count >= 0 ? near->unit[i] : i;
}

/*  The first friendly unit that unit u, moved from footprint `from` to
 *  `f`, would stand on (stands_on: overlapping it by more than base
 *  contact, and more than where it started), or -1; only the units
 *  `near` lists are looked at (NULL: all).  Leaders neither
 *  stop nor are stopped (a mounted officer steps aside, as on a
 *  charge's way). */
static int
friend_under (const game_t *g, int u, const footprint_t *from,
              const footprint_t *f, const way_near_t *near)
{
    if (eol_is_leader (g, u))
        return -1;
    for (int i = 0; i < near_count (g, near); i++) {
        int e = near_unit (near, i);
        if (e != u && unit_c (g, e)->side == unit_c (g, u)->side
            && eol_in_play (g, e) && !eol_is_leader (g, e)
            && stands_on (from, f, &unit_c (g, e)->fp))
            return e;
    }
    return -1;
}

/*  What the steps of a way are checked against (step_block). */
typedef struct {
    /* per enemy unit, the distance a step may not come nearer than
       within its 4" or in contact: where the unit started when it pulls
       directly back from that enemy, INFINITY when it does not
       (move_straight); where it started when it leaves that enemy's
       contact, INFINITY for any other enemy (eol_fall_back_move); NULL:
       where the unit stands at the way's start */
    const double *before;
    bool started_off;        /* started off the table: no edge stops it */
    bool zones;              /* "during regular movement": the 4" in front
                                of enemies stops it; false: only touching
                                them (a fall back) */
    bool through;            /* friends passed through, not ended on */
} way_rules_t;

/*  How far beyond its footprint a unit stops a step under rules r: its
 *  4" with zones, else contact (step_block's maybe_within). */
static double
step_reach (const eol_tables_t *t, const way_rules_t *r)
{
    return r->zones && t->no_closer_cm > t->contact_cm ? t->no_closer_cm
                                                       : t->contact_cm;
}

/*  What stops unit u at footprint f on a move that is not a charge, the
 *  move having started at footprint `from`: STEP_OFF_TABLE off the table
 *  (unless it started off); an enemy unit it would touch, or with
 *  r->zones within 4" of whose front it would come, unless no nearer
 *  than r->before (above); with `friends`, a friendly unit it would
 *  stand on (friend_under).  Only the units `near` lists are looked at
 *  (NULL: all).  STEP_CLEAR when nothing does. */
static int
step_block (const game_t *g, int u, const footprint_t *from,
            const footprint_t *f, const way_rules_t *r, bool friends,
            const way_near_t *near)
{
    const eol_tables_t *t = tables (g);
    if (!r->started_off
        && situation_footprint_off_table (game_situation (g), f))
        return STEP_OFF_TABLE;
    double reach = step_reach (t, r);
    for (int i = 0; i < near_count (g, near); i++) {
        int e = near_unit (near, i);
        if (!is_enemy_unit (g, u, e)
            || !maybe_within (f, &unit_c (g, e)->fp, reach + 0.02))
            continue;
        double d;
        bool zone = eol_in_front_zone (t, unit_c (g, e), f, &d) && r->zones;
        double before = r->before ? r->before[e]
                      : footprint_distance (from, &unit_c (g, e)->fp);
        if (d < before - 1e-9
            && (zone || d <= t->contact_cm + 0.01))
            return e;
    }
    return friends ? friend_under (g, u, from, f, near) : STEP_CLEAR;
}

/*  A before[] (way_rules_t) by which no enemy may be neared: every one
 *  at INFINITY, in the game's scratch (what the caller's way reads until
 *  the scratch is asked again). */
static const double *
near_none (game_t *g)
{
    double *before = (double *) eol_scratch_ints (g);
    for (int e = 0; e < game_unit_count (g); e++)
        before[e] = INFINITY;
    return before;
}

/*  The rules of unit u's regular movement from where it stands: the 4"
 *  in front of enemies, the table's edge unless it stands off it,
 *  friends as eol.movement.pass_through_friends says; `before` as
 *  way_rules_t's. */
static way_rules_t
move_rules (const game_t *g, int u, const double *before)
{
    return (way_rules_t) { .before = before, .zones = true,
        .started_off = situation_footprint_off_table (game_situation (g),
                                                      &unit_c (g, u)->fp),
        .through = tables (g)->pass_through_friends };
}

/*  A way a unit goes, read at a share of it: where its footprint stands
 *  s (0..1) of the way along (move_straight: slid; wheel_towards:
 *  wheeled on a front corner, or skirmishers turned about their
 *  centre). */
typedef struct {
    footprint_t start;
    vec2_t end;              /* a slide's end (its centre), or */
    double turn;             /* a wheel's or a turn's whole turn, degrees */
    bool wheel;
    bool spin;               /* a turn about the centre */
} way_t;

static footprint_t
way_at (const way_t *w, double s)
{
    if (w->wheel)
        return eol_wheeled (&w->start, w->turn * s);
    footprint_t f = w->start;
    if (w->spin) {
        f.facing = geom_norm_deg (w->start.facing + w->turn * s);
        return f;
    }
    f.centre.x = w->start.centre.x + (w->end.x - w->start.centre.x) * s;
    f.centre.y = w->start.centre.y + (w->end.y - w->start.centre.y) * s;
    return f;
}

/*  The units other than u that could stop some step of way w under rules
 *  r (way_near_t): those within the step's reach (step_reach; more than
 *  the 0 a friend needs) of some footprint on the way, by their
 *  bounding circles, as step_block's and stands_on's maybe_within judge
 *  them, with 1 mm to spare.  The footprint keeps its size on the way
 *  and its centre keeps to a slide's segment, a spin's place, or a
 *  wheel's arc about a front corner, which is the half diagonal from
 *  the centre: so never further from where it started than the half
 *  diagonal times the turn in radians, nor than the diagonal.  Every
 *  unit when more than WAY_NEAR_MAX are near. */
static void
way_near (const game_t *g, int u, const way_t *w, const way_rules_t *r,
          way_near_t *out)
{
    double reach = step_reach (tables (g), r) + 0.02 + 0.1;
    const footprint_t *a = &w->start;
    double ra = footprint_half_diagonal (a);
    double swing = w->wheel ? fmin (2 * ra, ra * fabs (w->turn)
                                                 * GEOM_PI / 180) : 0;
    out->count = 0;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (e == u)
            continue;
        const footprint_t *b = &unit_c (g, e)->fp;
        vec2_t nearest = w->wheel || w->spin ? a->centre
                       : geom_segment_nearest (a->centre, w->end, b->centre);
        double gap = geom_dist (nearest, b->centre) - swing;
        double rb = footprint_half_diagonal (b);
        if (gap > ra + rb + reach)
            continue;
        if (out->count == WAY_NEAR_MAX) {
            out->count = -1;
            return;
        }
        out->unit[out->count++] = e;
    }
}

/*  The halvings that narrow a share of a way to within 1/16384 of a
 *  step. */
#define SHARE_HALVINGS 14

/*  With friends passed through (eol.movement.pass_through_friends) a
 *  move may go through friendly units but not end on one: the most of
 *  way w, no more than `lo`, at which unit u stands on no friend
 *  (friend_under), found a step (1/`steps`) at a time back from lo,
 *  then narrowed; *blocker gets the
 *  friend it stops short of.  Its start stands on none (stands_on counts
 *  only overlap beyond the start's), so 0 is the least it gives. */
static double
end_off_friends (const game_t *g, int u, const way_t *w, double lo,
                 int steps, const way_near_t *near, int *blocker)
{
    footprint_t f = way_at (w, lo);
    int on = friend_under (g, u, &w->start, &f, near);
    if (on < 0)
        return lo;
    *blocker = on;
    double step = steps > 0 ? 1.0 / steps : lo;
    double hi = lo, s = lo;
    for (;;) {
        s = s - step > 0 ? s - step : 0;
        f = way_at (w, s);
        if (s <= 0 || friend_under (g, u, &w->start, &f, near) < 0)
            break;
        hi = s;
    }
    for (int i = 0; i < SHARE_HALVINGS; i++) {
        double mid = (s + hi) / 2;
        f = way_at (w, mid);
        if (friend_under (g, u, &w->start, &f, near) < 0)
            s = mid;
        else
            hi = mid;
    }
    return s;
}

/*  How much of way w, 0..1, unit u may go with nothing stopping it
 *  (step_block by the rules `r`; friendly units at every step, or with
 *  r->through only where it ends, end_off_friends): `steps` even steps
 *  checked in turn (none: 0), then the first one refused narrowed by
 *  halving SHARE_HALVINGS times.  1
 *  when every step is clear, 0 when the first is refused at once.
 *  *blocker gets what stopped it (a unit, STEP_OFF_TABLE, or STEP_CLEAR
 *  when nothing did). */
static double
clear_share (const game_t *g, int u, const way_t *w, int steps,
             const way_rules_t *r, int *blocker)
{
    bool through = r->through;
    double lo = 0, hi = -1;
    *blocker = STEP_CLEAR;
    way_near_t near;
    way_near (g, u, w, r, &near);
    for (int k = 1; k <= steps; k++) {
        double s = (double) k / steps;
        footprint_t f = way_at (w, s);
        int b = step_block (g, u, &w->start, &f, r, !through, &near);
        if (b != STEP_CLEAR) {
            hi = s;
            *blocker = b;
            break;
        }
        lo = s;
    }
    if (hi > 0)
        for (int i = 0; i < SHARE_HALVINGS; i++) {
            double mid = (lo + hi) / 2;
            footprint_t f = way_at (w, mid);
            int b = step_block (g, u, &w->start, &f, r, !through, &near);
            if (b == STEP_CLEAR)
                lo = mid;
            else {
                hi = mid;
                *blocker = b;
            }
        }
    if (through)
        lo = end_off_friends (g, u, w, lo, steps, &near, blocker);
    return lo;
}

/*  Say what stopped unit u's move or wheel where it now stands
 *  (clear_share's blocker), in words a player at the table uses: the
 *  table's edge; an enemy unit, named, that it would have touched ("Charges
 *  are the only way in which a unit may come into contact with an enemy
 *  unit") or within 4" of whose front it would have come ("You may not
 *  move within 4" of the front of an enemy unit except to charge it, or
 *  to pull directly back away from it"), told apart by how far off that
 *  enemy now is (no further than contact: the touch); a friendly unit,
 *  named: no unit passes through another, or with `through` (friends
 *  passed through) ends on one.  Nothing when nothing
 *  stopped it (STEP_CLEAR) or events are off. */
static void
say_stopped (game_t *g, int u, int blocker, bool through)
{
    if (blocker == STEP_CLEAR || !game_events_on (g))
        return;
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    if (blocker == STEP_OFF_TABLE) {
        game_event (g, GAME_EVENT_MOVE, u, "%s stops at the table's edge",
                    x->id);
        return;
    }
    const unit_t *b = unit_c (g, blocker);
    if (b->side == x->side) {
        game_event (g, GAME_EVENT_MOVE, u, "%s stops short of friendly %s: %s",
                    x->id, b->id, through
                    ? "no unit ends a move on another"
                    : "no unit moves through another");
        return;
    }
    double d = footprint_distance (&x->fp, &b->fp);
    if (d <= t->contact_cm + 0.02)
        game_event (g, GAME_EVENT_MOVE, u, "%s stops short of touching %s: "
                    "only a charge comes into contact with an enemy unit",
                    x->id, b->id);
    else
        game_event (g, GAME_EVENT_MOVE, u, "%s stops %.1f\" from %s: no "
                    "move comes within %.0f\" of the front of an enemy "
                    "unit, but a charge or a pull directly back", x->id,
                    in_inches (d), b->id, in_inches (t->no_closer_cm));
}

/*  Move unit u's footprint straight towards `to` with `budget` cm of
 *  movement, keeping its facing, as far as nothing stops it (clear_share:
 *  the table's edge, enemies and their 4", friendly units).  Returns the
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
    double *before = (double *) eol_scratch_ints (g);
    int n = game_unit_count (g);
    /* "You may not move within 4" of the front of an enemy unit except to
       charge it, or to pull directly back away from it": a move whose
       way lies more than pull_back_max_deg off straight away from enemy
       e (from e's nearest point to the unit's) may take no step within
       e's 4" */
    bool moving = geom_dist (from, end) > 1e-9;
    double way = moving ? geom_bearing (from, end) : 0;
    for (int e = 0; e < n; e++) {
        before[e] = INFINITY;
        if (!is_enemy_unit (g, u, e))
            continue;
        const footprint_t *ef = &unit_c (g, e)->fp;
        before[e] = footprint_distance (&x->fp, ef);
        if (!moving)
            continue;
        vec2_t pe = footprint_nearest_point (&x->fp, ef);   /* of e */
        vec2_t pu = footprint_nearest_point (ef, &x->fp);   /* of u */
        double away = geom_dist (pe, pu) > 1e-6 ? geom_bearing (pe, pu)
                    : geom_bearing (ef->centre, from);
        if (fabs (eol_turn (away, way)) > t->pull_back_max_deg + 1e-6)
            before[e] = INFINITY;
    }
    way_rules_t r = move_rules (g, u, before);
    way_t w = { .start = x->fp, .end = end };
    int blocker;
    double lo = clear_share (g, u, &w, (int) ceil (geom_dist (from, end)),
                             &r, &blocker);
    vec2_t p = { from.x + (end.x - from.x) * lo, from.y + (end.y - from.y) * lo };
    if (lo < 1)
        spent = eol_path_cost (t, sit, eol_mover (x), from, p);
    x->fp.centre = p;
    say_stopped (g, u, blocker, r.through);
    return spent;
}

/*  What keeps unit u from re-laying its ranks where it stands into
 *  footprint `f` (a formation change, laid about its centre; a fall
 *  back's turn to face away): what would stop a step there from the
 *  footprint it has (step_block): the table's edge (unless it stood off
 *  the table), a friendly unit it would stand on (more than it stood
 *  on it), an enemy it did not touch and would, and with `zones` an
 *  enemy within 4" of whose front it would come nearer than it stands
 *  (so an about-face or a turn to a flank, which keep their ground, may
 *  be made there).  STEP_CLEAR when nothing does. */
static int
ground_block (const game_t *g, int u, const footprint_t *f, bool zones)
{
    const footprint_t *now = &unit_c (g, u)->fp;
    way_rules_t r = { .before = NULL, .zones = zones,
        .started_off = situation_footprint_off_table (game_situation (g),
                                                      now) };
    return step_block (g, u, now, f, &r, true, NULL);
}

/*  What ground_block found in the way of unit u's footprint f, in words
 *  that follow "would": the edge, the friend, or the enemy it would
 *  touch or come within 4" of (told apart by how near f is to it). */
static void
ground_words (const game_t *g, int u, int blocker, const footprint_t *f,
              char *out, int len)
{
    const eol_tables_t *t = tables (g);
    if (blocker == STEP_OFF_TABLE) {
        snprintf (out, len, "run off the table");
        return;
    }
    const unit_t *b = unit_c (g, blocker);
    if (b->side == unit_c (g, u)->side)
        snprintf (out, len, "stand on friendly %s (no unit stands on "
                  "another)", b->id);
    else if (footprint_distance (f, &b->fp) <= t->contact_cm + 0.01)
        snprintf (out, len, "touch %s (only a charge comes into contact "
                  "with an enemy unit)", b->id);
    else
        snprintf (out, len, "come within %.0f\" of the front of %s (only a "
                  "charge, or a pull directly back, comes that near an "
                  "enemy's front)", in_inches (t->no_closer_cm), b->id);
}

/*  Room for a formation change where unit u stands (eol_play.h): its
 *  ranks laid as change_formation lays them, checked by ground_block
 *  with the 4" zones.  0, or -1 with err. */
int
eol_change_room (const game_t *g, int u, eol_change_t change, formation_t to,
                 arm_t arm, double facing, char *err, int errlen)
{
    unit_t x = *unit_c (g, u);
    x.formation = to;
    x.arm = arm;
    x.fp.facing = geom_norm_deg (facing);
    footprint_t f = eol_formation_footprint (tables (g), &x, to, arm);
    int blocker = ground_block (g, u, &f, true);
    if (blocker == STEP_CLEAR)
        return 0;
    char why[GAME_REASON_MAX];
    ground_words (g, u, blocker, &f, why, sizeof why);
    snprintf (err, errlen, "%s: no room for %s where it stands: its ranks "
              "would %s", x.id, eol_change_name (change), why);
    return -1;
}

/*  Change unit u's formation: its footprint laid out anew about its
 *  centre, facing `facing`, if there is room for it there
 *  (eol_change_room); else the change is not made and the event says
 *  what is in the way.  Returns the change's cost in moves
 *  (eol.movement.changes; paying it is the caller's), 0 when not made. */
static double
change_formation (game_t *g, int u, eol_change_t change, formation_t to,
                  arm_t arm, double facing)
{
    char why[SOLO_ERR_MAX];
    if (eol_change_room (g, u, change, to, arm, facing, why, sizeof why) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s", why);
        return 0;
    }
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
    return tables (g)->change_moves[change];
}

/*  Unit u taken straight from where it stands towards `end` as far as
 *  the way is clear with no 4" zones (clear_share): an enemy stops it
 *  where it would touch one, unless before[] (per enemy, as
 *  way_rules_t's) lets it be as near as it stood; friends as `through`
 *  says.  The fall back's and the stopped charge's way.  Returns what
 *  stopped it (a unit, STEP_OFF_TABLE, or STEP_CLEAR), as clear_share;
 *  the stop not said. */
static int
go_clear (game_t *g, int u, vec2_t end, const double *before, bool through)
{
    unit_t *x = unit_m (g, u);
    way_rules_t r = { .before = before, .zones = false,
        .started_off = situation_footprint_off_table (game_situation (g),
                                                      &x->fp),
        .through = through };
    way_t w = { .start = x->fp, .end = end };
    int blocker;
    double lo = clear_share (g, u, &w, (int) ceil (geom_dist (x->fp.centre,
                                                               end)),
                             &r, &blocker);
    x->fp = way_at (&w, lo);
    return blocker;
}

/*  A fall back or retirement carried out (eol_play.h): the turn to face
 *  away checked as a change of ground with no 4" zones (ground_block),
 *  the way as a move's (clear_share) with no zones, an enemy stopping it
 *  wherever it would touch one, friends as eol.morale.fall_back_through_
 *  friends says.  An enemy it is in contact with where the way starts
 *  (the melee it leaves) stops it only where it would come nearer to it
 *  than it stood: "Charges are the only way in which a unit may come
 *  into contact with an enemy unit", and leaving a contact is coming
 *  into none, so a unit sliding off along its enemy's face goes on.
 *  Returns whether it ends facing away. */
bool
eol_fall_back_move (game_t *g, int u, vec2_t end, double away)
{
    unit_t *x = unit_m (g, u);
    char why[GAME_REASON_MAX];
    footprint_t turned = x->fp;
    turned.facing = geom_norm_deg (away);
    /* about its centre where it stands, if there is room; else where it
       ends */
    bool faced = ground_block (g, u, &turned, false) == STEP_CLEAR;
    if (faced)
        x->fp = turned;
    double *before = (double *) eol_scratch_ints (g);
    double contact = tables (g)->contact_cm;
    for (int e = 0; e < game_unit_count (g); e++) {
        before[e] = INFINITY;
        if (is_enemy_unit (g, u, e)
            && maybe_within (&x->fp, &unit_c (g, e)->fp, contact + 0.02)) {
            double d = footprint_distance (&x->fp, &unit_c (g, e)->fp);
            if (d <= contact + 0.01)       /* in contact, as step_block
                                              judges a touch */
                before[e] = d;
        }
    }
    bool through = tables (g)->fall_back_through_friends;
    say_stopped (g, u, go_clear (g, u, end, before, through), through);
    if (faced)
        return true;
    turned = x->fp;
    turned.facing = geom_norm_deg (away);
    int b = ground_block (g, u, &turned, false);
    if (b == STEP_CLEAR) {
        x->fp = turned;
        return true;
    }
    if (game_events_on (g)) {
        ground_words (g, u, b, &turned, why, sizeof why);
        game_event (g, GAME_EVENT_MOVE, u, "%s cannot turn to face away: "
                    "its ranks would %s", x->id, why);
    }
    return false;
}

/*  A charger stopped short (eol_play.h): the way checked as a fall
 *  back's (clear_share, no 4" zones: a charge may come within 4" of
 *  what it charges), every enemy stopping it where it would touch one,
 *  friends as eol.movement.pass_through_friends says; said as a move's
 *  stop is (say_stopped) unless `said` stopped it. */
int
eol_advance_short (game_t *g, int u, vec2_t end, int said)
{
    bool through = tables (g)->pass_through_friends;
    int blocker = go_clear (g, u, end, near_none (g), through);
    if (blocker != said)
        say_stopped (g, u, blocker, through);
    return blocker;
}

/*  Skirmishers (unit u, in skirmish order) turn `turn` degrees about
 *  their centre, at no cost: "skirmish units can have figures facing in
 *  several directions".  But their loose line, laid across the new
 *  facing, stands on new ground, and the figures going there move: so
 *  the turn goes only as far as nothing stops the line on the way
 *  (clear_share, in steps of no more than 1 cm at its corners): not off
 *  the table, into contact with an enemy or within 4" of an enemy's
 *  front ("You may not move within 4" of the front of an enemy unit
 *  except to charge it, or to pull directly back away from it"; a turn
 *  is no pull back, so skirmishers already within an enemy's 4" do not
 *  turn), nor onto a friendly unit.  The event says what stopped it. */
static void
turn_in_place (game_t *g, int u, double turn)
{
    unit_t *x = unit_m (g, u);
    way_rules_t r = move_rules (g, u, near_none (g));
    double radius = footprint_half_diagonal (&x->fp);
    double arc = radius * fabs (turn) * GEOM_PI / 180;
    way_t w = { .start = x->fp, .turn = turn, .spin = true };
    int blocker;
    double lo = clear_share (g, u, &w, (int) ceil (arc), &r, &blocker);
    x->fp.facing = geom_norm_deg (x->fp.facing + turn * lo);
    if (blocker >= 0 && unit_c (g, blocker)->side == x->side)
        say_stopped (g, u, blocker, r.through);
    if (lo >= 1 || blocker == STEP_CLEAR || !game_events_on (g)
        || (blocker >= 0 && unit_c (g, blocker)->side == x->side))
        return;
    char why[GAME_REASON_MAX];
    if (blocker == STEP_OFF_TABLE)
        snprintf (why, sizeof why, "off the table");
    else
        snprintf (why, sizeof why, "too near %s (within 4\" of its front, "
                  "or touching it)", unit_c (g, blocker)->id);
    game_event (g, GAME_EVENT_MOVE, u, "%s turns %.0f of %.0f degrees: its "
                "line would come %s", x->id, fabs (turn * lo), fabs (turn),
                why);
}

/*  Turn unit u towards bearing `to` with `budget` cm: leaders turn
 *  freely (a round base); skirmishers turn about their centre at no
 *  cost, as far as their line may stand (turn_in_place); formed units
 *  wheel on a front corner paying the outer corner's distance, turning
 *  as far as the budget allows and as far as nothing stops any
 *  footprint on the way (clear_share, friendly units among what stops
 *  it): a wheel is movement, and no pull back ("You may not move within
 *  4" of the front of an enemy unit except to charge it, or to pull
 *  directly back away from it"), so it stops where the unit would come
 *  within an enemy's 4" (or into contact, or off the table), and a unit
 *  already within an enemy's 4" does not wheel at all.  Returns the
 *  cost (0 for leaders and skirmishers). */
static double
wheel_towards (game_t *g, int u, double to, double budget)
{
    unit_t *x = unit_m (g, u);
    double turn = eol_turn (x->fp.facing, to);
    if (fabs (turn) < 1e-6)
        return 0;
    if (eol_is_leader (g, u)) {
        x->fp.facing = geom_norm_deg (to);
        return 0;
    }
    if (x->formation == FORMATION_LOOSE) {
        turn_in_place (g, u, turn);
        return 0;
    }
    double cost = eol_wheel_cost (x->fp.width, turn);
    if (cost > budget) {
        turn = turn * (budget / cost);
        cost = budget;
    }
    if (fabs (turn) < 1e-6)
        return 0;
    /* the wheel in steps of no more than 1 cm at the outer corner, then
       the last good turn found to within 1/16384 of a step */
    way_rules_t r = move_rules (g, u, near_none (g));
    way_t w = { .start = x->fp, .turn = turn, .wheel = true };
    int blocker;
    double lo = clear_share (g, u, &w, (int) ceil (cost), &r, &blocker);
    if (lo > 0)
        x->fp = eol_wheeled (&x->fp, turn * lo);
    say_stopped (g, u, blocker, r.through);
    return cost * lo;
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

/*  May unit u change formation now?  A disordered unit may only with
 *  disordered_may_change ("Full-move formation changes include ...
 *  dressing ranks to recover from disorder" bars it nothing else). */
static bool
may_change (const game_t *g, int u)
{
    return !eol_disordered (g, u) || tables (g)->disordered_may_change;
}

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
 *  unit and the rule): leaders, square, a formation the unit's type
 *  does not have, and without disordered_may_change disordered units
 *  (they dress ranks first). */
int
eol_ordered_change (const game_t *g, int u, formation_t to, double way,
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
    if (!may_change (g, u)) {
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
double
eol_order_way (const game_t *g, int u, const order_t *o)
{
    const unit_t *x = unit_c (g, u);
    if (o->has_to && geom_dist (x->fp.centre, o->to) > 0.01)
        return geom_bearing (x->fp.centre, o->to);
    if (o->has_facing)
        return o->facing;
    return NAN;
}

/*  Make the change order `o` asks of unit u (checked when it was given;
 *  a change the unit can no longer make, as the battle went, or no
 *  longer has room for, is not made, the event saying why).  Returns its
 *  cost in moves, 0 when not made. */
static double
make_ordered_change (game_t *g, int u, const order_t *o)
{
    ordered_form_t f;
    char why[GAME_REASON_MAX];
    if (eol_ordered_change (g, u, o->formation, eol_order_way (g, u, o), &f, why,
                        sizeof why) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s", why);
        return 0;
    }
    if (f.none)
        return 0;
    return change_formation (g, u, f.change, f.formation, f.arm, f.facing);
}

/*  The formation change unit u makes to carry out a move to `to`
 *  (doctrine: formed units near the enemy fight in line and march in
 *  column further off; guns limber to go further than they move
 *  unlimbered; dismounted troops mount to go further than they walk;
 *  light infantry taking cover in rough ground go into skirmish).  Makes
 *  it and returns its cost in moves, 0 for none (or none made: no room
 *  for it where the unit stands, change_formation).  Without
 *  disordered_may_change a disordered unit makes none: it must dress its
 *  ranks before any change, as an ordered change is refused
 *  (eol_ordered_change), and moves in the formation it has. */
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
    if (k == EOL_LEADER || !may_change (g, u))
        return 0;
    if (is_artillery (g, u)) {
        if (x->formation == FORMATION_LINE
            && d > move_in (g, u, FORMATION_LINE, ARM_ARTILLERY))
            return change_formation (g, u, EOL_CHANGE_LIMBER,
                                     FORMATION_COLUMN, ARM_ARTILLERY,
                                     x->fp.facing);
        return 0;
    }
    if (ti->dismounts && x->arm == ARM_INFANTRY) {
        if (d > move_cm (g, u) && !enemy_near (g, u, to, t->deploy_cm))
            return change_formation (g, u, EOL_CHANGE_MOUNT, FORMATION_LINE,
                                     ARM_CAVALRY, x->fp.facing);
        return 0;
    }
    if (x->formation == FORMATION_LOOSE)
        return 0;
    if (cover && ti->skirmish == EOL_SKIRMISH_MAY && x->arm == ARM_INFANTRY
        && eol_in_rough (t, game_situation (g), to))
        return change_formation (g, u, EOL_CHANGE_TO_SKIRMISH,
                                 FORMATION_LOOSE, ARM_INFANTRY, x->fp.facing);
    bool near = enemy_near (g, u, to, t->deploy_cm);
    bool to_flank = fabs (turn) >= 45 && fabs (turn) <= 135;
    double flank = x->fp.facing + (turn > 0 ? 90 : -90);
    if (x->formation == FORMATION_COLUMN && near) {
        if (to_flank)
            return change_formation (g, u, EOL_CHANGE_COLUMN_TO_FLANK_LINE,
                                     FORMATION_LINE, x->arm, flank);
        return change_formation (g, u, EOL_CHANGE_LINE_FROM_COLUMN,
                                 FORMATION_LINE, x->arm, x->fp.facing);
    }
    if (x->formation == FORMATION_LINE && !near
        && d > move_in (g, u, FORMATION_LINE, x->arm) + 1e-6) {
        if (to_flank)
            return change_formation (g, u, EOL_CHANGE_LINE_TO_FLANK_COLUMN,
                                     FORMATION_COLUMN, x->arm, flank);
        return change_formation (g, u, EOL_CHANGE_COLUMN_FROM_LINE,
                                 FORMATION_COLUMN, x->arm, x->fp.facing);
    }
    return 0;
}

/*  A move to `to` (half a move at ORDER_PACE_HALF), with the formation
 *  changes it takes, wheeling or echelon, ending facing `facing` (NAN: as
 *  it went) if the move left enough. */
void
eol_do_move (game_t *g, int u, const order_t *o)
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
            wheel_towards (g, u, bearing, budget);   /* at no cost */
        else if (fabs (turn) > t->echelon_max_deg) {
            /* about-face when the way lies behind, then wheel; the
               about-face is a formation change, which without
               disordered_may_change a disordered unit does not make
               until it has dressed its ranks: it wheels */
            if (fabs (turn) >= 135 && may_change (g, u)
                && left >= t->change_moves[EOL_CHANGE_ABOUT_FACE]) {
                left -= change_formation (g, u, EOL_CHANGE_ABOUT_FACE,
                                          x->formation, x->arm,
                                          x->fp.facing + 180);
                budget = left * move_cm (g, u);
                turn = eol_turn (x->fp.facing, bearing);
            }
            if (fabs (turn) > t->echelon_max_deg)
                budget -= wheel_towards (g, u, bearing, budget);
            bearing = geom_bearing (x->fp.centre, o->to);
        }
        /* skirmishers go any way, turned or not (their figures face
           every way); formed units within their echelon */
        if (budget > 0 && (!formed || fabs (eol_turn (x->fp.facing, bearing))
                                      <= t->echelon_max_deg + 1e-6))
            budget -= move_straight (g, u, o->to, budget);
    }
    if (o->has_facing && (budget > 0 || !formed))
        wheel_towards (g, u, o->facing, budget);
    double moved = geom_dist (start, x->fp.centre);
    if (moved > 0.01)
        game_unit_mut (g, u)->moved_halves = 2;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s moves %.1f\" (%.1f cm) to "
                    "(%.1f, %.1f) cm in %s, facing %.0f", x->id,
                    in_inches (moved), moved, x->fp.centre.x, x->fp.centre.y,
                    formation_name (x->formation), x->fp.facing);
}

/*  Holding: a disordered unit dresses its ranks (unless ordered into
 *  another formation, under disordered_may_change: it makes that change
 *  and stays disordered); a column near the enemy forms line; limbered
 *  guns with an enemy in range unlimber; mounted rifles near the enemy
 *  dismount; skirmishing light infantry with enemy cavalry near form
 *  up; then it turns to `facing`. */
void
eol_do_hold (game_t *g, int u, const order_t *o)
{
    const eol_tables_t *t = tables (g);
    unit_t *x = unit_m (g, u);
    eol_type_t k = type_of (g, u);
    double left = 1.0;
    bool ordered_change = o->has_formation && o->formation != x->formation;
    if (eol_disordered (g, u) && !(ordered_change && may_change (g, u))) {
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
            && enemy_near (g, u, x->fp.centre, reach))
            left -= change_formation (g, u, EOL_CHANGE_UNLIMBER, FORMATION_LINE,
                                      ARM_ARTILLERY, x->fp.facing);
    }
    else if (k == EOL_MOUNTED_RIFLES && x->arm == ARM_CAVALRY
             && enemy_near (g, u, x->fp.centre, t->deploy_cm))
        left -= change_formation (g, u, EOL_CHANGE_DISMOUNT, FORMATION_LOOSE,
                                  ARM_INFANTRY, x->fp.facing);
    else if (x->formation == FORMATION_COLUMN && k != EOL_LEADER
             && enemy_near (g, u, x->fp.centre, t->deploy_cm))
        left -= change_formation (g, u, EOL_CHANGE_LINE_FROM_COLUMN,
                                  FORMATION_LINE, x->arm, x->fp.facing);
    else if (x->formation == FORMATION_LOOSE && x->arm == ARM_INFANTRY
             && t->types[k].skirmish == EOL_SKIRMISH_MAY
             && !t->types[k].dismounts) {
        bool cavalry = false;
        for (int e = 0; e < game_unit_count (g) && !cavalry; e++)
            cavalry = is_enemy_unit (g, u, e)
                   && unit_c (g, e)->arm == ARM_CAVALRY
                   && dist (g, u, e) <= t->deploy_cm;
        if (cavalry)
            left -= change_formation (g, u, EOL_CHANGE_FORM_UP, FORMATION_LINE,
                                      ARM_INFANTRY, x->fp.facing);
    }
    if (!o->has_facing || left <= 0)
        return;
    double turn = eol_turn (x->fp.facing, o->facing);
    bool formed = x->formation != FORMATION_LOOSE && k != EOL_LEADER;
    if (formed && fabs (turn) >= 135
        && left >= t->change_moves[EOL_CHANGE_ABOUT_FACE])
        left -= change_formation (g, u, EOL_CHANGE_ABOUT_FACE, x->formation,
                                  x->arm, x->fp.facing + 180);
    wheel_towards (g, u, o->facing, left * move_cm (g, u));
}
