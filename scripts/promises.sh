#!/usr/bin/env bash
# promises.sh: the README's timing promises, measured as a new user meets
# them, and printed beside what they promise. Report only: it fails if
# something does not run, never because of a time (this machine's speed
# varies with what else runs on it; every figure comes with the CPU time
# and the load average, so that a reader can tell).
#
#   scripts/promises.sh [all | test | PRESET...]    (make promises PROMISES=...)
#
#   test     make test in a fresh clone of the commit (git clone of HEAD)
#            with an empty build cache (GOCACHE a new directory): the
#            README promises under 2 minutes on 2 cores.
#   PRESET   a preset of configs/ (quick, dfs-vs-warnsdorff, closed,
#            restarts, overnight: every NAME.flags there): the sweep of the
#            fresh clone's bin/experiment (its first run), with its report,
#            its plan's "expected" against the time the sweep took, and the
#            progress line's time left (printed every second) against the
#            time that was left. The promises: the estimate within 25% of
#            the sweep's time, the time left within 25% once 10% of the runs
#            are done. overnight takes hours: it runs one shard of 200
#            (-shard 0/200, about 108 of its 21,567 runs, dealt from every board
#            and strategy alike), and says so.
#   all      test, then every preset (about 7 minutes on 2 free cores).
#
# Measure on a quiet machine: other work on the cores makes every wall time
# longer (the CPU times less so). KEEP=1 keeps the work directory.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
what=("$@")
[ ${#what[@]} -gt 0 ] || what=(all)
# The presets are configs/*.flags (package configs embeds the same files);
# overnight, which takes hours, last.
presets=()
for f in configs/*.flags; do
	n=$(basename "$f" .flags)
	[ "$n" = overnight ] || presets+=("$n")
done
[ -f configs/overnight.flags ] && presets+=(overnight)
if [ "${what[0]}" = all ]; then
	what=(test "${presets[@]}")
fi
for w in "${what[@]}"; do
	if [ "$w" != test ] && [ ! -f "configs/$w.flags" ]; then
		echo "promises.sh: unknown $w: want all, test or a preset (${presets[*]})" >&2
		exit 2
	fi
done
[ -x /usr/bin/time ] || {
	echo "promises.sh: needs /usr/bin/time (Debian: apt-get install time)" >&2
	exit 2
}

work=$(mktemp -d "${TMPDIR:-/tmp}/promises.XXXXXX")
cleanup() { [ -n "${KEEP:-}" ] && echo "work directory kept: $work" || rm -rf "$work"; }
trap cleanup EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
clone=$work/clone
if commit=$(git rev-parse --short HEAD 2>/dev/null); then
	[ -z "$(git status --porcelain --untracked-files=no)" ] ||
		echo "note: the working tree has changes that are not committed; a fresh clone measures commit $commit without them"
	git clone -q "$PWD" "$clone"
else
	commit="(not a git checkout: a copy of the tree)"
	mkdir "$clone"
	tar -C . --exclude=./bin --exclude=./results -cf - . | tar -C "$clone" -xf -
fi
echo "promises of commit $commit on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))"
echo
export GOCACHE=$work/gocache
mkdir -p "$GOCACHE"

# timed NAME CMD...: runs CMD, its output in $work/NAME.out, and prints
# the wall time, the CPU time (user+sys, of every process it started), the
# peak memory of the largest and the load averages before and after.
timed() {
	local name=$1
	shift
	local before
	before=$(load)
	if ! /usr/bin/time -o "$work/$name.time" -f '%e %U %S %M' "$@" >"$work/$name.out" 2>&1; then
		echo "FAILED: $*; what failed (a test script that goes on after an error names its line in a FAIL: line):" >&2
		grep -E -A3 -e '--- FAIL|FAIL: |^panic:' "$work/$name.out" | head -80 >&2 || true
		echo "the end of its output:" >&2
		tail -40 "$work/$name.out" >&2
		exit 1
	fi
	read -r wall user sys rss <"$work/$name.time"
	awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" -v b="$before" -v a="$(load)" 'BEGIN {
		printf "    %s: %.1f s wall, %.1f s CPU (user %.1f + sys %.1f), peak %d MB; load %s before, %s after\n", n, w, u + s, u, s, m / 1024, b, a }'
}

built=
build() {
	[ -n "$built" ] && return
	(cd "$clone" && timed build make build)
	built=1
}

for w in "${what[@]}"; do
	if [ "$w" = test ]; then
		echo "make test from a fresh clone, empty build cache (README: under 2 minutes on 2 cores)"
		(cd "$clone" && timed make-test make test)
		# The three longest packages, as go test printed them.
		grep -E '^ok ' "$work/make-test.out" | sort -k3 -t$'\t' -rn | head -3 | awk -F'\t' '{printf "      %s %s\n", $2, $3}'
		echo
		continue
	fi
	build
	args=(-config "$w")
	note=
	if [ "$w" = overnight ]; then
		args+=(-shard 0/200)
		note=" (one shard of 200: the whole takes hours)"
	fi
	echo "experiment run -config $w${args[2]:+ ${args[2]} ${args[3]}}$note"
	# Each line of stderr (the plan, the progress lines) is stamped with the
	# seconds since the start as it comes.
	(cd "$clone" && KNIGHTSWEEP_PROGRESS_EVERY=1s timed "run-$w" \
		bash -c 'set -o pipefail; exec 3>&1; s=$(date +%s%N); "$@" 2>&1 >&3 | while IFS= read -r l; do echo "$(( ($(date +%s%N) - s) / 1000000 )) $l"; done' \
		- bin/experiment run "${args[@]}" -out "$work/$w")
	sed -n 's/^[0-9]* \(expected: .*\)/    \1/p' "$work/run-$w.out" | head -1
	grep -m1 -E '^(completed|interrupted|failed): ' "$work/run-$w.out" | sed 's/^/    /' || true
	# The estimate against the sweep's time, and each progress line's time
	# left against the time that was left when it was printed.
	awk '
	function secs(s,   t, v, u) {
		t = 0
		while (match(s, /[0-9.]+(ms|h|m|s)/)) {
			v = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			if (v ~ /ms$/) t += v / 1000
			else if (v ~ /h$/) t += v * 3600
			else if (v ~ /m$/) t += v * 60
			else t += v
		}
		return t
	}
	$2 == "expected:" && $3 == "about" { est = ($5 == "days") ? $4 * 86400 : secs($4) }
	$2 == "sweep:" {
		n++; at[n] = $1 / 1000
		split($3, f, "/"); done[n] = f[1] / f[2]
		left[n] = -1
		if (match($0, /about [^ ]+ left/)) left[n] = secs(substr($0, RSTART + 6, RLENGTH - 11))
	}
	/^(completed|interrupted|failed): / { took = secs($NF) }
	$2 == "into:" { t0 = $1 / 1000 }   # the sweep starts about now
	END {
		if (took <= 0) { print "    no sweep time"; exit }
		r = est / took
		printf "    estimate %.1f s, sweep %.1f s: %.2fx (promise: within 25%%): %s\n", est, took, r, (r >= 0.75 && r <= 1.25) ? "holds" : "MISSED"
		worst = 0; first = 0
		for (k = 1; k <= n; k++) {
			if (done[k] < 0.10 || left[k] < 0) continue
			in_ = at[k] - t0; actual = took - in_
			if (actual < 0.10 * took || actual < 2) continue   # the last seconds: a second is a big share
			q = left[k] / actual
			if (!first) { first = 1; printf "    time left at %.0f%% of the runs (%.0f s in): said %.0f s, was %.0f s: %.2fx\n", 100 * done[k], in_, left[k], actual, q }
			# Within 25% as the estimate is: said/left in [0.75, 1.25].
			d = (q > 1) ? q - 1 : 1 - q
			if (d >= worst) { worst = d; wk = in_; wq = q }
		}
		if (!first) { print "    time left: no progress line after 10% of the runs with 10% of the time still to go (a sweep of a few seconds)"; exit }
		printf "    worst time left after 10%% of the runs: %.2fx (%.0f s in)%s\n", wq, wk, (worst <= 0.25) ? "; within 25%: holds" : "; MISSED"
	}' "$work/run-$w.out"
	echo
done
