package main

import (
	"os"
	"strings"
	"testing"
)

// A name that is not known is refused with the nearest known one: a
// strategy, a declared solver's name, a flag, a preset.
func TestDidYouMean(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-sizes", "5", "-strategies", "center", "-solver", "centre=/bin/true"},
			`-strategies: unknown strategy "center" (did you mean centre?`},
		{[]string{"run", "-sizes", "5", "-strategies", "warnsdorf"}, `unknown strategy "warnsdorf" (did you mean warnsdorff?)`},
		{[]string{"run", "-sizez", "5"}, "-sizez: no such flag (did you mean -sizes?)"},
		{[]string{"run", "-config", "quikc"}, "quikc: no such file, nor a preset of that name (did you mean quick?)"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, stderr, code := runCLI(t, append(tt.args, "-out", t.TempDir())...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, %q; want 2 and %q", code, stderr, tt.want)
			}
		})
	}
}

// A preset's name is the preset's, even with a file of that name in the
// current directory; "./quick" names the file.
func TestPresetBeforeFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("quick", []byte("-sizes 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ config, want string }{{"quick", "(5x5,6x6,7x7,8x8)"}, {"./quick", "(9x9)"}} {
		stdout, stderr, code := runCLI(t, "run", "-config", tt.config, "-plan", "-out", "o")
		if code != 0 || !strings.Contains(stdout, tt.want) {
			t.Errorf("-config %s: exit %d, %s%s; want the plan of %s", tt.config, code, stdout, stderr, tt.want)
		}
	}
}
