package juntas_test

import (
	"context"
	iofs "io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/juntas"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// pdfBytes is the smallest file Documentos takes as a PDF.
var pdfBytes = []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

func TestAnOwnerDelegatesTheWholeJuntaToAMemberOrToSomeoneByDNI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		_, err := f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.dani.UserID})
		wantCode(t, err, domain.CodeConflict, "entre la convocatoria y el comienzo")
		if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Delegate(ctx, f.dani, j.ID, juntas.Delegate{UserID: f.ana.UserID})
		wantCode(t, err, domain.CodeForbidden, "Solo un propietario")
		_, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.ana.UserID})
		wantCode(t, err, domain.CodeInvalid, "en ti mismo")
		_, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.other.UserID})
		wantCode(t, err, domain.CodeInvalid, "no es miembro")
		_, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{Name: "Luis Gil", IDNumber: "12345678A"})
		wantCode(t, err, domain.CodeInvalid, "DNI o NIE")

		// To a member: signed in the app, and they vote the points for Ana.
		p, err := f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.dani.UserID})
		if err != nil {
			t.Fatal(err)
		}
		if p.Status != domain.ProxySigned || p.DelegateName != "Dani Díaz" {
			t.Fatalf("the representation: %+v", p)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM junta_delegations WHERE owner_id = $1 AND delegate_id = $2", f.ana.UserID, f.dani.UserID); n != 1 {
			t.Fatalf("the member does not vote for the owner (%d rows)", n)
		}
		_, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.dani.UserID})
		wantCode(t, err, domain.CodeConflict, "ya tiene tu representación")

		// To someone outside the app, by name and NIE: the member no longer votes for her.
		p, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{Name: "Luis Gil", IDNumber: "x-1234567-l"})
		if err != nil {
			t.Fatal(err)
		}
		if p.DelegateIDNum != "X1234567L" || p.DelegateUserID != nil {
			t.Fatalf("the representation: %+v", p)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM junta_delegations WHERE owner_id = $1", f.ana.UserID); n != 0 {
			t.Fatalf("the member still votes for the owner")
		}
		v, err := f.svc.Get(ctx, f.ana, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if v.MyProxy == nil || v.MyProxy.DelegateName != "Luis Gil" {
			t.Fatalf("the owner's view: %+v", v.MyProxy)
		}
		panel, err := f.svc.Attendance(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range panel.Attendees {
			if (at.UserID == f.ana.UserID) != (at.Proxy != nil) {
				t.Fatalf("the panel's representation of %s: %+v", at.Name, at.Proxy)
			}
		}
		if err := f.svc.Revoke(ctx, f.ana, j.ID); err != nil {
			t.Fatal(err)
		}
		if v, _ := f.svc.Get(ctx, f.ana, j.ID); v.MyProxy != nil {
			t.Fatalf("revoked, still there: %+v", v.MyProxy)
		}
		// Once the junta has begun, representation is closed.
		f.advance(8 * 24 * time.Hour)
		_, err = f.svc.Delegate(ctx, f.ana, j.ID, juntas.Delegate{UserID: f.dani.UserID})
		wantCode(t, err, domain.CodeConflict, "entre la convocatoria y el comienzo")
	})
}

func TestASignedPaperOfRepresentationIsCheckedByAnAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		to := juntas.Delegate{UserID: f.dani.UserID}
		err := f.svc.CheckPaper(ctx, f.carla, j.ID, f.ben.UserID, to)
		wantCode(t, err, domain.CodeForbidden, "administradores")
		p, err := f.svc.Paper(ctx, f.ben, j.ID, f.ben.UserID, to, "delegacion.pdf", pdfBytes)
		if err != nil {
			t.Fatal(err)
		}
		if p.Status != domain.ProxyPending || p.DocumentID == nil {
			t.Fatalf("the owner's paper: %+v", p)
		}
		if vis := strs(t, db, "SELECT visibility FROM documents WHERE id = $1", *p.DocumentID); len(vis) != 1 || vis[0] != "admins" {
			t.Fatalf("the paper is filed for %v", vis)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM junta_delegations WHERE owner_id = $1", f.ben.UserID); n != 0 {
			t.Fatalf("an unchecked paper lets the member vote")
		}
		_, err = f.svc.Review(ctx, f.ana, j.ID, f.ben.UserID, true)
		wantCode(t, err, domain.CodeForbidden, "administradores")
		if p, err = f.svc.Review(ctx, f.admin, j.ID, f.ben.UserID, true); err != nil || p.Status != domain.ProxyAccepted {
			t.Fatalf("accepted: %+v %v", p, err)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM junta_delegations WHERE owner_id = $1 AND delegate_id = $2", f.ben.UserID, f.dani.UserID); n != 1 {
			t.Fatalf("a checked paper does not let the member vote")
		}
		// An admin records a paper handed in by Carla: checked as it is recorded.
		p, err = f.svc.Paper(ctx, f.admin, j.ID, f.carla.UserID, juntas.Delegate{Name: "Marta Ruiz", IDNumber: "12345678Z"}, "carla.pdf", pdfBytes)
		if err != nil || p.Status != domain.ProxyAccepted || p.CheckedBy == nil {
			t.Fatalf("an admin's paper: %+v %v", p, err)
		}
		_, err = f.svc.Paper(ctx, f.admin, j.ID, f.dani.UserID, to, "x.pdf", pdfBytes)
		wantCode(t, err, domain.CodeInvalid, "no es propietaria")
		if _, err := f.svc.Proxies(ctx, f.ana, j.ID); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("a member lists the representations: %v", err)
		}
		all, err := f.svc.Proxies(ctx, f.admin, j.ID)
		if err != nil || len(all) != 2 {
			t.Fatalf("the representations: %+v %v", all, err)
		}
	})
}

// TestAPointAttachesDocumentsEachReaderMaySee: the budget (for owners) and a quote (admins only) attached
// to a point; the convocatoria names both, and each reader is given only what Documentos lets them open.
func TestAPointAttachesDocumentsEachReaderMaySee(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		file := func(a *domain.Actor, title string, vis domain.DocumentVisibility) string {
			cats, err := f.docs.Categories(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			c, err := f.docs.Create(ctx, a, documents.UploadInput{CategoryID: cats[0].ID, Title: title, Date: "2027-02-01",
				Visibility: vis, FileName: "x.pdf"}, pdfBytes)
			if err != nil {
				t.Fatal(err)
			}
			return c.Document.ID
		}
		budget, quote := file(f.admin, "Presupuesto 2027", domain.DocumentForOwners), file(f.admin, "Presupuesto de la fachada", domain.DocumentForAdmins)
		foreign := file(f.other, "De otra comunidad", domain.DocumentForAll)
		in := juntas.Input{Kind: domain.JuntaExtraordinaria, FirstCall: f.clock().Add(48 * time.Hour), Place: "Portal",
			Points: []juntas.PointInput{{Title: "Pintar la fachada", Agreement: true, Documents: []string{budget, quote, budget}}}}
		j, err := f.svc.Create(ctx, f.admin, in)
		if err != nil {
			t.Fatal(err)
		}
		if docs := j.Points[0].Documents; len(docs) != 2 || docs[0].Title != "Presupuesto 2027" {
			t.Fatalf("the point's documents: %+v", docs)
		}
		in.Points[0].Documents = []string{foreign}
		_, err = f.svc.Update(ctx, f.admin, j.ID, in)
		wantCode(t, err, domain.CodeInvalid, "no está en el archivo")
		if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			who  *domain.Actor
			want int
		}{{f.admin, 2}, {f.ana, 1}, {f.dani, 0}} {
			v, err := f.svc.Get(ctx, c.who, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Attachments) != c.want {
				t.Fatalf("%s opens %d of the point's documents, want %d", c.who.FullName, len(v.Attachments), c.want)
			}
		}
		if txt := f.svc.Text(j, domain.Spanish, time.UTC, false); !strings.Contains(txt, "Documentación: Presupuesto de la fachada") {
			t.Fatalf("the convocatoria does not name the documents:\n%s", txt)
		}
	})
}

// lateArchive is Documentos, but the junta's first call passes while it files a paper (a slow upload):
// the representation's own transaction then refuses it.
type lateArchive struct {
	*documents.Service
	f *fixture
}

func (a lateArchive) Create(ctx context.Context, actor *domain.Actor, in documents.UploadInput, data []byte) (*documents.Created, error) {
	c, err := a.Service.Create(ctx, actor, in, data)
	a.f.advance(9 * 24 * time.Hour)
	return c, err
}

// TestAPaperWhoseRepresentationIsRefusedIsRemovedFromDocumentos: the signed paper is filed before the
// representation's transaction; when that transaction fails (the junta began meanwhile), the paper is
// removed, its rows and its file, and nothing of the representation is left.
func TestAPaperWhoseRepresentationIsRefusedIsRemovedFromDocumentos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		dir := t.TempDir()
		fs, err := files.NewLocal(dir)
		if err != nil {
			t.Fatal(err)
		}
		docs := documents.New(db, fs, documents.Options{Now: f.clock, Log: quiet})
		svc := juntas.New(db, juntas.Options{Polls: f.polls, Archive: lateArchive{docs, f}, Now: f.clock, Log: quiet})
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		before := count(t, db, "SELECT COUNT(*) FROM documents")
		_, err = svc.Paper(ctx, f.admin, j.ID, f.carla.UserID, juntas.Delegate{Name: "Marta Ruiz", IDNumber: "12345678Z"}, "carla.pdf", pdfBytes)
		wantCode(t, err, domain.CodeConflict, "entre la convocatoria y el comienzo")
		if n := count(t, db, "SELECT COUNT(*) FROM documents"); n != before {
			t.Fatalf("%d documents after a refused representation, want %d", n, before)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM document_versions v WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = v.document_id)"); n != 0 {
			t.Fatalf("%d versions left", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM junta_proxies WHERE junta_id = $1", j.ID); n != 0 {
			t.Fatalf("a representation was recorded")
		}
		var left []string
		filepath.WalkDir(dir, func(p string, d iofs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				left = append(left, p)
			}
			return nil
		})
		if len(left) != 0 {
			t.Fatalf("the paper's file is still stored: %v", left)
		}
	})
}

// countingArchive is Documentos, counting the reads of documents by id.
type countingArchive struct {
	*documents.Service
	reads *int
}

func (a countingArchive) Visible(ctx context.Context, actor *domain.Actor, ids []string) ([]domain.Document, error) {
	*a.reads++
	return a.Service.Visible(ctx, actor, ids)
}

// TestAJuntasAttachmentsAreReadInOneQuery: however many points attach documents, a reader's view reads
// them from Documentos once, in the points' order, and only those the reader may open.
func TestAJuntasAttachmentsAreReadInOneQuery(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		reads := 0
		svc := juntas.New(db, juntas.Options{Polls: f.polls, Archive: countingArchive{f.docs, &reads}, Now: f.clock, Log: quiet})
		cats, err := f.docs.Categories(ctx, f.admin)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for i, vis := range []domain.DocumentVisibility{domain.DocumentForAll, domain.DocumentForOwners, domain.DocumentForAdmins, domain.DocumentForAll} {
			c, err := f.docs.Create(ctx, f.admin, documents.UploadInput{CategoryID: cats[0].ID, Title: "Documento " + strconv.Itoa(i+1),
				Date: "2027-02-01", Visibility: vis, FileName: "x.pdf"}, pdfBytes)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.Document.ID)
		}
		j, err := svc.Create(ctx, f.admin, juntas.Input{Kind: domain.JuntaExtraordinaria, FirstCall: f.clock().Add(48 * time.Hour), Place: "Portal",
			Points: []juntas.PointInput{{Title: "Cuentas", Documents: ids[:2]}, {Title: "Obras", Documents: ids[2:]}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			who  *domain.Actor
			want string
		}{{f.admin, "Documento 1,Documento 2,Documento 3,Documento 4"}, {f.ana, "Documento 1,Documento 2,Documento 4"}, {f.dani, "Documento 1,Documento 4"}} {
			reads = 0
			v, err := svc.Get(ctx, c.who, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range v.Attachments {
				got = append(got, a.Document.Title)
			}
			if strings.Join(got, ",") != c.want || reads != 1 {
				t.Fatalf("%s: %v in %d reads, want %s in 1", c.who.FullName, got, reads, c.want)
			}
		}
	})
}
