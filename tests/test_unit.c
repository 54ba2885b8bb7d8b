/*  test_unit.c - unit names, losses and validation; terrain names.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <math.h>
#include "terrain.h"
#include "unit.h"

/*  A valid infantry unit of 12 figures. */
static unit_t
good_unit (void)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    strcpy (u.id, "red-1");
    u.side = SIDE_RED;
    u.arm = ARM_INFANTRY;
    u.quality = QUALITY_REGULAR;
    u.formation = FORMATION_LINE;
    u.figures = 12;
    u.officers = 1;
    u.ncos = 1;
    u.fp = (footprint_t) { { 50, 60 }, 180, 12, 3 };
    return u;
}

static void
test_side_and_arm_names (void **state)
{
    (void) state;
    assert_string_equal (side_name (SIDE_BLUE), "blue");
    assert_string_equal (side_name (SIDE_RED), "red");
    assert_int_equal (side_parse ("blue"), SIDE_BLUE);
    assert_int_equal (side_parse ("Red"), SIDE_RED);
    assert_int_equal (side_parse ("green"), -1);
    assert_int_equal (side_parse (NULL), -1);
    const char *arms[] = { "infantry", "cavalry", "artillery", "command" };
    for (int i = 0; i < ARM_COUNT; i++) {
        assert_string_equal (arm_name ((arm_t) i), arms[i]);
        assert_int_equal (arm_parse (arms[i]), i);
    }
    assert_int_equal (arm_parse ("dragoons"), -1);
    assert_string_equal (arm_name ((arm_t) 99), "unknown");
}

/*  Seed 002: "Unit formed of regulars" (infantry), "Good troops"
 *  (cavalry) and "Veterans" (activation) are one grade; "Raw" and "Poor"
 *  another; "Hero" the third. */
static void
test_quality_names (void **state)
{
    (void) state;
    assert_string_equal (quality_name (QUALITY_REGULAR), "regular");
    assert_string_equal (quality_name (QUALITY_HERO), "hero");
    assert_string_equal (quality_name (QUALITY_RAW), "raw");
    assert_int_equal (quality_parse ("regular"), QUALITY_REGULAR);
    assert_int_equal (quality_parse ("veteran"), QUALITY_REGULAR);
    assert_int_equal (quality_parse ("good"), QUALITY_REGULAR);
    assert_int_equal (quality_parse ("hero"), QUALITY_HERO);
    assert_int_equal (quality_parse ("raw"), QUALITY_RAW);
    assert_int_equal (quality_parse ("poor"), QUALITY_RAW);
    /* Empire of Liberty's names are read under every ruleset, as the
       clients read them: elite is the hero's grade, as veteran and poor
       are regular's and raw's */
    assert_int_equal (quality_parse ("elite"), QUALITY_HERO);
    assert_int_equal (quality_parse ("superb"), -1);
}

static void
test_formation_names (void **state)
{
    (void) state;
    const char *names[] = { "line", "column", "square", "loose", "mounted",
                            "march" };
    for (int i = 0; i < FORMATION_COUNT; i++) {
        assert_string_equal (formation_name ((formation_t) i), names[i]);
        assert_int_equal (formation_parse (names[i]), i);
    }
    assert_int_equal (formation_parse ("circle"), FORMATION_SQUARE);
    assert_int_equal (formation_parse ("skirmish"), FORMATION_LOOSE);
    assert_int_equal (formation_parse ("wedge"), -1);
}

static void
test_status_names (void **state)
{
    (void) state;
    const struct { const char *name; uint32_t bit; } flags[] = {
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
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        assert_string_equal (status_flag_name (flags[i].bit), flags[i].name);
        assert_int_equal (status_flag_parse (flags[i].name), (int) flags[i].bit);
    }
    assert_string_equal (status_flag_name (STATUS_HAS_LAST_ENEMY),
                         "has_last_enemy_seen");
    assert_int_equal (status_flag_parse ("has_last_enemy_seen"), -1);
    assert_int_equal (status_flag_parse ("tired"), -1);
}

static void
test_terrain_names (void **state)
{
    (void) state;
    const char *kinds[] = { "woods", "town", "rough", "gentle_hill",
                            "steep_hill", "stream", "river", "road",
                            "fortification", "low_barrier" };
    for (int i = 0; i < TERRAIN_KIND_COUNT; i++) {
        assert_string_equal (terrain_kind_name ((terrain_kind_t) i), kinds[i]);
        assert_int_equal (terrain_kind_parse (kinds[i]), i);
    }
    assert_int_equal (terrain_kind_parse ("buildings"), TERRAIN_TOWN);
    assert_int_equal (terrain_kind_parse ("fence"), TERRAIN_LOW_BARRIER);
    assert_int_equal (terrain_kind_parse ("swamp"), -1);
    assert_int_equal (terrain_kind_parse (NULL), -1);
    assert_string_equal (cover_name (COVER_NONE), "none");
    assert_string_equal (cover_name (COVER_SOFT), "soft");
    assert_string_equal (cover_name (COVER_HARD), "hard");
    assert_int_equal (cover_parse ("hard"), COVER_HARD);
    assert_int_equal (cover_parse ("total"), -1);
}

/*  Seed 002: +1 "Per 10% of group wounded or killed": whole tenths. */
static void
test_loss_tenths (void **state)
{
    (void) state;
    unit_t u = good_unit ();
    assert_int_equal (unit_loss_tenths (&u), 0);
    u.wounded = 1;                       /* 1/12 = 8%: none */
    assert_int_equal (unit_loss_tenths (&u), 0);
    u.killed = 1;                        /* 2/12 = 16%: one */
    assert_int_equal (unit_loss_tenths (&u), 1);
    u.wounded = 3; u.killed = 3;         /* 6/12 = 50% */
    assert_int_equal (unit_loss_tenths (&u), 5);
    u.figures = 10; u.wounded = 1; u.killed = 0;   /* exactly 10% */
    assert_int_equal (unit_loss_tenths (&u), 1);
    u.wounded = 4; u.killed = 6;         /* all of them */
    assert_int_equal (unit_loss_tenths (&u), 10);
    u.figures = 0;
    assert_int_equal (unit_loss_tenths (&u), 0);
}

static void
test_unit_helpers (void **state)
{
    (void) state;
    unit_t u = good_unit ();
    assert_true (unit_is_formed (&u));
    u.formation = FORMATION_LOOSE;
    assert_false (unit_is_formed (&u));
    u.formation = FORMATION_MOUNTED;
    assert_true (unit_is_formed (&u));
    u.killed = 5;
    u.wounded = 2;
    assert_int_equal (unit_figures_standing (&u), 7);
    assert_true (unit_has_leader (&u));
    u.officers = 0;
    assert_true (unit_has_leader (&u));
    u.ncos = 0;
    assert_false (unit_has_leader (&u));
}

/*  Validation and the field each message names. */
static void
expect_invalid (const unit_t *u, const char *words)
{
    char err[256] = "";
    assert_int_equal (unit_validate (u, err, sizeof err), -1);
    if (!strstr (err, words))
        fail_msg ("error \"%s\" does not say \"%s\"", err, words);
}

static void
test_validate (void **state)
{
    (void) state;
    char err[256] = "";
    unit_t u = good_unit ();
    assert_int_equal (unit_validate (&u, err, sizeof err), 0);
    u.fp.facing = -450.0;                /* any finite facing is fine */
    assert_int_equal (unit_validate (&u, err, sizeof err), 0);

    u = good_unit (); u.id[0] = '\0';
    expect_invalid (&u, "id is empty");
    u = good_unit (); memset (u.id, 'x', sizeof u.id);
    expect_invalid (&u, "id longer than 31");
    u = good_unit (); memset (u.platoon, 'p', sizeof u.platoon);
    expect_invalid (&u, "unit \"red-1\": platoon");
    u = good_unit (); u.figures = 0;
    expect_invalid (&u, "unit \"red-1\": figures 0");
    u = good_unit (); u.figures = SOLO_MAX_FIGURES + 1;
    expect_invalid (&u, "figures 10001");
    u = good_unit (); u.wounded = -1;
    expect_invalid (&u, "wounded -1 is negative");
    u = good_unit (); u.killed = -2;
    expect_invalid (&u, "killed -2 is negative");
    u = good_unit (); u.wounded = 7; u.killed = 6;
    expect_invalid (&u, "wounded + killed (13) exceeds figures (12)");
    u = good_unit (); u.wounded = 6; u.killed = 6;      /* all down: valid */
    assert_int_equal (unit_validate (&u, err, sizeof err), 0);
    u = good_unit (); u.drummers = -1;
    expect_invalid (&u, "drummers -1");
    u = good_unit (); u.officers = 10; u.ncos = 3;
    expect_invalid (&u, "officers + ncos + drummers + buglers (13)");
    u = good_unit (); u.fp.width = 0;
    expect_invalid (&u, "width 0");
    u = good_unit (); u.fp.depth = -3;
    expect_invalid (&u, "depth -3");
    u = good_unit (); u.fp.depth = NAN;
    expect_invalid (&u, "depth");
    u = good_unit (); u.fp.facing = INFINITY;
    expect_invalid (&u, "facing is not a number");
    u = good_unit (); u.fp.centre.x = NAN;
    expect_invalid (&u, "position");
    u = good_unit (); u.side = (side_t) 2;
    expect_invalid (&u, "side");
    u = good_unit (); u.arm = (arm_t) 7;
    expect_invalid (&u, "arm");
    u = good_unit (); u.quality = (quality_t) -1;
    expect_invalid (&u, "quality");
    u = good_unit (); u.formation = (formation_t) FORMATION_COUNT;
    expect_invalid (&u, "formation");
    u = good_unit (); u.weapon = -1;
    expect_invalid (&u, "weapon");
    u = good_unit (); u.status = 1u << 20;
    expect_invalid (&u, "status");
    u = good_unit (); u.status = STATUS_HAS_LAST_ENEMY;
    u.last_enemy_seen.y = NAN;
    expect_invalid (&u, "last_enemy_seen");
    /* stands: two of different resolve (seed 003), one of them lost */
    u = good_unit ();
    u.stand_count = 2;
    u.stands[0] = (stand_t) { 4, 3 };
    u.stands[1] = (stand_t) { 3, 0 };
    assert_int_equal (unit_validate (&u, err, sizeof err), 0);
    u.stands[1].strength = 4;
    expect_invalid (&u, "unit \"red-1\": stand 2: strength 4 not in 0..3");
    u.stands[1] = (stand_t) { SOLO_MAX_STAND_STRENGTH + 1, 1 };
    expect_invalid (&u, "stand 2: start 101 not in 1..100");
    u.stands[1] = (stand_t) { 3, -1 };
    expect_invalid (&u, "stand 2: strength -1");
    u.stands[1] = (stand_t) { 3, 3 };
    u.stand_count = SOLO_MAX_STANDS + 1;
    expect_invalid (&u, "9 stands, not 0..8");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_side_and_arm_names),
        cmocka_unit_test (test_quality_names),
        cmocka_unit_test (test_formation_names),
        cmocka_unit_test (test_status_names),
        cmocka_unit_test (test_terrain_names),
        cmocka_unit_test (test_loss_tenths),
        cmocka_unit_test (test_unit_helpers),
        cmocka_unit_test (test_validate),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
