package check

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/testkit"
)

func TestHangKilledWithItsChildren(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	t.Setenv("OWARE_CHECK_PIDFILE", pidFile)
	cfg := config(t, helper(t, "hang-child"), 3)
	// Time enough for the subject to start its child and say its pid on a
	// crowded machine (300 ms was not).
	cfg.Timeout, cfg.StartTimeout = 3*time.Second, 3*time.Second
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.Err, ErrTimeout)
	assert.Equal(t, 0, res.Cases, "not even the opening is answered")
	assertChildGone(t, pidFile)
}

// assertChildGone checks that the process whose pid is in pidFile ends.
func assertChildGone(t *testing.T, pidFile string) {
	t.Helper()
	text, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(string(text))
	require.NoError(t, err)
	assert.Eventually(t, func() bool { return testkit.Ended(pid) }, 5*time.Second, 10*time.Millisecond,
		"the subject's child %d is killed", pid)
}

// TestSubjectExitsLeavingAChild: a subject that exits without answering
// while a child of its own keeps its standard output open is reported at
// once as a subject that exited, with its exit status, which the command
// reports as a subject that cannot run (exit 2); it was taken for a
// subject that does not answer in time, 12 s later, with a "shrunk" case
// (issue 26 #16). Its child is killed with it.
func TestSubjectExitsLeavingAChild(t *testing.T) {
	for mode, status := range map[string]string{"orphan": "exit status 3", "orphan-0": "exit status 0"} {
		t.Run(mode, func(t *testing.T) {
			pidFile := t.TempDir() + "/pid"
			t.Setenv("OWARE_CHECK_PIDFILE", pidFile)
			cfg := config(t, helper(t, mode), 3) // a minute of timeout
			began := time.Now()
			res, err := Run(t.Context(), cfg)
			require.ErrorIs(t, err, ErrCannotRun)
			require.ErrorIs(t, err, ErrCrashed)
			assert.Nil(t, res.Failure)
			assert.Less(t, time.Since(began), cfg.Timeout, "it does not wait for the timeout")
			var se *SubjectError
			require.ErrorAs(t, err, &se)
			// The status the subject exited with, not the end of the wait
			// for the output that its child holds ("exec: WaitDelay
			// expired before I/O complete" for a status 0).
			assert.Equal(t, status, se.Detail)
			assert.Equal(t, `subject: \x1b[31mcannot load the model\x07`, se.Stderr, "what the subject says is escaped")
			assertChildGone(t, pidFile)
		})
	}
}

// TestNotifyContextSignals: every signal that would end the command ends
// the context of its check instead, so that Run kills the subject's
// process group before the command ends (issue 26 #15: SIGHUP ended it
// with the subject's children left running).
func TestNotifyContextSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGABRT} {
		ctx, stop := NotifyContext(t.Context())
		require.NoError(t, syscall.Kill(os.Getpid(), sig))
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Errorf("%v does not end the context", sig)
		}
		stop()
	}
}
