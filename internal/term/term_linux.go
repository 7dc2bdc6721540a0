//go:build linux && !(mips || mipsle || mips64 || mips64le || ppc64 || ppc64le || sparc64)

package term

import (
	"fmt"
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

// OpenPTY opens a pseudo-terminal of cols columns: tty is the terminal's
// end, for the program that uses it, and master the other, through which
// what is typed goes in and what is shown comes out (as the tests of the
// game use it).
func OpenPTY(cols int) (master, tty *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var n uint32
	if err := ioctl(master, syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&n))); err != nil {
		master.Close()
		return nil, nil, fmt.Errorf("unlock: %w", err)
	}
	if err := ioctl(master, syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); err != nil {
		master.Close()
		return nil, nil, fmt.Errorf("its number: %w", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	ws := struct{ row, col, xpixel, ypixel uint16 }{row: 24, col: uint16(cols)}
	if err := ioctl(master, syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); err != nil {
		master.Close()
		tty.Close()
		return nil, nil, fmt.Errorf("its size: %w", err)
	}
	return master, tty, nil
}

// Pending returns the bytes of whole lines typed on the terminal f and not
// yet read.
func Pending(f *os.File) (int, error) {
	var n int32
	err := ioctl(f, syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
	return int(n), err
}
