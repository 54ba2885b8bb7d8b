/*  pool.h - many small allocations freed at once.
 *
 *  A reply with hundreds of sub-messages (a battle's log, a side's
 *  orders) is built in a pool and the whole freed with one call after
 *  it is packed.  Memory is zeroed.  Running out of memory makes the
 *  pool fail: that call and every later one return NULL.
 */
#ifndef SOLOD_POOL_H
#define SOLOD_POOL_H

#include <stdbool.h>
#include <stddef.h>

#define POOL_BLOCK_BYTES 65536   /* bytes of one block of small pieces */

typedef struct pool_t pool_t;

/*  A new, empty pool, or NULL when out of memory. */
pool_t *pool_new (void);

/*  Free every piece and the pool; safe when *self_p is NULL. */
void pool_destroy (pool_t **self_p);

/*  `size` zeroed bytes aligned for any type, or NULL (out of memory). */
void *pool_alloc (pool_t *self, size_t size);

/*  pool_alloc for a caller that takes an allocator and its argument
 *  (convert_overlap_warnings): `self` is the pool_t. */
void *pool_alloc_for (void *self, size_t size);

/*  A copy of `text` (NULL copies as ""), or NULL out of memory. */
char *pool_strdup (pool_t *self, const char *text);

/*  A formatted string, or NULL out of memory. */
char *pool_printf (pool_t *self, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));

/*  True once an allocation has failed. */
bool pool_failed (const pool_t *self);

#endif
