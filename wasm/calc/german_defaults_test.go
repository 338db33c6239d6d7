package calc_test

import (
	"strings"
	"testing"

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
// The German defaults are written into the German page's link, as the
// edition is, so that the link and its API call give the page's figures
// in any language.
func TestGermanPagesStartInEurosAtAGermanTariff(t *testing.T) {
	e := datasettest.Editions(t, datasettest.Today)
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
		// The German defaults are pinned into the page's link, as the
		// edition is: opened in English, or asked of the API (which has
		// the English defaults), it gives the German page's figures.
		if len(p.Problems) > 0 || !strings.Contains(p.Query, "cur=EUR") || !strings.Contains(p.Query, kwh+"=0.1833") {
			t.Errorf("/de/%s/: link %q, problems %q; want the German defaults in the link, and no problem", calc, p.Query, p.Problems)
		}
		same(t, "/de/"+calc+"/ in English", de.Page(calc, ""), en.Page(calc, p.Query))
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
			same(t, "/de/"+calc+"/?"+q, got, want)
		}
	}
}

// same reports each cell of page got, named where, whose value differs
// from want's.
func same(t *testing.T, where string, got, want view.Page) {
	t.Helper()
	w, g := want.Cells(), got.Cells()
	if len(w) != len(g) {
		t.Fatalf("%s: %d cells; English has %d", where, len(g), len(w))
	}
	for i := range w {
		if w[i].Key != g[i].Key || w[i].Value != g[i].Value {
			t.Errorf("%s: %s = %v; English %s = %v", where, g[i].Key, g[i].Value, w[i].Key, w[i].Value)
		}
	}
}

// German pages start on Germany's grid from edition 2026-12-07 on
// (tco.yaml's defaults.de grid): 381 g of CO2e a kWh in 2023 (Ember, via
// Our World in Data), English pages on the world's 481 g. The region is
// pinned into the German link, so that it gives the same CO2 in English.
func TestGermanPagesStartOnGermanysGrid(t *testing.T) {
	e := datasettest.Editions(t, datasettest.Today)
	en, de := set(e), set(e)
	de.Msgs = msgtest.German(t)
	intensity := func(p view.Page) string {
		for _, in := range p.Inputs {
			if in.Key == "gco2" {
				return in.Value
			}
		}
		return ""
	}
	for _, calc := range []string{"tco", "plan"} {
		p := de.Page(calc, "")
		if !strings.Contains(p.Query, "grid=de") || intensity(p) != "381" {
			t.Errorf("/de/%s/: link %q, intensity %s; want Germany's grid pinned, at 381 g", calc, p.Query, intensity(p))
		}
		same(t, "/de/"+calc+"/ in English", p, en.Page(calc, p.Query))
		if got := intensity(en.Page(calc, "")); got != "481" {
			t.Errorf("/%s/: intensity %s; want the world's 481 g", calc, got)
		}
	}
}
