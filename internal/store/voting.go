package store

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"time"

	"vecinos/internal/domain"
)

// Voting (issue #15). Every read takes the poll's community, so a poll of another community is not found
// (nil). Reads run inside the transaction of ctx when there is one (the vote reads the electorate it
// locked), otherwise on the read pool.

const pollColumns = `id, community_id, kind, title, description, status, opens_at, closes_at, opened_at, closed_at, quorum, secret,
	allow_change, majority, convocatoria, junta_date, absent_favour, objection_until, finalized_at, created_by, created_at, updated_at`

// scanPoll reads a poll; its status is computed from its times at now (domain.Poll.StatusAt). The status
// column keeps the last step an admin or the job took, for the wall's reads.
func scanPoll(row scanner, now time.Time) (*domain.Poll, error) {
	var p domain.Poll
	var kind, stored string
	var majority, convocatoria *string
	var opensAt, openedAt, closedAt, juntaDate, objectionUntil, finalizedAt *int64
	var closesAt, createdAt, updatedAt int64
	if err := row.Scan(&p.ID, &p.CommunityID, &kind, &p.Title, &p.Description, &stored, &opensAt, &closesAt, &openedAt, &closedAt,
		&p.Quorum, &p.Secret, &p.AllowChange, &majority, &convocatoria, &juntaDate, &p.AbsentFavour, &objectionUntil, &finalizedAt,
		&p.CreatedBy, &createdAt, &updatedAt); err != nil {
		return nil, err
	}
	p.Kind = domain.PollKind(kind)
	if majority != nil {
		p.Majority = domain.Majority(*majority)
	}
	if convocatoria != nil {
		p.Convocatoria = domain.Convocatoria(*convocatoria)
	}
	p.OpensAt, p.OpenedAt, p.ClosedAt, p.JuntaDate = fromNullMS(opensAt), fromNullMS(openedAt), fromNullMS(closedAt), fromNullMS(juntaDate)
	p.ObjectionUntil, p.FinalizedAt = fromNullMS(objectionUntil), fromNullMS(finalizedAt)
	p.ClosesAt, p.CreatedAt, p.UpdatedAt = fromMS(closesAt), fromMS(createdAt), fromMS(updatedAt)
	p.Status = p.StatusAt(now)
	return &p, nil
}

// scanPollsAt is scanPoll at now, for queryAll.
func scanPollsAt(now time.Time) func(scanner) (*domain.Poll, error) {
	return func(row scanner) (*domain.Poll, error) { return scanPoll(row, now) }
}

func emptyNil[T ~string](v T) *string {
	if v == "" {
		return nil
	}
	s := string(v)
	return &s
}

// pollOptions fills in the options of polls, in order.
func pollOptions(ctx context.Context, c conn, polls []*domain.Poll) error {
	if len(polls) == 0 {
		return nil
	}
	byID := map[string]*domain.Poll{}
	args := make([]any, 0, len(polls))
	q := "SELECT poll_id, id, position, text, choice FROM poll_options WHERE poll_id IN ("
	for i, p := range polls {
		byID[p.ID] = p
		if i > 0 {
			q += ", "
		}
		q += "?"
		args = append(args, p.ID)
	}
	type option struct {
		pollID string
		domain.PollOption
	}
	options, err := queryAll(ctx, c, func(row scanner) (option, error) {
		var o option
		var choice *string
		err := row.Scan(&o.pollID, &o.ID, &o.Position, &o.Text, &choice)
		if choice != nil {
			o.Choice = domain.Choice(*choice)
		}
		return o, err
	}, q+") ORDER BY poll_id, position", args...)
	for _, o := range options {
		byID[o.pollID].Options = append(byID[o.pollID].Options, o.PollOption)
	}
	return err
}

// Poll reads a poll of communityID with its options, its status at now; nil when there is none.
func (db *DB) Poll(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error) {
	c := db.readerIn(ctx)
	p, err := scanPoll(c.queryRow(ctx, "SELECT "+pollColumns+" FROM polls WHERE id = ? AND community_id = ?", id, communityID), now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return p, pollOptions(ctx, c, []*domain.Poll{p})
}

// maxPolls bounds the list: a community holds a few polls a month.
const maxPolls = 500

// ListPolls lists the polls of communityID, newest first, with their status at now; drafts (never
// opened) only when withDrafts.
func (db *DB) ListPolls(ctx context.Context, communityID string, withDrafts bool, now time.Time) ([]domain.Poll, error) {
	c := db.readerIn(ctx)
	ptrs, err := queryAll(ctx, c, scanPollsAt(now), "SELECT "+pollColumns+` FROM polls WHERE community_id = ? AND (? OR opened_at IS NOT NULL)
		ORDER BY created_at DESC, id DESC LIMIT ?`, communityID, withDrafts, maxPolls)
	if err != nil {
		return nil, err
	}
	if err := pollOptions(ctx, c, ptrs); err != nil {
		return nil, err
	}
	out := make([]domain.Poll, len(ptrs))
	for i, p := range ptrs {
		out[i] = *p
	}
	return out, nil
}

// CreatePoll stores a new poll with its options.
func (db *DB) CreatePoll(ctx context.Context, p *domain.Poll) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "INSERT INTO polls ("+pollColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.CommunityID, string(p.Kind), p.Title, p.Description, string(p.Status), nullMS(p.OpensAt), ms(p.ClosesAt),
		nullMS(p.OpenedAt), nullMS(p.ClosedAt), p.Quorum, p.Secret, p.AllowChange, emptyNil(p.Majority), emptyNil(p.Convocatoria),
		nullMS(p.JuntaDate), p.AbsentFavour, nullMS(p.ObjectionUntil), nullMS(p.FinalizedAt), p.CreatedBy, ms(p.CreatedAt),
		ms(p.UpdatedAt)); err != nil {
		return err
	}
	return insertPollOptions(ctx, tx, p)
}

func insertPollOptions(ctx context.Context, tx conn, p *domain.Poll) error {
	for _, o := range p.Options {
		if _, err := tx.exec(ctx, "INSERT INTO poll_options (id, poll_id, position, text, choice) VALUES (?, ?, ?, ?, ?)",
			o.ID, p.ID, o.Position, o.Text, emptyNil(o.Choice)); err != nil {
			return err
		}
	}
	return nil
}

// PollForUpdate reads a poll of communityID (nil when there is none) inside the transaction of ctx (InTx)
// and locks it until that ends, so that votes, edits and the close of one poll run one after the other.
func (db *DB) PollForUpdate(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE polls SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return db.Poll(ctx, communityID, id, now)
}

// SavePoll writes p, read with PollForUpdate, inside the same transaction. Its options are replaced only
// while it is a draft (nobody has voted).
func (db *DB) SavePoll(ctx context.Context, p *domain.Poll) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, `UPDATE polls SET kind = ?, title = ?, description = ?, status = ?, opens_at = ?, closes_at = ?, opened_at = ?,
		closed_at = ?, quorum = ?, secret = ?, allow_change = ?, majority = ?, convocatoria = ?, junta_date = ?, absent_favour = ?,
		objection_until = ?, finalized_at = ?, updated_at = ? WHERE id = ? AND community_id = ?`,
		string(p.Kind), p.Title, p.Description, string(p.Status), nullMS(p.OpensAt), ms(p.ClosesAt), nullMS(p.OpenedAt), nullMS(p.ClosedAt),
		p.Quorum, p.Secret, p.AllowChange, emptyNil(p.Majority), emptyNil(p.Convocatoria), nullMS(p.JuntaDate), p.AbsentFavour,
		nullMS(p.ObjectionUntil), nullMS(p.FinalizedAt), ms(p.UpdatedAt), p.ID, p.CommunityID); err != nil {
		return err
	}
	if p.Status != domain.PollDraft {
		return nil
	}
	if _, err := tx.exec(ctx, "DELETE FROM poll_options WHERE poll_id = ?", p.ID); err != nil {
		return err
	}
	return insertPollOptions(ctx, tx, p)
}

// DuePolls lists the polls whose lifecycle has a step due at now, which the job takes (the status read
// already shows it): drafts due to open, polls past their closing time not yet closed (ballots sealed,
// emails sent), closed ones whose objection period ended.
func (db *DB) DuePolls(ctx context.Context, now time.Time) ([]domain.DuePoll, error) {
	at := ms(now)
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.DuePoll, error) {
		var d domain.DuePoll
		return d, row.Scan(&d.CommunityID, &d.ID)
	}, `SELECT community_id, id FROM polls WHERE
			(opened_at IS NULL AND opens_at IS NOT NULL AND opens_at <= ? AND closes_at > ?)
			OR (opened_at IS NOT NULL AND closed_at IS NULL AND closes_at <= ?)
			OR (closed_at IS NOT NULL AND finalized_at IS NULL AND objection_until IS NOT NULL AND objection_until <= ?)
		ORDER BY closes_at, id`, at, at, at, at)
}

// CoefficientSum adds up the coeficientes of the units of communityID as they are now.
func (db *DB) CoefficientSum(ctx context.Context, communityID string) (domain.Coefficient, error) {
	var sum domain.Coefficient
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COALESCE(SUM(coefficient), 0) FROM units WHERE community_id = ?", communityID).Scan(&sum)
	return sum, err
}

// SnapshotElectorate copies the units of the poll's community, with their confirmed owners and
// coeficientes, into the poll: the electorate of a junta vote.
func (db *DB) SnapshotElectorate(ctx context.Context, p *domain.Poll) error {
	tx := db.writerIn(ctx)
	units, err := queryAll(ctx, tx, func(row scanner) (domain.PollUnit, error) {
		var name string
		u, err := scanUnit(row, &name)
		if err != nil {
			return domain.PollUnit{}, err
		}
		pu := domain.PollUnit{UnitID: u.ID, Label: u.Label(), OwnerID: u.OwnerID, OwnerName: name}
		if u.Coefficient != nil {
			pu.Coefficient = *u.Coefficient
		}
		return pu, nil
	}, "SELECT "+unitColumns+`, COALESCE(o.full_name, '') FROM units u LEFT JOIN profiles o ON o.id = u.owner_id
		WHERE u.community_id = ?`, p.CommunityID)
	if err != nil {
		return err
	}
	for _, u := range units {
		if _, err := tx.exec(ctx, `INSERT INTO poll_units (poll_id, unit_id, label, owner_id, owner_name, coefficient) VALUES (?, ?, ?, ?, ?, ?)`,
			p.ID, u.UnitID, u.Label, u.OwnerID, u.OwnerName, u.Coefficient); err != nil {
			return err
		}
	}
	return nil
}

// PollUnits is the electorate of a poll: its snapshot once open, else the registry as it is now, each
// unit with the reason it is deprived of its vote, if it is. Sorted as people read a building.
func (db *DB) PollUnits(ctx context.Context, p *domain.Poll) ([]domain.PollUnit, error) {
	query, args := `SELECT s.unit_id, s.label, NULL, NULL, NULL, s.owner_id, s.owner_name, s.coefficient, d.reason
			FROM poll_units s LEFT JOIN poll_deprived_units d ON d.poll_id = s.poll_id AND d.unit_id = s.unit_id
			WHERE s.poll_id = ?`, []any{p.ID}
	if p.Status == domain.PollDraft {
		query, args = `SELECT u.id, u.unit_number, u.floor, u.building, u.staircase, u.owner_id, COALESCE(o.full_name, ''),
			COALESCE(u.coefficient, 0), d.reason FROM units u LEFT JOIN profiles o ON o.id = u.owner_id
			LEFT JOIN poll_deprived_units d ON d.poll_id = ? AND d.unit_id = u.id WHERE u.community_id = ?`, []any{p.ID, p.CommunityID}
	}
	type row struct {
		unit domain.Unit
		pu   domain.PollUnit
	}
	all, err := queryAll(ctx, db.readerIn(ctx), func(sc scanner) (row, error) {
		var r row
		err := sc.Scan(&r.pu.UnitID, &r.unit.UnitNumber, &r.unit.Floor, &r.unit.Building, &r.unit.Staircase, &r.pu.OwnerID,
			&r.pu.OwnerName, &r.pu.Coefficient, &r.pu.Deprived)
		r.unit.ID = r.pu.UnitID
		r.pu.Label = r.unit.Label()
		return r, err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	domain.SortUnits(all, func(r *row) *domain.Unit { return &r.unit })
	out := make([]domain.PollUnit, len(all))
	for i, r := range all {
		out[i] = r.pu
	}
	return out, nil
}

// SetUnitDeprived marks (reason non-nil) or clears a unit as deprived of its vote in the poll; false when
// the unit is not of the poll's community.
func (db *DB) SetUnitDeprived(ctx context.Context, p *domain.Poll, unitID string, reason *string, by string, at time.Time) (bool, error) {
	tx := db.writerIn(ctx)
	var n int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", unitID, p.CommunityID).Scan(&n); err != nil || n == 0 {
		return false, err
	}
	if reason == nil {
		_, err := tx.exec(ctx, "DELETE FROM poll_deprived_units WHERE poll_id = ? AND unit_id = ?", p.ID, unitID)
		return true, err
	}
	_, err := tx.exec(ctx, `INSERT INTO poll_deprived_units (poll_id, unit_id, reason, marked_by, marked_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (poll_id, unit_id) DO UPDATE SET reason = excluded.reason, marked_by = excluded.marked_by, marked_at = excluded.marked_at`,
		p.ID, unitID, *reason, by, ms(at))
	return true, err
}

// CommunityMember returns the name of userID and true when they are a member of communityID.
func (db *DB) CommunityMember(ctx context.Context, communityID, userID string) (string, bool, error) {
	var name string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT full_name FROM members WHERE id = ? AND community_id = ?", userID, communityID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return name, err == nil, err
}

// PollDelegations lists the representations of a poll: its own and, when juntaDay is set (a junta vote
// whose record is not yet closed), those its owners gave for that whole junta, unless they gave one for
// this vote.
func (db *DB) PollDelegations(ctx context.Context, p *domain.Poll, juntaDay string) ([]domain.PollDelegation, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.PollDelegation, error) {
		var d domain.PollDelegation
		var at int64
		err := row.Scan(&d.OwnerID, &d.OwnerName, &d.DelegateID, &d.DelegateName, &d.Junta, &at)
		d.CreatedAt = fromMS(at)
		return d, err
	}, `SELECT d.owner_id, COALESCE(o.full_name, ''), d.delegate_id, COALESCE(g.full_name, ''), d.junta, d.created_at
		FROM (SELECT owner_id, delegate_id, junta, created_at FROM poll_delegations WHERE poll_id = ?
			UNION ALL SELECT j.owner_id, j.delegate_id, TRUE, j.created_at FROM junta_delegations j
			WHERE ? <> '' AND j.community_id = ? AND j.junta_day = ?
				AND NOT EXISTS (SELECT 1 FROM poll_delegations x WHERE x.poll_id = ? AND x.owner_id = j.owner_id)) d
		LEFT JOIN profiles o ON o.id = d.owner_id LEFT JOIN profiles g ON g.id = d.delegate_id
		ORDER BY o.full_name, d.owner_id`, p.ID, juntaDay, p.CommunityID, juntaDay, p.ID)
}

// SetDelegation records (delegateID non-empty) or revokes ownerID's representation in a poll.
func (db *DB) SetDelegation(ctx context.Context, pollID, ownerID, delegateID string, at time.Time) error {
	tx := db.writerIn(ctx)
	if delegateID == "" {
		_, err := tx.exec(ctx, "DELETE FROM poll_delegations WHERE poll_id = ? AND owner_id = ?", pollID, ownerID)
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO poll_delegations (poll_id, owner_id, delegate_id, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (poll_id, owner_id) DO UPDATE SET delegate_id = excluded.delegate_id, created_at = excluded.created_at`,
		pollID, ownerID, delegateID, ms(at))
	return err
}

// SetJuntaDelegation records (delegateID non-empty) or revokes ownerID's representation for every vote of
// communityID's junta of juntaDay.
func (db *DB) SetJuntaDelegation(ctx context.Context, communityID, juntaDay, ownerID, delegateID string, at time.Time) error {
	tx := db.writerIn(ctx)
	if delegateID == "" {
		_, err := tx.exec(ctx, "DELETE FROM junta_delegations WHERE community_id = ? AND junta_day = ? AND owner_id = ?", communityID, juntaDay, ownerID)
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO junta_delegations (community_id, junta_day, owner_id, delegate_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (community_id, junta_day, owner_id) DO UPDATE SET delegate_id = excluded.delegate_id, created_at = excluded.created_at`,
		communityID, juntaDay, ownerID, delegateID, ms(at))
	return err
}

// FreezeJuntaDelegations copies into a poll the representations given for its whole junta (those not
// overridden by one for this vote): at the close, so that the record of a closed vote never changes with
// them.
func (db *DB) FreezeJuntaDelegations(ctx context.Context, p *domain.Poll, juntaDay string) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO poll_delegations (poll_id, owner_id, delegate_id, created_at, junta)
		SELECT ?, owner_id, delegate_id, created_at, TRUE FROM junta_delegations WHERE community_id = ? AND junta_day = ?
		ON CONFLICT (poll_id, owner_id) DO NOTHING`, p.ID, p.CommunityID, juntaDay)
	return err
}

// DeletePoll deletes a poll of communityID with everything it holds.
func (db *DB) DeletePoll(ctx context.Context, communityID, id string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM polls WHERE id = ? AND community_id = ?", id, communityID)
	return err
}

// CastVote records a vote, inside the transaction of ctx: the participation (who) and the ballot (what)
// in separate rows that share nothing. The primary key of poll_voters keeps it to one vote per voter,
// whatever runs at the same time; a second one is not recorded (false). The poll's ballots are then
// rewritten (rewriteBallots), so the new one is not told apart by its transaction or its place.
func (db *DB) CastVote(ctx context.Context, pollID string, v domain.PollVoter, b domain.PollBallot) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO poll_voters (poll_id, voter_id, voter_name, cast_by, cast_by_name, weight, option_id, receipt, voted_at, change_tag)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, pollID, v.VoterID, v.VoterName, v.CastBy, v.CastByName, v.Weight, v.OptionID, v.Receipt,
		ms(v.VotedAt), emptyNil(v.ChangeTag)); err != nil {
		if isUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	all, err := pollBallots(ctx, tx, pollID)
	if err != nil {
		return false, err
	}
	return true, rewriteBallots(ctx, tx, pollID, append(all, b))
}

// ChangeVote moves voterID's ballot to optionID inside the transaction of ctx and returns its receipt, or
// "" when the voter has no such ballot. In a public poll (key nil) the ballot is the one of the voter's
// receipt. In a secret one it is the ballot whose tag matches key.Ballot, and only when the voter's row
// holds key.Voter: the two tags come from one key that only the device that cast the vote holds.
func (db *DB) ChangeVote(ctx context.Context, pollID, voterID, optionID string, key *domain.BallotKey) (string, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return "", err
	}
	var receipt string
	if key == nil {
		err = tx.queryRow(ctx, "SELECT receipt FROM poll_voters WHERE poll_id = ? AND voter_id = ? AND receipt IS NOT NULL", pollID, voterID).Scan(&receipt)
	} else {
		err = tx.queryRow(ctx, `SELECT b.receipt FROM poll_ballots b WHERE b.poll_id = ? AND b.change_tag = ? AND EXISTS (
			SELECT 1 FROM poll_voters v WHERE v.poll_id = b.poll_id AND v.voter_id = ? AND v.change_tag = ?)`,
			pollID, key.Ballot, voterID, key.Voter).Scan(&receipt)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	all, err := pollBallots(ctx, tx, pollID)
	if err != nil {
		return "", err
	}
	found := false
	for i := range all {
		if all[i].Receipt == receipt {
			all[i].OptionID, found = optionID, true
		}
	}
	if !found {
		return "", nil
	}
	if key == nil {
		if _, err := tx.exec(ctx, "UPDATE poll_voters SET option_id = ? WHERE poll_id = ? AND voter_id = ?", optionID, pollID, voterID); err != nil {
			return "", err
		}
	}
	return receipt, rewriteBallots(ctx, tx, pollID, all)
}

// PollVoters lists who voted in a poll, by name.
func (db *DB) PollVoters(ctx context.Context, pollID string) ([]domain.PollVoter, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.PollVoter, error) {
		var v domain.PollVoter
		var at int64
		err := row.Scan(&v.VoterID, &v.VoterName, &v.CastBy, &v.CastByName, &v.Weight, &v.OptionID, &v.Receipt, &at)
		v.VotedAt = fromMS(at)
		return v, err
	}, `SELECT voter_id, voter_name, cast_by, cast_by_name, weight, option_id, receipt, voted_at
		FROM poll_voters WHERE poll_id = ? ORDER BY voter_name, voter_id`, pollID)
}

// PollBallots lists the ballots of a poll by receipt (an order that says nothing).
func (db *DB) PollBallots(ctx context.Context, pollID string) ([]domain.PollBallot, error) {
	return pollBallots(ctx, db.readerIn(ctx), pollID)
}

func pollBallots(ctx context.Context, c conn, pollID string) ([]domain.PollBallot, error) {
	return queryAll(ctx, c, func(row scanner) (domain.PollBallot, error) {
		var b domain.PollBallot
		return b, row.Scan(&b.ID, &b.OptionID, &b.Weight, &b.Receipt, &b.ChangeTag)
	}, "SELECT id, option_id, weight, receipt, COALESCE(change_tag, '') FROM poll_ballots WHERE poll_id = ? ORDER BY receipt", pollID)
}

// rewriteBallots replaces a poll's ballots with all, written in the order of their random ids, inside the
// transaction tx. Every vote, change and close does it: on PostgreSQL a row's xmin names the transaction
// that wrote it and its ctid its place in the heap, which a ballot written alone would share with its
// voter's row (xmin) and with the arrival order (ctid); rewritten together, every ballot has the same
// xmin and a place given by its random id. On SQLite the table has no rowid and keeps the order of the
// ids anyway. What no SQL can read stays: the old row versions until VACUUM, and the WAL (ADR 0033).
func rewriteBallots(ctx context.Context, tx conn, pollID string, all []domain.PollBallot) error {
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	if _, err := tx.exec(ctx, "DELETE FROM poll_ballots WHERE poll_id = ?", pollID); err != nil {
		return err
	}
	for _, b := range all {
		if _, err := tx.exec(ctx, "INSERT INTO poll_ballots (id, poll_id, option_id, weight, receipt, change_tag) VALUES (?, ?, ?, ?, ?, ?)",
			b.ID, pollID, b.OptionID, b.Weight, b.Receipt, emptyNil(b.ChangeTag)); err != nil {
			return err
		}
	}
	return nil
}

// SealBallots rewrites a poll's ballots at its close, inside the transaction of ctx, without the tags that
// let a vote be changed (erased from the voters too): no vote changes after the close, and nothing is
// left that could ever pair a ballot with its voter.
func (db *DB) SealBallots(ctx context.Context, pollID string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	all, err := pollBallots(ctx, tx, pollID)
	if err != nil {
		return err
	}
	for i := range all {
		all[i].ChangeTag = ""
	}
	if _, err := tx.exec(ctx, "UPDATE poll_voters SET change_tag = NULL WHERE poll_id = ? AND change_tag IS NOT NULL", pollID); err != nil {
		return err
	}
	return rewriteBallots(ctx, tx, pollID, all)
}

// AddObjection records an absent owner's objection (once).
func (db *DB) AddObjection(ctx context.Context, pollID, userID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO poll_objections (poll_id, user_id, objected_at) VALUES (?, ?, ?)
		ON CONFLICT (poll_id, user_id) DO NOTHING`, pollID, userID, ms(at))
	return err
}

// PollObjections lists the objections to a poll's agreement.
func (db *DB) PollObjections(ctx context.Context, pollID string) ([]domain.PollObjection, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.PollObjection, error) {
		var o domain.PollObjection
		var at int64
		err := row.Scan(&o.UserID, &o.Name, &at)
		o.At = fromMS(at)
		return o, err
	}, `SELECT j.user_id, COALESCE(p.full_name, ''), j.objected_at FROM poll_objections j
		LEFT JOIN profiles p ON p.id = j.user_id WHERE j.poll_id = ? ORDER BY j.objected_at, j.user_id`, pollID)
}

// PollRecipients lists who a poll's emails go to, with a confirmed address: the owners of its electorate
// (a junta vote once open) or every member of its community.
func (db *DB) PollRecipients(ctx context.Context, p *domain.Poll) ([]domain.PollRecipient, error) {
	q := `SELECT u.id, u.email, pr.full_name, u.language, c.name FROM members pr JOIN users u ON u.id = pr.id
		JOIN communities c ON c.id = pr.community_id WHERE pr.community_id = ? AND u.email_confirmed_at IS NOT NULL`
	args := []any{p.CommunityID}
	if p.Kind == domain.PollJunta && p.Status != domain.PollDraft {
		q += " AND pr.id IN (SELECT owner_id FROM poll_units WHERE poll_id = ? AND owner_id IS NOT NULL)"
		args = append(args, p.ID)
	}
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.PollRecipient, error) {
		var r domain.PollRecipient
		var lang string
		err := row.Scan(&r.UserID, &r.Email, &r.FullName, &lang, &r.CommunityName)
		r.Language = domain.ParseLanguage(lang)
		return r, err
	}, q+" ORDER BY u.email", args...)
}

// In the export of a member's data (personaldata.go): their votes (and only the fact of voting in secret ballots).
func init() {
	exportPersonalData(
		dataSection{"votes", `SELECT v.poll_id, p.title AS poll_title, v.option_id, o.text AS option_text, v.weight, v.voted_at
			FROM poll_voters v JOIN polls p ON p.id = v.poll_id LEFT JOIN poll_options o ON o.id = v.option_id
			WHERE v.voter_id = ? AND NOT p.secret ORDER BY v.voted_at`},
		dataSection{"secret_ballot_participation", `SELECT v.poll_id, p.title AS poll_title, v.voted_at FROM poll_voters v JOIN polls p ON p.id = v.poll_id
			WHERE v.voter_id = ? AND p.secret ORDER BY v.voted_at`},
	)
}
