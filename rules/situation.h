/*  situation.h - the table as it stands: its size, its terrain and the
 *  units on it, with the questions the rules ask of it (distance, arcs,
 *  sight, cover, the nearest enemy).
 *
 *  A situation is built by the situation-file loader (libconfig), or
 *  feature by feature and unit by unit by whoever decodes a protocol
 *  message.  Queries never change it.
 */
#ifndef SOLO_SITUATION_H
#define SOLO_SITUATION_H

#include <stdbool.h>
#include "dice.h"
#include "geom.h"
#include "limits.h"
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

/*  A deep copy; NULL when out of memory. */
situation_t *situation_dup (const situation_t *self);

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

/*  Add a terrain feature (copied).  Returns 0, or -1 with `err` naming the
 *  problem: too many features, fewer than 3 or more than SOLO_MAX_VERTICES
 *  vertices, a polygon of no area, a duplicate id. */
int situation_add_terrain (situation_t *self, const terrain_feature_t *f,
                           char *err, int errlen);

/*  Add a unit (copied).  Returns its index, or -1 with `err`: too many
 *  units, a duplicate id, or unit_validate's complaint. */
int situation_add_unit (situation_t *self, const unit_t *u,
                        char *err, int errlen);

int situation_terrain_count (const situation_t *self);
const terrain_feature_t *situation_terrain (const situation_t *self, int i);

int situation_unit_count (const situation_t *self);
unit_t *situation_unit (situation_t *self, int i);
const unit_t *situation_unit_const (const situation_t *self, int i);

/*  Index of the unit with id `id`, or -1. */
int situation_find_unit (const situation_t *self, const char *id);

/*  Best cover at point p: the highest cover of the features containing p
 *  (COVER_NONE outside all).  *feature_index gets the feature (-1 none);
 *  feature_index may be NULL. */
cover_t situation_cover_at (const situation_t *self, vec2_t p,
                            int *feature_index);

/*  The cover of a whole footprint: the cover it is *entirely* in (all its
 *  corners and centre inside features giving at least that cover), else
 *  COVER_NONE. */
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
 *  (may be NULL) receives the D6 thrown, or 0. */
bool situation_can_see (const situation_t *self, int observer, int target,
                        dice_t *dice, int *sighting_roll);

/*  Closest-point distance between two units' footprints. */
double situation_unit_distance (const situation_t *self, int a, int b);

/*  Index of the enemy of unit `u` nearest to it (closest point), among
 *  those `visible[j]` marks true (visible may be NULL: all enemies).
 *  -1 when there is none. */
int situation_nearest_enemy (const situation_t *self, int u,
                             const bool *visible);

/*  The nearest terrain giving cover that unit `u` can reach within
 *  `reach_cm` of movement (difficult going counting double): returns the
 *  feature index and the point to move to (the unit's centre placed just
 *  inside the feature, closest to where it stands), or -1.  With
 *  `away_from` not NULL, only features whose chosen point is further from
 *  away_from than the unit is now are considered ("cover further from the
 *  enemy"). */
int situation_nearest_cover (const situation_t *self, int u, double reach_cm,
                             const vec2_t *away_from, vec2_t *point);

/*  A bearing that leads away from all the enemies in `enemies` (count n):
 *  the direction opposite the sum of the unit vectors towards them,
 *  weighted by 1/distance; the unit's rear when n == 0. */
double situation_away_bearing (const situation_t *self, int u,
                               const int *enemies, int n);

/*  Move a point by `dist` along `bearing`, stopping at the table's edge
 *  and short of impassable terrain.  Returns the point reached. */
vec2_t situation_move_towards (const situation_t *self, vec2_t from,
                               double bearing, double dist);

#endif
