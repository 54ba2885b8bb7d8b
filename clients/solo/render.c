/*  render.c - the daemon's answers in plain words, for a player.  */
#include <assert.h>
#include <ctype.h>
#include <stdint.h>
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
/*  A length in the ruleset's own unit with cm beside it ("6.5 TUM
 *  (13.0 cm)"), or cm alone when the ruleset measures in cm or says
 *  nothing.  Returns buf. */
static const char *
length_words (double cm, const char *unit, double cm_per_unit, char *buf,
              size_t len)
{
    if (!empty (unit) && strcmp (unit, "in") == 0 && cm_per_unit > 0)
        snprintf (buf, len, "%.1f\" (%.1f cm)", cm / cm_per_unit, cm);
    else if (!empty (unit) && strcmp (unit, "cm") != 0 && cm_per_unit > 0)
        snprintf (buf, len, "%.1f %s (%.1f cm)", cm / cm_per_unit, unit, cm);
    else
        snprintf (buf, len, "%.1f cm", cm);
    return buf;
}

static void
render_geometry (FILE *out, const Solo__V1__Geometry *g, const char *unit_id,
                 const char *length_unit, double cm_per_unit)
{
    fprintf (out, "Geometry: ");
    if (empty (g->nearest_enemy_id))
        fprintf (out, "no enemy in sight");
    else {
        char len[48];
        fprintf (out, "nearest enemy %s at %s (", g->nearest_enemy_id,
                 length_words (g->nearest_enemy_distance, length_unit,
                               cm_per_unit, len, sizeof len));
        fprintf (out, "in weapon range: %s)",
                 g->enemy_in_weapon_range ? "yes" : "no");
    }
    if (!empty (g->cover_id))
        fprintf (out, "; cover %s", g->cover_id);
    /* the formation it takes first: a europe19 line forms column to move */
    if (!empty (g->formation))
        fprintf (out, "; forms %s", g->formation);
    if (g->has_destination && g->destination) {
        char len[48];
        fprintf (out, "; move %s to (%.1f, %.1f) cm",
                 length_words (g->move_distance, length_unit, cm_per_unit,
                               len, sizeof len),
                 g->destination->x, g->destination->y);
        if (!empty (g->pace))
            fprintf (out, " at the %s", g->pace);
    }
    else
    if (!empty (g->pace))
        fprintf (out, "; pace %s", g->pace);
    fprintf (out, "; facing %.0f deg", g->facing);
    /* the enemy it charges: not always the nearest (one beyond reach is
       passed over) */
    if (!empty (g->charge_target_id))
        fprintf (out, "; charges %s", g->charge_target_id);
    /* the band is measured from where the unit ends its move */
    if (!empty (g->shoot_target_id)) {
        fprintf (out, "; shoot at %s", g->shoot_target_id);
        if (!empty (g->range_band) && strcmp (g->range_band, "none"))
            fprintf (out, " (%s range after the move)", g->range_band);
    }
    else {
        /* why, in the wire's word with spaces, and the unit it names:
           "no shooting (masked: red-1)" */
        fprintf (out, "; no shooting");
        if (!empty (g->no_shot)) {
            fputs (" (", out);
            for (const char *c = g->no_shot; *c; c++)
                fputc (*c == '_' ? ' ' : *c, out);
            if (!empty (g->no_shot_unit_id))
                fprintf (out, ": %s", g->no_shot_unit_id);
            fputc (')', out);
        }
    }
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

/*  "Warning: ..." lines a player should act on (units overlapping). */
static void
render_warnings (FILE *out, char *const *warnings, size_t count,
                 const render_style_t *style)
{
    for (size_t i = 0; i < count; i++)
        fprintf (out, "%sWarning:%s %s\n", ansi (style, ANSI_BOLD),
                 ansi (style, ANSI_RESET), warnings [i]);
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
        render_geometry (out, d->geometry, d->unit_id, d->length_unit,
                         d->cm_per_length_unit);
    render_outcomes (out, d, style);

    render_warnings (out, d->warnings, d->n_warnings, style);
    fprintf (out, "Decided by: %s (%s", empty (d->layer) ? "?" : d->layer,
             empty (d->ruleset) ? "?" : d->ruleset);
    if (!empty (d->tables_hash))
        fprintf (out, ", tables %.*s", HASH_SHOWN, d->tables_hash);
    if (!empty (d->base_ruleset))
        fprintf (out, "; house rules over %s, tables %.*s", d->base_ruleset,
                 HASH_SHOWN, empty (d->base_tables_hash) ? "?"
                                                          : d->base_tables_hash);
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

static const char *enum_word (const ProtobufCEnumDescriptor *d, int value,
                              const char *prefix, char *buf, size_t len);

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
        if (!empty (r->base_ruleset))
            fprintf (out, "  %-*s  house rules over %s (tables %s)%s\n", width,
                     "", r->base_ruleset, empty (r->base_tables_hash) ? "?"
                     : r->base_tables_hash, r->partial
                     ? ", partial: its RULINGS.md lists what it leaves out"
                     : "");
        if (!empty (r->length_unit) && strcmp (r->length_unit, "cm") != 0)
            fprintf (out, "  %-*s  measures in %s (%g cm)\n", width, "",
                     r->length_unit, r->cm_per_length_unit);
        if (r->n_grades) {
            fprintf (out, "  %-*s  grades:", width, "");
            for (size_t k = 0; k < r->n_grades; k++)
                fprintf (out, "%s %s", k ? "," : "", r->grades[k]);
            fputc ('\n', out);
        }
        if (r->n_formations) {
            fprintf (out, "  %-*s  formations:", width, "");
            for (size_t k = 0; k < r->n_formations; k++)
                fprintf (out, "%s %s", k ? "," : "", r->formations[k]);
            fputc ('\n', out);
        }
        if (r->n_formation_words) {
            /* its own words: "limbered (artillery in column)" */
            fprintf (out, "  %-*s  in its words:", width, "");
            for (size_t k = 0; k < r->n_formation_words; k++) {
                const Solo__V1__FormationWord *w = r->formation_words[k];
                char arm[24], formation[24];
                fprintf (out, "%s %s (%s in %s)", k ? "," : "", w->word,
                         enum_word (&solo__v1__arm__descriptor, (int) w->arm,
                                    "ARM_", arm, sizeof arm),
                         enum_word (&solo__v1__formation__descriptor,
                                    (int) w->formation, "FORMATION_",
                                    formation, sizeof formation));
            }
            fputc ('\n', out);
        }
        if (r->n_throws) {
            /* the player's own dice: "shooting to hit D8, ... 4+" */
            fprintf (out, "  %-*s  dice:", width, "");
            for (size_t k = 0; k < r->n_throws; k++) {
                const Solo__V1__DiceThrow *t = r->throws[k];
                fprintf (out, "%s %s %s D%u", k ? "," : "", t->action,
                         t->step, t->sides);
                if (t->score)
                    fprintf (out, " %u+", t->score);
            }
            fputc ('\n', out);
        }
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
        if (l->max_stands > 0)
            fprintf (out, ", %u stands a unit", l->max_stands);
        if (l->max_factors > 0)
            fprintf (out, ", %u factors a look-up", l->max_factors);
        if (l->max_games > 0)
            fprintf (out, ", %u open games", l->max_games);
        fprintf (out, "\n");
    }
    if (hello->n_scenarios > 0) {
        fprintf (out, "Scenarios:");
        for (size_t i = 0; i < hello->n_scenarios; i++)
            fprintf (out, "%s %s", i ? "," : "", hello->scenarios [i]);
        fprintf (out, "\n");
    }
    if (hello->n_strategies > 0)
        fprintf (out, "Strategies:\n");
    for (size_t i = 0; i < hello->n_strategies; i++)
        fprintf (out, "  %-8s %s\n", hello->strategies [i]->name,
                 hello->strategies [i]->summary);
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

/*  ---- battles ------------------------------------------------------------ */

static const char *
side_word (Solo__V1__Side side)
{
    return side == SOLO__V1__SIDE__SIDE_RED ? "red" : "blue";
}

/*  "turn 3, side A moves: die D6 = 4", as the daemon's replay log reads. */
void
render_log_line (FILE *out, const Solo__V1__LogLine *line)
{
    const char *kind = empty (line->kind) ? "?" : line->kind;
    if (strcmp (kind, "start") == 0 || strcmp (kind, "result") == 0) {
        fprintf (out, "%s: %s\n", kind, line->text);
        return;
    }
    const char *word = strcmp (kind, "decision") == 0 ? "order" : kind;
    fprintf (out, "turn %u, %s: %s ", line->turn, line->phase_name, word);
    if (!empty (line->event))
        fprintf (out, "%s: ", line->event);
    fprintf (out, "%s\n", line->text);
}

/*  A line of the turn-by-turn account: what the rules did that a player
 *  watches (command, moves that go somewhere, shooting, melee, units
 *  leaving), not every die and order. */
static bool
worth_telling (const Solo__V1__LogLine *line)
{
    if (!line->kind || strcmp (line->kind, "event") != 0 || empty (line->event))
        return false;
    if (strcmp (line->event, "phase") == 0 || strcmp (line->event, "end") == 0)
        return false;
    if (strcmp (line->event, "move") == 0 && line->text
    &&  strstr (line->text, "; stays"))
        return false;
    return true;
}

void
render_battle (FILE *out, const Solo__V1__BattleResult *b, bool whole_log,
               const render_style_t *style)
{
    fprintf (out, "%sBattle: %s%s - %s (%s, tables %.*s), seed %llu\n",
             ansi (style, ANSI_BOLD), b->scenario, ansi (style, ANSI_RESET),
             b->title, b->ruleset, HASH_SHOWN, b->tables_hash,
             (unsigned long long) b->seed);
    for (size_t i = 0; i < b->n_sides; i++) {
        const Solo__V1__SideResult *s = b->sides [i];
        fprintf (out, "  %-4s %s: %s%s%s\n", side_word (s->side), s->name,
                 s->strategy, empty (s->params) ? "" : ":",
                 empty (s->params) ? "" : s->params);
    }
    if (whole_log) {
        for (size_t i = 0; i < b->n_log; i++)
            render_log_line (out, b->log [i]);
    }
    else {
        uint32_t turn = 0;
        int told = 0;
        for (size_t i = 0; i < b->n_log; i++) {
            const Solo__V1__LogLine *line = b->log [i];
            bool in_turn = line->turn > 0 && line->kind
                        && strcmp (line->kind, "result") != 0;
            if (in_turn && line->turn != turn) {
                if (turn > 0 && told == 0)
                    fprintf (out, "  (nothing moves, nobody fires)\n");
                turn = line->turn;
                told = 0;
                fprintf (out, "%sTurn %u%s\n", ansi (style, ANSI_BOLD), turn,
                         ansi (style, ANSI_RESET));
            }
            if (!worth_telling (line))
                continue;
            fprintf (out, "  %-7s %s\n", line->event, line->text);
            told++;
        }
        if (turn > 0 && told == 0)
            fprintf (out, "  (nothing moves, nobody fires)\n");
    }
    if (b->log_truncated)
        fprintf (out, "(the log is cut after %zu of its %u lines)\n",
                 b->n_log, b->log_lines);
    bool draw = empty (b->winner);
    fprintf (out, "%sResult: %s%s%s%s after %u turn%s: %s%s\n",
             ansi (style, ANSI_BOLD), draw ? "a draw" : b->winner_name,
             draw ? "" : " (", draw ? "" : b->winner, draw ? "" : ") win",
             b->turns, b->turns == 1 ? "" : "s", b->reason,
             ansi (style, ANSI_RESET));
    fprintf (out, "  side  figures  killed  wounded  left table  units left"
             "  objectives\n");
    for (size_t i = 0; i < b->n_sides; i++) {
        const Solo__V1__SideResult *s = b->sides [i];
        fprintf (out, "  %-4s  %7u  %6u  %7u  %10u  %10u  %10u\n",
                 side_word (s->side), s->figures, s->killed, s->wounded,
                 s->gone, s->units_left, s->objective_value);
    }
    fprintf (out, "  %u dice thrown, %u orders (%u by the actions tables), "
             "%.1f ms\n", b->dice, b->decisions, b->table_decisions,
             b->elapsed_ms);
}

/*  ---- a side's orders ------------------------------------------------------ */

void
render_side_orders (FILE *out, const Solo__V1__SideOrders *s,
                    const render_style_t *style)
{
    fprintf (out, "%s%s%s (%s), turn %u, %s", ansi (style, ANSI_BOLD),
             side_word (s->side), ansi (style, ANSI_RESET), s->side_name,
             s->turn, s->phase);
    if (!empty (s->game_id))
        fprintf (out, ", game %s", s->game_id);
    fprintf (out, " - seed %llu\n", (unsigned long long) s->seed);
    for (size_t i = 0; i < s->n_command_roll; i++)
        fprintf (out, "Command: %s\n", s->command_roll [i]);
    for (size_t i = 0; i < s->n_orders; i++) {
        const Solo__V1__SideUnitOrder *o = s->orders [i];
        bool commander = o->layer && strcmp (o->layer, "commander") == 0;
        fprintf (out, "  %s%-14s%s [%s]%s %s%s\n", ansi (style, ANSI_BOLD),
                 o->unit_id, ansi (style, ANSI_RESET), o->layer,
                 commander ? "" : "    ", o->text,
                 o->charge ? " - CHARGE" : "");
        if (!empty (o->tabletop))
            fprintf (out, "  %-14s on the table: %s\n", "", o->tabletop);
        if (!empty (o->why))
            fprintf (out, "  %-14s %s%s%s\n", "", ansi (style, ANSI_DIM),
                     o->why, ansi (style, ANSI_RESET));
    }
    const Solo__V1__SearchFigures *f = s->search;
    if (f && strcmp (f->strategy, "table") != 0) {
        fprintf (out, "Search (%s): %llu playouts in %.1f ms, %llu plans; "
                 "value of the plan %.2f (aggression %.2f, caution %.2f)%s\n",
                 f->strategy, (unsigned long long) f->playouts, f->elapsed_ms,
                 (unsigned long long) f->plans, f->value, f->aggression,
                 f->caution, f->stopped ? "; stopped early" : "");
        uint64_t most_other = 0;
        for (size_t i = 0; i < f->n_alternatives; i++) {
            fprintf (out, "  %-6s %6llu visits  %.2f  %s\n",
                     i == 0 ? "chosen" : "other",
                     (unsigned long long) f->alternatives [i]->visits,
                     f->alternatives [i]->value, f->alternatives [i]->plan);
            if (i > 0 && f->alternatives [i]->visits > most_other)
                most_other = f->alternatives [i]->visits;
        }
        /*  A decoupled search chooses unit by unit: a reader seeing the
         *  chosen plan below another in visits should be told why. */
        if (f->n_alternatives > 1
            && f->alternatives [0]->visits < most_other)
            fprintf (out, "  %s(chosen unit by unit: each unit's most "
                     "played order, a plan played less often as a whole)%s\n",
                     ansi (style, ANSI_DIM), ansi (style, ANSI_RESET));
        if (f->hidden)
            fprintf (out, "  %u enemies out of sight (%u remembered)\n",
                     f->hidden, f->remembered);
        if (f->plans_alike && !empty (f->verdict))
            fprintf (out, "  %s\n", f->verdict);
    }
    render_warnings (out, s->warnings, s->n_warnings, style);
    unsigned table = (unsigned) s->n_orders - s->commanded;
    fprintf (out, "Decided by: %u commander, %u table (%s, tables %.*s)\n",
             s->commanded, table, s->ruleset, HASH_SHOWN, s->tables_hash);
}

/*  ---- games ------------------------------------------------------------ */

static bool
removed (const Solo__V1__GameState *g, const char *id)
{
    for (size_t i = 0; i < g->n_removed; i++)
        if (strcmp (g->removed [i], id) == 0)
            return true;
    return false;
}

/*  The status flags set, as "loaded, commanded"; "" for none. */
static void
status_words (const Solo__V1__UnitStatus *s, char *buf, size_t len)
{
    buf [0] = '\0';
    if (!s)
        return;
    const struct { bool on; const char *name; } flags [] = {
        { s->ran_last_turn, "ran_last_turn" },
        { s->retreating_from_melee, "retreating_from_melee" },
        { s->falling_back, "falling_back" }, { s->fortified, "fortified" },
        { s->loaded, "loaded" }, { s->shock, "shock" }, { s->fired, "fired" },
        { s->commanded, "commanded" }, { s->disloyal, "disloyal" },
        { s->routing, "routing" }, { s->disordered, "disordered" },
        { s->newly_disordered, "newly_disordered" },
    };
    size_t used = 0;
    for (size_t i = 0; i < sizeof flags / sizeof flags [0]; i++)
        if (flags [i].on && used < len)
            used += (size_t) snprintf (buf + used, len - used, "%s%s",
                                       used ? ", " : "", flags [i].name);
}

/*  An enum value's name in lower case without its prefix ("TERRAIN_TOWN"
 *  -> "town"), into buf. */
static const char *
enum_word (const ProtobufCEnumDescriptor *d, int value, const char *prefix,
           char *buf, size_t len)
{
    const ProtobufCEnumValue *v = protobuf_c_enum_descriptor_get_value (d,
                                                                        value);
    const char *name = v ? v->name : "?";
    if (strncmp (name, prefix, strlen (prefix)) == 0)
        name += strlen (prefix);
    size_t i = 0;
    for (; name [i] && i + 1 < len; i++)
        buf [i] = (char) tolower ((unsigned char) name [i]);
    buf [i] = '\0';
    return buf;
}

/*  The table of a situation in one line: its size and terrain features. */
static void
render_table (FILE *out, const Solo__V1__Situation *sit)
{
    fprintf (out, "Table %.0f x %.0f cm; terrain:", sit->table_width,
             sit->table_depth);
    if (!sit->n_terrain)
        fprintf (out, " none");
    for (size_t i = 0; i < sit->n_terrain; i++) {
        const Solo__V1__TerrainFeature *f = sit->terrain [i];
        char kind [32], cover [16];
        fprintf (out, "%s %s (%s, %s cover)", i ? "," : "", f->id,
                 enum_word (&solo__v1__terrain_kind__descriptor, (int) f->kind,
                            "TERRAIN_", kind, sizeof kind),
                 enum_word (&solo__v1__cover__descriptor, (int) f->cover,
                            "COVER_", cover, sizeof cover));
    }
    fprintf (out, "\n");
}

void
render_game_state (FILE *out, const Solo__V1__GameState *g,
                   const render_style_t *style)
{
    fprintf (out, "%sGame %s%s: %s - %s (%s, tables %.*s)\n",
             ansi (style, ANSI_BOLD), g->game_id, ansi (style, ANSI_RESET),
             g->scenario, g->title, g->ruleset, HASH_SHOWN, g->tables_hash);
    fprintf (out, "Turn %u of %u; %llu update%s accepted; blue: %s, red: %s\n",
             g->turn, g->turns, (unsigned long long) g->sequence,
             g->sequence == 1 ? "" : "s", g->blue_name, g->red_name);
    if (g->situation)
        render_table (out, g->situation);
    for (size_t i = 0; i < g->n_units; i++) {
        const Solo__V1__Unit *u = g->units [i];
        char flags [160];
        status_words (u->status, flags, sizeof flags);
        fprintf (out, "  %-14s %-4s %2d figures, %d wounded, %d killed",
                 u->id, side_word (u->side), u->figures, u->wounded,
                 u->killed);
        if (u->troop_type && u->troop_type [0])
            fprintf (out, ", %s", u->troop_type);
        for (size_t k = 0; k < u->n_stands; k++)
            fprintf (out, "%s%d/%d", k ? " " : ", stands ",
                     (int) u->stands [k]->strength, (int) u->stands [k]->start);
        if (removed (g, u->id))
            fprintf (out, "  out of play\n");
        else
            fprintf (out, "  at (%.1f, %.1f) facing %.0f%s%s\n",
                     u->centre ? u->centre->x : 0.0,
                     u->centre ? u->centre->y : 0.0, u->facing,
                     flags [0] ? "  " : "", flags);
    }
    render_warnings (out, g->warnings, g->n_warnings, style);
}

void
render_update_accepted (FILE *out, const Solo__V1__UpdateAccepted *u)
{
    fprintf (out, "Update %llu accepted for game %s: %u unit%s changed; "
             "turn %u\n", (unsigned long long) u->sequence, u->game_id,
             u->units_changed, u->units_changed == 1 ? "" : "s", u->turn);
    render_warnings (out, u->warnings, u->n_warnings, NULL);
}

void
render_game_list (FILE *out, const Solo__V1__GameList *list)
{
    if (list->n_games == 0) {
        fprintf (out, "No open games.\n");
        return;
    }
    for (size_t i = 0; i < list->n_games; i++) {
        const Solo__V1__GameSummary *g = list->games [i];
        fprintf (out, "%-16s %-10s turn %-3u %4llu update%s  %u units  %s\n",
                 g->game_id, g->scenario, g->turn,
                 (unsigned long long) g->sequence, g->sequence == 1 ? " " : "s",
                 g->units, g->title);
    }
}

void
render_game_closed (FILE *out, const Solo__V1__GameClosed *c)
{
    fprintf (out, "Game %s closed after %llu update%s.\n", c->game_id,
             (unsigned long long) c->sequence, c->sequence == 1 ? "" : "s");
}

char *
render_progress (char *buf, size_t len, const char *what, int waited_ms,
                 int budget_ms)
{
    if (waited_ms < 0)
        waited_ms = 0;
    if (budget_ms <= 0) {
        snprintf (buf, len, "%s... %.1f s", what, waited_ms / 1000.0);
        return buf;
    }
    double fraction = (double) waited_ms / budget_ms;
    if (fraction > 1)
        fraction = 1;
    int filled = (int) (fraction * RENDER_PROGRESS_WIDTH);
    char bar [RENDER_PROGRESS_WIDTH + 1];
    for (int i = 0; i < RENDER_PROGRESS_WIDTH; i++)
        bar [i] = i < filled ? '#' : '.';
    bar [RENDER_PROGRESS_WIDTH] = '\0';
    snprintf (buf, len, "%s [%s] %3d%% %.1f s of %.1f s%s", what, bar,
              (int) (fraction * 100), waited_ms / 1000.0, budget_ms / 1000.0,
              waited_ms > budget_ms ? ", finishing" : "");
    return buf;
}
