#!/usr/bin/env bash
# Fuzz one target: scripts/fuzz.sh PACKAGE TARGET FUZZTIME [go test flags...]
#
# It runs go test -fuzz once, and a second time only when the first run
# failed with nothing but "context deadline exceeded" and wrote no failing
# input. That failure is Go's, not the target's: when -fuzztime runs out,
# the coordinator (internal/fuzz) can see its timed-out context's Done
# before the child context it compares the error with is cancelled
# (context closes a parent's channel before it cancels the children), and
# it then reports the deadline as the test's failure (seen in CI on
# FuzzFlagFile, Go 1.26). Any other failure, and a failing input above all,
# fails at once.
set -uo pipefail

pkg=$1 target=$2 fuzztime=$3
shift 3
go=${GO:-go}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for attempt in 1 2; do
	"$go" test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$@" "$pkg" 2>&1 | tee "$out"
	status=${PIPESTATUS[0]}
	if [ "$status" -eq 0 ]; then
		exit 0
	fi
	if grep -q 'Failing input written' "$out" ||
		! grep -A1 -- "--- FAIL: ${target} " "$out" | tail -n 1 | grep -qx '[[:space:]]*context deadline exceeded'; then
		exit "$status"
	fi
	echo "scripts/fuzz.sh: ${target} stopped by Go's deadline race, not by an input; running it again (attempt $((attempt + 1)))" >&2
done
exit "$status"
