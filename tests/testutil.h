/*  testutil.h - helpers shared by the cmocka tests.  */
#ifndef SOLO_TESTUTIL_H
#define SOLO_TESTUTIL_H

#include "ruleset.h"

/*  Path of a file in the source tree: SOLO_SOURCE_DIR "/" rel, in a
 *  static buffer (valid until the next call). */
const char *test_source_path (const char *rel);

/*  The skirmish19 ruleset from rules/data/skirmish19/tables.cfg; fails the
 *  test when it does not load.  Destroy with ruleset_destroy. */
ruleset_t *test_load_skirmish19 (void);

/*  Write `text` to a fresh temporary file and return its path (static
 *  buffer).  The file is removed at exit. */
const char *test_write_temp (const char *text, const char *suffix);

#endif
