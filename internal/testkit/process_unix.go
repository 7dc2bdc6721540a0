//go:build unix

package testkit

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Ended reports whether process pid has ended: it is gone, or it is a
// zombie that its parent has not reaped yet (read from /proc where the
// system has it).
func Ended(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		// Gone since Kill found it, unless the system has no /proc.
		_, noProc := os.Stat("/proc/self")
		return noProc == nil
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] == "Z"
}
