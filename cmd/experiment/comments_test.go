package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// historyWords are the words that tell a comment reader what code once
// did: CONTRIBUTING.md keeps that history in commit messages, and a
// comment says what the code is and why.
var historyWords = regexp.MustCompile(`(?i)\b(no longer|used to|previously|formerly|any ?more|(was|were) once|once [0-9]+-bit|bugs?|fixed a|this change|until now|in the past|today's|nowadays|regression|old code|new code|was changed|were changed)\b`)

// historyAllowed are comment lines that use historyWords in the present:
// file (slash-separated, from the module root) and a part of the line.
var historyAllowed = []struct{ file, text string }{
	{"pkg/count/join.go", "squares differ (a bug)"},
	{"pkg/exact/checkpoint.go", "runs it no longer names deleted"},
	{"pkg/exact/frontier.go", "the next one no longer names them"},
	{"pkg/exact/frontier.go", "checkpoint no longer names them"},
	{"pkg/exact/walk.go", "a rounding's error is no longer"},
	{"pkg/external/process.go", "lets it run, no longer traced"},
	{"pkg/external/strategy.go", "before its status was changed"},
	{"pkg/parberry/internal/gentiles/search.go", "can no longer be given"},
	{"pkg/stats/doc.go", "never used to predict restarts"},
}

// docNameAllowed are declarations whose doc comment describes a file
// format or a block rather than starting with the name: file and name.
var docNameAllowed = map[string]bool{
	"pkg/count/checkpoint.go frontierFormat": true,
	"pkg/count/enumcheckpoint.go enumFormat": true,
	"pkg/count/halves.go halves":             true,
	"pkg/exact/csv.go csvSumDigits":          true,
	"pkg/exact/radix.go smallMax":            true,
	"pkg/parberry/tile.go joinSquare":        true,
}

// TestCommentsSayWhatIs holds the comments of the module's non-test Go
// files to CONTRIBUTING.md: no comment tells the code's history in the
// words that tell it (historyWords), and every doc comment of a
// declaration starts with the name it documents ("Name ...", "A Name
// ...", "Name[i] ..."), so that a renamed or moved function cannot keep
// another's comment.
func TestCommentsSayWhatIs(t *testing.T) {
	root := "../.."
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "results") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, g := range f.Comments {
			for _, c := range g.List {
				for _, line := range strings.Split(c.Text, "\n") {
					if historyWords.MatchString(line) && !allowedHistory(rel, line) {
						t.Errorf("%s: a comment tells history (%q): say what the code is and why, and put the history in the commit message", fset.Position(c.Pos()), historyWords.FindString(line))
					}
				}
			}
		}
		for _, d := range f.Decls {
			eachDoc(d, func(doc *ast.CommentGroup, name string) {
				if !docStartsWith(doc, name) && !docNameAllowed[rel+" "+name] {
					first, _, _ := strings.Cut(doc.Text(), "\n")
					t.Errorf("%s: the doc comment of %s starts %q: a doc comment starts with the name it documents", fset.Position(doc.Pos()), name, first)
				}
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files under %s: not the module", files, root)
	}
}

func allowedHistory(file, line string) bool {
	for _, a := range historyAllowed {
		if a.file == file && strings.Contains(line, a.text) {
			return true
		}
	}
	return false
}

// eachDoc calls do with each doc comment of decl and the name it
// documents: a function's, a type's, and a lone constant's or variable's.
func eachDoc(decl ast.Decl, do func(*ast.CommentGroup, string)) {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			do(d.Doc, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			doc, name := (*ast.CommentGroup)(nil), ""
			switch s := s.(type) {
			case *ast.TypeSpec:
				doc, name = s.Doc, s.Name.Name
			case *ast.ValueSpec:
				if len(s.Names) != 1 {
					continue
				}
				doc, name = s.Doc, s.Names[0].Name
			default:
				continue
			}
			if doc == nil && len(d.Specs) == 1 {
				doc = d.Doc
			}
			if doc != nil && name != "_" {
				do(doc, name)
			}
		}
	}
}

// docStartsWith reports whether doc starts with name, or "A", "An" or
// "The" and name, followed by a space, punctuation, "'s" or an index. A
// doc comment of directives alone (//go:embed) or a deprecation notice
// starts with neither and passes.
func docStartsWith(doc *ast.CommentGroup, name string) bool {
	text := doc.Text()
	if text == "" || strings.HasPrefix(text, "Deprecated:") {
		return true
	}
	for _, article := range []string{"", "A ", "An ", "The "} {
		rest, ok := strings.CutPrefix(text, article+name)
		if !ok {
			continue
		}
		if rest == "" || strings.ContainsAny(rest[:1], " \n.,:;'[(") {
			return true
		}
	}
	return false
}
