package hfmodel

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// Each fixture is a real config.json (see its SOURCE.txt). The parameter
// counts are the model cards' (or their technical reports'); the KV cache
// per token is worked out by hand for BF16, one GPU, every layer caching
// the whole context (what memory.Setup.KVBytesPerToken reports).
var fixtures = []struct {
	dir             string
	totalB, activeB float64 // the card's figures; active 0 for dense models
	kvBytesPerToken float64
	window          int
	layout, quant   string
	experts, perTok int
}{
	// Card: "8B"; Meta's Llama 3.1 model card table gives 8.03B.
	// KV: 2 (K and V) x 8 KV heads x 128 head dim x 2 bytes x 32 layers = 131,072.
	{dir: "meta-llama--Llama-3.1-8B", totalB: 8.03, kvBytesPerToken: 131072},
	// Card: "Number of Parameters: 7.61B".
	// KV: 2 x 4 x 128 x 2 bytes x 28 layers = 57,344.
	{dir: "Qwen--Qwen2.5-7B", totalB: 7.61, kvBytesPerToken: 57344},
	// Card: "Number of Parameters: 32.8B".
	// KV: 2 x 8 x 128 x 2 bytes x 64 layers = 262,144.
	{dir: "Qwen--Qwen3-32B", totalB: 32.8, kvBytesPerToken: 262144},
	// Card: "Number of Parameters: 4.0B" (embeddings tied).
	// KV: 2 x 8 x 128 x 2 bytes x 36 layers = 147,456.
	{dir: "Qwen--Qwen3-4B", totalB: 4.02, kvBytesPerToken: 147456},
	// Card: "Number of Parameters: 30.5B in total and 3.3B activated"; the
	// 3.3B counts the input embedding (151,936 x 2,048 = 0.31B), of which a
	// token reads one row and which Read leaves out: 2.99B.
	// KV: 2 x 4 x 128 x 2 bytes x 48 layers = 98,304.
	{dir: "Qwen--Qwen3-30B-A3B", totalB: 30.5, activeB: 2.99, kvBytesPerToken: 98304, experts: 128, perTok: 8},
	// gpt-oss model card: 20.91B total, 3.61B active (the input embedding
	// not counted as active); MXFP4 experts.
	// KV: 2 x 8 x 64 x 2 bytes x 24 layers = 49,152 (half the layers keep
	// only the last 128 tokens, which SequenceBytes counts, not this figure).
	{dir: "openai--gpt-oss-20b", totalB: 20.91, activeB: 3.61, kvBytesPerToken: 49152, window: 128,
		layout: model.SlidingAlternate, quant: model.QuantMXFP4MoE, experts: 32, perTok: 4},
	// Card: "671B total parameters with 37B activated for each token"
	// (the Hugging Face weights add 14B of multi-token prediction, not
	// counted); the repository's README_WEIGHTS.md: "Activation parameters:
	// 36.6B (including 0.9B for the output Head)". MLA KV: (512 latent + 64 RoPE) x 2 bytes x 61 layers = 70,272.
	{dir: "deepseek-ai--DeepSeek-V3", totalB: 671, activeB: 36.6, kvBytesPerToken: 70272, experts: 256, perTok: 8},
	// Card: "DeepSeek-V2-Lite has 15.7B parameters in total and 2.4B
	// activated"; queries are projected without a low-rank step
	// (q_lora_rank null). MLA KV: (512 + 64) x 2 bytes x 27 layers = 31,104.
	{dir: "deepseek-ai--DeepSeek-V2-Lite", totalB: 15.7, activeB: 2.4, kvBytesPerToken: 31104, experts: 64, perTok: 6},
	// Gemma 2 technical report: 2B model, 2,614M parameters (590M embedding,
	// 2,024M non-embedding). KV: 2 x 4 x 256 x 2 bytes x 26 layers = 106,496.
	{dir: "google--gemma-2-2b-it", totalB: 2.614, kvBytesPerToken: 106496, window: 4096, layout: model.SlidingAlternate},
	// Gemma 3 technical report, Table 1: 12B = 1,012M embedding + 10,759M
	// non-embedding (+ the 417M vision encoder, not counted here).
	// KV: 2 x 8 x 256 x 2 bytes x 48 layers = 393,216.
	{dir: "google--gemma-3-12b-it", totalB: 11.771, kvBytesPerToken: 393216, window: 1024, layout: model.SlidingFiveOfSix},
	// Mistral 7B paper: "7.3B parameters" (v0.3 adds 768 vocabulary rows).
	// KV: 2 x 8 x 128 x 2 bytes x 32 layers = 131,072.
	{dir: "mistralai--Mistral-7B-v0.3", totalB: 7.3, kvBytesPerToken: 131072},
	// Mistral AI's Mixtral announcement: "46.7B total parameters but only
	// uses 12.9B parameters per token". KV: 2 x 8 x 128 x 2 bytes x 32 layers.
	{dir: "mistralai--Mixtral-8x7B-v0.1", totalB: 46.7, activeB: 12.9, kvBytesPerToken: 131072, experts: 8, perTok: 2},
	// Card: "3.8B parameters"; keras-hub's preset counts 3,821,079,552.
	// KV: 2 x 32 x 96 x 2 bytes x 32 layers = 393,216.
	{dir: "microsoft--Phi-3-mini-4k-instruct", totalB: 3.821, kvBytesPerToken: 393216},
}

func TestFixturesMatchTheirModelCards(t *testing.T) {
	bf16, _ := memory.FindFormat(memory.KVFormats, "bf16")
	for _, f := range fixtures {
		t.Run(f.dir, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", f.dir, "config.json"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join("testdata", f.dir, "SOURCE.txt")); err != nil {
				t.Errorf("no SOURCE.txt: %v", err)
			}
			m, err := Read(b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d := math.Abs(m.ParamsB-f.totalB) / f.totalB; d > 0.01 {
				t.Errorf("parameters %.3fB; want %.3fB within 1%%", m.ParamsB, f.totalB)
			}
			if f.activeB > 0 {
				if d := math.Abs(m.ActiveParamsB-f.activeB) / f.activeB; d > 0.05 {
					t.Errorf("active parameters %.3fB; want %.3fB within 5%%", m.ActiveParamsB, f.activeB)
				}
			} else if m.ActiveParamsB != 0 {
				t.Errorf("active parameters %.3fB for a dense model; want 0", m.ActiveParamsB)
			}
			kv := memory.Setup{Model: m, KV: bf16, TP: 1, PP: 1}.KVBytesPerToken()
			if kv != f.kvBytesPerToken {
				t.Errorf("KV cache %v bytes per token; want %v", kv, f.kvBytesPerToken)
			}
			if m.SlidingWindow != f.window || m.SlidingLayers != f.layout {
				t.Errorf("sliding window %d %q; want %d %q", m.SlidingWindow, m.SlidingLayers, f.window, f.layout)
			}
			if m.Quantization != f.quant || m.Experts != f.experts || m.ExpertsPerToken != f.perTok {
				t.Errorf("quantization %q, experts %d of %d; want %q, %d of %d",
					m.Quantization, m.ExpertsPerToken, m.Experts, f.quant, f.perTok, f.experts)
			}
			c := model.Catalog{Sources: nil, Models: []model.Model{withRowFields(m)}}
			if err := c.Validate(); err != nil && !strings.Contains(err.Error(), "source") {
				t.Errorf("the model breaks the catalog's rules: %v", err)
			}
		})
	}
}

// withRowFields gives m the catalog row's own fields, so that Validate
// checks only what Read filled.
func withRowFields(m model.Model) model.Model {
	m.ID, m.Name, m.AsOf = "hf", "HF", "2026-12-01"
	return m
}

func TestErrorsNameTheField(t *testing.T) {
	llama, err := os.ReadFile("testdata/meta-llama--Llama-3.1-8B/config.json")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string { return strings.Replace(string(llama), old, new, 1) }
	for _, tc := range []struct{ config, want string }{
		{edit(`"num_key_value_heads": 8,`, ""), "num_key_value_heads is missing"},
		{edit(`"LlamaForCausalLM"`, `"DbrxForCausalLM"`), `architecture "DbrxForCausalLM" is not supported`},
		{edit(`"hidden_size": 4096`, `"hidden_size": "big"`), "hidden_size is not a whole number"},
		{edit(`"num_hidden_layers": 32`, `"num_hidden_layers": 1e12`), "num_hidden_layers is not a whole number"},
		{edit(`"num_key_value_heads": 8`, `"num_key_value_heads": 5`), "num_key_value_heads 5 does not divide num_attention_heads 32"},
		{edit(`"num_attention_heads": 32`, `"num_attention_heads": 0`), "num_attention_heads is 0"},
		{`{"hidden_size": 8}`, "architectures is missing"},
		{`{"model_type": "dbrx"}`, `model_type "dbrx" is not supported`},
		{edit(`"use_cache": true,`, `"quantization_config": {"quant_method": "gptq", "bits": 8},`), "quantization_config.bits"},
		{edit(`"use_cache": true,`, `"quantization_config": {"quant_method": "bitsandbytes"},`), `quantization_config.quant_method "bitsandbytes" is not supported`},
		{`{"architectures": ["Gemma3ForConditionalGeneration"], "text_config": {"hidden_size": 8}}`, "text_config.num_hidden_layers is missing"},
		{`[1, 2]`, "not a JSON object"},
		{`{"architectures": `, "config.json is not valid JSON: invalid JSON at byte 18"},
	} {
		_, err := Read([]byte(tc.config), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v; want an error containing %q", err, tc.want)
		}
	}
}

// Qwen MoE configs may keep layers dense; each such layer trades its
// experts and router for one MLP of intermediate_size.
func TestQwenMoEDenseLayers(t *testing.T) {
	b, err := os.ReadFile("testdata/Qwen--Qwen3-30B-A3B/config.json")
	if err != nil {
		t.Fatal(err)
	}
	all, err := Read(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	twoDense, err := Read([]byte(strings.Replace(string(b), `"mlp_only_layers": []`, `"mlp_only_layers": [0, 47]`, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Per layer: 128 experts x 3 x 2,048 x 768 + a 2,048 x 128 router
	// become 3 x 2,048 x 6,144.
	want := all.ParamsB - 2*(128*3*2048*768+2048*128-3*2048*6144)/1e9
	if math.Abs(twoDense.ParamsB-want) > 1e-9 {
		t.Errorf("two dense layers: %.6fB; want %.6fB", twoDense.ParamsB, want)
	}
}

func TestAWQAndGPTQAreINT4(t *testing.T) {
	b, err := os.ReadFile("testdata/Qwen--Qwen2.5-7B/config.json")
	if err != nil {
		t.Fatal(err)
	}
	awq := strings.Replace(string(b), `"use_cache": true,`,
		`"quantization_config": {"bits": 4, "group_size": 128, "quant_method": "awq", "version": "gemm", "zero_point": true},`, 1)
	m, err := Read([]byte(awq), nil)
	if err != nil || m.Quantization != model.QuantINT4 {
		t.Errorf("got %q, %v; want %q", m.Quantization, err, model.QuantINT4)
	}
}

func TestIndexTotalSizeIsACrossCheck(t *testing.T) {
	b, err := os.ReadFile("testdata/meta-llama--Llama-3.1-8B/config.json")
	if err != nil {
		t.Fatal(err)
	}
	// Llama 3.1 8B's index: 16,060,522,496 bytes, 8.03B BF16 values.
	if m, err := Read(b, []byte(`{"metadata": {"total_size": 16060522496}, "weight_map": {}}`)); err != nil || m.Note != "" {
		t.Errorf("agreeing index: note %q, %v; want none", m.Note, err)
	}
	if m, err := Read(b, []byte(`{"metadata": {"total_size": 32121044992}}`)); err != nil || !strings.Contains(m.Note, "16.06B 16-bit values") {
		t.Errorf("twice the size: note %q, %v; want it said", m.Note, err)
	}
	if m, err := Read(b, []byte(`not json`)); err != nil || m.Note != "" {
		t.Errorf("malformed index: note %q, %v; want it ignored", m.Note, err)
	}
}

// FuzzRead: any bytes give a model within the catalog's bounds or an
// error, never a panic.
func FuzzRead(f *testing.F) {
	for _, fx := range fixtures {
		b, err := os.ReadFile(filepath.Join("testdata", fx.dir, "config.json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Read(b, nil)
		if err != nil {
			return
		}
		if math.IsNaN(m.ParamsB) || m.ParamsB <= 0 || m.Active() > m.ParamsB {
			t.Fatalf("parameters %v, active %v", m.ParamsB, m.Active())
		}
	})
}
