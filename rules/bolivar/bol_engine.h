/*  bol_engine.h - 4 Page Bolivar (seed 003) as a game_engine_t.
 *
 *  Phases of a game turn (the text's Phases 1 to 6):
 *    0 initiative       the attacker is active in the first turn (its
 *                       guns' free shot, the defender's first, before
 *                       it: Pre-game 7); after that each side throws a
 *                       die, the higher active, a tie to the attacker
 *    1 active move      Step 2.1: the active player's units move
 *    2 reactive shoot   Step 2.2: the reactive player's units shoot
 *    3 reactive move    Phase 3: the roles reversed
 *    4 active shoot
 *    5 active charges   Step 4.1: the active player declares charges
 *    6 reactive charges the reactive player declares; then cancels,
 *                       evades, charges, melee and rally backs
 *    7 morale           Phases 5 and 6: commander loss, morale erosion,
 *                       heroics, commander rally; the army breakpoint
 *  A unit's stands are its `stands`, each stand's strength its resolve;
 *  a stand at 0 is lost (a figure killed), a unit with none left routs.
 */
#ifndef SOLO_BOL_ENGINE_H
#define SOLO_BOL_ENGINE_H

#include <stdbool.h>
#include "bol_tables.h"
#include "game.h"

extern const game_engine_t bol_engine;

/*  The phases of a turn.  4 Page Bolivar plays all but
 *  BOL_PHASE_REACTIVE_SHOOT_SECOND: the reactive player shoots at the
 *  active's move, then moves, and the active shoots.  Seed 000's "One
 *  side, determined by initiative, acts first in all phases"
 *  (house.initiative_first_each_phase) plays all but
 *  BOL_PHASE_REACTIVE_SHOOT: both sides move, the active first, then
 *  both shoot, the active first.  The engine's next_phase skips the one
 *  not played, so a phase's number names one phase whichever is. */
enum {
    BOL_PHASE_INITIATIVE = 0, BOL_PHASE_ACTIVE_MOVE,
    BOL_PHASE_REACTIVE_SHOOT, BOL_PHASE_REACTIVE_MOVE,
    BOL_PHASE_ACTIVE_SHOOT, BOL_PHASE_REACTIVE_SHOOT_SECOND,
    BOL_PHASE_ACTIVE_CHARGES, BOL_PHASE_REACTIVE_CHARGES, BOL_PHASE_MORALE
};
#define BOL_PHASE_COUNT 9

/*  A unit's own state (game_unit_t.ruleset_state). */
typedef struct {
    int16_t flags;          /* BOL_F_* */
    int16_t target;         /* the unit its charge is declared on, + 1 */
    int16_t opponent;       /* the unit it melees, + 1 */
    int16_t credit;         /* the enemy unit whose hits it took last, + 1
                               (heroics: "a single friendly unit
                               involved" in its rout) */
    int16_t house;          /* BOL_H_*: seed 000's house rules' marks */
    int16_t rout_penalty;   /* dice off its rally from rout: one a
                               complete rout_rally_per from its leader
                               when it routed */
} bol_unit_state_t;

_Static_assert (sizeof (bol_unit_state_t) <= sizeof (game_ruleset_state_t),
                "bol_unit_state_t fits game_unit_t.ruleset_state");

enum {
    BOL_F_SHOOTING   = 1 << 0,   /* a shooting marker (kept across turns) */
    BOL_F_MOVED      = 1 << 1,   /* a moved marker (it about faced) */
    BOL_F_CHARGE     = 1 << 2,   /* a charge marker */
    BOL_F_LIMBERED   = 1 << 3,   /* guns limbered at this turn's start or
                                    since: they do not shoot this turn */
    BOL_F_RALLIED    = 1 << 4,   /* rallied back this turn */
    BOL_F_ROUTED     = 1 << 5,   /* routed: its erosion not yet taken */
    BOL_F_LOST       = 1 << 6,   /* lost (routed, eliminated, casualty) */
    BOL_F_CASUALTY   = 1 << 7,   /* a commander casualty: its division's
                                    loss not yet taken */
    BOL_F_CHARGED    = 1 << 8,   /* it charged into contact this turn */
    BOL_F_HEROIC     = 1 << 9,   /* routed by enemy hits this turn: the
                                    unit in `credit` owes it heroics */
    BOL_F_PASSED     = 1 << 10,  /* it swapped places in a passage of
                                    lines: it does not move again */
    BOL_F_MET        = 1 << 11,  /* its charge met its opponent: whether
                                    it was then entirely behind-flank or
                                    to-rear of it is BOL_F_BEHIND (kept
                                    while the melee goes on) */
    BOL_F_BEHIND     = 1 << 12   /* its charge met its opponent entirely
                                    behind-flank or to-rear */
};

static inline bol_unit_state_t *
bol_state (game_unit_t *gu)
{
    return (bol_unit_state_t *) (void *) &gu->ruleset_state;
}

static inline const bol_unit_state_t *
bol_state_const (const game_unit_t *gu)
{
    return (const bol_unit_state_t *) (const void *) &gu->ruleset_state;
}

/*  Seed 000's marks (bol_unit_state_t.house). */
enum {
    BOL_H_ROUTED      = 1 << 0,  /* it routed this game: counted against
                                    its army even if it rallies */
    BOL_H_COUNTED     = 1 << 1,  /* its rout counted at a turn's end */
    BOL_H_LEADER_TRIED = 1 << 2, /* a leader that attempted to rally this
                                    turn: no movement */
    BOL_H_RETREATED   = 1 << 3,  /* cavalry that retreated from fire this
                                    turn */
    BOL_H_FIRE_HIT    = 1 << 4,  /* took casualties in fire this turn */
    BOL_H_START_LOW   = 1 << 5,  /* began its charge this turn off the
                                    high ground */
    BOL_H_LIMBERED_TO_MOVE = 1 << 6, /* guns deployed at the turn's start
                                        that limbered to move further
                                        than they may and shoot */
    BOL_H_MOVED       = 1 << 7,  /* it moved, turned or changed formation
                                    by its own move this turn */
    BOL_H_HASTY_SQUARE = 1 << 8  /* formed a hasty square this turn */
};

/*  game_side_extra words. */
enum { BOL_SX_ACTIVE = 0, BOL_SX_ATTACKER = 1, BOL_SX_FEIGNED = 2,
       BOL_SX_BOMBARDED = 3 };

/*  The attacker ("A scenario will specify which side is the Attacker":
 *  its `first` side; else the roll of the first turn's initiative) and
 *  this turn's active player. */
side_t bol_attacker (const game_t *g);
side_t bol_active (const game_t *g);

/*  True when unit u is on the table: not gone (routed, eliminated or a
 *  commander casualty). */
bool bol_in_play (const game_t *g, int u);

bol_type_t bol_type (const game_t *g, int u);

/*  A length of the text (TUM) in cm, by the ruleset's TUM. */
double bol_cm (const game_t *g, double tum);

/*  A unit's resolve: its stands' (the higher of two, or their sum, by
 *  readings.unit_resolve); 0 for a commander, who has none. */
int bol_resolve (const game_t *g, int u);

/*  The commander attached to unit u (in contact, within
 *  readings.attached_tum), or -1. */
int bol_attached_commander (const game_t *g, int u);

/*  The commander of unit u's division: the brigadier of its division
 *  (the unit's `platoon` names it), else its side's nearest brigadier,
 *  else its C-in-C; -1 when none is left. */
int bol_division_commander (const game_t *g, int u);

/*  The dice of u's command check: one per point of resolve, one fewer
 *  beyond 8 TUM of its division's commander (or with none left). */
int bol_command_dice (const game_t *g, int u);

/*  Throw unit u's command check ("success if any hit (6)"), said as an
 *  event with `what`.  True on a success. */
bool bol_command_check (game_t *g, int u, dice_t *dice, const char *what);

/*  The movement zone unit u stands in now. */
typedef enum {
    BOL_ZONE_MANOEUVRE = 0, BOL_ZONE_THREAT, BOL_ZONE_CONTROL, BOL_ZONE_LOCKED
} bol_zone_t;
bol_zone_t bol_zone (const game_t *g, int u);
const char *bol_zone_name (bol_zone_t zone);

/*  The unit u's movement allowance now in cm, where it stands: its
 *  type's normal move (a square 3 TUM, a march readings.march_tum), at
 *  most 3 TUM when any part is in difficult terrain (a move that meets
 *  difficult terrain on its way is shortened too: bol_move.c). */
double bol_move_allowance (const game_t *g, int u);

/*  May unit u shoot now (a type that shoots, in a formation that does,
 *  no moved marker, guns deployed and not limbered this turn, not in
 *  contact)? */
bool bol_can_shoot (const game_t *g, int u);

/*  Unit u's long range in cm, its weapon's; 0 when it has none.  No
 *  target further than that is viable. */
double bol_long_range_cm (const game_t *g, int u);

/*  Unit u's priority target: "the closest viable target
 *  directly-to-front, otherwise closest in arc" in range, seen, not
 *  behind other units; -1 when none. */
int bol_priority_target (const game_t *g, int u);

/*  True when unit t is u's priority target: an enemy, and
 *  bol_priority_target (g, u) == t. */
bool bol_is_priority_target (const game_t *g, int u, int t);

/*  The shooting dice of u at `target` as primary shooter (1d6 or 2d6 per
 *  resolve, the readings' modifiers; at least one) or secondary (1d6).
 *  Under seed 000's settings: per stand that fires, the secondary too
 *  (secondary_by_stands), none when no stand fires; the host's cover
 *  modifier still leaves one die, and seed 000's own modifiers (guns at
 *  guns, cavalry that retreats) may then leave none
 *  (shoot_dice_to_zero). */
int bol_shoot_dice (const game_t *g, int u, int target, bool primary);

/*  The score each shooting die of u needs against target. */
int bol_shoot_hit (const game_t *g, int u, int target);

/*  The melee dice of u against enemy e (as the primary fighter: dice per
 *  resolve, charging or not, with support and crowding; else 1d6, or
 *  under seed 000's secondary_by_stands what a primary's would be, by its
 *  stands that fight; either with 1d6 more for an attached commander;
 *  none against an enemy every part of which is behind-flank or
 *  to-rear), and the score each needs. */
int bol_melee_dice (const game_t *g, int u, int e, bool primary);

/*  Is every part of footprint `fp` behind-flank of unit u or to its
 *  rear (behind the line across u's centre)?  Never for a square. */
bool bol_entirely_behind_fp (const game_t *g, int u, const footprint_t *fp);
int bol_melee_hit (const game_t *g, int u, int e);

/*  Unit u takes `hits` (each weakens resolve by 1: the stand with the
 *  higher resolve first, so two stands stay within one), from enemy
 *  unit `from` (-1: morale).  Routs it at resolve 0.  Returns true when
 *  it routed. */
bool bol_take_hits (game_t *g, int u, int hits, int from, const char *why);

/*  Unit u regains `n` resolve (the stand with the lower resolve first,
 *  none above its start; a lost stand stays lost). */
void bol_regain (game_t *g, int u, int n, const char *why);

/*  Of the units f in first..n-1 with aim[f] == tg, that hit enemy tg
 *  together (a volley's shooters, a melee's fighters), the one the
 *  heroics' point is for should tg rout ("regain one resolve for a
 *  single friendly unit involved"): a player's choice, the one in play
 *  with most resolve to regain (below its stands' starts), `primary`
 *  among equals; when none has any to regain, `primary`. */
int bol_heroics_credit (const game_t *g, const int *aim, int first, int n,
                        int tg, int primary);

/*  Take unit u out of play, lost, saying `why`: `flag` BOL_F_ROUTED (its
 *  rout markers, one a stand), BOL_F_CASUALTY (a commander), or 0 (guns
 *  eliminated: "lost but not routed"). */
void bol_remove (game_t *g, int u, int16_t flag, const char *why);

/*  An attached commander of a unit that took hits may become a casualty:
 *  3d6 if the unit routed, 2d6 if not, any 6. */
void bol_commander_risk (game_t *g, int u, bool routed, dice_t *dice);

/*  Is unit u supported / crowded (Step 4.5)? */
bool bol_supported (const game_t *g, int u);
bool bol_crowded (const game_t *g, int u);

/*  May troops of `type` stand in formation `f` (battalions and spearmen
 *  line, column, square; skirmishers and rabble loose; cavalry mounted;
 *  guns deployed (line) or limbered (column); commanders any)? */
bool bol_formation_allowed (bol_type_t type, formation_t f);

/*  0 when order `o` is legal for unit u in the current phase, else -1
 *  with err naming the rule (the engine's check_order). */
int bol_order_check (const game_t *g, int u, const order_t *o, char *err,
                     int errlen);

/*  Units lost by side `side` (routed, eliminated, and commander
 *  casualties when readings.army_break_commanders counts commanders among
 *  the units) and its units at the start in *of. */
int bol_side_lost (const game_t *g, side_t side, int *of);

#endif
