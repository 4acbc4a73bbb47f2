package exact

import (
	"fmt"
	"slices"
	"testing"

	"knightsweep/internal/splitmix"
)

// TestSortRecs: the radix sort orders records as compareRec does (the
// order runs on disk are merged in), on keys that share long prefixes,
// differ in one bit, repeat, or are random, of one and two words, with
// every count below and around the sizes where it changes method.
func TestSortRecs(t *testing.T) {
	for _, n := range []int{0, 1, 2, 23, 24, 25, 100, 257, 5000, 70000} {
		for _, kind := range []string{"random", "repeats", "prefix", "onebit", "squares"} {
			t.Run(fmt.Sprintf("%s/%d", kind, n), func(t *testing.T) {
				checkSort[[1]uint64, [1]uint64](t, n, kind)
				checkSort[[2]uint64, [1]uint64](t, n, kind)
				checkSort[[1]uint64, [10]uint64](t, n, kind)
			})
		}
	}
}

func checkSort[K set, P num](t *testing.T, n int, kind string) {
	seed := uint64(n)*7 + uint64(len(kind))
	b := make([]rec[K, P], n)
	for i := range b {
		r := &b[i]
		for j := range len(r.k) {
			x := splitmix.Next(&seed)
			switch kind {
			case "repeats":
				x %= 3
			case "prefix":
				x = 0xFFFF_0000_0000_0000 | x&0xFF
			case "onebit":
				x = 1 << (x % 64)
			case "squares":
				x &= 1<<57 - 1
			}
			r.k[j] = x
		}
		r.tag = splitmix.Next(&seed)%5 | uint64(i)<<16
		r.cnt = uint64(i)
		r.p[0] = uint64(i)
	}
	want := slices.Clone(b)
	slices.SortStableFunc(want, compareRec[K, P])
	got := slices.Clone(b)
	sortRecs(got)
	for i := range got {
		if compareRec(got[i], want[i]) != 0 {
			t.Fatalf("%T: record %d of %d has key %v/%d, want %v/%d", got[i].k, i, n, got[i].k, got[i].cur(), want[i].k, want[i].cur())
		}
	}
	// Every record is there once: the payloads are a permutation.
	seen := make([]bool, n)
	for _, r := range got {
		if seen[r.cnt] {
			t.Fatalf("record %d twice", r.cnt)
		}
		seen[r.cnt] = true
	}
}

// BenchmarkSortRecs sorts a million 11x11 records (40 bytes) of random
// keys, each key about three times (ns/op is the million's), by the radix
// sort and (Compare) by a comparison sort of compareRec.
func BenchmarkSortRecs(b *testing.B) { benchSort(b, sortRecs[[2]uint64, [1]uint64]) }

func BenchmarkSortRecsCompare(b *testing.B) {
	benchSort(b, func(r []rec[[2]uint64, [1]uint64]) { slices.SortFunc(r, compareRec) })
}

func benchSort(b *testing.B, sort func([]rec[[2]uint64, [1]uint64])) {
	const n = 1 << 20
	seed := uint64(1)
	src := make([]rec[[2]uint64, [1]uint64], n)
	for i := range src {
		x := splitmix.Next(&seed) % (n / 3)
		src[i].k = [2]uint64{splitmix.Mix(x), splitmix.Mix(x+1) & (1<<57 - 1)}
		src[i].tag = x % 121
	}
	buf := make([]rec[[2]uint64, [1]uint64], n)
	b.SetBytes(n * 40)
	for b.Loop() {
		copy(buf, src)
		sort(buf)
	}
}
