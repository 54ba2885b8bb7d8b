/*  acttree.h - an open-loop tree over the activations after a plan's,
 *  where one unit acts an activation (Empire of Liberty).
 *
 *  A playout plays the plan's activation, then the activations pass
 *  back and forth between the sides.  Without a tree every later
 *  activation acts with the first waiting unit in the army's order,
 *  whoever it is: the enemy never answers with its most dangerous unit,
 *  and the side never follows up with its best one.  The tree chooses
 *  which unit acts in each of the first `depth` activations after the
 *  plan's, each side for itself: a node is the plan and the units that
 *  acted since (open loop: the dice are not part of it), its children
 *  the waiting units of the side to act that were nearest an enemy when
 *  a playout first came there, each valued by UCB1 from the acting
 *  side's point of view (the enemy's value is 1 less the side's).
 *
 *  Why: more playouts then sharpen more than the one choice at the
 *  root.  The enemy's reply and the side's next activation are searched
 *  too, deeper as the playouts return to a node.
 *
 *  The searching thread alone reads and writes a tree: it chooses each
 *  job's path before the batch is played (acttree_choose, a child
 *  chosen in the batch counted as pending so the batch spreads over
 *  the children), and folds each played job's steps in after
 *  (acttree_fold, then acttree_settle); so the answer stays a function
 *  of the seed alone.
 */
#ifndef SOLO_ACTTREE_H
#define SOLO_ACTTREE_H

#include <stdint.h>

#define ACTTREE_MAX_DEPTH  4     /* activations after the plan's */
#define ACTTREE_CHILDREN   8     /* candidates a node weighs: the waiting
                                    units nearest an enemy */
#define ACTTREE_MAX_NODES  (1 << 20)

/*  One activation of a playout as it was played. */
typedef struct {
    int side;                         /* whose it was; -1: the playout
                                         ended before it */
    int count;                        /* candidates, 0..ACTTREE_CHILDREN */
    int unit[ACTTREE_CHILDREN];       /* the side's waiting units nearest
                                         an enemy, nearest first */
    int acted;                        /* the unit that acted, -1: none */
} acttree_step_t;

typedef struct acttree_t acttree_t;

/*  A tree `depth` activations deep (1..ACTTREE_MAX_DEPTH) with room for
 *  `capacity` nodes (1..ACTTREE_MAX_NODES), its UCB1 constant
 *  `exploration` (0 or more).  NULL when an argument is out of range or
 *  out of memory. */
acttree_t *acttree_new (int depth, int capacity, double exploration);

/*  Destroy *self_p and set it to NULL; safe when *self_p is NULL. */
void acttree_destroy (acttree_t **self_p);

/*  The path for a playout of the plan whose hash is `root`: picks[k],
 *  for k below the depth, is the unit to act in the k-th activation
 *  after the plan's, or -1 from the first node the tree has not made
 *  (there the playout acts as without a tree).  At a node, a candidate
 *  never played nor pending comes first (nearest first), else the best
 *  by UCB1 over played and pending visits, the mean of the played (0.5
 *  for none); the child taken is counted pending until acttree_settle.
 *  The picks say what to try: a pick the playout finds not waiting
 *  does not act, and the steps say what did. */
void acttree_choose (acttree_t *self, uint64_t root, int *picks);

/*  Fold a played playout of the plan whose hash is `root` in: steps[k]
 *  for k below the depth, its value `value` (0..1) for side `side`.
 *  Down the path the steps took, each node met is made if new (with the
 *  step's candidates) and the child that acted gains a visit and the
 *  value from the acting side's view; the fold stops at the first step
 *  with no side, at one whose acting unit is not a candidate of its
 *  node (a path outside the tree), or when the tree is full.  Returns
 *  the steps folded. */
int acttree_fold (acttree_t *self, uint64_t root, const acttree_step_t *steps,
                  int side, double value);

/*  The batch is folded: no child is pending any more. */
void acttree_settle (acttree_t *self);

/*  Nodes made so far. */
int acttree_nodes (const acttree_t *self);

/*  The visits and the mean value (for its side) of the child `unit` of
 *  the node at path[0..length-1] below `root`; 0 visits when there is
 *  no such node or child.  For tests and reports. */
long acttree_child (const acttree_t *self, uint64_t root, const int *path,
                    int length, int unit, double *mean);

#endif
