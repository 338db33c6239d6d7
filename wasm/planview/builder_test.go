package planview

import (
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// TestAVolumeChangeSearchesNothing: a Builder that has built a plan
// builds it for another volume and period without a search of the
// estimator, with the figures a new Builder gives; a new model searches
// again.
func TestAVolumeChangeSearchesNothing(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	var b Builder
	b.Build(Resolve("", d), d)
	first := b.searches
	if first == 0 {
		t.Fatal("the default plan ran no search")
	}
	got := b.Build(Resolve("rpd=123456&y=5", d), d)
	if b.searches != first {
		t.Errorf("another volume and period ran %d searches; want none", b.searches-first)
	}
	if want := Build(Resolve("rpd=123456&y=5", d), d); got.Headline.Text != want.Headline.Text {
		t.Errorf("remembered: %s\nfresh: %s", got.Headline.Text, want.Headline.Text)
	}
	b.Build(Resolve("model=llama-3.1-8b", d), d)
	if b.searches == first {
		t.Error("another model ran no search")
	}
}
