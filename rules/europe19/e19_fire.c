/*  e19_fire.c - firing by the sheet: the weapon's range and dice per
 *  base (skirmishers +8 cm with a starred weapon), the 45 degree frontal
 *  arc (all round in a town), obstructions (woods, towns, hills, other
 *  units; between higher and lower ground one blocks only when it is
 *  nearer the lower), the firing table's score, the saving roll, and the
 *  bases the unsaved hits remove.  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "e19_play.h"

#define MAX_DICE 400         /* dice shown in one volley's words */

int
e19_firer_row (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    e19_type_t type = e19_type (g, u);
    const e19_weapon_t *w = x->weapon >= 0 && x->weapon < SOLO_MAX_WEAPONS
                          ? &tables (g)->weapons[x->weapon] : NULL;
    if (!w || !w->fires)
        return -1;
    switch (type) {
    case E19_ARTILLERY:
        /* "Limbered Artillery: Can not fire" */
        return x->formation == FORMATION_LINE ? E19_FIRER_LINE_OR_ARTILLERY
                                              : -1;
    case E19_CLOSE_INFANTRY:
    case E19_LOOSE_INFANTRY:
        return x->formation == FORMATION_LINE ? E19_FIRER_LINE_OR_ARTILLERY
                                              : E19_FIRER_INFANTRY_COLUMN;
    case E19_SKIRMISHERS:
    case E19_DRAGOONS:
        return E19_FIRER_SKIRMISH_OR_DRAGOON;
    default:
        return -1;                     /* cavalry and generals */
    }
}

int
e19_target_column (const game_t *g, int u)
{
    const unit_t *x = game_unit_c (g, u);
    bool line = x->formation == FORMATION_LINE;
    switch (e19_type (g, u)) {
    case E19_CAVALRY:
        return E19_TARGET_CAVALRY;
    case E19_CLOSE_INFANTRY:
        return line ? E19_TARGET_NORMAL : E19_TARGET_CLOSE_COLUMN;
    case E19_LOOSE_INFANTRY:
        return line ? E19_TARGET_DISPERSED : E19_TARGET_NORMAL;
    case E19_DRAGOONS:
        return E19_TARGET_NORMAL;
    case E19_ARTILLERY:
        return line ? E19_TARGET_DISPERSED : E19_TARGET_NORMAL;
    case E19_SKIRMISHERS:
        return E19_TARGET_DISPERSED;
    default:
        return -1;
    }
}

/*  Does unit u stand on high ground: its centre on a hill (gentle or
 *  steep)?  The height the sheet's "Fire between higher and lower" asks
 *  of firer and target. */
static bool
stands_high (const game_t *g, int u)
{
    return e19_on_high_ground (g, game_unit_c (g, u)->fp.centre);
}

/*  Does an obstruction whose middle is at `mid` block fire between a
 *  firer at p and a target at q?  "Level fire any obstruction blocks
 *  LOS"; "Fire between higher and lower blocked if obstruction closer to
 *  lower unit". */
static bool
obstruction_blocks (vec2_t mid, vec2_t p, bool high_p, vec2_t q,
                    bool high_q)
{
    if (high_p == high_q)
        return true;
    vec2_t lower = high_p ? q : p, higher = high_p ? p : q;
    return geom_dist (mid, lower) < geom_dist (mid, higher);
}

/*  What unit_on_line asks of each unit on the line. */
typedef struct {
    const game_t *g;
    int u, target;
    vec2_t a, b;
    bool high_a, high_b;
} in_the_way_t;

/*  Is unit k, on the line, in the way?  Not the firer, the target, a unit
 *  out of play or a command figure; any other by the rule of height
 *  (obstruction_blocks, from its centre). */
static bool
stands_in_the_way (const situation_t *sit, int k, void *arg)
{
    (void) sit;
    const in_the_way_t *w = arg;
    if (k == w->u || k == w->target || !e19_in_play (w->g, k)
        || game_unit_c (w->g, k)->arm == ARM_COMMAND)
        return false;
    return obstruction_blocks (game_unit_c (w->g, k)->fp.centre, w->a,
                               w->high_a, w->b, w->high_b);
}

/*  Does another unit stand on the line from p (a point of unit u) to q
 *  (one of its target)?  On level ground any does; between higher and
 *  lower ground only one nearer the lower unit.  A line touching a
 *  base's edge meets it (a screen as wide as the target hides it), but
 *  not within SITUATION_OVERLAP_CM of either end: a unit touching the
 *  firer or the target at the corner a line starts or ends at stands
 *  beside it, not between them. */
static bool
unit_on_line (const game_t *g, int u, int target, vec2_t p, bool high_p,
              vec2_t q, bool high_q)
{
    double len = geom_dist (p, q);
    if (len <= 2 * SITUATION_OVERLAP_CM)
        return false;
    double k = SITUATION_OVERLAP_CM / len;
    vec2_t a = { p.x + (q.x - p.x) * k, p.y + (q.y - p.y) * k };
    vec2_t b = { q.x - (q.x - p.x) * k, q.y - (q.y - p.y) * k };
    in_the_way_t w = { g, u, target, p, q, high_p, high_q };
    return situation_unit_on_segment (game_situation (g), a, b, 0,
                                      stands_in_the_way, &w) >= 0;
}

/*  The terrain the sheet counts as obstructions: "Woods, Towns, Hills". */
#define OBSTRUCTION_KINDS (1u << TERRAIN_WOODS | 1u << TERRAIN_TOWN          \
                           | 1u << TERRAIN_GENTLE_HILL                      \
                           | 1u << TERRAIN_STEEP_HILL)

/*  Is the line from p (a point of the firer) to q (one of the target)
 *  clear of the sheet's terrain obstructions, "Woods, Towns, Hills"?
 *  - A wood, town or hill neither end stands in is an obstruction: each
 *    stretch of the line inside it blocks by the rule of height
 *    (obstruction_blocks, measured from the stretch's middle).
 *  - A hill one end stands on is that unit's ground, no obstruction.
 *  - A wood or town one end stands in is fired out of or into through at
 *    most the table file's settings.woods_shoot_depth_cm of it, both
 *    ends' woods counted; with both ends in the same one, the line may
 *    be no longer than settings.woods_visibility_cm (both the project's
 *    numbers, not the sheet's: RULINGS.md). */
static bool
terrain_line_clear (const game_t *g, vec2_t p, bool high_p, vec2_t q,
                    bool high_q)
{
    const situation_t *sit = game_situation (g);
    if (!situation_segment_meets (sit, p, q, OBSTRUCTION_KINDS))
        return true;                   /* open ground all the way */
    const rules_settings_t *st = ruleset_settings (game_ruleset (g));
    double len = geom_dist (p, q);
    double into = 0;
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        bool cover = f->kind == TERRAIN_WOODS || f->kind == TERRAIN_TOWN;
        bool hill = f->kind == TERRAIN_GENTLE_HILL
                 || f->kind == TERRAIN_STEEP_HILL;
        if (!cover && !hill)
            continue;
        const vec2_t *v = f->vertices;
        int n = f->vertex_count;
        bool p_in = polygon_contains (v, n, p);
        bool q_in = polygon_contains (v, n, q);
        if (p_in && q_in) {
            if (cover && len > st->woods_visibility_cm + 1e-9)
                return false;
            continue;
        }
        if (p_in || q_in) {
            if (cover)
                into += polygon_segment_inside_length (v, n, p, q);
            continue;
        }
        if (!polygon_segment_intersects (v, n, p, q))
            continue;
        /* the stretches of the line inside it, each by its middle */
        double ts[2 * SOLO_MAX_VERTICES + 2];
        int cuts = polygon_segment_cuts (v, n, p, q, ts + 1,
                                         2 * SOLO_MAX_VERTICES);
        ts[0] = 0;
        ts[cuts + 1] = 1;
        geom_sort (ts, cuts + 2);
        for (int k = 0; k + 1 < cuts + 2; k++) {
            double m = (ts[k] + ts[k + 1]) / 2;
            vec2_t mid = { p.x + (q.x - p.x) * m, p.y + (q.y - p.y) * m };
            if ((ts[k + 1] - ts[k]) * len > 1e-9
                && polygon_contains (v, n, mid)
                && obstruction_blocks (mid, p, high_p, q, high_q))
                return false;
        }
    }
    return into <= st->woods_shoot_depth_cm + 1e-9;
}

/*  Has unit u a line of fire to `target`?  "Woods, Towns, Hills, other
 *  Units are obstructions": it has when one of six lines, from u's point
 *  nearest to each of six points of the target (its point nearest u,
 *  its centre, its corners), is clear of the terrain (terrain_line_clear)
 *  and of other units (unit_on_line) at once; a unit screening one part
 *  of the target and a wood another leave no line. */
static bool
line_of_fire (const game_t *g, int u, int target)
{
    footprint_ready_t from;
    footprint_ready (&game_unit_c (g, u)->fp, &from);
    bool high_u = stands_high (g, u), high_t = stands_high (g, target);
    vec2_t a[FOOTPRINT_LINES], b[FOOTPRINT_LINES];
    footprint_lines_ready (&from, &game_unit_c (g, target)->fp, a, b);
    for (int k = 0; k < FOOTPRINT_LINES; k++)
        if (terrain_line_clear (g, a[k], high_u, b[k], high_t)
            && !unit_on_line (g, u, target, a[k], high_u, b[k], high_t))
            return true;
    return false;
}

/*  "Unit may only fire frontally 45° (360° in towns)": the nearest
 *  point of the target within the arc each side of the unit's facing,
 *  seen from its centre, or straight before its front edge (a target
 *  ahead of the end of a wide line, close in, is frontal though more
 *  than 45 degrees off seen from the centre: footprint_arc_at; a target
 *  touching its flank is placed by its bearing). */
bool
e19_in_arc (const game_t *g, int u, int target)
{
    if (e19_in_town (g, u))
        return true;
    const unit_t *x = game_unit_c (g, u);
    vec2_t p = footprint_nearest_point (&x->fp, &game_unit_c (g, target)->fp);
    return footprint_arc_at (&x->fp, p, tables (g)->arc_half_deg, 45)
           == ARC_FRONT;
}

int
e19_fire_dice (const game_t *g, int u, int target)
{
    const e19_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, u);
    if (!e19_in_play (g, u) || !is_enemy (g, u, target)
        || e19_firer_row (g, u) < 0 || e19_target_column (g, target) < 0
        || (game_unit (g, u)->in_melee && !t->fire_in_contact))
        return 0;
    /* "Pivoting Artillery cannot fire" */
    if (e19_type (g, u) == E19_ARTILLERY
        && (state_c (g, u)->flags & E19_F_PIVOTED))
        return 0;
    const e19_weapon_t *w = &t->weapons[x->weapon];
    double d = situation_unit_distance (game_situation (g), u, target);
    double bonus = w->starred && e19_type (g, u) == E19_SKIRMISHERS
                 ? t->skirmisher_range_cm : 0;
    int dice = 0;
    for (int b = 0; b < w->band_count; b++)
        if (d <= w->bands[b].range_cm + bonus + 1e-9) {
            dice = w->bands[b].dice;
            break;
        }
    if (dice == 0)
        return 0;
    if (!e19_in_arc (g, u, target) || !line_of_fire (g, u, target))
        return 0;
    return dice * bases (g, u);
}

int
e19_save_score (const game_t *g, int firer, int target)
{
    const e19_tables_t *t = tables (g);
    const unit_t *x = game_unit_c (g, target);
    int armed = t->breech_is_target ? target : firer;
    const unit_t *a = game_unit_c (g, armed);
    bool breech = a->weapon >= 0 && a->weapon < SOLO_MAX_WEAPONS
               && t->weapons[a->weapon].breech;
    e19_type_t type = e19_type (g, target);
    int col = E19_SAVE_ALL_ELSE;
    if (breech) {
        bool dispersed = type == E19_SKIRMISHERS
                      || x->formation == FORMATION_LINE;
        col = dispersed && type != E19_DRAGOONS
            ? E19_SAVE_BREECH_SKIRMISH_OR_LINE
            : E19_SAVE_BREECH_DRAGOONS_OR_COLUMN;
    }
    bool cover = e19_point_in (g, x->fp.centre, TERRAIN_WOODS)
              || e19_point_in (g, x->fp.centre, TERRAIN_TOWN);
    return cover ? t->save_cover[col] : t->save_open[col];
}

int
e19_volley (game_t *g, int u, int target, dice_t *dice)
{
    const e19_tables_t *t = tables (g);
    int n = e19_fire_dice (g, u, target);
    if (n <= 0)
        return 0;
    int row = e19_firer_row (g, u), col = e19_target_column (g, target);
    int need = t->hit[row][col];
    int save = e19_save_score (g, u, target);
    char rolls[3 * MAX_DICE + 8] = "";
    size_t used = 0;
    int hit = 0, saved = 0;
    game_dice_key (g, dice, u, GAME_DICE_FIRE, target);
    for (int i = 0; i < n; i++) {
        int r = dice_roll (dice, 6);
        if (game_events_on (g) && i < MAX_DICE && used < sizeof rolls - 4)
            used += (size_t) snprintf (rolls + used, sizeof rolls - used,
                                       "%s%d", i ? " " : "", r);
        if (r >= need)
            hit++;
    }
    for (int i = 0; i < hit && save > 0; i++)
        if (dice_roll (dice, 6) >= save)
            saved++;
    char save_words[48];
    if (save > 0)
        snprintf (save_words, sizeof save_words, "saves on %d+: %d saved",
                  save, saved);
    else
        snprintf (save_words, sizeof save_words, "no save");
    if (game_events_on (g))
        game_event (g, GAME_EVENT_SHOOT, u, "%s fires at %s: %d dice need "
                    "%d+, threw [%s]: %d hit%s; %s", game_unit_c (g, u)->id,
                    game_unit_c (g, target)->id, n, need, rolls, hit,
                    hit == 1 ? "" : "s", save_words);
    return hit - saved;
}

/*  The target unit u fires at: its fire order's, else the nearest enemy
 *  it may fire at; -1 none. */
static int
fire_target (const game_t *g, int u)
{
    const game_unit_t *gu = game_unit (g, u);
    if (gu->ordered && gu->order.kind == ORDER_FIRE
        && e19_fire_dice (g, u, gu->order.target) > 0)
        return gu->order.target;
    int best = -1;
    double best_d = INFINITY;
    for (int e = 0; e < game_unit_count (g); e++) {
        if (!is_enemy (g, u, e) || e19_fire_dice (g, u, e) <= 0)
            continue;
        double d = situation_unit_distance (game_situation (g), u, e);
        if (d < best_d)
            best_d = d, best = e;
    }
    return best;
}

void
e19_firing (game_t *g, dice_t *dice)
{
    int n = game_unit_count (g);
    int *unsaved = game_scratch (g);
    memset (unsaved, 0, (size_t) n * sizeof *unsaved);
    /* both sides at once: every volley thrown, then the bases removed */
    for (int u = 0; u < n; u++) {
        if (!e19_in_play (g, u) || (state_c (g, u)->flags & E19_F_FIRED))
            continue;
        int target = fire_target (g, u);
        if (target < 0)
            continue;
        unsaved[target] += e19_volley (g, u, target, dice);
        game_unit_mut (g, u)->fired = 1;
    }
    for (int u = 0; u < n; u++)
        if (unsaved[u] > 0)
            e19_remove_bases (g, u, unsaved[u] / tables (g)->hits_per_base,
                              dice, "a base lost to fire");
}
