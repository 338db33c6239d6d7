package serving

import (
	"fmt"
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// EngineProfile is a serving engine's memory accounting and defaults, as
// read in its source (Accounting names the file and commit). vLLM's
// figures are the calculator's Defaults, so its profile holds none.
type EngineProfile struct {
	ID   string `yaml:"id" json:"id"` // a memory.Engine
	Name string `yaml:"name" json:"name"`
	// Accounting is the source of what the memory fraction is a share
	// of and what is reserved; Version the engine version it describes.
	Accounting string `yaml:"accounting" json:"accounting"`
	Version    string `yaml:"version" json:"version"`
	// Fraction is the default memory fraction (for SGLang the one used
	// when its heuristic, Reserve, does not apply).
	Fraction fact.Figure `yaml:"fraction" json:"fraction"`
	// Wiggle is TGI's TGI_WIGGLE_ROOM.
	Wiggle    fact.Figure `yaml:"wiggle" json:"wiggle"`
	BlockSize fact.Figure `yaml:"block_size" json:"block_size"`
	// MaxSeqs and MaxBatchedTokens are the default most sequences in a
	// batch and tokens in one forward pass (the pass the start-up
	// profile runs).
	MaxSeqs          fact.Figure `yaml:"max_seqs" json:"max_seqs"`
	MaxBatchedTokens fact.Figure `yaml:"max_batched_tokens" json:"max_batched_tokens"`
	// Reserve is SGLang's default mem_fraction_static heuristic.
	Reserve FractionReserve `yaml:"reserve" json:"reserve"`
}

// FractionReserve is SGLang's heuristic for mem_fraction_static when it
// is not set (server_args.py, _handle_gpu_memory_settings): it reserves
// BaseMiB + max(chunk, MinChunk) x ChunkMiB + graph x GraphMiB + TP x
// GPUMiB, at least LargeMinMiB on GPUs over LargeGiB, and sets the
// fraction to (memory − reserve) / memory, in MiB, to three decimals.
// The chunked-prefill size and the CUDA-graph batch come from the tier
// of the GPU's memory.
type FractionReserve struct {
	Source      string  `yaml:"source" json:"source"`
	AsOf        string  `yaml:"as_of" json:"as_of"`
	BaseMiB     float64 `yaml:"base_mib" json:"base_mib"`
	ChunkMiB    float64 `yaml:"chunk_mib" json:"chunk_mib"`
	MinChunk    float64 `yaml:"min_chunk" json:"min_chunk"`
	GraphMiB    float64 `yaml:"graph_mib" json:"graph_mib"`
	GPUMiB      float64 `yaml:"gpu_mib" json:"gpu_mib"`
	LargeGiB    float64 `yaml:"large_gib" json:"large_gib"`
	LargeMinMiB float64 `yaml:"large_min_mib" json:"large_min_mib"`
	// LargeTP is the tensor-parallel degree from which GraphLargeTP
	// applies.
	LargeTP float64       `yaml:"large_tp" json:"large_tp"`
	Tiers   []ReserveTier `yaml:"tiers" json:"tiers"`
}

// ReserveTier is SGLang's chunked-prefill size and CUDA-graph batch on
// GPUs with less than BelowGiB of memory (0: any larger GPU).
type ReserveTier struct {
	BelowGiB     float64 `yaml:"below_gib" json:"below_gib"`
	Chunk        float64 `yaml:"chunk" json:"chunk"`
	Graph        float64 `yaml:"graph" json:"graph"`
	GraphLargeTP float64 `yaml:"graph_large_tp" json:"graph_large_tp"`
}

// DefaultEngine is the engine of a link without engine=.
const DefaultEngine = string(memory.VLLM)

// Engine returns the profile of an engine id, ok false for an unknown
// one.
func (d Memory) Engine(id string) (EngineProfile, bool) {
	for _, e := range d.Engines {
		if e.ID == id {
			return e, true
		}
	}
	return EngineProfile{}, false
}

// tier is the reserve tier of a GPU with gib of memory.
func (r FractionReserve) tier(gib float64) ReserveTier {
	for _, t := range r.Tiers {
		if t.BelowGiB == 0 || gib < t.BelowGiB {
			return t
		}
	}
	return ReserveTier{}
}

// DefaultFraction is the engine's memory fraction on tp GPUs of a kind
// when the link sets none: vLLM's gpu_memory_utilization, SGLang's
// heuristic, or the profile's fraction.
func (d Memory) DefaultFraction(e EngineProfile, g gpu.GPU, tp int) float64 {
	switch {
	case e.ID == string(memory.VLLM) || e.ID == "":
		return d.Defaults.Utilization.Value
	case len(e.Reserve.Tiers) == 0:
		return e.Fraction.Value
	}
	r := e.Reserve
	mib := g.MemoryGB.Value * 1024
	t := r.tier(g.MemoryGB.Value)
	graph := t.Graph
	if float64(tp) >= r.LargeTP {
		graph = t.GraphLargeTP
	}
	reserve := r.BaseMiB + math.Max(t.Chunk, r.MinChunk)*r.ChunkMiB + graph*r.GraphMiB + float64(tp)*r.GPUMiB
	if g.MemoryGB.Value > r.LargeGiB {
		reserve = math.Max(reserve, r.LargeMinMiB)
	}
	return math.Round((mib-reserve)/mib*1000) / 1000
}

// EngineBatch is the engine's most sequences in a batch and tokens in a
// forward pass on a GPU: vLLM's by GPU size, SGLang's chunked-prefill
// size by its memory tier, the profile's otherwise.
func (d Memory) EngineBatch(e EngineProfile, g gpu.GPU) (seqs, tokens int) {
	seqs, tokens = int(e.MaxSeqs.Value), int(e.MaxBatchedTokens.Value)
	switch {
	case e.ID == string(memory.VLLM) || e.ID == "":
		return d.BatchDefaults(g)
	case len(e.Reserve.Tiers) > 0:
		tokens = int(e.Reserve.tier(g.MemoryGB.Value).Chunk)
	}
	return seqs, tokens
}

// EngineRuntime is the runtime of an engine with a memory fraction and
// batch limits: the engine's accounting, block size and sampler reserve,
// and the overheads every engine shares (CUDA context, NCCL).
func (d Memory) EngineRuntime(e EngineProfile, fraction float64, seqs, tokens int) memory.Runtime {
	rt := d.Runtime(fraction, seqs, tokens)
	if e.ID == string(memory.VLLM) || e.ID == "" {
		return rt
	}
	// Only vLLM runs its sampler over max_num_seqs at start-up.
	rt.Engine, rt.Wiggle, rt.BlockSize, rt.SamplerBytesPerLogit = memory.Engine(e.ID), e.Wiggle.Value, int(e.BlockSize.Value), 0
	return rt
}

// OnEngine is a model served by an engine with its defaults on tp GPUs
// of a kind: the memory CUDA sees, the engine's default fraction and
// batch limits on the GPU. OnGPU is OnEngine for vLLM.
func (d Memory) OnEngine(e EngineProfile, m model.Model, w, kv memory.Format, g gpu.GPU, tp int) memory.Setup {
	seqs, tokens := d.EngineBatch(e, g)
	return memory.Setup{Model: m, Weights: w, KV: kv, GPUMemory: d.VisibleGiB(g) * memory.GiB, TP: tp, PP: 1,
		Runtime: d.EngineRuntime(e, d.DefaultFraction(e, g, tp), seqs, tokens)}
}

// validateEngines checks the engine profiles: every engine once, each
// figure its engine needs sourced and in range.
func (d Memory) validateEngines() []error {
	var errs []error
	seen := map[string]bool{}
	for i, e := range d.Engines {
		entry := fmt.Sprintf("engines[%d] %q", i, e.ID)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		if !slices.Contains(memory.Engines, memory.Engine(e.ID)) {
			bad("id", "want vllm, sglang, trtllm or tgi, got %q", e.ID)
		}
		if seen[e.ID] {
			bad("id", "%q is the id of an earlier engine", e.ID)
		}
		seen[e.ID] = true
		if msg := fact.PlainText(e.Name); msg != "" || e.Name == "" {
			bad("name", "want the engine's name %s", msg)
		}
		if _, ok := d.Sources[e.Accounting]; !ok {
			bad("accounting", "unknown source %q", e.Accounting)
		}
		if e.ID == string(memory.VLLM) {
			continue // its figures are the calculator's defaults
		}
		bounds := []fact.Bound{fact.Range("fraction", e.Fraction, 0.01, 1), fact.Range("block_size", e.BlockSize, 1, 1024),
			fact.Range("max_seqs", e.MaxSeqs, 1, 1e5), fact.Range("max_batched_tokens", e.MaxBatchedTokens, 1, 1e7)}
		if e.ID == string(memory.TGI) {
			bounds = append(bounds, fact.Range("wiggle", e.Wiggle, 0.5, 1))
		}
		errs = append(errs, d.Sources.CheckAll(entry, bounds)...)
		if r := e.Reserve; len(r.Tiers) > 0 {
			if _, ok := d.Sources[r.Source]; !ok {
				bad("reserve.source", "unknown source %q", r.Source)
			}
			for j, t := range r.Tiers {
				if !(t.Chunk > 0 && t.Graph > 0 && t.GraphLargeTP > 0) || (t.BelowGiB == 0) != (j == len(r.Tiers)-1) {
					bad(fmt.Sprintf("reserve.tiers[%d]", j), "want chunk, graph and graph_large_tp above 0, and below_gib on every tier but the last")
				}
			}
		}
	}
	for _, id := range memory.Engines {
		if !seen[string(id)] {
			errs = append(errs, fact.Errorf("engines", "id", "no profile of %s", id))
		}
	}
	return errs
}

// EngineField is the serving-engine choice under key, vLLM by default.
func (d Memory) EngineField(m *msg.Catalog, key, section string) scenario.Field {
	cs := []scenario.Choice{{Value: DefaultEngine, Label: "vLLM"}}
	if len(d.Engines) > 0 {
		cs = make([]scenario.Choice, len(d.Engines))
		for i, e := range d.Engines {
			cs[i] = scenario.Choice{Value: e.ID, Label: e.Name}
		}
	}
	return scenario.Field{Key: key, Label: m.T("mem.in.engine"), Section: section, Default: DefaultEngine, Choices: cs,
		Help: m.T("mem.in.engine_help")}
}

// ReadEngine reads the serving engine of field f (an EngineField): its
// profile, vLLM's for an engine the data has no profile of.
func (d Memory) ReadEngine(r *scenario.Resolver, f scenario.Field) EngineProfile {
	return d.engineOr(r.Choice(f))
}

// engineOr returns the profile of engine id, vLLM's for an engine the
// data has no profile of.
func (d Memory) engineOr(id string) EngineProfile {
	if e, ok := d.Engine(id); ok {
		return e
	}
	return EngineProfile{ID: DefaultEngine, Name: "vLLM"}
}

// fractionKeys are the message keys of each engine's memory fraction: its
// label and help, in the engine's terms.
var fractionKeys = map[string][2]string{
	DefaultEngine:         {"mem.in.util", "mem.in.util_help"},
	string(memory.SGLang): {"mem.in.fraction", "mem.in.util_help_sglang"},
	string(memory.TRTLLM): {"mem.in.fraction", "mem.in.util_help_trtllm"},
	string(memory.TGI):    {"mem.in.fraction", "mem.in.util_help_tgi"},
}

// FractionField is the field of engine e's memory fraction (vLLM's
// gpu_memory_utilization, SGLang's mem_fraction_static, …) under key in
// section: labelled in the engine's terms, and its default the engine's
// on GPUs g at tensor parallelism tp (DefaultFraction), with its source.
func (d *Memory) FractionField(t *msg.Catalog, e EngineProfile, g gpu.GPU, tp int, key, section string) scenario.Field {
	keys, ok := fractionKeys[e.ID]
	if !ok {
		keys = fractionKeys[DefaultEngine]
	}
	f := scenario.Field{Key: key, Label: t.T(keys[0]), Unit: t.T("mem.unit.fraction"), Section: section, Min: 0.01, Max: 1, Help: t.T(keys[1]),
		Default: scenario.FormatNumber(d.DefaultFraction(e, g, tp))}
	switch {
	case e.ID == DefaultEngine || e.ID == "":
		f.Note = d.Note(t, d.Defaults.Utilization)
	case len(e.Reserve.Tiers) > 0:
		f.Note = fact.NoteIn(t, fact.Figure{Source: e.Reserve.Source, AsOf: e.Reserve.AsOf}, d.Source(e.Reserve.Source))
	default:
		f.Note = d.Note(t, e.Fraction)
	}
	return f
}

// BatchNote says where engine e's batch limits (max_num_seqs and the
// tokens of a step) come from, for their fields.
func (d *Memory) BatchNote(t *msg.Catalog, e EngineProfile) string {
	if e.ID != DefaultEngine && e.ID != "" {
		return t.F("mem.batch_note_engine", "engine", e.Name) + " " + d.Note(t, e.MaxSeqs)
	}
	return t.T("mem.batch_note") + " " + d.Note(t, d.Defaults.LargeGPUSeqs)
}
