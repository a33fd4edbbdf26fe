package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/store"
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

// backends reads the CPU time of the PostgreSQL backends that serve one database, by process id, when
// PostgreSQL runs on this machine: the database's side of a request, which the servers' CPU leaves out.
type backends struct{ check *sql.DB }

// backends opens a connection to d that reads its backends' CPU (none on SQLite).
func (d *database) backends(engine store.Engine) (backends, error) {
	if engine != store.Postgres {
		return backends{}, nil
	}
	check, err := openCheck(engine, d)
	return backends{check: check}, err
}

func (b backends) close() {
	if b.check != nil {
		b.check.Close()
	}
}

// cpu is each backend's CPU time so far; nil when a backend's /proc entry cannot be read (PostgreSQL on
// another machine or in a container) or on SQLite (no check).
func (b backends) cpu(ctx context.Context) map[int]time.Duration {
	if b.check == nil {
		return nil
	}
	rows, err := b.check.QueryContext(ctx, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
	if err != nil {
		return nil
	}
	defer rows.Close()
	out := map[int]time.Duration{}
	for rows.Next() {
		var pid int
		if rows.Scan(&pid) != nil {
			return nil
		}
		t, err := readCPU(pid)
		if err != nil {
			return nil
		}
		out[pid] = t
	}
	if rows.Err() != nil {
		return nil
	}
	return out
}

// used is the CPU the backends used from before to after (a backend that started meanwhile, all of its
// own); -1 when either is unknown.
func used(before, after map[int]time.Duration) time.Duration {
	if before == nil || after == nil {
		return -1
	}
	var d time.Duration
	for pid, t := range after {
		d += t - before[pid]
	}
	return d
}
