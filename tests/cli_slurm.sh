#!/bin/bash
# cli_slurm.sh - a tournament whose workers are a Slurm job array.  A
# one-node Slurm cluster (munged, slurmctld and slurmd in the foreground,
# from Debian's packages, its state in the test's directory, on loopback)
# runs `solo-tournament run --slurm-tasks 3` over CURVE (the workers'
# key file on the shared file system); one array task is scancelled and
# another requeued while the tournament is under way.  No game is lost, none is played
# twice, and the final table is the one the same tournament gives with
# local workers.  Then workers as job steps of an allocation (srun) play
# a tournament of their own.  Skipped (77) where Slurm cannot start: not root, or its
# packages missing (scripts/deps.sh installs them).
#
#   bash tests/cli_slurm.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_slurm

for tool in munged slurmctld slurmd sbatch scancel squeue sinfo; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIPPED: $tool not installed (scripts/deps.sh installs Slurm)"
        exit 77
    fi
done
if [ "$(id -u)" != 0 ]; then
    echo "SKIPPED: a Slurm cluster of one's own needs root"
    exit 77
fi
# How long the tournament may take before the test calls it hung (a
# deadline, not a measure of speed).
finish_s=600
FARM="$SOURCE_DIR/rules/scenarios/farm.cfg"
GAMES=300

# ---- the cluster ------------------------------------------------------------
cluster=$work/cluster
mkdir -p "$cluster/state" "$cluster/spool" "$cluster/munge" "$cluster/log"
chmod 700 "$cluster/munge"
dd if=/dev/urandom of="$cluster/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$cluster/munge.key"
munged -f --socket="$cluster/munge/socket" --key-file="$cluster/munge.key" \
    --log-file="$cluster/log/munged.log" --pid-file="$cluster/munge/pid" \
    --seed-file="$cluster/munge/seed" 2>"$cluster/log/munged.err"
munge_pid=$(cat "$cluster/munge/pid" 2>/dev/null)
cleanup_cluster () {
    [ -n "${job:-}" ] && scancel "$job" 2>/dev/null
    [ -n "${slurmd_pid:-}" ] && kill "$slurmd_pid" 2>/dev/null
    [ -n "${ctld_pid:-}" ] && kill "$ctld_pid" 2>/dev/null
    [ -n "${munge_pid:-}" ] && kill "$munge_pid" 2>/dev/null
    wait ${slurmd_pid:-} ${ctld_pid:-} 2>/dev/null
}
trap 'cleanup_cluster; lib_cleanup' EXIT
if [ -z "$munge_pid" ]; then
    echo "SKIPPED: munged does not start here: $(cat "$cluster/log/munged.err")"
    exit 77
fi
host=$(hostname -s)
cat >"$cluster/slurm.conf" <<CONF
ClusterName=solotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$cluster/munge/socket
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/log/slurmctld.log
SlurmdLogFile=$cluster/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=solo Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF=$cluster/slurm.conf
slurmctld -D -i >"$cluster/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D >"$cluster/log/slurmd.out" 2>&1 &
slurmd_pid=$!
deadline=$((SECONDS + 60))
until [ "$(sinfo -h -o %T 2>/dev/null)" = idle ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "SKIPPED: the Slurm cluster did not come up here:"
        tail -n 3 "$cluster/log/slurmctld.out" "$cluster/log/slurmd.out"
        exit 77
    fi
    sleep 0.2
done

# ---- the tournament, locally and on Slurm -----------------------------------
args=(--scenario "$FARM" --strategy a=table --strategy b=random
      --games "$GAMES" --seed 5 --name slurm)
"$TOUR" run --db "$work/local.db" "${args[@]}" --concurrency 2 --quiet \
    --report "$work/local" >"$work/local.out" 2>"$work/local.err"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || { fail "local run: exit code $rc"; cat "$work/local.err" >&2; }

# over CURVE, as on a real cluster: the coordinator's key pair and the
# workers' (their secret key file on the file system the nodes share,
# here the test's own folder), the workers' public key allowed
"$SOLOD" --make-keys "$work/coord" >/dev/null 2>&1
"$SOLOD" --make-keys "$work/workers" >/dev/null 2>&1
endpoint="tcp://127.0.0.1:$(free_port)"
"$TOUR" run --db "$work/slurm.db" "${args[@]}" --concurrency 0 \
    --bind "$endpoint" --worker-timeout 2 --slurm-tasks 3 \
    --curve-secret-key-file "$work/coord" --curve-allow "$work/workers.pub" \
    --slurm-worker-key-file "$work/workers" \
    --report "$work/slurm" >"$work/coord.out" 2>"$work/coord.err" &
coord=$!
lib_bg "$coord"
checks=$((checks + 1))
if ! wait_for_text "$work/coord.err" "workers: Slurm job " 60; then
    fail "the coordinator did not submit its workers"
    cat "$work/coord.err" >&2
fi
job=$(sed -n 's/^workers: Slurm job \([0-9]*\),.*/\1/p' "$work/coord.err")
# the script it wrote runs the worker command with the job's task names
checks=$((checks + 1))
grep -qF 'worker --connect' "$work/slurm.db.sbatch" \
    && grep -qF '#SBATCH --array=0-2' "$work/slurm.db.sbatch" \
    && grep -qF -- "--client-key-file '$work/workers'" "$work/slurm.db.sbatch" \
    || fail "the batch script: $(cat "$work/slurm.db.sbatch")"
# task 0 cancelled once it has played: its games go to the others
deadline=$((SECONDS + 120))
until "$PY" - "$work/slurm.db" "slurm-$job-0" <<'PY' 2>/dev/null
import sqlite3, sys
n = sqlite3.connect(sys.argv[1]).execute(
    "select count(*) from games where worker = ?", (sys.argv[2],)).fetchone()[0]
sys.exit(0 if n >= 10 else 1)
PY
do
    [ "$SECONDS" -lt "$deadline" ] || break
    sleep 0.1
done
stored_at_cancel=$(stored_games "$work/slurm.db")
scancel "${job}_0"
# and task 1 requeued (as a preemption does): killed, it starts again and
# joins under its own name
scontrol requeue "${job}_1" >"$work/requeue.out" 2>&1
requeued=$?
checks=$((checks + 1))
[ "$requeued" = 0 ] || fail "task 1 not requeued: $(cat "$work/requeue.out")"
checks=$((checks + 1))
[ "$stored_at_cancel" -lt "$GAMES" ] \
    || fail "task 0 was cancelled after the last game ($stored_at_cancel stored)"
checks=$((checks + 1))
if ! wait_exit "$coord" "$finish_s"; then
    fail "the coordinator still running $finish_s s after it began"
    tail -5 "$work/coord.err" >&2
elif [ "$rc" != 0 ]; then
    fail "coordinator: exit code $rc"
    tail -5 "$work/coord.err" >&2
fi
check "no game lost, none twice, every one played by a task, the local table" "
import json, sqlite3
db = sqlite3.connect('$work/slurm.db')
ids = [r[0] for r in db.execute('select id from games order by id')]
assert ids == list(range(1, $GAMES + 1)), (len(ids), ids[:5], ids[-5:])
workers = dict(db.execute('select worker, count(*) from games group by worker'))
assert all(w.startswith('slurm-$job-') for w in workers), workers
assert workers.get('slurm-$job-0', 0) >= 10, workers
assert len(workers) >= 2, workers
a = json.load(open('$work/local/results.json'))
b = json.load(open('$work/slurm/results.json'))
assert a == b, (a['ratings'], b['ratings'])
"
# the job is gone once the tournament is over: a cancelled job stays
# listed while it completes (its tasks have KillWait, 30 s by default, to
# end after SIGTERM), longer on a loaded machine
checks=$((checks + 1))
deadline=$((SECONDS + 120))
until [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] || [ "$SECONDS" -ge "$deadline" ]; do
    sleep 0.2
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] \
    || fail "job $job still queued 120 s after the tournament: $(squeue -h -j "$job" -o '%T %M' 2>/dev/null)"
job=""

# inside an allocation: the workers as job steps (srun), the same command.
# The steps first, both running before the coordinator binds: 40 scripted
# games take less time than a loaded machine may take to start a step,
# and a worker that comes after the coordinator's last word waits for a
# resumed one (the coordinator tells those that join in its last two
# seconds)
endpoint="tcp://127.0.0.1:$(free_port)"
srun -n 2 "$TOUR" worker --connect "$endpoint" --server-key "$work/coord.pub" \
    --client-key-file "$work/workers" >"$work/srun.out" 2>"$work/srun.err" &
steps=$!
lib_bg "$steps"
srun_workers_up () {
    [ "$(pgrep -fc "^$TOUR worker --connect $endpoint")" = 2 ]
}
deadline=$((SECONDS + 60))
until srun_workers_up || [ "$SECONDS" -ge "$deadline" ]; do
    sleep 0.1
done
srun_workers_up \
    || fail "srun's two workers not running 60 s after srun: $(tail -3 "$work/srun.err")"
"$TOUR" run --db "$work/srun.db" --scenario "$FARM" --strategy a=table \
    --strategy b=random --games 40 --seed 9 --concurrency 0 \
    --bind "$endpoint" --curve-secret-key-file "$work/coord" \
    --curve-allow "$work/workers.pub" --quiet \
    >"$work/srun_coord.out" 2>"$work/srun_coord.err" &
coord=$!
lib_bg "$coord"
checks=$((checks + 1))
if ! wait_exit "$coord" "$finish_s"; then
    fail "the coordinator of the srun workers did not finish"
elif [ "$rc" != 0 ]; then
    fail "srun coordinator: exit code $rc: $(tail -3 "$work/srun_coord.err")"
fi
checks=$((checks + 1))
wait_exit "$steps" 60 && [ "$rc" = 0 ] \
    || fail "srun's workers: exit code $rc: $(tail -3 "$work/srun.err")"
checks=$((checks + 1))
[ "$(stored_games "$work/srun.db")" = 40 ] \
    || fail "srun's workers stored $(stored_games "$work/srun.db") of 40 games"

lib_finish
