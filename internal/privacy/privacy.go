// Package privacy serves the member's rights over their data: the export of everything stored about them
// (RGPD arts. 15 and 20) and the record of their consent to the terms and the privacy policy (art. 7.1).
package privacy

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/ratelimit"
)

// Store is what the service reads and writes.
type Store interface {
	PersonalData(ctx context.Context, userID string) ([]domain.DataSection, error)
	Consents(ctx context.Context, userID string) ([]domain.Consent, error)
	RecordConsent(ctx context.Context, userID string, c domain.Consent) error
}

// Options are the service's collaborators; Files and Limiter are required.
type Options struct {
	Files   files.Storage
	Limiter ratelimit.Limiter
	Now     func() time.Time
	Log     *slog.Logger
}

// Service is the privacy service.
type Service struct {
	store   Store
	files   files.Storage
	limiter ratelimit.Limiter
	now     func() time.Time
	log     *slog.Logger
}

// New returns the service.
func New(st Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{store: st, files: o.Files, limiter: o.Limiter, now: o.Now, log: o.Log}
}

// exportsPerUser bounds the exports: each one reads every record and file of the member.
var exportsPerUser = ratelimit.Rule{Max: 5, Window: time.Hour}

// ConsentStatus is the member's consent: whether they accepted the version in force, and every acceptance.
type ConsentStatus struct {
	Current  string
	Accepted bool
	Records  []domain.Consent
}

// Consent is the caller's consent status.
func (s *Service) Consent(ctx context.Context, a *domain.Actor) (*ConsentStatus, error) {
	records, err := s.store.Consents(ctx, a.UserID)
	if err != nil {
		return nil, err
	}
	st := &ConsentStatus{Current: domain.ConsentVersion, Records: records}
	for _, r := range records {
		st.Accepted = st.Accepted || r.Version == domain.ConsentVersion
	}
	return st, nil
}

// Accept records that the caller accepts version, which must be the one in force (the one they read).
func (s *Service) Accept(ctx context.Context, a *domain.Actor, version string) (*ConsentStatus, error) {
	if version != domain.ConsentVersion {
		return nil, domain.Errorf(domain.CodeConflict, "Las condiciones han cambiado mientras las leías. Vuelve a cargar la página para leer la versión vigente.")
	}
	if err := s.store.RecordConsent(ctx, a.UserID, domain.Consent{Version: version, AcceptedAt: s.now()}); err != nil {
		return nil, err
	}
	return s.Consent(ctx, a)
}

// Export is one member's data, read and ready to be written as a ZIP.
type Export struct {
	userID   string
	at       time.Time
	sections []domain.DataSection
	keys     []string // the member's own files the records point at
	files    files.Storage
	log      *slog.Logger
}

// DataFile is the name of the JSON file in the ZIP.
const DataFile = "mis-datos.json"

// Prepare reads everything stored about the caller; nothing is written yet, so a refusal can still be
// answered as an error. Each member may export a few times an hour.
func (s *Service) Prepare(ctx context.Context, a *domain.Actor) (*Export, error) {
	ok, wait, err := ratelimit.Allow(ctx, s.limiter, "export:"+a.UserID, exportsPerUser)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.Errorf(domain.CodeRateLimited, "Ya has descargado tus datos varias veces. Inténtalo de nuevo en %d minutos.",
			max(int(wait.Round(time.Minute)/time.Minute), 1))
	}
	sections, err := s.store.PersonalData(ctx, a.UserID)
	if err != nil {
		return nil, err
	}
	return &Export{userID: a.UserID, at: s.now(), sections: sections, keys: ownFiles(a.UserID, sections), files: s.files, log: s.log}, nil
}

// fileColumns are the columns whose value names a stored file.
var fileColumns = []string{"avatar_url", "image_url", "document_url", "file_key", "document_key"}

// ownFiles are the keys of the files that the records point at and that userID uploaded (a key is
// {bucket}/{uploader}/{name}), each once.
func ownFiles(userID string, sections []domain.DataSection) []string {
	var keys []string
	seen := map[string]bool{}
	for _, sec := range sections {
		for _, row := range sec.Rows {
			for _, c := range fileColumns {
				v, _ := row[c].(string)
				key := strings.TrimPrefix(v, "/files/")
				parts := strings.Split(key, "/")
				if len(parts) != 3 || parts[1] != userID || files.CheckKey(key) != nil || seen[key] {
					continue
				}
				seen[key] = true
				keys = append(keys, key)
			}
		}
	}
	return keys
}

// FileName is the name the download suggests.
func (e *Export) FileName() string {
	return "vecinos-mis-datos-" + e.at.UTC().Format("2006-01-02") + ".zip"
}

// WriteZip writes the ZIP: DataFile with every record, and the member's files under archivos/.
func (e *Export) WriteZip(ctx context.Context, w io.Writer) error {
	z := zip.NewWriter(w)
	data := map[string]any{}
	for _, sec := range e.sections {
		data[sec.Name] = sec.Rows
	}
	paths := make([]string, 0, len(e.keys))
	for _, k := range e.keys {
		paths = append(paths, "archivos/"+k)
	}
	doc := map[string]any{
		"format":     "vecinos-export-1",
		"exportedAt": e.at.UTC().Format(time.RFC3339),
		"userId":     e.userID,
		"data":       data,
		"files":      paths,
	}
	f, err := z.CreateHeader(&zip.FileHeader{Name: DataFile, Method: zip.Deflate, Modified: e.at})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	for i, k := range e.keys {
		if err := e.copyFile(ctx, z, k, paths[i]); err != nil {
			return err
		}
	}
	return z.Close()
}

// copyFile adds one stored file; a file already gone (a record pointing at a deleted upload) is skipped.
func (e *Export) copyFile(ctx context.Context, z *zip.Writer, key, name string) error {
	r, info, err := e.files.Open(ctx, key)
	if errors.Is(err, files.ErrNotFound) {
		e.log.WarnContext(ctx, "data export: a record points at a missing file", "key", key)
		return nil
	}
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: info.ModTime})
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}
