/*  replay.c - feed every file of the given folders (or files) to a fuzz
 *  harness, as libFuzzer would, and report how many ran.  A harness that
 *  crashes or trips a sanitizer fails the test.
 *
 *      replay_NAME CORPUS_DIR_OR_FILE...
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

#define REPLAY_MAX_BYTES (16 * 1024 * 1024)   /* larger files are refused */

/*  Run one file through the harness.  0, or -1 when it cannot be read. */
static int
replay_file (const char *path)
{
    FILE *file = fopen (path, "rb");
    if (!file) {
        fprintf (stderr, "replay: %s - cannot read: %s\n", path,
                 strerror (errno));
        return -1;
    }
    uint8_t *data = malloc (REPLAY_MAX_BYTES);
    if (!data) {
        fclose (file);
        fprintf (stderr, "replay: out of memory\n");
        return -1;
    }
    size_t size = fread (data, 1, REPLAY_MAX_BYTES, file);
    int rc = ferror (file) ? -1 : 0;
    fclose (file);
    if (rc == 0 && size == REPLAY_MAX_BYTES) {
        fprintf (stderr, "replay: %s - more than %d bytes\n", path,
                 REPLAY_MAX_BYTES);
        rc = -1;
    }
    if (rc == 0)
        LLVMFuzzerTestOneInput (data, size);
    free (data);
    return rc;
}

static int
compare_names (const void *a, const void *b)
{
    return strcmp (*(char *const *) a, *(char *const *) b);
}

/*  Run every regular file of a folder, in name order.  Returns the count
 *  run, or -1. */
static int
replay_folder (const char *folder)
{
    DIR *dir = opendir (folder);
    if (!dir) {
        fprintf (stderr, "replay: %s - cannot open: %s\n", folder,
                 strerror (errno));
        return -1;
    }
    char **names = NULL;
    size_t count = 0, room = 0;
    struct dirent *entry;
    while ((entry = readdir (dir))) {
        if (entry->d_name[0] == '.')
            continue;
        if (count == room) {
            room = room ? room * 2 : 256;
            char **grown = realloc (names, room * sizeof *names);
            if (!grown)
                abort ();
            names = grown;
        }
        size_t len = strlen (folder) + strlen (entry->d_name) + 2;
        names[count] = malloc (len);
        if (!names[count])
            abort ();
        snprintf (names[count++], len, "%s/%s", folder, entry->d_name);
    }
    closedir (dir);
    if (count)
        qsort (names, count, sizeof *names, compare_names);
    int run = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (run >= 0 && stat (names[i], &st) == 0 && S_ISREG (st.st_mode))
            run = replay_file (names[i]) ? -1 : run + 1;
        free (names[i]);
    }
    free (names);
    return run;
}

int
main (int argc, char **argv)
{
    if (argc < 2) {
        fprintf (stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat (argv[i], &st)) {
            fprintf (stderr, "replay: %s - %s\n", argv[i], strerror (errno));
            return 1;
        }
        int run = S_ISDIR (st.st_mode) ? replay_folder (argv[i])
                                       : replay_file (argv[i]) ? -1 : 1;
        if (run < 0)
            return 1;
        if (run == 0) {
            fprintf (stderr, "replay: %s holds no input\n", argv[i]);
            return 1;
        }
        total += run;
    }
    fuzz_teardown ();
    printf ("%d inputs replayed without a crash\n", total);
    return 0;
}
