package planview

import (
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// BenchmarkModelChange is a reader choosing another model on the page: the
// options' prices are remembered (Builder.priced), every GPU's replicas
// are searched again (the searches forgotten each time, as a model not
// seen before has none).
func BenchmarkModelChange(b *testing.B) {
	d := datasettest.Load(b).PricingData()
	models := []string{"model=llama-3.3-70b", "model=llama-3.1-8b", "model=qwen3-32b", "model=mixtral-8x7b"}
	var pb Builder
	pb.Build(Resolve("", d), d)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		pb.rates = nil
		_ = pb.Build(Resolve(models[i%len(models)], d), d).Update()
	}
}
