/*  table_reader.c - a strict reader of a ruleset's own group of its table
 *  file: every setting must be there, of its type and in its range, and
 *  a group holds no setting it does not know; an error names the file,
 *  the line and the setting's full path.  Shared by the rulesets'
 *  engines (their tables_load).  */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "config_text.h"
#include "solo_limits.h"
#include "table_reader.h"

int
table_reader_open (table_reader_t *ld, const char *text, const char *origin,
                   char *err, int errlen)
{
    ld->origin = origin ? origin : "(tables)";
    ld->err = err;
    ld->errlen = errlen;
    err[0] = 0;
    config_init (&ld->cfg);
    if (config_text_read (&ld->cfg, text) != CONFIG_TRUE) {
        snprintf (err, (size_t) errlen, "%s:%d - %s", ld->origin,
                  config_error_line (&ld->cfg), config_error_text (&ld->cfg));
        config_destroy (&ld->cfg);
        return -1;
    }
    return 0;
}

void
table_reader_close (table_reader_t *ld)
{
    config_destroy (&ld->cfg);
}

/*  Index of `name` in `names` (n of them), or -1. */
int
table_name_index (const char *const *names, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp (names[i], name) == 0)
            return i;
    return -1;
}

/*  Report "origin:line - path: reason" at setting `s` (no line when s is
 *  NULL).  Always -1. */
int
table_fail_at (table_reader_t *ld, const config_setting_t *s,
               const char *path, const char *fmt, ...)
{
    char why[SOLO_ERR_MAX];
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (why, sizeof why, fmt, ap);
    va_end (ap);
    int line = s ? config_setting_source_line (s) : 0;
    if (line > 0)
        snprintf (ld->err, (size_t) ld->errlen, "%s:%d - %s: %s", ld->origin,
                  line, path, why);
    else
        snprintf (ld->err, (size_t) ld->errlen, "%s - %s: %s", ld->origin,
                  path, why);
    return -1;
}

/*  The setting at dotted `path`, or an error naming it missing (at the
 *  line of its nearest parent that exists). */
config_setting_t *
table_need (table_reader_t *ld, const char *path)
{
    config_setting_t *s = config_lookup (&ld->cfg, path);
    if (s)
        return s;
    char parent[160];
    snprintf (parent, sizeof parent, "%s", path);
    config_setting_t *p = NULL;
    char *dot = strrchr (parent, '.');
    while (dot && !p) {
        *dot = 0;
        p = config_lookup (&ld->cfg, parent);
        dot = strrchr (parent, '.');
    }
    table_fail_at (ld, p, path, "missing");
    return NULL;
}

int
table_read_int (table_reader_t *ld, const char *path, int lo, int hi, int *out)
{
    config_setting_t *s = table_need (ld, path);
    if (!s)
        return -1;
    if (config_setting_type (s) != CONFIG_TYPE_INT)
        return table_fail_at (ld, s, path, "must be an integer");
    int v = config_setting_get_int (s);
    if (v < lo || v > hi)
        return table_fail_at (ld, s, path, "%d is not in %d..%d", v, lo, hi);
    *out = v;
    return 0;
}

int
table_read_double (table_reader_t *ld, const char *path, double lo,
                   double hi, double *out)
{
    config_setting_t *s = table_need (ld, path);
    if (!s)
        return -1;
    int type = config_setting_type (s);
    if (type != CONFIG_TYPE_FLOAT && type != CONFIG_TYPE_INT)
        return table_fail_at (ld, s, path, "must be a number");
    double v = type == CONFIG_TYPE_FLOAT ? config_setting_get_float (s)
                                         : config_setting_get_int (s);
    if (!(v >= lo && v <= hi))
        return table_fail_at (ld, s, path, "%g is not in %g..%g", v, lo, hi);
    *out = v;
    return 0;
}

int
table_read_bool (table_reader_t *ld, const char *path, bool *out)
{
    config_setting_t *s = table_need (ld, path);
    if (!s)
        return -1;
    if (config_setting_type (s) != CONFIG_TYPE_BOOL)
        return table_fail_at (ld, s, path, "must be true or false");
    *out = config_setting_get_bool (s);
    return 0;
}

/*  A string naming one of `names`: its index. */
int
table_read_name (table_reader_t *ld, const char *path,
                 const char *const *names, int n, int *out)
{
    *out = 0;              /* defined whatever happens below */
    config_setting_t *s = table_need (ld, path);
    if (!s)
        return -1;
    if (config_setting_type (s) != CONFIG_TYPE_STRING)
        return table_fail_at (ld, s, path, "must be a string");
    const char *v = config_setting_get_string (s);
    int i = table_name_index (names, n, v);
    if (i < 0) {
        char known[256] = "";
        for (int k = 0; k < n; k++)
            snprintf (known + strlen (known), sizeof known - strlen (known),
                      "%s%s", k ? ", " : "", names[k]);
        return table_fail_at (ld, s, path, "\"%s\" is not one of %s", v,
                              known);
    }
    *out = i;
    return 0;
}

/*  A group that must hold exactly the keys `names` (n of them): anything
 *  else is reported, so a misspelt key never passes silently. */
config_setting_t *
table_need_group_of (table_reader_t *ld, const char *path,
                     const char *const *names, int n)
{
    config_setting_t *g = table_need (ld, path);
    if (!g)
        return NULL;
    if (!config_setting_is_group (g)) {
        table_fail_at (ld, g, path, "must be a group { ... }");
        return NULL;
    }
    for (int i = 0; i < config_setting_length (g); i++) {
        config_setting_t *m = config_setting_get_elem (g, (unsigned) i);
        if (table_name_index (names, n, config_setting_name (m)) < 0) {
            char full[200];
            snprintf (full, sizeof full, "%s.%s", path,
                      config_setting_name (m));
            table_fail_at (ld, m, full, "unknown setting");
            return NULL;
        }
    }
    return g;
}

