// Package procgroup runs another program with the processes it starts in
// a group of their own, so that they can all be killed at once: a program
// under test (oware check's subject) or an engine (package uci's Client)
// that starts children of its own leaves none of them running once it is
// killed or has exited.
package procgroup
