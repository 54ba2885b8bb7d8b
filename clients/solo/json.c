/*  json.c - a small JSON writer, and the daemon's replies as JSON.  */
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"

typedef struct {
    bool is_object;
    size_t count;              /* members or elements written so far */
} json_level_t;

struct _json_out_t {
    char *data;
    size_t len;
    size_t cap;
    bool failed;               /* out of memory: nothing more is written */
    size_t top_count;          /* values written at the top level */
    int depth;
    json_level_t stack[JSON_OUT_MAX_DEPTH];
};

json_out_t *
json_out_new (void)
{
    json_out_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->cap = 256;
    self->data = malloc (self->cap);
    if (!self->data) {
        free (self);
        return NULL;
    }
    self->data [0] = '\0';
    return self;
}

void
json_out_destroy (json_out_t **self_p)
{
    assert (self_p);
    if (*self_p) {
        free ((*self_p)->data);
        free (*self_p);
        *self_p = NULL;
    }
}

/*  Append `n` bytes, growing the buffer by doubling; a failed allocation
 *  marks the writer failed for good. */
static int
append (json_out_t *self, const char *bytes, size_t n)
{
    if (self->failed)
        return -1;
    if (self->len + n + 1 > self->cap) {
        size_t cap = self->cap;
        while (self->len + n + 1 > cap)
            cap *= 2;
        char *data = realloc (self->data, cap);
        if (!data) {
            self->failed = true;
            return -1;
        }
        self->data = data;
        self->cap = cap;
    }
    memcpy (self->data + self->len, bytes, n);
    self->len += n;
    self->data [self->len] = '\0';
    return 0;
}

static int
append_str (json_out_t *self, const char *text)
{
    return append (self, text, strlen (text));
}

/*  The length of the valid UTF-8 sequence at `s` (at most `n` bytes
 *  available), or 0 when the bytes there are not valid UTF-8 (overlongs,
 *  surrogates and code points above U+10FFFF included). */
static size_t
utf8_sequence_length (const unsigned char *s, size_t n)
{
    unsigned char c = s [0];
    if (c < 0x80)
        return 1;
    size_t length;
    unsigned char low = 0x80, high = 0xBF;   /* range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        length = 2;
    else
    if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        if (c == 0xE0)
            low = 0xA0;
        else
        if (c == 0xED)
            high = 0x9F;
    }
    else
    if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        if (c == 0xF0)
            low = 0x90;
        else
        if (c == 0xF4)
            high = 0x8F;
    }
    else
        return 0;
    if (n < length || s [1] < low || s [1] > high)
        return 0;
    for (size_t i = 2; i < length; i++)
        if (s [i] < 0x80 || s [i] > 0xBF)
            return 0;
    return length;
}

/*  Append `value` as a JSON string literal. */
static int
append_quoted (json_out_t *self, const char *value)
{
    if (!value)
        return append_str (self, "null");
    const unsigned char *s = (const unsigned char *) value;
    size_t n = strlen (value);
    if (append (self, "\"", 1))
        return -1;
    size_t i = 0;
    while (i < n) {
        unsigned char c = s [i];
        char escape [8];
        const char *out = NULL;
        size_t out_len = 0;
        size_t step = 1;
        if (c == '"')
            out = "\\\"";
        else
        if (c == '\\')
            out = "\\\\";
        else
        if (c == '\n')
            out = "\\n";
        else
        if (c == '\r')
            out = "\\r";
        else
        if (c == '\t')
            out = "\\t";
        else
        if (c == '\b')
            out = "\\b";
        else
        if (c == '\f')
            out = "\\f";
        else
        if (c < 0x20) {
            snprintf (escape, sizeof escape, "\\u%04x", c);
            out = escape;
        }
        else {
            step = utf8_sequence_length (s + i, n - i);
            if (step == 0) {
                out = "\xEF\xBF\xBD";          /* U+FFFD */
                step = 1;
            }
            else {
                out = value + i;
                out_len = step;
            }
        }
        if (out_len == 0)
            out_len = strlen (out);
        if (append (self, out, out_len))
            return -1;
        i += step;
    }
    return append (self, "\"", 1);
}

/*  Whatever must come before a value: the comma after a previous member
 *  or element, and the key inside an object. */
static int
begin_value (json_out_t *self, const char *key)
{
    if (self->failed)
        return -1;
    if (self->depth == 0) {
        assert (key == NULL);
        assert (self->top_count == 0);
        self->top_count++;
        return 0;
    }
    json_level_t *level = &self->stack [self->depth - 1];
    if (level->is_object)
        assert (key != NULL);
    else
        assert (key == NULL);
    if (level->count > 0 && append (self, ",", 1))
        return -1;
    level->count++;
    if (level->is_object) {
        if (append_quoted (self, key) || append (self, ":", 1))
            return -1;
    }
    return 0;
}

static int
open_level (json_out_t *self, const char *key, bool is_object)
{
    assert (self);
    assert (self->depth < JSON_OUT_MAX_DEPTH);
    if (begin_value (self, key))
        return -1;
    self->stack [self->depth].is_object = is_object;
    self->stack [self->depth].count = 0;
    self->depth++;
    return append (self, is_object ? "{" : "[", 1);
}

static int
close_level (json_out_t *self, bool is_object)
{
    assert (self);
    if (self->failed)
        return -1;             /* the levels may not match after a failure */
    assert (self->depth > 0);
    assert (self->stack [self->depth - 1].is_object == is_object);
    self->depth--;
    return append (self, is_object ? "}" : "]", 1);
}

int
json_out_object_begin (json_out_t *self, const char *key)
{
    return open_level (self, key, true);
}

int
json_out_array_begin (json_out_t *self, const char *key)
{
    return open_level (self, key, false);
}

int
json_out_object_end (json_out_t *self)
{
    return close_level (self, true);
}

int
json_out_array_end (json_out_t *self)
{
    return close_level (self, false);
}

int
json_out_string (json_out_t *self, const char *key, const char *value)
{
    assert (self);
    if (begin_value (self, key))
        return -1;
    return append_quoted (self, value);
}

int
json_out_int (json_out_t *self, const char *key, int64_t value)
{
    assert (self);
    char text [32];
    snprintf (text, sizeof text, "%lld", (long long) value);
    if (begin_value (self, key))
        return -1;
    return append_str (self, text);
}

int
json_out_uint (json_out_t *self, const char *key, uint64_t value)
{
    assert (self);
    char text [32];
    snprintf (text, sizeof text, "%llu", (unsigned long long) value);
    if (begin_value (self, key))
        return -1;
    return append_str (self, text);
}

/*  The shortest %g form that reads back as `value`: 34 rather than
 *  34.000000000000000, 0.1 rather than 0.10000000000000001. */
int
json_out_double (json_out_t *self, const char *key, double value)
{
    assert (self);
    if (!isfinite (value))
        return json_out_null (self, key);
    char text [40];
    if (value == trunc (value) && fabs (value) < 1e15)
        snprintf (text, sizeof text, "%.0f", value);     /* not 6e+01 */
    else
        for (int precision = 1; precision <= 17; precision++) {
            snprintf (text, sizeof text, "%.*g", precision, value);
            if (strtod (text, NULL) == value)
                break;
        }
    if (begin_value (self, key))
        return -1;
    return append_str (self, text);
}

int
json_out_bool (json_out_t *self, const char *key, bool value)
{
    assert (self);
    if (begin_value (self, key))
        return -1;
    return append_str (self, value ? "true" : "false");
}

int
json_out_null (json_out_t *self, const char *key)
{
    assert (self);
    if (begin_value (self, key))
        return -1;
    return append_str (self, "null");
}

const char *
json_out_text (const json_out_t *self)
{
    assert (self);
    return self->failed ? NULL : self->data;
}

bool
json_out_complete (const json_out_t *self)
{
    assert (self);
    return !self->failed && self->depth == 0 && self->top_count == 1;
}

char *
json_quote (const char *value)
{
    json_out_t *out = json_out_new ();
    if (!out)
        return NULL;
    char *text = NULL;
    if (json_out_string (out, NULL, value) == 0)
        text = strdup (json_out_text (out));
    json_out_destroy (&out);
    return text;
}

/*  ---- the daemon's replies ----------------------------------------------- */

/*  An optional string: null when empty. */
static int
string_or_null (json_out_t *out, const char *key, const char *value)
{
    return json_out_string (out, key, value && *value ? value : NULL);
}

/*  A list of strings, [] when there are none. */
static int enum_value (json_out_t *out, const char *key,
                       const ProtobufCEnumDescriptor *d, int value);

static int
string_list (json_out_t *out, const char *key, char *const *values, size_t n)
{
    int rc = json_out_array_begin (out, key);
    for (size_t i = 0; i < n; i++)
        rc |= json_out_string (out, NULL, values[i]);
    return rc | json_out_array_end (out);
}

/*  A direct look-up names no unit: it has no geometry. */
static bool
empty_id (const char *id)
{
    return !id || !*id;
}

static int
geometry (json_out_t *out, const char *key, const Solo__V1__Geometry *g)
{
    if (!g)
        return json_out_null (out, key);
    int rc = json_out_object_begin (out, key);
    rc |= string_or_null (out, "nearest_enemy_id", g->nearest_enemy_id);
    if (g->nearest_enemy_id && *g->nearest_enemy_id)
        rc |= json_out_double (out, "nearest_enemy_distance",
                               g->nearest_enemy_distance);
    else
        rc |= json_out_null (out, "nearest_enemy_distance");
    rc |= json_out_bool (out, "enemy_in_weapon_range", g->enemy_in_weapon_range);
    rc |= json_out_bool (out, "enemy_in_charge_reach", g->enemy_in_charge_reach);
    rc |= string_or_null (out, "range_band", g->range_band);
    rc |= string_or_null (out, "cover_id", g->cover_id);
    if (g->has_destination && g->destination) {
        rc |= json_out_object_begin (out, "destination");
        rc |= json_out_double (out, "x", g->destination->x);
        rc |= json_out_double (out, "y", g->destination->y);
        rc |= json_out_object_end (out);
    }
    else
        rc |= json_out_null (out, "destination");
    rc |= json_out_double (out, "move_distance", g->move_distance);
    rc |= json_out_double (out, "facing", g->facing);
    rc |= string_or_null (out, "pace", g->pace);
    rc |= string_or_null (out, "shoot_target_id", g->shoot_target_id);
    rc |= string_or_null (out, "no_shot", g->no_shot);
    rc |= string_or_null (out, "no_shot_unit_id", g->no_shot_unit_id);
    rc |= string_or_null (out, "formation", g->formation);
    rc |= string_or_null (out, "charge_target_id", g->charge_target_id);
    rc |= json_out_array_begin (out, "group_unit_ids");
    for (size_t i = 0; i < g->n_group_unit_ids; i++)
        rc |= json_out_string (out, NULL, g->group_unit_ids [i]);
    rc |= json_out_array_end (out);
    rc |= json_out_object_end (out);
    return rc ? -1 : 0;
}

int
json_unit_decision (json_out_t *out, const char *key,
                    const Solo__V1__UnitDecision *d)
{
    assert (out);
    assert (d);
    int rc = json_out_object_begin (out, key);
    rc |= string_or_null (out, "unit_id", d->unit_id);
    rc |= json_out_string (out, "arm", d->arm);
    rc |= json_out_string (out, "action", d->action);
    const char *action_text = NULL;
    for (size_t i = 0; i < d->n_outcomes; i++)
        if (d->outcomes [i]->roll == d->roll)
            action_text = d->outcomes [i]->text;
    rc |= json_out_string (out, "action_text", action_text);
    rc |= json_out_bool (out, "charge", d->charge);
    rc |= json_out_int (out, "rf", d->rf);
    rc |= json_out_string (out, "rf_band", d->rf_band);
    rc |= json_out_uint (out, "roll", d->roll);
    rc |= json_out_bool (out, "roll_from_player", d->roll_from_player);
    rc |= json_out_uint (out, "seed", d->seed);
    rc |= json_out_array_begin (out, "factors");
    for (size_t i = 0; i < d->n_factors; i++) {
        const Solo__V1__Factor *f = d->factors [i];
        rc |= json_out_object_begin (out, NULL);
        rc |= json_out_string (out, "name", f->name);
        rc |= json_out_int (out, "value", f->value);
        rc |= json_out_string (out, "reason", f->reason);
        rc |= json_out_object_end (out);
    }
    rc |= json_out_array_end (out);
    rc |= json_out_array_begin (out, "outcomes");
    for (size_t i = 0; i < d->n_outcomes; i++) {
        const Solo__V1__Outcome *o = d->outcomes [i];
        rc |= json_out_object_begin (out, NULL);
        rc |= json_out_uint (out, "roll", o->roll);
        rc |= json_out_string (out, "action", o->action);
        rc |= json_out_bool (out, "charge", o->charge);
        rc |= json_out_string (out, "morale", o->morale);
        rc |= json_out_string (out, "text", o->text);
        rc |= json_out_object_end (out);
    }
    rc |= json_out_array_end (out);
    rc |= json_out_string (out, "morale", d->morale);
    rc |= json_out_string (out, "morale_text", d->morale_text);
    rc |= geometry (out, "geometry", empty_id (d->unit_id) ? NULL
                                                           : d->geometry);
    rc |= json_out_string (out, "layer", d->layer);
    rc |= json_out_string (out, "ruleset", d->ruleset);
    rc |= json_out_string (out, "tables_hash", d->tables_hash);
    rc |= string_or_null (out, "base_ruleset", d->base_ruleset);
    rc |= string_or_null (out, "base_tables_hash", d->base_tables_hash);
    rc |= json_out_string (out, "length_unit", d->length_unit);
    rc |= json_out_double (out, "cm_per_length_unit", d->cm_per_length_unit);
    rc |= json_out_string (out, "explanation", d->explanation);
    rc |= json_out_object_end (out);
    return rc ? -1 : 0;
}

int
json_hello_reply (json_out_t *out, const char *key,
                  const Solo__V1__HelloReply *hello)
{
    assert (out);
    assert (hello);
    int rc = json_out_object_begin (out, key);
    rc |= json_out_string (out, "server_version", hello->server_version);
    rc |= json_out_uint (out, "protocol_version", hello->protocol_version);
    rc |= string_or_null (out, "default_ruleset", hello->default_ruleset);
    rc |= json_out_array_begin (out, "rulesets");
    for (size_t i = 0; i < hello->n_rulesets; i++) {
        const Solo__V1__RulesetInfo *r = hello->rulesets [i];
        rc |= json_out_object_begin (out, NULL);
        rc |= json_out_string (out, "name", r->name);
        rc |= json_out_string (out, "title", r->title);
        rc |= json_out_string (out, "tables_hash", r->tables_hash);
        rc |= json_out_string (out, "length_unit", r->length_unit);
        rc |= json_out_double (out, "cm_per_length_unit",
                               r->cm_per_length_unit);
        rc |= string_or_null (out, "base_ruleset", r->base_ruleset);
        rc |= string_or_null (out, "base_tables_hash", r->base_tables_hash);
        rc |= json_out_bool (out, "partial", r->partial);
        rc |= string_list (out, "grades", r->grades, r->n_grades);
        rc |= json_out_array_begin (out, "grade_values");
        for (size_t k = 0; k < r->n_grade_values; k++)
            rc |= enum_value (out, NULL, &solo__v1__quality__descriptor,
                              (int) r->grade_values[k]);
        rc |= json_out_array_end (out);
        rc |= string_list (out, "formations", r->formations,
                           r->n_formations);
        rc |= string_list (out, "weapons", r->weapons, r->n_weapons);
        rc |= string_list (out, "troop_types", r->troop_types,
                           r->n_troop_types);
        rc |= json_out_array_begin (out, "formation_words");
        for (size_t k = 0; k < r->n_formation_words; k++) {
            const Solo__V1__FormationWord *w = r->formation_words[k];
            rc |= json_out_object_begin (out, NULL);
            rc |= enum_value (out, "arm", &solo__v1__arm__descriptor,
                              (int) w->arm);
            rc |= enum_value (out, "formation",
                              &solo__v1__formation__descriptor,
                              (int) w->formation);
            rc |= json_out_string (out, "word", w->word);
            rc |= json_out_object_end (out);
        }
        rc |= json_out_array_end (out);
        rc |= json_out_array_begin (out, "throws");
        for (size_t k = 0; k < r->n_throws; k++) {
            const Solo__V1__DiceThrow *t = r->throws[k];
            rc |= json_out_object_begin (out, NULL);
            rc |= json_out_string (out, "action", t->action);
            rc |= json_out_string (out, "step", t->step);
            rc |= json_out_uint (out, "sides", t->sides);
            rc |= json_out_string (out, "count", t->count);
            rc |= json_out_uint (out, "score", t->score);
            rc |= json_out_string (out, "text", t->text);
            rc |= json_out_object_end (out);
        }
        rc |= json_out_array_end (out);
        rc |= json_out_array_begin (out, "sight");
        for (size_t k = 0; k < r->n_sight; k++) {
            const Solo__V1__TerrainSight *t = r->sight[k];
            rc |= json_out_object_begin (out, NULL);
            rc |= enum_value (out, "kind", &solo__v1__terrain_kind__descriptor,
                              (int) t->kind);
            rc |= json_out_bool (out, "blocks_sight", t->blocks_sight);
            rc |= json_out_bool (out, "sight_limited", t->sight_limited);
            rc |= enum_value (out, "cover", &solo__v1__cover__descriptor,
                              (int) t->cover);
            rc |= json_out_object_end (out);
        }
        rc |= json_out_array_end (out);
        rc |= json_out_double (out, "woods_visibility_cm",
                               r->woods_visibility_cm);
        rc |= json_out_double (out, "woods_through_cm", r->woods_through_cm);
        rc |= json_out_object_end (out);
    }
    rc |= json_out_array_end (out);
    const Solo__V1__Limits *l = hello->limits;
    if (l) {
        rc |= json_out_object_begin (out, "limits");
        rc |= json_out_uint (out, "max_message_bytes", l->max_message_bytes);
        rc |= json_out_uint (out, "max_units", l->max_units);
        rc |= json_out_uint (out, "max_terrain_features", l->max_terrain_features);
        rc |= json_out_uint (out, "max_polygon_vertices", l->max_polygon_vertices);
        rc |= json_out_uint (out, "max_id_length", l->max_id_length);
        rc |= json_out_double (out, "max_table_cm", l->max_table_cm);
        rc |= json_out_uint (out, "max_figures", l->max_figures);
        rc |= json_out_uint (out, "max_factors", l->max_factors);
        rc |= json_out_uint (out, "max_games", l->max_games);
        rc |= json_out_uint (out, "max_unit_updates", l->max_unit_updates);
        rc |= json_out_uint (out, "max_battle_log_lines",
                             l->max_battle_log_lines);
        rc |= json_out_uint (out, "max_budget_ms", l->max_budget_ms);
        rc |= json_out_uint (out, "max_playouts", l->max_playouts);
        rc |= json_out_uint (out, "max_battle_decision_ms",
                             l->max_battle_decision_ms);
        rc |= json_out_uint (out, "max_battle_playouts",
                             l->max_battle_playouts);
        rc |= json_out_uint (out, "max_search_threads",
                             l->max_search_threads);
        rc |= json_out_uint (out, "max_stands", l->max_stands);
        rc |= json_out_uint (out, "max_stand_strength",
                             l->max_stand_strength);
        rc |= json_out_object_end (out);
    }
    else
        rc |= json_out_null (out, "limits");
    rc |= string_list (out, "scenarios", hello->scenarios,
                       hello->n_scenarios);
    rc |= json_out_array_begin (out, "strategies");
    for (size_t i = 0; i < hello->n_strategies; i++) {
        rc |= json_out_object_begin (out, NULL);
        rc |= json_out_string (out, "name", hello->strategies [i]->name);
        rc |= json_out_string (out, "summary", hello->strategies [i]->summary);
        rc |= json_out_object_end (out);
    }
    rc |= json_out_array_end (out);
    rc |= json_out_object_end (out);
    return rc ? -1 : 0;
}

int
json_error_reply (json_out_t *out, const Solo__V1__Error *error)
{
    assert (out);
    assert (error);
    int rc = json_out_object_begin (out, NULL);
    rc |= json_out_object_begin (out, "error");
    rc |= json_out_string (out, "code", solo_error_code_name (error->code));
    rc |= json_out_int (out, "code_number", error->code);
    rc |= string_or_null (out, "field", error->field);
    rc |= json_out_string (out, "message", error->message);
    rc |= json_out_object_end (out);
    rc |= json_out_object_end (out);
    return rc ? -1 : 0;
}

const char *
solo_error_code_name (Solo__V1__Error__Code code)
{
    const ProtobufCEnumValue *value = protobuf_c_enum_descriptor_get_value (
        &solo__v1__error__code__descriptor, (int) code);
    if (value)
        return value->name;
    static char unknown [24];
    snprintf (unknown, sizeof unknown, "CODE_%d", (int) code);
    return unknown;
}

/*  An enum value by its name in the proto, lower case and without the
 *  type's prefix ("SIDE_RED" -> "red"); the number when unknown. */
static int
enum_value (json_out_t *out, const char *key, const ProtobufCEnumDescriptor *d,
            int value)
{
    const ProtobufCEnumValue *v = protobuf_c_enum_descriptor_get_value (d,
                                                                        value);
    if (!v)
        return json_out_int (out, key, value);
    const char *name = v->name;
    const char *under = strchr (name, '_');
    if (under && under[1])
        name = under + 1;
    char lower [64];
    size_t i = 0;
    for (; name [i] && i < sizeof lower - 1; i++)
        lower [i] = (char) tolower ((unsigned char) name [i]);
    lower [i] = '\0';
    return json_out_string (out, key, lower);
}

/*  One value of a field, at `member` (a pointer to its storage). */
static int
field_value (json_out_t *out, const char *key, const ProtobufCFieldDescriptor *f,
             const void *member)
{
    switch (f->type) {
        case PROTOBUF_C_TYPE_INT32:
        case PROTOBUF_C_TYPE_SINT32:
        case PROTOBUF_C_TYPE_SFIXED32:
            return json_out_int (out, key, *(const int32_t *) member);
        case PROTOBUF_C_TYPE_UINT32:
        case PROTOBUF_C_TYPE_FIXED32:
            return json_out_uint (out, key, *(const uint32_t *) member);
        case PROTOBUF_C_TYPE_INT64:
        case PROTOBUF_C_TYPE_SINT64:
        case PROTOBUF_C_TYPE_SFIXED64:
            return json_out_int (out, key, *(const int64_t *) member);
        case PROTOBUF_C_TYPE_UINT64:
        case PROTOBUF_C_TYPE_FIXED64:
            return json_out_uint (out, key, *(const uint64_t *) member);
        case PROTOBUF_C_TYPE_FLOAT:
            return json_out_double (out, key, *(const float *) member);
        case PROTOBUF_C_TYPE_DOUBLE:
            return json_out_double (out, key, *(const double *) member);
        case PROTOBUF_C_TYPE_BOOL:
            return json_out_bool (out, key, *(const protobuf_c_boolean *) member);
        case PROTOBUF_C_TYPE_ENUM:
            return enum_value (out, key, f->descriptor, *(const int *) member);
        case PROTOBUF_C_TYPE_STRING:
            return json_out_string (out, key, *(char *const *) member);
        case PROTOBUF_C_TYPE_MESSAGE: {
            const ProtobufCMessage *m = *(const ProtobufCMessage *const *) member;
            return m ? json_message (out, key, m) : json_out_null (out, key);
        }
        default:
            return json_out_null (out, key);     /* bytes: none in replies */
    }
}

/*  The size of one element of a repeated field of type `f`. */
static size_t
element_size (const ProtobufCFieldDescriptor *f)
{
    switch (f->type) {
        case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64:
        case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_UINT64:
        case PROTOBUF_C_TYPE_FIXED64:
            return 8;
        case PROTOBUF_C_TYPE_DOUBLE:
            return sizeof (double);
        case PROTOBUF_C_TYPE_BOOL:
            return sizeof (protobuf_c_boolean);
        case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_MESSAGE:
            return sizeof (void *);
        case PROTOBUF_C_TYPE_BYTES:
            return sizeof (ProtobufCBinaryData);
        default:
            return 4;
    }
}

int
json_message (json_out_t *out, const char *key, const ProtobufCMessage *msg)
{
    assert (out);
    assert (msg);
    const ProtobufCMessageDescriptor *d = msg->descriptor;
    const char *base = (const char *) msg;
    int rc = json_out_object_begin (out, key);
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields [i];
        const void *member = base + f->offset;
        if (f->label == PROTOBUF_C_LABEL_REPEATED) {
            size_t count = *(const size_t *) (base + f->quantifier_offset);
            const char *items = *(const char *const *) member;
            rc |= json_out_array_begin (out, f->name);
            for (size_t k = 0; k < count; k++)
                rc |= field_value (out, NULL, f, items + k * element_size (f));
            rc |= json_out_array_end (out);
            continue;
        }
        if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
            uint32_t chosen = *(const uint32_t *) (base + f->quantifier_offset);
            if (chosen != f->id)
                continue;
        }
        rc |= field_value (out, f->name, f, member);
    }
    rc |= json_out_object_end (out);
    return rc ? -1 : 0;
}
