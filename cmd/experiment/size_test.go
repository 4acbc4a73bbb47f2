package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the most lines a non-test function may take, from its
// func keyword to its closing brace: past it, a function does several
// things, which read better as named steps.
const maxFuncLines = 100

// funcLines returns the length in lines of every function and method in
// the non-test Go files under root (nested modules, testdata and results
// aside), by "path:Name".
func funcLines(t *testing.T, root string) map[string]int {
	t.Helper()
	out := map[string]int{}
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
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			out[filepath.ToSlash(rel)+":"+funcName(fn)] = lines
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// funcName is fn's name, with its receiver's type for a method (T.Name).
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	switch x := typ.(type) {
	case *ast.IndexExpr:
		typ = x.X
	case *ast.IndexListExpr:
		typ = x.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}

// No non-test function in the module is longer than maxFuncLines.
func TestFunctionLength(t *testing.T) {
	lines := funcLines(t, "../..")
	if len(lines) < 100 {
		t.Fatalf("found %d functions in the module; the walk missed its files", len(lines))
	}
	for name, n := range lines {
		if n > maxFuncLines {
			t.Errorf("%s is %d lines, more than %d: split it into named steps", name, n, maxFuncLines)
		}
	}
}

// maxCommandFileLines is the most lines a non-test file of the command may
// take: the command parses flags and prints, and the work is its
// packages'. doc.go, the command's manual, is exempt.
const maxCommandFileLines = 250

// maxCommandLines bounds the command's non-test lines in all, doc.go
// among them.
const maxCommandLines = 2500

// The command stays thin: no file past maxCommandFileLines, and fewer
// than maxCommandLines in all.
func TestCommandThin(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := strings.Count(string(data), "\n")
		total += n
		if n > maxCommandFileLines && f != "doc.go" {
			t.Errorf("%s is %d lines, more than %d: move the work into the package that owns it", f, n, maxCommandFileLines)
		}
	}
	if total >= maxCommandLines {
		t.Errorf("the command's files are %d lines in all, not under %d: move the work into the packages that own it", total, maxCommandLines)
	}
}
