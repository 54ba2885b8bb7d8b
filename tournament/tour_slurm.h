/*  tour_slurm.h - a tournament's workers as a Slurm job array.
 *
 *  The coordinator (solo-tournament run) stays where it is started, with
 *  its database, the only state; the workers are the same scheduler-
 *  neutral command everywhere, `solo-tournament worker --connect
 *  ENDPOINT`, here one per task of an array submitted with sbatch.  A
 *  task scancelled or preempted loses no game: the coordinator hands a
 *  silent worker's games to another (--worker-timeout), and a requeued
 *  task joins again as a new worker.
 */
#ifndef SOLO_TOUR_SLURM_H
#define SOLO_TOUR_SLURM_H

#include <stddef.h>
#include <stdio.h>

#define TOUR_SLURM_MAX_TASKS  10000   /* tasks of one array */
#define TOUR_SLURM_ARGS_MAX   32      /* extra sbatch arguments */
#define TOUR_SLURM_JOB_MAX    32      /* bytes of a job id */

typedef struct {
    int tasks;                  /* array tasks: workers */
    const char *connect;        /* the endpoint the workers connect to */
    const char *worker;         /* the solo-tournament binary they run */
    const char *script;         /* where the batch script is written */
    const char *sbatch_args;    /* more sbatch arguments, split on spaces
                                   (NULL: none): --partition, --time ... */
    const char *server_key;     /* CURVE: the coordinator's public key and */
    const char *client_key_file;/* the workers' secret key file; NULL: none */
} tour_slurm_t;

/*  The endpoint workers on other nodes reach for a coordinator bound to
 *  `bind`: one bound to every address (the host written as a star or as
 *  0.0.0.0) names this host by its name instead, with the same port; any
 *  other endpoint as it is.  Into out; 0, or -1 when it does not fit or
 *  the host has no name. */
int tour_slurm_connect_for (const char *bind, char *out, size_t len);

/*  Write the batch script of `opts` to `out`: one worker a task, named
 *  after the job and task ("slurm-1234-7"), requeued if preempted. */
void tour_slurm_script (const tour_slurm_t *opts, FILE *out);

/*  Write the script to opts->script and submit it with sbatch
 *  (--parsable): the job id into job_id (TOUR_SLURM_JOB_MAX).  0, or -1
 *  with err (sbatch not found, refused: its words). */
int tour_slurm_submit (const tour_slurm_t *opts, char *job_id, char *err,
                       size_t errlen);

/*  scancel the job (its tasks left, at the end of the tournament; the
 *  workers have been told to stop and are gone or going).  Its failure
 *  changes nothing. */
void tour_slurm_cancel (const char *job_id);

#endif
