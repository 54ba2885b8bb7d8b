/*  test_rf.c - the Risk Factor engine on situations: every factor line of
 *  both lists (infantry and cavalry), the up-to-RF0 special cases, the
 *  concrete orders, platoons diced once, the six outcomes, the die.
 *
 *  The table is 300 x 300 cm.  Units are 10 cm wide and 2 cm deep unless
 *  a test says otherwise; facing 0 looks towards +y.  A red unit placed
 *  at y = 52 + d in front of a blue unit at y = 50 is d cm away.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rf.h"
#include "testutil.h"

static ruleset_t *rs;
static situation_t *sit;

/*  ---- building situations ----------------------------------------------- */

static char *
tables_text (void)
{
    FILE *f = fopen (test_source_path ("rules/data/skirmish19/tables.cfg"), "rb");
    assert_non_null (f);
    fseek (f, 0, SEEK_END);
    long len = ftell (f);
    fseek (f, 0, SEEK_SET);
    char *text = calloc (1, (size_t) len + 1);
    assert_non_null (text);
    assert_int_equal (fread (text, 1, (size_t) len, f), (size_t) len);
    fclose (f);
    return text;
}

/*  A fresh empty table under the standard tables, or under the tables
 *  with the first `from` replaced by `to` (a house reading). */
static void
start (const char *from, const char *to)
{
    situation_destroy (&sit);
    ruleset_destroy (&rs);
    if (!from)
        rs = test_load_skirmish19 ();
    else {
        char *text = tables_text ();
        char *at = strstr (text, from);
        if (!at)
            fail_msg ("no \"%s\" in the tables", from);
        char *edited = calloc (1, strlen (text) + strlen (to) + 1);
        memcpy (edited, text, (size_t) (at - text));
        strcat (edited, to);
        strcat (edited, at + strlen (from));
        char err[SOLO_ERR_MAX];
        rs = ruleset_load_text (edited, "edited", err, sizeof err);
        if (!rs)
            fail_msg ("%s", err);
        free (edited);
        free (text);
    }
    sit = situation_new (rs, 300, 300);
    assert_non_null (sit);
}

static int
setup (void **state)
{
    (void) state;
    start (NULL, NULL);
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    situation_destroy (&sit);
    ruleset_destroy (&rs);
    return 0;
}

/*  A unit of 10 regular figures in line (cavalry mounted). */
static unit_t
mk (const char *id, side_t side, arm_t arm, const char *weapon, double x,
    double y, double facing)
{
    unit_t u;
    memset (&u, 0, sizeof u);
    snprintf (u.id, sizeof u.id, "%s", id);
    u.side = side;
    u.arm = arm;
    u.quality = QUALITY_REGULAR;
    u.weapon = ruleset_weapon_find (rs, weapon);
    assert_true (u.weapon >= 0);
    u.formation = arm == ARM_CAVALRY ? FORMATION_MOUNTED : FORMATION_LINE;
    u.figures = 10;
    u.fp.centre = (vec2_t) { x, y };
    u.fp.facing = facing;
    u.fp.width = 10;
    u.fp.depth = 2;
    return u;
}

static int
add (unit_t u)
{
    char err[SOLO_ERR_MAX];
    int i = situation_add_unit (sit, &u, err, sizeof err);
    if (i < 0)
        fail_msg ("%s", err);
    return i;
}

/*  A blue infantry unit with muskets at (150, 50) facing 0. */
static int
blue (void)
{
    return add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 50, 0));
}

/*  A red unit `gap` cm in front of blue-1, facing it. */
static int
red_ahead (const char *id, arm_t arm, const char *weapon, double gap)
{
    return add (mk (id, SIDE_RED, arm, weapon, 150, 52 + gap, 180));
}

/*  A rectangle of terrain of `kind`, (x0, y0) to (x1, y1). */
static int
feature (const char *id, terrain_kind_t kind, double x0, double y0,
         double x1, double y1)
{
    terrain_feature_t f;
    memset (&f, 0, sizeof f);
    snprintf (f.id, sizeof f.id, "%s", id);
    f.kind = kind;
    f.cover = ruleset_terrain (rs, kind)->cover;
    f.vertex_count = 4;
    f.vertices[0] = (vec2_t) { x0, y0 };
    f.vertices[1] = (vec2_t) { x1, y0 };
    f.vertices[2] = (vec2_t) { x1, y1 };
    f.vertices[3] = (vec2_t) { x0, y1 };
    char err[SOLO_ERR_MAX];
    if (situation_add_terrain (sit, &f, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return situation_terrain_count (sit) - 1;
}

static int
woods (const char *id, double x0, double y0, double x1, double y1)
{
    return feature (id, TERRAIN_WOODS, x0, y0, x1, y1);
}

/*  The factors of unit `u`. */
static rf_decision_t
factors (int u)
{
    rf_decision_t d;
    char err[SOLO_ERR_MAX];
    if (rf_factors (sit, u, NULL, &d, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return d;
}

/*  The factor named `name`, or NULL. */
static const rf_factor_t *
factor (const rf_decision_t *d, const char *name)
{
    for (int i = 0; i < d->factor_count; i++)
        if (strcmp (d->factors[i].name, name) == 0)
            return &d->factors[i];
    return NULL;
}

/*  Expect factor `name` worth `value` whose reason says `words`. */
static void
expect_factor (const rf_decision_t *d, const char *name, int value,
               const char *words)
{
    const rf_factor_t *f = factor (d, name);
    if (!f)
        fail_msg ("no factor %s", name);
    if (f->value != value)
        fail_msg ("factor %s is %d, expected %d", name, f->value, value);
    if (words && !strstr (f->reason, words))
        fail_msg ("factor %s reason \"%s\" does not say \"%s\"", name,
                  f->reason, words);
    int sum = 0;
    for (int i = 0; i < d->factor_count; i++)
        sum += d->factors[i].value;
    assert_int_equal (sum, d->rf);
}

static void
expect_no_factor (const rf_decision_t *d, const char *name)
{
    const rf_factor_t *f = factor (d, name);
    if (f)
        fail_msg ("factor %s applied: %s", name, f->reason);
}

/*  Expect the working of `d` to say `words`. */
static void
expect_words (const rf_decision_t *d, const char *words)
{
    if (!strstr (d->explanation, words))
        fail_msg ("the working does not say \"%s\":\n%s", words,
                  d->explanation);
}

/*  Expect decision `d` to shoot at nothing for `why` (its order's
 *  no_shot, whose wire name is `name`), naming unit `about` (-1: none). */
static void
expect_no_shot (const rf_decision_t *d, rf_no_shot_t why, const char *name,
                int about)
{
    assert_int_equal (d->order.no_shot, why);
    assert_int_equal (d->order.no_shot_about, about);
    assert_string_equal (rf_no_shot_name (why), name);
}

static rf_decision_t
decide (int u, int roll)
{
    rf_decision_t d;
    char err[SOLO_ERR_MAX];
    if (rf_decide (sit, u, roll, NULL, &d, err, sizeof err) < 0)
        fail_msg ("%s", err);
    return d;
}

/*  The bearing from where the order leaves unit u to enemy e's point
 *  nearest to it there. */
static double
facing_to (const rf_decision_t *d, int u, int e)
{
    footprint_t at = situation_unit_const (sit, u)->fp;
    if (d->order.has_destination)
        at.centre = d->order.destination;
    vec2_t p = footprint_nearest_point (&at, &situation_unit_const (sit, e)->fp);
    return geom_bearing (at.centre, p);
}

#define assert_near(a, b) assert_true (fabs ((double) (a) - (double) (b)) < 0.01)

/*  ---- -4: No enemy, or friends retreating, in sight --------------------- */

static void
test_no_enemy_in_sight (void **state)
{
    (void) state;
    int b = blue ();
    rf_decision_t d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4,
                   "no enemy is in sight, and no friendly unit retreating");

    /* an enemy in plain sight, far away: no -4 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 200);
    d = factors (b);
    expect_no_factor (&d, "no_enemy_in_sight");

    /* the enemy hidden deep in a wood: fog of war, -4 again */
    start (NULL, NULL);
    b = blue ();
    woods ("wood-1", 100, 150, 200, 250);
    red_ahead ("red-1", ARM_INFANTRY, "musket", 146);   /* y = 198 */
    d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, NULL);

    /* a friend retreating in sight: no -4 (the reading of RULINGS.md) */
    unit_t f = mk ("blue-2", SIDE_BLUE, ARM_INFANTRY, "musket", 100, 50, 0);
    f.status = STATUS_FALLING_BACK;
    int fi = add (f);
    d = factors (b);
    expect_no_factor (&d, "no_enemy_in_sight");
    for (uint32_t s = STATUS_RAN_LAST_TURN; s <= STATUS_ROUTING; s <<= 1) {
        situation_unit (sit, fi)->status = s;
        d = factors (b);
        bool retreating = s == STATUS_RAN_LAST_TURN || s == STATUS_FALLING_BACK
                       || s == STATUS_RETREATING_FROM_MELEE
                       || s == STATUS_ROUTING;
        assert_int_equal (factor (&d, "no_enemy_in_sight") == NULL, retreating);
    }
    /* ... unless it cannot be seen */
    situation_unit (sit, fi)->status = STATUS_FALLING_BACK;
    situation_unit (sit, fi)->fp.centre = (vec2_t) { 150, 200 };   /* in the wood */
    d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, NULL);

    /* the other reading: only enemies count */
    start ("no_enemy_needs_no_retreating_friends = true;",
           "no_enemy_needs_no_retreating_friends = false;");
    b = blue ();
    f = mk ("blue-2", SIDE_BLUE, ARM_INFANTRY, "musket", 100, 50, 0);
    f.status = STATUS_RAN_LAST_TURN;
    add (f);
    d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, "no enemy is in sight");

    /* cavalry read the same line */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, NULL);
    /* a dead enemy is no enemy */
    unit_t dead = mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 80, 180);
    dead.killed = 10;
    add (dead);
    d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, NULL);
}

/*  "In sight": the unit itself, or (the other reading) any of its side. */
static void
test_sight_of_side (void **state)
{
    (void) state;
    woods ("wood-1", 100, 150, 200, 250);
    int b = blue ();
    red_ahead ("red-1", ARM_INFANTRY, "musket", 146);           /* hidden */
    add (mk ("blue-scout", SIDE_BLUE, ARM_INFANTRY, "rifle", 150, 185, 0));
    rf_decision_t d = factors (b);
    expect_factor (&d, "no_enemy_in_sight", -4, NULL);

    start ("in_sight_of_unit_itself = true;", "in_sight_of_unit_itself = false;");
    woods ("wood-1", 100, 150, 200, 250);
    b = blue ();
    red_ahead ("red-1", ARM_INFANTRY, "musket", 146);
    add (mk ("blue-scout", SIDE_BLUE, ARM_INFANTRY, "rifle", 150, 185, 0));
    d = factors (b);
    expect_no_factor (&d, "no_enemy_in_sight");
}

/*  ---- -1 lines ---------------------------------------------------------- */

static void
test_hero_near (void **state)
{
    (void) state;
    int b = blue ();
    red_ahead ("red-1", ARM_INFANTRY, "musket", 200);
    unit_t h = mk ("blue-hero", SIDE_BLUE, ARM_INFANTRY, "pistol", 163, 50, 0);
    h.quality = QUALITY_HERO;
    h.figures = 1;
    h.fp.width = 2;
    int hi = add (h);                               /* 163-1 - 155 = 7 cm */
    rf_decision_t d = factors (b);
    expect_no_factor (&d, "hero_near");

    situation_unit (sit, hi)->fp.centre.x = 161;    /* exactly 5 cm */
    d = factors (b);
    expect_factor (&d, "hero_near", -1, "hero blue-hero is 5 cm away, within 5 cm");
    situation_unit (sit, hi)->fp.centre.x = 159;    /* 3 cm */
    d = factors (b);
    expect_factor (&d, "hero_near", -1, "3 cm away");
    situation_unit (sit, hi)->fp.centre.x = 161.01;
    d = factors (b);
    expect_no_factor (&d, "hero_near");

    /* an enemy hero does not count */
    situation_unit (sit, hi)->fp.centre.x = 159;
    situation_unit (sit, hi)->side = SIDE_RED;
    d = factors (b);
    expect_no_factor (&d, "hero_near");

    /* a hero unit counts for itself */
    situation_unit (sit, b)->quality = QUALITY_HERO;
    d = factors (b);
    expect_factor (&d, "hero_near", -1, "itself of hero quality");
    expect_no_factor (&d, "regulars");          /* not regulars */

    /* the cavalry list has no hero line */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    h = mk ("blue-hero", SIDE_BLUE, ARM_INFANTRY, "pistol", 158, 50, 0);
    h.quality = QUALITY_HERO;
    add (h);
    d = factors (b);
    expect_no_factor (&d, "hero_near");
}

static void
test_regulars (void **state)
{
    (void) state;
    int b = blue ();
    rf_decision_t d = factors (b);
    expect_factor (&d, "regulars", -1, "formed (line) of regular troops");
    situation_unit (sit, b)->formation = FORMATION_COLUMN;
    d = factors (b);
    expect_factor (&d, "regulars", -1, "column");
    situation_unit (sit, b)->formation = FORMATION_SQUARE;
    d = factors (b);
    expect_factor (&d, "regulars", -1, "square");
    situation_unit (sit, b)->formation = FORMATION_LOOSE;  /* not formed */
    d = factors (b);
    expect_no_factor (&d, "regulars");
    situation_unit (sit, b)->formation = FORMATION_LINE;
    situation_unit (sit, b)->quality = QUALITY_RAW;
    d = factors (b);
    expect_no_factor (&d, "regulars");
    /* infantry have no officer line */
    situation_unit (sit, b)->officers = 1;
    d = factors (b);
    expect_no_factor (&d, "officer");
}

/*  "-1: Unit formed of regulars", the other reading: "made up of
 *  regulars" (risk_factors.infantry.regulars_need_formed = false): a unit
 *  of regular quality in any order, loose too; raw troops still not. */
static void
test_regulars_made_up_of (void **state)
{
    (void) state;
    start ("regulars_need_formed = true;", "regulars_need_formed = false;");
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    rf_decision_t d = factors (b);
    expect_factor (&d, "regulars", -1, NULL);
    situation_unit (sit, b)->quality = QUALITY_RAW;
    d = factors (b);
    expect_no_factor (&d, "regulars");
}

/*  Cavalry: "-1: Good troops or Officer." */
static void
test_good_troops_or_officer (void **state)
{
    (void) state;
    int b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    unit_t *c = situation_unit (sit, b);
    rf_decision_t d = factors (b);
    expect_factor (&d, "regulars", -1, "good troops (regular)");
    expect_no_factor (&d, "officer");
    c->formation = FORMATION_LOOSE;            /* any order */
    d = factors (b);
    expect_factor (&d, "regulars", -1, NULL);
    c->quality = QUALITY_HERO;
    d = factors (b);
    expect_factor (&d, "regulars", -1, "good troops (hero)");
    c->quality = QUALITY_RAW;
    d = factors (b);
    expect_no_factor (&d, "regulars");
    c->officers = 1;                           /* poor troops, an officer */
    d = factors (b);
    expect_factor (&d, "officer", -1, "the unit has 1 officer");
    c->quality = QUALITY_REGULAR;              /* both: one line, -1 once */
    d = factors (b);
    expect_factor (&d, "regulars", -1, "counts once");
    expect_no_factor (&d, "officer");
    assert_int_equal (d.rf, -4 - 1);

    start ("good_troops_or_officer_once = true;", "good_troops_or_officer_once = false;");
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    situation_unit (sit, b)->officers = 2;
    d = factors (b);
    expect_factor (&d, "regulars", -1, "good troops");
    expect_factor (&d, "officer", -1, "2 officers");
    assert_int_equal (d.rf, -4 - 2);
}

static void
test_in_cover (void **state)
{
    (void) state;
    int w = woods ("wood-1", 140, 40, 170, 60);
    int b = blue ();                            /* 145..155 x 49..51 */
    rf_decision_t d = factors (b);
    expect_factor (&d, "in_cover", -1, "entirely in soft cover (woods wood-1)");
    (void) w;
    situation_unit (sit, b)->fp.centre.x = 138;  /* partly out */
    d = factors (b);
    expect_no_factor (&d, "in_cover");
    /* cavalry too */
    situation_unit (sit, b)->fp.centre.x = 155;
    situation_unit (sit, b)->arm = ARM_CAVALRY;
    d = factors (b);
    expect_factor (&d, "in_cover", -1, NULL);
}

/*  ---- +1 lines ---------------------------------------------------------- */

static void
test_enemy_in_range (void **state)
{
    (void) state;
    int b = blue ();
    int r = red_ahead ("red-2", ARM_INFANTRY, "musket", 34);
    rf_decision_t d = factors (b);
    expect_factor (&d, "enemy_in_range", 1,
                   "enemy red-2 (musket) is 34 cm away, within its 120 cm long range");
    situation_unit (sit, r)->fp.centre.y = 52 + 120;      /* the edge */
    d = factors (b);
    expect_factor (&d, "enemy_in_range", 1, "120 cm away");
    situation_unit (sit, r)->fp.centre.y = 52 + 120.5;
    d = factors (b);
    expect_no_factor (&d, "enemy_in_range");
    /* their weapon, not ours: pistols at 30 cm do not reach */
    situation_unit (sit, r)->fp.centre.y = 52 + 30;
    situation_unit (sit, r)->weapon = ruleset_weapon_find (rs, "pistol");
    d = factors (b);
    expect_no_factor (&d, "enemy_in_range");
    situation_unit (sit, r)->fp.centre.y = 52 + 20;
    d = factors (b);
    expect_factor (&d, "enemy_in_range", 1, "(pistol) is 20 cm away");
    /* swords never reach */
    situation_unit (sit, r)->weapon = ruleset_weapon_find (rs, "sword");
    situation_unit (sit, r)->fp.centre.y = 52 + 1;
    d = factors (b);
    expect_no_factor (&d, "enemy_in_range");
    /* an enemy out of sight does not count */
    start (NULL, NULL);
    woods ("wood-1", 100, 150, 200, 250);
    b = blue ();
    red_ahead ("red-1", ARM_INFANTRY, "rifle", 146);      /* 146 < 180 */
    d = factors (b);
    expect_no_factor (&d, "enemy_in_range");

    /* the other reading: our weapon reaches them */
    start ("enemy_range_is_enemy_weapon = true;", "enemy_range_is_enemy_weapon = false;");
    b = add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "rifle", 150, 50, 0));
    red_ahead ("red-1", ARM_INFANTRY, "pistol", 150);
    d = factors (b);
    expect_factor (&d, "enemy_in_range", 1,
                   "enemy red-1 is 150 cm away, within the unit's 180 cm long range (rifle)");

    /* cavalry: "Any enemy in sight and within their weapons range" */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    red_ahead ("red-1", ARM_INFANTRY, "rifle", 170);
    d = factors (b);
    expect_factor (&d, "enemy_in_range", 1, "within its 180 cm long range");
}

static void
test_raw_in_range (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->quality = QUALITY_RAW;
    int r = red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    rf_decision_t d = factors (b);
    expect_factor (&d, "raw_in_range", 1, "the unit is raw, and enemy red-1");
    expect_factor (&d, "enemy_in_range", 1, NULL);
    assert_int_equal (d.rf, 2);
    situation_unit (sit, r)->fp.centre.y = 52 + 130;     /* out of range */
    d = factors (b);
    expect_no_factor (&d, "raw_in_range");
    /* regulars are not raw */
    situation_unit (sit, r)->fp.centre.y = 52 + 100;
    situation_unit (sit, b)->quality = QUALITY_REGULAR;
    d = factors (b);
    expect_no_factor (&d, "raw_in_range");
    /* cavalry: "Poor unit in range of any enemy unit in sight" */
    situation_unit (sit, b)->arm = ARM_CAVALRY;
    situation_unit (sit, b)->quality = QUALITY_RAW;
    d = factors (b);
    expect_factor (&d, "raw_in_range", 1, NULL);
}

static void
test_per_tenth_lost (void **state)
{
    (void) state;
    int b = blue ();
    unit_t *u = situation_unit (sit, b);
    u->figures = 20;
    u->wounded = 1;                                /* 5%: no whole tenth */
    rf_decision_t d = factors (b);
    expect_no_factor (&d, "per_tenth_lost");
    u->wounded = 2;                                /* 10% */
    d = factors (b);
    expect_factor (&d, "per_tenth_lost", 1, "2 of 20 figures wounded or killed (10%): 1 tenth at +1");
    u->wounded = 3;
    u->killed = 3;                                 /* 30% */
    d = factors (b);
    expect_factor (&d, "per_tenth_lost", 3, "6 of 20 figures wounded or killed (30%): 3 tenths");
    u->figures = 7;                                /* 6 of 7: 85% */
    d = factors (b);
    expect_factor (&d, "per_tenth_lost", 8, "(85%)");
    u->arm = ARM_CAVALRY;
    d = factors (b);
    expect_factor (&d, "per_tenth_lost", 8, NULL);
}

/*  ---- +2 lines ---------------------------------------------------------- */

static void
test_flank_or_rear (void **state)
{
    (void) state;
    int b = blue ();
    int r = red_ahead ("red-1", ARM_INFANTRY, "musket", 60);
    rf_decision_t d = factors (b);
    expect_no_factor (&d, "flank_or_rear");        /* in front */
    /* close in, dead ahead and turned 5 degrees: its nearest point, a
       corner straight before blue's front edge, lies more than 45
       degrees off seen from blue's centre, and it is still in front */
    situation_unit (sit, r)->fp.centre = (vec2_t) { 150, 55 };
    situation_unit (sit, r)->fp.facing = 185;
    vec2_t corner = footprint_nearest_point (&situation_unit (sit, b)->fp,
                                             &situation_unit (sit, r)->fp);
    assert_true (geom_turn_deg (0, geom_bearing ((vec2_t) { 150, 50 }, corner))
                 > 45);
    d = factors (b);
    expect_no_factor (&d, "flank_or_rear");
    situation_unit (sit, r)->fp.facing = 180;
    situation_unit (sit, r)->fp.centre = (vec2_t) { 210, 50 };
    d = factors (b);
    expect_factor (&d, "flank_or_rear", 2, "enemy red-1 in sight is in the unit's flank arc");
    situation_unit (sit, r)->fp.centre = (vec2_t) { 90, 50 };
    d = factors (b);
    expect_factor (&d, "flank_or_rear", 2, "flank arc");
    situation_unit (sit, r)->fp.centre = (vec2_t) { 150, 10 };
    d = factors (b);
    expect_factor (&d, "flank_or_rear", 2, "rear arc");
    /* once, however many */
    add (mk ("red-2", SIDE_RED, ARM_INFANTRY, "musket", 210, 50, 270));
    d = factors (b);
    expect_factor (&d, "flank_or_rear", 2, NULL);
    int count = 0;
    for (int i = 0; i < d.factor_count; i++)
        count += strcmp (d.factors[i].name, "flank_or_rear") == 0;
    assert_int_equal (count, 1);

    /* not in sight: no factor */
    start (NULL, NULL);
    woods ("wood-1", 0, 0, 120, 120);
    b = blue ();
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 60, 50, 90));
    d = factors (b);
    expect_no_factor (&d, "flank_or_rear");

    /* cavalry */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 10, 0));
    d = factors (b);
    expect_factor (&d, "flank_or_rear", 2, "rear arc");
}

/*  "Infantry not in square/circle facing Shock Cavalry within 50cms and
 *  not in cover." */
static void
test_shock_cavalry (void **state)
{
    (void) state;
    int b = blue ();
    unit_t c = mk ("red-hussars", SIDE_RED, ARM_CAVALRY, "sword", 150, 52 + 40, 180);
    c.status = STATUS_SHOCK;
    int r = add (c);
    rf_decision_t d = factors (b);
    expect_factor (&d, "shock_cavalry", 2,
                   "shock cavalry red-hussars is 40 cm away, within 50 cm");
    situation_unit (sit, r)->fp.centre.y = 52 + 50;    /* the edge */
    d = factors (b);
    expect_factor (&d, "shock_cavalry", 2, "50 cm away");
    situation_unit (sit, r)->fp.centre.y = 52 + 50.5;
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
    situation_unit (sit, r)->fp.centre.y = 52 + 40;
    situation_unit (sit, b)->formation = FORMATION_SQUARE;
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
    situation_unit (sit, b)->formation = FORMATION_LINE;
    situation_unit (sit, r)->status = 0;                /* not shock */
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
    situation_unit (sit, r)->status = STATUS_SHOCK;
    situation_unit (sit, r)->arm = ARM_INFANTRY;        /* not cavalry */
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
    situation_unit (sit, r)->arm = ARM_CAVALRY;
    /* in any arc: charging shock cavalry from the flank counts too */
    situation_unit (sit, r)->fp.centre = (vec2_t) { 190, 50 };
    d = factors (b);
    expect_factor (&d, "shock_cavalry", 2, NULL);
    expect_factor (&d, "flank_or_rear", 2, NULL);

    /* in cover: no */
    start (NULL, NULL);
    woods ("wood-1", 140, 40, 170, 60);
    b = blue ();
    c.fp.centre = (vec2_t) { 150, 52 + 40 };
    add (c);
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
    expect_factor (&d, "in_cover", -1, NULL);

    /* cavalry have no such line */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    add (c);
    d = factors (b);
    expect_no_factor (&d, "shock_cavalry");
}

/*  ---- +3 ---------------------------------------------------------------- */

static void
test_running_or_retreating (void **state)
{
    (void) state;
    int b = blue ();
    unit_t *u = situation_unit (sit, b);
    u->status = STATUS_RAN_LAST_TURN;
    rf_decision_t d = factors (b);
    expect_factor (&d, "running_or_retreating", 3, "ran from the enemy last turn");
    u->status = STATUS_RETREATING_FROM_MELEE;
    d = factors (b);
    expect_factor (&d, "running_or_retreating", 3, "retreating as a result of melee");
    u->status = STATUS_RAN_LAST_TURN | STATUS_RETREATING_FROM_MELEE;
    d = factors (b);
    expect_factor (&d, "running_or_retreating", 3, NULL);
    assert_int_equal (d.rf, -4 - 1 + 3);
    u->status = STATUS_FALLING_BACK;
    d = factors (b);
    expect_no_factor (&d, "running_or_retreating");
    u->arm = ARM_CAVALRY;
    u->status = STATUS_RAN_LAST_TURN;
    d = factors (b);
    expect_factor (&d, "running_or_retreating", 3, NULL);
}

/*  Everything at once: the sum, the band. */
static void
test_sum (void **state)
{
    (void) state;
    int b = blue ();
    unit_t *u = situation_unit (sit, b);
    u->quality = QUALITY_RAW;
    u->figures = 10;
    u->killed = 2;
    u->status = STATUS_RAN_LAST_TURN;
    unit_t c = mk ("red-lancers", SIDE_RED, ARM_CAVALRY, "pistol", 175, 50, 270);
    c.status = STATUS_SHOCK;
    add (c);                                       /* 15 cm on the flank */
    rf_decision_t d = factors (b);
    /* +1 in range (pistol 20) +1 raw +2 lost +2 flank +2 shock +3 ran */
    assert_int_equal (d.rf, 11);
    assert_int_equal (d.band, 4);
    assert_int_equal (d.factor_count, 6);
    assert_int_equal (d.unit, b);
    assert_int_equal (d.arm, ARM_INFANTRY);
    /* factors come in the order of the rules text */
    assert_string_equal (d.factors[0].name, "enemy_in_range");
    assert_string_equal (d.factors[5].name, "running_or_retreating");

    /* errors */
    char err[SOLO_ERR_MAX];
    assert_int_equal (rf_factors (sit, 99, NULL, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "unit 99 is not on the table"));
    assert_int_equal (rf_factors (sit, -1, NULL, &d, err, sizeof err), -1);
}

/*  ---- the decision: up to RF0 ------------------------------------------- */

static void
test_up_to_rf0 (void **state)
{
    (void) state;
    int b = blue ();                               /* regulars: -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 150);   /* seen, not in range */
    rf_decision_t d = decide (b, 3);
    assert_int_equal (d.rf, -1);
    assert_int_equal (d.band, 0);
    assert_int_equal (d.action, RF_CONTINUE);
    assert_false (d.order.has_destination);
    assert_near (d.order.facing, 0);
    /* "unless a 6 (D6) is thrown, in which case they will move towards the
       nearest visible enemy" */
    d = decide (b, 6);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_false (d.charge);
    assert_true (d.order.has_destination);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.x, 150);
    assert_near (d.order.destination.y, 75);
    assert_near (d.order.facing, 0);
    assert_int_equal (d.order.nearest_enemy, 1);
    assert_near (d.order.nearest_enemy_cm, 150);
    /* the six outcomes */
    for (int f = 0; f < 5; f++)
        assert_int_equal (d.outcomes[f].action, RF_CONTINUE);
    assert_int_equal (d.outcomes[5].action, RF_ADVANCE_VISIBLE);

    /* "They will not move however, from fortified positions they are
       defending." */
    situation_unit (sit, b)->status = STATUS_FORTIFIED;
    d = decide (b, 6);
    assert_int_equal (d.action, RF_CONTINUE);
    assert_false (d.order.has_destination);
    assert_non_null (strstr (d.outcomes[5].text, "fortified"));

    /* "Units falling back away from the enemy will halt in the nearest
       cover facing the last known enemy position (5,6 D6)" */
    int w = woods ("wood-1", 120, 20, 140, 40);
    unit_t *u = situation_unit (sit, b);
    u->status = STATUS_FALLING_BACK | STATUS_HAS_LAST_ENEMY;
    u->last_enemy_seen = (vec2_t) { 250, 150 };
    d = decide (b, 4);
    assert_int_equal (d.action, RF_CONTINUE);
    d = decide (b, 5);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_true (d.order.has_destination);
    assert_true (d.order.destination.x <= 140 && d.order.destination.y <= 40);
    assert_near (d.order.facing, geom_bearing (d.order.destination,
                                               (vec2_t) { 250, 150 }));
    assert_non_null (strstr (d.outcomes[5].text, "last known enemy position"));
    /* "will halt": the halt ends the falling back, though the move into
       cover is the take_cover action's, whose morale line clears nothing */
    assert_true (d.falling_back_halt);
    uint32_t set, clear;
    rf_status_effect (rs, &d, &set, &clear);
    assert_true (clear & STATUS_FALLING_BACK);
    assert_false (set & STATUS_FALLING_BACK);
    assert_non_null (strstr (d.explanation, "falls back no more"));
    d = decide (b, 4);
    assert_false (d.falling_back_halt);
    rf_status_effect (rs, &d, &set, &clear);
    assert_false (clear & STATUS_FALLING_BACK);
    d = decide (b, 6);
    assert_int_equal (d.action, RF_TAKE_COVER);
    /* no cover within a move: halts where it is, facing the same way */
    situation_unit (sit, b)->fp.centre = (vec2_t) { 250, 50 };
    d = decide (b, 6);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_false (d.order.has_destination);
    assert_int_equal (d.order.cover_feature, -1);
    assert_near (d.order.facing, 0);              /* (250,50) -> (250,150) */
    /* fortified and falling back: does not move */
    situation_unit (sit, b)->status |= STATUS_FORTIFIED;
    d = decide (b, 6);
    assert_int_equal (d.action, RF_CONTINUE);
}

static void
test_cavalry_up_to_rf0 (void **state)
{
    (void) state;
    int b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    red_ahead ("red-1", ARM_INFANTRY, "sword", 150);
    rf_decision_t d = decide (b, 6);
    assert_int_equal (d.rf, -1);
    assert_int_equal (d.action, RF_CONTINUE);     /* cavalry never advance */
    assert_false (d.order.has_destination);
    unit_t *u = situation_unit (sit, b);
    u->status = STATUS_FALLING_BACK | STATUS_HAS_LAST_ENEMY;
    u->last_enemy_seen = (vec2_t) { 50, 50 };
    d = decide (b, 4);
    assert_int_equal (d.action, RF_CONTINUE);
    d = decide (b, 5);
    assert_int_equal (d.action, RF_HALT);
    assert_false (d.order.has_destination);
    assert_near (d.order.facing, 270);            /* the last known position */
    /* without a last known position: the nearest enemy in sight */
    u->status = STATUS_FALLING_BACK;
    d = decide (b, 6);
    assert_int_equal (d.action, RF_HALT);
    assert_near (d.order.facing, 0);
}

/*  ---- the decision: the orders ------------------------------------------ */

static void
test_take_cover (void **state)
{
    (void) state;
    /* RF1: raw (no regulars), an enemy musket in range: +1 */
    int b = blue ();
    situation_unit (sit, b)->quality = QUALITY_RAW;
    situation_unit (sit, b)->quality = QUALITY_REGULAR;
    situation_unit (sit, b)->formation = FORMATION_LOOSE;   /* no -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    int w = woods ("wood-1", 100, 30, 130, 70);             /* 15 cm west */
    rf_decision_t d = decide (b, 1);
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_true (d.order.has_destination);
    assert_true (d.order.destination.x < 130);
    assert_true (d.order.move_cm <= 25);
    assert_near (d.order.facing, facing_to (&d, b, 1));
    assert_true (d.order.facing > 0 && d.order.facing < 45);
    assert_int_equal (d.order.shoot_target, 1);             /* still shoots */
    assert_string_equal (d.order.range_band, "long");

    /* no cover within one move: away from all enemies, one move */
    situation_unit (sit, b)->fp.centre.x = 200;
    situation_unit (sit, 1)->fp.centre.x = 200;
    d = decide (b, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, -1);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.x, 200);
    assert_near (d.order.destination.y, 25);
    assert_near (d.order.facing, 0);              /* facing the enemy */

    /* already in cover (near its edge, seeing out): stays */
    situation_unit (sit, b)->fp.centre.x = 124;
    situation_unit (sit, 1)->weapon = ruleset_weapon_find (rs, "rifle");
    d = decide (b, 2);                            /* +1 range -1 cover */
    assert_int_equal (d.rf, 0);
    situation_unit (sit, b)->quality = QUALITY_RAW;   /* +1 +1 -1 = 1 */
    d = decide (b, 1);
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_false (d.order.has_destination);
    assert_int_equal (d.order.cover_feature, w);

    /* cavalry walk to cover: 30 cm, where foot reach only 25 */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    situation_unit (sit, b)->quality = QUALITY_RAW;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    w = woods ("wood-1", 100, 30, 122, 70);       /* 28 cm from its centre */
    d = decide (b, 2);                            /* RF2-5, 2: walk to cover */
    assert_int_equal (d.rf, 2);                   /* +1 in range, +1 poor */
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_string_equal (d.order.pace, "walk");
    assert_int_equal (d.order.cover_feature, w);
    situation_unit (sit, b)->arm = ARM_INFANTRY;
    situation_unit (sit, b)->formation = FORMATION_LINE;
    d = decide (b, 2);                            /* infantry RF2-5, 2 */
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, -1);
    assert_string_equal (d.order.pace, "");
}

static void
test_halt_and_continue (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 200, 100, 180));
    rf_decision_t d = decide (b, 2);              /* RF1, 2: halt */
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_HALT);
    assert_false (d.order.has_destination);
    vec2_t p = footprint_nearest_point (&situation_unit_const (sit, b)->fp,
                                        &situation_unit_const (sit, 1)->fp);
    assert_near (d.order.facing, geom_bearing ((vec2_t) { 150, 50 }, p));
    assert_int_equal (d.order.shoot_target, 1);
    assert_string_equal (d.morale, "wavering");

    d = decide (b, 3);                            /* continue facing (Charge?) */
    assert_int_equal (d.action, RF_CONTINUE_FACING_CHARGE);
    assert_false (d.charge);                      /* 60 cm: out of reach */
    assert_false (d.order.enemy_in_charge_reach);
    assert_false (d.order.has_destination);
    assert_true (d.order.facing > 0 && d.order.facing < 90);
    for (int f = 0; f < 6; f++)
        assert_false (d.outcomes[f].charge);

    /* cavalry RF1 (+1 range, -1 good troops, +1 a tenth lost), 3:
       continue facing, no (Charge?) */
    situation_unit (sit, b)->arm = ARM_CAVALRY;
    situation_unit (sit, b)->killed = 1;
    d = decide (b, 3);
    assert_int_equal (d.action, RF_CONTINUE_FACING);
    assert_false (d.charge);
    assert_true (d.order.facing > 0 && d.order.facing < 90);
}

/*  A unit half inside a wood, told to take cover, goes wholly into it;
 *  one wholly inside stays. */
static void
test_take_cover_half_inside (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;   /* no -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    int w = woods ("wood-1", 100, 30, 130, 70);
    situation_unit (sit, b)->fp.centre.x = 128;   /* 123..133: 3 cm out */
    rf_decision_t d = decide (b, 1);              /* RF1, 1: take cover */
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_true (d.order.has_destination);
    assert_true (d.order.move_cm > 2.9 && d.order.move_cm <= 25);
    footprint_t at = situation_unit_const (sit, b)->fp;
    at.centre = d.order.destination;
    at.facing = d.order.facing;                   /* turned to the enemy */
    assert_int_equal (situation_footprint_cover (sit, &at), COVER_SOFT);

    /* wholly inside, near its edge and seeing out: it stays (raw: +1 +1
       -1 in cover = RF1 again) */
    situation_unit (sit, b)->fp.centre.x = 124;
    situation_unit (sit, b)->quality = QUALITY_RAW;
    d = decide (b, 1);
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_false (d.order.has_destination);
    assert_int_equal (d.order.cover_feature, w);
}

/*  "Move to take cover in the nearest terrain within 1 move" and "-1:
 *  Unit entirely in cover": the unit ends wholly inside the wood, at the
 *  facing the answer turns it to (the enemy), so that a position built
 *  from the answer reads it as entirely in cover.  A unit 10 x 2 cm
 *  10 cm east of a wood (x 100-140): its centre goes in to x 134.9, its
 *  front (turned some 8 degrees to the enemy) just inside the edge, for
 *  10 cm and 5.1 in the wood ("Difficult going counts double the
 *  distance"): 20.2 cm of its 25. */
static void
test_take_cover_wholly_inside (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;   /* no -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    int w = woods ("wood-1", 100, 30, 140, 70);
    rf_decision_t d = decide (b, 1);              /* RF1, 1: take cover */
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_true (d.order.has_destination);
    assert_true (d.order.destination.x > 134.5);  /* the nearest such place */
    assert_true (d.order.destination.x <= 135);
    assert_near (d.order.destination.y, 50);
    assert_true (d.order.move_cm <= 25);          /* "within 1 move" */
    assert_near (d.order.facing, facing_to (&d, b, 1));
    footprint_t at = situation_unit_const (sit, b)->fp;
    at.centre = d.order.destination;
    at.facing = d.order.facing;
    assert_int_equal (situation_footprint_cover (sit, &at), COVER_SOFT);
    /* the position the answer makes: entirely in cover, it stays */
    situation_unit (sit, b)->fp = at;
    assert_int_equal (situation_footprint_cover (sit, &at), COVER_SOFT);
    situation_unit (sit, b)->quality = QUALITY_RAW;   /* +1 +1 -1 = RF1 */
    d = decide (b, 1);
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_false (d.order.has_destination);
    assert_int_equal (d.order.cover_feature, w);

    /* 5 cm further off (wood x 100-135), wholly inside would cost 15 cm
       and 5.1 doubled, 25.2: beyond the move.  Nowhere wholly in cover
       is within it, so it goes in as before: its centre half its depth
       inside the edge, for 15 + 1 cm, and is not yet entirely in cover */
    start (NULL, NULL);
    b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    w = woods ("wood-1", 100, 30, 135, 70);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_near (d.order.destination.x, 134);
    assert_near (d.order.move_cm, 16);

    /* a copse 6 cm deep (x 134-140) cannot hold a 10 cm front turned to
       the enemy: the same, half its depth in */
    start (NULL, NULL);
    b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    w = woods ("copse", 134, 30, 140, 70);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_int_equal (d.order.cover_feature, w);
    assert_near (d.order.destination.x, 139);
}

/*  Seed 002: "(15 cms if in heavy armour/clothing!)", civilians 20: the
 *  table's moves are as long as the troop type's. */
static void
test_troop_type_moves (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    situation_unit (sit, b)->troop_type =
        ruleset_troop_type_find (rs, "heavy_armour");
    red_ahead ("red-1", ARM_INFANTRY, "musket", 100);
    rf_decision_t d = decide (b, 6);              /* RF1, 6: advance */
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);
    assert_false (d.charge);
    assert_near (d.order.move_cm, 15);
    assert_near (d.order.destination.y, 65);
    d = decide (b, 1);                            /* take cover: none, away */
    assert_int_equal (d.action, RF_TAKE_COVER);
    assert_near (d.order.move_cm, 15);
    situation_unit (sit, b)->troop_type =
        ruleset_troop_type_find (rs, "civilians");
    d = decide (b, 6);
    assert_near (d.order.move_cm, 20);
    /* charge reach is one move too: 15 cm in heavy armour */
    situation_unit (sit, b)->troop_type =
        ruleset_troop_type_find (rs, "heavy_armour");
    situation_unit (sit, 1)->fp.centre.y = 52 + 16;
    d = decide (b, 6);
    assert_false (d.order.enemy_in_charge_reach);
    assert_false (d.charge);
    situation_unit (sit, 1)->fp.centre.y = 52 + 14;
    d = decide (b, 6);
    assert_true (d.order.enemy_in_charge_reach);
    assert_true (d.charge);
    assert_near (d.order.move_cm, 14);            /* to contact */
    expect_no_shot (&d, RF_NO_SHOT_CHARGES, "charges", -1);
}

/*  "It moves to contact the nearest enemy figures in reach": an enemy
 *  not straight ahead is charged into base to base contact too, as the
 *  game's charge goes (turned to face it, slid until the bases touch).
 *  Blue 10 x 2 cm at (150, 50) facing north, red 10 x 2 cm at (170, 66)
 *  facing south: 17.2 cm corner to corner, in a foot charge's 25 cm. */
static void
test_charge_at_an_angle (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    int r = add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 170, 66, 180));
    rf_decision_t d = decide (b, 4);              /* RF1, 4: (Charge?) */
    assert_int_equal (d.action, RF_CONTINUE_FACING_CHARGE);
    assert_true (fabs (d.order.nearest_enemy_cm - hypot (10, 14)) < 0.01);
    assert_true (d.order.enemy_in_charge_reach);
    assert_true (d.charge);
    assert_true (d.order.has_destination);
    footprint_t at = situation_unit_const (sit, b)->fp;
    at.centre = d.order.destination;
    at.facing = d.order.facing;
    const footprint_t *red = &situation_unit_const (sit, r)->fp;
    assert_true (footprint_distance (&at, red) < 1e-6);      /* in contact */
    assert_true (footprint_overlap (&at, red) < 1e-6);       /* not into it */
    assert_near (d.order.move_cm,
                 geom_dist (situation_unit_const (sit, b)->fp.centre,
                            d.order.destination));
    assert_true (d.order.move_cm <= 25);
    /* turned as it sets off to red's nearest corner, (165, 65) */
    assert_near (d.order.facing, 45);

    /* "Advance towards nearest enemy" at RF0 (regulars: -1, in range:
       +1), a 6: a move, not a charge, it stops settings.enemy_gap_cm
       (1 cm) short of them at this angle too, not further */
    situation_unit (sit, b)->formation = FORMATION_LINE;
    d = decide (b, 6);
    assert_int_equal (d.rf, 0);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_false (d.charge);
    assert_true (d.order.has_destination);
    at.centre = d.order.destination;
    at.facing = d.order.facing;
    assert_true (fabs (footprint_distance (&at, red) - 1.0) < 1e-6);
    assert_true (d.order.move_cm <= 25);
}

/*  "(Charge?)": only with an enemy within one move. */
static void
test_charge (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    int r = red_ahead ("red-1", ARM_INFANTRY, "musket", 25);
    rf_decision_t d = decide (b, 4);              /* RF1, 4 */
    assert_int_equal (d.action, RF_CONTINUE_FACING_CHARGE);
    assert_true (d.charge);
    assert_true (d.order.enemy_in_charge_reach);
    assert_true (d.order.has_destination);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.y, 75);      /* to contact */
    assert_int_equal (d.order.shoot_target, -1);  /* charging, not shooting */
    /* the outcomes: charge where the cell says so */
    static const bool charge[6] = { false, false, true, true, true, true };
    for (int f = 0; f < 6; f++)
        assert_int_equal (d.outcomes[f].charge, charge[f]);
    assert_non_null (strstr (d.explanation, "It charges."));

    situation_unit (sit, r)->fp.centre.y = 52 + 25.5;
    d = decide (b, 6);                            /* advance (Charge?) */
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);
    assert_false (d.charge);
    /* a move, not a charge: it stops settings.enemy_gap_cm (1 cm) short
       of them, where the game's moves stop too */
    assert_near (d.order.move_cm, 24.5);
    assert_near (d.order.destination.y, 74.5);
    assert_int_equal (d.order.shoot_target, r);   /* 1 cm: short range */
    assert_string_equal (d.order.range_band, "short");
    assert_non_null (strstr (d.explanation, "no charge"));

    /* cavalry: gallop, 60 cm */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 50, 0));
    situation_unit (sit, b)->quality = QUALITY_RAW;
    r = red_ahead ("red-1", ARM_INFANTRY, "sword", 55);
    d = decide (b, 6);                            /* RF0? no: raw, no range */
    assert_int_equal (d.rf, 0);
    situation_unit (sit, r)->weapon = ruleset_weapon_find (rs, "musket");
    d = decide (b, 6);                            /* +1 +1 = RF2, 6 */
    assert_int_equal (d.rf, 2);
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);
    assert_true (d.charge);
    assert_string_equal (d.order.pace, "gallop");
    assert_near (d.order.move_cm, 55);
    assert_int_equal (d.order.shoot_target, -1);  /* swords */
    situation_unit (sit, r)->fp.centre.y = 52 + 100;
    d = decide (b, 6);
    assert_false (d.charge);
    assert_string_equal (d.order.pace, "gallop");
    assert_near (d.order.move_cm, 60);
    assert_near (d.order.destination.y, 110);
}

static void
test_withdraw (void **state)
{
    (void) state;
    /* RF2-5, 1: "Withdraw towards cover further from enemy" */
    int b = blue ();
    situation_unit (sit, b)->status = STATUS_RETREATING_FROM_MELEE;  /* +3 -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 30);                /* +1 */
    int behind = woods ("wood-behind", 140, 10, 160, 35);
    woods ("wood-ahead", 170, 60, 190, 80);
    rf_decision_t d = decide (b, 1);
    assert_int_equal (d.rf, 3);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.cover_feature, behind);
    assert_true (d.order.destination.y < 35);
    assert_near (d.order.facing, 0);              /* facing the enemy */
    assert_string_equal (d.morale, "shaken");
    assert_int_equal (d.order.shoot_target, 1);   /* 1 per 3 while moving */

    /* no cover further away: straight back one move */
    start (NULL, NULL);
    b = blue ();
    situation_unit (sit, b)->status = STATUS_RETREATING_FROM_MELEE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 30);
    woods ("wood-ahead", 170, 60, 190, 80);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.cover_feature, -1);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.x, 150);
    assert_near (d.order.destination.y, 25);
    assert_near (d.order.facing, 0);

    /* cavalry: "Canter further from the nearest enemy" */
    situation_unit (sit, b)->arm = ARM_CAVALRY;
    situation_unit (sit, b)->formation = FORMATION_MOUNTED;
    d = decide (b, 1);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_string_equal (d.order.pace, "canter");
    assert_near (d.order.move_cm, 45);
    assert_near (d.order.destination.y, 5);
    assert_int_equal (d.order.cover_feature, -1);
}

/*  Seed 002: "it takes 1/4 move to clear a low barrier (Fallen tree etc)
 *  or fence": a quarter of the move at the pace the cell orders.  Raw
 *  cavalry (+1 raw, +1 in the enemy's musket range: RF 2), a 1: "Canter
 *  further from the nearest enemy", 45 cm, over a fence behind it: the
 *  fence takes a quarter of the canter, 11.25 cm, and it goes 33.75 cm
 *  (not a quarter of the 60 cm gallop). */
static void
test_barrier_at_pace (void **state)
{
    (void) state;
    unit_t c = mk ("red-c", SIDE_RED, ARM_CAVALRY, "sword", 150, 110, 180);
    c.quality = QUALITY_RAW;
    c.fp.depth = 4;
    int cav = add (c);
    unit_t m = mk ("blue-m", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 50, 0);
    m.figures = 6;
    add (m);
    feature ("fence", TERRAIN_LOW_BARRIER, 0, 120, 300, 121);
    rf_decision_t d = decide (cav, 1);
    assert_int_equal (d.rf, 2);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_string_equal (d.order.pace, "canter");
    assert_true (fabs (d.order.move_cm - 33.75) < 1e-3);
    assert_true (fabs (d.order.destination.x - 150) < 1e-3);
    assert_true (fabs (d.order.destination.y - 143.75) < 1e-3);

    /* "Flee at Gallop": a quarter of the gallop, 15 cm: 45 cm */
    situation_unit (sit, cav)->status = STATUS_RAN_LAST_TURN;     /* +3 */
    situation_unit (sit, cav)->killed = 1;                        /* +1 */
    situation_unit (sit, cav)->fp.centre.y = 100;
    d = decide (cav, 1);
    assert_int_equal (d.action, RF_RUN);
    assert_string_equal (d.order.pace, "gallop");
    assert_true (fabs (d.order.move_cm - 45) < 1e-3);

    /* foot: a quarter of 25 cm ("Run from nearest enemy") */
    start (NULL, NULL);
    int b = blue ();
    situation_unit (sit, b)->status = STATUS_RAN_LAST_TURN;
    situation_unit (sit, b)->quality = QUALITY_RAW;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 10, 0));
    feature ("fence", TERRAIN_LOW_BARRIER, 0, 60, 300, 61);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_RUN);
    assert_true (fabs (d.order.move_cm - 18.75) < 1e-3);
}

/*  Seed 002: "it takes 1/4 move to clear a low barrier (Fallen tree etc)
 *  or fence": "Withdraw towards cover further from enemy" looked for
 *  over two moves (withdraw_cover_moves = 2, a house reading) prices a
 *  fence at a quarter of one move, not of the two.  Blue (RF3, a 1:
 *  withdraw) with a fence 40 cm behind it: reached for 41 cm and 6.25 to
 *  cross, 47.25 of its 50; it goes one move, 25 cm, towards it. */
static void
test_withdraw_cover_barrier (void **state)
{
    (void) state;
    start ("withdraw_cover_moves = 1.0;", "withdraw_cover_moves = 2.0;");
    int b = blue ();
    situation_unit (sit, b)->status = STATUS_RETREATING_FROM_MELEE;  /* +3 -1 */
    red_ahead ("red-1", ARM_INFANTRY, "musket", 30);                /* +1 */
    int fence = feature ("fence", TERRAIN_LOW_BARRIER, 0, 9, 300, 10);
    rf_decision_t d = decide (b, 1);
    assert_int_equal (d.rf, 3);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.cover_feature, fence);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.x, 150);
    assert_near (d.order.destination.y, 25);
    /* over one move (the standard reading) it is out of reach: straight
       back one move */
    start (NULL, NULL);
    b = blue ();
    situation_unit (sit, b)->status = STATUS_RETREATING_FROM_MELEE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 30);
    feature ("fence", TERRAIN_LOW_BARRIER, 0, 9, 300, 10);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.cover_feature, -1);
    assert_near (d.order.destination.y, 25);
}

static void
test_run (void **state)
{
    (void) state;
    /* RF6-8, 1: "Run from nearest enemy" */
    int b = blue ();
    unit_t *u = situation_unit (sit, b);
    u->status = STATUS_RAN_LAST_TURN;
    u->quality = QUALITY_RAW;
    int r = add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 10, 0));
    rf_decision_t d = decide (b, 1);              /* +3 +1 +1 +2 rear = 7 */
    assert_int_equal (d.rf, 7);
    assert_int_equal (d.action, RF_RUN);
    assert_near (d.order.move_cm, 25);
    assert_near (d.order.destination.x, 150);
    assert_near (d.order.destination.y, 75);
    assert_near (d.order.facing, 0);              /* its back to the enemy */
    assert_int_equal (d.order.shoot_target, -1);  /* runners do not shoot */
    expect_words (&d, "Shoots at nothing: it runs");
    expect_no_shot (&d, RF_NO_SHOT_RUNS, "runs", -1);
    assert_string_equal (d.morale, "broken");
    (void) r;

    /* the reading that runners still shoot */
    start ("shoot_when_running = false;", "shoot_when_running = true;");
    b = blue ();
    u = situation_unit (sit, b);
    u->status = STATUS_RAN_LAST_TURN;
    u->quality = QUALITY_RAW;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 10, 0));
    d = decide (b, 1);
    assert_int_equal (d.action, RF_RUN);
    assert_int_equal (d.order.shoot_target, 1);
    assert_string_equal (d.order.range_band, "long");    /* 38 + 25 = 63 */

    /* cavalry flee at gallop, 60 cm; stopped by the table's edge */
    start (NULL, NULL);
    b = add (mk ("blue-c", SIDE_BLUE, ARM_CAVALRY, "sword", 150, 250, 0));
    u = situation_unit (sit, b);
    u->status = STATUS_RAN_LAST_TURN;
    u->quality = QUALITY_RAW;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 210, 0));
    d = decide (b, 2);                            /* RF7, 2: withdraw */
    assert_int_equal (d.action, RF_WITHDRAW);
    d = decide (b, 1);
    assert_int_equal (d.action, RF_RUN);
    assert_string_equal (d.order.pace, "gallop");
    assert_near (d.order.move_cm, 50);            /* 250 -> 300: the edge */
    assert_near (d.order.destination.y, 300);

    /* difficult going counts double */
    start (NULL, NULL);
    b = blue ();
    u = situation_unit (sit, b);
    u->status = STATUS_RAN_LAST_TURN;
    u->quality = QUALITY_RAW;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 10, 0));
    woods ("wood-1", 100, 60, 200, 200);          /* 10 cm open, then wood */
    d = decide (b, 1);
    assert_int_equal (d.action, RF_RUN);
    assert_near (d.order.move_cm, 17.5);          /* 10 + 15 / 2 */
}

/*  Shooting: uncommanded troops only at the nearest enemy they can hit. */
static void
test_shooting (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    add (mk ("red-far", SIDE_RED, ARM_INFANTRY, "sword", 150, 150, 180));
    int near = add (mk ("red-near", SIDE_RED, ARM_INFANTRY, "pistol", 130, 90, 180));
    rf_decision_t d = decide (b, 2);              /* RF0 (no range): continue */
    assert_int_equal (d.action, RF_CONTINUE);
    assert_int_equal (d.order.nearest_enemy, near);
    assert_int_equal (d.order.shoot_target, near);
    assert_true (d.order.enemy_in_weapon_range);
    assert_string_equal (d.order.range_band, "medium");
    /* commanded troops: their commander picks the target */
    situation_unit (sit, b)->status = STATUS_COMMANDED;
    d = decide (b, 2);
    assert_int_equal (d.order.shoot_target, -1);
    assert_non_null (strstr (d.explanation, "Under command"));
    expect_no_shot (&d, RF_NO_SHOT_COMMANDED, "commanded", -1);
    /* swords do not shoot */
    situation_unit (sit, b)->status = 0;
    situation_unit (sit, b)->weapon = ruleset_weapon_find (rs, "sword");
    d = decide (b, 2);
    assert_int_equal (d.order.shoot_target, -1);
    expect_words (&d, "Shoots at nothing: it has no weapon that shoots (sword)");
    expect_no_shot (&d, RF_NO_SHOT_NO_WEAPON, "no_weapon", -1);
    assert_false (d.order.enemy_in_weapon_range);
    assert_string_equal (d.order.range_band, "none");
    /* out of reach */
    situation_unit (sit, b)->weapon = ruleset_weapon_find (rs, "pistol");
    d = decide (b, 2);
    assert_int_equal (d.order.shoot_target, -1);
    assert_false (d.order.enemy_in_weapon_range);
}

/*  Blue's muskets (blue-1) at (150, 100) facing 0, a friendly line 30 cm
 *  wide (blue-2) 15 cm before them, red-1 beyond at (150, 130): the
 *  line of fire masked.  Returns blue-1, the others into *friend and
 *  *target. */
static int
masked_fire (int *friend, int *target)
{
    int b = add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 100, 0));
    unit_t f = mk ("blue-2", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 115, 0);
    f.fp.width = 30;
    f.fp.depth = 4;
    *friend = add (f);
    *target = add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 150, 130,
                       180));
    return b;
}

/*  Seed 002: "Shooting is only possible if figures can see the entire
 *  base of a figure without obstruction, unless shooting over an object
 *  or person within 2 cms."  Another unit, friend or foe, in the line of
 *  fire masks it; one within 2 cm of the shooter is shot over.  Blue's
 *  muskets at (150, 100) facing 0 (RF0: -1 regulars, +1 in the enemy's
 *  range; a 3, continue: it stands). */
static void
test_line_of_fire (void **state)
{
    (void) state;
    int friend, t;
    int b = masked_fire (&friend, &t);
    rf_decision_t d = decide (b, 3);
    assert_int_equal (d.rf, 0);
    assert_int_equal (d.action, RF_CONTINUE);
    assert_int_equal (d.order.nearest_enemy, t);  /* seen: units block fire */
    assert_int_equal (d.order.shoot_target, -1);  /* the friend's line masks */
    assert_non_null (strstr (d.explanation, "Shoots at nothing"));

    /* "only shoot at the nearest enemy they can hit": the nearest masked,
       the next, clear of the friend's line, is shot at */
    int t2 = add (mk ("red-2", SIDE_RED, ARM_INFANTRY, "musket", 200, 130, 180));
    d = decide (b, 3);
    assert_int_equal (d.order.nearest_enemy, t);
    assert_int_equal (d.order.shoot_target, t2);
    assert_string_equal (d.order.range_band, "long");
    situation_unit (sit, t2)->killed = 10;

    /* a foe masks as a friend does */
    situation_unit (sit, friend)->side = SIDE_RED;
    situation_unit (sit, friend)->fp.centre.x = 250;  /* out of the way */
    unit_t foe = mk ("red-3", SIDE_RED, ARM_CAVALRY, "sword", 150, 115, 180);
    foe.fp.width = 30;
    foe.fp.depth = 4;
    int masker = add (foe);
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, masker);   /* the nearest */
    situation_unit (sit, masker)->killed = 10;          /* gone: no mask */
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
    situation_unit (sit, friend)->side = SIDE_BLUE;
    situation_unit (sit, friend)->fp.centre.x = 150;

    /* "unless shooting over an object or person within 2 cms": the
       friend's line 1 cm in front of the shooter */
    situation_unit (sit, friend)->fp.centre.y = 104;    /* 102 .. 106 */
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
    situation_unit (sit, friend)->fp.centre.y = 106;    /* 3 cm: masks */
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, -1);

    /* how much of the target must be seen: a friend 10 cm wide masks the
       target's left part (x 138 .. 148 before its 145 .. 155): its other
       figures are seen whole, and it is shot at */
    situation_unit (sit, friend)->fp = (footprint_t) { { 143, 115 }, 0, 10, 4 };
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
    /* the reading that the target's entire base must be unobstructed */
    start ("fire_needs_whole_target = false;",
           "fire_needs_whole_target = true;");
    b = masked_fire (&friend, &t);
    situation_unit (sit, friend)->fp = (footprint_t) { { 143, 115 }, 0, 10, 4 };
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, -1);
    situation_unit (sit, friend)->fp.centre.x = 130;    /* 125 .. 135 */
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
    /* without units masking fire (another ruleset's reading) */
    start ("units_mask_fire = true;", "units_mask_fire = false;");
    b = masked_fire (&friend, &t);
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
}

/*  No one shoots into or out of a melee (settings.shoot_in_melee false:
 *  the project's reading, as the game plays it; the seed says nothing of
 *  it).  A unit in base contact with an enemy fights and names no target;
 *  an enemy in contact with another unit is not shot at. */
static void
test_no_shooting_in_melee (void **state)
{
    (void) state;
    int b = blue ();                                   /* (150, 50) */
    int r = red_ahead ("red-1", ARM_INFANTRY, "musket", 0.2);
    rf_decision_t d = decide (b, 3);
    assert_int_equal (d.action, RF_CONTINUE);
    assert_int_equal (d.order.nearest_enemy, r);
    assert_true (d.order.in_melee);
    assert_int_equal (d.order.shoot_target, -1);
    assert_non_null (strstr (d.explanation, "In base contact with red-1"));
    /* a friend 20 cm to the side does not shoot into the melee: the next
       enemy, further away and free, is its target */
    int f = add (mk ("blue-2", SIDE_BLUE, ARM_INFANTRY, "musket", 180, 50, 0));
    d = decide (f, 3);
    assert_int_equal (d.order.nearest_enemy, r);
    assert_false (d.order.in_melee);
    assert_int_equal (d.order.shoot_target, -1);
    int r2 = add (mk ("red-2", SIDE_RED, ARM_INFANTRY, "musket", 190, 90, 180));
    d = decide (f, 3);
    assert_int_equal (d.order.shoot_target, r2);
    /* out of contact (1 cm apart) the melee is over */
    situation_unit (sit, r)->fp.centre.y = 53;
    d = decide (b, 3);
    assert_false (d.order.in_melee);
    assert_int_equal (d.order.shoot_target, r);
    /* the reading that lets them shoot */
    start ("shoot_in_melee = false;", "shoot_in_melee = true;");
    b = blue ();
    r = red_ahead ("red-1", ARM_INFANTRY, "musket", 0);
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, r);
}

/*  "Uncommanded troops only shoot at the nearest enemy they can hit" and
 *  "Shooting is only possible if figures can see the entire base of a
 *  figure without obstruction, unless shooting over an object or person
 *  within 2 cms": when the nearest enemy is not shot at, the player at
 *  the table is told why, naming it and what stops the fire: the unit
 *  masking it, the unit it is in a melee with, the enemy this unit
 *  touches and fights instead (no one shoots into or out of a melee: the
 *  project's reading), its weapon's range. */
static void
test_why_no_shot (void **state)
{
    (void) state;
    /* masked: blue-2's line stands 15 cm before blue-1, red-1 beyond */
    int friend, t;
    int b = masked_fire (&friend, &t);
    rf_decision_t d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, -1);
    assert_int_equal (d.order.passed_over, t);
    assert_int_equal (d.order.passed_over_by, friend);
    assert_false (d.order.passed_over_in_melee);
    expect_words (&d, "Shoots at nothing: red-1, the nearest enemy within its "
                  "musket's range, is masked by blue-2");
    expect_no_shot (&d, RF_NO_SHOT_MASKED, "masked", t);
    /* the next, clear of the line, is shot at: the nearer one is named */
    int t2 = add (mk ("red-2", SIDE_RED, ARM_INFANTRY, "musket", 200, 130, 180));
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t2);
    assert_int_equal (d.order.passed_over, t);
    expect_words (&d, "Shoots at red-2 (long range, musket); not at red-1, "
                  "nearer: masked by blue-2");
    expect_no_shot (&d, RF_SHOOTS, "", -1);     /* it shoots: no reason */
    situation_unit (sit, t2)->killed = 10;
    /* nothing in the way: no reason given */
    situation_unit (sit, friend)->fp.centre.x = 250;
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, t);
    assert_int_equal (d.order.passed_over, -1);
    expect_words (&d, "Shoots at red-1 (medium range, musket).\n");
    /* beyond range: a pistol reaches 20 cm, red-1 is 28 cm away */
    situation_unit (sit, b)->weapon = ruleset_weapon_find (rs, "pistol");
    d = decide (b, 3);
    assert_int_equal (d.order.shoot_target, -1);
    assert_int_equal (d.order.beyond_range, t);
    expect_words (&d, "Shoots at nothing: red-1, the nearest enemy it could "
                  "hit, is beyond its pistol's long range (20 cm).");
    expect_no_shot (&d, RF_NO_SHOT_OUT_OF_RANGE, "out_of_range", t);
    /* no enemy in sight */
    situation_unit (sit, t)->killed = 10;
    d = decide (b, 3);
    expect_words (&d, "Shoots at nothing: no enemy in sight.");
    expect_no_shot (&d, RF_NO_SHOT_NO_ENEMY_IN_SIGHT, "no_enemy_in_sight", -1);

    /* a melee: blue-3 in base contact with red-3 fights it; blue-4, 20 cm
       to the side, does not shoot into it */
    start (NULL, NULL);
    b = blue ();                                   /* (150, 50) */
    int r = red_ahead ("red-3", ARM_INFANTRY, "musket", 0.2);
    d = decide (b, 3);
    assert_true (d.order.in_melee);
    assert_int_equal (d.order.contact_enemy, r);
    expect_words (&d, "In base contact with red-3: it fights the melee and "
                  "shoots at nothing");
    expect_no_shot (&d, RF_NO_SHOT_IN_MELEE, "in_melee", r);
    int b4 = add (mk ("blue-4", SIDE_BLUE, ARM_INFANTRY, "musket", 180, 50, 0));
    d = decide (b4, 3);
    assert_int_equal (d.order.shoot_target, -1);
    assert_int_equal (d.order.passed_over, r);
    assert_int_equal (d.order.passed_over_by, b);
    assert_true (d.order.passed_over_in_melee);
    expect_words (&d, "Shoots at nothing: red-3, the nearest enemy within its "
                  "musket's range, is in a melee with blue-1 (no one shoots "
                  "into a melee)");
    expect_no_shot (&d, RF_NO_SHOT_ENEMY_IN_MELEE, "enemy_in_melee", r);
    assert_string_equal (rf_no_shot_name (RF_NO_SHOT_COUNT), "");
}

/*  "Uncommanded Formed troops will always stay in company with the first
 *  group in their platoon to move if ... all units of the platoon are
 *  within 5cms of each other and there is at least 1 Officer/NCO within 5
 *  cms of the platoon." */
static void
test_platoon (void **state)
{
    (void) state;
    unit_t s1 = mk ("1st-a", SIDE_BLUE, ARM_INFANTRY, "musket", 100, 50, 0);
    unit_t s2 = mk ("1st-b", SIDE_BLUE, ARM_INFANTRY, "musket", 114, 50, 0);
    unit_t s3 = mk ("1st-c", SIDE_BLUE, ARM_INFANTRY, "musket", 128, 50, 0);
    snprintf (s1.platoon, sizeof s1.platoon, "1st");
    snprintf (s2.platoon, sizeof s2.platoon, "1st");
    snprintf (s3.platoon, sizeof s3.platoon, "1st");
    s2.ncos = 1;
    s3.killed = 3;                                /* a different RF */
    int a = add (s1), b = add (s2), c = add (s3);
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 114, 150, 180));
    add (mk ("blue-other", SIDE_BLUE, ARM_INFANTRY, "musket", 200, 50, 0));

    rf_decision_t da = decide (a, 6), db = decide (b, 6), dc = decide (c, 6);
    assert_int_equal (da.order.group_count, 3);
    assert_int_equal (da.order.group[0], a);
    assert_int_equal (da.order.group[1], b);
    assert_int_equal (da.order.group[2], c);
    assert_int_equal (da.order.group_lead, b);    /* the NCO's group */
    assert_int_equal (dc.order.group_lead, b);
    /* diced once: one RF, one cell, for all of them */
    assert_int_equal (db.rf, 1 - 1);              /* +1 range, -1 regulars */
    assert_int_equal (da.rf, db.rf);
    assert_int_equal (dc.rf, db.rf);              /* not its own 3 tenths */
    assert_int_equal (dc.action, db.action);
    assert_int_equal (da.unit, a);
    assert_non_null (strstr (dc.explanation, "lead group 1st-b"));
    /* they move as one body */
    assert_true (db.order.has_destination);
    assert_near (da.order.destination.x - 100, db.order.destination.x - 114);
    assert_near (da.order.destination.y, db.order.destination.y);
    assert_near (dc.order.destination.y, db.order.destination.y);
    assert_near (da.order.facing, db.order.facing);

    /* a gap of more than 5 cm: each is diced alone */
    situation_unit (sit, c)->fp.centre.x = 130;   /* gap 6 cm */
    dc = decide (c, 6);
    assert_int_equal (dc.order.group_count, 1);
    assert_int_equal (dc.order.group[0], c);
    assert_int_equal (dc.order.group_lead, c);
    assert_int_equal (dc.rf, 3);                  /* its own losses */
    situation_unit (sit, c)->fp.centre.x = 129;   /* gap 5 cm: in company */
    dc = decide (c, 6);
    assert_int_equal (dc.order.group_count, 3);

    /* no officer or NCO: alone */
    situation_unit (sit, b)->ncos = 0;
    da = decide (a, 6);
    assert_int_equal (da.order.group_count, 1);
    /* an officer standing by within 5 cm of the platoon */
    unit_t off = mk ("blue-captain", SIDE_BLUE, ARM_COMMAND, "pistol", 100, 43, 0);
    off.figures = 1;
    off.officers = 1;
    off.fp.width = 2;
    add (off);                                    /* 43+1 .. 49: 4 cm */
    da = decide (a, 6);
    assert_int_equal (da.order.group_count, 3);
    assert_int_equal (da.order.group_lead, a);    /* none leads: the first */

    /* a commanded or loose section keeps out of the group */
    situation_unit (sit, c)->status = STATUS_COMMANDED;
    da = decide (a, 6);
    assert_int_equal (da.order.group_count, 2);
    situation_unit (sit, c)->status = 0;
    situation_unit (sit, a)->formation = FORMATION_LOOSE;
    da = decide (a, 6);
    assert_int_equal (da.order.group_count, 1);
    db = decide (b, 6);
    assert_int_equal (db.order.group_count, 1);   /* the captain is by a */
    situation_unit (sit, b)->ncos = 1;
    db = decide (b, 6);
    assert_int_equal (db.order.group_count, 2);
    assert_int_equal (db.order.group[0], b);
    assert_int_equal (db.order.group[1], c);
}

/*  Followers of a platoon: the lead's move, their own cover and facing. */
static void
test_platoon_followers (void **state)
{
    (void) state;
    unit_t s1 = mk ("2nd-a", SIDE_BLUE, ARM_INFANTRY, "musket", 100, 50, 0);
    unit_t s2 = mk ("2nd-b", SIDE_BLUE, ARM_INFANTRY, "musket", 114, 50, 0);
    snprintf (s1.platoon, sizeof s1.platoon, "2nd");
    snprintf (s2.platoon, sizeof s2.platoon, "2nd");
    s1.formation = s2.formation = FORMATION_COLUMN;
    s1.officers = 1;
    s1.wounded = s2.wounded = 1;                /* +1 each: RF1 */
    int a = add (s1), b = add (s2);
    int w = woods ("copse", 80, 20, 105, 40);   /* behind a only */
    int r = add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "musket", 107, 100, 180));
    rf_decision_t da = decide (a, 1), db = decide (b, 1);
    assert_int_equal (da.rf, 1);
    assert_int_equal (db.rf, 1);
    assert_int_equal (da.action, RF_TAKE_COVER);
    assert_int_equal (da.order.cover_feature, w);
    assert_true (da.order.has_destination);
    /* b keeps company: the same move, and it ends outside the copse */
    assert_near (db.order.destination.x - 114, da.order.destination.x - 100);
    assert_near (db.order.destination.y, da.order.destination.y);
    assert_int_equal (db.order.cover_feature, -1);
    assert_near (db.order.facing, da.order.facing);
    /* a halt moves nobody: each faces the enemy from where it stands */
    da = decide (a, 2);
    db = decide (b, 2);
    assert_int_equal (db.action, RF_HALT);
    assert_false (db.order.has_destination);
    assert_near (da.order.facing, facing_to (&da, a, r));
    assert_near (db.order.facing, facing_to (&db, b, r));
    assert_true (da.order.facing > 0 && db.order.facing > 270);
}

/*  Sighting dice come from the same dice, before the D6 (those of where
 *  the unit stands; a unit that moves looks again from where it ends,
 *  for whom it shoots at, after the D6): the same seed gives the same
 *  answer. */
static void
test_sighting_dice (void **state)
{
    (void) state;
    start ("sighting_rolls = false;", "sighting_rolls = true;");
    woods ("wood-1", 100, 100, 200, 200);
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 53);    /* 5 cm into the wood */
    dice_t *dice = dice_new (1);
    bool seen[2] = { false, false };
    for (uint64_t seed = 1; seed <= 40; seed++) {
        rf_decision_t d, e;
        char err[SOLO_ERR_MAX];
        dice_reseed (dice, seed);
        assert_int_equal (rf_factors (sit, b, dice, &d, err, sizeof err), 0);
        int sighting = dice_log_count (dice);      /* where it stands */
        assert_true (sighting >= 1);
        dice_reseed (dice, seed);
        assert_int_equal (rf_decide (sit, b, 0, dice, &d, err, sizeof err), 0);
        int throws = dice_log_count (dice);
        assert_true (throws >= sighting + 1);       /* the D6 next */
        if (!d.order.has_destination)
            assert_int_equal (throws, sighting + 1);
        dice_throw_t die = dice_log_at (dice, sighting);
        assert_int_equal (die.sides, 6);
        assert_int_equal (die.value, d.roll);
        dice_reseed (dice, seed);
        assert_int_equal (rf_decide (sit, b, 0, dice, &e, err, sizeof err), 0);
        assert_int_equal (d.rf, e.rf);
        assert_int_equal (d.roll, e.roll);
        assert_string_equal (d.explanation, e.explanation);
        /* seen within D6 x 10 cm: a 6 sees it at 55 cm, a 5 does not */
        seen[d.order.nearest_enemy >= 0] = true;
    }
    assert_true (seen[0] && seen[1]);
    dice_destroy (&dice);
}

/*  The die, the six outcomes, the explanation; bad input. */
static void
test_decide_roll (void **state)
{
    (void) state;
    int b = blue ();
    situation_unit (sit, b)->formation = FORMATION_LOOSE;
    red_ahead ("red-1", ARM_INFANTRY, "musket", 34);
    dice_t *dice = dice_new (7);
    rf_decision_t d, e;
    char err[SOLO_ERR_MAX];
    assert_int_equal (rf_decide (sit, b, 0, dice, &d, err, sizeof err), 0);
    assert_false (d.roll_from_player);
    dice_reseed (dice, 7);
    assert_int_equal (rf_decide (sit, b, 0, dice, &e, err, sizeof err), 0);
    assert_int_equal (d.roll, e.roll);
    assert_string_equal (d.explanation, e.explanation);
    /* the player's die wins */
    assert_int_equal (rf_decide (sit, b, 5, dice, &d, err, sizeof err), 0);
    assert_true (d.roll_from_player);
    assert_int_equal (d.roll, 5);
    /* every face's outcome: RF1 row */
    static const rf_action_t row[6] = {
        RF_TAKE_COVER, RF_HALT, RF_CONTINUE_FACING_CHARGE,
        RF_CONTINUE_FACING_CHARGE, RF_CONTINUE_FACING_CHARGE, RF_ADVANCE_CHARGE
    };
    for (int f = 0; f < 6; f++) {
        assert_int_equal (d.outcomes[f].roll, f + 1);
        assert_int_equal (d.outcomes[f].action, row[f]);
        assert_true (strlen (d.outcomes[f].morale) > 0);
        assert_true (strlen (d.outcomes[f].text) > 0);
    }
    /* the working, in words */
    assert_non_null (strstr (d.explanation, "blue-1 (blue infantry, regular): Risk Factor 1, RF1."));
    assert_non_null (strstr (d.explanation,
        "+1 enemy_in_range: enemy red-1 (musket) is 34 cm away, within its 120 cm long range."));
    assert_non_null (strstr (d.explanation, "D6: 5, the player's throw."));
    assert_non_null (strstr (d.explanation, "Cell RF1, 5: continue_facing_charge"));
    assert_non_null (strstr (d.explanation, "Nearest enemy in sight: red-1, 34 cm away"));
    assert_non_null (strstr (d.explanation, "Every face: 1 take_cover; 2 halt;"));
    assert_string_equal (d.morale, "steady");
    assert_true (strlen (d.morale_text) > 0);

    /* rf_factors gives the same factors */
    rf_decision_t f;
    assert_int_equal (rf_factors (sit, b, NULL, &f, err, sizeof err), 0);
    assert_int_equal (f.rf, d.rf);
    assert_int_equal (f.factor_count, d.factor_count);

    /* bad input */
    assert_int_equal (rf_decide (sit, b, 7, dice, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "roll 7 is not a D6 face"));
    assert_int_equal (rf_decide (sit, b, 0, NULL, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "no dice"));
    assert_int_equal (rf_decide (sit, 5, 1, dice, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "unit 5 is not on the table (2 units)"));
    situation_unit (sit, b)->killed = 10;
    assert_int_equal (rf_decide (sit, b, 1, dice, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "blue-1 has no figure standing"));
    dice_destroy (&dice);

    /* artillery use the infantry table */
    start (NULL, NULL);
    b = add (mk ("blue-guns", SIDE_BLUE, ARM_ARTILLERY, "musket", 150, 50, 0));
    d = decide (b, 6);
    assert_int_equal (d.arm, ARM_ARTILLERY);
    assert_int_equal (d.rf, -4 - 1);
    assert_int_equal (d.action, RF_ADVANCE_VISIBLE);
    assert_false (d.order.has_destination);       /* no enemy in sight */
    assert_non_null (strstr (d.explanation, "No enemy in sight."));
}

/*  The player gives the factors instead of a situation. */
static void
test_lookup_factors (void **state)
{
    (void) state;
    rf_factor_t given[3];
    memset (given, 0, sizeof given);
    snprintf (given[0].name, sizeof given[0].name, "enemy_in_range");
    snprintf (given[1].name, sizeof given[1].name, "flank_or_rear");
    snprintf (given[2].name, sizeof given[2].name, "per_tenth_lost");
    given[2].value = 3;
    snprintf (given[2].reason, sizeof given[2].reason, "3 of 10 down");
    rf_decision_t d;
    char err[SOLO_ERR_MAX];
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, given, 3, 2, false,
                                         false, NULL, &d, err, sizeof err), 0);
    assert_int_equal (d.rf, 1 + 2 + 3);
    assert_int_equal (d.band, 3);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.factor_count, 3);
    assert_int_equal (d.factors[0].value, 1);
    assert_string_equal (d.factors[0].reason, "given by the player");
    assert_string_equal (d.factors[2].reason, "3 of 10 down");
    assert_non_null (strstr (d.explanation, "+2 flank_or_rear: given by the player."));

    /* cavalry have no hero line: a hero factor needs its value */
    snprintf (given[0].name, sizeof given[0].name, "hero_near");
    assert_int_equal (rf_lookup_factors (rs, ARM_CAVALRY, given, 1, 2, false,
                                         false, NULL, &d, err, sizeof err), 0);
    assert_int_equal (d.rf, 0);                   /* the table's 0 */
    snprintf (given[0].name, sizeof given[0].name, "weather");
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, given, 1, 2, false,
                                         false, NULL, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "factor \"weather\" is given no value"));
    given[0].value = 2;                           /* a house factor */
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, given, 1, 2, false,
                                         false, NULL, &d, err, sizeof err), 0);
    assert_int_equal (d.rf, 2);
    given[0].value = 101;
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, given, 1, 2, false,
                                         false, NULL, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "must be within -100..100"));
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, given, 17, 2, false,
                                         false, NULL, &d, err, sizeof err), -1);
    assert_non_null (strstr (err, "17 factors given, at most 16"));
    assert_int_equal (rf_lookup_factors (rs, ARM_INFANTRY, NULL, 0, 6, true,
                                         false, NULL, &d, err, sizeof err), 0);
    assert_int_equal (d.action, RF_CONTINUE);     /* fortified, RF0 */

    int v;
    assert_int_equal (rf_factor_value (rs, ARM_INFANTRY, "shock_cavalry", &v), 0);
    assert_int_equal (v, 2);
    assert_int_equal (rf_factor_value (rs, ARM_CAVALRY, "officer", &v), 0);
    assert_int_equal (v, -1);
    assert_int_equal (rf_factor_value (rs, ARM_CAVALRY, "courage", &v), -1);
    assert_int_equal (rf_factor_value (rs, ARM_CAVALRY, NULL, &v), -1);
}

/*  A fresh empty table under the ruleset of rules/data/`name` (an
 *  overlay over its base). */
static void
start_ruleset (const char *name)
{
    situation_destroy (&sit);
    ruleset_destroy (&rs);
    char rel[96], err[SOLO_ERR_MAX];
    snprintf (rel, sizeof rel, "rules/data/%s/tables.cfg", name);
    rs = ruleset_load (test_source_path (rel), err, sizeof err);
    if (!rs)
        fail_msg ("%s", err);
    sit = situation_new (rs, 300, 300);
    assert_non_null (sit);
}

/*  europe19 (seed 004): "Infantry in Line: May not move but may pivot",
 *  "Unlimbered Artillery: Can not move but may pivot"; its RULINGS.md
 *  (Formations): a line ordered to move forms column (guns limber)
 *  first and then moves.  The tables' moves do the same: a line that
 *  runs forms column and runs the column's move, "Inf (CO) 8" cm, not
 *  "halt where it stands". */
static void
test_e19_line_forms_column_to_move (void **state)
{
    (void) state;
    start_ruleset ("europe19");
    /* average close order infantry (the first infantry troop type) in
       line, uncommanded, that ran last turn; an enemy 8 cm behind it
       with rifled muskets (16 cm) */
    int b = add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 50, 0));
    unit_t *u = situation_unit (sit, b);
    assert_int_equal (u->formation, FORMATION_LINE);
    u->quality = QUALITY_AVERAGE;
    u->status = STATUS_RAN_LAST_TURN;
    add (mk ("red-1", SIDE_RED, ARM_INFANTRY, "rifled_musket", 150, 40, 0));
    rf_decision_t d = decide (b, 1);             /* +3 +1 +2 rear = 6 */
    assert_int_equal (d.rf, 6);                   /* RF6-8 */
    assert_int_equal (d.action, RF_RUN);          /* "Run from nearest enemy" */
    assert_true (d.order.has_destination);
    assert_int_equal (d.order.formation, FORMATION_COLUMN);
    assert_near (d.order.move_cm, 8);             /* "Inf (CO) 8", open */
    assert_near (d.order.destination.x, 150);
    assert_near (d.order.destination.y, 58);
    assert_near (d.order.facing, 0);              /* its back to the enemy */
    expect_words (&d, "Order: change formation to column, then move 8 cm");
    assert_null (strstr (d.explanation, "halt where it stands"));

    /* a cell that leaves it where it stands keeps its line */
    d = decide (b, 5);                            /* RF6-8, 5: halt */
    assert_int_equal (d.action, RF_HALT);
    assert_false (d.order.has_destination);
    assert_int_equal (d.order.formation, -1);
    assert_null (strstr (d.explanation, "change formation"));

    /* unlimbered guns (line) told to withdraw limber first and go the
       limbered move, "Art 12" cm, away from the enemy 8 cm ahead */
    start_ruleset ("europe19");
    b = add (mk ("blue-g", SIDE_BLUE, ARM_ARTILLERY, "smoothbore_artillery",
                 150, 50, 0));
    u = situation_unit (sit, b);
    assert_int_equal (u->formation, FORMATION_LINE);
    u->quality = QUALITY_AVERAGE;
    u->status = STATUS_RAN_LAST_TURN;
    int r = red_ahead ("red-1", ARM_INFANTRY, "rifled_musket", 8);
    d = decide (b, 1);                            /* +3 +1 = RF4, 1 */
    assert_int_equal (d.rf, 4);                   /* RF2-5 */
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.formation, FORMATION_COLUMN);
    assert_near (d.order.move_cm, 12);
    assert_near (d.order.destination.y, 38);
    assert_near (d.order.facing, facing_to (&d, b, r));
    expect_words (&d, "Order: change formation to limbered, then move 12 cm");

    /* a column moves as it stands: nothing to form */
    situation_unit (sit, b)->formation = FORMATION_COLUMN;
    d = decide (b, 1);
    assert_int_equal (d.action, RF_WITHDRAW);
    assert_int_equal (d.order.formation, -1);
    assert_near (d.order.move_cm, 12);
    assert_null (strstr (d.explanation, "change formation"));

    /* skirmish19 has no such rule: a line moves in line */
    start (NULL, NULL);
    assert_int_equal (ruleset_move_formation (rs, ARM_INFANTRY,
                                              FORMATION_LINE), -1);
}

/*  4 Page Bolivar (seed 003): "Charges are up to 3 TUM and end in
 *  contact", not a full move (6 TUM for a battalion).  The house rules
 *  (seed 000): "Take disorder check and if pass then charge full move",
 *  the host's 3 undone. */
static void
test_charge_reach_of_ruleset (void **state)
{
    (void) state;
    start_ruleset ("bolivar");
    assert_near (ruleset_settings (rs)->charge_reach_cm, 6);   /* 3 TUM */
    /* an uncommanded green battalion in line (no "regulars"), an enemy
       with rifles (6 TUM, in range) 5 TUM (10 cm) straight ahead */
    int b = add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 50, 0));
    situation_unit (sit, b)->quality = QUALITY_GREEN;
    int r = red_ahead ("red-1", ARM_INFANTRY, "rifle", 10);
    rf_decision_t d = decide (b, 6);
    assert_int_equal (d.rf, 1);
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);   /* "Advance towards
                                                         nearest enemy
                                                         (Charge?)" */
    assert_false (d.charge);                      /* 5 TUM: beyond 3 */
    assert_false (d.order.enemy_in_charge_reach);
    assert_true (d.order.has_destination);        /* an advance */
    assert_true (d.order.destination.y < 52 + 10 - 1e-6);   /* not to contact */
    expect_words (&d, "no charge");

    /* 2.5 TUM ahead: within 3 TUM, a charge to contact */
    situation_unit (sit, r)->fp.centre.y = 52 + 5;
    d = decide (b, 6);
    assert_int_equal (d.rf, 1);
    assert_true (d.charge);
    assert_true (d.order.enemy_in_charge_reach);
    assert_near (d.order.move_cm, 5);
    assert_near (d.order.destination.y, 55);      /* in contact */

    /* the house rules: "charge full move", 6 inches for foot; the enemy
       5 inches (12.7 cm) ahead is charged */
    start_ruleset ("liberators_house");
    assert_near (ruleset_settings (rs)->charge_reach_cm, 0);
    b = add (mk ("blue-1", SIDE_BLUE, ARM_INFANTRY, "musket", 150, 50, 0));
    situation_unit (sit, b)->quality = QUALITY_GREEN;
    r = red_ahead ("red-1", ARM_INFANTRY, "rifle", 12.7);
    d = decide (b, 6);
    assert_int_equal (d.action, RF_ADVANCE_CHARGE);
    assert_true (d.charge);
    assert_near (ruleset_charge_cm (rs, situation_unit_const (sit, b)), 15.24);
    (void) r;
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown (test_no_enemy_in_sight, setup, teardown),
        cmocka_unit_test_setup_teardown (test_sight_of_side, setup, teardown),
        cmocka_unit_test_setup_teardown (test_hero_near, setup, teardown),
        cmocka_unit_test_setup_teardown (test_regulars, setup, teardown),
        cmocka_unit_test_setup_teardown (test_regulars_made_up_of, setup, teardown),
        cmocka_unit_test_setup_teardown (test_good_troops_or_officer, setup, teardown),
        cmocka_unit_test_setup_teardown (test_in_cover, setup, teardown),
        cmocka_unit_test_setup_teardown (test_enemy_in_range, setup, teardown),
        cmocka_unit_test_setup_teardown (test_raw_in_range, setup, teardown),
        cmocka_unit_test_setup_teardown (test_per_tenth_lost, setup, teardown),
        cmocka_unit_test_setup_teardown (test_flank_or_rear, setup, teardown),
        cmocka_unit_test_setup_teardown (test_shock_cavalry, setup, teardown),
        cmocka_unit_test_setup_teardown (test_running_or_retreating, setup, teardown),
        cmocka_unit_test_setup_teardown (test_sum, setup, teardown),
        cmocka_unit_test_setup_teardown (test_up_to_rf0, setup, teardown),
        cmocka_unit_test_setup_teardown (test_cavalry_up_to_rf0, setup, teardown),
        cmocka_unit_test_setup_teardown (test_take_cover, setup, teardown),
        cmocka_unit_test_setup_teardown (test_take_cover_half_inside, setup, teardown),
        cmocka_unit_test_setup_teardown (test_take_cover_wholly_inside, setup, teardown),
        cmocka_unit_test_setup_teardown (test_troop_type_moves, setup, teardown),
        cmocka_unit_test_setup_teardown (test_halt_and_continue, setup, teardown),
        cmocka_unit_test_setup_teardown (test_charge, setup, teardown),
        cmocka_unit_test_setup_teardown (test_charge_at_an_angle, setup, teardown),
        cmocka_unit_test_setup_teardown (test_withdraw, setup, teardown),
        cmocka_unit_test_setup_teardown (test_barrier_at_pace, setup, teardown),
        cmocka_unit_test_setup_teardown (test_withdraw_cover_barrier, setup,
                                         teardown),
        cmocka_unit_test_setup_teardown (test_run, setup, teardown),
        cmocka_unit_test_setup_teardown (test_shooting, setup, teardown),
        cmocka_unit_test_setup_teardown (test_line_of_fire, setup, teardown),
        cmocka_unit_test_setup_teardown (test_no_shooting_in_melee, setup, teardown),
        cmocka_unit_test_setup_teardown (test_why_no_shot, setup, teardown),
        cmocka_unit_test_setup_teardown (test_platoon, setup, teardown),
        cmocka_unit_test_setup_teardown (test_platoon_followers, setup, teardown),
        cmocka_unit_test_setup_teardown (test_sighting_dice, setup, teardown),
        cmocka_unit_test_setup_teardown (test_decide_roll, setup, teardown),
        cmocka_unit_test_setup_teardown (test_lookup_factors, setup, teardown),
        cmocka_unit_test_setup_teardown (test_e19_line_forms_column_to_move, setup, teardown),
        cmocka_unit_test_setup_teardown (test_charge_reach_of_ruleset, setup, teardown),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
