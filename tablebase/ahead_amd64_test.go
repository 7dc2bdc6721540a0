package tablebase

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCPUPrefetchW checks the CPUID test of PREFETCHW against the flag
// that Linux reports for it, 3dnowprefetch.
func TestCPUPrefetchW(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo:", err)
	}
	flags := regexp.MustCompile(`(?m)^flags\s*:.*$`).Find(info)
	if flags == nil {
		t.Skip("no flags in /proc/cpuinfo")
	}
	require.Equal(t, regexp.MustCompile(`\b3dnowprefetch\b`).Match(flags), cpuPrefetchW())
}
