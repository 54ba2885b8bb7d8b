/*  fuzz_rules.h - the source tree's rulesets for the loader harnesses. */
#ifndef SOLO_FUZZ_RULES_H
#define SOLO_FUZZ_RULES_H

#include "ruleset.h"

/*  A ruleset_finder_fn over the source tree's rulesets (loaded on the
 *  first call; abort when they do not load).  `arg` is unused. */
const ruleset_t *fuzz_find_ruleset (const char *name, void *arg);

/*  Free the rulesets. */
void fuzz_rules_teardown (void);

#endif
