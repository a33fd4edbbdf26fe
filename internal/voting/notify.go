package voting

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// The emails and pushes of a poll's steps: opened, closed (or provisional for the absent owners of 17.8),
// final.

// notify queues one email per recipient of the poll, of the kind pick says, with the result line, and, with
// pushText, a push to each of them.
func (s *Service) notify(ctx context.Context, p *domain.Poll, pick func(domain.PollRecipient) (mail.Kind, string),
	pushText func(domain.Language) (string, string)) (int, error) {
	recipients, err := s.store.PollRecipients(ctx, p)
	if err != nil {
		return 0, err
	}
	date := p.ClosesAt
	if p.ObjectionUntil != nil {
		date = *p.ObjectionUntil
	}
	when := dateTime(date, s.zone(ctx, p.CommunityID))
	for _, r := range recipients {
		kind, result := pick(r)
		m, err := mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Title: p.Title,
			Note: result, Date: when, Link: s.link(p)})
		if err != nil {
			return 0, err
		}
		if err := s.store.QueueMail(ctx, m, s.now()); err != nil {
			return 0, err
		}
	}
	if pushText != nil {
		users := make([]string, 0, len(recipients))
		for _, r := range recipients {
			users = append(users, r.UserID)
		}
		if err := s.store.QueuePush(ctx, domain.Push{Kind: domain.PushPoll, Users: users, CommunityID: p.CommunityID, URL: "/voting?poll=" + p.ID,
			Tag: "poll-" + p.ID, Text: pushText}, s.now()); err != nil {
			return 0, err
		}
	}
	return len(recipients), nil
}

func (s *Service) link(p *domain.Poll) string {
	if s.publicURL == "" {
		return ""
	}
	return domain.CommunityLink(s.publicURL+"/voting?poll="+p.ID, p.CommunityID)
}
