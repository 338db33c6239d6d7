package memory

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/model"
)

// Architectures as in content/data/models.yaml (from each config.json).
var (
	llama2_7b = model.Model{ID: "llama-2-7b", ParamsB: 6.74, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, HeadDim: 128,
		Intermediate: 11008, Vocab: 32000, MaxContext: 4096}
	llama31_8b = model.Model{ID: "llama-3.1-8b", ParamsB: 8.03, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128,
		Intermediate: 14336, Vocab: 128256, MaxContext: 131072}
	mixtral = model.Model{ID: "mixtral-8x7b", ParamsB: 46.7, ActiveParamsB: 12.9, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8,
		HeadDim: 128, Intermediate: 14336, Experts: 8, ExpertsPerToken: 2, Vocab: 32000, MaxContext: 32768}
	deepseekV3 = model.Model{ID: "deepseek-v3", ParamsB: 671, ActiveParamsB: 37, Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128,
		HeadDim: 128, Intermediate: 18432, Experts: 256, ExpertsPerToken: 8, MoEIntermediate: 2048, Vocab: 129280,
		MaxContext: 163840, KVLoraRank: 512, QKRopeHeadDim: 64}
	mistral7b = model.Model{ID: "mistral-7b", ParamsB: 7.24, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128,
		Intermediate: 14336, Vocab: 32000, MaxContext: 32768, SlidingWindow: 4096, SlidingLayers: model.SlidingAll}
	gemma2_9b = model.Model{ID: "gemma-2-9b", ParamsB: 9.24, Layers: 42, Hidden: 3584, Heads: 16, KVHeads: 8, HeadDim: 256,
		Intermediate: 14336, Vocab: 256000, TiedEmbeddings: true, MaxContext: 8192, SlidingWindow: 4096, SlidingLayers: model.SlidingAlternate}
)

var bf16, fp8 = WeightFormats[1], WeightFormats[2]

// vLLM V0 (December 2023) defaults: 256 sequences, a 4,096-token profile.
var v0 = Runtime{Utilization: 0.9, MaxNumSeqs: 256, MaxBatchedTokens: 4096, SamplerBytesPerLogit: 38.9,
	NonTorch: 0.13 * GiB, NCCL: 0.42 * GiB, BlockSize: 16}

func setup(m model.Model, tp int) Setup {
	return Setup{Model: m, Weights: bf16, KV: KVFormats[0], GPUMemory: 79.18 * GiB, TP: tp, PP: 1, Runtime: v0}
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol*math.Abs(want) }

// Llama 2 7B in FP16 on one A100 80GB, as in vLLM PR #2031:
//
//	weights     6.74e9 x 2 B                                = 13,480,000,000 B
//	KV/token    2 x 32 heads x 128 x 2 B x 32 layers        =        524,288 B
//	forward     4,096 tok x 2 B x (3 x 11,008 + 4 x 4,096)  =    404,750,336 B
//	sampler     256 x 32,000 x 38.9 B                       =    318,668,800 B (smaller)
//	runtime     0.13 GiB                                    =    139,586,437 B
//	pool        79.18 GiB x 0.9 - the above                 = 62,492,653,089 B
//	blocks      floor(pool / (16 x 524,288)) = 7,449       -> 119,184 tokens
//
// vLLM reported 7,351 blocks (117,616 tokens): +1.3 %.
func TestLlama2OnA100(t *testing.T) {
	s := setup(llama2_7b, 1)
	r := s.Compute()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"weights", r.Weights, 13.48e9}, {"KV per token", r.KVBytesPerToken, 524288},
		{"activations", r.Activations, 404750336}, {"runtime", r.Runtime, 139586437.12},
		{"pool", r.KVPool, 62492653088.77}, {"capacity", float64(r.CapacityTokens), 119184},
	} {
		if !near(c.got, c.want, 1e-9) {
			t.Errorf("%s: got %.2f, want %.2f", c.name, c.got, c.want)
		}
	}
	// At 4,096 tokens a sequence takes 4,096 x 524,288 B = 2 GiB:
	// floor(62,492,653,089 / 2,147,483,648) = 29 sequences.
	if got := s.MaxSequences(r, 4096); got != 29 {
		t.Errorf("max sequences at 4096: %d, want 29", got)
	}
	// 119,184 tokens / 8 sequences = 14,898, in whole blocks 14,896.
	if got := s.MaxContext(r, 8); got != 14896 {
		t.Errorf("max context at batch 8: %d, want 14896", got)
	}
}

func TestKVPerToken(t *testing.T) {
	replicated := llama31_8b
	replicated.Heads, replicated.KVHeads = 32, 2
	for _, c := range []struct {
		name string
		s    Setup
		want float64
	}{
		// GQA: 2 x 8 KV heads x 128 x 2 B x 32 layers.
		{"GQA", setup(llama31_8b, 1), 131072},
		// Tensor parallelism splits the 8 KV heads: 4 per GPU.
		{"GQA, TP 2", setup(llama31_8b, 2), 65536},
		// 2 KV heads on 8 GPUs: each keeps one, replicated: 2 x 1 x 128 x 2 B x 32.
		{"replicated KV heads, TP 8", setup(replicated, 8), 16384},
		// MLA: (512 + 64) x 2 B x 61 layers, whole on every GPU.
		{"MLA", setup(deepseekV3, 1), 70272},
		{"MLA, TP 8", setup(deepseekV3, 8), 70272},
		// FP8 halves the cache: 2 x 8 x 128 x 1 B x 32.
		{"FP8 KV", func() Setup { s := setup(llama31_8b, 1); s.KV = KVFormats[1]; return s }(), 65536},
	} {
		if got := c.s.KVBytesPerToken(); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestTPError(t *testing.T) {
	kv2 := llama31_8b
	kv2.KVHeads = 2
	for _, c := range []struct {
		m    model.Model
		tp   int
		fail bool
	}{
		{llama31_8b, 1, false}, {llama31_8b, 8, false}, {llama31_8b, 3, true}, // 32 heads % 3
		{kv2, 4, false}, {kv2, 8, false}, {llama31_8b, 0, true},
		{deepseekV3, 8, false}, // MLA: no KV-head rule
	} {
		if got := TPError(c.m, c.tp) != ""; got != c.fail {
			t.Errorf("%s TP %d: error %v, want %v", c.m.ID, c.tp, got, c.fail)
		}
	}
}

func TestWeights(t *testing.T) {
	// MoE keeps every expert: 46.7e9 x 2 B, over 2 GPUs.
	if got := setup(mixtral, 2).WeightBytes(); got != 46.7e9 {
		t.Errorf("Mixtral BF16 TP 2: %v, want 46.7e9", got)
	}
	// INT4 with group-128 scales: the 262,144,000 embedding parameters
	// (32,000 x 4,096, input and output) stay 16-bit:
	// 6,477,856,000 x (0.5 + 2/128) + 262,144,000 x 2 = 3,864,432,500 B.
	s := setup(llama2_7b, 1)
	s.Weights, _ = FindFormat(WeightFormats, "int4")
	if got := s.WeightBytes(); !near(got, 3864432500, 1e-12) {
		t.Errorf("Llama 2 7B INT4: %v, want 3,864,432,500", got)
	}
	// Llama 3.3 70B in FP8 on 2 GPUs (llm-d measured 33.88 GiB):
	// (68.499e9 x 1 B + 2.101e9 embedding x 2 B) / 2 = 36.35e9 B = 33.85 GiB.
	l33 := llama31_8b
	l33.ParamsB, l33.Hidden = 70.6, 8192
	s = setup(l33, 2)
	s.Weights = fp8
	if got := s.WeightBytes() / GiB; !near(got, 33.854, 1e-4) {
		t.Errorf("Llama 3.3 70B FP8 TP 2: %.4f GiB, want 33.854", got)
	}
	// gpt-oss-120b as OpenAI publishes it (117B parameters, 5.1B active,
	// 4 of 128 experts a token): each expert holds (117 - 5.1) / 124 =
	// 0.902419B, the 128 routed experts 115.5097B in MXFP4 at 4.25 bits,
	// the other 1.4903B in BF16: 115.5097e9 x 0.53125 + 1.4903e9 x 2 =
	// 64.3451e9 B on one GPU (the embeddings are among the BF16 rest).
	oss := model.Model{ID: "gpt-oss-120b", ParamsB: 117, ActiveParamsB: 5.1, Experts: 128, ExpertsPerToken: 4, Vocab: 201088, Hidden: 2880}
	s = setup(oss, 1)
	s.Weights, _ = FindFormat(WeightFormats, MXFP4Experts)
	if got := s.WeightBytes(); !near(got, 64.3451e9, 1e-5) {
		t.Errorf("gpt-oss-120b, MXFP4 experts: %.6g B, want 64.3451e9", got)
	}
	// MXFP4 throughout keeps only the embeddings (2 x 201,088 x 2,880 =
	// 1.15827e9) in BF16: 115.84173e9 x 0.53125 + 1.15827e9 x 2 =
	// 61.5409e9 + 2.3165e9 = 63.8575e9 B, 0.49 GB less.
	s.Weights, _ = FindFormat(WeightFormats, "mxfp4")
	if got := s.WeightBytes(); !near(got, 63.8575e9, 1e-5) {
		t.Errorf("gpt-oss-120b, MXFP4: %.6g B, want 63.8575e9", got)
	}
}

func TestSlidingWindow(t *testing.T) {
	// Mistral 7B v0.1, every layer windowed at 4,096: an 8,192-token
	// sequence holds 4,096 tokens x 131,072 B = 536,870,912 B.
	if got := setup(mistral7b, 1).SequenceBytes(8192); got != 536870912 {
		t.Errorf("Mistral 7B at 8192: %v, want 536,870,912", got)
	}
	// Gemma 2 9B: 21 of 42 layers windowed; a layer caches 2 x 8 x 256 x 2 B
	// = 8,192 B per token: 21 x 8,192 x 8,192 + 21 x 8,192 x 4,096.
	if got := setup(gemma2_9b, 1).SequenceBytes(8192); got != 2113929216 {
		t.Errorf("Gemma 2 9B at 8192: %v, want 2,113,929,216", got)
	}
	// Partial blocks count whole: 17 tokens take 2 blocks (32 tokens).
	if got := setup(llama31_8b, 1).SequenceBytes(17); got != 32*131072 {
		t.Errorf("17 tokens: %v, want %v", got, 32*131072)
	}
}

// Seed article 002: (GPU - 2 GB - 7 GB) / (0.0002 GB x 2,048 + 0.1 GB):
// T4 7 / 0.5096 = 13.7, A10G 15 / 0.5096 = 29.4, A100 40GB 60.8, 80GB 139.3.
func TestFlatRuleOfThumb(t *testing.T) {
	f := Flat{WeightsGB: 7, KVPerTokenGB: 0.0002, ReserveGB: 2, PerSequenceGB: 0.1}
	for gb, want := range map[float64]int{16: 13, 24: 29, 40: 60, 80: 139} {
		if got := f.MaxSequences(gb, 2048); got != want {
			t.Errorf("%v GB: %d, want %d", gb, got, want)
		}
	}
	// The article's floor of 1 hides a model that does not fit at all.
	if got := (Flat{WeightsGB: 14, ReserveGB: 2, KVPerTokenGB: 0.0002, PerSequenceGB: 0.1}).MaxSequences(16, 2048); got != 1 {
		t.Errorf("14 GB model on 16 GB: %d, want the article's 1", got)
	}
}

// The rule's other figures, worked by hand for its 7 GB model at 2,048
// tokens and 32 concurrent sequences. A T4 (16 GB) leaves 16 - 2 - 7 =
// 7 GB for sequences of 0.0002 x 2,048 + 0.1 = 0.5096 GB each: 13 fit
// (7 / 0.5096 = 13.7), so 32 need ceil(32 / 13) = 3 T4s, each with its
// own copy of the model; 7 / 0.0002 = 35,000 tokens of cache; 32
// sequences get 7 / 32 = 0.21875 GB each, less 0.1 GB of overhead, or
// 0.11875 / 0.0002 = 593.75, so 593 tokens. An A10G (24 GB) leaves 15 GB:
// 29 fit (29.4), 32 need 2; 75,000 tokens; (15 / 32 - 0.1) / 0.0002 =
// 1,843.75, so 1,843. An A100 80GB leaves 71 GB and holds 139, so 32
// need 1; (71 / 32 - 0.1) / 0.0002 = 10,593.75, so 10,593 tokens.
func TestFlatRuleSizesThePoolAndTheGPUs(t *testing.T) {
	f := Flat{WeightsGB: 7, KVPerTokenGB: 0.0002, ReserveGB: 2, PerSequenceGB: 0.1}
	for _, tc := range []struct {
		gb                    float64
		pool                  float64
		gpus, tokens, context int
	}{{16, 7, 3, 35000, 593}, {24, 15, 2, 75000, 1843}, {80, 71, 1, 355000, 10593}} {
		if got := f.PoolGB(tc.gb); got != tc.pool {
			t.Errorf("%v GB: pool %v GB; want %v", tc.gb, got, tc.pool)
		}
		if got, ok := f.GPUsNeeded(tc.gb, 2048, 32); !ok || got != tc.gpus {
			t.Errorf("%v GB: %d GPUs (%v) for 32 sequences; want %d", tc.gb, got, ok, tc.gpus)
		}
		if got := f.CapacityTokens(tc.gb); got != tc.tokens {
			t.Errorf("%v GB: %d tokens of cache; want %d", tc.gb, got, tc.tokens)
		}
		if got := f.MaxContext(tc.gb, 32); got != tc.context {
			t.Errorf("%v GB: %d tokens for each of 32 sequences; want %d", tc.gb, got, tc.context)
		}
		if ok, short := f.Fits(tc.gb, 2048); !ok || short != 0 {
			t.Errorf("%v GB: fits %v, %v GB short; want a fit", tc.gb, ok, short)
		}
	}
	// A 14 GB model on a T4 leaves 0 GB: nothing fits, whatever the
	// article's floor of 1 says, and no number of T4s holds a sequence.
	big := Flat{WeightsGB: 14, ReserveGB: 2, KVPerTokenGB: 0.0002, PerSequenceGB: 0.1}
	if ok, short := big.Fits(16, 2048); ok || math.Abs(short-0.5096) > 1e-9 {
		t.Errorf("14 GB model on 16 GB: fits %v, %v GB short; want 0.5096 GB short", ok, short)
	}
	if n, ok := big.GPUsNeeded(16, 2048, 32); ok {
		t.Errorf("14 GB model on 16 GB: %d GPUs; want none that hold it", n)
	}
	if got := big.MaxContext(16, 32); got != 0 {
		t.Errorf("14 GB model on 16 GB: context %d; want 0", got)
	}
	// Without a per-token figure the cache has no token limit: the counts
	// stop at their bounds rather than overflow.
	free := Flat{WeightsGB: 7, ReserveGB: 2, PerSequenceGB: 0.1}
	if got := free.CapacityTokens(16); got != MaxFlatTokens {
		t.Errorf("no KV per token: %d tokens; want the bound %d", got, MaxFlatTokens)
	}
}

func TestCapacityFallsAsContextRises(t *testing.T) {
	for _, m := range []model.Model{llama2_7b, llama31_8b, mistral7b, gemma2_9b, deepseekV3} {
		s := setup(m, 8)
		r := s.Compute()
		prev := math.MaxInt
		for ctx := 16; ctx <= 131072; ctx *= 2 {
			got := s.MaxSequences(r, ctx)
			if got > prev {
				t.Errorf("%s: %d sequences at %d tokens, more than %d at half", m.ID, got, ctx, prev)
			}
			prev = got
		}
	}
}

func TestMoreGPUsNeverFitLess(t *testing.T) {
	for _, m := range []model.Model{llama2_7b, llama31_8b, mixtral, deepseekV3, gemma2_9b} {
		s := setup(m, 1)
		prev := -1
		for n := 1; n <= MaxGPUs; n *= 2 {
			tp, pp, ok := ParallelFor(m, n)
			if !ok {
				continue
			}
			s.TP, s.PP = tp, pp
			got := s.MaxSequences(s.Compute(), 4096)
			if got < prev {
				t.Errorf("%s: %d GPUs hold %d sequences, fewer than %d on half", m.ID, n, got, prev)
			}
			prev = got
		}
	}
	// DeepSeek-V3 in BF16 is 1,342 GB: 17 H100s' worth, so 32 GPUs.
	n, tp, pp, ok := GPUsNeeded(setup(deepseekV3, 1), 4096, 1)
	if !ok || n != 32 || tp != 8 || pp != 4 {
		t.Errorf("DeepSeek-V3 BF16: %d GPUs (TP %d, PP %d, ok %v), want 32 (8 x 4)", n, tp, pp, ok)
	}
}

// Llama 3.1 70B in BF16 on 80 GB GPUs (79.18 GiB visible) with vLLM V0's
// runtime, sequences of 4,096 tokens:
//
//	budget      79.18 GiB x 0.9                                =  76,516,989,862 B
//	weights     70.6e9 x 2 B / TP                              = 141,200,000,000 B / TP
//	activations sampler 256 x 128,256 x 38.9 B (> the forward) =   1,277,224,550 B
//	runtime     0.13 GiB, + 0.42 GiB NCCL from TP 2            =     590,558,003 B at TP > 1
//	TP 1: pool 76.5e9 - 141.2e9 - ...                          < 0: nothing fits
//	TP 2: pool 76,516,989,862 - 70.6e9 - 1,277,224,550 - 590,558,003 = 4,049,207,308 B;
//	      a sequence 4,096 x (2 x 4 heads x 128 x 2 B x 80 layers = 163,840 B) = 671,088,640 B: 6 fit
//	TP 3: 64 heads do not split in 3
//	TP 4: pool 39,349,207,308 B / (4,096 x 81,920 B) = 117 fit
//	TP 5-7: no split; TP 8: 339 fit
func TestFewestTP(t *testing.T) {
	llama31_70b := model.Model{ID: "llama-3.1-70b", ParamsB: 70.6, Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128,
		Intermediate: 28672, Vocab: 128256, MaxContext: 131072}
	s := setup(llama31_70b, 1)
	for _, c := range []struct{ conc, want int }{{1, 2}, {6, 2}, {7, 4}, {117, 4}, {118, 8}, {339, 8}} {
		if got, ok := FewestTP(s, 4096, c.conc); !ok || got != c.want {
			t.Errorf("%d sequences of 4,096 tokens: got TP %d (%v); want %d", c.conc, got, ok, c.want)
		}
	}
	if got, ok := FewestTP(s, 4096, 1e9); ok {
		t.Errorf("a billion sequences: got TP %d; want none", got)
	}
}

var qwen3_235b = model.Model{ID: "qwen3-235b-a22b", ParamsB: 235, ActiveParamsB: 22, Layers: 94, Hidden: 4096, Heads: 64, KVHeads: 4,
	HeadDim: 128, Intermediate: 12288, Experts: 128, ExpertsPerToken: 8, MoEIntermediate: 1536, Vocab: 151936, MaxContext: 40960}

// SGLang in vLLM issue 21348: Qwen3-235B-A22B-FP8 on 4 x H100,
// --mem-fraction-static 0.93, logged "KV Cache is allocated. #tokens:
// 367404". SGLang's fraction is of the memory free before the weights
// load (model_runner_kv_cache_mixin.py, profile_max_num_token):
//
//	M           79.18 GiB                                    = 85,018,877,624 B
//	R           CUDA context 0.13 GiB + NCCL 0.42 GiB        =    590,558,003 B
//	weights     (235e9 - 1,244,659,712 embedding) x 1 B
//	            + 1,244,659,712 x 2 B, over 4 GPUs           = 59,061,164,928 B
//	pool        0.93 x (M - R) - weights                     = 19,457,172,320 B
//	per token   K and V x 1 KV head per GPU x 128 x 2 B
//	            (16-bit cache) x 94 layers                   =         48,128 B
//	tokens      floor(pool / 48,128), page size 1            =        404,279
//
// +10.0 % of the logged 367,404 (vLLM's accounting gave -24.4 %).
func TestSGLangQwen3OnH100(t *testing.T) {
	rt := Runtime{Engine: SGLang, Utilization: 0.93, NonTorch: 0.13 * GiB, NCCL: 0.42 * GiB, BlockSize: 1,
		MaxNumSeqs: 2048, MaxBatchedTokens: 8192}
	s := Setup{Model: qwen3_235b, Weights: fp8, KV: KVFormats[0], GPUMemory: 79.18 * GiB, TP: 4, PP: 1, Runtime: rt}
	r := s.Compute()
	if !near(r.Weights, 59061164928, 1e-9) || r.Activations != 0 || !near(r.KVPool, 19457172320, 1e-9) ||
		r.KVBytesPerToken != 48128 || r.CapacityTokens != 404279 {
		t.Errorf("weights %.0f, activations %.0f, pool %.0f, per token %.0f, tokens %d; want 59061164928, 0, 19457172320, 48128, 404279",
			r.Weights, r.Activations, r.KVPool, r.KVBytesPerToken, r.CapacityTokens)
	}
	// What SGLang leaves outside its fraction: 7 % of M - R.
	if !near(r.Headroom, 0.07*(79.18*GiB-0.13*GiB-0.42*GiB), 1e-9) {
		t.Errorf("headroom %.0f", r.Headroom)
	}
}

// TensorRT-LLM issue 224: Llama 2 7B in FP16 on an A10 (24 GB),
// kv_cache_free_gpu_mem_fraction 0.95, logged "Using 10718 tokens in
// paged KV cache". TensorRT-LLM's fraction is of the memory free after
// the weights and the engine's activations (KvCacheCreator; the C++
// runtime likewise):
//
//	M            24 - 0.82 GiB                               = 24,889,335,480 B
//	weights      6.74e9 x 2 B                                = 13,480,000,000 B
//	activations  51,200 tokens x 2 B x (3 x 11,008 + 4 x 4,096)
//	             (max_batch_size 25 x max_input_len 2,048)   =  5,059,379,200 B
//	runtime      0.13 GiB                                    =    139,586,437 B
//	free         M - the above                               =  6,210,369,843 B
//	pool         0.95 x free                                 =  5,899,851,351 B
//	blocks       floor(pool / (32 x 524,288 B)) = 351        ->        11,232 tokens
//
// +4.8 % of the logged 10,718 (vLLM's accounting gave -11.8 %).
func TestTensorRTLLMLlama2OnA10(t *testing.T) {
	rt := Runtime{Engine: TRTLLM, Utilization: 0.95, MaxNumSeqs: 25, MaxBatchedTokens: 51200, NonTorch: 0.13 * GiB, NCCL: 0.42 * GiB, BlockSize: 32}
	s := Setup{Model: llama2_7b, Weights: bf16, KV: KVFormats[0], GPUMemory: 23.18 * GiB, TP: 1, PP: 1, Runtime: rt}
	r := s.Compute()
	if r.Activations != 5059379200 || !near(r.KVPool, 5899851351, 1e-9) || r.CapacityTokens != 11232 {
		t.Errorf("activations %.0f, pool %.0f, tokens %d; want 5059379200, 5899851351, 11232", r.Activations, r.KVPool, r.CapacityTokens)
	}
	// Weights that do not fit leave the whole shortfall, not 95 % of it.
	s.Model.ParamsB = 20
	if r := s.Compute(); !near(r.KVPool, 23.18*GiB-40e9-5059379200-0.13*GiB, 1e-9) || r.CapacityTokens != 0 {
		t.Errorf("a model too large: pool %.0f, tokens %d", r.KVPool, r.CapacityTokens)
	}
}

// TGI (v3.3) on no published log (none with its GPU and settings stated
// could be cited): Llama 3.1 8B on an H100 with TGI's defaults,
// cuda_memory_fraction 1, TGI_WIGGLE_ROOM 0.9, a warm-up prefill of 4,096
// tokens, flashinfer's blocks of 1 token. TGI keeps (1 - f x w) of the
// total free (flash_causal_lm.py, warmup; import_utils.py):
//
//	M            79.18 GiB                                   = 85,018,877,624 B
//	usable       1 x 0.9 x M                                 = 76,516,989,862 B
//	weights      (8.03e9 - 525,336,576) x 2 B + 525,336,576 x 2 B = 16,060,000,000 B
//	activations  4,096 x 2 B x (3 x 14,336 + 4 x 4,096)      =    486,539,264 B
//	runtime      0.13 GiB                                    =    139,586,437 B
//	pool         usable - the above                          = 59,830,864,161 B
//	tokens       floor(pool / 131,072 B)                     =        456,473
func TestTGILlama31OnH100(t *testing.T) {
	rt := Runtime{Engine: TGI, Utilization: 1, Wiggle: 0.9, MaxNumSeqs: 128, MaxBatchedTokens: 4096, NonTorch: 0.13 * GiB, NCCL: 0.42 * GiB, BlockSize: 1}
	s := Setup{Model: llama31_8b, Weights: bf16, KV: KVFormats[0], GPUMemory: 79.18 * GiB, TP: 1, PP: 1, Runtime: rt}
	r := s.Compute()
	if r.Activations != 486539264 || !near(r.KVPool, 59830864161, 1e-9) || r.CapacityTokens != 456473 {
		t.Errorf("activations %.0f, pool %.0f, tokens %d; want 486539264, 59830864161, 456473", r.Activations, r.KVPool, r.CapacityTokens)
	}
	if !near(r.Headroom, 0.1*79.18*GiB, 1e-9) {
		t.Errorf("headroom %.0f, want 10 %% of M", r.Headroom)
	}
}
