package planview

import (
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/scenario"
)

// readSpot reads the share of the time a spot replica is reclaimed, for
// an edition with spot offers: no provider publishes one, so it has no
// default, and an option on spot capacity needs the reader's figure
// (given is false until then). An edition without spot offers has no
// field.
func readSpot(r *scenario.Resolver, d apicompare.Data, section string) (share float64, given bool) {
	if !slices.ContainsFunc(d.TCO.Rental.Offers, func(o gpu.Offer) bool { return o.Term == gpu.Spot }) {
		return 0, false
	}
	t := r.M
	pct := r.Number(scenario.Field{Key: "spot", Label: t.T("plan.in.spot"), Unit: "%", Section: section, Min: 0, Max: 50, Default: "0",
		Help: t.T("plan.in.spot_help")})
	if !r.Inputs[len(r.Inputs)-1].Explicit {
		r.Warn("spot", t.T("plan.spot.needs"))
		return 0, false
	}
	return pct / 100, true
}

// SpotTarget is the chance the plan accepts that more spot replicas are
// reclaimed at once than it keeps beside those serving: 1 %, the P99
// the latency target is kept at.
const SpotTarget = 0.01

// maxSpotExtra bounds the search for spot replicas: a share reclaimed
// of at most 50 % never needs more than this for the replicas a plan
// sizes.
const maxSpotExtra = 1 << 16

// spotExtra is how many replicas n serving replicas on spot capacity
// need beside them so that, each reclaimed a share p of the time
// independently of the others, more than that many are reclaimed at
// once with a chance of at most SpotTarget: the least k with
// P(Binomial(n + k, p) > k) <= SpotTarget. 0 for p = 0 or no replica.
func spotExtra(n int, p float64) int {
	if n <= 0 || p <= 0 {
		return 0
	}
	for k := 0; k < maxSpotExtra; k++ {
		if binomialTail(n+k, p, k) <= SpotTarget {
			return k
		}
	}
	return maxSpotExtra
}

// binomialTail is P(X > k) for X ~ Binomial(m, p), 0 < p < 1: one minus
// the sum of the terms up to k, each from the one before (the first in
// logarithms, so that a large m does not underflow it to 0 where its
// successors would not).
func binomialTail(m int, p float64, k int) float64 {
	logTerm := float64(m) * math.Log1p(-p) // P(X = 0)
	ratio := p / (1 - p)
	cdf := 0.0
	for i := 0; i <= k && i <= m; i++ {
		if i > 0 {
			logTerm += math.Log(float64(m-i+1)/float64(i)) + math.Log(ratio)
		}
		cdf += math.Exp(logTerm)
	}
	return max(0, 1-cdf)
}
