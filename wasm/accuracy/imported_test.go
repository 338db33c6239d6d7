package accuracy

import (
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// The imported runs give mean latencies, so they are set beside the
// simulation's means; every run is compared or has its reason, and every
// disaggregated run of a catalog model is refused as such. The errors by engine are logged
// (-v), as the methodology page shows them.
func TestImportedRunsAreComparedByTheirMeans(t *testing.T) {
	_, est := calibrated(t)
	snaps, err := dataset.LoadSnapshots(content.FS, "data", datasettest.Editions(t, dataset.Today()))
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range snaps {
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
