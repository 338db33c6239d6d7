// Package memory is the memory model of a GPU serving an LLM: weights,
// the peak activation workspace, runtime memory, and the paged KV cache
// that fills what the serving engine's memory fraction leaves. Each
// engine (vLLM, SGLang, TensorRT-LLM, TGI) applies its fraction to a
// different amount of memory (see Engine). From the KV cache follow the
// token capacity, the sequences that fit at a context length, and the
// GPUs a model needs.
//
// All sizes are bytes per GPU unless a name says otherwise.
package memory

import (
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/model"
)

// GiB is 2^30 bytes, the unit of vLLM's logs and of CUDA's memory figures.
const GiB = 1 << 30

// Format is a number format of weights or of the KV cache.
type Format struct {
	ID, Label string
	Bytes     float64 // per parameter or per cached value
	// ExpertsOnly, for weights, stores only a mixture of experts' routed
	// experts in the format and every other weight in 16 bits, as
	// checkpoints that quantize their experts alone are published.
	ExpertsOnly bool
}

// Weight formats, largest first. The block formats add their scales:
// NVFP4 one E4M3 byte per 16 values (and one FP32 scale per tensor, left
// out as negligible; NVIDIA's NVFP4 format as in TensorRT Model Optimizer
// and Intel Neural Compressor's NVFP4 page), MXFP4 one E8M0 byte per 32
// values (OCP Microscaling Formats (MX) Specification v1.0), INT4 one
// 16-bit scale per group of 128 weights (GPTQ/AWQ). Quantized formats keep
// the embeddings in 16 bits.
var WeightFormats = []Format{
	{"fp32", "FP32", 4, false}, {"bf16", "BF16 / FP16", 2, false}, {"fp8", "FP8", 1, false}, {"int8", "INT8", 1, false},
	{"nvfp4", "NVFP4 (16-value blocks, FP8 scales)", (4 + 8.0/16) / 8, false},
	{"mxfp4", "MXFP4 (32-value blocks, 8-bit scales)", (4 + 8.0/32) / 8, false},
	{"int4", "INT4 (group 128, 16-bit scales)", 0.5 + 2.0/128, false},
	{MXFP4Experts, "MXFP4 experts, the rest BF16", (4 + 8.0/32) / 8, true},
}

// MXFP4Experts is the weight format of a checkpoint that stores its
// routed experts in MXFP4 and the rest in BF16 (model.QuantMXFP4MoE:
// gpt-oss as OpenAI publishes it).
const MXFP4Experts = "mxfp4-moe"

// KVFormats are the formats of the KV cache.
var KVFormats = []Format{{"bf16", "BF16 / FP16", 2, false}, {"fp8", "FP8", 1, false}}

// FindFormat returns the format with the given id.
func FindFormat(fs []Format, id string) (Format, bool) {
	for _, f := range fs {
		if f.ID == id {
			return f, true
		}
	}
	return Format{}, false
}

// Engine is a serving engine's kind of memory accounting: what its memory
// fraction is a share of, and what is taken out before or after it.
type Engine string

// The serving engines. Their accounting, read in each engine's source
// (the data's engine profiles cite file and commit), with M the memory
// CUDA shows, f the fraction, W the weights, A the activation peak of the
// start-up profile and R the memory outside PyTorch:
const (
	// VLLM (V1, gpu_memory_utilization): KV = f·M − W − A − R, A the
	// larger of a forward pass and the sampler's warm-up.
	VLLM Engine = "vllm"
	// SGLang (mem_fraction_static, "weights and KV pool"): KV = f·(M − R)
	// − W, the fraction of what is free before the weights load;
	// activations and CUDA graphs live in the remaining 1 − f.
	SGLang Engine = "sglang"
	// TRTLLM (kv_cache_free_gpu_mem_fraction): KV = f·(M − W − A − R),
	// a share of what is free after the weights and the profiled forward
	// pass.
	TRTLLM Engine = "trtllm"
	// TGI (cuda_memory_fraction times its wiggle room): KV = f·w·M − W −
	// A − R, measured after a warm-up prefill of max_batch_prefill_tokens.
	TGI Engine = "tgi"
)

// Engines are the serving engines whose accounting the package knows.
var Engines = []Engine{VLLM, SGLang, TRTLLM, TGI}

// Runtime holds the serving engine's settings and overheads (vLLM's
// names where engines differ).
type Runtime struct {
	// Engine is the accounting; "" is VLLM.
	Engine Engine
	// Utilization is the engine's memory fraction (vLLM's
	// gpu_memory_utilization: the share of GPU memory vLLM may use for
	// weights, activations and the KV cache; for the others see Engine).
	Utilization float64
	// Wiggle is TGI's TGI_WIGGLE_ROOM, which multiplies its fraction.
	Wiggle float64
	// MaxNumSeqs is max_num_seqs: at start-up vLLM runs the sampler once
	// for this many sequences, and that peak is kept free.
	MaxNumSeqs int
	// MaxBatchedTokens is max_num_batched_tokens: the tokens of one
	// forward pass in the start-up profile.
	MaxBatchedTokens int
	// SamplerBytesPerLogit is the memory the sampler holds per sequence and
	// vocabulary entry: float32 logits and the copies that softmax, sorting
	// (values and int64 indices) and log-probabilities make of them.
	SamplerBytesPerLogit float64
	// NonTorch is memory outside PyTorch's allocator (CUDA and cuBLAS
	// workspaces); NCCL is added on each GPU when a model spans several.
	NonTorch, NCCL float64
	// BlockSize is the tokens per KV-cache block (16 in vLLM).
	BlockSize int
}

// Setup is a model served on a group of GPUs.
type Setup struct {
	Model     model.Model
	Weights   Format
	KV        Format
	GPUMemory float64 // bytes visible to CUDA on each GPU
	TP, PP    int     // tensor- and pipeline-parallel degrees
	Runtime   Runtime
}

// GPUs is the number of GPUs of one model replica.
func (s Setup) GPUs() int { return s.TP * s.PP }

// TPError says why a tensor-parallel degree cannot split the model's
// heads, as the key of a message of the catalogs (package msg, which
// words it in the page's language), or "". The engine words nothing.
func TPError(m model.Model, tp int) string {
	switch {
	case tp < 1:
		return "mem.err.tp_min"
	case m.Heads%tp != 0:
		return "mem.err.tp_heads"
	case !m.MLA() && m.KVHeads < tp && tp%m.KVHeads != 0:
		return "mem.err.tp_kv"
	}
	return ""
}

// KVHeadsPerGPU is how many KV heads each tensor-parallel rank caches:
// an equal share, or one replicated head when there are fewer heads than
// ranks.
func KVHeadsPerGPU(m model.Model, tp int) int {
	if m.KVHeads >= tp {
		return m.KVHeads / tp
	}
	return 1
}

// layerKVBytes is the KV cache one layer holds per token on one GPU. MLA
// caches one latent vector per token, which every rank keeps whole.
func (s Setup) layerKVBytes() float64 {
	m := s.Model
	if m.MLA() {
		return float64(m.KVLoraRank+m.QKRopeHeadDim) * s.KV.Bytes
	}
	return 2 * float64(KVHeadsPerGPU(m, s.TP)*m.HeadDim) * s.KV.Bytes
}

// layersPerGPU is the layers one pipeline stage holds (the largest stage).
func (s Setup) layersPerGPU() int { return (s.Model.Layers + s.PP - 1) / s.PP }

// KVBytesPerToken is the KV cache per token on one GPU with every layer
// attending to the whole context (the figure vLLM sizes its pool by).
func (s Setup) KVBytesPerToken() float64 {
	return s.layerKVBytes() * float64(s.layersPerGPU())
}

// WeightBytes is the weights on one GPU: all parameters (every expert of
// an MoE model) in the weight format, the embeddings in at least 16 bits,
// split evenly over the GPUs; in a format of ExpertsOnly, the routed
// experts in the format and the rest in 16 bits.
func (s Setup) WeightBytes() float64 {
	m := s.Model
	if s.Weights.ExpertsOnly {
		routed := math.Min(m.RoutedParams(), m.ParamsB*1e9)
		return (routed*s.Weights.Bytes + (m.ParamsB*1e9-routed)*2) / float64(s.GPUs())
	}
	embed := math.Min(m.EmbeddingParams(), m.ParamsB*1e9)
	body := m.ParamsB*1e9 - embed
	return (body*s.Weights.Bytes + embed*math.Max(s.Weights.Bytes, 2)) / float64(s.GPUs())
}

// ActivationBytes is the peak of vLLM's start-up profile on one GPU: the
// larger of a forward pass over MaxBatchedTokens tokens (the MLP's gate,
// up and activated outputs, split by tensor parallelism, and four
// hidden-sized buffers, in 16 bits) and the sampler's warm-up over
// MaxNumSeqs sequences (whose logits each rank gathers whole).
func (s Setup) ActivationBytes() float64 {
	m, rt := s.Model, s.Runtime
	inter := float64(m.Intermediate)
	if m.Experts > 0 {
		e := m.MoEIntermediate
		if e == 0 {
			e = m.Intermediate
		}
		inter = float64(m.ExpertsPerToken * e)
	}
	forward := float64(rt.MaxBatchedTokens) * 2 * (3*inter/float64(s.TP) + 4*float64(m.Hidden))
	sampler := float64(rt.MaxNumSeqs) * float64(m.Vocab) * rt.SamplerBytesPerLogit
	return math.Max(forward, sampler)
}

// reserved is what the engine takes out of the GPU's memory besides the
// weights: activations and runtime, or for SGLang, which keeps them in
// its 1 − f share, none.
func (s Setup) reserved() (activations, runtime float64) {
	if s.Runtime.Engine == SGLang {
		return 0, s.RuntimeBytes()
	}
	return s.ActivationBytes(), s.RuntimeBytes()
}

// RuntimeBytes is the memory outside PyTorch on one GPU.
func (s Setup) RuntimeBytes() float64 {
	if s.GPUs() > 1 {
		return s.Runtime.NonTorch + s.Runtime.NCCL
	}
	return s.Runtime.NonTorch
}

// Result is one GPU's memory in the setup.
type Result struct {
	// Activations is what the engine reserves for them out of its
	// fraction (none for SGLang, which leaves them in Headroom).
	Weights, Activations, Runtime float64
	// KVPool is what is left for the KV cache (negative: does not fit).
	KVPool float64
	// Headroom is the memory the engine leaves outside its fraction.
	Headroom float64
	// KVBytesPerToken is per GPU, every layer attending to all tokens.
	KVBytesPerToken float64
	// CapacityTokens is the KV pool in whole blocks, as tokens (vLLM's
	// "GPU KV cache size").
	CapacityTokens int
}

// Compute lays out one GPU's memory by the engine's accounting (see
// Engine).
func (s Setup) Compute() Result {
	r := Result{Weights: s.WeightBytes(), KVBytesPerToken: s.KVBytesPerToken()}
	r.Activations, r.Runtime = s.reserved()
	f, used := s.Runtime.Utilization, r.Weights+r.Activations+r.Runtime
	switch s.Runtime.Engine {
	case SGLang:
		r.KVPool = f*(s.GPUMemory-r.Runtime) - r.Weights
		r.Headroom = (1 - f) * (s.GPUMemory - r.Runtime)
	case TRTLLM:
		free := s.GPUMemory - used
		// A negative free memory is reported whole: what is missing.
		r.KVPool, r.Headroom = free, 0
		if free > 0 {
			r.KVPool, r.Headroom = f*free, (1-f)*free
		}
	case TGI:
		f *= s.Runtime.Wiggle
		fallthrough
	default:
		r.KVPool = s.GPUMemory*f - used
		r.Headroom = s.GPUMemory * (1 - f)
	}
	block := float64(s.Runtime.BlockSize) * r.KVBytesPerToken
	if r.KVPool > 0 && block > 0 {
		r.CapacityTokens = int(math.Floor(r.KVPool/block)) * s.Runtime.BlockSize
	}
	return r
}

// SequenceBytes is the KV cache of one sequence of ctx tokens on one GPU,
// in whole blocks; sliding-window layers hold at most their window.
func (s Setup) SequenceBytes(ctx int) float64 {
	m := s.Model
	blocks := func(tokens int) float64 {
		b := s.Runtime.BlockSize
		return float64((tokens + b - 1) / b * b)
	}
	layers := s.layersPerGPU()
	windowed := m.WindowedLayers(layers)
	full := layers - windowed
	win := min(ctx, m.SlidingWindow)
	return s.layerKVBytes() * (float64(full)*blocks(ctx) + float64(windowed)*blocks(win))
}

// MaxSequences is how many sequences of ctx tokens the KV pool holds at
// once (vLLM's "maximum concurrency"), 0 when not even one fits.
func (s Setup) MaxSequences(r Result, ctx int) int {
	per := s.SequenceBytes(ctx)
	if r.KVPool <= 0 || per <= 0 {
		return 0
	}
	return int(math.Floor(r.KVPool / per))
}

// MaxContext is the longest context, in whole blocks, that batch
// sequences can each have at once (ignoring sliding windows and the
// model's own limit).
func (s Setup) MaxContext(r Result, batch int) int {
	if batch < 1 || r.CapacityTokens <= 0 {
		return 0
	}
	b := s.Runtime.BlockSize
	return r.CapacityTokens / batch / b * b
}

// Fits reports whether one sequence of ctx tokens fits, and otherwise how
// many bytes per GPU are missing.
func (s Setup) Fits(r Result, ctx int) (bool, float64) {
	short := s.SequenceBytes(ctx) - r.KVPool
	return short <= 0, math.Max(short, 0)
}

// ServerGPUs is the largest tensor-parallel degree within one server's
// NVLink domain.
const ServerGPUs = 8

// ParallelFor returns the tensor- and pipeline-parallel degrees for n
// GPUs: the largest valid tensor-parallel degree up to ServerGPUs that
// divides n, the rest as pipeline stages.
func ParallelFor(m model.Model, n int) (tp, pp int, ok bool) {
	for t := min(n, ServerGPUs); t >= 1; t-- {
		if n%t == 0 && TPError(m, t) == "" && n/t <= m.Layers {
			return t, n / t, true
		}
	}
	return 0, 0, false
}

// MaxGPUs bounds the search of GPUsNeeded.
const MaxGPUs = 64

// GPUsNeeded returns the fewest GPUs, as a power of two up to MaxGPUs, on
// which the setup holds concurrency sequences of ctx tokens, with the
// parallel degrees used; ok is false when even MaxGPUs do not.
func GPUsNeeded(s Setup, ctx, concurrency int) (n, tp, pp int, ok bool) {
	return GPUsNeededAt(s, ctx, concurrency, 1)
}

// GPUsNeededAt is GPUsNeeded with each GPU's KV pool scale times the
// estimate: the GPUs needed if the capacity is off by as much as
// measured capacities have been from the estimates (an error band).
func GPUsNeededAt(s Setup, ctx, concurrency int, scale float64) (n, tp, pp int, ok bool) {
	for n = 1; n <= MaxGPUs; n *= 2 {
		t, p, valid := ParallelFor(s.Model, n)
		if !valid {
			continue
		}
		s.TP, s.PP = t, p
		r := s.Compute()
		r.KVPool *= scale
		if s.MaxSequences(r, ctx) >= concurrency {
			return n, t, p, true
		}
	}
	return 0, 0, 0, false
}

// FewestTP returns the smallest tensor-parallel degree, up to MaxGPUs and
// with no pipeline stages, on which the setup holds concurrency sequences
// of ctx tokens; ok is false when no degree does. Unlike GPUsNeeded it
// tries every degree that splits the heads, so any degree that holds them
// is at least the one returned: what a "needs at least N GPUs" says.
func FewestTP(s Setup, ctx, concurrency int) (tp int, ok bool) {
	for tp = 1; tp <= MaxGPUs; tp++ {
		if TPError(s.Model, tp) != "" {
			continue
		}
		s.TP, s.PP = tp, 1
		if s.MaxSequences(s.Compute(), ctx) >= concurrency {
			return tp, true
		}
	}
	return 0, false
}

// Flat is the rule of thumb of seed article 002: a model of a given size,
// a flat KV cache per token, a fixed reserve and a fixed overhead per
// sequence, all in GB, with no activations and the whole GPU usable.
type Flat struct {
	WeightsGB, KVPerTokenGB, ReserveGB, PerSequenceGB float64
}

// MaxSequences is the article's batch size: whole sequences of ctx tokens
// in what the GPU has left, at least 1 as the article floors it.
func (f Flat) MaxSequences(gpuGB float64, ctx int) int {
	return max(1, int(math.Floor((gpuGB-f.ReserveGB-f.WeightsGB)/(f.KVPerTokenGB*float64(ctx)+f.PerSequenceGB))))
}

// PoolGB is what the GPU has left for sequences after the reserve and
// the weights; negative when the model does not fit.
func (f Flat) PoolGB(gpuGB float64) float64 { return gpuGB - f.ReserveGB - f.WeightsGB }

// SequenceGB is one sequence of ctx tokens: its KV cache and overhead.
func (f Flat) SequenceGB(ctx int) float64 { return f.KVPerTokenGB*float64(ctx) + f.PerSequenceGB }

// Fits reports whether one sequence of ctx tokens fits, and by how many
// GB it falls short when not.
func (f Flat) Fits(gpuGB float64, ctx int) (bool, float64) {
	short := f.SequenceGB(ctx) - f.PoolGB(gpuGB)
	return short <= 0, math.Max(short, 0)
}

// MaxFlatTokens bounds the rule's token counts, which have no limit
// without a KV-cache figure per token.
const MaxFlatTokens = 1 << 30

// CapacityTokens is the cache the pool holds, in tokens.
func (f Flat) CapacityTokens(gpuGB float64) int {
	return floorRatio(f.PoolGB(gpuGB), f.KVPerTokenGB, MaxFlatTokens)
}

// MaxContext is the longest context each of concurrency sequences can
// have at once; 0 when not even their overhead fits.
func (f Flat) MaxContext(gpuGB float64, concurrency int) int {
	return floorRatio(f.PoolGB(gpuGB)/float64(max(concurrency, 1))-f.PerSequenceGB, f.KVPerTokenGB, MaxFlatTokens)
}

// GPUsNeeded returns how many GPUs, each with its own copy of the model
// (the rule splits no model), hold concurrency sequences of ctx tokens;
// ok is false when one GPU holds none, or more than MaxGPUs are needed.
// Unlike MaxSequences it counts only sequences that really fit.
func (f Flat) GPUsNeeded(gpuGB float64, ctx, concurrency int) (int, bool) {
	return f.GPUsNeededAt(gpuGB, ctx, concurrency, 1)
}

// GPUsNeededAt is GPUsNeeded with the pool scale times the rule's, as
// GPUsNeededAt scales an engine's.
func (f Flat) GPUsNeededAt(gpuGB float64, ctx, concurrency int, scale float64) (int, bool) {
	per := floorRatio(f.PoolGB(gpuGB)*scale, f.SequenceGB(ctx), concurrency)
	if per < 1 {
		return 0, false
	}
	n := (concurrency + per - 1) / per
	return n, n <= MaxGPUs
}

// floorRatio is floor(a / b) within [0, limit], limit when b is 0. The
// quotient is rounded to 12 digits first, so that 7 / 0.0002 makes
// 35,000 and not 34,999.
func floorRatio(a, b float64, limit int) int {
	switch {
	case a <= 0 || math.IsNaN(a):
		return 0
	case b <= 0 || a/b >= float64(limit):
		return limit
	}
	q, _ := strconv.ParseFloat(strconv.FormatFloat(a/b, 'g', 12, 64), 64)
	return int(math.Floor(q))
}
