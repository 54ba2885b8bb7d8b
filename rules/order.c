/*  order.c - orders as plain values: names, words, comparison.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "order.h"
#include "situation.h"

static const char *kind_names[ORDER_KIND_COUNT] = {
    "hold", "move", "take_cover", "fire", "charge", "continue" };
static const char *pace_names[ORDER_PACE_COUNT] = {
    "default", "half", "full", "walk", "canter", "gallop" };

order_t
order_hold (void)
{
    order_t o;
    memset (&o, 0, sizeof o);
    o.kind = ORDER_HOLD;
    o.pace = ORDER_PACE_DEFAULT;
    o.target = -1;
    return o;
}

order_t
order_carried_on (const order_t *given, const order_t *current, bool goes_on)
{
    order_t c = goes_on ? *current : order_hold ();
    c.fire = given->fire;
    c.target = given->target;
    if (given->has_facing) {
        c.has_facing = true;
        c.facing = given->facing;
    }
    if (given->has_formation) {
        c.has_formation = true;
        c.formation = given->formation;
    }
    c.status_set = given->status_set;
    c.status_clear = given->status_clear;
    c.follow_up = given->follow_up;
    return c;
}

const char *
order_kind_name (order_kind_t kind)
{
    return (int) kind >= 0 && kind < ORDER_KIND_COUNT ? kind_names[kind] : "?";
}

int
order_kind_parse (const char *name)
{
    for (int i = 0; name && i < ORDER_KIND_COUNT; i++)
        if (strcasecmp (name, kind_names[i]) == 0)
            return i;
    return -1;
}

const char *
order_pace_name (order_pace_t pace)
{
    return (int) pace >= 0 && pace < ORDER_PACE_COUNT ? pace_names[pace] : "?";
}

int
order_pace_parse (const char *name)
{
    if (name && strcasecmp (name, "trot") == 0)
        return ORDER_PACE_CANTER;
    for (int i = 0; name && i < ORDER_PACE_COUNT; i++)
        if (strcasecmp (name, pace_names[i]) == 0)
            return i;
    return -1;
}

/*  A unit's id for the words, or #index. */
static const char *
unit_label (const struct situation_t *sit, int index, char *tmp, int len)
{
    if (sit && index >= 0 && index < situation_unit_count (sit))
        return situation_unit_const (sit, index)->id;
    snprintf (tmp, len, "#%d", index);
    return tmp;
}

char *
order_describe (const order_t *o, const struct situation_t *sit, char *buf,
                int buflen)
{
    assert (o && buf && buflen > 0);
    char tmp[16];
    int n = snprintf (buf, buflen, "%s", order_kind_name (o->kind));
    if (n < 0 || n >= buflen)
        return buf;
    if (o->target >= 0 && (o->kind == ORDER_FIRE || o->kind == ORDER_CHARGE))
        n += snprintf (buf + n, buflen - n, " %s",
                       unit_label (sit, o->target, tmp, sizeof tmp));
    if (n < buflen && o->has_to)
        n += snprintf (buf + n, buflen - n, "%s to (%.1f, %.1f)",
                       o->kind == ORDER_FIRE ? " and move"
                       : o->kind == ORDER_CHARGE ? " after a move" : "",
                       o->to.x, o->to.y);
    if (n < buflen && o->pace != ORDER_PACE_DEFAULT)
        n += snprintf (buf + n, buflen - n, " at %s",
                       order_pace_name (o->pace));
    if (n < buflen && o->has_facing)
        n += snprintf (buf + n, buflen - n, " facing %.0f", o->facing);
    if (n < buflen && o->fire && o->kind != ORDER_FIRE) {
        if (o->target >= 0 && o->kind != ORDER_CHARGE)
            n += snprintf (buf + n, buflen - n, ", firing at %s",
                           unit_label (sit, o->target, tmp, sizeof tmp));
        else
            n += snprintf (buf + n, buflen - n, ", firing");
    }
    if (n < buflen && o->has_formation)
        n += snprintf (buf + n, buflen - n, ", forming %s",
                       formation_name (o->formation));
    if (n < buflen && o->follow_up)
        snprintf (buf + n, buflen - n, ", following up");
    return buf;
}

/*  ", then face 204 (90 right)" for a turn of a degree or more from
 *  `from` to `to`, else `same` ("" or ", facing unchanged"). */
static int
turn_words (char *buf, int buflen, double from, double to, const char *lead,
            const char *same)
{
    double turn = geom_norm_deg (to - from);
    if (turn > 180)
        turn -= 360;
    if (fabs (turn) < 1)
        return snprintf (buf, (size_t) buflen, "%s", same);
    return snprintf (buf, (size_t) buflen, "%s %.0f (%.0f %s)", lead,
                     geom_norm_deg (to), fabs (turn),
                     turn > 0 ? "right" : "left");
}

/*  order_tabletop's words for the order's move, stand or charge (the
 *  change of formation, if any, said before them by the caller); a
 *  destination beyond `reach` cm (> 0) said as this turn's move towards
 *  it. */
static char *
tabletop_action (const order_t *o, const struct situation_t *sit, int u,
                 double reach, char *buf, int buflen)
{
    buf[0] = '\0';
    const unit_t *x = situation_unit_const (sit, u);
    const ruleset_t *rs = situation_ruleset (sit);
    char len[48], tmp[16];
    int n = 0;
    if (o->kind == ORDER_CONTINUE) {
        n = snprintf (buf, (size_t) buflen, "carry on as before");
        if (n > 0 && n < buflen && o->has_facing)
            turn_words (buf + n, buflen - n, x->fp.facing, o->facing,
                        ", turning to face", "");
        return buf;
    }
    double d = o->has_to ? geom_dist (x->fp.centre, o->to) : 0;
    bool charge = o->kind == ORDER_CHARGE && o->target >= 0
               && o->target < situation_unit_count (sit);
    if (charge && d < 0.05) {
        ruleset_length_text (rs, situation_unit_distance (sit, u, o->target),
                             len, sizeof len);
        snprintf (buf, (size_t) buflen, "charge %s: %s to contact",
                  unit_label (sit, o->target, tmp, sizeof tmp), len);
        return buf;
    }
    if (d < 0.05) {
        n = snprintf (buf, (size_t) buflen, "stand");
        if (n > 0 && n < buflen && o->has_facing)
            turn_words (buf + n, buflen - n, x->fp.facing, o->facing,
                        ", turning to face", "");
        return buf;
    }
    double heading = geom_bearing (x->fp.centre, o->to);
    double rel = geom_norm_deg (heading - x->fp.facing);
    if (rel > 180)
        rel -= 360;
    /* beyond this turn's move: the move this turn, and where it leads */
    bool beyond = reach > 0 && d > reach + 0.05;
    char whole[48];
    ruleset_length_text (rs, d, whole, sizeof whole);
    ruleset_length_text (rs, beyond ? reach : d, len, sizeof len);
    const char *upto = o->kind == ORDER_FIRE || beyond ? "up to " : "";
    if (fabs (rel) <= 10)
        n = snprintf (buf, (size_t) buflen, "advance %s%s straight ahead",
                      upto, len);
    else if (fabs (rel) >= 170)
        n = snprintf (buf, (size_t) buflen, "fall back %s%s straight to the "
                      "rear", upto, len);
    else
        n = snprintf (buf, (size_t) buflen, "move %s%s %.0f degrees %s of its "
                      "front", upto, len, fabs (rel),
                      rel > 0 ? "right" : "left");
    if (n <= 0 || n >= buflen)
        return buf;
    if (beyond) {
        int m = snprintf (buf + n, (size_t) (buflen - n),
                          ", towards a point %s off", whole);
        if (m <= 0 || m >= buflen - n)
            return buf;
        n += m;
    }
    if (o->has_facing)
        n += turn_words (buf + n, buflen - n, x->fp.facing, o->facing,
                         ", then face", ", facing unchanged");
    else
        n += turn_words (buf + n, buflen - n, x->fp.facing, heading,
                         ", turning to face the way it moved:", "");
    /* a charge after a move (game_charge_after_move_cm) */
    if (charge && n > 0 && n < buflen)
        snprintf (buf + n, (size_t) (buflen - n), ", then charge %s",
                  unit_label (sit, o->target, tmp, sizeof tmp));
    return buf;
}

char *
order_tabletop (const order_t *o, const struct situation_t *sit, int u,
                char *buf, int buflen)
{
    return order_tabletop_turn (o, sit, u, 0, buf, buflen);
}

char *
order_tabletop_turn (const order_t *o, const struct situation_t *sit, int u,
                     double reach, char *buf, int buflen)
{
    assert (o && sit && buf && buflen > 0);
    buf[0] = '\0';
    if (u < 0 || u >= situation_unit_count (sit))
        return buf;
    const unit_t *x = situation_unit_const (sit, u);
    int n = 0;
    /* "Change Formation" comes first in a turn: said first */
    if (o->has_formation && o->formation != x->formation
        && o->kind != ORDER_CONTINUE) {
        n = snprintf (buf, (size_t) buflen, "change formation to %s, then ",
                      ruleset_formation_word (situation_ruleset (sit), x->arm,
                                              o->formation));
        if (n <= 0 || n >= buflen)
            return buf;
    }
    tabletop_action (o, sit, u, reach, buf + n, buflen - n);
    return buf;
}

/*  Doubles compared to a thousandth: orders read back from a log's
 *  words keep that much. */
static bool
near (double a, double b)
{
    return fabs (a - b) < 1e-3;
}

bool
order_equal (const order_t *a, const order_t *b)
{
    assert (a && b);
    if (a->kind != b->kind || a->pace != b->pace || a->target != b->target
        || a->has_to != b->has_to || a->has_facing != b->has_facing
        || a->fire != b->fire || a->follow_up != b->follow_up
        || a->has_formation != b->has_formation
        || (a->has_formation && a->formation != b->formation)
        || a->status_set != b->status_set
        || a->status_clear != b->status_clear)
        return false;
    if (a->has_to && !(near (a->to.x, b->to.x) && near (a->to.y, b->to.y)))
        return false;
    if (a->has_facing && !near (a->facing, b->facing))
        return false;
    return true;
}
