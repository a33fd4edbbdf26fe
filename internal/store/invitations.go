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

func scanInvitation(row scanner) (domain.Invitation, error) {
	var i domain.Invitation
	var kind, status string
	var created, sent, expires int64
	var accepted, revoked *int64
	var number, floor, building *string
	if err := row.Scan(&i.ID, &i.CommunityID, &i.Email, &i.UnitID, &kind, &status, &i.InvitedBy, &i.Sends, &created, &sent,
		&expires, &accepted, &revoked, &number, &floor, &building); err != nil {
		return i, err
	}
	i.Kind, i.Status = domain.InvitationKind(kind), domain.InvitationStatus(status)
	i.CreatedAt, i.SentAt, i.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(sent).UTC(), time.UnixMilli(expires).UTC()
	i.AcceptedAt, i.RevokedAt = msTime(accepted), msTime(revoked)
	if number != nil {
		i.UnitLabel = domain.UnitLabel(building, floor, *number)
	}
	return i, nil
}

// Invitations lists a community's invitations, newest first.
func (db *DB) Invitations(ctx context.Context, communityID string) ([]domain.Invitation, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanInvitation, invitationQuery+" WHERE i.community_id = ? ORDER BY i.created_at DESC, i.id DESC LIMIT 1000", communityID))
}

// EmailIsMember reports whether the address is a member's of the community.
func (db *DB) EmailIsMember(ctx context.Context, email, communityID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM users u JOIN memberships p ON p.user_id = u.id WHERE u.email = ? AND p.community_id = ?`,
		email, communityID).Scan(&n)
	return n > 0, err
}

// LiveInvitations counts the community's invitations sent and not expired at now: to the address, or
// all of them when email is "".
func (db *DB) LiveInvitations(ctx context.Context, communityID, email string, now time.Time) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM invitations WHERE community_id = ? AND (CAST(? AS TEXT) = '' OR email = ?)
		AND status = 'sent' AND expires_at > ?`, communityID, email, email, now.UnixMilli()).Scan(&n)
	return n, err
}

// InsertInvitation stores a new invitation, sent once at inv.SentAt.
func (db *DB) InsertInvitation(ctx context.Context, inv *domain.Invitation) error {
	var relation *string
	if inv.Owner {
		o := string(domain.UnitOwner)
		relation = &o
	}
	if _, err := db.writerIn(ctx).exec(ctx, `INSERT INTO invitations (id, community_id, email, unit_id, kind, status, invited_by, sends, created_at, sent_at, expires_at, token_hash, unit_relation)
		VALUES (?, ?, ?, ?, ?, 'sent', ?, 1, ?, ?, ?, ?, ?)`, inv.ID, inv.CommunityID, inv.Email, inv.UnitID, string(inv.Kind), inv.InvitedBy,
		inv.CreatedAt.UnixMilli(), inv.SentAt.UnixMilli(), inv.ExpiresAt.UnixMilli(), nullString(inv.TokenHash), relation); err != nil {
		return err
	}
	inv.Status, inv.Sends = domain.InvitationSent, 1
	return nil
}

// InvitationForUpdate reads an invitation of communityID inside the transaction of ctx (InTx) and locks
// it until that ends; nil when the community has no such invitation.
func (db *DB) InvitationForUpdate(ctx context.Context, communityID, id string) (*domain.Invitation, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE invitations SET sends = sends WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return firstRow(queryAll(ctx, tx, scanInvitation, invitationQuery+" WHERE i.id = ? AND i.community_id = ?", id, communityID))
}

// SaveInvitation writes the state of an invitation read with InvitationForUpdate, in the same
// transaction, and queues m when it is not nil (a resend).
func (db *DB) SaveInvitation(ctx context.Context, inv *domain.Invitation) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE invitations SET status = ?, sends = ?, sent_at = ?, expires_at = ?, revoked_at = ?,
		token_hash = COALESCE(?, token_hash) WHERE id = ?`,
		string(inv.Status), inv.Sends, inv.SentAt.UnixMilli(), inv.ExpiresAt.UnixMilli(), nullMS(inv.RevokedAt), nullString(inv.TokenHash), inv.ID); err != nil {
		return err
	}
	return nil
}

// InvitationByToken finds the invitation whose personal link carries the token of hash; nil when none does.
func (db *DB) InvitationByToken(ctx context.Context, hash string) (*domain.Invitation, error) {
	return firstRow(queryAll(ctx, db.readerIn(ctx), scanInvitation, invitationQuery+" WHERE i.token_hash = ?", hash))
}

// SpendInvitation accepts a sent invitation by the user it was sent to (their address is its address),
// once, at now, and returns its community; "" when it is not theirs to spend (any more).
func (db *DB) SpendInvitation(ctx context.Context, id, userID string, now time.Time) (string, error) {
	tx := db.writerIn(ctx)
	res, err := tx.exec(ctx, `UPDATE invitations SET status = 'accepted', accepted_at = ?, accepted_by = ?
		WHERE id = ? AND status = 'sent' AND email = (SELECT email FROM users WHERE id = ?)`, now.UnixMilli(), userID, id, userID)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", nil
	}
	var communityID string
	err = tx.queryRow(ctx, "SELECT community_id FROM invitations WHERE id = ?", id).Scan(&communityID)
	return communityID, err
}

// AcceptInvitations marks the live invitations of the user's address to the community as accepted at
// at: they have just joined it (by the code, the link or an approved request).
func (db *DB) AcceptInvitations(ctx context.Context, userID, communityID string, at time.Time) error {
	return acceptInvitations(ctx, db.writerIn(ctx), userID, communityID, at.UnixMilli())
}

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
	err := db.readerIn(ctx).queryRow(ctx, `SELECT i.unit_id FROM invitations i JOIN units un ON un.id = i.unit_id
		WHERE i.accepted_by = ? AND i.community_id = ? ORDER BY i.accepted_at DESC LIMIT 1`, userID, communityID).Scan(&id)
	if err == nil || !errors.Is(err, sql.ErrNoRows) || inviteUnit == "" {
		if errors.Is(err, sql.ErrNoRows) {
			err = nil
		}
		return id, err
	}
	err = db.readerIn(ctx).queryRow(ctx, "SELECT id FROM units WHERE id = ? AND community_id = ?", inviteUnit, communityID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}
