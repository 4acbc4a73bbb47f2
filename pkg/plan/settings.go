package plan

import (
	"cmp"
	"encoding/json"
	"fmt"
	"iter"
	"reflect"
	"slices"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/strategies"
)

// Settings is everything that decides which jobs a sweep runs and what each
// job computes. Two sweeps with equal Settings produce the same set of rows,
// timings (and rows decided by -timeout) aside, whatever their worker count.
// manifest.json records them; -resume refuses to continue a sweep whose
// Settings differ.
//
// Settings are canonical after Normalize: lists are sorted and free of
// repeats, so equal sweeps compare equal however their flags were spelled.
type Settings struct {
	Sizes  Sizes  `json:"sizes"`
	Starts Starts `json:"starts"`
	// Given is -sizes and -starts as the user gave them, in their order,
	// beside the sorted Sizes and Starts: for what is printed (the plan's
	// line); neither recorded nor compared. Its zero value is the sorted
	// order.
	Given Given `json:"-"`

	Strategies []string `json:"strategies"`
	// Tiebreaks lists the tie-break rules to run; each strategy runs those
	// it accepts, or "first" if it accepts none of them.
	Tiebreaks []string `json:"tiebreaks"`
	// Order is the move order in offset notation, or strategies.OrderRandom:
	// the strategies that take a random move order (dfs) draw one at every
	// square, the others run in the default order.
	Order    string        `json:"order"`
	Closed   bool          `json:"closed"`
	MaxNodes int64         `json:"max_nodes"`
	Timeout  time.Duration `json:"timeout_ns"`
	// Trials repeats every randomised job (tie-break random) as trials
	// 0..Trials-1; deterministic jobs would repeat identical work, so they
	// run once, as trial 0.
	Trials int `json:"trials"`
	// Seed is the base of every randomised job's seed (JobSeed).
	Seed uint64 `json:"seed"`
	// Prune asks the strategies that can (strategies.Pruning) to prune; the
	// others run unpruned, and their rows say prune=false.
	Prune bool `json:"prune"`
	// SaveTours adds the tour column to runs.csv.
	SaveTours bool `json:"save_tours"`
	// Restarts lists the restart policies (restart.Policy.String), each a
	// series of its own for the runs they apply to
	// (strategies.Info.Restartable); the other runs never restart. Empty means
	// none alone, so that sweeps from before restarts compare equal.
	Restarts []string `json:"restarts,omitempty"`
	// Solvers lists the external solvers declared (-solver), each a
	// strategy that -strategies may name.
	Solvers []Solver `json:"solvers,omitempty"`
}

// settingFlags names the flag behind each JSON field of Settings, for
// messages.
var settingFlags = map[string]string{
	"sizes": "-sizes", "starts": "-starts", "strategies": "-strategies",
	"tiebreaks": "-tiebreak", "order": "-order", "closed": "-closed",
	"max_nodes": "-max-nodes", "timeout_ns": "-timeout", "trials": "-trials",
	"seed": "-seed", "prune": "-prune", "save_tours": "-save-tours",
	"restarts": "-restarts", "solvers": "-solver",
}

// MaxTourSquares is the largest board whose tours -save-tours writes into
// runs.csv: a tour of 1,000,000 squares is a line of about 7 MB.
const MaxTourSquares = 1_000_000

// Normalize fills defaults (every strategy's "first" tie-break, one trial,
// the default move order), puts lists in canonical order and checks every
// value. Errors are input.Errors naming the flag.
func (s *Settings) Normalize() error {
	if len(s.Sizes) == 0 {
		return input.Errorf("-sizes", "missing; %s", sizesForm)
	}
	s.Sizes.normalize()
	if len(s.Sizes) > MaxBoards {
		return input.Errorf("-sizes", "%d boards; %s", len(s.Sizes), sizesForm)
	}
	for _, b := range s.Sizes {
		if _, err := board.New(b.Rows, b.Cols); err != nil {
			return input.Errorf("-sizes", "%v; %s", err, sizesForm)
		}
	}
	if err := s.Starts.Check(s.Sizes); err != nil {
		return input.Errorf("-starts", "%v", err)
	}
	set, err := s.Known()
	if err != nil {
		return err
	}
	// A set: declared in another order (a flag file's solver that the
	// command line declares again follows the file's others), the same
	// sweep.
	slices.SortFunc(s.Solvers, func(a, b Solver) int { return cmp.Compare(a.Name, b.Name) })
	if len(s.Strategies) == 0 {
		return input.Errorf("-strategies", "missing: want some of %s", strings.Join(set.Names(), ", "))
	}
	for _, name := range s.Strategies {
		if _, err := set.Lookup(name); err != nil {
			return input.Errorf("-strategies", "%v", err)
		}
	}
	names := set.Names()
	rank := func(name string) int { return slices.Index(names, name) }
	slices.SortFunc(s.Strategies, func(a, b string) int { return rank(a) - rank(b) })
	s.Strategies = slices.Compact(s.Strategies)

	if len(s.Tiebreaks) == 0 {
		s.Tiebreaks = []string{strategies.TieFirst}
	}
	slices.Sort(s.Tiebreaks)
	s.Tiebreaks = slices.Compact(s.Tiebreaks)
	for _, tb := range s.Tiebreaks {
		if !slices.Contains(strategies.Tiebreaks, tb) {
			return input.Errorf("-tiebreak", "unknown rule %q: want a comma-separated list of %s", tb, strings.Join(strategies.Tiebreaks, ", "))
		}
		if !slices.ContainsFunc(s.Strategies, func(name string) bool { return slices.Contains(info(set, name).TiebreakRules(), tb) }) {
			return input.Errorf("-tiebreak", "%q: no strategy of -strategies accepts it (%s)", tb, words.Do(set.Accepting(tb)))
		}
	}

	if strings.TrimSpace(s.Order) == strategies.OrderRandom {
		s.Order = strategies.OrderRandom
		if !slices.ContainsFunc(s.Strategies, func(name string) bool { return info(set, name).RandomOrder }) {
			return input.Errorf("-order", "random: no strategy of -strategies takes a random move order (%s)", words.Do(set.RandomOrders()))
		}
	} else {
		o, err := board.ParseOrder(s.Order)
		if err != nil {
			return input.Errorf("-order", "%v, or %s (%s)", err, strategies.OrderRandom, strings.Join(set.RandomOrders(), ", "))
		}
		s.Order = o.String()
	}
	if s.MaxNodes < 0 {
		return input.Errorf("-max-nodes", "%d: want 0 (no limit) or a positive number of nodes", s.MaxNodes)
	}
	if s.Timeout < 0 {
		return input.Errorf("-timeout", "%v: want 0 (no limit) or a positive duration such as 30s", s.Timeout)
	}
	if s.Trials == 0 {
		s.Trials = 1
	}
	if s.Trials < 0 || s.Trials > MaxJobs {
		return input.Errorf("-trials", "%d: want a number of trials from 1 to %d", s.Trials, MaxJobs)
	}
	if s.Trials > 1 && !s.randomised(set) {
		return input.Errorf("-trials", "%d: only randomised jobs repeat, and this sweep has none: add %s", s.Trials, s.randomise(set))
	}
	if err := s.normalizeRestarts(set); err != nil {
		return err
	}
	if s.Prune && !slices.ContainsFunc(s.Strategies, func(name string) bool { return info(set, name).Prunes }) {
		return input.Errorf("-prune", "none of -strategies prunes: pruning applies to %s", strings.Join(set.Pruning(), ", "))
	}
	if s.SaveTours {
		if b := s.Sizes[len(s.Sizes)-1]; b.Squares() > MaxTourSquares {
			return input.Errorf("-save-tours", "%v has %d squares: tours are saved for boards of at most %d squares (a line of runs.csv a tour); leave out -save-tours or the larger boards, or solve such a board with experiment solve -tour-out",
				b, b.Squares(), MaxTourSquares)
		}
	}
	return nil
}

// randomise says what makes the sweep's strategies randomised: -order
// random for those that take it (dfs), -tiebreak random for those that
// accept it, random: or {seed} in an external solver's declaration, or,
// when -strategies has none of these, both flags with their strategies:
// each flag named only for strategies that accept it.
func (s *Settings) randomise(set *strategies.Set) string {
	var order, tie, external []string
	for _, name := range s.Strategies {
		if info(set, name).RandomOrder {
			order = append(order, name)
		}
		if slices.Contains(info(set, name).TiebreakRules(), strategies.TieRandom) {
			tie = append(tie, name)
		}
		if info(set, name).External != nil {
			external = append(external, name)
		}
	}
	if len(order) == 0 && len(tie) == 0 && len(external) == 0 {
		order, tie = set.RandomOrders(), set.Accepting(strategies.TieRandom)
	}
	var ways []string
	if len(order) > 0 {
		ways = append(ways, fmt.Sprintf("-order random (for %s)", strings.Join(order, " or ")))
	}
	if len(tie) > 0 {
		ways = append(ways, fmt.Sprintf("-tiebreak random (for %s)", strings.Join(tie, " or ")))
	}
	if len(external) > 0 {
		// A solver is randomised by its declaration (strategies.Decl).
		ways = append(ways, fmt.Sprintf("%s before the COMMAND of -solver %s (-solver '%s=%sCOMMAND'), or {seed} in it",
			strategies.RandomPrefix, strings.Join(external, " or "), external[0], strategies.RandomPrefix))
	}
	return strings.Join(ways, " or ")
}

// randomised reports whether some job of the sweep draws random numbers.
func (s *Settings) randomised(set *strategies.Set) bool {
	return s.anyRun(set, func(in strategies.Info, tb string) bool { return in.RandomisedBy(tb, s.randomOrder(in)) })
}

// anyRun reports whether f holds for some strategy and tie-break rule the
// sweep runs.
func (s *Settings) anyRun(set *strategies.Set, f func(in strategies.Info, tiebreak string) bool) bool {
	for _, name := range s.Strategies {
		for _, tb := range info(set, name).RunsTiebreaks(s.Tiebreaks) {
			if f(info(set, name), tb) {
				return true
			}
		}
	}
	return false
}

// randomOrder reports whether the sweep's runs of in draw a random move
// order.
func (s *Settings) randomOrder(in strategies.Info) bool {
	return s.Order == strategies.OrderRandom && in.RandomOrder
}

// run is a tie-break rule and restart policy that a strategy runs: a cell
// of the plan on each board.
type run struct {
	tiebreak string
	policy   restart.Policy
}

// runs lists what the sweep runs of in: each tie-break rule it runs, with
// each restart policy where restarts apply, else without.
func (s *Settings) runs(in strategies.Info) []run {
	var out []run
	for _, tb := range in.RunsTiebreaks(s.Tiebreaks) {
		if !in.Restartable(tb, s.randomOrder(in)) {
			out = append(out, run{tiebreak: tb})
			continue
		}
		for _, p := range s.policies() {
			out = append(out, run{tb, p})
		}
	}
	return out
}

// policies returns the restart policies of the sweep, none alone by
// default.
func (s *Settings) policies() []restart.Policy {
	if len(s.Restarts) == 0 {
		return []restart.Policy{{}}
	}
	out := make([]restart.Policy, len(s.Restarts))
	for i, r := range s.Restarts {
		out[i], _ = restart.Parse(r) // normalizeRestarts checked them
	}
	return out
}

// normalizeRestarts puts -restarts in canonical form (none first, then as
// strings sort; none alone is empty) and refuses policies that no run of
// the sweep takes and fixed cutoffs that cannot work.
func (s *Settings) normalizeRestarts(set *strategies.Set) error {
	var names []string
	none := false
	for _, r := range s.Restarts {
		p, err := restart.Parse(r)
		if err != nil {
			return input.Errorf("-restarts", "%v", err)
		}
		if p.Kind == restart.None {
			none = true
		} else {
			names = append(names, p.String())
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) > 0 && none {
		names = append([]string{runs.NoRestarts}, names...)
	}
	s.Restarts = names
	if len(names) == 0 {
		return nil
	}
	if !s.anyRun(set, func(in strategies.Info, tb string) bool { return in.Restartable(tb, s.randomOrder(in)) }) {
		first := names[b2i(none)] // the first policy that restarts
		return input.Errorf("-restarts", "%v: restarts apply only to randomised backtracking (%s), and this sweep runs none; want none, or add those runs", first, set.RestartableList())
	}
	for _, p := range s.policies() {
		// The largest board: a capped cutoff too small for it is refused.
		if err := p.Check(s.MaxNodes, s.Timeout, s.Sizes[len(s.Sizes)-1]); err != nil {
			return input.Errorf("-restarts", "%v: %v", p, err)
		}
	}
	return nil
}

// Diff lists the settings in which s and t differ, one "-flag: was X, now
// Y" string each; nil means none.
func (s Settings) Diff(t Settings) []string {
	a, b := s.fields(), t.fields()
	var diffs []string
	for _, k := range slices.Sorted(mapKeys(a, b)) {
		if k == "solvers" {
			// By what they resolve to, not as written (DiffSolvers).
			diffs = append(diffs, DiffSolvers(s.Solvers, t.Solvers)...)
			continue
		}
		if !reflect.DeepEqual(a[k], b[k]) {
			flag := settingFlags[k]
			if flag == "" {
				flag = k
			}
			diffs = append(diffs, fmt.Sprintf("%s: was %s, now %s", flag, show(k, a[k]), show(k, b[k])))
		}
	}
	return diffs
}

// fields returns s as its JSON object: one entry per setting.
func (s Settings) fields() map[string]any {
	data, err := json.Marshal(s)
	if err != nil {
		panic(err) // Settings hold only marshalable values
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		panic(err)
	}
	return m
}

func mapKeys(ms ...map[string]any) iter.Seq[string] {
	return func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, m := range ms {
			for k := range m {
				if !seen[k] {
					seen[k] = true
					if !yield(k) {
						return
					}
				}
			}
		}
	}
}

// show formats the value of the JSON field k for a message.
func show(k string, v any) string {
	if v == nil {
		return "unset"
	}
	if f, ok := v.(float64); ok && k == "timeout_ns" {
		return time.Duration(f).String()
	}
	data, _ := json.Marshal(v)
	return string(data)
}
