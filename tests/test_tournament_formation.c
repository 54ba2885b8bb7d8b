/*  test_tournament_formation.c - an external strategy's orders may change
 *  a unit's formation (strategy.proto: Order.has_formation, formation),
 *  under the ruleset's rules: an Empire of Liberty light infantry unit
 *  told to take skirmish order gets the order; told to form square (no
 *  formation of the text) the strategy forfeits with the rules' reason.
 *  The strategy sees each unit's troop type and grade.  Its orders are
 *  given in the order of its reply (where one unit acts an activation,
 *  its first acts).  */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "strategy.pb-c.h"
#include "testutil.h"
#include "tour_extern.h"

#define ENDPOINT "inproc://fake-strategy"

typedef struct {
    void *ctx;
    Solo__V1__Formation formation;   /* the formation it orders */
    bool reversed;                   /* a hold for every unit asked, the
                                        last first */
    char seen_type[32];              /* the light unit's troop type seen */
    int seen_quality;
    int ready;                       /* bound */
    pthread_mutex_t lock;
    pthread_cond_t cond;
} fake_t;

/*  One request answered: the first unit to order is told to hold in
 *  `formation`. */
static void *
fake_strategy (void *arg)
{
    fake_t *f = arg;
    void *rep = zmq_socket (f->ctx, ZMQ_REP);
    zmq_bind (rep, ENDPOINT);
    pthread_mutex_lock (&f->lock);
    f->ready = 1;
    pthread_cond_signal (&f->cond);
    pthread_mutex_unlock (&f->lock);
    zmq_msg_t msg;
    zmq_msg_init (&msg);
    if (zmq_msg_recv (&msg, rep, 0) < 0)
        goto done;
    Solo__V1__StrategyRequest *req = solo__v1__strategy_request__unpack (
        NULL, zmq_msg_size (&msg), zmq_msg_data (&msg));
    if (!req || req->body_case != SOLO__V1__STRATEGY_REQUEST__BODY_DECIDE)
        goto done;
    const Solo__V1__Decide *d = req->decide;
    for (size_t i = 0; d->view && i < d->view->n_units; i++)
        if (strcmp (d->view->units[i]->id, "light") == 0) {
            snprintf (f->seen_type, sizeof f->seen_type, "%s",
                      d->view->units[i]->troop_type);
            f->seen_quality = (int) d->view->units[i]->quality;
        }
    Solo__V1__Order order = SOLO__V1__ORDER__INIT;
    order.kind = (char *) "hold";
    order.has_formation = !f->reversed;
    order.formation = f->formation;
    Solo__V1__UnitOrder uo[2] = { SOLO__V1__UNIT_ORDER__INIT,
                                  SOLO__V1__UNIT_ORDER__INIT };
    Solo__V1__UnitOrder *list[2] = { &uo[0], &uo[1] };
    size_t count = f->reversed && d->n_units == 2 ? 2 : 1;
    for (size_t i = 0; i < count; i++) {
        size_t asked = f->reversed ? d->n_units - 1 - i : i;
        uo[i].unit_id = d->n_units > asked ? d->units[asked]->unit_id
                                           : (char *) "";
        uo[i].order = &order;
    }
    Solo__V1__Orders orders = SOLO__V1__ORDERS__INIT;
    orders.n_orders = count;
    orders.orders = list;
    Solo__V1__StrategyReply reply = SOLO__V1__STRATEGY_REPLY__INIT;
    reply.id = req->id;
    reply.body_case = SOLO__V1__STRATEGY_REPLY__BODY_ORDERS;
    reply.orders = &orders;
    size_t len = solo__v1__strategy_reply__get_packed_size (&reply);
    uint8_t *buf = malloc (len ? len : 1);
    solo__v1__strategy_reply__pack (&reply, buf);
    zmq_send (rep, buf, len, 0);
    free (buf);
    solo__v1__strategy_request__free_unpacked (req, NULL);
done:
    zmq_msg_close (&msg);
    int linger = 0;
    zmq_setsockopt (rep, ZMQ_LINGER, &linger, sizeof linger);
    zmq_close (rep);
    return NULL;
}

/*  The game at the first phase where the light infantry takes an
 *  order. */
static game_t *
game_at_light (const game_rules_t *rules, scenario_t **sc, int *light)
{
    char err[256];
    const char *text =
        "ruleset = \"empire_of_liberty\";\n"
        "table = { width = 200.0; depth = 200.0; };\n"
        "units = (\n"
        "  { id = \"light\"; side = \"blue\"; arm = \"infantry\"; quality = "
        "\"green\"; troop_type = \"light_infantry\"; weapon = \"musket\"; "
        "figures = 16; formation = \"line\"; x = 50.0; y = 50.0; "
        "facing = 0.0; width = 15.0; depth = 3.8; },\n"
        "  { id = \"line\"; side = \"blue\"; arm = \"infantry\"; quality = "
        "\"average\"; troop_type = \"regular_infantry\"; weapon = "
        "\"musket\"; figures = 16; formation = \"line\"; x = 100.0; "
        "y = 50.0; facing = 0.0; width = 15.0; depth = 3.8; },\n"
        "  { id = \"foe\"; side = \"red\"; arm = \"infantry\"; quality = "
        "\"veteran\"; troop_type = \"regular_infantry\"; weapon = "
        "\"musket\"; figures = 16; formation = \"line\"; x = 150.0; "
        "y = 180.0; facing = 180.0; width = 15.0; depth = 3.8; } );\n"
        "scenario = { name = \"t\"; turns = 3; first = \"blue\";\n"
        "  victory = { army_break = 0.5; }; };\n";
    *sc = scenario_load_text (text, "t.cfg", game_rules_finder,
                              (void *) rules, err, sizeof err);
    if (!*sc)
        fail_msg ("%s", err);
    game_t *g = game_new (rules, *sc, err, sizeof err);
    assert_non_null (g);
    *light = situation_find_unit (game_situation (g), "light");
    dice_t *dice = dice_new (4);
    for (int step = 0; step < 40 && !game_needs_order (g, *light); step++) {
        if (step)
            game_resolve_phase (g, dice);
        game_begin_phase (g, dice);
    }
    assert_true (game_needs_order (g, *light));
    dice_destroy (&dice);
    return g;
}

/*  Ask the fake strategy once, it ordering `formation` for the light
 *  infantry; or, `reversed`, for both blue units, holds, the second
 *  first. */
static tour_forfeit_t
ask (Solo__V1__Formation formation, bool reversed, strategy_decision_t *out,
     char *detail, int detail_len, fake_t *f)
{
    char err[256];
    game_rules_t *rules = game_rules_load (test_source_path (
        "rules/data/empire_of_liberty/tables.cfg"), err, sizeof err);
    if (!rules)
        fail_msg ("%s", err);
    scenario_t *sc;
    int light;
    game_t *g = game_at_light (rules, &sc, &light);
    memset (f, 0, sizeof *f);
    f->ctx = zmq_ctx_new ();
    f->formation = formation;
    f->reversed = reversed;
    int asked[2] = { light, situation_find_unit (game_situation (g),
                                                 "line") };
    assert_true (game_needs_order (g, asked[1]));
    pthread_mutex_init (&f->lock, NULL);
    pthread_cond_init (&f->cond, NULL);
    pthread_t th;
    assert_int_equal (pthread_create (&th, NULL, fake_strategy, f), 0);
    pthread_mutex_lock (&f->lock);
    while (!f->ready)
        pthread_cond_wait (&f->cond, &f->lock);
    pthread_mutex_unlock (&f->lock);
    tour_spec_strategy_t spec;
    memset (&spec, 0, sizeof spec);
    snprintf (spec.name, sizeof spec.name, "fake");
    snprintf (spec.endpoint, sizeof spec.endpoint, ENDPOINT);
    spec.timeout_ms = 10000;
    tour_extern_t *ext = tour_extern_new (f->ctx, &spec, err, sizeof err);
    if (!ext)
        fail_msg ("%s", err);
    tour_extern_game_t game = { "1", "t", 4 };
    tour_forfeit_t r = tour_extern_decide (ext, g, SIDE_BLUE, asked,
                                           reversed ? 2 : 1, &game, out,
                                           detail, detail_len);
    pthread_join (th, NULL);
    tour_extern_destroy (&ext);
    zmq_ctx_term (f->ctx);
    pthread_mutex_destroy (&f->lock);
    pthread_cond_destroy (&f->cond);
    game_destroy (&g);
    scenario_destroy (&sc);
    game_rules_destroy (&rules);
    return r;
}

static void
test_skirmish_order (void **state)
{
    (void) state;
    strategy_decision_t out[1];
    char detail[256] = "";
    fake_t f;
    tour_forfeit_t r = ask (SOLO__V1__FORMATION__FORMATION_LOOSE, false,
                            out, detail, sizeof detail, &f);
    if (r != TOUR_FORFEIT_NONE)
        fail_msg ("%s: %s", tour_forfeit_name (r), detail);
    assert_true (out[0].order.has_formation);
    assert_int_equal (out[0].order.formation, FORMATION_LOOSE);
    assert_int_equal (out[0].order.kind, ORDER_HOLD);
    /* what it saw of its unit */
    assert_string_equal (f.seen_type, "light_infantry");
    assert_int_equal (f.seen_quality, SOLO__V1__QUALITY__QUALITY_GREEN);
}

static void
test_square_refused (void **state)
{
    (void) state;
    strategy_decision_t out[1];
    char detail[256] = "";
    fake_t f;
    tour_forfeit_t r = ask (SOLO__V1__FORMATION__FORMATION_SQUARE, false,
                            out, detail, sizeof detail, &f);
    assert_int_equal (r, TOUR_FORFEIT_ILLEGAL);
    if (!strstr (detail, "square is no formation of Empire of Liberty"))
        fail_msg ("%s", detail);
}

/*  The orders in the reply's order: asked for the light infantry and the
 *  line, it answers the line first, so the line is ordered first (under
 *  Empire of Liberty the one that acts). */
static void
test_reply_order_kept (void **state)
{
    (void) state;
    strategy_decision_t out[2];
    char detail[256] = "";
    fake_t f;
    tour_forfeit_t r = ask (SOLO__V1__FORMATION__FORMATION_LINE, true, out,
                            detail, sizeof detail, &f);
    if (r != TOUR_FORFEIT_NONE)
        fail_msg ("%s: %s", tour_forfeit_name (r), detail);
    /* the line is unit 1 of the scenario, the light infantry unit 0 */
    assert_int_equal (out[0].unit, 1);
    assert_int_equal (out[1].unit, 0);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_skirmish_order),
        cmocka_unit_test (test_square_refused),
        cmocka_unit_test (test_reply_order_kept),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
