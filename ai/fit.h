/*  fit.h - an additive model of playout values, fitted as they come.
 *
 *  A record is one playout: for each factor (a unit's option, a unit's
 *  later stance) the level it took, and the value the playout ended
 *  with.  The model is
 *    value = mean + effect[0][level 0] + effect[1][level 1] + ...
 *  fitted to every record kept by backfitting: each factor's effects in
 *  turn become the mean residual of the records at each of its levels,
 *  shrunk towards no effect by FIT_PRIOR records' worth.
 *
 *  Why: where six or more units are ordered at once, a unit's raw mean
 *  for an option holds every other unit's choices in the same playouts,
 *  which drown its own share; the fit takes the others' shares out, so
 *  a bandit reading the fitted values can tell the unit's options apart.
 */
#ifndef SOLO_FIT_H
#define SOLO_FIT_H

#include <stdbool.h>
#include <stdint.h>

#define FIT_MAX_LEVELS 256   /* levels of a factor: one byte a record */
#define FIT_SWEEPS     3     /* backfitting passes over the records a refit */
#define FIT_PRIOR      2.0   /* records' worth of "no effect" each level's
                                fitted effect is shrunk by */

typedef struct fit_t fit_t;

/*  A fit of `factors` factors (1 or more), each of levels 0..levels-1
 *  (1..FIT_MAX_LEVELS), keeping at most `capacity` records (1 or more).
 *  NULL when an argument is out of range, the records' room would not
 *  fit in a size_t, or out of memory. */
fit_t *fit_new (int factors, int levels, long capacity);

/*  Destroy *self_p and set it to NULL; safe when *self_p is NULL. */
void fit_destroy (fit_t **self_p);

/*  Keep one record: level[f] for each factor f, and its value.  0; -1
 *  (nothing kept) when the fit holds `capacity` records already or a
 *  level is out of range.  The model changes only at fit_refit. */
int fit_add (fit_t *self, const uint8_t *level, double value);

/*  Records kept. */
long fit_records (const fit_t *self);

/*  Whether the records have grown by a quarter and by `slack` more
 *  since the last refit (the first refit once `slack` are kept, and none
 *  once the fit is full): a refit costs a pass over every record, so
 *  refitting at that pace keeps the fit's cost in proportion to the
 *  records'. */
bool fit_stale (const fit_t *self, long slack);

/*  Fit the model to every record kept: the mean, then FIT_SWEEPS passes
 *  of backfitting starting from the last fit's effects.  Nothing when no
 *  record is kept. */
void fit_refit (fit_t *self);

/*  Factor f's fitted values (the mean plus each level's effect) of its
 *  levels 0..count-1 (count <= the fit's levels) into out[], and out;
 *  NULL when the fit was never refitted with a record, and the caller
 *  is to use raw means.  A level no record took has the mean alone. */
const double *fit_values (const fit_t *self, int f, int count, double *out);

#endif
