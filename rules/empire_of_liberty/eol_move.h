/*  eol_move.h - Empire of Liberty's geometry of movement and sight: how
 *  terrain slows each kind of mover, wheeling, the bases and footprint of
 *  each formation, the 4" zone in front of an enemy, and what can be seen
 *  into and through woods and built-up areas.
 */
#ifndef SOLO_EOL_MOVE_H
#define SOLO_EOL_MOVE_H

#include <stdbool.h>
#include "eol_tables.h"
#include "geom.h"
#include "situation.h"

/*  How a unit moves over terrain. */
typedef enum {
    EOL_MOVER_FORMED_FOOT = 0,   /* formed infantry */
    EOL_MOVER_SKIRMISH_FOOT,     /* on foot in skirmish order */
    EOL_MOVER_MOUNTED,           /* formed cavalry and mounted rifles,
                                    leaders */
    EOL_MOVER_ARTILLERY,
    EOL_MOVER_SKIRMISH_MOUNTED   /* mounted, in skirmish order */
} eol_mover_t;

/*  The kind of mover a unit is now (by its arm and formation): a mounted
 *  unit in skirmish order is a mounted skirmisher, a leader mounted. */
eol_mover_t eol_mover (const unit_t *u);

/*  The speed in rough ground as a fraction of the open: formed foot 1/2,
 *  mounted (mounted skirmishers too) and artillery 1/4, skirmish foot 1
 *  (not slowed). */
double eol_rough_speed (const eol_tables_t *t, eol_mover_t m);

/*  Does a road double the mover's speed and negate rough for it: all but
 *  skirmish, on foot or mounted (unless road_for_skirmish). */
bool eol_road_applies (const eol_tables_t *t, eol_mover_t m);

/*  Is point p in rough ground (eol.terrain.rough kinds). */
bool eol_in_rough (const eol_tables_t *t, const situation_t *sit, vec2_t p);

/*  The cost in cm of movement in the open of moving a point straight
 *  from a to b: each stretch on a road costs its length / road_speed
 *  (rough ignored) when roads apply to the mover; each stretch in rough
 *  its length / the rough speed; the rest its length.  INFINITY when the
 *  path enters impassable terrain it does not start in. */
double eol_path_cost (const eol_tables_t *t, const situation_t *sit,
                      eol_mover_t m, vec2_t a, vec2_t b);

/*  How far along a-b the mover gets with `budget` cm: b when the whole
 *  path costs no more, else the furthest point (to 0.01 cm) whose cost
 *  fits.  *cost (may be NULL) receives the cost spent. */
vec2_t eol_path_reach (const eol_tables_t *t, const situation_t *sit,
                       eol_mover_t m, vec2_t a, vec2_t b, double budget,
                       double *cost);

/*  The signed turn in degrees from facing `from` to bearing `to`, in
 *  (-180, 180]: positive clockwise. */
double eol_turn (double from, double to);

/*  What wheeling `turn_deg` costs: the distance moved by the outer front
 *  corner, width x |turn| in radians. */
double eol_wheel_cost (double width, double turn_deg);

/*  The footprint after wheeling `turn_deg` on a front corner: clockwise
 *  on the front-right corner, anticlockwise on the front-left. */
footprint_t eol_wheeled (const footprint_t *fp, double turn_deg);

/*  Bases of a unit: one for a leader, artillery_bases for artillery,
 *  else ceil(figures / base_figures) of its type (its strength at the
 *  start). */
int eol_bases (const eol_tables_t *t, const unit_t *u);

/*  The unit's footprint in `formation` with arm `arm` (centre and facing
 *  kept): a leader's round base (leader_base_cm square); artillery its
 *  bases side by side; a line its bases side by side, one base deep; a
 *  column one base wide; skirmishers (foot or mounted) their standing
 *  figures on skirmish bases in skirmish_ranks loose ranks, skirmish_gap
 *  apart. */
footprint_t eol_formation_footprint (const eol_tables_t *t, const unit_t *u,
                                     formation_t formation, arm_t arm);

/*  Is footprint `m` within no_closer_cm (4") of the front of `enemy`: no
 *  further than that from it (exactly 4" is within), at a point ahead of
 *  its front edge (any side of a skirmish unit, whose figures face every
 *  way).  *dist (may be NULL) receives the distance. */
bool eol_in_front_zone (const eol_tables_t *t, const unit_t *enemy,
                        const footprint_t *m, double *dist);

/*  Can a line from p to q be seen along: not through the inside of a
 *  feature that blocks sight (unless p or q is in it); no more than
 *  sight_into_cm (3") inside a woods or built-up area that p or q stands
 *  in, no more than sight_through_cm (6") inside one it passes through. */
bool eol_line_seen (const eol_tables_t *t, const situation_t *sit, vec2_t p,
                    vec2_t q);

/*  Can unit a see unit b: any of b's six points (its point nearest a, its
 *  centre, its corners) seen from a's point nearest to it. */
bool eol_can_see (const eol_tables_t *t, const situation_t *sit, int a,
                  int b);

#endif
