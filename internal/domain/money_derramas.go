package domain

import "strconv"

// Derrama is a one-off charge agreed by a junta (the façade works, say): its total is shared by a group's
// shares and paid in instalments, each issued once as one receipt per unit.
type Derrama struct {
	ID          string
	CommunityID string
	Concept     string
	Total       Cents
	GroupID     string
	JuntaDate   string // DateLayout: the junta's agreement
	Instalments []DerramaInstalment
	CreatedAt   int64
}

// DerramaInstalment is an instalment of a derrama, numbered from 1.
type DerramaInstalment struct {
	Number  int
	DueDate string // DateLayout
	Issued  bool   // its receipts are issued
}

// DerramaKeyPrefix starts the period keys of a derrama's instalments.
func DerramaKeyPrefix(derramaID string) string { return "D-" + derramaID + "-" }

// DerramaPeriodKey is the period key of a derrama's instalment: its receipts' key and the key of their run.
func DerramaPeriodKey(derramaID string, number int) string {
	return DerramaKeyPrefix(derramaID) + strconv.Itoa(number)
}
