package external

import (
	"io"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// A wake-up that comes after the pipes closed (the exit watcher scheduled
// late) writes to no descriptor: not to the numbers the pipes had, which
// new ones take, nor to the harness's stdout, where the bytes would join
// a runs.csv written there.
func TestPokeAfterCloseWritesNothing(t *testing.T) {
	p, stdin, stdout, err := newPipes()
	if err != nil {
		t.Fatal(err)
	}
	stdin.Close()
	stdout.Close()
	p.close()
	// New pipes take the numbers freed; stdout is swapped for a pipe
	// while poke runs.
	reused, reusedW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer reused.Close()
	out, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	saved, err := unix.Dup(1)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.Dup2(int(outW.Fd()), 1); err != nil {
		t.Fatal(err)
	}
	p.poke()
	if err := unix.Dup2(saved, 1); err != nil {
		t.Fatal(err)
	}
	unix.Close(saved)
	reusedW.Close()
	outW.Close()
	for _, r := range []struct {
		name string
		f    *os.File
	}{{"a reused number", reused}, {"stdout", out}} {
		if b, _ := io.ReadAll(r.f); len(b) > 0 {
			t.Errorf("a poke after close wrote %q to %s", b, r.name)
		}
	}
}
