package planview

import (
	"math"
	"slices"
	"strconv"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/tco"
)

// Kind is what an option is: GPUs bought, GPUs rented, or an API.
type Kind string

// The kinds of options, in the order the page names them; the
// self-hosted ones are the TCO calculator's kinds, as its links write
// them.
const (
	Owned  = Kind(tco.Owned)
	Rented = Kind(tco.Rented)
	API    = Kind("api")
)

// Kinds are the kinds of options, in the order the page names them.
var Kinds = []Kind{Owned, Rented, API}

// Missing says why an option has no place in the ranking.
type Missing string

// Why an option is not ranked.
const (
	// NeedsPrice: the data has no price for it.
	NeedsPrice Missing = "needs_price"
	// NoFit: the model does not fit one server of its GPUs.
	NoFit Missing = "no_fit"
	// MissesTarget: not even a trickle of requests meets the P99 target.
	MissesTarget Missing = "misses_target"
	// TooLarge: its sizing exceeds the estimator's work budget.
	TooLarge Missing = "too_large"
	// NoBill: the API has no price for this workload (a region, a tier).
	NoBill Missing = "no_bill"
	// NeedsSpot: a spot offer, without the share of the time its
	// capacity is reclaimed.
	NeedsSpot Missing = "needs_spot"
)

// Option is one way to serve the workload, with what it takes and costs.
type Option struct {
	Kind Kind
	// ID names it in links and cell keys' places: the GPU's id for an
	// owned option, the GPU's id and the offer's number (1-based, 0 for
	// the GPU table's price) for a rented one, the API's id.
	ID   string
	GPU  gpu.GPU
	Name string
	// Offer is the rented option's offer, the OfferIndex-th of its
	// GPU's (from 1); nil and 0 for the GPU table's price.
	Offer      *gpu.Offer
	OfferIndex int
	// API is the API's catalog entry; Closed marks a closed frontier API
	// shown for reference.
	API    apiprices.Model
	Closed bool
	// Bill is the API's cost of the workload.
	Bill pricing.Bill
	// Priced is the API's price row.
	Priced apiprices.PriceRow
	// Self-hosted: the option as /tco/ reads it (its prices, power and
	// estimate), and the replica it is sized in.
	Cluster cluster.Option
	// Candidates are the replicas that keep the target, one for each
	// tensor-parallel degree tried; Replica is the one the volume takes
	// the fewest GPUs of.
	Candidates []Replica
	Replica    Replica
	// PerMonthUSD is what it costs a month, in US dollars; meaningful
	// only where Missing is empty.
	PerMonthUSD float64
	// Missing says why it is not ranked; "" for a ranked option.
	Missing Missing
}

// selfHosted returns the self-hosted options of the scenario with each
// GPU's estimate for the model, not yet sized (Builder.size): remembered
// for the next scenario that keeps the model, how it is served, the
// language and the currency.
func (b *Builder) selfHosted(s Scenario, d apicompare.Data) []Option {
	k := hostedKey{s.M, dataOf(d), s.Model, s.Precision, s.Engine, s.Currency.Code, s.FX, s.electricity, model.Model{}}
	var cu *cluster.Customs
	if s.Custom != nil {
		k.custom, cu = *s.Custom, &cluster.Customs{Model: *s.Custom}
	}
	if b.hosted != nil && b.hostedKey == k {
		return b.hosted
	}
	out := slices.Clone(b.priced(s, d))
	var estimate *cluster.Estimate
	for i := range out {
		o := &out[i]
		if i == 0 || o.GPU.ID != out[i-1].GPU.ID {
			// The GPU's estimate, as /tco/ reads it for an option that
			// serves the model.
			r := scenario.NewResolverIn(s.M, s.tcoQuery("a", Owned, o.GPU, 0, 0), nil)
			estimate = cluster.ReadOption(r, d.TCO, "a", cluster.OptionDefault{Kind: tco.Owned, GPU: o.GPU.ID}, s.Currency, s.FX, cu).Estimate
		}
		o.Cluster.Estimate = estimate
		if o.Missing == "" && estimate == nil {
			o.Missing = NoFit
		}
	}
	b.hosted, b.hostedKey = out, k
	return out
}

// replicas searches, for the estimate e of GPU g (nil: the model does not
// fit one server), the request rate a replica keeps within the target at
// each tensor-parallel degree from the fewest GPUs that hold the model up
// to a server's: a replica of more GPUs answers sooner, so it may keep a
// target that fewer cannot, or keep more requests per GPU. A degree is
// searched only between the best rate per GPU found at fewer times its
// GPUs and its ceiling (perf.Setup.Ceiling, above any rate it keeps): a
// degree that keeps no more per GPU can only take more GPUs for the same
// requests (ceil(x / 2) x 2 >= ceil(x)). It returns the replicas that keep
// the target, or why none does.
func (b *Builder) replicas(s Scenario, d apicompare.Data, g gpu.GPU, e *cluster.Estimate) ([]Replica, Missing) {
	if e == nil {
		return nil, NoFit
	}
	var out []Replica
	reason := MissesTarget
	bestPerGPU := 0.0
	b.degrees(s, d, g, e, func(setup perf.Setup, l perf.Load) {
		// Only a rate above the best per GPU found at fewer GPUs is
		// worth knowing: the search starts there (0: none kept at
		// fewer, from a thousandth of the ceiling) and ends at the
		// ceiling.
		tp := float64(setup.TP)
		c := setup.Ceiling(l)
		lo := bestPerGPU * tp
		if c <= lo {
			return
		}
		if lo == 0 {
			lo = c / 1000
		}
		r, err := b.maxRate(setup, l, s.Target, lo, c)
		switch {
		case err != nil:
			if len(out) == 0 {
				reason = TooLarge
			}
		case r > 0:
			out = append(out, Replica{TP: setup.TP, RatePerS: r})
			bestPerGPU = max(bestPerGPU, r/tp)
		}
	})
	if len(out) == 0 {
		return nil, reason
	}
	return out, ""
}

// fewestGPUs returns the replica of candidates that serves rate requests
// a second, with spare replicas beside, on the fewest GPUs, the smaller
// replica of a tie.
func fewestGPUs(candidates []Replica, rate float64, spare int) Replica {
	best := candidates[0]
	for _, r := range candidates[1:] {
		if r.GPUs(rate, 1, spare) < best.GPUs(rate, 1, spare) {
			best = r
		}
	}
	return best
}

// priced returns every self-hosted option of the data with its prices,
// power and the TCO calculator's defaults, as /tco/ reads them, without
// the model: each GPU bought, and rented at each of its offers (its GPU
// table's price where it has none), GPU by GPU; an option without a
// price needs one. What an option costs does not depend on the model, so
// these are remembered for every model, until the language, edition or
// currency changes.
func (b *Builder) priced(s Scenario, d apicompare.Data) []Option {
	k := pricedKey{s.M, dataOf(d), s.Currency.Code, s.FX, s.electricity}
	if b.pricedOptions != nil && b.pricedKey == k {
		return b.pricedOptions
	}
	var out []Option
	for _, g := range d.TCO.GPUs.GPUs {
		offers := d.TCO.Rental.For(g.ID)
		add := func(kind Kind, offer int) {
			opt := Option{Kind: kind, ID: g.ID, GPU: g}
			// a.pm= (empty): a throughput typed in, no estimate.
			q := "a.kind=" + string(kind) + "&a.gpu=" + g.ID + "&a.pm="
			if kind == Rented {
				q += "&a.cloud=" + strconv.Itoa(offer)
			} else {
				q += "&a.kwh=" + s.electricity
			}
			r := scenario.NewResolverIn(s.M, q, nil)
			opt.Cluster = cluster.ReadOption(r, d.TCO, "a", cluster.OptionDefault{Kind: tco.Kind(kind), GPU: g.ID}, s.Currency, s.FX, nil)
			if kind == Rented {
				opt.ID += "." + strconv.Itoa(offer)
				if offer > 0 {
					opt.Offer, opt.OfferIndex = &offers[offer-1], offer
				}
			}
			if opt.Cluster.NeedsPrice != "" {
				opt.Missing = NeedsPrice
			}
			out = append(out, opt)
		}
		add(Owned, 0)
		if len(offers) == 0 {
			add(Rented, 0)
		}
		for j := range offers {
			add(Rented, j+1)
		}
	}
	b.pricedOptions, b.pricedKey = out, k
	return out
}

// pricedKey is what the priced options depend on.
type pricedKey struct {
	m           *msg.Catalog
	data        *gpu.GPU
	currency    string
	fx          float64
	electricity string
}

// dataOf identifies the data an option is read from: its GPU table's
// first row. A page of an old edition is built with that edition's data
// and with today's, whose scenarios may read alike (the same resolved
// edition, when a link names none the data has).
func dataOf(d apicompare.Data) *gpu.GPU {
	if len(d.TCO.GPUs.GPUs) == 0 {
		return nil
	}
	return &d.TCO.GPUs.GPUs[0]
}

// hostedKey is what the self-hosted options and their estimates depend
// on.
type hostedKey struct {
	m                                  *msg.Catalog
	data                               *gpu.GPU
	model, precision, engine, currency string
	fx                                 float64
	electricity                        string
	custom                             model.Model
}

// Builder builds plan pages, remembering the estimator's searches between
// them: a reader typing a volume changes no replica, and the page then
// computes in a few milliseconds instead of a search per GPU. Its zero
// value is ready to use.
type Builder struct {
	rates map[rateKey]rateResult
	// hosted are the last scenario's self-hosted options, for hostedKey;
	// pricedOptions the same without the model, for pricedKey.
	hosted        []Option
	hostedKey     hostedKey
	pricedOptions []Option
	pricedKey     pricedKey
	// searches counts the searches run, for tests that show them
	// remembered.
	searches int
}

// rateKey is what a replica's search depends on.
type rateKey struct {
	setup  perf.Setup
	load   perf.Load
	target perf.Target
	lo, hi float64
}

type rateResult struct {
	rate float64
	err  error
}

// maxRemembered bounds the searches a Builder keeps: a plan runs one per
// GPU of the catalog; a few plans' worth are kept, then forgotten.
const maxRemembered = 256

// maxRate is setup.MaxRateWithin(l, target, lo, hi), remembered.
func (b *Builder) maxRate(setup perf.Setup, l perf.Load, target perf.Target, lo, hi float64) (float64, error) {
	k := rateKey{setup, l, target, lo, hi}
	if r, ok := b.rates[k]; ok {
		return r.rate, r.err
	}
	if b.rates == nil || len(b.rates) >= maxRemembered {
		b.rates = map[rateKey]rateResult{}
	}
	b.searches++
	rate, err := setup.MaxRateWithin(l, target, lo, hi)
	b.rates[k] = rateResult{rate, err}
	return rate, err
}

// Replica is one replica of a self-hosted option: TP GPUs serving at most
// RatePerS requests a second within the P99 target.
type Replica struct {
	TP       int
	RatePerS float64
}

// Replicas returns the replicas that serve rate requests a second when
// each serves scale times what the estimate says (1 for the estimate; a
// bound of its error band otherwise).
func (r Replica) Replicas(rate, scale float64) int {
	if r.RatePerS <= 0 {
		return 0
	}
	return max(1, int(math.Ceil(rate/(r.RatePerS*scale))))
}

// GPUs returns the GPUs of the replicas that serve rate requests a second
// (Replicas) and of spare replicas beside them.
func (r Replica) GPUs(rate, scale float64, spare int) int {
	return (r.Replicas(rate, scale) + spare) * r.TP
}

// SelfHosted reports whether the option runs on GPUs.
func (o Option) SelfHosted() bool { return o.Kind != API }

// RequestsPerS is the workload's request rate.
func (s Scenario) RequestsPerS() float64 { return s.RequestsPerDay / 86400 }

// requestsPerSAt is the request rate of tokensPerMonth, the workload's
// lengths kept.
func (s Scenario) requestsPerSAt(tokensPerMonth float64) float64 {
	return tokensPerMonth / pricing.DaysPerMonth / 86400 / float64(s.Prompt+s.Output)
}

// TokensPerMonth is the workload's tokens a month, input and output, at
// the pricing engine's days per month.
func (s Scenario) TokensPerMonth() float64 {
	return s.RequestsPerDay * pricing.DaysPerMonth * float64(s.Prompt+s.Output)
}

// Workload is the scenario as the pricing engine bills it: no cached
// prompts, the standard tier, processed anywhere.
func (s Scenario) Workload() pricing.Workload {
	return pricing.Workload{RequestsPerDay: s.RequestsPerDay, InputTokens: float64(s.Prompt), OutputTokens: float64(s.Output),
		RequestsPerCacheWrite: 1}
}

// tcoQuery is the query of a self-hosted option as /tco/ reads its
// option letter: the GPU, the kind, the offer, the estimate's model,
// precision and engine, GPUs a replica (0: the fewest that hold the
// model), and a bought option's electricity price.
func (s Scenario) tcoQuery(letter string, kind Kind, g gpu.GPU, offer, tp int) string {
	k := "&" + letter + "."
	q := letter + ".kind=" + string(kind) + k + "gpu=" + g.ID + k + "pm=" + s.Model + k + "pp=" + s.Precision + k + "pe=" + s.Engine
	if kind == Rented {
		q += k + "cloud=" + strconv.Itoa(offer)
	}
	if tp > 0 {
		q += k + "ptp=" + strconv.Itoa(tp)
	}
	if kind == Owned {
		q += k + "kwh=" + s.electricity
	}
	return q
}

// Options returns every option of the scenario: each GPU of the catalog
// bought, each of its cloud offers rented (its table price where it has
// none), each API that serves the model, and, when the scenario shows
// them, the closed APIs of the pricing page's default comparison. A
// self-hosted option is read as /tco/ reads its option a, so that its
// figures there are these. The estimator searches only the GPUs that hold
// the model and have a price, once for all their options, at each replica
// size worth trying (Builder.replicas): at most four searches of at most
// perf.MaxBisections + 2 simulations each, those above the rate that
// keeps the target stopped early (BenchmarkModelChange); b remembers each
// search, and the options' prices, for the changes that keep them (the
// volume, the period).
func (b *Builder) Options(s Scenario, d apicompare.Data) []Option {
	out := slices.Clone(b.selfHosted(s, d))
	w := s.Workload()
	addAPI := func(m apiprices.Model, closed bool) {
		opt := Option{Kind: API, ID: m.ID, API: m, Name: d.Label(m), Closed: closed}
		row, ok := d.APIs.PriceOn(m.ID, s.Edition)
		if !ok {
			return // not sold on the edition's day
		}
		opt.Priced = row
		opt.Bill = row.USD(d.UnitsPerUSD(row.Currency, d.TCO.Defaults.CNYPerUSD.Value)).Bill(w)
		if opt.Bill.Priced() {
			opt.PerMonthUSD = opt.Bill.PerMonth
		} else {
			opt.Missing = NoBill
		}
		out = append(out, opt)
	}
	for _, m := range d.APIs.Models {
		if m.Weights == s.Model && !m.Claim {
			addAPI(m, false)
		}
	}
	if s.Closed {
		// The English pages' list in every language: the plan has no
		// field that names them, and its link gives the same ranking
		// in any language (a German page's own list adds Mistral's,
		// priced for processing in the EU).
		for _, id := range d.DefaultIDs(msg.English, false, s.Edition) {
			if m, ok := d.ModelByID(id); ok && m.Weights == "" && !m.Claim && !slices.ContainsFunc(out, func(o Option) bool { return o.ID == id }) {
				addAPI(m, true)
			}
		}
	}
	b.size(s, d, out)
	return out
}

// size sizes the self-hosted options of out for the scenario's volume:
// each GPU's replicas, searched once for all its options (and remembered,
// so that another volume searches none), the one that takes the fewest
// GPUs with the spare replicas at the busiest hour, and what it costs a
// month over the week's hours (Scenario.monthly).
func (b *Builder) size(s Scenario, d apicompare.Data, out []Option) {
	rate := s.RequestsPerS()
	var replicas []Replica
	var reason Missing
	sized := "" // the GPU replicas and reason are of
	for i := range out {
		o := &out[i]
		if !o.SelfHosted() || o.Missing != "" {
			continue
		}
		if o.GPU.ID != sized {
			replicas, reason = b.replicas(s, d, o.GPU, o.Cluster.Estimate)
			sized = o.GPU.ID
		}
		if o.Candidates, o.Missing = replicas, reason; o.Missing != "" {
			continue
		}
		if o.Offer != nil && o.Offer.Term == gpu.Spot && !s.spotGiven {
			o.Missing = NeedsSpot
			continue
		}
		o.Replica = fewestGPUs(o.Candidates, rate*s.Curve.Peak(), s.Spare)
		o.PerMonthUSD, _ = s.monthly(*o, o.Replica, rate, 1)
	}
}

// degrees calls f with the replica's setup and load at each
// tensor-parallel degree from the fewest GPUs that hold the model, in e,
// up to a server's, doubling.
func (b *Builder) degrees(s Scenario, d apicompare.Data, g gpu.GPU, e *cluster.Estimate, f func(perf.Setup, perf.Load)) {
	pd := d.TCO.Perf
	id, _ := serving.SplitEngine(s.Engine)
	engine, _ := pd.Memory.Engine(id)
	for tp := e.Setup.TP; tp <= memory.ServerGPUs; tp *= 2 {
		if memory.TPError(e.Setup.Model, tp) != "" {
			continue
		}
		setup := e.Setup
		setup.TP = tp
		l := pd.LoadOn(engine, setup, g, s.Prompt, s.Output)
		l.Lengths = s.Lengths
		f(setup, l)
	}
}
