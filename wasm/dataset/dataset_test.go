package dataset

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
)

func TestContentDataIsValid(t *testing.T) {
	t.Parallel()
	d, err := Load(content.FS, "data")
	if err != nil {
		t.Fatalf("content/data: %v", err)
	}
	for _, id := range []string{"a100-40gb-sxm", "a100-80gb-sxm", "a100-40gb-pcie", "a100-80gb-pcie", "h100-sxm",
		"h100-pcie", "h100-nvl", "h200-sxm", "b200", "l40s", "l4", "a10g", "t4", "mi300x"} {
		if _, ok := d.GPUs.Find(id); !ok {
			t.Errorf("GPU %q missing from the catalog", id)
		}
	}
	for _, id := range []string{"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b",
		"mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "mistral-large-2", "qwen2.5-7b", "qwen2.5-72b", "qwen3-0.6b",
		"gemma-2-9b", "gemma-2-27b", "deepseek-v3"} {
		if _, ok := d.Models.Find(id); !ok {
			t.Errorf("model %q missing from the catalog", id)
		}
	}
}

// contentWith returns content/data under d/ with one replacement in file;
// an empty from replaces the whole file.
func contentWith(t *testing.T, file, from, to string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range dataFiles {
		b, err := content.FS.ReadFile("data/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if f == file && from == "" {
			b = []byte(to) // the whole file
		} else if f == file {
			bad := strings.Replace(string(b), from, to, 1)
			if bad == string(b) {
				t.Fatalf("fixture text %q not found in %s", from, f)
			}
			b = []byte(bad)
		}
		fsys["d/"+f] = &fstest.MapFile{Data: b}
	}
	eds, err := fs.Glob(content.FS, "data/editions/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range eds {
		b, _ := content.FS.ReadFile(name)
		fsys["d/"+strings.TrimPrefix(name, "data/")] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func TestBadRowFailsNamingFileEntryAndField(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, file, from, to, want string
	}{
		{"unknown source", GPUFile, "tdp_w: {value: 700, source: h100-page", "tdp_w: {value: 700, source: h100-typo",
			`d/gpus.yaml: gpus[4] "h100-sxm": tdp_w.source: unknown source "h100-typo"`},
		{"wrong type", GPUFile, "memory_gb: {value: 141,", "memory_gb: {value: lots,", `d/gpus.yaml: gpus[7] "h200-sxm": memory_gb.value: want a number, got "lots"`},
		{"text for a whole number", ModelFile, " layers: 32, hidden: 4096,", " layers: many, hidden: 4096,", `d/models.yaml: models[0] "llama-2-7b": layers: want a whole number, got "many"`},
		{"map for a price", APIFile, "{model: gpt-4.1, from: 2025-04-14, input: 2,", "{model: gpt-4.1, from: 2025-04-14, input: {usd: 2},",
			`d/api.yaml: prices[2] "gpt-4.1": input: want a number, got a map`},
		{"unknown field", GPUFile, "    vendor: AMD", "    vendr: AMD", "d/gpus.yaml: [LINE:5] unknown field \"vendr\""},
		{"model heads", ModelFile, "heads: 64, kv_heads: 8, head_dim: 128, intermediate: 28672, vocab: 32000",
			"heads: 64, kv_heads: 7, head_dim: 128, intermediate: 28672, vocab: 32000",
			`d/models.yaml: models[2] "llama-2-70b": kv_heads: 7 does not divide heads 64`},
		{"calibration model", MemoryFile, "model: qwen3-32b", "model: qwen3-33b",
			`d/memory.yaml: calibration[4] "qwen3-33b": model: unknown model "qwen3-33b"`},
		{"open weights", APIFile, "{id: gpt-4o, dataset_id", "{id: gpt-4o, weights: llama-9b, dataset_id",
			`d/api.yaml: models[2] "gpt-4o": weights: "llama-9b" is not a model of models.yaml`},
		{"open weights of the dataset", GenAIFile, "{id: anthropic.claude-2, provider", "{id: anthropic.claude-2, weights: llama-9b, provider",
			`d/api-genai.yaml: models[0] "anthropic.claude-2": weights: "llama-9b" is not a model of models.yaml`},
		{"overlapping prices", APIFile, "from: 2025-09-29, input: 0.28", "from: 2024-12-26, input: 0.28",
			`d/api.yaml: prices "deepseek-v3.2" from 2024-12-26: from: overlaps the period from 2024-12-26`},
		{"price without source", APIFile, "source: openai-pricing, as_of: 2026-11-30}\n  - {model: gpt-4.1-mini", "as_of: 2026-11-30}\n  - {model: gpt-4.1-mini",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: source: unknown or missing source ""`},
		// Efficiencies by GPU architecture name an architecture of the
		// catalog (the first edition's GPUs have none) and lie in (0, 1].
		{"efficiency of an unknown architecture", PerfFile, "defaults:\n", "defaults:\n  efficiency_by:\n    - {arch: volta, precision: bf16, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.7, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.efficiency_by[0] "volta" "bf16": arch: no GPU of the catalog has architecture "volta"`},
		{"efficiency above 1", PerfFile, "defaults:\n", "defaults:\n  efficiency_by:\n    - {arch: volta, precision: fp6, " +
			"compute: {value: 1.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.7, source: trtllm-091, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.efficiency_by[0] "volta" "fp6": compute.value: 1.5 is outside`},
		{"efficiency of an unknown precision", PerfFile, "defaults:\n", "defaults:\n  efficiency_by:\n    - {arch: volta, precision: fp6, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.7, source: trtllm-091, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.efficiency_by[0] "volta" "fp6": precision: unknown precision "fp6"`},
		{"efficiency from an unknown source", PerfFile, "defaults:\n", "defaults:\n  efficiency_by:\n    - {arch: volta, precision: fp6, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.7, source: trtllm-091, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.efficiency_by[0] "volta" "fp6": memory.source: unknown source "trtllm-091"`},
		// An era of engine builds names a known engine, versions of numbers
		// in order and the day of its first run.
		{"era of an unknown engine", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: ollama, from: \"0.11\", to: \"0.19\", older: \"0.10\", since: 2025-10-29, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "ollama" "0.11": engine: want vllm, sglang, trtllm or tgi, got "ollama"`},
		{"era of a build that is no version", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: vllm, from: nightly, to: \"0.19\", older: \"0.10\", since: 2025-10-29, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "vllm" "nightly": from: want a version such as 0.19, got "nightly"`},
		{"era ending before it starts", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: vllm, from: \"0.11\", to: \"0.9\", older: \"0.10\", since: 2025-10-29, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "vllm" "0.11": to: 0.9 is before from, 0.11`},
		{"era whose older builds are not older", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: vllm, from: \"0.11\", to: \"0.19\", older: \"0.12\", since: 2025-10-29, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "vllm" "0.11": older: 0.12 is not before from, 0.11`},
		{"era without its first day", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: vllm, from: \"0.11\", to: \"0.19\", older: \"0.10\", since: autumn, " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "vllm" "0.11": since: want a date YYYY-MM-DD, got "autumn"`},
		{"era of GPUs of no maker of the catalog", PerfFile, "defaults:\n", "defaults:\n  builds:\n    - {engine: vllm, from: \"0.11\", to: \"0.19\", older: \"0.10\", since: 2025-10-29, vendors: [Nvidia], " +
			"compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, memory: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, step_overhead_us: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, request_overhead_ms: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}, expert_compute: {value: 0.5, source: trtllm-090, as_of: 2024-04-23}}\n",
			`d/perf.yaml: defaults.builds[0] "vllm" "0.11": vendors: no GPU of the catalog is made by "Nvidia"`},
		{"architecture not an id", GPUFile, "  - id: h100-sxm\n", "  - id: h100-sxm\n    arch: Hopper\n",
			`d/gpus.yaml: gpus[4] "h100-sxm": arch: `},
		// A preset's words are in both languages: German pages show the
		// _de fields and never fall back to English.
		{"preset without its German title", PerfFile, "    title_de: \"Llama 3.1 70B auf einem Server mit 8 x H100 in FP8, Batch von 64\"\n", "",
			`d/perf.yaml: presets[1] "seed-000-70b": title_de: missing`},
		{"preset with markup in its German description", PricingFile, "    description_de: >-\n      Das ROI-Beispiel", "    description_de: >-\n      <b>Das ROI-Beispiel",
			`d/pricing.yaml: presets[0] "seed-000-roi": description_de: `},
		{"preset with an empty German title", MemoryFile, "    title_de: \"Pauschale Faustregel: Batchgröße eines 7-GB-Modells auf T4, A10G und A100\"", "    title_de: \"\"",
			`d/memory.yaml: presets[0] "seed-002": title_de: missing`},
		// A figure's note is shown on German pages too: its German
		// beside it, never English mid-sentence.
		{"GPU price note without its German", GPUFile, `, note_de: "AWS p4de.24xlarge, 27,447 $/h für 8 GPUs"`, "",
			`d/gpus.yaml: gpus[1] "a100-80gb-sxm": rent_usd_per_hour.note_de: missing: the German of note "AWS p4de.24xlarge $27.447/h for 8 GPUs"`},
		{"default's note without its German", TCOFile, `, note_de: "HGX-/DGX-Server fassen 8 GPUs"`, "",
			`d/tco.yaml: defaults: gpus_per_server.note_de: missing: the German of note "HGX/DGX servers hold 8 GPUs"`},
		{"GPU link without its German", GPUFile, `kind: PCIe 4.0 x16 (NVLink bridge for pairs), kind_de: "PCIe 4.0 x16 (NVLink-Brücke für Paare)",`,
			"kind: PCIe 4.0 x16 (NVLink bridge for pairs),", `d/gpus.yaml: gpus[2] "a100-40gb-pcie": link.kind_de: missing: the German of kind "PCIe 4.0 x16 (NVLink bridge for pairs)"`},
		{"model's note without its German", ModelFile, `, note_de: "dieselbe Architektur wie Llama 3.1 70B"`, "",
			`"llama-3.3-70b": note_de: missing: the German of note "same architecture as Llama 3.1 70B"`},
		{"rental offer with markup in its German instance label", RentalFile, "instance_de: a2-ultragpu-1g (lokale SSD", "instance_de: <b>a2-ultragpu-1g (lokale SSD",
			`d/rental.yaml: offers[4] "Google Cloud" "a100-80gb-sxm": instance_de: `},
		{"GPU draws out of order", TCOFile, "defaults:\n", "defaults:\n  gpu_idle_pct: {value: 90, source: assumption, as_of: 2026-11-30}\n" +
			"  gpu_serving_least_pct: {value: 63, source: assumption, as_of: 2026-11-30}\n  gpu_serving_full_pct: {value: 85, source: assumption, as_of: 2026-11-30}\n",
			`d/tco.yaml: defaults: gpu_serving_least_pct: want gpu_idle_pct <= gpu_serving_least_pct <= gpu_serving_full_pct, got 90, 63, 85`},
		{"a GPU draw alone", TCOFile, "defaults:\n", "defaults:\n  gpu_idle_pct: {value: 17, source: assumption, as_of: 2026-11-30}\n",
			`d/tco.yaml: defaults: gpu_serving_least_pct: missing: gpu_idle_pct, gpu_serving_least_pct, gpu_serving_full_pct go together`},
		{"German electricity price of an unknown currency", TCOFile, "defaults:\n", "defaults:\n  de: {currency: XYZ}\n",
			`d/tco.yaml: defaults.de: currency: unknown currency "XYZ"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// LINE stands for the line the breakage is on, so that rows
			// added above it do not move the test.
			want := strings.Replace(tt.want, "LINE", strconv.Itoa(lineOf(t, tt.file, tt.from)), 1)
			_, err := Load(contentWith(t, tt.file, tt.from, tt.to), "d")
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %v; want an error containing %q", err, want)
			}
		})
	}
}

// lineOf returns the line of content/data's file on which text first
// begins.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	b, err := content.FS.ReadFile("data/" + file)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(b), text)
	if i < 0 {
		t.Fatalf("%q not found in %s", text, file)
	}
	return strings.Count(string(b[:i]), "\n") + 1
}

// Each rule on the data: one breakage of the real data, and the error
// that names the file, the entry and the field.
func TestDataRules(t *testing.T) {
	t.Parallel()
	const (
		sonnetTier = "{above_input_tokens: 200000, input: 6, cache_read: 0.6"
		gpt41      = "{model: gpt-4.1, from: 2025-04-14, input: 2, cache_read: 0.5, output: 8,"
		gpt41mini  = "{model: gpt-4.1-mini, from: 2025-04-14, input: 0.4,"
		h100Name   = "  - id: h100-sxm\n    name: H100 SXM\n"
		llama7b    = "{id: llama-2-7b, name: Llama 2 7B, source: llama-2-7b, as_of: 2026-11-30, params_b: 6.74,"
		gpuEntry   = `d/gpus.yaml: gpus[4] "h100-sxm": name: `
		plainText  = "must be plain text: no < > | or line breaks, and no = + - @ first"
	)
	name := func(n string) string { return "  - id: h100-sxm\n    name: " + n + "\n" }
	for _, tt := range []struct {
		name, file, from, to, want string
	}{
		// API prices
		{"negative long-context price", APIFile, sonnetTier, "{above_input_tokens: 200000, input: -6, cache_read: 0.6",
			`d/api.yaml: prices[4] "claude-sonnet-4.5": tiers[0].input: -6 is negative`},
		{"long-context threshold not positive", APIFile, sonnetTier, "{above_input_tokens: 0, input: 6, cache_read: 0.6",
			`d/api.yaml: prices[4] "claude-sonnet-4.5" from 2025-09-29: tiers[0].above_input_tokens: 0 is outside [1, 1e+08]`},
		{"tier above the top price", APIFile, sonnetTier, "{above_input_tokens: 200000, input: 60000, cache_read: 0.6",
			`d/api.yaml: prices[4] "claude-sonnet-4.5" from 2025-09-29: tiers[0].input: 60000 is outside [0, 10000]`},
		{"absurd API price", APIFile, gpt41, "{model: gpt-4.1, from: 2025-04-14, input: 1e9, cache_read: 0.5, output: 8,",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: input: 1e+09 is outside [0, 10000]`},
		{"absurd cache price", APIFile, gpt41, "{model: gpt-4.1, from: 2025-04-14, input: 2, cache_read: 50000, output: 8,",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: cache_read: 50000 is outside [0, 10000]`},
		{"NaN API price", APIFile, gpt41, "{model: gpt-4.1, from: 2025-04-14, input: .nan, cache_read: 0.5, output: 8,",
			`d/api.yaml: prices[2] "gpt-4.1": input: NaN is not a finite number`},
		{"infinite API price", APIFile, gpt41, "{model: gpt-4.1, from: 2025-04-14, input: 2, cache_read: 0.5, output: .inf,",
			`d/api.yaml: prices[2] "gpt-4.1": output: +Inf is not a finite number`},
		{"price from a future date", APIFile, gpt41mini, "{model: gpt-4.1-mini, from: 2099-04-14, input: 0.4,",
			`d/api.yaml: prices[3] "gpt-4.1-mini" from 2099-04-14: from: 2099-04-14 is after the build date; mark an announced price announced: true`},
		{"as_of in the future", APIFile, "as_of: 2026-11-30}\n  - {model: gpt-4.1-mini", "as_of: 2099-01-01}\n  - {model: gpt-4.1-mini",
			`d/api.yaml: prices[2] "gpt-4.1": as_of: 2099-01-01 is after 2`},
		// Service tiers, regions and the 1-hour cache (issue 42)
		{"unknown service tier", APIFile, gpt41, gpt41 + " services: [{service: turbo, input: 1, output: 4, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: services[0].service: want one of batch, flex, priority, got "turbo"`},
		{"batch priced twice", APIFile, gpt41, gpt41 + " services: [{service: batch, input: 1, output: 4, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: services[0].service: batch is priced both here and by batch_discount_pct`},
		{"service tier without a source", APIFile, gpt41, gpt41 + " services: [{service: flex, input: 1, output: 4, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: services[0].source: unknown or missing source ""`},
		{"absurd service price", APIFile, gpt41, gpt41 + " services: [{service: priority, input: 1e6, output: 4, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: services[0].input: 1e+06 is outside [0, 10000]`},
		{"absurd regional uplift", APIFile, gpt41, gpt41 + " regions: [{region: eu, uplift_pct: 500, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: regions[0].uplift_pct: 500 is outside [0, 100]`},
		{"an unavailable region with an uplift", APIFile, gpt41, gpt41 + " regions: [{region: eu, uplift_pct: 10, unavailable: true, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: regions[0].uplift_pct: an unavailable region has no uplift`},
		{"global as a region", APIFile, gpt41, gpt41 + " regions: [{region: global, uplift_pct: 10, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: regions[0].region: global is the list price itself, not a region`},
		{"a region twice", APIFile, gpt41, gpt41 + " regions: [{region: eu, uplift_pct: 10, source: openai-pricing, as_of: 2026-11-30}, {region: eu, unavailable: true, source: openai-pricing, as_of: 2026-11-30}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: regions[1].region: eu is priced twice`},
		{"region without a date", APIFile, gpt41, gpt41 + " regions: [{region: eu, uplift_pct: 10, source: openai-pricing, as_of: soon}],",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: regions[0].as_of: want a date YYYY-MM-DD, got "soon"`},
		{"absurd 1-hour cache write", APIFile, gpt41, gpt41 + " cache_write_1h: 20000,",
			`d/api.yaml: prices[2] "gpt-4.1" from 2025-04-14: cache_write_1h: 20000 is outside [0, 10000]`},
		{"negative reasoning price", APIFile, gpt41, gpt41 + " reasoning: -3,",
			`d/api.yaml: prices[2] "gpt-4.1": reasoning: -3 is negative`},
		{"context window absurd", APIFile, "name: GPT-4.1, context: 1047576", "name: GPT-4.1, context: 1000000000000",
			`d/api.yaml: models[0] "gpt-4.1": context: 1e+12 is outside [0, 1e+08]`},
		// A model of models.yaml twice: the duplicate, not the API rows
		// whose open weights then name no model.
		{"duplicate model id", ModelFile, "{id: llama-2-7b, name: Llama 2 7B", "{id: llama-2-13b, name: Llama 2 7B",
			`d/models.yaml: models[1] "llama-2-13b": id: duplicate id: models[0] has it too`},
		{"duplicate provider", APIFile, "  - {id: google, name: Google}", "  - {id: openai, name: Google}",
			`d/api.yaml: providers[2] "openai": id: duplicate id`},
		{"HTML in an API model name", APIFile, "name: GPT-4.1,", "name: <b>x</b>,",
			`d/api.yaml: models[0] "gpt-4.1": name: ` + plainText},
		{"formula as a provider name", APIFile, "{id: google, name: Google}", "{id: google, name: \"@SUM(A1)\"}",
			`d/api.yaml: providers[2] "google": name: ` + plainText},
		// Sources
		{"protocol-relative source URL", GPUFile, "url: https://www.nvidia.com/en-us/data-center/a100/", "url: //evil.example/phish",
			`d/gpus.yaml: sources.a100-page: url: must be an https:// URL or a site path such as /methodology/, got "//evil.example/phish"`},
		{"plain http source URL", GPUFile, "url: https://www.nvidia.com/en-us/data-center/a100/", "url: http://www.nvidia.com/",
			`d/gpus.yaml: sources.a100-page: url: must be an https:// URL`},
		{"javascript source URL", GPUFile, "url: https://www.nvidia.com/en-us/data-center/a100/", "url: javascript:alert(1)",
			`d/gpus.yaml: sources.a100-page: url: must be an https:// URL`},
		{"HTML in a source title", GPUFile, "title: NVIDIA A100 product page", "title: <img src=x onerror=alert(1)>",
			`d/gpus.yaml: sources.a100-page: title: ` + plainText},
		// Names
		{"HTML in a GPU name", GPUFile, h100Name, name("<b>x</b>"), gpuEntry + plainText},
		{"formula as a GPU name", GPUFile, h100Name, name(`"=1+2"`), gpuEntry + plainText},
		{"plus first in a GPU name", GPUFile, h100Name, name(`"+1"`), gpuEntry + plainText},
		{"minus first in a GPU name", GPUFile, h100Name, name(`"-1"`), gpuEntry + plainText},
		{"at first in a GPU name", GPUFile, h100Name, name(`"@x"`), gpuEntry + plainText},
		{"pipe in a GPU name", GPUFile, h100Name, name(`"H100 | SXM"`), gpuEntry + plainText},
		{"newline in a GPU name", GPUFile, h100Name, name(`"H100\nSXM"`), gpuEntry + plainText},
		{"tab in a GPU name", GPUFile, h100Name, name(`"H100\tSXM"`), gpuEntry + plainText},
		{"empty GPU name", GPUFile, h100Name, name(`""`), gpuEntry + "missing"},
		{"HTML in a GPU vendor", GPUFile, "    vendor: AMD", "    vendor: <i>AMD</i>", `d/gpus.yaml: gpus[13] "mi300x": vendor: ` + plainText},
		{"HTML in a model name", ModelFile, llama7b, "{id: llama-2-7b, name: <b>x</b>, source: llama-2-7b, as_of: 2026-11-30, params_b: 6.74,",
			`d/models.yaml: models[0] "llama-2-7b": name: ` + plainText},
		{"pipe in a rental instance", RentalFile, "instance: a3-highgpu,", "instance: a3|highgpu,",
			`d/rental.yaml: offers[5] "Google Cloud" "h100-sxm": instance: ` + plainText},
		{"id with capitals and spaces", GPUFile, "  - id: h100-sxm\n", "  - id: H100 SXM\n",
			`d/gpus.yaml: gpus[4] "H100 SXM": id: want lower-case letters, digits, ".", "_" and "-"`},
		// Figures
		{"NaN GPU memory", GPUFile, "memory_gb: {value: 80, source: h100-page", "memory_gb: {value: .nan, source: h100-page",
			`d/gpus.yaml: gpus[4] "h100-sxm": memory_gb.value: NaN is not a finite number`},
		{"negative model count", ModelFile, llama7b + " layers: 32,", llama7b + " layers: -32,",
			`d/models.yaml: models[0] "llama-2-7b": layers: -32 is negative`},
		{"absurd layer count", ModelFile, llama7b + " layers: 32,", llama7b + " layers: 320000,",
			`d/models.yaml: models[0] "llama-2-7b": layers: 320000 is outside [1, 10000]`},
		{"absurd vocabulary", ModelFile, "intermediate: 11008, vocab: 32000, max_context: 4096}", "intermediate: 11008, vocab: 3200000000, max_context: 4096}",
			`d/models.yaml: models[0] "llama-2-7b": vocab: 3.2e+09 is outside [1, 1e+07]`},
		{"NaN rental price", RentalFile, "usd_per_gpu_hour: 10.98,", "usd_per_gpu_hour: .nan,",
			`d/rental.yaml: offers[5] "Google Cloud": usd_per_gpu_hour: NaN is not a finite number`},
		{"figure dated in the future", GPUFile, "memory_gb: {value: 80, source: h100-page, as_of: 2026-11-30}", "memory_gb: {value: 80, source: h100-page, as_of: 2099-11-30}",
			`d/gpus.yaml: gpus[4] "h100-sxm": memory_gb.as_of: 2099-11-30 is after 2`},
		{"day that does not exist", GPUFile, "memory_gb: {value: 80, source: h100-page, as_of: 2026-11-30}", "memory_gb: {value: 80, source: h100-page, as_of: 2026-13-45}",
			`d/gpus.yaml: gpus[4] "h100-sxm": memory_gb.as_of: 2026-13-45 is not a valid date`},
		{"BF16 rate that contradicts FP8", GPUFile, "bf16_dense_tflops: {value: 989.4,", "bf16_dense_tflops: {value: 1,",
			`d/gpus.yaml: gpus[4] "h100-sxm": fp8_dense_tflops.value: 1978.9 is 1.98e+03 times bf16_dense_tflops 1`},
		{"NaN calibration utilization", MemoryFile, "utilization: 0.9,", "utilization: .nan,", `d/memory.yaml: calibration[0] "`},
		{"NaN claim", PricingFile, "metric: monthly_cost, value: 1250000}", "metric: monthly_cost, value: .nan}",
			`d/pricing.yaml: presets[0] "seed-000-roi": claims[0].value: NaN is not a finite number`},
		{"negative TCO article check", TCOFile, "servers: ", "servers: -", `d/tco.yaml: article_checks: electricity.servers: -`},
		// Engine profiles
		{"engine fraction above 1", MemoryFile, "fraction: {value: 0.9, source: trtllm-llm-args,", "fraction: {value: 9, source: trtllm-llm-args,",
			`d/memory.yaml: engines[2] "trtllm": fraction.value: 9 is outside [0.01, 1]`},
		{"engine block size unsourced", MemoryFile, "block_size: {value: 1, source: tgi-launcher,", "block_size: {value: 1, source: tgi-nowhere,",
			`d/memory.yaml: engines[3] "tgi": block_size.source: unknown source "tgi-nowhere"`},
		{"unknown engine", MemoryFile, "  - id: tgi\n    name: TGI", "  - id: lmdeploy\n    name: TGI",
			`d/memory.yaml: engines[3] "lmdeploy": id: want vllm, sglang, trtllm or tgi, got "lmdeploy"`},
		{"SGLang reserve tier without its chunk", MemoryFile, "{below_gib: 60, chunk: 4096,", "{below_gib: 60, chunk: 0,",
			`d/memory.yaml: engines[1] "sglang": reserve.tiers[2]: want chunk`},
		// Calibration rows and measurements
		{"absurd calibration length", MemoryFile, "utilization: 0.9, max_model_len: 4096,", "utilization: 0.9, max_model_len: 4096000000000,",
			`d/memory.yaml: calibration[0] "llama-2-7b": max_model_len: 4.096e+12 is outside [1, 1e+08]`},
		{"absurd reported KV cache", MemoryFile, "weights_gib: 1.1201, kv_gib: 69.66,", "weights_gib: 1.1201, kv_gib: 6966000000,",
			`d/memory.yaml: calibration[1] "qwen3-0.6b": kv_gib: 6.966e+09 is outside [0, 100000]`},
		{"measurement batch of zero", PerfFile, "tp: 1, precision: bf16, kv: bf16, batch: 256,", "tp: 1, precision: bf16, kv: bf16, batch: 0,",
			`d/perf.yaml: measurements[0] "llama-2-7b" on "a100-80gb-sxm": batch: 0 is outside [1, 100000]`},
		{"absurd measured throughput", PerfFile, "tokens_per_s_gpu: 5390}", "tokens_per_s_gpu: 5.39e9}",
			`d/perf.yaml: measurements[0] "llama-2-7b" on "a100-80gb-sxm": tokens_per_s_gpu: 5.39e+09 is outside [0, 1e+07]`},
		{"unknown measured precision", PerfFile, "tp: 1, precision: bf16, kv: bf16, batch: 256,", "tp: 1, precision: fp7, kv: bf16, batch: 256,",
			`d/perf.yaml: measurements[0] "llama-2-7b" on "a100-80gb-sxm": precision: unknown precision "fp7"`},
		{"unknown measured KV format", PerfFile, "tp: 1, precision: bf16, kv: bf16, batch: 256,", "tp: 1, precision: bf16, kv: bf3, batch: 256,",
			`d/perf.yaml: measurements[0] "llama-2-7b" on "a100-80gb-sxm": kv: unknown KV format "bf3"`},
		{"seed tensor parallelism of zero", PerfFile, "seed:\n  tp: 8\n", "seed:\n  tp: 0\n", `d/perf.yaml: seed: tp: 0 is outside [1, 64]`},
		{"NaN seed claim", PerfFile, "a100_bf16: 2340,", "a100_bf16: .nan,", `d/perf.yaml: seed: throughput[0].a100_bf16: NaN is not a finite number`},
		{"absurd seed claim", PerfFile, "a100_bf16: 2340,", "a100_bf16: 2.34e12,", `d/perf.yaml: seed: throughput[0].a100_bf16: 2.34e+12 is outside [0, 1e+07]`},
		{"duplicate throughput row", TCOFile, "  rows:\n    - gpu: a100-80gb-sxm\n", "  rows:\n    - gpu: a100-80gb-sxm\n      tokens_per_s: {value: 1, source: trtllm-090, as_of: 2024-04-23}\n    - gpu: a100-80gb-sxm\n",
			`d/tco.yaml: throughput.rows[1] "a100-80gb-sxm": gpu: duplicate row for the GPU`},
		// Presets
		{"HTML in a preset title", PricingFile, `title: "Own A100 at $2.50`, `title: "<script>alert(1)</script> at $2.50`,
			`d/pricing.yaml: presets[0] "seed-000-roi": title: ` + plainText},
		{"preset name not an id", PricingFile, "  - name: seed-000-roi", "  - name: Seed 000 ROI",
			`d/pricing.yaml: presets[0] "Seed 000 ROI": name: want lower-case letters, digits, ".", "_" and "-"`},
		{"duplicate preset", PricingFile, "  - name: seed-000-roi", "  - name: seed-000-roi\n    title: Twin\n    source: seed-000\n    query: in=1\n  - name: seed-000-roi",
			`d/pricing.yaml: presets[1] "seed-000-roi": name: duplicate name`},
		// Files
		{"empty file", PerfFile, "", "", "d/perf.yaml: the file is empty"},
		{"file of comments only", RentalFile, "", "# nothing yet\n", "d/rental.yaml: the file is empty"},
		{"duplicate key", GPUFile, "  a100-page:\n", "  a100-ds:\n    title: x\n    url: https://x.example/\n  a100-page:\n", "d/gpus.yaml: ["},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// LINE stands for the line the breakage is on, so that rows
			// added above it do not move the test.
			want := strings.Replace(tt.want, "LINE", strconv.Itoa(lineOf(t, tt.file, tt.from)), 1)
			_, err := Load(contentWith(t, tt.file, tt.from, tt.to), "d")
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// A price announced for a date after the build is kept, and does not
// become the default edition.
func TestAnnouncedPrice(t *testing.T) {
	t.Parallel()
	const row = "{model: gpt-4.1-mini, from: 2025-04-14, input: 0.4,"
	d, err := Load(contentWith(t, APIFile, row, "{model: gpt-4.1-mini, from: 2099-04-14, announced: true, input: 0.4,"), "d")
	if err != nil {
		t.Fatal(err)
	}
	real, _ := Load(content.FS, "data")
	if got, want := d.Editions.Latest(), real.Editions.Latest(); got != want {
		t.Errorf("latest edition %s; want %s", got, want)
	}
}

// A build rebuilt with SOURCE_DATE_EPOCH is a build of that day:
// 1764633600 s is 2025-12-02 00:00 UTC (20,424 days × 86,400 s), and one
// second before it still 2025-12-01.
func TestTodayFollowsSourceDateEpoch(t *testing.T) {
	for epoch, want := range map[string]string{"1764633600": "2025-12-02", "1764633599": "2025-12-01"} {
		t.Setenv("SOURCE_DATE_EPOCH", epoch)
		if got := Today(); got != want {
			t.Errorf("SOURCE_DATE_EPOCH=%s: Today() = %s, want %s", epoch, got, want)
		}
	}
}
