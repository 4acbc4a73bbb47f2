package main

import (
	"flag"
	"fmt"
	"strings"

	"knightsweep/internal/input"
	"knightsweep/pkg/board"
	"knightsweep/pkg/plan"
)

// The flags that name boards and start squares, read once each: every
// command takes -sizes and -starts.

// boardFlags are -sizes (one board, as run reads them; -size N says the
// same), or -rows and -cols.
type boardFlags struct {
	sizes            string
	size, rows, cols int
}

func (b *boardFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.sizes, "sizes", "", "the `board`: N for an N x N board or RxC, as run takes them (one board)")
	fs.IntVar(&b.size, "size", 0, fmt.Sprintf("board size `N` for an N x N board (1..%d): -sizes N", board.MaxSide))
	fs.IntVar(&b.rows, "rows", 0, "board `rows` (with -cols, instead of -sizes)")
	fs.IntVar(&b.cols, "cols", 0, "board `columns` (with -rows, instead of -sizes)")
}

// board returns the board the flags of fs describe.
func (b *boardFlags) board(fs *flag.FlagSet) (board.Board, error) {
	set := setFlags(fs)
	rows, cols := b.rows, b.cols
	switch {
	case set["sizes"] && set["size"]:
		return board.Board{}, usagef("-sizes: give -sizes N or its alias -size N, not both")
	case (set["sizes"] || set["size"]) && (set["rows"] || set["cols"]):
		return board.Board{}, usagef("%s: give either %s N or -rows R -cols C, not both", b.name(fs), b.name(fs))
	case set["sizes"]:
		given, err := givenSizes(b.sizes, "8 or 6x8")
		if err != nil {
			return board.Board{}, err
		}
		if len(given.Order) != 1 {
			return board.Board{}, usagef("-sizes %s: %d boards; give one board, N or RxC", b.sizes, len(given.Order))
		}
		return given.Order[0], nil
	case set["size"]:
		rows, cols = b.size, b.size
		if b.size < 1 || b.size > board.MaxSide {
			return board.Board{}, usagef("-size %d: want a whole number from 1 to %d", b.size, board.MaxSide)
		}
	case !set["rows"] && !set["cols"]:
		return board.Board{}, usagef("-sizes: missing; give -sizes N, -sizes RxC or -rows R -cols C")
	case !set["rows"]:
		return board.Board{}, usagef("-rows: missing; -cols needs -rows beside it (-rows R -cols C), or give -sizes N")
	case !set["cols"]:
		return board.Board{}, usagef("-cols: missing; -rows needs -cols beside it (-rows R -cols C), or give -sizes N")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"-rows", rows}, {"-cols", cols}} {
		if f.v < 1 || f.v > board.MaxSide {
			return board.Board{}, usagef("%s %d: want a whole number from 1 to %d", f.name, f.v, board.MaxSide)
		}
	}
	return board.Board{Rows: rows, Cols: cols}, nil
}

// name returns the flag that gave the board: "-sizes", "-size" or
// "-rows/-cols".
func (b *boardFlags) name(fs *flag.FlagSet) string {
	switch set := setFlags(fs); {
	case set["sizes"]:
		return "-sizes"
	case set["size"]:
		return "-size"
	}
	return "-rows/-cols"
}

// startFlags are -starts, one square (or all, where a command takes it),
// and its alias -start.
type startFlags struct {
	start, starts, def string
}

func (s *startFlags) register(fs *flag.FlagSet, def, usage string) {
	s.def = def
	fs.StringVar(&s.starts, "starts", def, usage)
	fs.StringVar(&s.start, "start", def, "the start square `row,col`: -starts row,col")
}

// given reports whether the command line sets -starts or its alias -start.
func (s *startFlags) given(fs *flag.FlagSet) bool {
	set := setFlags(fs)
	return set["starts"] || set["start"]
}

// square returns the start the flags give on b, or every (with all, if
// the command takes it).
func (s *startFlags) square(fs *flag.FlagSet, b board.Board, all bool) (sq board.Square, every bool, err error) {
	set := setFlags(fs)
	name, v := "-starts", s.starts
	switch {
	case set["starts"] && set["start"]:
		return sq, false, usagef("-starts: give -starts or its alias -start, not both")
	case set["start"]:
		name, v = "-start", s.start
	}
	if strings.TrimSpace(v) == "" {
		return sq, false, usagef("%s: empty; %s (leave %s out for %s)", name, plan.OneStartForm(all), name, s.def)
	}
	sq, every, err = plan.OneStart(v, b, all)
	if err != nil {
		return sq, false, &input.Error{Flag: name, Err: err}
	}
	return sq, every, nil
}

// givenSizes reads a -sizes value (required; example shows what to give),
// keeping the order given beside plan's sorted one.
func givenSizes(v, example string) (plan.GivenSizes, error) {
	if strings.TrimSpace(v) == "" {
		return plan.GivenSizes{}, usagef("-sizes: missing; give boards such as %s", example)
	}
	sizes, err := plan.ParseGivenSizes(v)
	if err != nil {
		return plan.GivenSizes{}, usagef("-sizes: %v", err)
	}
	return sizes, nil
}

// givenStarts reads a -starts value, which must fit every board of sizes,
// keeping a list's order. An empty value is refused by every command, as
// an empty -sizes is: leaving the flag out gives the command's default
// (def).
func givenStarts(v string, sizes plan.Sizes, def string) (plan.GivenStarts, error) {
	if strings.TrimSpace(v) == "" {
		return plan.GivenStarts{}, emptyStarts(def)
	}
	starts, err := plan.ParseGivenStarts(v)
	if err != nil {
		return plan.GivenStarts{}, usagef("-starts: %v", err)
	}
	if err := starts.Check(sizes); err != nil {
		return plan.GivenStarts{}, usagef("-starts: %v", err)
	}
	return starts, nil
}

// emptyStarts refuses an empty -starts, naming what leaving the flag out
// gives (def), for every command alike.
func emptyStarts(def string) error {
	return input.Errorf("-starts", "empty; want all, corners, solvable or row,col squares separated by semicolons (leave -starts out for %s)", def)
}
