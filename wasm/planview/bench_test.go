package planview_test

import (
	"strconv"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/planview"
)

// BenchmarkDefault is what the browser does on every input change: read
// the query, size every GPU of the catalog (one search of the estimator
// for each that holds the model and has a price), price every API of the
// model and lay out the page.
func BenchmarkDefault(b *testing.B) {
	d := datasettest.Load(b).PricingData()
	b.ReportAllocs()
	for b.Loop() {
		_ = planview.Build(planview.Resolve("", d), d).Update()
	}
}

// BenchmarkLargestModel is the plan at its costliest searches: a mixture
// of experts of a trillion parameters at a tight target, whose fit is
// checked on every GPU, and a small model that fits all of them.
func BenchmarkLargestModel(b *testing.B) {
	d := datasettest.Load(b).PricingData()
	for _, q := range []string{"model=kimi-k2&slo=5", "model=llama-3.1-8b&slo=3600"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				_ = planview.Build(planview.Resolve(q, d), d).Update()
			}
		})
	}
}

// BenchmarkVolumeChange is a reader typing a volume: every replica's
// search is remembered from the page before.
func BenchmarkVolumeChange(b *testing.B) {
	d := datasettest.Load(b).PricingData()
	var pb planview.Builder
	pb.Build(planview.Resolve("", d), d)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		_ = pb.Build(planview.Resolve("rpd="+strconv.Itoa(500000+i%1000), d), d).Update()
	}
}
