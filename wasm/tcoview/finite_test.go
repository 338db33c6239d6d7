package tcoview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// FuzzFinitePage checks that no query, however odd its numbers, makes the
// page show NaN, an infinity or a figure of absurd length. Besides the
// query, the fuzzer sets three fields to values of its choice.
func FuzzFinitePage(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "preset=seed-000", "a.coc=1e-320&b.coc=1e-320", "a.coc=5e-324", "a.gp=1e-300",
		"a.n=1e6&a.gps=16&a.coc=100&a.res=100", "a.load=0.0001&a.tps=0.0001", "dem=1e15&a.tps=0.1", "y=30&fx=0.01&cur=EUR"} {
		f.Add(seed, uint8(0), 0.0, uint8(0), 0.0, uint8(0), 0.0)
	}
	inputs := tcoview.Resolve("", d).Inputs
	f.Fuzz(func(t *testing.T, q string, f1 uint8, v1 float64, f2 uint8, v2 float64, f3 uint8, v3 float64) {
		q = viewtest.Set(viewtest.Set(viewtest.Set(q, inputs, f1, v1), inputs, f2, v2), inputs, f3, v3)
		if err := viewtest.Finite(tcoview.Build(tcoview.Resolve(q, d)).Page); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Every number field at the ends of its range, alone and all together,
// still gives a page of finite, short figures, with catalog GPUs and with
// the custom GPU and model.
func TestFinitePageAtExtremes(t *testing.T) {
	d := load(t)
	for _, base := range []string{"", "a.gpu=custom&a.pm=custom&c.gpu=custom&c.pm=custom&m.e=8&m.ept=2&m.kvr=512&m.rope=64&dem=1e9&slo=10&"} {
		for _, q := range viewtest.Extremes(tcoview.Resolve(base, d).Inputs) {
			if err := viewtest.Finite(tcoview.Build(tcoview.Resolve(base+q, d)).Page); err != nil {
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
	for _, q := range append([]string{"", "preset=seed-000", "dem=1e9&slo=0.001&a.pm=llama-2-7b", "k=4"}, viewtest.Extremes(tcoview.Resolve("", d).Inputs)...) {
		if err := viewtest.Explained(tcoview.Build(tcoview.Resolve(q, d)).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}

// A cell that shows no figure says why and carries no error band: with
// no demand set, the GPUs the demand needs read "no demand set", not
// "no demand set ±?" (issue 36, point 8), nor does its TCO's dash.
func TestNoFigureHasNoBand(t *testing.T) {
	d := load(t)
	for _, q := range append([]string{"", "dem=0", "dem=0&a.gpu=custom&a.pm=custom", "dem=1e9&slo=0.001"}, viewtest.Extremes(tcoview.Resolve("", d).Inputs)...) {
		if err := viewtest.Explained(tcoview.Build(tcoview.Resolve(q, d)).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}
