package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// `experiment theory ... | head -1`: the reader leaves after a line, and
// the program ends with a documented status (0: the output asked for was
// written), not killed by SIGPIPE (141), and says nothing of a broken pipe.
func TestBrokenStdoutPipe(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join([]string{"theory", "-sizes", "5-40", "-starts", "all"}, childSep))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	out.Close()
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 0 || stderr.Len() > 0 {
		t.Errorf("%v, stderr %q: want exit status 0 and nothing said", cmd.ProcessState, stderr.String())
	}
}
