/*  s19_tables.h - the numbers seed 002 ("19th Century skirmish rules,
 *  QRS") needs to play a game, read from the ruleset's table file.
 *
 *  ruleset.h gives the weapons, terrain, settings and Risk Factor tables;
 *  this module reads the rest of the same file: the to_hit and damage
 *  tables and the `game` group (shooting, melee, command, movement,
 *  sequence and victory numbers).  A flat struct, loaded once, read-only.
 */
#ifndef SOLO_S19_TABLES_H
#define SOLO_S19_TABLES_H

#include <stdbool.h>
#include "terrain.h"
#include "unit.h"

/*  Range bands of the to-hit table; S19_BAND_NONE: out of range. */
typedef enum {
    S19_BAND_SHORT = 0, S19_BAND_MEDIUM, S19_BAND_LONG, S19_BAND_NONE
} s19_band_t;
#define S19_BAND_COUNT 3

/*  What a hit does (damage table). */
typedef enum { S19_GRAZE = 0, S19_WOUND, S19_KILL } s19_damage_t;

/*  Rows of the damage table. */
enum { S19_DAMAGE_GUNPOWDER = 0, S19_DAMAGE_OTHER = 1 };

typedef struct {
    /* to_hit: least D8 score, [band][cover] */
    int to_hit[S19_BAND_COUNT][COVER_COUNT];
    /* damage: [row][face-1] */
    s19_damage_t damage[2][6];
    int damage_hero;                 /* +1 to the die if hero shooters */
    int damage_raw;                  /* -1 if raw shooters */

    /* shooting */
    int hit_group_max;               /* 10: hits among the nearest 10 */
    double leader_group_cm;          /* 5: leaders join the nearest group */
    bool fire_ratio_round_up;        /* 1 per 2 figures, or part of 2 */
    bool commanded_all_fire;         /* loaded commanded troops: all fire */
    bool fire_unloads;               /* a shot unloads a commanded unit (it
                                        loads again, a turn halted); false:
                                        once loaded it stays loaded */
    int shoot_halves;                /* 1: shooting takes half a turn */
    double loaded_move_fraction;     /* 0.5: move while still shooting */

    /* melee */
    int melee_raw;                   /* -1 */
    int melee_per_extra_enemy;       /* -1 per enemy over 1 in contact */
    int melee_hero;                  /* +1 */
    int melee_better_weapon;         /* +1 */
    int melee_wound_on;              /* 5: natural die of the winner */
    int melee_kill_on;               /* 6 */
    double melee_back_cm;            /* 5: the worse side moves back */
    double contact_cm;               /* footprints this close touch */

    /* command and activation */
    int command_dice[QUALITY_COUNT]; /* by quality: regular 3, hero 4,
                                        raw 2 */
    int command_drummer_dice;        /* +1 with a drummer or bugler */
    int command_busy_dice;           /* -1 officer loading/firing/melee */
    int cost_loyal;                  /* 1 point */
    int cost_disloyal;               /* 2 points */
    int cost_routing;                /* 2 points */
    bool cost_per_figure;            /* points per figure (else per unit) */
    bool ran_is_router;              /* a unit that ran last turn (the
                                        run action) is a router */

    /* movement */
    double cavalry_walk_min_cm;      /* 5 */
    double cavalry_canter_min_cm;    /* 31 */
    double cavalry_gallop_min_cm;    /* 50 */

    /* sequence */
    side_t side_a;                   /* the side that moves first */
    bool uncommanded_follow_table;   /* uncommanded units obey the table */

    /* victory defaults (a scenario may override them) */
    double army_break;               /* fraction of figures lost */
    bool break_counts_wounded;       /* wounded count as lost */
} s19_tables_t;

/*  Read the tables from the text of a skirmish19 table file.  Returns a
 *  new struct (free with s19_tables_destroy) or NULL with `err` as
 *  "origin:line - reason" naming the group and field. */
s19_tables_t *s19_tables_load_text (const char *text, const char *origin,
                                    char *err, int errlen);

/*  The same from the table file at `path`. */
s19_tables_t *s19_tables_load (const char *path, char *err, int errlen);

void s19_tables_destroy (s19_tables_t **self_p);

const char *s19_band_name (s19_band_t band);
const char *s19_damage_name (s19_damage_t damage);

#endif
