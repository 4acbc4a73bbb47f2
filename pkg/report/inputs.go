package report

import (
	"fmt"
	"os"
	"path/filepath"

	"knightsweep/internal/input"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/stats"
)

// Check refuses, before any work, what GenerateWith could not use of
// paths and opt: the runs.csv files (CheckInputs, within mem; an exact
// CSV among them is named as -exact-from's), the output
// directory (opt.OutDir, or the first file's; CheckOut) and the exact
// probabilities (CheckExact). A refusal is bad input (input.Is).
func Check(paths []string, opt Options, mem memlimit.Limit) error {
	for _, p := range paths {
		// -exact is a switch: "report -exact FILE" gives FILE as runs.
		if exact.IsCSV(p) {
			return badInput{fmt.Errorf("%s is an exact CSV (experiment exact -out), not a runs.csv: give it as -exact-from %s, beside the runs.csv files of the sampled runs", p, p)}
		}
	}
	if err := CheckInputs(paths, mem); err != nil {
		return err
	}
	dir, flag := opt.OutDir, "-out"
	if dir == "" {
		dir, flag = filepath.Dir(paths[0]), "-out (default: the first runs.csv's directory)"
	}
	if err := CheckOut(flag, dir); err != nil {
		return err
	}
	// The exact probabilities are input too: a bad file is refused before
	// any table is written. CheckExact's errors name their flag.
	if err := CheckExact(opt, dir); err != nil {
		return badInput{err}
	}
	return nil
}

// badInput is bad input whose message names its flag.
type badInput struct{ error }

func (e badInput) Unwrap() error { return e.error }

// BadInput marks e as bad input (input.Is).
func (badInput) BadInput() {}

// CheckInputs refuses, before reading, runs.csv paths that are not files,
// a file given twice, and files whose rows could take more memory than
// mem: memory grows with the rows, and a file's size bounds its rows.
func CheckInputs(paths []string, mem memlimit.Limit) error {
	var size int64
	seen := make([]os.FileInfo, 0, len(paths))
	for i, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			return &input.Error{Flag: "report", Err: err}
		case st.IsDir():
			return input.Errorf("report", "%s is a directory: give the runs.csv in it (%s)", p, filepath.Join(p, "runs.csv"))
		}
		// The same file twice would read as every row repeating itself.
		for j, prev := range seen {
			if os.SameFile(prev, st) {
				return input.Errorf("report", "%s and %s are the same file: give each runs.csv once", paths[j], paths[i])
			}
		}
		seen = append(seen, st)
		size += st.Size()
	}
	if need := stats.MemoryFor(size); mem.Bytes > 0 && need > mem.Bytes {
		return input.Errorf("-mem-limit", "%s of runs.csv could take up to %s to report on, more than the limit of %s: raise -mem-limit, or report on fewer files at once",
			memlimit.Format(size), memlimit.Format(need), mem)
	}
	return nil
}
