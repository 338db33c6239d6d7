package accuracy

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
)

// Today is InferCost's estimator as the calculators run it: the roofline
// and the simulation of /performance/ with the data's default
// efficiencies and step cost (or Efficiency, when set) and vLLM's
// scheduler limits, and the memory model of /memory/ with the memory
// accounting of the row's engine (or Engine's, when set).
//
//   - offline: the simulation with every request sent at once, up to
//     MaxRequests of them; its latencies only when it runs the row's whole
//     run, as they grow with the requests queued;
//   - static: the roofline's batch view (perf.Setup.At), as /performance/
//     shows it;
//   - rate: the simulation at the row's rate per replica;
//   - concurrency: the simulation's closed loop, the row's clients shared
//     among the replicas;
//   - startup: the KV capacity of /memory/ with the row's engine and
//     memory fraction, and its batch limits where the row gives them.
//
// A run of an era of its engine's builds (BuildOfRun, serving.Build) takes
// the era's compute and memory efficiencies and fixed costs, in place of
// Efficiency's and of those by architecture and precision.
//
// A simulated run has the row's requests where it gives them, up to
// MaxRequests, and the data's run length otherwise; its latencies leave
// out its first tenth, or, where the data says so (serving.PerfDefaults
// LatencyEveryRequest), count every request, as the benchmarks do.
// Lengths that vary (random, ShareGPT) are taken at their means, or,
// where the data says so (VariedLengths), drawn as the row's dataset
// draws them (Lengths). The row's engine schedules as the page simulates it
// (serving.Perf SchedulesPrefillFirst); where the data says so
// (AsLaunched), the run also has its own engine's KV cache and scheduler
// limits, with the settings the row states (asLaunched), instead of
// vLLM's. A KV cache the source does not name is taken as UnstatedKV
// says.
type Today struct {
	Perf serving.Perf
	// Efficiency replaces the data's efficiencies and step cost when its
	// Compute is set: the values a fit tries.
	Efficiency perf.Efficiency
	// Engine, when set, is the engine whose memory accounting every
	// start-up row is estimated with ("vllm": the calculator before it
	// had engine profiles).
	Engine string
	// ExpertParallel estimates the rows with expert parallelism (and no
	// data-parallel attention) with perf.Setup EP, which the editions'
	// check leaves unestimated: to measure the option before an edition
	// counts them.
	ExpertParallel bool
}

// UnstatedKV is the KV cache format taken for a row that does not name
// one. Before editions knew the engines' defaults (byEngine false), the
// format the estimator serves the weights' precision with
// (serving.KVFormat: FP8 with FP8 or FP4 weights, 16-bit otherwise). By
// engine: vLLM and
// SGLang store it in the model's 16-bit activation type unless told
// otherwise (their kv-cache-dtype "auto"; SGLang's quantized KV cache
// documentation: FP8 or FP4 "instead of the default model precision in
// BF16"), whatever the weights, and TGI is taken as they are (no TGI row
// has quantized weights); TensorRT-LLM follows the checkpoint's
// quantization (KvCacheConfig dtype "auto"), and NVIDIA's FP8 and FP4
// checkpoints of its published performance tables quantize the KV cache
// to FP8.
func UnstatedKV(r calibration.Row, byEngine bool) string {
	if byEngine && memory.Engine(r.Engine) != memory.TRTLLM {
		return "bf16"
	}
	return serving.KVFormat(speedPrecision(r.Weights))
}

// MaxRequests bounds a simulated run of a row: within perf.MaxEvents at
// 5 events a request, with room to spare.
const MaxRequests = 1000

// Estimate implements Estimator.
func (t Today) Estimate(r calibration.Row) Estimate {
	d := t.Perf
	m, ok := d.Memory.Models.Find(r.Model)
	if !ok {
		return Estimate{Unexpressed: "The model is not in InferCost's catalog."}
	}
	g, _ := d.Memory.GPUs.Find(r.GPU)
	tp := max(r.TP, 1)
	switch {
	case r.Disagg != nil:
		return Estimate{Unexpressed: "Disaggregated prefill and decode are not modelled."}
	case r.PP > 1:
		return Estimate{Unexpressed: "Pipeline parallelism is not modelled."}
	case r.EP > 1 && !t.ExpertParallel:
		return Estimate{Unexpressed: "Expert parallelism is not modelled."}
	case r.DP > 1:
		return Estimate{Unexpressed: "Data-parallel attention is not modelled."}
	}
	if text := serving.TPError(msg.English, m, tp); text != "" {
		return Estimate{Unexpressed: text}
	}
	kv := r.KV
	if kv == calibration.KVUnstated {
		kv = UnstatedKV(r, d.Defaults.KVAsEngine.Value == 1)
	}
	if r.Load == calibration.Startup {
		return t.capacity(r, kv)
	}

	precision := speedPrecision(r.Weights)
	if precision == "" {
		return Estimate{Unexpressed: "The speed estimator computes in BF16, FP8 or FP4 only, not with these weights."}
	}
	if text, refused := d.Memory.Precision(msg.English, &g, precision); refused {
		return Estimate{Unexpressed: text}
	}
	e := t.Efficiency
	if e.Compute == 0 {
		e = d.Efficiency()
	}
	if b, ok := BuildOfRun(&d, r); ok {
		e = b.Efficiency(e)
	} else if ge, ok := d.Defaults.GroupOf(g.Arch, precision); ok {
		e.Compute, e.Memory = ge.Compute.Value, ge.Memory.Value
	}
	s, _ := d.Setup(m, g, tp, precision, kv, e)
	if t.ExpertParallel {
		s.EP = r.EP
	}
	in, out := int(math.Round(r.Input)), int(math.Round(r.Output))
	var l perf.Load
	if d.Defaults.AsLaunched.Value == 1 {
		if l, ok = t.asLaunched(r, s, g, in, out); !ok {
			return Estimate{Unexpressed: "InferCost has no memory profile of this engine."}
		}
	} else {
		l = d.Load(s, g, in, out)
		l.PrefillFirst = d.SchedulesPrefillFirst(r.Engine)
	}
	if d.Defaults.VariedLengths.Value == 1 {
		l.Lengths = Lengths(r.Dataset)
	}
	if in+out > l.KVCapacity {
		return Estimate{Unexpressed: "A request does not fit the KV cache the memory model leaves."}
	}
	replicas := float64(r.GPUs / tp)
	if r.Load == calibration.Static {
		ms := func(seconds float64) calibration.Latency {
			v := seconds * 1000
			return calibration.Latency{Mean: v, P50: v, P90: v, P99: v}
		}
		p := s.At(float64(r.Batch), r.Input, r.Output)
		return Estimate{OutputTokS: p.TokensPerSecond * replicas, TTFT: ms(p.TTFT), TPOT: ms(p.TPOT), E2E: ms(p.E2E)}
	}
	if r.Requests > 0 {
		l.Requests = min(r.Requests, MaxRequests)
		l.WarmupRequest = l.Requests / 10
	}
	if d.Defaults.LatencyEveryRequest.Value == 1 {
		l.WarmupRequest = 0
	}
	var gaps map[Metric]string
	switch r.Load {
	case calibration.Offline:
		l.Mode, l.WarmupRequest = perf.Offline, 0
		if r.Requests == 0 || r.Requests > MaxRequests {
			queued := "The latencies of an offline run grow with its requests, more than the simulation runs."
			gaps = map[Metric]string{TTFT: queued, TPOT: queued, E2E: queued}
		}
	case calibration.Concurrency:
		l.Mode, l.Concurrency = perf.Closed, int(math.Ceil(float64(r.Concurrency)/replicas))
	default:
		l.Rate = r.RateRPS / replicas
	}
	st := s.Simulate(l)
	if st.TooLarge || st.Rejected > 0 {
		return Estimate{Unexpressed: "The simulation cannot serve this run within its work budget."}
	}
	ms := func(q perf.Latency) calibration.Latency {
		return calibration.Latency{P50: q.P50 * 1000, P90: q.P90 * 1000, P99: q.P99 * 1000, Mean: q.Mean * 1000}
	}
	return Estimate{OutputTokS: st.OutputTokS * replicas, TTFT: ms(st.TimeToFirst), TPOT: ms(st.PerToken), E2E: ms(st.EndToEnd), Gaps: gaps}
}

// BuildOfRun returns the era of engine builds run r is of in the data d:
// its engine's, for its GPU's maker, by the day it was measured (or,
// where the source does not give it, published); ok is false for a run
// before every era (serving.PerfDefaults BuildOn).
func BuildOfRun(d *serving.Perf, r calibration.Row) (serving.Build, bool) {
	day := r.Measured
	if day == "" {
		day = r.Published
	}
	g, _ := d.Memory.GPUs.Find(r.GPU)
	return d.Defaults.BuildOn(r.Engine, day, g.Vendor)
}

// Lengths is how a calibration dataset varies request lengths about the
// row's means: "random" uniformly from 1 to twice the mean (the serving
// benchmarks' random lengths at range ratio 0, from 1 to the length set),
// "random-0.8" uniformly within a ninth of it (perf.Near), "sharegpt"
// with the long tail of conversations (perf.Chat); "fixed" not, nor
// "sonnet", whose prompts have the length set and whose outputs' spread
// below their cap no source gives.
func Lengths(dataset string) perf.Lengths {
	switch dataset {
	case "random":
		return perf.Uniform
	case calibration.Random08:
		return perf.Near
	case "sharegpt":
		return perf.Chat
	}
	return perf.Fixed
}

// speedPrecision is the estimator's precision for weights of format w:
// BF16, FP8, or FP4 for NVFP4 and MXFP4 (all weights or the experts
// alone); "" for weights it does not compute in.
func speedPrecision(w string) string {
	switch w {
	case "bf16", "fp8":
		return w
	case "nvfp4", "mxfp4", memory.MXFP4Experts:
		return "fp4"
	}
	return ""
}

// capacity is the KV capacity of /memory/ for a start-up row: the row's
// engine, memory fraction and batch limits, the engine's defaults on the
// GPU where the row gives none.
func (t Today) capacity(r calibration.Row, kv string) Estimate {
	mem := t.Perf.Memory
	id := r.Engine
	if t.Engine != "" {
		id = t.Engine
	}
	e, ok := mem.Engine(id)
	if !ok {
		return Estimate{Unexpressed: "InferCost has no memory profile of this engine."}
	}
	m, _ := mem.Models.Find(r.Model)
	g, _ := mem.GPUs.Find(r.GPU)
	w, _ := memory.FindFormat(memory.WeightFormats, r.Weights)
	if c := mem.Checkpoint(&m); w.ID == "mxfp4" && c.ExpertsOnly {
		w = c // the row's MXFP4 is the checkpoint's, its experts alone
	}
	kvf, _ := memory.FindFormat(memory.KVFormats, kv)
	seqs, tokens := batchLimits(mem, e, g, r)
	s := mem.OnEngine(e, m, w, kvf, g, max(r.TP, 1))
	s.Runtime = mem.EngineRuntime(e, r.MemFraction, seqs, tokens)
	if r.BlockSize > 0 {
		s.Runtime.BlockSize = r.BlockSize
	}
	res := s.Compute()
	return Estimate{KVTokens: float64(res.CapacityTokens), KVGiB: res.KVPool / memory.GiB}
}

// batchLimits is the most sequences in a batch and tokens in a step of
// run r: those it states, its engine's defaults on the GPU otherwise.
func batchLimits(mem serving.Memory, e serving.EngineProfile, g gpu.GPU, r calibration.Row) (seqs, tokens int) {
	seqs, tokens = mem.EngineBatch(e, g)
	if r.MaxNumSeqs > 0 {
		seqs = r.MaxNumSeqs
	}
	if r.MaxBatchedTokens > 0 {
		tokens = r.MaxBatchedTokens
	}
	return seqs, tokens
}

// asLaunched is the traffic of run r on its own engine, as /performance/
// sizes it for an engine and the settings entered: the engine's KV cache
// and scheduler limits with the memory fraction and limits r states
// (the engine's defaults where it states none), SGLang's receive
// interval and TensorRT-LLM's batch waiting, for requests of in and out
// tokens; ok is false for an engine InferCost has no profile of.
func (t Today) asLaunched(r calibration.Row, s perf.Setup, g gpu.GPU, in, out int) (l perf.Load, ok bool) {
	mem := t.Perf.Memory
	e, ok := mem.Engine(r.Engine)
	if !ok {
		return l, false
	}
	seqs, tokens := batchLimits(mem, e, g, r)
	fraction := r.MemFraction
	if fraction == 0 {
		fraction = mem.DefaultFraction(e, g, s.TP)
	}
	ms := mem.OnEngine(e, s.Model, s.Weights, s.KV, g, s.TP)
	ms.Runtime = mem.EngineRuntime(e, fraction, seqs, tokens)
	l = t.Perf.LoadOn(e, s, g, in, out)
	l.MaxSeqs, l.MaxBatched, l.KVCapacity, l.RecvInterval = seqs, tokens, ms.Compute().CapacityTokens, r.RecvInterval
	l.BatchWait = perf.BatchWait{Iters: r.BatchWaitIters, Ratio: r.BatchWaitRatio}
	return l, true
}
