package accuracy

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
)

var fit = flag.Bool("fit", false, "fit the step model on the calibration table; log the values and the leave-one-source-out errors")

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

// TestFitStepModel is the fit of the data's step model (go test
// ./wasm/accuracy -run TestFitStepModel -fit -v): it logs the fitted
// values, the errors by kind with them, and the leave-one-source-out
// errors of the fit with and without a step cost.
func TestFitStepModel(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	// The shared values are the pooled fit the groups are shrunk towards,
	// fitted and checked (TestTheDataHoldsTheFittedStepModel) without them.
	est.Perf.Defaults.EfficiencyBy = nil
	start := perf.Efficiency{Compute: 0.5, Memory: 0.7, Link: 0.7, CollectiveLatency: 8e-6}
	e := Fit(tab, est, start, Params)
	t.Logf("fitted: compute %.3f, memory %.3f, step %.0f µs, request %.1f ms, all-reduce %.0f µs", e.Compute, e.Memory, e.StepSeconds*1e6, e.RequestSeconds*1e3, e.CollectiveLatency*1e6)
	est.Efficiency = e
	rep := Measure(tab, est)
	t.Logf("loss %.4f", Loss(rep))
	logSummaries(t, "fitted, on every row", rep.Comparisons)
	logSummaries(t, "leave one source out, compute and memory efficiency only, as before", LeaveOneSourceOut(tab, est, start, Params[:2]))
	logSummaries(t, "leave one source out, every parameter", LeaveOneSourceOut(tab, est, start, Params))
	for _, c := range rep.Comparisons {
		if c.Metric == Throughput {
			t.Logf("  %-60s %-10s %+6.1f %%", c.Row.ID, c.Row.Weights, 100*c.Err)
		}
	}
}

// The data's step model is where Fit leaves it: no shared parameter's
// neighbour on its grid, the others held, gives a lower loss (with the
// shared efficiencies alone: they are the pooled fit the groups are
// shrunk towards), and the efficiencies by architecture and precision
// are each group's own fit shrunk by Shrink (FitOwn, Shrunk). A figure
// edited by hand fails this.
func TestTheDataHoldsTheFittedStepModel(t *testing.T) {
	tab, est := calibrated(t)
	e := est.Perf.Efficiency()
	groups := est.Perf.Defaults.EfficiencyBy
	est.Perf.Defaults.EfficiencyBy = nil
	want := Shrunk(FitOwn(tab, est, e), e, Shrink)
	if len(groups) != len(want) {
		t.Errorf("the data has %d efficiencies by architecture and precision; the fit gives %d: %v", len(groups), len(want), want)
	}
	for _, w := range want {
		i := slices.IndexFunc(groups, func(g perfview.GroupEfficiency) bool { return g.Arch == w.Arch && g.Precision == w.Precision })
		switch {
		case i < 0:
			t.Errorf("%s %s: the data has no efficiencies; the fit gives compute %g, memory %g", w.Arch, w.Precision, w.Compute.Value, w.Memory.Value)
		case math.Abs(groups[i].Compute.Value-w.Compute.Value) > 1e-9 || math.Abs(groups[i].Memory.Value-w.Memory.Value) > 1e-9:
			t.Errorf("%s %s: compute %g, memory %g; the fit gives %g, %g", w.Arch, w.Precision, groups[i].Compute.Value, groups[i].Memory.Value,
				w.Compute.Value, w.Memory.Value)
		}
	}
	loss := func(e perf.Efficiency) float64 {
		est.Efficiency = e
		return Loss(Measure(tab, est))
	}
	at := loss(e)
	for _, p := range Params {
		v := *p.Of(&e)
		i := slices.IndexFunc(p.Grid, func(g float64) bool { return math.Abs(g-v) < 1e-9 })
		if i < 0 {
			t.Errorf("%s %g is not on its grid", p.Name, v)
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(p.Grid) {
				continue
			}
			n := e
			*p.Of(&n) = p.Grid[j]
			if l := loss(n); l < at-1e-12 {
				t.Errorf("%s %g: loss %.4f; want none below the data's %g at %.4f", p.Name, p.Grid[j], l, v, at)
			}
		}
	}
}

// speedLoss is Loss over comparisons.
func speedLoss(cs []Comparison) float64 { return Loss(Report{Comparisons: cs}) }

// TestFitGroups is the fit of the efficiencies by GPU architecture and
// precision (go test ./wasm/accuracy -run TestFitGroups -fit -v, with
// SOURCE_DATE_EPOCH at an edition whose GPUs have architectures): each
// group's own optimum, the values shrunk by Shrink that the data holds,
// and the errors on every row and leaving one source out, without the
// groups (before) and with them at every weight of ShrinkChoices.
func TestFitGroups(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit")
	}
	tab, est := calibrated(t)
	shared := est.Perf.Efficiency()
	own := FitOwn(tab, est, shared)
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

	start := perf.Efficiency{Compute: 0.5, Memory: 0.7, Link: 0.7, CollectiveLatency: 8e-6}
	before, after := GroupsOutOfSource(tab, est, start, Params, ShrinkChoices)
	t.Logf("leave one source out, shared only: loss %.4f", speedLoss(before))
	for i, k := range ShrinkChoices {
		t.Logf("leave one source out, groups shrunk by %g: loss %.4f", k, speedLoss(after[i]))
	}
	k, lowest, se := ChooseShrink(ShrinkChoices, after)
	t.Logf("lowest loss %.4f, its standard error %.4f: the one-standard-error rule chooses %g (Shrink is %d)", lowest, se, k, Shrink)
	logSummaries(t, "leave one source out, shared efficiencies only", before)
	for i, k := range ShrinkChoices {
		logSummaries(t, fmt.Sprintf("leave one source out, groups shrunk by %g", k), after[i])
	}
}
