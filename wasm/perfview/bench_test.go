package perfview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
)

// BenchmarkDefaultScenario is one change on the estimator's page: the
// roofline by batch, a simulation at the chosen rate, eight for the
// latency chart and the bisection for the highest rate in target.
func BenchmarkDefaultScenario(b *testing.B) {
	d := load(b)
	for b.Loop() {
		_ = perfview.Build(perfview.Resolve("", d)).Update()
	}
}
