//go:build records

package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The record counts of docs/counting.md, run as written: minutes and GiB
// each, so behind the records build tag (make test-records; make test-all
// runs the 7x7 one). Each script is a subtest named by its file.
func TestRecords(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/records"})
}
