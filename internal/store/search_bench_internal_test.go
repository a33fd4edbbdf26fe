package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/groupcommit"
)

// The search's word index against the walk and the list, in the store alone (docs/adr/0046): the
// incidents of BENCHMARK.md (2 communities × 20,000, "agua" in one of 20), CPU of this process per query.
//
//	go test -run XXX -bench WordIndex -benchtime 2000x ./internal/store
func BenchmarkWordIndex(b *testing.B) {
	ctx := context.Background()
	db, err := Open(ctx, "", b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	desc := string([]rune(strings.Repeat("Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 3))[:260])
	titles := []string{"Bombilla fundida en el portal", "Ruido en el patio por la noche", "Puerta del garaje atascada",
		"Ascensor fuera de servicio", "Humedad en el techo del trastero", "Grafiti en la fachada",
		"Interfono sin sonido", "Baldosa suelta en la escalera", "Contenedor de basura roto", "Luz del rellano parpadea"}
	incident := func(c string, i int, at time.Time) domain.Incident {
		title := fmt.Sprintf("%s #%d", titles[i%10], i)
		if i%20 == 0 {
			title = fmt.Sprintf("Fuga de agua #%d", i)
		}
		return domain.Incident{ID: domain.NewID(), CommunityID: c, Title: title, Description: desc, Priority: domain.PriorityLow,
			Status: domain.IncidentOpen, CreatedAt: at, UpdatedAt: at}
	}
	base := time.Now().Add(-24 * time.Hour)
	for _, c := range []string{"c1", "c2"} {
		if _, err := db.writer().exec(ctx, "INSERT INTO communities (id, public_id, name, created_at, updated_at) VALUES (?, ?, ?, 0, 0)", c, "P"+c, c); err != nil {
			b.Fatal(err)
		}
		for k := 0; k < 20000; k += 1000 {
			var ins []domain.Incident
			for i := k; i < k+1000; i++ {
				ins = append(ins, incident(c, i, base.Add(time.Duration(i)*time.Second)))
			}
			if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateIncidents(ctx, ins) }); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := db.Analyze(ctx); err != nil {
		b.Fatal(err)
	}
	q, args := incidentListQuery(db.engine, "c1", domain.IncidentFilter{Search: "agua", Limit: 21}, 1)
	plan, _ := db.explain(ctx, "EXPLAIN QUERY PLAN "+q, args...)
	b.Log(plan)
	walk := func(f domain.IncidentFilter) error {
		q, args := incidentListQuery(db.engine, "c1", f, 0)
		_, err := queryAll(ctx, db.reader(), values(scanIncident), q, args...)
		return err
	}
	list := func(f domain.IncidentFilter) error {
		_, err := db.ListIncidents(ctx, "c1", f)
		return err
	}
	for _, c := range []struct {
		name string
		run  func(domain.IncidentFilter) error
		f    domain.IncidentFilter
	}{
		{"list", list, domain.IncidentFilter{Limit: 21}},
		{"search agua index", list, domain.IncidentFilter{Search: "agua", Limit: 21}},
		{"search agua walk", walk, domain.IncidentFilter{Search: "agua", Limit: 21}},
		{"search rare index", list, domain.IncidentFilter{Search: "zumbido", Limit: 21}},
	} {
		b.Run(c.name, func(b *testing.B) {
			if dir := os.Getenv("VECINOS_BENCH_PROFILE"); dir != "" {
				f, err := os.Create(filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".pprof"))
				if err != nil {
					b.Fatal(err)
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					b.Fatal(err)
				}
				defer pprof.StopCPUProfile()
			}
			cpu := processCPUTime()
			for range b.N {
				if err := c.run(c.f); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((processCPUTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
	// Inserts: a batch of 32 incidents as the API's grouped commit writes them, and the word index's part.
	n := 0
	batch := func(words bool) error {
		return db.inTx(ctx, func(tx conn) error {
			var calls []*groupcommit.Call[incidentWrite]
			var rows []incidentWordRows
			for range 32 {
				n++
				in := incident("c1", n, time.Now())
				calls = append(calls, &groupcommit.Call[incidentWrite]{Arg: incidentWrite{in: &in}})
				rows = append(rows, incidentWordRows{in.CommunityID, ms(in.CreatedAt), in.ID, searchWords(domain.SearchText(in.Title, in.Description))})
			}
			if words {
				return addIncidentWords(ctx, tx, rows)
			}
			return writeIncidents(ctx, tx, calls)
		})
	}
	for _, c := range []struct {
		name  string
		words bool
	}{{"insert 32", false}, {"index words of 32", true}} {
		b.Run(c.name, func(b *testing.B) {
			if dir := os.Getenv("VECINOS_BENCH_PROFILE"); dir != "" {
				f, err := os.Create(filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".pprof"))
				if err != nil {
					b.Fatal(err)
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					b.Fatal(err)
				}
				defer pprof.StopCPUProfile()
			}
			cpu := processCPUTime()
			for range b.N {
				if err := batch(c.words); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((processCPUTime()-cpu).Microseconds())/float64(b.N)/32, "cpu-µs/incident")
		})
	}
}

// processCPUTime is the user + system CPU time this process has used.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
