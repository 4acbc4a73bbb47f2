#!/usr/bin/env bash
# Run failed shards of a sweep submitted by configs/slurm-submit.sh (or of
# exact's, by configs/slurm-exact.sh) again,
# and make its merge wait for them:
#
#   configs/slurm-retry.sh results/overnight 3 5
#
# The retried tasks resume their shards' rows (-resume). The merge, which a
# failed task left waiting for ever (afterok on the array), is changed to
# wait for the first array to end and for every retry to succeed; it then
# runs on its own. If the merge had already run and failed (shards it found
# incomplete), a new merge is submitted.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -ge 2 ] || { echo "usage: $0 OUT SHARD..." >&2; exit 2; }
OUT=$1
shift
[ -s "$OUT/slurm-jobs" ] || { echo "slurm-retry: no $OUT/slurm-jobs: was $OUT submitted with configs/slurm-submit.sh?" >&2; exit 2; }
# shellcheck source=/dev/null
. "$OUT/slurm-jobs"
shards=$(IFS=,; echo "$*")
# The binary the sweep was submitted with (slurm-submit.sh copied it into
# OUT), so that the retried rows are of the same build as the others.
export KS_OUT=$OUT KS_SHARDS=$SHARDS KS_EXPERIMENT=${EXPERIMENT:-$OUT/experiment}
# The task and merge scripts of the submission: run's, or exact's
# (configs/slurm-exact.sh records them).
TASK=${TASK:-configs/slurm-task.sh} MERGE_SCRIPT=${MERGE_SCRIPT:-configs/slurm-merge.sh}
retry=$(sbatch --parsable --array="$shards" --output="$OUT/slurm-%A_%a.log" --open-mode=append \
	--export=ALL "$TASK")
retry=${retry%%;*}
RETRIES="${RETRIES:+$RETRIES,}afterok:$retry"
dep="afterany:$ARRAY,$RETRIES"
state=$(squeue -h -j "$MERGE" -o %T 2>/dev/null || true)
if [ "$state" = PENDING ]; then
	scontrol update JobId="$MERGE" Dependency="$dep"
else
	MERGE=$(sbatch --parsable --dependency="$dep" --output="$OUT/slurm-merge-%j.log" \
		--export=ALL "$MERGE_SCRIPT")
	MERGE=${MERGE%%;*}
fi
printf 'ARRAY=%s\nMERGE=%s\nRETRIES=%s\nSHARDS=%s\nTASK=%s\nMERGE_SCRIPT=%s\n' "$ARRAY" "$MERGE" "$RETRIES" "$SHARDS" "$TASK" "$MERGE_SCRIPT" >"$OUT/slurm-jobs"
echo "retrying shards $shards as $retry; merge $MERGE waits for $dep"
