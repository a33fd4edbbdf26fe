package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// The queries of SEPA direct debits (issue #36): the creditor settings, the mandates, the remittances and
// the returns. Rules, transactions and the errors a user reads are internal/money's; "not found" is nil.

const sepaSettingsSelect = `SELECT creditor_id, creditor_iban, creditor_bic, sequence_policy, prenotice_days, returns_to_pause,
	charge_to_owner, file_version FROM money_sepa_settings WHERE community_id = ?`

func scanSepaSettings(row scanner) (domain.SepaSettings, error) {
	var s domain.SepaSettings
	var policy, version string
	err := row.Scan(&s.CreditorID, &s.CreditorIBAN, &s.CreditorBIC, &policy, &s.PrenoticeDays, &s.ReturnsToPause, &s.ChargeToOwner, &version)
	s.SequencePolicy, s.FileVersion = domain.SequencePolicy(policy), domain.SepaFileVersion(version)
	return s, err
}

// SepaSettings returns communityID's direct-debit settings (the defaults until an admin sets them).
func (db *DB) SepaSettings(ctx context.Context, communityID string) (domain.SepaSettings, error) {
	s, err := scanSepaSettings(db.readerIn(ctx).queryRow(ctx, sepaSettingsSelect, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.DefaultSepaSettings(), nil
	}
	return s, err
}

// LockSepaSettings creates communityID's direct-debit settings if needed and locks them until the
// service's transaction ends: mandates' references and remittances' numbers are taken one at a time,
// and a remittance's receipts are chosen by one transaction at a time.
func (db *DB) LockSepaSettings(ctx context.Context, communityID string, at time.Time) (domain.SepaSettings, error) {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, `INSERT INTO money_sepa_settings (community_id, updated_at) VALUES (?, ?)
		ON CONFLICT (community_id) DO UPDATE SET updated_at = money_sepa_settings.updated_at`, communityID, ms(at)); err != nil {
		return domain.SepaSettings{}, err
	}
	return scanSepaSettings(c.queryRow(ctx, sepaSettingsSelect, communityID))
}

// SaveSepaSettings writes the settings, after LockSepaSettings.
func (db *DB) SaveSepaSettings(ctx context.Context, communityID string, s domain.SepaSettings, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `UPDATE money_sepa_settings SET creditor_id = ?, creditor_iban = ?, creditor_bic = ?,
		sequence_policy = ?, prenotice_days = ?, returns_to_pause = ?, charge_to_owner = ?, file_version = ?, updated_at = ? WHERE community_id = ?`,
		s.CreditorID, s.CreditorIBAN, s.CreditorBIC, string(s.SequencePolicy), s.PrenoticeDays, s.ReturnsToPause, s.ChargeToOwner,
		string(s.FileVersion), ms(at), communityID)
	return err
}

// TakeSepaNumber takes the next number of communityID's mandates (what "mandates") or remittances
// ("remittances"), after LockSepaSettings; numbers roll back with the transaction.
func (db *DB) TakeSepaNumber(ctx context.Context, communityID, what string) (int, error) {
	column := map[string]string{"mandates": "mandates_issued", "remittances": "remittances_made"}[what]
	if column == "" {
		return 0, errors.New("store: no sequence " + what)
	}
	var n int
	err := db.writerIn(ctx).queryRow(ctx, "UPDATE money_sepa_settings SET "+column+" = "+column+" + 1 WHERE community_id = ? RETURNING "+column,
		communityID).Scan(&n)
	return n, err
}

// mandateLastCollection is the latest collection day of a mandate's debits (returned ones too: the
// rulebook's 36 months run from the latest collection presented), through money_remittance_receipts_mandate.
const mandateLastCollection = `(SELECT MAX(rr.collection_date) FROM money_remittance_receipts rr WHERE rr.mandate_id = m.id)`

const mandateSelect = `SELECT m.id, m.community_id, m.unit_id, u.building, u.staircase, u.unit_number, m.signed_by, m.reference,
	m.debtor_name, m.iban, m.bic, m.debtor_street, m.debtor_post_code, m.debtor_town, m.debtor_country, m.signed_on, m.status,
	m.collections, m.returns, m.ended_at, COALESCE(e.full_name, ''), m.end_reason, ` + mandateLastCollection + `
	FROM money_mandates m JOIN units u ON u.id = m.unit_id LEFT JOIN profiles e ON e.id = m.ended_by`

func scanMandate(row scanner) (*domain.Mandate, error) {
	var m domain.Mandate
	var unit domain.Unit
	var status string
	if err := row.Scan(&m.ID, &m.CommunityID, &m.UnitID, &unit.Building, &unit.Staircase, &unit.UnitNumber, &m.SignedBy, &m.Reference,
		&m.DebtorName, &m.IBAN, &m.BIC, &m.DebtorAddress.Street, &m.DebtorAddress.PostCode, &m.DebtorAddress.Town, &m.DebtorAddress.Country,
		&m.SignedOn, &status, &m.Collections, &m.Returns, &m.EndedAt, &m.EndedByName, &m.EndReason, &m.LastCollectionOn); err != nil {
		return nil, err
	}
	m.UnitLabel, m.Status = unit.Label(), domain.MandateStatus(status)
	return &m, nil
}

func oneMandate(ctx context.Context, c conn, query string, args ...any) (*domain.Mandate, error) {
	m, err := scanMandate(c.queryRow(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return m, err
}

// Mandates lists communityID's mandates of the units unitIDs (empty: every unit): the active ones, the
// paused, then the revoked, each in the registry's order of their units and a unit's newest first.
func (db *DB) Mandates(ctx context.Context, communityID string, unitIDs []string) ([]domain.Mandate, error) {
	q := mandateSelect + " WHERE m.community_id = ?"
	args := []any{communityID}
	if len(unitIDs) > 0 {
		q += " AND m.unit_id IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(unitIDs)), ", ") + ")"
		for _, id := range unitIDs {
			args = append(args, id)
		}
	}
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanMandate),
		q+" ORDER BY CASE m.status WHEN 'active' THEN 0 WHEN 'paused' THEN 1 ELSE 2 END, "+unitRegistryKey+", m.created_at DESC, m.id", args...)
	if out == nil && err == nil {
		out = []domain.Mandate{}
	}
	return out, err
}

// MandateForUpdate reads a mandate of communityID and locks it (InTx); nil when there is none.
func (db *DB) MandateForUpdate(ctx context.Context, communityID, id string) (*domain.Mandate, error) {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, "UPDATE money_mandates SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return oneMandate(ctx, c, mandateSelect+" WHERE m.id = ? AND m.community_id = ?", id, communityID)
}

// MandateInForceForUpdate reads the mandate in force (active or paused) of a unit and locks it (InTx);
// nil when there is none.
func (db *DB) MandateInForceForUpdate(ctx context.Context, communityID, unitID string) (*domain.Mandate, error) {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, `UPDATE money_mandates SET updated_at = updated_at WHERE community_id = ? AND unit_id = ?
		AND status IN ('active', 'paused')`, communityID, unitID); err != nil {
		return nil, err
	}
	return oneMandate(ctx, c, mandateSelect+" WHERE m.community_id = ? AND m.unit_id = ? AND m.status IN ('active', 'paused')",
		communityID, unitID)
}

// InsertMandate stores a new mandate.
func (db *DB) InsertMandate(ctx context.Context, m *domain.Mandate, at time.Time) error {
	a := m.DebtorAddress
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO money_mandates (id, community_id, unit_id, signed_by, reference, debtor_name, iban, bic,
		debtor_street, debtor_post_code, debtor_town, debtor_country, signed_on, status, collections, returns, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.CommunityID, m.UnitID, m.SignedBy, m.Reference, m.DebtorName, m.IBAN, m.BIC, a.Street, a.PostCode, a.Town, a.Country, m.SignedOn,
		string(m.Status), m.Collections, m.Returns, ms(at), ms(at))
	return err
}

// SaveMandate writes a mandate's status and counts, after MandateForUpdate, and reads back when and by whom
// it ended; by is who ended it when its status is no longer active, and m.EndReason why. Who ended it, when
// and why change only with the status: a later return of a debit under a paused or revoked mandate keeps
// them (the CASEs read the row as it was).
func (db *DB) SaveMandate(ctx context.Context, m *domain.Mandate, by *string, at time.Time) error {
	var endedBy *string
	var endedAt *int64
	reason := ""
	if m.Status != domain.MandateActive {
		t := ms(at)
		endedBy, endedAt, reason = by, &t, m.EndReason
	}
	status := string(m.Status)
	return db.writerIn(ctx).queryRow(ctx, `UPDATE money_mandates SET status = ?, collections = ?, returns = ?,
		ended_by = CASE WHEN status = ? THEN ended_by ELSE ? END, ended_at = CASE WHEN status = ? THEN ended_at ELSE ? END,
		end_reason = CASE WHEN status = ? THEN end_reason ELSE ? END,
		updated_at = ? WHERE id = ? AND community_id = ?
		RETURNING ended_at, end_reason, COALESCE((SELECT full_name FROM profiles WHERE id = money_mandates.ended_by), '')`,
		status, m.Collections, m.Returns, status, endedBy, status, endedAt, status, reason, ms(at), m.ID, m.CommunityID).
		Scan(&m.EndedAt, &m.EndReason, &m.EndedByName)
}

// ActiveMandateUnits maps each of communityID's units with an active mandate to the latest day that
// mandate was used or signed (DateLayout): the day its 36 months of disuse count from.
func (db *DB) ActiveMandateUnits(ctx context.Context, communityID string) (map[string]string, error) {
	type row struct{ unit, day string }
	rows, err := queryAll(ctx, db.readerIn(ctx), func(r scanner) (row, error) {
		var x row
		return x, r.Scan(&x.unit, &x.day)
	}, "SELECT m.unit_id, COALESCE("+mandateLastCollection+", m.signed_on) FROM money_mandates m WHERE m.community_id = ? AND m.status = 'active'",
		communityID)
	out := make(map[string]string, len(rows))
	for _, x := range rows {
		out[x.unit] = x.day
	}
	return out, err
}

// SwitchOpenReceipts changes the payment method of a unit's receipts that still owe something and were
// never in a remittance, from one method to another; it returns how many changed.
func (db *DB) SwitchOpenReceipts(ctx context.Context, communityID, unitID string, from, to domain.PaymentMethod, at time.Time) (int, error) {
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE money_receipts SET method = ?, updated_at = ? WHERE community_id = ? AND unit_id = ?
		AND method = ? AND paid_cents < amount_cents AND NOT EXISTS (SELECT 1 FROM money_remittance_receipts WHERE receipt_id = money_receipts.id)`,
		string(to), ms(at), communityID, unitID, string(from))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// CollectableReceipts lists communityID's receipts that a remittance may collect, locked (InTx): due on or
// before dueUpTo, paid by direct debit, still owing, never in a remittance, of a unit with an active
// mandate; by unit, then number. It locks the active mandates first, in the order a revocation takes
// them (its mandate, then the unit's receipts), so the two never wait for each other in a circle.
func (db *DB) CollectableReceipts(ctx context.Context, communityID, dueUpTo string) ([]domain.Receipt, error) {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, "UPDATE money_mandates SET updated_at = updated_at WHERE community_id = ? AND status = 'active'", communityID); err != nil {
		return nil, err
	}
	where := ` WHERE community_id = ? AND method = 'direct_debit' AND paid_cents < amount_cents AND due_date <= ?
		AND NOT EXISTS (SELECT 1 FROM money_remittance_receipts r WHERE r.receipt_id = money_receipts.id)
		AND unit_id IN (SELECT m.unit_id FROM money_mandates m WHERE m.community_id = ? AND m.status = 'active')`
	if _, err := c.exec(ctx, "UPDATE money_receipts SET updated_at = updated_at"+where, communityID, dueUpTo, communityID); err != nil {
		return nil, err
	}
	return db.scanReceipts(ctx, c, receiptSelect+where+" ORDER BY unit_label, year, number", communityID, dueUpTo, communityID)
}

// ReceiptIDByNumber finds a receipt of communityID by its year and number; "" when there is none.
func (db *DB) ReceiptIDByNumber(ctx context.Context, communityID string, year, number int) (string, error) {
	var id string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT id FROM money_receipts WHERE community_id = ? AND year = ? AND number = ?",
		communityID, year, number).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// SaveReceiptState writes what has been paid of a receipt, its status and its payment method (InTx).
func (db *DB) SaveReceiptState(ctx context.Context, r *domain.Receipt, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE money_receipts SET paid_cents = ?, status = ?, method = ?, updated_at = ? WHERE id = ? AND community_id = ?",
		r.Paid, string(r.Status), string(r.Method), ms(at), r.ID, r.CommunityID)
	return err
}

// InsertRemittance stores a remittance, its file and its receipts (each receipt's Debit). A receipt
// already in a remittance fails the primary key.
func (db *DB) InsertRemittance(ctx context.Context, communityID string, r *domain.RemittanceSummary, xml []byte, receipts []domain.Receipt,
	by string, at time.Time) error {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, `INSERT INTO money_remittances (id, community_id, number, message_id, collection_date, debits, total_cents, xml,
		created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, communityID, r.Number, r.MessageID, r.CollectionDate, r.Debits,
		r.Total, string(xml), by, ms(at)); err != nil {
		return err
	}
	for _, rc := range receipts {
		d := rc.Debit
		if _, err := c.exec(ctx, `INSERT INTO money_remittance_receipts (receipt_id, remittance_id, mandate_id, sequence_type, collected_cents,
			collection_date) VALUES (?, ?, ?, ?, ?, ?)`, rc.ID, r.ID, d.MandateID, d.SequenceType, d.Collected, d.CollectionDate); err != nil {
			return err
		}
	}
	return nil
}

func scanRemittance(row scanner) (*domain.RemittanceSummary, error) {
	var r domain.RemittanceSummary
	err := row.Scan(&r.ID, &r.Number, &r.MessageID, &r.CollectionDate, &r.Debits, &r.Total, &r.CreatedAt)
	return &r, err
}

const remittanceSelect = "SELECT id, number, message_id, collection_date, debits, total_cents, created_at FROM money_remittances"

// Remittances lists communityID's remittances, the newest first.
func (db *DB) Remittances(ctx context.Context, communityID string) ([]domain.RemittanceSummary, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanRemittance), remittanceSelect+" WHERE community_id = ? ORDER BY number DESC", communityID)
	if out == nil && err == nil {
		out = []domain.RemittanceSummary{}
	}
	return out, err
}

// Remittance returns a remittance of communityID and its file; nil when there is none.
func (db *DB) Remittance(ctx context.Context, communityID, id string) (*domain.RemittanceSummary, []byte, error) {
	r, err := scanRemittance(db.readerIn(ctx).queryRow(ctx, remittanceSelect+" WHERE id = ? AND community_id = ?", id, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var xml string
	err = db.readerIn(ctx).queryRow(ctx, "SELECT xml FROM money_remittances WHERE id = ?", id).Scan(&xml)
	return r, []byte(xml), err
}

// SaveReceiptReturn writes a receipt's returned debit (InTx, after ReceiptForUpdate).
func (db *DB) SaveReceiptReturn(ctx context.Context, receiptID string, d *domain.ReceiptDebit, by string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `UPDATE money_remittance_receipts SET returned_on = ?, return_reason = ?, return_charge_cents = ?,
		returned_by = ?, returned_at = ? WHERE receipt_id = ?`, d.ReturnedOn, d.ReturnReason, d.ReturnCharge, by, ms(at), receiptID)
	return err
}

// In the export of a member's data (personaldata.go): the direct-debit mandates they signed.
func init() {
	exportPersonalData(
		dataSection{"direct_debit_mandates", `SELECT id, community_id, unit_id, reference, debtor_name, iban, bic, signed_on, status, created_at
		FROM money_mandates WHERE signed_by = ? ORDER BY created_at`},
	)
}
