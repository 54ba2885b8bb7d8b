/*  terrain.h - kinds of terrain and what each does to cover, movement and
 *  sight.  The numbers come from the ruleset's table file.
 */
#ifndef SOLO_TERRAIN_H
#define SOLO_TERRAIN_H

#include <stdbool.h>

typedef enum {
    TERRAIN_WOODS = 0, TERRAIN_TOWN, TERRAIN_ROUGH, TERRAIN_GENTLE_HILL,
    TERRAIN_STEEP_HILL, TERRAIN_STREAM, TERRAIN_RIVER, TERRAIN_ROAD,
    TERRAIN_FORTIFICATION, TERRAIN_LOW_BARRIER
} terrain_kind_t;
#define TERRAIN_KIND_COUNT 10

typedef enum { COVER_NONE = 0, COVER_SOFT, COVER_HARD } cover_t;
#define COVER_COUNT 3

/*  What a kind of terrain does. */
typedef struct {
    cover_t cover;
    double move_cost;       /* 1 normal, 2 difficult going (counts double) */
    bool impassable;
    double crossing_cost;   /* fraction of a move to cross (low barrier 1/4) */
    bool blocks_sight;      /* cannot be seen across at all (buildings) */
    bool sight_limited;     /* woods: seen into only so far, see settings */
    bool enclosed;          /* command distance is the enclosed one */
} terrain_effect_t;

/*  Names used in files and the protocol ("woods", "low_barrier", ...).
 *  Each *_name returns a static string ("unknown" for a value out of
 *  range); each *_parse is case-insensitive and returns the value, or -1
 *  for an unknown name or NULL. */
const char *terrain_kind_name (terrain_kind_t kind);
int terrain_kind_parse (const char *name);   /* also "buildings", "fence" */
const char *cover_name (cover_t cover);      /* none, soft, hard */
int cover_parse (const char *name);

#endif
