package voting

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"time"

	"github.com/google/uuid"

	"vecinos/internal/domain"
)

// VoteInput is a vote: the option, for whom (empty: oneself; else an owner one represents) and, to
// change a secret vote, the key it was given (Voted.Key). Who may change a vote is who the caller is:
// the voter, or the owner's representative at that moment; the key only finds the ballot.
type VoteInput struct {
	OptionID string
	For      string
	Key      string
}

// Voted is the answer to a vote: the receipt code to check it after the close and, in a secret poll that
// allows changes, the key to change it (kept on the device; the server stores only two hashes of it).
type Voted struct {
	Receipt string
	Key     string
	Changed bool
}

// Vote casts a's vote (or, as representative, an owner's) in an active poll. One vote per voter: a
// second one is refused, or changes the first when the poll allows it.
func (s *Service) Vote(ctx context.Context, a *domain.Actor, id string, in VoteInput) (*Voted, error) {
	return s.vote(ctx, a, id, in, false)
}

// vote is Vote; recorded is an admin recording, for an owner in the room, the vote they gave there
// (RecordVote): it needs no representation.
func (s *Service) vote(ctx context.Context, a *domain.Actor, id string, in VoteInput, recorded bool) (*Voted, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	var out Voted
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.lock(ctx, a.CommunityID, id, s.now())
		if err != nil {
			return err
		}
		if p.Status != domain.PollOpen {
			return errNotOpen
		}
		if !slices.ContainsFunc(p.Options, func(o domain.PollOption) bool { return o.ID == in.OptionID }) {
			return errBadOption
		}
		voter := a.UserID
		if recorded {
			if p.Kind != domain.PollJunta || p.Secret {
				return errJuntaOnly
			}
			voter = in.For
		} else if in.For != "" && in.For != a.UserID {
			if p.Kind != domain.PollJunta {
				return errJuntaOnly
			}
			ds, err := s.delegations(ctx, p)
			if err != nil {
				return err
			}
			if !slices.ContainsFunc(ds, func(d domain.PollDelegation) bool { return d.OwnerID == in.For && d.DelegateID == a.UserID }) {
				return errNotRepresent
			}
			voter = in.For
		}
		var weight domain.Coefficient
		if p.Kind == domain.PollJunta {
			units, err := s.store.PollUnits(ctx, p)
			if err != nil {
				return err
			}
			e := electorOf(units, voter)
			if len(e.Units) == 0 {
				return errNotOwner
			}
			if !e.Eligible() {
				return errDeprived
			}
			weight = e.Weight()
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		if i := slices.IndexFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == voter }); i >= 0 {
			if !p.AllowChange {
				return errAlreadyVoted
			}
			// The voter is who the caller is, or whom they represent now (above); in a secret poll the key
			// must also be the one this voter's vote was cast with.
			var key *domain.BallotKey
			if p.Secret {
				if in.Key == "" {
					return errBadReceipt
				}
				k := ballotKey(p.ID, in.Key)
				key = &k
			}
			receipt, err := s.store.ChangeVote(ctx, p.ID, voter, in.OptionID, key)
			if err != nil {
				return err
			}
			if receipt == "" {
				return errBadReceipt
			}
			out = Voted{Receipt: receipt, Key: in.Key, Changed: true}
			return nil
		}
		voterName, err := s.member(ctx, a.CommunityID, voter)
		if err != nil {
			return err
		}
		castByName, err := s.member(ctx, a.CommunityID, a.UserID)
		if err != nil {
			return err
		}
		receipt := newReceipt()
		v := domain.PollVoter{VoterID: voter, VoterName: voterName, CastBy: a.UserID, CastByName: castByName, Weight: weight,
			VotedAt: s.now().UTC().Truncate(time.Millisecond)}
		// A random (v4) id: a time-ordered one would tell when the ballot was cast.
		b := domain.PollBallot{ID: uuid.NewString(), OptionID: in.OptionID, Weight: weight, Receipt: receipt}
		out = Voted{Receipt: receipt}
		if !p.Secret {
			v.OptionID, v.Receipt = &in.OptionID, &receipt
		} else {
			// Who took part is on the record by the day only: a time would pair the vote with a count.
			v.VotedAt = startOfDay(v.VotedAt, s.zone(ctx, p.CommunityID))
			if p.AllowChange {
				out.Key = newBallotKey()
				k := ballotKey(p.ID, out.Key)
				v.ChangeTag, b.ChangeTag = k.Voter, k.Ballot
			}
		}
		cast, err := s.store.CastVote(ctx, p.ID, v, b)
		if err == nil && !cast {
			err = errVoteRace
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return &out, nil
}

// newReceipt is a voter's receipt code: 12 characters without look-alikes, about 59 random bits.
func newReceipt() string {
	return domain.NewPublicID()[:6] + "-" + domain.NewPublicID()[:6]
}

// newBallotKey is the key to change a secret vote: 128 random bits, given once to the device that cast it.
func newBallotKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ballotKey is the pair of hashes of a change key that the voter's row and the ballot keep. The key has
// 128 random bits, so neither hash can be found from the other, nor from the receipts published after the
// close, without it.
func ballotKey(pollID, key string) domain.BallotKey {
	hash := func(role string) string {
		sum := sha256.Sum256([]byte("vecinos/ballot/" + role + "\x00" + pollID + "\x00" + key))
		return hex.EncodeToString(sum[:])
	}
	return domain.BallotKey{Voter: hash("voter"), Ballot: hash("ballot")}
}

// startOfDay is the midnight of t's day in loc.
func startOfDay(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc).UTC()
}
