/*  eol_tables.h - the numbers of Empire of Liberty (seed 001: the
 *  American Revolution rules and the 2D6 morale checks before them), read
 *  from the `eol` group of the ruleset's table file.
 *
 *  ruleset.h gives the weapons (muskets, rifles, guns: their ranges),
 *  the troop types (a unit's troop_type names one of the text's types),
 *  terrain, settings (with the moves by arm and formation) and the Risk
 *  Factor tables; this module reads the rest of the same file: grades,
 *  troop types, unit sizes, formation changes, terrain effects on
 *  movement, sight, fire, melee, morale, leaders and standards, the turn
 *  sequence and victory.  A flat struct, loaded once, read-only.
 */
#ifndef SOLO_EOL_TABLES_H
#define SOLO_EOL_TABLES_H

#include <stdbool.h>
#include "ruleset.h"
#include "solo_limits.h"
#include "terrain.h"
#include "unit.h"

/*  The text's ratings, worst first. */
typedef enum {
    EOL_POOR = 0, EOL_GREEN, EOL_AVERAGE, EOL_VETERAN, EOL_ELITE
} eol_grade_t;
#define EOL_GRADE_COUNT 5

/*  The troop types, and leaders. */
typedef enum {
    EOL_REGULAR_INFANTRY = 0, EOL_LIGHT_INFANTRY, EOL_SKIRMISH_INFANTRY,
    EOL_CAVALRY, EOL_MOUNTED_RIFLES, EOL_FIELD_ARTILLERY,
    EOL_HEAVY_ARTILLERY, EOL_LEADER
} eol_type_t;
#define EOL_TYPE_COUNT 8

/*  May a type take skirmish order. */
typedef enum {
    EOL_SKIRMISH_NEVER = 0, EOL_SKIRMISH_MAY, EOL_SKIRMISH_ALWAYS
} eol_skirmish_t;

/*  Who a figure in melee is, for its kill number. */
typedef enum {
    EOL_FIGHTER_ARTILLERISTS = 0, EOL_FIGHTER_FOOT_SKIRMISHERS,
    EOL_FIGHTER_FORMED_INFANTRY, EOL_FIGHTER_MOUNTED_RIFLES,
    EOL_FIGHTER_CAVALRY
} eol_fighter_t;
#define EOL_FIGHTER_COUNT 5

/*  Formation changes. */
typedef enum {
    EOL_CHANGE_ABOUT_FACE = 0, EOL_CHANGE_LINE_TO_FLANK_COLUMN,
    EOL_CHANGE_COLUMN_TO_FLANK_LINE, EOL_CHANGE_MOUNT, EOL_CHANGE_DISMOUNT,
    EOL_CHANGE_LIMBER, EOL_CHANGE_UNLIMBER, EOL_CHANGE_TO_SKIRMISH,
    EOL_CHANGE_FORM_UP, EOL_CHANGE_COLUMN_FROM_LINE,
    EOL_CHANGE_LINE_FROM_COLUMN, EOL_CHANGE_DRESS_RANKS
} eol_change_t;
#define EOL_CHANGE_COUNT 12

/*  Which units the Risk Factor tables answer for (eol.sequence.uncommanded):
 *  the text has no command rule, every unit acting at its player's
 *  choice (none); a player may have a unit with no leader of its side in
 *  contact follow the tables, or the whole army. */
enum {
    EOL_UNCOMMANDED_NONE = 0,
    EOL_UNCOMMANDED_NO_LEADER_IN_CONTACT,
    EOL_UNCOMMANDED_ALL
};

/*  How a fire action's fractional dice (figures times multipliers) become
 *  whole dice (eol.fire.round): the text does not say. */
enum {
    EOL_ROUND_NEAREST = 0,     /* to the nearest, a half up */
    EOL_ROUND_DOWN,
    EOL_ROUND_UP
};

/*  Which die a leader's (or a standard's) "If unit has fallen back: +1;
 *  if unit has routed: +2" modifies (eol.leaders.broken_adds_to): the
 *  second die, which it follows in the text (1-4 captured, 5-6 wounded
 *  or killed), or the chance of an effect on the first. */
enum {
    EOL_BROKEN_ADDS_TO_FATE_DIE = 0,
    EOL_BROKEN_ADDS_TO_CHANCE
};

/*  Which face of its target a charge strikes (eol.melee.charge_face):
 *  the text does not say.  The face its straight move touches, or the
 *  face the charger's centre lies off when it touches. */
enum {
    EOL_CHARGE_FACE_CONTACT = 0,
    EOL_CHARGE_FACE_CENTRE
};

typedef struct {
    arm_t arm;                 /* formed up (mounted) */
    eol_skirmish_t skirmish;
    bool dismounts;            /* may operate mounted or on foot */
    int base_figures;          /* figures on one base */
    double base_cm;            /* the base's side */
} eol_type_info_t;

typedef struct {
    eol_grade_t grade_of[QUALITY_COUNT];     /* the core quality's grade */
    eol_type_info_t types[EOL_TYPE_COUNT];
    /* by the ruleset's troop_type index (row 0, none named: unused) */
    eol_type_t type_of_troop[SOLO_MAX_TROOP_TYPES + 1];
    eol_type_t usual[ARM_COUNT];             /* naming none: by its arm */
    int shot_lb[SOLO_MAX_WEAPONS];           /* by weapon index: guns */

    /* units */
    int bases_min, bases_max;                /* 2..10 */
    int artillery_bases;                     /* 1 */
    double skirmish_base_cm;                 /* 3/4" */
    double skirmish_gap_cm;                  /* within 1" of another */
    int skirmish_ranks;                      /* loose ranks: 1 */
    double leader_base_cm;                   /* 1.5" */

    /* movement */
    double echelon_max_deg;                  /* 45 */
    double no_closer_cm;                     /* 4" */
    double pull_back_max_deg;                /* 45: "pull directly back" */
    double contact_cm;                       /* bases this close touch */
    bool pass_through_friends;               /* false: a move stops at a
                                                friend; true: it may pass
                                                but not end on one */
    bool disordered_may_change;              /* a disordered unit changes
                                                formation and stays
                                                disordered; false: it
                                                dresses ranks first */
    double change_moves[EOL_CHANGE_COUNT];   /* 0.5 or 1 move */

    /* terrain effects on movement */
    bool rough[TERRAIN_KIND_COUNT];
    bool road[TERRAIN_KIND_COUNT];
    double rough_speed_formed_foot;          /* 1/2 */
    double rough_speed_mounted;              /* 1/4 */
    double rough_speed_artillery;            /* 1/4 */
    double rough_speed_skirmish_foot;        /* 1 */
    double road_speed;                       /* 2 */
    bool road_for_skirmish;                  /* false */

    /* sight */
    bool sight_kind[TERRAIN_KIND_COUNT];
    double sight_into_cm;                    /* 3" */
    double sight_through_cm;                 /* 6" */

    /* fire */
    int fire_kill_on;                        /* 6 */
    double fire_arc_half_deg;                /* 45 */
    double fire_fortifications;              /* 1/4 */
    double fire_cover;                       /* 1/2 */
    double fire_target_skirmish;             /* 1/2 */
    double fire_target_column_or_flank;      /* 2 */
    double fire_mounted;                     /* 1/2 */
    double fire_point_blank;                 /* 2 */
    double fire_long_range;                  /* 1/2 */
    double fire_quality[EOL_GRADE_COUNT];
    bool reaction_range_modifiers;           /* false */
    int fire_round;                          /* EOL_ROUND_* */
    int fire_shot_guns;                      /* guns whose shot counts: 1 */

    /* melee */
    int kill_on[EOL_FIGHTER_COUNT];
    int melee_mounted_in_rough;              /* -2 */
    int melee_skirmish_in_rough;             /* +1 */
    int melee_disordered;                    /* -1 */
    int melee_quality[EOL_GRADE_COUNT];
    bool natural_six_kills;
    bool earlier_chargers_roll;              /* false: only this charge's
                                                charger and charged roll
                                                a second round */
    int charge_face;                         /* EOL_CHARGE_FACE_* */
    bool charge_catches_failed_target;       /* true: a charged unit that
                                                failed and still touches
                                                the charge's place is
                                                charged home */

    /* morale */
    int morale_dice;                         /* 2 */
    int morale_needed[EOL_GRADE_COUNT];      /* 8..12 */
    int morale_per_quarter_lost;             /* -1 */
    int morale_per_casualty;                 /* -1 */
    int morale_skirmish;                     /* -2 */
    int morale_leader;                       /* +1 */
    int morale_standard_captured;            /* -1 */
    int morale_charged_after_firing;         /* -1 */
    int fall_back_margin;                    /* 2 */
    bool fall_back_through_friends;          /* false: a unit falling back
                                                or retiring stops short of
                                                a friend in its way; true:
                                                it passes through, ending
                                                on none */

    /* leaders and standards */
    int leader_chance_per_quarter;           /* 1 pip */
    int leader_fell_back;                    /* +1 */
    int leader_routed;                       /* +2 */
    int leader_captured_max;                 /* 1-4 captured */
    int leader_broken_adds_to;               /* EOL_BROKEN_ADDS_TO_* */
    bool retire_is_fall_back;                /* true: a skirmish unit that
                                                retired "has fallen back" */
    bool standard_carried[EOL_TYPE_COUNT];

    /* sequence */
    int initiative_die;                      /* 6 */
    bool winner_moves_first;
    int uncommanded;                         /* EOL_UNCOMMANDED_* */

    /* doctrine */
    double deploy_cm;                        /* 12" */

    /* victory */
    double army_break;                       /* 0.5 */
} eol_tables_t;

/*  Read the `eol` group from the text of an Empire of Liberty table file,
 *  `rs` being its ruleset (already loaded from the same text): each row
 *  of rs's troop_types must be a type of eol.types, each type declared.
 *  Returns a new struct
 *  (free with eol_tables_destroy) or NULL with `err` as "origin:line -
 *  reason" naming the setting by its full path. */
eol_tables_t *eol_tables_load_text (const char *text, const char *origin,
                                    const ruleset_t *rs, char *err,
                                    int errlen);

void eol_tables_destroy (eol_tables_t **self_p);

/*  Names, as in the table file: "poor" .. "elite"; "regular_infantry" ..
 *  "leader"; "artillerists" .. "cavalry"; "about_face" .. "dress_ranks".
 *  "?" when out of range. */
const char *eol_grade_name (eol_grade_t grade);
const char *eol_type_name (eol_type_t type);
const char *eol_fighter_name (eol_fighter_t fighter);
const char *eol_change_name (eol_change_t change);

/*  The grade of a unit (its core quality through `grades`). */
eol_grade_t eol_grade (const eol_tables_t *t, const unit_t *u);

/*  A unit's troop type: its troop_type's (the ruleset's troop_types
 *  rows are the text's types), or the first type of its arm when it
 *  names none (EOL_LEADER for an arm out of range). */
eol_type_t eol_unit_type (const eol_tables_t *t, const unit_t *u);

/*  The shot weight in pounds of a unit's weapon (its dice when it is a
 *  gun); 0 for a weapon that is no gun. */
int eol_shot_lb (const eol_tables_t *t, const unit_t *u);

/*  Its type's row. */
const eol_type_info_t *eol_type_info (const eol_tables_t *t,
                                      const unit_t *u);

#endif
