/*  log.h - the daemon's log: one line per event on stderr.
 *
 *  Each line is "<UTC time> <level> <message>".  Lines from different
 *  threads never interleave (one write per line).  Messages below the
 *  current level are dropped cheaply.
 */
#ifndef SOLOD_LOG_H
#define SOLOD_LOG_H

typedef enum {
    LOG_LEVEL_ERROR = 0,
    LOG_LEVEL_WARN,
    LOG_LEVEL_INFO,
    LOG_LEVEL_DEBUG
} log_level_t;

#define LOG_LINE_MAX 1024     /* bytes of one line; longer lines are cut */

/*  Set the lowest level written.  Thread-safe; the default is INFO. */
void log_set_level (log_level_t level);
log_level_t log_get_level (void);

/*  "error", "warn", "info", "debug"; -1 for anything else. */
int log_level_parse (const char *name);
const char *log_level_name (log_level_t level);

/*  True when a message at `level` would be written. */
int log_enabled (log_level_t level);

/*  Write one line at `level` (printf format; no trailing newline). */
void log_write (log_level_t level, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));

#define log_error(...) log_write (LOG_LEVEL_ERROR, __VA_ARGS__)
#define log_warn(...)  log_write (LOG_LEVEL_WARN, __VA_ARGS__)
#define log_info(...)  log_write (LOG_LEVEL_INFO, __VA_ARGS__)
#define log_debug(...) log_write (LOG_LEVEL_DEBUG, __VA_ARGS__)

#endif
