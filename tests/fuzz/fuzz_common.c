/*  fuzz_common.c - helpers shared by the fuzz harnesses.  */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

const char *
fuzz_source_dir (void)
{
    const char *dir = getenv ("SOLO_SOURCE_DIR");
    return dir && *dir ? dir : SOLO_SOURCE_DIR;
}

char *
fuzz_text (const uint8_t *data, size_t size)
{
    char *text = malloc (size + 1);
    if (!text)
        abort ();
    if (size)
        memcpy (text, data, size);
    text[size] = '\0';
    return text;
}
