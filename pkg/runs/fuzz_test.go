package runs

import (
	"errors"
	"strings"
	"testing"
)

// FuzzRead: no file makes the Reader panic, every row it hands over passes
// Validate, and a torn line is reported only for a file that does not end
// in a newline.
func FuzzRead(f *testing.F) {
	header := Header(false)
	for _, s := range []string{
		header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,,false,,0,0,none,0,10,\n",
		header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,,false,,0,0\n5,5,0",
		header + "5,5,9,9,dfs,first,false,0,0,found,yes,25,0,10,true,,false,,0,0,none,0,10,\n",
		header + "5,5,0,0,dfs,first,false,0,0,fnord,yes,25,0,10,true,,false,,0,0,none,0,10,\n",
		header + "\"5,5,0,0\n", "", "rows\n", "\xff\xfe", header + strings.Repeat(",", 40) + "\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := ForEach(strings.NewReader(s), func(r *Row, _ int) error {
			if err := r.Validate(); err != nil {
				t.Fatalf("handed over a bad row %+v: %v", r, err)
			}
			return nil
		})
		var torn *TornError
		if errors.As(err, &torn) && strings.HasSuffix(s, "\n") {
			t.Fatalf("torn line %d in a file that ends in a newline", torn.Line)
		}
	})
}
