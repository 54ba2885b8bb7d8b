/*  e19_tables.c - read the 19th Century Europe QRS's numbers from the
 *  table file's `e19` group.  Strict: every cell must be there, in range;
 *  an error names the file, the line and the setting's full path.  */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "e19_play.h"
#include "e19_tables.h"
#include "table_reader.h"

static const char *const type_names[E19_TYPE_COUNT] = {
    "close_order_infantry", "loose_order_infantry", "skirmishers",
    "cavalry", "dragoons", "artillery", "general" };
static const char *const type_arms[E19_TYPE_COUNT] = {
    "infantry", "infantry", "infantry", "cavalry", "cavalry", "artillery",
    "command" };
static const char *const class_names[E19_CHARGE_CLASSES + 1] = {
    "cavalry", "dragoons", "infantry", "skirmishers", "artillery",
    "general" };
static const char *const permit_names[3] = { "no", "yes", "maybe" };
static const char *const move_row_names[E19_MOVE_ROWS] = {
    "infantry_loose", "infantry_close", "skirmishers", "cavalry",
    "dragoons", "artillery", "general" };
static const char *const going_names[E19_GOINGS] = {
    "open", "woods_towns", "stream", "road" };
static const char *const firer_names[E19_FIRERS] = {
    "line_or_artillery", "skirmish_or_dragoon", "infantry_column" };
static const char *const target_names[E19_TARGETS] = {
    "cavalry", "close_column", "normal", "dispersed" };
static const char *const save_names[E19_SAVES] = {
    "breech_skirmish_or_line", "breech_dragoons_or_column", "all_else" };
static const char *const melee_row_names[E19_MELEE_ROWS] = {
    "cavalry", "skirmish_artillery", "charging_dragoons",
    "charging_infantry", "defending_dragoons", "defending_infantry" };
static const char *const melee_col_names[E19_MELEE_COLS] = {
    "cavalry", "dragoons", "infantry_column", "infantry_line",
    "skirmishers_artillery" };
static const char *const general_names[E19_GENERAL_GRADES] = {
    "poor", "average", "good" };
static const char *const side_a_names[E19_SIDE_A_RULES] = {
    "scenario", "roll", "scenario_else_roll" };
/*  The sheet's morale levels, by the rules core's quality (the table
 *  file's `qualities` names them so). */
static const char *const level_of_quality[QUALITY_COUNT] = {
    [QUALITY_HERO] = "fanatic", [QUALITY_REGULAR] = "elite",
    [QUALITY_AVERAGE] = "average", [QUALITY_GREEN] = "levy",
    [QUALITY_RAW] = "rabble" };

const char *
e19_type_name (e19_type_t type)
{
    return (int) type >= 0 && type < E19_TYPE_COUNT ? type_names[type] : "?";
}

const char *
e19_class_name (e19_class_t c)
{
    return (int) c >= 0 && c <= E19_CHARGE_CLASSES ? class_names[c] : "?";
}

/*  A group `path` whose keys are exactly `keys`, each a whole number in
 *  lo..hi, into out[]. */
static int
read_row (table_reader_t *ld, const char *path, const char *const *keys,
          int n, int lo, int hi, int *out)
{
    if (!table_need_group_of (ld, path, keys, n))
        return -1;
    char p[160];
    for (int i = 0; i < n; i++) {
        snprintf (p, sizeof p, "%s.%s", path, keys[i]);
        if (table_read_int (ld, p, lo, hi, &out[i]) < 0)
            return -1;
    }
    return 0;
}

/*  The engine forms a line column, and limbers guns, to move by the
 *  ruleset's settings.moves.form_to_move, which the Risk Factor tables
 *  move by too: a table file whose form_to_move does not put every line
 *  troop's line in column ("Infantry in Line: May not move", "Unlimbered
 *  Artillery: Can not move") is refused, so the two cannot disagree. */
static int
check_form_to_move (table_reader_t *ld, const ruleset_t *rs)
{
    for (int k = 0; k < E19_TYPE_COUNT; k++) {
        int a = arm_parse (type_arms[k]);
        if (line_troops ((e19_type_t) k) && a >= 0
            && ruleset_move_formation (rs, (arm_t) a, FORMATION_LINE)
               != FORMATION_COLUMN)
            return table_fail_at (ld, NULL, "settings.moves.form_to_move",
                                  "%s.line must be \"column\": %s in line "
                                  "may not move", type_arms[k], type_names[k]);
    }
    return 0;
}

/*  Each troop type: its row of the charge table and of the movement
 *  table; every row of the ruleset's troop_types is a type of the
 *  sheet's, of the arm the sheet gives it. */
static int
load_types (table_reader_t *ld, e19_tables_t *t, const ruleset_t *rs)
{
    if (!table_need_group_of (ld, "e19.types", type_names, E19_TYPE_COUNT))
        return -1;
    static const char *const keys[] = { "class", "movement" };
    char p[160];
    for (int k = 0; k < E19_TYPE_COUNT; k++) {
        snprintf (p, sizeof p, "e19.types.%s", type_names[k]);
        if (!table_need_group_of (ld, p, keys, 2))
            return -1;
        int c, m;
        snprintf (p, sizeof p, "e19.types.%s.class", type_names[k]);
        if (table_read_name (ld, p, class_names, E19_CHARGE_CLASSES + 1,
                             &c) < 0)
            return -1;
        snprintf (p, sizeof p, "e19.types.%s.movement", type_names[k]);
        if (table_read_name (ld, p, move_row_names, E19_MOVE_ROWS, &m) < 0)
            return -1;
        t->class_of[k] = (e19_class_t) c;
        t->move_row_of[k] = (e19_move_row_t) m;
    }
    bool declared[E19_TYPE_COUNT] = { false };
    config_setting_t *rows = config_lookup (&ld->cfg, "troop_types");
    for (int i = 1; i < ruleset_troop_type_count (rs); i++) {
        const troop_type_t *tt = ruleset_troop_type (rs, i);
        int k = table_name_index (type_names, E19_TYPE_COUNT, tt->name);
        if (k < 0)
            return table_fail_at (ld, rows, "troop_types", "\"%s\" is not a "
                                  "troop of the sheet (e19.types)", tt->name);
        t->type_of_troop[i] = (e19_type_t) k;
        declared[k] = true;
    }
    for (int k = 0; k < E19_TYPE_COUNT; k++)
        if (!declared[k])
            return table_fail_at (ld, rows, "troop_types", "no row for the "
                                  "troop \"%s\"", type_names[k]);
    for (int a = 0; a < ARM_COUNT; a++) {
        t->usual[a] = E19_GENERAL;
        for (int k = E19_TYPE_COUNT - 1; k >= 0; k--)
            if (strcmp (type_arms[k], arm_name ((arm_t) a)) == 0)
                t->usual[a] = (e19_type_t) k;
    }
    return check_form_to_move (ld, rs);
}

/*  e19.charge: the charge sequence table as printed, and the settings
 *  for what the sheet's charge lines leave open (the pivot's cost, where
 *  charging cavalry is fired on, the attackers a face takes, how the
 *  face a charger stands against is judged: face_by "centre" or
 *  "edges"). */
static int
load_charge (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "cavalry", "dragoons", "infantry",
        "skirmishers", "artillery", "pivot_deg", "pivot_costs",
        "fire_at_cavalry", "attackers_per_face", "face_by" };
    static const char *const fire_at[] = { "start", "contact" };
    static const char *const face_by[] = { "centre", "edges" };
    if (!table_need_group_of (ld, "e19.charge", keys, 10))
        return -1;
    char p[160];
    for (int r = 0; r < E19_CHARGE_CLASSES; r++) {
        snprintf (p, sizeof p, "e19.charge.%s", class_names[r]);
        if (!table_need_group_of (ld, p, class_names, E19_CHARGE_CLASSES))
            return -1;
        for (int c = 0; c < E19_CHARGE_CLASSES; c++) {
            int v;
            snprintf (p, sizeof p, "e19.charge.%s.%s", class_names[r],
                      class_names[c]);
            if (table_read_name (ld, p, permit_names, 3, &v) < 0)
                return -1;
            t->charge[r][c] = (e19_permit_t) v;
        }
    }
    int v, by;
    if (table_read_double (ld, "e19.charge.pivot_deg", 0, 180,
                           &t->charge_pivot_deg) < 0
        || table_read_bool (ld, "e19.charge.pivot_costs",
                            &t->charge_pivot_costs) < 0
        || table_read_name (ld, "e19.charge.fire_at_cavalry", fire_at, 2,
                            &v) < 0
        || table_read_int (ld, "e19.charge.attackers_per_face", 1, 8,
                           &t->attackers_per_face) < 0
        || table_read_name (ld, "e19.charge.face_by", face_by, 2, &by) < 0)
        return -1;
    t->charge_fire_at_contact = v == 1;
    t->charge_face_by_edges = by == 1;
    return 0;
}

static int
load_movement (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "infantry_loose", "infantry_close",
        "skirmishers", "cavalry", "dragoons", "artillery", "general",
        "pivot_deg", "road_enemy_cm", "road_is_going", "road_turns",
        "town_units", "town_reach_cm", "going_whole_front" };
    static const char *const cols[] = { "open", "woods_towns", "stream",
                                        "road", "pivot" };
    static const char *const road_turns[] = { "road_rate", "on_road" };
    if (!table_need_group_of (ld, "e19.movement", keys,
                              (int) (sizeof keys / sizeof *keys)))
        return -1;
    char p[160];
    for (int r = 0; r < E19_MOVE_ROWS; r++) {
        snprintf (p, sizeof p, "e19.movement.%s", move_row_names[r]);
        if (!table_need_group_of (ld, p, cols, 5))
            return -1;
        for (int c = 0; c < E19_GOINGS; c++) {
            snprintf (p, sizeof p, "e19.movement.%s.%s", move_row_names[r],
                      going_names[c]);
            if (table_read_double (ld, p, -1, 1000, &t->move_cm[r][c]) < 0)
                return -1;
        }
        snprintf (p, sizeof p, "e19.movement.%s.pivot", move_row_names[r]);
        if (table_read_double (ld, p, 0, 1, &t->pivot_cost[r]) < 0)
            return -1;
    }
    int v;
    if (table_read_double (ld, "e19.movement.pivot_deg", 1, 180,
                           &t->pivot_deg) < 0
        || table_read_double (ld, "e19.movement.road_enemy_cm", 0, 1000,
                              &t->road_enemy_cm) < 0
        || table_read_bool (ld, "e19.movement.road_is_going",
                            &t->road_is_going) < 0
        || table_read_bool (ld, "e19.movement.going_whole_front",
                            &t->going_whole_front) < 0
        || table_read_name (ld, "e19.movement.road_turns", road_turns, 2,
                            &v) < 0
        || table_read_int (ld, "e19.movement.town_units", 1, 100,
                           &t->town_units) < 0
        || table_read_double (ld, "e19.movement.town_reach_cm", 0.1, 1000,
                              &t->town_reach_cm) < 0)
        return -1;
    t->road_turns_on_road = v == 1;
    return 0;
}

/*  e19.weapons: a group per weapon of the ruleset that fires; each
 *  weapon of the group must be a row of `weapons`. */
static int
load_weapons (table_reader_t *ld, e19_tables_t *t, const ruleset_t *rs)
{
    config_setting_t *g = table_need (ld, "e19.weapons");
    if (!g)
        return -1;
    if (!config_setting_is_group (g))
        return table_fail_at (ld, g, "e19.weapons", "must be a group");
    static const char *const keys[] = { "bands", "starred", "breech" };
    char p[160];
    for (int i = 0; i < config_setting_length (g); i++) {
        config_setting_t *m = config_setting_get_elem (g, (unsigned) i);
        const char *name = config_setting_name (m);
        int w = ruleset_weapon_find (rs, name);
        if (w < 0 || w >= SOLO_MAX_WEAPONS)
            return table_fail_at (ld, m, "e19.weapons", "\"%s\" is not in "
                                  "the weapons table", name);
        e19_weapon_t *wp = &t->weapons[w];
        snprintf (p, sizeof p, "e19.weapons.%s", name);
        if (!table_need_group_of (ld, p, keys, 3))
            return -1;
        snprintf (p, sizeof p, "e19.weapons.%s.bands", name);
        config_setting_t *bands = table_need (ld, p);
        if (!bands)
            return -1;
        int n = config_setting_length (bands);
        if (!config_setting_is_list (bands) || n < 1 || n > E19_MAX_BANDS)
            return table_fail_at (ld, bands, p, "must be a list of 1 to %d "
                                  "{ range = cm; dice = n; }", E19_MAX_BANDS);
        static const char *const band_keys[] = { "range", "dice" };
        for (int b = 0; b < n; b++) {
            char bp[200];
            snprintf (bp, sizeof bp, "e19.weapons.%s.bands.[%d]", name, b);
            if (!table_need_group_of (ld, bp, band_keys, 2))
                return -1;
            char fp[220];
            snprintf (fp, sizeof fp, "%s.range", bp);
            if (table_read_double (ld, fp, 0.1, 1000,
                                   &wp->bands[b].range_cm) < 0)
                return -1;
            snprintf (fp, sizeof fp, "%s.dice", bp);
            if (table_read_int (ld, fp, 1, 20, &wp->bands[b].dice) < 0)
                return -1;
            if (b > 0 && wp->bands[b].range_cm <= wp->bands[b - 1].range_cm)
                return table_fail_at (ld, bands, p, "bands go from the "
                                      "nearest to the furthest");
        }
        wp->band_count = n;
        wp->fires = true;
        snprintf (p, sizeof p, "e19.weapons.%s.starred", name);
        if (table_read_bool (ld, p, &wp->starred) < 0)
            return -1;
        snprintf (p, sizeof p, "e19.weapons.%s.breech", name);
        if (table_read_bool (ld, p, &wp->breech) < 0)
            return -1;
    }
    return 0;
}

static int
load_fire (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "skirmisher_range_cm",
        "arc_half_deg", "in_contact", "hit" };
    static const char *const armed[] = { "firer", "target" };
    if (!table_need_group_of (ld, "e19.fire", keys,
                              (int) (sizeof keys / sizeof *keys))
        || table_read_double (ld, "e19.fire.skirmisher_range_cm", 0, 1000,
                              &t->skirmisher_range_cm) < 0
        || table_read_double (ld, "e19.fire.arc_half_deg", 0, 180,
                              &t->arc_half_deg) < 0
        || table_read_bool (ld, "e19.fire.in_contact", &t->fire_in_contact)
           < 0
        || !table_need_group_of (ld, "e19.fire.hit", firer_names,
                                 E19_FIRERS))
        return -1;
    char p[160];
    for (int r = 0; r < E19_FIRERS; r++) {
        snprintf (p, sizeof p, "e19.fire.hit.%s", firer_names[r]);
        if (read_row (ld, p, target_names, E19_TARGETS, 2, 6, t->hit[r]) < 0)
            return -1;
    }
    int v;
    static const char *const save_keys[] = { "breech_loaders_are",
        "breech_skirmish_or_line", "breech_dragoons_or_column", "all_else" };
    static const char *const cols[] = { "cover", "open" };
    if (!table_need_group_of (ld, "e19.saves", save_keys, 4)
        || table_read_name (ld, "e19.saves.breech_loaders_are", armed, 2,
                            &v) < 0)
        return -1;
    t->breech_is_target = v == 1;
    for (int s = 0; s < E19_SAVES; s++) {
        int two[2];
        snprintf (p, sizeof p, "e19.saves.%s", save_names[s]);
        if (read_row (ld, p, cols, 2, 0, 6, two) < 0)
            return -1;
        t->save_cover[s] = two[0];
        t->save_open[s] = two[1];
    }
    return 0;
}

static int
load_melee (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "hit_on", "cavalry",
        "skirmish_artillery", "charging_dragoons", "charging_infantry",
        "defending_dragoons", "defending_infantry", "flank_or_rear",
        "riverbank", "higher_ground", "cavalry_vs_close_order",
        "retreat_cm", "full_town_retreat", "riverbank_cm" };
    static const char *const full_town[] = { "blocked", "short" };
    if (!table_need_group_of (ld, "e19.melee", keys, 14)
        || table_read_int (ld, "e19.melee.hit_on", 2, 6,
                           &t->melee_hit_on) < 0)
        return -1;
    char p[160];
    for (int r = 0; r < E19_MELEE_ROWS; r++) {
        snprintf (p, sizeof p, "e19.melee.%s", melee_row_names[r]);
        if (read_row (ld, p, melee_col_names, E19_MELEE_COLS, 0, 10,
                      t->melee[r]) < 0)
            return -1;
    }
    int v;
    if (table_read_int (ld, "e19.melee.flank_or_rear", -5, 5,
                        &t->melee_flank_or_rear) < 0
        || table_read_int (ld, "e19.melee.riverbank", -5, 5,
                           &t->melee_riverbank) < 0
        || table_read_double (ld, "e19.melee.riverbank_cm", 0, 1000,
                              &t->riverbank_cm) < 0
        || table_read_int (ld, "e19.melee.higher_ground", -5, 5,
                           &t->melee_higher_ground) < 0
        || table_read_int (ld, "e19.melee.cavalry_vs_close_order", -5, 5,
                           &t->melee_cavalry_vs_close) < 0
        || table_read_double (ld, "e19.melee.retreat_cm", 0, 1000,
                              &t->retreat_cm) < 0
        || table_read_name (ld, "e19.melee.full_town_retreat", full_town, 2,
                            &v) < 0)
        return -1;
    t->retreat_short_of_town = v == 1;
    return 0;
}

static int
load_morale (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "fanatic", "elite", "average",
        "levy", "rabble", "lost_melee_tests", "failure_tests" };
    if (!table_need_group_of (ld, "e19.morale", keys, 7))
        return -1;
    char p[160];
    for (int q = 0; q < QUALITY_COUNT; q++) {
        snprintf (p, sizeof p, "e19.morale.%s", level_of_quality[q]);
        if (table_read_int (ld, p, 1, 7, &t->morale_needed[q]) < 0)
            return -1;
    }
    return table_read_int (ld, "e19.morale.lost_melee_tests", 0, 10,
                           &t->lost_melee_tests) < 0
        || table_read_bool (ld, "e19.morale.failure_tests",
                            &t->failure_tests) < 0 ? -1 : 0;
}

/*  e19.sequence: who is side A each turn (side_a_names; the sheet's
 *  Sequence of Play does not say). */
static int
load_sequence (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "side_a" };
    int v;
    if (!table_need_group_of (ld, "e19.sequence", keys, 1)
        || table_read_name (ld, "e19.sequence.side_a", side_a_names,
                            E19_SIDE_A_RULES, &v) < 0)
        return -1;
    t->side_a = (e19_side_a_rule_t) v;
    return 0;
}

static int
load_command (table_reader_t *ld, e19_tables_t *t)
{
    static const char *const keys[] = { "size", "standard", "mini", "grade",
                                        "no_general" };
    static const char *const sizes[] = { "standard", "mini" };
    int v;
    if (!table_need_group_of (ld, "e19.command", keys, 5)
        || table_read_name (ld, "e19.command.size", sizes, 2, &v) < 0)
        return -1;
    t->mini_game = v == 1;
    char p[160];
    for (int m = 0; m < 2; m++) {
        snprintf (p, sizeof p, "e19.command.%s", sizes[m]);
        if (!table_need_group_of (ld, p, general_names, E19_GENERAL_GRADES))
            return -1;
        for (int gr = 0; gr < E19_GENERAL_GRADES; gr++) {
            snprintf (p, sizeof p, "e19.command.%s.%s", sizes[m],
                      general_names[gr]);
            config_setting_t *a = table_need (ld, p);
            if (!a)
                return -1;
            if (!config_setting_is_array (a) || config_setting_length (a) != 3)
                return table_fail_at (ld, a, p, "must be [1-2, 3-4, 5-6]: "
                                      "three whole numbers");
            for (int b = 0; b < 3; b++) {
                config_setting_t *e = config_setting_get_elem (a,
                                                               (unsigned) b);
                if (config_setting_type (e) != CONFIG_TYPE_INT
                    || config_setting_get_int (e) < 0
                    || config_setting_get_int (e) > 100)
                    return table_fail_at (ld, e, p, "must be whole numbers "
                                          "in 0..100");
                t->command[m][gr][b] = config_setting_get_int (e);
            }
        }
    }
    static const char *const levels[] = { "rabble", "levy", "average",
                                          "elite", "fanatic" };
    static const quality_t level_q[] = { QUALITY_RAW, QUALITY_GREEN,
        QUALITY_AVERAGE, QUALITY_REGULAR, QUALITY_HERO };
    if (!table_need_group_of (ld, "e19.command.grade", levels, 5))
        return -1;
    for (int i = 0; i < 5; i++) {
        snprintf (p, sizeof p, "e19.command.grade.%s", levels[i]);
        if (table_read_name (ld, p, general_names, E19_GENERAL_GRADES,
                             &v) < 0)
            return -1;
        t->general_grade[level_q[i]] = (e19_general_t) v;
    }
    if (table_read_name (ld, "e19.command.no_general", general_names,
                         E19_GENERAL_GRADES, &v) < 0)
        return -1;
    t->no_general = (e19_general_t) v;
    return 0;
}

e19_tables_t *
e19_tables_load_text (const char *text, const char *origin,
                      const ruleset_t *rs, char *err, int errlen)
{
    assert (text && rs && err && errlen > 0);
    static const char *const top[] = { "sequence", "units", "types",
        "charge", "movement", "weapons", "fire", "saves", "melee", "morale",
        "command", "victory" };
    static const char *const units[] = { "hits_per_base" };
    static const char *const victory[] = { "army_break" };
    table_reader_t ld;
    if (table_reader_open (&ld, text, origin, err, errlen) < 0)
        return NULL;
    e19_tables_t *t = calloc (1, sizeof *t);
    if (!t)
        snprintf (err, (size_t) errlen, "%s - out of memory", ld.origin);
    else if (!table_need_group_of (&ld, "e19", top, 12)
             || load_sequence (&ld, t) < 0
             || !table_need_group_of (&ld, "e19.units", units, 1)
             || table_read_int (&ld, "e19.units.hits_per_base", 1, 100,
                                &t->hits_per_base) < 0
             || load_types (&ld, t, rs) < 0 || load_charge (&ld, t) < 0
             || load_movement (&ld, t) < 0 || load_weapons (&ld, t, rs) < 0
             || load_fire (&ld, t) < 0 || load_melee (&ld, t) < 0
             || load_morale (&ld, t) < 0 || load_command (&ld, t) < 0
             || !table_need_group_of (&ld, "e19.victory", victory, 1)
             || table_read_double (&ld, "e19.victory.army_break", 0.01, 1,
                                   &t->army_break) < 0)
        e19_tables_destroy (&t);
    table_reader_close (&ld);
    return t;
}

void
e19_tables_destroy (e19_tables_t **self_p)
{
    assert (self_p);
    free (*self_p);
    *self_p = NULL;
}

e19_type_t
e19_unit_type (const e19_tables_t *t, const unit_t *u)
{
    if (u->troop_type > 0 && u->troop_type <= SOLO_MAX_TROOP_TYPES)
        return t->type_of_troop[u->troop_type];
    if ((int) u->arm >= 0 && u->arm < ARM_COUNT)
        return t->usual[u->arm];
    return E19_GENERAL;
}

int
e19_hit_score (const e19_tables_t *t, e19_firer_t firer, e19_target_t target)
{
    return t->hit[firer][target];
}

int
e19_command_units (const e19_tables_t *t, e19_general_t grade, int die)
{
    int band = die <= 2 ? 0 : die <= 4 ? 1 : 2;
    return t->command[t->mini_game][grade][band];
}
