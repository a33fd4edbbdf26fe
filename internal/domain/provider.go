package domain

import "time"

// ProviderCategory is the trade of a service provider (the chips of /services).
type ProviderCategory string

const (
	CategoryPlumbing    ProviderCategory = "plumbing"    // Fontanería
	CategoryElectricity ProviderCategory = "electricity" // Electricidad
	CategoryLocksmith   ProviderCategory = "locksmith"   // Cerrajería
	CategoryCleaning    ProviderCategory = "cleaning"    // Limpieza
	CategoryLifts       ProviderCategory = "lifts"       // Ascensores
	CategoryHVAC        ProviderCategory = "hvac"        // Climatización
	CategoryOther       ProviderCategory = "other"       // Otros
)

// Valid reports whether c is a known category.
func (c ProviderCategory) Valid() bool {
	switch c {
	case CategoryPlumbing, CategoryElectricity, CategoryLocksmith, CategoryCleaning, CategoryLifts, CategoryHVAC, CategoryOther:
		return true
	}
	return false
}

// ProviderStatus is where a provider stands in the directory.
type ProviderStatus string

const (
	ProviderPending  ProviderStatus = "pending"  // suggested by a member, waiting for an admin
	ProviderApproved ProviderStatus = "approved" // listed
	ProviderRejected ProviderStatus = "rejected" // refused, with a reason its suggester sees
	ProviderArchived ProviderStatus = "archived" // no longer listed
)

// Provider is a company or professional in a community's directory.
type Provider struct {
	ID              string
	CommunityID     string
	Name            string
	Category        ProviderCategory
	Description     string
	Phone           *string
	Email           *string
	Address         *string
	Emergency       bool
	Verified        bool
	Status          ProviderStatus
	RejectionReason *string
	SuggestedBy     *string
	SuggestedByName string
	CreatedAt       time.Time
	UpdatedAt       time.Time
	// Read with the provider, for the reader.
	RatingAverage float64 // 0 without ratings
	RatingCount   int
	MyStars       *int
	MyComment     *string
}

// ProviderFilter narrows the directory.
type ProviderFilter struct {
	Category ProviderCategory
	Search   string // SearchText form
	Viewer   string // the reader: sees their own suggestions too
	Admin    bool   // the reader administers the community: sees every pending suggestion
}

// ProviderRating is one member's rating of a provider.
type ProviderRating struct {
	UserID    string
	UserName  string
	Stars     int
	Comment   *string
	UpdatedAt time.Time
}
