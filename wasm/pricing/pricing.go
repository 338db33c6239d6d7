// Package pricing is the cost of a workload on hosted LLM APIs: prices per
// million tokens with prompt caching (5-minute and 1-hour cache writes),
// batch, flex and priority service tiers, long-context tiers, regional
// processing and hidden reasoning tokens; budgets with their warning and
// alarm; and the monthly volume at which running your own GPUs beats an
// API.
package pricing

import "math"

// DaysPerMonth is an average month, 365.25 / 12 days.
const DaysPerMonth = 365.25 / 12

// Rates are prices in US dollars per million tokens. CacheRead is the
// price of input served from the provider's prompt cache; CacheWrite, if
// the provider charges for it, the price of input written to its default
// (5-minute) cache (else writes cost Input), and CacheWrite1h the price of
// a write to its 1-hour cache where it sells one. Reasoning is the price of
// hidden reasoning output tokens where the provider prices them apart
// (else they cost Output).
type Rates struct {
	Input, CacheRead, CacheWrite, Output float64
	CacheWrite1h, Reasoning              float64
}

// Tier is a long-context price: it applies to the whole request once the
// request's input exceeds AboveInputTokens.
type Tier struct {
	AboveInputTokens int
	Rates
}

// Service is how a provider processes a request: Standard, or one of the
// tiers that trade speed for price.
type Service string

// The service tiers. Batch answers within a day; Flex is slower and may
// be refused when capacity is short; Priority is faster at a premium.
const (
	Standard Service = ""
	Batch    Service = "batch"
	Flex     Service = "flex"
	Priority Service = "priority"
)

// Services are the tiers other than Standard, in the order a bill lists
// them.
var Services = []Service{Batch, Flex, Priority}

// ServiceRates are a service tier's own prices. They apply to requests
// within the base rates: providers price their tiers without long context
// (OpenAI's priority prices "exclude long context").
type ServiceRates struct {
	Service Service
	Rates
}

// Global is processing wherever the provider chooses, at its list price.
const Global = "global"

// RegionPrice is what processing in a region costs at a provider: an
// uplift on every token price, or Unavailable where the provider does not
// serve the model there.
type RegionPrice struct {
	Region      string
	UpliftPct   float64
	Unavailable bool
}

// Price is what a provider charges for a model.
type Price struct {
	Rates
	// BatchDiscountPct is the discount of the provider's batch API, 0 if
	// it has none or prices it in Services.
	BatchDiscountPct float64
	Tiers            []Tier
	// Services are the service tiers priced apart; a tier absent here
	// (and, for Batch, without a discount) has no price.
	Services []ServiceRates
	// Regions are the regions a provider prices or refuses; a region
	// absent here has no published price.
	Regions []RegionPrice
}

// CacheTTL is how long a cache write lives.
type CacheTTL string

// The cache lifetimes: the default 5 minutes, or the 1-hour cache.
const (
	TTL5m CacheTTL = ""
	TTL1h CacheTTL = "1h"
)

// Workload is what a service sends to an API.
type Workload struct {
	RequestsPerDay float64
	InputTokens    float64 // per request
	OutputTokens   float64 // per request, hidden reasoning included
	// CachedShare is the share of input tokens that repeat a prefix the
	// provider has cached (a system prompt, say).
	CachedShare float64
	// RequestsPerCacheWrite is how many requests reuse a cached prefix
	// before it is written again (cache lifetime); at least 1.
	RequestsPerCacheWrite float64
	// CacheTTL is the lifetime the writes buy: TTL5m or TTL1h.
	CacheTTL CacheTTL
	// BatchShare, FlexShare and PriorityShare are the shares of requests
	// sent through those service tiers; the rest is standard. They add
	// up to at most 1.
	BatchShare, FlexShare, PriorityShare float64
	// Region is where the requests must be processed: "" or Global for
	// anywhere, else a region of RegionPrice ("us", "eu", ...).
	Region string
	// ReasoningShare is the share of output tokens that are hidden
	// reasoning.
	ReasoningShare float64
}

// Share returns the share of requests sent through a service tier.
func (w Workload) Share(s Service) float64 {
	switch s {
	case Batch:
		return w.BatchShare
	case Flex:
		return w.FlexShare
	case Priority:
		return w.PriorityShare
	}
	return 1 - w.BatchShare - w.FlexShare - w.PriorityShare
}

// Reason says why a bill is not priced, or where it was priced otherwise
// than the workload asks.
type Reason string

// Why a bill is not priced (Bill.Missing).
const (
	// RegionUnavailable: the provider does not serve the model in the
	// region.
	RegionUnavailable Reason = "region-unavailable"
	// RegionUnpriced: no published price for processing in the region.
	RegionUnpriced Reason = "region-unpriced"
	// Cache1hUnpriced: the provider prices cache writes but publishes no
	// price for the 1-hour cache.
	Cache1hUnpriced Reason = "cache-1h-unpriced"
	// SharesOverOne: the workload's service tier shares add up to more
	// than all of its requests.
	SharesOverOne Reason = "shares-over-one"
)

// How a bill was priced otherwise than asked (Bill.Notes).
const (
	// CacheAtInput: the provider has no cache prices, so cached input is
	// charged at the plain input price.
	CacheAtInput Reason = "cache-at-input"
	// WriteAtInput: the provider charges no cache write apart, so writes
	// cost the input price (as OpenAI's caching does).
	WriteAtInput Reason = "cache-write-at-input"
	// ServiceAtStandard: the provider has no price for the service tier
	// (Note.Service) or not for this request's long context, so its
	// share is priced, and would be served, at standard.
	ServiceAtStandard Reason = "service-at-standard"
	// ReasoningAtOutput: reasoning tokens cost the output price, the
	// provider pricing them as output.
	ReasoningAtOutput Reason = "reasoning-at-output"
)

// Note is a way a bill was priced otherwise than asked.
type Note struct {
	Reason  Reason
	Service Service // for ServiceAtStandard
}

// ratesFor returns the rates for a request with the given input tokens:
// the highest tier it exceeds, else the base rates; long is true for a
// tier.
func (p Price) ratesFor(inputTokens float64) (r Rates, long bool) {
	r, above := p.Rates, -1
	for _, t := range p.Tiers {
		if inputTokens > float64(t.AboveInputTokens) && t.AboveInputTokens > above {
			r, above = t.Rates, t.AboveInputTokens
		}
	}
	return r, above >= 0
}

// service returns a service tier's own rates, if priced.
func (p Price) service(s Service) (Rates, bool) {
	for _, sr := range p.Services {
		if sr.Service == s {
			return sr.Rates, true
		}
	}
	return Rates{}, false
}

// InRegion returns the uplift in percent of processing in a region, or
// why it is not priced there.
func (p Price) InRegion(region string) (float64, Reason) {
	if region == "" || region == Global {
		return 0, ""
	}
	for _, r := range p.Regions {
		if r.Region == region {
			if r.Unavailable {
				return 0, RegionUnavailable
			}
			return r.UpliftPct, ""
		}
	}
	return 0, RegionUnpriced
}

// Bill is a workload's cost on one API, or why it has none.
type Bill struct {
	// Cost is zero when Missing is set: never to be shown, totalled or
	// ranked then.
	Cost
	// Missing says why the workload cannot be priced here; empty when it
	// is priced.
	Missing Reason
	// Notes say where the bill was priced otherwise than asked.
	Notes []Note
}

// Priced reports whether the bill has a cost.
func (b Bill) Priced() bool { return b.Missing == "" }

func (b *Bill) note(n Note) {
	for _, m := range b.Notes {
		if m == n {
			return
		}
	}
	b.Notes = append(b.Notes, n)
}

// tokens is one request's cost in dollars at rates r: input, uncached x
// Input + cached x (1/reuse x write + (1 - 1/reuse) x read); output, the
// visible share x Output + the reasoning share x Reasoning (Output
// where the provider has none).
func tokens(r Rates, w Workload, b *Bill) float64 {
	read, write := r.CacheRead, r.CacheWrite
	if w.CachedShare > 0 && read == 0 {
		b.note(Note{Reason: CacheAtInput})
	}
	if read == 0 {
		read = r.Input // no cache discount
	}
	if w.CacheTTL == TTL1h && r.CacheWrite1h > 0 {
		write = r.CacheWrite1h
	} else if w.CacheTTL == TTL1h && write > 0 && w.CachedShare > 0 {
		b.Missing = Cache1hUnpriced
	}
	if write == 0 {
		if w.CachedShare > 0 && r.CacheRead > 0 {
			b.note(Note{Reason: WriteAtInput})
		}
		write = r.Input
	}
	reuse := math.Max(w.RequestsPerCacheWrite, 1)
	cached := w.InputTokens * w.CachedShare
	in := (w.InputTokens-cached)*r.Input + cached*(write/reuse+read*(1-1/reuse))
	out := w.OutputTokens * r.Output
	if w.ReasoningShare > 0 {
		reasoning := r.Reasoning
		if reasoning == 0 {
			b.note(Note{Reason: ReasoningAtOutput})
			reasoning = r.Output
		}
		out = w.OutputTokens*(1-w.ReasoningShare)*r.Output + w.OutputTokens*w.ReasoningShare*reasoning
	}
	return (in + out) / 1e6
}

// bill prices one request. The standard rates (at the request's
// long-context tier) price the standard share; each service tier's share
// is priced at its own rates, a batch share without them at the batch
// discount, and a tier without a price at standard, with a note. A
// region's uplift applies to the whole, as Anthropic's and Mistral's
// multipliers apply to every token price and stack with the batch
// discount. Without tiers, region or reasoning this is
// full x (1 - batch share x discount), the engine's formula before them.
func (p Price) bill(w Workload) (float64, Bill) {
	var b Bill
	uplift, why := p.InRegion(w.Region)
	if w.Share(Standard) < -1e-9 {
		why = SharesOverOne
	}
	if why != "" {
		return 0, Bill{Missing: why}
	}
	r, long := p.ratesFor(w.InputTokens)
	full := tokens(r, w, &b)
	atFull, own := 1.0, 0.0
	for _, s := range Services {
		share := w.Share(s)
		if share <= 0 {
			continue
		}
		if sr, ok := p.service(s); ok && !long {
			atFull -= share
			own += share * tokens(sr, w, &b)
		} else if s == Batch && p.BatchDiscountPct > 0 {
			atFull -= share * p.BatchDiscountPct / 100
		} else {
			b.note(Note{Reason: ServiceAtStandard, Service: s})
		}
	}
	if b.Missing != "" {
		return 0, Bill{Missing: b.Missing}
	}
	cost := full*atFull + own
	if uplift != 0 {
		cost *= 1 + uplift/100
	}
	return cost, b
}

// Cost is a workload's cost on one API.
type Cost struct {
	PerRequest, PerDay, PerMonth float64
	// PerMTok is the blended price per million tokens (input and output).
	PerMTok float64
}

// Cost returns the workload's cost per request, day and month, for a
// workload that every price can bill (no region, 1-hour cache or service
// shares a provider may not price): it is zero where Bill says the
// workload cannot be priced, so a caller that sets those must read Bill
// and show its Missing reason instead.
func (p Price) Cost(w Workload) Cost { return p.Bill(w).Cost }

// Bill returns the workload's cost per request, day and month, or why
// it cannot be priced here, with notes on what was priced otherwise than
// asked.
func (p Price) Bill(w Workload) Bill {
	per, b := p.bill(w)
	if !b.Priced() {
		return b
	}
	b.Cost = Cost{PerRequest: per}
	b.PerDay = per * w.RequestsPerDay
	b.PerMonth = b.PerDay * DaysPerMonth
	if tok := w.InputTokens + w.OutputTokens; tok > 0 {
		b.PerMTok = per / tok * 1e6
	}
	return b
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
