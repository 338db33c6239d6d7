package perfview_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
)

// The engine's build is an input (issue 39): engine=vllm keeps meaning
// the newest builds measured, a link may name a build (vllm@0.17), which
// reads as the era of builds it is of, and a build before every era, or
// any build in an edition without eras, serves with the shared figures
// and the efficiencies by architecture and precision.
func TestTheBuildSetsTheSpeed(t *testing.T) {
	d := load(t)
	b, ok := d.Defaults.BuildOf("vllm", "", "NVIDIA")
	if !ok {
		t.Fatal("today's data has no era of vLLM builds")
	}
	newest := b.Efficiency(d.Efficiency())
	g, _ := d.Memory.GPUs.Find("h100-sxm")
	older := d.EfficiencyOn(g, "bf16")
	const base = "model=llama-3.1-8b&gpu=h100-sxm&prec=bf16"
	for _, tt := range []struct {
		engine, canonical, build string
		newest                   bool
	}{
		{"", "", b.Key(), true},
		{"vllm@" + b.To, "", b.Key(), true},
		{"vllm@" + b.From, "", b.Key(), true},
		{"vllm@99.0", "", b.Key(), true}, // newer than measured: the newest figures
		{"vllm@" + b.Older, "engine=vllm%40" + b.Older, "", false},
		{"vllm@0.2.7", "engine=vllm%40" + b.Older, "", false},
		{"tgi@2.0", "engine=tgi", "", false}, // no era: one set of figures
	} {
		q := base
		if tt.engine != "" {
			q += "&engine=" + tt.engine
		}
		s := perfview.Resolve(q, d)
		for _, in := range s.Inputs {
			if in.Error != "" {
				t.Errorf("%s: %s: %s", q, in.Key, in.Error)
			}
		}
		want := older
		if tt.newest {
			want = newest
		}
		if s.Setup.Efficiency != want || s.Build != tt.build {
			t.Errorf("%s: efficiency %+v, bands of %q; want %+v, %q", q, s.Setup.Efficiency, s.Build, want, tt.build)
		}
		if has := strings.Contains(s.Query, "engine="); tt.canonical == "" && has || tt.canonical != "" && !strings.Contains(s.Query, tt.canonical) {
			t.Errorf("%s: canonical query %q; want engine as %q", q, s.Query, tt.canonical)
		}
	}
	if s := perfview.Resolve(base+"&engine=vllm@nightly", d); !hasError(s, "engine") {
		t.Errorf("engine=vllm@nightly: no error on the engine")
	}
	old := perfview.Resolve(base+"&engine=vllm@0.19", datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].PerfData())
	if hasError(old, "engine") || old.Build != "" || old.Setup.Efficiency == newest {
		t.Errorf("edition 2026-12-06, engine=vllm@0.19: error %v, bands of %q, efficiency %+v; want the shared figures", hasError(old, "engine"), old.Build, old.Setup.Efficiency)
	}
}

// hasError says whether the scenario's field key shows an error.
func hasError(s perfview.Scenario, key string) bool { return inputOf(s, key).Error != "" }

// inputOf is the scenario's field key.
func inputOf(s perfview.Scenario, key string) scenario.Input {
	for _, in := range s.Inputs {
		if in.Key == key {
			return in
		}
	}
	return scenario.Input{}
}

// On a GPU of a maker no era's runs measured, the newest builds serve
// with the shared figures and the engine field says why.
func TestABuildMeasuredOnOtherGPUsSaysSo(t *testing.T) {
	d := load(t)
	s := perfview.Resolve("model=llama-3.1-70b&gpu=mi300x&tp=2", d)
	g, _ := d.Memory.GPUs.Find("mi300x")
	note := inputOf(s, "engine").Note
	if s.Build != "" || s.Setup.Efficiency != d.EfficiencyOn(g, "bf16") || !strings.Contains(note, "NVIDIA") || !strings.Contains(note, g.Name) {
		t.Errorf("vLLM's newest builds on an MI300X: bands of %q, efficiency %+v, note %q; want the shared figures and a note naming NVIDIA and the GPU",
			s.Build, s.Setup.Efficiency, note)
	}
	if s := perfview.Resolve("model=llama-3.1-70b&gpu=h100-sxm&tp=2", d); strings.Contains(inputOf(s, "engine").Note, "NVIDIA GPUs only") {
		t.Errorf("an H100 is told its builds were measured on other GPUs")
	}
}
