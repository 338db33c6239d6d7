// Package perf estimates how fast a GPU serves an LLM: a roofline of
// prefill and decode (the slower of moving the bytes and doing the
// arithmetic, with the all-reduces of tensor parallelism over the GPU
// link, and the fixed costs of a step and of a served request), and a
// discrete-event simulation of continuous batching for latency
// percentiles and throughput under open-loop (Poisson), closed-loop or
// offline load.
package perf

import (
	"math"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// Hardware is what the roofline needs of a GPU.
type Hardware struct {
	TFLOPS    float64 // dense, at the compute precision
	Bandwidth float64 // memory, GB/s
	LinkGBps  float64 // GPU-to-GPU, both directions added
}

// Efficiency is the share of the peak that serving reaches.
type Efficiency struct {
	// Compute is the model FLOPs utilization (MFU) of matrix products.
	Compute float64
	// Memory is the share of the memory bandwidth reached (MBU).
	Memory float64
	// Link is the share of the link bandwidth an all-reduce reaches.
	Link float64
	// CollectiveLatency is the fixed cost of one all-reduce, seconds.
	CollectiveLatency float64
	// StepSeconds is the fixed cost of every forward pass, whatever it
	// processes: the scheduler, sampling and kernel launches, which keep
	// a small model's short step from reaching the roofline. 0 leaves it
	// out, as before it was fitted.
	StepSeconds float64
	// RequestSeconds is the fixed latency of a request served online,
	// outside the GPU's steps (receiving and tokenizing it over HTTP,
	// scheduling it, streaming its tokens back): added to its time to
	// first token and its end-to-end latency, not to the time between
	// its tokens, in the simulation's open and closed loops. A batch or
	// an offline run, fed in-process, has none. 0 leaves it out.
	RequestSeconds float64
	// TouchedExperts makes a mixture of experts read, in a step, only the
	// weights of the experts its tokens touch (DistinctExperts); false
	// reads them all, as editions before the step model was fitted do.
	TouchedExperts bool
	// Experts is the share of Compute that a mixture of experts' routed
	// experts reach: their grouped matrix products, each over the few
	// tokens routed to one expert, run further from the peak than a dense
	// layer's. 0 or 1 computes them as the dense layers, as editions
	// before the builds were fitted do.
	Experts float64
}

// Setup is a model replica on TP GPUs.
type Setup struct {
	Model    model.Model
	Weights  memory.Format // weight format, also the activations' bytes when 1
	KV       memory.Format
	Hardware Hardware
	TP       int
	// EP spreads a mixture of experts' routed experts over EP groups of
	// TP/EP GPUs each: a group holds E/EP whole experts, each split over
	// the group's GPUs (TensorRT-LLM's moe_ep_size; vLLM's and SGLang's
	// expert parallelism over the TP GPUs is EP = TP). 0 or 1 splits every
	// expert over all TP GPUs. It must divide TP.
	EP         int
	Efficiency Efficiency
}

func (s Setup) mem() memory.Setup {
	return memory.Setup{Model: s.Model, Weights: s.Weights, KV: s.KV, TP: s.TP, PP: 1}
}

// weightBytes is the weights on one GPU.
func (s Setup) weightBytes() float64 { return s.mem().WeightBytes() }

// expertBytes is the routed experts' weights on one GPU, all of them
// (model.Model RoutedParams); 0 for a dense model.
func (s Setup) expertBytes() float64 {
	return s.Model.RoutedParams() * s.Weights.Bytes / float64(s.mem().GPUs())
}

// DistinctExperts is how many of e experts a batch of tokens touches in a
// layer, expected, when each token picks k of them: each expert is missed
// by a token with probability 1 - k/e, by all with (1 - k/e)^tokens. It is
// k for one token and nears e as the batch grows.
func DistinctExperts(e, k int, tokens float64) float64 {
	if e == 0 || tokens <= 0 {
		return 0
	}
	return float64(e) * (1 - math.Pow(1-float64(k)/float64(e), tokens))
}

// ExpectedMax is about the expected largest of n independent standard
// normal variables: Blom's approximation Φ⁻¹((n − 0.375) / (n + 0.25)),
// 0 for one, 0.59 for 2 (exactly 0.56), 1.43 for 8 (1.42).
func ExpectedMax(n int) float64 {
	if n <= 1 {
		return 0
	}
	q := (float64(n) - 0.375) / (float64(n) + 0.25)
	return math.Sqrt2 * math.Erfinv(2*q-1)
}

// busiest is about the expected largest of groups counts, each the number
// of successes of trials trials of probability p: the mean plus
// ExpectedMax(groups) standard deviations (the normal approximation of
// the binomial), at most trials.
func busiest(trials, p float64, groups int) float64 {
	mean := trials * p
	return min(trials, mean+ExpectedMax(groups)*math.Sqrt(mean*(1-p)))
}

// kvBytesPerToken is the KV cache per token on one GPU.
func (s Setup) kvBytesPerToken() float64 { return s.mem().KVBytesPerToken() }

// flops is the arithmetic of processing tokens new tokens that attend to
// ctxSum earlier tokens in all: 2 x active parameters per token for the
// matrix products, and 4 x layers x heads x head dim per attended pair.
func (s Setup) flops(tokens, ctxSum float64) float64 {
	m := s.Model
	return 2*m.Active()*1e9*tokens + 4*float64(m.Layers*m.Heads*m.HeadDim)*ctxSum
}

// commTime is the tensor-parallel all-reduces of a step over tokens
// tokens: two per layer (after attention and after the MLP), each moving
// 2 (TP-1)/TP of the tokens' hidden states in 16 bits over one direction
// of the link, plus a fixed latency.
func (s Setup) commTime(tokens float64) float64 {
	if s.TP <= 1 {
		return 0
	}
	e := s.Efficiency
	perDir := s.Hardware.LinkGBps * 1e9 / 2 * e.Link
	tp := float64(s.TP)
	bytes := 2 * (tp - 1) / tp * tokens * float64(s.Model.Hidden) * 2
	return 2 * float64(s.Model.Layers) * (bytes/perDir + e.CollectiveLatency)
}

// Step is the time of one forward pass that processes tokens new tokens
// attending to ctxSum cached or new tokens in all, and reads the KV cache
// of kvTokens tokens: the slower of the arithmetic and the memory traffic
// (weights once, plus the KV cache), plus the all-reduces and the fixed
// cost of a step. A mixture of experts reads the weights of the experts
// its tokens touch (DistinctExperts), not all of them. With expert
// parallelism (EP), the step waits for its busiest expert group: the
// group whose experts its tokens touch most (weights read) and that its
// tokens are routed to most (arithmetic). Its all-reduces are tensor
// parallelism's: the GPUs hold every token, as without data-parallel
// attention, and sum their experts' outputs as they sum their shards.
func (s Setup) Step(tokens, ctxSum, kvTokens float64) (seconds float64, computeBound bool) {
	r := s.roofline()
	return r.step(tokens, ctxSum, kvTokens)
}

// roofline holds a setup's constants, so that a simulation's many steps
// do not recompute them.
type roofline struct {
	flopsPerToken, flopsPerPair float64 // see Setup.flops
	flopRate, byteRate          float64 // per second, at the efficiencies
	weights, kvPerToken         float64 // bytes per GPU
	experts                     float64 // bytes per GPU of all routed experts, part of weights
	nExperts, perToken          int     // routed experts, and those a token uses
	ep                          int     // expert groups, 1 without expert parallelism
	flopsPerRouting             float64 // of one token in one routed expert, all layers
	commPerToken, commAt        float64 // all-reduce seconds per token and per step
	stepAt                      float64 // fixed seconds per step
}

func (s Setup) roofline() roofline {
	e, h := s.Efficiency, s.Hardware
	r := roofline{flopsPerToken: s.flops(1, 0), flopsPerPair: s.flops(0, 1),
		flopRate: h.TFLOPS * 1e12 * e.Compute * float64(s.TP), byteRate: h.Bandwidth * 1e9 * e.Memory,
		weights: s.weightBytes(), kvPerToken: s.kvBytesPerToken(),
		nExperts: s.Model.Experts, perToken: s.Model.ExpertsPerToken, stepAt: e.StepSeconds}
	if e.TouchedExperts {
		r.experts = s.expertBytes()
	}
	r.ep = max(s.EP, 1)
	if m := s.Model; m.Experts > m.ExpertsPerToken {
		// A routing's arithmetic at the dense layers' rate: its share of
		// Compute slows it by 1 / Experts.
		perRouting := 2 * (m.ParamsB - m.Active()) * 1e9 / float64(m.Experts-m.ExpertsPerToken)
		if e.Experts > 0 {
			r.flopsPerToken += float64(m.ExpertsPerToken) * perRouting * (1/e.Experts - 1)
			perRouting /= e.Experts
		}
		if r.ep > 1 {
			r.flopsPerRouting = perRouting
		}
	}
	if s.TP > 1 {
		r.commAt = s.commTime(0)
		r.commPerToken = s.commTime(1) - r.commAt
	}
	return r
}

func (r *roofline) step(tokens, ctxSum, kvTokens float64) (float64, bool) {
	compute := (tokens*r.flopsPerToken + r.imbalance(tokens) + ctxSum*r.flopsPerPair) / r.flopRate
	memory := (r.weightsRead(tokens) + kvTokens*r.kvPerToken) / r.byteRate
	return math.Max(compute, memory) + r.fixed(tokens), compute > memory
}

// weightsRead is the weight bytes a step over tokens tokens reads: all but
// the routed experts no token of the step uses. With expert groups, a GPU
// holds shares of its group's E/EP experts only, and the step waits for
// the group whose experts its tokens touch most: of a GPU's routed
// weights, it reads the busiest group's touched share (each expert
// touched with probability DistinctExperts / E).
func (r *roofline) weightsRead(tokens float64) float64 {
	if r.experts == 0 {
		return r.weights
	}
	e := float64(r.nExperts)
	touched := DistinctExperts(r.nExperts, r.perToken, tokens) / e
	if r.ep > 1 {
		perGroup := e / float64(r.ep)
		touched = busiest(perGroup, touched, r.ep) / perGroup
	}
	return r.weights - r.experts*(1-touched)
}

// imbalance is the arithmetic a step over tokens tokens adds by waiting
// for the expert group its tokens' routings (k a token, each to a group
// with probability 1/EP) reach most often. Counted, as the step's
// arithmetic is, over all the replica's GPUs: EP times that group's
// routings, less all of them.
func (r *roofline) imbalance(tokens float64) float64 {
	if r.flopsPerRouting == 0 || tokens <= 0 {
		return 0
	}
	routings := tokens * float64(r.perToken)
	return r.flopsPerRouting * (float64(r.ep)*busiest(routings, 1/float64(r.ep), r.ep) - routings)
}

// fixed is a step's time beside the roofline: its all-reduces and its
// fixed cost.
func (r *roofline) fixed(tokens float64) float64 {
	if tokens <= 0 {
		return 0
	}
	return r.stepAt + r.commAt + tokens*r.commPerToken
}

// series is the step times of a stretch of n steps j = 0 .. n-1 that each
// process the same tokens, attend to ctx0 + j dctx pairs and read kv0 +
// j dkv cached tokens: each step's compute and memory times are lines in
// j, which cross at most once, so steps before split follow one line and
// the rest the other, and any number of them add up in constant time.
type series struct {
	first, second line // all-reduces and fixed cost included
	split         float64
}

func (r *roofline) series(tokens, ctx0, dctx, kv0, dkv float64) series {
	fixed := r.fixed(tokens)
	compute := line{(tokens*r.flopsPerToken+r.imbalance(tokens)+ctx0*r.flopsPerPair)/r.flopRate + fixed, dctx * r.flopsPerPair / r.flopRate}
	memory := line{(r.weightsRead(tokens)+kv0*r.kvPerToken)/r.byteRate + fixed, dkv * r.kvPerToken / r.byteRate}
	// Compute is the larger from step split on when its slope is steeper,
	// up to step split when it is flatter.
	s := series{first: memory, second: compute}
	switch gap, slope := compute.at0-memory.at0, compute.slope-memory.slope; {
	case slope > 0:
		s.split = math.Ceil(-gap / slope)
	case slope < 0:
		s.first, s.second, s.split = compute, memory, math.Floor(gap/-slope)+1
	case gap >= 0:
		s.first, s.split = compute, math.Inf(1)
	default:
		s.split = math.Inf(1)
	}
	s.split = max(0, s.split)
	return s
}

// sum is the time of the first n steps.
func (s series) sum(n int) float64 {
	nf := float64(n)
	split := min(s.split, nf)
	return s.first.sum(0, split) + s.second.sum(split, nf)
}

// reach is about how many steps take t seconds: the real count at which
// sum's quadratic reaches t, a first guess for the whole count; +Inf if it
// never does.
func (s series) reach(t float64) float64 {
	if math.IsInf(s.split, 1) {
		return s.first.reach(0, t)
	}
	head := s.first.sum(0, s.split)
	if t <= head {
		return s.first.reach(0, t)
	}
	return s.split + s.second.reach(s.split, t-head)
}

// line is a step time that grows linearly with the step's number.
type line struct{ at0, slope float64 }

// sum is the line's total over steps j0 .. j1-1.
func (l line) sum(j0, j1 float64) float64 {
	if j1 <= j0 {
		return 0
	}
	return (j1 - j0) * (l.at0 + l.slope*(j0+j1-1)/2)
}

// reach is the real m at which m steps from j0 on take t seconds: the
// root of (slope/2) m^2 + (a - slope/2) m = t, a the time of step j0,
// written so that it holds for a slope of 0 too.
func (l line) reach(j0, t float64) float64 {
	if t <= 0 {
		return 0
	}
	c := l.at0 + l.slope*j0 - l.slope/2
	den := c + math.Sqrt(c*c+2*l.slope*t)
	if !(den > 0) {
		return math.Inf(1)
	}
	return 2 * t / den
}

// Prefill is the time to process batch prompts of prompt tokens each in
// one pass: time to first token when they arrive together.
func (s Setup) Prefill(batch, prompt float64) float64 {
	// Causal attention: token i attends to i earlier tokens, p^2/2 pairs.
	t, _ := s.Step(batch*prompt, batch*prompt*prompt/2, 0)
	return t
}

// Decode is the time of one decode step for batch sequences at context
// ctx: time per output token.
func (s Setup) Decode(batch, ctx float64) (float64, bool) {
	return s.Step(batch, batch*ctx, batch*ctx)
}

// Point is the roofline's estimate for a batch of requests served
// together (static batching, as in the published TensorRT-LLM tables).
type Point struct {
	Batch              float64
	TTFT, TPOT, E2E    float64 // seconds
	TokensPerSecond    float64 // output tokens per second of the replica
	TokensPerSecondGPU float64
	ComputeBound       bool // decode is limited by arithmetic, not memory
}

// At estimates a batch of requests of prompt input and output tokens: the
// prefill yields the first token, output - 1 decode steps the rest, taken
// at the average context, prompt + output / 2.
func (s Setup) At(batch, prompt, output float64) Point {
	ttft := s.Prefill(batch, prompt)
	tpot, cb := s.Decode(batch, prompt+output/2)
	p := Point{Batch: batch, TTFT: ttft, TPOT: tpot, E2E: ttft + math.Max(output-1, 0)*tpot, ComputeBound: cb}
	if p.E2E > 0 {
		p.TokensPerSecond = batch * output / p.E2E
		p.TokensPerSecondGPU = p.TokensPerSecond / float64(s.TP)
	}
	return p
}

// CriticalBatch is the batch from which decode at context ctx is limited
// by arithmetic rather than memory, or 0 if it never is: where the
// compute time 2 A B / F' meets the memory time (W + B c kv) / BW'.
func (s Setup) CriticalBatch(ctx float64) float64 {
	e, h := s.Efficiency, s.Hardware
	fp := h.TFLOPS * 1e12 * e.Compute * float64(s.TP)
	bw := h.Bandwidth * 1e9 * e.Memory
	perSeqCompute := s.flops(1, ctx) / fp
	perSeqMemory := ctx * s.kvBytesPerToken() / bw
	if perSeqCompute <= perSeqMemory {
		return 0
	}
	return s.weightBytes() / bw / (perSeqCompute - perSeqMemory)
}
