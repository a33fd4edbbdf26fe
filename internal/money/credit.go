package money

import (
	"context"
	"sort"
	"time"

	"vecinos/internal/domain"
)

// A unit's credit (docs/adr/0035-money-ledger.md, "Credit"): when the community leaves overpayments as
// credit, what a unit has paid beyond what it owes is set against its owed receipts at once, the earliest
// due first, each use audited (money.credit.applied). Nothing is written to the ledger: it already holds
// the payment, and applying the credit only says which receipts it paid (their paid_cents cache).

// farFuture is a day after every ledger entry, for a unit's whole balance.
const farFuture = "9999-12-31"

// creditOn reports whether the community leaves overpayments as credit.
func (s *Service) creditOn(ctx context.Context, communityID string) (bool, error) {
	o, err := s.store.MoneyOverpayments(ctx, communityID)
	return o == domain.OverpaymentsCredited, err
}

// applyCredit runs in the caller's transaction, which holds the money-settings lock (so two never run at
// once for a community): the unit's credit is what its owed receipts add up to beyond its ledger balance
// (a credit pays the unit's debts that are not receipts, such as a bank charge, first). It is set against
// the owed receipts by due date, then number, each receipt paid or partly paid from it and audited.
func (s *Service) applyCredit(ctx context.Context, a *domain.Actor, unitID string, at time.Time) error {
	balance, err := s.store.LedgerBalance(ctx, a.CommunityID, unitID, farFuture)
	if err != nil {
		return err
	}
	open, err := s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{UnitIDs: []string{unitID}, Open: true})
	if err != nil {
		return err
	}
	var owed domain.Cents
	for _, r := range open {
		owed += r.Amount - r.Paid
	}
	credit := owed - balance
	if credit <= 0 {
		return nil
	}
	sort.Slice(open, func(i, j int) bool {
		x, y := open[i], open[j]
		if x.DueDate != y.DueDate {
			return x.DueDate < y.DueDate
		}
		if x.Year != y.Year {
			return x.Year < y.Year
		}
		return x.Number < y.Number
	})
	for i := 0; i < len(open) && credit > 0; i++ {
		r, err := s.store.ReceiptForUpdate(ctx, a.CommunityID, open[i].ID)
		if err != nil {
			return err
		}
		if r == nil || r.Paid >= r.Amount {
			continue
		}
		before := map[string]any{"paidCents": r.Paid, "status": r.Status}
		use := min(credit, r.Amount-r.Paid)
		r.Paid += use
		r.Status = domain.ReceiptPartial
		if r.Paid == r.Amount {
			r.Status = domain.ReceiptPaid
		}
		if err := s.store.SaveReceiptPaid(ctx, r, at); err != nil {
			return err
		}
		credit -= use
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCreditApplied, TargetKind: "money_receipt", TargetID: r.ID, TargetLabel: r.Code(),
			Before: before, After: map[string]any{"paidCents": r.Paid, "status": r.Status, "creditUsedCents": use, "creditLeftCents": credit,
				"unit": r.UnitLabel}})
	}
	return nil
}

// applyCredits applies the credit of each of units (applyCredit).
func (s *Service) applyCredits(ctx context.Context, a *domain.Actor, units []string, at time.Time) error {
	for _, u := range units {
		if err := s.applyCredit(ctx, a, u, at); err != nil {
			return err
		}
	}
	return nil
}

// creditUnits returns, in a transaction that holds the money-settings lock, the units with a credit to set
// against receipts about to be issued: none unless the community leaves overpayments as credit.
func (s *Service) creditUnits(ctx context.Context, communityID string) ([]string, error) {
	if on, err := s.creditOn(ctx, communityID); err != nil || !on {
		return nil, err
	}
	return s.store.UnitsInCredit(ctx, communityID)
}

// issuedWithCredit applies the credit of units to the receipts rs just issued (and the rest they owe),
// and returns rs as they stand after it.
func (s *Service) issuedWithCredit(ctx context.Context, a *domain.Actor, units []string, rs []domain.Receipt, at time.Time) ([]domain.Receipt, error) {
	if len(units) == 0 {
		return rs, nil
	}
	if err := s.applyCredits(ctx, a, units, at); err != nil {
		return nil, err
	}
	now, err := s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{UnitIDs: units})
	if err != nil {
		return nil, err
	}
	byID := make(map[string]domain.Receipt, len(now))
	for _, r := range now {
		byID[r.ID] = r
	}
	for i := range rs {
		if r, ok := byID[rs[i].ID]; ok {
			rs[i].Paid, rs[i].Status = r.Paid, r.Status
		}
	}
	return rs, nil
}
