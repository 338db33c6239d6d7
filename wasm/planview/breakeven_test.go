package planview

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/tco"
)

// TestBreakEvenIsWhereSelfHostingStaysCheaper works the break-even out
// by hand for a rented option and an API.
func TestBreakEvenIsWhereSelfHostingStaysCheaper(t *testing.T) {
	s := Scenario{RequestsPerDay: 1000, Prompt: 500, Output: 500, Years: 1, Scaling: loadcurve.Scaling{Step: 1, Min: 1}}
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

// TestOfficeHoursByHand works a two-level office curve through the
// plan's costs by hand (loadcurve.TestOfficeHoursByHand has its
// replicas): off hours at a tenth of office hours, a mean of 1 request a
// second, replicas of one GPU that keep 1 request a second each.
func TestOfficeHoursByHand(t *testing.T) {
	s := Scenario{RequestsPerDay: 86400, Prompt: 500, Output: 500, Years: 1, Curve: office(0.1),
		Scaling: loadcurve.Scaling{Step: 1, Min: 1, ColdStartH: 0.5}}
	r := Replica{TP: 1, RatePerS: 1}
	rented := Option{Kind: Rented, Replica: r}
	rented.Cluster.Option = tco.Option{Kind: tco.Rented, RentUSDPerGPUHour: 2, RentedHoursPerMonth: 730, LoadFactor: 1}
	owned := rented
	owned.Kind, owned.Cluster.Option.Kind = Owned, tco.Owned
	owned.Cluster.Option.GPUPriceUSD = 12000 // paid off in the 1 year: $1,000 a month a GPU, and nothing else
	// Office hours run 3.18 requests/s: 4 replicas; the others 0.318:
	// 1. Rented, billed for 40 h x 4 + 128 h x 1 = 288 replica-hours a
	// week and 15 starts x 0.5 h = 7.5: 295.5 GPU-hours a week at $2,
	// 730 / 168 weeks a month: 295.5 x 2 x 730 / 168 = $2,568.04.
	usd, _ := s.monthly(rented, r, 1, 1)
	if want := 295.5 * 2 * 730 / 168; math.Abs(usd-want) > 1e-6 {
		t.Errorf("rented: $%.2f a month; want $%.2f", usd, want)
	}
	// Flat at the same mean it would run 1 replica all month ($1,460);
	// the office curve's busiest hours need 4, which a bought option
	// holds all week: 4 x $1,000 a month.
	if usd, _ := s.monthly(owned, r, 1, 1); math.Abs(usd-4000) > 1e-6 {
		t.Errorf("owned: $%.2f a month; want $4,000", usd)
	}
	// It runs 1.759 replicas on average for requests that fill 1: 56.9 %
	// busy; bought, 4 replicas for 1: 25 %.
	rented.Replica, owned.Replica = r, r
	if u := s.utilisation(rented, 1); math.Abs(u-168/295.5) > 1e-9 {
		t.Errorf("rented utilisation %.4f; want 168 / 295.5 = %.4f", u, 168/295.5)
	}
	if u := s.utilisation(owned, 1); math.Abs(u-0.25) > 1e-9 {
		t.Errorf("owned utilisation %.4f; want 0.25", u)
	}
	// With a spare replica every hour: 295.5 + 168 = 463.5 GPU-hours.
	s.Spare = 1
	if usd, _ := s.monthly(rented, r, 1, 1); math.Abs(usd-463.5*2*730/168) > 1e-6 {
		t.Errorf("rented with a spare: $%.2f a month; want $%.2f", usd, 463.5*2*730/168)
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

// office is the office curve with off hours at off times office hours.
func office(off float64) *loadcurve.Curve {
	c := loadcurve.Office(off)
	return &c
}
