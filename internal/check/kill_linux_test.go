package check

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHangKilledWithItsChildren(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	t.Setenv("OWARE_CHECK_PIDFILE", pidFile)
	cfg := config(t, helper(t, "hang-child"), 3)
	cfg.Timeout, cfg.StartTimeout = 300*time.Millisecond, 300*time.Millisecond
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.Err, ErrTimeout)
	assert.Equal(t, 0, res.Cases, "not even the opening is answered")
	text, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(string(text))
	require.NoError(t, err)
	assert.Eventually(t, func() bool { return gone(pid) }, 5*time.Second, 10*time.Millisecond,
		"the subject's child %d is killed", pid)
}

// gone reports whether process pid has ended (a zombie has ended too).
func gone(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] == "Z"
}
