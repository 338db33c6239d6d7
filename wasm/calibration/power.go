package calibration

import (
	"fmt"
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
)

// PowerRun is a published measurement of the mean power a setup's GPUs
// drew while serving one load: a model in a weight format on GPUs of one
// kind with its parallelism, at most MaxNumSeqs requests in flight. Only
// the GPUs are measured, not the servers they run in.
type PowerRun struct {
	ID        string `yaml:"id"`
	Source    string `yaml:"source"`
	Published string `yaml:"published"`
	AsOf      string `yaml:"as_of"`

	HFModel string `yaml:"hf_model"` // a Hugging Face id
	Weights string `yaml:"weights"`  // a weight format id
	GPU     string `yaml:"gpu"`      // an id of the GPU catalog
	GPUs    int    `yaml:"gpus"`
	TP      int    `yaml:"tp,omitempty"` // 0 means 1
	EP      int    `yaml:"ep,omitempty"` // 0 means 1

	MaxNumSeqs int     `yaml:"max_num_seqs"`
	OutputTokS float64 `yaml:"output_tok_s"` // output tokens a second, all GPUs
	GPUPowerW  float64 `yaml:"gpu_power_w"`  // mean power, all GPUs together
}

// setup is what a run's capacity depends on: the runs of one setup
// differ only in their load.
func (r PowerRun) setup() string {
	return fmt.Sprintf("%s %s %s x%d tp%d ep%d", r.HFModel, r.Weights, r.GPU, r.GPUs, degree(r.TP), degree(r.EP))
}

// validatePower checks every power run, each error naming its entry and
// field (`power[3] "id": gpu_power_w`).
func (t Table) validatePower(gpus gpu.Catalog) []error {
	var errs []error
	seen := map[string]bool{}
	for i, r := range t.Power {
		entry := fmt.Sprintf("power[%d] %q", i, r.ID)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		t.checkProvenance(bad, seen, r.ID, r.Source, r.Published, r.AsOf)
		if !hfID(r.HFModel) {
			bad("hf_model", "want a Hugging Face id owner/name, got %q", r.HFModel)
		}
		if _, ok := memory.FindFormat(memory.WeightFormats, r.Weights); !ok {
			bad("weights", "%q is not a weight format", r.Weights)
		}
		g, ok := gpus.Find(r.GPU)
		switch {
		case !ok:
			bad("gpu", "%q is not a GPU of the catalog", r.GPU)
		case g.TDPW.Value <= 0:
			bad("gpu", "%q has no power in the catalog to set the run's against", r.GPU)
		}
		if r.GPUs < 1 || r.GPUs%degree(r.TP) != 0 || r.GPUs%degree(r.EP) != 0 {
			bad("gpus", "%d GPUs cannot hold replicas of TP %d or EP %d", r.GPUs, degree(r.TP), degree(r.EP))
		}
		if r.MaxNumSeqs < 1 {
			bad("max_num_seqs", "want the most requests in flight, at least 1, got %d", r.MaxNumSeqs)
		}
		if !(r.OutputTokS > 0) || math.IsInf(r.OutputTokS, 0) {
			bad("output_tok_s", "want a throughput above 0, got %g", r.OutputTokS)
		}
		// A GPU draws more than nothing and, averaged over a run, not
		// much above its rated power (boost excursions are brief).
		if ok && r.GPUs > 0 && !(r.GPUPowerW > 0 && r.GPUPowerW <= 1.1*g.TDPW.Value*float64(r.GPUs)) {
			bad("gpu_power_w", "%g W is not within (0, 1.1 x %g W] for %d GPUs", r.GPUPowerW, g.TDPW.Value, r.GPUs)
		}
	}
	return errs
}

// PowerPoint is one power run set against its setup: the share of the
// setup's capacity it used (its throughput over the highest of its
// setup's runs) and what each GPU drew, as a share of the GPU's rated
// power (TDP).
type PowerPoint struct {
	Run         PowerRun
	Utilisation float64
	Draw        float64
}

// PowerPoints returns every power run as a point, in the table's order.
// A setup's busiest run is taken as its capacity: the runs sweep the
// requests in flight up to where throughput stops growing.
func (t Table) PowerPoints(gpus gpu.Catalog) []PowerPoint {
	most := map[string]float64{}
	for _, r := range t.Power {
		most[r.setup()] = max(most[r.setup()], r.OutputTokS)
	}
	out := make([]PowerPoint, 0, len(t.Power))
	for _, r := range t.Power {
		g, _ := gpus.Find(r.GPU)
		out = append(out, PowerPoint{Run: r, Utilisation: r.OutputTokS / most[r.setup()],
			Draw: r.GPUPowerW / float64(r.GPUs) / g.TDPW.Value})
	}
	return out
}

// ServingDraw is a GPU's draw while it serves, as a share of its rated
// power, in a straight line over the share u of its capacity in use:
// Least + (Full - Least) u.
type ServingDraw struct{ Least, Full float64 }

// At is the draw at utilisation u.
func (d ServingDraw) At(u float64) float64 { return d.Least + (d.Full-d.Least)*u }

// FitServingDraw is the least-squares straight line through the points'
// draws over their utilisation; the zero ServingDraw for fewer than two
// distinct utilisations.
func FitServingDraw(ps []PowerPoint) ServingDraw {
	var n, mu, md float64
	for _, p := range ps {
		n++
		mu += p.Utilisation
		md += p.Draw
	}
	mu, md = mu/n, md/n
	var sud, suu float64
	for _, p := range ps {
		sud += (p.Utilisation - mu) * (p.Draw - md)
		suu += (p.Utilisation - mu) * (p.Utilisation - mu)
	}
	if !(suu > 0) {
		return ServingDraw{}
	}
	slope := sud / suu
	return ServingDraw{Least: md - slope*mu, Full: md + slope*(1-mu)}
}

// DrawError is a power run's point with a draw estimated for it and the
// estimate's relative error, (estimate - measured) / measured.
type DrawError struct {
	PowerPoint
	Estimate, Err float64
}

// CrossValidate estimates every point's draw with the line fitted to the
// runs of every other model, so that no model is judged by a line it
// helped to draw, and returns the points in their order with their
// errors.
func CrossValidate(ps []PowerPoint) []DrawError {
	out := make([]DrawError, 0, len(ps))
	fits := map[string]ServingDraw{}
	for _, p := range ps {
		m := p.Run.HFModel
		if _, ok := fits[m]; !ok {
			fits[m] = FitServingDraw(slices.DeleteFunc(slices.Clone(ps), func(q PowerPoint) bool { return q.Run.HFModel == m }))
		}
		est := fits[m].At(p.Utilisation)
		out = append(out, DrawError{PowerPoint: p, Estimate: est, Err: (est - p.Draw) / p.Draw})
	}
	return out
}
