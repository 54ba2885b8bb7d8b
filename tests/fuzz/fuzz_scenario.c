/*  fuzz_scenario.c - any bytes as a scenario file (scenario_load_text):
 *  the situation, the sides, victory conditions, objectives and orders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "fuzz_rules.h"
#include "scenario.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    char *text = fuzz_text (data, size);
    if (strstr (text, "@include")) {
        free (text);
        return 0;
    }
    char err[1024] = "";
    fuzz_find_ruleset (NULL, NULL);
    scenario_t *scenario = scenario_load_text (text, "fuzz",
                                               fuzz_find_ruleset, NULL, err,
                                               sizeof err);
    free (text);
    if (!scenario) {
        if (!err[0]) {
            fprintf (stderr, "fuzz: a scenario refused without a reason\n");
            abort ();
        }
        return 0;
    }
    if (scenario_turns (scenario) < 1
    ||  scenario_turns (scenario) > SCENARIO_MAX_TURNS
    ||  scenario_objective_count (scenario) > SCENARIO_MAX_OBJECTIVES
    ||  scenario_order_count (scenario) > SCENARIO_MAX_ORDERS) {
        fprintf (stderr, "fuzz: a scenario accepted out of range\n");
        abort ();
    }
    scenario_destroy (&scenario);
    return 0;
}

void
fuzz_teardown (void)
{
    fuzz_rules_teardown ();
}
