package tcoview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/tcoview"
)

// BenchmarkDefaultScenario is what the browser does on every input change:
// resolve the query, run the engine for every option and lay out the page.
func BenchmarkDefaultScenario(b *testing.B) {
	d := load(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = tcoview.Build(tcoview.Resolve("a.n=16&b.kwh=0.2", d)).Update()
	}
}

// BenchmarkEstimateWithTarget is the estimator's page feeding an option:
// Llama 2 7B's throughput estimated, and the fleet sized for a demand
// under a P99 target (a bisection of simulations).
func BenchmarkEstimateWithTarget(b *testing.B) {
	d := load(b)
	for b.Loop() {
		_ = tcoview.Build(tcoview.Resolve("dem=1e9&slo=30&a.pm=llama-2-7b", d)).Update()
	}
}

// BenchmarkWorstCase is the estimator page at its most expensive: four
// options, each with an estimated throughput sized under a loose P99
// target, so that each runs a full search for the highest rate.
func BenchmarkWorstCase(b *testing.B) {
	d := load(b)
	q := "k=4&dem=1e9&slo=3600&a.pm=llama-3.1-8b&b.pm=llama-3.1-8b&c.pm=llama-3.1-8b&d.pm=llama-3.1-8b"
	for b.Loop() {
		_ = tcoview.Build(tcoview.Resolve(q, d)).Update()
	}
}

// BenchmarkWorstCaseUsers is BenchmarkWorstCase sized for users in flight:
// four options, each bisecting for the most users within the target (at
// most 11 closed-loop runs each); and for a batch job, one run sent all
// at once each.
func BenchmarkWorstCaseUsers(b *testing.B) {
	d := load(b)
	for _, c := range []struct{ name, q string }{
		{"users", "k=4&mode=closed&users=1000&slo=20&a.pm=llama-3.1-8b&b.pm=llama-3.1-8b&c.pm=llama-3.1-8b&d.pm=llama-3.1-8b"},
		{"offline", "k=4&mode=offline&dem=1e9&a.pm=llama-3.1-8b&b.pm=llama-3.1-8b&c.pm=llama-3.1-8b&d.pm=llama-3.1-8b"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = tcoview.Build(tcoview.Resolve(c.q, d)).Update()
			}
		})
	}
}
