/*  fuzz_tables.c - any bytes as a ruleset's table file
 *  (ruleset_load_text): the weapons, terrain, Risk Factor tables and
 *  settings a house rule may change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "ruleset.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    char *text = fuzz_text (data, size);
    if (strstr (text, "@include")) {
        free (text);
        return 0;
    }
    char err[1024] = "";
    ruleset_t *rs = ruleset_load_text (text, "fuzz", err, sizeof err);
    free (text);
    if (!rs) {
        if (!err[0]) {
            fprintf (stderr, "fuzz: tables refused without a reason\n");
            abort ();
        }
        return 0;
    }
    if (!ruleset_name (rs) || !ruleset_tables_hash (rs)) {
        fprintf (stderr, "fuzz: tables loaded without a name or hash\n");
        abort ();
    }
    ruleset_destroy (&rs);
    return 0;
}

void
fuzz_teardown (void)
{
}
