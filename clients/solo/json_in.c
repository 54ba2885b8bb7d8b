/*  json_in.c - a protocol message read from JSON text: a small JSON
 *  parser into a tree, then the tree walked along the message's
 *  descriptor (so a field added to the .proto needs nothing here).  */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "json_in.h"

typedef enum {
    JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT
} jv_kind_t;

typedef struct jv_t jv_t;
struct jv_t {
    jv_kind_t kind;
    int line;
    bool boolean;
    char *text;              /* a string's value, a number's digits, a key */
    jv_t **items;            /* an array's values; an object's values */
    char **keys;             /* an object's keys */
    size_t count;
};

typedef struct {
    const char *at;
    int line;
    char *err;
    size_t errlen;
    bool failed;
} parser_t;

static void
parse_fail (parser_t *p, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    int n = snprintf (p->err, p->errlen, "line %d: ", p->line);
    va_list ap;
    va_start (ap, fmt);
    if (n >= 0 && (size_t) n < p->errlen)
        vsnprintf (p->err + n, p->errlen - (size_t) n, fmt, ap);
    va_end (ap);
}

static void
jv_free (jv_t *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        jv_free (v->items[i]);
        if (v->keys)
            free (v->keys[i]);
    }
    free (v->items);
    free (v->keys);
    free (v->text);
    free (v);
}

static void
skip_space (parser_t *p)
{
    while (*p->at == ' ' || *p->at == '\t' || *p->at == '\r'
           || *p->at == '\n') {
        if (*p->at == '\n')
            p->line++;
        p->at++;
    }
}

/*  A code point as UTF-8 into out (room for 4); the bytes written. */
static int
put_utf8 (unsigned cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char) cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char) (0xc0 | cp >> 6);
        out[1] = (char) (0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char) (0xe0 | cp >> 12);
        out[1] = (char) (0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char) (0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char) (0xf0 | cp >> 18);
    out[1] = (char) (0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char) (0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char) (0x80 | (cp & 0x3f));
    return 4;
}

static int
hex4 (const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = (unsigned char) s[i];
        if (!isxdigit (c))
            return -1;
        v = v * 16 + (unsigned) (isdigit (c) ? c - '0' : tolower (c) - 'a' + 10);
    }
    *out = v;
    return 0;
}

/*  A string at p->at (its opening quote), malloc'd and unescaped; a NUL
 *  (\u0000) is refused: a protocol string is text. */
static char *
parse_string (parser_t *p)
{
    assert (*p->at == '"');
    p->at++;
    size_t cap = 32, len = 0;
    char *out = malloc (cap);
    while (out && !p->failed) {
        if (len + 5 > cap) {
            char *bigger = realloc (out, cap * 2);
            if (!bigger)
                break;
            out = bigger;
            cap *= 2;
        }
        unsigned char c = (unsigned char) *p->at;
        if (c == '"') {
            p->at++;
            out[len] = '\0';
            return out;
        }
        if (c == '\0' || c == '\n' || c < 0x20) {
            parse_fail (p, "a string is not closed on its line");
            break;
        }
        if (c != '\\') {
            out[len++] = (char) c;
            p->at++;
            continue;
        }
        char e = p->at[1];
        p->at += 2;
        const char *simple = strchr ("\"\\/bfnrt", e);
        if (e && simple) {
            out[len++] = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
            continue;
        }
        unsigned cp, low;
        if (e != 'u' || hex4 (p->at, &cp) < 0) {
            parse_fail (p, "a bad escape in a string");
            break;
        }
        p->at += 4;
        if (cp >= 0xd800 && cp <= 0xdbff && p->at[0] == '\\'
            && p->at[1] == 'u' && hex4 (p->at + 2, &low) == 0
            && low >= 0xdc00 && low <= 0xdfff) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
            p->at += 6;
        }
        if (cp == 0 || (cp >= 0xd800 && cp <= 0xdfff)) {
            parse_fail (p, "\\u%04x is not a character a string may hold", cp);
            break;
        }
        len += (size_t) put_utf8 (cp, out + len);
    }
    if (!out || !p->failed)
        parse_fail (p, "out of memory");
    free (out);
    return NULL;
}

static jv_t *parse_value (parser_t *p, int depth);

/*  An array or object's members, after its opening bracket. */
static jv_t *
parse_members (parser_t *p, jv_t *v, int depth)
{
    char close = v->kind == JV_ARRAY ? ']' : '}';
    size_t cap = 0;
    skip_space (p);
    if (*p->at == close) {
        p->at++;
        return v;
    }
    for (;;) {
        if (v->count == cap) {
            cap = cap ? cap * 2 : 8;
            jv_t **items = realloc (v->items, cap * sizeof *items);
            char **keys = v->kind == JV_OBJECT
                        ? realloc (v->keys, cap * sizeof *keys) : NULL;
            if (items)
                v->items = items;
            if (keys)
                v->keys = keys;
            if (!items || (v->kind == JV_OBJECT && !keys)) {
                parse_fail (p, "out of memory");
                return NULL;
            }
        }
        skip_space (p);
        char *key = NULL;
        if (v->kind == JV_OBJECT) {
            if (*p->at != '"') {
                parse_fail (p, "a key (a string) is expected");
                return NULL;
            }
            key = parse_string (p);
            if (!key)
                return NULL;
            skip_space (p);
            if (*p->at != ':') {
                parse_fail (p, "':' is expected after the key \"%s\"", key);
                free (key);
                return NULL;
            }
            p->at++;
        }
        jv_t *item = parse_value (p, depth + 1);
        if (!item) {
            free (key);
            return NULL;
        }
        if (v->kind == JV_OBJECT)
            v->keys[v->count] = key;
        v->items[v->count++] = item;
        skip_space (p);
        if (*p->at == ',') {
            p->at++;
            continue;
        }
        if (*p->at == close) {
            p->at++;
            return v;
        }
        parse_fail (p, "',' or '%c' is expected", close);
        return NULL;
    }
}

static jv_t *
parse_value (parser_t *p, int depth)
{
    skip_space (p);
    if (depth > JSON_IN_MAX_DEPTH) {
        parse_fail (p, "nested more than %d deep", JSON_IN_MAX_DEPTH);
        return NULL;
    }
    jv_t *v = calloc (1, sizeof *v);
    if (!v) {
        parse_fail (p, "out of memory");
        return NULL;
    }
    v->line = p->line;
    char c = *p->at;
    if (c == '{' || c == '[') {
        v->kind = c == '{' ? JV_OBJECT : JV_ARRAY;
        p->at++;
        if (parse_members (p, v, depth))
            return v;
    }
    else if (c == '"') {
        v->kind = JV_STRING;
        if ((v->text = parse_string (p)))
            return v;
    }
    else if (strncmp (p->at, "true", 4) == 0
             || strncmp (p->at, "false", 5) == 0) {
        v->kind = JV_BOOL;
        v->boolean = c == 't';
        p->at += v->boolean ? 4 : 5;
        return v;
    }
    else if (strncmp (p->at, "null", 4) == 0) {
        v->kind = JV_NULL;
        p->at += 4;
        return v;
    }
    else if (c == '-' || isdigit ((unsigned char) c)) {
        const char *start = p->at;
        while (*p->at && strchr ("+-0123456789.eE", *p->at))
            p->at++;
        v->kind = JV_NUMBER;
        size_t n = (size_t) (p->at - start);
        if ((v->text = malloc (n + 1))) {
            memcpy (v->text, start, n);
            v->text[n] = '\0';
            return v;
        }
        parse_fail (p, "out of memory");
    }
    else
        parse_fail (p, "a value is expected%s", c ? "" : " before the end");
    jv_free (v);
    return NULL;
}

/*  ---- the tree into the message ---------------------------------------- */

typedef struct {
    char *err;
    size_t errlen;
    char path[160];
} filler_t;

static int
fill_fail (filler_t *f, const jv_t *v, const char *fmt, ...)
{
    int n = snprintf (f->err, f->errlen, "line %d, %s: ", v->line,
                      f->path[0] ? f->path : "the top");
    va_list ap;
    va_start (ap, fmt);
    if (n >= 0 && (size_t) n < f->errlen)
        vsnprintf (f->err + n, f->errlen - (size_t) n, fmt, ap);
    va_end (ap);
    return -1;
}

/*  The field named `key`: the .proto's name, or its JSON name. */
static const ProtobufCFieldDescriptor *
field_named (const ProtobufCMessageDescriptor *d, const char *key)
{
    const ProtobufCFieldDescriptor *f =
        protobuf_c_message_descriptor_get_field_by_name (d, key);
    if (f)
        return f;
    char snake[128];
    size_t n = 0;
    for (const char *k = key; *k && n + 2 < sizeof snake; k++) {
        if (isupper ((unsigned char) *k)) {
            snake[n++] = '_';
            snake[n++] = (char) tolower ((unsigned char) *k);
        }
        else
            snake[n++] = *k;
    }
    snake[n] = '\0';
    return protobuf_c_message_descriptor_get_field_by_name (d, snake);
}

/*  An enum's value: its name, its name without the prefix its values
 *  share (any case), or its number. */
static int
enum_value (filler_t *f, const ProtobufCEnumDescriptor *e, const jv_t *v,
            int *out)
{
    if (v->kind == JV_NUMBER) {
        char *end;
        long n = strtol (v->text, &end, 10);
        if (!*end && protobuf_c_enum_descriptor_get_value (e, (int) n)) {
            *out = (int) n;
            return 0;
        }
    }
    if (v->kind == JV_STRING) {
        for (unsigned i = 0; i < e->n_values; i++) {
            const char *name = e->values[i].name;
            const char *under = strchr (name, '_');
            if (strcmp (name, v->text) == 0
                || (under && strcasecmp (under + 1, v->text) == 0)) {
                *out = e->values[i].value;
                return 0;
            }
        }
    }
    char known[256] = "";
    size_t used = 0;
    for (unsigned i = 0; i < e->n_values && used < sizeof known; i++)
        used += (size_t) snprintf (known + used, sizeof known - used, "%s%s",
                                   i ? ", " : "", e->values[i].name);
    return fill_fail (f, v, "unknown %s %s%s%s (%s)", e->short_name,
                      v->kind == JV_STRING ? "\"" : "",
                      v->text ? v->text : "value",
                      v->kind == JV_STRING ? "\"" : "", known);
}

static int fill_message (filler_t *f, const ProtobufCMessageDescriptor *d,
                         const jv_t *v, ProtobufCMessage **out);

/*  A whole number of `v` in [lo, hi]: a JSON number, or a string of one
 *  (the JSON mapping writes 64-bit numbers so). */
static int
whole_number (filler_t *f, const jv_t *v, long double lo, long double hi,
              long double *out)
{
    if (v->kind != JV_NUMBER && v->kind != JV_STRING)
        return fill_fail (f, v, "a whole number is expected");
    char *end;
    errno = 0;
    long double n = strtold (v->text, &end);
    if (end == v->text || *end || errno || n != floorl (n) || n < lo
        || n > hi)
        return fill_fail (f, v, "%s is not a whole number in %.0Lf..%.0Lf",
                          v->text, lo, hi);
    *out = n;
    return 0;
}

/*  One value of field `fd` from `v` into `slot` (the member, or the
 *  repeated array's element). */
static int
fill_value (filler_t *f, const ProtobufCFieldDescriptor *fd, const jv_t *v,
            void *slot)
{
    long double n;
    switch (fd->type) {
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_SINT32:
    case PROTOBUF_C_TYPE_SFIXED32:
        if (whole_number (f, v, INT32_MIN, INT32_MAX, &n))
            return -1;
        *(int32_t *) slot = (int32_t) n;
        return 0;
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_FIXED32:
        if (whole_number (f, v, 0, UINT32_MAX, &n))
            return -1;
        *(uint32_t *) slot = (uint32_t) n;
        return 0;
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
        if (whole_number (f, v, (long double) INT64_MIN,
                          (long double) INT64_MAX, &n))
            return -1;
        *(int64_t *) slot = (int64_t) n;
        return 0;
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64:
        if (whole_number (f, v, 0, (long double) UINT64_MAX, &n))
            return -1;
        *(uint64_t *) slot = (uint64_t) n;
        return 0;
    case PROTOBUF_C_TYPE_FLOAT:
    case PROTOBUF_C_TYPE_DOUBLE: {
        char *end = NULL;
        double d = v->kind == JV_NUMBER || v->kind == JV_STRING
                 ? strtod (v->text, &end) : NAN;
        if (!end || end == v->text || *end || !isfinite (d))
            return fill_fail (f, v, "a number is expected");
        if (fd->type == PROTOBUF_C_TYPE_FLOAT)
            *(float *) slot = (float) d;
        else
            *(double *) slot = d;
        return 0;
    }
    case PROTOBUF_C_TYPE_BOOL:
        if (v->kind != JV_BOOL)
            return fill_fail (f, v, "true or false is expected");
        *(protobuf_c_boolean *) slot = v->boolean;
        return 0;
    case PROTOBUF_C_TYPE_ENUM: {
        int e = 0;
        if (enum_value (f, fd->descriptor, v, &e))
            return -1;
        *(int *) slot = e;
        return 0;
    }
    case PROTOBUF_C_TYPE_STRING:
        if (v->kind != JV_STRING)
            return fill_fail (f, v, "a string is expected");
        if (!(*(char **) slot = strdup (v->text)))
            return fill_fail (f, v, "out of memory");
        return 0;
    case PROTOBUF_C_TYPE_MESSAGE:
        return fill_message (f, fd->descriptor, v, (ProtobufCMessage **) slot);
    default:
        return fill_fail (f, v, "a field of this type is not read from JSON");
    }
}

/*  The bytes of one value of a field's type in a repeated array. */
static size_t
element_size (const ProtobufCFieldDescriptor *fd)
{
    switch (fd->type) {
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64: return 8;
    case PROTOBUF_C_TYPE_DOUBLE: return sizeof (double);
    case PROTOBUF_C_TYPE_BOOL: return sizeof (protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_MESSAGE:
    case PROTOBUF_C_TYPE_BYTES: return sizeof (void *);
    default: return 4;
    }
}

static int
fill_field (filler_t *f, ProtobufCMessage *m,
            const ProtobufCFieldDescriptor *fd, const jv_t *v)
{
    char *base = (char *) m;
    if (v->kind == JV_NULL)
        return 0;                               /* the default */
    if (fd->label == PROTOBUF_C_LABEL_REPEATED) {
        if (v->kind != JV_ARRAY)
            return fill_fail (f, v, "a list is expected");
        size_t size = element_size (fd);
        void *items = calloc (v->count ? v->count : 1, size);
        if (!items)
            return fill_fail (f, v, "out of memory");
        *(void **) (base + fd->offset) = items;
        size_t used = strlen (f->path);
        for (size_t i = 0; i < v->count; i++) {
            snprintf (f->path + used, sizeof f->path - used, "[%zu]", i);
            /* counted first: a failure frees what was filled */
            *(size_t *) (base + fd->quantifier_offset) = i + 1;
            if (fill_value (f, fd, v->items[i], (char *) items + i * size))
                return -1;
        }
        f->path[used] = '\0';
        *(size_t *) (base + fd->quantifier_offset) = v->count;
        return 0;
    }
    if (fd->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
        uint32_t *which = (uint32_t *) (base + fd->quantifier_offset);
        if (*which && *which != fd->id)
            return fill_fail (f, v, "another member of its oneof is given "
                              "already");
        *which = fd->id;
    }
    else if (fd->label == PROTOBUF_C_LABEL_OPTIONAL && fd->quantifier_offset
             && fd->type != PROTOBUF_C_TYPE_MESSAGE
             && fd->type != PROTOBUF_C_TYPE_STRING)
        *(protobuf_c_boolean *) (base + fd->quantifier_offset) = 1;
    return fill_value (f, fd, v, base + fd->offset);
}

static int
fill_message (filler_t *f, const ProtobufCMessageDescriptor *d,
              const jv_t *v, ProtobufCMessage **out)
{
    if (v->kind != JV_OBJECT)
        return fill_fail (f, v, "an object { ... } is expected");
    ProtobufCMessage *m = malloc (d->sizeof_message);
    if (!m)
        return fill_fail (f, v, "out of memory");
    d->message_init (m);
    *out = m;                  /* the caller frees it, filled or not */
    size_t used = strlen (f->path);
    for (size_t i = 0; i < v->count; i++) {
        const ProtobufCFieldDescriptor *fd = field_named (d, v->keys[i]);
        snprintf (f->path + used, sizeof f->path - used, "%s%s",
                  used ? "." : "", v->keys[i]);
        if (!fd) {
            char known[320] = "";
            size_t k = 0;
            for (unsigned j = 0; j < d->n_fields && k < sizeof known; j++)
                k += (size_t) snprintf (known + k, sizeof known - k, "%s%s",
                                        j ? ", " : "", d->fields[j].name);
            f->path[used] = '\0';
            return fill_fail (f, v->items[i], "unknown field \"%s\" of a %s "
                              "(%s)", v->keys[i], d->short_name, known);
        }
        if (fill_field (f, m, fd, v->items[i]))
            return -1;
        f->path[used] = '\0';
    }
    return 0;
}

bool
json_in_looks_like_json (const char *text)
{
    while (text && isspace ((unsigned char) *text))
        text++;
    return text && *text == '{';
}

ProtobufCMessage *
json_in_message (const ProtobufCMessageDescriptor *descriptor,
                 const char *text, char *err, size_t errlen)
{
    assert (descriptor && text && err && errlen > 0);
    parser_t p = { text, 1, err, errlen, false };
    jv_t *root = parse_value (&p, 0);
    if (root) {
        skip_space (&p);
        if (*p.at) {
            parse_fail (&p, "more after the end of the JSON value");
            jv_free (root);
            return NULL;
        }
    }
    if (!root)
        return NULL;
    filler_t f = { err, errlen, "" };
    ProtobufCMessage *m = NULL;
    if (fill_message (&f, descriptor, root, &m) < 0) {
        if (m)
            protobuf_c_message_free_unpacked (m, NULL);
        m = NULL;
    }
    jv_free (root);
    return m;
}
