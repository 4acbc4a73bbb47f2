package external

import (
	"testing"
	"time"
)

// TestGraceDefault: a run with no grace set waits DefaultGrace (500 ms)
// between SIGTERM and SIGKILL; a grace set is kept.
func TestGraceDefault(t *testing.T) {
	if got := (Limits{}).grace(); got != 500*time.Millisecond {
		t.Errorf("no grace: %v, want 500ms", got)
	}
	if got := (Limits{Grace: 2 * time.Second}).grace(); got != 2*time.Second {
		t.Errorf("a grace of 2s: %v", got)
	}
}

// TestNearLimitBounds: a peak counts as near a limit from an eighth below
// it, or 4 MiB below a limit of 32 MiB or less: under 64 MiB from 56 MiB
// on, under 16 MiB from 12 MiB on; a byte less is not near.
func TestNearLimitBounds(t *testing.T) {
	const mib = 1 << 20
	for _, tt := range []struct {
		mem, from int64
	}{{64 * mib, 56 * mib}, {16 * mib, 12 * mib}, {32 * mib, 28 * mib}} {
		if !nearLimit(tt.from, tt.mem) || !nearLimit(tt.mem, tt.mem) || nearLimit(tt.from-1, tt.mem) {
			t.Errorf("limit %d MiB: near at %d: %v, at the limit: %v, a byte below %d: %v; want true, true, false",
				tt.mem/mib, tt.from, nearLimit(tt.from, tt.mem), nearLimit(tt.mem, tt.mem), tt.from, nearLimit(tt.from-1, tt.mem))
		}
	}
}

// TestStartupDefault: a stdio process with no start-up limit set has
// DefaultStartup (30 s) to answer its warm-up request, or the run's
// timeout where that is longer; a start-up limit set is kept.
func TestStartupDefault(t *testing.T) {
	for _, tt := range []struct {
		name string
		l    Limits
		want time.Duration
	}{
		{"none set", Limits{}, DefaultStartup},
		{"a shorter timeout", Limits{Timeout: time.Second}, DefaultStartup},
		{"a longer timeout", Limits{Timeout: time.Minute}, time.Minute},
		{"set", Limits{Startup: 300 * time.Millisecond, Timeout: time.Minute}, 300 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.startup(); got != tt.want {
				t.Errorf("%+v: start-up limit %v, want %v", tt.l, got, tt.want)
			}
		})
	}
}
