/*  dice.h - the one source of chance.
 *
 *  Every die the project throws comes from a dice_t.  Seeded, it is
 *  repeatable: the same seed gives the same throws on every machine
 *  (xoshiro256** seeded by splitmix64, unbiased by rejection).  A player's
 *  own throws can be queued; they are used first, in order, and each is
 *  logged as the player's.
 */
#ifndef SOLO_DICE_H
#define SOLO_DICE_H

#include <stdbool.h>
#include <stdint.h>

#define DICE_QUEUE_MAX 64     /* player throws that can wait in the queue */
#define DICE_SIDES_MAX 100    /* largest die */

typedef struct dice_t dice_t;

/*  One logged throw. */
typedef struct {
    int sides;
    int value;
    bool from_player;
} dice_throw_t;

/*  A new dice source seeded with `seed`; NULL when out of memory. */
dice_t *dice_new (uint64_t seed);

/*  Destroy *self_p and set it to NULL; safe when *self_p is NULL. */
void dice_destroy (dice_t **self_p);

/*  Reseed and forget queued throws and the log. */
void dice_reseed (dice_t *self, uint64_t seed);

/*  The seed last given. */
uint64_t dice_seed (const dice_t *self);

/*  splitmix64's finalizer: z's bits mixed so that inputs a step apart
 *  give unrelated outputs.  Every seed the project derives from another
 *  (a side's from a battle's, a playout's from a search's, a tree's
 *  node from its parent) goes through it; the same z, the same result
 *  everywhere. */
uint64_t dice_scramble (uint64_t z);

/*  Queue a player's throw of a `sides`-sided die.  Returns -1 (nothing
 *  queued) when value is not in 1..sides, sides not in 2..DICE_SIDES_MAX, or
 *  the queue is full; 0 otherwise. */
int dice_push (dice_t *self, int sides, int value);

/*  Number of player's throws waiting in the queue. */
int dice_queued (const dice_t *self);

/*  Throw one die of `sides` sides (2..DICE_SIDES_MAX): the queued player's
 *  throw when the head of the queue is of that die, else a seeded throw.
 *  Always in 1..sides. */
int dice_roll (dice_t *self, int sides);

/*  Sum of `count` throws of a `sides`-sided die. */
int dice_roll_sum (dice_t *self, int count, int sides);

/*  A uniform double in [0, 1), for the search's own randomness (not a
 *  throw: never taken from the queue nor logged; the same holds for
 *  dice_below). */
double dice_uniform (dice_t *self);

/*  A uniform integer in [0, n), n >= 1. */
uint32_t dice_below (dice_t *self, uint32_t n);

/*  Keyed throws, for the search's playouts (common random numbers).
 *  Keyed, each dice_key() starts the throws after it on a stream of
 *  their own, drawn from the seed, the key and how many times that key
 *  was given since the reseed: a unit's throws for one deed in a turn
 *  are then the same in two playouts of one seed, however many dice the
 *  other units threw before them in either.  Not keyed (a new dice_t,
 *  and every battle's), dice_key does nothing and the throws are the
 *  one stream the seed gives.  A reseed keeps the setting and forgets
 *  the keys' counts; queued player's throws come first either way. */
void dice_set_keyed (dice_t *self, bool keyed);
bool dice_keyed (const dice_t *self);
void dice_key (dice_t *self, uint64_t key);

/*  Distinct keys whose counts a keyed dice_t keeps since its reseed;
 *  past them a key's throws start from its first stream again. */
#define DICE_KEYS_MAX 512

/*  Number of throws logged since the last reseed or dice_log_clear. */
int dice_log_count (const dice_t *self);

/*  The i-th logged throw (0 <= i < dice_log_count), 0 the oldest kept;
 *  the log keeps the most recent DICE_LOG_MAX throws, so dice_log_count
 *  never exceeds DICE_LOG_MAX. */
#define DICE_LOG_MAX 4096
dice_throw_t dice_log_at (const dice_t *self, int i);

void dice_log_clear (dice_t *self);

#endif
