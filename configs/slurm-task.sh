#!/usr/bin/env bash
# One task of a sweep's Slurm job array: shard $SLURM_ARRAY_TASK_ID. Submit
# with configs/slurm-submit.sh, which sets the array, the log files and
# KS_OUT, KS_SHARDS and KS_EXPERIMENT; the flags are in $KS_OUT/run-args.
#
# The resources below suit the overnight preset on 8 tasks (about an hour of
# a 2-core node each); edit them, or override them on the command line
# through SBATCH_* variables. experiment's default -mem-limit follows the
# task's memory (SLURM_MEM_PER_NODE, SLURM_MEM_PER_CPU).
#SBATCH --job-name=knightsweep
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=03:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
set -euo pipefail
: "${KS_OUT:?submit with configs/slurm-submit.sh}" "${KS_SHARDS:?}" "${KS_EXPERIMENT:?}"
eval "set -- $(cat "$KS_OUT/run-args")"
i=$SLURM_ARRAY_TASK_ID
echo "knightsweep shard $i/$KS_SHARDS on $(hostname), job $SLURM_JOB_ID, restart ${SLURM_RESTART_COUNT:-0}, $(date -u +%FT%TZ)"
exec "$KS_EXPERIMENT" run "$@" -shard "$i/$KS_SHARDS" -workers "${SLURM_CPUS_PER_TASK:-1}" \
	-out "$KS_OUT/shard-$i" -resume -no-report -quiet
