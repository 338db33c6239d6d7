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
// P(Binomial(n + k, p) > k) <= SpotTarget, 0 for p = 0 or no replica.
// That chance only falls as k grows (one more trial, one more allowed),
// so k is bisected: at most 17 tails of at most maxSpotExtra terms,
// whatever a link asks.
func spotExtra(n int, p float64) int {
	if n <= 0 || p <= 0 {
		return 0
	}
	lo, hi := -1, maxSpotExtra // the tail is above the target at lo (k = -1: certain), within it at hi or hi is the bound
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if binomialTail(n+mid, p, mid) <= SpotTarget {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// binomialTail is P(X > k) for X ~ Binomial(m, p), 0 < p < 1. The
// probabilities fall away from the mode on either side, so it sums the
// side of k away from the mode, from k outwards, until a term no longer
// counts: above the mode the tail itself, below it the rest, one minus
// it. That takes some tens of standard deviations' terms, however large
// m is, and each term comes from the one before (the first from
// logFactorial, so that a large m does not underflow it).
func binomialTail(m int, p float64, k int) float64 {
	switch {
	case k < 0:
		return 1
	case k >= m:
		return 0
	}
	logPMF := func(i int) float64 {
		return logFactorial(m) - logFactorial(i) - logFactorial(m-i) + float64(i)*math.Log(p) + float64(m-i)*math.Log1p(-p)
	}
	ratio := p / (1 - p) // P(i+1) / P(i) = (m - i) / (i + 1) x ratio
	mode := float64(m+1) * p
	sum := 0.0
	if float64(k+1) >= mode {
		// The tail, from k + 1 up.
		logTerm := logPMF(k + 1)
		for i := k + 1; i <= m; i++ {
			term := math.Exp(logTerm)
			sum += term
			if term <= sum*1e-17 {
				break
			}
			logTerm += math.Log(float64(m-i)/float64(i+1)) + math.Log(ratio)
		}
		return sum
	}
	// The rest, from k down.
	logTerm := logPMF(k)
	for i := k; i >= 0; i-- {
		term := math.Exp(logTerm)
		sum += term
		if term <= sum*1e-17 {
			break
		}
		logTerm -= math.Log(float64(m-i+1)/float64(i)) + math.Log(ratio)
	}
	return max(0, 1-sum)
}

// logFactorial is ln n!: summed below 32, and from Stirling's series
// above, whose next term is below 1e-15 there. math.Lgamma gives the
// same and costs the browser module 4.0 kB gzipped.
func logFactorial(n int) float64 {
	if n < 32 {
		sum := 0.0
		for i := 2; i <= n; i++ {
			sum += math.Log(float64(i))
		}
		return sum
	}
	x := float64(n)
	return x*math.Log(x) - x + 0.5*math.Log(2*math.Pi*x) + 1/(12*x) - 1/(360*x*x*x) + 1/(1260*x*x*x*x*x)
}
