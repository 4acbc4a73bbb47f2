package count

import "testing"

// A table made for hint states takes that many without growing (at most
// 3/4 full), so that a square's states cost the one allocation its
// estimate counted; it grows when a state comes to it 3/4 full, keeping
// every count.
func TestTableTakesItsHintWithoutGrowing(t *testing.T) {
	for _, hint := range []int{1, 11, 12, 1000, 3000, 12345} {
		mem := &budget{limit: 1 << 40}
		tb, err := newTable(hint, mem)
		if err != nil {
			t.Fatal(err)
		}
		size := len(tb.keys)
		for k := range uint64(hint) {
			if err := tb.add(k*977, u128{lo: k + 1}); err != nil {
				t.Fatal(err)
			}
		}
		if len(tb.keys) != size || tb.used != hint || mem.held.Load() != int64(size)*slotBytes {
			t.Errorf("hint %d: %d slots after %d states, %d when made; %d bytes held", hint, len(tb.keys), tb.used, size, mem.held.Load())
		}
		for k := uint64(hint); len(tb.keys) == size; k++ {
			tb.add(k*977, u128{lo: k + 1})
			if len(tb.keys) == size && (tb.used-1)*4 >= size*3 {
				t.Errorf("hint %d: a state taken at 3/4 full without growing: %d in %d slots", hint, tb.used, size)
				break
			}
		}
		if (tb.used-1)*4 >= len(tb.keys)*3 || mem.held.Load() != int64(len(tb.keys))*slotBytes {
			t.Errorf("hint %d, grown: %d states in %d slots, %d bytes held", hint, tb.used, len(tb.keys), mem.held.Load())
		}
		tb.each(func(k uint64, n u128) bool {
			if n != (u128{lo: k/977 + 1}) {
				t.Errorf("hint %d: key %d counts %v, want %d", hint, k, n.Big(), k/977+1)
				return false
			}
			return true
		})
	}
}
