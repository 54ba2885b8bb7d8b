/*  test_config.c - the daemon's settings file, its defaults, the ruleset
 *  catalog it loads, and the log levels.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "catalog.h"
#include "config.h"
#include "log.h"
#include "testutil.h"

/*  Load `text` as a config file over the defaults; returns the rc. */
static int
load_text (const char *text, solod_config_t *cfg, char *err, int errlen,
           const char **path)
{
    solod_config_defaults (cfg);
    const char *p = test_write_temp (text, ".conf");
    if (path)
        *path = p;
    err[0] = '\0';
    return solod_config_load (cfg, p, err, errlen);
}

/*  The file must be refused with "path:line - ..." holding `words`. */
static void
assert_refused (const char *text, int line, const char *words)
{
    solod_config_t cfg;
    char err[512];
    const char *path;
    assert_int_equal (load_text (text, &cfg, err, sizeof err, &path), -1);
    char where[128];
    snprintf (where, sizeof where, "%s:%d - ", path, line);
    if (strncmp (err, where, strlen (where)) != 0)
        fail_msg ("expected '%s...', got '%s'", where, err);
    if (!strstr (err, words))
        fail_msg ("expected '%s' in '%s'", words, err);
}

static void
test_defaults (void **state)
{
    (void) state;
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    assert_string_equal (cfg.bind, "tcp://127.0.0.1:7460");
    assert_int_equal (cfg.workers, 2);
    assert_false (cfg.has_seed);
    assert_string_equal (cfg.data_dir, "");
    assert_string_equal (cfg.default_ruleset, "skirmish19");
    assert_int_equal (cfg.max_message_bytes, 1048576);
    assert_int_equal (cfg.queue_max, 256);
    assert_int_equal (cfg.log_level, LOG_LEVEL_INFO);
    assert_int_equal (cfg.test_delay_ms, 0);

    /*  the default data folder holds the rulesets */
    char dir[SOLOD_PATH_MAX];
    solod_default_data_dir (dir, sizeof dir);
    char path[SOLOD_PATH_MAX + 32];
    snprintf (path, sizeof path, "%s/skirmish19/tables.cfg", dir);
    struct stat st;
    assert_int_equal (stat (path, &st), 0);
}

static void
test_full_file (void **state)
{
    (void) state;
    solod_config_t cfg;
    char err[512];
    const char *path;
    int rc = load_text (
        "# every key\n"
        "solod = {\n"
        "  bind = \"ipc:///tmp/solod-test.sock\";\n"
        "  workers = 5;\n"
        "  seed = 9000000000L;\n"
        "  data_dir = \"rulesets\";\n"
        "  house_rules = [ \"mine.cfg\", \"/srv/theirs.cfg\" ];\n"
        "  default_ruleset = \"house\";\n"
        "  max_message_bytes = 65536;\n"
        "  queue_max = 0;\n"
        "  log_level = \"debug\";\n"
        "};\n", &cfg, err, sizeof err, &path);
    if (rc)
        fail_msg ("%s", err);
    assert_string_equal (cfg.bind, "ipc:///tmp/solod-test.sock");
    assert_int_equal (cfg.workers, 5);
    assert_true (cfg.has_seed);
    assert_true (cfg.seed == 9000000000ULL);
    /*  relative to the file's folder */
    char expected[SOLOD_PATH_MAX];
    snprintf (expected, sizeof expected, "%.*s/rulesets",
              (int) (strrchr (path, '/') - path), path);
    assert_string_equal (cfg.data_dir, expected);
    /*  house rules files, relative to it too; an absolute one as it is */
    assert_int_equal (cfg.house_rules_count, 2);
    snprintf (expected, sizeof expected, "%.*s/mine.cfg",
              (int) (strrchr (path, '/') - path), path);
    assert_string_equal (cfg.house_rules[0], expected);
    assert_string_equal (cfg.house_rules[1], "/srv/theirs.cfg");
    assert_string_equal (cfg.default_ruleset, "house");
    assert_int_equal (cfg.max_message_bytes, 65536);
    assert_int_equal (cfg.queue_max, 0);
    assert_int_equal (cfg.log_level, LOG_LEVEL_DEBUG);

    /*  an absolute data_dir stays as it is; a small seed is an int */
    rc = load_text ("solod = { data_dir = \"/srv/solod\"; seed = 1; };\n",
                    &cfg, err, sizeof err, NULL);
    assert_int_equal (rc, 0);
    assert_string_equal (cfg.data_dir, "/srv/solod");
    assert_true (cfg.seed == 1);

    /*  an empty group keeps the defaults */
    rc = load_text ("solod = { };\n", &cfg, err, sizeof err, NULL);
    assert_int_equal (rc, 0);
    assert_int_equal (cfg.workers, SOLOD_WORKERS_DEFAULT);
    assert_false (cfg.has_seed);
}

/*  broker_answers: its four spellings, AUTO resolved by the CPUs (at
 *  most two: the broker answers every small question itself; more: only
 *  while idle; none known: taken as one), and a wrong one refused with
 *  its line and the spellings. */
static void
test_broker_answers (void **state)
{
    (void) state;
    solod_config_t cfg;
    char err[512];
    solod_config_defaults (&cfg);
    assert_int_equal (cfg.broker_answers, SOLOD_BROKER_AUTO);
    assert_int_equal (solod_broker_answers (&cfg, 0), SOLOD_BROKER_ALWAYS);
    assert_int_equal (solod_broker_answers (&cfg, 1), SOLOD_BROKER_ALWAYS);
    assert_int_equal (solod_broker_answers (&cfg, 2), SOLOD_BROKER_ALWAYS);
    assert_int_equal (solod_broker_answers (&cfg, 3), SOLOD_BROKER_WHEN_IDLE);
    assert_int_equal (solod_broker_answers (&cfg, 64), SOLOD_BROKER_WHEN_IDLE);
    assert_true (solod_usable_cpus () >= 1);

    static const struct {
        const char *text;
        solod_broker_answers_t mode;
    } modes[] = {
        { "auto", SOLOD_BROKER_AUTO },
        { "always", SOLOD_BROKER_ALWAYS },
        { "when_idle", SOLOD_BROKER_WHEN_IDLE },
        { "never", SOLOD_BROKER_NEVER },
    };
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        char text[128];
        snprintf (text, sizeof text, "solod = { broker_answers = \"%s\"; };\n",
                  modes[i].text);
        solod_config_defaults (&cfg);
        if (load_text (text, &cfg, err, sizeof err, NULL))
            fail_msg ("%s", err);
        assert_int_equal (cfg.broker_answers, modes[i].mode);
        assert_string_equal (solod_broker_answers_name (modes[i].mode),
                             modes[i].text);
        if (modes[i].mode != SOLOD_BROKER_AUTO) {
            /*  a chosen mode is kept whatever the CPUs */
            assert_int_equal (solod_broker_answers (&cfg, 1), modes[i].mode);
            assert_int_equal (solod_broker_answers (&cfg, 8), modes[i].mode);
        }
    }
    assert_refused ("solod = {\n  broker_answers = \"sometimes\";\n};\n", 2,
                    "'broker_answers' is \"sometimes\", must be auto, "
                    "always, when_idle or never");
    assert_refused ("solod = {\n  broker_answers = 1;\n};\n", 2,
                    "'broker_answers' must be a string");
}

/*  The keys of the games: state_db, scenario_dir, quick_workers. */
static void
test_game_keys (void **state)
{
    (void) state;
    solod_config_t cfg;
    char err[512];
    const char *path;
    solod_config_defaults (&cfg);
    assert_string_equal (cfg.state_db, "");
    assert_string_equal (cfg.scenario_dir, "");
    assert_int_equal (solod_quick_workers (&cfg), 1);
    cfg.workers = 1;
    assert_int_equal (solod_quick_workers (&cfg), 0);

    int rc = load_text ("solod = {\n  state_db = \"games/solod.db\";\n"
                        "  scenario_dir = \"scen\";\n  quick_workers = 3;\n"
                        "  workers = 3;\n};\n", &cfg, err, sizeof err, &path);
    if (rc)
        fail_msg ("%s", err);
    char expected[SOLOD_PATH_MAX];
    int folder = (int) (strrchr (path, '/') - path);
    snprintf (expected, sizeof expected, "%.*s/games/solod.db", folder, path);
    assert_string_equal (cfg.state_db, expected);
    snprintf (expected, sizeof expected, "%.*s/scen", folder, path);
    assert_string_equal (cfg.scenario_dir, expected);
    /*  at least one worker takes slow work */
    assert_int_equal (solod_quick_workers (&cfg), 2);
    rc = load_text ("solod = { state_db = \":memory:\"; };\n", &cfg, err,
                    sizeof err, NULL);
    assert_int_equal (rc, 0);
    assert_string_equal (cfg.state_db, ":memory:");
    rc = load_text ("solod = { state_db = \"/var/lib/solod.db\"; };\n", &cfg,
                    err, sizeof err, NULL);
    assert_int_equal (rc, 0);
    assert_string_equal (cfg.state_db, "/var/lib/solod.db");
    assert_refused ("solod = {\n  quick_workers = -1;\n};\n", 2,
                    "'quick_workers' is -1, must be in 0..63");
    assert_refused ("solod = {\n  state_db = \"\";\n};\n", 2,
                    "'state_db' must not be empty");
    assert_refused ("solod = {\n  scenario_dir = 3;\n};\n", 2,
                    "'scenario_dir' must be a string");

    /*  scenarios beside the rulesets */
    char dir[SOLOD_PATH_MAX];
    assert_string_equal (solod_default_scenario_dir ("/usr/share/solod/rulesets",
                                                     dir, sizeof dir),
                         "/usr/share/solod/scenarios");
    assert_string_equal (solod_default_scenario_dir ("/src/rules/data/", dir,
                                                     sizeof dir),
                         "/src/rules/scenarios");
    assert_string_equal (solod_default_scenario_dir ("data", dir, sizeof dir),
                         "scenarios");

    /*  an install finds its data beside its program, whatever its prefix */
    char root[] = "/tmp/solo-prefix-XXXXXX";
    assert_non_null (mkdtemp (root));
    char sbin[SOLOD_PATH_MAX], rulesets[SOLOD_PATH_MAX], exe[SOLOD_PATH_MAX];
    snprintf (sbin, sizeof sbin, "%s/sbin", root);
    snprintf (exe, sizeof exe, "%s/solod", sbin);
    snprintf (rulesets, sizeof rulesets, "%s/%s/rulesets", sbin,
              SOLO_DATA_FROM_PROGRAM);
    assert_int_equal (solod_data_dir_beside (exe, dir, sizeof dir), -1);
    char cmd[3 * SOLOD_PATH_MAX];
    snprintf (cmd, sizeof cmd, "mkdir -p '%s' '%s'", sbin, rulesets);
    assert_int_equal (system (cmd), 0);
    assert_int_equal (solod_data_dir_beside (exe, dir, sizeof dir), 0);
    char *real = realpath (rulesets, NULL);
    assert_non_null (real);
    assert_string_equal (dir, real);
    assert_null (strstr (dir, "/../"));
    free (real);
    char scenarios[SOLOD_PATH_MAX], want[SOLOD_PATH_MAX];
    snprintf (want, sizeof want, "%s", dir);
    snprintf (strrchr (want, '/'), sizeof want - (size_t) (strrchr (want, '/') - want),
              "/scenarios");
    assert_string_equal (solod_default_scenario_dir (dir, scenarios,
                                                     sizeof scenarios), want);
    assert_int_equal (solod_data_dir_beside ("solod", dir, sizeof dir), -1);
    assert_int_equal (solod_data_dir_beside (NULL, dir, sizeof dir), -1);
    assert_int_equal (solod_data_dir_beside (exe, dir, 8), -1);
    snprintf (cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal (system (cmd), 0);

    /*  the store in the user's state folder, made when missing */
    char home[] = "/tmp/solo-state-XXXXXX";
    assert_non_null (mkdtemp (home));
    char *saved = getenv ("XDG_STATE_HOME") ? strdup (getenv ("XDG_STATE_HOME"))
                                            : NULL;
    setenv ("XDG_STATE_HOME", home, 1);
    solod_default_state_db (dir, sizeof dir);
    snprintf (expected, sizeof expected, "%s/solod/solod.db", home);
    assert_string_equal (dir, expected);
    struct stat st;
    snprintf (expected, sizeof expected, "%s/solod", home);
    assert_int_equal (stat (expected, &st), 0);
    assert_true (S_ISDIR (st.st_mode));
    if (saved) {
        setenv ("XDG_STATE_HOME", saved, 1);
        free (saved);
    }
    else
        unsetenv ("XDG_STATE_HOME");
    rmdir (expected);
    rmdir (home);
}

/*  The example shipped with the daemon loads, and says what the defaults
 *  are. */
static void
test_example_file (void **state)
{
    (void) state;
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    char err[512] = "";
    if (solod_config_load (&cfg, test_source_path ("daemon/solod.conf"), err,
                           sizeof err))
        fail_msg ("%s", err);
    solod_config_t defaults;
    solod_config_defaults (&defaults);
    assert_string_equal (cfg.bind, defaults.bind);
    assert_int_equal (cfg.workers, defaults.workers);
    assert_int_equal (cfg.max_message_bytes, defaults.max_message_bytes);
    assert_int_equal (cfg.queue_max, defaults.queue_max);
    assert_int_equal (cfg.log_level, defaults.log_level);
    assert_string_equal (cfg.default_ruleset, defaults.default_ruleset);
}

static void
test_refused (void **state)
{
    (void) state;
    /*  unknown keys, in the group and beside it */
    assert_refused ("solod = {\n  bind = \"tcp://127.0.0.1:1\";\n"
                    "  wokers = 3;\n};\n", 3, "unknown key 'wokers'");
    assert_refused ("solod = { };\n\nlisten = 1;\n", 3,
                    "unknown key 'listen'");
    /*  wrong types */
    assert_refused ("solod = {\n  workers = \"two\";\n};\n", 2,
                    "'workers' must be an integer");
    assert_refused ("solod = {\n\n  bind = 7460;\n};\n", 3,
                    "'bind' must be a string");
    assert_refused ("solod = {\n  workers = 2.5;\n};\n", 2,
                    "'workers' must be an integer");
    assert_refused ("solod = 3;\n", 1, "'solod' must be a group");
    assert_refused ("solod = {\n  house_rules = \"mine.cfg\";\n};\n", 2,
                    "'house_rules' must be a list of table files");
    assert_refused ("solod = {\n  house_rules = [ \"a\", \"b\", \"c\", \"d\", "
                    "\"e\", \"f\", \"g\", \"h\", \"i\" ];\n};\n", 2,
                    "'house_rules' names 9 files, more than 8");
    /*  bad values */
    assert_refused ("solod = {\n  workers = 0;\n};\n", 2, "'workers' is 0");
    assert_refused ("solod = {\n  workers = 65;\n};\n", 2, "1..64");
    assert_refused ("solod = {\n  queue_max = -1;\n};\n", 2, "'queue_max'");
    assert_refused ("solod = {\n  queue_max = 65537;\n};\n", 2, "'queue_max'");
    assert_refused ("solod = {\n  max_message_bytes = 100;\n};\n", 2,
                    "'max_message_bytes' is 100");
    assert_refused ("solod = {\n  seed = -5;\n};\n", 2, "'seed' is -5");
    assert_refused ("solod = {\n  log_level = \"loud\";\n};\n", 2,
                    "'log_level' is \"loud\"");
    assert_refused ("solod = {\n  bind = \"\";\n};\n", 2,
                    "'bind' must not be empty");
    /*  the file's syntax */
    assert_refused ("solod = {\n  workers = 2;\n  seed = = 3;\n};\n", 3,
                    "syntax error");
    /*  a number past 32 bits is named, not read as its low 32 bits
     *  (4294967298 would be 2) */
    assert_refused ("solod = {\n  workers = 4294967298;\n};\n", 2,
                    "whole number 4294967298 is too large");
    /*  no group at all */
    assert_refused ("# nothing here\n", 1, "no 'solod' group");
    /*  a byte-order mark, as some editors write, is read past */
    solod_config_t cfg;
    char err[512];
    assert_int_equal (load_text ("\xEF\xBB\xBFsolod = {\n  workers = 3;\n};\n",
                                 &cfg, err, sizeof err, NULL), 0);
    assert_int_equal (cfg.workers, 3);
}

static void
test_missing_file (void **state)
{
    (void) state;
    solod_config_t cfg;
    solod_config_defaults (&cfg);
    char err[512];
    assert_int_equal (solod_config_load (&cfg, "/nonexistent/solod.conf", err,
                                         sizeof err), -1);
    assert_non_null (strstr (err, "/nonexistent/solod.conf - cannot read"));
}

static void
test_parse_seed (void **state)
{
    (void) state;
    uint64_t seed = 0;
    assert_int_equal (solod_parse_seed ("0", &seed), 0);
    assert_true (seed == 0);
    assert_int_equal (solod_parse_seed ("18446744073709551615", &seed), 0);
    assert_true (seed == UINT64_MAX);
    assert_int_equal (solod_parse_seed ("42", &seed), 0);
    assert_true (seed == 42);
    assert_int_equal (solod_parse_seed ("18446744073709551616", &seed), -1);
    assert_int_equal (solod_parse_seed ("-1", &seed), -1);
    assert_int_equal (solod_parse_seed ("12a", &seed), -1);
    assert_int_equal (solod_parse_seed ("", &seed), -1);
    assert_int_equal (solod_parse_seed (" 1", &seed), -1);
    assert_int_equal (solod_parse_seed (NULL, &seed), -1);
    assert_true (seed == 42);          /* untouched by the refusals */
}

static void
test_log_levels (void **state)
{
    (void) state;
    assert_int_equal (log_level_parse ("error"), LOG_LEVEL_ERROR);
    assert_int_equal (log_level_parse ("warn"), LOG_LEVEL_WARN);
    assert_int_equal (log_level_parse ("INFO"), LOG_LEVEL_INFO);
    assert_int_equal (log_level_parse ("debug"), LOG_LEVEL_DEBUG);
    assert_int_equal (log_level_parse ("loud"), -1);
    assert_int_equal (log_level_parse (NULL), -1);
    assert_string_equal (log_level_name (LOG_LEVEL_WARN), "warn");
    log_level_t saved = log_get_level ();
    log_set_level (LOG_LEVEL_WARN);
    assert_true (log_enabled (LOG_LEVEL_ERROR));
    assert_true (log_enabled (LOG_LEVEL_WARN));
    assert_false (log_enabled (LOG_LEVEL_INFO));
    log_info ("not written");
    log_set_level (saved);
}

/*  ---- the catalog of rulesets ------------------------------------------ */

static void
test_catalog (void **state)
{
    (void) state;
    char err[512] = "";
    catalog_t *catalog = catalog_new (test_source_path ("rules/data"), NULL, 0,
                                      "skirmish19", err, sizeof err);
    if (!catalog)
        fail_msg ("%s", err);
    assert_true (catalog_count (catalog) >= 1);
    const ruleset_t *rs = catalog_find (catalog, "skirmish19");
    assert_non_null (rs);
    assert_string_equal (ruleset_name (rs), "skirmish19");
    assert_ptr_equal (catalog_find (catalog, ""), rs);
    assert_ptr_equal (catalog_find (catalog, NULL), rs);
    assert_ptr_equal (catalog_default (catalog), rs);
    assert_ptr_equal (catalog_finder ("skirmish19", catalog), rs);
    assert_null (catalog_find (catalog, "napoleon"));
    assert_null (catalog_at (catalog, catalog_count (catalog)));
    for (int i = 1; i < catalog_count (catalog); i++)
        assert_true (strcmp (ruleset_name (catalog_at (catalog, i - 1)),
                             ruleset_name (catalog_at (catalog, i))) < 0);
    catalog_destroy (&catalog);
    catalog_destroy (&catalog);
    assert_null (catalog);
}

/*  A folder made for one test, with rulesets copied or written into it. */
static void
make_folder (char *dir, size_t len)
{
    snprintf (dir, len, "/tmp/solod-catalog-XXXXXX");
    assert_non_null (mkdtemp (dir));
}

static void
write_file (const char *path, const char *text)
{
    FILE *f = fopen (path, "w");
    assert_non_null (f);
    fputs (text, f);
    fclose (f);
}

static char *
read_file (const char *path)
{
    FILE *f = fopen (path, "rb");
    assert_non_null (f);
    fseek (f, 0, SEEK_END);
    long size = ftell (f);
    fseek (f, 0, SEEK_SET);
    char *text = calloc (1, (size_t) size + 1);
    assert_int_equal (fread (text, 1, (size_t) size, f), (size_t) size);
    fclose (f);
    return text;
}

static void
test_catalog_errors (void **state)
{
    (void) state;
    char err[512] = "";
    assert_null (catalog_new ("/nonexistent/solod-data", NULL, 0,
                              "skirmish19", err,
                              sizeof err));
    assert_non_null (strstr (err, "/nonexistent/solod-data - cannot read"));

    assert_null (catalog_new (test_source_path ("rules/data"), NULL, 0,
                              "napoleon",
                              err, sizeof err));
    assert_non_null (strstr (err, "'napoleon' is not there"));

    char dir[64], sub[128], path[192];
    make_folder (dir, sizeof dir);
    assert_null (catalog_new (dir, NULL, 0, "skirmish19", err, sizeof err));
    assert_non_null (strstr (err, "no ruleset found"));

    /*  a broken table file is refused with its file and line */
    snprintf (sub, sizeof sub, "%s/broken", dir);
    assert_int_equal (mkdir (sub, 0700), 0);
    snprintf (path, sizeof path, "%s/tables.cfg", sub);
    write_file (path, "name = \"broken\";\n\ntitle = ;\n");
    assert_null (catalog_new (dir, NULL, 0, "broken", err, sizeof err));
    char where[256];
    snprintf (where, sizeof where, "%s:3", path);
    if (!strstr (err, where))
        fail_msg ("expected '%s' in '%s'", where, err);
    unlink (path);
    rmdir (sub);

    /*  two folders giving the same ruleset name */
    char *tables = read_file (test_source_path (
        "rules/data/skirmish19/tables.cfg"));
    const char *names[] = { "a", "b" };
    for (int i = 0; i < 2; i++) {
        snprintf (sub, sizeof sub, "%s/%s", dir, names[i]);
        assert_int_equal (mkdir (sub, 0700), 0);
        snprintf (path, sizeof path, "%s/tables.cfg", sub);
        write_file (path, tables);
    }
    assert_null (catalog_new (dir, NULL, 0, "skirmish19", err, sizeof err));
    assert_non_null (strstr (err, "two table files name the ruleset "
                                  "'skirmish19'"));
    /*  one of them alone is fine */
    snprintf (path, sizeof path, "%s/b/tables.cfg", dir);
    unlink (path);
    catalog_t *catalog = catalog_new (dir, NULL, 0, "skirmish19", err,
                                      sizeof err);
    if (!catalog)
        fail_msg ("%s", err);
    assert_int_equal (catalog_count (catalog), 1);
    catalog_destroy (&catalog);
    snprintf (path, sizeof path, "%s/a/tables.cfg", dir);
    unlink (path);
    for (int i = 0; i < 2; i++) {
        snprintf (sub, sizeof sub, "%s/%s", dir, names[i]);
        rmdir (sub);
    }
    rmdir (dir);
    free (tables);
}

int
main (void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test (test_defaults),
        cmocka_unit_test (test_full_file),
        cmocka_unit_test (test_game_keys),
        cmocka_unit_test (test_broker_answers),
        cmocka_unit_test (test_example_file),
        cmocka_unit_test (test_refused),
        cmocka_unit_test (test_missing_file),
        cmocka_unit_test (test_parse_seed),
        cmocka_unit_test (test_log_levels),
        cmocka_unit_test (test_catalog),
        cmocka_unit_test (test_catalog_errors),
    };
    return cmocka_run_group_tests (tests, NULL, NULL);
}
