package sweep

// bitset marks job indices: one bit a job.
type bitset []uint64

func newBitset(n int64) bitset { return make(bitset, (n+63)/64) }

func (b bitset) has(i int64) bool { return b[i/64]&(1<<(i%64)) != 0 }

func (b bitset) set(i int64) { b[i/64] |= 1 << (i % 64) }
