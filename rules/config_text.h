/*  config_text.h - read libconfig text that came from someone else (a
 *  situation, scenario or table file sent to the daemon) without the
 *  leak of libconfig 1.5.
 *
 *  libconfig 1.5 (Debian's) leaks the string a syntax error stops at:
 *  `a = 1 "...";` loses the whole string, so a stranger could make the
 *  daemon lose up to a message's size per request.  config_text_read
 *  first reads a copy of the text in which every run of adjacent
 *  strings is the number 0 (newlines kept, so lines match); only when
 *  the copy reads cleanly is the text itself read.  The copy has the
 *  same tokens but for the strings, so a syntax error, if any, is found
 *  in the copy, where no string can leak.
 *
 *  A consequence: @include "file" never reads a file (the copy's
 *  "@include 0" is a syntax error).
 */
#ifndef SOLO_CONFIG_TEXT_H
#define SOLO_CONFIG_TEXT_H

#include <libconfig.h>

/*  Groups and lists nest at most this deep in a text read here (deeper,
 *  libconfig's parser runs out of stack and says "memory exhausted"). */
#define CONFIG_TEXT_MAX_DEPTH 64

/*  config_read_string's drop-in: read `text` (NULL reads as ""; a UTF-8
 *  byte-order mark at its start is skipped) into `cfg`.  CONFIG_TRUE, or
 *  CONFIG_FALSE with config_error_line and config_error_text set as
 *  libconfig sets them ("syntax error"), or "string is not closed" for a
 *  string still open at the end, "out of memory", a nesting deeper than
 *  CONFIG_TEXT_MAX_DEPTH, or a whole number too large for 32 bits without
 *  an L (libconfig 1.5 would keep its low 32 bits silently); such an
 *  error text lasts until the thread's next call. */
int config_text_read (config_t *cfg, const char *text);

/*  The copy config_text_read reads first (malloc'd, NUL-terminated;
 *  NULL out of memory); *unclosed_line is 0, or the line of a string
 *  still open at the end.  For tests. */
char *config_text_blank_strings (const char *text, int *unclosed_line);

#endif
