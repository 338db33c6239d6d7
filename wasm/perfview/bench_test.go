package perfview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
)

// benchScenarios are the estimator's page at its default, at the
// heaviest realistic setting (a 70B model on a full H100 server with long
// requests) and at the output lengths that a hostile link asks for.
var benchScenarios = []struct{ name, query string }{
	{"Default", ""},
	{"Heavy70B", "model=llama-3.1-70b&gpu=h100-sxm&tp=8&in=8000&out=4000"},
	{"Out100000", "model=llama-2-7b&gpu=a100-80gb-sxm&tp=8&in=1&out=100000"},
	{"Out1048575", "model=llama-2-7b&gpu=a100-80gb-sxm&tp=8&in=1&out=1048575"},
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
