package httpapi

import (
	"context"
)

// Member is a member of the caller's community, for pickers and filters.
type Member struct {
	ID        string  `json:"id"`
	FullName  string  `json:"fullName"`
	AvatarURL *string `json:"avatarUrl"`
	Role      string  `json:"role" enum:"admin,moderator,user"`
}

type membersOutput struct{ Body []Member }

func (s *server) communityMembers(ctx context.Context, _ *struct{}) (*membersOutput, error) {
	a := actor(ctx)
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
