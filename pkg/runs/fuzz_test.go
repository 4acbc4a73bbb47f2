package runs

import (
	"strings"
	"testing"
)

// FuzzRead: no file makes Read panic, and every row it hands over passes
// Validate.
func FuzzRead(f *testing.F) {
	header := strings.Join(Required, ",") + ",order,prune,error\n"
	for _, s := range []string{
		header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,,false,\n",
		header + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,,false,\n5,5,0",
		header + "5,5,9,9,dfs,first,false,0,0,found,yes,25,0,10,true,,false,\n",
		header + "5,5,0,0,dfs,first,false,0,0,fnord,yes,25,0,10,true,,false,\n",
		header + "\"5,5,0,0\n", "", "rows\n", "\xff\xfe", header + strings.Repeat(",", 40) + "\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Read(strings.NewReader(s), func(r Row) error {
			if err := r.Validate(); err != nil {
				t.Fatalf("Read handed over a bad row %+v: %v", r, err)
			}
			return nil
		})
	})
}
