/*  make_seeds.c - write the first inputs of the request and socket
 *  harnesses' corpora: one good Request of every kind the daemon serves,
 *  packed, plus the forms fuzz_request_body and fuzz_socket read.
 *
 *      fuzz_make_seeds CORPUS_DIR
 *
 *  writes CORPUS_DIR/request/seed-*, request_body/seed-*, socket/seed-*,
 *  numbered in the order that makes sense to a fresh daemon (a game is
 *  opened before it is updated), which is the order replay runs them.
 *  (The loaders' corpora start from the project's own files: see
 *  CMakeLists.txt.)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solo.pb-c.h"

static const char *corpus;

static void
write_seed (const char *harness, const char *name, const uint8_t *data,
            size_t size)
{
    char path[4096];
    snprintf (path, sizeof path, "%s/%s/seed-%s", corpus, harness, name);
    FILE *file = fopen (path, "wb");
    if (!file) {
        perror (path);
        exit (1);
    }
    fwrite (data, 1, size, file);
    fclose (file);
}

/*  The index fuzz_request_body gives the body field `id`. */
static int
body_index (unsigned id)
{
    const ProtobufCMessageDescriptor *desc = &solo__v1__request__descriptor;
    int count = 0;
    for (unsigned i = 0; i < desc->n_fields; i++)
        if (desc->fields[i].type == PROTOBUF_C_TYPE_MESSAGE
        &&  (desc->fields[i].flags & PROTOBUF_C_FIELD_FLAG_ONEOF)) {
            if (desc->fields[i].id == id)
                return count;
            count++;
        }
    fprintf (stderr, "no body field %u\n", id);
    exit (1);
}

/*  Write `request` as a seed of every harness that takes requests. */
static void
seed (const char *name, Solo__V1__Request *request, unsigned body_field,
      const ProtobufCMessage *body)
{
    uint8_t *buf = malloc (solo__v1__request__get_packed_size (request) + 8);
    size_t len = solo__v1__request__pack (request, buf);
    write_seed ("request", name, buf, len);

    /*  socket: as one message on the DEALER (mode 4: length-prefixed
     *  frames of at most 127 bytes, chained with the high bit) */
    uint8_t *framed = malloc (len * 2 + 8);
    size_t n = 0, pos = 0;
    framed[n++] = 4;
    while (pos < len) {
        size_t chunk = len - pos > 127 ? 127 : len - pos;
        framed[n++] = (uint8_t) chunk | (pos + chunk < len ? 0x80 : 0);
        memcpy (framed + n, buf + pos, chunk);
        n += chunk;
        pos += chunk;
    }
    if (len <= 127)
        write_seed ("socket", name, framed, n);
    free (framed);
    free (buf);

    size_t body_len = protobuf_c_message_get_packed_size (body);
    uint8_t *out = malloc (body_len + 2);
    out[0] = (uint8_t) body_index (body_field);
    out[1] = (uint8_t) request->id;
    protobuf_c_message_pack (body, out + 2);
    write_seed ("request_body", name, out, body_len + 2);
    free (out);
}

/*  The text of a file of the source tree (malloc'd). */
static char *
read_text (const char *source_dir, const char *rel)
{
    char path[4096];
    snprintf (path, sizeof path, "%s/%s", source_dir, rel);
    FILE *file = fopen (path, "rb");
    if (!file) {
        perror (path);
        exit (1);
    }
    fseek (file, 0, SEEK_END);
    long size = ftell (file);
    fseek (file, 0, SEEK_SET);
    char *text = calloc (1, (size_t) size + 1);
    if (fread (text, 1, (size_t) size, file) != (size_t) size)
        exit (1);
    fclose (file);
    return text;
}

int
main (int argc, char **argv)
{
    if (argc != 3) {
        fprintf (stderr, "usage: fuzz_make_seeds CORPUS_DIR SOURCE_DIR\n");
        return 2;
    }
    corpus = argv[1];
    const char *source_dir = argv[2];
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;

    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.protocol_version = 1;
    hello.client_name = "seed";
    request.id = 1;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    seed ("01-hello", &request, 10, &hello.base);

    /*  a direct look-up, by RF and by factors */
    Solo__V1__DirectLookup direct = SOLO__V1__DIRECT_LOOKUP__INIT;
    direct.arm = SOLO__V1__ARM__ARM_CAVALRY;
    direct.rf = 3;
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
    ask.direct = &direct;
    ask.roll = 6;
    ask.has_roll = true;
    request.id = 2;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &ask;
    seed ("02-ask-direct", &request, 11, &ask.base);

    Solo__V1__FactorInput f1 = SOLO__V1__FACTOR_INPUT__INIT;
    Solo__V1__FactorInput f2 = SOLO__V1__FACTOR_INPUT__INIT;
    f1.name = "enemy_in_range";
    f2.name = "flank_or_rear";
    f2.value = 2;
    Solo__V1__FactorInput *factors[] = { &f1, &f2 };
    direct.arm = SOLO__V1__ARM__ARM_INFANTRY;
    direct.n_factors = 2;
    direct.factors = factors;
    direct.fortified = true;
    ask.roll = 0;
    ask.has_roll = false;
    ask.has_seed = true;
    ask.seed = 99;
    request.id = 3;
    seed ("03-ask-factors", &request, 11, &ask.base);

    /*  a situation as text */
    char *farm = read_text (source_dir, "clients/examples/farm.cfg");
    Solo__V1__AskUnit text_ask = SOLO__V1__ASK_UNIT__INIT;
    text_ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT;
    text_ask.situation_text = farm;
    text_ask.unit_id = "red-line";
    request.id = 4;
    request.ask_unit = &text_ask;
    seed ("04-ask-text", &request, 11, &text_ask.base);
    char *open_field = read_text (source_dir, "clients/examples/open_field.cfg");
    text_ask.situation_text = open_field;
    text_ask.roll = 3;
    request.id = 5;
    seed ("05-ask-open-field", &request, 11, &text_ask.base);

    /*  a structured situation: two lines, a wood */
    Solo__V1__Point corners[4] = {
        SOLO__V1__POINT__INIT, SOLO__V1__POINT__INIT,
        SOLO__V1__POINT__INIT, SOLO__V1__POINT__INIT
    };
    double xy[4][2] = { { 10, 40 }, { 30, 40 }, { 30, 55 }, { 10, 55 } };
    Solo__V1__Point *corner_ptrs[4];
    for (int i = 0; i < 4; i++) {
        corners[i].x = xy[i][0];
        corners[i].y = xy[i][1];
        corner_ptrs[i] = &corners[i];
    }
    Solo__V1__TerrainFeature wood = SOLO__V1__TERRAIN_FEATURE__INIT;
    wood.id = "wood";
    wood.kind = SOLO__V1__TERRAIN_KIND__TERRAIN_WOODS;
    wood.n_polygon = 4;
    wood.polygon = corner_ptrs;
    Solo__V1__TerrainFeature *terrain[] = { &wood };
    Solo__V1__Unit units[2] = { SOLO__V1__UNIT__INIT, SOLO__V1__UNIT__INIT };
    Solo__V1__Point centres[2] = { SOLO__V1__POINT__INIT,
                                   SOLO__V1__POINT__INIT };
    Solo__V1__UnitStatus status = SOLO__V1__UNIT_STATUS__INIT;
    status.loaded = true;
    const char *ids[2] = { "red-line", "blue-line" };
    Solo__V1__Unit *unit_ptrs[2];
    for (int i = 0; i < 2; i++) {
        units[i].id = (char *) ids[i];
        units[i].side = i == 0 ? SOLO__V1__SIDE__SIDE_RED
                               : SOLO__V1__SIDE__SIDE_BLUE;
        units[i].weapon = "musket";
        units[i].figures = 12;
        units[i].officers = 1;
        units[i].ncos = 1;
        centres[i].x = 60;
        centres[i].y = i == 0 ? 60 : 20;
        units[i].centre = &centres[i];
        units[i].facing = i == 0 ? 180 : 0;
        units[i].width = 14;
        units[i].depth = 3;
        units[i].status = &status;
        unit_ptrs[i] = &units[i];
    }
    Solo__V1__Situation situation = SOLO__V1__SITUATION__INIT;
    situation.ruleset = "skirmish19";
    situation.table_width = 120;
    situation.table_depth = 80;
    situation.n_terrain = 1;
    situation.terrain = terrain;
    situation.n_units = 2;
    situation.units = unit_ptrs;
    Solo__V1__AskUnit structured = SOLO__V1__ASK_UNIT__INIT;
    structured.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
    structured.situation = &situation;
    structured.unit_id = "red-line";
    request.id = 6;
    request.ask_unit = &structured;
    seed ("06-ask-structured", &request, 11, &structured.base);

    /*  games: open (by scenario, by text), update, show, list, close */
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
    open.scenario = "farm";
    request.id = 7;
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    seed ("07-open-game", &request, 12, &open.base);
    Solo__V1__OpenGame open_text = SOLO__V1__OPEN_GAME__INIT;
    open_text.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION_TEXT;
    open_text.situation_text = open_field;
    open_text.turns = 6;
    request.id = 8;
    request.open_game = &open_text;
    seed ("08-open-game-text", &request, 12, &open_text.base);

    Solo__V1__Point to = SOLO__V1__POINT__INIT;
    to.x = 60;
    to.y = 50;
    Solo__V1__UnitStatus fired = SOLO__V1__UNIT_STATUS__INIT;
    fired.fired = true;
    Solo__V1__UnitUpdate moved = SOLO__V1__UNIT_UPDATE__INIT;
    moved.unit_id = "red-line";
    moved.has_centre = true;
    moved.centre = &to;
    moved.has_facing = true;
    moved.facing = 170;
    moved.has_wounded = true;
    moved.wounded = 1;
    moved.set = &fired;
    moved.has_roll = true;
    moved.roll = 4;
    Solo__V1__UnitUpdate gone = SOLO__V1__UNIT_UPDATE__INIT;
    gone.unit_id = "blue-line";
    gone.removed = true;
    Solo__V1__UnitUpdate *changes[] = { &moved, &gone };
    Solo__V1__ReportUpdate update = SOLO__V1__REPORT_UPDATE__INIT;
    update.game_id = "situation-2";   /* after farm-1 */
    update.n_units = 2;
    update.units = changes;
    update.next_turn = true;
    request.id = 9;
    request.body_case = SOLO__V1__REQUEST__BODY_REPORT_UPDATE;
    request.report_update = &update;
    seed ("09-report-update", &request, 13, &update.base);

    Solo__V1__ShowGame show = SOLO__V1__SHOW_GAME__INIT;
    show.game_id = "farm-1";
    request.id = 10;
    request.body_case = SOLO__V1__REQUEST__BODY_SHOW_GAME;
    request.show_game = &show;
    seed ("11-show-game", &request, 16, &show.base);
    Solo__V1__ListGames list = SOLO__V1__LIST_GAMES__INIT;
    request.id = 11;
    request.body_case = SOLO__V1__REQUEST__BODY_LIST_GAMES;
    request.list_games = &list;
    seed ("12-list-games", &request, 15, &list.base);
    Solo__V1__CloseGame close_game = SOLO__V1__CLOSE_GAME__INIT;
    close_game.game_id = "farm-1";
    request.id = 12;
    request.body_case = SOLO__V1__REQUEST__BODY_CLOSE_GAME;
    request.close_game = &close_game;
    seed ("16-close-game", &request, 14, &close_game.base);

    /*  AskUnit on a game */
    Solo__V1__AskUnit on_game = SOLO__V1__ASK_UNIT__INIT;
    on_game.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
    on_game.game_id = "farm-1";
    on_game.unit_id = "red-left";
    request.id = 13;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &on_game;
    seed ("10-ask-game", &request, 11, &on_game.base);

    /*  a battle and a side's orders */
    Solo__V1__PlayBattle battle = SOLO__V1__PLAY_BATTLE__INIT;
    battle.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO;
    battle.scenario = "farm";
    battle.blue = "table";
    battle.red = "random";
    battle.has_seed = true;
    battle.seed = 5;
    battle.with_log = true;
    request.id = 14;
    request.body_case = SOLO__V1__REQUEST__BODY_PLAY_BATTLE;
    request.play_battle = &battle;
    seed ("13-play-battle", &request, 17, &battle.base);
    Solo__V1__AskSide side = SOLO__V1__ASK_SIDE__INIT;
    side.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
    side.scenario = "farm";
    side.side = SOLO__V1__SIDE__SIDE_RED;
    side.budget_ms = 20;
    side.personality = "bold";
    side.has_seed = true;
    side.seed = 3;
    request.id = 15;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    request.ask_side = &side;
    seed ("14-ask-side", &request, 18, &side.base);
    Solo__V1__AskSide side_text = SOLO__V1__ASK_SIDE__INIT;
    side_text.source_case = SOLO__V1__ASK_SIDE__SOURCE_SITUATION_TEXT;
    side_text.situation_text = open_field;
    side_text.strategy = "greedy";
    side_text.playouts = 50;
    request.id = 16;
    request.ask_side = &side_text;
    seed ("15-ask-side-text", &request, 18, &side_text.base);

    /*  the socket harness's other modes: garbage before a handshake,
     *  and a good greeting's bytes to mutate */
    static const uint8_t garbage[] = { 1, 'G', 'E', 'T', ' ', '/', ' ',
                                       'H', 'T', 'T', 'P', '/', '1', '.',
                                       '1', '\r', '\n', '\r', '\n' };
    write_seed ("socket", "http", garbage, sizeof garbage);
    uint8_t greeting[1 + 64] = { 1, 0xff, 0, 0, 0, 0, 0, 0, 0, 1, 0x7f, 3, 0,
                                 'N', 'U', 'L', 'L' };
    write_seed ("socket", "greeting", greeting, sizeof greeting);
    static const uint8_t after[] = { 2, 0x00, 4, 0x08, 0x07, 0x52, 0x00,
                                     0x04, 3, 'X', 'Y', 'Z', 0xff };
    write_seed ("socket", "after-handshake", after, sizeof after);
    static const uint8_t frames[] = { 7, 0x83, 1, 2, 3, 0, 2, 0x08, 0x01 };
    write_seed ("socket", "frames", frames, sizeof frames);
    free (farm);
    free (open_field);
    return 0;
}
