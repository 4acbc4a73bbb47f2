package strategies

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"knightsweep/internal/words"
)

// The registry holds the Info of every strategy a program can run. The
// solver registers its built-in strategies when it is linked in (a program
// that runs sweeps imports it, through package sweep); a strategy found at
// run time (an external solver) is added the same way, before the flags
// or manifests that name it are checked. Packages that check settings
// against it (plan, and outdir and report through manifests) find it
// empty in a program without the solver: their tests link it for that.
// Readers outnumber writers by far.
var registry = struct {
	sync.RWMutex
	m map[string]Info
}{m: map[string]Info{}}

// Register adds a strategy's facts under info.Name. A name already
// registered, or an empty one, is an error: two strategies under one name
// would make every row of runs.csv that names it ambiguous.
func Register(info Info) error {
	if info.Name == "" || strings.ContainsAny(info.Name, ", \t\n") {
		return fmt.Errorf("strategy name %q: want a name without commas or spaces", info.Name)
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.m[info.Name]; dup {
		return fmt.Errorf("strategy %s is registered twice", info.Name)
	}
	registry.m[info.Name] = info
	return nil
}

// Unregister forgets the strategy registered as name, if any: a command
// that declared external solvers forgets them when it ends, so that
// another command in the same process (a test's) may declare its own.
func Unregister(name string) {
	registry.Lock()
	delete(registry.m, name)
	registry.Unlock()
}

// Names lists the registered strategies: the built-in ones in the order of
// Builtin, then the others by name.
func Names() []string {
	registry.RLock()
	names := make([]string, 0, len(registry.m))
	for n := range registry.m {
		names = append(names, n)
	}
	registry.RUnlock()
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(Rank(a), Rank(b)), cmp.Compare(a, b))
	})
	return names
}

// Lookup returns the facts of the strategy registered as name.
func Lookup(name string) (Info, error) {
	registry.RLock()
	info, ok := registry.m[name]
	registry.RUnlock()
	if !ok {
		names := Names()
		return Info{}, fmt.Errorf("unknown strategy %q%s: want one of %s (or an external solver that -solver NAME=COMMAND declares)", name, words.Suggest(name, names), strings.Join(names, ", "))
	}
	return info, nil
}

// Defaults lists the strategies a sweep runs when none are named, in Names
// order.
func Defaults() []string { return filter(func(i Info) bool { return i.Default }) }

// Pruning lists the strategies that honour -prune, in Names order.
func Pruning() []string { return filter(func(i Info) bool { return i.Prunes }) }

// RandomOrders lists the strategies that take a random move order, in
// Names order.
func RandomOrders() []string { return filter(func(i Info) bool { return i.RandomOrder }) }

// Accepting lists the strategies that accept tie-break rule, in Names order.
func Accepting(rule string) []string {
	return filter(func(i Info) bool { return slices.Contains(i.TiebreakRules(), rule) })
}

// RestartableList names the runs a restart policy applies to, for
// messages: "dfs with -order random, warnsdorff-bt with -tiebreak random".
func RestartableList() string {
	var runs []string
	for _, n := range Names() {
		i, _ := Lookup(n)
		if i.Restartable(TieFirst, true) && !i.Restartable(TieFirst, false) {
			runs = append(runs, n+" with -order "+OrderRandom)
		}
		if i.Restartable(TieRandom, false) && slices.Contains(i.TiebreakRules(), TieRandom) {
			runs = append(runs, n+" with -tiebreak "+TieRandom)
		}
	}
	return strings.Join(runs, ", ")
}

func filter(keep func(Info) bool) []string {
	var names []string
	for _, n := range Names() {
		if i, _ := Lookup(n); keep(i) {
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
