package juntas

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
)

// Representation for the whole junta (art. 15.1 LPH): an owner names a member of the community, who then
// votes the points for them in the app, or anyone else by name and DNI/NIE, who attends in the room. The
// owner signs it in the app, or a signed paper is uploaded: by the owner, for an admin to check, or by an
// admin who received it, checked as it is recorded. The paper is filed in Documentos under 'Actas' for the
// admins only, as the acta's annex.

// Delegate is who an owner names: a member (UserID), or someone outside the app (Name and IDNumber).
type Delegate struct {
	UserID   string
	Name     string
	IDNumber string // DNI or NIE
}

var (
	errProxyClosed = domain.Errorf(domain.CodeConflict, "La representación se da entre la convocatoria y el comienzo de la junta")
	errOwnerOnly   = domain.Errorf(domain.CodeForbidden, "Solo un propietario puede delegar su representación")
	errSameProxy   = domain.Errorf(domain.CodeConflict, "Esa persona ya tiene tu representación en esta junta")
	errNoProxy     = domain.Errorf(domain.CodeNotFound, "No hay ninguna representación de ese propietario en esta junta")
)

// AuditProxyChecked is an admin recording or checking a signed paper of representation.
const AuditProxyChecked = "junta.proxy_checked"

// proxyFor checks in and the junta's state and returns the representation of ownerID it describes,
// without its status. Called in the junta's transaction.
func (s *Service) proxyFor(ctx context.Context, j *domain.Junta, a *domain.Actor, ownerID string, in Delegate) (domain.JuntaProxy, error) {
	if j.Status != domain.JuntaConvened || !s.now().Before(j.FirstCall) {
		return domain.JuntaProxy{}, errProxyClosed
	}
	owners, _, err := s.store.JuntaOwners(ctx, j.CommunityID)
	if err != nil {
		return domain.JuntaProxy{}, err
	}
	i := slices.IndexFunc(owners, func(o domain.JuntaOwner) bool { return o.UserID == ownerID })
	if i < 0 {
		if ownerID == a.UserID {
			return domain.JuntaProxy{}, errOwnerOnly
		}
		return domain.JuntaProxy{}, domain.Errorf(domain.CodeInvalid, "Esa persona no es propietaria en la comunidad")
	}
	p := domain.JuntaProxy{OwnerID: ownerID, OwnerName: owners[i].Name, CreatedBy: a.UserID, CreatedAt: s.stamp()}
	in.UserID, in.Name = strings.TrimSpace(in.UserID), strings.TrimSpace(in.Name)
	if in.UserID != "" {
		if in.UserID == ownerID {
			return p, domain.Errorf(domain.CodeInvalid, "No puedes delegar la representación en ti mismo")
		}
		name, err := s.member(ctx, j.CommunityID, in.UserID)
		if err != nil {
			return p, err
		}
		p.DelegateUserID, p.DelegateName = &in.UserID, name
	} else {
		id := domain.NormalizeNIF(in.IDNumber)
		switch {
		case in.Name == "":
			return p, domain.Errorf(domain.CodeInvalid, "Indica el nombre y apellidos de tu representante")
		case utf8.RuneCountInString(in.Name) > maxRepresented:
			return p, domain.Errorf(domain.CodeInvalid, "El nombre del representante no puede superar los %d caracteres", maxRepresented)
		case !domain.ValidIDNumber(id):
			return p, domain.Errorf(domain.CodeInvalid, "El DNI o NIE del representante no es válido: revisa los números y la letra")
		}
		p.DelegateName, p.DelegateIDNum = in.Name, id
	}
	proxies, err := s.store.JuntaProxies(ctx, j.ID)
	if err != nil {
		return p, err
	}
	if k := slices.IndexFunc(proxies, func(x domain.JuntaProxy) bool { return x.OwnerID == ownerID }); k >= 0 &&
		proxies[k].Status != domain.ProxyRejected && sameDelegate(proxies[k], p) {
		return p, errSameProxy
	}
	return p, nil
}

func sameDelegate(a, b domain.JuntaProxy) bool {
	if a.DelegateUserID != nil || b.DelegateUserID != nil {
		return a.DelegateUserID != nil && b.DelegateUserID != nil && *a.DelegateUserID == *b.DelegateUserID
	}
	return a.DelegateIDNum == b.DelegateIDNum
}

// save records p and keeps the vote of the junta's points in step: a member holding a valid
// representation votes for the owner; anything else leaves the owner's own vote.
func (s *Service) save(ctx context.Context, j *domain.Junta, p domain.JuntaProxy) error {
	if err := s.store.SetJuntaProxy(ctx, j.ID, p); err != nil {
		return err
	}
	return s.voteFor(ctx, j, p.OwnerID, &p)
}

func (s *Service) voteFor(ctx context.Context, j *domain.Junta, ownerID string, p *domain.JuntaProxy) error {
	delegate := ""
	if p != nil && p.Status.Valid() && p.DelegateUserID != nil {
		delegate = *p.DelegateUserID
	}
	day := j.FirstCall.In(s.zone(ctx, j.CommunityID)).Format(time.DateOnly)
	return s.store.SetJuntaDelegation(ctx, j.CommunityID, day, ownerID, delegate, s.stamp())
}

// inJunta runs fn on the junta locked, then announces the change.
func (s *Service) inJunta(ctx context.Context, a *domain.Actor, id string, fn func(ctx context.Context, j *domain.Junta) error) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		j, err := s.lock(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		return fn(ctx, j)
	})
	if err == nil {
		s.changed(a.CommunityID, Area, id)
	}
	return err
}

// Delegate records the caller's representation for the junta, signed by them in the app.
func (s *Service) Delegate(ctx context.Context, a *domain.Actor, id string, in Delegate) (*domain.JuntaProxy, error) {
	var p domain.JuntaProxy
	err := s.inJunta(ctx, a, id, func(ctx context.Context, j *domain.Junta) error {
		var err error
		if p, err = s.proxyFor(ctx, j, a, a.UserID, in); err != nil {
			return err
		}
		p.Status = domain.ProxySigned
		return s.save(ctx, j, p)
	})
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// Revoke withdraws the caller's representation before the junta begins.
func (s *Service) Revoke(ctx context.Context, a *domain.Actor, id string) error {
	return s.inJunta(ctx, a, id, func(ctx context.Context, j *domain.Junta) error {
		if j.Status != domain.JuntaConvened || !s.now().Before(j.FirstCall) {
			return errProxyClosed
		}
		if err := s.store.DeleteJuntaProxy(ctx, j.ID, a.UserID); err != nil {
			return err
		}
		return s.voteFor(ctx, j, a.UserID, nil)
	})
}

// CheckPaper refuses a signed paper of representation before its file is read: the caller must be the
// owner or an admin, and the junta open to representation.
func (s *Service) CheckPaper(ctx context.Context, a *domain.Actor, id, ownerID string, in Delegate) error {
	if ownerID != a.UserID && !a.IsAdmin() {
		return errAdminsOnly
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		j, err := s.junta(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		_, err = s.proxyFor(ctx, j, a, ownerID, in)
		return err
	})
}

// Paper records a signed paper of ownerID's representation and files it in Documentos. Uploaded by the
// owner, it waits for an admin to check it; uploaded by an admin, it is checked as it is recorded.
func (s *Service) Paper(ctx context.Context, a *domain.Actor, id, ownerID string, in Delegate, fileName string, data []byte) (*domain.JuntaProxy, error) {
	if err := s.CheckPaper(ctx, a, id, ownerID, in); err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	docID, err := s.fileProxy(ctx, a, j, fileName, data)
	if err != nil {
		return nil, err
	}
	var p domain.JuntaProxy
	err = s.inJunta(ctx, a, id, func(ctx context.Context, j *domain.Junta) error {
		if p, err = s.proxyFor(ctx, j, a, ownerID, in); err != nil {
			return err
		}
		p.DocumentID, p.Status = docID, domain.ProxyPending
		if a.IsAdmin() {
			now := s.stamp()
			p.Status, p.CheckedBy, p.CheckedAt = domain.ProxyAccepted, &a.UserID, &now
		}
		return s.save(ctx, j, p)
	})
	if err != nil {
		// The paper was filed before this transaction, which failed: it represents nobody, so it goes.
		s.unfileProxy(ctx, a, *docID)
		return nil, err
	}
	if p.Status == domain.ProxyAccepted {
		s.recordProxy(ctx, a, j, p)
	}
	return &p, nil
}

// Review accepts or rejects the signed paper an owner uploaded; admins only.
func (s *Service) Review(ctx context.Context, a *domain.Actor, id, ownerID string, accept bool) (*domain.JuntaProxy, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	var p domain.JuntaProxy
	var junta *domain.Junta
	err := s.inJunta(ctx, a, id, func(ctx context.Context, j *domain.Junta) error {
		if j.Status != domain.JuntaConvened {
			return errProxyClosed
		}
		proxies, err := s.store.JuntaProxies(ctx, j.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(proxies, func(x domain.JuntaProxy) bool { return x.OwnerID == ownerID && x.DocumentID != nil })
		if i < 0 {
			return errNoProxy
		}
		now := s.stamp()
		p, junta = proxies[i], j
		p.Status, p.CheckedBy, p.CheckedAt = domain.ProxyRejected, &a.UserID, &now
		if accept {
			p.Status = domain.ProxyAccepted
		}
		return s.save(ctx, j, p)
	})
	if err != nil {
		return nil, err
	}
	s.recordProxy(ctx, a, junta, p)
	return &p, nil
}

// fileProxy files the signed paper in Documentos, under 'Actas', for the admins only.
func (s *Service) fileProxy(ctx context.Context, a *domain.Actor, j *domain.Junta, fileName string, data []byte) (*string, error) {
	if s.archive == nil {
		return nil, domain.Errorf(domain.CodeConflict, "El archivo de documentos no está disponible")
	}
	filer := *a
	filer.Role = domain.RoleAdmin // the community files it, whoever hands it in
	cats, err := s.archive.Categories(ctx, &filer)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(cats, func(c domain.DocumentCategory) bool { return c.Kind == domain.CategoryActas })
	if i < 0 {
		return nil, domain.Errorf(domain.CodeConflict, "La comunidad no tiene la categoría 'Actas' en Documentos")
	}
	loc := s.zone(ctx, j.CommunityID)
	created, err := s.archive.Create(ctx, &filer, documents.UploadInput{CategoryID: cats[i].ID,
		Title: "Representación · " + s.title(ctx, j, domain.Spanish), Date: j.FirstCall.In(loc).Format(time.DateOnly),
		Visibility: domain.DocumentForAdmins, FileName: fileName}, data)
	if err != nil {
		return nil, err
	}
	return &created.Document.ID, nil
}

// unfileProxy removes from Documentos the paper filed for a representation that was then refused.
func (s *Service) unfileProxy(ctx context.Context, a *domain.Actor, docID string) {
	filer := *a
	filer.Role = domain.RoleAdmin // as it was filed
	ctx = context.WithoutCancel(ctx)
	if err := s.archive.Discard(ctx, &filer, docID, "Representación no anotada"); err != nil {
		s.log.ErrorContext(ctx, "juntas: removing the paper of a representation not recorded", "document", docID, "err", err)
	}
}

func (s *Service) recordProxy(ctx context.Context, a *domain.Actor, j *domain.Junta, p domain.JuntaProxy) {
	if s.audit == nil {
		return
	}
	s.audit(ctx, a, domain.AuditChange{Action: AuditProxyChecked, TargetKind: "junta", TargetID: j.ID, TargetLabel: s.title(ctx, j, domain.Spanish),
		After: map[string]any{"owner": p.OwnerName, "delegate": p.DelegateName, "status": p.Status}})
}

// Proxies are the representations given for a junta; admins only.
func (s *Service) Proxies(ctx context.Context, a *domain.Actor, id string) ([]domain.JuntaProxy, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	return s.store.JuntaProxies(ctx, j.ID)
}
