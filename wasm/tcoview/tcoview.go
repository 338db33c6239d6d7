// Package tcoview is the TCO calculator between the URL and the page: it
// reads a scenario from a query string (fields, defaults from data,
// presets), runs the engine, and lays out the results as cells, tables and
// chart options. gen renders its output into static HTML; the browser host
// sends the same output to the page as it changes, so both show one figure.
package tcoview

import (
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/view"
)

// Version is written into every scenario URL as v=; bump it when a query
// name changes meaning, and keep reading the old one.
const Version = "1"

// Letters name the options, in the order shown.
var Letters = view.Letters

// MaxOptions is how many options a scenario can compare.
const MaxOptions = view.MaxOptions

// Global field keys.
const (
	keyYears = "y"
	keyCount = "k"
)

const defaultCount = 3

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	Currency money.Currency
	// FXPerUSD is display-currency units per US dollar.
	FXPerUSD float64
	Years    int
	Options  [MaxOptions]cluster.Option
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
	// GCO2ePerKWh is the carbon intensity of the grid the options draw
	// from, grams of CO2 equivalent a kWh; Grid is false for an edition
	// without grid regions, whose page shows no CO2.
	GCO2ePerKWh float64
	Grid        bool
	// Spare is the replicas each option sized for the demand keeps beside
	// those it needs, so that the target holds with that many down (N+k).
	Spare int
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
func Resolve(rawQuery string, d cluster.Data) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of t.
func ResolveIn(t *msg.Catalog, rawQuery string, d cluster.Data) Scenario {
	r := scenario.NewResolverIn(t, rawQuery, scenario.Presets(d.Presets))
	cur, fx := cluster.ReadCurrency(r, d, "")
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
	s.Spare = r.Int(scenario.Field{Key: "spare", Label: t.T("tco.in.spare"), Unit: t.T("tco.unit.replicas"), Min: 0, Max: 64, Default: "0",
		Help: t.T("tco.in.spare_help")})
	switch s.Sizing {
	case perf.Poisson:
		r.Hide("users", "think")
	case perf.Closed:
		r.Hide("dem")
	case perf.Offline:
		r.Hide("slo", "users", "think")
	}
	m, g := serving.Custom(r, d.Perf.Memory)
	cu := &cluster.Customs{Model: m, GPU: g}
	for i := range s.Options {
		s.Options[i] = cluster.ReadOption(r, d, Letters[i], cluster.OptionDefaults[i], cur, fx, cu)
		s.Options[i].Enabled = i < count
		s.Custom.Model = s.Custom.Model || s.Options[i].Custom.Model
		s.Custom.GPU = s.Custom.GPU || s.Options[i].Custom.GPU
	}
	s.Custom.Apply(r)
	s.GCO2ePerKWh, s.Grid = cluster.ReadGrid(r, d, "")
	r.Choice(d.Editions.Field(t, t.T(edition.Section), nil))
	// The headline's cost per token follows the period and what each
	// option is: owned or rented, and which GPU.
	r.Main(keyYears, "a.kind", "a.gpu", "b.kind", "b.gpu", "c.kind", "c.gpu", "d.kind", "d.gpu")
	s.Resolved = r.Resolved(Version, d.Presets)
	s.Errors = r.Errors()
	return s
}

// Enabled returns the options being compared.
func (s Scenario) Enabled() []cluster.Option {
	var out []cluster.Option
	for _, o := range s.Options {
		if o.Enabled {
			out = append(out, o)
		}
	}
	return out
}

func num(v float64) string { return scenario.FormatNumber(v) }
