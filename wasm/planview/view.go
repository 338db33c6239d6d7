package planview

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/view"
)

// Places is how many ranked options the page shows: its ranking's rows
// are that many places, filled cheapest first, so that every scenario
// has the same cells and the page updates them in place.
const Places = 20

// Page is everything the plan page shows for a scenario.
type Page struct {
	view.Page
	Scenario Scenario
	// Ranked are the options that meet the target with a price, cheapest
	// first; Unranked the others, each with why.
	Ranked, Unranked []Option
}

// missingKeys are the reasons an option is not ranked, in the order the
// page lists them, each with the key of its words.
var missingKeys = []struct {
	m   Missing
	key string
}{{NeedsPrice, "plan.miss.needs_price"}, {NoFit, "plan.miss.no_fit"}, {MissesTarget, "plan.miss.target"},
	{TooLarge, "plan.miss.too_large"}, {NoBill, "plan.miss.no_bill"}, {NeedsSpot, "plan.miss.needs_spot"}}

// kindKeys are the keys of the kinds' names in the catalogs.
var kindKeys = map[Kind]string{Owned: "plan.kind.owned", Rented: "plan.kind.rented", API: "plan.kind.api"}

// Build ranks the scenario's options and lays out the page.
func Build(s Scenario, d apicompare.Data) Page {
	var b Builder
	return b.Build(s, d)
}

// Build is Build with the searches b remembers.
func (b *Builder) Build(s Scenario, d apicompare.Data) Page {
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Ignored: s.Ignored}}
	for _, o := range b.Options(s, d) {
		if o.Missing == "" {
			p.Ranked = append(p.Ranked, o)
		} else {
			p.Unranked = append(p.Unranked, o)
		}
	}
	// Cheapest first; ties by kind, then in the data's order, so that the
	// order is the same on every run.
	slices.SortStableFunc(p.Ranked, func(a, b Option) int {
		return cmp.Or(cmp.Compare(a.PerMonthUSD, b.PerMonthUSD), cmp.Compare(slices.Index(Kinds, a.Kind), slices.Index(Kinds, b.Kind)))
	})
	for i := range p.Ranked {
		p.Ranked[i].Name = s.name(p.Ranked[i])
	}
	for i := range p.Unranked {
		p.Unranked[i].Name = s.name(p.Unranked[i])
	}
	be := s.breakEven(p.Ranked, 1)
	p.Tables = []view.Table{s.rankingTable(p.Ranked), s.unrankedTable(p.Unranked), s.workloadTable(p.Ranked, be)}
	p.Headline = s.headline(p.Ranked, be, p.CellsByKey())
	p.Charts = []chart.Chart{s.volumeChart(p.Ranked), s.gpusChart(p.Ranked), s.hourlyChart(p.Ranked)}
	p.Links = s.links(p.Ranked)
	p.Explanation = s.Explanation()
	return p
}

// name names an option for the page: the GPU and how it is paid, the
// offer's provider, instance and date, or the API.
func (s Scenario) name(o Option) string {
	t := s.M
	switch {
	case o.Kind == Owned:
		return t.F("plan.name.owned", "gpu", o.GPU.Name)
	case o.Kind == Rented && o.Offer != nil:
		return t.F("plan.name.offer", "gpu", o.GPU.Name, "provider", o.Offer.Provider, "instance", o.Offer.InstanceIn(t),
			"date", t.Date(o.Offer.AsOf))
	case o.Kind == Rented:
		return t.F("plan.name.rented", "gpu", o.GPU.Name)
	}
	return o.Name
}

// target writes the latency target as the reader typed it: "within 20
// s", "first token within 2 s, 200 ms per token".
func (s Scenario) target() string {
	n := func(v float64) string { return s.M.Digits(scenario.FormatNumber(v)) }
	if s.Target.E2E > 0 {
		return s.M.F("plan.target.e2e", "s", n(s.Target.E2E))
	}
	return s.M.F("plan.target.tokens", "ttft", n(s.Target.TTFT), "tpot", n(s.Target.TPOT*1000))
}

// phrase names an option in a sentence, with how it is paid: "buying
// H100 SXM", "renting H100 SXM at Lambda (2026-09-25)", "the API …".
func (s Scenario) phrase(o Option) string {
	t := s.M
	switch {
	case o.Kind == Owned:
		return t.F("plan.phrase.owned", "gpu", o.GPU.Name)
	case o.Kind == Rented && o.Offer != nil:
		return t.F("plan.phrase.offer", "gpu", o.GPU.Name, "provider", o.Offer.Provider, "date", t.Date(o.Offer.AsOf))
	case o.Kind == Rented:
		return t.F("plan.phrase.rented", "gpu", o.GPU.Name)
	}
	return t.F("plan.phrase.api", "name", o.Name)
}

// money writes US dollars in the scenario's currency.
func (s Scenario) money(usd float64) string { return s.M.Money(usd*s.FX, s.Currency) }

// perMTok is the option's cost per million tokens of the workload, input
// and output, in US dollars.
func (s Scenario) perMTok(monthlyUSD float64) float64 { return monthlyUSD / s.TokensPerMonth() * 1e6 }

// rankingTable is the ranked options, one place each: what it is, what
// it takes, its cost a month and per million tokens with their bands,
// and why it costs that.
func (s Scenario) rankingTable(ranked []Option) view.Table {
	t := s.M
	cols := []view.Column{{Key: "option", Title: t.T("plan.col.option")}, {Key: "kind", Title: t.T("plan.col.kind")},
		{Key: "takes", Title: t.T("plan.col.takes")}, {Key: "monthly", Title: t.F("plan.col.monthly", "code", s.Currency.Code)},
		{Key: "per_mtok", Title: t.F("plan.col.per_mtok", "code", s.Currency.Code)}, {Key: "co2", Title: t.T("plan.col.co2"), Hidden: !s.Grid},
		{Key: "util", Title: t.T("plan.col.util"), Hidden: s.Curve.IsFlat()},
		{Key: "why", Title: t.T("plan.col.why")}, {Key: "details", Title: t.T("plan.col.details"), Link: true}}
	note := t.F("plan.ranking_note", "n", strconv.Itoa(len(ranked)), "target", s.target())
	if len(ranked) > Places {
		note = t.F("plan.ranking_note_more", "n", strconv.Itoa(len(ranked)), "places", strconv.Itoa(Places), "target", s.target())
	}
	tab := view.Table{ID: "ranking", Title: t.T("plan.ranking"), Note: note, Corner: t.T("plan.col.rank"), Columns: cols, Named: true}
	rate := s.RequestsPerS()
	for i := range Places {
		key := "r" + strconv.Itoa(i+1) + "."
		row := view.Row{Label: strconv.Itoa(i + 1), Cells: make([]view.Cell, len(cols))}
		for j, c := range cols {
			row.Cells[j] = view.Cell{Key: key + c.Key, Order: view.Absent}
		}
		if i >= len(ranked) {
			row.Hidden = true
			tab.Rows = append(tab.Rows, row)
			continue
		}
		o := ranked[i]
		row.Cells[0].Text, row.Cells[1].Text = o.Name, t.T(kindKeys[o.Kind])
		row.Cells[2].Text = s.takes(o)
		monthly := view.Cell{Key: key + "monthly", Metric: "monthly_cost", Option: o.ID, Value: round2(o.PerMonthUSD * s.FX), Unit: s.Currency.Code,
			Text: s.money(o.PerMonthUSD)}
		per := view.Cell{Key: key + "per_mtok", Metric: "cost_per_mtok", Option: o.ID, Value: round4(s.perMTok(o.PerMonthUSD) * s.FX),
			Unit: s.Currency.Code, Text: s.M.Precise(s.perMTok(o.PerMonthUSD)*s.FX, s.Currency)}
		if o.SelfHosted() && o.Cluster.Estimate != nil {
			// The replicas follow the throughput: at either end of its
			// band, the option is sized again (band.Table.AtBounds).
			k := s.bandKind(o)
			at := func(scale float64) (float64, bool) {
				usd, _ := s.monthly(o, o.Replica, rate, scale)
				return round2(usd * s.FX), true
			}
			monthly, _ = s.Bands.AtBounds(t, monthly, k, "plan.band_note", at)
			per, _ = s.Bands.AtBounds(t, per, k, "plan.band_note", func(scale float64) (float64, bool) {
				v, _ := at(scale)
				return round4(v / s.TokensPerMonth() * 1e6), true
			})
		}
		row.Cells[3], row.Cells[4] = monthly, per
		row.Cells[5] = s.co2Cell(o, key+"co2")
		row.Cells[6] = s.utilCell(o, key+"util")
		row.Cells[7].Text = s.why(o)
		row.Cells[8].Text, row.Cells[8].Option = t.T("plan.details.tco"), s.details(o, ranked)
		if !o.SelfHosted() {
			row.Cells[8].Text = t.T("plan.details.pricing")
		}
		tab.Rows = append(tab.Rows, row)
	}
	return tab
}

// co2Cell is what a ranked option's tokens emit: a self-hosted option's
// energy a month at the grid's carbon intensity, over the workload's
// tokens, per million, with the throughput's band as its cost has; an
// API publishes no energy, and its cell says so rather than show 0; an
// edition without grid regions has none.
func (s Scenario) co2Cell(o Option, key string) view.Cell {
	t := s.M
	switch {
	case !s.Grid:
		return view.Cell{Key: key, Order: view.Absent} // an edition without grid regions: no column
	case !o.SelfHosted():
		return view.Cell{Key: key, Order: view.Absent, Text: t.T("plan.co2.api"), Note: t.T("plan.co2.api_note")}
	}
	rate := s.RequestsPerS()
	at := func(scale float64) (float64, bool) {
		_, kwh := s.monthly(o, o.Replica, rate, scale)
		return kwh * s.GCO2ePerKWh / s.TokensPerMonth() * 1e6, true
	}
	g, _ := at(1)
	c := view.Cell{Key: key, Metric: "co2e_g_per_mtok", Option: o.ID, Value: g, Unit: "g", Text: t.Significant(g, 3) + " g"}
	if o.Cluster.Estimate != nil {
		c, _ = s.Bands.AtBounds(t, c, s.bandKind(o), "plan.band_note_co2", at)
	}
	return c
}

// utilCell is how busy a ranked option's paid capacity is
// (Scenario.utilisation), with the throughput's band: at either end the
// replicas are sized again. An API is paid by the token and has no idle
// capacity to speak of; its cell says so.
func (s Scenario) utilCell(o Option, key string) view.Cell {
	t := s.M
	if !o.SelfHosted() {
		return view.Cell{Key: key, Order: view.Absent, Text: t.T("plan.util.api")}
	}
	at := func(scale float64) (float64, bool) { return round2(s.utilisation(o, scale) * 100), true }
	u, _ := at(1)
	c := view.Cell{Key: key, Metric: "utilisation", Option: o.ID, Value: u, Unit: "%", Text: t.Num(u, 0) + " %"}
	if o.Cluster.Estimate != nil {
		c, _ = s.Bands.AtBounds(t, c, s.bandKind(o), "plan.band_note_util", at)
	}
	return c
}

// bandKind is the kind of a self-hosted option's estimate, whose error
// band its figures take: the throughput of the workload's requests.
func (s Scenario) bandKind(o Option) band.Kind {
	e := o.Cluster.Estimate
	return e.Kind(band.Throughput, float64(s.Prompt), float64(s.Output))
}

// takes says what a ranked option takes: its GPUs in replicas, the spare
// ones counted apart, or the API's price per million tokens. A rented
// option that follows a load curve takes from its fewest to its most
// replicas, and says how many it runs on average, its cold starts
// counted.
func (s Scenario) takes(o Option) string {
	t := s.M
	if !o.SelfHosted() {
		return t.F("plan.takes.api", "in", s.M.Precise(o.Bill.Cost.PerMTok*s.FX, s.Currency))
	}
	sched := s.schedule(o.Replica, s.RequestsPerS(), 1)
	run := s.runs(o, o.Replica, s.RequestsPerS(), 1)
	args := []string{"gpus", strconv.Itoa(run.Peak() * o.Replica.TP), "gpu", o.GPU.Name, "replicas", strconv.Itoa(sched.Peak()),
		"spare", strconv.Itoa(s.Spare), "tp", strconv.Itoa(o.Replica.TP)}
	if run.Least() == run.Peak() {
		if s.Spare > 0 {
			return t.F("plan.takes.gpus_spare", args...)
		}
		return t.F("plan.takes.gpus", args...)
	}
	args = append(args, "least", strconv.Itoa(sched.Least()),
		"mean", t.Num(run.ReplicaHours(s.Scaling.ColdStartH)/loadcurve.HoursPerWeek, 1))
	if s.Spare > 0 {
		return t.F("plan.takes.hourly_spare", args...)
	}
	return t.F("plan.takes.hourly", args...)
}

// why is a ranked option's one line of why: for GPUs, the requests a
// replica keeps within the target and what sets the price; for an API,
// where its price comes from.
func (s Scenario) why(o Option) string {
	t := s.M
	if !o.SelfHosted() {
		key := "plan.why.api"
		if o.Closed {
			key = "plan.why.closed"
		}
		return t.F(key, "date", t.Date(o.Priced.From))
	}
	parts := []string{t.F("plan.why.replica", "rate", t.Num(o.Replica.RatePerS, 2))}
	if e := o.Cluster.Estimate; e != nil && e.Precision != s.Precision {
		parts = append(parts, t.F("plan.why.precision", "precision", e.Precision))
	}
	switch {
	case o.Kind == Owned:
		parts = append(parts, t.F("plan.why.owned", "years", strconv.Itoa(s.Years)))
	case o.Offer != nil && o.Offer.Committed():
		key := "plan.why.committed_1y"
		if o.Offer.Term == gpu.Commit3Y {
			key = "plan.why.committed_3y"
		}
		parts = append(parts, t.F(key, "price", t.Digits(scaledNum(o.Offer.USDPerGPUHour*s.FX)), "code", s.Currency.Code))
	case o.Offer != nil && o.Offer.Term == gpu.Spot:
		k := spotExtra(s.schedule(o.Replica, s.RequestsPerS(), 1).Peak(), s.SpotReclaimed)
		parts = append(parts, t.F("plan.why.spot", "price", t.Digits(scaledNum(o.Offer.USDPerGPUHour*s.FX)), "code", s.Currency.Code,
			"extra", strconv.Itoa(k), "pct", t.Digits(scaledNum(s.SpotReclaimed*100))))
	case o.Offer != nil && s.Curve.IsFlat():
		parts = append(parts, t.F("plan.why.offer", "price", t.Digits(scaledNum(o.Offer.USDPerGPUHour*s.FX)), "code", s.Currency.Code))
	case o.Offer != nil:
		parts = append(parts, t.F("plan.why.offer_hourly", "price", t.Digits(scaledNum(o.Offer.USDPerGPUHour*s.FX)), "code", s.Currency.Code))
	case s.Curve.IsFlat():
		parts = append(parts, t.T("plan.why.table_rent"))
	default:
		parts = append(parts, t.T("plan.why.table_rent_hourly"))
	}
	return strings.Join(parts, "; ")
}

// unrankedTable lists the options that are not ranked by why: those
// without a price, those that do not fit, those that cannot meet the
// target, and APIs without a price for the workload.
func (s Scenario) unrankedTable(unranked []Option) view.Table {
	t := s.M
	tab := view.Table{ID: "unranked", Title: t.T("plan.unranked"), Note: t.T("plan.unranked_note"), Corner: t.T("plan.col.reason"),
		Columns: []view.Column{{Key: "options", Title: t.T("plan.col.options")}}}
	for _, mk := range missingKeys {
		var names []string
		for _, o := range unranked {
			if o.Missing == mk.m {
				names = append(names, o.Name)
			}
		}
		row := view.Row{Label: t.T(mk.key), Hidden: len(names) == 0,
			Cells: []view.Cell{{Key: "u." + string(mk.m), Order: view.Absent, Text: strings.Join(names, " · ")}}}
		tab.Rows = append(tab.Rows, row)
	}
	return tab
}

// workloadTable is the workload as the options are sized and priced
// for it: its tokens a month, its requests a second, and the volume
// from which self-hosting pays against the cheapest API.
func (s Scenario) workloadTable(ranked []Option, b breakEvenAt) view.Table {
	t := s.M
	v := s.TokensPerMonth()
	be := view.Cell{Key: "breakeven", Metric: "breakeven_tokens_month", Value: -1, Unit: "tokens/month", Text: "–", Order: view.Absent,
		Note: t.T("plan.no_breakeven")}
	if b.ok {
		be = view.Cell{Key: "breakeven", Metric: "breakeven_tokens_month", Value: round0(b.tokens), Unit: "tokens/month",
			Text: t.F("plan.tokens_month", "tokens", t.Count(b.tokens))}
		// At either end of the throughput's band, the replicas serve
		// that much more or less, and the volume moves with them.
		var bounded bool
		be, bounded = s.Bands.AtBounds(t, be, s.bandKind(*b.self), "plan.band_breakeven", func(scale float64) (float64, bool) {
			at := s.breakEven(ranked, scale)
			return round0(at.tokens), at.ok
		})
		if !bounded {
			be.BandNote = t.T("plan.band_breakeven_open")
		}
	}
	return view.Table{ID: "workload", Title: t.T("plan.workload"), Corner: t.T("tco.metric"),
		Columns: []view.Column{{Key: "value", Title: t.T("plan.col.value")}},
		Rows: []view.Row{
			{Label: t.T("plan.row.tokens"), Cells: []view.Cell{{Key: "tokens_month", Metric: "tokens_month", Value: round0(v), Unit: "tokens/month",
				Text: t.F("plan.tokens_month", "tokens", t.Count(v))}}},
			{Label: t.T("plan.row.rate"), Cells: []view.Cell{{Key: "requests_s", Metric: "requests_per_s", Value: round4(s.RequestsPerS()), Unit: "requests/s",
				Text: t.Digits(scenario.Significant(s.RequestsPerS(), 3)) + " /s"}}},
			{Label: t.T("plan.row.peak"), Help: t.T("plan.row.peak_help"), Cells: []view.Cell{{Key: "peak_requests_s", Metric: "peak_requests_per_s",
				Value: round4(s.RequestsPerS() * s.Curve.Peak()), Unit: "requests/s",
				Text: t.F("plan.peak", "rate", t.Digits(scenario.Significant(s.RequestsPerS()*s.Curve.Peak(), 3)), "ratio", t.Num(s.Curve.Peak(), 2))}}},
			{Label: t.T("plan.row.breakeven"), Help: t.T("plan.row.breakeven_help"), Cells: []view.Cell{be}},
		}}
}

// bestOf returns the cheapest ranked option of kind k, or nil; APIs
// shown for reference are not among them.
func bestOf(ranked []Option, k Kind) *Option {
	for i := range ranked {
		if ranked[i].Kind == k && !ranked[i].Closed {
			return &ranked[i]
		}
	}
	return nil
}

// headline names the cheapest option that meets the target, how much it
// beats the best of the next kind by, and the volume from which
// self-hosting pays against the cheapest API of the model.
func (s Scenario) headline(ranked []Option, b breakEvenAt, cells map[string]view.Cell) view.Headline {
	t := s.M
	volume := t.F("plan.head.volume", "tokens", t.Count(s.TokensPerMonth()), "model", s.ModelName, "target", s.target())
	i := slices.IndexFunc(ranked, func(o Option) bool { return !o.Closed })
	if i < 0 {
		return view.Headline{Text: volume + " " + t.T("plan.head.none")}
	}
	best := &ranked[i]
	text := volume + " " + t.F("plan.head.best", "option", s.phrase(*best), "cost", s.money(best.PerMonthUSD),
		"per", t.Precise(s.perMTok(best.PerMonthUSD)*s.FX, s.Currency))
	// The runner-up of another kind: the cheapest option that is not
	// of the best's kind.
	if j := slices.IndexFunc(ranked, func(o Option) bool { return o.Kind != best.Kind && !o.Closed }); j >= 0 {
		o := ranked[j]
		text += " " + t.F("plan.head.next", "option", s.phrase(o), "cost", s.money(o.PerMonthUSD),
			"pct", t.Num((o.PerMonthUSD/best.PerMonthUSD-1)*100, 0))
	}
	// The three cheapest (closed APIs aside), as their places show them.
	var figures []view.Figure
	for j := 0; j < len(ranked) && j < Places && len(figures) < 3; j++ {
		if ranked[j].Closed {
			continue
		}
		c := cells["r"+strconv.Itoa(j+1)+".monthly"]
		figures = append(figures, view.Figure{Label: t.F("plan.fig.rank", "n", strconv.Itoa(len(figures)+1), "option", ranked[j].Name),
			Text: c.Text, Band: c.Band, BandNote: c.BandNote})
	}
	if b.ok {
		text += " " + t.F("plan.head.breakeven", "option", s.phrase(*b.self), "api", s.phrase(*b.api), "tokens", t.Count(b.tokens))
		be := cells["breakeven"]
		figures = append(figures, view.Figure{Label: t.T("plan.fig.breakeven"), Text: be.Text, Band: be.Band, BandNote: be.BandNote})
	} else if b.self != nil && b.api != nil {
		text += " " + t.F("plan.head.never", "option", s.phrase(*b.self), "api", s.phrase(*b.api))
	}
	return view.Headline{Text: text, Figures: figures}
}

// tokensPerReplica is what a replica of o serves a month at most within
// the target, in the workload's tokens (input and output).
func (s Scenario) tokensPerReplica(o Option) float64 {
	return o.Replica.RatePerS / s.requestsPerSAt(1)
}

// breakEven is the volume a month (the workload's tokens, its mix of
// input and output kept) from which each self-hosted kind's best option
// costs less than the cheapest API of the model at every volume, the
// option that gets there first and that API; ok is false when neither
// does below 2^20 replicas. With n replicas serving, each cap tokens a
// month, and k spare beside them, an option costs C(n + k), part of
// which does not grow with n (staff), and serves more than (n - 1) cap:
// it is cheaper throughout from the least n0 with C(n + k) <= a (n - 1)
// cap for n >= n0 (a the API's price per token; C(n + k) - a (n - 1) cap
// falls as n grows, as TCOs do once a replica's tokens cost less at the
// API's price than it does), and within n0 - 1 replicas from where a V
// reaches C(n0 - 1 + k). Found by bisection: at most 22 TCOs per kind.
//
// scale is how much more a replica serves than estimated: 1, or an end
// of the throughput's error band. The replica size is the one the
// scenario's volume takes.
func (s Scenario) breakEven(ranked []Option, scale float64) breakEvenAt {
	api := bestOf(ranked, API)
	if api == nil || api.Bill.PerMTok <= 0 {
		return breakEvenAt{}
	}
	var self *Option
	ok := false
	perTok := api.Bill.PerMTok / 1e6
	best := math.Inf(1)
	for _, k := range []Kind{Owned, Rented} {
		o := bestOf(ranked, k)
		if o == nil {
			continue
		}
		if self == nil {
			self = o
		}
		// A volume whose busiest hour takes n replicas: capacity a
		// replica at the mean (just under, so that the hour takes n
		// and not n + 1 after rounding).
		capacity := s.tokensPerReplica(*o) * scale / s.Curve.Peak()
		cost := func(n int) float64 {
			usd, _ := s.monthly(*o, o.Replica, float64(n)*capacity*(1-1e-9)*s.requestsPerSAt(1), scale)
			return usd
		}
		pays := func(n int) bool { return cost(n) <= perTok*capacity*float64(n-1) }
		const most = 1 << 20
		if !pays(most) {
			continue
		}
		lo, hi := 1, most // pays(hi); not pays(1), whose bound is 0 tokens
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if pays(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		// Within hi - 1 replicas, cheaper from where the API's cost
		// reaches theirs, if they serve that much.
		at := capacity * float64(hi-1)
		if c := cost(hi-1) / perTok; c <= at {
			at = max(capacity*float64(hi-2), c)
		}
		if at < best {
			best, self, ok = at, o, true
		}
	}
	return breakEvenAt{best, self, api, ok}
}

// breakEvenAt is a volume from which self-hosting costs less: tokens a
// month, the self-hosted option and the API; ok is false when there is
// none (self and api say which were set against each other, if any).
type breakEvenAt struct {
	tokens    float64
	self, api *Option
	ok        bool
}

// volumeChart is the monthly cost of each kind's best option at volumes
// from a thousandth to a thousand times the workload's, its mix kept:
// the owned and rented options in whole replicas, the API by the token.
func (s Scenario) volumeChart(ranked []Option) chart.Chart {
	t := s.M
	v0 := s.TokensPerMonth()
	c := chart.Chart{ID: "chart-volume", Title: t.T("plan.chart.volume"), Desc: t.T("plan.chart.volume_desc"), Kind: chart.Lines,
		XName: t.T("pri.unit.tokens_month"), XMin: v0 / 1000, XMax: v0 * 1000, XLog: true, Unit: s.Currency.Code, YLog: true}
	for _, k := range Kinds {
		sr := chart.Series{ID: string(k), Name: t.T(kindKeys[k]), Points: [][2]float64{}}
		o := bestOf(ranked, k)
		if o == nil {
			sr.Hidden = true
			c.Series = append(c.Series, sr)
			continue
		}
		sr.Name = o.Name
		for i := range 31 {
			v := v0 / 1000 * math.Pow(10, float64(i)/5)
			usd := v / 1e6 * o.Bill.PerMTok
			if o.SelfHosted() {
				// The replica size that takes the fewest GPUs at v.
				r := s.requestsPerSAt(v)
				usd, _ = s.monthly(*o, fewestGPUs(o.Candidates, r*s.Curve.Peak(), s.Spare), r, 1)
			}
			sr.Points = append(sr.Points, [2]float64{round0(v), round2(usd * s.FX)})
		}
		c.Series = append(c.Series, sr)
	}
	c.Series[0].Marks = []chart.Mark{{Name: t.T("plan.chart.this"), X: round0(v0)}}
	return c
}

// gpusChart is the GPUs the best bought and rented options run in each
// hour of the week (Scenario.runs): bought ones for the busiest hour,
// rented ones as their schedule runs them, the spare replicas counted.
func (s Scenario) gpusChart(ranked []Option) chart.Chart {
	t := s.M
	return chart.Chart{ID: "chart-gpus", Title: t.T("plan.chart.gpus"), Desc: t.T("plan.chart.gpus_desc"), Kind: chart.Lines, Step: true,
		XName: t.T("plan.chart.hour"), XMin: 0, XMax: loadcurve.HoursPerWeek, Unit: "GPUs",
		Series: s.weekSeries(ranked, []Kind{Owned, Rented}, func(o *Option, run loadcurve.Schedule, h int) float64 {
			return float64(run[h] * o.Replica.TP)
		})}
}

// hourlyChart is what the best option of each kind costs in each hour
// of the week: a bought option its month's cost spread evenly, a rented
// one its GPUs of the hour with the cold starts of the replicas that
// start in it, an API the hour's tokens.
func (s Scenario) hourlyChart(ranked []Option) chart.Chart {
	t := s.M
	hoursPerMonth := tco.HoursPerYear / 12.0
	return chart.Chart{ID: "chart-hourly", Title: t.T("plan.chart.hourly"), Desc: t.T("plan.chart.hourly_desc"), Kind: chart.Lines, Step: true,
		XName: t.T("plan.chart.hour"), XMin: 0, XMax: loadcurve.HoursPerWeek, Unit: s.Currency.Code,
		Series: s.weekSeries(ranked, Kinds, func(o *Option, run loadcurve.Schedule, h int) float64 {
			var usd float64
			switch o.Kind {
			case Owned:
				usd = o.PerMonthUSD / hoursPerMonth
			case Rented:
				// One hour of the month's: a share of 1 / the hours a
				// month the option rents.
				hour := 1 / o.Cluster.Option.RentedHoursPerMonth
				started := max(0, run[h]-run[(h+loadcurve.HoursPerWeek-1)%loadcurve.HoursPerWeek])
				usd = o.Cluster.SizedFor(run[h]*o.Replica.TP, hour, 1).TCOUSD/12 +
					o.Cluster.SizedFor(started*o.Replica.TP, hour*s.Scaling.ColdStartH, 1).TCOUSD/12
			default:
				usd = o.PerMonthUSD / hoursPerMonth * s.Curve.At(h)
			}
			return round2(usd * s.FX)
		})}
}

// weekSeries is a series for the best option of each kind, hidden where
// there is none: at(option, the replicas it runs, hour) over the hours of
// the week from Monday 00:00, drawn as steps, so a point only where the
// value changes and one at the week's end (a flat week is two points,
// not 169, in the page and in every update).
func (s Scenario) weekSeries(ranked []Option, kinds []Kind, at func(o *Option, run loadcurve.Schedule, h int) float64) []chart.Series {
	var out []chart.Series
	for _, k := range kinds {
		sr := chart.Series{ID: string(k), Name: s.M.T(kindKeys[k]), Points: [][2]float64{}}
		if o := bestOf(ranked, k); o == nil {
			sr.Hidden = true
		} else {
			sr.Name = o.Name
			var run loadcurve.Schedule
			if o.SelfHosted() {
				run = s.runs(*o, o.Replica, s.RequestsPerS(), 1)
			}
			for h := range loadcurve.HoursPerWeek + 1 {
				v := at(o, run, h%loadcurve.HoursPerWeek)
				if n := len(sr.Points); n == 0 || h == loadcurve.HoursPerWeek || v != sr.Points[n-1][1] {
					sr.Points = append(sr.Points, [2]float64{float64(h), v})
				}
			}
		}
		out = append(out, sr)
	}
	return out
}

// links are the details of the answer: the best owned and rented
// options on /tco/, the best self-hosted one's replica on /performance/,
// and the model's APIs on /pricing/.
func (s Scenario) links(ranked []Option) []view.Link {
	t := s.M
	tcoLink := view.Link{ID: "tco", Label: t.T("plan.link.tco"), Path: "tco/", Hidden: true}
	var options []Option
	for _, k := range []Kind{Owned, Rented} {
		if o := bestOf(ranked, k); o != nil {
			options = append(options, *o)
		}
	}
	if len(options) > 0 {
		tcoLink.Hidden, tcoLink.Query = false, s.tcoDetails(options...)
	}
	perfLink := view.Link{ID: "performance", Label: t.T("plan.link.performance"), Path: "performance/", Hidden: true}
	for _, o := range ranked {
		if o.SelfHosted() {
			// A replica at the busiest hour.
			peak := s.RequestsPerS() * s.Curve.Peak()
			n := o.Replica.Replicas(peak, 1)
			perfLink.Hidden = false
			perfLink.Query = "model=" + s.Model + "&gpu=" + o.GPU.ID + "&prec=" + o.Cluster.Estimate.Precision + "&tp=" + strconv.Itoa(o.Replica.TP) +
				"&engine=" + s.Engine + "&in=" + strconv.Itoa(s.Prompt) + "&out=" + strconv.Itoa(s.Output) + "&lens=" + lengthsValue(s) +
				"&rate=" + scaledNum(peak/float64(n)) + s.sloParam() + s.customQuery()
			break
		}
	}
	priceLink := view.Link{ID: "pricing", Label: t.T("plan.link.pricing"), Path: "pricing/", Hidden: true}
	var ids []string
	for _, o := range ranked {
		if o.Kind == API && !o.Closed && len(ids) < apicompare.MaxAPIs {
			ids = append(ids, o.ID)
		}
	}
	if len(ids) > 0 {
		priceLink.Hidden, priceLink.Query = false, s.pricingDetails(ranked, ids...)
	}
	return []view.Link{tcoLink, perfLink, priceLink}
}

// tcoDetails is the /tco/ query that compares self-hosted options (one
// or two) as options a and b, sized for the workload's output tokens a
// month at its end-to-end target.
func (s Scenario) tcoDetails(options ...Option) string {
	q := "k=2"
	for i, o := range options[:min(2, len(options))] {
		tp := 0 // the fewest GPUs that hold the model, /tco/'s default
		if e := o.Cluster.Estimate; e != nil && o.Replica.TP != e.Setup.TP {
			tp = o.Replica.TP
		}
		letter := string(rune('a' + i))
		q += "&" + s.tcoQuery(letter, o.Kind, o.GPU, o.OfferIndex, tp)
		// /tco/ rents its GPUs for the busiest hour: for those hours a
		// month that give the GPU-hours the schedule is billed for.
		run := s.runs(o, o.Replica, s.RequestsPerS(), 1)
		if share := run.ReplicaHours(s.Scaling.ColdStartH) / float64(run.Peak()*loadcurve.HoursPerWeek); o.Kind == Rented && share != 1 {
			q += "&" + letter + ".hpm=" + scaledNum(o.Cluster.Option.RentedHoursPerMonth*share)
		}
	}
	if s.Spare > 0 {
		q += "&spare=" + strconv.Itoa(s.Spare)
	}
	// /tco/'s demand is output tokens a month of tco.HoursPerYear / 12,
	// at the busiest hour's rate, which its GPUs are sized for.
	return q + "&y=" + strconv.Itoa(s.Years) + "&dem=" + scaledNum(s.RequestsPerS()*s.Curve.Peak()*float64(s.Output)*tco.HoursPerYear/12*3600) +
		"&lens=" + lengthsValue(s) + "&cur=" + s.Currency.Code + s.sloParam() + s.customQuery()
}

// pricingDetails is the /pricing/ query that compares the APIs ids (the
// first set against the cluster) for the workload, beside the plan's
// cheapest bought GPU.
func (s Scenario) pricingDetails(ranked []Option, ids ...string) string {
	return "rpd=" + scaledNum(s.RequestsPerDay) + "&in=" + strconv.Itoa(s.Prompt) + "&out=" + strconv.Itoa(s.Output) +
		"&apis=" + strings.Join(ids, ",") + "&vs=" + ids[0] + bestGPU(ranked) + "&h.pm=" + s.Model + "&h.pp=" + s.Precision +
		"&cur=" + s.Currency.Code + s.customQuery()
}

// details is the link of a ranked option to the calculator that details
// it: a self-hosted option on /tco/ beside the best self-hosted option of
// another place, an API on /pricing/ beside the cheapest other API.
func (s Scenario) details(o Option, ranked []Option) string {
	if o.SelfHosted() {
		other := slices.IndexFunc(ranked, func(r Option) bool { return r.SelfHosted() && r.ID != o.ID })
		if other < 0 {
			return "tco/?" + s.tcoDetails(o)
		}
		return "tco/?" + s.tcoDetails(o, ranked[other])
	}
	ids := []string{o.ID}
	if other := slices.IndexFunc(ranked, func(r Option) bool { return r.Kind == API && !r.Closed && r.ID != o.ID }); other >= 0 {
		ids = append(ids, ranked[other].ID)
	}
	return "pricing/?" + s.pricingDetails(ranked, ids...)
}

// bestGPU is the /pricing/ query's cluster GPU: that of the cheapest
// bought option, or none (the page's default) when none is ranked.
func bestGPU(ranked []Option) string {
	if o := bestOf(ranked, Owned); o != nil {
		return "&h.gpu=" + o.GPU.ID
	}
	return ""
}

// customQuery is the custom model's fields for a link ("&m.p=8.03&…"),
// none for a model of the catalog.
func (s Scenario) customQuery() string {
	if s.Custom == nil {
		return ""
	}
	return "&" + custom.ModelQuery(*s.Custom)
}

// sloParam is the end-to-end target as /tco/ and /performance/ take it
// ("&slo=20"); they take no other, and a link with one has none.
func (s Scenario) sloParam() string {
	if s.Target.E2E <= 0 {
		return ""
	}
	return "&slo=" + scaledNum(s.Target.E2E)
}

// lengthsValue is the scenario's lengths as a link writes them.
func lengthsValue(s Scenario) string { return serving.LengthKinds[s.Lengths] }

// scaledNum writes a figure for a link.
func scaledNum(v float64) string { return scenario.FormatNumber(v) }

func round0(v float64) float64 { return math.Round(v) }
func round2(v float64) float64 { return math.Round(v*100) / 100 }
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }
