/*  ruleset.c - load a ruleset's table file (libconfig) and answer from it.
 *
 *  The loader is strict: every number the rules use must be in the file,
 *  and a missing or wrong one is reported as "file:line - what is wrong",
 *  naming the setting by its full path.  Nothing is defaulted silently, so
 *  a house rule with a typo fails at load time instead of playing wrong.
 *  Groups this loader does not read (to_hit, damage, game: the shooting,
 *  melee and command numbers) belong to the ruleset's own module and are
 *  left to it.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <libconfig.h>
#include "config_text.h"
#include "overlay.h"
#include "ruleset.h"

#define TABLE_FILE_MAX (4 * 1024 * 1024)   /* bytes of a table file */
#define TITLE_MAX 128
#define RF_TABLE_COUNT 2                   /* infantry, cavalry */
#define NO_TABLE (-1)
#define NAME_SLOTS 128          /* slots of a name index: a power of two,
                                   at least twice the rows it indexes */

/*  Rows of a table found by name, ASCII case folded: open addressing
 *  over the FNV-1a hash of the folded name.  Built once as the table
 *  is loaded; every unit of a request names its weapon. */
typedef struct {
    unsigned char slots[NAME_SLOTS];    /* row + 1; 0: empty */
} name_index_t;
_Static_assert (NAME_SLOTS >= 2 * SOLO_MAX_WEAPONS
                && NAME_SLOTS >= 2 * (SOLO_MAX_TROOP_TYPES + 1)
                && SOLO_MAX_TROOP_TYPES + 1 < 255,
                "a name index holds every row of a table, half full at most");

struct ruleset_t {
    char name[SOLO_NAME_MAX];
    char title[TITLE_MAX];
    char hash[17];
    /* a house-rule overlay's (overlay.h): "" for a plain ruleset */
    char base_name[SOLO_NAME_MAX];
    char base_hash[17];
    char overlay_hash[17];
    bool overlay_partial;
    rules_settings_t settings;
    terrain_effect_t terrain[TERRAIN_KIND_COUNT];
    weapon_t weapons[SOLO_MAX_WEAPONS];
    int weapon_count;
    troop_type_t troop_types[SOLO_MAX_TROOP_TYPES + 1]; /* [0]: usual */
    int troop_type_count;                        /* rows, [0] included */
    name_index_t weapon_index;
    name_index_t troop_type_index;               /* rows 1 on */
    rf_table_t rf[RF_TABLE_COUNT];
    int arm_table[ARM_COUNT];                    /* index in rf, NO_TABLE */
    rf_morale_t morale;
    char quality_names[QUALITY_COUNT][SOLO_ID_MAX]; /* "": the core's */
    bool quality_used[QUALITY_COUNT];  /* the ruleset's grades (`grades`) */
    quality_t grades[QUALITY_COUNT];   /* ... in the order it lists them */
    int grade_count;
    bool formation_allowed[ARM_COUNT][FORMATION_COUNT]; /* by an order */
    /* its own words for formations ("limbered"); "" for the core's */
    char formation_word[ARM_COUNT][FORMATION_COUNT][SOLO_NAME_MAX];
    /* the formation a unit forms to move (settings.moves.form_to_move),
       -1: it moves in its own */
    int move_formation[ARM_COUNT][FORMATION_COUNT];
    ruleset_throw_t throws[RULESET_MAX_THROWS];
    int throw_count;
};

static const char *action_names[RF_ACTION_COUNT] = {
    "continue", "advance_visible", "take_cover", "halt", "continue_facing",
    "continue_facing_charge", "advance_charge", "withdraw", "run"
};

const char *
rf_action_name (rf_action_t action)
{
    if ((int) action < 0 || action >= RF_ACTION_COUNT)
        return "unknown";
    return action_names[action];
}

int
rf_action_parse (const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < RF_ACTION_COUNT; i++)
        if (strcmp (name, action_names[i]) == 0)
            return i;
    return -1;
}

const char *
range_band_name (range_band_t band)
{
    static const char *names[RANGE_BAND_COUNT] = {
        "none", "short", "medium", "long"
    };
    if ((int) band < 0 || band >= RANGE_BAND_COUNT)
        return "none";
    return names[band];
}

/*  ---- the hash of the table file ---------------------------------------- */

/*  FNV-1a, 64 bits: enough to tell two table files apart in a reply. */
static void
hash_text (const char *text, size_t len, char out[17])
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char) text[i];
        h *= 1099511628211ULL;
    }
    snprintf (out, 17, "%016llx", (unsigned long long) h);
}

/*  ---- error reporting ---------------------------------------------------- */

typedef struct {
    const char *origin;
    char *err;
    int errlen;
} loader_t;

/*  The full path of a setting, "risk_factors.infantry.actions[2][0]", so
 *  an error names exactly what is wrong. */
static void
setting_path (const config_setting_t *s, char *buf, size_t len)
{
    const config_setting_t *chain[32];
    int n = 0;
    for (const config_setting_t *p = s; p && !config_setting_is_root (p)
         && n < 32; p = config_setting_parent (p))
        chain[n++] = p;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = n - 1; i >= 0 && used < len; i--) {
        const char *name = config_setting_name (chain[i]);
        int w;
        if (name)
            w = snprintf (buf + used, len - used, "%s%s", used ? "." : "", name);
        else
            w = snprintf (buf + used, len - used, "[%d]",
                          config_setting_index (chain[i]));
        if (w < 0)
            break;
        used += (size_t) w;
    }
    if (buf[0] == '\0')
        snprintf (buf, len, "(top level)");
}

/*  Report "origin:line - path: message" (the line of setting `at`, or no
 *  line when at is NULL).  Always returns -1. */
static int
fail (loader_t *l, const config_setting_t *at, const char *fmt, ...)
{
    char msg[SOLO_ERR_MAX];
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (msg, sizeof msg, fmt, ap);
    va_end (ap);
    int line = at ? config_setting_source_line (at) : 0;
    if (line > 0)
        snprintf (l->err, (size_t) l->errlen, "%s:%d - %s", l->origin, line, msg);
    else
        snprintf (l->err, (size_t) l->errlen, "%s - %s", l->origin, msg);
    return -1;
}

/*  Find `key` in `group`; report it missing otherwise. */
static config_setting_t *
member (loader_t *l, const config_setting_t *group, const char *key)
{
    config_setting_t *s = config_setting_get_member (group, key);
    if (!s) {
        char path[160];
        setting_path (group, path, sizeof path);
        if (config_setting_is_root (group))
            fail (l, NULL, "%s is missing", key);
        else
            fail (l, group, "%s.%s is missing", path, key);
    }
    return s;
}

static int
want_type (loader_t *l, const config_setting_t *s, int type, const char *what)
{
    bool ok = config_setting_type (s) == type
           || (type == CONFIG_TYPE_INT && config_setting_type (s) == CONFIG_TYPE_INT64)
           || (type == CONFIG_TYPE_FLOAT && config_setting_is_number (s));
    if (!ok) {
        char path[160];
        setting_path (s, path, sizeof path);
        return fail (l, s, "%s must be %s", path, what);
    }
    return 0;
}

/*  A number (integer or float) from a setting. */
static int
read_number (loader_t *l, const config_setting_t *s, double *out)
{
    if (want_type (l, s, CONFIG_TYPE_FLOAT, "a number") < 0)
        return -1;
    if (config_setting_type (s) == CONFIG_TYPE_FLOAT)
        *out = config_setting_get_float (s);
    else
        *out = (double) config_setting_get_int64 (s);
    return 0;
}

static int
get_number (loader_t *l, const config_setting_t *g, const char *key,
            double *out)
{
    config_setting_t *s = member (l, g, key);
    return s ? read_number (l, s, out) : -1;
}

/*  A number within [lo, hi]. */
static int
get_number_in (loader_t *l, const config_setting_t *g, const char *key,
               double lo, double hi, double *out)
{
    if (get_number (l, g, key, out) < 0)
        return -1;
    if (*out < lo || *out > hi) {
        config_setting_t *s = config_setting_get_member (g, key);
        char path[160];
        setting_path (s, path, sizeof path);
        return fail (l, s, "%s is %g, must be within %g..%g", path, *out, lo, hi);
    }
    return 0;
}

static int
read_int (loader_t *l, const config_setting_t *s, int lo, int hi, int *out)
{
    if (want_type (l, s, CONFIG_TYPE_INT, "an integer") < 0)
        return -1;
    long long v = config_setting_get_int64 (s);
    if (config_setting_type (s) == CONFIG_TYPE_INT)
        v = config_setting_get_int (s);
    if (v < lo || v > hi) {
        char path[160];
        setting_path (s, path, sizeof path);
        return fail (l, s, "%s is %lld, must be within %d..%d", path, v, lo, hi);
    }
    *out = (int) v;
    return 0;
}

static int
get_int (loader_t *l, const config_setting_t *g, const char *key,
         int lo, int hi, int *out)
{
    config_setting_t *s = member (l, g, key);
    return s ? read_int (l, s, lo, hi, out) : -1;
}

static int
get_bool (loader_t *l, const config_setting_t *g, const char *key, bool *out)
{
    config_setting_t *s = member (l, g, key);
    if (!s || want_type (l, s, CONFIG_TYPE_BOOL, "true or false") < 0)
        return -1;
    *out = config_setting_get_bool (s) != 0;
    return 0;
}

/*  A string that fits in `len` bytes, terminator included. */
static int
read_string (loader_t *l, const config_setting_t *s, char *buf, size_t len)
{
    if (want_type (l, s, CONFIG_TYPE_STRING, "a string") < 0)
        return -1;
    const char *v = config_setting_get_string (s);
    if (strlen (v) >= len) {
        char path[160];
        setting_path (s, path, sizeof path);
        return fail (l, s, "%s is too long (at most %zu characters)", path,
                     len - 1);
    }
    memcpy (buf, v, strlen (v) + 1);
    return 0;
}

static int
get_string (loader_t *l, const config_setting_t *g, const char *key,
            char *buf, size_t len)
{
    config_setting_t *s = member (l, g, key);
    return s ? read_string (l, s, buf, len) : -1;
}

/*  A list or array of exactly `count` elements. */
static config_setting_t *
get_sequence (loader_t *l, const config_setting_t *g, const char *key,
              int count)
{
    config_setting_t *s = member (l, g, key);
    if (!s)
        return NULL;
    char path[160];
    setting_path (s, path, sizeof path);
    if (!config_setting_is_array (s) && !config_setting_is_list (s)) {
        fail (l, s, "%s must be a list", path);
        return NULL;
    }
    if (count >= 0 && config_setting_length (s) != count) {
        fail (l, s, "%s has %d entries, must have %d", path,
              config_setting_length (s), count);
        return NULL;
    }
    return s;
}

static config_setting_t *
get_group (loader_t *l, const config_setting_t *g, const char *key)
{
    config_setting_t *s = member (l, g, key);
    if (s && !config_setting_is_group (s)) {
        char path[160];
        setting_path (s, path, sizeof path);
        fail (l, s, "%s must be a group { ... }", path);
        return NULL;
    }
    return s;
}

static int
read_action (loader_t *l, const config_setting_t *s, rf_action_t *out)
{
    char name[32];
    if (read_string (l, s, name, sizeof name) < 0)
        return -1;
    int a = rf_action_parse (name);
    if (a < 0) {
        char path[160];
        setting_path (s, path, sizeof path);
        return fail (l, s, "%s: unknown action \"%s\"", path, name);
    }
    *out = (rf_action_t) a;
    return 0;
}

/*  ---- the parts of the table file --------------------------------------- */

/*  c in lower case when it is an ASCII capital; any other byte as it is
 *  (the C locale's folding, the only one the programs use). */
static inline unsigned char
ascii_fold (unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char) (c - 'A' + 'a') : c;
}

/*  FNV-1a of a name folded as ascii_fold folds it: names strcasecmp
 *  finds equal hash the same. */
static unsigned
name_hash (const char *name)
{
    unsigned h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *) name; *p; p++)
        h = (h ^ ascii_fold (*p)) * 16777619u;
    return h;
}

/*  Put `row` under `name` (not there yet: the loaders refuse a second
 *  row of the same name).  Needs row + 1 < 256 and fewer than NAME_SLOTS
 *  rows in all. */
static void
name_index_put (name_index_t *index, const char *name, int row)
{
    assert (row >= 0 && row + 1 < 256);
    unsigned at = name_hash (name) & (NAME_SLOTS - 1);
    while (index->slots[at])
        at = (at + 1) & (NAME_SLOTS - 1);
    index->slots[at] = (unsigned char) (row + 1);
}

/*  The row whose name equals `name` but for case (strcasecmp), or -1.
 *  Row r's name is at first_name + r * stride. */
static int
name_index_find (const name_index_t *index, const char *first_name,
                 size_t stride, const char *name)
{
    for (unsigned at = name_hash (name) & (NAME_SLOTS - 1); index->slots[at];
         at = (at + 1) & (NAME_SLOTS - 1)) {
        int row = index->slots[at] - 1;
        if (strcasecmp (first_name + (size_t) row * stride, name) == 0)
            return row;
    }
    return -1;
}

/*  The weapons table: names unique, ranges growing, a weapon without
 *  ranges has all three 0; `loose_reach_cm` optional (0). */
static int
load_weapons (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *list = get_sequence (l, root, "weapons", -1);
    if (!list)
        return -1;
    int n = config_setting_length (list);
    if (n < 1 || n > SOLO_MAX_WEAPONS)
        return fail (l, list, "weapons has %d rows, must have 1..%d", n,
                     SOLO_MAX_WEAPONS);
    for (int i = 0; i < n; i++) {
        config_setting_t *row = config_setting_get_elem (list, (unsigned) i);
        weapon_t *w = &rs->weapons[i];
        if (!config_setting_is_group (row))
            return fail (l, row, "weapons[%d] must be a group { ... }", i);
        if (get_string (l, row, "name", w->name, sizeof w->name) < 0
        ||  get_number_in (l, row, "short", 0, SOLO_MAX_TABLE_CM, &w->short_cm) < 0
        ||  get_number_in (l, row, "medium", 0, SOLO_MAX_TABLE_CM, &w->medium_cm) < 0
        ||  get_number_in (l, row, "long", 0, SOLO_MAX_TABLE_CM, &w->long_cm) < 0
        ||  get_int (l, row, "melee", 0, 100, &w->melee) < 0
        ||  get_int (l, row, "melee_bayonet", 0, 100, &w->melee_bayonet) < 0
        ||  get_bool (l, row, "gunpowder", &w->gunpowder) < 0
        ||  get_bool (l, row, "muzzle_loaded", &w->muzzle_loaded) < 0
        ||  get_number_in (l, row, "load_turns", 0, 100, &w->load_turns) < 0
        ||  get_int (l, row, "fire_per_stationary", 1, 1000, &w->fire_per_stationary) < 0
        ||  get_int (l, row, "fire_per_moving", 1, 1000, &w->fire_per_moving) < 0)
            return -1;
        w->loose_reach_cm = 0;
        if (config_setting_get_member (row, "loose_reach_cm")
            && get_number_in (l, row, "loose_reach_cm", 0, SOLO_MAX_TABLE_CM,
                              &w->loose_reach_cm) < 0)
            return -1;
        if (w->name[0] == '\0')
            return fail (l, row, "weapons[%d].name is empty", i);
        if (w->short_cm > w->medium_cm || w->medium_cm > w->long_cm)
            return fail (l, row, "weapons[%d] (%s): ranges must grow: short "
                         "<= medium <= long", i, w->name);
        for (int j = 0; j < i; j++)
            if (strcasecmp (rs->weapons[j].name, w->name) == 0)
                return fail (l, row, "weapons[%d]: a second weapon named \"%s\"",
                             i, w->name);
    }
    rs->weapon_count = n;
    for (int i = 0; i < n; i++)
        name_index_put (&rs->weapon_index, rs->weapons[i].name, i);
    return 0;
}

/*  The optional troop-types table: rows { name; arms; foot_move_cm; }
 *  after the implicit row 0 (the arm's usual, named "").  Names unique
 *  and not empty; `arms`, a list of arm names, defaults to every arm;
 *  `foot_move_cm` (0..SOLO_MAX_TABLE_CM) defaults to 0, the arm's usual
 *  move. */
static int
load_troop_types (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    troop_type_t *usual = &rs->troop_types[0];
    memset (usual, 0, sizeof *usual);
    for (int a = 0; a < ARM_COUNT; a++)
        usual->arm_allowed[a] = true;
    rs->troop_type_count = 1;
    if (!config_setting_get_member (root, "troop_types"))
        return 0;
    config_setting_t *list = get_sequence (l, root, "troop_types", -1);
    if (!list)
        return -1;
    int n = config_setting_length (list);
    if (n > SOLO_MAX_TROOP_TYPES)
        return fail (l, list, "troop_types has %d rows, at most %d", n,
                     SOLO_MAX_TROOP_TYPES);
    for (int i = 0; i < n; i++) {
        config_setting_t *row = config_setting_get_elem (list, (unsigned) i);
        troop_type_t *t = &rs->troop_types[i + 1];
        memset (t, 0, sizeof *t);
        if (!config_setting_is_group (row))
            return fail (l, row, "troop_types[%d] must be a group { ... }", i);
        for (int k = 0; k < config_setting_length (row); k++) {
            const char *key = config_setting_name (
                config_setting_get_elem (row, (unsigned) k));
            if (strcmp (key, "name") != 0 && strcmp (key, "arms") != 0
                && strcmp (key, "foot_move_cm") != 0)
                return fail (l, row, "troop_types[%d]: unknown field \"%s\" "
                             "(name, arms, foot_move_cm)", i, key);
        }
        if (get_string (l, row, "name", t->name, sizeof t->name) < 0)
            return -1;
        if (t->name[0] == '\0')
            return fail (l, row, "troop_types[%d].name is empty", i);
        for (int j = 0; j < i; j++)
            if (strcasecmp (rs->troop_types[j + 1].name, t->name) == 0)
                return fail (l, row, "troop_types[%d]: a second troop type "
                             "named \"%s\"", i, t->name);
        if (config_setting_get_member (row, "foot_move_cm")
            && get_number_in (l, row, "foot_move_cm", 0, SOLO_MAX_TABLE_CM,
                              &t->foot_move_cm) < 0)
            return -1;
        if (!config_setting_get_member (row, "arms")) {
            for (int a = 0; a < ARM_COUNT; a++)
                t->arm_allowed[a] = true;
            continue;
        }
        config_setting_t *arms = get_sequence (l, row, "arms", -1);
        if (!arms)
            return -1;
        if (config_setting_length (arms) < 1)
            return fail (l, arms, "troop_types[%d] (%s): arms is empty", i,
                         t->name);
        for (int k = 0; k < config_setting_length (arms); k++) {
            char name[16];
            if (read_string (l, config_setting_get_elem (arms, (unsigned) k),
                             name, sizeof name) < 0)
                return -1;
            int a = arm_parse (name);
            if (a < 0)
                return fail (l, arms, "troop_types[%d] (%s): unknown arm "
                             "\"%s\" (infantry, cavalry, artillery, command)",
                             i, t->name, name);
            t->arm_allowed[a] = true;
        }
    }
    rs->troop_type_count = n + 1;
    for (int i = 1; i <= n; i++)
        name_index_put (&rs->troop_type_index, rs->troop_types[i].name, i);
    return 0;
}

/*  The optional `qualities` group: the ruleset's own name of each of
 *  the core's qualities (`qualities = { regular = "veteran"; hero =
 *  "elite"; ... };`), keys among the core's names (regular, hero, raw,
 *  average, green), values names of letters, digits and underscores, no
 *  two alike.  A quality not named keeps the core's name. */
static int
load_qualities (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    memset (rs->quality_names, 0, sizeof rs->quality_names);
    config_setting_t *g = config_setting_get_member (root, "qualities");
    if (!g)
        return 0;
    if (!config_setting_is_group (g))
        return fail (l, g, "qualities must be a group { regular = \"...\"; "
                     "... }");
    for (int k = 0; k < config_setting_length (g); k++) {
        config_setting_t *s = config_setting_get_elem (g, (unsigned) k);
        const char *key = config_setting_name (s);
        int q = -1;
        for (int i = 0; i < QUALITY_COUNT; i++)
            if (strcmp (key, quality_name ((quality_t) i)) == 0)
                q = i;
        if (q < 0)
            return fail (l, s, "unknown quality \"%s\" (regular, hero, raw, "
                         "average, green)", key);
        char *name = rs->quality_names[q];
        if (read_string (l, s, name, SOLO_ID_MAX) < 0)
            return -1;
        if (!name[0] || strspn (name, "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
                        != strlen (name))
            return fail (l, s, "\"%s\" is not a name (letters, digits, "
                         "underscores)", name);
    }
    for (int a = 0; a < QUALITY_COUNT; a++)
        for (int b = a + 1; b < QUALITY_COUNT; b++)
            if (strcasecmp (ruleset_quality_name (rs, (quality_t) a),
                            ruleset_quality_name (rs, (quality_t) b)) == 0)
                return fail (l, g, "qualities %s and %s are both named "
                             "\"%s\"", quality_name ((quality_t) a),
                             quality_name ((quality_t) b),
                             ruleset_quality_name (rs, (quality_t) a));
    return 0;
}

/*  The optional `grades` list: the core's qualities (by the core's
 *  names) the text grades troops in, for front ends to offer (Hello);
 *  every quality without the list.  A unit of another grade is still
 *  read: an engine refuses it where the text gives it no number. */
static int
load_grades (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *g = config_setting_get_member (root, "grades");
    rs->grade_count = 0;
    for (int q = 0; q < QUALITY_COUNT; q++) {
        rs->quality_used[q] = g == NULL;
        if (!g)
            rs->grades[rs->grade_count++] = (quality_t) q;
    }
    if (!g)
        return 0;
    if (!config_setting_is_array (g) && !config_setting_is_list (g))
        return fail (l, g, "grades must be a list of qualities "
                     "[\"raw\", \"regular\", ...]");
    for (int k = 0; k < config_setting_length (g); k++) {
        config_setting_t *s = config_setting_get_elem (g, (unsigned) k);
        const char *name = config_setting_get_string (s);
        int q = -1;
        for (int i = 0; name && i < QUALITY_COUNT; i++)
            if (strcmp (name, quality_name ((quality_t) i)) == 0)
                q = i;
        if (q < 0)
            return fail (l, s, "grades: unknown quality %s%s%s (regular, "
                         "hero, raw, average, green)", name ? "\"" : "",
                         name ? name : "(not a string)", name ? "\"" : "");
        if (rs->quality_used[q])
            return fail (l, s, "grades: \"%s\" twice", name);
        rs->quality_used[q] = true;
        rs->grades[rs->grade_count++] = (quality_t) q;
    }
    return 0;
}

/*  The optional `formations` group: for each arm (every arm must be
 *  given), the list of formations an order may put it in; none without
 *  the group. */
static int
load_formations (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    memset (rs->formation_allowed, 0, sizeof rs->formation_allowed);
    config_setting_t *g = config_setting_get_member (root, "formations");
    if (!g)
        return 0;
    if (!config_setting_is_group (g))
        return fail (l, g, "formations must be a group { infantry = [ ... ]; "
                     "... }");
    for (int k = 0; k < config_setting_length (g); k++) {
        const char *key = config_setting_name (
            config_setting_get_elem (g, (unsigned) k));
        if (arm_parse (key) < 0 || strcmp (key, arm_name (
                                                (arm_t) arm_parse (key))))
            return fail (l, g, "formations: unknown arm \"%s\" (infantry, "
                         "cavalry, artillery, command)", key);
    }
    for (int a = 0; a < ARM_COUNT; a++) {
        config_setting_t *list = get_sequence (l, g, arm_name ((arm_t) a), -1);
        if (!list)
            return -1;
        for (int i = 0; i < config_setting_length (list); i++) {
            char name[16];
            if (read_string (l, config_setting_get_elem (list, (unsigned) i),
                             name, sizeof name) < 0)
                return -1;
            int f = formation_parse (name);
            if (f < 0)
                return fail (l, list, "formations.%s: unknown formation "
                             "\"%s\" (line, column, square, loose, mounted, march)",
                             arm_name ((arm_t) a), name);
            rs->formation_allowed[a][f] = true;
        }
    }
    return 0;
}

/*  The optional `throws` list: ( { action = "shooting"; step = "to hit";
 *  sides = 8; count = "one per shooter"; score = 0; text = "..."; }, ...)
 *  - the dice of a player's own shooting and melee, in the text's
 *  words.  An action is shooting or melee; a die has 2 to 100 sides; a
 *  score is 0 (by a table) or one of the die's faces. */
static int
load_throws (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    rs->throw_count = 0;
    config_setting_t *list = config_setting_get_member (root, "throws");
    if (!list)
        return 0;
    if (!config_setting_is_list (list))
        return fail (l, list, "throws must be a list ( { action = "
                     "\"shooting\"; step = ...; sides = 6; ... } )");
    int n = config_setting_length (list);
    if (n > RULESET_MAX_THROWS)
        return fail (l, list, "throws: %d throws, at most %d", n,
                     RULESET_MAX_THROWS);
    for (int i = 0; i < n; i++) {
        config_setting_t *g = config_setting_get_elem (list, (unsigned) i);
        ruleset_throw_t *t = &rs->throws[i];
        if (!config_setting_is_group (g))
            return fail (l, g, "throws[%d] must be a group { action = ...; "
                         "}", i);
        if (get_string (l, g, "action", t->action, sizeof t->action) < 0
            || get_string (l, g, "step", t->step, sizeof t->step) < 0
            || get_int (l, g, "sides", 2, 100, &t->sides) < 0
            || get_string (l, g, "count", t->count, sizeof t->count) < 0
            || get_int (l, g, "score", 0, 100, &t->score) < 0
            || get_string (l, g, "text", t->text, sizeof t->text) < 0)
            return -1;
        if (strcmp (t->action, "shooting") != 0
            && strcmp (t->action, "melee") != 0)
            return fail (l, config_setting_get_member (g, "action"),
                         "throws[%d].action: \"%s\" is neither shooting nor "
                         "melee", i, t->action);
        if (t->step[0] == 0)
            return fail (l, config_setting_get_member (g, "step"),
                         "throws[%d].step is empty", i);
        if (t->score > t->sides)
            return fail (l, config_setting_get_member (g, "score"),
                         "throws[%d].score: %d is past a D%d's highest face",
                         i, t->score, t->sides);
    }
    rs->throw_count = n;
    return 0;
}

/*  The optional `formation_words` group: for an arm, its own word for a
 *  formation of the rules core ({ artillery = { line = "unlimbered";
 *  column = "limbered"; }; }).  A word is a name of letters, digits and
 *  underscores, not another formation's core name, used once an arm. */
static int
load_formation_words (loader_t *l, ruleset_t *rs,
                      const config_setting_t *root)
{
    memset (rs->formation_word, 0, sizeof rs->formation_word);
    config_setting_t *g = config_setting_get_member (root, "formation_words");
    if (!g)
        return 0;
    if (!config_setting_is_group (g))
        return fail (l, g, "formation_words must be a group { artillery = "
                     "{ line = \"unlimbered\"; ... }; }");
    for (int k = 0; k < config_setting_length (g); k++) {
        config_setting_t *arm_g = config_setting_get_elem (g, (unsigned) k);
        const char *key = config_setting_name (arm_g);
        int a = arm_parse (key);
        if (a < 0 || strcmp (key, arm_name ((arm_t) a)))
            return fail (l, arm_g, "formation_words: unknown arm \"%s\" "
                         "(infantry, cavalry, artillery, command)", key);
        if (!config_setting_is_group (arm_g))
            return fail (l, arm_g, "formation_words.%s must be a group", key);
        for (int i = 0; i < config_setting_length (arm_g); i++) {
            config_setting_t *w = config_setting_get_elem (arm_g, (unsigned) i);
            const char *fname = config_setting_name (w);
            int f = formation_parse (fname);
            if (f < 0 || strcmp (fname, formation_name ((formation_t) f)))
                return fail (l, w, "formation_words.%s.%s: unknown formation "
                             "(line, column, square, loose, mounted, march)",
                             key, fname);
            char word[SOLO_NAME_MAX];
            if (read_string (l, w, word, sizeof word) < 0)
                return -1;
            bool ok = word[0] != 0;
            for (const char *c = word; *c; c++)
                ok = ok && ((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')
                            || *c == '_');
            int other = formation_parse (word);
            if (!ok || (other >= 0 && other != f))
                return fail (l, w, "formation_words.%s.%s: \"%s\" must be "
                             "a word of lower-case letters, digits and _, "
                             "not another formation's name", key, fname,
                             word);
            for (int o = 0; o < FORMATION_COUNT; o++)
                if (o != f && strcmp (rs->formation_word[a][o], word) == 0)
                    return fail (l, w, "formation_words.%s: \"%s\" names "
                                 "two formations", key, word);
            snprintf (rs->formation_word[a][f], SOLO_NAME_MAX, "%s", word);
        }
    }
    return 0;
}

/*  What each kind of terrain does: every kind must be given once. */
static int
load_terrain (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *group = get_group (l, root, "terrain");
    if (!group)
        return -1;
    for (int i = 0; i < config_setting_length (group); i++) {
        config_setting_t *s = config_setting_get_elem (group, (unsigned) i);
        const char *name = config_setting_name (s);
        if (terrain_kind_parse (name) < 0)
            return fail (l, s, "terrain.%s: unknown kind of terrain", name);
    }
    for (int k = 0; k < TERRAIN_KIND_COUNT; k++) {
        config_setting_t *t = get_group (l, group, terrain_kind_name ((terrain_kind_t) k));
        if (!t)
            return -1;
        terrain_effect_t *e = &rs->terrain[k];
        char cover[16];
        if (get_string (l, t, "cover", cover, sizeof cover) < 0
        ||  get_number_in (l, t, "move_cost", 1, 100, &e->move_cost) < 0
        ||  get_bool (l, t, "impassable", &e->impassable) < 0
        ||  get_number_in (l, t, "crossing", 0, 1, &e->crossing_cost) < 0
        ||  get_bool (l, t, "blocks_sight", &e->blocks_sight) < 0
        ||  get_bool (l, t, "sight_limited", &e->sight_limited) < 0
        ||  get_bool (l, t, "enclosed", &e->enclosed) < 0)
            return -1;
        int c = cover_parse (cover);
        if (c < 0)
            return fail (l, config_setting_get_member (t, "cover"),
                         "terrain.%s.cover: \"%s\" is not none, soft or hard",
                         terrain_kind_name ((terrain_kind_t) k), cover);
        e->cover = (cover_t) c;
    }
    return 0;
}

/*  Which RF table an arm uses: "infantry", "cavalry" or "none". */
static int
read_table_name (loader_t *l, const config_setting_t *g, const char *key,
                 int *out)
{
    char name[16];
    if (get_string (l, g, key, name, sizeof name) < 0)
        return -1;
    if (strcmp (name, "infantry") == 0)
        *out = ARM_INFANTRY;
    else if (strcmp (name, "cavalry") == 0)
        *out = ARM_CAVALRY;
    else if (strcmp (name, "none") == 0)
        *out = NO_TABLE;
    else
        return fail (l, config_setting_get_member (g, key),
                     "settings.arm_table.%s: \"%s\" is not infantry, cavalry "
                     "or none", key, name);
    return 0;
}

/*  The optional `settings.moves` group: for each of the four arms a
 *  group giving one full move (cm) in each of the five formations, every
 *  one of them named, nothing else but the optional `form_to_move`
 *  (load_form_to_move). */
static int
load_moves (loader_t *l, rules_settings_t *s, const config_setting_t *g)
{
    s->has_moves = false;
    if (!config_setting_get_member (g, "moves"))
        return 0;
    config_setting_t *moves = get_group (l, g, "moves");
    if (!moves)
        return -1;
    for (int i = 0; i < config_setting_length (moves); i++) {
        config_setting_t *m = config_setting_get_elem (moves, (unsigned) i);
        if (arm_parse (config_setting_name (m)) < 0
            && strcmp (config_setting_name (m), "form_to_move") != 0)
            return fail (l, m, "settings.moves.%s: unknown arm (infantry, "
                         "cavalry, artillery, command, or form_to_move)",
                         config_setting_name (m));
    }
    for (int a = 0; a < ARM_COUNT; a++) {
        config_setting_t *arm = get_group (l, moves, arm_name ((arm_t) a));
        if (!arm)
            return -1;
        for (int i = 0; i < config_setting_length (arm); i++) {
            config_setting_t *m = config_setting_get_elem (arm, (unsigned) i);
            const char *name = config_setting_name (m);
            int f = formation_parse (name);
            if (f < 0 || strcmp (formation_name ((formation_t) f), name) != 0)
                return fail (l, m, "settings.moves.%s.%s: unknown formation "
                             "(line, column, square, loose, mounted, march)",
                             arm_name ((arm_t) a), name);
        }
        for (int f = 0; f < FORMATION_COUNT; f++) {
            /* march, the newest formation, moves as a column unless the
               table file says otherwise */
            if (f == FORMATION_MARCH
                && !config_setting_get_member (arm, "march")) {
                s->moves_cm[a][f] = s->moves_cm[a][FORMATION_COLUMN];
                continue;
            }
            if (get_number_in (l, arm, formation_name ((formation_t) f), 0,
                               SOLO_MAX_TABLE_CM, &s->moves_cm[a][f]) < 0)
                return -1;
        }
    }
    s->has_moves = true;
    return 0;
}

/*  The optional `settings.moves.form_to_move` group: by arm, the
 *  formations in which a unit may not move and the one it forms to move
 *  ({ infantry = { line = "column"; }; }: europe19's lines form column to
 *  move, for a line's move there is 0), read after the moves so that a
 *  formation formed to move must have a move of its own.  Without it
 *  every unit moves in its own formation. */
static int
load_form_to_move (loader_t *l, ruleset_t *rs, const config_setting_t *g)
{
    for (int a = 0; a < ARM_COUNT; a++)
        for (int f = 0; f < FORMATION_COUNT; f++)
            rs->move_formation[a][f] = -1;
    config_setting_t *moves = config_setting_get_member (g, "moves");
    if (!moves || !config_setting_get_member (moves, "form_to_move"))
        return 0;
    config_setting_t *ftm = get_group (l, moves, "form_to_move");
    if (!ftm)
        return -1;
    for (int i = 0; i < config_setting_length (ftm); i++) {
        config_setting_t *arm = config_setting_get_elem (ftm, (unsigned) i);
        int a = arm_parse (config_setting_name (arm));
        if (a < 0)
            return fail (l, arm, "settings.moves.form_to_move.%s: unknown arm "
                         "(infantry, cavalry, artillery, command)",
                         config_setting_name (arm));
        if (!config_setting_is_group (arm))
            return fail (l, arm, "settings.moves.form_to_move.%s must be a "
                         "group { line = \"column\"; }",
                         config_setting_name (arm));
        for (int j = 0; j < config_setting_length (arm); j++) {
            config_setting_t *m = config_setting_get_elem (arm, (unsigned) j);
            const char *name = config_setting_name (m);
            int f = formation_parse (name);
            if (f < 0 || strcmp (formation_name ((formation_t) f), name) != 0)
                return fail (l, m, "settings.moves.form_to_move.%s.%s: unknown "
                             "formation (line, column, square, loose, "
                             "mounted, march)", arm_name ((arm_t) a), name);
            char to_name[SOLO_NAME_MAX];
            if (read_string (l, m, to_name, sizeof to_name) < 0)
                return -1;
            int to = formation_parse (to_name);
            if (to < 0 || strcmp (formation_name ((formation_t) to), to_name)
                || to == f)
                return fail (l, m, "settings.moves.form_to_move.%s.%s: \"%s\" "
                             "is not another formation", arm_name ((arm_t) a),
                             name, to_name);
            if (rs->settings.moves_cm[a][to] <= 0)
                return fail (l, m, "settings.moves.form_to_move.%s.%s: a %s "
                             "has no move (settings.moves.%s.%s)",
                             arm_name ((arm_t) a), name, to_name,
                             arm_name ((arm_t) a), to_name);
            rs->move_formation[a][f] = to;
        }
    }
    return 0;
}

/*  The optional unit of length (settings.length_unit, a short name, and
 *  settings.cm_per_length_unit, its size): the table file's lengths stay
 *  in cm; this says how answers state them to a player measuring in the
 *  text's own unit.  Both or neither; without them, cm. */
static int
load_length_unit (loader_t *l, rules_settings_t *s, const config_setting_t *g)
{
    snprintf (s->length_unit, sizeof s->length_unit, "cm");
    s->cm_per_length_unit = 1;
    config_setting_t *name = config_setting_get_member (g, "length_unit");
    config_setting_t *size = config_setting_get_member (g, "cm_per_length_unit");
    if (!name && !size)
        return 0;
    if (!name || !size)
        return fail (l, name ? name : size, "settings: length_unit and "
                     "cm_per_length_unit go together (one is missing)");
    if (read_string (l, name, s->length_unit, sizeof s->length_unit) < 0)
        return -1;
    if (s->length_unit[0] == '\0')
        return fail (l, name, "settings.length_unit is empty");
    return get_number_in (l, g, "cm_per_length_unit", 0.01, 1000,
                          &s->cm_per_length_unit);
}

/*  The optional settings of the line of fire and of shooting in melee:
 *  a ruleset without them has units that never mask fire and shoot in
 *  and out of contact (its own engine may say otherwise). */
static int
load_fire_settings (loader_t *l, rules_settings_t *s,
                    const config_setting_t *g)
{
    s->units_mask_fire = false;
    s->shoot_over_cm = 0;
    s->fire_needs_whole_target = false;
    s->shoot_in_melee = true;
    s->contact_cm = 0;
    if ((config_setting_get_member (g, "units_mask_fire")
         && get_bool (l, g, "units_mask_fire", &s->units_mask_fire) < 0)
        || (config_setting_get_member (g, "shoot_over_cm")
            && get_number_in (l, g, "shoot_over_cm", 0, 100,
                              &s->shoot_over_cm) < 0)
        || (config_setting_get_member (g, "fire_needs_whole_target")
            && get_bool (l, g, "fire_needs_whole_target",
                         &s->fire_needs_whole_target) < 0)
        || (config_setting_get_member (g, "shoot_in_melee")
            && get_bool (l, g, "shoot_in_melee", &s->shoot_in_melee) < 0)
        || (config_setting_get_member (g, "contact_cm")
            && get_number_in (l, g, "contact_cm", 0, 10, &s->contact_cm) < 0))
        return -1;
    return 0;
}

/*  The readings and measures of the `settings` group. */
static int
load_settings (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *g = get_group (l, root, "settings");
    if (!g)
        return -1;
    rules_settings_t *s = &rs->settings;
    const double big = SOLO_MAX_TABLE_CM;
    if (get_bool (l, g, "no_enemy_needs_no_retreating_friends",
                  &s->no_enemy_needs_no_retreating_friends) < 0
    ||  get_bool (l, g, "enemy_range_is_enemy_weapon",
                  &s->enemy_range_is_enemy_weapon) < 0
    ||  get_bool (l, g, "good_troops_or_officer_once",
                  &s->good_troops_or_officer_once) < 0
    ||  get_bool (l, g, "in_sight_of_unit_itself",
                  &s->in_sight_of_unit_itself) < 0
    ||  get_bool (l, g, "shoot_when_running", &s->shoot_when_running) < 0
    ||  get_number_in (l, g, "withdraw_cover_moves", 0, 100,
                       &s->withdraw_cover_moves) < 0
    ||  get_number_in (l, g, "hero_distance_cm", 0, big, &s->hero_distance_cm) < 0
    ||  get_number_in (l, g, "shock_cavalry_cm", 0, big, &s->shock_cavalry_cm) < 0
    ||  get_number_in (l, g, "platoon_company_cm", 0, big, &s->platoon_company_cm) < 0
    ||  get_number_in (l, g, "leader_company_cm", 0, big, &s->leader_company_cm) < 0
    ||  get_number_in (l, g, "front_half_deg", 0, 180, &s->front_half_deg) < 0
    ||  get_number_in (l, g, "rear_half_deg", 0, 180, &s->rear_half_deg) < 0
    ||  get_number_in (l, g, "woods_shoot_depth_cm", 0, big, &s->woods_shoot_depth_cm) < 0
    ||  get_number_in (l, g, "woods_visibility_cm", 0, big, &s->woods_visibility_cm) < 0
    ||  get_number_in (l, g, "terrain_edge_cm", 0, big, &s->terrain_edge_cm) < 0
    ||  get_number_in (l, g, "sighting_cm_per_pip", 0, big, &s->sighting_cm_per_pip) < 0
    ||  get_bool (l, g, "sighting_rolls", &s->sighting_rolls) < 0
    ||  get_number_in (l, g, "sighting_fixed_cm", 0, big, &s->sighting_fixed_cm) < 0
    ||  get_number_in (l, g, "foot_move_cm", 0, big, &s->foot_move_cm) < 0
    ||  get_number_in (l, g, "foot_wounded_move_cm", 0, big, &s->foot_wounded_move_cm) < 0
    ||  get_number_in (l, g, "cavalry_walk_cm", 0, big, &s->cavalry_walk_cm) < 0
    ||  get_number_in (l, g, "cavalry_canter_cm", 0, big, &s->cavalry_canter_cm) < 0
    ||  get_number_in (l, g, "cavalry_gallop_cm", 0, big, &s->cavalry_gallop_cm) < 0
    ||  get_number_in (l, g, "command_open_cm", 0, big, &s->command_open_cm) < 0
    ||  get_number_in (l, g, "command_enclosed_cm", 0, big, &s->command_enclosed_cm) < 0)
        return -1;
    if (s->front_half_deg + s->rear_half_deg > 180)
        return fail (l, config_setting_get_member (g, "rear_half_deg"),
                     "settings: front_half_deg + rear_half_deg is %g, must be "
                     "at most 180", s->front_half_deg + s->rear_half_deg);
    s->woods_through_cm = s->woods_shoot_depth_cm;
    if (config_setting_get_member (g, "woods_through_cm")
        && get_number_in (l, g, "woods_through_cm", 0, big,
                          &s->woods_through_cm) < 0)
        return -1;
    s->enemy_gap_cm = 0;
    if (config_setting_get_member (g, "enemy_gap_cm")
        && get_number_in (l, g, "enemy_gap_cm", 0, 100, &s->enemy_gap_cm) < 0)
        return -1;
    s->fired_seen_any_range = true;
    if (config_setting_get_member (g, "fired_seen_any_range")
        && get_bool (l, g, "fired_seen_any_range",
                     &s->fired_seen_any_range) < 0)
        return -1;
    s->charge_reach_pays_terrain = false;
    if (config_setting_get_member (g, "charge_reach_pays_terrain")
        && get_bool (l, g, "charge_reach_pays_terrain",
                     &s->charge_reach_pays_terrain) < 0)
        return -1;
    s->charge_nearest_in_reach = true;
    if (config_setting_get_member (g, "charge_nearest_in_reach")
        && get_bool (l, g, "charge_nearest_in_reach",
                     &s->charge_nearest_in_reach) < 0)
        return -1;
    s->charge_reach_cm = 0;
    if (config_setting_get_member (g, "charge_reach_cm")
        && get_number_in (l, g, "charge_reach_cm", 0, big,
                          &s->charge_reach_cm) < 0)
        return -1;
    if (load_fire_settings (l, s, g) < 0)
        return -1;
    if (load_length_unit (l, s, g) < 0 || load_moves (l, s, g) < 0
        || load_form_to_move (l, rs, g) < 0)
        return -1;
    config_setting_t *arms = get_group (l, g, "arm_table");
    if (!arms)
        return -1;
    rs->arm_table[ARM_INFANTRY] = ARM_INFANTRY;
    rs->arm_table[ARM_CAVALRY] = ARM_CAVALRY;
    if (read_table_name (l, arms, "artillery", &rs->arm_table[ARM_ARTILLERY]) < 0
    ||  read_table_name (l, arms, "command", &rs->arm_table[ARM_COMMAND]) < 0)
        return -1;
    return 0;
}

/*  The factor values of one RF table. */
static int
load_factors (loader_t *l, rf_table_t *t, const config_setting_t *table)
{
    config_setting_t *f = get_group (l, table, "factors");
    if (!f)
        return -1;
    const int lo = -100, hi = 100;
    if (get_int (l, f, "no_enemy_in_sight", lo, hi, &t->f_no_enemy_in_sight) < 0
    ||  get_int (l, f, "hero_near", lo, hi, &t->f_hero_near) < 0
    ||  get_int (l, f, "regulars", lo, hi, &t->f_regulars) < 0
    ||  get_int (l, f, "officer", lo, hi, &t->f_officer) < 0
    ||  get_int (l, f, "in_cover", lo, hi, &t->f_in_cover) < 0
    ||  get_int (l, f, "enemy_in_range", lo, hi, &t->f_enemy_in_range) < 0
    ||  get_int (l, f, "raw_in_range", lo, hi, &t->f_raw_in_range) < 0
    ||  get_int (l, f, "per_tenth_lost", lo, hi, &t->f_per_tenth_lost) < 0
    ||  get_int (l, f, "flank_or_rear", lo, hi, &t->f_flank_or_rear) < 0
    ||  get_int (l, f, "shock_cavalry", lo, hi, &t->f_shock_cavalry) < 0
    ||  get_int (l, f, "running_or_retreating", lo, hi,
                 &t->f_running_or_retreating) < 0)
        return -1;
    return 0;
}

/*  One actions table: 5 rows of 6 actions, their paces, the words of
 *  each action, the up-to-RF0 special cases. */
static int
load_rf_table (loader_t *l, rf_table_t *t, const config_setting_t *table,
               const char bands[RF_BANDS][16], const int band_max[RF_BANDS])
{
    memset (t, 0, sizeof *t);
    t->present = true;
    for (int b = 0; b < RF_BANDS; b++) {
        t->band_max[b] = band_max[b];
        memcpy (t->band_name[b], bands[b], sizeof t->band_name[b]);
    }
    if (load_factors (l, t, table) < 0)
        return -1;

    config_setting_t *words = get_group (l, table, "words");
    if (!words)
        return -1;
    char text[RF_ACTION_COUNT][128];
    for (int a = 0; a < RF_ACTION_COUNT; a++)
        if (get_string (l, words, action_names[a], text[a], sizeof text[a]) < 0)
            return -1;
    if (get_string (l, words, "fortified", t->fortified_text,
                    sizeof t->fortified_text) < 0
    ||  get_string (l, words, "falling_back_halt", t->falling_back_text,
                    sizeof t->falling_back_text) < 0)
        return -1;

    config_setting_t *actions = get_sequence (l, table, "actions", RF_BANDS);
    config_setting_t *pace = actions ? get_sequence (l, table, "pace", RF_BANDS)
                                     : NULL;
    if (!pace)
        return -1;
    for (int b = 0; b < RF_BANDS; b++) {
        config_setting_t *row = config_setting_get_elem (actions, (unsigned) b);
        config_setting_t *prow = config_setting_get_elem (pace, (unsigned) b);
        char path[160];
        if (config_setting_length (row) != RF_FACES
        ||  (!config_setting_is_array (row) && !config_setting_is_list (row))) {
            setting_path (row, path, sizeof path);
            return fail (l, row, "%s must list %d actions, one per D6 face",
                         path, RF_FACES);
        }
        if (config_setting_length (prow) != RF_FACES
        ||  (!config_setting_is_array (prow) && !config_setting_is_list (prow))) {
            setting_path (prow, path, sizeof path);
            return fail (l, prow, "%s must list %d paces, one per D6 face",
                         path, RF_FACES);
        }
        for (int f = 0; f < RF_FACES; f++) {
            config_setting_t *cell = config_setting_get_elem (row, (unsigned) f);
            config_setting_t *pcell = config_setting_get_elem (prow, (unsigned) f);
            if (read_action (l, cell, &t->cell[b][f]) < 0
            ||  read_string (l, pcell, t->pace[b][f], sizeof t->pace[b][f]) < 0)
                return -1;
            const char *p = t->pace[b][f];
            if (*p && strcmp (p, "walk") && strcmp (p, "canter")
            &&  strcmp (p, "trot") && strcmp (p, "gallop")) {
                setting_path (pcell, path, sizeof path);
                return fail (l, pcell, "%s: pace \"%s\" is not walk, canter, "
                             "trot, gallop or \"\"", path, p);
            }
            memcpy (t->text[b][f], text[t->cell[b][f]], sizeof t->text[b][f]);
        }
    }

    bool fortified;
    config_setting_t *halt_action;
    if (get_bool (l, table, "fortified_no_move", &fortified) < 0
    ||  get_int (l, table, "falling_back_halt_from", 1, RF_FACES + 1,
                 &t->falling_back_halt_from) < 0
    ||  !(halt_action = member (l, table, "falling_back_halt_action"))
    ||  read_action (l, halt_action, &t->falling_back_halt_action) < 0
    ||  get_bool (l, table, "regulars_need_formed", &t->regulars_need_formed) < 0
    ||  get_bool (l, table, "regulars_include_hero", &t->regulars_include_hero) < 0)
        return -1;
    t->fortified_no_move = fortified ? 1 : 0;
    return 0;
}

/*  A list of status flag names into a bit set. */
static int
read_status_list (loader_t *l, const config_setting_t *g, const char *key,
                  uint32_t *out)
{
    config_setting_t *list = get_sequence (l, g, key, -1);
    if (!list)
        return -1;
    *out = 0;
    for (int i = 0; i < config_setting_length (list); i++) {
        config_setting_t *s = config_setting_get_elem (list, (unsigned) i);
        char name[32];
        if (read_string (l, s, name, sizeof name) < 0)
            return -1;
        int bit = status_flag_parse (name);
        if (bit < 0) {
            char path[160];
            setting_path (s, path, sizeof path);
            return fail (l, s, "%s: unknown status \"%s\"", path, name);
        }
        *out |= (uint32_t) bit;
    }
    return 0;
}

/*  The morale each action shows, and the status it leaves. */
static int
load_morale (loader_t *l, ruleset_t *rs, const config_setting_t *rf)
{
    config_setting_t *g = get_group (l, rf, "morale");
    if (!g)
        return -1;
    rf_morale_t *m = &rs->morale;
    for (int a = 0; a < RF_ACTION_COUNT; a++) {
        config_setting_t *e = get_group (l, g, action_names[a]);
        if (!e
        ||  get_string (l, e, "morale", m->morale[a], sizeof m->morale[a]) < 0
        ||  get_string (l, e, "text", m->text[a], sizeof m->text[a]) < 0
        ||  read_status_list (l, e, "sets", &m->sets_status[a]) < 0
        ||  read_status_list (l, e, "clears", &m->clears_status[a]) < 0)
            return -1;
    }
    return 0;
}

/*  The `risk_factors` group: bands, the infantry table (required), the
 *  cavalry table (optional) and the morale. */
static int
load_risk_factors (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *rf = get_group (l, root, "risk_factors");
    if (!rf)
        return -1;
    config_setting_t *bands = get_sequence (l, rf, "bands", RF_BANDS);
    config_setting_t *maxes = bands ? get_sequence (l, rf, "band_max", RF_BANDS)
                                    : NULL;
    if (!maxes)
        return -1;
    char band_name[RF_BANDS][16];
    int band_max[RF_BANDS];
    for (int b = 0; b < RF_BANDS; b++) {
        config_setting_t *m = config_setting_get_elem (maxes, (unsigned) b);
        if (read_string (l, config_setting_get_elem (bands, (unsigned) b),
                         band_name[b], sizeof band_name[b]) < 0
        ||  read_int (l, m, -1000, 1000, &band_max[b]) < 0)
            return -1;
        if (b > 0 && band_max[b] <= band_max[b - 1])
            return fail (l, m, "risk_factors.band_max[%d] is %d, must be above "
                         "band_max[%d] (%d)", b, band_max[b], b - 1,
                         band_max[b - 1]);
    }
    config_setting_t *inf = get_group (l, rf, "infantry");
    if (!inf || load_rf_table (l, &rs->rf[ARM_INFANTRY], inf, band_name,
                               band_max) < 0)
        return -1;
    if (config_setting_get_member (rf, "cavalry")) {
        config_setting_t *cav = get_group (l, rf, "cavalry");
        if (!cav || load_rf_table (l, &rs->rf[ARM_CAVALRY], cav, band_name,
                                   band_max) < 0)
            return -1;
    }
    for (int a = ARM_ARTILLERY; a <= ARM_COMMAND; a++)
        if (rs->arm_table[a] != NO_TABLE && !rs->rf[rs->arm_table[a]].present)
            return fail (l, rf, "settings.arm_table: %s uses the %s table, "
                         "which risk_factors does not have", arm_name ((arm_t) a),
                         arm_name ((arm_t) rs->arm_table[a]));
    return load_morale (l, rs, rf);
}

/*  The whole file, parsed. */
/*  What an overlay's merged text says it is made of (overlay.h): the
 *  `overlay` group overlay_resolve writes.  An overlay's own file, not
 *  merged (a top-level `base`), cannot be read as it is: its base is
 *  found from its path. */
static int
load_overlay (loader_t *l, ruleset_t *rs, const config_setting_t *root)
{
    config_setting_t *base = config_setting_get_member (root, "base");
    if (base)
        return fail (l, base, "base: a house-rule overlay is read from its "
                     "file, beside its base ruleset's folder");
    config_setting_t *g = config_setting_get_member (root, "overlay");
    if (!g)
        return 0;
    return get_string (l, g, "base", rs->base_name, sizeof rs->base_name) < 0
        || get_string (l, g, "base_tables_hash", rs->base_hash,
                       sizeof rs->base_hash) < 0
        || get_string (l, g, "tables_hash", rs->overlay_hash,
                       sizeof rs->overlay_hash) < 0
        || get_bool (l, g, "partial", &rs->overlay_partial) < 0 ? -1 : 0;
}

static int
load_config (loader_t *l, ruleset_t *rs, const config_t *cfg)
{
    const config_setting_t *root = config_root_setting (cfg);
    if (get_string (l, root, "name", rs->name, sizeof rs->name) < 0
    ||  get_string (l, root, "title", rs->title, sizeof rs->title) < 0)
        return -1;
    if (rs->name[0] == '\0')
        return fail (l, config_setting_get_member (root, "name"),
                     "name is empty");
    config_setting_t *units = config_setting_get_member (root, "units");
    if (units) {
        char u[8];
        if (read_string (l, units, u, sizeof u) < 0)
            return -1;
        if (strcmp (u, "cm") != 0)
            return fail (l, units, "units is \"%s\": only \"cm\" is known", u);
    }
    if (load_overlay (l, rs, root) < 0
    ||  load_weapons (l, rs, root) < 0
    ||  load_troop_types (l, rs, root) < 0
    ||  load_qualities (l, rs, root) < 0
    ||  load_grades (l, rs, root) < 0
    ||  load_formations (l, rs, root) < 0
    ||  load_formation_words (l, rs, root) < 0
    ||  load_throws (l, rs, root) < 0
    ||  load_terrain (l, rs, root) < 0
    ||  load_settings (l, rs, root) < 0
    ||  load_risk_factors (l, rs, root) < 0)
        return -1;
    return 0;
}

/*  ---- the public face ---------------------------------------------------- */

ruleset_t *
ruleset_load_text (const char *text, const char *origin, char *err, int errlen)
{
    assert (text && err && errlen >= 1);
    loader_t l = { origin ? origin : "(tables)", err, errlen };
    err[0] = '\0';
    ruleset_t *rs = calloc (1, sizeof *rs);
    if (!rs) {
        fail (&l, NULL, "out of memory");
        return NULL;
    }
    hash_text (text, strlen (text), rs->hash);
    for (int a = 0; a < ARM_COUNT; a++)
        rs->arm_table[a] = NO_TABLE;

    config_t cfg;
    config_init (&cfg);
    int rc;
    if (config_text_read (&cfg, text) != CONFIG_TRUE) {
        snprintf (err, (size_t) errlen, "%s:%d - %s", l.origin,
                  config_error_line (&cfg), config_error_text (&cfg));
        rc = -1;
    }
    else
        rc = load_config (&l, rs, &cfg);
    config_destroy (&cfg);
    if (rc < 0)
        ruleset_destroy (&rs);
    return rs;
}

ruleset_t *
ruleset_load (const char *path, char *err, int errlen)
{
    assert (path && err && errlen >= 1);
    FILE *f = fopen (path, "rb");
    if (!f) {
        snprintf (err, (size_t) errlen, "%s - cannot open: %s", path,
                  strerror (errno));
        return NULL;
    }
    char *text = malloc (TABLE_FILE_MAX + 1);
    size_t len = text ? fread (text, 1, TABLE_FILE_MAX + 1, f) : 0;
    bool read_error = ferror (f) != 0;
    fclose (f);
    if (!text) {
        snprintf (err, (size_t) errlen, "%s - out of memory", path);
        return NULL;
    }
    if (read_error || len > TABLE_FILE_MAX) {
        snprintf (err, (size_t) errlen, "%s - %s", path, read_error
                  ? "cannot read" : "larger than 4 MB: not a table file");
        free (text);
        return NULL;
    }
    text[len] = '\0';
    if (strlen (text) != len) {
        snprintf (err, (size_t) errlen, "%s - contains a NUL byte: not a "
                  "table file", path);
        free (text);
        return NULL;
    }
    char *tables = overlay_resolve (text, path, err, errlen);
    free (text);
    if (!tables)
        return NULL;
    ruleset_t *rs = ruleset_load_text (tables, path, err, errlen);
    free (tables);
    return rs;
}

void
ruleset_destroy (ruleset_t **self_p)
{
    assert (self_p);
    free (*self_p);
    *self_p = NULL;
}

const char *
ruleset_name (const ruleset_t *self)
{
    assert (self);
    return self->name;
}

const char *
ruleset_title (const ruleset_t *self)
{
    assert (self);
    return self->title;
}

const char *
ruleset_tables_hash (const ruleset_t *self)
{
    assert (self);
    return self->hash;
}

void
ruleset_text_hash (const char *text, char out[17])
{
    assert (text && out);
    hash_text (text, strlen (text), out);
}

const char *
ruleset_base_name (const ruleset_t *self)
{
    return self->base_name[0] ? self->base_name : NULL;
}

const char *
ruleset_base_tables_hash (const ruleset_t *self)
{
    return self->base_name[0] ? self->base_hash : NULL;
}

const char *
ruleset_overlay_hash (const ruleset_t *self)
{
    return self->base_name[0] ? self->overlay_hash : NULL;
}

bool
ruleset_overlay_partial (const ruleset_t *self)
{
    return self->overlay_partial;
}

const char *
ruleset_length_unit (const ruleset_t *self)
{
    return self ? self->settings.length_unit : "cm";
}

double
ruleset_cm_per_length_unit (const ruleset_t *self)
{
    return self ? self->settings.cm_per_length_unit : 1.0;
}

const char *
ruleset_length_text (const ruleset_t *self, double cm, char *buf, int buflen)
{
    assert (buf && buflen > 0);
    const char *unit = ruleset_length_unit (self);
    double size = ruleset_cm_per_length_unit (self);
    if (strcmp (unit, "cm") == 0 && size == 1.0)
        snprintf (buf, (size_t) buflen, "%.1f cm", cm);
    else if (strcmp (unit, "in") == 0)
        snprintf (buf, (size_t) buflen, "%.1f\" (%.1f cm)", cm / size, cm);
    else
        snprintf (buf, (size_t) buflen, "%.1f %s (%.1f cm)", cm / size, unit,
                  cm);
    return buf;
}

const rules_settings_t *
ruleset_settings (const ruleset_t *self)
{
    assert (self);
    return &self->settings;
}

const terrain_effect_t *
ruleset_terrain (const ruleset_t *self, terrain_kind_t kind)
{
    assert (self);
    assert ((int) kind >= 0 && kind < TERRAIN_KIND_COUNT);
    return &self->terrain[kind];
}

int
ruleset_weapon_count (const ruleset_t *self)
{
    assert (self);
    return self->weapon_count;
}

const weapon_t *
ruleset_weapon (const ruleset_t *self, int index)
{
    assert (self);
    if (index < 0 || index >= self->weapon_count)
        return NULL;
    return &self->weapons[index];
}

int
ruleset_weapon_find (const ruleset_t *self, const char *name)
{
    assert (self);
    if (!name)
        return -1;
    return name_index_find (&self->weapon_index, self->weapons[0].name,
                            sizeof self->weapons[0], name);
}

int
ruleset_troop_type_count (const ruleset_t *self)
{
    assert (self);
    return self->troop_type_count;
}

const troop_type_t *
ruleset_troop_type (const ruleset_t *self, int index)
{
    assert (self);
    if (index < 0 || index >= self->troop_type_count)
        return NULL;
    return &self->troop_types[index];
}

int
ruleset_troop_type_find (const ruleset_t *self, const char *name)
{
    assert (self);
    if (!name || !*name)
        return 0;
    return name_index_find (&self->troop_type_index,
                            self->troop_types[0].name,
                            sizeof self->troop_types[0], name);
}

const char *
ruleset_troop_type_list (const ruleset_t *self, char *buf, int buflen)
{
    assert (self && buf && buflen >= 1);
    size_t used = 0, len = (size_t) buflen;
    buf[0] = '\0';
    if (self->troop_type_count <= 1)
        snprintf (buf, len, "none");
    for (int i = 1; i < self->troop_type_count && used < len; i++) {
        int n = snprintf (buf + used, len - used, "%s%s", i > 1 ? ", " : "",
                          self->troop_types[i].name);
        if (n < 0)
            break;
        used += (size_t) n;
    }
    return buf;
}

int
ruleset_troop_type_check (const ruleset_t *self, const unit_t *u, char *err,
                          int errlen)
{
    assert (self && u && err && errlen >= 1);
    const troop_type_t *t = ruleset_troop_type (self, u->troop_type);
    if (!t) {
        snprintf (err, (size_t) errlen, "unit \"%s\": troop type index %d "
                  "not in the %s table's %d", u->id, u->troop_type,
                  self->name, self->troop_type_count - 1);
        return -1;
    }
    if ((unsigned) u->arm >= ARM_COUNT || !t->arm_allowed[u->arm]) {
        snprintf (err, (size_t) errlen, "unit \"%s\": troop type \"%s\" "
                  "is not for %s in %s", u->id, t->name,
                  arm_name (u->arm), self->name);
        return -1;
    }
    return 0;
}

const rf_table_t *
ruleset_rf_table (const ruleset_t *self, arm_t arm)
{
    assert (self);
    if ((int) arm < 0 || arm >= ARM_COUNT || self->arm_table[arm] == NO_TABLE)
        return NULL;
    const rf_table_t *t = &self->rf[self->arm_table[arm]];
    return t->present ? t : NULL;
}

const rf_morale_t *
ruleset_rf_morale (const ruleset_t *self)
{
    assert (self);
    return &self->morale;
}

double
ruleset_weapon_reach (const ruleset_t *self, const unit_t *u)
{
    assert (self && u);
    const weapon_t *w = ruleset_weapon (self, u->weapon);
    if (!w)
        return 0.0;
    return w->long_cm + (u->formation == FORMATION_LOOSE ? w->loose_reach_cm
                                                          : 0.0);
}

range_band_t
ruleset_range_band (const ruleset_t *self, int weapon, double dist_cm)
{
    assert (self);
    const weapon_t *w = ruleset_weapon (self, weapon);
    if (!w || w->long_cm <= 0 || dist_cm < 0)
        return RANGE_NONE;
    if (dist_cm <= w->short_cm)
        return RANGE_SHORT;
    if (dist_cm <= w->medium_cm)
        return RANGE_MEDIUM;
    if (dist_cm <= w->long_cm)
        return RANGE_LONG;
    return RANGE_NONE;
}

double
ruleset_move_cm (const ruleset_t *self, const unit_t *u, const char *pace)
{
    assert (self && u);
    const rules_settings_t *s = &self->settings;
    const troop_type_t *t = ruleset_troop_type (self, u->troop_type);
    bool foot = u->arm != ARM_CAVALRY;
    if (s->has_moves && (int) u->arm >= 0 && u->arm < ARM_COUNT
        && (int) u->formation >= 0 && u->formation < FORMATION_COUNT) {
        double move = s->moves_cm[u->arm][u->formation];
        return move > 0 && foot && t && t->foot_move_cm > 0 ? t->foot_move_cm
                                                            : move;
    }
    if (u->arm == ARM_CAVALRY) {
        if (pace && strcmp (pace, "walk") == 0)
            return s->cavalry_walk_cm;
        if (pace && (strcmp (pace, "canter") == 0 || strcmp (pace, "trot") == 0))
            return s->cavalry_canter_cm;
        return s->cavalry_gallop_cm;
    }
    double move = t && t->foot_move_cm > 0 ? t->foot_move_cm
                                           : s->foot_move_cm;
    int standing = unit_figures_standing (u);
    if (standing > 0 && 2 * u->wounded > standing
        && s->foot_wounded_move_cm < move)
        move = s->foot_wounded_move_cm;
    return move;
}

int
ruleset_move_formation (const ruleset_t *self, arm_t arm,
                        formation_t formation)
{
    if (!self || (int) arm < 0 || arm >= ARM_COUNT || (int) formation < 0
        || formation >= FORMATION_COUNT)
        return -1;
    return self->move_formation[arm][formation];
}

double
ruleset_moving_cm (const ruleset_t *self, const unit_t *u, const char *pace)
{
    assert (self && u);
    int f = ruleset_move_formation (self, u->arm, u->formation);
    if (f < 0)
        return ruleset_move_cm (self, u, pace);
    unit_t moving = *u;
    moving.formation = (formation_t) f;
    return ruleset_move_cm (self, &moving, pace);
}

double
ruleset_charge_cm (const ruleset_t *self, const unit_t *u)
{
    assert (self && u);
    if (self->settings.charge_reach_cm > 0)
        return self->settings.charge_reach_cm;
    return ruleset_moving_cm (self, u, "gallop");
}

const char *
ruleset_quality_name (const ruleset_t *self, quality_t quality)
{
    if (self && (int) quality >= 0 && quality < QUALITY_COUNT
        && self->quality_names[quality][0])
        return self->quality_names[quality];
    return quality_name (quality);
}

int
ruleset_grades (const ruleset_t *self, quality_t out[QUALITY_COUNT])
{
    assert (self && out);
    memcpy (out, self->grades, (size_t) self->grade_count * sizeof *out);
    return self->grade_count;
}

bool
ruleset_quality_used (const ruleset_t *self, quality_t quality)
{
    return self && (int) quality >= 0 && quality < QUALITY_COUNT
        && self->quality_used[quality];
}

int
ruleset_quality_parse (const ruleset_t *self, const char *name)
{
    if (!name)
        return -1;
    for (int q = 0; self && q < QUALITY_COUNT; q++)
        if (self->quality_names[q][0]
            && strcasecmp (name, self->quality_names[q]) == 0)
            return q;
    return quality_parse (name);
}

bool
ruleset_formation_allowed (const ruleset_t *self, arm_t arm,
                           formation_t formation)
{
    return self && (int) arm >= 0 && arm < ARM_COUNT && (int) formation >= 0
        && formation < FORMATION_COUNT
        && self->formation_allowed[arm][formation];
}

const char *
ruleset_formation_list (const ruleset_t *self, arm_t arm, char *buf,
                        int buflen)
{
    assert (buf && buflen > 0);
    buf[0] = '\0';
    int n = 0;
    for (int f = 0; f < FORMATION_COUNT && n < buflen; f++)
        if (ruleset_formation_allowed (self, arm, (formation_t) f))
            n += snprintf (buf + n, (size_t) (buflen - n), "%s%s",
                           n ? ", " : "",
                           ruleset_formation_word (self, arm, (formation_t) f));
    if (!buf[0])
        snprintf (buf, (size_t) buflen, "none");
    return buf;
}

int
ruleset_throw_count (const ruleset_t *self)
{
    assert (self);
    return self->throw_count;
}

const ruleset_throw_t *
ruleset_throw (const ruleset_t *self, int i)
{
    assert (self && i >= 0 && i < self->throw_count);
    return &self->throws[i];
}

const char *
ruleset_formation_word (const ruleset_t *self, arm_t arm,
                        formation_t formation)
{
    if (self && (int) arm >= 0 && arm < ARM_COUNT && (int) formation >= 0
        && formation < FORMATION_COUNT
        && self->formation_word[arm][formation][0])
        return self->formation_word[arm][formation];
    return formation_name (formation);
}

int
ruleset_formation_parse (const ruleset_t *self, arm_t arm, const char *name)
{
    if (self && name && (int) arm >= 0 && arm < ARM_COUNT)
        for (int f = 0; f < FORMATION_COUNT; f++)
            if (self->formation_word[arm][f][0]
                && strcasecmp (self->formation_word[arm][f], name) == 0)
                return f;
    return formation_parse (name);
}
