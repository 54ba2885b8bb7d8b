/*  handlers.c - Hello and AskUnit, and the Error replies.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dice.h"
#include "handlers.h"
#include "quick_unpack.h"
#include "serve.h"
#include "strategy.h"

const char *
handlers_code_name (error_code_t code)
{
    switch (code) {
        case SOLO__V1__ERROR__CODE__CODE_UNSPECIFIED:    return "OK";
        case SOLO__V1__ERROR__CODE__BAD_REQUEST:         return "BAD_REQUEST";
        case SOLO__V1__ERROR__CODE__UNKNOWN_UNIT:        return "UNKNOWN_UNIT";
        case SOLO__V1__ERROR__CODE__OUT_OF_RANGE:        return "OUT_OF_RANGE";
        case SOLO__V1__ERROR__CODE__UNSUPPORTED_VERSION: return "UNSUPPORTED_VERSION";
        case SOLO__V1__ERROR__CODE__BUSY:                return "BUSY";
        case SOLO__V1__ERROR__CODE__INTERNAL:            return "INTERNAL";
        case SOLO__V1__ERROR__CODE__UNKNOWN_RULESET:     return "UNKNOWN_RULESET";
        case SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED:      return "LIMIT_EXCEEDED";
        case SOLO__V1__ERROR__CODE__IMPOSSIBLE:          return "IMPOSSIBLE";
        case SOLO__V1__ERROR__CODE__UNKNOWN_GAME:        return "UNKNOWN_GAME";
        case SOLO__V1__ERROR__CODE__UNKNOWN_SCENARIO:    return "UNKNOWN_SCENARIO";
        case SOLO__V1__ERROR__CODE__UNKNOWN_STRATEGY:    return "UNKNOWN_STRATEGY";
        case SOLO__V1__ERROR__CODE__STORAGE:             return "STORAGE";
        default:                                         return "?";
    }
}

/*  Read a base-128 varint at *pos; -1 when the bytes end inside it or it
 *  runs past 10 bytes. */
static int
read_varint (const uint8_t *data, size_t len, size_t *pos, uint64_t *value)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        if (*pos >= len)
            return -1;
        uint8_t byte = data[(*pos)++];
        v |= (uint64_t) (byte & 0x7f) << shift;
        if (!(byte & 0x80)) {
            *value = v;
            return 0;
        }
    }
    return -1;
}

/*  One field of packed protobuf at *pos: its number, and for a varint its
 *  value, for a length-delimited field its bytes (*sub, *sub_len; NULL
 *  otherwise).  Advances *pos past it.  Returns 0, or -1 when the bytes
 *  are not protobuf (a truncated field, an unknown wire type).  The one
 *  walker of the peek functions below, which look at a request without
 *  decoding it. */
static int
next_field (const uint8_t *bytes, size_t len, size_t *pos, int *field,
            uint64_t *value, const uint8_t **sub, size_t *sub_len)
{
    uint64_t tag;
    if (read_varint (bytes, len, pos, &tag))
        return -1;
    int wire = (int) (tag & 7);
    *field = (int) (tag >> 3);
    *value = 0;
    *sub = NULL;
    *sub_len = 0;
    if (wire == 0)
        return read_varint (bytes, len, pos, value);
    if (wire == 1 || wire == 5) {
        size_t size = wire == 1 ? 8 : 4;
        if (len - *pos < size)
            return -1;
        *pos += size;
        return 0;
    }
    if (wire == 2) {
        uint64_t n;
        if (read_varint (bytes, len, pos, &n) || n > len - *pos)
            return -1;
        *sub = bytes + *pos;
        *sub_len = (size_t) n;
        *pos += (size_t) n;
        return 0;
    }
    return -1;
}

/*  Walk the top-level fields of a packed Request: the id (field 1, the
 *  last one wins as when decoding) and the field number of the last
 *  length-delimited field at 10 or above (the body, its bytes in *body_bytes
 *  and *body_len).  -1 when the bytes are not protobuf. */
static int
peek_request (const void *data, size_t len, uint64_t *id, int *body,
              const uint8_t **body_bytes, size_t *body_len)
{
    size_t pos = 0;
    *id = 0;
    *body = 0;
    *body_bytes = NULL;
    *body_len = 0;
    while (pos < len) {
        int field;
        uint64_t value;
        const uint8_t *sub;
        size_t sub_len;
        if (next_field (data, len, &pos, &field, &value, &sub, &sub_len))
            return -1;
        if (!sub && field == 1)
            *id = value;
        else if (sub && field >= 10) {
            *body = field;
            *body_bytes = sub;
            *body_len = sub_len;
        }
    }
    return 0;
}

uint64_t
handlers_peek_request_id (const void *data, size_t len)
{
    uint64_t id;
    int body;
    const uint8_t *bytes;
    size_t bytes_len;
    return peek_request (data, len, &id, &body, &bytes, &bytes_len) ? 0 : id;
}

bool
handlers_peek_slow (const void *data, size_t len)
{
    uint64_t id;
    int body;
    const uint8_t *bytes;
    size_t bytes_len;
    if (peek_request (data, len, &id, &body, &bytes, &bytes_len))
        return false;
    return body == SOLO__V1__REQUEST__BODY_PLAY_BATTLE
        || body == SOLO__V1__REQUEST__BODY_ASK_SIDE;
}

/*  The source of an AskUnit's packed bytes: the field number of the last
 *  of situation (1), situation_text (2), direct (3) or game_id (9); 0
 *  when none, -1 when the bytes are not protobuf. */
static int
peek_ask_source (const uint8_t *bytes, size_t len)
{
    size_t pos = 0;
    int source = 0;
    while (pos < len) {
        int field;
        uint64_t value;
        const uint8_t *sub;
        size_t sub_len;
        if (next_field (bytes, len, &pos, &field, &value, &sub, &sub_len))
            return -1;
        if (sub && (field == 1 || field == 2 || field == 3 || field == 9))
            source = field;
    }
    return source;
}

bool
handlers_peek_self_contained (const void *data, size_t len)
{
    uint64_t id;
    int body;
    const uint8_t *ask;
    size_t ask_len;
    if (peek_request (data, len, &id, &body, &ask, &ask_len)
    ||  body != SOLO__V1__REQUEST__BODY_ASK_UNIT)
        return false;
    int source = peek_ask_source (ask, ask_len);
    return source == 1 || source == 2 || source == 3;
}

int
serve_pack_reply (const Solo__V1__Reply *reply, uint8_t **out,
                  size_t *out_len)
{
    size_t size = solo__v1__reply__get_packed_size (reply);
    uint8_t *buf = malloc (size ? size : 1);
    if (!buf)
        return -1;
    *out_len = solo__v1__reply__pack (reply, buf);
    *out = buf;
    return 0;
}

int
handlers_error_reply (uint64_t request_id, error_code_t code,
                      const char *field, const char *message,
                      uint8_t **reply, size_t *reply_len)
{
    Solo__V1__Error error = SOLO__V1__ERROR__INIT;
    error.code = code;
    error.message = (char *) (message ? message : "");
    error.field = (char *) (field ? field : "");
    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.id = request_id;
    r.body_case = SOLO__V1__REPLY__BODY_ERROR;
    r.error = &error;
    return serve_pack_reply (&r, reply, reply_len);
}

int
serve_error (uint64_t id, const convert_error_t *error,
             handler_result_t *result, uint8_t **reply, size_t *reply_len)
{
    result->code = error->code;
    snprintf (result->field, sizeof result->field, "%s", error->field);
    return handlers_error_reply (id, error->code, error->field,
                                 error->message, reply, reply_len);
}

/*  ---- Hello ------------------------------------------------------------ */

/*  A ruleset's lists for its RulesetInfo: pointers to its own names. */
typedef struct {
    char *grades[QUALITY_COUNT];
    Solo__V1__Quality grade_values[QUALITY_COUNT];
    char *formations[FORMATION_COUNT];
    Solo__V1__FormationWord words[ARM_COUNT * FORMATION_COUNT];
    Solo__V1__FormationWord *word_ptrs[ARM_COUNT * FORMATION_COUNT];
    char *weapons[SOLO_MAX_WEAPONS];
    char *troop_types[SOLO_MAX_TROOP_TYPES + 1];
    Solo__V1__DiceThrow throws[RULESET_MAX_THROWS];
    Solo__V1__DiceThrow *throw_ptrs[RULESET_MAX_THROWS];
    Solo__V1__TerrainSight sight[TERRAIN_KIND_COUNT];
    Solo__V1__TerrainSight *sight_ptrs[TERRAIN_KIND_COUNT];
} ruleset_lists_t;

/*  The dice of a player's own shooting and melee (the table file's
 *  `throws`: a house-rule overlay's own or its base's) and each terrain
 *  kind's sight rules from the table file, so that a front end can throw
 *  the one and check a line of sight by the other. */
static void
ruleset_play_fill (ruleset_lists_t *lists, const ruleset_t *rs,
                   Solo__V1__RulesetInfo *info)
{
    int n = ruleset_throw_count (rs);
    for (int i = 0; i < n; i++) {
        const ruleset_throw_t *rt = ruleset_throw (rs, i);
        Solo__V1__DiceThrow *t = &lists->throws[i];
        solo__v1__dice_throw__init (t);
        t->action = (char *) rt->action;
        t->step = (char *) rt->step;
        t->sides = (uint32_t) rt->sides;
        t->count = (char *) rt->count;
        t->score = (uint32_t) rt->score;
        t->text = (char *) rt->text;
        lists->throw_ptrs[info->n_throws++] = t;
    }
    info->throws = lists->throw_ptrs;
    for (int k = 0; k < TERRAIN_KIND_COUNT; k++) {
        const terrain_effect_t *e = ruleset_terrain (rs, (terrain_kind_t) k);
        Solo__V1__TerrainSight *t = &lists->sight[k];
        solo__v1__terrain_sight__init (t);
        t->kind = (Solo__V1__TerrainKind) k;
        t->blocks_sight = e->blocks_sight;
        t->sight_limited = e->sight_limited;
        t->cover = (Solo__V1__Cover) (e->cover + 1);  /* COVER_DEFAULT is 0 */
        lists->sight_ptrs[info->n_sight++] = t;
    }
    info->sight = lists->sight_ptrs;
    const rules_settings_t *st = ruleset_settings (rs);
    info->woods_visibility_cm = st->woods_visibility_cm;
    info->woods_through_cm = st->woods_through_cm;
}

/*  Fill `lists` from `rs` and point `info`'s repeated fields at them:
 *  its grades by its own names, the formations an order may set for any
 *  arm, its weapons, its declared troop types (row 0, the arm's usual,
 *  has no name and is left out). */
static void
ruleset_lists_fill (ruleset_lists_t *lists, const ruleset_t *rs,
                    Solo__V1__RulesetInfo *info)
{
    quality_t grades[QUALITY_COUNT];
    int grade_count = ruleset_grades (rs, grades);
    for (int i = 0; i < grade_count; i++) {
        lists->grade_values[info->n_grades] =
            convert_quality_message (grades[i]);
        lists->grades[info->n_grades++] =
            (char *) ruleset_quality_name (rs, grades[i]);
    }
    info->n_grade_values = info->n_grades;
    info->grade_values = lists->grade_values;
    for (int f = 0; f < FORMATION_COUNT; f++) {
        bool any = false;
        for (int a = 0; a < ARM_COUNT; a++)
            any |= ruleset_formation_allowed (rs, (arm_t) a, (formation_t) f);
        if (any)
            lists->formations[info->n_formations++] =
                (char *) formation_name ((formation_t) f);
    }
    /* its own words for the formations its arms take */
    size_t nw = 0;
    for (int a = 0; a < ARM_COUNT; a++)
        for (int f = 0; f < FORMATION_COUNT; f++) {
            const char *word = ruleset_formation_word (rs, (arm_t) a,
                                                       (formation_t) f);
            if (strcmp (word, formation_name ((formation_t) f)) == 0)
                continue;
            Solo__V1__FormationWord *fw = &lists->words[nw];
            solo__v1__formation_word__init (fw);
            fw->arm = (Solo__V1__Arm) a;
            fw->formation = convert_formation_message ((formation_t) f);
            fw->word = (char *) word;
            lists->word_ptrs[nw++] = fw;
        }
    info->n_formation_words = nw;
    info->formation_words = lists->word_ptrs;
    for (int w = 0; w < ruleset_weapon_count (rs) && w < SOLO_MAX_WEAPONS; w++)
        lists->weapons[info->n_weapons++] =
            (char *) ruleset_weapon (rs, w)->name;
    for (int t = 1; t < ruleset_troop_type_count (rs)
                    && t <= SOLO_MAX_TROOP_TYPES; t++)
        lists->troop_types[info->n_troop_types++] =
            (char *) ruleset_troop_type (rs, t)->name;
    info->grades = lists->grades;
    info->formations = lists->formations;
    info->weapons = lists->weapons;
    info->troop_types = lists->troop_types;
}

static int
serve_hello (const handler_context_t *ctx, uint64_t id,
             const Solo__V1__Hello *hello, handler_result_t *result,
             uint8_t **reply, size_t *reply_len)
{
    convert_error_t error;
    if (hello->protocol_version > SOLOD_PROTOCOL_VERSION) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__UNSUPPORTED_VERSION,
                      "hello.protocol_version",
                      "this daemon speaks protocol version %d (or 0 for "
                      "'any'); the client asked for %u",
                      SOLOD_PROTOCOL_VERSION, hello->protocol_version);
        return serve_error (id, &error, result, reply, reply_len);
    }
    int count = catalog_count (ctx->catalog);
    Solo__V1__RulesetInfo infos[CATALOG_MAX];
    Solo__V1__RulesetInfo *info_ptrs[CATALOG_MAX];
    /* the lists point into the rulesets; only the arrays are the reply's */
    ruleset_lists_t *lists = calloc ((size_t) (count > 0 ? count : 1),
                                     sizeof *lists);
    if (!lists)
        return -1;
    for (int i = 0; i < count; i++) {
        const ruleset_t *rs = catalog_at (ctx->catalog, i);
        solo__v1__ruleset_info__init (&infos[i]);
        infos[i].name = (char *) ruleset_name (rs);
        infos[i].title = (char *) ruleset_title (rs);
        infos[i].tables_hash = (char *) ruleset_tables_hash (rs);
        infos[i].length_unit = (char *) ruleset_length_unit (rs);
        infos[i].cm_per_length_unit = ruleset_cm_per_length_unit (rs);
        infos[i].base_ruleset = (char *) (ruleset_base_name (rs)
                                          ? ruleset_base_name (rs) : "");
        infos[i].base_tables_hash = (char *) (ruleset_base_tables_hash (rs)
                                              ? ruleset_base_tables_hash (rs)
                                              : "");
        infos[i].partial = ruleset_overlay_partial (rs);
        ruleset_lists_fill (&lists[i], rs, &infos[i]);
        ruleset_play_fill (&lists[i], rs, &infos[i]);
        info_ptrs[i] = &infos[i];
    }
    Solo__V1__Limits limits = SOLO__V1__LIMITS__INIT;
    limits.max_message_bytes = (uint32_t) ctx->max_message_bytes;
    limits.max_units = SOLO_MAX_UNITS;
    limits.max_terrain_features = SOLO_MAX_TERRAIN;
    limits.max_polygon_vertices = SOLO_MAX_VERTICES;
    limits.max_id_length = SOLO_ID_MAX - 1;
    limits.max_table_cm = SOLO_MAX_TABLE_CM;
    limits.max_figures = SOLO_MAX_FIGURES;
    limits.max_factors = RF_MAX_FACTORS;
    limits.max_games = GAMESTORE_MAX_GAMES;
    limits.max_unit_updates = GAMES_MAX_UNIT_UPDATES;
    limits.max_battle_log_lines = SOLOD_BATTLE_LOG_MAX;
    limits.max_budget_ms = SOLOD_SIDE_MAX_BUDGET_MS;
    limits.max_playouts = SOLOD_SIDE_MAX_PLAYOUTS;
    limits.max_battle_decision_ms = SOLOD_BATTLE_MAX_DECISION_MS;
    limits.max_battle_playouts = SOLOD_BATTLE_MAX_PLAYOUTS;
    limits.max_search_threads = SOLOD_MAX_SEARCH_THREADS;
    limits.max_stands = SOLO_MAX_STANDS;
    limits.max_stand_strength = SOLO_MAX_STAND_STRENGTH;

    char (*scenarios)[GAMES_NAME_MAX] = calloc (GAMES_MAX_SCENARIOS,
                                                GAMES_NAME_MAX);
    char *scenario_ptrs[GAMES_MAX_SCENARIOS];
    int scenario_count = scenarios && ctx->scenario_dir
                       ? games_scenario_names (ctx->scenario_dir, scenarios,
                                               GAMES_MAX_SCENARIOS)
                       : 0;
    for (int i = 0; i < scenario_count; i++)
        scenario_ptrs[i] = scenarios[i];
    int strategy_count = strategy_class_count ();
    if (strategy_count > SOLOD_MAX_STRATEGIES)
        strategy_count = SOLOD_MAX_STRATEGIES;
    Solo__V1__StrategyInfo strategies[SOLOD_MAX_STRATEGIES];
    Solo__V1__StrategyInfo *strategy_ptrs[SOLOD_MAX_STRATEGIES];
    for (int i = 0; i < strategy_count; i++) {
        const strategy_class_t *class = strategy_class_at (i);
        solo__v1__strategy_info__init (&strategies[i]);
        strategies[i].name = (char *) class->name;
        strategies[i].summary = (char *) class->summary;
        strategy_ptrs[i] = &strategies[i];
    }

    Solo__V1__HelloReply body = SOLO__V1__HELLO_REPLY__INIT;
    body.server_version = (char *) SOLO_VERSION;
    body.protocol_version = SOLOD_PROTOCOL_VERSION;
    body.n_rulesets = (size_t) count;
    body.rulesets = info_ptrs;
    body.limits = &limits;
    body.default_ruleset = (char *) ruleset_name (catalog_default (ctx->catalog));
    body.n_scenarios = (size_t) scenario_count;
    body.scenarios = scenario_ptrs;
    body.n_strategies = (size_t) strategy_count;
    body.strategies = strategy_ptrs;

    Solo__V1__Reply r = SOLO__V1__REPLY__INIT;
    r.id = id;
    r.body_case = SOLO__V1__REPLY__BODY_HELLO;
    r.hello = &body;
    int rc = serve_pack_reply (&r, reply, reply_len);
    free (scenarios);
    free (lists);
    return rc;
}

/*  ---- AskUnit ---------------------------------------------------------- */

/*  Build the situation an AskUnit describes, by structure, by text or
 *  from an open game (*roll then gets the player's die reported for the
 *  unit this turn, if any). */
static situation_t *
ask_situation (const handler_context_t *ctx, const Solo__V1__AskUnit *ask,
               int *roll, char *current, int currentlen,
               convert_error_t *error)
{
    current[0] = '\0';
    if (ask->source_case == SOLO__V1__ASK_UNIT__SOURCE_GAME_ID)
        return serve_game_situation (ctx, ask->game_id, ask->unit_id,
                                     "ask_unit.game_id", roll, current,
                                     currentlen, error);
    if (ask->source_case == SOLO__V1__ASK_UNIT__SOURCE_SITUATION)
        return convert_situation (ask->situation, ctx->catalog,
                                  "ask_unit.situation", error);
    const char *field = "ask_unit.situation_text";
    const char *text = ask->situation_text ? ask->situation_text : "";
    if (convert_has_include (text)) {
        convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST, field,
                      "@include is not allowed in a situation sent to the "
                      "daemon");
        return NULL;
    }
    convert_finder_t state = { ctx->catalog, "" };
    char err[CONVERT_MESSAGE_MAX] = "";
    situation_t *sit = situation_load_text (text, "situation_text",
                                            convert_tracking_finder, &state,
                                            err, sizeof err);
    if (!sit)
        convert_fail (error, convert_load_code (err, state.missing),
                      field, "%s", err[0] ? err : "the situation did not load");
    return sit;
}

/*  The reply to an AskUnit: the decision packed, its message built from
 *  the request's arena around the decision's own strings (no copies). */
static int
pack_decision (const rf_decision_t *decision, const situation_t *sit,
               const ruleset_t *rs, const char *unit_id, uint64_t seed,
               ProtobufCAllocator *arena, uint64_t id, uint8_t **reply,
               size_t *reply_len, convert_error_t *error)
{
    Solo__V1__UnitDecision *body = convert_decision_in (decision, sit, rs,
                                                        unit_id, seed, arena);
    if (!body || convert_pack_decision_reply (id, body, reply, reply_len))
        return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL,
                             "ask_unit", "out of memory");
    return 0;
}

/*  Decide for a unit of a situation. */
static int
decide_in_situation (const handler_context_t *ctx,
                     const Solo__V1__AskUnit *ask, int player_roll,
                     dice_t *dice, uint64_t seed, rf_decision_t *decision,
                     ProtobufCAllocator *arena, uint8_t **reply, size_t *reply_len,
                     uint64_t id, convert_error_t *error)
{
    int reported_roll = 0;
    char current[256];
    situation_t *sit = ask_situation (ctx, ask, &reported_roll, current,
                                      sizeof current, error);
    if (!sit)
        return -1;
    /*  A big table is questioned through its unit index (a copy of an
     *  indexed game shares it); out of memory, every unit is looked at. */
    if (!situation_units_indexed (sit))
        situation_index_units (sit);
    if (player_roll == 0 && !ask->has_roll)
        player_roll = reported_roll;
    int rc = 0;
    int unit = -1;
    if (!ask->unit_id || !*ask->unit_id)
        rc = convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                           "ask_unit.unit_id", "name the unit to decide for");
    else if ((unit = situation_find_unit (sit, ask->unit_id)) < 0)
        rc = convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_UNIT,
                           "ask_unit.unit_id",
                           "no unit '%s' in the situation (%d units)",
                           ask->unit_id, situation_unit_count (sit));
    const ruleset_t *rs = situation_ruleset (sit);
    if (rc == 0) {
        const unit_t *u = situation_unit_const (sit, unit);
        if (!ruleset_rf_table (rs, u->arm))
            rc = convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                               "ask_unit.unit_id",
                               "ruleset %s has no actions table for %s "
                               "(unit '%s')", ruleset_name (rs),
                               arm_name (u->arm), u->id);
    }
    if (rc == 0) {
        char err[SOLO_ERR_MAX] = "";
        if (rf_decide (sit, unit, player_roll, dice, decision, err, sizeof err))
            rc = convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL,
                               "ask_unit", "the actions table gave no "
                               "answer: %s", err);
        else     /* "continue current actions": which they are, if known */
            rf_explain_current (decision, current[0] ? current : NULL);
    }
    if (rc == 0)
        rc = pack_decision (decision, sit, rs, ask->unit_id, seed, arena, id,
                            reply, reply_len, error);
    situation_destroy (&sit);
    return rc;
}

/*  A plain table look-up: an arm and a Risk Factor, no situation. */
static int
decide_direct (const handler_context_t *ctx, const Solo__V1__AskUnit *ask,
               int player_roll, dice_t *dice, uint64_t seed,
               rf_decision_t *decision, ProtobufCAllocator *arena, uint8_t **reply,
               size_t *reply_len, uint64_t id, convert_error_t *error)
{
    const Solo__V1__DirectLookup *direct = ask->direct;
    const ruleset_t *rs = catalog_find (ctx->catalog, direct->ruleset);
    if (!rs)
        return convert_fail (error, SOLO__V1__ERROR__CODE__UNKNOWN_RULESET,
                             "ask_unit.direct.ruleset",
                             "no ruleset called '%.*s'", SOLO_NAME_MAX,
                             direct->ruleset);
    if ((int) direct->arm < 0 || (int) direct->arm >= ARM_COUNT)
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_unit.direct.arm", "%d is not an arm (0..%d)",
                             (int) direct->arm, ARM_COUNT - 1);
    arm_t arm = (arm_t) direct->arm;
    if (!ruleset_rf_table (rs, arm))
        return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                             "ask_unit.direct.arm",
                             "ruleset %s has no actions table for %s",
                             ruleset_name (rs), arm_name (arm));
    if (direct->n_factors > RF_MAX_FACTORS)
        return convert_fail (error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                             "ask_unit.direct.factors",
                             "%zu factors, more than max_factors (%d)",
                             direct->n_factors, RF_MAX_FACTORS);
    char field[CONVERT_FIELD_MAX];
    char err[SOLO_ERR_MAX] = "";
    if (direct->n_factors == 0) {
        if (direct->rf > SOLOD_DIRECT_RF_MAX || direct->rf < -SOLOD_DIRECT_RF_MAX)
            return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                 "ask_unit.direct.rf",
                                 "a Risk Factor of %d is outside -%d..%d",
                                 (int) direct->rf, SOLOD_DIRECT_RF_MAX,
                                 SOLOD_DIRECT_RF_MAX);
        if (rf_lookup (rs, arm, (int) direct->rf, player_roll,
                       direct->fortified, direct->falling_back, dice,
                       decision, err, sizeof err))
            return convert_fail (error, SOLO__V1__ERROR__CODE__INTERNAL,
                                 "ask_unit.direct", "the actions table gave "
                                 "no answer: %s", err);
        /*  The working shows the RF the player gave. */
        rf_factor_t *f = &decision->factors[0];
        decision->factor_count = 1;
        snprintf (f->name, sizeof f->name, "given_rf");
        f->value = (int) direct->rf;
        snprintf (f->reason, sizeof f->reason,
                  "the Risk Factor given by the player");
    }
    else {
        rf_factor_t given[RF_MAX_FACTORS];
        memset (given, 0, sizeof given);
        for (size_t i = 0; i < direct->n_factors; i++) {
            const Solo__V1__FactorInput *in = direct->factors[i];
            const char *name = in->name ? in->name : "";
            int table_value;
            snprintf (field, sizeof field, "ask_unit.direct.factors[%zu].name",
                      i);
            if (strlen (name) >= sizeof given[i].name)
                return convert_fail (error,
                                     SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                                     field, "a factor name is at most %zu "
                                     "bytes", sizeof given[i].name - 1);
            if (in->value == 0 && rf_factor_value (rs, arm, name,
                                                   &table_value) < 0)
                return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                     field, "factor '%s' has no value and is "
                                     "not a line of the %s %s table", name,
                                     ruleset_name (rs), arm_name (arm));
            if (in->value > RF_FACTOR_VALUE_MAX
            ||  in->value < -RF_FACTOR_VALUE_MAX) {
                snprintf (field, sizeof field,
                          "ask_unit.direct.factors[%zu].value", i);
                return convert_fail (error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                                     field, "%d is outside -%d..%d",
                                     (int) in->value, RF_FACTOR_VALUE_MAX,
                                     RF_FACTOR_VALUE_MAX);
            }
            snprintf (given[i].name, sizeof given[i].name, "%s", name);
            given[i].value = in->value;
        }
        if (rf_lookup_factors (rs, arm, given, (int) direct->n_factors,
                               player_roll, direct->fortified,
                               direct->falling_back, dice, decision, err,
                               sizeof err))
            return convert_fail (error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                                 "ask_unit.direct.factors", "%s", err);
    }
    return pack_decision (decision, NULL, rs, ask->unit_id, seed, arena, id,
                          reply, reply_len, error);
}

static int
serve_ask_unit (const handler_context_t *ctx, uint64_t id,
                const Solo__V1__AskUnit *ask, uint64_t daemon_seed,
                ProtobufCAllocator *arena, handler_result_t *result,
                uint8_t **reply,
                size_t *reply_len)
{
    convert_error_t error;
    if ((ask->has_roll && (ask->roll < 1 || ask->roll > RF_FACES))
    ||  ask->roll > RF_FACES) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__OUT_OF_RANGE,
                      "ask_unit.roll", "a D6 shows 1 to 6, not %u", ask->roll);
        return serve_error (id, &error, result, reply, reply_len);
    }
    if (ask->unit_id && strlen (ask->unit_id) >= SOLO_ID_MAX) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__LIMIT_EXCEEDED,
                      "ask_unit.unit_id", "id of %zu bytes is longer than "
                      "max_id_length (%d)", strlen (ask->unit_id),
                      SOLO_ID_MAX - 1);
        return serve_error (id, &error, result, reply, reply_len);
    }
    if (ask->source_case == SOLO__V1__ASK_UNIT__SOURCE__NOT_SET) {
        convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST,
                      "ask_unit.source", "give a situation, a situation_text, "
                      "a game_id or a direct look-up");
        return serve_error (id, &error, result, reply, reply_len);
    }
    uint64_t seed = ask->has_seed ? ask->seed : daemon_seed;
    dice_t *dice = dice_new (seed);
    rf_decision_t *decision = arena->alloc (arena->allocator_data,
                                            sizeof *decision);
    if (!dice || !decision) {
        dice_destroy (&dice);
        return -1;
    }
    int rc = ask->source_case == SOLO__V1__ASK_UNIT__SOURCE_DIRECT
           ? decide_direct (ctx, ask, (int) ask->roll, dice, seed, decision,
                            arena, reply, reply_len, id, &error)
           : decide_in_situation (ctx, ask, (int) ask->roll, dice, seed,
                                  decision, arena, reply, reply_len, id,
                                  &error);
    dice_destroy (&dice);
    if (rc)
        return serve_error (id, &error, result, reply, reply_len);
    return 0;
}

/*  ---- the request ------------------------------------------------------ */

/*  The arena of one request: the decoded request and the parts of its
 *  reply, handed out from a block on the worker's stack and then from
 *  malloc'd blocks, all freed at once when the reply is packed.  Not
 *  zeroed: protobuf-c and the converters initialise what they take. */
#define ARENA_STACK_BYTES 32768
#define ARENA_BLOCK_BYTES 65536
#define ARENA_ALIGN       16

typedef struct arena_block_t {
    struct arena_block_t *next;
    _Alignas (ARENA_ALIGN) unsigned char data[];
} arena_block_t;

typedef struct {
    unsigned char *base;             /* the block pieces come from */
    size_t size, used;
    arena_block_t *blocks;           /* the malloc'd ones */
} arena_t;

static void *
arena_alloc (void *data, size_t size)
{
    arena_t *arena = data;
    size = (size + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
    if (size == 0)
        size = ARENA_ALIGN;
    if (arena->size - arena->used < size) {
        size_t room = size > ARENA_BLOCK_BYTES ? size : ARENA_BLOCK_BYTES;
        arena_block_t *block = malloc (sizeof *block + room);
        if (!block)
            return NULL;
        block->next = arena->blocks;
        arena->blocks = block;
        arena->base = block->data;
        arena->size = room;
        arena->used = 0;
    }
    void *piece = arena->base + arena->used;
    arena->used += size;
    return piece;
}

/*  Pieces are freed with the arena. */
static void
arena_free_piece (void *data, void *piece)
{
    (void) data;
    (void) piece;
}

static void
arena_free_all (arena_t *arena)
{
    while (arena->blocks) {
        arena_block_t *next = arena->blocks->next;
        free (arena->blocks);
        arena->blocks = next;
    }
}

int
handlers_serve (const handler_context_t *ctx, const void *data, size_t len,
                uint64_t seed, uint8_t **reply, size_t *reply_len,
                handler_result_t *result)
{
    handler_result_t ignored;
    if (!result)
        result = &ignored;
    memset (result, 0, sizeof *result);
    result->body = "-";
    if (ctx->test_delay_ms > 0) {
        struct timespec pause = { ctx->test_delay_ms / 1000,
                                  (ctx->test_delay_ms % 1000) * 1000000L };
        nanosleep (&pause, NULL);
    }
    /*  The request and the parts of the reply live in one arena, freed at
     *  once: hundreds of small allocations fewer per request. */
    _Alignas (ARENA_ALIGN) unsigned char first[ARENA_STACK_BYTES];
    arena_t arena = { first, sizeof first, 0, NULL };
    ProtobufCAllocator allocator = { arena_alloc, arena_free_piece, &arena };
    /*  One pass over the bytes; protobuf-c for what quick_unpack declines
     *  (and to say that bytes are not a Request). */
    Solo__V1__Request *request = (Solo__V1__Request *) quick_unpack (
        &solo__v1__request__descriptor, &allocator, len, data);
    if (!request)
        request = solo__v1__request__unpack (&allocator, len,
                                             (const uint8_t *) data);
    if (!request) {
        arena_free_all (&arena);
        convert_error_t error;
        result->request_id = handlers_peek_request_id (data, len);
        convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST, "",
                      "the %zu bytes received are not a solo.v1.Request",
                      len);
        return serve_error (result->request_id, &error, result, reply,
                            reply_len);
    }
    result->request_id = request->id;
    convert_error_t bad_text;
    if (convert_check_utf8 (&request->base, &bad_text) < 0
        || convert_check_nul (&solo__v1__request__descriptor, data, len,
                              &bad_text) < 0) {
        arena_free_all (&arena);
        return serve_error (result->request_id, &bad_text, result, reply,
                            reply_len);
    }
    int rc;
    switch (request->body_case) {
        case SOLO__V1__REQUEST__BODY_HELLO:
            result->body = "hello";
            rc = serve_hello (ctx, request->id, request->hello, result, reply,
                              reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_ASK_UNIT:
            result->body = "ask_unit";
            rc = serve_ask_unit (ctx, request->id, request->ask_unit, seed,
                                 &allocator, result, reply, reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_OPEN_GAME:
            result->body = "open_game";
            rc = serve_open_game (ctx, request->id, request->open_game,
                                  result, reply, reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_REPORT_UPDATE:
            result->body = "report_update";
            rc = serve_report_update (ctx, request->id,
                                      request->report_update, result, reply,
                                      reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_CLOSE_GAME:
            result->body = "close_game";
            rc = serve_close_game (ctx, request->id, request->close_game,
                                   result, reply, reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_LIST_GAMES:
            result->body = "list_games";
            rc = serve_list_games (ctx, request->id, result, reply,
                                   reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_SHOW_GAME:
            result->body = "show_game";
            rc = serve_show_game (ctx, request->id, request->show_game,
                                  result, reply, reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_PLAY_BATTLE:
            result->body = "play_battle";
            rc = serve_play_battle (ctx, request->id, request->play_battle,
                                    seed, result, reply, reply_len);
            break;
        case SOLO__V1__REQUEST__BODY_ASK_SIDE:
            result->body = "ask_side";
            rc = serve_ask_side (ctx, request->id, request->ask_side, seed,
                                 result, reply, reply_len);
            break;
        default: {
            convert_error_t error;
            result->body = "none";
            convert_fail (&error, SOLO__V1__ERROR__CODE__BAD_REQUEST, "body",
                          "the request has no body this daemon knows "
                          "(hello, ask_unit, open_game, report_update, "
                          "close_game, list_games, show_game, play_battle, "
                          "ask_side)");
            rc = serve_error (request->id, &error, result, reply, reply_len);
        }
    }
    arena_free_all (&arena);
    return rc;
}
