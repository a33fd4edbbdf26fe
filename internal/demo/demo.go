// Package demo fills an empty installation with a realistic community to try Vecinos: `vecinos demo`:
// 24 homes, their residents with roles, incidents in every state, events, announcements, chats,
// facilities and a booking, an open consulta and a closed junta vote, providers, tasks and wall posts, and
// a past junta with its signed acta and the next one convened.
// The accounts are written through the store (they skip the confirmation email); everything the members
// then do goes through the API of the instance, in process, so the services' rules and side effects
// (tallies, audit, channels) apply as in real use.
package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/money"
	"vecinos/internal/store"
)

// Password is every demo account's password.
const Password = "Vecinos2026"

// Community is the demo community's name.
const Community = "Residencial Los Almendros"

// Login is one account to try.
type Login struct {
	Name, Email, Role string
}

// resident is one neighbour of the demo: their unit (planta, puerta) and how they live there.
type resident struct {
	name, email, role string // role: what the logins list says
	floor, door       string
	relation          string // owner or tenant
	admin             bool
}

// residents: 24 homes, 6 floors of 4 doors; the first one creates the community and is its president.
var residents = func() []resident {
	names := []string{"Carmen Ruiz", "Jorge Martín", "Lucía Fernández", "Antonio García", "Marta López", "David Sánchez",
		"Elena Romero", "Pablo Navarro", "Isabel Torres", "Sergio Domínguez", "Laura Vázquez", "Raúl Gil",
		"Nuria Serrano", "Alberto Molina", "Cristina Ortega", "Manuel Delgado", "Rosa Castro", "Iván Rubio",
		"Pilar Morales", "Hugo Ortiz", "Silvia Marín", "Óscar Iglesias", "Teresa Medina", "Álvaro Garrido"}
	out := make([]resident, 0, len(names))
	for i, n := range names {
		r := resident{name: n, email: fmt.Sprintf("%s@demo.vecinos.local", emailName(n)), floor: fmt.Sprint(i/4 + 1),
			door: string(rune('A' + i%4)), relation: "owner", role: "propietario"}
		switch {
		case i == 0:
			r.role, r.email, r.admin = "presidenta (administradora)", "presidenta@demo.vecinos.local", true
		case i == 1:
			r.role, r.email, r.admin = "administrador", "admin@demo.vecinos.local", true
		case i%3 == 2:
			r.relation, r.role = "tenant", "inquilino"
		}
		out = append(out, r)
	}
	return out
}()

func emailName(full string) string {
	r := strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "Á", "a", "Ó", "o", "ñ", "n", " ", ".")
	return strings.ToLower(r.Replace(full))
}

// unitsCSV is the registry: 24 homes whose coeficientes add up to 100 (floors 1 to 4 4,25 each, the
// smaller top floors 4,00).
func unitsCSV() string {
	var b strings.Builder
	b.WriteString("Portal;Escalera;Planta;Puerta;Tipo;Coeficiente\n")
	for _, r := range residents {
		coef := "4,25"
		if r.floor == "5" || r.floor == "6" {
			coef = "4,00"
		}
		fmt.Fprintf(&b, "Portal 1;;%s;%s;vivienda;%s\n", r.floor, r.door, coef)
	}
	return b.String()
}

// Seed creates the demo community in db, acting through h (the instance's handler), and returns the
// logins. It refuses when the database already holds a community, unless force.
func Seed(ctx context.Context, db *store.DB, h http.Handler, force bool, now time.Time) ([]Login, error) {
	n, err := db.CommunityCount(ctx)
	if err != nil {
		return nil, err
	}
	if n > 0 && !force {
		return nil, fmt.Errorf("the database already holds %d community or more; the demo is for an empty data directory (use -force to add it anyway)", n)
	}
	hash, err := credentials.NewHasher().Hash(ctx, Password)
	if err != nil {
		return nil, err
	}
	s := &seeder{db: db, h: h, hash: hash, now: now}
	defer s.signOut(ctx)
	var code string
	for i, r := range residents {
		setup := domain.CommunitySetup{JoinCode: code}
		c := &domain.Community{Name: Community, Address: "Calle de los Almendros 24", City: "Madrid", PostalCode: "28039"}
		if i == 0 {
			setup = domain.CommunitySetup{Create: c}
		}
		if err := s.member(ctx, r, setup); err != nil {
			return nil, fmt.Errorf("%s: %w", r.email, err)
		}
		if i == 0 {
			code = c.PublicID
		}
	}
	for _, step := range []func() error{s.units, s.roles, s.incidents, s.events, s.announcements, s.chats, s.facilities, s.polls, s.providers,
		s.tasks, s.maintenance, s.wall, s.documents, s.money, s.juntas, s.closeLastYear} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	logins := make([]Login, 0, len(residents))
	for _, r := range residents {
		logins = append(logins, Login{Name: r.name, Email: r.email, Role: fmt.Sprintf("%s, %sº %s", r.role, r.floor, r.door)})
	}
	return logins, nil
}

type seeder struct {
	db   *store.DB
	h    http.Handler
	hash string
	now  time.Time
	ids  []string // user id per resident
	toks []string // session token per resident
}

// member creates a confirmed account that accepted the terms, in the community, signed in for the seeding.
func (s *seeder) member(ctx context.Context, r resident, setup domain.CommunitySetup) error {
	now := s.now
	u := &domain.User{ID: domain.NewID(), Email: r.email, PasswordHash: s.hash, EmailConfirmedAt: &now, Language: domain.Spanish,
		FullName: r.name, Consent: &domain.Consent{Version: domain.ConsentVersion, AcceptedAt: now}}
	if err := s.db.SeedMember(ctx, u, setup, now); err != nil {
		return err
	}
	tok := credentials.NewToken()
	if err := s.db.CreateSession(ctx, domain.Session{ID: credentials.HashToken(tok), UserID: u.ID, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: now.Add(time.Hour), UserAgent: "vecinos demo"}); err != nil {
		return err
	}
	s.ids, s.toks = append(s.ids, u.ID), append(s.toks, tok)
	return nil
}

// signOut ends the seeding sessions: the members sign in with their password.
func (s *seeder) signOut(ctx context.Context) {
	for _, tok := range s.toks {
		_ = s.db.DeleteSession(ctx, credentials.HashToken(tok))
	}
}

// as calls the API as resident i with a JSON body; out (when not nil) receives the JSON answer.
func (s *seeder) as(i int, method, path string, body, out any) error {
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return err
		}
	}
	return s.send(i, method, path, "application/json", raw, out)
}

// send calls the API as resident i with a body of any type.
func (s *seeder) send(i int, method, path, contentType string, body []byte, out any) error {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: s.toks[i]})
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	if rec.Code >= 300 {
		return fmt.Errorf("%s %s as %s: %d %s", method, path, residents[i].email, rec.Code, rec.Body.String())
	}
	if out != nil {
		return json.Unmarshal(rec.Body.Bytes(), out)
	}
	return nil
}

// units imports the registry and places every resident in their home.
func (s *seeder) units() error {
	if err := s.as(0, "POST", "/api/v1/community/units/import", map[string]any{"csv": unitsCSV()}, nil); err != nil {
		return err
	}
	var reg struct {
		Units []struct{ ID, Name string } `json:"units"`
	}
	if err := s.as(0, "GET", "/api/v1/community/units", nil, &reg); err != nil {
		return err
	}
	byPlace := map[string]string{}
	for _, u := range reg.Units {
		byPlace[u.Name] = u.ID // "1º A"
	}
	for i, r := range residents {
		id, ok := byPlace[r.floor+"º "+r.door]
		if !ok {
			return fmt.Errorf("unit %sº %s missing from the registry %v", r.floor, r.door, reg.Units)
		}
		// The onboarding every member goes through: language and privacy, their home, name and rules.
		for _, step := range []struct {
			path string
			body map[string]any
		}{
			{"/api/v1/onboarding/start", map[string]any{"language": "es", "privacyConsent": true}},
			{"/api/v1/onboarding/choose-unit", map[string]any{"unitId": id, "owner": r.relation == "owner"}},
			{"/api/v1/onboarding/done", map[string]any{"displayName": r.name, "rulesAccepted": true}},
		} {
			if err := s.as(i, "POST", step.path, step.body, nil); err != nil {
				return err
			}
		}
	}
	// The president confirms the owners, as she would after checking the nota simple.
	var claims struct {
		Claims []struct{ ID string } `json:"claims"`
	}
	if err := s.as(0, "GET", "/api/v1/community/owner-claims?status=pending", nil, &claims); err != nil {
		return err
	}
	for _, c := range claims.Claims {
		if err := s.as(0, "POST", "/api/v1/community/owner-claims/"+c.ID+"/review", map[string]any{"decision": "approved"}, nil); err != nil {
			return err
		}
	}
	return nil
}

// roles makes the second resident an administrator (the first, who created the community, already is)
// and a neighbour a moderator of the chats.
func (s *seeder) roles() error {
	for i, r := range residents {
		if r.admin && i > 0 {
			if err := s.as(0, "PUT", "/api/v1/community/members/"+s.ids[i]+"/role", map[string]any{"role": "admin"}, nil); err != nil {
				return err
			}
		}
	}
	return s.as(0, "PUT", "/api/v1/community/members/"+s.ids[4]+"/role", map[string]any{"role": "moderator"}, nil)
}

func (s *seeder) incidents() error {
	list := []struct {
		by, to                                 int
		title, description, location, prio, st string
	}{
		{2, 1, "Gotera en el techo del garaje", "Cae agua junto a la plaza 14 cuando llueve.", "Garaje, planta -1", "high", "open"},
		{5, 1, "Bombilla fundida en el rellano", "La luz del rellano del 3º no enciende.", "Rellano 3º", "low", "open"},
		{7, 1, "El ascensor hace un ruido extraño", "Chirría al pasar por el 4º piso.", "Ascensor", "medium", "in_progress"},
		{9, 0, "Portal sin cerrar bien", "La puerta del portal no encaja y se queda abierta.", "Portal 1", "high", "in_progress"},
		{11, 1, "Humedad en la pared del trastero", "Mancha de humedad en el trastero 6.", "Trasteros", "medium", "resolved"},
		{13, 0, "Papelera rota en el patio", "La papelera del patio está partida.", "Patio interior", "low", "resolved"},
	}
	for _, in := range list {
		body := map[string]any{"title": in.title, "description": in.description, "location": in.location, "priority": in.prio,
			"status": in.st, "assignedTo": s.ids[in.to]}
		if err := s.as(in.by, "POST", "/api/v1/incidents", body, nil); err != nil {
			return err
		}
	}
	return nil
}

func (s *seeder) events() error {
	day := time.Date(s.now.Year(), s.now.Month(), s.now.Day(), 0, 0, 0, 0, time.UTC)
	list := []struct {
		by                        int
		title, description, where string
		in                        int // days from today
		hour, hours               int
	}{
		{0, "Junta general ordinaria", "Aprobación de cuentas y presupuesto del año.", "Local social", 10, 19, 2},
		{3, "Limpieza del patio entre vecinos", "Trae guantes; ponemos bolsas y refrescos.", "Patio interior", 4, 10, 3},
		{6, "Merienda de bienvenida", "Para conocer a los vecinos nuevos del 5º y 6º.", "Azotea", 15, 18, 2},
	}
	for _, e := range list {
		start := day.AddDate(0, 0, e.in).Add(time.Duration(e.hour) * time.Hour)
		body := map[string]any{"title": e.title, "description": e.description, "location": e.where,
			"startAt": start.Format(time.RFC3339), "endAt": start.Add(time.Duration(e.hours) * time.Hour).Format(time.RFC3339)}
		if err := s.as(e.by, "POST", "/api/v1/events", body, nil); err != nil {
			return err
		}
	}
	return nil
}

func (s *seeder) announcements() error {
	list := []map[string]any{
		{"title": "Bienvenidos a Vecinos", "description": "Aquí encontraréis los avisos, las incidencias y las reservas de la comunidad.",
			"type": "general", "priority": "normal", "isPinned": true},
		{"title": "Corte de agua el jueves de 9:00 a 13:00", "description": "El Canal cambia la acometida. Llenad agua la noche anterior.",
			"type": "mantenimiento", "priority": "critico"},
		{"title": "Normas de uso de la azotea", "description": "Horario de 9:00 a 22:00. Recoged al terminar.",
			"type": "normativa", "priority": "normal"},
	}
	for _, a := range list {
		if err := s.as(0, "POST", "/api/v1/announcements", a, nil); err != nil {
			return err
		}
	}
	return nil
}

// chats: a few conversations between neighbours and messages in the community channel.
func (s *seeder) chats() error {
	pairs := []struct {
		from, to int
		lines    []string
	}{
		{2, 3, []string{"Hola Antonio, ¿te llegó un paquete mío?", "Sí, lo tengo yo. Pásate cuando quieras."}},
		{0, 1, []string{"Jorge, ¿revisamos el presupuesto del ascensor?", "Mañana lo miro y te digo."}},
	}
	for _, p := range pairs {
		var conv struct{ ID string }
		if err := s.as(p.from, "POST", "/api/v1/conversations", map[string]any{"userId": s.ids[p.to]}, &conv); err != nil {
			return err
		}
		for k, line := range p.lines {
			who := p.from
			if k%2 == 1 {
				who = p.to
			}
			if err := s.as(who, "POST", "/api/v1/conversations/"+conv.ID+"/messages", map[string]any{"content": line}, nil); err != nil {
				return err
			}
		}
	}
	var channels []struct{ ID, Kind string }
	if err := s.as(0, "GET", "/api/v1/channels", nil, &channels); err != nil {
		return err
	}
	for _, c := range channels {
		if c.Kind != "community" {
			continue
		}
		for i, line := range []string{"¡Bienvenidos todos al canal de la comunidad!", "Gracias Carmen. ¿Alguien tiene una escalera para prestar?",
			"Yo tengo una, 2º B."} {
			if err := s.as([]int{0, 8, 5}[i], "POST", "/api/v1/channels/"+c.ID+"/messages", map[string]any{"content": line}, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// facilities: the common room and the rooftop, with a booking.
func (s *seeder) facilities() error {
	var room struct{ ID string }
	if err := s.as(0, "POST", "/api/v1/facilities", map[string]any{"name": "Sala comunitaria", "description": "Para cumpleaños y reuniones.",
		"capacity": 30, "depositCents": 5000, "rules": "Dejad la sala limpia y recogida."}, &room); err != nil {
		return err
	}
	if err := s.as(0, "POST", "/api/v1/facilities", map[string]any{"name": "Azotea", "description": "Tendederos y barbacoa.",
		"capacity": 15, "rules": "Sin música después de las 22:00."}, nil); err != nil {
		return err
	}
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		return err
	}
	date := s.now.In(madrid).AddDate(0, 0, 5).Format("2006-01-02")
	return s.as(3, "POST", "/api/v1/reservations", map[string]any{"facilityId": room.ID, "date": date, "start": "18:00", "end": "19:00"}, nil)
}

// polls: an open consulta with some votes and a junta vote already closed.
func (s *seeder) polls() error {
	type poll struct {
		ID      string
		Options []struct{ ID string }
	}
	create := func(body map[string]any) (*poll, error) {
		var p poll
		if err := s.as(0, "POST", "/api/v1/polls", body, &p); err != nil {
			return nil, err
		}
		if err := s.as(0, "POST", "/api/v1/polls/"+p.ID+"/publish", nil, &p); err != nil {
			return nil, err
		}
		return &p, nil
	}
	consulta, err := create(map[string]any{"kind": "consulta", "title": "¿Qué color preferís para el portal?", "options": []string{"Blanco", "Gris", "Verde"},
		"closesAt": s.now.Add(7 * 24 * time.Hour).Format(time.RFC3339)})
	if err != nil {
		return err
	}
	junta, err := create(map[string]any{"kind": "junta", "title": "Aprobación de la derrama para el ascensor", "options": []string{"A favor", "En contra", "Abstención"},
		"closesAt": s.now.Add(48 * time.Hour).Format(time.RFC3339), "majority": "simple", "convocatoria": "primera",
		"juntaDate": s.now.Add(-24 * time.Hour).Format(time.RFC3339)})
	if err != nil {
		return err
	}
	for i := range 10 {
		for _, p := range []*poll{consulta, junta} {
			if p == junta && residents[i].relation != "owner" {
				continue // a junta is for the owners
			}
			if len(p.Options) == 0 {
				return fmt.Errorf("poll %s has no options", p.ID)
			}
			if err := s.as(i, "POST", "/api/v1/polls/"+p.ID+"/vote", map[string]any{"optionId": p.Options[i%len(p.Options)].ID}, nil); err != nil {
				return err
			}
		}
	}
	return s.as(0, "POST", "/api/v1/polls/"+junta.ID+"/close", nil, nil)
}

// providers: the sample providers of the spec's services directory.
func (s *seeder) providers() error {
	list := []map[string]any{
		{"name": "Fontanería Rápida Madrid", "category": "plumbing", "phone": "+34911234567", "emergency": true},
		{"name": "Electricistas Castellana", "category": "electricity", "phone": "+34912345678"},
		{"name": "Cerrajería 24h Centro", "category": "locksmith", "phone": "+34913456789", "emergency": true},
		{"name": "Limpiezas Brillo", "category": "cleaning", "phone": "+34914567890"},
		{"name": "Ascensores Elevamás", "category": "lifts", "phone": "+34915678901", "emergency": true},
		{"name": "Clima Confort", "category": "hvac", "phone": "+34916789012"},
	}
	// Neighbours' ratings (by resident), so the list shows stars and comments as it does in use.
	ratings := map[string][]struct {
		by    int
		stars int
		note  string
	}{
		"Fontanería Rápida Madrid": {{3, 5, "Vinieron en una hora un domingo."}, {9, 4, ""}},
		"Limpiezas Brillo":         {{6, 4, "Cumplen con el horario."}},
		"Ascensores Elevamás":      {{0, 3, "Arreglan bien, pero tardan en venir."}, {13, 4, ""}},
	}
	for _, p := range list {
		p["verified"] = true
		var created struct{ ID string }
		if err := s.as(0, "POST", "/api/v1/providers", p, &created); err != nil {
			return err
		}
		for _, r := range ratings[p["name"].(string)] {
			body := map[string]any{"stars": r.stars}
			if r.note != "" {
				body["comment"] = r.note
			}
			if err := s.as(r.by, "PUT", "/api/v1/providers/"+created.ID+"/rating", body, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *seeder) tasks() error {
	due := func(days int) string { return s.now.AddDate(0, 0, days).Format("2006-01-02") }
	for _, t := range []map[string]any{
		{"title": "Limpiar el portal y la escalera", "assignee": "cleaning", "recurrence": "weekly", "priority": "medium", "dueDate": due(3)},
		{"title": "Revisión anual de los extintores", "assignee": "janitor", "recurrence": "yearly", "priority": "high", "dueDate": due(20)},
	} {
		if err := s.as(1, "POST", "/api/v1/tasks", t, nil); err != nil {
			return err
		}
	}
	return nil
}

// maintenance: the lift's inspection due within the month, the extinguishers' contract up to date and the
// low-voltage inspection overdue, so that the list shows each status.
func (s *seeder) maintenance() error {
	ago := func(months, days int) string { return s.now.AddDate(0, -months, -days).Format("2006-01-02") }
	for _, it := range []map[string]any{
		{"name": "Revisión del ascensor", "kind": "inspection", "provider": "Ascensores Almendros", "periodMonths": 24, "lastDone": ago(23, 20)},
		{"name": "Extintores", "kind": "contract", "provider": "Extintores Madrid", "periodMonths": 12, "lastDone": ago(4, 0)},
		{"name": "Inspección eléctrica de baja tensión", "kind": "inspection", "periodMonths": 60, "lastDone": ago(61, 0),
			"notes": "Pedir presupuesto a dos OCA"},
	} {
		if err := s.as(1, "POST", "/api/v1/maintenance", it, nil); err != nil {
			return err
		}
	}
	return nil
}

// wall: a question with a comment and likes, and a discussion.
func (s *seeder) wall() error {
	var post struct{ ID string }
	if err := s.as(10, "POST", "/api/v1/wall", map[string]any{"kind": "question", "body": "¿Alguien conoce un buen pintor para el salón?"}, &post); err != nil {
		return err
	}
	if err := s.as(12, "POST", "/api/v1/wall/"+post.ID+"/comments", map[string]any{"body": "Yo llamé a uno el año pasado, te paso su número."}, nil); err != nil {
		return err
	}
	for _, i := range []int{3, 7, 12} {
		if err := s.as(i, "PUT", "/api/v1/wall/"+post.ID+"/like", map[string]any{"liked": true}, nil); err != nil {
			return err
		}
	}
	return s.as(16, "POST", "/api/v1/wall", map[string]any{"kind": "discussion", "body": "¿Ponemos plantas en el patio? Yo me encargo de regarlas."}, nil)
}

// documents: the minutes of the last junta and the year's accounts, as small PDFs.
func (s *seeder) documents() error {
	var cats struct {
		Categories []struct{ ID, Kind string } `json:"categories"`
	}
	if err := s.as(0, "GET", "/api/v1/documents/categories", nil, &cats); err != nil {
		return err
	}
	byKind := map[string]string{}
	for _, c := range cats.Categories {
		byKind[c.Kind] = c.ID
	}
	year := s.now.Year()
	for _, d := range []struct{ kind, title, file, text string }{
		{"actas", fmt.Sprintf("Acta de la junta ordinaria %d", year-1), "acta-junta.pdf",
			"Se aprueban las cuentas y el presupuesto. Se acuerda revisar el ascensor."},
		{"cuentas", fmt.Sprintf("Cuentas del ejercicio %d", year-1), "cuentas.pdf",
			"Ingresos: cuotas de 24 viviendas. Gastos: limpieza, luz, ascensor y seguro."},
	} {
		cat, ok := byKind[d.kind]
		if !ok {
			return fmt.Errorf("no document category %q", d.kind)
		}
		pdf, err := smallPDF(d.title, d.text)
		if err != nil {
			return err
		}
		q := url.Values{"categoryId": {cat}, "title": {d.title}, "fileName": {d.file}, "visibility": {"all"},
			"date": {s.now.AddDate(0, -1, 0).Format("2006-01-02")}}
		if err := s.send(0, "POST", "/api/v1/documents?"+q.Encode(), "application/pdf", pdf, nil); err != nil {
			return err
		}
	}
	return nil
}

// smallPDF is a one-page PDF with a title and a paragraph.
func smallPDF(title, text string) ([]byte, error) {
	p := fpdf.New("P", "mm", "A4", "")
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.AddPage()
	p.SetFont("Helvetica", "B", 16)
	p.MultiCell(0, 8, tr(title), "", "L", false)
	p.Ln(4)
	p.SetFont("Helvetica", "", 11)
	p.MultiCell(0, 6, tr(Community+". "+text), "", "L", false)
	var b bytes.Buffer
	err := p.Output(&b)
	return b.Bytes(), err
}

// money gives the community last year's accounts (issue #36): two cost-sharing groups besides General,
// an approved budget, its four quarters' receipts, two owners paying by direct debit (one debit returned,
// direct_debits.go), and every receipt paid a few days after its due date but for the last two quarters
// of 3º B and 5º C, who are in debt.
func (s *seeder) money() error {
	var reg struct {
		Units []struct{ ID, Name string } `json:"units"`
	}
	if err := s.as(0, "GET", "/api/v1/community/units", nil, &reg); err != nil {
		return err
	}
	var lift, garage []map[string]any
	for _, u := range reg.Units {
		if !strings.HasPrefix(u.Name, "1º") {
			lift = append(lift, map[string]any{"unitId": u.ID}) // the ground floor's homes pay no lift
		}
		if strings.HasSuffix(u.Name, "A") {
			garage = append(garage, map[string]any{"unitId": u.ID}) // the A doors have a parking space
		}
	}
	groups := map[string]string{}
	for name, shares := range map[string][]map[string]any{"Ascensor": lift, "Garaje": garage} {
		var g struct{ ID string }
		if err := s.as(0, "POST", "/api/v1/money/groups", map[string]any{"name": name, "method": "equal", "shares": shares}, &g); err != nil {
			return err
		}
		groups[name] = g.ID
	}
	year := s.now.Year() - 1
	var b struct{ ID string }
	if err := s.as(0, "POST", "/api/v1/money/budgets", map[string]any{"year": year}, &b); err != nil {
		return err
	}
	lines := []map[string]any{{"concept": "Limpieza", "groupId": domain.GeneralGroupID, "amountCents": 600000},
		{"concept": "Seguro del edificio", "groupId": domain.GeneralGroupID, "amountCents": 240000},
		{"concept": "Mantenimiento del ascensor", "groupId": groups["Ascensor"], "amountCents": 360000},
		{"concept": "Puerta y limpieza del garaje", "groupId": groups["Garaje"], "amountCents": 120000}}
	if err := s.as(0, "PUT", "/api/v1/money/budgets/"+b.ID, map[string]any{"lines": lines}, nil); err != nil {
		return err
	}
	if err := s.as(0, "POST", "/api/v1/money/budgets/"+b.ID+"/approve", map[string]any{"juntaDate": fmt.Sprintf("%d-01-20", year)}, nil); err != nil {
		return err
	}
	unitOf := func(i int) string {
		for _, u := range reg.Units {
			if strings.HasPrefix(u.Name, residents[i].floor+"º") && strings.HasSuffix(u.Name, residents[i].door) {
				return u.ID
			}
		}
		return ""
	}
	sepa, err := s.mandates(year, unitOf)
	if err != nil {
		return err
	}
	for q := 1; q <= 4; q++ {
		if err := s.as(0, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": year, "period": q}, nil); err != nil {
			return err
		}
	}
	var rs struct {
		Items []struct {
			ID, Code, UnitLabel, PeriodKey, DueDate, Method string
			AmountCents                                     int64
		} `json:"items"`
	}
	if err := s.as(0, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", year), nil, &rs); err != nil {
		return err
	}
	// The direct debits are collected by the quarter's remittance; every other receipt is paid by a
	// transfer to the bank a few days after its due date: books() finds them in the bank's statement and
	// reconciles them, which pays them.
	var dueDates []string
	for _, r := range rs.Items {
		if !slices.Contains(dueDates, r.DueDate) {
			dueDates = append(dueDates, r.DueDate)
		}
	}
	slices.Sort(dueDates)
	transfers, err := sepa.remittances(year, dueDates, unitOf(returnedResident))
	if err != nil {
		return err
	}
	for _, r := range rs.Items {
		if r.Method == "direct_debit" {
			continue
		}
		late := strings.HasSuffix(r.PeriodKey, "T3") || strings.HasSuffix(r.PeriodKey, "T4")
		if late && (strings.HasSuffix(r.UnitLabel, "3º B") || strings.HasSuffix(r.UnitLabel, "5º C")) { // labels carry the portal
			continue
		}
		due, err := time.Parse(domain.DateLayout, r.DueDate)
		if err != nil {
			return err
		}
		transfers = append(transfers, bankLine{date: due.AddDate(0, 0, 5).Format(domain.DateLayout), amount: domain.Cents(r.AmountCents),
			concept: "TRANSF " + r.UnitLabel + " RECIBO " + r.Code, kind: "receipt", target: r.ID})
	}
	return s.books(year, groups, transfers)
}

// bankLine is a movement of the demo's bank statement and what it pays (a receipt or an expense); no
// target: a bank charge the books do not have, left in the reconciliation's queue.
type bankLine struct {
	date         string
	amount       domain.Cents
	concept      string
	kind, target string
	receipts     []string // kind "return": the returned receipts the bank charges back
}

// closeLastYear closes last year's accounts (issue #37, ADR 0050), after every step that books in it: the
// liquidación goes to this year's first day, the PDF to Documentos ('Estado de cuentas'), and the accounts
// are approved at a junta of this January (today, early in January), so that the owners can read them.
func (s *seeder) closeLastYear() error {
	year := s.now.Year() - 1
	if err := s.as(0, "POST", fmt.Sprintf("/api/v1/money/year-accounts/%d/close", year), nil, nil); err != nil {
		return err
	}
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		return err
	}
	junta := fmt.Sprintf("%d-01-20", year+1)
	if today := s.now.In(madrid).Format(domain.DateLayout); junta > today {
		junta = today
	}
	return s.as(0, "POST", fmt.Sprintf("/api/v1/money/year-accounts/%d/approve", year), map[string]any{"juntaDate": junta}, nil)
}

// books gives last year the community's bank account and cash box and its expenses (issue #37): the
// monthly cleaning, the lift's quarterly maintenance, the building's insurance and two repairs of the
// garage door, each with its invoice and paid from the bank on its date, and a small purchase paid from
// the cash box. The bank's Norma 43 statement of the year (the owners' transfers, the expenses paid and a
// bank charge) is imported and reconciled: each transfer pays its receipt and each debit its expense, and
// the charge stays in the queue, the one difference between the bank and the books.
func (s *seeder) books(year int, groups map[string]string, transfers []bankLine) error {
	var bank, cash struct{ ID string }
	if err := s.as(0, "POST", "/api/v1/money/accounts", map[string]any{"name": "Cuenta de la comunidad", "kind": "bank",
		"iban": "ES91 2100 0418 4502 0005 1332", "bank": "CaixaBank", "openingDate": fmt.Sprintf("%d-01-01", year),
		"openingCents": 1250000}, &bank); err != nil {
		return err
	}
	if err := s.as(0, "POST", "/api/v1/money/accounts", map[string]any{"name": "Caja", "kind": "cash",
		"openingDate": fmt.Sprintf("%d-01-01", year), "openingCents": 15000}, &cash); err != nil {
		return err
	}
	type expense struct {
		month, day             int
		provider, nif, concept string
		group                  string
		base                   int64
		vat                    int
		account                string
	}
	var es []expense
	for m := 1; m <= 12; m++ {
		es = append(es, expense{m, 28, "Limpiezas Brillo SL", "B12345674", "Limpieza de zonas comunes", domain.GeneralGroupID, 50000, 2100, bank.ID})
	}
	for q := 0; q < 4; q++ {
		es = append(es, expense{q*3 + 2, 10, "Ascensores Altura SA", "A87654321", "Mantenimiento trimestral del ascensor", groups["Ascensor"],
			90000, 2100, bank.ID})
	}
	es = append(es, expense{3, 1, "Seguros Mutua Vecinal", "V11223344", "Póliza del edificio", domain.GeneralGroupID, 240000, 0, bank.ID},
		expense{5, 14, "Automatismos Puerta SL", "B55667788", "Reparación del motor de la puerta del garaje", groups["Garaje"], 42000, 2100, bank.ID},
		expense{10, 3, "Automatismos Puerta SL", "B55667788", "Mando y célula fotoeléctrica", groups["Garaje"], 9000, 2100, bank.ID},
		expense{6, 20, "Ferretería del barrio", "", "Bombillas del portal", domain.GeneralGroupID, 2400, 2100, cash.ID})
	for _, e := range es {
		date := time.Date(year, time.Month(e.month), e.day, 0, 0, 0, 0, time.UTC).Format(domain.DateLayout)
		var out struct {
			ID           string
			PayableCents int64 `json:"payableCents"`
		}
		if err := s.as(0, "POST", "/api/v1/money/expenses", map[string]any{"date": date, "providerName": e.provider, "nif": e.nif,
			"concept": e.concept, "groupId": e.group, "baseCents": e.base, "vatRate": e.vat}, &out); err != nil {
			return err
		}
		// Each invoice but the shop's ticket is filed in Documentos under 'Facturas'.
		if e.nif != "" {
			pdf, err := smallPDF("Factura de "+e.provider, fmt.Sprintf("%s, %s. NIF %s.", e.concept, date, e.nif))
			if err != nil {
				return err
			}
			q := url.Values{"fileName": {"factura-" + date + ".pdf"}}
			if err := s.send(0, "POST", "/api/v1/money/expenses/"+out.ID+"/invoice?"+q.Encode(), "application/pdf", pdf, nil); err != nil {
				return err
			}
		}
		if e.account == bank.ID {
			transfers = append(transfers, bankLine{date: date, amount: -domain.Cents(out.PayableCents),
				concept: "PAGO FACTURA " + strings.ToUpper(e.provider), kind: "expense", target: out.ID})
			continue
		}
		if err := s.as(0, "POST", "/api/v1/money/expenses/"+out.ID+"/payments", map[string]any{"accountId": e.account, "date": date,
			"amountCents": out.PayableCents}, nil); err != nil {
			return err
		}
	}
	return s.bankStatement(year, bank.ID, append(transfers, bankLine{date: fmt.Sprintf("%d-12-31", year), amount: -1815,
		concept: "COMISION MANTENIMIENTO CUENTA"}))
}

// bankStatement imports the account's statement of the year, lines in date order, and reconciles each
// line with its target.
func (s *seeder) bankStatement(year int, accountID string, lines []bankLine) error {
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].date < lines[j].date })
	st := money.N43Statement{Bank: "2100", Branch: "0418", Account: "0200051332", Start: fmt.Sprintf("%d-01-01", year),
		End: fmt.Sprintf("%d-12-31", year), Opening: 1250000, Name: "COMUNIDAD PROPIETARIOS"}
	for _, l := range lines {
		st.Movements = append(st.Movements, money.N43Movement{Date: l.date, Amount: l.amount, Concept: l.concept})
	}
	if err := s.as(0, "POST", "/api/v1/money/accounts/"+accountID+"/statements", map[string]any{
		"fileName": fmt.Sprintf("extracto-%d.n43", year), "content": money.WriteNorma43([]money.N43Statement{st})}, nil); err != nil {
		return err
	}
	var movements struct {
		Items []struct {
			ID, Date, Concept string
			AmountCents       int64 `json:"amountCents"`
		} `json:"items"`
	}
	if err := s.as(0, "GET", "/api/v1/money/accounts/"+accountID+"/movements", nil, &movements); err != nil {
		return err
	}
	type key struct {
		date, concept string
		amount        int64
	}
	pending := map[key][]bankLine{}
	for _, l := range lines {
		if l.target != "" {
			k := key{l.date, l.concept, int64(l.amount)}
			pending[k] = append(pending[k], l)
		}
	}
	for _, m := range movements.Items {
		k := key{m.Date, m.Concept, m.AmountCents}
		if len(pending[k]) == 0 {
			continue
		}
		l := pending[k][0]
		pending[k] = pending[k][1:]
		body := map[string]any{"kind": l.kind, "targetId": l.target}
		if len(l.receipts) > 0 {
			body["receiptIds"] = l.receipts
		}
		if err := s.as(0, "POST", "/api/v1/money/movements/"+m.ID+"/reconcile", body, nil); err != nil {
			return err
		}
	}
	for _, left := range pending {
		if len(left) > 0 {
			return fmt.Errorf("demo: %d movements of the statement not found to reconcile (%s)", len(left), left[0].concept)
		}
	}
	return nil
}
