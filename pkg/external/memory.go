package external

import (
	"fmt"
	"strings"

	"knightsweep/pkg/memlimit"
)

// Under an address-space limit (RLIMIT_AS) no signal says that a process
// ran out of it: the kernel refuses an mmap, and what follows is the
// runtime's. Go prints "fatal error: runtime: out of memory" and exits 2,
// Python raises MemoryError, C++ aborts on std::bad_alloc and Rust on
// "memory allocation of N bytes failed" (SIGABRT), and C's malloc returns
// NULL, which most programs then dereference (SIGSEGV). So, as BenchExec
// and runsolver do, a process that ended abnormally is judged by evidence:
// its own words about a failed allocation, or a peak of memory that came
// near its limit. A crash with neither (a SIGSEGV at a few MiB under a
// limit of hundreds) stays a crash.

// oomWords are what runtimes and C libraries print when an allocation
// fails, in lower case: a solver's last words that hold one of them are
// about memory. Words about allocators that are not about running out
// (glibc's "malloc(): corrupted top size", a heap corruption) are not
// among them.
var oomWords = []string{
	"out of memory",              // Go, OCaml, Haskell, V8 ("JavaScript heap out of memory"), many C programs
	"outofmemory",                // Java, Julia (OutOfMemoryError)
	"memoryerror",                // Python
	"bad_alloc",                  // C++
	"memory allocation of",       // Rust: "memory allocation of 1048576 bytes failed"
	"cannot allocate memory",     // strerror(ENOMEM)
	"insufficient memory",        // the JVM's "There is insufficient memory for the Java Runtime Environment"
	"memory exhausted",           // GNU programs (xalloc_die)
	"failed to map segment from", // the dynamic loader, under a limit too low to load a library
	"failed to reserve",          // Go's start, under a limit too low for its reservations ("failed to reserve page summary memory")
}

// saysOutOfMemory reports whether a solver's stderr (its first line and
// tail) says that an allocation failed.
func saysOutOfMemory(stderr string) bool {
	s := strings.ToLower(stderr)
	for _, w := range oomWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// nearLimit reports whether a peak of resident memory of peak bytes came
// near an address-space limit of mem bytes: within an eighth of it, or
// 4 MiB for a small limit. Resident memory is less than the address space
// it lives in (a program's libraries are mapped but not all read; the
// request that failed was never mapped), so it never reaches the limit:
// C, C++, Rust and Python programs that grow a megabyte at a time until
// an allocation fails peaked 1.4 to 4.1 MiB below limits of 64 and
// 256 MiB.
func nearLimit(peak, mem int64) bool {
	return peak >= 0 && peak >= mem-max(mem/8, 4<<20)
}

// overMemory reports whether a process that ended abnormally, under an
// address-space limit of mem bytes (0: none), with a peak resident memory
// of peak bytes (-1: unknown) and stderr's last words, ran out of memory,
// and the evidence to say beside the limit when it is its peak: "" when it
// said so itself.
func overMemory(mem, peak int64, stderr string) (evidence string, over bool) {
	switch {
	case mem <= 0:
		return "", false
	case saysOutOfMemory(stderr):
		return "", true
	case nearLimit(peak, mem):
		return fmt.Sprintf(" (its peak resident memory %s)", memlimit.Format(peak)), true
	}
	return "", false
}
