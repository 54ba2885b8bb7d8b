/*  acttree.c - an open-loop tree over the activations after a plan's.
 *  The tree and its contract are in acttree.h.
 */
#include "acttree.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "dice.h"

typedef struct {
    uint64_t key;
    int side;
    int count;
    int unit[ACTTREE_CHILDREN];
    long visits[ACTTREE_CHILDREN];
    long pending[ACTTREE_CHILDREN];
    double sum[ACTTREE_CHILDREN];
    bool touched;            /* in acttree_t.touched: a child pending */
} node_t;

struct acttree_t {
    int depth;
    int capacity;
    double exploration;
    node_t *node;            /* [capacity] */
    int count;
    int *slot;               /* open addressing: a node's index + 1, 0
                                empty; slots a power of two, at least
                                twice the capacity */
    int slots;
    int *touched;            /* nodes with a child pending */
    int touched_count;
};

/*  The key of the node below `key` once `unit` acted: every step mixed
 *  in, so paths of different lengths or orders part. */
static uint64_t
step_key (uint64_t key, int unit)
{
    return dice_scramble (key + 0x9E3779B97F4A7C15ULL * (uint64_t) (unit + 2));
}

acttree_t *
acttree_new (int depth, int capacity, double exploration)
{
    if (depth < 1 || depth > ACTTREE_MAX_DEPTH || capacity < 1
        || capacity > ACTTREE_MAX_NODES || !(exploration >= 0))
        return NULL;
    acttree_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->depth = depth;
    self->capacity = capacity;
    self->exploration = exploration;
    self->slots = 2;
    while (self->slots < 2 * capacity)
        self->slots *= 2;
    self->node = malloc ((size_t) capacity * sizeof *self->node);
    self->slot = calloc ((size_t) self->slots, sizeof *self->slot);
    self->touched = malloc ((size_t) capacity * sizeof *self->touched);
    if (!self->node || !self->slot || !self->touched)
        acttree_destroy (&self);
    return self;
}

void
acttree_destroy (acttree_t **self_p)
{
    assert (self_p);
    acttree_t *self = *self_p;
    if (!self)
        return;
    free (self->node);
    free (self->slot);
    free (self->touched);
    free (self);
    *self_p = NULL;
}

/*  The slot of `key`'s node, or the empty slot where it would go. */
static int
probe (const acttree_t *self, uint64_t key)
{
    int mask = self->slots - 1;
    int k = (int) (key & (uint64_t) mask);
    while (self->slot[k] != 0 && self->node[self->slot[k] - 1].key != key)
        k = (k + 1) & mask;
    return k;
}

/*  The node of `key`, or NULL. */
static node_t *
find (const acttree_t *self, uint64_t key)
{
    int i = self->slot[probe (self, key)];
    return i ? &self->node[i - 1] : NULL;
}

/*  The node of `key`, made from `step` when new; NULL when new and the
 *  tree is full. */
static node_t *
find_or_make (acttree_t *self, uint64_t key, const acttree_step_t *step)
{
    int k = probe (self, key);
    if (self->slot[k] != 0)
        return &self->node[self->slot[k] - 1];
    if (self->count >= self->capacity)
        return NULL;
    node_t *n = &self->node[self->count];
    memset (n, 0, sizeof *n);
    n->key = key;
    n->side = step->side;
    n->count = step->count < ACTTREE_CHILDREN ? step->count : ACTTREE_CHILDREN;
    if (n->count < 0)
        n->count = 0;
    memcpy (n->unit, step->unit, (size_t) n->count * sizeof *n->unit);
    self->slot[k] = ++self->count;
    return n;
}

/*  The child a playout takes at node `n`: one never tried first, else
 *  UCB1's best (the first of equals). */
static int
best_child (const acttree_t *self, const node_t *n)
{
    long total = 0;
    for (int i = 0; i < n->count; i++) {
        if (n->visits[i] + n->pending[i] == 0)
            return i;
        total += n->visits[i] + n->pending[i];
    }
    double log_total = log ((double) total);
    int best = -1;
    double best_score = -INFINITY;
    for (int i = 0; i < n->count; i++) {
        long seen = n->visits[i] + n->pending[i];
        double mean = n->visits[i] > 0 ? n->sum[i] / n->visits[i] : 0.5;
        double score = mean
                     + self->exploration * sqrt (log_total / (double) seen);
        if (score > best_score)
            best_score = score, best = i;
    }
    return best;
}

void
acttree_choose (acttree_t *self, uint64_t root, int *picks)
{
    assert (self && picks);
    uint64_t key = root;
    int k = 0;
    for (; k < self->depth; k++) {
        node_t *n = find (self, step_key (key, -1 - k));
        if (!n || n->count == 0)
            break;
        int i = best_child (self, n);
        if (!n->touched) {
            n->touched = true;
            self->touched[self->touched_count++] = (int) (n - self->node);
        }
        n->pending[i]++;
        picks[k] = n->unit[i];
        key = step_key (key, n->unit[i]);
    }
    for (; k < self->depth; k++)
        picks[k] = -1;
}

int
acttree_fold (acttree_t *self, uint64_t root, const acttree_step_t *steps,
              int side, double value)
{
    assert (self && steps);
    uint64_t key = root;
    int k = 0;
    for (; k < self->depth; k++) {
        const acttree_step_t *s = &steps[k];
        if (s->side < 0)
            break;
        node_t *n = find_or_make (self, step_key (key, -1 - k), s);
        if (!n)
            break;
        int i = 0;
        while (i < n->count && n->unit[i] != s->acted)
            i++;
        if (i == n->count)
            break;
        n->visits[i]++;
        n->sum[i] += n->side == side ? value : 1.0 - value;
        key = step_key (key, s->acted);
    }
    return k;
}

void
acttree_settle (acttree_t *self)
{
    assert (self);
    for (int t = 0; t < self->touched_count; t++) {
        node_t *n = &self->node[self->touched[t]];
        memset (n->pending, 0, sizeof n->pending);
        n->touched = false;
    }
    self->touched_count = 0;
}

int
acttree_nodes (const acttree_t *self)
{
    assert (self);
    return self->count;
}

long
acttree_child (const acttree_t *self, uint64_t root, const int *path,
               int length, int unit, double *mean)
{
    assert (self && (path || length == 0));
    if (mean)
        *mean = 0.5;
    if (length < 0 || length >= self->depth)
        return 0;
    uint64_t key = root;
    for (int k = 0; k < length; k++)
        key = step_key (key, path[k]);
    const node_t *n = find (self, step_key (key, -1 - length));
    if (!n)
        return 0;
    for (int i = 0; i < n->count; i++)
        if (n->unit[i] == unit) {
            if (mean && n->visits[i] > 0)
                *mean = n->sum[i] / n->visits[i];
            return n->visits[i];
        }
    return 0;
}
