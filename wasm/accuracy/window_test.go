package accuracy

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/perfview"
)

// The check's simulated throughput is the one /performance/ shows for the
// same run: offline, at a rate and in a closed loop (of fixed lengths, as
// the check takes every dataset's lengths at their means in an edition
// without varied_lengths). Before, the page measured an offline run from the last
// completion among its first tenth of requests and the check over the
// whole run, so that the methodology's errors were not those of the
// page's figures. The run is of vLLM's newest builds, which the page
// estimates by default.
func TestThePageShowsTheThroughputTheCheckMeasures(t *testing.T) {
	d := datasettest.Load(t).PerfData()
	est := Today{Perf: d}
	base := calibration.Row{ID: "page", Engine: "vllm", Measured: "2026-04-22", Model: "llama-3.1-8b", GPU: "h100-sxm", GPUs: 1, Weights: "bf16", KV: "bf16",
		Dataset: "fixed", Requests: 400, Input: 512, Output: 256}
	for _, c := range []struct {
		load  string
		rate  float64
		users int
		query string
	}{
		{calibration.Offline, 0, 0, "mode=offline"},
		{calibration.Rate, 4, 0, "rate=4"},
		{calibration.Concurrency, 0, 32, "mode=closed&users=32"},
	} {
		r := base
		r.Load, r.RateRPS, r.Concurrency = c.load, c.rate, c.users
		e := est.Estimate(r)
		if e.Unexpressed != "" {
			t.Fatalf("%s: %s", c.query, e.Unexpressed)
		}
		q := "model=llama-3.1-8b&gpu=h100-sxm&in=512&out=256&reqs=400&" + c.query
		page := perfview.Build(perfview.Resolve(q, d)).Load.OutputTokS
		if math.Abs(e.OutputTokS/page-1) > 1e-12 {
			t.Errorf("%s: the check estimates %.2f output tokens/s; the page shows %.2f", q, e.OutputTokS, page)
		}
	}
}
