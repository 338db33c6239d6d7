package tcoview

import (
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
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
	keyCurrency = scenario.CurrencyKey
	keyFX       = scenario.FXKey
	keyYears    = "y"
	keyCount    = "k"
)

// OptionDefault is what an option starts as.
type OptionDefault struct {
	Kind tco.Kind
	GPU  string
}

// optionDefaults are what options a-d start as.
var optionDefaults = [MaxOptions]OptionDefault{{tco.Owned, "a100-80gb-sxm"}, {tco.Owned, "h100-sxm"}, {tco.Rented, "h100-sxm"}, {tco.Rented, "a100-80gb-sxm"}}

const defaultCount = 3
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
func gpuChoices(c gpu.Catalog, cu *Customs) []scenario.Choice {
	cs := make([]scenario.Choice, len(c.GPUs), len(c.GPUs)+1)
	for i, g := range c.GPUs {
		cs[i] = scenario.Choice{Value: g.ID, Label: g.Vendor + " " + g.Name}
	}
	if cu != nil {
		cs = append(cs, scenario.Choice{Value: custom.ID, Label: "Custom (the Custom GPU fields)"})
	}
	return cs
}

// Customs are the custom model and GPU that an option may choose.
type Customs struct {
	Model model.Model
	GPU   gpu.GPU
}

// sourceNote says where a default comes from.
func (d Data) sourceNote(f fact.Figure) string { return fact.Note(f, d.source(f.Source)) }

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
func (d Data) throughputDefault(g gpu.GPU) (float64, string, string) {
	var ref ThroughputRow
	for _, r := range d.Throughput.Rows {
		if r.GPU == g.ID {
			return r.TokensPerSec.Value, d.sourceNote(r.TokensPerSec), r.Precision
		}
		if r.GPU == d.Throughput.Reference {
			ref = r
		}
	}
	refGPU, _ := d.GPUs.Find(ref.GPU)
	v := math.Round(ref.TokensPerSec.Value * g.BandwidthGBps.Value / refGPU.BandwidthGBps.Value)
	return v, "Estimate: " + refGPU.Name + "'s published " + num(ref.TokensPerSec.Value) +
		" tok/s scaled by memory bandwidth (" + num(g.BandwidthGBps.Value) + " / " + num(refGPU.BandwidthGBps.Value) +
		" GB/s). Enter a measured figure if you have one.", ref.Precision
}

// Estimate is an option's throughput from the estimator (package perf):
// a model in a precision at a batch on the fewest GPUs that hold it, in
// tensor parallelism within one server.
type Estimate struct {
	Setup perf.Setup
	Point perf.Point
	Load  perf.Load // for sizing under a latency target
	Note  string
	// Precision is the estimate's, a perfview.Precisions value.
	Precision string
}

// readEstimate reads the estimator's fields of an option: the estimate,
// nil when the throughput is typed in or the model does not fit one
// server, and whether the custom model is chosen.
func readEstimate(r *scenario.Resolver, d Data, k func(string) string, g gpu.GPU, only string, cu *Customs) (*Estimate, bool) {
	pd := d.Perf
	models := []scenario.Choice{{Value: "", Label: "Typed in (below)"}}
	for _, m := range pd.Memory.Models.Models {
		models = append(models, scenario.Choice{Value: m.ID, Label: m.Name + " (estimated)"})
	}
	if cu != nil {
		models = append(models, scenario.Choice{Value: custom.ID, Label: "Custom model, or from Hugging Face (estimated from the Custom model fields)"})
	}
	modelID := r.Choice(scenario.Field{Only: only, Key: k("pm"), Label: "Throughput from", Default: "", Choices: models,
		Help: "Estimate tokens/s per GPU for a model with the throughput estimator, or type a measured figure below."})
	precision := r.Choice(scenario.Field{Only: only, Key: k("pp"), Label: "Estimator precision", Default: "bf16", Choices: perfview.Precisions,
		Help: "Weights and matrix products for the estimate."})
	batch := r.Int(scenario.Field{Only: only, Key: k("pb"), Label: "Estimator batch", Unit: "requests", Min: 1, Max: 4096,
		Default: num(pd.Defaults.Batch.Value), Help: "Requests served together in the estimate."})
	isCustom := modelID == custom.ID
	if msg := perfview.PrecisionError(g, precision); msg != "" {
		r.Reject(k("pp"), msg)
		precision = "bf16"
	}
	if modelID == "" {
		return nil, isCustom
	}
	in, out := int(pd.Defaults.PromptTokens.Value), int(pd.Defaults.OutputTokens.Value)
	// The KV cache in the precision's format; FP4 serving keeps it in FP8,
	// the smallest KV format the engines have.
	kv := precision
	if precision == "fp4" {
		kv = "fp8"
	}
	m, ok := pd.Memory.Models.Find(modelID)
	if !ok {
		m = cu.Model
	}
	s, _ := perfview.Setup(m, g, 1, precision, kv, pd.Efficiency())
	if in+out > s.Model.MaxContext {
		r.Reject(k("pm"), "The estimator's "+strconv.Itoa(in)+" tokens in and "+strconv.Itoa(out)+" out exceed "+s.Model.Name+
			"'s context of "+strconv.Itoa(s.Model.MaxContext)+" tokens.")
		return nil, isCustom
	}
	tp, ok := memory.FewestTP(pd.Memory.OnGPU(s.Model, s.Weights, s.KV, g, 1), in+out, batch)
	if !ok || tp > memory.ServerGPUs {
		need := "more than " + strconv.Itoa(memory.MaxGPUs)
		if ok {
			need = "≥ " + strconv.Itoa(tp)
		}
		r.Reject(k("pm"), s.Model.Name+" at batch "+strconv.Itoa(batch)+" on "+g.Name+" does not fit: needs "+need+
			" GPUs, more than one server holds. No throughput is estimated; the figure below is the default.")
		return nil, isCustom
	}
	s.TP = tp
	e := &Estimate{Setup: s, Point: s.At(float64(batch), float64(in), float64(out)), Load: pd.Load(s, g, in, out), Precision: precision}
	e.Note = "Estimated: " + s.Model.Name + " in " + precision + ", batch " + strconv.Itoa(batch) + ", " + strconv.Itoa(in) + " tokens in / " +
		strconv.Itoa(out) + " out, on " + strconv.Itoa(tp) + " GPU(s) per replica (throughput estimator)."
	return e, isCustom
}

// ReadOption reads the fields of an option whose keys start with prefix
// and ".". Money is entered in the display currency (fx units per USD) and
// converted to USD for the engine. With cu, the option may choose the
// custom model and GPU.
func ReadOption(r *scenario.Resolver, d Data, prefix string, def OptionDefault, cur money.Currency, fx float64, cu *Customs) OptionInput {
	l := prefix
	k := func(name string) string { return l + "." + name }
	o := OptionInput{Letter: l}
	o.Kind = tco.Kind(r.Choice(scenario.Field{Key: k("kind"), Label: "Kind", Default: string(def.Kind),
		Help:    "Buy and run a cluster, or rent GPUs by the hour.",
		Choices: []scenario.Choice{{Value: string(tco.Owned), Label: "Owned cluster"}, {Value: string(tco.Rented), Label: "Rented GPUs"}}}))
	gpuID := r.Choice(scenario.Field{Key: k("gpu"), Label: "GPU", Default: def.GPU, Choices: gpuChoices(d.GPUs, cu),
		Help: "GPU model; sets the defaults for price, power and throughput."})
	o.GPU, _ = d.GPUs.Find(gpuID)
	if gpuID == custom.ID {
		o.GPU = cu.GPU
	}
	g := o.GPU
	only := "" // the kind of option the next fields apply to
	money := func(name, label, unit, help string, usd float64, note string) float64 {
		return r.Number(scenario.Field{Only: only, Key: k(name), Label: label, Unit: cur.Code + unit, Help: help,
			Min: 0, Max: 1e9, Default: rounded(usd * fx), Note: note, Money: true}) / fx
	}
	figureNote := func(f *fact.Figure, missing string) (float64, string) {
		if f == nil {
			return 0, missing
		}
		return f.Value, d.sourceNote(*f)
	}
	df := d.Defaults
	opt := tco.Option{Kind: o.Kind}
	opt.GPUs = r.Int(scenario.Field{Only: only, Key: k("n"), Label: "GPUs", Unit: "GPUs", Min: 1, Max: 100000,
		Default: strconv.Itoa(defaultGPUs), Help: "Number of GPUs in the cluster, or rented at once."})
	tps, tpsNote, precision := d.throughputDefault(g)
	o.Custom.GPU = gpuID == custom.ID
	o.Estimate, o.Custom.Model = readEstimate(r, d, k, g, only, cu)
	if e := o.Estimate; e != nil {
		tps, tpsNote, precision = e.Point.TokensPerSecondGPU, e.Note, e.Precision
	}
	// An estimate is good to a few per cent, not to 17 digits: the form
	// shows it as a reader would type it.
	opt.TokensPerSecondPerGPU = r.Number(scenario.Field{Only: only, Key: k("tps"), Label: "Throughput", Unit: "tokens/s per GPU",
		Min: 0.1, Max: 1e6, Default: scenario.Significant(tps, 4), Note: tpsNote,
		Help: "Output tokens per second one GPU sustains while serving your model and batch size."})
	if !r.Inputs[len(r.Inputs)-1].Explicit {
		o.Precision = precision
	}
	opt.LoadFactor = r.Number(scenario.Field{Only: only, Key: k("load"), Label: "Average load", Unit: "fraction", Min: 0.01, Max: 1,
		Default: num(df.LoadFactor.Value), Note: d.sourceNote(df.LoadFactor),
		Help: "Share of the time the GPUs are serving; scales tokens and GPU power."})

	only = string(tco.Owned)
	opt.GPUsPerServer = r.Int(scenario.Field{Only: only, Key: k("gps"), Label: "GPUs per server", Unit: "GPUs", Min: 1, Max: 16,
		Default: num(df.GPUsPerServer.Value), Note: d.sourceNote(df.GPUsPerServer), Help: "How many GPUs share one server chassis."})
	price, priceNote := figureNote(g.PurchaseUSD, "No sourced purchase price for this GPU: enter your quote.")
	opt.GPUPriceUSD = money("gp", "GPU price", "", "Purchase price of one GPU.", price, priceNote)
	opt.ServerPriceUSD = money("sp", "Server price", " per server", "Chassis, CPUs, memory, storage; without GPUs.",
		df.ServerUSD.Value, d.sourceNote(df.ServerUSD))
	opt.NetworkPriceUSD = money("net", "Network", " per server", "InfiniBand or Ethernet fabric: NICs, switch ports, cables.",
		df.NetworkUSD.Value, d.sourceNote(df.NetworkUSD))
	powerNote := d.sourceNote(g.TDPW)
	if o.Custom.GPU {
		powerNote = "Default: the Custom GPU's power."
	}
	opt.GPUPowerW = r.Number(scenario.Field{Only: only, Key: k("w"), Label: "GPU power at load", Unit: "W", Min: 1, Max: 5000,
		Default: num(g.TDPW.Value), Note: powerNote, Help: "Draw of one GPU while serving; its TDP by default."})
	opt.ServerOverheadW = r.Number(scenario.Field{Only: only, Key: k("ow"), Label: "Server overhead", Unit: "W per server", Min: 0, Max: 50000,
		Default: num(df.ServerOverheadW.Value), Note: d.sourceNote(df.ServerOverheadW), Help: "CPUs, fans, NICs, switches: drawn all the time."})
	opt.PUE = r.Number(scenario.Field{Only: only, Key: k("pue"), Label: "PUE", Unit: "ratio", Min: 1, Max: 3,
		Default: num(df.PUE.Value), Note: d.sourceNote(df.PUE), Help: "Facility power over IT power; the excess is cooling and losses."})
	opt.ElectricityUSDPerKWh = money("kwh", "Electricity price", "/kWh", "Price of one kilowatt-hour.",
		df.ElectricityUSDPerKWh.Value, d.sourceNote(df.ElectricityUSDPerKWh))
	opt.MaintenancePctPerYear = r.Number(scenario.Field{Only: only, Key: k("mnt"), Label: "Maintenance", Unit: "% of capex per year", Min: 0, Max: 100,
		Default: num(df.MaintenancePct.Value), Note: d.sourceNote(df.MaintenancePct), Help: "Support contracts and spare parts."})
	opt.StaffUSDPerYear = money("staff", "Staff", " per year", "Share of engineers' cost that runs this cluster.",
		df.StaffUSDPerYear.Value, d.sourceNote(df.StaffUSDPerYear))
	opt.ColocationUSDPerKWMonth = money("colo", "Colocation", " per kW per month", "Rack space billed on provisioned (full-load) power; 0 if you own the building.", 0, "")
	opt.CostOfCapitalPct = r.Number(scenario.Field{Only: only, Key: k("coc"), Label: "Cost of capital", Unit: "% per year", Min: 0, Max: 100,
		Default: "0", Help: "Interest on the capex, repaid as an annuity over the period."})
	opt.ResidualPct = r.Number(scenario.Field{Only: only, Key: k("res"), Label: "Residual value", Unit: "% of capex", Min: 0, Max: 100,
		Default: "0", Help: "Resale value credited at the end of the period."})

	only = string(tco.Rented)
	rent, rentNote := figureNote(g.RentUSDPerHour, "No sourced rental price for this GPU: enter your quote.")
	cloud := []scenario.Choice{{Value: "0", Label: "The GPU table's price"}}
	offers := d.Rental.For(g.ID)
	for j, of := range offers {
		cloud = append(cloud, scenario.Choice{Value: strconv.Itoa(j + 1),
			Label: of.Provider + ", " + of.Instance + ": $" + num(of.USDPerGPUHour) + "/GPU-h (" + of.AsOf + ")"})
	}
	pick := r.Choice(scenario.Field{Only: only, Key: k("cloud"), Label: "Cloud offer", Default: "0", Choices: cloud,
		Help: "On-demand prices of large clouds and GPU clouds for this GPU; sets the rental price."})
	if j, _ := strconv.Atoi(pick); j > 0 && j <= len(offers) {
		of := offers[j-1]
		rent, rentNote = of.USDPerGPUHour, fact.Note(fact.Figure{Source: of.Source, AsOf: of.AsOf, Unconfirmed: of.Unconfirmed}, d.Rental.Sources[of.Source])
	}
	opt.RentUSDPerGPUHour = money("hr", "Rental price", " per GPU-hour", "On-demand or contracted price of one GPU for one hour.", rent, rentNote)
	opt.RentedHoursPerMonth = r.Number(scenario.Field{Only: only, Key: k("hpm"), Label: "Rented hours", Unit: "hours per month", Min: 1, Max: 744,
		Default: num(df.RentedHoursPerMonth.Value), Note: d.sourceNote(df.RentedHoursPerMonth), Help: "730 is always on."})
	o.Option = opt
	return o
}
