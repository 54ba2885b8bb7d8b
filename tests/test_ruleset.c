/*  test_ruleset.c - the table file loader, against the rules text.
 *
 *  Every number asserted here is read off the skirmish19 rules text (the
 *  QRS), not off the table file: the test checks the file says what the
 *  rules say.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include "ruleset.h"
#include "testutil.h"

#define TABLES "rules/data/skirmish19/tables.cfg"

/*  The table file's text (malloc'd). */
static char *
tables_text (void)
{
    FILE *f = fopen (test_source_path (TABLES), "rb");
    assert_non_null (f);
    fseek (f, 0, SEEK_END);
    long len = ftell (f);
    fseek (f, 0, SEEK_SET);
    char *text = malloc ((size_t) len + 1);
    assert_non_null (text);
    assert_int_equal (fread (text, 1, (size_t) len, f), (size_t) len);
    text[len] = '\0';
    fclose (f);
    return text;
}

/*  The table file with the first `from` replaced by `to` (malloc'd). */
static char *
tables_with (const char *from, const char *to)
{
    char *text = tables_text ();
    char *at = strstr (text, from);
    if (!at)
        fail_msg ("the table file has no \"%s\"", from);
    size_t head = (size_t) (at - text);
    size_t len = strlen (text) - strlen (from) + strlen (to);
    char *out = malloc (len + 1);
    assert_non_null (out);
    memcpy (out, text, head);
    strcpy (out + head, to);
    strcat (out, at + strlen (from));
    free (text);
    return out;
}

/*  Load the edited tables: expect failure with `expect` in the error. */
static void
expect_error (const char *from, const char *to, const char *expect)
{
    char *text = tables_with (from, to);
    char err[SOLO_ERR_MAX] = "";
    ruleset_t *rs = ruleset_load_text (text, "edited.cfg", err, sizeof err);
    if (rs)
        fail_msg ("loaded despite \"%s\" -> \"%s\"", from, to);
    if (!strstr (err, expect))
        fail_msg ("error \"%s\" does not say \"%s\"", err, expect);
    free (text);
}

static void
test_loads (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    assert_string_equal (ruleset_name (rs), "skirmish19");
    assert_true (strlen (ruleset_title (rs)) > 0);
    const char *hash = ruleset_tables_hash (rs);
    assert_int_equal (strlen (hash), 16);
    assert_int_equal (strspn (hash, "0123456789abcdef"), 16);

    /* the dice a player throws: "To Hit: Throw a D8", "Shooting Damage
       Caused ... D6 roll", "each figure throws a D6" */
    assert_int_equal (ruleset_throw_count (rs), 3);
    assert_string_equal (ruleset_throw (rs, 0)->action, "shooting");
    assert_string_equal (ruleset_throw (rs, 0)->step, "to hit");
    assert_int_equal (ruleset_throw (rs, 0)->sides, 8);
    assert_string_equal (ruleset_throw (rs, 1)->step, "damage");
    assert_int_equal (ruleset_throw (rs, 1)->sides, 6);
    assert_string_equal (ruleset_throw (rs, 2)->action, "melee");
    assert_int_equal (ruleset_throw (rs, 2)->sides, 6);

    /* the same bytes give the same hash, from a file or from memory */
    char *text = tables_text ();
    char err[SOLO_ERR_MAX];
    ruleset_t *again = ruleset_load_text (text, "memory", err, sizeof err);
    assert_non_null (again);
    assert_string_equal (ruleset_tables_hash (again), hash);
    ruleset_destroy (&again);
    assert_null (again);
    ruleset_destroy (&again);       /* safe twice */

    /* a house rule changes the hash */
    char *edited = tables_with ("hero_distance_cm = 5.0;",
                                "hero_distance_cm = 6.0;");
    again = ruleset_load_text (edited, "house", err, sizeof err);
    assert_non_null (again);
    assert_string_not_equal (ruleset_tables_hash (again), hash);
    assert_true (ruleset_settings (again)->hero_distance_cm == 6.0);
    ruleset_destroy (&again);
    free (edited);
    free (text);
    ruleset_destroy (&rs);
}

/*  Weapons: "Weapon type Short range Medium range Long range Melee factor" */
static void
test_weapons (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    static const struct {
        const char *name;
        double s, m, l;
        int melee, bayonet;
        bool gunpowder;
    } seed[] = {
        { "rifle",    30, 90, 180, 2, 3, true },   /* 2 (3 with Bayonet) */
        { "musket",   20, 40, 120, 2, 3, true },
        { "pistol",    4,  8,  20, 1, 1, true },
        { "partisan",  8, 12,  24, 3, 3, false },
        { "sword",     0,  0,   0, 3, 3, false },  /* - - - 3 */
        { "hatchet",   5, 10,  20, 2, 2, false },  /* Hatchet / Knife */
        { "rocks",     4,  8,  20, 1, 1, false },
    };
    for (size_t i = 0; i < sizeof seed / sizeof seed[0]; i++) {
        int k = ruleset_weapon_find (rs, seed[i].name);
        assert_true (k >= 0);
        const weapon_t *w = ruleset_weapon (rs, k);
        assert_string_equal (w->name, seed[i].name);
        assert_true (w->short_cm == seed[i].s);
        assert_true (w->medium_cm == seed[i].m);
        assert_true (w->long_cm == seed[i].l);
        assert_int_equal (w->melee, seed[i].melee);
        assert_int_equal (w->melee_bayonet, seed[i].bayonet);
        assert_int_equal (w->gunpowder, seed[i].gunpowder);
    }
    /* "Baker rifles and similar fire 1 per 3 if stationary, 1 per 4 if
       moving"; others 1 per 2 and 1 per 3 */
    const weapon_t *baker = ruleset_weapon (rs, ruleset_weapon_find (rs, "baker_rifle"));
    assert_int_equal (baker->fire_per_stationary, 3);
    assert_int_equal (baker->fire_per_moving, 4);
    const weapon_t *musket = ruleset_weapon (rs, ruleset_weapon_find (rs, "MUSKET"));
    assert_int_equal (musket->fire_per_stationary, 2);
    assert_int_equal (musket->fire_per_moving, 3);
    /* "Non - Minie rifles must remain halted for 1 1/2 turns to load" */
    assert_true (ruleset_weapon (rs, ruleset_weapon_find (rs, "rifle"))->load_turns == 1.5);
    assert_true (ruleset_weapon (rs, ruleset_weapon_find (rs, "minie_rifle"))->load_turns == 1.0);

    assert_int_equal (ruleset_weapon_find (rs, "lance"), -1);
    assert_int_equal (ruleset_weapon_find (rs, NULL), -1);
    /* names match whatever their case, the first letter too; an empty
       name or a name that differs only after its first letter does not */
    assert_int_equal (ruleset_weapon_find (rs, "Baker_Rifle"),
                      ruleset_weapon_find (rs, "baker_rifle"));
    assert_int_equal (ruleset_weapon_find (rs, "mUSKET"),
                      ruleset_weapon_find (rs, "musket"));
    assert_true (ruleset_weapon_find (rs, "Minie_Rifle") >= 0);
    assert_int_equal (ruleset_weapon_find (rs, ""), -1);
    assert_int_equal (ruleset_weapon_find (rs, "muskets"), -1);
    assert_int_equal (ruleset_weapon_find (rs, "Musket "), -1);
    assert_null (ruleset_weapon (rs, -1));
    assert_null (ruleset_weapon (rs, ruleset_weapon_count (rs)));
    ruleset_destroy (&rs);
}

/*  The row named `name` as a plain walk with strcasecmp finds it: what
 *  the rulesets' lookups by name must answer. */
static int
weapon_by_walking (const ruleset_t *rs, const char *name)
{
    for (int i = 0; name && i < ruleset_weapon_count (rs); i++)
        if (strcasecmp (ruleset_weapon (rs, i)->name, name) == 0)
            return i;
    return -1;
}

static int
troop_type_by_walking (const ruleset_t *rs, const char *name)
{
    if (!name || !*name)
        return 0;
    for (int i = 1; i < ruleset_troop_type_count (rs); i++)
        if (strcasecmp (ruleset_troop_type (rs, i)->name, name) == 0)
            return i;
    return -1;
}

/*  `name` (shorter than 60 bytes) in the ways a request may spell it or
 *  get it wrong: as it is, in capitals, capitalised, cut short,
 *  lengthened, a letter changed, a byte above ASCII in place of one.
 *  Returns how many, at most 7. */
static int
spellings (const char *name, char out[][64])
{
    int n = 0;
    size_t len = strlen (name);
    snprintf (out[n++], 64, "%s", name);
    snprintf (out[n], 64, "%s", name);
    for (char *p = out[n]; *p; p++)
        *p = (char) toupper ((unsigned char) *p);
    n++;
    snprintf (out[n], 64, "%s", name);
    out[n][0] = (char) toupper ((unsigned char) out[n][0]);
    n++;
    snprintf (out[n++], 64, "%.*s", (int) (len ? len - 1 : 0), name);
    snprintf (out[n++], 64, "%ss", name);
    if (len == 0)
        return n;
    snprintf (out[n], 64, "%s", name);
    out[n][len / 2] = out[n][len / 2] == 'z' ? 'a' : 'z';
    n++;
    snprintf (out[n], 64, "%s", name);
    out[n][0] = (char) 0xc9;
    n++;
    return n;
}

/*  Weapons and troop types are found by name as a walk of their tables
 *  with strcasecmp finds them, in both rulesets, however the names are
 *  spelt, and names of the one table asked of the other. */
static void
test_find_by_name (void **state)
{
    (void) state;
    char err[256];
    ruleset_t *sets[2] = {
        test_load_skirmish19 (),
        ruleset_load (test_source_path ("rules/data/empire_of_liberty/"
                                        "tables.cfg"), err, sizeof err)
    };
    if (!sets[1])
        fail_msg ("%s", err);
    int found = 0;
    for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) {
        const ruleset_t *rs = sets[a], *names = sets[b];
        char spelt[8][64];
        for (int i = 0; i < ruleset_weapon_count (names); i++) {
            int n = spellings (ruleset_weapon (names, i)->name, spelt);
            for (int k = 0; k < n; k++) {
                int want = weapon_by_walking (rs, spelt[k]);
                assert_int_equal (ruleset_weapon_find (rs, spelt[k]), want);
                found += want >= 0;
            }
        }
        for (int i = 0; i < ruleset_troop_type_count (names); i++) {
            int n = spellings (ruleset_troop_type (names, i)->name, spelt);
            for (int k = 0; k < n; k++) {
                int want = troop_type_by_walking (rs, spelt[k]);
                assert_int_equal (ruleset_troop_type_find (rs, spelt[k]),
                                  want);
                found += want > 0;
            }
        }
    }
    assert_true (found > 0);
    assert_int_equal (ruleset_troop_type_find (sets[0], NULL), 0);
    assert_int_equal (ruleset_troop_type_find (sets[0], ""), 0);
    ruleset_destroy (&sets[0]);
    ruleset_destroy (&sets[1]);
}

static void
test_reach_and_bands (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    unit_t u;
    memset (&u, 0, sizeof u);
    u.weapon = ruleset_weapon_find (rs, "musket");
    assert_true (ruleset_weapon_reach (rs, &u) == 120.0);
    u.weapon = ruleset_weapon_find (rs, "sword");
    assert_true (ruleset_weapon_reach (rs, &u) == 0.0);
    u.weapon = 999;
    assert_true (ruleset_weapon_reach (rs, &u) == 0.0);

    int musket = ruleset_weapon_find (rs, "musket");
    assert_int_equal (ruleset_range_band (rs, musket, 0), RANGE_SHORT);
    assert_int_equal (ruleset_range_band (rs, musket, 20), RANGE_SHORT);
    assert_int_equal (ruleset_range_band (rs, musket, 20.01), RANGE_MEDIUM);
    assert_int_equal (ruleset_range_band (rs, musket, 40), RANGE_MEDIUM);
    assert_int_equal (ruleset_range_band (rs, musket, 40.5), RANGE_LONG);
    assert_int_equal (ruleset_range_band (rs, musket, 120), RANGE_LONG);
    assert_int_equal (ruleset_range_band (rs, musket, 120.01), RANGE_NONE);
    assert_int_equal (ruleset_range_band (rs, musket, -1), RANGE_NONE);
    assert_int_equal (ruleset_range_band (rs, ruleset_weapon_find (rs, "sword"), 0),
                      RANGE_NONE);
    assert_int_equal (ruleset_range_band (rs, -1, 10), RANGE_NONE);
    assert_string_equal (range_band_name (RANGE_SHORT), "short");
    assert_string_equal (range_band_name (RANGE_MEDIUM), "medium");
    assert_string_equal (range_band_name (RANGE_LONG), "long");
    assert_string_equal (range_band_name (RANGE_NONE), "none");
    ruleset_destroy (&rs);
}

/*  The measures of the rules text. */
static void
test_settings (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    const rules_settings_t *s = ruleset_settings (rs);
    assert_true (s->hero_distance_cm == 5);      /* Hero within 5 cms */
    assert_true (s->shock_cavalry_cm == 50);     /* Shock Cavalry within 50cms */
    assert_true (s->platoon_company_cm == 5);    /* within 5cms of each other */
    assert_true (s->leader_company_cm == 5);     /* Officer/NCO within 5 cms */
    assert_true (s->woods_shoot_depth_cm == 10); /* in woods up to 10cms inside */
    assert_true (s->woods_visibility_cm == 20);  /* 20 cms within woods */
    assert_true (s->terrain_edge_cm == 10);      /* within 10cms of the edge */
    assert_true (s->sighting_cm_per_pip == 10);  /* D6 x 10cms */
    assert_true (s->foot_move_cm == 25);         /* maximum of 25 cms */
    assert_true (s->foot_wounded_move_cm == 20); /* wounded men 20cms */
    assert_true (s->cavalry_walk_cm == 30);      /* walk at 5-30cms */
    assert_true (s->cavalry_canter_cm == 45);    /* Trot at 31-45cms */
    assert_true (s->cavalry_gallop_cm == 60);    /* Gallop at 50-60cms */
    assert_true (s->command_open_cm == 50);      /* 50cms in the open */
    assert_true (s->command_enclosed_cm == 25);  /* 25cms enclosed */
    /* the readings of RULINGS.md */
    assert_true (s->no_enemy_needs_no_retreating_friends);
    assert_true (s->enemy_range_is_enemy_weapon);
    assert_true (s->good_troops_or_officer_once);
    assert_true (s->in_sight_of_unit_itself);
    assert_false (s->shoot_when_running);
    assert_true (s->withdraw_cover_moves == 1.0);
    /* "Shooting is only possible if figures can see the entire base of a
       figure without obstruction, unless shooting over an object or
       person within 2 cms" */
    assert_true (s->units_mask_fire);
    assert_true (s->shoot_over_cm == 2.0);
    assert_false (s->fire_needs_whole_target);
    /* no one shoots into or out of a melee: the project's reading */
    assert_false (s->shoot_in_melee);
    assert_true (s->contact_cm == 0.5);
    /* "Difficult going counts double the distance": a charge's reach
       too */
    assert_true (s->charge_reach_pays_terrain);
    /* "the nearest enemy figures in reach" */
    assert_true (s->charge_nearest_in_reach);
    /* "seen ... if they fire": at any range */
    assert_true (s->fired_seen_any_range);
    ruleset_destroy (&rs);

    /* a ruleset that does not give them: no unit masks fire, melee does
       not stop it */
    char *text = tables_with ("units_mask_fire = true;", "");
    char *t2 = strstr (text, "shoot_in_melee = false;");
    assert_non_null (t2);
    memset (t2, ' ', strlen ("shoot_in_melee = false;"));
    char *t3 = strstr (text, "charge_reach_pays_terrain = true;");
    assert_non_null (t3);
    memset (t3, ' ', strlen ("charge_reach_pays_terrain = true;"));
    char *t4 = strstr (text, "charge_nearest_in_reach = true;");
    assert_non_null (t4);
    memset (t4, ' ', strlen ("charge_nearest_in_reach = true;"));
    memcpy (t4, "charge_nearest_in_reach = 7;",
            strlen ("charge_nearest_in_reach = 7;"));
    char err[SOLO_ERR_MAX];
    /* not a boolean: refused, the setting named */
    assert_null (ruleset_load_text (text, "edited.cfg", err, sizeof err));
    assert_non_null (strstr (err, "charge_nearest_in_reach"));
    memset (t4, ' ', strlen ("charge_nearest_in_reach = true;"));
    rs = ruleset_load_text (text, "edited.cfg", err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    s = ruleset_settings (rs);
    assert_false (s->units_mask_fire);
    assert_true (s->shoot_in_melee);
    assert_false (s->charge_reach_pays_terrain);      /* in the open */
    assert_true (s->charge_nearest_in_reach);         /* by default */
    free (text);
    assert_true (s->front_half_deg + s->rear_half_deg <= 180);
    ruleset_destroy (&rs);
}

static void
test_move (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    unit_t u;
    memset (&u, 0, sizeof u);
    u.arm = ARM_INFANTRY;
    u.figures = 10;
    assert_true (ruleset_move_cm (rs, &u, NULL) == 25);
    assert_true (ruleset_move_cm (rs, &u, "gallop") == 25);   /* foot */
    u.wounded = 5;                                  /* half: not mostly */
    assert_true (ruleset_move_cm (rs, &u, "") == 25);
    u.wounded = 6;                                  /* mostly wounded */
    assert_true (ruleset_move_cm (rs, &u, "") == 20);
    u.killed = 4;                                   /* 6 of 6 standing */
    u.wounded = 3;                                  /* 3 of 6: not mostly */
    assert_true (ruleset_move_cm (rs, &u, "") == 25);
    u.arm = ARM_CAVALRY;
    assert_true (ruleset_move_cm (rs, &u, "walk") == 30);
    assert_true (ruleset_move_cm (rs, &u, "canter") == 45);
    assert_true (ruleset_move_cm (rs, &u, "trot") == 45);
    assert_true (ruleset_move_cm (rs, &u, "gallop") == 60);
    assert_true (ruleset_move_cm (rs, &u, "") == 60);
    assert_true (ruleset_move_cm (rs, &u, NULL) == 60);
    assert_true (ruleset_move_cm (rs, &u, "amble") == 60);
    ruleset_destroy (&rs);
}

static void
test_terrain (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    /* "Difficult going counts double the distance" */
    assert_true (ruleset_terrain (rs, TERRAIN_WOODS)->move_cost == 2.0);
    /* "it takes 1/4 move to clear a low barrier (Fallen tree etc) or
       fence" */
    assert_true (ruleset_terrain (rs, TERRAIN_LOW_BARRIER)->crossing_cost == 0.25);
    /* "Visibility is 20 cms within woods" */
    assert_true (ruleset_terrain (rs, TERRAIN_WOODS)->sight_limited);
    /* "Command distance ... 25cms in enclosed terrain" */
    assert_true (ruleset_terrain (rs, TERRAIN_WOODS)->enclosed);
    assert_true (ruleset_terrain (rs, TERRAIN_TOWN)->enclosed);
    /* "Soft cover", "Hard Cover" */
    assert_int_equal (ruleset_terrain (rs, TERRAIN_WOODS)->cover, COVER_SOFT);
    assert_int_equal (ruleset_terrain (rs, TERRAIN_TOWN)->cover, COVER_HARD);
    assert_int_equal (ruleset_terrain (rs, TERRAIN_ROAD)->cover, COVER_NONE);
    assert_true (ruleset_terrain (rs, TERRAIN_RIVER)->impassable);
    ruleset_destroy (&rs);
}

/*  The factor lines of both Risk Factor lists, as the rules text gives
 *  them. */
static void
test_factor_values (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    const rf_table_t *inf = ruleset_rf_table (rs, ARM_INFANTRY);
    assert_non_null (inf);
    assert_true (inf->present);
    assert_int_equal (inf->f_no_enemy_in_sight, -4);   /* -4: No enemy ... */
    assert_int_equal (inf->f_hero_near, -1);           /* -1: Hero within 5 */
    assert_int_equal (inf->f_regulars, -1);            /* formed of regulars */
    assert_int_equal (inf->f_officer, 0);              /* no such line */
    assert_int_equal (inf->f_in_cover, -1);            /* entirely in cover */
    assert_int_equal (inf->f_enemy_in_range, 1);       /* 1: Enemy in sight */
    assert_int_equal (inf->f_raw_in_range, 1);         /* Raw unit in range */
    assert_int_equal (inf->f_per_tenth_lost, 1);       /* Per 10% */
    assert_int_equal (inf->f_flank_or_rear, 2);        /* 2: flank or rear */
    assert_int_equal (inf->f_shock_cavalry, 2);        /* Shock Cavalry */
    assert_int_equal (inf->f_running_or_retreating, 3);/* 3: If running */
    assert_true (inf->regulars_need_formed);
    assert_false (inf->regulars_include_hero);

    const rf_table_t *cav = ruleset_rf_table (rs, ARM_CAVALRY);
    assert_non_null (cav);
    assert_true (cav != inf);
    assert_int_equal (cav->f_no_enemy_in_sight, -4);
    assert_int_equal (cav->f_hero_near, 0);            /* no hero line */
    assert_int_equal (cav->f_regulars, -1);            /* Good troops */
    assert_int_equal (cav->f_officer, -1);             /* or Officer */
    assert_int_equal (cav->f_in_cover, -1);
    assert_int_equal (cav->f_enemy_in_range, 1);       /* Any enemy in sight */
    assert_int_equal (cav->f_raw_in_range, 1);         /* Poor unit */
    assert_int_equal (cav->f_per_tenth_lost, 1);
    assert_int_equal (cav->f_flank_or_rear, 2);
    assert_int_equal (cav->f_shock_cavalry, 0);        /* no such line */
    assert_int_equal (cav->f_running_or_retreating, 3);
    assert_false (cav->regulars_need_formed);
    assert_true (cav->regulars_include_hero);

    /* artillery and command figures use the infantry table */
    assert_ptr_equal (ruleset_rf_table (rs, ARM_ARTILLERY), inf);
    assert_ptr_equal (ruleset_rf_table (rs, ARM_COMMAND), inf);
    assert_null (ruleset_rf_table (rs, (arm_t) 99));

    /* the bands: up to RF0, RF1, RF2-5, RF6-8, RF9+ */
    static const int band_max[4] = { 0, 1, 5, 8 };
    static const char *names[RF_BANDS] = {
        "up to RF0", "RF1", "RF2-5", "RF6-8", "RF9+"
    };
    for (int b = 0; b < RF_BANDS; b++) {
        assert_string_equal (inf->band_name[b], names[b]);
        assert_string_equal (cav->band_name[b], names[b]);
        if (b < 4) {
            assert_int_equal (inf->band_max[b], band_max[b]);
            assert_int_equal (cav->band_max[b], band_max[b]);
        }
    }
    /* "halt ... (5,6 D6)" */
    assert_int_equal (inf->falling_back_halt_from, 5);
    assert_int_equal (cav->falling_back_halt_from, 5);
    assert_int_equal (inf->falling_back_halt_action, RF_TAKE_COVER);
    assert_int_equal (cav->falling_back_halt_action, RF_HALT);
    assert_int_equal (inf->fortified_no_move, 1);
    assert_int_equal (cav->fortified_no_move, 0);
    ruleset_destroy (&rs);
}

static void
test_action_names (void **state)
{
    (void) state;
    static const char *names[RF_ACTION_COUNT] = {
        "continue", "advance_visible", "take_cover", "halt",
        "continue_facing", "continue_facing_charge", "advance_charge",
        "withdraw", "run"
    };
    for (int a = 0; a < RF_ACTION_COUNT; a++) {
        assert_string_equal (rf_action_name ((rf_action_t) a), names[a]);
        assert_int_equal (rf_action_parse (names[a]), a);
    }
    assert_int_equal (rf_action_parse ("charge"), -1);
    assert_int_equal (rf_action_parse (""), -1);
    assert_int_equal (rf_action_parse (NULL), -1);
    assert_string_equal (rf_action_name ((rf_action_t) 99), "unknown");
}

static void
test_morale (void **state)
{
    (void) state;
    ruleset_t *rs = test_load_skirmish19 ();
    const rf_morale_t *m = ruleset_rf_morale (rs);
    for (int a = 0; a < RF_ACTION_COUNT; a++) {
        assert_true (strlen (m->morale[a]) > 0);
        assert_true (strlen (m->text[a]) > 0);
    }
    assert_string_equal (m->morale[RF_CONTINUE], "steady");
    assert_string_equal (m->morale[RF_RUN], "broken");
    /* a unit that runs is "running from enemy last turn" next turn */
    assert_true (m->sets_status[RF_RUN] & STATUS_RAN_LAST_TURN);
    assert_true (m->sets_status[RF_RUN] & STATUS_FALLING_BACK);
    assert_true (m->sets_status[RF_WITHDRAW] & STATUS_FALLING_BACK);
    assert_true (m->clears_status[RF_HALT] & STATUS_FALLING_BACK);
    assert_int_equal (m->sets_status[RF_CONTINUE], 0);
    ruleset_destroy (&rs);
}

static void
test_file_errors (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX];
    assert_null (ruleset_load ("/nonexistent/tables.cfg", err, sizeof err));
    assert_non_null (strstr (err, "/nonexistent/tables.cfg - cannot open"));

    /* a syntax error names the line */
    const char *bad = test_write_temp ("name = \"x\";\ntitle = ;\n", ".cfg");
    assert_null (ruleset_load (bad, err, sizeof err));
    char expect[128];
    snprintf (expect, sizeof expect, "%s:2 - ", bad);
    assert_non_null (strstr (err, expect));

    /* a tiny error buffer is safe */
    char tiny[1] = { 'x' };
    assert_null (ruleset_load_text ("name = 1;", "t", tiny, 1));
    assert_int_equal (tiny[0], '\0');
    char small[12];
    assert_null (ruleset_load_text ("", "origin-name-long", small, sizeof small));
    assert_int_equal (strlen (small), sizeof small - 1);

    /* an empty file lacks the name */
    assert_null (ruleset_load_text ("", "empty.cfg", err, sizeof err));
    assert_string_equal (err, "empty.cfg - name is missing");

    /* a NUL byte is not a table file */
    const char *nul = test_write_temp ("name", ".cfg");
    FILE *f = fopen (nul, "ab");
    fputc ('\0', f);
    fclose (f);
    assert_null (ruleset_load (nul, err, sizeof err));
    assert_non_null (strstr (err, "NUL"));
}

/*  Every kind of mistake in the file is caught and named, with the line. */
static void
test_content_errors (void **state)
{
    (void) state;
    expect_error ("hero_distance_cm = 5.0;", "", "settings.hero_distance_cm is missing");
    expect_error ("hero_distance_cm = 5.0;", "hero_distance_cm = -5.0;",
                  "settings.hero_distance_cm is -5, must be within");
    expect_error ("hero_distance_cm = 5.0;", "hero_distance_cm = \"5\";",
                  "settings.hero_distance_cm must be a number");
    expect_error ("sighting_rolls = false;", "sighting_rolls = 0;",
                  "settings.sighting_rolls must be true or false");
    expect_error ("front_half_deg = 45.0;", "front_half_deg = 170.0;",
                  "front_half_deg + rear_half_deg is 215");
    expect_error ("good_troops_or_officer_once = true;", "",
                  "good_troops_or_officer_once is missing");
    expect_error ("shoot_over_cm = 2.0;", "shoot_over_cm = -2.0;",
                  "settings.shoot_over_cm is -2, must be within");
    expect_error ("units_mask_fire = true;", "units_mask_fire = 1;",
                  "settings.units_mask_fire must be true or false");
    expect_error ("contact_cm = 0.5;", "contact_cm = 20.0;",
                  "settings.contact_cm is 20, must be within");
    expect_error ("name  = \"skirmish19\";", "name = \"\";", "name is empty");
    expect_error ("units = \"cm\";", "units = \"in\";", "only \"cm\"");
    /* weapons */
    expect_error ("{ name = \"musket\";   short = 20.0; medium = 40.0;",
                  "{ name = \"musket\";   short = 50.0; medium = 40.0;",
                  "weapons[3] (musket): ranges must grow");
    expect_error ("{ name = \"pistol\";", "{ name = \"Musket\";",
                  "a second weapon named \"Musket\"");
    expect_error ("melee = 3; melee_bayonet = 3;\n    gunpowder = false; muzzle_loaded = false; load_turns = 0.0; fire_per_stationary = 2; fire_per_moving = 3; },\n  { name = \"sword\";",
                  "melee = 3; melee_bayonet = 3;\n    gunpowder = false; muzzle_loaded = false; load_turns = 0.0; fire_per_stationary = 0; fire_per_moving = 3; },\n  { name = \"sword\";",
                  "weapons[5].fire_per_stationary is 0");
    /* terrain */
    expect_error ("  woods         = {", "  jungle = { cover = \"soft\"; };\n  woods = {",
                  "terrain.jungle: unknown kind of terrain");
    expect_error ("town          = { cover = \"hard\";", "town = { cover = \"brick\";",
                  "terrain.town.cover: \"brick\" is not none, soft or hard");
    expect_error ("  road          = {", "  roadx = {", "terrain.roadx: unknown");
    /* the Risk Factor tables */
    expect_error ("band_max = [0, 1, 5, 8, 99];", "band_max = [0, 1, 5, 5, 99];",
                  "risk_factors.band_max[3] is 5, must be above band_max[2] (5)");
    expect_error ("band_max = [0, 1, 5, 8, 99];", "band_max = [0, 1, 5, 99];",
                  "risk_factors.band_max has 4 entries, must have 5");
    expect_error ("[\"take_cover\", \"halt\", \"continue_facing_charge\"",
                  "[\"take_cover\", \"halt\", \"charge\"",
                  "risk_factors.infantry.actions[1][2]: unknown action \"charge\"");
    expect_error ("[\"walk\", \"\", \"\", \"\", \"\", \"gallop\"]",
                  "[\"walk\", \"\", \"\", \"\", \"\", \"flying\"]",
                  "pace \"flying\" is not walk");
    expect_error ("[\"run\", \"run\", \"withdraw\", \"take_cover\", \"take_cover\", \"halt\"]",
                  "[\"run\", \"run\", \"withdraw\", \"take_cover\", \"halt\"]",
                  "must list 6 actions");
    expect_error ("shock_cavalry = 2;", "", "risk_factors.infantry.factors.shock_cavalry is missing");
    expect_error ("falling_back_halt_from = 5;", "falling_back_halt_from = 9;",
                  "falling_back_halt_from is 9, must be within 1..7");
    expect_error ("falling_back_halt_action = \"halt\";",
                  "falling_back_halt_action = \"sulk\";", "unknown action \"sulk\"");
    expect_error ("regulars_need_formed = true;", "", "regulars_need_formed is missing");
    expect_error ("      run = \"Run from nearest enemy\";", "",
                  "risk_factors.infantry.words.run is missing");
    expect_error ("sets = [\"ran_last_turn\", \"falling_back\"]",
                  "sets = [\"ran_last_turn\", \"panicking\"]",
                  "unknown status \"panicking\"");
    expect_error ("arm_table = { artillery = \"infantry\";",
                  "arm_table = { artillery = \"guns\";", "\"guns\" is not infantry");
    /* the dice a player throws */
    expect_error ("action = \"shooting\"; step = \"to hit\"; sides = 8;",
                  "action = \"volley\"; step = \"to hit\"; sides = 8;",
                  "throws[0].action: \"volley\" is neither shooting nor melee");
    expect_error ("step = \"to hit\"; sides = 8; score = 0;",
                  "step = \"to hit\"; sides = 1; score = 0;",
                  "throws[0].sides");
    expect_error ("step = \"to hit\"; sides = 8; score = 0;",
                  "step = \"to hit\"; sides = 8; score = 9;",
                  "throws[0].score: 9 is past a D8's highest face");
    expect_error ("step = \"to hit\"; sides = 8; score = 0;",
                  "step = \"\"; sides = 8; score = 0;", "throws[0].step is empty");
    expect_error ("step = \"damage\"; sides = 6; score = 0;",
                  "step = \"damage\"; sides = 6;", "throws[1].score is missing");
    expect_error ("throws = (", "throws = ( {}, {}, {}, {}, {}, ",
                  "throws: 8 throws, at most 4");
    expect_error ("throws = (", "throws = { a = 1; }; x = (",
                  "throws must be a list");
    /* the line of the mistake is given */
    char *text = tables_with ("hero_distance_cm = 5.0;", "hero_distance_cm = true;");
    char err[SOLO_ERR_MAX];
    assert_null (ruleset_load_text (text, "t.cfg", err, sizeof err));
    int line = 1;
    for (const char *p = text; p < strstr (text, "hero_distance_cm = true;"); p++)
        line += *p == '\n';
    char expect[64];
    snprintf (expect, sizeof expect, "t.cfg:%d - ", line);
    assert_non_null (strstr (err, expect));
    free (text);
}

/*  A ruleset without a cavalry table: cavalry get none. */
static void
test_no_cavalry (void **state)
{
    (void) state;
    char *text = tables_with ("  cavalry = {", "  horse = {");
    char err[SOLO_ERR_MAX];
    ruleset_t *rs = ruleset_load_text (text, "foot.cfg", err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    assert_null (ruleset_rf_table (rs, ARM_CAVALRY));
    assert_non_null (ruleset_rf_table (rs, ARM_INFANTRY));
    ruleset_destroy (&rs);
    free (text);
    /* an arm pointed at a missing table is an error */
    text = tables_with ("  cavalry = {", "  horse = {");
    char *p = strstr (text, "artillery = \"infantry\"");
    memcpy (p, "artillery = \"cavalry\" ", strlen ("artillery = \"infantry\""));
    assert_null (ruleset_load_text (text, "foot.cfg", err, sizeof err));
    assert_non_null (strstr (err, "artillery uses the cavalry table"));
    free (text);
}

/*  The ruleset's unit of length: seed 002 measures in cm, seed 001 in
 *  inches ("Infantry in line 4\""); answers state the text's unit with cm
 *  beside it; a TUM is whatever the table file says. */
static void
test_length_unit (void **state)
{
    (void) state;
    char err[SOLO_ERR_MAX], buf[48];
    ruleset_t *s19 = ruleset_load (test_source_path (
        "rules/data/skirmish19/tables.cfg"), err, sizeof err);
    ruleset_t *eol = ruleset_load (test_source_path (
        "rules/data/empire_of_liberty/tables.cfg"), err, sizeof err);
    assert_non_null (s19);
    assert_non_null (eol);
    assert_string_equal (ruleset_length_unit (s19), "cm");
    assert_string_equal (ruleset_length_text (s19, 18.64, buf, sizeof buf),
                         "18.6 cm");
    assert_string_equal (ruleset_length_unit (eol), "in");
    assert_true (ruleset_cm_per_length_unit (eol) == 2.54);
    assert_string_equal (ruleset_length_text (eol, 10.16, buf, sizeof buf),
                         "4.0\" (10.2 cm)");
    assert_string_equal (ruleset_length_text (NULL, 5, buf, sizeof buf),
                         "5.0 cm");
    ruleset_destroy (&s19);
    ruleset_destroy (&eol);
    /* a TUM of 4 cm */
    char *text = tables_with ("  length_unit = \"cm\";\n  cm_per_length_unit = 1.0;",
                              "  length_unit = \"TUM\";\n  cm_per_length_unit = 4.0;");
    ruleset_t *tum = ruleset_load_text (text, "tum.cfg", err, sizeof err);
    if (!tum)
        fail_msg ("%s", err);
    assert_string_equal (ruleset_length_text (tum, 14, buf, sizeof buf),
                         "3.5 TUM (14.0 cm)");
    ruleset_destroy (&tum);
    free (text);
    /* no unit at all: cm */
    text = tables_with ("  length_unit = \"cm\";\n  cm_per_length_unit = 1.0;", "");
    ruleset_t *plain = ruleset_load_text (text, "plain.cfg", err, sizeof err);
    if (!plain)
        fail_msg ("%s", err);
    assert_string_equal (ruleset_length_unit (plain), "cm");
    ruleset_destroy (&plain);
    free (text);
    expect_error ("  cm_per_length_unit = 1.0;", "",
                  "length_unit and cm_per_length_unit go together");
    expect_error ("  cm_per_length_unit = 1.0;", "  cm_per_length_unit = 0.0;",
                  "settings.cm_per_length_unit is 0, must be within");
    expect_error ("  length_unit = \"cm\";", "  length_unit = \"\";",
                  "settings.length_unit is empty");
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_loads),
        cmocka_unit_test (test_weapons),
        cmocka_unit_test (test_find_by_name),
        cmocka_unit_test (test_reach_and_bands),
        cmocka_unit_test (test_settings),
        cmocka_unit_test (test_move),
        cmocka_unit_test (test_terrain),
        cmocka_unit_test (test_factor_values),
        cmocka_unit_test (test_action_names),
        cmocka_unit_test (test_morale),
        cmocka_unit_test (test_file_errors),
        cmocka_unit_test (test_content_errors),
        cmocka_unit_test (test_no_cavalry),
        cmocka_unit_test (test_length_unit),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
