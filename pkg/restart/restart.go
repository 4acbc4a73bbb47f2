// Package restart holds the restart policies of the randomised backtracking
// searches: when a search that has not found a tour gives up its attempt
// and starts afresh with a new random stream.
//
// A policy is written as runs.csv's restart_policy column and -restarts take
// it:
//
//	none           never restart (the default)
//	fixed:C        restart every C nodes
//	luby:U         Luby's sequence times U: U, U, 2U, U, U, 2U, 4U, ...
//	geometric:C,F  C, C*F, C*F^2, ... nodes (F >= 1, rounded down)
//
// Luby, Sinclair and Zuckerman ("Optimal speedup of Las Vegas algorithms",
// IPL 47, 1993) show that the fixed cutoff that minimises E[min(X,c)] /
// P(X <= c) is optimal when the run-length distribution X is known, and
// that their universal sequence is within a logarithmic factor of it when
// it is not.
//
// Attempt i (from 0) of a run whose seed is s draws its random stream from
// Seed(s, i): attempt 0 from s itself, so that a run with restarts is, up
// to its first cutoff, the run without of the same seed. A sweep gives its
// jobs with restarts seeds of their own (plan.JobSeed), so that their runs
// are independent of those without.
package restart

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"knightsweep/internal/splitmix"
	"knightsweep/pkg/board"
)

// Kind is a policy's rule.
type Kind uint8

// The rules.
const (
	None Kind = iota
	Fixed
	Luby
	Geometric
)

var kindNames = [...]string{None: "none", Fixed: "fixed", Luby: "luby", Geometric: "geometric"}

// Form describes the policies, for messages.
const Form = "none, fixed:C (restart every C nodes), luby:U (Luby's sequence 1,1,2,1,1,2,4,... times U nodes) or geometric:C,F (C, C*F, C*F^2, ... nodes, F >= 1)"

// MaxCutoff bounds C and U: beyond it a cutoff is no budget anyone gives.
const MaxCutoff = 1 << 50

// Policy is a restart policy. The zero Policy is None. Policies are
// comparable: equal policies restart alike.
type Policy struct {
	Kind Kind
	// C is fixed's and geometric's first cutoff, luby's unit, in nodes.
	C int64
	// F is geometric's factor.
	F float64
}

// String returns the policy as Parse reads it: the canonical form of
// runs.csv's restart_policy ("none", "fixed:49", "luby:49",
// "geometric:100,1.5").
func (p Policy) String() string {
	switch p.Kind {
	case None:
		return kindNames[None]
	case Geometric:
		return fmt.Sprintf("geometric:%d,%s", p.C, strconv.FormatFloat(p.F, 'g', -1, 64))
	}
	return kindNames[p.Kind] + ":" + strconv.FormatInt(p.C, 10)
}

// Parse reads a policy (see the package doc). An empty string is None.
func Parse(s string) (Policy, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == kindNames[None] {
		return Policy{}, nil
	}
	name, args, ok := strings.Cut(s, ":")
	bad := func(why string) (Policy, error) {
		return Policy{}, fmt.Errorf("restart policy %q: %s; want %s", s, why, Form)
	}
	var p Policy
	switch strings.TrimSpace(name) {
	case kindNames[Fixed]:
		p.Kind = Fixed
	case kindNames[Luby]:
		p.Kind = Luby
	case kindNames[Geometric]:
		p.Kind = Geometric
	default:
		return bad("unknown rule")
	}
	if !ok {
		return bad("missing its number of nodes")
	}
	cs, fs, two := strings.Cut(args, ",")
	if two != (p.Kind == Geometric) {
		if two {
			return bad("only geometric takes a factor")
		}
		return bad("geometric needs a first cutoff and a factor")
	}
	c, err := strconv.ParseInt(strings.TrimSpace(cs), 10, 64)
	if err != nil || c < 1 || c > MaxCutoff {
		return bad(fmt.Sprintf("%q is not a number of nodes from 1 to %d", strings.TrimSpace(cs), int64(MaxCutoff)))
	}
	p.C = c
	if p.Kind == Geometric {
		f, err := strconv.ParseFloat(strings.TrimSpace(fs), 64)
		if err != nil || !(f >= 1 && f <= 1e6) {
			return bad(fmt.Sprintf("factor %q is not a number from 1 to 1e6", strings.TrimSpace(fs)))
		}
		p.F = f
	}
	return p, nil
}

// ParseList reads a list of policies separated by semicolons; a comma
// separates policies too where the next one starts with its rule's name
// ("none,luby:49" and "none;geometric:100,2" both work, as does
// "geometric:100,2,fixed:49"). Repeats are kept; empty items are skipped.
func ParseList(s string) ([]Policy, error) {
	var out []Policy
	for _, item := range splitList(s) {
		p, err := Parse(item)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, errors.New("no restart policy: want " + Form + ", separated by semicolons")
	}
	return out, nil
}

// splitList splits at semicolons, and at commas followed by a rule's
// name: not at any letter, or "geometric:10,NaN" was split before its
// factor and refused for lacking one.
func splitList(s string) []string {
	var items []string
	for part := range strings.SplitSeq(s, ";") {
		start := 0
		for i := 0; i < len(part); i++ {
			if part[i] != ',' {
				continue
			}
			rest := strings.TrimSpace(part[i+1:])
			if startsWithRule(rest) {
				items = append(items, part[start:i])
				start = i + 1
			}
		}
		items = append(items, part[start:])
	}
	var out []string
	for _, it := range items {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// startsWithRule reports whether s begins with a rule's name, alone or
// before its colon.
func startsWithRule(s string) bool {
	for _, name := range kindNames {
		if rest, ok := strings.CutPrefix(s, name); ok && (strings.TrimSpace(rest) == "" || strings.HasPrefix(strings.TrimSpace(rest), ":")) {
			return true
		}
	}
	return false
}

// Cutoff returns the most nodes attempt i (from 0) may enter, or 0 for no
// limit (None). It takes O(log i) steps and never overflows: cutoffs
// saturate at math.MaxInt64.
func (p Policy) Cutoff(i int64) int64 {
	switch p.Kind {
	case Fixed:
		return p.C
	case Luby:
		t := LubyTerm(i + 1)
		hi, lo := bits.Mul64(uint64(t), uint64(p.C))
		if hi != 0 {
			return math.MaxInt64
		}
		return int64(min(lo, math.MaxInt64))
	case Geometric:
		return geometricCutoff(float64(p.C) * math.Pow(p.F, float64(i)))
	}
	return 0
}

// geometricCutoff is a geometric policy's cutoff C F^i, given as u:
// rounded down, at least 1, and saturated at math.MaxInt64.
func geometricCutoff(u float64) int64 {
	c := math.Floor(u)
	if c >= math.MaxInt64 || math.IsInf(c, 1) {
		return math.MaxInt64
	}
	return max(1, int64(c))
}

// Capped reports whether no attempt's cutoff exceeds the first, C: fixed,
// and geometric with factor 1, which is fixed:C by another name. A capped
// run never searches to the end, so it never proves that no tour starts at
// a square, and where C is below the board's squares no attempt can find
// one: either way only a budget ends it.
func (p Policy) Capped() bool {
	return p.Kind == Fixed || p.Kind == Geometric && p.F == 1
}

// Check refuses a policy that cannot work for a run on b under the budgets
// maxNodes and timeout (0: none): one whose first attempt -max-nodes
// already stops, so that the run never restarts; a capped one (Capped)
// without a budget, which might never end; and a capped one whose cutoff
// is below b's squares, where no attempt can find a tour. The error names
// the flags; the caller names the policy.
func (p Policy) Check(maxNodes int64, timeout time.Duration, b board.Board) error {
	if p.Kind == None {
		return nil
	}
	if maxNodes > 0 && p.Cutoff(0) >= maxNodes {
		return fmt.Errorf("the first attempt may take %d nodes, and -max-nodes %d stops the run before it ends: the run would never restart; want a first cutoff below -max-nodes", p.Cutoff(0), maxNodes)
	}
	if !p.Capped() {
		return nil
	}
	if maxNodes == 0 && timeout == 0 {
		return errors.New("a cutoff that never grows (fixed, or geometric with factor 1) never proves that no tour starts at a square, so such a run might never end: give -max-nodes or -timeout too, or use luby:U or geometric:C,F with F > 1")
	}
	if n := int64(b.Squares()); p.C < n {
		return fmt.Errorf("a tour of %v enters %d squares, more than the cutoff: no attempt could find one; want a cutoff of %d nodes or more", b, n, n)
	}
	return nil
}

// LubyTerm returns the i-th term (i >= 1) of Luby's universal sequence
// 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (OEIS A182105): 2^(k-1)
// when i = 2^k - 1, else the term at i - 2^(k-1) + 1 for 2^(k-1) <= i <
// 2^k - 1.
func LubyTerm(i int64) int64 {
	if i < 1 {
		panic("restart: Luby's sequence starts at term 1")
	}
	for {
		k := bits.Len64(uint64(i)) // 2^(k-1) <= i < 2^k
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// Seed returns the seed of attempt i of a run whose seed is seed: seed
// itself for attempt 0, then SplitMix64's i-th output from state seed
// (package splitmix), so that attempts draw unrelated streams. Rows record
// the run's seed; this is how a replay finds its attempts'. Part of the
// file format, like plan.JobSeed.
func Seed(seed uint64, i int64) uint64 {
	if i == 0 {
		return seed
	}
	return splitmix.Mix(seed + uint64(i)*splitmix.Golden)
}
