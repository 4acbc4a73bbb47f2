package external

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// docs/solvers.md's request is one the harness writes, byte for byte:
// every field, in the order a solver sees them (seed_text after seed).
func TestDocumentedRequest(t *testing.T) {
	doc, err := os.ReadFile("../../docs/solvers.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "A request:\n\n```json\n")
	example, _, ok2 := strings.Cut(rest, "\n```")
	if !ok || !ok2 {
		t.Fatal("docs/solvers.md has no request after \"A request:\"")
	}
	var r Request
	if err := json.Unmarshal([]byte(example), &r); err != nil {
		t.Fatal(err)
	}
	if got := wire(r); !bytes.Equal(got, []byte(example+"\n")) {
		t.Errorf("the harness writes\n%s\nthe docs show\n%s", got, example)
	}
}
