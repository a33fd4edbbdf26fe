package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"vecinos/internal/loadseed"
)

// The side-by-side comparison with PocketBase (-workload pocketbase, docs/adr/0048): Vecinos' HTTP
// workload for the cases that PocketBase can serve too (list, status, search, by id), then PocketBase
// v0.39.11 on the same data (bench/pocketbase, a module of its own pinning that version) under the same
// wrk load, signed in with its auth token, and both tables and their ratios in one report.

// pocketBaseVersion is the version bench/pocketbase/go.mod pins (checked by a test).
const pocketBaseVersion = "v0.39.11"

// comparedCases are the cases of the HTTP workload that PocketBase runs too.
var comparedCases = []string{"a) list", "b) status open", "c) search agua", "d) by id"}

// pocketBaseInfo is what bench/pocketbase writes once it has seeded its data.
type pocketBaseInfo struct {
	Token     string `json:"token"`
	Community string `json:"community"`
	Incident  string `json:"incident"`
	Seeded    string `json:"seeded"`
}

// pocketBaseCases are the requests of comparedCases in PocketBase's records API, its best case: the
// newest first by the indexed created column, skipTotal (otherwise each page also counts every record
// the rule lets the member see), and the member's community named in the filter too. The collection's
// rule keeps a member to their community, but PocketBase compiles it to a COALESCE over a join of the
// auth collection, which no index serves (a scan of every incident, 0.7 s a page); the filter's plain
// equality seeks the (community, created) index, and the rule still decides. `~` is a LIKE '%…%' over
// the field (PocketBase's docs).
func pocketBaseCases(incident, community string) []httpCase {
	list := "/api/collections/incidents/records?perPage=20&sort=-created&skipTotal=1"
	filter := func(f string) string {
		return list + "&filter=" + url.QueryEscape("community='"+community+"'"+f)
	}
	return []httpCase{
		{name: comparedCases[0], path: filter("")},
		{name: comparedCases[1], path: filter(" && status='open'")},
		{name: comparedCases[2], path: filter(" && (title~'agua'||description~'agua')")},
		{name: comparedCases[3], path: "/api/collections/incidents/records/" + url.PathEscape(incident)},
	}
}

// runPocketBase measures Vecinos on o.engines and then PocketBase, and prints both and the ratios.
func runPocketBase(ctx context.Context, o httpOptions, stdout, stderr io.Writer) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return errors.New("wrk is not installed (Debian: apt-get install wrk)")
	}
	startLoad := loadAverage()
	o.only = comparedCases
	var rows []httpRow
	var peaks []string
	for _, engine := range o.engines {
		r, peak, err := measureHTTP(ctx, engine, o, stderr)
		if err != nil {
			return fmt.Errorf("%s: %w", engine, err)
		}
		rows = append(rows, r...)
		peaks = append(peaks, fmt.Sprintf("Vecinos %s %d MB", engine, peak.peak/1024))
	}
	pb, peak, seeded, err := measurePocketBase(ctx, o, stderr)
	if err != nil {
		return fmt.Errorf("pocketbase: %w", err)
	}
	peaks = append(peaks, fmt.Sprintf("PocketBase %d MB", peak.peak/1024))

	fmt.Fprintf(stdout, "wrk -t%d -c%d -d%s --latency --timeout 10s (each case after %s unmeasured), signed in as a member of the first of 2 communities × %d members × %d incidents; "+
		"one server process each. CPU: the server's, per request. PocketBase %s (bench/pocketbase, seeded in %s): the list rule keeps "+
		"a member to their community, indexes on (community, created) and (community, status, created), skipTotal=1 and the community "+
		"in the filter too (its best case).\n\n",
		o.threads, o.connections, o.duration, o.warmup, loadseed.WorkloadMembers, o.incidents, pocketBaseVersion, seeded)
	failed := printHTTPRows(stdout, append(rows, pb...))
	fmt.Fprintln(stdout)
	printRatios(stdout, rows, pb)
	fmt.Fprintf(stdout, "\nserver peak RSS: %s; load average (1, 5, 15 min): %s at the start, %s at the end\n",
		strings.Join(peaks, ", "), startLoad, loadAverage())
	return failed
}

// printRatios writes, per engine of Vecinos and case, its req/s over PocketBase's, and both p99s.
func printRatios(w io.Writer, vecinos, pb []httpRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "engine\tcase\tVecinos req/s\tPocketBase req/s\tratio\tVecinos p99\tPocketBase p99\t")
	for _, v := range vecinos {
		for _, p := range pb {
			if p.name != v.name || v.err != nil || p.err != nil {
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%.0f\t%.0f\t%s\t%s\t%s\t\n", v.engine, v.name, v.perSecond, p.perSecond, ratio(v.perSecond, p.perSecond), ms(v.p99), ms(p.p99))
		}
	}
	tw.Flush()
}

// ratio is a/b with two decimals and a ×; "–" when b is 0.
func ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// measurePocketBase builds bench/pocketbase, lets it seed a fresh data directory and runs the cases.
func measurePocketBase(ctx context.Context, o httpOptions, progress io.Writer) ([]httpRow, memory, string, error) {
	dir, err := os.MkdirTemp("", "vecinos-pocketbase-")
	if err != nil {
		return nil, memory{}, "", err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintf(progress, "pocketbase: building bench/pocketbase (%s)\n", pocketBaseVersion)
	bin, err := buildPocketBase(ctx, dir)
	if err != nil {
		return nil, memory{}, "", err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, memory{}, "", err
	}
	fmt.Fprintf(progress, "pocketbase: seeding 2 × %d members × %d incidents\n", loadseed.WorkloadMembers, o.incidents)
	infoFile, logFile := filepath.Join(dir, "info.json"), filepath.Join(dir, "pocketbase.log")
	logw, err := os.Create(logFile)
	if err != nil {
		return nil, memory{}, "", err
	}
	defer logw.Close()
	cmd := exec.Command(bin, "-dir", filepath.Join(dir, "pb_data"), "-http", addr, "-info", infoFile,
		"-members", strconv.Itoa(loadseed.WorkloadMembers), "-incidents", strconv.Itoa(o.incidents))
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, memory{}, "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}()
	info, err := waitPocketBase(ctx, addr, infoFile, done, 5*time.Minute)
	if err != nil {
		b, _ := os.ReadFile(logFile)
		return nil, memory{}, "", fmt.Errorf("%w; its log:\n%s", err, b[max(0, len(b)-4000):])
	}
	if err := checkPocketBase(ctx, addr, info); err != nil {
		return nil, memory{}, "", err
	}
	var rows []httpRow
	for _, c := range pocketBaseCases(info.Incident, info.Community) {
		fmt.Fprintf(progress, "pocketbase: %s for %s\n", c.name, o.duration)
		row := httpRow{engine: "pocketbase", name: c.name, dbCPU: -1, serverP99: -1}
		args := []string{"-t", strconv.Itoa(o.threads), "-c", strconv.Itoa(o.connections), "-d", o.duration.String(),
			"--latency", "--timeout", "10s", "-H", "Authorization: " + info.Token}
		if err := warmUp(ctx, o, c, args, "http://"+addr+c.path); err != nil {
			return nil, memory{}, "", err
		}
		cpu, _ := readCPU(cmd.Process.Pid)
		out, err := exec.CommandContext(ctx, "wrk", append(args, "http://"+addr+c.path)...).CombinedOutput()
		if err != nil {
			row.err = fmt.Errorf("wrk: %v\n%s", err, out)
		} else if row.wrkResult, row.err = parseWrk(string(out)); row.err == nil && row.errors > 0 {
			row.err = fmt.Errorf("%d of %d requests failed; wrk printed:\n%s", row.errors, row.requests, out)
		}
		if after, err := readCPU(cmd.Process.Pid); err == nil {
			row.serverCPU = after - cpu
		}
		rows = append(rows, row)
	}
	peak, _ := readMemory(cmd.Process.Pid)
	return rows, peak, info.Seeded, nil
}

// buildPocketBase compiles bench/pocketbase (its own module: PocketBase stays out of Vecinos' go.mod)
// into dir. The module is found next to Vecinos' go.mod, so that this works from any directory of it.
func buildPocketBase(ctx context.Context, dir string) (string, error) {
	gomod, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(gomod)) == "" || strings.TrimSpace(string(gomod)) == os.DevNull {
		return "", fmt.Errorf("go env GOMOD: run this from Vecinos' checkout (%v)", err)
	}
	bin := filepath.Join(dir, "pocketbase-bench")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", bin, ".")
	cmd.Dir = filepath.Join(filepath.Dir(strings.TrimSpace(string(gomod))), "bench", "pocketbase")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build in %s: %v\n%s", cmd.Dir, err, out)
	}
	return bin, nil
}

// waitPocketBase waits until PocketBase has written its info file (seeding done) and answers its health
// check.
func waitPocketBase(ctx context.Context, addr, infoFile string, done <-chan error, limit time.Duration) (*pocketBaseInfo, error) {
	deadline := time.Now().Add(limit)
	for {
		if b, err := os.ReadFile(infoFile); err == nil {
			if info, err := parsePocketBaseInfo(b); err == nil {
				if res, err := http.Get("http://" + addr + "/api/health"); err == nil {
					res.Body.Close()
					if res.StatusCode == http.StatusOK {
						return info, nil
					}
				}
			}
		}
		select {
		case err := <-done:
			return nil, fmt.Errorf("pocketbase exited: %v", err)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("pocketbase not ready after %v", limit)
		}
	}
}

// parsePocketBaseInfo reads bench/pocketbase's info file; a file half written does not parse.
func parsePocketBaseInfo(b []byte) (*pocketBaseInfo, error) {
	var info pocketBaseInfo
	if err := json.Unmarshal(b, &info); err != nil {
		return nil, err
	}
	if info.Token == "" || info.Incident == "" || info.Community == "" {
		return nil, errors.New("pocketbase info: no token, community or incident")
	}
	return &info, nil
}

// checkPocketBase checks that the cases answer what Vecinos' answer: a page of 20 of the member's
// community, newest first, the open ones, those with "agua", and that the rule hides the records from
// the anonymous.
func checkPocketBase(ctx context.Context, addr string, info *pocketBaseInfo) error {
	get := func(path, token string, into any) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+path, nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(res.Body)
			return fmt.Errorf("GET %s: %d %s", path, res.StatusCode, b)
		}
		return json.NewDecoder(res.Body).Decode(into)
	}
	type record struct{ ID, Title, Status, Community, Created string }
	cases := pocketBaseCases(info.Incident, info.Community)
	for i, c := range cases[:3] {
		var page struct{ Items []record }
		if err := get(c.path, info.Token, &page); err != nil {
			return err
		}
		if len(page.Items) != 20 {
			return fmt.Errorf("pocketbase %s: %d records, want 20", c.name, len(page.Items))
		}
		for k, r := range page.Items {
			switch {
			case r.Community != info.Community:
				return fmt.Errorf("pocketbase %s: a record of %s", c.name, r.Community)
			case k > 0 && r.Created > page.Items[k-1].Created:
				return fmt.Errorf("pocketbase %s: not newest first", c.name)
			case i == 1 && r.Status != "open", i == 2 && !strings.Contains(r.Title, "agua"):
				return fmt.Errorf("pocketbase %s: %+v", c.name, r)
			}
		}
	}
	var one record
	if err := get(cases[3].path, info.Token, &one); err != nil || one.ID != info.Incident {
		return fmt.Errorf("pocketbase %s: %+v, %v", cases[3].name, one, err)
	}
	// The rule decides, not the filter: the anonymous, or a member asking for another community, get nothing.
	for _, other := range []struct{ path, token string }{{cases[0].path, ""}, {pocketBaseCases("", "community1")[0].path, info.Token}} {
		var page struct{ Items []record }
		if err := get(other.path, other.token, &page); err != nil || len(page.Items) != 0 {
			return fmt.Errorf("pocketbase: %s has %d records (%v)", other.path, len(page.Items), err)
		}
	}
	return nil
}
