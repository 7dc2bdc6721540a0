package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
)

// help writes the help that "PROGRAM help [COMMAND...]" asks for: the list
// of commands, or a command's help.
func (p *Program) help(w io.Writer, args []string) error {
	if len(args) == 0 || len(args) == 1 && args[0] == "help" {
		p.commandList(w)
		return nil
	}
	cmd, path, rest, err := p.lookup(args)
	if _, ok := err.(*helpRequest); ok {
		return writeHelp(w, path, cmd)
	}
	if cmd != nil && cmd.Commands != nil && len(args) == 1 {
		return writeHelp(w, path, cmd) // "help tablebase"
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return Usagef("want one command, not %s", strings.Join(args, " "))
	}
	return writeHelp(w, path, cmd)
}

// commandList writes the program's usage and its commands.
func (p *Program) commandList(w io.Writer) {
	fmt.Fprintf(w, "usage: %s [command] [flags] [arguments]\n\ncommands:\n", p.Name)
	for _, c := range p.Commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(w, "\n\"%s help COMMAND\" describes a command and its flags.\n", p.Name)
}

// usage writes, after a usage error, the synopsis of cmd (path its words),
// or the list of commands when there is no command.
func (p *Program) usage(w io.Writer, cmd *Command, path string) {
	if cmd == nil {
		fmt.Fprintln(w)
		p.commandList(w)
		return
	}
	writeSynopsis(w, path, cmd)
	fmt.Fprintf(w, "\"%s help %s\" describes the command and its flags.\n", p.Name, strings.TrimPrefix(strings.TrimPrefix(path, p.Name), " "))
}

// synopsis returns the lines of cmd's synopsis, each with its words (path)
// in front.
func synopsis(path string, cmd *Command) []string {
	if cmd.Commands != nil {
		var lines []string
		for _, sub := range cmd.Commands {
			lines = append(lines, synopsis(path+" "+sub.Name, sub)...)
		}
		return lines
	}
	if len(cmd.Usage) == 0 {
		return []string{path}
	}
	lines := make([]string, len(cmd.Usage))
	for i, u := range cmd.Usage {
		lines[i] = path + " " + u
	}
	return lines
}

// writeSynopsis writes "usage: " and the synopsis of cmd.
func writeSynopsis(w io.Writer, path string, cmd *Command) {
	for i, line := range synopsis(path, cmd) {
		if i == 0 {
			fmt.Fprintf(w, "usage: %s\n", line)
		} else {
			fmt.Fprintf(w, "       %s\n", line)
		}
	}
}

// flagDefaults returns the flags of cmd as package flag prints them, or ""
// when it has none.
func flagDefaults(cmd *Command) string {
	if cmd.Flags == nil {
		return ""
	}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	cmd.Flags(fs)
	var b bytes.Buffer
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

// writeHelp writes the help of cmd: its synopsis, its help text and its
// flags, or its subcommands.
func writeHelp(w io.Writer, path string, cmd *Command) error {
	writeSynopsis(w, path, cmd)
	if cmd.Long != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(cmd.Long))
	}
	if flags := flagDefaults(cmd); flags != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", flags)
	}
	if cmd.Commands != nil {
		fmt.Fprintln(w)
		for _, sub := range cmd.Commands {
			fmt.Fprintf(w, "\"%s help %s\" describes %s %s: %s.\n", strings.Fields(path)[0], strings.Join(append(strings.Fields(path)[1:], sub.Name), " "), path, sub.Name, sub.Short)
		}
	}
	return nil
}

// WriteMarkdown writes the command reference of the program in Markdown:
// its introduction, the list of commands, and each command's synopsis,
// help text and flags, as its help shows them. Lines of a help text that
// start with a tab become code blocks; the rest is escaped, so that it
// reads as it does in the terminal.
func (p *Program) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# The `%s` command\n\n", p.Name)
	b.WriteString("<!-- Written by the command from its help texts (go generate ./cmd/oware); do not edit. -->\n\n")
	if p.Long != "" {
		b.WriteString(markdown(p.Long))
	}
	b.WriteString("| Command | What it does |\n| --- | --- |\n")
	for _, c := range p.Commands {
		fmt.Fprintf(&b, "| [`%s %s`](#%s-%s) | %s |\n", p.Name, c.Name, p.Name, c.Name, escape(c.Short))
	}
	b.WriteString("\n")
	var each func(path string, cmd *Command, level int)
	each = func(path string, cmd *Command, level int) {
		fmt.Fprintf(&b, "%s `%s`\n\n", strings.Repeat("#", level), path)
		fmt.Fprintf(&b, "```\n%s\n```\n\n", strings.Join(synopsis(path, cmd), "\n"))
		if cmd.Long != "" {
			b.WriteString(markdown(cmd.Long))
		} else {
			b.WriteString(escape(cmd.Short) + ".\n\n")
		}
		if flags := flagDefaults(cmd); flags != "" {
			fmt.Fprintf(&b, "Flags:\n\n```\n%s```\n\n", flags)
		}
		for _, sub := range cmd.Commands {
			each(path+" "+sub.Name, sub, level+1)
		}
	}
	for _, c := range p.Commands {
		each(p.Name+" "+c.Name, c, 2)
	}
	_, err := io.WriteString(w, strings.TrimSuffix(b.String(), "\n"))
	return err
}

// markdown turns a help text into Markdown: its paragraphs escaped, its
// lines that start with a tab into code blocks.
func markdown(text string) string {
	var b strings.Builder
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	for i := 0; i < len(lines); {
		switch {
		case strings.HasPrefix(lines[i], "\t"):
			b.WriteString("```\n")
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "\t") || lines[i] == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t")); i++ {
				b.WriteString(strings.TrimPrefix(lines[i], "\t") + "\n")
			}
			b.WriteString("```\n\n")
		case strings.TrimSpace(lines[i]) == "":
			i++
		default:
			for ; i < len(lines) && strings.TrimSpace(lines[i]) != "" && !strings.HasPrefix(lines[i], "\t"); i++ {
				b.WriteString(escapeLine(lines[i]) + "\n")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// escapeLine escapes a line of a paragraph, and what would make it a
// heading, a list item or a quotation at its start.
func escapeLine(line string) string {
	line = escape(line)
	trimmed := strings.TrimLeft(line, " ")
	switch {
	case strings.HasPrefix(trimmed, "#"), strings.HasPrefix(trimmed, ">"),
		strings.HasPrefix(trimmed, "- "), strings.HasPrefix(trimmed, "+ "):
		return `\` + trimmed
	}
	if n := len(trimmed) - len(strings.TrimLeft(trimmed, "0123456789")); n > 0 && n < len(trimmed) && (trimmed[n] == '.' || trimmed[n] == ')') {
		return trimmed[:n] + `\` + trimmed[n:]
	}
	return trimmed
}

// escape escapes the characters that Markdown reads as marks within a
// line.
func escape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune("\\`*_[]<>|", c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
