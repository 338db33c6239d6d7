package model_test

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// The KV cache per token of the rows added for issue 12, worked out by
// hand at 2 bytes a value (BF16), one GPU, every layer at full context:
//
//	GQA: 2 (K and V) × kv_heads × head_dim × 2 bytes × layers
//	MLA: (kv_lora_rank + qk_rope_head_dim) × 2 bytes × layers
var kvBytesPerToken = []struct {
	id   string
	want float64
}{
	{"gpt-oss-20b", 2 * 8 * 64 * 2 * 24},       // 49,152
	{"gpt-oss-120b", 2 * 8 * 64 * 2 * 36},      // 73,728
	{"qwen3-30b-a3b", 2 * 4 * 128 * 2 * 48},    // 98,304
	{"qwen3-235b-a22b", 2 * 4 * 128 * 2 * 94},  // 192,512
	{"deepseek-v3.1", (512 + 64) * 2 * 61},     // 70,272
	{"deepseek-r1", (512 + 64) * 2 * 61},       // 70,272
	{"kimi-k2", (512 + 64) * 2 * 61},           // 70,272
	{"glm-4.5", 2 * 8 * 128 * 2 * 92},          // 376,832
	{"phi-4", 2 * 10 * 128 * 2 * 40},           // 204,800
	{"gemma-3-4b", 2 * 4 * 256 * 2 * 34},       // 139,264
	{"gemma-3-12b", 2 * 8 * 256 * 2 * 48},      // 393,216
	{"gemma-3-27b", 2 * 16 * 128 * 2 * 62},     // 507,904
	{"llama-4-scout", 2 * 8 * 128 * 2 * 48},    // 196,608
	{"llama-4-maverick", 2 * 8 * 128 * 2 * 48}, // 196,608
}

func catalog(t *testing.T) model.Catalog {
	t.Helper()
	return datasettest.Load(t).Models
}

func TestKVBytesPerTokenOfNewRows(t *testing.T) {
	c := catalog(t)
	for _, tt := range kvBytesPerToken {
		m, ok := c.Find(tt.id)
		if !ok {
			t.Errorf("%s: missing from the catalog", tt.id)
			continue
		}
		s := memory.Setup{Model: m, KV: memory.Format{Bytes: 2}, TP: 1, PP: 1}
		if got := s.KVBytesPerToken(); got != tt.want {
			t.Errorf("%s: KV bytes per token %g; want %g", tt.id, got, tt.want)
		}
	}
}

// TestGPTOSSAlternateWindow checks the alternate layout: at 128K tokens half of
// gpt-oss-120b's 36 layers hold only their 128-token window.
func TestGPTOSSAlternateWindow(t *testing.T) {
	m, ok := catalog(t).Find("gpt-oss-120b")
	if !ok {
		t.Fatal("gpt-oss-120b missing")
	}
	s := memory.Setup{Model: m, KV: memory.Format{Bytes: 2}, TP: 1, PP: 1,
		Runtime: memory.Runtime{BlockSize: 16}}
	perLayer := 2.0 * 8 * 64 * 2
	want := perLayer * (18*131072 + 18*128)
	if got := s.SequenceBytes(131072); got != want {
		t.Errorf("SequenceBytes(131072) = %g; want %g", got, want)
	}
}

// TestGroupedWindowLayouts checks the layouts with one full-attention
// layer in every group: at 128K tokens, 10 of Gemma 3 27B's 62 layers hold
// every token and 52 their 1,024-token window; 12 of Llama 4 Scout's 48
// layers hold every token and 36 one 8,192-token chunk.
func TestGroupedWindowLayouts(t *testing.T) {
	c := catalog(t)
	for _, tt := range []struct {
		id             string
		perLayer       float64
		full, windowed float64
		window         float64
	}{
		{"gemma-3-27b", 2 * 16 * 128 * 2, 10, 52, 1024},
		{"llama-4-scout", 2 * 8 * 128 * 2, 12, 36, 8192},
	} {
		m, ok := c.Find(tt.id)
		if !ok {
			t.Errorf("%s missing", tt.id)
			continue
		}
		s := memory.Setup{Model: m, KV: memory.Format{Bytes: 2}, TP: 1, PP: 1, Runtime: memory.Runtime{BlockSize: 16}}
		want := tt.perLayer * (tt.full*131072 + tt.windowed*tt.window)
		if got := s.SequenceBytes(131072); got != want {
			t.Errorf("%s: SequenceBytes(131072) = %g; want %g", tt.id, got, want)
		}
	}
}

// Parameter counts recomputed from each row's architecture, checked
// against params_b within 1 %. Per layer: attention (q, k, v, o and the
// listed extras), the MLP or routed experts with their router, and two
// RMSNorms; plus input embedding and output layer.
func TestParamsMatchArchitecture(t *testing.T) {
	gqa := func(h, heads, kv, hd float64) float64 { return h*heads*hd + 2*h*kv*hd + heads*hd*h }
	mlp := func(h, i float64) float64 { return 3 * h * i }
	mla := func(h, heads, qRank, kvRank, nope, rope, v float64) float64 {
		return h*qRank + qRank + qRank*heads*(nope+rope) + h*(kvRank+rope) + kvRank + kvRank*heads*(nope+v) + heads*v*h
	}
	tests := []struct {
		id    string
		count float64 // parameters, from the row's figures
	}{
		// gpt-oss: biased q/k/v/o, one sink per head; each expert has
		// gate+up (h×2i, 2i bias) and down (i×h, h bias); biased router.
		{"gpt-oss-20b", 24*(gqa(2880, 64, 8, 64)+64*64+2*8*64+2880+64+
			32*(2880*2*2880+2*2880+2880*2880+2880)+2880*32+32+2*2880) + 2*201088*2880 + 2880},
		{"gpt-oss-120b", 36*(gqa(2880, 64, 8, 64)+64*64+2*8*64+2880+64+
			128*(2880*2*2880+2*2880+2880*2880+2880)+2880*128+128+2*2880) + 2*201088*2880 + 2880},
		// Qwen3 MoE: q/k norms (2×128), 128 experts, softmax router.
		{"qwen3-30b-a3b", 48*(gqa(2048, 32, 4, 128)+2*128+128*mlp(2048, 768)+2048*128+2*2048) + 2*151936*2048 + 2048},
		{"qwen3-235b-a22b", 94*(gqa(4096, 64, 4, 128)+2*128+128*mlp(4096, 1536)+4096*128+2*4096) + 2*151936*4096 + 4096},
		// DeepSeek-V3 shape: q_lora 1536, 3 dense layers, 256 routed + 1
		// shared expert, sigmoid router with a bias.
		{"deepseek-v3.1", 61*(mla(7168, 128, 1536, 512, 128, 64, 128)+2*7168) + 3*mlp(7168, 18432) +
			58*(257*mlp(7168, 2048)+7168*256+256) + 2*129280*7168 + 7168},
		{"kimi-k2", 61*(mla(7168, 64, 1536, 512, 128, 64, 128)+2*7168) + 1*mlp(7168, 18432) +
			60*(385*mlp(7168, 2048)+7168*384+384) + 2*163840*7168 + 7168},
		// GLM-4.5: q/k/v bias, 3 dense layers, 160 routed + 1 shared.
		{"glm-4.5", 92*(gqa(5120, 96, 8, 128)+96*128+2*8*128+2*5120) + 3*mlp(5120, 12288) +
			89*(161*mlp(5120, 1536)+5120*160) + 2*151552*5120},
		{"phi-4", 40*(gqa(5120, 40, 10, 128)+mlp(5120, 17920)+2*5120) + 2*100352*5120},
		// Gemma 3 language model: q/k norms (2×head_dim), four RMSNorms a
		// layer, tied embeddings; the vision encoder is not counted.
		{"gemma-3-4b", 34*(gqa(2560, 8, 4, 256)+2*256+mlp(2560, 10240)+4*2560) + 262208*2560 + 2560},
		{"gemma-3-12b", 48*(gqa(3840, 16, 8, 256)+2*256+mlp(3840, 15360)+4*3840) + 262208*3840 + 3840},
		{"gemma-3-27b", 62*(gqa(5376, 32, 16, 128)+2*128+mlp(5376, 21504)+4*5376) + 262208*5376 + 5376},
		// Llama 4: routed experts of 8,192 plus one shared expert of the
		// same size and a router in each MoE layer; Maverick's other 24
		// layers are dense MLPs of 16,384.
		{"llama-4-scout", 48*(gqa(5120, 40, 8, 128)+2*5120+17*mlp(5120, 8192)+5120*16) + 2*202048*5120 + 5120},
		{"llama-4-maverick", 48*(gqa(5120, 40, 8, 128)+2*5120) + 24*(129*mlp(5120, 8192)+5120*128) +
			24*mlp(5120, 16384) + 2*202048*5120 + 5120},
	}
	c := catalog(t)
	for _, tt := range tests {
		m, ok := c.Find(tt.id)
		if !ok {
			t.Errorf("%s: missing", tt.id)
			continue
		}
		if rel := math.Abs(tt.count/1e9-m.ParamsB) / m.ParamsB; rel > 0.01 {
			t.Errorf("%s: %.2fB counted from the architecture, params_b %g: %.1f%% apart", tt.id, tt.count/1e9, m.ParamsB, 100*rel)
		}
	}
}

// TestPublishedWeightFormats: gpt-oss ships MXFP4 experts (openai/gpt-oss
// README) and DeepSeek-V3.1 FP8 weights (config_v3.1.json "dtype": "fp8").
func TestPublishedWeightFormats(t *testing.T) {
	c := catalog(t)
	for id, want := range map[string]string{
		"gpt-oss-20b": model.QuantMXFP4MoE, "gpt-oss-120b": model.QuantMXFP4MoE, "deepseek-v3.1": model.QuantFP8,
	} {
		if m, ok := c.Find(id); !ok || m.Quantization != want {
			t.Errorf("%s: quantization %q; want %q", id, m.Quantization, want)
		}
	}
}
