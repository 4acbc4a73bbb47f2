package report

import (
	"fmt"
	"io"
	"path/filepath"

	"knightsweep/internal/durable"
)

// writeFile replaces path, a file of the report's (a table, a chart, the
// page), atomically and without an fsync: each can be made again from
// runs.csv. A symbolic link planted at path, or as the charts directory
// the report makes, is refused (a *durable.LinkError, exit 2), never
// written through. Its errors name path once.
func writeFile(path string, write func(io.Writer) error) error {
	if dir := filepath.Dir(path); filepath.Base(dir) == chartsDir {
		if err := durable.NotLink(dir); err != nil {
			return err
		}
	}
	// durable's own errors name path; the writer's are given it here.
	named := func(w io.Writer) error {
		if err := write(w); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	return durable.Replace(path, named, durable.NoSync, durable.NoFollow)
}
