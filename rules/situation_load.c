/*  situation_load.c - the situation file (libconfig) into a situation_t.
 *
 *  The format is documented in clients/examples/README.md.  Every error
 *  is "origin:line - reason", the line being the setting at fault and the
 *  reason naming the unit or feature and its field.  Unknown fields are
 *  errors too: a misspelt "figure" must not silently become the default.
 */
#include <errno.h>
#include <libconfig.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"
#include "situation.h"

#define SITUATION_FILE_MAX (64 * 1024 * 1024)   /* bytes of a situation file */

typedef struct {
    const char *origin;
    char *err;
    int errlen;
    char what[SOLO_ID_MAX + 32];   /* 'unit "red-1" stand 2' for messages */
} loader_t;

/*  Report `fmt` at setting s's line (or without a line when there is
 *  none) and return -1. */
static int
fail (loader_t *ld, const config_setting_t *s, const char *fmt, ...)
{
    char reason[SOLO_ERR_MAX];
    va_list args;
    va_start (args, fmt);
    vsnprintf (reason, sizeof reason, fmt, args);
    va_end (args);
    int line = s ? config_setting_source_line (s) : 0;
    if (line > 0)
        snprintf (ld->err, ld->errlen, "%s:%d - %s", ld->origin, line, reason);
    else
        snprintf (ld->err, ld->errlen, "%s - %s", ld->origin, reason);
    return -1;
}

/*  Every member of group g must be one of `known` (NULL-terminated). */
static int
check_fields (loader_t *ld, const config_setting_t *g,
              const char *const *known)
{
    int n = config_setting_length (g);
    for (int i = 0; i < n; i++) {
        const config_setting_t *m = config_setting_get_elem (g, i);
        const char *name = config_setting_name (m);
        bool ok = false;
        for (int k = 0; known[k] && !ok; k++)
            ok = strcmp (known[k], name) == 0;
        if (!ok)
            return fail (ld, m, "%s: unknown field \"%s\"", ld->what, name);
    }
    return 0;
}

/*  The member `name` of g, or NULL; a required one missing is an error
 *  reported at g's line (*missing set). */
static config_setting_t *
member (loader_t *ld, config_setting_t *g, const char *name, bool required,
        int *missing)
{
    config_setting_t *m = config_setting_get_member (g, name);
    if (!m && required) {
        fail (ld, g, "%s: missing %s", ld->what, name);
        *missing = 1;
    }
    return m;
}

static bool
is_number (const config_setting_t *s)
{
    int type = config_setting_type (s);
    return type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64
        || type == CONFIG_TYPE_FLOAT;
}

static double
number_of (const config_setting_t *s)
{
    switch (config_setting_type (s)) {
        case CONFIG_TYPE_INT:   return config_setting_get_int (s);
        case CONFIG_TYPE_INT64: return (double) config_setting_get_int64 (s);
        default:                return config_setting_get_float (s);
    }
}

/*  A number field (int or float) in [lo, hi]; def when absent and not
 *  required. */
static int
get_number (loader_t *ld, config_setting_t *g, const char *name,
            bool required, double def, double lo, double hi, double *out)
{
    int missing = 0;
    config_setting_t *m = member (ld, g, name, required, &missing);
    if (missing)
        return -1;
    if (!m) {
        *out = def;
        return 0;
    }
    if (!is_number (m))
        return fail (ld, m, "%s: %s must be a number", ld->what, name);
    double v = number_of (m);
    if (!isfinite (v) || v < lo || v > hi)
        return fail (ld, m, "%s: %s %g not in %g..%g", ld->what, name, v, lo,
                     hi);
    *out = v;
    return 0;
}

/*  A whole-number field in [lo, hi]. */
static int
get_int (loader_t *ld, config_setting_t *g, const char *name, bool required,
         int def, int lo, int hi, int *out)
{
    int missing = 0;
    config_setting_t *m = member (ld, g, name, required, &missing);
    if (missing)
        return -1;
    if (!m) {
        *out = def;
        return 0;
    }
    int type = config_setting_type (m);
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64)
        return fail (ld, m, "%s: %s must be a whole number", ld->what, name);
    long long v = type == CONFIG_TYPE_INT ? config_setting_get_int (m)
                                          : config_setting_get_int64 (m);
    if (v < lo || v > hi)
        return fail (ld, m, "%s: %s %lld not in %d..%d", ld->what, name, v,
                     lo, hi);
    *out = (int) v;
    return 0;
}

static int
get_bool (loader_t *ld, config_setting_t *g, const char *name, bool def,
          bool *out)
{
    config_setting_t *m = config_setting_get_member (g, name);
    if (!m) {
        *out = def;
        return 0;
    }
    if (config_setting_type (m) != CONFIG_TYPE_BOOL)
        return fail (ld, m, "%s: %s must be true or false", ld->what, name);
    *out = config_setting_get_bool (m) != 0;
    return 0;
}

/*  A string field; *out NULL when absent and not required.  *at gets the
 *  setting for later messages (may be NULL). */
static int
get_string (loader_t *ld, config_setting_t *g, const char *name,
            bool required, const char **out, config_setting_t **at)
{
    int missing = 0;
    config_setting_t *m = member (ld, g, name, required, &missing);
    if (missing)
        return -1;
    *out = NULL;
    if (at)
        *at = m ? m : g;
    if (!m)
        return 0;
    if (config_setting_type (m) != CONFIG_TYPE_STRING)
        return fail (ld, m, "%s: %s must be a string", ld->what, name);
    *out = config_setting_get_string (m);
    return 0;
}

/*  A point: [x, y] as an array or list of two numbers. */
static int
point_of (loader_t *ld, const config_setting_t *s, const char *name,
          vec2_t *out)
{
    int type = config_setting_type (s);
    if ((type != CONFIG_TYPE_ARRAY && type != CONFIG_TYPE_LIST)
        || config_setting_length (s) != 2
        || !is_number (config_setting_get_elem (s, 0))
        || !is_number (config_setting_get_elem (s, 1)))
        return fail (ld, s, "%s: %s must be [x, y]", ld->what, name);
    out->x = number_of (config_setting_get_elem (s, 0));
    out->y = number_of (config_setting_get_elem (s, 1));
    if (!isfinite (out->x) || !isfinite (out->y))
        return fail (ld, s, "%s: %s is not a number", ld->what, name);
    return 0;
}

/*  An id field: present, a non-empty string short enough. */
static int
get_id (loader_t *ld, config_setting_t *g, const char *name, bool required,
        char out[SOLO_ID_MAX])
{
    const char *s;
    config_setting_t *at;
    if (get_string (ld, g, name, required, &s, &at) < 0)
        return -1;
    if (!s) {
        out[0] = '\0';
        return 0;
    }
    if (required && s[0] == '\0')
        return fail (ld, at, "%s: %s is empty", ld->what, name);
    if (strlen (s) >= SOLO_ID_MAX)
        return fail (ld, at, "%s: %s \"%s\" longer than %d characters",
                     ld->what, name, s, SOLO_ID_MAX - 1);
    memcpy (out, s, strlen (s) + 1);
    return 0;
}

/*  The names of the values of the enum `parse` reads, for an error that
 *  says what would have been understood. */
static const char *kind_word (int i) { return terrain_kind_name ((terrain_kind_t) i); }
static const char *cover_word (int i) { return cover_name ((cover_t) i); }
static const char *side_word (int i) { return side_name ((side_t) i); }
static const char *arm_word (int i) { return arm_name ((arm_t) i); }
static const char *formation_word (int i) { return formation_name ((formation_t) i); }

static const struct {
    int (*parse) (const char *);
    const char *(*word) (int);
    int count;
} enum_words[] = {
    { terrain_kind_parse, kind_word, TERRAIN_KIND_COUNT },
    { cover_parse, cover_word, COVER_COUNT },
    { side_parse, side_word, SIDE_COUNT },
    { arm_parse, arm_word, ARM_COUNT },
    { formation_parse, formation_word, FORMATION_COUNT },
};

/*  "one of: a, b, c" for the enum `parse` reads into buf ("" when it is
 *  not one of the above); returns buf. */
static const char *
valid_words (int (*parse) (const char *), char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t e = 0; e < sizeof enum_words / sizeof enum_words[0]; e++) {
        if (enum_words[e].parse != parse)
            continue;
        size_t used = (size_t) snprintf (buf, len, " (one of:");
        for (int i = 0; i < enum_words[e].count && used < len; i++)
            used += (size_t) snprintf (buf + used, len - used, "%s %s",
                                       i ? "," : "", enum_words[e].word (i));
        if (used < len)
            snprintf (buf + used, len - used, ")");
    }
    return buf;
}

/*  A name field parsed by `parse` (-1 unknown); def when absent and not
 *  required. */
static int
get_enum (loader_t *ld, config_setting_t *g, const char *name, bool required,
          int def, int (*parse) (const char *), int *out)
{
    const char *s;
    config_setting_t *at;
    if (get_string (ld, g, name, required, &s, &at) < 0)
        return -1;
    if (!s) {
        *out = def;
        return 0;
    }
    int v = parse (s);
    char valid[160];
    if (v < 0)
        return fail (ld, at, "%s: unknown %s \"%s\"%s", ld->what, name, s,
                     valid_words (parse, valid, sizeof valid));
    *out = v;
    return 0;
}

/*  A unit's `quality` (default regular) by the ruleset's names and the
 *  core's (ruleset_quality_parse: "elite" and "veteran" in Empire of
 *  Liberty). */
static int
get_quality (loader_t *ld, const situation_t *sit, config_setting_t *g,
             int *out)
{
    const char *s;
    config_setting_t *at;
    if (get_string (ld, g, "quality", false, &s, &at) < 0)
        return -1;
    *out = s ? ruleset_quality_parse (situation_ruleset (sit), s)
             : QUALITY_REGULAR;
    if (*out < 0) {
        /* the ruleset's grades by its own names, as a player reads them */
        const ruleset_t *rs = situation_ruleset (sit);
        quality_t grades[QUALITY_COUNT];
        int n = rs ? ruleset_grades (rs, grades) : 0;
        char known[160] = "";
        size_t used = 0;
        for (int i = 0; i < n && used < sizeof known; i++)
            used += (size_t) snprintf (known + used, sizeof known - used,
                                       "%s%s", i ? ", " : "",
                                       ruleset_quality_name (rs, grades[i]));
        return fail (ld, at, "%s: unknown quality \"%s\" (%s grades %s)",
                     ld->what, s, rs ? ruleset_name (rs) : "the ruleset",
                     n ? known : "none");
    }
    return 0;
}

/*  A unit's `formation` (default mounted for cavalry, line otherwise) by
 *  the ruleset's words for the unit's arm ("limbered" guns) and the
 *  core's names. */
static int
get_formation (loader_t *ld, const situation_t *sit, config_setting_t *g,
               arm_t arm, int *out)
{
    const char *s;
    config_setting_t *at;
    if (get_string (ld, g, "formation", false, &s, &at) < 0)
        return -1;
    const ruleset_t *rs = situation_ruleset (sit);
    *out = !s ? (arm == ARM_CAVALRY ? FORMATION_MOUNTED : FORMATION_LINE)
              : ruleset_formation_parse (rs, arm, s);
    if (*out >= 0)
        return 0;
    /* the core's names, then the ruleset's own words for this arm */
    char valid[240];
    size_t used = (size_t) snprintf (valid, sizeof valid, " (one of:");
    for (int k = 0; k < 2 * FORMATION_COUNT && used < sizeof valid; k++) {
        formation_t f = (formation_t) (k % FORMATION_COUNT);
        const char *word = k < FORMATION_COUNT ? formation_name (f)
                         : ruleset_formation_word (rs, arm, f);
        if (k >= FORMATION_COUNT && strcmp (word, formation_name (f)) == 0)
            continue;
        used += (size_t) snprintf (valid + used, sizeof valid - used, "%s %s",
                                   k ? "," : "", word);
    }
    if (used < sizeof valid)
        snprintf (valid + used, sizeof valid - used, ")");
    return fail (ld, at, "%s: unknown formation \"%s\"%s", ld->what, s,
                 valid);
}

static int
load_terrain (loader_t *ld, situation_t *sit, config_setting_t *g, int index)
{
    static const char *const fields[] = { "id", "kind", "cover", "polygon",
                                          NULL };
    snprintf (ld->what, sizeof ld->what, "terrain %d", index + 1);
    if (!config_setting_is_group (g))
        return fail (ld, g, "%s: must be a group { ... }", ld->what);
    terrain_feature_t *f = calloc (1, sizeof *f);
    if (!f)
        return fail (ld, g, "%s: out of memory", ld->what);
    int rc = -1;
    int kind = 0, cover = 0;
    if (get_id (ld, g, "id", true, f->id) < 0)
        goto done;
    snprintf (ld->what, sizeof ld->what, "terrain \"%s\"", f->id);
    if (check_fields (ld, g, fields) < 0
        || get_enum (ld, g, "kind", true, 0, terrain_kind_parse, &kind) < 0)
        goto done;
    f->kind = (terrain_kind_t) kind;
    const terrain_effect_t *eff = ruleset_terrain (situation_ruleset (sit),
                                                   f->kind);
    if (get_enum (ld, g, "cover", false, eff->cover, cover_parse, &cover) < 0)
        goto done;
    f->cover = (cover_t) cover;
    int missing = 0;
    config_setting_t *poly = member (ld, g, "polygon", true, &missing);
    if (missing)
        goto done;
    if (!config_setting_is_aggregate (poly)) {
        fail (ld, poly, "%s: polygon must be a list of [x, y] points",
              ld->what);
        goto done;
    }
    int n = config_setting_length (poly);
    if (n < 3 || n > SOLO_MAX_VERTICES) {
        fail (ld, poly, "%s: polygon has %d vertices, needs 3 to %d",
              ld->what, n, SOLO_MAX_VERTICES);
        goto done;
    }
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf (name, sizeof name, "polygon vertex %d", i + 1);
        if (point_of (ld, config_setting_get_elem (poly, i), name,
                      &f->vertices[i]) < 0)
            goto done;
    }
    f->vertex_count = n;
    char why[SOLO_ERR_MAX];
    if (situation_add_terrain (sit, f, why, sizeof why) < 0) {
        fail (ld, g, "%s", why);
        goto done;
    }
    rc = 0;
done:
    free (f);
    return rc;
}

/*  The status list: names of flags, as an array or list of strings. */
static int
load_status (loader_t *ld, config_setting_t *g, uint32_t *status)
{
    config_setting_t *m = config_setting_get_member (g, "status");
    if (!m)
        return 0;
    if (!config_setting_is_aggregate (m))
        return fail (ld, m, "%s: status must be a list of names", ld->what);
    int n = config_setting_length (m);
    for (int i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem (m, i);
        if (config_setting_type (e) != CONFIG_TYPE_STRING)
            return fail (ld, m, "%s: status must be a list of names",
                         ld->what);
        int bit = status_flag_parse (config_setting_get_string (e));
        if (bit < 0)
            return fail (ld, m, "%s: unknown status \"%s\"", ld->what,
                         config_setting_get_string (e));
        *status |= (uint32_t) bit;
    }
    return 0;
}

/*  A unit's stands: stands = ( { start = 4; strength = 3; }, ... ), each
 *  strength defaulting to its start (a fresh stand). */
static int
load_stands (loader_t *ld, config_setting_t *g, unit_t *u)
{
    static const char *const fields[] = { "start", "strength", NULL };
    config_setting_t *list = config_setting_get_member (g, "stands");
    if (!list)
        return 0;
    if (!config_setting_is_list (list)
        && !(config_setting_is_array (list)
             && config_setting_length (list) == 0))
        return fail (ld, list, "%s: stands must be a list ( { start = ...; "
                     "strength = ...; }, ... )", ld->what);
    int n = config_setting_length (list);
    if (n > SOLO_MAX_STANDS)
        return fail (ld, list, "%s: %d stands, more than max_stands (%d)",
                     ld->what, n, SOLO_MAX_STANDS);
    char unit_what[sizeof ld->what];
    snprintf (unit_what, sizeof unit_what, "%s", ld->what);
    for (int i = 0; i < n; i++) {
        config_setting_t *st = config_setting_get_elem (list, (unsigned) i);
        snprintf (ld->what, sizeof ld->what, "%.*s stand %d",
                  (int) sizeof ld->what - 16, unit_what, i + 1);
        if (!config_setting_is_group (st))
            return fail (ld, st, "%s: must be a group { start = ...; }",
                         ld->what);
        int start, strength;
        if (check_fields (ld, st, fields) < 0
            || get_int (ld, st, "start", true, 0, 1, SOLO_MAX_STAND_STRENGTH,
                        &start) < 0
            || get_int (ld, st, "strength", false, start, 0, start,
                        &strength) < 0)
            return -1;
        u->stands[i] = (stand_t) { (int16_t) start, (int16_t) strength };
    }
    u->stand_count = n;
    snprintf (ld->what, sizeof ld->what, "%s", unit_what);
    return 0;
}

static int
load_unit (loader_t *ld, situation_t *sit, config_setting_t *g, int index)
{
    static const char *const fields[] = {
        "id", "side", "arm", "quality", "weapon", "bayonet", "figures",
        "wounded", "killed", "officers", "ncos", "drummers", "buglers",
        "formation", "x", "y", "facing", "width", "depth", "status",
        "platoon", "last_enemy_seen", "troop_type", "stands", NULL
    };
    const ruleset_t *rs = situation_ruleset (sit);
    snprintf (ld->what, sizeof ld->what, "unit %d", index + 1);
    if (!config_setting_is_group (g))
        return fail (ld, g, "%s: must be a group { ... }", ld->what);
    unit_t u;
    memset (&u, 0, sizeof u);
    if (get_id (ld, g, "id", true, u.id) < 0)
        return -1;
    snprintf (ld->what, sizeof ld->what, "unit \"%s\"", u.id);
    if (check_fields (ld, g, fields) < 0)
        return -1;
    int side, arm, quality, formation;
    if (get_enum (ld, g, "side", true, 0, side_parse, &side) < 0
        || get_enum (ld, g, "arm", true, 0, arm_parse, &arm) < 0
        || get_quality (ld, sit, g, &quality) < 0
        || get_formation (ld, sit, g, (arm_t) arm, &formation) < 0)
        return -1;
    u.side = (side_t) side;
    u.arm = (arm_t) arm;
    u.quality = (quality_t) quality;
    u.formation = (formation_t) formation;
    const char *weapon;
    config_setting_t *weapon_at;
    if (get_string (ld, g, "weapon", true, &weapon, &weapon_at) < 0)
        return -1;
    u.weapon = ruleset_weapon_find (rs, weapon);
    if (u.weapon < 0)
        return fail (ld, weapon_at, "%s: unknown weapon \"%s\"", ld->what,
                     weapon);
    const char *troop_type;
    config_setting_t *troop_type_at;
    if (get_string (ld, g, "troop_type", false, &troop_type,
                    &troop_type_at) < 0)
        return -1;
    u.troop_type = ruleset_troop_type_find (rs, troop_type);
    if (u.troop_type < 0) {
        char known[256];
        return fail (ld, troop_type_at, "%s: unknown troop_type \"%s\" "
                     "(%s knows: %s)", ld->what, troop_type,
                     ruleset_name (rs),
                     ruleset_troop_type_list (rs, known, sizeof known));
    }
    if (get_bool (ld, g, "bayonet", false, &u.bayonet) < 0
        || get_int (ld, g, "figures", true, 0, 1, SOLO_MAX_FIGURES,
                    &u.figures) < 0
        || get_int (ld, g, "wounded", false, 0, 0, SOLO_MAX_FIGURES,
                    &u.wounded) < 0
        || get_int (ld, g, "killed", false, 0, 0, SOLO_MAX_FIGURES,
                    &u.killed) < 0
        || get_int (ld, g, "officers", false, 0, 0, SOLO_MAX_FIGURES,
                    &u.officers) < 0
        || get_int (ld, g, "ncos", false, 0, 0, SOLO_MAX_FIGURES, &u.ncos) < 0
        || get_int (ld, g, "drummers", false, 0, 0, SOLO_MAX_FIGURES,
                    &u.drummers) < 0
        || get_int (ld, g, "buglers", false, 0, 0, SOLO_MAX_FIGURES,
                    &u.buglers) < 0)
        return -1;
    if (get_number (ld, g, "x", true, 0, 0.0, situation_width (sit),
                    &u.fp.centre.x) < 0
        || get_number (ld, g, "y", true, 0, 0.0, situation_depth (sit),
                       &u.fp.centre.y) < 0
        || get_number (ld, g, "facing", true, 0, -1e9, 1e9, &u.fp.facing) < 0
        || get_number (ld, g, "width", true, 0, 0.0, SOLO_MAX_TABLE_CM,
                       &u.fp.width) < 0
        || get_number (ld, g, "depth", true, 0, 0.0, SOLO_MAX_TABLE_CM,
                       &u.fp.depth) < 0)
        return -1;
    if (load_status (ld, g, &u.status) < 0
        || get_id (ld, g, "platoon", false, u.platoon) < 0
        || load_stands (ld, g, &u) < 0)
        return -1;
    config_setting_t *last = config_setting_get_member (g, "last_enemy_seen");
    if (last) {
        if (point_of (ld, last, "last_enemy_seen", &u.last_enemy_seen) < 0)
            return -1;
        u.status |= STATUS_HAS_LAST_ENEMY;
    }
    char why[SOLO_ERR_MAX];
    if (ruleset_troop_type_check (rs, &u, why, sizeof why) < 0)
        return fail (ld, troop_type_at, "%s", why);
    if (situation_add_unit (sit, &u, why, sizeof why) < 0)
        return fail (ld, g, "%s", why);
    return 0;
}

/*  A list (or empty array) of groups; absent is an empty list. */
static int
check_list (loader_t *ld, config_setting_t *s, const char *name)
{
    if (!s)
        return 0;
    if (!config_setting_is_list (s)
        && !(config_setting_is_array (s) && config_setting_length (s) == 0))
        return fail (ld, s, "%s must be a list ( { ... }, ... )", name);
    return 0;
}

static situation_t *
load_config (loader_t *ld, config_t *cfg, ruleset_finder_fn find_ruleset,
             void *arg)
{
    /* a scenario file is a situation file with a `scenario` group
     * (scenario.h): a situation loader passes over it */
    static const char *const top_fields[] = { "ruleset", "title", "sides",
                                              "table", "terrain", "units",
                                              "scenario", NULL };
    static const char *const table_fields[] = { "width", "depth", NULL };
    config_setting_t *root = config_root_setting (cfg);
    snprintf (ld->what, sizeof ld->what, "situation");
    if (check_fields (ld, root, top_fields) < 0)
        return NULL;
    const char *name, *title;
    config_setting_t *name_at;
    if (get_string (ld, root, "ruleset", true, &name, &name_at) < 0
        || get_string (ld, root, "title", false, &title, NULL) < 0)
        return NULL;
    const ruleset_t *rs = find_ruleset ? find_ruleset (name, arg) : NULL;
    if (!rs) {
        fail (ld, name_at, "unknown ruleset \"%s\"", name);
        return NULL;
    }
    int missing = 0;
    config_setting_t *table = member (ld, root, "table", true, &missing);
    if (missing)
        return NULL;
    snprintf (ld->what, sizeof ld->what, "table");
    if (!config_setting_is_group (table)) {
        fail (ld, table, "table must be a group { width = ...; depth = ...; }");
        return NULL;
    }
    double width, depth;
    if (check_fields (ld, table, table_fields) < 0
        || get_number (ld, table, "width", true, 0, SOLO_MAX_TABLE_CM * 1e-9,
                       SOLO_MAX_TABLE_CM, &width) < 0
        || get_number (ld, table, "depth", true, 0, SOLO_MAX_TABLE_CM * 1e-9,
                       SOLO_MAX_TABLE_CM, &depth) < 0)
        return NULL;
    situation_t *sit = situation_new (rs, width, depth);
    if (!sit) {
        fail (ld, table, "out of memory");
        return NULL;
    }
    config_setting_t *terrain = config_setting_get_member (root, "terrain");
    config_setting_t *units = config_setting_get_member (root, "units");
    if (check_list (ld, terrain, "terrain") < 0
        || check_list (ld, units, "units") < 0)
        goto fail;
    int n = terrain ? config_setting_length (terrain) : 0;
    if (n > SOLO_MAX_TERRAIN) {
        fail (ld, terrain, "%d terrain features, at most %d", n,
              SOLO_MAX_TERRAIN);
        goto fail;
    }
    for (int i = 0; i < n; i++)
        if (load_terrain (ld, sit, config_setting_get_elem (terrain, i), i) < 0)
            goto fail;
    n = units ? config_setting_length (units) : 0;
    if (n > SOLO_MAX_UNITS) {
        fail (ld, units, "%d units, at most %d", n, SOLO_MAX_UNITS);
        goto fail;
    }
    for (int i = 0; i < n; i++)
        if (load_unit (ld, sit, config_setting_get_elem (units, i), i) < 0)
            goto fail;
    return sit;
fail:
    situation_destroy (&sit);
    return NULL;
}

situation_t *
situation_load_text (const char *text, const char *origin,
                     ruleset_finder_fn find_ruleset, void *arg,
                     char *err, int errlen)
{
    loader_t ld = { origin ? origin : "(text)", err, errlen, "" };
    if (errlen > 0)
        err[0] = '\0';
    config_t cfg;
    config_init (&cfg);
    situation_t *sit = NULL;
    if (!config_text_read (&cfg, text ? text : ""))
        snprintf (err, errlen, "%s:%d - %s", ld.origin,
                  config_error_line (&cfg), config_error_text (&cfg));
    else
        sit = load_config (&ld, &cfg, find_ruleset, arg);
    config_destroy (&cfg);
    return sit;
}

situation_t *
situation_load (const char *path, ruleset_finder_fn find_ruleset, void *arg,
                char *err, int errlen)
{
    FILE *file = fopen (path, "rb");
    if (!file) {
        snprintf (err, errlen, "%s - cannot open: %s", path, strerror (errno));
        return NULL;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 16384;
            char *bigger = cap <= SITUATION_FILE_MAX ? realloc (text, cap) : NULL;
            if (!bigger) {
                snprintf (err, errlen, "%s - too large or out of memory", path);
                free (text);
                fclose (file);
                return NULL;
            }
            text = bigger;
        }
        size_t got = fread (text + len, 1, cap - len - 1, file);
        len += got;
        if (got == 0)
            break;
    }
    bool bad = ferror (file);
    fclose (file);
    if (bad) {
        snprintf (err, errlen, "%s - cannot read", path);
        free (text);
        return NULL;
    }
    text[len] = '\0';
    situation_t *sit = situation_load_text (text, path, find_ruleset, arg,
                                            err, errlen);
    free (text);
    return sit;
}
