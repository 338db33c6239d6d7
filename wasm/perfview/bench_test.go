package perfview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
)

// benchScenarios are the estimator's page at its default, at the
// heaviest realistic setting (a 70B model on a full H100 server with long
// requests) and at the output lengths that a hostile link asks for (which
// Llama 2 7B's context of 4,096 tokens now rejects; the default is used).
var benchScenarios = []struct{ name, query string }{
	{"Default", ""},
	{"Heavy70B", "model=llama-3.1-70b&gpu=h100-sxm&tp=8&in=8000&out=4000"},
	{"Out100000", "model=llama-2-7b&gpu=a100-80gb-sxm&tp=8&in=1&out=100000"},
	{"Out1048575", "model=llama-2-7b&gpu=a100-80gb-sxm&tp=8&in=1&out=1048575"},
	{"Long8B", "model=llama-3.1-8b&gpu=h100-sxm&in=1&out=131071"},
	// The other load modes: a closed loop searches for the most users
	// (at most 11 runs) instead of the rate chart's and the highest rate's.
	{"Closed", "mode=closed"},
	{"ClosedThink", "mode=closed&think=3&slo=3"},
	{"ClosedLong8B", "mode=closed&model=llama-3.1-8b&gpu=h100-sxm&in=1&out=131071&slo=3600"},
	{"Offline", "mode=offline"},
}

// BenchmarkScenario is one change on the estimator's page: the roofline
// by batch, a simulation at the chosen rate, eight for the latency chart
// and the bisection for the highest rate in target.
func BenchmarkScenario(b *testing.B) {
	d := load(b)
	for _, sc := range benchScenarios {
		b.Run(sc.name, func(b *testing.B) {
			for b.Loop() {
				_ = perfview.Build(perfview.Resolve(sc.query, d)).Update()
			}
		})
	}
}

// BenchmarkRateChange is the reader moving the rate on the default page:
// Fresh builds every part anew (as before the Builder), Remembered reruns
// only the simulation at the rate.
func BenchmarkRateChange(b *testing.B) {
	d := load(b)
	scenarios := []perfview.Scenario{perfview.Resolve("rate=2", d), perfview.Resolve("rate=3", d)}
	b.Run("Fresh", func(b *testing.B) {
		i := 0
		for b.Loop() {
			_ = perfview.Build(scenarios[i%2]).Update()
			i++
		}
	})
	b.Run("Remembered", func(b *testing.B) {
		var pb perfview.Builder
		i := 0
		for b.Loop() {
			_ = pb.Build(scenarios[i%2]).Update()
			i++
		}
	})
}

// BenchmarkWorstCase is the page at its most expensive: the most requests
// per run the data may set (perf.MaxEvents / 5), short prompts and long
// answers near the ceiling, so that stretches end at arrivals and each
// needs its bisection, and a loose target that sends the search for the
// highest rate to the ceiling; then runs that exceed the budget.
func BenchmarkWorstCase(b *testing.B) {
	d := load(b)
	for _, c := range []struct {
		name     string
		requests float64
	}{{"MostRequests", perf.MaxEvents / 5}, {"OverBudget", perf.MaxEvents}} {
		d.Defaults.Requests.Value = c.requests
		s := perfview.Resolve("model=llama-3.1-8b&gpu=h100-sxm&in=1&out=131071&slo=3600", d)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = perfview.Build(s).Update()
			}
		})
	}
}
