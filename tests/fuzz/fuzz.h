/*  fuzz.h - what every fuzz harness of tests/fuzz/ provides.
 *
 *  Each harness is one fuzz_NAME.c built two ways: with clang and
 *  -fsanitize=fuzzer as the libFuzzer program fuzz_NAME (SOLO_FUZZ=ON),
 *  and with any compiler beside replay.c as replay_NAME, the ctest test
 *  fuzz_replay_NAME that feeds it every file of corpus/NAME/.
 */
#ifndef SOLO_FUZZ_H
#define SOLO_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/*  One input.  Returns 0 (libFuzzer's rule); a bug aborts. */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/*  Free what the harness set up on its first input (the replay driver
 *  calls it last, so leak checkers see a clean exit). */
void fuzz_teardown (void);

/*  The source tree (for the rulesets and scenarios): $SOLO_SOURCE_DIR,
 *  else the folder the build was configured from. */
const char *fuzz_source_dir (void);

/*  A NUL-terminated copy of the input (malloc'd; abort when out of
 *  memory). */
char *fuzz_text (const uint8_t *data, size_t size);

#endif
