package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// The administrador de fincas' office (issue #35, ADR 0045): organisations, their staff and the
// communities that name one their processor. The access that follows from them is read in SessionActor.

const organisationColumns = "o.id, o.name, o.nif, o.colegiado, o.code, o.created_at"

func scanOrganisation(row scanner, extra ...any) (*domain.Organisation, error) {
	var o domain.Organisation
	var created int64
	err := row.Scan(append([]any{&o.ID, &o.Name, &o.NIF, &o.Colegiado, &o.Code, &created}, extra...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	o.CreatedAt = time.UnixMilli(created).UTC()
	return &o, nil
}

// CreateOrganisation stores an organisation with ownerID as its administrador, inside the transaction of
// ctx. It reports false when its NIF or code is taken, or the owner is already on a staff.
func (db *DB) CreateOrganisation(ctx context.Context, o *domain.Organisation, ownerID string) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO organisations (id, name, nif, colegiado, code, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, o.ID, o.Name, o.NIF, o.Colegiado, o.Code, ownerID, ms(o.CreatedAt)); err != nil {
		if isUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO organisation_staff (organisation_id, user_id, rights, joined_at) VALUES (?, ?, 'owner', ?)`,
		o.ID, ownerID, ms(o.CreatedAt)); err != nil {
		if isUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// OrganisationOfUser is the organisation userID is on the staff of, with their rights; nil: none.
func (db *DB) OrganisationOfUser(ctx context.Context, userID string) (*domain.Organisation, error) {
	var rights string
	o, err := scanOrganisation(db.readerIn(ctx).queryRow(ctx, "SELECT "+organisationColumns+`, os.rights
		FROM organisation_staff os JOIN organisations o ON o.id = os.organisation_id WHERE os.user_id = ?`, userID), &rights)
	if o != nil {
		o.Rights = domain.StaffRights(rights)
	}
	return o, err
}

// OrganisationByCodeOrNIF finds an organisation by its code or its (normalised) NIF; nil: none.
func (db *DB) OrganisationByCodeOrNIF(ctx context.Context, code, nif string) (*domain.Organisation, error) {
	return scanOrganisation(db.readerIn(ctx).queryRow(ctx, "SELECT "+organisationColumns+` FROM organisations o
		WHERE o.code = ? OR o.nif = ?`, code, nif))
}

// OrganisationStaff lists an organisation's staff, the administrador first.
func (db *DB) OrganisationStaff(ctx context.Context, orgID string) ([]domain.StaffMember, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.StaffMember, error) {
		var m domain.StaffMember
		var rights string
		var joined int64
		err := row.Scan(&m.UserID, &m.FullName, &m.Email, &rights, &joined)
		m.Rights, m.JoinedAt = domain.StaffRights(rights), time.UnixMilli(joined).UTC()
		return m, err
	}, `SELECT os.user_id, p.full_name, u.email, os.rights, os.joined_at
		FROM organisation_staff os JOIN users u ON u.id = os.user_id JOIN profiles p ON p.id = os.user_id
		WHERE os.organisation_id = ? ORDER BY CASE os.rights WHEN 'owner' THEN 0 ELSE 1 END, p.full_name, os.user_id`, orgID))
}

// StaffIDs are the accounts on an organisation's staff.
func (db *DB) StaffIDs(ctx context.Context, orgID string) ([]string, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	}, "SELECT user_id FROM organisation_staff WHERE organisation_id = ?", orgID))
}

// RemoveStaff takes an assistant (never the administrador) off an organisation's staff; false: none such.
func (db *DB) RemoveStaff(ctx context.Context, orgID, userID string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM organisation_staff WHERE organisation_id = ? AND user_id = ? AND rights <> 'owner'", orgID, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// CreateStaffInvitation stores an invitation to an organisation's staff.
func (db *DB) CreateStaffInvitation(ctx context.Context, inv *domain.StaffInvitation) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO organisation_invitations (id, organisation_id, email, rights, token_hash, invited_by,
		created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, inv.ID, inv.OrganisationID, inv.Email, string(inv.Rights), inv.TokenHash,
		nullString(inv.InvitedBy), ms(inv.CreatedAt), ms(inv.ExpiresAt))
	return err
}

const staffInvitationColumns = "id, organisation_id, email, rights, token_hash, COALESCE(invited_by, ''), created_at, expires_at, accepted_at"

func scanStaffInvitation(row scanner) (domain.StaffInvitation, error) {
	var inv domain.StaffInvitation
	var rights string
	var created, expires int64
	var accepted *int64
	err := row.Scan(&inv.ID, &inv.OrganisationID, &inv.Email, &rights, &inv.TokenHash, &inv.InvitedBy, &created, &expires, &accepted)
	inv.Rights, inv.CreatedAt, inv.ExpiresAt = domain.StaffRights(rights), time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
	if accepted != nil {
		t := time.UnixMilli(*accepted).UTC()
		inv.AcceptedAt = &t
	}
	return inv, err
}

// PendingStaffInvitations lists an organisation's invitations not yet accepted nor expired at now.
func (db *DB) PendingStaffInvitations(ctx context.Context, orgID string, now time.Time) ([]domain.StaffInvitation, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanStaffInvitation, "SELECT "+staffInvitationColumns+` FROM organisation_invitations
		WHERE organisation_id = ? AND accepted_at IS NULL AND expires_at > ? ORDER BY created_at DESC`, orgID, ms(now)))
}

// StaffInvitationByToken finds an invitation by its token's hash; nil: none.
func (db *DB) StaffInvitationByToken(ctx context.Context, tokenHash string) (*domain.StaffInvitation, error) {
	inv, err := scanStaffInvitation(db.readerIn(ctx).queryRow(ctx, "SELECT "+staffInvitationColumns+
		" FROM organisation_invitations WHERE token_hash = ?", tokenHash))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &inv, nil
}

// AcceptStaffInvitation puts userID on the invitation's staff with its rights and marks it accepted,
// inside the transaction of ctx. It reports false when it was accepted already or the account is on a
// staff already.
func (db *DB) AcceptStaffInvitation(ctx context.Context, inv *domain.StaffInvitation, userID string, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, "UPDATE organisation_invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL", ms(at), inv.ID)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := tx.exec(ctx, "INSERT INTO organisation_staff (organisation_id, user_id, rights, joined_at) VALUES (?, ?, ?, ?)",
		inv.OrganisationID, userID, string(inv.Rights), ms(at)); err != nil {
		if isUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

const processorColumns = `cp.community_id, c.name, o.id, o.name, o.nif, o.colegiado, cp.status, cp.invited_at, cp.accepted_at`

func scanProcessor(row scanner) (domain.Processor, error) {
	var p domain.Processor
	var status string
	var invited int64
	var accepted *int64
	err := row.Scan(&p.CommunityID, &p.CommunityName, &p.OrganisationID, &p.OrganisationName, &p.NIF, &p.Colegiado, &status, &invited, &accepted)
	p.Status, p.InvitedAt = domain.ProcessorStatus(status), time.UnixMilli(invited).UTC()
	if accepted != nil {
		t := time.UnixMilli(*accepted).UTC()
		p.AcceptedAt = &t
	}
	return p, err
}

// CommunityProcessor is the organisation a community invited or named its processor, not revoked; nil: none.
func (db *DB) CommunityProcessor(ctx context.Context, communityID string) (*domain.Processor, error) {
	p, err := scanProcessor(db.readerIn(ctx).queryRow(ctx, "SELECT "+processorColumns+` FROM community_processors cp
		JOIN communities c ON c.id = cp.community_id JOIN organisations o ON o.id = cp.organisation_id
		WHERE cp.community_id = ? AND cp.status IN ('invited', 'active') ORDER BY cp.invited_at DESC LIMIT 1`, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// OrganisationCommunities lists the communities that invited an organisation or that it runs, by name.
func (db *DB) OrganisationCommunities(ctx context.Context, orgID string) ([]domain.Processor, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanProcessor, "SELECT "+processorColumns+` FROM community_processors cp
		JOIN communities c ON c.id = cp.community_id JOIN organisations o ON o.id = cp.organisation_id
		WHERE cp.organisation_id = ? AND cp.status IN ('invited', 'active') ORDER BY c.name, c.id`, orgID))
}

// InviteProcessor records that a community invites an organisation (again, after a revocation).
func (db *DB) InviteProcessor(ctx context.Context, communityID, orgID, by string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO community_processors (community_id, organisation_id, status, invited_by, invited_at)
		VALUES (?, ?, 'invited', ?, ?)
		ON CONFLICT (community_id, organisation_id) DO UPDATE SET status = 'invited', invited_by = excluded.invited_by,
			invited_at = excluded.invited_at, accepted_by = NULL, accepted_at = NULL, revoked_at = NULL`, communityID, orgID, by, ms(at))
	return err
}

// AcceptProcessor starts an invited organisation's access to a community; false: no such invitation.
func (db *DB) AcceptProcessor(ctx context.Context, communityID, orgID, by string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE community_processors SET status = 'active', accepted_by = ?, accepted_at = ?
		WHERE community_id = ? AND organisation_id = ? AND status = 'invited'`, by, ms(at), communityID, orgID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// RevokeProcessor ends an organisation's invitation or access to a community; false: it had neither.
func (db *DB) RevokeProcessor(ctx context.Context, communityID, orgID string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE community_processors SET status = 'revoked', revoked_at = ?
		WHERE community_id = ? AND organisation_id = ? AND status IN ('invited', 'active')`, ms(at), communityID, orgID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// runByOffice selects the communities an office (its one parameter) runs now: its processor active there.
const runByOffice = "SELECT cp.community_id FROM community_processors cp WHERE cp.organisation_id = ? AND cp.status = 'active'"

// inOffice is "column IN (the communities orgID runs now)" and its argument: the office's queries name the
// office, not its up to 300 communities, so that each has one parameter to send and PostgreSQL binds and
// plans no list of hundreds of values (about 1 ms of planning each at 200 communities: a statement with the
// list was planned anew at every execution, where one that names the office gets a generic plan after
// five). PostgreSQL joins the office's processors with their statistics and chooses how: one descent of an
// index per community, or a merge or hash with a whole small one.
func inOffice(column, orgID string) (string, any) {
	return column + " IN (" + runByOffice + ")", orgID
}

// amongOffice is inOffice for the search, which finds a few rows among the office's communities: on
// PostgreSQL = ANY(ARRAY(subquery)), whose subquery runs once, first, and only if a row needs it, and whose
// array is searched as the list of communities was, one descent of the community's index for each,
// whatever the planner's statistics (it takes the array for 10 values). With IN (subquery) PostgreSQL chose
// how to join the processors' rows by its statistics, and on a database of a few hundred communities it
// merged or hashed the members' whole index or table.
func (e Engine) amongOffice(column, orgID string) (string, any) {
	if e == Postgres {
		return column + " = ANY(ARRAY(" + runByOffice + "))", orgID
	}
	return inOffice(column, orgID)
}

// officeOverviewQuery lists the communities that invited orgID or that it runs, by name, with the overview
// of those it runs at now for userID (issue #35): one statement, one round trip, one row per community.
// The counters read office_overview_rows, the open incidents, pending bookings and juntas convened of the
// communities the office runs, kept by triggers (migration 0076), in three ranges of its index that leads
// with the office and the kind: the open incidents of the last 30 days (those older are the rest of the
// community's count of open incidents, office_open_incidents), the bookings to come, the juntas. The
// direct messages to userID (the staff member who asks) not yet read are counted through the unread index
// that leads with the recipient, and the days of grace the community set for its debts read by key
// (money_settings). The community's name is the processors' copy of it (no read of communities). The plan
// test in organisations_overview_test.go checks the indexes.
//
// The times are CAST so that PostgreSQL's generic plan of the prepared statement compares the BIGINT
// column with BIGINTs, and each range is bounded on both sides (noEnd, as the dashboard's): the generic
// plan then prices it as narrow, no dearer than the plans for the values bound, and PostgreSQL keeps it
// after the fifth run on a connection instead of planning the statement at every request.
func officeOverviewQuery(orgID, userID string, now time.Time) sqlQuery {
	week, month := ms(now.AddDate(0, 0, -7)), ms(now.AddDate(0, 0, -30))
	unread := unreadQuery(orgID, userID)
	return sqlQuery{`SELECT cp.community_id, cp.community_name, cp.status, cp.invited_at, cp.accepted_at, COALESCE(t.under7, 0),
			COALESCE(t.to30, 0), COALESCE(oi.n, 0) - COALESCE(t.under7, 0) - COALESCE(t.to30, 0), COALESCE(t.pending, 0), t.junta,
			COALESCE(unread.n, 0), COALESCE(ms.grace_days, 0)
		FROM community_processors cp
		LEFT JOIN (SELECT r.community_id, COUNT(*) FILTER (WHERE r.kind = 'incident' AND r.at > CAST(? AS BIGINT)) AS under7,
				COUNT(*) FILTER (WHERE r.kind = 'incident' AND r.at <= CAST(? AS BIGINT)) AS to30,
				COUNT(*) FILTER (WHERE r.kind = 'booking') AS pending, MIN(r.at) FILTER (WHERE r.kind = 'junta') AS junta
			FROM (SELECT community_id, kind, at FROM office_overview_rows WHERE organisation_id = ? AND kind = 'incident'
					AND at > CAST(? AS BIGINT) AND at < CAST(? AS BIGINT)
				UNION ALL SELECT community_id, kind, at FROM office_overview_rows WHERE organisation_id = ? AND kind = 'booking'
					AND at > CAST(? AS BIGINT) AND at < CAST(? AS BIGINT)
				UNION ALL SELECT community_id, kind, at FROM office_overview_rows WHERE organisation_id = ? AND kind = 'junta') r
			GROUP BY r.community_id) t ON t.community_id = cp.community_id
		LEFT JOIN office_open_incidents oi ON oi.organisation_id = cp.organisation_id AND oi.community_id = cp.community_id
		LEFT JOIN (` + unread.q + `) unread ON unread.community_id = cp.community_id
		LEFT JOIN money_settings ms ON ms.community_id = cp.community_id AND cp.status = 'active'
		WHERE cp.organisation_id = ? AND cp.status IN ('invited', 'active') ORDER BY cp.community_name, cp.community_id`,
		append(append([]any{week, week, orgID, month, noEnd, orgID, ms(now), noEnd, orgID}, unread.args...), orgID)}
}

// unreadQuery counts the direct messages to userID not yet read in each community orgID runs, as the
// chat's badge counts them, through the unread index that leads with the recipient.
func unreadQuery(orgID, userID string) sqlQuery {
	in, office := inOffice("c.community_id", orgID)
	return sqlQuery{`SELECT c.community_id, COUNT(*) AS n FROM direct_messages d JOIN conversations c ON c.id = d.conversation_id
			JOIN conversation_participants me ON me.conversation_id = d.conversation_id AND me.user_id = d.recipient_id
			WHERE d.recipient_id = ? AND d.read_at IS NULL AND d.deleted_at IS NULL AND d.id > COALESCE(me.cleared_before, '')
			AND ` + in + ` GROUP BY c.community_id`, []any{userID, office}}
}

// UnreadByCommunity counts the direct messages to userID not yet read in each community orgID runs (the
// overview's unread counter alone: the header's switcher lists an office's communities with it); those
// without any are left out.
func (db *DB) UnreadByCommunity(ctx context.Context, orgID, userID string) (map[string]int, error) {
	out := map[string]int{}
	q := unreadQuery(orgID, userID)
	type row struct {
		id string
		n  int64
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(s scanner) (row, error) {
		var r row
		return r, s.Scan(&r.id, &r.n)
	}, q.q, q.args...)
	for _, r := range rows {
		out[r.id] = int(r.n)
	}
	return out, err
}

// OfficeCommunities lists the communities that invited orgID or that it runs, by name, those it runs with
// their overview's counters at now for userID (issue #35), and the days of grace of those that set some
// (the money's rule of a debt needs them): all in one statement. The organisation's own columns are left
// to the caller, who has read it.
func (db *DB) OfficeCommunities(ctx context.Context, orgID, userID string, now time.Time) ([]domain.Processor, map[string]int, error) {
	q := officeOverviewQuery(orgID, userID, now)
	grace := map[string]int{}
	ps, err := listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Processor, error) {
		var p domain.Processor
		var status string
		var invited int64
		var accepted, junta *int64
		var o domain.CommunityOverview
		var days int
		err := row.Scan(&p.CommunityID, &p.CommunityName, &status, &invited, &accepted, &o.IncidentsUnder7, &o.Incidents7To30,
			&o.IncidentsOver30, &o.PendingBookings, &junta, &o.UnreadMessages, &days)
		p.Status, p.InvitedAt, p.AcceptedAt = domain.ProcessorStatus(status), fromMS(invited), fromNullMS(accepted)
		if p.Status == domain.ProcessorActive {
			o.NextJuntaAt, p.Overview = fromNullMS(junta), &o
			if days != 0 {
				grace[p.CommunityID] = days
			}
		}
		return p, err
	}, q.q, q.args...))
	return ps, grace, err
}
