package perfview_test

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// From data edition 2026-12-02 a step takes the compute and memory
// efficiency of its GPU's architecture at its precision; the edition
// before takes the shared pair (compute 0.5, memory 0.75) everywhere,
// with a fixed cost of 1,050 µs a step, which edition 2026-12-02's refit
// raises to 2,300 µs. Llama 3.1 8B on one GPU (8.03 B parameters; its
// untied embeddings 2 × 128,256 × 4,096 = 1,050,673,152 of them, kept in
// 16 bits).
//
// Ampere, A100 80GB SXM in BF16 (ampere/bf16: compute 0.525, memory
// 0.725): a prefill of one 2,048-token prompt is 2 × 8.03e9 × 2,048 =
// 32,890,880,000,000 FLOPs for the weights and 4 × 32 layers × 32 heads ×
// 128 × 2,048² / 2 = 1,099,511,627,776 for attention, 33,990,391,627,776
// in all, at 312 TFLOPS × 0.525 = 163.8e12 FLOP/s: 0.207512 s, more than
// reading its 16.06 GB of weights (16.06e9 / (2,039e9 × 0.725) =
// 0.010864 s), so 0.207512 + 0.0023 = 0.209812 s (edition 2026-12-01,
// at the shared 0.5 and 1,050 µs: 0.217887 + 0.00105 = 0.218937 s).
//
// Hopper, H100 SXM in FP8 (hopper/fp8: compute 0.525, memory 0.725): a
// decode step of one sequence reads the weights, 6,979,326,848 bytes of
// FP8 body and 2,101,346,304 of 16-bit embeddings, 9,080,673,152 bytes,
// at 3,350 GB/s × 0.725 = 2,428.75e9 B/s: 0.0037388 s, more than its
// arithmetic (2 × 8.03e9 / (1,978.9e12 × 0.525) = 0.0000155 s), so
// 0.0037388 + 0.0023 = 0.0060388 s (edition 2026-12-01, at the shared
// 0.75 and 1,050 µs: 0.0036142 + 0.00105 = 0.0046642 s).
func TestAStepTakesItsGPUArchitecturesEfficiencies(t *testing.T) {
	e := datasettest.Editions(t, datasettest.Today)
	tests := []struct {
		edition, gpu, precision string
		decode                  bool
		compute, memory, step   float64
		want                    float64
	}{
		{"2026-12-02", "a100-80gb-sxm", "bf16", false, 0.525, 0.725, 2300e-6, 0.209811548},
		{"2026-12-01", "a100-80gb-sxm", "bf16", false, 0.5, 0.75, 1050e-6, 0.218937126},
		{"2026-12-02", "h100-sxm", "fp8", true, 0.525, 0.725, 2300e-6, 0.006038826},
		{"2026-12-01", "h100-sxm", "fp8", true, 0.5, 0.75, 1050e-6, 0.004664198},
	}
	for _, tt := range tests {
		d := e.Data[tt.edition].PerfData()
		m, _ := d.Memory.Models.Find("llama-3.1-8b")
		g, _ := d.Memory.GPUs.Find(tt.gpu)
		eff := d.EfficiencyOn(g, tt.precision)
		if eff.Compute != tt.compute || eff.Memory != tt.memory || eff.StepSeconds != tt.step {
			t.Errorf("edition %s, %s in %s: compute %g, memory %g, step %g s; want %g, %g, %g s", tt.edition, tt.gpu, tt.precision,
				eff.Compute, eff.Memory, eff.StepSeconds, tt.compute, tt.memory, tt.step)
		}
		s, ok := serving.Setup(m, g, 1, tt.precision, serving.KVFormat(tt.precision), eff)
		if !ok {
			t.Fatalf("%s has no %s", tt.gpu, tt.precision)
		}
		got := s.Prefill(1, 2048)
		if tt.decode {
			got, _ = s.Decode(1, 0)
		}
		if math.Abs(got-tt.want) > 1e-8 {
			t.Errorf("edition %s, %s in %s: a step of %g s; want %g s", tt.edition, tt.gpu, tt.precision, got, tt.want)
		}
	}
}
