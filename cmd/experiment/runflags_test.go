package main

import (
	"errors"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/strategies"
)

func TestRunFlags(t *testing.T) {
	fs, f := newTestFlags()
	err := fs.Parse([]string{"-sizes", "6,5", "-strategies", "warnsdorff,dfs", "-order", "12345678",
		"-max-nodes", "9", "-timeout", "2s", "-workers", "3", "-out", "o", "-resume", "-save-tours", "-starts", "corners",
		"-mem-limit", "1GiB"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.settings()
	if err != nil {
		t.Fatal(err)
	}
	o, err := f.options(noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if s.Sizes.String() != "5x5,6x6" || strings.Join(s.Strategies, ",") != "dfs,warnsdorff" ||
		s.Order != "-2,1 -1,2 1,2 2,1 2,-1 1,-2 -1,-2 -2,-1" || s.MaxNodes != 9 || s.Timeout.Seconds() != 2 ||
		o.Workers != 3 || o.Out != "o" || !o.Resume || !s.SaveTours || s.Starts.String() != "corners" ||
		o.MemLimit.Bytes != 1<<30 || o.MemLimit.Source != "-mem-limit" {
		t.Errorf("settings %+v, options %+v", s, o)
	}

	fs, f = newTestFlags()
	fs.Parse([]string{"-sizes", "5"})
	if s, err := f.settings(); err != nil || strings.Join(s.Strategies, ",") != "dfs,warnsdorff,warnsdorff-bt" {
		t.Errorf("default strategies: %q, %v", s.Strategies, err)
	}
	if o, err := f.options(noEnv); err != nil || o.MemLimit.Source == "-mem-limit" || o.Workers < 1 {
		t.Errorf("default options: %+v, %v", o, err)
	}

	fs, f = newTestFlags()
	fs.Parse([]string{"-sizes", "5", "-strategies", "all"})
	if s, err := f.settings(); err != nil || len(s.Strategies) != len(strategies.Builtins().Names()) || s.Starts.String() != "all" {
		t.Errorf("defaults: %+v, %v", s, err)
	}
}

func noEnv(string) string { return "" }

// Every bad value is refused with a message that names the flag and what
// it accepts.
func TestRunFlagsErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		flag string
		want string
	}{
		{[]string{}, "-sizes", "missing; want N"},
		{[]string{"-sizes", "8-5"}, "-sizes", `"8-5": range 8-5 runs backwards; want N`},
		{[]string{"-sizes", "0"}, "-sizes", `"0": side 0 is outside 1..20000; want N`},
		{[]string{"-sizes", "abc"}, "-sizes", `"abc": "abc" is not a whole number; want N (an N x N board), A-B`},
		{[]string{"-sizes", "5", "-strategies", "bfs"}, "-strategies", `unknown strategy "bfs": want one of dfs, warnsdorff, warnsdorff-bt`},
		{[]string{"-sizes", "5", "-strategies", ","}, "-strategies", "missing: want some of dfs, warnsdorff, warnsdorff-bt"},
		{[]string{"-sizes", "5", "-workers", "0"}, "-workers", "0: want 1 to 4096"},
		{[]string{"-sizes", "5", "-workers", "-3"}, "-workers", "-3: want 1 to 4096"},
		{[]string{"-sizes", "5", "-workers", "1000000000"}, "-workers", "1000000000: want 1 to 4096"},
		{[]string{"-sizes", "5", "-max-nodes", "-1"}, "-max-nodes", "-1: want 0 (no limit) or a positive number of nodes"},
		{[]string{"-sizes", "5", "-timeout", "-1s"}, "-timeout", "-1s: want 0 (no limit) or a positive duration such as 30s"},
		{[]string{"-sizes", "5", "-order", "1234567"}, "-order", `want 8 offsets like "2,1 1,2`},
		{[]string{"-sizes", "5", "-order", "2,1 2,1 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"}, "-order", "appears twice"},
		{[]string{"-sizes", "5", "-starts", "middle"}, "-starts", "want all, corners, solvable"},
		{[]string{"-sizes", "5", "-starts", "7,7"}, "-starts", "7,7 is off the 5x5 board"},
		{[]string{"-sizes", "5", "-resume"}, "-resume", "needs -out"},
		{[]string{"-sizes", "5", "-mem-limit", "0.4"}, "-mem-limit", `"0.4" is less than one byte, and 0 would mean no limit`},
		{[]string{"-sizes", "5", "-mem-limit", "lots"}, "-mem-limit", `"lots": want bytes such as 512MB`},
		{[]string{"-sizes", "5", "-shard", "5/5"}, "-shard", "index \"5\" is not a number from 0 to 4"},
		{[]string{"-sizes", "5", "-shard", "auto/3"}, "-shard", "neither $SLURM_ARRAY_TASK_ID nor $JOB_COMPLETION_INDEX is set"},
		{[]string{"-sizes", "2000", "-save-tours"}, "-save-tours", "2000x2000 has 4000000 squares"},
	} {
		fs, f := newTestFlags()
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		_, err := f.settings()
		if err == nil {
			_, err = f.options(noEnv)
		}
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Flag != tt.flag || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v; want %s and %q", tt.args, err, tt.flag, tt.want)
		}
	}
}

func TestParseShardEnv(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	for _, tt := range []struct {
		in   string
		env  map[string]string
		want plan.Shard
	}{
		{"", nil, plan.Shard{}},
		{"2/4", nil, plan.Shard{Index: 2, Count: 4}},
		{"auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, plan.Shard{Index: 1, Count: 4}},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "3"}, plan.Shard{Index: 3, Count: 4}},
		// Slurm first, when both are set.
		{"auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "JOB_COMPLETION_INDEX": "3"}, plan.Shard{Index: 0, Count: 4}},
	} {
		got, err := parseShard(tt.in, env(tt.env))
		if err != nil || got != tt.want {
			t.Errorf("parseShard(%q, %v) = %v, %v; want %v", tt.in, tt.env, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		env  map[string]string
		want string
	}{
		{"auto/4", map[string]string{"SLURM_ARRAY_TASK_ID": "4"}, `with $SLURM_ARRAY_TASK_ID="4": "4/4": index "4" is not a number from 0 to 3`},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "x"}, "$JOB_COMPLETION_INDEX"},
		{"auto/x", map[string]string{"JOB_COMPLETION_INDEX": "1"}, "shard count"},
	} {
		if _, err := parseShard(tt.in, env(tt.env)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseShard(%q, %v): %v; want %q", tt.in, tt.env, err, tt.want)
		}
	}
}
