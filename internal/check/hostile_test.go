package check

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSubjectFloods: a subject that writes without end and without a line
// break is stopped once its line passes maxResponse bytes, and reported
// as such at once, where check read 64 MB and held up to 270 MB, and
// reported no response in time (issue 26 #17).
func TestSubjectFloods(t *testing.T) {
	cfg := config(t, helper(t, "flood"), 3) // a minute of timeout
	began := time.Now()
	res, err := Run(t.Context(), cfg)
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.Less(t, time.Since(began), cfg.Timeout, "it does not wait for the timeout")
	assert.ErrorIs(t, res.Failure.FoundErr, ErrTooLong)
	assert.EqualError(t, res.Failure.FoundErr, "response too long: line longer than 4194304 bytes")
	var se *SubjectError
	require.ErrorAs(t, res.Failure.FoundErr, &se)
	assert.Equal(t, strings.Repeat("y", 300)+"…", se.Line, "the start of the line, cut")
}

// TestSubjectDuplicateKeys: a response that gives a field twice is
// malformed, as the oracle refuses a request that does (issue 26 #7):
// encoding/json keeps the last, so "legal" given wrong, then right,
// passed.
func TestSubjectDuplicateKeys(t *testing.T) {
	res, err := Run(t.Context(), config(t, helper(t, "duplicate"), 3))
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.ErrorIs(t, res.Failure.FoundErr, ErrMalformed)
	assert.Contains(t, res.Failure.FoundErr.Error(), `field "legal" appears twice`)
}

// TestSubjectEscapesShown: what a subject writes reaches the report with
// its control characters and invisible formatting escaped: a subject
// cannot clear the terminal of the person reading the report (the class
// of issue 26 #24; TestSubjectExitsLeavingAChild shows its standard error
// escaped too).
func TestSubjectEscapesShown(t *testing.T) {
	res, err := Run(t.Context(), config(t, helper(t, "escapes"), 3))
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	require.ErrorIs(t, res.Failure.Err, ErrNotJSON)
	var b strings.Builder
	require.NoError(t, WriteReport(&b, res))
	report := b.String()
	assert.Contains(t, report, `\x1b[2J\x1b[31mfed!\x00\u202e`)
	for _, r := range report {
		assert.True(t, r == '\n' || strconv.IsPrint(r), "%q in the report", r)
	}
}
