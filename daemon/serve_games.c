/*  serve_games.c - OpenGame, ReportUpdate, CloseGame, ListGames,
 *  ShowGame: the games the player keeps in the daemon.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games.h"
#include "pool.h"
#include "serve.h"

/*  An UNKNOWN_GAME error naming the games that are open. */
static int
unknown_game (const handler_context_t *ctx, const char *game_id,
              const char *field, convert_error_t *error)
{
    if (!game_id || !*game_id)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                             "name the game (the id OpenGame gave)");
    gamestore_summary_t *list = calloc (GAMESTORE_MAX_GAMES, sizeof *list);
    int count = list ? gamestore_list (ctx->games, list, GAMESTORE_MAX_GAMES)
                     : 0;
    char open[256] = "";
    size_t used = 0;
    for (int i = 0; i < count && used < sizeof open; i++) {
        int n = snprintf (open + used, sizeof open - used, "%s%s",
                          i ? ", " : "", list[i].id);
        if (n < 0)
            break;
        used += (size_t) n;
    }
    free (list);
    return convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_GAME, field,
                         "no open game '%.80s' (open: %s)", game_id,
                         count ? open : "none");
}

/*  Take open game `game_id` for the caller; NULL with `error`. */
static gamestore_game_t *
take_game (const handler_context_t *ctx, const char *game_id,
           const char *field, convert_error_t *error)
{
    if (!ctx->games) {
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "this daemon keeps no games");
        return NULL;
    }
    gamestore_game_t *game = game_id && *game_id
                           ? gamestore_acquire (ctx->games, game_id) : NULL;
    if (!game)
        unknown_game (ctx, game_id, field, error);
    return game;
}

/*  Pack a reply whose body a pool holds, then free the pool. */
static int
reply_from_pool (uint64_t id, Solo__V1__Reply *r, pool_t **pool,
                 handler_result_t *result, uint8_t **reply,
                 size_t *reply_len)
{
    int rc;
    if (pool_failed (*pool)) {
        convert_error_t error;
        convert_fail (&error, SOLO__V1__ERROR__CODE__INTERNAL, "",
                      "out of memory");
        rc = serve_error (id, &error, result, reply, reply_len);
    }
    else {
        r->id = id;
        rc = serve_pack_reply (r, reply, reply_len);
    }
    pool_destroy (pool);
    return rc;
}

/*  A GameState reply (`body_case` game_opened or game_state) for a held
 *  game. */
static int
state_reply (uint64_t id, const gamestore_game_t *game,
             Solo__V1__Reply__BodyCase body_case, handler_result_t *result,
             uint8_t **reply, size_t *reply_len)
{
    pool_t *pool = pool_new ();
    if (!pool)
        return -1;
    Solo__V1__GameState *state = games_state_message (
        gamestore_game_id (game), gamestore_game_sequence (game),
        gamestore_game_state (game), pool);
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.body_case = body_case;
    if (body_case == SOLO__V1__REPLY__BODY_GAME_OPENED)
        r.game_opened = state;
    else
        r.game_state = state;
    return reply_from_pool (id, &r, &pool, result, reply, reply_len);
}

int
serve_open_game (const handler_context_t *ctx, uint64_t id,
                 const Solo__V1__OpenGame *msg, handler_result_t *result,
                 uint8_t **reply, size_t *reply_len)
{
    convert_error_t error;
    char *text = NULL;
    char origin[GAMES_NAME_MAX + 8] = "situation_text";
    const char *field = "open_game.source";
    switch (msg->source_case) {
    case SOLO__V1__OPEN_GAME__SOURCE_SCENARIO:
        field = "open_game.scenario";
        if (msg->turns) {
            convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                          "open_game.turns", "a scenario sets its own turn "
                          "limit: turns is for a situation");
            return serve_error (id, &error, result, reply, reply_len);
        }
        text = games_scenario_file (ctx->scenario_dir, msg->scenario, field,
                                    &error);
        snprintf (origin, sizeof origin, "%s.cfg", msg->scenario);
        break;
    case SOLO__V1__OPEN_GAME__SOURCE_SITUATION_TEXT:
        field = "open_game.situation_text";
        text = games_text_from_situation_text (msg->situation_text,
                                               msg->turns, field, &error);
        break;
    case SOLO__V1__OPEN_GAME__SOURCE_SITUATION:
        field = "open_game.situation";
        snprintf (origin, sizeof origin, "situation");
        text = games_text_from_situation (msg->situation, ctx->catalog,
                                          msg->turns, field, &error);
        break;
    default:
        convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "give a scenario, a situation_text or a situation");
    }
    if (!text)
        return serve_error (id, &error, result, reply, reply_len);
    char game_id[GAMESTORE_ID_MAX];
    int rc = ctx->games ? gamestore_open (ctx->games, text, origin, field,
                                          game_id, &error)
                        : convert_fail (&error,
                                        SOLO__V1__ERROR__CODE__INTERNAL,
                                        field, "this daemon keeps no games");
    free (text);
    if (rc)
        return serve_error (id, &error, result, reply, reply_len);
    gamestore_game_t *game = take_game (ctx, game_id, field, &error);
    if (!game)
        return serve_error (id, &error, result, reply, reply_len);
    rc = state_reply (id, game, SOLO__V1__REPLY__BODY_GAME_OPENED, result,
                      reply, reply_len);
    gamestore_release (ctx->games, game);
    return rc;
}

int
serve_report_update (const handler_context_t *ctx, uint64_t id,
                     const Solo__V1__ReportUpdate *msg,
                     handler_result_t *result, uint8_t **reply,
                     size_t *reply_len)
{
    convert_error_t error;
    gamestore_game_t *game = take_game (ctx, msg->game_id,
                                        "report_update.game_id", &error);
    if (!game)
        return serve_error (id, &error, result, reply, reply_len);
    uint64_t sequence = 0;
    int changed = 0;
    int rc = gamestore_update (ctx->games, game, msg, "report_update",
                               &sequence, &changed, &error);
    int turn = gamestore_game_state (game)->turn;
    char game_id[GAMESTORE_ID_MAX];
    snprintf (game_id, sizeof game_id, "%s", gamestore_game_id (game));
    Solo__V1__UpdateAccepted body = SOLO__V1__UPDATE_ACCEPTED__INIT;
    /* units the update leaves overlapping: accepted, and said */
    pool_t *pool = rc ? NULL : pool_new ();
    if (pool)
        body.warnings = convert_overlap_warnings (
            game_situation (gamestore_game_state (game)->game), -1,
            pool_alloc_for, pool, &body.n_warnings);
    gamestore_release (ctx->games, game);
    if (rc)
        return serve_error (id, &error, result, reply, reply_len);
    body.game_id = game_id;
    body.sequence = sequence;
    body.turn = (uint32_t) turn;
    body.units_changed = (uint32_t) changed;
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.id = id;
    r.body_case = SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED;
    r.update_accepted = &body;
    rc = serve_pack_reply (&r, reply, reply_len);
    pool_destroy (&pool);
    return rc;
}

int
serve_close_game (const handler_context_t *ctx, uint64_t id,
                  const Solo__V1__CloseGame *msg, handler_result_t *result,
                  uint8_t **reply, size_t *reply_len)
{
    convert_error_t error;
    gamestore_game_t *game = take_game (ctx, msg->game_id,
                                        "close_game.game_id", &error);
    if (!game)
        return serve_error (id, &error, result, reply, reply_len);
    char game_id[GAMESTORE_ID_MAX];
    snprintf (game_id, sizeof game_id, "%s", gamestore_game_id (game));
    uint64_t sequence = gamestore_game_sequence (game);
    int rc = gamestore_close (ctx->games, game, &error);
    gamestore_release (ctx->games, game);
    if (rc)
        return serve_error (id, &error, result, reply, reply_len);
    Solo__V1__GameClosed body = SOLO__V1__GAME_CLOSED__INIT;
    body.game_id = game_id;
    body.sequence = sequence;
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.id = id;
    r.body_case = SOLO__V1__REPLY__BODY_GAME_CLOSED;
    r.game_closed = &body;
    return serve_pack_reply (&r, reply, reply_len);
}

int
serve_list_games (const handler_context_t *ctx, uint64_t id,
                  handler_result_t *result, uint8_t **reply,
                  size_t *reply_len)
{
    gamestore_summary_t *list = calloc (GAMESTORE_MAX_GAMES, sizeof *list);
    pool_t *pool = pool_new ();
    if (!list || !pool) {
        free (list);
        pool_destroy (&pool);
        return -1;
    }
    int count = ctx->games ? gamestore_list (ctx->games, list,
                                             GAMESTORE_MAX_GAMES) : 0;
    Solo__V1__GameList *body = pool_alloc (pool, sizeof *body);
    Solo__V1__GameSummary **games = pool_alloc (
        pool, (size_t) (count ? count : 1) * sizeof *games);
    if (body && games) {
        solo__v1__game_list__init (body);
        body->games = games;
        for (int i = 0; i < count; i++) {
            Solo__V1__GameSummary *g = pool_alloc (pool, sizeof *g);
            if (!g)
                break;
            solo__v1__game_summary__init (g);
            g->game_id = pool_strdup (pool, list[i].id);
            g->scenario = pool_strdup (pool, list[i].scenario);
            g->title = pool_strdup (pool, list[i].title);
            g->ruleset = pool_strdup (pool, list[i].ruleset);
            g->turn = (uint32_t) list[i].turn;
            g->sequence = list[i].sequence;
            g->units = (uint32_t) list[i].units;
            games[body->n_games++] = g;
        }
    }
    free (list);
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.body_case = SOLO__V1__REPLY__BODY_GAME_LIST;
    r.game_list = body;
    return reply_from_pool (id, &r, &pool, result, reply, reply_len);
}

int
serve_show_game (const handler_context_t *ctx, uint64_t id,
                 const Solo__V1__ShowGame *msg, handler_result_t *result,
                 uint8_t **reply, size_t *reply_len)
{
    convert_error_t error;
    gamestore_game_t *game = take_game (ctx, msg->game_id,
                                        "show_game.game_id", &error);
    if (!game)
        return serve_error (id, &error, result, reply, reply_len);
    int rc = state_reply (id, game, SOLO__V1__REPLY__BODY_GAME_STATE, result,
                          reply, reply_len);
    gamestore_release (ctx->games, game);
    return rc;
}

situation_t *
serve_game_situation (const handler_context_t *ctx, const char *game_id,
                      const char *unit_id, const char *field, int *roll,
                      char *current, int currentlen, convert_error_t *error)
{
    current[0] = '\0';
    gamestore_game_t *game = take_game (ctx, game_id, field, error);
    if (!game)
        return NULL;
    const table_state_t *state = gamestore_game_state (game);
    const situation_t *sit = game_situation (state->game);
    situation_t *copy = situation_dup (sit);
    int u = unit_id ? situation_find_unit (sit, unit_id) : -1;
    *roll = u >= 0 ? state->rolls[u] : 0;
    /* its current actions: an order other than a plain hold */
    if (u >= 0) {
        const order_t *c = &game_unit (state->game, u)->current;
        if (c->kind != ORDER_HOLD || c->has_facing || c->has_formation)
            order_describe (c, sit, current, currentlen);
    }
    bool gone = u >= 0 && table_state_unit_gone (state, u);
    if (gone)
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                      "ask_unit.unit_id", "unit '%s' is out of play in game "
                      "%s", unit_id, gamestore_game_id (game));
    gamestore_release (ctx->games, game);
    if (gone)
        situation_destroy (&copy);
    else if (!copy)
        convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL, field,
                      "out of memory");
    return copy;
}
