package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"vecinos/internal/domain"
)

// Reservations of common facilities (internal/reservations owns the rules). Bookings serialize per
// facility: FacilityForUpdate locks the facility's row, so the capacity and the unit's monthly quota
// (both per facility) are checked and written by one transaction at a time; on PostgreSQL an exclusion
// constraint also refuses any overlap of an exclusive facility (docs/adr/0019).

// CommunityTimeZone is the time zone communityID's rules are computed in; empty when there is no such
// community.
func (db *DB) CommunityTimeZone(ctx context.Context, communityID string) (string, error) {
	var tz string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT time_zone FROM communities WHERE id = ?", communityID).Scan(&tz)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return tz, err
}

// SetCommunityTimeZone changes communityID's time zone (an IANA name the service checked).
func (db *DB) SetCommunityTimeZone(ctx context.Context, communityID, tz string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE communities SET time_zone = ?, updated_at = ? WHERE id = ?", tz, ms(at), communityID)
	return err
}

const facilitySelect = `SELECT f.id, f.community_id, f.name, f.description, f.photo_url, f.capacity, f.hours, f.slot_minutes,
		f.min_minutes, f.max_minutes, f.max_per_month, f.cancel_hours, f.horizon_days, f.deposit_cents, f.needs_approval, f.rules,
		f.archived_at, f.created_at, f.updated_at, c.time_zone
	FROM facilities f JOIN communities c ON c.id = f.community_id`

func scanFacility(row scanner) (*domain.Facility, error) { return scanFacilityAnd(row) }

// scanFacilityAnd scans a row of facilitySelect followed by the columns extra.
func scanFacilityAnd(row scanner, extra ...any) (*domain.Facility, error) {
	var f domain.Facility
	var hours string
	var archived *int64
	var created, updated int64
	err := row.Scan(append([]any{&f.ID, &f.CommunityID, &f.Name, &f.Description, &f.PhotoURL, &f.Capacity, &hours, &f.SlotMinutes,
		&f.MinMinutes, &f.MaxMinutes, &f.MaxPerMonth, &f.CancelHours, &f.HorizonDays, &f.DepositCents, &f.NeedsApproval, &f.Rules,
		&archived, &created, &updated, &f.TimeZone}, extra...)...)
	if err != nil {
		return nil, err
	}
	if f.Hours, err = parseHours(hours); err != nil {
		return nil, err
	}
	f.ArchivedAt, f.CreatedAt, f.UpdatedAt = fromNullMS(archived), fromMS(created), fromMS(updated)
	return &f, nil
}

// hoursJSON stores a week of hours as [[open, close] | null, …] (the column's format).
func hoursJSON(h [7]*domain.DayHours) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		if d == nil {
			b.WriteString("null")
			continue
		}
		b.WriteString("[" + strconv.Itoa(d.Open) + "," + strconv.Itoa(d.Close) + "]")
	}
	b.WriteByte(']')
	return b.String()
}

func parseHours(s string) ([7]*domain.DayHours, error) {
	var raw [7]*[2]int
	var h [7]*domain.DayHours
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return h, err
	}
	for i, d := range raw {
		if d != nil {
			h[i] = &domain.DayHours{Open: d[0], Close: d[1]}
		}
	}
	return h, nil
}

// CreateFacility stores a new facility with its closed days, inside the transaction of ctx (InTx).
func (db *DB) CreateFacility(ctx context.Context, f *domain.Facility) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO facilities (id, community_id, name, description, photo_url, capacity, hours,
		slot_minutes, min_minutes, max_minutes, max_per_month, cancel_hours, horizon_days, deposit_cents, needs_approval, rules,
		archived_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.CommunityID, f.Name, f.Description, f.PhotoURL, f.Capacity, hoursJSON(f.Hours), f.SlotMinutes,
		f.MinMinutes, f.MaxMinutes, f.MaxPerMonth, f.CancelHours, f.HorizonDays, f.DepositCents, f.NeedsApproval, f.Rules,
		nullMS(f.ArchivedAt), ms(f.CreatedAt), ms(f.UpdatedAt)); err != nil {
		return err
	}
	return writeClosures(ctx, tx, f)
}

func writeClosures(ctx context.Context, tx conn, f *domain.Facility) error {
	if _, err := tx.exec(ctx, "DELETE FROM facility_closures WHERE facility_id = ?", f.ID); err != nil {
		return err
	}
	for _, c := range f.Closures {
		if _, err := tx.exec(ctx, "INSERT INTO facility_closures (facility_id, day, reason) VALUES (?, ?, ?)", f.ID, c.Day, c.Reason); err != nil {
			return err
		}
	}
	return nil
}

// closure is a closed day of a facility.
type closure struct {
	facilityID string
	domain.Closure
}

func scanClosure(row scanner) (c closure, err error) {
	return c, row.Scan(&c.facilityID, &c.Day, &c.Reason)
}

// Facilities lists communityID's facilities by name, with their closed days; archived ones only when asked.
func (db *DB) Facilities(ctx context.Context, communityID string, includeArchived bool) ([]domain.Facility, error) {
	q := facilitySelect + " WHERE f.community_id = ?"
	if !includeArchived {
		q += " AND f.archived_at IS NULL"
	}
	c := db.readerIn(ctx)
	out, err := queryAll(ctx, c, values(scanFacility), q+" ORDER BY f.name, f.id", communityID)
	if err != nil {
		return nil, err
	}
	closures, err := queryAll(ctx, c, scanClosure, `SELECT k.facility_id, k.day, k.reason FROM facility_closures k
		JOIN facilities f ON f.id = k.facility_id WHERE f.community_id = ? ORDER BY k.day`, communityID)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*domain.Facility, len(out))
	for i := range out {
		byID[out[i].ID] = &out[i]
	}
	for _, k := range closures {
		if f, ok := byID[k.facilityID]; ok {
			f.Closures = append(f.Closures, k.Closure)
		}
	}
	return out, nil
}

// withClosures reads the closed days of facility f, nil when it is nil.
func withClosures(ctx context.Context, c conn, f *domain.Facility, err error) (*domain.Facility, error) {
	if f == nil || err != nil {
		return nil, err
	}
	closures, err := queryAll(ctx, c, scanClosure, "SELECT facility_id, day, reason FROM facility_closures WHERE facility_id = ? ORDER BY day", f.ID)
	for _, k := range closures {
		f.Closures = append(f.Closures, k.Closure)
	}
	return f, err
}

// Facility returns a facility of communityID (archived too) with its closed days; nil when it has none
// such.
func (db *DB) Facility(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	c := db.readerIn(ctx)
	f, err := orNil(scanFacility(c.queryRow(ctx, facilitySelect+" WHERE f.id = ? AND f.community_id = ?", id, communityID)))
	return withClosures(ctx, c, f, err)
}

// FacilityForUpdate reads a facility of communityID inside the transaction of ctx (InTx) and locks it
// until that ends: its bookings and its edits serialize behind this lock. Nil when there is none.
//
// One statement: on PostgreSQL the row lock a no-op UPDATE would take (FOR NO KEY UPDATE: the
// reservations' foreign keys still only share it); SQLite's IMMEDIATE transaction holds the database's
// already. The closed days are read only when the facility has some.
func (db *DB) FacilityForUpdate(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	var closed bool
	f, err := orNil(scanFacilityAnd(tx.queryRow(ctx, facilityClosedSelect+" WHERE f.id = ? AND f.community_id = ?"+db.facilityLock(), id, communityID), &closed))
	if !closed {
		return f, err
	}
	return withClosures(ctx, tx, f, err)
}

// FacilitiesForBooking is FacilityForUpdate for a batch of bookings, in one statement: it locks the
// facility of each ask (in the order of their ids, so that two batches never wait for each other's) and
// reads, with it, the ask's booker (domain.Booker; an empty UnitID when they have no unit in the
// facility's community). Both come in the order of asks; a facility is nil when its community has none
// such.
func (db *DB) FacilitiesForBooking(ctx context.Context, asks []domain.BookingAsk) ([]*domain.Facility, []domain.Booker, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, nil, err
	}
	args := make([]any, 0, 4*len(asks))
	for i, k := range asks {
		args = append(args, i, k.FacilityID, k.CommunityID, k.UserID)
	}
	facilities, bookers := make([]*domain.Facility, len(asks)), make([]domain.Booker, len(asks))
	var closed []*domain.Facility         // those with closed days, once each
	byID := map[string]*domain.Facility{} // a facility asked twice is read once
	_, err = queryAll(ctx, tx, func(row scanner) (struct{}, error) {
		var i int
		var shut bool
		var unit, building, floor, number *string
		var b domain.Booker
		f, err := scanFacilityAnd(row, &shut, &unit, &building, &floor, &number, &b.Name, &i)
		if err != nil || i < 0 || i >= len(asks) {
			return struct{}{}, err
		}
		if unit != nil && number != nil {
			b.UnitID, b.UnitLabel = *unit, domain.UnitLabel(building, floor, *number)
		}
		if seen, ok := byID[f.ID]; ok {
			f = seen
		} else if byID[f.ID] = f; shut {
			closed = append(closed, f)
		}
		facilities[i], bookers[i] = f, b
		return struct{}{}, nil
	}, facilitiesBookingSelect(len(asks))+db.facilityLock(), args...)
	for _, f := range closed {
		if err == nil {
			_, err = withClosures(ctx, tx, f, nil)
		}
	}
	return facilities, bookers, err
}

// facilityLock is what FacilityForUpdate's statement ends with to lock the facility's row.
func (db *DB) facilityLock() string {
	if db.engine == Postgres {
		return " FOR NO KEY UPDATE OF f"
	}
	return ""
}

// facilityClosedSelect is facilitySelect that also says whether the facility has closed days.
var facilityClosedSelect = strings.Replace(facilitySelect, "c.time_zone", "c.time_zone, EXISTS (SELECT 1 FROM facility_closures k WHERE k.facility_id = f.id)", 1)

// facilitiesBookingSelect is FacilitiesForBooking's statement for n asks: facilityClosedSelect followed by
// the booker's unit (its id, building, floor and number: null without a unit in the facility's
// community), their name and the ask's index; its parameters, four an ask, are the index, the facility,
// its community and the booker. The joins are by key; the lock (facilityLock, appended) is the
// facilities' alone, taken in the order of their ids.
func facilitiesBookingSelect(n int) string {
	return "WITH k (i, facility_id, community_id, user_id) AS (VALUES " +
		repeated("(CAST(? AS INTEGER), ?, ?, ?)", n) + ") " +
		strings.Replace(facilityClosedSelect, "FROM facilities f JOIN communities c ON c.id = f.community_id",
			`, u.id, u.building, u.floor, u.unit_number, COALESCE(pr.full_name, ''), k.i
	FROM k JOIN facilities f ON f.id = k.facility_id AND f.community_id = k.community_id
	JOIN communities c ON c.id = f.community_id
	LEFT JOIN memberships p ON p.user_id = k.user_id AND p.community_id = f.community_id
	LEFT JOIN units u ON u.id = p.unit_id AND u.community_id = f.community_id
	LEFT JOIN profiles pr ON pr.id = p.user_id
	ORDER BY f.id`, 1)
}

// SaveFacility writes f, read with FacilityForUpdate, and its closed days, inside the same transaction.
func (db *DB) SaveFacility(ctx context.Context, f *domain.Facility) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE facilities SET name = ?, description = ?, photo_url = ?, capacity = ?, hours = ?,
		slot_minutes = ?, min_minutes = ?, max_minutes = ?, max_per_month = ?, cancel_hours = ?, horizon_days = ?, deposit_cents = ?,
		needs_approval = ?, rules = ?, archived_at = ?, updated_at = ? WHERE id = ?`,
		f.Name, f.Description, f.PhotoURL, f.Capacity, hoursJSON(f.Hours), f.SlotMinutes, f.MinMinutes, f.MaxMinutes,
		f.MaxPerMonth, f.CancelHours, f.HorizonDays, f.DepositCents, f.NeedsApproval, f.Rules, nullMS(f.ArchivedAt), ms(f.UpdatedAt), f.ID); err != nil {
		return err
	}
	return writeClosures(ctx, tx, f)
}

const reservationSelect = `SELECT r.id, r.community_id, r.facility_id, f.name, r.unit_id, u.building, u.floor, u.unit_number,
		r.user_id, COALESCE(p.full_name, ''), r.start_at, r.end_at, r.month, r.exclusive, r.status, r.reason,
		r.deposit_cents, r.deposit_status, r.deposit_reason, r.created_at, r.updated_at
	FROM reservations r
	JOIN facilities f ON f.id = r.facility_id
	JOIN units u ON u.id = r.unit_id
	LEFT JOIN profiles p ON p.id = r.user_id`

func scanReservation(row scanner) (*domain.Reservation, error) {
	var r domain.Reservation
	var building, floor *string
	var number, status string
	var deposit *string
	var start, end, created, updated int64
	err := row.Scan(&r.ID, &r.CommunityID, &r.FacilityID, &r.FacilityName, &r.UnitID, &building, &floor, &number,
		&r.UserID, &r.UserName, &start, &end, &r.Month, &r.Exclusive, &status, &r.Reason,
		&r.DepositCents, &deposit, &r.DepositReason, &created, &updated)
	if err != nil {
		return nil, err
	}
	r.UnitLabel = domain.UnitLabel(building, floor, number)
	r.Status = domain.ReservationStatus(status)
	if deposit != nil {
		d := domain.DepositStatus(*deposit)
		r.DepositStatus = &d
	}
	r.StartAt, r.EndAt, r.CreatedAt, r.UpdatedAt = fromMS(start), fromMS(end), fromMS(created), fromMS(updated)
	return &r, nil
}

// ActiveReservations returns the pending and confirmed reservations of communityID that overlap
// [from, to), of one facility or (facilityID empty) of all, by start. Only what a calendar needs is
// filled in (ID, FacilityID, UserID, StartAt, EndAt): every member reads a month of it, often.
func (db *DB) ActiveReservations(ctx context.Context, communityID, facilityID string, from, to time.Time) ([]domain.Reservation, error) {
	q := `SELECT id, facility_id, user_id, start_at, end_at FROM reservations
		WHERE community_id = ? AND status IN ('pending', 'confirmed') AND start_at < ? AND start_at > ? AND end_at > ?`
	args := []any{communityID, ms(to), ms(from.Add(-domain.LongestReservation)), ms(from)}
	if facilityID != "" {
		q += " AND facility_id = ?"
		args = append(args, facilityID)
	}
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (r domain.Reservation, err error) {
		var start, end int64
		err = row.Scan(&r.ID, &r.FacilityID, &r.UserID, &start, &end)
		r.StartAt, r.EndAt = fromMS(start), fromMS(end)
		return r, err
	}, q+" ORDER BY start_at, id", args...)
}

// heldStatement is HeldForUpdate's statement for asks, explained by TestResidentPlans: a row of values
// an ask (its index, facility, unit, month, the reservation to leave out, and the bounds of the period as
// heldBounds gives them), and for each, how many pending and confirmed reservations the unit holds at the
// facility in the month, and the pending and confirmed ones overlapping the period, one a row (one row
// even when nothing overlaps, with null columns then). One statement of one shape for any number of
// asks but the values: PostgreSQL plans it as a loop over them, through the indexes by facility.
func heldStatement(asks []domain.HeldAsk) (string, []any) {
	args := make([]any, 0, 8*len(asks))
	for i, k := range asks {
		before, after, ends := heldBounds(k.From, k.To)
		args = append(args, i, k.FacilityID, k.UnitID, k.Month, k.ExceptID, before, after, ends)
	}
	return `WITH k (i, facility_id, unit_id, month, except_id, starts_before, starts_after, ends_after) AS (VALUES ` +
		repeated("(CAST(? AS INTEGER), ?, ?, ?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT))", len(asks)) + `)
	SELECT k.i, (SELECT COUNT(*) FROM reservations q WHERE q.facility_id = k.facility_id AND q.unit_id = k.unit_id
			AND q.month = k.month AND q.status IN ('pending', 'confirmed') AND q.id <> k.except_id), o.id, o.start_at, o.end_at
		FROM k LEFT JOIN reservations o ON o.facility_id = k.facility_id AND o.status IN ('pending', 'confirmed')
			AND o.start_at < k.starts_before AND o.start_at > k.starts_after AND o.end_at > k.ends_after AND o.id <> k.except_id
		ORDER BY k.i, o.start_at, o.id`, args
}

// heldBounds are the bounds of the reservations overlapping [from, to) in the index by start: those that
// start before to and after from less the longest a reservation lasts, and end after from.
func heldBounds(from, to time.Time) (startsBefore, startsAfter, endsAfter int64) {
	return ms(to), ms(from.Add(-domain.LongestReservation)), ms(from)
}

// HeldForUpdate reads, inside the transaction of ctx and in one round trip, what each of asks must check
// (domain.Held, in the order of asks): how many pending and confirmed reservations the unit holds at the
// facility in the month, and the pending and confirmed ones overlapping the period by start (only their
// ID, StartAt and EndAt), but for the ask's ExceptID (the one being moved). Call it after
// FacilityForUpdate or FacilitiesForBooking, whose locks keep the answer true until the commit.
func (db *DB) HeldForUpdate(ctx context.Context, asks []domain.HeldAsk) ([]domain.Held, error) {
	tx, err := txOf(ctx)
	if err != nil || len(asks) == 0 {
		return nil, err
	}
	held := make([]domain.Held, len(asks))
	q, args := heldStatement(asks)
	_, err = queryAll(ctx, tx, func(s scanner) (struct{}, error) {
		var i, n int
		var id *string
		var start, end *int64
		if err := s.Scan(&i, &n, &id, &start, &end); err != nil || i < 0 || i >= len(asks) {
			return struct{}{}, err
		}
		held[i].N = n
		if id != nil {
			held[i].Overlapping = append(held[i].Overlapping, domain.Reservation{ID: *id, StartAt: fromMS(*start), EndAt: fromMS(*end)})
		}
		return struct{}{}, nil
	}, q, args...)
	return held, err
}

// isExclusionViolation reports PostgreSQL's refusal of an overlapping exclusive reservation.
func isExclusionViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23P01"
}

// CreateReservations inserts rs, inside the transaction of ctx, with one statement. They show the names
// their caller filled in (FacilityName, UnitLabel, UserName). taken is the error when the database
// refuses an overlap (PostgreSQL's exclusion constraint); the transaction is then spoilt, and the error
// ends it. On PostgreSQL the statement goes out with the COMMIT (execAtCommit), so its refusal is the
// commit's error: no round trip of its own while the facilities are locked.
func (db *DB) CreateReservations(ctx context.Context, rs []*domain.Reservation, taken error) error {
	tx, err := txOf(ctx)
	if err != nil || len(rs) == 0 {
		return err
	}
	args := make([]any, 0, 16*len(rs))
	for _, r := range rs {
		args = append(args, r.ID, r.CommunityID, r.FacilityID, r.UnitID, r.UserID, ms(r.StartAt), ms(r.EndAt), r.Month, r.Exclusive,
			string(r.Status), r.Reason, r.DepositCents, depositOf(r), r.DepositReason, ms(r.CreatedAt), ms(r.UpdatedAt))
	}
	return tx.execAtCommit(ctx, overlapIs(taken), `INSERT INTO reservations (id, community_id, facility_id, unit_id, user_id, start_at, end_at,
		month, exclusive, status, reason, deposit_cents, deposit_status, deposit_reason, created_at, updated_at) VALUES `+
		repeated("("+placeholders(16)+")", len(rs)), args...)
}

// SaveReservation writes r over the stored one, inside the transaction of ctx, and reads it back for the
// names it shows. taken is the error when the database refuses an overlap (PostgreSQL's exclusion
// constraint); the transaction is then spoilt, and the error ends it.
func (db *DB) SaveReservation(ctx context.Context, r *domain.Reservation, taken error) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err = tx.exec(ctx, `UPDATE reservations SET start_at = ?, end_at = ?, month = ?, status = ?, reason = ?,
		deposit_status = ?, deposit_reason = ?, reminded_at = CASE WHEN start_at = ? THEN reminded_at END, updated_at = ?
		WHERE id = ?`, ms(r.StartAt), ms(r.EndAt), r.Month, string(r.Status), r.Reason, depositOf(r), r.DepositReason,
		ms(r.StartAt), ms(r.UpdatedAt), r.ID); err != nil {
		return overlapIs(taken)(err)
	}
	saved, err := scanReservation(tx.queryRow(ctx, reservationSelect+" WHERE r.id = ?", r.ID))
	if err != nil {
		return err
	}
	*r = *saved
	return nil
}

// depositOf is r's deposit status as stored (null: no deposit).
func depositOf(r *domain.Reservation) *string {
	if r.DepositStatus == nil {
		return nil
	}
	s := string(*r.DepositStatus)
	return &s
}

// overlapIs turns PostgreSQL's refusal of an overlap into taken, and leaves any other error as it is.
func overlapIs(taken error) func(error) error {
	return func(err error) error {
		if isExclusionViolation(err) {
			return taken
		}
		return err
	}
}

// ReservationForUpdate reads a reservation of communityID inside the transaction of ctx and locks it; nil
// when there is none.
func (db *DB) ReservationForUpdate(ctx context.Context, communityID, id string) (*domain.Reservation, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE reservations SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return scanReservation(tx.queryRow(ctx, reservationSelect+" WHERE r.id = ?", id))
}

// Reservation returns a reservation of communityID; nil when it has none such.
func (db *DB) Reservation(ctx context.Context, communityID, id string) (*domain.Reservation, error) {
	return orNil(scanReservation(db.readerIn(ctx).queryRow(ctx, reservationSelect+" WHERE r.id = ? AND r.community_id = ?", id, communityID)))
}

// ListReservations returns reservations of communityID by start, filtered by f.
func (db *DB) ListReservations(ctx context.Context, communityID string, f domain.ReservationFilter) ([]domain.Reservation, error) {
	var b strings.Builder
	b.WriteString(reservationSelect + " WHERE r.community_id = ?")
	args := []any{communityID}
	if f.UserID != "" {
		b.WriteString(" AND r.user_id = ?")
		args = append(args, f.UserID)
	}
	if f.FacilityID != "" {
		b.WriteString(" AND r.facility_id = ?")
		args = append(args, f.FacilityID)
	}
	if f.Status != "" {
		b.WriteString(" AND r.status = ?")
		args = append(args, string(f.Status))
	}
	if f.ActiveOnly {
		b.WriteString(" AND r.status IN ('pending', 'confirmed')")
	}
	if f.EndAfter != nil {
		b.WriteString(" AND r.end_at > ?")
		args = append(args, ms(*f.EndAfter))
	}
	b.WriteString(" ORDER BY r.start_at, r.id LIMIT " + strconv.Itoa(max(f.Limit, 0)))
	return queryAll(ctx, db.readerIn(ctx), values(scanReservation), b.String(), args...)
}

// UserRecipient is userID as the addressee of an email about their community; nil once the account is
// gone.
func (db *DB) UserRecipient(ctx context.Context, userID string) (*domain.Recipient, error) {
	r, err := scanRecipient(db.readerIn(ctx).queryRow(ctx, `SELECT u.email, COALESCE(p.full_name, ''), u.language, COALESCE(c.name, '')
		FROM users u LEFT JOIN profiles p ON p.id = u.id LEFT JOIN communities c ON c.id = p.last_community_id
		WHERE u.id = ?`, userID))
	return orNil(&r, err)
}

// DueReminders lists up to limit confirmed reservations starting in (now, until] that were not reminded
// yet, by start.
func (db *DB) DueReminders(ctx context.Context, now, until time.Time, limit int) ([]domain.Reservation, error) {
	return queryAll(ctx, db.readerIn(ctx), values(scanReservation), reservationSelect+` WHERE r.status = 'confirmed' AND r.reminded_at IS NULL
		AND r.start_at > ? AND r.start_at <= ? ORDER BY r.start_at LIMIT `+strconv.Itoa(limit), ms(now), ms(until))
}

// ClaimReminder marks reservation id reminded at at, unless it was already: false then. In a transaction
// (InTx), a job of another instance that read the same row waits on this row's lock and then finds it
// reminded.
func (db *DB) ClaimReminder(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "UPDATE reservations SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL", ms(at), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// In the export of a member's data (personaldata.go): their reservations.
func init() {
	exportPersonalData(
		dataSection{"reservations", `SELECT id, community_id, facility_id, unit_id, start_at, end_at, status, reason, deposit_cents, deposit_status, created_at, updated_at
			FROM reservations WHERE user_id = ? ORDER BY start_at`},
	)
}
