package memory_test

import (
	"fmt"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// Llama 3.1 8B in BF16 on one GPU with 80 GiB, laid out as vLLM does at
// gpu_memory_utilization 0.9 (architecture from its config.json:
// 32 layers, hidden 4,096, 32 heads, 8 KV heads of 128, MLP 14,336,
// vocabulary 128,256; 8.03 billion parameters).
func Example() {
	llama := model.Model{ParamsB: 8.03, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128,
		Intermediate: 14336, Vocab: 128256, MaxContext: 131072}
	bf16, _ := memory.FindFormat(memory.WeightFormats, "bf16")
	s := memory.Setup{Model: llama, Weights: bf16, KV: bf16, GPUMemory: 80 * memory.GiB, TP: 1, PP: 1,
		Runtime: memory.Runtime{Engine: memory.VLLM, Utilization: 0.9, MaxBatchedTokens: 8192, NonTorch: memory.GiB, BlockSize: 16}}
	r := s.Compute()
	// Weights 8.03e9 × 2 B = 16.06e9 B. Activations: 8,192 tokens × 2 B ×
	// (3 × 14,336 + 4 × 4,096) = 973,078,528 B. KV pool 0.9 × 80 GiB −
	// weights − activations − 1 GiB = 59,202,590,976 B.
	fmt.Printf("weights %.2f GiB, KV pool %.2f GiB\n", r.Weights/memory.GiB, r.KVPool/memory.GiB)
	// A token's keys and values: 2 × 8 heads × 128 × 2 B × 32 layers =
	// 131,072 B; a 16-token block 2 MiB: 28,229 whole blocks (28,230
	// would need 9,984 B more).
	fmt.Printf("%d B per token, %d tokens of KV cache\n", int(r.KVBytesPerToken), r.CapacityTokens)
	// An 8,192-token sequence holds 1 GiB: 55 of them fit.
	fmt.Printf("%d sequences of 8,192 tokens at once\n", s.MaxSequences(r, 8192))
	// Output:
	// weights 14.96 GiB, KV pool 55.14 GiB
	// 131072 B per token, 451664 tokens of KV cache
	// 55 sequences of 8,192 tokens at once
}
