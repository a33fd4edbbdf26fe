package voting

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// Deprive marks a unit as deprived of its vote in a junta vote (art. 15.2), with the reason, or gives
// it back when reason is nil; only admins may, while the vote is a draft or active, never once closed.
// While active it is refused when the unit's owner has voted (themselves or through a representative):
// their ballot carries the cuota of the unit, and in a secret vote nobody can find that ballot to take
// it back or weigh it again. The change is audited as an edit of the poll.
func (s *Service) Deprive(ctx context.Context, a *domain.Actor, id, unitID string, reason *string) error {
	if reason != nil {
		r := strings.TrimSpace(*reason)
		if r == "" {
			return domain.Errorf(domain.CodeInvalid, "Indica el motivo de la privación del voto")
		}
		if utf8.RuneCountInString(r) > maxReason {
			return domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
		}
		reason = &r
	}
	var before, after deprivationAudit
	p, err := s.change(ctx, a, id, "", func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Kind != domain.PollJunta {
			return 0, errJuntaOnly
		}
		if p.Status == domain.PollClosed {
			return 0, domain.Errorf(domain.CodeConflict, "La votación está cerrada: ya no se puede cambiar la privación del voto")
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return 0, err
		}
		i := slices.IndexFunc(units, func(u domain.PollUnit) bool { return u.UnitID == unitID })
		if i < 0 {
			return 0, domain.Errorf(domain.CodeNotFound, "Esa vivienda no vota en esta votación")
		}
		u := units[i]
		if owner := u.OwnerID; owner != nil && p.Status == domain.PollOpen {
			voters, err := s.store.PollVoters(ctx, p.ID)
			if err != nil {
				return 0, err
			}
			if slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == *owner }) {
				return 0, domain.Errorf(domain.CodeConflict,
					"El propietario de %s ya ha votado: su voto no se puede retirar ni volver a pesar, así que la privación del voto ya no se puede cambiar en esta votación", u.Label)
			}
		}
		before, after = deprivationAudit{Unit: u.Label, DeprivedReason: u.Deprived}, deprivationAudit{Unit: u.Label, DeprivedReason: reason}
		found, err := s.store.SetUnitDeprived(ctx, p, unitID, reason, a.UserID, now)
		if err == nil && !found {
			err = domain.ErrUnitNotFound
		}
		return 0, err
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, AuditPollEdited, p, before, after)
	return nil
}
