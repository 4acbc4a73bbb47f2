package outdir

import (
	"testing"

	"knightsweep/pkg/plan"
)

func TestResumeCommand(t *testing.T) {
	for _, tt := range []struct {
		command []string
		dir     string
		shard   plan.Shard
		want    string
	}{
		{[]string{"experiment", "run", "-sizes", "5-8"}, "results/a", plan.Shard{}, "experiment run -sizes 5-8 -out results/a -resume"},
		// -out, -resume and -shard are replaced, in every spelling; auto
		// becomes the concrete shard.
		{[]string{"bin/experiment", "run", "-config", "overnight", "-shard", "auto/8", "-out", "x", "-resume"}, "results/night/shard-3",
			plan.Shard{Index: 3, Count: 8}, "bin/experiment run -config overnight -shard 3/8 -out results/night/shard-3 -resume"},
		{[]string{"experiment", "run", "--shard=auto/4", "-out=y", "-resume=true", "-quiet"}, "d", plan.Shard{Index: 1, Count: 4},
			"experiment run -quiet -shard 1/4 -out d -resume"},
		// Words the shell would split or run are quoted.
		{[]string{"experiment", "run", "-starts", "0,0;2,3", "-order", "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"}, "my dir's; x",
			plan.Shard{}, `experiment run -starts '0,0;2,3' -order '2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1' -out 'my dir'\''s; x' -resume`},
		{nil, "d", plan.Shard{}, "experiment run -out d -resume"},
	} {
		if got := ResumeCommand(tt.command, tt.dir, tt.shard); got != tt.want {
			t.Errorf("ResumeCommand(%q, %q, %v)\n got %s\nwant %s", tt.command, tt.dir, tt.shard, got, tt.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"5-8,10":         "5-8,10",
		"0,0;2,3":        "'0,0;2,3'",
		"2,1 1,2":        "'2,1 1,2'",
		"it's":           `'it'\''s'`,
		"":               "''",
		"results/x-1.ok": "results/x-1.ok",
		"$HOME":          "'$HOME'",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s; want %s", in, got, want)
		}
	}
}
