package perf_test

import (
	"fmt"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/perf"
)

// Llama 3.1 8B in BF16 on one H100 SXM (989 dense BF16 TFLOPS, 3,350
// GB/s), reaching half the arithmetic peak and 80 % of the bandwidth,
// without the fitted fixed costs.
func Example() {
	llama := model.Model{ParamsB: 8.03, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128,
		Intermediate: 14336, Vocab: 128256, MaxContext: 131072}
	bf16, _ := memory.FindFormat(memory.WeightFormats, "bf16")
	s := perf.Setup{Model: llama, Weights: bf16, KV: bf16, TP: 1,
		Hardware:   perf.Hardware{TFLOPS: 989, Bandwidth: 3350},
		Efficiency: perf.Efficiency{Compute: 0.5, Memory: 0.8}}
	// A 1,024-token prompt: 2 × 8.03e9 × 1,024 FLOP for the weights and
	// 4 × 32 × 32 × 128 × 1,024²/2 for attention, 1.672e13 FLOP at
	// 494.5 TFLOPS = 33.8 ms; reading the 16.06 GB of weights at 2.68 TB/s
	// takes only 6.0 ms.
	fmt.Printf("time to first token: %.1f ms\n", 1000*s.Prefill(1, 1024))
	// A decode step of 64 sequences at 1,024 tokens reads the weights
	// and 64 × 1,024 × 131,072 B of KV cache, 24.65 GB: 9.2 ms, while its
	// 1.062e12 FLOP take 2.1 ms.
	tpot, computeBound := s.Decode(64, 1024)
	fmt.Printf("time per output token at batch 64: %.1f ms (compute-bound: %v), %.0f tokens/s\n", 1000*tpot, computeBound, 64/tpot)
	// Output:
	// time to first token: 33.8 ms
	// time per output token at batch 64: 9.2 ms (compute-bound: false), 6958 tokens/s
}
