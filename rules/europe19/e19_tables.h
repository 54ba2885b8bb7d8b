/*  e19_tables.h - the numbers of the 19th Century Europe QRS (seed 004),
 *  read from the table file's `e19` group: the charge sequence, the
 *  movement table, the weapons and the firing and saving tables,
 *  hand-to-hand combat, morale and the command roll, each cell as the
 *  sheet prints it, and the settings for what the sheet leaves out.
 */
#ifndef SOLO_E19_TABLES_H
#define SOLO_E19_TABLES_H

#include <stdbool.h>
#include "ruleset.h"
#include "unit.h"

/*  The sheet's troops (the table file's troop_types). */
typedef enum {
    E19_CLOSE_INFANTRY = 0, E19_LOOSE_INFANTRY, E19_SKIRMISHERS,
    E19_CAVALRY, E19_DRAGOONS, E19_ARTILLERY, E19_GENERAL
} e19_type_t;
#define E19_TYPE_COUNT 7

/*  Rows and columns of the charge sequence table (and generals, who
 *  neither charge nor are charged). */
typedef enum {
    E19_CLASS_CAVALRY = 0, E19_CLASS_DRAGOONS, E19_CLASS_INFANTRY,
    E19_CLASS_SKIRMISHERS, E19_CLASS_ARTILLERY, E19_CLASS_GENERAL
} e19_class_t;
#define E19_CHARGE_CLASSES 5

typedef enum { E19_NO = 0, E19_YES, E19_MAYBE } e19_permit_t;

/*  Rows of the movement table (and generals). */
typedef enum {
    E19_MOVE_INFANTRY_LOOSE = 0, E19_MOVE_INFANTRY_CLOSE,
    E19_MOVE_SKIRMISHERS, E19_MOVE_CAVALRY, E19_MOVE_DRAGOONS,
    E19_MOVE_ARTILLERY, E19_MOVE_GENERAL
} e19_move_row_t;
#define E19_MOVE_ROWS 7

/*  Columns of the movement table. */
typedef enum {
    E19_GOING_OPEN = 0, E19_GOING_WOODS_TOWNS, E19_GOING_STREAM,
    E19_GOING_ROAD
} e19_going_t;
#define E19_GOINGS 4

/*  The firing table: rows (the firer) and columns (the target). */
typedef enum {
    E19_FIRER_LINE_OR_ARTILLERY = 0, E19_FIRER_SKIRMISH_OR_DRAGOON,
    E19_FIRER_INFANTRY_COLUMN
} e19_firer_t;
#define E19_FIRERS 3
typedef enum {
    E19_TARGET_CAVALRY = 0, E19_TARGET_CLOSE_COLUMN, E19_TARGET_NORMAL,
    E19_TARGET_DISPERSED
} e19_target_t;
#define E19_TARGETS 4

/*  The saving table's columns. */
typedef enum {
    E19_SAVE_BREECH_SKIRMISH_OR_LINE = 0, E19_SAVE_BREECH_DRAGOONS_OR_COLUMN,
    E19_SAVE_ALL_ELSE
} e19_save_t;
#define E19_SAVES 3

/*  The hand-to-hand table: rows, and the opponent's column. */
typedef enum {
    E19_MELEE_CAVALRY = 0, E19_MELEE_SKIRMISH_ARTILLERY,
    E19_MELEE_CHARGING_DRAGOONS, E19_MELEE_CHARGING_INFANTRY,
    E19_MELEE_DEFENDING_DRAGOONS, E19_MELEE_DEFENDING_INFANTRY
} e19_melee_row_t;
#define E19_MELEE_ROWS 6
typedef enum {
    E19_VS_CAVALRY = 0, E19_VS_DRAGOONS, E19_VS_INFANTRY_COLUMN,
    E19_VS_INFANTRY_LINE, E19_VS_SKIRMISHERS_ARTILLERY
} e19_melee_col_t;
#define E19_MELEE_COLS 5

/*  The command roll's columns. */
typedef enum { E19_POOR = 0, E19_AVERAGE_GENERAL, E19_GOOD } e19_general_t;
#define E19_GENERAL_GRADES 3

/*  Who is side A of the sequence of play, the side that changes
 *  formation, charges and moves first each turn (e19.sequence.side_a):
 *  the scenario's `first` (else blue) every turn; a die each side every
 *  turn; or the scenario's `first` where it names one, else the die. */
typedef enum {
    E19_SIDE_A_SCENARIO = 0, E19_SIDE_A_ROLL, E19_SIDE_A_SCENARIO_ELSE_ROLL
} e19_side_a_rule_t;
#define E19_SIDE_A_RULES 3

#define E19_MAX_BANDS 2      /* range bands of one weapon */

typedef struct {
    double range_cm;
    int dice;                /* per base */
} e19_band_t;

typedef struct {
    bool fires;              /* a row of the firing table */
    int band_count;
    e19_band_t bands[E19_MAX_BANDS];   /* nearest first */
    bool starred;            /* "*Skirmishers +8cm" */
    bool breech;             /* a breech-loader */
} e19_weapon_t;

typedef struct {
    /* the sequence of play */
    e19_side_a_rule_t side_a;
    /* units */
    int hits_per_base;
    /* types, by the ruleset's troop-type index (0: the arm's first) */
    e19_type_t type_of_troop[SOLO_MAX_TROOP_TYPES + 1];
    e19_type_t usual[ARM_COUNT];
    e19_class_t class_of[E19_TYPE_COUNT];
    e19_move_row_t move_row_of[E19_TYPE_COUNT];
    /* charge */
    e19_permit_t charge[E19_CHARGE_CLASSES][E19_CHARGE_CLASSES];
    double charge_pivot_deg;
    bool charge_pivot_costs;     /* a charge's pivot costs as a move's */
    bool charge_fire_at_contact; /* charging cavalry fired on where the
                                    charge ends (else where it begins) */
    bool charge_face_by_edges;   /* the face a charger stands against
                                    judged by the lines of the target's
                                    edges (else by the bearing between
                                    the centres) */
    int attackers_per_face;
    /* movement */
    double move_cm[E19_MOVE_ROWS][E19_GOINGS];  /* < 0: N/A */
    double pivot_cost[E19_MOVE_ROWS];           /* share of a move */
    double pivot_deg;
    double road_enemy_cm;
    bool road_is_going;          /* where the road's rate applies, the
                                    road is the going (a road through a
                                    village for guns and horse) */
    bool going_whole_front;      /* the ground under the whole front sets
                                    a move's rate (false: under its
                                    centre only) */
    bool road_turns_on_road;     /* "Turning: Units on road suffer no
                                    penalty": any unit on a road (else only
                                    a move at the road's rate) */
    int town_units;
    double town_reach_cm;        /* a town's units counted within this of
                                    the place entered */
    /* firing */
    e19_weapon_t weapons[SOLO_MAX_WEAPONS];     /* by weapon index */
    double skirmisher_range_cm;
    double arc_half_deg;
    bool fire_in_contact;        /* units in hand-to-hand contact fire in
                                    the firing step (false: they hold) */
    int hit[E19_FIRERS][E19_TARGETS];
    bool breech_is_target;
    int save_cover[E19_SAVES], save_open[E19_SAVES];   /* 0: none */
    /* hand-to-hand */
    int melee_hit_on;
    int melee[E19_MELEE_ROWS][E19_MELEE_COLS];
    int melee_flank_or_rear, melee_riverbank, melee_higher_ground;
    double riverbank_cm;           /* the defender's front this near the
                                      stream crossed is on its bank */
    int melee_cavalry_vs_close;
    double retreat_cm;
    bool retreat_short_of_town;  /* a retreat into a full town stops at
                                    its edge (else it is blocked) */
    /* morale, by the core's quality */
    int morale_needed[QUALITY_COUNT];
    int lost_melee_tests;
    bool failure_tests;
    /* command */
    bool mini_game;
    int command[2][E19_GENERAL_GRADES][3];      /* [mini][grade][die band] */
    e19_general_t general_grade[QUALITY_COUNT];
    e19_general_t no_general;
    /* victory */
    double army_break;
} e19_tables_t;

/*  Read the `e19` group of a 19th Century Europe table file, `rs` its
 *  ruleset (loaded from the same text).  A new struct (free with
 *  e19_tables_destroy), or NULL with `err` as "origin:line - path:
 *  reason". */
e19_tables_t *e19_tables_load_text (const char *text, const char *origin,
                                    const ruleset_t *rs, char *err,
                                    int errlen);
void e19_tables_destroy (e19_tables_t **self_p);

/*  The unit's troop type: its troop_type, else its arm's first. */
e19_type_t e19_unit_type (const e19_tables_t *t, const unit_t *u);

/*  The D6 score a die of a volley needs, firer row against target
 *  column, as the sheet prints it (2..6). */
int e19_hit_score (const e19_tables_t *t, e19_firer_t firer,
                   e19_target_t target);

/*  Units a side may order this turn: the command roll's cell for a D6
 *  `die` (1..6) and the general's grade. */
int e19_command_units (const e19_tables_t *t, e19_general_t grade, int die);

const char *e19_type_name (e19_type_t type);
const char *e19_class_name (e19_class_t c);

#endif
