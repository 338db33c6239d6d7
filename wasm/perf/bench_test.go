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

// BenchmarkSimulateLongOutput is BenchmarkSimulate with answers of a
// million tokens: the same cost, as a run advances by events.
func BenchmarkSimulateLongOutput(b *testing.B) {
	s, l := setup(1), load(0)
	l.Output, l.KVCapacity = 1_000_000, 1<<28
	l.Rate = 0.9 * s.Ceiling(l)
	for b.Loop() {
		_ = s.Simulate(l)
	}
}

// BenchmarkSimulateAtTheBudget is one run stopped at MaxEvents, with
// arrivals that end every stretch: a run's most expensive case.
func BenchmarkSimulateAtTheBudget(b *testing.B) {
	s, l := setup(1), load(0)
	l.Requests, l.Prompt, l.Output, l.KVCapacity = MaxEvents, 1, 1_000_000, 1<<28
	l.Rate = 0.9 * s.Ceiling(l)
	for b.Loop() {
		if st := s.Simulate(l); !st.TooLarge {
			b.Fatal("finished within the budget")
		}
	}
}
