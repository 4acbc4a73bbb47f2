#!/usr/bin/env bash
# Submit a sweep to Slurm: a job array of SHARDS tasks (each runs one shard
# of `experiment run`), then a merge that runs once every task has
# completed and writes the merged sweep and its report.
#
#   configs/slurm-submit.sh                      # the overnight preset, 8 shards
#   SHARDS=4 OUT=results/trial configs/slurm-submit.sh -config quick
#   configs/slurm-submit.sh -sizes 5-12 -strategies dfs,warnsdorff -max-nodes 1000000
#
# Arguments are experiment run's flags (default: -config overnight), -solver
# included (its program at the same path on every node); each
# task adds -shard i/SHARDS, -out OUT/shard-i, -resume and -no-report.
# Environment: SHARDS (8), OUT (results/overnight), EXPERIMENT
# (bin/experiment, built by `make build`), and any of sbatch's own SBATCH_*
# variables (SBATCH_PARTITION, SBATCH_ACCOUNT...). Resources per task are in
# configs/slurm-task.sh's #SBATCH lines.
#
# Submit from the repository, with OUT on a filesystem every node sees. OUT
# is created first (Slurm opens the logs, OUT/slurm-*.log, before a task
# starts), OUT/slurm-jobs records the job ids for configs/slurm-retry.sh,
# and OUT/experiment is the copy of EXPERIMENT that every task runs.
# A task that is requeued (node failure, preemption, scontrol requeue)
# appends to its log and continues its shard's rows; the merge
# (configs/slurm-merge.sh), requeued, merges again over what it had written.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${SHARDS:-8}
OUT=${OUT:-results/overnight}
EXPERIMENT=${EXPERIMENT:-bin/experiment}
[ "$#" -gt 0 ] || set -- -config overnight
case $SHARDS in '' | *[!0-9]* | 0) echo "slurm-submit: SHARDS=$SHARDS: want a positive number" >&2; exit 2 ;; esac
[ -x "$EXPERIMENT" ] || { echo "slurm-submit: $EXPERIMENT is missing: run make build first (or set EXPERIMENT)" >&2; exit 2; }
if [ -e "$OUT/slurm-jobs" ]; then
	echo "slurm-submit: $OUT already holds a submitted sweep (its job ids are in $OUT/slurm-jobs): choose another OUT, or finish it with configs/slurm-retry.sh" >&2
	exit 2
fi
# Refuse bad flags now, not in every task an hour from now.
"$EXPERIMENT" run "$@" -shard "0/$SHARDS" -plan >/dev/null
command -v sbatch >/dev/null || {
	echo "slurm-submit.sh: sbatch not found: run this on a Slurm login node (docs/clusters.md; configs/parallel-sweep.sh runs shards without Slurm)" >&2
	exit 2
}
mkdir -p "$OUT"
printf '%q ' "$@" >"$OUT/run-args"
# Every task, retry and merge runs this copy: tasks start when Slurm
# schedules them, maybe hours from now, and a bin/experiment rebuilt in the
# meantime would write rows of another build (which merge refuses).
cp "$EXPERIMENT" "$OUT/experiment"
export KS_OUT=$OUT KS_SHARDS=$SHARDS KS_EXPERIMENT=$OUT/experiment
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --output="$OUT/slurm-%A_%a.log" --open-mode=append \
	--export=ALL configs/slurm-task.sh)
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$OUT/slurm-merge-%j.log" \
	--export=ALL configs/slurm-merge.sh)
merge=${merge%%;*}
printf 'ARRAY=%s\nMERGE=%s\nRETRIES=\nSHARDS=%s\n' "$array" "$merge" "$SHARDS" >"$OUT/slurm-jobs"
echo "submitted: shards $array (0-$((SHARDS - 1))), merge $merge after them; logs in $OUT/"
echo "if a shard fails: configs/slurm-retry.sh $OUT SHARD... (the merge then waits for the retry)"
