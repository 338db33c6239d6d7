package memview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// FuzzFinitePage checks that no query, however odd its numbers, makes the
// page show NaN, an infinity or a figure of absurd length. Besides the
// query, the fuzzer sets three fields to values of its choice.
func FuzzFinitePage(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "preset=seed-002", "util=1e-320", "util=5e-324&a.seqs=1&a.tok=1",
		"model=custom&m.p=1e-300&m.h=1", "ctx=1048576&conc=100000&k=4", "model=deepseek-v3&w=int4&kv=fp8&a.tp=8"} {
		f.Add(seed, uint8(0), 0.0, uint8(0), 0.0, uint8(0), 0.0)
	}
	inputs := memview.Resolve("", d).Inputs
	f.Fuzz(func(t *testing.T, q string, f1 uint8, v1 float64, f2 uint8, v2 float64, f3 uint8, v3 float64) {
		q = viewtest.Set(viewtest.Set(viewtest.Set(q, inputs, f1, v1), inputs, f2, v2), inputs, f3, v3)
		if err := viewtest.Finite(memview.Build(memview.Resolve(q, d), d).Page); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Every number field at the ends of its range, alone and all together,
// still gives a page of finite, short figures, with a catalog model and
// a custom one.
func TestFinitePageAtExtremes(t *testing.T) {
	d := load(t)
	for _, base := range []string{"", "model=custom&a.gpu=custom&m.e=8&m.ept=2&m.kvr=512&m.rope=64&m.sw=4096&"} {
		for _, q := range viewtest.Extremes(memview.Resolve(base, d).Inputs) {
			if err := viewtest.Finite(memview.Build(memview.Resolve(base+q, d), d).Page); err != nil {
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
	for _, q := range append([]string{"", "preset=seed-002", "model=flat", "model=llama-3.1-405b&a.gpu=t4"}, viewtest.Extremes(memview.Resolve("", d).Inputs)...) {
		if err := viewtest.Explained(memview.Build(memview.Resolve(q, d), d).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}
