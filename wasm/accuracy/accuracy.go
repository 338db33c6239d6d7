// Package accuracy measures how far InferCost's estimates have been from
// published measurements: it runs an estimator on every row of the
// calibration table (wasm/calibration), sets each measured figure beside
// the estimate of it, and sums the signed errors up by kind of figure
// (metric and workload) as medians and a 10th–90th percentile band, the
// band a figure of that kind can be shown with. Figures the estimator
// cannot express are kept, with the reason, rather than dropped.
//
// The estimator is an interface so that a fitted one can be measured the
// same way as today's (Today).
//
// The package also fits the step model's free figures on the same rows:
// the shared ones, and the compute and memory efficiencies by GPU
// architecture (arch in gpus.yaml) and precision (efficiency_by in
// perf.yaml), shrunk towards the shared pair. The shared figures are
// pooled over every run from the edition before's values (Previous) and
// the groups fitted at them; the open choices (start point, pooled or
// joint fit FitJoint, the shrink weight) are settled by
// leave-one-source-out error with the one-standard-error rule.
// `go test ./wasm/accuracy -run TestFitGroups -fit -v` logs the values and
// the leave-one-source-out errors at every shrink weight (-start for other
// start points; minutes), -run TestFitJoint the joint fit's (on every CPU,
// over an hour on two).
package accuracy

import (
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/perf"
)

// Metric is what a measured figure is (see package band, which the
// calculators' figures share it with).
type Metric = band.Metric

// The metrics, in the order reports list them.
const (
	KVCapacity = band.KVCapacity
	Throughput = band.Throughput
	TTFT       = band.TTFT
	TPOT       = band.TPOT
	E2E        = band.E2E
)

// Metrics are all metrics in report order.
var Metrics = band.Metrics

// Workload is a kind of traffic a row belongs to (see band.Workload).
type Workload = band.Workload

// The workloads, in report order.
const (
	All          = band.All
	PrefillHeavy = band.PrefillHeavy
	DecodeHeavy  = band.DecodeHeavy
	Balanced     = band.Balanced
	LongContext  = band.LongContext
	MoE          = band.MoE
)

// Workloads are all workloads in report order.
var Workloads = band.Workloads

// WorkloadsOf returns the workloads row r belongs to, as a calculator's
// figure of the same lengths and model would (band.WorkloadsOf).
func WorkloadsOf(r calibration.Row) []Workload { return band.WorkloadsOf(r.Input, r.Output, r.MoE) }

// Estimate is an estimator's figures for a row's setting, in the units of
// calibration.Row: output tokens per second of all the row's GPUs,
// latencies in ms (a statistic left zero is not estimated), KV capacity in
// tokens per replica and GiB per GPU.
type Estimate struct {
	OutputTokS float64
	TTFT, TPOT calibration.Latency
	E2E        calibration.Latency
	KVTokens   float64
	KVGiB      float64
	// Unexpressed says why the estimator cannot express the row's setting
	// at all; Gaps why it does not estimate a metric of a setting it can.
	Unexpressed string
	Gaps        map[Metric]string
}

// Estimator estimates the figures of a calibration row.
type Estimator interface {
	Estimate(r calibration.Row) Estimate
}

// Comparison is a measured figure beside its estimate.
type Comparison struct {
	Row       calibration.Row
	Metric    Metric
	Workloads []Workload
	// Stat names the statistic compared ("P50", "mean", …; "" for a
	// throughput or a capacity); Unit the unit of Measured and Estimate.
	Stat, Unit         string
	Measured, Estimate float64
	// Err is the signed error, Estimate / Measured - 1.
	Err float64
}

// Gap is a measured figure the estimator does not estimate, and why.
type Gap struct {
	Row        calibration.Row
	Metric     Metric
	Stat, Unit string // as in Comparison
	Measured   float64
	Reason     string
}

// Report is every measured figure of a table, compared or a gap.
type Report struct {
	Comparisons []Comparison
	Gaps        []Gap
}

// Measure runs e on every row of t.
func Measure(t calibration.Table, e Estimator) Report {
	var rep Report
	for _, r := range t.Rows {
		est := e.Estimate(r)
		for _, f := range measured(r) {
			gap := func(reason string) {
				rep.Gaps = append(rep.Gaps, Gap{Row: r, Metric: f.metric, Stat: f.stat, Unit: f.unit, Measured: f.value(f.stat), Reason: reason})
			}
			if est.Unexpressed != "" {
				gap(est.Unexpressed)
				continue
			}
			if reason, ok := est.Gaps[f.metric]; ok {
				gap(reason)
				continue
			}
			stat, v, ok := f.estimate(est)
			if !ok || !(v > 0) || math.IsInf(v, 0) {
				gap("InferCost gives no figure for this setting")
				continue
			}
			rep.Comparisons = append(rep.Comparisons, Comparison{Row: r, Metric: f.metric, Workloads: WorkloadsOf(r),
				Stat: stat, Unit: f.unit, Measured: f.value(stat), Estimate: v, Err: v/f.value(stat) - 1})
		}
	}
	return rep
}

// figure is one measured figure of a row: its metric and unit, the first
// statistic it gives, how to read the estimate of it (and which statistic
// is compared), and the measured value of a statistic.
type figure struct {
	metric   Metric
	unit     string
	stat     string
	estimate func(Estimate) (stat string, v float64, ok bool)
	value    func(stat string) float64
}

// measured lists a row's measured figures, one per metric: the first
// throughput figure the row gives (the others are the same run in other
// units), TPOT before ITL, KV tokens before blocks before GiB.
func measured(r calibration.Row) []figure {
	var fs []figure
	plain := func(m Metric, unit string, v float64, est func(Estimate) float64) {
		fs = append(fs, figure{metric: m, unit: unit, value: func(string) float64 { return v },
			estimate: func(e Estimate) (string, float64, bool) { return "", est(e), true }})
	}
	switch {
	case r.KVTokens > 0:
		plain(KVCapacity, "tokens", float64(r.KVTokens), func(e Estimate) float64 { return e.KVTokens })
	case r.KVBlocks > 0:
		plain(KVCapacity, "tokens", float64(r.KVBlocks*r.BlockSize), func(e Estimate) float64 { return e.KVTokens })
	case r.KVGiB > 0:
		plain(KVCapacity, "GiB per GPU", r.KVGiB, func(e Estimate) float64 { return e.KVGiB })
	}
	switch {
	case r.OutputTokS > 0:
		plain(Throughput, "output tokens/s", r.OutputTokS, func(e Estimate) float64 { return e.OutputTokS })
	case r.OutputTokSGPU > 0:
		plain(Throughput, "output tokens/s per GPU", r.OutputTokSGPU, func(e Estimate) float64 { return e.OutputTokS / float64(r.GPUs) })
	case r.TotalTokS > 0:
		plain(Throughput, "tokens/s, input and output", r.TotalTokS, func(e Estimate) float64 { return e.OutputTokS * (r.Input + r.Output) / r.Output })
	case r.RequestsS > 0:
		plain(Throughput, "requests/s", r.RequestsS, func(e Estimate) float64 { return e.OutputTokS / r.Output })
	}
	latency := func(m Metric, l *calibration.Latency, est func(Estimate) calibration.Latency) {
		if l != nil {
			first := ""
			for _, s := range stats {
				if stat1(*l, s) > 0 {
					first = s
					break
				}
			}
			fs = append(fs, figure{metric: m, unit: "ms", stat: first, value: func(stat string) float64 { return stat1(*l, stat) },
				estimate: func(e Estimate) (string, float64, bool) { return pick(*l, est(e)) }})
		}
	}
	latency(TTFT, r.TTFT, func(e Estimate) calibration.Latency { return e.TTFT })
	if r.TPOT != nil {
		latency(TPOT, r.TPOT, func(e Estimate) calibration.Latency { return e.TPOT })
	} else {
		latency(TPOT, r.ITL, func(e Estimate) calibration.Latency { return e.TPOT })
	}
	latency(E2E, r.E2E, func(e Estimate) calibration.Latency { return e.E2E })
	return fs
}

// stats are the statistics a latency may give, in the order they are
// compared: the median first, as the sturdiest.
var stats = []string{"P50", "mean", "value", "P90", "P99"}

// stat1 is statistic stat of l.
func stat1(l calibration.Latency, stat string) float64 {
	switch stat {
	case "P50":
		return l.P50
	case "mean":
		return l.Mean
	case "value":
		return l.Value
	case "P90":
		return l.P90
	}
	return l.P99
}

// pick returns the first statistic that both the measured and the
// estimated latency give. A measured figure whose statistic is not named
// ("value") is compared with the estimate's median.
func pick(measured, est calibration.Latency) (string, float64, bool) {
	for _, s := range stats {
		e := stat1(est, s)
		if s == "value" {
			e = est.P50
		}
		if stat1(measured, s) > 0 && e > 0 {
			return s, e, true
		}
	}
	return "", 0, false
}

// Summary is the errors of one kind of figure.
type Summary struct {
	Metric   Metric
	Workload Workload
	N        int
	// MedianAbs is the median of |error|, Median of the signed error;
	// P10 and P90 bound the band of signed errors (nearest rank, so that
	// the band holds at least 80 % of the errors, however few).
	MedianAbs, Median, P10, P90 float64
}

// Summarize returns a summary per kind (metric, then workload) that has
// comparisons.
func Summarize(cs []Comparison) []Summary {
	var out []Summary
	for _, m := range Metrics {
		for _, w := range Workloads {
			var errs []float64
			for _, c := range cs {
				if c.Metric == m && slices.Contains(c.Workloads, w) {
					errs = append(errs, c.Err)
				}
			}
			if len(errs) == 0 {
				continue
			}
			abs := make([]float64, len(errs))
			for i, e := range errs {
				abs[i] = math.Abs(e)
			}
			slices.Sort(errs)
			slices.Sort(abs)
			out = append(out, Summary{Metric: m, Workload: w, N: len(errs), MedianAbs: perf.Median(abs), Median: perf.Median(errs),
				P10: Percentile(errs, 10), P90: Percentile(errs, 90)})
		}
	}
	return out
}

// Percentile is the nearest-rank p-th percentile of sorted values: the
// smallest value with at least p % of the values at or below it; NaN for
// none.
func Percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	return perf.Quantile(sorted, p)
}

// EngineSummary is the errors of one metric over the rows of one serving
// engine (All workloads).
type EngineSummary struct {
	Engine string // a calibration engine id
	Summary
}

// SummarizeByEngine returns, for each engine of calibration.Engines with
// comparisons of metric m, the summary of its errors, then the summary
// of all engines together (Engine "").
func SummarizeByEngine(cs []Comparison, m Metric) []EngineSummary {
	var out []EngineSummary
	pick := func(engine string) {
		var of []Comparison
		for _, c := range cs {
			if c.Metric == m && (engine == "" || c.Row.Engine == engine) {
				of = append(of, c)
			}
		}
		for _, s := range Summarize(of) {
			if s.Workload == All {
				out = append(out, EngineSummary{Engine: engine, Summary: s})
			}
		}
	}
	for _, e := range calibration.Engines {
		pick(e)
	}
	pick("")
	return out
}
