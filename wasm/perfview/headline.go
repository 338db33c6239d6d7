package perfview

import (
	"strconv"

	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/view"
)

// headline gives the replica's throughput at the batch, its latency under
// the simulated load of its mode and the most load within the P99 target
// (the open loop's rate, the closed loop's users), from
// the page's own cells; a setup that cannot run says why instead.
func headline(s Scenario, p view.Page) view.Headline {
	c := p.CellsByKey()
	t := s.M
	setup := t.F("perf.head.setup", "tp", strconv.Itoa(s.Setup.TP), "gpu", s.GPU.Name, "model", s.Setup.Model.Name)
	tps := c["a.tokens_per_s_gpu"]
	if !s.Fits() { // no throughput: the cell says why
		return view.Headline{Text: setup + ": " + tps.Text + "."}
	}
	batch := strconv.Itoa(s.Batch)
	h := view.Headline{Figures: []view.Figure{view.FigureOf(t.F("perf.head.tps_label", "batch", batch), tps)}}
	h.Text = t.F("perf.head.text", "setup", setup, "tps", tps.Text, "batch", batch)
	if tps.Metric == "" { // a batch beyond the KV cache: the cell says so
		h.Text = t.F("perf.head.overflow", "setup", setup, "batch", batch, "text", tps.Text)
	}
	if c["a.p99_latency_ms"].Metric == "" {
		if len(p.Problems) > 0 {
			h.Text += " " + p.Problems[len(p.Problems)-1]
		}
		return h
	}
	target := t.F("perf.head.target", "s", t.Num(s.TargetS, 2))
	p99, tokS := c["a.p99_latency_ms"].Text, c["a.output_tokens_per_s"].Text
	switch s.Mode {
	case perf.Closed:
		users := usersText(s)
		h.Text += t.F("perf.head.closed", "users", users, "p99", p99, "tps", tokS)
		switch max := c["a.max_users_at_slo"]; {
		case max.Value == 0:
			h.Text += t.F("perf.head.no_user", "target", target)
		case max.Value >= float64(s.Traffic.Requests):
			// The search stopped at the run's requests: "up to" would
			// read as a limit found.
			h.Text += t.F("perf.head.users_hold_all", "target", target, "max", max.Text)
		default:
			h.Text += t.F("perf.head.users_hold", "target", target, "max", max.Text)
		}
		h.Figures = append(h.Figures,
			view.FigureOf(t.F("perf.head.p99_users", "users", users), c["a.p99_latency_ms"]),
			view.FigureOf(t.T("perf.row.max_users"), c["a.max_users_at_slo"]))
		return h
	case perf.Offline:
		h.Text += t.F("perf.head.offline", "n", t.Num(float64(s.Traffic.Requests), 0), "tps", tokS, "p99", p99)
		h.Figures = append(h.Figures,
			view.FigureOf(t.T("perf.head.offline_tps"), c["a.output_tokens_per_s"]),
			view.FigureOf(t.T("perf.head.offline_p99"), c["a.p99_latency_ms"]))
		return h
	}
	rate := t.F("perf.rps", "n", t.Num(s.Rate, 2))
	h.Text += t.F("perf.head.open", "rate", rate, "p99", p99)
	if max := c["a.max_rps_at_slo"]; max.Text == t.T(noRate) {
		h.Text += t.F("perf.head.no_rate", "target", target)
	} else {
		h.Text += t.F("perf.head.rate_meets", "target", target, "max", max.Text)
	}
	h.Figures = append(h.Figures,
		view.FigureOf(t.F("perf.head.p99_rate", "rate", rate), c["a.p99_latency_ms"]),
		view.FigureOf(t.T("perf.row.max_rate"), c["a.max_rps_at_slo"]))
	return h
}
