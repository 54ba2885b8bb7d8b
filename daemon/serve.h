/*  serve.h - the handlers of the protocol's bodies, one file per family,
 *  and what they share.  handlers.c decodes the Request and calls them;
 *  each makes the packed Reply (or an Error) as handlers_serve says.
 *
 *    serve_games.c  OpenGame, ReportUpdate, CloseGame, ListGames,
 *                   ShowGame, and the situation of a unit of a game
 *    serve_play.c   PlayBattle, AskSide
 */
#ifndef SOLOD_SERVE_H
#define SOLOD_SERVE_H

#include "handlers.h"

/*  Pack a Reply into a malloc'd buffer.  0, or -1 out of memory. */
int serve_pack_reply (const Solo__V1__Reply *reply, uint8_t **out,
                      size_t *out_len);

/*  Reply with `error`, noting it in `result`. */
int serve_error (uint64_t id, const convert_error_t *error,
                 handler_result_t *result, uint8_t **reply,
                 size_t *reply_len);

int serve_open_game (const handler_context_t *ctx, uint64_t id,
                     const Solo__V1__OpenGame *msg, handler_result_t *result,
                     uint8_t **reply, size_t *reply_len);
int serve_report_update (const handler_context_t *ctx, uint64_t id,
                         const Solo__V1__ReportUpdate *msg,
                         handler_result_t *result, uint8_t **reply,
                         size_t *reply_len);
int serve_close_game (const handler_context_t *ctx, uint64_t id,
                      const Solo__V1__CloseGame *msg,
                      handler_result_t *result, uint8_t **reply,
                      size_t *reply_len);
int serve_list_games (const handler_context_t *ctx, uint64_t id,
                      handler_result_t *result, uint8_t **reply,
                      size_t *reply_len);
int serve_show_game (const handler_context_t *ctx, uint64_t id,
                     const Solo__V1__ShowGame *msg, handler_result_t *result,
                     uint8_t **reply, size_t *reply_len);

/*  The situation of open game `game_id` as a unit of it sees the table
 *  (a copy: the caller destroys it), in *roll the player's die reported
 *  for unit `unit_id` this turn (0: none), and in `current` (`currentlen`
 *  bytes) the unit's current actions in the game in words ("" when the
 *  game knows none: it holds).  NULL with `error`: UNKNOWN_GAME (field
 *  `field`), INTERNAL out of memory. */
situation_t *serve_game_situation (const handler_context_t *ctx,
                                   const char *game_id, const char *unit_id,
                                   const char *field, int *roll,
                                   char *current, int currentlen,
                                   convert_error_t *error);

/*  `seed` is the daemon's for a request that brings none. */
int serve_play_battle (const handler_context_t *ctx, uint64_t id,
                       const Solo__V1__PlayBattle *msg, uint64_t seed,
                       handler_result_t *result, uint8_t **reply,
                       size_t *reply_len);
int serve_ask_side (const handler_context_t *ctx, uint64_t id,
                    const Solo__V1__AskSide *msg, uint64_t seed,
                    handler_result_t *result, uint8_t **reply,
                    size_t *reply_len);

#endif
