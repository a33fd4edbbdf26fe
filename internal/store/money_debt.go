package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// Who owes, the certificates of debt and the owners' grants of a unit's receipts (issue #36). As
// money.go, these only run SQL; internal/money holds the rules and opens the transactions.

// MoneyGraceDays is how many days after its due date communityID's receipt becomes a debt (0 until an
// admin sets it).
func (db *DB) MoneyGraceDays(ctx context.Context, communityID string) (int, error) {
	var d int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT grace_days FROM money_settings WHERE community_id = ?", communityID).Scan(&d)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return d, err
}

// SaveMoneyGraceDays writes the days of grace, after LockMoneySettings.
func (db *DB) SaveMoneyGraceDays(ctx context.Context, communityID string, days int, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE money_settings SET grace_days = ?, updated_at = ? WHERE community_id = ?", days, ms(at), communityID)
	return err
}

// UnitHasLedger reports whether a unit of communityID has entries in its ledger, which are kept for ever.
func (db *DB) UnitHasLedger(ctx context.Context, communityID, unitID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM money_ledger WHERE community_id = ? AND unit_id = ?", communityID, unitID).Scan(&n)
	return n > 0, err
}

const certificateSelect = `SELECT id, community_id, kind, unit_id, unit_label, owner_name, requested_on, due_on, junta_date, issued_on,
	owed_cents, detail, president_name, secretary_name, code, requested_by, issued_by FROM money_certificates`

func scanCertificate(row scanner) (*domain.Certificate, error) {
	var c domain.Certificate
	var kind, detail string
	if err := row.Scan(&c.ID, &c.CommunityID, &kind, &c.UnitID, &c.UnitLabel, &c.OwnerName, &c.RequestedOn, &c.DueOn, &c.JuntaDate,
		&c.IssuedOn, &c.Owed, &detail, &c.PresidentName, &c.SecretaryName, &c.Code, &c.RequestedBy, &c.IssuedBy); err != nil {
		return nil, err
	}
	c.Kind = domain.CertificateKind(kind)
	if err := json.Unmarshal([]byte(detail), &c.Detail); err != nil {
		return nil, err
	}
	return &c, nil
}

func oneCertificate(ctx context.Context, c conn, q string, args ...any) (*domain.Certificate, error) {
	cert, err := scanCertificate(c.queryRow(ctx, q, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return cert, err
}

// Certificates lists communityID's certificates, the latest requested first.
func (db *DB) Certificates(ctx context.Context, communityID string) ([]domain.Certificate, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanCertificate), certificateSelect+
		" WHERE community_id = ? ORDER BY requested_on DESC, created_at DESC, id", communityID)
	if out == nil && err == nil {
		out = []domain.Certificate{}
	}
	return out, err
}

// Certificate returns a certificate of communityID; nil when there is none.
func (db *DB) Certificate(ctx context.Context, communityID, id string) (*domain.Certificate, error) {
	return oneCertificate(ctx, db.readerIn(ctx), certificateSelect+" WHERE id = ? AND community_id = ?", id, communityID)
}

// CertificateForUpdate reads a certificate of communityID and locks it (InTx); nil when there is none.
func (db *DB) CertificateForUpdate(ctx context.Context, communityID, id string) (*domain.Certificate, error) {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, "UPDATE money_certificates SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return oneCertificate(ctx, c, certificateSelect+" WHERE id = ? AND community_id = ?", id, communityID)
}

// CertificateByCode returns the issued certificate with a verification code, of any community; nil when
// there is none.
func (db *DB) CertificateByCode(ctx context.Context, code string) (*domain.Certificate, error) {
	return oneCertificate(ctx, db.readerIn(ctx), certificateSelect+" WHERE code = ?", code)
}

// InsertCertificate stores a requested certificate.
func (db *DB) InsertCertificate(ctx context.Context, c *domain.Certificate, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO money_certificates (id, community_id, kind, unit_id, unit_label, owner_name, requested_on,
		due_on, junta_date, requested_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.ID, c.CommunityID,
		string(c.Kind), c.UnitID, c.UnitLabel, c.OwnerName, c.RequestedOn, c.DueOn, c.JuntaDate, c.RequestedBy, ms(at), ms(at))
	return err
}

// SaveCertificateIssued writes what issuing a certificate read with CertificateForUpdate records.
func (db *DB) SaveCertificateIssued(ctx context.Context, c *domain.Certificate, at time.Time) error {
	detail, err := json.Marshal(c.Detail)
	if err != nil {
		return err
	}
	_, err = db.writerIn(ctx).exec(ctx, `UPDATE money_certificates SET issued_on = ?, owed_cents = ?, detail = ?, president_name = ?,
		secretary_name = ?, code = ?, issued_by = ?, owner_name = ?, updated_at = ? WHERE id = ? AND community_id = ?`, c.IssuedOn, c.Owed,
		string(detail), c.PresidentName, c.SecretaryName, c.Code, c.IssuedBy, c.OwnerName, ms(at), c.ID, c.CommunityID)
	return err
}

// UnitDwellers lists the people who live in a unit (their main unit or a further one, confirmed or not
// by the registry), but its owner, by name: those its owner may let see its receipts.
func (db *DB) UnitDwellers(ctx context.Context, communityID, unitID string) ([]domain.ReceiptGrant, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ReceiptGrant, error) {
		g := domain.ReceiptGrant{UnitID: unitID}
		return g, row.Scan(&g.UserID, &g.FullName)
	}, `SELECT p.id, p.full_name FROM members p JOIN units u ON u.id = ? AND u.community_id = ?
		WHERE p.community_id = u.community_id AND (u.owner_id IS NULL OR p.id <> u.owner_id)
		AND (p.unit_id = u.id OR EXISTS (SELECT 1 FROM unit_members m WHERE m.unit_id = u.id AND m.user_id = p.id AND m.relation = 'resident'))
		ORDER BY p.full_name, p.id`, unitID, communityID)
	if out == nil && err == nil {
		out = []domain.ReceiptGrant{}
	}
	return out, err
}

// ReceiptGrants lists who may see the receipts of a unit of communityID, by name.
func (db *DB) ReceiptGrants(ctx context.Context, communityID, unitID string) ([]domain.ReceiptGrant, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ReceiptGrant, error) {
		var g domain.ReceiptGrant
		return g, row.Scan(&g.UnitID, &g.UserID, &g.FullName)
	}, `SELECT g.unit_id, g.user_id, COALESCE(p.full_name, '') FROM money_receipt_grants g LEFT JOIN profiles p ON p.id = g.user_id
		WHERE g.community_id = ? AND g.unit_id = ? ORDER BY p.full_name, g.user_id`, communityID, unitID)
	if out == nil && err == nil {
		out = []domain.ReceiptGrant{}
	}
	return out, err
}

// GrantedUnits lists the units of communityID whose receipts userID has been let see.
func (db *DB) GrantedUnits(ctx context.Context, communityID, userID string) ([]string, error) {
	return queryAll(ctx, db.readerIn(ctx), scanValue[string],
		"SELECT unit_id FROM money_receipt_grants WHERE community_id = ? AND user_id = ? ORDER BY unit_id", communityID, userID)
}

// SetReceiptGrant lets userID see a unit's receipts, or stops it; it reports whether anything changed.
func (db *DB) SetReceiptGrant(ctx context.Context, communityID, unitID, userID string, on bool, by string, at time.Time) (bool, error) {
	c := db.writerIn(ctx)
	var res sql.Result
	var err error
	if on {
		res, err = c.exec(ctx, `INSERT INTO money_receipt_grants (community_id, unit_id, user_id, granted_by, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (unit_id, user_id) DO NOTHING`, communityID, unitID, userID, by, ms(at))
	} else {
		res, err = c.exec(ctx, "DELETE FROM money_receipt_grants WHERE community_id = ? AND unit_id = ? AND user_id = ?", communityID, unitID, userID)
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// MoneyRecipients returns the email addressees among userIDs (accounts that are gone are left out), by
// user id.
func (db *DB) MoneyRecipients(ctx context.Context, userIDs []string) (map[string]domain.Recipient, error) {
	out := map[string]domain.Recipient{}
	if len(userIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(userIDs))
	for i, id := range userIDs {
		args[i] = id
	}
	type row struct {
		id string
		r  domain.Recipient
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(s scanner) (row, error) {
		var r row
		var lang string
		err := s.Scan(&r.id, &r.r.Email, &r.r.FullName, &lang, &r.r.CommunityName)
		r.r.Language = domain.ParseLanguage(lang)
		return r, err
	}, `SELECT u.id, u.email, COALESCE(p.full_name, ''), u.language, COALESCE(c.name, '')
		FROM users u LEFT JOIN profiles p ON p.id = u.id LEFT JOIN communities c ON c.id = p.last_community_id
		WHERE u.id IN (`+placeholders(len(userIDs))+`)`, args...)
	for _, r := range rows {
		out[r.id] = r.r
	}
	return out, err
}

// Receipt returns a receipt of communityID; nil when there is none.
func (db *DB) Receipt(ctx context.Context, communityID, id string) (*domain.Receipt, error) {
	rs, err := db.scanReceipts(ctx, db.readerIn(ctx), receiptSelect+" WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	return &rs[0], nil
}
