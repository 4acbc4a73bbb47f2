package runs

import (
	"strconv"
	"strings"
	"testing"
)

// TestWordCacheHoldsMaxWords: a Reader interns the first maxWords distinct
// words and no more, so a file of a million different error texts holds
// its memory at maxWords strings; words past the bound still read as
// their text.
func TestWordCacheHoldsMaxWords(t *testing.T) {
	rd, err := NewReader(strings.NewReader(Header(false)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxWords + 10 {
		w := "w" + strconv.Itoa(i)
		if got := rd.word([]byte(w)); got != w {
			t.Fatalf("word %q read as %q", w, got)
		}
	}
	if len(rd.words) != maxWords {
		t.Errorf("%d words interned after %d distinct ones, want the bound %d", len(rd.words), maxWords+10, maxWords)
	}
	if _, ok := rd.words["w"+strconv.Itoa(maxWords)]; ok {
		t.Errorf("word %d (from 0) interned past the bound", maxWords)
	}
}
