/*  fuzz_request.c - any bytes as a Request frame, decoded and dispatched
 *  by the handlers as a worker would.  Every input must get a reply that
 *  decodes as a solo.v1.Reply and carries the request id the handlers
 *  read.
 */
#include <stdio.h>
#include <stdlib.h>
#include "fuzz.h"
#include "fuzz_daemon.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    fuzz_daemon_serve (data, size);
    return 0;
}

void
fuzz_teardown (void)
{
    fuzz_daemon_teardown ();
}
