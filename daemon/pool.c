/*  pool.c - blocks of zeroed memory handed out in pieces.  */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pool.h"

#define POOL_ALIGN 16

typedef struct block_t {
    struct block_t *next;
    size_t used, size;
    _Alignas (POOL_ALIGN) unsigned char data[];
} block_t;

struct pool_t {
    block_t *blocks;
    bool failed;
};

pool_t *
pool_new (void)
{
    return calloc (1, sizeof (pool_t));
}

void
pool_destroy (pool_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    block_t *block = (*self_p)->blocks;
    while (block) {
        block_t *next = block->next;
        free (block);
        block = next;
    }
    free (*self_p);
    *self_p = NULL;
}

/*  A new block of at least `size` bytes at the front of the list (a
 *  piece larger than a block gets a block of its own, put second so the
 *  current block keeps serving small pieces). */
static block_t *
add_block (pool_t *self, size_t size)
{
    size_t room = size > POOL_BLOCK_BYTES ? size : POOL_BLOCK_BYTES;
    block_t *block = calloc (1, sizeof *block + room);
    if (!block)
        return NULL;
    block->size = room;
    if (size > POOL_BLOCK_BYTES && self->blocks) {
        block->next = self->blocks->next;
        self->blocks->next = block;
    }
    else {
        block->next = self->blocks;
        self->blocks = block;
    }
    return block;
}

void *
pool_alloc (pool_t *self, size_t size)
{
    if (self->failed)
        return NULL;
    size = (size + POOL_ALIGN - 1) / POOL_ALIGN * POOL_ALIGN;
    if (size == 0)
        size = POOL_ALIGN;
    block_t *block = self->blocks;
    if (!block || block->size - block->used < size) {
        block = add_block (self, size);
        if (!block) {
            self->failed = true;
            return NULL;
        }
    }
    void *piece = block->data + block->used;
    block->used += size;
    return piece;
}

void *
pool_alloc_for (void *self, size_t size)
{
    return pool_alloc (self, size);
}

char *
pool_strdup (pool_t *self, const char *text)
{
    if (!text)
        text = "";
    size_t len = strlen (text);
    char *copy = pool_alloc (self, len + 1);
    if (copy)
        memcpy (copy, text, len + 1);
    return copy;
}

char *
pool_printf (pool_t *self, const char *format, ...)
{
    va_list args;
    va_start (args, format);
    int len = vsnprintf (NULL, 0, format, args);
    va_end (args);
    if (len < 0)
        return NULL;
    char *text = pool_alloc (self, (size_t) len + 1);
    if (!text)
        return NULL;
    va_start (args, format);
    vsnprintf (text, (size_t) len + 1, format, args);
    va_end (args);
    return text;
}

bool
pool_failed (const pool_t *self)
{
    return self->failed;
}
