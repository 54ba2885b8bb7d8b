/*  situation.h - the table as it stands: its size, its terrain and the
 *  units on it, with the questions the rules ask of it (distance, arcs,
 *  sight, cover, the nearest enemy).
 *
 *  A situation is built by the situation-file loader (libconfig), or
 *  feature by feature and unit by unit by whoever decodes a protocol
 *  message.  Queries never change it and allocate nothing, so several
 *  threads may query one situation at once; copies sharing terrain
 *  (situation_copy_into) may live in different threads.
 */
#ifndef SOLO_SITUATION_H
#define SOLO_SITUATION_H

#include <stdbool.h>
#include "dice.h"
#include "geom.h"
#include "solo_limits.h"
#include "ruleset.h"
#include "terrain.h"
#include "unit.h"

typedef struct situation_t situation_t;

typedef struct {
    char id[SOLO_ID_MAX];
    terrain_kind_t kind;
    cover_t cover;               /* the kind's cover unless overridden */
    int vertex_count;
    vec2_t vertices[SOLO_MAX_VERTICES];
} terrain_feature_t;

/*  A new, empty situation on a table `width` x `depth` cm, under
 *  `ruleset` (borrowed: it must outlive the situation).  NULL when a size
 *  is not in (0, SOLO_MAX_TABLE_CM] or out of memory. */
situation_t *situation_new (const ruleset_t *ruleset, double width,
                            double depth);

void situation_destroy (situation_t **self_p);

/*  A copy; NULL when out of memory.  The copy shares the terrain (which
 *  never changes once a battle runs) and owns its units. */
situation_t *situation_dup (const situation_t *self);

/*  Make dst equal to src (ruleset, table, terrain, units) without
 *  allocating when dst already has room for src's units: the terrain is
 *  shared by reference count, the units are copied flat.  Returns 0, or
 *  -1 (dst unchanged) when dst must grow and cannot.  dst == src is a
 *  no-op.  Adding terrain to either afterwards copies the terrain first,
 *  so the other never sees it. */
int situation_copy_into (situation_t *dst, const situation_t *src);

/*  Load a situation file (libconfig; format in clients/examples/).  The
 *  file names its ruleset; `find_ruleset` maps that name to a loaded
 *  ruleset (NULL for unknown: reported as an error naming it).  Returns
 *  the situation or NULL with `err` as "file:line - reason". */
typedef const ruleset_t *(*ruleset_finder_fn) (const char *name, void *arg);
situation_t *situation_load (const char *path, ruleset_finder_fn find_ruleset,
                             void *arg, char *err, int errlen);
situation_t *situation_load_text (const char *text, const char *origin,
                                  ruleset_finder_fn find_ruleset, void *arg,
                                  char *err, int errlen);

const ruleset_t *situation_ruleset (const situation_t *self);
double situation_width (const situation_t *self);
double situation_depth (const situation_t *self);

/*  Add a terrain feature (copied; its cover is taken as given: put the
 *  kind's cover from ruleset_terrain there for the default).  Vertices
 *  may lie off the table (a wood running off its edge).  Returns 0, or
 *  -1 with `err` as 'terrain "ID": ...' naming the problem: an empty or
 *  too long id, too many features, a kind or cover out of range, fewer
 *  than 3 or more than SOLO_MAX_VERTICES vertices, a vertex that is not a
 *  finite number within 2 x SOLO_MAX_TABLE_CM, a polygon of no area or
 *  whose edges cross, a duplicate id. */
int situation_add_terrain (situation_t *self, const terrain_feature_t *f,
                           char *err, int errlen);

/*  Add a unit (copied, its facing normalised to [0, 360)).  Returns its
 *  index, or -1 with `err`: unit_validate's complaint, too many units, a
 *  duplicate id, a weapon index outside the ruleset's table, a centre off
 *  the table (the footprint may overhang the edge). */
int situation_add_unit (situation_t *self, const unit_t *u,
                        char *err, int errlen);

/*  situation_add_unit for a unit whose own fields the caller has checked
 *  already, as unit_validate checks them (the protocol's converter does,
 *  naming the wire field in each complaint): only what depends on the
 *  situation is checked (too many units, a duplicate id, a weapon index
 *  outside the ruleset's table, a centre off the table), with the same
 *  errors.  A unit unit_validate refuses is a programmer error here
 *  (asserted).  Units from files and scenarios go through
 *  situation_add_unit. */
int situation_add_checked_unit (situation_t *self, const unit_t *u,
                                char *err, int errlen);

/*  Make room for `count` units in all before adding them one by one, so
 *  that a situation built from a known list (a request's) grows its
 *  array and its id hash once instead of doubling them as it goes.  Only
 *  a hint: every answer is the same without it.  A count at or below the
 *  units already there, or above SOLO_MAX_UNITS (clamped), asks nothing
 *  more.  Returns 0, or -1 when out of memory (the situation is then as
 *  it was, and still usable). */
int situation_reserve_units (situation_t *self, int count);

/*  The same for terrain features: room for `count` in all (clamped to
 *  SOLO_MAX_TERRAIN), so that adding them copies no block.  A count at
 *  or below the features there asks nothing.  0, or -1 when out of
 *  memory (the situation as it was). */
int situation_reserve_terrain (situation_t *self, int count);

int situation_terrain_count (const situation_t *self);
const terrain_feature_t *situation_terrain (const situation_t *self, int i);

/*  The bounding box of terrain feature i (0 <= i < the count), kept since
 *  it was added: polygon_bounds of its vertices. */
void situation_terrain_bounds (const situation_t *self, int i, vec2_t *min,
                               vec2_t *max);

int situation_unit_count (const situation_t *self);

/*  Unit i, to change it: drops the unit index (situation_index_units).
 *  Its id must not change (situation_find_unit keeps the ids hashed). */
unit_t *situation_unit (situation_t *self, int i);
const unit_t *situation_unit_const (const situation_t *self, int i);

/*  Index of the unit with id `id`, or -1.  Situations of
 *  SITUATION_HASH_MIN_UNITS units or more keep their ids hashed (shared
 *  by copies): a look-up does not scan them all. */
#define SITUATION_HASH_MIN_UNITS 32
int situation_find_unit (const situation_t *self, const char *id);

/*  ---- the unit index -------------------------------------------------
 *
 *  A uniform grid over the table, each cell listing its units by side,
 *  for the questions that look for units near a place.  Every answer is
 *  the same with or without it; without it every unit is looked at. */

#define SITUATION_INDEX_MIN_UNITS 256 /* fewer units are scanned: an index
                                         would cost more than it saves */
#define SITUATION_SIDE_BIT(side)  (1u << (side))
#define SITUATION_ALL_SIDES       ((1u << SIDE_COUNT) - 1u)

/*  Index the units where they stand.  Build it when the units are placed
 *  for the questions to come: any change to the units afterwards
 *  (situation_unit, situation_add_unit, situation_copy_into over this
 *  situation) drops it, and a unit pointer taken from situation_unit
 *  before the build must not be written through after it.  Copies made
 *  from an indexed situation share its index at no cost.  A situation of
 *  fewer than SITUATION_INDEX_MIN_UNITS units gets none.  Returns 0, or
 *  -1 when out of memory (the questions then look at every unit). */
int situation_index_units (situation_t *self);

/*  True while the units are indexed. */
bool situation_units_indexed (const situation_t *self);

/*  Asked about a box holding the whole footprints of some units: true to
 *  leave all of them out. */
typedef bool (*situation_box_fn) (vec2_t min, vec2_t max, void *arg);

/*  The units of the sides in the mask `sides` (SITUATION_SIDE_BIT) whose
 *  closest-point distance d to footprint `fp`, footprint_distance (fp,
 *  unit), is lo_cm < d <= hi_cm (a negative lo_cm takes those touching
 *  it too; hi_cm may be INFINITY), standing or not, but those that
 *  `skip` (may be NULL, with its `arg`) leaves out: their indices into
 *  out[] and distances into out_cm[] (may be NULL), at most `cap` of
 *  them, in no particular order.  Returns how many there are, which may
 *  be more than cap.  Without an index skip is never asked. */
int situation_units_within (const situation_t *self, const footprint_t *fp,
                            double lo_cm, double hi_cm, unsigned sides,
                            situation_box_fn skip, void *arg, int *out,
                            double *out_cm, int cap);

/*  The units a footprint may come within `margin_cm` of anywhere on a
 *  move of at most `length_cm` from `fp` (every step's footprint is fp
 *  moved no further than that): every unit of either side within
 *  length_cm + margin_cm of fp where it starts, itself included if it
 *  is one, and perhaps some a little further (those whose distance's
 *  floor, footprint_distance_floor, is within it): a caller must answer
 *  the same for any units beyond, as it does looking at every unit.
 *  Their indices into out[] in ascending order, so that a walk over them
 *  meets units as a walk over all would.  Returns their count, or -1
 *  when there are more than `cap` (the caller then looks at every
 *  unit). */
#define SITUATION_NEAR_WAY_MAX 256  /* the room the engines give it: past
                                       this many, they look at every unit */
int situation_units_near_way (const situation_t *self, const footprint_t *fp,
                              double length_cm, double margin_cm, int *out,
                              int cap);

/*  True when any corner of footprint f lies beyond an edge of the table
 *  (a corner on the edge is on the table). */
bool situation_footprint_off_table (const situation_t *self,
                                    const footprint_t *f);

/*  Best cover at point p: the highest cover of the features containing p
 *  (COVER_NONE outside all).  *feature_index gets the feature (-1 none);
 *  feature_index may be NULL. */
cover_t situation_cover_at (const situation_t *self, vec2_t p,
                            int *feature_index);

/*  The cover of a whole footprint: the cover it is *entirely* in, else
 *  COVER_NONE.  Entirely: wholly inside one feature giving that cover;
 *  or, for a footprint across features that meet, all its corners, side
 *  middles and centre inside features giving at least that cover. */
cover_t situation_footprint_cover (const situation_t *self,
                                   const footprint_t *f);

/*  True when the footprint is wholly inside a terrain feature whose kind
 *  counts as enclosed (woods, town) for command distance. */
bool situation_footprint_enclosed (const situation_t *self,
                                   const footprint_t *f);

/*  Can a unit standing at `observer` see the unit at `target`?  Applies
 *  the ruleset's visibility: buildings and steep hills block the line;
 *  woods may be seen into up to woods_shoot_depth_cm and within woods up
 *  to woods_visibility_cm; a target in terrain within terrain_edge_cm of
 *  its edge is seen only within the sighting range (D6 x 10 cm, thrown on
 *  `dice` when the settings say so and dice is not NULL, else the fixed
 *  range), unless it fired or stands in plain sight.  `sighting_roll`
 *  (may be NULL) receives the D6 thrown, or 0.
 *
 *  In detail: the target is seen when any one of six of its points is
 *  (the point nearest the observer, its centre, its four corners), each
 *  looked at along the line from the observer's point nearest to it.
 *  Along a line p (observer) - q (target):
 *  - a feature that blocks_sight blocks the line when the line passes
 *    through its inside and neither p nor q is in it;
 *  - the line's lengths inside sight_limited features (woods) add up, the
 *    target's and observer's own woods included, and must not exceed
 *    woods_shoot_depth_cm; when p and q stand in the same wood, that wood
 *    counts nothing but the line must not exceed woods_visibility_cm;
 *  - when q is in an enclosed or sight_limited feature (woods, town) that
 *    p is not in, and the target has not fired: deeper than
 *    terrain_edge_cm from the feature's edge it is hidden; within it, the
 *    line must not exceed the sighting range.  A target that fired is
 *    seen at any depth, at any range (settings.fired_seen_any_range), or
 *    within the sighting range (false).  Other terrain (hills,
 *    rough, fences, fortifications) leaves a unit in plain sight.
 *  The D6 is thrown at most once per call, only when needed.  Units do
 *  not block sight.  observer == target: true. */
bool situation_can_see (const situation_t *self, int observer, int target,
                        dice_t *dice, int *sighting_roll);

/*  situation_can_see for an observer whose figures stand on footprint
 *  `at` (a unit where its move will end, not where it stands now): the
 *  same lines, looked at from `at`'s points.  Seed 002 shoots after the
 *  move ("(2) Move ... (3) Calculate any shooting"): whom a unit can
 *  hit is seen from where it ends. */
bool situation_can_see_from (const situation_t *self, const footprint_t *at,
                             int target, dice_t *dice, int *sighting_roll);

/*  Asked of each unit whose footprint a segment meets (situation_unit_
 *  on_segment): does unit k stand in the way?  `arg` is the caller's. */
typedef bool (*situation_unit_fn) (const situation_t *self, int k, void *arg);

/*  The lowest-indexed unit whose footprint segment a-b meets and that
 *  `in_the_way` accepts (NULL: every unit met), or -1: the unit in the
 *  way of a line of fire, whatever a ruleset counts as in the way (its
 *  side, its arm, its ground).  A footprint is met when the segment
 *  crosses or touches it shrunk by `graze_cm` on every side: 0, touching
 *  counts; SITUATION_OVERLAP_CM, a line passing so close to a base's
 *  edge only grazes figures touching, and a footprint no more than twice
 *  that wide or deep is never met.  graze_cm >= 0. */
int situation_unit_on_segment (const situation_t *self, vec2_t a, vec2_t b,
                               double graze_cm, situation_unit_fn in_the_way,
                               void *arg);

/*  Is the line of fire from unit `shooter`, standing at `from` (its own
 *  footprint, or where it will stand after its move), to unit `target`
 *  masked by another unit's figures?  Seed 002: "Shooting is only
 *  possible if figures can see the entire base of a figure without
 *  obstruction, unless shooting over an object or person within 2 cms."
 *  Any unit with figures standing, friend or foe, but the shooter and
 *  the target masks, unless its footprint is within `over_cm` of `from`
 *  (shot over).  A line grazing a base's edge (SITUATION_OVERLAP_CM) is
 *  not masked by it.
 *  - `whole_target` false: the target is open when one of its figures is
 *    seen whole: any one of its six points (the point nearest the
 *    shooter, its centre, its four corners, as situation_can_see) on a
 *    line from the point of `from` nearest to it that no unit masks.
 *  - `whole_target` true: the target's entire base must be unobstructed:
 *    no unit may stand in the area between the shooter's points nearest
 *    the target's corners and those corners (the hull of the eight).
 *  Terrain is not looked at (situation_can_see does that).  Units do
 *  not block sight, only fire. */
bool situation_fire_masked (const situation_t *self, int shooter,
                            const footprint_t *from, int target,
                            double over_cm, bool whole_target);

/*  situation_fire_masked, naming the unit that masks: its index, or -1
 *  when the line of fire is open.  With `whole_target` false, when every
 *  line is masked, the unit masking the line to the target's point
 *  nearest the shooter (the first listed when several stand on it); with
 *  it true, the first listed that stands in the area.  For the words a
 *  player is told ("masked by the Guards"). */
int situation_fire_mask (const situation_t *self, int shooter,
                         const footprint_t *from, int target,
                         double over_cm, bool whole_target);

/*  True when segment a-b meets a terrain feature of a kind in `kinds`
 *  (a bit 1u << kind for each kind asked): crosses it, touches it or
 *  lies in it.  False: every point of the segment is outside every such
 *  feature, as situation_point_in answers (a walk along it need not ask
 *  point by point). */
bool situation_segment_meets (const situation_t *self, vec2_t a, vec2_t b,
                              unsigned kinds);

/*  True when point p lies inside a terrain feature of `kind` (on its
 *  edge counts as inside). */
bool situation_point_in (const situation_t *self, vec2_t p,
                         terrain_kind_t kind);

/*  Closest-point distance between two units' footprints. */
double situation_unit_distance (const situation_t *self, int a, int b);

/*  situation_unit_distance (a, b) when it may be `limit` or less, else
 *  INFINITY: for the many questions "within so far?", which the cheap
 *  floor under the distance answers for units far apart.  A caller that
 *  compares the answer with `limit` or less gets what the distance
 *  gives. */
double situation_unit_distance_within (const situation_t *self, int a, int b,
                                       double limit);

/*  Index of the enemy of unit `u` nearest to it (closest point), among
 *  those `visible[j]` marks true (visible may be NULL: all enemies; else
 *  it has situation_unit_count entries).  Units with no figure standing
 *  are not enemies any more.  Ties go to the lower index.  -1 when there
 *  is none. */
int situation_nearest_enemy (const situation_t *self, int u,
                             const bool *visible);

/*  The cost in cm of moving a point straight from a to b: its length,
 *  plus the length inside difficult going counted again for each unit of
 *  move_cost over 1 (difficult going counts double; where features
 *  overlap the dearest counts), plus crossing_cost x move_cm for each
 *  low barrier crossed (one a starts in is not crossed).  -1 when the
 *  path enters impassable terrain it does not start in. */
double situation_path_cost (const situation_t *self, vec2_t a, vec2_t b,
                            double move_cm);

/*  The facing a unit will be given standing with its centre at `centre`
 *  (an answer turning it to face the enemy from where it ends), for
 *  situation_nearest_cover_facing; ctx is the caller's. */
typedef double (*situation_facing_fn) (vec2_t centre, const void *ctx);

/*  The nearest terrain giving cover that unit `u` can reach within
 *  `reach_cm` of movement (difficult going counting double, a low barrier
 *  costing its crossing fraction of `move_cm`, one move at the pace used,
 *  each time it is crossed, however many moves reach_cm is): returns the
 *  feature index and the point to move to (the unit's centre placed
 *  where its whole footprint is inside the feature, closest to where it
 *  stands), or -1.  With `away_from` not NULL, only features whose chosen
 *  point is further from away_from than the unit is now are considered
 *  ("cover further from the enemy").
 *
 *  In detail: features with cover (the feature's own, not NONE) that are
 *  not impassable; the point is the unit's centre when it stands wholly
 *  in the feature already (cost 0); else the nearest point within reach
 *  where the whole footprint is inside ("Unit entirely in cover"), its
 *  centre going through the feature's edge nearest it (straight on from
 *  outside, straight away from it from inside) or towards its centroid,
 *  in 0.5 cm steps brought back towards the edge to 0.01 cm.  Only when
 *  no feature has such a point within reach, as far in as the move
 *  goes: the centre, cost 0, when it is inside already; else the
 *  feature's point nearest the centre carried on inwards by half the
 *  unit's depth (a quarter, or almost nothing, when that is not inside
 *  the feature or not within reach), on the table.  Reach is measured
 *  with situation_path_cost from the centre.  The cheapest wins (a place
 *  wholly inside before any other), ties to the lower index.  The
 *  footprint keeps the unit's facing; `point` may be NULL. */
int situation_nearest_cover (const situation_t *self, int u, double reach_cm,
                             double move_cm, const vec2_t *away_from,
                             vec2_t *point);

/*  situation_nearest_cover for a unit that will be turned where it ends:
 *  the footprint that must fit is at the facing `facing` gives for each
 *  point tried (the unit's own when facing is NULL). */
int situation_nearest_cover_facing (const situation_t *self, int u,
                                    double reach_cm, double move_cm,
                                    const vec2_t *away_from,
                                    situation_facing_fn facing,
                                    const void *ctx, vec2_t *point);

/*  A bearing that leads away from all the enemies in `enemies` (count n):
 *  the direction opposite the sum of the unit vectors (centre to centre)
 *  towards them, weighted by 1/distance (closest-point distance, at
 *  least 1 cm); the unit's rear when n == 0 or the pulls cancel out. */
double situation_away_bearing (const situation_t *self, int u,
                               const int *enemies, int n);

/*  Move a point by `dist` along `bearing`, stopping at the table's edge
 *  and short of impassable terrain (0.01 cm before its edge; impassable
 *  terrain `from` stands in does not stop it).  Returns the point
 *  reached, always on the table; `from` when dist <= 0. */
vec2_t situation_move_towards (const situation_t *self, vec2_t from,
                               double bearing, double dist);

/*  Where footprint `fp` stands when it goes straight at footprint
 *  `target` until gap_cm from it (0: base to base contact): turned first,
 *  when `turn`, to face target's point nearest it, then moved along the
 *  line between their nearest points (which closes the gap as it goes,
 *  whatever the angle between them) until they are gap_cm apart.  A
 *  footprint already that close is not moved. */
footprint_t situation_footprint_towards (const footprint_t *fp,
                                         const footprint_t *target,
                                         double gap_cm, bool turn);

/*  Where a unit standing in `fp` charges into base contact with `target`
 *  (the seed's "moves to contact the nearest enemy figures"): turned to
 *  face target's point nearest it and moved straight until they touch
 *  (situation_footprint_towards), or moved so without turning when
 *  turning makes the way cost more than allowance_cm and more than not
 *  turning.  The footprint into *out (may be NULL); returns the way's
 *  cost from fp's centre: situation_path_cost with move_cm (INFINITY
 *  when it enters impassable terrain), or its length in the open when
 *  !pays_terrain.  The game's charge and the Risk Factor answer's both
 *  go so. */
double situation_contact_footprint (const situation_t *self,
                                    const footprint_t *fp,
                                    const footprint_t *target,
                                    double allowance_cm, double move_cm,
                                    bool pays_terrain, footprint_t *out);

/*  Footprints of units that overlap by less than this (cm) are in contact:
 *  figures touching, as a melee or a column's files stand. */
#define SITUATION_OVERLAP_CM 0.5

/*  Two units whose footprints overlap: figures cannot stand so on the
 *  table, and a player should hear of it. */
typedef struct {
    int a, b;            /* unit indices, a < b */
    double depth_cm;     /* footprint_overlap */
} situation_overlap_t;

/*  The pairs of units with figures standing whose footprints overlap by
 *  more than SITUATION_OVERLAP_CM: those of unit `u` with any other, or
 *  with u < 0 those of any two.  Up to `max` pairs into out[] (out may be
 *  NULL with max 0), in the order of their first unit; returns how many
 *  there are (which may be more than max), or -1 out of memory. */
int situation_overlaps (const situation_t *self, int u,
                        situation_overlap_t *out, int max);

#endif
