/*  catalog.c - the rulesets found in the data folder.  */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "catalog.h"
#include "overlay.h"

/*  One ruleset: loaded with its game engine when one plays it (`rules`
 *  owns the ruleset then), else alone (`own`). */
typedef struct {
    const ruleset_t *ruleset;
    ruleset_t *own;
    game_rules_t *rules;
} entry_t;

struct catalog_t {
    entry_t entries[CATALOG_MAX];
    int count;
    int default_index;
};

static int
compare_names (const void *a, const void *b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/*  The folder names under data_dir that hold a tables.cfg, sorted. */
static int
list_ruleset_folders (const char *data_dir, char **names, int *count,
                      char *err, int errlen)
{
    DIR *dir = opendir (data_dir);
    if (!dir) {
        snprintf (err, (size_t) errlen, "%s - cannot read the data folder: %s",
                  data_dir, strerror (errno));
        return -1;
    }
    *count = 0;
    struct dirent *entry;
    while ((entry = readdir (dir)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        char path[4096];
        struct stat st;
        snprintf (path, sizeof path, "%s/%s/tables.cfg", data_dir,
                  entry->d_name);
        if (stat (path, &st) != 0 || !S_ISREG (st.st_mode))
            continue;
        if (*count == CATALOG_MAX) {
            snprintf (err, (size_t) errlen,
                      "%s - more than %d rulesets", data_dir, CATALOG_MAX);
            closedir (dir);
            return -1;
        }
        names[(*count)++] = strdup (entry->d_name);
    }
    closedir (dir);
    qsort (names, (size_t) *count, sizeof names[0], compare_names);
    return 0;
}

static int
compare_entries (const void *a, const void *b)
{
    return strcmp (ruleset_name (((const entry_t *) a)->ruleset),
                   ruleset_name (((const entry_t *) b)->ruleset));
}

/*  Load one table file: the ruleset, and its engine's tables when the
 *  build has an engine for it (a table file that loads as a ruleset but
 *  not as a game is an error then, named by file and line).  An overlay
 *  is merged over its base first: found in `base_dir` when not NULL,
 *  else beside the overlay's folder. */
static int
load_entry (entry_t *entry, const char *path, const char *base_dir,
            char *err, int errlen)
{
    memset (entry, 0, sizeof *entry);
    char *text = game_read_file (path, err, errlen);
    if (!text)
        return -1;
    char *tables = overlay_resolve_in (text, path, base_dir, err, errlen);
    free (text);
    if (!tables)
        return -1;
    ruleset_t *rs = ruleset_load_text (tables, path, err, errlen);
    if (rs && !game_engine_of (rs)) {
        entry->own = rs;
        entry->ruleset = rs;
        free (tables);
        return 0;
    }
    if (rs) {
        ruleset_destroy (&rs);
        entry->rules = game_rules_load_text (tables, path, err, errlen);
        if (entry->rules)
            entry->ruleset = game_rules_ruleset (entry->rules);
    }
    free (tables);
    return entry->ruleset ? 0 : -1;
}

catalog_t *
catalog_new (const char *data_dir, const char *const *house_rules,
             int house_count, const char *default_name, char *err,
             int errlen)
{
    catalog_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, (size_t) errlen, "out of memory");
        return NULL;
    }
    char *names[CATALOG_MAX];
    int count = 0;
    if (list_ruleset_folders (data_dir, names, &count, err, errlen)) {
        for (int i = 0; i < count; i++)
            free (names[i]);
        free (self);
        return NULL;
    }
    int rc = 0;
    for (int i = 0; i < count; i++) {
        if (rc == 0) {
            char path[4096];
            snprintf (path, sizeof path, "%s/%s/tables.cfg", data_dir,
                      names[i]);
            if (load_entry (&self->entries[self->count], path, NULL, err,
                            errlen))
                rc = -1;
            else
                self->count++;
        }
        free (names[i]);
    }
    for (int i = 0; rc == 0 && i < house_count; i++) {
        if (self->count == CATALOG_MAX) {
            snprintf (err, (size_t) errlen, "%s - more than %d rulesets "
                      "with the house rules", house_rules[i], CATALOG_MAX);
            rc = -1;
        }
        else if (load_entry (&self->entries[self->count], house_rules[i],
                             data_dir, err, errlen))
            rc = -1;
        else
            self->count++;
    }
    if (rc == 0 && self->count == 0) {
        snprintf (err, (size_t) errlen,
                  "%s - no ruleset found (expected NAME/tables.cfg)", data_dir);
        rc = -1;
    }
    if (rc == 0)
        qsort (self->entries, (size_t) self->count, sizeof self->entries[0],
               compare_entries);
    for (int i = 1; rc == 0 && i < self->count; i++)
        if (strcmp (ruleset_name (self->entries[i - 1].ruleset),
                    ruleset_name (self->entries[i].ruleset)) == 0) {
            snprintf (err, (size_t) errlen,
                      "%s - two table files name the ruleset '%s'",
                      data_dir, ruleset_name (self->entries[i].ruleset));
            rc = -1;
        }
    self->default_index = -1;
    for (int i = 0; rc == 0 && i < self->count; i++)
        if (strcmp (ruleset_name (self->entries[i].ruleset), default_name) == 0)
            self->default_index = i;
    if (rc == 0 && self->default_index < 0) {
        snprintf (err, (size_t) errlen,
                  "%s - the default ruleset '%s' is not there", data_dir,
                  default_name);
        rc = -1;
    }
    if (rc)
        catalog_destroy (&self);
    return self;
}

void
catalog_destroy (catalog_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    catalog_t *self = *self_p;
    for (int i = 0; i < self->count; i++) {
        ruleset_destroy (&self->entries[i].own);
        game_rules_destroy (&self->entries[i].rules);
    }
    free (self);
    *self_p = NULL;
}

int
catalog_count (const catalog_t *self)
{
    return self->count;
}

const ruleset_t *
catalog_at (const catalog_t *self, int i)
{
    if (i < 0 || i >= self->count)
        return NULL;
    return self->entries[i].ruleset;
}

const ruleset_t *
catalog_find (const catalog_t *self, const char *name)
{
    if (!name || !*name)
        return catalog_default (self);
    for (int i = 0; i < self->count; i++)
        if (strcmp (ruleset_name (self->entries[i].ruleset), name) == 0)
            return self->entries[i].ruleset;
    return NULL;
}

const ruleset_t *
catalog_default (const catalog_t *self)
{
    return self->entries[self->default_index].ruleset;
}

const ruleset_t *
catalog_finder (const char *name, void *arg)
{
    return catalog_find ((const catalog_t *) arg, name);
}

const game_rules_t *
catalog_game_rules (const catalog_t *self, const ruleset_t *ruleset)
{
    for (int i = 0; ruleset && i < self->count; i++)
        if (self->entries[i].ruleset == ruleset)
            return self->entries[i].rules;
    return NULL;
}
