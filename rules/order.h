/*  order.h - what a unit is told to do this turn, in terms every ruleset
 *  understands.  A plain value (no pointers) so the search can copy it.
 *
 *  An order names its kind, and as the kind needs: a target unit (index
 *  in the situation), a destination point, a facing, a pace, whether the
 *  unit also fires while it moves, and whether it follows up a won melee.
 *  An order may also change the unit's formation (has_formation): the
 *  ruleset says which changes a unit may make and what they cost, and
 *  refuses the others when the order is given.
 *  The ruleset checks an order (game_apply_order) and carries it out when
 *  it resolves the phase.
 */
#ifndef SOLO_ORDER_H
#define SOLO_ORDER_H

#include <stdbool.h>
#include <stdint.h>
#include "geom.h"
#include "unit.h"

typedef enum {
    ORDER_HOLD = 0,      /* stay where it is (facing `facing` if has_facing);
                            a halted unit loads */
    ORDER_MOVE,          /* move towards `to` at `pace`, ending facing
                            `facing` (has_facing) or the way it moved */
    ORDER_TAKE_COVER,    /* a move into the cover at `to` */
    ORDER_FIRE,          /* fire at unit `target`; with has_to, also move
                            towards `to` as far as firing allows */
    ORDER_CHARGE,        /* move to contact unit `target` and fight;
                            with has_to, where a charge is declared after
                            the move (game_charge_after_move_cm), first
                            move to `to` (elsewhere has_to is ignored) */
    ORDER_CONTINUE       /* carry on with the current actions */
} order_kind_t;
#define ORDER_KIND_COUNT 6

/*  How fast.  Foot: full or half; cavalry: walk, canter (trot), gallop.
 *  ORDER_PACE_DEFAULT: the ruleset's usual pace for the unit. */
typedef enum {
    ORDER_PACE_DEFAULT = 0, ORDER_PACE_HALF, ORDER_PACE_FULL,
    ORDER_PACE_WALK, ORDER_PACE_CANTER, ORDER_PACE_GALLOP
} order_pace_t;
#define ORDER_PACE_COUNT 6

typedef struct {
    order_kind_t kind;
    order_pace_t pace;
    int target;          /* unit index; -1 none */
    bool has_to;
    vec2_t to;
    bool has_facing;
    double facing;
    bool fire;           /* also fire (at `target`, or the nearest enemy it
                            can hit when target is -1) */
    bool follow_up;      /* follow up if it wins a melee */
    bool has_formation;  /* change to `formation` (with a move or a hold) */
    formation_t formation;
    uint32_t status_set;   /* the morale effect of the decision that gave
                              the order (Risk Factor tables): STATUS_*   */
    uint32_t status_clear; /* flags set and cleared; the ruleset keeps only
                              the morale flags it knows */
} order_t;

/*  An order to hold, facing unchanged, firing at nothing. */
order_t order_hold (void);

/*  A continue order `given` carried out: the unit's current actions
 *  (`current`, or a hold when `goes_on` is false: each ruleset says which
 *  actions carry on) with the continue's facing and formation when it
 *  gives them, its fire and target, its follow-up and its morale effect
 *  (status_set, status_clear). */
order_t order_carried_on (const order_t *given, const order_t *current,
                          bool goes_on);

/*  Names used in logs and files ("hold", "move", ...; "full", "gallop",
 *  ...).  *_name returns a static string ("?" when out of range); *_parse
 *  returns the value or -1. */
const char *order_kind_name (order_kind_t kind);
int order_kind_parse (const char *name);
const char *order_pace_name (order_pace_t pace);
int order_pace_parse (const char *name);

/*  The order in plain words, e.g. "move to (40.0, 55.0) at gallop facing
 *  180, forming column", naming target units by their id in `sit` (may
 *  be NULL: #index).  Always terminated; returns buf. */
struct situation_t;
char *order_describe (const order_t *o, const struct situation_t *sit,
                      char *buf, int buflen);

/*  What a player does with the figures of unit `u` (an index in `sit`)
 *  to carry out order `o`, measured from where the unit stands, in the
 *  ruleset's unit of length (ruleset_length_text):
 *    "advance 18.6 cm straight ahead, then face 204 (90 right)"
 *    "move 4.0\" (10.2 cm) 35 degrees left of its front, turning to face
 *     the way it moved: 325 (35 left)"
 *    "fall back 10.0 cm straight to the rear, then face 0 (180 left)"
 *    "charge red-2: 12.3 cm to contact",
 *    "advance 7.0 cm straight ahead, facing unchanged, then charge red-2"
 *     (a charge with a point: the move first)
 *    "stand, turning to face 90 (90 right)", "stand", "carry on as before",
 *    "carry on as before, turning to face 180 (180 right)";
 *    a change of formation first: "change formation to unlimbered, then
 *     stand" (the ruleset's word, ruleset_formation_word)
 *  A move whose destination is under 0.05 cm away is a stand.  Ahead
 *  means within 10 degrees of the front, the rear within 10 of the back;
 *  a move without a facing ends facing the way it moved.
 *  Always terminated, cut short when buflen is too small; returns buf.
 *  An index outside `sit`: "" (the caller's error). */
char *order_tabletop (const order_t *o, const struct situation_t *sit, int u,
                      char *buf, int buflen);

/*  As order_tabletop, for a turn of play where unit u moves at most
 *  `reach` cm (a full move in the open, game_move_cm): a destination
 *  further off is said as this turn's move towards it, "move up to
 *  8.0 cm 14 degrees left of its front, towards a point 82.6 cm off,
 *  then face 270 (90 right)" (the engine moves it as far as it may).
 *  `reach` 0 or less: as order_tabletop. */
char *order_tabletop_turn (const order_t *o, const struct situation_t *sit,
                           int u, double reach, char *buf, int buflen);

/*  True when two orders are the same in every field that matters for
 *  their kind (used to check a replay); the formation counts when either
 *  has one. */
bool order_equal (const order_t *a, const order_t *b);

#endif
