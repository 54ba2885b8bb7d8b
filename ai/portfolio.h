/*  portfolio.h - the few parameterised orders the commander weighs for one
 *  unit: hold (and load), fire at each of the nearest enemies, fire while
 *  closing in, charge each enemy in reach, advance, make for each
 *  objective, take cover, fall back, withdraw to cover further away,
 *  close up on the other units (command figures), carry on, make for a
 *  flank or the rear of an enemy (which then counts it in its Risk
 *  Factors).
 *
 *  A search over every point of the table is hopeless; a search over a
 *  dozen sensible orders per unit is not (the "portfolio" of the
 *  references on real-time strategy games).  Every option is checked
 *  legal (game_check_order) in the game it was built from, and only
 *  enemies the side can see are fired at or charged, so an option never
 *  depends on a unit the side cannot see.
 */
#ifndef SOLO_PORTFOLIO_H
#define SOLO_PORTFOLIO_H

#include <stdbool.h>
#include "game.h"

#define PORTFOLIO_MAX        24     /* options of one unit */
#define PORTFOLIO_NAME_MAX   64     /* bytes of an option's name */
#define PORTFOLIO_TARGETS    3      /* nearest enemies fired at / charged */
#define PORTFOLIO_OBJECTIVES 4      /* objectives made for */

typedef enum {
    PORTFOLIO_HOLD = 0,      /* stay, face the nearest enemy, load */
    PORTFOLIO_FIRE,          /* fire at a target, halted */
    PORTFOLIO_FIRE_ADVANCE,  /* fire at the nearest, closing in at half pace */
    PORTFOLIO_CHARGE,        /* charge a target */
    PORTFOLIO_ADVANCE,       /* full move towards the nearest enemy */
    PORTFOLIO_OBJECTIVE,     /* full move towards an objective */
    PORTFOLIO_COVER,         /* into the nearest cover within a move */
    PORTFOLIO_FALL_BACK,     /* a full move away from the enemies */
    PORTFOLIO_WITHDRAW,      /* to cover further from the nearest enemy */
    PORTFOLIO_CLOSE_UP,      /* a command figure joins its units */
    PORTFOLIO_CONTINUE,      /* carry on with the current move */
    PORTFOLIO_FLANK          /* towards a flank or the rear of a target,
                                within reach of its own weapon */
} portfolio_kind_t;
#define PORTFOLIO_KIND_COUNT 12

typedef struct {
    int unit;                        /* the unit the order is for */
    portfolio_kind_t kind;
    order_t order;
    int target;                      /* the enemy or objective, else -1 */
    double prior;                    /* the static heuristic's score: the
                                        higher, the likelier a good order */
    char name[PORTFOLIO_NAME_MAX];   /* "fire at red-left" */
} portfolio_option_t;

/*  Machine name of a kind ("hold", "fire", ...); "?" out of range. */
const char *portfolio_kind_name (portfolio_kind_t kind);

/*  The options of unit `u` in game `g` (at a phase where u takes an
 *  order), for its side seeing the enemies marked in visible[] (one entry
 *  per unit of g; NULL: it sees every enemy).  Enemies in play not marked
 *  visible may still be made for (advance on where they stand in g: the
 *  caller puts them where it last saw them) but are never fired at or
 *  charged.  `aggression` and `caution` (0..1) weigh the priors.  Fills
 *  out[0..max-1], best prior first, with no two options of the same
 *  order; the first is always legal (a hold when nothing else is).
 *  Returns the count, 1..max.  A unit out of play gets one hold. */
int portfolio_build (const game_t *g, int u, const bool *visible,
                     double aggression, double caution,
                     portfolio_option_t *out, int max);

/*  Order `o` for unit `u` of game `g` in a shape the rules take: o
 *  itself when game_check_order takes it; else the same deed as a player
 *  would try it next, the first taken: ending as its move leaves it (o's
 *  facing dropped: a ruleset that limits a turn's changes of direction,
 *  as 4 Page Bolivar outside the manoeuvre zone; the house rules' charge,
 *  which may not also turn); then, for a move, facing the way it goes
 *  first (the house rules' "Change facing then 1/2 move", whose half
 *  move may stop short of a zone the full move would enter).  The shape
 *  taken into *out.  Returns 0, or -1 when the rules take none (*out
 *  then unchanged). */
int portfolio_legal_shape (const game_t *g, int u, const order_t *o,
                           order_t *out);

#endif
