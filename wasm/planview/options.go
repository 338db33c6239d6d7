package planview

import (
	"math"
	"slices"
	"strconv"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/scenario"
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
	Replica Replica
	// PerMonthUSD is what it costs a month, in US dollars; meaningful
	// only where Missing is empty.
	PerMonthUSD float64
	// Missing says why it is not ranked; "" for a ranked option.
	Missing Missing
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

// SelfHosted reports whether the option runs on GPUs.
func (o Option) SelfHosted() bool { return o.Kind != API }

// MonthlyUSD is the self-hosted option's cost a month, in US dollars,
// with n replicas: its TCO over the period, a month's share of it.
func (o Option) MonthlyUSD(n, years int) float64 {
	c := o.Cluster.Option
	c.GPUs = n * o.Replica.TP
	return tco.Compute(c, float64(years)).TCOUSD / (12 * float64(years))
}

// RequestsPerS is the workload's request rate.
func (s Scenario) RequestsPerS() float64 { return s.RequestsPerDay / 86400 }

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
// option letter: the GPU, the kind, the offer, and the estimate's model,
// precision and engine.
func (s Scenario) tcoQuery(letter string, kind Kind, g gpu.GPU, offer int) string {
	k := "&" + letter + "."
	q := letter + ".kind=" + string(kind) + k + "gpu=" + g.ID + k + "pm=" + s.Model + k + "pp=" + s.Precision + k + "pe=" + s.Engine
	if kind == Rented {
		q += k + "cloud=" + strconv.Itoa(offer)
	}
	return q
}

// Options returns every option of the scenario: each GPU of the catalog
// bought, each of its cloud offers rented (its table price where it has
// none), each API that serves the model, and, when the scenario shows
// them, the closed APIs of the pricing page's default comparison. A
// self-hosted option is read as /tco/ reads its option a, so that its
// figures there are these. The estimator runs once per GPU, and only for
// GPUs that hold the model and have a price: a search of at most
// perf.MaxBisections + 2 simulations each (BenchmarkDefault).
func Options(s Scenario, d apicompare.Data) []Option {
	var out []Option
	rate := s.RequestsPerS()
	for _, g := range d.TCO.GPUs.GPUs {
		offers := d.TCO.Rental.For(g.ID)
		var replica *Replica
		var reason Missing
		// size returns the replica of g, searched once for all its
		// options; it says why there is none.
		size := func(o cluster.Option) (Replica, Missing) {
			if replica != nil || reason != "" {
				return *replica, reason
			}
			replica = &Replica{}
			e := o.Estimate
			if e == nil {
				reason = NoFit
				return *replica, reason
			}
			l := e.Load
			l.Prompt, l.Output, l.Lengths = s.Prompt, s.Output, s.Lengths
			r, err := e.Setup.MaxRate(l, s.TargetS)
			switch {
			case err != nil:
				reason = TooLarge
			case r <= 0:
				reason = MissesTarget
			}
			*replica = Replica{TP: e.Setup.TP, RatePerS: r}
			return *replica, reason
		}
		add := func(kind Kind, offer int) {
			opt := Option{Kind: kind, ID: g.ID, GPU: g}
			r := scenario.NewResolverIn(s.M, s.tcoQuery("a", kind, g, offer), nil)
			opt.Cluster = cluster.ReadOption(r, d.TCO, "a", cluster.OptionDefault{Kind: tco.Kind(kind), GPU: g.ID}, s.Currency, s.FX, nil)
			if kind == Rented {
				opt.ID += "." + strconv.Itoa(offer)
				if offer > 0 {
					opt.Offer, opt.OfferIndex = &offers[offer-1], offer
				}
			}
			if opt.Cluster.NeedsPrice != "" {
				opt.Missing = NeedsPrice
				out = append(out, opt)
				return
			}
			opt.Replica, opt.Missing = size(opt.Cluster)
			if opt.Missing == "" {
				opt.PerMonthUSD = opt.MonthlyUSD(opt.Replica.Replicas(rate, 1), s.Years)
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
		for _, id := range d.DefaultIDs(s.M, false, s.Edition) {
			if m, ok := d.ModelByID(id); ok && m.Weights == "" && !m.Claim && !slices.ContainsFunc(out, func(o Option) bool { return o.ID == id }) {
				addAPI(m, true)
			}
		}
	}
	return out
}
