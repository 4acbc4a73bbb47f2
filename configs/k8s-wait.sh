#!/usr/bin/env bash
# Wait for a Kubernetes Job to complete or fail, whichever comes first
# (kubectl wait --for=condition=complete alone waits out its timeout when
# the Job fails):
#
#   configs/k8s-wait.sh knightsweep-overnight [TIMEOUT]    # default 24h
#
# Exit status: 0 complete, 1 failed or timed out.
set -uo pipefail
job=${1:?usage: $0 JOB [TIMEOUT]}
timeout=${2:-24h}
kubectl wait --for=condition=complete --timeout="$timeout" "job/$job" >/dev/null &
ok=$!
kubectl wait --for=condition=failed --timeout="$timeout" "job/$job" >/dev/null &
failed=$!
wait -n "$ok" "$failed"
kill "$ok" "$failed" 2>/dev/null
wait "$ok" "$failed" 2>/dev/null
state=$(kubectl get "job/$job" -o jsonpath='{.status.conditions[?(@.status=="True")].type}')
case " $state " in
*" Complete "*) echo "job/$job complete"; exit 0 ;;
*" Failed "*) echo "job/$job failed: kubectl describe job/$job says why" >&2; exit 1 ;;
*) echo "job/$job neither complete nor failed after $timeout" >&2; exit 1 ;;
esac
