/*  games.c - where games come from, the game as it stands, updates.  */
#include <ctype.h>
#include <dirent.h>
#include <libconfig.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config_text.h"
#include "games.h"

/*  ---- scenarios by name ------------------------------------------------ */

static int
compare_names (const void *a, const void *b)
{
    return strcmp ((const char *) a, (const char *) b);
}

int
games_scenario_names (const char *dir, char names[][GAMES_NAME_MAX], int max)
{
    DIR *folder = dir ? opendir (dir) : NULL;
    if (!folder)
        return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir (folder)) != NULL && count < max) {
        size_t len = strlen (entry->d_name);
        if (entry->d_name[0] == '.' || len <= 4 || len - 4 >= GAMES_NAME_MAX
        ||  strcmp (entry->d_name + len - 4, ".cfg") != 0)
            continue;
        snprintf (names[count], GAMES_NAME_MAX, "%.*s", (int) (len - 4),
                  entry->d_name);
        count++;
    }
    closedir (folder);
    qsort (names, (size_t) count, GAMES_NAME_MAX, compare_names);
    return count;
}

const char *
games_scenario_list (const char *dir, char *buf, int buflen)
{
    char (*list)[GAMES_NAME_MAX] = calloc (GAMES_MAX_SCENARIOS,
                                           GAMES_NAME_MAX);
    int count = list ? games_scenario_names (dir, list, GAMES_MAX_SCENARIOS)
                     : 0;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < (size_t) buflen; i++) {
        int n = snprintf (buf + used, (size_t) buflen - used, "%s%s",
                          i ? ", " : "", list[i]);
        if (n < 0)
            break;
        used += (size_t) n;
    }
    if (count == 0)
        snprintf (buf, (size_t) buflen, "none");
    free (list);
    return buf;
}

/*  True when `name` is a scenario name: letters, digits, '-', '_'. */
static bool
good_name (const char *name)
{
    size_t len = strlen (name);
    if (len == 0 || len >= GAMES_NAME_MAX)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isalnum ((unsigned char) name[i]) && name[i] != '-'
        &&  name[i] != '_')
            return false;
    return true;
}

char *
games_scenario_file (const char *dir, const char *name, const char *field,
                     convert_error_t *error)
{
    char known[512];
    if (!dir)
        dir = "";
    if (!name || !*name) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "name a scenario (%s)",
                      games_scenario_list (dir, known, sizeof known));
        return NULL;
    }
    if (!good_name (name)) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "\"%.64s\" is not a scenario name (letters, digits, "
                      "'-' and '_', at most %d)", name, GAMES_NAME_MAX - 1);
        return NULL;
    }
    char path[4200];
    snprintf (path, sizeof path, "%s/%s.cfg", dir, name);
    char err[SOLO_ERR_MAX];
    char *text = game_read_file (path, err, sizeof err);
    if (!text)
        convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_SCENARIO, field,
                      "no scenario \"%s\" (installed: %s)", name,
                      games_scenario_list (dir, known, sizeof known));
    return text;
}

/*  ---- situations as scenario text -------------------------------------- */

/*  A libconfig string literal. */
static void
put_string (FILE *out, const char *text)
{
    fputc ('"', out);
    for (const unsigned char *c = (const unsigned char *) text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf (out, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            fprintf (out, "\\x%02x", *c);
        else
            fputc (*c, out);
    }
    fputc ('"', out);
}

/*  A libconfig float: always with a point or an exponent, so that
 *  arrays never mix integers and floats. */
static void
put_number (FILE *out, double value)
{
    char buf[64];
    snprintf (buf, sizeof buf, "%.17g", value);
    if (!strpbrk (buf, ".eEni"))
        strcat (buf, ".0");
    fputs (buf, out);
}

static void
put_point (FILE *out, vec2_t p)
{
    fputc ('[', out);
    put_number (out, p.x);
    fputs (", ", out);
    put_number (out, p.y);
    fputc (']', out);
}

/*  One unit as a situation file's group. */
static void
put_unit (FILE *out, const unit_t *u, const ruleset_t *rs)
{
    const weapon_t *weapon = ruleset_weapon (rs, u->weapon);
    fputs ("  { id = ", out);
    put_string (out, u->id);
    fprintf (out, "; side = \"%s\"; arm = \"%s\"; quality = \"%s\";\n",
             side_name (u->side), arm_name (u->arm),
             ruleset_quality_name (rs, u->quality));
    fputs ("    weapon = ", out);
    put_string (out, weapon ? weapon->name : "");
    const troop_type_t *tt = ruleset_troop_type (rs, u->troop_type);
    if (u->troop_type > 0 && tt) {
        fputs ("; troop_type = ", out);
        put_string (out, tt->name);
    }
    fprintf (out, "; bayonet = %s; formation = \"%s\";\n",
             u->bayonet ? "true" : "false", formation_name (u->formation));
    fprintf (out, "    figures = %d; wounded = %d; killed = %d; officers = %d;"
             " ncos = %d; drummers = %d; buglers = %d;\n", u->figures,
             u->wounded, u->killed, u->officers, u->ncos, u->drummers,
             u->buglers);
    if (u->stand_count > 0) {
        fputs ("    stands = (", out);
        for (int i = 0; i < u->stand_count; i++)
            fprintf (out, "%s { start = %d; strength = %d; }",
                     i ? "," : "", u->stands[i].start, u->stands[i].strength);
        fputs (" );\n", out);
    }
    fputs ("    x = ", out);
    put_number (out, u->fp.centre.x);
    fputs ("; y = ", out);
    put_number (out, u->fp.centre.y);
    fputs ("; facing = ", out);
    put_number (out, u->fp.facing);
    fputs ("; width = ", out);
    put_number (out, u->fp.width);
    fputs ("; depth = ", out);
    put_number (out, u->fp.depth);
    fputs (";\n    status = [", out);
    int flags = 0;
    for (int bit = 0; bit < STATUS_FLAG_COUNT; bit++) {
        uint32_t flag = 1u << bit;
        if (!(u->status & flag) || flag == STATUS_HAS_LAST_ENEMY)
            continue;
        fprintf (out, "%s\"%s\"", flags++ ? ", " : "", status_flag_name (flag));
    }
    fputs ("];", out);
    if (u->platoon[0]) {
        fputs (" platoon = ", out);
        put_string (out, u->platoon);
        fputc (';', out);
    }
    if (u->status & STATUS_HAS_LAST_ENEMY) {
        fputs (" last_enemy_seen = ", out);
        put_point (out, u->last_enemy_seen);
        fputc (';', out);
    }
    fputs (" }", out);
}

char *
games_situation_text (const situation_t *sit)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream (&text, &len);
    if (!out)
        return NULL;
    const ruleset_t *rs = situation_ruleset (sit);
    fputs ("ruleset = ", out);
    put_string (out, ruleset_name (rs));
    fputs (";\ntable = { width = ", out);
    put_number (out, situation_width (sit));
    fputs ("; depth = ", out);
    put_number (out, situation_depth (sit));
    fputs ("; };\nterrain = (", out);
    for (int i = 0; i < situation_terrain_count (sit); i++) {
        const terrain_feature_t *f = situation_terrain (sit, i);
        fputs (i ? ",\n  { id = " : "\n  { id = ", out);
        put_string (out, f->id);
        fprintf (out, "; kind = \"%s\"; cover = \"%s\";\n    polygon = ( ",
                 terrain_kind_name (f->kind), cover_name (f->cover));
        for (int v = 0; v < f->vertex_count; v++) {
            if (v)
                fputs (", ", out);
            put_point (out, f->vertices[v]);
        }
        fputs (" ); }", out);
    }
    fputs ("\n);\nunits = (", out);
    for (int i = 0; i < situation_unit_count (sit); i++) {
        fputs (i ? ",\n" : "\n", out);
        put_unit (out, situation_unit_const (sit, i), rs);
    }
    fputs ("\n);\n", out);
    if (fclose (out) != 0) {
        free (text);
        return NULL;
    }
    return text;
}

/*  `text` with a scenario group for a situation appended (malloc'd). */
static char *
append_scenario_group (const char *text, uint32_t turns)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream (&out, &len);
    if (!f)
        return NULL;
    fputs (text, f);
    fprintf (f, "\nscenario = { name = \"%s\"; turns = %u; "
             "victory = { on_time = \"draw\"; }; };\n", GAMES_SITUATION_NAME,
             turns ? turns : GAMES_DEFAULT_TURNS);
    if (fclose (f) != 0) {
        free (out);
        return NULL;
    }
    return out;
}

/*  Check a situation's turn limit. */
static int
check_turns (uint32_t turns, const char *field, convert_error_t *error)
{
    if (turns > SCENARIO_MAX_TURNS) {
        char path[CONVERT_FIELD_MAX];
        const char *dot = strchr (field, '.');
        snprintf (path, sizeof path, "%.*s.turns",
                  dot ? (int) (dot - field) : (int) strlen (field), field);
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, path,
                             "%u turns, at most %d", turns,
                             SCENARIO_MAX_TURNS);
    }
    return 0;
}

char *
games_text_from_situation_text (const char *text, uint32_t turns,
                                const char *field, convert_error_t *error)
{
    if (check_turns (turns, field, error))
        return NULL;
    if (!text)
        text = "";
    if (convert_has_include (text)) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "@include is not allowed in a text sent to the daemon");
        return NULL;
    }
    config_t cfg;
    config_init (&cfg);
    if (config_text_read (&cfg, text) != CONFIG_TRUE) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "situation_text:%d - %s", config_error_line (&cfg),
                      config_error_text (&cfg));
        config_destroy (&cfg);
        return NULL;
    }
    bool has_scenario = config_lookup (&cfg, "scenario") != NULL;
    config_destroy (&cfg);
    char *out = has_scenario ? strdup (text)
                             : append_scenario_group (text, turns);
    if (!out)
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "out of memory");
    return out;
}

char *
games_text_from_situation (const Solo__V1__Situation *msg,
                           const catalog_t *catalog, uint32_t turns,
                           const char *field, convert_error_t *error)
{
    if (check_turns (turns, field, error))
        return NULL;
    situation_t *sit = convert_situation (msg, catalog, field, error);
    if (!sit)
        return NULL;
    char *text = games_situation_text (sit);
    situation_destroy (&sit);
    char *out = text ? append_scenario_group (text, turns) : NULL;
    free (text);
    if (!out)
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "out of memory");
    return out;
}

scenario_t *
games_load_scenario (const catalog_t *catalog, const char *text,
                     const char *origin, const char *field,
                     const game_rules_t **rules, convert_error_t *error)
{
    convert_finder_t finder = { catalog, "" };
    char err[CONVERT_MESSAGE_MAX] = "";
    scenario_t *sc = scenario_load_text (text, origin,
                                         convert_tracking_finder, &finder,
                                         err, sizeof err);
    if (!sc) {
        convert_fail (error, convert_load_code (err, finder.missing),
                      field, "%s", err[0] ? err : "the scenario did not load");
        return NULL;
    }
    const ruleset_t *rs = situation_ruleset (scenario_situation (sc));
    *rules = catalog_game_rules (catalog, rs);
    if (!*rules) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "ruleset %s has no game engine: it answers questions "
                      "about single units but cannot keep or play games",
                      ruleset_name (rs));
        scenario_destroy (&sc);
    }
    return sc;
}

/*  ---- the game as it stands ------------------------------------------ */

table_state_t *
table_state_new (const game_rules_t *rules, const scenario_t *scenario,
                 char *err, int errlen)
{
    table_state_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, (size_t) errlen, "out of memory");
        return NULL;
    }
    self->game = game_new (rules, scenario, err, errlen);
    if (!self->game) {
        free (self);
        return NULL;
    }
    self->turn = 1;
    self->unit_count = game_unit_count (self->game);
    self->rolls = calloc ((size_t) (self->unit_count ? self->unit_count : 1),
                          1);
    if (!self->rolls) {
        snprintf (err, (size_t) errlen, "out of memory");
        table_state_destroy (&self);
    }
    return self;
}

table_state_t *
table_state_dup (const table_state_t *self)
{
    table_state_t *copy = calloc (1, sizeof *copy);
    if (!copy)
        return NULL;
    copy->game = game_dup (self->game);
    copy->turn = self->turn;
    copy->unit_count = self->unit_count;
    copy->rolls = malloc ((size_t) (self->unit_count ? self->unit_count : 1));
    if (!copy->game || !copy->rolls) {
        table_state_destroy (&copy);
        return NULL;
    }
    memcpy (copy->rolls, self->rolls, (size_t) self->unit_count);
    return copy;
}

void
table_state_destroy (table_state_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    game_destroy (&(*self_p)->game);
    free ((*self_p)->rolls);
    free (*self_p);
    *self_p = NULL;
}

bool
table_state_unit_gone (const table_state_t *self, int u)
{
    return game_unit (self->game, u)->gone
        || unit_figures_standing (situation_unit_const (
               game_situation (self->game), u)) <= 0;
}

/*  Check one unit update against the game as it is now (earlier updates
 *  of the same request applied).  `field` is its path. */
static int
check_unit_update (const table_state_t *self, const Solo__V1__UnitUpdate *uu,
                   const char *prefix, int *index, convert_error_t *error)
{
    char field[CONVERT_FIELD_MAX];
    const situation_t *sit = game_situation (self->game);
    snprintf (field, sizeof field, "%s.unit_id", prefix);
    if (!uu->unit_id || !*uu->unit_id)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "name the unit the update is about");
    int u = situation_find_unit (sit, uu->unit_id);
    if (u < 0)
        return convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_UNIT, field,
                             "no unit '%.40s' in the game (%d units)",
                             uu->unit_id, situation_unit_count (sit));
    if (game_unit (self->game, u)->gone)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "unit '%s' is out of play: it takes no more "
                             "updates", uu->unit_id);
    const unit_t *unit = situation_unit_const (sit, u);
    if (uu->has_centre) {
        snprintf (field, sizeof field, "%s.centre", prefix);
        const Solo__V1__Point *p = uu->centre;
        if (!p)
            return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                 field, "has_centre is set but no centre "
                                 "is given");
        if (!isfinite (p->x) || !isfinite (p->y))
            return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                 field, "coordinates must be finite numbers");
        if (p->x < 0 || p->y < 0 || p->x > situation_width (sit)
        ||  p->y > situation_depth (sit))
            return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                 field, "(%g, %g) is off the %g x %g cm table",
                                 p->x, p->y, situation_width (sit),
                                 situation_depth (sit));
    }
    if (uu->has_facing && !isfinite (uu->facing)) {
        snprintf (field, sizeof field, "%s.facing", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "must be a finite number");
    }
    int wounded = uu->has_wounded ? uu->wounded : unit->wounded;
    int killed = uu->has_killed ? uu->killed : unit->killed;
    if (uu->has_wounded && uu->wounded < 0) {
        snprintf (field, sizeof field, "%s.wounded", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, field,
                             "is %d, must not be negative", (int) uu->wounded);
    }
    if (uu->has_killed && uu->killed < 0) {
        snprintf (field, sizeof field, "%s.killed", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, field,
                             "is %d, must not be negative", (int) uu->killed);
    }
    if ((long) wounded + killed > unit->figures) {
        snprintf (field, sizeof field, "%s.%s", prefix,
                  uu->has_killed ? "killed" : "wounded");
        return convert_fail (error, SOLO__V1__ERROR__CODE__IMPOSSIBLE, field,
                             "wounded + killed (%ld) exceeds the %d figures "
                             "of unit '%s'", (long) wounded + killed,
                             unit->figures, unit->id);
    }
    if (uu->n_stands && uu->n_stands != (size_t) unit->stand_count) {
        snprintf (field, sizeof field, "%s.stands", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__IMPOSSIBLE, field,
                             "%zu stands given, unit '%s' has %d",
                             uu->n_stands, unit->id, unit->stand_count);
    }
    for (size_t i = 0; i < uu->n_stands; i++) {
        const Solo__V1__Stand *st = uu->stands[i];
        const stand_t *now = &unit->stands[i];
        if (st->start != 0 && st->start != now->start) {
            snprintf (field, sizeof field, "%s.stands[%zu].start", prefix, i);
            return convert_fail (error, SOLO__V1__ERROR__CODE__IMPOSSIBLE,
                                 field, "is %d, stand %zu of unit '%s' "
                                 "started at %d", (int) st->start, i + 1,
                                 unit->id, now->start);
        }
        if (st->strength < 0 || st->strength > now->start) {
            snprintf (field, sizeof field, "%s.stands[%zu].strength", prefix,
                      i);
            return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                 field, "is %d, not in 0..%d (its start)",
                                 (int) st->strength, now->start);
        }
    }
    if (uu->has_roll && (uu->roll < 1 || uu->roll > 6)) {
        snprintf (field, sizeof field, "%s.roll", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE, field,
                             "a D6 shows 1 to 6, not %u", uu->roll);
    }
    uint32_t set = convert_status_bits (uu->set);
    uint32_t clear = convert_status_bits (uu->clear);
    if (set & clear) {
        uint32_t both = set & clear;
        snprintf (field, sizeof field, "%s.clear", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "flag %s is both set and cleared",
                             status_flag_name (both & -both));
    }
    *index = u;
    return 0;
}

/*  Apply a checked unit update to unit `u`. */
static void
apply_unit_update (table_state_t *self, int u, const Solo__V1__UnitUpdate *uu)
{
    situation_t *sit = game_situation_mut (self->game);
    unit_t *unit = situation_unit (sit, u);
    game_unit_t *gu = game_unit_mut (self->game, u);
    if (uu->has_centre) {
        unit->fp.centre.x = uu->centre->x;
        unit->fp.centre.y = uu->centre->y;
    }
    if (uu->has_facing) {
        double facing = fmod (uu->facing, 360.0);
        unit->fp.facing = facing < 0 ? facing + 360.0 : facing;
    }
    if (uu->has_wounded)
        unit->wounded = uu->wounded;
    if (uu->has_killed)
        unit->killed = uu->killed;
    for (size_t i = 0; i < uu->n_stands; i++)
        unit->stands[i].strength = (int16_t) uu->stands[i]->strength;
    unit->status |= convert_status_bits (uu->set);
    unit->status &= ~convert_status_bits (uu->clear);
    if (uu->has_roll)
        self->rolls[u] = (uint8_t) uu->roll;
    /*  Out of play as the rules take a unit out: one that leaves the table
     *  keeps its standing figures on record and no rule sees it again. */
    if (uu->removed || unit_figures_standing (unit) <= 0) {
        gu->gone = 1;
        gu->in_melee = 0;
        if (uu->removed) {
            gu->left_standing = (int16_t) unit_figures_standing (unit);
            unit->killed = unit->figures;
            unit->wounded = 0;
        }
        unit->status &= ~(STATUS_FALLING_BACK | STATUS_RAN_LAST_TURN
                          | STATUS_RETREATING_FROM_MELEE);
    }
}

int
table_state_update (table_state_t *self, const Solo__V1__ReportUpdate *update,
                    const char *prefix, int *changed, convert_error_t *error)
{
    char field[CONVERT_FIELD_MAX];
    if (update->n_units > GAMES_MAX_UNIT_UPDATES) {
        snprintf (field, sizeof field, "%s.units", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                             field, "%zu unit updates, more than "
                             "max_unit_updates (%d)", update->n_units,
                             GAMES_MAX_UNIT_UPDATES);
    }
    /* the game's last turn is the last (the scenario's, or the rules'
       own time limit before it): no turn beyond it is played, so none
       is reported (the game is over at its limit) */
    int limit = game_last_turn (self->game);
    if (update->next_turn && self->turn >= limit) {
        snprintf (field, sizeof field, "%s.next_turn", prefix);
        return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                             field, "the game is at its last turn (%d of %d): "
                             "there is no turn %d; the battle is over", self->turn,
                             limit, self->turn + 1);
    }
    table_state_t *next = table_state_dup (self);
    if (!next)
        return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, prefix,
                             "out of memory");
    if (update->next_turn) {
        next->turn++;
        memset (next->rolls, 0, (size_t) next->unit_count);
    }
    for (size_t i = 0; i < update->n_units; i++) {
        snprintf (field, sizeof field, "%s.units[%zu]", prefix, i);
        int u = -1;
        if (check_unit_update (next, update->units[i], field, &u, error)) {
            table_state_destroy (&next);
            return -1;
        }
        apply_unit_update (next, u, update->units[i]);
    }
    /*  The rules learn the table's turn (within the scenario's limit) and
     *  recompute what the new positions imply, such as contacts. */
    game_set_turn (next->game, next->turn);
    game_refresh (next->game);
    /*  The new state takes the old one's place. */
    table_state_t old = *self;
    *self = *next;
    *next = old;
    table_state_destroy (&next);
    if (changed)
        *changed = (int) update->n_units;
    return 0;
}

/*  ---- the game as a message ------------------------------------------- */

/*  A terrain feature as the protocol's, its cover as it is (never
 *  COVER_DEFAULT), in `pool`. */
static Solo__V1__TerrainFeature *
terrain_message (const terrain_feature_t *f, pool_t *pool)
{
    Solo__V1__TerrainFeature *m = pool_alloc (pool, sizeof *m);
    Solo__V1__Point **polygon = pool_alloc (
        pool, (size_t) (f->vertex_count ? f->vertex_count : 1)
              * sizeof *polygon);
    if (!m || !polygon)
        return NULL;
    solo__v1__terrain_feature__init (m);
    m->id = pool_strdup (pool, f->id);
    m->kind = (Solo__V1__TerrainKind) f->kind;
    m->cover = f->cover == COVER_HARD ? SOLO__V1__COVER__COVER_HARD
             : f->cover == COVER_SOFT ? SOLO__V1__COVER__COVER_SOFT
                                      : SOLO__V1__COVER__COVER_NONE;
    m->polygon = polygon;
    for (int i = 0; i < f->vertex_count; i++) {
        Solo__V1__Point *p = pool_alloc (pool, sizeof *p);
        if (!p)
            return NULL;
        solo__v1__point__init (p);
        p->x = f->vertices[i].x;
        p->y = f->vertices[i].y;
        polygon[m->n_polygon++] = p;
    }
    return m;
}

Solo__V1__Situation *
games_situation_message (const situation_t *sit, Solo__V1__Unit **units,
                         pool_t *pool)
{
    const ruleset_t *rs = situation_ruleset (sit);
    Solo__V1__Situation *m = pool_alloc (pool, sizeof *m);
    int t = situation_terrain_count (sit);
    int n = situation_unit_count (sit);
    Solo__V1__TerrainFeature **terrain = pool_alloc (
        pool, (size_t) (t ? t : 1) * sizeof *terrain);
    if (!m || !terrain)
        return NULL;
    solo__v1__situation__init (m);
    m->ruleset = pool_strdup (pool, ruleset_name (rs));
    m->table_width = situation_width (sit);
    m->table_depth = situation_depth (sit);
    m->terrain = terrain;
    for (int i = 0; i < t; i++) {
        terrain[i] = terrain_message (situation_terrain (sit, i), pool);
        if (!terrain[i])
            return NULL;
        m->n_terrain++;
    }
    if (!units) {
        units = pool_alloc (pool, (size_t) (n ? n : 1) * sizeof *units);
        for (int u = 0; units && u < n; u++)
            units[u] = convert_unit_message (situation_unit_const (sit, u),
                                             rs, pool);
    }
    m->units = units;
    m->n_units = units ? (size_t) n : 0;
    return pool_failed (pool) ? NULL : m;
}

Solo__V1__GameState *
games_state_message (const char *game_id, uint64_t sequence,
                     const table_state_t *state, pool_t *pool)
{
    const game_t *g = state->game;
    const scenario_t *sc = game_scenario (g);
    const situation_t *sit = game_situation (g);
    const ruleset_t *rs = situation_ruleset (sit);
    Solo__V1__GameState *m = pool_alloc (pool, sizeof *m);
    if (!m)
        return NULL;
    solo__v1__game_state__init (m);
    m->game_id = pool_strdup (pool, game_id);
    m->scenario = pool_strdup (pool, scenario_name (sc));
    m->title = pool_strdup (pool, scenario_title (sc));
    m->ruleset = pool_strdup (pool, ruleset_name (rs));
    m->tables_hash = pool_strdup (pool, ruleset_tables_hash (rs));
    m->turn = (uint32_t) state->turn;
    m->turns = (uint32_t) game_last_turn (g);
    m->sequence = sequence;
    m->blue_name = pool_strdup (pool, scenario_side_name (sc, SIDE_BLUE));
    m->red_name = pool_strdup (pool, scenario_side_name (sc, SIDE_RED));
    m->warnings = convert_overlap_warnings (sit, -1, pool_alloc_for, pool,
                                            &m->n_warnings);
    int n = situation_unit_count (sit);
    m->units = pool_alloc (pool, (size_t) (n ? n : 1) * sizeof *m->units);
    m->removed = pool_alloc (pool, (size_t) (n ? n : 1) * sizeof *m->removed);
    if (!m->units || !m->removed)
        return NULL;
    for (int u = 0; u < n; u++) {
        m->units[m->n_units++] = convert_unit_message (
            situation_unit_const (sit, u), rs, pool);
        if (table_state_unit_gone (state, u))
            m->removed[m->n_removed++] = pool_strdup (
                pool, situation_unit_const (sit, u)->id);
    }
    if (pool_failed (pool))
        return NULL;
    m->situation = games_situation_message (sit, m->units, pool);
    return m->situation && !pool_failed (pool) ? m : NULL;
}
