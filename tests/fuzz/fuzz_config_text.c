/*  fuzz_config_text.c - config_text_read against libconfig itself, on
 *  any text:
 *    - what libconfig reads, config_text_read reads too (but @include,
 *      and a string still open at the end, which libconfig takes for
 *      the end of the text and config_text_read refuses);
 *    - when the copy with blanked strings reads, the text never fails on
 *      a syntax error (the one kind of error at which libconfig 1.5 can
 *      lose a string).
 *  libconfig's own read of the text may leak (that is the bug guarded
 *  against), so this harness runs with leak detection off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    char *text = fuzz_text (data, size);
    if (strstr (text, "@include")) {
        free (text);
        return 0;
    }
    config_t plain, guarded, copy;
    config_init (&plain);
    config_init (&guarded);
    config_init (&copy);
    int plain_ok = config_read_string (&plain, text) == CONFIG_TRUE;
    int guarded_ok = config_text_read (&guarded, text) == CONFIG_TRUE;
    int unclosed = 0;
    char *blank = config_text_blank_strings (text, &unclosed);
    if (!blank)
        abort ();
    int copy_ok = !unclosed && config_read_string (&copy, blank) == CONFIG_TRUE;
    if (plain_ok && !guarded_ok && unclosed) {
        /*  refused on purpose */
    }
    else if (plain_ok != guarded_ok) {
        fprintf (stderr, "fuzz: libconfig %s it, config_text_read %s it "
                 "(line %d: %s)\n", plain_ok ? "reads" : "refuses",
                 guarded_ok ? "reads" : "refuses",
                 config_error_line (&guarded),
                 config_error_text (&guarded) ? config_error_text (&guarded)
                                              : "");
        abort ();
    }
    if (copy_ok && !plain_ok && config_error_text (&plain)
    &&  strcmp (config_error_text (&plain), "syntax error") == 0) {
        fprintf (stderr, "fuzz: the copy reads but the text has a syntax "
                 "error at line %d\n", config_error_line (&plain));
        abort ();
    }
    free (blank);
    free (text);
    config_destroy (&copy);
    config_destroy (&guarded);
    config_destroy (&plain);
    return 0;
}

void
fuzz_teardown (void)
{
}
