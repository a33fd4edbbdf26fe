package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/providers"
)

// Provider is a service provider of the community's directory, with its rating.
type Provider struct {
	ID              string    `json:"id"`
	Name            string    `json:"name"`
	Category        string    `json:"category" enum:"plumbing,electricity,locksmith,cleaning,lifts,hvac,other"`
	Description     string    `json:"description"`
	Phone           *string   `json:"phone"`
	Email           *string   `json:"email"`
	Address         *string   `json:"address"`
	Emergency       bool      `json:"emergency" doc:"Urgencias 24 h"`
	Verified        bool      `json:"verified" doc:"Verificado por un administrador"`
	Status          string    `json:"status" enum:"pending,approved,rejected,archived"`
	RejectionReason *string   `json:"rejectionReason"`
	SuggestedBy     *string   `json:"suggestedBy"`
	SuggestedByName string    `json:"suggestedByName"`
	RatingAverage   float64   `json:"ratingAverage" doc:"0 without ratings"`
	RatingCount     int       `json:"ratingCount"`
	MyStars         *int      `json:"myStars" doc:"The caller's rating, if any"`
	MyComment       *string   `json:"myComment"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
}

// ProviderRating is one member's rating of a provider.
type ProviderRating struct {
	UserID    string    `json:"userId"`
	UserName  string    `json:"userName"`
	Stars     int       `json:"stars"`
	Comment   *string   `json:"comment"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func providerOf(p *domain.Provider) Provider {
	return Provider{ID: p.ID, Name: p.Name, Category: string(p.Category), Description: p.Description, Phone: p.Phone, Email: p.Email,
		Address: p.Address, Emergency: p.Emergency, Verified: p.Verified, Status: string(p.Status), RejectionReason: p.RejectionReason,
		SuggestedBy: p.SuggestedBy, SuggestedByName: p.SuggestedByName, RatingAverage: p.RatingAverage, RatingCount: p.RatingCount,
		MyStars: p.MyStars, MyComment: p.MyComment, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

type providerOutput struct{ Body Provider }

type providerListOutput struct {
	Body struct {
		Items []Provider `json:"items"`
	}
}

type providerRatingsOutput struct {
	Body struct {
		Items []ProviderRating `json:"items"`
	}
}

type providerIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type listProvidersInput struct {
	Category string `query:"category" enum:"plumbing,electricity,locksmith,cleaning,lifts,hvac,other"`
	Q        string `query:"q" maxLength:"200" doc:"Search in name and description (case and accents ignored)"`
}

type createProviderInput struct {
	Body struct {
		Name        string  `json:"name" maxLength:"120"`
		Category    string  `json:"category" enum:"plumbing,electricity,locksmith,cleaning,lifts,hvac,other"`
		Description string  `json:"description,omitempty" maxLength:"2000"`
		Phone       *string `json:"phone,omitempty" maxLength:"30"`
		Email       *string `json:"email,omitempty" maxLength:"254"`
		Address     *string `json:"address,omitempty" maxLength:"300"`
		Emergency   bool    `json:"emergency,omitempty"`
		Verified    bool    `json:"verified,omitempty" doc:"Admins only; ignored in a member's suggestion"`
	}
}

type updateProviderInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Name        *string `json:"name,omitempty" maxLength:"120"`
		Category    *string `json:"category,omitempty" enum:"plumbing,electricity,locksmith,cleaning,lifts,hvac,other"`
		Description *string `json:"description,omitempty" maxLength:"2000"`
		Phone       *string `json:"phone,omitempty" maxLength:"30" doc:"Empty removes it"`
		Email       *string `json:"email,omitempty" maxLength:"254" doc:"Empty removes it"`
		Address     *string `json:"address,omitempty" maxLength:"300" doc:"Empty removes it"`
		Emergency   *bool   `json:"emergency,omitempty"`
		Verified    *bool   `json:"verified,omitempty"`
	}
}

type reviewProviderInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Decision string `json:"decision" enum:"approved,rejected"`
		Reason   string `json:"reason,omitempty" maxLength:"500" doc:"Required to reject"`
	}
}

type rateProviderInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Stars   int     `json:"stars" doc:"1 to 5"`
		Comment *string `json:"comment,omitempty" maxLength:"1000"`
	}
}

func (s *server) listProviders(ctx context.Context, in *listProvidersInput) (*providerListOutput, error) {
	a := actor(ctx)
	ps, err := s.Providers.List(ctx, a, providers.ListInput{Category: domain.ProviderCategory(in.Category), Query: in.Q})
	if err != nil {
		return nil, err
	}
	out := &providerListOutput{}
	out.Body.Items = make([]Provider, len(ps))
	for i := range ps {
		out.Body.Items[i] = providerOf(&ps[i])
	}
	return out, nil
}

func (s *server) createProvider(ctx context.Context, in *createProviderInput) (*providerOutput, error) {
	a := actor(ctx)
	b := in.Body
	p, err := s.Providers.Create(ctx, a, providers.Input{Name: b.Name, Category: domain.ProviderCategory(b.Category),
		Description: b.Description, Phone: b.Phone, Email: b.Email, Address: b.Address, Emergency: b.Emergency, Verified: b.Verified})
	if err != nil {
		return nil, err
	}
	return &providerOutput{Body: providerOf(p)}, nil
}

func (s *server) updateProvider(ctx context.Context, in *updateProviderInput) (*providerOutput, error) {
	a := actor(ctx)
	b := in.Body
	patch := providers.Patch{Name: b.Name, Description: b.Description, Phone: b.Phone, Email: b.Email, Address: b.Address,
		Emergency: b.Emergency, Verified: b.Verified}
	if b.Category != nil {
		c := domain.ProviderCategory(*b.Category)
		patch.Category = &c
	}
	p, err := s.Providers.Update(ctx, a, in.ID, patch)
	if err != nil {
		return nil, err
	}
	return &providerOutput{Body: providerOf(p)}, nil
}

func (s *server) archiveProvider(ctx context.Context, in *providerIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Providers.Archive(ctx, a, in.ID)
}

func (s *server) reviewProvider(ctx context.Context, in *reviewProviderInput) (*providerOutput, error) {
	a := actor(ctx)
	p, err := s.Providers.Review(ctx, a, in.ID, in.Body.Decision == "approved", in.Body.Reason)
	if err != nil {
		return nil, err
	}
	return &providerOutput{Body: providerOf(p)}, nil
}

func (s *server) rateProvider(ctx context.Context, in *rateProviderInput) (*providerOutput, error) {
	a := actor(ctx)
	p, err := s.Providers.Rate(ctx, a, in.ID, in.Body.Stars, in.Body.Comment)
	if err != nil {
		return nil, err
	}
	return &providerOutput{Body: providerOf(p)}, nil
}

func (s *server) listProviderRatings(ctx context.Context, in *providerIDInput) (*providerRatingsOutput, error) {
	a := actor(ctx)
	rs, err := s.Providers.Ratings(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &providerRatingsOutput{}
	out.Body.Items = make([]ProviderRating, len(rs))
	for i, r := range rs {
		out.Body.Items[i] = ProviderRating{UserID: r.UserID, UserName: r.UserName, Stars: r.Stars, Comment: r.Comment, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}
