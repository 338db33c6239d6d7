package pricingview_test

import (
	"strconv"
	"testing"

	"github.com/infercost/infercost/wasm/pricingview"
)

// BenchmarkDefaultScenario is one change on the pricing page: every API
// row of the catalog costed, the break-even against the cluster and the
// charts. Its cost grows with the catalog's rows, not with any value the
// URL holds (BenchmarkLargestValues).
func BenchmarkDefaultScenario(b *testing.B) {
	d := load(b)
	for b.Loop() {
		_ = pricingview.Build(pricingview.Resolve("", d), d).Update()
	}
}

// BenchmarkLargestValues is a change with the volume, lengths, cache
// share and budget at their largest.
func BenchmarkLargestValues(b *testing.B) {
	d := load(b)
	q := "rpd=1e9&in=1e6&out=1e6&cache=100&reuse=100&batch=100&bd=1e10"
	for b.Loop() {
		_ = pricingview.Build(pricingview.Resolve(q, d), d).Update()
	}
}

// BenchmarkSearch is a keystroke in the search over the whole catalog,
// with every filter set.
func BenchmarkSearch(b *testing.B) {
	d := load(b)
	q := "q=llama+instruct&open=1&ctx=8000&maxout=5"
	for b.Loop() {
		_ = pricingview.Build(pricingview.Resolve(q, d), d).Update()
	}
}

// BenchmarkKeystroke is what the page's engine does as the reader types
// a volume: the new scenario's page and what differs from the one shown
// (view.Page.Since), as wasm/cmd/browser sends it.
func BenchmarkKeystroke(b *testing.B) {
	d := load(b)
	shown := pricingview.Build(pricingview.Resolve("preset=seed-000-roi", d), d).Page
	i := 0
	for b.Loop() {
		i++
		p := pricingview.Build(pricingview.Resolve("preset=seed-000-roi&rpd="+strconv.Itoa(1000+i%7), d), d).Page
		_ = p.Since(&shown)
		shown = p
	}
}
