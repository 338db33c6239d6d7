package perf

import "testing"

// BenchmarkSimulate is one simulated run of 800 requests at 8 req/s.
func BenchmarkSimulate(b *testing.B) {
	s, l := setup(1), load(8)
	for b.Loop() {
		_ = s.Simulate(l)
	}
}

// BenchmarkMaxRate is the bisection for the highest rate within a P99
// target (a dozen simulations).
func BenchmarkMaxRate(b *testing.B) {
	s, l := setup(1), load(0)
	target := 2 * s.At(1, 512, 128).E2E
	for b.Loop() {
		_, _ = s.MaxRate(l, target)
	}
}

// BenchmarkAt is one roofline point.
func BenchmarkAt(b *testing.B) {
	s := setup(2)
	for b.Loop() {
		_ = s.At(64, 2048, 2048)
	}
}
