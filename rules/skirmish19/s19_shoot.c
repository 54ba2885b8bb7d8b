/*  s19_shoot.c - seed 002's shooting rules.  */
#include <assert.h>
#include <math.h>
#include "s19_shoot.h"

s19_band_t
s19_range_band (const weapon_t *w, double dist_cm)
{
    assert (w);
    if (w->long_cm <= 0)
        return S19_BAND_NONE;
    if (dist_cm < 0)
        dist_cm = 0;
    if (dist_cm <= w->short_cm)
        return S19_BAND_SHORT;
    if (dist_cm <= w->medium_cm)
        return S19_BAND_MEDIUM;
    if (dist_cm <= w->long_cm)
        return S19_BAND_LONG;
    return S19_BAND_NONE;
}

int
s19_to_hit_score (const s19_tables_t *t, s19_band_t band, cover_t cover)
{
    assert (t);
    if (band < S19_BAND_SHORT || band >= S19_BAND_NONE)
        return 0;
    if ((int) cover < 0 || cover >= COVER_COUNT)
        cover = COVER_NONE;
    return t->to_hit[band][cover];
}

bool
s19_is_hit (const s19_tables_t *t, s19_band_t band, cover_t cover, int d8)
{
    int need = s19_to_hit_score (t, band, cover);
    return need > 0 && d8 >= need;
}

s19_damage_t
s19_damage (const s19_tables_t *t, const weapon_t *w, quality_t shooter,
            int d6)
{
    assert (t && w);
    int roll = d6;
    if (shooter == QUALITY_HERO)
        roll += t->damage_hero;
    else if (shooter == QUALITY_RAW)
        roll += t->damage_raw;
    if (roll < 1)
        roll = 1;
    if (roll > 6)
        roll = 6;
    int row = w->gunpowder ? S19_DAMAGE_GUNPOWDER : S19_DAMAGE_OTHER;
    return t->damage[row][roll - 1];
}

/*  n / per, a part counting as a whole when round_up. */
static int
ratio (int n, int per, bool round_up)
{
    if (per <= 1)
        return n;
    return round_up ? (n + per - 1) / per : n / per;
}

int
s19_shooters (const s19_tables_t *t, const weapon_t *w, int standing,
              bool moved, bool commanded)
{
    assert (t && w);
    if (standing <= 0 || w->long_cm <= 0)
        return 0;
    if (commanded && t->commanded_all_fire)
        return standing;
    int per = moved ? w->fire_per_moving : w->fire_per_stationary;
    return ratio (standing, per, t->fire_ratio_round_up);
}

int
s19_load_halves (const weapon_t *w)
{
    assert (w);
    if (!w->muzzle_loaded || w->load_turns <= 0)
        return 0;
    return (int) ceil (w->load_turns * 2.0 - 1e-9);
}

int
s19_hit_pool (const s19_tables_t *t, int standing)
{
    assert (t);
    if (standing <= 0)
        return 0;
    return standing > t->hit_group_max ? t->hit_group_max : standing;
}

void
s19_pool_fill (uint8_t *pool, int n, int standing, int wounded)
{
    assert (pool || n == 0);
    int w = 0;
    if (standing > 0 && wounded > 0) {
        if (wounded > standing)
            wounded = standing;
        w = (int) (((long long) wounded * n * 2 + standing) / (2LL * standing));
    }
    for (int i = 0; i < n; i++)
        pool[i] = i < w ? S19_FIG_WOUNDED : S19_FIG_FIT;
}

/*  A uniform pick in [0, n): a Dn when such a die exists, so the pick is
 *  in the dice log like any other throw. */
static int
pick (dice_t *dice, int n)
{
    if (n <= 1)
        return 0;
    if (n <= DICE_SIDES_MAX)
        return dice_roll (dice, n) - 1;
    return (int) dice_below (dice, (uint32_t) n);
}

int
s19_pool_hit (uint8_t *pool, int n, s19_damage_t damage, dice_t *dice)
{
    int alive = 0;
    for (int i = 0; i < n; i++)
        if (pool[i] != S19_FIG_DEAD)
            alive++;
    if (alive == 0)
        return -1;
    int k = pick (dice, alive);
    int index = -1;
    for (int i = 0; i < n; i++)
        if (pool[i] != S19_FIG_DEAD && k-- == 0) {
            index = i;
            break;
        }
    assert (index >= 0);
    if (damage == S19_KILL)
        pool[index] = S19_FIG_DEAD;
    else if (damage == S19_WOUND)
        pool[index] = pool[index] == S19_FIG_WOUNDED ? S19_FIG_DEAD
                                                     : S19_FIG_WOUNDED;
    return index;
}
