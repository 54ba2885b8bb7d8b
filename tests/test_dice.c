/*  test_dice.c - the dice source: known sequences, fairness, the player's
 *  queue and the log.
 *
 *  The expected sequences were computed with an independent
 *  implementation of the published splitmix64 and xoshiro256** reference
 *  algorithms (splitmix64 from 0 first gives 0xe220a8397b1dcdaf).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "dice.h"

static void
test_known_d6_sequence (void **state)
{
    (void) state;
    static const int expected[20] = { 1, 3, 1, 2, 6, 2, 6, 4, 1, 2,
                                      5, 5, 6, 6, 2, 3, 1, 5, 2, 5 };
    dice_t *d = dice_new (42);
    assert_non_null (d);
    assert_int_equal (dice_seed (d), 42);
    for (int i = 0; i < 20; i++)
        assert_int_equal (dice_roll (d, 6), expected[i]);
    dice_destroy (&d);
    assert_null (d);
    dice_destroy (&d);          /* safe twice */
}

static void
test_known_d8_sequence (void **state)
{
    (void) state;
    static const int expected[10] = { 3, 7, 4, 7, 3, 7, 6, 4, 2, 8 };
    dice_t *d = dice_new (2024);
    for (int i = 0; i < 10; i++)
        assert_int_equal (dice_roll (d, 8), expected[i]);
    dice_destroy (&d);
}

static void
test_uniform_known_value (void **state)
{
    (void) state;
    dice_t *d = dice_new (0);
    double u = dice_uniform (d);
    assert_true (u == 0.6012629994179048);
    for (int i = 0; i < 10000; i++) {
        u = dice_uniform (d);
        assert_true (u >= 0.0 && u < 1.0);
    }
    assert_int_equal (dice_log_count (d), 0);   /* not a throw */
    dice_destroy (&d);
}

static void
test_same_seed_same_sequence (void **state)
{
    (void) state;
    dice_t *a = dice_new (7), *b = dice_new (7), *c = dice_new (8);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        int x = dice_roll (a, 6);
        assert_int_equal (x, dice_roll (b, 6));
        differ += x != dice_roll (c, 6);
    }
    assert_true (differ > 500);
    /* reseeding starts the sequence over */
    dice_reseed (a, 7);
    dice_reseed (b, 7);
    for (int i = 0; i < 50; i++)
        assert_int_equal (dice_roll (a, 20), dice_roll (b, 20));
    dice_destroy (&a);
    dice_destroy (&b);
    dice_destroy (&c);
}

/*  60000 D6: a chi-square over the six faces well under the 0.01%
 *  critical value (25.7 for 5 degrees of freedom). */
static void
test_d6_roughly_uniform (void **state)
{
    (void) state;
    dice_t *d = dice_new (12345);
    int count[7] = { 0 };
    const int n = 60000;
    for (int i = 0; i < n; i++) {
        int v = dice_roll (d, 6);
        assert_true (v >= 1 && v <= 6);
        count[v]++;
    }
    double chi = 0.0, expect = n / 6.0;
    for (int f = 1; f <= 6; f++)
        chi += (count[f] - expect) * (count[f] - expect) / expect;
    assert_true (chi < 25.7);
    dice_destroy (&d);
}

static void
test_all_sizes_in_range (void **state)
{
    (void) state;
    dice_t *d = dice_new (99);
    for (int sides = 2; sides <= DICE_SIDES_MAX; sides++) {
        bool seen_top = false;
        for (int i = 0; i < 2000; i++) {
            int v = dice_roll (d, sides);
            assert_true (v >= 1 && v <= sides);
            seen_top |= v == sides;
        }
        assert_true (seen_top);
    }
    for (int i = 0; i < 100; i++)
        assert_int_equal (dice_below (d, 1), 0);
    dice_destroy (&d);
}

static void
test_roll_sum (void **state)
{
    (void) state;
    dice_t *a = dice_new (5), *b = dice_new (5);
    for (int i = 0; i < 200; i++) {
        int sum = dice_roll_sum (a, 3, 6);
        int want = dice_roll (b, 6) + dice_roll (b, 6) + dice_roll (b, 6);
        assert_int_equal (sum, want);
        assert_true (sum >= 3 && sum <= 18);
    }
    assert_int_equal (dice_roll_sum (a, 0, 6), 0);
    dice_destroy (&a);
    dice_destroy (&b);
}

static void
test_player_throws_first (void **state)
{
    (void) state;
    dice_t *d = dice_new (42), *ref = dice_new (42);
    assert_int_equal (dice_push (d, 6, 4), 0);
    assert_int_equal (dice_push (d, 6, 6), 0);
    assert_int_equal (dice_queued (d), 2);
    assert_int_equal (dice_roll (d, 6), 4);
    assert_int_equal (dice_roll (d, 6), 6);
    assert_int_equal (dice_queued (d), 0);
    /* then the seeded sequence, untouched by the player's throws */
    assert_int_equal (dice_roll (d, 6), dice_roll (ref, 6));
    assert_int_equal (dice_log_count (d), 3);
    assert_true (dice_log_at (d, 0).from_player);
    assert_int_equal (dice_log_at (d, 0).value, 4);
    assert_int_equal (dice_log_at (d, 0).sides, 6);
    assert_true (dice_log_at (d, 1).from_player);
    assert_false (dice_log_at (d, 2).from_player);
    dice_destroy (&d);
    dice_destroy (&ref);
}

/*  Keyed dice: a key's throws do not depend on the throws before it; the
 *  same key given again (since the reseed) starts another stream; a
 *  reseed starts the counts again; not keyed, a key changes nothing. */
static void
test_keyed_streams (void **state)
{
    (void) state;
    dice_t *a = dice_new (7), *b = dice_new (7), *plain = dice_new (7);
    dice_t *ref = dice_new (7);
    assert_false (dice_keyed (a));
    dice_set_keyed (a, true);
    dice_set_keyed (b, true);
    assert_true (dice_keyed (a));
    /* b throws three dice more than a before the key */
    dice_roll (a, 6);
    for (int i = 0; i < 4; i++)
        dice_roll (b, 6);
    dice_key (a, 12345);
    dice_key (b, 12345);
    int first[10];
    for (int i = 0; i < 10; i++) {
        first[i] = dice_roll (a, 6);
        assert_int_equal (dice_roll (b, 6), first[i]);
    }
    /* the key again: another stream (ten throws alike by chance: 6^-10) */
    dice_key (a, 12345);
    int same = 0;
    for (int i = 0; i < 10; i++)
        same += dice_roll (a, 6) == first[i];
    assert_true (same < 10);
    /* after a reseed the key's first stream again, and a queued player's
       throw still first */
    dice_reseed (a, 7);
    assert_true (dice_keyed (a));
    assert_int_equal (dice_push (a, 6, 6), 0);
    dice_key (a, 12345);
    assert_int_equal (dice_roll (a, 6), 6);
    for (int i = 0; i < 10; i++)
        assert_int_equal (dice_roll (a, 6), first[i]);
    /* not keyed: dice_key does nothing */
    dice_key (plain, 12345);
    for (int i = 0; i < 20; i++)
        assert_int_equal (dice_roll (plain, 6), dice_roll (ref, 6));
    /* more keys than the table counts: each still throws */
    for (uint64_t k = 1; k <= 2 * DICE_KEYS_MAX; k++) {
        dice_key (b, k);
        int v = dice_roll (b, 6);
        assert_true (v >= 1 && v <= 6);
    }
    dice_destroy (&a);
    dice_destroy (&b);
    dice_destroy (&plain);
    dice_destroy (&ref);
}

static void
test_queue_waits_for_its_die (void **state)
{
    (void) state;
    dice_t *d = dice_new (1), *ref = dice_new (1);
    assert_int_equal (dice_push (d, 8, 7), 0);
    /* a D6 is wanted first: the queued D8 waits */
    assert_int_equal (dice_roll (d, 6), dice_roll (ref, 6));
    assert_int_equal (dice_queued (d), 1);
    assert_int_equal (dice_roll (d, 8), 7);
    assert_int_equal (dice_queued (d), 0);
    dice_destroy (&d);
    dice_destroy (&ref);
}

static void
test_push_rejects_bad_throws (void **state)
{
    (void) state;
    dice_t *d = dice_new (1);
    assert_int_equal (dice_push (d, 6, 0), -1);
    assert_int_equal (dice_push (d, 6, 7), -1);
    assert_int_equal (dice_push (d, 1, 1), -1);
    assert_int_equal (dice_push (d, DICE_SIDES_MAX + 1, 1), -1);
    assert_int_equal (dice_push (d, DICE_SIDES_MAX, DICE_SIDES_MAX), 0);
    assert_int_equal (dice_push (d, 2, 1), 0);
    assert_int_equal (dice_queued (d), 2);
    for (int i = 2; i < DICE_QUEUE_MAX; i++)
        assert_int_equal (dice_push (d, 6, 1 + i % 6), 0);
    assert_int_equal (dice_push (d, 6, 1), -1);      /* full */
    assert_int_equal (dice_queued (d), DICE_QUEUE_MAX);
    /* the ring wraps: take two, add two */
    assert_int_equal (dice_roll (d, DICE_SIDES_MAX), DICE_SIDES_MAX);
    assert_int_equal (dice_roll (d, 2), 1);
    assert_int_equal (dice_push (d, 6, 5), 0);
    assert_int_equal (dice_push (d, 6, 6), 0);
    for (int i = 2; i < DICE_QUEUE_MAX; i++)
        assert_int_equal (dice_roll (d, 6), 1 + i % 6);
    assert_int_equal (dice_roll (d, 6), 5);
    assert_int_equal (dice_roll (d, 6), 6);
    /* reseeding forgets the queue */
    assert_int_equal (dice_push (d, 6, 3), 0);
    dice_reseed (d, 1);
    assert_int_equal (dice_queued (d), 0);
    assert_int_equal (dice_log_count (d), 0);
    dice_destroy (&d);
}

static void
test_log_keeps_the_latest (void **state)
{
    (void) state;
    dice_t *d = dice_new (3), *ref = dice_new (3);
    int total = DICE_LOG_MAX + 904;
    int values[DICE_LOG_MAX + 904];
    for (int i = 0; i < total; i++) {
        values[i] = dice_roll (ref, 6);
        assert_int_equal (dice_roll (d, 6), values[i]);
    }
    assert_int_equal (dice_log_count (d), DICE_LOG_MAX);
    assert_int_equal (dice_log_at (d, 0).value, values[904]);
    assert_int_equal (dice_log_at (d, DICE_LOG_MAX - 1).value,
                      values[total - 1]);
    for (int i = 0; i < DICE_LOG_MAX; i++)
        assert_int_equal (dice_log_at (d, i).value, values[904 + i]);
    dice_log_clear (d);
    assert_int_equal (dice_log_count (d), 0);
    dice_roll (d, 6);
    assert_int_equal (dice_log_count (d), 1);
    dice_destroy (&d);
    dice_destroy (&ref);
}

/*  dice_scramble is splitmix64's finalizer: splitmix64's first output
 *  from state 0 (the published reference value 0xE220A8397B1DCDAF) is
 *  the scramble of its first step, and 0 scrambles to 0. */
static void
test_scramble_known_values (void **state)
{
    (void) state;
    assert_true (dice_scramble (0x9E3779B97F4A7C15ULL)
                 == 0xE220A8397B1DCDAFULL);
    assert_true (dice_scramble (0) == 0);
    assert_true (dice_scramble (1) != dice_scramble (2));
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_scramble_known_values),
        cmocka_unit_test (test_known_d6_sequence),
        cmocka_unit_test (test_known_d8_sequence),
        cmocka_unit_test (test_uniform_known_value),
        cmocka_unit_test (test_same_seed_same_sequence),
        cmocka_unit_test (test_d6_roughly_uniform),
        cmocka_unit_test (test_all_sizes_in_range),
        cmocka_unit_test (test_roll_sum),
        cmocka_unit_test (test_player_throws_first),
        cmocka_unit_test (test_queue_waits_for_its_die),
        cmocka_unit_test (test_keyed_streams),
        cmocka_unit_test (test_push_rejects_bad_throws),
        cmocka_unit_test (test_log_keeps_the_latest),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
