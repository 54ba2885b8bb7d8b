/*  eol_melee.c - Empire of Liberty's melee dice.  */
#include <assert.h>
#include "eol_melee.h"

eol_fighter_t
eol_fighter (eol_type_t type, arm_t arm, formation_t formation)
{
    if (type == EOL_FIELD_ARTILLERY || type == EOL_HEAVY_ARTILLERY
        || arm == ARM_ARTILLERY)
        return EOL_FIGHTER_ARTILLERISTS;
    if (arm == ARM_CAVALRY || arm == ARM_COMMAND)
        return type == EOL_MOUNTED_RIFLES ? EOL_FIGHTER_MOUNTED_RIFLES
                                          : EOL_FIGHTER_CAVALRY;
    return formation == FORMATION_LOOSE ? EOL_FIGHTER_FOOT_SKIRMISHERS
                                        : EOL_FIGHTER_FORMED_INFANTRY;
}

int
eol_melee_modifier (const eol_tables_t *t, eol_grade_t grade, bool mounted,
                    bool skirmish, bool in_rough, bool disordered)
{
    assert (t);
    int m = t->melee_quality[grade];
    if (in_rough && mounted)
        m += t->melee_mounted_in_rough;
    if (in_rough && skirmish)
        m += t->melee_skirmish_in_rough;
    if (disordered)
        m += t->melee_disordered;
    return m;
}

bool
eol_melee_die_kills (const eol_tables_t *t, int die, int modifier,
                     int kill_on)
{
    if (t->natural_six_kills && die == 6)
        return true;
    return die + modifier >= kill_on;
}

int
eol_melee_kills (const eol_tables_t *t, int count, int modifier, int kill_on,
                 dice_t *dice, int *rolls, int max_rolls)
{
    int kills = 0;
    for (int i = 0; i < count; i++) {
        int d = dice_roll (dice, 6);
        if (rolls && i < max_rolls)
            rolls[i] = d;
        kills += eol_melee_die_kills (t, d, modifier, kill_on);
    }
    return kills;
}
