package money

import (
	"context"
	"strconv"
	"strings"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// notifyReceipts queues, in the generation's transaction, one email and one push per owner of the new
// receipts (both are sent if and only if the generation commits, and a period is generated once, so each
// owner hears of a receipt once). An owner of several units gets one message naming them all.
func (s *Service) notifyReceipts(ctx context.Context, rs []domain.Receipt) error {
	byOwner := map[string][]domain.Receipt{}
	var owners []string
	for _, r := range rs {
		if r.OwnerID == nil {
			continue
		}
		if _, ok := byOwner[*r.OwnerID]; !ok {
			owners = append(owners, *r.OwnerID)
		}
		byOwner[*r.OwnerID] = append(byOwner[*r.OwnerID], r)
	}
	to, err := s.store.MoneyRecipients(ctx, owners)
	if err != nil {
		return err
	}
	for _, owner := range owners {
		mine := byOwner[owner]
		var codes, labels []string
		var total domain.Cents
		for _, r := range mine {
			codes, labels, total = append(codes, r.Code()), append(labels, r.UnitLabel), total+r.Amount
		}
		code, unit, due := strings.Join(codes, ", "), strings.Join(labels, ", "), dmy(mine[0].DueDate)
		if rcpt, ok := to[owner]; ok {
			d := mail.Data{Name: rcpt.FullName, CommunityName: rcpt.CommunityName, Title: code, Unit: unit, Date: due,
				Note: domain.EurosText(total).In(rcpt.Language)}
			if s.publicURL != "" {
				d.Link = domain.CommunityLink(s.publicURL+"/my-fees", mine[0].CommunityID)
			}
			m, err := mail.Compose(KindNewReceipt, rcpt.Language, rcpt.Email, d)
			if err != nil {
				return err
			}
			if err := s.store.QueueMail(ctx, m, s.now()); err != nil {
				return err
			}
		}
		p := domain.Push{Kind: domain.PushReceipt, Users: []string{owner}, CommunityID: mine[0].CommunityID, URL: "/my-fees", Tag: "receipt-" + mine[0].PeriodKey,
			Text: func(lang domain.Language) (string, string) {
				return domain.Localized(lang, "Nuevo recibo", "Nou rebut", "New receipt"),
					unit + " · " + domain.EurosText(total).In(lang) + " · " + due
			}}
		if err := s.store.QueuePush(ctx, p, s.now()); err != nil {
			return err
		}
	}
	return nil
}

// notifyMandatePaused queues, in the transaction of the return that paused it, an email and a push to the
// owner of the mandate's unit (its signer when the unit has no owner now): the bank returned the debits,
// so the receipts are to be paid by transfer until a new mandate is signed.
func (s *Service) notifyMandatePaused(ctx context.Context, m *domain.Mandate) error {
	owner := m.SignedBy
	units, err := s.store.MoneyUnits(ctx, m.CommunityID)
	if err != nil {
		return err
	}
	for _, u := range units {
		if u.ID == m.UnitID && u.OwnerID != nil {
			owner = u.OwnerID
		}
	}
	if owner == nil {
		return nil
	}
	to, err := s.store.MoneyRecipients(ctx, []string{*owner})
	if err != nil {
		return err
	}
	if rcpt, ok := to[*owner]; ok {
		d := mail.Data{Name: rcpt.FullName, CommunityName: rcpt.CommunityName, Title: m.Reference, Unit: m.UnitLabel,
			Note: strconv.Itoa(m.Returns), Date: dmy(s.today())}
		if s.publicURL != "" {
			d.Link = domain.CommunityLink(s.publicURL+"/my-fees", m.CommunityID)
		}
		msg, err := mail.Compose(KindMandatePaused, rcpt.Language, rcpt.Email, d)
		if err != nil {
			return err
		}
		if err := s.store.QueueMail(ctx, msg, s.now()); err != nil {
			return err
		}
	}
	p := domain.Push{Kind: domain.PushReceipt, Users: []string{*owner}, CommunityID: m.CommunityID, URL: "/my-fees", Tag: "mandate-" + m.ID,
		Text: func(lang domain.Language) (string, string) {
			return domain.Localized(lang, "Domiciliación en pausa", "Domiciliació en pausa", "Direct debit paused"),
				m.UnitLabel + " · " + domain.Localized(lang, "el banco devolvió tus recibos: paga por transferencia",
					"el banc va retornar els teus rebuts: paga per transferència", "the bank returned your receipts: pay by transfer")
		}}
	return s.store.QueuePush(ctx, p, s.now())
}
