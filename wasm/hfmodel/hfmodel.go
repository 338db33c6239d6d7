// Package hfmodel reads a Hugging Face checkpoint's config.json into a
// model.Model: the architecture figures memory and speed depend on, and
// the parameter count worked out from them (embeddings, attention with its
// biases and MLA projections, dense and expert MLPs, shared experts,
// routers and norms), for the architectures whose layout it knows. The
// reader's browser fetches the file; this package only reads bytes, so it
// runs the same natively and in the browser module (no encoding/json, no
// fmt).
package hfmodel

import (
	"errors"
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/jsonread"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
)

// family is how an architecture lays out its layers.
type family int

const (
	llamaLike   family = iota // Llama, Mistral, Qwen2, Qwen3, Phi-3: GQA attention, gated MLP
	mixtralLike               // the same attention, every layer MoE with a bias-free router
	deepseek                  // MLA attention, first layers dense, MoE with shared experts
	gemma                     // GQA attention, four norms a layer, tied embeddings by default
	gptOSS                    // biased attention with sinks, MoE with biased experts and router
)

// architectures maps config.json's "architectures" entry to its layout.
var architectures = map[string]family{
	"LlamaForCausalLM": llamaLike, "MistralForCausalLM": llamaLike, "Qwen2ForCausalLM": llamaLike,
	"Qwen3ForCausalLM": llamaLike, "Phi3ForCausalLM": llamaLike,
	"MixtralForCausalLM": mixtralLike, "Qwen3MoeForCausalLM": mixtralLike,
	"DeepseekV2ForCausalLM": deepseek, "DeepseekV3ForCausalLM": deepseek,
	"Gemma2ForCausalLM": gemma, "Gemma3ForCausalLM": gemma, "Gemma3ForConditionalGeneration": gemma,
	"GptOssForCausalLM": gptOSS,
}

// modelTypes maps config.json's "model_type", read when a copy of the
// file lacks "architectures" (as configs passed to transformers' config
// classes do).
var modelTypes = map[string]family{
	"llama": llamaLike, "mistral": llamaLike, "qwen2": llamaLike, "qwen3": llamaLike, "phi3": llamaLike,
	"mixtral": mixtralLike, "qwen3_moe": mixtralLike, "deepseek_v2": deepseek, "deepseek_v3": deepseek,
	"gemma2": gemma, "gemma3": gemma, "gemma3_text": gemma, "gpt_oss": gptOSS,
}

// maxCount bounds every count read, far beyond any model's, so that the
// parameter arithmetic stays exact in float64 and the engines' loops
// bounded.
const maxCount = 1e7

// config is a parsed config.json. Multimodal checkpoints (Gemma 3) keep the
// language model's fields under text_config; those are read first.
type config struct {
	text, root map[string]any
	prefix     string // "text_config." when text is nested
	t          *msg.Catalog
}

// fail returns an error with the message of key, its placeholders filled
// from args (msg.Catalog.F).
func (c config) fail(key string, args ...string) error { return errors.New(c.t.F(key, args...)) }

// Read maps a checkpoint's config.json to a model.Model with its parameter
// count (total and, for MoE models, active per token). index is the
// checkpoint's model.safetensors.index.json, or nil: its
// metadata.total_size is compared with the count, and a disagreement of
// more than 5 % is said in the model's Note (vision towers and
// multi-token-prediction layers, which the count leaves out, explain most).
// An architecture it does not know, or a field missing or out of range,
// is an error naming the field.
func Read(configJSON, index []byte) (model.Model, error) {
	return ReadIn(msg.English, configJSON, index)
}

// ReadIn is Read with its errors and the model's Note in the language of
// t.
func ReadIn(t *msg.Catalog, configJSON, index []byte) (model.Model, error) {
	c := config{t: t}
	v, err := jsonread.Parse(configJSON)
	if err != nil {
		offset := 0
		if se, ok := err.(*jsonread.SyntaxError); ok {
			offset = se.Offset
		}
		return model.Model{}, c.fail("hf.err.json", "offset", strconv.Itoa(offset))
	}
	root, ok := v.(map[string]any)
	if !ok {
		return model.Model{}, c.fail("hf.err.object")
	}
	c.text, c.root = root, root
	if t, ok := root["text_config"].(map[string]any); ok {
		c.text, c.prefix = t, "text_config."
	}
	var fam family
	var known bool
	if archs, ok := root["architectures"].([]any); ok && len(archs) > 0 {
		arch, _ := archs[0].(string)
		if fam, known = architectures[arch]; !known {
			return model.Model{}, c.fail("hf.err.arch", "name", strconv.Quote(arch))
		}
	} else if mt, ok := root["model_type"].(string); ok {
		if fam, known = modelTypes[mt]; !known {
			return model.Model{}, c.fail("hf.err.unsupported", "field", "model_type", "value", strconv.Quote(mt))
		}
	} else {
		return model.Model{}, c.fail("hf.err.missing", "field", "architectures")
	}
	m, err := c.read(fam)
	if err != nil {
		return model.Model{}, err
	}
	if index != nil {
		m.Note = c.crossCheck(index, m)
	}
	return m, nil
}

// read fills the model's fields and counts its parameters.
func (c config) read(fam family) (model.Model, error) {
	var errs []error
	need := func(name string) int {
		n, err := c.count(name, true, 1)
		errs = append(errs, err)
		return n
	}
	opt := func(name string, def int) int {
		n, err := c.count(name, false, def)
		errs = append(errs, err)
		return n
	}
	m := model.Model{
		Layers: need("num_hidden_layers"), Hidden: need("hidden_size"), Heads: need("num_attention_heads"),
		KVHeads: need("num_key_value_heads"), Intermediate: need("intermediate_size"), Vocab: need("vocab_size"),
		MaxContext: need("max_position_embeddings"),
	}
	if err := errors.Join(errs...); err != nil {
		return model.Model{}, err
	}
	if m.HeadDim = opt("head_dim", 0); m.HeadDim == 0 {
		m.HeadDim = m.Hidden / m.Heads
	}
	m.TiedEmbeddings = c.flag("tie_word_embeddings", fam == gemma)
	if m.Heads%m.KVHeads != 0 {
		return model.Model{}, c.fail("hf.err.kv_heads", "field", c.prefix+"num_key_value_heads", "kv", strconv.Itoa(m.KVHeads),
			"heads", strconv.Itoa(m.Heads))
	}
	var p params
	switch fam {
	case llamaLike, gemma:
		p = c.dense(m, fam)
	case mixtralLike:
		m.Experts = c.firstCount(&errs, "num_local_experts", "num_experts")
		m.ExpertsPerToken = need("num_experts_per_tok")
		m.MoEIntermediate = opt("moe_intermediate_size", 0)
		p = c.mixtral(m)
	case deepseek:
		p = c.deepseek(&m, &errs)
	case gptOSS:
		m.Experts = need("num_local_experts")
		m.ExpertsPerToken = need("num_experts_per_tok")
		p = c.gptOSS(m)
	}
	if err := errors.Join(errs...); err != nil {
		return model.Model{}, err
	}
	if m.Experts > 0 && m.ExpertsPerToken > m.Experts {
		return model.Model{}, c.fail("hf.err.experts", "field", c.prefix+"num_experts_per_tok")
	}
	if err := c.sliding(&m); err != nil {
		return model.Model{}, err
	}
	q, err := c.quantization(m)
	if err != nil {
		return model.Model{}, err
	}
	m.Quantization = q
	m.ParamsB = p.total / 1e9
	if m.Experts > 0 {
		m.ActiveParamsB = p.active / 1e9
	}
	return m, nil
}

// params counts parameters: all of them, and those one token uses.
type params struct{ total, active float64 }

// add counts a part every token uses.
func (p *params) add(n float64) { p.total += n; p.active += n }

// experts counts n experts of size each, of which k serve a token.
func (p *params) experts(n, k int, each float64) {
	p.total += float64(n) * each
	p.active += float64(k) * each
}

// embeddings counts the input embedding, the output layer unless tied, and
// the final norm. A token reads one row of the input embedding, so an MoE
// model's active count leaves it out (as DeepSeek's 36.6B and gpt-oss's
// 3.6B do); the output layer, which every token multiplies by, stays in.
func (p *params) embeddings(m model.Model) {
	output := float64(m.Vocab)*float64(m.Hidden) + float64(m.Hidden)
	p.total += m.EmbeddingParams() + float64(m.Hidden)
	p.active += output
}

// gqa counts one layer's query, key, value and output projections.
func gqa(m model.Model) float64 {
	h, q, kv := float64(m.Hidden), float64(m.Heads*m.HeadDim), float64(m.KVHeads*m.HeadDim)
	return h*q + 2*h*kv + q*h
}

// gatedMLP counts a gate, up and down projection of width inter.
func gatedMLP(hidden, inter int) float64 { return 3 * float64(hidden) * float64(inter) }

// dense counts a model whose every layer has GQA attention and a gated MLP
// (Llama, Mistral, Qwen2/3, Phi-3, Gemma 2/3).
func (c config) dense(m model.Model, fam family) params {
	var p params
	p.embeddings(m)
	layer := gqa(m) + gatedMLP(m.Hidden, m.Intermediate) + 2*float64(m.Hidden)
	if fam == gemma {
		layer += 2 * float64(m.Hidden) // pre- and post-feedforward norms
	}
	if c.flag("attention_bias", c.root["model_type"] == "qwen2") {
		layer += float64(m.Heads*m.HeadDim + 2*m.KVHeads*m.HeadDim) // q, k, v biases
	}
	if qkNorm(c.text) {
		layer += 2 * float64(m.HeadDim)
	}
	p.add(float64(m.Layers) * layer)
	return p
}

// qkNorm reports whether each layer normalises queries and keys per head
// (Qwen3 and Gemma 3, whose configs do not say so but whose model types
// do).
func qkNorm(text map[string]any) bool {
	switch text["model_type"] {
	case "qwen3", "qwen3_moe", "gemma3_text", "gemma3":
		return true
	}
	return false
}

// mixtral counts a model whose every layer routes to experts through a
// bias-free router (Mixtral, Qwen3-MoE).
func (c config) mixtral(m model.Model) params {
	var p params
	p.embeddings(m)
	inter := m.MoEIntermediate
	if inter == 0 {
		inter = m.Intermediate
	}
	attn := gqa(m) + 2*float64(m.Hidden)
	if qkNorm(c.text) {
		attn += 2 * float64(m.HeadDim)
	}
	// Qwen's MoE configs may keep some layers dense: those listed in
	// mlp_only_layers, and all but every decoder_sparse_step-th.
	step, _ := c.count("decoder_sparse_step", false, 1)
	dense := map[int]bool{}
	if list, ok := c.text["mlp_only_layers"].([]any); ok {
		for _, v := range list {
			if f, ok := v.(float64); ok {
				dense[int(f)] = true
			}
		}
	}
	for i := range m.Layers {
		p.add(attn)
		if dense[i] || step > 1 && (i+1)%step != 0 {
			p.add(gatedMLP(m.Hidden, m.Intermediate))
			continue
		}
		p.add(float64(m.Hidden * m.Experts)) // the router
		p.experts(m.Experts, m.ExpertsPerToken, gatedMLP(m.Hidden, inter))
	}
	return p
}

// deepseek reads DeepSeek V2/V3's MLA and MoE fields and counts the main
// model; the multi-token-prediction layers (num_nextn_predict_layers),
// used only for speculative decoding, are left out, as the model cards'
// 671B does.
func (c config) deepseek(m *model.Model, errs *[]error) params {
	get := func(name string, required bool, def int) int {
		n, err := c.count(name, required, def)
		*errs = append(*errs, err)
		return n
	}
	m.KVLoraRank = get("kv_lora_rank", true, 0)
	m.QKRopeHeadDim = get("qk_rope_head_dim", true, 0)
	nope := get("qk_nope_head_dim", true, 0)
	vDim := get("v_head_dim", true, 0)
	qRank := get("q_lora_rank", false, 0) // null in V2-Lite: queries projected directly
	m.Experts = get("n_routed_experts", false, 0)
	shared := get("n_shared_experts", false, 0)
	m.MoEIntermediate = get("moe_intermediate_size", m.Experts > 0, 0)
	firstDense := get("first_k_dense_replace", false, 0)
	freq := get("moe_layer_freq", false, 1) // V2: every freq-th layer after the dense ones is MoE
	if m.Experts > 0 {
		m.ExpertsPerToken = get("num_experts_per_tok", true, 0)
	}
	m.HeadDim = vDim // the catalog's head_dim for MLA models: what attention reads per head
	h, heads := float64(m.Hidden), float64(m.Heads)
	qk := float64(nope + m.QKRopeHeadDim)
	var attn float64
	if qRank > 0 {
		attn = h*float64(qRank) + float64(qRank) + float64(qRank)*heads*qk // q_a, its norm, q_b
	} else {
		attn = h * heads * qk
	}
	attn += h*float64(m.KVLoraRank+m.QKRopeHeadDim) + float64(m.KVLoraRank) // kv_a and its norm
	attn += float64(m.KVLoraRank) * heads * float64(nope+vDim)              // kv_b
	attn += heads * float64(vDim) * h                                       // o
	attn += 2 * h                                                           // layer norms
	var p params
	p.embeddings(*m)
	for i := range m.Layers {
		p.add(attn)
		if m.Experts == 0 || i < firstDense || freq > 1 && i%freq != 0 {
			p.add(gatedMLP(m.Hidden, m.Intermediate))
			continue
		}
		p.add(float64(shared)*gatedMLP(m.Hidden, m.MoEIntermediate) + h*float64(m.Experts))
		if c.text["topk_method"] == "noaux_tc" {
			p.add(float64(m.Experts)) // V3's expert score correction bias
		}
		p.experts(m.Experts, m.ExpertsPerToken, gatedMLP(m.Hidden, m.MoEIntermediate))
	}
	return p
}

// gptOSS counts gpt-oss: attention with biases on every projection and a
// learned sink per head, a biased router, and experts whose projections
// carry biases.
func (c config) gptOSS(m model.Model) params {
	var p params
	p.embeddings(m)
	q, kv := m.Heads*m.HeadDim, m.KVHeads*m.HeadDim
	attn := gqa(m) + float64(q+2*kv+m.Hidden) + float64(m.Heads) + 2*float64(m.Hidden)
	router := float64(m.Hidden*m.Experts + m.Experts)
	expert := gatedMLP(m.Hidden, m.Intermediate) + float64(2*m.Intermediate+m.Hidden)
	for range m.Layers {
		p.add(attn + router)
		p.experts(m.Experts, m.ExpertsPerToken, expert)
	}
	return p
}

// sliding reads which layers attend to a window of recent tokens: all
// (Mistral, Phi-3), every other (Gemma 2), or as layer_types or
// sliding_window_pattern list them (Gemma 3, gpt-oss).
func (c config) sliding(m *model.Model) error {
	window, err := c.count("sliding_window", false, 0)
	if err != nil || window == 0 || window >= m.MaxContext || !c.flag("use_sliding_window", true) {
		return err
	}
	layout := model.SlidingAll
	if c.text["model_type"] == "gemma2" {
		layout = model.SlidingAlternate
	}
	if pattern, err := c.count("sliding_window_pattern", false, 0); err != nil {
		return err
	} else if pattern > 0 {
		if layout, err = c.layout(pattern); err != nil {
			return err
		}
	}
	if types, ok := c.text["layer_types"].([]any); ok {
		if layout, err = c.layerTypes(types, m.Layers); err != nil {
			return err
		}
	}
	if layout != "" {
		m.SlidingWindow, m.SlidingLayers = window, layout
	}
	return nil
}

// layout names the layout with one full-attention layer in every group of
// k, or fails naming the field.
func (c config) layout(k int) (string, error) {
	switch k {
	case 1:
		return "", nil
	case 2:
		return model.SlidingAlternate, nil
	case 4:
		return model.SlidingThreeOfFour, nil
	case 6:
		return model.SlidingFiveOfSix, nil
	}
	return "", c.fail("hf.err.unsupported", "field", c.prefix+"sliding_window_pattern", "value", strconv.Itoa(k))
}

// layerTypes reads a per-layer list of "sliding_attention" and
// "full_attention" into a layout: every layer windowed, or the k-th of
// every k layers full.
func (c config) layerTypes(types []any, layers int) (string, error) {
	bad := c.fail("hf.err.layer_types", "field", c.prefix+"layer_types")
	if len(types) != layers {
		return "", c.fail("hf.err.layer_count", "field", c.prefix+"layer_types", "n", strconv.Itoa(len(types)), "layers", strconv.Itoa(layers))
	}
	k := 0 // the group size: position of the first full layer, plus one
	for i, t := range types {
		switch t {
		case "full_attention":
			if k == 0 {
				k = i + 1
			}
		case "sliding_attention":
		default:
			return "", bad
		}
	}
	if k == 0 {
		return model.SlidingAll, nil
	}
	for i, t := range types {
		if (t == "full_attention") != ((i+1)%k == 0) {
			return "", bad
		}
	}
	layout, err := c.layout(k)
	if err != nil {
		return "", bad
	}
	return layout, nil
}

// quantization reads quantization_config: FP8 blocks, MXFP4 experts, or
// 4-bit AWQ/GPTQ groups.
func (c config) quantization(m model.Model) (string, error) {
	q, ok := c.root["quantization_config"].(map[string]any)
	if !ok {
		return "", nil
	}
	method, _ := q["quant_method"].(string)
	switch method {
	case "fp8":
		return model.QuantFP8, nil
	case "mxfp4":
		if m.Experts == 0 {
			return "", c.fail("hf.err.mxfp4")
		}
		return model.QuantMXFP4MoE, nil
	case "awq", "gptq":
		if bits, _ := q["bits"].(float64); bits != 4 {
			return "", c.fail("hf.err.bits", "method", method)
		}
		return model.QuantINT4, nil
	}
	return "", c.fail("hf.err.unsupported", "field", "quantization_config.quant_method", "value", strconv.Quote(method))
}

// count reads a whole number from the text config, then the root one;
// null or absent is def, or an error when required.
func (c config) count(name string, required bool, def int) (int, error) {
	v, ok := c.text[name]
	if !ok || v == nil {
		v, ok = c.root[name]
	}
	if !ok || v == nil {
		if required {
			return 0, c.fail("hf.err.missing", "field", c.prefix+name)
		}
		return def, nil
	}
	f, isNum := v.(float64)
	if !isNum || f != math.Trunc(f) || f < 0 || f > maxCount {
		return 0, c.fail("hf.err.whole", "field", c.prefix+name, "max", c.t.Num(maxCount, 0))
	}
	if required && f == 0 {
		return 0, c.fail("hf.err.zero", "field", c.prefix+name)
	}
	return int(f), nil
}

// firstCount reads the first of names present (the field's name differs
// between architectures), or records that none is.
func (c config) firstCount(errs *[]error, names ...string) int {
	for _, n := range names {
		if _, ok := c.text[n]; ok {
			v, err := c.count(n, true, 0)
			*errs = append(*errs, err)
			return v
		}
	}
	*errs = append(*errs, c.fail("hf.err.missing", "field", c.prefix+names[0]))
	return 0
}

// flag reads a boolean from the text config, then the root one.
func (c config) flag(name string, def bool) bool {
	for _, m := range []map[string]any{c.text, c.root} {
		if b, ok := m[name].(bool); ok {
			return b
		}
	}
	return def
}

// crossCheck compares the safetensors index's total size with the
// parameter count in the checkpoint's format, and says so when they
// differ by more than 5 %.
func (c config) crossCheck(index []byte, m model.Model) string {
	v, err := jsonread.Parse(index)
	meta, _ := v.(map[string]any)
	meta, _ = meta["metadata"].(map[string]any)
	size, ok := meta["total_size"].(float64)
	if err != nil || !ok || size <= 0 || m.Quantization != "" {
		return ""
	}
	implied := size / 2 / 1e9 // 16-bit weights
	if math.Abs(implied-m.ParamsB) <= 0.05*m.ParamsB {
		return ""
	}
	return c.t.F("hf.note.size", "implied", c.t.Num(implied, 2), "params", c.t.Num(m.ParamsB, 2))
}
