/*  terrain.c - the names of terrain kinds and cover.  What each kind does
 *  is in the ruleset's table file (ruleset_terrain).
 */
#include <stddef.h>
#include <strings.h>
#include "terrain.h"

static const char *const kind_names[TERRAIN_KIND_COUNT] = {
    "woods", "town", "rough", "gentle_hill", "steep_hill", "stream",
    "river", "road", "fortification", "low_barrier"
};

/*  Other words players use for the same kinds. */
static const struct { const char *name; terrain_kind_t kind; } kind_aliases[] = {
    { "buildings", TERRAIN_TOWN },
    { "fence", TERRAIN_LOW_BARRIER },
};

static const char *const cover_names[COVER_COUNT] = { "none", "soft", "hard" };

const char *
terrain_kind_name (terrain_kind_t kind)
{
    if ((unsigned) kind >= TERRAIN_KIND_COUNT)
        return "unknown";
    return kind_names[kind];
}

int
terrain_kind_parse (const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < TERRAIN_KIND_COUNT; i++)
        if (strcasecmp (kind_names[i], name) == 0)
            return i;
    for (size_t i = 0; i < sizeof kind_aliases / sizeof kind_aliases[0]; i++)
        if (strcasecmp (kind_aliases[i].name, name) == 0)
            return kind_aliases[i].kind;
    return -1;
}

const char *
cover_name (cover_t cover)
{
    if ((unsigned) cover >= COVER_COUNT)
        return "unknown";
    return cover_names[cover];
}

int
cover_parse (const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < COVER_COUNT; i++)
        if (strcasecmp (cover_names[i], name) == 0)
            return i;
    return -1;
}
