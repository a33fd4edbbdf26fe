package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
)

// Member is a member of the caller's community, for pickers and filters.
type Member struct {
	ID        string  `json:"id"`
	FullName  string  `json:"fullName"`
	AvatarURL *string `json:"avatarUrl"`
	Role      string  `json:"role" enum:"admin,moderator,user"`
}

type membersOutput struct{ Body []Member }

func registerMembers(api huma.API, s *server) {
	huma.Register(api, huma.Operation{OperationID: "listCommunityMembers", Method: http.MethodGet, Path: "/api/v1/community/members",
		Summary: "Miembros de la comunidad, por nombre", Tags: []string{"communities"}, Security: signedIn}, s.communityMembers)
}

func (s *server) communityMembers(ctx context.Context, _ *struct{}) (*membersOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ms, err := s.Directory.Members(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &membersOutput{Body: make([]Member, len(ms))}
	for i, m := range ms {
		out.Body[i] = Member{ID: m.ID, FullName: m.FullName, AvatarURL: m.AvatarURL, Role: string(m.Role)}
	}
	return out, nil
}
