package solver

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/restart"
	"knightsweep/pkg/strategies"
)

// Parse checks p, its Strategy, Tiebreak, Prune and budgets set from
// experiment solve's flags, and reads into it the values of -order (given:
// set on the command line) and -restarts, in the order the flags are
// refused: -strategy, -prune, -order, -tiebreak, -restarts, -max-nodes,
// -timeout, against set, the command's strategies. It returns the strategy's facts. A refusal is an input.Error
// naming the flag.
func (p *Problem) Parse(set *strategies.Set, order string, given bool, restarts string) (strategies.Info, error) {
	info, err := set.Lookup(p.Strategy)
	if err != nil {
		return info, input.Errorf("-strategy", "%v", err)
	}
	if p.Prune && !info.Prunes {
		return info, input.Errorf("-prune", "strategy %s does not prune; -prune applies to %s", p.Strategy, strings.Join(set.Pruning(), ", "))
	}
	if p.Order, p.RandomOrder, err = parseOrder(set, order, given, info); err != nil {
		return info, err
	}
	if err := info.CheckTiebreak(p.Tiebreak); err != nil {
		return info, input.Errorf("-tiebreak", "%v", err)
	}
	if p.Restarts, err = ParsePolicy(set, restarts, info, p.Tiebreak, p.RandomOrder, p.MaxNodes, p.Timeout, p.Board); err != nil {
		return info, err
	}
	if p.MaxNodes < 0 {
		return info, input.Errorf(fmt.Sprintf("-max-nodes %d", p.MaxNodes), "want 0 (no limit) or a positive number of nodes")
	}
	if p.Timeout < 0 {
		return info, input.Errorf(fmt.Sprintf("-timeout %v", p.Timeout), "want 0 (no limit) or a positive duration such as 30s")
	}
	return info, nil
}

// parseOrder returns the move order v (-order, given: set on the command
// line) gives strategy info, or random, where it takes a uniformly random
// order at every square.
func parseOrder(set *strategies.Set, v string, given bool, info strategies.Info) (o board.Order, random bool, err error) {
	random = strings.TrimSpace(v) == strategies.OrderRandom
	if !random {
		if o, err = board.ParseOrder(v); err != nil {
			return o, false, input.Errorf("-order", "%v, or %s (%s)", err, strategies.OrderRandom, strings.Join(set.RandomOrders(), ", "))
		}
	}
	if info.OwnOrder && given {
		return o, false, input.Errorf("-order", "%s uses its own published move orders; leave -order out", info.Name)
	}
	if random && !info.RandomOrder {
		return o, false, input.Errorf("-order random", "%s takes no random move order; %s", info.Name, words.Do(set.RandomOrders()))
	}
	return o, random, nil
}

// ParsePolicy reads and checks experiment solve's -restarts value v: one
// policy that strategy info can restart with tie-break rule tiebreak and
// randomOrder, within the budgets of maxNodes and timeout on b. A refusal
// is an input.Error naming the flag.
func ParsePolicy(set *strategies.Set, v string, info strategies.Info, tiebreak string, randomOrder bool, maxNodes int64, timeout time.Duration, b board.Board) (restart.Policy, error) {
	if list, err := restart.ParseList(v); err == nil && len(list) > 1 {
		// A list is run's: "49;luby:49" is not a number of nodes said
		// nothing of that.
		return restart.Policy{}, input.Errorf(fmt.Sprintf("-restarts %q", v), "solve runs one policy, not a list (run -restarts takes one); want one of %s", restart.Form)
	}
	policy, err := restart.Parse(v)
	if err != nil {
		return policy, input.Errorf("-restarts", "%v", err)
	}
	if policy.Kind != restart.None && !info.Restartable(tiebreak, randomOrder) {
		return policy, input.Errorf("-restarts "+policy.String(), "restarts apply only to randomised backtracking: %s", set.RestartableList())
	}
	if err := policy.Check(maxNodes, timeout, b); err != nil {
		return policy, input.Errorf("-restarts "+policy.String(), "%v", err)
	}
	return policy, nil
}

// CheckMemory refuses a search on b by strategy info that would need more
// than the memory limit mem, before allocating (a 20000 x 20000 dfs would
// ask for 12 GB), naming the strategies that need less.
func CheckMemory(set *strategies.Set, info strategies.Info, b board.Board, mem memlimit.Limit) error {
	need := info.BytesOn(b.Rows, b.Cols)
	if mem.Bytes <= 0 || need <= mem.Bytes {
		return nil
	}
	alt := ""
	switch others := lean(set, b, info.Name, need); len(others) {
	case 0:
	case 1:
		alt = fmt.Sprintf(" (or %s, which needs less)", others[0])
	default:
		alt = fmt.Sprintf(" (or %s, which need less)", strings.Join(others, ", "))
	}
	return input.Errorf("-mem-limit", "%s on %v needs about %s, more than the limit of %s: raise -mem-limit or take a smaller board%s",
		info.Name, b, memlimit.Format(need), mem, alt)
}

// lean lists up to two strategies other than name that need less memory
// than need on b, the least first.
func lean(set *strategies.Set, b board.Board, name string, need int64) []string {
	bytes := func(n string) int64 {
		info, _ := set.Lookup(n)
		return info.BytesOn(b.Rows, b.Cols)
	}
	var names []string
	for _, n := range set.Names() {
		if n != name && bytes(n) < need {
			names = append(names, n)
		}
	}
	slices.SortStableFunc(names, func(x, y string) int { return cmp.Compare(bytes(x), bytes(y)) })
	return names[:min(2, len(names))]
}
