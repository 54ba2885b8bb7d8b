/*  testutil.c - helpers shared by the cmocka tests.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"

const char *
test_source_path (const char *rel)
{
    static char path[4096];
    const char *root = getenv ("SOLO_SOURCE_DIR");
    if (!root)
        root = SOLO_SOURCE_DIR;
    snprintf (path, sizeof path, "%s/%s", root, rel);
    return path;
}

ruleset_t *
test_load_skirmish19 (void)
{
    char err[256] = "";
    ruleset_t *rs = ruleset_load (
        test_source_path ("rules/data/skirmish19/tables.cfg"), err, sizeof err);
    if (!rs)
        fail_msg ("skirmish19 tables did not load: %s", err);
    return rs;
}

#define TEMP_MAX 64
static char temp_paths[TEMP_MAX][64];
static int temp_count;

static void
remove_temps (void)
{
    for (int i = 0; i < temp_count; i++)
        unlink (temp_paths[i]);
}

const char *
test_write_temp (const char *text, const char *suffix)
{
    static char path[64];
    (void) suffix;   /* mkstemps is not POSIX; no loader cares */
    snprintf (path, sizeof path, "/tmp/solo-test-XXXXXX");
    int fd = mkstemp (path);
    if (fd < 0)
        fail_msg ("cannot create a temporary file");
    size_t len = strlen (text);
    if (write (fd, text, len) != (ssize_t) len)
        fail_msg ("cannot write a temporary file");
    close (fd);
    if (temp_count == 0)
        atexit (remove_temps);
    if (temp_count < TEMP_MAX)
        snprintf (temp_paths[temp_count++], sizeof temp_paths[0], "%s", path);
    return path;
}
