package serving

import (
	"slices"

	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
)

// Modes are the load modes' choices, by perf.Mode.
var Modes = []scenario.Choice{
	perf.Poisson: {Value: "open", Label: "Requests per second (open loop)"},
	perf.Closed:  {Value: "closed", Label: "Users in flight (closed loop)"},
	perf.Offline: {Value: "offline", Label: "Offline batch (all at once)"},
}

// ModeChoices are Modes in the language of t.
func ModeChoices(t *msg.Catalog) []scenario.Choice {
	return []scenario.Choice{
		perf.Poisson: {Value: "open", Label: t.T("perf.mode.open")},
		perf.Closed:  {Value: "closed", Label: t.T("perf.mode.closed")},
		perf.Offline: {Value: "offline", Label: t.T("perf.mode.offline")},
	}
}

// LengthKinds are the values of the lens= field, by perf.Lengths.
var LengthKinds = []string{perf.Fixed: "fixed", perf.Uniform: "uniform", perf.Chat: "chat"}

// ReadLengths reads how the simulated requests' lengths vary (lens=), a
// field of section: every request at the means, as before the field, by
// default.
func ReadLengths(r *scenario.Resolver, section string) perf.Lengths {
	t := r.M
	labels := []string{perf.Fixed: t.T("perf.lens.fixed"), perf.Uniform: t.T("perf.lens.uniform"), perf.Chat: t.T("perf.lens.chat")}
	choices := make([]scenario.Choice, len(LengthKinds))
	for k, v := range LengthKinds {
		choices[k] = scenario.Choice{Value: v, Label: labels[k]}
	}
	v := r.Choice(scenario.Field{Key: "lens", Label: t.T("perf.in.lens"), Section: section, Default: LengthKinds[perf.Fixed], Choices: choices,
		Help: t.T("perf.in.lens_help")})
	return perf.Lengths(slices.Index(LengthKinds, v))
}

// The bases of the custom model and GPU: the estimator's defaults.
const (
	customModelBase = "llama-3.1-8b"
	customGPUBase   = "h100-sxm"
)

// Custom reads the custom model and GPU fields, which start as the
// default model's and GPU's.
func Custom(r *scenario.Resolver, md Memory) (model.Model, gpu.GPU) {
	m, _ := md.Models.Find(customModelBase)
	g, _ := md.GPUs.Find(customGPUBase)
	return custom.Model(r, m), custom.GPU(r, g)
}
