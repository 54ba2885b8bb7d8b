/*  tour_slurm.c - a tournament's workers as a Slurm job array: the batch
 *  script, sbatch and scancel run as child processes.  */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tour_slurm.h"

int
tour_slurm_connect_for (const char *bind, char *out, size_t len)
{
    assert (bind && out && len > 0);
    const char *port = strrchr (bind, ':');
    bool any = strncmp (bind, "tcp://*:", 8) == 0
            || strncmp (bind, "tcp://0.0.0.0:", 14) == 0;
    if (!any)
        return (size_t) snprintf (out, len, "%s", bind) < len ? 0 : -1;
    char host[256];
    if (!port || gethostname (host, sizeof host) != 0 || !host[0])
        return -1;
    host[sizeof host - 1] = '\0';
    return (size_t) snprintf (out, len, "tcp://%s%s", host, port) < len
           ? 0 : -1;
}

/*  `s` quoted for sh: inside single quotes, each ' as '\''. */
static void
put_quoted (FILE *out, const char *s)
{
    fputc ('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            fputs ("'\\''", out);
        else
            fputc (*s, out);
    }
    fputc ('\'', out);
}

void
tour_slurm_script (const tour_slurm_t *opts, FILE *out)
{
    assert (opts && out && opts->tasks >= 1);
    fprintf (out,
             "#!/bin/sh\n"
             "# solo-tournament's workers: one a task of this array, each\n"
             "# connecting to the coordinator, which holds the database.  A\n"
             "# task cancelled or preempted loses no game; requeued, it\n"
             "# joins again.\n"
             "#SBATCH --job-name=solo-tournament-workers\n"
             "#SBATCH --array=0-%d\n"
             "#SBATCH --ntasks=1\n"
             "#SBATCH --cpus-per-task=1\n"
             "#SBATCH --requeue\n"
             "exec ", opts->tasks - 1);
    put_quoted (out, opts->worker);
    fputs (" worker --connect ", out);
    put_quoted (out, opts->connect);
    fputs (" --name \"slurm-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}\"",
           out);
    if (opts->server_key && opts->client_key_file) {
        fputs (" \\\n    --server-key ", out);
        put_quoted (out, opts->server_key);
        fputs (" --client-key-file ", out);
        put_quoted (out, opts->client_key_file);
    }
    fputc ('\n', out);
}

/*  Run argv, its standard output into out (len bytes at most, then
 *  terminated), its error output after it when it fails.  The exit
 *  status, or -1 when it could not be started (errno). */
static int
run_capture (char *const argv[], char *out, size_t len)
{
    int fds[2];
    if (pipe (fds) != 0)
        return -1;
    pid_t pid = fork ();
    if (pid < 0) {
        close (fds[0]);
        close (fds[1]);
        return -1;
    }
    if (pid == 0) {
        dup2 (fds[1], STDOUT_FILENO);
        dup2 (fds[1], STDERR_FILENO);
        close (fds[0]);
        close (fds[1]);
        execvp (argv[0], argv);
        _exit (127);
    }
    close (fds[1]);
    size_t used = 0;
    for (;;) {
        char scrap[256];
        char *into = used + 1 < len ? out + used : scrap;
        size_t room = used + 1 < len ? len - used - 1 : sizeof scrap;
        ssize_t got = read (fds[0], into, room);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        if (into != scrap)
            used += (size_t) got;
    }
    out[used] = '\0';
    close (fds[0]);
    int status;
    while (waitpid (pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}

int
tour_slurm_submit (const tour_slurm_t *opts, char *job_id, char *err,
                   size_t errlen)
{
    assert (opts && job_id && err);
    FILE *f = fopen (opts->script, "w");
    if (!f) {
        snprintf (err, errlen, "%s - cannot write the batch script: %s",
                  opts->script, strerror (errno));
        return -1;
    }
    tour_slurm_script (opts, f);
    if (fclose (f) != 0) {
        snprintf (err, errlen, "%s - cannot write the batch script",
                  opts->script);
        return -1;
    }
    char *args = opts->sbatch_args ? strdup (opts->sbatch_args) : NULL;
    char *argv[TOUR_SLURM_ARGS_MAX + 4];
    int n = 0;
    argv[n++] = "sbatch";
    argv[n++] = "--parsable";
    for (char *save = NULL, *word = args ? strtok_r (args, " \t", &save)
                                         : NULL;
         word; word = strtok_r (NULL, " \t", &save)) {
        if (n == TOUR_SLURM_ARGS_MAX + 2) {
            snprintf (err, errlen, "more than %d sbatch arguments",
                      TOUR_SLURM_ARGS_MAX);
            free (args);
            return -1;
        }
        argv[n++] = word;
    }
    argv[n++] = (char *) opts->script;
    argv[n] = NULL;
    char said[512];
    int status = run_capture (argv, said, sizeof said);
    free (args);
    if (status == 127 || status < 0) {
        snprintf (err, errlen, "sbatch cannot be run (is Slurm installed "
                  "here?)");
        return -1;
    }
    if (status != 0) {
        snprintf (err, errlen, "sbatch refused %s: %.400s", opts->script,
                  said);
        return -1;
    }
    /* "1234" or "1234;cluster", on its line */
    said[strcspn (said, ";\n")] = '\0';
    if (!said[0] || strspn (said, "0123456789") != strlen (said)
        || strlen (said) >= TOUR_SLURM_JOB_MAX) {
        snprintf (err, errlen, "sbatch said \"%.100s\", not a job id", said);
        return -1;
    }
    snprintf (job_id, TOUR_SLURM_JOB_MAX, "%s", said);
    return 0;
}

void
tour_slurm_cancel (const char *job_id)
{
    char *argv[] = { "scancel", (char *) job_id, NULL };
    char said[256];
    (void) run_capture (argv, said, sizeof said);
}
