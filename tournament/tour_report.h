/*  tour_report.h - a tournament's results as text, CSV, JSON and an SVG plot.
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
 *  Call tour_results_fit first.
 */
#ifndef SOLO_TOURNAMENT_REPORT_H
#define SOLO_TOURNAMENT_REPORT_H

#include <stdio.h>
#include "tour_results.h"
#include "tour_spec.h"

typedef enum {
    TOUR_REPORT_TEXT = 0,
    TOUR_REPORT_CSV,
    TOUR_REPORT_PAIRINGS_CSV,
    TOUR_REPORT_JSON,
    TOUR_REPORT_SVG
} tour_report_format_t;
#define TOUR_REPORT_FORMAT_COUNT 5

/*  "text", "csv", "pairings-csv", "json", "svg"; parse returns -1 for an
 *  unknown name. */
const char *tour_report_format_name (tour_report_format_t format);
int tour_report_format_parse (const char *name);

/*  The file name a report of this format gets in a report directory:
 *  "results.txt", "ratings.csv", "pairings.csv", "results.json",
 *  "ratings.svg". */
const char *tour_report_file_name (tour_report_format_t format);

/*  Write the report.  0, or -1 on a write error. */
int tour_report_write (const tour_spec_t *spec, const tour_results_t *results,
                       tour_report_format_t format, FILE *out);

#endif
