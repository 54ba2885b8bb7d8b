/*  render.h - the daemon's answers in plain words, for a player.
 *
 *  Each function writes a few lines to `out`: the unit and its Risk
 *  Factor with every factor and why it applied, the die and who threw it,
 *  the action in the table's words, the charge, the morale effect, the
 *  geometry (which enemy, where to, facing, shooting), what every face of
 *  the die would have given, and which layer decided.  With `colour`, ANSI
 *  escapes highlight the action and the morale; without, the text is
 *  plain ASCII apart from what the daemon sent.
 */
#ifndef SOLO_CLIENT_RENDER_H
#define SOLO_CLIENT_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "solo.pb-c.h"

typedef struct {
    bool colour;               /* ANSI colours (a terminal, no NO_COLOR) */
    bool verbose;              /* add the daemon's explanation */
} render_style_t;

/*  A UnitDecision: the full answer to `solo ask`. */
void render_unit_decision (FILE *out, const Solo__V1__UnitDecision *decision,
                           const render_style_t *style);

/*  The words of a progress line (no newline, no escapes) into `buf` of
 *  `len` bytes: with a budget (budget_ms > 0), the work, a bar of
 *  RENDER_PROGRESS_WIDTH cells filled with the fraction of the budget
 *  elapsed (full, and "finishing", once the budget has passed), the
 *  percentage and the times, e.g. "the commander is thinking
 *  [##########..........]  50% 1.0 s of 2.0 s"; without one, the work
 *  and the time waited ("playing the battle... 3.2 s").  A negative
 *  waited_ms counts as 0.  Returns buf. */
#define RENDER_PROGRESS_WIDTH 20
char *render_progress (char *buf, size_t len, const char *what,
                       int waited_ms, int budget_ms);

/*  A HelloReply from the daemon at `endpoint`. */
void render_hello (FILE *out, const Solo__V1__HelloReply *hello,
                   const char *endpoint, const render_style_t *style);

/*  A BattleResult: the scenario and the sides' strategies, then turn by
 *  turn what happened (command, moves, shooting, melee, units leaving) or,
 *  with `whole_log`, every line of the replay log, then the result and
 *  the losses of each side. */
void render_battle (FILE *out, const Solo__V1__BattleResult *battle,
                    bool whole_log, const render_style_t *style);

/*  One line of a replay log: "turn 3, side A moves: die D6 = 4". */
void render_log_line (FILE *out, const Solo__V1__LogLine *line);

/*  SideOrders: the command roll, every unit's order with the layer that
 *  decided it and why, and the search's figures. */
void render_side_orders (FILE *out, const Solo__V1__SideOrders *orders,
                         const render_style_t *style);

/*  A game as it stands, one line per unit. */
void render_game_state (FILE *out, const Solo__V1__GameState *game,
                        const render_style_t *style);
void render_update_accepted (FILE *out, const Solo__V1__UpdateAccepted *u);
void render_game_list (FILE *out, const Solo__V1__GameList *list);
void render_game_closed (FILE *out, const Solo__V1__GameClosed *closed);

/*  An Error reply as one line "error CODE (field): message" (no field:
 *  "error CODE: message").  When `situation_file` is not NULL and the
 *  error is about the situation text (field "ask_unit.situation_text"),
 *  the daemon's name for the text in a "name:line - " or "name - " prefix
 *  of the message is replaced by `situation_file`, so the player reads
 *  "farm.cfg:23 - ..."; a message without such a prefix gets
 *  "farm.cfg: " in front.  The line ends with a newline. */
void render_error (FILE *out, const Solo__V1__Error *error,
                   const char *situation_file);

/*  The message of `error` with the situation's name put in as above, into
 *  `buf` (always terminated, truncated to `len`). */
void render_error_message (const Solo__V1__Error *error,
                           const char *situation_file, char *buf, size_t len);

#endif
