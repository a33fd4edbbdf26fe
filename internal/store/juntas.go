package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// Juntas (issue #38). Every read takes the junta's community, so a junta of another community is not
// found (nil). Owners are read from units.owner_id (never from the profile's community columns).

const juntaColumns = `id, community_id, kind, status, first_call_at, second_call_at, place, video_link, convened_by, president_id,
	secretary_id, president_name, secretary_name, convened_at, debtors, held_call, held_at, acta_text, acta_document_id, reminded_at,
	created_by, created_at, updated_at, acta_number`

func scanJunta(row scanner) (*domain.Junta, error) {
	var j domain.Junta
	var kind, status, convener, debtors string
	var heldCall *string
	var first, second, createdAt, updatedAt int64
	var convenedAt, heldAt, remindedAt *int64
	if err := row.Scan(&j.ID, &j.CommunityID, &kind, &status, &first, &second, &j.Place, &j.VideoLink, &convener, &j.PresidentID,
		&j.SecretaryID, &j.PresidentName, &j.SecretaryName, &convenedAt, &debtors, &heldCall, &heldAt, &j.ActaText, &j.ActaDocumentID,
		&remindedAt, &j.CreatedBy, &createdAt, &updatedAt, &j.ActaNumber); err != nil {
		return nil, err
	}
	j.Kind, j.Status, j.ConvenedBy = domain.JuntaKind(kind), domain.JuntaStatus(status), domain.JuntaConvener(convener)
	j.FirstCall, j.SecondCall, j.CreatedAt, j.UpdatedAt = fromMS(first), fromMS(second), fromMS(createdAt), fromMS(updatedAt)
	j.ConvenedAt, j.HeldAt, j.RemindedAt = fromNullMS(convenedAt), fromNullMS(heldAt), fromNullMS(remindedAt)
	if heldCall != nil {
		j.HeldCall = domain.Convocatoria(*heldCall)
	}
	if err := json.Unmarshal([]byte(debtors), &j.Debtors); err != nil {
		return nil, err
	}
	return &j, nil
}

// juntaDetails fills in the points and promoters of j.
func juntaDetails(ctx context.Context, c conn, j *domain.Junta) error {
	points, err := queryAll(ctx, c, func(row scanner) (domain.JuntaPoint, error) {
		var p domain.JuntaPoint
		var majority *string
		var docs string
		if err := row.Scan(&p.ID, &p.Position, &p.Title, &p.Description, &p.Agreement, &majority, &p.PollID, &docs); err != nil {
			return p, err
		}
		if majority != nil {
			p.Majority = domain.Majority(*majority)
		}
		return p, json.Unmarshal([]byte(docs), &p.Documents)
	}, "SELECT id, position, title, description, agreement, majority, poll_id, documents FROM junta_points WHERE junta_id = ? ORDER BY position", j.ID)
	if err != nil {
		return err
	}
	j.Points = points
	j.Promoters, err = queryAll(ctx, c, func(row scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	}, "SELECT user_id FROM junta_promoters WHERE junta_id = ? ORDER BY user_id", j.ID)
	return err
}

// Junta reads a junta of communityID with its orden del día; nil when there is none.
func (db *DB) Junta(ctx context.Context, communityID, id string) (*domain.Junta, error) {
	c := db.readerIn(ctx)
	j, err := scanJunta(c.queryRow(ctx, "SELECT "+juntaColumns+" FROM juntas WHERE id = ? AND community_id = ?", id, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return j, juntaDetails(ctx, c, j)
}

// JuntaForUpdate reads a junta (nil when there is none) inside the transaction of ctx and locks it until
// that ends.
func (db *DB) JuntaForUpdate(ctx context.Context, communityID, id string) (*domain.Junta, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE juntas SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return db.Junta(ctx, communityID, id)
}

// maxJuntas bounds the list: a community holds one or two juntas a year.
const maxJuntas = 200

// ListJuntas lists the juntas of communityID, the latest first; drafts only when withDrafts.
func (db *DB) ListJuntas(ctx context.Context, communityID string, withDrafts bool) ([]domain.Junta, error) {
	c := db.readerIn(ctx)
	list, err := queryAll(ctx, c, scanJunta, "SELECT "+juntaColumns+` FROM juntas WHERE community_id = ? AND (? OR status <> 'borrador')
		ORDER BY first_call_at DESC, id DESC LIMIT ?`, communityID, withDrafts, maxJuntas)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Junta, len(list))
	for i, j := range list {
		if err := juntaDetails(ctx, c, j); err != nil {
			return nil, err
		}
		out[i] = *j
	}
	return out, nil
}

// NextJunta is the convened junta of communityID whose first call is the soonest after `after`; nil when
// none.
func (db *DB) NextJunta(ctx context.Context, communityID string, after time.Time) (*domain.Junta, error) {
	c := db.readerIn(ctx)
	j, err := scanJunta(c.queryRow(ctx, "SELECT "+juntaColumns+` FROM juntas WHERE community_id = ? AND status = 'convocada'
		AND first_call_at > ? ORDER BY first_call_at, id LIMIT 1`, communityID, ms(after)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return j, juntaDetails(ctx, c, j)
}

// InsertJunta stores a new junta with its points and promoters.
func (db *DB) InsertJunta(ctx context.Context, j *domain.Junta) error {
	tx := db.writerIn(ctx)
	debtors, err := json.Marshal(nonNilSlice(j.Debtors))
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "INSERT INTO juntas ("+juntaColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		j.ID, j.CommunityID, string(j.Kind), string(j.Status), ms(j.FirstCall), ms(j.SecondCall), j.Place, j.VideoLink, string(j.ConvenedBy),
		j.PresidentID, j.SecretaryID, j.PresidentName, j.SecretaryName, nullMS(j.ConvenedAt), string(debtors), emptyNil(j.HeldCall),
		nullMS(j.HeldAt), j.ActaText, j.ActaDocumentID, nullMS(j.RemindedAt), j.CreatedBy, ms(j.CreatedAt), ms(j.UpdatedAt), j.ActaNumber); err != nil {
		return err
	}
	return writeJuntaDetails(ctx, tx, j)
}

// nonNilSlice is s, or an empty slice for nil: a JSON column holds '[]', never 'null'.
func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func writeJuntaDetails(ctx context.Context, tx conn, j *domain.Junta) error {
	for _, q := range []string{"DELETE FROM junta_points WHERE junta_id = ?", "DELETE FROM junta_promoters WHERE junta_id = ?"} {
		if _, err := tx.exec(ctx, q, j.ID); err != nil {
			return err
		}
	}
	for _, p := range j.Points {
		docs, err := json.Marshal(nonNilSlice(p.Documents))
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO junta_points (id, junta_id, position, title, description, agreement, majority, poll_id, documents)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, j.ID, p.Position, p.Title, p.Description, p.Agreement, emptyNil(p.Majority), p.PollID,
			string(docs)); err != nil {
			return err
		}
	}
	for _, u := range j.Promoters {
		if _, err := tx.exec(ctx, "INSERT INTO junta_promoters (junta_id, user_id) VALUES (?, ?)", j.ID, u); err != nil {
			return err
		}
	}
	return nil
}

// SaveJunta writes j, read with JuntaForUpdate, with its points and promoters, in the same transaction.
func (db *DB) SaveJunta(ctx context.Context, j *domain.Junta) error {
	tx := db.writerIn(ctx)
	debtors, err := json.Marshal(nonNilSlice(j.Debtors))
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE juntas SET kind = ?, status = ?, first_call_at = ?, second_call_at = ?, place = ?, video_link = ?,
		convened_by = ?, president_id = ?, secretary_id = ?, president_name = ?, secretary_name = ?, convened_at = ?, debtors = ?,
		held_call = ?, held_at = ?, acta_text = ?, acta_document_id = ?, reminded_at = ?, acta_number = ?, updated_at = ? WHERE id = ? AND community_id = ?`,
		string(j.Kind), string(j.Status), ms(j.FirstCall), ms(j.SecondCall), j.Place, j.VideoLink, string(j.ConvenedBy), j.PresidentID,
		j.SecretaryID, j.PresidentName, j.SecretaryName, nullMS(j.ConvenedAt), string(debtors), emptyNil(j.HeldCall), nullMS(j.HeldAt),
		j.ActaText, j.ActaDocumentID, nullMS(j.RemindedAt), j.ActaNumber, ms(j.UpdatedAt), j.ID, j.CommunityID); err != nil {
		return err
	}
	return writeJuntaDetails(ctx, tx, j)
}

// NextActaNumber is the next number of communityID's libro de actas.
func (db *DB) NextActaNumber(ctx context.Context, communityID string) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COALESCE(MAX(acta_number), 0) + 1 FROM juntas WHERE community_id = ?", communityID).Scan(&n)
	return n, err
}

// DeleteJunta deletes a junta of communityID.
func (db *DB) DeleteJunta(ctx context.Context, communityID, id string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM juntas WHERE id = ? AND community_id = ?", id, communityID)
	return err
}

// JuntaOwners lists the owners of communityID's units (units.owner_id) with the cuota of the units each
// owns, by name, and the units that have no owner with an account.
func (db *DB) JuntaOwners(ctx context.Context, communityID string) ([]domain.JuntaOwner, []domain.JuntaOwnerlessUnit, error) {
	type row struct {
		unit  *domain.Unit
		owner domain.JuntaOwner
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(sc scanner) (row, error) {
		var r row
		var id, name, email, lang *string
		var confirmed *int64
		u, err := scanUnit(sc, &id, &name, &email, &lang, &confirmed)
		if err != nil {
			return r, err
		}
		r.unit = u
		if id != nil {
			r.owner = domain.JuntaOwner{UserID: *id, Name: deref(name), Email: deref(email), Confirmed: confirmed != nil,
				Language: domain.ParseLanguage(deref(lang))}
		}
		return r, nil
	}, "SELECT "+unitColumns+`, o.id, p.full_name, o.email, o.language, o.email_confirmed_at FROM units u
		LEFT JOIN users o ON o.id = u.owner_id LEFT JOIN profiles p ON p.id = u.owner_id
		WHERE u.community_id = ?`, communityID)
	if err != nil {
		return nil, nil, err
	}
	domain.SortUnits(rows, func(r *row) *domain.Unit { return r.unit })
	owners := []domain.JuntaOwner{}
	byID := map[string]int{}
	ownerless := []domain.JuntaOwnerlessUnit{}
	for _, r := range rows {
		cuota := domain.Coefficient(0)
		if r.unit.Coefficient != nil {
			cuota = *r.unit.Coefficient
		}
		label := r.unit.Label()
		if r.owner.UserID == "" {
			ownerless = append(ownerless, domain.JuntaOwnerlessUnit{UnitID: r.unit.ID, Label: label, Cuota: cuota})
			continue
		}
		i, ok := byID[r.owner.UserID]
		if !ok {
			i = len(owners)
			byID[r.owner.UserID] = i
			owners = append(owners, r.owner)
		}
		owners[i].Units = append(owners[i].Units, label)
		owners[i].Cuota += cuota
	}
	return owners, ownerless, nil
}

// QueueJuntaNotice records that ownerID was told of the junta, and when; with m, the email queued in the
// outbox in the same transaction (its row keeps when SMTP accepted it).
func (db *DB) QueueJuntaNotice(ctx context.Context, juntaID, ownerID, name string, m *domain.Mail, at time.Time) error {
	tx := db.writerIn(ctx)
	var mailID, email *string
	var queued *int64
	if m != nil {
		id := domain.NewID()
		if err := queueMailID(ctx, tx, id, *m, at); err != nil {
			return err
		}
		t := ms(at)
		mailID, email, queued = &id, &m.To, &t
	}
	_, err := tx.exec(ctx, `INSERT INTO junta_notices (junta_id, user_id, name, email, mail_id, queued_at) VALUES (?, ?, ?, ?, ?, ?)`,
		juntaID, ownerID, name, email, mailID, queued)
	return err
}

// JuntaNotices is the proof of notice of a junta, by name: the outbox tells when each email was accepted
// by the SMTP server or given up, and any bounce reported after.
func (db *DB) JuntaNotices(ctx context.Context, juntaID string) ([]domain.JuntaNotice, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.JuntaNotice, error) {
		var n domain.JuntaNotice
		var queued, sent, failed, bounced, opened *int64
		err := row.Scan(&n.UserID, &n.Name, &n.Email, &queued, &sent, &failed, &bounced, &n.BounceStatus, &opened)
		n.QueuedAt, n.SentAt, n.FailedAt, n.OpenedAt = fromNullMS(queued), fromNullMS(sent), fromNullMS(failed), fromNullMS(opened)
		n.BouncedAt = fromNullMS(bounced)
		return n, err
	}, `SELECT n.user_id, n.name, n.email, n.queued_at, m.sent_at, m.failed_at, m.bounced_at, COALESCE(m.bounce_status, ''), n.opened_at FROM junta_notices n
		LEFT JOIN mail_outbox m ON m.id = n.mail_id WHERE n.junta_id = ? ORDER BY n.name, n.user_id`, juntaID)
}

// TouchJuntaViewer records that userID has the junta's panel open at at; it reports whether they are new
// to it (no sign of them since since).
func (db *DB) TouchJuntaViewer(ctx context.Context, juntaID, userID string, at, since time.Time) (bool, error) {
	c := db.writerIn(ctx)
	var seen int64
	err := c.queryRow(ctx, "SELECT seen_at FROM junta_viewers WHERE junta_id = ? AND user_id = ?", juntaID, userID).Scan(&seen)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	fresh := err != nil || seen < since.UnixMilli()
	_, err = c.exec(ctx, `INSERT INTO junta_viewers (junta_id, user_id, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (junta_id, user_id) DO UPDATE SET seen_at = excluded.seen_at`, juntaID, userID, at.UnixMilli())
	return fresh, err
}

// LeaveJuntaViewer forgets that userID has the junta's panel open; it reports whether there was a row.
func (db *DB) LeaveJuntaViewer(ctx context.Context, juntaID, userID string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM junta_viewers WHERE junta_id = ? AND user_id = ?", juntaID, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// JuntaViewers are those with the junta's panel open, seen since since, by name.
func (db *DB) JuntaViewers(ctx context.Context, juntaID string, since time.Time) ([]domain.JuntaViewer, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.JuntaViewer, error) {
		var v domain.JuntaViewer
		var seen int64
		err := row.Scan(&v.UserID, &v.Name, &seen)
		v.SeenAt = fromMS(seen)
		return v, err
	}, `SELECT v.user_id, COALESCE(p.full_name, ''), v.seen_at FROM junta_viewers v LEFT JOIN profiles p ON p.id = v.user_id
		WHERE v.junta_id = ? AND v.seen_at >= ? ORDER BY p.full_name, v.user_id`, juntaID, since.UnixMilli())
}

// MarkJuntaOpened records the first time userID opened the junta's convocatoria in the app; it reports
// whether this was the first.
func (db *DB) MarkJuntaOpened(ctx context.Context, juntaID, userID string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "UPDATE junta_notices SET opened_at = ? WHERE junta_id = ? AND user_id = ? AND opened_at IS NULL",
		ms(at), juntaID, userID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// SetJuntaAttendance records an owner's attendance, replacing an earlier mark.
func (db *DB) SetJuntaAttendance(ctx context.Context, juntaID string, a domain.JuntaAttendance) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "DELETE FROM junta_attendance WHERE junta_id = ? AND owner_id = ?", juntaID, a.OwnerID); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO junta_attendance (junta_id, owner_id, status, representative, recorded_by, recorded_at)
		VALUES (?, ?, ?, ?, ?, ?)`, juntaID, a.OwnerID, string(a.Status), a.Representative, a.RecordedBy, ms(a.RecordedAt))
	return err
}

// JuntaAttendance is the attendance recorded so far.
func (db *DB) JuntaAttendance(ctx context.Context, juntaID string) ([]domain.JuntaAttendance, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.JuntaAttendance, error) {
		var a domain.JuntaAttendance
		var status string
		var at int64
		err := row.Scan(&a.OwnerID, &status, &a.Representative, &a.RecordedBy, &at)
		a.Status, a.RecordedAt = domain.Attendance(status), fromMS(at)
		return a, err
	}, "SELECT owner_id, status, representative, recorded_by, recorded_at FROM junta_attendance WHERE junta_id = ? ORDER BY owner_id", juntaID)
}

// JuntaSignatures are the signatures of the acta.
func (db *DB) JuntaSignatures(ctx context.Context, juntaID string) ([]domain.JuntaSignature, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.JuntaSignature, error) {
		var s domain.JuntaSignature
		var at int64
		err := row.Scan(&s.Role, &s.UserID, &s.Name, &at, &s.SHA256)
		s.SignedAt = fromMS(at)
		return s, err
	}, "SELECT role, user_id, name, signed_at, sha256 FROM junta_signatures WHERE junta_id = ? ORDER BY role DESC", juntaID)
}

// AddJuntaSignature records a signature of the acta (replacing an earlier one of the same role).
func (db *DB) AddJuntaSignature(ctx context.Context, juntaID string, s domain.JuntaSignature) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "DELETE FROM junta_signatures WHERE junta_id = ? AND role = ?", juntaID, s.Role); err != nil {
		return err
	}
	_, err := tx.exec(ctx, "INSERT INTO junta_signatures (junta_id, role, user_id, name, signed_at, sha256) VALUES (?, ?, ?, ?, ?, ?)",
		juntaID, s.Role, s.UserID, s.Name, ms(s.SignedAt), s.SHA256)
	return err
}

// ClearJuntaSignatures deletes the signatures of the acta; it reports how many there were.
func (db *DB) ClearJuntaSignatures(ctx context.Context, juntaID string) (int, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM junta_signatures WHERE junta_id = ?", juntaID)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// DueJuntaReminders lists the held juntas whose acta is still unsigned and that were held before `before`
// and not yet reminded.
func (db *DB) DueJuntaReminders(ctx context.Context, before time.Time) ([]domain.DueJunta, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.DueJunta, error) {
		var d domain.DueJunta
		return d, row.Scan(&d.CommunityID, &d.ID)
	}, "SELECT community_id, id FROM juntas WHERE status = 'celebrada' AND held_at <= ? AND reminded_at IS NULL ORDER BY held_at", ms(before))
}

// In the export of a member's data (personaldata.go): the notices of juntas they received and their
// attendance.
func init() {
	exportPersonalData(
		dataSection{"junta_notices", `SELECT n.junta_id, j.first_call_at, n.email, n.queued_at, n.opened_at FROM junta_notices n
			JOIN juntas j ON j.id = n.junta_id WHERE n.user_id = ? ORDER BY j.first_call_at`},
		dataSection{"junta_attendance", `SELECT a.junta_id, j.first_call_at, a.status, a.representative FROM junta_attendance a
			JOIN juntas j ON j.id = a.junta_id WHERE a.owner_id = ? ORDER BY j.first_call_at`},
		dataSection{"junta_proxies", `SELECT p.junta_id, j.first_call_at, p.delegate_name, p.delegate_id_num, p.status, p.created_at FROM junta_proxies p
			JOIN juntas j ON j.id = p.junta_id WHERE p.owner_id = ? ORDER BY j.first_call_at`},
		dataSection{"junta_viewers", `SELECT junta_id, seen_at FROM junta_viewers WHERE user_id = ? ORDER BY seen_at`},
	)
}

const proxyColumns = `owner_id, owner_name, delegate_user_id, delegate_name, delegate_id_num, document_id, status, created_by,
	created_at, checked_by, checked_at`

func scanProxy(row scanner) (domain.JuntaProxy, error) {
	var p domain.JuntaProxy
	var status string
	var createdBy *string
	var created int64
	var checked *int64
	err := row.Scan(&p.OwnerID, &p.OwnerName, &p.DelegateUserID, &p.DelegateName, &p.DelegateIDNum, &p.DocumentID, &status, &createdBy,
		&created, &p.CheckedBy, &checked, &p.PaperVersionID)
	p.Status, p.CreatedAt, p.CheckedAt = domain.ProxyStatus(status), fromMS(created), fromNullMS(checked)
	if createdBy != nil {
		p.CreatedBy = *createdBy
	}
	return p, err
}

// JuntaProxies are the representations given for a junta, by owner name.
func (db *DB) JuntaProxies(ctx context.Context, juntaID string) ([]domain.JuntaProxy, error) {
	return queryAll(ctx, db.readerIn(ctx), scanProxy,
		"SELECT "+proxyColumns+`, (SELECT v.id FROM document_versions v WHERE v.document_id = junta_proxies.document_id ORDER BY v.number DESC LIMIT 1)
		FROM junta_proxies WHERE junta_id = ? ORDER BY owner_name, owner_id`, juntaID)
}

// SetJuntaProxy records an owner's representation for a junta, replacing an earlier one.
func (db *DB) SetJuntaProxy(ctx context.Context, juntaID string, p domain.JuntaProxy) error {
	tx := db.writerIn(ctx)
	if err := db.DeleteJuntaProxy(ctx, juntaID, p.OwnerID); err != nil {
		return err
	}
	_, err := tx.exec(ctx, "INSERT INTO junta_proxies (junta_id, "+proxyColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		juntaID, p.OwnerID, p.OwnerName, p.DelegateUserID, p.DelegateName, p.DelegateIDNum, p.DocumentID, string(p.Status), p.CreatedBy,
		ms(p.CreatedAt), p.CheckedBy, nullMS(p.CheckedAt))
	return err
}

// DeleteJuntaProxy removes an owner's representation for a junta.
func (db *DB) DeleteJuntaProxy(ctx context.Context, juntaID, ownerID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM junta_proxies WHERE junta_id = ? AND owner_id = ?", juntaID, ownerID)
	return err
}
