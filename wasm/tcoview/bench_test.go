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
