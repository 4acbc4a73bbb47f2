package report

import (
	"os"
	"path/filepath"

	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
)

// The files a report writes in its directory: the owner of their names.
const (
	pageFile       = "report.html"
	chartsDir      = "charts"
	seriesFile     = "series.csv"
	summaryFile    = "summary.csv"
	headToHeadFile = "headtohead.csv"
)

// tableFiles are the CSV tables, in the order Output.Tables lists them.
var tableFiles = []string{seriesFile, summaryFile, headToHeadFile}

// CheckOut checks, before any work, that a report can be written into dir
// for flag: dir and its charts directory are (or can be made) directories
// that take new files, and none of the report's own files is a directory
// or a device. A refusal is bad input naming flag (see outpath): a sweep
// of hours must not end in a report that was never possible.
func CheckOut(flag, dir string) error {
	for _, d := range []string{dir, filepath.Join(dir, chartsDir)} {
		if err := outpath.Dir(flag, d); err != nil {
			return err
		}
	}
	for _, name := range append([]string{pageFile}, tableFiles...) {
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return input.Errorf(flag, "%s is a directory, where the report writes its %s: move it away, or give another -out", path, name)
		}
		if err := outpath.File(flag, path); err != nil {
			return err
		}
	}
	return nil
}
