/*  table_reader.h - a strict reader of a ruleset's own group of its table
 *  file (Empire of Liberty's `eol`, 19th Century Europe's `e19`).
 *
 *  The engine parses the text into `cfg` (config_text_read) and reads
 *  each setting by its dotted path: a missing setting, one of the wrong
 *  type or out of range, and an unknown key in a group are errors that
 *  name the file, the line and the setting's full path, as
 *  "tables.cfg:212 - e19.fire.hit.cavalry: 7 is not in 2..6".  Every
 *  function that fails writes that into `err` and returns -1 (or NULL).
 */
#ifndef SOLO_TABLE_READER_H
#define SOLO_TABLE_READER_H

#include <stdbool.h>
#include <libconfig.h>

typedef struct {
    config_t cfg;
    const char *origin;      /* the file's name in errors */
    char *err;
    int errlen;
} table_reader_t;

/*  Parse `text` (the whole table file; `origin` names it in errors,
 *  NULL: "(tables)") into ld->cfg, errors to err[errlen].  0, or -1
 *  with err as "origin:line - reason" (ld->cfg then already closed).
 *  Every open that succeeds is closed with table_reader_close. */
int table_reader_open (table_reader_t *ld, const char *text,
                       const char *origin, char *err, int errlen);
void table_reader_close (table_reader_t *ld);

/*  Index of `name` in `names` (n of them), or -1 (name NULL: -1). */
int table_name_index (const char *const *names, int n, const char *name);

/*  Report "origin:line - path: reason" at setting `s` (no line when s is
 *  NULL).  Always -1. */
int table_fail_at (table_reader_t *ld, const config_setting_t *s,
                   const char *path, const char *fmt, ...)
    __attribute__ ((format (printf, 4, 5)));

/*  The setting at dotted `path`, or NULL with an error naming it missing
 *  (at the line of its nearest parent that exists). */
config_setting_t *table_need (table_reader_t *ld, const char *path);

/*  A whole number in lo..hi; a number (whole or not) in lo..hi; true or
 *  false; a string naming one of `names` (its index into *out, 0 on an
 *  error).  0, or -1 with the error. */
int table_read_int (table_reader_t *ld, const char *path, int lo, int hi,
                    int *out);
int table_read_double (table_reader_t *ld, const char *path, double lo,
                       double hi, double *out);
int table_read_bool (table_reader_t *ld, const char *path, bool *out);
int table_read_name (table_reader_t *ld, const char *path,
                     const char *const *names, int n, int *out);

/*  The group at `path`, which must hold only keys among `names` (n of
 *  them): anything else is reported, so a misspelt key never passes
 *  silently.  NULL with the error. */
config_setting_t *table_need_group_of (table_reader_t *ld, const char *path,
                                       const char *const *names, int n);

#endif
