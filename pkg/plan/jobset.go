package plan

// JobSet marks job indices of a plan: one bit a job, so that marking every
// job of the largest plan (MaxJobs) takes 32 MiB.
type JobSet []uint64

// NewJobSet returns an empty set for a plan of n jobs.
func NewJobSet(n int64) JobSet { return make(JobSet, (n+63)/64) }

// Has reports whether job i is in the set.
func (s JobSet) Has(i int64) bool { return s[i/64]&(1<<(i%64)) != 0 }

// Add puts job i in the set.
func (s JobSet) Add(i int64) { s[i/64] |= 1 << (i % 64) }
