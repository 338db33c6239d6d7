package perfview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// FuzzFinitePage checks that no query, however odd its numbers, makes the
// page show NaN, an infinity or a figure of absurd length. Besides the
// query, the fuzzer sets three fields to values of its choice.
func FuzzFinitePage(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "rate=1e-320", "slo=5e-324", "ce=1e-300&me=1e-300", "b=4096&in=1&out=1",
		"rate=100000&slo=0.001", "model=deepseek-v3&gpu=mi300x&tp=8&prec=fp8",
		"mode=closed&users=4096&think=3600", "mode=closed&users=1&slo=0.001", "mode=offline&in=1&out=1"} {
		f.Add(seed, uint8(0), 0.0, uint8(0), 0.0, uint8(0), 0.0)
	}
	inputs := perfview.Resolve("", d).Inputs
	f.Fuzz(func(t *testing.T, q string, f1 uint8, v1 float64, f2 uint8, v2 float64, f3 uint8, v3 float64) {
		q = viewtest.Set(viewtest.Set(viewtest.Set(q, inputs, f1, v1), inputs, f2, v2), inputs, f3, v3)
		if err := viewtest.Finite(perfview.Build(perfview.Resolve(q, d)).Page); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Every number field at the ends of its range, alone and all together,
// still gives a page of finite, short figures, with the catalogs' model
// and GPU and with custom ones.
func TestFinitePageAtExtremes(t *testing.T) {
	d := load(t)
	for _, base := range []string{"", "model=custom&gpu=custom&m.e=8&m.ept=2&m.kvr=512&m.rope=64&m.sw=4096&"} {
		for _, q := range viewtest.Extremes(perfview.Resolve(base, d).Inputs) {
			if err := viewtest.Finite(perfview.Build(perfview.Resolve(base+q, d)).Page); err != nil {
				t.Errorf("%q: %v", base+q, err)
			}
		}
	}
}

// Every cell that shows no figure ("–") says why, in its note (the
// page's tooltip): in the default scenario, presets, cases that cannot be
// computed, and every field at the ends of its range.
func TestDashesSayWhy(t *testing.T) {
	d := load(t)
	for _, q := range append([]string{"", "model=llama-3.1-405b", "model=gpt-oss-120b&gpu=l4&in=100000&out=30000", "b=1024"}, viewtest.Extremes(perfview.Resolve("", d).Inputs)...) {
		if err := viewtest.Explained(perfview.Build(perfview.Resolve(q, d)).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}
