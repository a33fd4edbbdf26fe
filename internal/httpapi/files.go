package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"os"
	"strconv"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/ratelimit"
)

// Uploads and downloads are plain handlers outside the API contract. The upload's body is the raw file,
// read under the bucket's limit as it arrives (a huma operation would buffer the body with one limit per
// operation and answer an oversized file with its own message); downloads are browser GETs of <img src>
// and links, not JSON. See docs/adr/0005-file-storage.md.

// fileUploadResponse is what a successful upload returns.
type fileUploadResponse struct {
	Key string `json:"key"` // {bucket}/{userId}/{timestamp}.{ext}
	URL string `json:"url"` // where the app displays it: /files/{key}
}

// sessionActor is the caller of a plain handler, nil when anonymous or their session is over. err is
// only for failures to find out (the database is down).
func (s *server) sessionActor(r *http.Request) (*domain.Actor, error) {
	c, err := r.Cookie(sessionCookieName)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	a, err := s.Auth.Authenticate(r.Context(), c.Value, r.Header.Get(communityHeader))
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeInternal {
			return nil, err
		}
		return nil, nil
	}
	return a, nil
}

// uploadFile stores the request body as a new file of the caller in a bucket and answers 201 with its key
// and URL. The type comes from the bytes; the size limit holds while reading, so an oversized body is
// refused after at most limit+1 bytes (at once when its Content-Length says so). Each member has an
// hourly allowance (uploadQuota) and the body must arrive within UploadReadTimeout.
func (s *server) uploadFile(w http.ResponseWriter, r *http.Request) {
	a, err := s.sessionActor(r)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	if a == nil {
		writeProblem(w, problemFor(r.Context(), errUnauthenticated))
		return
	}
	b, ok := files.BucketByName(r.PathValue("bucket"))
	if !ok {
		writeProblem(w, problemFor(r.Context(), errNoRoute))
		return
	}
	who := confirmedEmail // the bucket says who may upload: a community's files, its members
	if b.Visibility == files.Community {
		who = members
	}
	if err := s.refusal(r.Context(), "", who, a); err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	data, ok := s.readUpload(w, r, a.UserID, b.MaxBytes, b.SizeError())
	if !ok {
		return
	}
	contentType, ext, err := b.Detect(data)
	if err != nil {
		writeProblem(w, newProblem(r.Context(), http.StatusUnsupportedMediaType, domain.CodeInvalid, err))
		return
	}
	if !s.uploads.allowed(w, r)(s.uploads.charge(r.Context(), a.UserID, int64(len(data)))) {
		return
	}
	data = files.StripMetadata(contentType, data) // a photo's GPS position and camera do not reach other members
	key := b.NewKey(a.UserID, ext, time.Now())
	if err := s.Files.Put(r.Context(), key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	s.Log.InfoContext(r.Context(), "file uploaded", "key", key, "bytes", len(data), "type", contentType, "request_id", requestID(r.Context()))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Location", "/files/"+key)
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(fileUploadResponse{Key: key, URL: "/files/" + key})
}

// The answers to an upload whose body did not arrive whole.
var (
	errUploadTimeout = domain.Errorf(domain.CodeInvalid, "El archivo tardó demasiado en llegar. Comprueba tu conexión e inténtalo de nuevo")
	errUploadBroken  = domain.Errorf(domain.CodeInvalid, "No se pudo recibir el archivo")
)

// readUpload reads the body of an upload of userID under maxBytes (tooLargeErr answers a larger one), as
// it arrives, after counting the attempt in the member's hourly allowance; ok=false means the request was
// answered (nothing is stored: a cancelled upload leaves nothing behind).
func (s *server) readUpload(w http.ResponseWriter, r *http.Request, userID string, maxBytes int64, tooLargeErr *domain.Error) (data []byte, ok bool) {
	tooLarge := func() {
		w.Header().Set("Connection", "close") // the rest of the body is not worth reading
		writeProblem(w, newProblem(r.Context(), http.StatusRequestEntityTooLarge, domain.CodeInvalid, tooLargeErr))
	}
	if r.ContentLength > maxBytes {
		tooLarge()
		return nil, false
	}
	if !s.uploads.allowed(w, r)(s.uploads.admit(r.Context(), userID)) {
		return nil, false
	}
	extendBodyDeadline(w, r, s.UploadReadTimeout)
	// The buffer grows with the bytes that actually arrive, never with what Content-Length claims; and
	// MaxBytesReader reads at most maxBytes+1 bytes of the body and fails past maxBytes.
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBytes)); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			tooLarge()
		case errors.Is(err, os.ErrDeadlineExceeded):
			w.Header().Set("Connection", "close")
			writeProblem(w, newProblem(r.Context(), http.StatusRequestTimeout, domain.CodeInvalid, errUploadTimeout))
		default:
			s.Log.InfoContext(r.Context(), "upload: reading the body failed", "err", err, "request_id", requestID(r.Context()))
			writeProblem(w, newProblem(r.Context(), http.StatusBadRequest, domain.CodeInvalid, errUploadBroken))
		}
		return nil, false
	}
	return buf.Bytes(), true
}

// serveFile answers GET /files/{bucket}/{userId}/{name} to whoever may read it, and 404 to everyone else
// (also when the file does not exist or the path is not one of our keys), so nothing reveals what exists.
func (s *server) serveFile(w http.ResponseWriter, r *http.Request) {
	notFound := func() { writeProblem(w, newProblem(r.Context(), http.StatusNotFound, domain.CodeNotFound, nil)) }
	// Our keys never need escaping: an escaped character (%2F, %2e, …) is somebody probing.
	if r.URL.RawPath != "" {
		notFound()
		return
	}
	k, err := files.ParseKey(r.PathValue("bucket") + "/" + r.PathValue("key"))
	if err != nil {
		notFound()
		return
	}
	if k.Bucket.Visibility != files.Public {
		viewer, err := s.sessionActor(r)
		if err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return
		}
		ownerCommunity := ""
		if viewer != nil && viewer.UserID != k.UserID {
			// An <img src> names no community: the file is the viewer's to read in a community they share
			// with its uploader, one they administer first (ADR 0040).
			shared, role, err := s.Memberships.SharedCommunity(r.Context(), viewer.UserID, k.UserID)
			if err != nil {
				writeProblem(w, problemFor(r.Context(), err))
				return
			}
			v := *viewer
			v.CommunityID, v.Role, ownerCommunity = shared, role, shared
			viewer = &v
		}
		if !k.Bucket.CanRead(viewer, k.UserID, ownerCommunity) {
			notFound()
			return
		}
	}
	rc, info, err := s.Files.Open(r.Context(), k.String())
	if errors.Is(err, files.ErrNotFound) {
		notFound()
		return
	}
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	defer rc.Close()
	// The type is the one we detected at upload, from the extension we chose then; not whatever metadata
	// the object carries.
	files.ServeHeaders(w.Header(), files.TypeOfKey(k.String()), k.Bucket.Visibility)
	if rs, ok := rc.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", info.ModTime, rs) // ranges, If-Modified-Since
		return
	}
	w.Header().Set("Content-Length", strconv.FormatInt(info.Size, 10))
	io.Copy(w, rc)
}

// The members' upload allowance: at most uploadFilesPerHour uploads and uploadMBPerHour MB an hour each.
var (
	uploadFilesPerHour = ratelimit.Rule{Max: 30, Window: time.Hour}
	uploadMBPerHour    = ratelimit.Rule{Max: 200, Window: time.Hour} // counted by started MiB
)

// uploadQuota is the one place where uploads meet the rate limiter: swapping the limiter's
// implementation (per instance in memory today) changes only newUploadQuota.
type uploadQuota struct{ limiter ratelimit.Limiter }

// admit counts one upload attempt of userID, before its body is read.
func (q uploadQuota) admit(ctx context.Context, userID string) (bool, time.Duration, error) {
	return ratelimit.Allow(ctx, q.limiter, "upload:"+userID, uploadFilesPerHour)
}

// charge counts the size of a file of userID about to be stored, by started MiB.
func (q uploadQuota) charge(ctx context.Context, userID string, size int64) (bool, time.Duration, error) {
	for range max((size+1<<20-1)>>20, 1) {
		if ok, wait, err := ratelimit.Allow(ctx, q.limiter, "upload-mb:"+userID, uploadMBPerHour); !ok || err != nil {
			return false, wait, err
		}
	}
	return true, 0, nil
}

// allowed answers the request when the limiter refused it (429) or failed, and reports whether it may go on.
func (q uploadQuota) allowed(w http.ResponseWriter, r *http.Request) func(bool, time.Duration, error) bool {
	return func(ok bool, wait time.Duration, err error) bool {
		switch {
		case err != nil:
			writeProblem(w, problemFor(r.Context(), err))
		case !ok:
			q.refuse(w, r, wait)
		}
		return ok && err == nil
	}
}

// refuse answers 429 with when to try again, in the Retry-After header (seconds) and in the message.
func (q uploadQuota) refuse(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	secs := int64(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.FormatInt(max(secs, 1), 10))
	w.Header().Set("Connection", "close") // the body is not read
	err := domain.Errorf(domain.CodeRateLimited,
		"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en 1 minuto.",
		uploadFilesPerHour.Max, uploadMBPerHour.Max)
	if m := (secs + 59) / 60; m > 1 {
		err = domain.Errorf(domain.CodeRateLimited,
			"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en %d minutos.",
			uploadFilesPerHour.Max, uploadMBPerHour.Max, m)
	}
	writeProblem(w, problemFor(r.Context(), err))
}
