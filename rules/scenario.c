/*  scenario.c - load a scenario: a situation file plus its `scenario`
 *  group.  The situation part goes to situation_load_text with the
 *  scenario group blanked out (newlines kept, so lines still match).  */
#include <assert.h>
#include <ctype.h>
#include <libconfig.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"
#include "game.h"
#include "scenario.h"

struct scenario_t {
    char name[SOLO_ID_MAX];
    char title[SCENARIO_TEXT_MAX];
    char side_name[SIDE_COUNT][SCENARIO_TEXT_MAX];
    situation_t *sit;
    int turns;
    int first;
    double army_break;
    scenario_on_time_t on_time;
    int on_time_side;
    int objective_count;
    scenario_objective_t objectives[SCENARIO_MAX_OBJECTIVES];
    int order_count;
    scenario_order_t orders[SCENARIO_MAX_ORDERS];
};

typedef struct {
    const char *origin;
    char *err;
    int errlen;
} loader_t;

/*  An error at the line of `s`: "origin:line - scenario.field: reason". */
static int
fail (loader_t *ld, const config_setting_t *s, const char *fmt, ...)
{
    char why[SOLO_ERR_MAX];
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (why, sizeof why, fmt, ap);
    va_end (ap);
    int line = s ? config_setting_source_line (s) : 0;
    if (line > 0)
        snprintf (ld->err, ld->errlen, "%s:%d - %s", ld->origin, line, why);
    else
        snprintf (ld->err, ld->errlen, "%s - %s", ld->origin, why);
    return -1;
}

/*  Every member of group `g` must be one of `fields`. */
static int
check_fields (loader_t *ld, const config_setting_t *g, const char *what,
              const char *const *fields)
{
    int n = config_setting_length (g);
    for (int i = 0; i < n; i++) {
        config_setting_t *m = config_setting_get_elem (g, i);
        const char *name = config_setting_name (m);
        bool known = false;
        for (int k = 0; fields[k] && !known; k++)
            known = name && strcmp (name, fields[k]) == 0;
        if (!known)
            return fail (ld, m, "%s: unknown field \"%s\"", what,
                         name ? name : "?");
    }
    return 0;
}

/*  Skip a string, a comment or a plain character at text[i]; returns the
 *  index after it.  Inside strings and comments nothing counts. */
static size_t
skip_token (const char *text, size_t i)
{
    if (text[i] == '"') {
        for (i++; text[i] && text[i] != '"'; i++)
            if (text[i] == '\\' && text[i + 1])
                i++;
        return text[i] ? i + 1 : i;
    }
    if (text[i] == '#' || (text[i] == '/' && text[i + 1] == '/')) {
        while (text[i] && text[i] != '\n')
            i++;
        return i;
    }
    if (text[i] == '/' && text[i + 1] == '*') {
        const char *end = strstr (text + i + 2, "*/");
        return end ? (size_t) (end - text) + 2 : strlen (text);
    }
    return i + 1;
}

/*  Blank out the top-level setting `name` (from its name to its closing
 *  ';' or ',') with spaces, keeping newlines.  Returns 0, or -1 when no
 *  such top-level setting is found. */
static int
blank_setting (char *text, const char *name)
{
    size_t len = strlen (name), i = 0;
    int depth = 0;
    while (text[i]) {
        char c = text[i];
        if (c == '"' || c == '#' || (c == '/' && (text[i + 1] == '/'
                                                  || text[i + 1] == '*'))) {
            i = skip_token (text, i);
            continue;
        }
        if (c == '{' || c == '(' || c == '[')
            depth++;
        else if (c == '}' || c == ')' || c == ']')
            depth--;
        else if (depth == 0 && strncmp (text + i, name, len) == 0
                 && (i == 0 || !(isalnum ((unsigned char) text[i - 1])
                                 || text[i - 1] == '_'))
                 && !(isalnum ((unsigned char) text[i + len])
                      || text[i + len] == '_' || text[i + len] == '-')) {
            size_t j = i + len;
            while (isspace ((unsigned char) text[j]))
                j++;
            if (text[j] == '=' || text[j] == ':') {
                /* find the end: the first ';' or ',' back at depth 0 */
                int d = 0;
                size_t k = j + 1;
                while (text[k]) {
                    char e = text[k];
                    if (e == '"' || e == '#'
                        || (e == '/' && (text[k + 1] == '/'
                                         || text[k + 1] == '*'))) {
                        size_t next = skip_token (text, k);
                        for (size_t q = k; q < next; q++)
                            if (text[q] != '\n')
                                text[q] = ' ';
                        k = next;
                        continue;
                    }
                    if (e == '{' || e == '(' || e == '[')
                        d++;
                    else if (e == '}' || e == ')' || e == ']')
                        d--;
                    else if (d == 0 && (e == ';' || e == ','))
                        break;
                    k++;
                }
                size_t end = text[k] ? k + 1 : k;
                for (size_t q = i; q < end; q++)
                    if (text[q] != '\n')
                        text[q] = ' ';
                return 0;
            }
        }
        i++;
    }
    return -1;
}

/*  A string member; `out` gets "" when absent and not required. */
static int
get_string (loader_t *ld, const config_setting_t *g, const char *what,
            const char *name, bool required, char *out, size_t outlen)
{
    config_setting_t *s = config_setting_get_member (g, name);
    out[0] = 0;
    if (!s) {
        if (required)
            return fail (ld, g, "%s: missing field \"%s\"", what, name);
        return 0;
    }
    const char *v = config_setting_get_string (s);
    if (!v)
        return fail (ld, s, "%s.%s: must be a string", what, name);
    if (strlen (v) >= outlen)
        return fail (ld, s, "%s.%s: longer than %zu bytes", what, name,
                     outlen - 1);
    snprintf (out, outlen, "%s", v);
    return 0;
}

/*  A number member in lo..hi; `out` unchanged when absent and not
 *  required. */
static int
get_number (loader_t *ld, const config_setting_t *g, const char *what,
            const char *name, bool required, double lo, double hi,
            double *out)
{
    config_setting_t *s = config_setting_get_member (g, name);
    if (!s) {
        if (required)
            return fail (ld, g, "%s: missing field \"%s\"", what, name);
        return 0;
    }
    int type = config_setting_type (s);
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64
        && type != CONFIG_TYPE_FLOAT)
        return fail (ld, s, "%s.%s: must be a number", what, name);
    double v = type == CONFIG_TYPE_FLOAT ? config_setting_get_float (s)
             : (double) config_setting_get_int64 (s);
    if (!(v >= lo && v <= hi))
        return fail (ld, s, "%s.%s: %g is not in %g..%g", what, name, v, lo,
                     hi);
    *out = v;
    return 0;
}

/*  A point [x, y] on the table. */
static int
get_point (loader_t *ld, const config_setting_t *s, const char *what,
           const situation_t *sit, vec2_t *out)
{
    if (!config_setting_is_aggregate (s) || config_setting_length (s) != 2)
        return fail (ld, s, "%s: must be a point [x, y]", what);
    double v[2];
    for (int i = 0; i < 2; i++) {
        config_setting_t *e = config_setting_get_elem (s, i);
        int type = config_setting_type (e);
        if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_FLOAT)
            return fail (ld, s, "%s: must be a point [x, y]", what);
        v[i] = type == CONFIG_TYPE_FLOAT ? config_setting_get_float (e)
                                         : config_setting_get_int (e);
    }
    if (v[0] < 0 || v[0] > situation_width (sit) || v[1] < 0
        || v[1] > situation_depth (sit))
        return fail (ld, s, "%s: (%g, %g) is off the %g x %g table", what,
                     v[0], v[1], situation_width (sit), situation_depth (sit));
    out->x = v[0];
    out->y = v[1];
    return 0;
}

static int
load_objective (loader_t *ld, scenario_t *sc, config_setting_t *g, int i)
{
    static const char *const fields[] = { "id", "x", "y", "radius", "value",
                                          "held_by", NULL };
    char what[64];
    snprintf (what, sizeof what, "scenario.victory.objectives[%d]", i);
    if (!config_setting_is_group (g))
        return fail (ld, g, "%s: must be a group { id = ...; x = ...; }", what);
    if (check_fields (ld, g, what, fields) < 0)
        return -1;
    scenario_objective_t *o = &sc->objectives[i];
    double value = 1, radius = 10;
    char held[SOLO_ID_MAX];
    if (get_string (ld, g, what, "id", true, o->id, sizeof o->id) < 0
        || get_number (ld, g, what, "x", true, 0, situation_width (sc->sit),
                       &o->at.x) < 0
        || get_number (ld, g, what, "y", true, 0, situation_depth (sc->sit),
                       &o->at.y) < 0
        || get_number (ld, g, what, "radius", false, 0.1, SOLO_MAX_TABLE_CM,
                       &radius) < 0
        || get_number (ld, g, what, "value", false, 1, 1000, &value) < 0
        || get_string (ld, g, what, "held_by", false, held, sizeof held) < 0)
        return -1;
    o->radius = radius;
    o->value = (int) value;
    o->held_by = -1;
    if (held[0]) {
        o->held_by = side_parse (held);
        if (o->held_by < 0)
            return fail (ld, config_setting_get_member (g, "held_by"),
                         "%s.held_by: unknown side \"%s\"", what, held);
    }
    for (int k = 0; k < i; k++)
        if (strcmp (sc->objectives[k].id, o->id) == 0)
            return fail (ld, g, "%s: duplicate objective id \"%s\"", what,
                         o->id);
    return 0;
}

static int
load_victory (loader_t *ld, scenario_t *sc, config_setting_t *g)
{
    static const char *const fields[] = { "army_break", "on_time",
                                          "objectives", NULL };
    const char *what = "scenario.victory";
    if (!config_setting_is_group (g))
        return fail (ld, g, "%s: must be a group { ... }", what);
    if (check_fields (ld, g, what, fields) < 0
        || get_number (ld, g, what, "army_break", false, 0.01, 1.0,
                       &sc->army_break) < 0)
        return -1;
    char on_time[SOLO_ID_MAX];
    if (get_string (ld, g, what, "on_time", false, on_time, sizeof on_time) < 0)
        return -1;
    if (on_time[0] == 0 || strcmp (on_time, "objectives") == 0)
        sc->on_time = SCENARIO_ON_TIME_OBJECTIVES;
    else if (strcmp (on_time, "draw") == 0)
        sc->on_time = SCENARIO_ON_TIME_DRAW;
    else {
        sc->on_time = SCENARIO_ON_TIME_SIDE;
        sc->on_time_side = side_parse (on_time);
        if (sc->on_time_side < 0)
            return fail (ld, config_setting_get_member (g, "on_time"),
                         "%s.on_time: \"%s\" is not objectives, draw or a "
                         "side", what, on_time);
    }
    config_setting_t *list = config_setting_get_member (g, "objectives");
    if (!list)
        return 0;
    if (!config_setting_is_list (list)
        && !(config_setting_is_array (list) && config_setting_length (list) == 0))
        return fail (ld, list, "%s.objectives: must be a list ( { ... } )",
                     what);
    int n = config_setting_length (list);
    if (n > SCENARIO_MAX_OBJECTIVES)
        return fail (ld, list, "%s.objectives: %d objectives, at most %d",
                     what, n, SCENARIO_MAX_OBJECTIVES);
    for (int i = 0; i < n; i++)
        if (load_objective (ld, sc, config_setting_get_elem (list, i), i) < 0)
            return -1;
    sc->objective_count = n;
    return 0;
}

static int
load_order (loader_t *ld, scenario_t *sc, config_setting_t *g, int i)
{
    static const char *const fields[] = { "unit", "order", "to", "pace",
                                          "facing", "target", "formation",
                                          NULL };
    char what[64], name[SOLO_ID_MAX];
    snprintf (what, sizeof what, "scenario.orders[%d]", i);
    if (!config_setting_is_group (g))
        return fail (ld, g, "%s: must be a group { unit = ...; ... }", what);
    if (check_fields (ld, g, what, fields) < 0
        || get_string (ld, g, what, "unit", true, name, sizeof name) < 0)
        return -1;
    scenario_order_t *so = &sc->orders[i];
    so->unit = situation_find_unit (sc->sit, name);
    if (so->unit < 0)
        return fail (ld, config_setting_get_member (g, "unit"),
                     "%s.unit: no unit \"%s\"", what, name);
    so->order = order_hold ();
    if (get_string (ld, g, what, "order", true, name, sizeof name) < 0)
        return -1;
    int kind = order_kind_parse (name);
    if (kind < 0 || kind == ORDER_CONTINUE)
        return fail (ld, config_setting_get_member (g, "order"),
                     "%s.order: unknown order \"%s\" (hold, move, "
                     "take_cover, fire, charge)", what, name);
    so->order.kind = (order_kind_t) kind;
    if (get_string (ld, g, what, "pace", false, name, sizeof name) < 0)
        return -1;
    if (name[0]) {
        int pace = order_pace_parse (name);
        if (pace < 0)
            return fail (ld, config_setting_get_member (g, "pace"),
                         "%s.pace: unknown pace \"%s\"", what, name);
        so->order.pace = (order_pace_t) pace;
    }
    config_setting_t *to = config_setting_get_member (g, "to");
    if (to) {
        char where[80];
        snprintf (where, sizeof where, "%s.to", what);
        if (get_point (ld, to, where, sc->sit, &so->order.to) < 0)
            return -1;
        so->order.has_to = true;
    }
    double facing = -1;
    if (get_number (ld, g, what, "facing", false, -360, 720, &facing) < 0)
        return -1;
    if (config_setting_get_member (g, "facing")) {
        so->order.has_facing = true;
        so->order.facing = geom_norm_deg (facing);
    }
    if (get_string (ld, g, what, "target", false, name, sizeof name) < 0)
        return -1;
    if (name[0]) {
        so->order.target = situation_find_unit (sc->sit, name);
        if (so->order.target < 0)
            return fail (ld, config_setting_get_member (g, "target"),
                         "%s.target: no unit \"%s\"", what, name);
    }
    if (get_string (ld, g, what, "formation", false, name, sizeof name) < 0)
        return -1;
    if (name[0]) {
        /* the ruleset's own words for the unit's arm ("limbered") too */
        const unit_t *x = situation_unit_const (sc->sit, so->unit);
        int formation = ruleset_formation_parse (situation_ruleset (sc->sit),
                                                 x->arm, name);
        if (formation < 0)
            return fail (ld, config_setting_get_member (g, "formation"),
                         "%s.formation: unknown formation \"%s\" (line, "
                         "column, square, loose, mounted, march, or the "
                         "ruleset's words for a %s unit)", what, name,
                         arm_name (x->arm));
        so->order.has_formation = true;
        so->order.formation = (formation_t) formation;
    }
    bool needs_to = so->order.kind == ORDER_MOVE
                 || so->order.kind == ORDER_TAKE_COVER;
    bool needs_target = so->order.kind == ORDER_FIRE
                     || so->order.kind == ORDER_CHARGE;
    if (needs_to && !so->order.has_to)
        return fail (ld, g, "%s: a %s order needs \"to\"", what,
                     order_kind_name (so->order.kind));
    if (needs_target && so->order.target < 0)
        return fail (ld, g, "%s: a %s order needs \"target\"", what,
                     order_kind_name (so->order.kind));
    for (int k = 0; k < i; k++)
        if (sc->orders[k].unit == so->unit)
            return fail (ld, g, "%s: unit \"%s\" already has an order", what,
                         situation_unit_const (sc->sit, so->unit)->id);
    return 0;
}

static int
load_scenario_group (loader_t *ld, scenario_t *sc, config_setting_t *g)
{
    static const char *const fields[] = { "name", "title", "turns", "sides",
                                          "first", "victory", "orders", NULL };
    const char *what = "scenario";
    if (!config_setting_is_group (g))
        return fail (ld, g, "scenario: must be a group { ... }");
    double turns = 0;
    char first[SOLO_ID_MAX];
    if (check_fields (ld, g, what, fields) < 0
        || get_string (ld, g, what, "name", true, sc->name, sizeof sc->name) < 0
        || get_string (ld, g, what, "title", false, sc->title,
                       sizeof sc->title) < 0
        || get_number (ld, g, what, "turns", true, 1, SCENARIO_MAX_TURNS,
                       &turns) < 0
        || get_string (ld, g, what, "first", false, first, sizeof first) < 0)
        return -1;
    sc->turns = (int) turns;
    if (turns != sc->turns)
        return fail (ld, config_setting_get_member (g, "turns"),
                     "scenario.turns: must be a whole number");
    sc->first = -1;
    if (first[0]) {
        sc->first = side_parse (first);
        if (sc->first < 0)
            return fail (ld, config_setting_get_member (g, "first"),
                         "scenario.first: unknown side \"%s\"", first);
    }
    /* a situation file's own title and army names, when the scenario
       group gives none (a game opened from a situation keeps them) */
    config_setting_t *root = config_setting_parent (g);
    if (!sc->title[0] && root
        && get_string (ld, root, what, "title", false, sc->title,
                       sizeof sc->title) < 0)
        return -1;
    config_setting_t *sides = config_setting_get_member (g, "sides");
    if (!sides && root)
        sides = config_setting_get_member (root, "sides");
    if (sides) {
        static const char *const side_fields[] = { "blue", "red", NULL };
        if (!config_setting_is_group (sides))
            return fail (ld, sides, "scenario.sides: must be a group "
                         "{ blue = \"...\"; red = \"...\"; }");
        if (check_fields (ld, sides, "scenario.sides", side_fields) < 0)
            return -1;
        for (int s = 0; s < SIDE_COUNT; s++)
            if (get_string (ld, sides, "scenario.sides", side_name ((side_t) s),
                            false, sc->side_name[s],
                            sizeof sc->side_name[s]) < 0)
                return -1;
    }
    config_setting_t *victory = config_setting_get_member (g, "victory");
    if (!victory)
        return fail (ld, g, "scenario: missing field \"victory\"");
    if (load_victory (ld, sc, victory) < 0)
        return -1;
    config_setting_t *orders = config_setting_get_member (g, "orders");
    if (orders) {
        if (!config_setting_is_list (orders)
            && !(config_setting_is_array (orders)
                 && config_setting_length (orders) == 0))
            return fail (ld, orders, "scenario.orders: must be a list "
                         "( { ... } )");
        int n = config_setting_length (orders);
        if (n > SCENARIO_MAX_ORDERS)
            return fail (ld, orders, "scenario.orders: %d orders, at most %d",
                         n, SCENARIO_MAX_ORDERS);
        for (int i = 0; i < n; i++)
            if (load_order (ld, sc, config_setting_get_elem (orders, i), i) < 0)
                return -1;
        sc->order_count = n;
    }
    /* both sides must be on the table */
    int count[SIDE_COUNT] = { 0, 0 };
    for (int i = 0; i < situation_unit_count (sc->sit); i++)
        count[situation_unit_const (sc->sit, i)->side]++;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (count[s] == 0)
            return fail (ld, g, "scenario: side %s has no units",
                         side_name ((side_t) s));
    return 0;
}

scenario_t *
scenario_load_text (const char *text, const char *origin,
                    ruleset_finder_fn find_ruleset, void *arg, char *err,
                    int errlen)
{
    assert (err && errlen > 0);
    loader_t ld = { origin ? origin : "(text)", err, errlen };
    err[0] = 0;
    if (!text)
        text = "";
    config_t cfg;
    config_init (&cfg);
    if (config_text_read (&cfg, text) != CONFIG_TRUE) {
        snprintf (err, errlen, "%s:%d - %s", ld.origin,
                  config_error_line (&cfg), config_error_text (&cfg));
        config_destroy (&cfg);
        return NULL;
    }
    scenario_t *sc = calloc (1, sizeof *sc);
    char *rest = strdup (text);
    config_setting_t *group = config_lookup (&cfg, "scenario");
    if (!sc || !rest) {
        snprintf (err, errlen, "%s - out of memory", ld.origin);
        goto fail;
    }
    if (!group) {
        fail (&ld, NULL, "missing the \"scenario\" group (a situation file "
              "is not a scenario)");
        goto fail;
    }
    if (blank_setting (rest, "scenario") < 0) {
        fail (&ld, group, "scenario: cannot find where the group ends");
        goto fail;
    }
    sc->sit = situation_load_text (rest, ld.origin, find_ruleset, arg, err,
                                   errlen);
    if (!sc->sit)
        goto fail;
    sc->army_break = -1;
    sc->on_time_side = -1;
    if (load_scenario_group (&ld, sc, group) < 0)
        goto fail;
    free (rest);
    config_destroy (&cfg);
    return sc;
fail:
    free (rest);
    config_destroy (&cfg);
    scenario_destroy (&sc);
    return NULL;
}

scenario_t *
scenario_load (const char *path, ruleset_finder_fn find_ruleset, void *arg,
               char *err, int errlen)
{
    char *text = game_read_file (path, err, errlen);
    if (!text)
        return NULL;
    scenario_t *sc = scenario_load_text (text, path, find_ruleset, arg, err,
                                         errlen);
    free (text);
    return sc;
}

void
scenario_destroy (scenario_t **self_p)
{
    assert (self_p);
    if (!*self_p)
        return;
    situation_destroy (&(*self_p)->sit);
    free (*self_p);
    *self_p = NULL;
}

const char *
scenario_name (const scenario_t *self)
{
    return self->name;
}

const char *
scenario_title (const scenario_t *self)
{
    return self->title[0] ? self->title : self->name;
}

const situation_t *
scenario_situation (const scenario_t *self)
{
    return self->sit;
}

int
scenario_turns (const scenario_t *self)
{
    return self->turns;
}

const char *
scenario_side_name (const scenario_t *self, side_t side)
{
    assert (side == SIDE_BLUE || side == SIDE_RED);
    return self->side_name[side][0] ? self->side_name[side] : side_name (side);
}

int
scenario_first_side (const scenario_t *self)
{
    return self->first;
}

double
scenario_army_break (const scenario_t *self)
{
    return self->army_break;
}

scenario_on_time_t
scenario_on_time (const scenario_t *self)
{
    return self->on_time;
}

int
scenario_on_time_side (const scenario_t *self)
{
    return self->on_time == SCENARIO_ON_TIME_SIDE ? self->on_time_side : -1;
}

int
scenario_objective_count (const scenario_t *self)
{
    return self->objective_count;
}

const scenario_objective_t *
scenario_objective (const scenario_t *self, int i)
{
    assert (i >= 0 && i < self->objective_count);
    return &self->objectives[i];
}

int
scenario_order_count (const scenario_t *self)
{
    return self->order_count;
}

const scenario_order_t *
scenario_order (const scenario_t *self, int i)
{
    assert (i >= 0 && i < self->order_count);
    return &self->orders[i];
}
