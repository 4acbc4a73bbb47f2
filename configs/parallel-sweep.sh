#!/usr/bin/env bash
# A sweep as SHARDS shards under GNU parallel, then one merge that writes
# the merged sweep and its report.
#
#   configs/parallel-sweep.sh                            # overnight, 4 shards here
#   SHARDS=3 OUT=results/trial configs/parallel-sweep.sh -config quick
#   SHARDS=16 HOSTS=node1,node2 configs/parallel-sweep.sh
#
# Arguments are experiment run's flags (default: -config overnight), -solver
# included (its program at the same path on every host); each shard adds
# -shard i/SHARDS, -out OUT/shard-i, -resume and -no-report.
# Environment: SHARDS (4), OUT (results/overnight), WORKERS (searches a shard
# runs at once, 1), JOBS (shards at once on each host; default: this
# machine's CPUs over WORKERS), EXPERIMENT (bin/experiment, from `make
# build`), HOSTS (run the shards over ssh on these hosts, comma-separated,
# GNU parallel's -S: each starts them in this same directory, so the
# repository and OUT must be on a filesystem every host shares, at the same
# path; PARALLEL_SSH names another ssh).
#
# A shard that fails is tried again, up to 3 times (it resumes its rows).
# If one still fails, or on Ctrl-C, run the same line again: -resume
# finishes what is missing, a finished shard runs nothing, and the merge
# runs once every shard is whole. Shards and merge run OUT/experiment, a
# copy of EXPERIMENT made when the sweep begins.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${SHARDS:-4}
OUT=${OUT:-results/overnight}
WORKERS=${WORKERS:-1}
EXPERIMENT=${EXPERIMENT:-bin/experiment}
[ "$#" -gt 0 ] || set -- -config overnight
command -v parallel >/dev/null || { echo "parallel-sweep: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }
[ -x "$EXPERIMENT" ] || { echo "parallel-sweep: $EXPERIMENT is missing: run make build first (or set EXPERIMENT)" >&2; exit 2; }
# Every shard and the merge run one copy of the binary, made when the sweep
# begins: shards start as slots free up, and a bin/experiment rebuilt in the
# meantime would write rows of another build (which merge refuses). Running
# the line again continues with that copy.
bin=$OUT/experiment
if [ ! -e "$bin" ]; then
	bin=$EXPERIMENT
elif ! cmp -s "$EXPERIMENT" "$bin"; then
	echo "parallel-sweep: continuing with $bin, the binary this sweep began with; $EXPERIMENT differs (remove $bin, or give a new OUT, to run another build)" >&2
fi
# Refuse bad flags now, not in every shard.
"$bin" run "$@" -shard "0/$SHARDS" -plan >/dev/null
JOBS=${JOBS:-$(($(nproc) / WORKERS > 0 ? $(nproc) / WORKERS : 1))}
hosts=()
[ -z "${HOSTS:-}" ] || hosts=(-S "$HOSTS")
mkdir -p "$OUT"
if [ "$bin" != "$OUT/experiment" ]; then
	cp "$EXPERIMENT" "$OUT/experiment"
	bin=$OUT/experiment
fi
# -q keeps each flag one argument on the way through parallel's shell.
parallel -q --retries 3 --line-buffer --wd "$PWD" "${hosts[@]}" -j "$JOBS" \
	"$bin" run "$@" -shard "{}/$SHARDS" -workers "$WORKERS" -out "$OUT/shard-{}" -resume -quiet -no-report \
	::: $(seq 0 $((SHARDS - 1)))
"$bin" merge -out "$OUT/merged" "$OUT/shard-*/"
