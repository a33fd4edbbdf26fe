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

var (
	errFacilityNotFound    = domain.Errorf(domain.CodeNotFound, "La instalación no existe")
	errReservationNotFound = domain.Errorf(domain.CodeNotFound, "La reserva no existe")
	// ErrSlotTaken is what an overlap refused by the database reads as; the service says the same.
	ErrSlotTaken = domain.Errorf(domain.CodeConflict, "Ese horario ya está reservado")
)

// CommunityTimeZone is the time zone communityID's rules are computed in.
func (db *DB) CommunityTimeZone(ctx context.Context, communityID string) (string, error) {
	var tz string
	err := db.reader().queryRow(ctx, "SELECT time_zone FROM communities WHERE id = ?", communityID).Scan(&tz)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.Errorf(domain.CodeNotFound, "La comunidad no existe")
	}
	return tz, err
}

// SetCommunityTimeZone changes communityID's time zone (an IANA name the service checked).
func (db *DB) SetCommunityTimeZone(ctx context.Context, communityID, tz string, at time.Time) error {
	_, err := db.writer().exec(ctx, "UPDATE communities SET time_zone = ?, updated_at = ? WHERE id = ?", tz, ms(at), communityID)
	return err
}

const facilitySelect = `SELECT f.id, f.community_id, f.name, f.description, f.photo_url, f.capacity, f.hours, f.slot_minutes,
		f.min_minutes, f.max_minutes, f.max_per_month, f.cancel_hours, f.horizon_days, f.deposit_cents, f.needs_approval, f.rules,
		f.archived_at, f.created_at, f.updated_at, c.time_zone
	FROM facilities f JOIN communities c ON c.id = f.community_id`

func scanFacility(row interface{ Scan(...any) error }) (*domain.Facility, error) {
	var f domain.Facility
	var hours string
	var archived *int64
	var created, updated int64
	err := row.Scan(&f.ID, &f.CommunityID, &f.Name, &f.Description, &f.PhotoURL, &f.Capacity, &hours, &f.SlotMinutes,
		&f.MinMinutes, &f.MaxMinutes, &f.MaxPerMonth, &f.CancelHours, &f.HorizonDays, &f.DepositCents, &f.NeedsApproval, &f.Rules,
		&archived, &created, &updated, &f.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errFacilityNotFound
	}
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

// CreateFacility stores a new facility with its closed days.
func (db *DB) CreateFacility(ctx context.Context, f *domain.Facility) error {
	return db.inTx(ctx, func(tx conn) error {
		if _, err := tx.exec(ctx, `INSERT INTO facilities (id, community_id, name, description, photo_url, capacity, hours,
			slot_minutes, min_minutes, max_minutes, max_per_month, cancel_hours, horizon_days, deposit_cents, needs_approval, rules,
			archived_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.ID, f.CommunityID, f.Name, f.Description, f.PhotoURL, f.Capacity, hoursJSON(f.Hours), f.SlotMinutes,
			f.MinMinutes, f.MaxMinutes, f.MaxPerMonth, f.CancelHours, f.HorizonDays, f.DepositCents, f.NeedsApproval, f.Rules,
			nullMS(f.ArchivedAt), ms(f.CreatedAt), ms(f.UpdatedAt)); err != nil {
			return err
		}
		return writeClosures(ctx, tx, f)
	})
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

// Facilities lists communityID's facilities by name, with their closed days; archived ones only when asked.
func (db *DB) Facilities(ctx context.Context, communityID string, includeArchived bool) ([]domain.Facility, error) {
	q := facilitySelect + " WHERE f.community_id = ?"
	if !includeArchived {
		q += " AND f.archived_at IS NULL"
	}
	rows, err := db.reader().query(ctx, q+" ORDER BY f.name, f.id", communityID)
	if err != nil {
		return nil, err
	}
	var out []domain.Facility
	byID := map[string]int{}
	for rows.Next() {
		f, err := scanFacility(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		byID[f.ID] = len(out)
		out = append(out, *f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = db.reader().query(ctx, `SELECT k.facility_id, k.day, k.reason FROM facility_closures k
		JOIN facilities f ON f.id = k.facility_id WHERE f.community_id = ? ORDER BY k.day`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var c domain.Closure
		if err := rows.Scan(&id, &c.Day, &c.Reason); err != nil {
			return nil, err
		}
		if i, ok := byID[id]; ok {
			out[i].Closures = append(out[i].Closures, c)
		}
	}
	return out, rows.Err()
}

func facilityClosures(ctx context.Context, q conn, f *domain.Facility) error {
	rows, err := q.query(ctx, "SELECT day, reason FROM facility_closures WHERE facility_id = ? ORDER BY day", f.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var c domain.Closure
		if err := rows.Scan(&c.Day, &c.Reason); err != nil {
			return err
		}
		f.Closures = append(f.Closures, c)
	}
	return rows.Err()
}

// Facility returns a facility of communityID (archived too) with its closed days.
func (db *DB) Facility(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	f, err := scanFacility(db.reader().queryRow(ctx, facilitySelect+" WHERE f.id = ? AND f.community_id = ?", id, communityID))
	if err != nil {
		return nil, err
	}
	return f, facilityClosures(ctx, db.reader(), f)
}

// FacilityForUpdate reads a facility of communityID inside the transaction of ctx (InTx) and locks it
// until that ends: its bookings and its edits serialize behind this lock.
func (db *DB) FacilityForUpdate(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	// A no-op UPDATE takes the row lock on PostgreSQL; SQLite's IMMEDIATE transaction holds the database's.
	res, err := tx.exec(ctx, "UPDATE facilities SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, errFacilityNotFound
	}
	f, err := scanFacility(tx.queryRow(ctx, facilitySelect+" WHERE f.id = ?", id))
	if err != nil {
		return nil, err
	}
	return f, facilityClosures(ctx, tx, f)
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

// MemberUnit is the primary unit (profiles.unit_id) of userID in communityID; empty when they have none.
func (db *DB) MemberUnit(ctx context.Context, communityID, userID string) (string, error) {
	var unit *string
	err := db.reader().queryRow(ctx, `SELECT p.unit_id FROM profiles p JOIN units u ON u.id = p.unit_id
		WHERE p.id = ? AND p.community_id = ? AND u.community_id = ?`, userID, communityID, communityID).Scan(&unit)
	if errors.Is(err, sql.ErrNoRows) || unit == nil {
		return "", nil
	}
	return *unit, err
}

const reservationSelect = `SELECT r.id, r.community_id, r.facility_id, f.name, r.unit_id, u.building, u.floor, u.unit_number,
		r.user_id, COALESCE(p.full_name, ''), r.start_at, r.end_at, r.month, r.exclusive, r.status, r.reason,
		r.deposit_cents, r.deposit_status, r.deposit_reason, r.created_at, r.updated_at
	FROM reservations r
	JOIN facilities f ON f.id = r.facility_id
	JOIN units u ON u.id = r.unit_id
	LEFT JOIN profiles p ON p.id = r.user_id`

func scanReservation(row interface{ Scan(...any) error }) (*domain.Reservation, error) {
	var r domain.Reservation
	var building, floor *string
	var number, status string
	var deposit *string
	var start, end, created, updated int64
	err := row.Scan(&r.ID, &r.CommunityID, &r.FacilityID, &r.FacilityName, &r.UnitID, &building, &floor, &number,
		&r.UserID, &r.UserName, &start, &end, &r.Month, &r.Exclusive, &status, &r.Reason,
		&r.DepositCents, &deposit, &r.DepositReason, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errReservationNotFound
	}
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

func scanReservations(rows *sql.Rows, err error) ([]domain.Reservation, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Reservation
	for rows.Next() {
		r, err := scanReservation(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, rows.Err()
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
	rows, err := db.reader().query(ctx, q+" ORDER BY start_at, id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Reservation
	for rows.Next() {
		var r domain.Reservation
		var start, end int64
		if err := rows.Scan(&r.ID, &r.FacilityID, &r.UserID, &start, &end); err != nil {
			return nil, err
		}
		r.StartAt, r.EndAt = fromMS(start), fromMS(end)
		out = append(out, r)
	}
	return out, rows.Err()
}

// OverlappingForUpdate returns, inside the transaction of ctx, the pending and confirmed reservations of
// facilityID overlapping [from, to), except exceptID (the one being moved). Call it after
// FacilityForUpdate, whose lock keeps the answer true until the commit.
func (db *DB) OverlappingForUpdate(ctx context.Context, facilityID string, from, to time.Time, exceptID string) ([]domain.Reservation, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	return scanReservations(tx.query(ctx, reservationSelect+` WHERE r.facility_id = ? AND r.status IN ('pending', 'confirmed')
		AND r.start_at < ? AND r.start_at > ? AND r.end_at > ? AND r.id <> ? ORDER BY r.start_at, r.id`,
		facilityID, ms(to), ms(from.Add(-domain.LongestReservation)), ms(from), exceptID))
}

// UnitMonthCountForUpdate counts, inside the transaction of ctx, the pending and confirmed reservations
// of unitID at facilityID in month, except exceptID. Call it after FacilityForUpdate.
func (db *DB) UnitMonthCountForUpdate(ctx context.Context, facilityID, unitID, month, exceptID string) (int, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return 0, err
	}
	var n int
	err = tx.queryRow(ctx, `SELECT COUNT(*) FROM reservations WHERE facility_id = ? AND unit_id = ? AND month = ?
		AND status IN ('pending', 'confirmed') AND id <> ?`, facilityID, unitID, month, exceptID).Scan(&n)
	return n, err
}

// isExclusionViolation reports PostgreSQL's refusal of an overlapping exclusive reservation.
func isExclusionViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23P01"
}

// SaveReservation inserts r (created) or writes it over the stored one, inside the transaction of ctx, and
// reads back the names it shows. An overlap the database refuses is ErrSlotTaken.
func (db *DB) SaveReservation(ctx context.Context, r *domain.Reservation, created bool) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	var deposit *string
	if r.DepositStatus != nil {
		s := string(*r.DepositStatus)
		deposit = &s
	}
	if created {
		_, err = tx.exec(ctx, `INSERT INTO reservations (id, community_id, facility_id, unit_id, user_id, start_at, end_at,
			month, exclusive, status, reason, deposit_cents, deposit_status, deposit_reason, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.ID, r.CommunityID, r.FacilityID, r.UnitID, r.UserID, ms(r.StartAt), ms(r.EndAt), r.Month, r.Exclusive,
			string(r.Status), r.Reason, r.DepositCents, deposit, r.DepositReason, ms(r.CreatedAt), ms(r.UpdatedAt))
	} else {
		_, err = tx.exec(ctx, `UPDATE reservations SET start_at = ?, end_at = ?, month = ?, status = ?, reason = ?,
			deposit_status = ?, deposit_reason = ?, reminded_at = CASE WHEN start_at = ? THEN reminded_at END, updated_at = ?
			WHERE id = ?`, ms(r.StartAt), ms(r.EndAt), r.Month, string(r.Status), r.Reason, deposit, r.DepositReason,
			ms(r.StartAt), ms(r.UpdatedAt), r.ID)
	}
	if isExclusionViolation(err) {
		return ErrSlotTaken
	}
	if err != nil {
		return err
	}
	saved, err := scanReservation(tx.queryRow(ctx, reservationSelect+" WHERE r.id = ?", r.ID))
	if err != nil {
		return err
	}
	*r = *saved
	return nil
}

// ReservationForUpdate reads a reservation of communityID inside the transaction of ctx and locks it.
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
		return nil, errReservationNotFound
	}
	return scanReservation(tx.queryRow(ctx, reservationSelect+" WHERE r.id = ?", id))
}

// Reservation returns a reservation of communityID.
func (db *DB) Reservation(ctx context.Context, communityID, id string) (*domain.Reservation, error) {
	return scanReservation(db.reader().queryRow(ctx, reservationSelect+" WHERE r.id = ? AND r.community_id = ?", id, communityID))
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
	return scanReservations(db.reader().query(ctx, b.String(), args...))
}

// recipient is userID as the addressee of an email about their community; nil once the account is gone.
func recipient(ctx context.Context, q conn, userID string) (*domain.Recipient, error) {
	var r domain.Recipient
	var lang string
	err := q.queryRow(ctx, `SELECT u.email, COALESCE(p.full_name, ''), u.language, COALESCE(c.name, '')
		FROM users u LEFT JOIN profiles p ON p.id = u.id LEFT JOIN communities c ON c.id = p.community_id
		WHERE u.id = ?`, userID).Scan(&r.Email, &r.FullName, &lang, &r.CommunityName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Language = domain.ParseLanguage(lang)
	return &r, nil
}

// QueueReservationMail queues, inside the transaction of ctx, the email compose writes for userID; nothing
// when the account is gone.
func (db *DB) QueueReservationMail(ctx context.Context, userID string, compose func(domain.Recipient) (domain.Mail, error)) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	to, err := recipient(ctx, tx, userID)
	if err != nil || to == nil {
		return err
	}
	m, err := compose(*to)
	if err != nil {
		return err
	}
	return enqueueMail(ctx, tx, m)
}

// RemindReservations queues the reminder of up to limit confirmed reservations starting in (now, until]
// that were not reminded yet, and marks them, in one transaction: run twice, it sends each reminder once.
// It returns how many it queued.
func (db *DB) RemindReservations(ctx context.Context, now, until time.Time, limit int,
	compose func(r *domain.Reservation, to domain.Recipient) (domain.Mail, error)) (int, error) {
	n := 0
	err := db.inTx(ctx, func(tx conn) error {
		due, err := scanReservations(tx.query(ctx, reservationSelect+` WHERE r.status = 'confirmed' AND r.reminded_at IS NULL
			AND r.start_at > ? AND r.start_at <= ? ORDER BY r.start_at LIMIT `+strconv.Itoa(limit), ms(now), ms(until)))
		if err != nil {
			return err
		}
		for i := range due {
			r := &due[i]
			// Claim it first: a job of another instance that read the same row waits on this row's lock
			// and then finds it reminded.
			res, err := tx.exec(ctx, "UPDATE reservations SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL", ms(now), r.ID)
			if err != nil {
				return err
			}
			if claimed, _ := res.RowsAffected(); claimed != 1 || r.UserID == nil {
				continue
			}
			to, err := recipient(ctx, tx, *r.UserID)
			if err != nil {
				return err
			}
			if to == nil {
				continue
			}
			m, err := compose(r, *to)
			if err != nil {
				return err
			}
			if err := enqueueMail(ctx, tx, m); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// In the export of a member's data (personaldata.go): their reservations.
func init() {
	exportPersonalData(
		dataSection{"reservations", `SELECT id, community_id, facility_id, unit_id, start_at, end_at, status, reason, deposit_cents, deposit_status, created_at, updated_at
			FROM reservations WHERE user_id = ? ORDER BY start_at`},
	)
}
