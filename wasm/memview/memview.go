// Package memview is the memory calculator between the URL and the page:
// it reads a scenario (a model, formats, a context length and up to four
// GPU options), runs the memory engine, and lays out the results as a
// view.Page for gen and the browser host alike.
package memview

import (
	"github.com/infercost/infercost/wasm/serving"
	"strconv"

	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"

	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// Version is written into every scenario URL as v=.
const Version = "1"

// Model choices besides the catalog's.
const (
	CustomModel = custom.ID // an architecture typed into the form
	FlatModel   = "flat"    // seed article 002's rule of thumb
)

// Query keys.
const (
	keyModel   = "model"
	keyCount   = "k"
	keyWeights = "w"
	keyKV      = "kv"
	keyContext = "ctx"
	keyConc    = "conc"
	keyEngine  = "engine"
	keyUtil    = "util"
)

// optionGPUs are the GPUs options a-d start with.
var optionGPUs = [view.MaxOptions]string{"h100-sxm", "a100-80gb-sxm", "l40s", "a10g"}

const (
	defaultModel = "llama-3.1-8b"
	defaultCount = 3
)

// OptionInput is one GPU option as read from the scenario.
type OptionInput struct {
	Letter  string
	Enabled bool
	GPU     gpu.GPU
	// Setup is the engine setup (architecture mode).
	Setup memory.Setup
	// MemoryGiB is the memory per GPU entered or defaulted: visible GiB,
	// or in flat mode the nominal GB the article uses.
	MemoryGiB float64
}

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	ModelChoice string
	Model       model.Model
	Flat        memory.Flat // used when ModelChoice is FlatModel
	Context     int
	Concurrency int
	Options     [view.MaxOptions]OptionInput
	// Custom says whether the model or an option's GPU is custom.
	Custom custom.Use
	// Engine is the serving engine whose memory accounting the options
	// use.
	Engine serving.EngineProfile
	// M is the page's language: its words and number format.
	M *msg.Catalog
}

// IsFlat reports whether the scenario uses the article's rule of thumb.
func (s Scenario) IsFlat() bool { return s.ModelChoice == FlatModel }

func num(v float64) string { return scenario.FormatNumber(v) }

func modelChoices(d serving.Memory, t *msg.Catalog) []scenario.Choice {
	cs := make([]scenario.Choice, 0, len(d.Models.Models)+2)
	for _, m := range d.Models.Models {
		cs = append(cs, scenario.Choice{Value: m.ID, Label: m.Name})
	}
	return append(cs, scenario.Choice{Value: CustomModel, Label: t.T("mem.model.custom")},
		scenario.Choice{Value: FlatModel, Label: t.T("mem.model.flat")})
}

func formatChoices(t *msg.Catalog, fs []memory.Format) []scenario.Choice {
	cs := make([]scenario.Choice, len(fs))
	for i, f := range fs {
		cs[i] = scenario.Choice{Value: f.ID, Label: serving.FormatLabel(t, f)}
	}
	return cs
}

// Resolve reads a query string. It never fails: bad values are reported
// next to their fields and replaced by defaults.
func Resolve(rawQuery string, d serving.Memory) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of m.
func ResolveIn(m *msg.Catalog, rawQuery string, d serving.Memory) Scenario {
	r := scenario.NewResolverIn(m, rawQuery, scenario.Presets(d.Presets))
	df := d.Defaults
	s := Scenario{M: m}
	s.ModelChoice = r.Choice(scenario.Field{Key: keyModel, Label: s.M.T("mem.in.model"), Section: s.M.T("mem.sec.model"), Default: defaultModel,
		Choices: modelChoices(d, m), Help: s.M.T("mem.in.model_help")})
	wf, _ := memory.FindFormat(memory.WeightFormats, r.Choice(scenario.Field{Key: keyWeights, Label: s.M.T("mem.in.weights"), Section: s.M.T("mem.sec.model"),
		Default: d.DefaultFormat(s.ModelChoice), Choices: formatChoices(s.M, memory.WeightFormats), Help: s.M.T("mem.in.weights_help")}))
	kvf, _ := memory.FindFormat(memory.KVFormats, r.Choice(scenario.Field{Key: keyKV, Label: s.M.T("mem.in.kv"), Section: s.M.T("mem.sec.model"),
		Default: "bf16", Choices: formatChoices(s.M, memory.KVFormats), Help: s.M.T("mem.in.kv_help")}))
	s.Context = r.Int(scenario.Field{Key: keyContext, Label: s.M.T("mem.in.ctx"), Unit: s.M.T("mem.unit.tokens_seq"), Section: s.M.T("mem.sec.model"),
		Min: 16, Max: 1 << 20, Default: num(df.Context.Value), Note: d.Note(r.M, df.Context),
		Help: s.M.T("mem.in.ctx_help")})
	s.Concurrency = r.Int(scenario.Field{Key: keyConc, Label: s.M.T("mem.in.conc"), Unit: s.M.T("mem.unit.sequences"), Section: s.M.T("mem.sec.model"),
		Min: 1, Max: 100000, Default: num(df.Concurrency.Value), Note: d.Note(r.M, df.Concurrency),
		Help: s.M.T("mem.in.conc_help")})

	s.Model = readCustom(r, d)
	if m, ok := d.Models.Find(s.ModelChoice); ok {
		s.Model = m
	}
	if s.Model.MaxContext > 0 && s.Context > s.Model.MaxContext {
		r.Reject(keyContext, s.M.F("mem.err.context", "context", s.M.Num(float64(s.Context), 0), "model", s.Model.Name,
			"max", s.M.Num(float64(s.Model.MaxContext), 0)))
		s.Context = int(df.Context.Value)
	}
	s.Flat = readFlat(r, d)
	s.Engine = d.ReadEngine(r, d.EngineField(m, keyEngine, s.M.T("mem.sec.serving")))
	util := readFraction(r, d, s.Engine)
	count := r.Int(scenario.Field{Key: keyCount, Label: s.M.T("mem.in.count"), Unit: s.M.T("mem.unit.options"), Section: s.M.T("mem.sec.serving"),
		Min: 1, Max: view.MaxOptions, Default: num(defaultCount), Help: s.M.T("mem.in.count_help")})
	h100, _ := d.GPUs.Find(optionGPUs[0])
	customGPU := custom.GPU(r, h100)
	s.Custom.Model = s.ModelChoice == CustomModel
	for i := range s.Options {
		s.Options[i] = readOption(r, d, i, s, wf, kvf, util, customGPU)
		s.Options[i].Enabled = i < count
		s.Custom.GPU = s.Custom.GPU || s.Options[i].GPU.ID == custom.ID
	}
	s.Custom.Apply(r)
	r.Choice(d.Editions.Field(s.M, s.M.T(edition.Section), nil))
	// The headline's GPUs needed follow the model, its context and how
	// many sequences it holds at once, on each option's GPU.
	r.Main(keyModel, keyContext, keyConc, "a.gpu", "b.gpu", "c.gpu", "d.gpu")
	s.Resolved = r.Resolved(Version, d.Presets)
	return s
}

// readFraction reads the engine's memory fraction: vLLM's
// gpu_memory_utilization as the link had it before engines, or another
// engine's own. It returns 0 when SGLang's is left at its default, which
// depends on each option's GPU and TP (DefaultFraction); the field then
// shows its value for the first option's default GPU.
func readFraction(r *scenario.Resolver, d serving.Memory, e serving.EngineProfile) float64 {
	t := r.M
	g, _ := d.GPUs.Find(optionGPUs[0])
	f := d.FractionField(t, e, g, 1, keyUtil, t.T("mem.sec.serving"))
	if len(e.Reserve.Tiers) > 0 {
		f.Note = t.F("mem.util_note_sglang", "gpu", g.Name) + " " + f.Note
	}
	v := r.Number(f)
	if len(e.Reserve.Tiers) > 0 && !r.Inputs[len(r.Inputs)-1].Explicit {
		return 0
	}
	return v
}

// readCustom reads the custom architecture, which starts as the default
// model's. Its context has no limit of the default model's: custom links
// written before m.ctx existed accepted up to 1,048,576 tokens.
func readCustom(r *scenario.Resolver, d serving.Memory) model.Model {
	base, _ := d.Models.Find(defaultModel)
	base.MaxContext = 1 << 20
	return custom.Model(r, base)
}

// readFlat reads the seed article's rule-of-thumb figures.
func readFlat(r *scenario.Resolver, d serving.Memory) memory.Flat {
	df := d.Defaults
	t := r.M
	section := t.T("mem.sec.flat")
	// label and help are keys of the catalogs.
	gb := func(key, label, unit, help string, f float64, note string, max float64) float64 {
		return r.Number(scenario.Field{Key: "f." + key, Label: t.T(label), Unit: unit, Section: section, Min: 0, Max: max,
			Default: num(f), Note: note, Help: t.T(help)})
	}
	return memory.Flat{
		WeightsGB:     gb("w", "mem.flat.w", "GB", "mem.flat.w_help", df.FlatWeightsGB.Value, d.Note(t, df.FlatWeightsGB), 1e5),
		KVPerTokenGB:  gb("kv", "mem.row.kv_token", "GB", "mem.flat.kv_help", df.FlatKVPerTokenGB.Value, d.Note(t, df.FlatKVPerTokenGB), 1),
		ReserveGB:     gb("r", "mem.flat.r", "GB", "mem.flat.r_help", df.FlatReserveGB.Value, d.Note(t, df.FlatReserveGB), 1000),
		PerSequenceGB: gb("s", "mem.flat.s", "GB", "mem.flat.s_help", df.FlatPerSequenceGB.Value, d.Note(t, df.FlatPerSequenceGB), 1000),
	}
}

// readOption reads GPU option i.
func readOption(r *scenario.Resolver, d serving.Memory, i int, s Scenario, wf, kvf memory.Format, util float64, customGPU gpu.GPU) OptionInput {
	l := view.Letters[i]
	k := func(name string) string { return l + "." + name }
	o := OptionInput{Letter: l}
	gpuChoices := make([]scenario.Choice, len(d.GPUs.GPUs), len(d.GPUs.GPUs)+1)
	for j, g := range d.GPUs.GPUs {
		gpuChoices[j] = scenario.Choice{Value: g.ID, Label: g.Vendor + " " + g.Name}
	}
	gpuChoices = append(gpuChoices, scenario.Choice{Value: custom.ID, Label: s.M.T("mem.gpu.custom")})
	o.GPU = customGPU
	if g, ok := d.GPUs.Find(r.Choice(scenario.Field{Key: k("gpu"), Label: s.M.T("mem.in.gpu"), Default: optionGPUs[i], Choices: gpuChoices,
		Help: s.M.T("mem.in.gpu_help")})); ok {
		o.GPU = g
	}
	g := o.GPU
	memDefault, memUnit, memNote := d.VisibleGiB(g), s.M.T("mem.unit.gib_gpu"), s.M.F("mem.mem_note", "gb", s.M.Digits(num(g.MemoryGB.Value)),
		"gib", s.M.Digits(num(d.Defaults.DriverReservedGiB.Value)))+" "+d.Note(r.M, d.Defaults.DriverReservedGiB)
	if s.IsFlat() {
		memDefault, memUnit, memNote = g.MemoryGB.Value, s.M.T("mem.unit.gb_gpu"), s.M.T("mem.mem_note_flat")
	}
	o.MemoryGiB = r.Number(scenario.Field{Key: k("mem"), Label: s.M.T("mem.in.mem"), Unit: memUnit, Min: 1, Max: 10000,
		Default: num(memDefault), Note: memNote, Help: s.M.T("mem.in.mem_help")})
	tp := r.Int(scenario.Field{Key: k("tp"), Label: s.M.T("mem.in.tp"), Unit: "GPUs", Min: 1, Max: 64, Default: "1",
		Help: s.M.T("mem.in.tp_help")})
	if text := serving.TPError(s.M, s.Model, tp); text != "" && !s.IsFlat() {
		r.Reject(k("tp"), text)
		tp = 1
	}
	seqs, tokens := d.EngineBatch(s.Engine, g)
	batchNote := d.BatchNote(s.M, s.Engine)
	seqs = r.Int(scenario.Field{Key: k("seqs"), Label: s.M.T("mem.in.seqs"), Unit: s.M.T("mem.unit.sequences"), Min: 1, Max: 100000, Default: strconv.Itoa(seqs),
		Note: batchNote, Help: s.M.T("mem.in.seqs_help")})
	tokens = r.Int(scenario.Field{Key: k("tok"), Label: s.M.T("mem.in.tok"), Unit: s.M.T("mem.unit.tokens"), Min: 1, Max: 1 << 20, Default: strconv.Itoa(tokens),
		Note: batchNote, Help: s.M.T("mem.in.tok_help")})
	if util == 0 {
		util = d.DefaultFraction(s.Engine, g, tp)
	}
	o.Setup = memory.Setup{Model: s.Model, Weights: wf, KV: kvf, GPUMemory: o.MemoryGiB * memory.GiB, TP: tp, PP: 1,
		Runtime: d.EngineRuntime(s.Engine, util, seqs, tokens)}
	return o
}

// poolNotes are the message keys of the note that works out an engine's
// KV pool, for every engine but vLLM (whose rows add up to it).
var poolNotes = map[string]string{
	string(memory.SGLang): "mem.pool_note_sglang",
	string(memory.TRTLLM): "mem.pool_note_trtllm",
	string(memory.TGI):    "mem.pool_note_tgi",
}
