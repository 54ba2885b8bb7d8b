/*  fuzz_rules.c - the source tree's rulesets, loaded once.  */
#include <stdio.h>
#include <stdlib.h>
#include "catalog.h"
#include "config.h"
#include "fuzz.h"
#include "fuzz_rules.h"

static catalog_t *catalog;

const ruleset_t *
fuzz_find_ruleset (const char *name, void *arg)
{
    (void) arg;
    if (!catalog) {
        char dir[4096], err[1024] = "";
        snprintf (dir, sizeof dir, "%s/rules/data", fuzz_source_dir ());
        catalog = catalog_new (dir, NULL, 0, SOLOD_DEFAULT_RULESET, err,
                               sizeof err);
        if (!catalog) {
            fprintf (stderr, "fuzz: the rulesets do not load: %s\n", err);
            abort ();
        }
    }
    return catalog_find (catalog, name);
}

void
fuzz_rules_teardown (void)
{
    catalog_destroy (&catalog);
}
