/*  fit.c - an additive model of playout values, fitted by backfitting.
 *  The model and its contract are in fit.h.
 */
#include "fit.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct fit_t {
    int factors;
    int levels;
    long capacity;
    long records;
    long fitted;             /* records at the last refit */
    uint8_t *level;          /* [record * factors] */
    double *value;           /* [record] */
    double *resid;           /* [record]: value less the model */
    double mean;
    double *effect;          /* [factor * levels + level] */
    double *sum;             /* [levels]: a sweep's scratch */
    double *delta;
    long *count;
};

fit_t *
fit_new (int factors, int levels, long capacity)
{
    if (factors < 1 || levels < 1 || levels > FIT_MAX_LEVELS || capacity < 1
        || (size_t) capacity > SIZE_MAX / sizeof (double) / (size_t) factors)
        return NULL;      /* out of range, or the records' room overflows */
    fit_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->factors = factors;
    self->levels = levels;
    self->capacity = capacity;
    self->level = malloc ((size_t) capacity * (size_t) factors);
    self->value = malloc ((size_t) capacity * sizeof *self->value);
    self->resid = malloc ((size_t) capacity * sizeof *self->resid);
    self->effect = calloc ((size_t) factors * (size_t) levels,
                           sizeof *self->effect);
    self->sum = malloc ((size_t) levels * sizeof *self->sum);
    self->delta = malloc ((size_t) levels * sizeof *self->delta);
    self->count = malloc ((size_t) levels * sizeof *self->count);
    if (!self->level || !self->value || !self->resid || !self->effect
        || !self->sum || !self->delta || !self->count)
        fit_destroy (&self);
    return self;
}

void
fit_destroy (fit_t **self_p)
{
    assert (self_p);
    fit_t *self = *self_p;
    if (!self)
        return;
    free (self->level);
    free (self->value);
    free (self->resid);
    free (self->effect);
    free (self->sum);
    free (self->delta);
    free (self->count);
    free (self);
    *self_p = NULL;
}

int
fit_add (fit_t *self, const uint8_t *level, double value)
{
    assert (self && level);
    if (self->records >= self->capacity)
        return -1;
    for (int f = 0; f < self->factors; f++)
        if (level[f] >= self->levels)
            return -1;
    memcpy (self->level + (size_t) self->records * self->factors, level,
            (size_t) self->factors);
    self->value[self->records++] = value;
    return 0;
}

long
fit_records (const fit_t *self)
{
    assert (self);
    return self->records;
}

bool
fit_stale (const fit_t *self, long slack)
{
    assert (self);
    return self->records >= self->fitted + self->fitted / 4 + slack
        && self->records > self->fitted;
}

/*  One backfitting pass over factor f: its effects become the mean
 *  residual of each level's records with the factor's own effect put
 *  back, shrunk by FIT_PRIOR records' worth; the residuals follow. */
static void
sweep_factor (fit_t *self, int f)
{
    int levels = self->levels;
    double *effect = self->effect + (size_t) f * levels;
    for (int k = 0; k < levels; k++) {
        self->sum[k] = 0;
        self->count[k] = 0;
    }
    for (long r = 0; r < self->records; r++) {
        int k = self->level[(size_t) r * self->factors + f];
        self->sum[k] += self->resid[r] + effect[k];
        self->count[k]++;
    }
    for (int k = 0; k < levels; k++) {
        double fitted = self->sum[k] / ((double) self->count[k] + FIT_PRIOR);
        self->delta[k] = fitted - effect[k];
        effect[k] = fitted;
    }
    for (long r = 0; r < self->records; r++)
        self->resid[r] -= self->delta[self->level[(size_t) r * self->factors
                                                  + f]];
}

void
fit_refit (fit_t *self)
{
    assert (self);
    long records = self->records;
    if (records == 0)
        return;
    double total = 0;
    for (long r = 0; r < records; r++)
        total += self->value[r];
    self->mean = total / (double) records;
    for (long r = 0; r < records; r++) {
        const uint8_t *row = self->level + (size_t) r * self->factors;
        double v = self->value[r] - self->mean;
        for (int f = 0; f < self->factors; f++)
            v -= self->effect[(size_t) f * self->levels + row[f]];
        self->resid[r] = v;
    }
    for (int sweep = 0; sweep < FIT_SWEEPS; sweep++)
        for (int f = 0; f < self->factors; f++)
            sweep_factor (self, f);
    self->fitted = records;
}

const double *
fit_values (const fit_t *self, int f, int count, double *out)
{
    assert (self && out && f >= 0 && f < self->factors);
    assert (count >= 0 && count <= self->levels);
    if (self->fitted == 0)
        return NULL;
    for (int k = 0; k < count; k++)
        out[k] = self->mean + self->effect[(size_t) f * self->levels + k];
    return out;
}
