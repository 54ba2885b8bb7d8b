#!/bin/bash
# cli_scheduler_docs.sh - the scheduler examples in doc/ are well formed
# and run the worker command the tournament's own Slurm submission runs:
# the batch script is valid sh with its #SBATCH array, and the Kubernetes
# manifest is valid YAML of an indexed Job.  Skipped (77) without
# Python's yaml module (scripts/deps.sh installs python3-yaml).
#
#   bash tests/cli_scheduler_docs.sh <solod> <solo>
set -u

. "$(dirname "$0")/lib.sh"
lib_init cli_scheduler_docs

if ! "$PY" -c 'import yaml' 2>/dev/null; then
    echo "SKIPPED: Python's yaml module is not installed"
    exit 77
fi
SBATCH="$SOURCE_DIR/doc/slurm/solo-tournament.sbatch"
K8S="$SOURCE_DIR/doc/kubernetes/solo-tournament-workers.yaml"

checks=$((checks + 1))
sh -n "$SBATCH" || fail "the batch script is not valid sh"
checks=$((checks + 1))
grep -q '^#SBATCH --array=0-' "$SBATCH" || fail "the batch script has no array"
checks=$((checks + 1))
grep -q 'exec solo-tournament worker --connect "$SOLO_COORDINATOR"' "$SBATCH" \
    || fail "the batch script does not run the worker command"
# the script refuses to start without the coordinator's endpoint
run no_endpoint env -u SOLO_COORDINATOR sh "$SBATCH"
checks=$((checks + 1))
[ "$rc" != 0 ] || fail "the batch script ran without SOLO_COORDINATOR"
expect_in no_endpoint err "SOLO_COORDINATOR"

check "the Kubernetes manifest is an indexed Job running the worker" "
import yaml
docs = list(yaml.safe_load_all(open('$K8S')))
assert len(docs) == 1, len(docs)
job = docs[0]
assert job['apiVersion'] == 'batch/v1' and job['kind'] == 'Job', job
spec = job['spec']
assert spec['completionMode'] == 'Indexed', spec
assert spec['completions'] >= 1 and spec['parallelism'] >= 1, spec
pod = spec['template']['spec']
assert pod['restartPolicy'] in ('Never', 'OnFailure'), pod
words = ' '.join(pod['containers'][0]['command'] + pod['containers'][0]['args'])
assert 'solo-tournament worker' in words and '--connect tcp://' in words, words
assert 'JOB_COMPLETION_INDEX' in words, words
"

lib_finish
