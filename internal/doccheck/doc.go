// Package doccheck holds no code: its tests check the documentation of
// the repository, README.md and the pages of docs/, as the code is
// checked.
//
// Every fenced block of a page is of a kind the tests know, named by its
// info string:
//
//   - go: a snippet, built in a module of its own that uses this one
//     through the replace directive of the README's go.mod block, and run;
//     it prints exactly what its comments say (the comment after a
//     fmt.Println on its line, or the comment lines that follow it).
//   - no info string: a transcript, every line "$ COMMAND" run by sh in a
//     temporary directory that sees the repository's files, with the
//     oware command built from this tree first on the PATH, and its
//     output compared with the lines that follow: "..." stands for any
//     lines, "…" for any text within a line, a line "> TEXT" is typed on
//     the command's standard input once the output before it is printed,
//     and so is what follows the prompt of a move of oware play. A command
//     must succeed unless the next line is "$ echo $?" with its status.
//     In docs/cli.md, which the command writes from its help texts (and
//     cmd/oware's TestCommandReference checks), only the blocks that start
//     with "$ " are transcripts; the others are synopses and flags.
//   - sh: command lines for the reader to type, which the tests do not
//     run but for "oware help" and "oware version" (builds and matches
//     that take the machine for hours, commands for a cluster); each
//     oware command in them is one that "oware help" knows, with flags
//     that its help names.
//   - ogn: a game record, which package ogn reads and replays.
//   - go.mod: the module file of the README's installation, which the
//     snippets are built with.
//   - text: a diagram or a format, shown and not run.
//
// The tests also check that every relative link and anchor leads to a
// file and heading of the repository, that no page names a file outside
// it, that every picture in doc/ is shown, that the README stays within
// 300 lines, and that CI (.ci/run) runs the README's test command as
// written.
//
// The tests need what the README says the module's tests need: Go, with
// the module proxy or a module cache that holds the modules of go.mod (the
// snippets are built in a module of their own, which uses the same
// cache), and python3 for the transcript of oware check (skipped, and
// said so, where it is missing).
package doccheck
