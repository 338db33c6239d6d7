package accuracy

import (
	"cmp"
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
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
	return perf.Median(l)
}

// Fit returns the efficiencies, from start, that minimise Loss over the
// rows of t by coordinate search: each parameter of params in turn is set
// to the best value of its grid with the others held, until a round
// changes none (at most 6 rounds). Params not in params keep start's
// values.
func Fit(t calibration.Table, est Today, start perf.Efficiency, params []Param) perf.Efficiency {
	return fitWith(t, est, start, params, nil)
}

// fitWith is Fit with, when groups is not nil, each candidate's
// efficiencies by group set to groups(candidate): the joint fit
// (FitJoint), in which a row of a group is estimated with its group's
// efficiencies while the shared values are searched.
func fitWith(t calibration.Table, est Today, start perf.Efficiency, params []Param, groups func(perf.Efficiency) []serving.GroupEfficiency) perf.Efficiency {
	return search(start, params, func(e perf.Efficiency) float64 {
		est.Efficiency = e
		if groups != nil {
			est.Perf.Defaults.EfficiencyBy = groups(e)
		}
		return Loss(Measure(t, est))
	})
}

// search is the coordinate search of Fit on any loss: from start, each
// parameter of params in turn is set to the best value of its grid with
// the others held, until a round changes none (at most 6).
func search(start perf.Efficiency, params []Param, loss func(perf.Efficiency) float64) perf.Efficiency {
	const maxRounds = 6
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

// FitFrom is Fit from each of starts (their Link and TouchedExperts
// replaced by est's data), the result of lowest loss: coordinate search
// ends at a local optimum that depends on its start, and the lowest of
// several makes the result depend on none of them.
func FitFrom(t calibration.Table, est Today, starts []perf.Efficiency, params []Param) perf.Efficiency {
	data := est.Perf.Efficiency()
	fits := make([]perf.Efficiency, len(starts))
	losses := make([]float64, len(starts))
	parallel(len(starts), func(i int) {
		s := starts[i]
		s.Link, s.TouchedExperts = data.Link, data.TouchedExperts
		e := est
		fits[i] = Fit(t, e, s, params)
		e.Efficiency = fits[i]
		losses[i] = Loss(Measure(t, e))
	})
	best := 0
	for i := range losses {
		if losses[i] < losses[best] {
			best = i
		}
	}
	return fits[best]
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
// known architecture, weights the speed estimator does not compute in,
// or a run of an era of its engine's builds, which the groups do not
// apply to.
func (t Today) GroupOf(r calibration.Row) (Group, bool) {
	g, _ := t.Perf.Memory.GPUs.Find(r.GPU)
	p := speedPrecision(r.Weights)
	_, inEra := BuildOfRun(&t.Perf, r)
	return Group{g.Arch, p}, g.Arch != "" && p != "" && r.Load != calibration.Startup && !inEra
}

// Shrink is the weight, counted in speed figures, that FitGroups gives
// the shared efficiencies against a group's own fit: a group of n figures
// moves n / (n + Shrink) of the way, in logarithms, from the shared value
// to its own optimum. Groups of few runs, often one source's, overfit
// alone; the weight is the one of ShrinkChoices that ChooseShrink takes
// by leave-one-source-out error (TestFitGroups logs the choice: 40 with
// edition 2026-12-08's runs before the eras and AMD's, each run on its
// engine as launched, the lowest error at 10, 0.373 with a standard
// error of 0.031, and 40's 0.403; 10 with edition 2026-12-07's runs
// before the eras of engine builds, the lowest error at 0, 0.387 with a
// standard error of 0.028, and 10's 0.414; 80
// with edition 2026-12-04's runs, the lowest error at 10; 40 with
// 2026-12-03's, 20 with 2026-12-02's).
const Shrink = 40

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
func Shrunk(own []OwnFit, shared perf.Efficiency, shrink float64) []serving.GroupEfficiency {
	var out []serving.GroupEfficiency
	for _, o := range own {
		w := float64(o.N) / (float64(o.N) + shrink)
		pull := func(v, at float64, p Param) float64 {
			return nearest(p.Grid, math.Exp(w*math.Log(v)+(1-w)*math.Log(at)))
		}
		c, m := pull(o.Compute, shared.Compute, Params[0]), pull(o.Memory, shared.Memory, Params[1])
		if c == nearest(Params[0].Grid, shared.Compute) && m == nearest(Params[1].Grid, shared.Memory) {
			continue
		}
		out = append(out, serving.GroupEfficiency{Arch: o.Arch, Precision: o.Precision,
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

// GroupsOutOfSource is LeaveOneSourceOut for the efficiencies by group
// fitted pooled: for every source, the shared figures params are fitted
// on the other sources without groups (FitFrom starts), and each group's
// own efficiencies on them (FitOwn); the source left out is then measured
// with the shared figures alone (before) and with the groups shrunk by
// each of shrinks (after, one list per shrink weight). Sources are
// fitted on every CPU.
func GroupsOutOfSource(t calibration.Table, est Today, starts []perf.Efficiency, params []Param, shrinks []float64) (before []Comparison, after [][]Comparison) {
	est.Perf.Defaults.EfficiencyBy = nil
	sources := speedSources(t)
	bs := make([][]Comparison, len(sources))
	as := make([][][]Comparison, len(shrinks))
	for i := range as {
		as[i] = make([][]Comparison, len(sources))
	}
	for j, s := range sources {
		in, left := split(t, s)
		shared := FitFrom(in, est, starts, params)
		own := FitOwn(in, est, shared)
		e := est
		e.Efficiency = shared
		bs[j] = Measure(left, e).Comparisons
		for i, k := range shrinks {
			e.Perf.Defaults.EfficiencyBy = Shrunk(own, shared, k)
			as[i][j] = Measure(left, e).Comparisons
		}
	}
	after = make([][]Comparison, len(shrinks))
	for i := range as {
		after[i] = slices.Concat(as[i]...)
	}
	return slices.Concat(bs...), after
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
		m := perf.Median(sample)
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

// Joint says how the data's shared figures are fitted: jointly with the
// efficiencies by group (FitJoint) or, when false, pooled over every run
// without groups (FitFrom), the groups then fitted at them and shrunk
// towards them. It is the choice of the one-standard-error rule on the
// two fits' leave-one-source-out losses (TestFitJoint and TestFitGroups
// log them): the joint fit unless it is worse by more than one standard
// error.
const Joint = false

// Starts are start points of the fit: the first edition's efficiencies
// with no fixed costs, the edition before's fitted values (Previous),
// and a point of low efficiencies and large fixed costs. Coordinate
// search on a median ends at a local optimum that depends on its start;
// the data is fitted from Previous, the one-standard-error rule's choice
// by leave-one-source-out error among these three and the lowest loss
// of all of them (FitFrom), which fits the runs it sees best and the
// runs it left out worst.
var Starts = []perf.Efficiency{
	// The first start, before a fitted edition.
	{Compute: 0.5, Memory: 0.7, Link: 0.7, CollectiveLatency: 8e-6},
	Previous,
	{Compute: 0.3, Memory: 0.5, Link: 0.7, CollectiveLatency: 30e-6, StepSeconds: 2.5e-3, RequestSeconds: 50e-3},
}

// Previous is the start the data's fit takes: the values of the edition
// before, 2026-12-07's for edition 2026-12-08, so that a refit moves from
// the published figures only as far as the new runs (or a new rule) ask.
var Previous = perf.Efficiency{Compute: 0.375, Memory: 0.575, Link: 0.7, CollectiveLatency: 34e-6, StepSeconds: 600e-6}

// FitJoint fits the shared figures params together with the efficiencies
// by group shrunk by shrink: from each of starts (their Link and
// TouchedExperts replaced by est's data), it alternates each group's own
// fit (FitOwn) at the shared figures with a search of the shared figures
// in which every row of a group is estimated with its group's
// efficiencies, shrunk towards the candidate shared pair, until a round
// changes nothing (at most 6); it returns the result of lowest loss. A
// group so absorbs its GPUs' offset instead of pulling the figures of
// every other GPU. The data's fit is pooled (Joint is false): this is
// the alternative the one-standard-error rule compares it with.
func FitJoint(t calibration.Table, est Today, starts []perf.Efficiency, params []Param, shrink float64) (perf.Efficiency, []serving.GroupEfficiency) {
	const maxRounds = 6
	data := est.Perf.Efficiency()
	shared := make([]perf.Efficiency, len(starts))
	groups := make([][]serving.GroupEfficiency, len(starts))
	losses := make([]float64, len(starts))
	parallel(len(starts), func(i int) {
		s := starts[i]
		s.Link, s.TouchedExperts = data.Link, data.TouchedExperts
		own := FitOwn(t, est, s)
		for range maxRounds {
			next := fitWith(t, est, s, params, func(e perf.Efficiency) []serving.GroupEfficiency { return Shrunk(own, e, shrink) })
			if next == s {
				break
			}
			s = next
			own = FitOwn(t, est, s)
		}
		e := est
		e.Efficiency, e.Perf.Defaults.EfficiencyBy = s, Shrunk(own, s, shrink)
		shared[i], groups[i], losses[i] = s, e.Perf.Defaults.EfficiencyBy, Loss(Measure(t, e))
	})
	best := 0
	for i := range losses {
		if losses[i] < losses[best] {
			best = i
		}
	}
	return shared[best], groups[best]
}

// parallel runs f(0) … f(n-1) on every CPU and waits for them all.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}

// Progress, when set, is given the comparisons of each shrink weight
// JointOutOfSource has measured on every source, as soon as it has.
var Progress func(shrink float64, cs []Comparison)

// JointOutOfSource is GroupsOutOfSource for FitJoint: for every source
// and every shrink weight of shrinks, the joint fit on the other sources
// measured on the one left out (one list of comparisons per weight, as
// ChooseShrink takes them, sources in the order of their first row). The
// fits run on every CPU, a weight's next to Shrink first: they are
// independent, and a few hundred of them take an hour on two.
func JointOutOfSource(t calibration.Table, est Today, starts []perf.Efficiency, params []Param, shrinks []float64) [][]Comparison {
	sources := speedSources(t)
	at := max(slices.Index(shrinks, Shrink), 0)
	order := make([]int, len(shrinks))
	for i := range order {
		order[i] = i
	}
	dist := func(i int) float64 { return math.Abs(float64(i-at)) - float64(i)*1e-3 }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(dist(a), dist(b)) })
	per := make([][][]Comparison, len(shrinks))
	left := make([]int, len(shrinks))
	for i := range per {
		per[i], left[i] = make([][]Comparison, len(sources)), len(sources)
	}
	var mu sync.Mutex
	parallel(len(sources)*len(shrinks), func(n int) {
		i, j := order[n/len(sources)], n%len(sources)
		in, out := split(t, sources[j])
		e := est
		e.Efficiency, e.Perf.Defaults.EfficiencyBy = FitJoint(in, est, starts, params, shrinks[i])
		cs := Measure(out, e).Comparisons
		mu.Lock()
		defer mu.Unlock()
		per[i][j] = cs
		if left[i]--; left[i] == 0 && Progress != nil {
			Progress(shrinks[i], slices.Concat(per[i]...))
		}
	})
	after := make([][]Comparison, len(shrinks))
	for i := range per {
		after[i] = slices.Concat(per[i]...)
	}
	return after
}
