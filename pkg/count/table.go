package count

import "math/bits"

// table is a hash table from frontier states to counts: open addressing
// with linear probing. It takes a state's count and adds to it in one
// probe, where a Go map takes two lookups (a read, then a write): the adds
// are most of a frontier count's time. Its size is any number of slots,
// not a power of two (a hash picks its slot by a multiply, not a mask), so
// that a table sized for the states a square is expected to make takes
// that memory and no more: a layer's tables are most of a count's peak.
type table struct {
	keys []uint64 // empty slots hold emptyKey
	vals []u128
	used int
	// mem is the budget the table's slots are taken from.
	mem *budget
}

// emptyKey marks an empty slot: no packed state reaches it (packing keeps
// every key below the largest uint64).
const emptyKey = ^uint64(0)

// slotBytes is the memory of a slot: a key and a count.
const slotBytes = 24

// newTable returns a table for about hint states, at most 3/4 full, its
// memory taken from mem.
func newTable(hint int, mem *budget) (*table, error) {
	size := max(16, hint+hint/3+1)
	if err := mem.take(int64(size) * slotBytes); err != nil {
		return nil, err
	}
	t := &table{keys: make([]uint64, size), vals: make([]u128, size), mem: mem}
	for i := range t.keys {
		t.keys[i] = emptyKey
	}
	return t, nil
}

// free returns the table's memory to its budget; the table is not used
// again.
func (t *table) free() {
	t.mem.give(t.bytes())
	t.keys, t.vals = nil, nil
}

// slot returns the slot a key's probe starts at.
func (t *table) slot(k uint64) int {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	hi, _ := bits.Mul64(k, uint64(len(t.keys)))
	return int(hi)
}

// add adds n to k's count. It fails with ErrOverflow past 2^128, or with
// an *overBudget when the table would grow past its budget.
func (t *table) add(k uint64, n u128) error {
	if t.used*4 >= len(t.keys)*3 {
		if err := t.grow(); err != nil {
			return err
		}
	}
	i := t.slot(k)
	for {
		switch t.keys[i] {
		case k:
			var over bool
			if t.vals[i], over = t.vals[i].add(n); over {
				return ErrOverflow
			}
			return nil
		case emptyKey:
			t.keys[i], t.vals[i] = k, n
			t.used++
			return nil
		}
		if i++; i == len(t.keys) {
			i = 0
		}
	}
}

// grow doubles the states the table takes: the square made more states
// than it was sized for.
func (t *table) grow() error {
	bigger, err := newTable(2*t.used, t.mem)
	if err != nil {
		return err
	}
	for i, k := range t.keys {
		if k != emptyKey {
			bigger.add(k, t.vals[i]) // room enough, and the sums were checked
		}
	}
	t.free()
	*t = *bigger
	return nil
}

// each calls fn for every state and its count.
func (t *table) each(fn func(k uint64, n u128) bool) {
	for i, k := range t.keys {
		if k != emptyKey && !fn(k, t.vals[i]) {
			return
		}
	}
}

// bytes returns the table's memory.
func (t *table) bytes() int64 { return int64(len(t.keys)) * slotBytes }

// entries returns the table's states as a slice, in no order, and frees
// the table: the slice's memory is taken from the budget before the
// table's is given back. It ors every count into *all (see side.high).
func (t *table) entries(all *u128) ([]entry, error) {
	if err := t.mem.take(int64(t.used) * entryBytes); err != nil {
		return nil, err
	}
	out := make([]entry, 0, t.used)
	t.each(func(k uint64, n u128) bool {
		out = append(out, entry{k, n})
		*all = all.or(n)
		return true
	})
	t.free()
	return out, nil
}
