package loadseed

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/store"
)

// The scale workload of issue #35 ("ten thousand buildings, measured"): at scale 1, 10,000 communities of
// 40 units with 2 residents each (800,000 accounts), 5% of the accounts members of a second community,
// 50 offices (organisations) running 200 communities each, 2 million incidents, 5 million messages in the
// communities' chats, and a year of announcements (one a week) and of bookings of each community's hall
// (two a week). Every figure but the shape of a community (40 units, 2 residents) is multiplied by the
// scale.
//
// It writes the schema's tables directly, after the store's own migrations: on PostgreSQL with COPY
// (pgx's CopyFrom) into tables whose secondary indexes are dropped first and built again afterwards (then
// VACUUM and ANALYZE), with
// session_replication_role = replica so that the foreign keys are not checked row by row (the ids are
// generated consistent; the incidents' tallies, which triggers keep, are then counted as the trigger
// counts them); on SQLite with prepared inserts in transactions of scaleBatch rows. Not through the API
// or the store's methods: 800,000 sign-ups would take hours, and every account gets the same password
// hash, computed once.
//
// Not seeded: the incidents' word index (incident_words, incident_vocabulary), which the store fills as it
// writes an incident: a resident's search of their community's incidents would miss the seeded ones. No
// measured case reads it (the office's search reads incidents.search_text).

// Scale sizes at scale 1.
const (
	ScaleCommunities       = 10000
	ScaleUnits             = 40 // per community, at every scale
	ScaleResidentsPerUnit  = 2
	ScaleOfficeCommunities = 200 // communities per office, at every scale (fewer when there are fewer)
	scaleIncidents         = 2_000_000
	scaleMessages          = 5_000_000
	scaleAnnouncements     = 52  // per community: one a week for a year
	scaleReservations      = 104 // per community: two a week for a year
	scaleBatch             = 5000
	// ScalePassword is every seeded account's password.
	ScalePassword = "vecinos-scale-2026"
)

// ScaleSeed is what the measurements need from a seeded scale database.
type ScaleSeed struct {
	Communities, Accounts, Offices int
	Incidents, Messages            int
	Announcements, Reservations    int
	Rows                           int // every row written
	Took                           time.Duration

	Community       string   // the first community, whose residents the resident's cases sign in as
	Channel         string   // its chat
	ResidentTokens  []string // a session of each of its residents (ScaleUnits × ScaleResidentsPerUnit); the first is its admin
	ResidentIDs     []string
	OfficeToken     string // a session of the owner of the first office
	OfficeSize      int    // how many communities the first office runs
	SecondCommunity string // the community 5% of the residents are also members of (for the first community's)
}

// scaleShape is the sizes at a scale.
type scaleShape struct {
	communities, offices, incidents, messages int // incidents and messages per community
}

func shapeOf(scale float64) scaleShape {
	s := scaleShape{communities: max(2, int(float64(ScaleCommunities)*scale+0.5))}
	s.offices = max(1, (s.communities+ScaleOfficeCommunities-1)/ScaleOfficeCommunities)
	s.incidents = scaleIncidents / ScaleCommunities
	s.messages = scaleMessages / ScaleCommunities
	return s
}

// id is a UUIDv7-shaped id whose time is at (so that ids sort as the rows' times, as the app's do) and
// whose other bits are kind and n: deterministic, so that a row can name another without a lookup.
func id(kind byte, at int64, n int) string {
	var b [16]byte
	ms := uint64(at)
	for i := range 6 {
		b[i] = byte(ms >> (40 - 8*i))
	}
	b[6], b[7] = 0x70, kind
	b[8] = 0x80
	for i := range 7 {
		b[15-i] = byte(uint64(n) >> (8 * i))
	}
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

const (
	kUser = iota + 1
	kCommunity
	kUnit
	kChannel
	kMessage
	kIncident
	kAnnouncement
	kFacility
	kReservation
	kOffice
)

var (
	firstNames = []string{"María", "José", "Carmen", "Antonio", "Lucía", "Manuel", "Marta", "Jordi", "Núria", "Francisco",
		"Laura", "David", "Montserrat", "Javier", "Elena", "Pau", "Ana", "Sergio", "Cristina", "Álvaro", "Paula", "Miguel", "Rosa"}
	surnames = []string{"García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Rodríguez", "Puig", "Ruiz",
		"Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Ferrer", "Navarro", "Torres", "Vidal", "Serra", "Castro", "Ortega", "Soler", "Gil"}
	streets = []string{"Calle Mayor", "Avenida de la Constitución", "Carrer de Balmes", "Calle del Sol", "Paseo de Gracia",
		"Calle de Alcalá", "Ronda de Sant Pere", "Calle Real", "Avenida del Puerto", "Carrer de Verdi"}
	cities       = []string{"Madrid", "Barcelona", "Valencia", "Sevilla", "Zaragoza", "Málaga", "Bilbao", "Girona", "Alicante", "Murcia"}
	chatMessages = []string{"Buenos días, ¿alguien sabe a qué hora pasa el técnico del ascensor?",
		"Se ha quedado abierta la puerta del garaje otra vez.", "Gracias por avisar, ya está solucionado.",
		"El jueves hay reunión de la junta, os esperamos a las siete.", "¿Alguien ha perdido unas llaves en el portal?",
		"Mañana cortan el agua de 10 a 12 por obras en la calle.", "Perfecto, muchas gracias.", "Yo puedo ayudar con la mudanza del sábado."}
)

// ScaleSeeder writes the scale workload; New* make one per engine.
type ScaleSeeder struct {
	scale    float64
	shape    scaleShape
	now      time.Time
	hash     string
	progress io.Writer
	seed     *ScaleSeed
	loc      *time.Location
}

// SeedScale migrates the database that url (PostgreSQL) or dataDir (SQLite) names and fills it with the
// scale workload at scale.
func SeedScale(ctx context.Context, engineURL, dataDir string, scale float64, progress io.Writer) (*ScaleSeed, error) {
	if scale <= 0 || scale > 1 {
		return nil, fmt.Errorf("scale %v is not in (0, 1]", scale)
	}
	start := time.Now()
	db, err := store.Open(ctx, engineURL, dataDir)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	db.Close()
	hash, err := credentials.NewHasher().Hash(ctx, ScalePassword)
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		return nil, err
	}
	s := &ScaleSeeder{scale: scale, shape: shapeOf(scale), now: time.Now().UTC().Truncate(time.Millisecond), hash: hash,
		progress: progress, seed: &ScaleSeed{}, loc: loc}
	s.prepareSeed()
	tables := s.tables()
	if engineURL == "" {
		err = s.loadSQLite(ctx, dataDir, tables)
	} else {
		err = s.loadPostgres(ctx, engineURL, tables)
	}
	if err != nil {
		return nil, err
	}
	s.seed.Took = time.Since(start)
	return s.seed, nil
}

func (s *ScaleSeeder) userID(c, j int) string {
	return id(kUser, s.base(), c*ScaleUnits*ScaleResidentsPerUnit+j)
}
func (s *ScaleSeeder) communityID(c int) string { return id(kCommunity, s.base(), c) }
func (s *ScaleSeeder) unitID(c, u int) string   { return id(kUnit, s.base(), c*ScaleUnits+u) }
func (s *ScaleSeeder) channelID(c int) string   { return id(kChannel, s.base(), c) }
func (s *ScaleSeeder) facilityID(c int) string  { return id(kFacility, s.base(), c) }
func (s *ScaleSeeder) officeID(o int) string    { return id(kOffice, s.base(), o) }
func (s *ScaleSeeder) officeOwner(o int) string { return id(kUser, s.base(), 1<<40+o) }

// base is when the accounts and communities were made: a year and a day ago.
func (s *ScaleSeeder) base() int64 { return s.now.AddDate(-1, 0, -1).UnixMilli() }

// second is the other community of the 5% of residents who are members of two: the next one.
func (s *ScaleSeeder) second(c int) int { return (c + 1) % s.shape.communities }

// twoCommunities says whether resident j of community c is also a member of the next community.
func twoCommunities(c, j int) bool { return (c*ScaleUnits*ScaleResidentsPerUnit+j)%20 == 7 }

// office is the office that runs community c.
func (s *ScaleSeeder) office(c int) int { return c / ScaleOfficeCommunities }

func (s *ScaleSeeder) fullName(n int) string {
	return firstNames[n%len(firstNames)] + " " + surnames[(n/7)%len(surnames)] + " " + surnames[(n/3+5)%len(surnames)]
}

// token is the session of user n among those the measurements sign in as: stable for a seed.
func (s *ScaleSeeder) prepareSeed() {
	sh := s.shape
	per := ScaleUnits * ScaleResidentsPerUnit
	s.seed.Communities, s.seed.Offices = sh.communities, sh.offices
	s.seed.Accounts = sh.communities*per + sh.offices
	s.seed.Incidents, s.seed.Messages = sh.communities*sh.incidents, sh.communities*sh.messages
	s.seed.Announcements, s.seed.Reservations = sh.communities*scaleAnnouncements, sh.communities*scaleReservations
	s.seed.Community, s.seed.Channel, s.seed.SecondCommunity = s.communityID(0), s.channelID(0), s.communityID(s.second(0))
	s.seed.OfficeSize = min(ScaleOfficeCommunities, sh.communities)
	for j := range per {
		s.seed.ResidentIDs = append(s.seed.ResidentIDs, s.userID(0, j))
		s.seed.ResidentTokens = append(s.seed.ResidentTokens, credentials.NewToken())
	}
	s.seed.OfficeToken = credentials.NewToken()
}

// table is one table of the seed: its rows for community c (every community in turn), or, once (c = 0),
// when once is set.
type table struct {
	name string
	cols []string
	once bool
	// fill is run on PostgreSQL after the COPY, before the indexes are built again: what the table's
	// triggers would have written, which a COPY under session_replication_role = replica does not run.
	// On SQLite the triggers run with each insert.
	fill string
	rows func(c int, add func(...any))
	n    int // rows written
}

func (s *ScaleSeeder) tables() []*table {
	sh, base := s.shape, s.base()
	now := s.now.UnixMilli()
	per := ScaleUnits * ScaleResidentsPerUnit
	year := int64(365 * 24 * time.Hour / time.Millisecond)
	return []*table{
		{name: "users", cols: []string{"id", "email", "password_hash", "email_confirmed_at", "language", "signup_metadata", "created_at", "updated_at"},
			rows: func(c int, add func(...any)) {
				for j := range per {
					add(s.userID(c, j), fmt.Sprintf("v%d.%d@escala.example.es", c, j), s.hash, base, "es", "{}", base, base)
				}
				if c < sh.offices {
					add(s.officeOwner(c), fmt.Sprintf("despacho%d@escala.example.es", c), s.hash, base, "es", "{}", base, base)
				}
			}},
		{name: "communities", cols: []string{"id", "public_id", "name", "address", "city", "postal_code", "country", "created_by", "created_at", "updated_at", "join_approval"},
			rows: func(c int, add func(...any)) {
				street := fmt.Sprintf("%s %d", streets[c%len(streets)], c/len(streets)+1)
				add(s.communityID(c), publicID(c), "Comunidad "+street, street, cities[c%len(cities)], fmt.Sprintf("%05d", 1000+c%50000),
					domain.DefaultCountry, s.userID(c, 0), base, base, true)
			}},
		{name: "profiles", cols: []string{"id", "full_name", "onboarding_completed", "created_at", "updated_at", "relation", "privacy_accepted_at", "rules_accepted_at", "last_community_id"},
			rows: func(c int, add func(...any)) {
				for j := range per {
					add(s.userID(c, j), s.fullName(c*per+j), true, base, base, "resident", base, base, s.communityID(c))
				}
				if c < sh.offices {
					add(s.officeOwner(c), fmt.Sprintf("Administración %s", surnames[c%len(surnames)]), true, base, base, nil, base, base, nil)
				}
			}},
		{name: "units", cols: []string{"id", "community_id", "unit_number", "floor", "owner_id", "kind", "created_at", "updated_at"},
			// The office search's folded label (migration 0062's trigger).
			fill: "UPDATE units SET search_label = office_fold(COALESCE(building, '') || COALESCE(staircase, '') || unit_number, 1)",
			rows: func(c int, add func(...any)) {
				for u := range ScaleUnits {
					floor := u/4 + 1
					add(s.unitID(c, u), s.communityID(c), fmt.Sprintf("%dº %c", floor, 'A'+u%4), fmt.Sprint(floor), s.userID(c, u*ScaleResidentsPerUnit),
						"vivienda", base, base)
				}
			}},
		{name: "memberships", cols: []string{"user_id", "community_id", "unit_id", "relation", "contact_visible", "joined_at", "office_id"},
			// The office search's folded name and the copy of the name (the triggers of migrations 0062 and 0068),
			// from the profiles written before. office_id, which the triggers of migration 0073 keep, is the office
			// that runs the community (every community's processor is active): on SQLite the triggers set it again
			// once the processors are written.
			fill: "UPDATE memberships m SET search_name = office_fold(p.full_name, 0), full_name = p.full_name FROM profiles p WHERE p.id = m.user_id",
			rows: func(c int, add func(...any)) {
				for j := range per {
					add(s.userID(c, j), s.communityID(c), s.unitID(c, j/ScaleResidentsPerUnit), "resident", false, base, s.officeID(s.office(c)))
					if twoCommunities(c, j) {
						add(s.userID(c, j), s.communityID(s.second(c)), nil, "neighbor", false, base, s.officeID(s.office(s.second(c))))
					}
				}
			}},
		{name: "user_roles", cols: []string{"user_id", "community_id", "role", "created_at"},
			rows: func(c int, add func(...any)) {
				for j := range per {
					role := "user"
					if j == 0 {
						role = "admin"
					}
					add(s.userID(c, j), s.communityID(c), role, base)
					if twoCommunities(c, j) {
						add(s.userID(c, j), s.communityID(s.second(c)), "user", base)
					}
				}
			}},
		{name: "unit_members", cols: []string{"unit_id", "user_id", "relation", "confirmed_at", "created_at"},
			rows: func(c int, add func(...any)) {
				for j := range per {
					rel := "owner"
					if j%ScaleResidentsPerUnit != 0 {
						rel = "family"
					}
					add(s.unitID(c, j/ScaleResidentsPerUnit), s.userID(c, j), rel, base, base)
				}
			}},
		{name: "organisations", cols: []string{"id", "name", "nif", "code", "created_by", "created_at"}, once: true,
			rows: func(_ int, add func(...any)) {
				for o := range sh.offices {
					add(s.officeID(o), fmt.Sprintf("Fincas %s %d, S.L.", surnames[o%len(surnames)], o+1), fmt.Sprintf("B%08d", 10000000+o),
						fmt.Sprintf("DSP%05d", o), s.officeOwner(o), base)
				}
			}},
		{name: "organisation_staff", cols: []string{"organisation_id", "user_id", "rights", "joined_at"}, once: true,
			rows: func(_ int, add func(...any)) {
				for o := range sh.offices {
					add(s.officeID(o), s.officeOwner(o), "owner", base)
				}
			}},
		{name: "community_processors", cols: []string{"community_id", "organisation_id", "status", "invited_by", "invited_at", "accepted_by", "accepted_at"},
			// The copy of the community's name (migration 0076's trigger).
			fill: "UPDATE community_processors cp SET community_name = c.name FROM communities c WHERE c.id = cp.community_id",
			rows: func(c int, add func(...any)) {
				o := s.office(c)
				add(s.communityID(c), s.officeID(o), "active", s.userID(c, 0), base, s.officeOwner(o), base)
			}},
		{name: "sessions", cols: sessionColumns, once: true,
			rows: func(_ int, add func(...any)) {
				for j, t := range s.seed.ResidentTokens {
					add(sessionRow(t, s.seed.ResidentIDs[j], s.now)...)
				}
				add(sessionRow(s.seed.OfficeToken, s.officeOwner(0), s.now)...)
			}},
		{name: "channels", cols: []string{"id", "community_id", "name", "kind", "created_at"},
			rows: func(c int, add func(...any)) {
				add(s.channelID(c), s.communityID(c), domain.CommunityChannelName, "community", base)
			}},
		{name: "facilities", cols: []string{"id", "community_id", "name", "description", "capacity", "hours", "slot_minutes", "min_minutes",
			"max_minutes", "max_per_month", "cancel_hours", "deposit_cents", "needs_approval", "rules", "created_at", "updated_at", "horizon_days"},
			rows: func(c int, add func(...any)) {
				add(s.facilityID(c), s.communityID(c), "Sala comunitaria", "", 1, "[[540,1320],[540,1320],[540,1320],[540,1320],[540,1320],[540,1320],[540,1320]]",
					60, 60, 180, 8, 24, 0, false, "", base, base, 90)
			}},
		// The big ones, written in parallel on PostgreSQL.
		{name: "incidents", cols: []string{"id", "community_id", "title", "description", "priority", "status", "created_by", "assigned_to",
			"search_text", "created_at", "updated_at"},
			rows: func(c int, add func(...any)) {
				n := sh.incidents
				for i := range n {
					at := now - year + int64(i+1)*year/int64(n) - int64(c%997)*1000
					title := Title("", i)
					status := "resolved"
					if i >= n*3/4 || i%9 == 0 { // the last quarter, and some older ones, still open
						status = []string{"open", "in_progress"}[i%2]
					}
					add(id(kIncident, at, c*n+i), s.communityID(c), title, Description, []string{"low", "medium", "high"}[i%3], status,
						s.userID(c, (i*7)%per), s.userID(c, 0), domain.SearchText(title, Description), at, at)
				}
			}},
		{name: "messages", cols: []string{"id", "channel_id", "user_id", "content", "created_at", "search_text", "rev"},
			rows: func(c int, add func(...any)) {
				n := sh.messages
				for i := range n {
					at := now - year + int64(i+1)*year/int64(n) - int64(c%997)*1000
					mid := id(kMessage, at, c*n+i)
					text := chatMessages[(i+c)%len(chatMessages)]
					add(mid, s.channelID(c), s.userID(c, (i*13+c)%per), text, at, domain.SearchText(text), mid)
				}
			}},
		{name: "announcements", cols: []string{"id", "community_id", "title", "description", "status", "priority", "type", "is_pinned", "audience_kind",
			"created_by", "search_text", "created_at", "updated_at"},
			rows: func(c int, add func(...any)) {
				for i := range scaleAnnouncements {
					at := now - year + int64(i+1)*year/scaleAnnouncements - int64(c%997)*1000
					title := fmt.Sprintf("Aviso semanal %d: limpieza de la escalera y recogida de residuos", i+1)
					desc := "Recordamos a los vecinos que la empresa de limpieza pasa los martes y los viernes, y que los contenedores se sacan a partir de las 20:00."
					add(id(kAnnouncement, at, c*scaleAnnouncements+i), s.communityID(c), title, desc, "publicado", "normal",
						[]string{"general", "mantenimiento", "normativa"}[i%3], false, "all", s.userID(c, 0), domain.SearchText(title, desc), at, at)
				}
			}},
		{name: "reservations", cols: []string{"id", "community_id", "facility_id", "unit_id", "user_id", "start_at", "end_at", "month", "exclusive",
			"status", "deposit_cents", "created_at", "updated_at"},
			rows: func(c int, add func(...any)) {
				// Two a week on different days, the last few weeks of them ahead (pending), the rest behind.
				first := time.Date(s.now.Year()-1, s.now.Month(), s.now.Day(), 18, 0, 0, 0, s.loc)
				for i := range scaleReservations {
					day := first.AddDate(0, 0, i/2*7+i%2*3+c%2)
					start, end := day, day.Add(time.Hour)
					status := "confirmed"
					if i >= scaleReservations-4 {
						day = time.Date(s.now.Year(), s.now.Month(), s.now.Day(), 18, 0, 0, 0, s.loc).AddDate(0, 0, 3+i%4*2)
						start, end, status = day, day.Add(time.Hour), "pending"
					}
					u := (i*3 + c) % ScaleUnits
					created := start.Add(-72 * time.Hour).UnixMilli()
					add(id(kReservation, created, c*scaleReservations+i), s.communityID(c), s.facilityID(c), s.unitID(c, u),
						s.userID(c, u*ScaleResidentsPerUnit), start.UnixMilli(), end.UnixMilli(), start.Format("2006-01"), true, status, 0, created, created)
				}
			}},
	}
}

// publicID is community c's code: 8 characters of the codes' alphabet, unique per c.
func publicID(c int) string {
	const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	b := []byte("SC000000")
	for i := 7; i >= 2; i-- {
		b[i] = alphabet[c%len(alphabet)]
		c /= len(alphabet)
	}
	return string(b)
}

// bigTables are written in parallel, each on its own connection, after the others.
var bigTables = map[string]bool{"incidents": true, "messages": true, "announcements": true, "reservations": true}

func (s *ScaleSeeder) logf(format string, args ...any) {
	if s.progress != nil {
		fmt.Fprintf(s.progress, "scale: "+format+"\n", args...)
	}
}

// source is a table's rows, community by community, for pgx's CopyFrom.
type source struct {
	t      *table
	s      *ScaleSeeder
	c      int
	buf    [][]any
	i      int
	cursor []any
}

func (r *source) Next() bool {
	for r.i >= len(r.buf) {
		if r.c >= r.s.shape.communities || (r.t.once && r.c > 0) {
			return false
		}
		r.buf, r.i = r.buf[:0], 0
		r.t.rows(r.c, func(v ...any) { r.buf = append(r.buf, v) })
		r.c++
	}
	r.cursor = r.buf[r.i]
	r.i++
	r.t.n++
	return true
}
func (r *source) Values() ([]any, error) { return r.cursor, nil }
func (r *source) Err() error             { return nil }

func (s *ScaleSeeder) loadPostgres(ctx context.Context, u string, tables []*table) error {
	connect := func() (*pgx.Conn, error) {
		conn, err := pgx.Connect(ctx, u)
		if err != nil {
			return nil, err
		}
		// Replica: no foreign-key checks or triggers per row (see the top of the file).
		_, err = conn.Exec(ctx, "SET session_replication_role = replica; SET maintenance_work_mem = '256MB'; SET synchronous_commit = off")
		return conn, err
	}
	load := func(conn *pgx.Conn, t *table) error {
		start := time.Now()
		// The secondary indexes (not those of a constraint) are built again after the rows.
		rows, err := conn.Query(ctx, `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = 'public' AND tablename = $1
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, t.name)
		if err != nil {
			return err
		}
		indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
			var x [2]string
			return x, r.Scan(&x[0], &x[1])
		})
		if err != nil {
			return err
		}
		// So are the exclusion constraints (the reservations' no-overlap one), a GiST index each.
		rows, err = conn.Query(ctx, `SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint
			WHERE conrelid = $1::regclass AND contype = 'x'`, t.name)
		if err != nil {
			return err
		}
		exclusions, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
			var x [2]string
			return x, r.Scan(&x[0], &x[1])
		})
		if err != nil {
			return err
		}
		for _, x := range indexes {
			if _, err := conn.Exec(ctx, "DROP INDEX "+pgx.Identifier{x[0]}.Sanitize()); err != nil {
				return err
			}
		}
		for _, x := range exclusions {
			if _, err := conn.Exec(ctx, "ALTER TABLE "+pgx.Identifier{t.name}.Sanitize()+" DROP CONSTRAINT "+pgx.Identifier{x[0]}.Sanitize()); err != nil {
				return err
			}
			indexes = append(indexes, [2]string{x[0], "ALTER TABLE " + pgx.Identifier{t.name}.Sanitize() + " ADD CONSTRAINT " +
				pgx.Identifier{x[0]}.Sanitize() + " " + x[1]})
		}
		// The communities' insert trigger (their document categories) must run: 10,000 rows, with their
		// foreign key checked.
		if t.name == "communities" {
			if _, err := conn.Exec(ctx, "SET session_replication_role = origin"); err != nil {
				return err
			}
		}
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{t.name}, t.cols, &source{t: t, s: s}); err != nil {
			return fmt.Errorf("copy %s: %w", t.name, err)
		}
		if t.name == "communities" {
			if _, err := conn.Exec(ctx, "SET session_replication_role = replica"); err != nil {
				return err
			}
		}
		if t.fill != "" {
			if _, err := conn.Exec(ctx, t.fill); err != nil {
				return fmt.Errorf("fill %s: %w", t.name, err)
			}
		}
		copied := time.Since(start)
		for _, x := range indexes {
			if _, err := conn.Exec(ctx, x[1]); err != nil {
				return fmt.Errorf("%s: %w", x[1], err)
			}
		}
		s.logf("%-22s %10d rows, COPY (and fill) %5.1fs, %d indexes %5.1fs", t.name, t.n, copied.Seconds(), len(indexes), (time.Since(start) - copied).Seconds())
		return nil
	}
	conn, err := connect()
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var big []*table
	for _, t := range tables {
		if bigTables[t.name] {
			big = append(big, t)
			continue
		}
		if err := load(conn, t); err != nil {
			return err
		}
	}
	errs := make([]error, len(big))
	var wg sync.WaitGroup
	for i, t := range big {
		wg.Go(func() {
			c, err := connect()
			if err != nil {
				errs[i] = err
				return
			}
			defer c.Close(ctx)
			errs[i] = load(c, t)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	// The incidents' tallies, as the insert trigger counts them (migration 0008), the offices' overview rows,
	// and the planner's figures.
	start := time.Now()
	if _, err := conn.Exec(ctx, `INSERT INTO incident_status_tallies (community_id, status, shard, n)
			SELECT community_id, status, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, status`); err != nil {
		return fmt.Errorf("incident tallies: %w", err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO incident_day_tallies (community_id, day, shard, n)
			SELECT community_id, created_at / 86400000, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, created_at / 86400000`); err != nil {
		return fmt.Errorf("incident day tallies: %w", err)
	}
	// The rows of the offices' overview and their count of open incidents (migration 0076's triggers): the
	// open incidents, pending bookings and juntas convened of the communities they run.
	if _, err := conn.Exec(ctx, `INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
			SELECT organisation_id, community_id, kind, id, at FROM office_overview_source;
		INSERT INTO office_open_incidents (organisation_id, community_id, n)
			SELECT organisation_id, community_id, COUNT(*) FROM office_overview_rows WHERE kind = 'incident' GROUP BY organisation_id, community_id`); err != nil {
		return fmt.Errorf("office overview rows: %w", err)
	}
	// VACUUM as well as ANALYZE: it marks the pages all-visible, which a database in use has long been
	// (autovacuum would do it here too, in the middle of the measurements): without it an index-only scan
	// (the overview's incidents counter) still reads every row from the table.
	if _, err := conn.Exec(ctx, "VACUUM (ANALYZE)"); err != nil {
		return err
	}
	s.logf("tallies and VACUUM (ANALYZE) %.1fs", time.Since(start).Seconds())
	for _, t := range tables {
		s.seed.Rows += t.n
	}
	return nil
}

// loadSQLite writes every table with prepared inserts, scaleBatch rows per transaction, on a connection
// of its own (foreign keys not enforced on it; the triggers run as for the app's writes).
func (s *ScaleSeeder) loadSQLite(ctx context.Context, dataDir string, tables []*table) error {
	path := filepath.Join(dataDir, store.SQLiteFile)
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, t := range tables {
		start := time.Now()
		q := "INSERT INTO " + t.name + " (" + strings.Join(t.cols, ", ") + ") VALUES (?" + strings.Repeat(", ?", len(t.cols)-1) + ")"
		src := &source{t: t, s: s}
		more := true
		for more {
			err := func() error {
				tx, err := db.BeginTx(ctx, nil)
				if err != nil {
					return err
				}
				defer tx.Rollback()
				stmt, err := tx.PrepareContext(ctx, q)
				if err != nil {
					return err
				}
				defer stmt.Close()
				for range scaleBatch {
					if more = src.Next(); !more {
						break
					}
					if _, err := stmt.ExecContext(ctx, src.cursor...); err != nil {
						return fmt.Errorf("%s: %w", t.name, err)
					}
				}
				return tx.Commit()
			}()
			if err != nil {
				return err
			}
		}
		s.logf("%-22s %10d rows %5.1fs", t.name, t.n, time.Since(start).Seconds())
		s.seed.Rows += t.n
	}
	// The statistics as the other seeds leave them (store's Analyze): a plain ANALYZE keeps sqlite_stat4's
	// samples, with which SQLite plans a statement again at every execution (38% of a dashboard's CPU).
	start := time.Now()
	st, err := store.Open(ctx, "", dataDir)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Analyze(ctx); err != nil {
		return err
	}
	s.logf("ANALYZE %.1fs", time.Since(start).Seconds())
	return nil
}

// ReuseScale signs in again on a PostgreSQL database that SeedScale filled and a run kept (the load
// command's -keep, then -reuse): it migrates it (a newer binary's migrations), gives new sessions to the
// owner of the first office and to the residents of the first community (the lowest ids, as SeedScale's
// office 0 and community 0, whose residents have the lowest user ids) and counts what the measurements need.
func ReuseScale(ctx context.Context, engineURL string) (*ScaleSeed, error) {
	db, err := store.Open(ctx, engineURL, "")
	if err != nil {
		return nil, err
	}
	_, err = db.Migrate(ctx)
	db.Close()
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	conn, err := pgx.Connect(ctx, engineURL)
	if err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	seed := &ScaleSeed{OfficeToken: credentials.NewToken()}
	var office, owner string
	if err := conn.QueryRow(ctx, `SELECT s.organisation_id, s.user_id FROM organisation_staff s WHERE s.rights = 'owner'
		ORDER BY s.organisation_id LIMIT 1`).Scan(&office, &owner); err != nil {
		return nil, fmt.Errorf("the first office: %w", err)
	}
	if err := conn.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM communities), (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM organisations),
		(SELECT COUNT(*) FROM community_processors WHERE organisation_id = $1 AND status = 'active'), (SELECT COUNT(*) FROM incidents),
		(SELECT COUNT(*) FROM messages), (SELECT COUNT(*) FROM announcements), (SELECT COUNT(*) FROM reservations)`, office).Scan(
		&seed.Communities, &seed.Accounts, &seed.Offices, &seed.OfficeSize, &seed.Incidents, &seed.Messages, &seed.Announcements,
		&seed.Reservations); err != nil {
		return nil, err
	}
	if err := conn.QueryRow(ctx, `SELECT c.id, ch.id, (SELECT id FROM communities WHERE id > c.id ORDER BY id LIMIT 1)
		FROM communities c JOIN channels ch ON ch.community_id = c.id AND ch.kind = 'community' ORDER BY c.id LIMIT 1`).Scan(
		&seed.Community, &seed.Channel, &seed.SecondCommunity); err != nil {
		return nil, fmt.Errorf("the first community: %w", err)
	}
	rows, err := conn.Query(ctx, "SELECT user_id FROM memberships WHERE community_id = $1 ORDER BY user_id LIMIT $2",
		seed.Community, ScaleUnits*ScaleResidentsPerUnit)
	if err != nil {
		return nil, err
	}
	if seed.ResidentIDs, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		return nil, err
	}
	now := time.Now()
	sessions := [][]any{sessionRow(seed.OfficeToken, owner, now)}
	for _, user := range seed.ResidentIDs {
		seed.ResidentTokens = append(seed.ResidentTokens, credentials.NewToken())
		sessions = append(sessions, sessionRow(seed.ResidentTokens[len(seed.ResidentTokens)-1], user, now))
	}
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"sessions"}, sessionColumns, pgx.CopyFromRows(sessions))
	return seed, err
}

// sessionColumns are those of sessionRow.
var sessionColumns = []string{"id", "user_id", "created_at", "last_seen_at", "expires_at"}

// sessionRow is a session of user opened at now with token, valid for a week: what the measurements sign in with.
func sessionRow(token, user string, now time.Time) []any {
	return []any{credentials.HashToken(token), user, now.UnixMilli(), now.UnixMilli(), now.Add(7 * 24 * time.Hour).UnixMilli()}
}
