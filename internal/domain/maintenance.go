package domain

import "time"

// MaintenanceKind is what an item of the building's upkeep is: a legal inspection, a maintenance
// contract, or something else the admins keep on schedule.
type MaintenanceKind string

const (
	MaintenanceInspection MaintenanceKind = "inspection" // inspección obligatoria (ascensor, baja tensión, IEE/ITE…)
	MaintenanceContract   MaintenanceKind = "contract"   // contrato de mantenimiento
	MaintenanceOther      MaintenanceKind = "other"
)

// Valid reports whether k is one of the kinds.
func (k MaintenanceKind) Valid() bool {
	return k == MaintenanceInspection || k == MaintenanceContract || k == MaintenanceOther
}

// MaintenanceItem is one recurring piece of a community's upkeep: done last on LastDone, due again
// PeriodMonths later (NextDue). Dates are days (midnight UTC), not instants.
type MaintenanceItem struct {
	ID           string
	CommunityID  string
	Name         string
	Kind         MaintenanceKind
	Provider     *string
	PeriodMonths int
	LastDone     time.Time
	NextDue      time.Time
	Notes        *string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	History      []MaintenanceDone // newest first
}

// MaintenanceDone is one time an item was done, as an admin recorded it; never edited.
type MaintenanceDone struct {
	ID         string
	ItemID     string
	DoneOn     time.Time
	Note       *string
	DoneBy     *string
	DoneByName string
	CreatedAt  time.Time
}

// MaintenanceDue is an item whose reminder may be due, with its community's name and time zone.
type MaintenanceDue struct {
	ItemID        string
	CommunityID   string
	CommunityName string
	TimeZone      string
	Name          string
	NextDue       time.Time
}

// AddMonths is day plus n months, kept in the last day of a shorter month (31 January plus one month is
// 28 or 29 February, not 3 March): what "every n months" means on a calendar.
func AddMonths(day time.Time, n int) time.Time {
	first := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, n, 0)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(day.Day(), last), 0, 0, 0, 0, time.UTC)
}
