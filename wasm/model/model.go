// Package model holds the model catalog: the architecture figures of each
// model's config.json that memory and speed depend on, with the source of
// each row and the rules a row must obey.
package model

import (
	"errors"
	"fmt"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
)

// Sliding-window layouts: which layers cache at most SlidingWindow tokens.
const (
	SlidingAll       = "all"       // every layer attends to the last SlidingWindow tokens
	SlidingAlternate = "alternate" // every other layer does; the rest attend to all tokens
	// SlidingThreeOfFour: three layers in four do, every fourth attends to
	// all tokens (Llama 4's chunked attention, whose cache never holds more
	// than one chunk).
	SlidingThreeOfFour = "3-of-4"
	// SlidingFiveOfSix: five layers in six do, every sixth attends to all
	// tokens (Gemma 3).
	SlidingFiveOfSix = "5-of-6"
)

// slidingLayouts maps each layout to how many layers in a group of that
// size attend to all tokens.
var slidingLayouts = map[string]int{SlidingAll: 0, SlidingAlternate: 2, SlidingThreeOfFour: 4, SlidingFiveOfSix: 6}

// Published weight formats (Model.Quantization): what the checkpoint's
// config.json says its weights are stored in, where that is not BF16.
const (
	QuantFP8      = "fp8"       // block-scaled FP8 weights throughout (DeepSeek-V3 style)
	QuantMXFP4MoE = "mxfp4-moe" // MXFP4 MoE expert weights; attention, router and embeddings BF16
	QuantINT4     = "int4"      // 4-bit integer weights in groups (AWQ, GPTQ); embeddings 16-bit
)

// Model is one catalog row. Counts are as in config.json.
type Model struct {
	ID     string `yaml:"id" json:"id"`
	Name   string `yaml:"name" json:"name"`
	Source string `yaml:"source" json:"source"`
	AsOf   string `yaml:"as_of" json:"as_of"`
	// ParamsB is the parameter count in billions, all experts included.
	ParamsB float64 `yaml:"params_b" json:"params_b"`
	// ActiveParamsB is what one token uses (MoE); 0 means ParamsB.
	ActiveParamsB float64 `yaml:"active_params_b,omitempty" json:"active_params_b,omitempty"`
	Layers        int     `yaml:"layers" json:"layers"`
	Hidden        int     `yaml:"hidden" json:"hidden"`
	Heads         int     `yaml:"heads" json:"heads"`
	KVHeads       int     `yaml:"kv_heads" json:"kv_heads"`
	HeadDim       int     `yaml:"head_dim" json:"head_dim"`
	Intermediate  int     `yaml:"intermediate" json:"intermediate"`
	Vocab         int     `yaml:"vocab" json:"vocab"`
	// TiedEmbeddings: the output layer shares the input embedding.
	TiedEmbeddings bool `yaml:"tied_embeddings,omitempty" json:"tied_embeddings,omitempty"`
	MaxContext     int  `yaml:"max_context" json:"max_context"`
	// MoE: routed experts, experts per token, and the experts' own
	// intermediate size when it differs from Intermediate.
	Experts         int `yaml:"experts,omitempty" json:"experts,omitempty"`
	ExpertsPerToken int `yaml:"experts_per_token,omitempty" json:"experts_per_token,omitempty"`
	MoEIntermediate int `yaml:"moe_intermediate,omitempty" json:"moe_intermediate,omitempty"`
	// MLA (multi-head latent attention) caches KVLoraRank + QKRopeHeadDim
	// values per layer instead of keys and values per head.
	KVLoraRank    int `yaml:"kv_lora_rank,omitempty" json:"kv_lora_rank,omitempty"`
	QKRopeHeadDim int `yaml:"qk_rope_head_dim,omitempty" json:"qk_rope_head_dim,omitempty"`
	// SlidingWindow, if set, caps the cache of SlidingLayers at that many
	// tokens.
	SlidingWindow int    `yaml:"sliding_window,omitempty" json:"sliding_window,omitempty"`
	SlidingLayers string `yaml:"sliding_layers,omitempty" json:"sliding_layers,omitempty"`
	// Quantization is the published checkpoint's weight format when its
	// config says it is quantised (QuantFP8, QuantMXFP4MoE, QuantINT4); "" when not
	// recorded. The engines size weights by the reader's chosen format and
	// do not read it yet.
	Quantization string `yaml:"quantization,omitempty" json:"quantization,omitempty"`
	Unconfirmed  bool   `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
	// Note says where the figures come from, in English; NoteDE says it
	// in German, which German pages show (NoteIn). The data needs both.
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
	NoteDE string `yaml:"note_de,omitempty" json:"note_de,omitempty"`
}

// NoteIn returns the model's note in the language of t.
func (m Model) NoteIn(t *msg.Catalog) string {
	if t.German() {
		return m.NoteDE
	}
	return m.Note
}

// WindowedLayers is how many of n consecutive layers cache at most
// SlidingWindow tokens: for a layout with one full-attention layer in every
// group of k, the layers that are not the k-th of their group.
func (m Model) WindowedLayers(n int) int {
	if m.SlidingWindow == 0 {
		return 0
	}
	k, ok := slidingLayouts[m.SlidingLayers]
	if !ok {
		return 0
	}
	if k == 0 {
		return n
	}
	return n - n/k
}

// MLA reports whether the model caches a compressed latent (DeepSeek).
func (m Model) MLA() bool { return m.KVLoraRank > 0 }

// Active returns the parameters one token uses, in billions.
func (m Model) Active() float64 {
	if m.ActiveParamsB > 0 {
		return m.ActiveParamsB
	}
	return m.ParamsB
}

// RoutedParams is the parameters of all routed experts: of P parameters,
// A active per token, with k of E experts per token, each expert holds
// x = (P - A) / (E - k), as P = shared + E x and A = shared + k x. 0 for
// a dense model.
func (m Model) RoutedParams() float64 {
	e, k := float64(m.Experts), float64(m.ExpertsPerToken)
	if m.Experts == 0 || e <= k {
		return 0
	}
	return e * (m.ParamsB - m.Active()) * 1e9 / (e - k)
}

// EmbeddingParams is the parameter count of the input embedding and the
// output layer (once when tied).
func (m Model) EmbeddingParams() float64 {
	e := float64(m.Vocab) * float64(m.Hidden)
	if !m.TiedEmbeddings {
		e *= 2
	}
	return e
}

// Catalog is the contents of the model data file.
type Catalog struct {
	Sources fact.Sources `yaml:"sources" json:"sources"`
	Models  []Model      `yaml:"models" json:"models"`
}

// Find returns the model with the given id.
func (c Catalog) Find(id string) (Model, bool) {
	for _, m := range c.Models {
		if m.ID == id {
			return m, true
		}
	}
	return Model{}, false
}

// Validate checks every row and returns all problems joined.
func (c Catalog) Validate() error {
	errs := c.Sources.Validate()
	seen := map[string]bool{}
	for i, m := range c.Models {
		entry := fmt.Sprintf("models[%d] %q", i, m.ID)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		if msg := fact.ID(m.ID); msg != "" {
			bad("id", "%s", msg)
		} else if seen[m.ID] {
			bad("id", "duplicate id")
		}
		if msg := fact.PlainText(m.Name); msg != "" {
			bad("name", "%s", msg)
		}
		seen[m.ID] = true
		if _, ok := c.Sources[m.Source]; !ok {
			bad("source", "unknown source %q", m.Source)
		}
		if _, err := time.Parse(time.DateOnly, m.AsOf); err != nil {
			bad("as_of", "want a date YYYY-MM-DD, got %q", m.AsOf)
		}
		if !(m.ParamsB > 0 && m.ParamsB <= 1e4) {
			bad("params_b", "%g is outside (0, 10000]", m.ParamsB)
		}
		if !(m.ActiveParamsB >= 0 && m.ActiveParamsB <= m.ParamsB) {
			bad("active_params_b", "%g must be within [0, params_b]", m.ActiveParamsB)
		}
		// Counts, required (from 1) or optional (from 0), up to sizes
		// far beyond any model's, so that a typing error fails here
		// rather than overflowing the memory arithmetic.
		for _, f := range []struct {
			name     string
			v        int
			min, max float64
		}{{"layers", m.Layers, 1, 1e4}, {"hidden", m.Hidden, 1, 1e6}, {"heads", m.Heads, 1, 1e4}, {"kv_heads", m.KVHeads, 1, 1e4},
			{"head_dim", m.HeadDim, 1, 1e4}, {"intermediate", m.Intermediate, 1, 1e7}, {"vocab", m.Vocab, 1, 1e7},
			{"max_context", m.MaxContext, 1, 1e8}, {"experts", m.Experts, 0, 1e4}, {"experts_per_token", m.ExpertsPerToken, 0, 1e4},
			{"moe_intermediate", m.MoEIntermediate, 0, 1e7}, {"kv_lora_rank", m.KVLoraRank, 0, 1e5},
			{"qk_rope_head_dim", m.QKRopeHeadDim, 0, 1e4}, {"sliding_window", m.SlidingWindow, 0, 1e8}} {
			if msg := fact.InRange(float64(f.v), f.min, f.max); msg != "" {
				bad(f.name, "%s", msg)
			}
		}
		if m.KVHeads > 0 && m.Heads%m.KVHeads != 0 {
			bad("kv_heads", "%d does not divide heads %d", m.KVHeads, m.Heads)
		}
		if (m.Experts > 0) != (m.ExpertsPerToken > 0) || m.ExpertsPerToken > m.Experts {
			bad("experts_per_token", "want 0 < experts_per_token <= experts for MoE models, or neither")
		}
		if (m.KVLoraRank > 0) != (m.QKRopeHeadDim > 0) {
			bad("kv_lora_rank", "MLA needs both kv_lora_rank and qk_rope_head_dim")
		}
		switch m.Quantization {
		case "", QuantFP8, QuantINT4:
		case QuantMXFP4MoE:
			if m.Experts == 0 {
				bad("quantization", "%q needs an MoE model", m.Quantization)
			}
		default:
			bad("quantization", "want %q, %q, %q or none, got %q", QuantFP8, QuantMXFP4MoE, QuantINT4, m.Quantization)
		}
		if _, known := slidingLayouts[m.SlidingLayers]; (m.SlidingWindow > 0) != known {
			bad("sliding_layers", "a sliding window needs sliding_layers %q, %q, %q or %q, and sliding_layers a window",
				SlidingAll, SlidingAlternate, SlidingThreeOfFour, SlidingFiveOfSix)
		}
	}
	return errors.Join(errs...)
}
