package memory

import "testing"

// BenchmarkCompute lays out one GPU's memory: Llama 3.1 8B on an H100.
func BenchmarkCompute(b *testing.B) {
	s := setup(llama31_8b, 1)
	for b.Loop() {
		_ = s.Compute()
	}
}

// BenchmarkGPUsNeeded searches the GPU count for DeepSeek-V3 (32 GPUs).
func BenchmarkGPUsNeeded(b *testing.B) {
	s := setup(deepseekV3, 1)
	for b.Loop() {
		_, _, _, _ = GPUsNeeded(s, 4096, 1)
	}
}
