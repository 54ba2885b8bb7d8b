/*  eol_fire.c - Empire of Liberty's fire dice.  */
#include <assert.h>
#include <math.h>
#include "eol_fire.h"

double
eol_fire_multiplier (const eol_tables_t *t, const eol_fire_mods_t *m)
{
    assert (t && m);
    double x = t->fire_quality[m->grade];
    if (m->target_cover == COVER_HARD)
        x *= t->fire_fortifications;
    else if (m->target_cover == COVER_SOFT)
        x *= t->fire_cover;
    if (m->target_skirmish)
        x *= t->fire_target_skirmish;
    if (m->target_column_or_flank)
        x *= t->fire_target_column_or_flank;
    if (m->mounted)
        x *= t->fire_mounted;
    if (m->band == RANGE_SHORT)
        x *= t->fire_point_blank;
    else if (m->band == RANGE_LONG)
        x *= t->fire_long_range;
    return x;
}

/*  The arithmetic's hair, forgiven when rounding dice. */
#define DICE_SLACK 1e-9

int
eol_dice_nearest (double weighted)
{
    if (!(weighted > 0))
        return 0;
    return (int) floor (weighted + 0.5 + DICE_SLACK);
}

int
eol_fire_dice (const eol_tables_t *t, double weighted)
{
    assert (t);
    if (!(weighted > 0))
        return 0;
    switch (t->fire_round) {
    case EOL_ROUND_DOWN: return (int) floor (weighted + DICE_SLACK);
    case EOL_ROUND_UP:   return (int) ceil (weighted - DICE_SLACK);
    default:             return eol_dice_nearest (weighted);
    }
}

int
eol_fire_figures (formation_t formation, int standing, int base_figures)
{
    if (standing <= 0)
        return 0;
    if (formation == FORMATION_COLUMN)
        return standing < base_figures ? standing : base_figures;
    return standing;
}

int
eol_fire_kills (const eol_tables_t *t, int count, dice_t *dice, int *rolls,
                int max_rolls)
{
    int kills = 0;
    for (int i = 0; i < count; i++) {
        int d = dice_roll (dice, 6);
        if (rolls && i < max_rolls)
            rolls[i] = d;
        if (d >= t->fire_kill_on)
            kills++;
    }
    return kills;
}
