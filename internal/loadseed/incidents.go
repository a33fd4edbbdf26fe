package loadseed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
)

// The incidents workload of BENCHMARK.md: per community, n incidents titled with one of ten phrases (every
// 20th a water leak, which the search case looks for), a 260-character description, status and priority
// cycling, created by the members in turn, one second apart and ending now.

// titles are the ten phrases of the incident titles.
var titles = [10]string{
	"Bombilla fundida en el portal", "Ruido en el patio por la noche", "Puerta del garaje atascada",
	"Ascensor fuera de servicio", "Humedad en el techo del trastero", "Grafiti en la fachada",
	"Interfono sin sonido", "Baldosa suelta en la escalera", "Contenedor de basura roto", "Luz del rellano parpadea",
}

// Description is the 260 characters of Spanish every seeded incident carries.
var Description = func() string {
	s := strings.Repeat("Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 3)
	return string([]rune(s)[:260])
}()

// Title is the title of the i-th incident; tag tells apart those created by a benchmark from the seeded.
func Title(tag string, i int) string {
	if i%20 == 0 {
		return fmt.Sprintf("Fuga de agua #%s%d", tag, i)
	}
	return fmt.Sprintf("%s #%s%d", titles[i%len(titles)], tag, i)
}

// WorkloadMembers is how many members each community of the workload has.
const WorkloadMembers = 200

// Workload seeds the whole incidents workload: two communities of WorkloadMembers signed-in members with
// n incidents each, then refreshes the planner's statistics. It returns the first community, whose
// members the load signs in as; the second is there so that every query must keep to its community.
func Workload(ctx context.Context, db *store.DB, n int) (*Community, error) {
	var first *Community
	for range 2 {
		c, err := Members(ctx, db, WorkloadMembers)
		if err != nil {
			return nil, err
		}
		if err := Incidents(ctx, db, c.ID, c.UserIDs, n); err != nil {
			return nil, err
		}
		if first == nil {
			first = c
		}
	}
	return first, db.Analyze(ctx)
}

// Incidents adds n incidents to a community, in batches.
func Incidents(ctx context.Context, db *store.DB, communityID string, members []string, n int) error {
	base := time.Now().Add(-time.Duration(n) * time.Second)
	batch := make([]domain.Incident, 0, 1000)
	for i := range n {
		at := base.Add(time.Duration(i) * time.Second)
		batch = append(batch, domain.Incident{ID: domain.NewID(), CommunityID: communityID, Title: Title("", i), Description: Description,
			Status:    []domain.IncidentStatus{domain.IncidentOpen, domain.IncidentInProgress, domain.IncidentResolved}[i%3],
			Priority:  []domain.Priority{domain.PriorityLow, domain.PriorityMedium, domain.PriorityHigh}[(i/3)%3],
			CreatedBy: &members[i%len(members)], AssignedTo: &members[(i+1)%len(members)], CreatedAt: at, UpdatedAt: at})
		if len(batch) == cap(batch) || i == n-1 {
			if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateIncidents(ctx, batch) }); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}
