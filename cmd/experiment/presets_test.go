package main

import (
	"regexp"
	"testing"
	"time"

	"knightsweep/configs"
)

// Each preset's header states what it costs on 2 cores ("# Costs: about D
// on 2 free cores", measured for the presets that were run end to end), and
// -plan prints the cost model's estimate (beside the same at this
// machine's pace, which depends on the moment): the two must agree within
// 1.25x, so that neither the model nor a header drifts from what a sweep
// takes.
func TestPresetCostsAgree(t *testing.T) {
	stated := regexp.MustCompile(`(?m)^# Costs: about (\S+) on 2 free cores`)
	expected := regexp.MustCompile(`expected: about .+? on 2 worker\(s\), at this machine's pace: the cost model's (\S+) x`)
	for _, name := range configs.Names() {
		t.Run(name, func(t *testing.T) {
			text, err := configs.Read(name)
			if err != nil {
				t.Fatal(err)
			}
			m := stated.FindSubmatch(text)
			if m == nil {
				t.Fatalf("no %q line in the header", stated)
			}
			want, err := time.ParseDuration(string(m[1]))
			if err != nil {
				t.Fatalf("the header's cost: %v", err)
			}
			out, errOut, code := runCLI(t, "run", "-config", name, "-plan", "-workers", "2", "-out", t.TempDir())
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			e := expected.FindStringSubmatch(out)
			if e == nil {
				t.Fatalf("no estimate in\n%s", out)
			}
			got, err := time.ParseDuration(e[1])
			if err != nil {
				t.Fatalf("the estimate: %v", err)
			}
			if r := got.Seconds() / want.Seconds(); r > 1.25 || r < 1/1.25 {
				t.Errorf("the cost model says %v, the header %v: %.2fx", got, want, r)
			}
		})
	}
}
