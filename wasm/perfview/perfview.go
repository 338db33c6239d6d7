// Package perfview is the throughput and latency estimator between the URL
// and the page: a model, a GPU, a precision and a request shape in; the
// roofline's latencies and throughput by batch size, and the simulated
// latency percentiles by request rate, out.
package perfview

import (
	"github.com/infercost/infercost/wasm/serving"
	"strconv"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
)

// Version is written into every scenario URL as v=.
const Version = "1"

// Scenario is a resolved query string.
type Scenario struct {
	scenario.Resolved
	Setup  perf.Setup
	GPU    gpu.GPU
	Prompt int
	Output int
	Batch  int
	Rate   float64 // requests per second, in the open loop
	// Mode is how the simulated requests arrive: perf.Poisson (the open
	// loop at Rate, what a link without mode= means), perf.Closed (Users
	// clients, each waiting ThinkS after a reply) or perf.Offline.
	Mode perf.Mode
	// Lengths is how the simulated requests' lengths vary about Prompt
	// and Output, their means (perf.Fixed for a link without lens=).
	Lengths perf.Lengths
	Users   int
	ThinkS  float64
	TargetS float64 // P99 end-to-end target, seconds
	// Engine is the serving engine whose memory accounting and batch
	// limits the KV capacity and the simulation use (vLLM by default).
	Engine serving.EngineProfile
	// Build is the era of the engine's builds estimated for (serving.Build
	// Key), whose error bands apply; "" for builds before every era.
	Build string
	// Traffic is the simulation's load but for its rate.
	Traffic perf.Load
	// MaxBatch is the most requests of Prompt + Output tokens the
	// replica's KV cache holds at once (memory engine); 0 when not even
	// one fits beside the weights.
	MaxBatch int
	// NeedGPUs, when MaxBatch is 0, is the smallest tensor-parallel
	// degree that holds one request (memory.FewestTP); 0 when more than
	// memory.MaxGPUs would be needed.
	NeedGPUs int
	// M is the page's language: its words and number format.
	M *msg.Catalog
	// Custom says whether the model or the GPU is custom.
	Custom custom.Use
	// Preempts: a batch beyond the KV cache shows Overflow instead of the
	// roofline's figures (Defaults.KVOverflowPreempts).
	Preempts bool
	// Bands are the edition's error bands of estimated figures.
	Bands band.Table
	// seqBytes is one request's KV cache per GPU, poolBytes the KV pool.
	seqBytes, poolBytes float64
}

// Fits reports whether the weights and one request fit the replica.
func (s Scenario) Fits() bool { return s.MaxBatch > 0 }

// NotFit is what the page shows instead of a figure when the setup does
// not fit, e.g. "does not fit: needs ≥ 16 GPUs".
func (s Scenario) NotFit() string { return s.M.F("perf.not_fit", "needs", s.needs()) }

func (s Scenario) needs() string {
	if s.NeedGPUs == 0 {
		return s.M.F("perf.needs_more", "n", strconv.Itoa(memory.MaxGPUs))
	}
	return s.M.F("perf.needs", "n", strconv.Itoa(s.NeedGPUs))
}

// Simulable reports whether one request fits the replica's KV cache, so
// that there is a load to simulate.
func (s Scenario) Simulable() bool { return s.Traffic.KVCapacity >= s.Prompt+s.Output }

// Run is the simulated load of the page's mode.
func (s Scenario) Run() perf.Load {
	l := s.Load(s.Rate)
	switch s.Mode {
	case perf.Closed:
		l = s.Closed(s.Users)
	case perf.Offline:
		l.Mode, l.Rate = perf.Offline, 0
	}
	return l
}

// Closed is the closed loop of the page's think time with users clients.
func (s Scenario) Closed(users int) perf.Load {
	l := s.Traffic
	l.Mode, l.Concurrency, l.ThinkSeconds = perf.Closed, users, s.ThinkS
	return l
}

// KVGiB is the KV cache, per GPU in GiB, that n requests of the
// scenario's lengths need at once, and what the replica has for it.
func (s Scenario) KVGiB(n int) (need, free float64) {
	return float64(n) * s.seqBytes / (1 << 30), s.poolBytes / (1 << 30)
}

// Load returns the simulation's traffic at a rate.
func (s Scenario) Load(rate float64) perf.Load {
	l := s.Traffic
	l.Rate = rate
	return l
}

// The scenario's defaults, and the bases of the custom model and GPU.
const (
	defaultModel = "llama-3.1-8b"
	defaultGPU   = "h100-sxm"
)

// Resolve reads a query string. It never fails: bad values are reported
// next to their fields and replaced by defaults.
func Resolve(rawQuery string, d serving.Perf) Scenario { return ResolveIn(msg.English, rawQuery, d) }

// ResolveIn is Resolve for a page in the language of t.
func ResolveIn(t *msg.Catalog, rawQuery string, d serving.Perf) Scenario {
	r := scenario.NewResolverIn(t, rawQuery, scenario.Presets(d.Presets))
	df := d.Defaults
	md := d.Memory
	s := Scenario{M: t, Bands: md.Bands}
	num := scenario.FormatNumber
	var models, gpus []scenario.Choice
	for _, m := range md.Models.Models {
		models = append(models, scenario.Choice{Value: m.ID, Label: m.Name})
	}
	for _, g := range md.GPUs.GPUs {
		gpus = append(gpus, scenario.Choice{Value: g.ID, Label: g.Vendor + " " + g.Name})
	}
	models = append(models, scenario.Choice{Value: custom.ID, Label: t.T("mem.model.custom")})
	gpus = append(gpus, scenario.Choice{Value: custom.ID, Label: t.T("perf.gpu.custom")})
	sec := t.T("perf.sec.model")
	modelID := r.Choice(scenario.Field{Key: "model", Label: t.T("mem.in.model"), Section: sec, Default: defaultModel, Choices: models,
		Help: t.T("mem.in.model_help")})
	gpuID := r.Choice(scenario.Field{Key: "gpu", Label: "GPU", Section: sec, Default: defaultGPU, Choices: gpus,
		Help: t.T("perf.in.gpu_help")})
	precision := r.Choice(scenario.Field{Key: "prec", Label: t.T("perf.in.prec"), Section: sec, Default: md.DefaultPrecision(modelID, "", "bf16"), Choices: serving.PrecisionChoices(t),
		Help: t.T("perf.in.prec_help")})
	kv := r.Choice(scenario.Field{Key: "kv", Label: t.T("mem.in.kv"), Section: sec, Default: "bf16",
		Choices: []scenario.Choice{{Value: "bf16", Label: "BF16 / FP16"}, {Value: "fp8", Label: "FP8"}}, Help: t.T("perf.in.kv_help")})
	tp := r.Int(scenario.Field{Key: "tp", Label: t.T("mem.in.tp"), Unit: "GPUs", Section: sec, Min: 1, Max: 64, Default: "1",
		Help: t.T("perf.in.tp_help")})
	ep := r.Int(scenario.Field{Key: "ep", Label: t.T("perf.in.ep"), Section: sec, Min: 1, Max: 64, Default: "1",
		Help: t.T("perf.in.ep_help")})
	var build string
	s.Engine, build = d.ReadEngine(r, d.EngineField(t, "engine", sec))
	m, g := serving.Custom(r, md)
	if c, ok := md.Models.Find(modelID); ok {
		m = c
	}
	if c, ok := md.GPUs.Find(gpuID); ok {
		g = c
	}
	s.GPU = g
	if text := serving.TPError(t, m, tp); text != "" {
		r.Reject("tp", text)
		tp = 1
	}
	if m.Experts == 0 {
		r.Hide("ep")
		ep = 1
	} else if text := serving.EPError(t, m, tp, ep); text != "" {
		r.Reject("ep", text)
		ep = 1
	}
	if text, refused := md.Precision(t, &s.GPU, precision); refused {
		r.Reject("prec", text)
		precision = "bf16"
	} else if text != "" {
		r.Warn("prec", text)
	}

	work := t.T("perf.sec.requests")
	// label, unit and help are keys of the catalogs.
	count := func(key, label, unit, help string, f float64, note string, min, max float64) int {
		return r.Int(scenario.Field{Key: key, Label: t.T(label), Unit: t.T(unit), Section: work, Min: min, Max: max, Default: num(f), Note: note, Help: t.T(help)})
	}
	s.Prompt = count("in", "perf.in.in", "mem.unit.tokens", "perf.in.in_help", df.PromptTokens.Value, d.Note(t, df.PromptTokens), 1, 1<<20)
	s.Output = count("out", "perf.in.out", "mem.unit.tokens", "perf.in.out_help", df.OutputTokens.Value, d.Note(t, df.OutputTokens), 1, 1<<20)
	s.Prompt, s.Output = withinContext(t, r, m, s.Prompt, s.Output, int(df.PromptTokens.Value), int(df.OutputTokens.Value))
	s.Lengths = serving.ReadLengths(r, work)
	s.Batch = count("b", "perf.in.b", "tco.unit.requests", "perf.in.b_help", df.Batch.Value, d.Note(t, df.Batch), 1, 4096)
	mode := r.Choice(scenario.Field{Key: "mode", Label: t.T("perf.in.mode"), Section: work, Default: serving.Modes[perf.Poisson].Value, Choices: serving.ModeChoices(t),
		Help: t.T("perf.in.mode_help")})
	for m, c := range serving.Modes {
		if c.Value == mode {
			s.Mode = perf.Mode(m)
		}
	}
	s.Rate = r.Number(scenario.Field{Key: "rate", Label: t.T("perf.in.rate"), Unit: t.T("perf.unit.rps"), Section: work, Min: 0.001, Max: 1e5,
		Default: num(df.Rate.Value), Note: d.Note(t, df.Rate), Help: t.T("perf.in.rate_help")})
	s.Users = count("users", "perf.in.users", "perf.unit.users", "perf.in.users_help", 64, "", 1, 4096)
	s.ThinkS = r.Number(scenario.Field{Key: "think", Label: t.T("perf.in.think"), Unit: t.T("tco.unit.seconds"), Section: work, Min: 0, Max: 3600, Default: "0",
		Help: t.T("perf.in.think_help")})
	reqsHelp := "perf.in.reqs_help"
	if df.SteadyWindow.Value == 1 {
		reqsHelp = "perf.in.reqs_help_steady"
	}
	requests := count("reqs", "perf.in.reqs", "tco.unit.requests", reqsHelp, df.Requests.Value, d.Note(t, df.Requests), d.MinRequests(), perf.MaxEvents/5)
	s.TargetS = r.Number(scenario.Field{Key: "slo", Label: t.T("tco.in.slo"), Unit: t.T("perf.unit.seconds_e2e"), Section: work, Min: 0.001, Max: 3600,
		Default: num(df.P99TargetS.Value), Note: d.Note(t, df.P99TargetS), Help: t.T("perf.in.slo_help")})

	effSec := t.T("perf.sec.efficiency")
	e, computeFig, memoryFig := d.EfficiencyFor(s.Engine.ID, build, s.GPU, precision)
	s.Build = d.BuildKey(s.Engine.ID, build, s.GPU)
	if note := d.OtherVendorNote(t, s.Engine.ID, build, s.GPU); note != "" {
		r.Warn("engine", note)
	}
	// label and help are keys of the catalogs.
	frac := func(key, label, help string, f float64, note string) float64 {
		return r.Number(scenario.Field{Key: key, Label: t.T(label), Unit: t.T("perf.unit.peak"), Section: effSec, Min: 0.01, Max: 1,
			Default: num(f), Note: note, Help: t.T(help)})
	}
	e.Compute = frac("mfu", "perf.in.mfu", "perf.in.mfu_help", e.Compute, d.Note(t, computeFig))
	e.Memory = frac("mbu", "perf.in.mbu", "perf.in.mbu_help", e.Memory, d.Note(t, memoryFig))
	e.Link = frac("link", "perf.in.link", "perf.in.link_help", e.Link, d.Note(t, df.LinkEfficiency))

	// The engine's memory fraction and batch limits, as a published run
	// states them (their defaults are the engine's on the GPU).
	engSec := t.T("perf.sec.engine")
	util := r.Number(md.FractionField(t, s.Engine, s.GPU, tp, "util", engSec))
	seqs, tokens := md.EngineBatch(s.Engine, s.GPU)
	batchNote := md.BatchNote(t, s.Engine)
	seqs = r.Int(scenario.Field{Key: "seqs", Label: t.T("mem.in.seqs"), Unit: t.T("mem.unit.sequences"), Section: engSec, Min: 1, Max: 100000,
		Default: strconv.Itoa(seqs), Note: batchNote, Help: t.T("mem.in.seqs_help")})
	tokens = r.Int(scenario.Field{Key: "tok", Label: t.T("mem.in.tok"), Unit: t.T("mem.unit.tokens"), Section: engSec, Min: 1, Max: 1 << 20,
		Default: strconv.Itoa(tokens), Note: batchNote, Help: t.T("mem.in.tok_help")})

	s.Setup, _ = d.Setup(m, s.GPU, tp, precision, kv, e)
	s.Setup.EP = ep
	ms := md.OnEngine(s.Engine, s.Setup.Model, s.Setup.Weights, s.Setup.KV, s.GPU, tp)
	ms.Runtime = md.EngineRuntime(s.Engine, util, seqs, tokens)
	mem := ms.Compute()
	// LoadOn sizes the engine's defaults again; a variant taking ms cost
	// the browser module 0.6 to 0.9 kB gzip, more than the repeated
	// arithmetic costs a change.
	s.Traffic = d.LoadOn(s.Engine, s.Setup, s.GPU, s.Prompt, s.Output)
	s.Traffic.MaxSeqs, s.Traffic.MaxBatched, s.Traffic.KVCapacity = seqs, tokens, mem.CapacityTokens
	s.Traffic.Requests, s.Traffic.WarmupRequest = requests, requests/10
	s.Traffic.Lengths = s.Lengths
	r.Choice(d.Editions.Field(t, t.T(edition.Section), nil))
	s.Custom = custom.Use{Model: modelID == custom.ID, GPU: gpuID == custom.ID}
	s.Custom.Apply(r)
	switch s.Mode {
	case perf.Poisson:
		r.Hide("users", "think")
	case perf.Closed:
		r.Hide("rate")
	case perf.Offline:
		r.Hide("rate", "users", "think")
	}
	request := s.Prompt + s.Output
	s.MaxBatch = ms.MaxSequences(mem, request)
	s.seqBytes, s.poolBytes = ms.SequenceBytes(request), max(mem.KVPool, 0)
	s.Preempts = df.KVOverflowPreempts.Value == 1
	if !s.Fits() {
		s.NeedGPUs, _ = memory.FewestTP(ms, request, 1)
	}
	// A batch or users beyond the KV cache are run, but the reader sees
	// by how much they exceed it next to the field that asks for them.
	// The roofline figures at the batch assume it runs together: shown
	// or not (Overflow), the reader is told.
	figures := t.T("perf.figures.together")
	if s.Preempts {
		figures = t.T("perf.figures.none")
	}
	if s.Fits() && s.Batch > s.MaxBatch {
		r.Warn("b", s.overflow("perf.warn.batch", s.Batch)+" "+figures)
	}
	if s.Fits() && s.Mode == perf.Closed && s.Users > s.MaxBatch {
		r.Warn("users", s.overflow("perf.warn.users", s.Users))
	}
	// The headline's tokens per second follow the model, the GPU and
	// the batch.
	r.Main("model", "gpu", "b")
	s.Resolved = r.Resolved(Version, d.Presets)
	on := strconv.Itoa(tp) + " x " + s.GPU.Name
	reqTokens := t.F("perf.tokens", "n", t.Num(float64(request), 0))
	switch {
	case !s.Fits():
		s.Problems = append(s.Problems, t.F("perf.problem.not_fit", "model", m.Name, "on", on, "tokens", reqTokens, "needs", s.needs()))
	case !s.Simulable():
		s.Problems = append(s.Problems, t.F("perf.problem.not_simulable", "tokens", reqTokens, "on", on))
	}
	if s.Fits() && s.Batch > s.MaxBatch {
		s.Problems = append(s.Problems, t.F("perf.problem.batch", "n", t.Num(float64(s.Batch), 0), "tokens", reqTokens, "on", on,
			"fit", t.Num(float64(s.MaxBatch), 0), "engine", s.Engine.Name)+" "+figures)
	}
	return s
}

// Overflow is what the roofline's cells show for a batch the KV cache
// does not hold, when the edition says so (Preempts); "" when it holds.
func (s Scenario) Overflow() string {
	if !s.Preempts || !s.Fits() || s.Batch <= s.MaxBatch {
		return ""
	}
	need, free := s.KVGiB(s.Batch)
	return s.M.F("perf.overflow_cell", "need", s.M.Num(need, 1), "free", s.M.Num(free, 1))
}

// overflow says, in the message of key, that n requests do not fit the KV
// cache, and by how much: "Does not fit: 128 requests need 40.1 GiB of KV
// cache per GPU, 17.2 GiB free; 55 fit at once, …".
func (s Scenario) overflow(key string, n int) string {
	need, free := s.KVGiB(n)
	t := s.M
	return t.F(key, "n", t.Num(float64(n), 0), "need", t.Num(need, 1), "free", t.Num(free, 1), "fit", t.Num(float64(s.MaxBatch), 0))
}

// withinContext checks that a request's prompt and output fit the model's
// context (max_position_embeddings, model.Model.MaxContext): if they do
// not, the longer of the two is reported next to its field and replaced by
// its default, then the other if they still do not fit. The defaults fit
// every model (Data.Validate).
func withinContext(t *msg.Catalog, r *scenario.Resolver, m model.Model, prompt, output, defPrompt, defOutput int) (int, int) {
	if m.MaxContext <= 0 {
		return prompt, output
	}
	for range 2 {
		if prompt+output <= m.MaxContext {
			break
		}
		text := t.F("perf.err.context", "n", t.Num(float64(prompt+output), 0), "model", m.Name, "max", t.Num(float64(m.MaxContext), 0))
		if output >= prompt && output != defOutput {
			r.Reject("out", text)
			output = defOutput
		} else {
			r.Reject("in", text)
			prompt = defPrompt
		}
	}
	return prompt, output
}
