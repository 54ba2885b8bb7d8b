/*  search.c - playouts, the value of a position, Portfolio Greedy Search,
 *  decoupled UCT (its options' values raw or fitted), NaiveMCTS or
 *  sequential halving, an ascent after the tree, and one-turn playouts
 *  per unit, with a small pool of threads; where one unit acts an
 *  activation, a tree over the activations after the plan's
 *  (acttree.h).
 *
 *  Every playout is a job: a plan (one option per unit), a dice seed and
 *  a horizon.  Jobs go in batches: the whole batch is chosen from the
 *  statistics before it, then played on the threads in any order, then
 *  folded into the statistics in job order.  So the answer for a playout
 *  budget depends on the seed alone, never on the threads or the clock.
 */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "acttree.h"
#include "evaluate.h"
#include "fit.h"
#include "search.h"
#include "strategy.h"

#define MAX_JOBS (PORTFOLIO_MAX * 64)

double
search_now (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

situation_t *
search_variant_view (const ruleset_t *variant, const situation_t *sit,
                     char *err, int errlen)
{
    assert (variant && sit && err && errlen > 0);
    situation_t *view = situation_new (variant, situation_width (sit),
                                       situation_depth (sit));
    if (!view) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    for (int i = 0; i < situation_terrain_count (sit); i++)
        if (situation_add_terrain (view, situation_terrain (sit, i), err,
                                   errlen) < 0) {
            situation_destroy (&view);
            return NULL;
        }
    for (int i = 0; i < situation_unit_count (sit); i++)
        if (situation_add_unit (view, situation_unit_const (sit, i), err,
                                errlen) < 0) {
            situation_destroy (&view);
            return NULL;
        }
    return view;
}

void
search_variant_sync (situation_t *view, const situation_t *sit)
{
    int n = situation_unit_count (sit);
    for (int i = 0; i < n; i++)
        *situation_unit (view, i) = *situation_unit_const (sit, i);
}

/*  splitmix64 of a and b: the seed of playout b of a search seeded a. */
static uint64_t
mix (uint64_t a, uint64_t b)
{
    return dice_scramble (a ^ (b * 0x9E3779B97F4A7C15ULL
                               + 0x632BE59BD9B4E019ULL));
}

/*  ---- the value of a position ---- */

double
search_evaluate (const game_t *g, int side, const commander_personality_t *p)
{
    if (game_over (g)) {
        game_result_t r;
        game_result (g, &r);
        return r.winner == side ? 1.0 : r.winner < 0 ? 0.5 : 0.0;
    }
    return evaluate_position (g, side, p);
}

/*  ---- jobs and threads ---- */

typedef struct {
    uint8_t *plan;           /* n bytes, an option per unit of the
                                plan; then the enemy's plan, a
                                commander_stance_t per unit of the game,
                                how the script plays it */
    uint64_t seed;
    int horizon;
    int picks[ACTTREE_MAX_DEPTH];          /* the activation tree's units
                                              to act (-1: the default) */
    acttree_step_t steps[ACTTREE_MAX_DEPTH];  /* the activations played */
    double value;
    bool valid;              /* played to its end */
    atomic_bool finished;    /* value and valid may be read */
} job_t;

typedef struct ctx_t ctx_t;

typedef struct {
    ctx_t *ctx;
    game_t *game;
    dice_t *dice;
    int *group_roll;         /* a platoon's die, per unit */
    int *kept;               /* per unit, its index in the plan, or -1 */
    rf_decision_t *rfd;
    situation_t *view;       /* the side's variant of the tables, or NULL */
    pthread_t thread;
} worker_t;

typedef struct {
    uint64_t hash;
    int index;               /* its plan in arm_plans; -1: empty slot */
    long visits;
    double sum;
} plan_arm_t;

struct ctx_t {
    const search_problem_t *p;   /* &problem */
    search_problem_t problem;    /* the caller's, with its own root and
                                    units: a thread still finishing a
                                    playout after the answer needs them */
    game_t *root;
    search_unit_t *units;
    int *unseen;             /* the problem's, copied (NULL: none) */
    atomic_int refs;             /* the caller and each thread: the last
                                    one out frees the context */
    int n;
    int plan_bytes;          /* of a job's plan: n + the game's units */
    int *foes;               /* the enemy units whose stance PGS weighs */
    int foe_count;
    uint8_t *stances;        /* a commander_stance_t per unit of the
                                game, how the script plays it: the
                                settings' stance, an enemy's as PGS
                                improved it (the enemy's plan); every
                                job's unless it tries another */
    double deadline;         /* INFINITY without a time budget */
    long stage_cap;          /* the tree issues no playout past this many
                                in all (-1: none): the rest is the
                                ascent's (settings.ascent_share) */
    double stage_until;      /* nor goes on past this (INFINITY: none) */
    atomic_bool abort;
    bool stopped;
    /* the pool */
    pthread_mutex_t mu;
    pthread_cond_t go, finished;
    int generation;
    bool quit;
    job_t *jobs;
    uint8_t *job_plans;
    /* A batch's jobs are handed out by one atomic ticket: the batch's
       generation, its job count and the next job's index in one word, so
       a worker late from the batch before can never take a job of this
       one (it sees another generation), nor run one twice.  done counts
       the jobs of the batch finished, its generation beside it. */
    atomic_uint_fast64_t ticket;
    atomic_uint_fast64_t done;
    atomic_long runs;             /* jobs started, every batch: never more
                                     than issued (a job run once) */
    worker_t workers[COMMANDER_MAX_THREADS];
    int threads;
    /* chance of the search itself */
    uint64_t seed;
    dice_t *rng;
    long issued;             /* jobs handed out: the playout budget */
    long played;             /* jobs played to their end */
    /* statistics */
    plan_arm_t *arms;             /* open addressing, arm_slots entries */
    int arm_slots;
    int *arm_list;           /* slots in use, in the order made */
    uint8_t *arm_plans;
    int arm_count, arm_cap;
    long *local_visits;      /* [unit * PORTFOLIO_MAX + option] */
    double *local_sum;
    double *local_sum2;      /* of the values' squares */
    bool *kept_first;        /* per unit: its first option kept for want
                                of evidence against it (confidence) */
    /* progress */
    double last_progress;
    const char *stage;
    int *stance_units;       /* the units the options order, once each:
                                the tree weighs the stance of each for
                                the playout's later orders
                                (settings.later_stances) */
    int stance_unit_count;
    long *stance_visits;     /* [i * COMMANDER_STANCE_COUNT + stance], i
                                indexing stance_units */
    double *stance_sum;
    uint8_t *best_plan;      /* the plan it would give now */
    double best_value;
    /* the additive fit (settings.fit): every playout's choices, one
       level a factor (the n units' options, then the stance units'
       stances), and value */
    fit_t *fit;
    uint8_t *fit_row;        /* [factors]: a playout's levels */
    int factors;
    /* the tree over the activations after the plan's (settings.depth,
       where one unit acts an activation), or NULL */
    acttree_t *acts;
    int act_depth;
};

/*  The search must end now: stopped, or past its deadline.  Any thread;
 *  the caller's stop flag and hook are polled by the searching thread
 *  (keep_going), which sets `abort`. */
static bool
aborted (ctx_t *c)
{
    if (atomic_load_explicit (&c->abort, memory_order_relaxed))
        return true;
    if (c->deadline < INFINITY && search_now () >= c->deadline) {
        atomic_store (&c->abort, true);
        return true;
    }
    return false;
}

/*  A job whose value may be read and counts. */
static bool
job_ok (job_t *job)
{
    return atomic_load_explicit (&job->finished, memory_order_acquire)
        && job->valid;
}

/*  A full move (a gallop for cavalry) of unit `un` towards `to`: the
 *  script's one way of going somewhere. */
static order_t
full_move (const unit_t *un, vec2_t to)
{
    order_t m = order_hold ();
    m.kind = ORDER_MOVE;
    m.pace = un->arm == ARM_CAVALRY ? ORDER_PACE_GALLOP : ORDER_PACE_FULL;
    m.has_to = true;
    m.to = to;
    return m;
}

/*  The script's last turns at the objectives, for unit u pressing on:
 *  the time limit counts who holds them when it comes, and a unit that
 *  closes on the nearest enemy then walks past a farm it could have
 *  taken.  1 with *take a full move (a gallop) to the objective of the
 *  most value its side does not hold whose radius a move in the open
 *  (game_move_cm) reaches, the nearer of equals; 0 when the unit already
 *  stands within the radius of an objective, which it keeps by not
 *  moving; the move keeps the unit's formation where the rules take
 *  that; -1 otherwise, before the last SEARCH_OBJECTIVE_TURNS turns,
 *  and for a unit that cannot hold (game_unit_holds). */
static int
script_objective (const game_t *g, int u, order_t *take)
{
    const scenario_t *sc = game_scenario (g);
    int count = scenario_objective_count (sc);
    if (count == 0
        || game_turn (g) <= game_last_turn (g) - SEARCH_OBJECTIVE_TURNS
        || !game_unit_holds (g, u))
        return -1;
    const unit_t *un = situation_unit_const (game_situation (g), u);
    double move = game_move_cm (g, u, NULL);
    int best = -1;
    double best_gap = INFINITY;
    for (int i = 0; i < count; i++) {
        const scenario_objective_t *o = scenario_objective (sc, i);
        double gap = footprint_point_distance (&un->fp, o->at) - o->radius;
        if (gap <= 0)
            return 0;
        if (game_objective_holder (g, i) == (int) un->side || gap > move)
            continue;
        if (best < 0 || o->value > scenario_objective (sc, best)->value
            || (o->value == scenario_objective (sc, best)->value
                && gap < best_gap))
            best = i, best_gap = gap;
    }
    if (best < 0)
        return -1;
    *take = full_move (un, scenario_objective (sc, best)->at);
    /* in the formation it has: a march column formed on the way would
       spend the move that takes the objective */
    take->has_formation = true;
    take->formation = un->formation;
    char err[SOLO_ERR_MAX];
    if (game_check_order (g, u, take, err, sizeof err) != 0)
        take->has_formation = false;
    return 1;
}

order_t
search_script_order (const game_t *g, int u, commander_stance_t stance)
{
    assert (g && u >= 0 && u < game_unit_count (g));
    if (stance == COMMANDER_STANCE_HOLD)
        return order_hold ();
    const situation_t *sit = game_situation (g);
    const unit_t *un = situation_unit_const (sit, u);
    const ruleset_t *rs = situation_ruleset (sit);
    const weapon_t *w = ruleset_weapon (rs, un->weapon);
    char err[SOLO_ERR_MAX];
    int n = game_unit_count (g);
    /* the nearest enemy in play it can see: the three nearest are tried
       in turn, nearest first (sight costs more than distance) */
    int near = -1;
    double near_d = INFINITY;
    int last = -1;
    double last_d = -1;
    for (int tries = 0; tries < 3; tries++) {
        int best = -1;
        double best_d = INFINITY;
        for (int e = 0; e < n; e++) {
            const unit_t *x = situation_unit_const (sit, e);
            if (x->side == un->side || game_unit (g, e)->gone
                || unit_figures_standing (x) <= 0)
                continue;
            double d = situation_unit_distance (sit, u, e);
            bool farther = d > last_d || (d == last_d && e > last);
            if (farther && d < best_d)
                best_d = d, best = e;
        }
        if (best < 0)
            break;
        last = best;
        last_d = best_d;
        if (situation_can_see (sit, u, best, NULL, NULL)) {
            near = best;
            near_d = best_d;
            break;
        }
    }
    order_t o = order_hold ();
    if (near >= 0) {
        o.has_facing = true;
        o.facing = geom_bearing (un->fp.centre,
                                 situation_unit_const (sit, near)->fp.centre);
        game_aim (g, u, near, &o);   /* formed to fire, as a player halts */
    }
    if (un->arm == ARM_COMMAND) {
        vec2_t sum = { 0, 0 };
        int k = 0;
        for (int v = 0; v < n; v++) {
            const unit_t *x = situation_unit_const (sit, v);
            if (v == u || x->side != un->side || x->arm == ARM_COMMAND
                || game_unit (g, v)->gone || unit_figures_standing (x) <= 0)
                continue;
            sum.x += x->fp.centre.x;
            sum.y += x->fp.centre.y;
            k++;
        }
        vec2_t mid = { k ? sum.x / k : 0, k ? sum.y / k : 0 };
        if (k && geom_dist (mid, un->fp.centre)
                     > ruleset_settings (rs)->command_open_cm / 2) {
            order_t m = order_hold ();
            m.kind = ORDER_MOVE;
            m.has_to = true;
            m.to = mid;
            m.pace = un->arm == ARM_CAVALRY ? ORDER_PACE_WALK : ORDER_PACE_FULL;
            return m;
        }
        return o;
    }
    bool stay = false;
    if (stance == COMMANDER_STANCE_PRESS) {
        order_t take;
        int at = script_objective (g, u, &take);
        if (at > 0)
            return take;
        stay = at == 0;
    }
    if (near < 0)
        return o;
    if (stance == COMMANDER_STANCE_FALL_BACK) {
        vec2_t from = situation_unit_const (sit, near)->fp.centre;
        return full_move (un, situation_move_towards (
                                  sit, un->fp.centre,
                                  geom_bearing (from, un->fp.centre),
                                  game_move_cm (g, u, NULL)));
    }
    /* where charges are declared after the move, a unit pressing on
       declares the charge at its enemy that the rules let it declare
       now (a phase's legal orders list charges only where they are
       declared) */
    double charge_reach = game_charge_after_move_cm (g, u);
    order_t charge;
    if (stance == COMMANDER_STANCE_PRESS && !stay && charge_reach > 0
        && near_d <= charge_reach && game_legal_charge (g, u, near, &charge)) {
        charge.follow_up = true;
        return charge;
    }
    double reach = ruleset_weapon_reach (rs, un);
    if (reach > 0 && near_d <= reach) {
        order_t f = o;
        f.kind = ORDER_FIRE;
        f.target = near;
        f.fire = true;
        if (game_check_order (g, u, &f, err, sizeof err) == 0)
            return f;
    }
    if (stance == COMMANDER_STANCE_STAND || stay
        || (w->muzzle_loaded && !(un->status & STATUS_LOADED)))
        return o;                   /* hold (at the objective), or halt
                                       to load */
    if (reach <= 0) {
        order_t c = order_hold ();
        c.kind = ORDER_CHARGE;
        c.target = near;
        c.follow_up = true;
        if (game_check_order (g, u, &c, err, sizeof err) == 0)
            return c;
    }
    return full_move (un, situation_unit_const (sit, near)->fp.centre);
}

/*  The dice of one phase of a playout: every phase begins on a seed of
 *  its own, so two plans played on the same seed meet the same command
 *  dice, the same table dice and the same shooting dice as far as they
 *  can (common random numbers, and paired comparisons). */
static void
phase_dice (worker_t *w, uint64_t seed, const game_t *g, int step)
{
    /* a turn of alternating activations has up to 2 x SOLO_MAX_UNITS
       phases: no two (turn, phase, step) share a number */
    dice_reseed (w->dice, mix (seed, ((uint64_t) game_turn (g) << 20)
                                     + (uint64_t) game_phase (g) * 2
                                     + (uint64_t) step));
}

/*  A uniform number in [0, 1) from a and b. */
static double
uniform (uint64_t a, uint64_t b)
{
    return (double) (mix (a, b) >> 11) * 0x1p-53;
}

void
search_fog_place (const search_problem_t *p, game_t *g, uint64_t world)
{
    assert (p && g);
    if (!p->unseen)
        return;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (p->unseen[e] < 0)
            continue;
        unit_t *x = situation_unit (game_situation_mut (g), e);
        vec2_t seen = x->fp.centre;
        int turns = p->unseen[e] + 1;
        if (turns > SEARCH_FOG_TURNS)
            turns = SEARCH_FOG_TURNS;
        double ground = turns * game_move_cm (g, e, NULL);
        bool placed = false;
        for (int k = 0; k < SEARCH_FOG_DRAWS && !placed; k++) {
            uint64_t draw = mix (world, (uint64_t) e * SEARCH_FOG_DRAWS + k);
            double r = ground * sqrt (uniform (draw, 1));
            double bearing = 360.0 * uniform (draw, 2);
            x = situation_unit (game_situation_mut (g), e);
            x->fp.centre = situation_move_towards (game_situation (g), seen,
                                                   bearing, r);
            placed = !game_side_sees (g, p->side, e)
                  && situation_overlaps (game_situation (g), e, NULL, 0) == 0;
        }
        if (!placed) {
            x = situation_unit (game_situation_mut (g), e);
            x->fp.centre = seen;
        }
    }
}

/*  Give unit `u` order `o`, or a hold when the rules refuse it (a script
 *  or a table order the position does not allow).  False when the rules
 *  refuse even the hold: the playout cannot go on honestly. */
static bool
order_or_hold (game_t *g, int u, const order_t *o)
{
    char err[SOLO_ERR_MAX];
    if (game_apply_order (g, u, o, err, sizeof err) == 0)
        return true;
    order_t hold = order_hold ();
    return game_apply_order (g, u, &hold, err, sizeof err) == 0;
}

/*  The order of unit `u` (waiting for one) in a playout of `plan`: under
 *  the script (commanded and `rollout` giving it the script) its plan's
 *  option while the rules take it, else the script in the unit's stance
 *  in the plan; else the actions tables, the side's
 *  variant where it has one.  False when the rules refuse even a hold. */
static bool
playout_order (ctx_t *c, worker_t *w, game_t *g, const uint8_t *plan, int u,
               commander_rollout_t rollout)
{
    const search_problem_t *p = c->p;
    int count = game_unit_count (g);
    order_t o;
    if (rollout != COMMANDER_ROLLOUT_TABLE
        && (rollout == COMMANDER_ROLLOUT_BOTH
            || (int) situation_unit_const (game_situation (g), u)->side
                   == p->side)
        && !game_table_bound (g, u)) {
        /* a unit of the plan keeps its option while the rules take it
           (an advance goes on to its point, a charge is declared in the
           charge phase, a volley fired again) */
        char err[SOLO_ERR_MAX];
        int i = w->kept[u];
        if (i >= 0) {
            o = p->units[i].options[plan[i]].order;
            if (game_apply_order (g, u, &o, err, sizeof err) == 0)
                return true;
        }
        o = search_script_order (g, u, (commander_stance_t) plan[c->n + u]);
        return order_or_hold (g, u, &o);
    }
    /* its own side's table layer plays the side's variant of the
       tables, when it has one */
    situation_t *view = NULL;
    if (w->view && (int) situation_unit_const (game_situation (g), u)->side
                       == p->side) {
        view = w->view;
        search_variant_sync (view, game_situation (g));
    }
    /* a platoon keeping company is diced once, as in a battle */
    if (strategy_table_order_on (g, view, u, w->group_roll[u], w->dice, &o,
                                 w->rfd, NULL, 0) < 0)
        w->rfd->order.group_count = 0;
    for (int i = 0; i < w->rfd->order.group_count; i++) {
        int m = w->rfd->order.group[i];
        if (m >= 0 && m < count && !w->group_roll[m])
            w->group_roll[m] = w->rfd->roll;
    }
    return order_or_hold (g, u, &o);
}

double
search_nearest_enemy_cm (const game_t *g, int u)
{
    assert (g && u >= 0 && u < game_unit_count (g));
    const situation_t *sit = game_situation (g);
    int side = (int) situation_unit_const (sit, u)->side;
    double best = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++)
        if ((int) situation_unit_const (sit, e)->side != side
            && game_unit_in_play (g, e)) {
            double d = situation_unit_distance (sit, u, e);
            if (d < best)
                best = d;
        }
    return best;
}

/*  The activation's candidates for the tree into `step`: the waiting
 *  units of the side to act, nearest an enemy in play first (the
 *  nearest ACTTREE_CHILDREN), the index breaking ties. */
static void
activation_candidates (const game_t *g, acttree_step_t *step)
{
    int count = game_unit_count (g);
    double near[ACTTREE_CHILDREN];
    step->side = game_phase_side (g);
    step->count = 0;
    for (int u = 0; u < count; u++) {
        if (!game_needs_order (g, u))
            continue;
        double d = search_nearest_enemy_cm (g, u);
        int k = step->count < ACTTREE_CHILDREN ? step->count++
                                                : ACTTREE_CHILDREN;
        while (k > 0 && near[k - 1] > d) {
            if (k < ACTTREE_CHILDREN) {
                near[k] = near[k - 1];
                step->unit[k] = step->unit[k - 1];
            }
            k--;
        }
        if (k < ACTTREE_CHILDREN) {
            near[k] = d;
            step->unit[k] = u;
        }
    }
}

/*  Play job's plan out: its orders now, then the script or the actions
 *  tables for every later order (where one unit acts an activation, the
 *  first waiting unit's alone), until `horizon` turns have begun after
 *  this one, or settings.phases phases of orders have been played after
 *  the plan's, or the battle ends.  In the activation tree's first
 *  activations the job's pick is ordered first, so it acts, and
 *  job->steps say what each activation was.  False when the search is
 *  stopped on the way, or when a unit can take no order at all (the
 *  playout is not counted). */
static bool
playout (ctx_t *c, worker_t *w, job_t *job, double *value)
{
    const search_problem_t *p = c->p;
    const uint8_t *plan = job->plan;
    uint64_t seed = job->seed;
    int horizon = job->horizon;
    game_t *g = w->game;
    for (int k = 0; k < c->act_depth; k++)
        job->steps[k] = (acttree_step_t) { .side = -1, .acted = -1 };
    if (game_copy_into (g, p->root) < 0)
        return false;
    if (p->settings.fog > 0)
        search_fog_place (p, g, mix (c->seed ^ 0xF06F06ULL,
                                     seed % (uint64_t) p->settings.fog));
    for (int i = 0; i < c->n; i++) {
        const portfolio_option_t *opt = &p->units[i].options[plan[i]];
        if (game_needs_order (g, opt->unit)
            && !order_or_hold (g, opt->unit, &opt->order))
            return false;
    }
    int end_turn = game_turn (p->root) + horizon;
    int count = game_unit_count (g);
    for (int u = 0; u < count; u++)
        w->kept[u] = -1;
    if (p->settings.keep_options)
        for (int i = 0; i < c->n; i++)
            w->kept[p->units[i].options[plan[i]].unit] = i;
    int ordered = 0;         /* order phases played after the plan's */
    /* where one unit acts an activation, the first ordered acts and the
       rules drop the others' orders: they are not worked out */
    bool one_acts = game_engine (g)->one_acts;
    /* who commands the enemy in this playout: the script or the tables,
       by the playout's seed under mixed, so that every plan meets both
       on the same seeds */
    commander_rollout_t rollout = p->settings.rollout;
    if (rollout == COMMANDER_ROLLOUT_MIXED)
        rollout = mix (seed, 0x4D495845ULL) & 1 ? COMMANDER_ROLLOUT_BOTH
                                                : COMMANDER_ROLLOUT_SCRIPT;
    for (;;) {
        phase_dice (w, seed, g, 1);
        game_resolve_phase (g, w->dice);
        if (game_over (g) || (game_turn (g) >= end_turn && game_phase (g) == 0)
            || (p->settings.phases > 0 && ordered >= p->settings.phases))
            break;
        if (aborted (c))
            return false;
        phase_dice (w, seed, g, 0);
        game_begin_phase (g, w->dice);
        if (game_phase_side (g) < 0)
            continue;
        ordered++;
        memset (w->group_roll, 0, (size_t) count * sizeof *w->group_roll);
        /* in the tree's activations its pick is ordered first, so it is
           the one that acts */
        int first = -1;
        acttree_step_t *step = c->acts && ordered <= c->act_depth
                             ? &job->steps[ordered - 1] : NULL;
        if (step) {
            activation_candidates (g, step);
            int pick = job->picks[ordered - 1];
            if (pick >= 0 && pick < count && game_needs_order (g, pick)) {
                if (!playout_order (c, w, g, plan, pick, rollout))
                    return false;
                first = pick;
            }
        }
        for (int u = 0; u < count; u++) {
            if (u == first || !game_needs_order (g, u))
                continue;
            if (first < 0)
                first = u;
            else if (one_acts)
                break;       /* the others' orders would be dropped */
            if (!playout_order (c, w, g, plan, u, rollout))
                return false;
        }
        if (step)
            step->acted = first;
    }
    /* the enemy it has never seen is out of play in its view: a battle
       "won" because no enemy is left proves nothing */
    if (game_over (g) && p->enemy_unknown) {
        game_result_t r;
        game_result (g, &r);
        if (r.units_left[1 - p->side] == 0 && r.units_left[p->side] > 0) {
            *value = evaluate_position (g, p->side, &p->settings.personality);
            return true;
        }
    }
    *value = search_evaluate (g, p->side, &p->settings.personality);
    return true;
}

static void
run_job (worker_t *w, job_t *job)
{
    ctx_t *c = w->ctx;
    atomic_fetch_add (&c->runs, 1);
    job->valid = !aborted (c)
              && playout (c, w, job, &job->value);
    atomic_store_explicit (&job->finished, true, memory_order_release);
}

/*  The ticket's fields: generation (16 bits), job count (24), index (24). */
#define TICKET_GEN(t)    ((unsigned) ((t) >> 48) & 0xffffu)
#define TICKET_COUNT(t)  ((int) (((t) >> 24) & 0xffffffu))
#define TICKET_INDEX(t)  ((int) ((t) & 0xffffffu))
#define TICKET_MAX_JOBS  0xffffff

/*  Take jobs until the batch the ticket hands out has none left.  The
 *  ticket says which batch a job is of: a worker late from one batch may
 *  take a job of the next (its jobs are ready before its ticket is), and
 *  no job is taken by two workers or lost. */
static void
work (worker_t *w)
{
    ctx_t *c = w->ctx;
    for (;;) {
        uint_fast64_t t = atomic_fetch_add (&c->ticket, 1);
        int j = TICKET_INDEX (t), count = TICKET_COUNT (t);
        unsigned generation = TICKET_GEN (t);
        if (j >= count)
            return;
        run_job (w, &c->jobs[j]);
        /* counted in its own batch only */
        uint_fast64_t d = atomic_load (&c->done);
        while ((unsigned) (d >> 32) == generation
               && !atomic_compare_exchange_weak (&c->done, &d, d + 1))
            ;
        if ((unsigned) (d >> 32) == generation
            && (int) (d & 0xffffffffu) + 1 == count) {
            pthread_mutex_lock (&c->mu);
            pthread_cond_signal (&c->finished);
            pthread_mutex_unlock (&c->mu);
        }
    }
}

/*  Jobs of batch `generation` finished so far. */
static int
done_in (ctx_t *c, unsigned generation)
{
    uint_fast64_t d = atomic_load (&c->done);
    return (unsigned) (d >> 32) == (generation & 0xffffu)
         ? (int) (d & 0xffffffffu) : 0;
}

static void ctx_release (ctx_t *c);

static void *
worker_main (void *arg)
{
    worker_t *w = arg;
    ctx_t *c = w->ctx;
    pthread_mutex_lock (&c->mu);
    int seen = c->generation;
    for (;;) {
        while (c->generation == seen && !c->quit)
            pthread_cond_wait (&c->go, &c->mu);
        if (c->quit)
            break;
        seen = c->generation;
        pthread_mutex_unlock (&c->mu);
        work (w);
        pthread_mutex_lock (&c->mu);
    }
    pthread_mutex_unlock (&c->mu);
    ctx_release (c);
    return NULL;
}

/*  The caller's stop flag and stop hook (searching thread only): true
 *  sets `abort` and `stopped`. */
static bool
stop_asked (ctx_t *c)
{
    const search_problem_t *p = c->p;
    bool stop = (p->stop_fn && p->stop_fn (p->stop_arg))
             || (p->stop_flag && atomic_load (p->stop_flag));
    if (stop) {
        c->stopped = true;
        atomic_store (&c->abort, true);
    }
    return stop;
}

/*  The hash of a plan's n options. */
static uint64_t
plan_hash (const uint8_t *plan, int n)
{
    uint64_t h = 0xCBF29CE484222325ULL;
    for (int i = 0; i < n; i++) {
        h ^= plan[i];
        h *= 0x100000001B3ULL;
    }
    return h;
}

/*  Play jobs[0..count-1].  With other threads, the searching thread
 *  does not wait for them past the deadline or a stop: a job not
 *  finished by then does not count (job_ok), and no batch follows.  The
 *  activation tree, where there is one, chooses each job's path before
 *  and takes in the activations played after. */
static void
run_batch (ctx_t *c, int count)
{
    if (count <= 0)
        return;
    for (int j = 0; j < count; j++)
        atomic_store (&c->jobs[j].finished, false);
    if (c->acts)
        for (int j = 0; j < count; j++)
            acttree_choose (c->acts, plan_hash (c->jobs[j].plan, c->n),
                            c->jobs[j].picks);
    assert (count <= TICKET_MAX_JOBS);
    if (c->threads == 1) {
        for (int j = 0; j < count; j++)
            run_job (&c->workers[0], &c->jobs[j]);
    }
    else {
        pthread_mutex_lock (&c->mu);
        c->generation++;
        unsigned gen = (unsigned) c->generation & 0xffffu;
        atomic_store (&c->done, (uint_fast64_t) gen << 32);
        atomic_store (&c->ticket, ((uint_fast64_t) gen << 48)
                                  | ((uint_fast64_t) count << 24));
        pthread_cond_broadcast (&c->go);
        pthread_mutex_unlock (&c->mu);
        work (&c->workers[0]);
        pthread_mutex_lock (&c->mu);
        while (done_in (c, gen) < count && !aborted (c)
               && !stop_asked (c)) {
            /* wake at the deadline, and every few ms for the stop */
            double until = search_now () + 0.002;
            if (c->deadline < until)
                until = c->deadline;
            struct timespec ts;
            ts.tv_sec = (time_t) until;
            ts.tv_nsec = (long) ((until - (double) ts.tv_sec) * 1e9);
            pthread_cond_timedwait (&c->finished, &c->mu, &ts);
        }
        pthread_mutex_unlock (&c->mu);
    }
    c->issued += count;
    for (int j = 0; j < count; j++)
        c->played += job_ok (&c->jobs[j]);
    if (c->acts) {
        for (int j = 0; j < count; j++)
            if (job_ok (&c->jobs[j]))
                acttree_fold (c->acts, plan_hash (c->jobs[j].plan, c->n),
                              c->jobs[j].steps, c->p->side,
                              c->jobs[j].value);
        acttree_settle (c->acts);
    }
}

/*  ---- statistics ---- */

/*  The arm of `plan`, made when new and there is room; NULL when full. */
static plan_arm_t *
arm_of (ctx_t *c, const uint8_t *plan)
{
    uint64_t h = plan_hash (plan, c->n);
    int mask = c->arm_slots - 1;
    for (int k = (int) (h & (uint64_t) mask);; k = (k + 1) & mask) {
        plan_arm_t *a = &c->arms[k];
        if (a->index < 0) {
            if (c->arm_count >= c->arm_cap)
                return NULL;
            a->hash = h;
            a->visits = 0;
            a->sum = 0;
            c->arm_list[c->arm_count] = k;
            a->index = c->arm_count++;
            memcpy (c->arm_plans + (size_t) a->index * c->n, plan, c->n);
            return a;
        }
        if (a->hash == h
            && memcmp (c->arm_plans + (size_t) a->index * c->n, plan, c->n)
                   == 0)
            return a;
    }
}

static const uint8_t *
arm_plan (const ctx_t *c, const plan_arm_t *a)
{
    return c->arm_plans + (size_t) a->index * c->n;
}

/*  Fold one playout of `plan` into the statistics. */
static void
record (ctx_t *c, const uint8_t *plan, double value)
{
    plan_arm_t *a = arm_of (c, plan);
    if (a) {
        a->visits++;
        a->sum += value;
    }
    for (int i = 0; i < c->n; i++) {
        c->local_visits[i * PORTFOLIO_MAX + plan[i]]++;
        c->local_sum[i * PORTFOLIO_MAX + plan[i]] += value;
        c->local_sum2[i * PORTFOLIO_MAX + plan[i]] += value * value;
    }
}

static double
arm_mean (const plan_arm_t *a)
{
    return a->visits > 0 ? a->sum / a->visits : 0.5;
}

/*  The arm with the most playouts (ties: the better mean), or NULL. */
static const plan_arm_t *
most_visited (const ctx_t *c, const plan_arm_t *const *skip, int nskip)
{
    const plan_arm_t *best = NULL;
    for (int k = 0; k < c->arm_count; k++) {
        const plan_arm_t *a = &c->arms[c->arm_list[k]];
        if (a->visits == 0)
            continue;
        bool skipped = false;
        for (int s = 0; s < nskip; s++)
            skipped |= skip[s] == a;
        if (skipped)
            continue;
        if (!best || a->visits > best->visits
            || (a->visits == best->visits
                && (arm_mean (a) > arm_mean (best)
                    || (arm_mean (a) == arm_mean (best)
                        && a->index < best->index))))
            best = a;
    }
    return best;
}

/*  ---- reporting ---- */

void
search_plan_words (const search_problem_t *p, const int *choice, char *buf,
                   int len)
{
    assert (buf && len > 0);
    int used = 0;
    buf[0] = 0;
    const situation_t *sit = game_situation (p->root);
    for (int i = 0; i < p->n && used < len - 1; i++) {
        const portfolio_option_t *opt = &p->units[i].options[choice[i]];
        int w = snprintf (buf + used, (size_t) (len - used), "%s%s: %s",
                          i ? "; " : "",
                          situation_unit_const (sit, opt->unit)->id,
                          opt->name);
        if (w < 0)
            break;
        used += w;
    }
}

static void
bytes_words (const ctx_t *c, const uint8_t *plan, char *buf, int len)
{
    int choice[256];
    int n = c->n < 256 ? c->n : 256;
    for (int i = 0; i < n; i++)
        choice[i] = plan[i];
    search_problem_t p = *c->p;
    p.n = n;
    search_plan_words (&p, choice, buf, len);
}

static void
progress (ctx_t *c, bool force)
{
    const search_problem_t *p = c->p;
    if (!p->progress_fn)
        return;
    double now = search_now ();
    if (!force && (now - c->last_progress) * 1000.0 < p->progress_every_ms)
        return;
    c->last_progress = now;
    char words[COMMANDER_PLAN_MAX];
    bytes_words (c, c->best_plan, words, sizeof words);
    commander_progress_t pr = {
        .playouts = c->played, .elapsed_ms = (now - p->start) * 1000.0,
        .best_value = c->best_value, .stage = c->stage,
        .best_plan = words };
    p->progress_fn (p->progress_arg, &pr);
}

/*  Between batches: the stop hook, the progress report; false once the
 *  search must end, or the stage (stage_until) has had its time. */
static bool
keep_going (ctx_t *c)
{
    stop_asked (c);
    progress (c, false);
    return !aborted (c)
        && (c->stage_until == INFINITY || search_now () < c->stage_until);
}

/*  The dice seed of the k-th playout: with `worlds` set, the playouts
 *  cycle through that many dice worlds, the same for every plan, so that
 *  plans are compared on the same dice (common random numbers; the dice
 *  keyed by unit and deed, settings.keyed); else every playout throws
 *  new dice. */
static uint64_t
world (const ctx_t *c, uint64_t k)
{
    int worlds = c->p->settings.worlds;
    return mix (c->seed, 0x574F524CULL + (worlds > 0 ? k % (uint64_t) worlds
                                                     : k));
}

/*  The job's stances (the enemy's plan): the search's now. */
static void
job_stances (const ctx_t *c, job_t *job)
{
    memcpy (job->plan + c->n, c->stances, (size_t) (c->plan_bytes - c->n));
}

/*  How many more playouts may be issued: at most `most`, within the
 *  playout budget and, when `total` >= 0, with no more than `total`
 *  issued in all. */
static long
room (const ctx_t *c, long most, long total)
{
    long budget = c->p->settings.playouts;
    long left = most;
    if (budget > 0 && budget - c->issued < left)
        left = budget - c->issued;
    if (total >= 0 && total - c->issued < left)
        left = total - c->issued;
    if (c->stage_cap >= 0 && c->stage_cap - c->issued < left)
        left = c->stage_cap - c->issued;
    return left;
}

/*  ---- Portfolio Greedy Search and the greedy ---- */

/*  The mean value of each candidate: jobs k*S .. k*S+S-1 are candidate
 *  k's; -1 when one of them was not played out. */
static double
candidate_mean (const ctx_t *c, int k, int samples)
{
    double sum = 0;
    for (int j = k * samples; j < (k + 1) * samples; j++) {
        if (!job_ok (&c->jobs[j]))
            return -1;
        sum += c->jobs[j].value;
    }
    return sum / samples;
}

/*  Set up the jobs of candidates: base plan with unit i's option each of
 *  options[0..count-1], each on the `samples` common seeds. */
static int
candidate_jobs (ctx_t *c, const uint8_t *base, int i, const int *options,
                int count, int samples, int horizon)
{
    int j = 0;
    for (int k = 0; k < count; k++)
        for (int s = 0; s < samples; s++, j++) {
            job_t *job = &c->jobs[j];
            memcpy (job->plan, base, c->n);
            job_stances (c, job);
            if (i >= 0)
                job->plan[i] = (uint8_t) options[k];
            job->seed = world (c, (uint64_t) s);
            job->horizon = horizon;
        }
    return j;
}

/*  The enemy's half of Portfolio Greedy Search: each enemy unit of
 *  c->foes in turn takes the stance that values worst for the side
 *  against its plan c->best_plan, the others' fixed, all on the same
 *  seeds.  `best` is the plan's value against the enemy's plan so far
 *  and becomes its value against the improved one.  False when the
 *  budget, the clock or a stop ended it. */
static bool
improve_foes (ctx_t *c, long cap, double until, double *best)
{
    int samples = c->p->settings.samples;
    int tries = COMMANDER_STANCE_COUNT - 1;
    for (int f = 0; f < c->foe_count; f++) {
        int e = c->foes[f];
        if (room (c, (long) tries * samples, cap) < (long) tries * samples
            || (until < INFINITY && search_now () >= until)
            || !keep_going (c))
            return false;
        int stances[COMMANDER_STANCE_COUNT];
        int j = 0, k = 0;
        for (int s = 0; s < COMMANDER_STANCE_COUNT; s++)
            if (s != c->stances[e])
                stances[k++] = s;
        for (k = 0; k < tries; k++)
            for (int s = 0; s < samples; s++, j++) {
                job_t *job = &c->jobs[j];
                memcpy (job->plan, c->best_plan, c->n);
                job_stances (c, job);
                job->plan[c->n + e] = (uint8_t) stances[k];
                job->seed = world (c, (uint64_t) s);
                job->horizon = c->p->settings.horizon;
            }
        run_batch (c, j);
        for (k = 0; k < tries; k++) {
            double m = candidate_mean (c, k, samples);
            if (m >= 0 && m < *best) {
                *best = m;
                c->stances[e] = (uint8_t) stances[k];
            }
        }
        if (aborted (c))
            return false;
    }
    return true;
}

/*  PGS's pass over the side's units, SEARCH_PGS_ROUNDS times at most:
 *  each unit in turn tries its other options on the `samples` common
 *  dice worlds, the rest of c->best_plan fixed, and takes the one of the
 *  best mean if it beats `best`, the plan's mean on those worlds.  With
 *  `keep_confident`, a unit that needs evidence to leave its first
 *  option (settings.confidence or its own above 0) is left as it is.
 *  Ends early at `cap` issued playouts (-1: none), at `until`, or when
 *  the budget, the clock or a stop ends the search. */
static void
improve_units (ctx_t *c, long cap, double until, double best,
               bool keep_confident)
{
    const search_problem_t *p = c->p;
    int samples = p->settings.samples;
    int horizon = p->settings.horizon;
    uint8_t *plan = c->best_plan;
    int options[PORTFOLIO_MAX];
    for (int round = 0; round < SEARCH_PGS_ROUNDS; round++) {
        bool changed = false;
        for (int i = 0; i < c->n; i++) {
            const search_unit_t *su = &p->units[i];
            if (keep_confident
                && fmax (p->settings.confidence, su->confidence) > 0)
                continue;
            int count = 0;
            for (int k = 0; k < su->count; k++)
                if (k != plan[i])
                    options[count++] = k;
            if (count == 0)
                continue;
            if (room (c, (long) count * samples, cap) < (long) count * samples
                || (until < INFINITY && search_now () >= until)
                || !keep_going (c))
                return;
            int jobs = candidate_jobs (c, plan, i, options, count, samples,
                                       horizon);
            run_batch (c, jobs);
            int pick = -1;
            for (int k = 0; k < count; k++) {
                double m = candidate_mean (c, k, samples);
                if (m < 0)
                    continue;
                for (int s = 0; s < samples; s++)
                    record (c, c->jobs[k * samples + s].plan,
                            c->jobs[k * samples + s].value);
                if (m > best) {
                    best = m;
                    pick = options[k];
                }
            }
            if (pick >= 0) {
                plan[i] = (uint8_t) pick;
                c->best_value = best;
                changed = true;
            }
            if (aborted (c))
                return;
        }
        if (!changed)
            break;
    }
}

/*  Portfolio Greedy Search: from the default plan, each unit in turn
 *  takes the option that values best with the others fixed, all on the
 *  same seeds; a pass that changes nothing ends it.  Stops when the
 *  playouts reach `cap` or the clock `until`.  Leaves the plan in
 *  c->best_plan and its value in c->best_value. */
static void
pgs (ctx_t *c, long cap, double until)
{
    const search_problem_t *p = c->p;
    int samples = p->settings.samples;
    int horizon = p->settings.horizon;
    uint8_t *plan = c->best_plan;
    c->stage = "pgs";
    /* the default plan */
    if (room (c, samples, cap) < samples || !keep_going (c))
        return;
    int jobs = candidate_jobs (c, plan, -1, NULL, 1, samples, horizon);
    run_batch (c, jobs);
    double best = candidate_mean (c, 0, samples);
    if (best < 0)
        return;
    /* the enemy's plan first, the side's against it (the playouts
       against the enemy's first plan do not count) */
    bool whole = true;
    if (c->foe_count > 0) {
        c->stage = "pgs-enemy";
        whole = improve_foes (c, cap, until, &best);
        c->stage = "pgs";
    }
    else
        for (int s = 0; s < samples; s++)
            record (c, c->jobs[s].plan, c->jobs[s].value);
    c->best_value = best;
    if (whole)
        improve_units (c, cap, until, best, false);
}

/*  One turn: each unit alone, the others at their first option, takes
 *  the option whose playouts to the end of this turn value best on the
 *  common seeds.  0, or -1 out of memory. */
static int
one_turn (ctx_t *c, int *choice)
{
    const search_problem_t *p = c->p;
    int samples = p->settings.samples;
    int options[PORTFOLIO_MAX];
    uint8_t *base = calloc (1, (size_t) c->n);
    c->stage = "one-turn";
    double total = 0;
    int valued = 0;
    for (int i = 0; base && i < c->n; i++) {
        const search_unit_t *su = &p->units[i];
        choice[i] = 0;
        if (su->count <= 1 || !keep_going (c))
            continue;
        for (int k = 0; k < su->count; k++)
            options[k] = k;
        int jobs = candidate_jobs (c, base, i, options, su->count, samples, 1);
        run_batch (c, jobs);
        double best = -1;
        for (int k = 0; k < su->count; k++) {
            double m = candidate_mean (c, k, samples);
            if (m < 0)
                continue;
            for (int s = 0; s < samples; s++)
                record (c, c->jobs[k * samples + s].plan,
                        c->jobs[k * samples + s].value);
            if (m > best) {
                best = m;
                choice[i] = k;
            }
        }
        if (best >= 0) {
            total += best;
            valued++;
        }
        c->best_plan[i] = (uint8_t) choice[i];
    }
    c->best_value = valued ? total / valued : 0.5;
    bool ok = base != NULL;
    free (base);
    return ok ? 0 : -1;
}

/*  ---- NaiveMCTS ---- */

/*  One of unit i's options that no playout has tried (nor, with
 *  `pending`, any of this batch so far), drawn at random; -1 when every
 *  option has been tried.  Drawn, not the first: taking the first, units
 *  with as many options as each other moved in step (every playout gave
 *  them all their k-th option), and their statistics could not tell one
 *  unit's effect from another's. */
static int
untried_option (ctx_t *c, int i, const long *pending)
{
    const long *visits = c->local_visits + i * PORTFOLIO_MAX;
    int untried[PORTFOLIO_MAX], count = 0;
    for (int k = 0; k < c->p->units[i].count; k++)
        if (visits[k] + (pending ? pending[i * PORTFOLIO_MAX + k] : 0) == 0)
            untried[count++] = k;
    return count > 0 ? untried[dice_below (c->rng, (uint32_t) count)] : -1;
}

/*  A unit's option by its local bandit: an option never tried first
 *  (untried_option), else the best mean; or at random. */
static int
local_choice (ctx_t *c, int i)
{
    const search_unit_t *su = &c->p->units[i];
    if (dice_uniform (c->rng) < SEARCH_EPS_LOCAL)
        return (int) dice_below (c->rng, (uint32_t) su->count);
    int untried = untried_option (c, i, NULL);
    if (untried >= 0)
        return untried;
    int best = 0;
    double best_m = -1;
    for (int k = 0; k < su->count; k++) {
        double m = c->local_sum[i * PORTFOLIO_MAX + k]
                 / c->local_visits[i * PORTFOLIO_MAX + k];
        if (m > best_m) {
            best_m = m;
            best = k;
        }
    }
    return best;
}

/*  The whole plan with the best mean so far, or NULL. */
static const plan_arm_t *
best_mean_arm (const ctx_t *c)
{
    const plan_arm_t *best = NULL;
    for (int k = 0; k < c->arm_count; k++) {
        const plan_arm_t *a = &c->arms[c->arm_list[k]];
        if (a->visits == 0)
            continue;
        if (!best || arm_mean (a) > arm_mean (best)
            || (arm_mean (a) == arm_mean (best) && a->index < best->index))
            best = a;
    }
    return best;
}

/*  NaiveMCTS at the root: each playout either explores (every unit's
 *  option from its own bandit) or exploits (the best whole plan so
 *  far); dice re-rolled in every playout. */
static void
naive_mcts (ctx_t *c)
{
    const search_problem_t *p = c->p;
    c->stage = "mcts";
    uint64_t index = 0;
    while (keep_going (c)) {
        int count = (int) room (c, SEARCH_BATCH, -1);
        if (count <= 0)
            break;
        const plan_arm_t *top_mean = best_mean_arm (c);
        for (int j = 0; j < count; j++) {
            job_t *job = &c->jobs[j];
            const plan_arm_t *exploit = NULL;
            if (dice_uniform (c->rng) >= SEARCH_EPS_EXPLORE)
                exploit = top_mean;
            if (exploit)
                memcpy (job->plan, arm_plan (c, exploit), c->n);
            else
                for (int i = 0; i < c->n; i++)
                    job->plan[i] = (uint8_t) local_choice (c, i);
            job_stances (c, job);
            job->seed = world (c, index++);
            job->horizon = p->settings.horizon;
        }
        run_batch (c, count);
        for (int j = 0; j < count; j++)
            if (job_ok (&c->jobs[j]))
                record (c, c->jobs[j].plan, c->jobs[j].value);
        const plan_arm_t *top = most_visited (c, NULL, 0);
        if (top) {
            memcpy (c->best_plan, arm_plan (c, top), c->n);
            c->best_value = arm_mean (top);
        }
    }
}

/*  ---- the additive fit ---- */

_Static_assert (PORTFOLIO_MAX <= FIT_MAX_LEVELS
                && COMMANDER_STANCE_COUNT <= PORTFOLIO_MAX,
                "an option or a stance is not a level of the fit");

/*  The fit, with room for as many playouts as SEARCH_FIT_BYTES of
 *  choices hold, no more than the playout budget.  0, or -1 out of
 *  memory.  Nothing when settings.fit is off or the tree is not UCT. */
static int
fit_start (ctx_t *c)
{
    if (c->p->settings.fit <= 0 || c->p->settings.tree != COMMANDER_TREE_UCT)
        return 0;               /* only UCT's bandits read the fit */
    c->factors = c->n + (c->p->settings.later_stances > 0
                         ? c->stance_unit_count : 0);
    long cap = SEARCH_FIT_BYTES / c->factors;
    if (c->p->settings.playouts > 0 && c->p->settings.playouts < cap)
        cap = c->p->settings.playouts;
    c->fit = fit_new (c->factors, PORTFOLIO_MAX, cap > 0 ? cap : 1);
    c->fit_row = malloc ((size_t) c->factors);
    return c->fit && c->fit_row ? 0 : -1;
}

/*  Fold the batch's playouts into the fit (none past its capacity: the
 *  fit then stands on the first it kept), refitting when it is stale
 *  (fit_stale) by more than a batch. */
static void
fit_batch (ctx_t *c, int count)
{
    if (!c->fit)
        return;
    for (int j = 0; j < count; j++) {
        job_t *job = &c->jobs[j];
        if (!job_ok (job))
            continue;
        memcpy (c->fit_row, job->plan, (size_t) c->n);
        for (int i = c->n; i < c->factors; i++)
            c->fit_row[i] = job->plan[c->n + c->stance_units[i - c->n]];
        fit_add (c->fit, c->fit_row, job->value);
    }
    if (fit_stale (c->fit, SEARCH_BATCH))
        fit_refit (c->fit);
}

/*  Factor f's fitted values for its `count` choices in out[]; NULL when
 *  there is no fit yet, and the raw means are to be used. */
static const double *
fitted_values (const ctx_t *c, int f, int count, double *out)
{
    return c->fit ? fit_values (c->fit, f, count, out) : NULL;
}

/*  ---- decoupled UCT ---- */

/*  UCB1 over `count` arms (count <= PORTFOLIO_MAX) with visits[] and
 *  value sums sum[] (or, not NULL, the fitted values fitted[]),
 *  `pending` more visits given this batch: the arm of the best mean plus
 *  settings.exploration * sqrt (ln N / visits), an arm with no visits
 *  at all first, ties at random. */
static int
ucb_pick (ctx_t *c, const long *visits, const double *sum,
          const double *fitted, const long *pending, int count)
{
    assert (count >= 1 && count <= PORTFOLIO_MAX);
    long total = 0;
    for (int k = 0; k < count; k++)
        total += visits[k] + pending[k];
    double log_total = log ((double) (total > 1 ? total : 2));
    double explore = c->p->settings.exploration;
    int best[PORTFOLIO_MAX], best_count = 0;
    double best_score = -INFINITY;
    for (int k = 0; k < count; k++) {
        long v = visits[k] + pending[k];
        double mean = fitted ? fitted[k]
                    : visits[k] > 0 ? sum[k] / visits[k] : 0.5;
        double score = v == 0 ? INFINITY
                     : mean + explore * sqrt (log_total / v);
        if (score > best_score) {
            best_score = score;
            best_count = 0;
        }
        if (score == best_score)
            best[best_count++] = k;
    }
    return best[best_count > 1 ? dice_below (c->rng, (uint32_t) best_count)
                               : 0];
}

/*  Unit i's option by UCB1 on its own statistics, `pending` counting
 *  the playouts of this batch already given to an option (so a batch
 *  spreads): an option never tried first (untried_option); ties broken
 *  at random, for the same reason. */
static int
ucb_choice (ctx_t *c, int i, const long *pending)
{
    int untried = untried_option (c, i, pending);
    if (untried >= 0)
        return untried;
    double fitted[PORTFOLIO_MAX];
    return ucb_pick (c, c->local_visits + i * PORTFOLIO_MAX,
                     c->local_sum + i * PORTFOLIO_MAX,
                     fitted_values (c, i, c->p->units[i].count, fitted),
                     pending + i * PORTFOLIO_MAX, c->p->units[i].count);
}

/*  Whether unit i's option k beats its first option (the greedy's) by
 *  `need` standard errors of the difference of their means.
 *  The variance is pooled over the unit's options played (each option's
 *  own, from a few playouts, would let an option the bandit left early
 *  look as sure as the one it kept).  False when either option has fewer
 *  than two playouts. */
static bool
beats_first (const ctx_t *c, int i, int k, double need)
{
    const long *visits = c->local_visits + i * PORTFOLIO_MAX;
    const double *s = c->local_sum + i * PORTFOLIO_MAX;
    const double *s2 = c->local_sum2 + i * PORTFOLIO_MAX;
    if (visits[0] < 2 || visits[k] < 2)
        return false;
    double squares = 0;
    long n = 0;
    int played = 0;
    for (int o = 0; o < c->p->units[i].count; o++)
        if (visits[o] > 0) {
            squares += s2[o] - s[o] * s[o] / visits[o];
            n += visits[o];
            played++;
        }
    double var = n > played ? fmax (squares, 0) / (double) (n - played) : 0;
    double se = sqrt (var * (1.0 / visits[0] + 1.0 / visits[k]));
    double gain = s[k] / visits[k] - s[0] / visits[0];
    return gain > need * se;
}

/*  c->best_plan, each unit's favourite option, settled: with
 *  settings.confidence (or the unit's own, the larger) a unit keeps its
 *  first option (the greedy's) unless its favourite beats it by that
 *  many standard errors; and the plan's value, its own mean where it was
 *  played as a whole, else the mean of its options' means. */
static void
settle_plan (ctx_t *c)
{
    double sum = 0;
    for (int i = 0; i < c->n; i++) {
        const long *visits = c->local_visits + i * PORTFOLIO_MAX;
        const double *s = c->local_sum + i * PORTFOLIO_MAX;
        int best = c->best_plan[i];
        double need = fmax (c->p->settings.confidence,
                            c->p->units[i].confidence);
        c->kept_first[i] = need > 0 && best != 0
                        && !beats_first (c, i, best, need);
        if (c->kept_first[i])
            best = 0;
        c->best_plan[i] = (uint8_t) best;
        sum += visits[best] > 0 ? s[best] / visits[best] : 0.5;
    }
    plan_arm_t *a = arm_of (c, c->best_plan);
    c->best_value = a && a->visits > 0 ? arm_mean (a) : sum / c->n;
}

/*  Each unit's most played option (ties: the better mean), settled by
 *  the confidence rule (settle_plan): at a small budget the bandit's
 *  favourite may be the luck of its dice, and the greedy's choice is the
 *  better bet; a larger budget narrows the errors and lets the search
 *  leave it where the playouts show it wrong. */
static void
most_played_plan (ctx_t *c)
{
    for (int i = 0; i < c->n; i++) {
        const long *visits = c->local_visits + i * PORTFOLIO_MAX;
        const double *s = c->local_sum + i * PORTFOLIO_MAX;
        int best = c->best_plan[i];
        for (int k = 0; k < c->p->units[i].count; k++)
            if (visits[k] > visits[best]
                || (visits[k] == visits[best] && visits[k] > 0
                    && s[k] / visits[k] > s[best] / visits[best]))
                best = k;
        c->best_plan[i] = (uint8_t) best;
    }
    settle_plan (c);
}

/*  The stance of c->stance_units[i] for the playout's later orders by
 *  UCB1 on its own bandit (a stance never tried first, ties at random),
 *  `pending` counting this batch's: the unit's script plays it once its
 *  option, if it has one in the plan, is done. */
static int
ucb_stance (ctx_t *c, int i, const long *pending)
{
    double fitted[COMMANDER_STANCE_COUNT];
    return ucb_pick (c, c->stance_visits + i * COMMANDER_STANCE_COUNT,
                     c->stance_sum + i * COMMANDER_STANCE_COUNT,
                     fitted_values (c, c->n + i, COMMANDER_STANCE_COUNT,
                                    fitted),
                     pending + i * COMMANDER_STANCE_COUNT,
                     COMMANDER_STANCE_COUNT);
}

/*  Fold the later stances a playout took into their bandits. */
static void
record_stances (ctx_t *c, const job_t *job)
{
    for (int i = 0; i < c->stance_unit_count; i++) {
        int st = job->plan[c->n + c->stance_units[i]];
        c->stance_visits[i * COMMANDER_STANCE_COUNT + st]++;
        c->stance_sum[i * COMMANDER_STANCE_COUNT + st] += job->value;
    }
}

/*  Play the batch's jobs and fold each one played into the statistics:
 *  the options', the later stances' where the tree weighs them, the
 *  fit's where there is one. */
static void
play_batch (ctx_t *c, int count)
{
    run_batch (c, count);
    bool later = c->p->settings.later_stances > 0;
    for (int j = 0; j < count; j++)
        if (job_ok (&c->jobs[j])) {
            record (c, c->jobs[j].plan, c->jobs[j].value);
            if (later)
                record_stances (c, &c->jobs[j]);
        }
    fit_batch (c, count);
}

/*  Decoupled UCT at the root: every unit has its own bandit over its
 *  options, a playout plays the plan of their choices, its value goes to
 *  each chosen option; dice re-rolled in every playout. */
static void
decoupled_uct (ctx_t *c)
{
    const search_problem_t *p = c->p;
    c->stage = "uct";
    uint64_t index = 0;
    size_t cells = (size_t) c->n * PORTFOLIO_MAX;
    size_t stance_cells = (size_t) (c->stance_unit_count > 0
                                    ? c->stance_unit_count : 1)
                        * COMMANDER_STANCE_COUNT;
    long *pending = calloc (cells, sizeof *pending);
    long *stance_pending = calloc (stance_cells, sizeof *stance_pending);
    if (!pending || !stance_pending) {
        free (pending);
        free (stance_pending);
        return;
    }
    bool later = p->settings.later_stances > 0;
    while (keep_going (c)) {
        int count = (int) room (c, SEARCH_BATCH, -1);
        if (count <= 0)
            break;
        memset (pending, 0, cells * sizeof *pending);
        memset (stance_pending, 0, stance_cells * sizeof *stance_pending);
        for (int j = 0; j < count; j++) {
            job_t *job = &c->jobs[j];
            for (int i = 0; i < c->n; i++) {
                int k = ucb_choice (c, i, pending);
                job->plan[i] = (uint8_t) k;
                pending[i * PORTFOLIO_MAX + k]++;
            }
            job_stances (c, job);
            for (int i = 0; later && i < c->stance_unit_count; i++) {
                int st = ucb_stance (c, i, stance_pending);
                job->plan[c->n + c->stance_units[i]] = (uint8_t) st;
                stance_pending[i * COMMANDER_STANCE_COUNT + st]++;
            }
            job->seed = world (c, (uint64_t) index++);
            job->horizon = p->settings.horizon;
        }
        play_batch (c, count);
        most_played_plan (c);
    }
    free (pending);
    free (stance_pending);
}

/*  ---- decoupled sequential halving ---- */

/*  One bandit of the halving: a unit's options, or the later stance of
 *  one of c->stance_units; the arms still in the race and the order in
 *  which the playouts of this cycle take them. */
typedef struct {
    int byte;                    /* the plan byte it sets in a job */
    const long *visits;          /* its arms' statistics in the ctx */
    const double *sum;
    int alive_count;
    uint8_t alive[PORTFOLIO_MAX];
    uint8_t order[PORTFOLIO_MAX];
    int cursor;                  /* next of order; alive_count: reshuffle */
    int halvings;                /* rounds it takes to keep one arm */
} halving_t;

/*  The bandit's next arm: each arm still in the race once a cycle, the
 *  cycle in an order drawn anew, so that over a round every arm is
 *  played as often as every other and no two units move in step. */
static int
halving_next (ctx_t *c, halving_t *h)
{
    if (h->cursor >= h->alive_count) {
        memcpy (h->order, h->alive, (size_t) h->alive_count);
        for (int k = h->alive_count - 1; k > 0; k--) {
            int j = (int) dice_below (c->rng, (uint32_t) k + 1);
            uint8_t t = h->order[k];
            h->order[k] = h->order[j];
            h->order[j] = t;
        }
        h->cursor = 0;
    }
    return h->order[h->cursor++];
}

/*  Arm k's mean over every playout so far; 0.5 when never played. */
static double
halving_mean (const halving_t *h, int k)
{
    return h->visits[k] > 0 ? h->sum[k] / h->visits[k] : 0.5;
}

/*  Keep the better half (rounded up) of the bandit's arms by their mean
 *  (halving_mean), ties to the earlier arm (the portfolio's order, the
 *  greedy's first). */
static void
halve (halving_t *h)
{
    if (h->alive_count <= 1)
        return;
    double mean[PORTFOLIO_MAX];
    for (int a = 0; a < h->alive_count; a++)
        mean[a] = halving_mean (h, h->alive[a]);
    /* insertion sort by mean, best first, stable */
    for (int a = 1; a < h->alive_count; a++) {
        uint8_t k = h->alive[a];
        double m = mean[a];
        int b = a;
        while (b > 0 && (mean[b - 1] < m
                         || (mean[b - 1] == m && h->alive[b - 1] > k))) {
            h->alive[b] = h->alive[b - 1];
            mean[b] = mean[b - 1];
            b--;
        }
        h->alive[b] = k;
        mean[b] = m;
    }
    h->alive_count = (h->alive_count + 1) / 2;
    h->cursor = h->alive_count;
}

/*  The playouts the tree may still issue in all, counted from `first`
 *  (c->issued when it began at time t0): the playout budget's (or the
 *  stage's), and with a deadline the rate so far times the time left;
 *  LONG_MAX when neither bounds it yet (the clock before any
 *  playout). */
static long
halving_total (const ctx_t *c, long first, double t0)
{
    long total = LONG_MAX;
    if (c->p->settings.playouts > 0)
        total = c->p->settings.playouts - first;
    if (c->stage_cap >= 0 && c->stage_cap - first < total)
        total = c->stage_cap - first;
    double now = search_now ();
    long done = c->issued - first;
    double end = fmin (c->deadline, c->stage_until);
    if (end < INFINITY && done > 0 && now > t0) {
        double rate = (double) done / (now - t0);
        double more = rate * fmax (end - now, 0);
        long clock = done + (long) fmin (more, (double) (LONG_MAX / 2));
        if (clock < total)
            total = clock;
    }
    return total;
}

/*  Decoupled sequential halving at the root: every unit (and, with the
 *  later stances, every stance unit) has a bandit of its own; the
 *  budget is split into as many equal rounds as it takes to halve the
 *  largest bandit to one arm; in a round every playout takes each
 *  bandit's arms in turn, and at the end of each of its last rounds
 *  (as many as it needs: every bandit comes down to one arm at the
 *  end, none early on the evidence of the first rounds alone) each
 *  bandit keeps the better half of its arms.  Why, beside UCB1: the
 *  answer is the plan, not the playouts spent on it (simple regret, not
 *  cumulative), and a larger budget buys every surviving option
 *  proportionally more playouts.  The answer is each unit's best option
 *  by its mean among those still in the race, settled by the confidence
 *  rule as under UCT (settle_plan). */
static void
decoupled_halving (ctx_t *c)
{
    const search_problem_t *p = c->p;
    c->stage = "halving";
    bool later = p->settings.later_stances > 0;
    int count_bandits = c->n + (later ? c->stance_unit_count : 0);
    halving_t *h = calloc ((size_t) count_bandits, sizeof *h);
    if (!h)
        return;
    int rounds = 1;
    for (int b = 0; b < count_bandits; b++) {
        bool unit = b < c->n;
        int i = unit ? b : b - c->n;
        int arms = unit ? p->units[i].count : COMMANDER_STANCE_COUNT;
        h[b].byte = unit ? i : c->n + c->stance_units[i];
        h[b].visits = unit ? c->local_visits + i * PORTFOLIO_MAX
                           : c->stance_visits + i * COMMANDER_STANCE_COUNT;
        h[b].sum = unit ? c->local_sum + i * PORTFOLIO_MAX
                        : c->stance_sum + i * COMMANDER_STANCE_COUNT;
        h[b].alive_count = arms;
        h[b].cursor = arms;
        for (int k = 0; k < arms; k++)
            h[b].alive[k] = (uint8_t) k;
        while ((1 << h[b].halvings) < arms)
            h[b].halvings++;
        if (h[b].halvings > rounds)
            rounds = h[b].halvings;
    }
    long first = c->issued;
    double t0 = search_now ();
    uint64_t index = 0;
    for (int round = 0; round < rounds && keep_going (c); round++) {
        for (;;) {
            /* this round ends at its share of the total, the last at
               the total itself (no playout left over by the division) */
            long total = halving_total (c, first, t0);
            long want = SEARCH_BATCH;
            if (total != LONG_MAX) {
                long end = round == rounds - 1
                         ? total : total / rounds * (round + 1);
                if (end - (c->issued - first) < want)
                    want = end - (c->issued - first);
            }
            int count = (int) room (c, want, -1);
            if (count <= 0 || !keep_going (c))
                break;
            for (int j = 0; j < count; j++) {
                job_t *job = &c->jobs[j];
                job_stances (c, job);
                for (int b = 0; b < count_bandits; b++)
                    job->plan[h[b].byte] = (uint8_t) halving_next (c, &h[b]);
                job->seed = world (c, index++);
                job->horizon = p->settings.horizon;
            }
            play_batch (c, count);
            most_played_plan (c);
        }
        if (aborted (c) || room (c, 1, -1) <= 0)
            break;
        for (int b = 0; b < count_bandits; b++)
            if (round >= rounds - h[b].halvings)
                halve (&h[b]);
    }
    /* the answer: each unit's best mean among the options still in the
       race (the last round's playouts need not split evenly, so the
       most played may be the worse of the last two) */
    for (int i = 0; i < c->n; i++) {
        int best = -1;           /* options never played do not count */
        for (int a = 0; a < h[i].alive_count; a++) {
            int k = h[i].alive[a];
            if (h[i].visits[k] > 0
                && (best < 0 || halving_mean (&h[i], k)
                                > halving_mean (&h[i], best)))
                best = k;
        }
        if (best >= 0)
            c->best_plan[i] = (uint8_t) best;
    }
    settle_plan (c);
    free (h);
}

/*  ---- the ascent after the tree ---- */

/*  Let the next stage have `share` of what is left of the playout
 *  budget and of the clock, the rest kept for the stage after it. */
static void
stage_limits (ctx_t *c, double share)
{
    long budget = c->p->settings.playouts;
    if (budget > 0)
        c->stage_cap = c->issued
                     + (long) ((double) (budget - c->issued) * share);
    if (c->deadline < INFINITY) {
        double now = search_now ();
        c->stage_until = now + fmax (c->deadline - now, 0) * share;
    }
}

/*  From the tree's plan, PGS's pass (improve_units) on the rest of the
 *  budget: where the playouts' values hang on the units' choices taken
 *  together (little chance within the horizon: the same plan scores the
 *  same on any dice), each unit's bandit sees its options' means over
 *  its neighbours' changing choices and may miss the plan that is best
 *  as a whole; tried one unit at a time against the plan itself, on
 *  common dice, it is not missed.  A unit that needs evidence to leave
 *  its first option keeps the tree's answer. */
static void
ascent (ctx_t *c)
{
    int samples = c->p->settings.samples;
    c->stage = "ascent";
    if (room (c, samples, -1) < samples || !keep_going (c))
        return;
    int jobs = candidate_jobs (c, c->best_plan, -1, NULL, 1, samples,
                               c->p->settings.horizon);
    run_batch (c, jobs);
    double best = candidate_mean (c, 0, samples);
    if (best < 0)
        return;
    for (int s = 0; s < samples; s++)
        record (c, c->jobs[s].plan, c->jobs[s].value);
    improve_units (c, -1, INFINITY, best, true);
}

/*  ---- setting up and answering ---- */

/*  c->stance_units: every unit some option orders, once, in the order
 *  first met (where one unit acts an activation, the one search unit's
 *  options order each of the side's units), and their stance bandits.
 *  0, or -1 out of memory. */
static int
stance_units_init (ctx_t *c)
{
    int units = game_unit_count (c->root);
    bool *seen = calloc ((size_t) (units > 0 ? units : 1), sizeof *seen);
    size_t most = 1;
    for (int i = 0; i < c->n; i++)
        most += (size_t) c->units[i].count;
    c->stance_units = malloc (most * sizeof *c->stance_units);
    c->stance_visits = calloc (most * COMMANDER_STANCE_COUNT,
                               sizeof *c->stance_visits);
    c->stance_sum = calloc (most * COMMANDER_STANCE_COUNT,
                            sizeof *c->stance_sum);
    if (!seen || !c->stance_units || !c->stance_visits || !c->stance_sum) {
        free (seen);
        return -1;
    }
    for (int i = 0; i < c->n; i++)
        for (int k = 0; k < c->units[i].count; k++) {
            int u = c->units[i].options[k].unit;
            if (u >= 0 && u < units && !seen[u]) {
                seen[u] = true;
                c->stance_units[c->stance_unit_count++] = u;
            }
        }
    free (seen);
    return 0;
}

/*  Free the context: the last of the caller and the threads does. */
static void
ctx_free (ctx_t *c)
{
    for (int t = 0; t < COMMANDER_MAX_THREADS; t++) {
        worker_t *w = &c->workers[t];
        game_destroy (&w->game);
        dice_destroy (&w->dice);
        free (w->group_roll);
        free (w->kept);
        free (w->rfd);
        situation_destroy (&w->view);
    }
    pthread_mutex_destroy (&c->mu);
    pthread_cond_destroy (&c->go);
    pthread_cond_destroy (&c->finished);
    dice_destroy (&c->rng);
    game_destroy (&c->root);
    free (c->units);
    free (c->unseen);
    free (c->foes);
    free (c->stances);
    free (c->jobs);
    free (c->job_plans);
    free (c->arms);
    free (c->arm_list);
    free (c->arm_plans);
    free (c->local_visits);
    free (c->local_sum);
    free (c->local_sum2);
    free (c->kept_first);
    free (c->stance_units);
    free (c->stance_visits);
    free (c->stance_sum);
    free (c->best_plan);
    fit_destroy (&c->fit);
    acttree_destroy (&c->acts);
    free (c->fit_row);
    free (c);
}

static void
ctx_release (ctx_t *c)
{
    if (atomic_fetch_sub (&c->refs, 1) == 1)
        ctx_free (c);
}

/*  The caller is done: the threads leave when their job ends. */
static void
ctx_finish (ctx_t *c)
{
    pthread_mutex_lock (&c->mu);
    c->quit = true;
    pthread_cond_broadcast (&c->go);
    pthread_mutex_unlock (&c->mu);
    ctx_release (c);
}

static int
ctx_init (ctx_t *c, const search_problem_t *p)
{
    memset (c, 0, sizeof *c);
    c->problem = *p;
    c->p = &c->problem;
    c->n = p->n;
    c->seed = p->settings.seed;
    atomic_init (&c->refs, 1);
    atomic_init (&c->abort, false);
    atomic_init (&c->ticket, 0);
    atomic_init (&c->done, 0);
    atomic_init (&c->runs, 0);
    pthread_mutex_init (&c->mu, NULL);
    pthread_cond_init (&c->go, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init (&attr);
    pthread_condattr_setclock (&attr, CLOCK_MONOTONIC);
    pthread_cond_init (&c->finished, &attr);
    pthread_condattr_destroy (&attr);
    c->root = game_dup (p->root);
    c->units = malloc ((size_t) p->n * sizeof *c->units);
    if (!c->root || !c->units)
        return -1;
    memcpy (c->units, p->units, (size_t) p->n * sizeof *c->units);
    if (p->unseen) {
        size_t units = (size_t) game_unit_count (p->root);
        c->unseen = malloc ((units ? units : 1) * sizeof *c->unseen);
        if (!c->unseen)
            return -1;
        memcpy (c->unseen, p->unseen, units * sizeof *c->unseen);
    }
    c->problem.unseen = c->unseen;
    c->problem.root = c->root;
    c->problem.units = c->units;
    /* a little of the budget is kept for the answer itself */
    c->deadline = p->settings.budget_ms > 0
                ? p->start + 0.97 * p->settings.budget_ms / 1000.0 : INFINITY;
    c->stage_cap = -1;
    c->stage_until = INFINITY;
    c->threads = 1;
    c->last_progress = p->start;
    c->best_value = 0.5;
    c->stage = "start";
    size_t n = (size_t) c->n;
    c->arm_cap = SEARCH_MAX_ARMS;
    while (c->arm_cap > 64 && (size_t) c->arm_cap * n > (8u << 20))
        c->arm_cap /= 2;
    c->arm_slots = c->arm_cap * 2;
    c->rng = dice_new (mix (c->seed, 0x4E4D4354ULL));
    int units = game_unit_count (c->root);
    c->plan_bytes = c->n + units;
    c->stances = calloc ((size_t) units + 1, 1);
    c->foes = malloc (((size_t) units + 1) * sizeof *c->foes);
    if (!c->stances || !c->foes)
        return -1;
    if (p->settings.improve_opponent
        && (p->settings.rollout == COMMANDER_ROLLOUT_BOTH
            || p->settings.rollout == COMMANDER_ROLLOUT_MIXED))
        for (int e = 0; e < units; e++) {
            const unit_t *x = situation_unit_const (game_situation (c->root),
                                                    e);
            if ((int) x->side != p->side && x->arm != ARM_COMMAND
                && game_unit_in_play (c->root, e)
                && !game_table_bound (c->root, e))
                c->foes[c->foe_count++] = e;
        }
    /* every unit the plan leaves to the script takes the settings'
       stance, until PGS gives an enemy another */
    memset (c->stances, (int) p->settings.stance, (size_t) units);
    c->jobs = calloc (MAX_JOBS, sizeof *c->jobs);
    c->job_plans = calloc (MAX_JOBS, (size_t) c->plan_bytes);
    c->arms = malloc ((size_t) c->arm_slots * sizeof *c->arms);
    c->arm_list = malloc ((size_t) c->arm_cap * sizeof *c->arm_list);
    c->arm_plans = malloc ((size_t) c->arm_cap * n);
    c->local_visits = calloc (n * PORTFOLIO_MAX, sizeof *c->local_visits);
    c->local_sum = calloc (n * PORTFOLIO_MAX, sizeof *c->local_sum);
    c->local_sum2 = calloc (n * PORTFOLIO_MAX, sizeof *c->local_sum2);
    c->kept_first = calloc (n, sizeof *c->kept_first);
    if (stance_units_init (c) < 0 || fit_start (c) < 0)
        return -1;
    if (p->settings.depth > 0 && game_engine (c->root)->one_acts) {
        long nodes = SEARCH_ACT_NODES;
        if (p->settings.playouts > 0
            && p->settings.playouts * p->settings.depth < nodes)
            nodes = p->settings.playouts * p->settings.depth;
        c->act_depth = p->settings.depth;
        c->acts = acttree_new (c->act_depth, (int) nodes,
                               p->settings.exploration);
        if (!c->acts)
            return -1;
    }
    c->best_plan = calloc (1, n);
    if (!c->rng || !c->jobs || !c->job_plans || !c->arms || !c->arm_list
        || !c->arm_plans || !c->local_visits || !c->local_sum || !c->local_sum2
        || !c->kept_first || !c->best_plan)
        return -1;
    for (int k = 0; k < c->arm_slots; k++)
        c->arms[k].index = -1;
    for (int j = 0; j < MAX_JOBS; j++) {
        c->jobs[j].plan = c->job_plans + (size_t) j * c->plan_bytes;
        atomic_init (&c->jobs[j].finished, false);
    }
    int want = p->settings.threads;
    if (want < 1)
        want = 1;
    if (want > COMMANDER_MAX_THREADS)
        want = COMMANDER_MAX_THREADS;
    for (int t = 0; t < want; t++) {
        worker_t *w = &c->workers[t];
        w->ctx = c;
        w->game = game_dup (c->root);
        w->dice = dice_new (1);
        if (w->dice)
            dice_set_keyed (w->dice, p->settings.keyed > 0);
        w->group_roll = malloc ((size_t) (units > 0 ? units : 1)
                                * sizeof *w->group_roll);
        w->kept = malloc ((size_t) (units > 0 ? units : 1)
                          * sizeof *w->kept);
        w->rfd = malloc (sizeof *w->rfd);
        char err[SOLO_ERR_MAX];
        if (p->variant)
            w->view = search_variant_view (p->variant,
                                           game_situation (c->root), err,
                                           sizeof err);
        if (!w->game || !w->dice || !w->group_roll || !w->kept || !w->rfd
            || (p->variant && !w->view))
            return t == 0 ? -1 : 0;
        if (t > 0) {
            atomic_fetch_add (&c->refs, 1);
            if (pthread_create (&w->thread, NULL, worker_main, w) != 0) {
                atomic_fetch_sub (&c->refs, 1);
                return 0;
            }
            pthread_detach (w->thread);
        }
        c->threads = t + 1;
    }
    return 0;
}

/*  The answer's figures from the statistics. */
static void
answer (ctx_t *c, search_answer_t *out)
{
    const search_problem_t *p = c->p;
    /* every job handed out ran once at most (jobs of a batch past the
       deadline may still be running: fewer, never more) */
    assert (atomic_load (&c->runs) <= c->issued);
    for (int i = 0; i < c->n; i++)
        out->choice[i] = c->best_plan[i];
    out->playouts = c->played;
    out->plans = c->arm_count;
    out->value = c->best_value;
    out->stopped = c->stopped;
    /* the chosen plan always comes first, in the words of the orders
       given: decoupled UCT picks each unit's most played option, a
       whole plan that may never have been played as one (its visits
       are then 0 and its value the search's estimate) */
    const plan_arm_t *shown[COMMANDER_MAX_ALTERNATIVES];
    int k = 0;
    plan_arm_t *chosen = c->arm_count > 0 ? arm_of (c, c->best_plan) : NULL;
    if (chosen)
        shown[k++] = chosen;
    commander_alternative_t *first = &out->alternatives[0];
    first->visits = chosen ? chosen->visits : 0;
    first->value = chosen && chosen->visits > 0 ? arm_mean (chosen)
                                                : c->best_value;
    bytes_words (c, c->best_plan, first->plan, sizeof first->plan);
    int shown_count = 1;
    while (shown_count < COMMANDER_MAX_ALTERNATIVES) {
        const plan_arm_t *a = most_visited (c, shown, k);
        if (!a)
            break;
        shown[k++] = a;
        commander_alternative_t *alt = &out->alternatives[shown_count++];
        alt->visits = a->visits;
        alt->value = arm_mean (a);
        bytes_words (c, arm_plan (c, a), alt->plan, sizeof alt->plan);
    }
    out->alternative_count = shown_count;
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < c->arm_count; k++) {
        const plan_arm_t *a = &c->arms[c->arm_list[k]];
        if (a->visits > 0) {
            double m = arm_mean (a);
            lo = fmin (lo, m);
            hi = fmax (hi, m);
        }
    }
    out->lowest = lo <= hi ? lo : c->best_value;
    out->highest = lo <= hi ? hi : c->best_value;
    for (int i = 0; i < c->n; i++) {
        long v = c->local_visits[i * PORTFOLIO_MAX + out->choice[i]];
        if (out->unit_visits)
            out->unit_visits[i] = v;
        if (out->unit_value)
            out->unit_value[i] = v > 0 ? c->local_sum[i * PORTFOLIO_MAX
                                                      + out->choice[i]] / v
                                       : 0.5;
        if (out->kept_first)
            out->kept_first[i] = c->kept_first[i];
    }
    (void) p;
}

int
search_run (const search_problem_t *p, search_answer_t *out)
{
    assert (p && out && out->choice && p->n >= 1 && p->root);
    for (int i = 0; i < p->n; i++) {
        out->choice[i] = 0;
        if (out->kept_first)
            out->kept_first[i] = false;
    }
    out->playouts = 0;
    out->plans = 0;
    out->value = 0.5;
    out->stopped = false;
    out->alternative_count = 0;
    out->lowest = out->highest = 0.5;
    ctx_t *c = calloc (1, sizeof *c);
    if (!c)
        return -1;
    int rc = ctx_init (c, p);
    if (rc == 0) {
        if (p->settings.algorithm == COMMANDER_ONE_TURN)
            rc = one_turn (c, out->choice);
        else {
            double budget = p->settings.budget_ms;
            double share = p->settings.pgs_share;
            long cap = p->settings.playouts > 0
                     ? (long) (p->settings.playouts * share) : -1;
            double until = budget > 0 ? p->start + share * budget / 1000.0
                                      : INFINITY;
            pgs (c, cap, until);
            double ascent_share = p->settings.ascent_share;
            if (ascent_share > 0)
                stage_limits (c, 1 - ascent_share);
            if (p->settings.tree == COMMANDER_TREE_NAIVE)
                naive_mcts (c);
            else if (p->settings.tree == COMMANDER_TREE_HALVING)
                decoupled_halving (c);
            else
                decoupled_uct (c);
            if (ascent_share > 0) {
                c->stage_cap = -1;
                c->stage_until = INFINITY;
                ascent (c);
            }
        }
        progress (c, true);
        answer (c, out);
    }
    ctx_finish (c);
    return rc;
}
