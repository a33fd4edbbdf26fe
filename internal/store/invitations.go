package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// Invitations (issue #21): an admin's emails that bring neighbours in. See internal/invitations.

const invitationQuery = `SELECT i.id, i.community_id, i.email, i.unit_id, i.kind, i.status, i.invited_by, i.sends, i.created_at, i.sent_at,
	i.expires_at, i.accepted_at, i.revoked_at, un.unit_number, un.floor, un.building
	FROM invitations i LEFT JOIN units un ON un.id = i.unit_id`

func queryInvitations(ctx context.Context, c conn, where string, args ...any) ([]domain.Invitation, error) {
	rows, err := c.query(ctx, invitationQuery+" WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Invitation{}
	for rows.Next() {
		var i domain.Invitation
		var kind, status string
		var created, sent, expires int64
		var accepted, revoked *int64
		var number, floor, building *string
		if err := rows.Scan(&i.ID, &i.CommunityID, &i.Email, &i.UnitID, &kind, &status, &i.InvitedBy, &i.Sends, &created, &sent,
			&expires, &accepted, &revoked, &number, &floor, &building); err != nil {
			return nil, err
		}
		i.Kind, i.Status = domain.InvitationKind(kind), domain.InvitationStatus(status)
		i.CreatedAt, i.SentAt, i.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(sent).UTC(), time.UnixMilli(expires).UTC()
		i.AcceptedAt, i.RevokedAt = msTime(accepted), msTime(revoked)
		if number != nil {
			i.UnitLabel = domain.UnitLabel(building, floor, *number)
		}
		out = append(out, i)
	}
	return out, rows.Err()
}

var (
	errInvitationNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la invitación")
	errInviteeIsMember    = domain.Errorf(domain.CodeConflict, "Esta dirección ya pertenece a un miembro de la comunidad")
	errInvitePending      = domain.Errorf(domain.CodeConflict, "Ya hay una invitación pendiente para esta dirección. Puedes reenviarla desde la lista.")
)

// Invitations lists a community's invitations, newest first.
func (db *DB) Invitations(ctx context.Context, communityID string) ([]domain.Invitation, error) {
	return queryInvitations(ctx, db.reader(), "i.community_id = ? ORDER BY i.created_at DESC, i.id DESC LIMIT 1000", communityID)
}

// CreateInvitation stores a new invitation of its community and queues its email, in one transaction.
// It refuses an address that already belongs to a member (409), one with a live invitation (409), a
// unit of another community (404), and a community with maxPending live invitations already (429).
func (db *DB) CreateInvitation(ctx context.Context, inv *domain.Invitation, maxPending int, m domain.Mail) error {
	return db.inTx(ctx, func(tx conn) error {
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = ? AND p.community_id = ?`,
			inv.Email, inv.CommunityID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return errInviteeIsMember
		}
		if inv.UnitID != nil {
			if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", *inv.UnitID, inv.CommunityID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return errUnitNotFound
			}
		}
		now := inv.SentAt.UnixMilli()
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM invitations WHERE community_id = ? AND email = ? AND status = 'sent' AND expires_at > ?",
			inv.CommunityID, inv.Email, now).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return errInvitePending
		}
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM invitations WHERE community_id = ? AND status = 'sent' AND expires_at > ?",
			inv.CommunityID, now).Scan(&n); err != nil {
			return err
		}
		if n >= maxPending {
			return domain.Errorf(domain.CodeRateLimited, "La comunidad ya tiene %d invitaciones pendientes. Espera a que se acepten o revoca alguna.", maxPending)
		}
		if _, err := tx.exec(ctx, `INSERT INTO invitations (id, community_id, email, unit_id, kind, status, invited_by, sends, created_at, sent_at, expires_at, token_hash)
			VALUES (?, ?, ?, ?, ?, 'sent', ?, 1, ?, ?, ?, ?)`, inv.ID, inv.CommunityID, inv.Email, inv.UnitID, string(inv.Kind), inv.InvitedBy,
			inv.CreatedAt.UnixMilli(), now, inv.ExpiresAt.UnixMilli(), nullString(inv.TokenHash)); err != nil {
			return err
		}
		inv.Status, inv.Sends = domain.InvitationSent, 1
		return enqueueMail(ctx, tx, m)
	})
}

// InvitationForUpdate reads an invitation of communityID inside the transaction of ctx (InTx) and locks
// it until that ends.
func (db *DB) InvitationForUpdate(ctx context.Context, communityID, id string) (*domain.Invitation, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE invitations SET sends = sends WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, errInvitationNotFound
	}
	is, err := queryInvitations(ctx, tx, "i.id = ?", id)
	if err != nil {
		return nil, err
	}
	return &is[0], nil
}

// SaveInvitation writes the state of an invitation read with InvitationForUpdate, in the same
// transaction, and queues m when it is not nil (a resend).
func (db *DB) SaveInvitation(ctx context.Context, inv *domain.Invitation, m *domain.Mail) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE invitations SET status = ?, sends = ?, sent_at = ?, expires_at = ?, revoked_at = ?,
		token_hash = COALESCE(?, token_hash) WHERE id = ?`,
		string(inv.Status), inv.Sends, inv.SentAt.UnixMilli(), inv.ExpiresAt.UnixMilli(), nullMS(inv.RevokedAt), nullString(inv.TokenHash), inv.ID); err != nil {
		return err
	}
	if m == nil {
		return nil
	}
	return enqueueMail(ctx, tx, *m)
}

var errInvitationSpent = domain.Errorf(domain.CodeConflict, "Esta invitación ya no es válida. Pide a la administración de tu comunidad que te invite de nuevo.")

// InvitationByToken finds the invitation whose personal link carries the token of hash.
func (db *DB) InvitationByToken(ctx context.Context, hash string) (*domain.Invitation, error) {
	is, err := queryInvitations(ctx, db.reader(), "i.token_hash = ?", hash)
	if err != nil {
		return nil, err
	}
	if len(is) == 0 {
		return nil, errInvitationNotFound
	}
	return &is[0], nil
}

// spendInvitation accepts a sent invitation by the user it was sent to (their address is its address),
// once, and returns its community.
func spendInvitation(ctx context.Context, tx conn, id, userID string) (string, error) {
	res, err := tx.exec(ctx, `UPDATE invitations SET status = 'accepted', accepted_at = ?, accepted_by = ?
		WHERE id = ? AND status = 'sent' AND email = (SELECT email FROM users WHERE id = ?)`, time.Now().UnixMilli(), userID, id, userID)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", errInvitationSpent
	}
	var communityID string
	err = tx.queryRow(ctx, "SELECT community_id FROM invitations WHERE id = ?", id).Scan(&communityID)
	return communityID, err
}

// acceptInvitations marks the live invitations of the user's address to the community as accepted: they
// have just joined it (by the code, the link or an approved request).
func acceptInvitations(ctx context.Context, tx conn, userID, communityID string, now int64) error {
	_, err := tx.exec(ctx, `UPDATE invitations SET status = 'accepted', accepted_at = ?, accepted_by = ?
		WHERE community_id = ? AND status = 'sent' AND email = (SELECT email FROM users WHERE id = ?)`, now, userID, communityID, userID)
	return err
}

// InvitedUnit is the unit to preselect when the user chooses theirs in their community: the unit of the
// invitation they accepted, else the one of the letter's link they registered with (inviteUnit), when
// it is a unit of that community; "" when none.
func (db *DB) InvitedUnit(ctx context.Context, userID, communityID, inviteUnit string) (string, error) {
	var id string
	err := db.reader().queryRow(ctx, `SELECT i.unit_id FROM invitations i JOIN units un ON un.id = i.unit_id
		WHERE i.accepted_by = ? AND i.community_id = ? ORDER BY i.accepted_at DESC LIMIT 1`, userID, communityID).Scan(&id)
	if err == nil || !errors.Is(err, sql.ErrNoRows) || inviteUnit == "" {
		if errors.Is(err, sql.ErrNoRows) {
			err = nil
		}
		return id, err
	}
	err = db.reader().queryRow(ctx, "SELECT id FROM units WHERE id = ? AND community_id = ?", inviteUnit, communityID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}
