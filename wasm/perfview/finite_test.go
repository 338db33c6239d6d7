package perfview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// FuzzFinitePage checks that no query, however odd its numbers, makes the
// page show NaN, an infinity or a figure of absurd length.
func FuzzFinitePage(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "rate=1e-320", "slo=5e-324", "ce=1e-300&me=1e-300", "b=4096&in=1&out=1",
		"rate=100000&slo=0.001", "model=deepseek-v3&gpu=mi300x&tp=8&prec=fp8"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if err := viewtest.Finite(perfview.Build(perfview.Resolve(q, d)).Page); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}
