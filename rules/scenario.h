/*  scenario.h - a battle to play: a situation (the table, its terrain and
 *  both forces) plus the scenario's own group: its name, the sides' names,
 *  the turn limit, the victory conditions and the units' first orders.
 *
 *  A scenario file is a situation file (clients/examples/README.md) with
 *  one more top-level group:
 *
 *      scenario = {
 *        name = "farm";  title = "The farm at Hougoumont";
 *        turns = 12;                      # the turn limit
 *        sides = { blue = "Coldstream Guards"; red = "French light infantry"; };
 *        first = "blue";                  # optional: side A of the sequence
 *        victory = {
 *          army_break = 0.5;              # optional: the ruleset's default
 *          on_time = "objectives";        # or a side name, or "draw"
 *          objectives = ( { id = "farmhouse"; x = 90.0; y = 60.0;
 *                           radius = 15.0; value = 2; held_by = "blue"; } );
 *        };
 *        orders = ( { unit = "red-1"; order = "move"; to = [90.0, 60.0];
 *                     pace = "full"; formation = "column"; } );
 *                                       # formation: optional, a change
 *                                       # the ruleset may refuse
 *      };
 *
 *  Errors name the file, the line and the field.  The situation part is
 *  read by situation_load_text, so its errors are the situation loader's.
 */
#ifndef SOLO_SCENARIO_H
#define SOLO_SCENARIO_H

#include <stdbool.h>
#include "order.h"
#include "situation.h"

#define SCENARIO_MAX_OBJECTIVES 32
#define SCENARIO_MAX_ORDERS     256
#define SCENARIO_MAX_TURNS      1000
#define SCENARIO_TEXT_MAX       160

typedef struct scenario_t scenario_t;

typedef struct {
    char id[SOLO_ID_MAX];
    vec2_t at;
    double radius;         /* held by the side alone within this distance */
    int value;             /* >= 1 */
    int held_by;           /* side holding it at the start, -1 none */
} scenario_objective_t;

/*  What decides a battle that reaches the turn limit. */
typedef enum {
    SCENARIO_ON_TIME_OBJECTIVES = 0,  /* the side holding more objective
                                         value; equal: a draw */
    SCENARIO_ON_TIME_SIDE,            /* the named side (a defender) */
    SCENARIO_ON_TIME_DRAW
} scenario_on_time_t;

/*  A unit's first "current action". */
typedef struct {
    int unit;              /* index in the situation */
    order_t order;
} scenario_order_t;

/*  Load the scenario file at `path` (or text already in memory, named
 *  `origin` in errors).  `find_ruleset` maps the file's ruleset name to a
 *  loaded ruleset, as for situation_load.  Returns the scenario or NULL
 *  with `err` as "file:line - reason". */
scenario_t *scenario_load (const char *path, ruleset_finder_fn find_ruleset,
                           void *arg, char *err, int errlen);
scenario_t *scenario_load_text (const char *text, const char *origin,
                                ruleset_finder_fn find_ruleset, void *arg,
                                char *err, int errlen);

void scenario_destroy (scenario_t **self_p);

const char *scenario_name (const scenario_t *self);
const char *scenario_title (const scenario_t *self);

/*  The table and forces at the start (never changed by play). */
const situation_t *scenario_situation (const scenario_t *self);

int scenario_turns (const scenario_t *self);

/*  The side's name in the scenario ("Coldstream Guards"); the side's own
 *  name (blue, red) when the scenario gives none. */
const char *scenario_side_name (const scenario_t *self, side_t side);

/*  Side A of the play sequence, or -1 for the ruleset's default. */
int scenario_first_side (const scenario_t *self);

/*  The army break fraction, or a negative number for the ruleset's
 *  default. */
double scenario_army_break (const scenario_t *self);

scenario_on_time_t scenario_on_time (const scenario_t *self);

/*  The side that wins on time with SCENARIO_ON_TIME_SIDE, else -1. */
int scenario_on_time_side (const scenario_t *self);

int scenario_objective_count (const scenario_t *self);
const scenario_objective_t *scenario_objective (const scenario_t *self,
                                                int i);

int scenario_order_count (const scenario_t *self);
const scenario_order_t *scenario_order (const scenario_t *self, int i);

#endif
