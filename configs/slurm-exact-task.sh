#!/usr/bin/env bash
# One task of experiment exact's Slurm job array: shard
# $SLURM_ARRAY_TASK_ID. Submit with configs/slurm-exact.sh, which sets
# KS_OUT, KS_SHARDS and KS_EXPERIMENT; the flags are in $KS_OUT/run-args.
#
# The resources suit 11x11 every start on 7 tasks (3 classes each, some
# hours of a 2-core node); exact's default -mem-limit follows the task's
# memory, and -work keeps the walks' frontiers on disk past it.
#SBATCH --job-name=knightsweep-exact
#SBATCH --cpus-per-task=2
#SBATCH --mem=8G
#SBATCH --time=12:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
set -euo pipefail
: "${KS_OUT:?submit with configs/slurm-exact.sh}" "${KS_SHARDS:?}" "${KS_EXPERIMENT:?}"
eval "set -- $(cat "$KS_OUT/run-args")"
i=$SLURM_ARRAY_TASK_ID
echo "knightsweep exact shard $i/$KS_SHARDS on $(hostname), job $SLURM_JOB_ID, restart ${SLURM_RESTART_COUNT:-0}, $(date -u +%FT%TZ)"
exec "$KS_EXPERIMENT" exact "$@" -shard "$i/$KS_SHARDS" -workers "${SLURM_CPUS_PER_TASK:-1}" \
	-out "$KS_OUT/shard-$i.csv" -work "$KS_OUT/work-$i" >/dev/null
