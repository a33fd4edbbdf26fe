package httpapi

import (
	"context"

	"vecinos/internal/money"
)

// A bank statement as CSV with the admin's column mapping (issue #37): previewed, then imported.

// CSVMapping says which column (from 1; 0: none) holds each datum of a CSV statement.
type CSVMapping struct {
	Date         int  `json:"date" minimum:"1" maximum:"100" doc:"The date's column (DD/MM/YYYY, DD-MM-YYYY, DD/MM/YY or YYYY-MM-DD)"`
	Concept      int  `json:"concept" minimum:"1" maximum:"100"`
	Amount       int  `json:"amount,omitempty" minimum:"0" maximum:"100" doc:"A signed amount's column (negative: money out); 0 with debit and credit"`
	Debit        int  `json:"debit,omitempty" minimum:"0" maximum:"100" doc:"Money out, instead of amount"`
	Credit       int  `json:"credit,omitempty" minimum:"0" maximum:"100" doc:"Money in, instead of amount"`
	Balance      int  `json:"balance,omitempty" minimum:"0" maximum:"100" doc:"The balance after each movement; 0: none (the statement opens at the last closing balance)"`
	HeaderRows   int  `json:"headerRows,omitempty" minimum:"0" maximum:"100" doc:"Rows before the movements, skipped"`
	DecimalComma bool `json:"decimalComma,omitempty" doc:"Amounts written 1.234,56 (else 1,234.56)"`
}

func (m CSVMapping) money() money.CSVMapping {
	return money.CSVMapping{Date: m.Date, Concept: m.Concept, Amount: m.Amount, Debit: m.Debit, Credit: m.Credit, Balance: m.Balance,
		HeaderRows: m.HeaderRows, DecimalComma: m.DecimalComma}
}

type csvStatementInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		FileName string     `json:"fileName,omitempty" maxLength:"200"`
		Content  string     `json:"content" maxLength:"16777216" doc:"The CSV file as text (the client decodes ISO-8859-1)"`
		Mapping  CSVMapping `json:"mapping"`
	}
}

// CSVMovement is a movement as the CSV import reads it.
type CSVMovement struct {
	Line        int    `json:"line"`
	Date        string `json:"date"`
	Concept     string `json:"concept"`
	AmountCents int64  `json:"amountCents"`
}

type csvPreviewOutput struct {
	Body struct {
		Start        string        `json:"start"`
		End          string        `json:"end"`
		OpeningCents int64         `json:"openingCents"`
		ClosingCents int64         `json:"closingCents"`
		Movements    []CSVMovement `json:"movements"`
	}
}

type csvImportOutput struct {
	Body BankStatement
}

func (s *server) previewCSVStatement(ctx context.Context, in *csvStatementInput) (*csvPreviewOutput, error) {
	st, err := s.Money.PreviewCSVStatement(ctx, actor(ctx), in.ID, []byte(in.Body.Content), in.Body.Mapping.money())
	if err != nil {
		return nil, err
	}
	out := &csvPreviewOutput{}
	out.Body.Start, out.Body.End, out.Body.OpeningCents, out.Body.ClosingCents = st.Start, st.End, st.Opening, st.Closing
	out.Body.Movements = make([]CSVMovement, len(st.Movements))
	for i, m := range st.Movements {
		out.Body.Movements[i] = CSVMovement{Line: m.Line, Date: m.Date, Concept: m.Concept, AmountCents: m.Amount}
	}
	return out, nil
}

func (s *server) importCSVStatement(ctx context.Context, in *csvStatementInput) (*csvImportOutput, error) {
	st, err := s.Money.ImportCSVStatement(ctx, actor(ctx), in.ID, in.Body.FileName, []byte(in.Body.Content), in.Body.Mapping.money())
	if err != nil {
		return nil, err
	}
	return &csvImportOutput{Body: bankStatementOf(st)}, nil
}
