/*  fuzz_daemon.h - the handlers of solod as a fuzz target: a catalog of
 *  the source tree's rulesets, served without a socket.
 */
#ifndef SOLO_FUZZ_DAEMON_H
#define SOLO_FUZZ_DAEMON_H

#include <stddef.h>
#include <stdint.h>

/*  Serve one Request frame with the handlers (set up on the first call)
 *  and check the reply: it must decode as a Reply with the request id
 *  the handlers report.  Aborts, naming the problem, when it does not. */
void fuzz_daemon_serve (const uint8_t *data, size_t size);

/*  Free what fuzz_daemon_serve set up. */
void fuzz_daemon_teardown (void);

#endif
