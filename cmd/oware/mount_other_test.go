//go:build !linux

package main

import "errors"

// mountTmpfs would mount a tmpfs; here it cannot.
func mountTmpfs(string, int) error { return errors.New("no tmpfs here") }

// unmount would unmount dir.
func unmount(string) {}
