package external_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// brokenSolver is a stdio solver in sh, without ids, that answers the
// warm-up with [0] and its first 5x5 request with a 5x5 tour from the
// corner; from its second on, it answers every request with the warm-up's
// tour [0], as a process whose answers are shifted by a stray line answers
// with another request's: only a new process answers right again.
const brokenSolver = `
n=0
while IFS= read -r req; do
	rows=$(printf '%s\n' "$req" | sed -n 's/.*"rows":\([0-9]*\).*/\1/p')
	if [ "$rows" = 1 ]; then
		printf '{"status":"found","tour":[0]}\n'
		continue
	fi
	n=$((n+1))
	if [ "$n" = 1 ]; then
		printf '{"status":"found","tour":[0,7,4,13,24,17,20,11,2,9,18,21,10,1,8,19,22,15,6,3,14,23,16,5,12]}\n'
	else
		printf '{"status":"found","tour":[0]}\n'
	fi
done
`

// TestStdioRefusedAnswerRestarts: an answer the validator refuses (here a
// tour of another board) ends the stdio process, so that a shift of
// answers stops at the first answer that shows it; the next run, in a new
// process, is found. A solver whose answers carry no id is named once
// among the notes, however many runs and processes.
func TestStdioRefusedAnswerRestarts(t *testing.T) {
	script := filepath.Join(t.TempDir(), "broken.sh")
	if err := os.WriteFile(script, []byte(brokenSolver), 0o755); err != nil {
		t.Fatal(err)
	}
	name, st := declare(t, "/bin/sh "+script, true, external.Limits{Timeout: 10 * time.Second})
	var notes bytes.Buffer
	st.Notes = &notes
	for i, want := range []status.Status{status.Found, status.Error, status.Found, status.Error, status.Found} {
		res := solve(t, name, 5, 5, 0)
		if res.Status != want {
			t.Fatalf("run %d: %s (%s), want %s", i+1, res.Status, res.Err, want)
		}
		if want == status.Error && (!strings.Contains(res.Err, "invalid tour: tour has 1 squares") || !strings.Contains(res.Err, "the harness ended the process")) {
			t.Errorf("run %d: reason %q does not say the tour is refused and the process ended", i+1, res.Err)
		}
	}
	if n := strings.Count(notes.String(), `without the request's "id"`); n != 1 {
		t.Errorf("notes say %d times that answers carry no id, want once: %q", n, notes.String())
	}
}
