// Package tcoview is the TCO calculator between the URL and the page: it
// reads a scenario from a query string (fields, defaults from data,
// presets), runs the engine, and lays out the results as cells, tables and
// chart options. gen renders its output into static HTML; the browser host
// sends the same output to the page as it changes, so both show one figure.
package tcoview

import (
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/tco"
)

// OptionInput is one option as read from the scenario.
type OptionInput struct {
	Letter  string
	Enabled bool
	Kind    tco.Kind
	GPU     gpu.GPU
	// Option is in US dollars.
	Option tco.Option
	// Estimate, if set, is where the throughput default came from.
	Estimate *Estimate
	// Precision is what the throughput was measured or estimated in (a
	// serving.Precisions value); "" when the reader typed it in.
	Precision string
	// Custom says whether the option estimates the custom model or runs
	// on the custom GPU.
	Custom custom.Use
	// NeedsPrice is the key of the option's price field ("a.gp" for an
	// owned option, "c.hr" for a rented one) when its price is unknown:
	// the data has none for its GPU and the reader gave none. Its
	// figures that the price feeds are then missing, not zero; "" when
	// the option is priced.
	NeedsPrice string
}

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	Currency money.Currency
	// FXPerUSD is display-currency units per US dollar.
	FXPerUSD float64
	Years    int
	Options  [MaxOptions]OptionInput
	// Errors maps field keys to their error messages.
	Errors map[string]string
	// Sizing is how the demand every option is sized for arrives: output
	// tokens a month as requests at random (perf.Poisson), users in
	// flight (perf.Closed), or a batch job sent all at once (perf.Offline).
	Sizing perf.Mode
	// Lengths is how the lengths of the requests sized for vary about the
	// estimator's means (serving.ReadLengths).
	Lengths perf.Lengths
	// DemandPerMonth is output tokens a month (0: none), in the open loop
	// under a P99 end-to-end latency target of SLO seconds (0: none) where
	// the throughput is estimated.
	DemandPerMonth, SLO float64
	// Users are the users in flight of a closed loop (0: none), each
	// pausing ThinkS seconds between a reply and the next request, sized
	// under the P99 target.
	Users  int
	ThinkS float64
	// Bands are the edition's error bands of estimated figures.
	Bands band.Table
	// DemandAtBounds bounds the demand's GPUs and TCO by the GPUs at the
	// throughput's bounds (Defaults.DemandGPUsAtBounds).
	DemandAtBounds bool
	// Custom says whether some option uses the custom model or GPU.
	Custom custom.Use
	// M is the page's language: its words and number format.
	M *msg.Catalog
}

// Resolve reads a query string. It never fails: bad values are reported in
// Errors and replaced by defaults.
func Resolve(rawQuery string, d Data) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of t.
func ResolveIn(t *msg.Catalog, rawQuery string, d Data) Scenario {
	r := scenario.NewResolverIn(t, rawQuery, d.presets())
	cur, fx := ReadCurrency(r, d, "")
	years := r.Int(scenario.Field{Key: keyYears, Label: t.T("tco.in.y"), Unit: t.T("tco.unit.years"), Min: 1, Max: 15,
		Default: num(d.Defaults.Years.Value), Help: t.T("tco.in.y_help")})
	count := r.Int(scenario.Field{Key: keyCount, Label: t.T("tco.in.k"), Unit: t.T("mem.unit.options"), Min: 2, Max: MaxOptions,
		Default: num(defaultCount), Help: t.T("tco.in.k_help")})
	s := Scenario{Currency: cur, FXPerUSD: fx, Years: years, M: t, Bands: d.Perf.Memory.Bands,
		DemandAtBounds: d.Defaults.DemandGPUsAtBounds.Value == 1}
	sizing := r.Choice(scenario.Field{Key: "mode", Label: t.T("tco.in.mode"), Default: serving.Modes[perf.Poisson].Value,
		Choices: serving.ModeChoices(t), Help: t.T("tco.in.mode_help")})
	for m, c := range serving.Modes {
		if c.Value == sizing {
			s.Sizing = perf.Mode(m)
		}
	}
	s.Lengths = serving.ReadLengths(r, "")
	s.DemandPerMonth = r.Number(scenario.Field{Key: "dem", Label: t.T("tco.in.dem"), Unit: t.T("tco.unit.tokens_month"), Min: 0, Max: 1e16, Default: "0",
		Help: t.T("tco.in.dem_help")})
	s.SLO = r.Number(scenario.Field{Key: "slo", Label: t.T("tco.in.slo"), Unit: t.T("tco.unit.seconds"), Min: 0, Max: 3600, Default: "0",
		Help: t.T("tco.in.slo_help")})
	s.Users = r.Int(scenario.Field{Key: "users", Label: t.T("perf.in.users"), Unit: t.T("perf.unit.users"), Min: 0, Max: 10000000, Default: "0",
		Help: t.T("tco.in.users_help")})
	s.ThinkS = r.Number(scenario.Field{Key: "think", Label: t.T("perf.in.think"), Unit: t.T("tco.unit.seconds"), Min: 0, Max: 3600, Default: "0",
		Help: t.T("perf.in.think_help")})
	switch s.Sizing {
	case perf.Poisson:
		r.Hide("users", "think")
	case perf.Closed:
		r.Hide("dem")
	case perf.Offline:
		r.Hide("slo", "users", "think")
	}
	m, g := serving.Custom(r, d.Perf.Memory)
	cu := &Customs{Model: m, GPU: g}
	for i := range s.Options {
		s.Options[i] = ReadOption(r, d, Letters[i], optionDefaults[i], cur, fx, cu)
		s.Options[i].Enabled = i < count
		s.Custom.Model = s.Custom.Model || s.Options[i].Custom.Model
		s.Custom.GPU = s.Custom.GPU || s.Options[i].Custom.GPU
	}
	s.Custom.Apply(r)
	r.Choice(d.Editions.Field(t, t.T(edition.Section), nil))
	// The headline's cost per token follows the period and what each
	// option is: owned or rented, and which GPU.
	r.Main(keyYears, "a.kind", "a.gpu", "b.kind", "b.gpu", "c.kind", "c.gpu", "d.kind", "d.gpu")
	s.Resolved = r.Resolved(Version, d.Presets)
	s.Errors = r.Errors()
	return s
}

// ReadCurrency reads the display currency and its rate per US dollar;
// the currency defaults to the page language's (LanguageDefaults), else
// to US dollars.
func ReadCurrency(r *scenario.Resolver, d Data, section string) (money.Currency, float64) {
	t := r.M
	// A language's own default is pinned into the page's link, as the
	// edition is: the link, opened in another language or asked of the
	// API (which has the English defaults), gives the page's figures.
	def, local := "USD", d.local(t).Currency != ""
	if local {
		def = d.local(t).Currency
	}
	cur := money.Lookup(r.Choice(scenario.Field{Key: keyCurrency, Label: t.T("tco.in.cur"), Section: section, Default: def, Choices: currencyChoices(), FoldCase: true, Pinned: local,
		Help: t.T("tco.in.cur_help")}))
	fxDefault := d.FXDefault(cur.Code)
	fxNote := ""
	if cur.Code != "USD" {
		fxNote = d.sourceNote(t, fxDefault)
	}
	fx := r.Number(scenario.Field{Key: keyFX, Label: t.T("tco.in.fx"), Unit: t.F("tco.unit.per_usd", "code", cur.Code), Section: section, Min: 0.0001, Max: 100000,
		Default: num(fxDefault.Value), Note: fxNote, Help: t.T("tco.in.fx_help")})
	return cur, fx
}

// Enabled returns the options being compared.
func (s Scenario) Enabled() []OptionInput {
	var out []OptionInput
	for _, o := range s.Options {
		if o.Enabled {
			out = append(out, o)
		}
	}
	return out
}
