package strategies

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"knightsweep/internal/words"
)

// A Set is the strategies a command can run, by name, with their facts:
// the built-in ones (Builtins) and the external solvers its -solver flags
// declare (With). A Set never changes once made: a command makes its own
// and hands it to what plans, runs and reports, so that nothing a command
// declares outlives it or reaches another command in the same process (a
// test's).
type Set struct {
	infos map[string]Info
	// names are the keys of infos in the order every list shows them:
	// the built-in ones in the order of Builtin, then the others by name.
	names []string
}

// builtins holds the facts of the solver's strategies, which it registers
// from its init functions (Register) when a program links it in. Nothing
// writes it after init, so its readers need no lock. Packages that check
// settings against it (plan, and outdir and report through manifests)
// find it empty in a program without the solver: their tests link it for
// that.
var builtins = &Set{infos: map[string]Info{}}

// Register adds a built-in strategy's facts to Builtins. It is for init
// functions only (the solver's, a test's), and panics on a name that is
// empty, malformed or taken, a programming error.
func Register(info Info) {
	if err := builtins.add(info); err != nil {
		panic("strategies: " + err.Error())
	}
}

// Builtins returns the set of the strategies registered by init functions:
// those the program has built in.
func Builtins() *Set { return builtins }

// NewSet returns the set of the strategies infos describes.
func NewSet(infos ...Info) (*Set, error) { return (*Set)(nil).With(infos...) }

// With returns a set of s's strategies and those infos describes; s is
// left as it is. A name already in the set, or an empty one, is an error:
// two strategies under one name would make every row of runs.csv that
// names it ambiguous.
func (s *Set) With(infos ...Info) (*Set, error) {
	out := &Set{infos: map[string]Info{}}
	if s != nil {
		out.infos, out.names = maps.Clone(s.infos), slices.Clone(s.names)
	}
	for _, info := range infos {
		if err := out.add(info); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// add puts info into s, its name in its place in the order of Names.
func (s *Set) add(info Info) error {
	if info.Name == "" || strings.ContainsAny(info.Name, ", \t\n") {
		return fmt.Errorf("strategy name %q: want a name without commas or spaces", info.Name)
	}
	if _, dup := s.infos[info.Name]; dup {
		return fmt.Errorf("strategy %s is in the set twice", info.Name)
	}
	s.infos[info.Name] = info
	i, _ := slices.BinarySearchFunc(s.names, info.Name, func(a, b string) int {
		return cmp.Or(cmp.Compare(Rank(a), Rank(b)), cmp.Compare(a, b))
	})
	s.names = slices.Insert(s.names, i, info.Name)
	return nil
}

// Names lists the set's strategies: the built-in ones in the order of
// Builtin, then the others by name.
func (s *Set) Names() []string {
	if s == nil {
		return nil
	}
	return slices.Clone(s.names)
}

// Folded returns the set's strategy whose name equals name but for case,
// and whether there is one: a name two series would differ by in case
// alone.
func (s *Set) Folded(name string) (string, bool) {
	if s == nil {
		return "", false
	}
	i := slices.IndexFunc(s.names, func(n string) bool { return strings.EqualFold(n, name) })
	if i < 0 {
		return "", false
	}
	return s.names[i], true
}

// Has reports whether the set holds a strategy called name.
func (s *Set) Has(name string) bool {
	_, ok := s.lookup(name)
	return ok
}

func (s *Set) lookup(name string) (Info, bool) {
	if s == nil {
		return Info{}, false
	}
	info, ok := s.infos[name]
	return info, ok
}

// Lookup returns the facts of the strategy called name, or an error that
// names the strategies there are.
func (s *Set) Lookup(name string) (Info, error) {
	info, ok := s.lookup(name)
	if !ok {
		names := s.Names()
		return Info{}, fmt.Errorf("unknown strategy %q%s: want one of %s (or an external solver that -solver NAME=COMMAND declares)", name, words.Suggest(name, names), strings.Join(names, ", "))
	}
	return info, nil
}

// Defaults lists the strategies a sweep runs when none are named, in Names
// order.
func (s *Set) Defaults() []string { return s.filter(func(i Info) bool { return i.Default }) }

// Pruning lists the strategies that honour -prune, in Names order.
func (s *Set) Pruning() []string { return s.filter(func(i Info) bool { return i.Prunes }) }

// RandomOrders lists the strategies that take a random move order, in
// Names order.
func (s *Set) RandomOrders() []string { return s.filter(func(i Info) bool { return i.RandomOrder }) }

// Accepting lists the strategies that accept tie-break rule, in Names order.
func (s *Set) Accepting(rule string) []string {
	return s.filter(func(i Info) bool { return slices.Contains(i.TiebreakRules(), rule) })
}

// RestartableList names the runs a restart policy applies to, for
// messages: "dfs with -order random, warnsdorff-bt with -tiebreak random".
func (s *Set) RestartableList() string {
	var runs []string
	for _, n := range s.Names() {
		i, _ := s.lookup(n)
		if i.Restartable(TieFirst, true) && !i.Restartable(TieFirst, false) {
			runs = append(runs, n+" with -order "+OrderRandom)
		}
		if i.Restartable(TieRandom, false) && slices.Contains(i.TiebreakRules(), TieRandom) {
			runs = append(runs, n+" with -tiebreak "+TieRandom)
		}
	}
	return strings.Join(runs, ", ")
}

func (s *Set) filter(keep func(Info) bool) []string {
	var names []string
	for _, n := range s.Names() {
		if i, _ := s.lookup(n); keep(i) {
			names = append(names, n)
		}
	}
	return names
}

// All is the word of -strategies that names every strategy. It and the
// strategies' names are the words a list of strategies takes, so no
// external solver may be called it (Reserved).
const All = "all"

// Reserved reports whether name is a keyword of -strategies, which an
// external solver may not take as its NAME.
func Reserved(name string) bool { return name == All }
