package perfview_test

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/perf"
)

// Weight-only INT8 and INT4 read the weights in 8 or 4 bits and multiply
// in BF16: any GPU runs them, a compute-bound prefill takes as long as in
// BF16, and a memory-bound decode step reads fewer weight bytes. Llama 2
// 7B (6.74B parameters, 32,000 x 4,096 = 0.131B of them the embedding,
// kept in 16 bits) at batch 1, empty context, on an A100 (2,039 GB/s,
// 312 TFLOPS BF16) at MBU 0.8:
//
//	BF16  13.48e9 B                                   / 1,631.2e9 B/s = 8.264 ms
//	INT8  (6.609e9 x 1 + 0.131e9 x 2) = 6.871e9 B     / 1,631.2e9 B/s = 4.212 ms
//	INT4  (6.609e9 x (0.5 + 2/128) + 0.262e9) = 3.670e9 B / 1,631.2e9 B/s = 2.250 ms
func TestWeightOnlyPrecisionsReadFewerBytesAndComputeInBF16(t *testing.T) {
	llama := model.Model{ID: "llama-2-7b", ParamsB: 6.74, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, HeadDim: 128,
		Intermediate: 11008, Vocab: 32000, MaxContext: 4096}
	a100 := gpu.GPU{Name: "A100", Vendor: "NVIDIA", BandwidthGBps: gpu.Figure{Value: 2039}, BF16DenseTFLOPS: gpu.Figure{Value: 312}}
	eff := perf.Efficiency{Compute: 0.5, Memory: 0.8}
	embed := 2 * 32000.0 * 4096
	body := 6.74e9 - embed
	bw := 2039e9 * 0.8
	setup := func(precision string) perf.Setup {
		t.Helper()
		s, ok := serving.Setup(llama, a100, 1, precision, serving.KVFormat(precision), eff)
		if !ok {
			t.Fatalf("an A100 cannot run %s", precision)
		}
		return s
	}
	bf16Prefill := setup("bf16").Prefill(1, 2048)
	for _, c := range []struct {
		precision string
		bytes     float64
	}{{"int8", body*1 + embed*2}, {"int4", body*(0.5+2.0/128) + embed*2}} {
		s := setup(c.precision)
		if msg, refused := new(serving.Memory).Precision(nil, &a100, c.precision); msg != "" || refused {
			t.Errorf("%s on an A100 without FP8 or FP4: %q", c.precision, msg)
		}
		step, computeBound := s.Decode(1, 0)
		if want := c.bytes / bw; computeBound || math.Abs(step-want) > 1e-9*want {
			t.Errorf("%s decode at batch 1: %.4f ms (compute-bound %v); want %.4f ms", c.precision, step*1e3, computeBound, want*1e3)
		}
		if got := s.Prefill(1, 2048); math.Abs(got-bf16Prefill) > 1e-9*bf16Prefill {
			t.Errorf("%s prefill of 2,048 tokens %.4f ms; want BF16's %.4f ms", c.precision, got*1e3, bf16Prefill*1e3)
		}
		if s.KV.ID != "bf16" {
			t.Errorf("%s serves its KV cache in %s; want BF16", c.precision, s.KV.ID)
		}
	}
}
