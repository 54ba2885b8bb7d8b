/*  unit.h - a unit on the table, as a plain value.
 *
 *  A unit_t is a flat struct with no pointers so that a whole army can be
 *  copied with memcpy: the search copies states millions of times.
 */
#ifndef SOLO_UNIT_H
#define SOLO_UNIT_H

#include <stdbool.h>
#include <stdint.h>
#include "geom.h"
#include "solo_limits.h"

typedef enum { SIDE_BLUE = 0, SIDE_RED = 1 } side_t;
#define SIDE_COUNT 2

typedef enum {
    ARM_INFANTRY = 0, ARM_CAVALRY, ARM_ARTILLERY, ARM_COMMAND
} arm_t;
#define ARM_COUNT 4

/*  Seed 002 names three grades; the seed's "veteran", "regular" and "good
 *  troops" are one grade, as are "raw" and "poor".  Rulesets that rate
 *  units on five grades (Empire of Liberty: Poor, Green, Average, Veteran,
 *  Elite) use two more, average and green, between regular and raw; each
 *  such ruleset says in its tables which grade each value is. */
typedef enum {
    QUALITY_REGULAR = 0, QUALITY_HERO, QUALITY_RAW, QUALITY_AVERAGE,
    QUALITY_GREEN
} quality_t;
#define QUALITY_COUNT 5

/*  Seed 003 adds march ("Battalion and Spearman must be in Formation
 *  (Line, Column, Square or March)"); a ruleset lists the formations its
 *  troops take (its table file's `formations`) and may name them in its
 *  own words (`formation_words`: guns "limbered" and "unlimbered"). */
typedef enum {
    FORMATION_LINE = 0, FORMATION_COLUMN, FORMATION_SQUARE,
    FORMATION_LOOSE, FORMATION_MOUNTED, FORMATION_MARCH
} formation_t;
#define FORMATION_COUNT 6

/*  Status flags, as a bit set in unit_t.status. */
enum {
    STATUS_RAN_LAST_TURN        = 1u << 0,
    STATUS_RETREATING_FROM_MELEE = 1u << 1,
    STATUS_FALLING_BACK         = 1u << 2,
    STATUS_FORTIFIED            = 1u << 3,
    STATUS_LOADED               = 1u << 4,
    STATUS_SHOCK                = 1u << 5,
    STATUS_FIRED                = 1u << 6,
    STATUS_COMMANDED            = 1u << 7,
    STATUS_DISLOYAL             = 1u << 8,
    STATUS_ROUTING              = 1u << 9,
    STATUS_HAS_LAST_ENEMY       = 1u << 10,  /* last_enemy_seen is valid */
    STATUS_DISORDERED           = 1u << 11,  /* a disorder marker (seed
                                                000's red skull) */
    STATUS_NEWLY_DISORDERED     = 1u << 12   /* its second marker (the
                                                white): disordered since
                                                the last rally phase, it
                                                cannot rally at the next */
};
#define STATUS_FLAG_COUNT 13

/*  One stand (base) of a unit made of stands: seed 003's units are one
 *  or two stands, each with its own resolve (2 to 4) worn down by hits;
 *  seed 004 removes bases.  `start` is its strength at the start
 *  (1..SOLO_MAX_STAND_STRENGTH), `strength` now (0..start; 0: lost).
 *  What the strength means (resolve, hits left) is the ruleset's. */
typedef struct {
    int16_t start;
    int16_t strength;
} stand_t;

typedef struct {
    char id[SOLO_ID_MAX];
    char platoon[SOLO_ID_MAX];     /* "" when the unit has no platoon */
    side_t side;
    arm_t arm;
    quality_t quality;
    int weapon;                    /* index in the ruleset's weapons table */
    int troop_type;                /* index in the ruleset's troop-types
                                      table; 0: the arm's usual ("") */
    bool bayonet;
    formation_t formation;
    int figures;                   /* strength at the start */
    int wounded;
    int killed;
    int officers, ncos, drummers, buglers;
    int stand_count;               /* 0: a unit of figures only */
    stand_t stands[SOLO_MAX_STANDS];
    footprint_t fp;
    uint32_t status;
    vec2_t last_enemy_seen;        /* valid with STATUS_HAS_LAST_ENEMY */
} unit_t;

/*  Names used in files, the protocol's JSON and replies ("infantry", ...).
 *  Each *_name returns a static string ("unknown" for a value out of
 *  range); each *_parse is case-insensitive and returns the value or -1
 *  for an unknown name or NULL.
 *  sides: blue, red.  arms: infantry, cavalry, artillery, command.
 *  qualities: regular (also veteran, good), hero, raw (also poor),
 *  average, green.
 *  formations: line, column, square, loose, mounted, march.
 *  status flags: ran_last_turn, retreating_from_melee, falling_back,
 *  fortified, loaded, shock, fired, commanded, disloyal, routing,
 *  disordered, newly_disordered;
 *  STATUS_HAS_LAST_ENEMY prints as "has_last_enemy_seen" but is not
 *  parsed (it comes with a last_enemy_seen position). */
const char *side_name (side_t side);
int side_parse (const char *name);
const char *arm_name (arm_t arm);
int arm_parse (const char *name);
const char *quality_name (quality_t quality);
int quality_parse (const char *name);   /* also accepts veteran, good, poor,
                                           elite (every client reads the
                                           same names whatever the ruleset) */
const char *formation_name (formation_t formation);
int formation_parse (const char *name); /* also accepts circle, skirmish */
const char *status_flag_name (uint32_t flag);  /* one bit */
int status_flag_parse (const char *name);      /* the bit, or -1 */

/*  True when the unit is in a formed body (not loose order). */
bool unit_is_formed (const unit_t *u);

/*  Figures still standing (figures - killed). */
int unit_figures_standing (const unit_t *u);

/*  Whole tenths of the unit lost to wounds and kills:
 *  floor(10 * (wounded + killed) / figures); 0 when figures is 0. */
int unit_loss_tenths (const unit_t *u);

/*  True when the unit has an officer or NCO among its figures. */
bool unit_has_leader (const unit_t *u);

/*  Check a unit's own fields for what cannot be on a table: an empty or
 *  unterminated id, enums out of range, a negative weapon or troop-type
 *  index, figures
 *  not in 1..SOLO_MAX_FIGURES, negative counts, wounded + killed >
 *  figures, officers + ncos + drummers + buglers > figures, a centre or
 *  facing that is not a finite number, width or depth not in
 *  (0, SOLO_MAX_TABLE_CM], unknown status bits, stands unit_stands_check
 *  refuses.  Any finite facing is
 *  accepted (situation_add_unit normalises it).  Returns 0, or -1 with
 *  `err` as 'unit "ID": FIELD ...' naming the field. */
int unit_validate (const unit_t *u, char *err, int errlen);

/*  Check a unit's stands: 0..SOLO_MAX_STANDS of them, each start in
 *  1..SOLO_MAX_STAND_STRENGTH and its strength in 0..start.  0, or -1
 *  with `err` as 'unit "ID": stand N: ...' (N from 1). */
int unit_stands_check (const unit_t *u, char *err, int errlen);

#endif
