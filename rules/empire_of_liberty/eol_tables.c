/*  eol_tables.c - read Empire of Liberty's game numbers from the table
 *  file's `eol` group.  Strict: every number must be there, in range; an
 *  error names the file, the line and the setting's full path.  */
#include <assert.h>
#include <libconfig.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_tables.h"
#include "table_reader.h"

static const char *grade_names[EOL_GRADE_COUNT] = {
    "poor", "green", "average", "veteran", "elite" };
static const char *type_names[EOL_TYPE_COUNT] = {
    "regular_infantry", "light_infantry", "skirmish_infantry", "cavalry",
    "mounted_rifles", "field_artillery", "heavy_artillery", "leader" };
static const char *fighter_names[EOL_FIGHTER_COUNT] = {
    "artillerists", "foot_skirmishers", "formed_infantry", "mounted_rifles",
    "cavalry" };
static const char *change_names[EOL_CHANGE_COUNT] = {
    "about_face", "line_to_flank_column", "column_to_flank_line", "mount",
    "dismount", "limber", "unlimber", "to_skirmish", "form_up",
    "column_from_line", "line_from_column", "dress_ranks" };

const char *
eol_grade_name (eol_grade_t grade)
{
    return (int) grade >= 0 && grade < EOL_GRADE_COUNT ? grade_names[grade]
                                                       : "?";
}

const char *
eol_type_name (eol_type_t type)
{
    return (int) type >= 0 && type < EOL_TYPE_COUNT ? type_names[type] : "?";
}

const char *
eol_fighter_name (eol_fighter_t fighter)
{
    return (int) fighter >= 0 && fighter < EOL_FIGHTER_COUNT
         ? fighter_names[fighter] : "?";
}

const char *
eol_change_name (eol_change_t change)
{
    return (int) change >= 0 && change < EOL_CHANGE_COUNT
         ? change_names[change] : "?";
}

/*  A list of terrain kind names into a set. */
static int
read_kinds (table_reader_t *ld, const char *path, bool out[TERRAIN_KIND_COUNT])
{
    config_setting_t *s = table_need (ld, path);
    if (!s)
        return -1;
    if (!config_setting_is_array (s) && !config_setting_is_list (s))
        return table_fail_at (ld, s, path, "must be a list of terrain kinds");
    memset (out, 0, TERRAIN_KIND_COUNT * sizeof out[0]);
    for (int i = 0; i < config_setting_length (s); i++) {
        config_setting_t *e = config_setting_get_elem (s, (unsigned) i);
        const char *v = config_setting_get_string (e);
        int k = v ? terrain_kind_parse (v) : -1;
        if (k < 0)
            return table_fail_at (ld, e, path,
                                  "\"%s\" is not a kind of terrain",
                                  v ? v : "(not a string)");
        out[k] = true;
    }
    return 0;
}

/*  "poor" .. "elite" keyed values, integer or number. */
static int
read_by_grade_int (table_reader_t *ld, const char *path, int lo, int hi,
                   int out[EOL_GRADE_COUNT])
{
    if (!table_need_group_of (ld, path, grade_names, EOL_GRADE_COUNT))
        return -1;
    for (int g = 0; g < EOL_GRADE_COUNT; g++) {
        char p[160];
        snprintf (p, sizeof p, "%s.%s", path, grade_names[g]);
        if (table_read_int (ld, p, lo, hi, &out[g]) < 0)
            return -1;
    }
    return 0;
}

static int
read_by_grade_double (table_reader_t *ld, const char *path, double lo,
                      double hi,
                      double out[EOL_GRADE_COUNT])
{
    if (!table_need_group_of (ld, path, grade_names, EOL_GRADE_COUNT))
        return -1;
    for (int g = 0; g < EOL_GRADE_COUNT; g++) {
        char p[160];
        snprintf (p, sizeof p, "%s.%s", path, grade_names[g]);
        if (table_read_double (ld, p, lo, hi, &out[g]) < 0)
            return -1;
    }
    return 0;
}

/*  eol.grades: each of the core's quality names maps to a grade; where
 *  the ruleset names a quality (`qualities`), the name is its grade's. */
static int
load_grades (table_reader_t *ld, eol_tables_t *t, const ruleset_t *rs)
{
    const char *names[QUALITY_COUNT];
    for (int q = 0; q < QUALITY_COUNT; q++)
        names[q] = quality_name ((quality_t) q);
    if (!table_need_group_of (ld, "eol.grades", names, QUALITY_COUNT))
        return -1;
    for (int q = 0; q < QUALITY_COUNT; q++) {
        char p[80];
        int g;
        snprintf (p, sizeof p, "eol.grades.%s", names[q]);
        if (table_read_name (ld, p, grade_names, EOL_GRADE_COUNT, &g) < 0)
            return -1;
        t->grade_of[q] = (eol_grade_t) g;
        /* the ruleset's display names (`qualities`) must say the same */
        const char *shown = ruleset_quality_name (rs, (quality_t) q);
        if (strcmp (shown, names[q]) != 0 && strcmp (shown, grade_names[g]))
            return table_fail_at (ld, config_lookup (&ld->cfg, p), p, "grade "
                                  "\"%s\", but qualities.%s names it \"%s\"",
                                  grade_names[g], names[q], shown);
    }
    return 0;
}

/*  eol.types: one group per type. */
static int
load_types (table_reader_t *ld, eol_tables_t *t)
{
    static const char *keys[] = { "arm", "skirmish", "dismounts",
                                  "base_figures", "base_cm" };
    static const char *skirmish[] = { "never", "may", "always" };
    if (!table_need_group_of (ld, "eol.types", type_names, EOL_TYPE_COUNT))
        return -1;
    for (int k = 0; k < EOL_TYPE_COUNT; k++) {
        char base[80], p[120];
        snprintf (base, sizeof base, "eol.types.%s", type_names[k]);
        if (!table_need_group_of (ld, base, keys, 5))
            return -1;
        eol_type_info_t *ti = &t->types[k];
        int arm, sk;
        snprintf (p, sizeof p, "%s.arm", base);
        config_setting_t *s = table_need (ld, p);
        if (!s)
            return -1;
        const char *v = config_setting_get_string (s);
        arm = v ? arm_parse (v) : -1;
        if (arm < 0)
            return table_fail_at (ld, s, p, "not infantry, cavalry, "
                                  "artillery or command");
        ti->arm = (arm_t) arm;
        snprintf (p, sizeof p, "%s.skirmish", base);
        if (table_read_name (ld, p, skirmish, 3, &sk) < 0)
            return -1;
        ti->skirmish = (eol_skirmish_t) sk;
        snprintf (p, sizeof p, "%s.dismounts", base);
        if (table_read_bool (ld, p, &ti->dismounts) < 0)
            return -1;
        snprintf (p, sizeof p, "%s.base_figures", base);
        if (table_read_int (ld, p, 1, 100, &ti->base_figures) < 0)
            return -1;
        snprintf (p, sizeof p, "%s.base_cm", base);
        if (table_read_double (ld, p, 0.01, 1000, &ti->base_cm) < 0)
            return -1;
    }
    return 0;
}

/*  The troop types: every row of the ruleset's troop_types table is one
 *  of the text's types (eol.types), and every type has its row; a unit
 *  naming none is the first type of its arm.  eol.shot: the shot weight
 *  of each gun among the weapons (names of `weapons`, 1..100 pounds). */
static int
load_troops (table_reader_t *ld, eol_tables_t *t, const ruleset_t *rs)
{
    bool declared[EOL_TYPE_COUNT] = { false };
    for (int i = 0; i <= SOLO_MAX_TROOP_TYPES; i++)
        t->type_of_troop[i] = EOL_TYPE_COUNT;
    int n = ruleset_troop_type_count (rs);
    for (int i = 1; i < n; i++) {
        const char *name = ruleset_troop_type (rs, i)->name;
        int k = table_name_index (type_names, EOL_TYPE_COUNT, name);
        if (k < 0)
            return table_fail_at (ld, config_lookup (&ld->cfg, "troop_types"),
                                  "troop_types", "\"%s\" is not a type of "
                                  "eol.types", name);
        t->type_of_troop[i] = (eol_type_t) k;
        declared[k] = true;
    }
    for (int k = 0; k < EOL_TYPE_COUNT; k++)
        if (!declared[k])
            return table_fail_at (ld, config_lookup (&ld->cfg, "troop_types"),
                                  "troop_types", "no row for the type \"%s\"",
                                  type_names[k]);
    for (int a = 0; a < ARM_COUNT; a++) {
        t->usual[a] = EOL_TYPE_COUNT;
        for (int k = EOL_TYPE_COUNT - 1; k >= 0; k--)
            if (t->types[k].arm == (arm_t) a)
                t->usual[a] = (eol_type_t) k;
        if (t->usual[a] == EOL_TYPE_COUNT)
            return table_fail_at (ld, config_lookup (&ld->cfg, "eol.types"),
                                  "eol.types", "no type of arm %s",
                                  arm_name ((arm_t) a));
    }
    config_setting_t *g = table_need (ld, "eol.shot");
    if (!g)
        return -1;
    if (!config_setting_is_group (g))
        return table_fail_at (ld, g, "eol.shot",
                              "must be a group { gun = pounds; "
                              "... }");
    memset (t->shot_lb, 0, sizeof t->shot_lb);
    for (int i = 0; i < config_setting_length (g); i++) {
        config_setting_t *m = config_setting_get_elem (g, (unsigned) i);
        char p[96];
        snprintf (p, sizeof p, "eol.shot.%s", config_setting_name (m));
        int wi = ruleset_weapon_find (rs, config_setting_name (m));
        if (wi < 0)
            return table_fail_at (ld, m, p,
                                  "\"%s\" is not in the weapons table",
                                  config_setting_name (m));
        if (table_read_int (ld, p, 1, 100, &t->shot_lb[wi]) < 0)
            return -1;
    }
    return 0;
}

static int
load_movement (table_reader_t *ld, eol_tables_t *t, const ruleset_t *rs)
{
    if (table_read_int (ld, "eol.units.bases_min", 1, 1000, &t->bases_min) < 0
    ||  table_read_int (ld, "eol.units.bases_max", t->bases_min, 1000,
                        &t->bases_max) < 0
    ||  table_read_int (ld, "eol.units.artillery_bases", 1, 1000,
                        &t->artillery_bases) < 0
    ||  table_read_double (ld, "eol.units.skirmish_base_cm", 0.01, 1000,
                           &t->skirmish_base_cm) < 0
    ||  table_read_double (ld, "eol.units.skirmish_gap_cm", 0, 1000,
                           &t->skirmish_gap_cm) < 0
    ||  table_read_int (ld, "eol.units.skirmish_ranks", 1, 100,
                        &t->skirmish_ranks) < 0
    ||  table_read_double (ld, "eol.units.leader_base_cm", 0.01, 1000,
                           &t->leader_base_cm) < 0
    ||  table_read_double (ld, "eol.movement.echelon_max_deg", 0, 90,
                           &t->echelon_max_deg) < 0
    ||  table_read_double (ld, "eol.movement.no_closer_cm", 0,
                           SOLO_MAX_TABLE_CM,
                           &t->no_closer_cm) < 0
    ||  table_read_double (ld, "eol.movement.pull_back_max_deg", 0, 90,
                           &t->pull_back_max_deg) < 0
    ||  table_read_double (ld, "eol.movement.contact_cm", 0, 100,
                           &t->contact_cm) < 0
    ||  table_read_bool (ld, "eol.movement.pass_through_friends",
                         &t->pass_through_friends) < 0
    ||  table_read_bool (ld, "eol.movement.disordered_may_change",
                         &t->disordered_may_change) < 0)
        return -1;
    if (!table_need_group_of (ld, "eol.movement.changes", change_names,
                              EOL_CHANGE_COUNT))
        return -1;
    for (int c = 0; c < EOL_CHANGE_COUNT; c++) {
        char p[96];
        snprintf (p, sizeof p, "eol.movement.changes.%s", change_names[c]);
        if (table_read_double (ld, p, 0, 1, &t->change_moves[c]) < 0)
            return -1;
    }
    static const char *speeds[] = { "formed_foot", "mounted", "artillery",
                                    "skirmish_foot" };
    if (read_kinds (ld, "eol.terrain.rough", t->rough) < 0
    ||  read_kinds (ld, "eol.terrain.road", t->road) < 0
    ||  !table_need_group_of (ld, "eol.terrain.rough_speed", speeds, 4)
    ||  table_read_double (ld, "eol.terrain.rough_speed.formed_foot", 0.01, 10,
                           &t->rough_speed_formed_foot) < 0
    ||  table_read_double (ld, "eol.terrain.rough_speed.mounted", 0.01, 10,
                           &t->rough_speed_mounted) < 0
    ||  table_read_double (ld, "eol.terrain.rough_speed.artillery", 0.01, 10,
                           &t->rough_speed_artillery) < 0
    ||  table_read_double (ld, "eol.terrain.rough_speed.skirmish_foot", 0.01,
                           10,
                           &t->rough_speed_skirmish_foot) < 0
    ||  table_read_double (ld, "eol.terrain.road_speed", 0.01, 10,
                           &t->road_speed) < 0
    ||  table_read_bool (ld, "eol.terrain.road_for_skirmish",
                         &t->road_for_skirmish) < 0
    ||  read_kinds (ld, "eol.sight.kinds", t->sight_kind) < 0
    ||  table_read_double (ld, "eol.sight.into_cm", 0, SOLO_MAX_TABLE_CM,
                           &t->sight_into_cm) < 0
    ||  table_read_double (ld, "eol.sight.through_cm", 0, SOLO_MAX_TABLE_CM,
                           &t->sight_through_cm) < 0)
        return -1;
    /* the rules core's sight (the Risk Factors, fog of war) must see as
       far as the game's: the same two depths */
    const rules_settings_t *st = ruleset_settings (rs);
    if (fabs (st->woods_shoot_depth_cm - t->sight_into_cm) > 1e-9)
        return table_fail_at (ld, config_lookup (&ld->cfg,
                                                 "eol.sight.into_cm"),
                              "eol.sight.into_cm", "%g, but settings."
                              "woods_shoot_depth_cm is %g: the two must agree",
                              t->sight_into_cm, st->woods_shoot_depth_cm);
    if (fabs (st->woods_through_cm - t->sight_through_cm) > 1e-9)
        return table_fail_at (ld, config_lookup (&ld->cfg,
                                                 "eol.sight.through_cm"),
                              "eol.sight.through_cm", "%g, but settings."
                              "woods_through_cm is %g: the two must agree",
                              t->sight_through_cm, st->woods_through_cm);
    return 0;
}

static int
load_fire_melee (table_reader_t *ld, eol_tables_t *t)
{
    static const char *const round_names[] = { "nearest", "down", "up" };
    static const char *const face_names[] = { "contact", "centre" };
    if (table_read_int (ld, "eol.fire.kill_on", 1, 7, &t->fire_kill_on) < 0
    ||  table_read_double (ld, "eol.fire.arc_half_deg", 1, 90,
                           &t->fire_arc_half_deg) < 0
    ||  table_read_double (ld, "eol.fire.fortifications", 0, 100,
                           &t->fire_fortifications) < 0
    ||  table_read_double (ld, "eol.fire.cover", 0, 100, &t->fire_cover) < 0
    ||  table_read_double (ld, "eol.fire.target_skirmish", 0, 100,
                           &t->fire_target_skirmish) < 0
    ||  table_read_double (ld, "eol.fire.target_column_or_flank", 0, 100,
                           &t->fire_target_column_or_flank) < 0
    ||  table_read_double (ld, "eol.fire.mounted_firing", 0, 100,
                           &t->fire_mounted) < 0
    ||  table_read_double (ld, "eol.fire.point_blank", 0, 100,
                           &t->fire_point_blank) < 0
    ||  table_read_double (ld, "eol.fire.long_range", 0, 100,
                           &t->fire_long_range) < 0
    ||  read_by_grade_double (ld, "eol.fire.quality", 0, 100,
                              t->fire_quality) < 0
    ||  table_read_bool (ld, "eol.fire.reaction_range_modifiers",
                         &t->reaction_range_modifiers) < 0
    ||  table_read_name (ld, "eol.fire.round", round_names, 3,
                         &t->fire_round) < 0
    ||  table_read_int (ld, "eol.fire.shot_guns", 1, 10,
                        &t->fire_shot_guns) < 0)
        return -1;
    if (!table_need_group_of (ld, "eol.melee.kill_on", fighter_names,
                              EOL_FIGHTER_COUNT))
        return -1;
    for (int f = 0; f < EOL_FIGHTER_COUNT; f++) {
        char p[96];
        snprintf (p, sizeof p, "eol.melee.kill_on.%s", fighter_names[f]);
        if (table_read_int (ld, p, 1, 12, &t->kill_on[f]) < 0)
            return -1;
    }
    if (table_read_int (ld, "eol.melee.mounted_in_rough", -6, 6,
                        &t->melee_mounted_in_rough) < 0
    ||  table_read_int (ld, "eol.melee.skirmish_in_rough", -6, 6,
                        &t->melee_skirmish_in_rough) < 0
    ||  table_read_int (ld, "eol.melee.disordered", -6, 6,
                        &t->melee_disordered) < 0
    ||  read_by_grade_int (ld, "eol.melee.quality", -6, 6,
                           t->melee_quality) < 0
    ||  table_read_bool (ld, "eol.melee.natural_six_kills",
                         &t->natural_six_kills) < 0
    ||  table_read_bool (ld, "eol.melee.earlier_chargers_roll",
                         &t->earlier_chargers_roll) < 0
    ||  table_read_name (ld, "eol.melee.charge_face", face_names, 2,
                         &t->charge_face) < 0
    ||  table_read_bool (ld, "eol.melee.charge_catches_failed_target",
                         &t->charge_catches_failed_target) < 0)
        return -1;
    return 0;
}

static int
load_morale (table_reader_t *ld, eol_tables_t *t)
{
    static const char *const broken_names[] = { "fate_die", "chance" };
    if (table_read_int (ld, "eol.morale.dice", 1, 10, &t->morale_dice) < 0
    ||  read_by_grade_int (ld, "eol.morale.needed", 0, 60,
                           t->morale_needed) < 0
    ||  table_read_int (ld, "eol.morale.per_quarter_lost", -20, 20,
                        &t->morale_per_quarter_lost) < 0
    ||  table_read_int (ld, "eol.morale.per_casualty", -20, 20,
                        &t->morale_per_casualty) < 0
    ||  table_read_int (ld, "eol.morale.skirmish", -20, 20,
                        &t->morale_skirmish) < 0
    ||  table_read_int (ld, "eol.morale.leader_in_contact", -20, 20,
                        &t->morale_leader) < 0
    ||  table_read_int (ld, "eol.morale.standard_captured", -20, 20,
                        &t->morale_standard_captured) < 0
    ||  table_read_int (ld, "eol.morale.charged_after_firing", -20, 20,
                        &t->morale_charged_after_firing) < 0
    ||  table_read_int (ld, "eol.morale.fall_back_margin", 0, 60,
                        &t->fall_back_margin) < 0
    ||  table_read_bool (ld, "eol.morale.fall_back_through_friends",
                         &t->fall_back_through_friends) < 0
    ||  table_read_int (ld, "eol.leaders.chance_per_quarter", 0, 6,
                        &t->leader_chance_per_quarter) < 0
    ||  table_read_int (ld, "eol.leaders.fell_back", 0, 6,
                        &t->leader_fell_back) < 0
    ||  table_read_int (ld, "eol.leaders.routed", 0, 6, &t->leader_routed) < 0
    ||  table_read_int (ld, "eol.leaders.captured_max", 0, 6,
                        &t->leader_captured_max) < 0
    ||  table_read_name (ld, "eol.leaders.broken_adds_to", broken_names, 2,
                         &t->leader_broken_adds_to) < 0
    ||  table_read_bool (ld, "eol.leaders.retire_is_fall_back",
                         &t->retire_is_fall_back) < 0)
        return -1;
    config_setting_t *s = table_need (ld, "eol.standards.carried_by");
    if (!s)
        return -1;
    if (!config_setting_is_array (s) && !config_setting_is_list (s))
        return table_fail_at (ld, s, "eol.standards.carried_by",
                              "must be a list "
                              "of troop types");
    for (int i = 0; i < config_setting_length (s); i++) {
        config_setting_t *e = config_setting_get_elem (s, (unsigned) i);
        const char *v = config_setting_get_string (e);
        int k = table_name_index (type_names, EOL_TYPE_COUNT, v);
        if (k < 0)
            return table_fail_at (ld, e, "eol.standards.carried_by",
                                  "\"%s\" is not "
                                  "a troop type", v ? v : "(not a string)");
        t->standard_carried[k] = true;
    }
    return 0;
}

static int
load_sequence (table_reader_t *ld, eol_tables_t *t)
{
    static const char *const uncommanded_names[] = {
        "none", "no_leader_in_contact", "all" };
    if (table_read_int (ld, "eol.sequence.initiative_die", 2, 100,
                        &t->initiative_die) < 0
    ||  table_read_bool (ld, "eol.sequence.winner_moves_first",
                         &t->winner_moves_first) < 0
    ||  table_read_name (ld, "eol.sequence.uncommanded", uncommanded_names, 3,
                         &t->uncommanded) < 0
    ||  table_read_double (ld, "eol.doctrine.deploy_cm", 0, SOLO_MAX_TABLE_CM,
                           &t->deploy_cm) < 0
    ||  table_read_double (ld, "eol.victory.army_break", 0.01, 1,
                           &t->army_break) < 0)
        return -1;
    return 0;
}

/*  Every group of `eol` holds only the settings this loader reads. */
static int
check_groups (table_reader_t *ld)
{
    static const char *top[] = { "grades", "types", "shot", "units",
        "movement", "terrain", "sight", "fire", "melee", "morale", "leaders",
        "standards", "sequence", "doctrine", "victory" };
    static const char *units[] = { "bases_min", "bases_max",
        "artillery_bases", "skirmish_base_cm", "skirmish_gap_cm",
        "skirmish_ranks", "leader_base_cm" };
    static const char *movement[] = { "echelon_max_deg", "no_closer_cm",
        "pull_back_max_deg", "contact_cm", "pass_through_friends",
        "disordered_may_change", "changes" };
    static const char *terrain[] = { "rough", "road", "rough_speed",
        "road_speed", "road_for_skirmish" };
    static const char *sight[] = { "kinds", "into_cm", "through_cm" };
    static const char *fire[] = { "kill_on", "arc_half_deg", "fortifications",
        "cover", "target_skirmish", "target_column_or_flank",
        "mounted_firing", "point_blank", "long_range", "quality",
        "reaction_range_modifiers", "round", "shot_guns" };
    static const char *melee[] = { "kill_on", "mounted_in_rough",
        "skirmish_in_rough", "disordered", "quality", "natural_six_kills",
        "earlier_chargers_roll", "charge_face",
        "charge_catches_failed_target" };
    static const char *morale[] = { "dice", "needed", "per_quarter_lost",
        "per_casualty", "skirmish", "leader_in_contact", "standard_captured",
        "charged_after_firing", "fall_back_margin",
        "fall_back_through_friends" };
    static const char *leaders[] = { "chance_per_quarter", "fell_back",
        "routed", "captured_max", "broken_adds_to", "retire_is_fall_back" };
    static const char *standards[] = { "carried_by" };
    static const char *sequence[] = { "initiative_die",
        "winner_moves_first", "uncommanded" };
    static const char *doctrine[] = { "deploy_cm" };
    static const char *victory[] = { "army_break" };
#define GROUP(path, keys) \
    table_need_group_of (ld, path, keys, (int) (sizeof keys / sizeof keys[0]))
    if (!GROUP ("eol", top) || !GROUP ("eol.units", units)
        || !GROUP ("eol.movement", movement) || !GROUP ("eol.terrain", terrain)
        || !GROUP ("eol.sight", sight) || !GROUP ("eol.fire", fire)
        || !GROUP ("eol.melee", melee) || !GROUP ("eol.morale", morale)
        || !GROUP ("eol.leaders", leaders)
        || !GROUP ("eol.standards", standards)
        || !GROUP ("eol.sequence", sequence)
        || !GROUP ("eol.doctrine", doctrine) || !GROUP ("eol.victory",
                                                        victory))
        return -1;
#undef GROUP
    return 0;
}

eol_tables_t *
eol_tables_load_text (const char *text, const char *origin,
                      const ruleset_t *rs, char *err, int errlen)
{
    assert (text && rs && err && errlen > 0);
    table_reader_t ld;
    if (table_reader_open (&ld, text, origin, err, errlen) < 0)
        return NULL;
    eol_tables_t *t = calloc (1, sizeof *t);
    if (!t)
        snprintf (err, (size_t) errlen, "%s - out of memory", ld.origin);
    else if (check_groups (&ld) < 0 || load_grades (&ld, t, rs) < 0
             || load_types (&ld, t) < 0
             || load_troops (&ld, t, rs) < 0 || load_movement (&ld, t, rs) < 0
             || load_fire_melee (&ld, t) < 0 || load_morale (&ld, t) < 0
             || load_sequence (&ld, t) < 0)
        eol_tables_destroy (&t);
    table_reader_close (&ld);
    return t;
}

void
eol_tables_destroy (eol_tables_t **self_p)
{
    assert (self_p);
    free (*self_p);
    *self_p = NULL;
}

eol_grade_t
eol_grade (const eol_tables_t *t, const unit_t *u)
{
    if ((int) u->quality < 0 || u->quality >= QUALITY_COUNT)
        return EOL_AVERAGE;
    return t->grade_of[u->quality];
}

eol_type_t
eol_unit_type (const eol_tables_t *t, const unit_t *u)
{
    if (u->troop_type > 0 && u->troop_type <= SOLO_MAX_TROOP_TYPES
        && t->type_of_troop[u->troop_type] != EOL_TYPE_COUNT)
        return t->type_of_troop[u->troop_type];
    if ((int) u->arm >= 0 && u->arm < ARM_COUNT)
        return t->usual[u->arm];
    return EOL_LEADER;
}

int
eol_shot_lb (const eol_tables_t *t, const unit_t *u)
{
    if (u->weapon < 0 || u->weapon >= SOLO_MAX_WEAPONS)
        return 0;
    return t->shot_lb[u->weapon];
}

const eol_type_info_t *
eol_type_info (const eol_tables_t *t, const unit_t *u)
{
    return &t->types[eol_unit_type (t, u)];
}
