package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
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

// A sweep whose stdout's reader leaves before its end (| head -0) stops,
// exit 130, every row kept, and says that stdout is closed; a stdout
// closed before the start (>&-), which the Go runtime replaces with
// /dev/null, is said at once, and >/dev/null is not.
func TestStdoutClosedSaysSo(t *testing.T) {
	t.Run("reader gone", func(t *testing.T) {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"="+strings.Join([]string{"run", "-sizes", "5", "-starts", "all",
			"-strategies", "dfs", "-quiet", "-out", filepath.Join(dir, "out")}, childSep))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "experiment: stopped: stdout was closed") {
			t.Errorf("exit %d, stderr %q: want 130 and a message that stdout was closed", code, stderr.String())
		}
	})
	for _, tt := range []struct{ name, redirect, want string }{
		{"closed", ">&-", "experiment: stdout is closed (>&-)"},
		{"dev null", ">/dev/null", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command("/bin/sh", "-c", `exec "$0" `+tt.redirect, os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"="+strings.Join([]string{"theory", "-sizes", "5", "-starts", "0,0"}, childSep))
			stderr, err := cmd.CombinedOutput()
			if err != nil || tt.want == "" && len(stderr) > 0 || !strings.Contains(string(stderr), tt.want) {
				t.Errorf("%v, stderr %q: want %q", err, stderr, tt.want)
			}
		})
	}
}
