package perfview

import (
	"strconv"

	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/view"
)

// headline gives the replica's throughput at the batch, its latency under
// the simulated load and the highest rate within the P99 target, from
// the page's own cells; a setup that cannot run says why instead.
func headline(s Scenario, p view.Page) view.Headline {
	c := p.CellsByKey()
	setup := strconv.Itoa(s.Setup.TP) + " x " + s.GPU.Name + " running " + s.Setup.Model.Name
	tps := c["a.tokens_per_s_gpu"]
	if tps.Metric == "" { // no throughput: the cell says why
		return view.Headline{Text: setup + ": " + tps.Text + "."}
	}
	h := view.Headline{Figures: []view.Figure{
		{Label: "Output tokens/s per GPU at batch " + strconv.Itoa(s.Batch), Text: tps.Text},
	}}
	h.Text = setup + " generates " + c["a.tokens_per_s_gpu"].Text + " per GPU at batch " + strconv.Itoa(s.Batch) + " (roofline estimate)."
	if c["a.p99_latency_ms"].Metric == "" {
		if len(p.Problems) > 0 {
			h.Text += " " + p.Problems[len(p.Problems)-1]
		}
		return h
	}
	rate := money.Group(s.Rate, 2) + " requests/s"
	target := money.Group(s.TargetS, 2) + " s P99 target"
	h.Text += " At " + rate + " the simulated P99 is " + c["a.p99_latency_ms"].Text + " end to end; "
	if max := c["a.max_rps_at_slo"]; max.Text == noRate {
		h.Text += "no rate meets the " + target + ": even a trickle of requests takes longer."
	} else {
		h.Text += "it meets the " + target + " up to " + max.Text + "."
	}
	h.Figures = append(h.Figures,
		view.Figure{Label: "P99 end to end at " + rate, Text: c["a.p99_latency_ms"].Text},
		view.Figure{Label: "Highest rate within the P99 target", Text: c["a.max_rps_at_slo"].Text})
	return h
}
