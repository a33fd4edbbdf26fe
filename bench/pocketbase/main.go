// Command pocketbase-bench runs PocketBase v0.39.11 (pinned in this module's go.mod, apart from Vecinos'
// own go.mod) on the incidents workload of BENCHMARK.md, for the side-by-side comparison of
// `go run ./cmd/vecinos-loadtest -workload pocketbase` (docs/adr/0048-postgresql-search-and-the-pocketbase-comparison.md).
//
// On an empty -dir it creates, through PocketBase's app API:
//   - a `community` text field on the `users` auth collection, and -communities × -members users (the
//     first through app.Save with a password, the others inserted directly with the same hash);
//   - an `incidents` collection (title, description, status, priority, community, creator, created,
//     updated) whose list and view rules keep a member to their community (`community =
//     @request.auth.community`), with PocketBase's best case: indexes on (community, created) and
//     (community, status, created);
//   - -incidents incidents per community shaped as Vecinos' workload (internal/loadseed): every 20th
//     titled "Fuga de agua #i", the others one of ten phrases, a 260-character description, status and
//     priority cycling, one second apart and ending now, inserted directly in one transaction per
//     community (no HTTP, no hooks).
//
// PocketBase's request log (a row per request in auxiliary.db, on by default) is off unless -request-logs:
// Vecinos, as the load command runs it, logs no request either.
//
// It then writes -info (JSON: a member's auth token, their community, the id of one incident of it) and
// serves the API on -http until SIGINT or SIGTERM.
//
// The rule alone cannot use the indexes: PocketBase joins the auth collection for a custom field such as
// @request.auth.community and compares COALESCE(incidents.community, ”) = COALESCE(__auth_users.community,
// ”), which reads every incident (0.7 s a page here). Its best case is the client naming its community
// in the filter as well (`community='community0' && …`): the rule still decides what a member may see,
// and the filter's plain equality seeks the index. The load command sends it so.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The workload of internal/loadseed (kept in step by hand: this module does not import Vecinos).
var titles = [10]string{
	"Bombilla fundida en el portal", "Ruido en el patio por la noche", "Puerta del garaje atascada",
	"Ascensor fuera de servicio", "Humedad en el techo del trastero", "Grafiti en la fachada",
	"Interfono sin sonido", "Baldosa suelta en la escalera", "Contenedor de basura roto", "Luz del rellano parpadea",
}

var description = func() string {
	s := strings.Repeat("Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 3)
	return string([]rune(s)[:260])
}()

func title(i int) string {
	if i%20 == 0 {
		return fmt.Sprintf("Fuga de agua #%d", i)
	}
	return fmt.Sprintf("%s #%d", titles[i%len(titles)], i)
}

// info is what the load command reads once the server is seeded.
type info struct {
	Token     string `json:"token"`     // a member of the first community
	Community string `json:"community"` // the member's community, which the requests' filters name
	Incident  string `json:"incident"`  // the newest incident of the first community
	Seeded    string `json:"seeded"`    // how long the seeding took
}

func main() {
	dir := flag.String("dir", "pb_data", "PocketBase's data directory (seeded when empty)")
	addr := flag.String("http", "127.0.0.1:8090", "address to serve on")
	infoFile := flag.String("info", "", "file to write the token and an incident id to, once seeded")
	communities := flag.Int("communities", 2, "communities")
	members := flag.Int("members", 200, "members per community")
	incidents := flag.Int("incidents", 20000, "incidents per community")
	dev := flag.Bool("dev", false, "PocketBase's dev mode: every SQL statement printed")
	requestLogs := flag.Bool("request-logs", false, "keep PocketBase's request log (on by default in PocketBase: a row per request in auxiliary.db)")
	flag.Parse()

	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: *dir, HideStartBanner: true, DefaultDev: *dev})
	if err := app.Bootstrap(); err != nil {
		log.Fatal(err)
	}
	// Vecinos logs no request at the level the load command runs it (warn); PocketBase's best case is
	// without its request log too (Logs.MaxDays = 0, as its settings screen turns it off).
	settings := app.Settings()
	if !*requestLogs {
		settings.Logs.MaxDays = 0
	}
	if err := app.Save(settings); err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	in, err := seed(app, *communities, *members, *incidents)
	if err != nil {
		log.Fatal("seed: ", err)
	}
	in.Seeded = time.Since(start).Round(time.Millisecond).String()
	if *infoFile != "" {
		b, _ := json.Marshal(in)
		if err := os.WriteFile(*infoFile, b, 0o600); err != nil {
			log.Fatal(err)
		}
	}
	err = apis.Serve(app, apis.ServeConfig{HttpAddr: *addr})
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// seed creates the collections and the workload, unless the incidents collection exists already; it
// returns a member's token and an incident of the first community.
func seed(app core.App, communities, members, n int) (*info, error) {
	community := func(c int) string { return fmt.Sprintf("community%d", c) }
	if _, err := app.FindCollectionByNameOrId("incidents"); err != nil {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return nil, err
		}
		users.Fields.Add(&core.TextField{Name: "community"})
		if err := app.Save(users); err != nil {
			return nil, err
		}
		col := core.NewBaseCollection("incidents")
		rule := types.Pointer("@request.auth.id != '' && community = @request.auth.community")
		col.ListRule, col.ViewRule = rule, rule
		col.Fields.Add(
			&core.TextField{Name: "title", Required: true},
			&core.TextField{Name: "description"},
			&core.TextField{Name: "status"},
			&core.TextField{Name: "priority"},
			&core.TextField{Name: "community"},
			&core.TextField{Name: "creator"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		col.AddIndex("idx_incidents_community_created", false, "community, created", "")
		col.AddIndex("idx_incidents_community_status_created", false, "community, status, created", "")
		if err := app.Save(col); err != nil {
			return nil, err
		}

		// The first member through the app API (the password hashed once), the others with its hash.
		first := core.NewRecord(users)
		first.SetEmail("member0-0@example.com")
		first.SetPassword("benchmark-password")
		first.Set("community", community(0))
		first.SetVerified(true)
		if err := app.Save(first); err != nil {
			return nil, err
		}
		hash := first.GetString("password")
		err = app.RunInTransaction(func(tx core.App) error {
			now := types.NowDateTime().String()
			for c := range communities {
				for m := range members {
					if c == 0 && m == 0 {
						continue
					}
					if _, err := tx.DB().Insert("users", dbx.Params{"id": core.GenerateDefaultRandomId(), "email": fmt.Sprintf("member%d-%d@example.com", c, m),
						"emailVisibility": false, "verified": true, "password": hash, "tokenKey": core.GenerateDefaultRandomId() + core.GenerateDefaultRandomId(),
						"name": "", "avatar": "", "community": community(c), "created": now, "updated": now}).Execute(); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		base := time.Now().Add(-time.Duration(n) * time.Second)
		for c := range communities {
			err := app.RunInTransaction(func(tx core.App) error {
				for i := range n {
					at, _ := types.ParseDateTime(base.Add(time.Duration(i) * time.Second))
					if _, err := tx.DB().Insert("incidents", dbx.Params{"id": core.GenerateDefaultRandomId(), "title": title(i), "description": description,
						"status": []string{"open", "in_progress", "resolved"}[i%3], "priority": []string{"low", "medium", "high"}[(i/3)%3],
						"community": community(c), "creator": fmt.Sprintf("member%d-%d", c, i%members),
						"created": at.String(), "updated": at.String()}).Execute(); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
		if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
			return nil, err
		}
	}

	member, err := app.FindAuthRecordByEmail("users", "member0-0@example.com")
	if err != nil {
		return nil, err
	}
	token, err := member.NewAuthToken()
	if err != nil {
		return nil, err
	}
	var newest struct {
		ID string `db:"id"`
	}
	if err := app.DB().NewQuery("SELECT id FROM incidents WHERE community = {:c} ORDER BY created DESC LIMIT 1").
		Bind(dbx.Params{"c": community(0)}).One(&newest); err != nil {
		return nil, err
	}
	return &info{Token: token, Community: community(0), Incident: newest.ID}, nil
}
