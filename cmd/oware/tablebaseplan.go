package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/tablebase"
)

// runTablebasePlan writes the script that builds tables in slices: job
// arrays for Slurm, or, with -local, processes on this machine.
func runTablebasePlan(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tablebase plan", "-rules NAME -seeds N -dir DIR -slices K [-from N] [-j N] [-local] [-oware PATH] [-sbatch ARGS] [-o FILE]", stderr)
	rulesName := fs.String("rules", "", "the rules: "+strings.Join(supportedRules(), ", "))
	seeds := fs.Int("seeds", 0, "build every level from 0 to this many seeds on the board (0 to 48)")
	dir := fs.String("dir", "", "the directory of the tables, shared by the machines that build them")
	k := fs.Int("slices", 0, "build each level from -from on in this many slices, which run at the same time")
	from := fs.Int("from", -1, "the first level built in slices; the levels below, in one job (default: the first level of a million positions or more)")
	jobs := fs.Int("j", 1, "worker goroutines of each job (the CPUs Slurm gives it)")
	local := fs.Bool("local", false, "run the slices as processes on this machine instead of Slurm jobs")
	owarePath := fs.String("oware", "", "the oware command the jobs run (default: this one)")
	sbatchArgs := fs.String("sbatch", "", "more arguments for every sbatch, such as \"--partition=big --time=24:00:00\"")
	out := fs.String("o", "", "write the script to this file instead of standard output")
	pos, status, err := parseFlags(fs, args)
	if err != nil {
		return status
	}
	switch {
	case len(pos) > 0:
		return usageError(stderr, fs, "unexpected argument %q", pos[0])
	case *rulesName == "":
		return usageError(stderr, fs, "-rules: required")
	case !isSet(fs, "seeds"):
		return usageError(stderr, fs, "-seeds: required")
	case *seeds < 0 || *seeds > oware.NumSeeds:
		return usageError(stderr, fs, "-seeds: want 0 to %d", oware.NumSeeds)
	case *dir == "":
		return usageError(stderr, fs, "-dir: required")
	case !isSet(fs, "slices"):
		return usageError(stderr, fs, "-slices: required")
	case *k < 1 || *k > tablebase.MaxSlices:
		return usageError(stderr, fs, "-slices %d: want 1 to %d", *k, tablebase.MaxSlices)
	case isSet(fs, "from") && (*from < 0 || *from > oware.NumSeeds):
		return usageError(stderr, fs, "-from %d: want 0 to %d", *from, oware.NumSeeds)
	case *jobs < 1 || *jobs > tablebase.MaxWorkers:
		return usageError(stderr, fs, "-j %d: want 1 to %d", *jobs, tablebase.MaxWorkers)
	case *local && isSet(fs, "sbatch"):
		return usageError(stderr, fs, "-sbatch: not with -local")
	}
	rules, status, ok := parseRules(fs, *rulesName)
	if !ok {
		return status
	}
	if !tablebase.Supported(rules) {
		return usageError(stderr, fs, "-rules %s: the value of a position depends on more than its board; want one of %s",
			*rulesName, strings.Join(supportedRules(), ", "))
	}
	if !isSet(fs, "from") {
		*from = 0
		for *from < oware.NumSeeds && tablebase.Entries(*from) < 1_000_000 {
			*from++
		}
	}
	bin := *owarePath
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			return fail(stderr, "tablebase plan", err)
		}
	}
	p := plan{rules: rules.String(), seeds: *seeds, from: *from, slices: *k, jobs: *jobs, sbatch: strings.Fields(*sbatchArgs)}
	if p.bin, err = filepath.Abs(bin); err == nil {
		p.dir, err = filepath.Abs(*dir)
	}
	if err != nil {
		return fail(stderr, "tablebase plan", err)
	}
	script := p.slurm()
	if *local {
		script = p.local()
	}
	if *out == "" {
		fmt.Fprint(stdout, script)
		return exitOK
	}
	if err := writeFile(*out, func(w io.Writer) error { _, err := io.WriteString(w, script); return err }); err != nil {
		return fail(stderr, "tablebase plan", err)
	}
	if err := os.Chmod(*out, 0o755); err != nil {
		return fail(stderr, "tablebase plan", err)
	}
	return exitOK
}

// plan is what the script of oware tablebase plan builds.
type plan struct {
	rules        string
	seeds, from  int // levels from to seeds in slices, those below in one job
	slices, jobs int
	bin, dir     string // absolute paths
	sbatch       []string
}

// head returns the start of either script: what it builds, and the
// command and directory it uses.
func (p plan) head(how string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n# Written by oware tablebase plan: the tables of %s from 0 to %d seeds into\n# %s, %s", p.rules, p.seeds, p.dir, how)
	fmt.Fprintf(&b, "set -eu\nexport OWARE_BIN=%s\nexport OWARE_DIR=%s\n", shellQuote(p.bin), shellQuote(p.dir))
	return b.String()
}

// levels returns the levels built in slices, as shell words.
func (p plan) levels() string {
	var ls []string
	for n := max(p.from, 0); n <= p.seeds; n++ {
		ls = append(ls, fmt.Sprint(n))
	}
	return strings.Join(ls, " ")
}

// slurm returns the script that submits the build to Slurm: a job for the
// levels below p.from, then a job array a level, each waiting for the
// level below (afterok).
func (p plan) slurm() string {
	var b strings.Builder
	b.WriteString(p.head(fmt.Sprintf(`each level from %d on by a Slurm job array of %d slices, which must run
# at the same time, after the level below; the levels below %d by one job.
# Run it where sbatch submits jobs: sh FILE. It prints the job of the last
# level: the tables are whole once it has completed.
`, p.from, p.slices, p.from)))
	common := "sbatch --parsable --export=ALL --cpus-per-task=" + fmt.Sprint(p.jobs)
	for _, a := range p.sbatch {
		common += " " + shellQuote(a)
	}
	j := fmt.Sprint(p.jobs)
	b.WriteString("job=\n")
	if p.from > 0 {
		top := min(p.from-1, p.seeds)
		fmt.Fprintf(&b, "job=$(%s --job-name=%s-0-%d --wrap '\"$OWARE_BIN\" tablebase build -rules %s -seeds %d -dir \"$OWARE_DIR\" -j %s')\njob=${job%%%%;*}\n",
			common, p.rules, top, p.rules, top, j)
	}
	if p.from <= p.seeds {
		fmt.Fprintf(&b, "for level in %s; do\n", p.levels())
		fmt.Fprintf(&b, "\tjob=$(%s ${job:+--dependency=afterok:$job} --job-name=%s-$level --array=0-%d --wrap \\\n", common, p.rules, p.slices-1)
		fmt.Fprintf(&b, "\t\t'\"$OWARE_BIN\" tablebase build -rules %s -level '$level' -slice \"$SLURM_ARRAY_TASK_ID/%d\" -run \"$SLURM_ARRAY_JOB_ID\" -dir \"$OWARE_DIR\" -j %s')\n",
			p.rules, p.slices, j)
		b.WriteString("\tjob=${job%%;*} # the job's number, without the cluster's name\ndone\n")
	}
	b.WriteString("echo \"$job\"\n")
	return b.String()
}

// local returns the script that builds the same slices as processes of
// this machine, the slices of a level at the same time.
func (p plan) local() string {
	var b strings.Builder
	b.WriteString(p.head(fmt.Sprintf(`each level from %d on by %d processes at once on this machine, one a
# slice; the levels below %d by one process.
`, p.from, p.slices, p.from)))
	j := fmt.Sprint(p.jobs)
	if p.from > 0 {
		fmt.Fprintf(&b, "\"$OWARE_BIN\" tablebase build -rules %s -seeds %d -dir \"$OWARE_DIR\" -j %s\n", p.rules, min(p.from-1, p.seeds), j)
	}
	if p.from <= p.seeds {
		var sl []string
		for i := range p.slices {
			sl = append(sl, fmt.Sprint(i))
		}
		fmt.Fprintf(&b, "for level in %s; do\n\tpids=\n\tfor slice in %s; do\n", p.levels(), strings.Join(sl, " "))
		fmt.Fprintf(&b, "\t\t\"$OWARE_BIN\" tablebase build -rules %s -level \"$level\" -slice \"$slice/%d\" -run \"local-$$-$level\" -dir \"$OWARE_DIR\" -j %s &\n",
			p.rules, p.slices, j)
		b.WriteString("\t\tpids=\"$pids $!\"\n\tdone\n\tfor pid in $pids; do wait \"$pid\"; done\ndone\n")
	}
	return b.String()
}
