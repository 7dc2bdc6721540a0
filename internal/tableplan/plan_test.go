package tableplan

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSlurm: the Slurm script submits one job for the levels below From,
// then an array of Slices tasks a level, each after the one below, and
// quotes what the shell would otherwise read.
func TestSlurm(t *testing.T) {
	p := Plan{Rules: "awari", Seeds: 12, From: 10, Slices: 3, Jobs: 2, Bin: "/opt/oware bin/oware", Dir: "/data/tables", Sbatch: []string{"--partition=big", "--comment=it's"}}
	s := p.Slurm()
	assert.True(t, strings.HasPrefix(s, "#!/bin/sh\n"), s)
	assert.Contains(t, s, "export OWARE_BIN='/opt/oware bin/oware'\n")
	assert.Contains(t, s, "export OWARE_DIR=/data/tables\n")
	assert.Contains(t, s, `job=$(sbatch --parsable --export=ALL --cpus-per-task=2 --partition=big '--comment=it'\''s' --job-name=awari-0-9 --wrap '"$OWARE_BIN" tablebase build -rules awari -seeds 9 -dir "$OWARE_DIR" -j 2')`)
	assert.Contains(t, s, "for level in 10 11 12; do\n")
	assert.Contains(t, s, "${job:+--dependency=afterok:$job} --job-name=awari-$level --array=0-2 --wrap")
	assert.Contains(t, s, `-level '$level' -slice "$SLURM_ARRAY_TASK_ID/3" -run "$SLURM_ARRAY_JOB_ID"`)
	assert.True(t, strings.HasSuffix(s, "echo \"$job\"\n"), s)
	checkSyntax(t, s)

	// Every level in slices: no job for the small levels.
	p.From = 0
	s = p.Slurm()
	assert.NotContains(t, s, "-seeds")
	assert.Contains(t, s, "for level in 0 1 2 3 4 5 6 7 8 9 10 11 12; do\n")
	checkSyntax(t, s)
	// No level in slices: the one job.
	p.From = 13
	s = p.Slurm()
	assert.Contains(t, s, "-seeds 12")
	assert.NotContains(t, s, "for level")
	checkSyntax(t, s)
}

// TestLocal: the local script runs the levels below From in one process,
// then the slices of each level as processes at once, waiting for each.
func TestLocal(t *testing.T) {
	p := Plan{Rules: "abapa", Seeds: 11, From: 10, Slices: 2, Jobs: 1, Bin: "/bin/oware", Dir: "/t"}
	s := p.Local()
	assert.Contains(t, s, "\"$OWARE_BIN\" tablebase build -rules abapa -seeds 9 -dir \"$OWARE_DIR\" -j 1\n")
	assert.Contains(t, s, "for level in 10 11; do\n\tpids=\n\tfor slice in 0 1; do\n")
	assert.Contains(t, s, `-level "$level" -slice "$slice/2" -run "local-$$-$level"`)
	assert.Contains(t, s, "for pid in $pids; do wait \"$pid\"; done\n")
	assert.NotContains(t, s, "sbatch")
	checkSyntax(t, s)
}

// checkSyntax has sh read the script without running it.
func checkSyntax(t *testing.T, script string) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Log("no sh to check the script's syntax")
		return
	}
	cmd := exec.Command(sh, "-n")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s\n%s", out, script)
}
