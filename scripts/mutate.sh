#!/usr/bin/env bash
# Mutation testing (make mutate): gremlins changes one operator at a time
# in a package's code (a < made <=, a + made -, a condition negated), runs
# the package's tests (-short) on each such mutant, and counts a mutant
# killed when a test fails. A mutant that lived is a change to the code
# no test notices. Test efficacy is killed / (killed + lived).
#
#   scripts/mutate.sh [package ...]   (default: the packages below)
#
# A package is named as under pkg/ (stats/runlength). Only its own files
# are mutated, not its subpackages'. It prints, package by package, the
# counts, the efficacy and the time, then every mutant that lived, as
# pkg/file.go:line:column and the kind of change. Each package's whole
# gremlins log is in $MUTATE_OUT (results/mutate). A mutant whose tests
# run past the timeout (MUTATE_TIMEOUT times the package's own test run
# with coverage, default 5: a mutant's run compiles the package again)
# counts as timed out, neither killed nor lived.
#
# Each mutant that lived is marked explained when docs/mutants.tsv (or
# MUTATE_LIST) lists its package and position, with why it cannot change
# a result, or NOT EXPLAINED; a position listed with count n explains n
# mutants there. Listed mutants that did not live are named too, so the
# list can be trimmed. The unexplained are also in $MUTATE_OUT/unexplained.txt.
#
# MUTATE_SKIP, a regular expression (without commas) over the package's
# file names, leaves those files out: to go on with a run that stopped
# (MUTATE_SKIP='^(absent|memory)\.go$').
#
# Runs niced, one package at a time, MUTATE_WORKERS mutants at once
# (default 2). It judges nothing by its exit code unless MUTATE_STRICT=1:
# then it exits 1 when a mutant that lived is not explained.
set -euo pipefail

GO=${GO:-go}
GREMLINS=${GREMLINS:-github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0}
WORKERS=${MUTATE_WORKERS:-2}
TIMEOUT=${MUTATE_TIMEOUT:-5}
STRICT=${MUTATE_STRICT:-0}
skip=()
if [ -n "${MUTATE_SKIP:-}" ]; then
	skip=(--exclude-files "$MUTATE_SKIP")
fi
root=$(cd "$(dirname "$0")/.." && pwd)
list=${MUTATE_LIST:-$root/docs/mutants.tsv}
out=${MUTATE_OUT:-$root/results/mutate}
mkdir -p "$out"

pkgs=("$@")
if [ ${#pkgs[@]} -eq 0 ]; then
	# The small packages first.
	pkgs=(certify tour theory runs restart stats/runlength stats exact external count)
fi

# -trimpath and CGO_ENABLED=0 as make test builds: the packages a mutant
# does not touch come from the build cache, whichever copy of the tree
# gremlins builds in. -count=1: the coverage run, which the timeout is
# measured from, must run, not come from the test cache.
export CGO_ENABLED=0
export GOFLAGS="${GOFLAGS:-} -short -trimpath -count=1"

# explain package: reads the package's lived mutants (pkg/p/file.go:l:c
# KIND) on stdin, prints each marked, adds the unexplained to
# $unexplained, and names listed positions that lived fewer times than
# listed (killed, timed out, or no longer in the code).
explain() {
	awk -F'\t' -v p="$1" -v unexplained="$unexplained" '
		FNR == NR {
			if (FNR > 1 && $1 == p) { n[$2] += $3; kind[$2] = kind[$2] (kind[$2] == "" ? "" : "/") $4 }
			next
		}
		{
			split($0, f, " ")
			pos = substr(f[1], length("pkg/" p "/") + 1)
			if (used[pos] < n[pos]) {
				used[pos]++
				printf "    %s  explained (%s)\n", $0, kind[pos]
			} else {
				printf "    %s  NOT EXPLAINED\n", $0
				print $0 >>unexplained
			}
		}
		END {
			for (pos in n) if (used[pos] < n[pos]) print "    pkg/" p "/" pos "  listed " n[pos] ", lived " used[pos] + 0 | "sort -V"
			close("sort -V")
		}' "$list" -
}

summary=$out/summary.txt
lived=$out/lived.txt
unexplained=$out/unexplained.txt
: >"$lived"
: >"$unexplained"
printf '%-16s %7s %6s %12s %9s %9s %8s\n' package killed lived "not covered" "timed out" efficacy time >"$summary"
cat "$summary"
for p in "${pkgs[@]}"; do
	dir=$root/pkg/$p
	[ -d "$dir" ] || { echo "mutate.sh: no package pkg/$p" >&2; exit 2; }
	log=$out/${p//\//-}.log
	t0=$(date +%s)
	# A path with a slash is in a subdirectory: another package, or testdata.
	(cd "$dir" && nice -n 19 "$GO" run "$GREMLINS" unleash --workers "$WORKERS" --timeout-coefficient "$TIMEOUT" --exclude-files / "${skip[@]}") >"$log" 2>&1 || {
		echo "mutate.sh: gremlins failed on pkg/$p; see $log" >&2
		exit 1
	}
	secs=$(($(date +%s) - t0))
	# Colour codes, if any, out of the log's summary lines.
	sed -i 's/\x1b\[[0-9;]*m//g' "$log"
	awk -v p="$p" -v secs="$secs" '
		/Killed: [0-9]+, Lived: [0-9]+, Not covered: [0-9]+/ {
			gsub(/,/, ""); killed = $2; lived = $4; notcov = $7
		}
		/Timed out: [0-9]+/ { gsub(/,/, ""); timedout = $3 }
		/Test efficacy:/ { eff = $3 }
		END {
			printf "%-16s %7s %6s %12s %9s %9s %5dm%02ds\n", p, killed, lived, notcov, timedout, eff, secs / 60, secs % 60
		}' "$log" | tee -a "$summary"
	awk -v p="$p" '$1 == "LIVED" { printf "pkg/%s/%s %s\n", p, $4, $2 }' "$log" | sort -V | tee -a "$lived" |
		explain "$p"
done
echo
n=$(wc -l <"$lived")
u=$(wc -l <"$unexplained")
echo "Mutants that lived: $n; not explained in ${list#"$root"/}: $u"
sort -V "$unexplained"
if [ "$STRICT" = 1 ] && [ "$u" -gt 0 ]; then
	exit 1
fi
