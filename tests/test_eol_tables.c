/*  test_eol_tables.c - every number of Empire of Liberty (seed 001) as the
 *  table file gives it, asserted against the text: troop types, basing,
 *  unit sizes, ratings, moves, formation changes, terrain, sight, fire,
 *  melee, morale, leaders and standards, the turn sequence; and the
 *  loader's errors.  Lengths: the text's inches times 2.54.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_engine.h"
#include "eol_tables.h"
#include "game.h"
#include "testutil.h"

#define TABLES "rules/data/empire_of_liberty/tables.cfg"
#define IN(x) ((x) * 2.54)

static game_rules_t *rules;
static const ruleset_t *rs;
static const eol_tables_t *t;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rules = game_rules_load (test_source_path (TABLES), err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    rs = game_rules_ruleset (rules);
    t = game_rules_tables (rules);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

static void
near (double a, double b)
{
    if (fabs (a - b) > 1e-9)
        fail_msg ("%.6f is not %.6f", a, b);
}

/*  A unit of troop type `type` firing `weapon`. */
static unit_t
troop (const char *type, const char *weapon)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    u.troop_type = ruleset_troop_type_find (rs, type);
    assert_true (u.troop_type > 0);
    u.weapon = ruleset_weapon_find (rs, weapon);
    assert_true (u.weapon >= 0);
    return u;
}

/*  The ruleset loads under its name, with its engine. */
static void
test_loads (void **state)
{
    (void) state;
    assert_string_equal (ruleset_name (rs), "empire_of_liberty");
    assert_string_equal (game_rules_engine (rules)->name, "empire_of_liberty");
    assert_ptr_equal (game_engine_find ("empire_of_liberty"), &eol_engine);
    /* the initiative and an activation a unit of each side at most */
    assert_int_equal (eol_engine.phase_count, 1 + 2 * SOLO_MAX_UNITS);
    assert_int_equal (strlen (ruleset_tables_hash (rs)), 16);
}

/*  "Units are rated Poor, Green, Average, Veteran, or Elite." */
static void
test_grades (void **state)
{
    (void) state;
    assert_int_equal (t->grade_of[QUALITY_RAW], EOL_POOR);
    assert_int_equal (t->grade_of[QUALITY_GREEN], EOL_GREEN);
    assert_int_equal (t->grade_of[QUALITY_AVERAGE], EOL_AVERAGE);
    assert_int_equal (t->grade_of[QUALITY_REGULAR], EOL_VETERAN);
    assert_int_equal (t->grade_of[QUALITY_HERO], EOL_ELITE);
    assert_int_equal (quality_parse ("poor"), QUALITY_RAW);
    assert_int_equal (quality_parse ("veteran"), QUALITY_REGULAR);
    assert_int_equal (quality_parse ("average"), QUALITY_AVERAGE);
    assert_int_equal (quality_parse ("green"), QUALITY_GREEN);
    assert_string_equal (eol_grade_name (EOL_ELITE), "elite");
    assert_string_equal (eol_grade_name (EOL_POOR), "poor");
    /* the ruleset speaks the text's names, and reads them and the core's */
    const char *text_names[QUALITY_COUNT];
    text_names[QUALITY_RAW] = "poor";
    text_names[QUALITY_GREEN] = "green";
    text_names[QUALITY_AVERAGE] = "average";
    text_names[QUALITY_REGULAR] = "veteran";
    text_names[QUALITY_HERO] = "elite";
    for (int q = 0; q < QUALITY_COUNT; q++) {
        assert_string_equal (ruleset_quality_name (rs, (quality_t) q),
                             text_names[q]);
        assert_int_equal (ruleset_quality_parse (rs, text_names[q]), q);
        assert_int_equal (ruleset_quality_parse (rs, quality_name (
                                                         (quality_t) q)), q);
    }
    assert_int_equal (ruleset_quality_parse (rs, "Elite"), QUALITY_HERO);
    assert_int_equal (ruleset_quality_parse (rs, "regular"), QUALITY_REGULAR);
    assert_int_equal (ruleset_quality_parse (rs, "crack"), -1);
    assert_int_equal (ruleset_quality_parse (NULL, "elite"), QUALITY_HERO);
    assert_int_equal (ruleset_quality_parse (NULL, "crack"), -1);
    assert_string_equal (ruleset_quality_name (NULL, QUALITY_HERO), "hero");
}

/*  A situation file may rate its units with the text's names. */
static void
test_grades_in_files (void **state)
{
    (void) state;
    const char *text =
        "ruleset = \"empire_of_liberty\";\n"
        "table = { width = 100.0; depth = 100.0; };\n"
        "units = (\n"
        "  { id = \"a\"; side = \"blue\"; arm = \"infantry\"; quality = "
        "\"elite\"; troop_type = \"regular_infantry\"; "
        "weapon = \"musket\"; figures = 8; x = 20.0; "
        "y = 20.0; facing = 0.0; width = 7.62; depth = 3.81; },\n"
        "  { id = \"b\"; side = \"red\"; arm = \"infantry\"; quality = "
        "\"Veteran\"; troop_type = \"regular_infantry\"; "
        "weapon = \"musket\"; figures = 8; x = 60.0; "
        "y = 60.0; facing = 0.0; width = 7.62; depth = 3.81; },\n"
        "  { id = \"c\"; side = \"red\"; arm = \"infantry\"; quality = "
        "\"crack\"; troop_type = \"regular_infantry\"; "
        "weapon = \"musket\"; figures = 8; x = 80.0; "
        "y = 60.0; facing = 0.0; width = 7.62; depth = 3.81; }\n"
        ");\n";
    char err[256] = "";
    situation_t *sit = situation_load_text (text, "t.cfg", game_rules_finder,
                                            rules, err,
                                            sizeof err);
    assert_null (sit);
    assert_non_null (strstr (err, "unit \"c\": unknown quality \"crack\""));
    char fixed[4096];
    snprintf (fixed, sizeof fixed, "%s", text);
    char *crack = strstr (fixed, "crack");
    memcpy (crack, "green", 5);
    sit = situation_load_text (fixed, "t.cfg", game_rules_finder, rules, err,
                               sizeof err);
    if (!sit)
        fail_msg ("%s", err);
    assert_int_equal (situation_unit_const (sit, 0)->quality, QUALITY_HERO);
    assert_int_equal (situation_unit_const (sit, 1)->quality, QUALITY_REGULAR);
    assert_int_equal (situation_unit_const (sit, 2)->quality, QUALITY_GREEN);
    situation_destroy (&sit);
}

/*  The seven troop types and their basing: regular infantry four figures
 *  on a base 1.5" square; light and skirmish infantry individually on
 *  3/4" bases (four figures to a base when they form up); cavalry and
 *  mounted rifles two figures to a 1.5" base, mounted or on foot;
 *  artillery a 3" base with a gun and four artillerists; leaders on round
 *  bases 1.5" across. */
static void
test_types_and_basing (void **state)
{
    (void) state;
    const eol_type_info_t *ty = t->types;
    assert_int_equal (ty[EOL_REGULAR_INFANTRY].arm, ARM_INFANTRY);
    assert_int_equal (ty[EOL_REGULAR_INFANTRY].skirmish, EOL_SKIRMISH_NEVER);
    assert_int_equal (ty[EOL_REGULAR_INFANTRY].base_figures, 4);
    near (ty[EOL_REGULAR_INFANTRY].base_cm, IN (1.5));
    assert_int_equal (ty[EOL_LIGHT_INFANTRY].skirmish, EOL_SKIRMISH_MAY);
    assert_int_equal (ty[EOL_LIGHT_INFANTRY].base_figures, 4);
    assert_int_equal (ty[EOL_SKIRMISH_INFANTRY].skirmish, EOL_SKIRMISH_ALWAYS);
    for (int k = EOL_CAVALRY; k <= EOL_MOUNTED_RIFLES; k++) {
        assert_int_equal (ty[k].arm, ARM_CAVALRY);
        assert_int_equal (ty[k].skirmish, EOL_SKIRMISH_MAY);
        assert_true (ty[k].dismounts);
        assert_int_equal (ty[k].base_figures, 2);
        near (ty[k].base_cm, IN (1.5));
    }
    for (int k = EOL_FIELD_ARTILLERY; k <= EOL_HEAVY_ARTILLERY; k++) {
        assert_int_equal (ty[k].arm, ARM_ARTILLERY);
        assert_int_equal (ty[k].base_figures, 4);
        near (ty[k].base_cm, IN (3));
    }
    assert_false (ty[EOL_REGULAR_INFANTRY].dismounts);
    assert_int_equal (ty[EOL_LEADER].arm, ARM_COMMAND);
    near (t->skirmish_base_cm, IN (0.75));
    near (t->skirmish_gap_cm, IN (1));
    near (t->leader_base_cm, IN (1.5));
    /* one artillery base, or two to ten bases */
    assert_int_equal (t->artillery_bases, 1);
    assert_int_equal (t->bases_min, 2);
    assert_int_equal (t->bases_max, 10);
}

/*  The text's seven troop types and leaders are the ruleset's troop
 *  types; a unit naming none is the first type of its arm; "Artillery
 *  rolls one die per pound of shot weight". */
static void
test_troops (void **state)
{
    (void) state;
    assert_int_equal (ruleset_troop_type_count (rs), EOL_TYPE_COUNT + 1);
    for (int k = 0; k < EOL_TYPE_COUNT; k++) {
        int i = ruleset_troop_type_find (rs, eol_type_name ((eol_type_t) k));
        assert_true (i > 0);
        assert_int_equal (t->type_of_troop[i], k);
    }
    unit_t u = troop ("skirmish_infantry", "rifle");
    assert_int_equal (eol_unit_type (t, &u), EOL_SKIRMISH_INFANTRY);
    assert_int_equal (eol_shot_lb (t, &u), 0);
    u = troop ("mounted_rifles", "rifle");
    assert_int_equal (eol_unit_type (t, &u), EOL_MOUNTED_RIFLES);
    u = troop ("field_artillery", "field_gun_3pdr");
    assert_int_equal (eol_unit_type (t, &u), EOL_FIELD_ARTILLERY);
    assert_int_equal (eol_shot_lb (t, &u), 3);
    u = troop ("field_artillery", "field_gun_4pdr");
    assert_int_equal (eol_shot_lb (t, &u), 4);
    u = troop ("field_artillery", "field_gun_6pdr");
    assert_int_equal (eol_shot_lb (t, &u), 6);
    u = troop ("heavy_artillery", "heavy_gun_12pdr");
    assert_int_equal (eol_unit_type (t, &u), EOL_HEAVY_ARTILLERY);
    assert_int_equal (eol_shot_lb (t, &u), 12);
    u = troop ("heavy_artillery", "heavy_gun_18pdr");
    assert_int_equal (eol_shot_lb (t, &u), 18);
    u = troop ("heavy_artillery", "heavy_gun_24pdr");
    assert_int_equal (eol_shot_lb (t, &u), 24);
    u = troop ("leader", "none");
    assert_int_equal (eol_unit_type (t, &u), EOL_LEADER);
    /* no troop type: by the arm */
    u.troop_type = 0;
    u.arm = ARM_INFANTRY;
    assert_int_equal (eol_unit_type (t, &u), EOL_REGULAR_INFANTRY);
    u.arm = ARM_CAVALRY;
    assert_int_equal (eol_unit_type (t, &u), EOL_CAVALRY);
    u.arm = ARM_ARTILLERY;
    assert_int_equal (eol_unit_type (t, &u), EOL_FIELD_ARTILLERY);
    u.arm = ARM_COMMAND;
    assert_int_equal (eol_unit_type (t, &u), EOL_LEADER);
}

/*  "Ranges are: muskets - 9"; rifles - 12"; field guns - 24"; heavy guns
 *  - 36"": point-blank the nearest third, long range the furthest. */
static void
test_ranges (void **state)
{
    (void) state;
    struct { const char *w; double range; } rows[] = {
        { "musket", 9 }, { "carbine", 9 }, { "rifle", 12 },
        { "field_gun_3pdr", 24 }, { "field_gun_4pdr", 24 },
        { "field_gun_6pdr", 24 }, { "heavy_gun_12pdr", 36 },
        { "heavy_gun_18pdr", 36 }, { "heavy_gun_24pdr", 36 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int w = ruleset_weapon_find (rs, rows[i].w);
        const weapon_t *wp = ruleset_weapon (rs, w);
        near (wp->long_cm, IN (rows[i].range));
        near (wp->short_cm, IN (rows[i].range / 3));
        near (wp->medium_cm, IN (rows[i].range * 2 / 3));
        assert_false (wp->muzzle_loaded);
        assert_int_equal (ruleset_range_band (rs, w, IN (rows[i].range / 3)),
                          RANGE_SHORT);
        assert_int_equal (ruleset_range_band (rs, w, IN (rows[i].range / 2)),
                          RANGE_MEDIUM);
        assert_int_equal (ruleset_range_band (rs, w, IN (rows[i].range)),
                          RANGE_LONG);
        assert_int_equal (ruleset_range_band (rs, w, IN (rows[i].range) + 0.01),
                          RANGE_NONE);
    }
    assert_true (ruleset_weapon (rs, ruleset_weapon_find (rs, "none"))->long_cm
                 == 0);
}

static double
move_of (arm_t arm, formation_t f)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    u.arm = arm;
    u.formation = f;
    u.figures = 4;
    return ruleset_move_cm (rs, &u, NULL);
}

/*  "Infantry in skirmish move 12" ... Columns on foot move 8" per move.
 *  Foot units in line move 4" per move.  Mounted moves 12" in line or 18"
 *  in column.  Mounted skirmishers move 24" ... Artillery ... move 2" when
 *  unlimbered, and 4" when limbered." */
static void
test_moves (void **state)
{
    (void) state;
    assert_true (ruleset_settings (rs)->has_moves);
    near (move_of (ARM_INFANTRY, FORMATION_LOOSE), IN (12));
    near (move_of (ARM_INFANTRY, FORMATION_COLUMN), IN (8));
    near (move_of (ARM_INFANTRY, FORMATION_LINE), IN (4));
    near (move_of (ARM_CAVALRY, FORMATION_LINE), IN (12));
    near (move_of (ARM_CAVALRY, FORMATION_MOUNTED), IN (12));
    near (move_of (ARM_CAVALRY, FORMATION_COLUMN), IN (18));
    near (move_of (ARM_CAVALRY, FORMATION_LOOSE), IN (24));
    near (move_of (ARM_ARTILLERY, FORMATION_LINE), IN (2));
    near (move_of (ARM_ARTILLERY, FORMATION_COLUMN), IN (4));
    near (move_of (ARM_COMMAND, FORMATION_LINE), IN (24));
    /* paces do not matter in this ruleset */
    unit_t u;
    memset (&u, 0, sizeof u);
    u.arm = ARM_CAVALRY;
    u.formation = FORMATION_COLUMN;
    near (ruleset_move_cm (rs, &u, "walk"), IN (18));
    near (ruleset_move_cm (rs, &u, "gallop"), IN (18));
}

/*  "Formation changes require a half move ... Full-move formation changes
 *  include forming a line from column without changing facing, forming a
 *  column from line without changing facing, and dressing ranks";
 *  echelon up to 45 degrees; not within 4" of an enemy's front. */
static void
test_formation_changes (void **state)
{
    (void) state;
    for (int c = 0; c < EOL_CHANGE_COUNT; c++) {
        bool full = c == EOL_CHANGE_COLUMN_FROM_LINE
                 || c == EOL_CHANGE_LINE_FROM_COLUMN
                 || c == EOL_CHANGE_DRESS_RANKS;
        near (t->change_moves[c], full ? 1.0 : 0.5);
    }
    assert_string_equal (eol_change_name (EOL_CHANGE_ABOUT_FACE), "about_face");
    assert_string_equal (eol_change_name (EOL_CHANGE_DRESS_RANKS), "dress_ranks");
    near (t->echelon_max_deg, 45);
    near (t->no_closer_cm, IN (4));
    /* "or to pull directly back away from it": the project's 45 degrees
       off straight away */
    near (t->pull_back_max_deg, 45);
    /* the text is silent on moving through friends: the project's
       reading, no unit moves through another */
    assert_false (t->pass_through_friends);
}

/*  "rough slows formed infantry by half, and mounted and artillery by 3/4.
 *  Roads double movement and negate the effects of rough terrain for all
 *  but skirmish." */
static void
test_terrain (void **state)
{
    (void) state;
    near (t->rough_speed_formed_foot, 0.5);
    near (t->rough_speed_mounted, 0.25);
    near (t->rough_speed_artillery, 0.25);
    near (t->rough_speed_skirmish_foot, 1.0);
    near (t->road_speed, 2.0);
    assert_false (t->road_for_skirmish);
    assert_true (t->rough[TERRAIN_ROUGH]);
    assert_true (t->rough[TERRAIN_WOODS]);
    assert_false (t->rough[TERRAIN_ROAD]);
    assert_false (t->rough[TERRAIN_GENTLE_HILL]);
    assert_true (t->road[TERRAIN_ROAD]);
    /* cover: "target in cover" soft, "in fortifications" hard */
    assert_int_equal (ruleset_terrain (rs, TERRAIN_FORTIFICATION)->cover,
                      COVER_HARD);
    assert_int_equal (ruleset_terrain (rs, TERRAIN_WOODS)->cover, COVER_SOFT);
    assert_int_equal (ruleset_terrain (rs, TERRAIN_TOWN)->cover, COVER_SOFT);
    assert_int_equal (ruleset_terrain (rs, TERRAIN_ROUGH)->cover, COVER_NONE);
    assert_true (ruleset_terrain (rs, TERRAIN_RIVER)->impassable);
}

/*  "You can see up to 3" into woods, built-up areas, and similar terrain,
 *  or 6" through them." */
static void
test_sight (void **state)
{
    (void) state;
    near (t->sight_into_cm, IN (3));
    near (t->sight_through_cm, IN (6));
    assert_true (t->sight_kind[TERRAIN_WOODS]);
    assert_true (t->sight_kind[TERRAIN_TOWN]);
    assert_false (t->sight_kind[TERRAIN_ROUGH]);
    const rules_settings_t *s = ruleset_settings (rs);
    near (s->woods_shoot_depth_cm, IN (3));
    near (s->terrain_edge_cm, IN (3));
    near (s->front_half_deg, 45);
}

/*  "Any roll of a 6 kills an enemy figure.  ... fortifications - 1/4
 *  dice; cover - 1/2 dice; target in skirmish - 1/2 dice; target in
 *  column, or line from flank or rear - double dice; mounted firing - 1/2
 *  dice; Poor firing - 1/2 dice; Green firing - 3/4 dice; Veteran firing
 *  - x1.5 dice; Elite firing - double dice; point-blank fire - double
 *  dice; long-range fire - 1/2 dice", within 45 degrees. */
static void
test_fire_numbers (void **state)
{
    (void) state;
    assert_int_equal (t->fire_kill_on, 6);
    near (t->fire_arc_half_deg, 45);
    near (t->fire_fortifications, 0.25);
    near (t->fire_cover, 0.5);
    near (t->fire_target_skirmish, 0.5);
    near (t->fire_target_column_or_flank, 2.0);
    near (t->fire_mounted, 0.5);
    near (t->fire_quality[EOL_POOR], 0.5);
    near (t->fire_quality[EOL_GREEN], 0.75);
    near (t->fire_quality[EOL_AVERAGE], 1.0);
    near (t->fire_quality[EOL_VETERAN], 1.5);
    near (t->fire_quality[EOL_ELITE], 2.0);
    near (t->fire_point_blank, 2.0);
    near (t->fire_long_range, 0.5);
    assert_false (t->reaction_range_modifiers);
    /* the text gives no rounding: the project's, to the nearest */
    assert_int_equal (t->fire_round, EOL_ROUND_NEAREST);
    /* one die per pound of the gun's shot (the base's one gun) */
    assert_int_equal (t->fire_shot_guns, 1);
}

/*  "Artillerists and foot skirmishers kill on a 6; formed infantry and
 *  mounted rifles kill on a 5 or 6; and cavalry kills on a 4-6.  ...
 *  Mounted get -2 to dice in rough; Elite and Veteran +1 to dice; Green
 *  and Poor -1 to dice.  Skirmishers get a +1 to dice in rough.
 *  Disordered units get -1 to dice." */
static void
test_melee_numbers (void **state)
{
    (void) state;
    assert_int_equal (t->kill_on[EOL_FIGHTER_ARTILLERISTS], 6);
    assert_int_equal (t->kill_on[EOL_FIGHTER_FOOT_SKIRMISHERS], 6);
    assert_int_equal (t->kill_on[EOL_FIGHTER_FORMED_INFANTRY], 5);
    assert_int_equal (t->kill_on[EOL_FIGHTER_MOUNTED_RIFLES], 5);
    assert_int_equal (t->kill_on[EOL_FIGHTER_CAVALRY], 4);
    assert_int_equal (t->melee_mounted_in_rough, -2);
    assert_int_equal (t->melee_skirmish_in_rough, 1);
    assert_int_equal (t->melee_disordered, -1);
    assert_int_equal (t->melee_quality[EOL_ELITE], 1);
    assert_int_equal (t->melee_quality[EOL_VETERAN], 1);
    assert_int_equal (t->melee_quality[EOL_AVERAGE], 0);
    assert_int_equal (t->melee_quality[EOL_GREEN], -1);
    assert_int_equal (t->melee_quality[EOL_POOR], -1);
    assert_false (t->natural_six_kills);
    /* "the charged unit may roll again, but other non-charging units will
       not": a unit that charged into the melee earlier does not */
    assert_false (t->earlier_chargers_roll);
    /* "Charges are moves made straight forward which result in a combat
       contact": the face a charge strikes is the one it touches (the
       project's reading: the text does not say) */
    assert_int_equal (t->charge_face, EOL_CHARGE_FACE_CONTACT);
    /* "Charges are moves made straight forward which result in a combat
       contact": a charged unit that fails its check but cannot get clear
       is charged home (the project's reading: the text does not say) */
    assert_true (t->charge_catches_failed_target);
    near (t->contact_cm, IN (0.25));
}

/*  "Elite units - 12; Veteran units - 11; Average units - 10; Green units
 *  - 9; Poor units - 8.  For each 1/4 cumulative casualties: -1; for each
 *  casualty taken by action causing check: -1; unit is skirmish: -2;
 *  leader in contact with unit: +1; standard has been captured: -1; if
 *  checking versus charge, and have already fired this turn: -1.
 *  Failure by two pips or less ..." */
static void
test_morale_numbers (void **state)
{
    (void) state;
    assert_int_equal (t->morale_dice, 2);
    assert_int_equal (t->morale_needed[EOL_ELITE], 12);
    assert_int_equal (t->morale_needed[EOL_VETERAN], 11);
    assert_int_equal (t->morale_needed[EOL_AVERAGE], 10);
    assert_int_equal (t->morale_needed[EOL_GREEN], 9);
    assert_int_equal (t->morale_needed[EOL_POOR], 8);
    assert_int_equal (t->morale_per_quarter_lost, -1);
    assert_int_equal (t->morale_per_casualty, -1);
    assert_int_equal (t->morale_skirmish, -2);
    assert_int_equal (t->morale_leader, 1);
    assert_int_equal (t->morale_standard_captured, -1);
    assert_int_equal (t->morale_charged_after_firing, -1);
    assert_int_equal (t->fall_back_margin, 2);
    /* the text is silent on friends in a fall back's way: the project's
       reading, it stops short of them as any move does */
    assert_false (t->fall_back_through_friends);
}

/*  "for each 1/4 of the unit lost ... the chance of a leader effect is 1
 *  pip.  ... a 1-4 = leader is captured; 5/6 = leader wounded or killed
 *  ... If unit has fallen back: +1; if unit has routed: +2."  Standards
 *  by the same mechanism. */
static void
test_leader_numbers (void **state)
{
    (void) state;
    assert_int_equal (t->leader_chance_per_quarter, 1);
    assert_int_equal (t->leader_fell_back, 1);
    assert_int_equal (t->leader_routed, 2);
    assert_int_equal (t->leader_captured_max, 4);
    /* the +1 and +2 follow the second die in the text: read on it */
    assert_int_equal (t->leader_broken_adds_to, EOL_BROKEN_ADDS_TO_FATE_DIE);
    /* "If unit has fallen back: +1": a skirmish unit that retired has */
    assert_true (t->retire_is_fall_back);
    assert_true (t->standard_carried[EOL_REGULAR_INFANTRY]);
    assert_true (t->standard_carried[EOL_CAVALRY]);
    assert_false (t->standard_carried[EOL_FIELD_ARTILLERY]);
    assert_false (t->standard_carried[EOL_LEADER]);
}

/*  "Each side dices for initiative, with ties rerolled.  Winner chooses
 *  first or second move." */
static void
test_sequence_numbers (void **state)
{
    (void) state;
    assert_int_equal (t->initiative_die, 6);
    assert_true (t->winner_moves_first);
    /* no command rule in the text: no unit is uncommanded */
    assert_int_equal (t->uncommanded, EOL_UNCOMMANDED_NONE);
    near (t->army_break, 0.5);
    near (t->deploy_cm, IN (12));
}

/*  The table file with one line replaced (must match once). */
static char *
edited (const char *from, const char *to)
{
    return test_file_edited (TABLES, from, to);
}

/*  Load an edited table file; expect an error containing `want`. */
static void
expect_error (const char *from, const char *to, const char *want)
{
    char *text = edited (from, to);
    char err[SOLO_ERR_MAX];
    game_rules_t *r = game_rules_load_text (text, "eol.cfg", err, sizeof err);
    free (text);
    if (r) {
        game_rules_destroy (&r);
        fail_msg ("loaded, expected \"%s\"", want);
    }
    if (!strstr (err, want))
        fail_msg ("error \"%s\" lacks \"%s\"", err, want);
}

static void
test_loader_errors (void **state)
{
    (void) state;
    expect_error ("    per_casualty = -1;", "", "eol.morale.per_casualty: missing");
    expect_error ("    kill_on = 6;", "    kill_on = \"six\";",
                  "eol.fire.kill_on: must be an integer");
    expect_error ("    dice = 2;", "    dice = 2; sixes = 1;",
                  "eol.morale.sixes");
    expect_error ("uncommanded = \"none\";", "uncommanded = \"some\";",
                  "eol.sequence.uncommanded: \"some\" is not one of none, "
                  "no_leader_in_contact, all");
    expect_error ("broken_adds_to = \"fate_die\";",
                  "broken_adds_to = \"first_die\";",
                  "eol.leaders.broken_adds_to: \"first_die\" is not one of "
                  "fate_die, chance");
    expect_error ("charge_face = \"contact\";", "charge_face = \"middle\";",
                  "eol.melee.charge_face: \"middle\" is not one of contact, "
                  "centre");
    expect_error ("round = \"nearest\";", "round = \"even\";",
                  "eol.fire.round: \"even\" is not one of nearest, down, up");
    expect_error ("raw = \"poor\";", "raw = \"raw\";",
                  "eol.grades.raw: \"raw\" is not one of poor, green");
    expect_error ("  { name = \"heavy_artillery\";   arms = [\"artillery\"]; },\n",
                  "", "troop_types: no row for the type \"heavy_artillery\"");
    expect_error ("{ name = \"leader\";", "{ name = \"general\";",
                  "troop_types: \"general\" is not a type of eol.types");
    expect_error ("field_gun_3pdr = 3;", "field_gun_3pdr = 0;",
                  "eol.shot.field_gun_3pdr: 0 is not in 1..100");
    expect_error ("field_gun_3pdr = 3;", "sabre = 3;",
                  "eol.shot.sabre: \"sabre\" is not in the weapons table");
    expect_error ("qualities = { raw = \"poor\";",
                  "qualities = { raw = \"green\";",
                  "qualities raw and green are both named \"green\"");
    expect_error ("qualities = { raw", "qualities = { rookie",
                  "unknown quality \"rookie\"");
    expect_error ("grades = [\"raw\", \"green\"", "grades = [\"raw\", \"raw\"",
                  "grades: \"raw\" twice");
    expect_error ("grades = [\"raw\"", "grades = [\"rookie\"",
                  "grades: unknown quality \"rookie\" (regular, hero, raw, "
                  "average, green)");
    expect_error ("qualities = { raw = \"poor\";",
                  "qualities = { raw = \"rookie\";",
                  "eol.grades.raw: grade \"poor\", but qualities.raw names "
                  "it \"rookie\"");
    expect_error ("    through_cm = 15.24;", "    through_cm = 12.0;",
                  "eol.sight.through_cm: 12, but settings.woods_through_cm "
                  "is 15.24");
    expect_error ("rough = [\"woods\"", "rough = [\"swamp\"",
                  "\"swamp\" is not a kind of terrain");
    expect_error ("    line_from_column = 1.0;", "",
                  "eol.movement.changes.line_from_column: missing");
    /* an error names the file and the line */
    expect_error ("    disordered = -1;", "    disordered = -1.5;", "eol.cfg:");
    /* settings.moves is read by the rules core */
    expect_error ("    cavalry   = { line = 30.48;", "    cavalry   = { lines = 30.48;",
                  "settings.moves.cavalry.lines: unknown formation");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_loads),
        cmocka_unit_test (test_grades),
        cmocka_unit_test (test_grades_in_files),
        cmocka_unit_test (test_types_and_basing),
        cmocka_unit_test (test_troops),
        cmocka_unit_test (test_ranges),
        cmocka_unit_test (test_moves),
        cmocka_unit_test (test_formation_changes),
        cmocka_unit_test (test_terrain),
        cmocka_unit_test (test_sight),
        cmocka_unit_test (test_fire_numbers),
        cmocka_unit_test (test_melee_numbers),
        cmocka_unit_test (test_morale_numbers),
        cmocka_unit_test (test_leader_numbers),
        cmocka_unit_test (test_sequence_numbers),
        cmocka_unit_test (test_loader_errors),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
