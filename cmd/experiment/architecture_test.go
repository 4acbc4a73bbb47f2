package main

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// floors reads the floors of docs/architecture.md's table: each package
// (its path in the module) and the floor it is on.
func floors(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile(`^\| (\d+) \| (.*?) \|`)
	name := regexp.MustCompile("`([^`]+)`")
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := row.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		floor, _ := strconv.Atoi(m[1])
		for _, n := range name.FindAllStringSubmatch(m[2], -1) {
			if was, dup := out[n[1]]; dup {
				t.Errorf("docs/architecture.md puts %s on floors %d and %d", n[1], was, floor)
			}
			out[n[1]] = floor
		}
	}
	if len(out) == 0 {
		t.Fatal("docs/architecture.md has no table of floors")
	}
	return out
}

// packageImports returns the module's packages (directories of non-test Go
// files, nested modules aside) with the module's packages each imports.
// Every file counts, whatever its build constraints.
func packageImports(t *testing.T, root, module string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			base := d.Name()
			if path != root && (strings.HasPrefix(base, ".") || base == "testdata" || base == "results") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // a module of its own (configs/k8stest)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(p, module+"/"); ok && !slices.Contains(out[pkg], dep) {
				out[pkg] = append(out[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The import graph is the house docs/architecture.md draws: every package
// is on a floor, and every import points to a floor below its own, never
// beside or above (so that, for one, what plans and reports links no
// search code). A new package takes its place in the table first.
func TestArchitecture(t *testing.T) {
	floor := floors(t)
	imports := packageImports(t, "../..", "knightsweep")
	for pkg, deps := range imports {
		f, ok := floor[pkg]
		if !ok {
			t.Errorf("%s is on no floor of docs/architecture.md", pkg)
			continue
		}
		for _, dep := range deps {
			if g, ok := floor[dep]; ok && g >= f {
				t.Errorf("%s (floor %d) imports %s (floor %d): arrows point down only", pkg, f, dep, g)
			}
		}
	}
	for pkg := range floor {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("docs/architecture.md lists %s, which is not a package", pkg)
		}
	}
}
