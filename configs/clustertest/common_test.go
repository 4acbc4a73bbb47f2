package clustertest

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repo returns the repository's root.
func repo(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// experiment builds bin/experiment as make build does and returns the
// repository's root.
func experiment(t *testing.T) string {
	t.Helper()
	root := repo(t)
	cmd := exec.Command("make", "-s", "build")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}
	return root
}

// sh runs a command line in dir with extra environment, and returns its
// output; it fails the test if the command fails.
func sh(t *testing.T, dir string, env []string, line string) string {
	t.Helper()
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out.String())
	}
	return out.String()
}

// rows returns a runs.csv's rows, time_ns and cpu_ns blanked (the columns
// two runs of a sweep do not share), sorted.
func rows(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	tcol, ccol := slices.Index(records[0], "time_ns"), slices.Index(records[0], "cpu_ns")
	var out []string
	for _, r := range records[1:] {
		r[tcol], r[ccol] = "", ""
		out = append(out, strings.Join(r, ","))
	}
	slices.Sort(out)
	return out
}

// sameRows fails the test unless the merged sweep has exactly the rows of
// the single run.
func sameRows(t *testing.T, merged, single string) {
	t.Helper()
	got, want := rows(t, merged), rows(t, single)
	if len(got) == 0 || !slices.Equal(got, want) {
		t.Fatalf("%s: %d rows, not the %d rows of %s", merged, len(got), len(want), single)
	}
}

// foundBy fails the test unless some row of the merged sweep is a tour that
// strategy found: the external solver really ran in the shards.
func foundBy(t *testing.T, merged, strategy string) {
	t.Helper()
	for _, r := range rows(t, merged) {
		if strings.Contains(r, ","+strategy+",") && strings.Contains(r, ",found,") {
			return
		}
	}
	t.Errorf("%s: no row of the solver %s found a tour", merged, strategy)
}
