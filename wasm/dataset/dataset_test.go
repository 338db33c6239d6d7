package dataset

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
)

func TestContentDataIsValid(t *testing.T) {
	d, err := Load(content.FS, "data")
	if err != nil {
		t.Fatalf("content/data: %v", err)
	}
	for _, id := range []string{"a100-40gb-sxm", "a100-80gb-sxm", "a100-40gb-pcie", "a100-80gb-pcie", "h100-sxm",
		"h100-pcie", "h100-nvl", "h200-sxm", "b200", "l40s", "l4", "a10g", "t4", "mi300x"} {
		if _, ok := d.TCO.GPUs.Find(id); !ok {
			t.Errorf("GPU %q missing from the catalog", id)
		}
	}
	for _, id := range []string{"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b",
		"mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "mistral-large-2", "qwen2.5-7b", "qwen2.5-72b", "qwen3-0.6b",
		"gemma-2-9b", "gemma-2-27b", "deepseek-v3"} {
		if _, ok := d.Memory.Models.Find(id); !ok {
			t.Errorf("model %q missing from the catalog", id)
		}
	}
}

// contentWith returns content/data under d/ with one replacement in file.
func contentWith(t *testing.T, file, from, to string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range []string{GPUFile, RentalFile, ModelFile, TCOFile, MemoryFile, APIFile, PricingFile, PerfFile} {
		b, err := content.FS.ReadFile("data/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if f == file {
			bad := strings.Replace(string(b), from, to, 1)
			if bad == string(b) {
				t.Fatalf("fixture text %q not found in %s", from, f)
			}
			b = []byte(bad)
		}
		fsys["d/"+f] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func TestBadRowFailsNamingFileEntryAndField(t *testing.T) {
	for _, tt := range []struct {
		name, file, from, to, want string
	}{
		{"unknown source", GPUFile, "tdp_w: {value: 700, source: h100-page", "tdp_w: {value: 700, source: h100-typo",
			`d/gpus.yaml: gpus[4] "h100-sxm": tdp_w.source: unknown source "h100-typo"`},
		{"wrong type", GPUFile, "memory_gb: {value: 141,", "memory_gb: {value: lots,", "d/gpus.yaml: [137:"},
		{"unknown field", GPUFile, "    vendor: AMD", "    vendr: AMD", "d/gpus.yaml: [194:5] unknown field \"vendr\""},
		{"model heads", ModelFile, "heads: 64, kv_heads: 8, head_dim: 128, intermediate: 28672, vocab: 32000",
			"heads: 64, kv_heads: 7, head_dim: 128, intermediate: 28672, vocab: 32000",
			`d/models.yaml: models[2] "llama-2-70b": kv_heads: 7 does not divide heads 64`},
		{"calibration model", MemoryFile, "model: qwen3-32b", "model: qwen3-33b",
			`d/memory.yaml: calibration[4] "qwen3-33b": model: unknown model "qwen3-33b"`},
		{"memory preset", MemoryFile, "a.gpu=t4", "a.gpu=t5",
			`d/memory.yaml: presets[0] "seed-002": query.a.gpu: The preset's value is rejected: Not one of the listed options.`},
		{"overlapping prices", APIFile, "from: 2025-09-29, input: 0.28", "from: 2024-12-26, input: 0.28",
			`d/api.yaml: prices "deepseek-v3.2" from 2024-12-26: from: overlaps the period from 2024-12-26`},
		{"price without source", APIFile, "source: openai-pricing, as_of: 2026-11-30}\n  - {model: gpt-4.1-mini", "as_of: 2026-11-30}\n  - {model: gpt-4.1-mini",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: source: unknown or missing source ""`},
		{"pricing preset", PricingFile, "vs=holysheep-flat", "vs=holysheep-plus",
			`d/pricing.yaml: presets[0] "seed-000-roi": query.vs: The preset's value is rejected: Not one of the listed options.`},
		{"TCO preset", TCOFile, "a.kwh=0.30", "a.kwh=-1",
			`d/tco.yaml: presets[0] "seed-000": query.a.kwh: The preset's value is rejected: Must be between 0 and 1000000000.`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(contentWith(t, tt.file, tt.from, tt.to), "d")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}
