//go:build linux

package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed3966233f/oware/internal/words"
	"github.com/seed3966233f/oware/tablebase"
)

// slurmSeeds and slurmFrom are the levels the tests of oware tablebase
// plan build: from 0 to slurmSeeds, those from slurmFrom on in slices.
const (
	slurmSeeds = 14
	slurmFrom  = 10
	slurmK     = 3 // slices a level
)

// buildOware builds the oware command into dir and returns its path.
func buildOware(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build oware with")
	}
	bin := filepath.Join(dir, "oware")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// checkPlanned checks that dir holds the levels of awari from 0 to
// slurmSeeds, those of a build in one process byte for byte, and nothing
// else but what the jobs print.
func checkPlanned(t *testing.T, dir string) {
	t.Helper()
	want := t.TempDir()
	require.NoError(t, tablebase.Build(context.Background(), want, mustRulesNamed(t, "awari"), slurmSeeds, tablebase.BuildOptions{}))
	sameLevels(t, dir, want, slurmSeeds)
	left, err := filepath.Glob(filepath.Join(dir, ".*"))
	require.NoError(t, err)
	require.Empty(t, left, "no work directory or temporary file is left")
}

// TestTablebasePlanLocal runs the script of oware tablebase plan -local:
// the slices of each level as processes of this machine, which build the
// files of a build in one process.
func TestTablebasePlanLocal(t *testing.T) {
	if raceEnabled {
		t.Skip("under the race detector, building the command and the levels takes too long; the plain run checks it")
	}
	work := t.TempDir()
	bin := buildOware(t, work)
	dir, script := filepath.Join(work, "tables"), filepath.Join(work, "plan.sh")
	status, _, errOut := runCmd(t, "", "tablebase", "plan", "-rules", "awari", "-seeds", fmt.Sprint(slurmSeeds), "-dir", dir,
		"-slices", fmt.Sprint(slurmK), "-from", fmt.Sprint(slurmFrom), "-local", "-oware", bin, "-o", script)
	require.Equal(t, exitOK, status, errOut)
	out, err := exec.Command("sh", script).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), fmt.Sprintf("awari %d seeds: %s positions in ", slurmSeeds, words.Thousands(tablebase.Entries(slurmSeeds))))
	checkPlanned(t, dir)
}

// TestTablebasePlanSlurm submits the script of oware tablebase plan to a
// Slurm cluster (a job for the small levels, then a job array of slurmK
// slices a level), waits for its jobs, checks that each completed, and
// that the files are those of a build in one process. The cluster is the
// one whose configuration OWARE_SLURM_CONF names (.ci/run starts one of
// one node on the machine it runs on); without it, the test starts such a
// cluster itself (munged, slurmctld and slurmd, as root, on free ports,
// with a key and a configuration of their own). It is skipped where
// neither can be had (Debian's slurm-wlm and munge missing, or not root),
// and fails instead with OWARE_SLURM_TESTS=required, as in CI.
func TestTablebasePlanSlurm(t *testing.T) {
	if raceEnabled {
		t.Skip("under the race detector, building the command and the levels takes too long; the plain run checks it")
	}
	skip := func(msg string) {
		t.Helper()
		if os.Getenv("OWARE_SLURM_TESTS") == "required" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	tools := map[string]string{}
	for _, name := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo"} {
		path, err := exec.LookPath(name)
		if err != nil {
			for _, d := range []string{"/usr/sbin", "/sbin"} {
				if _, err2 := os.Stat(filepath.Join(d, name)); err2 == nil {
					path, err = filepath.Join(d, name), nil
				}
			}
		}
		if err != nil {
			skip(name + " not found: install Debian's slurm-wlm and munge (.ci/run does) to run this test")
		}
		tools[name] = path
	}
	work := t.TempDir()
	var c *cluster
	if conf := os.Getenv("OWARE_SLURM_CONF"); conf != "" {
		c = &cluster{env: append(os.Environ(), "SLURM_CONF="+conf)}
		waitFor(t, "the node of "+conf, func() bool {
			out, err := c.run(tools["sinfo"], "-h", "-o", "%t")
			return err == nil && strings.TrimSpace(out) == "idle"
		})
	} else {
		if os.Geteuid() != 0 {
			skip("no OWARE_SLURM_CONF, and starting slurmctld, slurmd and munged takes root")
		}
		c = startSlurm(t, work, tools)
	}
	bin := buildOware(t, work)
	dir, script := filepath.Join(work, "tables"), filepath.Join(work, "plan.sh")
	status, _, errOut := runCmd(t, "", "tablebase", "plan", "-rules", "awari", "-seeds", fmt.Sprint(slurmSeeds), "-dir", dir,
		"-slices", fmt.Sprint(slurmK), "-from", fmt.Sprint(slurmFrom), "-oware", bin, "-o", script)
	require.Equal(t, exitOK, status, errOut)
	submit := exec.Command("sh", script)
	submit.Env, submit.Dir = c.env, work
	out, err := submit.CombinedOutput()
	require.NoError(t, err, "%s", out)
	last := strings.TrimSpace(string(out))
	t.Logf("submitted: the last job is %s", last)

	// The jobs of this test are those submitted from work. Wait until
	// none is queued or running, then check that every one completed:
	// one for the small levels, an array a level.
	ours := func(lines string) []string {
		var l []string
		for _, line := range strings.Split(lines, "\n") {
			if strings.Contains(line, "WorkDir="+work+" ") || strings.HasSuffix(line, " "+work) {
				l = append(l, line)
			}
		}
		return l
	}
	start := time.Now()
	for {
		q, err := c.run(tools["squeue"], "-h", "-o", "%i %T %Z")
		require.NoError(t, err, q)
		if len(ours(q)) == 0 {
			break
		}
		if time.Since(start) > 10*time.Minute {
			t.Fatalf("the jobs have not ended after 10 minutes:\n%s", q)
		}
		time.Sleep(500 * time.Millisecond)
	}
	all, err := c.run(tools["scontrol"], "-o", "show", "job")
	require.NoError(t, err, all)
	jobs := strings.Join(ours(all), "\n")
	completed := strings.Count(jobs, "JobState=COMPLETED")
	require.Equal(t, 1+(slurmSeeds-slurmFrom+1)*slurmK, completed, "every job and array task completed:\n%s", jobs)
	t.Logf("%d jobs completed in %s", completed, time.Since(start).Round(time.Second))
	checkPlanned(t, dir)
}

// cluster is a Slurm cluster of one node, started by startSlurm.
type cluster struct {
	env []string // the environment of its commands: SLURM_CONF
}

// run runs a Slurm command and returns its output.
func (c *cluster) run(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// startSlurm starts munged, slurmctld and slurmd in work, and stops them
// when the test ends; it fails the test unless the node is up within a
// minute.
func startSlurm(t *testing.T, work string, tools map[string]string) *cluster {
	t.Helper()
	for _, d := range []string{"state", "spool"} {
		require.NoError(t, os.Mkdir(filepath.Join(work, d), 0o755))
	}
	key := make([]byte, 1024)
	f, err := os.Open("/dev/urandom")
	require.NoError(t, err)
	_, err = f.Read(key)
	f.Close()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(work, "munge.key"), key, 0o400))
	sock := filepath.Join(work, "munge.sock")
	conf := filepath.Join(work, "slurm.conf")
	require.NoError(t, os.WriteFile(conf, []byte(fmt.Sprintf(`ClusterName=owaretest
SlurmctldHost=localhost
SlurmUser=root
SlurmctldPort=%d
SlurmdPort=%d
AuthType=auth/munge
AuthInfo=socket=%s
StateSaveLocation=%s
SlurmdSpoolDir=%s
SlurmctldPidFile=%s
SlurmdPidFile=%s
SlurmctldLogFile=%s
SlurmdLogFile=%s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=3600
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=%d RealMemory=2000 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
`, freePort(t), freePort(t), sock, filepath.Join(work, "state"), filepath.Join(work, "spool"),
		filepath.Join(work, "slurmctld.pid"), filepath.Join(work, "slurmd.pid"),
		filepath.Join(work, "slurmctld.log"), filepath.Join(work, "slurmd.log"), 2*slurmK)), 0o644))
	c := &cluster{env: append(os.Environ(), "SLURM_CONF="+conf)}
	daemon := func(name string, args ...string) {
		cmd := exec.Command(tools[name], args...)
		cmd.Env = c.env
		log, err := os.Create(filepath.Join(work, name+".out"))
		require.NoError(t, err)
		cmd.Stdout, cmd.Stderr = log, log
		require.NoError(t, cmd.Start(), name)
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
			log.Close()
		})
	}
	daemon("munged", "-F", "-f", "--key-file="+filepath.Join(work, "munge.key"), "--socket="+sock,
		"--pid-file="+filepath.Join(work, "munged.pid"), "--log-file="+filepath.Join(work, "munged.log"),
		"--seed-file="+filepath.Join(work, "munged.seed"))
	waitFor(t, "munged's socket", func() bool { _, err := os.Stat(sock); return err == nil })
	daemon("slurmctld", "-D", "-f", conf)
	daemon("slurmd", "-D", "-f", conf, "-N", "localhost")
	waitFor(t, "the node", func() bool {
		out, err := c.run(tools["sinfo"], "-h", "-o", "%t")
		return err == nil && strings.TrimSpace(out) == "idle"
	})
	return c
}

// waitFor waits up to a minute for ok, failing the test with what it
// waited for after that.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !ok(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s is not up after a minute", what)
		}
	}
}

// freePort returns a TCP port of localhost that no one listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
