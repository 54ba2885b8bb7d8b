/*  test_s19_shoot.c - seed 002's shooting: weapons' range bands, loading,
 *  shooting ratios, the D8 to-hit table, the D6 damage table and the
 *  allocation of hits, each against the seed text.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "s19_shoot.h"
#include "testutil.h"

static ruleset_t *rs;
static s19_tables_t *t;

static int
setup (void **state)
{
    (void) state;
    char err[256];
    rs = test_load_skirmish19 ();
    t = s19_tables_load (test_source_path ("rules/data/skirmish19/tables.cfg"),
                         err, sizeof err);
    if (!t)
        fail_msg ("%s", err);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    s19_tables_destroy (&t);
    ruleset_destroy (&rs);
    return 0;
}

static const weapon_t *
weapon (const char *name)
{
    int i = ruleset_weapon_find (rs, name);
    assert_true (i >= 0);
    return ruleset_weapon (rs, i);
}

/*  "Muskets 20 cms 40 cms 120 cms": each band's edge is in the band. */
static void
test_range_bands (void **state)
{
    (void) state;
    const weapon_t *m = weapon ("musket");
    assert_int_equal (s19_range_band (m, 0), S19_BAND_SHORT);
    assert_int_equal (s19_range_band (m, 20), S19_BAND_SHORT);
    assert_int_equal (s19_range_band (m, 20.01), S19_BAND_MEDIUM);
    assert_int_equal (s19_range_band (m, 40), S19_BAND_MEDIUM);
    assert_int_equal (s19_range_band (m, 40.5), S19_BAND_LONG);
    assert_int_equal (s19_range_band (m, 120), S19_BAND_LONG);
    assert_int_equal (s19_range_band (m, 120.1), S19_BAND_NONE);
    assert_int_equal (s19_range_band (m, -3), S19_BAND_SHORT);
    /* "Rifles 30 cms 90 cms 180 cms" */
    const weapon_t *r = weapon ("rifle");
    assert_int_equal (s19_range_band (r, 30), S19_BAND_SHORT);
    assert_int_equal (s19_range_band (r, 90), S19_BAND_MEDIUM);
    assert_int_equal (s19_range_band (r, 180), S19_BAND_LONG);
    assert_int_equal (s19_range_band (r, 181), S19_BAND_NONE);
    /* "Pistols 4 cms 8 cms 20 cms" */
    const weapon_t *p = weapon ("pistol");
    assert_int_equal (s19_range_band (p, 4), S19_BAND_SHORT);
    assert_int_equal (s19_range_band (p, 8), S19_BAND_MEDIUM);
    assert_int_equal (s19_range_band (p, 20), S19_BAND_LONG);
    /* "Swords - - -": never shoot */
    assert_int_equal (s19_range_band (weapon ("sword"), 0), S19_BAND_NONE);
    assert_string_equal (s19_band_name (S19_BAND_MEDIUM), "medium");
    assert_string_equal (s19_band_name (S19_BAND_NONE), "none");
}

/*  "To Hit: Throw a D8": every cell of the table. */
static void
test_to_hit_table (void **state)
{
    (void) state;
    static const int cells[3][3] = { { 2, 4, 6 }, { 4, 6, 7 }, { 6, 7, 8 } };
    for (int b = 0; b < 3; b++)
        for (int c = 0; c < 3; c++) {
            assert_int_equal (s19_to_hit_score (t, (s19_band_t) b, (cover_t) c),
                              cells[b][c]);
            int need = cells[b][c];
            assert_true (s19_is_hit (t, (s19_band_t) b, (cover_t) c, need));
            assert_false (s19_is_hit (t, (s19_band_t) b, (cover_t) c, need - 1));
            assert_true (s19_is_hit (t, (s19_band_t) b, (cover_t) c, 8));
        }
    assert_int_equal (s19_to_hit_score (t, S19_BAND_NONE, COVER_NONE), 0);
    assert_false (s19_is_hit (t, S19_BAND_NONE, COVER_NONE, 8));
    /* short range in the open: a natural 1 still misses */
    assert_false (s19_is_hit (t, S19_BAND_SHORT, COVER_NONE, 1));
}

/*  "D6 roll: Gunpowder Graze Graze Wound Wound Kill Kill; Other Graze
 *  Graze Graze Wound Wound Kill"; +1 Hero, -1 Raw. */
static void
test_damage_table (void **state)
{
    (void) state;
    const weapon_t *musket = weapon ("musket"), *rocks = weapon ("rocks");
    static const s19_damage_t gun[6] = { S19_GRAZE, S19_GRAZE, S19_WOUND,
                                         S19_WOUND, S19_KILL, S19_KILL };
    static const s19_damage_t other[6] = { S19_GRAZE, S19_GRAZE, S19_GRAZE,
                                           S19_WOUND, S19_WOUND, S19_KILL };
    for (int d = 1; d <= 6; d++) {
        assert_int_equal (s19_damage (t, musket, QUALITY_REGULAR, d), gun[d - 1]);
        assert_int_equal (s19_damage (t, rocks, QUALITY_REGULAR, d), other[d - 1]);
        int up = d + 1 > 6 ? 6 : d + 1, down = d - 1 < 1 ? 1 : d - 1;
        assert_int_equal (s19_damage (t, musket, QUALITY_HERO, d), gun[up - 1]);
        assert_int_equal (s19_damage (t, musket, QUALITY_RAW, d), gun[down - 1]);
        assert_int_equal (s19_damage (t, rocks, QUALITY_HERO, d), other[up - 1]);
        assert_int_equal (s19_damage (t, rocks, QUALITY_RAW, d), other[down - 1]);
    }
    /* a hero's 2 wounds with a musket; a raw man's 5 only wounds */
    assert_int_equal (s19_damage (t, musket, QUALITY_HERO, 2), S19_WOUND);
    assert_int_equal (s19_damage (t, musket, QUALITY_RAW, 5), S19_WOUND);
    assert_string_equal (s19_damage_name (S19_KILL), "kill");
}

/*  "Stationary troops: 1 per 2 figures may shoot per turn.  Moving
 *  troops: 1 per 3.  Baker rifles and similar fire 1 per 3 if stationary,
 *  1 per 4 if moving."  Commanded troops that are loaded all fire. */
static void
test_shooting_ratios (void **state)
{
    (void) state;
    const weapon_t *m = weapon ("musket"), *baker = weapon ("baker_rifle");
    assert_int_equal (s19_shooters (t, m, 12, false, false), 6);
    assert_int_equal (s19_shooters (t, m, 12, true, false), 4);
    assert_int_equal (s19_shooters (t, baker, 12, false, false), 4);
    assert_int_equal (s19_shooters (t, baker, 12, true, false), 3);
    /* a remainder does not shoot (the ruling: fire_ratio_round_up false):
       "1 per 2 figures" of 7 is 3, "1 per 3" of 5 moving is 1 */
    assert_false (t->fire_ratio_round_up);
    assert_int_equal (s19_shooters (t, m, 7, false, false), 3);
    assert_int_equal (s19_shooters (t, m, 5, true, false), 1);
    assert_int_equal (s19_shooters (t, m, 1, false, false), 0);
    assert_int_equal (s19_shooters (t, m, 2, true, false), 0);
    assert_int_equal (s19_shooters (t, baker, 7, true, false), 1);
    /* the other reading: a part counts */
    s19_tables_t up = *t;
    up.fire_ratio_round_up = true;
    assert_int_equal (s19_shooters (&up, m, 7, false, false), 4);
    assert_int_equal (s19_shooters (&up, m, 1, true, false), 1);
    /* commanded and loaded: every figure */
    assert_int_equal (s19_shooters (t, m, 12, false, true), 12);
    assert_int_equal (s19_shooters (t, m, 12, true, true), 12);
    /* nobody left, or a sword */
    assert_int_equal (s19_shooters (t, m, 0, false, false), 0);
    assert_int_equal (s19_shooters (t, weapon ("sword"), 6, false, false), 0);
}

/*  "Commanded troops must spend a turn halted to load ... Non-Minie rifles
 *  must remain halted for 1 1/2 turns to load." */
static void
test_loading (void **state)
{
    (void) state;
    assert_int_equal (s19_load_halves (weapon ("musket")), 2);
    assert_int_equal (s19_load_halves (weapon ("minie_rifle")), 2);
    assert_int_equal (s19_load_halves (weapon ("rifle")), 3);
    assert_int_equal (s19_load_halves (weapon ("baker_rifle")), 3);
    assert_int_equal (s19_load_halves (weapon ("rocks")), 0);
    assert_int_equal (t->shoot_halves, 1);   /* "Shooting takes 1/2 turn" */
    assert_true (t->loaded_move_fraction == 0.5);
}

/*  "If firing at a group larger than 10 figures, allocate hits among the
 *  nearest 10 figures." */
static void
test_hit_pool (void **state)
{
    (void) state;
    assert_int_equal (s19_hit_pool (t, 4), 4);
    assert_int_equal (s19_hit_pool (t, 10), 10);
    assert_int_equal (s19_hit_pool (t, 25), 10);
    assert_int_equal (s19_hit_pool (t, 0), 0);
    uint8_t pool[10];
    s19_pool_fill (pool, 10, 20, 5);        /* a quarter wounded: 2.5 -> 3 */
    int w = 0;
    for (int i = 0; i < 10; i++)
        w += pool[i] == S19_FIG_WOUNDED;
    assert_int_equal (w, 3);
    s19_pool_fill (pool, 4, 4, 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal (pool[i], S19_FIG_FIT);
}

/*  Hits are randomised in the group: a wound wounds, a second wound on
 *  the same man kills him, a kill kills, a graze does nothing. */
static void
test_pool_hits (void **state)
{
    (void) state;
    dice_t *dice = dice_new (7);
    uint8_t pool[3] = { S19_FIG_FIT, S19_FIG_FIT, S19_FIG_FIT };
    assert_int_equal (dice_push (dice, 3, 2), 0);
    assert_int_equal (s19_pool_hit (pool, 3, S19_WOUND, dice), 1);
    assert_int_equal (pool[1], S19_FIG_WOUNDED);
    assert_int_equal (dice_push (dice, 3, 2), 0);
    assert_int_equal (s19_pool_hit (pool, 3, S19_WOUND, dice), 1);
    assert_int_equal (pool[1], S19_FIG_DEAD);
    /* the dead man is no longer a target: a D2 among the two alive */
    assert_int_equal (dice_push (dice, 2, 2), 0);
    assert_int_equal (s19_pool_hit (pool, 3, S19_GRAZE, dice), 2);
    assert_int_equal (pool[2], S19_FIG_FIT);
    assert_int_equal (dice_push (dice, 2, 1), 0);
    assert_int_equal (s19_pool_hit (pool, 3, S19_KILL, dice), 0);
    assert_int_equal (pool[0], S19_FIG_DEAD);
    /* one left: no die needed */
    assert_int_equal (s19_pool_hit (pool, 3, S19_KILL, dice), 2);
    assert_int_equal (s19_pool_hit (pool, 3, S19_KILL, dice), -1);
    /* over many throws every figure of the pool is hit */
    uint8_t big[10];
    int seen[10] = { 0 };
    for (int k = 0; k < 500; k++) {
        s19_pool_fill (big, 10, 10, 0);
        int i = s19_pool_hit (big, 10, S19_GRAZE, dice);
        assert_true (i >= 0 && i < 10);
        seen[i]++;
    }
    for (int i = 0; i < 10; i++)
        assert_true (seen[i] > 20);
    dice_destroy (&dice);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_range_bands),
        cmocka_unit_test (test_to_hit_table),
        cmocka_unit_test (test_damage_table),
        cmocka_unit_test (test_shooting_ratios),
        cmocka_unit_test (test_loading),
        cmocka_unit_test (test_hit_pool),
        cmocka_unit_test (test_pool_hits),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
