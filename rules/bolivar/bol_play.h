/*  bol_play.h - what the files of the 4 Page Bolivar engine share: small
 *  questions about a unit (inline) and the steps one phase file calls in
 *  another.  Internal to rules/bolivar/.  */
#ifndef SOLO_BOL_PLAY_H
#define SOLO_BOL_PLAY_H

#include <math.h>
#include "bol_engine.h"

/*  Closest points nearer than this are in contact (cm). */
#define BOL_CONTACT_CM 0.3

/*  The higher of a unit's stands' resolve (the command check's: "Two
 *  stand units have two resolve values and use the higher"). */
static inline int
higher_resolve (const unit_t *x)
{
    int best = 0;
    for (int i = 0; i < x->stand_count; i++)
        if (x->stands[i].strength > best)
            best = x->stands[i].strength;
    return best;
}

static inline const bol_tables_t *
tables (const game_t *g)
{
    return game_tables (g);
}

static inline bol_unit_state_t *
state_m (game_t *g, int u)
{
    return bol_state (game_unit_mut (g, u));
}

static inline const bol_unit_state_t *
state_c (const game_t *g, int u)
{
    return bol_state_const (game_unit (g, u));
}

static inline bool
is_commander (const game_t *g, int u)
{
    return game_unit_c (g, u)->arm == ARM_COMMAND;
}

/*  An enemy unit on the table that can be shot or charged (commanders
 *  only with the unit they are attached to). */
static inline bool
is_enemy (const game_t *g, int u, int e)
{
    return e != u && game_unit_c (g, e)->side != game_unit_c (g, u)->side
        && bol_in_play (g, e) && !is_commander (g, e);
}

static inline bool
is_cavalry (const game_t *g, int u)
{
    return game_unit_c (g, u)->arm == ARM_CAVALRY;
}

static inline bool
is_artillery (const game_t *g, int u)
{
    return game_unit_c (g, u)->arm == ARM_ARTILLERY;
}

static inline double
turn_between (double from, double to)
{
    return fabs (geom_norm_deg (to - from + 180) - 180);
}

/*  The arc of unit `of` that unit `from` stands in (front and rear 45
 *  degrees either side; a square has no flank or rear). */
arc_t bol_arc_of (const game_t *g, int of, int from);

/*  True when any part of unit u is in difficult terrain ("If any part of
 *  a unit is in difficult terrain the entire unit is considered in
 *  difficult terrain"): villages, rough ground, woods, difficult hills,
 *  streams (bridges and fords are streams crossed by a road). */
bool bol_in_difficult (const game_t *g, const footprint_t *fp);

/*  Is unit `e` directly-to-front of unit `u`: ahead of its front edge
 *  and overlapping the lane its frontage makes straight ahead? */
bool bol_directly_to_front (const game_t *g, int u, int e);

/*  Is unit u uncommanded now (readings.uncommanded: its division's
 *  commander lost, or beyond his reach)?  Why, in a player's words, into
 *  why (may be NULL). */
bool bol_uncommanded (const game_t *g, int u, char *why, int len);

/*  Phase 5, unit morale: moved markers removed, commander loss, morale
 *  erosion, heroics, commander rally (bol_morale.c). */
void bol_morale_phase (game_t *g, dice_t *dice);

/*  Moves (bol_move.c). */

/*  A commander attached to a unit goes where it goes ("Commanders only
 *  charge with an attached unit"; rally backs, evades): the commander
 *  attached to unit u before it moves, and where u stood. */
typedef struct {
    int commander;           /* -1: none */
    vec2_t from;
} bol_carry_t;
bol_carry_t bol_carry_begin (const game_t *g, int u);

/*  Move the commander of `carry` as far and the same way as unit u
 *  moved since bol_carry_begin. */
void bol_carry_end (game_t *g, int u, bol_carry_t carry);

/*  Carry out unit u's move order `o` in its movement phase: formation
 *  change, direction changes and the move straight ahead, within its
 *  zone's limits and its allowance, the command checks a threat zone
 *  asks.  Says what it did as events. */
void bol_move_order (game_t *g, int u, const order_t *o, dice_t *dice);

/*  The point unit u stands at in contact with `target`, and the way's
 *  length; the face it meets in *arc. */
vec2_t bol_contact_point (const game_t *g, int u, int target,
                          double *distance, arc_t *arc);

/*  May unit u charge `target` now (in reach of a 3 TUM charge with a
 *  wheel of up to 45 degrees, no shooting or moved marker, not locked,
 *  not a commander, guns or a square)?  0, or -1 with err. */
int bol_charge_check (const game_t *g, int u, int target, char *err,
                      int errlen);

/*  The friendly line unit u, a line, swaps places with in a passage of
 *  lines ("when two lines, one behind the other within 3 TUM, swap
 *  positions"): the one whose footprint holds `to`, the point u is told
 *  to move to, directly to its front or rear within 3 TUM; -1 none. */
int bol_passage_partner (const game_t *g, int u, vec2_t to);

/*  Unit u's charge into contact with `target` (checked); false when
 *  blocked short. */
bool bol_charge_move (game_t *g, int u, int target);

/*  Unit u evades `charger`: full allowance directly away. */
void bol_evade (game_t *g, int u, int charger);

/*  Unit u rallies back from `from`: directly to rear, as far as
 *  possible up to 3 TUM (cavalry) or 1 TUM (infantry); none with an
 *  enemy in contact behind-flank or to-rear. */
void bol_rally_back (game_t *g, int u);

/*  Two cavalry units that tied pass through each other, 3 TUM on. */
void bol_pass_through (game_t *g, int u, int e);

/*  Shooting (bol_shoot.c): side `side` shoots, its units ordered to or
 *  bound to by the keep shooting rule; or, `bombardment`, the free shot
 *  of its deployed guns before the first turn ("Pre-game 7.
 *  Bombardment.  Artillery get a free shot."), which places no shooting
 *  marker on them. */
void bol_shooting (game_t *g, side_t side, bool bombardment, dice_t *dice);

/*  Close combat (bol_melee.c): cancels, evades, charges, melee, rally
 *  backs. */
void bol_close_combat (game_t *g, dice_t *dice);


#endif
