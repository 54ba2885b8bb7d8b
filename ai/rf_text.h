/*  rf_text.h - the Risk Factor engine's words written without printf.
 *
 *  The working of a decision is a few dozen short pieces: names, whole
 *  numbers, lengths with one decimal.  Formatting them through snprintf
 *  cost more than working out the decision, so they are appended here
 *  piece by piece, each number written exactly as printf writes it with
 *  the same format (the text is the same byte for byte).  A text is a
 *  bounded buffer: what does not fit is cut off at its end, as snprintf
 *  would cut it.
 */
#ifndef SOLO_RF_TEXT_H
#define SOLO_RF_TEXT_H

#include <stddef.h>

/*  A text being written into `buf` of `len` bytes (its terminator
 *  included); `used` is always strlen (buf). */
typedef struct {
    char *buf;
    size_t len;
    size_t used;
    const char *unit;          /* lengths in this unit too (NULL, "cm":
                                  cm alone) */
    double cm_per_unit;
} rf_text_t;

/*  Start an empty text in `buf` of `len` bytes (at least 1). */
void rf_text_start (rf_text_t *t, char *buf, size_t len);

/*  Append `s`; what does not fit is dropped. */
void rf_text_add (rf_text_t *t, const char *s);

/*  Append each of the texts given, up to a NULL. */
void rf_text_adds (rf_text_t *t, ...);

/*  Append v as "%d" writes it. */
void rf_text_int (rf_text_t *t, long v);

/*  Append v as "%+d" writes it: "+0", "+3", "-2". */
void rf_text_signed (rf_text_t *t, long v);

/*  Append x as "%.0f" (decimals 0) or "%.1f" (decimals 1) writes it. */
void rf_text_fixed (rf_text_t *t, double x, int decimals);

/*  Append a length for people: "34 cm" when it is within 0.05 of a
 *  whole number (that number), else "4.5 cm" (one decimal); in the unit
 *  set by rf_text_measure first when there is one: "6.5 TUM (13 cm)". */
void rf_text_cm (rf_text_t *t, double cm);

/*  Lengths written by rf_text_cm from now on state `unit` first, cm
 *  beside ("6.5 TUM (13 cm)", "4.7\" (12 cm)"): the ruleset's own unit
 *  (NULL or "cm": cm alone). */
void rf_text_measure (rf_text_t *t, const char *unit, double cm_per_unit);

#endif
