/*  s19_estimate.c - seed 002's fire and melee as expectations. */
#include <math.h>
#include "s19_engine.h"
#include "s19_estimate.h"
#include "s19_melee.h"
#include "s19_shoot.h"

/*  The expected effect of one hit of `w` by shooters of `quality`: a
 *  kill counts 1, a wound a half. */
static double
hit_effect (const s19_tables_t *t, const weapon_t *w, quality_t quality)
{
    double sum = 0;
    for (int d6 = 1; d6 <= 6; d6++) {
        s19_damage_t dmg = s19_damage (t, w, quality, d6);
        sum += dmg == S19_KILL ? 1.0 : dmg == S19_WOUND ? 0.5 : 0.0;
    }
    return sum / 6;
}

/*  The D8 to hit and the D6 damage, averaged: shooters x P(hit) x the
 *  effect of a hit.  The cover is that at the point of the target
 *  nearest the shooter, as the game's shooting reads it. */
static double
volley (const game_t *g, int a, int b, int shooters)
{
    const s19_tables_t *t = game_tables (g);
    const situation_t *sit = game_situation (g);
    const unit_t *ua = situation_unit_const (sit, a);
    const unit_t *ub = situation_unit_const (sit, b);
    const weapon_t *w = ruleset_weapon (situation_ruleset (sit), ua->weapon);
    double d = situation_unit_distance (sit, a, b);
    s19_band_t band = s19_range_band (w, d);
    if (band == S19_BAND_NONE || shooters <= 0)
        return 0;
    vec2_t aim = footprint_nearest_point (&ua->fp, &ub->fp);
    int need = s19_to_hit_score (t, band, situation_cover_at (sit, aim, NULL));
    if (need <= 0)
        return 0;
    double p_hit = need > 8 ? 0 : (9.0 - need) / 8.0;
    return shooters * p_hit * hit_effect (t, w, ua->quality);
}

static int
shooters (const game_t *g, int u, bool moved, bool commanded)
{
    const situation_t *sit = game_situation (g);
    const unit_t *x = situation_unit_const (sit, u);
    const weapon_t *w = ruleset_weapon (situation_ruleset (sit), x->weapon);
    return s19_shooters (game_tables (g), w, unit_figures_standing (x), moved,
                         commanded);
}

/*  Each figure's die modifiers (better weapon, hero, raw) turned into
 *  strength, the bouts the smaller side can fight, and the chance a
 *  winning die wounds or kills. */
static double
melee (const game_t *g, int u, int e, double target_worth)
{
    const s19_tables_t *t = game_tables (g);
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    const unit_t *a = situation_unit_const (sit, u);
    const unit_t *b = situation_unit_const (sit, e);
    int fa = s19_melee_factor (ruleset_weapon (rs, a->weapon), a->bayonet);
    int fb = s19_melee_factor (ruleset_weapon (rs, b->weapon), b->bayonet);
    double sa = unit_figures_standing (a), sb = unit_figures_standing (b);
    double ma = (fa > fb ? t->melee_better_weapon : 0)
              + (a->quality == QUALITY_HERO ? t->melee_hero : 0)
              + (a->quality == QUALITY_RAW ? t->melee_raw : 0);
    double mb = (fb > fa ? t->melee_better_weapon : 0)
              + (b->quality == QUALITY_HERO ? t->melee_hero : 0)
              + (b->quality == QUALITY_RAW ? t->melee_raw : 0);
    double pa = sa * (1.0 + 0.17 * ma), pb = sb * (1.0 + 0.17 * mb);
    if (pa + pb <= 0)
        return 0;
    double edge = (pa - pb) / (pa + pb);           /* -1 .. 1 */
    double bouts = fmin (sa, sb);
    double effect = (7.0 - t->melee_wound_on) * 0.5 / 6
                  + (7.0 - t->melee_kill_on) * 0.5 / 6;
    double dealt = bouts * (0.5 + 0.5 * edge) * effect * target_worth;
    double taken = bouts * (0.5 - 0.5 * edge) * effect;
    return dealt - taken + 0.5 * edge * sb;
}

/*  Seed 002's moves throw no dice. */
const game_estimates_t s19_estimates = {
    .shooters = shooters,
    .volley = volley,
    .melee = melee,
    .moves_without_dice = true,
};
