/*  s19_tables.c - read seed 002's game numbers from the table file.  */
#include <assert.h>
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"
#include "game.h"
#include "s19_tables.h"

/*  Loader state: the config and where errors go. */
typedef struct {
    config_t cfg;
    const char *origin;
    char *err;
    int errlen;
} loader_t;

/*  Report an error at the line of `s` (or the file when s is NULL). */
static int
fail_at (loader_t *ld, const config_setting_t *s, const char *path,
         const char *reason)
{
    int line = s ? config_setting_source_line (s) : 0;
    if (line > 0)
        snprintf (ld->err, ld->errlen, "%s:%d - %s: %s", ld->origin, line,
                  path, reason);
    else
        snprintf (ld->err, ld->errlen, "%s - %s: %s", ld->origin, path,
                  reason);
    return -1;
}

/*  The setting at `path` (dotted), or an error naming it as missing. */
static config_setting_t *
need (loader_t *ld, const char *path)
{
    config_setting_t *s = config_lookup (&ld->cfg, path);
    if (!s) {
        /* point at the nearest existing parent group */
        char parent[128];
        snprintf (parent, sizeof parent, "%s", path);
        char *dot = strrchr (parent, '.');
        config_setting_t *p = NULL;
        while (dot && !p) {
            *dot = 0;
            p = config_lookup (&ld->cfg, parent);
            dot = strrchr (parent, '.');
        }
        fail_at (ld, p, path, "missing");
    }
    return s;
}

static int
read_int (loader_t *ld, const char *path, int lo, int hi, int *out)
{
    config_setting_t *s = need (ld, path);
    if (!s)
        return -1;
    if (config_setting_type (s) != CONFIG_TYPE_INT)
        return fail_at (ld, s, path, "must be an integer");
    int v = config_setting_get_int (s);
    if (v < lo || v > hi) {
        char why[64];
        snprintf (why, sizeof why, "%d is not in %d..%d", v, lo, hi);
        return fail_at (ld, s, path, why);
    }
    *out = v;
    return 0;
}

static int
read_double (loader_t *ld, const char *path, double lo, double hi,
             double *out)
{
    config_setting_t *s = need (ld, path);
    if (!s)
        return -1;
    int type = config_setting_type (s);
    if (type != CONFIG_TYPE_FLOAT && type != CONFIG_TYPE_INT)
        return fail_at (ld, s, path, "must be a number");
    double v = type == CONFIG_TYPE_FLOAT ? config_setting_get_float (s)
                                         : config_setting_get_int (s);
    if (!(v >= lo && v <= hi)) {
        char why[80];
        snprintf (why, sizeof why, "%g is not in %g..%g", v, lo, hi);
        return fail_at (ld, s, path, why);
    }
    *out = v;
    return 0;
}

static int
read_bool (loader_t *ld, const char *path, bool *out)
{
    config_setting_t *s = need (ld, path);
    if (!s)
        return -1;
    if (config_setting_type (s) != CONFIG_TYPE_BOOL)
        return fail_at (ld, s, path, "must be true or false");
    *out = config_setting_get_bool (s);
    return 0;
}

/*  An array of `n` integers in lo..hi. */
static int
read_int_array (loader_t *ld, const char *path, int n, int lo, int hi,
                int *out)
{
    config_setting_t *s = need (ld, path);
    if (!s)
        return -1;
    if (!config_setting_is_array (s) && !config_setting_is_list (s))
        return fail_at (ld, s, path, "must be an array");
    if (config_setting_length (s) != n) {
        char why[64];
        snprintf (why, sizeof why, "needs %d values, has %d", n,
                  config_setting_length (s));
        return fail_at (ld, s, path, why);
    }
    for (int i = 0; i < n; i++) {
        config_setting_t *e = config_setting_get_elem (s, i);
        if (config_setting_type (e) != CONFIG_TYPE_INT)
            return fail_at (ld, s, path, "values must be integers");
        int v = config_setting_get_int (e);
        if (v < lo || v > hi) {
            char why[64];
            snprintf (why, sizeof why, "value %d is not in %d..%d", v, lo,
                      hi);
            return fail_at (ld, s, path, why);
        }
        out[i] = v;
    }
    return 0;
}

/*  A damage row: six of graze/wound/kill. */
static int
read_damage_row (loader_t *ld, const char *path, s19_damage_t *out)
{
    config_setting_t *s = need (ld, path);
    if (!s)
        return -1;
    if (!config_setting_is_array (s) || config_setting_length (s) != 6)
        return fail_at (ld, s, path, "needs six names (faces 1..6)");
    for (int i = 0; i < 6; i++) {
        const char *name = config_setting_get_string_elem (s, i);
        if (!name)
            return fail_at (ld, s, path, "values must be names");
        if (strcmp (name, "graze") == 0)
            out[i] = S19_GRAZE;
        else if (strcmp (name, "wound") == 0)
            out[i] = S19_WOUND;
        else if (strcmp (name, "kill") == 0)
            out[i] = S19_KILL;
        else {
            char why[96];
            snprintf (why, sizeof why,
                      "unknown result \"%s\" (graze, wound, kill)", name);
            return fail_at (ld, s, path, why);
        }
    }
    return 0;
}

/*  Every field, in the order of the file. */
static int
read_all (loader_t *ld, s19_tables_t *t)
{
    static const char *bands[S19_BAND_COUNT] = {
        "to_hit.short", "to_hit.medium", "to_hit.long" };
    for (int b = 0; b < S19_BAND_COUNT; b++)
        if (read_int_array (ld, bands[b], COVER_COUNT, 1, 99, t->to_hit[b]))
            return -1;
    if (read_damage_row (ld, "damage.gunpowder",
                         t->damage[S19_DAMAGE_GUNPOWDER])
        || read_damage_row (ld, "damage.other", t->damage[S19_DAMAGE_OTHER])
        || read_int (ld, "damage.hero_modifier", -5, 5, &t->damage_hero)
        || read_int (ld, "damage.raw_modifier", -5, 5, &t->damage_raw))
        return -1;

    if (read_int (ld, "game.shooting.hit_group_max", 1, 10000,
                  &t->hit_group_max)
        || read_double (ld, "game.shooting.leader_group_cm", 0, 1000,
                        &t->leader_group_cm)
        || read_bool (ld, "game.shooting.fire_ratio_round_up",
                      &t->fire_ratio_round_up)
        || read_bool (ld, "game.shooting.commanded_all_fire",
                      &t->commanded_all_fire)
        || read_bool (ld, "game.shooting.fire_unloads", &t->fire_unloads)
        || read_int (ld, "game.shooting.shoot_halves", 0, 2, &t->shoot_halves)
        || read_double (ld, "game.shooting.loaded_move_fraction", 0, 1,
                        &t->loaded_move_fraction))
        return -1;

    if (read_int (ld, "game.melee.raw", -6, 6, &t->melee_raw)
        || read_int (ld, "game.melee.per_extra_enemy", -6, 6,
                     &t->melee_per_extra_enemy)
        || read_int (ld, "game.melee.hero", -6, 6, &t->melee_hero)
        || read_int (ld, "game.melee.better_weapon", -6, 6,
                     &t->melee_better_weapon)
        || read_int (ld, "game.melee.wound_on", 1, 6, &t->melee_wound_on)
        || read_int (ld, "game.melee.kill_on", 1, 6, &t->melee_kill_on)
        || read_double (ld, "game.melee.loser_back_cm", 0, 1000,
                        &t->melee_back_cm)
        || read_double (ld, "settings.contact_cm", 0, 10, &t->contact_cm))
        return -1;

    if (read_int (ld, "game.command.dice.regular", 0, 20,
                  &t->command_dice[QUALITY_REGULAR])
        || read_int (ld, "game.command.dice.hero", 0, 20,
                     &t->command_dice[QUALITY_HERO])
        || read_int (ld, "game.command.dice.raw", 0, 20,
                     &t->command_dice[QUALITY_RAW])
        || read_int (ld, "game.command.drummer_bugler_dice", -5, 5,
                     &t->command_drummer_dice)
        || read_int (ld, "game.command.officer_busy_dice", -5, 5,
                     &t->command_busy_dice)
        || read_int (ld, "game.command.cost_loyal", 0, 100, &t->cost_loyal)
        || read_int (ld, "game.command.cost_disloyal", 0, 100,
                     &t->cost_disloyal)
        || read_int (ld, "game.command.cost_routing", 0, 100,
                     &t->cost_routing)
        || read_bool (ld, "game.command.cost_per_figure",
                      &t->cost_per_figure)
        || read_bool (ld, "game.command.ran_is_router", &t->ran_is_router))
        return -1;

    if (read_double (ld, "game.movement.cavalry_walk_min_cm", 0, 1000,
                     &t->cavalry_walk_min_cm)
        || read_double (ld, "game.movement.cavalry_canter_min_cm", 0, 1000,
                        &t->cavalry_canter_min_cm)
        || read_double (ld, "game.movement.cavalry_gallop_min_cm", 0, 1000,
                        &t->cavalry_gallop_min_cm))
        return -1;

    config_setting_t *s = need (ld, "game.sequence.side_a");
    if (!s)
        return -1;
    const char *side = config_setting_get_string (s);
    int sv = side ? side_parse (side) : -1;
    if (sv < 0)
        return fail_at (ld, s, "game.sequence.side_a",
                        "must be a side name (blue, red)");
    t->side_a = (side_t) sv;
    if (read_bool (ld, "game.sequence.uncommanded_follow_table",
                   &t->uncommanded_follow_table))
        return -1;

    if (read_double (ld, "game.victory.army_break", 0, 1, &t->army_break)
        || read_bool (ld, "game.victory.break_counts_wounded",
                      &t->break_counts_wounded))
        return -1;
    return 0;
}

s19_tables_t *
s19_tables_load_text (const char *text, const char *origin, char *err,
                      int errlen)
{
    assert (text && origin && err && errlen > 0);
    err[0] = 0;
    loader_t ld = { .origin = origin, .err = err, .errlen = errlen };
    config_init (&ld.cfg);
    if (config_text_read (&ld.cfg, text) != CONFIG_TRUE) {
        snprintf (err, errlen, "%s:%d - %s", origin,
                  config_error_line (&ld.cfg), config_error_text (&ld.cfg));
        config_destroy (&ld.cfg);
        return NULL;
    }
    s19_tables_t *t = calloc (1, sizeof *t);
    if (!t) {
        snprintf (err, errlen, "%s - out of memory", origin);
        config_destroy (&ld.cfg);
        return NULL;
    }
    if (read_all (&ld, t)) {
        free (t);
        t = NULL;
    }
    config_destroy (&ld.cfg);
    return t;
}

s19_tables_t *
s19_tables_load (const char *path, char *err, int errlen)
{
    char *text = game_read_file (path, err, errlen);
    if (!text)
        return NULL;
    s19_tables_t *t = s19_tables_load_text (text, path, err, errlen);
    free (text);
    return t;
}

void
s19_tables_destroy (s19_tables_t **self_p)
{
    assert (self_p);
    free (*self_p);
    *self_p = NULL;
}

const char *
s19_band_name (s19_band_t band)
{
    switch (band) {
    case S19_BAND_SHORT: return "short";
    case S19_BAND_MEDIUM: return "medium";
    case S19_BAND_LONG: return "long";
    default: return "none";
    }
}

const char *
s19_damage_name (s19_damage_t damage)
{
    switch (damage) {
    case S19_GRAZE: return "graze";
    case S19_WOUND: return "wound";
    default: return "kill";
    }
}
