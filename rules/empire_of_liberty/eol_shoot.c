/*  eol_shoot.c - Empire of Liberty's fire action: who fires from where, at
 *  what, the dice, the casualties and the checks they cause.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- fire ---- */

bool
eol_can_fire (const game_t *g, int u)
{
    if (!eol_in_play (g, u) || eol_is_leader (g, u) || eol_disordered (g, u)
        || game_unit (g, u)->in_melee)
        return false;
    if (ruleset_weapon_reach (rules_of (g), unit_c (g, u)) <= 0)
        return false;
    if (is_artillery (g, u) && unit_c (g, u)->formation == FORMATION_COLUMN)
        return false;                            /* limbered */
    return true;
}

typedef struct {
    vec2_t at;
    double figures;          /* dice before multipliers */
    bool all_round;          /* skirmishers face every way */
} firer_t;

/*  Where unit u fires from: each base of the front rank (a line), the
 *  front base (a column), each skirmisher (spread along its front), the
 *  gun (one die per pound of shot weight, of shot_guns guns: the model's
 *  one by default).  Returns the count. */
static int
fire_positions (const game_t *g, int u, firer_t *out)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    int standing = unit_figures_standing (x);
    vec2_t fwd = geom_heading_vec (x->fp.facing);
    vec2_t right = geom_heading_vec (x->fp.facing + 90);
    vec2_t front = { x->fp.centre.x + fwd.x * x->fp.depth / 2,
                     x->fp.centre.y + fwd.y * x->fp.depth / 2 };
    if (is_artillery (g, u)) {
        out[0].at = front;
        out[0].figures = standing > 0 ? eol_shot_lb (t, x) * t->fire_shot_guns
                                      : 0;
        out[0].all_round = false;
        return 1;
    }
    int n;
    double figures;
    bool all_round = x->formation == FORMATION_LOOSE;
    if (x->formation == FORMATION_COLUMN) {
        n = 1;
        figures = eol_fire_figures (FORMATION_COLUMN, standing,
                                    eol_type_info (t, x)->base_figures);
    }
    else {
        n = all_round ? (standing < MAX_FIRERS ? standing : MAX_FIRERS)
                      : eol_bases (t, x);
        if (n > MAX_FIRERS)
            n = MAX_FIRERS;
        if (n < 1)
            n = 1;
        figures = standing;
    }
    for (int i = 0; i < n; i++) {
        double off = -x->fp.width / 2 + (i + 0.5) * x->fp.width / n;
        out[i].at.x = front.x + right.x * off;
        out[i].at.y = front.y + right.y * off;
        out[i].figures = figures / n;
        out[i].all_round = all_round;
    }
    return n;
}

/*  Can a firing position of unit u bear on target e: some part of it
 *  within the weapon's range (unless `any_range`, a charged unit's fire
 *  at its charger) and within the arc of the unit's facing (skirmishers
 *  all round), the range measured to the nearest such part, and a line
 *  from the position to one of its figures clear of other units?  *band gets
 *  the range band: for a charged unit's fire the middle band ("Range
 *  modifiers are not used"), or with eol.fire.reaction_range_modifiers
 *  the band of the distance to the charger where it starts, the long
 *  band beyond the weapon's range. */
static bool
bears_on (const game_t *g, int u, const firer_t *f, int e, bool any_range,
          range_band_t *band)
{
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, e);
    /* "any enemy figure within range ... and 45 degrees of the firing
       base's facing": the target's nearest part within the arc */
    vec2_t p;
    if (f->all_round)
        p = footprint_point_nearest (&y->fp, f->at);
    else if (!footprint_nearest_in_arc (&y->fp, f->at, x->fp.facing,
                                        tables (g)->fire_arc_half_deg, &p))
        return false;
    double d = geom_dist (f->at, p);
    range_band_t b = ruleset_range_band (rules_of (g), x->weapon, d);
    if (b == RANGE_NONE && !any_range)
        return false;
    /* "line of sight": other units' figures in the way block it from
       this base (settings.units_mask_fire), friends' and enemies' */
    const rules_settings_t *s = ruleset_settings (rules_of (g));
    if (s->units_mask_fire) {
        footprint_t base = { .centre = f->at, .width = 0.01, .depth = 0.01,
                             .facing = x->fp.facing };
        if (situation_fire_masked (game_situation (g), u, &base, e,
                                   s->shoot_over_cm,
                                   s->fire_needs_whole_target))
            return false;
    }
    if (any_range)
        b = !tables (g)->reaction_range_modifiers ? RANGE_MEDIUM
          : b == RANGE_NONE ? RANGE_LONG : b;
    *band = b;
    return true;
}

/*  The multipliers of unit u's fire at e other than the range band. */
static eol_fire_mods_t
fire_mods (const game_t *g, int u, int e)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, e);
    eol_fire_mods_t m;
    memset (&m, 0, sizeof m);
    m.grade = eol_grade (t, x);
    m.mounted = x->arm == ARM_CAVALRY;
    vec2_t aim = footprint_nearest_point (&x->fp, &y->fp);
    m.target_cover = situation_cover_at (game_situation (g), aim, NULL);
    m.target_skirmish = y->formation == FORMATION_LOOSE;
    bool formed = !m.target_skirmish && !is_artillery (g, e);
    vec2_t from = footprint_nearest_point (&y->fp, &x->fp);
    m.target_column_or_flank = formed
        && (y->formation == FORMATION_COLUMN || !ahead_of_front (&y->fp, from));
    m.band = RANGE_MEDIUM;
    return m;
}

static double
band_factor (const eol_tables_t *t, range_band_t b)
{
    return b == RANGE_SHORT ? t->fire_point_blank
         : b == RANGE_LONG ? t->fire_long_range : 1.0;
}

int
eol_fire_dice_at (const game_t *g, int u, int target, bool reaction,
                  char *words, int wordslen)
{
    const eol_tables_t *t = tables (g);
    if (words && wordslen > 0)
        words[0] = 0;
    if (!eol_can_fire (g, u) || !is_enemy_unit (g, u, target)
        || game_unit (g, target)->in_melee
        || !eol_can_see (t, game_situation (g), u, target))
        return 0;
    firer_t f[MAX_FIRERS];
    int n = fire_positions (g, u, f);
    double weighted = 0, figures = 0;
    int pb = 0, lr = 0;
    for (int i = 0; i < n; i++) {
        range_band_t b;
        if (!bears_on (g, u, &f[i], target, reaction, &b))
            continue;
        weighted += f[i].figures * band_factor (t, b);
        figures += f[i].figures;
        pb += b == RANGE_SHORT;
        lr += b == RANGE_LONG;
    }
    if (figures <= 0)
        return 0;
    eol_fire_mods_t m = fire_mods (g, u, target);
    double mult = eol_fire_multiplier (t, &m);
    int dice = eol_fire_dice (t, weighted * mult);
    if (words && wordslen > 0)
        snprintf (words, (size_t) wordslen, "%.0f %s, %s%s%s%s%s%s%s x%.3g: "
                  "%d dice", figures, is_artillery (g, u) ? "dice for the gun"
                  : "figures", eol_grade_name (m.grade),
                  m.mounted ? ", mounted" : "",
                  m.target_cover == COVER_HARD ? ", target in fortifications"
                  : m.target_cover == COVER_SOFT ? ", target in cover" : "",
                  m.target_skirmish ? ", target in skirmish" : "",
                  m.target_column_or_flank ? ", target in column or fired on "
                  "from flank or rear" : "",
                  pb ? ", point-blank" : "", lr ? ", long range" : "", mult,
                  dice);
    return dice;
}

/*  Unit u checks its morale for `why` (casualties_now of the action);
 *  returns the result and fills *m. */
eol_morale_result_t
eol_check_morale (game_t *g, int u, eol_check_t why, int casualties_now,
                  dice_t *dice, eol_morale_t *m)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    eol_morale_in_t in;
    memset (&in, 0, sizeof in);
    in.why = why;
    in.grade = eol_grade (t, x);
    in.figures = x->figures;
    in.lost = x->killed;
    in.casualties_now = casualties_now;
    in.skirmish = x->formation == FORMATION_LOOSE;
    in.leader_in_contact = eol_leader_in_contact (g, u);
    in.standard_captured = (flags (g, u) & EOL_F_STANDARD_LOST) != 0;
    in.fired_this_turn = game_unit (g, u)->fired != 0;
    game_dice_key (g, dice, u, GAME_DICE_MORALE, -1);
    eol_morale_check (t, &in, dice, m);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s checks morale %s: needs %d "
                    "(%s %d%s%s%s%s%s%s), throws %d: %s", x->id,
                    eol_check_words (why), m->needed,
                    eol_grade_name (in.grade), m->base,
                    m->quarters ? ", quarters lost" : "",
                    (why == EOL_CHECK_CASUALTIES
                     || why == EOL_CHECK_FIRED_ON_CHARGING) && casualties_now
                    ? ", casualties now" : "",
                    in.skirmish ? ", skirmish" : "",
                    in.leader_in_contact ? ", leader in contact" : "",
                    in.standard_captured ? ", standard captured" : "",
                    why == EOL_CHECK_CHARGED && in.fired_this_turn
                    ? ", already fired" : "", m->roll,
                    eol_morale_result_words (m->result));
    return m->result;
}

/*  Casualties on each target of one fire action, then their checks. */
typedef struct {
    int target;
    int kills;
} fire_hit_t;

int
eol_fire (game_t *g, int u, int target, bool reaction, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    unit_t *x = unit_m (g, u);
    if (!eol_can_fire (g, u))
        return 0;
    firer_t f[MAX_FIRERS];
    int n = fire_positions (g, u, f);
    /* each position at the target if it bears on it, else (not for a
       reaction) the nearest enemy it bears on */
    int count = game_unit_count (g);
    int tg[MAX_FIRERS];
    range_band_t band[MAX_FIRERS];
    bool seen_target = is_enemy_unit (g, u, target)
                    && !game_unit (g, target)->in_melee
                    && eol_can_see (t, sit, u, target);
    for (int i = 0; i < n; i++) {
        tg[i] = -1;
        if (seen_target && bears_on (g, u, &f[i], target, reaction, &band[i])) {
            tg[i] = target;
            continue;
        }
        if (reaction)
            continue;
        double best = INFINITY;
        for (int e = 0; e < count; e++) {
            range_band_t b;
            if (!is_enemy_unit (g, u, e) || game_unit (g, e)->in_melee)
                continue;
            double d = footprint_point_distance (&unit_c (g, e)->fp, f[i].at);
            if (d < best && bears_on (g, u, &f[i], e, false, &b)
                && eol_can_see (t, sit, u, e)) {
                best = d;
                tg[i] = e;
                band[i] = b;
            }
        }
    }
    /* the dice at each target */
    fire_hit_t hits[MAX_FIRERS];
    int nh = 0;
    for (int i = 0; i < n; i++) {
        if (tg[i] < 0)
            continue;
        int h = 0;
        while (h < nh && hits[h].target != tg[i])
            h++;
        if (h == nh) {
            hits[nh].target = tg[i];
            hits[nh++].kills = 0;
        }
    }
    /* "If checking versus charge, and have already fired this turn: -1";
       "If it stands, and has not already fired": a unit has fired when
       it threw dice, not when it found nothing to fire at */
    game_unit_t *gu = game_unit_mut (g, u);
    if (nh == 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_SHOOT, u, "%s has no target it can "
                        "bear on", x->id);
        return 0;
    }
    int on_target = 0;
    for (int h = 0; h < nh; h++) {
        int e = hits[h].target;
        double weighted = 0;
        for (int i = 0; i < n; i++)
            if (tg[i] == e)
                weighted += f[i].figures * band_factor (t, band[i]);
        eol_fire_mods_t m = fire_mods (g, u, e);
        double mult = eol_fire_multiplier (t, &m);
        int count_dice = eol_fire_dice (t, weighted * mult);
        int rolls[48];
        if (count_dice > 0) {
            gu->fired = 1;
            x->status |= STATUS_FIRED;
        }
        game_dice_key (g, dice, u, GAME_DICE_FIRE, e);
        int kills = eol_fire_kills (t, count_dice, dice, rolls, 48);
        int standing = unit_figures_standing (unit_c (g, e));
        hits[h].kills = kills < standing ? kills : standing;
        if (e == target)
            on_target = hits[h].kills;
        if (game_events_on (g)) {
            char r[160] = "";
            size_t used = 0;
            for (int i = 0; i < count_dice && i < 48 && used < sizeof r - 4; i++)
                used += (size_t) snprintf (r + used, sizeof r - used, "%s%d",
                                           i ? " " : "", rolls[i]);
            game_event (g, GAME_EVENT_SHOOT, u, "%s fires at %s, %.1f\" "
                        "(%.2f x %.3g): %d dice [%s]: %d killed", x->id,
                        unit_c (g, e)->id, in_inches (dist (g, u, e)),
                        weighted, mult, count_dice, r, hits[h].kills);
        }
        eol_kill_figures (g, e, hits[h].kills);
    }
    /* morale of each target that lost figures, then its leaders */
    for (int h = 0; h < nh; h++) {
        int e = hits[h].target;
        if (hits[h].kills <= 0)
            continue;
        bool fell_back = false, routed = false;
        if (eol_in_play (g, e) && !(reaction && e == target)) {
            eol_morale_t m;
            eol_check_morale (g, e, EOL_CHECK_CASUALTIES, hits[h].kills, dice, &m);
            eol_apply_morale (g, e, &m, x->fp.centre, &fell_back, &routed);
        }
        eol_leader_effects (g, e, false, hits[h].kills, fell_back, routed, dice);
    }
    eol_update_contacts (g);
    return on_target;
}
