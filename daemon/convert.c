/*  convert.c - protocol messages to rules-core values and back.  */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "convert.h"
#include "quick_unpack.h"

int
convert_fail (convert_error_t *error, error_code_t code, const char *field,
              const char *format, ...)
{
    error->code = code;
    snprintf (error->field, sizeof error->field, "%s", field ? field : "");
    va_list args;
    va_start (args, format);
    vsnprintf (error->message, sizeof error->message, format, args);
    va_end (args);
    return -1;
}

/*  Where a field sits: a chain of names from the request down, each
 *  with an index into its list or not, "ask_unit.situation" ->
 *  "terrain[3]" -> "polygon[2]", to which a check adds ".name".  The
 *  path is written only when a check fails: writing it for every field
 *  of every unit cost more than the checks themselves. */
typedef struct where_s where_t;
struct where_s {
    const where_t *parent;           /* NULL: the top */
    const char *name;
    long index;                      /* -1: no index */
};

/*  `name` (element `index` of it, -1 for none) within `parent` (NULL:
 *  at the top). */
static where_t
where (const where_t *parent, const char *name, long index)
{
    return (where_t) { parent, name, index };
}

/*  Text `s` added at buf[*used], cut to leave room for the terminator
 *  of a CONVERT_FIELD_MAX buffer. */
static void
path_add (char *buf, size_t *used, const char *s)
{
    size_t room = CONVERT_FIELD_MAX - 1 - *used;
    size_t len = strnlen (s, room);
    memcpy (buf + *used, s, len);
    *used += len;
}

/*  The path of `at` added at buf[*used]: its parents' first, then
 *  ".name" (no dot at the top) and "[index]". */
static void
path_add_where (char *buf, size_t *used, const where_t *at)
{
    if (at->parent) {
        path_add_where (buf, used, at->parent);
        path_add (buf, used, ".");
    }
    path_add (buf, used, at->name);
    if (at->index >= 0) {
        char digits[24];
        int n = (int) sizeof digits - 1;
        unsigned long v = (unsigned long) at->index;
        digits[n] = '\0';
        do
            digits[--n] = (char) ('0' + v % 10);
        while ((v /= 10) > 0);
        digits[--n] = '[';
        path_add (buf, used, digits + n);
        path_add (buf, used, "]");
    }
}

/*  The path of field `name` (NULL: the place itself) at `at`, into a
 *  caller buffer of CONVERT_FIELD_MAX bytes, cut at its end.  Written
 *  without printf. */
static const char *
path_at (char *buf, const where_t *at, const char *name)
{
    size_t used = 0;
    path_add_where (buf, &used, at);
    if (name) {
        path_add (buf, &used, ".");
        path_add (buf, &used, name);
    }
    buf[used] = '\0';
    return buf;
}

/*  convert_fail naming field `name` at `at`. */
static int
fail_at (convert_error_t *error, error_code_t code, const where_t *at,
         const char *name, const char *format, ...)
    __attribute__ ((format (printf, 5, 6)));

static int
fail_at (convert_error_t *error, error_code_t code, const where_t *at,
         const char *name, const char *format, ...)
{
    char field[CONVERT_FIELD_MAX];
    error->code = code;
    snprintf (error->field, sizeof error->field, "%s",
              path_at (field, at, name));
    va_list args;
    va_start (args, format);
    vsnprintf (error->message, sizeof error->message, format, args);
    va_end (args);
    return -1;
}

/*  Check an id: present, and short enough for SOLO_ID_MAX. */
static int
check_id (const char *id, bool required, const where_t *at, const char *name,
          convert_error_t *error)
{
    if (required && (!id || !*id))
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "an id is required");
    if (id && strnlen (id, SOLO_ID_MAX) >= SOLO_ID_MAX)
        return fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at,
                        name, "id of %zu bytes is longer than "
                        "max_id_length (%d)", strlen (id), SOLO_ID_MAX - 1);
    return 0;
}

/*  check_id, then the id copied into `out` (SOLO_ID_MAX bytes; "" for
 *  NULL), measured once for both. */
static int
take_id (const char *id, bool required, const where_t *at, const char *name,
         char *out, convert_error_t *error)
{
    size_t len = id ? strnlen (id, SOLO_ID_MAX) : 0;
    if (required && len == 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "an id is required");
    if (len >= SOLO_ID_MAX)
        return fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at,
                        name, "id of %zu bytes is longer than "
                        "max_id_length (%d)", strlen (id), SOLO_ID_MAX - 1);
    if (len > 0)
        memcpy (out, id, len);
    out[len] = '\0';
    return 0;
}

/*  A point read from the wire: present and finite. */
static int
take_point (const Solo__V1__Point *p, const where_t *at, const char *name,
            vec2_t *out, convert_error_t *error)
{
    if (!p)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "a point is required");
    if (!isfinite (p->x) || !isfinite (p->y))
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "coordinates must be finite numbers");
    if (fabs (p->x) > SOLO_MAX_TABLE_CM * 2 || fabs (p->y) > SOLO_MAX_TABLE_CM * 2)
        return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, at, name,
                        "(%g, %g) lies too far beyond any table "
                        "(max_table_cm %g)", p->x, p->y, SOLO_MAX_TABLE_CM);
    out->x = p->x;
    out->y = p->y;
    return 0;
}

/*  A length in (0, SOLO_MAX_TABLE_CM]. */
static int
take_length (double value, const where_t *at, const char *name,
             convert_error_t *error)
{
    if (!isfinite (value))
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "must be a finite number");
    if (value <= 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, at, name,
                        "is %g, must be above 0 cm", value);
    if (value > SOLO_MAX_TABLE_CM)
        return fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at, name,
                        "is %g cm, more than max_table_cm (%g)", value,
                        SOLO_MAX_TABLE_CM);
    return 0;
}

/*  An enum value read from the wire (protobuf-c keeps unknown values). */
static int
take_enum (int value, int count, const char *what, const where_t *at,
           const char *name, convert_error_t *error)
{
    if (value < 0 || value >= count)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "%d is not a %s (0..%d)", value, what, count - 1);
    return 0;
}

/*  An enum the wire maps value by value (`mapped` -1: no such value). */
static int
take_wire_enum (int mapped, int value, const char *what, const where_t *at,
                const char *name, convert_error_t *error)
{
    if (mapped < 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, name,
                        "%d is not a %s", value, what);
    return 0;
}

/*  A figure count: 0 or more. */
static int
take_count (int32_t value, const where_t *at, const char *name,
            convert_error_t *error)
{
    if (value < 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, at, name,
                        "is %d, must not be negative", (int) value);
    if (value > SOLO_MAX_FIGURES)
        return fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at, name,
                        "is %d, more than max_figures (%d)", (int) value,
                        SOLO_MAX_FIGURES);
    return 0;
}

/*  The weapons a ruleset knows, as "rifle, musket, ..." for messages. */
static void
weapon_list (const ruleset_t *rs, char *buf, size_t buflen)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < ruleset_weapon_count (rs) && used < buflen; i++) {
        int n = snprintf (buf + used, buflen - used, "%s%s", i ? ", " : "",
                          ruleset_weapon (rs, i)->name);
        if (n < 0)
            break;
        used += (size_t) n;
    }
}

static int
convert_terrain (situation_t *sit, const ruleset_t *rs,
                 const Solo__V1__TerrainFeature *msg, const where_t *at,
                 convert_error_t *error)
{
    /* on the stack and not zeroed: only the vertices given are read */
    terrain_feature_t feature;
    terrain_feature_t *f = &feature;
    int rc = 0;
    if (check_id (msg->id, true, at, "id", error)
    ||  take_enum ((int) msg->kind, TERRAIN_KIND_COUNT, "terrain kind", at,
                   "kind", error)
    ||  take_enum ((int) msg->cover, COVER_COUNT + 1, "cover", at, "cover",
                   error))
        rc = -1;
    if (rc == 0 && msg->n_polygon < 3)
        rc = fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, "polygon",
                      "a polygon needs at least 3 vertices, got %zu",
                      msg->n_polygon);
    if (rc == 0 && msg->n_polygon > SOLO_MAX_VERTICES)
        rc = fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at,
                      "polygon", "%zu vertices, more than "
                      "max_polygon_vertices (%d)", msg->n_polygon,
                      SOLO_MAX_VERTICES);
    for (size_t k = 0; rc == 0 && k < msg->n_polygon; k++) {
        where_t vertex = where (at, "polygon", (long) k);
        rc = take_point (msg->polygon[k], &vertex, NULL, &f->vertices[k],
                         error);
    }
    if (rc == 0) {
        memset (f->id, 0, sizeof f->id);
        memcpy (f->id, msg->id, strlen (msg->id));  /* checked shorter */
        f->kind = (terrain_kind_t) msg->kind;
        f->vertex_count = (int) msg->n_polygon;
        switch (msg->cover) {
            case SOLO__V1__COVER__COVER_NONE: f->cover = COVER_NONE; break;
            case SOLO__V1__COVER__COVER_SOFT: f->cover = COVER_SOFT; break;
            case SOLO__V1__COVER__COVER_HARD: f->cover = COVER_HARD; break;
            default: {
                const terrain_effect_t *effect = ruleset_terrain (rs, f->kind);
                f->cover = effect ? effect->cover : COVER_NONE;
            }
        }
        char why[SOLO_ERR_MAX] = "";
        if (situation_add_terrain (sit, f, why, sizeof why))
            rc = fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, NULL,
                          "%s", why);
    }
    return rc;
}

uint32_t
convert_status_bits (const Solo__V1__UnitStatus *s)
{
    if (!s)
        return 0;
    uint32_t bits = 0;
    if (s->ran_last_turn)         bits |= STATUS_RAN_LAST_TURN;
    if (s->retreating_from_melee) bits |= STATUS_RETREATING_FROM_MELEE;
    if (s->falling_back)          bits |= STATUS_FALLING_BACK;
    if (s->fortified)             bits |= STATUS_FORTIFIED;
    if (s->loaded)                bits |= STATUS_LOADED;
    if (s->shock)                 bits |= STATUS_SHOCK;
    if (s->fired)                 bits |= STATUS_FIRED;
    if (s->commanded)             bits |= STATUS_COMMANDED;
    if (s->disloyal)              bits |= STATUS_DISLOYAL;
    if (s->routing)               bits |= STATUS_ROUTING;
    if (s->disordered)            bits |= STATUS_DISORDERED;
    if (s->newly_disordered)      bits |= STATUS_NEWLY_DISORDERED;
    return bits;
}

/*  True when every figure count of the unit is one take_count takes. */
static bool
counts_in_range (const Solo__V1__Unit *msg)
{
    const uint32_t max = SOLO_MAX_FIGURES;     /* a negative is huge */
    return (uint32_t) msg->figures <= max && (uint32_t) msg->wounded <= max
        && (uint32_t) msg->killed <= max && (uint32_t) msg->officers <= max
        && (uint32_t) msg->ncos <= max && (uint32_t) msg->drummers <= max
        && (uint32_t) msg->buglers <= max;
}

/*  A unit's stands from the wire into `u`, each checked and named by its
 *  place (units[3].stands[1].strength). */
static int
take_stands (const Solo__V1__Unit *msg, const where_t *at, unit_t *u,
             convert_error_t *error)
{
    if (msg->n_stands > SOLO_MAX_STANDS)
        return fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, at,
                        "stands", "%zu stands, more than max_stands (%d)",
                        msg->n_stands, SOLO_MAX_STANDS);
    for (size_t i = 0; i < msg->n_stands; i++) {
        const Solo__V1__Stand *st = msg->stands[i];
        where_t place = where (at, "stands", (long) i);
        if (st->start < 1 || st->start > SOLO_MAX_STAND_STRENGTH)
            return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, &place,
                            "start", "is %d, not in 1..%d", (int) st->start,
                            SOLO_MAX_STAND_STRENGTH);
        if (st->strength < 0 || st->strength > st->start)
            return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, &place,
                            "strength", "is %d, not in 0..%d (its start)",
                            (int) st->strength, (int) st->start);
        u->stands[i] = (stand_t) { (int16_t) st->start,
                                   (int16_t) st->strength };
    }
    u->stand_count = (int) msg->n_stands;
    return 0;
}

/*  The weapon the last unit named, found: units in a row mostly carry
 *  the same one, and the same bytes find the same row. */
typedef struct {
    const char *name;                /* NULL: none yet */
    int index;
} weapon_memo_t;

/*  Fill `u` from a protocol unit, checking each field in turn: every
 *  check unit_validate makes is made here, naming the wire field, so
 *  that the unit can be added with situation_add_checked_unit. */
static int
take_unit (const ruleset_t *rs, const Solo__V1__Unit *msg, const where_t *at,
           weapon_memo_t *memo, unit_t *u, convert_error_t *error)
{
    memset (u, 0, sizeof *u);
    if (take_id (msg->id, true, at, "id", u->id, error)
    ||  take_id (msg->platoon, false, at, "platoon", u->platoon, error)
    ||  take_enum ((int) msg->side, SIDE_COUNT, "side", at, "side", error)
    ||  take_enum ((int) msg->arm, ARM_COUNT, "arm", at, "arm", error)
    ||  take_wire_enum (convert_quality_from_wire ((int) msg->quality),
                        (int) msg->quality, "quality", at, "quality",
                        error)
    ||  take_wire_enum (convert_formation_from_wire ((int) msg->formation),
                        (int) msg->formation, "formation", at, "formation",
                        error))
        return -1;

    char known[512];
    if (!msg->weapon || !*msg->weapon) {
        weapon_list (rs, known, sizeof known);
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at,
                        "weapon", "no weapon given (%s knows: %s)",
                        ruleset_name (rs), known);
    }
    int weapon;
    if (memo->name && strcmp (memo->name, msg->weapon) == 0)
        weapon = memo->index;
    else {
        weapon = ruleset_weapon_find (rs, msg->weapon);
        if (weapon >= 0)
            *memo = (weapon_memo_t) { msg->weapon, weapon };
    }
    if (weapon < 0) {
        weapon_list (rs, known, sizeof known);
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at,
                        "weapon", "unknown weapon '%.*s' (%s knows: %s)",
                        SOLO_NAME_MAX, msg->weapon, ruleset_name (rs), known);
    }

    int troop_type = ruleset_troop_type_find (rs, msg->troop_type);
    if (troop_type < 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at,
                        "troop_type", "unit '%.*s': unknown troop type '%.*s' "
                        "(%s knows: %s)", SOLO_ID_MAX, msg->id, SOLO_NAME_MAX,
                        msg->troop_type, ruleset_name (rs),
                        ruleset_troop_type_list (rs, known, sizeof known));

    /*  the usual case, every count in range, in one test; otherwise
     *  each in turn, to name the first out of range */
    if (!counts_in_range (msg)
    &&  (take_count (msg->figures, at, "figures", error)
    ||  take_count (msg->wounded, at, "wounded", error)
    ||  take_count (msg->killed, at, "killed", error)
    ||  take_count (msg->officers, at, "officers", error)
    ||  take_count (msg->ncos, at, "ncos", error)
    ||  take_count (msg->drummers, at, "drummers", error)
    ||  take_count (msg->buglers, at, "buglers", error)))
        return -1;
    if (msg->figures < 1)
        return fail_at (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, at,
                        "figures", "a unit has at least 1 figure, got %d",
                        (int) msg->figures);
    if ((int64_t) msg->wounded + msg->killed > msg->figures)
        return fail_at (error, SOLO__V1__ERROR__CODE__IMPOSSIBLE, at,
                        "wounded", "%d wounded and %d killed out of %d "
                        "figures", (int) msg->wounded, (int) msg->killed,
                        (int) msg->figures);

    if (take_point (msg->centre, at, "centre", &u->fp.centre, error))
        return -1;
    if (!isfinite (msg->facing))
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at,
                        "facing", "must be a finite number of degrees");
    if (take_length (msg->width, at, "width", error)
    ||  take_length (msg->depth, at, "depth", error))
        return -1;
    if (msg->has_last_enemy_seen
    &&  take_point (msg->last_enemy_seen, at, "last_enemy_seen",
                    &u->last_enemy_seen, error))
        return -1;
    if (msg->n_stands && take_stands (msg, at, u, error))
        return -1;

    u->side = (side_t) msg->side;
    u->arm = (arm_t) msg->arm;
    u->quality = (quality_t) convert_quality_from_wire ((int) msg->quality);
    u->weapon = weapon;
    u->troop_type = troop_type;
    u->bayonet = msg->bayonet;
    u->formation = (formation_t) convert_formation_from_wire (
        (int) msg->formation);
    u->figures = msg->figures;
    u->wounded = msg->wounded;
    u->killed = msg->killed;
    u->officers = msg->officers;
    u->ncos = msg->ncos;
    u->drummers = msg->drummers;
    u->buglers = msg->buglers;
    u->fp.facing = msg->facing;     /* situation_add_unit normalises it */
    u->fp.width = msg->width;
    u->fp.depth = msg->depth;
    u->status = convert_status_bits (msg->status);
    if (msg->has_last_enemy_seen)
        u->status |= STATUS_HAS_LAST_ENEMY;
    char why[SOLO_ERR_MAX];
    if (ruleset_troop_type_check (rs, u, why, sizeof why) < 0)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at,
                        "troop_type", "%s", why);
    /*  The one check of unit_validate's not made above, in its words
     *  (the unit is added without unit_validate). */
    long leaders = (long) u->officers + u->ncos + u->drummers + u->buglers;
    if (leaders > u->figures)
        return fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, NULL,
                        "unit \"%s\": officers + ncos + drummers + buglers "
                        "(%ld) exceeds figures (%d)", u->id, leaders,
                        u->figures);
    return 0;
}

situation_t *
convert_situation (const Solo__V1__Situation *msg, const catalog_t *catalog,
                   const char *prefix, convert_error_t *error)
{
    where_t top_place = where (NULL, prefix, -1);
    const where_t *top = &top_place;
    const ruleset_t *rs = catalog_find (catalog, msg->ruleset);
    if (!rs) {
        fail_at (error, SOLO__V1__ERROR__CODE__UNKNOWN_RULESET, top, "ruleset",
                 "no ruleset called '%.*s'", SOLO_NAME_MAX, msg->ruleset);
        return NULL;
    }
    if (take_length (msg->table_width, top, "table_width", error)
    ||  take_length (msg->table_depth, top, "table_depth", error))
        return NULL;
    if (msg->n_terrain > SOLO_MAX_TERRAIN) {
        fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, top, "terrain",
                 "%zu terrain features, more than max_terrain_features (%d)",
                 msg->n_terrain, SOLO_MAX_TERRAIN);
        return NULL;
    }
    if (msg->n_units > SOLO_MAX_UNITS) {
        fail_at (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED, top, "units",
                 "%zu units, more than max_units (%d)", msg->n_units,
                 SOLO_MAX_UNITS);
        return NULL;
    }
    situation_t *sit = situation_new (rs, msg->table_width, msg->table_depth);
    if (!sit) {
        fail_at (error, SOLO__V1__ERROR__CODE__INTERNAL, top, NULL,
                 "out of memory");
        return NULL;
    }
    /*  Room for every unit and feature at once (a hint: without memory
     *  for it they are added all the same). */
    (void) situation_reserve_units (sit, (int) msg->n_units);
    (void) situation_reserve_terrain (sit, (int) msg->n_terrain);
    for (size_t i = 0; i < msg->n_terrain; i++) {
        where_t at = where (top, "terrain", (long) i);
        if (convert_terrain (sit, rs, msg->terrain[i], &at, error)) {
            situation_destroy (&sit);
            return NULL;
        }
    }
    weapon_memo_t memo = { NULL, -1 };
    for (size_t i = 0; i < msg->n_units; i++) {
        unit_t unit;
        where_t place = where (top, "units", (long) i);
        const where_t *at = &place;
        if (take_unit (rs, msg->units[i], at, &memo, &unit, error)) {
            situation_destroy (&sit);
            return NULL;
        }
        char why[SOLO_ERR_MAX];
        why[0] = '\0';
        /*  take_unit made every check of unit_validate's */
        if (situation_add_checked_unit (sit, &unit, why, sizeof why) < 0) {
            fail_at (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, at, NULL,
                     "%s", why);
            situation_destroy (&sit);
            return NULL;
        }
    }
    /*  Questions about a big table look for units near a place through
     *  the index; without memory for it they look at every unit. */
    situation_index_units (sit);
    return sit;
}

/*  ---- decisions -------------------------------------------------------- */

/*  A malloc'd copy of s ("" for NULL); NULL only when out of memory. */
static char *
copy (const char *s)
{
    return strdup (s ? s : "");
}

/*  The id of unit `index` in sit, or "" when there is none. */
static const char *
unit_id_at (const situation_t *sit, int index)
{
    if (!sit || index < 0 || index >= situation_unit_count (sit))
        return "";
    return situation_unit_const (sit, index)->id;
}

/*  The name of the formation an order forms before it moves, or ""
 *  when it keeps its own (rf_order_t.formation -1). */
static const char *
formation_taken (int formation)
{
    return formation >= 0 ? formation_name ((formation_t) formation) : "";
}

static const char *
terrain_id_at (const situation_t *sit, int index)
{
    if (!sit || index < 0 || index >= situation_terrain_count (sit))
        return "";
    return situation_terrain (sit, index)->id;
}

static Solo__V1__Geometry *
convert_geometry (const rf_order_t *order, const situation_t *sit)
{
    Solo__V1__Geometry *g = malloc (sizeof *g);
    if (!g)
        return NULL;
    solo__v1__geometry__init (g);
    g->nearest_enemy_id = copy (unit_id_at (sit, order->nearest_enemy));
    g->nearest_enemy_distance = order->nearest_enemy >= 0
                              ? order->nearest_enemy_cm : 0;
    g->enemy_in_weapon_range = order->enemy_in_weapon_range;
    g->enemy_in_charge_reach = order->enemy_in_charge_reach;
    g->cover_id = copy (terrain_id_at (sit, order->cover_feature));
    g->has_destination = order->has_destination;
    g->destination = malloc (sizeof *g->destination);
    if (g->destination) {
        solo__v1__point__init (g->destination);
        if (order->has_destination) {
            g->destination->x = order->destination.x;
            g->destination->y = order->destination.y;
        }
    }
    g->move_distance = order->move_cm;
    g->facing = order->facing;
    g->pace = copy (order->pace);
    g->shoot_target_id = copy (unit_id_at (sit, order->shoot_target));
    g->range_band = copy (order->range_band);
    g->no_shot = copy (rf_no_shot_name (order->no_shot));
    g->no_shot_unit_id = copy (unit_id_at (sit, order->no_shot_about));
    g->formation = copy (formation_taken (order->formation));
    g->charge_target_id = copy (unit_id_at (sit, order->charge_target));
    int count = order->group_count;
    if (count < 0)
        count = 0;
    if (count > RF_MAX_GROUP)
        count = RF_MAX_GROUP;
    if (count > 0) {
        g->group_unit_ids = calloc ((size_t) count, sizeof (char *));
        if (g->group_unit_ids) {
            g->n_group_unit_ids = (size_t) count;
            for (int i = 0; i < count; i++)
                g->group_unit_ids[i] = copy (unit_id_at (sit, order->group[i]));
        }
    }
    return g;
}

char **
convert_overlap_warnings (const situation_t *sit, int u,
                          void *(*alloc) (void *arg, size_t size), void *arg,
                          size_t *count)
{
    *count = 0;
    situation_overlap_t pairs[CONVERT_MAX_WARNINGS];
    int found = sit ? situation_overlaps (sit, u, pairs, CONVERT_MAX_WARNINGS)
                    : 0;
    if (found <= 0)
        return NULL;
    int shown = found < CONVERT_MAX_WARNINGS ? found : CONVERT_MAX_WARNINGS;
    char **out = alloc (arg, (size_t) shown * sizeof *out);
    if (!out)
        return NULL;
    const ruleset_t *rs = situation_ruleset (sit);
    for (int i = 0; i < shown; i++) {
        char text[256], depth[48];
        const situation_overlap_t *p = &pairs[i];
        if (i == shown - 1 && found > shown)
            snprintf (text, sizeof text, "and %d more pairs of units overlap "
                      "on the table", found - shown + 1);
        else
            snprintf (text, sizeof text, "units \"%s\" and \"%s\" overlap by "
                      "%s: figures cannot stand so, move one of them",
                      situation_unit_const (sit, p->a)->id,
                      situation_unit_const (sit, p->b)->id,
                      ruleset_length_text (rs, p->depth_cm, depth,
                                           sizeof depth));
        size_t len = strlen (text) + 1;
        out[i] = alloc (arg, len);
        if (!out[i])
            return NULL;
        memcpy (out[i], text, len);
    }
    *count = (size_t) shown;
    return out;
}

static void *
system_alloc (void *arg, size_t size)
{
    (void) arg;
    return malloc (size);
}

static void *
arena_alloc (void *arg, size_t size)
{
    ProtobufCAllocator *arena = arg;
    return arena->alloc (arena->allocator_data, size);
}

/*  An overlay's base ruleset and its tables' hash; "" for a ruleset of
 *  its own. */
static const char *
base_name_of (const ruleset_t *rs)
{
    return ruleset_base_name (rs) ? ruleset_base_name (rs) : "";
}

static const char *
base_hash_of (const ruleset_t *rs)
{
    return ruleset_base_tables_hash (rs) ? ruleset_base_tables_hash (rs) : "";
}

/*  Walk a built message for a NULL left by a failed allocation. */
static bool
decision_complete (const Solo__V1__UnitDecision *m)
{
    if (!m->unit_id || !m->action || !m->rf_band || !m->morale
    ||  !m->morale_text || !m->layer || !m->ruleset || !m->tables_hash
    ||  !m->explanation || !m->arm || !m->geometry || !m->length_unit
    ||  !m->base_ruleset || !m->base_tables_hash)
        return false;
    for (size_t i = 0; i < m->n_factors; i++)
        if (!m->factors[i] || !m->factors[i]->name || !m->factors[i]->reason)
            return false;
    for (size_t i = 0; i < m->n_outcomes; i++)
        if (!m->outcomes[i] || !m->outcomes[i]->action
        ||  !m->outcomes[i]->morale || !m->outcomes[i]->text)
            return false;
    const Solo__V1__Geometry *g = m->geometry;
    if (!g->nearest_enemy_id || !g->cover_id || !g->destination || !g->pace
    ||  !g->shoot_target_id || !g->range_band || !g->no_shot
    ||  !g->no_shot_unit_id || !g->formation || !g->charge_target_id)
        return false;
    for (size_t i = 0; i < g->n_group_unit_ids; i++)
        if (!g->group_unit_ids[i])
            return false;
    return true;
}

Solo__V1__UnitDecision *
convert_decision (const rf_decision_t *d, const situation_t *sit,
                  const ruleset_t *ruleset, const char *unit_id, uint64_t seed)
{
    Solo__V1__UnitDecision *m = malloc (sizeof *m);
    if (!m)
        return NULL;
    solo__v1__unit_decision__init (m);
    m->unit_id = copy (unit_id);
    m->action = copy (rf_action_name (d->action));
    m->charge = d->charge;
    m->rf = d->rf;
    const rf_table_t *table = ruleset_rf_table (ruleset, d->arm);
    m->rf_band = copy (table && d->band >= 0 && d->band < RF_BANDS
                       ? table->band_name[d->band] : "");
    m->roll = (uint32_t) d->roll;
    m->roll_from_player = d->roll_from_player;

    int factors = d->factor_count;
    if (factors < 0)
        factors = 0;
    if (factors > RF_MAX_FACTORS)
        factors = RF_MAX_FACTORS;
    if (factors > 0) {
        m->factors = calloc ((size_t) factors, sizeof *m->factors);
        if (m->factors) {
            m->n_factors = (size_t) factors;
            for (int i = 0; i < factors; i++) {
                Solo__V1__Factor *f = malloc (sizeof *f);
                m->factors[i] = f;
                if (!f)
                    continue;
                solo__v1__factor__init (f);
                f->name = copy (d->factors[i].name);
                f->value = d->factors[i].value;
                f->reason = copy (d->factors[i].reason);
            }
        }
    }
    m->outcomes = calloc (RF_FACES, sizeof *m->outcomes);
    if (m->outcomes) {
        m->n_outcomes = RF_FACES;
        for (int i = 0; i < RF_FACES; i++) {
            Solo__V1__Outcome *o = malloc (sizeof *o);
            m->outcomes[i] = o;
            if (!o)
                continue;
            solo__v1__outcome__init (o);
            o->roll = (uint32_t) d->outcomes[i].roll;
            o->action = copy (rf_action_name (d->outcomes[i].action));
            o->charge = d->outcomes[i].charge;
            o->morale = copy (d->outcomes[i].morale);
            o->text = copy (d->outcomes[i].text);
        }
    }
    m->morale = copy (d->morale);
    m->morale_text = copy (d->morale_text);
    m->geometry = convert_geometry (&d->order, sit);
    m->layer = copy ("table");
    m->ruleset = copy (ruleset_name (ruleset));
    m->tables_hash = copy (ruleset_tables_hash (ruleset));
    m->explanation = copy (d->explanation);
    m->arm = copy (arm_name (d->arm));
    m->seed = seed;
    m->length_unit = copy (ruleset_length_unit (ruleset));
    m->cm_per_length_unit = ruleset_cm_per_length_unit (ruleset);
    m->base_ruleset = copy (base_name_of (ruleset));
    m->base_tables_hash = copy (base_hash_of (ruleset));
    if (sit && unit_id)
        m->warnings = convert_overlap_warnings (
            sit, situation_find_unit (sit, unit_id), system_alloc, NULL,
            &m->n_warnings);
    if (!decision_complete (m))
        convert_decision_free (&m);
    return m;
}

/*  A string of the decision for the message: borrowed, never NULL. */
static char *
borrow (const char *s)
{
    return (char *) (s ? s : "");
}

Solo__V1__UnitDecision *
convert_decision_in (const rf_decision_t *d, const situation_t *sit,
                     const ruleset_t *ruleset, const char *unit_id,
                     uint64_t seed, ProtobufCAllocator *arena)
{
    void *a = arena->allocator_data;
    int factors = d->factor_count < 0 ? 0
                : d->factor_count > RF_MAX_FACTORS ? RF_MAX_FACTORS
                : d->factor_count;
    int group = d->order.group_count < 0 ? 0
              : d->order.group_count > RF_MAX_GROUP ? RF_MAX_GROUP
              : d->order.group_count;
    Solo__V1__UnitDecision *m = arena->alloc (a, sizeof *m);
    Solo__V1__Geometry *g = arena->alloc (a, sizeof *g);
    Solo__V1__Point *destination = arena->alloc (a, sizeof *destination);
    Solo__V1__Factor *factor = arena->alloc (a, (size_t) (factors + 1)
                                                * sizeof *factor);
    Solo__V1__Factor **factor_ptrs = arena->alloc (a, (size_t) (factors + 1)
                                                      * sizeof *factor_ptrs);
    Solo__V1__Outcome *outcome = arena->alloc (a, RF_FACES * sizeof *outcome);
    Solo__V1__Outcome **outcome_ptrs = arena->alloc (a, RF_FACES
                                                     * sizeof *outcome_ptrs);
    char **group_ids = arena->alloc (a, (size_t) (group + 1)
                                        * sizeof *group_ids);
    if (!m || !g || !destination || !factor || !factor_ptrs || !outcome
    ||  !outcome_ptrs || !group_ids)
        return NULL;

    solo__v1__unit_decision__init (m);
    m->unit_id = borrow (unit_id);
    m->action = borrow (rf_action_name (d->action));
    m->charge = d->charge;
    m->rf = d->rf;
    const rf_table_t *table = ruleset_rf_table (ruleset, d->arm);
    m->rf_band = borrow (table && d->band >= 0 && d->band < RF_BANDS
                         ? table->band_name[d->band] : "");
    m->roll = (uint32_t) d->roll;
    m->roll_from_player = d->roll_from_player;
    for (int i = 0; i < factors; i++) {
        solo__v1__factor__init (&factor[i]);
        factor[i].name = borrow (d->factors[i].name);
        factor[i].value = d->factors[i].value;
        factor[i].reason = borrow (d->factors[i].reason);
        factor_ptrs[i] = &factor[i];
    }
    m->n_factors = (size_t) factors;
    m->factors = factors ? factor_ptrs : NULL;
    for (int i = 0; i < RF_FACES; i++) {
        solo__v1__outcome__init (&outcome[i]);
        outcome[i].roll = (uint32_t) d->outcomes[i].roll;
        outcome[i].action = borrow (rf_action_name (d->outcomes[i].action));
        outcome[i].charge = d->outcomes[i].charge;
        outcome[i].morale = borrow (d->outcomes[i].morale);
        outcome[i].text = borrow (d->outcomes[i].text);
        outcome_ptrs[i] = &outcome[i];
    }
    m->n_outcomes = RF_FACES;
    m->outcomes = outcome_ptrs;
    m->morale = borrow (d->morale);
    m->morale_text = borrow (d->morale_text);

    const rf_order_t *order = &d->order;
    solo__v1__geometry__init (g);
    g->nearest_enemy_id = borrow (unit_id_at (sit, order->nearest_enemy));
    g->nearest_enemy_distance = order->nearest_enemy >= 0
                              ? order->nearest_enemy_cm : 0;
    g->enemy_in_weapon_range = order->enemy_in_weapon_range;
    g->enemy_in_charge_reach = order->enemy_in_charge_reach;
    g->cover_id = borrow (terrain_id_at (sit, order->cover_feature));
    g->has_destination = order->has_destination;
    solo__v1__point__init (destination);
    if (order->has_destination) {
        destination->x = order->destination.x;
        destination->y = order->destination.y;
    }
    g->destination = destination;
    g->move_distance = order->move_cm;
    g->facing = order->facing;
    g->pace = borrow (order->pace);
    g->shoot_target_id = borrow (unit_id_at (sit, order->shoot_target));
    g->range_band = borrow (order->range_band);
    g->no_shot = borrow (rf_no_shot_name (order->no_shot));
    g->no_shot_unit_id = borrow (unit_id_at (sit, order->no_shot_about));
    g->formation = borrow (formation_taken (order->formation));
    g->charge_target_id = borrow (unit_id_at (sit, order->charge_target));
    for (int i = 0; i < group; i++)
        group_ids[i] = borrow (unit_id_at (sit, order->group[i]));
    g->n_group_unit_ids = (size_t) group;
    g->group_unit_ids = group ? group_ids : NULL;
    m->geometry = g;

    m->layer = borrow ("table");
    m->ruleset = borrow (ruleset_name (ruleset));
    m->tables_hash = borrow (ruleset_tables_hash (ruleset));
    m->explanation = borrow (d->explanation);
    m->arm = borrow (arm_name (d->arm));
    m->seed = seed;
    m->length_unit = borrow (ruleset_length_unit (ruleset));
    m->cm_per_length_unit = ruleset_cm_per_length_unit (ruleset);
    m->base_ruleset = borrow (base_name_of (ruleset));
    m->base_tables_hash = borrow (base_hash_of (ruleset));
    if (sit && unit_id)
        m->warnings = convert_overlap_warnings (
            sit, situation_find_unit (sit, unit_id), arena_alloc, arena,
            &m->n_warnings);
    return m;
}

/*  ---- a decision's reply on the wire ----------------------------------
 *
 *  A UnitDecision packed by hand, byte for byte as protobuf-c packs a
 *  proto3 message: fields in the order of their numbers, a scalar only
 *  when it is not 0 (false, "", 0.0 and -0.0 left out), a message field
 *  when it is not NULL (empty or not), each element of a repeated
 *  message or string field (empty strings too).  protobuf-c walks the
 *  descriptors field by field, for sizing the reply and again for
 *  packing it: this costs half of that.  The messages' shapes are
 *  checked against their descriptors (test_convert_reply); should a
 *  field be added to one, the field counts differ and protobuf-c packs
 *  the reply. */

/*  Reply's fields as solo.proto numbers them, and the wire types. */
#define REPLY_FIELD_ID            1
#define REPLY_FIELD_UNIT_DECISION 12
#define WIRE_VARINT               0
#define WIRE_64BIT                1
#define WIRE_LENGTH_DELIMITED     2
#define VARINT_MAX_BYTES          10       /* of a 64-bit value */

#define WIRE_MESSAGES_MAX 64      /* message fields of one decision (more:
                                     protobuf-c packs it) */

/*  Fields of each message the hand packer knows. */
#define DECISION_FIELDS 23
#define FACTOR_FIELDS   3
#define OUTCOME_FIELDS  5
#define GEOMETRY_FIELDS 17
#define POINT_FIELDS    2

/*  The bytes of `value` as a varint. */
static inline size_t
varint_size (uint64_t value)
{
    size_t n = 1;
    while (value >= 0x80) {
        value >>= 7;
        n++;
    }
    return n;
}

/*  `value` as a protobuf varint at `buf`; returns the bytes written
 *  (1 to VARINT_MAX_BYTES). */
static inline size_t
put_varint (uint8_t *buf, uint64_t value)
{
    size_t n = 0;
    while (value >= 0x80) {
        buf[n++] = (uint8_t) (value | 0x80);
        value >>= 7;
    }
    buf[n++] = (uint8_t) value;
    return n;
}

/*  The packer's cursor: sizing (buf NULL) only counts, packing writes.
 *  Sizing notes the size of each message field, in the order the fields
 *  come (a message before those within it), for packing to write as
 *  their lengths without sizing them again. */
typedef struct {
    uint8_t *buf;
    size_t used;
    size_t *sizes;                   /* WIRE_MESSAGES_MAX of them */
    int next;                        /* the next message field's */
} wire_t;

/*  The key of field number `field` sent as `wire_type`. */
static inline void
wire_tag (wire_t *w, unsigned field, unsigned wire_type)
{
    uint64_t tag = (uint64_t) field << 3 | wire_type;
    if (w->buf)
        w->used += put_varint (w->buf + w->used, tag);
    else
        w->used += varint_size (tag);
}

/*  A varint (a length, a number, a bool). */
static inline void
wire_varint (wire_t *w, uint64_t value)
{
    if (w->buf)
        w->used += put_varint (w->buf + w->used, value);
    else
        w->used += varint_size (value);
}

/*  A string field: left out when NULL or empty unless `always` (an
 *  element of a repeated field). */
static inline void
wire_string (wire_t *w, unsigned field, const char *s, bool always)
{
    size_t len = s ? strlen (s) : 0;
    if (len == 0 && !always)
        return;
    wire_tag (w, field, WIRE_LENGTH_DELIMITED);
    wire_varint (w, len);
    if (w->buf && len)
        memcpy (w->buf + w->used, s, len);
    w->used += len;
}

/*  A bool field: left out when false, else 1 whatever true it holds. */
static inline void
wire_bool (wire_t *w, unsigned field, protobuf_c_boolean value)
{
    if (!value)
        return;
    wire_tag (w, field, WIRE_VARINT);
    wire_varint (w, 1);
}

/*  int32, uint32, uint64: a negative int32 goes as its 64-bit two's
 *  complement (ten bytes), as protobuf-c sends it. */
static inline void
wire_int64 (wire_t *w, unsigned field, uint64_t value)
{
    if (value == 0)
        return;
    wire_tag (w, field, WIRE_VARINT);
    wire_varint (w, value);
}

/*  A double field: left out when 0 or -0 (NaN is sent), else its eight
 *  bytes, little-end first. */
static inline void
wire_double (wire_t *w, unsigned field, double value)
{
    if (value == 0)
        return;
    wire_tag (w, field, WIRE_64BIT);
    if (w->buf) {
        uint64_t bits;
        memcpy (&bits, &value, sizeof bits);
        for (int i = 0; i < 8; i++)
            w->buf[w->used + (size_t) i] = (uint8_t) (bits >> (8 * i));
    }
    w->used += 8;
}

/*  A message field's tag and length, the message to follow. */
static inline void
wire_message_head (wire_t *w, unsigned field, size_t size)
{
    wire_tag (w, field, WIRE_LENGTH_DELIMITED);
    wire_varint (w, size);
}

/*  The fields of each message, in the order of their numbers. */
static void
wire_point (wire_t *w, const Solo__V1__Point *p)
{
    wire_double (w, 1, p->x);
    wire_double (w, 2, p->y);
}

static void
wire_factor (wire_t *w, const Solo__V1__Factor *f)
{
    wire_string (w, 1, f->name, false);
    wire_int64 (w, 2, (uint64_t) (int64_t) f->value);
    wire_string (w, 3, f->reason, false);
}

static void
wire_outcome (wire_t *w, const Solo__V1__Outcome *o)
{
    wire_int64 (w, 1, o->roll);
    wire_string (w, 2, o->action, false);
    wire_bool (w, 3, o->charge);
    wire_string (w, 4, o->morale, false);
    wire_string (w, 5, o->text, false);
}

/*  A message field (or an element of a repeated one) as tag, length and
 *  message packed by `pack`; a NULL element of a list as a message of no
 *  bytes, as protobuf-c packs it.  Sizing packs it to count its bytes
 *  and notes them; packing takes them from the note. */
#define WIRE_MESSAGE(w, field, pack, msg)                                 \
    do {                                                                  \
        int slot_ = (w)->next++;                                          \
        if (!(w)->buf) {                                                  \
            size_t start_ = (w)->used;                                    \
            if (msg)                                                      \
                pack (w, msg);                                            \
            (w)->sizes[slot_] = (w)->used - start_;                       \
            (w)->used = start_;                                           \
        }                                                                 \
        size_t size_ = (w)->sizes[slot_];                                 \
        wire_message_head (w, field, size_);                              \
        if ((w)->buf && (msg))                                            \
            pack (w, msg);                                                \
        else                                                              \
            (w)->used += size_;                                           \
    } while (0)

static void
wire_geometry (wire_t *w, const Solo__V1__Geometry *g)
{
    wire_string (w, 1, g->nearest_enemy_id, false);
    wire_double (w, 2, g->nearest_enemy_distance);
    wire_bool (w, 3, g->enemy_in_weapon_range);
    wire_bool (w, 4, g->enemy_in_charge_reach);
    wire_string (w, 5, g->cover_id, false);
    wire_bool (w, 6, g->has_destination);
    if (g->destination)
        WIRE_MESSAGE (w, 7, wire_point, g->destination);
    wire_double (w, 8, g->move_distance);
    wire_double (w, 9, g->facing);
    wire_string (w, 10, g->pace, false);
    wire_string (w, 11, g->shoot_target_id, false);
    wire_string (w, 12, g->range_band, false);
    for (size_t i = 0; i < g->n_group_unit_ids; i++)
        wire_string (w, 13, g->group_unit_ids[i], true);
    wire_string (w, 14, g->no_shot, false);
    wire_string (w, 15, g->no_shot_unit_id, false);
    wire_string (w, 16, g->formation, false);
    wire_string (w, 17, g->charge_target_id, false);
}

static void
wire_decision (wire_t *w, const Solo__V1__UnitDecision *m)
{
    wire_string (w, 1, m->unit_id, false);
    wire_string (w, 2, m->action, false);
    wire_bool (w, 3, m->charge);
    wire_int64 (w, 4, (uint64_t) (int64_t) m->rf);
    wire_string (w, 5, m->rf_band, false);
    wire_int64 (w, 6, m->roll);
    wire_bool (w, 7, m->roll_from_player);
    for (size_t i = 0; i < m->n_factors; i++)
        WIRE_MESSAGE (w, 8, wire_factor, m->factors[i]);
    for (size_t i = 0; i < m->n_outcomes; i++)
        WIRE_MESSAGE (w, 9, wire_outcome, m->outcomes[i]);
    wire_string (w, 10, m->morale, false);
    wire_string (w, 11, m->morale_text, false);
    if (m->geometry)
        WIRE_MESSAGE (w, 12, wire_geometry, m->geometry);
    wire_string (w, 13, m->layer, false);
    wire_string (w, 14, m->ruleset, false);
    wire_string (w, 15, m->tables_hash, false);
    wire_string (w, 16, m->explanation, false);
    wire_string (w, 17, m->arm, false);
    wire_int64 (w, 18, m->seed);
    wire_string (w, 19, m->length_unit, false);
    wire_double (w, 20, m->cm_per_length_unit);
    wire_string (w, 21, m->base_ruleset, false);
    wire_string (w, 22, m->base_tables_hash, false);
    for (size_t i = 0; i < m->n_warnings; i++)
        wire_string (w, 23, m->warnings[i], true);
}

/*  True when the hand packer can pack `m`: the messages have the fields
 *  it packs, and `m` no more message fields than it notes. */
static bool
wire_can_pack (const Solo__V1__UnitDecision *m)
{
    return m->n_factors + m->n_outcomes + 2 <= WIRE_MESSAGES_MAX
        && solo__v1__unit_decision__descriptor.n_fields == DECISION_FIELDS
        && solo__v1__factor__descriptor.n_fields == FACTOR_FIELDS
        && solo__v1__outcome__descriptor.n_fields == OUTCOME_FIELDS
        && solo__v1__geometry__descriptor.n_fields == GEOMETRY_FIELDS
        && solo__v1__point__descriptor.n_fields == POINT_FIELDS;
}

bool
convert_decision_packs_by_hand (const Solo__V1__UnitDecision *body)
{
    assert (body);
    return wire_can_pack (body);
}

int
convert_pack_decision_reply (uint64_t request_id,
                             const Solo__V1__UnitDecision *body,
                             uint8_t **out, size_t *out_len)
{
    assert (body && out && out_len);
    bool by_hand = wire_can_pack (body);
    /*  As protobuf-c packs a proto3 Reply: the id unless 0, then the
     *  oneof's message as tag, length and bytes. */
    size_t sizes[WIRE_MESSAGES_MAX];
    wire_t sizing = { NULL, 0, sizes, 0 };
    size_t size;
    if (by_hand) {
        wire_decision (&sizing, body);
        size = sizing.used;
    }
    else
        size = solo__v1__unit_decision__get_packed_size (body);
    wire_t head = { NULL, 0, NULL, 0 };
    wire_int64 (&head, REPLY_FIELD_ID, request_id);
    wire_message_head (&head, REPLY_FIELD_UNIT_DECISION, size);
    uint8_t *buf = malloc (head.used + size);
    if (!buf)
        return -1;
    wire_t w = { buf, 0, sizes, 0 };
    wire_int64 (&w, REPLY_FIELD_ID, request_id);
    wire_message_head (&w, REPLY_FIELD_UNIT_DECISION, size);
    if (by_hand)
        wire_decision (&w, body);
    else
        w.used += solo__v1__unit_decision__pack (body, buf + w.used);
    assert (w.used == head.used + size);
    assert (!by_hand || w.next == sizing.next);
    *out = buf;
    *out_len = w.used;
    return 0;
}

void
convert_decision_free (Solo__V1__UnitDecision **msg_p)
{
    if (!msg_p || !*msg_p)
        return;
    /*  Every part was malloc'd: the unpacker's free walks them all. */
    protobuf_c_message_free_unpacked (&(*msg_p)->base, NULL);
    *msg_p = NULL;
}

bool
convert_has_include (const char *text)
{
    const char *line = text;
    while (line && *line) {
        while (*line == ' ' || *line == '\t')
            line++;
        if (strncmp (line, "@include", 8) == 0)
            return true;
        line = strchr (line, '\n');
        if (line)
            line++;
    }
    return false;
}

Solo__V1__UnitStatus *
convert_status_message (uint32_t bits, pool_t *pool)
{
    Solo__V1__UnitStatus *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__unit_status__init (m);
    m->ran_last_turn = (bits & STATUS_RAN_LAST_TURN) != 0;
    m->retreating_from_melee = (bits & STATUS_RETREATING_FROM_MELEE) != 0;
    m->falling_back = (bits & STATUS_FALLING_BACK) != 0;
    m->fortified = (bits & STATUS_FORTIFIED) != 0;
    m->loaded = (bits & STATUS_LOADED) != 0;
    m->shock = (bits & STATUS_SHOCK) != 0;
    m->fired = (bits & STATUS_FIRED) != 0;
    m->commanded = (bits & STATUS_COMMANDED) != 0;
    m->disloyal = (bits & STATUS_DISLOYAL) != 0;
    m->routing = (bits & STATUS_ROUTING) != 0;
    m->disordered = (bits & STATUS_DISORDERED) != 0;
    m->newly_disordered = (bits & STATUS_NEWLY_DISORDERED) != 0;
    return m;
}

/*  A point in the pool. */
static Solo__V1__Point *
point_message (vec2_t p, pool_t *pool)
{
    Solo__V1__Point *m = pool_alloc (pool, sizeof *m);
    if (m) {
        solo__v1__point__init (m);
        m->x = p.x;
        m->y = p.y;
    }
    return m;
}

Solo__V1__Unit *
convert_unit_message (const unit_t *u, const ruleset_t *rs, pool_t *pool)
{
    Solo__V1__Unit *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__unit__init (m);
    const weapon_t *weapon = ruleset_weapon (rs, u->weapon);
    m->id = pool_strdup (pool, u->id);
    m->side = (Solo__V1__Side) u->side;
    m->arm = (Solo__V1__Arm) u->arm;
    m->quality = convert_quality_message (u->quality);
    m->weapon = pool_strdup (pool, weapon ? weapon->name : "");
    const troop_type_t *troop_type = ruleset_troop_type (rs, u->troop_type);
    m->troop_type = pool_strdup (pool, troop_type ? troop_type->name : "");
    m->bayonet = u->bayonet;
    m->formation = convert_formation_message (u->formation);
    m->formation_word = pool_strdup (pool, ruleset_formation_word (
                                               rs, u->arm, u->formation));
    m->figures = u->figures;
    m->wounded = u->wounded;
    m->killed = u->killed;
    m->officers = u->officers;
    m->ncos = u->ncos;
    m->drummers = u->drummers;
    m->buglers = u->buglers;
    m->centre = point_message (u->fp.centre, pool);
    m->facing = u->fp.facing;
    m->width = u->fp.width;
    m->depth = u->fp.depth;
    m->status = convert_status_message (u->status, pool);
    m->platoon = pool_strdup (pool, u->platoon);
    if (u->stand_count > 0) {
        m->stands = pool_alloc (pool, (size_t) u->stand_count
                                      * sizeof *m->stands);
        Solo__V1__Stand *stands = pool_alloc (pool, (size_t) u->stand_count
                                                    * sizeof *stands);
        if (m->stands && stands) {
            for (int i = 0; i < u->stand_count; i++) {
                solo__v1__stand__init (&stands[i]);
                stands[i].start = u->stands[i].start;
                stands[i].strength = u->stands[i].strength;
                m->stands[i] = &stands[i];
            }
            m->n_stands = (size_t) u->stand_count;
        }
    }
    if (u->status & STATUS_HAS_LAST_ENEMY) {
        m->has_last_enemy_seen = true;
        m->last_enemy_seen = point_message (u->last_enemy_seen, pool);
    }
    return pool_failed (pool) ? NULL : m;
}

const ruleset_t *
convert_tracking_finder (const char *name, void *arg)
{
    convert_finder_t *state = arg;
    const ruleset_t *rs = catalog_find (state->catalog, name);
    if (!rs)
        snprintf (state->missing, sizeof state->missing, "%s",
                  name ? name : "");
    return rs;
}

/*  ---- enums value by value ---- */

Solo__V1__Quality
convert_quality_message (quality_t quality)
{
    switch (quality) {
    case QUALITY_HERO:    return SOLO__V1__QUALITY__QUALITY_HERO;
    case QUALITY_RAW:     return SOLO__V1__QUALITY__QUALITY_RAW;
    case QUALITY_AVERAGE: return SOLO__V1__QUALITY__QUALITY_AVERAGE;
    case QUALITY_GREEN:   return SOLO__V1__QUALITY__QUALITY_GREEN;
    default:              return SOLO__V1__QUALITY__QUALITY_REGULAR;
    }
}

int
convert_quality_from_wire (int value)
{
    switch (value) {
    case SOLO__V1__QUALITY__QUALITY_REGULAR: return QUALITY_REGULAR;
    case SOLO__V1__QUALITY__QUALITY_HERO:    return QUALITY_HERO;
    case SOLO__V1__QUALITY__QUALITY_RAW:     return QUALITY_RAW;
    case SOLO__V1__QUALITY__QUALITY_AVERAGE: return QUALITY_AVERAGE;
    case SOLO__V1__QUALITY__QUALITY_GREEN:   return QUALITY_GREEN;
    default:                                 return -1;
    }
}

Solo__V1__Formation
convert_formation_message (formation_t formation)
{
    switch (formation) {
    case FORMATION_COLUMN:  return SOLO__V1__FORMATION__FORMATION_COLUMN;
    case FORMATION_SQUARE:  return SOLO__V1__FORMATION__FORMATION_SQUARE;
    case FORMATION_LOOSE:   return SOLO__V1__FORMATION__FORMATION_LOOSE;
    case FORMATION_MOUNTED: return SOLO__V1__FORMATION__FORMATION_MOUNTED;
    case FORMATION_MARCH:   return SOLO__V1__FORMATION__FORMATION_MARCH;
    default:                return SOLO__V1__FORMATION__FORMATION_LINE;
    }
}

int
convert_formation_from_wire (int value)
{
    switch (value) {
    case SOLO__V1__FORMATION__FORMATION_LINE:    return FORMATION_LINE;
    case SOLO__V1__FORMATION__FORMATION_COLUMN:  return FORMATION_COLUMN;
    case SOLO__V1__FORMATION__FORMATION_SQUARE:  return FORMATION_SQUARE;
    case SOLO__V1__FORMATION__FORMATION_LOOSE:   return FORMATION_LOOSE;
    case SOLO__V1__FORMATION__FORMATION_MOUNTED: return FORMATION_MOUNTED;
    case SOLO__V1__FORMATION__FORMATION_MARCH:   return FORMATION_MARCH;
    default:                                     return -1;
    }
}

/*  ---- UTF-8 of a request's strings -------------------------------------- */

/*  The offset of the first byte of `s` that is not well-formed UTF-8
 *  (overlong forms, surrogates and code points past U+10FFFF refused), or
 *  -1 when it all is. */
static long
utf8_bad_at (const char *s)
{
    const unsigned char *p = (const unsigned char *) s;
    for (long i = 0; p[i]; ) {
        unsigned c = p[i];
        int len;
        unsigned min;
        if (c < 0x80) {
            i++;
            continue;
        }
        else if ((c & 0xe0) == 0xc0) { len = 2; min = 0x80; c &= 0x1f; }
        else if ((c & 0xf0) == 0xe0) { len = 3; min = 0x800; c &= 0x0f; }
        else if ((c & 0xf8) == 0xf0) { len = 4; min = 0x10000; c &= 0x07; }
        else
            return i;
        for (int k = 1; k < len; k++) {
            if ((p[i + k] & 0xc0) != 0x80)
                return i;
            c = (c << 6) | (p[i + k] & 0x3f);
        }
        if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
            return i;
        i += len;
    }
    return -1;
}

static int
check_utf8_in (const ProtobufCMessage *m, char *path, size_t used,
               convert_error_t *error)
{
    const ProtobufCMessageDescriptor *d = m->descriptor;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (f->type != PROTOBUF_C_TYPE_STRING
            && f->type != PROTOBUF_C_TYPE_MESSAGE)
            continue;
        const char *base = (const char *) m;
        if ((f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
            && *(const uint32_t *) (base + f->quantifier_offset) != f->id)
            continue;
        size_t count = 1;
        const void *const *items = (const void *const *) (base + f->offset);
        if (f->label == PROTOBUF_C_LABEL_REPEATED) {
            count = *(const size_t *) (base + f->quantifier_offset);
            items = *(const void *const *const *) (base + f->offset);
        }
        for (size_t k = 0; items && k < count; k++) {
            const void *item = items[k];
            if (!item)
                continue;
            size_t n = used;
            n += (size_t) snprintf (path + n, CONVERT_FIELD_MAX - n, "%s%s",
                                    n ? "." : "", f->name);
            if (f->label == PROTOBUF_C_LABEL_REPEATED && n < CONVERT_FIELD_MAX)
                n += (size_t) snprintf (path + n, CONVERT_FIELD_MAX - n,
                                        "[%zu]", k);
            if (n >= CONVERT_FIELD_MAX)
                n = CONVERT_FIELD_MAX - 1;
            if (f->type == PROTOBUF_C_TYPE_STRING) {
                long at = utf8_bad_at (item);
                if (at >= 0)
                    return convert_fail (error,
                                         SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                         path, "not UTF-8 at byte %ld (a "
                                         "protocol string is UTF-8 text)",
                                         at);
            }
            else if (check_utf8_in (item, path, n, error) < 0)
                return -1;
            path[used] = '\0';
        }
    }
    return 0;
}

int
convert_check_utf8 (const ProtobufCMessage *message, convert_error_t *error)
{
    assert (message && error);
    char path[CONVERT_FIELD_MAX] = "";
    return check_utf8_in (message, path, 0, error);
}

/*  ---- NULs inside a request's strings ---------------------------------- */

int
convert_check_nul (const ProtobufCMessageDescriptor *descriptor,
                   const void *data, size_t len, convert_error_t *error)
{
    assert (descriptor && error && (data || len == 0));
    char path[CONVERT_FIELD_MAX];
    long at = quick_find_nul (descriptor, len, data, path, sizeof path);
    if (at < 0)
        return 0;
    return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, path,
                         "a NUL byte at byte %ld (a protocol string is text: "
                         "it would be cut there)", at);
}

Solo__V1__Error__Code
convert_load_code (const char *err, const char *missing)
{
    if (missing && missing[0])
        return SOLO__V1__ERROR__CODE__UNKNOWN_RULESET;
    if (err && strstr (err, "out of memory"))
        return SOLO__V1__ERROR__CODE__INTERNAL;
    return SOLO__V1__ERROR__CODE__BAD_REQUEST;
}
