/*  ruleset.h - a ruleset's tables, loaded from its libconfig table file.
 *
 *  The numbers of a ruleset live in a table file (rules/data/NAME.cfg), so
 *  a house rule is an edit, not a rebuild.  Every answer names the ruleset
 *  and the hash of the table file in force.  The Risk Factor tables are
 *  part of the ruleset because each ruleset maps its own situation onto
 *  them; the engine that reads them lives in ai/.
 */
#ifndef SOLO_RULESET_H
#define SOLO_RULESET_H

#include <stdbool.h>
#include "solo_limits.h"
#include "terrain.h"
#include "unit.h"

typedef struct ruleset_t ruleset_t;

/*  One row of the weapons table.  A range of 0 means the weapon has no
 *  such range (swords). */
typedef struct {
    char name[SOLO_NAME_MAX];
    double short_cm, medium_cm, long_cm;
    int melee;
    int melee_bayonet;       /* melee factor with a bayonet fixed */
    bool gunpowder;          /* uses the gunpowder damage row */
    bool muzzle_loaded;
    double load_turns;       /* turns halted to load (1, or 1.5) */
    int fire_per_stationary; /* 1 figure in N may shoot when stationary */
    int fire_per_moving;
    double loose_reach_cm;   /* how much further it reaches in loose order
                                (seed 004's "*Skirmishers +8cm"); optional
                                in the table file, 0 */
} weapon_t;

/*  One row of the troop-types table.  Row 0 of every ruleset is the
 *  arm's usual troops: its name is "" and it changes nothing; the rows a
 *  table file declares under `troop_types` follow from 1.  A unit's
 *  troop_type is the index of its row. */
typedef struct {
    char name[SOLO_NAME_MAX];
    bool arm_allowed[ARM_COUNT];  /* the arms that may be of this type */
    double foot_move_cm;          /* a foot unit's full move in the open
                                     (ruleset_move_cm); 0: the arm's
                                     usual */
} troop_type_t;

/*  The Risk Factor actions.  Names (rf_action_name) are the protocol's. */
typedef enum {
    RF_CONTINUE = 0,          /* continue current actions */
    RF_ADVANCE_VISIBLE,       /* up to RF0 on a 6: to the nearest visible enemy */
    RF_TAKE_COVER,            /* nearest terrain within 1 move, or away */
    RF_HALT,                  /* halt facing the nearest enemy */
    RF_CONTINUE_FACING,       /* continue facing the nearest enemy */
    RF_CONTINUE_FACING_CHARGE,/* the same, charging if in reach */
    RF_ADVANCE_CHARGE,        /* advance towards the nearest enemy (charge?) */
    RF_WITHDRAW,              /* infantry: towards cover further away;
                                 cavalry: canter further from the enemy */
    RF_RUN                    /* run (cavalry: flee at gallop) */
} rf_action_t;
#define RF_ACTION_COUNT 9

const char *rf_action_name (rf_action_t action);
int rf_action_parse (const char *name);

#define RF_BANDS 5            /* up to RF0, RF1, RF2-5, RF6-8, RF9+ */
#define RF_FACES 6

/*  One Risk Factor table (one per arm that has one: infantry, cavalry). */
typedef struct {
    bool present;
    int band_max[RF_BANDS];             /* highest RF of each band; the
                                           last band is open-ended */
    char band_name[RF_BANDS][16];
    rf_action_t cell[RF_BANDS][RF_FACES];
    char pace[RF_BANDS][RF_FACES][12];  /* "" or walk/canter/gallop */
    char text[RF_BANDS][RF_FACES][128]; /* the cell in the seed's words */
    /* the up-to-RF0 special cases */
    int fortified_no_move;              /* 1: a fortified unit never moves
                                           on the up-to-RF0 row */
    int falling_back_halt_from;         /* faces >= this halt a unit
                                           falling back (5: "5,6 D6") */
    rf_action_t falling_back_halt_action;
    char fortified_text[128];           /* the special cases in words */
    char falling_back_text[128];
    /* factor values */
    int f_no_enemy_in_sight;            /* -4 */
    int f_hero_near;                    /* -1, infantry only (0 = none) */
    int f_regulars;                     /* -1 "formed of regulars" (inf) or
                                           "good troops" (cav) */
    int f_officer;                      /* -1 cavalry "or Officer" */
    int f_in_cover;                     /* -1 */
    int f_enemy_in_range;               /* +1 */
    int f_raw_in_range;                 /* +1 */
    int f_per_tenth_lost;               /* +1 per 10% */
    int f_flank_or_rear;                /* +2 */
    int f_shock_cavalry;                /* +2, infantry only (0 = none) */
    int f_running_or_retreating;        /* +3 */
    /* who counts for the "regulars" line */
    bool regulars_need_formed;          /* infantry: "formed of regulars" */
    bool regulars_include_hero;         /* cavalry: "good troops" */
} rf_table_t;

/*  The morale effect of each action. */
typedef struct {
    char morale[RF_ACTION_COUNT][24];        /* "steady", "shaken", ... */
    char text[RF_ACTION_COUNT][160];
    uint32_t sets_status[RF_ACTION_COUNT];   /* STATUS_* set by the action */
    uint32_t clears_status[RF_ACTION_COUNT];
} rf_morale_t;

/*  Readings of ambiguous text, and measures, from the table file's
 *  `settings` group.  RULINGS.md explains each. */
typedef struct {
    bool no_enemy_needs_no_retreating_friends; /* -4 only if no retreating
                                                  friends are in sight too */
    bool enemy_range_is_enemy_weapon;   /* +1 in range: the enemy's weapon
                                           reaches the unit (else the
                                           unit's own reaches the enemy) */
    double hero_distance_cm;            /* 5 */
    double shock_cavalry_cm;            /* 50 */
    double platoon_company_cm;          /* 5: platoon keeps company */
    double leader_company_cm;           /* 5: officer/NCO within */
    double front_half_deg;              /* 45 */
    double rear_half_deg;               /* 45 */
    double woods_shoot_depth_cm;        /* 10: a line of sight may run
                                           this far into a wood (or other
                                           sight_limited terrain) that the
                                           observer or the target is in */
    double woods_through_cm;            /* 10: and this far inside such
                                           terrain in all, woods it passes
                                           through counted (optional:
                                           woods_shoot_depth_cm) */
    double woods_visibility_cm;         /* 20: visibility within woods
                                           (both ends in the same one) */
    double terrain_edge_cm;             /* 10: within the edge: D6 x 10 */
    double sighting_cm_per_pip;         /* 10 */
    bool sighting_rolls;                /* roll the D6 x 10; else use the
                                           fixed range below */
    double sighting_fixed_cm;           /* used when sighting_rolls false */
    double foot_move_cm;                /* 25 */
    double foot_wounded_move_cm;        /* 20 */
    double cavalry_walk_cm;             /* 30 (walk 5-30) */
    double cavalry_canter_cm;           /* 45 (trot 31-45) */
    double cavalry_gallop_cm;           /* 60 (gallop 50-60) */
    double command_open_cm;             /* 50 */
    double command_enclosed_cm;         /* 25 */
    bool good_troops_or_officer_once;   /* cavalry "Good troops or Officer"
                                           is one -1, not two */
    bool in_sight_of_unit_itself;       /* "in sight": the unit itself sees
                                           it (else any unit of its side) */
    bool shoot_when_running;            /* a running unit still shoots */
    double withdraw_cover_moves;        /* 1: infantry withdrawing look for
                                           cover this many moves away */
    double enemy_gap_cm;                /* 1: a move that is not a charge
                                           stops this far short of an
                                           enemy (optional, default 0) */
    bool fired_seen_any_range;          /* a unit in terrain that fired
                                           is seen at any range (false:
                                           within the sighting range,
                                           however deep; optional,
                                           default true) */
    bool charge_reach_pays_terrain;     /* a charge's reach is its path's
                                           cost, difficult going double
                                           and a low barrier its part of a
                                           move (optional, default false:
                                           measured in the open) */
    bool charge_nearest_in_reach;       /* "(Charge?)": "It moves to
                                           contact the nearest enemy
                                           figures in reach": true, the
                                           nearest enemy in sight whose
                                           charge reaches, a nearer one out
                                           of reach passed over; false, the
                                           nearest enemy in sight alone,
                                           charged only when in reach
                                           (optional, default true) */
    double charge_reach_cm;             /* 6 (4 Page Bolivar's "Charges are
                                           up to 3 TUM"): how far any unit
                                           charges in the Risk Factor
                                           tables (optional, default 0:
                                           none of its own, foot a full
                                           move and cavalry the gallop) */
    /* optional, the line of fire (seed 002: "Shooting is only possible if
       figures can see the entire base of a figure without obstruction,
       unless shooting over an object or person within 2 cms"); absent,
       units never mask fire */
    bool units_mask_fire;               /* other units' figures in the
                                           line of fire mask it */
    double shoot_over_cm;               /* 2: but not a unit this close to
                                           the shooter: it is shot over */
    bool fire_needs_whole_target;       /* the target's whole base must be
                                           unobstructed (else one figure
                                           of it seen whole is enough) */
    /* optional: units in base contact with an enemy (within contact_cm)
       neither shoot nor are shot at when shoot_in_melee is false
       (absent: true, and contact_cm 0) */
    bool shoot_in_melee;
    double contact_cm;                  /* 0.5: footprints this close are
                                           in base to base contact */
    /* optional: the ruleset's own unit of length, in which its text
       gives distances and answers state them besides cm ("cm" and 1
       when the table file gives none; "in" and 2.54 for inches; "TUM"
       and its size for a table unit of measure) */
    char length_unit[12];
    double cm_per_length_unit;
    /* optional `moves` group: one full move in cm by arm and formation
       (rulesets whose moves depend on formation, not on pace) */
    bool has_moves;
    double moves_cm[ARM_COUNT][FORMATION_COUNT];
} rules_settings_t;

/*  The ruleset's unit of length ("cm", "in", "TUM") and its size in cm
 *  (settings.length_unit, settings.cm_per_length_unit; "cm" and 1 when
 *  the table file gives none). */
const char *ruleset_length_unit (const ruleset_t *self);
double ruleset_cm_per_length_unit (const ruleset_t *self);

/*  A length of `cm` in the ruleset's own unit, for words a player reads
 *  with a tape measure: "18.6 cm" in a ruleset measured in cm; "4.0\"
 *  (10.2 cm)" in one measured in inches ("in" is written as the inch
 *  mark); "3.5 TUM (14.0 cm)" in one measured in TUM.  One decimal;
 *  always terminated, cut short when `buflen` is too small; NULL `self`
 *  means cm.  Returns buf. */
const char *ruleset_length_text (const ruleset_t *self, double cm, char *buf,
                                 int buflen);

/*  Range bands of a shot (the weapons table's short, medium, long). */
typedef enum {
    RANGE_NONE = 0, RANGE_SHORT, RANGE_MEDIUM, RANGE_LONG
} range_band_t;
#define RANGE_BAND_COUNT 4

const char *range_band_name (range_band_t band);  /* "none", "short", ... */

/*  Load the ruleset whose table file is `path`.  Returns the ruleset, or
 *  NULL with `err` as "file:line - reason" (or "file - reason" when no line
 *  applies).  errlen >= 1. */
ruleset_t *ruleset_load (const char *path, char *err, int errlen);

/*  Load a ruleset from table-file text already in memory; `origin` names
 *  it in errors. */
ruleset_t *ruleset_load_text (const char *text, const char *origin,
                              char *err, int errlen);

/*  Destroy *self_p and set it to NULL; safe when *self_p is NULL. */
void ruleset_destroy (ruleset_t **self_p);

/*  The ruleset's short name ("skirmish19") and title. */
const char *ruleset_name (const ruleset_t *self);
const char *ruleset_title (const ruleset_t *self);

/*  Hex digest (16 characters) of the table file's bytes. */
const char *ruleset_tables_hash (const ruleset_t *self);

/*  The hex digest ruleset_tables_hash gives for `text` (16 characters
 *  and a NUL into out). */
void ruleset_text_hash (const char *text, char out[17]);

/*  For a house-rule overlay (overlay.h): the name of the ruleset it
 *  changes, that ruleset's table file's hash, and the overlay file's own
 *  hash; NULL for a ruleset that is no overlay.  ruleset_tables_hash is
 *  then the hash of the two merged. */
const char *ruleset_base_name (const ruleset_t *self);
const char *ruleset_base_tables_hash (const ruleset_t *self);
const char *ruleset_overlay_hash (const ruleset_t *self);

/*  True for an overlay that says it cannot honour all it describes (its
 *  RULINGS.md lists what it leaves out). */
bool ruleset_overlay_partial (const ruleset_t *self);

const rules_settings_t *ruleset_settings (const ruleset_t *self);
const terrain_effect_t *ruleset_terrain (const ruleset_t *self,
                                         terrain_kind_t kind);

int ruleset_weapon_count (const ruleset_t *self);
const weapon_t *ruleset_weapon (const ruleset_t *self, int index);

/*  Index of the weapon named `name` (case-insensitive), or -1. */
int ruleset_weapon_find (const ruleset_t *self, const char *name);

/*  Rows of the troop-types table, row 0 (the arm's usual, "") included:
 *  always at least 1. */
int ruleset_troop_type_count (const ruleset_t *self);

/*  The row at `index`, or NULL for an index outside 0..count-1. */
const troop_type_t *ruleset_troop_type (const ruleset_t *self, int index);

/*  Index of the troop type named `name` (case-insensitive): 0 for NULL or
 *  "", -1 for a name the table does not declare. */
int ruleset_troop_type_find (const ruleset_t *self, const char *name);

/*  The declared troop types as "name, name, ..." in `buf` for error
 *  messages ("none" when the table declares none); always terminated,
 *  cut short when `buflen` is too small.  Returns `buf`. */
const char *ruleset_troop_type_list (const ruleset_t *self, char *buf,
                                     int buflen);

/*  Check a unit's troop type against the table: an index in range and
 *  a type its arm may have.  Returns 0, or -1 with `err` as
 *  'unit "ID": troop type "NAME" ...' (naming the unit and the type). */
int ruleset_troop_type_check (const ruleset_t *self, const unit_t *u,
                              char *err, int errlen);

/*  The Risk Factor table for an arm, or NULL when the arm has none
 *  (artillery and command figures use the infantry table by the
 *  `settings.arm_table` reading: see RULINGS.md). */
const rf_table_t *ruleset_rf_table (const ruleset_t *self, arm_t arm);

const rf_morale_t *ruleset_rf_morale (const ruleset_t *self);

/*  The weapon range in cm a unit's weapon reaches: its long range, and
 *  the weapon's loose_reach_cm further for a unit in loose order; 0 for
 *  weapons that only fight in melee. */
double ruleset_weapon_reach (const ruleset_t *self, const unit_t *u);

/*  The range band of a shot of `weapon` (an index) at `dist_cm`:
 *  RANGE_SHORT up to and including the short range, and so on;
 *  RANGE_NONE beyond the long range, for a weapon without ranges, for a
 *  negative distance and for an index outside the weapons table. */
range_band_t ruleset_range_band (const ruleset_t *self, int weapon,
                                 double dist_cm);

/*  The ruleset's name for a core quality (the table file's optional
 *  `qualities` group: Empire of Liberty says "veteran" for regular and
 *  "elite" for hero), else the core's (quality_name); "unknown" out of
 *  range.  `self` may be NULL: the core's name. */
const char *ruleset_quality_name (const ruleset_t *self, quality_t quality);

/*  Does the text grade troops in `quality` (the table file's optional
 *  `grades` list; every quality without one)?  False out of range or for
 *  NULL. */
bool ruleset_quality_used (const ruleset_t *self, quality_t quality);

/*  Those grades into out[], in the order the table file lists them
 *  (the core's order without a list), and how many. */
int ruleset_grades (const ruleset_t *self, quality_t out[QUALITY_COUNT]);

/*  The quality named `name` (case-insensitive): the ruleset's own names
 *  first, then the core's (quality_parse: regular, veteran, good, hero,
 *  elite, raw, poor, average, green).  -1 for an unknown name or NULL.  `self`
 *  may be NULL. */
int ruleset_quality_parse (const ruleset_t *self, const char *name);

/*  May an order put a unit of `arm` in `formation` (the table file's
 *  optional `formations` group: a list of formations by arm; without it,
 *  no order changes a formation).  False out of range or for NULL.  The
 *  ruleset's engine may refuse more (Empire of Liberty decides by troop
 *  type). */
bool ruleset_formation_allowed (const ruleset_t *self, arm_t arm,
                                formation_t formation);

/*  The ruleset's own word for `formation` of a unit of `arm` (its table
 *  file's `formation_words`: "limbered" for guns in column under
 *  europe19), else the core's name (formation_name).  `self` may be
 *  NULL; never NULL. */
const char *ruleset_formation_word (const ruleset_t *self, arm_t arm,
                                    formation_t formation);

/*  The formation named `name` for a unit of `arm`: the ruleset's own
 *  words first (case-insensitive), then the core's names
 *  (formation_parse).  -1 for an unknown name or NULL. */
int ruleset_formation_parse (const ruleset_t *self, arm_t arm,
                             const char *name);

/*  Those formations in words ("line, column, square, loose"; "none"),
 *  always terminated; returns buf. */
const char *ruleset_formation_list (const ruleset_t *self, arm_t arm,
                                    char *buf, int buflen);

/*  ---- the dice a player throws ---- */

#define RULESET_MAX_THROWS     4      /* throws of a player's shooting and
                                         melee in one table file */
#define RULESET_THROW_WORDS    40     /* bytes of an action's or step's name */
#define RULESET_THROW_TEXT_MAX 240    /* bytes of a count's or rule's words */

/*  One throw a player makes for his own shooting or melee, as the text
 *  says (the table file's `throws` list): the engines throw these dice
 *  themselves in a battle; a front end's dice roller throws them for a
 *  player at the table. */
typedef struct {
    char action[RULESET_THROW_WORDS];    /* "shooting" or "melee" */
    char step[RULESET_THROW_WORDS];      /* "to hit", "damage", "hits"... */
    int sides;                           /* a D`sides`, 2..100 */
    char count[RULESET_THROW_TEXT_MAX];  /* how many, in words */
    int score;                           /* each die needs this or more;
                                            0: by a table of the text */
    char text[RULESET_THROW_TEXT_MAX];   /* the rule in the text's words */
} ruleset_throw_t;

/*  The throws of the table file's `throws` list, in its order (a house-
 *  rule overlay's own list, else its base's: a list replaces a list);
 *  0 when it has none. */
int ruleset_throw_count (const ruleset_t *self);

/*  The i-th throw, 0 <= i < ruleset_throw_count. */
const ruleset_throw_t *ruleset_throw (const ruleset_t *self, int i);

/*  One full move of the unit in the open, in cm.  When the table file
 *  gives `settings.moves`, the move of the unit's arm and formation there,
 *  whatever the pace; a foot unit whose troop type gives a foot move
 *  moves that far instead in every formation that moves at all (seed
 *  004: "Inf (LO) 12" where a close order column goes 8).  Otherwise foot 25 (20 when more than half of its
 *  standing figures are wounded), cavalry by pace: "walk" 30, "canter"
 *  (or "trot") 45, "gallop" 60; a NULL, empty or unknown pace is the
 *  cavalry's full move, the gallop.  Foot ignore the pace.  A foot unit
 *  whose troop type gives a foot move (seed 002: civilians 20, heavy
 *  armour 15) moves that far instead of 25; wounded as above, it moves
 *  the wounded move when that is shorter. */
double ruleset_move_cm (const ruleset_t *self, const unit_t *u,
                        const char *pace);

/*  The formation a unit of `arm` in `formation` takes to move, where it
 *  may not move in its own (the table file's optional `settings.moves.
 *  form_to_move`: under europe19 "Infantry in Line: May not move" and
 *  "Unlimbered Artillery: Can not move", so a line forms column and guns
 *  limber first); -1 when it moves in its own, or out of range. */
int ruleset_move_formation (const ruleset_t *self, arm_t arm,
                            formation_t formation);

/*  One full move of the unit in the open, in cm, in the formation it
 *  moves in (ruleset_move_formation, else its own): ruleset_move_cm of
 *  the unit so formed.  What a situation with no game moves it by. */
double ruleset_moving_cm (const ruleset_t *self, const unit_t *u,
                          const char *pace);

/*  How far the unit charges, in cm, for the Risk Factor tables:
 *  settings.charge_reach_cm where the ruleset gives one (4 Page
 *  Bolivar's 3 TUM), else one full move at the gallop in the formation
 *  it moves in (ruleset_moving_cm: foot a full move, cavalry the
 *  gallop). */
double ruleset_charge_cm (const ruleset_t *self, const unit_t *u);

#endif
