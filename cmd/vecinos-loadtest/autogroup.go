package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Linux's scheduler autogroups (CONFIG_SCHED_AUTOGROUP, on in Debian's kernels) share the CPU between
// sessions first and between a session's threads second. PostgreSQL starts every backend in a session of
// its own (setsid), while the servers and wrk this command starts share its session: with autogroups on,
// each busy backend weighs as much as both servers and the load generator together, and the requests'
// tail measures that split, not the servers (docs/adr/0059). A service on a production host runs in
// its own cgroup, where autogroups do not apply. So the load runs with them off and puts the setting
// back afterwards; -autogroup keep measures with them as they are.

// autogroupSetting is the kernel's switch.
const autogroupSetting = "/proc/sys/kernel/sched_autogroup_enabled"

// autogroupsOff turns the autogroups off through the setting at path when they are on. restore puts
// back what was there (a no-op when nothing changed); note says what was done, for the report ("" when
// they were off already or the kernel has none). When the setting cannot be written (not root), the
// run goes on as it is and note says so.
func autogroupsOff(path string) (restore func() error, note string, err error) {
	nothing := func() error { return nil }
	was, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nothing, "", nil
	}
	if err != nil {
		return nothing, "", err
	}
	was = bytes.TrimSpace(was)
	if string(was) == "0" {
		return nothing, "", nil
	}
	if err := os.WriteFile(path, []byte("0\n"), 0o644); err != nil {
		return nothing, fmt.Sprintf("the kernel's autogroups are on and could not be turned off (%v): each PostgreSQL backend is "+
			"a scheduling group of its own against one for the servers and wrk together, which lengthens the tail; "+
			"run as root, or `sysctl kernel.sched_autogroup_enabled=0` first", err), nil
	}
	restore = func() error { return os.WriteFile(path, append(was, '\n'), 0o644) }
	return restore, "the kernel's autogroups were turned off for this run and are restored after it " +
		"(PostgreSQL's backends are each a session of their own; -autogroup keep measures with them on)", nil
}
