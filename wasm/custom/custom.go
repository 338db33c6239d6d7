// Package custom reads a custom model and a custom GPU from a scenario's fields,
// so that every calculator takes the same keys.
//
// The model's fields (m.*) are those of a config.json that the engines
// read; the GPU's (g.*) those of a datasheet. Each field starts at the
// calculator's base model or GPU, and a set of values that contradict one
// another (more KV heads than heads, say) is reported next to the field
// and replaced by the base's, which are consistent, so that the form shows
// what is used.
package custom

import (
	"strconv"

	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// ID is the model or GPU choice value meaning "the fields below".
const ID = "custom"

// Sections of the form that hold the custom fields.
const (
	ModelSection = "Custom model"
	GPUSection   = "Custom GPU"
)

// Use says whether a scenario uses the custom model and the custom GPU:
// whether some field chooses ID.
type Use struct{ Model, GPU bool }

// Apply resets the fields of what the scenario does not use to their
// defaults, so that its link keeps them only while they are in use.
func (u Use) Apply(r *scenario.Resolver) {
	if !u.Model {
		r.Ignore("m.")
	}
	if !u.GPU {
		r.Ignore("g.")
	}
}

// Groups are the form's fieldsets of the custom fields (keys m.* and
// g.*), hidden while not in use so that they push neither the results
// nor the other fields down.
func (u Use) Groups() []view.Group {
	return []view.Group{{Key: "m", Title: ModelSection, Hidden: !u.Model}, {Key: "g", Title: GPUSection, Hidden: !u.GPU}}
}

const (
	nvidia    = "NVIDIA"
	customGPU = "Custom GPU"
)

var fp4Choices = []scenario.Choice{{Value: "nvfp4", Label: "NVFP4 (NVIDIA)"}, {Value: "mxfp4", Label: "MXFP4 (OCP, AMD)"}}

// fp4Format is the FP4 format g runs. The engines run FP4 as NVFP4 on
// NVIDIA's GPUs and as MXFP4 on others (perfview.WeightFormat), so a
// custom GPU's format sets its vendor.
func fp4Format(g gpu.GPU) string {
	if g.Vendor == nvidia {
		return "nvfp4"
	}
	return "mxfp4"
}

// Choices of the model fields m.tie and m.swl, m.q.
var (
	tiedChoices    = []scenario.Choice{{Value: "0", Label: "No: a separate output layer"}, {Value: "1", Label: "Yes: the output layer is the embedding"}}
	slidingChoices = []scenario.Choice{
		{Value: model.SlidingAll, Label: "Every layer"},
		{Value: model.SlidingAlternate, Label: "Every other layer"},
		{Value: model.SlidingThreeOfFour, Label: "Three layers in four"},
		{Value: model.SlidingFiveOfSix, Label: "Five layers in six"},
	}
	quantChoices = []scenario.Choice{
		{Value: "", Label: "BF16 or not recorded"},
		{Value: model.QuantFP8, Label: "FP8 throughout"},
		{Value: model.QuantMXFP4MoE, Label: "MXFP4 experts, the rest BF16"},
		{Value: model.QuantINT4, Label: "INT4 groups (AWQ, GPTQ)"},
	}
)

// Model reads the m.* keys; each defaults to base's figure. The model is
// named by m.hf when the fields came from Hugging Face.
func Model(r *scenario.Resolver, base model.Model) model.Model {
	num := func(key, label, unit, help string, v, min, max float64) float64 {
		return r.Number(scenario.Field{Key: "m." + key, Label: label, Unit: unit, Section: ModelSection, Min: min, Max: max,
			Default: scenario.FormatNumber(v), Help: help})
	}
	count := func(key, label, help string, v, min, max int) int {
		return int(num(key, label, "", help, float64(v), float64(min), float64(max)))
	}
	choice := func(key, label, help, v string, cs []scenario.Choice) string {
		return r.Choice(scenario.Field{Key: "m." + key, Label: label, Section: ModelSection, Default: v, Choices: cs, Help: help})
	}
	m := model.Model{ID: ID, Name: "Custom model"}
	m.ParamsB = num("p", "Parameters", "billions", "All parameters, every expert of an MoE model included.", base.ParamsB, 0.01, 10000)
	m.ActiveParamsB = num("ap", "Active parameters", "billions per token",
		"What one token uses in an MoE model; 0 means all parameters.", base.ActiveParamsB, 0, 10000)
	m.Layers = count("l", "Layers", "num_hidden_layers.", base.Layers, 1, 1000)
	m.Heads = count("heads", "Attention heads", "num_attention_heads; the tensor-parallel degree must divide it.", base.Heads, 1, 1024)
	m.KVHeads = count("kvh", "KV heads", "num_key_value_heads (equal to the heads without GQA).", base.KVHeads, 1, 1024)
	m.HeadDim = count("hd", "Head dimension", "head_dim, usually hidden size / heads.", base.HeadDim, 1, 4096)
	m.Hidden = count("hid", "Hidden size", "hidden_size; sizes activations.", base.Hidden, 1, 1<<17)
	m.Intermediate = count("i", "Intermediate size", "intermediate_size of the MLP; sizes activations.", base.Intermediate, 1, 1<<20)
	m.Vocab = count("v", "Vocabulary", "vocab_size; sizes the embeddings and the sampler's memory.", base.Vocab, 1, 1<<22)
	m.MaxContext = count("ctx", "Maximum context", "max_position_embeddings, in tokens.", base.MaxContext, 1, 1e8)
	m.TiedEmbeddings = choice("tie", "Tied embeddings", "tie_word_embeddings.", flag(base.TiedEmbeddings), tiedChoices) == "1"
	m.Experts = count("e", "Routed experts", "n_routed_experts or num_local_experts; 0 for a dense model.", base.Experts, 0, 4096)
	m.ExpertsPerToken = count("ept", "Experts per token", "num_experts_per_tok (MoE only).", base.ExpertsPerToken, 0, 4096)
	m.MoEIntermediate = count("mi", "Expert intermediate size", "moe_intermediate_size (MoE only); 0 means the intermediate size.",
		base.MoEIntermediate, 0, 1<<20)
	m.KVLoraRank = count("kvr", "MLA KV rank", "kv_lora_rank of multi-head latent attention; 0 without MLA.", base.KVLoraRank, 0, 1<<16)
	m.QKRopeHeadDim = count("rope", "MLA RoPE dimension", "qk_rope_head_dim (MLA only).", base.QKRopeHeadDim, 0, 4096)
	m.SlidingWindow = count("sw", "Sliding window", "sliding_window, in tokens; 0 if every layer attends to all tokens.",
		base.SlidingWindow, 0, 1e8)
	swl := base.SlidingLayers
	if swl == "" {
		swl = model.SlidingAll
	}
	m.SlidingLayers = choice("swl", "Layers with the window", "Which layers attend only to the window (sliding window only).", swl, slidingChoices)
	m.Quantization = choice("q", "Published weight format", "What the checkpoint's quantization_config says.", base.Quantization, quantChoices)
	if hf := r.Choice(scenario.Field{Key: "m.hf", Label: "Hugging Face id", Section: ModelSection, Name: true,
		Help: "The repository the fields came from; it only names the model."}); hf != "" {
		m.Name = hf + " (from Hugging Face)"
	}
	consistent(r, &m, base)
	return m
}

// flag writes a boolean as its choice value.
func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// consistent reports fields that contradict the others and falls back to
// base's values, which are consistent: first the dependent field's, then,
// while the contradiction remains, those of the fields it depends on.
func consistent(r *scenario.Resolver, m *model.Model, base model.Model) {
	type fallback struct {
		key, msg string
		v        *int
		base     int
	}
	fix := func(bad func() bool, fs ...fallback) {
		for _, f := range fs {
			if !bad() {
				return
			}
			r.Reject(f.key, f.msg)
			*f.v = f.base
		}
	}
	fix(func() bool { return m.Heads%m.KVHeads != 0 },
		fallback{"m.kvh", "The KV heads must divide the attention heads.", &m.KVHeads, base.KVHeads},
		fallback{"m.heads", "The attention heads must be a multiple of the KV heads.", &m.Heads, base.Heads})
	if m.ActiveParamsB > m.ParamsB {
		r.Reject("m.ap", "The active parameters cannot exceed all parameters.")
		m.ActiveParamsB = base.ActiveParamsB
		if m.ActiveParamsB > m.ParamsB {
			r.Reject("m.p", "All parameters must be at least the active parameters.")
			m.ParamsB = base.ParamsB
		}
	}
	if m.Quantization == model.QuantMXFP4MoE && m.Experts == 0 {
		r.Reject("m.q", "MXFP4 experts need an MoE model.")
		m.Quantization = base.Quantization
		fix(func() bool { return m.Quantization == model.QuantMXFP4MoE && m.Experts == 0 },
			fallback{"m.e", "MXFP4 experts need an MoE model.", &m.Experts, base.Experts})
	}
	moe := "An MoE model routes each token to at least 1 and at most all of its routed experts."
	fix(func() bool { return m.Experts > 0 && (m.ExpertsPerToken < 1 || m.ExpertsPerToken > m.Experts) },
		fallback{"m.ept", moe, &m.ExpertsPerToken, base.ExpertsPerToken},
		fallback{"m.e", moe, &m.Experts, base.Experts})
	mla := "MLA needs a RoPE dimension from 1 to the head dimension."
	fix(func() bool { return m.KVLoraRank > 0 && (m.QKRopeHeadDim < 1 || m.QKRopeHeadDim > m.HeadDim) },
		fallback{"m.rope", mla, &m.QKRopeHeadDim, base.QKRopeHeadDim},
		fallback{"m.hd", mla, &m.HeadDim, base.HeadDim},
		fallback{"m.kvr", mla, &m.KVLoraRank, base.KVLoraRank})
	// A dense model has no MoE figures, a model without MLA or a window
	// none of those.
	if m.Experts == 0 {
		m.ExpertsPerToken, m.MoEIntermediate = 0, 0
	}
	if m.KVLoraRank == 0 {
		m.QKRopeHeadDim = 0
	}
	if m.SlidingWindow == 0 {
		m.SlidingLayers = ""
	}
}

// ModelQuery returns the m.* keys that make Model read m back, whatever
// the base: "m.p=8.03&m.ap=0&m.l=32&…". Keys that a model does not use
// (experts per token of a dense model) are left out.
func ModelQuery(m model.Model) string {
	var b []byte
	add := func(key, v string) {
		if len(b) > 0 {
			b = append(b, '&')
		}
		b = append(b, "m."+key+"="+scenario.QueryEscape(v)...)
	}
	n := func(key string, v int) { add(key, strconv.Itoa(v)) }
	add("p", scenario.FormatNumber(m.ParamsB))
	add("ap", scenario.FormatNumber(m.ActiveParamsB))
	n("l", m.Layers)
	n("heads", m.Heads)
	n("kvh", m.KVHeads)
	n("hd", m.HeadDim)
	n("hid", m.Hidden)
	n("i", m.Intermediate)
	n("v", m.Vocab)
	n("ctx", m.MaxContext)
	add("tie", flag(m.TiedEmbeddings))
	n("e", m.Experts)
	if m.Experts > 0 {
		n("ept", m.ExpertsPerToken)
		n("mi", m.MoEIntermediate)
	}
	n("kvr", m.KVLoraRank)
	if m.KVLoraRank > 0 {
		n("rope", m.QKRopeHeadDim)
	}
	n("sw", m.SlidingWindow)
	if m.SlidingWindow > 0 {
		add("swl", m.SlidingLayers)
	}
	add("q", m.Quantization)
	return string(b)
}

// GPUQuery returns the g.* keys that make GPU read g back, whatever the
// base.
func GPUQuery(g gpu.GPU) string {
	n := scenario.FormatNumber
	rate := func(f *gpu.Figure) string {
		if f == nil {
			return "0"
		}
		return n(f.Value)
	}
	q := "g.mem=" + n(g.MemoryGB.Value) + "&g.bw=" + n(g.BandwidthGBps.Value) + "&g.bf16=" + n(g.BF16DenseTFLOPS.Value) +
		"&g.fp8=" + rate(g.FP8DenseTFLOPS) + "&g.fp4=" + rate(g.FP4DenseTFLOPS) + "&g.fp4f=" + fp4Format(g) +
		"&g.link=" + n(g.Link.GBps.Value) + "&g.tdp=" + n(g.TDPW.Value)
	if g.ID == ID && g.Name != customGPU {
		q += "&g.name=" + scenario.QueryEscape(g.Name)
	}
	return q
}

// GPU reads the g.* keys; each defaults to base's figure (the H100 SXM's
// on every calculator). A rate of 0 means the GPU lacks that format.
func GPU(r *scenario.Resolver, base gpu.GPU) gpu.GPU {
	num := func(key, label, unit, help string, f *gpu.Figure, min, max float64) float64 {
		v := 0.0
		if f != nil {
			v = f.Value
		}
		return r.Number(scenario.Field{Key: "g." + key, Label: label, Unit: unit, Section: GPUSection, Min: min, Max: max,
			Default: scenario.FormatNumber(v), Help: help})
	}
	rate := func(key, label string, f *gpu.Figure, max float64) *gpu.Figure {
		if v := num(key, label, "TFLOPS", "Dense tensor rate, without sparsity; 0 if the GPU lacks the format.", f, 0, max); v > 0 {
			return &gpu.Figure{Value: v}
		}
		return nil
	}
	g := gpu.GPU{ID: ID, Name: customGPU, Link: gpu.Link{Kind: "custom"}}
	g.MemoryGB.Value = num("mem", "Memory", "GB", "The datasheet's memory per GPU.", &base.MemoryGB, 1, 2048)
	g.BandwidthGBps.Value = num("bw", "Memory bandwidth", "GB/s", "The datasheet's memory bandwidth.", &base.BandwidthGBps, 10, 100000)
	g.BF16DenseTFLOPS.Value = num("bf16", "BF16 rate", "TFLOPS", "Dense BF16 tensor rate, without sparsity.", &base.BF16DenseTFLOPS, 1, 100000)
	g.FP8DenseTFLOPS = rate("fp8", "FP8 rate", base.FP8DenseTFLOPS, 200000)
	g.FP4DenseTFLOPS = rate("fp4", "FP4 rate", base.FP4DenseTFLOPS, 400000)
	if r.Choice(scenario.Field{Key: "g.fp4f", Label: "FP4 format", Section: GPUSection, Default: fp4Format(base), Choices: fp4Choices,
		Help: "The 4-bit format the tensor cores run: NVIDIA's NVFP4, or the OCP's MXFP4 (AMD)."}) == "nvfp4" {
		g.Vendor = nvidia
	}
	g.Link.GBps.Value = num("link", "Interconnect", "GB/s", "GPU-to-GPU bandwidth, both directions added.", &base.Link.GBps, 1, 100000)
	g.TDPW.Value = num("tdp", "Power", "W", "Board power at load (TDP).", &base.TDPW, 10, 5000)
	if name := r.Choice(scenario.Field{Key: "g.name", Label: "Name", Section: GPUSection, Name: true,
		Help: "A label for the results; optional."}); name != "" {
		g.Name = name
	}
	return g
}
