package board

import "testing"

// FuzzParseOrder: no -order value makes ParseOrder panic, and an order it
// accepts is eight distinct knight's moves that read back the same.
func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"", "34261578", "12345678", "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", "12345", "11111111", "3,3 1,2", "2,1,1,2", "999999999999999999999,1", "９"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(s)
		if err != nil {
			return
		}
		seen := map[Move]bool{}
		for _, m := range o {
			dr, dc := abs(m.DRow), abs(m.DCol)
			if !(dr == 1 && dc == 2 || dr == 2 && dc == 1) || seen[m] {
				t.Fatalf("ParseOrder(%q) = %v: not eight distinct knight's moves", s, o)
			}
			seen[m] = true
		}
		if back, err := ParseOrder(o.String()); err != nil || back != o {
			t.Fatalf("ParseOrder(%q).String() = %q reads back as %v, %v", s, o.String(), back, err)
		}
	})
}
