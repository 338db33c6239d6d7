package perfview_test

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
)

// A compute-bound decode step runs at the GPU's FP4 tensor rate: its
// throughput scales with FP4DenseTFLOPS and nothing else. Llama 2 7B
// (6.74B parameters), NVFP4 weights, 8,192 sequences at an empty context
// on one GPU of 7,700 GB/s, MFU 0.5 and MBU 0.8:
//
//	compute  8,192 x 2 x 6.74e9 FLOP / (9,000e12 x 0.5) = 24.54 ms
//	memory   at most 13.48e9 B of weights / (7,700e9 x 0.8) = 2.19 ms
//	tokens   8,192 / 24.54 ms = 4.5e15 / 1.348e10 = 333,828 per second
//
// With FP4 at 18,000 TFLOPS the same step takes half as long (667,656
// tokens per second), and in FP8 (4,500 TFLOPS) twice as long.
func TestFP4ThroughputScalesWithTheFP4Rate(t *testing.T) {
	llama := model.Model{ID: "llama-2-7b", ParamsB: 6.74, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, HeadDim: 128,
		Intermediate: 11008, Vocab: 32000, MaxContext: 4096}
	nvfp4, _ := memory.FindFormat(memory.WeightFormats, "nvfp4")
	rate := func(tflops float64) *gpu.Figure { return &gpu.Figure{Value: tflops} }
	blackwell := func(fp4 float64) gpu.GPU {
		return gpu.GPU{Name: "test Blackwell", Vendor: "NVIDIA", BandwidthGBps: gpu.Figure{Value: 7700},
			BF16DenseTFLOPS: gpu.Figure{Value: 2250}, FP8DenseTFLOPS: rate(4500), FP4DenseTFLOPS: rate(fp4)}
	}
	tokensPerSecond := func(g gpu.GPU, precision string) float64 {
		t.Helper()
		h, ok := serving.Hardware(g, precision)
		if !ok {
			t.Fatalf("%s has no %s rate", g.Name, precision)
		}
		s := perf.Setup{Model: llama, Weights: nvfp4, KV: memory.KVFormats[0], Hardware: h, TP: 1,
			Efficiency: perf.Efficiency{Compute: 0.5, Memory: 0.8}}
		step, computeBound := s.Decode(8192, 0)
		if !computeBound {
			t.Fatalf("%s in %s: the step is not compute-bound", g.Name, precision)
		}
		return 8192 / step
	}
	for _, c := range []struct {
		fp4       float64
		precision string
		want      float64
	}{
		{9000, "fp4", 4.5e15 / 1.348e10},
		{18000, "fp4", 9e15 / 1.348e10},
		{9000, "fp8", 2.25e15 / 1.348e10},
	} {
		if got := tokensPerSecond(blackwell(c.fp4), c.precision); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("FP4 rate %v TFLOPS, %s: %.1f tokens/s; want %.1f", c.fp4, c.precision, got, c.want)
		}
	}
}

// The results name the weight format the figures assume, since FP4 is
// NVFP4 on NVIDIA's GPUs and MXFP4 on AMD's.
func TestResultsNameTheWeightFormat(t *testing.T) {
	d := load(t)
	for query, want := range map[string]string{
		"gpu=b200&prec=fp4":                       "NVFP4 (16-value blocks, FP8 scales)",
		"model=llama-3.1-70b&gpu=mi355x&prec=fp4": "MXFP4 (32-value blocks, 8-bit scales)",
		"gpu=h100-sxm&prec=fp8":                   "FP8",
		"":                                        "BF16 / FP16",
		"gpu=h100-sxm&prec=fp4":                   "NVFP4 (16-value blocks, FP8 scales)", // weight-only
		"model=gpt-oss-120b&gpu=h100-sxm":         "MXFP4 experts, the rest BF16 (as gpt-oss is published)",
		// Edition 2026-12-06 refuses FP4 on the H100 and starts every
		// model in BF16.
		"ed=2026-12-06&gpu=h100-sxm&prec=fp4":   "BF16 / FP16",
		"ed=2026-12-06&model=gpt-oss-120b&tp=4": "BF16 / FP16", // 234 GB: one H100 does not hold it
	} {
		d := d
		if strings.HasPrefix(query, "ed=2026-12-06&") {
			d = datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].PerfData()
		}
		var got string
		for _, c := range perfview.Build(perfview.Resolve(query, d)).Cells() {
			if c.Key == "a.weights" {
				got = c.Text
			}
		}
		if got != want {
			t.Errorf("%q: weight format %q; want %q", query, got, want)
		}
	}
}

// gpt-oss-120b as OpenAI publishes it, MXFP4 experts and the rest BF16
// (64.3451e9 B, wasm/memory's TestWeights), fits one H100 from edition
// 2026-12-07, as vLLM serves it there (its GPT-OSS recipe), the experts
// computed in BF16; edition 2026-12-06 starts it in BF16 (234 GB), which
// needs 4 GPUs.
func TestGptOSSFitsOneH100AsPublished(t *testing.T) {
	s := perfview.Resolve("model=gpt-oss-120b&gpu=h100-sxm", load(t))
	if !s.Fits() || s.Setup.Weights.ID != memory.MXFP4Experts || s.Setup.TP != 1 || s.MaxBatch < 1 {
		t.Errorf("gpt-oss-120b on one H100: fits %v, weights %q, TP %d, batch %d; want it to fit as published", s.Fits(), s.Setup.Weights.ID, s.Setup.TP, s.MaxBatch)
	}
	old := perfview.Resolve("model=gpt-oss-120b&gpu=h100-sxm", datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].PerfData())
	if old.Fits() || old.NeedGPUs != 4 || old.Setup.Weights.ID != "bf16" {
		t.Errorf("edition 2026-12-06: fits %v, needs %d, weights %q; want BF16 needing 4 GPUs", old.Fits(), old.NeedGPUs, old.Setup.Weights.ID)
	}
}
