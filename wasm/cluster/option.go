package cluster

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/view"
)

// OptionDefault is what an option starts as.
type OptionDefault struct {
	Kind tco.Kind
	GPU  string
}

// OptionDefaults are what the TCO calculator's options a-d start as.
var OptionDefaults = [view.MaxOptions]OptionDefault{{tco.Owned, "a100-80gb-sxm"}, {tco.Owned, "h100-sxm"}, {tco.Rented, "h100-sxm"}, {tco.Rented, "a100-80gb-sxm"}}

// defaultGPUs is how many GPUs an option starts with.
const defaultGPUs = 8

func currencyChoices() []scenario.Choice {
	cs := make([]scenario.Choice, len(money.Currencies))
	for i, c := range money.Currencies {
		cs[i] = scenario.Choice{Value: c.Code, Label: c.Code + " (" + c.Symbol + ")"}
	}
	return cs
}

// gpuChoices are the catalog's GPUs, and the custom GPU when the
// calculator has its fields.
func gpuChoices(t *msg.Catalog, c gpu.Catalog, cu *Customs) []scenario.Choice {
	cs := make([]scenario.Choice, len(c.GPUs), len(c.GPUs)+1)
	for i, g := range c.GPUs {
		cs[i] = scenario.Choice{Value: g.ID, Label: g.Vendor + " " + g.Name}
	}
	if cu != nil {
		cs = append(cs, scenario.Choice{Value: custom.ID, Label: t.T("mem.gpu.custom")})
	}
	return cs
}

// Customs are the custom model and GPU that an option may choose.
type Customs struct {
	Model model.Model
	GPU   gpu.GPU
}

// Note says, in the language of t, where figure f comes from.
func (d Data) Note(t *msg.Catalog, f fact.Figure) string {
	return fact.NoteIn(t, f, d.source(f.Source))
}

// source finds a source by key in the GPU catalog's sources or the TCO
// data's.
func (d Data) source(key string) fact.Source {
	if src, ok := d.GPUs.Sources[key]; ok {
		return src
	}
	return d.Sources[key]
}

func num(v float64) string { return scenario.FormatNumber(v) }

// rounded writes a converted amount to 4 significant digits.
func rounded(v float64) string { return scenario.Significant(v, 4) }

// FXDefault is the default number of display-currency units per US dollar.
func (d Data) FXDefault(code string) fact.Figure {
	switch code {
	case "EUR":
		return d.Defaults.EURPerUSD
	case "CNY":
		return d.Defaults.CNYPerUSD
	}
	return fact.Figure{Value: 1}
}

// throughputDefault returns the published tokens/s for g, or the reference
// row scaled by memory bandwidth, and the precision it is at.
func (d Data) throughputDefault(t *msg.Catalog, g gpu.GPU) (float64, string, string) {
	var ref ThroughputRow
	for _, r := range d.Throughput.Rows {
		if r.GPU == g.ID {
			return r.TokensPerSec.Value, d.Note(t, r.TokensPerSec), r.Precision
		}
		if r.GPU == d.Throughput.Reference {
			ref = r
		}
	}
	refGPU, _ := d.GPUs.Find(ref.GPU)
	v := math.Round(ref.TokensPerSec.Value * g.BandwidthGBps.Value / refGPU.BandwidthGBps.Value)
	return v, t.F("tco.tps_scaled", "gpu", refGPU.Name, "tps", t.Digits(num(ref.TokensPerSec.Value)),
		"bw", t.Digits(num(g.BandwidthGBps.Value)), "refbw", t.Digits(num(refGPU.BandwidthGBps.Value))), ref.Precision
}

// Estimate is an option's throughput from the estimator (package perf):
// a model in a precision at a batch on the fewest GPUs that hold it, in
// tensor parallelism within one server.
type Estimate struct {
	Setup perf.Setup
	Point perf.Point
	Load  perf.Load // for sizing under a latency target
	Note  string
	// Precision is the estimate's, a serving.Precisions value.
	Precision string
	// Platform is the GPU's (band.PlatformOf) and Build the era of the
	// engine's builds estimated for (serving.Build Key), whose error bands
	// apply.
	Platform, Build string
}

// Kind is the kind of the estimate's figures of metric m for requests
// of in and out tokens, whose error band applies.
func (e *Estimate) Kind(m band.Metric, in, out float64) band.Kind {
	return band.Kind{Metric: m, Input: in, Output: out, MoE: e.Setup.Model.Experts > 0, Platform: e.Platform, Build: e.Build}
}

// readEstimate reads the estimator's fields of an option: the estimate,
// nil when the throughput is typed in or the model does not fit one
// server, and whether the custom model is chosen.
func readEstimate(r *scenario.Resolver, d Data, k func(string) string, g gpu.GPU, only string, cu *Customs) (*Estimate, bool) {
	pd := d.Perf
	t := r.M
	models := []scenario.Choice{{Value: "", Label: t.T("tco.pm.typed")}}
	for _, m := range pd.Memory.Models.Models {
		models = append(models, scenario.Choice{Value: m.ID, Label: t.F("tco.pm.estimated", "model", m.Name)})
	}
	if cu != nil {
		models = append(models, scenario.Choice{Value: custom.ID, Label: t.T("tco.pm.custom")})
	}
	// An edition's default estimate (Defaults.Estimate) makes every
	// option start estimated for one model in one precision.
	defModel, defPrecision, modelNote := "", "bf16", ""
	if de := d.Defaults.Estimate; de.Model != "" {
		defModel, defPrecision = de.Model, de.Precision
		modelNote = fact.NoteIn(t, fact.Figure{Source: de.Source, AsOf: de.AsOf, Note: de.Note, NoteDE: de.NoteDE}, d.source(de.Source))
	}
	modelID := r.Choice(scenario.Field{Only: only, Key: k("pm"), Label: t.T("tco.in.pm"), Default: defModel, Choices: models,
		Note: modelNote, Help: t.T("tco.in.pm_help")})
	precision := r.Choice(scenario.Field{Only: only, Key: k("pp"), Label: t.T("tco.in.pp"),
		Default: pd.Memory.DefaultPrecision(modelID, defModel, defPrecision), Choices: serving.PrecisionChoices(t), Help: t.T("tco.in.pp_help")})
	batch := r.Int(scenario.Field{Only: only, Key: k("pb"), Label: t.T("tco.in.pb"), Unit: t.T("tco.unit.requests"), Min: 1, Max: 4096,
		Default: num(pd.Defaults.Batch.Value), Help: t.T("tco.in.pb_help")})
	ef := pd.EngineField(t, k("pe"), "")
	ef.Only = only
	engine, build := pd.ReadEngine(r, ef)
	// A replica of more GPUs than hold the model answers sooner and may
	// keep more requests per GPU (the plan chooses one so, and links it).
	tpChoices := []scenario.Choice{{Value: "auto", Label: t.T("tco.tp.fewest")}}
	for n := 1; n <= memory.ServerGPUs; n *= 2 {
		label := t.F("tco.tp.n", "n", strconv.Itoa(n))
		if n == 1 {
			label = t.T("tco.tp.one")
		}
		tpChoices = append(tpChoices, scenario.Choice{Value: strconv.Itoa(n), Label: label})
	}
	tpChoice := r.Choice(scenario.Field{Only: only, Key: k("ptp"), Label: t.T("tco.in.ptp"), Default: "auto", Choices: tpChoices,
		Help: t.T("tco.in.ptp_help")})
	isCustom := modelID == custom.ID
	arithmetic := precision // what the GPUs compute in
	if text, refused := pd.Memory.Precision(t, &g, precision); refused {
		r.Reject(k("pp"), text)
		precision, arithmetic = "bf16", "bf16"
	} else if text != "" {
		r.Warn(k("pp"), text)
		arithmetic = "bf16"
	}
	if modelID == "" {
		// A throughput typed in: the estimator's precision, batch,
		// engine and replica do not apply, and the form hides them.
		r.Hide(k("pp"), k("pb"), k("pe"), k("ptp"))
		return nil, isCustom
	}
	in, out := int(pd.Defaults.PromptTokens.Value), int(pd.Defaults.OutputTokens.Value)
	kv := serving.KVFormat(arithmetic)
	m, ok := pd.Memory.Models.Find(modelID)
	if !ok {
		m = cu.Model
	}
	eff, _, _ := pd.EfficiencyFor(engine.ID, build, g, precision)
	s, _ := pd.Setup(m, g, 1, precision, kv, eff)
	if in+out > s.Model.MaxContext {
		r.Reject(k("pm"), t.F("tco.err.context", "in", strconv.Itoa(in), "out", strconv.Itoa(out), "model", s.Model.Name,
			"context", strconv.Itoa(s.Model.MaxContext)))
		return nil, isCustom
	}
	tp, ok := memory.FewestTP(pd.Memory.OnEngine(engine, s.Model, s.Weights, s.KV, g, 1), in+out, batch)
	if !ok || tp > memory.ServerGPUs {
		need := t.F("mem.more_than", "n", strconv.Itoa(memory.MaxGPUs))
		if ok {
			need = "≥ " + strconv.Itoa(tp)
		}
		r.Reject(k("pm"), t.F("tco.err.fit", "model", s.Model.Name, "batch", strconv.Itoa(batch), "gpu", g.Name, "need", need))
		return nil, isCustom
	}
	if n, err := strconv.Atoi(tpChoice); err == nil {
		switch {
		case n < tp:
			r.Reject(k("ptp"), t.F("tco.err.ptp_fit", "model", s.Model.Name, "gpu", g.Name, "n", strconv.Itoa(tp)))
		case serving.TPError(t, s.Model, n) != "":
			r.Reject(k("ptp"), serving.TPError(t, s.Model, n))
		default:
			tp = n
		}
	}
	s.TP = tp
	e := &Estimate{Setup: s, Point: s.At(float64(batch), float64(in), float64(out)), Load: pd.LoadOn(engine, s, g, in, out), Precision: precision,
		Platform: band.PlatformOf(g.Vendor), Build: pd.BuildKey(engine.ID, build, g)}
	e.Note = t.F("tco.estimated", "model", s.Model.Name, "precision", precision, "batch", strconv.Itoa(batch), "in", strconv.Itoa(in),
		"out", strconv.Itoa(out), "tp", strconv.Itoa(tp))
	return e, isCustom
}

// ReadOption reads the fields of an option whose keys start with prefix
// and ".". Money is entered in the display currency (fx units per USD) and
// converted to USD for the engine. With cu, the option may choose the
// custom model and GPU.
func ReadOption(r *scenario.Resolver, d Data, prefix string, def OptionDefault, cur money.Currency, fx float64, cu *Customs) Option {
	l := prefix
	t := r.M
	k := func(name string) string { return l + "." + name }
	o := Option{Letter: l}
	o.Kind = tco.Kind(r.Choice(scenario.Field{Key: k("kind"), Label: t.T("tco.in.kind"), Default: string(def.Kind),
		Help:    t.T("tco.in.kind_help"),
		Choices: []scenario.Choice{{Value: string(tco.Owned), Label: t.T("tco.kind.owned")}, {Value: string(tco.Rented), Label: t.T("tco.kind.rented")}}}))
	gpuID := r.Choice(scenario.Field{Key: k("gpu"), Label: "GPU", Default: def.GPU, Choices: gpuChoices(t, d.GPUs, cu),
		Help: t.T("tco.in.gpu_help")})
	o.GPU, _ = d.GPUs.Find(gpuID)
	if gpuID == custom.ID {
		o.GPU = cu.GPU
	}
	g := o.GPU
	only := "" // the kind of option the next fields apply to
	// label and help are keys of the catalogs; unit is one too, of a
	// unit with a {code} for the currency.
	pinned := false // a language's own default (ReadCurrency)
	// usdField reads an amount typed in the scenario's currency as US
	// dollars.
	usdField := func(name, label, unit, help string, usd float64, note string) float64 {
		return r.Number(scenario.Field{Only: only, Key: k(name), Label: t.T(label), Unit: t.F(unit, "code", cur.Code), Help: t.T(help),
			Min: 0, Max: 1e9, Default: rounded(usd * fx), Note: note, Money: true, Pinned: pinned}) / fx
	}
	figureNote := func(f *fact.Figure, missing string) (float64, string) {
		if f == nil {
			return 0, missing
		}
		return f.Value, d.Note(t, *f)
	}
	df := d.Defaults
	opt := tco.Option{Kind: o.Kind}
	opt.GPUs = r.Int(scenario.Field{Only: only, Key: k("n"), Label: "GPUs", Unit: "GPUs", Min: 1, Max: 100000,
		Default: strconv.Itoa(defaultGPUs), Help: t.T("tco.in.n_help")})
	tps, tpsNote, precision := d.throughputDefault(t, g)
	o.Custom.GPU = gpuID == custom.ID
	o.Estimate, o.Custom.Model = readEstimate(r, d, k, g, only, cu)
	if e := o.Estimate; e != nil {
		tps, tpsNote, precision = e.Point.TokensPerSecondGPU, e.Note, e.Precision
	}
	// An estimate is good to a few per cent, not to 17 digits: the form
	// shows it as a reader would type it.
	opt.TokensPerSecondPerGPU = r.Number(scenario.Field{Only: only, Key: k("tps"), Label: t.T("tco.in.tps"), Unit: t.T("tco.unit.tps"),
		Min: 0.1, Max: 1e6, Default: scenario.Significant(tps, 4), Note: tpsNote,
		Help: t.T("tco.in.tps_help")})
	if !r.Inputs[len(r.Inputs)-1].Explicit {
		o.Precision = precision
	} else if d.Defaults.Estimate.Model != "" {
		// Where every option starts estimated, a throughput typed in is
		// the reader's own: no estimator's band or sizing goes with it.
		// Editions before keep the estimate, as their links were
		// published.
		o.Estimate = nil
	}
	opt.LoadFactor = r.Number(scenario.Field{Only: only, Key: k("load"), Label: t.T("tco.in.load"), Unit: t.T("mem.unit.fraction"), Min: 0.01, Max: 1,
		Default: num(df.LoadFactor.Value), Note: d.Note(t, df.LoadFactor),
		Help: t.T("tco.in.load_help")})

	// What the servers draw counts for either kind: an owned cluster's
	// electricity, and the energy of any option.
	only = string(tco.Owned)
	opt.GPUsPerServer = r.Int(scenario.Field{Key: k("gps"), Label: t.T("tco.in.gps"), Unit: "GPUs", Min: 1, Max: 16,
		Default: num(df.GPUsPerServer.Value), Note: d.Note(t, df.GPUsPerServer), Help: t.T("tco.in.gps_help")})
	price, priceNote := figureNote(g.PurchaseUSD, t.T("tco.no_price"))
	opt.GPUPriceUSD = usdField("gp", "tco.in.gp", "tco.unit.code", "tco.in.gp_help", price, priceNote)
	if o.Kind == tco.Owned && g.PurchaseUSD == nil {
		o.needsPrice(r, k("gp"))
	}
	opt.ServerPriceUSD = usdField("sp", "tco.in.sp", "tco.unit.per_server", "tco.in.sp_help",
		df.ServerUSD.Value, d.Note(t, df.ServerUSD))
	opt.NetworkPriceUSD = usdField("net", "tco.network", "tco.unit.per_server", "tco.in.net_help",
		df.NetworkUSD.Value, d.Note(t, df.NetworkUSD))
	powerNote := d.Note(t, g.TDPW)
	if o.Custom.GPU {
		powerNote = t.T("tco.custom_power")
	}
	drawn := df.drawn()
	wLabel, wHelp := "tco.in.w", "tco.in.w_help"
	if drawn {
		wLabel, wHelp = "tco.in.w_rated", "tco.in.w_rated_help"
	}
	opt.GPUPowerW = r.Number(scenario.Field{Key: k("w"), Label: t.T(wLabel), Unit: "W", Min: 1, Max: 5000,
		Default: num(g.TDPW.Value), Note: powerNote, Help: t.T(wHelp)})
	if drawn {
		idle := r.Number(scenario.Field{Key: k("wi"), Label: t.T("tco.in.wi"), Unit: t.T("tco.unit.pct_rated"), Min: 0, Max: 100,
			Default: num(df.GPUIdlePct.Value), Note: d.Note(t, df.GPUIdlePct), Help: t.T("tco.in.wi_help")})
		full := r.Number(scenario.Field{Key: k("wf"), Label: t.T("tco.in.wf"), Unit: t.T("tco.unit.pct_rated"), Min: 1, Max: 110,
			Default: num(df.GPUServingFullPct.Value), Note: d.Note(t, df.GPUServingFullPct), Help: t.T("tco.in.wf_help")})
		opt.Draw = df.Draw(idle, full)
	}
	opt.ServerOverheadW = r.Number(scenario.Field{Key: k("ow"), Label: t.T("tco.in.ow"), Unit: t.T("tco.unit.w_server"), Min: 0, Max: 50000,
		Default: num(df.ServerOverheadW.Value), Note: d.Note(t, df.ServerOverheadW), Help: t.T("tco.in.ow_help")})
	opt.PUE = r.Number(scenario.Field{Key: k("pue"), Label: "PUE", Unit: t.T("tco.unit.ratio"), Min: 1, Max: 3,
		Default: num(df.PUE.Value), Note: d.Note(t, df.PUE), Help: t.T("tco.in.pue_help")})
	kwhUSD, kwh, local := d.ElectricityDefault(t, cur, fx)
	pinned = local && o.Kind == tco.Owned
	opt.ElectricityUSDPerKWh = usdField("kwh", "tco.in.kwh", "tco.unit.kwh", "tco.in.kwh_help", kwhUSD, d.Note(t, kwh))
	pinned = false
	opt.MaintenancePctPerYear = r.Number(scenario.Field{Only: only, Key: k("mnt"), Label: t.T("tco.maintenance"), Unit: t.T("tco.unit.pct_capex_year"), Min: 0, Max: 100,
		Default: num(df.MaintenancePct.Value), Note: d.Note(t, df.MaintenancePct), Help: t.T("tco.in.mnt_help")})
	opt.StaffUSDPerYear = usdField("staff", "tco.staff", "tco.unit.per_year", "tco.in.staff_help",
		df.StaffUSDPerYear.Value, d.Note(t, df.StaffUSDPerYear))
	opt.ColocationUSDPerKWMonth = usdField("colo", "tco.colocation", "tco.unit.per_kw_month", "tco.in.colo_help", 0, "")
	opt.CostOfCapitalPct = r.Number(scenario.Field{Only: only, Key: k("coc"), Label: t.T("tco.capital"), Unit: t.T("tco.unit.pct_year"), Min: 0, Max: 100,
		Default: "0", Help: t.T("tco.in.coc_help")})
	opt.ResidualPct = r.Number(scenario.Field{Only: only, Key: k("res"), Label: t.T("tco.residual"), Unit: t.T("tco.unit.pct_capex"), Min: 0, Max: 100,
		Default: "0", Help: t.T("tco.in.res_help")})

	only = string(tco.Rented)
	rent, rentNote := figureNote(g.RentUSDPerHour, t.T("tco.no_rent"))
	// The offers are the chosen GPU's, in data order: a link's cloud=N
	// is the Nth of them, the one its figures were computed with.
	offers := d.Rental.For(g.ID)
	cloud := []scenario.Choice{{Value: "0", Label: t.T("tco.cloud.table")}}
	cloudHelp, hrHelp := "tco.in.cloud_help", "tco.in.hr_help"
	// The median is of the prices on demand: a spot or committed price
	// is paid on other terms.
	onDemand := slices.DeleteFunc(slices.Clone(offers), func(of gpu.Offer) bool { return of.Term != "" })
	if d.Defaults.RentMedianOfOffers.Value == 1 && len(onDemand) > 0 {
		median, low, high, from, to := medianOffer(onDemand)
		rent = median
		rentNote = t.F("tco.rent_median", "n", strconv.Itoa(len(onDemand)), "low", t.Digits(num(low)), "high", t.Digits(num(high)),
			"from", t.Date(from), "to", t.Date(to))
		cloud[0].Label = t.F("tco.cloud.median", "price", t.Digits(rounded(median)), "n", strconv.Itoa(len(onDemand)))
		cloudHelp, hrHelp = "tco.in.cloud_help_median", "tco.in.hr_help_median"
	}
	for j, of := range offers {
		cloud = append(cloud, scenario.Choice{Value: strconv.Itoa(j + 1),
			Label: t.F("tco.cloud.offer", "provider", of.Provider, "instance", of.InstanceIn(t), "price", t.Digits(num(of.USDPerGPUHour)), "date", t.Date(of.AsOf))})
	}
	pick := r.Choice(scenario.Field{Only: only, Key: k("cloud"), Label: t.T("tco.in.cloud"), Default: "0", Choices: cloud,
		Help: t.T(cloudHelp)})
	if j, _ := strconv.Atoi(pick); j > 0 && j <= len(offers) {
		of := offers[j-1]
		rent, rentNote = of.USDPerGPUHour, fact.NoteIn(t, fact.Figure{Source: of.Source, AsOf: of.AsOf, Unconfirmed: of.Unconfirmed,
			Note: t.F("tco.cloud.used", "provider", of.Provider, "instance", of.InstanceIn(t))}, d.Rental.Sources[of.Source])
	}
	opt.RentUSDPerGPUHour = usdField("hr", "tco.in.hr", "tco.unit.per_gpu_hour", hrHelp, rent, rentNote)
	// Every rental price of the data is at least $0.01 (gpu.Catalog and
	// gpu.Rental Validate), so a default of 0 is one the data does not
	// have, whichever figure or offer the default comes from.
	if o.Kind == tco.Rented && rent == 0 {
		o.needsPrice(r, k("hr"))
	}
	opt.RentedHoursPerMonth = r.Number(scenario.Field{Only: only, Key: k("hpm"), Label: t.T("tco.in.hpm"), Unit: t.T("tco.unit.hours_month"), Min: 1, Max: 744,
		Default: num(df.RentedHoursPerMonth.Value), Note: d.Note(t, df.RentedHoursPerMonth), Help: t.T("tco.in.hpm_help")})
	o.Option = opt
	return o
}

// ElectricityDefault is the default electricity price of a page in the
// language of t showing cur at fx units per US dollar: in US dollars a
// kWh, the figure it comes from, and whether that is the language's own
// (LanguageDefaults), which the page's link then pins, so that it gives
// the same figures in any language.
func (d Data) ElectricityDefault(t *msg.Catalog, cur money.Currency, fx float64) (usd float64, f fact.Figure, local bool) {
	l := d.local(t)
	if l.ElectricityPerKWh == nil {
		return d.Defaults.ElectricityUSDPerKWh.Value, d.Defaults.ElectricityUSDPerKWh, false
	}
	// A price in the language's currency: shown as its source states it
	// when the page shows that currency, else converted at the
	// currency's default rate.
	rate := d.FXDefault(l.Currency).Value
	if cur.Code == l.Currency {
		rate = fx
	}
	return l.ElectricityPerKWh.Value / rate, *l.ElectricityPerKWh, true
}

// needsPrice marks the option unpriced when the reader left its price
// field, the last one read with key, at a default the data does not have
// (0 stands in the form): a price typed in, even 0, is the reader's
// figure. The field then says what to enter.
func (o *Option) needsPrice(r *scenario.Resolver, key string) {
	if in := r.Inputs[len(r.Inputs)-1]; in.Key != key || in.Explicit {
		return
	}
	o.NeedsPrice = key
	r.Warn(key, r.M.T("tco.needs_price_field"))
}

// medianOffer returns the median price of offers (the mean of the
// middle two when their number is even), the lowest and highest price,
// and the first and last date among them.
func medianOffer(offers []gpu.Offer) (median, low, high float64, from, to string) {
	prices := make([]float64, len(offers))
	from, to = offers[0].AsOf, offers[0].AsOf
	for i, of := range offers {
		prices[i] = of.USDPerGPUHour
		from, to = min(from, of.AsOf), max(to, of.AsOf)
	}
	slices.Sort(prices)
	n := len(prices)
	median = prices[n/2]
	if n%2 == 0 {
		median = (prices[n/2-1] + prices[n/2]) / 2
	}
	return median, prices[0], prices[n-1], from, to
}

// Option is one option as read from the scenario.
type Option struct {
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

// Sized is the option's cost over years with gpus GPUs, as sized for a
// demand.
func (o Option) Sized(gpus int, years float64) tco.Result { return o.SizedFor(gpus, 1, years) }

// SizedFor is Sized for gpus rented share of the option's hours a month
// (1: all of them), as an autoscaled deployment rents some of its GPUs;
// an owned option's cost does not depend on share.
func (o Option) SizedFor(gpus int, share, years float64) tco.Result {
	c := o.Option
	c.GPUs = gpus
	if c.Kind == tco.Rented {
		c.RentedHoursPerMonth *= share
	}
	return tco.Compute(c, years)
}

// Running is SizedFor with the GPUs serving all of their hours at share
// u of their capacity, as a plan's replicas do while they run, where the
// edition models what a GPU draws (tco.Draw): tokens and energy follow
// u. In editions before, it is SizedFor, at the option's load factor, as
// their links were published.
func (o Option) Running(gpus int, share, u, years float64) tco.Result {
	if o.Option.Draw != (tco.Draw{}) {
		o.Option.LoadFactor, o.Option.Slack = 1, 1-min(max(u, 0), 1)
	}
	return o.SizedFor(gpus, share, years)
}

// Starting is SizedFor with the GPUs loading a replica for share of the
// option's hours, drawing their idle power and serving nothing, where the
// edition models what a GPU draws; in editions before, it is SizedFor.
func (o Option) Starting(gpus int, share, years float64) tco.Result {
	if o.Option.Draw != (tco.Draw{}) {
		o.Option.LoadFactor = 0
	}
	return o.SizedFor(gpus, share, years)
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
	cur := money.Lookup(r.Choice(scenario.Field{Key: scenario.CurrencyKey, Label: t.T("tco.in.cur"), Section: section, Default: def, Choices: currencyChoices(), FoldCase: true, Pinned: local,
		Help: t.T("tco.in.cur_help")}))
	fxDefault := d.FXDefault(cur.Code)
	fxNote := ""
	if cur.Code != "USD" {
		fxNote = d.Note(t, fxDefault)
	}
	fx := r.Number(scenario.Field{Key: scenario.FXKey, Label: t.T("tco.in.fx"), Unit: t.F("tco.unit.per_usd", "code", cur.Code), Section: section, Min: 0.0001, Max: 100000,
		Default: num(fxDefault.Value), Note: fxNote, Help: t.T("tco.in.fx_help")})
	return cur, fx
}

// PriceLabel names the price field that the unpriced option o needs, in
// the language of m.
func PriceLabel(m *msg.Catalog, o Option) string {
	if strings.HasSuffix(o.NeedsPrice, ".hr") {
		return m.T("tco.in.hr")
	}
	return m.T("tco.in.gp")
}

// NeedsPrice returns c as a figure that an unknown price feeds, in the
// language of m: no value (the API leaves it out), last in a sorted
// column, and note, which names the field to fill in.
func NeedsPrice(m *msg.Catalog, c view.Cell, note string) view.Cell {
	c.Value, c.Order, c.Text, c.Note = -1, view.Absent, m.T("tco.needs_price"), note
	return c
}
