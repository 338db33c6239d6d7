package accuracy

import (
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/perf"
)

// A Param is a free parameter of the step model that Fit fits: where it
// is in perf.Efficiency and the grid it is searched over.
type Param struct {
	Name string
	Of   func(*perf.Efficiency) *float64
	Grid []float64
}

// grid is from, from + step, … up to to.
func grid(from, to, step float64) []float64 {
	var g []float64
	for i := 0; from+float64(i)*step <= to+step/2; i++ {
		g = append(g, from+float64(i)*step)
	}
	return g
}

// Params are the step model's free parameters: the compute efficiency
// (MFU, 0.20 to 0.95), the memory efficiency (MBU, 0.40 to 1.00), the
// fixed cost of a step (0 to 5 ms), a served request's fixed latency (0
// to 100 ms) and the fixed cost of an all-reduce (0 to 60 µs).
var Params = []Param{
	{"compute efficiency", func(e *perf.Efficiency) *float64 { return &e.Compute }, grid(0.2, 0.95, 0.025)},
	{"memory efficiency", func(e *perf.Efficiency) *float64 { return &e.Memory }, grid(0.4, 1, 0.025)},
	{"step cost", func(e *perf.Efficiency) *float64 { return &e.StepSeconds }, grid(0, 5e-3, 50e-6)},
	{"request latency", func(e *perf.Efficiency) *float64 { return &e.RequestSeconds }, grid(0, 0.1, 2.5e-3)},
	{"all-reduce latency", func(e *perf.Efficiency) *float64 { return &e.CollectiveLatency }, grid(0, 60e-6, 2e-6)},
}

// Loss is the median of |log(estimate / measured)| over a report's speed
// figures (throughput and latencies; the KV capacity does not depend on
// the step model): a log error weighs too slow and too fast alike, and the
// median lets no few rows far off pull the fit.
func Loss(rep Report) float64 {
	var l []float64
	for _, c := range rep.Comparisons {
		if c.Metric != KVCapacity {
			l = append(l, math.Abs(math.Log1p(c.Err)))
		}
	}
	slices.Sort(l)
	return Median(l)
}

// Fit returns the efficiencies, from start, that minimise Loss over the
// rows of t by coordinate search: each parameter of params in turn is set
// to the best value of its grid with the others held, until a round
// changes none (at most maxRounds). Params not in params keep start's
// values.
func Fit(t calibration.Table, est Today, start perf.Efficiency, params []Param) perf.Efficiency {
	const maxRounds = 6
	loss := func(e perf.Efficiency) float64 {
		est.Efficiency = e
		return Loss(Measure(t, est))
	}
	best, bestLoss := start, loss(start)
	for range maxRounds {
		changed := false
		for _, p := range params {
			for _, v := range p.Grid {
				e := best
				*p.Of(&e) = v
				if l := loss(e); l < bestLoss-1e-12 {
					best, bestLoss, changed = e, l, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return best
}

// LeaveOneSourceOut fits params on all sources of t but one and measures
// the fit on the one left out, for every source with speed figures, and
// returns the comparisons of every source measured so: errors of rows no
// fit saw.
func LeaveOneSourceOut(t calibration.Table, est Today, start perf.Efficiency, params []Param) []Comparison {
	var sources []string
	for _, r := range t.Rows {
		if r.Load != calibration.Startup && !slices.Contains(sources, r.Source) {
			sources = append(sources, r.Source)
		}
	}
	var out []Comparison
	for _, s := range sources {
		var in, left calibration.Table
		for _, r := range t.Rows {
			if r.Source == s {
				left.Rows = append(left.Rows, r)
			} else {
				in.Rows = append(in.Rows, r)
			}
		}
		est.Efficiency = Fit(in, est, start, params)
		out = append(out, Measure(left, est).Comparisons...)
	}
	return out
}
