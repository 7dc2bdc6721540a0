package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/seed3966233f/oware"
	"github.com/seed3966233f/oware/internal/cli"
	"github.com/seed3966233f/oware/internal/outfile"
	"github.com/seed3966233f/oware/internal/tableplan"
	"github.com/seed3966233f/oware/tablebase"
)

var tablebasePlanCommand = &cli.Command{
	Name:  "plan",
	Usage: []string{"-rules NAME -seeds N -dir DIR -slices K [-from N] [-j N] [-local] [-oware PATH] [-sbatch ARGS] [-o FILE]"},
	Short: "write the script that builds the tables in slices, as Slurm jobs or local processes",
	Long: `
Plan writes the shell script that builds the tables of every level from 0
to N seeds into DIR, each level from -from on in K slices that run at the
same time and exchange files in DIR (see "oware tablebase build -slice").
The script submits them to Slurm: one job for the levels below -from,
then a job array of K tasks a level, each array after the level below
(afterok), and prints the number of the last job; the tables are whole
once it has completed. The K tasks of a level must be able to run
together. With -local, the script runs the same slices as processes of
this machine instead. Run it with sh.`,
	Flags: func(fs *flag.FlagSet) cli.Func {
		rulesName := fs.String("rules", "", "the `rules`: "+strings.Join(supportedRules(), ", "))
		seeds := fs.Int("seeds", 0, "build every level from 0 to this many seeds on the board (0 to 48)")
		dir := fs.String("dir", "", "the directory of the tables, shared by the machines that build them")
		k := fs.Int("slices", 0, fmt.Sprintf("build each level from -from on in `K` slices (1 to %d), which run at the same time", tablebase.MaxSlices))
		from := fs.Int("from", 0, "the first level `N` built in slices, those below in one job (default: the first level of a million positions or more)")
		var jobs int
		cli.IntVar(fs, &jobs, "j", 1, 1, tablebase.MaxWorkers, "`N` worker goroutines of each job, the CPUs Slurm gives it")
		local := fs.Bool("local", false, "run the slices as processes of this machine instead of Slurm jobs")
		bin := fs.String("oware", "", "the oware command the jobs run, at a `PATH` they all see (default: this one)")
		sbatch := fs.String("sbatch", "", "more `ARGS` for every sbatch, such as \"--partition=big --time=24:00:00\"")
		out := fs.String("o", "", "write the script to `FILE` instead of the standard output")
		return func(ctx context.Context, s cli.Streams, args []string) error {
			switch {
			case len(args) > 0:
				return cli.Usagef("unexpected argument %q", args[0])
			case *rulesName == "":
				return cli.Usagef("-rules: required")
			case !cli.IsSet(fs, "seeds"):
				return cli.Usagef("-seeds: required")
			case *seeds < 0 || *seeds > oware.NumSeeds:
				return cli.Usagef("-seeds: want 0 to %d", oware.NumSeeds)
			case *dir == "":
				return cli.Usagef("-dir: required")
			case !cli.IsSet(fs, "slices"):
				return cli.Usagef("-slices: required")
			case *k < 1 || *k > tablebase.MaxSlices:
				return cli.Usagef("-slices: want 1 to %d", tablebase.MaxSlices)
			case *from < 0 || *from > oware.NumSeeds:
				return cli.Usagef("-from: want 0 to %d", oware.NumSeeds)
			case *local && cli.IsSet(fs, "sbatch"):
				return cli.Usagef("-sbatch: not with -local")
			}
			rules, err := tableRules(*rulesName)
			if err != nil {
				return err
			}
			if !cli.IsSet(fs, "from") {
				for *from < oware.NumSeeds && tablebase.Entries(*from) < 1_000_000 {
					*from++
				}
			}
			p := tableplan.Plan{Rules: rules.String(), Seeds: *seeds, From: *from, Slices: *k, Jobs: jobs, Bin: *bin, Dir: *dir, Sbatch: strings.Fields(*sbatch)}
			return writePlan(ctx, s.Stdout, p, *local, *out)
		}
	},
}

// writePlan writes the script of p, for Slurm or with local processes, to
// the file out, or to stdout when out is "". The command and the
// directory are made absolute, p.Bin being this program when "".
func writePlan(ctx context.Context, stdout io.Writer, p tableplan.Plan, local bool, out string) error {
	var err error
	if p.Bin == "" {
		if p.Bin, err = os.Executable(); err != nil {
			return err
		}
	}
	if p.Bin, err = filepath.Abs(p.Bin); err != nil {
		return err
	}
	if p.Dir, err = filepath.Abs(p.Dir); err != nil {
		return err
	}
	script := p.Slurm()
	if local {
		script = p.Local()
	}
	if out == "" {
		_, err = io.WriteString(stdout, script)
		return err
	}
	return outfile.Write(ctx, out, func(w io.Writer) error {
		_, err := fmt.Fprint(w, script)
		return err
	})
}
