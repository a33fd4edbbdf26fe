package juntas_test

import (
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/juntas"
)

// The quorum of first convocatoria (art. 16.2 LPH): a majority of the owners that also holds a majority
// of the cuotas, both strictly more than half.
func TestTheFirstCallQuorumOnWorkedCases(t *testing.T) {
	type share = juntas.Share
	in := func(c domain.Coefficient) share { return share{Cuota: c, Attending: true} }
	out := func(c domain.Coefficient) share { return share{Cuota: c} }
	for _, c := range []struct {
		name   string
		shares []share
		met    bool
	}{
		{"nobody", nil, false},
		{"all present", []share{in(250000), in(250000), in(500000)}, true},
		{"2 of 4 owners is half, not a majority", []share{in(400000), in(300000), out(200000), out(100000)}, false},
		{"3 of 4 owners holding 30 % of the cuotas", []share{in(100000), in(100000), in(100000), out(700000)}, false},
		{"3 of 5 owners with 50 % exactly", []share{in(200000), in(200000), in(100000), out(250000), out(250000)}, false},
		{"3 of 5 owners with 50,0001 %", []share{in(200000), in(200000), in(100001), out(250000), out(249999)}, true},
		{"one owner of 90 % alone among three", []share{in(900000), out(50000), out(50000)}, false},
		{"2 of 3 owners with 55 %", []share{in(300000), in(250000), out(450000)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if q := juntas.QuorumOf(c.shares); q.Met != c.met {
				t.Fatalf("%+v: met %v, want %v", q, q.Met, c.met)
			}
		})
	}
}
