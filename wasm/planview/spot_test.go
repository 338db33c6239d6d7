package planview

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/tco"
)

// TestSpotExtraByHand works the spot replicas out by hand. Four serving
// replicas, each reclaimed 5 % of the time: with one beside them, more
// than one of five are reclaimed with a chance of 1 - 0.95^5 - 5 x 0.05 x
// 0.95^4 = 1 - 0.77378 - 0.20363 = 2.26 %, over 1 %; with two, more than
// two of six: 1 - 0.73509 - 0.23213 - 0.03054 = 0.22 %. One replica at
// 5 %: alone 5 %; with one more, both at once 0.25 %. 100 at 1 %: with 3,
// more than 3 of 104 is 2.09 %; with 4, more than 4 of 105 is 0.42 %.
func TestSpotExtraByHand(t *testing.T) {
	for _, c := range []struct {
		n    int
		p    float64
		want int
	}{{4, 0.05, 2}, {1, 0.05, 1}, {100, 0.01, 4}, {1000, 0.05, 71}, {4, 0, 0}, {0, 0.05, 0}} {
		if got := spotExtra(c.n, c.p); got != c.want {
			t.Errorf("spotExtra(%d, %v) = %d; want %d", c.n, c.p, got, c.want)
		}
	}
	// The tail above the mode, and one minus the rest below it (sums
	// of the exact terms, by Python's math.comb).
	for _, c := range []struct {
		m    int
		p    float64
		k    int
		want float64
	}{{5, 0.05, 1, 0.0225925}, {100, 0.5, 40, 0.97155603}, {1000, 0.05, 60, 0.06706252}, {10, 0.1, 10, 0}, {10, 0.1, -1, 1}} {
		if got := binomialTail(c.m, c.p, c.k); math.Abs(got-c.want) > 1e-7 {
			t.Errorf("P(Bin(%d, %v) > %d) = %v; want %v", c.m, c.p, c.k, got, c.want)
		}
	}
}

// TestSpotAndCommittedByHand prices a spot and a committed offer through
// the plan's costs. A flat week at 4 requests a second on replicas of
// one GPU that keep 1 each: 4 replicas.
func TestSpotAndCommittedByHand(t *testing.T) {
	s := Scenario{RequestsPerDay: 4 * 86400, Prompt: 500, Output: 500, Years: 1,
		Scaling: loadcurve.Scaling{Step: 1, Min: 1}, SpotReclaimed: 0.05, spotGiven: true}
	r := Replica{TP: 1, RatePerS: 1}
	spot := Option{Kind: Rented, Replica: r, Offer: &gpu.Offer{Term: gpu.Spot, USDPerGPUHour: 1}}
	spot.Cluster.Option = tco.Option{Kind: tco.Rented, RentUSDPerGPUHour: 1, RentedHoursPerMonth: 730, LoadFactor: 1}
	// Spot at 5 % reclaimed: 4 + 2 replicas all month, 6 x 730 x $1.
	if usd, _ := s.monthly(spot, r, 4, 1); math.Abs(usd-6*730) > 1e-6 {
		t.Errorf("spot: $%.2f a month; want 6 x 730 = $4,380", usd)
	}
	if u := s.utilisation(spot, 1); math.Abs(u-4.0/6) > 1e-9 {
		t.Errorf("spot: busy %.4f; want 4 / 6", u)
	}
	// Committed for 3 years at $2 under the office curve (a tenth off
	// hours, loadcurve.TestOfficeHoursByHand): its busiest hour's 13
	// replicas (4 x 3.18 = 12.7 requests/s) all week, 13 x 730 x $2 =
	// $18,980, where on demand it would follow the curve.
	committed := spot
	committed.Offer = &gpu.Offer{Term: gpu.Commit3Y, USDPerGPUHour: 2}
	committed.Cluster.Option.RentUSDPerGPUHour = 2
	onDemand := committed
	onDemand.Offer = &gpu.Offer{USDPerGPUHour: 2}
	s.Curve = office(0.1)
	if usd, _ := s.monthly(committed, r, 4, 1); math.Abs(usd-13*730*2) > 1e-6 {
		t.Errorf("committed: $%.2f a month; want 13 x 730 x $2 = $18,980", usd)
	}
	if c, o := s.runs(committed, r, 4, 1), s.runs(onDemand, r, 4, 1); c.Least() != 13 || o.Least() != 2 || o.Peak() != 13 {
		t.Errorf("committed runs %d to %d replicas, on demand %d to %d; want 13 all week, and 2 (0.318 x 4 = 1.27) to 13", c.Least(), c.Peak(), o.Least(), o.Peak())
	}
}

// TestLogFactorialIsLgamma: ln n! as math.Lgamma(n + 1) gives it, on
// either side of where the series takes over.
func TestLogFactorialIsLgamma(t *testing.T) {
	for _, n := range []int{0, 1, 2, 10, 31, 32, 33, 100, 1e4, 1e9} {
		want, _ := math.Lgamma(float64(n) + 1)
		if got := logFactorial(n); math.Abs(got-want) > 1e-12*max(1, want) {
			t.Errorf("logFactorial(%d) = %.15g; want %.15g", n, got, want)
		}
	}
}
