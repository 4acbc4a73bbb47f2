#!/usr/bin/env bash
# Submit experiment exact to Slurm: a job array of SHARDS tasks, each
# walking one shard of the start classes (configs/slurm-exact-task.sh), then
# a merge (configs/slurm-exact-merge.sh) into OUT/exact.csv once every task
# has completed: the rows one run would have written.
#
#   SHARDS=7 OUT=results/exact-11 configs/slurm-exact.sh -sizes 11 -starts all
#
# Arguments are experiment exact's flags; each task adds -shard i/SHARDS,
# -out OUT/shard-i.csv and -work OUT/work-i (a checkpoint at every depth, so
# that a requeued task goes on from its last depth). Environment: SHARDS
# (4), OUT (results/exact), EXPERIMENT (bin/experiment), and sbatch's own
# SBATCH_* variables. OUT/slurm-jobs records the job ids for
# configs/slurm-retry.sh, which retries failed shards as it does run's.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${SHARDS:-4}
OUT=${OUT:-results/exact}
EXPERIMENT=${EXPERIMENT:-bin/experiment}
[ "$#" -gt 0 ] || { echo "usage: $0 EXACT-FLAGS... (such as -sizes 11 -starts all)" >&2; exit 2; }
case $SHARDS in '' | *[!0-9]* | 0) echo "slurm-exact: SHARDS=$SHARDS: want a positive number" >&2; exit 2 ;; esac
[ -x "$EXPERIMENT" ] || { echo "slurm-exact: $EXPERIMENT is missing: run make build first (or set EXPERIMENT)" >&2; exit 2; }
if [ -e "$OUT/slurm-jobs" ]; then
	echo "slurm-exact: $OUT already holds a submitted run (its job ids are in $OUT/slurm-jobs): choose another OUT, or finish it with configs/slurm-retry.sh" >&2
	exit 2
fi
# Refuse bad flags now, not in every task hours from now: the flags as a
# task runs them, -out and -work with them (-check opens neither).
"$EXPERIMENT" exact "$@" -shard "0/$SHARDS" -out "$OUT/shard-0.csv" -work "$OUT/work-0" -check
command -v sbatch >/dev/null || { echo "slurm-exact: sbatch not found: run this on a Slurm login node (docs/clusters.md)" >&2; exit 2; }
mkdir -p "$OUT"
printf '%q ' "$@" >"$OUT/run-args"
cp "$EXPERIMENT" "$OUT/experiment"
export KS_OUT=$OUT KS_SHARDS=$SHARDS KS_EXPERIMENT=$OUT/experiment
task=configs/slurm-exact-task.sh merge=configs/slurm-exact-merge.sh
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --output="$OUT/slurm-%A_%a.log" --open-mode=append \
	--export=ALL "$task")
array=${array%%;*}
mergeid=$(sbatch --parsable --dependency="afterok:$array" --output="$OUT/slurm-merge-%j.log" \
	--export=ALL "$merge")
mergeid=${mergeid%%;*}
printf 'ARRAY=%s\nMERGE=%s\nRETRIES=\nSHARDS=%s\nTASK=%s\nMERGE_SCRIPT=%s\n' "$array" "$mergeid" "$SHARDS" "$task" "$merge" >"$OUT/slurm-jobs"
echo "submitted: shards $array (0-$((SHARDS - 1))), merge $mergeid after them; logs in $OUT/"
echo "if a shard fails: configs/slurm-retry.sh $OUT SHARD... (the merge then waits for the retry)"
