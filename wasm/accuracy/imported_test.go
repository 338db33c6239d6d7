package accuracy

import (
	"math"
	"slices"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/perf"
)

// AIConfigurator's imported runs give mean latencies, so they are set
// beside the simulation's means; every run is compared or has its reason, and every
// disaggregated run of a catalog model is refused as such. The errors by engine are logged
// (-v), as the methodology page shows them.
func TestImportedRunsAreComparedByTheirMeans(t *testing.T) {
	_, est := calibrated(t)
	snaps, err := dataset.LoadSnapshots(content.FS, "data", datasettest.Editions(t, dataset.Today()))
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range snaps {
		if _, ok := tab.Sources[amdSource]; ok {
			continue // medians given: TestImportedAMDRuns
		}
		rep := Measure(tab, est)
		figures := map[string]int{}
		disagg := 0
		for _, c := range rep.Comparisons {
			figures[c.Row.ID]++
			if (c.Metric == TTFT || c.Metric == TPOT) && c.Stat != "mean" {
				t.Errorf("%s %s: compared the %s, want the mean", c.Row.ID, c.Metric.Label(), c.Stat)
			}
		}
		for _, g := range rep.Gaps {
			figures[g.Row.ID]++
			if g.Row.Disagg != nil && g.Reason == "Disaggregated prefill and decode are not modelled." {
				disagg++
			}
		}
		pooled := 0
		for _, r := range tab.Rows {
			if figures[r.ID] != 2 {
				t.Errorf("%s: %d figures accounted for, want its TTFT and TPOT", r.ID, figures[r.ID])
			}
			if r.Disagg != nil && r.Model != "" { // a model outside the catalog is refused as such first
				pooled++
			}
		}
		if disagg != 2*pooled {
			t.Errorf("%d disaggregated figures refused as such, want 2 x %d runs", disagg, pooled)
		}
		for _, m := range []Metric{TTFT, TPOT} {
			for _, s := range SummarizeByEngine(rep.Comparisons, m) {
				t.Logf("%s %-6s runs %4d  median |error| %5.1f %%  signed %+6.1f %%  P10 %+6.1f %%  P90 %+6.1f %%",
					m.Label(), s.Engine, s.N, 100*s.MedianAbs, 100*s.Median, 100*s.P10, 100*s.P90)
			}
		}
	}
}

// amdSource is the source key of InferenceMAX's imported AMD runs
// (gen/importcalibration).
const amdSource = "inferencemax-amd"

// InferenceMAX's AMD runs give throughput and the median of each latency,
// and each is compared: the four figures of every run, on GPUs no era of
// builds measured, so with the shared figures and their architecture's.
// Each GPU, format and build is then left out in turn: the groups fitted
// without its runs (GroupRuns, FitOwn, Shrunk) estimate them. Both tables
// are logged (-v) by GPU, as the closing notes quote them.
func TestImportedAMDRuns(t *testing.T) {
	tab, snaps, est := withSnapshots(t)
	i := slices.IndexFunc(snaps, func(s calibration.Table) bool { _, ok := s.Sources[amdSource]; return ok })
	if i < 0 {
		t.Fatal("no snapshot of InferenceMAX's AMD runs")
	}
	amd := snaps[i]
	rep := Measure(amd, est)
	figures := map[string]int{}
	for _, c := range rep.Comparisons {
		figures[c.Row.ID]++
		if c.Metric != Throughput && c.Stat != "P50" {
			t.Errorf("%s %s: compared the %s, want the median", c.Row.ID, c.Metric.Label(), c.Stat)
		}
	}
	for _, g := range rep.Gaps {
		t.Errorf("%s %s: not compared: %s", g.Row.ID, g.Metric.Label(), g.Reason)
	}
	for _, r := range amd.Rows {
		if _, inEra := BuildOfRun(&est.Perf, r); inEra || figures[r.ID] != 4 {
			t.Errorf("%s: of an era %v, %d figures compared; want no era and 4", r.ID, inEra, figures[r.ID])
		}
	}
	logByGPU(t, "with the data's figures", rep.Comparisons)
	if testing.Short() {
		return // the fits below take half a minute
	}

	runs := GroupRuns(tab, est, snaps...)
	e := est.Perf.Efficiency()
	cell := func(r calibration.Row) string { return r.GPU + " " + r.Weights + " " + r.EngineVersion }
	var cells []string
	for _, r := range amd.Rows {
		if !slices.Contains(cells, cell(r)) {
			cells = append(cells, cell(r))
		}
	}
	var out []Comparison
	for _, c := range cells {
		var in, left calibration.Table
		for _, r := range runs.Rows {
			if r.Source == amdSource && cell(r) == c {
				left.Rows = append(left.Rows, r)
			} else {
				in.Rows = append(in.Rows, r)
			}
		}
		x := est
		x.Perf.Defaults.EfficiencyBy = Shrunk(FitOwn(in, est, e), e, Shrink)
		out = append(out, Measure(left, x).Comparisons...)
	}
	if len(out) != len(rep.Comparisons) {
		t.Errorf("left out in turn: %d figures compared; want %d", len(out), len(rep.Comparisons))
	}
	logByGPU(t, "each GPU, format and build left out of the groups' fit", out)
}

// logByGPU logs the median |error| and signed error of cs by metric, over
// every run and by GPU.
func logByGPU(t *testing.T, title string, cs []Comparison) {
	t.Helper()
	t.Log(title)
	for _, m := range []Metric{Throughput, TTFT, TPOT, E2E} {
		by := map[string][]float64{}
		var gpus []string
		for _, c := range cs {
			if c.Metric == m {
				if _, ok := by[c.Row.GPU]; !ok {
					gpus = append(gpus, c.Row.GPU)
				}
				by[c.Row.GPU] = append(by[c.Row.GPU], c.Err)
				by[""] = append(by[""], c.Err)
			}
		}
		slices.Sort(gpus)
		for _, g := range append([]string{""}, gpus...) {
			errs := slices.Sorted(slices.Values(by[g]))
			abs := make([]float64, len(errs))
			for i, e := range errs {
				abs[i] = math.Abs(e)
			}
			slices.Sort(abs)
			t.Logf("  %-22s %-7s n %3d  median |err| %5.1f %%  median %+6.1f %%", m.Label(), g, len(errs), 100*perf.Median(abs), 100*perf.Median(errs))
		}
	}
}
