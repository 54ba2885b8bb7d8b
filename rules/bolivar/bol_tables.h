/*  bol_tables.h - the numbers of 4 Page Bolivar (seed 003), read from the
 *  table file's `bolivar` group: the four pages' own numbers (resolve 2
 *  to 4, the zones' 3 and 4 TUM, charges of 3 TUM, rally backs, the
 *  commander casualty's dice, the army breakpoint...) in `text`, and in
 *  `types` and `readings` what the absent Quick Reference Sheet would
 *  give (resolve and move by type, hit scores, melee dice), each a
 *  reading listed in RULINGS.md.  Lengths are TUM here; the engine turns
 *  them into cm by the ruleset's cm_per_length_unit.
 */
#ifndef SOLO_BOL_TABLES_H
#define SOLO_BOL_TABLES_H

#include <stdbool.h>
#include "ruleset.h"
#include "unit.h"

/*  The text's unit types (the table file's troop_types). */
typedef enum {
    BOL_BATTALION = 0, BOL_SPEARMEN, BOL_SKIRMISHER, BOL_RABBLE,
    BOL_GAUCHOS, BOL_HORSE, BOL_LIGHT_GUN, BOL_HOWITZER, BOL_HEAVY_GUN,
    BOL_C_IN_C, BOL_BRIGADIER
} bol_type_t;
#define BOL_TYPE_COUNT 11

/*  How a two-stand unit's resolve counts where the text asks for "the"
 *  resolve of a unit (dice per resolve). */
typedef enum { BOL_RESOLVE_HIGHER = 0, BOL_RESOLVE_SUM } bol_unit_resolve_t;

/*  How far a move that meets difficult terrain on its way may go ("3
 *  TUM for ... moving in difficult"): 3 TUM, or as far as the open
 *  ground before the difficult if that is further (`EDGE`: it stops at
 *  the edge); `WHOLE`: 3 TUM for the whole move however far the open
 *  ground before it. */
typedef enum { BOL_DIFFICULT_EDGE = 0, BOL_DIFFICULT_WHOLE } bol_difficult_path_t;

/*  Which point of a unit a relative position the text gives without
 *  "any part" or "entirely" is asked of: `FRONT_CENTRE`, where
 *  "Otherwise a unit is assumed to be located at the front centre of the
 *  unit" puts it; `ANY_PART`, any part of it (the shooting's
 *  `nearest_part`: in arc by its part nearest the shooter, directly to
 *  the front by any part). */
typedef enum { BOL_AT_FRONT_CENTRE = 0, BOL_AT_ANY_PART } bol_located_t;

/*  Who takes a shooting marker when hit by shooting ("Units that take
 *  hits from shooting must shoot (place marker)"): `SHOOTERS`, every
 *  unit whose troops and formation shoot, though something bars it this
 *  turn (a moved marker, a gun deployed this turn); `ABLE`, only a unit
 *  that could shoot now. */
typedef enum { BOL_HIT_MARKER_SHOOTERS = 0, BOL_HIT_MARKER_ABLE } bol_hit_marker_t;

/*  The turn an evade makes to go "directly away from charger ...
 *  making an about face and/or wheel if necessary" ("A Wheel is up to
 *  45°"): `NEAREST`, a wheel of up to 45 degrees, an about face, or an
 *  about face and such a wheel (turns of 0 to 45 and 135 to 225
 *  degrees), and where directly away needs none of these (the charger
 *  on its flank) the one that turns it nearest to it, the unit then
 *  going straight ahead; `DIRECTLY_AWAY`, always directly away, its
 *  wheel as large as that takes. */
typedef enum { BOL_EVADE_NEAREST = 0, BOL_EVADE_DIRECTLY_AWAY } bol_evade_turn_t;

/*  Who takes its orders from the Risk Factor tables. */
typedef enum {
    BOL_UNCOMMANDED_NONE = 0,      /* nobody: the text has no such rule */
    BOL_UNCOMMANDED_NO_COMMANDER,  /* a division whose commander is lost,
                                      beyond the C-in-C's reach */
    BOL_UNCOMMANDED_BEYOND_REACH   /* beyond the reach of its commander */
} bol_uncommanded_t;

/*  Seed 000's house rules for Liberators QPR, played over this engine:
 *  each rule a setting of the table file's `bolivar.house` group, all off
 *  in 4 Page Bolivar's own file and turned on by the liberators_house
 *  overlay (rules/data/liberators_house, its RULINGS.md).  Lengths in the
 *  ruleset's unit; dice are a modifier's dice ("-1": one die fewer). */
typedef struct {
    bool on;                        /* any of them (house_rules) */
    bool casualty_markers;          /* hits are casualty markers; routed at
                                       as many as stands */
    bool any_stands;                /* infantry of any number of stands */
    double rout_rally_per;          /* -1 a complete this far from the
                                       leader at the rout; 0: none */
    bool routs_rally;               /* a routed unit may rally back */
    bool disorder;                  /* disorder markers, rally phase */
    bool leader_rallies_twice;      /* "roll twice to rally" */
    double stand_width_cm;          /* 0: the host's stands */
    double stand_depth_cm;
    bool stands_fire;               /* front and second row fire */
    bool stands_fight;              /* contact, second row, column */
    bool nearest_target;            /* "must fire at the nearest" */
    int guns_at_guns_dice;          /* "Artillery shooting at artillery" */
    int cavalry_retreat_dice;       /* "Cavalry that do an immediate
                                       retreat move" */
    bool cavalry_retreat_from_fire; /* the owner's choice, taken */
    bool cavalry_retreat_when_worth; /* taken only when it spares dice
                                        and its way back is clear, or
                                        spares more than the casualty
                                        a blocked way costs */
    bool retreat_dice_each_shooter; /* the -1 on each unit shooting at
                                       it, not on the primary alone */
    double retreat;                 /* "moves back 4 inches" */
    bool no_drawn_melees;
    bool pursuit;
    bool pursue_when_free;          /* passed its check: pursues */
    bool infantry_charge_cavalry;   /* false: "Infantry cannot charge
                                       cavalry" */
    bool charge_check;              /* "Take disorder check and if pass
                                       then charge" */
    bool charge_full_move;          /* "... then charge full move" */
    double charge_facing_deg;       /* a charge turns the charger no more
                                       than this ("cannot include a
                                       change of facing"); 0: the host's
                                       wheel */
    bool hasty_square;              /* battalions charged by cavalry try a
                                       hasty square (a morale roll) */
    int cavalry_vs_disordered_dice;
    int high_ground_dice;           /* attacking infantry or guns defending
                                       high ground */
    bool guns_deploy_and_shoot;
    double guns_move_and_shoot;     /* deployed guns move this and shoot;
                                       0: the host's rule */
    double routed_breakpoint;       /* abandons the field at this share
                                       of its units routed; 0: host's */
    bool fire_hit_may_charge;       /* hits from fire place no shooting
                                       marker: passed its disorder check,
                                       the unit may still charge */
    bool moved_cannot_charge;       /* "A unit can do one of these": one
                                       that moved, turned or changed
                                       formation does not charge */
    bool no_evade;                  /* "Being charged pre-empts most
                                       movement": no evades */
    bool charged_cannot_charge;     /* nor a charge of its own, but at
                                       a unit that charges it */
    bool options_free_of_zones;     /* the movement options (oblique_deg)
                                       asked no threat or control zone's
                                       limits or command checks */
    bool initiative_first_each_phase; /* both sides move, then both
                                         shoot, then charge, the active
                                         side first in each; false: the
                                         host's sequence */
    bool shoot_dice_to_zero;        /* a shooter's modifiers may leave it
                                       no dice (the host's at least one
                                       gives way) */
    bool secondary_by_stands;       /* a secondary shooter or fighter
                                       throws its stands' dice too, not
                                       the host's 1d6 */
    double oblique_deg;             /* "A unit can do one of these": the
                                       movement options, a full or half
                                       move oblique up to this off the
                                       front; 0: the host's movement */
} bol_house_t;

/*  One unit type's row. */
typedef struct {
    int stands;              /* text: battalions and spearmen 2, others 1 */
    int resolve;             /* QRS (absent): an ordinary stand's resolve */
    double move_tum;         /* QRS (absent): its normal move */
    bool shoots;             /* text: battalion, skirmisher, horse, guns */
    bool evades;             /* text: gauchos/llaneros and skirmishers */
    int melee_charging;      /* QRS (absent): dice per resolve, charging */
    int melee_defending;     /* QRS (absent): dice per resolve, otherwise */
} bol_type_row_t;

typedef struct {
    bol_type_t type_of_troop[SOLO_MAX_TROOP_TYPES + 1];
    bol_type_t usual[ARM_COUNT];     /* a unit naming no troop type */
    bol_type_row_t type[BOL_TYPE_COUNT];

    /* the text's numbers */
    int resolve_min, resolve_max;    /* "Each stand has Resolve (2-4)" */
    int superior_bonus;              /* "+1 resolve for the type" */
    int inferior_bonus;              /* "-1" */
    int raw_resolve;                 /* "raw are a flat 2" */
    int command_hit;                 /* "success if any hit (6)" */
    double command_reach_tum;        /* "beyond 8 TUM ... -1d6" */
    int command_reach_dice;
    double charge_tum;               /* "3 TUM for charge moves" */
    double difficult_tum;            /* "or moving in difficult" */
    double wheel_deg;                /* "A Wheel is up to 45°" */
    double about_face_infantry_tum;  /* "by 1 TUM for infantry" */
    double about_face_other_tum;     /* "and 3 TUM for others" */
    double threat_tum;               /* "within 4 TUM of any enemy" */
    double control_tum;              /* "directly-to-front ... within 3" */
    double arc_deg;                  /* "obliquely (45°) to-flank" */
    int primary_heavy_gun_dice;      /* "2d6 per resolve if a heavy gun" */
    int primary_dice;                /* "otherwise 1d6 per resolve" */
    int secondary_dice;              /* "a secondary shooter ... 1d6" */
    int casualty_dice_routed;        /* "3d6 if the attached unit routed" */
    int casualty_dice;               /* "and 2d6 if it did not" */
    int casualty_hit;                /* "hits on any 6" */
    int attached_melee_dice;         /* "An attached commander gets 1d6" */
    double support_tum;              /* "within 4 TUM" */
    double crowded_line_tum;         /* "directly-to-rear within 1 TUM" */
    double crowded_column_flank_tum; /* "in column to-flank within 2" */
    double crowded_column_tum;       /* "within 1 TUM" */
    double rally_back_cavalry_tum;   /* "up to 3 TUM for cavalry" */
    double rally_back_infantry_tum;  /* "and 1 TUM for infantry" */
    double pass_through_tum;         /* "directly-to-front for 3 TUM" */
    double passage_tum;              /* "one behind the other within 3 Tum" */
    double breakpoint;               /* "1/3 the number of the original
                                        units, rounded up" */
    int time_limit_turns;            /* "(10 game turns)" */

    /* readings of what the absent QRS gives */
    bol_unit_resolve_t unit_resolve;
    int shoot_hit;                   /* "score to hit (6 or 5-6)" */
    int shoot_close_hit;
    double shoot_close_tum;          /* the 5-6 within this */
    int shoot_cover_dice;            /* a target in woods or a village */
    int melee_hit;
    int melee_square_vs_cavalry_hit;
    int supported_dice;
    int crowded_dice;
    bool army_break_commanders;      /* commanders count among the units
                                        of the army breakpoint */
    bool erosion_cascades;           /* a rout morale erosion causes
                                        erodes in the same step (false:
                                        in the next turn's) */
    double attached_tum;             /* a commander this near is attached */
    double march_tum;                /* the move of a unit in march */
    bol_difficult_path_t difficult_path; /* a move into difficult terrain */
    bool evade_turn_costs;           /* an evade's about face and wheel
                                        come off its full allowance */
    bol_evade_turn_t evade_turn;     /* the turns an evade may make */
    bol_hit_marker_t fire_hit_marker; /* who a hit from shooting marks */
    bool guns_wheel_pivot;           /* guns turn only by wheel or pivot
                                        ("Artillery can wheel or pivot") */
    bool cavalry_tie_pass_any;       /* two cavalry that tie pass through
                                        though neither charged */
    bool shoot_in_contact;           /* a unit in contact with the enemy
                                        (after a melee) may shoot */
    bol_located_t control_front_at;  /* the control zone's "directly-to-
                                        front of enemy": the unit's front
                                        centre or any part of it */
    bol_located_t shoot_target_at;   /* a target "in arc" and "directly-
                                        to-front": its front centre, or
                                        its nearest part and any part */
    bol_uncommanded_t uncommanded;

    bol_house_t house;               /* seed 000's house rules */
} bol_tables_t;

/*  Read the `bolivar` group of a table file's text (origin names it in
 *  errors), the ruleset `rs` already read from it: every troop type of
 *  the ruleset must be one of the text's, every type of the text a row.
 *  NULL with err as "file:line - path: reason". */
bol_tables_t *bol_tables_load_text (const char *text, const char *origin,
                                    const ruleset_t *rs, char *err,
                                    int errlen);
void bol_tables_destroy (bol_tables_t **self_p);

/*  The text's type of unit `u` (its troop type, else its arm's usual). */
bol_type_t bol_unit_type (const bol_tables_t *t, const unit_t *u);

/*  The type's name as the table file spells it ("gauchos_llaneros"). */
const char *bol_type_name (bol_type_t type);

/*  The resolve a stand of type `type` and quality `q` starts with:
 *  the type's, +1 superior, -1 inferior, raw a flat 2; within the
 *  text's 2..4. */
int bol_stand_resolve (const bol_tables_t *t, bol_type_t type, quality_t q);

#endif
