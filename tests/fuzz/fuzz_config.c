/*  fuzz_config.c - any bytes as solod's config file (solod_config_load),
 *  curve group and key files included.  A config file is the operator's,
 *  so inputs that would make it read a device or another file by
 *  @include are passed over: what is fuzzed is the reading of the text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config.h"
#include "fuzz.h"

static char path[64];

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    char *text = fuzz_text (data, size);
    if (strstr (text, "@include") || strstr (text, "/dev/")
    ||  strstr (text, "/proc/")) {
        free (text);
        return 0;
    }
    if (!path[0]) {
        snprintf (path, sizeof path, "/tmp/solo-fuzz-config-XXXXXX");
        int fd = mkstemp (path);
        if (fd < 0)
            abort ();
        close (fd);
    }
    FILE *file = fopen (path, "wb");
    if (!file)
        abort ();
    fwrite (data, 1, size, file);
    fclose (file);
    free (text);
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    char err[1024] = "";
    if (solod_config_load (&cfg, path, err, sizeof err)) {
        if (!err[0]) {
            fprintf (stderr, "fuzz: a config refused without a reason\n");
            abort ();
        }
        return 0;
    }
    if (cfg.workers < 1 || cfg.workers > SOLOD_WORKERS_MAX
    ||  cfg.queue_max < 0 || cfg.queue_max > SOLOD_QUEUE_MAX
    ||  cfg.max_message_bytes < SOLOD_MESSAGE_MIN
    ||  cfg.max_message_bytes > SOLOD_MESSAGE_MAX
    ||  (cfg.curve.enabled && (cfg.curve.client_count < 1
                               || cfg.curve.client_count
                                  > SECURITY_CLIENTS_MAX))) {
        fprintf (stderr, "fuzz: a config accepted out of range\n");
        abort ();
    }
    return 0;
}

void
fuzz_teardown (void)
{
    if (path[0])
        unlink (path);
}
