package demo

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"time"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/juntas"
	"vecinos/internal/voting"
)

// juntas gives the demo last quarter's ordinary junta, held and its acta signed by the president and the
// secretary (filed in Documentos), and the next one convened. The past junta goes through the juntas and
// voting services on a clock set back to its days (the API cannot act in the past); its acta is filed
// through the API, as a member's upload is; the next junta is convened through the API.
func (s *seeder) juntas() error {
	ctx := context.Background()
	var mu sync.Mutex
	clock := s.now.AddDate(0, 0, -70)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	}
	set := func(t time.Time) {
		mu.Lock()
		defer mu.Unlock()
		clock = t
	}
	communityID, err := s.db.CommunityOfUser(ctx, s.ids[0])
	if err != nil {
		return err
	}
	actor := func(i int) *domain.Actor {
		return &domain.Actor{UserID: s.ids[i], FullName: residents[i].name, CommunityID: communityID, Role: domain.RoleAdmin,
			Language: domain.Spanish, EmailConfirmed: true}
	}
	president, secretary := actor(0), actor(1)
	polls := voting.New(s.db, voting.Options{Now: now})
	svc := juntas.New(s.db, juntas.Options{Polls: polls, Archive: apiArchive{s}, Now: now})

	first := time.Date(s.now.Year(), s.now.Month(), s.now.Day(), 18, 0, 0, 0, time.UTC).AddDate(0, 0, -60)
	j, err := svc.Create(ctx, president, juntas.Input{Kind: domain.JuntaOrdinaria, FirstCall: first, Place: "Portal 1, sala de la planta baja",
		PresidentID: s.ids[0], SecretaryID: s.ids[1]})
	if err != nil {
		return fmt.Errorf("demo junta: %w", err)
	}
	if _, err := svc.Convene(ctx, president, j.ID); err != nil {
		return fmt.Errorf("demo junta: %w", err)
	}
	set(first.Add(31 * time.Minute)) // in second convocatoria, whatever the quorum
	panel, err := svc.Attendance(ctx, secretary, j.ID)
	if err != nil {
		return err
	}
	for i, o := range panel.Attendees {
		m := juntas.Mark{OwnerID: o.UserID, Status: domain.AttendancePresent}
		switch {
		case i%5 == 3:
			m.Status, m.Representative = domain.AttendanceRepresented, "Familiar autorizado"
		case i%4 == 2:
			m.Status = domain.AttendanceAbsent
		}
		if _, err := svc.SetAttendance(ctx, secretary, j.ID, m); err != nil {
			return fmt.Errorf("demo junta attendance: %w", err)
		}
	}
	if j, err = svc.Hold(ctx, secretary, j.ID); err != nil {
		return fmt.Errorf("demo junta: %w", err)
	}
	marks, err := svc.Attendance(ctx, secretary, j.ID)
	if err != nil {
		return err
	}
	for _, p := range j.Points {
		if p.PollID == nil {
			continue
		}
		v, err := polls.Get(ctx, secretary, *p.PollID)
		if err != nil {
			return err
		}
		for i, o := range marks.Attendees {
			if o.Status != domain.AttendancePresent && o.Status != domain.AttendanceRepresented {
				continue
			}
			option := v.Poll.Options[0].ID // a favor
			if i%6 == 5 {
				option = v.Poll.Options[1].ID
			}
			if err := svc.RecordVote(ctx, secretary, j.ID, p.ID, o.UserID, option); err != nil {
				return fmt.Errorf("demo junta vote: %w", err)
			}
		}
	}
	set(first.Add(2 * time.Hour))
	if _, err := svc.DraftActa(ctx, secretary, j.ID); err != nil {
		return fmt.Errorf("demo acta: %w", err)
	}
	set(first.AddDate(0, 0, 2))
	if _, err := svc.Sign(ctx, secretary, j.ID); err != nil {
		return fmt.Errorf("demo acta: %w", err)
	}
	if _, err := svc.Sign(ctx, president, j.ID); err != nil {
		return fmt.Errorf("demo acta: %w", err)
	}

	// The next one, convened today through the API for a month ahead.
	next := time.Date(s.now.Year(), s.now.Month(), s.now.Day(), 18, 30, 0, 0, time.UTC).AddDate(0, 0, 30)
	var created struct{ ID string }
	if err := s.as(0, "POST", "/api/v1/juntas", map[string]any{"kind": "extraordinaria", "firstCall": next.Format(time.RFC3339),
		"place": "Portal 1, sala de la planta baja", "presidentId": s.ids[0], "secretaryId": s.ids[1],
		"points": []map[string]any{
			{"title": "Sustitución del ascensor y derrama", "agreement": true, "majority": "three_fifths"},
			{"title": "Instalación de placas solares en la cubierta", "agreement": true, "majority": "one_third"},
			{"title": "Ruegos y preguntas"},
		}}, &created); err != nil {
		return err
	}
	return s.as(0, "POST", "/api/v1/juntas/"+created.ID+"/convene", nil, nil)
}

// apiArchive files the signed acta through the API as the signer, as any upload to Documentos.
type apiArchive struct{ s *seeder }

func (a apiArchive) Categories(context.Context, *domain.Actor) ([]domain.DocumentCategory, error) {
	var cats struct {
		Categories []struct{ ID, Kind string } `json:"categories"`
	}
	if err := a.s.as(0, "GET", "/api/v1/documents/categories", nil, &cats); err != nil {
		return nil, err
	}
	out := make([]domain.DocumentCategory, 0, len(cats.Categories))
	for _, c := range cats.Categories {
		out = append(out, domain.DocumentCategory{ID: c.ID, Kind: domain.CategoryKind(c.Kind)})
	}
	return out, nil
}

func (a apiArchive) Create(_ context.Context, _ *domain.Actor, in documents.UploadInput, data []byte) (*documents.Created, error) {
	q := url.Values{"categoryId": {in.CategoryID}, "title": {in.Title}, "fileName": {in.FileName}, "visibility": {string(in.Visibility)},
		"date": {in.Date}}
	var doc struct{ ID string }
	if err := a.s.send(0, "POST", "/api/v1/documents?"+q.Encode(), "application/pdf", data, &doc); err != nil {
		return nil, err
	}
	return &documents.Created{Document: &domain.Document{ID: doc.ID}}, nil
}

// Discard is never needed by the seeder, whose papers are recorded.
func (a apiArchive) Discard(context.Context, *domain.Actor, string, string) error {
	return fmt.Errorf("demo: discarding a document is not supported")
}

// Visible reads the documents one by one through the API: the seeder attaches few.
func (a apiArchive) Visible(_ context.Context, _ *domain.Actor, ids []string) ([]domain.Document, error) {
	out := make([]domain.Document, 0, len(ids))
	for _, id := range ids {
		var doc struct{ ID, Title string }
		if err := a.s.as(0, "GET", "/api/v1/documents/"+url.PathEscape(id), nil, &doc); err != nil {
			return nil, err
		}
		out = append(out, domain.Document{ID: doc.ID, Title: doc.Title})
	}
	return out, nil
}
