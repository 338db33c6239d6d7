package perfview

import (
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/view"
)

// Page is everything the estimator's page shows for a scenario.
type Page struct {
	view.Page
	Scenario Scenario
	Point    perf.Point // at the scenario's batch
	Load     perf.Stats // in the scenario's load mode
	MaxRate  float64    // requests/s within the P99 target, open loop
	// MaxUsers is the most users of a closed loop within the P99 target,
	// 0 when not even one meets it (or in another mode).
	MaxUsers int
}

// batches are the batch view's sizes, doubling.
func batches() []int {
	var b []int
	for n := 1; n <= 1024; n *= 2 {
		b = append(b, n)
	}
	return b
}

// ms writes an estimated time given in seconds at an estimate's
// precision (msg.Duration): 46.3 ms, 10.6 s.
func ms(t *msg.Catalog, s float64) string { return t.Duration(s * 1000) }

// TooLarge is the page's message, in the language of t, when a simulation or the search for the
// highest rate exceeds its work budget (perf.MaxEvents, perf.MaxBisections).
// A run takes at most 5 events per request whatever the lengths, and the
// data simulates at most a fifth of the budget in requests, so no query
// reaches it with valid data; it is the backstop.
func TooLarge(t *msg.Catalog) string {
	return t.F("perf.too_large", "n", t.Num(perf.MaxEvents, 0))
}

// Build runs the roofline and the simulation and lays out the page.
func Build(s Scenario) Page {
	var b Builder
	return b.Build(s)
}

// Builder builds pages and keeps the last result of each simulated part
// with the inputs it depends on, so that a change of one input reruns only
// the parts that read it: the rate changes only the run at that rate, not
// the latency chart's runs or the search for the highest rate in target,
// and the target only the search. One entry per part: the page shows one
// scenario at a time. The zero Builder is ready; a Builder is not safe for
// concurrent use.
type Builder struct {
	atRate   memo[perf.Load, perf.Stats]
	curve    memo[struct{}, []rateStats]
	maxRate  memo[float64, maxRateResult]
	maxUsers memo[[2]float64, maxUsersResult]
	// runs counts the parts computed, for tests.
	runs int
}

// memo is one remembered result of a part, for a replica and its traffic
// and the part's own input.
type memo[K comparable, V any] struct {
	ok    bool
	setup perf.Setup
	load  perf.Load
	in    K
	out   V
}

// get returns the remembered result for the inputs, or computes it.
func get[K comparable, V any](b *Builder, m *memo[K, V], s Scenario, in K, compute func() V) V {
	if m.ok && m.setup == s.Setup && m.load == s.Traffic && m.in == in {
		return m.out
	}
	b.runs++
	*m = memo[K, V]{ok: true, setup: s.Setup, load: s.Traffic, in: in, out: compute()}
	return m.out
}

type maxRateResult struct {
	rate float64
	err  error
}

type maxUsersResult struct {
	users    int
	tooLarge bool
}

// Build runs the roofline and the simulation and lays out the page. Its
// cost is bounded whatever the query: at most 19 simulations (in the open
// loop 1 at the rate, 8 for the latency chart, at most 10 for the highest
// rate in target; in a closed loop 1 with its users and at most
// 2 + log2(requests of a run) for the most users in target; offline 1) of
// at most perf.MaxEvents events each, ~13 ms natively at worst
// (BenchmarkWorstCase); the lengths do not count. A scenario beyond the
// budget shows TooLarge instead of the simulated figures.
func (b *Builder) Build(s Scenario) Page {
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Ignored: s.Ignored, Explanation: s.Explanation(),
		Groups: s.Custom.Groups(s.M)}}
	st := s.Setup
	p.Point = st.At(float64(s.Batch), float64(s.Prompt), float64(s.Output))
	fits := s.Simulable()
	// notSimulated says why the load table shows no figures.
	notSimulated := s.M.T("perf.not_simulated.kv")
	var curve []rateStats
	if fits {
		p.Load = get(b, &b.atRate, s, s.Run(), func() perf.Stats { return st.Simulate(s.Run()) })
		tooLarge := p.Load.TooLarge
		switch s.Mode {
		case perf.Poisson:
			curve = get(b, &b.curve, s, struct{}{}, func() []rateStats { return simulateRates(s) })
			mr := get(b, &b.maxRate, s, s.TargetS, func() maxRateResult {
				r, err := maxRate(s, curve)
				return maxRateResult{r, err}
			})
			p.MaxRate = mr.rate
			tooLarge = tooLarge || mr.err != nil
			for _, r := range curve {
				tooLarge = tooLarge || r.TooLarge
			}
		case perf.Closed:
			mu := get(b, &b.maxUsers, s, [2]float64{s.TargetS, s.ThinkS}, func() maxUsersResult { return maxUsers(s) })
			p.MaxUsers = mu.users
			tooLarge = tooLarge || mu.tooLarge
		}
		if tooLarge {
			fits, curve, p.Load, p.MaxRate, p.MaxUsers = false, nil, perf.Stats{}, 0, 0
			p.Problems = append(p.Problems, TooLarge(s.M))
			notSimulated = s.M.T("perf.not_simulated.budget")
		}
	}
	col := []view.Column{{Key: "a", Title: strconv.Itoa(st.TP) + " x " + s.GPU.Name + ", " + st.Model.Name}}
	t := s.M
	// A setup that does not fit shows so in every cell instead of a figure;
	// a cell without a unit is text, not a figure.
	cell := func(metric string, v float64, unit, text string) []view.Cell {
		if !s.Fits() {
			return []view.Cell{{Key: "a." + metric, Text: s.NotFit()}}
		}
		if unit == "" {
			return []view.Cell{{Key: "a." + metric, Text: text}}
		}
		return []view.Cell{{Key: "a." + metric, Metric: metric, Option: "a", Value: v, Unit: unit, Text: text}}
	}
	// batchCell is a figure of the roofline at the batch, which a batch
	// beyond the KV cache does not have.
	batchCell := func(metric string, v float64, unit, text string) []view.Cell {
		if o := s.Overflow(); o != "" {
			return cell(metric, 0, "", o)
		}
		return cell(metric, v, unit, text)
	}
	msCell := func(metric string, sec float64) []view.Cell {
		return batchCell(metric, round(sec*1000, 3), "ms", ms(t, sec))
	}
	pt := p.Point
	crit := st.CriticalBatch(float64(s.Prompt) + float64(s.Output)/2)
	critText := t.T("perf.crit.never")
	if crit > 0 {
		critText = t.F("perf.crit.from", "n", t.Num(math.Ceil(crit), 0))
	}
	tpotHelp := t.T("perf.row.tpot_help_memory")
	if pt.ComputeBound {
		tpotHelp = t.T("perf.row.tpot_help_compute")
	}
	roof := view.Table{ID: "results", Title: t.F("perf.roof", "n", strconv.Itoa(s.Batch)), Corner: t.T("perf.per_replica"), Columns: col, Rows: []view.Row{
		{Label: t.T("perf.row.ttft"), Help: t.T("perf.row.ttft_help"), Cells: msCell("ttft_ms", pt.TTFT)},
		{Label: t.T("perf.row.tpot"), Help: tpotHelp, Cells: msCell("tpot_ms", pt.TPOT)},
		{Label: t.T("perf.row.e2e"), Help: t.T("perf.row.e2e_help"), Cells: msCell("e2e_ms", pt.E2E)},
		{Label: t.T("perf.row.tps_gpu"), Help: t.T("perf.row.tps_gpu_help"), Cells: batchCell("tokens_per_s_gpu", round(pt.TokensPerSecondGPU, 2), "tokens/s", t.F("perf.tps", "n", t.Significant(pt.TokensPerSecondGPU, 3)))},
		{Label: t.T("perf.row.tps_replica"), Help: t.T("perf.row.tps_replica_help"), Cells: batchCell("tokens_per_s_cluster", round(pt.TokensPerSecond, 2), "tokens/s", t.F("perf.tps", "n", t.Significant(pt.TokensPerSecond, 3)))},
		{Label: t.T("perf.row.crit"), Help: t.T("perf.row.crit_help"), Cells: cell("critical_batch", round(crit, 2), "requests", critText)},
		{Label: t.T("perf.row.max_batch"), Help: t.T("perf.row.max_batch_help"),
			Cells: cell("max_batch", float64(s.MaxBatch), "requests", maxBatchText(s))},
		// FP4 is NVFP4 or MXFP4 depending on the GPU (WeightFormat): the
		// reader sees which one the figures assume.
		{Label: t.T("mem.in.weights"), Help: t.T("perf.row.weights_help"), Cells: cell("weights", 0, "", serving.FormatLabel(t, st.Weights))},
	}}
	// simulated is a cell of the load table: a dash when nothing was
	// simulated (the model does not fit, or the run is too large; the
	// page's problems say which).
	simulated := func(metric string, v float64, unit, text string) []view.Cell {
		if !fits && s.Fits() {
			return []view.Cell{{Key: "a." + metric, Text: "–", Note: notSimulated}}
		}
		return cell(metric, v, unit, text)
	}
	// The throughput's help says how it is measured (perf.Window).
	outTPSHelp := "perf.row.out_tps_help"
	if s.Traffic.Window == perf.Steady {
		outTPSHelp = "perf.row.out_tps_help_steady"
	}
	simMS := func(metric string, sec float64) []view.Cell {
		return simulated(metric, round(sec*1000, 3), "ms", ms(t, sec))
	}
	ttft, tpot, e2e := p.Load.TTFT, p.Load.PerToken, p.Load.EndToEnd
	// onlyIn is a row's cell in the modes it does not apply to.
	onlyIn := func(metric, mode string) []view.Cell {
		if !s.Fits() {
			return cell(metric, 0, "", "")
		}
		return []view.Cell{{Key: "a." + metric, Text: "–", Note: t.F("perf.only_in", "mode", mode)}}
	}
	maxRateCells := onlyIn("max_rps_at_slo", t.T("perf.open_loop"))
	if s.Mode == perf.Poisson {
		maxRateCells = simulated("max_rps_at_slo", round(p.MaxRate, 4), "requests/s", maxRateText(t, p.MaxRate))
	}
	maxUsersCells := onlyIn("max_users_at_slo", t.T("perf.closed_loop"))
	if s.Mode == perf.Closed {
		maxUsersCells = simulated("max_users_at_slo", float64(p.MaxUsers), "users", maxUsersText(t, p.MaxUsers, s.Traffic.Requests))
	}
	target := t.F("perf.target", "s", t.Num(s.TargetS, 2))
	rows := []view.Row{{Label: t.T("perf.row.ttft_p"), Help: t.F("perf.row.ttft_p_help", "arrivals", arrivals(s)),
		Cells: simulated("p99_ttft_ms", round(ttft[2]*1000, 3), "ms", ms(t, ttft[0])+" / "+ms(t, ttft[2]))}}
	// The other latencies, one row each: a loop rather than literals,
	// as each inlined cell adds to the browser module. Means too, which
	// benchmarks such as InferenceX report.
	mean := t.T("perf.stat.mean")
	for _, r := range []struct {
		label, help, metric string
		sec                 float64
	}{
		{t.F("perf.row.ttft_pn", "p", "P50"), "", "p50_ttft_ms", p.Load.TimeToFirst.P50},
		{t.F("perf.row.ttft_pn", "p", "P90"), "", "p90_ttft_ms", p.Load.TimeToFirst.P90},
		{t.F("perf.row.ttft_pn", "p", mean), t.T("perf.row.mean_help"), "mean_ttft_ms", p.Load.TimeToFirst.Mean},
		{t.F("perf.row.tpot_pn", "p", "P50"), t.T("perf.row.tpot_p_help"), "p50_tpot_ms", tpot.P50},
		{t.F("perf.row.tpot_pn", "p", "P90"), "", "p90_tpot_ms", tpot.P90},
		{t.F("perf.row.tpot_pn", "p", "P99"), "", "p99_tpot_ms", tpot.P99},
		{t.F("perf.row.tpot_pn", "p", mean), "", "mean_tpot_ms", tpot.Mean},
		{t.F("perf.row.e2e_pn", "p", "P50"), "", "p50_latency_ms", p.Load.E2E[0]},
		{t.F("perf.row.e2e_pn", "p", "P90"), "", "p90_latency_ms", e2e.P90},
		{t.F("perf.row.e2e_pn", "p", "P95"), "", "p95_latency_ms", p.Load.E2E[1]},
		{t.F("perf.row.e2e_pn", "p", "P99"), "", "p99_latency_ms", p.Load.E2E[2]},
		{t.F("perf.row.e2e_pn", "p", mean), "", "mean_latency_ms", e2e.Mean},
	} {
		rows = append(rows, view.Row{Label: r.label, Help: r.help, Cells: simMS(r.metric, r.sec)})
	}
	rows = append(rows,
		view.Row{Label: t.T("perf.row.out_tps"), Help: t.T(outTPSHelp),
			Cells: simulated("output_tokens_per_s", round(p.Load.OutputTokS, 2), "tokens/s", t.F("perf.tps", "n", t.Significant(p.Load.OutputTokS, 3)))},
		view.Row{Label: t.T("perf.row.max_rate"), Help: target, Cells: maxRateCells},
		view.Row{Label: t.T("perf.row.max_users"), Help: target, Cells: maxUsersCells})
	load := view.Table{ID: "load", Title: loadTitle(s), Corner: t.T("perf.per_replica"), Columns: col, Rows: rows}
	p.Tables = []view.Table{roof, load}
	s.Bands.Mark(t, p.Tables, s.bandOf)
	rate := rateChart(s.M, curve, p.MaxRate, fits && s.Mode == perf.Poisson)
	// The medians' bands, after the lines, which keep their colours.
	e2eBand, ttftBand := s.bandSeries(rate.Series[0], band.E2E), s.bandSeries(rate.Series[3], band.TTFT)
	rate.Series = append(rate.Series, e2eBand[0], e2eBand[1], ttftBand[0], ttftBand[1])
	p.Charts = []chart.Chart{batchChart(s), rate}
	p.Headline = headline(s, p.Page)
	return p
}

// noRate is the highest rate's text when no rate meets the target: even
// the slowest simulated, a thousandth of the replica's capacity, does not.
const noRate = "perf.no_rate"

// maxRateText is the highest rate within the P99 target, to an
// estimate's 3 significant figures, and 2 below 0.1 requests/s, so that a
// small one does not read as 0.
func maxRateText(t *msg.Catalog, rate float64) string {
	switch {
	case rate == 0:
		return t.T(noRate)
	case rate < 0.1:
		return t.F("perf.rps", "n", t.Digits(strconv.FormatFloat(rate, 'g', 2, 64)))
	}
	return t.F("perf.rps", "n", t.Significant(rate, 3))
}

// loadTitle is the load table's title: the simulated load.
func loadTitle(s Scenario) string {
	switch s.Mode {
	case perf.Closed:
		return s.M.F("perf.load.closed", "users", usersText(s))
	case perf.Offline:
		return s.M.F("perf.load.offline", "n", s.M.Num(float64(s.Traffic.Requests), 0))
	}
	return s.M.F("perf.load.open", "rate", s.M.Num(s.Rate, 2))
}

// usersText is a closed loop's users, and their think time if any.
func usersText(s Scenario) string {
	t := s.M.F("perf.users_n", "n", s.M.Num(float64(s.Users), 0))
	if s.Users == 1 {
		t = s.M.T("perf.users_1")
	}
	if s.ThinkS > 0 {
		t += s.M.F("perf.think_s", "s", s.M.Num(s.ThinkS, 2))
	}
	return t
}

// arrivals is how the simulated requests arrive.
func arrivals(s Scenario) string {
	switch s.Mode {
	case perf.Closed:
		return s.M.T("perf.arrive.closed")
	case perf.Offline:
		return s.M.T("perf.arrive.offline")
	}
	return s.M.T("perf.arrive.open")
}

// maxUsersText is the most users within the P99 target; the search
// stops at the requests of a run, beyond which every request is sent at
// once whatever the users.
func maxUsersText(t *msg.Catalog, users, requests int) string {
	switch {
	case users == 0:
		return t.T("perf.no_users")
	case users >= requests:
		return t.F("perf.users_more", "n", t.Num(float64(requests), 0))
	}
	return t.F("perf.users", "n", t.Num(float64(users), 0))
}

// maxBatchText is the largest batch that fits, and what happens to a
// larger one.
func maxBatchText(s Scenario) string {
	t := s.M.F("perf.requests", "n", s.M.Num(float64(s.MaxBatch), 0))
	if s.Batch > s.MaxBatch {
		t += s.M.F("perf.batch_overflow", "n", s.M.Num(float64(s.Batch), 0))
	}
	return t
}

func batchChart(s Scenario) chart.Chart {
	t := s.M
	c := chart.Chart{ID: "chart-batch", Title: t.T("perf.chart.batch"),
		Desc: t.T("perf.chart.batch_desc"),
		Kind: chart.Lines, XName: t.T("perf.chart.batch_axis"), XMin: 1, XMax: 1024, XLog: true, Unit: t.T("perf.chart.batch_unit"), YLog: true}
	tps := chart.Series{ID: "tps", Name: t.T("perf.series.tps"), Points: [][2]float64{}}
	tpot := chart.Series{ID: "tpot", Name: t.T("perf.chart.ms_token"), Points: [][2]float64{}}
	tps.Hidden, tpot.Hidden = !s.Fits(), !s.Fits()
	for _, b := range batches() {
		pt := s.Setup.At(float64(b), float64(s.Prompt), float64(s.Output))
		tps.Points = append(tps.Points, [2]float64{float64(b), round(pt.TokensPerSecondGPU, 1)})
		tpot.Points = append(tpot.Points, [2]float64{float64(b), round(pt.TPOT*1000, 3)})
	}
	if crit := s.Setup.CriticalBatch(float64(s.Prompt) + float64(s.Output)/2); crit > 0 && crit <= 1024 {
		tps.Marks = []chart.Mark{{Name: t.T("perf.mark.compute"), X: round(crit, 1)}}
	}
	if s.Fits() && s.MaxBatch <= 1024 {
		tps.Marks = append(tps.Marks, chart.Mark{Name: t.T("perf.mark.kv_full"), X: float64(s.MaxBatch)})
	}
	c.Series = []chart.Series{tps, tpot}
	tpsBand, tpotBand := s.bandSeries(tps, band.Throughput), s.bandSeries(tpot, band.TPOT)
	c.Series = append(c.Series, tpsBand[0], tpsBand[1], tpotBand[0], tpotBand[1])
	return c
}

// rateStats is a simulated run at a rate.
type rateStats struct {
	rate float64
	perf.Stats
}

// simulateRates runs the latency chart's rates: fractions of the
// replica's ceiling at a full batch.
func simulateRates(s Scenario) []rateStats {
	ceiling := s.Setup.Ceiling(s.Load(0))
	var out []rateStats
	for _, f := range []float64{0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.05} {
		out = append(out, rateStats{ceiling * f, s.Setup.Simulate(s.Load(ceiling * f))})
	}
	return out
}

// maxUsers is the most users of the page's closed loop within its P99
// target (perf.MaxUsers).
func maxUsers(s Scenario) maxUsersResult {
	n, err := s.Setup.MaxUsers(s.Closed(0), s.TargetS)
	return maxUsersResult{n, err != nil}
}

// maxRate bisects for the highest rate within the P99 target between the
// chart's last rate that meets it and the first that does not.
func maxRate(s Scenario, curve []rateStats) (float64, error) {
	lo, hi := curve[0].rate/100, curve[len(curve)-1].rate*1.5
	for _, c := range curve {
		if c.Meets(s.TargetS) {
			lo = c.rate
		} else {
			hi = c.rate
			break
		}
	}
	return s.Setup.MaxRateIn(s.Load(0), s.TargetS, lo, hi)
}

func rateChart(t *msg.Catalog, curve []rateStats, maxRate float64, fits bool) chart.Chart {
	c := chart.Chart{ID: "chart-rate", Title: t.T("perf.chart.rate"),
		Desc: t.T("perf.chart.rate_desc"),
		Kind: chart.Lines, XName: t.T("perf.unit.rps"), Unit: t.T("tco.unit.seconds"), YLog: true}
	series := []chart.Series{{ID: "p50", Name: t.F("perf.row.e2e_pn", "p", "P50")}, {ID: "p95", Name: t.F("perf.row.e2e_pn", "p", "P95")}, {ID: "p99", Name: t.F("perf.row.e2e_pn", "p", "P99")},
		{ID: "ttft50", Name: t.F("perf.first_pn", "p", "P50")}, {ID: "ttft95", Name: t.F("perf.first_pn", "p", "P95")}, {ID: "ttft99", Name: t.F("perf.first_pn", "p", "P99")}}
	for i := range series {
		series[i].Points = [][2]float64{}
		series[i].Hidden = !fits
	}
	if fits {
		c.XMin, c.XMax = 0, round(curve[len(curve)-1].rate, 3)
		for _, r := range curve {
			for k := range 3 {
				series[k].Points = append(series[k].Points, [2]float64{round(r.rate, 3), round(r.E2E[k], 4)})
				series[3+k].Points = append(series[3+k].Points, [2]float64{round(r.rate, 3), round(r.TTFT[k], 4)})
			}
		}
		if maxRate > 0 {
			series[2].Marks = []chart.Mark{{Name: t.T("perf.mark.target"), X: round(maxRate, 3)}}
		}
	}
	c.Series = series
	return c
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

// kind is the kind of the scenario's figures of a metric.
func (s Scenario) kind(m band.Metric) band.Kind {
	return band.Kind{Metric: m, Input: float64(s.Prompt), Output: float64(s.Output), MoE: s.Setup.Model.Experts > 0,
		Platform: band.PlatformOf(s.GPU.Vendor), Build: s.Build}
}

// bandSeries is the shaded error band of a line of the charts whose
// figures are of metric m (band.Table.Series).
func (s Scenario) bandSeries(of chart.Series, m band.Metric) [2]chart.Series {
	return s.Bands.Series(s.M.F("band.series", "series", of.Name), of, s.kind(m))
}

// bandOf is the kind of an estimated cell of the page, by its key: the
// roofline's and the simulation's latencies and throughputs of the
// scenario's requests, the rates and users they allow (as fast as the
// throughput), and the largest batch (as large as the KV cache). The
// critical batch is a property of the roofline that no benchmark reports.
func (s Scenario) bandOf(key string) (band.Estimate, bool) {
	k := s.kind(0)
	switch key {
	case "a.ttft_ms", "a.p50_ttft_ms", "a.p99_ttft_ms", "a.p90_ttft_ms", "a.mean_ttft_ms":
		k.Metric = band.TTFT
	case "a.tpot_ms", "a.p50_tpot_ms", "a.p90_tpot_ms", "a.p99_tpot_ms", "a.mean_tpot_ms":
		k.Metric = band.TPOT
	case "a.e2e_ms", "a.p50_latency_ms", "a.p90_latency_ms", "a.p95_latency_ms", "a.p99_latency_ms", "a.mean_latency_ms":
		k.Metric = band.E2E
	case "a.tokens_per_s_gpu", "a.tokens_per_s_cluster", "a.output_tokens_per_s", "a.max_rps_at_slo", "a.max_users_at_slo":
		k.Metric = band.Throughput
	case "a.max_batch":
		k = band.Kind{Metric: band.KVCapacity, MoE: k.MoE, Platform: k.Platform}
	case "a.critical_batch":
		return band.Estimate{None: "band.unmeasured"}, true
	default:
		return band.Estimate{}, false
	}
	return band.Estimate{Kind: k}, true
}
