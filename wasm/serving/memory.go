package serving

import (
	"errors"
	"fmt"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/edition"
	"math"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// MemoryDefaults are the sourced defaults of the memory engine (vLLM's).
type MemoryDefaults struct {
	Utilization          fact.Figure `yaml:"utilization" json:"utilization"`
	BlockSize            fact.Figure `yaml:"block_size" json:"block_size"`
	DriverReservedGiB    fact.Figure `yaml:"driver_reserved_gib" json:"driver_reserved_gib"`
	NonTorchGiB          fact.Figure `yaml:"non_torch_gib" json:"non_torch_gib"`
	NCCLGiB              fact.Figure `yaml:"nccl_gib" json:"nccl_gib"`
	SamplerBytesPerLogit fact.Figure `yaml:"sampler_bytes_per_logit" json:"sampler_bytes_per_logit"`
	LargeGPUSeqs         fact.Figure `yaml:"large_gpu_seqs" json:"large_gpu_seqs"`
	LargeGPUTokens       fact.Figure `yaml:"large_gpu_tokens" json:"large_gpu_tokens"`
	SmallGPUSeqs         fact.Figure `yaml:"small_gpu_seqs" json:"small_gpu_seqs"`
	SmallGPUTokens       fact.Figure `yaml:"small_gpu_tokens" json:"small_gpu_tokens"`
	LargeGPUMinGiB       fact.Figure `yaml:"large_gpu_min_gib" json:"large_gpu_min_gib"`
	Context              fact.Figure `yaml:"context" json:"context"`
	Concurrency          fact.Figure `yaml:"concurrency" json:"concurrency"`
	FlatWeightsGB        fact.Figure `yaml:"flat_weights_gb" json:"flat_weights_gb"`
	FlatKVPerTokenGB     fact.Figure `yaml:"flat_kv_per_token_gb" json:"flat_kv_per_token_gb"`
	FlatReserveGB        fact.Figure `yaml:"flat_reserve_gb" json:"flat_reserve_gb"`
	FlatPerSequenceGB    fact.Figure `yaml:"flat_per_sequence_gb" json:"flat_per_sequence_gb"`
	// CheckpointWeights, at 1, takes a model's weights as its checkpoint
	// is published (Checkpoint): the calculators default to that format,
	// and weights in a format the GPU has no tensor cores for are served
	// weight-only, computed in BF16 (Precision); editions before lack it,
	// default to BF16 and serve BF16 instead of such weights.
	CheckpointWeights fact.Figure `yaml:"checkpoint_weights" json:"checkpoint_weights"`
}

// Calibration is a published vLLM start-up log: the settings it ran with
// and the memory it reported. Zero means not reported.
type Calibration struct {
	Source           string  `yaml:"source" json:"source"`
	Model            string  `yaml:"model" json:"model"`
	GPU              string  `yaml:"gpu" json:"gpu"`
	TP               int     `yaml:"tp" json:"tp"`
	Utilization      float64 `yaml:"utilization" json:"utilization"`
	MaxModelLen      int     `yaml:"max_model_len" json:"max_model_len"`
	Weights          string  `yaml:"weights" json:"weights"`
	KV               string  `yaml:"kv" json:"kv"`
	MaxNumSeqs       int     `yaml:"max_num_seqs" json:"max_num_seqs"`
	MaxBatchedTokens int     `yaml:"max_batched_tokens" json:"max_batched_tokens"`
	WeightsGiB       float64 `yaml:"weights_gib,omitempty" json:"weights_gib,omitempty"`
	KVGiB            float64 `yaml:"kv_gib,omitempty" json:"kv_gib,omitempty"`
	KVTokens         float64 `yaml:"kv_tokens,omitempty" json:"kv_tokens,omitempty"`
	Note             string  `yaml:"note,omitempty" json:"note,omitempty"`
}

// Memory is memory.yaml with the catalogs it refers to: what the memory
// engine needs to size a model served by an engine on GPUs.
type Memory struct {
	// GPUs and Models are the catalogs the rows and the engine read,
	// the site data's (sitedata.Data.MemoryData).
	GPUs        gpu.Catalog           `yaml:"-" json:"-"`
	Models      model.Catalog         `yaml:"-" json:"-"`
	Sources     fact.Sources          `yaml:"sources" json:"sources"`
	Defaults    MemoryDefaults        `yaml:"defaults" json:"defaults"`
	Calibration []Calibration         `yaml:"calibration" json:"calibration"`
	Presets     []scenario.PresetData `yaml:"presets" json:"presets"`
	// Engines are the serving engines' memory profiles.
	Engines []EngineProfile `yaml:"engines" json:"engines"`
	// Editions are the editions a link can pin, the site data's.
	Editions edition.List `yaml:"-" json:"-"`
	// Bands are the edition's error bands of estimated figures, the site
	// data's (computed at build time by accuracy.PinBands).
	Bands band.Table `yaml:"-" json:"-"`
}

// Source finds a source by key in any of the data files.
func (d Memory) Source(key string) fact.Source {
	if s, ok := d.GPUs.Sources[key]; ok {
		return s
	}
	if s, ok := d.Models.Sources[key]; ok {
		return s
	}
	return d.Sources[key]
}

// Note says, in the language of m, where figure f comes from.
func (d Memory) Note(m *msg.Catalog, f fact.Figure) string {
	return fact.NoteIn(m, f, d.Source(f.Source))
}

// VisibleGiB is the memory CUDA reports on a GPU: its nominal size (which
// for HBM is GiB) less what the driver reserves.
func (d Memory) VisibleGiB(g gpu.GPU) float64 {
	return g.MemoryGB.Value - d.Defaults.DriverReservedGiB.Value
}

// BatchDefaults are vLLM's max_num_seqs and max_num_batched_tokens (for
// the OpenAI-compatible server) on a GPU: larger on GPUs of 70 GiB or
// more, except A100s.
func (d Memory) BatchDefaults(g gpu.GPU) (seqs, tokens int) {
	df := d.Defaults
	if d.VisibleGiB(g) >= df.LargeGPUMinGiB.Value && !strings.HasPrefix(g.ID, "a100") {
		return int(df.LargeGPUSeqs.Value), int(df.LargeGPUTokens.Value)
	}
	return int(df.SmallGPUSeqs.Value), int(df.SmallGPUTokens.Value)
}

// Runtime returns the engine's runtime settings with the data's defaults.
func (d Memory) Runtime(util float64, seqs, tokens int) memory.Runtime {
	df := d.Defaults
	return memory.Runtime{Utilization: util, MaxNumSeqs: seqs, MaxBatchedTokens: tokens,
		SamplerBytesPerLogit: df.SamplerBytesPerLogit.Value, NonTorch: df.NonTorchGiB.Value * memory.GiB,
		NCCL: df.NCCLGiB.Value * memory.GiB, BlockSize: int(df.BlockSize.Value)}
}

// OnGPU is a model served with vLLM's defaults on tp GPUs of a kind: the
// memory CUDA sees, gpu_memory_utilization and the GPU's batch defaults.
func (d Memory) OnGPU(m model.Model, w, kv memory.Format, g gpu.GPU, tp int) memory.Setup {
	return d.OnEngine(EngineProfile{ID: DefaultEngine}, m, w, kv, g, tp)
}

// Setup is the engine setup of a calibration row: the row's settings, as
// the vLLM version that wrote the log had them.
func (c Calibration) Setup(d Memory) memory.Setup {
	m, _ := d.Models.Find(c.Model)
	g, _ := d.GPUs.Find(c.GPU)
	w, _ := memory.FindFormat(memory.WeightFormats, c.Weights)
	kv, _ := memory.FindFormat(memory.KVFormats, c.KV)
	s := d.OnGPU(m, w, kv, g, c.TP)
	s.Runtime = d.Runtime(c.Utilization, c.MaxNumSeqs, c.MaxBatchedTokens)
	return s
}

// Validate checks the memory data: sources, defaults, calibration rows
// and engine profiles (the views check the presets).
func (d Memory) Validate() error {
	errs := d.Sources.Validate()
	df := d.Defaults
	errs = append(errs, d.Sources.CheckAll("defaults", []fact.Bound{
		fact.Range("utilization", df.Utilization, 0.01, 1), fact.Range("block_size", df.BlockSize, 1, 1024),
		fact.Range("driver_reserved_gib", df.DriverReservedGiB, 0, 8), fact.Range("non_torch_gib", df.NonTorchGiB, 0, 16),
		fact.Range("nccl_gib", df.NCCLGiB, 0, 16), fact.Range("sampler_bytes_per_logit", df.SamplerBytesPerLogit, 0, 1000),
		fact.Range("large_gpu_seqs", df.LargeGPUSeqs, 1, 1e5), fact.Range("large_gpu_tokens", df.LargeGPUTokens, 1, 1e7),
		fact.Range("small_gpu_seqs", df.SmallGPUSeqs, 1, 1e5), fact.Range("small_gpu_tokens", df.SmallGPUTokens, 1, 1e7),
		fact.Range("large_gpu_min_gib", df.LargeGPUMinGiB, 1, 1e4), fact.Range("context", df.Context, 1, 1<<24),
		fact.Range("concurrency", df.Concurrency, 1, 1e6), fact.Range("flat_weights_gb", df.FlatWeightsGB, 0, 1e5),
		fact.Range("flat_kv_per_token_gb", df.FlatKVPerTokenGB, 0, 1), fact.Range("flat_reserve_gb", df.FlatReserveGB, 0, 1e3),
		fact.Range("flat_per_sequence_gb", df.FlatPerSequenceGB, 0, 1e3),
	})...)
	if df.CheckpointWeights != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.CheckpointWeights, "defaults", "checkpoint_weights", 0, 1)...)
	}
	for i, c := range d.Calibration {
		entry := fmt.Sprintf("calibration[%d] %q", i, c.Model)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		if _, ok := d.Sources[c.Source]; !ok {
			bad("source", "unknown source %q", c.Source)
		}
		m, ok := d.Models.Find(c.Model)
		if !ok {
			bad("model", "unknown model %q", c.Model)
		} else if text := TPError(msg.English, m, c.TP); text != "" {
			bad("tp", "%s", text)
		}
		if _, ok := d.GPUs.Find(c.GPU); !ok {
			bad("gpu", "unknown GPU %q", c.GPU)
		}
		if _, ok := memory.FindFormat(memory.WeightFormats, c.Weights); !ok {
			bad("weights", "unknown weight format %q", c.Weights)
		}
		if _, ok := memory.FindFormat(memory.KVFormats, c.KV); !ok {
			bad("kv", "unknown KV format %q", c.KV)
		}
		if !(c.Utilization > 0 && c.Utilization <= 1) {
			bad("utilization", "%g is outside (0, 1]", c.Utilization)
		}
		for _, f := range []struct {
			name     string
			v        float64
			min, max float64
		}{{"max_model_len", float64(c.MaxModelLen), 1, 1e8}, {"max_num_seqs", float64(c.MaxNumSeqs), 1, 1e5},
			{"max_batched_tokens", float64(c.MaxBatchedTokens), 1, 1e7}, {"weights_gib", c.WeightsGiB, 0, 1e5},
			{"kv_gib", c.KVGiB, 0, 1e5}, {"kv_tokens", c.KVTokens, 0, 1e10}} {
			if msg := fact.InRange(f.v, f.min, f.max); msg != "" {
				bad(f.name, "%s", msg)
			}
		}
		if c.KVGiB <= 0 && c.KVTokens <= 0 {
			bad("kv_gib", "a row needs the reported KV cache, in GiB or tokens")
		}
	}
	errs = append(errs, d.validateEngines()...)
	errs = append(errs, scenario.ValidatePresets(d.Presets, d.Sources)...)
	return errors.Join(errs...)
}

// CalibrationResult is the engine's estimate for a calibration row. The
// errors are (estimate - reported) / reported, NaN where nothing was
// reported.
type CalibrationResult struct {
	Row                         Calibration
	WeightsGiB, KVGiB, KVTokens float64
	WeightsErr, KVErr           float64
}

// Calibrate runs the engine on every calibration row. The KV error is on
// tokens where the log gave tokens, else on GiB.
func (d Memory) Calibrate() []CalibrationResult {
	out := make([]CalibrationResult, len(d.Calibration))
	for i, c := range d.Calibration {
		s := c.Setup(d)
		r := s.Compute()
		res := CalibrationResult{Row: c, WeightsGiB: r.Weights / memory.GiB, KVGiB: r.KVPool / memory.GiB,
			KVTokens: float64(r.CapacityTokens), WeightsErr: math.NaN(), KVErr: math.NaN()}
		if c.WeightsGiB > 0 {
			res.WeightsErr = res.WeightsGiB/c.WeightsGiB - 1
		}
		if c.KVTokens > 0 {
			res.KVErr = res.KVTokens/c.KVTokens - 1
		} else if c.KVGiB > 0 {
			res.KVErr = res.KVGiB/c.KVGiB - 1
		}
		out[i] = res
	}
	return out
}

// TPError says, in the language of t, why tp GPUs cannot split m's
// heads (memory.TPError), or "".
func TPError(t *msg.Catalog, m model.Model, tp int) string {
	key := memory.TPError(m, tp)
	if key == "" {
		return ""
	}
	return t.F(key, "heads", strconv.Itoa(m.Heads), "kv", strconv.Itoa(m.KVHeads))
}

// FormatLabel names a weight or KV format in the language of t: the
// block formats say how they are scaled, in words.
func FormatLabel(t *msg.Catalog, f memory.Format) string {
	switch f.ID {
	case memory.MXFP4Experts:
		return t.T("mem.format.mxfp4_moe")
	case "nvfp4":
		return t.T("mem.format.nvfp4")
	case "mxfp4":
		return t.T("mem.format.mxfp4")
	case "int4":
		return t.T("mem.format.int4")
	}
	return f.Label
}

// Checkpoint is the weight format of model m as its checkpoint is
// published (model.Model Quantization), the calculators' default where
// the edition takes weights so (CheckpointWeights); BF16 otherwise.
func (d *Memory) Checkpoint(m *model.Model) memory.Format {
	f, _ := memory.FindFormat(memory.WeightFormats, d.checkpoint(m))
	return f
}

// checkpoint is the id of Checkpoint's format.
func (d *Memory) checkpoint(m *model.Model) string {
	if d.Defaults.CheckpointWeights.Value == 1 {
		switch m.Quantization {
		case model.QuantFP8:
			return "fp8"
		case model.QuantMXFP4MoE:
			return memory.MXFP4Experts
		case model.QuantINT4:
			return "int4"
		}
	}
	return "bf16"
}

// Precision says what GPUs g do with weights of precision: "" when they
// have its tensor cores. Where they have none and the edition takes
// weights as checkpoints publish them (CheckpointWeights), a note that
// they serve them weight-only, dequantized to BF16 for the arithmetic, as
// vLLM's Marlin kernels serve FP8 weights on Ampere and MXFP4 experts on
// Ampere and Hopper; otherwise, refused true, that they have no such
// tensor cores, and the edition serves BF16 instead.
func (d *Memory) Precision(t *msg.Catalog, g *gpu.GPU, precision string) (text string, refused bool) {
	if _, ok := Hardware(*g, precision); ok {
		return "", false
	}
	key, refused := "perf.err.precision", d.Defaults.CheckpointWeights.Value != 1
	if !refused {
		key = "perf.warn.weight_only"
	}
	return t.F(key, "gpu", g.Name, "precision", PrecisionLabel(precision)), refused
}

// DefaultFormat is the weight format (its id) the calculators start the
// catalog's model id in: Checkpoint's; BF16 for a model outside the
// catalog.
func (d *Memory) DefaultFormat(id string) string {
	if m, ok := d.Models.Find(id); ok {
		return d.checkpoint(&m)
	}
	return "bf16"
}

// DefaultPrecision is the precision (Precisions) the calculators start
// the model id in: for a model of the catalog other than the edition's
// default estimate's, defModel, in an edition that takes weights as
// checkpoints publish them (CheckpointWeights), DefaultFormat's; def
// otherwise.
func (d *Memory) DefaultPrecision(id, defModel, def string) string {
	m, ok := d.Models.Find(id)
	if !ok || id == defModel || d.Defaults.CheckpointWeights.Value != 1 {
		return def
	}
	return PrecisionOf(d.checkpoint(&m))
}
