package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A GPU without a price is no GPU at $0: on /tco/ an owned H200 cluster
// and a rented B200 (the 2026-12-04 edition has neither price) show
// "needs a price" in every cost cell, with no figure, the price field
// says what to enter, the problems above the results name it, and the
// headline leaves the option out. A price typed into the field makes the
// option's costs figures again. Before, the H200 cluster was "42 % less
// than B" with GPUs at $0.00, and the B200's TCO was $0.00.
func TestUnpricedGPUShowsNoCostInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	type shown struct {
		Headline, Note, Problems string
		Cells                    map[string]string
		Orders                   map[string]string
	}
	read := func(letter, field string) shown {
		return eval[shown](t, ctx, `(l => ({Headline: document.getElementById('headline').textContent,
			Note: document.getElementById('note-`+field+`').textContent,
			Problems: document.getElementById('problems').textContent,
			Cells: Object.fromEntries([...document.querySelectorAll('td[data-key^="'+l+'."]')].map(e => [e.dataset.key, e.textContent.trim()])),
			Orders: Object.fromEntries([...document.querySelectorAll('td[data-key^="'+l+'."]')].map(e => [e.dataset.key, e.dataset.order || '']))}))('`+letter+`')`)
	}
	for _, tc := range []struct {
		lang, query, letter, field string
		costs                      []string
		needs, noteStart, leftOut  string
	}{
		{"", "a.gpu=h200-sxm", "a", "a.gp", []string{"capex", "opex", "tco", "cost_per_mtok", "capex_gpus"},
			"needs a price", "Needs a price", "Option A needs a price and is left out."},
		{"", "c.gpu=b200", "c", "c.hr", []string{"opex", "tco", "cost_per_mtok", "opex_rent"},
			"needs a price", "Needs a price", "Option C needs a price and is left out."},
		{"de/", "a.gpu=h200-sxm", "a", "a.gp", []string{"capex", "opex", "tco", "cost_per_mtok", "capex_gpus"},
			"Preis fehlt", "Preis fehlt", "Für Option A fehlt ein Preis; sie bleibt außen vor."},
		{"de/", "c.gpu=b200", "c", "c.hr", []string{"opex", "tco", "cost_per_mtok", "opex_rent"},
			"Preis fehlt", "Preis fehlt", "Für Option C fehlt ein Preis; sie bleibt außen vor."},
	} {
		link := root + tc.lang + "tco/?ed=2026-12-04&" + tc.query
		waitEngine(ctx, t, link)
		got := read(tc.letter, tc.field)
		for _, m := range tc.costs {
			k := tc.letter + "." + m
			if !strings.HasPrefix(got.Cells[k], tc.needs) || got.Orders[k] != "none" {
				t.Errorf("%s: cell %s reads %q (data-order %q); want %q and no figure", link, k, got.Cells[k], got.Orders[k], tc.needs)
			}
		}
		for k, text := range got.Cells {
			if zero(text) && strings.Contains(k, "cost") {
				t.Errorf("%s: cell %s reads %q; want no $0 cost", link, k, text)
			}
		}
		if !strings.HasPrefix(got.Note, tc.noteStart) {
			t.Errorf("%s: the field %s says %q; want it to start %q", link, tc.field, got.Note, tc.noteStart)
		}
		if !strings.Contains(got.Problems, tc.field) {
			t.Errorf("%s: problems %q; want one naming %s", link, got.Problems, tc.field)
		}
		L := strings.ToUpper(tc.letter)
		if !strings.Contains(got.Headline, tc.leftOut) || strings.Contains(got.Headline, L+" (") || zero(got.Headline) {
			t.Errorf("%s: headline %q; want option %s left out (%q) and no $0.00", link, got.Headline, L, tc.leftOut)
		}
	}

	// Typing a price in the field makes the option priced: 8 H200s at
	// $30,000 are $240,000 of GPUs (8 x 30,000).
	waitEngine(ctx, t, root+"tco/?ed=2026-12-04&a.gpu=h200-sxm")
	unfold(t, ctx, "a.gp")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="a.gp"]`)))
	eval[any](t, ctx, `(() => { document.querySelector('[name="a.gp"]').select(); return 0; })()`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="a.gp"]`), "30000"))
	got := read("a", "a.gp")
	if v := eval[string](t, ctx, `document.querySelector('[data-key="a.capex_gpus"]').dataset.value`); v != "240000" || got.Orders["a.capex_gpus"] != "" {
		t.Errorf("with a price typed in, a.capex_gpus is %q (value %s); want $240,000", got.Cells["a.capex_gpus"], v)
	}
	if strings.Contains(got.Problems, "a.gp") || strings.Contains(got.Headline, "needs a price") || strings.HasPrefix(got.Note, "Needs a price") {
		t.Errorf("with a price typed in: problems %q, headline %q, note %q; want none about a price", got.Problems, got.Headline, got.Note)
	}
}

// zero reports whether text shows an amount of $0.00, in English or
// German.
func zero(text string) bool {
	return strings.Contains(text, "$0.00") || strings.Contains(text, "0,00\u00a0$")
}
