package calibration

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
)

var powerGPUs = gpu.Catalog{GPUs: []gpu.GPU{{ID: "h100-sxm", TDPW: fact.Figure{Value: 700}}, {ID: "no-power"}}}

func TestBadPowerRunsAreNamed(t *testing.T) {
	sources := fact.Sources{"s": {Title: "A source", URL: "https://example.com/a"}}
	good := PowerRun{ID: "p", Source: "s", Published: "2026-02-16", AsOf: "2026-12-07", HFModel: "org/model", Weights: "bf16",
		GPU: "h100-sxm", GPUs: 2, TP: 2, MaxNumSeqs: 8, OutputTokS: 900, GPUPowerW: 1200}
	if err := (Table{Sources: sources, Power: []PowerRun{good}}).Validate(powerGPUs, model.Catalog{}); err != nil {
		t.Fatalf("a good run: %v", err)
	}
	for _, tt := range []struct {
		name   string
		change func(*PowerRun)
		want   string
	}{
		{"source", func(r *PowerRun) { r.Source = "nowhere" }, `source: unknown source "nowhere"`},
		{"HF id", func(r *PowerRun) { r.HFModel = "model" }, `hf_model: want a Hugging Face id owner/name, got "model"`},
		{"GPU", func(r *PowerRun) { r.GPU = "h900" }, `gpu: "h900" is not a GPU of the catalog`},
		{"GPU without power", func(r *PowerRun) { r.GPU = "no-power" }, `gpu: "no-power" has no power in the catalog`},
		{"GPUs and TP", func(r *PowerRun) { r.GPUs = 3 }, "gpus: 3 GPUs cannot hold replicas of TP 2 or EP 1"},
		{"requests in flight", func(r *PowerRun) { r.MaxNumSeqs = 0 }, "max_num_seqs: want the most requests in flight"},
		{"throughput", func(r *PowerRun) { r.OutputTokS = math.NaN() }, "output_tok_s: want a throughput above 0, got NaN"},
		// 2 x 700 W x 1.1 = 1,540 W is the most two H100s draw on average.
		{"power above the rating", func(r *PowerRun) { r.GPUPowerW = 1600 }, "gpu_power_w: 1600 W is not within (0, 1.1 x 700 W] for 2 GPUs"},
		{"no power", func(r *PowerRun) { r.GPUPowerW = 0 }, "gpu_power_w: 0 W is not within"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := good
			tt.change(&r)
			err := Table{Sources: sources, Power: []PowerRun{r}}.Validate(powerGPUs, model.Catalog{})
			if err == nil || !strings.Contains(err.Error(), `power[0] "p": `+tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// Two setups of one H100 each: the busiest run of each is its capacity.
// Model a draws 0.5 x 700 = 350 W at half its capacity and 0.8 x 700 =
// 560 W at all of it; model b 0.6 (420 W) at a quarter and 0.75 (525 W)
// at all of it. Utilisations 0.5, 1, 0.25, 1; draws 0.5, 0.8, 0.6, 0.75.
// Means: u 2.75 / 4 = 0.6875, draw 2.65 / 4 = 0.6625.
// Sum of (u - mu)(d - md): (-0.1875)(-0.1625) + (0.3125)(0.1375) +
// (-0.4375)(-0.0625) + (0.3125)(0.0875) = 0.03047 + 0.04297 + 0.02734 +
// 0.02734 = 0.128125; of (u - mu)^2: 0.03516 + 0.09766 + 0.19141 +
// 0.09766 = 0.421875; slope 0.3037; least 0.6625 - 0.3037 x 0.6875 =
// 0.45370, full 0.45370 + 0.3037 = 0.75741.
// Left out, model a is judged by b's line alone (0.55 + 0.2 u: 0.65 at
// half, 0.75 at all of it) and b by a's (0.2 + 0.6 u: 0.35 at a quarter,
// 0.8 at all).
func TestServingDrawByHand(t *testing.T) {
	tab := Table{Power: []PowerRun{
		{HFModel: "o/a", GPU: "h100-sxm", GPUs: 1, OutputTokS: 500, GPUPowerW: 350},
		{HFModel: "o/a", GPU: "h100-sxm", GPUs: 1, OutputTokS: 1000, GPUPowerW: 560},
		{HFModel: "o/b", GPU: "h100-sxm", GPUs: 1, OutputTokS: 100, GPUPowerW: 420},
		{HFModel: "o/b", GPU: "h100-sxm", GPUs: 1, OutputTokS: 400, GPUPowerW: 525},
	}}
	ps := tab.PowerPoints(powerGPUs)
	near := func(got, want float64) bool { return math.Abs(got-want) < 5e-5 }
	for i, want := range [][2]float64{{0.5, 0.5}, {1, 0.8}, {0.25, 0.6}, {1, 0.75}} {
		if !near(ps[i].Utilisation, want[0]) || !near(ps[i].Draw, want[1]) {
			t.Errorf("point %d: u %.4f draw %.4f; want %v", i, ps[i].Utilisation, ps[i].Draw, want)
		}
	}
	if d := FitServingDraw(ps); !near(d.Least, 0.45370) || !near(d.Full, 0.75741) {
		t.Errorf("fit %+v; want least 0.45370, full 0.75741", d)
	}
	for i, want := range []float64{0.65, 0.75, 0.35, 0.8} {
		e := CrossValidate(ps)[i]
		if !near(e.Estimate, want) || !near(e.Err, (want-e.Draw)/e.Draw) {
			t.Errorf("point %d left out: estimate %.4f err %.4f; want %.4f", i, e.Estimate, e.Err, want)
		}
	}
	if d := FitServingDraw(ps[:1]); d != (ServingDraw{}) {
		t.Errorf("one point: %+v; want no line", d)
	}
}
