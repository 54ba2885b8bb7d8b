/*  commander.c - the commander: settings and presets, the fog of war and
 *  its memory, a whole side's orders, and the `greedy` and `search`
 *  strategies.  */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "acttree.h"
#include "commander.h"
#include "greedy.h"
#include "search.h"

/*  ---- settings ---- */

void
commander_settings_defaults (commander_settings_t *s)
{
    assert (s);
    memset (s, 0, sizeof *s);
    s->algorithm = COMMANDER_SEARCH;
    s->budget_ms = 100;
    s->playouts = 0;
    s->threads = 1;
    s->horizon = 0;
    s->samples = 4;
    s->tree = COMMANDER_TREE_UCT;
    s->exploration = 0.3;
    s->rollout = COMMANDER_ROLLOUT_MIXED;
    /* PGS picks each unit's option on four playouts an option: at the
       budgets the clock gives, a pick of their dice.  Without it,
       against the greedy at each ruleset's 100 ms worth of playouts,
       +2.5 to +11 points on every ruleset (BENCHMARKS.md) */
    s->pgs_share = 0;
    s->confidence = -1;
    s->later_stances = -1;
    s->depth = -1;
    s->fit = -1;
    s->keyed = 1;
    s->seed = 1;
    s->personality.aggression = 0.5;
    s->personality.caution = 0.5;
}

/*  The settings whose value is a count from 0, and those whose value is
 *  a number in a range: a row each, read by the parser and the check. */
static const struct {
    const char *key;
    int most;
    size_t offset;
} count_keys[] = {
    { "worlds", COMMANDER_MAX_WORLDS,
      offsetof (commander_settings_t, worlds) },
    { "keyed", 1, offsetof (commander_settings_t, keyed) },
    { "phases", COMMANDER_MAX_PHASES,
      offsetof (commander_settings_t, phases) },
    { "fog", COMMANDER_MAX_FOG, offsetof (commander_settings_t, fog) } };
#define COUNT_KEYS ((int) (sizeof count_keys / sizeof count_keys[0]))

static const struct {
    const char *key;
    double least, most;
    size_t offset;
} number_keys[] = {
    { "pgs", 0, 1, offsetof (commander_settings_t, pgs_share) },
    { "ascent", 0, 1, offsetof (commander_settings_t, ascent_share) },
    { "confidence", -1, COMMANDER_MAX_CONFIDENCE,
      offsetof (commander_settings_t, confidence) },
    { "exploration", 0, 4, offsetof (commander_settings_t, exploration) },
    { "aggression", 0, 1,
      offsetof (commander_settings_t, personality.aggression) },
    { "caution", 0, 1,
      offsetof (commander_settings_t, personality.caution) } };
#define NUMBER_KEYS ((int) (sizeof number_keys / sizeof number_keys[0]))

int
commander_settings_check (const commander_settings_t *s, char *err,
                          int errlen)
{
    assert (s && err && errlen > 0);
    if (s->algorithm != COMMANDER_SEARCH && s->algorithm != COMMANDER_GREEDY
        && s->algorithm != COMMANDER_ONE_TURN) {
        snprintf (err, errlen, "algorithm: %d is not search, greedy or "
                  "one-turn", (int) s->algorithm);
        return -1;
    }
    if (!(s->budget_ms >= 0 && s->budget_ms <= COMMANDER_MAX_BUDGET_MS)) {
        snprintf (err, errlen, "ms: %g is not in 0..%.0f", s->budget_ms,
                  COMMANDER_MAX_BUDGET_MS);
        return -1;
    }
    if (s->playouts < 0 || s->playouts > COMMANDER_MAX_PLAYOUTS) {
        snprintf (err, errlen, "playouts: %ld is not in 0..%ld", s->playouts,
                  COMMANDER_MAX_PLAYOUTS);
        return -1;
    }
    if (s->budget_ms == 0 && s->playouts == 0) {
        snprintf (err, errlen, "ms and playouts are both 0: the search needs "
                  "a time or a playout budget");
        return -1;
    }
    if (s->threads < 1 || s->threads > COMMANDER_MAX_THREADS) {
        snprintf (err, errlen, "threads: %d is not in 1..%d", s->threads,
                  COMMANDER_MAX_THREADS);
        return -1;
    }
    if (s->horizon < 0 || s->horizon > COMMANDER_MAX_HORIZON) {
        snprintf (err, errlen, "horizon: %d is not in 0..%d", s->horizon,
                  COMMANDER_MAX_HORIZON);
        return -1;
    }
    if ((int) s->tree < COMMANDER_TREE_UCT
        || s->tree > COMMANDER_TREE_HALVING) {
        snprintf (err, errlen, "tree: %d is not uct, naive or halving",
                  (int) s->tree);
        return -1;
    }
    if ((int) s->rollout < COMMANDER_ROLLOUT_SCRIPT
        || s->rollout > COMMANDER_ROLLOUT_MIXED) {
        snprintf (err, errlen, "rollout: %d is not script, both, table or "
                  "mixed", (int) s->rollout);
        return -1;
    }
    /* falling back is a stance PGS gives an enemy, never a setting */
    if ((int) s->stance < COMMANDER_STANCE_PRESS
        || s->stance > COMMANDER_STANCE_HOLD) {
        snprintf (err, errlen, "script: %d is not press, stand or hold",
                  (int) s->stance);
        return -1;
    }
    if (s->later_stances < -1 || s->later_stances > 1) {
        snprintf (err, errlen, "later: %d is not -1, 0 or 1",
                  s->later_stances);
        return -1;
    }
    if (s->fit < -1 || s->fit > 1) {
        snprintf (err, errlen, "fit: %d is not -1, 0 or 1", s->fit);
        return -1;
    }
    if (s->depth < -1 || s->depth > ACTTREE_MAX_DEPTH) {
        snprintf (err, errlen, "depth: %d is not -1 or 0..%d", s->depth,
                  ACTTREE_MAX_DEPTH);
        return -1;
    }
    for (int i = 0; i < COUNT_KEYS; i++) {
        int count;
        memcpy (&count, (const char *) s + count_keys[i].offset, sizeof count);
        if (count < 0 || count > count_keys[i].most) {
            snprintf (err, errlen, "%s: %d is not in 0..%d", count_keys[i].key,
                      count, count_keys[i].most);
            return -1;
        }
    }
    for (int i = 0; i < NUMBER_KEYS; i++) {
        double x;
        memcpy (&x, (const char *) s + number_keys[i].offset, sizeof x);
        if (!(x >= number_keys[i].least && x <= number_keys[i].most)) {
            snprintf (err, errlen, "%s: %g is not in %g..%g",
                      number_keys[i].key, x, number_keys[i].least,
                      number_keys[i].most);
            return -1;
        }
    }
    if (s->samples < 1 || s->samples > 64) {
        snprintf (err, errlen, "samples: %d is not in 1..64", s->samples);
        return -1;
    }
    return 0;
}

static const struct {
    const char *name;
    double budget_ms;
} difficulties[] = {
    { "easy", 25 }, { "normal", 100 }, { "hard", 400 }, { "expert", 1600 } };
#define DIFFICULTY_COUNT ((int) (sizeof difficulties / sizeof difficulties[0]))

static const struct {
    const char *name;
    double aggression, caution;
} personalities[] = {
    { "balanced", 0.5, 0.5 }, { "bold", 0.8, 0.3 }, { "cautious", 0.3, 0.8 },
    { "reckless", 1.0, 0.0 } };
#define PERSONALITY_COUNT \
    ((int) (sizeof personalities / sizeof personalities[0]))

int
commander_difficulty_apply (const char *name, commander_settings_t *s)
{
    for (int i = 0; name && i < DIFFICULTY_COUNT; i++)
        if (strcasecmp (name, difficulties[i].name) == 0) {
            s->budget_ms = difficulties[i].budget_ms;
            s->playouts = 0;
            return 0;
        }
    return -1;
}

int
commander_personality_apply (const char *name, commander_settings_t *s)
{
    for (int i = 0; name && i < PERSONALITY_COUNT; i++)
        if (strcasecmp (name, personalities[i].name) == 0) {
            s->personality.aggression = personalities[i].aggression;
            s->personality.caution = personalities[i].caution;
            return 0;
        }
    return -1;
}

const char *
commander_difficulty_name (int i)
{
    return i >= 0 && i < DIFFICULTY_COUNT ? difficulties[i].name : NULL;
}

const char *
commander_personality_name (int i)
{
    return i >= 0 && i < PERSONALITY_COUNT ? personalities[i].name : NULL;
}

/*  The names of a preset list, "a, b, c", for error messages. */
static void
preset_names (const char *(*name_at) (int), char *buf, int len)
{
    int used = 0;
    buf[0] = 0;
    for (int i = 0; name_at (i) && used < len - 1; i++)
        used += snprintf (buf + used, (size_t) (len - used), "%s%s",
                          i ? ", " : "", name_at (i));
}

static bool
parse_double (const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod (text, &end);
    if (end == text || *end || errno || !isfinite (v))
        return false;
    *out = v;
    return true;
}

static bool
parse_long (const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll (text, &end, 10);
    if (end == text || *end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/*  One key=value onto s.  0, or -1 with err. */
static int
apply_key (const char *key, const char *value, commander_settings_t *s,
           char *err, int errlen)
{
    double d;
    long long v;
    char names[160];
    if (strcmp (key, "difficulty") == 0) {
        if (commander_difficulty_apply (value, s) == 0)
            return 0;
        preset_names (commander_difficulty_name, names, sizeof names);
        snprintf (err, errlen, "difficulty: unknown preset \"%s\" (known: "
                  "%s)", value, names);
        return -1;
    }
    if (strcmp (key, "personality") == 0) {
        if (commander_personality_apply (value, s) == 0)
            return 0;
        preset_names (commander_personality_name, names, sizeof names);
        snprintf (err, errlen, "personality: unknown preset \"%s\" (known: "
                  "%s)", value, names);
        return -1;
    }
    for (int i = 0; i < COUNT_KEYS; i++) {
        if (strcmp (key, count_keys[i].key) != 0)
            continue;
        if (!parse_long (value, 0, count_keys[i].most, &v)) {
            snprintf (err, errlen, "%s: \"%s\" is not in 0..%d", key, value,
                      count_keys[i].most);
            return -1;
        }
        int count = (int) v;
        memcpy ((char *) s + count_keys[i].offset, &count, sizeof count);
        return 0;
    }
    for (int i = 0; i < NUMBER_KEYS; i++) {
        if (strcmp (key, number_keys[i].key) != 0)
            continue;
        if (!parse_double (value, &d) || d < number_keys[i].least
            || d > number_keys[i].most) {
            snprintf (err, errlen, "%s: \"%s\" is not in %g..%g", key, value,
                      number_keys[i].least, number_keys[i].most);
            return -1;
        }
        memcpy ((char *) s + number_keys[i].offset, &d, sizeof d);
        return 0;
    }
    if (strcmp (key, "depth") == 0) {
        if (!parse_long (value, -1, ACTTREE_MAX_DEPTH, &v)) {
            snprintf (err, errlen, "depth: \"%s\" is not -1 or 0..%d", value,
                      ACTTREE_MAX_DEPTH);
            return -1;
        }
        s->depth = (int) v;
        return 0;
    }
    if (strcmp (key, "later") == 0 || strcmp (key, "fit") == 0) {
        if (!parse_long (value, -1, 1, &v)) {
            snprintf (err, errlen, "%s: \"%s\" is not -1, 0 or 1", key,
                      value);
            return -1;
        }
        *(key[0] == 'l' ? &s->later_stances : &s->fit) = (int) v;
        return 0;
    }
    if (strcmp (key, "keep") == 0 || strcmp (key, "opponent") == 0) {
        if (strcmp (value, "0") != 0 && strcmp (value, "1") != 0) {
            snprintf (err, errlen, "%s: \"%s\" is not 0 or 1", key, value);
            return -1;
        }
        bool *flag = strcmp (key, "keep") == 0 ? &s->keep_options
                                                : &s->improve_opponent;
        *flag = value[0] == '1';
        return 0;
    }
    /* the keys whose value is a word: its index is the enum's value,
       stored in the field's int's room */
    _Static_assert (sizeof (commander_algorithm_t) == sizeof (int)
                    && sizeof (commander_tree_t) == sizeof (int)
                    && sizeof (commander_rollout_t) == sizeof (int)
                    && sizeof (commander_stance_t) == sizeof (int),
                    "an enum of the settings is not an int");
    enum { MOST_WORDS = 4 };
    static const struct {
        const char *key, *words[MOST_WORDS], *refusal;
        size_t offset;
    } named[] = {
        { "algorithm", { "search", "greedy", "one-turn" },
          "is not search, greedy or one-turn",
          offsetof (commander_settings_t, algorithm) },
        { "tree", { "uct", "naive", "halving" },
          "is not uct, naive or halving",
          offsetof (commander_settings_t, tree) },
        { "rollout", { "script", "table", "both", "mixed" },
          "is not script, both, table or mixed",
          offsetof (commander_settings_t, rollout) },
        { "script", { "press", "stand", "hold" },
          "is not press, stand or hold",
          offsetof (commander_settings_t, stance) } };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        if (strcmp (key, named[i].key) != 0)
            continue;
        for (int w = 0; w < MOST_WORDS && named[i].words[w]; w++)
            if (strcmp (value, named[i].words[w]) == 0) {
                memcpy ((char *) s + named[i].offset, &w, sizeof w);
                return 0;
            }
        snprintf (err, errlen, "%s: \"%s\" %s", key, value,
                  named[i].refusal);
        return -1;
    }
    if (strcmp (key, "ms") == 0) {
        if (!parse_double (value, &d) || d < 0 || d > COMMANDER_MAX_BUDGET_MS) {
            snprintf (err, errlen, "ms: \"%s\" is not in 0..%.0f", value,
                      COMMANDER_MAX_BUDGET_MS);
            return -1;
        }
        s->budget_ms = d;
        return 0;
    }
    if (strcmp (key, "playouts") == 0) {
        if (!parse_long (value, 0, COMMANDER_MAX_PLAYOUTS, &v)) {
            snprintf (err, errlen, "playouts: \"%s\" is not in 0..%ld",
                      value, COMMANDER_MAX_PLAYOUTS);
            return -1;
        }
        s->playouts = (long) v;
        return 0;
    }
    if (strcmp (key, "threads") == 0 || strcmp (key, "horizon") == 0
        || strcmp (key, "samples") == 0) {
        int hi = key[0] == 't' ? COMMANDER_MAX_THREADS
               : key[0] == 'h' ? COMMANDER_MAX_HORIZON : 64;
        int lo = key[0] == 'h' ? 0 : 1;     /* horizon 0: by the ruleset */
        if (!parse_long (value, lo, hi, &v)) {
            snprintf (err, errlen, "%s: \"%s\" is not in %d..%d", key,
                      value, lo, hi);
            return -1;
        }
        if (key[0] == 't')
            s->threads = (int) v;
        else if (key[0] == 'h')
            s->horizon = (int) v;
        else
            s->samples = (int) v;
        return 0;
    }
    if (strcmp (key, "seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long u = strtoull (value, &end, 10);
        if (end == value || *end || errno || value[0] == '-') {
            snprintf (err, errlen, "seed: \"%s\" is not a whole number "
                      "0..2^64-1", value);
            return -1;
        }
        s->seed = (uint64_t) u;
        return 0;
    }
    snprintf (err, errlen, "unknown key \"%s\" (known: difficulty, "
              "personality, aggression, caution, ms, playouts, threads, "
              "horizon, samples, seed, algorithm, tree, exploration, "
              "rollout, script, keep, later, depth, fit, opponent, pgs, "
              "ascent, confidence, worlds, keyed, fog, phases)",
              key);
    return -1;
}

/*  Copy [from, to) into buf trimmed of spaces. */
static void
trimmed (const char *from, const char *to, char *buf, size_t len)
{
    while (from < to && (*from == ' ' || *from == '\t'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t'))
        to--;
    size_t n = (size_t) (to - from);
    if (n >= len)
        n = len - 1;
    memcpy (buf, from, n);
    buf[n] = 0;
}

int
commander_settings_parse (const char *params, commander_settings_t *s,
                          char *err, int errlen)
{
    assert (s && err && errlen > 0);
    const char *p = params ? params : "";
    while (*p) {
        const char *end = strchr (p, ',');
        if (!end)
            end = p + strlen (p);
        const char *eq = memchr (p, '=', (size_t) (end - p));
        char key[64], value[128];
        if (!eq) {
            trimmed (p, end, key, sizeof key);
            if (key[0]) {
                snprintf (err, errlen, "\"%s\" has no value (key=value)", key);
                return -1;
            }
        }
        else {
            trimmed (p, eq, key, sizeof key);
            trimmed (eq + 1, end, value, sizeof value);
            if (apply_key (key, value, s, err, errlen) < 0)
                return -1;
        }
        p = *end ? end + 1 : end;
    }
    return commander_settings_check (s, err, errlen);
}

/*  ---- results ---- */

const char *
commander_layer_name (commander_layer_t layer)
{
    return layer == COMMANDER_LAYER_TABLE ? "table" : "commander";
}

void
commander_result_free (commander_result_t *r)
{
    if (!r)
        return;
    free (r->orders);
    memset (r, 0, sizeof *r);
}

/*  ---- the commander ---- */

/*  Where an enemy unit was last seen, and as what. */
typedef struct {
    bool seen;
    int turn;
    unit_t unit;
} sighting_t;

struct commander_t {
    commander_settings_t settings;
    commander_progress_fn *progress_fn;
    void *progress_arg;
    double progress_every_ms;
    commander_stop_fn *stop_fn;
    void *stop_arg;
    atomic_bool stop;
    const ruleset_t *variant;    /* its side's tables, NULL: the game's */
    const uint8_t *player_rolls; /* commander_set_player_rolls, borrowed */
    int player_roll_count;
    /* the memory of the fog of war, per side, for one scenario */
    const scenario_t *scenario;
    int unit_count;
    int last_turn;
    sighting_t *memory[SIDE_COUNT];
    /* work space */
    game_t *view;
    bool *visible;
    int *unseen;                 /* per unit, for the search (search.h) */
    int visible_cap;
};

commander_t *
commander_new (const commander_settings_t *settings, char *err, int errlen)
{
    assert (err && errlen > 0);
    commander_settings_t s;
    if (settings)
        s = *settings;
    else
        commander_settings_defaults (&s);
    if (commander_settings_check (&s, err, errlen) < 0)
        return NULL;
    commander_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    self->settings = s;
    self->progress_every_ms = 100;
    atomic_init (&self->stop, false);
    return self;
}

void
commander_destroy (commander_t **self_p)
{
    assert (self_p);
    commander_t *self = *self_p;
    if (!self)
        return;
    for (int s = 0; s < SIDE_COUNT; s++)
        free (self->memory[s]);
    game_destroy (&self->view);
    free (self->visible);
    free (self->unseen);
    free (self);
    *self_p = NULL;
}

const commander_settings_t *
commander_settings (const commander_t *self)
{
    return &self->settings;
}

int
commander_set_settings (commander_t *self, const commander_settings_t *s,
                        char *err, int errlen)
{
    if (commander_settings_check (s, err, errlen) < 0)
        return -1;
    self->settings = *s;
    return 0;
}

void
commander_set_tables (commander_t *self, const ruleset_t *variant)
{
    assert (self);
    self->variant = variant;
}

void
commander_set_progress (commander_t *self, commander_progress_fn *fn,
                        void *arg, double every_ms)
{
    self->progress_fn = fn;
    self->progress_arg = arg;
    self->progress_every_ms = every_ms > 0 ? every_ms : 0;
}

void
commander_set_stop (commander_t *self, commander_stop_fn *fn, void *arg)
{
    self->stop_fn = fn;
    self->stop_arg = arg;
}

void
commander_stop (commander_t *self)
{
    atomic_store (&self->stop, true);
}

void
commander_forget (commander_t *self)
{
    for (int s = 0; s < SIDE_COUNT; s++) {
        free (self->memory[s]);
        self->memory[s] = NULL;
    }
    self->scenario = NULL;
    self->unit_count = 0;
    self->last_turn = 0;
}

/*  ---- the fog of war ---- */

/*  The memory fits game g, or is made anew for it.  0, or -1. */
static int
memory_for (commander_t *self, const game_t *g)
{
    int n = game_unit_count (g);
    if (self->scenario != game_scenario (g) || self->unit_count != n
        || game_turn (g) < self->last_turn)
        commander_forget (self);
    for (int s = 0; s < SIDE_COUNT; s++)
        if (!self->memory[s]) {
            self->memory[s] = calloc ((size_t) (n > 0 ? n : 1),
                                      sizeof (sighting_t));
            if (!self->memory[s])
                return -1;
        }
    self->scenario = game_scenario (g);
    self->unit_count = n;
    self->last_turn = game_turn (g);
    return 0;
}

int
commander_view (commander_t *self, const game_t *g, int side, game_t *view,
                bool *visible, int *hidden, int *remembered)
{
    assert (self && g && view && side >= 0 && side < SIDE_COUNT);
    if (memory_for (self, g) < 0 || game_copy_into (view, g) < 0)
        return -1;
    const situation_t *sit = game_situation (g);
    const situation_t *start = scenario_situation (game_scenario (g));
    situation_t *vsit = game_situation_mut (view);
    sighting_t *memory = self->memory[side];
    int n = game_unit_count (g);
    int hid = 0, rem = 0;
    for (int e = 0; e < n; e++) {
        if (visible)
            visible[e] = false;
        const unit_t *x = situation_unit_const (sit, e);
        if ((int) x->side == side || !game_unit_in_play (g, e))
            continue;               /* own units, and the gone: public */
        if (game_side_sees (g, side, e)) {
            memory[e].seen = true;
            memory[e].turn = game_turn (g);
            memory[e].unit = *x;
            if (visible)
                visible[e] = true;
            continue;
        }
        hid++;
        game_unit_t *gu = game_unit_mut (view, e);
        memset (gu, 0, sizeof *gu);
        gu->order = order_hold ();
        gu->current = order_hold ();
        if (memory[e].seen) {
            *situation_unit (vsit, e) = memory[e].unit;
            rem++;
        }
        else {
            *situation_unit (vsit, e) = *situation_unit_const (start, e);
            gu->gone = 1;
        }
    }
    if (hidden)
        *hidden = hid;
    if (remembered)
        *remembered = rem;
    return 0;
}

/*  For the search's fog (search_problem_t.unseen): the turns since each
 *  enemy in play that `side` cannot see now was last seen, -1 for every
 *  other unit (its own, those in sight, those never seen).  Called right
 *  after commander_view for the same g and side. */
static void
unseen_turns (commander_t *self, const game_t *g, int side)
{
    const sighting_t *memory = self->memory[side];
    for (int e = 0; e < game_unit_count (g); e++) {
        self->unseen[e] = -1;
        if ((int) situation_unit_const (game_situation (g), e)->side != side
            && game_unit_in_play (g, e) && !self->visible[e] && memory[e].seen)
            self->unseen[e] = game_turn (g) - memory[e].turn;
    }
}

/*  The commander's own view game and visibility array, fit for g. */
static int
workspace_for (commander_t *self, const game_t *g)
{
    if (self->view && game_rules (self->view) != game_rules (g))
        game_destroy (&self->view);
    if (!self->view) {
        self->view = game_dup (g);
        if (!self->view)
            return -1;
    }
    int n = game_unit_count (g);
    if (self->visible_cap < n) {
        bool *v = realloc (self->visible, (size_t) n * sizeof *v);
        if (!v)
            return -1;
        self->visible = v;
        int *t = realloc (self->unseen, (size_t) n * sizeof *t);
        if (!t)
            return -1;
        self->unseen = t;
        self->visible_cap = n;
    }
    return 0;
}

/*  ---- deciding ---- */

static const char *
unit_id (const game_t *g, int u)
{
    return situation_unit_const (game_situation (g), u)->id;
}

/*  The playouts' horizon in turns: the settings' own, or with 0 the
 *  ruleset's: COMMANDER_HORIZON_SHORT_TURNS where a turn has a few
 *  phases (skirmish19, europe19: command, moves, shooting, melee);
 *  COMMANDER_HORIZON_ACTIVATION_TURNS where one unit acts an activation
 *  (Empire of Liberty: a playout to the turn's end sees an activation or
 *  two after a late decision, and never the enemy's line a move away
 *  closing to fire next turn; two turns scored 7 to 9 points more
 *  against the greedy at 500 and at 2,000 playouts, Freeman's Farm as
 *  the Americans most, BENCHMARKS.md "Empire of Liberty two turns
 *  ahead"); one turn where a turn has COMMANDER_LONG_TURN_PHASES or
 *  more (4 Page Bolivar and its house rules, where two turns of the
 *  script played worse). */
static int
horizon_for (const commander_settings_t *s, const game_t *g)
{
    if (s->horizon > 0)
        return s->horizon;
    if (game_engine (g)->one_acts)
        return COMMANDER_HORIZON_ACTIVATION_TURNS;
    return game_engine (g)->phase_count >= COMMANDER_LONG_TURN_PHASES
         ? 1 : COMMANDER_HORIZON_SHORT_TURNS;
}

/*  How urgent an order is when the units act one at a time (a ruleset of
 *  alternating activations acts with the unit ordered first): a charge,
 *  then fire, then a move, holds last. */
static int
order_urgency (const order_t *o)
{
    if (o->kind == ORDER_CHARGE)
        return 0;
    if (o->kind == ORDER_FIRE || o->fire)
        return 1;
    if (o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER)
        return 2;
    return 3;
}

/*  by[0..n-1]: the indices 0..n-1 most urgent first (urgency[i], the
 *  lower the more urgent), alike ones nearest the enemy first, then as
 *  given (stable): where units act one at a time, the first acts.
 *  unit[i] is the i-th unit of g.  0, or -1 out of memory. */
static int
urgency_sort (const game_t *g, const int *unit, const int *urgency, int n,
              int *by)
{
    double *near = malloc ((size_t) (n > 0 ? n : 1) * sizeof *near);
    if (!near)
        return -1;
    for (int i = 0; i < n; i++) {
        double d = search_nearest_enemy_cm (g, unit[i]);
        int j = i;
        while (j > 0 && (urgency[by[j - 1]] > urgency[i]
                         || (urgency[by[j - 1]] == urgency[i]
                             && near[j - 1] > d))) {
            by[j] = by[j - 1];
            near[j] = near[j - 1];
            j--;
        }
        by[j] = i;
        near[j] = d;
    }
    free (near);
    return 0;
}

/*  PGS's share of the budget: the settings' own, but where the enemy's
 *  plan is to be improved (improve_opponent) and the share is 0,
 *  COMMANDER_OPPONENT_PGS, for that is done in PGS's stage. */
static double
pgs_share_for (const commander_settings_t *s)
{
    return s->pgs_share <= 0 && s->improve_opponent ? COMMANDER_OPPONENT_PGS
                                                    : s->pgs_share;
}

/*  True when game g plays ruleset `name`: its engine's or its tables'
 *  (a variant of the tables, the house rules over Bolivar's engine,
 *  plays as its engine does and is named by its tables). */
static bool
plays (const game_t *g, const char *name)
{
    return strcmp (game_engine (g)->name, name) == 0
        || strcmp (ruleset_name (situation_ruleset (game_situation (g))),
                   name) == 0;
}

/*  A setting whose -1 means "by the ruleset" (later_stances, fit): its
 *  own value when 0 or more, else `on` (whether the game plays a
 *  ruleset the setting is on for).  Measured
 *  (BENCHMARKS.md), each against the same search without it at 2,000
 *  playouts:
 *  - later_stances, on under europe19: europe19 58.1% over 160 games
 *    (55.0% at 500; by the clock against the tables 88.1 to 91.2%,
 *    Spicheren 70.0 to 87.5%, against the greedy 90.9 to 95.6%);
 *    skirmish19 43.3% over 120, 4 Page Bolivar 51.9% over 160, the
 *    house rules 48.8% over 40, Empire of Liberty 38.3% over 60 at
 *    1,000 playouts;
 *  - fit, on under europe19, 4 Page Bolivar and the house rules:
 *    europe19 60.3% over 160 games; Bolivar 49.4%, the house rules
 *    50.0%, skirmish19 41.7%; under the house rules 8,000 playouts
 *    against 500 65.7% with it, 55.0% without (80 games each); under
 *    Bolivar 8,000 against 500 66.9% with it, 57.7% without (240 games
 *    each, the same seeds), by the clock a few points less with it
 *    (against the greedy 76.1% over 320 games, against the tables
 *    85.9% over 480, where 89.1% without on 160 of them). */
static int
by_ruleset (int setting, bool on)
{
    return setting >= 0 ? setting : on;
}

/*  The confidence a unit needs to leave the greedy's option: the
 *  settings' own, or below 0 the ruleset's.  Where one unit acts an
 *  activation the search's one choice spans every unit's orders (up to
 *  PORTFOLIO_MAX of them), a thousand playouts leave each few, and the
 *  bandit's favourite is often the luck of its dice: there the greedy's
 *  order stands unless the playouts show another better by
 *  COMMANDER_ONE_ACTS_CONFIDENCE standard errors (against the greedy on
 *  Empire of Liberty's three scenarios, 120 games at 1,000 playouts:
 *  69.2% with it, 61.7% without; BENCHMARKS.md).  Under the house rules
 *  the clock's few hundred playouts a decision leave the same doubt, and
 *  COMMANDER_HOUSE_CONFIDENCE took the search from 55.0 and 51.0% to
 *  61.9 and 63.5% against the greedy (300 playouts, seeds 1 and 101 on,
 *  160 games each), under 4 Page Bolivar's own rules nothing (69.7%
 *  without, 68.1% with, 200 playouts).  Elsewhere 0, as measured there
 *  before. */
double
commander_confidence_for (const commander_settings_t *s, const game_t *g)
{
    assert (s && g);
    if (s->confidence >= 0)
        return s->confidence;
    if (game_engine (g)->one_acts)
        return COMMANDER_ONE_ACTS_CONFIDENCE;
    return plays (g, "liberators_house") ? COMMANDER_HOUSE_CONFIDENCE : 0;
}

/*  The confidence a command figure's order needs by default, beside the
 *  ruleset's (commander_confidence_for): what a commander's place is
 *  worth lies mostly past a one-turn playout (the next turns' command
 *  and rallies, the harm of its loss to every unit after), or in the
 *  rare dice of its loss, so the playouts' favourite for it is more
 *  often their luck than for a unit that shoots or charges, and the
 *  greedy's choice, which keeps it clear of the front, stands unless
 *  clearly beaten.  Under 4 Page Bolivar's four scenarios at 1,000
 *  playouts it took the search from 82.9 to 89.2% against the tables
 *  and 67.5 to 70.4% against the greedy (seeds 101 on), 85.6 to 88.8%
 *  and 66.9 to 70.6% (seeds 301 on; BENCHMARKS.md).  0 for any other
 *  unit, and where the settings give a confidence of their own. */
static double
command_confidence (const commander_settings_t *s, const game_t *g, int u)
{
    if (s->confidence >= 0
        || situation_unit_const (game_situation (g), u)->arm != ARM_COMMAND)
        return 0;
    return COMMANDER_COMMAND_CONFIDENCE;
}

/*  Where a phase acts with one unit alone (game_engine_t.one_acts), the
 *  side's choice is which unit acts and how: one search unit `act` whose
 *  options each order their own unit.  The units are taken as the
 *  greedy's plan would act (sort_by_urgency's rule on each unit's first
 *  option, the greedy's), and each gives its options round by round:
 *  every unit's first, then every unit's second, and so on, up to
 *  PORTFOLIO_MAX.  So the first option is the unit the greedy would act
 *  with, in its order, and the units nearest the fight give the most.
 *  0, or -1 out of memory. */
static int
activation_options (const game_t *g, const search_unit_t *su, int n,
                    search_unit_t *act)
{
    int *by = malloc ((size_t) n * sizeof *by);
    int *unit = malloc ((size_t) n * sizeof *unit);
    int *urgency = malloc ((size_t) n * sizeof *urgency);
    int rc = -1;
    if (!by || !unit || !urgency)
        goto done;
    for (int i = 0; i < n; i++) {
        unit[i] = su[i].unit;
        urgency[i] = order_urgency (&su[i].options[0].order);
    }
    if (urgency_sort (g, unit, urgency, n, by) < 0)
        goto done;
    act->count = 0;
    for (int round = 0; act->count < PORTFOLIO_MAX; round++) {
        bool any = false;
        for (int j = 0; j < n && act->count < PORTFOLIO_MAX; j++)
            if (round < su[by[j]].count) {
                act->options[act->count++] = su[by[j]].options[round];
                any = true;
            }
        if (!any)
            break;
    }
    act->unit = act->options[0].unit;
    rc = 0;
done:
    free (by);
    free (unit);
    free (urgency);
    return rc;
}

/*  A search whose every plan scored the same has found nothing to tell
 *  them apart (seen at Cowpens: every plan 0.500, the battle decided
 *  within the horizon whatever is ordered).  Say so, and say it in each
 *  order's reasons, rather than let the first plan look chosen on its
 *  merits.  `lowest` and `highest` are the least and greatest means of
 *  every plan played (search_answer_t), not of the alternatives shown:
 *  the bandit plays the plans it rates best most, and draws their means
 *  together, so the most played can agree to the third decimal while a
 *  plan it left early scored clearly worse (Freeman's Farm near its
 *  end: the five most played plans win every playout, and Arnold riding
 *  at the grenadiers throws some away).  The greedy pass scores
 *  options, not plans: not judged. */
static void
judge_alike (commander_result_t *out, bool greedy, double lowest,
             double highest)
{
    out->plans_alike = false;
    out->verdict[0] = '\0';
    if (greedy || out->alternative_count < 2 || out->plans < 2)
        return;
    double lo = fmin (out->alternatives[0].value, lowest);
    double hi = fmax (out->alternatives[0].value, highest);
    if (hi - lo > COMMANDER_ALIKE)
        return;
    out->plans_alike = true;
    snprintf (out->verdict, sizeof out->verdict, "every plan the search "
              "weighed scores %.3f: within its horizon the battle goes the "
              "same whatever this side orders, so this plan is as good as "
              "any (%ld plans)", out->value, out->plans);
    for (int i = 0; i < out->order_count; i++) {
        commander_order_t *o = &out->orders[i];
        if (o->layer != COMMANDER_LAYER_COMMANDER)
            continue;
        size_t len = strlen (o->why);
        snprintf (o->why + len, sizeof o->why - len, "; every plan scores "
                  "%.3f: as good as any", out->value);
    }
}

/*  The search's orders for `units` of g, the clock started at `start`. */
static int
decide (commander_t *self, const game_t *g, int side, const int *units,
        int n, double start, commander_result_t *out, char *err, int errlen)
{
    commander_result_free (out);
    out->acting = -1;
    out->side = side;
    out->turn = game_turn (g);
    out->phase = game_phase (g);
    if (side < 0 || side >= SIDE_COUNT) {
        snprintf (err, errlen, "side %d is neither blue (0) nor red (1)",
                  side);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int u = units[i];
        if (u < 0 || u >= game_unit_count (g)) {
            snprintf (err, errlen, "no unit %d in the game", u);
            return -1;
        }
        if ((int) situation_unit_const (game_situation (g), u)->side != side) {
            snprintf (err, errlen, "unit \"%s\" is not of side %s",
                      unit_id (g, u), side_name ((side_t) side));
            return -1;
        }
        if (!game_needs_order (g, u)) {
            snprintf (err, errlen, "unit \"%s\" takes no order in %s",
                      unit_id (g, u), game_phase_name (g));
            return -1;
        }
    }
    atomic_store (&self->stop, false);
    out->threads = self->settings.threads;
    if (n == 0) {
        out->elapsed_ms = (search_now () - start) * 1000.0;
        out->value = 0.5;
        return 0;
    }
    search_unit_t *su = calloc ((size_t) n, sizeof *su);
    search_unit_t *act = NULL;
    int *choice = calloc ((size_t) n, sizeof *choice);
    long *visits = calloc ((size_t) n, sizeof *visits);
    double *values = calloc ((size_t) n, sizeof *values);
    bool *kept = calloc ((size_t) n, sizeof *kept);
    out->orders = calloc ((size_t) n, sizeof *out->orders);
    int rc = -1;
    if (!su || !choice || !visits || !values || !kept || !out->orders
        || workspace_for (self, g) < 0
        || commander_view (self, g, side, self->view, self->visible,
                           &out->hidden, &out->remembered) < 0) {
        snprintf (err, errlen, "out of memory");
        goto done;
    }
    const commander_personality_t *pers = &self->settings.personality;
    for (int i = 0; i < n; i++) {
        su[i].unit = units[i];
        su[i].count = portfolio_build (self->view, units[i], self->visible,
                                       pers->aggression, pers->caution,
                                       su[i].options, PORTFOLIO_MAX);
        su[i].confidence = command_confidence (&self->settings, g, units[i]);
    }
    search_problem_t p = {
        .root = self->view, .side = side, .n = n, .units = su,
        .settings = self->settings, .start = start,
        .enemy_unknown = out->hidden > out->remembered,
        .stop_flag = &self->stop, .stop_fn = self->stop_fn,
        .stop_arg = self->stop_arg, .progress_fn = self->progress_fn,
        .progress_arg = self->progress_arg,
        .progress_every_ms = self->progress_every_ms,
        .variant = self->variant };
    p.settings.horizon = horizon_for (&self->settings, g);
    p.settings.confidence = commander_confidence_for (&self->settings, g);
    p.settings.pgs_share = pgs_share_for (&self->settings);
    p.settings.later_stances = by_ruleset (self->settings.later_stances,
                                           plays (g, "europe19"));
    /* the house rules (liberators_house) play on Bolivar's engine */
    p.settings.fit = by_ruleset (self->settings.fit,
                                 plays (g, "europe19")
                                 || plays (g, "bolivar"));
    /* by the ruleset: off everywhere, for at the clock's budget the tree
       measured no gain (BENCHMARKS.md, "A tree over the next
       activations") */
    p.settings.depth = self->settings.depth >= 0 ? self->settings.depth : 0;
    if (self->settings.fog > 0 && out->remembered > 0) {
        unseen_turns (self, g, side);
        p.unseen = self->unseen;
    }
    search_answer_t a = { .choice = choice, .unit_visits = visits,
                          .unit_value = values, .kept_first = kept };
    bool greedy = self->settings.algorithm == COMMANDER_GREEDY;
    /* the search's start pass takes no more than COMMANDER_START_SHARE
       of the clock (on a big table it could take it all); the
       greedy strategy and a search by playouts weigh every unit, their
       answers depending on no clock */
    double until = self->settings.budget_ms > 0
                 ? start + COMMANDER_START_SHARE
                           * self->settings.budget_ms / 1000.0
                 : INFINITY;
    if (self->settings.algorithm == COMMANDER_SEARCH
        && greedy_choose (self->view, side, su, n, self->visible, pers,
                          until, choice, NULL) >= 0)
        /* the search starts from the greedy's plan: its option first */
        for (int i = 0; i < n; i++) {
            portfolio_option_t first = su[i].options[0];
            su[i].options[0] = su[i].options[choice[i]];
            su[i].options[choice[i]] = first;
        }
    /* one unit acts (game_engine_t.one_acts): the search weighs which,
       and how, as one choice (activation_options); the greedy answers
       every unit, and its most urgent order acts as
       commander_strategy_decide gives them */
    if (game_engine (g)->one_acts && !greedy) {
        act = calloc (1, sizeof *act);
        if (!act || activation_options (self->view, su, n, act) < 0) {
            snprintf (err, errlen, "out of memory");
            goto done;
        }
        p.n = 1;
        p.units = act;
    }
    if (greedy) {
        /* the one ply: no playout; values[] holds the scores */
        if (greedy_choose (self->view, side, su, n, self->visible, pers,
                           INFINITY, choice, values) < 0) {
            snprintf (err, errlen, "out of memory for the greedy");
            goto done;
        }
        a.value = 0.5;
    }
    else if (search_run (&p, &a) < 0) {
        snprintf (err, errlen, "out of memory for the search");
        goto done;
    }
    if (act)
        out->acting = act->options[choice[0]].unit;
    for (int i = 0; i < n; i++) {
        commander_order_t *o = &out->orders[i];
        o->unit = units[i];
        o->layer = COMMANDER_LAYER_COMMANDER;
        if (act && units[i] != out->acting) {
            /* its order would be dropped: it acts in a later activation */
            o->order = order_hold ();
            o->waits = true;
            snprintf (o->choice, sizeof o->choice, "waits");
            snprintf (o->why, sizeof o->why, "waits: one unit acts in an "
                      "activation, and the search acts with %s (of %d "
                      "orders of %d units)", unit_id (g, out->acting),
                      act->count, n);
            continue;
        }
        int k = act ? 0 : i;
        const portfolio_option_t *opt = act ? &act->options[choice[0]]
                                            : &su[i].options[choice[i]];
        int options = act ? act->count : su[i].count;
        /* where one unit acts, the choice was among the orders of all */
        char among[48] = "";
        if (act)
            snprintf (among, sizeof among, " of %d units, it acts now", n);
        o->order = opt->order;
        snprintf (o->choice, sizeof o->choice, "%s", opt->name);
        char bad[SOLO_ERR_MAX];
        if (game_check_order (g, units[i], &o->order, bad, sizeof bad) < 0) {
            /* cannot happen when the view agrees with g; never give an
               illegal order all the same */
            o->order = order_hold ();
            snprintf (o->why, sizeof o->why, "%s: %.120s; holds", opt->name,
                      bad);
        }
        else if (greedy)
            snprintf (o->why, sizeof o->why, "%s: the one-ply best of %d "
                      "options (scores %+.2f figures)", opt->name, options,
                      values[k]);
        else if (kept[k])
            snprintf (o->why, sizeof o->why, "%s: the greedy's choice of %d "
                      "options%s, kept: the search found none better by %g "
                      "standard errors (%ld playouts, mean %.2f)", opt->name,
                      options, among,
                      fmax (p.settings.confidence,
                            act ? act->confidence : su[i].confidence),
                      visits[k], values[k]);
        else if (visits[k] > 0)
            snprintf (o->why, sizeof o->why, "%s: the %s of %d options%s "
                      "(%ld playouts, mean %.2f)", opt->name,
                      self->settings.algorithm == COMMANDER_ONE_TURN
                      ? "one-turn best" : "search's choice",
                      options, among, visits[k], values[k]);
        else
            snprintf (o->why, sizeof o->why, "%s: the first of %d options%s "
                      "(no playout)", opt->name, options, among);
    }
    out->order_count = n;
    out->commanded = n;
    out->playouts = a.playouts;
    out->plans = a.plans;
    out->value = a.value;
    out->stopped = a.stopped;
    out->alternative_count = a.alternative_count;
    memcpy (out->alternatives, a.alternatives, sizeof out->alternatives);
    judge_alike (out, greedy, a.lowest, a.highest);
    rc = 0;
done:
    if (rc < 0) {
        free (out->orders);
        out->orders = NULL;
    }
    free (su);
    free (act);
    free (choice);
    free (visits);
    free (values);
    free (kept);
    out->elapsed_ms = (search_now () - start) * 1000.0;
    return rc;
}

int
commander_decide (commander_t *self, const game_t *g, int side,
                  const int *units, int n, commander_result_t *out,
                  char *err, int errlen)
{
    assert (self && g && out && err && errlen > 0 && (units || n == 0));
    return decide (self, g, side, units, n, search_now (), out, err, errlen);
}

void
commander_set_player_rolls (commander_t *self, const uint8_t *rolls,
                            int count)
{
    assert (self && count >= 0);
    self->player_rolls = rolls;
    self->player_roll_count = rolls ? count : 0;
}

int
commander_ask_side (commander_t *self, const game_t *g, int side,
                    dice_t *dice, commander_result_t *out, char *err,
                    int errlen)
{
    assert (self && g && dice && out && err && errlen > 0);
    double start = search_now ();
    commander_result_free (out);
    if (side < 0 || side >= SIDE_COUNT) {
        snprintf (err, errlen, "side %d is neither blue (0) nor red (1)",
                  side);
        return -1;
    }
    int n = game_unit_count (g);
    game_t *copy = game_dup (g);
    int *units = malloc ((size_t) (n > 0 ? n : 1) * sizeof *units);
    int *group_roll = calloc ((size_t) (n > 0 ? n : 1), sizeof *group_roll);
    rf_decision_t *d = malloc (sizeof *d);
    commander_order_t *table = malloc ((size_t) (n > 0 ? n : 1)
                                       * sizeof *table);
    situation_t *view = NULL;
    int rc = -1;
    if (!copy || !units || !group_roll || !d || !table) {
        snprintf (err, errlen, "out of memory");
        goto done;
    }
    /* the side's own variant of the tables, when it has one */
    if (self->variant) {
        view = search_variant_view (self->variant, game_situation (g), err,
                                    errlen);
        if (!view)
            goto done;
    }
    /* the player's own dice, where reported; a platoon keeping company
       is diced once, so a member's reported die serves the platoon */
    for (int u = 0; self->player_rolls && u < n
                    && u < self->player_roll_count; u++)
        group_roll[u] = self->player_rolls[u];
    /* out of command first: the actions tables, on the rules' dice */
    int k = 0, t = 0;
    const ruleset_t *rs = situation_ruleset (game_situation (g));
    for (int u = 0; u < n; u++) {
        if ((int) situation_unit_const (game_situation (g), u)->side != side
            || !game_needs_order (copy, u))
            continue;
        if (!game_table_bound (copy, u)) {
            units[k++] = u;
            continue;
        }
        commander_order_t *o = &table[t++];
        memset (o, 0, sizeof *o);
        o->unit = u;
        o->layer = COMMANDER_LAYER_TABLE;
        char bad[SOLO_ERR_MAX];
        /* a platoon keeping company is diced once, as in a battle */
        if (view)
            search_variant_sync (view, game_situation (copy));
        bool players = self->player_rolls && u < self->player_roll_count
                    && self->player_rolls[u] == group_roll[u]
                    && group_roll[u] != 0;
        if (strategy_table_order_from (copy, view, u, group_roll[u],
                                       players ? STRATEGY_ROLL_PLAYER
                                               : STRATEGY_ROLL_PLATOON,
                                       dice, &o->order, d, o->why,
                                       sizeof o->why) == 0) {
            snprintf (o->choice, sizeof o->choice, "%s (%s)",
                      rf_action_name (d->action),
                      ruleset_rf_table (view ? self->variant : rs,
                                        d->arm)->band_name[d->band]);
            for (int i = 0; i < d->order.group_count; i++) {
                int m = d->order.group[i];
                if (m >= 0 && m < n && !group_roll[m])
                    group_roll[m] = d->roll;
            }
        }
        else
            snprintf (o->choice, sizeof o->choice, "hold");
        /* why the tables answer for it, as its ruleset says, first */
        char bound[COMMANDER_WHY_MAX / 2], rest[COMMANDER_WHY_MAX];
        game_table_bound_why (copy, u, bound, (int) sizeof bound);
        memcpy (rest, o->why, sizeof rest);
        snprintf (o->why, sizeof o->why, "%.*s; %.*s",
                  (int) sizeof bound - 1, bound,
                  (int) (sizeof o->why - sizeof bound - 2), rest);
        if (game_apply_order (copy, u, &o->order, bad, sizeof bad) < 0) {
            o->order = order_hold ();
            game_apply_order (copy, u, &o->order, bad, sizeof bad);
        }
    }
    if (k + t == 0) {
        snprintf (err, errlen, "no unit of side %s waits for an order in "
                  "%s (turn %d)", side_name ((side_t) side),
                  game_phase_name (g), game_turn (g));
        goto done;
    }
    if (decide (self, copy, side, units, k, start, out, err, errlen) < 0)
        goto done;
    /* both layers, in unit order */
    commander_order_t *all = malloc ((size_t) (k + t) * sizeof *all);
    if (!all) {
        snprintf (err, errlen, "out of memory");
        goto done;
    }
    int i = 0, j = 0, m = 0;
    while (i < k || j < t) {
        if (j >= t || (i < k && out->orders[i].unit < table[j].unit))
            all[m++] = out->orders[i++];
        else
            all[m++] = table[j++];
    }
    /* the unit that acts now, where one unit acts, first */
    for (int x = 1; x < m; x++)
        if (all[x].unit == out->acting) {
            commander_order_t acts = all[x];
            memmove (all + 1, all, (size_t) x * sizeof *all);
            all[0] = acts;
            break;
        }
    free (out->orders);
    out->orders = all;
    out->order_count = m;
    out->commanded = k;
    out->turn = game_turn (g);
    out->phase = game_phase (g);
    rc = 0;
done:
    if (rc < 0)
        commander_result_free (out);
    game_destroy (&copy);
    situation_destroy (&view);
    free (units);
    free (group_roll);
    free (d);
    free (table);
    out->elapsed_ms = (search_now () - start) * 1000.0;
    return rc;
}

/*  ---- strategies ---- */

int
commander_strategy_create_search (const char *params, void **state,
                                  char *err, int errlen)
{
    commander_settings_t s;
    commander_settings_defaults (&s);
    if (commander_settings_parse (params, &s, err, errlen) < 0)
        return -1;
    *state = commander_new (&s, err, errlen);
    return *state ? 0 : -1;
}

int
commander_strategy_create_greedy (const char *params, void **state,
                                  char *err, int errlen)
{
    commander_settings_t s;
    commander_settings_defaults (&s);
    s.algorithm = COMMANDER_GREEDY;
    /* only the keys that mean something to the greedy */
    const char *p = params ? params : "";
    while (*p) {
        size_t len = strcspn (p, "=,");
        char key[64];
        trimmed (p, p + len, key, sizeof key);
        if (key[0] && strcmp (key, "aggression") != 0
            && strcmp (key, "caution") != 0
            && strcmp (key, "personality") != 0) {
            snprintf (err, errlen, "unknown parameter \"%s\" (the greedy "
                      "takes aggression, caution, personality)", key);
            return -1;
        }
        p += strcspn (p, ",");
        if (*p)
            p++;
    }
    if (commander_settings_parse (params, &s, err, errlen) < 0)
        return -1;
    *state = commander_new (&s, err, errlen);
    return *state ? 0 : -1;
}

void
commander_strategy_destroy (void *state)
{
    commander_t *self = state;
    commander_destroy (&self);
}

void
commander_strategy_set_tables (void *state, const ruleset_t *variant)
{
    commander_set_tables (state, variant);
}

bool
commander_strategy_uses_clock (const void *state)
{
    const commander_t *self = state;
    return self->settings.algorithm != COMMANDER_GREEDY
        && self->settings.budget_ms > 0;
}

/*  A battle's stop (the daemon shutting down) ends the search early. */
void
commander_strategy_set_stop (void *state, bool (*stop) (void *arg),
                             void *arg)
{
    commander_set_stop (state, stop, arg);
}

/*  The commander moves first when one of its units already reaches an
 *  enemy with its weapon (strike before the enemy does), else second
 *  (see what the enemy does, then answer it). */
bool
commander_strategy_moves_first (void *state, const game_t *g, int side)
{
    (void) state;
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    for (int u = 0; u < situation_unit_count (sit); u++) {
        const unit_t *x = situation_unit_const (sit, u);
        double reach = ruleset_weapon_reach (rs, x);
        if ((int) x->side != side || game_unit (g, u)->gone || reach <= 0)
            continue;
        for (int e = 0; e < situation_unit_count (sit); e++) {
            const unit_t *y = situation_unit_const (sit, e);
            if ((int) y->side != side && !game_unit (g, e)->gone
                && unit_figures_standing (y) > 0
                && footprint_distance (&x->fp, &y->fp) <= reach)
                return true;
        }
    }
    return false;
}

/*  The decisions most urgent first (stable: alike orders nearest the
 *  enemy first, then in unit order): where units act one at a time, the
 *  first is the unit the commander acts with. */
static void
sort_by_urgency (const game_t *g, strategy_decision_t *out, int n)
{
    int *by = malloc ((size_t) (n > 0 ? n : 1) * sizeof *by);
    int *unit = malloc ((size_t) (n > 0 ? n : 1) * sizeof *unit);
    int *urgency = malloc ((size_t) (n > 0 ? n : 1) * sizeof *urgency);
    strategy_decision_t *copy = malloc ((size_t) (n > 0 ? n : 1)
                                        * sizeof *copy);
    if (by && unit && urgency && copy) {
        for (int i = 0; i < n; i++) {
            unit[i] = out[i].unit;
            urgency[i] = order_urgency (&out[i].order);
            copy[i] = out[i];
        }
        if (urgency_sort (g, unit, urgency, n, by) == 0)
            for (int i = 0; i < n; i++)
                out[i] = copy[by[i]];
    }
    /* out of memory: unit order, still legal orders */
    free (by);
    free (unit);
    free (urgency);
    free (copy);
}

void
commander_strategy_decide (void *state, const game_t *g, int side,
                           const int *units, int n, dice_t *dice,
                           strategy_decision_t *out)
{
    commander_t *self = state;
    /* this decision's seed, from the strategy's own dice */
    uint64_t hi = dice_below (dice, 0xFFFFFFFFu);
    uint64_t lo = dice_below (dice, 0xFFFFFFFFu);
    self->settings.seed = (hi << 32) ^ lo;
    commander_result_t r;
    memset (&r, 0, sizeof r);
    char err[SOLO_ERR_MAX];
    bool ok = commander_decide (self, g, side, units, n, &r, err,
                                sizeof err) == 0;
    int acting = -1;
    for (int i = 0; i < n; i++) {
        out[i].unit = units[i];
        if (ok) {
            out[i].order = r.orders[i].order;
            snprintf (out[i].why, sizeof out[i].why, "%s", r.orders[i].why);
            if (r.acting == units[i])
                acting = i;
        }
        else {
            out[i].order = order_hold ();
            snprintf (out[i].why, sizeof out[i].why, "holds: %.180s", err);
        }
    }
    commander_result_free (&r);
    if (acting < 0) {
        sort_by_urgency (g, out, n);
        return;
    }
    /* the unit the search acts with is ordered first, so it is the one
       that acts */
    strategy_decision_t first = out[acting];
    memmove (out + 1, out, (size_t) acting * sizeof *out);
    out[0] = first;
}
