// Package tcoview is the TCO calculator between the URL and the page: it
// reads a scenario from a query string (fields, defaults from data,
// presets), runs the engine, and lays out the results as cells, tables and
// chart options. gen renders its output into static HTML; the browser host
// sends the same output to the page as it changes, so both show one figure.
package tcoview

import (
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
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
	// perfview.Precisions value); "" when the reader typed it in.
	Precision string
	// Custom says whether the option estimates the custom model or runs
	// on the custom GPU.
	Custom custom.Use
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
	// DemandPerMonth is output tokens a month every option is sized for
	// (0: none), under a P99 end-to-end latency target of SLO seconds
	// (0: none) where the throughput is estimated.
	DemandPerMonth, SLO float64
	// Custom says whether some option uses the custom model or GPU.
	Custom custom.Use
}

// Resolve reads a query string. It never fails: bad values are reported in
// Errors and replaced by defaults.
func Resolve(rawQuery string, d Data) Scenario {
	r := scenario.NewResolver(rawQuery, d.presets())
	cur, fx := ReadCurrency(r, d, "")
	years := r.Int(scenario.Field{Key: keyYears, Label: "Period", Unit: "years", Min: 1, Max: 15,
		Default: num(d.Defaults.Years.Value), Help: "How long the options are compared for."})
	count := r.Int(scenario.Field{Key: keyCount, Label: "Options compared", Unit: "options", Min: 2, Max: MaxOptions,
		Default: num(defaultCount), Help: "How many of the options below are compared."})
	s := Scenario{Currency: cur, FXPerUSD: fx, Years: years}
	s.DemandPerMonth = r.Number(scenario.Field{Key: "dem", Label: "Demand", Unit: "output tokens per month", Min: 0, Max: 1e16, Default: "0",
		Help: "Sizes every option for this demand; 0 leaves it out."})
	s.SLO = r.Number(scenario.Field{Key: "slo", Label: "P99 latency target", Unit: "seconds", Min: 0, Max: 3600, Default: "0",
		Help: "With a demand, options whose throughput is estimated are sized so that the simulated P99 end-to-end latency meets it; 0 for none."})
	m, g := perfview.Custom(r, d.Perf.Memory)
	cu := &Customs{Model: m, GPU: g}
	for i := range s.Options {
		s.Options[i] = ReadOption(r, d, Letters[i], optionDefaults[i], cur, fx, cu)
		s.Options[i].Enabled = i < count
		s.Custom.Model = s.Custom.Model || s.Options[i].Custom.Model
		s.Custom.GPU = s.Custom.GPU || s.Options[i].Custom.GPU
	}
	s.Custom.Apply(r)
	r.Choice(d.Editions.Field(edition.Section, nil))
	s.Resolved = r.Resolved(Version, d.Presets)
	s.Errors = r.Errors()
	return s
}

// ReadCurrency reads the display currency and its rate per US dollar.
func ReadCurrency(r *scenario.Resolver, d Data, section string) (money.Currency, float64) {
	cur := money.Lookup(r.Choice(scenario.Field{Key: keyCurrency, Label: "Currency", Section: section, Default: "USD", Choices: currencyChoices(),
		Help: "Currency for all prices and results."}))
	fxDefault := d.FXDefault(cur.Code)
	fxNote := ""
	if cur.Code != "USD" {
		fxNote = d.sourceNote(fxDefault)
	}
	fx := r.Number(scenario.Field{Key: keyFX, Label: "Exchange rate", Unit: cur.Code + " per USD", Section: section, Min: 0.0001, Max: 100000,
		Default: num(fxDefault.Value), Note: fxNote, Help: "Converts the data's US-dollar prices into your currency."})
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
