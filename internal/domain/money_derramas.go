package domain

import "strconv"

// Derrama is a one-off charge agreed by a junta (the façade works, say): its total is shared by a group's
// shares and paid in instalments, each issued once as one receipt per unit.
type Derrama struct {
	ID          string
	CommunityID string
	Number      int // 1, 2, … in the community: its receipts' period keys name it
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

// DerramaKeyPrefix starts the period keys of the instalments of the community's derrama number n.
func DerramaKeyPrefix(n int) string { return "DER" + strconv.Itoa(n) + "-" }

// DerramaPeriodKey is the period key of a derrama's instalment, "DER3-2": its receipts' key (shown on the
// receipt, its PDF and the bank's remittance) and the key of their run.
func DerramaPeriodKey(n, instalment int) string {
	return DerramaKeyPrefix(n) + strconv.Itoa(instalment)
}
