package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// Derramas: one-off charges agreed by a junta, paid in instalments (issue #36).

// Derrama is a one-off charge with its instalments.
type Derrama struct {
	ID          string              `json:"id"`
	Number      int                 `json:"number" doc:"1, 2, … in the community; its receipts' period keys are DER<number>-<instalment>"`
	Concept     string              `json:"concept"`
	TotalCents  int64               `json:"totalCents"`
	GroupID     string              `json:"groupId"`
	JuntaDate   string              `json:"juntaDate"`
	Instalments []DerramaInstalment `json:"instalments"`
}

// DerramaInstalment is an instalment of a derrama.
type DerramaInstalment struct {
	Number  int    `json:"number"`
	DueDate string `json:"dueDate"`
	Issued  bool   `json:"issued" doc:"Its receipts are issued"`
}

func derramaOf(d *domain.Derrama) Derrama {
	out := Derrama{ID: d.ID, Number: d.Number, Concept: d.Concept, TotalCents: d.Total, GroupID: d.GroupID, JuntaDate: d.JuntaDate,
		Instalments: make([]DerramaInstalment, len(d.Instalments))}
	for i, in := range d.Instalments {
		out.Instalments[i] = DerramaInstalment{Number: in.Number, DueDate: in.DueDate, Issued: in.Issued}
	}
	return out
}

type derramasOutput struct {
	Body struct {
		Items []Derrama `json:"items"`
	}
}

type derramaOutput struct{ Body Derrama }

type derramaInput struct {
	Body struct {
		Concept    string   `json:"concept" maxLength:"120"`
		TotalCents int64    `json:"totalCents"`
		GroupID    string   `json:"groupId" maxLength:"64"`
		JuntaDate  string   `json:"juntaDate" maxLength:"10" doc:"YYYY-MM-DD: the junta's agreement"`
		DueDates   []string `json:"dueDates" maxItems:"60" doc:"One YYYY-MM-DD per instalment, in order"`
	}
}

type derramaIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

func (s *server) listDerramas(ctx context.Context, _ *struct{}) (*derramasOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.Money.Derramas(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &derramasOutput{}
	out.Body.Items = make([]Derrama, len(ds))
	for i := range ds {
		out.Body.Items[i] = derramaOf(&ds[i])
	}
	return out, nil
}

func (s *server) createDerrama(ctx context.Context, in *derramaInput) (*derramaOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.Money.CreateDerrama(ctx, a, money.DerramaInput{Concept: in.Body.Concept, Total: in.Body.TotalCents, GroupID: in.Body.GroupID,
		JuntaDate: in.Body.JuntaDate, DueDates: in.Body.DueDates})
	if err != nil {
		return nil, err
	}
	return &derramaOutput{Body: derramaOf(d)}, nil
}

func (s *server) issueDerrama(ctx context.Context, in *derramaIDInput) (*generateReceiptsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	d, rs, err := s.Money.IssueDerrama(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &generateReceiptsOutput{}
	out.Body.PeriodKey = domain.DerramaKeyPrefix(d.Number)
	out.Body.Count = len(rs)
	for _, r := range rs {
		out.Body.TotalCents += r.Amount
	}
	return out, nil
}
