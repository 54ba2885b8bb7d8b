/*  bol_house.c - seed 000's house rules for Liberators QPR, played over
 *  this engine when the table file's `bolivar.house` settings turn them
 *  on (the liberators_house overlay): battalions of many stands in the
 *  house's layouts, the stands that fire and fight, casualty markers and
 *  the rout at as many as stands, the leader's distance noted for the
 *  rally from rout, disorder markers and the rally phase, and the melee
 *  that one side always wins with its retreat, morale test and cavalry
 *  pursuit.  Each rule's line is in rules/data/liberators_house/RULINGS.md.
 *  A morale, rally or disorder check is the host's command check (a die
 *  a point of resolve, any 6): the QPR's morale ratings are not in the
 *  seeds.  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bol_play.h"

static const bol_house_t *
house (const game_t *g)
{
    return &tables (g)->house;
}

bool
bol_house_disordered (const game_t *g, int u)
{
    return (game_unit_c (g, u)->status & STATUS_DISORDERED) != 0;
}

/*  ---- stands in the house's layouts ---- */

void
bol_house_layout (const game_t *g, int u, int *front, int *rows)
{
    const unit_t *x = game_unit_c (g, u);
    int n = x->stand_count > 0 ? x->stand_count : 1;
    int f = n, r = 1;
    bool battalion = x->arm == ARM_INFANTRY && n > 1
                  && (bol_type (g, u) == BOL_BATTALION
                      || bol_type (g, u) == BOL_SPEARMEN);
    if (battalion && (x->formation == FORMATION_LINE
                      || x->formation == FORMATION_MARCH)) {
        /* "An infantry line is exactly two rows deep ... the back row can
           have one less stand than the front row" */
        r = 2;
        f = (n + 1) / 2;
    }
    else if (battalion && (x->formation == FORMATION_COLUMN
                           || x->formation == FORMATION_SQUARE)) {
        /* "at least 3 rows deep and at most 2 stands wide": two wide
           only when that still makes three rows (five stands or more); a
           square of two stands, one behind the other */
        f = n >= 5 ? 2 : 1;
        r = (n + f - 1) / f;
    }
    else if (x->arm == ARM_ARTILLERY && x->formation == FORMATION_COLUMN) {
        f = 1;                           /* limbered: one behind another */
        r = n;
    }
    /* skirmishers, a cavalry line and deployed artillery: one row */
    *front = f;
    *rows = r;
}

void
bol_house_fit (game_t *g, int u)
{
    const bol_house_t *h = house (g);
    unit_t *x = game_unit_m (g, u);
    if (h->stand_width_cm <= 0 || x->arm == ARM_COMMAND)
        return;
    int front, rows;
    bol_house_layout (g, u, &front, &rows);
    /* the front edge stays where it was ("a unit is assumed to be
       located at the front centre") */
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    double depth = rows * h->stand_depth_cm;
    double shift = (x->fp.depth - depth) / 2;
    x->fp.centre.x += ahead.x * shift;
    x->fp.centre.y += ahead.y * shift;
    x->fp.width = front * h->stand_width_cm;
    x->fp.depth = depth;
}

int
bol_house_formation_check (const game_t *g, int u, formation_t f, char *err,
                           int errlen)
{
    const unit_t *x = game_unit_c (g, u);
    if (!house (g)->any_stands || x->arm != ARM_INFANTRY)
        return 0;
    bol_type_t type = bol_type (g, u);
    if (type != BOL_BATTALION && type != BOL_SPEARMEN)
        return 0;
    int n = x->stand_count;
    const char *why = NULL;
    /* any number of stands may stand in a skirmish line, one row;
       "Battalions can form square as a normal formation change" names no
       least number: a battalion of two forms square, its two stands one
       behind the other as the host's two-stand square */
    if (n == 1 && f != FORMATION_LOOSE)
        why = "a single stand is skirmishers (loose) by definition (an "
              "infantry line must have at least 2 stands)";
    else if (n < 3 && f == FORMATION_COLUMN)
        why = "a battalion must have at least 3 stands to form column";
    if (!why)
        return 0;
    snprintf (err, (size_t) errlen, "unit \"%s\": %d stand%s in %s: %s",
              x->id, n, n == 1 ? "" : "s", formation_name (f), why);
    return -1;
}

/*  The centre of stand `col` of row `row` (0 the front) of unit u. */
static vec2_t
stand_centre (const unit_t *x, int front, int rows, int col, int row)
{
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    vec2_t right = { ahead.y, -ahead.x };
    double w = x->fp.width / front, d = x->fp.depth / rows;
    double across = -x->fp.width / 2 + w * (col + 0.5);
    double along = x->fp.depth / 2 - d * (row + 0.5);
    return (vec2_t) { x->fp.centre.x + right.x * across + ahead.x * along,
                      x->fp.centre.y + right.y * across + ahead.y * along };
}

/*  Is point p within 45 degrees of the front of a stand `w` wide whose
 *  front edge's centre is `c`, facing `ahead`, "measured from either
 *  edge of the stand"? */
static bool
in_stand_arc (vec2_t c, vec2_t ahead, double w, vec2_t p)
{
    vec2_t right = { ahead.y, -ahead.x };
    double along = (p.x - c.x) * ahead.x + (p.y - c.y) * ahead.y;
    double across = (p.x - c.x) * right.x + (p.y - c.y) * right.y;
    return along > -1e-6 && fabs (across) <= w / 2 + along + 1e-6;
}

/*  Does unit t lie in the arc of the front stand `col`?  The page says
 *  only "Stands at the front of a unit fire within 45 degrees of their
 *  front, measured from either edge of the stand", not which part of the
 *  target, so it is asked as the host asks a target "in arc"
 *  (readings.shoot_target_at): of its front centre ("Otherwise a unit is
 *  assumed to be located at the front centre of the unit"), or under
 *  "nearest_part" of any part of it. */
static bool
target_in_stand_arc (const game_t *g, const unit_t *x, int front, int rows,
                     int col, const unit_t *t)
{
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    double d = x->fp.depth / rows;
    vec2_t c = stand_centre (x, front, rows, col, 0);
    c.x += ahead.x * d / 2;
    c.y += ahead.y * d / 2;
    double w = x->fp.width / front;
    if (tables (g)->shoot_target_at == BOL_AT_FRONT_CENTRE)
        return in_stand_arc (c, ahead, w, bol_front_centre (&t->fp));
    footprint_t point = { .centre = c, .width = 0.01, .depth = 0.01,
                          .facing = x->fp.facing };
    vec2_t near = footprint_nearest_point (&point, &t->fp);
    if (in_stand_arc (c, ahead, w, near) || in_stand_arc (c, ahead, w,
                                                          t->fp.centre))
        return true;
    vec2_t k[4];
    footprint_corners (&t->fp, k);
    for (int i = 0; i < 4; i++)
        if (in_stand_arc (c, ahead, w, k[i]))
            return true;
    return false;
}

/*  A square's stands seen from its face towards `t` ("Squares have no
 *  flank or rear": every face a front): *faced is x turned so that face
 *  is its front, and *front and *rows are swapped for a flank face.
 *  Other units are left as they stand.  The face is the one the target
 *  stands before, placed at its front centre ("Otherwise a unit is
 *  assumed to be located at the front centre of the unit"). */
static void
square_faced (const unit_t *x, const unit_t *t, unit_t *faced, int *front,
              int *rows)
{
    *faced = *x;
    if (x->arm != ARM_INFANTRY || x->formation != FORMATION_SQUARE)
        return;
    vec2_t at = bol_front_centre (&t->fp);
    arc_t side = footprint_arc_at (&x->fp, at, 45, 45);
    if (side == ARC_FRONT)
        return;
    double half;
    faced->fp.facing = geom_norm_deg (footprint_face_out (&x->fp, side, at,
                                                          &half));
    if (side == ARC_FLANK) {
        faced->fp.width = x->fp.depth;
        faced->fp.depth = x->fp.width;
        int f = *front;
        *front = *rows;
        *rows = f;
    }
}

int
bol_house_firing_stands (const game_t *g, int u, int target)
{
    const unit_t *t = game_unit_c (g, target);
    int front, rows;
    bol_house_layout (g, u, &front, &rows);
    unit_t faced;
    square_faced (game_unit_c (g, u), t, &faced, &front, &rows);
    const unit_t *x = &faced;
    int n = x->stand_count > 0 ? x->stand_count : 1;
    int back = rows > 1 ? (n - front < front ? n - front : front) : 0;
    int firing = 0;
    for (int col = 0; col < front; col++) {
        if (!target_in_stand_arc (g, x, front, rows, col, t))
            continue;
        firing++;
        /* "Infantry stands in a second row behind eligible front row
           stands can also shoot at the same target" (the back row is
           laid from the left) */
        if (x->arm == ARM_INFANTRY && col < back)
            firing++;
    }
    return firing;
}

/*  The stands of unit u whose front edge touches enemy e. */
static int
contact_columns (const game_t *g, int u, int e, bool *touch, int front,
                 int rows)
{
    const unit_t *x = game_unit_c (g, u), *t = game_unit_c (g, e);
    vec2_t ahead = geom_heading_vec (x->fp.facing);
    double d = x->fp.depth / rows, w = x->fp.width / front;
    int count = 0;
    for (int col = 0; col < front; col++) {
        vec2_t c = stand_centre (x, front, rows, col, 0);
        /* its front half, half a cm narrower each side: a neighbour's
           corner touching the enemy's is not base to base contact */
        footprint_t s = { .centre = { c.x + ahead.x * d / 4,
                                      c.y + ahead.y * d / 4 },
                          .width = fmax (w - 1.0, w / 2), .depth = d / 2,
                          .facing = x->fp.facing };
        touch[col] = footprint_distance (&s, &t->fp) < BOL_CONTACT_CM + 0.05;
        count += touch[col];
    }
    return count;
}

int
bol_house_fighting_stands (const game_t *g, int u, int e)
{
    const unit_t *x = game_unit_c (g, u);
    int front, rows;
    bol_house_layout (g, u, &front, &rows);
    int n = x->stand_count > 0 ? x->stand_count : 1;
    bool touch[SOLO_MAX_STANDS];
    int fighting = contact_columns (g, u, e, touch, front, rows);
    if (fighting == 0)
        return rows;      /* met at a flank or the rear: the file there */
    if (x->arm != ARM_INFANTRY || rows < 2)
        return fighting;
    /* stands of row r, file col, exist when r * front + col < n */
    int deeper = 0;
    for (int col = 0; col < front; col++) {
        if (!touch[col])
            continue;
        /* "Infantry stands in a second row behind stands in base to base
           contact" */
        if (front + col < n)
            fighting++;
        /* "In a charging infantry column, every second infantry stand in
           a third or fourth row behind stands in base to base contact" */
        if (x->formation == FORMATION_COLUMN
            && (state_c (g, u)->flags & BOL_F_CHARGED))
            for (int r = 2; r < 4 && r < rows; r++)
                if (r * front + col < n)
                    deeper++;
    }
    return fighting + deeper / 2;
}

/*  ---- casualties, routs and disorder ---- */

int
bol_house_rout_penalty (const game_t *g, int u)
{
    const bol_house_t *h = house (g);
    if (h->rout_rally_per <= 0)
        return 0;
    int leader = bol_division_commander (g, u);
    if (leader < 0)
        return -1;                       /* no leader: no rally */
    double d = situation_unit_distance (game_situation (g), u, leader)
             / ruleset_cm_per_length_unit (game_ruleset (g));
    /* "-1 for each complete 12 inches" */
    return (int) floor (d / h->rout_rally_per + 1e-9);
}

bool
bol_house_take_casualties (game_t *g, int u, int hits, int from,
                           const char *why)
{
    unit_t *x = game_unit_m (g, u);
    int stands = x->stand_count > 0 ? x->stand_count : 1;
    x->killed += hits;
    if (x->killed > stands)
        x->killed = stands;
    if (from >= 0)
        state_m (g, u)->credit = (int16_t) (from + 1);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s takes %d casualt%s (%s): "
                    "%d casualty marker%s on %d stand%s", x->id, hits,
                    hits == 1 ? "y" : "ies", why, x->killed,
                    x->killed == 1 ? "" : "s", stands,
                    stands == 1 ? "" : "s");
    if (x->killed < stands)
        return false;
    /* "If a units takes the same or more casualties as it has stands then
       it is routed" */
    if (from >= 0)
        state_m (g, u)->flags |= BOL_F_HEROIC;
    bol_remove (g, u, BOL_F_ROUTED, "routs, its casualties as many as its "
                "stands");
    return true;
}

void
bol_house_note_rout (game_t *g, int u)
{
    bol_unit_state_t *st = state_m (g, u);
    st->house |= BOL_H_ROUTED;
    if (house (g)->rout_rally_per <= 0)
        return;
    /* "Note the distance from the leader; each complete 12 inches imposes
       a -1 modifier in a subsequent rally roll" */
    int penalty = bol_house_rout_penalty (g, u);
    st->rout_penalty = (int16_t) penalty;
    const char *id = game_unit_c (g, u)->id;
    if (!game_events_on (g))
        return;
    if (penalty < 0)
        game_event (g, GAME_EVENT_STATUS, u, "%s routs with no leader left: "
                    "it cannot rally", id);
    else if (penalty == 0) {
        char per[48];
        ruleset_length_text (game_ruleset (g),
                             bol_cm (g, house (g)->rout_rally_per), per,
                             sizeof per);
        game_event (g, GAME_EVENT_STATUS, u, "%s routs within %s of its "
                    "leader: its rally has no modifier", id, per);
    }
    else
        game_event (g, GAME_EVENT_STATUS, u, "%s routs: its rally will be at "
                    "-%d (a die of %d pip%s beside it off table)", id, penalty,
                    penalty, penalty == 1 ? "" : "s");
}

void
bol_house_disorder (game_t *g, int u, const char *why)
{
    unit_t *x = game_unit_m (g, u);
    if (!house (g)->disorder || !bol_in_play (g, u))
        return;
    /* "put 2 disorder markers on a unit when it is disordered (red and
       white)" */
    x->status |= STATUS_DISORDERED | STATUS_NEWLY_DISORDERED;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s is disordered (%s): two "
                    "disorder markers, red and white", x->id, why);
}

bool
bol_house_check (game_t *g, int u, dice_t *dice, const char *what)
{
    if (!house (g)->disorder)
        return true;
    if (bol_command_check (g, u, dice, what))
        return true;
    bol_house_disorder (g, u, what);
    return false;
}

/*  A rally roll of `n` dice: success on any die of the command check's
 *  score. */
static bool
rally_roll (game_t *g, int u, int n, dice_t *dice, const char *what)
{
    int hit = tables (g)->command_hit, best = 0;
    game_dice_key (g, dice, u, GAME_DICE_COMMAND, -1);
    for (int i = 0; i < n; i++) {
        int d = dice_roll (dice, 6);
        best = d > best ? d : best;
    }
    bool ok = n > 0 && best >= hit;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_COMMAND, u, "%s: %dd6, best %d: %s", what,
                    n, best, ok ? "passed" : "failed");
    return ok;
}

/*  The dice a leader rolls with his own morale: his type's resolve for
 *  his quality (he has no stands to wear down). */
static int
leader_dice (const game_t *g, int c)
{
    return bol_stand_resolve (tables (g), bol_type (g, c),
                              game_unit_c (g, c)->quality);
}

/*  A routed unit of side `side` off the table rallies: its resolve's
 *  dice less its penalty; rallied, it comes back behind its leader,
 *  disordered, its casualty markers gone (readings: the QPR's rally
 *  from rout is not in the seeds). */
static void
rally_rout (game_t *g, int u, dice_t *dice)
{
    bol_unit_state_t *st = state_m (g, u);
    unit_t *x = game_unit_m (g, u);
    int leader = bol_division_commander (g, u);
    if (st->rout_penalty < 0 || leader < 0)
        return;
    int best = 0;
    for (int i = 0; i < x->stand_count; i++)
        best = x->stands[i].start > best ? x->stands[i].start : best;
    char what[GAME_EVENT_MAX];
    snprintf (what, sizeof what, "%s tries to rally from rout (%d less %d "
              "for its leader's distance)", x->id, best, st->rout_penalty);
    if (!rally_roll (g, u, best - st->rout_penalty, dice, what))
        return;
    const unit_t *c = game_unit_c (g, leader);
    footprint_t fp = x->fp;
    vec2_t ahead = geom_heading_vec (c->fp.facing);
    double back = c->fp.depth / 2 + fp.depth / 2 + 0.5;
    fp.facing = c->fp.facing;
    fp.centre = (vec2_t) { c->fp.centre.x - ahead.x * back,
                           c->fp.centre.y - ahead.y * back };
    for (int k = 0; k < game_unit_count (g); k++)
        if (k != u && bol_in_play (g, k) && !is_commander (g, k)
            && footprint_overlap (&fp, &game_unit_c (g, k)->fp) > 0.01) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_STATUS, u, "%s rallies but finds no "
                            "room behind %s: it stays off the table", x->id,
                            c->id);
            return;
        }
    x->fp = fp;
    for (int i = 0; i < x->stand_count; i++)
        x->stands[i].strength = x->stands[i].start;
    x->killed = 0;
    x->status &= ~STATUS_ROUTING;
    game_unit_t *gu = game_unit_mut (g, u);
    gu->gone = 0;
    st->flags &= ~(BOL_F_LOST | BOL_F_ROUTED | BOL_F_SHOOTING);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s rallies from rout: it comes "
                    "back behind %s, still counted as routed", x->id, c->id);
    x->status |= STATUS_DISORDERED | STATUS_NEWLY_DISORDERED;
}

/*  One unit's rally from disorder: the white marker goes in the first
 *  rally phase, the red one needs a rally roll in a later one; with a
 *  leader attached it rolls twice, once with its own rating and once
 *  with his (the leader then does not move this turn). */
static void
rally_disorder (game_t *g, int u, dice_t *dice)
{
    unit_t *x = game_unit_m (g, u);
    if (x->status & STATUS_NEWLY_DISORDERED) {
        x->status &= ~STATUS_NEWLY_DISORDERED;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_STATUS, u, "%s takes off its white "
                        "disorder marker: it cannot rally this turn", x->id);
        return;
    }
    bool ok = bol_command_check (g, u, dice, "rally from disorder");
    int c = bol_attached_commander (g, u);
    if (!ok && c >= 0 && house (g)->leader_rallies_twice) {
        state_m (g, c)->house |= BOL_H_LEADER_TRIED;
        char what[GAME_EVENT_MAX];
        snprintf (what, sizeof what, "%s rallies %s from disorder with his "
                  "own rating", game_unit_c (g, c)->id, x->id);
        ok = rally_roll (g, u, leader_dice (g, c), dice, what);
    }
    if (ok) {
        x->status &= ~STATUS_DISORDERED;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_STATUS, u, "%s rallies: its red "
                        "disorder marker comes off", x->id);
    }
}

void
bol_house_rally_phase (game_t *g, side_t first, dice_t *dice)
{
    const bol_house_t *h = house (g);
    int n = game_unit_count (g);
    for (int u = 0; u < n; u++)
        state_m (g, u)->house &= ~(BOL_H_LEADER_TRIED | BOL_H_MOVED);
    if (!h->disorder && !h->routs_rally)
        return;
    /* "One side, determined by initiative, acts first in all phases" */
    for (int s = 0; s < SIDE_COUNT; s++) {
        side_t side = s == 0 ? first : (side_t) (1 - first);
        for (int u = 0; u < n; u++) {
            if (game_unit_c (g, u)->side != side || is_commander (g, u))
                continue;
            const bol_unit_state_t *st = state_c (g, u);
            if (!bol_in_play (g, u)) {
                if (h->routs_rally && (st->house & BOL_H_ROUTED)
                    && (st->flags & BOL_F_LOST))
                    rally_rout (g, u, dice);
                continue;
            }
            if (h->disorder && bol_house_disordered (g, u))
                rally_disorder (g, u, dice);
        }
    }
}

/*  ---- one of the movement options ---- */

bol_house_move_t
bol_house_move_begin (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    return (bol_house_move_t) { .fp = x->fp, .formation = x->formation };
}

/*  A turn smaller than this (degrees) is no change of facing, as the
 *  host's moves read a facing kept. */
#define HOUSE_TURN_MIN_DEG 0.5

/*  The page's list of movement options, quoted when an order is none of
 *  them. */
#define HOUSE_OPTIONS "\"A unit can do one of these: Change formation " \
    "and/or change facing; Change facing then 1/2 move; Only if infantry: " \
    "Step back 1/2 move and take disorder check; Leader that attempted to " \
    "rally this turn: No movement *; Take disorder check and if pass then " \
    "charge full move; Otherwise full move *\"; \"A full move or 1/2 move " \
    "can be oblique (±45°)\""

int
bol_house_move_option (const game_t *g, int u, const order_t *o,
                       order_t *read, char *err, int errlen)
{
    const bol_house_t *h = house (g);
    const unit_t *x = game_unit_c (g, u);
    *read = *o;
    /* a charge is an option of its own (bol_house_charge_order_no); a
       continue is read as the order it carries on */
    if (h->oblique_deg <= 0 || o->kind == ORDER_CHARGE
        || o->kind == ORDER_CONTINUE)
        return 0;
    bool moves = (o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER
                  || o->kind == ORDER_FIRE)
              && o->has_to && geom_dist (o->to, x->fp.centre) > 0.05;
    bool turns = o->has_facing
              && geom_turn_deg (x->fp.facing, o->facing) > HOUSE_TURN_MIN_DEG;
    char why[160] = "";
    if (is_commander (g, u)) {
        /* "Leaders only get two choices": no movement after a rally, or
           a full move, any way and facing as he likes (the host's
           commanders are always in its manoeuvre zone) */
        if ((state_c (g, u)->house & BOL_H_LEADER_TRIED) && (moves || turns))
            snprintf (why, sizeof why, "he attempted to rally this turn, so "
                      "he makes no movement (\"Leaders only get two "
                      "choices\")");
    }
    else if (moves && o->has_formation && o->formation != x->formation)
        snprintf (why, sizeof why, "it changes formation or moves, not both");
    else if (moves && !(!o->has_formation
                        && bol_passage_partner (g, u, o->to) >= 0)) {
        double f0 = x->fp.facing, heading = geom_bearing (x->fp.centre, o->to);
        double most = h->oblique_deg + HOUSE_TURN_MIN_DEG;
        bool half = false;
        if (!o->has_facing) {
            /* no facing asked (the core's "the way it moved"): the option
               that goes that way, a full move on the oblique, its facing
               kept; or, further off its front, a change of facing to the
               way it goes then a half move */
            read->has_facing = true;
            read->facing = f0;
            if (geom_turn_deg (f0, heading) > most) {
                read->facing = heading;
                half = true;
            }
        }
        else if (!turns) {
            /* "Otherwise full move", oblique; or "Only if infantry: Step
               back 1/2 move" */
            if (geom_turn_deg (f0, heading) <= most)
                ;
            else if (x->arm == ARM_INFANTRY
                     && geom_turn_deg (f0 + 180, heading) <= most)
                half = true;
            else
                snprintf (why, sizeof why, "keeping its facing it moves "
                          "%.0f degrees off its front: a full move goes up "
                          "to %.0f%s", geom_turn_deg (f0, heading),
                          h->oblique_deg, x->arm == ARM_INFANTRY
                          ? ", a step back as far off its rear"
                          : ", and only infantry step back");
        }
        else if (geom_turn_deg (o->facing, heading) <= most)
            half = true;                /* "Change facing then 1/2 move" */
        else
            snprintf (why, sizeof why, "after its change of facing it moves "
                      "%.0f degrees off its new front: its half move goes "
                      "up to %.0f", geom_turn_deg (o->facing, heading),
                      h->oblique_deg);
        /* "1/2 move means up to 1/2 move": as far as it may */
        double length = geom_dist (x->fp.centre, o->to);
        double most_cm = bol_normal_allowance (g, u) / 2;
        if (!why[0] && half && length > most_cm) {
            vec2_t v = geom_heading_vec (heading);
            read->to = (vec2_t) { x->fp.centre.x + v.x * most_cm,
                                  x->fp.centre.y + v.y * most_cm };
        }
    }
    if (!why[0])
        return 0;
    snprintf (err, (size_t) errlen, "%s: %s: %s", x->id, why, HOUSE_OPTIONS);
    return -1;
}

void
bol_house_move_end (game_t *g, int u, bol_house_move_t was, dice_t *dice)
{
    const unit_t *x = game_unit_c (g, u);
    double moved = geom_dist (x->fp.centre, was.fp.centre);
    bool kept = geom_turn_deg (x->fp.facing, was.fp.facing)
             <= HOUSE_TURN_MIN_DEG;
    if (moved > 0.01 || !kept || x->formation != was.formation)
        state_m (g, u)->house |= BOL_H_MOVED;
    /* "Only if infantry: Step back 1/2 move and take disorder check":
       moved back, its facing kept, not swapping places in a passage of
       lines.  Not a formation change: "Change formation and/or change
       facing" is an option of its own with no check, though a unit
       made deeper (its front edge kept, bol_house_fit) has its centre
       further back */
    double most = house (g)->oblique_deg + HOUSE_TURN_MIN_DEG;
    if (house (g)->oblique_deg > 0 && x->arm == ARM_INFANTRY && moved > 0.01
        && kept && x->formation == was.formation
        && !(state_c (g, u)->flags & BOL_F_PASSED)
        && geom_turn_deg (was.fp.facing + 180,
                         geom_bearing (was.fp.centre, x->fp.centre)) <= most)
        bol_house_check (g, u, dice, "pass its disorder check, having "
                         "stepped back");
}

const char *
bol_house_no_charge (const game_t *g, int u)
{
    if (!house (g)->moved_cannot_charge)
        return NULL;
    /* "A unit can do one of these: Change formation and/or change
       facing; Change facing then 1/2 move; ... Take disorder check and if
       pass then charge full move; Otherwise full move" */
    if ((state_c (g, u)->house & BOL_H_MOVED)
        || (state_c (g, u)->flags & BOL_F_PASSED))
        return "it moved, turned or changed formation this turn (\"A unit "
               "can do one of these\": a charge is one of them, a move "
               "another)";
    return NULL;
}

const char *
bol_house_charge_order_no (const game_t *g, int u, const order_t *o)
{
    if (!house (g)->moved_cannot_charge || o->kind != ORDER_CHARGE)
        return NULL;
    /* as bol_house_move_end tells a unit that moved, turned or changed
       formation */
    const unit_t *x = game_unit_c (g, u);
    if ((o->has_to && geom_dist (o->to, x->fp.centre) > 0.05)
        || (o->has_facing && geom_turn_deg (x->fp.facing, o->facing) > 0.5)
        || (o->has_formation && o->formation != x->formation))
        return "a charge order may not also move, turn or change formation "
               "(\"A unit can do one of these: ... Take disorder check and if "
               "pass then charge full move; Otherwise full move\"): order the "
               "charge alone";
    return NULL;
}

bool
bol_house_leader_stays (game_t *g, int c, int u, vec2_t from)
{
    if (!(state_c (g, c)->house & BOL_H_LEADER_TRIED))
        return false;
    /* "Leader that attempted to rally this turn: No movement": his unit
       goes without him */
    if (game_events_on (g)
        && geom_dist (game_unit_c (g, u)->fp.centre, from) > 0.01)
        game_event (g, GAME_EVENT_MOVE, c, "%s stays where he is (he "
                    "attempted to rally this turn): %s goes on without him",
                    game_unit_c (g, c)->id, game_unit_c (g, u)->id);
    return true;
}

/*  ---- melee won and lost ---- */

void
bol_house_charge_begins (game_t *g, int u)
{
    bol_unit_state_t *st = state_m (g, u);
    if (bol_on_hill (g, &game_unit_c (g, u)->fp))
        st->house &= ~BOL_H_START_LOW;
    else
        st->house |= BOL_H_START_LOW;
}

int
bol_house_melee_dice (const game_t *g, int u, int e)
{
    const bol_house_t *h = house (g);
    const unit_t *x = game_unit_c (g, u), *y = game_unit_c (g, e);
    int dice = 0;
    /* "Cavalry in good order in melee with disordered troops +3" */
    if (x->arm == ARM_CAVALRY && !(x->status & STATUS_DISORDERED)
        && (y->status & STATUS_DISORDERED))
        dice += h->cavalry_vs_disordered_dice;
    /* "Attacking infantry or artillery defending high ground -1": the
       defender on a hill, the attacker, its charger, below it now or at
       the start of its charge, each placed as the host places a unit
       (bol_on_hill: any part on a steep hill, the front centre on a
       gentle one) */
    if ((y->arm == ARM_INFANTRY || y->arm == ARM_ARTILLERY)
        && (state_c (g, u)->flags & BOL_F_CHARGED)
        && !(state_c (g, e)->flags & BOL_F_CHARGED)
        && bol_on_hill (g, &y->fp)
        && (!bol_on_hill (g, &x->fp)
            || (state_c (g, u)->house & BOL_H_START_LOW)))
        dice += h->high_ground_dice;
    return dice;
}

/*  The side that wins a melee whose sides took `taken` casualties and
 *  of which `routed` are wholly routed: never a draw. */
side_t
bol_house_melee_winner (game_t *g, const int taken[SIDE_COUNT],
                        const bool routed[SIDE_COUNT], dice_t *dice)
{
    /* "A side which is entirely routed during the melee cannot win the
       melee, even if its opponent took more casualties" */
    if (routed[SIDE_BLUE] != routed[SIDE_RED])
        return routed[SIDE_BLUE] ? SIDE_RED : SIDE_BLUE;
    /* "the side which took the most casualties in melee combat this turn
       loses" */
    if (taken[SIDE_BLUE] != taken[SIDE_RED])
        return taken[SIDE_BLUE] > taken[SIDE_RED] ? SIDE_RED : SIDE_BLUE;
    /* "each side rolls a die to break the tie, high roller wins (repeat
       if necessary)" */
    game_dice_key (g, dice, -1, GAME_DICE_MELEE, -1);
    for (;;) {
        int b = dice_roll (dice, 6), r = dice_roll (dice, 6);
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MELEE, -1, "the melee's casualties tie: "
                        "a die each, %d against %d%s", b, r,
                        b == r ? ", again" : "");
        if (b != r)
            return b > r ? SIDE_BLUE : SIDE_RED;
    }
}

void
bol_house_meet (const game_t *g, int u, int e, double *facing, vec2_t *mid)
{
    if (house (g)->charge_facing_deg <= 0)
        return;
    const footprint_t *a = &game_unit_c (g, u)->fp;
    const footprint_t *b = &game_unit_c (g, e)->fp;
    /* each turns half of what parts them from facing exactly opposite */
    double apart = geom_norm_deg (b->facing + 180 - a->facing + 180) - 180;
    double f = geom_norm_deg (a->facing + apart / 2);
    vec2_t ahead = geom_heading_vec (f);
    vec2_t right = { ahead.y, -ahead.x };
    /* along: half way between their fronts; across: half way between
       their centres, the fronts centred on each other */
    double front_a = a->centre.x * ahead.x + a->centre.y * ahead.y
                   + a->depth / 2;
    double front_b = b->centre.x * ahead.x + b->centre.y * ahead.y
                   - b->depth / 2;
    double along = (front_a + front_b) / 2;
    double across = (a->centre.x * right.x + a->centre.y * right.y
                     + b->centre.x * right.x + b->centre.y * right.y) / 2;
    *facing = f;
    *mid = (vec2_t) { ahead.x * along + right.x * across,
                      ahead.y * along + right.y * across };
}

/*  The nearest enemy unit "within normal movement range" of unit u,
 *  cavalry that won its melee, that it could charge now: within its
 *  normal move by closest points ("The distance between two units is
 *  always measured between closest points", the host's, where the page
 *  does not say), and in a charge's way (bol_pursuit_check: a pursuit
 *  is "an immediate charge", so it goes as a charge may, oblique but
 *  with no change of facing), however long that way; -1 none: an enemy
 *  behind it or beyond its move is no pursuit's. */
static int
enemy_in_reach (const game_t *g, int u)
{
    /* "normal movement range": the host's "3, 6 or 8 TUM for normal
       moves", not the "3 TUM for charge moves or moving in difficult"
       of a unit in difficult ground (bol_normal_allowance); the pursuit's
       charge itself is cut by the ground (bol_charge_reach) */
    double reach = bol_normal_allowance (g, u) + 1e-6, best = INFINITY;
    int found = -1;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e))
            continue;
        double d = situation_unit_distance (game_situation (g), u, e);
        if (d <= reach && d < best
            && bol_pursuit_check (g, u, e, false, NULL, 0) == 0)
            best = d, found = e;
    }
    return found;
}

/*  Unit u's melee with e fought now, at once (a pursuit's charge): each
 *  throws its dice as primary fighter, then the house decides. */
static void fight_now (game_t *g, int u, int e, dice_t *dice, int depth);

void
bol_house_lost (game_t *g, int l, dice_t *dice)
{
    /* "The side that loses retreats"; "Only the losing side takes a
       morale test at the end of melee, and only one morale test.
       Failure means they are disordered" */
    if (!bol_in_play (g, l))
        return;
    game_unit_mut (g, l)->in_melee = 0;
    state_m (g, l)->opponent = 0;
    bol_house_retreat (g, l, "it lost the melee");
    if (bol_in_play (g, l))
        bol_house_check (g, l, dice, "pass its morale test, the melee lost");
}

void
bol_house_won (game_t *g, int w, dice_t *dice, int depth)
{
    /* "The side that wins the melee holds its ground"; "Only cavalry
       that win in melee may pursue" */
    if (!bol_in_play (g, w) || !is_cavalry (g, w) || !house (g)->pursuit)
        return;
    bool still = false;
    for (int e = 0; e < game_unit_count (g) && !still; e++)
        still = is_enemy (g, w, e) && situation_unit_distance
                    (game_situation (g), w, e) < BOL_CONTACT_CM;
    if (still)
        return;                 /* another enemy holds it in contact */
    game_unit_mut (g, w)->in_melee = 0;
    state_m (g, w)->opponent = 0;
    int e = enemy_in_reach (g, w);
    const char *id = game_unit_c (g, w)->id;
    if (e < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MELEE, w, "%s stands its ground: no "
                        "enemy within its normal move that it could charge",
                        id);
        return;
    }
    bool passed = bol_command_check (g, w, dice, "hold back from pursuit "
                                     "(a morale check)");
    if (passed && !house (g)->pursue_when_free) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MELEE, w, "%s passes its check and "
                        "stands its ground", id);
        return;
    }
    /* "Must pursue; a pursing unit in good order becomes disordered" */
    if (!passed && !bol_house_disordered (g, w))
        bol_house_disorder (g, w, "it must pursue");
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MELEE, w, "%s pursues %s", id,
                    game_unit_c (g, e)->id);
    /* "A pursuit is an immediate charge towards the nearest enemy unit
       within normal movement range"; "the resulting combat is resolved
       immediately.  Further pursuits and combats are also possible" */
    if (depth >= BOL_HOUSE_MAX_PURSUITS)
        return;
    char err[SOLO_ERR_MAX];
    if (bol_pursuit_check (g, w, e, true, err, sizeof err) < 0) {
        /* within its move by closest points, but the way a charge goes
           to meet it (an oblique one) is longer: "charge full move",
           as far as its move takes it, short of the enemy */
        const char *why = strstr (err, ": ");
        double moved = bol_charge_short (g, w, e);
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, w, "%s's pursuit does not reach "
                        "%s (%s): it moves %.1f cm", id,
                        game_unit_c (g, e)->id, why ? why + 2 : err, moved);
        return;
    }
    if (!bol_charge_move (g, w, e))
        return;
    if (is_artillery (g, e)) {
        bol_remove (g, e, 0, "is eliminated, contacted by a charge");
        game_unit_mut (g, w)->in_melee = 0;
        state_m (g, w)->opponent = 0;
        return;
    }
    fight_now (g, w, e, dice, depth + 1);
}

static void
fight_now (game_t *g, int u, int e, dice_t *dice, int depth)
{
    bol_melee_now_t m = bol_melee_now (g, u, e, dice);
    side_t su = game_unit_c (g, u)->side;
    int taken[SIDE_COUNT];
    bool routed[SIDE_COUNT];
    taken[su] = m.on_u, taken[1 - su] = m.on_e;
    routed[su] = m.u_routed, routed[1 - su] = m.e_routed;
    side_t w = bol_house_melee_winner (g, taken, routed, dice);
    int winner = w == su ? u : e, loser = w == su ? e : u;
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MELEE, winner, "%s wins the melee",
                    game_unit_c (g, winner)->id);
    bol_house_lost (g, loser, dice);
    bol_house_won (g, winner, dice, depth);
}
