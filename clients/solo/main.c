/*  main.c - solo, the command line front end of solod.
 *
 *      solo [--endpoint E] [--timeout MS] [--json] hello
 *      solo ask --situation FILE --unit ID [--roll D] [--seed S] [--json]
 *      solo ask --arm ARM (--rf N | --factor NAME=VALUE ...) [--roll D]
 *
 *  It reads the command line, sends one request, prints the answer in
 *  plain words or as one JSON object, and exits 0 (answered), 2 (usage),
 *  3 (the daemon answered with an error), 4 (no usable answer) or 1 (a
 *  local failure).  It knows the protocol only: no rules.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "client.h"
#include "json.h"
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

/*  Everything the command line says. */
typedef struct {
    const char *command;       /* "ask", "hello", NULL */
    const char *endpoint;
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
    /* options given, to tell which belong to which command */
    const char *first_ask_option;
} options_t;

static const char *main_usage =
"Usage: solo [--endpoint ENDPOINT] [--timeout MS] [--json] COMMAND [OPTIONS]\n"
"\n"
"Ask solod, the solo opponent daemon, what an enemy unit does.\n"
"\n"
"Commands:\n"
"  ask       what does this unit do?  (solo ask --help)\n"
"  hello     the daemon's version, its rulesets with their table hashes,\n"
"            and its limits\n"
"\n"
"Options (anywhere on the line):\n"
"  --endpoint ENDPOINT  the daemon's ZeroMQ endpoint (default: $SOLO_ENDPOINT,\n"
"                       else " SOLO_DEFAULT_ENDPOINT ")\n"
"  --timeout MS         wait at most MS milliseconds for the answer\n"
"                       (default 10000)\n"
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
"       solo ask --arm ARM --rf N [--roll D] [--seed S] [--json]\n"
"       solo ask --arm ARM --factor NAME=VALUE [--factor ...] [--roll D] ...\n"
"\n"
"What does this unit do?  The daemon works out the unit's Risk Factor,\n"
"throws the D6 (or takes yours), and answers with the action from the\n"
"actions table, the morale effect, the geometry of the order and what\n"
"every face of the die would have given.\n"
"\n"
"The whole question, from a situation file (see clients/examples/):\n"
"  --situation FILE     the table: terrain and both sides' units (- : stdin)\n"
"  --unit ID            the unit to ask about\n"
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
"  --roll D             your own die, 1 to 6 (default: the daemon rolls)\n"
"  --seed S             the daemon's dice seed for this question, to repeat\n"
"                       an earlier answer exactly\n"
"  --json               one JSON object: action, rf, roll, factors, outcomes,\n"
"                       morale, charge, geometry, layer, ruleset, tables_hash...\n"
"  --verbose, -v        add the daemon's whole working\n";

/*  Print a usage error, with a pointer to the help of `command` (NULL:
 *  the main help), and return the exit code for it. */
static int usage_error (const char *command, const char *format, ...)
    __attribute__ ((format (printf, 2, 3)));

static int
usage_error (const char *command, const char *format, ...)
{
    va_list args;
    va_start (args, format);
    fprintf (stderr, "solo: ");
    vfprintf (stderr, format, args);
    va_end (args);
    fprintf (stderr, "\nTry 'solo %s%s--help'.\n", command ? command : "",
             command ? " " : "");
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

/*  Options: the name, whether a value follows, whether it belongs to ask. */
typedef struct {
    const char *name;
    bool has_value;
    bool ask_only;
} option_spec_t;

static const option_spec_t option_specs [] = {
    { "--endpoint",     true,  false },
    { "--timeout",      true,  false },
    { "--json",         false, false },
    { "--verbose",      false, false },
    { "-v",             false, false },
    { "--no-color",     false, false },
    { "--no-colour",    false, false },
    { "--help",         false, false },
    { "-h",             false, false },
    { "--version",      false, false },
    { "--situation",    true,  true },
    { "--unit",         true,  true },
    { "--arm",          true,  true },
    { "--rf",           true,  true },
    { "--factor",       true,  true },
    { "--fortified",    false, true },
    { "--falling-back", false, true },
    { "--ruleset",      true,  true },
    { "--roll",         true,  true },
    { "--seed",         true,  true },
};

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
    if (strcmp (name, "--timeout") == 0) {
        if (parse_long (value, 1, SOLO_MAX_TIMEOUT_MS, &number))
            return usage_error (opt->command, "--timeout wants milliseconds, 1 to %d, "
                                "not \"%s\"", SOLO_MAX_TIMEOUT_MS, value);
        opt->timeout_ms = (int) number;
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
    }
    else
    if (strcmp (name, "--seed") == 0) {
        if (parse_u64 (value, &opt->seed))
            return usage_error (opt->command, "--seed wants a whole number, 0 to "
                                "18446744073709551615, not \"%s\"", value);
        opt->has_seed = true;
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
            if (opt->command)
                return usage_error (opt->command, "unexpected argument \"%s\"", arg);
            if (strcmp (arg, "help") == 0) {
                opt->help = true;
                continue;
            }
            if (strcmp (arg, "ask") && strcmp (arg, "hello"))
                return usage_error (NULL, "unknown command \"%s\" (ask, hello)", arg);
            opt->command = arg;
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
        if (spec->ask_only && !opt->first_ask_option)
            opt->first_ask_option = spec->name;
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
        return usage_error (cmd, "--unit needs --situation FILE");
    if (!opt->arm)
        return usage_error (cmd, "ask wants --situation FILE --unit ID, or --arm "
                            "ARM with --rf N or --factor NAME=VALUE");
    if (opt->has_rf && opt->factor_count > 0)
        return usage_error (cmd, "give --rf or --factor, not both");
    if (!opt->has_rf && opt->factor_count == 0)
        return usage_error (cmd, "--arm needs --rf N or --factor NAME=VALUE");
    return 0;
}

/*  The whole of `path` ("-": standard input) as a NUL-terminated string
 *  in *text.  Returns 0, or -1 with the reason in `err`. */
static int
read_situation (const char *path, char **text, char *err, size_t errlen)
{
    bool from_stdin = strcmp (path, "-") == 0;
    FILE *file = from_stdin ? stdin : fopen (path, "rb");
    if (!file) {
        snprintf (err, errlen, "cannot read situation file \"%s\": %s", path,
                  strerror (errno));
        return -1;
    }
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
        size_t got = fread (data + len, 1, cap - len - 1, file);
        len += got;
        if (len > SOLO_MAX_SITUATION_BYTES) {
            snprintf (err, errlen, "situation file \"%s\" is too large "
                      "(more than %d bytes)", path, SOLO_MAX_SITUATION_BYTES);
            rc = -1;
        }
        else
        if (got == 0) {
            if (ferror (file)) {
                snprintf (err, errlen, "cannot read situation file \"%s\": %s",
                          path, strerror (errno));
                rc = -1;
            }
            break;
        }
    }
    if (!from_stdin)
        fclose (file);
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

/*  Print one JSON value built by `out`, newline-terminated. */
static int
print_json (json_out_t *out)
{
    const char *text = json_out_text (out);
    if (!text || !json_out_complete (out)) {
        fprintf (stderr, "solo: out of memory writing JSON\n");
        return EXIT_LOCAL;
    }
    printf ("%s\n", text);
    return EXIT_OK;
}

/*  Send `request`, print the answer, and return the exit code.  `expect`
 *  is the reply body that answers the request. */
static int
call_and_print (const options_t *opt, Solo__V1__Request *request,
                Solo__V1__Reply__BodyCase expect)
{
    char err [512];
    solo_client_t *client = solo_client_new (opt->endpoint, opt->timeout_ms,
                                             err, sizeof err);
    if (!client) {
        fprintf (stderr, "solo: %s\n", err);
        return EXIT_USAGE;
    }
    Solo__V1__Reply *reply = NULL;
    solo_call_t call = solo_client_call (client, request, &reply, err,
                                         sizeof err);
    int rc = EXIT_OK;
    if (call != SOLO_CALL_OK) {
        fprintf (stderr, "solo: %s\n", err);
        rc = call == SOLO_CALL_FAILED ? EXIT_LOCAL : EXIT_NO_ANSWER;
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
    if (opt->json && !json) {
        fprintf (stderr, "solo: out of memory\n");
        rc = EXIT_LOCAL;
    }
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
    || (expect == SOLO__V1__REPLY__BODY_UNIT_DECISION && !reply->unit_decision)) {
        fprintf (stderr, "solo: the answer from %s is not the one asked for "
                 "(reply body %d)\n", opt->endpoint, (int) reply->body_case);
        rc = EXIT_NO_ANSWER;
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
    else {
        if (json)
            rc = json_unit_decision (json, NULL, reply->unit_decision)
               ? EXIT_LOCAL : print_json (json);
        else
            render_unit_decision (stdout, reply->unit_decision, &style);
    }
    if (fflush (stdout) != 0 && rc == EXIT_OK) {
        fprintf (stderr, "solo: cannot write the answer: %s\n",
                 strerror (errno));
        rc = EXIT_LOCAL;
    }
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
    return call_and_print (opt, &request, SOLO__V1__REPLY__BODY_HELLO);
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

    ask.roll = opt->roll;
    ask.has_roll = opt->roll != 0;
    ask.has_seed = opt->has_seed;
    ask.seed = opt->seed;
    if (opt->situation) {
        char err [512];
        if (read_situation (opt->situation, &situation_text, err, sizeof err)) {
            fprintf (stderr, "solo: %s\n", err);
            return EXIT_USAGE;
        }
        ask.source_case = SOLO__V1__ASK_UNIT__SOURCE_SITUATION_TEXT;
        ask.situation_text = situation_text;
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
    rc = call_and_print (opt, &request, SOLO__V1__REPLY__BODY_UNIT_DECISION);
    free (situation_text);
    return rc;
}

int
main (int argc, char **argv)
{
    options_t opt = { .timeout_ms = SOLO_DEFAULT_TIMEOUT_MS };
    const char *from_env = getenv ("SOLO_ENDPOINT");
    opt.endpoint = from_env && *from_env ? from_env : SOLO_DEFAULT_ENDPOINT;

    int rc = parse_command_line (argc, argv, &opt);
    if (rc)
        return rc;
    if (opt.help) {
        fputs (opt.command && strcmp (opt.command, "ask") == 0 ? ask_usage
                                                               : main_usage,
               stdout);
        return EXIT_OK;
    }
    if (opt.version) {
        printf ("solo %s (protocol %d)\n", SOLO_VERSION, SOLO_PROTOCOL_VERSION);
        return EXIT_OK;
    }
    if (!opt.command)
        return usage_error (NULL, "which command?  ask or hello");
    if (strcmp (opt.command, "hello") == 0) {
        if (opt.first_ask_option)
            return usage_error (NULL, "%s is an option of solo ask, not hello", opt.first_ask_option);
        return command_hello (&opt);
    }
    return command_ask (&opt);
}
