package perfview_test

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/perfview"
)

func load(t testing.TB) perfview.Data { return datasettest.Load(t).Perf }

// The roofline against every published throughput in the data: median
// absolute error at most 25 % (issue 4). The methodology page's table is
// generated from the same function.
func TestCalibrationAgainstPublishedThroughput(t *testing.T) {
	rs := load(t).Calibrate()
	med := perfview.MedianAbsError(rs)
	for _, r := range rs {
		t.Logf("%-12s %-14s TP %d %-4s batch %4d %4d/%-4d est %8.1f err %+6.1f %%", r.Row.Model, r.Row.GPU, r.Row.TP, r.Row.Precision,
			r.Row.Batch, r.Row.Input, r.Row.Output, r.Estimate, 100*r.Err)
	}
	if math.IsNaN(med) || med > 0.25 {
		t.Errorf("median absolute error %.1f %%, want at most 25 %%", 100*med)
	}
	t.Logf("median absolute error on tokens/s: %.1f %%", 100*med)
}

func TestDefaultPageHasTheMetrics(t *testing.T) {
	p := perfview.Build(perfview.Resolve("", load(t)))
	c := p.CellsByKey()
	for _, m := range []string{"ttft_ms", "tpot_ms", "tokens_per_s_gpu", "p99_latency_ms", "max_rps_at_slo"} {
		if cl := c["a."+m]; cl.Metric != m || cl.Value <= 0 || math.IsInf(cl.Value, 0) {
			t.Errorf("%s: %+v", m, cl)
		}
	}
	// The simulated P99 at the default rate is at least the unloaded latency.
	if c["a.p99_latency_ms"].Value < p.Scenario.Setup.At(1, 512, 256).E2E*1000*0.99 {
		t.Errorf("P99 %v ms below the unloaded latency", c["a.p99_latency_ms"].Value)
	}
}

func TestBadInput(t *testing.T) {
	d := load(t)
	s := perfview.Resolve("tp=3&prec=fp8&gpu=a100-80gb-sxm&in=0&rate=-1&mfu=2", d)
	bad := map[string]bool{}
	for _, in := range s.Inputs {
		bad[in.Key] = in.Error != ""
	}
	for _, key := range []string{"tp", "prec", "in", "rate", "mfu"} {
		if !bad[key] {
			t.Errorf("%s: no error", key)
		}
	}
	// A model that does not fit is an answer: the roofline still runs, the
	// simulation says why it cannot.
	big := perfview.Build(perfview.Resolve("model=llama-3.1-405b&gpu=l4", d))
	if len(big.Problems) == 0 || big.CellsByKey()["a.p99_latency_ms"].Text != "–" {
		t.Errorf("405B on one L4: problems %q", big.Problems)
	}
}

func FuzzQueryRoundTrip(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "model=deepseek-v3&gpu=mi300x&tp=8&prec=fp8", "b=4096&in=1&out=1", "rate=100000&slo=0.001", "gpu=t4&prec=fp8"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s := perfview.Resolve(q, d)
		again := perfview.Resolve(s.Query, d)
		if again.Query != s.Query || !reflect.DeepEqual(again.Setup, s.Setup) {
			t.Fatalf("round trip of %q: %q -> %q", q, s.Query, again.Query)
		}
		if _, err := json.Marshal(perfview.Build(s).Update()); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Every line a chart's description promises lies within its x axis.
func TestChartMarksAreOnTheAxis(t *testing.T) {
	d := load(t)
	for _, q := range []string{"", "preset=trtllm-70b-h100", "preset=seed-000-70b", "slo=600", "slo=0.5", "m=llama-3.1-8b&g=h100-sxm"} {
		for _, c := range perfview.Build(perfview.Resolve(q, d)).Charts {
			for _, s := range c.Series {
				for _, m := range s.Marks {
					if m.X < c.XMin || m.X > c.XMax {
						t.Errorf("%s: %s: mark %q at %v outside the axis [%v, %v]", q, c.ID, m.Name, m.X, c.XMin, c.XMax)
					}
				}
			}
		}
	}
}
