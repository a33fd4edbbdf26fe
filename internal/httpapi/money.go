package httpapi

import (
	"context"
	"mime"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// The community's money (issue #36). Every amount is an integer of euro cents (…Cents).

// MoneySettings are the community's money settings.
type MoneySettings struct {
	Periodicity  string `json:"periodicity" enum:"monthly,quarterly,halfyearly,yearly"`
	Overpayments string `json:"overpayments,omitempty" enum:"refuse,credit" doc:"A payment over what its receipt owes: refused, or left as credit on the unit's ledger. Omitted when saving: unchanged"`
}

type moneySettingsOutput struct{ Body MoneySettings }

type moneySettingsInput struct {
	Body MoneySettings
}

// MoneyUnit is a unit of the registry as the money screens show it.
type MoneyUnit struct {
	ID          string  `json:"id"`
	Label       string  `json:"label"`
	Coefficient *string `json:"coefficient" doc:"Percentage with up to 4 decimals; null when not set"`
	OwnerName   string  `json:"ownerName"`
}

func moneyUnitOf(u domain.MoneyUnit) MoneyUnit {
	out := MoneyUnit{ID: u.ID, Label: u.Label, OwnerName: u.OwnerName}
	if u.Coefficient != nil {
		c := domain.Coefficient(*u.Coefficient).String()
		out.Coefficient = &c
	}
	return out
}

// GroupShare is a unit's share in a group.
type GroupShare struct {
	UnitID string `json:"unitId" maxLength:"64"`
	Weight int64  `json:"weight,omitempty" doc:"percentage: ten-thousandths of a percent (12,5 % = 125000); fixed: cents a year; ignored otherwise"`
}

// MoneyGroup is a cost-sharing group (reparto).
type MoneyGroup struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Method   string       `json:"method" enum:"coefficient,percentage,equal,fixed"`
	Shares   []GroupShare `json:"shares"`
	Sum      int64        `json:"sum" doc:"What the shares add up to, in the unit of the weights (coefficient: ten-thousandths of a percent)"`
	Ready    bool         `json:"ready" doc:"Its shares add up to 100 % (within 0,0001 %): a budget using it can be approved"`
	Problem  string       `json:"problem" doc:"Why it is not ready, in the caller's language"`
	Editable bool         `json:"editable" doc:"False for General, which follows the registry"`
}

func moneyGroupOf(ctx context.Context, g *domain.MoneyGroup) MoneyGroup {
	out := MoneyGroup{ID: g.ID, Name: g.Name, Method: string(g.Method), Shares: []GroupShare{}, Editable: g.ID != domain.GeneralGroupID}
	for _, s := range g.Shares {
		out.Shares = append(out.Shares, GroupShare{UnitID: s.UnitID, Weight: s.Weight})
	}
	return out
}

type moneyGroupsOutput struct {
	Body struct {
		Groups []MoneyGroup `json:"groups"`
		Units  []MoneyUnit  `json:"units"`
	}
}

type moneyGroupOutput struct{ Body MoneyGroup }

type moneyGroupBody struct {
	Name   string       `json:"name" maxLength:"80"`
	Method string       `json:"method" maxLength:"20" doc:"coefficient, percentage, equal or fixed"`
	Shares []GroupShare `json:"shares" maxItems:"5000"`
}

type createMoneyGroupInput struct {
	Body moneyGroupBody
}

type updateMoneyGroupInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body moneyGroupBody
}

type moneyIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

func groupInput(b moneyGroupBody) money.GroupInput {
	in := money.GroupInput{Name: b.Name, Method: domain.ShareMethod(b.Method)}
	for _, s := range b.Shares {
		in.Shares = append(in.Shares, domain.GroupShare{UnitID: s.UnitID, Weight: s.Weight})
	}
	return in
}

// BudgetLine is a line of a budget.
type BudgetLine struct {
	Concept     string `json:"concept" maxLength:"120"`
	GroupID     string `json:"groupId" maxLength:"64" doc:"'general' for the General group"`
	AmountCents int64  `json:"amountCents" doc:"Yearly amount in cents"`
}

// Budget is one version of a year's budget.
type Budget struct {
	ID            string       `json:"id"`
	Year          int          `json:"year"`
	Version       int          `json:"version"`
	Status        string       `json:"status" enum:"draft,approved,superseded"`
	JuntaDate     *string      `json:"juntaDate" doc:"The junta that approved it, YYYY-MM-DD"`
	Lines         []BudgetLine `json:"lines"`
	OrdinaryCents int64        `json:"ordinaryCents" doc:"The lines added up"`
	ReserveCents  int64        `json:"reserveCents" doc:"The reserve fund: at least 10 % of the ordinary budget"`
	MinReserve    int64        `json:"minReserveCents"`
	TotalCents    int64        `json:"totalCents"`
}

func budgetOf(b *domain.Budget) Budget {
	out := Budget{ID: b.ID, Year: b.Year, Version: b.Version, Status: string(b.Status), JuntaDate: b.JuntaDate, Lines: []BudgetLine{},
		OrdinaryCents: b.Ordinary(), ReserveCents: b.ReserveCents, MinReserve: domain.MinReserve(b.Ordinary())}
	out.TotalCents = out.OrdinaryCents + out.ReserveCents
	for _, l := range b.Lines {
		out.Lines = append(out.Lines, BudgetLine{Concept: l.Concept, GroupID: l.GroupID, AmountCents: l.Amount})
	}
	return out
}

type budgetOutput struct{ Body Budget }

type budgetsOutput struct {
	Body struct {
		Items []Budget `json:"items"`
	}
}

type yearInput struct {
	Year int `query:"year" minimum:"2000" maximum:"2200"`
}

type createBudgetInput struct {
	Body struct {
		Year int `json:"year" minimum:"2000" maximum:"2200"`
	}
}

type saveBudgetInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Lines        []BudgetLine `json:"lines" maxItems:"200"`
		ReserveCents *int64       `json:"reserveCents,omitempty" doc:"Omitted: the least, 10 % of the lines"`
	}
}

type approveBudgetInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		JuntaDate string `json:"juntaDate" maxLength:"10" doc:"YYYY-MM-DD"`
	}
}

// CuotaLine is what a line of the budget costs a unit.
type CuotaLine struct {
	Concept     string  `json:"concept"`
	GroupName   string  `json:"groupName"`
	Weight      int64   `json:"weight"`
	GroupSum    int64   `json:"groupSum"`
	LineCents   int64   `json:"lineCents" doc:"The line's yearly amount"`
	AnnualCents int64   `json:"annualCents" doc:"The unit's part of it"`
	Periods     []int64 `json:"periods" doc:"The unit's part in each period, in cents"`
}

// UnitCuota is a unit's cuota: the calculation line by line.
type UnitCuota struct {
	Unit        MoneyUnit   `json:"unit"`
	AnnualCents int64       `json:"annualCents"`
	Periods     []int64     `json:"periods" doc:"Cents per period"`
	Lines       []CuotaLine `json:"lines"`
}

func cuotasOf(cs []money.UnitCuota) []UnitCuota {
	out := make([]UnitCuota, 0, len(cs))
	for _, c := range cs {
		u := UnitCuota{Unit: moneyUnitOf(c.Unit), AnnualCents: c.Annual, Periods: c.Periods, Lines: []CuotaLine{}}
		for _, l := range c.Lines {
			u.Lines = append(u.Lines, CuotaLine{Concept: l.Concept, GroupName: l.GroupName, Weight: l.Weight, GroupSum: l.GroupSum,
				LineCents: l.Line, AnnualCents: l.Annual, Periods: l.Periods})
		}
		out = append(out, u)
	}
	return out
}

type cuotasOutput struct {
	Body struct {
		Periodicity string      `json:"periodicity" enum:"monthly,quarterly,halfyearly,yearly"`
		Budget      *Budget     `json:"budget" doc:"The approved budget; null when the year has none"`
		Units       []UnitCuota `json:"units"`
	}
}

// Receipt is an owner's recibo.
type Receipt struct {
	ID          string `json:"id"`
	Code        string `json:"code" doc:"Year/number"`
	Year        int    `json:"year"`
	Number      int    `json:"number"`
	PeriodKey   string `json:"periodKey" doc:"2027-01 (month), 2027-T1 (quarter), 2027-S1 (half), 2027 (year)"`
	UnitID      string `json:"unitId"`
	UnitLabel   string `json:"unitLabel"`
	OwnerName   string `json:"ownerName"`
	AmountCents int64  `json:"amountCents"`
	PaidCents   int64  `json:"paidCents"`
	// Compensated: of paidCents, what a compensation settled; a paid receipt with it reads 'Compensado'.
	CompensatedCents int64         `json:"compensatedCents"`
	DueDate          string        `json:"dueDate"`
	Method           string        `json:"method" enum:"direct_debit,transfer,cash"`
	Status           string        `json:"status" enum:"pending,partial,paid"`
	Lines            []ReceiptLine `json:"lines"`
	Debit            *ReceiptDebit `json:"debit,omitempty" doc:"Its direct debit (money_sepa.go); absent: never in a remittance"`
}

// ReceiptLine is a concept of a receipt.
type ReceiptLine struct {
	Concept     string `json:"concept"`
	AmountCents int64  `json:"amountCents"`
}

func receiptOf(r *domain.Receipt) Receipt {
	out := Receipt{ID: r.ID, Code: r.Code(), Year: r.Year, Number: r.Number, PeriodKey: r.PeriodKey, UnitID: r.UnitID, UnitLabel: r.UnitLabel,
		OwnerName: r.OwnerName, AmountCents: r.Amount, PaidCents: r.Paid, CompensatedCents: r.Compensated, DueDate: r.DueDate, Method: string(r.Method), Status: string(r.Status),
		Lines: []ReceiptLine{}, Debit: receiptDebitOf(r.Debit)}
	for _, l := range r.Lines {
		out.Lines = append(out.Lines, ReceiptLine{Concept: l.Concept, AmountCents: l.Amount})
	}
	return out
}

func receiptsOf(rs []domain.Receipt) []Receipt {
	out := make([]Receipt, 0, len(rs))
	for i := range rs {
		out = append(out, receiptOf(&rs[i]))
	}
	return out
}

type receiptOutput struct{ Body Receipt }

type receiptsOutput struct {
	Body struct {
		Items []Receipt `json:"items"`
	}
}

type listReceiptsInput struct {
	Year      int    `query:"year" minimum:"2000" maximum:"2200"`
	PeriodKey string `query:"period" maxLength:"10"`
}

type generateReceiptsInput struct {
	Body struct {
		Year    int    `json:"year" minimum:"2000" maximum:"2200"`
		Period  int    `json:"period" minimum:"1" maximum:"12" doc:"1-based, in the community's periodicity"`
		DueDate string `json:"dueDate,omitempty" maxLength:"10" doc:"YYYY-MM-DD; default the first day of the period"`
	}
}

type generateReceiptsOutput struct {
	Body struct {
		PeriodKey  string `json:"periodKey"`
		Count      int    `json:"count"`
		TotalCents int64  `json:"totalCents"`
	}
}

type paymentInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		AmountCents int64  `json:"amountCents"`
		Method      string `json:"method" maxLength:"20" doc:"transfer or cash"`
		Date        string `json:"date" maxLength:"10" doc:"YYYY-MM-DD"`
		Reference   string `json:"reference,omitempty" maxLength:"140"`
	}
}

type compensationInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Date   string `json:"date" maxLength:"10" doc:"YYYY-MM-DD"`
		Reason string `json:"reason" maxLength:"140" doc:"What the community owes the owner"`
	}
}

type correctionInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
	Body   struct {
		AmountCents int64  `json:"amountCents" doc:"Positive: the unit owes more; negative: less"`
		Date        string `json:"date" maxLength:"10"`
		Note        string `json:"note" maxLength:"140"`
	}
}

// LedgerEntry is a movement of a unit's account, with the balance after it.
type LedgerEntry struct {
	ID           string  `json:"id"`
	Date         string  `json:"date"`
	Kind         string  `json:"kind" enum:"receipt,payment,correction,return,bank_charge,compensation"`
	AmountCents  int64   `json:"amountCents" doc:"Positive: owed; negative: paid"`
	ReceiptID    *string `json:"receiptId"`
	ReceiptCode  string  `json:"receiptCode"`
	Method       string  `json:"method"`
	Reference    string  `json:"reference"`
	Note         string  `json:"note"`
	BalanceCents int64   `json:"balanceCents" doc:"Positive: the unit owes"`
}

func entryOf(e *domain.LedgerEntry, balance int64) LedgerEntry {
	return LedgerEntry{ID: e.ID, Date: e.Date, Kind: string(e.Kind), AmountCents: e.Amount, ReceiptID: e.ReceiptID, ReceiptCode: e.ReceiptCode,
		Method: e.Method, Reference: e.Reference, Note: e.Note, BalanceCents: balance}
}

type ledgerEntryOutput struct{ Body LedgerEntry }

type statementInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
	From   string `query:"from" maxLength:"10" doc:"YYYY-MM-DD; empty: from the first entry"`
	To     string `query:"to" maxLength:"10" doc:"YYYY-MM-DD; empty: today"`
}

// StatementOutputBody is a unit's statement. The handler writes it already encoded (appendJSON) and the
// route documents it (returnsJSON).
type StatementOutputBody struct {
	Unit         MoneyUnit     `json:"unit"`
	From         string        `json:"from"`
	To           string        `json:"to"`
	OpeningCents int64         `json:"openingCents"`
	Entries      []LedgerEntry `json:"entries"`
	ClosingCents int64         `json:"closingCents" doc:"Positive: the unit owes; negative: in credit"`
}

type myMoneyInput struct {
	Year int `query:"year" minimum:"0" maximum:"2200" doc:"0: this year"`
}

// MyMoneyOutputBody is 'Mis cuotas'. The handler writes it already encoded (appendJSON) and the route
// documents it (returnsJSON).
type MyMoneyOutputBody struct {
	Year        int         `json:"year"`
	Periodicity string      `json:"periodicity"`
	Cuotas      []UnitCuota `json:"cuotas" doc:"What each unit the caller owns pays this year, and why"`
	Receipts    []Receipt   `json:"receipts"`
}

func (s *server) moneySettings(ctx context.Context, _ *struct{}) (*moneySettingsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.Money.Settings(ctx, a)
	if err != nil {
		return nil, err
	}
	return &moneySettingsOutput{Body: MoneySettings{Periodicity: string(st.Periodicity), Overpayments: string(st.Overpayments)}}, nil
}

func (s *server) saveMoneySettings(ctx context.Context, in *moneySettingsInput) (*moneySettingsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.Money.SaveSettings(ctx, a, money.Settings{Periodicity: domain.Periodicity(in.Body.Periodicity),
		Overpayments: domain.Overpayments(in.Body.Overpayments)})
	if err != nil {
		return nil, err
	}
	return &moneySettingsOutput{Body: MoneySettings{Periodicity: string(st.Periodicity), Overpayments: string(st.Overpayments)}}, nil
}

func (s *server) moneyGroups(ctx context.Context, _ *struct{}) (*moneyGroupsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	gs, units, err := s.Money.Groups(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &moneyGroupsOutput{}
	out.Body.Groups, out.Body.Units = []MoneyGroup{}, []MoneyUnit{}
	for i := range gs {
		g := moneyGroupOf(ctx, &gs[i].MoneyGroup)
		g.Sum, g.Ready, g.Editable = gs[i].Sum, gs[i].Ready, gs[i].Editable
		if err := gs[i].ProblemError(); err != nil {
			g.Problem = domain.ErrorMessageIn(err, languageOf(ctx))
		}
		out.Body.Groups = append(out.Body.Groups, g)
	}
	for _, u := range units {
		out.Body.Units = append(out.Body.Units, moneyUnitOf(u))
	}
	return out, nil
}

func (s *server) createMoneyGroup(ctx context.Context, in *createMoneyGroupInput) (*moneyGroupOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.Money.CreateGroup(ctx, a, groupInput(in.Body))
	if err != nil {
		return nil, err
	}
	return &moneyGroupOutput{Body: moneyGroupOf(ctx, g)}, nil
}

func (s *server) updateMoneyGroup(ctx context.Context, in *updateMoneyGroupInput) (*moneyGroupOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.Money.UpdateGroup(ctx, a, in.ID, groupInput(in.Body))
	if err != nil {
		return nil, err
	}
	return &moneyGroupOutput{Body: moneyGroupOf(ctx, g)}, nil
}

func (s *server) deleteMoneyGroup(ctx context.Context, in *moneyIDInput) (*struct{}, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	return nil, s.Money.DeleteGroup(ctx, a, in.ID)
}

func (s *server) listBudgets(ctx context.Context, in *yearInput) (*budgetsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	bs, err := s.Money.Budgets(ctx, a, in.Year)
	if err != nil {
		return nil, err
	}
	out := &budgetsOutput{}
	out.Body.Items = []Budget{}
	for i := range bs {
		out.Body.Items = append(out.Body.Items, budgetOf(&bs[i]))
	}
	return out, nil
}

func (s *server) createBudget(ctx context.Context, in *createBudgetInput) (*budgetOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.Money.CreateBudget(ctx, a, in.Body.Year)
	if err != nil {
		return nil, err
	}
	return &budgetOutput{Body: budgetOf(b)}, nil
}

func (s *server) saveBudget(ctx context.Context, in *saveBudgetInput) (*budgetOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	bi := money.BudgetInput{Reserve: in.Body.ReserveCents}
	for _, l := range in.Body.Lines {
		bi.Lines = append(bi.Lines, domain.BudgetLine{Concept: l.Concept, GroupID: l.GroupID, Amount: l.AmountCents})
	}
	b, err := s.Money.SaveBudget(ctx, a, in.ID, bi)
	if err != nil {
		return nil, err
	}
	return &budgetOutput{Body: budgetOf(b)}, nil
}

func (s *server) approveBudget(ctx context.Context, in *approveBudgetInput) (*budgetOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.Money.ApproveBudget(ctx, a, in.ID, in.Body.JuntaDate)
	if err != nil {
		return nil, err
	}
	return &budgetOutput{Body: budgetOf(b)}, nil
}

func (s *server) reviseBudget(ctx context.Context, in *moneyIDInput) (*budgetOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.Money.ReviseBudget(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &budgetOutput{Body: budgetOf(b)}, nil
}

func (s *server) yearCuotas(ctx context.Context, in *yearInput) (*cuotasOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Money.YearCuotas(ctx, a, in.Year)
	if err != nil {
		return nil, err
	}
	out := &cuotasOutput{}
	out.Body.Periodicity, out.Body.Units = string(c.Periodicity), cuotasOf(c.Units)
	if c.Budget != nil {
		b := budgetOf(c.Budget)
		out.Body.Budget = &b
	}
	return out, nil
}

func (s *server) generateReceipts(ctx context.Context, in *generateReceiptsInput) (*generateReceiptsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	g, err := s.Money.GenerateReceipts(ctx, a, in.Body.Year, in.Body.Period, in.Body.DueDate)
	if err != nil {
		return nil, err
	}
	out := &generateReceiptsOutput{}
	out.Body.PeriodKey, out.Body.Count = g.PeriodKey, len(g.Receipts)
	for _, r := range g.Receipts {
		out.Body.TotalCents += r.Amount
	}
	return out, nil
}

func (s *server) listReceipts(ctx context.Context, in *listReceiptsInput) (*receiptsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	rs, err := s.Money.Receipts(ctx, a, in.Year, in.PeriodKey)
	if err != nil {
		return nil, err
	}
	out := &receiptsOutput{}
	out.Body.Items = receiptsOf(rs)
	return out, nil
}

func (s *server) recordPayment(ctx context.Context, in *paymentInput) (*receiptOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.Money.RecordPayment(ctx, a, in.ID, money.PaymentInput{Amount: in.Body.AmountCents, Method: domain.PaymentMethod(in.Body.Method),
		Date: in.Body.Date, Reference: in.Body.Reference})
	if err != nil {
		return nil, err
	}
	return &receiptOutput{Body: receiptOf(r)}, nil
}

func (s *server) compensateReceipt(ctx context.Context, in *compensationInput) (*receiptOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.Money.CompensateReceipt(ctx, a, in.ID, money.CompensationInput{Date: in.Body.Date, Reason: in.Body.Reason})
	if err != nil {
		return nil, err
	}
	return &receiptOutput{Body: receiptOf(r)}, nil
}

func (s *server) postCorrection(ctx context.Context, in *correctionInput) (*ledgerEntryOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	e, err := s.Money.PostCorrection(ctx, a, in.UnitID, money.CorrectionInput{Amount: in.Body.AmountCents, Date: in.Body.Date, Note: in.Body.Note})
	if err != nil {
		return nil, err
	}
	return &ledgerEntryOutput{Body: entryOf(e, 0)}, nil
}

func (s *server) myMoney(ctx context.Context, in *myMoneyInput) (*pooledJSON, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.Money.MyMoney(ctx, a, in.Year)
	if err != nil {
		return nil, err
	}
	body := MyMoneyOutputBody{Year: m.Year, Periodicity: string(m.Cuotas.Periodicity), Cuotas: cuotasOf(m.Cuotas.Units), Receipts: receiptsOf(m.Receipts)}
	return pooledAnswer(body.appendJSON), nil
}

func (s *server) unitStatement(ctx context.Context, in *statementInput) (*pooledJSON, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.Money.UnitStatement(ctx, a, in.UnitID, in.From, in.To)
	if err != nil {
		return nil, err
	}
	return pooledAnswer(func(b []byte) []byte { return appendStatementJSON(b, st) }), nil
}

func (s *server) unitStatementCSV(ctx context.Context, in *statementInput) (*exportUnitsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, name, err := s.Money.StatementCSV(ctx, a, in.UnitID, in.From, in.To)
	if err != nil {
		return nil, err
	}
	return &exportUnitsOutput{ContentType: "text/csv; charset=utf-8",
		ContentDisposition: mime.FormatMediaType("attachment", map[string]string{"filename": name}), Body: b}, nil
}
