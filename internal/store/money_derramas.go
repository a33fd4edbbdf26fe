package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// Derramas (issue #36): one-off charges in instalments. As money.go, these only run SQL; internal/money
// shares them out and issues their receipts.

// InsertDerrama stores a derrama, numbered on, and its instalments (InTx, after LockMoneySettings).
func (db *DB) InsertDerrama(ctx context.Context, d *domain.Derrama, by string, at time.Time) error {
	c := db.writerIn(ctx)
	// The number follows the community's last; the caller holds LockMoneySettings, so two never race.
	if err := c.queryRow(ctx, `INSERT INTO money_derramas (id, community_id, number, concept, total_cents, group_id, junta_date, created_by, created_at)
		SELECT ?, ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ?, ?, ? FROM money_derramas WHERE community_id = ? RETURNING number`,
		d.ID, d.CommunityID, d.Concept, d.Total, d.GroupID, d.JuntaDate, by, ms(at), d.CommunityID).Scan(&d.Number); err != nil {
		return err
	}
	for _, in := range d.Instalments {
		if _, err := c.exec(ctx, "INSERT INTO money_derrama_instalments (derrama_id, number, due_date) VALUES (?, ?, ?)",
			d.ID, in.Number, in.DueDate); err != nil {
			return err
		}
	}
	return nil
}

// MoneyGroupInDerrama reports whether a derrama of communityID is shared by the group.
func (db *DB) MoneyGroupInDerrama(ctx context.Context, communityID, id string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM money_derramas WHERE community_id = ? AND group_id = ?", communityID, id).Scan(&n)
	return n > 0, err
}

// Derramas lists communityID's derramas, newest first, with their instalments (id "": all of them; else
// that one, or none).
func (db *DB) Derramas(ctx context.Context, communityID, id string) ([]domain.Derrama, error) {
	c := db.readerIn(ctx)
	q := "SELECT id, community_id, number, concept, total_cents, group_id, junta_date, created_at FROM money_derramas WHERE community_id = ?"
	args := []any{communityID}
	if id != "" {
		q += " AND id = ?"
		args = append(args, id)
	}
	ds, err := queryAll(ctx, c, func(r scanner) (domain.Derrama, error) {
		var d domain.Derrama
		err := r.Scan(&d.ID, &d.CommunityID, &d.Number, &d.Concept, &d.Total, &d.GroupID, &d.JuntaDate, &d.CreatedAt)
		return d, err
	}, q+" ORDER BY number DESC", args...)
	if err != nil {
		return nil, err
	}
	for i := range ds {
		d := &ds[i]
		if d.Instalments, err = queryAll(ctx, c, func(r scanner) (domain.DerramaInstalment, error) {
			var in domain.DerramaInstalment
			err := r.Scan(&in.Number, &in.DueDate, &in.Issued)
			return in, err
		}, `SELECT i.number, i.due_date, EXISTS (SELECT 1 FROM money_receipt_runs r WHERE r.community_id = ? AND r.period_key = ?
			|| CAST(i.number AS TEXT)) FROM money_derrama_instalments i WHERE i.derrama_id = ? ORDER BY i.number`,
			communityID, domain.DerramaKeyPrefix(d.Number), d.ID); err != nil {
			return nil, err
		}
	}
	return ds, nil
}
