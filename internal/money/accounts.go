package money

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// The year's accounts (issue #37, docs/adr/0050-year-accounts-and-closing.md): for a fiscal year (the
// calendar year), the approved budget against the actual expenses per group and line, the income
// (cuotas, derramas, other) and the expenses by group and concept, the reserve fund, the balance of each
// account and each unit's balance at the year's end. An open year is computed from the ledger, the
// expenses and the accounts each time; a closed year is read as it was closed (accounts_close.go).

// AccountsStore is what the year's accounts and their closing need from the database.
type AccountsStore interface {
	LedgerSums(ctx context.Context, communityID, from, to string) ([]domain.LedgerSum, error)
	LedgerBalances(ctx context.Context, communityID, before string) (map[string]domain.Cents, error)
	ReceiptConceptSums(ctx context.Context, communityID, concept, from, to string) (map[string]domain.Cents, error)
	AccountFlows(ctx context.Context, communityID, to string) ([]domain.AccountFlow, error)
	BankPositions(ctx context.Context, communityID, at string) ([]domain.BankPosition, error)
	ClosingSettings(ctx context.Context, communityID string) (domain.ClosingMode, bool, error)
	SaveClosingSettings(ctx context.Context, communityID string, mode domain.ClosingMode, tenants bool, at time.Time) error // after LockMoneySettings
	ClosedYearNumbers(ctx context.Context, communityID string) ([]int, error)
	ClosedYears(ctx context.Context, communityID string) ([]domain.ClosedYear, error)
	ClosedYear(ctx context.Context, communityID string, year int) (*domain.ClosedYear, error)          // nil: open
	ClosedYearForUpdate(ctx context.Context, communityID string, year int) (*domain.ClosedYear, error) // nil: open
	InsertClosedYear(ctx context.Context, c *domain.ClosedYear, ls []domain.Liquidation) (bool, error) // false: closed already
	Liquidations(ctx context.Context, communityID string, year int) ([]domain.Liquidation, error)
	SaveClosedYearApproval(ctx context.Context, communityID string, year int, juntaDate, by string, at time.Time) error
	SaveClosedYearDocument(ctx context.Context, communityID string, year int, documentID string) error
	LockMoneyBooks(ctx context.Context) error
}

// YearAccounts are a year's accounts.
type YearAccounts struct {
	Year     int
	From, To string // the year's first and last days
	// The approved budget the year ran on; nil when none was approved.
	Budget   *BudgetRef
	Groups   []GroupAccounts
	Income   Income
	Expenses domain.Cents // what the year's ordinary expenses cost (base + VAT); those of the reserve fund are in Reserve
	Result   domain.Cents // Income.Total − Expenses − Reserve.Spent
	Reserve  ReserveFund
	Accounts []AccountYear
	Units    []UnitYear
	// The liquidación: each unit's share of the actual expenses against its cuotas. For an open year, what
	// closing it now would give.
	Liquidation []domain.Liquidation
	// Why the liquidación cannot be computed (a group whose shares do not add up), in Spanish; "" when it can.
	LiquidationProblem string      `json:",omitempty"`
	Closed             *ClosedInfo `json:"-"`
	liquidationErr     error
}

// BudgetRef names the approved budget of the year.
type BudgetRef struct {
	ID        string
	Version   int
	JuntaDate string
}

// GroupAccounts is a cost-sharing group's budget against its actual expenses, line by line: the budget's
// lines first (an expense goes to the line of its group whose concept begins its own), then the concepts
// of the expenses no line names.
type GroupAccounts struct {
	GroupID string
	Name    string
	Budget  domain.Cents
	Actual  domain.Cents
	Lines   []LineAccounts
}

// LineAccounts is a budget line, or an unbudgeted concept, with what was spent on it.
type LineAccounts struct {
	Concept  string
	Budget   domain.Cents
	Actual   domain.Cents
	Budgeted bool
	Expenses int
}

// Income is what the units were charged in the year, and what they paid.
type Income struct {
	Cuotas    domain.Cents // the cuota receipts issued in the year (the reserve fund's part included)
	Derramas  domain.Cents // the derrama receipts issued in the year
	Other     domain.Cents // bank charges passed on and corrections
	Total     domain.Cents
	Collected domain.Cents // what the units paid in the year (payments and compensations, less returned debits)
}

// ReserveFund is the reserve fund's movements: the closing of the previous closed year, what the year's
// cuotas put in it, what the year's expenses charged to it took (conservation works a junta agreed, LPH
// art. 9.1.f), and its closing.
type ReserveFund struct {
	Budget        domain.Cents
	Opening       domain.Cents
	Contributions domain.Cents
	Spent         domain.Cents
	Spending      []ReserveSpending
	Closing       domain.Cents // Opening + Contributions − Spent
}

// ReserveSpending is an expense charged to the reserve fund.
type ReserveSpending struct {
	ExpenseID string
	Number    int
	Date      string
	Provider  string
	Concept   string
	JuntaDate string
	Amount    domain.Cents // what it cost (base + VAT)
}

// AccountYear is an account's year in the books: its balance on the first day, what came in and went out,
// its balance at each month's end and on the last day; and what the bank's imported statements say at the
// year's end.
type AccountYear struct {
	ID, Name     string
	Kind         domain.BankAccountKind
	IBAN         string // masked
	Opening      domain.Cents
	In, Out      domain.Cents
	Closing      domain.Cents
	Months       []domain.Cents // the balance at the end of each month, January first
	Bank         *domain.Cents  // the bank's balance on the last day, from the statements; nil when none
	StatementEnd string
	Difference   domain.Cents // Bank − Closing
	Unreconciled int          // movements up to the last day not reconciled
}

// UnitYear is a unit's year: its balance on the first day, what it was charged and paid, and its balance
// on the last day (positive: it owes; negative: in its favour).
type UnitYear struct {
	UnitID    string
	Label     string
	OwnerName string
	Opening   domain.Cents
	Charged   domain.Cents
	Paid      domain.Cents
	Closing   domain.Cents
}

// ClosedInfo says when and how a year was closed and which junta approved its accounts.
type ClosedInfo struct {
	Mode       domain.ClosingMode
	ClosedAt   int64
	DocumentID string
	JuntaDate  string
}

func yearRange(year int) (string, string) {
	return fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-12-31", year)
}

// YearAccounts returns a year's accounts; admins only (the route says so). A closed year is read as it
// was closed.
func (s *Service) YearAccounts(ctx context.Context, a *domain.Actor, year int) (*YearAccounts, error) {
	if year < minYear || year > maxYear {
		return nil, errAccountsYear
	}
	c, err := s.store.ClosedYear(ctx, a.CommunityID, year)
	if err != nil {
		return nil, err
	}
	if c != nil {
		return closedAccounts(c)
	}
	return s.computeAccounts(ctx, a.CommunityID, year)
}

var errAccountsYear = domain.Errorf(domain.CodeInvalid, "El ejercicio no es válido")

func closedAccounts(c *domain.ClosedYear) (*YearAccounts, error) {
	var y YearAccounts
	if err := json.Unmarshal(c.Accounts, &y); err != nil {
		return nil, fmt.Errorf("closed year %d: %w", c.Year, err)
	}
	y.Closed = &ClosedInfo{Mode: c.Mode, ClosedAt: c.ClosedAt, DocumentID: c.DocumentID, JuntaDate: c.JuntaDate}
	return &y, nil
}

// computeAccounts computes a year's accounts from the ledger, the expenses and the accounts, in the
// transaction of ctx if any.
func (s *Service) computeAccounts(ctx context.Context, communityID string, year int) (*YearAccounts, error) {
	from, to := yearRange(year)
	y := &YearAccounts{Year: year, From: from, To: to, Groups: []GroupAccounts{}, Accounts: []AccountYear{}, Units: []UnitYear{},
		Liquidation: []domain.Liquidation{}}
	units, err := s.store.MoneyUnits(ctx, communityID)
	if err != nil {
		return nil, err
	}
	groups, all, err := s.groups(ctx, communityID, units)
	if err != nil {
		return nil, err
	}
	b, err := s.store.ApprovedBudget(ctx, communityID, year)
	if err != nil {
		return nil, err
	}
	expenses, err := s.store.Expenses(ctx, communityID, domain.ExpenseFilter{Year: year})
	if err != nil {
		return nil, err
	}
	// Budget against actual, per group and line.
	byGroup := map[string]*GroupAccounts{}
	order := []string{}
	group := func(id string) *GroupAccounts {
		g := byGroup[id]
		if g == nil {
			name := id
			if mg := groups[id]; mg != nil {
				name = mg.Name
			}
			g = &GroupAccounts{GroupID: id, Name: name, Lines: []LineAccounts{}}
			byGroup[id] = g
			order = append(order, id)
		}
		return g
	}
	for _, g := range all { // every group in its order, General first, even with nothing in it
		group(g.ID)
	}
	if b != nil {
		jd := ""
		if b.JuntaDate != nil {
			jd = *b.JuntaDate
		}
		y.Budget = &BudgetRef{ID: b.ID, Version: b.Version, JuntaDate: jd}
		y.Reserve.Budget = b.ReserveCents
		for _, l := range b.Lines {
			g := group(l.GroupID)
			g.Lines = append(g.Lines, LineAccounts{Concept: l.Concept, Budget: l.Amount, Budgeted: true})
			g.Budget += l.Amount
		}
	}
	actualByGroup := map[string]domain.Cents{}
	y.Reserve.Spending = []ReserveSpending{}
	for i := range slices.Backward(expenses) { // the oldest first
		e := &expenses[i]
		if e.FromReserve() { // the fund pays it: not an ordinary expense, not shared out in the liquidación
			y.Reserve.Spent += e.Total()
			y.Reserve.Spending = append(y.Reserve.Spending, ReserveSpending{ExpenseID: e.ID, Number: e.Number, Date: e.Date,
				Provider: e.ProviderName, Concept: e.Concept, JuntaDate: e.ReserveJuntaDate, Amount: e.Total()})
		}
	}
	for i := range expenses {
		e := &expenses[i]
		if e.FromReserve() {
			continue
		}
		cost := e.Total()
		y.Expenses += cost
		actualByGroup[e.GroupID] += cost
		g := group(e.GroupID)
		g.Actual += cost
		line := lineFor(g.Lines, e.Concept)
		if line < 0 {
			g.Lines = append(g.Lines, LineAccounts{Concept: e.Concept})
			line = len(g.Lines) - 1
		}
		g.Lines[line].Actual += cost
		g.Lines[line].Expenses++
	}
	for _, id := range order {
		g := byGroup[id]
		if len(g.Lines) == 0 && g.Budget == 0 && g.Actual == 0 {
			continue
		}
		budgeted, other := []LineAccounts{}, []LineAccounts{}
		for _, l := range g.Lines {
			if l.Budgeted {
				budgeted = append(budgeted, l)
			} else {
				other = append(other, l)
			}
		}
		slices.SortStableFunc(other, func(a, b LineAccounts) int { return strings.Compare(a.Concept, b.Concept) })
		g.Lines = append(budgeted, other...)
		y.Groups = append(y.Groups, *g)
	}

	// Income and each unit's year, from the ledger.
	sums, err := s.store.LedgerSums(ctx, communityID, from, to)
	if err != nil {
		return nil, err
	}
	opening, err := s.store.LedgerBalances(ctx, communityID, from)
	if err != nil {
		return nil, err
	}
	reserve, err := s.store.ReceiptConceptSums(ctx, communityID, domain.ReserveConcept, from, to)
	if err != nil {
		return nil, err
	}
	type unitSums struct{ cuotas, derramas, other, paid, cuotasPaid domain.Cents }
	per := map[string]*unitSums{}
	for _, sm := range sums {
		u := per[sm.UnitID]
		if u == nil {
			u = &unitSums{}
			per[sm.UnitID] = u
		}
		switch sm.Kind {
		case domain.LedgerReceipt:
			if sm.Derrama {
				u.derramas += sm.Amount
			} else {
				u.cuotas += sm.Amount
			}
		case domain.LedgerPayment, domain.LedgerCompensation, domain.LedgerReturn:
			u.paid -= sm.Amount
			if !sm.Derrama {
				u.cuotasPaid -= sm.Amount
			}
		default: // bank charges passed on, corrections
			u.other += sm.Amount
		}
	}
	known := map[string]bool{}
	addUnit := func(id, label, owner string) {
		known[id] = true
		u := per[id]
		if u == nil {
			u = &unitSums{}
		}
		uy := UnitYear{UnitID: id, Label: label, OwnerName: owner, Opening: opening[id], Charged: u.cuotas + u.derramas + u.other, Paid: u.paid}
		uy.Closing = uy.Opening + uy.Charged - uy.Paid
		y.Income.Cuotas += u.cuotas
		y.Income.Derramas += u.derramas
		y.Income.Other += u.other
		y.Income.Collected += u.paid
		y.Reserve.Contributions += reserve[id]
		if uy.Opening != 0 || uy.Charged != 0 || uy.Paid != 0 {
			y.Units = append(y.Units, uy)
		}
	}
	for _, u := range units {
		addUnit(u.ID, u.Label, u.OwnerName)
	}
	// A unit removed from the registry keeps its ledger: it still counts.
	gone := []string{}
	for id := range per {
		if !known[id] {
			gone = append(gone, id)
		}
	}
	for id := range opening {
		if !known[id] && per[id] == nil {
			gone = append(gone, id)
		}
	}
	slices.Sort(gone)
	for _, id := range gone {
		if !known[id] {
			addUnit(id, id, "")
		}
	}
	y.Income.Total = y.Income.Cuotas + y.Income.Derramas + y.Income.Other
	y.Result = y.Income.Total - y.Expenses - y.Reserve.Spent

	// The reserve fund: the closing of the previous year, if it was closed.
	prev, err := s.store.ClosedYear(ctx, communityID, year-1)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		p, err := closedAccounts(prev)
		if err != nil {
			return nil, err
		}
		y.Reserve.Opening = p.Reserve.Closing
	}
	y.Reserve.Closing = y.Reserve.Opening + y.Reserve.Contributions - y.Reserve.Spent

	if err := s.accountsOfYear(ctx, communityID, y); err != nil {
		return nil, err
	}

	// The liquidación: each group's actual expenses shared by its units' shares (largest remainder),
	// against each unit's cuotas of the year without the reserve fund, and its derramas.
	um := unitMap(units)
	share := map[string]domain.Cents{}
	gids := make([]string, 0, len(actualByGroup))
	for id := range actualByGroup {
		gids = append(gids, id)
	}
	slices.Sort(gids)
	for _, id := range gids {
		g := groups[id]
		if g == nil {
			y.LiquidationProblem = domain.ErrorMessage(errGroupMissing)
			y.liquidationErr = errGroupMissing
			break
		}
		ids, ws, err := groupWeights(g, um)
		if err != nil {
			y.LiquidationProblem, y.liquidationErr = domain.ErrorMessage(err), err
			break
		}
		for i, part := range domain.Share(actualByGroup[id], ws) {
			share[ids[i]] += part
		}
	}
	if y.liquidationErr == nil {
		for _, u := range units {
			sm := per[u.ID]
			if sm == nil {
				sm = &unitSums{}
			}
			l := domain.Liquidation{UnitID: u.ID, UnitLabel: u.Label, Expenses: share[u.ID], Cuotas: sm.cuotas - reserve[u.ID] + sm.derramas,
				Paid: sm.paid}
			l.Result = l.Expenses - l.Cuotas
			if l.Expenses != 0 || l.Cuotas != 0 || l.Paid != 0 {
				y.Liquidation = append(y.Liquidation, l)
			}
		}
	}
	return y, nil
}

// checkReserve, once the expense e charged to the reserve fund is inserted (in the caller's transaction),
// refuses it when the fund of its year, as that year's accounts have it (what the previous closed year
// left, the year's contributions, less what the year's expenses took, e included), is left below zero.
func (s *Service) checkReserve(ctx context.Context, communityID string, e *domain.Expense) error {
	year, err := strconv.Atoi(e.Date[:4])
	if err != nil {
		return err
	}
	y, err := s.computeAccounts(ctx, communityID, year)
	if err != nil {
		return err
	}
	if y.Reserve.Closing < 0 {
		return domain.Errorf(domain.CodeConflict, "El fondo de reserva tiene %s: no alcanza para un gasto de %s",
			domain.EurosText(max(y.Reserve.Closing+e.Total(), 0)), domain.EurosText(e.Total()))
	}
	return nil
}

// lineFor is the index of the budgeted line whose concept begins concept (without case or accents, the
// longest first); -1 when none does. An unbudgeted concept is matched as a whole.
func lineFor(lines []LineAccounts, concept string) int {
	c, best, at := fold(concept), -1, 0
	for i, l := range lines {
		lc := fold(l.Concept)
		if !l.Budgeted {
			if lc == c {
				return i
			}
			continue
		}
		if (c == lc || strings.HasPrefix(c, lc+" ")) && len(lc) > at {
			best, at = i, len(lc)
		}
	}
	return best
}

// accountsOfYear fills in each account's year in the books and, from the imported statements, the bank's.
func (s *Service) accountsOfYear(ctx context.Context, communityID string, y *YearAccounts) error {
	as, err := s.store.BankAccounts(ctx, communityID)
	if err != nil {
		return err
	}
	flows, err := s.store.AccountFlows(ctx, communityID, y.To)
	if err != nil {
		return err
	}
	bank, err := s.store.BankPositions(ctx, communityID, y.To)
	if err != nil {
		return err
	}
	byAccount := map[string][]domain.AccountFlow{}
	for _, f := range flows {
		byAccount[f.AccountID] = append(byAccount[f.AccountID], f)
	}
	positions := map[string]domain.BankPosition{}
	for _, p := range bank {
		positions[p.AccountID] = p
	}
	first := y.From[:7]
	for _, acc := range as {
		if acc.OpeningDate > y.To {
			continue
		}
		ay := AccountYear{ID: acc.ID, Name: acc.Name, Kind: acc.Kind, IBAN: MaskIBAN(acc.IBAN), Opening: acc.Opening,
			Months: make([]domain.Cents, 12)}
		if acc.IBAN == "" {
			ay.IBAN = ""
		}
		month := map[string]domain.AccountFlow{}
		for _, f := range byAccount[acc.ID] {
			if f.Month < first {
				ay.Opening += f.In - f.Out
				continue
			}
			month[f.Month] = f
			ay.In += f.In
			ay.Out += f.Out
		}
		bal := ay.Opening
		for m := range 12 {
			f := month[fmt.Sprintf("%04d-%02d", y.Year, m+1)]
			bal += f.In - f.Out
			ay.Months[m] = bal
		}
		ay.Closing = bal
		if p, ok := positions[acc.ID]; ok {
			v := p.Balance
			ay.Bank, ay.StatementEnd, ay.Unreconciled = &v, p.StatementEnd, p.Unreconciled
			ay.Difference = v - ay.Closing
		}
		y.Accounts = append(y.Accounts, ay)
	}
	return nil
}
