// Package custom reads a custom model and a custom GPU from a scenario's fields,
// so that every calculator takes the same keys.
//
// The model's fields (m.*) are those of a config.json that the engines
// read; the GPU's (g.*) those of a datasheet. Each field starts at the
// calculator's base model or GPU, and a set of values that contradict one
// another (more KV heads than heads, say) is reported next to the field
// and replaced by the base's, which are consistent, so that the form shows
// what is used.
//
// A name given to them (g.name, m.hf) may be a real product's, on figures
// the link typed in, so it always reads as custom ("Custom GPU “H100”",
// German "Eigene GPU „H100“") wherever it appears: headline, tables,
// charts, exports, API, link previews and cards (TestCustomNamesSayCustom).
package custom

import (
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// ID is the model or GPU choice value meaning "the fields below".
const ID = "custom"

// Sections of the form that hold the custom fields.
const (
	ModelSection = "custom.model"
	GPUSection   = "custom.gpu"
)

// The names of a custom model and GPU that were given a name (m.hf,
// g.name): a name typed into a link may be a real product's, and the
// figures are the link's, so the name says that it is a custom one
// wherever it appears.
const (
	namedModel = "custom.m.named"
	namedGPU   = "custom.g.named"
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
func (u Use) Groups(t *msg.Catalog) []view.Group {
	return []view.Group{{Key: "m", Title: t.T(ModelSection), Hidden: !u.Model}, {Key: "g", Title: t.T(GPUSection), Hidden: !u.GPU}}
}

const (
	nvidia = "NVIDIA"
)

var fp4Choices = []scenario.Choice{{Value: "nvfp4", Label: "NVFP4 (NVIDIA)"}, {Value: "mxfp4", Label: "MXFP4 (OCP, AMD)"}}

// fp4Format is the FP4 format g runs. The engines run FP4 as NVFP4 on
// NVIDIA's GPUs and as MXFP4 on others (serving.WeightFormat), so a
// custom GPU's format sets its vendor.
func fp4Format(g gpu.GPU) string {
	if g.Vendor == nvidia {
		return "nvfp4"
	}
	return "mxfp4"
}

// Choices of the model fields m.tie and m.swl, m.q, in the language of t.
func tiedChoices(t *msg.Catalog) []scenario.Choice {
	return []scenario.Choice{{Value: "0", Label: t.T("custom.tie.no")}, {Value: "1", Label: t.T("custom.tie.yes")}}
}

func slidingChoices(t *msg.Catalog) []scenario.Choice {
	return []scenario.Choice{
		{Value: model.SlidingAll, Label: t.T("custom.swl.all")},
		{Value: model.SlidingAlternate, Label: t.T("custom.swl.alternate")},
		{Value: model.SlidingThreeOfFour, Label: t.T("custom.swl.three")},
		{Value: model.SlidingFiveOfSix, Label: t.T("custom.swl.five")},
	}
}

func quantChoices(t *msg.Catalog) []scenario.Choice {
	return []scenario.Choice{
		{Value: "", Label: t.T("custom.q.bf16")},
		{Value: model.QuantFP8, Label: t.T("custom.q.fp8")},
		{Value: model.QuantMXFP4MoE, Label: t.T("custom.q.mxfp4")},
		{Value: model.QuantINT4, Label: t.T("custom.q.int4")},
	}
}

// Model reads the m.* keys; each defaults to base's figure. The model is
// named after m.hf, the Hugging Face id the fields were read from, as a
// custom model.
func Model(r *scenario.Resolver, base model.Model) model.Model {
	t := r.M
	// label, unit and help are keys of the catalogs ("" for no unit).
	num := func(key, label, unit, help string, v, min, max float64) float64 {
		if unit != "" {
			unit = t.T(unit)
		}
		return r.Number(scenario.Field{Key: "m." + key, Label: t.T(label), Unit: unit, Section: t.T(ModelSection), Min: min, Max: max,
			Default: scenario.FormatNumber(v), Help: t.T(help)})
	}
	count := func(key, label, help string, v, min, max int) int {
		return int(num(key, label, "", help, float64(v), float64(min), float64(max)))
	}
	choice := func(key, label, help, v string, cs []scenario.Choice) string {
		return r.Choice(scenario.Field{Key: "m." + key, Label: t.T(label), Section: t.T(ModelSection), Default: v, Choices: cs, Help: t.T(help)})
	}
	m := model.Model{ID: ID, Name: t.T(ModelSection)}
	m.ParamsB = num("p", "custom.m.p", "custom.unit.billions", "custom.m.p_help", base.ParamsB, 0.01, 10000)
	m.ActiveParamsB = num("ap", "custom.m.ap", "custom.unit.billions_token",
		"custom.m.ap_help", base.ActiveParamsB, 0, 10000)
	m.Layers = count("l", "custom.m.l", "custom.m.l_help", base.Layers, 1, 1000)
	m.Heads = count("heads", "custom.m.heads", "custom.m.heads_help", base.Heads, 1, 1024)
	m.KVHeads = count("kvh", "custom.m.kvh", "custom.m.kvh_help", base.KVHeads, 1, 1024)
	m.HeadDim = count("hd", "custom.m.hd", "custom.m.hd_help", base.HeadDim, 1, 4096)
	m.Hidden = count("hid", "custom.m.hid", "custom.m.hid_help", base.Hidden, 1, 1<<17)
	m.Intermediate = count("i", "custom.m.i", "custom.m.i_help", base.Intermediate, 1, 1<<20)
	m.Vocab = count("v", "custom.m.v", "custom.m.v_help", base.Vocab, 1, 1<<22)
	m.MaxContext = count("ctx", "custom.m.ctx", "custom.m.ctx_help", base.MaxContext, 1, 1e8)
	m.TiedEmbeddings = choice("tie", "custom.m.tie", "custom.m.tie_help", flag(base.TiedEmbeddings), tiedChoices(t)) == "1"
	m.Experts = count("e", "custom.m.e", "custom.m.e_help", base.Experts, 0, 4096)
	m.ExpertsPerToken = count("ept", "custom.m.ept", "custom.m.ept_help", base.ExpertsPerToken, 0, 4096)
	m.MoEIntermediate = count("mi", "custom.m.mi", "custom.m.mi_help",
		base.MoEIntermediate, 0, 1<<20)
	m.KVLoraRank = count("kvr", "custom.m.kvr", "custom.m.kvr_help", base.KVLoraRank, 0, 1<<16)
	m.QKRopeHeadDim = count("rope", "custom.m.rope", "custom.m.rope_help", base.QKRopeHeadDim, 0, 4096)
	m.SlidingWindow = count("sw", "custom.m.sw", "custom.m.sw_help",
		base.SlidingWindow, 0, 1e8)
	swl := base.SlidingLayers
	if swl == "" {
		swl = model.SlidingAll
	}
	m.SlidingLayers = choice("swl", "custom.m.swl", "custom.m.swl_help", swl, slidingChoices(t))
	m.Quantization = choice("q", "custom.m.q", "custom.m.q_help", base.Quantization, quantChoices(t))
	if hf := r.Choice(scenario.Field{Key: "m.hf", Label: t.T("custom.m.hf"), Section: t.T(ModelSection), Name: true,
		Help: t.T("custom.m.hf_help")}); hf != "" {
		m.Name = t.F(namedModel, "id", hf)
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
	t := r.M
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
		fallback{"m.kvh", t.T("custom.err.kvh"), &m.KVHeads, base.KVHeads},
		fallback{"m.heads", t.T("custom.err.heads"), &m.Heads, base.Heads})
	if m.ActiveParamsB > m.ParamsB {
		r.Reject("m.ap", t.T("custom.err.ap"))
		m.ActiveParamsB = base.ActiveParamsB
		if m.ActiveParamsB > m.ParamsB {
			r.Reject("m.p", t.T("custom.err.p"))
			m.ParamsB = base.ParamsB
		}
	}
	if m.Quantization == model.QuantMXFP4MoE && m.Experts == 0 {
		r.Reject("m.q", t.T("custom.err.mxfp4"))
		m.Quantization = base.Quantization
		fix(func() bool { return m.Quantization == model.QuantMXFP4MoE && m.Experts == 0 },
			fallback{"m.e", t.T("custom.err.mxfp4"), &m.Experts, base.Experts})
	}
	moe := t.T("custom.err.moe")
	fix(func() bool { return m.Experts > 0 && (m.ExpertsPerToken < 1 || m.ExpertsPerToken > m.Experts) },
		fallback{"m.ept", moe, &m.ExpertsPerToken, base.ExpertsPerToken},
		fallback{"m.e", moe, &m.Experts, base.Experts})
	mla := t.T("custom.err.mla")
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
// base; t is the language of the page that read g, whose default name
// of a custom GPU the query leaves out.
func GPUQuery(t *msg.Catalog, g gpu.GPU) string {
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
	if name := typedName(t, g); name != "" {
		q += "&g.name=" + scenario.QueryEscape(name)
	}
	return q
}

// typedName returns the name typed into g.name for a custom GPU g read
// by a page in the language of t, "" for none: GPU keeps only the name
// marked as custom, the typed one between the mark's two parts.
func typedName(t *msg.Catalog, g gpu.GPU) string {
	if g.ID != ID {
		return ""
	}
	before, after, _ := strings.Cut(t.T(namedGPU), "{name}")
	if name, ok := strings.CutPrefix(g.Name, before); ok {
		if name, ok := strings.CutSuffix(name, after); ok {
			return name
		}
	}
	return ""
}

// GPU reads the g.* keys; each defaults to base's figure (the H100 SXM's
// on every calculator). A rate of 0 means the GPU lacks that format.
func GPU(r *scenario.Resolver, base gpu.GPU) gpu.GPU {
	t := r.M
	// label and help are keys of the catalogs.
	num := func(key, label, unit, help string, f *gpu.Figure, min, max float64) float64 {
		v := 0.0
		if f != nil {
			v = f.Value
		}
		return r.Number(scenario.Field{Key: "g." + key, Label: t.T(label), Unit: unit, Section: t.T(GPUSection), Min: min, Max: max,
			Default: scenario.FormatNumber(v), Help: t.T(help)})
	}
	rate := func(key, label string, f *gpu.Figure, max float64) *gpu.Figure {
		if v := num(key, label, "TFLOPS", "custom.g.rate_help", f, 0, max); v > 0 {
			return &gpu.Figure{Value: v}
		}
		return nil
	}
	g := gpu.GPU{ID: ID, Name: t.T(GPUSection), Link: gpu.Link{Kind: "custom"}}
	g.MemoryGB.Value = num("mem", "custom.g.mem", "GB", "custom.g.mem_help", &base.MemoryGB, 1, 2048)
	g.BandwidthGBps.Value = num("bw", "custom.g.bw", "GB/s", "custom.g.bw_help", &base.BandwidthGBps, 10, 100000)
	g.BF16DenseTFLOPS.Value = num("bf16", "custom.g.bf16", "TFLOPS", "custom.g.bf16_help", &base.BF16DenseTFLOPS, 1, 100000)
	g.FP8DenseTFLOPS = rate("fp8", "custom.g.fp8", base.FP8DenseTFLOPS, 200000)
	g.FP4DenseTFLOPS = rate("fp4", "custom.g.fp4", base.FP4DenseTFLOPS, 400000)
	if r.Choice(scenario.Field{Key: "g.fp4f", Label: t.T("custom.g.fp4f"), Section: t.T(GPUSection), Default: fp4Format(base), Choices: fp4Choices,
		Help: t.T("custom.g.fp4f_help")}) == "nvfp4" {
		g.Vendor = nvidia
	}
	g.Link.GBps.Value = num("link", "custom.g.link", "GB/s", "custom.g.link_help", &base.Link.GBps, 1, 100000)
	g.TDPW.Value = num("tdp", "custom.g.tdp", "W", "custom.g.tdp_help", &base.TDPW, 10, 5000)
	if name := r.Choice(scenario.Field{Key: "g.name", Label: t.T("custom.g.name"), Section: t.T(GPUSection), Name: true,
		Help: t.T("custom.g.name_help")}); name != "" {
		g.Name = t.F(namedGPU, "name", name)
	}
	return g
}
