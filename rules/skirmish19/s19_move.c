/*  s19_move.c - seed 002's movement rules.  */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include "s19_move.h"

double
s19_move_allowance (const ruleset_t *rs, const s19_tables_t *t,
                    const unit_t *u, order_pace_t pace)
{
    assert (rs && t && u);
    (void) t;                      /* the foot moves are the ruleset's */
    const rules_settings_t *s = ruleset_settings (rs);
    int standing = unit_figures_standing (u);
    if (standing <= 0)
        return 0;
    if (u->arm == ARM_CAVALRY) {
        switch (pace) {
        case ORDER_PACE_GALLOP: return s->cavalry_gallop_cm;
        case ORDER_PACE_CANTER: return s->cavalry_canter_cm;
        case ORDER_PACE_HALF: return s->cavalry_gallop_cm / 2;
        default: return s->cavalry_walk_cm;
        }
    }
    /* 25, the wounded 20, and the troop type's own (ruleset_move_cm) */
    double full = ruleset_move_cm (rs, u, NULL);
    return pace == ORDER_PACE_HALF ? full / 2 : full;
}

double
s19_pace_min_cm (const s19_tables_t *t, const unit_t *u, order_pace_t pace)
{
    assert (t && u);
    if (u->arm != ARM_CAVALRY)
        return 0;
    switch (pace) {
    case ORDER_PACE_GALLOP: return t->cavalry_gallop_min_cm;
    case ORDER_PACE_CANTER: return t->cavalry_canter_min_cm;
    case ORDER_PACE_WALK: return t->cavalry_walk_min_cm;
    default: return 0;
    }
}

double
s19_path_cost (const situation_t *sit, vec2_t from, vec2_t to,
               double pace_move_cm)
{
    assert (sit);
    double cost = situation_path_cost (sit, from, to, pace_move_cm);
    return cost < 0 ? INFINITY : cost;
}

vec2_t
s19_path_reach (const situation_t *sit, vec2_t from, vec2_t to,
                double allowance_cm, double pace_move_cm, double *cost_cm)
{
    assert (sit);
    double whole = s19_path_cost (sit, from, to, pace_move_cm);
    vec2_t end = to;
    double spent = whole;
    if (whole > allowance_cm) {
        /* the cost grows along the path: bisect to a tenth of a cm */
        double lo = 0, hi = 1, len = geom_dist (from, to);
        spent = 0;
        while ((hi - lo) * len > 0.1) {
            double mid = (lo + hi) / 2;
            vec2_t p = { from.x + (to.x - from.x) * mid,
                         from.y + (to.y - from.y) * mid };
            double c = s19_path_cost (sit, from, p, pace_move_cm);
            if (c <= allowance_cm) {
                lo = mid;
                spent = c;
            }
            else
                hi = mid;
        }
        end.x = from.x + (to.x - from.x) * lo;
        end.y = from.y + (to.y - from.y) * lo;
    }
    /* keep it on the table */
    double w = situation_width (sit), d = situation_depth (sit);
    end.x = end.x < 0 ? 0 : end.x > w ? w : end.x;
    end.y = end.y < 0 ? 0 : end.y > d ? d : end.y;
    if (cost_cm)
        *cost_cm = spent;
    return end;
}
