package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// The year's accounts and their closing (issue #37, docs/adr/0050-year-accounts-and-closing.md): admins
// read any year, close it, approve it and download its PDF; owners (and tenants where the community opens
// them) read the approved accounts, with their own unit's lines only.

// YearAccounts are a year's accounts.
type YearAccounts struct {
	Year               int               `json:"year"`
	From               string            `json:"from"`
	To                 string            `json:"to"`
	Budget             *AccountsBudget   `json:"budget,omitempty" doc:"The approved budget the year ran on; absent when none"`
	Groups             []GroupAccounts   `json:"groups"`
	Income             AccountsIncome    `json:"income"`
	ExpensesCents      int64             `json:"expensesCents" doc:"What the year's expenses cost (base + VAT)"`
	ResultCents        int64             `json:"resultCents" doc:"Income less expenses"`
	Reserve            AccountsReserve   `json:"reserve"`
	Accounts           []AccountYear     `json:"accounts"`
	Units              []UnitYear        `json:"units" doc:"Each unit's year; an owner gets their own units only"`
	Liquidation        []UnitLiquidation `json:"liquidation" doc:"The liquidación (for an open year, what closing it now would give)"`
	LiquidationProblem string            `json:"liquidationProblem,omitempty" doc:"Why it cannot be computed yet"`
	Closed             *ClosedYearInfo   `json:"closed,omitempty" doc:"Absent while the year is open"`
}

// AccountsBudget names the approved budget of the year.
type AccountsBudget struct {
	ID        string `json:"id"`
	Version   int    `json:"version"`
	JuntaDate string `json:"juntaDate"`
}

// GroupAccounts is a group's budget against its actual expenses, line by line.
type GroupAccounts struct {
	GroupID     string         `json:"groupId"`
	Name        string         `json:"name"`
	BudgetCents int64          `json:"budgetCents"`
	ActualCents int64          `json:"actualCents"`
	Lines       []LineAccounts `json:"lines"`
}

// LineAccounts is a budget line, or a concept no line names, with what was spent on it.
type LineAccounts struct {
	Concept     string `json:"concept"`
	BudgetCents int64  `json:"budgetCents"`
	ActualCents int64  `json:"actualCents"`
	Budgeted    bool   `json:"budgeted"`
	Expenses    int    `json:"expenses"`
}

// AccountsIncome is what the units were charged in the year, and what they paid.
type AccountsIncome struct {
	CuotasCents    int64 `json:"cuotasCents"`
	DerramasCents  int64 `json:"derramasCents"`
	OtherCents     int64 `json:"otherCents" doc:"Bank charges passed on and corrections"`
	TotalCents     int64 `json:"totalCents"`
	CollectedCents int64 `json:"collectedCents"`
}

// AccountsReserve is the reserve fund's year.
type AccountsReserve struct {
	BudgetCents        int64 `json:"budgetCents"`
	OpeningCents       int64 `json:"openingCents"`
	ContributionsCents int64 `json:"contributionsCents"`
	SpentCents         int64 `json:"spentCents" doc:"What the year's expenses charged to the fund took"`
	// The year's expenses charged to the fund, the oldest first.
	Spending     []ReserveSpending `json:"spending"`
	ClosingCents int64             `json:"closingCents" doc:"Opening + contributions − spent"`
}

// ReserveSpending is an expense charged to the reserve fund (LPH art. 9.1.f).
type ReserveSpending struct {
	ExpenseID   string `json:"expenseId"`
	Number      int    `json:"number"`
	Date        string `json:"date"`
	Provider    string `json:"provider"`
	Concept     string `json:"concept"`
	JuntaDate   string `json:"juntaDate" doc:"The junta that agreed the works"`
	AmountCents int64  `json:"amountCents" doc:"What it cost: base + VAT"`
}

// AccountYear is an account's year in the books and, from its statements, the bank's balance at its end.
type AccountYear struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Kind            string  `json:"kind" enum:"bank,cash"`
	IBAN            string  `json:"iban" doc:"Masked; empty for cash and for owners"`
	OpeningCents    int64   `json:"openingCents"`
	InCents         int64   `json:"inCents"`
	OutCents        int64   `json:"outCents"`
	ClosingCents    int64   `json:"closingCents"`
	MonthsCents     []int64 `json:"monthsCents" doc:"The balance at the end of each month, January first"`
	BankCents       *int64  `json:"bankCents,omitempty" doc:"The bank's balance on the last day; absent without statements"`
	StatementEnd    string  `json:"statementEnd,omitempty"`
	DifferenceCents int64   `json:"differenceCents" doc:"Bank less books"`
	Unreconciled    int     `json:"unreconciled"`
}

// UnitYear is a unit's year.
type UnitYear struct {
	UnitID       string `json:"unitId"`
	Label        string `json:"label"`
	OwnerName    string `json:"ownerName"`
	OpeningCents int64  `json:"openingCents"`
	ChargedCents int64  `json:"chargedCents"`
	PaidCents    int64  `json:"paidCents"`
	ClosingCents int64  `json:"closingCents" doc:"Positive: the unit owes it"`
}

// UnitLiquidation is a unit's line of the liquidación.
type UnitLiquidation struct {
	UnitID        string `json:"unitId"`
	UnitLabel     string `json:"unitLabel"`
	ExpensesCents int64  `json:"expensesCents" doc:"Its share of the actual expenses"`
	CuotasCents   int64  `json:"cuotasCents" doc:"Its cuotas of the year without the reserve fund, and its derramas"`
	PaidCents     int64  `json:"paidCents"`
	ResultCents   int64  `json:"resultCents" doc:"Positive: a shortfall it owes; negative: a surplus in its favour"`
}

// ClosedYearInfo says how a year was closed and which junta approved it.
type ClosedYearInfo struct {
	Mode       string `json:"mode" enum:"apply,settle"`
	ClosedAt   int64  `json:"closedAt"`
	DocumentID string `json:"documentId,omitempty" doc:"The PDF in Documentos (admins)"`
	JuntaDate  string `json:"juntaDate,omitempty" doc:"The junta that approved the accounts; absent until then"`
}

func yearAccountsOf(y *money.YearAccounts) YearAccounts {
	out := YearAccounts{Year: y.Year, From: y.From, To: y.To, Groups: []GroupAccounts{}, ExpensesCents: y.Expenses, ResultCents: y.Result,
		Income: AccountsIncome{CuotasCents: y.Income.Cuotas, DerramasCents: y.Income.Derramas, OtherCents: y.Income.Other,
			TotalCents: y.Income.Total, CollectedCents: y.Income.Collected},
		Reserve: AccountsReserve{BudgetCents: y.Reserve.Budget, OpeningCents: y.Reserve.Opening, ContributionsCents: y.Reserve.Contributions,
			SpentCents: y.Reserve.Spent, ClosingCents: y.Reserve.Closing,
			Spending: mapAll(y.Reserve.Spending, func(sp *money.ReserveSpending) ReserveSpending {
				return ReserveSpending{ExpenseID: sp.ExpenseID, Number: sp.Number, Date: sp.Date, Provider: sp.Provider, Concept: sp.Concept,
					JuntaDate: sp.JuntaDate, AmountCents: sp.Amount}
			})},
		Accounts: []AccountYear{}, Units: []UnitYear{}, Liquidation: []UnitLiquidation{}, LiquidationProblem: y.LiquidationProblem}
	if y.Budget != nil {
		out.Budget = &AccountsBudget{ID: y.Budget.ID, Version: y.Budget.Version, JuntaDate: y.Budget.JuntaDate}
	}
	for _, g := range y.Groups {
		ga := GroupAccounts{GroupID: g.GroupID, Name: g.Name, BudgetCents: g.Budget, ActualCents: g.Actual, Lines: []LineAccounts{}}
		for _, l := range g.Lines {
			ga.Lines = append(ga.Lines, LineAccounts{Concept: l.Concept, BudgetCents: l.Budget, ActualCents: l.Actual, Budgeted: l.Budgeted,
				Expenses: l.Expenses})
		}
		out.Groups = append(out.Groups, ga)
	}
	for _, a := range y.Accounts {
		months := make([]int64, len(a.Months))
		copy(months, a.Months)
		out.Accounts = append(out.Accounts, AccountYear{ID: a.ID, Name: a.Name, Kind: string(a.Kind), IBAN: a.IBAN, OpeningCents: a.Opening,
			InCents: a.In, OutCents: a.Out, ClosingCents: a.Closing, MonthsCents: months, BankCents: a.Bank, StatementEnd: a.StatementEnd,
			DifferenceCents: a.Difference, Unreconciled: a.Unreconciled})
	}
	for _, u := range y.Units {
		out.Units = append(out.Units, UnitYear{UnitID: u.UnitID, Label: u.Label, OwnerName: u.OwnerName, OpeningCents: u.Opening,
			ChargedCents: u.Charged, PaidCents: u.Paid, ClosingCents: u.Closing})
	}
	for _, l := range y.Liquidation {
		out.Liquidation = append(out.Liquidation, UnitLiquidation{UnitID: l.UnitID, UnitLabel: l.UnitLabel, ExpensesCents: l.Expenses,
			CuotasCents: l.Cuotas, PaidCents: l.Paid, ResultCents: l.Result})
	}
	if y.Closed != nil {
		out.Closed = &ClosedYearInfo{Mode: string(y.Closed.Mode), ClosedAt: y.Closed.ClosedAt, DocumentID: y.Closed.DocumentID,
			JuntaDate: y.Closed.JuntaDate}
	}
	return out
}

type yearAccountsOutput struct{ Body YearAccounts }

type accountsYearInput struct {
	Year int `path:"year" minimum:"2000" maximum:"2200"`
}

type approveAccountsInput struct {
	Year int `path:"year" minimum:"2000" maximum:"2200"`
	Body struct {
		JuntaDate string `json:"juntaDate" maxLength:"10" doc:"YYYY-MM-DD of the junta that approved the accounts"`
	}
}

type closedYearCorrectionInput struct {
	Year int `path:"year" minimum:"2000" maximum:"2200"`
	Body struct {
		UnitID      string `json:"unitId" maxLength:"64"`
		AmountCents int64  `json:"amountCents" doc:"Positive: the unit owes more; negative: less"`
		Note        string `json:"note" maxLength:"400"`
	}
}

type closedYearCorrectionOutput struct {
	Body struct {
		ID          string `json:"id"`
		Date        string `json:"date"`
		AmountCents int64  `json:"amountCents"`
		Reference   string `json:"reference"`
		Note        string `json:"note"`
	}
}

// ClosedYearSummary is a closed year as the lists show it.
type ClosedYearSummary struct {
	Year       int    `json:"year"`
	Mode       string `json:"mode" enum:"apply,settle"`
	ClosedAt   int64  `json:"closedAt"`
	DocumentID string `json:"documentId,omitempty"`
	JuntaDate  string `json:"juntaDate,omitempty"`
}

type closedYearsOutput struct {
	Body struct {
		Items []ClosedYearSummary `json:"items"`
	}
}

func closedYearsOf(cs []money.ClosedYearSummary) *closedYearsOutput {
	out := &closedYearsOutput{}
	out.Body.Items = make([]ClosedYearSummary, len(cs))
	for i, c := range cs {
		out.Body.Items[i] = ClosedYearSummary{Year: c.Year, Mode: string(c.Mode), ClosedAt: c.ClosedAt, DocumentID: c.DocumentID, JuntaDate: c.JuntaDate}
	}
	return out
}

// ClosingSettings are the community's closing settings.
type ClosingSettings struct {
	Mode                string `json:"mode" enum:"apply,settle" doc:"apply: each unit's result goes to the next year's ledger; settle: recorded only"`
	TenantsReadAccounts bool   `json:"tenantsReadAccounts" doc:"Tenants read the approved accounts too"`
}

type closingSettingsOutput struct{ Body ClosingSettings }

type closingSettingsInput struct{ Body ClosingSettings }

func (s *server) yearAccounts(ctx context.Context, in *accountsYearInput) (*yearAccountsOutput, error) {
	y, err := s.Money.YearAccounts(ctx, actor(ctx), in.Year)
	if err != nil {
		return nil, err
	}
	return &yearAccountsOutput{Body: yearAccountsOf(y)}, nil
}

func (s *server) closeYear(ctx context.Context, in *accountsYearInput) (*yearAccountsOutput, error) {
	y, err := s.Money.CloseYear(ctx, actor(ctx), in.Year)
	if err != nil {
		return nil, err
	}
	return &yearAccountsOutput{Body: yearAccountsOf(y)}, nil
}

func (s *server) fileYearAccounts(ctx context.Context, in *accountsYearInput) (*yearAccountsOutput, error) {
	y, err := s.Money.FileAccounts(ctx, actor(ctx), in.Year)
	if err != nil {
		return nil, err
	}
	return &yearAccountsOutput{Body: yearAccountsOf(y)}, nil
}

func (s *server) approveYearAccounts(ctx context.Context, in *approveAccountsInput) (*yearAccountsOutput, error) {
	y, err := s.Money.ApproveAccounts(ctx, actor(ctx), in.Year, in.Body.JuntaDate)
	if err != nil {
		return nil, err
	}
	return &yearAccountsOutput{Body: yearAccountsOf(y)}, nil
}

func (s *server) yearAccountsPDF(ctx context.Context, in *accountsYearInput) (*pdfOutput, error) {
	b, name, err := s.Money.AccountsPDF(ctx, actor(ctx), in.Year)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, name), nil
}

func (s *server) correctClosedYear(ctx context.Context, in *closedYearCorrectionInput) (*closedYearCorrectionOutput, error) {
	e, err := s.Money.CorrectClosedYear(ctx, actor(ctx), in.Year, money.ClosedYearCorrection{UnitID: in.Body.UnitID, Amount: in.Body.AmountCents,
		Note: in.Body.Note})
	if err != nil {
		return nil, err
	}
	out := &closedYearCorrectionOutput{}
	out.Body.ID, out.Body.Date, out.Body.AmountCents, out.Body.Reference, out.Body.Note = e.ID, e.Date, e.Amount, e.Reference, e.Note
	return out, nil
}

func (s *server) closedYears(ctx context.Context, _ *struct{}) (*closedYearsOutput, error) {
	cs, err := s.Money.ClosedYears(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	return closedYearsOf(cs), nil
}

func (s *server) closingSettings(ctx context.Context, _ *struct{}) (*closingSettingsOutput, error) {
	c, err := s.Money.ClosingSettings(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	return &closingSettingsOutput{Body: ClosingSettings{Mode: string(c.Mode), TenantsReadAccounts: c.TenantsReadAccounts}}, nil
}

func (s *server) saveClosingSettings(ctx context.Context, in *closingSettingsInput) (*closingSettingsOutput, error) {
	c, err := s.Money.SaveClosingSettings(ctx, actor(ctx), money.ClosingSettings{Mode: domain.ClosingMode(in.Body.Mode),
		TenantsReadAccounts: in.Body.TenantsReadAccounts})
	if err != nil {
		return nil, err
	}
	return &closingSettingsOutput{Body: ClosingSettings{Mode: string(c.Mode), TenantsReadAccounts: c.TenantsReadAccounts}}, nil
}

func (s *server) approvedYears(ctx context.Context, _ *struct{}) (*closedYearsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	cs, err := s.Money.ApprovedYears(ctx, a)
	if err != nil {
		return nil, err
	}
	return closedYearsOf(cs), nil
}

func (s *server) approvedAccounts(ctx context.Context, in *accountsYearInput) (*yearAccountsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	y, err := s.Money.ApprovedAccounts(ctx, a, in.Year)
	if err != nil {
		return nil, err
	}
	return &yearAccountsOutput{Body: yearAccountsOf(y)}, nil
}
