#!/usr/bin/env bash
# The merge of experiment exact's Slurm job array: every shard into
# $KS_OUT/exact.csv. configs/slurm-exact.sh submits it after the array,
# configs/slurm-retry.sh again after retried tasks. Requeued, it merges
# again.
#SBATCH --job-name=knightsweep-exact-merge
#SBATCH --requeue
#SBATCH --open-mode=append
set -euo pipefail
: "${KS_OUT:?submit with configs/slurm-exact.sh}" "${KS_EXPERIMENT:?}"
exec "$KS_EXPERIMENT" exact -merge -out "$KS_OUT/exact.csv" "$KS_OUT/shard-*.csv"
