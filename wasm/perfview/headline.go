package perfview

import (
	"strconv"

	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/view"
)

// headline gives the replica's throughput at the batch, its latency under
// the simulated load of its mode and the most load within the P99 target
// (the open loop's rate, the closed loop's users), from
// the page's own cells; a setup that cannot run says why instead.
func headline(s Scenario, p view.Page) view.Headline {
	c := p.CellsByKey()
	setup := strconv.Itoa(s.Setup.TP) + " x " + s.GPU.Name + " running " + s.Setup.Model.Name
	tps := c["a.tokens_per_s_gpu"]
	if !s.Fits() { // no throughput: the cell says why
		return view.Headline{Text: setup + ": " + tps.Text + "."}
	}
	batch := "batch " + strconv.Itoa(s.Batch)
	h := view.Headline{Figures: []view.Figure{{Label: "Output tokens/s per GPU at " + batch, Text: tps.Text}}}
	h.Text = setup + " generates " + tps.Text + " per GPU at " + batch + " (roofline estimate)."
	if tps.Metric == "" { // a batch beyond the KV cache: the cell says so
		h.Text = setup + " at " + batch + ": " + tps.Text + "."
	}
	if c["a.p99_latency_ms"].Metric == "" {
		if len(p.Problems) > 0 {
			h.Text += " " + p.Problems[len(p.Problems)-1]
		}
		return h
	}
	target := money.Group(s.TargetS, 2) + " s P99 target"
	p99, tokS := c["a.p99_latency_ms"].Text, c["a.output_tokens_per_s"].Text
	switch s.Mode {
	case perf.Closed:
		users := usersText(s)
		h.Text += " With " + users + " the simulated P99 is " + p99 + " end to end, at " + tokS + "; "
		if max := c["a.max_users_at_slo"]; max.Value == 0 {
			h.Text += "not even one user meets the " + target + "."
		} else {
			h.Text += "the " + target + " holds for up to " + max.Text + "."
		}
		h.Figures = append(h.Figures,
			view.Figure{Label: "P99 end to end with " + users, Text: p99},
			view.Figure{Label: "Most users within the P99 target", Text: c["a.max_users_at_slo"].Text})
		return h
	case perf.Offline:
		h.Text += " Sent all at once, " + money.Group(float64(s.Traffic.Requests), 0) + " requests run at " + tokS +
			" (simulated); the P99 end to end is " + p99 + "."
		h.Figures = append(h.Figures,
			view.Figure{Label: "Output tokens/s, all requests at once", Text: tokS},
			view.Figure{Label: "P99 end to end, all requests at once", Text: p99})
		return h
	}
	rate := money.Group(s.Rate, 2) + " requests/s"
	h.Text += " At " + rate + " the simulated P99 is " + p99 + " end to end; "
	if max := c["a.max_rps_at_slo"]; max.Text == noRate {
		h.Text += "no rate meets the " + target + ": even a trickle of requests takes longer."
	} else {
		h.Text += "it meets the " + target + " up to " + max.Text + "."
	}
	h.Figures = append(h.Figures,
		view.Figure{Label: "P99 end to end at " + rate, Text: p99},
		view.Figure{Label: "Highest rate within the P99 target", Text: c["a.max_rps_at_slo"].Text})
	return h
}
