/*  bench_eval.c - how well the value of a position (ai/evaluate.h)
 *  predicts who wins, and the weights that would predict it best.
 *
 *  usage: bench_eval [--tables FILE]... --scenario FILE... [--battles N]
 *                    [--a "NAME PARAMS"] [--b "NAME PARAMS"] [--seed S]
 *                    [--l2 L] [--nonnegative] [--save FILE]
 *                    [--load FILE]...
 *  Plays N battles (default 2000) of each scenario, every scenario of one
 *  ruleset, A (default "table") as blue and B (default "table") as red,
 *  and notes the terms of the position (evaluate_terms) at the first
 *  decision of every turn and who won in the end.  The battles of even
 *  number fit a logistic model of the result on the weighed terms
 *  (Newton's method, an L2 penalty L on the weights, default 1; each
 *  position also counted from the other side, so the model is the same
 *  for both); the battles of odd number test it.  Prints, on the test
 *  battles, the log loss and the Brier score of the weights now in
 *  ai/evaluate.c for this ruleset, of the default set, and of the fitted
 *  ones (first with the fire to come held at 0, to say what that term
 *  adds, then with every term), then the fitted weights as a line for
 *  ai/evaluate.c's table.
 *  --nonnegative fits every weight at 0 or above (fit_nonnegative).
 *  --save FILE writes every position, loaded or noted (its terms, the
 *  result, fit or test), to FILE, a line each after a first line that
 *  names the ruleset; --load FILE (again for more files) adds a saved
 *  file's positions before any battle is played, so battles played by
 *  several processes at once, on their own seeds, are fitted together
 *  (--battles 0: the loaded positions alone).  A file saved under
 *  another ruleset is refused.
 *
 *  Command reach is not fitted (the tables play commanded units as any
 *  other): every set keeps its own weight for it.  Nor are the
 *  objectives near (set by hand where a set has them, evaluate.c): the
 *  fit holds them at their weight.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle.h"
#include "bench_rules.h"
#include "evaluate.h"

#define TERMS 10           /* the weights fitted, in evaluate_weights_t
                              order: lost, lost2, wounded, risk, broken,
                              broken2, held_late, time_late,
                              favoured_broken, threat */

static int
usage (void)
{
    fprintf (stderr, "usage: bench_eval [--tables FILE]... --scenario FILE"
             "... [--battles N] [--a \"NAME PARAMS\"] [--b \"NAME PARAMS\"] "
             "[--seed S] [--l2 L] [--nonnegative] [--save FILE] "
             "[--load FILE]...\n");
    return 2;
}

/*  One position: its terms and the final result for blue (1, 1/2, 0). */
typedef struct {
    evaluate_terms_t t;
    double result;
    bool test;
} sample_t;

typedef struct {
    sample_t *s;
    int count, cap;
    bool failed;
} samples_t;

#define SAMPLES_MAX_LOADS 16       /* --load files at most */
#define SAMPLE_HEAD 3              /* fit or test, result, progress */
#define SAMPLE_TERMS 9             /* evaluate_terms_t's terms a side */
#define SAMPLE_FIELDS (SAMPLE_HEAD + SAMPLE_TERMS * SIDE_COUNT)
                                   /* numbers on a saved line */

/*  A new sample at the end of ss, or NULL out of memory (ss->failed). */
static sample_t *
samples_push (samples_t *ss)
{
    if (ss->count == ss->cap) {
        int cap = ss->cap ? 2 * ss->cap : 4096;
        sample_t *grown = realloc (ss->s, (size_t) cap * sizeof *grown);
        if (!grown) {
            ss->failed = true;
            return NULL;
        }
        ss->s = grown;
        ss->cap = cap;
    }
    return &ss->s[ss->count++];
}

/*  A sample's numbers in the order of a saved line: fit or test, the
 *  result for blue, the share of turns played, then each term of
 *  evaluate_terms_t side by side.  `write` copies x into v, else v
 *  into x. */
static void
sample_fields (sample_t *x, double *v, bool write)
{
    double *terms[SAMPLE_TERMS] = { x->t.lost, x->t.wounded, x->t.risk,
                                    x->t.reach, x->t.broken, x->t.held,
                                    x->t.on_time, x->t.threat, x->t.near };
    /* a term added to evaluate_terms_t must be added here too */
    _Static_assert (sizeof (evaluate_terms_t)
                    == (SAMPLE_TERMS * SIDE_COUNT + 1) * sizeof (double),
                    "every term of evaluate_terms_t is saved");
    double test = x->test;
    double *head[SAMPLE_HEAD] = { &test, &x->result, &x->t.progress };
    int k = 0;
    for (int i = 0; i < SAMPLE_HEAD; i++, k++)
        if (write)
            v[k] = *head[i];
        else
            *head[i] = v[k];
    for (int i = 0; i < SAMPLE_TERMS; i++)
        for (int side = 0; side < SIDE_COUNT; side++, k++)
            if (write)
                v[k] = terms[i][side];
            else
                terms[i][side] = v[k];
    if (!write)
        x->test = test != 0;
}

/*  Write every sample to `path`: "# RULESET", then a line of
 *  SAMPLE_FIELDS numbers a sample.  0, or -1 with the reason on stderr. */
static int
samples_save (const samples_t *ss, const char *ruleset, const char *path)
{
    FILE *f = fopen (path, "w");
    if (!f) {
        perror (path);
        return -1;
    }
    fprintf (f, "# %s\n", ruleset);
    for (int i = 0; i < ss->count; i++) {
        double v[SAMPLE_FIELDS];
        sample_fields (&ss->s[i], v, true);
        for (int k = 0; k < SAMPLE_FIELDS; k++)
            fprintf (f, "%.17g%c", v[k], k + 1 < SAMPLE_FIELDS ? ' ' : '\n');
    }
    if (fclose (f) != 0) {
        perror (path);
        return -1;
    }
    return 0;
}

/*  Add the samples saved in `path` to ss.  0, or -1 with the file and
 *  line at fault on stderr (a first line naming another ruleset than
 *  `ruleset`, a line of other than SAMPLE_FIELDS finite numbers, a
 *  result outside 0..1). */
static int
samples_load (samples_t *ss, const char *ruleset, const char *path)
{
    FILE *f = fopen (path, "r");
    if (!f) {
        perror (path);
        return -1;
    }
    char line[4096];
    int rc = 0;
    for (int n = 1; fgets (line, sizeof line, f); n++) {
        if (n == 1) {
            line[strcspn (line, "\n")] = '\0';
            if (strncmp (line, "# ", 2) != 0
                || strcmp (line + 2, ruleset) != 0) {
                fprintf (stderr, "bench_eval: %s:1: \"%s\" where positions "
                         "of %s begin \"# %s\"\n", path, line, ruleset,
                         ruleset);
                rc = -1;
                break;
            }
            continue;
        }
        double v[SAMPLE_FIELDS];
        char *p = line, *end;
        int k = 0;
        for (; k < SAMPLE_FIELDS; k++, p = end) {
            v[k] = strtod (p, &end);
            if (end == p || !isfinite (v[k]))
                break;
        }
        while (*p == ' ' || *p == '\n')
            p++;
        if (k < SAMPLE_FIELDS || *p || !(v[1] >= 0 && v[1] <= 1)) {
            fprintf (stderr, "bench_eval: %s:%d: not a saved position (%d "
                     "finite numbers, the result 0..1)\n", path, n,
                     SAMPLE_FIELDS);
            rc = -1;
            break;
        }
        sample_t *x = samples_push (ss);
        if (!x) {
            fprintf (stderr, "bench_eval: out of memory\n");
            rc = -1;
            break;
        }
        sample_fields (x, v, false);
    }
    fclose (f);
    return rc;
}

/*  A side's strategy as the battle's outside decider, noting the
 *  position at the first decision of each turn. */
typedef struct {
    strategy_t *strategy;
    samples_t *samples;
    int *last_turn;          /* shared by both sides of the battle */
    bool test;
} decider_t;

static int
decide (void *arg, const game_t *g, int side, const int *units, int n,
        strategy_decision_t *out, char *err, int errlen)
{
    (void) err;
    (void) errlen;
    decider_t *d = arg;
    if (game_turn (g) != *d->last_turn) {
        *d->last_turn = game_turn (g);
        sample_t *x = samples_push (d->samples);
        if (!x)
            return -1;
        evaluate_terms (g, &x->t);
        x->test = d->test;
    }
    strategy_decide (d->strategy, g, side, units, n, out);
    return 0;
}

/*  The fitted terms of sample x from `side`'s point of view, in
 *  evaluate_weights_t's order (the harm terms the enemy's less its own). */
static void
features (const evaluate_terms_t *t, int side, double *f)
{
    int e = 1 - side;
    f[0] = t->lost[e] - t->lost[side];
    f[1] = t->lost[e] * t->lost[e] - t->lost[side] * t->lost[side];
    f[2] = t->wounded[e] - t->wounded[side];
    f[3] = t->risk[e] - t->risk[side];
    f[4] = t->broken[e] - t->broken[side];
    f[5] = t->broken[e] * t->broken[e] - t->broken[side] * t->broken[side];
    f[6] = t->progress * (t->held[side] - t->held[e]);
    f[7] = t->progress * (t->on_time[side] - t->on_time[e]);
    f[8] = t->on_time[e] * t->broken[e] - t->on_time[side] * t->broken[side];
    f[9] = t->threat[side] - t->threat[e];
}

static void
weights_vector (const evaluate_weights_t *w, double *v)
{
    double x[TERMS] = { w->lost, w->lost2, w->wounded, w->risk, w->broken,
                        w->broken2, w->held_late, w->time_late,
                        w->favoured_broken, w->threat };
    memcpy (v, x, sizeof x);
}

/*  The weights `hand` with the fitted ones taken from v (weights_vector's
 *  order): the other way from weights_vector. */
static evaluate_weights_t
weights_with (const evaluate_weights_t *hand, const double *v)
{
    evaluate_weights_t w = *hand;
    w.lost = v[0];
    w.lost2 = v[1];
    w.wounded = v[2];
    w.risk = v[3];
    w.broken = v[4];
    w.broken2 = v[5];
    w.held_late = v[6];
    w.time_late = v[7];
    w.favoured_broken = v[8];
    w.threat = v[9];
    return w;
}

/*  z of sample x for `side` under weights v and the weights `hand` sets
 *  by hand (command reach and the objectives near, not fitted): the
 *  value's own evaluate_z with a balanced personality, whose z is
 *  linear in the fitted weights with features() as their coefficients.
 *  f gets its features, y the result for `side`. */
static double
sample_z (const sample_t *x, int side, const double *v,
          const evaluate_weights_t *hand, double *f, double *y)
{
    features (&x->t, side, f);
    evaluate_weights_t w = weights_with (hand, v);
    static const commander_personality_t balanced = { 0.5, 0.5 };
    *y = side == 0 ? x->result : 1.0 - x->result;
    return evaluate_z (&x->t, side, &w, &balanced);
}

/*  Log loss and Brier score of weights v (and those `hand` sets) on the
 *  test samples, from both sides. */
static void
score (const samples_t *ss, const double *v, const evaluate_weights_t *hand,
       double *logloss, double *brier)
{
    double ll = 0, br = 0;
    long n = 0;
    for (int i = 0; i < ss->count; i++) {
        if (!ss->s[i].test)
            continue;
        for (int side = 0; side < SIDE_COUNT; side++) {
            double f[TERMS], y;
            double z = sample_z (&ss->s[i], side, v, hand, f, &y);
            double p = 1.0 / (1.0 + exp (-z));
            p = fmin (1 - 1e-9, fmax (1e-9, p));
            ll -= y * log (p) + (1 - y) * log (1 - p);
            br += (p - y) * (p - y);
            n++;
        }
    }
    *logloss = n ? ll / n : 0;
    *brier = n ? br / n : 0;
}

/*  Solve a x = b (TERMS unknowns) by Gaussian elimination with partial
 *  pivoting; false when singular. */
static bool
solve (double a[TERMS][TERMS], double *b, double *x)
{
    for (int c = 0; c < TERMS; c++) {
        int p = c;
        for (int r = c + 1; r < TERMS; r++)
            if (fabs (a[r][c]) > fabs (a[p][c]))
                p = r;
        if (fabs (a[p][c]) < 1e-12)
            return false;
        for (int k = 0; k < TERMS; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
        }
        double t = b[c];
        b[c] = b[p];
        b[p] = t;
        for (int r = c + 1; r < TERMS; r++) {
            double m = a[r][c] / a[c][c];
            for (int k = c; k < TERMS; k++)
                a[r][k] -= m * a[c][k];
            b[r] -= m * b[c];
        }
    }
    for (int c = TERMS - 1; c >= 0; c--) {
        double s = b[c];
        for (int k = c + 1; k < TERMS; k++)
            s -= a[c][k] * x[k];
        x[c] = s / a[c][c];
    }
    return true;
}

/*  Fit v by Newton's method on the training samples (both sides), with
 *  penalty l2 * |v|^2 / 2; the terms `hand` sets offsets at its weights.  The
 *  weights marked in `zero` stay 0.  A singular system ends it where it
 *  stands. */
static void
fit (const samples_t *ss, const evaluate_weights_t *hand, double l2,
     const bool *zero, double *v)
{
    memset (v, 0, TERMS * sizeof *v);
    for (int iter = 0; iter < 50; iter++) {
        double h[TERMS][TERMS], g[TERMS];
        memset (h, 0, sizeof h);
        for (int k = 0; k < TERMS; k++) {
            g[k] = l2 * v[k];
            h[k][k] = l2 > 0 ? l2 : 1e-9;
        }
        for (int i = 0; i < ss->count; i++) {
            if (ss->s[i].test)
                continue;
            for (int side = 0; side < SIDE_COUNT; side++) {
                double f[TERMS], y;
                double z = sample_z (&ss->s[i], side, v, hand, f, &y);
                double p = 1.0 / (1.0 + exp (-z));
                for (int k = 0; k < TERMS; k++) {
                    g[k] += (p - y) * f[k];
                    for (int j = 0; j < TERMS; j++)
                        h[k][j] += p * (1 - p) * f[k] * f[j];
                }
            }
        }
        /* a weight held at 0: its row and column the identity, no step */
        for (int k = 0; k < TERMS; k++)
            if (zero[k]) {
                for (int j = 0; j < TERMS; j++)
                    h[k][j] = h[j][k] = 0;
                h[k][k] = 1;
                g[k] = 0;
            }
        double step[TERMS];
        if (!solve (h, g, step))
            return;
        double most = 0;
        for (int k = 0; k < TERMS; k++) {
            v[k] -= step[k];
            most = fmax (most, fabs (step[k]));
        }
        if (most < 1e-7)
            return;
    }
}

/*  Fit v with every weight at least 0: a value the search maximises
 *  must never reward a side for its own losses or its nearness to
 *  breaking, nor count against it the objectives it holds or the time
 *  limit on its side, however the battles correlate them (a free fit
 *  gave Empire of Liberty's objectives held late a weight of -0.99 and
 *  europe19's time limit -3.23, and a search follows such a sign).  The
 *  most negative weight is held at 0 and the rest fitted again, until
 *  none is negative (at the latest when all are held at 0). */
static void
fit_nonnegative (const samples_t *ss, const evaluate_weights_t *hand,
                 double l2, const bool *held, double *v)
{
    bool zero[TERMS];
    memcpy (zero, held, sizeof zero);
    for (;;) {
        fit (ss, hand, l2, zero, v);
        int worst = -1;
        for (int k = 0; k < TERMS; k++)
            if (!zero[k] && v[k] < 0 && (worst < 0 || v[k] < v[worst]))
                worst = k;
        if (worst < 0)
            return;
        zero[worst] = true;
    }
}

/*  A fitted set as a line of evaluate.c's table, both sets printed so
 *  either can be taken: command and approach are not fitted and keep
 *  the weights of the set in use. */
static void
print_weights (const char *ruleset, const evaluate_weights_t *now,
               const double v[TERMS])
{
    printf ("    { .ruleset = \"%s\", .lost = %.2f, .lost2 = %.2f,\n"
            "      .wounded = %.2f, .risk = %.2f, .broken = %.2f, "
            ".broken2 = %.2f,\n      .held_late = %.2f, .time_late = %.2f, "
            ".favoured_broken = %.2f, .command = %.2f,\n"
            "      .threat = %.2f, .approach = %.2f },\n", ruleset, v[0],
            v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], now->command,
            v[9], now->approach);
}

int
main (int argc, char **argv)
{
    bench_files_t files = { .ntables = 0 };
    const char *aspec = "table", *bspec = "table";
    int battles = 2000;
    uint64_t seed = 1;
    double l2 = 1.0;
    bool nonnegative = false;
    const char *save = NULL, *loads[SAMPLES_MAX_LOADS];
    int nloads = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp (argv[i], "--nonnegative") == 0) {
            nonnegative = true;
            continue;
        }
        if (i + 1 >= argc)
            return usage ();
        if (bench_files_option (&files, argv, &i))
            continue;
        if (strcmp (argv[i], "--battles") == 0)
            battles = atoi (argv[++i]);
        else if (strcmp (argv[i], "--a") == 0)
            aspec = argv[++i];
        else if (strcmp (argv[i], "--b") == 0)
            bspec = argv[++i];
        else if (strcmp (argv[i], "--seed") == 0)
            seed = strtoull (argv[++i], NULL, 10);
        else if (strcmp (argv[i], "--l2") == 0)
            l2 = atof (argv[++i]);
        else if (strcmp (argv[i], "--save") == 0)
            save = argv[++i];
        else if (strcmp (argv[i], "--load") == 0) {
            if (nloads == SAMPLES_MAX_LOADS) {
                fprintf (stderr, "bench_eval: --load: at most %d files\n",
                         SAMPLES_MAX_LOADS);
                return 2;
            }
            loads[nloads++] = argv[++i];
        }
        else
            return usage ();
    }
    if (files.npaths == 0 || !(battles >= 2 || (battles == 0 && nloads > 0))
        || !(l2 >= 0))
        return usage ();
    static rules_set_t set;
    char err[512];
    if (rules_set_add_files (&set, files.tables, files.ntables,
                             "bench_eval") < 0)
        return 1;
    scenario_t *scenarios[MAX_SCENARIOS];
    const game_rules_t *rules[MAX_SCENARIOS];
    const char *ruleset = NULL;
    for (int i = 0; i < files.npaths; i++) {
        scenarios[i] = rules_set_scenario (&set, files.paths[i], &rules[i],
                                           "bench_eval");
        if (!scenarios[i])
            return 1;
        const char *name = ruleset_name (situation_ruleset (
                               scenario_situation (scenarios[i])));
        if (ruleset && strcmp (ruleset, name) != 0) {
            fprintf (stderr, "bench_eval: %s is a scenario of %s, the others "
                     "of %s: one ruleset a fit\n", files.paths[i], name,
                     ruleset);
            return 1;
        }
        ruleset = name;
    }
    char aname[64], bname[64];
    const char *aparams = strchr (aspec, ' '), *bparams = strchr (bspec, ' ');
    snprintf (aname, sizeof aname, "%.*s", (int) (aparams ? aparams - aspec
                                                  : (long) strlen (aspec)),
              aspec);
    snprintf (bname, sizeof bname, "%.*s", (int) (bparams ? bparams - bspec
                                                  : (long) strlen (bspec)),
              bspec);

    samples_t ss = { 0 };
    for (int i = 0; i < nloads; i++)
        if (samples_load (&ss, ruleset, loads[i]) < 0)
            return 1;
    int loaded = ss.count;
    const evaluate_weights_t *now = NULL;
    int wins[SIDE_COUNT] = { 0, 0 }, draws = 0;
    for (int sc = 0; sc < files.npaths; sc++)
        for (int k = 0; k < battles; k++) {
            uint64_t s = seed + (uint64_t) k;
            int last_turn = -1;
            decider_t d[SIDE_COUNT];
            battle_setup_t setup;
            memset (&setup, 0, sizeof setup);
            setup.seed = s;
            for (int side = 0; side < SIDE_COUNT; side++) {
                const char *name = side == 0 ? aname : bname;
                const char *params = side == 0 ? aparams : bparams;
                d[side].strategy = strategy_new (name, params ? params + 1 : "",
                                                 battle_strategy_seed (s, side),
                                                 err, sizeof err);
                if (!d[side].strategy) {
                    fprintf (stderr, "bench_eval: %s\n", err);
                    return 1;
                }
                d[side].samples = &ss;
                d[side].last_turn = &last_turn;
                d[side].test = k % 2 == 1;
                setup.strategy[side] = name;
                setup.decide[side] = decide;
                setup.decide_arg[side] = &d[side];
            }
            int first = ss.count;
            battle_result_t r;
            int rc = battle_play (rules[sc], scenarios[sc], &setup, &r, NULL,
                                  err, sizeof err);
            for (int side = 0; side < SIDE_COUNT; side++)
                strategy_destroy (&d[side].strategy);
            if (rc < 0 || ss.failed) {
                fprintf (stderr, "bench_eval: %s\n", ss.failed
                         ? "out of memory" : err);
                return 1;
            }
            double blue = r.result.winner == 0 ? 1.0
                        : r.result.winner < 0 ? 0.5 : 0.0;
            if (r.result.winner >= 0)
                wins[r.result.winner]++;
            else
                draws++;
            for (int i = first; i < ss.count; i++)
                ss.s[i].result = blue;
        }
    if (save && samples_save (&ss, ruleset, save) < 0)
        return 1;
    {
        /* the weights the search uses now for this ruleset */
        game_t *g = game_new (rules[0], scenarios[0], err, sizeof err);
        if (!g) {
            fprintf (stderr, "bench_eval: %s\n", err);
            return 1;
        }
        now = evaluate_weights_of (g);
        game_destroy (&g);
    }
    const evaluate_weights_t *fallback = NULL;
    for (int i = 0; evaluate_weights_at (i); i++)
        fallback = evaluate_weights_at (i);

    printf ("%s: %d scenario%s, %d battles each (%s as blue, %s as red): blue "
            "won %d, red %d, draws %d; %d positions (turn starts; %d of "
            "them loaded), half of the battles to fit, half to test\n",
            ruleset, files.npaths, files.npaths == 1 ? "" : "s", battles,
            aspec, bspec, wins[0], wins[1], draws, ss.count, loaded);
    double v[TERMS], ll, br;
    weights_vector (now, v);
    score (&ss, v, now, &ll, &br);
    printf ("  weights now (%s): log loss %.4f, Brier %.4f\n",
            now->ruleset ? now->ruleset : "default", ll, br);
    weights_vector (fallback, v);
    score (&ss, v, fallback, &ll, &br);
    printf ("  default weights: log loss %.4f, Brier %.4f\n", ll, br);
    memset (v, 0, sizeof v);
    const evaluate_weights_t none = { .ruleset = NULL };
    score (&ss, v, &none, &ll, &br);
    printf ("  no model (every position 1/2): log loss %.4f, Brier %.4f\n",
            ll, br);
    /* first without the fire to come (the threat weight held at 0), to
       say what that term adds, then with every term */
    bool held[TERMS] = { false };
    held[TERMS - 1] = true;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            held[TERMS - 1] = false;
        if (nonnegative)
            fit_nonnegative (&ss, now, l2, held, v);
        else
            fit (&ss, now, l2, held, v);
        score (&ss, v, now, &ll, &br);
        printf ("  fitted%s: log loss %.4f, Brier %.4f\n",
                pass == 0 ? " without the fire to come" : "", ll, br);
        print_weights (ruleset, now, v);
    }
    free (ss.s);
    for (int i = 0; i < files.npaths; i++)
        scenario_destroy (&scenarios[i]);
    for (int i = 0; i < set.count; i++)
        game_rules_destroy (&set.rules[i]);
    return 0;
}
