/*  wire.h - the generated protocol header (solo.pb-c.h), for daemon code.
 *
 *  rules/limits.h sits on the include path under the name of the C
 *  library's <limits.h>, so the generated header, which relies on
 *  INT_MAX, does not get it.  The compiler's own value stands in.
 */
#ifndef SOLOD_WIRE_H
#define SOLOD_WIRE_H

#ifndef INT_MAX
#define INT_MAX __INT_MAX__
#endif
#include "solo.pb-c.h"

#endif
