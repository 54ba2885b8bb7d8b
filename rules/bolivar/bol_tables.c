/*  bol_tables.c - read 4 Page Bolivar's numbers from the table file's
 *  `bolivar` group.  Strict: every number must be there and in range; an
 *  error names the file, the line and the setting's full path.  */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bol_tables.h"
#include "table_reader.h"

static const char *const type_names[BOL_TYPE_COUNT] = {
    "battalion", "spearmen", "skirmisher", "rabble", "gauchos_llaneros",
    "horse", "light_gun", "howitzer", "heavy_gun", "c_in_c", "brigadier" };
static const char *const type_arms[BOL_TYPE_COUNT] = {
    "infantry", "infantry", "infantry", "infantry", "cavalry", "cavalry",
    "artillery", "artillery", "artillery", "command", "command" };
static const char *const unit_resolve_names[] = { "higher", "sum" };
static const char *const uncommanded_names[] = {
    "none", "no_commander", "beyond_reach" };
static const char *const difficult_path_names[] = { "edge", "whole" };
static const char *const fire_hit_marker_names[] = { "shooters", "able" };
static const char *const control_front_at_names[] = {
    "front_centre", "any_part" };
static const char *const shoot_target_at_names[] = {
    "front_centre", "nearest_part" };
static const char *const evade_turn_names[] = { "nearest", "directly_away" };

const char *
bol_type_name (bol_type_t type)
{
    return (int) type >= 0 && type < BOL_TYPE_COUNT ? type_names[type] : "?";
}

/*  A number at "bolivar.GROUP.KEY" into *out. */
static int
num (table_reader_t *ld, const char *group, const char *key, double lo,
     double hi, double *out)
{
    char p[160];
    snprintf (p, sizeof p, "bolivar.%s.%s", group, key);
    return table_read_double (ld, p, lo, hi, out);
}

static int
whole (table_reader_t *ld, const char *group, const char *key, int lo,
       int hi, int *out)
{
    char p[160];
    snprintf (p, sizeof p, "bolivar.%s.%s", group, key);
    return table_read_int (ld, p, lo, hi, out);
}

static int
load_text (table_reader_t *ld, bol_tables_t *t)
{
    static const char *const keys[] = {
        "resolve_min", "resolve_max", "superior_bonus", "inferior_bonus",
        "raw_resolve", "command_hit", "command_reach_tum",
        "command_reach_dice", "charge_tum", "difficult_tum", "wheel_deg",
        "about_face_infantry_tum", "about_face_other_tum", "threat_tum",
        "control_tum", "arc_deg", "primary_heavy_gun_dice", "primary_dice",
        "secondary_dice", "casualty_dice_routed", "casualty_dice",
        "casualty_hit", "attached_melee_dice", "support_tum",
        "crowded_line_tum", "crowded_column_flank_tum", "crowded_column_tum",
        "rally_back_cavalry_tum", "rally_back_infantry_tum",
        "pass_through_tum", "passage_tum", "breakpoint",
        "time_limit_turns" };
    if (!table_need_group_of (ld, "bolivar.text", keys,
                              (int) (sizeof keys / sizeof *keys)))
        return -1;
    const char *g = "text";
    return whole (ld, g, "resolve_min", 1, 10, &t->resolve_min) < 0
        || whole (ld, g, "resolve_max", t->resolve_min, 10,
                  &t->resolve_max) < 0
        || whole (ld, g, "superior_bonus", -5, 5, &t->superior_bonus) < 0
        || whole (ld, g, "inferior_bonus", -5, 5, &t->inferior_bonus) < 0
        || whole (ld, g, "raw_resolve", t->resolve_min, t->resolve_max,
                  &t->raw_resolve) < 0
        || whole (ld, g, "command_hit", 2, 6, &t->command_hit) < 0
        || num (ld, g, "command_reach_tum", 0, 1000,
                &t->command_reach_tum) < 0
        || whole (ld, g, "command_reach_dice", 0, 10,
                  &t->command_reach_dice) < 0
        || num (ld, g, "charge_tum", 0.1, 1000, &t->charge_tum) < 0
        || num (ld, g, "difficult_tum", 0.1, 1000, &t->difficult_tum) < 0
        || num (ld, g, "wheel_deg", 1, 180, &t->wheel_deg) < 0
        || num (ld, g, "about_face_infantry_tum", 0, 100,
                &t->about_face_infantry_tum) < 0
        || num (ld, g, "about_face_other_tum", 0, 100,
                &t->about_face_other_tum) < 0
        || num (ld, g, "threat_tum", 0, 1000, &t->threat_tum) < 0
        || num (ld, g, "control_tum", 0, 1000, &t->control_tum) < 0
        || num (ld, g, "arc_deg", 1, 180, &t->arc_deg) < 0
        || whole (ld, g, "primary_heavy_gun_dice", 1, 10,
                  &t->primary_heavy_gun_dice) < 0
        || whole (ld, g, "primary_dice", 1, 10, &t->primary_dice) < 0
        || whole (ld, g, "secondary_dice", 0, 10, &t->secondary_dice) < 0
        || whole (ld, g, "casualty_dice_routed", 0, 10,
                  &t->casualty_dice_routed) < 0
        || whole (ld, g, "casualty_dice", 0, 10, &t->casualty_dice) < 0
        || whole (ld, g, "casualty_hit", 2, 6, &t->casualty_hit) < 0
        || whole (ld, g, "attached_melee_dice", 0, 10,
                  &t->attached_melee_dice) < 0
        || num (ld, g, "support_tum", 0, 1000, &t->support_tum) < 0
        || num (ld, g, "crowded_line_tum", 0, 1000, &t->crowded_line_tum) < 0
        || num (ld, g, "crowded_column_flank_tum", 0, 1000,
                &t->crowded_column_flank_tum) < 0
        || num (ld, g, "crowded_column_tum", 0, 1000,
                &t->crowded_column_tum) < 0
        || num (ld, g, "rally_back_cavalry_tum", 0, 1000,
                &t->rally_back_cavalry_tum) < 0
        || num (ld, g, "rally_back_infantry_tum", 0, 1000,
                &t->rally_back_infantry_tum) < 0
        || num (ld, g, "pass_through_tum", 0, 1000, &t->pass_through_tum) < 0
        || num (ld, g, "passage_tum", 0, 1000, &t->passage_tum) < 0
        || num (ld, g, "breakpoint", 0.01, 1, &t->breakpoint) < 0
        || whole (ld, g, "time_limit_turns", 1, 1000,
                  &t->time_limit_turns) < 0 ? -1 : 0;
}

/*  Each type's row; every troop type of the ruleset one of the text's,
 *  of the arm the text gives it, and every type of the text declared. */
static int
load_types (table_reader_t *ld, bol_tables_t *t, const ruleset_t *rs)
{
    static const char *const keys[] = { "stands", "resolve", "move_tum",
        "shoots", "evades", "melee_charging", "melee_defending" };
    if (!table_need_group_of (ld, "bolivar.types", type_names,
                              BOL_TYPE_COUNT))
        return -1;
    char p[160], g[64];
    for (int k = 0; k < BOL_TYPE_COUNT; k++) {
        bol_type_row_t *r = &t->type[k];
        snprintf (g, sizeof g, "types.%s", type_names[k]);
        snprintf (p, sizeof p, "bolivar.%s", g);
        if (!table_need_group_of (ld, p, keys, 7))
            return -1;
        if (whole (ld, g, "stands", 1, SOLO_MAX_STANDS, &r->stands) < 0
            || whole (ld, g, "resolve", t->resolve_min, t->resolve_max,
                      &r->resolve) < 0
            || num (ld, g, "move_tum", 0, 1000, &r->move_tum) < 0
            || whole (ld, g, "melee_charging", 0, 10, &r->melee_charging) < 0
            || whole (ld, g, "melee_defending", 0, 10,
                      &r->melee_defending) < 0)
            return -1;
        snprintf (p, sizeof p, "bolivar.%s.shoots", g);
        if (table_read_bool (ld, p, &r->shoots) < 0)
            return -1;
        snprintf (p, sizeof p, "bolivar.%s.evades", g);
        if (table_read_bool (ld, p, &r->evades) < 0)
            return -1;
    }
    bool declared[BOL_TYPE_COUNT] = { false };
    config_setting_t *rows = config_lookup (&ld->cfg, "troop_types");
    for (int i = 1; i < ruleset_troop_type_count (rs); i++) {
        const troop_type_t *tt = ruleset_troop_type (rs, i);
        int k = table_name_index (type_names, BOL_TYPE_COUNT, tt->name);
        if (k < 0)
            return table_fail_at (ld, rows, "troop_types", "\"%s\" is not a "
                                  "unit type of the text (bolivar.types)",
                                  tt->name);
        t->type_of_troop[i] = (bol_type_t) k;
        declared[k] = true;
    }
    for (int k = 0; k < BOL_TYPE_COUNT; k++)
        if (!declared[k])
            return table_fail_at (ld, rows, "troop_types", "no row for the "
                                  "unit type \"%s\"", type_names[k]);
    for (int a = 0; a < ARM_COUNT; a++) {
        t->usual[a] = BOL_BRIGADIER;
        for (int k = BOL_TYPE_COUNT - 1; k >= 0; k--)
            if (strcmp (type_arms[k], arm_name ((arm_t) a)) == 0)
                t->usual[a] = (bol_type_t) k;
    }
    return 0;
}

static int
load_readings (table_reader_t *ld, bol_tables_t *t)
{
    static const char *const keys[] = { "unit_resolve", "shoot_hit",
        "shoot_close_hit", "shoot_close_tum", "shoot_cover_dice",
        "melee_hit", "melee_square_vs_cavalry_hit", "supported_dice",
        "crowded_dice", "army_break_commanders", "attached_tum",
        "march_tum", "difficult_path", "evade_turn_costs", "evade_turn",
        "uncommanded",
        "fire_hit_marker", "guns_wheel_pivot", "cavalry_tie_pass_any",
        "shoot_in_contact", "control_front_at", "shoot_target_at",
        "erosion_cascades" };
    if (!table_need_group_of (ld, "bolivar.readings", keys,
                              (int) (sizeof keys / sizeof *keys)))
        return -1;
    const char *g = "readings";
    int ur, un, dp, hm, cf, st, et;
    if (table_read_name (ld, "bolivar.readings.unit_resolve",
                         unit_resolve_names, 2, &ur) < 0
        || table_read_name (ld, "bolivar.readings.control_front_at",
                            control_front_at_names, 2, &cf) < 0
        || table_read_name (ld, "bolivar.readings.shoot_target_at",
                            shoot_target_at_names, 2, &st) < 0
        || table_read_name (ld, "bolivar.readings.fire_hit_marker",
                            fire_hit_marker_names, 2, &hm) < 0
        || table_read_name (ld, "bolivar.readings.difficult_path",
                            difficult_path_names, 2, &dp) < 0
        || table_read_bool (ld, "bolivar.readings.evade_turn_costs",
                            &t->evade_turn_costs) < 0
        || table_read_name (ld, "bolivar.readings.evade_turn",
                            evade_turn_names, 2, &et) < 0
        || table_read_bool (ld, "bolivar.readings.guns_wheel_pivot",
                            &t->guns_wheel_pivot) < 0
        || table_read_bool (ld, "bolivar.readings.cavalry_tie_pass_any",
                            &t->cavalry_tie_pass_any) < 0
        || table_read_bool (ld, "bolivar.readings.shoot_in_contact",
                            &t->shoot_in_contact) < 0
        || table_read_bool (ld, "bolivar.readings.erosion_cascades",
                            &t->erosion_cascades) < 0
        || table_read_name (ld, "bolivar.readings.uncommanded",
                            uncommanded_names, 3, &un) < 0)
        return -1;
    t->unit_resolve = (bol_unit_resolve_t) ur;
    t->difficult_path = (bol_difficult_path_t) dp;
    t->uncommanded = (bol_uncommanded_t) un;
    t->fire_hit_marker = (bol_hit_marker_t) hm;
    t->control_front_at = (bol_located_t) cf;
    t->shoot_target_at = (bol_located_t) st;
    t->evade_turn = (bol_evade_turn_t) et;
    if (table_read_bool (ld, "bolivar.readings.army_break_commanders",
                         &t->army_break_commanders) < 0)
        return -1;
    return whole (ld, g, "shoot_hit", 2, 6, &t->shoot_hit) < 0
        || whole (ld, g, "shoot_close_hit", 2, 6, &t->shoot_close_hit) < 0
        || num (ld, g, "shoot_close_tum", 0, 1000, &t->shoot_close_tum) < 0
        || whole (ld, g, "shoot_cover_dice", -10, 10,
                  &t->shoot_cover_dice) < 0
        || whole (ld, g, "melee_hit", 2, 6, &t->melee_hit) < 0
        || whole (ld, g, "melee_square_vs_cavalry_hit", 2, 6,
                  &t->melee_square_vs_cavalry_hit) < 0
        || whole (ld, g, "supported_dice", -10, 10, &t->supported_dice) < 0
        || whole (ld, g, "crowded_dice", -10, 10, &t->crowded_dice) < 0
        || num (ld, g, "attached_tum", 0, 100, &t->attached_tum) < 0
        || num (ld, g, "march_tum", 0, 1000, &t->march_tum) < 0 ? -1 : 0;
}

/*  The `house` group: seed 000's rules, each a setting (bol_house_t). */
static int
load_house (table_reader_t *ld, bol_tables_t *t)
{
    static const char *const flags[] = {
        "casualty_markers", "any_stands", "routs_rally", "disorder",
        "leader_rallies_twice", "stands_fire", "stands_fight",
        "nearest_target", "cavalry_retreat_from_fire", "no_drawn_melees",
        "pursuit", "pursue_when_free", "infantry_charge_cavalry",
        "charge_check", "charge_full_move", "guns_deploy_and_shoot",
        "hasty_square", "fire_hit_may_charge", "moved_cannot_charge",
        "no_evade", "shoot_dice_to_zero", "secondary_by_stands",
        "retreat_dice_each_shooter", "cavalry_retreat_when_worth",
        "charged_cannot_charge", "options_free_of_zones",
        "initiative_first_each_phase" };
    static const char *const numbers[] = {
        "charge_facing_deg", "rout_rally_per", "stand_width_cm",
        "stand_depth_cm", "guns_at_guns_dice", "cavalry_retreat_dice",
        "retreat", "cavalry_vs_disordered_dice", "high_ground_dice",
        "guns_move_and_shoot", "routed_breakpoint", "oblique_deg" };
    enum { FLAGS = sizeof flags / sizeof *flags,
           NUMBERS = sizeof numbers / sizeof *numbers };
    const char *keys[FLAGS + NUMBERS];
    for (int i = 0; i < FLAGS + NUMBERS; i++)
        keys[i] = i < FLAGS ? flags[i] : numbers[i - FLAGS];
    bol_house_t *h = &t->house;
    bool *flag_of[] = {
        &h->casualty_markers, &h->any_stands, &h->routs_rally, &h->disorder,
        &h->leader_rallies_twice, &h->stands_fire, &h->stands_fight,
        &h->nearest_target, &h->cavalry_retreat_from_fire,
        &h->no_drawn_melees, &h->pursuit, &h->pursue_when_free,
        &h->infantry_charge_cavalry, &h->charge_check, &h->charge_full_move,
        &h->guns_deploy_and_shoot, &h->hasty_square, &h->fire_hit_may_charge,
        &h->moved_cannot_charge, &h->no_evade, &h->shoot_dice_to_zero,
        &h->secondary_by_stands, &h->retreat_dice_each_shooter,
        &h->cavalry_retreat_when_worth, &h->charged_cannot_charge,
        &h->options_free_of_zones, &h->initiative_first_each_phase };
    _Static_assert (sizeof flags / sizeof *flags
                    == sizeof flag_of / sizeof *flag_of, "a flag each");
    if (!table_need_group_of (ld, "bolivar.house", keys, FLAGS + NUMBERS))
        return -1;
    char p[160];
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) {
        snprintf (p, sizeof p, "bolivar.house.%s", flags[i]);
        if (table_read_bool (ld, p, flag_of[i]) < 0)
            return -1;
    }
    const char *g = "house";
    if (num (ld, g, "rout_rally_per", 0, 1000, &h->rout_rally_per) < 0
        || num (ld, g, "charge_facing_deg", 0, 180, &h->charge_facing_deg) < 0
        || num (ld, g, "stand_width_cm", 0, 100, &h->stand_width_cm) < 0
        || num (ld, g, "stand_depth_cm", 0, 100, &h->stand_depth_cm) < 0
        || whole (ld, g, "guns_at_guns_dice", -10, 10,
                  &h->guns_at_guns_dice) < 0
        || whole (ld, g, "cavalry_retreat_dice", -10, 10,
                  &h->cavalry_retreat_dice) < 0
        || num (ld, g, "retreat", 0, 1000, &h->retreat) < 0
        || whole (ld, g, "cavalry_vs_disordered_dice", -10, 10,
                  &h->cavalry_vs_disordered_dice) < 0
        || whole (ld, g, "high_ground_dice", -10, 10,
                  &h->high_ground_dice) < 0
        || num (ld, g, "guns_move_and_shoot", 0, 1000,
                &h->guns_move_and_shoot) < 0
        || num (ld, g, "routed_breakpoint", 0, 1, &h->routed_breakpoint) < 0
        || num (ld, g, "oblique_deg", 0, 90, &h->oblique_deg) < 0)
        return -1;
    if ((h->stand_width_cm > 0) != (h->stand_depth_cm > 0))
        return table_fail_at (ld, config_lookup (&ld->cfg,
                                                 "bolivar.house"),
                              "bolivar.house", "stand_width_cm and "
                              "stand_depth_cm are both given or both 0");
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (*flag_of[i] && flag_of[i] != &h->infantry_charge_cavalry)
            h->on = true;
    h->on = h->on || !h->infantry_charge_cavalry || h->rout_rally_per > 0
         || h->stand_width_cm > 0 || h->guns_at_guns_dice
         || h->cavalry_retreat_dice || h->retreat > 0
         || h->cavalry_vs_disordered_dice || h->high_ground_dice
         || h->guns_move_and_shoot > 0 || h->routed_breakpoint > 0
         || h->charge_facing_deg > 0 || h->oblique_deg > 0;
    return 0;
}

bol_tables_t *
bol_tables_load_text (const char *text, const char *origin,
                      const ruleset_t *rs, char *err, int errlen)
{
    assert (text && rs && err && errlen > 0);
    static const char *const top[] = { "text", "types", "readings",
                                       "house" };
    table_reader_t ld;
    if (table_reader_open (&ld, text, origin, err, errlen) < 0)
        return NULL;
    bol_tables_t *t = calloc (1, sizeof *t);
    if (!t)
        snprintf (err, (size_t) errlen, "%s - out of memory", ld.origin);
    else if (!table_need_group_of (&ld, "bolivar", top, 4)
             || load_text (&ld, t) < 0 || load_types (&ld, t, rs) < 0
             || load_readings (&ld, t) < 0 || load_house (&ld, t) < 0)
        bol_tables_destroy (&t);
    table_reader_close (&ld);
    return t;
}

void
bol_tables_destroy (bol_tables_t **self_p)
{
    assert (self_p);
    free (*self_p);
    *self_p = NULL;
}

bol_type_t
bol_unit_type (const bol_tables_t *t, const unit_t *u)
{
    if (u->troop_type > 0 && u->troop_type <= SOLO_MAX_TROOP_TYPES)
        return t->type_of_troop[u->troop_type];
    if ((int) u->arm >= 0 && u->arm < ARM_COUNT)
        return t->usual[u->arm];
    return BOL_BRIGADIER;
}

int
bol_stand_resolve (const bol_tables_t *t, bol_type_t type, quality_t q)
{
    int r = t->type[type].resolve;
    if (q == QUALITY_RAW)
        return t->raw_resolve;
    if (q == QUALITY_HERO)
        r += t->superior_bonus;
    else if (q == QUALITY_GREEN)
        r += t->inferior_bonus;
    return r < t->resolve_min ? t->resolve_min
         : r > t->resolve_max ? t->resolve_max : r;
}
