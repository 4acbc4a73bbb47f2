#!/bin/bash
# The overnight preset as a Slurm job array of 8 shards, then one merge.
#
# Submit from the repository (results/ must be on a filesystem every node
# sees), with bin/experiment built by `make build`:
#
#   jid=$(sbatch --parsable configs/slurm-overnight.sh)
#   sbatch --dependency=afterok:$jid --job-name=knightsweep-merge \
#     --wrap 'bin/experiment merge -out results/overnight/merged results/overnight/shard-*/'
#
# Each array task runs shard $SLURM_ARRAY_TASK_ID of 8 (-shard auto/8) on its
# CPUs: about 8 h x 2 cores / 8 = 1 hour of a 2-core node each (the overnight
# preset costs about 58,000 CPU-seconds). -resume makes a requeued or
# resubmitted task continue where it stopped; rerun a single failed task with
#   sbatch --array=3 configs/slurm-overnight.sh
#SBATCH --job-name=knightsweep-overnight
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=03:00:00
#SBATCH --requeue
#SBATCH --output=results/overnight/slurm-%A_%a.log
set -euo pipefail
SHARDS=8 # keep equal to the --array size
exec "${EXPERIMENT:-bin/experiment}" run -config overnight \
	-shard "auto/$SHARDS" -workers "${SLURM_CPUS_PER_TASK:-2}" \
	-out "results/overnight/shard-$SLURM_ARRAY_TASK_ID" -resume -no-report
