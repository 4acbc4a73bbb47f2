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

// endingSolver is a stdio solver in sh, without ids, that notes each start
// in the file $1, answers the warm-up with [0], and then, by $2: "once"
// answers one 5x5 request with a tour from the corner and exits without
// reading another; "never" reads a request and exits without answering.
// sh's read takes a line byte by byte: it never reads past its line.
const endingSolver = `
echo start >> "$1"
IFS= read -r req || exit 0
printf '{"status":"found","tour":[0]}\n'
IFS= read -r req || exit 0
if [ "$2" = once ]; then
	printf '{"status":"found","tour":[0,7,4,13,24,17,20,11,2,9,18,21,10,1,8,19,22,15,6,3,14,23,16,5,12]}\n'
fi
exit 0
`

// TestStdioEndsBetweenRequests: a process that ends after its answer, the
// next request unread, ended between requests: each run starts it again
// and is found. One that ends on every request it reads is an error each
// run, one start a run, never a loop.
func TestStdioEndsBetweenRequests(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "ending.sh")
	if err := os.WriteFile(script, []byte(endingSolver), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode string
		want status.Status
	}{
		{"once", status.Found},
		{"never", status.Error},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			starts := filepath.Join(dir, tt.mode+".starts")
			if err := os.WriteFile(starts, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			name, _ := declare(t, "/bin/sh "+script+" "+starts+" "+tt.mode, true, external.Limits{Timeout: 10 * time.Second})
			const n = 5
			for i := range n {
				res := solve(t, name, 5, 5, 0)
				if res.Status != tt.want {
					t.Fatalf("run %d: %s (%s), want %s", i+1, res.Status, res.Err, tt.want)
				}
				if tt.want == status.Error && !strings.Contains(res.Err, "the process ended before answering request 2") {
					t.Errorf("run %d: reason %q", i+1, res.Err)
				}
			}
			b, err := os.ReadFile(starts)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(string(b), "start"); got != n {
				t.Errorf("%d starts for %d runs, want one a run", got, n)
			}
		})
	}
}
