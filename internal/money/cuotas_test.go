package money

import (
	"math/rand/v2"
	"testing"

	"vecinos/internal/domain"
)

// TestShareAddsUpOverRandomCoefficients: whatever the coeficientes and the total, the parts add up to the
// total, each is within a cent of its exact share, and a larger weight never gets less.
func TestShareAddsUpOverRandomCoefficients(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 2027))
	for range 5000 {
		n := 1 + r.IntN(60)
		ws := make([]int64, n)
		var sum int64
		for i := range ws {
			ws[i] = r.Int64N(200_000) // up to 20 % in ten-thousandths
			if r.IntN(10) == 0 {
				ws[i] = 0
			}
			sum += ws[i]
		}
		if sum == 0 {
			continue
		}
		total := r.Int64N(10_000_000_00)
		parts := domain.Share(total, ws)
		var got int64
		for i, p := range parts {
			got += p
			// |p − total·w/sum| < 1, i.e. |p·sum − total·w| < sum (in float64 only as a check, with margin).
			exact := float64(total) * float64(ws[i]) / float64(sum)
			if d := float64(p) - exact; d <= -1 || d >= 1 {
				t.Fatalf("part %d = %d, exact %.4f (weights %v, total %d)", i, p, exact, ws, total)
			}
			if ws[i] == 0 && p != 0 {
				t.Fatalf("a unit with no share pays %d", p)
			}
		}
		if got != total {
			t.Fatalf("parts add up to %d, want %d (weights %v)", got, total, ws)
		}
		for i := range ws {
			for j := range ws {
				if ws[i] > ws[j] && parts[i] < parts[j] {
					t.Fatalf("weight %d gets %d < weight %d gets %d", ws[i], parts[i], ws[j], parts[j])
				}
			}
		}
	}
	if got := domain.Share(-100, []int64{1, 1, 1}); got[0] != -34 || got[1] != -33 || got[2] != -33 {
		t.Errorf("Share(-100) = %v", got)
	}
}

func TestRoundingRule(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{{5, 10, 1}, {4, 10, 0}, {15, 10, 2}, {-5, 10, -1}, {-4, 10, 0}, {1234567, 100, 12346}} {
		if got := domain.RoundDiv(c.a, c.b); got != c.want {
			t.Errorf("RoundDiv(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct{ ordinary, want int64 }{{1140000, 114000}, {1234501, 123451}, {9, 1}, {0, 0}} {
		if got := domain.MinReserve(c.ordinary); got != c.want {
			t.Errorf("MinReserve(%d) = %d, want %d", c.ordinary, got, c.want)
		}
	}
	for lang, want := range map[domain.Language]string{domain.Spanish: "1.234.567,05 €", domain.English: "€1,234,567.05"} {
		if got := domain.EurosText(123456705).In(lang); got != want {
			t.Errorf("EurosText in %s = %q, want %q", lang, got, want)
		}
	}
}

// TestWorkedExample is a 12-unit building: two ground-floor shops, eight flats and two attics. General
// (by coeficiente) pays cleaning and insurance; 'Garaje' (equal parts, three flats with a parking space)
// the garage; 'Ascensor' (percentages; the shops pay no lift) the lift. The reserve fund is 10 % of the
// ordinary 11.400,00 €: 1.140,00 €, over General. Each unit's cuota per period, to the cent.
func TestWorkedExample(t *testing.T) {
	names := []string{"Bajo A", "Bajo B", "1º A", "1º B", "2º A", "2º B", "3º A", "3º B", "4º A", "4º B", "Ático A", "Ático B"}
	coefs := []int64{105000, 95000, 80000, 80000, 80000, 80000, 80000, 80000, 80000, 80000, 83333, 76667}
	var units []domain.MoneyUnit
	general := &domain.MoneyGroup{ID: domain.GeneralGroupID, Name: "General", Method: domain.ByCoefficient}
	garage := &domain.MoneyGroup{ID: "garaje", Name: "Garaje", Method: domain.ByEqualParts}
	lift := &domain.MoneyGroup{ID: "ascensor", Name: "Ascensor", Method: domain.ByPercentage}
	for i, n := range names {
		u := domain.MoneyUnit{ID: n, Label: n, Coefficient: &coefs[i]}
		units = append(units, u)
		general.Shares = append(general.Shares, domain.GroupShare{UnitID: n})
		if n == "1º A" || n == "2º A" || n == "3º A" {
			garage.Shares = append(garage.Shares, domain.GroupShare{UnitID: n, Weight: 1})
		}
		switch {
		case i >= 2 && i < 10:
			lift.Shares = append(lift.Shares, domain.GroupShare{UnitID: n, Weight: 90000}) // 9 %
		case i >= 10:
			lift.Shares = append(lift.Shares, domain.GroupShare{UnitID: n, Weight: 140000}) // 14 %
		}
	}
	groups := map[string]*domain.MoneyGroup{general.ID: general, garage.ID: garage, lift.ID: lift}
	b := &domain.Budget{Lines: []domain.BudgetLine{
		{Concept: "Limpieza", GroupID: general.ID, Amount: 600000},
		{Concept: "Seguro", GroupID: general.ID, Amount: 240000},
		{Concept: "Mantenimiento garaje", GroupID: garage.ID, Amount: 100000},
		{Concept: "Ascensor", GroupID: lift.ID, Amount: 200000},
	}}
	b.ReserveCents = domain.MinReserve(b.Ordinary())
	if b.ReserveCents != 114000 {
		t.Fatalf("reserve %d", b.ReserveCents)
	}
	type row struct {
		unit    string
		annual  int64
		periods []int64
	}
	for _, tc := range []struct {
		p    domain.Periodicity
		rows []row
	}{
		{domain.Yearly, []row{
			{"Bajo A", 100170, []int64{100170}}, {"Bajo B", 90630, []int64{90630}}, {"1º A", 127654, []int64{127654}},
			{"1º B", 94320, []int64{94320}}, {"2º A", 127653, []int64{127653}}, {"2º B", 94320, []int64{94320}},
			{"3º A", 127653, []int64{127653}}, {"3º B", 94320, []int64{94320}}, {"4º A", 94320, []int64{94320}},
			{"4º B", 94320, []int64{94320}}, {"Ático A", 107500, []int64{107500}}, {"Ático B", 101140, []int64{101140}},
		}},
		{domain.HalfYearly, []row{
			{"Bajo A", 100170, []int64{50085, 50085}}, {"Bajo B", 90630, []int64{45315, 45315}}, {"1º A", 127654, []int64{63827, 63827}},
			{"1º B", 94320, []int64{47160, 47160}}, {"2º A", 127653, []int64{63827, 63826}}, {"2º B", 94320, []int64{47160, 47160}},
			{"3º A", 127653, []int64{63827, 63826}}, {"3º B", 94320, []int64{47160, 47160}}, {"4º A", 94320, []int64{47160, 47160}},
			{"4º B", 94320, []int64{47160, 47160}}, {"Ático A", 107500, []int64{53750, 53750}}, {"Ático B", 101140, []int64{50570, 50570}},
		}},
		{domain.Quarterly, []row{
			{"Bajo A", 100170, []int64{25043, 25043, 25042, 25042}},
			{"Bajo B", 90630, []int64{22658, 22658, 22657, 22657}},
			{"1º A", 127654, []int64{31914, 31914, 31913, 31913}},
			{"1º B", 94320, []int64{23580, 23580, 23580, 23580}},
			{"2º A", 127653, []int64{31914, 31913, 31913, 31913}},
			{"2º B", 94320, []int64{23580, 23580, 23580, 23580}},
			{"3º A", 127653, []int64{31914, 31913, 31913, 31913}},
			{"3º B", 94320, []int64{23580, 23580, 23580, 23580}},
			{"4º A", 94320, []int64{23580, 23580, 23580, 23580}},
			{"4º B", 94320, []int64{23580, 23580, 23580, 23580}},
			{"Ático A", 107500, []int64{26875, 26875, 26875, 26875}},
			{"Ático B", 101140, []int64{25285, 25285, 25285, 25285}},
		}},
		{domain.Monthly, []row{
			{"Bajo A", 100170, []int64{8348, 8348, 8348, 8348, 8348, 8348, 8347, 8347, 8347, 8347, 8347, 8347}},
			{"Bajo B", 90630, []int64{7553, 7553, 7553, 7553, 7553, 7553, 7552, 7552, 7552, 7552, 7552, 7552}},
			{"1º A", 127654, []int64{10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10637, 10637}},
			{"1º B", 94320, []int64{7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860}},
			{"2º A", 127653, []int64{10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10637, 10637, 10637}},
			{"2º B", 94320, []int64{7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860}},
			{"3º A", 127653, []int64{10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10638, 10637, 10637, 10637}},
			{"3º B", 94320, []int64{7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860}},
			{"4º A", 94320, []int64{7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860}},
			{"4º B", 94320, []int64{7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860, 7860}},
			{"Ático A", 107500, []int64{8959, 8959, 8959, 8959, 8958, 8958, 8958, 8958, 8958, 8958, 8958, 8958}},
			{"Ático B", 101140, []int64{8429, 8429, 8429, 8429, 8428, 8428, 8428, 8428, 8428, 8428, 8428, 8428}},
		}},
	} {
		t.Run(string(tc.p), func(t *testing.T) {
			got, err := computeCuotas(b, groups, units, tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.rows) {
				t.Fatalf("%d units pay, want %d", len(got), len(tc.rows))
			}
			var total int64
			for i, want := range tc.rows {
				u := got[i]
				total += u.Annual
				if u.Unit.Label != want.unit || u.Annual != want.annual {
					t.Fatalf("row %d: %s pays %d a year, want %s %d", i, u.Unit.Label, u.Annual, want.unit, want.annual)
				}
				for k, p := range want.periods {
					if u.Periods[k] != p {
						t.Errorf("%s period %d: %d, want %d", want.unit, k+1, u.Periods[k], p)
					}
					var concepts int64
					for _, l := range u.Lines {
						concepts += l.Periods[k]
					}
					if concepts != p {
						t.Errorf("%s period %d: concepts add up to %d, want %d", want.unit, k+1, concepts, p)
					}
				}
			}
			if total != b.Ordinary()+b.ReserveCents {
				t.Errorf("cuotas add up to %d, want %d", total, b.Ordinary()+b.ReserveCents)
			}
		})
	}
	// The shops pay no lift and no garage; 1º A pays all four lines and the reserve.
	got, _ := computeCuotas(b, groups, units, domain.Quarterly)
	if len(got[0].Lines) != 3 || len(got[2].Lines) != 5 {
		t.Errorf("Bajo A has %d lines, 1º A %d", len(got[0].Lines), len(got[2].Lines))
	}
	// Within 0,0001 % is 100 %; further off, shares that do not add up stop the group from being used.
	lift.Shares[0].Weight = 89999
	if _, err := computeCuotas(b, groups, units, domain.Quarterly); err != nil {
		t.Errorf("a lift group at 99,9999 %%: %v", err)
	}
	lift.Shares[0].Weight = 89990
	if _, err := computeCuotas(b, groups, units, domain.Quarterly); domain.ErrorMessage(err) != "Las partes del grupo «Ascensor» suman 99,999 %: deben sumar 100 %" {
		t.Errorf("a lift group at 99,999 %%: %v", err)
	}
}
