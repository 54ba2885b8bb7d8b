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

/*  The slot of unit u's answer in a memo of 2^bits entries keyed by a
 *  game's key (game_table_key or game_state_key): the engine remembers
 *  priority targets, zones and plans so, one memo a thread. */
static inline unsigned
bol_memo_slot (uint64_t key, int u, int bits)
{
    return (unsigned) ((key ^ (uint64_t) u * 0xD6E8FEB86659FD93ull)
                       * 0x9E3779B97F4A7C15ull >> (64 - bits));
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

/*  Is unit u in contact with an enemy (its locked zone)?  The part of
 *  bol_zone a charge check needs, without the priority targets the
 *  threat zone asks for.  False for a commander. */
bool bol_in_contact (const game_t *g, int u);

/*  The centre of footprint fp's front edge: where "a unit is assumed to
 *  be located" ("The distance between two units is always measured
 *  between closest points.  If any part of a unit is in difficult
 *  terrain the entire unit is considered in difficult terrain.
 *  Otherwise a unit is assumed to be located at the front centre of the
 *  unit"), so every relative position the text does not say otherwise
 *  of is asked of it. */
vec2_t bol_front_centre (const footprint_t *fp);

/*  The arc of footprint `of` that point p lies in (the project's reading
 *  of the absent QRS, footprint_arc_at): front directly before its front
 *  edge ("directly-to-front") or within front_half_deg either side of
 *  its facing seen from its centre, rear directly behind its rear edge
 *  or within 45 either side of its back, flank between; a point on an
 *  arc's limit is in that arc.  Unlike footprint_arc, a point within
 *  `of` is placed by its bearing too, and one on its edge by the lanes
 *  and its bearing: the front centre of an enemy in contact lies on the
 *  edge it touches.  p at the centre is front. */
arc_t bol_arc_at (const footprint_t *of, vec2_t p, double front_half_deg);

/*  The arc of unit `of` that unit `from` stands in: from's front centre
 *  by bol_arc_at (front and rear 45 degrees either side; a square has
 *  no flank or rear). */
arc_t bol_arc_of (const game_t *g, int of, int from);

/*  True when any part of unit u is in difficult terrain ("If any part of
 *  a unit is in difficult terrain the entire unit is considered in
 *  difficult terrain"): villages, rough ground, woods, difficult hills,
 *  streams (bridges and fords are streams crossed by a road). */
bool bol_in_difficult (const game_t *g, const footprint_t *fp);

/*  True when any part of a unit is in woods or a village, the cover of
 *  the shooting dice's reading (readings.shoot_cover_dice): "If any part
 *  of a unit is in difficult terrain the entire unit is considered in
 *  difficult terrain", and woods and villages are difficult terrain. */
bool bol_in_cover (const game_t *g, const footprint_t *fp);

/*  True when footprint fp stands on a hill, gentle or steep (seed 000's
 *  "high ground"), placed as the host places a unit where seed 000 does
 *  not say: on a steep hill, difficult terrain ("difficult hills"),
 *  when any part of it is ("If any part of a unit is in difficult
 *  terrain the entire unit is considered in difficult terrain"); on a
 *  gentle hill, open terrain, when its front centre is ("Otherwise a
 *  unit is assumed to be located at the front centre of the unit"). */
bool bol_on_hill (const game_t *g, const footprint_t *fp);

/*  May a footprint moved without turning from `from` to `to` touch
 *  difficult terrain on the way?  False only when no difficult feature's
 *  bounding box meets the box of both footprints' corners (the way's
 *  sweep lies within it); true means look closer (bol_in_difficult
 *  along the way).  A quick refusal for the commander's many moves in
 *  the open. */
bool bol_may_meet_difficult (const game_t *g, const footprint_t *from,
                             const footprint_t *to);

/*  How far footprint fp may slide along the unit vector `way` (not
 *  turning) with its bounding box apart from every difficult feature's
 *  bounds, a micrometre spared for rounding: all that way
 *  bol_in_difficult is false, its first test leaving every feature out.
 *  0 when the box is no further than that from one now; INFINITY when
 *  the way never closes on any. */
double bol_difficult_clear_run (const game_t *g, const footprint_t *fp,
                                vec2_t way);

/*  Is unit `e` directly-to-front of unit `u`: in the lane u's frontage
 *  makes straight ahead of its front edge?  Asked of e's front centre
 *  ("Otherwise a unit is assumed to be located at the front centre of
 *  the unit": on the lane's side counts as in it, and a front centre on
 *  u's front edge is ahead of it), or with `any_part` of any part of e
 *  (some of it in the lane, part of it ahead of u's front edge; a part
 *  only touching the lane's side is not in it).  The same of two
 *  footprints, `b` before `a`, wherever they stand. */
bool bol_directly_to_front (const game_t *g, int u, int e, bool any_part);
bool bol_fp_directly_to_front (const footprint_t *a, const footprint_t *b,
                               bool any_part);
/*  bol_fp_directly_to_front of footprints made ready: the same answer,
 *  bit for bit. */
bool bol_ready_directly_to_front (const footprint_ready_t *a,
                                  const footprint_ready_t *b, bool any_part);

/*  Unit u's normal movement allowance in cm, its ground not asked: its
 *  type's move, a square's 3 TUM, a march's readings.march_tum. */
double bol_normal_allowance (const game_t *g, int u);

/*  "Directly" away from an enemy, to the rear, an about face: within
 *  this many degrees, a player's placing of a unit by eye (the
 *  project's number, not the text's: RULINGS.md). */
#define BOL_DIRECTLY_DEG 10.0

/*  A change of direction (Step 2.1's "Change Direction"): none, a wheel
 *  or a pivot of up to 45 degrees, an advance on the oblique of up to 45
 *  degrees (the facing kept), an about face. */
typedef enum {
    BOL_TURN_NONE = 0, BOL_TURN_WHEEL, BOL_TURN_PIVOT, BOL_TURN_OBLIQUE,
    BOL_TURN_ABOUT
} bol_turn_t;

typedef struct {
    bol_turn_t kind;
    double deg;              /* how far it turns (the oblique: how far off
                                its front it goes), unsigned */
    double facing;           /* the unit's facing after it */
    double cost_cm;          /* of the movement allowance ("Changes of
                                direction are included in the movement
                                allowance") */
    bool check;              /* it asks a command check */
} bol_change_t;

/*  The changes a move may make before its move straight ahead: the
 *  first change of direction, or an about face and a wheel ("making an
 *  about face and/or wheel if necessary"). */
#define BOL_CHANGES_BEFORE 2

/*  A move order read by Step 2.1: "an optional change formation, then
 *  optional first change direction, then optional move straight ahead,
 *  then optional second change direction", in the worst movement zone
 *  the unit tries to move through. */
typedef struct {
    bol_zone_t zone;         /* the worst along its way (its start's
                                with the priority targets asked) */
    int controller;          /* an enemy whose control zone it enters or
                                stands in, or -1 */
    bool moving;             /* it moves off the spot */
    bool free;               /* seed 000's movement options, asked no
                                threat or control zone's limits
                                (options_free_of_zones): moved as in the
                                manoeuvre zone */
    double heading;          /* the way it moves */
    double length;           /* how far the order asks, no further than
                                its normal allowance */
    double move_facing;      /* its facing as it moves */
    double end_facing;       /* the facing the order asks at the end */
    bol_change_t before[BOL_CHANGES_BEFORE];
    int n_before;
    bol_change_t after;      /* the second change (kind NONE: none) */
} bol_plan_t;

/*  Read move order `o` of unit u as it stands now (its formation and
 *  place): the worst zone along its way (bol_zone where it starts, the
 *  distances at every STEP of the way), and outside the manoeuvre zone
 *  the changes of direction it takes: each a wheel or pivot of up to 45
 *  degrees, an oblique or an about face, one before the move straight
 *  ahead (an about face and a wheel when it moves back at more than
 *  BOL_DIRECTLY_DEG off its rear) and one after; standing, a wheel and
 *  a pivot, or an about face and a pivot.  In the locked zone the unit
 *  does not move (its only move an about face in place).  Under seed
 *  000's options_free_of_zones the threat and control zones set no
 *  limits: the plan is marked free and moves as the manoeuvre zone's
 *  (the house's options are checked before).  0, or -1 with
 *  err naming the rule when the move cannot be made so: a turn no two
 *  changes make, or a move in an enemy's control zone that is neither
 *  closer to it, directly away nor directly to the rear. */
int bol_move_plan (const game_t *g, int u, const order_t *o, bol_plan_t *p,
                   char *err, int errlen);

/*  bol_zone of a game whose game_state_key is `key`, already worked out
 *  by the caller (a plan asks for both). */
bol_zone_t bol_zone_keyed (const game_t *g, int u, uint64_t key);

/*  Is unit u uncommanded now (readings.uncommanded: its division's
 *  commander lost, or beyond his reach)?  Why, in a player's words, into
 *  why (may be NULL). */
bool bol_uncommanded (const game_t *g, int u, char *why, int len);

/*  Phase 5, unit morale: moved markers removed, commander loss, morale
 *  erosion, heroics, commander rally (bol_morale.c). */
void bol_morale_phase (game_t *g, dice_t *dice);

/*  Units of side `side` that routed this game, counted at the ends of
 *  turns (seed 000's victory: "A routed unit that subsequently rallies
 *  still counts as routed"); their number of all its units in *of. */
int bol_side_routed (const game_t *g, side_t side, int *of);

/*  The game turn at whose end "The attacker loses if the game has not
 *  finished before the time limit (10 game turns)": the text's limit
 *  (text.time_limit_turns), or the game's last turn when it was opened
 *  for fewer (the core plays no turn past its scenario's `turns`).  A
 *  scenario's longer game still ends at the text's limit.  Under the
 *  house rules, which give no limit of their own and whose victory
 *  rule yields to "scenario specific victory conditions", the
 *  scenario's turns. */
int bol_time_limit (const game_t *g);

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
 *  moved since bol_carry_begin; not a leader seed 000 holds in place
 *  (bol_house_leader_stays), who is left behind. */
void bol_carry_end (game_t *g, int u, bol_carry_t carry);

/*  Carry out unit u's move order `o` in its movement phase: formation
 *  change, direction changes and the move straight ahead, within its
 *  zone's limits and its allowance, the command checks a threat zone
 *  asks.  Says what it did as events. */
void bol_move_order (game_t *g, int u, const order_t *o, dice_t *dice);

/*  The point unit u's centre stands at in contact with `target`: its
 *  front squarely against the face it meets, centred on it, or under
 *  seed 000's stand layouts slid along it to line its stands up with
 *  the face's nearest straight ahead.  The way's length from where u
 *  stands in *distance, the face's arc in *arc, and the facing that
 *  squares u to the face in *facing; each may be NULL. */
vec2_t bol_contact_point (const game_t *g, int u, int target,
                          double *distance, arc_t *arc, double *facing);

/*  How far unit u's charge goes from where it stands: 3 TUM, or under
 *  the house rules' charge_full_move its move allowance now. */
double bol_charge_reach (const game_t *g, int u);

/*  May unit u charge `target` now (in reach of a 3 TUM charge with a
 *  wheel of up to 45 degrees, no shooting or moved marker, not locked,
 *  not a commander, guns or a square)?  0, or -1 with err; err may be
 *  NULL (errlen 0) when only the answer is wanted, as when every unit is
 *  asked about every enemy, and the words are not worked out. */
int bol_charge_check (const game_t *g, int u, int target, char *err,
                      int errlen);

/*  Is the distance all that keeps unit u from charging `target` now
 *  (every other condition of bol_charge_check met, the target beyond
 *  reach)?  So it is when the target evaded out of its reach. */
bool bol_charge_out_of_reach (const game_t *g, int u, int target);

/*  "The charger might catch the evader": the evader got beyond reach,
 *  so unit u charges as far as it goes, straight at where the target
 *  now stands, up to its charge reach (bol_charge_reach) and 0.5 cm
 *  short of it, stopped short of any other unit as a move is (it ends
 *  in contact with no enemy), its attached commander carried with it;
 *  so too seed 000's pursuer whose charge's way is longer than its move
 *  (its facing kept under the house's charge).  Returns the distance
 *  moved, 0 when nothing lets it move. */
double bol_charge_short (game_t *g, int u, int target);

/*  The friendly line unit u, a line, swaps places with in a passage of
 *  lines ("when two lines, one behind the other within 3 TUM, swap
 *  positions"): the one whose footprint holds `to`, the point u is told
 *  to move to, directly to its front or rear within 3 TUM; -1 none. */
int bol_passage_partner (const game_t *g, int u, vec2_t to);

/*  May unit u, cavalry that won its melee, pursue `target` (seed 000's
 *  "A pursuit is an immediate charge towards the nearest enemy unit
 *  within normal movement range"): the way a charge order of it would
 *  go, under the house's charge_facing_deg oblique up to a wheel's angle
 *  off its front, turning it no more than that to meet the target, and
 *  with `mind_reach` the straight way to contact within its charge reach
 *  (its normal move under charge_full_move).  Not the charge's markers
 *  and moves this turn, which decide whether a charge is declared, not
 *  whether a winner pursues.  Without charge_facing_deg,
 *  bol_charge_check's conditions.  0, or -1 with err (may be NULL,
 *  errlen 0). */
int bol_pursuit_check (const game_t *g, int u, int target, bool mind_reach,
                       char *err, int errlen);

/*  Unit u's charge into contact with `target` (checked); false when
 *  blocked short. */
bool bol_charge_move (game_t *g, int u, int target);

/*  Unit u's charge back on `target` after a feigned flight ("The unit
 *  recovers all resolve, then charges the original opponents"): a
 *  charge, so "up to 3 TUM and end in contact" (its charge reach), the
 *  way counted as the charge goes: as it faces, its least wheel of up
 *  to 45 degrees and straight ahead; when that is beyond its reach it
 *  may first turn to face the target's centre (the project's reading:
 *  the rally back left it facing its opponents, or, met in the flank,
 *  beside them).  Beyond its reach either way it does not charge, stays
 *  as it stood (its facing too) and false is returned; else the charge
 *  is made (bol_charge_move), false when blocked short. */
bool bol_feigned_charge (game_t *g, int u, int target);

/*  Unit u evades `charger`: full allowance directly away. */
void bol_evade (game_t *g, int u, int charger);

/*  Unit u rallies back: directly to rear, as far as possible up to 3
 *  TUM (cavalry) or 1 TUM (infantry); none with an enemy in contact
 *  behind-flank or to-rear.  Returns the cm it moved: 0 when it was
 *  prevented or had no room (no rally back move made). */
double bol_rally_back (game_t *g, int u);

/*  Two cavalry units that tied pass through each other: each straight
 *  on through the other (both depths), then 3 TUM on as a move, stopped
 *  short of any unit in its way. */
void bol_pass_through (game_t *g, int u, int e);

/*  Shooting (bol_shoot.c): side `side` shoots, its units ordered to or
 *  bound to by the keep shooting rule; or, `bombardment`, the free shot
 *  of its deployed guns before the first turn ("Pre-game 7.
 *  Bombardment.  Artillery get a free shot."), which places no shooting
 *  marker on them. */
void bol_shooting (game_t *g, side_t side, bool bombardment, dice_t *dice);

/*  Does move order `o` tell unit u, a deployed gun that shot this game
 *  turn, to limber (its formation limbered)?  "In a game turn deployed
 *  artillery can either move and limber or move and shoot": it shot, so
 *  it may not limber that turn (the order is refused). */
bool bol_gun_shot_cannot_limber (const game_t *g, int u, const order_t *o);

/*  A melee fought at once, outside the turn's melees (a feigned
 *  flight's charge, a pursuit's): unit u and enemy e each throw their
 *  primary fighter's dice at the other, the hits are taken and the
 *  attached commanders risked.  What each took and whether it routed. */
typedef struct {
    int on_u, on_e;
    bool u_routed, e_routed;
} bol_melee_now_t;
bol_melee_now_t bol_melee_now (game_t *g, int u, int e, dice_t *dice);

/*  Close combat (bol_melee.c): cancels, evades, charges, melee, rally
 *  backs. */
void bol_close_combat (game_t *g, dice_t *dice);

/*  bol_is_priority_target with the table's key (game_table_key) worked
 *  out once by a caller that asks of many units as they stand. */
bool bol_is_priority_target_keyed (const game_t *g, int u, int t,
                                   uint64_t key);

/*  ---- seed 000's house rules (bol_house.c), each switched by its
 *  bolivar.house setting ---- */

/*  Pursuits one melee may lead to, one after another ("Further pursuits
 *  and combats are also possible"): a bound, not a rule. */
#define BOL_HOUSE_MAX_PURSUITS 8

/*  Does unit u carry a disorder marker? */
bool bol_house_disordered (const game_t *g, int u);

/*  Unit u's stands in the house's layout: `front` stands in its front
 *  row, `rows` rows (a line two deep, the back row up to one short; a
 *  column at most two wide and three rows or more; skirmishers, cavalry
 *  and deployed guns one row). */
void bol_house_layout (const game_t *g, int u, int *front, int *rows);

/*  Size unit u's footprint to its layout of stand_width_cm by
 *  stand_depth_cm stands, its front edge kept (nothing when the house
 *  gives no stand size). */
void bol_house_fit (game_t *g, int u);

/*  May unit u (of any number of stands, under any_stands) stand in
 *  formation f: a single stand is skirmishers, a line or a square has 2
 *  stands or more, a column 3?  0, or -1 with err. */
int bol_house_formation_check (const game_t *g, int u, formation_t f,
                               char *err, int errlen);

/*  The stands of unit u that fire at `target`: front stands with it
 *  within 45 degrees of their front, measured from either edge (its
 *  front centre, or any part of it under readings.shoot_target_at
 *  "nearest_part"), and infantry stands of the second row behind them. */
int bol_house_firing_stands (const game_t *g, int u, int target);

/*  The stands of unit u that fight enemy e: those in contact, infantry
 *  stands of the second row behind them, and of a charging column every
 *  second stand of its third and fourth rows behind them; met at a flank
 *  or the rear, a stand a row. */
int bol_house_fighting_stands (const game_t *g, int u, int e);

/*  The dice unit u's rally from rout loses, were it to rout now: one a
 *  complete rout_rally_per from its leader; -1 with no leader left. */
int bol_house_rout_penalty (const game_t *g, int u);

/*  `hits` casualty markers on unit u (from enemy `from`, or -1); routed,
 *  and removed, at as many as its stands, its rally penalty noted.  True
 *  when it routed. */
bool bol_house_take_casualties (game_t *g, int u, int hits, int from,
                                const char *why);

/*  Unit u routs (by casualties or by its resolve worn to 0): it counts as
 *  routed for the house's victory, and its rally penalty is noted. */
void bol_house_note_rout (game_t *g, int u);

/*  Unit u disordered: both markers (red and white). */
void bol_house_disorder (game_t *g, int u, const char *why);

/*  A disorder check (a morale test): passed, or unit u disordered.
 *  Always passed when the house has no disorder. */
bool bol_house_check (game_t *g, int u, dice_t *dice, const char *what);

/*  The rally phase at a turn's start, side `first` (the initiative's)
 *  first: last turn's marks of a leader's rally and a unit's move gone,
 *  white markers off, red ones rallied, routed units rallied. */
void bol_house_rally_phase (game_t *g, side_t first, dice_t *dice);

/*  Unit u begins a charge (a pursuit's too) from where it stands:
 *  marked when that is off the high ground, for "enemy which is, or
 *  began the move, on lower ground". */
void bol_house_charge_begins (game_t *g, int u);

/*  The house's melee dice for unit u fighting e: cavalry in good order
 *  against disordered troops, an attack on infantry or guns defending
 *  high ground. */
int bol_house_melee_dice (const game_t *g, int u, int e);

/*  The side that wins a melee (no draws): not one wholly routed, else
 *  the one that took fewer casualties, else a die each, thrown again on
 *  a tie. */
side_t bol_house_melee_winner (game_t *g, const int taken[SIDE_COUNT],
                               const bool routed[SIDE_COUNT], dice_t *dice);

/*  Where mutual chargers u and e meet under the house's charge
 *  (charge_facing_deg > 0: "A charge can be an oblique move but cannot
 *  include a change of facing"; "Edge to edge contact and stands lined
 *  up"): front to front, each keeping its facing but for half of what
 *  keeps them from facing exactly opposite (within charge_facing_deg
 *  when both charges were allowed), their fronts meeting half way
 *  between them and centred on each other.  u's facing into *facing, the
 *  middle of the line where their fronts meet into *mid; e faces the
 *  opposite way.  Nothing changed when the rule is off (the host's
 *  meeting on the line between their centres). */
void bol_house_meet (const game_t *g, int u, int e, double *facing,
                     vec2_t *mid);

/*  Unit l lost its melee: it retreats and takes one morale test. */
void bol_house_lost (game_t *g, int l, dice_t *dice);

/*  Unit w won its melee: it holds its ground, or, cavalry with an enemy
 *  within its normal move, pursues (must, when it fails its check);
 *  `depth` pursuits so far. */
void bol_house_won (game_t *g, int w, dice_t *dice, int depth);

/*  Where and how unit u stood before its move order: its footprint and
 *  formation (bol_house_move_begin), for bol_house_move_end. */
typedef struct {
    footprint_t fp;
    formation_t formation;
} bol_house_move_t;
bol_house_move_t bol_house_move_begin (const game_t *g, int u);

/*  Unit u's move order done: it is marked as having moved this turn
 *  (BOL_H_MOVED) when it stands elsewhere, faces another way or is in
 *  another formation than `was` (seed 000's "A unit can do one of
 *  these"); the mark goes at the next turn's start.  Under oblique_deg,
 *  infantry that stepped back (moved back, its facing kept, not in a
 *  passage of lines) takes its disorder check ("Only if infantry: Step
 *  back 1/2 move and take disorder check"), with `dice`. */
void bol_house_move_end (game_t *g, int u, bol_house_move_t was,
                         dice_t *dice);

/*  Seed 000's movement options (under oblique_deg > 0): "A unit can do
 *  one of these: Change formation and/or change facing; Change facing
 *  then 1/2 move; Only if infantry: Step back 1/2 move and take disorder
 *  check; Leader that attempted to rally this turn: No movement *; Take
 *  disorder check and if pass then charge full move; Otherwise full move
 *  *"; "A full move or 1/2 move can be oblique (±45°)"; "Leaders only
 *  get two choices".  Reads move-phase order `o` of unit u as the option
 *  it is, into *read: a formation change or a turn standing; a full
 *  move up to oblique_deg off its front, its facing kept; a change of
 *  facing then a half move up to oblique_deg off its new front; for
 *  infantry a step back, facing kept, up to oblique_deg off its rear, a
 *  half move.  A half move's point is brought in to half the unit's
 *  normal move ("up to 1/2 move").  An order that names no facing (the
 *  core's "ending facing the way it moved") is read as the option that
 *  goes its way: a full move on the oblique, facing kept, when the way
 *  is within oblique_deg of its front, else a change of facing to the
 *  way then a half move.  A leader moves as the host's commanders do,
 *  but not at all after he attempted to rally this turn.  A charge (an
 *  option of its own), a continue and a passage of lines are left as
 *  they are.  0, or -1 with err quoting the options when `o` is none of
 *  them (a move with a formation change, a move further off its front
 *  than the oblique, a step back by other than infantry).  *read is `o`
 *  when the rule is off. */
int bol_house_move_option (const game_t *g, int u, const order_t *o,
                           order_t *read, char *err, int errlen);

/*  Why the house rules refuse unit u a charge now, beyond the host's own
 *  reasons, in a player's words: under moved_cannot_charge, it moved,
 *  turned or changed formation this turn (or swapped places in a
 *  passage of lines).  NULL when they do not. */
const char *bol_house_no_charge (const game_t *g, int u);

/*  Why charge order `o` of unit u, given in a move phase (where it
 *  readies the charge declared in Step 4.1), is refused: under
 *  moved_cannot_charge, it also asks a move to a point, a turn or a
 *  formation change, which bol_house_no_charge would refuse the charge
 *  for when it is declared.  NULL when it asks none, or the rule is
 *  off. */
const char *bol_house_charge_order_no (const game_t *g, int u,
                                       const order_t *o);

/*  Does commander c stay where he is as unit u, to which he is attached,
 *  moves away from `from` ("Leader that attempted to rally this turn: No
 *  movement")?  True for a leader that attempted to rally this turn,
 *  said as an event when u moved: he is left behind, no longer
 *  attached.  False for any other commander (he goes with his unit). */
bool bol_house_leader_stays (game_t *g, int c, int u, vec2_t from);

/*  Unit u retreats: back the house's retreat distance, directly to its
 *  rear as a move (difficult ground where it stands or on its way
 *  shortens it, as it does a move's allowance); stopped short by a unit
 *  or impassable ground it takes a casualty.  True when it went the
 *  whole way. */
bool bol_house_retreat (game_t *g, int u, const char *why);

/*  Would unit u's retreat (bol_house_retreat) go the whole way, as the
 *  table stands now?  Nothing is moved: a player looks behind his unit
 *  before he decides. */
bool bol_house_retreat_clear (game_t *g, int u);

#endif
