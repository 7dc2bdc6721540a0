//go:build linux && !(mips || mipsle || mips64 || mips64le || ppc64 || ppc64le || sparc64)

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// tcflsh is the ioctl behind tcflush(3) on these architectures; package
// syscall does not name it on all of them.
const tcflsh = 0x540B

// flushInput discards what was typed on the terminal f and not yet read,
// as tcflush(fd, TCIFLUSH) does, and returns how many bytes of whole lines
// it held.
func flushInput(f *os.File) (int, error) {
	var n int32
	if err := ioctl(f, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); err != nil {
		return 0, err
	}
	return int(n), ioctl(f, tcflsh, syscall.TCIFLUSH)
}

// terminalWidth returns the number of columns of the terminal f, or 0 if
// it cannot tell.
func terminalWidth(f *os.File) int {
	var ws struct{ row, col, xpixel, ypixel uint16 }
	if ioctl(f, syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))) != nil {
		return 0
	}
	return int(ws.col)
}

// ioctl calls ioctl(2) on f's descriptor.
func ioctl(f *os.File, req, arg uintptr) error {
	sc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := sc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, req, arg)
	}); err != nil {
		return err
	}
	if errno != 0 {
		return errno
	}
	return nil
}
