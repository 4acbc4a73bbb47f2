package external

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawRead, rawWrite and rawClockGettime are read(2) and write(2) of a
// non-blocking descriptor and clock_gettime(2), made without telling the
// Go scheduler (RawSyscall), where unix.Read, unix.Write and
// unix.ClockGettime tell it (Syscall): a call that never waits needs no
// hand-over of the goroutine's processor to another thread, whose
// bookkeeping each call of a run's exchange would pay. A write that wakes
// the solver may still be descheduled in the kernel while the solver
// runs, its processor held meanwhile, as by any goroutine that runs.
func rawRead(fd int, b []byte) (int, error) {
	return rawIO(unix.SYS_READ, fd, b)
}

func rawWrite(fd int, b []byte) (int, error) {
	return rawIO(unix.SYS_WRITE, fd, b)
}

func rawIO(call uintptr, fd int, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, _, e := unix.RawSyscall(call, uintptr(fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}

func rawClockGettime(clock int32, ts *unix.Timespec) error {
	if _, _, e := unix.RawSyscall(unix.SYS_CLOCK_GETTIME, uintptr(clock), uintptr(unsafe.Pointer(ts)), 0); e != 0 {
		return e
	}
	return nil
}
