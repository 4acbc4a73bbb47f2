package count

// table is a hash table from frontier states to counts: open addressing
// with linear probing over a power-of-two array. It takes a state's count
// and adds to it in one probe, where a Go map takes two lookups (a read,
// then a write): the adds are most of a frontier count's time.
type table struct {
	keys []uint64 // empty slots hold emptyKey
	vals []u128
	used int
	mask uint64
}

// emptyKey marks an empty slot: no packed state reaches it (packing keeps
// every key below the largest uint64).
const emptyKey = ^uint64(0)

func newTable(hint int) *table {
	size := 16
	for size*3 < hint*4 { // at most 3/4 full with hint states
		size *= 2
	}
	t := &table{keys: make([]uint64, size), vals: make([]u128, size), mask: uint64(size - 1)}
	for i := range t.keys {
		t.keys[i] = emptyKey
	}
	return t
}

func hashKey(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	return k
}

// add adds n to k's count, and reports overflow past 2^128.
func (t *table) add(k uint64, n u128) bool {
	if t.used*4 >= len(t.keys)*3 {
		t.grow()
	}
	i := hashKey(k) & t.mask
	for {
		switch t.keys[i] {
		case k:
			var over bool
			t.vals[i], over = t.vals[i].add(n)
			return over
		case emptyKey:
			t.keys[i], t.vals[i] = k, n
			t.used++
			return false
		}
		i = (i + 1) & t.mask
	}
}

func (t *table) grow() {
	old := *t
	*t = *newTable(len(old.keys))
	for i, k := range old.keys {
		if k != emptyKey {
			t.add(k, old.vals[i])
		}
	}
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
func (t *table) bytes() int64 { return int64(len(t.keys)) * 24 }

// entries returns the table's states as a slice, in no order.
func (t *table) entries() []entry {
	out := make([]entry, 0, t.used)
	t.each(func(k uint64, n u128) bool {
		out = append(out, entry{k, n})
		return true
	})
	return out
}
