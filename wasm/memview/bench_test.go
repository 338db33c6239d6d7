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

// BenchmarkLargestValues is a change with the context, the sequences and
// the custom model at their largest: the work is a formula per option
// and per GPU of the catalog, whatever the values.
func BenchmarkLargestValues(b *testing.B) {
	d := load(b)
	q := "ctx=1048576&conc=4096&model=custom&m.p=2000&m.l=200&m.heads=256&m.kvh=256&m.hd=512&m.hid=65536"
	for b.Loop() {
		_ = memview.Build(memview.Resolve(q, d), d).Update()
	}
}
