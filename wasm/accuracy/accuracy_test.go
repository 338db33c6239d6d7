package accuracy

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"slices"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/perf"
)

func TestMedianAndPercentileByHand(t *testing.T) {
	tests := []struct {
		sorted              []float64
		median, p10, p90    float64
		name                string
		medianNaN, rankNaNs bool
	}{
		{name: "none", medianNaN: true, rankNaNs: true},
		{name: "one", sorted: []float64{0.3}, median: 0.3, p10: 0.3, p90: 0.3},
		{name: "two", sorted: []float64{-0.2, 0.4}, median: 0.1, p10: -0.2, p90: 0.4},
		{name: "five", sorted: []float64{-0.5, -0.1, 0, 0.2, 0.9}, median: 0, p10: -0.5, p90: 0.9},
		// Ten values: the 10th percentile is the 1st (10 % at or below
		// it), the 90th the 9th.
		{name: "ten", sorted: []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, median: 5.5, p10: 1, p90: 9},
		// Eleven: ceil(1.1) = 2nd and ceil(9.9) = 10th.
		{name: "eleven", sorted: []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, median: 6, p10: 2, p90: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			same := func(what string, got, want float64, nan bool) {
				if nan != math.IsNaN(got) || !nan && got != want {
					t.Errorf("%s = %g; want %g (NaN %t)", what, got, want, nan)
				}
			}
			same("Median", perf.Median(tt.sorted), tt.median, tt.medianNaN)
			same("Percentile 10", Percentile(tt.sorted, 10), tt.p10, tt.rankNaNs)
			same("Percentile 90", Percentile(tt.sorted, 90), tt.p90, tt.rankNaNs)
		})
	}
}

func TestWorkloadsOfRows(t *testing.T) {
	tests := []struct {
		in, out float64
		moe     bool
		want    []Workload
	}{
		{2048, 128, false, []Workload{All, PrefillHeavy}},
		{128, 2048, true, []Workload{All, DecodeHeavy, MoE}},
		{1000, 1000, false, []Workload{All, Balanced}},
		{20000, 2000, false, []Workload{All, PrefillHeavy, LongContext}},
		{0, 0, true, []Workload{All, MoE}}, // a start-up row has no lengths
	}
	for _, tt := range tests {
		got := WorkloadsOf(calibration.Row{Input: tt.in, Output: tt.out, MoE: tt.moe})
		if len(got) != len(tt.want) {
			t.Errorf("%g in, %g out, MoE %t: got %v; want %v", tt.in, tt.out, tt.moe, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%g in, %g out, MoE %t: got %v; want %v", tt.in, tt.out, tt.moe, got, tt.want)
			}
		}
	}
}

// fixed is an estimator that answers the same estimate for every row.
type fixed Estimate

func (f fixed) Estimate(calibration.Row) Estimate { return Estimate(f) }

func TestMeasureComparesTheStatisticBothGive(t *testing.T) {
	row := calibration.Row{ID: "r", Input: 100, Output: 100, OutputTokS: 100,
		TTFT: &calibration.Latency{P50: 50, Mean: 60}, ITL: &calibration.Latency{Mean: 20}, E2E: &calibration.Latency{P99: 1000}}
	est := fixed{OutputTokS: 110, TTFT: calibration.Latency{P50: 40, P99: 90}, TPOT: calibration.Latency{Mean: 25},
		Gaps: map[Metric]string{E2E: "not estimated"}}
	rep := Measure(calibration.Table{Rows: []calibration.Row{row}}, est)
	want := []struct {
		metric  Metric
		stat    string
		measure float64
		err     float64
	}{{Throughput, "", 100, 0.1}, {TTFT, "P50", 50, -0.2}, {TPOT, "mean", 20, 0.25}}
	if len(rep.Comparisons) != len(want) {
		t.Fatalf("got %d comparisons; want %d: %+v", len(rep.Comparisons), len(want), rep.Comparisons)
	}
	for i, w := range want {
		c := rep.Comparisons[i]
		if c.Metric != w.metric || c.Stat != w.stat || c.Measured != w.measure || math.Abs(c.Err-w.err) > 1e-12 {
			t.Errorf("comparison %d: got %v %q %g err %g; want %v %q %g err %g", i, c.Metric, c.Stat, c.Measured, c.Err, w.metric, w.stat, w.measure, w.err)
		}
	}
	if len(rep.Gaps) != 1 || rep.Gaps[0].Metric != E2E || rep.Gaps[0].Reason != "not estimated" {
		t.Errorf("got gaps %+v; want the end-to-end latency, not estimated", rep.Gaps)
	}
}

// calibrated is the calibration table and today's estimator on the
// newest edition's data, a held one included: the fit this package
// describes (Previous, Shrink) is the newest edition's, checked before it
// is published.
func calibrated(t *testing.T) (calibration.Table, Today) {
	t.Helper()
	e := newestEditions(t)
	tab, err := dataset.LoadCalibration(content.FS, "data", e)
	if err != nil {
		t.Fatal(err)
	}
	d := e.Latest().PerfData()
	if *scheduling {
		d.Defaults.VariedLengths.Value, d.Defaults.PrefillFirst.Value = 1, 1
	}
	return tab, Today{Perf: d}
}

// newestEditions are the data editions as of the newest one's day, a
// held one included.
func newestEditions(t *testing.T) dataset.Editions {
	t.Helper()
	e := datasettest.Editions(t, dataset.Today())
	if newest, _ := e.Newest(); newest > e.Today {
		e = datasettest.Editions(t, newest)
	}
	return e
}

// today runs today's estimator on the calibration table.
func today(t *testing.T) (calibration.Table, Report) {
	t.Helper()
	tab, est := calibrated(t)
	return tab, Measure(tab, est)
}

// Every measured figure of every row is either set beside an estimate or
// listed with the reason it is not; none is dropped.
func TestEveryMeasuredFigureIsComparedOrHasAReason(t *testing.T) {
	tab, rep := today(t)
	seen := map[string]int{}
	for _, c := range rep.Comparisons {
		seen[c.Row.ID]++
		if math.IsNaN(c.Err) || math.IsInf(c.Err, 0) {
			t.Errorf("%s %s: error %g", c.Row.ID, c.Metric.Label(), c.Err)
		}
	}
	for _, g := range rep.Gaps {
		seen[g.Row.ID]++
		if g.Reason == "" {
			t.Errorf("%s %s: a gap without a reason", g.Row.ID, g.Metric.Label())
		}
	}
	for _, r := range tab.Rows {
		want := 0
		for _, given := range []bool{r.KVTokens > 0 || r.KVBlocks > 0 || r.KVGiB > 0,
			r.OutputTokS > 0 || r.OutputTokSGPU > 0 || r.TotalTokS > 0 || r.RequestsS > 0,
			r.TTFT != nil, r.TPOT != nil || r.ITL != nil, r.E2E != nil} {
			if given {
				want++
			}
		}
		if want == 0 || seen[r.ID] != want {
			t.Errorf("%s: %d figures compared or listed; want %d (one per metric measured)", r.ID, seen[r.ID], want)
		}
	}
	t.Logf("%d rows: %d figures compared, %d not estimated", len(tab.Rows), len(rep.Comparisons), len(rep.Gaps))
}

// A kind's band, its 10th to 90th percentile, holds at least 80 % of the
// kind's errors, however few rows it has.
func TestBandHoldsFourFifthsOfItsKind(t *testing.T) {
	_, rep := today(t)
	sums := Summarize(rep.Comparisons)
	if len(sums) == 0 {
		t.Fatal("no kind has a comparison")
	}
	for _, s := range sums {
		in := 0
		for _, c := range rep.Comparisons {
			if c.Metric == s.Metric && slices.Contains(c.Workloads, s.Workload) && c.Err >= s.P10 && c.Err <= s.P90 {
				in++
			}
		}
		if float64(in) < 0.8*float64(s.N) {
			t.Errorf("%s, %s: band %+.1f %% to %+.1f %% holds %d of %d errors; want at least 80 %%",
				s.Metric.Label(), s.Workload.Label(), 100*s.P10, 100*s.P90, in, s.N)
		}
		t.Logf("%-22s %-14s n %3d  median |err| %5.1f %%  median %+6.1f %%  band %+6.1f %% to %+6.1f %%",
			s.Metric.Label(), s.Workload.Label(), s.N, 100*s.MedianAbs, 100*s.Median, 100*s.P10, 100*s.P90)
	}
}

// A row that keeps one request in flight is estimated by the closed loop:
// requests one after another, each as a request alone takes (the
// simulation's offline run of one request, plus a served request's fixed
// latency), its output over its end-to-end time as throughput.
func TestAClosedLoopRowOfOneClientIsSequential(t *testing.T) {
	_, est := calibrated(t)
	row := calibration.Row{ID: "c1", Engine: "vllm", Model: "llama-3.1-8b", GPU: "h100-sxm", GPUs: 1, TP: 1, Weights: "bf16", KV: "bf16",
		Load: calibration.Concurrency, Concurrency: 1, Requests: 50, Input: 1000, Output: 500}
	got := est.Estimate(row)
	if got.Unexpressed != "" || len(got.Gaps) > 0 {
		t.Fatalf("not estimated: %q %v", got.Unexpressed, got.Gaps)
	}
	d := est.Perf
	m, _ := d.Memory.Models.Find(row.Model)
	g, _ := d.Memory.GPUs.Find(row.GPU)
	e := d.EfficiencyOn(g, "bf16")
	s, _ := serving.Setup(m, g, 1, "bf16", "bf16", e)
	l := d.Load(s, g, 1000, 500)
	l.Mode, l.Requests, l.WarmupRequest = perf.Offline, 1, 0
	alone := s.Simulate(l)
	e2e := (alone.EndToEnd.P50 + e.RequestSeconds) * 1000
	if !near(got.E2E.P50, e2e, 1e-9) || !near(got.TPOT.P50, alone.PerToken.P50*1000, 1e-9) {
		t.Errorf("end-to-end %g ms, per token %g ms; want %g and %g", got.E2E.P50, got.TPOT.P50, e2e, alone.PerToken.P50*1000)
	}
	if want := 500 / (e2e / 1000); !near(got.OutputTokS, want, 1e-9) {
		t.Errorf("%g output tokens/s; want %g", got.OutputTokS, want)
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Abs(b) }

// TestKVCapacityByEngine prints the KV-capacity error by engine before the
// engine profiles (vLLM's accounting for every row) and with them, and
// checks that the profiles bring the error across engines down.
func TestKVCapacityByEngine(t *testing.T) {
	tab, now := calibrated(t)
	before := now
	before.Engine = "vllm"
	sum := func(e Estimator) []EngineSummary { return SummarizeByEngine(Measure(tab, e).Comparisons, KVCapacity) }
	b, a := sum(before), sum(now)
	find := func(ss []EngineSummary, engine string) (Summary, bool) {
		for _, s := range ss {
			if s.Engine == engine {
				return s.Summary, true
			}
		}
		return Summary{}, false
	}
	for _, e := range append(slices.Clone(calibration.Engines), "") {
		sb, ok := find(b, e)
		if !ok {
			continue
		}
		sa, _ := find(a, e)
		name := e
		if name == "" {
			name = "all"
		}
		t.Logf("%-7s n=%2d  before %5.1f %% (%+5.1f)  after %5.1f %% (%+5.1f)", name, sb.N,
			100*sb.MedianAbs, 100*sb.Median, 100*sa.MedianAbs, 100*sa.Median)
	}
	allB, _ := find(b, "")
	allA, _ := find(a, "")
	if allA.MedianAbs > allB.MedianAbs {
		t.Errorf("engine profiles raise the median |error| of KV capacity: %.3f before, %.3f after", allB.MedianAbs, allA.MedianAbs)
	}
}

// TestErrorsByEngineAndMetric prints, for every metric, the error of each
// serving engine's rows (n, median |error|, signed median) and the rows
// more than 30 % off, and checks that every engine with rows in the table
// has figures the estimator compares.
func TestErrorsByEngineAndMetric(t *testing.T) {
	tab, rep := today(t)
	for _, m := range Metrics {
		for _, s := range SummarizeByEngine(rep.Comparisons, m) {
			name := s.Engine
			if name == "" {
				name = "all"
			}
			t.Logf("%-22s %-7s n %3d  median |err| %5.1f %%  median %+6.1f %%", m.Label(), name, s.N, 100*s.MedianAbs, 100*s.Median)
		}
	}
	compared := map[string]bool{}
	for _, c := range rep.Comparisons {
		compared[c.Row.Engine] = true
		if c.Metric == KVCapacity {
			t.Logf("KV capacity: %s %s measured %g, estimated %.4g (%+.1f %%)", c.Row.ID, c.Unit, c.Measured, c.Estimate, 100*c.Err)
		}
		if math.Abs(c.Err) > 0.3 {
			t.Logf("over 30 %%: %s %s %s measured %g, estimated %.4g (%+.1f %%)", c.Row.ID, c.Metric.Label(), c.Stat, c.Measured, c.Estimate, 100*c.Err)
		}
	}
	for _, r := range tab.Rows {
		if !compared[r.Engine] {
			t.Errorf("no figure of engine %s is compared (row %s and others)", r.Engine, r.ID)
			compared[r.Engine] = true
		}
	}
}

// Parallelism the estimator does not model makes a row a gap with the
// reason, not an estimate of some other setting.
func TestUnmodelledParallelismIsAGap(t *testing.T) {
	_, est := calibrated(t)
	base := calibration.Row{ID: "p", Engine: "vllm", Model: "deepseek-r1", GPU: "h200-sxm", GPUs: 8, TP: 8, Weights: "fp8", KV: "fp8",
		Load: calibration.Concurrency, Concurrency: 32, Input: 1000, Output: 500}
	for _, tt := range []struct {
		change func(*calibration.Row)
		want   string
	}{
		{func(r *calibration.Row) { r.TP, r.PP = 4, 2 }, "Pipeline parallelism is not modelled."},
		{func(r *calibration.Row) { r.EP = 8 }, "Expert parallelism is not modelled."},
		{func(r *calibration.Row) { r.DP = 8 }, "Data-parallel attention is not modelled."},
	} {
		r := base
		tt.change(&r)
		if got := est.Estimate(r).Unexpressed; got != tt.want {
			t.Errorf("%+v: got %q, want %q", r, got, tt.want)
		}
	}
	if got := est.Estimate(base).Unexpressed; got != "" {
		t.Errorf("TP 8 alone: %q, want an estimate", got)
	}
}
