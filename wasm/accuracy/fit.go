package accuracy

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
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
	var out []Comparison
	for _, s := range speedSources(t) {
		in, left := split(t, s)
		est.Efficiency = Fit(in, est, start, params)
		out = append(out, Measure(left, est).Comparisons...)
	}
	return out
}

// speedSources are the sources of t's rows with speed figures, in the
// order of their first row.
func speedSources(t calibration.Table) []string {
	var sources []string
	for _, r := range t.Rows {
		if r.Load != calibration.Startup && !slices.Contains(sources, r.Source) {
			sources = append(sources, r.Source)
		}
	}
	return sources
}

// split returns the rows of t not from source s, and those from it.
func split(t calibration.Table, s string) (in, left calibration.Table) {
	for _, r := range t.Rows {
		if r.Source == s {
			left.Rows = append(left.Rows, r)
		} else {
			in.Rows = append(in.Rows, r)
		}
	}
	return in, left
}

// A Group is the GPUs of one architecture at one precision: the runs
// whose compute and memory efficiencies FitGroups fits apart from the
// shared ones.
type Group struct{ Arch, Precision string }

// GroupOf returns the group of row r: its GPU's architecture and the
// precision its weights are computed in; ok is false for a GPU of no
// known architecture or weights the speed estimator does not compute in.
func (t Today) GroupOf(r calibration.Row) (Group, bool) {
	g, _ := t.Perf.Memory.GPUs.Find(r.GPU)
	p := speedPrecision(r.Weights)
	return Group{g.Arch, p}, g.Arch != "" && p != "" && r.Load != calibration.Startup
}

// Shrink is the weight, counted in speed figures, that FitGroups gives
// the shared efficiencies against a group's own fit: a group of n figures
// moves n / (n + Shrink) of the way, in logarithms, from the shared value
// to its own optimum. Groups of few runs, often one source's, overfit
// alone; the weight is the one of ShrinkChoices that ChooseShrink takes
// by leave-one-source-out error (TestFitGroups logs the choice).
const Shrink = 5

// ShrinkChoices are the shrink weights the leave-one-source-out check
// compares; +Inf keeps the shared values (no group efficiencies).
var ShrinkChoices = []float64{0, 5, 10, 20, 40, 80, math.Inf(1)}

// OwnFit is a group's compute and memory efficiency fitted on its own
// runs, and N, its speed figures.
type OwnFit struct {
	Group
	Compute, Memory float64
	N               int
}

// FitOwn fits the compute and memory efficiency of every group of t on
// the group's runs alone (Fit, from shared, with the other figures held at
// shared's), groups in the order of their first row.
func FitOwn(t calibration.Table, est Today, shared perf.Efficiency) []OwnFit {
	est.Perf.Defaults.EfficiencyBy = nil
	var groups []Group
	rows := map[Group]calibration.Table{}
	for _, r := range t.Rows {
		if g, ok := est.GroupOf(r); ok {
			if _, seen := rows[g]; !seen {
				groups = append(groups, g)
			}
			tab := rows[g]
			tab.Rows = append(tab.Rows, r)
			rows[g] = tab
		}
	}
	var out []OwnFit
	for _, g := range groups {
		est.Efficiency = shared
		n := 0
		for _, c := range Measure(rows[g], est).Comparisons {
			if c.Metric != KVCapacity {
				n++
			}
		}
		if n == 0 {
			continue
		}
		e := Fit(rows[g], est, shared, Params[:2])
		out = append(out, OwnFit{Group: g, Compute: e.Compute, Memory: e.Memory, N: n})
	}
	return out
}

// Shrunk returns the groups' efficiencies pulled towards shared by shrink
// (see Shrink), each on the nearest value of its grid; a group left at
// both shared values is left out.
func Shrunk(own []OwnFit, shared perf.Efficiency, shrink float64) []perfview.GroupEfficiency {
	var out []perfview.GroupEfficiency
	for _, o := range own {
		w := float64(o.N) / (float64(o.N) + shrink)
		pull := func(v, at float64, p Param) float64 {
			return nearest(p.Grid, math.Exp(w*math.Log(v)+(1-w)*math.Log(at)))
		}
		c, m := pull(o.Compute, shared.Compute, Params[0]), pull(o.Memory, shared.Memory, Params[1])
		if c == nearest(Params[0].Grid, shared.Compute) && m == nearest(Params[1].Grid, shared.Memory) {
			continue
		}
		out = append(out, perfview.GroupEfficiency{Arch: o.Arch, Precision: o.Precision,
			Compute: fact.Figure{Value: c}, Memory: fact.Figure{Value: m}})
	}
	return out
}

// nearest is the value of g nearest v.
func nearest(g []float64, v float64) float64 {
	best := g[0]
	for _, x := range g {
		if math.Abs(x-v) < math.Abs(best-v) {
			best = x
		}
	}
	return best
}

// GroupsOutOfSource is LeaveOneSourceOut for the efficiencies by group:
// for every source, the shared figures params are fitted on the other
// sources (without groups), and each group's own efficiencies on them
// (FitOwn); the source left out is then measured with the shared figures
// alone (before) and with the groups shrunk by each of shrinks (after,
// one list per shrink weight).
func GroupsOutOfSource(t calibration.Table, est Today, start perf.Efficiency, params []Param, shrinks []float64) (before []Comparison, after [][]Comparison) {
	est.Perf.Defaults.EfficiencyBy = nil
	after = make([][]Comparison, len(shrinks))
	for _, s := range speedSources(t) {
		in, left := split(t, s)
		shared := Fit(in, est, start, params)
		own := FitOwn(in, est, shared)
		e := est
		e.Efficiency = shared
		before = append(before, Measure(left, e).Comparisons...)
		for i, k := range shrinks {
			e.Perf.Defaults.EfficiencyBy = Shrunk(own, shared, k)
			after[i] = append(after[i], Measure(left, e).Comparisons...)
		}
	}
	return before, after
}

// ChooseShrink returns the largest weight of shrinks whose
// leave-one-source-out loss (after, one list of comparisons per weight,
// as GroupsOutOfSource returns them) is within one standard error of the
// lowest: the one-standard-error rule, which takes the most shrunk fit
// the left-out runs cannot tell from the best. The standard error is the
// spread of the lowest loss over 1,000 bootstrap resamples of its
// comparisons (a fixed seed, so the choice is repeatable).
func ChooseShrink(shrinks []float64, after [][]Comparison) (shrink, lowest, se float64) {
	best := 0
	for i := range after {
		if Loss(Report{Comparisons: after[i]}) < Loss(Report{Comparisons: after[best]}) {
			best = i
		}
	}
	lowest = Loss(Report{Comparisons: after[best]})
	var abs []float64
	for _, c := range after[best] {
		if c.Metric != KVCapacity {
			abs = append(abs, math.Abs(math.Log1p(c.Err)))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const resamples = 1000
	var sum, sumSq float64
	sample := make([]float64, len(abs))
	for range resamples {
		for i := range sample {
			sample[i] = abs[rng.IntN(len(abs))]
		}
		slices.Sort(sample)
		m := Median(sample)
		sum, sumSq = sum+m, sumSq+m*m
	}
	mean := sum / resamples
	se = math.Sqrt(max(sumSq/resamples-mean*mean, 0))
	shrink = shrinks[best]
	for i, k := range shrinks {
		if k > shrink && Loss(Report{Comparisons: after[i]}) <= lowest+se {
			shrink = k
		}
	}
	return shrink, lowest, se
}
