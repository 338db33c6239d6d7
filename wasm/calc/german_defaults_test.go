package calc_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/view"
)

// German pages start in euros at a German industrial electricity price
// from edition 2026-12-06 on (tco.yaml's defaults.de): 0.1833 EUR/kWh,
// the VEA's average of 18.33 ct/kWh for companies supplied at medium
// voltage in western Germany, 12-month contracts from 2025-07-01,
// without electricity tax and VAT (energie & management,
// https://www.energie-und-management.de/marktplatz-energie/news/detail/?emid=324825).
// The English pages keep US dollars and the EIA's $0.08 per kWh, and a
// German link to an older edition keeps every figure it had: that
// edition has no German defaults, so its German page computes what its
// English page does (its sealed figures, TestEditionsKeepTheirFigures).
func TestGermanPagesStartInEurosAtAGermanTariff(t *testing.T) {
	e, err := dataset.LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	en, de := set(e), set(e)
	de.Msgs = msgtest.German(t)
	value := func(p view.Page, key string) (string, string) {
		t.Helper()
		for _, in := range p.Inputs {
			if in.Key == key {
				return in.Value, in.Note
			}
		}
		t.Fatalf("no input %s", key)
		return "", ""
	}
	for _, calc := range []string{"tco", "pricing"} {
		kwh := "a.kwh"
		if calc == "pricing" {
			kwh = "h.kwh"
		}
		// Today's edition, in German: euros, and the German price with
		// its source, its date and what it includes.
		p := de.Page(calc, "")
		if cur, _ := value(p, "cur"); cur != "EUR" {
			t.Errorf("/de/%s/: currency %s; want EUR", calc, cur)
		}
		v, note := value(p, kwh)
		if v != "0.1833" {
			t.Errorf("/de/%s/: %s %s; want 0.1833 (EUR)", calc, kwh, v)
		}
		for _, want := range []string{"18,33 ct/kWh", "01.07.2025", "Mittelspannung", "ohne Stromsteuer und Mehrwertsteuer"} {
			if !strings.Contains(note, want) {
				t.Errorf("/de/%s/: %s's note %q lacks %q", calc, kwh, note, want)
			}
		}
		// In English: US dollars at the EIA's price.
		p = en.Page(calc, "")
		if cur, _ := value(p, "cur"); cur != "USD" {
			t.Errorf("/%s/: currency %s; want USD", calc, cur)
		}
		if v, note := value(p, kwh); v != "0.08" || !strings.Contains(note, "EIA") {
			t.Errorf("/%s/: %s %s (%q); want 0.08 from the EIA", calc, kwh, v, note)
		}
		// An older edition's German link: the English page's figures.
		for _, date := range e.DataDates() {
			if date >= "2026-12-06" {
				continue
			}
			q := "ed=" + date
			want, got := en.Page(calc, q), de.Page(calc, q)
			if cur, _ := value(got, "cur"); cur != "USD" {
				t.Errorf("/de/%s/?%s: currency %s; want USD, as published", calc, q, cur)
			}
			w, g := want.Cells(), got.Cells()
			if len(w) != len(g) {
				t.Fatalf("/de/%s/?%s: %d cells; English has %d", calc, q, len(g), len(w))
			}
			for i := range w {
				if w[i].Key != g[i].Key || w[i].Value != g[i].Value {
					t.Errorf("/de/%s/?%s: %s = %v; English %s = %v", calc, q, g[i].Key, g[i].Value, w[i].Key, w[i].Value)
				}
			}
		}
	}
}
