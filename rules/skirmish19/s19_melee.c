/*  s19_melee.c - seed 002's melee rules.  */
#include <assert.h>
#include <string.h>
#include "s19_melee.h"
#include "s19_shoot.h"

int
s19_melee_factor (const weapon_t *w, bool bayonet)
{
    assert (w);
    return bayonet ? w->melee_bayonet : w->melee;
}

int
s19_melee_modifier (const s19_tables_t *t, quality_t quality,
                    int enemies_in_contact, int own_factor,
                    int best_enemy_factor)
{
    assert (t);
    int mod = 0;
    if (quality == QUALITY_RAW)
        mod += t->melee_raw;
    else if (quality == QUALITY_HERO)
        mod += t->melee_hero;
    if (enemies_in_contact > 1)
        mod += t->melee_per_extra_enemy * (enemies_in_contact - 1);
    if (own_factor > best_enemy_factor)
        mod += t->melee_better_weapon;
    return mod;
}

int
s19_match_share (int small, int large, int i)
{
    assert (small >= 1 && small <= large && i >= 0 && i < small);
    return large / small + (i < large % small ? 1 : 0);
}

s19_damage_t
s19_melee_hit (const s19_tables_t *t, int natural)
{
    assert (t);
    if (natural == t->melee_kill_on)
        return S19_KILL;
    if (natural == t->melee_wound_on)
        return S19_WOUND;
    return S19_GRAZE;
}

/*  A hit lands on a figure: a kill kills, a wound wounds a fit figure and
 *  kills a wounded one. */
static void
take_hit (s19_fighter_t *f, s19_damage_t damage)
{
    if (damage == S19_KILL)
        f->new_state = S19_FIG_DEAD;
    else if (damage == S19_WOUND)
        f->new_state = f->new_state == S19_FIG_FIT ? S19_FIG_WOUNDED
                                                   : S19_FIG_DEAD;
}

void
s19_melee_fight (const s19_tables_t *t, s19_fighter_t *a, int na,
                 s19_fighter_t *b, int nb, dice_t *dice,
                 s19_melee_result_t *out)
{
    assert (t && a && b && na >= 1 && nb >= 1 && dice && out);
    memset (out, 0, sizeof *out);
    out->figures[0] = na;
    out->figures[1] = nb;
    bool a_small = na <= nb;
    s19_fighter_t *small = a_small ? a : b, *large = a_small ? b : a;
    int m = a_small ? na : nb, big = a_small ? nb : na;

    for (int i = 0; i < na; i++) {
        a[i].new_state = a[i].state;
        a[i].won = a[i].lost = 0;
    }
    for (int i = 0; i < nb; i++) {
        b[i].new_state = b[i].state;
        b[i].won = b[i].lost = 0;
    }
    /* the dice: each figure of the smaller side, then its opponents */
    for (int i = 0; i < m; i++) {
        small[i].die = (int8_t) dice_roll (dice, 6);
        for (int j = i; j < big; j += m)
            large[j].die = (int8_t) dice_roll (dice, 6);
    }
    /* the scores */
    for (int i = 0; i < m; i++) {
        int best = 0;
        for (int j = i; j < big; j += m)
            if (large[j].factor > best)
                best = large[j].factor;
        int k = s19_match_share (m, big, i);
        small[i].score = (int8_t) (small[i].die + s19_melee_modifier (
            t, small[i].quality, k, small[i].factor, best));
    }
    for (int j = 0; j < big; j++) {
        const s19_fighter_t *opp = &small[j % m];
        large[j].score = (int8_t) (large[j].die + s19_melee_modifier (
            t, large[j].quality, 1, large[j].factor, opp->factor));
    }
    /* the bouts; hits are simultaneous, so they land on new_state */
    for (int i = 0; i < m; i++) {
        int first_beaten = -1;
        for (int j = i; j < big; j += m) {
            if (large[j].score > small[i].score) {
                large[j].won++;
                small[i].lost++;
                take_hit (&small[i], s19_melee_hit (t, large[j].die));
            }
            else if (small[i].score > large[j].score) {
                small[i].won++;
                large[j].lost++;
                if (first_beaten < 0)
                    first_beaten = j;
            }
        }
        if (first_beaten >= 0)
            take_hit (&large[first_beaten], s19_melee_hit (t, small[i].die));
    }
    /* the results, by side */
    for (int s = 0; s < 2; s++) {
        s19_fighter_t *f = s == 0 ? a : b;
        int n = s == 0 ? na : nb;
        for (int i = 0; i < n; i++) {
            out->bouts_won[s] += f[i].won;
            if (f[i].new_state == S19_FIG_DEAD)
                out->kills[s]++;
            else if (f[i].new_state == S19_FIG_WOUNDED
                     && f[i].state == S19_FIG_FIT)
                out->wounds[s]++;
        }
        out->hits_suffered[s] = out->wounds[s] + out->kills[s];
    }
    if (out->hits_suffered[0] != out->hits_suffered[1])
        out->worse = out->hits_suffered[0] > out->hits_suffered[1] ? 0 : 1;
    else if (out->bouts_won[0] != out->bouts_won[1])
        out->worse = out->bouts_won[0] < out->bouts_won[1] ? 0 : 1;
    else
        out->worse = -1;
}
