/*  main.c - solo, the command line front end of solod.
 *
 *      solo [--endpoint E] [--timeout MS] [--json] hello
 *      solo ask --situation FILE --unit ID [--roll D] [--seed S] [--json]
 *      solo ask --arm ARM (--rf N | --factor NAME=VALUE ...) [--roll D]
 *      solo ask --game ID --unit ID [--roll D] [--seed S]
 *      solo battle --scenario NAME --blue STRATEGY[:PARAMS]
 *                  --red STRATEGY[:PARAMS] [--seed S] [--log]
 *      solo side (--scenario NAME | --situation FILE | --game ID)
 *                --side SIDE [--strategy S] [--budget-ms MS] ...
 *      solo game open|update|ask|show|close|list ...
 *
 *  It reads the command line, sends one request, prints the answer in
 *  plain words or as one JSON object, and exits 0 (answered), 2 (usage),
 *  3 (the daemon answered with an error), 4 (no usable answer) or 1 (a
 *  local failure).  It knows the protocol only: no rules.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "client.h"
#include "json.h"
#include "json_in.h"
#include "render.h"

#define EXIT_OK           0
#define EXIT_LOCAL        1    /* out of memory, socket trouble */
#define EXIT_USAGE        2
#define EXIT_ERROR_REPLY  3
#define EXIT_NO_ANSWER    4

#define SOLO_PROTOCOL_VERSION     1
#define SOLO_MAX_FACTOR_ARGS      16
#define SOLO_FACTOR_NAME_MAX      64     /* bytes, terminator included */
#define SOLO_MAX_SITUATION_BYTES  (1024 * 1024 - 1024)   /* the daemon's
                                   default message limit, less the envelope */
#define SOLO_MAX_UNIT_ARGS        64     /* --unit in one game update */
#define SOLO_CLI_MAX_STANDS       16     /* numbers in one --stands (the
                                            daemon says how many a unit
                                            may have) */
#define SOLO_MAX_BUDGET_MS        60000  /* the daemon's max_budget_ms (Hello's
                                            limits): AskSide's search time */
#define SOLO_MAX_OPTION_ARGS      256    /* options on one command line */
#define SOLO_SLOW_TIMEOUT_MS      600000 /* battle and side, by default */
#define SOLO_PROGRESS_EVERY_MS    200
#define SOLO_SIDE_DEFAULT_BUDGET_MS 100   /* AskSide's search time when it
                                             names none */

/*  The commands, as bits of an option's mask. */
enum {
    CMD_ASK = 1, CMD_HELLO = 2, CMD_BATTLE = 4, CMD_SIDE = 8, CMD_GAME = 16,
    CMD_ALL = 31
};

/*  One unit of a game update: what --unit ID and the options after it
 *  say. */
typedef struct {
    const char *unit;
    bool has_at;
    double x, y;
    bool has_facing;
    double facing;
    bool has_wounded;
    int wounded;
    bool has_killed;
    int killed;
    int stand_count;           /* --stands: each stand's strength now */
    int stands [SOLO_CLI_MAX_STANDS];
    Solo__V1__UnitStatus set, clear;
    bool removed;
    unsigned roll;
} unit_arg_t;

/*  Everything the command line says. */
typedef struct {
    const char *command;       /* "ask", "hello", "battle", "side", "game",
                                  NULL */
    unsigned command_bit;      /* CMD_* of the command */
    const char *subcommand;    /* game: open, update, ask, show, close, list */
    const char *endpoint;
    const char *server_key;    /* CURVE: the daemon's public key (or file) */
    const char *client_key_file;  /* CURVE: this client's secret key */
    int timeout_ms;
    bool json;
    bool verbose;
    bool no_colour;
    bool help;
    bool version;
    /* ask */
    const char *situation;
    const char *unit;
    const char *arm;
    Solo__V1__Arm arm_value;
    bool has_rf;
    int rf;
    char factor_names [SOLO_MAX_FACTOR_ARGS][SOLO_FACTOR_NAME_MAX];
    int32_t factor_values [SOLO_MAX_FACTOR_ARGS];
    int factor_count;
    bool fortified;
    bool falling_back;
    const char *ruleset;
    unsigned roll;
    bool has_seed;
    uint64_t seed;
    bool timeout_given;
    /* games, battles, sides */
    const char *game;
    const char *scenario;
    const char *blue, *red;    /* STRATEGY[:PARAMS] */
    bool whole_log;
    const char *side;
    const char *strategy;
    const char *personality;
    const char *difficulty;
    long budget_ms;
    uint64_t playouts;
    bool has_aggression, has_caution;
    double aggression, caution;
    long turns;
    bool next_turn;
    unit_arg_t units [SOLO_MAX_UNIT_ARGS];
    int unit_count;
    /* options given, to tell which belong to which command */
    const void *given [SOLO_MAX_OPTION_ARGS];
    int given_count;
} options_t;

static const char *main_usage =
"Usage: solo [--endpoint ENDPOINT] [--timeout MS] [--json] COMMAND [OPTIONS]\n"
"\n"
"Ask solod, the solo opponent daemon, what an enemy unit does.\n"
"\n"
"Commands:\n"
"  ask       what does this unit do?  (solo ask --help)\n"
"  side      what does this army do this turn?  (solo side --help)\n"
"  battle    play a scenario to the end between two strategies\n"
"            (solo battle --help)\n"
"  game      keep a game in the daemon: open, update, ask, show, close,\n"
"            list  (solo game --help)\n"
"  hello     the daemon's version, its rulesets with their table hashes,\n"
"            its scenarios and strategies, and its limits\n"
"\n"
"Options (anywhere on the line):\n"
"  --endpoint ENDPOINT  the daemon's ZeroMQ endpoint (default: $SOLO_ENDPOINT,\n"
"                       else " SOLO_DEFAULT_ENDPOINT ")\n"
"  --server-key KEY     the daemon's CURVE public key, or its .pub file\n"
"                       (default: $SOLO_SERVER_KEY); with --client-key-file\n"
"  --client-key-file FILE  this client's CURVE secret key (solod --make-keys\n"
"                       FILE; default: $SOLO_CLIENT_KEY_FILE)\n"
"  --timeout MS         wait at most MS milliseconds for the answer, and\n"
"                       for a situation file or pipe (default 10000)\n"
"  --json               print one JSON object instead of plain words\n"
"  --verbose, -v        add the daemon's whole working to the plain words\n"
"  --no-color           no colours (none either when NO_COLOR is set or the\n"
"                       output is not a terminal)\n"
"  --help, -h           this help\n"
"  --version            the client's version\n"
"\n"
"Exit status: 0 answered, 2 usage error, 3 the daemon answered with an\n"
"error, 4 no usable answer (daemon not running, timeout), 1 other failure.\n";

static const char *ask_usage =
"Usage: solo ask --situation FILE --unit ID [--roll D] [--seed S] [--json]\n"
"       solo ask --game ID --unit ID [--roll D] [--seed S] [--json]\n"
"       solo ask --arm ARM --rf N [--roll D] [--seed S] [--json]\n"
"       solo ask --arm ARM --factor NAME=VALUE [--factor ...] [--roll D] ...\n"
"\n"
"What does this unit do?  The daemon works out the unit's Risk Factor,\n"
"throws the D6 (or takes yours), and answers with the action from the\n"
"actions table, the morale effect, the geometry of the order and what\n"
"every face of the die would have given.\n"
"\n"
"The whole question, from a situation file (see clients/examples/):\n"
"  --situation FILE     the table: terrain and both sides' units (- : stdin),\n"
"                       a situation file or the web table's JSON\n"
"  --unit ID            the unit to ask about\n"
"Or about a unit of a game kept in the daemon (solo game --help):\n"
"  --game ID            the game, as it stands after the updates reported\n"
"\n"
"A plain table look-up, when you have worked out the Risk Factor:\n"
"  --arm ARM            infantry, cavalry, artillery or command\n"
"  --rf N               the Risk Factor\n"
"  --factor NAME=VALUE  or the factors, summed by the daemon (repeat it),\n"
"                       e.g. --factor enemy_in_range=1 --factor flank_or_rear=2\n"
"  --fortified          the unit defends a fortified position (up to RF0)\n"
"  --falling-back       the unit is falling back (up to RF0)\n"
"  --ruleset NAME       the ruleset's tables (default: the daemon's)\n"
"\n"
"Either way:\n"
"  --roll D             your own die, 1 to 6 (default: the one reported for\n"
"                       the unit in the game, else the daemon rolls)\n"
"  --seed S             the daemon's dice seed for this question, to repeat\n"
"                       an earlier answer exactly\n"
"  --json               one JSON object: action, rf, roll, factors, outcomes,\n"
"                       morale, charge, geometry, layer, ruleset, tables_hash...\n"
"  --verbose, -v        add the daemon's whole working\n";

static const char *battle_usage =
"Usage: solo battle --scenario NAME --blue STRATEGY[:PARAMS]\n"
"                   --red STRATEGY[:PARAMS] [--seed S] [--log] [--json]\n"
"\n"
"The daemon plays an installed scenario (solo hello lists them) to its end\n"
"between two strategies, and this prints it turn by turn in plain words:\n"
"the command dice, the moves, the shooting, the melees, the units that\n"
"leave, then the result and each side's losses.  The same seed plays the\n"
"same battle.\n"
"\n"
"  --scenario NAME      farm, cavalry, stream, ...\n"
"  --blue STRATEGY      blue's strategy: random, table, or another the daemon\n"
"                       lists; parameters after a colon, e.g.\n"
"                       search:ms=50,aggression=0.7\n"
"  --red STRATEGY       red's strategy, the same way\n"
"  --seed S             the battle's dice (default: the daemon's)\n"
"  --log                every line of the replay log: every die, every order\n"
"                       and who gave it, every event\n"
"  --json               the whole result as one JSON object (the log too\n"
"                       with --log)\n"
"\n"
"A progress line shows on standard error, on a terminal, while the daemon\n"
"plays (the wait is up to 10 minutes unless --timeout says otherwise).\n";

static const char *side_usage =
"Usage: solo side (--scenario NAME | --situation FILE | --game ID)\n"
"                 --side SIDE [--strategy STRATEGY] [--budget-ms MS]\n"
"                 [--playouts N] [--aggression A] [--caution C]\n"
"                 [--personality P] [--difficulty D] [--seed S] [--json]\n"
"\n"
"What does this army do this turn?  Its command figures dice for command;\n"
"units under command get the commander's orders, the others their actions\n"
"table's; each order says which layer decided it and why, with the\n"
"search's own figures.\n"
"\n"
"  --scenario NAME      an installed scenario as it starts\n"
"  --situation FILE     a situation or scenario file\n"
"  --game ID            a game kept in the daemon, as it stands\n"
"  --side SIDE          blue or red\n"
"  --strategy S         search (default), greedy or table\n"
"  --budget-ms MS       the search's time (default 100)\n"
"  --playouts N         the search's playouts (with no --budget-ms: the\n"
"                       same answer on any machine)\n"
"  --aggression A       0 to 1: the enemy's losses, closing in, charging\n"
"  --caution C          0 to 1: its own losses, cover, falling back\n"
"  --personality P      balanced, bold, cautious, reckless\n"
"  --difficulty D       easy, normal, hard, expert (the search's time)\n"
"  --seed S             the command dice, the tables' dice and the search\n"
"  --json               one JSON object: orders, search, command_roll, ...\n"
"\n"
"On a terminal, a bar on standard error shows how much of the search's\n"
"time (--budget-ms) has passed while the commander thinks.\n";

static const char *hello_usage =
"Usage: solo hello [--json]\n"
"\n"
"Is the daemon there, and what does it know?  It answers with its version\n"
"and protocol, every ruleset with the hash of its tables (the default one\n"
"marked), the scenarios it has installed, the strategies it plays, and its\n"
"limits (message size, units, terrain, games, the log of a battle...).\n"
"\n"
"  --json               one JSON object: server_version, protocol_version,\n"
"                       default_ruleset, rulesets, limits, scenarios,\n"
"                       strategies\n";

static const char *game_usage =
"Usage: solo game open (--scenario NAME | --situation FILE [--turns N])\n"
"       solo game update --game ID [--next-turn] [--unit ID [--at X,Y]\n"
"                        [--facing DEG] [--wounded N] [--killed N]\n"
"                        [--stands N,...] [--set FLAG,...] [--clear FLAG,...] [--removed]\n"
"                        [--roll D]] ...\n"
"       solo game ask --game ID --unit ID [--roll D] [--seed S]\n"
"       solo game show --game ID\n"
"       solo game close --game ID\n"
"       solo game list\n"
"\n"
"A game is the battle on your table, kept by the daemon (it survives a\n"
"restart of the daemon).  Open it from a scenario or a situation file; the\n"
"daemon names it.  Report what happened on the table as updates: each\n"
"--unit starts the changes of one unit, the options after it say them:\n"
"  --at X,Y             where it stands now (cm)\n"
"  --facing DEG         its facing now\n"
"  --wounded N          its wounded now, in all\n"
"  --killed N           its killed now, in all\n"
"  --stands N,...       a unit of stands: each stand's strength now\n"
"                       (resolve, bases...), as many as it has\n"
"  --set FLAG,...       status flags now true: ran_last_turn,\n"
"                       retreating_from_melee, falling_back, fortified,\n"
"                       loaded, shock, fired, commanded, disloyal, routing,\n"
"                       disordered, newly_disordered\n"
"  --clear FLAG,...     status flags now false\n"
"  --removed            off the table or destroyed\n"
"  --roll D             your die for its actions table this turn\n"
"  --next-turn          a new turn begins (before the units' changes)\n"
"Then ask about any unit (solo game ask, or solo ask --game) or the whole\n"
"army (solo side --game).  --json prints each answer as one JSON object.\n";

/*  --json anywhere on the command line: every error, the command
 *  line's and this program's own as well as the daemon's, is also a JSON
 *  object on standard output, so that a program reading it sees why
 *  there is no answer.  Known before the command line is parsed. */
static bool json_errors;

/*  The names of this program's own failures in JSON, by exit code. */
static const char *
local_code_name (int exit_code)
{
    return exit_code == EXIT_USAGE     ? "USAGE"
         : exit_code == EXIT_NO_ANSWER ? "NO_ANSWER"
                                       : "LOCAL";
}

/*  {"error": {"code": "USAGE", "code_number": 0, "field": null,
 *  "message": "...", "exit_code": 2}} on standard output, in the shape of
 *  the daemon's error replies (code_number 0: not the daemon's). */
static void
json_local_error (int exit_code, const char *message)
{
    json_out_t *out = json_out_new ();
    int rc = out ? 0 : -1;
    rc |= out ? json_out_object_begin (out, NULL) : -1;
    rc |= out ? json_out_object_begin (out, "error") : -1;
    rc |= out ? json_out_string (out, "code", local_code_name (exit_code)) : -1;
    rc |= out ? json_out_int (out, "code_number", 0) : -1;
    rc |= out ? json_out_null (out, "field") : -1;
    rc |= out ? json_out_string (out, "message", message) : -1;
    rc |= out ? json_out_int (out, "exit_code", exit_code) : -1;
    rc |= out ? json_out_object_end (out) : -1;
    rc |= out ? json_out_object_end (out) : -1;
    if (rc == 0 && json_out_complete (out))
        printf ("%s\n", json_out_text (out));
    json_out_destroy (&out);
}

/*  This program's own failure: "solo: MESSAGE" on standard error, and
 *  under --json the same as JSON on standard output.  Returns
 *  `exit_code`. */
static int local_error (int exit_code, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));

static int
local_error (int exit_code, const char *format, ...)
{
    char message [1024];
    va_list args;
    va_start (args, format);
    vsnprintf (message, sizeof message, format, args);
    va_end (args);
    fprintf (stderr, "solo: %s\n", message);
    if (json_errors)
        json_local_error (exit_code, message);
    return exit_code;
}

/*  Print a usage error, with a pointer to the help of `command` (NULL:
 *  the main help), and return the exit code for it. */
static int usage_error (const char *command, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));

static int
usage_error (const char *command, const char *format, ...)
{
    char message [1024];
    va_list args;
    va_start (args, format);
    vsnprintf (message, sizeof message, format, args);
    va_end (args);
    fprintf (stderr, "solo: %s\nTry 'solo %s%s--help'.\n", message,
             command ? command : "", command ? " " : "");
    if (json_errors)
        json_local_error (EXIT_USAGE, message);
    return EXIT_USAGE;
}

/*  A whole decimal number in [low, high] from `text`, into *value. */
static int
parse_long (const char *text, long low, long high, long *value)
{
    if (!text || !*text)
        return -1;
    char *end;
    errno = 0;
    long number = strtol (text, &end, 10);
    if (errno || *end || number < low || number > high)
        return -1;
    *value = number;
    return 0;
}

/*  An unsigned 64-bit decimal number (no sign) from `text`. */
static int
parse_u64 (const char *text, uint64_t *value)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long number = strtoull (text, &end, 10);
    if (errno || *end)
        return -1;
    *value = (uint64_t) number;
    return 0;
}

static int
parse_arm (const char *text, Solo__V1__Arm *arm)
{
    static const struct { const char *name; Solo__V1__Arm arm; } arms [] = {
        { "infantry",  SOLO__V1__ARM__ARM_INFANTRY },
        { "cavalry",   SOLO__V1__ARM__ARM_CAVALRY },
        { "artillery", SOLO__V1__ARM__ARM_ARTILLERY },
        { "command",   SOLO__V1__ARM__ARM_COMMAND },
    };
    for (size_t i = 0; i < sizeof arms / sizeof arms [0]; i++)
        if (strcmp (text, arms [i].name) == 0) {
            *arm = arms [i].arm;
            return 0;
        }
    return -1;
}

/*  Options: the name, whether a value follows, the commands it belongs
 *  to. */
typedef struct {
    const char *name;
    bool has_value;
    unsigned commands;
} option_spec_t;

static const option_spec_t option_specs [] = {
    { "--endpoint",     true,  CMD_ALL },
    { "--timeout",      true,  CMD_ALL },
    { "--server-key",   true,  CMD_ALL },
    { "--client-key-file", true, CMD_ALL },
    { "--json",         false, CMD_ALL },
    { "--verbose",      false, CMD_ALL },
    { "-v",             false, CMD_ALL },
    { "--no-color",     false, CMD_ALL },
    { "--no-colour",    false, CMD_ALL },
    { "--help",         false, CMD_ALL },
    { "-h",             false, CMD_ALL },
    { "--version",      false, CMD_ALL },
    { "--situation",    true,  CMD_ASK | CMD_SIDE | CMD_GAME },
    { "--unit",         true,  CMD_ASK | CMD_GAME },
    { "--arm",          true,  CMD_ASK },
    { "--rf",           true,  CMD_ASK },
    { "--factor",       true,  CMD_ASK },
    { "--fortified",    false, CMD_ASK },
    { "--falling-back", false, CMD_ASK },
    { "--ruleset",      true,  CMD_ASK },
    { "--roll",         true,  CMD_ASK | CMD_GAME },
    { "--seed",         true,  CMD_ASK | CMD_BATTLE | CMD_SIDE | CMD_GAME },
    { "--game",         true,  CMD_ASK | CMD_SIDE | CMD_GAME },
    { "--scenario",     true,  CMD_BATTLE | CMD_SIDE | CMD_GAME },
    { "--blue",         true,  CMD_BATTLE },
    { "--red",          true,  CMD_BATTLE },
    { "--log",          false, CMD_BATTLE },
    { "--side",         true,  CMD_SIDE },
    { "--strategy",     true,  CMD_SIDE },
    { "--budget-ms",    true,  CMD_SIDE },
    { "--playouts",     true,  CMD_SIDE },
    { "--aggression",   true,  CMD_SIDE },
    { "--caution",      true,  CMD_SIDE },
    { "--personality",  true,  CMD_SIDE },
    { "--difficulty",   true,  CMD_SIDE },
    { "--turns",        true,  CMD_GAME },
    { "--next-turn",    false, CMD_GAME },
    { "--at",           true,  CMD_GAME },
    { "--facing",       true,  CMD_GAME },
    { "--wounded",      true,  CMD_GAME },
    { "--killed",       true,  CMD_GAME },
    { "--stands",       true,  CMD_GAME },
    { "--set",          true,  CMD_GAME },
    { "--clear",        true,  CMD_GAME },
    { "--removed",      false, CMD_GAME },
};

static const struct { const char *name; unsigned bit; } commands [] = {
    { "ask", CMD_ASK }, { "hello", CMD_HELLO }, { "battle", CMD_BATTLE },
    { "side", CMD_SIDE }, { "game", CMD_GAME },
};

/*  The name of the first command in `mask`. */
static const char *
command_of (unsigned mask)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands [0]; i++)
        if (mask & commands [i].bit)
            return commands [i].name;
    return "?";
}

/*  A finite number from `text`. */
static int
parse_double (const char *text, double *value)
{
    if (!text || !*text)
        return -1;
    char *end;
    errno = 0;
    double number = strtod (text, &end);
    if (errno || *end || !isfinite (number))
        return -1;
    *value = number;
    return 0;
}

/*  Set the status flags named in "loaded,commanded" in `status`. */
static int
parse_flags (const char *text, Solo__V1__UnitStatus *status)
{
    char copy [256];
    if (!*text || strlen (text) >= sizeof copy)
        return -1;
    snprintf (copy, sizeof copy, "%s", text);
    for (char *save = NULL, *name = strtok_r (copy, ",", &save); name;
         name = strtok_r (NULL, ",", &save)) {
        const ProtobufCFieldDescriptor *f =
            protobuf_c_message_descriptor_get_field_by_name (
                &solo__v1__unit_status__descriptor, name);
        if (!f || f->type != PROTOBUF_C_TYPE_BOOL)
            return -1;
        *(protobuf_c_boolean *) ((char *) status + f->offset) = 1;
    }
    return 0;
}

/*  The unit of a game update that the options after --unit change. */
static unit_arg_t *
current_unit (options_t *opt, const char *name)
{
    if (opt->unit_count == 0) {
        usage_error (opt->command, "%s says what happened to a unit: put "
                     "--unit ID before it", name);
        return NULL;
    }
    return &opt->units [opt->unit_count - 1];
}

/*  One option and its value into `opt`.  Returns 0 or the exit code of a
 *  usage error (already printed). */
static int
apply_option (options_t *opt, const char *name, const char *value)
{
    long number;
    if (strcmp (name, "--endpoint") == 0) {
        if (!*value)
            return usage_error (opt->command, "--endpoint wants an endpoint such as %s", SOLO_DEFAULT_ENDPOINT);
        opt->endpoint = value;
    }
    else
    if (strcmp (name, "--server-key") == 0)
        opt->server_key = value;
    else
    if (strcmp (name, "--client-key-file") == 0)
        opt->client_key_file = value;
    else
    if (strcmp (name, "--timeout") == 0) {
        if (parse_long (value, 1, SOLO_MAX_TIMEOUT_MS, &number))
            return usage_error (opt->command, "--timeout wants milliseconds, 1 to %d, "
                                "not \"%s\"", SOLO_MAX_TIMEOUT_MS, value);
        opt->timeout_ms = (int) number;
        opt->timeout_given = true;
    }
    else
    if (strcmp (name, "--json") == 0)
        opt->json = true;
    else
    if (strcmp (name, "--verbose") == 0 || strcmp (name, "-v") == 0)
        opt->verbose = true;
    else
    if (strcmp (name, "--no-color") == 0 || strcmp (name, "--no-colour") == 0)
        opt->no_colour = true;
    else
    if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0)
        opt->help = true;
    else
    if (strcmp (name, "--version") == 0)
        opt->version = true;
    else
    if (strcmp (name, "--situation") == 0) {
        if (!*value)
            return usage_error (opt->command, "--situation wants a file name");
        opt->situation = value;
    }
    else
    if (strcmp (name, "--unit") == 0) {
        if (!*value)
            return usage_error (opt->command, "--unit wants a unit id");
        if (opt->unit_count == SOLO_MAX_UNIT_ARGS)
            return usage_error (opt->command, "too many --unit options (at "
                                "most %d)", SOLO_MAX_UNIT_ARGS);
        unit_arg_t *u = &opt->units [opt->unit_count++];
        memset (u, 0, sizeof *u);
        u->unit = value;
        solo__v1__unit_status__init (&u->set);
        solo__v1__unit_status__init (&u->clear);
        opt->unit = value;
    }
    else
    if (strcmp (name, "--arm") == 0) {
        if (parse_arm (value, &opt->arm_value))
            return usage_error (opt->command, "--arm wants infantry, cavalry, artillery or "
                                "command, not \"%s\"", value);
        opt->arm = value;
    }
    else
    if (strcmp (name, "--rf") == 0) {
        if (parse_long (value, INT32_MIN, INT32_MAX, &number))
            return usage_error (opt->command, "--rf wants a whole number, not \"%s\"", value);
        opt->has_rf = true;
        opt->rf = (int) number;
    }
    else
    if (strcmp (name, "--factor") == 0) {
        if (opt->factor_count == SOLO_MAX_FACTOR_ARGS)
            return usage_error (opt->command, "too many --factor options (at most %d)",
                                SOLO_MAX_FACTOR_ARGS);
        const char *equals = strchr (value, '=');
        if (!equals || equals == value
        ||  parse_long (equals + 1, INT32_MIN, INT32_MAX, &number))
            return usage_error (opt->command, "--factor wants NAME=VALUE with a whole "
                                "number, e.g. flank_or_rear=2, not \"%s\"", value);
        size_t length = (size_t) (equals - value);
        if (length >= SOLO_FACTOR_NAME_MAX)
            return usage_error (opt->command, "--factor name \"%.*s\" is too "
                                "long (at most %d bytes)", (int) length, value,
                                SOLO_FACTOR_NAME_MAX - 1);
        memcpy (opt->factor_names [opt->factor_count], value, length);
        opt->factor_names [opt->factor_count][length] = '\0';
        opt->factor_values [opt->factor_count] = (int32_t) number;
        opt->factor_count++;
    }
    else
    if (strcmp (name, "--fortified") == 0)
        opt->fortified = true;
    else
    if (strcmp (name, "--falling-back") == 0)
        opt->falling_back = true;
    else
    if (strcmp (name, "--ruleset") == 0) {
        if (!*value)
            return usage_error (opt->command, "--ruleset wants a ruleset name");
        opt->ruleset = value;
    }
    else
    if (strcmp (name, "--roll") == 0) {
        if (parse_long (value, 1, 6, &number))
            return usage_error (opt->command, "--roll wants the face of a D6, 1 to 6, "
                                "not \"%s\"", value);
        opt->roll = (unsigned) number;
        if (opt->unit_count > 0)
            opt->units [opt->unit_count - 1].roll = (unsigned) number;
    }
    else
    if (strcmp (name, "--seed") == 0) {
        if (parse_u64 (value, &opt->seed))
            return usage_error (opt->command, "--seed wants a whole number, 0 to "
                                "18446744073709551615, not \"%s\"", value);
        opt->has_seed = true;
    }
    else
    if (strcmp (name, "--game") == 0) {
        if (!*value)
            return usage_error (opt->command, "--game wants a game id (solo "
                                "game list shows them)");
        opt->game = value;
    }
    else
    if (strcmp (name, "--scenario") == 0) {
        if (!*value)
            return usage_error (opt->command, "--scenario wants a scenario "
                                "name (solo hello lists them)");
        opt->scenario = value;
    }
    else
    if (strcmp (name, "--blue") == 0 || strcmp (name, "--red") == 0) {
        if (!*value || *value == ':')
            return usage_error (opt->command, "%s wants a strategy, e.g. "
                                "table or search:ms=50", name);
        *(name [2] == 'b' ? &opt->blue : &opt->red) = value;
    }
    else
    if (strcmp (name, "--log") == 0)
        opt->whole_log = true;
    else
    if (strcmp (name, "--side") == 0) {
        if (strcmp (value, "blue") && strcmp (value, "red"))
            return usage_error (opt->command, "--side wants blue or red, not "
                                "\"%s\"", value);
        opt->side = value;
    }
    else
    if (strcmp (name, "--strategy") == 0) {
        if (!*value)
            return usage_error (opt->command, "--strategy wants search, "
                                "greedy or table");
        opt->strategy = value;
    }
    else
    if (strcmp (name, "--personality") == 0 || strcmp (name, "--difficulty") == 0) {
        if (!*value)
            return usage_error (opt->command, "%s wants a preset's name", name);
        *(name [2] == 'p' ? &opt->personality : &opt->difficulty) = value;
    }
    else
    if (strcmp (name, "--budget-ms") == 0) {
        if (parse_long (value, 1, SOLO_MAX_BUDGET_MS, &number))
            return usage_error (opt->command, "--budget-ms wants milliseconds, "
                                "1 to %d (the daemon's max_budget_ms), not "
                                "\"%s\"", SOLO_MAX_BUDGET_MS, value);
        opt->budget_ms = number;
    }
    else
    if (strcmp (name, "--playouts") == 0) {
        if (parse_u64 (value, &opt->playouts) || opt->playouts == 0)
            return usage_error (opt->command, "--playouts wants a whole number "
                                "above 0, not \"%s\"", value);
    }
    else
    if (strcmp (name, "--aggression") == 0 || strcmp (name, "--caution") == 0) {
        double x;
        if (parse_double (value, &x) || x < 0 || x > 1)
            return usage_error (opt->command, "%s wants a number from 0 to 1, "
                                "not \"%s\"", name, value);
        if (name [2] == 'a') {
            opt->aggression = x;
            opt->has_aggression = true;
        }
        else {
            opt->caution = x;
            opt->has_caution = true;
        }
    }
    else
    if (strcmp (name, "--turns") == 0) {
        if (parse_long (value, 1, 1000, &number))
            return usage_error (opt->command, "--turns wants a whole number, "
                                "1 to 1000, not \"%s\"", value);
        opt->turns = number;
    }
    else
    if (strcmp (name, "--next-turn") == 0)
        opt->next_turn = true;
    else {
        /*  The changes of the unit named by the last --unit. */
        unit_arg_t *u = current_unit (opt, name);
        if (!u)
            return EXIT_USAGE;
        if (strcmp (name, "--at") == 0) {
            char x [64], *comma = strchr (value, ',');
            if (!comma || (size_t) (comma - value) >= sizeof x)
                return usage_error (opt->command, "--at wants X,Y in cm, e.g. "
                                    "90,48, not \"%s\"", value);
            snprintf (x, sizeof x, "%.*s", (int) (comma - value), value);
            if (parse_double (x, &u->x) || parse_double (comma + 1, &u->y))
                return usage_error (opt->command, "--at wants X,Y in cm, e.g. "
                                    "90,48, not \"%s\"", value);
            u->has_at = true;
        }
        else
        if (strcmp (name, "--facing") == 0) {
            if (parse_double (value, &u->facing))
                return usage_error (opt->command, "--facing wants degrees, not "
                                    "\"%s\"", value);
            u->has_facing = true;
        }
        else
        if (strcmp (name, "--wounded") == 0 || strcmp (name, "--killed") == 0) {
            if (parse_long (value, 0, 100000, &number))
                return usage_error (opt->command, "%s wants a whole number of "
                                    "figures, not \"%s\"", name, value);
            if (name [2] == 'w') {
                u->wounded = (int) number;
                u->has_wounded = true;
            }
            else {
                u->killed = (int) number;
                u->has_killed = true;
            }
        }
        else
        if (strcmp (name, "--stands") == 0) {
            const char *p = value;
            u->stand_count = 0;
            for (;;) {
                char item [32];
                size_t len = strcspn (p, ",");
                if (u->stand_count == SOLO_CLI_MAX_STANDS || len == 0
                    || len >= sizeof item)
                    return usage_error (opt->command, "--stands wants up to "
                                        "%d whole numbers, each stand's "
                                        "strength, e.g. 3,2, not \"%s\"",
                                        SOLO_CLI_MAX_STANDS, value);
                snprintf (item, sizeof item, "%.*s", (int) len, p);
                if (parse_long (item, 0, 100000, &number))
                    return usage_error (opt->command, "--stands wants whole "
                                        "numbers, each stand's strength, "
                                        "e.g. 3,2, not \"%s\"", value);
                u->stands [u->stand_count++] = (int) number;
                if (!p [len])
                    break;
                p += len + 1;
            }
        }
        else
        if (strcmp (name, "--set") == 0 || strcmp (name, "--clear") == 0) {
            if (parse_flags (value, name [2] == 's' ? &u->set : &u->clear))
                return usage_error (opt->command, "%s wants status flags such "
                                    "as loaded,commanded (solo game --help "
                                    "lists them), not \"%s\"", name, value);
        }
        else
        if (strcmp (name, "--removed") == 0)
            u->removed = true;
    }
    return 0;
}

/*  The whole command line into `opt`.  Options may come before or after
 *  the command; "--name=value" and "--name value" both work.  Returns 0
 *  or the exit code of a usage error (already printed). */
static int
parse_command_line (int argc, char **argv, options_t *opt)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv [i];
        if (arg [0] != '-' || arg [1] == '\0') {
            if (opt->command && opt->command_bit == CMD_GAME && !opt->subcommand) {
                static const char *subs [] = { "open", "update", "ask", "show",
                                               "close", "list", NULL };
                for (int k = 0; subs [k]; k++)
                    if (strcmp (arg, subs [k]) == 0)
                        opt->subcommand = subs [k];
                if (!opt->subcommand)
                    return usage_error ("game", "unknown game command \"%s\" "
                                        "(open, update, ask, show, close, "
                                        "list)", arg);
                continue;
            }
            if (opt->command)
                return usage_error (opt->command, "unexpected argument \"%s\"", arg);
            if (strcmp (arg, "help") == 0) {
                opt->help = true;
                continue;
            }
            for (size_t c = 0; c < sizeof commands / sizeof commands [0]; c++)
                if (strcmp (arg, commands [c].name) == 0) {
                    opt->command = commands [c].name;
                    opt->command_bit = commands [c].bit;
                }
            if (!opt->command)
                return usage_error (NULL, "unknown command \"%s\" (ask, side, "
                                    "battle, game, hello)", arg);
            continue;
        }
        char name [32];
        const char *value = NULL;
        const char *equals = strchr (arg, '=');
        size_t name_length = equals ? (size_t) (equals - arg) : strlen (arg);
        if (name_length >= sizeof name)
            return usage_error (opt->command, "unknown option \"%s\"", arg);
        memcpy (name, arg, name_length);
        name [name_length] = '\0';

        const option_spec_t *spec = NULL;
        for (size_t s = 0; s < sizeof option_specs / sizeof option_specs [0]; s++)
            if (strcmp (name, option_specs [s].name) == 0)
                spec = &option_specs [s];
        if (!spec)
            return usage_error (opt->command, "unknown option \"%s\"", name);
        if (spec->has_value) {
            if (equals)
                value = equals + 1;
            else
            if (i + 1 < argc)
                value = argv [++i];
            else
                return usage_error (opt->command, "%s wants a value", name);
        }
        else
        if (equals)
            return usage_error (opt->command, "%s takes no value", name);
        if (opt->given_count < SOLO_MAX_OPTION_ARGS)
            opt->given [opt->given_count++] = spec;
        int rc = apply_option (opt, name, value ? value : "");
        if (rc)
            return rc;
    }
    return 0;
}

/*  The ask options must say one question: a situation and a unit, or an
 *  arm with an RF or factors.  Returns 0 or a usage error's exit code. */
static int
check_ask_options (const options_t *opt)
{
    const char *cmd = opt->command;
    bool direct = opt->arm || opt->has_rf || opt->factor_count > 0
               || opt->fortified || opt->falling_back || opt->ruleset;
    if (opt->situation && opt->game)
        return usage_error (cmd, "give --situation or --game, not both");
    if (opt->unit_count > 1)
        return usage_error (cmd, "ask about one --unit at a time");
    if (opt->game) {
        if (!opt->unit)
            return usage_error (cmd, "--game needs --unit ID: which unit do "
                                "you ask about?");
        if (direct)
            return usage_error (cmd, "--arm, --rf, --factor, --fortified, "
                                "--falling-back and --ruleset are for a plain "
                                "table look-up, not with --game");
        return 0;
    }
    if (opt->situation) {
        if (!opt->unit)
            return usage_error (cmd, "--situation needs --unit ID: which unit do "
                                "you ask about?");
        if (direct)
            return usage_error (cmd, "--arm, --rf, --factor, --fortified, "
                                "--falling-back and --ruleset are for a plain "
                                "table look-up, not with --situation");
        return 0;
    }
    if (opt->unit)
        return usage_error (cmd, "--unit needs --situation FILE or --game ID");
    if (!opt->arm)
        return usage_error (cmd, "ask wants --situation FILE --unit ID, --game "
                            "ID --unit ID, or --arm ARM with --rf N or "
                            "--factor NAME=VALUE");
    if (opt->has_rf && opt->factor_count > 0)
        return usage_error (cmd, "give --rf or --factor, not both");
    if (!opt->has_rf && opt->factor_count == 0)
        return usage_error (cmd, "--arm needs --rf N or --factor NAME=VALUE");
    return 0;
}

/*  Milliseconds of the monotonic clock. */
static long long
now_ms (void)
{
    struct timespec ts;
    clock_gettime (CLOCK_MONOTONIC, &ts);
    return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*  The whole of `path` ("-": standard input) as a NUL-terminated string
 *  in *text, waiting at most `timeout_ms` for it: a FIFO nobody writes
 *  to, or a standard input left open, is an error after that, not a
 *  command that hangs.  Returns 0, or -1 with the reason in `err`. */
static int
read_situation (const char *path, int timeout_ms, char **text, char *err,
                size_t errlen)
{
    bool from_stdin = strcmp (path, "-") == 0;
    /* O_NONBLOCK: opening a FIFO does not wait for its writer */
    int fd = from_stdin ? STDIN_FILENO : open (path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf (err, errlen, "cannot read situation file \"%s\": %s", path,
                  strerror (errno));
        return -1;
    }
    long long deadline = now_ms () + timeout_ms;
    size_t cap = 4096, len = 0;
    char *data = malloc (cap);
    int rc = data ? 0 : -1;
    if (!data)
        snprintf (err, errlen, "out of memory reading \"%s\"", path);
    while (rc == 0) {
        if (len + 1 >= cap) {
            char *grown = realloc (data, cap * 2);
            if (!grown) {
                snprintf (err, errlen, "out of memory reading \"%s\"", path);
                rc = -1;
                break;
            }
            data = grown;
            cap *= 2;
        }
        long long left = deadline - now_ms ();
        struct pollfd ready = { fd, POLLIN, 0 };
        int polled = left > 0 ? poll (&ready, 1, (int) left) : 0;
        if (polled < 0 && errno == EINTR)
            continue;
        if (polled == 0) {
            snprintf (err, errlen, "situation file \"%s\": nothing more to "
                      "read after %d ms (--timeout); is anything writing "
                      "to it?", path, timeout_ms);
            rc = -1;
            break;
        }
        ssize_t got = polled < 0 ? -1 : read (fd, data + len, cap - len - 1);
        if (got < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (got < 0) {
            snprintf (err, errlen, "cannot read situation file \"%s\": %s",
                      path, strerror (errno));
            rc = -1;
            break;
        }
        if (got == 0)
            break;
        len += (size_t) got;
        if (len > SOLO_MAX_SITUATION_BYTES) {
            snprintf (err, errlen, "situation file \"%s\" is too large "
                      "(more than %d bytes)", path, SOLO_MAX_SITUATION_BYTES);
            rc = -1;
        }
    }
    if (!from_stdin)
        close (fd);
    if (rc == 0 && memchr (data, '\0', len)) {
        snprintf (err, errlen, "situation file \"%s\" is not text (it holds "
                  "a NUL byte)", path);
        rc = -1;
    }
    if (rc) {
        free (data);
        return -1;
    }
    data [len] = '\0';
    *text = data;
    return 0;
}

/*  The situation file of `opt` as a request carries it: a libconfig
 *  file as its text (*text), a JSON one (the web table's, the protocol's
 *  JSON mapping of a Situation) as the message it describes (*sit, free
 *  with protobuf_c_message_free_unpacked).  0, or a local error's exit. */
static int
situation_source (const options_t *opt, char **text,
                  Solo__V1__Situation **sit)
{
    char err [512];
    *sit = NULL;
    if (read_situation (opt->situation, opt->timeout_ms, text, err,
                        sizeof err))
        return local_error (EXIT_USAGE, "%s", err);
    if (!json_in_looks_like_json (*text))
        return 0;
    char why [400];
    *sit = (Solo__V1__Situation *) json_in_message (
        &solo__v1__situation__descriptor, *text, why, sizeof why);
    free (*text);
    *text = NULL;
    if (!*sit)
        return local_error (EXIT_USAGE, "situation file \"%s\" (JSON): %s",
                            opt->situation, why);
    return 0;
}

/*  Print one JSON value built by `out`, newline-terminated. */
static int
print_json (json_out_t *out)
{
    const char *text = json_out_text (out);
    if (!text || !json_out_complete (out)) {
        return local_error (EXIT_LOCAL, "out of memory writing JSON");
    }
    printf ("%s\n", text);
    return EXIT_OK;
}

/*  What the progress line shows: the work, and its time budget when
 *  known (0: none, the time waited alone). */
typedef struct {
    const char *what;
    int budget_ms;
} progress_t;

/*  The progress line on standard error while a battle or a search runs:
 *  a bar of the budget elapsed when there is one. */
static void
show_progress (void *arg, int waited_ms)
{
    const progress_t *progress = arg;
    char line [160];
    render_progress (line, sizeof line, progress->what, waited_ms,
                     progress->budget_ms);
    fprintf (stderr, "\rsolo: %s\033[K", line);
    fflush (stderr);
}

/*  Send `request`, print the answer, and return the exit code.  `expect`
 *  is the reply body that answers the request; `progress` (may be NULL)
 *  names the work and its budget for a progress line on a terminal. */
static int
call_and_print (const options_t *opt, Solo__V1__Request *request,
                Solo__V1__Reply__BodyCase expect, const progress_t *progress)
{
    char err [512];
    char server_key [41], client_key [41];
    bool curve = (opt->server_key && *opt->server_key)
              || (opt->client_key_file && *opt->client_key_file);
    if (curve && (!opt->server_key || !*opt->server_key
                  || !opt->client_key_file || !*opt->client_key_file))
        return usage_error (opt->command, "CURVE needs both --server-key and "
                            "--client-key-file");
    if (curve && (solo_client_read_key (opt->server_key, server_key, err,
                                        sizeof err)
                  || solo_client_read_key (opt->client_key_file, client_key,
                                           err, sizeof err)))
        return local_error (EXIT_USAGE, "%s", err);
    solo_client_t *client = solo_client_new_curve (opt->endpoint,
                                                   opt->timeout_ms,
                                                   curve ? server_key : NULL,
                                                   curve ? client_key : NULL,
                                                   err, sizeof err);
    if (!client)
        return local_error (EXIT_USAGE, "%s", err);
    bool progress_line = progress && isatty (STDERR_FILENO);
    if (progress_line)
        solo_client_set_progress (client, show_progress, (void *) progress,
                                  SOLO_PROGRESS_EVERY_MS);
    Solo__V1__Reply *reply = NULL;
    solo_call_t call = solo_client_call (client, request, &reply, err,
                                         sizeof err);
    if (progress_line) {
        fprintf (stderr, "\r\033[K");
        fflush (stderr);
    }
    int rc = EXIT_OK;
    if (call != SOLO_CALL_OK) {
        rc = local_error (call == SOLO_CALL_FAILED ? EXIT_LOCAL
                                                   : EXIT_NO_ANSWER,
                          "%s", err);
        solo_client_destroy (&client);
        return rc;
    }

    render_style_t style = {
        .colour = !opt->no_colour && isatty (STDOUT_FILENO),
        .verbose = opt->verbose,
    };
    const char *no_colour = getenv ("NO_COLOR");
    const char *term = getenv ("TERM");
    if ((no_colour && *no_colour) || (term && strcmp (term, "dumb") == 0))
        style.colour = false;

    json_out_t *json = opt->json ? json_out_new () : NULL;
    if (opt->json && !json)
        rc = local_error (EXIT_LOCAL, "out of memory");
    else
    if (reply->body_case == SOLO__V1__REPLY__BODY_ERROR && reply->error) {
        const char *shown = opt->situation && strcmp (opt->situation, "-") == 0
                          ? "<stdin>" : opt->situation;
        render_error (stderr, reply->error, shown);
        if (json && json_error_reply (json, reply->error) == 0)
            print_json (json);
        rc = EXIT_ERROR_REPLY;
    }
    else
    if (reply->body_case != expect
    || (expect == SOLO__V1__REPLY__BODY_HELLO && !reply->hello)
    || (expect == SOLO__V1__REPLY__BODY_UNIT_DECISION && !reply->unit_decision)
    || (expect == SOLO__V1__REPLY__BODY_GAME_OPENED && !reply->game_opened)
    || (expect == SOLO__V1__REPLY__BODY_GAME_STATE && !reply->game_state)
    || (expect == SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED && !reply->update_accepted)
    || (expect == SOLO__V1__REPLY__BODY_GAME_CLOSED && !reply->game_closed)
    || (expect == SOLO__V1__REPLY__BODY_GAME_LIST && !reply->game_list)
    || (expect == SOLO__V1__REPLY__BODY_BATTLE_RESULT && !reply->battle_result)
    || (expect == SOLO__V1__REPLY__BODY_SIDE_ORDERS && !reply->side_orders)) {
        rc = local_error (EXIT_NO_ANSWER, "the answer from %s is not the one "
                          "asked for (reply body %d)", opt->endpoint,
                          (int) reply->body_case);
    }
    else
    if (expect == SOLO__V1__REPLY__BODY_HELLO) {
        const Solo__V1__HelloReply *hello = reply->hello;
        if (hello->protocol_version != SOLO_PROTOCOL_VERSION)
            fprintf (stderr, "solo: warning: the daemon speaks protocol %u, "
                     "this client %d\n", hello->protocol_version,
                     SOLO_PROTOCOL_VERSION);
        if (json)
            rc = json_hello_reply (json, NULL, hello) ? EXIT_LOCAL
                                                      : print_json (json);
        else
            render_hello (stdout, hello, opt->endpoint, &style);
    }
    else
    if (expect == SOLO__V1__REPLY__BODY_UNIT_DECISION) {
        if (json)
            rc = json_unit_decision (json, NULL, reply->unit_decision)
               ? EXIT_LOCAL : print_json (json);
        else
            render_unit_decision (stdout, reply->unit_decision, &style);
    }
    else
    if (json) {
        /*  The other answers as they are in the proto. */
        const ProtobufCMessage *body = NULL;
        switch (expect) {
            case SOLO__V1__REPLY__BODY_GAME_OPENED:
                body = &reply->game_opened->base; break;
            case SOLO__V1__REPLY__BODY_GAME_STATE:
                body = &reply->game_state->base; break;
            case SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED:
                body = &reply->update_accepted->base; break;
            case SOLO__V1__REPLY__BODY_GAME_CLOSED:
                body = &reply->game_closed->base; break;
            case SOLO__V1__REPLY__BODY_GAME_LIST:
                body = &reply->game_list->base; break;
            case SOLO__V1__REPLY__BODY_BATTLE_RESULT:
                body = &reply->battle_result->base; break;
            default:
                body = &reply->side_orders->base; break;
        }
        rc = json_message (json, NULL, body) ? EXIT_LOCAL : print_json (json);
    }
    else
    switch (expect) {
        case SOLO__V1__REPLY__BODY_GAME_OPENED:
            render_game_state (stdout, reply->game_opened, &style);
            break;
        case SOLO__V1__REPLY__BODY_GAME_STATE:
            render_game_state (stdout, reply->game_state, &style);
            break;
        case SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED:
            render_update_accepted (stdout, reply->update_accepted);
            break;
        case SOLO__V1__REPLY__BODY_GAME_CLOSED:
            render_game_closed (stdout, reply->game_closed);
            break;
        case SOLO__V1__REPLY__BODY_GAME_LIST:
            render_game_list (stdout, reply->game_list);
            break;
        case SOLO__V1__REPLY__BODY_BATTLE_RESULT:
            render_battle (stdout, reply->battle_result, opt->whole_log, &style);
            break;
        default:
            render_side_orders (stdout, reply->side_orders, &style);
            break;
    }
    if (fflush (stdout) != 0 && rc == EXIT_OK)
        rc = local_error (EXIT_LOCAL, "cannot write the answer: %s",
                          strerror (errno));
    json_out_destroy (&json);
    solo__v1__reply__free_unpacked (reply, NULL);
    solo_client_destroy (&client);
    return rc;
}

static int
command_hello (const options_t *opt)
{
    char client_name [64];
    snprintf (client_name, sizeof client_name, "solo %s", SOLO_VERSION);
    Solo__V1__Hello hello = SOLO__V1__HELLO__INIT;
    hello.protocol_version = SOLO_PROTOCOL_VERSION;
    hello.client_name = client_name;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_HELLO;
    request.hello = &hello;
    return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_HELLO, NULL);
}

static int
command_ask (const options_t *opt)
{
    int rc = check_ask_options (opt);
    if (rc)
        return rc;
    Solo__V1__AskUnit ask = SOLO__V1__ASK_UNIT__INIT;
    Solo__V1__DirectLookup direct = SOLO__V1__DIRECT_LOOKUP__INIT;
    Solo__V1__FactorInput factors [SOLO_MAX_FACTOR_ARGS];
    Solo__V1__FactorInput *factor_ptrs [SOLO_MAX_FACTOR_ARGS];
    char *situation_text = NULL;
    Solo__V1__Situation *situation = NULL;

    ask.roll = opt->roll;
    ask.has_roll = opt->roll != 0;
    ask.has_seed = opt->has_seed;
    ask.seed = opt->seed;
    if (opt->game) {
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_GAME_ID;
        ask.game_id = (char *) opt->game;
        ask.unit_id = (char *) opt->unit;
    }
    else
    if (opt->situation) {
        int bad = situation_source (opt, &situation_text, &situation);
        if (bad)
            return bad;
        if (situation) {
            ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION;
            ask.situation = situation;
        }
        else {
            ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT;
            ask.situation_text = situation_text;
        }
        ask.unit_id = (char *) opt->unit;
    }
    else {
        direct.arm = opt->arm_value;
        direct.rf = opt->rf;
        direct.fortified = opt->fortified;
        direct.falling_back = opt->falling_back;
        if (opt->ruleset)
            direct.ruleset = (char *) opt->ruleset;
        for (int i = 0; i < opt->factor_count; i++) {
            solo__v1__factor_input__init (&factors [i]);
            factors [i].name = (char *) opt->factor_names [i];
            factors [i].value = opt->factor_values [i];
            factor_ptrs [i] = &factors [i];
        }
        direct.n_factors = (size_t) opt->factor_count;
        direct.factors = opt->factor_count ? factor_ptrs : NULL;
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_DIRECT;
        ask.direct = &direct;
    }
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_UNIT;
    request.ask_unit = &ask;
    rc = call_and_print (opt, &request, SOLO__V1__REPLY__BODY_UNIT_DECISION,
                         NULL);
    free (situation_text);
    if (situation)
        protobuf_c_message_free_unpacked (&situation->base, NULL);
    return rc;
}

/*  "search:ms=50" into the strategy's name and its parameters (copies in
 *  `name`, `params`). */
static void
split_strategy (const char *text, char *name, size_t name_len, char *params,
                size_t params_len)
{
    const char *colon = strchr (text, ':');
    size_t len = colon ? (size_t) (colon - text) : strlen (text);
    snprintf (name, name_len, "%.*s", (int) len, text);
    snprintf (params, params_len, "%s", colon ? colon + 1 : "");
}

static int
command_battle (options_t *opt)
{
    const char *cmd = opt->command;
    if (!opt->scenario)
        return usage_error (cmd, "battle wants --scenario NAME (solo hello lists "
                            "the scenarios)");
    if (!opt->blue || !opt->red)
        return usage_error (cmd, "battle wants both --blue STRATEGY and --red "
                            "STRATEGY, e.g. --blue table --red random");
    char blue [64], blue_params [512], red [64], red_params [512];
    split_strategy (opt->blue, blue, sizeof blue, blue_params,
                    sizeof blue_params);
    split_strategy (opt->red, red, sizeof red, red_params, sizeof red_params);
    Solo__V1__PlayBattle play = SOLO__V1__PLAY_BATTLE__INIT;
    play.source_case = SOLO__V1__PLAY_BATTLE__SOURCE_SCENARIO;
    play.scenario = (char *) opt->scenario;
    play.blue = blue;
    play.blue_params = blue_params;
    play.red = red;
    play.red_params = red_params;
    play.has_seed = opt->has_seed;
    play.seed = opt->seed;
    play.with_log = !opt->json || opt->whole_log;
    if (!opt->timeout_given)
        opt->timeout_ms = SOLO_SLOW_TIMEOUT_MS;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_PLAY_BATTLE;
    request.play_battle = &play;
    static const progress_t playing = { "playing the battle", 0 };
    return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_BATTLE_RESULT,
                           &playing);
}

static int
command_side (options_t *opt)
{
    const char *cmd = opt->command;
    int sources = (opt->scenario != NULL) + (opt->situation != NULL)
                + (opt->game != NULL);
    if (sources != 1)
        return usage_error (cmd, "side wants one of --scenario NAME, --situation "
                            "FILE or --game ID");
    if (!opt->side)
        return usage_error (cmd, "side wants --side blue or --side red: whose "
                            "army?");
    Solo__V1__AskSide ask = SOLO__V1__ASK_SIDE__INIT;
    char *situation_text = NULL;
    Solo__V1__Situation *situation = NULL;
    if (opt->game) {
        ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_GAME_ID;
        ask.game_id = (char *) opt->game;
    }
    else
    if (opt->scenario) {
        ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SCENARIO;
        ask.scenario = (char *) opt->scenario;
    }
    else {
        int bad = situation_source (opt, &situation_text, &situation);
        if (bad)
            return bad;
        if (situation) {
            ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SITUATION;
            ask.situation = situation;
        }
        else {
            ask.source_case = SOLO__V1__ASK_SIDE__SOURCE_SITUATION_TEXT;
            ask.situation_text = situation_text;
        }
    }
    ask.side = strcmp (opt->side, "red") == 0 ? SOLO__V1__SIDE__SIDE_RED
                                              : SOLO__V1__SIDE__SIDE_BLUE;
    ask.strategy = (char *) (opt->strategy ? opt->strategy : "");
    ask.budget_ms = (uint32_t) opt->budget_ms;
    ask.playouts = opt->playouts;
    ask.personality = (char *) (opt->personality ? opt->personality : "");
    ask.difficulty = (char *) (opt->difficulty ? opt->difficulty : "");
    ask.has_aggression = opt->has_aggression;
    ask.aggression = opt->aggression;
    ask.has_caution = opt->has_caution;
    ask.caution = opt->caution;
    ask.has_seed = opt->has_seed;
    ask.seed = opt->seed;
    if (!opt->timeout_given)
        opt->timeout_ms = SOLO_SLOW_TIMEOUT_MS;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_ASK_SIDE;
    request.ask_side = &ask;
    /*  the bar of the search's time: --budget-ms, else the daemon's 100
     *  ms when neither playouts nor a difficulty set it otherwise */
    progress_t thinking = { "the commander is thinking", 0 };
    if (opt->budget_ms > 0)
        thinking.budget_ms = (int) opt->budget_ms;
    else if (!opt->playouts && !opt->difficulty)
        thinking.budget_ms = SOLO_SIDE_DEFAULT_BUDGET_MS;
    int rc = call_and_print (opt, &request, SOLO__V1__REPLY__BODY_SIDE_ORDERS,
                             &thinking);
    free (situation_text);
    if (situation)
        protobuf_c_message_free_unpacked (&situation->base, NULL);
    return rc;
}

static int
command_game_open (const options_t *opt)
{
    const char *cmd = "game";
    if ((opt->scenario != NULL) == (opt->situation != NULL))
        return usage_error (cmd, "game open wants --scenario NAME or "
                            "--situation FILE");
    if (opt->turns && !opt->situation)
        return usage_error (cmd, "--turns is for a situation: a scenario sets "
                            "its own turn limit");
    Solo__V1__OpenGame open = SOLO__V1__OPEN_GAME__INIT;
    char *situation_text = NULL;
    Solo__V1__Situation *situation = NULL;
    if (opt->scenario) {
        open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SCENARIO;
        open.scenario = (char *) opt->scenario;
    }
    else {
        int bad = situation_source (opt, &situation_text, &situation);
        if (bad)
            return bad;
        if (situation) {
            open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION;
            open.situation = situation;
        }
        else {
            open.source_case = SOLO__V1__OPEN_GAME__SOURCE_SITUATION_TEXT;
            open.situation_text = situation_text;
        }
        open.turns = (uint32_t) opt->turns;
    }
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_OPEN_GAME;
    request.open_game = &open;
    int rc = call_and_print (opt, &request, SOLO__V1__REPLY__BODY_GAME_OPENED,
                             NULL);
    free (situation_text);
    if (situation)
        protobuf_c_message_free_unpacked (&situation->base, NULL);
    return rc;
}

static int
command_game_update (const options_t *opt)
{
    if (!opt->game)
        return usage_error ("game", "game update wants --game ID");
    if (opt->unit_count == 0 && !opt->next_turn)
        return usage_error ("game", "game update wants --next-turn or --unit "
                            "ID with what happened to it");
    Solo__V1__ReportUpdate update = SOLO__V1__REPORT_UPDATE__INIT;
    Solo__V1__UnitUpdate units [SOLO_MAX_UNIT_ARGS];
    Solo__V1__UnitUpdate *unit_ptrs [SOLO_MAX_UNIT_ARGS];
    Solo__V1__Point points [SOLO_MAX_UNIT_ARGS];
    Solo__V1__Stand stands [SOLO_MAX_UNIT_ARGS][SOLO_CLI_MAX_STANDS];
    Solo__V1__Stand *stand_ptrs [SOLO_MAX_UNIT_ARGS][SOLO_CLI_MAX_STANDS];
    for (int i = 0; i < opt->unit_count; i++) {
        const unit_arg_t *a = &opt->units [i];
        Solo__V1__UnitUpdate *u = &units [i];
        solo__v1__unit_update__init (u);
        u->unit_id = (char *) a->unit;
        if (a->has_at) {
            solo__v1__point__init (&points [i]);
            points [i].x = a->x;
            points [i].y = a->y;
            u->has_centre = true;
            u->centre = &points [i];
        }
        u->has_facing = a->has_facing;
        u->facing = a->facing;
        u->has_wounded = a->has_wounded;
        u->wounded = a->wounded;
        u->has_killed = a->has_killed;
        u->killed = a->killed;
        for (int k = 0; k < a->stand_count; k++) {
            solo__v1__stand__init (&stands [i][k]);
            stands [i][k].strength = a->stands [k];
            stand_ptrs [i][k] = &stands [i][k];
        }
        u->n_stands = (size_t) a->stand_count;
        u->stands = stand_ptrs [i];
        u->set = (Solo__V1__UnitStatus *) &a->set;
        u->clear = (Solo__V1__UnitStatus *) &a->clear;
        u->removed = a->removed;
        u->has_roll = a->roll != 0;
        u->roll = a->roll;
        unit_ptrs [i] = u;
    }
    update.game_id = (char *) opt->game;
    update.next_turn = opt->next_turn;
    update.n_units = (size_t) opt->unit_count;
    update.units = unit_ptrs;
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    request.body_case = SOLO__V1__REQUEST__BODY_REPORT_UPDATE;
    request.report_update = &update;
    return call_and_print (opt, &request,
                           SOLO__V1__REPLY__BODY_UPDATE_ACCEPTED, NULL);
}

static int
command_game (options_t *opt)
{
    const char *sub = opt->subcommand;
    if (!sub)
        return usage_error ("game", "which game command?  open, update, ask, "
                            "show, close or list");
    bool update = strcmp (sub, "update") == 0;
    bool ask = strcmp (sub, "ask") == 0;
    if (!update) {
        /*  The changes of a unit belong to an update only. */
        for (int i = 0; i < opt->unit_count; i++) {
            const unit_arg_t *u = &opt->units [i];
            if (u->has_at || u->has_facing || u->has_wounded || u->has_killed
            ||  u->stand_count || u->removed || opt->next_turn)
                return usage_error ("game", "--at, --facing, --wounded, "
                                    "--killed, --stands, --removed and "
                                    "--next-turn are for game update");
        }
    }
    if (strcmp (sub, "open") == 0)
        return command_game_open (opt);
    if (update)
        return command_game_update (opt);
    if (ask) {
        if (!opt->game || !opt->unit)
            return usage_error ("game", "game ask wants --game ID --unit ID");
        return command_ask (opt);
    }
    if (strcmp (sub, "list") == 0) {
        Solo__V1__ListGames list = SOLO__V1__LIST_GAMES__INIT;
        Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
        request.body_case = SOLO__V1__REQUEST__BODY_LIST_GAMES;
        request.list_games = &list;
        return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_GAME_LIST,
                               NULL);
    }
    if (!opt->game)
        return usage_error ("game", "game %s wants --game ID", sub);
    Solo__V1__Request request = SOLO__V1__REQUEST__INIT;
    if (strcmp (sub, "show") == 0) {
        Solo__V1__ShowGame show = SOLO__V1__SHOW_GAME__INIT;
        show.game_id = (char *) opt->game;
        request.body_case = SOLO__V1__REQUEST__BODY_SHOW_GAME;
        request.show_game = &show;
        return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_GAME_STATE,
                               NULL);
    }
    Solo__V1__CloseGame close = SOLO__V1__CLOSE_GAME__INIT;
    close.game_id = (char *) opt->game;
    request.body_case = SOLO__V1__REQUEST__BODY_CLOSE_GAME;
    request.close_game = &close;
    return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_GAME_CLOSED,
                           NULL);
}

/*  The help text of a command (the main one for none). */
static const char *
usage_of (const char *command)
{
    if (!command)
        return main_usage;
    if (strcmp (command, "ask") == 0)
        return ask_usage;
    if (strcmp (command, "battle") == 0)
        return battle_usage;
    if (strcmp (command, "side") == 0)
        return side_usage;
    if (strcmp (command, "game") == 0)
        return game_usage;
    if (strcmp (command, "hello") == 0)
        return hello_usage;
    return main_usage;
}

int
main (int argc, char **argv)
{
    static options_t opt;
    opt.timeout_ms = SOLO_DEFAULT_TIMEOUT_MS;
    const char *from_env = getenv ("SOLO_ENDPOINT");
    opt.endpoint = from_env && *from_env ? from_env : SOLO_DEFAULT_ENDPOINT;
    opt.server_key = getenv ("SOLO_SERVER_KEY");
    opt.client_key_file = getenv ("SOLO_CLIENT_KEY_FILE");

    for (int i = 1; i < argc; i++)
        json_errors |= strcmp (argv [i], "--json") == 0;
    int rc = parse_command_line (argc, argv, &opt);
    if (rc)
        return rc;
    if (opt.help) {
        fputs (usage_of (opt.command), stdout);
        return EXIT_OK;
    }
    if (opt.version) {
        printf ("solo %s (protocol %d)\n", SOLO_VERSION, SOLO_PROTOCOL_VERSION);
        return EXIT_OK;
    }
    if (!opt.command)
        return usage_error (NULL, "which command?  ask, side, battle, game or "
                            "hello");
    for (int i = 0; i < opt.given_count; i++) {
        const option_spec_t *spec = opt.given [i];
        if (!(spec->commands & opt.command_bit))
            return usage_error (NULL, "%s is an option of solo %s, not %s",
                                spec->name, command_of (spec->commands),
                                opt.command);
    }
    switch (opt.command_bit) {
        case CMD_HELLO:  return command_hello (&opt);
        case CMD_BATTLE: return command_battle (&opt);
        case CMD_SIDE:   return command_side (&opt);
        case CMD_GAME:   return command_game (&opt);
        default:         return command_ask (&opt);
    }
}
