// Package tableplan writes the shell scripts of "oware tablebase plan":
// the endgame tables built level by level, each level from a given one on
// in slices that run at the same time (see "Slices" in package
// tablebase's documentation), either as Slurm job arrays or as processes
// of one machine.
//
// The Slurm script submits one job for the small levels, then a job
// array a level, whose tasks are the level's slices; each array depends
// on the one below (sbatch --dependency=afterok), so that the script
// submits everything at once and returns. The slices of a level must run
// at the same time, as they exchange files at every round: the cluster
// must be able to run K tasks of CPUs each together.
package tableplan

import (
	"fmt"
	"strings"

	"github.com/seed3966233f/oware/internal/shell"
)

// Plan is what a script builds, and with what.
type Plan struct {
	Rules  string // the preset's name
	Seeds  int    // the levels from 0 to Seeds
	From   int    // the first level built in slices; those below, in one job
	Slices int    // the slices of a level, K
	Jobs   int    // the worker goroutines of each job or process (-j)
	Bin    string // the oware command the jobs run, an absolute path
	Dir    string // the tables' directory, an absolute path
	// Sbatch are more arguments for every sbatch of the Slurm script,
	// such as "--partition=big".
	Sbatch []string
}

// head returns the start of either script: what it builds, and the
// command and directory it uses.
func (p Plan) head(how string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n# Written by oware tablebase plan: the tables of %s from 0 to %d seeds into\n# %s, %s", p.Rules, p.Seeds, p.Dir, how)
	fmt.Fprintf(&b, "set -eu\nexport OWARE_BIN=%s\nexport OWARE_DIR=%s\n", shell.Quote(p.Bin), shell.Quote(p.Dir))
	return b.String()
}

// levels returns the levels built in slices, as shell words.
func (p Plan) levels() string {
	var ls []string
	for n := max(p.From, 0); n <= p.Seeds; n++ {
		ls = append(ls, fmt.Sprint(n))
	}
	return strings.Join(ls, " ")
}

// Slurm returns the script that submits the build to Slurm: a job for the
// levels below p.From, then a job array a level, each waiting for the
// level below (afterok). It prints the number of the last job.
func (p Plan) Slurm() string {
	var b strings.Builder
	b.WriteString(p.head(fmt.Sprintf(`each level from %d on by a Slurm job array of %d slices, which must run
# at the same time, after the level below; the levels below %d by one job.
# Run it where sbatch submits jobs: sh FILE. It prints the job of the last
# level: the tables are whole once it has completed.
`, p.From, p.Slices, p.From)))
	common := "sbatch --parsable --export=ALL --cpus-per-task=" + fmt.Sprint(p.Jobs)
	for _, a := range p.Sbatch {
		common += " " + shell.Quote(a)
	}
	j := fmt.Sprint(p.Jobs)
	b.WriteString("job=\n")
	if p.From > 0 {
		top := min(p.From-1, p.Seeds)
		fmt.Fprintf(&b, "job=$(%s --job-name=%s-0-%d --wrap '\"$OWARE_BIN\" tablebase build -rules %s -seeds %d -dir \"$OWARE_DIR\" -j %s')\njob=${job%%%%;*}\n",
			common, p.Rules, top, p.Rules, top, j)
	}
	if p.From <= p.Seeds {
		fmt.Fprintf(&b, "for level in %s; do\n", p.levels())
		fmt.Fprintf(&b, "\tjob=$(%s ${job:+--dependency=afterok:$job} --job-name=%s-$level --array=0-%d --wrap \\\n", common, p.Rules, p.Slices-1)
		fmt.Fprintf(&b, "\t\t'\"$OWARE_BIN\" tablebase build -rules %s -level '$level' -slice \"$SLURM_ARRAY_TASK_ID/%d\" -run \"$SLURM_ARRAY_JOB_ID\" -dir \"$OWARE_DIR\" -j %s')\n",
			p.Rules, p.Slices, j)
		b.WriteString("\tjob=${job%%;*} # the job's number, without the cluster's name\ndone\n")
	}
	b.WriteString("echo \"$job\"\n")
	return b.String()
}

// Local returns the script that builds the same slices as processes of
// this machine, the slices of a level at the same time.
func (p Plan) Local() string {
	var b strings.Builder
	b.WriteString(p.head(fmt.Sprintf(`each level from %d on by %d processes at once on this machine, one a
# slice; the levels below %d by one process.
`, p.From, p.Slices, p.From)))
	j := fmt.Sprint(p.Jobs)
	if p.From > 0 {
		fmt.Fprintf(&b, "\"$OWARE_BIN\" tablebase build -rules %s -seeds %d -dir \"$OWARE_DIR\" -j %s\n", p.Rules, min(p.From-1, p.Seeds), j)
	}
	if p.From <= p.Seeds {
		var sl []string
		for i := range p.Slices {
			sl = append(sl, fmt.Sprint(i))
		}
		fmt.Fprintf(&b, "for level in %s; do\n\tpids=\n\tfor slice in %s; do\n", p.levels(), strings.Join(sl, " "))
		fmt.Fprintf(&b, "\t\t\"$OWARE_BIN\" tablebase build -rules %s -level \"$level\" -slice \"$slice/%d\" -run \"local-$$-$level\" -dir \"$OWARE_DIR\" -j %s &\n",
			p.Rules, p.Slices, j)
		b.WriteString("\t\tpids=\"$pids $!\"\n\tdone\n\tfor pid in $pids; do wait \"$pid\"; done\ndone\n")
	}
	return b.String()
}
