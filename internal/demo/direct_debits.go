package demo

import (
	"context"
	"fmt"
	"sync"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// Last year's direct debits (issue #36): two owners pay by direct debit under mandates they signed in
// January; each quarter an admin built a remittance, and the bank returned one owner's second-quarter
// debit (AM04, no funds), which she then paid by transfer. Like the past junta, it goes through the money
// service on a clock set back to those days: the API cannot act in the past, and the pre-notification
// period is counted from the service's today.

// debtors are the residents (by index) who pay by direct debit, with their account.
var debtors = []struct {
	resident int
	iban     string
}{{3, "ES7921000813610123456789"}, {4, "ES7700491500012512345678"}}

// returnedResident's second-quarter receipt is the one returned.
const returnedResident = 4

// sepaDemo is the money service on the demo's clock, for the direct debits of last year.
type sepaDemo struct {
	s         *seeder
	svc       *money.Service
	community string
	mu        sync.Mutex
	clock     time.Time
}

func (d *sepaDemo) now() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.clock
}

func (d *sepaDemo) at(day string) {
	t, _ := time.Parse(domain.DateLayout, day)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.clock = t.Add(10 * time.Hour)
}

func (d *sepaDemo) actor(i int) *domain.Actor {
	role := domain.RoleUser
	if residents[i].admin {
		role = domain.RoleAdmin
	}
	return &domain.Actor{UserID: d.s.ids[i], FullName: residents[i].name, CommunityID: d.community, Role: role,
		Language: domain.Spanish, EmailConfirmed: true}
}

// mandates sets up the community as a SEPA creditor (paid into its bank account; the banks' return
// charges stay with the community) and has the debtors sign their mandates on the 5th of January;
// unitOf names each resident's home unit.
func (s *seeder) mandates(year int, unitOf func(resident int) string) (*sepaDemo, error) {
	if err := s.as(0, "PUT", "/api/v1/money/sepa-settings", map[string]any{"creditorId": "ES77000B85626240",
		"creditorIban": "ES9121000418450200051332", "creditorBic": "", "sequencePolicy": "frst_rcur", "prenoticeDays": 14,
		"returnsToPause": 2, "chargeToOwner": false, "fileVersion": "pain.008.001.02"}, nil); err != nil {
		return nil, err
	}
	community, err := s.db.CommunityOfUser(context.Background(), s.ids[0])
	if err != nil {
		return nil, err
	}
	d := &sepaDemo{s: s, community: community}
	d.svc = money.New(s.db, money.Options{Now: d.now})
	d.at(fmt.Sprintf("%d-01-05", year))
	for _, b := range debtors {
		if _, err := d.svc.SignMandate(context.Background(), d.actor(b.resident), unitOf(b.resident),
			money.MandateInput{DebtorName: residents[b.resident].name, IBAN: b.iban}); err != nil {
			return nil, fmt.Errorf("demo mandate: %w", err)
		}
	}
	return d, nil
}

// remittances collects each quarter's direct-debit receipts five days after they fall due (built ten days
// before), returns the one of returnedResident's second quarter, and gives the bank's lines: each
// remittance's credit, the return (reconciled with the returned debit) and its charge, and the transfer
// that paid the returned receipt.
func (d *sepaDemo) remittances(year int, dueDates []string, returnedUnit string) ([]bankLine, error) {
	ctx := context.Background()
	admin := d.actor(1)
	var lines []bankLine
	for q, due := range dueDates {
		collection := addDays(due, 5)
		d.at(addDays(due, -10))
		rem, err := d.svc.BuildRemittance(ctx, admin, money.RemittanceInput{CollectionDate: collection, DueUpTo: due})
		if err != nil {
			return nil, fmt.Errorf("demo remittance %d: %w", q+1, err)
		}
		lines = append(lines, bankLine{date: collection, amount: rem.Total, concept: "ABONO REMESA " + rem.MessageID,
			kind: "remittance", target: rem.ID})
		if q != 1 {
			continue
		}
		for _, r := range rem.Receipts {
			if r.UnitID != returnedUnit {
				continue
			}
			d.at(addDays(collection, 3))
			if _, err := d.svc.ReturnDebit(ctx, admin, r.ID, money.ReturnInput{Reason: "AM04", Charge: 250}); err != nil {
				return nil, fmt.Errorf("demo return: %w", err)
			}
			lines = append(lines,
				bankLine{date: addDays(collection, 3), amount: -r.Amount, concept: "DEVOLUCION RECIBO " + r.Code() + " AM04", kind: "return",
					target: rem.ID, receipts: []string{r.ID}},
				bankLine{date: addDays(collection, 3), amount: -250, concept: "COMISION DEVOLUCION RECIBO"},
				bankLine{date: addDays(collection, 12), amount: r.Amount, concept: "TRANSF " + r.UnitLabel + " RECIBO " + r.Code(),
					kind: "receipt", target: r.ID})
		}
	}
	return lines, nil
}

// addDays is date (YYYY-MM-DD) plus n days.
func addDays(date string, n int) string {
	t, _ := time.Parse(domain.DateLayout, date)
	return t.AddDate(0, 0, n).Format(domain.DateLayout)
}
