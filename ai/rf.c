/*  rf.c - the Risk Factor engine: factors, the table cell, the order.
 *
 *  The engine reads the situation only through the rules core's questions
 *  (who can see whom, how far, which arc, which cover) and the ruleset's
 *  tables and settings; the numbers and the readings of ambiguous text
 *  are all in the table file (see the ruleset's RULINGS.md).
 */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rf.h"
#include "rf_text.h"

/*  The statuses that show a friendly unit retreating. */
#define RETREATING_STATUS (STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE \
                           | STATUS_FALLING_BACK | STATUS_ROUTING)

/*  Why a face's action differs from the plain cell. */
typedef enum {
    SPECIAL_NONE = 0, SPECIAL_FORTIFIED, SPECIAL_FALLING_BACK
} special_t;

/*  Sight of a unit, looked at once and remembered. */
enum { SIGHT_UNKNOWN = 0, SIGHT_SEEN, SIGHT_HIDDEN };

/*  A unit and its distance. */
typedef struct {
    int index;
    double cm;
} near_t;

#define VIEW_KEPT_UNITS 256   /* units whose sight a view keeps inline */
#define VIEW_KEPT_NEAR  64    /* candidates and ring units kept inline */

/*  What one unit sees and how it stands.  The enemies in sight, nearest
 *  first (ties by index), are found only as far as the questions asked
 *  need them: the standing enemies come ring by ring from the rules
 *  core's unit index, and each is looked at (a line of sight) when its
 *  turn comes.  When sighting throws dice, everything is looked at at
 *  once in index order instead, so the dice fall as the rules read. */
typedef struct {
    const situation_t *sit;
    dice_t *dice;
    int unit;
    const unit_t *u;
    unsigned enemy_sides;  /* SITUATION_SIDE_BIT mask */
    unsigned char *sight;  /* [unit count]: SIGHT_* */
    near_t *cand;          /* standing enemies found so far, nearest first */
    int cand_count, cand_cap;
    int cand_looked;       /* cand[0 .. cand_looked) looked at */
    double ring_cm;        /* every standing enemy within it is in cand */
    bool cand_all;         /* every standing enemy is in cand */
    near_t *vis;           /* enemies in sight, nearest first, so far */
    int vis_count;
    int *found;            /* scratch lists of ring_units */
    double *found_cm;
    int found_cap;
    int nearest;           /* nearest visible enemy, -1 */
    double nearest_cm;
    int charge_to;         /* the enemy a charge goes for, -1: none in
                              reach; CHARGE_UNASKED until charge_target
                              has looked */
    double reach_cm;       /* its own weapon's long range */
    double charge_cm;      /* its charge: ruleset_charge_cm */
    double move_cm;        /* its move at the pace of the order being
                              worked out: a low barrier costs its part of
                              it ("1/4 move to clear a low barrier") */
    /* the lists above live here while they are small: a decision on a
       small table allocates nothing */
    unsigned char sight_kept[VIEW_KEPT_UNITS];
    near_t cand_kept[VIEW_KEPT_NEAR], vis_kept[VIEW_KEPT_NEAR];
    int found_kept[VIEW_KEPT_NEAR];
    double found_cm_kept[VIEW_KEPT_NEAR];
} view_t;

#define VIEW_FIRST_RING_CM 60.0   /* the first ring enemies are looked for in */
#define CHARGE_UNASKED     (-2)   /* view_t.charge_to not yet looked for */

/*  ---- small helpers ------------------------------------------------------ */

static void
set_err (char *err, int errlen, const char *fmt, ...)
{
    if (!err || errlen < 1)
        return;
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (err, (size_t) errlen, fmt, ap);
    va_end (ap);
}

/*  Copy a text into a bounded buffer, cut short at its end as snprintf
 *  would (a copy through snprintf costs more than the rest of a cell). */
static void
copy_text (char *dst, size_t len, const char *src)
{
    size_t n = strnlen (src, len - 1);
    memcpy (dst, src, n);
    dst[n] = '\0';
}

static const char *
weapon_name (const ruleset_t *rs, const unit_t *u)
{
    const weapon_t *w = ruleset_weapon (rs, u->weapon);
    return w ? w->name : "no weapon";
}

static bool
standing (const unit_t *u)
{
    return unit_figures_standing (u) > 0;
}

static bool
charges_allowed (rf_action_t a)
{
    return a == RF_CONTINUE_FACING_CHARGE || a == RF_ADVANCE_CHARGE;
}

/*  ---- the table ---------------------------------------------------------- */

int
rf_band (const rf_table_t *table, int rf)
{
    assert (table);
    for (int b = 0; b < RF_BANDS - 1; b++)
        if (rf <= table->band_max[b])
            return b;
    return RF_BANDS - 1;
}

/*  The action of face `face` (1..6) in band `band`, with the up-to-RF0
 *  special cases: a unit defending a fortified position never moves (when
 *  the table says so; this wins over falling back), a unit falling back
 *  halts on the faces from falling_back_halt_from up. */
static rf_action_t
face_action (const rf_table_t *t, int band, int face, bool fortified,
             bool falling_back, special_t *special)
{
    rf_action_t a = t->cell[band][face - 1];
    *special = SPECIAL_NONE;
    if (band != 0)
        return a;
    if (fortified && t->fortified_no_move) {
        if (a != RF_CONTINUE || (falling_back && face >= t->falling_back_halt_from))
            *special = SPECIAL_FORTIFIED;
        return RF_CONTINUE;
    }
    if (falling_back && face >= t->falling_back_halt_from) {
        *special = SPECIAL_FALLING_BACK;
        return t->falling_back_halt_action;
    }
    return a;
}

static const char *
face_text (const rf_table_t *t, int band, int face, special_t special)
{
    if (special == SPECIAL_FORTIFIED)
        return t->fortified_text;
    if (special == SPECIAL_FALLING_BACK)
        return t->falling_back_text;
    return t->text[band][face - 1];
}

/*  Fill the six outcomes; charge is allowed where the cell says
 *  "(Charge?)" and `can_charge`. */
static void
fill_outcomes (const ruleset_t *rs, const rf_table_t *t, int band,
               bool fortified, bool falling_back, bool can_charge,
               rf_decision_t *out)
{
    const rf_morale_t *m = ruleset_rf_morale (rs);
    for (int f = 1; f <= RF_FACES; f++) {
        special_t special;
        rf_outcome_t *o = &out->outcomes[f - 1];
        o->roll = f;
        o->action = face_action (t, band, f, fortified, falling_back, &special);
        o->charge = charges_allowed (o->action) && can_charge;
        copy_text (o->morale, sizeof o->morale, m->morale[o->action]);
        copy_text (o->text, sizeof o->text, face_text (t, band, f, special));
    }
}

/*  Check the player's roll before anything is thrown: 1..6, or 0 to throw
 *  the daemon's dice (which must then be there). */
static int
check_roll (int player_roll, const dice_t *dice, char *err, int errlen)
{
    if (player_roll < 0 || player_roll > RF_FACES) {
        set_err (err, errlen, "roll %d is not a D6 face: give 1..6, or 0 "
                 "for a throw of the daemon's dice", player_roll);
        return -1;
    }
    if (player_roll == 0 && !dice) {
        set_err (err, errlen, "roll is 0 and there are no dice to throw");
        return -1;
    }
    return 0;
}

/*  The die: the player's throw if given, else one from the dice. */
static void
take_roll (int player_roll, dice_t *dice, rf_decision_t *out)
{
    out->roll_from_player = player_roll != 0;
    out->roll = player_roll ? player_roll : dice_roll (dice, RF_FACES);
}

static void
empty_order (rf_order_t *o)
{
    memset (o, 0, sizeof *o);
    o->nearest_enemy = -1;
    o->charge_target = -1;
    o->cover_feature = -1;
    o->formation = -1;
    o->shoot_target = -1;
    o->contact_enemy = -1;
    o->passed_over = -1;
    o->passed_over_by = -1;
    o->beyond_range = -1;
    o->no_shot_about = -1;
    o->group_lead = -1;
    copy_text (o->range_band, sizeof o->range_band, "none");
}

/*  ---- what a unit sees -------------------------------------------------- */

/*  Is `target` in sight of unit `unit`: seen by the unit itself, or by
 *  any standing unit of its side when the settings say so. */
static bool
in_sight (const situation_t *sit, int unit, int target, dice_t *dice)
{
    const rules_settings_t *s = ruleset_settings (situation_ruleset (sit));
    if (s->in_sight_of_unit_itself)
        return situation_can_see (sit, unit, target, dice, NULL);
    const unit_t *u = situation_unit_const (sit, unit);
    int n = situation_unit_count (sit);
    for (int k = 0; k < n; k++) {
        const unit_t *o = situation_unit_const (sit, k);
        if (o->side == u->side && standing (o) && k != target
        &&  situation_can_see (sit, k, target, dice, NULL))
            return true;
    }
    return false;
}

static void
view_free (view_t *v)
{
    if (v->sight != v->sight_kept)
        free (v->sight);
    if (v->cand != v->cand_kept)
        free (v->cand);
    if (v->vis != v->vis_kept)
        free (v->vis);
    if (v->found != v->found_kept)
        free (v->found);
    if (v->found_cm != v->found_cm_kept)
        free (v->found_cm);
    v->sight = NULL;
    v->cand = NULL;
    v->vis = NULL;
    v->found = NULL;
    v->found_cm = NULL;
}

/*  Is unit j in sight of the unit: looked at once, then remembered. */
static bool
sees (view_t *v, int j)
{
    if (v->sight[j] == SIGHT_UNKNOWN)
        v->sight[j] = in_sight (v->sit, v->unit, j, v->dice) ? SIGHT_SEEN
                                                             : SIGHT_HIDDEN;
    return v->sight[j] == SIGHT_SEEN;
}

/*  Is enemy j in sight of the unit standing on footprint `at`, where its
 *  move ends (`moved`: not where it stands now)?  Unmoved, as sees()
 *  answers (remembered).  Moved, its own figures must see it from there
 *  (situation_can_see_from: shooting comes after the move, and "figures
 *  can see the entire base of a figure"); when the settings count what
 *  the side sees as in sight, an enemy another standing unit of its side
 *  sees is in sight too.  Not remembered: the view's sight is of where
 *  the unit stands. */
static bool
sees_from (view_t *v, const footprint_t *at, bool moved, int j)
{
    if (!moved)
        return sees (v, j);
    if (situation_can_see_from (v->sit, at, j, v->dice, NULL))
        return true;
    const rules_settings_t *s = ruleset_settings (situation_ruleset (v->sit));
    if (s->in_sight_of_unit_itself)
        return false;
    int n = situation_unit_count (v->sit);
    for (int k = 0; k < n; k++) {
        const unit_t *o = situation_unit_const (v->sit, k);
        if (k != v->unit && k != j && o->side == v->u->side && standing (o)
        &&  situation_can_see (v->sit, k, j, v->dice, NULL))
            return true;
    }
    return false;
}

/*  Nearest first, ties by index: the order never depends on the sort. */
static int
near_cmp (const void *a, const void *b)
{
    const near_t *x = a, *y = b;
    if (x->cm != y->cm)
        return x->cm < y->cm ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

#define NEAR_INSERTION_MAX 64   /* longer lists are sorted by qsort */

/*  Sort `n` units nearest first, ties by index.  The order is total (no
 *  two units share an index), so any sort gives the same list: a short
 *  one is sorted by insertion, without qsort's call per comparison (most
 *  of the cost of a ring of a few dozen).  A list with a distance that is
 *  not a number (no order at all) goes to qsort as it always did. */
static void
near_sort (near_t *list, int n)
{
    bool numbers = n <= NEAR_INSERTION_MAX;
    for (int i = 0; numbers && i < n; i++)
        numbers = !isnan (list[i].cm);
    if (!numbers) {
        if (n > 1)
            qsort (list, (size_t) n, sizeof *list, near_cmp);
        return;
    }
    for (int i = 1; i < n; i++) {
        near_t x = list[i];
        int j = i;
        while (j > 0 && (list[j - 1].cm > x.cm
                         || (list[j - 1].cm == x.cm
                             && list[j - 1].index > x.index))) {
            list[j] = list[j - 1];
            j--;
        }
        list[j] = x;
    }
}

/*  A list of `had` elements of `size` bytes at `list` (which may be its
 *  view's inline `kept` storage, never freed) grown to `cap` elements:
 *  the new place, or NULL when out of memory (`list` untouched). */
static void *
grow (void *list, void *kept, int had, size_t cap, size_t size)
{
    if (list != kept)
        return realloc (list, cap * size);
    void *p = malloc (cap * size);
    if (p && had > 0)
        memcpy (p, list, (size_t) had * size);
    return p;
}

/*  Make room for `more` candidates; -1 when out of memory. */
static int
cand_room (view_t *v, int more)
{
    if (v->cand_count + more <= v->cand_cap)
        return 0;
    int cap = v->cand_cap ? v->cand_cap : 64;
    while (cap < v->cand_count + more)
        cap *= 2;
    near_t *cand = grow (v->cand, v->cand_kept, v->cand_cap, (size_t) cap,
                         sizeof *cand);
    if (cand)
        v->cand = cand;
    near_t *vis = grow (v->vis, v->vis_kept, v->cand_cap, (size_t) cap,
                        sizeof *vis);
    if (vis)
        v->vis = vis;
    if (!cand || !vis)
        return -1;
    v->cand_cap = cap;
    return 0;
}

/*  The outer limit of the ring after the one ending at lo_cm (-1 for
 *  the first): rings double; INFINITY takes all the rest, at once when
 *  the units are not indexed. */
static double
ring_after (const situation_t *sit, double lo_cm)
{
    double hi = lo_cm > 0 ? 2 * lo_cm : VIEW_FIRST_RING_CM;
    if (!situation_units_indexed (sit)
    ||  hi > situation_width (sit) + situation_depth (sit))
        return INFINITY;
    return hi;
}

/*  The units of `sides` at lo < d <= hi from the unit but those skip
 *  leaves out, into the view's scratch lists v->found and v->found_cm
 *  (kept until the next call); returns how many, -1 when out of
 *  memory. */
static int
ring_units (view_t *v, double lo, double hi, unsigned sides,
            situation_box_fn skip, void *arg)
{
    int n = situation_units_within (v->sit, &v->u->fp, lo, hi, sides, skip,
                                    arg, v->found, v->found_cm, v->found_cap);
    if (n <= v->found_cap)
        return n;
    int *found = grow (v->found, v->found_kept, 0, (size_t) n,
                       sizeof *found);
    if (found)
        v->found = found;
    double *cm = grow (v->found_cm, v->found_cm_kept, 0, (size_t) n,
                       sizeof *cm);
    if (cm)
        v->found_cm = cm;
    if (!found || !cm)
        return -1;
    v->found_cap = n;
    return situation_units_within (v->sit, &v->u->fp, lo, hi, sides, skip,
                                   arg, v->found, v->found_cm, n);
}

/*  Every standing enemy at once, for units not indexed, sorted into the
 *  candidates: the list situation_units_within gives for the one ring
 *  of such a table (from -1 to INFINITY: every unit of the enemy sides
 *  whose distance is a number) with the standing ones kept, each
 *  measured from the unit's footprint made ready once.  False out of
 *  memory (room is made for every enemy, standing or not, as for that
 *  list). */
static bool
all_enemies (view_t *v)
{
    const situation_t *sit = v->sit;
    int n = situation_unit_count (sit);
    int enemies = 0;
    for (int j = 0; j < n; j++)
        if (v->enemy_sides
            & SITUATION_SIDE_BIT (situation_unit_const (sit, j)->side))
            enemies++;
    if (cand_room (v, enemies) < 0)
        return false;             /* out of memory: what is found stands */
    footprint_ready_t from;
    footprint_ready (&v->u->fp, &from);
    int first = v->cand_count;
    for (int j = 0; j < n; j++) {
        const unit_t *o = situation_unit_const (sit, j);
        if (!(v->enemy_sides & SITUATION_SIDE_BIT (o->side)) || !standing (o))
            continue;
        double d = footprint_distance_ready (&from, &o->fp);
        if (d > v->ring_cm && d <= INFINITY)
            v->cand[v->cand_count++] = (near_t) { j, d };
    }
    near_sort (v->cand + first, v->cand_count - first);
    v->ring_cm = INFINITY;
    v->cand_all = true;
    return true;
}

/*  The standing enemies of the next ring out (all the rest when the
 *  units are not indexed, or the ring has grown past the table), sorted
 *  and added to the candidates.  False when there are no more. */
static bool
next_ring (view_t *v)
{
    if (v->cand_all)
        return false;
    if (!situation_units_indexed (v->sit))
        return all_enemies (v);
    const situation_t *sit = v->sit;
    double lo = v->ring_cm;
    double hi = ring_after (sit, lo);
    int n = ring_units (v, lo, hi, v->enemy_sides, NULL, NULL);
    if (n < 0 || cand_room (v, n) < 0)
        return false;             /* out of memory: what is found stands */
    int first = v->cand_count;
    for (int k = 0; k < n; k++)
        if (standing (situation_unit_const (sit, v->found[k])))
            v->cand[v->cand_count++] = (near_t) { v->found[k],
                                                  v->found_cm[k] };
    near_sort (v->cand + first, v->cand_count - first);
    v->ring_cm = hi;
    v->cand_all = hi == INFINITY;
    return true;
}

/*  The k-th standing enemy nearest the unit, seen or not; index -1 when
 *  there are no more. */
static near_t
candidate (view_t *v, int k)
{
    while (v->cand_count <= k)
        if (!next_ring (v))
            return (near_t) { -1, 0 };
    return v->cand[k];
}

/*  The i-th enemy in sight of the unit (0: the nearest), its distance in
 *  *cm; -1 when there are no more.  Looks no further than it must. */
static int
visible_enemy (view_t *v, int i, double *cm)
{
    while (v->vis_count <= i) {
        if (v->cand_looked == v->cand_count && !next_ring (v))
            return -1;
        while (v->cand_looked < v->cand_count && v->vis_count <= i) {
            near_t c = v->cand[v->cand_looked++];
            if (sees (v, c.index))
                v->vis[v->vis_count++] = c;
        }
    }
    if (cm)
        *cm = v->vis[i].cm;
    return v->vis[i].index;
}

/*  Every enemy in sight, nearest first, into v->vis (for the few orders
 *  that weigh them all); returns how many. */
static int
all_visible_enemies (view_t *v)
{
    while (visible_enemy (v, v->vis_count, NULL) >= 0)
        ;
    return v->vis_count;
}

/*  The enemies in sight as a list of indices, nearest first, into a
 *  malloc'd array (NULL with *count 0 when there are none). */
static int *
visible_list (view_t *v, int *count)
{
    *count = all_visible_enemies (v);
    int *list = *count ? malloc ((size_t) *count * sizeof *list) : NULL;
    if (!list)
        *count = 0;
    for (int i = 0; i < *count; i++)
        list[i] = v->vis[i].index;
    return list;
}

/*  Work out how unit `unit` stands and the nearest enemy in sight.  When
 *  sighting throws dice (settings.sighting_rolls), every standing enemy
 *  and every retreating friend is looked at now, in index order, so the
 *  same seed gives the same answer; otherwise sight is looked at when a
 *  question needs it. */
static int
view_make (const situation_t *sit, int unit, dice_t *dice, view_t *v,
           char *err, int errlen)
{
    const ruleset_t *rs = situation_ruleset (sit);
    int n = situation_unit_count (sit);
    /* the fields one by one: the inline lists need no clearing */
    v->sit = sit;
    v->dice = dice;
    v->unit = unit;
    v->u = situation_unit_const (sit, unit);
    v->enemy_sides = SITUATION_ALL_SIDES & ~SITUATION_SIDE_BIT (v->u->side);
    v->cand = v->cand_kept;
    v->vis = v->vis_kept;
    v->cand_count = 0;
    v->cand_cap = VIEW_KEPT_NEAR;
    v->cand_looked = 0;
    v->ring_cm = -1;           /* the first ring takes those touching it */
    v->cand_all = false;
    v->vis_count = 0;
    v->found = v->found_kept;
    v->found_cm = v->found_cm_kept;
    v->found_cap = VIEW_KEPT_NEAR;
    v->nearest = -1;
    v->nearest_cm = 0;
    if (n <= VIEW_KEPT_UNITS) {
        v->sight = v->sight_kept;
        memset (v->sight, SIGHT_UNKNOWN, (size_t) n);
    }
    else
        v->sight = calloc ((size_t) n, sizeof *v->sight);
    if (!v->sight) {
        view_free (v);
        set_err (err, errlen, "out of memory");
        return -1;
    }
    if (ruleset_settings (rs)->sighting_rolls && dice) {
        for (int j = 0; j < n; j++) {
            const unit_t *o = situation_unit_const (sit, j);
            if (j == unit || !standing (o))
                continue;
            if (o->side == v->u->side && !(o->status & RETREATING_STATUS))
                continue;
            sees (v, j);
        }
    }
    double cm = 0;
    v->nearest = visible_enemy (v, 0, &cm);
    v->nearest_cm = v->nearest >= 0 ? cm : 0;
    v->charge_to = CHARGE_UNASKED;
    v->reach_cm = ruleset_weapon_reach (rs, v->u);
    v->charge_cm = ruleset_charge_cm (rs, v->u);
    v->move_cm = ruleset_moving_cm (rs, v->u, NULL);   /* set by each order */
    return 0;
}

/*  Units near a footprint, as situation_units_within gives them. */
#define NEAR_KEPT 64
typedef struct {
    int count;
    int *index;
    double *cm;
    int index_kept[NEAR_KEPT];
    double cm_kept[NEAR_KEPT];
} near_list_t;

/*  The units of `sides` within `cm` of footprint fp (touching included),
 *  in no particular order.  Out of memory, the first NEAR_KEPT. */
static void
near_units (const situation_t *sit, const footprint_t *fp, double cm,
            unsigned sides, near_list_t *near)
{
    near->index = near->index_kept;
    near->cm = near->cm_kept;
    near->count = situation_units_within (sit, fp, -1, cm, sides, NULL, NULL,
                                          near->index, near->cm, NEAR_KEPT);
    if (near->count <= NEAR_KEPT)
        return;
    int *index = malloc ((size_t) near->count * sizeof *index);
    double *dist = malloc ((size_t) near->count * sizeof *dist);
    if (!index || !dist) {
        free (index);
        free (dist);
        near->count = NEAR_KEPT;
        return;
    }
    near->index = index;
    near->cm = dist;
    near->count = situation_units_within (sit, fp, -1, cm, sides, NULL, NULL,
                                          index, dist, near->count);
}

static void
near_list_free (near_list_t *near)
{
    if (near->index != near->index_kept)
        free (near->index);
    if (near->cm != near->cm_kept)
        free (near->cm);
    near->index = NULL;
    near->cm = NULL;
    near->count = 0;
}

/*  Is a friendly unit retreating in sight of the unit?  Looked for only
 *  when no enemy is in sight. */
static bool
retreating_friend_seen (view_t *v)
{
    int n = situation_unit_count (v->sit);
    for (int j = 0; j < n; j++) {
        const unit_t *o = situation_unit_const (v->sit, j);
        if (j != v->unit && o->side == v->u->side && standing (o)
        &&  (o->status & RETREATING_STATUS) && sees (v, j))
            return true;
    }
    return false;
}

/*  Does the side of unit `unit` have another standing unit of hero
 *  quality?  Without one no hero can be near, and the units around the
 *  unit need not be measured. */
static bool
side_has_hero (const situation_t *sit, int unit)
{
    side_t side = situation_unit_const (sit, unit)->side;
    int n = situation_unit_count (sit);
    for (int j = 0; j < n; j++) {
        const unit_t *o = situation_unit_const (sit, j);
        if (j != unit && o->side == side && o->quality == QUALITY_HERO
        &&  standing (o))
            return true;
    }
    return false;
}

/*  The longest range of the ruleset's weapons: no enemy further away
 *  reaches the unit. */
static double
longest_reach (const ruleset_t *rs)
{
    double reach = 0;
    for (int w = 0; w < ruleset_weapon_count (rs); w++)
        reach = fmax (reach, ruleset_weapon (rs, w)->long_cm);
    return reach;
}

/*  The wedge of the front arc of a unit, for boxes wholly inside it. */
typedef struct {
    vec2_t centre;
    vec2_t left, right;      /* its limits, as unit vectors */
} wedge_t;

/*  True when the whole box lies strictly inside the front arc's wedge
 *  (every unit in it is then in the front arc). */
static bool
box_in_front (vec2_t min, vec2_t max, void *arg)
{
    const wedge_t *w = arg;
    const vec2_t corners[4] = { min, { max.x, min.y }, max, { min.x, max.y } };
    for (int k = 0; k < 4; k++) {
        double dx = corners[k].x - w->centre.x, dy = corners[k].y - w->centre.y;
        double slack = 1e-9 * (fabs (dx) + fabs (dy)) + 1e-9;
        /* clockwise of the left limit, anticlockwise of the right */
        if (w->left.x * dy - w->left.y * dx > -slack
        ||  w->right.x * dy - w->right.y * dx < slack)
            return false;
    }
    return true;
}

/*  The arc of the unit's that enemy o stands in; a box round o wholly in
 *  front settles it without the exact test. */
static arc_t
arc_of (const unit_t *u, const unit_t *o, const rules_settings_t *s,
        wedge_t *wedge)
{
    if (wedge) {
        double r = footprint_half_diagonal (&o->fp);
        vec2_t c = o->fp.centre;
        if (box_in_front ((vec2_t) { c.x - r, c.y - r },
                          (vec2_t) { c.x + r, c.y + r }, wedge))
            return ARC_FRONT;
    }
    return footprint_arc_of (&u->fp, &o->fp, s->front_half_deg,
                             s->rear_half_deg);
}

/*  The nearest enemy in sight in the unit's flank or rear arc (ties by
 *  index), its arc and distance; -1 when none.  Nearest first: only the
 *  enemies outside the front arc are looked at for sight.  With the
 *  units indexed it goes ring by ring without looking through the parts
 *  of the table wholly in front; otherwise it walks the unit's
 *  candidates (every standing enemy, nearest first). */
static int
flank_enemy (view_t *v, arc_t *arc, double *cm)
{
    const situation_t *sit = v->sit;
    const rules_settings_t *s = ruleset_settings (situation_ruleset (sit));
    const unit_t *u = v->u;
    wedge_t wedge = { u->fp.centre,
                      geom_heading_vec (u->fp.facing - s->front_half_deg),
                      geom_heading_vec (u->fp.facing + s->front_half_deg) };
    wedge_t *w = s->front_half_deg < 89.0 ? &wedge : NULL;
    int best = -1;
    bool arc_known = false;    /* *arc already worked out for best */
    if (!situation_units_indexed (sit)) {
        near_t c;
        for (int k = 0; best < 0 && (c = candidate (v, k)).index >= 0; k++) {
            const unit_t *o = situation_unit_const (sit, c.index);
            arc_t a = arc_of (u, o, s, w);
            if (a != ARC_FRONT && sees (v, c.index)) {
                best = c.index;
                *cm = c.cm;
                *arc = a;      /* not from the box: footprint_arc_of's */
                arc_known = true;
            }
        }
    }
    for (double lo = -1, hi; best < 0 && situation_units_indexed (sit)
                             && lo < INFINITY; lo = hi) {
        hi = ring_after (sit, lo);
        int n = ring_units (v, lo, hi, v->enemy_sides,
                            w ? box_in_front : NULL, w);
        near_t *list = n > 0 ? malloc ((size_t) n * sizeof *list) : NULL;
        int kept = 0;
        for (int k = 0; list && k < n; k++) {
            const unit_t *o = situation_unit_const (sit, v->found[k]);
            if (standing (o) && arc_of (u, o, s, w) != ARC_FRONT)
                list[kept++] = (near_t) { v->found[k], v->found_cm[k] };
        }
        near_sort (list, kept);
        for (int k = 0; k < kept && best < 0; k++)
            if (sees (v, list[k].index)) {
                best = list[k].index;
                *cm = list[k].cm;
            }
        free (list);
        if (n < 0)
            break;                /* out of memory: none found */
    }
    if (best >= 0 && !arc_known) {
        const unit_t *o = situation_unit_const (sit, best);
        *arc = footprint_arc_of (&u->fp, &o->fp, s->front_half_deg,
                                 s->rear_half_deg);
    }
    return best;
}

/*  ---- the factors -------------------------------------------------------- */

/*  Add one factor line; a line worth 0 in the table is no line at all.
 *  True when the line is added and its reason is to be written into
 *  `why` (started empty on the line's reason); false when there is no
 *  line, or no words (a terse decision: the reason stays empty). */
static bool
add_factor (rf_decision_t *out, const char *name, int value, rf_text_t *why)
{
    if (value == 0 || out->factor_count >= RF_MAX_FACTORS)
        return false;
    rf_factor_t *f = &out->factors[out->factor_count++];
    copy_text (f->name, sizeof f->name, name);
    f->value = value;
    out->rf += value;
    rf_text_start (why, f->reason, sizeof f->reason);
    rf_text_measure (why, out->length_unit, out->cm_per_length_unit);
    return !out->terse;
}

/*  Add one factor line whose reason is the fixed text `reason`. */
static void
add_factor_said (rf_decision_t *out, const char *name, int value,
                 const char *reason)
{
    rf_text_t why;
    if (add_factor (out, name, value, &why))
        rf_text_add (&why, reason);
}

/*  Does enemy e in sight, `d` cm away, count as "in range" of the unit:
 *  its own weapon reaches the unit, or (by the other reading) the unit's
 *  weapon reaches it.  The reason is written into `why` (NULL: none). */
static bool
enemy_in_range (const situation_t *sit, view_t *v, int e, double d,
                rf_text_t *why)
{
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *o = situation_unit_const (sit, e);
    if (ruleset_settings (rs)->enemy_range_is_enemy_weapon) {
        double reach = ruleset_weapon_reach (rs, o);
        if (reach <= 0 || d > reach)
            return false;
        if (why) {
            rf_text_adds (why, "enemy ", o->id, " (", weapon_name (rs, o),
                          ") is ", NULL);
            rf_text_cm (why, d);
            rf_text_add (why, " away, within its ");
            rf_text_cm (why, reach);
            rf_text_add (why, " long range");
        }
        return true;
    }
    if (v->reach_cm <= 0 || d > v->reach_cm)
        return false;
    if (why) {
        rf_text_adds (why, "enemy ", o->id, " is ", NULL);
        rf_text_cm (why, d);
        rf_text_add (why, " away, within the unit's ");
        rf_text_cm (why, v->reach_cm);
        rf_text_adds (why, " long range (", weapon_name (rs, v->u), ")", NULL);
    }
    return true;
}

/*  The whole list of factors of the unit seen through `v`. */
static void
add_all_factors (const situation_t *sit, const rf_table_t *t, view_t *v,
                 rf_decision_t *out)
{
    const ruleset_t *rs = situation_ruleset (sit);
    const rules_settings_t *s = ruleset_settings (rs);
    const unit_t *u = v->u;
    rf_text_t why;

    /* -4: no enemy, or friends retreating, in sight */
    if (v->nearest < 0) {
        if (!s->no_enemy_needs_no_retreating_friends)
            add_factor_said (out, "no_enemy_in_sight", t->f_no_enemy_in_sight,
                             "no enemy is in sight");
        else if (!retreating_friend_seen (v))
            add_factor_said (out, "no_enemy_in_sight", t->f_no_enemy_in_sight,
                             "no enemy is in sight, and no friendly unit "
                             "retreating is in sight");
    }

    /* -1: hero within 5 cm of the unit */
    if (t->f_hero_near != 0) {
        if (u->quality == QUALITY_HERO) {
            if (add_factor (out, "hero_near", t->f_hero_near, &why))
                rf_text_adds (&why, "the unit is itself of ",
                              ruleset_quality_name (rs, QUALITY_HERO),
                              " quality", NULL);
        }
        else if (side_has_hero (sit, v->unit)) {
            int hero = -1;
            double hd = 0;
            near_list_t near;
            near_units (sit, &u->fp, s->hero_distance_cm,
                        SITUATION_SIDE_BIT (u->side), &near);
            for (int k = 0; k < near.count; k++) {
                int j = near.index[k];
                double d = near.cm[k];
                const unit_t *o = situation_unit_const (sit, j);
                if (j == v->unit || !standing (o) || o->quality != QUALITY_HERO)
                    continue;
                if (hero < 0 || d < hd || (d == hd && j < hero)) {
                    hero = j;
                    hd = d;
                }
            }
            near_list_free (&near);
            if (hero >= 0 && add_factor (out, "hero_near", t->f_hero_near,
                                         &why)) {
                rf_text_adds (&why, ruleset_quality_name (rs, QUALITY_HERO),
                              " ", situation_unit_const (sit, hero)->id,
                              " is ", NULL);
                rf_text_cm (&why, hd);
                rf_text_add (&why, " away, within ");
                rf_text_cm (&why, s->hero_distance_cm);
                rf_text_add (&why, " of the unit");
            }
        }
    }

    /* -1: unit formed of regulars (infantry); good troops (cavalry).  A
       command figure is no formed body, whatever formation it carries:
       under the formed reading it never has the infantry's line */
    bool good = u->quality == QUALITY_REGULAR
             || (t->regulars_include_hero && u->quality == QUALITY_HERO);
    bool formed = unit_is_formed (u) && u->arm != ARM_COMMAND;
    bool regulars = good && (!t->regulars_need_formed || formed);
    bool officer = u->officers > 0;
    if (regulars && t->f_regulars != 0
    &&  add_factor (out, "regulars", t->f_regulars, &why)) {
        const char *quality = ruleset_quality_name (rs, u->quality);
        if (t->regulars_need_formed)
            rf_text_adds (&why, "the unit is formed (",
                          formation_name (u->formation), ") of ", quality,
                          " troops", NULL);
        else if (officer && t->f_officer != 0 && s->good_troops_or_officer_once)
            rf_text_adds (&why, "good troops (", quality, ") with an officer: "
                          "the line counts once", NULL);
        else
            rf_text_adds (&why, "good troops (", quality, ")", NULL);
    }
    if (officer && t->f_officer != 0
    &&  !(regulars && t->f_regulars != 0 && s->good_troops_or_officer_once)
    &&  add_factor (out, "officer", t->f_officer, &why)) {
        rf_text_add (&why, "the unit has ");
        rf_text_int (&why, u->officers);
        rf_text_add (&why, u->officers == 1 ? " officer" : " officers");
    }

    /* -1: unit entirely in cover */
    cover_t cover = situation_footprint_cover (sit, &u->fp);
    if (cover != COVER_NONE) {
        int fi = -1;
        situation_cover_at (sit, u->fp.centre, &fi);
        const terrain_feature_t *tf = fi >= 0 ? situation_terrain (sit, fi) : NULL;
        if (add_factor (out, "in_cover", t->f_in_cover, &why)) {
            rf_text_adds (&why, "the unit is entirely in ", cover_name (cover),
                          " cover", NULL);
            if (tf)
                rf_text_adds (&why, " (", terrain_kind_name (tf->kind), " ",
                              tf->id, ")", NULL);
        }
    }

    /* +1: enemy in sight and within their weapons range of the unit (no
       enemy further than the longest range can be) */
    int in_range = -1;
    char range_why[RF_REASON_MAX] = "";
    rf_text_t range_text;
    rf_text_start (&range_text, range_why, sizeof range_why);
    rf_text_measure (&range_text, ruleset_length_unit (rs),
                     ruleset_cm_per_length_unit (rs));
    double range_bound = s->enemy_range_is_enemy_weapon ? longest_reach (rs)
                                                         : v->reach_cm;
    double d = 0;
    for (int i = 0, e; in_range < 0 && (e = visible_enemy (v, i, &d)) >= 0
                       && d <= range_bound; i++)
        if (enemy_in_range (sit, v, e, d, out->terse ? NULL : &range_text))
            in_range = e;
    if (in_range >= 0
    &&  add_factor (out, "enemy_in_range", t->f_enemy_in_range, &why))
        rf_text_add (&why, range_why);

    /* +1: raw (poor) unit in range of any enemy unit in sight */
    if (in_range >= 0 && u->quality == QUALITY_RAW
    &&  add_factor (out, "raw_in_range", t->f_raw_in_range, &why))
        rf_text_adds (&why, "the unit is raw, and ", range_why, NULL);

    /* +1 per 10% of the group wounded or killed */
    int tenths = unit_loss_tenths (u);
    if (tenths > 0
    &&  add_factor (out, "per_tenth_lost", tenths * t->f_per_tenth_lost,
                    &why)) {
        int lost = u->wounded + u->killed;
        rf_text_int (&why, lost);
        rf_text_add (&why, " of ");
        rf_text_int (&why, u->figures);
        rf_text_add (&why, " figures wounded or killed (");
        rf_text_int (&why, (int) floor (100.0 * lost / u->figures));
        rf_text_add (&why, "%): ");
        rf_text_int (&why, tenths);
        rf_text_add (&why, tenths == 1 ? " tenth at " : " tenths at ");
        rf_text_signed (&why, t->f_per_tenth_lost);
    }

    /* +2: enemy to flank or rear and in sight */
    arc_t arc = ARC_FRONT;
    double flank_cm = 0;
    int flank = flank_enemy (v, &arc, &flank_cm);
    if (flank >= 0
    &&  add_factor (out, "flank_or_rear", t->f_flank_or_rear, &why)) {
        rf_text_adds (&why, "enemy ", situation_unit_const (sit, flank)->id,
                      " in sight is in the unit's ",
                      arc == ARC_REAR ? "rear" : "flank", " arc, ", NULL);
        rf_text_cm (&why, flank_cm);
        rf_text_add (&why, " away");
    }

    /* +2: infantry not in square facing shock cavalry within 50 cm, not
       in cover */
    if (t->f_shock_cavalry != 0 && u->formation != FORMATION_SQUARE
    &&  cover == COVER_NONE) {
        for (int i = 0, e; (e = visible_enemy (v, i, &d)) >= 0
                           && d <= s->shock_cavalry_cm; i++) {
            const unit_t *o = situation_unit_const (sit, e);
            if (o->arm == ARM_CAVALRY && (o->status & STATUS_SHOCK)) {
                if (add_factor (out, "shock_cavalry", t->f_shock_cavalry,
                                &why)) {
                    rf_text_adds (&why, "shock cavalry ", o->id, " is ", NULL);
                    rf_text_cm (&why, d);
                    rf_text_add (&why, " away, within ");
                    rf_text_cm (&why, s->shock_cavalry_cm);
                    rf_text_add (&why, ", and the unit is neither in square "
                                 "nor in cover");
                }
                break;
            }
        }
    }

    /* +3: running from enemy last turn, or retreating as a result of
       melee */
    if (u->status & STATUS_RAN_LAST_TURN)
        add_factor_said (out, "running_or_retreating",
                         t->f_running_or_retreating,
                         "the unit ran from the enemy last turn");
    else if (u->status & STATUS_RETREATING_FROM_MELEE)
        add_factor_said (out, "running_or_retreating",
                         t->f_running_or_retreating,
                         "the unit is retreating as a result of melee");
}

/*  Check the unit index and find its table. */
static const rf_table_t *
unit_table (const situation_t *sit, int unit, char *err, int errlen)
{
    if (unit < 0 || unit >= situation_unit_count (sit)) {
        set_err (err, errlen, "unit %d is not on the table (%d units)",
                 unit, situation_unit_count (sit));
        return NULL;
    }
    const unit_t *u = situation_unit_const (sit, unit);
    const rf_table_t *t = ruleset_rf_table (situation_ruleset (sit), u->arm);
    if (!t)
        set_err (err, errlen, "unit %s: ruleset %s has no Risk Factor table "
                 "for %s", u->id, ruleset_name (situation_ruleset (sit)),
                 arm_name (u->arm));
    return t;
}

/*  Factors of the unit seen through `v`, into a fresh decision. */
static void
factors_into (const situation_t *sit, const rf_table_t *t, view_t *v,
              rf_decision_t *out)
{
    out->unit = v->unit;
    out->arm = v->u->arm;
    out->rf = 0;
    out->factor_count = 0;
    out->length_unit = ruleset_length_unit (situation_ruleset (sit));
    out->cm_per_length_unit = ruleset_cm_per_length_unit (
        situation_ruleset (sit));
    add_all_factors (sit, t, v, out);
    out->band = rf_band (t, out->rf);
}

int
rf_factors (const situation_t *sit, int unit, dice_t *dice,
            rf_decision_t *out, char *err, int errlen)
{
    assert (sit && out);
    memset (out, 0, sizeof *out);
    empty_order (&out->order);
    out->unit = unit;
    const rf_table_t *t = unit_table (sit, unit, err, errlen);
    if (!t)
        return -1;
    view_t v;
    if (view_make (sit, unit, dice, &v, err, errlen) < 0)
        return -1;
    factors_into (sit, t, &v, out);
    view_free (&v);
    return 0;
}

/*  ---- the platoon -------------------------------------------------------- */

/*  May unit j keep company with the platoon of u: same side, same arm,
 *  same platoon, standing, formed and uncommanded. */
static bool
platoon_member (const unit_t *u, const unit_t *o)
{
    return u->platoon[0] && strcmp (u->platoon, o->platoon) == 0
        && o->side == u->side && o->arm == u->arm && standing (o)
        && unit_is_formed (o) && !(o->status & STATUS_COMMANDED);
}

/*  The units diced together with `unit`: the formed, uncommanded units
 *  of its platoon, when all of them keep company (each within
 *  platoon_company_cm of another, in one body) and an officer or NCO is
 *  within leader_company_cm of them.  Otherwise the unit alone.  The lead
 *  is the first member with an officer or NCO, else the first member. */
static void
platoon_group (const situation_t *sit, int unit, rf_order_t *o)
{
    const rules_settings_t *s = ruleset_settings (situation_ruleset (sit));
    const unit_t *u = situation_unit_const (sit, unit);
    int n = situation_unit_count (sit);
    o->group[0] = unit;
    o->group_count = 1;
    o->group_lead = unit;
    if (!platoon_member (u, u))
        return;

    int members[RF_MAX_GROUP];
    int count = 0;
    for (int j = 0; j < n; j++)
        if (platoon_member (u, situation_unit_const (sit, j))) {
            if (count == RF_MAX_GROUP)
                return;          /* too many to dice as one */
            members[count++] = j;
        }
    if (count < 2)
        return;

    /* one body: every member reached from the first through members
       within platoon_company_cm of each other */
    bool reached[RF_MAX_GROUP] = { false };
    int stack[RF_MAX_GROUP], top = 0, seen = 1;
    reached[0] = true;
    stack[top++] = 0;
    while (top > 0) {
        int i = stack[--top];
        for (int k = 0; k < count; k++)
            if (!reached[k] && situation_unit_distance (sit, members[i],
                               members[k]) <= s->platoon_company_cm) {
                reached[k] = true;
                stack[top++] = k;
                seen++;
            }
    }
    if (seen < count)
        return;

    /* an officer or NCO within leader_company_cm of the platoon */
    int lead = -1;
    for (int i = 0; i < count && lead < 0; i++)
        if (unit_has_leader (situation_unit_const (sit, members[i])))
            lead = members[i];
    bool led = lead >= 0;
    for (int j = 0; j < n && !led; j++) {
        const unit_t *l = situation_unit_const (sit, j);
        if (l->side != u->side || !standing (l) || !unit_has_leader (l))
            continue;
        for (int i = 0; i < count && !led; i++)
            if (situation_unit_distance (sit, j, members[i]) <= s->leader_company_cm)
                led = true;
    }
    if (!led)
        return;
    memcpy (o->group, members, (size_t) count * sizeof members[0]);
    o->group_count = count;
    o->group_lead = lead >= 0 ? lead : members[0];
}

/*  ---- the order ---------------------------------------------------------- */

/*  A bearing away from all the enemies in sight (the rear with none). */
static double
away_from_all (view_t *v)
{
    int count;
    int *list = visible_list (v, &count);
    double bearing = situation_away_bearing (v->sit, v->unit, list, count);
    free (list);
    return bearing;
}

/*  Bearing away from enemy e: from its nearest point through the unit's
 *  centre; away from all visible enemies (or to the rear) with none. */
static double
bearing_away (const situation_t *sit, view_t *v, int e)
{
    if (e < 0)
        return away_from_all (v);
    const unit_t *o = situation_unit_const (sit, e);
    vec2_t p = footprint_nearest_point (&v->u->fp, &o->fp);
    if (geom_dist (p, v->u->fp.centre) < 1e-9)
        return situation_away_bearing (sit, v->unit, &e, 1);
    return geom_bearing (p, v->u->fp.centre);
}

#define AFFORD_CM 1e-4      /* a move's end is found to a micrometre */

/*  How far along from-to the unit gets with `budget` cm of movement,
 *  difficult going counting double and low barriers costing their part
 *  of a move (`move_cm`): the point reached, found by halving to within
 *  AFFORD_CM (a path's cost is no formula: barriers cost in steps). */
static vec2_t
affordable_point (const situation_t *sit, vec2_t from, vec2_t to,
                  double budget, double move_cm)
{
    double cost = situation_path_cost (sit, from, to, move_cm);
    if (cost >= 0 && cost <= budget + 1e-9)
        return to;
    double lo = 0, hi = 1, len = geom_dist (from, to);
    for (int i = 0; i < 40 && (hi - lo) * len > AFFORD_CM; i++) {
        double mid = (lo + hi) / 2;
        vec2_t p = { from.x + (to.x - from.x) * mid,
                     from.y + (to.y - from.y) * mid };
        double c = situation_path_cost (sit, from, p, move_cm);
        if (c >= 0 && c <= budget)
            lo = mid;
        else
            hi = mid;
    }
    vec2_t p = { from.x + (to.x - from.x) * lo, from.y + (to.y - from.y) * lo };
    return p;
}

/*  Move from the unit's centre along a bearing, `dist` cm of movement
 *  (terrain costs counted, except for a charge to contact: reach is
 *  measured in the open). */
static void
move_along (const situation_t *sit, view_t *v, double bearing,
            double dist, bool terrain_costs, rf_order_t *o)
{
    vec2_t from = v->u->fp.centre;
    vec2_t to = situation_move_towards (sit, from, bearing, dist);
    if (terrain_costs)
        to = affordable_point (sit, from, to, dist, v->move_cm);
    o->destination = to;
    o->move_cm = geom_dist (from, to);
    o->has_destination = o->move_cm > 1e-9;
}

/*  Move to a point (a cover point), at most `dist`. */
static void
move_to_point (const situation_t *sit, view_t *v, vec2_t to,
               double dist, rf_order_t *o)
{
    vec2_t from = v->u->fp.centre;
    if (geom_dist (from, to) > dist)
        to = situation_move_towards (sit, from, geom_bearing (from, to), dist);
    o->destination = affordable_point (sit, from, to, dist, v->move_cm);
    o->move_cm = geom_dist (from, o->destination);
    o->has_destination = o->move_cm > 1e-9;
}

/*  The facing the answer gives the unit ending with its centre at `at`:
 *  towards the nearest enemy's point nearest to it there, or, when
 *  `last_known` and it knows one, towards the last known enemy position;
 *  `keep` when there is nothing to face.  One function for the turn and
 *  for the cover search, which must fit the unit at the facing it will
 *  have. */
static double
facing_at (const situation_t *sit, const view_t *v, vec2_t at,
           bool last_known, double keep)
{
    if (last_known && (v->u->status & STATUS_HAS_LAST_ENEMY))
        return geom_dist (at, v->u->last_enemy_seen) > 1e-9
             ? geom_bearing (at, v->u->last_enemy_seen) : keep;
    if (v->nearest < 0)
        return keep;
    footprint_t fp = v->u->fp;
    fp.centre = at;
    const unit_t *e = situation_unit_const (sit, v->nearest);
    vec2_t p = footprint_nearest_point (&fp, &e->fp);
    return geom_dist (at, p) > 1e-9 ? geom_bearing (at, p) : keep;
}

/*  Face the nearest enemy from where the unit ends (towards its point
 *  nearest to the unit there); keep the facing when none is in sight. */
static void
face_enemy (const situation_t *sit, view_t *v, rf_order_t *o)
{
    vec2_t at = o->has_destination ? o->destination : v->u->fp.centre;
    o->facing = facing_at (sit, v, at, false, o->facing);
}

/*  Face the last known enemy position (falling back), else the nearest
 *  enemy in sight. */
static void
face_last_known (const situation_t *sit, view_t *v, rf_order_t *o)
{
    vec2_t at = o->has_destination ? o->destination : v->u->fp.centre;
    o->facing = facing_at (sit, v, at, true, o->facing);
}

/*  What the cover search asks the facing of (cover_facing). */
typedef struct {
    const situation_t *sit;
    const view_t *v;
    bool last_known;
} cover_facing_t;

/*  The facing a unit taking cover will have with its centre at `at`
 *  (situation_facing_fn): it ends facing the enemy, or the last known
 *  enemy position falling back, and must be entirely in cover so. */
static double
cover_facing (vec2_t at, const void *ctx)
{
    const cover_facing_t *c = ctx;
    return facing_at (c->sit, c->v, at, c->last_known, c->v->u->fp.facing);
}

/*  Take cover: stay when already entirely in cover, else the nearest
 *  cover within one move, else (unless `halt_if_none`) one move away
 *  from all visible enemies.  "Unit entirely in cover": the unit is
 *  turned to face the enemy (the last known enemy position when
 *  `last_known`) where it ends, so it must be wholly inside at that
 *  facing: the cover search fits it so, and goes only as far in as the
 *  move allows where no place wholly inside is within it. */
static void
order_take_cover (const situation_t *sit, view_t *v, double move,
                  bool halt_if_none, bool last_known, rf_order_t *o)
{
    const unit_t *u = v->u;
    cover_facing_t cf = { sit, v, last_known };
    footprint_t here = u->fp;
    here.facing = cover_facing (here.centre, &cf);
    if (situation_footprint_cover (sit, &here) != COVER_NONE) {
        situation_cover_at (sit, u->fp.centre, &o->cover_feature);
        return;
    }
    vec2_t pt;
    int f = situation_nearest_cover_facing (sit, v->unit, move, move, NULL,
                                            cover_facing, &cf, &pt);
    if (f >= 0) {
        o->cover_feature = f;
        move_to_point (sit, v, pt, move, o);
    }
    else if (!halt_if_none)
        move_along (sit, v, away_from_all (v), move, true, o);
}

/*  Where the unit charging enemy `enemy` stands in base contact with it
 *  ("It moves to contact the nearest enemy figures"), as the game's
 *  charge puts it (situation_contact_footprint): turned to face the
 *  enemy and slid straight until the bases touch, whatever the angle
 *  between them.  Returns the way's cost at charge pace, in the open
 *  or, under settings.charge_reach_pays_terrain, as the game's charges
 *  pay it (INFINITY into impassable terrain). */
static double
charge_contact (const situation_t *sit, const view_t *v, int enemy,
                footprint_t *out)
{
    const rules_settings_t *s = ruleset_settings (situation_ruleset (sit));
    const unit_t *e = situation_unit_const (sit, enemy);
    return situation_contact_footprint (sit, &v->u->fp, &e->fp, v->charge_cm,
                                        v->charge_cm,
                                        s->charge_reach_pays_terrain, out);
}

/*  The enemy a charge goes for ("It moves to contact the nearest enemy
 *  figures in reach"): the nearest enemy in sight within charge reach, or
 *  -1.  In reach: no further than its charge (ruleset_charge_cm: the
 *  ruleset's own, 4 Page Bolivar's 3 TUM, else foot a full move and
 *  cavalry the gallop), and the charge to contact (charge_contact, the
 *  move order_advance makes) costs no more than that: a charge called in
 *  reach reaches.  In the open, or under
 *  settings.charge_reach_pays_terrain as the game's charges pay:
 *  difficult going counting double and a low barrier its part of the
 *  charge's move; a path into impassable terrain is out of reach.  Under
 *  settings.charge_nearest_in_reach a nearer enemy out of reach is passed
 *  over for the next in sight; else only the nearest is asked.  Looked
 *  for once a view. */
static int
charge_target (const situation_t *sit, view_t *v)
{
    if (v->charge_to != CHARGE_UNASKED)
        return v->charge_to;
    bool pass_over = ruleset_settings (situation_ruleset (sit))
                         ->charge_nearest_in_reach;
    v->charge_to = -1;
    double cm = 0;
    for (int i = 0;; i++) {
        int e = visible_enemy (v, i, &cm);
        if (e < 0 || cm > v->charge_cm)
            break;              /* nearest first: the rest are further */
        if (charge_contact (sit, v, e, NULL) <= v->charge_cm + 1e-9) {
            v->charge_to = e;
            break;
        }
        if (!pass_over)
            break;
    }
    return v->charge_to;
}

/*  Is an enemy in sight within charge reach (charge_target). */
static bool
in_charge_reach (const situation_t *sit, view_t *v)
{
    return charge_target (sit, v) >= 0;
}

/*  Advance towards the nearest enemy one move: a charge to contact with
 *  the enemy in reach it goes for (charge_target, charge_contact: its
 *  destination and facing put the bases touching, its move the way the
 *  centre goes; `move` is not asked, the charge's reach being its own),
 *  any other advance turned to face the enemy and
 *  stopping settings.enemy_gap_cm short of it, at any angle between
 *  them (situation_footprint_towards; as the game's moves do: only a
 *  charge makes contact); a unit already that close stays where it is.
 *  An advance spends its whole move on the way (difficult going counting
 *  double): the gap limits how far it goes, not what it may spend
 *  getting there. */
static void
order_advance (const situation_t *sit, view_t *v, double move,
               bool charge, rf_order_t *o)
{
    if (v->nearest < 0)
        return;
    int target = charge ? charge_target (sit, v) : -1;
    if (target < 0)
        target = v->nearest;
    const unit_t *e = situation_unit_const (sit, target);
    vec2_t from = v->u->fp.centre;
    footprint_t to;
    if (charge) {
        if (charge_contact (sit, v, target, &to) <= v->charge_cm + 1e-9)
            o->destination = to.centre;
        else        /* out of reach (never charged): as far as it gets */
            o->destination = affordable_point (sit, from, to.centre,
                                               v->charge_cm, v->charge_cm);
    }
    else {
        double gap = ruleset_settings (situation_ruleset (sit))->enemy_gap_cm;
        to = situation_footprint_towards (&v->u->fp, &e->fp, gap, true);
        double len = geom_dist (from, to.centre);
        vec2_t end = from;
        if (len > 1e-9)
            end = situation_move_towards (sit, from,
                                          geom_bearing (from, to.centre),
                                          fmin (move, len));
        o->destination = affordable_point (sit, from, end, move, v->move_cm);
    }
    o->move_cm = geom_dist (from, o->destination);
    o->has_destination = o->move_cm > 1e-9;
    o->facing = to.facing;
}

/*  The movement and facing of `action` for the unit seen through `v`. */
static void
order_move (const situation_t *sit, view_t *v, rf_action_t action,
            special_t special, bool charge, const char *pace, rf_order_t *o)
{
    const ruleset_t *rs = situation_ruleset (sit);
    const rules_settings_t *s = ruleset_settings (rs);
    const unit_t *u = v->u;
    /* in the formation it moves in: a europe19 line forms column, guns
       limber, first (settings.moves.form_to_move), the order saying so */
    double move = ruleset_moving_cm (rs, u, pace);
    int formed = ruleset_move_formation (rs, u->arm, u->formation);
    /* a barrier costs its part of the move at the pace the cell orders
       (cavalry withdrawing at the canter: a quarter of 45 cm) */
    v->move_cm = move;
    copy_text (o->pace, sizeof o->pace, u->arm == ARM_CAVALRY ? pace : "");
    o->facing = u->fp.facing;

    if (charge && v->nearest >= 0) {
        /* to contact with the nearest enemy in reach */
        if (u->arm == ARM_CAVALRY)
            copy_text (o->pace, sizeof o->pace, "gallop");
        order_advance (sit, v, v->nearest_cm, true, o);
        o->formation = o->has_destination ? formed : -1;
        return;
    }
    switch (action) {
        case RF_CONTINUE:
            break;
        case RF_ADVANCE_VISIBLE:
        case RF_ADVANCE_CHARGE:
            order_advance (sit, v, move, false, o);
            break;
        case RF_TAKE_COVER:
            /* with no cover and no enemy in sight, "away from all
               enemies" names nothing to move from: it holds */
            order_take_cover (sit, v, move, special == SPECIAL_FALLING_BACK
                                            || v->nearest < 0,
                              special == SPECIAL_FALLING_BACK, o);
            if (special == SPECIAL_FALLING_BACK)
                face_last_known (sit, v, o);
            else
                face_enemy (sit, v, o);
            break;
        case RF_HALT:
            if (special == SPECIAL_FALLING_BACK)
                face_last_known (sit, v, o);
            else
                face_enemy (sit, v, o);
            break;
        case RF_CONTINUE_FACING:
        case RF_CONTINUE_FACING_CHARGE:
            face_enemy (sit, v, o);
            break;
        case RF_WITHDRAW:
            if (u->arm != ARM_CAVALRY) {
                vec2_t pt, away;
                const vec2_t *awayp = NULL;
                if (v->nearest >= 0) {
                    away = situation_unit_const (sit, v->nearest)->fp.centre;
                    awayp = &away;
                }
                /* a barrier on the way costs a quarter of one move at
                   the pace, however many moves the search looks over */
                int f = situation_nearest_cover (sit, v->unit,
                                                 move * s->withdraw_cover_moves,
                                                 move, awayp, &pt);
                if (f >= 0 && geom_dist (pt, u->fp.centre) > 1e-9) {
                    o->cover_feature = f;
                    move_to_point (sit, v, pt, move, o);
                    face_enemy (sit, v, o);
                    break;
                }
            }
            /* "further from enemy" with none in sight: it holds */
            if (v->nearest >= 0)
                move_along (sit, v, bearing_away (sit, v, v->nearest), move,
                            true, o);
            face_enemy (sit, v, o);
            break;
        case RF_RUN: {
            /* "Run from nearest enemy": with none in sight, it holds */
            if (v->nearest < 0)
                break;
            double bearing = bearing_away (sit, v, v->nearest);
            move_along (sit, v, bearing, move, true, o);
            o->facing = bearing;
            break;
        }
    }
    o->facing = geom_norm_deg (o->facing);
    o->formation = o->has_destination ? formed : -1;
}

/*  Follow the lead's move: the same displacement and facing, a barrier
 *  on the way costing its part of the follower's own move at the lead's
 *  pace, in the formation the follower moves in (a europe19 line forming
 *  column as the lead's would). */
static void
follow_lead (const situation_t *sit, view_t *v, const unit_t *lead,
             const rf_order_t *lead_order, rf_order_t *o)
{
    const ruleset_t *rs = situation_ruleset (sit);
    v->move_cm = ruleset_moving_cm (rs, v->u, lead_order->pace);
    copy_text (o->pace, sizeof o->pace, lead_order->pace);
    o->facing = lead_order->facing;
    if (!lead_order->has_destination)
        return;
    vec2_t d = { lead_order->destination.x - lead->fp.centre.x,
                 lead_order->destination.y - lead->fp.centre.y };
    vec2_t to = { v->u->fp.centre.x + d.x, v->u->fp.centre.y + d.y };
    double dist = geom_dist (v->u->fp.centre, to);
    if (dist > 1e-9)
        move_along (sit, v, geom_bearing (v->u->fp.centre, to), dist, true, o);
    if (o->has_destination)
        o->formation = ruleset_move_formation (rs, v->u->arm,
                                               v->u->formation);
    /* the cover it ends in, if any: beside the lead it may miss it */
    if (lead_order->cover_feature >= 0
    &&  situation_cover_at (sit, o->has_destination ? o->destination
                                                    : v->u->fp.centre,
                            &o->cover_feature) == COVER_NONE)
        o->cover_feature = -1;
}

/*  Is footprint fp (a unit's, where it stands or will stand) in base
 *  contact, within settings.contact_cm, with a unit with figures standing
 *  of a side in `sides`, other than unit `except` (-1: none)?  The first
 *  such unit found (its index, for the working), or -1. */
static int
in_contact (const situation_t *sit, const footprint_t *fp, unsigned sides,
            int except)
{
    near_list_t near;
    near_units (sit, fp, ruleset_settings (situation_ruleset (sit))->contact_cm,
                sides, &near);
    int found = -1;
    for (int i = 0; i < near.count && found < 0; i++)
        if (near.index[i] != except
        &&  standing (situation_unit_const (sit, near.index[i])))
            found = near.index[i];
    near_list_free (&near);
    return found;
}

/*  Is enemy e in a melee, in contact with a unit of a side not its own
 *  (the shooter `unit` left out: it is looked at where it ends)?  The
 *  unit it fights, or -1. */
static int
enemy_in_melee (const situation_t *sit, int unit, int e)
{
    const unit_t *x = situation_unit_const (sit, e);
    return in_contact (sit, &x->fp,
                       SITUATION_ALL_SIDES & ~SITUATION_SIDE_BIT (x->side),
                       unit);
}

/*  Whom the unit shoots at: uncommanded troops only at the nearest enemy
 *  they can see and hit, seen and measured from where they stand after
 *  moving (shooting follows movement in the play sequence).  None when
 *  under command (its commander picks), when charging, when running
 *  (unless the settings say otherwise) and for weapons without range;
 *  otherwise o->shoots: it fires at whatever it can hit where it ends.
 *  Under settings.shoot_in_melee false, none for a unit that ends in base
 *  contact with an enemy, and no enemy in a melee is shot at (as the
 *  game plays it); under settings.units_mask_fire an enemy whose line
 *  of fire another unit masks cannot be hit (situation_fire_mask), and
 *  the nearest it can hit is shot at.  For the working, the order also
 *  keeps why the nearest enemy within range is not shot at: the enemy it
 *  touches, the enemy passed over and what masks it or whom it fights,
 *  the nearest it could hit when that is beyond range; and, with no
 *  target, the reason (o->no_shot, the unit it names in
 *  o->no_shot_about), the first that holds of: commanded, charging,
 *  running, no weapon, in base contact, no enemy in sight, the nearest
 *  enemy within range masked or in a melee, out of range. */
static void
order_shoot (const situation_t *sit, view_t *v, rf_action_t action,
             bool charge, rf_order_t *o)
{
    const ruleset_t *rs = situation_ruleset (sit);
    const rules_settings_t *s = ruleset_settings (rs);
    if (v->u->status & STATUS_COMMANDED)
        o->no_shot = RF_NO_SHOT_COMMANDED;
    else if (charge)
        o->no_shot = RF_NO_SHOT_CHARGES;
    else if (action == RF_RUN && !s->shoot_when_running)
        o->no_shot = RF_NO_SHOT_RUNS;
    else if (v->reach_cm <= 0)
        o->no_shot = RF_NO_SHOT_NO_WEAPON;
    if (o->no_shot != RF_SHOOTS)
        return;
    o->shoots = true;
    footprint_t at = v->u->fp;
    if (o->has_destination)
        at.centre = o->destination;
    at.facing = o->facing;
    bool moved = o->has_destination
              && geom_dist (at.centre, v->u->fp.centre) > 1e-9;
    if (!s->shoot_in_melee) {
        o->contact_enemy = in_contact (sit, &at, v->enemy_sides, -1);
        if (o->contact_enemy >= 0) {
            o->in_melee = true;
            o->no_shot = RF_NO_SHOT_IN_MELEE;
            o->no_shot_about = o->contact_enemy;
            return;
        }
    }
    /* an enemy d cm from where the unit stands is no nearer than d less
       the move and the unit's half-diagonal from where it ends */
    double shift = geom_dist (v->u->fp.centre, at.centre)
                 + 0.5 * hypot (at.width, at.depth) + 1e-9;
    int best = -1;
    double best_d = 0, passed_d = 0;
    near_t c;
    for (int k = 0; (c = candidate (v, k)).index >= 0; k++) {
        if (best >= 0 && c.cm - shift > best_d)
            break;
        const unit_t *e = situation_unit_const (sit, c.index);
        /* one that cannot be nearer than the best is passed over: its
           distance could not be less than best_d */
        if (best >= 0 && footprint_distance_floor (&at, &e->fp) >= best_d)
            continue;
        double d = footprint_distance (&at, &e->fp);
        /* sight, melee and the line of fire are looked at only for one
           that would be nearer */
        if ((best < 0 || d < best_d) && sees_from (v, &at, moved, c.index)) {
            int by = s->shoot_in_melee ? -1
                   : enemy_in_melee (sit, v->unit, c.index);
            bool melee = by >= 0;
            if (!melee && s->units_mask_fire)
                by = situation_fire_mask (sit, v->unit, &at, c.index,
                                          s->shoot_over_cm,
                                          s->fire_needs_whole_target);
            if (by < 0) {
                best = c.index;
                best_d = d;
            }
            else if (d <= v->reach_cm
                 &&  (o->passed_over < 0 || d < passed_d)) {
                o->passed_over = c.index;
                o->passed_over_by = by;
                o->passed_over_in_melee = melee;
                passed_d = d;
            }
        }
    }
    if (best >= 0 && o->passed_over >= 0 && passed_d >= best_d) {
        o->passed_over = o->passed_over_by = -1;    /* not nearer */
        o->passed_over_in_melee = false;
    }
    range_band_t band = best >= 0 ? ruleset_range_band (rs, v->u->weapon,
                                                        best_d)
                                  : RANGE_NONE;
    if (best >= 0 && band == RANGE_NONE)
        o->beyond_range = best;
    if (band == RANGE_NONE) {
        if (o->nearest_enemy < 0)
            o->no_shot = RF_NO_SHOT_NO_ENEMY_IN_SIGHT;
        else if (o->passed_over >= 0) {
            o->no_shot = o->passed_over_in_melee ? RF_NO_SHOT_ENEMY_IN_MELEE
                                                 : RF_NO_SHOT_MASKED;
            o->no_shot_about = o->passed_over;
        }
        else {
            o->no_shot = RF_NO_SHOT_OUT_OF_RANGE;
            o->no_shot_about = o->beyond_range;
        }
        return;
    }
    o->shoot_target = best;
    copy_text (o->range_band, sizeof o->range_band, range_band_name (band));
}

/*  Does decision `d` (of a unit in a situation) hold because its cell's
 *  move away from the enemy has nothing to move from: a run, a withdrawal
 *  or a move to take cover with no enemy in sight, no cover to go to and
 *  no move.  Such a unit is not running nor falling back. */
static bool
holds_for_no_enemy (const rf_decision_t *d)
{
    const rf_order_t *o = &d->order;
    return d->unit >= 0 && !d->charge && !d->falling_back_halt
        && (d->action == RF_RUN || d->action == RF_WITHDRAW
            || d->action == RF_TAKE_COVER)
        && o->nearest_enemy < 0 && !o->has_destination
        && o->cover_feature < 0;
}

/*  Does decision `d` (of a unit in a situation) carry on because its
 *  cell's advance has nobody to advance on: "Advance towards nearest
 *  enemy" or the up-to-RF0 six's "move towards the nearest visible
 *  enemy" with no enemy in sight.  The current actions go on
 *  (RULINGS.md), and the unit's statuses with them. */
static bool
carries_on_for_no_enemy (const rf_decision_t *d)
{
    return d->unit >= 0 && !d->charge
        && (d->action == RF_ADVANCE_VISIBLE || d->action == RF_ADVANCE_CHARGE)
        && d->order.nearest_enemy < 0 && !d->order.has_destination;
}

/*  ---- the explanation ---------------------------------------------------- */

/*  "270 degrees.\n": a facing in whole degrees, the end of an order. */
static void
add_facing (rf_text_t *w, double facing)
{
    rf_text_fixed (w, facing, 0);
    rf_text_add (w, " degrees.\n");
}

/*  The id of unit i. */
static const char *
unit_id (const situation_t *sit, int i)
{
    return situation_unit_const (sit, i)->id;
}

/*  Why enemy o->passed_over is not shot at: "masked by blue-2", "in a
 *  melee with blue-2 (...)". */
static void
add_passed_over (rf_text_t *w, const situation_t *sit, const rf_order_t *o)
{
    if (o->passed_over_in_melee)
        rf_text_adds (w, "in a melee with ", unit_id (sit, o->passed_over_by),
                      " (no one shoots into a melee)", NULL);
    else
        rf_text_adds (w, "masked by ", unit_id (sit, o->passed_over_by),
                      ", standing in the line of fire", NULL);
}

const char *
rf_no_shot_name (rf_no_shot_t why)
{
    static const char *names[RF_NO_SHOT_COUNT] = {
        "", "commanded", "in_melee", "charges", "runs", "no_weapon",
        "no_enemy_in_sight", "masked", "enemy_in_melee", "out_of_range" };
    return (int) why >= 0 && why < RF_NO_SHOT_COUNT ? names[why] : "";
}

/*  The fire of unit u's decision `d` in words: its target, or why it
 *  shoots at nothing (o->no_shot).  The player at the table is told why
 *  the nearest enemy is not fired on: which unit masks it, whom it is in
 *  a melee with, the enemy this unit touches and fights instead, out of
 *  range; or that the unit is commanded, charges, runs, has no ranged
 *  weapon or sees no enemy.  One line. */
static void
add_fire (rf_text_t *w, const situation_t *sit, const unit_t *u,
          const rf_decision_t *d)
{
    const ruleset_t *rs = situation_ruleset (sit);
    const rf_order_t *o = &d->order;
    const char *weapon = weapon_name (rs, u);
    switch (o->no_shot) {
    case RF_SHOOTS:
        rf_text_adds (w, "Shoots at ", unit_id (sit, o->shoot_target), " (",
                      o->range_band, " range, ", weapon, ")", NULL);
        if (o->passed_over >= 0) {
            rf_text_adds (w, "; not at ", unit_id (sit, o->passed_over),
                          ", nearer: ", NULL);
            add_passed_over (w, sit, o);
        }
        rf_text_add (w, ".\n");
        return;
    case RF_NO_SHOT_COMMANDED:
        rf_text_add (w, "Under command: its commander picks its target "
                     "and may ignore the table's shooting and movement.\n");
        return;
    case RF_NO_SHOT_IN_MELEE:
        rf_text_adds (w, "In base contact with ", unit_id (sit, o->contact_enemy),
                      ": it fights the melee and shoots at nothing (no one "
                      "shoots into or out of a melee).\n", NULL);
        return;
    case RF_NO_SHOT_CHARGES:
        rf_text_add (w, "Shoots at nothing: it charges (a charging unit does "
                     "not shoot).\n");
        return;
    case RF_NO_SHOT_RUNS:
        rf_text_add (w, "Shoots at nothing: it runs (a unit fleeing does not "
                     "stop to fire).\n");
        return;
    case RF_NO_SHOT_NO_WEAPON:
        rf_text_adds (w, "Shoots at nothing: it has no weapon that shoots (",
                      weapon, ").\n", NULL);
        return;
    case RF_NO_SHOT_NO_ENEMY_IN_SIGHT:
        rf_text_add (w, "Shoots at nothing: no enemy in sight.\n");
        return;
    default:        /* masked, in a melee, out of range: named below */
        break;
    }
    rf_text_add (w, "Shoots at nothing: ");
    if (o->passed_over >= 0) {
        rf_text_adds (w, unit_id (sit, o->passed_over), ", the nearest "
                      "enemy within its ", weapon, "'s range, is ", NULL);
        add_passed_over (w, sit, o);
        if (o->beyond_range >= 0)
            rf_text_add (w, "; ");
    }
    if (o->beyond_range >= 0)
        rf_text_adds (w, unit_id (sit, o->beyond_range), ", the nearest "
                      "enemy it could hit, is beyond its ", weapon,
                      "'s long range (", NULL);
    else if (o->passed_over < 0)
        rf_text_adds (w, "no enemy it sees is within its ", weapon,
                      "'s long range (", NULL);
    if (o->beyond_range >= 0 || o->passed_over < 0) {
        rf_text_cm (w, ruleset_weapon_reach (rs, u));
        rf_text_add (w, ")");
    }
    rf_text_add (w, ".\n");
}

/*  The working of decision `d` in plain words into `buf` of `len` bytes
 *  (cut short at its end).  `sit` NULL: a direct look-up, no unit. */
static void
explain (const situation_t *sit, const rf_table_t *t, const rf_decision_t *d,
         char *buf, size_t len)
{
    const ruleset_t *rs = sit ? situation_ruleset (sit) : NULL;
    const unit_t *u = sit && d->unit >= 0 ? situation_unit_const (sit, d->unit)
                                          : NULL;
    const rf_order_t *o = &d->order;
    rf_text_t w;
    rf_text_start (&w, buf, len);
    if (rs)
        rf_text_measure (&w, ruleset_length_unit (rs),
                         ruleset_cm_per_length_unit (rs));
    if (u)
        rf_text_adds (&w, u->id, " (", side_name (u->side), " ",
                      arm_name (u->arm), ", ",
                      ruleset_quality_name (rs, u->quality), "): Risk Factor ",
                      NULL);
    else
        rf_text_adds (&w, arm_name (d->arm), ": Risk Factor ", NULL);
    rf_text_int (&w, d->rf);
    rf_text_adds (&w, ", ", t->band_name[d->band], ".\n", NULL);
    if (u && o->group_count > 1) {
        const unit_t *lead = situation_unit_const (sit, o->group_lead);
        rf_text_adds (&w, "Platoon ", u->platoon, " keeps company and is "
                      "diced once (", NULL);
        rf_text_int (&w, o->group_count);
        rf_text_add (&w, " groups)");
        if (o->group_lead != d->unit)
            rf_text_adds (&w, "; the factors are those of its lead group ",
                          lead->id, ", which it follows", NULL);
        rf_text_add (&w, ".\n");
    }
    if (d->factor_count == 0 && u)
        rf_text_add (&w, "  No factor applies.\n");
    else if (d->factor_count == 0)
        rf_text_add (&w, "  The Risk Factor was given directly.\n");
    for (int i = 0; i < d->factor_count; i++) {
        rf_text_add (&w, "  ");
        rf_text_signed (&w, d->factors[i].value);
        rf_text_adds (&w, " ", d->factors[i].name, ": ",
                      d->factors[i].reason, ".\n", NULL);
    }
    rf_text_add (&w, "D6: ");
    rf_text_int (&w, d->roll);
    rf_text_add (&w, d->roll_from_player ? ", the player's throw.\n"
                                         : ", thrown by the daemon.\n");
    const rf_outcome_t *oc = &d->outcomes[d->roll - 1];
    rf_text_adds (&w, "Cell ", t->band_name[d->band], ", ", NULL);
    rf_text_int (&w, d->roll);
    rf_text_adds (&w, ": ", rf_action_name (d->action), " - ", oc->text, ".",
                  NULL);
    if (charges_allowed (d->action) && !u)
        rf_text_add (&w, " It charges if an enemy is within one move.");
    else if (charges_allowed (d->action))
        rf_text_add (&w, d->charge ? " It charges." : " No enemy in charge "
                     "reach: no charge.");
    rf_text_adds (&w, "\nMorale: ", d->morale, " - ", d->morale_text, "\n",
                  NULL);
    if (d->falling_back_halt)
        rf_text_add (&w, "Falling back: it halts, and falls back no more.\n");
    else if (d->charge && u && (u->status & STATUS_FALLING_BACK))
        rf_text_add (&w, "Falling back: it charges, and falls back no "
                     "more.\n");
    /* the up-to-RF0 row's special cases are that row's alone: above it a
       fortified or falling-back unit does what its row says */
    if (u && d->band > 0 && (u->status & STATUS_FORTIFIED))
        rf_text_adds (&w, "Fortified: not applied at ", t->band_name[d->band],
                      " (only the up-to-RF0 row keeps a fortified unit from "
                      "moving).\n", NULL);
    if (u && d->band > 0 && (u->status & STATUS_FALLING_BACK))
        rf_text_adds (&w, "Falling back: not applied at ",
                      t->band_name[d->band], " (only the up-to-RF0 row halts "
                      "a unit falling back).\n", NULL);
    /* falling back is the current action of a unit falling back: carried
       on, it goes on until the up-to-RF0 halt (a fortified unit stays) */
    if (u && (u->status & STATUS_FALLING_BACK)
    &&  !(u->status & STATUS_FORTIFIED) && rf_continues (d))
        rf_text_add (&w, "Falling back: carrying on, it goes on falling back "
                     "away from the enemy, a move a turn, until a 5 or 6 up "
                     "to RF0 halts it.\n");
    if (u) {
        if (o->nearest_enemy >= 0) {
            const unit_t *e = situation_unit_const (sit, o->nearest_enemy);
            rf_text_adds (&w, "Nearest enemy in sight: ", e->id, ", ", NULL);
            rf_text_cm (&w, o->nearest_enemy_cm);
            rf_text_adds (&w, " away (",
                          o->enemy_in_weapon_range ? "within" : "beyond",
                          " weapon range, ",
                          o->enemy_in_charge_reach ? "within" : "beyond",
                          " charge reach).\n", NULL);
            /* "the nearest enemy figures in reach": a nearer enemy out
               of reach is passed over */
            if (o->charge_target >= 0 && o->charge_target != o->nearest_enemy)
                rf_text_adds (&w, "It charges the nearest enemy in charge "
                              "reach: ", situation_unit_const (
                                  sit, o->charge_target)->id, " (", e->id,
                              " is nearer, beyond charge reach).\n", NULL);
        }
        else
            rf_text_add (&w, "No enemy in sight.\n");
        if (o->has_destination) {
            rf_text_add (&w, "Order: ");
            /* a europe19 line may not move: it forms column (guns
               limber) first */
            formation_t formed = (formation_t) o->formation;
            if (o->formation >= 0)
                rf_text_adds (&w, "change formation to ",
                              ruleset_formation_word (rs, u->arm, formed),
                              ", then ", NULL);
            rf_text_add (&w, "move ");
            rf_text_cm (&w, o->move_cm);
            if (o->pace[0])
                rf_text_adds (&w, " at ", o->pace, NULL);
            rf_text_add (&w, " to (");
            rf_text_fixed (&w, o->destination.x, 1);
            rf_text_add (&w, ", ");
            rf_text_fixed (&w, o->destination.y, 1);
            /* the table's coordinates are in cm whatever the ruleset's
               unit of length: say so */
            rf_text_add (&w, ") cm");
            if (o->cover_feature >= 0)
                rf_text_adds (&w, " into ",
                              situation_terrain (sit, o->cover_feature)->id,
                              NULL);
            rf_text_add (&w, ", ending facing ");
            add_facing (&w, o->facing);
        }
        else if (o->cover_feature >= 0) {
            rf_text_adds (&w, "Order: stay in cover in ",
                          situation_terrain (sit, o->cover_feature)->id,
                          ", facing ", NULL);
            add_facing (&w, o->facing);
        }
        else if (d->action == RF_CONTINUE)
            rf_text_add (&w, "Order: carry on with its current actions.\n");
        else if (carries_on_for_no_enemy (d))
            rf_text_add (&w, "Order: no enemy is visible to move towards: it "
                         "carries on with its current actions.\n");
        else if (holds_for_no_enemy (d)) {
            rf_text_add (&w, d->action == RF_RUN || u->arm == ARM_CAVALRY
                         ? "Order: no enemy in sight to move away from: it "
                           "holds where it stands, facing "
                         : "Order: no cover within a move, and no enemy in "
                           "sight to move away from: it holds where it "
                           "stands, facing ");
            add_facing (&w, o->facing);
        }
        else if (d->action == RF_CONTINUE_FACING
             ||  d->action == RF_CONTINUE_FACING_CHARGE) {
            rf_text_add (&w, "Order: carry on with its current actions, "
                         "facing ");
            add_facing (&w, o->facing);
        }
        else {
            rf_text_add (&w, "Order: halt where it stands, facing ");
            add_facing (&w, o->facing);
        }
        add_fire (&w, sit, u, d);
    }
    rf_text_add (&w, "Every face:");
    for (int f = 0; f < RF_FACES; f++) {
        rf_text_add (&w, " ");
        rf_text_int (&w, f + 1);
        rf_text_adds (&w, " ", rf_action_name (d->outcomes[f].action),
                      d->outcomes[f].charge ? " (charge)" : "",
                      f + 1 < RF_FACES ? ";" : ".\n", NULL);
    }
}

/*  ---- the decisions ------------------------------------------------------ */

/*  The morale of the chosen action. */
static void
set_morale (const ruleset_t *rs, rf_decision_t *out)
{
    const rf_morale_t *m = ruleset_rf_morale (rs);
    copy_text (out->morale, sizeof out->morale, m->morale[out->action]);
    copy_text (out->morale_text, sizeof out->morale_text,
               m->text[out->action]);
}

/*  A decision made ready to fill: the fixed fields zeroed, no factors, no
 *  explanation, an empty order.  The factors and the six outcomes are
 *  written whole as they are filled, so the big arrays are not cleared
 *  (a memset of the whole decision was a good part of a terse one). */
static void
decision_clear (rf_decision_t *out, bool words)
{
    memset (out, 0, offsetof (rf_decision_t, factors));
    out->factor_count = 0;
    out->explanation[0] = '\0';
    out->terse = !words;
    empty_order (&out->order);
}

/*  The pace of a face: the cell's, none for the special cases. */
static const char *
face_pace (const rf_table_t *t, int band, int face, special_t special)
{
    return special == SPECIAL_NONE ? t->pace[band][face - 1] : "";
}

static int
decide (const situation_t *sit, int unit, int player_roll, dice_t *dice,
        bool words, rf_decision_t *out, char *err, int errlen)
{
    assert (sit && out);
    decision_clear (out, words);
    out->unit = unit;
    const ruleset_t *rs = situation_ruleset (sit);
    const rf_table_t *t = unit_table (sit, unit, err, errlen);
    if (!t)
        return -1;
    const unit_t *u = situation_unit_const (sit, unit);
    if (!standing (u)) {
        set_err (err, errlen, "unit %s has no figure standing", u->id);
        return -1;
    }
    if (check_roll (player_roll, dice, err, errlen) < 0)
        return -1;

    /* the platoon is diced on its lead's factors */
    platoon_group (sit, unit, &out->order);
    int lead = out->order.group_lead;
    view_t lv, own;
    view_t *vp = &lv;
    if (view_make (sit, lead, dice, &lv, err, errlen) < 0)
        return -1;
    if (lead != unit) {
        if (view_make (sit, unit, dice, &own, err, errlen) < 0) {
            view_free (&lv);
            return -1;
        }
        vp = &own;
    }
    view_t *v = vp;
    factors_into (sit, t, &lv, out);
    out->unit = unit;
    out->arm = u->arm;
    take_roll (player_roll, dice, out);

    /* the cell, the six outcomes and the morale */
    const unit_t *lu = situation_unit_const (sit, lead);
    bool fortified = lu->status & STATUS_FORTIFIED;
    bool falling_back = lu->status & STATUS_FALLING_BACK;
    bool reach = in_charge_reach (sit, v);
    fill_outcomes (rs, t, out->band, fortified, falling_back, reach, out);
    special_t special;
    out->action = face_action (t, out->band, out->roll, fortified,
                               falling_back, &special);
    out->charge = out->outcomes[out->roll - 1].charge;
    out->falling_back_halt = special == SPECIAL_FALLING_BACK;
    set_morale (rs, out);

    /* the order: the unit's own view, the lead's move */
    rf_order_t *o = &out->order;
    o->nearest_enemy = v->nearest;
    o->nearest_enemy_cm = v->nearest >= 0 ? v->nearest_cm : 0;
    o->enemy_in_weapon_range = v->nearest >= 0 && v->reach_cm > 0
                            && v->nearest_cm <= v->reach_cm;
    o->enemy_in_charge_reach = reach;
    o->charge_target = out->charge ? charge_target (sit, v) : -1;
    const char *pace = face_pace (t, out->band, out->roll, special);
    if (lead == unit || out->charge)
        order_move (sit, v, out->action, special, out->charge, pace, o);
    else {
        rf_order_t lo;
        empty_order (&lo);
        order_move (sit, &lv, out->action, special, false, pace, &lo);
        o->facing = v->u->fp.facing;
        follow_lead (sit, v, lu, &lo, o);
        if (!lo.has_destination && out->action != RF_CONTINUE)
            order_move (sit, v, out->action, special, false, pace, o);
        o->facing = geom_norm_deg (o->facing);
    }
    order_shoot (sit, v, out->action, out->charge, o);
    if (words)
        explain (sit, t, out, out->explanation, sizeof out->explanation);
    view_free (&lv);
    if (lead != unit)
        view_free (&own);
    return 0;
}

int
rf_decide (const situation_t *sit, int unit, int player_roll, dice_t *dice,
           rf_decision_t *out, char *err, int errlen)
{
    return decide (sit, unit, player_roll, dice, true, out, err, errlen);
}

int
rf_decide_terse (const situation_t *sit, int unit, int player_roll,
                 dice_t *dice, rf_decision_t *out, char *err, int errlen)
{
    return decide (sit, unit, player_roll, dice, false, out, err, errlen);
}

int
rf_lookup (const ruleset_t *rs, arm_t arm, int rf, int player_roll,
           bool fortified, bool falling_back, dice_t *dice,
           rf_decision_t *out, char *err, int errlen)
{
    assert (rs && out);
    memset (out, 0, sizeof *out);
    empty_order (&out->order);
    out->unit = -1;
    out->arm = arm;
    out->rf = rf;
    const rf_table_t *t = ruleset_rf_table (rs, arm);
    if (!t) {
        set_err (err, errlen, "ruleset %s has no Risk Factor table for %s",
                 ruleset_name (rs), arm_name (arm));
        return -1;
    }
    if (check_roll (player_roll, dice, err, errlen) < 0)
        return -1;
    take_roll (player_roll, dice, out);
    out->band = rf_band (t, rf);
    fill_outcomes (rs, t, out->band, fortified, falling_back, true, out);
    special_t special;
    out->action = face_action (t, out->band, out->roll, fortified,
                               falling_back, &special);
    out->charge = out->outcomes[out->roll - 1].charge;
    out->falling_back_halt = special == SPECIAL_FALLING_BACK;
    set_morale (rs, out);
    copy_text (out->order.pace, sizeof out->order.pace,
               face_pace (t, out->band, out->roll, special));
    explain (NULL, t, out, out->explanation, sizeof out->explanation);
    return 0;
}

/*  The factor lines by machine name, and where each value sits. */
static const struct {
    const char *name;
    size_t offset;
} factor_lines[] = {
    { "no_enemy_in_sight", offsetof (rf_table_t, f_no_enemy_in_sight) },
    { "hero_near", offsetof (rf_table_t, f_hero_near) },
    { "regulars", offsetof (rf_table_t, f_regulars) },
    { "officer", offsetof (rf_table_t, f_officer) },
    { "in_cover", offsetof (rf_table_t, f_in_cover) },
    { "enemy_in_range", offsetof (rf_table_t, f_enemy_in_range) },
    { "raw_in_range", offsetof (rf_table_t, f_raw_in_range) },
    { "per_tenth_lost", offsetof (rf_table_t, f_per_tenth_lost) },
    { "flank_or_rear", offsetof (rf_table_t, f_flank_or_rear) },
    { "shock_cavalry", offsetof (rf_table_t, f_shock_cavalry) },
    { "running_or_retreating", offsetof (rf_table_t, f_running_or_retreating) },
};

int
rf_factor_value (const ruleset_t *rs, arm_t arm, const char *name, int *value)
{
    assert (rs && value);
    const rf_table_t *t = ruleset_rf_table (rs, arm);
    if (!t || !name)
        return -1;
    for (size_t i = 0; i < sizeof factor_lines / sizeof factor_lines[0]; i++)
        if (strcmp (name, factor_lines[i].name) == 0) {
            *value = *(const int *) ((const char *) t + factor_lines[i].offset);
            return 0;
        }
    return -1;
}

int
rf_lookup_factors (const ruleset_t *rs, arm_t arm, const rf_factor_t *factors,
                   int count, int player_roll, bool fortified,
                   bool falling_back, dice_t *dice, rf_decision_t *out,
                   char *err, int errlen)
{
    assert (rs && out && (factors || count == 0));
    if (count < 0 || count > RF_MAX_FACTORS) {
        set_err (err, errlen, "%d factors given, at most %d", count,
                 RF_MAX_FACTORS);
        return -1;
    }
    rf_factor_t given[RF_MAX_FACTORS];
    int rf = 0;
    for (int i = 0; i < count; i++) {
        given[i] = factors[i];
        given[i].name[sizeof given[i].name - 1] = '\0';
        given[i].reason[sizeof given[i].reason - 1] = '\0';
        if (given[i].value == 0
        &&  rf_factor_value (rs, arm, given[i].name, &given[i].value) < 0) {
            set_err (err, errlen, "factor \"%s\" is given no value and is "
                     "not a line of the %s table", given[i].name,
                     arm_name (arm));
            return -1;
        }
        if (given[i].value < -RF_FACTOR_VALUE_MAX
        ||  given[i].value > RF_FACTOR_VALUE_MAX) {
            set_err (err, errlen, "factor \"%s\" is %d, must be within "
                     "-%d..%d", given[i].name, given[i].value,
                     RF_FACTOR_VALUE_MAX, RF_FACTOR_VALUE_MAX);
            return -1;
        }
        if (given[i].reason[0] == '\0')
            snprintf (given[i].reason, sizeof given[i].reason,
                      "given by the player");
        rf += given[i].value;
    }
    if (rf_lookup (rs, arm, rf, player_roll, fortified, falling_back, dice,
                   out, err, errlen) < 0)
        return -1;
    memcpy (out->factors, given, (size_t) count * sizeof given[0]);
    out->factor_count = count;
    const rf_table_t *t = ruleset_rf_table (rs, arm);
    explain (NULL, t, out, out->explanation, sizeof out->explanation);
    return 0;
}

void
rf_status_effect (const ruleset_t *rs, const rf_decision_t *d, uint32_t *set,
                  uint32_t *clear)
{
    assert (rs && d && set && clear);
    *set = 0;
    *clear = 0;
    const rf_morale_t *m = ruleset_rf_morale (rs);
    if (m) {
        *set = m->sets_status[d->action];
        *clear = m->clears_status[d->action];
    }
    /* a unit that charges into contact goes at the enemy: it falls back
       no more, whichever cell ("Continue ... (Charge?)" too) sent it */
    if (d->falling_back_halt || d->charge) {
        *set &= ~(uint32_t) STATUS_FALLING_BACK;
        *clear |= STATUS_FALLING_BACK;
    }
    /* a run or a withdrawal that holds, with no enemy in sight to move
       from, is neither running nor falling back */
    if (holds_for_no_enemy (d))
        *set = 0;
    /* an advance with nobody to advance on carries on the current
       actions: a unit falling back is still falling back */
    if (carries_on_for_no_enemy (d)) {
        *set = 0;
        *clear = 0;
    }
}

bool
rf_continues (const rf_decision_t *d)
{
    assert (d);
    switch (d->action) {
    case RF_CONTINUE:
    case RF_CONTINUE_FACING:
        return true;
    case RF_CONTINUE_FACING_CHARGE:
        return !d->charge;
    case RF_ADVANCE_VISIBLE:
    case RF_ADVANCE_CHARGE:
        return !d->charge && !d->order.has_destination
            && d->order.nearest_enemy < 0;
    default:
        return false;
    }
}

void
rf_explain_current (rf_decision_t *d, const char *current)
{
    assert (d);
    if (d->terse || !rf_continues (d))
        return;
    size_t used = strlen (d->explanation);
    if (used >= sizeof d->explanation - 1)
        return;
    if (current && current[0])
        snprintf (d->explanation + used, sizeof d->explanation - used,
                  "Its current actions, carried on: %s.\n", current);
    else
        snprintf (d->explanation + used, sizeof d->explanation - used,
                  "No earlier order is known for it: the daemon takes it to "
                  "hold where it stands (at the table, it carries on with "
                  "what it was doing).\n");
}
