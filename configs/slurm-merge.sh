#!/usr/bin/env bash
# The merge of a sweep's Slurm job array: every shard into $KS_OUT/merged,
# with its report. configs/slurm-submit.sh submits it to run after the
# array, and configs/slurm-retry.sh again after retried tasks; both set
# KS_OUT and KS_EXPERIMENT (the copy of the binary the tasks run).
#
# A requeued merge (node failure, preemption) merges again over what it
# had written. experiment merge expands the pattern itself.
#SBATCH --job-name=knightsweep-merge
#SBATCH --requeue
#SBATCH --open-mode=append
set -euo pipefail
: "${KS_OUT:?submit with configs/slurm-submit.sh}" "${KS_EXPERIMENT:?}"
exec "$KS_EXPERIMENT" merge -out "$KS_OUT/merged" "$KS_OUT/shard-*/"
