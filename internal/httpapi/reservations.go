package httpapi

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/reservations"
)

// Reservations of common facilities (issue #13). Times travel both ways: local ("YYYY-MM-DD", "HH:MM" in
// the community's time zone, which the rules use) and as instants (startAt, endAt).

// FacilityDay is a facility's opening hours on one weekday.
type FacilityDay struct {
	Closed bool   `json:"closed" doc:"Closed all day (open and close are then ignored)"`
	Open   string `json:"open" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9]$" doc:"Local HH:MM"`
	Close  string `json:"close" pattern:"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$" doc:"Local HH:MM; 24:00 is midnight"`
}

// FacilityClosure is a local date on which a facility is closed.
type FacilityClosure struct {
	Date   string `json:"date"`
	Reason string `json:"reason"`
}

// FreeSlot is one slot of a facility's calendar.
type FreeSlot struct {
	Date    string    `json:"date" doc:"Local YYYY-MM-DD"`
	Start   string    `json:"start" doc:"Local HH:MM"`
	End     string    `json:"end" doc:"Local HH:MM"`
	StartAt time.Time `json:"startAt"`
	EndAt   time.Time `json:"endAt"`
	Free    int       `json:"free" doc:"Places left; 0 when taken"`
	Mine    bool      `json:"mine" doc:"One of the caller's reservations overlaps it"`
	Past    bool      `json:"past"`
}

// Facility is a common facility and its rules.
type Facility struct {
	ID            string            `json:"id"`
	Name          string            `json:"name"`
	Description   string            `json:"description"`
	PhotoURL      *string           `json:"photoUrl"`
	Capacity      int               `json:"capacity" doc:"1: exclusive; more: shared by that many reservations at once"`
	Hours         []FacilityDay     `json:"hours" doc:"7 entries, Sunday first"`
	SlotMinutes   int               `json:"slotMinutes" doc:"Fixed slots of this length from the opening time; 0: free start and end"`
	MinMinutes    int               `json:"minMinutes"`
	MaxMinutes    int               `json:"maxMinutes"`
	MaxPerMonth   int               `json:"maxPerMonth" doc:"Reservations per unit per month"`
	CancelHours   int               `json:"cancelHours" doc:"Free change or cancellation until this many hours before"`
	HorizonDays   int               `json:"horizonDays" doc:"A booking may start up to this many days after today (local)"`
	DepositCents  int               `json:"depositCents"`
	NeedsApproval bool              `json:"needsApproval"`
	Rules         string            `json:"rules"`
	Closures      []FacilityClosure `json:"closures"`
	Archived      bool              `json:"archived"`
	TimeZone      string            `json:"timeZone" doc:"The community's; every local time is in it"`
	NextFree      []FreeSlot        `json:"nextFree" doc:"The next free slots in the coming two weeks (list only; empty elsewhere)"`
}

func facilityOf(f *domain.Facility, next []reservations.FreeSlot) Facility {
	out := Facility{ID: f.ID, Name: f.Name, Description: f.Description, PhotoURL: f.PhotoURL, Capacity: f.Capacity,
		Hours: make([]FacilityDay, 7), SlotMinutes: f.SlotMinutes, MinMinutes: f.MinMinutes, MaxMinutes: f.MaxMinutes,
		MaxPerMonth: f.MaxPerMonth, CancelHours: f.CancelHours, HorizonDays: f.HorizonDays, DepositCents: f.DepositCents, NeedsApproval: f.NeedsApproval,
		Rules: f.Rules, Closures: make([]FacilityClosure, len(f.Closures)), Archived: f.ArchivedAt != nil, TimeZone: f.TimeZone,
		NextFree: make([]FreeSlot, len(next))}
	for i, h := range f.Hours {
		if h == nil {
			out.Hours[i] = FacilityDay{Closed: true, Open: "00:00", Close: "00:00"}
			continue
		}
		out.Hours[i] = FacilityDay{Open: reservations.Clock(h.Open), Close: reservations.Clock(h.Close)}
	}
	for i, c := range f.Closures {
		out.Closures[i] = FacilityClosure{Date: c.Day, Reason: c.Reason}
	}
	for i, s := range next {
		out.NextFree[i] = freeSlotOf(s)
	}
	return out
}

func freeSlotOf(s reservations.FreeSlot) FreeSlot {
	return FreeSlot{Date: s.Date, Start: s.Start, End: s.End, StartAt: s.StartAt, EndAt: s.EndAt, Free: s.Free, Mine: s.Mine, Past: s.Past}
}

// minutes reads an "HH:MM" the schema already checked.
func minutes(s string) int {
	return (int(s[0]-'0')*10+int(s[1]-'0'))*60 + int(s[3]-'0')*10 + int(s[4]-'0')
}

// Reservation is a booking as members see it.
type Reservation struct {
	ID             string    `json:"id"`
	FacilityID     string    `json:"facilityId"`
	FacilityName   string    `json:"facilityName"`
	UnitLabel      string    `json:"unitLabel"`
	UserID         *string   `json:"userId" doc:"null once the account is deleted"`
	UserName       string    `json:"userName"`
	Date           string    `json:"date" doc:"Local YYYY-MM-DD"`
	Start          string    `json:"start" doc:"Local HH:MM"`
	End            string    `json:"end" doc:"Local HH:MM"`
	StartAt        time.Time `json:"startAt"`
	EndAt          time.Time `json:"endAt"`
	Status         string    `json:"status" enum:"pending,confirmed,rejected,cancelled,finished"`
	Reason         *string   `json:"reason" doc:"Why it was rejected, or cancelled or changed by an admin"`
	DepositCents   int       `json:"depositCents"`
	DepositStatus  *string   `json:"depositStatus" enum:"pending,received,returned,retained" doc:"null without a deposit"`
	DepositReason  *string   `json:"depositReason" doc:"Why the deposit was retained"`
	Mine           bool      `json:"mine"`
	CanModify      bool      `json:"canModify"`
	CanCancel      bool      `json:"canCancel"`
	CancelDeadline time.Time `json:"cancelDeadline" doc:"When its owner's free change or cancellation ends"`
	CreatedAt      time.Time `json:"createdAt"`
}

func (s *server) reservationOf(a *domain.Actor, r *domain.Reservation, f *domain.Facility) Reservation {
	now := s.now()
	tz, hours := domain.DefaultTimeZone, 0
	if f != nil {
		tz, hours = f.TimeZone, f.CancelHours
	}
	rt := reservations.RightsOf(a, r, hours, tz, now)
	sl := reservations.LocalSlot(r, tz)
	out := Reservation{ID: r.ID, FacilityID: r.FacilityID, FacilityName: r.FacilityName, UnitLabel: r.UnitLabel, UserID: r.UserID,
		UserName: r.UserName, Date: sl.Date, Start: sl.Start, End: sl.End,
		StartAt: r.StartAt, EndAt: r.EndAt, Status: string(reservations.Status(r, now)), Reason: r.Reason, DepositCents: r.DepositCents,
		DepositReason: r.DepositReason, Mine: r.UserID != nil && *r.UserID == a.UserID, CanModify: rt.Modify, CanCancel: rt.Cancel,
		CancelDeadline: rt.Deadline.UTC(), CreatedAt: r.CreatedAt}
	if r.DepositStatus != nil {
		d := string(*r.DepositStatus)
		out.DepositStatus = &d
	}
	return out
}

// now is the clock of the reservations service, so that what a response says (finished, may cancel)
// agrees with the rules it enforced.
func (s *server) now() time.Time { return s.Reservations.Now() }

type facilityIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type facilityOutput struct{ Body Facility }

type facilityListOutput struct {
	Body struct {
		TimeZone string     `json:"timeZone" doc:"The community's time zone"`
		Items    []Facility `json:"items"`
	}
}

type facilityBody struct {
	Name          *string       `json:"name,omitempty" maxLength:"100"`
	Description   *string       `json:"description,omitempty" maxLength:"2000"`
	PhotoURL      *string       `json:"photoUrl,omitempty" maxLength:"2048" doc:"URL of an image uploaded to /api/v1/files/incident-images; empty removes it"`
	Capacity      *int          `json:"capacity,omitempty" minimum:"1" maximum:"1000"`
	Hours         []FacilityDay `json:"hours,omitempty" minItems:"7" maxItems:"7" doc:"7 entries, Sunday first"`
	SlotMinutes   *int          `json:"slotMinutes,omitempty" minimum:"0" maximum:"1440"`
	MinMinutes    *int          `json:"minMinutes,omitempty" minimum:"15" maximum:"1440"`
	MaxMinutes    *int          `json:"maxMinutes,omitempty" minimum:"15" maximum:"1440"`
	MaxPerMonth   *int          `json:"maxPerMonth,omitempty" minimum:"1" maximum:"100"`
	CancelHours   *int          `json:"cancelHours,omitempty" minimum:"0" maximum:"720"`
	HorizonDays   *int          `json:"horizonDays,omitempty" minimum:"1" maximum:"730" doc:"Days ahead a booking may start; 90 by default"`
	DepositCents  *int          `json:"depositCents,omitempty" minimum:"0" maximum:"100000000"`
	NeedsApproval *bool         `json:"needsApproval,omitempty"`
	Rules         *string       `json:"rules,omitempty" maxLength:"5000"`
	Archived      *bool         `json:"archived,omitempty" doc:"Archived facilities take no reservations and leave the list"`
}

func (b *facilityBody) input() reservations.FacilityInput {
	in := reservations.FacilityInput{Name: b.Name, Description: b.Description, PhotoURL: b.PhotoURL, Capacity: b.Capacity,
		SlotMinutes: b.SlotMinutes, MinMinutes: b.MinMinutes, MaxMinutes: b.MaxMinutes, MaxPerMonth: b.MaxPerMonth,
		CancelHours: b.CancelHours, HorizonDays: b.HorizonDays, DepositCents: b.DepositCents, NeedsApproval: b.NeedsApproval, Rules: b.Rules, Archived: b.Archived}
	if len(b.Hours) == 7 {
		var h [7]*domain.DayHours
		for i, d := range b.Hours {
			if !d.Closed {
				h[i] = &domain.DayHours{Open: minutes(d.Open), Close: minutes(d.Close)}
			}
		}
		in.Hours = &h
	}
	return in
}

type createFacilityInput struct{ Body facilityBody }

type updateFacilityInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body facilityBody
}

type listFacilitiesInput struct {
	IncludeArchived bool `query:"includeArchived" doc:"Also archived ones (admins)"`
}

type facilityDayInput struct {
	ID   string `path:"id" maxLength:"64"`
	Date string `path:"date" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
}

type closeFacilityDayInput struct {
	ID   string `path:"id" maxLength:"64"`
	Date string `path:"date" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	Body struct {
		Reason string `json:"reason" maxLength:"500"`
	}
}

func (s *server) listFacilities(ctx context.Context, in *listFacilitiesInput) (*facilityListOutput, error) {
	a := actor(ctx)
	tz, err := s.Reservations.TimeZone(ctx, a)
	if err != nil {
		return nil, err
	}
	list, err := s.Reservations.Overview(ctx, a, in.IncludeArchived)
	if err != nil {
		return nil, err
	}
	out := &facilityListOutput{}
	out.Body.TimeZone, out.Body.Items = tz, make([]Facility, len(list))
	for i := range list {
		out.Body.Items[i] = facilityOf(&list[i].Facility, list[i].Next)
	}
	return out, nil
}

func (s *server) getFacility(ctx context.Context, in *facilityIDInput) (*facilityOutput, error) {
	a := actor(ctx)
	f, err := s.Reservations.Facility(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &facilityOutput{Body: facilityOf(f, nil)}, nil
}

func (s *server) createFacility(ctx context.Context, in *createFacilityInput) (*facilityOutput, error) {
	a := actor(ctx)
	f, err := s.Reservations.CreateFacility(ctx, a, in.Body.input())
	if err != nil {
		return nil, err
	}
	return &facilityOutput{Body: facilityOf(f, nil)}, nil
}

func (s *server) updateFacility(ctx context.Context, in *updateFacilityInput) (*facilityOutput, error) {
	a := actor(ctx)
	f, err := s.Reservations.UpdateFacility(ctx, a, in.ID, in.Body.input())
	if err != nil {
		return nil, err
	}
	return &facilityOutput{Body: facilityOf(f, nil)}, nil
}

func (s *server) closeFacilityDay(ctx context.Context, in *closeFacilityDayInput) (*facilityOutput, error) {
	a := actor(ctx)
	f, err := s.Reservations.CloseDay(ctx, a, in.ID, in.Date, in.Body.Reason)
	if err != nil {
		return nil, err
	}
	return &facilityOutput{Body: facilityOf(f, nil)}, nil
}

func (s *server) openFacilityDay(ctx context.Context, in *facilityDayInput) (*facilityOutput, error) {
	a := actor(ctx)
	f, err := s.Reservations.OpenDay(ctx, a, in.ID, in.Date)
	if err != nil {
		return nil, err
	}
	return &facilityOutput{Body: facilityOf(f, nil)}, nil
}

// AvailabilityDay is one local date of a facility's month.
type AvailabilityDay struct {
	Date         string    `json:"date"`
	Closed       bool      `json:"closed"`
	ClosedReason string    `json:"closedReason" doc:"Empty when closed by the weekly hours"`
	Slots        []DaySlot `json:"slots"`
}

// DaySlot is a slot of a day of the calendar: the day and the time zone are the month's, so it carries
// only its local times (a month is hundreds of slots).
type DaySlot struct {
	Start string `json:"start" doc:"Local HH:MM"`
	End   string `json:"end" doc:"Local HH:MM"`
	Free  int    `json:"free" doc:"Places left; 0 when taken"`
	Mine  bool   `json:"mine" doc:"One of the caller's reservations overlaps it"`
	Past  bool   `json:"past"`
}

// AvailabilityMonth is a facility's local month, day by day.
type AvailabilityMonth struct {
	FacilityID string            `json:"facilityId"`
	Month      string            `json:"month"`
	TimeZone   string            `json:"timeZone"`
	Days       []AvailabilityDay `json:"days"`
}

// MarshalJSON writes the month as encoding/json would from its fields, without reflection and without
// encoding/json's second pass over a Marshaler's output: a month is hundreds of slots, and the most read
// answer of the feature (issue #13 asks for 3,000 a second). The handler writes these bytes as they are.
func (m AvailabilityMonth) MarshalJSON() ([]byte, error) {
	n := 0
	for _, d := range m.Days {
		n += 96 + len(d.Slots)*64
	}
	b := make([]byte, 0, 96+n)
	b = appendJSONString(append(b, `{"facilityId":`...), m.FacilityID)
	b = appendJSONString(append(b, `,"month":`...), m.Month)
	b = appendJSONString(append(b, `,"timeZone":`...), m.TimeZone)
	return append(appendJSONArray(append(b, `,"days":`...), m.Days, (*AvailabilityDay).appendJSON), '}'), nil
}

func (d *AvailabilityDay) appendJSON(b []byte) []byte {
	b = appendJSONString(append(b, `{"date":`...), d.Date)
	b = strconv.AppendBool(append(b, `,"closed":`...), d.Closed)
	b = appendJSONString(append(b, `,"closedReason":`...), d.ClosedReason)
	return append(appendJSONArray(append(b, `,"slots":`...), d.Slots, func(s *DaySlot, b []byte) []byte {
		b = appendJSONString(append(b, `{"start":`...), s.Start)
		b = appendJSONString(append(b, `,"end":`...), s.End)
		b = strconv.AppendInt(append(b, `,"free":`...), int64(s.Free), 10)
		b = strconv.AppendBool(append(b, `,"mine":`...), s.Mine)
		return append(strconv.AppendBool(append(b, `,"past":`...), s.Past), '}')
	}), '}')
}

// appendJSONString appends s quoted: plain ASCII as is, anything else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

type availabilityInput struct {
	ID    string `path:"id" maxLength:"64"`
	Month string `query:"month" pattern:"^[0-9]{4}-[0-9]{2}$" doc:"Local YYYY-MM; empty: this month"`
}

// availabilityOutput is an AvailabilityMonth already written (see its MarshalJSON); the route documents
// its schema.
type availabilityOutput struct {
	ContentType string `header:"Content-Type"`
	Body        []byte
}

func (s *server) facilityAvailability(ctx context.Context, in *availabilityInput) (*availabilityOutput, error) {
	a := actor(ctx)
	m, err := s.Reservations.Availability(ctx, a, in.ID, in.Month)
	if err != nil {
		return nil, err
	}
	b := AvailabilityMonth{FacilityID: m.Facility.ID, Month: m.Month, TimeZone: m.Facility.TimeZone, Days: make([]AvailabilityDay, len(m.Days))}
	for i, d := range m.Days {
		day := AvailabilityDay{Date: d.Date, Closed: d.Closed, ClosedReason: d.ClosedReason, Slots: make([]DaySlot, len(d.Slots))}
		for j, sl := range d.Slots {
			day.Slots[j] = DaySlot{Start: sl.Start, End: sl.End, Free: sl.Free, Mine: sl.Mine, Past: sl.Past}
		}
		b.Days[i] = day
	}
	body, err := b.MarshalJSON()
	return &availabilityOutput{ContentType: "application/json", Body: body}, err
}

type timeZoneInput struct {
	Body struct {
		TimeZone string `json:"timeZone" maxLength:"64" doc:"An IANA zone, e.g. Europe/Madrid or Atlantic/Canary"`
	}
}

type timeZoneOutput struct {
	Body struct {
		TimeZone string `json:"timeZone"`
	}
}

func (s *server) getReservationTimeZone(ctx context.Context, _ *struct{}) (*timeZoneOutput, error) {
	a := actor(ctx)
	out := &timeZoneOutput{}
	var err error
	out.Body.TimeZone, err = s.Reservations.TimeZone(ctx, a)
	return out, err
}

func (s *server) setReservationTimeZone(ctx context.Context, in *timeZoneInput) (*timeZoneOutput, error) {
	a := actor(ctx)
	if err := s.Reservations.SetTimeZone(ctx, a, in.Body.TimeZone); err != nil {
		return nil, err
	}
	out := &timeZoneOutput{}
	var err error
	out.Body.TimeZone, err = s.Reservations.TimeZone(ctx, a)
	return out, err
}

type reservationIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type reservationOutput struct{ Body Reservation }

type nextReservationOutput struct {
	Body struct {
		Reservation *Reservation `json:"reservation" doc:"null when the caller has none coming"`
	}
}

type reservationListOutput struct {
	Body struct {
		Items []Reservation `json:"items"`
	}
}

type listReservationsInput struct {
	All        bool   `query:"all" doc:"Every reservation of the community (admins); otherwise the caller's"`
	FacilityID string `query:"facilityId" maxLength:"64"`
	Status     string `query:"status" enum:"pending,confirmed,rejected,cancelled"`
	Past       bool   `query:"past" doc:"Also those that have ended"`
	Limit      int    `query:"limit" minimum:"1" maximum:"500" default:"100"`
}

type createReservationInput struct {
	Body struct {
		FacilityID string `json:"facilityId" maxLength:"64"`
		Date       string `json:"date" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$" doc:"Local YYYY-MM-DD"`
		Start      string `json:"start" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9]$" doc:"Local HH:MM"`
		End        string `json:"end" pattern:"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$" doc:"Local HH:MM; 24:00 is midnight"`
	}
}

type modifyReservationInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Date   string `json:"date" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$" doc:"Local YYYY-MM-DD"`
		Start  string `json:"start" pattern:"^([01][0-9]|2[0-3]):[0-5][0-9]$" doc:"Local HH:MM"`
		End    string `json:"end" pattern:"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$" doc:"Local HH:MM; 24:00 is midnight"`
		Reason string `json:"reason,omitempty" maxLength:"500" doc:"Required of an admin past the window or on someone else's"`
	}
}

type reasonInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"500"`
	}
}

type reviewReservationInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Approve bool   `json:"approve"`
		Reason  string `json:"reason,omitempty" maxLength:"500" doc:"Required to reject"`
	}
}

type depositInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Status string `json:"status" enum:"received,returned,retained"`
		Reason string `json:"reason,omitempty" maxLength:"500" doc:"Required to retain it"`
	}
}

func (s *server) listReservations(ctx context.Context, in *listReservationsInput) (*reservationListOutput, error) {
	a := actor(ctx)
	l, err := s.Reservations.List(ctx, a, reservations.ListInput{All: in.All, FacilityID: in.FacilityID,
		Status: domain.ReservationStatus(in.Status), Past: in.Past, Limit: in.Limit})
	if err != nil {
		return nil, err
	}
	out := &reservationListOutput{}
	out.Body.Items = make([]Reservation, len(l.Items))
	for i := range l.Items {
		out.Body.Items[i] = s.reservationOf(a, &l.Items[i], l.Facilities[l.Items[i].FacilityID])
	}
	return out, nil
}

// reserved answers a reservation the service returned with its facility.
func (s *server) reserved(a *domain.Actor, r *domain.Reservation, f *domain.Facility, err error) (*reservationOutput, error) {
	if err != nil {
		return nil, err
	}
	return &reservationOutput{Body: s.reservationOf(a, r, f)}, nil
}

func (s *server) createReservation(ctx context.Context, in *createReservationInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Book(ctx, a, in.Body.FacilityID, reservations.Slot{Date: in.Body.Date, Start: in.Body.Start, End: in.Body.End})
	return s.reserved(a, r, f, err)
}

func (s *server) getReservation(ctx context.Context, in *reservationIDInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Get(ctx, a, in.ID)
	return s.reserved(a, r, f, err)
}

func (s *server) nextReservation(ctx context.Context, _ *struct{}) (*nextReservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Next(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &nextReservationOutput{}
	if r != nil {
		v := s.reservationOf(a, r, f)
		out.Body.Reservation = &v
	}
	return out, nil
}

func (s *server) modifyReservation(ctx context.Context, in *modifyReservationInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Modify(ctx, a, in.ID, reservations.Slot{Date: in.Body.Date, Start: in.Body.Start, End: in.Body.End}, in.Body.Reason)
	return s.reserved(a, r, f, err)
}

func (s *server) cancelReservation(ctx context.Context, in *reasonInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Cancel(ctx, a, in.ID, in.Body.Reason)
	return s.reserved(a, r, f, err)
}

func (s *server) reviewReservation(ctx context.Context, in *reviewReservationInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.Review(ctx, a, in.ID, in.Body.Approve, in.Body.Reason)
	return s.reserved(a, r, f, err)
}

func (s *server) recordDeposit(ctx context.Context, in *depositInput) (*reservationOutput, error) {
	a := actor(ctx)
	r, f, err := s.Reservations.RecordDeposit(ctx, a, in.ID, domain.DepositStatus(in.Body.Status), in.Body.Reason)
	return s.reserved(a, r, f, err)
}
