// Package planview is the plan calculator between the URL and the page:
// one workload in (a model, its volume and lengths, a P99 latency
// target), every way to serve it out, ranked by what it costs a month:
// each GPU of the catalog bought, each dated cloud offer rented, each at
// the replica size that takes the fewest GPUs, and each hosted API that
// serves the same open model, with the closed frontier APIs beside them
// for reference. The four calculators are its details: each row links to
// the one that explains it, with its scenario filled in.
package planview

import (
	"errors"
	"strconv"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
)

// Version is written into every scenario URL as v=.
const Version = "1"

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	// M is the page's language: its words and number format.
	M        *msg.Catalog
	Currency money.Currency
	// FX is display-currency units per US dollar.
	FX float64
	// Edition is the date whose data and prices apply.
	Edition string
	// Model is the served model's id in the model catalog (custom.ID for
	// the custom model), ModelName its name.
	Model, ModelName string
	// Custom is the custom model, nil when the model is the catalog's.
	Custom *model.Model
	// Precision and Engine are what the self-hosted options serve it in
	// and with: a serving.Precisions value (a GPU without it serves in
	// BF16) and a serving.Perf EngineField value (an engine profile's id,
	// with the build a link names).
	Precision, Engine string
	// RequestsPerDay arrive at random (Poisson), each of Prompt input and
	// Output output tokens on average, their lengths varying as Lengths.
	RequestsPerDay float64
	Prompt, Output int
	Lengths        perf.Lengths
	// Target is the P99 latency every self-hosted replica must keep: end
	// to end, or to the first token and per output token.
	Target perf.Target
	// Curve spreads the requests over the hours of a week (nil: evenly);
	// bought GPUs are sized for its busiest hour, rented ones follow it
	// as Scaling says.
	Curve   *loadcurve.Curve
	Scaling loadcurve.Scaling
	// GCO2ePerKWh is the carbon intensity of the grid the self-hosted
	// options draw from, grams of CO2 equivalent a kWh; Grid is false for
	// an edition without grid regions, whose page shows no CO2.
	GCO2ePerKWh float64
	Grid        bool
	// ElectricityUSDPerKWh is what bought GPUs pay for a kWh, in US
	// dollars; electricity is the field's value, in the page's currency,
	// as the options read it.
	ElectricityUSDPerKWh float64
	electricity          string
	// Spare is the replicas each self-hosted option keeps beside those
	// the volume needs, so that the target holds with that many down
	// (N+k); bought and rented, they are paid for.
	Spare int
	// SpotReclaimed is the share of the time a spot replica is reclaimed
	// (0 to 0.5), which the reader types: no provider publishes it. An
	// option on spot capacity needs it (NeedsSpot) until then.
	SpotReclaimed float64
	spotGiven     bool
	// Years is the period owned GPUs are paid off over.
	Years int
	// Closed sets the closed frontier APIs of the pricing page's default
	// comparison beside the options, for reference.
	Closed bool
	// Bands are the edition's error bands of estimated figures.
	Bands band.Table
}

// Resolve reads a query string. It never fails: bad values are reported
// next to their fields and replaced by defaults.
func Resolve(rawQuery string, d apicompare.Data) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of t.
func ResolveIn(t *msg.Catalog, rawQuery string, d apicompare.Data) Scenario {
	r := scenario.NewResolverIn(t, rawQuery, scenario.Presets(d.PlanPresets))
	pd := d.TCO.Perf
	s := Scenario{M: t, Bands: pd.Memory.Bands}
	num := scenario.FormatNumber
	work := t.T("plan.sec.work")

	// The model and precision the TCO calculator's options start with
	// (tco.yaml's default estimate), else the estimator's first model.
	def := d.TCO.Defaults.Estimate
	models := make([]scenario.Choice, 0, len(pd.Memory.Models.Models))
	for _, m := range pd.Memory.Models.Models {
		models = append(models, scenario.Choice{Value: m.ID, Label: m.Name})
	}
	defModel, defPrecision := def.Model, def.Precision
	if defModel == "" {
		defModel, defPrecision = models[0].Value, "bf16"
	}
	models = append(models, scenario.Choice{Value: custom.ID, Label: t.T("plan.model.custom")})
	s.Model = r.Choice(scenario.Field{Key: "model", Label: t.T("plan.in.model"), Section: work, Default: defModel, Choices: models,
		Help: t.T("plan.in.model_help")})
	// The custom model's fields, read whatever the model (the form
	// holds them), and shown when it is chosen; the plan takes no
	// custom GPU, which has no price.
	cm, _ := serving.Custom(r, pd.Memory)
	m, ok := pd.Memory.Models.Find(s.Model)
	if !ok {
		m = cm
		s.Custom = &cm
	}
	custom.Use{Model: s.Custom != nil}.Apply(r)
	s.ModelName = m.Name
	// Editions before the plan's own default take the pricing page's.
	rpd := d.Defaults.PlanRequestsPerDay
	if rpd.Value == 0 {
		rpd = d.Defaults.RequestsPerDay
	}
	// A volume is often known as tokens a month ("a billion tokens"):
	// the reader gives requests a day or tokens a month, and the other
	// follows from the lengths.
	byTokens := r.Choice(scenario.Field{Key: "per", Label: t.T("plan.in.per"), Section: work, Default: "day",
		Choices: []scenario.Choice{{Value: "day", Label: t.T("plan.per.day")}, {Value: "tokens", Label: t.T("plan.per.tokens")}},
		Help:    t.T("plan.in.per_help")}) == "tokens"
	s.RequestsPerDay = r.Number(scenario.Field{Key: "rpd", Label: t.T("perf.sec.requests"), Unit: t.T("pri.per_day"), Section: work,
		Min: 1, Max: 1e9, Default: num(rpd.Value), Note: d.Note(t, rpd), Help: t.T("plan.in.rpd_help")})
	defLengths := pd.Defaults.PromptTokens.Value + pd.Defaults.OutputTokens.Value
	tokensPerMonth := r.Number(scenario.Field{Key: "tpm", Label: t.T("plan.in.tpm"), Unit: t.T("pri.unit.tokens_month"), Section: work,
		Min: 1, Max: 1e16, Default: scenario.Significant(rpd.Value*pricing.DaysPerMonth*defLengths, 4), Note: d.Note(t, rpd),
		Help: t.T("plan.in.tpm_help")})
	lengthsNote := pd.Note(t, pd.Defaults.PromptTokens)
	s.Prompt = r.Int(scenario.Field{Key: "p", Label: t.T("pri.in.in"), Unit: t.T("pri.unit.tokens_request"), Section: work,
		Min: 1, Max: 1e6, Default: num(pd.Defaults.PromptTokens.Value), Note: lengthsNote, Help: t.T("plan.in.p_help")})
	s.Output = r.Int(scenario.Field{Key: "o", Label: t.T("perf.in.out"), Unit: t.T("pri.unit.tokens_request"), Section: work,
		Min: 1, Max: 1e6, Default: num(pd.Defaults.OutputTokens.Value), Note: pd.Note(t, pd.Defaults.OutputTokens),
		Help: t.T("plan.in.o_help")})
	if s.Prompt+s.Output > m.MaxContext {
		r.Reject("o", t.F("tco.err.context", "in", strconv.Itoa(s.Prompt), "out", strconv.Itoa(s.Output), "model", m.Name,
			"context", strconv.Itoa(m.MaxContext)))
		s.Prompt, s.Output = int(pd.Defaults.PromptTokens.Value), int(pd.Defaults.OutputTokens.Value)
	}
	if byTokens {
		r.Hide("rpd")
		s.RequestsPerDay = tokensPerMonth / pricing.DaysPerMonth / float64(s.Prompt+s.Output)
	} else {
		r.Hide("tpm")
	}
	s.Lengths = serving.ReadLengths(r, work)
	s.Target = readTarget(r, d, work)
	s.Curve, s.Scaling = readLoad(r, d, t.T("plan.sec.load"))

	serve := t.T("plan.sec.serve")
	s.Precision = r.Choice(scenario.Field{Key: "pp", Label: t.T("tco.in.pp"), Section: serve, Default: pd.Memory.DefaultPrecision(s.Model, defModel, defPrecision),
		Choices: serving.PrecisionChoices(t), Help: t.T("plan.in.pp_help")})
	s.Engine = r.Choice(pd.EngineField(t, "pe", serve))
	s.Spare = r.Int(scenario.Field{Key: "spare", Label: t.T("tco.in.spare"), Unit: t.T("tco.unit.replicas"), Section: serve, Min: 0, Max: 64,
		Default: "0", Help: t.T("plan.in.spare_help")})
	s.SpotReclaimed, s.spotGiven = readSpot(r, d, serve)
	s.Years = r.Int(scenario.Field{Key: "y", Label: t.T("tco.in.y"), Unit: t.T("tco.unit.years"), Section: serve, Min: 1, Max: 15,
		Default: num(d.TCO.Defaults.Years.Value), Help: t.T("plan.in.y_help")})
	s.GCO2ePerKWh, s.Grid = cluster.ReadGrid(r, d.TCO, serve)
	s.Closed = r.Choice(scenario.Field{Key: "closed", Label: t.T("plan.in.closed"), Section: serve, Default: "1",
		Choices: []scenario.Choice{{Value: "1", Label: t.T("plan.closed.show")}, {Value: "0", Label: t.T("plan.closed.hide")}},
		Help:    t.T("plan.in.closed_help")}) == "1"

	prices := t.T("pri.sec.prices")
	s.Edition = r.Choice(d.Editions.Field(t, t.T(edition.Section), nil))
	s.Currency, s.FX = cluster.ReadCurrency(r, d.TCO, prices)
	// The bought GPUs' electricity, as /tco/ reads it; a language's own
	// price is pinned into the link, which then gives the same figures
	// in any language.
	kwhUSD, kwh, local := d.TCO.ElectricityDefault(t, s.Currency, s.FX)
	s.ElectricityUSDPerKWh = r.Number(scenario.Field{Key: "kwh", Label: t.T("tco.in.kwh"), Unit: t.F("tco.unit.kwh", "code", s.Currency.Code),
		Section: prices, Min: 0, Max: 1e9, Default: scenario.Significant(kwhUSD*s.FX, 4), Note: d.TCO.Note(t, kwh), Money: true, Pinned: local,
		Help: t.T("plan.in.kwh_help")}) / s.FX
	s.electricity = r.Inputs[len(r.Inputs)-1].Value
	r.Main("model", "rpd", "tpm", "slo", "ttft", "tpot")
	s.Resolved = r.Resolved(Version, d.PlanPresets)
	return s
}

// readTarget reads the latency target: P99 end to end, or, where the
// edition has defaults for them, P99 to the first token and per output
// token.
func readTarget(r *scenario.Resolver, d apicompare.Data, section string) perf.Target {
	t, pd, df := r.M, d.TCO.Perf, d.Defaults
	kinds := []scenario.Choice{{Value: "e2e", Label: t.T("plan.tgt.e2e")}}
	tokens := df.PlanTTFTS.Value > 0 && df.PlanTPOTMS.Value > 0
	if tokens {
		kinds = append(kinds, scenario.Choice{Value: "tokens", Label: t.T("plan.tgt.tokens")})
	}
	kind := r.Choice(scenario.Field{Key: "tgt", Label: t.T("plan.in.tgt"), Section: section, Default: "e2e", Choices: kinds,
		Help: t.T("plan.in.tgt_help")})
	var out perf.Target
	out.E2E = r.Number(scenario.Field{Key: "slo", Label: t.T("plan.in.slo"), Unit: t.T("tco.unit.seconds"), Section: section,
		Min: 0.01, Max: 3600, Default: scenario.FormatNumber(pd.Defaults.P99TargetS.Value), Note: pd.Note(t, pd.Defaults.P99TargetS),
		Help: t.T("plan.in.slo_help")})
	if !tokens {
		return out
	}
	ttft := r.Number(scenario.Field{Key: "ttft", Label: t.T("plan.in.ttft"), Unit: t.T("tco.unit.seconds"), Section: section,
		Min: 0.001, Max: 3600, Default: scenario.FormatNumber(df.PlanTTFTS.Value), Note: d.Note(t, df.PlanTTFTS), Help: t.T("plan.in.ttft_help")})
	tpot := r.Number(scenario.Field{Key: "tpot", Label: t.T("plan.in.tpot"), Unit: t.T("plan.unit.ms"), Section: section,
		Min: 0.1, Max: 60000, Default: scenario.FormatNumber(df.PlanTPOTMS.Value), Note: d.Note(t, df.PlanTPOTMS), Help: t.T("plan.in.tpot_help")})
	if kind == "tokens" {
		r.Hide("slo")
		return perf.Target{TTFT: ttft, TPOT: tpot / 1000}
	}
	r.Hide("ttft", "tpot")
	return out
}

// CheckPresets checks that every preset of the plan reads without an
// error; the data's own checks hold the rest of a preset. The plan shows
// no article's figures, so a preset claims none.
func CheckPresets(d apicompare.Data) error {
	return errors.Join(scenario.ResolvePresets(d.PlanPresets, func(q string) ([]scenario.Input, []string) {
		s := Resolve(q, d)
		return s.Inputs, s.Unknown
	}, func(scenario.Claim) string { return "the plan shows no claims" })...)
}

// Convert returns the query with its figures shown in the currency of
// code: the plan takes no amounts, so only the currency changes.
func Convert(rawQuery, code string, d apicompare.Data) string {
	q := scenario.ParseQuery(rawQuery)
	q[scenario.CurrencyKey] = []string{money.Lookup(code).Code}
	return Resolve(q.Encode(), d).Query
}
