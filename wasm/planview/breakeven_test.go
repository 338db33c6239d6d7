package planview

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/tco"
)

// TestBreakEvenIsWhereSelfHostingStaysCheaper works the break-even out
// by hand for a rented option and an API.
func TestBreakEvenIsWhereSelfHostingStaysCheaper(t *testing.T) {
	s := Scenario{RequestsPerDay: 1000, Prompt: 500, Output: 500, Years: 1}
	// One GPU a replica at $1 an hour, 730 hours a month: $730 a month
	// a replica (tco.Compute: GPUs x 8,760 h x rate, a year, / 12).
	// It keeps 1 request a second: 86,400 x 365.25 / 12 = 2,629,800
	// requests a month of 1,000 tokens, c = 2.6298e9 tokens a month.
	rented := Option{Kind: Rented, Replica: Replica{TP: 1, RatePerS: 1}}
	rented.Cluster.Option = tco.Option{Kind: tco.Rented, RentUSDPerGPUHour: 1, RentedHoursPerMonth: 730, LoadFactor: 1}
	// The API: $0.50 per 1M tokens, a = 5e-7 a token; a replica's
	// tokens cost a x c = $1,314.90 there.
	api := Option{Kind: API, Bill: pricing.Bill{Cost: pricing.Cost{PerMTok: 0.5}}}
	// n replicas cost 730 n; cheaper throughout once
	// 730 n <= 1,314.90 (n - 1), n >= 1,314.90 / 584.90 = 2.25: n0 = 3.
	// Within n0 - 1 = 2 replicas (above 1 x c = 2.6298e9 tokens),
	// cheaper from where a V = $1,460: V = 2.92e9 tokens a month. Below,
	// one replica is cheaper from 1.46e9 but not at 2.6298e9 + 1, where
	// two replicas ($1,460) cost more than the API ($1,314.90).
	b := s.breakEven([]Option{api, rented}, 1)
	if !b.ok || b.self == nil || b.self.Kind != Rented || b.api == nil || b.api.Kind != API {
		t.Fatalf("breakEven = %+v; want 2.92e9 for the rented option", b)
	}
	if math.Abs(b.tokens-2.92e9) > 1 {
		t.Errorf("break-even %v tokens a month; want 2.92e9", b.tokens)
	}
	// An API cheaper than a full replica: never.
	api.Bill.PerMTok = 0.2 // a x c = $525.96 < $730
	if b := s.breakEven([]Option{api, rented}, 1); b.ok {
		t.Errorf("break-even %v against an API cheaper than a full replica; want none", b.tokens)
	}
}

// TestReplicasAreWhole checks the sizing's arithmetic: 11.57 requests a
// second at 8.48 a replica take 2 replicas; at the band's low end (a
// replica serving 0.7 times as much, 5.94) 2 still, at 0.6 (5.09) 3.
func TestReplicasAreWhole(t *testing.T) {
	r := Replica{TP: 1, RatePerS: 8.48}
	for _, c := range []struct {
		scale float64
		want  int
	}{{1, 2}, {0.7, 2}, {0.6, 3}} {
		if got := r.Replicas(1e6/86400, c.scale); got != c.want {
			t.Errorf("Replicas(11.57, %v) = %d; want %d", c.scale, got, c.want)
		}
	}
	if got := (Replica{}).Replicas(1, 1); got != 0 {
		t.Errorf("a replica that serves nothing sizes %d; want 0", got)
	}
}
