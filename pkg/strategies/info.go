package strategies

import (
	"fmt"
	"slices"
	"strings"

	"knightsweep/pkg/board"
)

// Info is what is known of a strategy without running it: what it takes,
// whether its runs draw random numbers, restart or prove anything, what
// they cost. The planner, its cost model and the commands' help ask it;
// only the solver (or an external program, for a solver a command
// declares) knows how to search.
type Info struct {
	Name string
	// Summary is a one-line description for help texts.
	Summary string
	// Default strategies are those a sweep runs when none are named: they
	// take every board and start.
	Default bool
	// Complete strategies explore every branch: Exhausted from them proves
	// that no tour starts at the square.
	Complete bool
	// Prunes is true for strategies that honour -prune.
	Prunes bool
	// AlwaysClosed strategies build closed tours whether or not one is
	// asked for (parberry's construction).
	AlwaysClosed bool
	// OwnOrder strategies follow move orders of their own: a move order
	// given for them is refused.
	OwnOrder bool
	// Tiebreaks lists the tie-break rules the strategy accepts; nil means
	// only TieFirst.
	Tiebreaks []string
	// RandomOrder strategies take a random move order (-order random).
	RandomOrder bool
	// Random strategies draw random numbers whatever their tie-break rule
	// and order: an external solver that takes the seed (Decl.Random).
	Random bool
	// Cost guides the planner's cost model (see Cost).
	Cost Cost
	// Bytes estimates the memory a search of a rows x cols board needs, as
	// peak resident memory: the planner keeps the searches running at once
	// within -mem-limit with it, and solve refuses a board that would not
	// fit. Nil means a backtracking search's (SearchBytes).
	Bytes func(rows, cols int) int64
	// Threads is how many cores one search keeps busy (nil means 1): a
	// sweep counts it against its workers.
	Threads func(rows, cols int) int
	// Boards, if not nil, reports why the strategy cannot solve board b
	// (nil if it can): a sweep skips such boards rather than run jobs that
	// can only fail.
	Boards func(b board.Board) error
	// Starts, if not nil, lists the only start squares the strategy takes
	// on b (a board Boards accepts); nil means any square.
	Starts func(b board.Board) []board.Square
	// External is the declaration (NAME=COMMAND, the -solver flag) of a
	// strategy an external program runs, nil for a built-in one. The cost
	// model knows nothing of such a program: the plan measures it or says
	// that its time is unknown, and its runs' nodes are what it reports.
	External *Decl
}

// Cost is what the planner's cost model needs to know of a strategy: how
// long it takes a node, and how its work grows.
type Cost struct {
	// NsPerNode is the CPU time of a node, measured on the development
	// machine: it orders a sweep's jobs and gives the time a sweep prints
	// before it starts and its progress meter's time left; NsPerNodeSmall
	// overrides it on boards of at most 64 squares, where searches run on
	// bitboards. Zero means DefaultNsPerNode.
	NsPerNode, NsPerNodeSmall float64
	// RandomOrder and RandomOrderSmall scale the time of a node for runs
	// in a random move order (Info.RandomOrder), on boards of more than
	// 64 squares and of at most 64: drawing each next move costs more
	// than taking the next in a fixed order. Zero means 1.
	RandomOrder, RandomOrderSmall float64
	// Guided backtracking strategies usually find a tour with few
	// retreats: from a start that has one, their work grows with the
	// squares, not exponentially.
	Guided bool
}

// DefaultNsPerNode is the cost model's guess for a strategy without one.
const DefaultNsPerNode = 50.0

// NsPerNodeOn returns the strategy's cost of a node on a board of squares.
func (c Cost) NsPerNodeOn(squares int) float64 {
	switch {
	case squares <= 64 && c.NsPerNodeSmall > 0:
		return c.NsPerNodeSmall
	case c.NsPerNode > 0:
		return c.NsPerNode
	}
	return DefaultNsPerNode
}

// NsPerNodeIn returns the strategy's cost of a node on a board of squares,
// in a random move order or in a fixed one.
func (c Cost) NsPerNodeIn(squares int, randomOrder bool) float64 {
	ns := c.NsPerNodeOn(squares)
	f := c.RandomOrder
	if squares <= 64 && c.RandomOrderSmall > 0 {
		f = c.RandomOrderSmall
	}
	if randomOrder && f > 0 {
		ns *= f
	}
	return ns
}

// SearchBytes estimates a backtracking search's memory: the neighbour
// table plus about 16 bytes a square of search state.
func SearchBytes(rows, cols int) int64 {
	n := int64(rows) * int64(cols)
	return board.GraphBytes(int(n)) + 16*n
}

// TiebreakRules returns the tie-break rules the strategy accepts.
func (i Info) TiebreakRules() []string {
	if i.Tiebreaks == nil {
		return []string{TieFirst}
	}
	return i.Tiebreaks
}

// RunsTiebreaks returns the rules of want that the strategy runs: those it
// accepts, or TieFirst alone if it accepts none of them (a strategy without
// ties has nothing for a rule to decide, so it runs once, not once a rule).
func (i Info) RunsTiebreaks(want []string) []string {
	var out []string
	for _, tb := range want {
		if slices.Contains(i.TiebreakRules(), tb) && !slices.Contains(out, tb) {
			out = append(out, tb)
		}
	}
	if len(out) == 0 {
		out = []string{TieFirst}
	}
	return out
}

// CheckTiebreak reports whether the strategy accepts rule, naming the
// built-in strategies that do when it does not (an external solver takes
// no rule but TieFirst).
func (i Info) CheckTiebreak(rule string) error {
	if !slices.Contains(Tiebreaks, rule) {
		return fmt.Errorf("unknown tie-break rule %q: want one of %s", rule, strings.Join(Tiebreaks, ", "))
	}
	if slices.Contains(i.TiebreakRules(), rule) {
		return nil
	}
	return fmt.Errorf("strategy %s accepts only %s; %s is for %s",
		i.Name, strings.Join(i.TiebreakRules(), ", "), rule, strings.Join(Builtins().Accepting(rule), ", "))
}

// Randomised reports whether the strategy's runs with tie-break rule draw
// random numbers: only those have a seed, and only those repeat as trials.
func (i Info) Randomised(rule string) bool { return i.Random || RandomTiebreak(rule) }

// RandomisedBy is Randomised for runs that may also ask for a random move
// order, which only RandomOrder strategies take.
func (i Info) RandomisedBy(rule string, randomOrder bool) bool {
	return i.Randomised(rule) || randomOrder && i.RandomOrder
}

// Restartable reports whether a restart policy applies to the strategy's
// runs with tie-break rule and random order or not: complete (backtracking)
// searches that draw random numbers, where a fresh attempt walks another
// tree.
func (i Info) Restartable(rule string, randomOrder bool) bool {
	return i.Complete && i.RandomisedBy(rule, randomOrder)
}

// ThreadsOn returns how many cores one search of a rows x cols board uses.
func (i Info) ThreadsOn(rows, cols int) int {
	if i.Threads == nil {
		return 1
	}
	return max(1, i.Threads(rows, cols))
}

// BytesOn returns the strategy's memory estimate for a rows x cols board.
func (i Info) BytesOn(rows, cols int) int64 {
	if i.Bytes == nil {
		return SearchBytes(rows, cols)
	}
	return i.Bytes(rows, cols)
}

// Takes reports whether the strategy can run on b from start, and why not.
func (i Info) Takes(b board.Board, start board.Square) error {
	if i.Boards != nil {
		if err := i.Boards(b); err != nil {
			return err
		}
	}
	if i.Starts != nil && !slices.Contains(i.Starts(b), start) {
		return fmt.Errorf("it starts only from %s", squareList(i.Starts(b)))
	}
	return nil
}

func squareList(sqs []board.Square) string {
	parts := make([]string, len(sqs))
	for k, sq := range sqs {
		parts[k] = sq.String()
	}
	return strings.Join(parts, " ")
}
