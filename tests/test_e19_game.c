/*  test_e19_game.c - the 19th Century Europe QRS (seed 004) played
 *  through the game interface: formations, the charge sequence, movement
 *  by the table, firing and saves, hand-to-hand and its outcomes, morale,
 *  the command roll, and the scenarios played to a result and replayed.
 *  Each test quotes the sheet's line it follows; the dice are the
 *  player's own (queued), so each number is the sheet's.  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle.h"
#include "e19_engine.h"
#include "e19_play.h"
#include "portfolio.h"
#include "search.h"
#include "strategy.h"
#include "testutil.h"

static game_rules_t *rules;

static int
setup (void **state)
{
    (void) state;
    rules = test_rules_load ("rules/data/europe19/"
                                               "tables.cfg");
    return 0;
}

static int
teardown (void **state)
{
    (void) state;
    game_rules_destroy (&rules);
    return 0;
}

/*  A unit for a scenario's units list: its troop type, weapon, bases
 *  and formation; a line 4 cm a base wide and 2 deep, a column 4 wide
 *  and 2 a base deep. */
static const char *
unit (const char *id, const char *side, const char *troop,
      const char *weapon, const char *quality, int bases,
      const char *formation, double x, double y, double facing)
{
    static char buf[24][420];
    static int next;
    char *b = buf[next++ % 24];
    const char *arm = strcmp (troop, "cavalry") == 0
                   || strcmp (troop, "dragoons") == 0 ? "cavalry"
                    : strcmp (troop, "artillery") == 0 ? "artillery"
                    : strcmp (troop, "general") == 0 ? "command" : "infantry";
    bool column = strcmp (formation, "column") == 0;
    double w = column ? 4.0 : 4.0 * bases, d = column ? 2.0 * bases : 2.0;
    snprintf (b, 420, "{ id = \"%s\"; side = \"%s\"; arm = \"%s\"; quality = "
              "\"%s\"; troop_type = \"%s\"; weapon = \"%s\"; figures = %d; "
              "formation = \"%s\"; x = %.2f; y = %.2f; facing = %.1f; "
              "width = %.1f; depth = %.1f; }", id, side, arm, quality, troop,
              weapon, bases, formation, x, y, facing, w, d);
    return b;
}

typedef test_game_t fixture_t;

/*  A game under `under` (the table file's rules, or another reading of
 *  them) of the units (text of the list), terrain (may be NULL), blue
 *  moving first. */
static fixture_t *
make_under (const game_rules_t *under, const char *terrain,
            const char *units)
{
    static char text[8192];
    snprintf (text, sizeof text,
              "ruleset = \"europe19\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "terrain = ( %s );\nunits = ( %s );\n"
              "scenario = { name = \"t\"; turns = 10; first = \"blue\";\n"
              "  victory = { army_break = 0.9; }; };\n",
              terrain ? terrain : "", units);
    return test_game_new (under, text);
}

/*  A game under the table file's rules. */
static fixture_t *
make (const char *terrain, const char *units)
{
    return make_under (rules, terrain, units);
}

/*  The rules of the table file with its first `from` replaced by `to`
 *  (another reading of the sheet, a setting's other value); fails the
 *  test when they do not load.  Destroy with game_rules_destroy. */
static game_rules_t *
variant (const char *from, const char *to)
{
    return test_rules_edited ("rules/data/europe19/tables.cfg", from, to);
}

static void
unmake (fixture_t *f)
{
    test_game_destroy (&f);
}

static int
idx (fixture_t *f, const char *id)
{
    return test_unit_index (f, id);
}

static const unit_t *
U (fixture_t *f, const char *id)
{
    return situation_unit_const (game_situation (f->g), idx (f, id));
}

/*  The command phase with both sides' rolls given (blue's first), then
 *  on to blue's actions. */
static void
start (fixture_t *f, int blue_die, int red_die)
{
    test_push (f, 2, blue_die, red_die);
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase (f->g), E19_PHASE_A_ACTS);
}

static void
order (fixture_t *f, const char *id, order_t o)
{
    test_give_order (f->g, id, o);
}

static void
refused (fixture_t *f, const char *id, order_t o, const char *want)
{
    test_order_refused (f->g, id, o, want);
}

/*  ---- formations ---- */

/*  "Infantry in Line: May not move but may pivot"; "Unlimbered
 *  Artillery: Can not move but may pivot"; "Limbered Artillery: Can not
 *  fire"; "Pivoting Artillery cannot fire". */
static void
test_formations (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("line", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 40, 0),
              unit ("guns", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "line", 40, 40, 0),
              unit ("limbered", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "column", 160, 40, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 60, 60, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order_t stay_line = test_move_order (100, 50);
    stay_line.has_formation = true;
    stay_line.formation = FORMATION_LINE;
    refused (f, "line", stay_line, "in line may not move");
    stay_line.has_formation = false;
    /* the formation step comes first: asked to move, a line forms column */
    order (f, "line", stay_line);
    order_t unlimbered = test_move_order (40, 50);
    unlimbered.has_formation = true;
    unlimbered.formation = FORMATION_LINE;
    refused (f, "guns", unlimbered, "in unlimbered may not move");
    /* limbered guns do not fire */
    assert_int_equal (e19_firer_row (f->g, idx (f, "limbered")), -1);
    order_t fire = order_hold ();
    fire.kind = ORDER_FIRE;
    fire.target = idx (f, "target");
    fire.fire = true;
    refused (f, "limbered", fire, "limbered artillery do not fire");
    assert_int_equal (e19_fire_dice (f->g, idx (f, "limbered"),
                                     idx (f, "target")), 0);
    /* the unlimbered guns, before pivoting, fire: 2 bases x 2 dice */
    assert_int_equal (e19_fire_dice (f->g, idx (f, "guns"),
                                     idx (f, "target")), 4);
    order_t pivot = order_hold ();
    pivot.has_facing = true;
    pivot.facing = 30;
    order (f, "guns", pivot);
    test_next_phase (f);
    assert_int_equal (U (f, "line")->formation, FORMATION_COLUMN);
    test_near (U (f, "line")->fp.centre.y, 48, 1e-6);
    test_near (U (f, "guns")->fp.facing, 30, 1e-6);
    test_near (U (f, "guns")->fp.centre.y, 40, 1e-6);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "guns"),
                                     idx (f, "target")), 0);
    /* skirmishers are never in line */
    unmake (f);
    snprintf (units, sizeof units, "%s, %s",
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "line", 100, 40, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 60, 60, 180));
    char err[256];
    static char text[2048];
    snprintf (text, sizeof text, "ruleset = \"europe19\";\ntable = { width "
              "= 200.0; depth = 200.0; };\nunits = ( %s );\nscenario = { "
              "name = \"t\"; turns = 3; victory = { army_break = 0.5; }; };\n",
              units);
    scenario_t *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                                         rules, err, sizeof err);
    if (!sc)
        fail_msg ("%s", err);
    assert_null (game_new (rules, sc, err, sizeof err));
    assert_non_null (strstr (err, "skirmishers are never in line"));
    scenario_destroy (&sc);
}

/*  A unit halting to fire, as a player orders it (game_aim): "1. Change
 *  Formation" comes before "4. Firing", "Limbered Artillery: Can not
 *  fire", the firing table's "Inf line, Art" row throws better than
 *  "Infantry Col", and "Pivoting Artillery cannot fire".  So limbered
 *  guns unlimber and keep the facing that already bears, a column forms
 *  line, guns whose target is out of their arc turn to it, skirmishers
 *  stay as they are; the options, the playouts' script, a unit the
 *  tables halt (commanded or not) and the words for the table say so. */
static void
test_aim (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s",
              unit ("limbered", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "column", 40, 40, 0),
              unit ("column", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 100, 40, 0),
              unit ("askew", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "line", 160, 40, 90),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 190, 100, 0),
              unit ("t1", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 40, 60, 180),
              unit ("t2", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 50, 180),
              unit ("t3", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 160, 60, 180),
              unit ("t4", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 190, 108, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    int limbered = idx (f, "limbered"), column = idx (f, "column");
    int askew = idx (f, "askew"), sk = idx (f, "sk");
    int t1 = idx (f, "t1"), t2 = idx (f, "t2"), t3 = idx (f, "t3");
    int t4 = idx (f, "t4");
    char err[256];
    /* the fire orders as built: at the target, facing it */
    order_t fire[4];
    const int shooter[4] = { limbered, column, askew, sk };
    const int target[4] = { t1, t2, t3, t4 };
    const situation_t *sit = game_situation (f->g);
    for (int k = 0; k < 4; k++) {
        fire[k] = order_hold ();
        fire[k].kind = ORDER_FIRE;
        fire[k].target = target[k];
        fire[k].fire = true;
        fire[k].has_facing = true;
        fire[k].facing = geom_bearing (
            situation_unit_const (sit, shooter[k])->fp.centre,
            situation_unit_const (sit, target[k])->fp.centre);
        game_aim (f->g, shooter[k], target[k], &fire[k]);
    }
    /* limbered guns: unlimbered, the facing that bears kept */
    assert_true (fire[0].has_formation);
    assert_int_equal (fire[0].formation, FORMATION_LINE);
    assert_false (fire[0].has_facing);
    assert_int_equal (game_check_order (f->g, limbered, &fire[0], err,
                                        sizeof err), 0);
    /* the column: in line */
    assert_true (fire[1].has_formation);
    assert_int_equal (fire[1].formation, FORMATION_LINE);
    /* unlimbered guns facing away: no change of formation, the turn kept */
    assert_false (fire[2].has_formation);
    assert_true (fire[2].has_facing);
    test_near (fire[2].facing, 0, 1e-6);
    /* skirmishers are loose, always */
    assert_false (fire[3].has_formation);
    /* the words for the table: the formation first */
    char words[160];
    order_tabletop (&fire[0], sit, limbered, words, sizeof words);
    assert_string_equal (words, "change formation to unlimbered, then stand");
    /* the options and the playouts' script fire so */
    portfolio_option_t opts[PORTFOLIO_MAX];
    int n = portfolio_build (f->g, limbered, NULL, 0.5, 0.5, opts,
                             PORTFOLIO_MAX);
    bool found = false;
    for (int k = 0; k < n; k++)
        if (opts[k].kind == PORTFOLIO_FIRE && opts[k].target == t1) {
            found = true;
            assert_true (opts[k].order.has_formation);
            assert_string_equal (opts[k].name, "fire at t1 (unlimbered)");
        }
    assert_true (found);
    order_t scripted = search_script_order (f->g, column,
                                            COMMANDER_STANCE_PRESS);
    assert_int_equal (scripted.kind, ORDER_FIRE);
    assert_int_equal (scripted.target, t2);
    assert_true (scripted.has_formation);
    assert_int_equal (scripted.formation, FORMATION_LINE);
    /* a commanded unit the tables halt picks its target, formed so */
    rf_decision_t halt;
    memset (&halt, 0, sizeof halt);
    halt.unit = limbered;
    halt.action = RF_HALT;
    halt.order.nearest_enemy = t1;
    halt.order.shoot_target = -1;
    halt.order.cover_feature = -1;
    halt.order.facing = U (f, "limbered")->fp.facing;
    order_t halted;
    strategy_order_from_rf (f->g, limbered, &halt, &halted);
    assert_int_equal (halted.kind, ORDER_FIRE);
    assert_int_equal (halted.target, t1);
    assert_true (halted.has_formation);
    assert_int_equal (halted.formation, FORMATION_LINE);
    /* and one out of command, halted to shoot at the tables' target */
    game_unit_mut (f->g, limbered)->commanded = false;
    halt.order.shoot_target = t1;
    strategy_order_from_rf (f->g, limbered, &halt, &halted);
    assert_int_equal (halted.kind, ORDER_HOLD);
    assert_int_equal (halted.target, t1);
    assert_true (halted.has_formation);
    assert_int_equal (halted.formation, FORMATION_LINE);
    game_unit_mut (f->g, limbered)->commanded = true;
    /* carried out: the guns unlimbered and not pivoted fire (2 bases x
       2 dice at 17 cm), the line throws the line's row */
    order (f, "limbered", fire[0]);
    order (f, "column", fire[1]);
    order (f, "askew", fire[2]);
    test_next_phase (f);
    assert_int_equal (U (f, "limbered")->formation, FORMATION_LINE);
    assert_int_equal (e19_fire_dice (f->g, limbered, t1), 4);
    assert_int_equal (e19_firer_row (f->g, column),
                      E19_FIRER_LINE_OR_ARTILLERY);
    /* the guns that turned do not fire this turn */
    assert_int_equal (e19_fire_dice (f->g, askew, t3), 0);
    unmake (f);
}

/*  A line ordered to move forms column first ("Infantry in Line: May
 *  not move"; the table file's moves give a line 0 cm), so its move is
 *  a column's: "Inf (CO) 8" in the open; unlimbered guns limber and go
 *  "Art 12"; skirmishers and cavalry move as they stand ("Ski 12", "Cav
 *  16"); loose order infantry goes "Inf (LO) 12" in line or column.  The
 *  commander's options for a line then advance and fall back a column's
 *  move.  "*Skirmishers +8cm": skirmishers' muskets reach 16 cm for the
 *  rules core (the Risk Factor tables' "enemy in range"), a line's 8. */
static void
test_move_in_formation (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("lo", "blue", "loose_order_infantry", "musket",
                    "average", 4, "line", 40, 120, 0),
              unit ("line", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 40, 0),
              unit ("guns", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "line", 40, 40, 0),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 160, 40, 0),
              unit ("horse", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 160, 100, 0),
              unit ("foe", "red", "close_order_infantry", "musket",
                    "average", 4, "column", 100, 150, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    int line = idx (f, "line");
    const ruleset_t *rs = situation_ruleset (game_situation (f->g));
    test_near (ruleset_move_cm (rs, U (f, "line"), NULL), 0, 1e-9);
    test_near (game_move_cm (f->g, line, NULL), 8, 1e-9);
    test_near (game_move_cm (f->g, idx (f, "guns"), NULL), 12, 1e-9);
    test_near (game_move_cm (f->g, idx (f, "sk"), NULL), 12, 1e-9);
    test_near (game_move_cm (f->g, idx (f, "horse"), NULL), 16, 1e-9);
    test_near (game_move_cm (f->g, idx (f, "lo"), NULL), 12, 1e-9);
    test_near (ruleset_charge_cm (rs, U (f, "lo")), 12, 1e-9);
    unit_t lo = *U (f, "lo");
    test_near (ruleset_move_cm (rs, &lo, NULL), 0, 1e-9);   /* in line */
    lo.formation = FORMATION_COLUMN;
    test_near (ruleset_move_cm (rs, &lo, NULL), 12, 1e-9);
    test_near (ruleset_weapon_reach (rs, U (f, "sk")), 16, 1e-9);
    test_near (ruleset_weapon_reach (rs, U (f, "line")), 8, 1e-9);
    /* the Risk Factor tables, with no game, move them as the game's
       orders do (settings.moves.form_to_move): a line and unlimbered
       guns in column, the others in their own formation */
    static const char *const ids[] = { "line", "guns", "sk", "horse", "lo" };
    for (int k = 0; k < 5; k++)
        test_near (ruleset_moving_cm (rs, U (f, ids[k]), NULL),
                   game_move_cm (f->g, idx (f, ids[k]), NULL), 1e-9);
    assert_int_equal (ruleset_move_formation (rs, ARM_INFANTRY,
                                              FORMATION_LINE),
                      FORMATION_COLUMN);
    assert_int_equal (ruleset_move_formation (rs, ARM_INFANTRY,
                                              FORMATION_LOOSE), -1);
    portfolio_option_t opts[PORTFOLIO_MAX];
    int n = portfolio_build (f->g, line, NULL, 0.5, 0.5, opts,
                             PORTFOLIO_MAX);
    bool advance = false, fall_back = false;
    for (int k = 0; k < n; k++) {
        double d = geom_dist (opts[k].order.to, U (f, "line")->fp.centre);
        if (opts[k].kind == PORTFOLIO_ADVANCE) {
            advance = true;
            test_near (d, 8, 1e-6);
        }
        if (opts[k].kind == PORTFOLIO_FALL_BACK) {
            fall_back = true;
            test_near (d, 8, 1e-6);
        }
    }
    assert_true (advance);
    assert_true (fall_back);
    unmake (f);
}

/*  ---- the charge sequence ---- */

/*  The charge sequence table in play: cavalry charges anything,
 *  dragoons not cavalry, infantry neither; "Maybe: If Attacker begins
 *  larger than target"; skirmishers and artillery never charge; "May
 *  pivot 45°"; "One attacker per face". */
static void
test_charge_permission (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 3,
                    "mounted", 40, 40, 0),
              unit ("dgns", "blue", "dragoons", "rifled_musket", "average", 3,
                    "mounted", 80, 40, 0),
              unit ("inf", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 120, 40, 0),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 160, 40, 0),
              unit ("red-cav", "red", "cavalry", "sabre", "average", 3,
                    "mounted", 40, 50, 180),
              unit ("red-dgns", "red", "dragoons", "rifled_musket",
                    "average", 3, "mounted", 80, 50, 180),
              unit ("red-inf", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 120, 52, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    char err[256];
    int cav = idx (f, "cav"), dgns = idx (f, "dgns"), inf = idx (f, "inf");
    int sk = idx (f, "sk");
    assert_int_equal (e19_charge_permitted (f->g, cav, idx (f, "red-cav"),
                                            err, sizeof err), 0);
    assert_int_equal (e19_charge_permitted (f->g, dgns, idx (f, "red-cav"),
                                            err, sizeof err), -1);
    assert_non_null (strstr (err, "dragoons may not charge cavalry"));
    /* dragoons against dragoons, three bases each: not larger */
    assert_int_equal (e19_charge_permitted (f->g, dgns, idx (f, "red-dgns"),
                                            err, sizeof err), -1);
    assert_non_null (strstr (err, "only when it is larger (3 bases against "
                                  "3)"));
    /* infantry of four bases against three: larger, so it may */
    assert_int_equal (e19_charge_permitted (f->g, inf, idx (f, "red-inf"),
                                            err, sizeof err), 0);
    assert_int_equal (e19_charge_permitted (f->g, inf, idx (f, "red-dgns"),
                                            err, sizeof err), -1);
    assert_int_equal (e19_charge_permitted (f->g, sk, idx (f, "red-inf"),
                                            err, sizeof err), -1);
    refused (f, "sk", test_charge_order (f, "red-inf"), "skirmishers may not charge");
    order (f, "cav", test_charge_order (f, "red-cav"));
    order (f, "inf", test_charge_order (f, "red-inf"));
    test_push (f, 0);
    test_next_phase (f);
    assert_true (test_saw (f, "cav is in contact with red-cav"));
    assert_true (test_saw (f, "inf is in contact with red-inf"));
    /* the target's front is taken: one attacker per face */
    assert_true (e19_state_const (game_unit (f->g, idx (f, "red-cav")))->faces
                 & E19_FACE_FRONT);
    /* in contact, the charged stay to fight hand to hand (RULINGS.md) */
    assert_int_equal (game_phase (f->g), E19_PHASE_B_ACTS);
    refused (f, "red-cav", test_move_order (40, 90), "stays to fight hand to hand");
    unmake (f);
    /* more than 45 degrees off its front: it may not pivot that far */
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 3,
                    "mounted", 100, 100, 0),
              unit ("aside", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 112, 100, 270));
    f = make (NULL, units);
    start (f, 6, 6);
    refused (f, "cav", test_charge_order (f, "aside"),
             "degrees off its front (it may pivot 45)");
    unmake (f);
    /* straight before its front, though the middle of the face it
       meets lies more than 45 degrees off seen from its centre: it
       comes in straight ahead, its front covering theirs, with no pivot
       to make.  Dragoons of four bases (16 cm wide, x 92..108) and
       skirmishers close before their right-hand half (x 102..106), met
       on their front (the face the charger's centre is before), the
       charger's centre to end at (100, 43), not (104, 43) */
    snprintf (units, sizeof units, "%s, %s",
              unit ("dgns", "blue", "dragoons", "sabre", "average", 4,
                    "mounted", 100, 40, 0),
              unit ("sk", "red", "skirmishers", "musket", "average", 1,
                    "loose", 104, 45, 180));
    f = make (NULL, units);
    start (f, 6, 6);
    test_near (U (f, "dgns")->fp.width, 16, 1e-9);
    double away;
    vec2_t at = e19_contact_point (f->g, idx (f, "dgns"), idx (f, "sk"), &away);
    assert_true (geom_turn_deg (0, geom_bearing ((vec2_t) { 100, 40 },
                                                 (vec2_t) { 104, 43 })) > 45);
    test_near (at.x, 100, 1e-9);
    test_near (at.y, 43, 1e-9);
    order (f, "dgns", test_charge_order (f, "sk"));
    unmake (f);
    /* beyond its move: cavalry 16 cm in the open */
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 3,
                    "mounted", 100, 100, 0),
              unit ("far", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 100, 130, 180));
    f = make (NULL, units);
    start (f, 6, 6);
    refused (f, "cav", test_charge_order (f, "far"), "beyond its move (16.0 cm)");
    unmake (f);
    /* "Move to contact per movement table": a river (impassable) between
       them, which no move crosses, within its move though the enemy is */
    const char *river = "{ id = \"river\"; kind = \"river\"; polygon = ( "
                        "[0.0, 104.0], [200.0, 104.0], [200.0, 107.0], "
                        "[0.0, 107.0] ); }";
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 3,
                    "mounted", 100, 100, 0),
              unit ("over", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 100, 112, 180));
    f = make (river, units);
    start (f, 6, 6);
    refused (f, "cav", test_charge_order (f, "over"), "impassable ground");
    unmake (f);
    f = make (NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "over"));
    unmake (f);
}

/*  Four cavalry charging a line six bases wide (24 cm): c1, c2 and c4
 *  at its front, c3 at its right flank, listed c1, c2, c4, c3 (they
 *  charge in that order), under `under`. */
static fixture_t *
charged_on_faces (const game_rules_t *under)
{
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("c1", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 90, 0),
              unit ("c2", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 108, 86, 0),
              unit ("c4", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 92, 86, 0),
              unit ("c3", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 84, 100, 90),
              unit ("def", "red", "close_order_infantry", "none", "average",
                    6, "line", 100, 100, 180));
    fixture_t *f = make_under (under, NULL, units);
    start (f, 6, 6);
    order (f, "c1", test_charge_order (f, "def"));
    order (f, "c2", test_charge_order (f, "def"));
    order (f, "c4", test_charge_order (f, "def"));
    order (f, "c3", test_charge_order (f, "def"));
    test_next_phase (f);
    return f;
}

/*  "One attacker per face": a second charger at the front a first has
 *  taken is refused; another face (a flank) takes its own.  The table
 *  file's e19.charge.attackers_per_face is the sheet's 1; a house rule
 *  of 2 lets a second charger in beside the first, and refuses the
 *  third. */
static void
test_one_attacker_per_face (void **state)
{
    (void) state;
    fixture_t *f = charged_on_faces (rules);
    assert_true (test_saw (f, "c1 is in contact with def"));
    assert_true (test_saw (f, "no charge: c2: one attacker per face, and "
                              "that face of def is taken"));
    assert_true (test_saw (f, "no charge: c4: one attacker per face"));
    assert_true (test_saw (f, "c3 is in contact with def"));
    assert_int_equal (e19_state_const (game_unit (f->g, idx (f, "def")))
                      ->faces, E19_FACE_FRONT | E19_FACE_RIGHT);
    test_near (U (f, "c2")->fp.centre.y, 86, 1e-6);
    unmake (f);

    game_rules_t *two = variant ("attackers_per_face = 1;",
                                 "attackers_per_face = 2;");
    f = charged_on_faces (two);
    assert_true (test_saw (f, "c1 is in contact with def"));
    assert_true (test_saw (f, "c2 is in contact with def"));
    assert_true (test_saw (f, "no charge: c4: 2 attackers per face, and "
                              "that face of def is taken"));
    assert_true (test_saw (f, "c3 is in contact with def"));
    /* c2 stands beside c1 at the front, square to it, on its own side */
    const unit_t *c1 = U (f, "c1"), *c2 = U (f, "c2");
    test_near (c1->fp.centre.x, 100, 1e-6);
    test_near (c2->fp.centre.y, c1->fp.centre.y, 1e-6);
    assert_true (c2->fp.centre.x >= 107.5 - 1e-6
                 && c2->fp.centre.x <= 112 + 1e-6);
    test_near (c2->fp.facing, 0, 1e-6);
    assert_true (situation_unit_distance (game_situation (f->g), idx (f, "c2"),
                                          idx (f, "def"))
                 <= SITUATION_OVERLAP_CM);
    unmake (f);
    game_rules_destroy (&two);
}

/*  Cavalry of two bases charging a line of four (16 cm wide, 2 deep,
 *  facing 0 at (100, 100)) from 10 cm to the side of its centre (`side`
 *  +1 its right, -1 its left) and 7 cm forward, turned towards it, under
 *  `under`; the charge resolved. */
static fixture_t *
charged_from_beyond_the_end (const game_rules_t *under, int side)
{
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100 + 10 * side, 107, side > 0 ? 215 : 145),
              unit ("line", "red", "close_order_infantry", "none",
                    "average", 4, "line", 100, 100, 0));
    fixture_t *f = make_under (under, NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "line"));
    test_next_phase (f);
    return f;
}

/*  Which face a charger stands against: the sheet names the faces ("One
 *  attacker per face"; "+1 dice per base: Attacking Flank or Rear") but
 *  not how they are told apart, and e19.charge.face_by chooses
 *  (RULINGS.md).  RULINGS.md's case: a charger ahead of a 16 cm line's
 *  front edge but beyond its end, 10 cm to the side and 7 cm forward of
 *  its centre, 55 degrees off its front.  By the centres (the table
 *  file's "centre") it charges the flank on its side; by the edges
 *  ("edges": ahead of the line of the front edge is front) it charges
 *  the front.  Either way it comes in as near straight ahead of it as
 *  the face allows: its 8 cm front covering the 2 cm flank, 3 cm along
 *  from the flank's middle, or wholly on the front at its end, 4 cm
 *  from the front's middle. */
static void
test_face_by_centre_or_edges (void **state)
{
    (void) state;
    for (int side = -1; side <= 1; side += 2) {
        fixture_t *f = charged_from_beyond_the_end (rules, side);
        assert_true (test_saw (f, "cav charges line (flank)"));
        assert_true (test_saw (f, "cav is in contact with line"));
        assert_int_equal (e19_state_const (game_unit (f->g, idx (f, "line")))
                          ->faces, side > 0 ? E19_FACE_RIGHT
                                            : E19_FACE_LEFT);
        /* at the flank: 8 + 1 cm to the side of the centre */
        test_near (U (f, "cav")->fp.centre.x, 100 + 9 * side, 1e-6);
        test_near (U (f, "cav")->fp.centre.y, 103, 1e-6);
        unmake (f);
    }
    game_rules_t *edges = variant ("face_by = \"centre\";",
                                   "face_by = \"edges\";");
    for (int side = -1; side <= 1; side += 2) {
        fixture_t *f = charged_from_beyond_the_end (edges, side);
        assert_true (test_saw (f, "cav charges line (front)"));
        assert_true (test_saw (f, "cav is in contact with line"));
        assert_int_equal (e19_state_const (game_unit (f->g, idx (f, "line")))
                          ->faces, E19_FACE_FRONT);
        /* at the front: 1 + 1 cm ahead of the centre */
        test_near (U (f, "cav")->fp.centre.x, 100 + 4 * side, 1e-6);
        test_near (U (f, "cav")->fp.centre.y, 102, 1e-6);
        unmake (f);
    }
    game_rules_destroy (&edges);
    /* straight before the line's end stand, close in (6 cm to the side
       and 4 forward of its centre, 56 degrees off its front seen from
       there): its front by the centres too, as by the arcs of fire, and
       it comes in straight, wholly on the front at its end */
    for (int side = -1; side <= 1; side += 2) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                        "mounted", 100 + 6 * side, 104, 180),
                  unit ("line", "red", "close_order_infantry", "none",
                        "average", 4, "line", 100, 100, 0));
        fixture_t *f = make (NULL, units);
        start (f, 6, 6);
        order (f, "cav", test_charge_order (f, "line"));
        test_next_phase (f);
        assert_true (test_saw (f, "cav charges line (front)"));
        assert_true (test_saw (f, "cav is in contact with line"));
        test_near (U (f, "cav")->fp.centre.x, 100 + 4 * side, 1e-6);
        test_near (U (f, "cav")->fp.centre.y, 102, 1e-6);
        unmake (f);
    }
}

/*  "1. Change Formation 2. Charge Sequence" and "Infantry in Line: May
 *  not move": a line ordered to charge forms column first and then
 *  charges (RULINGS.md), its reach a column's ("Inf (CO) 8"); kept in
 *  line by its order it may not charge. */
static void
test_line_charges_in_column (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 40, 0),
              unit ("foe", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 100, 50, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    /* the foe's front is 6 cm off the line's centre: within a column's 8 */
    order_t in_line = test_charge_order (f, "foe");
    in_line.has_formation = true;
    in_line.formation = FORMATION_LINE;
    refused (f, "line", in_line, "in line may not move, nor charge");
    order (f, "line", test_charge_order (f, "foe"));
    test_next_phase (f);
    assert_true (test_saw (f, "line changes formation to column"));
    assert_true (test_saw (f, "line is in contact with foe"));
    assert_int_equal (U (f, "line")->formation, FORMATION_COLUMN);
    unmake (f);
    /* beyond a column's 8 cm it is refused as any column would be */
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 40, 0),
              unit ("foe", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 100, 56, 180));
    f = make (NULL, units);
    start (f, 6, 6);
    refused (f, "line", test_charge_order (f, "foe"), "beyond its move (8.0 "
             "cm)");
    unmake (f);
}

/*  "May pivot 45°"; "Move to contact per movement table", whose "Inf
 *  (CO) 8 ... Cost per Pivot ¼": a column of close order infantry
 *  charging straight reaches 8 cm; one that pivots 30 degrees to reach
 *  its target pays a quarter of its move and reaches 6 (RULINGS.md).
 *  Cavalry's pivot costs nothing ("Cav ... None"). */
static void
test_charge_pivot_cost (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("straight", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 40, 100, 0),
              unit ("s-foe", "red", "close_order_infantry", "none",
                    "average", 3, "column", 40, 113.5, 180),
              unit ("askew", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 100, 100, 0),
              unit ("a-foe", "red", "close_order_infantry", "none",
                    "average", 3, "column", 103.75, 113.5, 180),
              unit ("horse", "blue", "cavalry", "sabre", "average", 4,
                    "mounted", 160, 100, 0),
              unit ("h-foe", "red", "close_order_infantry", "none",
                    "average", 3, "column", 166, 111, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    /* askew's contact point, 4 cm before a-foe's front, is at (103.75,
       106.5): 7.5 cm away, 30 degrees off its front */
    refused (f, "askew", test_charge_order (f, "a-foe"), "7.5 cm away, "
             "beyond its move (6.0 cm)");
    /* straight ahead, 6.5 cm: no pivot, within its 8 */
    order (f, "straight", test_charge_order (f, "s-foe"));
    /* the horse's contact point (166, 107): 9.2 cm, 41 degrees off */
    order (f, "horse", test_charge_order (f, "h-foe"));
    unmake (f);
}

/*  "Charging cavalry fired on by target": a charge ends in contact, so
 *  the target fires at the horse as it comes in whenever it can fire at
 *  it at all (RULINGS.md): a musket line 14 cm off (its range 8) fires,
 *  smoothbore guns 14 cm off fire canister ("12cm 5"), a line charged in
 *  the flank does not ("Unit may only fire frontally 45°"). */
static void
test_charging_cavalry_fired_on (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 80, 0),
              unit ("cav2", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 40, 80, 0),
              unit ("cav3", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 140, 140, 90),
              unit ("inf", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 96, 180),
              unit ("guns", "red", "artillery", "smoothbore_artillery",
                    "average", 2, "line", 40, 96, 180),
              unit ("flanked", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 160, 140, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "inf"));
    order (f, "cav2", test_charge_order (f, "guns"));
    order (f, "cav3", test_charge_order (f, "flanked"));
    /* the line's 4 dice need 2+ (Inf line at Cav): all 1; cav's test 6;
       the guns' 10 dice: all 1; cav2's test 6 */
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 1, 6);
    test_push (f, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "inf fires at cav: 4 dice need 2+"));
    assert_true (test_saw (f, "guns fires at cav2: 10 dice need 2+"));
    assert_false (test_saw (f, "fires at cav3"));
    assert_true (test_saw (f, "cav is in contact with inf"));
    assert_true (test_saw (f, "cav2 is in contact with guns"));
    assert_true (test_saw (f, "cav3 is in contact with flanked"));
    assert_int_equal (dice_queued (f->dice), 0);
    unmake (f);
}

/*  ---- movement ---- */

/*  "Sequence of Play: 1. Change Formation 2. Charge Sequence
 *  3. Movement": all of a side's charges go in before any of its units
 *  moves.  "mover", listed first, is ordered across the way of "cav",
 *  listed after it, charging "foe": the cavalry charges first and
 *  reaches contact, then the column moves in behind it. */
static void
test_charges_before_movement (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("mover", "blue", "loose_order_infantry", "musket",
                    "average", 2, "column", 92, 86, 90),
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 78, 0),
              unit ("foe", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 94, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order (f, "mover", test_move_order (100, 86));
    order (f, "cav", test_charge_order (f, "foe"));
    /* "Charging cavalry fired on by target": foe's 2 dice ("Infantry
       Col" at "Cav" 4+): 1 1; the cavalry's test: 6 */
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "cav is in contact with foe"));
    assert_false (test_saw (f, "cav's charge is stopped"));
    test_near (U (f, "cav")->fp.centre.y, 91, 1e-6);
    /* the column's move comes after: "Inf (LO) 12", all 8 cm */
    test_near (U (f, "mover")->fp.centre.x, 100, 1e-6);
    test_near (U (f, "mover")->fp.centre.y, 86, 1e-6);
    unmake (f);
}

/*  One move of each row in the open and in woods; "N/A": cavalry stops
 *  at the wood's edge; "Road: Remain 24cm from enemy and spend entire
 *  movement on road"; "Cost per Pivot ¼"; "Turning: Units on road suffer
 *  no penalty". */
static void
test_movement (void **state)
{
    (void) state;
    const char *wood = "{ id = \"wood\"; kind = \"woods\"; polygon = ( "
                       "[0.0, 100.0], [200.0, 100.0], [200.0, 150.0], "
                       "[0.0, 150.0] ); }, { id = \"road\"; kind = \"road\"; "
                       "polygon = ( [190.0, 0.0], [196.0, 0.0], [196.0, "
                       "200.0], [190.0, 200.0] ); }";
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s, %s",
              unit ("co", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 20, 20, 0),
              unit ("lo", "blue", "loose_order_infantry", "musket",
                    "average", 4, "column", 40, 20, 0),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 60, 110, 0),
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 90, 90, 0),
              unit ("co-wood", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 130, 110, 0),
              unit ("road", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 193, 20, 0),
              unit ("turner", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 160, 20, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 190, 180));
    fixture_t *f = make (wood, units);
    start (f, 6, 6);
    order (f, "co", test_move_order (20, 60));
    order (f, "lo", test_move_order (40, 60));
    order (f, "sk", test_move_order (60, 140));
    order (f, "cav", test_move_order (90, 130));
    order (f, "co-wood", test_move_order (130, 140));
    order (f, "road", test_move_order (193, 80));
    order_t right = test_move_order (200, 20);
    order (f, "turner", right);
    test_next_phase (f);
    test_near (U (f, "co")->fp.centre.y, 28, 1e-6);         /* Inf (CO) 8 */
    test_near (U (f, "lo")->fp.centre.y, 32, 1e-6);         /* Inf (LO) 12 */
    test_near (U (f, "sk")->fp.centre.y, 122, 1e-6);        /* Ski in woods 12 */
    test_near (U (f, "co-wood")->fp.centre.y, 114, 1e-6);   /* CO in woods 4 */
    /* Cav woods N/A: its front (1 cm ahead of its centre) stops at the
       wood's edge */
    assert_true (U (f, "cav")->fp.centre.y + 1.0 <= 100.0 + 1e-6);
    assert_true (U (f, "cav")->fp.centre.y + 1.0 >= 99.0);
    test_near (U (f, "road")->fp.centre.y, 36, 1e-6);       /* road 16 */
    /* a quarter turn is two pivots of 45, each a quarter of 8 cm */
    test_near (U (f, "turner")->fp.centre.x, 164, 1e-6);
    unmake (f);
    /* within 24 cm of the enemy the road gives no more than the open */
    snprintf (units, sizeof units, "%s, %s",
              unit ("road", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 193, 20, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 175, 40, 180));
    f = make (wood, units);
    start (f, 6, 6);
    order (f, "road", test_move_order (193, 80));
    test_next_phase (f);
    test_near (U (f, "road")->fp.centre.y, 28, 1e-6);
    unmake (f);
    /* "Turning: Units on road suffer no penalty", a line of its own: a
       column on the road, 20 cm from the enemy (no road rate), turns a
       quarter turn to go along it and still moves its whole 8 cm; off
       the road the same turn costs two pivots of a quarter (4 cm) */
    const char *road = "{ id = \"road\"; kind = \"road\"; polygon = ( "
                       "[95.0, 0.0], [105.0, 0.0], [105.0, 200.0], [95.0, "
                       "200.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("on-road", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 40, 90),
              unit ("off-road", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 60, 40, 90),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 120, 50, 270));
    f = make (road, units);
    start (f, 6, 6);
    order (f, "on-road", test_move_order (100, 60));
    order (f, "off-road", test_move_order (60, 60));
    test_next_phase (f);
    test_near (U (f, "on-road")->fp.centre.y, 48, 1e-6);
    test_near (U (f, "off-road")->fp.centre.y, 44, 1e-6);
    unmake (f);
}

/*  "the slowest ground a move crosses" under the whole front
 *  (going_whole_front): a line of horse whose right flank would enter a
 *  wood stops at its edge though its centre's way is open ("Cav ...
 *  N/A"); a column whose corner takes a stream moves the stream's 4 cm,
 *  not the open 8 ("Inf (CO) 8 ... 4"); a column on a road, its corners
 *  over the stream beside the bridge, moves the open 8 ("Bridges:
 *  Negate Streams"; an enemy within 24 cm denies the road's rate).
 *  Read under the front's centre alone (false) the horse and the first
 *  column go their open moves. */
static void
test_going_whole_front (void **state)
{
    (void) state;
    const char *ground = "{ id = \"wood\"; kind = \"woods\"; polygon = ( "
        "[100.0, 30.0], [150.0, 30.0], [150.0, 80.0], [100.0, 80.0] ); }, "
        "{ id = \"brook\"; kind = \"stream\"; polygon = ( [162.0, 24.0], "
        "[200.0, 24.0], [200.0, 30.0], [162.0, 30.0] ); }, "
        "{ id = \"ford\"; kind = \"stream\"; polygon = ( [20.0, 24.0], "
        "[60.0, 24.0], [60.0, 30.0], [20.0, 30.0] ); }, "
        "{ id = \"road\"; kind = \"road\"; polygon = ( [37.0, 0.0], "
        "[40.0, 0.0], [40.0, 200.0], [37.0, 200.0] ); }";
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 4,
                    "mounted", 94, 20, 0),
              unit ("co", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 160.5, 20, 0),
              unit ("br", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 38.5, 20, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 20, 40, 180));
    game_rules_t *centre = variant ("going_whole_front = true;",
                                    "going_whole_front = false;");
    for (int k = 0; k < 2; k++) {
        fixture_t *f = k == 0 ? make (ground, units)
                     : make_under (centre, ground, units);
        start (f, 6, 6);
        order (f, "cav", test_move_order (94, 60));
        order (f, "co", test_move_order (160.5, 60));
        order (f, "br", test_move_order (38.5, 60));
        test_next_phase (f);
        double cav_front = U (f, "cav")->fp.centre.y + 1.0;
        if (k == 0) {
            /* its flank (x 86 to 102) meets the wood at y 30 */
            assert_true (cav_front <= 30.0 + 1e-6);
            assert_true (cav_front >= 29.0);
            test_near (U (f, "co")->fp.centre.y, 24, 1e-6);
        }
        else {
            test_near (U (f, "cav")->fp.centre.y, 36, 1e-6);
            test_near (U (f, "co")->fp.centre.y, 28, 1e-6);
        }
        test_near (U (f, "br")->fp.centre.y, 28, 1e-6);
        unmake (f);
    }
    game_rules_destroy (&centre);
}

/*  "Road: Remain 24cm from enemy and spend entire movement on road":
 *  the 24 cm are the unit's, measured from the nearest point of its
 *  footprint (a flank as well as its front), not from its centreline.
 *  A loose-order column (4 cm wide) going up a road at x 100, an enemy
 *  column's edge at x 125: the column's side is 23 cm from the enemy
 *  (its centreline 25), so it moves at the open rate ("Inf (LO) 12"),
 *  not the road's ("Road 16"); with the enemy 2 cm further off, the
 *  road's. */
static void
test_road_keeps_24cm_from_the_unit (void **state)
{
    (void) state;
    const char *road = "{ id = \"road\"; kind = \"road\"; polygon = ( "
                       "[95.0, 0.0], [105.0, 0.0], [105.0, 200.0], [95.0, "
                       "200.0] ); }";
    for (int clear = 0; clear < 2; clear++) {
        char units[2048];
        snprintf (units, sizeof units, "%s, %s",
                  unit ("col", "blue", "loose_order_infantry", "musket",
                        "average", 2, "column", 100, 40, 0),
                  unit ("enemy", "red", "close_order_infantry", "musket",
                        "average", 2, "column", clear ? 129 : 127, 50,
                        180));
        fixture_t *f = make (road, units);
        start (f, 6, 6);
        order (f, "col", test_move_order (100, 80));
        test_next_phase (f);
        test_near (U (f, "col")->fp.centre.y, clear ? 56 : 52, 1e-6);
        unmake (f);
    }
}

/*  Where unit `id` (troop, formation) at (100, y) ends, ordered to
 *  (100, to_y) along a road through a village, the enemy at (ex, ey). */
static double
through_the_village (const char *troop, const char *weapon,
                     const char *formation, double y, double to_y, double ex,
                     double ey)
{
    const char *ground = "{ id = \"road\"; kind = \"road\"; polygon = ( "
                         "[95.0, 0.0], [105.0, 0.0], [105.0, 200.0], "
                         "[95.0, 200.0] ); }, { id = \"village\"; kind = "
                         "\"town\"; polygon = ( [80.0, 60.0], [120.0, "
                         "60.0], [120.0, 70.0], [80.0, 70.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("mover", "blue", troop, weapon, "average", 2, formation,
                    100, y, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", ex, ey, 180));
    fixture_t *f = make (ground, units);
    start (f, 6, 6);
    order (f, "mover", test_move_order (100, to_y));
    test_next_phase (f);
    double end = U (f, "mover")->fp.centre.y;
    unmake (f);
    return end;
}

/*  "Road: Remain 24cm from enemy and spend entire movement on road":
 *  where the road's rate applies the road is the going (RULINGS.md), so
 *  limbered guns ("Art ... Road 16") and cavalry ("Cav ... Road 24")
 *  take the road through a village, though "Woods Towns" is N/A to
 *  them; within 24 cm of the enemy the road is no road, and they stop
 *  at the village's edge. */
static void
test_road_through_a_village (void **state)
{
    (void) state;
    test_near (through_the_village ("artillery", "smoothbore_artillery",
                                    "column", 50, 80, 10, 190), 66, 1e-6);
    test_near (through_the_village ("cavalry", "sabre", "mounted", 44, 90,
                                    10, 190), 68, 1e-6);
    /* the enemy 20 cm off: the guns' front (2 cm ahead of their centre)
       stops at the edge */
    double y = through_the_village ("artillery", "smoothbore_artillery",
                                    "column", 50, 80, 125, 50);
    assert_true (y + 2 <= 60 + 1e-6 && y + 2 >= 59);
}

/*  "Towns: Only one unit unless very large": a unit may not enter a
 *  town where another stands within 40 cm (the project's number,
 *  e19.movement.town_reach_cm); a town longer than that holds another
 *  further along it; another town is another town, however near. */
static void
test_town_holds_one_unit (void **state)
{
    (void) state;
    const char *towns = "{ id = \"long\"; kind = \"town\"; polygon = ( "
                        "[0.0, 60.0], [200.0, 60.0], [200.0, 80.0], [0.0, "
                        "80.0] ); }, { id = \"hamlet\"; kind = \"town\"; "
                        "polygon = ( [60.0, 84.0], [100.0, 84.0], [100.0, "
                        "100.0], [60.0, 100.0] ); }";
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("holder", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 50, 70, 0),
              unit ("near", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 70, 56, 0),
              unit ("far", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 150, 56, 0),
              unit ("hamlet", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 80, 102, 180),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 190, 180));
    fixture_t *f = make (towns, units);
    start (f, 6, 6);
    order (f, "near", test_move_order (70, 66));
    order (f, "far", test_move_order (150, 66));
    order (f, "hamlet", test_move_order (80, 92));
    test_next_phase (f);
    /* 20 cm from the holder: it stops at the town's edge */
    assert_true (U (f, "near")->fp.centre.y < 60);
    assert_true (U (f, "near")->fp.centre.y > 59);
    /* 100 cm along the long town: in */
    test_near (U (f, "far")->fp.centre.y, 66, 1e-6);
    /* the hamlet, 34 cm from the holder, is not its town */
    test_near (U (f, "hamlet")->fp.centre.y, 92, 1e-6);
    unmake (f);
}

/*  "Towns: Only one unit unless very large" and "Interpenetration: Only
 *  skirmishers may pass through friendly units": the unit holding a town
 *  holds all the stretch of it within 40 cm, so a unit's move may not
 *  end there, nor pass through it unless it is a skirmisher passing a
 *  friend (RULINGS.md); no unit passes through a town the enemy holds. */
static void
test_passing_through_a_town (void **state)
{
    (void) state;
    const char *towns = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                        "[60.0, 60.0], [120.0, 60.0], [120.0, 66.0], [60.0, "
                        "66.0] ); }, { id = \"held\"; kind = \"town\"; "
                        "polygon = ( [140.0, 60.0], [180.0, 60.0], [180.0, "
                        "66.0], [140.0, 66.0] ); }";
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("holder", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 63, 0),
              unit ("through", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 85, 57, 0),
              unit ("into", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 112, 52, 0),
              unit ("column", "blue", "loose_order_infantry", "musket",
                    "average", 2, "column", 70, 56, 0),
              unit ("past-foe", "blue", "skirmishers", "musket", "average",
                    2, "loose", 150, 57, 0),
              unit ("foe", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 170, 63, 180));
    fixture_t *f = make (towns, units);
    start (f, 6, 6);
    order (f, "through", test_move_order (85, 69));
    order (f, "into", test_move_order (112, 63));
    order (f, "column", test_move_order (70, 68));
    order (f, "past-foe", test_move_order (150, 69));
    test_next_phase (f);
    /* skirmishers pass through the village their friends hold, 12 cm */
    test_near (U (f, "through")->fp.centre.y, 69, 1e-6);
    /* but may not stay in it: it stops at the edge */
    assert_true (U (f, "into")->fp.centre.y < 60);
    assert_true (U (f, "into")->fp.centre.y > 59);
    /* others may not pass through it */
    assert_true (U (f, "column")->fp.centre.y < 60);
    assert_true (U (f, "column")->fp.centre.y > 59);
    /* nor may skirmishers pass through a town the enemy holds */
    assert_true (U (f, "past-foe")->fp.centre.y < 60);
    assert_true (U (f, "past-foe")->fp.centre.y > 59);
    unmake (f);
}

/*  "Stream" 4 cm for close order infantry; "Bridges: Negate Streams";
 *  the slowest ground a move crosses sets its rate, ground beyond its
 *  reach not counting (RULINGS.md). */
static void
test_streams_and_bridges (void **state)
{
    (void) state;
    const char *ground = "{ id = \"brook\"; kind = \"stream\"; polygon = ( "
                         "[0.0, 55.0], [200.0, 55.0], [200.0, 61.0], "
                         "[0.0, 61.0] ); }, { id = \"road\"; kind = "
                         "\"road\"; polygon = ( [147.0, 0.0], [153.0, 0.0], "
                         "[153.0, 200.0], [147.0, 200.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("short", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 30, 40, 0),
              unit ("wader", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 60, 48, 0),
              unit ("bridge", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 150, 48, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 60, 190, 180));
    fixture_t *f = make (ground, units);
    start (f, 6, 6);
    order (f, "short", test_move_order (30, 90));
    order (f, "wader", test_move_order (60, 90));
    order (f, "bridge", test_move_order (150, 90));
    test_next_phase (f);
    /* its front (44) stops at 52, short of the brook: the open rate */
    test_near (U (f, "short")->fp.centre.y, 48, 1e-6);
    /* its front (52) would cross the brook: the stream's 4 cm */
    test_near (U (f, "wader")->fp.centre.y, 52, 1e-6);
    /* over the bridge, wholly on the road: the road's 16 */
    test_near (U (f, "bridge")->fp.centre.y, 64, 1e-6);
    unmake (f);
}

/*  The dice of one base of steel rifled guns at (100, guns_y) firing at
 *  a line at (100, 70) below them, past a strip of `kind` from y0 to y1
 *  across the table; a ridge (a gentle hill) covers y 0 to 30. */
static int
guns_dice_past (const char *kind, double y0, double y1, double guns_y)
{
    char terrain[1024], units[2048];
    snprintf (terrain, sizeof terrain, "{ id = \"ridge\"; kind = "
              "\"gentle_hill\"; polygon = ( [0.0, 0.0], [200.0, 0.0], "
              "[200.0, 30.0], [0.0, 30.0] ); }, { id = \"strip\"; kind = "
              "\"%s\"; polygon = ( [0.0, %.1f], [200.0, %.1f], [200.0, "
              "%.1f], [0.0, %.1f] ); }", kind, y0, y0, y1, y1);
    snprintf (units, sizeof units, "%s, %s",
              unit ("guns", "blue", "artillery", "steel_rifled_artillery",
                    "average", 1, "line", 100, guns_y, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 70, 180));
    fixture_t *f = make (terrain, units);
    int dice = e19_fire_dice (f->g, idx (f, "guns"), idx (f, "target"));
    unmake (f);
    return dice;
}

/*  "Level fire any obstruction blocks LOS"; "Fire between higher and
 *  lower blocked if obstruction closer to lower unit". */
static void
test_fire_from_the_heights (void **state)
{
    (void) state;
    const char *hill = "{ id = \"ridge\"; kind = \"gentle_hill\"; polygon "
                       "= ( [0.0, 0.0], [200.0, 0.0], [200.0, 30.0], "
                       "[0.0, 30.0] ); }";
    char units[2048];
    /* a unit nearer the lower target blocks */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("guns", "blue", "artillery", "steel_rifled_artillery",
                    "average", 1, "line", 100, 20, 0),
              unit ("screen", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 62, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 70, 180));
    fixture_t *f = make (hill, units);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "guns"),
                                     idx (f, "target")), 0);
    unmake (f);
    /* the same unit nearer the guns on the height does not */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("guns", "blue", "artillery", "steel_rifled_artillery",
                    "average", 1, "line", 100, 20, 0),
              unit ("screen", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 34, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 70, 180));
    f = make (hill, units);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "guns"),
                                     idx (f, "target")), 4);
    unmake (f);
    /* "Woods, Towns, Hills, other Units are obstructions", under the same
       rule: from the ridge over a wood, a town or a hill nearer the guns;
       not over one nearer the target below; not over any on the level */
    static const char *const kinds[] = { "woods", "town", "gentle_hill" };
    for (int k = 0; k < 3; k++) {
        assert_int_equal (guns_dice_past (kinds[k], 32, 38, 20), 4);
        assert_int_equal (guns_dice_past (kinds[k], 60, 66, 20), 0);
        assert_int_equal (guns_dice_past (kinds[k], 50, 56, 40), 0);
    }
    /* a line at the edge of a wood fires out of it, through at most 4 cm
       of it (the project's number, RULINGS.md); one deeper does not */
    const char *wood = "{ id = \"wood\"; kind = \"woods\"; polygon = ( "
                       "[0.0, 0.0], [200.0, 0.0], [200.0, 44.0], [0.0, "
                       "44.0] ); }";
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("edge", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 40, 42, 0),
              unit ("t-edge", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 40, 50, 180),
              unit ("deep", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 140, 38, 0),
              unit ("t-deep", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 140, 46, 180));
    f = make (wood, units);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "edge"),
                                     idx (f, "t-edge")), 4);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "t-edge"),
                                     idx (f, "edge")), 4);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "deep"),
                                     idx (f, "t-deep")), 0);
    unmake (f);
}

/*  The dice of one base of steel rifled guns at (100, 40) firing at a
 *  line of four bases (16 cm) at (100, 70), past a friendly line of two
 *  bases (8 cm) at (screen_x, 55) and, when `wood`, a wood from x 80 to
 *  103 between y 55 and 60. */
static int
guns_dice_screened (double screen_x, bool wood)
{
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("guns", "blue", "artillery", "steel_rifled_artillery",
                    "average", 1, "line", 100, 40, 0),
              unit ("screen", "blue", "close_order_infantry", "musket",
                    "average", 2, "line", screen_x, 55, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 70, 180));
    fixture_t *f = make (wood ? "{ id = \"wood\"; kind = \"woods\"; "
                                "polygon = ( [80.0, 55.0], [103.0, 55.0], "
                                "[103.0, 60.0], [80.0, 60.0] ); }" : NULL,
                         units);
    int dice = e19_fire_dice (f->g, idx (f, "guns"), idx (f, "target"));
    unmake (f);
    return dice;
}

/*  "Woods, Towns, Hills, other Units are obstructions"; "Level fire any
 *  obstruction blocks LOS": a line of fire is clear when it is clear of
 *  terrain and of units at once; the target may be fired at along any
 *  one such line, from the firer to its nearest point, its centre or a
 *  corner (RULINGS.md).  A unit hiding the middle of the target leaves
 *  its ends to be fired at; a wood hiding its middle and left end and a
 *  unit its right end leave no line. */
static void
test_fire_past_a_screen_and_a_wood (void **state)
{
    (void) state;
    /* the screen before the middle only: the corners are in sight */
    assert_int_equal (guns_dice_screened (100, false), 4);
    /* the screen before the right end only: in sight past it */
    assert_int_equal (guns_dice_screened (108, false), 4);
    /* the wood before the middle and the left end only: in sight past
       it, at the right end */
    assert_int_equal (guns_dice_screened (160, true), 4);
    /* the wood and the screen together: every line blocked by one or the
       other */
    assert_int_equal (guns_dice_screened (108, true), 0);
}

/*  "Interpenetration: Only skirmishers may pass through friendly
 *  units." */
static void
test_interpenetration (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s",
              unit ("col", "blue", "loose_order_infantry", "musket",
                    "average", 2, "column", 50, 20, 0),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 100, 20, 0),
              unit ("wall-1", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 50, 28, 0),
              unit ("wall-2", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 26, 0),
              unit ("enemy", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 190, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order (f, "col", test_move_order (50, 40));
    order (f, "sk", test_move_order (100, 40));
    test_next_phase (f);
    /* it stops where it would stand on the line (half a cm of overlap is
       figures touching) */
    assert_true (U (f, "col")->fp.centre.y <= 25.5 + 1e-6);
    test_near (U (f, "sk")->fp.centre.y, 32, 1e-6);
    unmake (f);
}

/*  ---- firing ---- */

/*  Dice per base by weapon and range band ("Smoothbore Artillery 32cm
 *  2", "12cm 5"; "*Skirmishers +8cm"); "Unit may only fire frontally
 *  45° (360° in towns)"; "other Units are obstructions"; the firing
 *  table's score and the saving roll, in play. */
static void
test_firing (void **state)
{
    (void) state;
    const char *town = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                       "[155.0, 165.0], [185.0, 165.0], [185.0, 185.0], "
                       "[155.0, 185.0] ); }";
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s, %s",
              unit ("guns", "blue", "artillery", "smoothbore_artillery",
                    "average", 2, "line", 40, 40, 0),
              unit ("near", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 40, 50, 180),
              unit ("sk", "blue", "skirmishers", "musket", "average", 2,
                    "loose", 100, 40, 0),
              unit ("line", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 130, 40, 0),
              unit ("in-town", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 170, 168, 0),
              unit ("behind", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 170, 158, 0),
              unit ("far", "red", "skirmishers", "musket", "average", 2,
                    "loose", 100, 56, 180));
    fixture_t *f = make (town, units);
    int guns = idx (f, "guns"), sk = idx (f, "sk"), line = idx (f, "line");
    /* canister within 12 cm: 5 dice a base */
    test_near (situation_unit_distance (game_situation (f->g), guns,
                                   idx (f, "near")), 8, 1e-6);
    assert_int_equal (e19_fire_dice (f->g, guns, idx (f, "near")), 10);
    /* a musket reaches 8 cm, a skirmisher's 16: "far" is 14 cm off */
    test_near (situation_unit_distance (game_situation (f->g), sk,
                                   idx (f, "far")), 14, 1e-6);
    assert_int_equal (e19_fire_dice (f->g, sk, idx (f, "far")), 2);
    assert_int_equal (e19_fire_dice (f->g, line, idx (f, "far")), 0);
    /* "Unit may only fire frontally 45°": a target straight before the
       end of the line is frontal, though its nearest point is more than
       45 degrees off seen from the line's centre */
    {
        char two[1024];
        snprintf (two, sizeof two, "%s, %s",
                  unit ("wide", "blue", "close_order_infantry",
                        "rifled_musket", "average", 6, "line", 100, 120, 0),
                  unit ("end", "red", "close_order_infantry",
                        "rifled_musket", "average", 1, "column", 108, 125,
                        180));
        fixture_t *w = make (NULL, two);
        const footprint_t *wf = &U (w, "wide")->fp;
        test_near (wf->width, 24, 1e-9);
        vec2_t near = footprint_nearest_point (wf, &U (w, "end")->fp);
        assert_true (geom_turn_deg (0, geom_bearing (wf->centre, near)) > 45);
        assert_true (e19_fire_dice (w->g, idx (w, "wide"), idx (w, "end"))
                     > 0);
        unmake (w);
    }
    /* the town: fire all round ("behind" is at its rear) */
    assert_true (e19_fire_dice (f->g, idx (f, "in-town"),
                                idx (f, "behind")) > 0);
    /* the rows and columns of the firing table */
    assert_int_equal (e19_firer_row (f->g, line),
                      E19_FIRER_LINE_OR_ARTILLERY);
    assert_int_equal (e19_firer_row (f->g, sk),
                      E19_FIRER_SKIRMISH_OR_DRAGOON);
    assert_int_equal (e19_firer_row (f->g, idx (f, "in-town")),
                      E19_FIRER_INFANTRY_COLUMN);
    /* "Normal: ... Close order Infantry in line"; "Dispersed:
       Skirmishers, Unlimbered Artillery" */
    assert_int_equal (e19_target_column (f->g, idx (f, "near")),
                      E19_TARGET_NORMAL);
    assert_int_equal (e19_target_column (f->g, idx (f, "far")),
                      E19_TARGET_DISPERSED);
    assert_int_equal (e19_target_column (f->g, guns), E19_TARGET_DISPERSED);
    assert_int_equal (e19_target_column (f->g, idx (f, "behind")),
                      E19_TARGET_CLOSE_COLUMN);
    /* no save in the open against muskets ("All else ... Open None") */
    assert_int_equal (e19_save_score (f->g, guns, idx (f, "near")), 0);
    /* "All else ... Woods, towns 5+" */
    assert_int_equal (e19_save_score (f->g, idx (f, "behind"),
                                      idx (f, "in-town")), 5);
    unmake (f);

    /* a unit between them blocks on level ground */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("line", "blue", "close_order_infantry",
                    "later_breech_loader", "average", 4, "line", 100, 40, 0),
              unit ("screen", "blue", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 50, 0),
              unit ("target", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 60, 180));
    f = make (NULL, units);
    assert_int_equal (e19_fire_dice (f->g, idx (f, "line"),
                                     idx (f, "target")), 0);
    unmake (f);

    /* the volley: later breech-loaders, 2 dice a base, a line firing at
       close order infantry in line (Normal): 4+; the target, armed with
       breech-loaders and in line, saves on 5+ in the open */
    snprintf (units, sizeof units, "%s, %s",
              unit ("line", "blue", "close_order_infantry",
                    "later_breech_loader", "average", 2, "line", 100, 40, 0),
              unit ("target", "red", "close_order_infantry",
                    "later_breech_loader", "elite", 4, "line", 100, 60, 180));
    f = make (NULL, units);
    start (f, 6, 6);
    test_next_phase (f);                                   /* blue acts: holds */
    assert_int_equal (e19_save_score (f->g, idx (f, "line"),
                                      idx (f, "target")), 5);
    test_next_phase (f);                                   /* red acts: holds */
    assert_int_equal (game_phase (f->g), E19_PHASE_FIRING);
    /* blue's 4 dice: 4, 3, 6, 1 (two hits); red's 8 dice all miss;
       red saves: 5 (saved), 2 (not); its test for the base: 3, passes
       (elite 3+) */
    test_push (f, 4, 4, 3, 6, 1);
    test_push (f, 2, 5, 2);
    test_push (f, 8, 1, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 1, 3);
    test_next_phase (f);
    assert_true (test_saw (f, "line fires at target: 4 dice need 4+, threw "
                         "[4 3 6 1]: 2 hits; saves on 5+: 1 saved"));
    assert_int_equal (U (f, "target")->killed, 1);
    assert_true (test_saw (f, "target tests morale (a base removed): needs 3+, "
                         "threw 3: passes"));
    unmake (f);
}

/*  b's volley at tb, in words, in a game where a (fired first, its
 *  index the lower) has `a_bases` bases; the dice keyed or not. */
static void
volley_of_b (int a_bases, bool keyed, char *out, size_t len)
{
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s, %s",
              unit ("a", "blue", "close_order_infantry", "musket",
                    "average", a_bases, "line", 40, 40, 0),
              unit ("b", "blue", "close_order_infantry", "musket",
                    "average", 2, "line", 100, 40, 0),
              unit ("ta", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 40, 46, 180),
              unit ("tb", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 46, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    dice_set_keyed (f->dice, keyed);
    test_next_phase (f);                            /* blue holds */
    test_next_phase (f);                            /* red holds */
    assert_int_equal (game_phase (f->g), E19_PHASE_FIRING);
    test_next_phase (f);
    out[0] = '\0';
    for (int i = 0; i < f->event_count; i++)
        if (strstr (f->events[i], "b fires at tb"))
            snprintf (out, len, "%s", f->events[i]);
    unmake (f);
}

/*  The search's playouts key their dice (game_dice_key): a unit's throws
 *  for a volley are the same whatever the units before it threw, so two
 *  plans on one world are told apart by their orders, not by dice that
 *  fell to other units.  Unkeyed (every battle), one stream. */
static void
test_keyed_dice (void **state)
{
    (void) state;
    char four[GAME_EVENT_MAX], two[GAME_EVENT_MAX];
    volley_of_b (4, true, four, sizeof four);
    volley_of_b (2, true, two, sizeof two);
    assert_non_null (strstr (four, "threw ["));
    assert_string_equal (four, two);
    /* one stream: a's 8 dice or 4 before b's */
    volley_of_b (4, false, four, sizeof four);
    volley_of_b (2, false, two, sizeof two);
    assert_non_null (strstr (four, "threw ["));
    assert_string_not_equal (four, two);
}

/*  ---- hand-to-hand ---- */

/*  Dice per base ("Cav ... Inf Ln 3"; "Defending Infantry ... Cav 1");
 *  "-1 dice per base: Cavalry vs Close order Infantry"; "+1 dice per
 *  base: Attacking Flank or Rear"; "Unit taking greatest number of hits
 *  retreats 12cm facing enemy"; "Lost hand-to-hand combat (two tests)";
 *  "Failure: Remove a base". */
static void
test_hand_to_hand (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 90, 0),
              unit ("loose", "red", "loose_order_infantry", "musket",
                    "average", 2, "line", 100, 100, 180));
    fixture_t *f = make (NULL, units);
    int cav = idx (f, "cav"), inf = idx (f, "loose");
    assert_int_equal (e19_melee_dice_per_base (f->g, cav, inf, true), 3);
    assert_int_equal (e19_melee_dice_per_base (f->g, inf, cav, false), 1);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "loose"));
    /* the charged line fires at the charging cavalry: 2 dice (musket),
       need 2+ against cavalry: 1, 1, no hit; the cavalry's test for
       being fired on: 4, passes */
    test_push (f, 3, 1, 1, 4);
    test_next_phase (f);
    assert_true (test_saw (f, "charging cavalry fired on by its target"));
    test_next_phase (f);                                  /* red acts */
    test_next_phase (f);                                  /* firing: in contact */
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    /* the cavalry's 6 dice (3 a base): 4 5 6 1 1 1, three hits; the
       line's 2 dice: 1 1; red loses three... it has two: both go (the
       first base's test first: 6, passes) */
    test_push (f, 6, 4, 5, 6, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "hand-to-hand: cav (6 dice: 3 a base) against "
                         "loose (2 dice: 1 a base), 4+ hits: loose takes 3, "
                         "cav takes 0"));
    assert_false (e19_in_play (f->g, inf));
    unmake (f);

    /* close order infantry in column, charged in the flank by cavalry:
       2 a base, -1 against close order, +1 flank: 2 a base; the loser
       retreats 12 cm facing the enemy after its two tests */
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 90, 100, 90),
              unit ("col", "red", "close_order_infantry", "musket",
                    "elite", 3, "column", 100, 100, 0));
    f = make (NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "col"));
    test_next_phase (f);                       /* no fire: the column faces away */
    test_next_phase (f);
    test_next_phase (f);
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    /* cav: 4 dice (2 a base with the modifiers): 4 1 1 1 one hit; the
       column strikes at no one at its front? it was charged in the
       flank and has no front attacker: 3 dice (1 a base vs cavalry):
       1 1 1; the base's test: 3 (elite passes); lost: two tests 3, 1:
       the second fails, a base goes; then it retreats */
    test_push (f, 4, 4, 1, 1, 1);
    test_push (f, 3, 1, 1, 1);
    test_push (f, 1, 3);
    test_push (f, 2, 3, 1);
    vec2_t before = U (f, "col")->fp.centre;
    test_next_phase (f);
    assert_true (test_saw (f, "cav (4 dice: 2 a base, +1 flank or rear, -1 "
                         "against close order infantry)"));
    assert_true (test_saw (f, "col loses the hand-to-hand"));
    assert_int_equal (U (f, "col")->killed, 2);
    test_near (geom_dist (before, U (f, "col")->fp.centre), 12, 1e-6);
    assert_true (test_saw (f, "col retreats 12 cm"));
    unmake (f);
}

/*  A line charged in front and in flank by cavalry, the units listed
 *  with the front charger first or last (the chargers throw in the
 *  units' order). */
static fixture_t *
charged_twice (bool front_first)
{
    char units[2048];
    const char *front = unit ("front", "blue", "cavalry", "sabre", "average",
                              3, "mounted", 100, 90, 0);
    const char *flank = unit ("flank", "blue", "cavalry", "sabre", "average",
                              3, "mounted", 80, 100, 90);
    snprintf (units, sizeof units, "%s, %s, %s", front_first ? front : flank,
              front_first ? flank : front,
              unit ("def", "red", "close_order_infantry", "none", "average",
                    3, "line", 100, 100, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order (f, "front", test_charge_order (f, "def"));
    order (f, "flank", test_charge_order (f, "def"));
    test_next_phase (f);
    assert_true (test_saw (f, "front is in contact with def"));
    assert_true (test_saw (f, "flank is in contact with def"));
    test_next_phase (f);
    test_next_phase (f);
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    return f;
}

/*  "Multiple combats defender may only inflict casualties on unit to
 *  front"; "Unit taking greatest number of hits retreats": a line
 *  charged in front and flank fights one combat.  Both chargers throw
 *  at it, it throws only at the cavalry to its front, and the unit that
 *  took the most hits retreats: the front charger, hit once where the
 *  line and the flank charger took none.  (Fought as two fights, the
 *  flank's would be a tie, and the line would retreat from a charger
 *  that did it no harm.)  The same whichever charger is listed first. */
static void
test_multiple_combats (void **state)
{
    (void) state;
    for (int k = 0; k < 2; k++) {
        bool front_first = k == 0;
        fixture_t *f = charged_twice (front_first);
        /* front's 6 dice (3 a base, -1 against close order infantry) and
           flank's 9 (3 a base, +1 flank, -1) all miss; the line's 3 dice
           (1 a base against cavalry) at front: 6 1 1, one hit; front's
           test for the base: 6; lost, its two tests: 6 6; it retreats */
        int front_dice[] = { 6, 1, 1, 1, 1, 1, 1 };
        int flank_dice[] = { 9, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
        for (int i = 0; i < 2; i++) {
            const int *d = (i == 0) == front_first ? front_dice : flank_dice;
            for (int j = 1; j <= d[0]; j++)
                dice_push (f->dice, 6, d[j]);
        }
        test_push (f, 3, 6, 1, 1);
        test_push (f, 3, 6, 6, 6);
        test_next_phase (f);
        assert_true (test_saw (f, "front (6 dice: 3 a base, -1 against "
                                  "close order infantry) against def (3 "
                                  "dice: 1 a base)"));
        assert_true (test_saw (f, "flank (9 dice: 3 a base, +1 flank or "
                                  "rear, -1 against close order infantry) "
                                  "against def (0 dice: it strikes only the "
                                  "unit to its front)"));
        assert_true (test_saw (f, "def takes 0 from all its chargers, front "
                                  "takes 1"));
        assert_true (test_saw (f, "front loses the hand-to-hand"));
        assert_true (test_saw (f, "front retreats 12 cm"));
        assert_false (test_saw (f, "def loses the hand-to-hand"));
        assert_false (test_saw (f, "flank loses the hand-to-hand"));
        assert_int_equal (U (f, "flank")->killed, 0);
        assert_int_equal (U (f, "def")->killed, 0);
        unmake (f);
    }
}

/*  "If a tie defender retreats"; "Artillery are eliminated"; "Unit
 *  eliminated if retreat blocked". */
static void
test_outcomes (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 90, 0),
              unit ("guns", "red", "artillery", "smoothbore_artillery",
                    "average", 2, "column", 100, 100, 180));
    fixture_t *f = make (NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "guns"));
    test_next_phase (f);
    test_next_phase (f);
    test_next_phase (f);
    /* cav 8 dice (4 a base against artillery): all 1; guns 2 dice: 1 1:
       a tie, nobody hit: the defender retreats, and guns are eliminated */
    test_push (f, 8, 1, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "guns loses the hand-to-hand"));
    assert_true (test_saw (f, "guns is eliminated: artillery that loses"));
    unmake (f);

    /* the defender's retreat runs into its own friends: eliminated */
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 95, 0),
              unit ("col", "red", "loose_order_infantry", "musket",
                    "average", 2, "column", 100, 103, 180),
              unit ("wall", "red", "close_order_infantry", "musket",
                    "average", 6, "line", 100, 112, 180));
    f = make (NULL, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "col"));
    /* the column's fire at the charging cavalry, 4 cm off: 2 dice need
       4+ (a column firing at cavalry): 1 1; the cavalry's test: 6 */
    test_push (f, 2, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    test_next_phase (f);
    test_next_phase (f);
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "col is eliminated: its retreat is blocked"));
    unmake (f);
}

/*  "Unit taking greatest number of hits retreats 12cm facing enemy.
 *  Unit eliminated if retreat blocked." with "Interpenetration: Only
 *  skirmishers may pass through friendly units.": skirmishers beaten by
 *  cavalry retreat 12 cm through their own line behind them, not
 *  eliminated; where 12 cm would end on the friends, they go on to the
 *  first place clear of them (RULINGS.md). */
static void
test_skirmishers_retreat_through_friends (void **state)
{
    (void) state;
    for (int deep = 0; deep < 2; deep++) {
        char units[2048];
        /* the line spans y 105-107; the deep block (a column of 6 bases,
           12 deep) spans 106-118, under the 12 cm's end (111-113) */
        snprintf (units, sizeof units, "%s, %s, %s",
                  unit ("sk", "red", "skirmishers", "musket", "average", 2,
                        "loose", 100, 100, 180),
                  deep ? unit ("line", "red", "close_order_infantry",
                               "musket", "average", 6, "column", 100, 112,
                               180)
                       : unit ("line", "red", "close_order_infantry",
                               "musket", "average", 4, "line", 100, 106,
                               180),
                  unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                        "mounted", 100, 88, 0));
        fixture_t *f = make (NULL, units);
        start (f, 6, 6);
        order (f, "cav", test_charge_order (f, "sk"));
        /* "Charging cavalry fired on by target": the skirmishers' 2 dice
           ("Sk, Dgns" at "Cav" 3+): 1 1; the cavalry's test: 6 */
        test_push (f, 2, 1, 1);
        test_push (f, 1, 6);
        test_next_phase (f);
        assert_true (test_saw (f, "cav is in contact with sk"));
        test_next_phase (f);                              /* red acts */
        test_next_phase (f);                              /* firing */
        assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
        /* "Cav ... Sk/Art 4": 8 dice, one hit; "Ski/Art ... Cav 1": 2
           dice, none; the base's test 6; lost: two tests, 6 6 */
        test_push (f, 8, 6, 1, 1, 1, 1, 1, 1, 1);
        test_push (f, 2, 1, 1);
        test_push (f, 1, 6);
        test_push (f, 2, 6, 6);
        test_next_phase (f);
        assert_true (test_saw (f, "sk loses the hand-to-hand"));
        assert_true (e19_in_play (f->g, idx (f, "sk")));
        test_near (U (f, "sk")->fp.centre.x, 100, 1e-6);
        test_near (U (f, "sk")->fp.facing, 180, 1e-6);
        if (!deep) {
            assert_true (test_saw (f, "sk retreats 12 cm"));
            test_near (U (f, "sk")->fp.centre.y, 112, 1e-6);
        } else {
            /* clear of the block (its rear edge at 118, the skirmishers
               1 deep either side of their centre): figures touching */
            assert_true (test_saw (f, "through its friends to the first "
                                      "place clear of them"));
            assert_true (U (f, "sk")->fp.centre.y >= 119 - 0.5 - 1e-6);
            assert_true (U (f, "sk")->fp.centre.y <= 119 + 1e-6);
        }
        unmake (f);
    }
}

/*  Cavalry charges a column whose retreat runs into a village that a
 *  friend of the column holds (not in the retreat's way itself), under
 *  `under`; the hand-to-hand a tie, so the column retreats. */
static fixture_t *
retreat_into_a_held_town (const game_rules_t *under)
{
    const char *town = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                       "[60.0, 108.0], [140.0, 108.0], [140.0, 140.0], "
                       "[60.0, 140.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 95, 0),
              unit ("col", "red", "loose_order_infantry", "none", "average",
                    2, "column", 100, 103, 180),
              unit ("garrison", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 130, 125, 180));
    fixture_t *f = make_under (under, town, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "col"));
    test_next_phase (f);
    assert_true (test_saw (f, "cav is in contact with col"));
    test_next_phase (f);
    test_next_phase (f);
    /* cav 4 dice (2 a base against a column), col 2 (1 a base against
       cavalry): all miss, a tie: the defender retreats, after its two
       tests (6 6) */
    test_push (f, 4, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "col loses the hand-to-hand"));
    return f;
}

/*  "Unit taking greatest number of hits retreats 12cm facing enemy.
 *  Unit eliminated if retreat blocked." with "Towns: Only one unit
 *  unless very large": a retreat into a town whose room is taken is
 *  blocked, and the unit eliminated (e19.melee.full_town_retreat =
 *  "blocked", RULINGS.md); the other reading ("short") stops it at the
 *  town's edge. */
static void
test_retreat_into_a_full_town (void **state)
{
    (void) state;
    fixture_t *f = retreat_into_a_held_town (rules);
    assert_true (test_saw (f, "col is eliminated: its retreat is blocked by "
                              "a town already held"));
    assert_false (e19_in_play (f->g, idx (f, "col")));
    unmake (f);

    game_rules_t *shorter = variant ("full_town_retreat = \"blocked\";",
                                     "full_town_retreat = \"short\";");
    f = retreat_into_a_held_town (shorter);
    assert_true (e19_in_play (f->g, idx (f, "col")));
    assert_true (test_saw (f, "short of a town already held"));
    /* its centre stops short of the village's edge (y 108), facing the
       enemy */
    assert_true (U (f, "col")->fp.centre.y < 108);
    assert_true (U (f, "col")->fp.centre.y > 107);
    test_near (U (f, "col")->fp.facing, 180, 1e-6);
    unmake (f);
    game_rules_destroy (&shorter);
}

/*  "+1 dice per base: ... Defending riverbank frontally; On higher
 *  ground"; "Bridges: Negate Streams"; "If a unit vacates a town
 *  attacker may occupy it". */
static void
test_riverbank_heights_and_towns (void **state)
{
    (void) state;
    const char *ground = "{ id = \"brook\"; kind = \"stream\"; polygon = ( "
                         "[0.0, 51.0], [200.0, 51.0], [200.0, 55.0], "
                         "[0.0, 55.0] ); }, { id = \"bank\"; kind = "
                         "\"gentle_hill\"; polygon = ( [0.0, 55.0], "
                         "[200.0, 55.0], [200.0, 100.0], [0.0, 100.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 44, 0),
              unit ("col", "red", "close_order_infantry", "musket",
                    "average", 3, "column", 100, 60, 180));
    fixture_t *f = make (ground, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "col"));
    /* "Charging cavalry fired on by target": 12 cm off when it sets out,
       beyond the column's muskets, but in contact at the end: the
       column's 3 dice need 4+ (a column at cavalry): 1 1 1; the
       cavalry's test: 6 */
    test_push (f, 3, 1, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "col fires at cav: 3 dice need 4+"));
    assert_true (test_saw (f, "charging cavalry fired on by its target"));
    test_next_phase (f);
    test_next_phase (f);
    test_next_phase (f);
    /* the column: 1 a base against cavalry, +1 riverbank, +1 higher
       ground; the cavalry 2 a base against a column, -1 against close
       order */
    assert_true (test_saw (f, "col (9 dice: 1 a base, +1 riverbank, +1 higher "
                         "ground)"));
    assert_true (test_saw (f, "cav (2 dice: 2 a base, -1 against close order "
                         "infantry)"));
    unmake (f);

    /* not defending the bank: the brook 7 cm before the column's front
       (beyond e19.melee.riverbank_cm, 4), or crossed at a bridge
       ("Bridges: Negate Streams") */
    const char *away = "{ id = \"brook\"; kind = \"stream\"; polygon = ( "
                       "[0.0, 46.0], [200.0, 46.0], [200.0, 50.0], "
                       "[0.0, 50.0] ); }, { id = \"bank\"; kind = "
                       "\"gentle_hill\"; polygon = ( [0.0, 55.0], "
                       "[200.0, 55.0], [200.0, 100.0], [0.0, 100.0] ); }";
    char bridged[1024];
    snprintf (bridged, sizeof bridged, "%s, { id = \"bridge\"; kind = "
              "\"road\"; polygon = ( [94.0, 0.0], [106.0, 0.0], "
              "[106.0, 200.0], [94.0, 200.0] ); }", ground);
    const char *grounds[2] = { away, bridged };
    for (int k = 0; k < 2; k++) {
        f = make (grounds[k], units);
        start (f, 6, 6);
        order (f, "cav", test_charge_order (f, "col"));
        test_push (f, 3, 1, 1, 1);
        test_push (f, 1, 6);
        for (int i = 0; i < 4; i++)
            test_next_phase (f);
        if (!test_saw (f, "col (6 dice: 1 a base, +1 higher ground)"))
            fail_msg ("%s: the riverbank counted",
                      k == 0 ? "a brook away from the bank" : "a bridge");
        unmake (f);
    }

    const char *town = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                       "[80.0, 60.0], [120.0, 60.0], [120.0, 72.0], "
                       "[80.0, 72.0] ); }";
    snprintf (units, sizeof units, "%s, %s",
              unit ("column", "blue", "loose_order_infantry", "musket",
                    "average", 4, "column", 100, 52, 0),
              unit ("garrison", "red", "skirmishers", "musket", "average", 5,
                    "loose", 100, 65, 180));
    f = make (town, units);
    start (f, 6, 6);
    order (f, "column", test_charge_order (f, "garrison"));
    /* the garrison's fire at the charge is not taken (infantry): no
       dice; nor does anyone fire in the firing phase (both in contact),
       so no dice are thrown before the hand-to-hand */
    test_next_phase (f);
    test_next_phase (f);
    test_next_phase (f);                                       /* firing */
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    assert_false (test_saw (f, "fires at"));
    f->event_count = 0;
    /* hand-to-hand: the column 12 dice ("Charging Inf ... Sk/Art 3"):
       one hit; the garrison's 5 dice ("Ski/Art ... Inf Col. 1"): none;
       the garrison's test for its base, 6; lost: two tests, 6 6; it
       retreats 12 cm out of the village */
    test_push (f, 12, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    test_push (f, 5, 1, 1, 1, 1, 1);
    test_push (f, 3, 6, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "column (12 dice: 3 a base) against garrison "
                              "(5 dice: 1 a base), 4+ hits: garrison takes "
                              "1, column takes 0"));
    assert_int_equal (U (f, "garrison")->killed, 1);
    assert_true (test_saw (f, "garrison loses the hand-to-hand"));
    assert_true (test_saw (f, "column occupies the town garrison left"));
    test_near (U (f, "column")->fp.centre.y, 65, 1e-6);
    unmake (f);
}

/*  Units in hand-to-hand contact in "4. Firing" (e19.fire.in_contact):
 *  held by the table file's reading; with `true` ("2. Charge Sequence
 *  ... 4. Firing 5. Hand-to-Hand Combat", no one barred) the line ("Inf
 *  line") fires at the close-order column that charged it ("CO If Col":
 *  3+), a die a base ("Musket 8cm 1"), and the column ("Infantry Col")
 *  at the line ("Normal: ... Close order Infantry in line": 6).  A
 *  column of six bases charges a line of four ("Inf ... Inf: Maybe: If
 *  Attacker begins larger than target"). */
static void
test_contact_fires (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("column", "blue", "close_order_infantry", "musket",
                    "average", 6, "column", 100, 52, 0),
              unit ("line", "red", "close_order_infantry", "musket",
                    "average", 4, "line", 100, 62, 180));
    game_rules_t *fires = variant ("in_contact = false;",
                                   "in_contact = true;");
    for (int k = 0; k < 2; k++) {
        fixture_t *f = k == 0 ? make (NULL, units)
                     : make_under (fires, NULL, units);
        start (f, 6, 6);
        order (f, "column", test_charge_order (f, "line"));
        test_on_to (f, E19_PHASE_FIRING);
        assert_true (game_unit (f->g, idx (f, "column"))->in_melee);
        test_next_phase (f);
        assert_int_equal (test_saw (f, "line fires at column: 4 dice need "
                                       "3+"), k == 1);
        assert_int_equal (test_saw (f, "column fires at line: 6 dice need "
                                       "6"), k == 1);
        unmake (f);
    }
    game_rules_destroy (&fires);
}

/*  "If a unit vacates a town attacker may occupy it", by the movement
 *  table: "Cav ... Woods Towns N/A", so cavalry that drives a column out
 *  of a village stays where it fought, outside.  The column stands at
 *  the village's edge (its centre in it, its front edge 1 cm out), so
 *  the cavalry reaches it without entering. */
static void
test_cavalry_does_not_occupy_a_town (void **state)
{
    (void) state;
    const char *town = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                       "[80.0, 60.0], [120.0, 60.0], [120.0, 72.0], "
                       "[80.0, 72.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("cav", "blue", "cavalry", "sabre", "average", 2,
                    "mounted", 100, 50, 0),
              unit ("garrison", "red", "loose_order_infantry", "musket",
                    "average", 3, "column", 100, 62, 180));
    fixture_t *f = make (town, units);
    start (f, 6, 6);
    order (f, "cav", test_charge_order (f, "garrison"));
    /* "Charging cavalry fired on by target": the column's 3 dice
       ("Infantry Col" at "Cav" 4+): 1 1 1; the cavalry's test: 6 */
    test_push (f, 3, 1, 1, 1);
    test_push (f, 1, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "cav is in contact with garrison"));
    test_near (U (f, "cav")->fp.centre.y, 58, 1e-6);
    test_next_phase (f);                                  /* red acts */
    test_next_phase (f);                                  /* firing */
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    /* "Cav ... Inf Col. 2": 4 dice, two hits; "Defending Infantry ...
       Cav 1": 3 dice, none; the two bases' tests 6 6; lost: two tests
       6 6; the column retreats 12 cm, out of the village */
    test_push (f, 4, 6, 6, 1, 1);
    test_push (f, 3, 1, 1, 1);
    test_push (f, 2, 6, 6);
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "garrison loses the hand-to-hand"));
    test_near (U (f, "garrison")->fp.centre.y, 74, 1e-6);
    assert_false (test_saw (f, "occupies the town"));
    test_near (U (f, "cav")->fp.centre.y, 58, 1e-6);
    unmake (f);
}

/*  "Towns: Only one unit unless very large; Units have no flank or
 *  rear.": a charger meets the face of a unit in a town that it reaches,
 *  the near one, and that face counts as the front (no "+1 dice per
 *  base: Attacking Flank or Rear"); the contact is not moved round to
 *  the defender's own front edge.  A loose-order column 5 cm behind a
 *  close-order column in a village charges it ("Inf (LO) ... Woods
 *  Towns 8"): it comes in at the rear edge, counted as front. */
static void
test_town_charge_meets_near_face (void **state)
{
    (void) state;
    const char *town = "{ id = \"village\"; kind = \"town\"; polygon = ( "
                       "[60.0, 60.0], [140.0, 60.0], [140.0, 100.0], "
                       "[60.0, 100.0] ); }";
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("blue-col", "blue", "loose_order_infantry", "musket",
                    "average", 3, "column", 100, 54, 0),
              unit ("red-col", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 64, 0));
    fixture_t *f = make (town, units);
    start (f, 6, 6);
    /* red's rear edge at y 62, blue's front edge at 57: 5 cm, within the
       town's 8 (its front edge, at 66, would be 15 cm off) */
    order (f, "blue-col", test_charge_order (f, "red-col"));
    test_next_phase (f);
    assert_true (test_saw (f, "blue-col charges red-col (front, in a town: "
                              "no flank or rear), 5.0 cm"));
    assert_true (test_saw (f, "blue-col is in contact with red-col"));
    test_near (U (f, "blue-col")->fp.centre.y, 59, 1e-6);
    test_near (U (f, "blue-col")->fp.facing, 0, 1e-6);
    test_next_phase (f);                                  /* red acts */
    test_next_phase (f);                                  /* firing: in contact */
    assert_int_equal (game_phase (f->g), E19_PHASE_MELEE);
    /* "Charging Inf ... Inf Col. 2" (3 bases: 6 dice, no flank or rear
       die); "Defending Infantry ... Inf Col. 1" (2 dice): all miss, a
       tie: the defender retreats after its two tests (6 6) */
    test_push (f, 6, 1, 1, 1, 1, 1, 1);
    test_push (f, 2, 1, 1);
    test_push (f, 2, 6, 6);
    test_next_phase (f);
    assert_true (test_saw (f, "blue-col (6 dice: 2 a base) against red-col "
                              "(2 dice: 1 a base)"));
    unmake (f);
}

/*  ---- morale ---- */

/*  "Fanatic 2+ ... Rabble 6"; "Failure: Remove a base"; a base removed
 *  by a failed test causes no test of its own (RULINGS.md). */
static void
test_morale (void **state)
{
    (void) state;
    char units[2048];
    snprintf (units, sizeof units, "%s, %s",
              unit ("rabble", "blue", "close_order_infantry", "musket",
                    "rabble", 4, "line", 100, 40, 0),
              unit ("fanatic", "red", "close_order_infantry", "musket",
                    "fanatic", 4, "line", 100, 80, 180));
    fixture_t *f = make (NULL, units);
    test_push (f, 1, 5);
    assert_false (e19_morale_test (f->g, idx (f, "rabble"), f->dice, "t"));
    assert_int_equal (U (f, "rabble")->killed, 1);
    test_push (f, 1, 6);
    assert_true (e19_morale_test (f->g, idx (f, "rabble"), f->dice, "t"));
    test_push (f, 1, 2);
    assert_true (e19_morale_test (f->g, idx (f, "fanatic"), f->dice, "t"));
    test_push (f, 1, 1);
    assert_false (e19_morale_test (f->g, idx (f, "fanatic"), f->dice, "t"));
    assert_int_equal (U (f, "fanatic")->killed, 1);
    assert_int_equal (dice_queued (f->dice), 0);    /* no test after */
    /* "Each base removed": a test each */
    test_push (f, 2, 6, 6);
    assert_int_equal (e19_remove_bases (f->g, idx (f, "fanatic"), 2, f->dice,
                                        "t"), 2);
    assert_int_equal (U (f, "fanatic")->killed, 3);
    assert_int_equal (dice_queued (f->dice), 0);
    unmake (f);
}

/*  ---- the command roll ---- */

/*  "Command Roll ... Standard game ... Poor 1-2: 2": a poor general's
 *  side rolling 1 orders two units, the nearest to him; the others
 *  follow the Risk Factor tables and say why. */
static void
test_command_roll (void **state)
{
    (void) state;
    char units[4096];
    snprintf (units, sizeof units, "%s, %s, %s, %s, %s, %s",
              unit ("general", "blue", "general", "none", "levy", 1, "line",
                    100, 10, 0),
              unit ("first", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 20, 0),
              unit ("second", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 120, 20, 0),
              unit ("third", "blue", "close_order_infantry", "musket",
                    "average", 2, "column", 160, 20, 0),
              unit ("red-a", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 100, 180, 180),
              unit ("red-b", "red", "close_order_infantry", "musket",
                    "average", 2, "column", 140, 180, 180));
    fixture_t *f = make (NULL, units);
    assert_int_equal (e19_command_count (f->g, SIDE_BLUE, 1), 2);
    /* red has no general: rolls as poor; 6: 4 units */
    assert_int_equal (e19_command_count (f->g, SIDE_RED, 6), 4);
    start (f, 1, 6);
    assert_true (test_saw (f, "command roll: 1, 2 units to order (of 3)"));
    assert_false (game_table_bound (f->g, idx (f, "first")));
    assert_false (game_table_bound (f->g, idx (f, "second")));
    assert_true (game_table_bound (f->g, idx (f, "third")));
    assert_false (game_table_bound (f->g, idx (f, "general")));
    char why[200];
    game_table_bound_why (f->g, idx (f, "third"), why, sizeof why);
    assert_string_equal (why, "out of command: its side's command roll (1) "
                              "orders 2 units, nearer the general");
    unmake (f);
}

/*  ---- the sequence of play: who is side A ---- */

/*  A game under `under` of two battalions 150 cm apart (out of every
 *  weapon's range: the only dice thrown are the command phase's), the
 *  scenario naming `first` ("blue", "red") or no side (NULL), the armies
 *  named so the events say who is who. */
static fixture_t *
make_sequence (const game_rules_t *under, const char *first)
{
    static char text[4096];
    char first_line[64] = "";
    if (first)
        snprintf (first_line, sizeof first_line, "first = \"%s\";", first);
    snprintf (text, sizeof text,
              "ruleset = \"europe19\";\n"
              "table = { width = 200.0; depth = 200.0; };\n"
              "units = ( %s, %s );\n"
              "scenario = { name = \"t\"; turns = 10; %s\n"
              "  sides = { blue = \"Prussians\"; red = \"Austrians\"; };\n"
              "  victory = { army_break = 0.9; }; };\n",
              unit ("prussians", "blue", "close_order_infantry", "musket",
                    "average", 4, "column", 100, 20, 0),
              unit ("austrians", "red", "close_order_infantry", "musket",
                    "average", 4, "column", 100, 170, 180),
              first_line);
    return test_game_new (under, text);
}

/*  The command phase begun and resolved, on to the A phase: the dice
 *  queued before are all thrown there. */
static void
to_side_a (fixture_t *f)
{
    game_begin_phase (f->g, f->dice);
    game_resolve_phase (f->g, f->dice);
    game_begin_phase (f->g, f->dice);
    assert_int_equal (game_phase (f->g), E19_PHASE_A_ACTS);
    assert_int_equal (dice_queued (f->dice), 0);
}

/*  The side of the A phase and of the B phase, by the phase title too. */
static void
assert_side_a (fixture_t *f, side_t a)
{
    char title[128];
    assert_int_equal (game_phase (f->g), E19_PHASE_A_ACTS);
    assert_int_equal (game_phase_side (f->g), (int) a);
    game_phase_title (f->g, title, sizeof title);
    assert_string_equal (title, a == SIDE_RED ? "Austrians acts (side A)"
                                              : "Prussians acts (side A)");
    test_next_phase (f);
    assert_int_equal (game_phase_side (f->g), 1 - (int) a);
    game_phase_title (f->g, title, sizeof title);
    assert_string_equal (title, a == SIDE_RED ? "Prussians acts (side B)"
                                              : "Austrians acts (side B)");
}

/*  "Sequence of Play 1. Change Formation 2. Charge Sequence
 *  3. Movement 4. Firing 5. Hand-to-Hand Combat": the sheet does not
 *  say who goes first.  Under e19.sequence.side_a = "roll" each side
 *  throws a die every turn before the command rolls, blue's first; the
 *  higher acts first, even against the scenario's `first`; a tie is
 *  thrown again; the next turn throws anew. */
static void
test_side_a_rolled (void **state)
{
    (void) state;
    game_rules_t *roll = variant ("side_a = \"scenario_else_roll\";",
                                  "side_a = \"roll\";");
    fixture_t *f = make_sequence (roll, "blue");
    /* blue 2, red 5: red is side A; then red's command roll, blue's */
    test_push (f, 4, 2, 5, 6, 1);
    to_side_a (f);
    assert_true (test_saw (f, "who acts first: Prussians 2, Austrians 5: "
                              "Austrians is side A"));
    assert_true (test_saw (f, "Austrians's command roll: 6"));
    assert_true (test_saw (f, "Prussians's command roll: 1"));
    /* the side A is the game's: a copy keeps it */
    game_t *copy = game_dup (f->g);
    assert_non_null (copy);
    assert_int_equal (game_phase_side (copy), SIDE_RED);
    game_destroy (&copy);
    assert_side_a (f, SIDE_RED);
    /* the next turn: 3 and 3, thrown again: 4 and 1, blue is side A */
    test_on_to (f, E19_PHASE_MELEE);
    test_push (f, 6, 3, 3, 4, 1, 5, 5);
    test_next_phase (f);
    assert_int_equal (game_turn (f->g), 2);
    test_next_phase (f);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_true (test_saw (f, "who acts first: Prussians 4, Austrians 1 "
                              "(ties thrown again): Prussians is side A"));
    assert_side_a (f, SIDE_BLUE);
    unmake (f);
    game_rules_destroy (&roll);
}

/*  The shipped reading, "scenario_else_roll": a scenario that names who
 *  goes first keeps it every turn, and no die is thrown for it; a
 *  meeting engagement that names none dices for it. */
static void
test_side_a_by_default (void **state)
{
    (void) state;
    assert_int_equal (((const e19_tables_t *) game_rules_tables (rules))
                      ->side_a, E19_SIDE_A_SCENARIO_ELSE_ROLL);
    fixture_t *f = make_sequence (rules, "red");
    test_push (f, 2, 1, 6);            /* red's command roll, then blue's */
    to_side_a (f);
    assert_false (test_saw (f, "who acts first"));
    assert_true (test_saw (f, "Austrians's command roll: 1"));
    assert_true (test_saw (f, "Prussians's command roll: 6"));
    assert_side_a (f, SIDE_RED);
    test_on_to (f, E19_PHASE_MELEE);
    test_push (f, 2, 1, 6);
    test_next_phase (f);
    test_next_phase (f);
    assert_int_equal (dice_queued (f->dice), 0);
    assert_side_a (f, SIDE_RED);
    unmake (f);
    /* no `first`: blue 1, red 6, red is side A */
    f = make_sequence (rules, NULL);
    test_push (f, 4, 1, 6, 3, 3);
    to_side_a (f);
    assert_true (test_saw (f, "who acts first: Prussians 1, Austrians 6: "
                              "Austrians is side A"));
    assert_side_a (f, SIDE_RED);
    unmake (f);
}

/*  "scenario": the old reading, the scenario's `first`, else blue,
 *  every turn, no die thrown for it. */
static void
test_side_a_by_scenario (void **state)
{
    (void) state;
    game_rules_t *scen = variant ("side_a = \"scenario_else_roll\";",
                                  "side_a = \"scenario\";");
    fixture_t *f = make_sequence (scen, NULL);
    test_push (f, 2, 2, 5);            /* blue's command roll, then red's */
    to_side_a (f);
    assert_false (test_saw (f, "who acts first"));
    assert_true (test_saw (f, "Prussians's command roll: 2"));
    assert_side_a (f, SIDE_BLUE);
    unmake (f);
    f = make_sequence (scen, "red");
    test_push (f, 2, 2, 5);
    to_side_a (f);
    assert_true (test_saw (f, "Austrians's command roll: 2"));
    assert_side_a (f, SIDE_RED);
    unmake (f);
    game_rules_destroy (&scen);
}

/*  Every scenario plays to a result under the table, random and greedy
 *  strategies; the same seed plays the same battle, and the replay log
 *  reproduces it. */
static void
test_battles (void **state)
{
    (void) state;
    static const char *const names[] = { "e19_spicheren", "e19_quatre_bras",
                             "e19_magenta", "e19_meeting" };
    test_battles_replayed (rules, names, (int) (sizeof names / sizeof *names),
                           21, 12);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_formations),
        cmocka_unit_test (test_aim),
        cmocka_unit_test (test_move_in_formation),
        cmocka_unit_test (test_charge_permission),
        cmocka_unit_test (test_one_attacker_per_face),
        cmocka_unit_test (test_face_by_centre_or_edges),
        cmocka_unit_test (test_line_charges_in_column),
        cmocka_unit_test (test_charge_pivot_cost),
        cmocka_unit_test (test_charging_cavalry_fired_on),
        cmocka_unit_test (test_charges_before_movement),
        cmocka_unit_test (test_movement),
        cmocka_unit_test (test_going_whole_front),
        cmocka_unit_test (test_road_keeps_24cm_from_the_unit),
        cmocka_unit_test (test_road_through_a_village),
        cmocka_unit_test (test_town_holds_one_unit),
        cmocka_unit_test (test_passing_through_a_town),
        cmocka_unit_test (test_interpenetration),
        cmocka_unit_test (test_streams_and_bridges),
        cmocka_unit_test (test_fire_from_the_heights),
        cmocka_unit_test (test_fire_past_a_screen_and_a_wood),
        cmocka_unit_test (test_firing),
        cmocka_unit_test (test_keyed_dice),
        cmocka_unit_test (test_hand_to_hand),
        cmocka_unit_test (test_multiple_combats),
        cmocka_unit_test (test_outcomes),
        cmocka_unit_test (test_retreat_into_a_full_town),
        cmocka_unit_test (test_skirmishers_retreat_through_friends),
        cmocka_unit_test (test_riverbank_heights_and_towns),
        cmocka_unit_test (test_contact_fires),
        cmocka_unit_test (test_town_charge_meets_near_face),
        cmocka_unit_test (test_cavalry_does_not_occupy_a_town),
        cmocka_unit_test (test_morale),
        cmocka_unit_test (test_command_roll),
        cmocka_unit_test (test_side_a_rolled),
        cmocka_unit_test (test_side_a_by_default),
        cmocka_unit_test (test_side_a_by_scenario),
        cmocka_unit_test (test_battles),
    };
    return cmocka_run_group_tests (tests, setup, teardown);
}
