package serving

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
)

// PerfDefaults are the sourced defaults of the estimator: efficiencies,
// request shape and the rules of computation an edition turns on.
type PerfDefaults struct {
	ComputeEfficiency   fact.Figure `yaml:"compute_efficiency" json:"compute_efficiency"`
	MemoryEfficiency    fact.Figure `yaml:"memory_efficiency" json:"memory_efficiency"`
	LinkEfficiency      fact.Figure `yaml:"link_efficiency" json:"link_efficiency"`
	CollectiveLatencyUS fact.Figure `yaml:"collective_latency_us" json:"collective_latency_us"`
	// StepOverheadUS is the fixed cost of a forward pass (perf.Efficiency
	// StepSeconds); editions before it was fitted lack it, and it is 0.
	StepOverheadUS fact.Figure `yaml:"step_overhead_us" json:"step_overhead_us"`
	// RequestOverheadMS is a request's fixed latency (perf.Efficiency
	// RequestSeconds); 0 in editions before it was fitted.
	RequestOverheadMS fact.Figure `yaml:"request_overhead_ms" json:"request_overhead_ms"`
	// MoETouchedExperts, at 1, makes a mixture of experts read only the
	// experts a step's tokens touch (perf.Efficiency TouchedExperts);
	// editions before the step model was fitted lack it and read all.
	MoETouchedExperts fact.Figure `yaml:"moe_touched_experts" json:"moe_touched_experts"`
	// KVOverflowPreempts, at 1, shows a batch that the KV cache does not
	// hold as "does not fit … preempted" instead of the roofline's
	// figures, which assume the whole batch runs together; editions
	// before it lack it and show the figures with a warning.
	KVOverflowPreempts fact.Figure `yaml:"kv_overflow_preempts" json:"kv_overflow_preempts"`
	// PlatformBands, at 1, gives the edition error bands of the runs on
	// AMD GPUs (band.AMD), which figures on those GPUs take before their
	// workload's (accuracy.Bands); editions before lack it, and every
	// figure keeps the band of its workload.
	PlatformBands fact.Figure `yaml:"platform_bands" json:"platform_bands"`
	// VariedLengths, at 1, makes the accuracy check simulate a
	// calibration row's requests with lengths that vary as its dataset
	// varies them (perf.Uniform for "random", perf.Chat for "sharegpt")
	// instead of all at their means; editions before lack it, and take the
	// means.
	VariedLengths fact.Figure `yaml:"varied_lengths" json:"varied_lengths"`
	// LatencyEveryRequest, at 1, makes the accuracy check count every
	// request of a calibration run in its latencies, as serving
	// benchmarks report them (bench_serving, vllm bench serve); editions
	// before leave the run's first tenth out, as the pages do for their
	// steady-state figures.
	LatencyEveryRequest fact.Figure `yaml:"latency_every_request" json:"latency_every_request"`
	// PrefillFirst, at 1, schedules the engines that run prompts before
	// decoding (PrefillsFirst) so in the simulation (perf.Load
	// PrefillFirst), on /performance/ and in the accuracy check; editions
	// before lack it, and every engine mixes prompts and decoding in one
	// step as vLLM does.
	PrefillFirst fact.Figure `yaml:"prefill_first" json:"prefill_first"`
	// AsLaunched, at 1, makes the accuracy check run each calibration row
	// on its own engine's KV cache and scheduler limits, with the memory
	// fraction, batch limits, SGLang receive interval and TensorRT-LLM
	// batch waiting the row states (accuracy.Today), as /performance/
	// runs an engine and settings entered; editions before run every row
	// on the default engine's.
	AsLaunched fact.Figure `yaml:"as_launched" json:"as_launched"`
	// KVAsEngine, at 1, makes the accuracy check take a KV cache that a
	// calibration row does not name as the row's engine stores it by
	// default (accuracy.UnstatedKV); editions before lack it, and take
	// FP8 with FP8 or FP4 weights whatever the engine.
	KVAsEngine fact.Figure `yaml:"kv_as_engine" json:"kv_as_engine"`
	// SteadyWindow, at 1, measures a simulated run's throughput as
	// serving benchmarks do (perf.Steady): offline over the whole run,
	// online while the load is steady; editions before lack it, and
	// measure from the last completion of the run's first tenth
	// (perf.AfterWarmup), which the run's length and one long request
	// move.
	SteadyWindow fact.Figure `yaml:"steady_window" json:"steady_window"`
	// RateGrid, at 1, makes every search for the highest rate a replica
	// keeps within a target return a rate of a fixed grid (perf.Load
	// GridRates), so that the plan, the TCO calculator and the latency
	// page, which search different intervals, find the same; editions
	// before lack it, and each page's bisection stops within 2 % of its
	// own.
	RateGrid fact.Figure `yaml:"rate_grid" json:"rate_grid"`

	// MinRequests is the fewest requests a simulated run of /performance/
	// may have, so that a published run of a few requests can be
	// entered; editions before lack it and take at least 50.
	MinRequests fact.Figure `yaml:"min_requests" json:"min_requests"`

	PromptTokens fact.Figure `yaml:"prompt_tokens" json:"prompt_tokens"`
	OutputTokens fact.Figure `yaml:"output_tokens" json:"output_tokens"`
	Batch        fact.Figure `yaml:"batch" json:"batch"`
	Rate         fact.Figure `yaml:"rate" json:"rate"`
	P99TargetS   fact.Figure `yaml:"p99_target_s" json:"p99_target_s"`
	Requests     fact.Figure `yaml:"requests" json:"requests"`

	// EfficiencyBy are compute and memory efficiencies of a GPU
	// architecture at a precision, which replace the shared ones for the
	// GPUs of that architecture; editions before they were fitted lack
	// them, and every GPU takes the shared ones.
	EfficiencyBy []GroupEfficiency `yaml:"efficiency_by,omitempty" json:"efficiency_by,omitempty"`

	// Builds are the step model of each engine's recent builds, fitted on
	// their measured runs (Build); editions before lack them, and every
	// build takes the shared figures.
	Builds []Build `yaml:"builds,omitempty" json:"builds,omitempty"`
}

// GroupEfficiency is the compute and memory efficiency that serving
// reaches on GPUs of one architecture (gpu.GPU Arch) at one precision (a
// value of Precisions), where it differs from the shared efficiencies.
type GroupEfficiency struct {
	Arch      string      `yaml:"arch" json:"arch"`
	Precision string      `yaml:"precision" json:"precision"`
	Compute   fact.Figure `yaml:"compute" json:"compute"`
	Memory    fact.Figure `yaml:"memory" json:"memory"`
}

// GroupOf returns the row of EfficiencyBy for GPUs of architecture arch
// at precision; ok is false when there is none (or arch is unknown, as a
// custom GPU's is).
func (df PerfDefaults) GroupOf(arch, precision string) (g GroupEfficiency, ok bool) {
	i := slices.IndexFunc(df.EfficiencyBy, func(g GroupEfficiency) bool { return arch != "" && g.Arch == arch && g.Precision == precision })
	if i < 0 {
		return GroupEfficiency{}, false
	}
	return df.EfficiencyBy[i], true
}

// Group returns the compute and memory efficiency figures for GPUs of
// architecture arch at precision: GroupOf's, or the shared figures.
func (df PerfDefaults) Group(arch, precision string) (compute, memory fact.Figure) {
	if g, ok := df.GroupOf(arch, precision); ok {
		return g.Compute, g.Memory
	}
	return df.ComputeEfficiency, df.MemoryEfficiency
}

// Measurement is a published result: output tokens per second per GPU or
// time to first token, for a model on GPUs in a precision.
type Measurement struct {
	Source         string  `yaml:"source" json:"source"`
	Model          string  `yaml:"model" json:"model"`
	GPU            string  `yaml:"gpu" json:"gpu"`
	TP             int     `yaml:"tp" json:"tp"`
	Precision      string  `yaml:"precision" json:"precision"`
	KV             string  `yaml:"kv" json:"kv"`
	Batch          int     `yaml:"batch" json:"batch"`
	Input          int     `yaml:"input" json:"input"`
	Output         int     `yaml:"output" json:"output"`
	TokensPerSecGP float64 `yaml:"tokens_per_s_gpu,omitempty" json:"tokens_per_s_gpu,omitempty"`
	TTFTms         float64 `yaml:"ttft_ms,omitempty" json:"ttft_ms,omitempty"`
}

// SeedRow is one row of a claims table: the figure for A100 in BF16/FP16,
// H100 in BF16/FP16 and H100 in FP8.
type SeedRow struct {
	Model   string  `yaml:"model,omitempty" json:"model,omitempty"`
	Batch   int     `yaml:"batch,omitempty" json:"batch,omitempty"`
	A100    float64 `yaml:"a100_bf16" json:"a100_bf16"`
	H100    float64 `yaml:"h100_bf16" json:"h100_bf16"`
	H100FP8 float64 `yaml:"h100_fp8" json:"h100_fp8"`
}

// Seed is seed article 000's throughput and P99 tables, and the shape of
// request InferCost assumes to set estimates beside them.
type Seed struct {
	TP              int       `yaml:"tp" json:"tp"`
	Input           int       `yaml:"input" json:"input"`
	Output          int       `yaml:"output" json:"output"`
	ThroughputBatch int       `yaml:"throughput_batch" json:"throughput_batch"`
	Throughput      []SeedRow `yaml:"throughput" json:"throughput"`
	P99Model        string    `yaml:"p99_model" json:"p99_model"`
	P99ms           []SeedRow `yaml:"p99_ms" json:"p99_ms"`
}

// Perf is perf.yaml with the memory data it builds on (GPUs, models, the
// engines' memory defaults for the KV-cache limit): what the roofline and
// the simulation need to estimate a replica's throughput and latency.
type Perf struct {
	// Memory is the memory data the KV-cache limit comes from, with the
	// catalogs (sitedata.Data.PerfData).
	Memory       Memory                `yaml:"-" json:"-"`
	Sources      fact.Sources          `yaml:"sources" json:"sources"`
	Defaults     PerfDefaults          `yaml:"defaults" json:"defaults"`
	Measurements []Measurement         `yaml:"measurements" json:"measurements"`
	Seed         Seed                  `yaml:"seed" json:"seed"`
	Presets      []scenario.PresetData `yaml:"presets" json:"presets"`
	// Editions are the editions a link can pin, the site data's.
	Editions edition.List `yaml:"-" json:"-"`
}

// Precisions are the compute precisions: weights and matrix products.
// INT8 and INT4 are weight-only (W8A16, W4A16 as AWQ and GPTQ serve
// them): the weights are read in 8 or 4 bits and multiplied in BF16, so
// any GPU runs them at its BF16 rate.
var Precisions = []scenario.Choice{{Value: "bf16", Label: "BF16 / FP16"}, {Value: "fp8", Label: "FP8 (needs FP8 tensor cores)"},
	{Value: "fp4", Label: "FP4 (NVFP4 or MXFP4; needs FP4 tensor cores)"},
	{Value: "int8", Label: "INT8 weights, BF16 compute (W8A16)"}, {Value: "int4", Label: "INT4 weights, BF16 compute (W4A16: AWQ, GPTQ)"}}

// PrecisionChoices are Precisions in the language of t.
func PrecisionChoices(t *msg.Catalog) []scenario.Choice {
	return []scenario.Choice{{Value: "bf16", Label: "BF16 / FP16"}, {Value: "fp8", Label: t.T("perf.prec.fp8")}, {Value: "fp4", Label: t.T("perf.prec.fp4")},
		{Value: "int8", Label: t.T("perf.prec.int8")}, {Value: "int4", Label: t.T("perf.prec.int4")}}
}

// KVFormat is the KV cache's format an estimate serves a precision with:
// FP8 for FP8 and FP4 (the smallest KV format the engines have), BF16 for
// BF16 and the weight-only formats, whose activations are BF16.
func KVFormat(precision string) string {
	if precision == "fp8" || precision == "fp4" {
		return "fp8"
	}
	return "bf16"
}

// Hardware returns a GPU's roofline figures at a precision; ok is false
// when the GPU has no tensor cores of that precision.
func Hardware(g gpu.GPU, precision string) (perf.Hardware, bool) {
	h := perf.Hardware{TFLOPS: g.BF16DenseTFLOPS.Value, Bandwidth: g.BandwidthGBps.Value, LinkGBps: g.Link.GBps.Value}
	var rate *gpu.Figure
	switch precision {
	case "fp8":
		rate = g.FP8DenseTFLOPS
	case "fp4":
		rate = g.FP4DenseTFLOPS
	default:
		return h, true
	}
	if rate == nil {
		return h, false
	}
	h.TFLOPS = rate.Value
	return h, true
}

// EPError says why ep expert groups cannot hold m's routed experts on tp
// GPUs (perf.Setup EP), or "" when they can: the groups must divide both
// the GPUs and the experts. A dense model has no experts to spread; its
// page hides the field.
func EPError(t *msg.Catalog, m model.Model, tp, ep int) string {
	if ep > 1 && (tp%ep != 0 || m.Experts%ep != 0) {
		return t.F("perf.err.ep_divide", "tp", strconv.Itoa(tp), "experts", t.Num(float64(m.Experts), 0))
	}
	return ""
}

// WeightFormat is the format of the weights at a precision on GPU g. FP4 is
// NVIDIA's NVFP4 on NVIDIA GPUs, which run it natively, and the OCP's
// MXFP4 on the others (AMD's MI355X has MXFP4, not NVFP4).
func WeightFormat(g gpu.GPU, precision string) memory.Format {
	id := precision
	if precision == "fp4" {
		id = "mxfp4"
		if g.Vendor == "NVIDIA" {
			id = "nvfp4"
		}
	}
	f, _ := memory.FindFormat(memory.WeightFormats, id)
	return f
}

// PrecisionLabel is a precision's short name for sentences: its weight
// format's label, or "FP4", whose format depends on the GPU.
func PrecisionLabel(precision string) string {
	if precision == "fp4" {
		return "FP4"
	}
	f, _ := memory.FindFormat(memory.WeightFormats, precision)
	return f.Label
}

// PrecisionOf is the precision (Precisions) of weights stored in the
// format of id: FP4 for the FP4 formats, BF16 for 16 and 32 bits.
func PrecisionOf(id string) string {
	switch id {
	case "nvfp4", "mxfp4", memory.MXFP4Experts:
		return "fp4"
	case "fp8", "int8", "int4":
		return id
	}
	return "bf16"
}

// MinRequests is the fewest requests a simulated run may have
// (PerfDefaults MinRequests): the edition's, or 50.
func (d *Perf) MinRequests() float64 {
	if n := d.Defaults.MinRequests.Value; n > 0 {
		return n
	}
	return 50
}

// Efficiency returns the data's default efficiencies.
func (d Perf) Efficiency() perf.Efficiency {
	df := d.Defaults
	return perf.Efficiency{Compute: df.ComputeEfficiency.Value, Memory: df.MemoryEfficiency.Value,
		Link: df.LinkEfficiency.Value, CollectiveLatency: df.CollectiveLatencyUS.Value * 1e-6, StepSeconds: df.StepOverheadUS.Value * 1e-6,
		RequestSeconds: df.RequestOverheadMS.Value * 1e-3, TouchedExperts: df.MoETouchedExperts.Value == 1}
}

// EfficiencyOn returns the data's efficiencies for GPUs g at precision:
// the shared ones, with the compute and memory efficiencies of g's
// architecture at the precision where the data has them (Defaults.Group).
func (d Perf) EfficiencyOn(g gpu.GPU, precision string) perf.Efficiency {
	e := d.Efficiency()
	c, m := d.Defaults.Group(g.Arch, precision)
	e.Compute, e.Memory = c.Value, m.Value
	return e
}

// Setup builds a replica of model m on GPUs g (from the catalogs or
// custom); ok is false for a precision the GPU has no tensor cores for.
func Setup(m model.Model, g gpu.GPU, tp int, precision, kv string, e perf.Efficiency) (perf.Setup, bool) {
	h, ok := Hardware(g, precision)
	k, _ := memory.FindFormat(memory.KVFormats, kv)
	return perf.Setup{Model: m, Weights: WeightFormat(g, precision), KV: k, Hardware: h, TP: tp, Efficiency: e}, ok
}

// Setup is the package's Setup with the weights as the edition stores
// them: FP4 weights of a model whose checkpoint keeps its experts alone in
// MXFP4 are that checkpoint (Memory.Checkpoint); ok is also true for
// weights the GPUs serve weight-only (Memory.Precision).
func (d *Perf) Setup(m model.Model, g gpu.GPU, tp int, precision, kv string, e perf.Efficiency) (perf.Setup, bool) {
	s, ok := Setup(m, g, tp, precision, kv, e)
	if precision == "fp4" && d.Memory.checkpoint(&m) == memory.MXFP4Experts {
		s.Weights = d.Memory.Checkpoint(&m)
	}
	return s, ok || d.Memory.Defaults.CheckpointWeights.Value == 1
}

// measured builds the replica of a published measurement; ok is false for
// an unknown model or GPU, or a precision the GPU lacks.
func (d Perf) measured(m Measurement) (perf.Setup, bool) {
	mod, okM := d.Memory.Models.Find(m.Model)
	g, okG := d.Memory.GPUs.Find(m.GPU)
	s, ok := Setup(mod, g, m.TP, m.Precision, m.KV, d.EfficiencyOn(g, m.Precision))
	return s, okM && okG && ok
}

// Load is the simulated traffic for a replica on GPUs of kind g, without a
// rate: requests of prompt and output tokens, the data's run length and
// seed 1, and the scheduler's limits from the memory model (vLLM's
// max_num_seqs and max_num_batched_tokens on the GPU, the KV cache left).
// vLLM's; see LoadOn for another engine.
func (d Perf) Load(s perf.Setup, g gpu.GPU, prompt, output int) perf.Load {
	return d.LoadOn(EngineProfile{ID: DefaultEngine}, s, g, prompt, output)
}

// LoadOn is Load with the scheduler's limits and KV cache of engine e,
// and its scheduling where the data says so (SchedulesPrefillFirst). Its
// throughput is measured, and its highest rates searched, as the edition
// says (SteadyWindow, RateGrid).
func (d Perf) LoadOn(e EngineProfile, s perf.Setup, g gpu.GPU, prompt, output int) perf.Load {
	ms := d.Memory.OnEngine(e, s.Model, s.Weights, s.KV, g, s.TP)
	n := int(d.Defaults.Requests.Value)
	l := perf.Load{Prompt: prompt, Output: output, Requests: n, Seed: 1, WarmupRequest: n / 10, PrefillFirst: d.SchedulesPrefillFirst(e.ID),
		MaxSeqs: ms.Runtime.MaxNumSeqs, MaxBatched: ms.Runtime.MaxBatchedTokens, KVCapacity: ms.Compute().CapacityTokens}
	if d.Defaults.SteadyWindow.Value == 1 {
		l.Window = perf.Steady
	}
	l.GridRates = d.Defaults.RateGrid.Value == 1
	return l
}

// PrefillsFirst reports whether engine (a memory.Engine) runs the prompts
// of newly admitted requests in steps of their own, one after the other,
// the running sequences waiting, instead of mixing them into decoding
// steps. SGLang does: Scheduler.get_next_batch_to_run runs the batch
// get_new_batch_prefill builds whenever a waiting request can be admitted
// ("Run prefill first if possible") and decodes only when none can;
// prompts join decoding only with --enable-mixed-chunk, off by default
// (python/sglang/srt/managers/scheduler.py, is_mixed_chunk;
// sgl-project/sglang 0003215c).
//
// TGI does not, though it prefills alone too: its batching task decodes
// the running batch once after each new batch it prefills
// (backends/v3/src/backend.rs, huggingface/text-generation-inference
// 1d0847a9), so decoding never waits for more than one prefill, closer to
// vLLM's mixed steps than to SGLang's; with it prefill first, its
// calibration rows' TPOT erred more (median |error| 17 % to 24 %).
// vLLM's V1 scheduler and TensorRT-LLM's put prompt chunks and decoding in
// one step, as perf.Simulate does without PrefillFirst.
func PrefillsFirst(engine string) bool { return engine == "sglang" }

// SchedulesPrefillFirst reports whether the data simulates engine
// prefill first: the engine does (PrefillsFirst) and the edition says to
// (Defaults.PrefillFirst at 1).
func (d Perf) SchedulesPrefillFirst(engine string) bool {
	return d.Defaults.PrefillFirst.Value == 1 && PrefillsFirst(engine)
}

// Result is the engine's estimate for a measurement.
type Result struct {
	Row      Measurement
	Estimate float64 // in the measurement's unit
	Err      float64 // estimate / measured - 1
}

// Calibrate runs the roofline on every published measurement with the
// default efficiencies.
func (d Perf) Calibrate() []Result {
	var out []Result
	for _, m := range d.Measurements {
		s, _ := d.measured(m)
		p := s.At(float64(m.Batch), float64(m.Input), float64(m.Output))
		r := Result{Row: m}
		if m.TokensPerSecGP > 0 {
			r.Estimate, r.Err = p.TokensPerSecondGPU, p.TokensPerSecondGPU/m.TokensPerSecGP-1
		} else {
			r.Estimate, r.Err = p.TTFT*1000, p.TTFT*1000/m.TTFTms-1
		}
		out = append(out, r)
	}
	return out
}

// MedianAbsError is the median of |error| over the throughput rows.
func MedianAbsError(rs []Result) float64 {
	var errs []float64
	for _, r := range rs {
		if r.Row.TokensPerSecGP > 0 {
			errs = append(errs, math.Abs(r.Err))
		}
	}
	slices.Sort(errs)
	return perf.Median(errs)
}

// Validate checks the estimator's data (the view checks the presets).
func (d Perf) Validate() error {
	errs := d.Sources.Validate()
	df := d.Defaults
	errs = append(errs, d.Sources.CheckAll("defaults", []fact.Bound{
		fact.Range("compute_efficiency", df.ComputeEfficiency, 0.01, 1), fact.Range("memory_efficiency", df.MemoryEfficiency, 0.01, 1),
		fact.Range("link_efficiency", df.LinkEfficiency, 0.01, 1), fact.Range("collective_latency_us", df.CollectiveLatencyUS, 0, 1000),
		fact.Range("prompt_tokens", df.PromptTokens, 1, 1e6), fact.Range("output_tokens", df.OutputTokens, 1, 1e6),
		fact.Range("batch", df.Batch, 1, 4096), fact.Range("rate", df.Rate, 0.001, 1e5),
		fact.Range("p99_target_s", df.P99TargetS, 0.001, 3600), fact.Range("requests", df.Requests, 50, perf.MaxEvents/5),
	})...)
	// Editions before the fit lack the fixed costs.
	if df.StepOverheadUS != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.StepOverheadUS, "defaults", "step_overhead_us", 0, 1e5)...)
	}
	if df.RequestOverheadMS != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.RequestOverheadMS, "defaults", "request_overhead_ms", 0, 1e4)...)
	}
	if df.MoETouchedExperts != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.MoETouchedExperts, "defaults", "moe_touched_experts", 0, 1)...)
	}
	if df.KVOverflowPreempts != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.KVOverflowPreempts, "defaults", "kv_overflow_preempts", 0, 1)...)
	}
	if df.PlatformBands != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.PlatformBands, "defaults", "platform_bands", 0, 1)...)
	}
	if df.VariedLengths != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.VariedLengths, "defaults", "varied_lengths", 0, 1)...)
	}
	if df.LatencyEveryRequest != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.LatencyEveryRequest, "defaults", "latency_every_request", 0, 1)...)
	}
	if df.PrefillFirst != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.PrefillFirst, "defaults", "prefill_first", 0, 1)...)
	}
	if df.AsLaunched != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.AsLaunched, "defaults", "as_launched", 0, 1)...)
	}
	if df.KVAsEngine != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.KVAsEngine, "defaults", "kv_as_engine", 0, 1)...)
	}
	if df.SteadyWindow != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.SteadyWindow, "defaults", "steady_window", 0, 1)...)
	}
	if df.RateGrid != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.RateGrid, "defaults", "rate_grid", 0, 1)...)
	}
	if df.MinRequests != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.MinRequests, "defaults", "min_requests", 1, 50)...)
	}
	errs = append(errs, d.validateGroups()...)
	errs = append(errs, d.validateBuilds()...)
	// A request of the default lengths fits every model, so that a
	// rejected length can fall back to its default.
	for _, m := range d.Memory.Models.Models {
		if n := df.PromptTokens.Value + df.OutputTokens.Value; m.MaxContext > 0 && n > float64(m.MaxContext) {
			errs = append(errs, fact.Errorf("defaults", "prompt_tokens", "prompt and output, %g tokens, exceed %s's context of %d", n, m.ID, m.MaxContext))
		}
	}
	for i, m := range d.Measurements {
		entry := fmt.Sprintf("measurements[%d] %q on %q", i, m.Model, m.GPU)
		if _, ok := d.Sources[m.Source]; !ok {
			errs = append(errs, fact.Errorf(entry, "source", "unknown source %q", m.Source))
		}
		if _, ok := d.measured(m); !ok {
			errs = append(errs, fact.Errorf(entry, "model", "unknown model or GPU, or a precision the GPU lacks"))
		}
		if !slices.ContainsFunc(Precisions, func(c scenario.Choice) bool { return c.Value == m.Precision }) {
			errs = append(errs, fact.Errorf(entry, "precision", "unknown precision %q", m.Precision))
		}
		if _, ok := memory.FindFormat(memory.KVFormats, m.KV); !ok {
			errs = append(errs, fact.Errorf(entry, "kv", "unknown KV format %q", m.KV))
		}
		if (m.TokensPerSecGP > 0) == (m.TTFTms > 0) {
			errs = append(errs, fact.Errorf(entry, "tokens_per_s_gpu", "a row gives either tokens_per_s_gpu or ttft_ms"))
		}
		errs = append(errs, inRange(entry, []bound{{"tp", float64(m.TP), 1, 64}, {"batch", float64(m.Batch), 1, 1e5},
			{"input", float64(m.Input), 1, 1e7}, {"output", float64(m.Output), 1, 1e7},
			{"tokens_per_s_gpu", m.TokensPerSecGP, 0, 1e7}, {"ttft_ms", m.TTFTms, 0, 1e7}})...)
	}
	sd := d.Seed
	errs = append(errs, inRange("seed", []bound{{"tp", float64(sd.TP), 1, 64}, {"input", float64(sd.Input), 1, 1e7},
		{"output", float64(sd.Output), 1, 1e7}, {"throughput_batch", float64(sd.ThroughputBatch), 1, 1e5}})...)
	for i, r := range sd.Throughput {
		if _, ok := d.Memory.Models.Find(r.Model); !ok {
			errs = append(errs, fact.Errorf(fmt.Sprintf("seed.throughput[%d]", i), "model", "unknown model %q", r.Model))
		}
	}
	for _, t := range []struct {
		name string
		rows []SeedRow
	}{{"throughput", sd.Throughput}, {"p99_ms", sd.P99ms}} {
		for i, r := range t.rows {
			f := fmt.Sprintf("%s[%d].", t.name, i)
			errs = append(errs, inRange("seed", []bound{{f + "batch", float64(r.Batch), 0, 1e5}, {f + "a100_bf16", r.A100, 0, 1e7},
				{f + "h100_bf16", r.H100, 0, 1e7}, {f + "h100_fp8", r.H100FP8, 0, 1e7}})...)
		}
	}
	if _, ok := d.Memory.Models.Find(d.Seed.P99Model); !ok {
		errs = append(errs, fact.Errorf("seed", "p99_model", "unknown model %q", d.Seed.P99Model))
	}
	errs = append(errs, scenario.ValidatePresets(d.Presets, d.Sources)...)
	return errors.Join(errs...)
}

// Note says, in the language of t, where figure f comes from.
func (d Perf) Note(t *msg.Catalog, f fact.Figure) string {
	return fact.NoteIn(t, f, d.Sources[f.Source])
}

// validateGroups checks the efficiencies by architecture and precision:
// each names an architecture of a catalog GPU and a precision of
// Precisions, once, with efficiencies in (0, 1] from a known source.
func (d Perf) validateGroups() []error {
	var errs []error
	seen := map[string]bool{}
	for i, g := range d.Defaults.EfficiencyBy {
		entry := fmt.Sprintf("defaults.efficiency_by[%d] %q %q", i, g.Arch, g.Precision)
		if !slices.ContainsFunc(d.Memory.GPUs.GPUs, func(c gpu.GPU) bool { return c.Arch != "" && c.Arch == g.Arch }) {
			errs = append(errs, fact.Errorf(entry, "arch", "no GPU of the catalog has architecture %q", g.Arch))
		}
		if !slices.ContainsFunc(Precisions, func(c scenario.Choice) bool { return c.Value == g.Precision }) {
			errs = append(errs, fact.Errorf(entry, "precision", "unknown precision %q", g.Precision))
		}
		if key := g.Arch + "/" + g.Precision; seen[key] {
			errs = append(errs, fact.Errorf(entry, "arch", "a second row for this architecture and precision"))
		} else {
			seen[key] = true
		}
		errs = append(errs, d.Sources.Check(g.Compute, entry, "compute", 0.01, 1)...)
		errs = append(errs, d.Sources.Check(g.Memory, entry, "memory", 0.01, 1)...)
	}
	return errs
}

// bound is a field of a data row and the range its value must lie in.
type bound struct {
	field    string
	v        float64
	min, max float64
}

// inRange returns an error for each field of entry outside its range.
func inRange(entry string, bs []bound) []error {
	var errs []error
	for _, b := range bs {
		if msg := fact.InRange(b.v, b.min, b.max); msg != "" {
			errs = append(errs, fact.Errorf(entry, b.field, "%s", msg))
		}
	}
	return errs
}
