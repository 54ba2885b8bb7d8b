/*  report.h - a tournament's results as text, CSV, JSON and an SVG plot.
 *
 *  Every form names the tournament, the ruleset and the hash of its table
 *  file, so results of house-rule variants are never mixed up:
 *    text          the pairings (W-L-D, points, Elo with its 95%
 *                  interval, LOS, pentanomial counts, forfeits, SPRT)
 *                  and the ratings table;
 *    csv           the ratings, one strategy a row;
 *    pairings-csv  the pairings, one a row;
 *    json          all of it;
 *    svg           the ratings with their intervals, drawn.
 *  Call results_fit first.
 */
#ifndef SOLO_TOURNAMENT_REPORT_H
#define SOLO_TOURNAMENT_REPORT_H

#include <stdio.h>
#include "results.h"
#include "spec.h"

typedef enum {
    REPORT_TEXT = 0, REPORT_CSV, REPORT_PAIRINGS_CSV, REPORT_JSON, REPORT_SVG
} report_format_t;
#define REPORT_FORMAT_COUNT 5

/*  "text", "csv", "pairings-csv", "json", "svg"; parse returns -1 for an
 *  unknown name. */
const char *report_format_name (report_format_t format);
int report_format_parse (const char *name);

/*  The file name a report of this format gets in a report directory:
 *  "results.txt", "ratings.csv", "pairings.csv", "results.json",
 *  "ratings.svg". */
const char *report_file_name (report_format_t format);

/*  Write the report.  0, or -1 on a write error. */
int report_write (const spec_t *spec, const results_t *results,
                  report_format_t format, FILE *out);

#endif
