package clustertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeKubectl answers configs/k8s-wait.sh's two kubectl commands for a Job
// whose condition is $FAKE_JOB: wait --for=condition=C returns at once when
// C is it and hangs otherwise (as kubectl does until its timeout); get
// prints it.
const fakeKubectl = `#!/bin/sh
case "$1 $2" in
"wait --for=condition=complete") [ "$FAKE_JOB" = Complete ] && exit 0; exec sleep 600 ;;
"wait --for=condition=failed") [ "$FAKE_JOB" = Failed ] && exit 0; exec sleep 600 ;;
get*) echo "$FAKE_JOB" ;;
*) echo "fake kubectl: $*" >&2; exit 2 ;;
esac
`

// configs/k8s-wait.sh returns as soon as the Job completes (0) or fails
// (1), where kubectl wait for completion alone would wait out its timeout.
func TestK8sWait(t *testing.T) {
	root := repo(t)
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fakeKubectl), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		state string
		code  int
		says  string
	}{{"Complete", 0, "complete"}, {"Failed", 1, "failed"}} {
		cmd := exec.Command(filepath.Join(root, "configs", "k8s-wait.sh"), "knightsweep-overnight", "1h")
		cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FAKE_JOB="+tt.state)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tt.code || !strings.Contains(string(out), tt.says) || time.Since(start) > 10*time.Second {
			t.Errorf("%s: exit %d after %v: %s", tt.state, code, time.Since(start), out)
		}
	}
}
