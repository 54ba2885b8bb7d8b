/*  tour_report.c - text, CSV, JSON and SVG of a tournament's results.  */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tour_report.h"

static const char *names[TOUR_REPORT_FORMAT_COUNT] = {
    "text", "csv", "pairings-csv", "json", "svg" };
static const char *files[TOUR_REPORT_FORMAT_COUNT] = {
    "results.txt", "ratings.csv", "pairings.csv", "results.json",
    "ratings.svg" };

const char *
tour_report_format_name (tour_report_format_t format)
{
    return (int) format >= 0 && format < TOUR_REPORT_FORMAT_COUNT
           ? names[format] : "?";
}

int
tour_report_format_parse (const char *name)
{
    for (int i = 0; name && i < TOUR_REPORT_FORMAT_COUNT; i++)
        if (strcmp (name, names[i]) == 0)
            return i;
    return -1;
}

const char *
tour_report_file_name (tour_report_format_t format)
{
    return (int) format >= 0 && format < TOUR_REPORT_FORMAT_COUNT
           ? files[format] : "report";
}

/*  An Elo figure: "+107.5", "-3.0", "+inf". */
static const char *
elo_text (double elo, char *buf, size_t size)
{
    if (isnan (elo))
        snprintf (buf, size, "-");
    else if (isinf (elo))
        snprintf (buf, size, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf (buf, size, "%+.1f", fabs (elo) < 0.05 ? 0.0 : elo);
    return buf;
}

/*  Strategies by rating (unrated last), then by points per game. */
static void
rank_order (const tour_spec_t *spec, const tour_results_t *r, int *order)
{
    int n = tour_spec_strategy_count (spec);
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            const tour_results_player_t *a = tour_results_player (r, order[j]);
            const tour_results_player_t *b
                = tour_results_player (r, order[j - 1]);
            double ka = a->rated ? a->rating : -1e300;
            double kb = b->rated ? b->rating : -1e300;
            double sa = a->games ? a->points / a->games : 0;
            double sb = b->games ? b->points / b->games : 0;
            if (ka > kb || (ka == kb && sa > sb)) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
            else
                break;
        }
}

/*  The text report's width: it reads in a terminal of 100 columns. */
#define REPORT_WIDTH 100

/*  A growing line of words, written out wrapped at REPORT_WIDTH (at
 *  spaces; a word longer than the width, such as a long path, stays
 *  whole), continued lines indented two spaces. */
typedef struct {
    char text[2048];
    size_t len;
} line_t;

static void
line_add (line_t *l, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static void
line_add (line_t *l, const char *fmt, ...)
{
    if (l->len >= sizeof l->text - 1)
        return;
    va_list ap;
    va_start (ap, fmt);
    int n = vsnprintf (l->text + l->len, sizeof l->text - l->len, fmt, ap);
    va_end (ap);
    if (n > 0)
        l->len += (size_t) n < sizeof l->text - l->len
                ? (size_t) n : sizeof l->text - 1 - l->len;
}

static void
line_put (line_t *l, FILE *out)
{
    const char *p = l->text;
    int indent = 0;
    while (*p) {
        size_t room = (size_t) (REPORT_WIDTH - indent);
        size_t len = strlen (p);
        size_t cut = len;
        if (len > room) {
            cut = room;
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut == 0)            /* one long word: up to its end */
                cut = strcspn (p, " ");
        }
        fprintf (out, "%*s%.*s\n", indent, "", (int) cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        indent = 2;
    }
    l->len = 0;
    l->text[0] = '\0';
}

static void
header_text (const tour_spec_t *spec, const tour_results_t *r, FILE *out)
{
    line_t l = { "", 0 };
    line_add (&l, "Tournament \"%s\" (id %s): %s, %d strategies, %d games "
              "per pairing in pairs with sides swapped",
              tour_spec_name (spec), tour_spec_id (spec),
              tour_spec_format_name (tour_spec_format (spec)),
              tour_spec_strategy_count (spec), tour_spec_games (spec));
    line_put (&l, out);
    line_add (&l, "Rules: %s, tables hash %s (%s)", tour_spec_ruleset (spec),
              tour_spec_tables (spec)->hash, tour_spec_tables (spec)->path);
    line_put (&l, out);
    bool variants = false;
    for (int i = 0; i < tour_spec_strategy_count (spec); i++)
        variants |= tour_spec_strategy (spec, i)->tables_hash[0] != 0;
    if (variants) {
        line_add (&l, "Tables by strategy:");
        for (int i = 0; i < tour_spec_strategy_count (spec); i++)
            line_add (&l, "%s %s %s%s", i ? "," : "",
                      tour_spec_strategy (spec, i)->name,
                      tour_spec_strategy_tables (spec, i),
                      tour_spec_strategy (spec, i)->tables_hash[0]
                      ? " (its own)" : "");
        line_put (&l, out);
    }
    line_add (&l, "Scenarios:");
    for (int i = 0; i < tour_spec_scenario_count (spec); i++)
        line_add (&l, "%s %s (%s)", i ? "," : "",
                  tour_spec_scenario (spec, i)->name,
                  tour_spec_scenario (spec, i)->hash);
    line_put (&l, out);
    if (tour_spec_has_sprt (spec)) {
        const tour_stats_sprt_t *s = tour_spec_sprt (spec);
        line_add (&l, "SPRT per pairing: elo0 %g, elo1 %g, alpha %g, beta %g "
                  "(bounds %.2f, %.2f)", s->elo0, s->elo1, s->alpha, s->beta,
                  tour_stats_sprt_lower (s), tour_stats_sprt_upper (s));
        line_put (&l, out);
    }
    fprintf (out, "Games: %d stored, %d counted, %d planned\n",
             tour_results_games_stored (r), tour_results_games_counted (r),
             tour_results_games_planned (r));
}

/*  The text report: every table within REPORT_WIDTH columns (names of up
 *  to 14 characters keep the columns in line). */
static int
write_text (const tour_spec_t *spec, const tour_results_t *r, FILE *out)
{
    header_text (spec, r, out);
    char a[32], b[32], c[32];
    line_t l = { "", 0 };
    fprintf (out, "\n");
    line_add (&l, "Pairings (first against second; Elo is the first's "
              "advantage with its 95%% interval from the game pairs):");
    line_put (&l, out);
    fprintf (out, "  %-14s %-14s %5s %11s %6s %6s %7s %18s %6s\n", "first",
             "second", "games", "W-L-D", "points", "score", "Elo",
             "95% interval", "LOS");
    for (int i = 0; i < tour_results_pairing_count (r); i++) {
        const tour_results_pairing_t *p = tour_results_pairing (r, i);
        char wld[32], interval[48];
        snprintf (wld, sizeof wld, "%d-%d-%d", p->wins, p->losses, p->draws);
        if (p->has_elo)
            snprintf (interval, sizeof interval, "[%s, %s]",
                      elo_text (p->elo.elo_low, b, sizeof b),
                      elo_text (p->elo.elo_high, c, sizeof c));
        else
            snprintf (interval, sizeof interval, "-");
        fprintf (out, "  %-14s %-14s %5d %11s %6.1f %5.1f%% %7s %18s %5.1f%%\n",
                 tour_spec_strategy (spec, p->first)->name,
                 tour_spec_strategy (spec, p->second)->name, p->games, wld,
                 p->points, p->games ? 100.0 * p->points / p->games : 0.0,
                 p->has_elo ? elo_text (p->elo.elo, a, sizeof a) : "-",
                 interval, 100 * p->los);
    }
    fprintf (out, "\nPairs of games (the first's points in each pair: 0, "
             "1/2, 1, 1 1/2, 2) and forfeits\n(c crashes, t timeouts, "
             "i illegal orders):\n");
    fprintf (out, "  %-14s %-14s %-21s %-13s %s\n", "first", "second",
             "pairs 0/.5/1/1.5/2", "forfeits 1st", "forfeits 2nd");
    for (int i = 0; i < tour_results_pairing_count (r); i++) {
        const tour_results_pairing_t *p = tour_results_pairing (r, i);
        char penta[32], f1[24], f2[24];
        snprintf (penta, sizeof penta, "%d/%d/%d/%d/%d", p->penta[0],
                  p->penta[1], p->penta[2], p->penta[3], p->penta[4]);
        snprintf (f1, sizeof f1, "c%d t%d i%d", p->forfeits[0].crashes,
                  p->forfeits[0].timeouts, p->forfeits[0].illegal);
        snprintf (f2, sizeof f2, "c%d t%d i%d", p->forfeits[1].crashes,
                  p->forfeits[1].timeouts, p->forfeits[1].illegal);
        fprintf (out, "  %-14s %-14s %-21s %-13s %s\n",
                 tour_spec_strategy (spec, p->first)->name,
                 tour_spec_strategy (spec, p->second)->name, penta, f1, f2);
    }
    if (tour_spec_has_sprt (spec)) {
        fprintf (out, "\nSPRT by pairing:\n");
        for (int i = 0; i < tour_results_pairing_count (r); i++) {
            const tour_results_pairing_t *p = tour_results_pairing (r, i);
            line_add (&l, "  %s against %s: ",
                      tour_spec_strategy (spec, p->first)->name,
                      tour_spec_strategy (spec, p->second)->name);
            if (p->stopped_at >= 0)
                line_add (&l, "%s accepted after %d pairs (LLR %.2f)",
                          tour_stats_sprt_verdict_name (p->verdict),
                          p->stopped_at, p->llr);
            else
                line_add (&l, "undecided (LLR %.2f)", p->llr);
            line_put (&l, out);
        }
    }
    int order[TOUR_SPEC_MAX_STRATEGIES];
    rank_order (spec, r, order);
    fprintf (out, "\n");
    line_add (&l, "Ratings (Bradley-Terry fit of every counted game, mean "
              "0, 95%% interval%s):",
              tour_results_prior (r) > 0
                  ? "; one virtual draw per pairing, as some strategy won "
                    "or lost every game"
                  : "");
    line_put (&l, out);
    fprintf (out, "  %4s %-14s %7s %18s %5s %11s %6s %6s %s\n", "rank",
             "name", "rating", "95% interval", "games", "W-L-D", "points",
             "score", "forfeits");
    for (int k = 0; k < tour_spec_strategy_count (spec); k++) {
        const tour_results_player_t *p = tour_results_player (r, order[k]);
        char wld[32], interval[48];
        snprintf (wld, sizeof wld, "%d-%d-%d", p->wins, p->losses, p->draws);
        if (p->rated)
            snprintf (interval, sizeof interval, "[%s, %s]",
                      elo_text (p->low, b, sizeof b),
                      elo_text (p->high, c, sizeof c));
        else
            snprintf (interval, sizeof interval, "-");
        fprintf (out, "  %4d %-14s %7s %18s %5d %11s %6.1f %5.1f%% "
                 "c%d t%d i%d\n",
                 k + 1, tour_spec_strategy (spec, order[k])->name,
                 p->rated ? elo_text (p->rating, a, sizeof a) : "-", interval,
                 p->games, wld, p->points,
                 p->games ? 100.0 * p->points / p->games : 0.0,
                 p->forfeits.crashes, p->forfeits.timeouts,
                 p->forfeits.illegal);
    }
    return ferror (out) ? -1 : 0;
}

/*  A CSV field: quoted when it holds a comma, quote or line break. */
static void
csv_text (FILE *out, const char *s)
{
    if (!strpbrk (s, ",\"\r\n")) {
        fputs (s, out);
        return;
    }
    fputc ('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc ('"', out);
        fputc (*s, out);
    }
    fputc ('"', out);
}

/*  A number for CSV and JSON: NAN and infinities have no number. */
static void
number (FILE *out, double v, const char *none)
{
    if (isfinite (v))
        fprintf (out, "%.6g", v);
    else if (isinf (v) && none[0] == 0)
        fputs (v > 0 ? "inf" : "-inf", out);
    else
        fputs (none, out);
}

static int
write_ratings_csv (const tour_spec_t *spec, const tour_results_t *r, FILE *out)
{
    fprintf (out, "rank,name,rating,se,low,high,games,wins,losses,draws,"
             "points,score,crashes,timeouts,illegal,ruleset,tables_hash,"
             "tournament\n");
    int order[TOUR_SPEC_MAX_STRATEGIES];
    rank_order (spec, r, order);
    for (int k = 0; k < tour_spec_strategy_count (spec); k++) {
        const tour_results_player_t *p = tour_results_player (r, order[k]);
        fprintf (out, "%d,", k + 1);
        csv_text (out, tour_spec_strategy (spec, order[k])->name);
        fputc (',', out);
        number (out, p->rated ? p->rating : NAN, "");
        fputc (',', out);
        number (out, p->rated ? p->se : NAN, "");
        fputc (',', out);
        number (out, p->rated ? p->low : NAN, "");
        fputc (',', out);
        number (out, p->rated ? p->high : NAN, "");
        fprintf (out, ",%d,%d,%d,%d,%.1f,", p->games, p->wins, p->losses,
                 p->draws, p->points);
        number (out, p->games ? p->points / p->games : NAN, "");
        fprintf (out, ",%d,%d,%d,", p->forfeits.crashes,
                 p->forfeits.timeouts, p->forfeits.illegal);
        csv_text (out, tour_spec_ruleset (spec));
        /* the tables its table layer played by */
        fprintf (out, ",%s,", tour_spec_strategy_tables (spec, order[k]));
        csv_text (out, tour_spec_name (spec));
        fputc ('\n', out);
    }
    return ferror (out) ? -1 : 0;
}

static int
write_pairings_csv (const tour_spec_t *spec, const tour_results_t *r,
                    FILE *out)
{
    fprintf (out, "first,second,games,wins,losses,draws,points,score,elo,"
             "elo_low,elo_high,los,pairs_0,pairs_0.5,pairs_1,pairs_1.5,"
             "pairs_2,crashes_first,timeouts_first,illegal_first,"
             "crashes_second,timeouts_second,illegal_second,llr,sprt,"
             "stopped_after_pairs,ruleset,tables_hash,tournament,tables_first,"
             "tables_second\n");
    for (int i = 0; i < tour_results_pairing_count (r); i++) {
        const tour_results_pairing_t *p = tour_results_pairing (r, i);
        csv_text (out, tour_spec_strategy (spec, p->first)->name);
        fputc (',', out);
        csv_text (out, tour_spec_strategy (spec, p->second)->name);
        fprintf (out, ",%d,%d,%d,%d,%.1f,", p->games, p->wins, p->losses,
                 p->draws, p->points);
        number (out, p->games ? p->points / p->games : NAN, "");
        fputc (',', out);
        number (out, p->has_elo ? p->elo.elo : NAN, "");
        fputc (',', out);
        number (out, p->has_elo ? p->elo.elo_low : NAN, "");
        fputc (',', out);
        number (out, p->has_elo ? p->elo.elo_high : NAN, "");
        fputc (',', out);
        number (out, p->los, "");
        for (int k = 0; k < TOUR_STATS_PENTA; k++)
            fprintf (out, ",%d", p->penta[k]);
        for (int k = 0; k < 2; k++)
            fprintf (out, ",%d,%d,%d", p->forfeits[k].crashes,
                     p->forfeits[k].timeouts, p->forfeits[k].illegal);
        fputc (',', out);
        if (tour_spec_has_sprt (spec))
            number (out, p->llr, "");
        fprintf (out, ",%s,",
                 !tour_spec_has_sprt (spec) ? ""
                 : p->stopped_at >= 0
                     ? tour_stats_sprt_verdict_name (p->verdict)
                     : "undecided");
        if (p->stopped_at >= 0)
            fprintf (out, "%d", p->stopped_at);
        fputc (',', out);
        csv_text (out, tour_spec_ruleset (spec));
        fprintf (out, ",%s,", tour_spec_tables (spec)->hash);
        csv_text (out, tour_spec_name (spec));
        fprintf (out, ",%s,%s\n", tour_spec_strategy_tables (spec, p->first),
                 tour_spec_strategy_tables (spec, p->second));
    }
    return ferror (out) ? -1 : 0;
}

static void
json_string (FILE *out, const char *s)
{
    fputc ('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char) *s;
        if (ch == '"' || ch == '\\')
            fprintf (out, "\\%c", ch);
        else if (ch == '\n')
            fputs ("\\n", out);
        else if (ch < 0x20)
            fprintf (out, "\\u%04x", ch);
        else
            fputc (ch, out);
    }
    fputc ('"', out);
}

static void
json_forfeits (FILE *out, const tour_results_forfeits_t *f)
{
    fprintf (out, "{\"crashes\": %d, \"timeouts\": %d, \"illegal\": %d}",
             f->crashes, f->timeouts, f->illegal);
}

static int
write_json (const tour_spec_t *spec, const tour_results_t *r, FILE *out)
{
    fprintf (out, "{\n  \"tournament\": {\"name\": ");
    json_string (out, tour_spec_name (spec));
    fprintf (out,
             ", \"id\": \"%s\", \"format\": \"%s\", "
             "\"games_per_pairing\": %d,\n    \"ruleset\": ",
             tour_spec_id (spec),
             tour_spec_format_name (tour_spec_format (spec)),
             tour_spec_games (spec));
    json_string (out, tour_spec_ruleset (spec));
    fprintf (out, ", \"tables_hash\": \"%s\",\n    \"scenarios\": [",
             tour_spec_tables (spec)->hash);
    for (int i = 0; i < tour_spec_scenario_count (spec); i++) {
        fprintf (out, "%s{\"name\": ", i ? ", " : "");
        json_string (out, tour_spec_scenario (spec, i)->name);
        fprintf (out, ", \"hash\": \"%s\"}",
                 tour_spec_scenario (spec, i)->hash);
    }
    fprintf (out, "],\n    \"sprt\": ");
    if (tour_spec_has_sprt (spec)) {
        const tour_stats_sprt_t *s = tour_spec_sprt (spec);
        fprintf (out,
                 "{\"elo0\": %g, \"elo1\": %g, \"alpha\": %g, \"beta\": "
                 "%g, \"lower\": %.6g, \"upper\": %.6g}",
                 s->elo0, s->elo1, s->alpha, s->beta,
                 tour_stats_sprt_lower (s), tour_stats_sprt_upper (s));
    }
    else
        fprintf (out, "null");
    fprintf (out,
             "},\n  \"games\": {\"stored\": %d, \"counted\": %d, "
             "\"planned\": %d},\n  \"pairings\": [",
             tour_results_games_stored (r), tour_results_games_counted (r),
             tour_results_games_planned (r));
    for (int i = 0; i < tour_results_pairing_count (r); i++) {
        const tour_results_pairing_t *p = tour_results_pairing (r, i);
        fprintf (out, "%s\n    {\"first\": ", i ? "," : "");
        json_string (out, tour_spec_strategy (spec, p->first)->name);
        fprintf (out, ", \"second\": ");
        json_string (out, tour_spec_strategy (spec, p->second)->name);
        fprintf (out, ", \"tables_first\": \"%s\", \"tables_second\": "
                 "\"%s\"", tour_spec_strategy_tables (spec, p->first),
                 tour_spec_strategy_tables (spec, p->second));
        fprintf (out, ", \"games\": %d, \"wins\": %d, \"losses\": %d, "
                 "\"draws\": %d, \"points\": %.1f, \"score\": ", p->games,
                 p->wins, p->losses, p->draws, p->points);
        number (out, p->games ? p->points / p->games : NAN, "null");
        fprintf (out, ",\n     \"elo\": ");
        number (out, p->has_elo ? p->elo.elo : NAN, "null");
        fprintf (out, ", \"elo_low\": ");
        number (out, p->has_elo ? p->elo.elo_low : NAN, "null");
        fprintf (out, ", \"elo_high\": ");
        number (out, p->has_elo ? p->elo.elo_high : NAN, "null");
        fprintf (out, ", \"los\": ");
        number (out, p->los, "null");
        fprintf (out, ", \"pentanomial\": [%d, %d, %d, %d, %d],\n     "
                 "\"forfeits_first\": ", p->penta[0], p->penta[1],
                 p->penta[2], p->penta[3], p->penta[4]);
        json_forfeits (out, &p->forfeits[0]);
        fprintf (out, ", \"forfeits_second\": ");
        json_forfeits (out, &p->forfeits[1]);
        fprintf (out, ",\n     \"sprt\": ");
        if (tour_spec_has_sprt (spec)) {
            fprintf (out, "{\"llr\": ");
            number (out, p->llr, "null");
            fprintf (out, ", \"verdict\": \"%s\", \"stopped_after_pairs\": ",
                     p->stopped_at >= 0
                         ? tour_stats_sprt_verdict_name (p->verdict)
                         : "undecided");
            if (p->stopped_at >= 0)
                fprintf (out, "%d}", p->stopped_at);
            else
                fprintf (out, "null}");
        }
        else
            fprintf (out, "null");
        fprintf (out, "}");
    }
    fprintf (out, "\n  ],\n  \"prior_draws\": %g,\n  \"ratings\": [",
             tour_results_prior (r));
    int order[TOUR_SPEC_MAX_STRATEGIES];
    rank_order (spec, r, order);
    for (int k = 0; k < tour_spec_strategy_count (spec); k++) {
        const tour_results_player_t *p = tour_results_player (r, order[k]);
        fprintf (out, "%s\n    {\"rank\": %d, \"name\": ", k ? "," : "",
                 k + 1);
        json_string (out, tour_spec_strategy (spec, order[k])->name);
        fprintf (out, ", \"tables_hash\": \"%s\", \"rating\": ",
                 tour_spec_strategy_tables (spec, order[k]));
        number (out, p->rated ? p->rating : NAN, "null");
        fprintf (out, ", \"se\": ");
        number (out, p->rated ? p->se : NAN, "null");
        fprintf (out, ", \"low\": ");
        number (out, p->rated ? p->low : NAN, "null");
        fprintf (out, ", \"high\": ");
        number (out, p->rated ? p->high : NAN, "null");
        fprintf (out, ",\n     \"games\": %d, \"wins\": %d, \"losses\": %d, "
                 "\"draws\": %d, \"points\": %.1f, \"forfeits\": ", p->games,
                 p->wins, p->losses, p->draws, p->points);
        json_forfeits (out, &p->forfeits);
        fprintf (out, "}");
    }
    fprintf (out, "\n  ]\n}\n");
    return ferror (out) ? -1 : 0;
}

/*  XML text: & < > and quotes escaped. */
static void
xml_text (FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs ("&amp;", out); break;
        case '<': fputs ("&lt;", out); break;
        case '>': fputs ("&gt;", out); break;
        case '"': fputs ("&quot;", out); break;
        default: fputc (*s, out);
        }
}

/*  A step for axis ticks: 1, 2 or 5 times a power of ten, about a
 *  sixth of the span. */
static double
tick_step (double span)
{
    double raw = span / 6, p = pow (10, floor (log10 (raw)));
    double m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/*  Pixels allowed a character of 13 px sans-serif in the plot's labels:
 *  more than most fonts take, so that no label is cut at the edge. */
#define SVG_CHAR_PX 8

static int
write_svg (const tour_spec_t *spec, const tour_results_t *r, FILE *out)
{
    int n = tour_spec_strategy_count (spec);
    int order[TOUR_SPEC_MAX_STRATEGIES];
    rank_order (spec, r, order);
    double lo = -50, hi = 50;
    int rated = 0;
    for (int i = 0; i < n; i++) {
        const tour_results_player_t *p = tour_results_player (r, i);
        if (!p->rated)
            continue;
        rated++;
        lo = fmin (lo, p->low);
        hi = fmax (hi, p->high);
    }
    double step = tick_step (hi - lo);
    lo = floor (lo / step) * step;
    hi = ceil (hi / step) * step;
    /* room for every label, at a generous width a character (the
       viewer's sans-serif is unknown): the names left of the plot, each
       rating and its interval right of it, the title and the line under
       it above */
    int name_chars = 0, value_chars = 0;
    for (int i = 0; i < n; i++) {
        const tour_results_player_t *p = tour_results_player (r, i);
        int len = (int) strlen (tour_spec_strategy (spec, i)->name);
        name_chars = len > name_chars ? len : name_chars;
        char v[64];
        len = p->rated ? snprintf (v, sizeof v, "%+.1f +- %.1f", p->rating,
                                   TOUR_STATS_Z95 * p->se)
                       : (int) strlen ("not rated");
        value_chars = len > value_chars ? len : value_chars;
    }
    char subtitle[256];
    snprintf (subtitle, sizeof subtitle, "%s, tables %s; Bradley-Terry fit, "
              "mean 0, 95%% intervals; %d games", tour_spec_ruleset (spec),
              tour_spec_tables (spec)->hash, tour_results_games_counted (r));
    const int top = 70, row = 28, plot_width = 480;
    int left = 30 + SVG_CHAR_PX * name_chars;
    left = left < 170 ? 170 : left;
    int right = 20 + SVG_CHAR_PX * value_chars;
    right = right < 110 ? 110 : right;
    int width = left + plot_width + right;
    int title = 20 + (SVG_CHAR_PX + 2) * (int) (strlen ("Ratings: ")
                                                + strlen (tour_spec_name (spec)));
    int under = 20 + SVG_CHAR_PX * (int) strlen (subtitle);
    width = width < title ? title : width;
    width = width < under ? under : width;
    int height = top + row * (n > 0 ? n : 1) + 50;
    double plot = plot_width;
#define X(v) (left + ((v) - lo) / (hi - lo) * plot)
    fprintf (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
             "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
             "font-size=\"13\">\n", width, height, width, height);
    fprintf (out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf (out, "<text x=\"20\" y=\"24\" font-size=\"16\" "
             "font-weight=\"bold\">Ratings: ");
    xml_text (out, tour_spec_name (spec));
    fprintf (out, "</text>\n<text x=\"20\" y=\"44\" fill=\"#555\">");
    xml_text (out, subtitle);
    fprintf (out, "</text>\n");
    /* the axis */
    int axis_y = top + row * (n > 0 ? n : 1) + 8;
    fprintf (out, "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
             "stroke=\"#000\"/>\n", left, axis_y, left + plot, axis_y);
    for (double v = lo; v <= hi + step / 2; v += step) {
        fprintf (out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                 "stroke=\"#ddd\"/>\n", X (v), top - 10, X (v), axis_y);
        fprintf (out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+g"
                 "</text>\n", X (v), axis_y + 18, fabs (v) < step / 1e6
                 ? 0.0 : v);
    }
    fprintf (out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
             "stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n", X (0), top - 10,
             X (0), axis_y);
    fprintf (out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" "
             "fill=\"#555\">Elo</text>\n", left + plot / 2, axis_y + 36);
    for (int k = 0; k < n; k++) {
        const tour_results_player_t *p = tour_results_player (r, order[k]);
        int y = top + row * k + row / 2;
        fprintf (out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">",
                 left - 10, y + 4);
        xml_text (out, tour_spec_strategy (spec, order[k])->name);
        fprintf (out, "</text>\n");
        if (!p->rated) {
            fprintf (out, "<text x=\"%d\" y=\"%d\" fill=\"#888\">not rated"
                     "</text>\n", left + 4, y + 4);
            continue;
        }
        fprintf (out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                 "stroke=\"#246\" stroke-width=\"2\"/>\n", X (p->low), y,
                 X (p->high), y);
        fprintf (out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                 "stroke=\"#246\" stroke-width=\"2\"/>\n<line x1=\"%.1f\" "
                 "y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#246\" "
                 "stroke-width=\"2\"/>\n", X (p->low), y - 6, X (p->low),
                 y + 6, X (p->high), y - 6, X (p->high), y + 6);
        fprintf (out, "<circle cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"#c30\"/>"
                 "\n", X (p->rating), y);
        fprintf (out, "<text x=\"%.1f\" y=\"%d\">%+.1f &#177; %.1f</text>\n",
                 left + plot + 10, y + 4, p->rating, TOUR_STATS_Z95 * p->se);
    }
#undef X
    if (rated == 0)
        fprintf (out, "<text x=\"%d\" y=\"%d\" fill=\"#888\">no ratings yet"
                 "</text>\n", left, top);
    fprintf (out, "</svg>\n");
    return ferror (out) ? -1 : 0;
}

int
tour_report_write (const tour_spec_t *spec, const tour_results_t *results,
                   tour_report_format_t format, FILE *out)
{
    switch (format) {
    case TOUR_REPORT_TEXT: return write_text (spec, results, out);
    case TOUR_REPORT_CSV: return write_ratings_csv (spec, results, out);
    case TOUR_REPORT_PAIRINGS_CSV:
        return write_pairings_csv (spec, results, out);
    case TOUR_REPORT_JSON: return write_json (spec, results, out);
    case TOUR_REPORT_SVG: return write_svg (spec, results, out);
    default: return -1;
    }
}
