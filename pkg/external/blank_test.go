package external_test

import (
	"strings"
	"testing"

	"knightsweep/pkg/external"
)

// A blank answer line is no line of text to name but an answer missing:
// an error, as encoding/json gives it, never a look at a first byte it
// does not have.
func TestParseAnswerOfBlankLine(t *testing.T) {
	for _, line := range []string{"", " ", "\t\r"} {
		if a, err := external.ParseAnswer([]byte(line)); err == nil || !strings.Contains(err.Error(), "JSON answer") {
			t.Errorf("ParseAnswer(%q) = %+v, %v; want a JSON answer error", line, a, err)
		}
	}
}
