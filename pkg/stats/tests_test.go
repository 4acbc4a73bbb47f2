package stats

import (
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"
)

func TestSignTest(t *testing.T) {
	for _, tt := range []struct {
		a, b int
		p    float64
	}{
		{0, 0, 1},
		{1, 0, 1},                       // 2 * 1/2
		{2, 0, 0.5},                     // 2 * 1/4
		{1, 3, 0.625},                   // 2 * (1 + 4)/16
		{10, 0, 2.0 / 1024},             // 2 * 1/1024
		{2, 3, 1},                       // 2 * (1 + 5 + 10)/32, capped
		{9, 1, 2 * 11.0 / 1024},         // 2 * (1 + 10)/1024
		{20, 5, 2 * 68406 / 33554432.0}, // 2 * (1 + 25 + 300 + 2300 + 12650 + 53130)/2^25
		// Past 1000 terms the log-gamma path: 2 * sum(C(2000, i), i <= 950) / 2^2000,
		// evaluated in exact integer arithmetic.
		{1050, 950, 0.026824146240280695},
	} {
		if got := SignTest(tt.a, tt.b); !(math.Abs(got-tt.p) <= 1e-12*math.Max(1, tt.p)) {
			t.Errorf("SignTest(%d, %d) = %g, want %g", tt.a, tt.b, got, tt.p)
		}
	}
}

// Up to signTermsUpTo (1000) pairs the sign test sums C(n, i)/2^n term by
// term from 2^-n, exactly while the terms are: 1000 to 0 is 2 * 2^-1000,
// 999 to 1 is 2 * 1001 * 2^-1000, to the last bit.
func TestSignTestExactAtTermLimit(t *testing.T) {
	for _, tt := range []struct {
		name string
		a, b int
		p    float64
	}{
		{"1000 to 0", 1000, 0, 0x1p-999},
		{"999 to 1", 999, 1, 1001 * 0x1p-999},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := SignTest(tt.a, tt.b); got != tt.p {
				t.Errorf("SignTest(%d, %d) = %v, want %v", tt.a, tt.b, got, tt.p)
			}
		})
	}
}

// Wilcoxon signed-rank p-values worked out by hand: all 2^n sign patterns
// of the ranks counted.
func TestSignedRank(t *testing.T) {
	for _, tt := range []struct {
		name string
		d    []float64
		p    float64
		n    int
	}{
		// n=3, all positive: W+ = 6, the largest of 8 patterns; 2/8.
		{"three up", []float64{1, 2, 3}, 0.25, 3},
		// n=5 all positive: 2 * 1/32.
		{"five up", []float64{0.1, 0.2, 0.3, 0.4, 0.5}, 2.0 / 32, 5},
		// Zeros dropped: the same as "three up".
		{"zeros", []float64{0, 1, 0, 2, 3}, 0.25, 3},
		// Ranks 1,2,3,4 with signs + - + -: W+ = 1+3 = 4. Sums <= 4 over
		// the 16 subsets of {1,2,3,4}: {},1,2,3,4,12,13 = 7; >= 4: 16-(sums
		// <= 3: {},1,2,3,12 = 5) = 11. p = 2*7/16.
		{"mixed", []float64{1, -2, 3, -4}, 14.0 / 16, 4},
		// Tied absolute values share mid ranks 1.5, 1.5, 3: signs + - -:
		// W+ = 1.5 (doubled 3). Doubled sums of the subsets of {3,3,6}: 0,
		// 3, 3, 6, 6, 9, 9, 12: <= 3: 3 of 8; >= 3: 7 of 8. p = 2*3/8.
		{"ties", []float64{1, -1, -2}, 0.75, 3},
		{"nothing", nil, 1, 0},
	} {
		p, n := SignedRank(tt.d)
		if !(math.Abs(p-tt.p) <= 1e-12) || n != tt.n {
			t.Errorf("%s: SignedRank(%v) = %g on %d, want %g on %d", tt.name, tt.d, p, n, tt.p, tt.n)
		}
	}
	// Above the exact limit the normal approximation: 200 differences, all
	// positive: z = (W - mean - 0.5)/sd, W = n(n+1)/2.
	d := make([]float64, 200)
	for i := range d {
		d[i] = float64(i + 1)
	}
	p, _ := SignedRank(d)
	nf := 200.0
	z := (nf*(nf+1)/2 - nf*(nf+1)/4 - 0.5) / math.Sqrt(nf*(nf+1)*(2*nf+1)/24)
	if want := math.Erfc(z / math.Sqrt2); !(math.Abs(p-want) <= 1e-15) || p > 1e-30 {
		t.Errorf("normal approximation: %g, want %g", p, want)
	}
	// At the boundary, 100 differences (ranks 1..100, those of 1, 4, ...,
	// 100 negative: W+ = 5050 - 1717 = 3333), the p-value is exact: twice
	// the share of the 2^100 sign patterns whose rank sum is at least
	// 3333, counted here in whole numbers. The normal approximation by
	// hand, with its continuity correction, agrees with it within 1e-3, the
	// bound that lets SignedRank use it above exactSignedRankMax.
	d = make([]float64, 100)
	for i := range d {
		d[i] = float64(i + 1)
		if i%3 == 0 {
			d[i] = -d[i]
		}
	}
	exact, n := SignedRank(d)
	want := signedRankUpper(100, 3333)
	nf = 100
	z = (3333 - nf*(nf+1)/4 - 0.5) / math.Sqrt(nf*(nf+1)*(2*nf+1)/24)
	normal := math.Erfc(z / math.Sqrt2)
	if n != 100 || !(math.Abs(exact-want) <= 1e-12*want) || !(math.Abs(exact-normal) <= 1e-3) {
		t.Errorf("mixed 100: p %g on %d, want %g on 100 (normal approximation %g)", exact, n, want, normal)
	}
}

// signedRankUpper returns 2 P(W+ >= w) for the ranks 1..n with signs equally
// likely, from the number of sign patterns of each rank sum as big
// integers.
func signedRankUpper(n, w int) float64 {
	top := n * (n + 1) / 2
	counts := make([]*big.Int, top+1)
	for s := range counts {
		counts[s] = new(big.Int)
	}
	counts[0].SetInt64(1)
	for r := 1; r <= n; r++ {
		for s := top; s >= r; s-- {
			counts[s].Add(counts[s], counts[s-r])
		}
	}
	upper := new(big.Int)
	for _, c := range counts[w:] {
		upper.Add(upper, c)
	}
	p, _ := new(big.Rat).SetFrac(upper.Lsh(upper, 1), new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
	return p
}

func TestHolm(t *testing.T) {
	// Sorted 0.01, 0.02, 0.03, 0.5 with m=4: 0.04, 0.06, 0.06 (the running
	// maximum of 0.06), 0.5.
	got := Holm([]float64{0.03, 0.5, 0.01, math.NaN(), 0.02})
	want := []float64{0.06, 0.5, 0.04, math.NaN(), 0.06}
	for i := range want {
		if math.IsNaN(want[i]) != math.IsNaN(got[i]) || !math.IsNaN(want[i]) && !(math.Abs(got[i]-want[i]) <= 1e-12) {
			t.Errorf("Holm = %v, want %v", got, want)
			break
		}
	}
}

// Hodges–Lehmann estimates worked out by hand from the Walsh averages, and
// held to a brute-force listing of every average on random samples.
func TestHodgesLehmann(t *testing.T) {
	for _, tt := range []struct {
		name string
		d    []float64
		want float64
	}{
		// Averages 1, 1.5, 2, 2, 2.5, 3: the middle two are 2 and 2.
		{"three up", []float64{1, 2, 3}, 2},
		// Zeros dropped, as by SignedRank.
		{"zeros", []float64{0, 3, 0, 1, 2}, 2},
		// -1 (6 times), 2 (3), 2.5 (3), 5, 5.5, 6: the 8th of 15 is 2,
		// while the median of the differences is -1: most pairs a little
		// below zero, two far above it.
		{"skewed", []float64{-1, -1, -1, 5, 6}, 2},
		// Averages -4, -3, -2, 1.5, 2.5, 7: the middle two -2 and 1.5.
		{"even", []float64{-4, -2, 7}, -0.25},
		{"one", []float64{-3}, -3},
		// Averages -1, 2^-53 and 1 + 2^-52: the middle one 2^-53. The
		// bisection's first midpoint, halfway between the keys of -1 and
		// 1 + 2^-52 (orderedBits), is the key of +0 itself.
		{"just above zero", []float64{-1, 1 + 0x1p-52}, 0x1p-53},
		// Averages -1, 0 and 1.
		{"symmetric", []float64{-1, 1}, 0},
		{"nothing", []float64{0, 0}, 0},
	} {
		if got := HodgesLehmann(tt.d); got != tt.want {
			t.Errorf("%s: HodgesLehmann(%v) = %g, want %g", tt.name, tt.d, got, tt.want)
		}
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		d := make([]float64, n)
		for i := range d {
			switch rng.IntN(4) {
			case 0:
				d[i] = float64(rng.IntN(7) - 3) // ties and zeros
			default:
				d[i] = rng.NormFloat64() * math.Exp(rng.NormFloat64()*3)
			}
		}
		var avg []float64
		for i := range d {
			for j := i; j < n; j++ {
				if d[i] != 0 && d[j] != 0 {
					avg = append(avg, d[i]/2+d[j]/2)
				}
			}
		}
		want := 0.0
		if len(avg) > 0 {
			sort.Float64s(avg)
			m := len(avg)
			want = avg[(m-1)/2]
			if m%2 == 0 {
				want = (avg[m/2-1] + avg[m/2]) / 2
			}
		}
		if got := HodgesLehmann(d); got != want {
			t.Fatalf("trial %d: HodgesLehmann(%v) = %g, want %g", trial, d, got, want)
		}
	}
}

// Past exactSignedRankMax (100) differences, the normal approximation
// with ties: 110 differences of sizes 1 (50 of them, 30 positive), 2 (30,
// 20 positive) and 3 (30, 10 positive) rank 25.5, 65.5 and 95.5. W+ =
// 30*25.5 + 20*65.5 + 10*95.5 = 3030 against a mean of 110*111/4 =
// 3052.5; the variance of W+ given the ranks is the sum of their squares
// over 4, 434827.5/4; with the continuity correction z = 22/sqrt(that).
func TestSignedRankNormalWithTies(t *testing.T) {
	var d []float64
	for _, g := range []struct {
		size    float64
		n, plus int
	}{{1, 50, 30}, {2, 30, 20}, {3, 30, 10}} {
		for i := range g.n {
			if i < g.plus {
				d = append(d, g.size)
			} else {
				d = append(d, -g.size)
			}
		}
	}
	p, n := SignedRank(d)
	want := math.Erfc(22 / math.Sqrt(434827.5/4) / math.Sqrt2)
	if n != 110 || !(math.Abs(p-want) <= 1e-12) { // NaN fails too
		t.Errorf("SignedRank = %v over %d, want %v over 110", p, n, want)
	}
}
