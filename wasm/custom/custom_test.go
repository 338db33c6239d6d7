package custom_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// read resolves query's custom model against base.
func read(query string, base model.Model) (model.Model, map[string]string) {
	r := scenario.NewResolver(query, nil)
	m := custom.Model(r, base)
	return m, r.Errors()
}

// Every model of every edition, written by ModelQuery and read back by
// Model, is the same model (but for its id, name, source and note), from
// any base: a model typed into the fields is the catalog's.
func TestModelQueryRoundTrip(t *testing.T) {
	e := datasettest.LoadEditions(t)
	var models []model.Model
	for _, date := range e.DataDates() {
		models = append(models, e.Data[date].Models.Models...)
	}
	bases := []model.Model{models[0]}
	for _, m := range models {
		if m.Experts > 0 || m.KVLoraRank > 0 || m.SlidingWindow > 0 {
			bases = append(bases, m)
		}
	}
	for _, m := range models {
		for _, base := range bases {
			got, errs := read(custom.ModelQuery(m), base)
			want := m
			want.ID, want.Name, want.Source, want.AsOf, want.Note, want.NoteDE, want.Unconfirmed = custom.ID, "Custom model", "", "", "", "", false
			if len(errs) > 0 || got != want {
				t.Errorf("%s from base %s: got %+v, errors %v; want %+v", m.ID, base.ID, got, errs, want)
			}
		}
	}
}

// Values that contradict each other are reported next to their fields,
// and the base's values used, so that the model stays consistent.
func TestContradictionsFallBackToTheBase(t *testing.T) {
	d := datasettest.Load(t).MemoryData()
	llama, _ := d.Models.Find("llama-3.1-8b")
	deepseek, _ := d.Models.Find("deepseek-v3")
	for _, tc := range []struct {
		name, query string
		base        model.Model
		errs        []string
		check       func(model.Model) bool
	}{
		{"KV heads that do not divide the heads", "m.kvh=3", llama, []string{"m.kvh"}, func(m model.Model) bool { return m.KVHeads == 8 }},
		{"heads and KV heads both off", "m.kvh=3&m.heads=7", llama, []string{"m.kvh", "m.heads"},
			func(m model.Model) bool { return m.KVHeads == 8 && m.Heads == 32 }},
		{"active above all parameters", "m.ap=9", llama, []string{"m.ap"}, func(m model.Model) bool { return m.ActiveParamsB == 0 }},
		{"active above small parameters", "m.p=1&m.ap=9", deepseek, []string{"m.ap", "m.p"},
			func(m model.Model) bool { return m.ActiveParamsB == 37 && m.ParamsB == 671 }},
		{"experts per token above the experts", "m.e=8&m.ept=9", deepseek, []string{"m.ept"},
			func(m model.Model) bool { return m.Experts == 8 && m.ExpertsPerToken == 8 }},
		{"experts without experts per token on a dense base", "m.e=8", llama, []string{"m.ept", "m.e"},
			func(m model.Model) bool { return m.Experts == 0 && m.ExpertsPerToken == 0 }},
		{"a dense model ignores the MoE fields", "m.e=0", deepseek, nil,
			func(m model.Model) bool { return m.ExpertsPerToken == 0 && m.MoEIntermediate == 0 }},
		{"MLA RoPE dimension above the head dimension", "m.rope=200", deepseek, []string{"m.rope"},
			func(m model.Model) bool { return m.QKRopeHeadDim == 64 }},
		{"MLA head dimension below the RoPE dimension", "m.hd=32", deepseek, []string{"m.rope", "m.hd"},
			func(m model.Model) bool { return m.QKRopeHeadDim == 64 && m.HeadDim == 128 }},
		{"MLA without a RoPE dimension on a base without MLA", "m.kvr=512", llama, []string{"m.rope", "m.hd", "m.kvr"},
			func(m model.Model) bool { return m.KVLoraRank == 0 && m.QKRopeHeadDim == 0 }},
		{"MXFP4 experts on a dense model", "m.q=mxfp4-moe", llama, []string{"m.q"}, func(m model.Model) bool { return m.Quantization == "" }},
		{"no window, no window layout", "m.swl=alternate", llama, nil, func(m model.Model) bool { return m.SlidingLayers == "" }},
		{"a Hugging Face id names the model, as a custom one", "m.hf=Qwen/Qwen3-30B-A3B@main", llama, nil,
			func(m model.Model) bool { return m.Name == "Custom model “Qwen/Qwen3-30B-A3B@main”" }},
		// The link's figures, not Meta's: the name says so.
		{"a real model's id with typed-in figures is a custom model", "m.hf=meta-llama/Llama-3.1-405B&m.p=8", llama, nil,
			func(m model.Model) bool {
				return m.Name == "Custom model “meta-llama/Llama-3.1-405B”" && m.ParamsB == 8
			}},
		{"a name with other characters is rejected", "m.hf=%3Cb%3E", llama, []string{"m.hf"}, func(m model.Model) bool { return m.Name == "Custom model" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, errs := read(tc.query, tc.base)
			for _, k := range tc.errs {
				if errs[k] == "" {
					t.Errorf("no error on %s; errors %v", k, errs)
				}
			}
			if len(errs) != len(tc.errs) {
				t.Errorf("errors %v; want on %v only", errs, tc.errs)
			}
			if !tc.check(m) {
				t.Errorf("got %+v", m)
			}
			if err := (model.Catalog{Sources: d.Models.Sources, Models: []model.Model{withSource(m, tc.base)}}).Validate(); err != nil {
				t.Errorf("inconsistent model: %v", err)
			}
		})
	}
}

// withSource gives m the base's source and date, so that the catalog's
// rules check its figures.
func withSource(m, base model.Model) model.Model {
	m.Source, m.AsOf = base.Source, base.AsOf
	return m
}

// The GPU's fields start at the base's datasheet; a rate of 0 drops the
// format.
func TestGPU(t *testing.T) {
	d := datasettest.Load(t).MemoryData()
	h100, _ := d.GPUs.Find("h100-sxm")
	r := scenario.NewResolver("", nil)
	g := custom.GPU(r, h100)
	if g.MemoryGB.Value != h100.MemoryGB.Value || g.BandwidthGBps.Value != h100.BandwidthGBps.Value ||
		g.BF16DenseTFLOPS.Value != h100.BF16DenseTFLOPS.Value || g.FP8DenseTFLOPS.Value != h100.FP8DenseTFLOPS.Value ||
		g.FP4DenseTFLOPS != nil || g.TDPW.Value != h100.TDPW.Value || g.Link.GBps.Value != h100.Link.GBps.Value || g.Name != "Custom GPU" {
		t.Errorf("defaults: got %+v; want the H100 SXM's figures", g)
	}
	if q := r.Encode("1"); q != "v=1" {
		t.Errorf("defaults encoded as %q; want v=1", q)
	}
	g = custom.GPU(scenario.NewResolver("g.fp8=0&g.fp4=20000&g.mem=141&g.name=My-GPU", nil), h100)
	if g.FP8DenseTFLOPS != nil || g.FP4DenseTFLOPS == nil || g.FP4DenseTFLOPS.Value != 20000 || g.MemoryGB.Value != 141 || g.Name != "Custom GPU “My-GPU”" {
		t.Errorf("got %+v", g)
	}
	// A real GPU's name on typed-in figures: the name says they are custom.
	if g := custom.GPU(scenario.NewResolver("g.name=H100&g.bw=9000", nil), h100); g.Name != "Custom GPU “H100”" {
		t.Errorf("g.name=H100: named %q; want Custom GPU “H100”", g.Name)
	}
}

// Every GPU of every edition, written by GPUQuery and read back by GPU,
// has the same figures, from the H100 SXM's defaults as from the MI300X's
// (another vendor, hence another FP4 format); a named custom GPU keeps
// its name.
func TestGPUQueryRoundTrip(t *testing.T) {
	e := datasettest.LoadEditions(t)
	latest := e.Latest().GPUs
	var bases []gpu.GPU
	for _, id := range []string{"h100-sxm", "mi300x"} {
		g, _ := latest.Find(id)
		bases = append(bases, g)
	}
	value := func(f *gpu.Figure) float64 {
		if f == nil {
			return 0
		}
		return f.Value
	}
	// And a custom GPU with a name, which the query gives as typed.
	named := custom.GPU(scenario.NewResolver("g.name=H100&g.mem=96", nil), bases[0])
	for _, date := range e.DataDates() {
		for _, g := range append(e.Data[date].GPUs.GPUs, named) {
			for _, base := range bases {
				r := scenario.NewResolver(custom.GPUQuery(msg.English, g), nil)
				got := custom.GPU(r, base)
				if g.ID == custom.ID && got.Name != g.Name {
					t.Errorf("%s read back as %s", g.Name, got.Name)
				}
				if errs := r.Errors(); len(errs) > 0 || got.MemoryGB.Value != g.MemoryGB.Value || got.BandwidthGBps.Value != g.BandwidthGBps.Value ||
					got.BF16DenseTFLOPS.Value != g.BF16DenseTFLOPS.Value || value(got.FP8DenseTFLOPS) != value(g.FP8DenseTFLOPS) ||
					value(got.FP4DenseTFLOPS) != value(g.FP4DenseTFLOPS) || got.TDPW.Value != g.TDPW.Value ||
					got.Link.GBps.Value != g.Link.GBps.Value || (got.Vendor == "NVIDIA") != (g.Vendor == "NVIDIA") {
					t.Errorf("%s from %s: got %+v, errors %v", g.ID, base.ID, got, errs)
				}
			}
		}
	}
}
