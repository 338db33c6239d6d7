// Package pricingview is the API pricing and break-even calculator between
// the URL and the page: a workload, budgets, a price edition and a
// self-hosted cluster in; the cost on every API, the budget checks and
// the volume at which the cluster beats each API out.
package pricingview

import (
	"slices"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/tco"
)

// Version is written into every scenario URL as v=.
const Version = "1"

// CustomID names the row of the reader's own price.
const CustomID = "custom"

// clusterPrefix is the key prefix of the self-hosted cluster's fields.
const clusterPrefix = "h"

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	// M is the page's language: its words and number format.
	M        *msg.Catalog
	Currency money.Currency
	// FX is display-currency units per US dollar; CNYPerUSD converts
	// prices quoted in yuan.
	FX, CNYPerUSD float64
	// Edition is the date whose data and prices apply.
	Edition          string
	Workload         pricing.Workload
	DailyBudgetUSD   float64
	MonthlyBudgetUSD float64
	// Custom is the reader's own price in USD; zero rates mean none.
	Custom pricing.Price
	// APIs are the compared models, at most apicompare.MaxAPIs.
	APIs []string
	// Vs is the API the cluster is set against in the chart.
	Vs      string
	Cluster cluster.Option
	// Bands are the edition's error bands of estimated figures.
	Bands band.Table
	// Uses says whether the cluster uses the custom model or GPU.
	Uses  custom.Use
	Years int
	// Find is the search of the catalog.
	Find Find
}

// HasCustom reports whether the reader entered a price of their own.
func (s Scenario) HasCustom() bool { return s.Custom.Input+s.Custom.Output > 0 }

// Resolve reads a query string. It never fails: bad values are reported
// next to their fields and replaced by defaults.
func Resolve(rawQuery string, d apicompare.Data) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of t.
func ResolveIn(t *msg.Catalog, rawQuery string, d apicompare.Data) Scenario {
	r := scenario.NewResolverIn(t, rawQuery, scenario.Presets(d.Presets))
	df := d.Defaults
	s := Scenario{M: t, Bands: d.TCO.Perf.Memory.Bands}
	num := scenario.FormatNumber
	// label, unit and help are keys of the catalogs, help "" for none.
	n := func(key, label, unit, section, help string, min, max float64, f float64, note string) float64 {
		if help != "" {
			help = t.T(help)
		}
		return r.Number(scenario.Field{Key: key, Label: t.T(label), Unit: t.T(unit), Section: section, Min: min, Max: max,
			Default: num(f), Note: note, Help: help})
	}
	work := t.T("pri.sec.work")
	w := &s.Workload
	// A volume is often known per month ("500 million tokens a month"):
	// the reader counts requests per day or per month, and a preset keeps
	// the figure a person would type.
	perMonth := r.Choice(scenario.Field{Key: "per", Label: t.T("pri.in.per"), Section: work, Default: "day",
		Choices: []scenario.Choice{{Value: "day", Label: t.T("pri.per_day")}, {Value: "month", Label: t.T("pri.per_month")}},
		Help:    t.T("pri.in.per_help")}) == "month"
	if perMonth {
		w.RequestsPerDay = n("rpd", "perf.sec.requests", "pri.per_month", work, "pri.in.rpm_help", 0, 3e10,
			df.RequestsPerDay.Value*pricing.DaysPerMonth, d.Note(t, df.RequestsPerDay)) / pricing.DaysPerMonth
	} else {
		w.RequestsPerDay = n("rpd", "perf.sec.requests", "pri.per_day", work, "pri.in.rpd_help", 0, 1e9, df.RequestsPerDay.Value, d.Note(t, df.RequestsPerDay))
	}
	w.InputTokens = n("in", "pri.in.in", "pri.unit.tokens_request", work, "pri.in.in_help", 0, 1e7,
		df.InputTokens.Value, d.Note(t, df.InputTokens))
	w.OutputTokens = n("out", "perf.in.out", "pri.unit.tokens_request", work, "pri.in.out_help", 0, 1e7, df.OutputTokens.Value, d.Note(t, df.OutputTokens))
	w.CachedShare = n("cache", "pri.in.cache", "pri.unit.share", work, "pri.in.cache_help", 0, 1,
		df.CachedShare.Value, d.Note(t, df.CachedShare))
	w.RequestsPerCacheWrite = n("reuse", "pri.in.reuse", "pri.unit.reuse", work,
		"pri.in.reuse_help", 1, 1e9, df.RequestsPerCacheWrite.Value, d.Note(t, df.RequestsPerCacheWrite))
	if r.Choice(scenario.Field{Key: "ttl", Label: t.T("pri.in.ttl"), Section: work, Default: "5m",
		Choices: []scenario.Choice{{Value: "5m", Label: t.T("pri.ttl.5m")}, {Value: "1h", Label: t.T("pri.ttl.1h")}},
		Help:    t.T("pri.in.ttl_help")}) == "1h" {
		w.CacheTTL = pricing.TTL1h
	}
	w.BatchShare = n("batch", "pri.in.batch", "pri.unit.batch_share", work, "pri.in.batch_help", 0, 1,
		df.BatchShare.Value, d.Note(t, df.BatchShare))
	w.FlexShare = n("flex", "pri.in.flex", "pri.unit.batch_share", work, "pri.in.flex_help", 0, 1,
		df.FlexShare.Value, noteOf(t, d, df.FlexShare))
	w.PriorityShare = n("prio", "pri.in.prio", "pri.unit.batch_share", work, "pri.in.prio_help", 0, 1,
		df.PriorityShare.Value, noteOf(t, d, df.PriorityShare))
	// The tiers share the requests: a share that would take more than
	// all of them is refused, the later first.
	if w.BatchShare+w.FlexShare > 1 {
		r.Reject("flex", t.T("pri.err.shares"))
		w.FlexShare = df.FlexShare.Value
	}
	if w.BatchShare+w.FlexShare+w.PriorityShare > 1 {
		r.Reject("prio", t.T("pri.err.shares"))
		w.PriorityShare = df.PriorityShare.Value
	}
	w.ReasoningShare = n("reason", "pri.in.reason", "pri.unit.reason_share", work, "pri.in.reason_help", 0, 1,
		df.ReasoningShare.Value, noteOf(t, d, df.ReasoningShare))

	prices := t.T("pri.sec.prices")
	// Links made before the editions kept only the prices' day; the
	// price history reaches back before the first edition.
	s.Edition = r.Choice(d.Editions.Field(t, prices, changesOf(d)))
	s.APIs = readAPIs(r, d, s.Edition, prices)
	w.Region = readRegion(r, d, s.Edition, work)
	s.Currency, s.FX = cluster.ReadCurrency(r, d.TCO, prices)
	s.CNYPerUSD = n("cny", "pri.in.cny", "pri.unit.cny", prices, "pri.in.cny_help", 0.01, 1000,
		d.TCO.Defaults.CNYPerUSD.Value, d.TCO.Defaults.CNYPerUSD.NoteText(t))
	// label, unit (with {code} for the currency) and help are keys of the
	// catalogs, help "" for none. usdField reads an amount typed in the
	// scenario's currency as US dollars.
	usdField := func(key, label, unit, section, help string, usd float64, note string) float64 {
		if help != "" {
			help = t.T(help)
		}
		return r.Number(scenario.Field{Key: key, Label: t.T(label), Unit: t.F(unit, "code", s.Currency.Code), Section: section, Min: 0, Max: 1e10,
			Default: scenario.Significant(usd*s.FX, 4), Note: note, Help: help, Money: true}) / s.FX
	}
	s.Custom.Input = usdField("cp.in", "pri.in.cp_in", "pri.unit.per_mtok", prices, "pri.in.cp_help", 0, "")
	s.Custom.Output = usdField("cp.out", "pri.in.cp_out", "pri.unit.per_mtok", prices, "", 0, "")
	// The form lists the shortlist's models of every edition, not the
	// whole catalog: a thousand options would weigh on every page.
	var vs []scenario.Choice
	for _, slot := range d.APIs.Shortlist {
		for _, id := range slot {
			if m, ok := d.ModelByID(id); ok {
				vs = append(vs, scenario.Choice{Value: m.ID, Label: d.Label(m)})
			}
		}
	}
	vsDefault, vsHelp := "gpt-4.1", t.T("pri.in.vs_help")
	if d.Defaults.VsCheapest.Value == 1 {
		// Any compared API may be set against the cluster, the cheapest
		// unless the link says otherwise.
		for _, id := range s.APIs {
			if m, ok := d.ModelByID(id); ok && !slices.ContainsFunc(vs, func(c scenario.Choice) bool { return c.Value == id }) {
				vs = append(vs, scenario.Choice{Value: id, Label: d.Label(m)})
			}
		}
		vsDefault, vsHelp = s.cheapestAPI(d), t.T("pri.in.vs_cheapest_help")
	}
	vs = append(vs, scenario.Choice{Value: CustomID, Label: t.T("pri.your_price")})
	s.Vs = r.Choice(scenario.Field{Key: "vs", Label: t.T("pri.in.vs"), Section: prices, Default: vsDefault, Choices: vs,
		Help: vsHelp})

	s.Find = readFind(r, d, s)

	budget := t.T("pri.sec.budget")
	s.DailyBudgetUSD = usdField("bd", "pri.in.bd", "pri.unit.per_day", budget, "pri.in.bd_help",
		df.DailyBudgetUSD.Value, d.Note(t, df.DailyBudgetUSD))
	s.MonthlyBudgetUSD = usdField("bm", "pri.in.bm", "pri.unit.per_month", budget, "", df.MonthlyBudgetUSD.Value, d.Note(t, df.MonthlyBudgetUSD))

	s.Years = r.Int(scenario.Field{Key: clusterPrefix + ".y", Label: t.T("tco.in.y"), Unit: t.T("tco.unit.years"), Min: 1, Max: 15,
		Default: num(d.TCO.Defaults.Years.Value), Help: t.T("pri.in.y_help")})
	// The cluster may estimate a custom model's throughput on a custom
	// GPU, as a TCO option may.
	m, g := serving.Custom(r, d.TCO.Perf.Memory)
	s.Cluster = cluster.ReadOption(r, d.TCO, clusterPrefix, cluster.OptionDefault{Kind: tco.Owned, GPU: "h100-sxm"}, s.Currency, s.FX,
		&cluster.Customs{Model: m, GPU: g})
	s.Uses = s.Cluster.Custom
	s.Uses.Apply(r)
	// The headline's monthly costs follow the workload; whether the
	// cluster pays off, what it is.
	r.Main("rpd", "in", "out", clusterPrefix+".kind", clusterPrefix+".gpu")
	s.Resolved = r.Resolved(Version, d.Presets)
	return s
}

// readRegion reads where the workload must be processed: anywhere, or
// a region that the edition's prices price or refuse. A German page
// without a preset starts in the region its edition names (the EU),
// where it names one.
func readRegion(r *scenario.Resolver, d apicompare.Data, edition, section string) string {
	t := r.M
	f := scenario.Field{Key: "region", Label: t.T("pri.in.region"), Section: section, Default: pricing.Global,
		Choices: []scenario.Choice{{Value: pricing.Global, Label: t.T("pri.region.global")}}, Help: t.T("pri.in.region_help")}
	for _, g := range d.APIs.Regions(edition) {
		f.Choices = append(f.Choices, scenario.Choice{Value: g, Label: regionName(t, g)})
	}
	if local := d.Local(t, r.Preset() != nil).Region; local.Region != "" && slices.ContainsFunc(f.Choices, func(c scenario.Choice) bool { return c.Value == local.Region }) {
		// Written into the link, so that it gives the same figures in
		// any language and through the API.
		f.Default, f.Pinned = local.Region, true
		f.Note = d.Note(t, local.Figure())
	}
	return r.Choice(f)
}

// regionName names a region of the prices for a reader ("EU").
func regionName(t *msg.Catalog, region string) string {
	switch region {
	case "", pricing.Global:
		return t.T("pri.region.global")
	case "eu":
		return t.T("pri.region.eu")
	case "us":
		return t.T("pri.region.us")
	}
	// A region without a name yet shows its code: strings.ToUpper
	// would bring Unicode's case tables into the browser module.
	return region
}

// noteOf is a default's note, or none for a default the edition lacks.
func noteOf(t *msg.Catalog, d apicompare.Data, f fact.Figure) string {
	if f == (fact.Figure{}) {
		return ""
	}
	return d.Note(t, f)
}

// cheapestAPI is the compared API (or the reader's price) that costs
// least a month for the workload, as the headline names it; a vendor's
// claim never is. The first compared API when none is priced.
func (s Scenario) cheapestAPI(d apicompare.Data) string {
	offered := offers(s, d)
	if o := cheapestOffer(offered, func(o offer) (float64, bool) { return o.Bill.PerMonth, o.Bill.Priced() }); o != nil {
		return o.ID
	}
	return offered[0].ID
}

// Price returns a model's price in USD in the scenario's edition, if it
// was sold then.
func (s Scenario) Price(d apicompare.Data, model string) (apiprices.PriceRow, pricing.Price, bool) {
	row, ok := d.APIs.PriceOn(model, s.Edition)
	if !ok {
		return row, pricing.Price{}, false
	}
	return row, row.USD(d.UnitsPerUSD(row.Currency, s.CNYPerUSD)), true
}

// ClusterCost returns the self-hosted cluster for the break-even. Its
// throughput counts output tokens; the workload's requests carry input
// tokens too, so its capacity in the workload's tokens (input and output)
// is its output tokens x (input + output) / output: generating the output
// is taken as the bottleneck, prefill as free.
func (s Scenario) ClusterCost() pricing.Cluster {
	years := float64(s.Years)
	r := tco.Compute(s.Cluster.Option, years)
	months := years * 12
	w := s.Workload
	mix := (w.InputTokens + w.OutputTokens) / max(w.OutputTokens, 1)
	return pricing.Cluster{PerMonth: r.TCOUSD / months, OpexPerMonth: r.OpexPerYear.Total() / 12,
		Capex: r.Capex.Total(), TokensPerMonth: r.Tokens / months * mix}
}

// Convert returns the query with the display currency changed to code.
func Convert(rawQuery, code string, d apicompare.Data) string {
	s := Resolve(rawQuery, d)
	to := money.Lookup(code)
	return Resolve(scenario.ConvertMoney(s.Inputs, s.PresetName(), to.Code, s.FX, d.TCO.FXDefault(to.Code).Value).Encode(), d).Query
}
