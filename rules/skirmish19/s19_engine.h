/*  s19_engine.h - seed 002 as a game_engine_t: the play sequence in its
 *  six steps, figure activation, movement as real moves, shooting,
 *  melee and victory.
 *
 *  Phases of a turn (the seed's "Play Sequence"):
 *    0 command    (1) command figures dice for command points and
 *                     activate the units within command distance
 *    1 A moves    (1)-(2) side A's units are ordered (commanded: free
 *                     orders; the others: their actions table) and move
 *    2 A shoots   (3) side A's shooting
 *    3 B moves    (4) side B dices and moves
 *    4 B shoots   (5) side B's shooting
 *    5 melee      (6) all melees; casualties recorded
 */
#ifndef SOLO_S19_ENGINE_H
#define SOLO_S19_ENGINE_H

#include <stdbool.h>
#include "game.h"
#include "s19_tables.h"

extern const game_engine_t s19_engine;

/*  A unit's state of its own in this ruleset (game_unit_t.ruleset_state,
 *  through s19_state). */
typedef struct {
    int16_t fresh_status;   /* STATUS_* flags set this turn that last into
                               the next (ran, retreating from melee), or
                               given (scenario, report) for the turn at
                               hand */
    int16_t loading_now;    /* 1: it halted to load this turn */
} s19_unit_state_t;

_Static_assert (sizeof (s19_unit_state_t) <= sizeof (game_ruleset_state_t),
                "s19_unit_state_t fits game_unit_t.ruleset_state");

static inline s19_unit_state_t *
s19_state (game_unit_t *gu)
{
    return (s19_unit_state_t *) (void *) &gu->ruleset_state;
}

static inline const s19_unit_state_t *
s19_state_const (const game_unit_t *gu)
{
    return (const s19_unit_state_t *) (const void *) &gu->ruleset_state;
}

enum {
    S19_PHASE_COMMAND = 0, S19_PHASE_A_MOVE, S19_PHASE_A_SHOOT,
    S19_PHASE_B_MOVE, S19_PHASE_B_SHOOT, S19_PHASE_MELEE
};
#define S19_PHASE_COUNT 6

/*  Side A of the sequence: the scenario's `first`, else the tables'. */
side_t s19_side_a (const game_t *g);

/*  True when unit `u` is in play: not gone and with figures standing. */
bool s19_in_play (const game_t *g, int u);

/*  True when unit `u` is a command figure: a unit of arm command. */
bool s19_is_commander (const game_t *g, int u);

/*  Step (1) for one side: each command figure throws its command dice
 *  (s19_command_dice: a drummer or bugler in a unit within its command
 *  distance gives one more; it fired last turn (or is reported `fired`),
 *  halted to load last turn or is in melee: one fewer) and spends the
 *  points on the units of its side within command distance (50 cm, 25
 *  when it or the unit stands in enclosed terrain), nearest first, whole
 *  units only, a unit it cannot afford skipped.  Command figures are
 *  always commanded, and never bought with another's points.  Returns
 *  the points thrown. */
int s19_activate_side (game_t *g, side_t side, dice_t *dice);

/*  The group whose figures share the hits of a shot at unit `target`:
 *  the target, or, when the target is a command figure within
 *  leader_group_cm of a unit of its side, that (nearest) unit; plus the
 *  command figures of that side within leader_group_cm of the group and
 *  nearer it than any other unit of theirs.  Fills `members` (the group
 *  first) and returns the count (at most max). */
int s19_target_group (const game_t *g, int target, int *members, int max);

/*  The target unit `u` shoots at now, or -1: a commanded unit's ordered
 *  target, an uncommanded unit's nearest visible enemy in range whose
 *  line of fire no other unit masks (the seed: "Uncommanded troops only
 *  shoot at the nearest enemy they can hit"; situation_fire_masked under
 *  the settings); none when it is in melee, its order did not fire, it
 *  cannot shoot (a commanded unit not loaded), or the target is in melee
 *  or masked (melee: unless settings.shoot_in_melee). */
int s19_fire_target (const game_t *g, int u, dice_t *dice);

/*  Unit `u` shoots at `target`: s19_shooters figures throw a D8 each
 *  against the band and the cover at the target's point nearest the
 *  shooter; each hit throws the D6 damage; the hits fall among the
 *  nearest hit_group_max figures of the target group.  The shooter is
 *  then unloaded.  Returns the hits. */
int s19_shoot (game_t *g, int u, int target, dice_t *dice);

/*  Where unit `a` stands in contact with unit `b`: facing b's nearest
 *  point and moved straight until the footprints touch.  Returns the
 *  path cost of the move (s19_path_cost), INFINITY when impassable. */
double s19_contact_footprint (const game_t *g, int a, int b,
                              footprint_t *out);

/*  Fight every melee: units of opposing sides in contact, grouped by
 *  contact, each group one melee (s19_melee_fight).  The worse side's
 *  units (both when drawn) move back loser_back_cm and are retreating
 *  from melee; the winners follow up when their order says so.  Returns
 *  the melees fought. */
int s19_fight_melees (game_t *g, dice_t *dice);

/*  Figures a side has lost for its army break: killed, plus wounded when
 *  break_counts_wounded, plus those that left the table; `of` gets the
 *  figures it started with. */
int s19_side_lost (const game_t *g, side_t side, int *of);

#endif
