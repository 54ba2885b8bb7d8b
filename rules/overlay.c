/*  overlay.c - a house-rule overlay merged over its base's table file.  */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libconfig.h>
#include "config_text.h"
#include "game.h"
#include "overlay.h"
#include "ruleset.h"

/*  Members of an overlay's top level that are its own, not changes. */
static bool
own_member (const char *name)
{
    return strcmp (name, "name") == 0 || strcmp (name, "title") == 0
        || strcmp (name, "base") == 0 || strcmp (name, "base_file") == 0
        || strcmp (name, "partial") == 0;
}

bool
overlay_is (const char *text)
{
    config_t cfg;
    config_init (&cfg);
    bool is = text && config_text_read (&cfg, text) == CONFIG_TRUE
           && config_lookup (&cfg, "base") != NULL;
    config_destroy (&cfg);
    return is;
}

/*  "a.b.c" of setting `s` into buf. */
static void
path_of (const config_setting_t *s, char *buf, size_t len)
{
    const char *names[16];
    int n = 0;
    for (; s && !config_setting_is_root (s) && n < 16; s = config_setting_parent (s))
        names[n++] = config_setting_name (s) ? config_setting_name (s) : "[]";
    size_t at = 0;
    buf[0] = '\0';
    while (n-- > 0 && at < len)
        at += (size_t) snprintf (buf + at, len - at, "%s%s", at ? "." : "",
                                 names[n]);
}

/*  Add a copy of `src` (any type, children included) to `parent`, named
 *  as src is (unnamed in a list or an array).  0, or -1 out of memory. */
static int
copy_into (config_setting_t *parent, const config_setting_t *src)
{
    int type = config_setting_type (src);
    const char *name = config_setting_is_group (parent)
                     ? config_setting_name (src) : NULL;
    config_setting_t *dst = config_setting_add (parent, name, type);
    if (!dst)
        return -1;
    switch (type) {
    case CONFIG_TYPE_INT:
        return config_setting_set_int (dst, config_setting_get_int (src))
               == CONFIG_TRUE ? 0 : -1;
    case CONFIG_TYPE_INT64:
        return config_setting_set_int64 (dst, config_setting_get_int64 (src))
               == CONFIG_TRUE ? 0 : -1;
    case CONFIG_TYPE_FLOAT:
        return config_setting_set_float (dst, config_setting_get_float (src))
               == CONFIG_TRUE ? 0 : -1;
    case CONFIG_TYPE_BOOL:
        return config_setting_set_bool (dst, config_setting_get_bool (src))
               == CONFIG_TRUE ? 0 : -1;
    case CONFIG_TYPE_STRING:
        return config_setting_set_string (dst, config_setting_get_string (src))
               == CONFIG_TRUE ? 0 : -1;
    default:
        for (int i = 0; i < config_setting_length (src); i++)
            if (copy_into (dst, config_setting_get_elem (src, (unsigned) i)) < 0)
                return -1;
        return 0;
    }
}

typedef struct {
    const char *origin;        /* the overlay's path, for errors */
    const char *base;          /* the base's name */
    char *err;
    int errlen;
} merge_t;

static int
merge_fail (merge_t *m, const config_setting_t *at, const char *what)
{
    char path[256];
    path_of (at, path, sizeof path);
    snprintf (m->err, (size_t) m->errlen, "%s:%d - %s: %s", m->origin,
              config_setting_source_line (at), path, what);
    return -1;
}

/*  Merge the overlay's group `over` into the base's group `into`: groups
 *  member by member, anything else replaced whole.  The top level's own
 *  members (name, base...) are left to the caller. */
static int
merge_group (merge_t *m, config_setting_t *into, const config_setting_t *over,
             bool top)
{
    for (int i = 0; i < config_setting_length (over); i++) {
        config_setting_t *o = config_setting_get_elem (over, (unsigned) i);
        const char *name = config_setting_name (o);
        if (top && own_member (name))
            continue;
        config_setting_t *b = config_setting_get_member (into, name);
        if (!b) {
            char what[160];
            snprintf (what, sizeof what, "the base ruleset \"%s\" has no such "
                      "setting (an overlay changes only what its base has)",
                      m->base);
            return merge_fail (m, o, what);
        }
        if (config_setting_is_group (o) != config_setting_is_group (b))
            return merge_fail (m, o, config_setting_is_group (b)
                               ? "is a group in the base: give its members"
                               : "is not a group in the base");
        if (config_setting_is_group (o)) {
            if (merge_group (m, b, o, false) < 0)
                return -1;
            continue;
        }
        if (config_setting_remove (into, name) != CONFIG_TRUE
            || copy_into (into, o) < 0)
            return merge_fail (m, o, "out of memory");
    }
    return 0;
}

/*  Set a string member of the root, replacing any. */
static int
set_string (config_setting_t *group, const char *name, const char *value)
{
    if (config_setting_get_member (group, name))
        config_setting_remove (group, name);
    config_setting_t *s = config_setting_add (group, name, CONFIG_TYPE_STRING);
    return s && config_setting_set_string (s, value) == CONFIG_TRUE ? 0 : -1;
}

/*  The configuration as libconfig writes it, in a new buffer. */
static char *
write_text (config_t *cfg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream (&buf, &len);
    if (!f)
        return NULL;
    config_write (cfg, f);
    if (fclose (f) != 0) {
        free (buf);
        return NULL;
    }
    return buf;
}

/*  The base's path: base_file relative to the overlay's folder, else
 *  the folder BASE beside the overlay's when it holds a table file,
 *  else BASE in base_dir (when given). */
static void
base_path (const char *path, const char *base, const char *base_file,
           const char *base_dir, char *out, size_t len)
{
    const char *slash = strrchr (path, '/');
    int dir = slash ? (int) (slash - path) : 1;
    const char *dirname = slash ? path : ".";
    if (base_file && base_file[0] == '/')
        snprintf (out, len, "%s", base_file);
    else if (base_file)
        snprintf (out, len, "%.*s/%s", dir, dirname, base_file);
    else {
        snprintf (out, len, "%.*s/../%s/tables.cfg", dir, dirname, base);
        if (base_dir && access (out, R_OK) != 0)
            snprintf (out, len, "%s/%s/tables.cfg", base_dir, base);
    }
}

/*  Read an overlay's own members: name, title and base strings, partial
 *  a bool, base_file an optional string. */
static int
read_own (merge_t *m, config_t *over, const char **base, const char **base_file,
          int *partial)
{
    const char *name = NULL, *title = NULL;
    if (config_lookup_string (over, "base", base) != CONFIG_TRUE
        || !(*base)[0] || strlen (*base) >= OVERLAY_BASE_MAX)
        return merge_fail (m, config_lookup (over, "base"),
                           "must be the name of a ruleset (a string)");
    if (config_lookup_string (over, "name", &name) != CONFIG_TRUE || !name[0]) {
        snprintf (m->err, (size_t) m->errlen, "%s - an overlay needs its own "
                  "name (a string)", m->origin);
        return -1;
    }
    if (config_lookup_string (over, "title", &title) != CONFIG_TRUE) {
        snprintf (m->err, (size_t) m->errlen, "%s - an overlay needs its own "
                  "title (a string)", m->origin);
        return -1;
    }
    config_setting_t *bf = config_lookup (over, "base_file");
    if (bf && config_setting_type (bf) != CONFIG_TYPE_STRING)
        return merge_fail (m, bf, "must be a path (a string)");
    *base_file = bf ? config_setting_get_string (bf) : NULL;
    config_setting_t *p = config_lookup (over, "partial");
    if (p && config_setting_type (p) != CONFIG_TYPE_BOOL)
        return merge_fail (m, p, "must be true or false");
    *partial = p ? config_setting_get_bool (p) : 0;
    return 0;
}

char *
overlay_resolve (const char *text, const char *path, char *err, int errlen)
{
    return overlay_resolve_in (text, path, NULL, err, errlen);
}

char *
overlay_resolve_in (const char *text, const char *path, const char *base_dir,
                    char *err, int errlen)
{
    assert (text && path && err && errlen > 0);
    if (!overlay_is (text)) {
        char *copy = strdup (text);
        if (!copy)
            snprintf (err, (size_t) errlen, "%s - out of memory", path);
        return copy;
    }
    merge_t m = { path, "", err, errlen };
    config_t over, base;
    config_init (&over);
    config_init (&base);
    char *base_text = NULL, *out = NULL;
    const char *base_name = NULL, *base_file = NULL;
    int partial = 0;
    config_text_read (&over, text);     /* it read in overlay_is */
    if (read_own (&m, &over, &base_name, &base_file, &partial) < 0)
        goto done;
    m.base = base_name;
    char where[4096];
    base_path (path, base_name, base_file, base_dir, where, sizeof where);
    base_text = game_read_file (where, err, errlen);
    if (!base_text)
        goto done;
    if (config_text_read (&base, base_text) != CONFIG_TRUE) {
        snprintf (err, (size_t) errlen, "%s:%d - %s (the base of %s)", where,
                  config_error_line (&base), config_error_text (&base), path);
        goto done;
    }
    const char *real_name = NULL;
    if (config_lookup (&base, "base")) {
        snprintf (err, (size_t) errlen, "%s - its base %s is an overlay too: "
                  "an overlay's base must be a ruleset", path, where);
        goto done;
    }
    if (config_lookup_string (&base, "name", &real_name) != CONFIG_TRUE
        || strcmp (real_name, base_name) != 0) {
        snprintf (err, (size_t) errlen, "%s - base \"%s\": %s names the "
                  "ruleset \"%s\"", path, base_name, where,
                  real_name ? real_name : "(no name)");
        goto done;
    }
    config_setting_t *root = config_root_setting (&base);
    if (merge_group (&m, root, config_root_setting (&over), true) < 0)
        goto done;
    char base_hash[17], own_hash[17];
    ruleset_text_hash (base_text, base_hash);
    ruleset_text_hash (text, own_hash);
    const char *name = NULL, *title = NULL;
    config_lookup_string (&over, "name", &name);
    config_lookup_string (&over, "title", &title);
    config_setting_t *info = NULL, *is_partial = NULL;
    if (set_string (root, "name", name) < 0
        || set_string (root, "title", title) < 0
        || (config_setting_get_member (root, "overlay")
            && config_setting_remove (root, "overlay") != CONFIG_TRUE)
        || !(info = config_setting_add (root, "overlay", CONFIG_TYPE_GROUP))
        || set_string (info, "base", base_name) < 0
        || set_string (info, "base_tables_hash", base_hash) < 0
        || set_string (info, "tables_hash", own_hash) < 0
        || !(is_partial = config_setting_add (info, "partial",
                                              CONFIG_TYPE_BOOL))
        || config_setting_set_bool (is_partial, partial) != CONFIG_TRUE
        || !(out = write_text (&base)))
        snprintf (err, (size_t) errlen, "%s - out of memory", path);
done:
    free (base_text);
    config_destroy (&over);
    config_destroy (&base);
    return out;
}
