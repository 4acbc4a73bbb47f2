package splitmix

import "testing"

// The published outputs: the reference implementation's (splitmix64.c) first
// outputs from state 0, and Rosetta Code's SplitMix64 task from 1234567.
func TestPublishedOutputs(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want []uint64
	}{
		{0, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec, 0x1b39896a51a8749b}},
		{1234567, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}},
	} {
		x := tc.seed
		for i, want := range tc.want {
			if got := Next(&x); got != want {
				t.Errorf("seed %d, output %d: %#x, want %#x", tc.seed, i, got, want)
			}
		}
	}
}
