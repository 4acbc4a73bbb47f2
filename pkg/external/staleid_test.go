package external_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// staleSolver is a stdio solver in sh that answers each 1x1 request (the
// harness's warm-up) with its one tour, and each larger one with a 5x5
// tour from the corner (step numbers by row: 1 14 9 20 3 / 24 19 2 15 10 /
// 13 8 25 4 21 / 18 23 6 11 16 / 7 12 17 22 5), under its own id except
// for the second: that answer carries the id of an earlier request, the
// one just before it ("previous") or the process's first ("first").
const staleSolver = `
n=0; prev=0; first=0
while IFS= read -r req; do
	id=$(printf '%s\n' "$req" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
	rows=$(printf '%s\n' "$req" | sed -n 's/.*"rows":\([0-9]*\).*/\1/p')
	[ "$first" = 0 ] && first=$id
	if [ "$rows" = 1 ]; then
		printf '{"id":%s,"status":"found","tour":[0],"nodes":1,"backtracks":0}\n' "$id"
	else
		n=$((n+1)); ans=$id
		if [ "$n" = 2 ]; then
			if [ "$1" = previous ]; then ans=$prev; else ans=$first; fi
		fi
		printf '{"id":%s,"status":"found","tour":[0,7,4,13,24,17,20,11,2,9,18,21,10,1,8,19,22,15,6,3,14,23,16,5,12],"nodes":25,"backtracks":0}\n' "$ans"
	fi
	prev=$id
done
`

// TestStdioAnswerWithAnEarlierRequestsID: an answer that carries the id of
// a request already answered is not the answer to the request sent, even
// when it is well formed and its tour is a tour of the board: the run is
// an error that names the request, never a found row.
func TestStdioAnswerWithAnEarlierRequestsID(t *testing.T) {
	script := filepath.Join(t.TempDir(), "stale.sh")
	if err := os.WriteFile(script, []byte(staleSolver), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, which := range []string{"previous", "first"} {
		t.Run(which, func(t *testing.T) {
			name, _ := declare(t, "/bin/sh "+script+" "+which, true, external.Limits{Timeout: 10 * time.Second})
			if res := solve(t, name, 5, 5, 0); res.Status != status.Found {
				t.Fatalf("run 1: %s (%s), want found: its answer carries its own id", res.Status, res.Err)
			}
			res := solve(t, name, 5, 5, 0)
			if res.Status != status.Error {
				t.Fatalf("run 2: %s, want error: its answer carries an earlier request's id", res.Status)
			}
			if !strings.Contains(res.Err, "answer for request") {
				t.Errorf("run 2: reason %q does not say the answer is another request's", res.Err)
			}
		})
	}
}
