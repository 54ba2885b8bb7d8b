/*  situation.c - the table as it stands: terrain, units, and the questions
 *  the rules ask of them.
 *
 *  Terrain never changes during a battle, so it lives in its own block
 *  shared by every copy of a situation under a reference count; copying a
 *  situation copies only the flat array of units.  Queries allocate
 *  nothing: the commander search asks them millions of times.
 *
 *  Big situations keep two indexes of their units, shared by copies like
 *  the terrain: the ids hashed (built as units are added), and a uniform
 *  grid of where they stand (built on demand by situation_index_units,
 *  dropped by any change to the units).  Small ones, the battles the
 *  search plays, have neither: scanning a few units is cheaper.
 */
#include <assert.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "situation.h"

#define SIT_EPS        1e-9
#define STOP_SHORT_CM  0.01     /* how far short of impassable terrain a
                                   move stops */
#define MIN_WEIGHT_CM  1.0      /* nearer enemies weigh as if this far */
#define PATH_CUTS_MAX  4096     /* breakpoints of a path through difficult
                                   going; more falls back to a plain sum */
#define GRID_UNITS_PER_CELL 4   /* units a cell holds on average */
#define GRID_SLACK_CM  1e-6     /* rounding allowed for when the grid rules
                                   units out by their bounds */
#define NEAREST_FIRST_CM 50.0   /* the first ring a nearest search looks in */
#define CONVEX_MARGIN_CM 1e-6   /* how clearly inside its edges a vertex
                                   must be for a polygon to be taken as
                                   convex without the full simplicity test:
                                   a thousand times polygon_is_simple's
                                   tolerance, far above the rounding of
                                   coordinates within 2 x SOLO_MAX_TABLE_CM */

typedef struct {
    vec2_t min, max;
} box_t;

/*  The terrain of a situation, shared by its copies. */
typedef struct {
    atomic_int refs;
    int count;
    int cap;
    terrain_feature_t *features;
    box_t *boxes;                /* bounding box of each feature */
    int *turns;                  /* polygon_convex_turn of each feature */
} terrain_set_t;

/*  The ids of the units hashed (open addressing), shared by copies. */
typedef struct {
    atomic_int refs;
    int cap;                     /* slots, a power of two */
    int count;
    int *slots;                  /* unit index + 1; 0: empty */
} id_hash_t;

/*  Where the units stand: a grid of cells over the table, each listing
 *  its units of each side in index order (a unit is in the cell of its
 *  centre, clamped to the grid), with the box that holds their whole
 *  footprints.  Shared by copies until their units change. */
typedef struct {
    atomic_int refs;
    double cell;                 /* side of a cell, cm */
    double reach;                /* the largest half-diagonal of a unit */
    int cols, rows;
    int cells;
    int *start;                  /* [SIDE_COUNT * (cells + 1)]: side s,
                                    cell c lists items[start[s * (cells +
                                    1) + c] .. start[... + c + 1]) */
    int *items;                  /* unit indices */
    box_t *boxes;                /* [SIDE_COUNT * cells] */
} unit_grid_t;

struct situation_t {
    const ruleset_t *ruleset;
    double width;
    double depth;
    terrain_set_t *terrain;      /* NULL while there is none */
    unit_t *units;
    int unit_count;
    int unit_cap;
    id_hash_t *ids;              /* NULL below SITUATION_HASH_MIN_UNITS
                                    units unless reserved for more */
    unit_grid_t *grid;           /* NULL while not indexed */
};

/* ----------------------------------------------------------------------
 *  The shared terrain block
 */

static void
terrain_release (terrain_set_t **set_p)
{
    terrain_set_t *set = *set_p;
    if (!set)
        return;
    *set_p = NULL;
    if (atomic_fetch_sub (&set->refs, 1) == 1) {
        free (set->features);
        free (set->boxes);
        free (set->turns);
        free (set);
    }
}

static terrain_set_t *
terrain_retain (terrain_set_t *set)
{
    if (set)
        atomic_fetch_add (&set->refs, 1);
    return set;
}

/*  Copy a feature: only the vertices it has (a feature holds room for
 *  SOLO_MAX_VERTICES, 4 KB, and most have four). */
static void
feature_copy (terrain_feature_t *dst, const terrain_feature_t *src)
{
    memcpy (dst->id, src->id, sizeof dst->id);
    dst->kind = src->kind;
    dst->cover = src->cover;
    dst->vertex_count = src->vertex_count;
    memcpy (dst->vertices, src->vertices,
            (size_t) src->vertex_count * sizeof dst->vertices[0]);
}

/*  A private terrain block with room for `cap` features holding a copy of
 *  `from`'s (from may be NULL). */
static terrain_set_t *
terrain_clone (const terrain_set_t *from, int cap)
{
    terrain_set_t *set = calloc (1, sizeof *set);
    if (!set)
        return NULL;
    atomic_init (&set->refs, 1);
    set->cap = cap;
    set->features = malloc ((size_t) cap * sizeof *set->features);
    set->boxes = malloc ((size_t) cap * sizeof *set->boxes);
    set->turns = malloc ((size_t) cap * sizeof *set->turns);
    if (!set->features || !set->boxes || !set->turns) {
        free (set->features);
        free (set->boxes);
        free (set->turns);
        free (set);
        return NULL;
    }
    if (from) {
        set->count = from->count;
        for (int i = 0; i < from->count; i++)
            feature_copy (&set->features[i], &from->features[i]);
        memcpy (set->boxes, from->boxes,
                (size_t) from->count * sizeof *set->boxes);
        memcpy (set->turns, from->turns,
                (size_t) from->count * sizeof *set->turns);
    }
    return set;
}

/*  Make self's terrain block private to it with room for one more
 *  feature: copy on write. */
static int
terrain_make_room (situation_t *self)
{
    terrain_set_t *set = self->terrain;
    if (set && atomic_load (&set->refs) == 1 && set->count < set->cap)
        return 0;
    int count = set ? set->count : 0;
    int cap = set && set->cap > 0 ? set->cap : 8;
    while (cap <= count)
        cap *= 2;
    if (cap > SOLO_MAX_TERRAIN)
        cap = SOLO_MAX_TERRAIN;
    terrain_set_t *fresh = terrain_clone (set, cap);
    if (!fresh)
        return -1;
    terrain_release (&self->terrain);
    self->terrain = fresh;
    return 0;
}

/* ----------------------------------------------------------------------
 *  The indexes of the units
 */

static void
id_hash_release (id_hash_t **hash_p)
{
    id_hash_t *hash = *hash_p;
    if (!hash)
        return;
    *hash_p = NULL;
    if (atomic_fetch_sub (&hash->refs, 1) == 1) {
        free (hash->slots);
        free (hash);
    }
}

static void
grid_release (unit_grid_t **grid_p)
{
    unit_grid_t *grid = *grid_p;
    if (!grid)
        return;
    *grid_p = NULL;
    if (atomic_fetch_sub (&grid->refs, 1) == 1) {
        free (grid->start);
        free (grid->items);
        free (grid->boxes);
        free (grid);
    }
}

/*  FNV-1a of an id. */
static unsigned
id_hash_of (const char *id)
{
    unsigned h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *) id; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/*  Put unit `index` (whose id is not there yet, hashed `h` by
 *  id_hash_of) into the hash. */
static void
id_hash_put_hashed (id_hash_t *hash, unsigned h, int index)
{
    unsigned mask = (unsigned) hash->cap - 1;
    unsigned at = h & mask;
    while (hash->slots[at])
        at = (at + 1) & mask;
    hash->slots[at] = index + 1;
    hash->count++;
}

/*  Put unit `index` (whose id is not there yet) into the hash. */
static void
id_hash_put (id_hash_t *hash, const unit_t *units, int index)
{
    id_hash_put_hashed (hash, id_hash_of (units[index].id), index);
}

/*  The index of the unit whose id is `id`, hashed `h` by id_hash_of (read
 *  only when self has the hash), or -1. */
static int
find_unit_hashed (const situation_t *self, const char *id, unsigned h)
{
    if (self->ids) {
        unsigned mask = (unsigned) self->ids->cap - 1;
        for (unsigned at = h & mask; self->ids->slots[at];
             at = (at + 1) & mask) {
            int i = self->ids->slots[at] - 1;
            if (strcmp (self->units[i].id, id) == 0)
                return i;
        }
        return -1;
    }
    for (int i = 0; i < self->unit_count; i++)
        if (self->units[i].id[0] == id[0] && strcmp (self->units[i].id, id) == 0)
            return i;
    return -1;
}

/*  Give self a private hash of its units with room for `want` of them
 *  (kept when the one it has is private and no more than half full with
 *  them).  -1 when out of memory, self unchanged. */
static int
id_hash_size_for (situation_t *self, int want)
{
    id_hash_t *hash = self->ids;
    if (hash && atomic_load (&hash->refs) == 1 && 2 * want <= hash->cap)
        return 0;
    int cap = 64;
    while (cap < 2 * want)
        cap *= 2;
    id_hash_t *fresh = calloc (1, sizeof *fresh);
    int *slots = calloc ((size_t) cap, sizeof *slots);
    if (!fresh || !slots) {
        free (fresh);
        free (slots);
        return -1;
    }
    atomic_init (&fresh->refs, 1);
    fresh->cap = cap;
    fresh->slots = slots;
    for (int i = 0; i < self->unit_count; i++)
        id_hash_put (fresh, self->units, i);
    id_hash_release (&self->ids);
    self->ids = fresh;
    return 0;
}

/*  A private hash of self's units with room for one more: built when
 *  the situation reaches SITUATION_HASH_MIN_UNITS units, copied when a
 *  copy shares it, grown when half full.  -1 when out of memory. */
static int
id_hash_make_room (situation_t *self)
{
    int want = self->unit_count + 1;
    if (!self->ids && want < SITUATION_HASH_MIN_UNITS)
        return 0;
    return id_hash_size_for (self, want);
}

/*  The grid cell (column or row) of coordinate v, clamped to the grid. */
static int
grid_slot (const unit_grid_t *grid, double v, int count)
{
    double k = floor (v / grid->cell);
    if (!(k >= 0))               /* negative, or NaN */
        return 0;
    if (k >= count)
        return count - 1;
    return (int) k;
}

static int
grid_cell_of (const unit_grid_t *grid, vec2_t p)
{
    return grid_slot (grid, p.y, grid->rows) * grid->cols
         + grid_slot (grid, p.x, grid->cols);
}

int
situation_index_units (situation_t *self)
{
    assert (self);
    grid_release (&self->grid);
    int n = self->unit_count;
    if (n < SITUATION_INDEX_MIN_UNITS)
        return 0;
    /* cells of GRID_UNITS_PER_CELL units on average, no more than
       GRID_UNITS_PER_CELL cells a unit however the units crowd */
    double cell = sqrt (self->width * self->depth * GRID_UNITS_PER_CELL / n);
    int cols, rows;
    for (;;) {
        cols = (int) ceil (self->width / cell);
        rows = (int) ceil (self->depth / cell);
        cols = cols < 1 ? 1 : cols;
        rows = rows < 1 ? 1 : rows;
        if ((double) cols * rows <= (double) GRID_UNITS_PER_CELL * n)
            break;
        cell *= 1.5;
    }
    unit_grid_t *grid = calloc (1, sizeof *grid);
    if (!grid)
        return -1;
    atomic_init (&grid->refs, 1);
    grid->cell = cell;
    grid->cols = cols;
    grid->rows = rows;
    grid->cells = cols * rows;
    size_t starts = (size_t) SIDE_COUNT * (grid->cells + 1);
    grid->start = calloc (starts, sizeof *grid->start);
    grid->items = malloc ((size_t) n * sizeof *grid->items);
    grid->boxes = malloc ((size_t) SIDE_COUNT * grid->cells
                          * sizeof *grid->boxes);
    int *cell_of = malloc ((size_t) n * sizeof *cell_of);
    if (!grid->start || !grid->items || !grid->boxes || !cell_of) {
        free (cell_of);
        grid_release (&grid);
        return -1;
    }
    for (int k = 0; k < SIDE_COUNT * grid->cells; k++)
        grid->boxes[k] = (box_t) { { INFINITY, INFINITY },
                                   { -INFINITY, -INFINITY } };
    /* count each side's units per cell, and bound their footprints */
    for (int i = 0; i < n; i++) {
        const unit_t *u = &self->units[i];
        int side = (unsigned) u->side < SIDE_COUNT ? (int) u->side : 0;
        int c = grid_cell_of (grid, u->fp.centre);
        cell_of[i] = side * (grid->cells + 1) + c;
        grid->start[cell_of[i] + 1]++;
        box_t *b = &grid->boxes[side * grid->cells + c];
        double r = footprint_half_diagonal (&u->fp);
        vec2_t p = u->fp.centre;
        if (r > grid->reach)
            grid->reach = r;
        if (p.x - r < b->min.x)
            b->min.x = p.x - r;
        if (p.y - r < b->min.y)
            b->min.y = p.y - r;
        if (p.x + r > b->max.x)
            b->max.x = p.x + r;
        if (p.y + r > b->max.y)
            b->max.y = p.y + r;
    }
    /* where each list starts, then the lists in index order */
    for (size_t k = 1; k < starts; k++)
        grid->start[k] += grid->start[k - 1];
    for (int i = 0; i < n; i++)
        grid->items[grid->start[cell_of[i]]++] = i;
    for (size_t k = starts - 1; k > 0; k--)
        grid->start[k] = grid->start[k - 1];
    grid->start[0] = 0;
    free (cell_of);
    self->grid = grid;
    return 0;
}

bool
situation_units_indexed (const situation_t *self)
{
    return self->grid != NULL;
}

/*  The units changed (or may change through a pointer handed out): the
 *  grid no longer says where they stand. */
static void
units_changed (situation_t *self)
{
    if (self->grid)
        grid_release (&self->grid);
}

/* ----------------------------------------------------------------------
 *  Life cycle
 */

situation_t *
situation_new (const ruleset_t *ruleset, double width, double depth)
{
    assert (ruleset);
    if (!(width > 0.0 && width <= SOLO_MAX_TABLE_CM)
        || !(depth > 0.0 && depth <= SOLO_MAX_TABLE_CM))
        return NULL;
    situation_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->ruleset = ruleset;
    self->width = width;
    self->depth = depth;
    return self;
}

void
situation_destroy (situation_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    situation_t *self = *self_p;
    terrain_release (&self->terrain);
    id_hash_release (&self->ids);
    grid_release (&self->grid);
    free (self->units);
    free (self);
    *self_p = NULL;
}

int
situation_copy_into (situation_t *dst, const situation_t *src)
{
    assert (dst && src);
    if (dst == src)
        return 0;
    if (dst->unit_cap < src->unit_count) {
        int cap = src->unit_cap > src->unit_count ? src->unit_cap
                                                  : src->unit_count;
        unit_t *units = realloc (dst->units, (size_t) cap * sizeof *units);
        if (!units)
            return -1;
        dst->units = units;
        dst->unit_cap = cap;
    }
    if (src->unit_count > 0)
        memcpy (dst->units, src->units,
                (size_t) src->unit_count * sizeof *dst->units);
    dst->unit_count = src->unit_count;
    if (dst->terrain != src->terrain) {
        terrain_release (&dst->terrain);
        dst->terrain = terrain_retain (src->terrain);
    }
    /* the copy's units are src's: so are their indexes */
    if (dst->ids != src->ids) {
        id_hash_release (&dst->ids);
        if (src->ids)
            atomic_fetch_add (&src->ids->refs, 1);
        dst->ids = src->ids;
    }
    if (dst->grid != src->grid) {
        grid_release (&dst->grid);
        if (src->grid)
            atomic_fetch_add (&src->grid->refs, 1);
        dst->grid = src->grid;
    }
    dst->ruleset = src->ruleset;
    dst->width = src->width;
    dst->depth = src->depth;
    return 0;
}

situation_t *
situation_dup (const situation_t *self)
{
    assert (self);
    situation_t *copy = situation_new (self->ruleset, self->width,
                                       self->depth);
    if (!copy)
        return NULL;
    if (situation_copy_into (copy, self) < 0) {
        situation_destroy (&copy);
        return NULL;
    }
    return copy;
}

const ruleset_t *
situation_ruleset (const situation_t *self)
{
    return self->ruleset;
}

double
situation_width (const situation_t *self)
{
    return self->width;
}

double
situation_depth (const situation_t *self)
{
    return self->depth;
}

/* ----------------------------------------------------------------------
 *  Building
 */

/*  True when all the polygon's vertices lie on one line. */
static bool
polygon_collinear (const vec2_t *pts, int n)
{
    vec2_t a = pts[0];
    int far = 0;
    double far_d = 0.0;
    for (int i = 1; i < n; i++) {
        double d = geom_dist (a, pts[i]);
        if (d > far_d) {
            far_d = d;
            far = i;
        }
    }
    if (far_d <= SIT_EPS)
        return true;
    vec2_t ab = { (pts[far].x - a.x) / far_d, (pts[far].y - a.y) / far_d };
    for (int i = 1; i < n; i++) {
        double cross = ab.x * (pts[i].y - a.y) - ab.y * (pts[i].x - a.x);
        if (fabs (cross) > SIT_EPS)
            return false;
    }
    return true;
}

/*  True when every vertex of the polygon lies on the same side of every
 *  edge it is not on, more than CONVEX_MARGIN_CM from the edge's line:
 *  the polygon is convex, goes round once, and no vertex comes within
 *  polygon_is_simple's tolerance of another edge, so that test would
 *  find it simple (its crossing tests compute the same products from the
 *  same points, and the margin covers the rounding of those that start
 *  from another vertex).  Most terrain (rectangles, woods drawn round)
 *  is convex: this costs a product per vertex and edge where the full
 *  test costs several orientations and square roots per pair of edges.
 *  False says nothing: the polygon may still be simple.  Edges shorter
 *  than twice the margin give false.  Needs n >= 3. */
static bool
polygon_clearly_convex (const vec2_t *pts, int n)
{
    const double margin2 = CONVEX_MARGIN_CM * CONVEX_MARGIN_CM;
    double side = 0.0;                   /* +1 inside on the left, -1 right */
    for (int i = 0; i < n; i++) {
        vec2_t a = pts[i], b = pts[i + 1 < n ? i + 1 : 0];
        double ex = b.x - a.x, ey = b.y - a.y;
        double len2 = ex * ex + ey * ey;
        if (!(len2 > 4 * margin2))
            return false;
        /*  the other vertices, from the one after b round to the one
         *  before a */
        for (int k = i + 2; k < i + n; k++) {
            vec2_t v = pts[k < n ? k : k - n];
            double cross = ex * (v.y - a.y) - ey * (v.x - a.x);
            if (side == 0.0)
                side = cross > 0.0 ? 1.0 : -1.0;
            double inward = side * cross;
            if (!(inward > 0.0 && inward * inward > margin2 * len2))
                return false;
        }
    }
    return true;
}

static bool
id_ok (const char *id, char *err, int errlen, const char *what)
{
    if (!memchr (id, '\0', SOLO_ID_MAX)) {
        snprintf (err, errlen, "%s: id longer than %d characters", what,
                  SOLO_ID_MAX - 1);
        return false;
    }
    if (id[0] == '\0') {
        snprintf (err, errlen, "%s: id is empty", what);
        return false;
    }
    return true;
}

int
situation_add_terrain (situation_t *self, const terrain_feature_t *f,
                       char *err, int errlen)
{
    assert (self && f);
    if (!id_ok (f->id, err, errlen, "terrain"))
        return -1;
    int count = situation_terrain_count (self);
    if (count >= SOLO_MAX_TERRAIN) {
        snprintf (err, errlen, "terrain \"%s\": more than %d terrain features",
                  f->id, SOLO_MAX_TERRAIN);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (strcmp (self->terrain->features[i].id, f->id) == 0) {
            snprintf (err, errlen, "terrain \"%s\": duplicate id", f->id);
            return -1;
        }
    if ((unsigned) f->kind >= TERRAIN_KIND_COUNT) {
        snprintf (err, errlen, "terrain \"%s\": kind %d unknown", f->id,
                  (int) f->kind);
        return -1;
    }
    if ((unsigned) f->cover >= COVER_COUNT) {
        snprintf (err, errlen, "terrain \"%s\": cover %d unknown", f->id,
                  (int) f->cover);
        return -1;
    }
    if (f->vertex_count < 3 || f->vertex_count > SOLO_MAX_VERTICES) {
        snprintf (err, errlen,
                  "terrain \"%s\": polygon has %d vertices, needs 3 to %d",
                  f->id, f->vertex_count, SOLO_MAX_VERTICES);
        return -1;
    }
    for (int i = 0; i < f->vertex_count; i++) {
        vec2_t v = f->vertices[i];
        if (!isfinite (v.x) || !isfinite (v.y)
            || fabs (v.x) > 2 * SOLO_MAX_TABLE_CM
            || fabs (v.y) > 2 * SOLO_MAX_TABLE_CM) {
            snprintf (err, errlen,
                      "terrain \"%s\": polygon vertex %d is not a number "
                      "within %g cm", f->id, i + 1, 2 * SOLO_MAX_TABLE_CM);
            return -1;
        }
    }
    for (int i = 0; i < f->vertex_count; i++) {
        int next = (i + 1) % f->vertex_count;
        if (geom_dist (f->vertices[i], f->vertices[next]) <= SIT_EPS) {
            snprintf (err, errlen,
                      "terrain \"%s\": polygon vertices %d and %d are the "
                      "same point (the last joins the first by itself)",
                      f->id, i + 1, next + 1);
            return -1;
        }
    }
    if (polygon_collinear (f->vertices, f->vertex_count)) {
        snprintf (err, errlen, "terrain \"%s\": polygon has no area", f->id);
        return -1;
    }
    int bad = 0;
    if (!polygon_clearly_convex (f->vertices, f->vertex_count)
        && !polygon_is_simple (f->vertices, f->vertex_count, &bad)) {
        snprintf (err, errlen,
                  "terrain \"%s\": polygon edge from vertex %d crosses "
                  "another edge", f->id, bad + 1);
        return -1;
    }
    if (fabs (polygon_area (f->vertices, f->vertex_count)) <= SIT_EPS) {
        snprintf (err, errlen, "terrain \"%s\": polygon has no area", f->id);
        return -1;
    }
    if (terrain_make_room (self) < 0) {
        snprintf (err, errlen, "terrain \"%s\": out of memory", f->id);
        return -1;
    }
    terrain_set_t *set = self->terrain;
    feature_copy (&set->features[set->count], f);
    polygon_bounds (f->vertices, f->vertex_count,
                    &set->boxes[set->count].min, &set->boxes[set->count].max);
    set->turns[set->count] = polygon_convex_turn (f->vertices,
                                                  f->vertex_count);
    set->count++;
    return 0;
}

int
situation_add_unit (situation_t *self, const unit_t *u, char *err, int errlen)
{
    assert (self && u);
    if (unit_validate (u, err, errlen) < 0)
        return -1;
    return situation_add_checked_unit (self, u, err, errlen);
}

int
situation_add_checked_unit (situation_t *self, const unit_t *u, char *err,
                            int errlen)
{
    assert (self && u);
    assert (unit_validate (u, err, errlen) == 0);
    if (self->unit_count >= SOLO_MAX_UNITS) {
        snprintf (err, errlen, "unit \"%s\": more than %d units", u->id,
                  SOLO_MAX_UNITS);
        return -1;
    }
    /*  the id hashed once, for the look for a duplicate and the put */
    bool hashed = self->ids != NULL;
    unsigned h = hashed ? id_hash_of (u->id) : 0;
    if (find_unit_hashed (self, u->id, h) >= 0) {
        snprintf (err, errlen, "unit \"%s\": duplicate id", u->id);
        return -1;
    }
    if (u->weapon >= ruleset_weapon_count (self->ruleset)) {
        snprintf (err, errlen, "unit \"%s\": weapon index %d not in the "
                  "ruleset's %d weapons", u->id, u->weapon,
                  ruleset_weapon_count (self->ruleset));
        return -1;
    }
    vec2_t c = u->fp.centre;
    if (c.x < 0.0 || c.x > self->width || c.y < 0.0 || c.y > self->depth) {
        snprintf (err, errlen,
                  "unit \"%s\": x, y (%g, %g) is off the %g x %g table",
                  u->id, c.x, c.y, self->width, self->depth);
        return -1;
    }
    if (self->unit_count == self->unit_cap) {
        int cap = self->unit_cap ? self->unit_cap * 2 : 16;
        if (cap > SOLO_MAX_UNITS)
            cap = SOLO_MAX_UNITS;
        unit_t *units = realloc (self->units, (size_t) cap * sizeof *units);
        if (!units) {
            snprintf (err, errlen, "unit \"%s\": out of memory", u->id);
            return -1;
        }
        self->units = units;
        self->unit_cap = cap;
    }
    if (id_hash_make_room (self) < 0) {
        snprintf (err, errlen, "unit \"%s\": out of memory", u->id);
        return -1;
    }
    units_changed (self);
    unit_t *slot = &self->units[self->unit_count];
    *slot = *u;
    /*  most facings come in range already (geom_norm_deg keeps those,
     *  -0 included) */
    if (!(slot->fp.facing >= 0.0 && slot->fp.facing < 360.0))
        slot->fp.facing = geom_norm_deg (slot->fp.facing);
    if (self->ids)                      /* made just now, or hashed */
        id_hash_put_hashed (self->ids, hashed ? h : id_hash_of (u->id),
                            self->unit_count);
    return self->unit_count++;
}

int
situation_reserve_units (situation_t *self, int count)
{
    assert (self);
    if (count > SOLO_MAX_UNITS)
        count = SOLO_MAX_UNITS;
    if (count <= self->unit_count)
        return 0;
    if (count > self->unit_cap) {
        unit_t *units = realloc (self->units, (size_t) count * sizeof *units);
        if (!units)
            return -1;
        self->units = units;
        self->unit_cap = count;
    }
    /*  The hash, when there will be one, sized for them all now: adding
     *  would otherwise build it at SITUATION_HASH_MIN_UNITS and rebuild
     *  it each time it is half full. */
    if (count < SITUATION_HASH_MIN_UNITS)
        return 0;
    return id_hash_size_for (self, count);
}

int
situation_reserve_terrain (situation_t *self, int count)
{
    assert (self);
    if (count > SOLO_MAX_TERRAIN)
        count = SOLO_MAX_TERRAIN;
    terrain_set_t *set = self->terrain;
    if (count <= (set ? set->count : 0))
        return 0;
    if (set && atomic_load (&set->refs) == 1 && count <= set->cap)
        return 0;
    terrain_set_t *fresh = terrain_clone (set, count);
    if (!fresh)
        return -1;
    terrain_release (&self->terrain);
    self->terrain = fresh;
    return 0;
}

int
situation_terrain_count (const situation_t *self)
{
    return self->terrain ? self->terrain->count : 0;
}

const terrain_feature_t *
situation_terrain (const situation_t *self, int i)
{
    assert (i >= 0 && i < situation_terrain_count (self));
    return &self->terrain->features[i];
}

void
situation_terrain_bounds (const situation_t *self, int i, vec2_t *min,
                          vec2_t *max)
{
    assert (i >= 0 && i < situation_terrain_count (self) && min && max);
    *min = self->terrain->boxes[i].min;
    *max = self->terrain->boxes[i].max;
}

int
situation_unit_count (const situation_t *self)
{
    return self->unit_count;
}

unit_t *
situation_unit (situation_t *self, int i)
{
    assert (i >= 0 && i < self->unit_count);
    units_changed (self);
    return &self->units[i];
}

const unit_t *
situation_unit_const (const situation_t *self, int i)
{
    assert (i >= 0 && i < self->unit_count);
    return &self->units[i];
}

int
situation_find_unit (const situation_t *self, const char *id)
{
    if (!id)
        return -1;
    return find_unit_hashed (self, id, self->ids ? id_hash_of (id) : 0);
}

/* ----------------------------------------------------------------------
 *  Terrain queries
 */

static const terrain_effect_t *
feature_effect (const situation_t *self, int i)
{
    return ruleset_terrain (self->ruleset, self->terrain->features[i].kind);
}

/*  Distance from p to box b (0 inside), and to its furthest corner. */
static double
box_distance (const box_t *b, vec2_t p)
{
    double dx = p.x < b->min.x ? b->min.x - p.x
              : p.x > b->max.x ? p.x - b->max.x : 0.0;
    double dy = p.y < b->min.y ? b->min.y - p.y
              : p.y > b->max.y ? p.y - b->max.y : 0.0;
    return sqrt (dx * dx + dy * dy);
}

static double
box_far_distance (const box_t *b, vec2_t p)
{
    double dx = fmax (fabs (p.x - b->min.x), fabs (p.x - b->max.x));
    double dy = fmax (fabs (p.y - b->min.y), fabs (p.y - b->max.y));
    return sqrt (dx * dx + dy * dy);
}

static bool
box_has_point (const box_t *b, vec2_t p)
{
    return p.x >= b->min.x - SIT_EPS && p.x <= b->max.x + SIT_EPS
        && p.y >= b->min.y - SIT_EPS && p.y <= b->max.y + SIT_EPS;
}

/*  The box of segment p-q. */
static inline box_t
segment_box (vec2_t p, vec2_t q)
{
    return (box_t) { { geom_min (p.x, q.x), geom_min (p.y, q.y) },
                     { geom_max (p.x, q.x), geom_max (p.y, q.y) } };
}

/*  True when box a comes within `margin` of box b on both axes. */
static inline bool
boxes_near (const box_t *b, const box_t *a, double margin)
{
    return a->max.x >= b->min.x - margin && a->min.x <= b->max.x + margin
        && a->max.y >= b->min.y - margin && a->min.y <= b->max.y + margin;
}

/*  True when the boxes of segment a-b and feature box b may meet. */
static bool
box_meets_segment (const box_t *b, vec2_t p, vec2_t q)
{
    box_t seg = segment_box (p, q);
    return boxes_near (b, &seg, SIT_EPS);
}

static bool
feature_contains (const situation_t *self, int i, vec2_t p)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    return box_has_point (&self->terrain->boxes[i], p)
        && polygon_contains (f->vertices, f->vertex_count, p);
}

/*  The length of segment a-b inside feature i, whose box the caller has
 *  found the segment's box meeting (box_meets_segment): the feature's
 *  turn is known, so its convexity is not looked up again. */
static double
feature_inside_length (const situation_t *self, int i, vec2_t a, vec2_t b)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    return polygon_segment_inside_length_turn (f->vertices, f->vertex_count,
                                               self->terrain->turns[i], a, b);
}

static bool
feature_contains_footprint (const situation_t *self, int i,
                            const footprint_t *fp)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    return box_has_point (&self->terrain->boxes[i], fp->centre)
        && polygon_contains_footprint (f->vertices, f->vertex_count, fp);
}

cover_t
situation_cover_at (const situation_t *self, vec2_t p, int *feature_index)
{
    cover_t best = COVER_NONE;
    int best_index = -1;
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        cover_t cover = self->terrain->features[i].cover;
        if ((best_index < 0 || cover > best) && feature_contains (self, i, p)) {
            best = cover;
            best_index = i;
        }
    }
    if (feature_index)
        *feature_index = best_index;
    return best;
}

/*  Entirely in cover: wholly inside one feature giving cover; or, for a
 *  unit across two features that meet, every corner, side middle and the
 *  centre in cover (the footprint then gets the least of them). */
static int units_within (const situation_t *self, const footprint_t *fp,
                         double lo_cm, double hi_cm, unsigned sides,
                         situation_box_fn skip, void *arg, int *out,
                         double *out_cm, int cap, bool floor_only);

/*  The floor (footprint_distance_floor) is all a unit is asked here: a
 *  caller walks every step's footprint against the units taken, so that
 *  one taken beyond reach of the way costs a little and changes nothing,
 *  where working out each unit's distance to the start cost more than
 *  the rest of a short move's checks.  The units come from the index in
 *  the order of its cells, sorted by insertion: a few dozen at most. */
int
situation_units_near_way (const situation_t *self, const footprint_t *fp,
                          double length_cm, double margin_cm, int *out,
                          int cap)
{
    assert (self && fp && out && cap > 0);
    int n = units_within (self, fp, -1, length_cm + margin_cm + 1e-6,
                          SITUATION_ALL_SIDES, NULL, NULL, out, NULL, cap,
                          true);
    if (n > cap)
        return -1;
    for (int i = 1; i < n; i++) {
        int x = out[i], k = i;
        for (; k > 0 && out[k - 1] > x; k--)
            out[k] = out[k - 1];
        out[k] = x;
    }
    return n;
}

bool
situation_footprint_off_table (const situation_t *self, const footprint_t *f)
{
    assert (self && f);
    vec2_t c[4];
    footprint_corners (f, c);
    for (int i = 0; i < 4; i++)
        if (c[i].x < 0 || c[i].y < 0 || c[i].x > self->width
            || c[i].y > self->depth)
            return true;
    return false;
}

cover_t
situation_footprint_cover (const situation_t *self, const footprint_t *f)
{
    cover_t best = COVER_NONE;
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        cover_t cover = self->terrain->features[i].cover;
        if (cover > best && feature_contains_footprint (self, i, f))
            best = cover;
    }
    if (best == COVER_HARD || count < 2)
        return best;
    vec2_t c[4], pts[9];
    footprint_corners (f, c);
    for (int k = 0; k < 4; k++) {
        pts[k] = c[k];
        pts[4 + k] = (vec2_t) { (c[k].x + c[(k + 1) % 4].x) / 2.0,
                                (c[k].y + c[(k + 1) % 4].y) / 2.0 };
    }
    pts[8] = f->centre;
    cover_t least = COVER_HARD;
    for (int k = 0; k < 9 && least > best; k++) {
        cover_t here = situation_cover_at (self, pts[k], NULL);
        if (here < least)
            least = here;
    }
    return least > best ? least : best;
}

bool
situation_footprint_enclosed (const situation_t *self, const footprint_t *f)
{
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++)
        if (feature_effect (self, i)->enclosed
            && feature_contains_footprint (self, i, f))
            return true;
    return false;
}

/* ----------------------------------------------------------------------
 *  Sight
 */

/*  The sighting range for a target in terrain near its edge: D6 x 10 cm
 *  thrown once per question when the ruleset rolls it, else the fixed
 *  range. */
static double
sighting_range (const rules_settings_t *st, dice_t *dice, int *roll)
{
    if (*roll == 0 && st->sighting_rolls && dice)
        *roll = dice_roll (dice, 6);
    if (*roll > 0)
        return *roll * st->sighting_cm_per_pip;
    return st->sighting_fixed_cm;
}

/*  Can a figure at p (of the observer) see a figure at q (of the target)?
 *  `fired`: the target fired this turn.  *roll caches the sighting D6. */
static bool
line_clear (const situation_t *self, vec2_t p, vec2_t q, bool fired,
            dice_t *dice, int *roll)
{
    const rules_settings_t *st = ruleset_settings (self->ruleset);
    double len = geom_dist (p, q);
    double into = 0.0, through = 0.0;   /* inside sight-limiting terrain
                                           one end is in; that neither is */
    bool needs_range = false;
    box_t line = segment_box (p, q);
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        if (!boxes_near (&self->terrain->boxes[i], &line, SIT_EPS))
            continue;
        const terrain_effect_t *eff = feature_effect (self, i);
        bool concealing = eff->enclosed || eff->sight_limited;
        if (!concealing && !eff->blocks_sight)
            continue;
        const terrain_feature_t *f = &self->terrain->features[i];
        bool p_in = feature_contains (self, i, p);
        bool q_in = feature_contains (self, i, q);
        /* figures in terrain: hidden unless near its edge, or they
           fired (then seen at any range, or by the other reading within
           the sighting range however deep: fired_seen_any_range) */
        if (concealing && q_in && !p_in && !fired) {
            double inside = polygon_boundary_distance (f->vertices,
                                                       f->vertex_count, q);
            if (inside > st->terrain_edge_cm + SIT_EPS)
                return false;
            needs_range = true;
        }
        else if (concealing && q_in && !p_in && !st->fired_seen_any_range)
            needs_range = true;
        if (eff->blocks_sight && !p_in && !q_in
            && feature_inside_length (self, i, p, q) > SIT_EPS)
            return false;
        if (eff->sight_limited) {
            if (p_in && q_in) {
                if (len > st->woods_visibility_cm + SIT_EPS)
                    return false;
            } else if (p_in || q_in)
                into += feature_inside_length (self, i, p, q);
            else
                through += feature_inside_length (self, i, p, q);
        }
    }
    if (into > st->woods_shoot_depth_cm + SIT_EPS
        || into + through > st->woods_through_cm + SIT_EPS)
        return false;
    if (needs_range && len > sighting_range (st, dice, roll) + SIT_EPS)
        return false;
    return true;
}

/*  The target is seen when one of its figures is: the one nearest the
 *  observer, the middle one, or one at a corner, each looked at from the
 *  observer's figure nearest to it. */
bool
situation_can_see (const situation_t *self, int observer, int target,
                   dice_t *dice, int *sighting_roll)
{
    if (observer == target) {
        if (sighting_roll)
            *sighting_roll = 0;
        return true;
    }
    return situation_can_see_from (self,
                                   &situation_unit_const (self, observer)->fp,
                                   target, dice, sighting_roll);
}

/*  situation_can_see's lines, from the points of footprint `at`. */
bool
situation_can_see_from (const situation_t *self, const footprint_t *at,
                        int target, dice_t *dice, int *sighting_roll)
{
    const unit_t *t = situation_unit_const (self, target);
    int roll = 0;
    bool seen = false;
    bool fired = (t->status & STATUS_FIRED) != 0;
    vec2_t a[FOOTPRINT_LINES], b[FOOTPRINT_LINES];
    footprint_ready_t from;
    footprint_ready (at, &from);
    footprint_lines_ready (&from, &t->fp, a, b);
    for (int k = 0; k < FOOTPRINT_LINES && !seen; k++)
        seen = line_clear (self, a[k], b[k], fired, dice, &roll);
    if (sighting_roll)
        *sighting_roll = roll;
    return seen;
}

/*  The footprint f shrunk by `graze` on every side, as corners; false
 *  when nothing is left of it. */
static bool
shrunk_corners (const footprint_t *f, double graze, vec2_t out[4])
{
    footprint_t g = *f;
    g.width -= 2 * graze;
    g.depth -= 2 * graze;
    if (g.width <= 0 || g.depth <= 0)
        return false;
    footprint_corners (&g, out);
    return true;
}

int
situation_unit_on_segment (const situation_t *self, vec2_t a, vec2_t b,
                           double graze_cm, situation_unit_fn in_the_way,
                           void *arg)
{
    assert (self && graze_cm >= 0);
    for (int k = 0; k < self->unit_count; k++) {
        vec2_t c[4];
        if (shrunk_corners (&self->units[k].fp, graze_cm, c)
            && polygon_segment_intersects (c, 4, a, b)
            && (!in_the_way || in_the_way (self, k, arg)))
            return k;
    }
    return -1;
}

/*  What masks a line of fire: units with figures standing, neither the
 *  shooter nor the target, further than over_cm from where the shooter
 *  stands. */
typedef struct {
    int shooter, target;
    const footprint_t *from;
    double over_cm;
} mask_t;

static bool
masks_fire (const situation_t *self, int k, void *arg)
{
    const mask_t *m = arg;
    const unit_t *u = &self->units[k];
    return k != m->shooter && k != m->target && unit_figures_standing (u) > 0
        && footprint_distance (m->from, &u->fp) > m->over_cm;
}

/*  The convex hull of the n points into hull (room for 2n: the chain
 *  holds up to 2n - 1 while it is built), anticlockwise (Andrew's
 *  monotone chain; pts is sorted in place); returns its vertex count,
 *  fewer than 3 for points on one line. */
static int
hull_of (vec2_t *pts, int n, vec2_t *hull)
{
    for (int i = 1; i < n; i++)        /* sort by x, then y */
        for (int j = i; j > 0 && (pts[j].x < pts[j - 1].x
                                  || (pts[j].x == pts[j - 1].x
                                      && pts[j].y < pts[j - 1].y)); j--) {
            vec2_t t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    int k = 0;
    for (int pass = 0; pass < 2; pass++) {
        int start = k;
        for (int i = 0; i < n; i++) {
            vec2_t p = pass == 0 ? pts[i] : pts[n - 1 - i];
            while (k >= start + 2) {
                vec2_t o = hull[k - 2], q = hull[k - 1];
                double cross = (q.x - o.x) * (p.y - o.y)
                             - (q.y - o.y) * (p.x - o.x);
                if (cross > SIT_EPS)
                    break;
                k--;
            }
            hull[k++] = p;
        }
        k--;                           /* the last is the next pass's first */
    }
    return k;
}

/*  Does the convex polygon hull (m vertices) meet the polygon c of 4?  */
static bool
hull_meets (const vec2_t *hull, int m, const vec2_t c[4])
{
    for (int i = 0; i < 4; i++)
        if (polygon_contains (hull, m, c[i]))
            return true;
    for (int i = 0, j = m - 1; i < m; j = i++)
        if (polygon_segment_intersects (c, 4, hull[j], hull[i]))
            return true;
    return false;
}

int
situation_fire_mask (const situation_t *self, int shooter,
                     const footprint_t *from, int target, double over_cm,
                     bool whole_target)
{
    assert (self && from);
    assert (target >= 0 && target < self->unit_count);
    const footprint_t *t = &self->units[target].fp;
    mask_t m = { shooter, target, from, over_cm };
    footprint_ready_t ready;
    footprint_ready (from, &ready);
    if (!whole_target) {
        vec2_t a[FOOTPRINT_LINES], b[FOOTPRINT_LINES];
        footprint_lines_ready (&ready, t, a, b);
        int first = -1;
        for (int k = 0; k < FOOTPRINT_LINES; k++) {
            int by = situation_unit_on_segment (self, a[k], b[k],
                                                SITUATION_OVERLAP_CM,
                                                masks_fire, &m);
            if (by < 0)
                return -1;
            if (k == 0)
                first = by;
        }
        return first;
    }
    /* the area every line from the shooter's near side to the target
       runs through */
    vec2_t pts[8], hull[16];
    footprint_corners (t, pts);
    for (int k = 0; k < 4; k++)
        pts[4 + k] = footprint_point_nearest_ready (&ready, pts[k]);
    int n = hull_of (pts, 8, hull);
    assert (n >= 3);                   /* the target's base has an area */
    for (int k = 0; k < self->unit_count; k++) {
        vec2_t c[4];
        if (masks_fire (self, k, &m)
            && shrunk_corners (&self->units[k].fp, SITUATION_OVERLAP_CM, c)
            && hull_meets (hull, n, c))
            return k;
    }
    return -1;
}

bool
situation_fire_masked (const situation_t *self, int shooter,
                       const footprint_t *from, int target, double over_cm,
                       bool whole_target)
{
    return situation_fire_mask (self, shooter, from, target, over_cm,
                                whole_target) >= 0;
}

/* ----------------------------------------------------------------------
 *  Units
 */

/*  The one scan over enemies: the next unit after index `after` that is
 *  not of `side` and has figures standing, or -1. */
static int
next_enemy (const situation_t *self, side_t side, int after)
{
    for (int j = after + 1; j < self->unit_count; j++) {
        const unit_t *e = &self->units[j];
        if (e->side != side && unit_figures_standing (e) > 0)
            return j;
    }
    return -1;
}

double
situation_unit_distance (const situation_t *self, int a, int b)
{
    return footprint_distance (&situation_unit_const (self, a)->fp,
                               &situation_unit_const (self, b)->fp);
}

double
situation_unit_distance_within (const situation_t *self, int a, int b,
                                double limit)
{
    const footprint_t *fa = &situation_unit_const (self, a)->fp;
    const footprint_t *fb = &situation_unit_const (self, b)->fp;
    /* no nearer than the centres' distance less both half widths and
       half depths (a micrometre spare for rounding): no root, no
       facing, for the many units far apart */
    double dx = fb->centre.x - fa->centre.x, dy = fb->centre.y - fa->centre.y;
    double reach = limit + 0.5 * (fa->width + fa->depth + fb->width
                                  + fb->depth) + 1e-4;
    if (reach >= 0 && dx * dx + dy * dy > reach * reach)
        return INFINITY;
    if (footprint_distance_floor (fa, fb) > limit)
        return INFINITY;
    return footprint_distance (fa, fb);
}

/*  Unit j, if of `sides` and lo < footprint_distance (fp, j) <= hi, into
 *  out[*count] (when there is room); `reach` is fp's half-diagonal.
 *  With `floor_only` the distance is not worked out: j is taken when its
 *  floor (footprint_distance_floor) is within hi, lo and out_cm unused,
 *  so that more may be taken than the distance would, never fewer. */
static void
take_if_within (const situation_t *self, const footprint_t *fp,
                double reach, int j, double lo, double hi, int *out,
                double *out_cm, int cap, int *count, bool floor_only)
{
    const footprint_t *o = &self->units[j].fp;
    /* no nearer than the centres' distance less both half-diagonals */
    if (geom_dist (fp->centre, o->centre) - reach - footprint_half_diagonal (o)
        > hi + GRID_SLACK_CM)
        return;
    double d = 0;
    if (floor_only ? footprint_distance_floor (fp, o) > hi
                   : !((d = footprint_distance (fp, o)) > lo && d <= hi))
        return;
    if (*count < cap) {
        out[*count] = j;
        if (out_cm)
            out_cm[*count] = d;
    }
    (*count)++;
}

/*  situation_units_within, or with `floor_only` its superset that
 *  take_if_within's floor takes (lo_cm and out_cm then unused). */
static int
units_within (const situation_t *self, const footprint_t *fp, double lo_cm,
              double hi_cm, unsigned sides, situation_box_fn skip, void *arg,
              int *out, double *out_cm, int cap, bool floor_only)
{
    int count = 0;
    double reach = footprint_half_diagonal (fp);
    const unit_grid_t *grid = self->grid;
    if (!grid) {
        for (int j = 0; j < self->unit_count; j++)
            if (sides & SITUATION_SIDE_BIT (self->units[j].side))
                take_if_within (self, fp, reach, j, lo_cm, hi_cm, out,
                                out_cm, cap, &count, floor_only);
        return count;
    }
    /* a unit within hi has a point within `span` of fp's centre, and its
       centre (which places it in the grid) within span + its reach */
    double span = hi_cm + reach + GRID_SLACK_CM;
    vec2_t c = fp->centre;
    box_t q = { { c.x - span, c.y - span }, { c.x + span, c.y + span } };
    int col0 = grid_slot (grid, q.min.x - grid->reach, grid->cols);
    int col1 = grid_slot (grid, q.max.x + grid->reach, grid->cols);
    int row0 = grid_slot (grid, q.min.y - grid->reach, grid->rows);
    int row1 = grid_slot (grid, q.max.y + grid->reach, grid->rows);
    for (int side = 0; side < SIDE_COUNT; side++) {
        if (!(sides & SITUATION_SIDE_BIT (side)))
            continue;
        const int *start = grid->start + side * (grid->cells + 1);
        const box_t *boxes = grid->boxes + side * grid->cells;
        for (int row = row0; row <= row1; row++)
        for (int k = row * grid->cols + col0; k <= row * grid->cols + col1;
             k++) {
            if (start[k] == start[k + 1])
                continue;
            const box_t *b = &boxes[k];
            if (b->min.x > q.max.x || b->max.x < q.min.x
                || b->min.y > q.max.y || b->max.y < q.min.y)
                continue;
            /* every unit here is nearer than lo: none can be taken */
            if (box_far_distance (b, c) + GRID_SLACK_CM <= lo_cm)
                continue;
            if (box_distance (b, c) - reach > hi_cm + GRID_SLACK_CM)
                continue;
            if (skip && skip (b->min, b->max, arg))
                continue;
            for (int i = start[k]; i < start[k + 1]; i++)
                take_if_within (self, fp, reach, grid->items[i], lo_cm,
                                hi_cm, out, out_cm, cap, &count, floor_only);
        }
    }
    return count;
}

int
situation_units_within (const situation_t *self, const footprint_t *fp,
                        double lo_cm, double hi_cm, unsigned sides,
                        situation_box_fn skip, void *arg, int *out,
                        double *out_cm, int cap)
{
    assert (self && fp && (out || cap == 0));
    return units_within (self, fp, lo_cm, hi_cm, sides, skip, arg, out,
                         out_cm, cap, false);
}

bool
situation_segment_meets (const situation_t *self, vec2_t a, vec2_t b,
                         unsigned kinds)
{
    for (int i = 0; i < situation_terrain_count (self); i++) {
        const terrain_feature_t *f = situation_terrain (self, i);
        if ((kinds & 1u << f->kind)
            && box_meets_segment (&self->terrain->boxes[i], a, b)
            && polygon_segment_intersects (f->vertices, f->vertex_count, a,
                                           b))
            return true;
    }
    return false;
}

bool
situation_point_in (const situation_t *self, vec2_t p, terrain_kind_t kind)
{
    for (int i = 0; i < situation_terrain_count (self); i++)
        if (situation_terrain (self, i)->kind == kind
            && feature_contains (self, i, p))
            return true;
    return false;
}

int
situation_nearest_enemy (const situation_t *self, int u, const bool *visible)
{
    const unit_t *me = situation_unit_const (self, u);
    int best = -1;
    double best_d = INFINITY;
    double my_reach = footprint_half_diagonal (&me->fp);
    for (int j = next_enemy (self, me->side, -1); j >= 0;
         j = next_enemy (self, me->side, j)) {
        if (visible && !visible[j])
            continue;
        const footprint_t *fp = &self->units[j].fp;
        /* no nearer than the centres' distance less both half-diagonals */
        if (geom_dist (me->fp.centre, fp->centre) - my_reach
            - footprint_half_diagonal (fp) >= best_d)
            continue;
        double d = footprint_distance (&me->fp, fp);
        if (d < best_d) {
            best_d = d;
            best = j;
        }
    }
    return best;
}

/* ----------------------------------------------------------------------
 *  Movement
 */

/*  The cost in cm of moving straight from a to b: the length, plus the
 *  length inside difficult going once more for each extra unit of its
 *  move_cost (where features overlap, the dearest counts), plus a
 *  barrier's crossing fraction of `move_cm` for each barrier crossed.
 *  -1 when the path enters impassable terrain. */
double
situation_path_cost (const situation_t *self, vec2_t a, vec2_t b,
                     double move_cm)
{
    double len = geom_dist (a, b);
    double cost = len;
    double cuts[PATH_CUTS_MAX];
    int ncuts = 0;
    bool difficult = false;
    /* the difficult going whose box comes near the path, the only
       features a point of the path can be in: a point a + t(b - a)
       strays from the path's box by rounding alone, far less than the
       SIT_EPS more allowed here than feature_contains's box allows */
    int dear[SOLO_MAX_TERRAIN];
    int ndear = 0;
    box_t path = segment_box (a, b);
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        const terrain_effect_t *eff = feature_effect (self, i);
        if (!eff->impassable && eff->crossing_cost <= 0.0
            && eff->move_cost <= 1.0)
            continue;
        const box_t *box = &self->terrain->boxes[i];
        bool dearer = !eff->impassable && eff->move_cost > 1.0;
        if (!boxes_near (box, &path, SIT_EPS)) {
            if (dearer && boxes_near (box, &path, 2 * SIT_EPS))
                dear[ndear++] = i;
            continue;
        }
        if (dearer)
            dear[ndear++] = i;
        const terrain_feature_t *f = &self->terrain->features[i];
        bool from_inside = feature_contains (self, i, a);
        if (eff->impassable) {
            if (!from_inside && feature_inside_length (self, i, a, b) > SIT_EPS)
                return -1.0;
            continue;
        }
        if (eff->crossing_cost > 0.0 && !from_inside
            && polygon_segment_intersects (f->vertices, f->vertex_count, a, b))
            cost += eff->crossing_cost * move_cm;
        if (eff->move_cost > 1.0) {
            difficult = true;
            if (ncuts + 2 * f->vertex_count <= PATH_CUTS_MAX)
                ncuts += polygon_segment_cuts (f->vertices, f->vertex_count,
                                               a, b, cuts + ncuts,
                                               PATH_CUTS_MAX - ncuts);
            else            /* too many: count this one on its own */
                cost += (eff->move_cost - 1.0)
                      * feature_inside_length (self, i, a, b);
        }
    }
    if (!difficult || len <= 0.0)
        return cost;
    /* walk the pieces between cuts; each piece costs the dearest going
     * its middle is in */
    if (ncuts + 2 > PATH_CUTS_MAX)
        ncuts = PATH_CUTS_MAX - 2;
    cuts[ncuts++] = 0.0;
    cuts[ncuts++] = 1.0;
    geom_sort (cuts, ncuts);
    for (int k = 0; k + 1 < ncuts; k++) {
        double t0 = cuts[k], t1 = cuts[k + 1];
        if (t1 - t0 <= 0.0)
            continue;
        double tm = (t0 + t1) / 2.0;
        vec2_t mid = { a.x + (b.x - a.x) * tm, a.y + (b.y - a.y) * tm };
        double dearest = 1.0;
        for (int j = 0; j < ndear; j++) {
            const terrain_effect_t *eff = feature_effect (self, dear[j]);
            if (eff->move_cost > dearest
                && feature_contains (self, dear[j], mid))
                dearest = eff->move_cost;
        }
        cost += (dearest - 1.0) * (t1 - t0) * len;
    }
    return cost;
}

static bool
on_table (const situation_t *self, vec2_t p)
{
    return p.x >= 0.0 && p.x <= self->width && p.y >= 0.0
        && p.y <= self->depth;
}

#define COVER_STEP_CM 0.5    /* steps of a unit carried into cover */
#define COVER_FIT_HALVINGS 6 /* a step halved so often: to 0.008 cm */

/*  The footprint unit u stands in with its centre at p: turned as
 *  `facing` says it will be there (an answer turning it to face the
 *  enemy from where it ends), its own facing when facing is NULL.  A
 *  unit is in cover only "entirely", so the facing it will have is the
 *  one its footprint must fit at. */
static footprint_t
cover_footprint_at (const unit_t *u, vec2_t p, situation_facing_fn facing,
                    const void *ctx)
{
    footprint_t fp = u->fp;
    fp.centre = p;
    if (facing)
        fp.facing = geom_norm_deg (facing (p, ctx));
    return fp;
}

/*  The point of feature i's outline nearest p, p inside or out: the way
 *  in from outside goes through it, and from inside straight away from
 *  it (polygon_nearest_point gives p itself for a point inside). */
static vec2_t
feature_edge_nearest (const situation_t *self, int i, vec2_t p)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    double best2 = INFINITY;
    vec2_t best = f->vertices[0];
    for (int k = 0, j = f->vertex_count - 1; k < f->vertex_count; j = k++) {
        vec2_t q = geom_segment_nearest (f->vertices[j], f->vertices[k], p);
        double dx = q.x - p.x, dy = q.y - p.y;
        if (dx * dx + dy * dy < best2) {
            best2 = dx * dx + dy * dy;
            best = q;
        }
    }
    return best;
}

/*  "Unit entirely in cover": the nearest point, within reach_cm of
 *  movement (a barrier costing its part of move_cm), where unit u's
 *  whole footprint, at the facing it will have there, is inside feature
 *  i.  Two ways in are tried: through the feature's edge nearest the
 *  centre (straight on through it from outside, straight away from it
 *  from inside) and towards the feature's centroid; along each, the
 *  first COVER_STEP_CM step that fits, brought back towards the edge by
 *  halving while it still fits.  Returns the move's cost, or -1 when
 *  none is in reach (a feature too small or too far for the unit). */
static double
cover_wholly_point (const situation_t *self, const unit_t *u, int i,
                    double reach_cm, double move_cm,
                    situation_facing_fn facing, const void *ctx,
                    vec2_t *point)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    vec2_t c = u->fp.centre;
    vec2_t edge = feature_edge_nearest (self, i, c);
    vec2_t mid = polygon_centroid (f->vertices, f->vertex_count);
    bool inside = feature_contains (self, i, c);
    vec2_t aims[2] = { { inside ? c.x - edge.x : edge.x - c.x,
                         inside ? c.y - edge.y : edge.y - c.y },
                       { mid.x - c.x, mid.y - c.y } };
    double best = -1.0;
    for (int k = 0; k < 2; k++) {
        double len = hypot (aims[k].x, aims[k].y);
        if (len <= SIT_EPS)
            continue;
        vec2_t dir = { aims[k].x / len, aims[k].y / len };
        double out = 0.0;         /* the furthest step that does not fit */
        for (double s = COVER_STEP_CM; s <= reach_cm + SIT_EPS;
             s += COVER_STEP_CM) {
            vec2_t p = { c.x + dir.x * s, c.y + dir.y * s };
            if (!on_table (self, p))
                break;
            footprint_t fp = cover_footprint_at (u, p, facing, ctx);
            if (!feature_contains (self, i, p)
                || !feature_contains_footprint (self, i, &fp)) {
                out = s;
                continue;
            }
            double in = s;
            for (int h = 0; h < COVER_FIT_HALVINGS; h++) {
                double m = (out + in) / 2.0;
                vec2_t q = { c.x + dir.x * m, c.y + dir.y * m };
                fp = cover_footprint_at (u, q, facing, ctx);
                if (feature_contains_footprint (self, i, &fp))
                    in = m;
                else
                    out = m;
            }
            p = (vec2_t) { c.x + dir.x * in, c.y + dir.y * in };
            double cost = situation_path_cost (self, c, p, move_cm);
            if (cost >= 0.0 && cost <= reach_cm + SIT_EPS
                && (best < 0.0 || cost < best)) {
                best = cost;
                *point = p;
            }
            break;
        }
    }
    return best;
}

/*  "Cover further from the enemy": is p further from away_from than
 *  the unit is now (now_away)?  Any point is when away_from is NULL. */
static bool
cover_further (vec2_t p, const vec2_t *away_from, double now_away)
{
    return !away_from || geom_dist (p, *away_from) > now_away + SIT_EPS;
}

/*  Where the unit's centre goes to take cover in feature i, and whether
 *  it stands wholly inside there (*whole), at the facing it will have
 *  (cover_footprint_at): where it stands when it is wholly inside
 *  already; else the nearest point within reach where it is
 *  (cover_wholly_point).  With none (a feature too small, or too far to
 *  go all the way in within the move), as far in as it gets: where it
 *  stands when its centre is inside already; else just inside the
 *  feature, half the unit's depth in from the nearest edge, or less when
 *  the feature is thin or the move too short.  A point not further from
 *  away_from (cover_further) is passed over for the next.  Returns the
 *  move's cost (a barrier costing its part of move_cm), or -1 when no
 *  such point can be reached within reach_cm. */
static double
cover_point (const situation_t *self, const unit_t *u, int i,
             double reach_cm, double move_cm, situation_facing_fn facing,
             const void *ctx, const vec2_t *away_from, double now_away,
             vec2_t *point, bool *whole)
{
    const terrain_feature_t *f = &self->terrain->features[i];
    vec2_t c = u->fp.centre;
    bool in = feature_contains (self, i, c);
    *whole = true;
    if (in) {
        footprint_t here = cover_footprint_at (u, c, facing, ctx);
        *point = c;
        if (feature_contains_footprint (self, i, &here))
            return cover_further (c, away_from, now_away) ? 0.0 : -1.0;
    }
    vec2_t p;
    double cost = cover_wholly_point (self, u, i, reach_cm, move_cm,
                                      facing, ctx, &p);
    if (cost >= 0.0 && cover_further (p, away_from, now_away)) {
        *point = p;
        return cost;
    }
    *whole = false;
    if (in) {
        *point = c;
        return cover_further (c, away_from, now_away) ? 0.0 : -1.0;
    }
    vec2_t edge = polygon_nearest_point (f->vertices, f->vertex_count, c);
    double d = geom_dist (c, edge);
    if (d <= 0.0)
        return -1.0;
    vec2_t dir = { (edge.x - c.x) / d, (edge.y - c.y) / d };
    const double insets[] = { u->fp.depth / 2.0, u->fp.depth / 4.0,
                              STOP_SHORT_CM, 0.0 };
    for (size_t k = 0; k < sizeof insets / sizeof insets[0]; k++) {
        vec2_t p = { edge.x + dir.x * insets[k], edge.y + dir.y * insets[k] };
        if (!on_table (self, p) || !feature_contains (self, i, p))
            continue;
        double cost = situation_path_cost (self, c, p, move_cm);
        if (cost >= 0.0 && cost <= reach_cm + SIT_EPS) {
            *point = p;
            return cover_further (p, away_from, now_away) ? cost : -1.0;
        }
    }
    return -1.0;
}

int
situation_nearest_cover (const situation_t *self, int u, double reach_cm,
                         double move_cm, const vec2_t *away_from,
                         vec2_t *point)
{
    return situation_nearest_cover_facing (self, u, reach_cm, move_cm,
                                           away_from, NULL, NULL, point);
}

int
situation_nearest_cover_facing (const situation_t *self, int u,
                                double reach_cm, double move_cm,
                                const vec2_t *away_from,
                                situation_facing_fn facing, const void *ctx,
                                vec2_t *point)
{
    const unit_t *me = situation_unit_const (self, u);
    int best = -1;
    double best_cost = INFINITY;
    bool best_whole = false;
    vec2_t best_point = me->fp.centre;
    double now_away = away_from ? geom_dist (me->fp.centre, *away_from) : 0.0;
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        if (self->terrain->features[i].cover == COVER_NONE
            || feature_effect (self, i)->impassable)
            continue;
        /* a move into it costs at least the way to its box: out of reach,
           or no cheaper than the best place wholly in cover, it cannot
           be chosen */
        double least = box_distance (&self->terrain->boxes[i], me->fp.centre);
        if (least > reach_cm + SIT_EPS || (best_whole && least >= best_cost))
            continue;
        vec2_t p;
        bool whole;
        double cost = cover_point (self, me, i, reach_cm, move_cm, facing,
                                   ctx, away_from, now_away, &p, &whole);
        if (cost < 0.0 || (whole == best_whole && cost >= best_cost)
            || (best_whole && !whole))
            continue;
        best = i;
        best_cost = cost;
        best_whole = whole;
        best_point = p;
    }
    if (best >= 0 && point)
        *point = best_point;
    return best;
}

double
situation_away_bearing (const situation_t *self, int u, const int *enemies,
                        int n)
{
    const unit_t *me = situation_unit_const (self, u);
    double sx = 0.0, sy = 0.0;
    for (int k = 0; k < n; k++) {
        const unit_t *e = situation_unit_const (self, enemies[k]);
        vec2_t dir = geom_heading_vec (geom_bearing (me->fp.centre,
                                                     e->fp.centre));
        double d = footprint_distance (&me->fp, &e->fp);
        double w = 1.0 / (d > MIN_WEIGHT_CM ? d : MIN_WEIGHT_CM);
        sx += dir.x * w;
        sy += dir.y * w;
    }
    if (fabs (sx) <= SIT_EPS && fabs (sy) <= SIT_EPS)
        return geom_norm_deg (me->fp.facing + 180.0);
    return geom_bearing ((vec2_t) { 0.0, 0.0 }, (vec2_t) { -sx, -sy });
}

vec2_t
situation_move_towards (const situation_t *self, vec2_t from, double bearing,
                        double dist)
{
    if (!(dist > 0.0))
        return from;
    vec2_t dir = geom_heading_vec (bearing);
    double t = 1.0;             /* fraction of dist that can be moved */
    /* the table's edges */
    if (dir.x > SIT_EPS)
        t = geom_min (t, (self->width - from.x) / (dist * dir.x));
    else if (dir.x < -SIT_EPS)
        t = geom_min (t, (0.0 - from.x) / (dist * dir.x));
    if (dir.y > SIT_EPS)
        t = geom_min (t, (self->depth - from.y) / (dist * dir.y));
    else if (dir.y < -SIT_EPS)
        t = geom_min (t, (0.0 - from.y) / (dist * dir.y));
    if (t < 0.0)
        t = 0.0;
    /* short of impassable terrain, unless already standing in it */
    vec2_t to = { from.x + dir.x * dist, from.y + dir.y * dist };
    int count = situation_terrain_count (self);
    for (int i = 0; i < count; i++) {
        if (!feature_effect (self, i)->impassable
            || !box_meets_segment (&self->terrain->boxes[i], from, to)
            || feature_contains (self, i, from))
            continue;
        const terrain_feature_t *f = &self->terrain->features[i];
        double cuts[2 * SOLO_MAX_VERTICES];
        int n = polygon_segment_cuts (f->vertices, f->vertex_count, from, to,
                                      cuts, 2 * SOLO_MAX_VERTICES);
        for (int k = 0; k < n; k++) {
            double stop = cuts[k] - STOP_SHORT_CM / dist;
            if (stop < t)
                t = stop < 0.0 ? 0.0 : stop;
        }
    }
    vec2_t p = { from.x + dir.x * dist * t, from.y + dir.y * dist * t };
    /* rounding must not leave the table */
    p.x = geom_min (geom_max (p.x, 0.0), self->width);
    p.y = geom_min (geom_max (p.y, 0.0), self->depth);
    return p;
}

footprint_t
situation_footprint_towards (const footprint_t *fp, const footprint_t *target,
                             double gap_cm, bool turn)
{
    footprint_t at = *fp;
    if (turn) {
        vec2_t aim = footprint_nearest_point (fp, target);
        at.facing = geom_bearing (at.centre, aim);
    }
    double d = footprint_distance (&at, target);
    if (d <= gap_cm)
        return at;
    vec2_t pa = footprint_nearest_point (target, &at);    /* of at */
    vec2_t pb = footprint_nearest_point (&at, target);    /* of target */
    /* the gap closes in step with the way along it: stop gap_cm short */
    double t = gap_cm > 0.0 ? (d - gap_cm) / d : 1.0;
    at.centre.x += (pb.x - pa.x) * t;
    at.centre.y += (pb.y - pa.y) * t;
    return at;
}

/*  The cost of the way from a to b for situation_contact_footprint:
 *  situation_path_cost, INFINITY for impassable terrain (so that it
 *  compares as dearest), or the length when the way is measured in the
 *  open. */
static double
contact_cost (const situation_t *self, vec2_t a, vec2_t b, double move_cm,
              bool pays_terrain)
{
    if (!pays_terrain)
        return geom_dist (a, b);
    double cost = situation_path_cost (self, a, b, move_cm);
    return cost < 0.0 ? INFINITY : cost;
}

double
situation_contact_footprint (const situation_t *self, const footprint_t *fp,
                             const footprint_t *target, double allowance_cm,
                             double move_cm, bool pays_terrain,
                             footprint_t *out)
{
    footprint_t turned = situation_footprint_towards (fp, target, 0.0, true);
    footprint_t straight = situation_footprint_towards (fp, target, 0.0,
                                                        false);
    double c1 = contact_cost (self, fp->centre, turned.centre, move_cm,
                              pays_terrain);
    double c2 = contact_cost (self, fp->centre, straight.centre, move_cm,
                              pays_terrain);
    bool use_turned = c1 <= allowance_cm || c1 <= c2;
    if (out)
        *out = use_turned ? turned : straight;
    return use_turned ? c1 : c2;
}

int
situation_overlaps (const situation_t *self, int u, situation_overlap_t *out,
                    int max)
{
    assert (self && (out || max == 0));
    int n = situation_unit_count (self);
    if (u >= n)
        return 0;
    int *near = malloc ((size_t) (n > 0 ? n : 1) * sizeof *near);
    if (!near)
        return -1;
    int found = 0;
    int first = u >= 0 ? u : 0, last = u >= 0 ? u + 1 : n;
    for (int a = first; a < last; a++) {
        const unit_t *ua = situation_unit_const (self, a);
        if (unit_figures_standing (ua) <= 0)
            continue;
        /* those touching it or nearer: the only ones that may overlap */
        int k = situation_units_within (self, &ua->fp, -1, 0,
                                        SITUATION_ALL_SIDES, NULL, NULL, near,
                                        NULL, n);
        for (int i = 0; i < k && i < n; i++) {
            int b = near[i];
            /* every pair once: the other unit after this one, or any
               other when asked about one unit */
            if (b == a || (u < 0 && b < a))
                continue;
            const unit_t *ub = situation_unit_const (self, b);
            if (unit_figures_standing (ub) <= 0)
                continue;
            double depth = footprint_overlap (&ua->fp, &ub->fp);
            if (depth <= SITUATION_OVERLAP_CM)
                continue;
            if (found < max)
                out[found] = (situation_overlap_t) { a < b ? a : b,
                                                     a < b ? b : a, depth };
            found++;
        }
    }
    free (near);
    return found;
}
