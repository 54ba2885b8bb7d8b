/*  unit.c - the names of a unit's attributes, and its own sanity.  */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "unit.h"

/*  A name and the value it stands for; tables end with a NULL name. */
typedef struct {
    const char *name;
    int value;
} name_t;

static const name_t side_names[] = {
    { "blue", SIDE_BLUE }, { "red", SIDE_RED }, { NULL, 0 }
};

static const name_t arm_names[] = {
    { "infantry", ARM_INFANTRY }, { "cavalry", ARM_CAVALRY },
    { "artillery", ARM_ARTILLERY }, { "command", ARM_COMMAND }, { NULL, 0 }
};

/*  The first name of each value is the one printed. */
static const name_t quality_names[] = {
    { "regular", QUALITY_REGULAR }, { "hero", QUALITY_HERO },
    { "raw", QUALITY_RAW }, { "veteran", QUALITY_REGULAR },
    { "good", QUALITY_REGULAR }, { "poor", QUALITY_RAW },
    { "elite", QUALITY_HERO },
    { "average", QUALITY_AVERAGE }, { "green", QUALITY_GREEN }, { NULL, 0 }
};

static const name_t formation_names[] = {
    { "line", FORMATION_LINE }, { "column", FORMATION_COLUMN },
    { "square", FORMATION_SQUARE }, { "loose", FORMATION_LOOSE },
    { "mounted", FORMATION_MOUNTED }, { "march", FORMATION_MARCH },
    { "circle", FORMATION_SQUARE },
    { "skirmish", FORMATION_LOOSE }, { NULL, 0 }
};

/*  The flags a player reports.  STATUS_HAS_LAST_ENEMY is printed but not
 *  parsed: it is set by giving last_enemy_seen. */
static const name_t status_names[] = {
    { "ran_last_turn", STATUS_RAN_LAST_TURN },
    { "retreating_from_melee", STATUS_RETREATING_FROM_MELEE },
    { "falling_back", STATUS_FALLING_BACK },
    { "fortified", STATUS_FORTIFIED },
    { "loaded", STATUS_LOADED },
    { "shock", STATUS_SHOCK },
    { "fired", STATUS_FIRED },
    { "commanded", STATUS_COMMANDED },
    { "disloyal", STATUS_DISLOYAL },
    { "routing", STATUS_ROUTING },
    { "disordered", STATUS_DISORDERED },
    { "newly_disordered", STATUS_NEWLY_DISORDERED },
    { NULL, 0 }
};

static const char *
name_of (const name_t *table, int value)
{
    for (int i = 0; table[i].name; i++)
        if (table[i].value == value)
            return table[i].name;
    return "unknown";
}

/*  Case-insensitive, so "Infantry" from a hand-written file is fine. */
static int
parse_name (const name_t *table, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; table[i].name; i++)
        if (strcasecmp (table[i].name, name) == 0)
            return table[i].value;
    return -1;
}

const char *side_name (side_t side) { return name_of (side_names, side); }
int side_parse (const char *name) { return parse_name (side_names, name); }
const char *arm_name (arm_t arm) { return name_of (arm_names, arm); }
int arm_parse (const char *name) { return parse_name (arm_names, name); }

const char *
quality_name (quality_t quality)
{
    return name_of (quality_names, quality);
}

int
quality_parse (const char *name)
{
    return parse_name (quality_names, name);
}

const char *
formation_name (formation_t formation)
{
    return name_of (formation_names, formation);
}

int
formation_parse (const char *name)
{
    return parse_name (formation_names, name);
}

const char *
status_flag_name (uint32_t flag)
{
    if (flag == STATUS_HAS_LAST_ENEMY)
        return "has_last_enemy_seen";
    return name_of (status_names, (int) flag);
}

int
status_flag_parse (const char *name)
{
    return parse_name (status_names, name);
}

bool
unit_is_formed (const unit_t *u)
{
    return u->formation != FORMATION_LOOSE;
}

int
unit_figures_standing (const unit_t *u)
{
    int standing = u->figures - u->killed;
    return standing > 0 ? standing : 0;
}

int
unit_loss_tenths (const unit_t *u)
{
    if (u->figures <= 0)
        return 0;
    return (10 * (u->wounded + u->killed)) / u->figures;
}

bool
unit_has_leader (const unit_t *u)
{
    return u->officers > 0 || u->ncos > 0;
}

/*  True when the fixed-size string field holds a terminated string. */
static bool
terminated (const char *field, size_t size)
{
    return memchr (field, '\0', size) != NULL;
}

/*  Checks go from the id (needed to name the unit) to the footprint; the
 *  first problem found is reported. */
int
unit_stands_check (const unit_t *u, char *err, int errlen)
{
    if (u->stand_count < 0 || u->stand_count > SOLO_MAX_STANDS) {
        snprintf (err, errlen, "unit \"%s\": %d stands, not 0..%d", u->id,
                  u->stand_count, SOLO_MAX_STANDS);
        return -1;
    }
    for (int i = 0; i < u->stand_count; i++) {
        const stand_t *st = &u->stands[i];
        if (st->start < 1 || st->start > SOLO_MAX_STAND_STRENGTH) {
            snprintf (err, errlen, "unit \"%s\": stand %d: start %d not in "
                      "1..%d", u->id, i + 1, st->start,
                      SOLO_MAX_STAND_STRENGTH);
            return -1;
        }
        if (st->strength < 0 || st->strength > st->start) {
            snprintf (err, errlen, "unit \"%s\": stand %d: strength %d not "
                      "in 0..%d (its start)", u->id, i + 1, st->strength,
                      st->start);
            return -1;
        }
    }
    return 0;
}

int
unit_validate (const unit_t *u, char *err, int errlen)
{
    if (!terminated (u->id, sizeof u->id)) {
        snprintf (err, errlen, "unit: id longer than %d characters",
                  SOLO_ID_MAX - 1);
        return -1;
    }
    if (u->id[0] == '\0') {
        snprintf (err, errlen, "unit: id is empty");
        return -1;
    }
    const char *id = u->id;
    if (!terminated (u->platoon, sizeof u->platoon)) {
        snprintf (err, errlen, "unit \"%s\": platoon longer than %d characters",
                  id, SOLO_ID_MAX - 1);
        return -1;
    }
    if ((unsigned) u->side >= SIDE_COUNT) {
        snprintf (err, errlen, "unit \"%s\": side %d is not blue or red",
                  id, (int) u->side);
        return -1;
    }
    if ((unsigned) u->arm >= ARM_COUNT) {
        snprintf (err, errlen, "unit \"%s\": arm %d unknown", id, (int) u->arm);
        return -1;
    }
    if ((unsigned) u->quality >= QUALITY_COUNT) {
        snprintf (err, errlen, "unit \"%s\": quality %d unknown",
                  id, (int) u->quality);
        return -1;
    }
    if ((unsigned) u->formation >= FORMATION_COUNT) {
        snprintf (err, errlen, "unit \"%s\": formation %d unknown",
                  id, (int) u->formation);
        return -1;
    }
    if (u->weapon < 0) {
        snprintf (err, errlen, "unit \"%s\": weapon index %d is negative",
                  id, u->weapon);
        return -1;
    }
    if (u->troop_type < 0) {
        snprintf (err, errlen, "unit \"%s\": troop type index %d is "
                  "negative", id, u->troop_type);
        return -1;
    }
    if (u->figures < 1 || u->figures > SOLO_MAX_FIGURES) {
        snprintf (err, errlen, "unit \"%s\": figures %d not in 1..%d",
                  id, u->figures, SOLO_MAX_FIGURES);
        return -1;
    }
    const struct { const char *name; int value; } counts[] = {
        { "wounded", u->wounded }, { "killed", u->killed },
        { "officers", u->officers }, { "ncos", u->ncos },
        { "drummers", u->drummers }, { "buglers", u->buglers }
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (counts[i].value < 0) {
            snprintf (err, errlen, "unit \"%s\": %s %d is negative",
                      id, counts[i].name, counts[i].value);
            return -1;
        }
    if ((long) u->wounded + u->killed > u->figures) {
        snprintf (err, errlen,
                  "unit \"%s\": wounded + killed (%ld) exceeds figures (%d)",
                  id, (long) u->wounded + u->killed, u->figures);
        return -1;
    }
    long leaders = (long) u->officers + u->ncos + u->drummers + u->buglers;
    if (leaders > u->figures) {
        snprintf (err, errlen,
                  "unit \"%s\": officers + ncos + drummers + buglers (%ld) "
                  "exceeds figures (%d)", id, leaders, u->figures);
        return -1;
    }
    if (unit_stands_check (u, err, errlen) < 0)
        return -1;
    if (!isfinite (u->fp.centre.x) || !isfinite (u->fp.centre.y)) {
        snprintf (err, errlen, "unit \"%s\": position x, y is not a number",
                  id);
        return -1;
    }
    if (!isfinite (u->fp.facing)) {
        snprintf (err, errlen, "unit \"%s\": facing is not a number", id);
        return -1;
    }
    if (!(u->fp.width > 0.0) || u->fp.width > SOLO_MAX_TABLE_CM) {
        snprintf (err, errlen, "unit \"%s\": width %g not in (0, %g]",
                  id, u->fp.width, SOLO_MAX_TABLE_CM);
        return -1;
    }
    if (!(u->fp.depth > 0.0) || u->fp.depth > SOLO_MAX_TABLE_CM) {
        snprintf (err, errlen, "unit \"%s\": depth %g not in (0, %g]",
                  id, u->fp.depth, SOLO_MAX_TABLE_CM);
        return -1;
    }
    if (u->status >> STATUS_FLAG_COUNT) {
        snprintf (err, errlen, "unit \"%s\": unknown status bits 0x%x",
                  id, (unsigned) (u->status >> STATUS_FLAG_COUNT
                                  << STATUS_FLAG_COUNT));
        return -1;
    }
    if ((u->status & STATUS_HAS_LAST_ENEMY)
        && (!isfinite (u->last_enemy_seen.x)
            || !isfinite (u->last_enemy_seen.y))) {
        snprintf (err, errlen, "unit \"%s\": last_enemy_seen is not a number",
                  id);
        return -1;
    }
    return 0;
}
