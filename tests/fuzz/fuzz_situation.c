/*  fuzz_situation.c - any bytes as a situation file (the text an AskUnit
 *  may carry), then the Risk Factor decision of up to SITUATION_UNITS
 *  of its units: a situation that loads must be one the rules core can
 *  decide on without a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dice.h"
#include "fuzz.h"
#include "fuzz_rules.h"
#include "rf.h"
#include "situation.h"

#define SITUATION_UNITS 8

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    char *text = fuzz_text (data, size);
    if (strstr (text, "@include")) {       /* refused before the loader */
        free (text);
        return 0;
    }
    char err[1024] = "";
    fuzz_find_ruleset (NULL, NULL);
    situation_t *sit = situation_load_text (text, "fuzz", fuzz_find_ruleset,
                                            NULL, err, sizeof err);
    free (text);
    if (!sit) {
        if (!err[0]) {
            fprintf (stderr, "fuzz: a situation refused without a reason\n");
            abort ();
        }
        return 0;
    }
    rf_decision_t *decision = malloc (sizeof *decision);
    dice_t *dice = dice_new (size);
    if (!decision || !dice)
        abort ();
    int units = situation_unit_count (sit);
    for (int u = 0; u < units && u < SITUATION_UNITS; u++) {
        const unit_t *unit = situation_unit_const (sit, u);
        if (!ruleset_rf_table (situation_ruleset (sit), unit->arm))
            continue;
        rf_decide (sit, u, 1 + u % 6, dice, decision, err, sizeof err);
    }
    dice_destroy (&dice);
    free (decision);
    situation_destroy (&sit);
    return 0;
}

void
fuzz_teardown (void)
{
    fuzz_rules_teardown ();
}
