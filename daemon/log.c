/*  log.c - the daemon's log on stderr.  */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "log.h"

static atomic_int current_level = LOG_LEVEL_INFO;

static const char *level_names[] = { "error", "warn", "info", "debug" };

void
log_set_level (log_level_t level)
{
    atomic_store (&current_level, (int) level);
}

log_level_t
log_get_level (void)
{
    return (log_level_t) atomic_load (&current_level);
}

int
log_level_parse (const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < (int) (sizeof level_names / sizeof level_names[0]); i++)
        if (strcasecmp (name, level_names[i]) == 0)
            return i;
    return -1;
}

const char *
log_level_name (log_level_t level)
{
    if ((int) level < 0 || level > LOG_LEVEL_DEBUG)
        return "?";
    return level_names[level];
}

int
log_enabled (log_level_t level)
{
    return (int) level <= atomic_load (&current_level);
}

/*  The line is built whole in a buffer and written with one write(2), so
 *  that lines from the workers and the broker never mix. */
void
log_write (log_level_t level, const char *format, ...)
{
    if (!log_enabled (level))
        return;
    char line[LOG_LINE_MAX];
    struct timespec now;
    struct tm tm;
    clock_gettime (CLOCK_REALTIME, &now);
    gmtime_r (&now.tv_sec, &tm);
    int n = snprintf (line, sizeof line,
                      "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ %-5s ",
                      tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                      tm.tm_hour, tm.tm_min, tm.tm_sec,
                      now.tv_nsec / 1000000L, log_level_name (level));
    if (n < 0)
        return;
    va_list args;
    va_start (args, format);
    int m = vsnprintf (line + n, sizeof line - (size_t) n - 1, format, args);
    va_end (args);
    size_t len = (size_t) n;
    if (m > 0)
        len += (size_t) m < sizeof line - (size_t) n - 1
             ? (size_t) m : sizeof line - (size_t) n - 2;
    line[len++] = '\n';
    ssize_t written = write (STDERR_FILENO, line, len);
    (void) written;     /* nowhere to report a failing stderr */
}
