/*  s19_melee.h - seed 002's melee: matching figures, the D6 with its
 *  modifiers, wounds on a natural 5 and kills on a 6 for the winner, and
 *  which side did worse.
 */
#ifndef SOLO_S19_MELEE_H
#define SOLO_S19_MELEE_H

#include <stdbool.h>
#include <stdint.h>
#include "dice.h"
#include "ruleset.h"
#include "s19_tables.h"

/*  A weapon's melee factor: melee_bayonet when a bayonet is fixed, else
 *  melee. */
int s19_melee_factor (const weapon_t *w, bool bayonet);

/*  The modifier of one figure's melee D6: raw -1, hero +1, -1 per enemy
 *  over 1 in base contact with him (enemies_in_contact >= 1), +1 when his
 *  melee factor beats that of every opponent (own_factor >
 *  best_enemy_factor). */
int s19_melee_modifier (const s19_tables_t *t, quality_t quality,
                        int enemies_in_contact, int own_factor,
                        int best_enemy_factor);

/*  Even matching: with `small` figures against `large` (small <= large,
 *  small >= 1), how many opponents figure i (0 <= i < small) of the
 *  smaller side faces: large / small, one more for the first large %
 *  small figures.  Every figure of the larger side faces exactly one. */
int s19_match_share (int small, int large, int i);

/*  The natural die of a winner gives: S19_KILL on kill_on (6), S19_WOUND
 *  on wound_on (5), else S19_GRAZE (no effect). */
s19_damage_t s19_melee_hit (const s19_tables_t *t, int natural);

/*  One figure in a melee. */
typedef struct {
    int unit;            /* the caller's tag (unit index) */
    quality_t quality;
    int factor;          /* melee factor */
    uint8_t state;       /* S19_FIG_FIT, S19_FIG_WOUNDED (s19_shoot.h) */
    uint8_t new_state;   /* after the melee */
    int8_t die, score;   /* the natural die and the modified score */
    int8_t won, lost;    /* bouts won and lost */
} s19_fighter_t;

typedef struct {
    int figures[2];      /* figures that fought on each side */
    int hits_suffered[2];/* new wounds plus kills suffered by each side */
    int wounds[2];       /* of which figures newly wounded (not killed) */
    int kills[2];        /* figures killed */
    int bouts_won[2];
    int worse;           /* the side with the worse result: 0, 1, or -1
                            when drawn (both fall back) */
} s19_melee_result_t;

/*  Fight one melee between the figures of side 0 (`a`, count na) and
 *  side 1 (`b`, count nb), both >= 1, every figure standing (state
 *  S19_FIG_FIT or S19_FIG_WOUNDED).  The smaller side's figures are matched as evenly as
 *  possible; every figure throws a D6 (dice order: each figure of the
 *  smaller side, then its opponents); in every pair the higher score wins
 *  the bout.  A figure of the larger side that wins hits its opponent by
 *  its natural die; a figure of the smaller side that wins one or more of
 *  its bouts hits the first opponent it beat.  A wound on a wounded figure
 *  kills.  Hits are simultaneous.  The worse side suffered more hits
 *  (ties: fewer bouts won; still tied: drawn).  new_state is set on every
 *  figure. */
void s19_melee_fight (const s19_tables_t *t, s19_fighter_t *a, int na,
                      s19_fighter_t *b, int nb, dice_t *dice,
                      s19_melee_result_t *out);

#endif
