/*  dice.c - the one source of chance: xoshiro256** seeded by splitmix64.
 *
 *  Both generators are the public-domain reference algorithms of Blackman
 *  and Vigna, so a seed gives the same throws on every machine.  Dice are
 *  unbiased: a throw rejects the top sliver of the 32-bit range that does
 *  not divide evenly by the number of sides.
 */
#include <assert.h>
#include <stdlib.h>
#include "dice.h"

typedef struct {
    int sides;
    int value;
} queued_t;

struct dice_t {
    uint64_t seed;
    uint64_t s[4];                  /* xoshiro256** state */
    queued_t queue[DICE_QUEUE_MAX]; /* the player's throws, a ring */
    int queue_head;
    int queue_count;
    dice_throw_t log[DICE_LOG_MAX]; /* the latest throws, a ring */
    int log_head;                   /* index of the oldest kept throw */
    int log_count;
    bool keyed;                     /* dice_key starts streams */
    int key_count;                  /* keys in use */
    uint64_t keys[DICE_KEYS_MAX];   /* open addressing; 0 an empty slot */
    uint32_t key_uses[DICE_KEYS_MAX];
    uint16_t key_slots[DICE_KEYS_MAX];  /* the slots in use, to clear only
                                           them at a reseed (a playout
                                           reseeds every phase) */
};

uint64_t
dice_scramble (uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t
splitmix64 (uint64_t *x)
{
    return dice_scramble (*x += 0x9e3779b97f4a7c15ULL);
}

static uint64_t
rotl (uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t
xoshiro_next (dice_t *self)
{
    uint64_t *s = self->s;
    uint64_t result = rotl (s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl (s[3], 45);
    return result;
}

dice_t *
dice_new (uint64_t seed)
{
    dice_t *self = calloc (1, sizeof *self);   /* no keys, not keyed */
    if (!self)
        return NULL;
    dice_reseed (self, seed);
    return self;
}

void
dice_destroy (dice_t **self_p)
{
    if (self_p && *self_p) {
        free (*self_p);
        *self_p = NULL;
    }
}

/*  The four state words are four splitmix64 outputs of the seed; they can
 *  never all be zero, which xoshiro forbids. */
void
dice_reseed (dice_t *self, uint64_t seed)
{
    assert (self);
    self->seed = seed;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        self->s[i] = splitmix64 (&x);
    self->queue_head = 0;
    self->queue_count = 0;
    self->log_head = 0;
    self->log_count = 0;
    for (int i = 0; i < self->key_count; i++)
        self->keys[self->key_slots[i]] = 0;
    self->key_count = 0;
}

void
dice_set_keyed (dice_t *self, bool keyed)
{
    assert (self);
    self->keyed = keyed;
}

bool
dice_keyed (const dice_t *self)
{
    assert (self);
    return self->keyed;
}

/*  The key's uses so far, counted in a table of the keys seen since the
 *  reseed (key 0 stands as 1: 0 marks an empty slot). */
static uint32_t
key_use (dice_t *self, uint64_t key)
{
    uint64_t k = key ? key : 1;
    uint32_t slot = (uint32_t) (dice_scramble (k) % DICE_KEYS_MAX);
    for (int probe = 0; probe < DICE_KEYS_MAX; probe++) {
        uint32_t i = (slot + (uint32_t) probe) % DICE_KEYS_MAX;
        if (self->keys[i] == k)
            return self->key_uses[i]++;
        if (self->keys[i] == 0) {
            if (self->key_count >= DICE_KEYS_MAX * 3 / 4)
                return 0;           /* the table full enough: no count */
            self->keys[i] = k;
            self->key_uses[i] = 1;
            self->key_slots[self->key_count++] = (uint16_t) i;
            return 0;
        }
    }
    return 0;
}

void
dice_key (dice_t *self, uint64_t key)
{
    assert (self);
    if (!self->keyed)
        return;
    uint32_t use = key_use (self, key);
    uint64_t x = dice_scramble (self->seed ^ dice_scramble (key))
               ^ dice_scramble ((uint64_t) use + 0x6B6579ULL);
    for (int i = 0; i < 4; i++)
        self->s[i] = splitmix64 (&x);
}

uint64_t
dice_seed (const dice_t *self)
{
    assert (self);
    return self->seed;
}

int
dice_push (dice_t *self, int sides, int value)
{
    assert (self);
    if (sides < 2 || sides > DICE_SIDES_MAX)
        return -1;
    if (value < 1 || value > sides)
        return -1;
    if (self->queue_count == DICE_QUEUE_MAX)
        return -1;
    int tail = (self->queue_head + self->queue_count) % DICE_QUEUE_MAX;
    self->queue[tail] = (queued_t) { sides, value };
    self->queue_count++;
    return 0;
}

static void
log_throw (dice_t *self, int sides, int value, bool from_player)
{
    int slot;
    if (self->log_count < DICE_LOG_MAX)
        slot = (self->log_head + self->log_count++) % DICE_LOG_MAX;
    else {
        slot = self->log_head;       /* overwrite the oldest */
        self->log_head = (self->log_head + 1) % DICE_LOG_MAX;
    }
    self->log[slot] = (dice_throw_t) { sides, value, from_player };
}

/*  Rejection: 2^32 mod n values at the bottom of the range would make the
 *  low results likelier; throw again when one comes up. */
uint32_t
dice_below (dice_t *self, uint32_t n)
{
    assert (self);
    assert (n >= 1);
    uint32_t threshold = (uint32_t) (-n) % n;
    for (;;) {
        uint32_t r = (uint32_t) (xoshiro_next (self) >> 32);
        if (r >= threshold)
            return r % n;
    }
}

int
dice_roll (dice_t *self, int sides)
{
    assert (self);
    assert (sides >= 2 && sides <= DICE_SIDES_MAX);
    if (self->queue_count > 0
        && self->queue[self->queue_head].sides == sides) {
        int value = self->queue[self->queue_head].value;
        self->queue_head = (self->queue_head + 1) % DICE_QUEUE_MAX;
        self->queue_count--;
        log_throw (self, sides, value, true);
        return value;
    }
    int value = (int) dice_below (self, (uint32_t) sides) + 1;
    log_throw (self, sides, value, false);
    return value;
}

int
dice_roll_sum (dice_t *self, int count, int sides)
{
    int sum = 0;
    for (int i = 0; i < count; i++)
        sum += dice_roll (self, sides);
    return sum;
}

/*  The top 53 bits make a double in [0, 1) with every value equally
 *  likely. */
double
dice_uniform (dice_t *self)
{
    assert (self);
    return (double) (xoshiro_next (self) >> 11) * 0x1.0p-53;
}

int
dice_log_count (const dice_t *self)
{
    assert (self);
    return self->log_count;
}

dice_throw_t
dice_log_at (const dice_t *self, int i)
{
    assert (self);
    assert (i >= 0 && i < self->log_count);
    return self->log[(self->log_head + i) % DICE_LOG_MAX];
}

void
dice_log_clear (dice_t *self)
{
    assert (self);
    self->log_head = 0;
    self->log_count = 0;
}

int
dice_queued (const dice_t *self)
{
    assert (self);
    return self->queue_count;
}
