/*  render.c - the daemon's answers in plain words, for a player.  */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "json.h"
#include "render.h"

#define ANSI_RESET  "\033[0m"
#define ANSI_BOLD   "\033[1m"
#define ANSI_DIM    "\033[2m"
#define ANSI_RED    "\033[31m"
#define ANSI_GREEN  "\033[32m"
#define ANSI_YELLOW "\033[33m"

#define HASH_SHOWN  12         /* hex digits of a tables hash shown */

/*  An escape sequence when colours are on, else nothing. */
static const char *
ansi (const render_style_t *style, const char *sequence)
{
    return style && style->colour ? sequence : "";
}

/*  The colour of a morale word: good news green, doubt yellow, bad news
 *  red; a word this client does not know gets none. */
static const char *
morale_colour (const render_style_t *style, const char *morale)
{
    static const char *green [] = { "steady", "eager", NULL };
    static const char *yellow [] = { "wary", "wavering", NULL };
    static const char *red [] = { "shaken", "broken", NULL };
    if (!morale)
        return "";
    for (int i = 0; green [i]; i++)
        if (strcmp (morale, green [i]) == 0)
            return ansi (style, ANSI_GREEN);
    for (int i = 0; yellow [i]; i++)
        if (strcmp (morale, yellow [i]) == 0)
            return ansi (style, ANSI_YELLOW);
    for (int i = 0; red [i]; i++)
        if (strcmp (morale, red [i]) == 0)
            return ansi (style, ANSI_RED);
    return "";
}

static bool
empty (const char *text)
{
    return !text || !*text;
}

/*  The outcome of die face `roll`, or NULL when the daemon sent none. */
static const Solo__V1__Outcome *
outcome_of (const Solo__V1__UnitDecision *d, unsigned roll)
{
    for (size_t i = 0; i < d->n_outcomes; i++)
        if (d->outcomes [i]->roll == roll)
            return d->outcomes [i];
    return NULL;
}

/*  Does the table cell offer a charge, "(Charge?)"?  The action names of
 *  such cells end in "charge". */
static bool
cell_offers_charge (const char *action)
{
    return action && strstr (action, "charge") != NULL;
}

/*  "red-2 (infantry) - RF 3 (RF2-5), rolled 4 (daemon's die, seed 1234)" */
static void
render_headline (FILE *out, const Solo__V1__UnitDecision *d,
                 const render_style_t *style)
{
    if (empty (d->unit_id))
        fprintf (out, "%s%s table%s", ansi (style, ANSI_BOLD),
                 empty (d->arm) ? "actions" : d->arm, ansi (style, ANSI_RESET));
    else
        fprintf (out, "%s%s%s (%s)", ansi (style, ANSI_BOLD), d->unit_id,
                 ansi (style, ANSI_RESET), empty (d->arm) ? "?" : d->arm);
    fprintf (out, " - RF %d (%s), rolled %u", d->rf,
             empty (d->rf_band) ? "?" : d->rf_band, d->roll);
    if (d->roll_from_player)
        fprintf (out, " (your die)\n");
    else
        fprintf (out, " (daemon's die, seed %llu)\n",
                 (unsigned long long) d->seed);
}

/*  One line a factor: "  +1 enemy_in_range   why it applied". */
static void
render_factors (FILE *out, const Solo__V1__UnitDecision *d)
{
    if (d->n_factors == 0) {
        if (empty (d->unit_id))
            fprintf (out, "  no factors: the RF was given directly\n");
        else
            fprintf (out, "  no Risk Factor applies\n");
        return;
    }
    int width = 0;
    for (size_t i = 0; i < d->n_factors; i++) {
        int length = (int) strlen (d->factors [i]->name);
        if (length > width)
            width = length;
    }
    for (size_t i = 0; i < d->n_factors; i++) {
        const Solo__V1__Factor *f = d->factors [i];
        if (empty (f->reason))
            fprintf (out, "  %+d %s\n", f->value, f->name);
        else
            fprintf (out, "  %+d %-*s  %s\n", f->value, width, f->name,
                     f->reason);
    }
}

/*  "charge: no (nearest enemy blue-1 34.0 cm away, beyond charge reach)" */
static void
render_charge (FILE *out, const Solo__V1__UnitDecision *d)
{
    /* a direct look-up (no unit) has no geometry to tell */
    const Solo__V1__Geometry *g = empty (d->unit_id) ? NULL : d->geometry;
    fprintf (out, ", charge: %s", d->charge ? "yes" : "no");
    if (!g) {
        if (d->charge)
            fprintf (out, " (if an enemy is in reach)");
        return;
    }
    if (empty (g->nearest_enemy_id))
        fprintf (out, " (no enemy in sight)");
    else
        fprintf (out, " (nearest enemy %s %.1f cm away, %s charge reach)",
                 g->nearest_enemy_id, g->nearest_enemy_distance,
                 g->enemy_in_charge_reach ? "within" : "beyond");
}

/*  "Geometry: nearest enemy blue-1 at 34.0 cm (...); move ...; facing
 *  182 deg; shoot at blue-1 (medium range after the move); diced with
 *  red-3" */
static void
render_geometry (FILE *out, const Solo__V1__Geometry *g, const char *unit_id)
{
    fprintf (out, "Geometry: ");
    if (empty (g->nearest_enemy_id))
        fprintf (out, "no enemy in sight");
    else {
        fprintf (out, "nearest enemy %s at %.1f cm (", g->nearest_enemy_id,
                 g->nearest_enemy_distance);
        fprintf (out, "in weapon range: %s)",
                 g->enemy_in_weapon_range ? "yes" : "no");
    }
    if (!empty (g->cover_id))
        fprintf (out, "; cover %s", g->cover_id);
    if (g->has_destination && g->destination) {
        fprintf (out, "; move %.1f cm to (%.1f, %.1f)", g->move_distance,
                 g->destination->x, g->destination->y);
        if (!empty (g->pace))
            fprintf (out, " at the %s", g->pace);
    }
    else
    if (!empty (g->pace))
        fprintf (out, "; pace %s", g->pace);
    fprintf (out, "; facing %.0f deg", g->facing);
    /* the band is measured from where the unit ends its move */
    if (!empty (g->shoot_target_id)) {
        fprintf (out, "; shoot at %s", g->shoot_target_id);
        if (!empty (g->range_band) && strcmp (g->range_band, "none"))
            fprintf (out, " (%s range after the move)", g->range_band);
    }
    else
        fprintf (out, "; no shooting");
    /* the group lists the unit itself too: name only the others */
    int others = 0;
    for (size_t i = 0; i < g->n_group_unit_ids; i++) {
        const char *id = g->group_unit_ids [i];
        if (unit_id && strcmp (id, unit_id) == 0)
            continue;
        fprintf (out, "%s %s", others ? "," : "; diced with", id);
        others++;
    }
    fprintf (out, "\n");
}

/*  The six faces, the one thrown marked with ">". */
static void
render_outcomes (FILE *out, const Solo__V1__UnitDecision *d,
                 const render_style_t *style)
{
    int action_width = 0, morale_width = 0;
    for (size_t i = 0; i < d->n_outcomes; i++) {
        int length = (int) strlen (d->outcomes [i]->action);
        if (length > action_width)
            action_width = length;
        length = (int) strlen (d->outcomes [i]->morale);
        if (length > morale_width)
            morale_width = length;
    }
    fprintf (out, "Every roll:\n");
    for (size_t i = 0; i < d->n_outcomes; i++) {
        const Solo__V1__Outcome *o = d->outcomes [i];
        bool thrown = o->roll == d->roll;
        const char *on = thrown ? ansi (style, ANSI_BOLD) : ansi (style, ANSI_DIM);
        fprintf (out, "%s%s %u  %-*s  %-*s  %s%s%s\n", on, thrown ? ">" : " ",
                 o->roll, action_width, o->action, morale_width, o->morale,
                 o->text, o->charge ? " [charges]" : "",
                 ansi (style, ANSI_RESET));
    }
}

void
render_unit_decision (FILE *out, const Solo__V1__UnitDecision *d,
                      const render_style_t *style)
{
    assert (out);
    assert (d);
    render_headline (out, d, style);
    render_factors (out, d);

    const Solo__V1__Outcome *thrown = outcome_of (d, d->roll);
    fprintf (out, "Action: ");
    if (thrown && !empty (thrown->text))
        fprintf (out, "%s -> ", thrown->text);
    fprintf (out, "%s%s%s", ansi (style, ANSI_BOLD), d->action,
             ansi (style, ANSI_RESET));
    if (cell_offers_charge (d->action) || d->charge)
        render_charge (out, d);
    fprintf (out, "\n");

    fprintf (out, "Morale: %s%s%s", morale_colour (style, d->morale),
             empty (d->morale) ? "?" : d->morale, ansi (style, ANSI_RESET));
    if (!empty (d->morale_text))
        fprintf (out, " - %s", d->morale_text);
    fprintf (out, "\n");

    if (d->geometry && !empty (d->unit_id))
        render_geometry (out, d->geometry, d->unit_id);
    render_outcomes (out, d, style);

    fprintf (out, "Decided by: %s (%s", empty (d->layer) ? "?" : d->layer,
             empty (d->ruleset) ? "?" : d->ruleset);
    if (!empty (d->tables_hash))
        fprintf (out, ", tables %.*s", HASH_SHOWN, d->tables_hash);
    fprintf (out, ")\n");

    if (style && style->verbose && !empty (d->explanation)) {
        fprintf (out, "Working:\n");
        const char *line = d->explanation;
        while (*line) {
            size_t length = strcspn (line, "\n");
            fprintf (out, "  %.*s\n", (int) length, line);
            line += length;
            if (*line == '\n')
                line++;
        }
    }
}

void
render_hello (FILE *out, const Solo__V1__HelloReply *hello,
              const char *endpoint, const render_style_t *style)
{
    assert (out);
    assert (hello);
    fprintf (out, "%ssolod %s%s at %s, protocol %u\n", ansi (style, ANSI_BOLD),
             empty (hello->server_version) ? "?" : hello->server_version,
             ansi (style, ANSI_RESET), endpoint ? endpoint : "?",
             hello->protocol_version);
    fprintf (out, "Rulesets:%s\n", hello->n_rulesets ? "" : " none");
    int width = 0;
    for (size_t i = 0; i < hello->n_rulesets; i++) {
        int length = (int) strlen (hello->rulesets [i]->name);
        if (length > width)
            width = length;
    }
    for (size_t i = 0; i < hello->n_rulesets; i++) {
        const Solo__V1__RulesetInfo *r = hello->rulesets [i];
        bool is_default = !empty (hello->default_ruleset)
                       && strcmp (hello->default_ruleset, r->name) == 0;
        fprintf (out, "  %-*s  tables %s  %s%s\n", width, r->name,
                 empty (r->tables_hash) ? "?" : r->tables_hash, r->title,
                 is_default ? " (default)" : "");
    }
    const Solo__V1__Limits *l = hello->limits;
    if (l) {
        fprintf (out, "Limits: messages up to %u bytes, %u units, "
                 "%u terrain features, %u vertices a polygon, "
                 "ids up to %u bytes",
                 l->max_message_bytes, l->max_units, l->max_terrain_features,
                 l->max_polygon_vertices, l->max_id_length);
        if (l->max_table_cm > 0)
            fprintf (out, ", tables up to %.0f cm", l->max_table_cm);
        if (l->max_figures > 0)
            fprintf (out, ", %u figures a unit", l->max_figures);
        if (l->max_factors > 0)
            fprintf (out, ", %u factors a look-up", l->max_factors);
        fprintf (out, "\n");
    }
}

/*  The length of the name in a "name:line - " or "name - " prefix at
 *  the start of `message` (the name without blanks or colons, the line
 *  digits), or 0 when there is no such prefix. */
static size_t
location_name_length (const char *message)
{
    size_t name = strcspn (message, ": \t\n");
    if (name == 0)
        return 0;
    if (message [name] == ':' && isdigit ((unsigned char) message [name + 1]))
        return name;
    if (strncmp (message + name, " - ", 3) == 0)
        return name;
    return 0;
}

void
render_error_message (const Solo__V1__Error *error, const char *situation_file,
                      char *buf, size_t len)
{
    assert (error);
    assert (buf && len > 0);
    const char *message = empty (error->message) ? "(no message)"
                                                 : error->message;
    bool about_text = error->field
                   && strcmp (error->field, "ask_unit.situation_text") == 0;
    if (!situation_file || !about_text) {
        snprintf (buf, len, "%s", message);
        return;
    }
    size_t name = location_name_length (message);
    if (name > 0)
        snprintf (buf, len, "%s%s", situation_file, message + name);
    else
        snprintf (buf, len, "%s: %s", situation_file, message);
}

void
render_error (FILE *out, const Solo__V1__Error *error,
              const char *situation_file)
{
    assert (out);
    assert (error);
    char message [4096];
    render_error_message (error, situation_file, message, sizeof message);
    if (empty (error->field))
        fprintf (out, "error %s: %s\n", solo_error_code_name (error->code),
                 message);
    else
        fprintf (out, "error %s (%s): %s\n", solo_error_code_name (error->code),
                 error->field, message);
}
