package httpapi

import (
	"context"
	"net/http"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/juntas"
)

// Representation for the whole junta (art. 15.1 LPH): an owner signs it in the app, or a signed paper is
// uploaded (by the owner, then checked by an admin; or by an admin, checked as recorded).

// JuntaProxy is an owner's representation for the whole junta.
type JuntaProxy struct {
	OwnerID          string     `json:"ownerId"`
	OwnerName        string     `json:"ownerName"`
	DelegateUserID   *string    `json:"delegateUserId" doc:"A member, who votes the points for the owner in the app; null: someone outside the app"`
	DelegateName     string     `json:"delegateName"`
	DelegateIDNumber string     `json:"delegateIdNumber" doc:"DNI or NIE of a delegate outside the app; empty for a member"`
	DocumentID       *string    `json:"documentId" doc:"The signed paper in Documentos (admins only); null when signed in the app"`
	PaperURL         *string    `json:"paperUrl" doc:"Opens the signed paper (admins); null when signed in the app"`
	Status           string     `json:"status" enum:"signed,pending,accepted,rejected"`
	CreatedAt        time.Time  `json:"createdAt"`
	CheckedAt        *time.Time `json:"checkedAt"`
}

func proxyOf(p *domain.JuntaProxy) *JuntaProxy {
	if p == nil {
		return nil
	}
	out := &JuntaProxy{OwnerID: p.OwnerID, OwnerName: p.OwnerName, DelegateUserID: p.DelegateUserID, DelegateName: p.DelegateName,
		DelegateIDNumber: p.DelegateIDNum, DocumentID: p.DocumentID, Status: string(p.Status), CreatedAt: p.CreatedAt, CheckedAt: p.CheckedAt}
	if p.DocumentID != nil && p.PaperVersionID != nil {
		url := documentPath(*p.DocumentID) + "/versions/" + *p.PaperVersionID + "/file?inline=1"
		out.PaperURL = &url
	}
	return out
}

type delegateJuntaInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		DelegateUserID string `json:"delegateUserId,omitempty" maxLength:"64" doc:"A member of the community"`
		Name           string `json:"name,omitempty" maxLength:"200" doc:"Someone outside the app: their full name"`
		IDNumber       string `json:"idNumber,omitempty" maxLength:"20" doc:"Someone outside the app: their DNI or NIE"`
	}
}

func (s *server) delegateJunta(ctx context.Context, in *delegateJuntaInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.Delegate(ctx, a, in.ID, juntas.Delegate{UserID: in.Body.DelegateUserID, Name: in.Body.Name, IDNumber: in.Body.IDNumber})
	return s.junta(ctx, a, in.ID, err)
}

func (s *server) revokeJuntaProxy(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	a := actor(ctx)
	return s.junta(ctx, a, in.ID, s.Juntas.Revoke(ctx, a, in.ID))
}

type reviewJuntaProxyInput struct {
	ID      string `path:"id" maxLength:"64"`
	OwnerID string `path:"ownerId" maxLength:"64"`
	Body    struct {
		Accept bool `json:"accept" doc:"true: the signed paper is valid; false: it is refused"`
	}
}

func (s *server) reviewJuntaProxy(ctx context.Context, in *reviewJuntaProxyInput) (*juntaAttendanceOutput, error) {
	a := actor(ctx)
	if _, err := s.Juntas.Review(ctx, a, in.ID, in.OwnerID, in.Body.Accept); err != nil {
		return nil, err
	}
	return s.juntaAttendance(ctx, &juntaIDInput{ID: in.ID})
}

// uploadJuntaProxyPaper answers POST /api/v1/juntas/{id}/proxies/{ownerId}/paper: the body is the signed
// paper (PDF or image), the query string names the representative (delegateUserId, or name and idNumber)
// and the fileName. The owner uploads their own; an admin, anyone's. The form is checked before the file
// is read.
func (s *server) uploadJuntaProxyPaper(w http.ResponseWriter, r *http.Request) {
	a := s.documentMember(w, r)
	if a == nil {
		return
	}
	q := r.URL.Query()
	id, ownerID := r.PathValue("id"), r.PathValue("ownerId")
	to := juntas.Delegate{UserID: q.Get("delegateUserId"), Name: q.Get("name"), IDNumber: q.Get("idNumber")}
	data, ok := s.receiveDocument(w, r, a, func() error { return s.Juntas.CheckPaper(r.Context(), a, id, ownerID, to) })
	if !ok {
		return
	}
	p, err := s.Juntas.Paper(r.Context(), a, id, ownerID, to, q.Get("fileName"), data)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	writeJSON(w, http.StatusCreated, proxyOf(p))
}
