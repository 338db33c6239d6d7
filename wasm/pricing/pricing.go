// Package pricing is the cost of a workload on hosted LLM APIs: prices per
// million tokens with prompt caching, batch discounts and long-context
// tiers; budgets with their warning and alarm; and the monthly volume at
// which running your own GPUs beats an API.
package pricing

import "math"

// DaysPerMonth is an average month, 365.25 / 12 days.
const DaysPerMonth = 365.25 / 12

// Rates are prices in US dollars per million tokens. CacheRead is the
// price of input served from the provider's prompt cache; CacheWrite, if
// the provider charges for it, the price of input written to it (else
// writes cost Input).
type Rates struct {
	Input, CacheRead, CacheWrite, Output float64
}

// Tier is a long-context price: it applies to the whole request once the
// request's input exceeds AboveInputTokens.
type Tier struct {
	AboveInputTokens int
	Rates
}

// Price is what a provider charges for a model.
type Price struct {
	Rates
	// BatchDiscountPct is the discount of the provider's batch API, 0 if
	// it has none.
	BatchDiscountPct float64
	Tiers            []Tier
}

// Workload is what a service sends to an API.
type Workload struct {
	RequestsPerDay float64
	InputTokens    float64 // per request
	OutputTokens   float64 // per request
	// CachedShare is the share of input tokens that repeat a prefix the
	// provider has cached (a system prompt, say).
	CachedShare float64
	// RequestsPerCacheWrite is how many requests reuse a cached prefix
	// before it is written again (cache lifetime); at least 1.
	RequestsPerCacheWrite float64
	// BatchShare is the share of requests sent through the batch API.
	BatchShare float64
}

// ratesFor returns the rates for a request with the given input tokens:
// the highest tier it exceeds, else the base rates.
func (p Price) ratesFor(inputTokens float64) Rates {
	r, above := p.Rates, -1
	for _, t := range p.Tiers {
		if inputTokens > float64(t.AboveInputTokens) && t.AboveInputTokens > above {
			r, above = t.Rates, t.AboveInputTokens
		}
	}
	return r
}

// CostPerRequest is the average cost of one request in US dollars:
//
//	input:  uncached x Input + cached x (1/reuse x write + (1 - 1/reuse) x read)
//	output: tokens x Output
//
// at the request's tier, less the batch discount on the batch share.
func (p Price) CostPerRequest(w Workload) float64 {
	r := p.ratesFor(w.InputTokens)
	write := r.CacheWrite
	if write == 0 {
		write = r.Input
	}
	read := r.CacheRead
	if read == 0 {
		read = r.Input // no cache discount
	}
	reuse := math.Max(w.RequestsPerCacheWrite, 1)
	cached := w.InputTokens * w.CachedShare
	in := (w.InputTokens-cached)*r.Input + cached*(write/reuse+read*(1-1/reuse))
	full := (in + w.OutputTokens*r.Output) / 1e6
	return full * (1 - w.BatchShare*p.BatchDiscountPct/100)
}

// Cost is a workload's cost on one API.
type Cost struct {
	PerRequest, PerDay, PerMonth float64
	// PerMTok is the blended price per million tokens (input and output).
	PerMTok float64
}

// Cost returns the workload's cost per request, day and month.
func (p Price) Cost(w Workload) Cost {
	c := Cost{PerRequest: p.CostPerRequest(w)}
	c.PerDay = c.PerRequest * w.RequestsPerDay
	c.PerMonth = c.PerDay * DaysPerMonth
	if tok := w.InputTokens + w.OutputTokens; tok > 0 {
		c.PerMTok = c.PerRequest / tok * 1e6
	}
	return c
}

// TokensPerMonth is the workload's input and output tokens in a month.
func (w Workload) TokensPerMonth() float64 {
	return w.RequestsPerDay * (w.InputTokens + w.OutputTokens) * DaysPerMonth
}

// Budget status.
type Status int

const (
	OK    Status = iota
	Warn         // at or above WarnPct of the budget
	Alarm        // above the budget
	NoBudget
)

// WarnPct is where a budget warns.
const WarnPct = 90

// Check returns the share of the budget used, in percent, and its status:
// a warning from 90 % up to and including 100 %, an alarm above 100 %.
// (Seed article 002 tests ">= 90" before ">= 100", so its alarm can never
// fire.)
func Check(cost, budget float64) (float64, Status) {
	if budget <= 0 {
		return 0, NoBudget
	}
	pct := cost / budget * 100
	switch {
	case pct > 100:
		return pct, Alarm
	case pct >= WarnPct:
		return pct, Warn
	}
	return pct, OK
}

// Cluster is self-hosted capacity: what it costs a month, what it can
// serve, and its up-front cost.
type Cluster struct {
	// PerMonth is its cost per month over the period, capex included.
	PerMonth float64
	// OpexPerMonth is its running cost per month, without capex.
	OpexPerMonth float64
	// Capex is paid up front (0 for rented GPUs).
	Capex float64
	// TokensPerMonth is what it serves at its load.
	TokensPerMonth float64
}

// BreakEven is the monthly token volume above which the cluster costs less
// than an API charging perMTok, and whether there is one: above the
// cluster's capacity more clusters are needed, each costing the same per
// token, so an API cheaper at full load stays cheaper.
func (c Cluster) BreakEven(perMTok float64) (float64, bool) {
	if perMTok <= 0 || c.TokensPerMonth <= 0 {
		return 0, false
	}
	v := c.PerMonth / perMTok * 1e6
	return v, v <= c.TokensPerMonth
}

// Clusters is how many clusters serve a monthly volume (at least one).
func (c Cluster) Clusters(tokensPerMonth float64) float64 {
	if c.TokensPerMonth <= 0 {
		return 1
	}
	return math.Max(1, math.Ceil(tokensPerMonth/c.TokensPerMonth))
}

// CostAt is the clusters' monthly cost at a volume.
func (c Cluster) CostAt(tokensPerMonth float64) float64 {
	return c.Clusters(tokensPerMonth) * c.PerMonth
}

// PaybackMonths is how many months of API bills avoided pay back the
// clusters' capex at a volume, and whether they do: the API's monthly
// cost less the clusters' opex must be positive.
func (c Cluster) PaybackMonths(apiPerMonth, tokensPerMonth float64) (float64, bool) {
	n := c.Clusters(tokensPerMonth)
	saving := apiPerMonth - n*c.OpexPerMonth
	if saving <= 0 {
		return 0, false
	}
	return n * c.Capex / saving, true
}
