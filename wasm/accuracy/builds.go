package accuracy

import (
	"slices"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/serving"
)

// BuildParams are the figures an era of engine builds fits
// (serving.Build): the compute and memory efficiencies, the fixed cost of
// a step, a request's fixed latency and the all-reduce latency, on
// Params' grids, and the share of the compute efficiency that routed
// experts reach (0.1 to 1).
var BuildParams = append(Params[:5:5], Param{"expert compute", func(e *perf.Efficiency) *float64 { return &e.Experts }, grid(0.1, 1, 0.025)})

// OfBuild returns the rows of tables that are runs of era b of engine
// builds in the data d (BuildOfRun).
func OfBuild(d serving.Perf, b serving.Build, tables ...calibration.Table) calibration.Table {
	var out calibration.Table
	for _, t := range tables {
		for _, r := range t.Rows {
			if e, ok := BuildOfRun(&d, r); ok && e.Key() == b.Key() {
				out.Rows = append(out.Rows, r)
			}
		}
	}
	return out
}

// BeforeEras returns the rows of t that are of no era of engine builds in
// est's data (BuildOfRun): the runs the shared figures are fitted on, as
// they alone take them. The eras take the shared link efficiency and
// all-reduce latency, so the shared figures are fitted first.
func BeforeEras(t calibration.Table, est Today) calibration.Table {
	out := calibration.Table{Sources: t.Sources}
	for _, r := range t.Rows {
		if _, ok := BuildOfRun(&est.Perf, r); !ok {
			out.Rows = append(out.Rows, r)
		}
	}
	return out
}

// GroupRuns returns the runs the efficiencies by architecture and
// precision are fitted on (FitOwn): those of t and of the imported
// snapshots that are of no era of engine builds, which take them. The
// snapshots' runs of no era are those on GPUs no era measured (AMD's),
// which the shared figures, fitted on t alone, leave to their
// architecture's figures.
func GroupRuns(t calibration.Table, est Today, snapshots ...calibration.Table) calibration.Table {
	out := BeforeEras(t, est)
	for _, s := range snapshots {
		out.Rows = append(out.Rows, BeforeEras(s, est).Rows...)
	}
	return out
}

// WithBuild returns est with era i of its data's builds set to the
// compute and memory efficiencies, fixed costs, experts' share and
// all-reduce latency of e: the candidate a fit of the era measures.
func WithBuild(est Today, i int, e perf.Efficiency) Today {
	bs := slices.Clone(est.Perf.Defaults.Builds)
	b := &bs[i]
	b.Compute, b.Memory = fact.Figure{Value: e.Compute}, fact.Figure{Value: e.Memory}
	b.StepOverheadUS, b.RequestOverheadMS = fact.Figure{Value: e.StepSeconds * 1e6}, fact.Figure{Value: e.RequestSeconds * 1e3}
	b.ExpertCompute = fact.Figure{Value: e.Experts}
	// Sourced, so that a candidate of 0 µs is the era's, not the shared one.
	b.CollectiveLatencyUS = fact.Figure{Value: e.CollectiveLatency * 1e6, Source: "candidate"}
	est.Perf.Defaults.Builds = bs
	return est
}

// FitBuild fits era i of the data's builds on its runs t (OfBuild) by
// Fit's coordinate search, from each of starts (their link efficiency the
// data's, their experts' share 1 where they give none), and returns the
// result of lowest loss.
func FitBuild(t calibration.Table, est Today, i int, starts []perf.Efficiency, params []Param) perf.Efficiency {
	data := est.Perf.Efficiency()
	loss := func(e perf.Efficiency) float64 { return Loss(Measure(t, WithBuild(est, i, e))) }
	fits := make([]perf.Efficiency, len(starts))
	losses := make([]float64, len(starts))
	parallel(len(starts), func(j int) {
		s := starts[j]
		s.Link, s.TouchedExperts = data.Link, data.TouchedExperts
		if s.Experts == 0 {
			s.Experts = 1 // as the dense layers
		}
		fits[j] = search(s, params, loss)
		losses[j] = loss(fits[j])
	})
	return fits[slices.Index(losses, slices.Min(losses))]
}

// descend is the local form of search: from start, on params' grids,
// each parameter in turn moves one grid value while that lowers loss,
// until a round moves none. It ends where no single step of one
// parameter lowers the loss, and from a start near the optimum measures
// a few neighbours instead of whole grids.
func descend(start perf.Efficiency, params []Param, loss func(perf.Efficiency) float64) perf.Efficiency {
	for _, p := range params {
		*p.Of(&start) = nearest(p.Grid, *p.Of(&start))
	}
	best, bestLoss := start, loss(start)
	for moved := true; moved; {
		moved = false
		for _, p := range params {
			for _, dir := range []int{1, -1} {
				for {
					j := slices.Index(p.Grid, *p.Of(&best)) + dir
					if j < 0 || j >= len(p.Grid) {
						break
					}
					e := best
					*p.Of(&e) = p.Grid[j]
					l := loss(e)
					if l >= bestLoss-1e-12 {
						break
					}
					best, bestLoss, moved = e, l, true
				}
			}
		}
	}
	return best
}

// A Fold is one model's runs of an era, estimated with the era's figures
// refitted on the era's other runs.
type Fold struct {
	Model string
	// Comparisons are the model's runs against the refitted figures.
	Comparisons []Comparison
}

// ModelsOutOfBuild is the leave-one-model-out check of era i of the data's
// builds on its runs t: for every catalog model with speed figures, the
// era's figures refitted without the model's runs (descend from the
// data's, BuildParams) and the model's runs measured with them. Models
// are refitted on every CPU, in the order of their first row.
func ModelsOutOfBuild(t calibration.Table, est Today, i int) []Fold {
	var models []string
	for _, c := range Measure(t, est).Comparisons {
		if c.Metric != KVCapacity && !slices.Contains(models, c.Row.Model) {
			models = append(models, c.Row.Model)
		}
	}
	start := est.Perf.Defaults.Builds[i].Efficiency(est.Perf.Efficiency())
	folds := make([]Fold, len(models))
	parallel(len(models), func(j int) {
		var in, out calibration.Table
		for _, r := range t.Rows {
			if r.Model == models[j] {
				out.Rows = append(out.Rows, r)
			} else {
				in.Rows = append(in.Rows, r)
			}
		}
		fit := descend(start, BuildParams, func(e perf.Efficiency) float64 { return Loss(Measure(in, WithBuild(est, i, e))) })
		folds[j] = Fold{Model: models[j], Comparisons: Measure(out, WithBuild(est, i, fit)).Comparisons}
	})
	return folds
}
