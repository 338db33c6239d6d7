package accuracy

import (
	"flag"
	"fmt"
	"github.com/infercost/infercost/wasm/serving"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/perf"
)

var (
	fit     = flag.Bool("fit", false, "fit the step model on the calibration table; log the values and the leave-one-source-out errors")
	startAt = flag.Int("start", 1, "TestFitGroups: fit from Starts[start] alone (1, Previous, the data's); from all of them, the lowest loss kept, when negative")
	// scheduling measures the edition flags varied_lengths and
	// prefill_first before an edition sets them, without editing its data.
	scheduling = flag.Bool("scheduling", false, "set the edition's varied_lengths and prefill_first to 1 before measuring or fitting")
)

func TestGridByHand(t *testing.T) {
	got := grid(0, 1, 0.25)
	want := []float64{0, 0.25, 0.5, 0.75, 1}
	if len(got) != len(want) {
		t.Fatalf("grid(0, 1, 0.25) = %v; want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("grid(0, 1, 0.25) = %v; want %v", got, want)
		}
	}
}

// logSummaries logs a table of errors by kind.
func logSummaries(t *testing.T, title string, cs []Comparison) {
	t.Helper()
	t.Log(title)
	for _, s := range Summarize(cs) {
		t.Logf("  %-22s %-14s n %3d  median |err| %5.1f %%  median %+6.1f %%  band %+6.1f %% to %+6.1f %%",
			s.Metric.Label(), s.Workload.Label(), s.N, 100*s.MedianAbs, 100*s.Median, 100*s.P10, 100*s.P90)
	}
}

// The data's step model is where its fit leaves it (Joint says which):
// the efficiencies by architecture and precision are each group's own
// fit at the shared figures shrunk by Shrink (FitOwn, Shrunk), and no
// shared parameter's neighbour on its grid, the others held, gives a
// lower loss, without the groups for a pooled fit, with the groups
// shrunk towards the neighbour for a joint one. A figure edited by hand
// fails this. Editions before the groups have none, and both fits are
// the plain one. The shared figures are fitted on the calibration
// table's runs before every era of engine builds (BeforeEras), which
// alone take them; the groups also on the imported runs of no era
// (GroupRuns: AMD's).
func TestTheDataHoldsTheFittedStepModel(t *testing.T) {
	tab, snaps, est := withSnapshots(t)
	runs := GroupRuns(tab, est, snaps...)
	tab = BeforeEras(tab, est)
	e := est.Perf.Efficiency()
	groups := est.Perf.Defaults.EfficiencyBy
	own := FitOwn(runs, est, e)
	want := Shrunk(own, e, Shrink)
	// A group the fit pulls back to the shared pair is left out of it, but
	// an edition cannot drop a group an earlier one added: it sets the
	// group to the shared pair, which is the same.
	groups = slices.DeleteFunc(slices.Clone(groups), func(g serving.GroupEfficiency) bool {
		return g.Compute.Value == e.Compute && g.Memory.Value == e.Memory &&
			!slices.ContainsFunc(want, func(w serving.GroupEfficiency) bool { return w.Arch == g.Arch && w.Precision == g.Precision })
	})
	if len(groups) != len(want) {
		t.Errorf("the data has %d efficiencies by architecture and precision; the fit gives %d: %v", len(groups), len(want), want)
	}
	for _, w := range want {
		i := slices.IndexFunc(groups, func(g serving.GroupEfficiency) bool { return g.Arch == w.Arch && g.Precision == w.Precision })
		switch {
		case i < 0:
			t.Errorf("%s %s: the data has no efficiencies; the fit gives compute %g, memory %g", w.Arch, w.Precision, w.Compute.Value, w.Memory.Value)
		case math.Abs(groups[i].Compute.Value-w.Compute.Value) > 1e-9 || math.Abs(groups[i].Memory.Value-w.Memory.Value) > 1e-9:
			t.Errorf("%s %s: compute %g, memory %g; the fit gives %g, %g", w.Arch, w.Precision, groups[i].Compute.Value, groups[i].Memory.Value,
				w.Compute.Value, w.Memory.Value)
		}
	}
	loss := func(e perf.Efficiency) float64 {
		est.Efficiency, est.Perf.Defaults.EfficiencyBy = e, nil
		if Joint {
			est.Perf.Defaults.EfficiencyBy = Shrunk(own, e, Shrink)
		}
		return Loss(Measure(tab, est))
	}
	atOptimum(t, "", e, Params, loss)
}

// atOptimum checks that e is where a fit of params leaves it: each on
// its grid, and no grid neighbour of one, the others held, gives a lower
// loss. what names the figures in the errors.
func atOptimum(t *testing.T, what string, e perf.Efficiency, params []Param, loss func(perf.Efficiency) float64) float64 {
	t.Helper()
	at := loss(e)
	for _, p := range params {
		v := *p.Of(&e)
		i := slices.IndexFunc(p.Grid, func(g float64) bool { return math.Abs(g-v) < 1e-9 })
		if i < 0 {
			t.Errorf("%s%s %g is not on its grid", what, p.Name, v)
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(p.Grid) {
				continue
			}
			n := e
			*p.Of(&n) = p.Grid[j]
			if l := loss(n); l < at-1e-12 {
				t.Errorf("%s%s %g: loss %.4f; want none below the data's %g at %.4f", what, p.Name, p.Grid[j], l, v, at)
			}
		}
	}
	return at
}

// speedLoss is Loss over comparisons.
func speedLoss(cs []Comparison) float64 { return Loss(Report{Comparisons: cs}) }

// TestFitGroups is the data's fit (go test ./wasm/accuracy -run
// TestFitGroups -fit -v, with SOURCE_DATE_EPOCH at an edition whose GPUs
// have architectures): the shared figures pooled, from Previous (or
// -start), each group's own optimum at them (on GroupRuns), the values
// shrunk by Shrink that the data holds, and the errors on every row of
// the calibration table and leaving one
// source out, without the groups (before) and with them at every weight
// of ShrinkChoices, with the weight the one-standard-error rule takes.
func TestFitGroups(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, snaps, est := withSnapshots(t)
	runs := GroupRuns(tab, est, snaps...)
	tab = BeforeEras(tab, est)
	est.Perf.Defaults.EfficiencyBy = nil
	starts := Starts
	if *startAt >= 0 {
		starts = Starts[*startAt : *startAt+1]
	}
	t.Logf("from %d of Starts (-start %d)", len(starts), *startAt)
	shared := FitFrom(tab, est, starts, Params)
	t.Logf("pooled fit: compute %.3f, memory %.3f, step %.0f µs, request %.1f ms, all-reduce %.0f µs", shared.Compute, shared.Memory, shared.StepSeconds*1e6, shared.RequestSeconds*1e3, shared.CollectiveLatency*1e6)
	est.Efficiency = shared
	own := FitOwn(runs, est, shared)
	for _, o := range own {
		t.Logf("own fit %-14s %-5s n %3d: compute %.3f memory %.3f", o.Arch, o.Precision, o.N, o.Compute, o.Memory)
	}
	for _, g := range Shrunk(own, shared, Shrink) {
		t.Logf("shrunk by %d: %-14s %-5s compute %.3f memory %.3f", Shrink, g.Arch, g.Precision, g.Compute.Value, g.Memory.Value)
	}
	est.Perf.Defaults.EfficiencyBy = nil
	in := Measure(tab, est).Comparisons
	t.Logf("on every row, shared only: loss %.4f", speedLoss(in))
	logSummaries(t, "on every row, shared efficiencies only", in)
	est.Perf.Defaults.EfficiencyBy = Shrunk(own, shared, Shrink)
	in = Measure(tab, est).Comparisons
	t.Logf("on every row, with the groups: loss %.4f", speedLoss(in))
	logSummaries(t, "on every row, with the groups shrunk by Shrink", in)

	before, after := GroupsOutOfSource(tab, est, starts, Params, ShrinkChoices)
	t.Logf("leave one source out, shared only: loss %.4f", speedLoss(before))
	logSummaries(t, "leave one source out, shared efficiencies only", before)
	k := logShrinks(t, "leave one source out, groups shrunk by", after)
	logSplits(t, after[slices.Index(ShrinkChoices, k)], est.Perf.Memory.GPUs)
}

// logSplits logs the errors by kind of cs on NVIDIA's and on AMD's GPUs,
// and each source's median error by metric: where a median over every
// run comes from.
func logSplits(t *testing.T, cs []Comparison, gpus gpu.Catalog) {
	t.Helper()
	logSummaries(t, "left out, on AMD GPUs", OnPlatform(cs, gpus, band.AMD))
	logSummaries(t, "left out, on the other GPUs", OnPlatform(cs, gpus, ""))
	bySource := map[string][]Comparison{}
	for _, c := range cs {
		bySource[c.Row.Source] = append(bySource[c.Row.Source], c)
	}
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		for _, s := range Summarize(bySource[src]) {
			if s.Workload == All {
				t.Logf("left out, %-28s %-22s n %3d  median |err| %6.1f %%  median %+7.1f %%", src, s.Metric.Label(), s.N, 100*s.MedianAbs, 100*s.Median)
			}
		}
	}
}

// TestMatchedRuns logs every pair of throughput runs from two sources in
// the same setting: model, GPUs, parallelism, weights, engine, load and
// lengths, the KV cache's format logged beside them as a source may not
// name it (go test ./wasm/accuracy -run TestMatchedRuns -fit -v). How far
// published measurements of one setting are from each other is about as
// close as any estimator can come to both.
func TestMatchedRuns(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, _ := calibrated(t)
	setting := func(r calibration.Row) string {
		return fmt.Sprint(r.Model, r.GPU, r.GPUs, r.TP, r.EP, r.DP, r.Weights, r.Engine, r.Load, r.Batch, r.Concurrency, r.RateRPS, r.Dataset, r.Input, r.Output)
	}
	rows := tab.Rows
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			if a.Source != b.Source && a.OutputTokS > 0 && b.OutputTokS > 0 && setting(a) == setting(b) {
				t.Logf("%s (KV %s) %g tok/s, %s (KV %s) %g tok/s: %+.1f %%", a.ID, a.KV, a.OutputTokS, b.ID, b.KV, b.OutputTokS, 100*(b.OutputTokS/a.OutputTokS-1))
			}
		}
	}
}

// logShrinks logs the loss and the errors by kind of each weight of
// ShrinkChoices (after, one list per weight) and the weight the
// one-standard-error rule takes, and returns that weight.
func logShrinks(t *testing.T, title string, after [][]Comparison) float64 {
	t.Helper()
	for i, k := range ShrinkChoices {
		t.Logf("%s %g: loss %.4f", title, k, speedLoss(after[i]))
	}
	chosen, lowest, se := ChooseShrink(ShrinkChoices, after)
	t.Logf("lowest loss %.4f, its standard error %.4f: the one-standard-error rule chooses %g (Shrink is %d)", lowest, se, chosen, Shrink)
	for i, k := range ShrinkChoices {
		logSummaries(t, fmt.Sprintf("%s %g", title, k), after[i])
	}
	return chosen
}

// TestFitJoint is the joint fit of the shared figures and the
// efficiencies by group, the alternative to the data's pooled one (go
// test ./wasm/accuracy -run TestFitJoint -fit -v; -short for the fit on
// every row alone): the values fitted from Starts at Shrink, the lowest
// loss kept, the errors on every row, and the leave-one-source-out
// errors at every weight of ShrinkChoices with the weight the
// one-standard-error rule takes.
func TestFitJoint(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	e, g := FitJoint(tab, est, Starts, Params, Shrink)
	est.Efficiency, est.Perf.Defaults.EfficiencyBy = e, g
	t.Logf("joint fit: compute %.3f, memory %.3f, step %.0f µs, request %.1f ms, all-reduce %.0f µs", e.Compute, e.Memory, e.StepSeconds*1e6, e.RequestSeconds*1e3, e.CollectiveLatency*1e6)
	for _, x := range g {
		t.Logf("  %-14s %-5s compute %.3f memory %.3f", x.Arch, x.Precision, x.Compute.Value, x.Memory.Value)
	}
	in := Measure(tab, est).Comparisons
	t.Logf("on every row: loss %.4f", speedLoss(in))
	logSummaries(t, "joint fit, on every row", in)
	if testing.Short() {
		return
	}
	// Each fit that leaves a source out starts from the joint fit on every
	// row: with several starts each, the few hundred fits would take hours.
	Progress = func(k float64, cs []Comparison) {
		t.Logf("leave one source out, joint, shrunk by %g: loss %.4f", k, speedLoss(cs))
		logSummaries(t, fmt.Sprintf("leave one source out, joint, shrunk by %g", k), cs)
	}
	defer func() { Progress = nil }()
	logShrinks(t, "leave one source out, joint, shrunk by", JointOutOfSource(tab, est, []perf.Efficiency{e}, Params, ShrinkChoices))
}

// TestErrorsByKind logs the loss and the errors by kind with the data's
// step model, without a refit (go test ./wasm/accuracy -run
// TestErrorsByKind -fit -v; -scheduling to measure the flags it lacks).
func TestErrorsByKind(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	cs := Measure(tab, est).Comparisons
	t.Logf("varied lengths %g, prefill first %g: loss %.4f", est.Perf.Defaults.VariedLengths.Value, est.Perf.Defaults.PrefillFirst.Value, speedLoss(cs))
	logSummaries(t, "the data's step model, on every row", cs)
}

// TestRowErrors logs every speed figure's error with the data's step
// model (go test ./wasm/accuracy -run TestRowErrors -fit -v): which rows
// a kind's median hides.
func TestRowErrors(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	for _, c := range Measure(tab, est).Comparisons {
		if c.Metric == KVCapacity {
			continue
		}
		var kinds []string
		for _, w := range c.Workloads {
			kinds = append(kinds, w.Label())
		}
		r := c.Row
		t.Logf("%-8s %-4s %+7.1f %%  %-55s %-8s %-6s %-14s tp %d b %d in %g out %g rate %g conc %d %v", c.Metric.Label()[:8], c.Stat, 100*c.Err, r.ID, r.Engine, r.Weights, r.GPU, r.TP, r.Batch, r.Input, r.Output, r.RateRPS, r.Concurrency, kinds)
	}
}

// TestExpertParallelRows logs the errors of the calibration rows with
// expert parallelism when estimated with it (go test ./wasm/accuracy -run
// TestExpertParallelRows -fit -v), which no edition counts yet.
func TestExpertParallelRows(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	est.ExpertParallel = true
	var rows calibration.Table
	rows.Sources = tab.Sources
	for _, r := range tab.Rows {
		if r.EP > 1 {
			rows.Rows = append(rows.Rows, r)
		}
	}
	rep := Measure(rows, est)
	for _, c := range rep.Comparisons {
		t.Logf("%-22s %-4s %+7.1f %%  %s", c.Metric.Label(), c.Stat, 100*c.Err, c.Row.ID)
	}
	for _, g := range rep.Gaps {
		t.Logf("not estimated: %s %s: %s", g.Row.ID, g.Metric.Label(), g.Reason)
	}
	logSummaries(t, "rows with expert parallelism, estimated with it", rep.Comparisons)
	for i := range rows.Rows {
		rows.Rows[i].EP = 1
	}
	logSummaries(t, "the same rows as tensor parallelism alone", Measure(rows, est).Comparisons)
}

// TestNewRowsOnThePreviousEdition logs how the edition before the newest
// estimated the rows the newest adds (go test ./wasm/accuracy -run
// TestNewRowsOnThePreviousEdition -fit -v): its errors on sources it had
// never seen, before any refit.
func TestNewRowsOnThePreviousEdition(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, _ := calibrated(t)
	e := datasettest.Editions(t, datasettest.Today)
	dates := e.DataDates()
	newest, before := dates[len(dates)-1], dates[len(dates)-2]
	fresh := calibration.Table{Sources: tab.Sources}
	for _, r := range tab.Rows {
		if r.AsOf == newest {
			fresh.Rows = append(fresh.Rows, r)
		}
	}
	t.Logf("%d rows enter with edition %s; edition %s's errors on them", len(fresh.Rows), newest, before)
	logSummaries(t, "the edition before, on the new rows", Measure(fresh, Today{Perf: e.Data[before].PerfData()}).Comparisons)
}
