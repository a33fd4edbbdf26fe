package money

import (
	"context"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// at is the fixture's service on another day, recording into the same audit log.
func (f *sepaFixture) at(day time.Time) *Service {
	return New(f.db, Options{Now: func() time.Time { return day }, Audit: func(_ context.Context, _ *domain.Actor, c domain.AuditChange) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.audit = append(f.audit, c)
	}})
}

// receipts are a unit's receipts, the oldest first.
func (f *sepaFixture) receipts(t *testing.T, unitID string) []domain.Receipt {
	t.Helper()
	rs, err := f.db.Receipts(context.Background(), f.admin.CommunityID, domain.ReceiptFilter{UnitIDs: []string{unitID}})
	if err != nil {
		t.Fatal(err)
	}
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return rs
}

func (f *sepaFixture) mandate(t *testing.T, svc *Service, id string) domain.Mandate {
	t.Helper()
	ms, err := svc.Mandates(context.Background(), f.admin)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no mandate %s in %+v", id, ms)
	return domain.Mandate{}
}

func day(s string) time.Time {
	t, _ := time.Parse(domain.DateLayout, s)
	return t.Add(10 * time.Hour)
}

// TestMandateLapseDates: 36 months from the last collection, or from the signature when never used; a day
// the month lacks lapses on the month's last day, never later.
func TestMandateLapseDates(t *testing.T) {
	last := "2026-03-16"
	for _, c := range []struct {
		m    domain.Mandate
		want string
	}{
		{domain.Mandate{SignedOn: "2026-03-02", Status: domain.MandateActive}, "2029-03-02"},
		{domain.Mandate{SignedOn: "2026-03-02", LastCollectionOn: &last, Status: domain.MandateActive}, "2029-03-16"},
		{domain.Mandate{SignedOn: "2024-02-29", Status: domain.MandateActive}, "2027-02-28"},
		{domain.Mandate{SignedOn: "2025-08-31", Status: domain.MandatePaused}, "2028-08-31"},
	} {
		if got := c.m.ExpiresOn(); got != c.want {
			t.Errorf("%+v expires on %s, want %s", c.m, got, c.want)
		}
		before := domain.AddMonthsClamped(c.want, 0)
		if c.m.ExpiredOn(addDays(before, -1)) || !c.m.ExpiredOn(before) {
			t.Errorf("%+v: expired the day before %s, or not on it", c.m, before)
		}
		revoked := c.m
		revoked.Status = domain.MandateRevoked
		if revoked.ExpiredOn("2099-01-01") {
			t.Errorf("a revoked mandate reads expired")
		}
	}
	if got := domain.AddMonthsClamped("2026-01-31", 1); got != "2026-02-28" {
		t.Errorf("2026-01-31 + 1 month = %s", got)
	}
}

// TestAdminRevokesMandate: an admin revokes an owner's mandate saying why (required, tidied, at most 300
// characters); the mandate then reads revoked with the day, who and why, for the admins and the owner, the
// unit's owed receipts go by transfer and the next remittance has nothing of it; the audit keeps before and
// after with the reason. Another member and another community's admin cannot; the owner revokes their own
// without a reason.
func TestAdminRevokesMandate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, nil)
		m, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.RevokeMandate(ctx, f.admin, m.ID, "   ")
		wantError(t, err, domain.CodeInvalid,
			"Escribe el motivo de la revocación (por ejemplo, el escrito del propietario o el aviso del banco): el propietario lo verá")
		_, err = f.svc.RevokeMandate(ctx, f.admin, m.ID, strings.Repeat("á", 301))
		wantError(t, err, domain.CodeInvalid, "El motivo de la revocación no puede superar los 300 caracteres")
		member := storetest.Community(t, db, "Nadie")[0] // an admin of a community of their own
		_, err = f.svc.RevokeMandate(ctx, member, m.ID, "Porque sí")
		wantError(t, err, domain.CodeNotFound, "La orden de domiciliación no existe")
		tenant := &domain.Actor{UserID: domain.NewID(), CommunityID: f.admin.CommunityID, Role: domain.RoleUser, EmailConfirmed: true}
		_, err = f.svc.RevokeMandate(ctx, tenant, m.ID, "Porque sí")
		wantError(t, err, domain.CodeForbidden, "Solo el propietario de la vivienda y los administradores pueden ver o revocar su orden de domiciliación")
		if got := f.mandate(t, f.svc, m.ID); got.Status != domain.MandateActive || f.receipt(t, f.flat).Method != domain.PayByDirectDebit {
			t.Fatalf("a refused revocation changed the mandate %+v", got)
		}

		later := f.at(sepaNow.Add(time.Hour))
		got, err := later.RevokeMandate(ctx, f.admin, m.ID, "  Escrito del propietario\n de 1 de marzo ")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != domain.MandateRevoked || got.EndReason != "Escrito del propietario de 1 de marzo" || got.EndedByName != "Pilar Presidenta" ||
			got.EndedAt == nil || *got.EndedAt != sepaNow.Add(time.Hour).UnixMilli() {
			t.Fatalf("revoked %+v", got)
		}
		listed := f.mandate(t, f.svc, m.ID)
		mine, err := f.svc.MyMandates(ctx, f.owner)
		if err != nil || len(mine.Mandates) != 1 || mine.Mandates[0].EndReason != got.EndReason || mine.Mandates[0].EndedByName != "Pilar Presidenta" ||
			listed.EndReason != got.EndReason || listed.EndedByName != got.EndedByName || *listed.EndedAt != *got.EndedAt || listed.Expired {
			t.Fatalf("listed %+v, the owner's %+v, %v", listed, mine, err)
		}
		if r := f.receipt(t, f.flat); r.Method != domain.PayByTransfer {
			t.Errorf("after the admin's revocation the receipt is paid by %s", r.Method)
		}
		_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-16"})
		wantError(t, err, domain.CodeConflict,
			"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el 2026-03-16")
		last := f.audit[len(f.audit)-1]
		before, _ := last.Before.(map[string]any)
		after, _ := last.After.(map[string]any)
		if last.Action != AuditMandateRevoked || before["status"] != domain.MandateActive || after["status"] != domain.MandateRevoked ||
			after["reason"] != got.EndReason || after["receiptsToTransfer"] != 1 {
			t.Errorf("audit %+v", last)
		}
		_, err = f.svc.RevokeMandate(ctx, f.admin, m.ID, "Otra vez")
		wantError(t, err, domain.CodeConflict, "La orden de domiciliación VEC-000001 ya está revocada")

		// The owner's own revocation needs no reason, and a paused one can be revoked too.
		own, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := f.svc.RevokeMandate(ctx, f.owner, own.ID, ""); err != nil || got.EndReason != "" || got.EndedByName != "Óscar Propietario" {
			t.Fatalf("the owner's revocation %+v, %v", got, err)
		}
	})
}

// TestMandateExpiry: a mandate never used expires 36 months after its signature (the admins' list and the
// owner's read it so), a remittance whose only debits are under expired mandates is refused naming them,
// and new receipts of its unit are paid by transfer. A mandate used once expires 36 months after that
// collection: a remittance whose collection day falls past that leaves its receipts out with the reason,
// sends them to transfer, audits it once, and collects the rest.
func TestMandateExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		t.Run("never used", func(t *testing.T) {
			f := newSepaFixture(t, db)
			f.settings(t, nil)
			m, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
			if err != nil {
				t.Fatal(err)
			}
			if got := f.mandate(t, f.at(day("2029-03-01")), m.ID); got.Expired || got.ExpiresOn() != "2029-03-02" || got.LastCollectionOn != nil {
				t.Fatalf("the day before %+v", got)
			}
			lapsed := f.at(day("2029-03-02"))
			if got := f.mandate(t, lapsed, m.ID); !got.Expired {
				t.Fatalf("on the day %+v", got)
			}
			if mine, err := lapsed.MyMandates(ctx, f.owner); err != nil || !mine.Mandates[0].Expired {
				t.Fatalf("the owner's %+v, %v", mine, err)
			}
			_, err = lapsed.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2029-03-16"})
			wantError(t, err, domain.CodeConflict,
				"La remesa no tendría nada que cobrar: las órdenes de domiciliación de 1º A (VEC-000001) han caducado, tras 36 meses sin ningún cobro, y no se pueden volver a usar. Pide a los propietarios que firmen una orden nueva en 'Mis cuotas', o revócalas para que sus recibos se paguen por transferencia")
			if r := f.receipt(t, f.flat); r.Method != domain.PayByDirectDebit || r.Status != domain.ReceiptPending {
				t.Errorf("the refused remittance changed the receipt %+v", r)
			}
			// The second quarter's receipts: by transfer now, by direct debit had the mandate been in time.
			if _, err := lapsed.GenerateReceipts(ctx, f.admin, 2026, 2, ""); err != nil {
				t.Fatal(err)
			}
			if rs := f.receipts(t, f.flat); len(rs) != 2 || rs[1].Method != domain.PayByTransfer {
				t.Fatalf("receipts after the expiry %+v", rs)
			}
		})
		t.Run("used", func(t *testing.T) {
			f := newSepaFixture(t, db)
			f.settings(t, nil)
			m, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-16"}); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.GenerateReceipts(ctx, f.admin, 2026, 2, ""); err != nil {
				t.Fatal(err)
			}
			// Three years on, the owner signs a mandate for 2º A too.
			now := f.at(day("2029-03-10"))
			storetest.Exec(t, db, "UPDATE units SET owner_id = $1 WHERE id = $2", f.owner.UserID, f.other)
			if _, err := now.SignMandate(ctx, f.owner, f.other, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN}); err != nil {
				t.Fatal(err)
			}
			got := f.mandate(t, now, m.ID)
			if got.LastCollectionOn == nil || *got.LastCollectionOn != "2026-03-16" || got.ExpiresOn() != "2029-03-16" || got.Expired {
				t.Fatalf("used mandate %+v", got)
			}
			owed := f.receipts(t, f.flat)[1]
			rem, err := now.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2029-03-24"})
			if err != nil {
				t.Fatal(err)
			}
			if rem.Debits != 2 || len(rem.Receipts) != 2 || rem.Receipts[0].UnitID != f.other || rem.Receipts[1].UnitID != f.other {
				t.Fatalf("remittance %+v", rem)
			}
			if len(rem.Skipped) != 1 {
				t.Fatalf("skipped %+v", rem.Skipped)
			}
			k := rem.Skipped[0]
			if k.Receipt.ID != owed.ID || k.Reason != SkipExpired || k.MandateReference != "VEC-000001" || k.ExpiresOn != "2029-03-16" ||
				k.LastCollectionOn == nil || *k.LastCollectionOn != "2026-03-16" {
				t.Errorf("skipped %+v", k)
			}
			if r := f.receipts(t, f.flat)[1]; r.Method != domain.PayByTransfer || r.Status != domain.ReceiptPending || r.Debit != nil {
				t.Errorf("the skipped receipt %+v", r)
			}
			if got := f.mandate(t, now, m.ID); got.Collections != 1 || got.Status != domain.MandateActive {
				t.Errorf("the expired mandate was used %+v", got)
			}
			if got := strings.Count(strings.Join(f.actions(), " "), AuditMandateExpired); got != 1 {
				t.Errorf("%d expiries audited: %v", got, f.actions())
			}
			var expiry domain.AuditChange
			for _, c := range f.audit {
				if c.Action == AuditMandateExpired {
					expiry = c
				}
			}
			if a, _ := expiry.After.(map[string]any); expiry.TargetID != m.ID || a["expiresOn"] != "2029-03-16" || a["receiptsToTransfer"] != 1 {
				t.Errorf("expiry audit %+v", expiry)
			}
		})
	})
}
