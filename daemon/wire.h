/*  wire.h - the generated protocol header (solo.pb-c.h), for daemon code.
 */
#ifndef SOLOD_WIRE_H
#define SOLOD_WIRE_H

#include "solo.pb-c.h"

#endif
