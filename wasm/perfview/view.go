package perfview

import (
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/money"
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

func ms(s float64) string { return money.Group(s*1000, 1) + " ms" }

// TooLarge is the page's message when a simulation or the search for the
// highest rate exceeds its work budget (perf.MaxEvents, perf.MaxBisections).
// A run takes at most 5 events per request whatever the lengths, and the
// data simulates at most a fifth of the budget in requests, so no query
// reaches it with valid data; it is the backstop.
const TooLarge = "This scenario is too large to simulate in the browser: a run needs more than 10,000 events " +
	"(up to 5 per simulated request). The roofline figures hold; simulate fewer requests per run for the rest."

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
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Explanation: s.Explanation(),
		Groups: s.Custom.Groups(msg.English)}}
	st := s.Setup
	p.Point = st.At(float64(s.Batch), float64(s.Prompt), float64(s.Output))
	fits := s.Simulable()
	// notSimulated says why the load table shows no figures.
	notSimulated := "Not simulated: the simulation reserves a whole request's KV cache, which this replica does not hold beside the weights."
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
			p.Problems = append(p.Problems, TooLarge)
			notSimulated = "Not simulated: a run needs more events than the browser's budget."
		}
	}
	col := []view.Column{{Key: "a", Title: strconv.Itoa(st.TP) + " x " + s.GPU.Name + ", " + st.Model.Name}}
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
		return batchCell(metric, round(sec*1000, 3), "ms", ms(sec))
	}
	pt := p.Point
	crit := st.CriticalBatch(float64(s.Prompt) + float64(s.Output)/2)
	critText := "never (memory-bound at any batch)"
	if crit > 0 {
		critText = "from batch " + money.Group(math.Ceil(crit), 0)
	}
	bound := "memory"
	if pt.ComputeBound {
		bound = "compute"
	}
	roof := view.Table{ID: "results", Title: "At batch " + strconv.Itoa(s.Batch) + " (roofline)", Corner: "Per replica", Columns: col, Rows: []view.Row{
		{Label: "Time to first token", Help: "Prefill of the batch's prompts.", Cells: msCell("ttft_ms", pt.TTFT)},
		{Label: "Time per output token", Help: "One decode step, limited by " + bound + ".", Cells: msCell("tpot_ms", pt.TPOT)},
		{Label: "End-to-end latency", Help: "First token, then the rest one step each.", Cells: msCell("e2e_ms", pt.E2E)},
		{Label: "Throughput per GPU", Help: "Output tokens per second.", Cells: batchCell("tokens_per_s_gpu", round(pt.TokensPerSecondGPU, 2), "tokens/s", money.Group(pt.TokensPerSecondGPU, 0)+" tokens/s")},
		{Label: "Throughput of the replica", Help: "All its GPUs.", Cells: batchCell("tokens_per_s_cluster", round(pt.TokensPerSecond, 2), "tokens/s", money.Group(pt.TokensPerSecond, 0)+" tokens/s")},
		{Label: "Decode turns compute-bound", Help: "Below it, reading weights and cache sets the pace.", Cells: cell("critical_batch", round(crit, 2), "requests", critText)},
		{Label: "Largest batch in the KV cache", Help: "Requests whose prompt and output the KV cache holds at once (memory calculator).",
			Cells: cell("max_batch", float64(s.MaxBatch), "requests", maxBatchText(s))},
		// FP4 is NVFP4 or MXFP4 depending on the GPU (WeightFormat): the
		// reader sees which one the figures assume.
		{Label: "Weight format", Help: "What the precision stores the weights in.", Cells: cell("weights", 0, "", st.Weights.Label)},
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
	simMS := func(metric string, sec float64) []view.Cell {
		return simulated(metric, round(sec*1000, 3), "ms", ms(sec))
	}
	ttft, tpot, e2e := p.Load.TTFT, p.Load.PerToken, p.Load.EndToEnd
	// onlyIn is a row's cell in the modes it does not apply to.
	onlyIn := func(metric, mode string) []view.Cell {
		if !s.Fits() {
			return cell(metric, 0, "", "")
		}
		return []view.Cell{{Key: "a." + metric, Text: "–", Note: "Applies to the " + mode + " only."}}
	}
	maxRateCells := onlyIn("max_rps_at_slo", "open loop (requests per second)")
	if s.Mode == perf.Poisson {
		maxRateCells = simulated("max_rps_at_slo", round(p.MaxRate, 4), "requests/s", maxRateText(p.MaxRate))
	}
	maxUsersCells := onlyIn("max_users_at_slo", "closed loop (users in flight)")
	if s.Mode == perf.Closed {
		maxUsersCells = simulated("max_users_at_slo", float64(p.MaxUsers), "users", maxUsersText(p.MaxUsers, s.Traffic.Requests))
	}
	target := "Of " + money.Group(s.TargetS, 2) + " s end to end."
	rows := []view.Row{{Label: "Time to first token P50 / P99", Help: arrivals(s) + ", continuous batching, seed 1.",
		Cells: simulated("p99_ttft_ms", round(ttft[2]*1000, 3), "ms", ms(ttft[0])+" / "+ms(ttft[2]))}}
	// The other latencies, one row each: a loop rather than literals,
	// as each inlined cell adds to the browser module.
	for _, r := range []struct {
		label, help, metric string
		sec                 float64
	}{
		{"Time to first token P90", "", "p90_ttft_ms", p.Load.TimeToFirst.P90},
		{"Time per output token P50", "After the first token: (end to end − first token) / (output − 1), per request.", "p50_tpot_ms", tpot.P50},
		{"Time per output token P90", "", "p90_tpot_ms", tpot.P90},
		{"Time per output token P99", "", "p99_tpot_ms", tpot.P99},
		{"End-to-end P50", "", "p50_latency_ms", p.Load.E2E[0]},
		{"End-to-end P90", "", "p90_latency_ms", e2e.P90},
		{"End-to-end P95", "", "p95_latency_ms", p.Load.E2E[1]},
		{"End-to-end P99", "", "p99_latency_ms", p.Load.E2E[2]},
	} {
		rows = append(rows, view.Row{Label: r.label, Help: r.help, Cells: simMS(r.metric, r.sec)})
	}
	rows = append(rows,
		view.Row{Label: "Output tokens per second", Help: "Of the replica, after the warm-up requests.",
			Cells: simulated("output_tokens_per_s", round(p.Load.OutputTokS, 2), "tokens/s", money.Group(p.Load.OutputTokS, 0)+" tokens/s")},
		view.Row{Label: "Highest rate within the P99 target", Help: target, Cells: maxRateCells},
		view.Row{Label: "Most users within the P99 target", Help: target, Cells: maxUsersCells})
	load := view.Table{ID: "load", Title: loadTitle(s), Corner: "Per replica", Columns: col, Rows: rows}
	p.Tables = []view.Table{roof, load}
	p.Charts = []chart.Chart{batchChart(s), rateChart(curve, p.MaxRate, fits && s.Mode == perf.Poisson)}
	p.Headline = headline(s, p.Page)
	return p
}

// noRate is the highest rate's text when no rate meets the target: even
// the slowest simulated, a thousandth of the replica's capacity, does not.
const noRate = "none: not even a trickle of requests meets it"

// maxRateText is the highest rate within the P99 target, with enough
// digits that a small one does not read as 0.
func maxRateText(rate float64) string {
	switch {
	case rate == 0:
		return noRate
	case rate < 0.1:
		return strconv.FormatFloat(rate, 'g', 2, 64) + " requests/s"
	}
	return money.Group(rate, 2) + " requests/s"
}

// loadTitle is the load table's title: the simulated load.
func loadTitle(s Scenario) string {
	switch s.Mode {
	case perf.Closed:
		return "Under load: " + usersText(s) + " (simulated)"
	case perf.Offline:
		return "Offline: " + money.Group(float64(s.Traffic.Requests), 0) + " requests at once (simulated)"
	}
	return "Under load: " + money.Group(s.Rate, 2) + " requests/s (simulated)"
}

// usersText is a closed loop's users, and their think time if any.
func usersText(s Scenario) string {
	t := money.Group(float64(s.Users), 0) + " users in flight"
	if s.Users == 1 {
		t = "1 user in flight"
	}
	if s.ThinkS > 0 {
		t += ", " + money.Group(s.ThinkS, 2) + " s think time"
	}
	return t
}

// arrivals is how the simulated requests arrive.
func arrivals(s Scenario) string {
	switch s.Mode {
	case perf.Closed:
		return "Each user sends a request when the last reply is complete"
	case perf.Offline:
		return "Every request sent at once"
	}
	return "Poisson arrivals"
}

// maxUsersText is the most users within the P99 target; the search
// stops at the requests of a run, beyond which every request is sent at
// once whatever the users.
func maxUsersText(users, requests int) string {
	switch {
	case users == 0:
		return "none: not even one user meets it"
	case users >= requests:
		return money.Group(float64(requests), 0) + " or more users"
	}
	return money.Group(float64(users), 0) + " users"
}

// maxBatchText is the largest batch that fits, and what happens to a
// larger one.
func maxBatchText(s Scenario) string {
	t := money.Group(float64(s.MaxBatch), 0) + " requests"
	if s.Batch > s.MaxBatch {
		t += ": a batch of " + money.Group(float64(s.Batch), 0) + " does not fit, the rest would be queued or preempted"
	}
	return t
}

func batchChart(s Scenario) chart.Chart {
	c := chart.Chart{ID: "chart-batch", Title: "Throughput and latency by batch size",
		Desc: "Tokens per second per GPU and milliseconds per output token; lines mark where decode turns compute-bound and where the KV cache is full, if by batch 1,024.",
		Kind: chart.Lines, XName: "batch", XMin: 1, XMax: 1024, XLog: true, Unit: "tokens/s per GPU · ms per token", YLog: true}
	tps := chart.Series{ID: "tps", Name: "Tokens/s per GPU", Points: [][2]float64{}}
	tpot := chart.Series{ID: "tpot", Name: "ms per output token", Points: [][2]float64{}}
	tps.Hidden, tpot.Hidden = !s.Fits(), !s.Fits()
	for _, b := range batches() {
		pt := s.Setup.At(float64(b), float64(s.Prompt), float64(s.Output))
		tps.Points = append(tps.Points, [2]float64{float64(b), round(pt.TokensPerSecondGPU, 1)})
		tpot.Points = append(tpot.Points, [2]float64{float64(b), round(pt.TPOT*1000, 3)})
	}
	if crit := s.Setup.CriticalBatch(float64(s.Prompt) + float64(s.Output)/2); crit > 0 && crit <= 1024 {
		tps.Marks = []chart.Mark{{Name: "compute-bound", X: round(crit, 1)}}
	}
	if s.Fits() && s.MaxBatch <= 1024 {
		tps.Marks = append(tps.Marks, chart.Mark{Name: "KV cache full", X: float64(s.MaxBatch)})
	}
	c.Series = []chart.Series{tps, tpot}
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

// maxUsers bisects for the most users of a closed loop within the P99
// target, between 1 and the requests of a run: with more users than
// requests every request is sent at once, as with that many. At most
// 2 + log2(requests) simulations, 11 for the data's 400.
func maxUsers(s Scenario) maxUsersResult {
	tooLarge := false
	meets := func(n int) bool {
		st := s.Setup.Simulate(s.Closed(n))
		tooLarge = tooLarge || st.TooLarge
		return st.Meets(s.TargetS)
	}
	lo, hi := 1, max(1, s.Traffic.Requests)
	if !meets(lo) {
		return maxUsersResult{0, tooLarge}
	}
	if meets(hi) {
		return maxUsersResult{hi, tooLarge}
	}
	// meets(lo) and not meets(hi).
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if meets(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return maxUsersResult{lo, tooLarge}
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

func rateChart(curve []rateStats, maxRate float64, fits bool) chart.Chart {
	c := chart.Chart{ID: "chart-rate", Title: "Latency by request rate (simulated)",
		Desc: "P50, P95 and P99 of end-to-end latency and of time to first token; the line marks the highest rate within the P99 target.",
		Kind: chart.Lines, XName: "requests/s", Unit: "seconds", YLog: true}
	series := []chart.Series{{ID: "p50", Name: "End-to-end P50"}, {ID: "p95", Name: "End-to-end P95"}, {ID: "p99", Name: "End-to-end P99"},
		{ID: "ttft50", Name: "First token P50"}, {ID: "ttft95", Name: "First token P95"}, {ID: "ttft99", Name: "First token P99"}}
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
			series[2].Marks = []chart.Mark{{Name: "P99 target", X: round(maxRate, 3)}}
		}
	}
	c.Series = series
	return c
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}
