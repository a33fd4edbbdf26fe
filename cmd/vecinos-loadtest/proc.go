package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// The servers expose no metrics (and get no debug endpoint for this): what the kernel says about each
// process, in /proc (Linux), is what an operator sizes a machine by.

// memory is a process's resident memory, in KiB.
type memory struct {
	rss, peak int64 // VmRSS now and VmHWM, the highest VmRSS so far
}

func readMemory(pid int) (memory, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return memory{}, err
	}
	var m memory
	for line := range strings.Lines(string(raw)) {
		name, value, _ := strings.Cut(line, ":")
		kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			m.rss = kb
		case "VmHWM":
			m.peak = kb
		}
	}
	return m, nil
}

// clockTick is the unit of /proc/<pid>/stat's times (USER_HZ, 100 on every Linux architecture we run).
const clockTick = 10 * time.Millisecond

// readCPU is the CPU time (user and system) a process has used so far. Compared with the wall time of
// the messages, it tells whether the cores were the limit.
func readCPU(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields 14 and 15 (utime, stime) count from after the command name, which may hold spaces.
	f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %q %q are not tick counts", pid, f[11], f[12])
	}
	return time.Duration(utime+stime) * clockTick, nil
}
