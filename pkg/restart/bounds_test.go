package restart

import (
	"math"
	"testing"
)

// TestFactorBounds: a geometric factor runs from 1 to 1e6, both ends
// included.
func TestFactorBounds(t *testing.T) {
	for s, ok := range map[string]bool{
		"geometric:10,1": true, "geometric:10,1e6": true, "geometric:10,1000000": true,
		"geometric:10,0.999": false, "geometric:10,1000000.5": false, "geometric:10,1e7": false,
	} {
		if _, err := Parse(s); (err == nil) != ok {
			t.Errorf("%s: %v, want ok %v", s, err, ok)
		}
	}
}

// TestListEndsInABareRule: a comma followed by a rule's name alone
// ("none") separates two policies, as one followed by name:N does.
func TestListEndsInABareRule(t *testing.T) {
	ps, err := ParseList("luby:49,none")
	if err != nil || len(ps) != 2 || ps[0].Kind != Luby || ps[0].C != 49 || ps[1].Kind != None {
		t.Errorf("luby:49,none: %+v, %v", ps, err)
	}
}

// TestGeometricCutoffSaturates: geometric:1,2 has cutoffs 2^i; 2^62 fits
// in an int64, 2^63 does not and saturates at math.MaxInt64, as every
// later one does.
func TestGeometricCutoffSaturates(t *testing.T) {
	p := mustParse(t, "geometric:1,2")
	for i, want := range map[int64]int64{0: 1, 10: 1024, 62: 1 << 62, 63: math.MaxInt64, 64: math.MaxInt64, 1000: math.MaxInt64} {
		if got := p.Cutoff(i); got != want {
			t.Errorf("Cutoff(%d) = %d, want %d", i, got, want)
		}
	}
}
