package memview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/memview"
)

// BenchmarkDefaultScenario is one change on the memory page: resolve the
// query, run the engine for three GPUs, the which-GPUs-fit table over the
// catalog and the charts, and build the update.
func BenchmarkDefaultScenario(b *testing.B) {
	d := load(b)
	for b.Loop() {
		_ = memview.Build(memview.Resolve("", d), d).Update()
	}
}
