package calc_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// set returns a Set with every data edition of e loaded.
func set(e dataset.Editions) *calc.Set {
	var s calc.Set
	for date, d := range e.Data {
		s.Load(date, d)
	}
	return &s
}

// An old link keeps every figure when a later edition changes the data:
// its page, built with both editions loaded, is the page the first
// edition alone gives; today's data changes the figures, and the note
// names what changed.
func TestOldLinksKeepTheirFigures(t *testing.T) {
	first := datasettest.Editions(t, datasettest.Today)
	both := datasettest.LoadEditions(t)
	was := first.List.Latest()
	if now := both.List.Latest(); now != datasettest.EditionDate {
		t.Fatalf("latest edition %s; want %s", now, datasettest.EditionDate)
	}
	then, today := set(first), set(both)
	for _, name := range sitedata.Calculators {
		for _, q := range append([]string{""}, presetQueries(both.Latest(), name)...) {
			old := edition.With(q, was)
			want := then.Page(name, old)
			got := today.Page(name, old)
			if got.Edition.Edition != was || got.Edition.Latest != datasettest.EditionDate {
				t.Errorf("%s?%s: note %+v; want one from %s to %s", name, old, got.Edition, was, datasettest.EditionDate)
			}
			// Only the edition's choices differ: the site knows a newer one.
			got.Edition = view.EditionNote{}
			got.Inputs, want.Inputs = withoutEdition(got.Inputs), withoutEdition(want.Inputs)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s?%s: the old link's page differs from the first edition's", name, old)
			}
		}
		// The default scenario's figures change with today's data, and
		// the note lists the change.
		old := today.Page(name, edition.With("", was))
		now := today.Page(name, "")
		if reflect.DeepEqual(old.Cells(), now.Cells()) {
			t.Errorf("%s: today's data changes no figure of the default scenario", name)
		}
		if len(old.Edition.Changes) == 0 || old.Edition.Query != now.Query {
			t.Errorf("%s: note %+v; want changes and today's query %q", name, old.Edition, now.Query)
		}
		if now.Edition.Edition != "" {
			t.Errorf("%s: today's page has an edition note: %+v", name, now.Edition)
		}
	}
	// The TCO note names the price that changed: $27,500 in the first
	// edition, $22,000 in the test edition.
	n := today.Page("tco", edition.With("", was)).Edition
	if !strings.Contains(strings.Join(n.Changes, "\n"), "27500") || !strings.Contains(strings.Join(n.Changes, "\n"), "22000") {
		t.Errorf("TCO note does not name the H100's price: %q", n.Changes)
	}
}

// A link to an edition the site does not know, or to a day between two
// editions, is read without breaking: the unknown value is rejected next
// to its field, and a day between editions that the field offers (an API
// price change) uses the data edition before it.
func TestEditionsThatDoNotExist(t *testing.T) {
	s := set(datasettest.LoadEditions(t))
	for _, ed := range []string{"1999-01-01", "2099-01-01", "garbage", ""} {
		p := s.Page("tco", "ed="+ed)
		if edition.Of(p.Query) != datasettest.EditionDate {
			t.Errorf("ed=%s: page pins %q; want the latest", ed, edition.Of(p.Query))
		}
		if ed != "" && !hasError(p, edition.Key) {
			t.Errorf("ed=%s: no message next to the field", ed)
		}
	}
	// 2024-05-13 is a day GPT-4o's price changed: the pricing calculator
	// offers it, with the first data edition.
	p := s.Page("pricing", "ed=2024-05-13")
	if edition.Of(p.Query) != "2024-05-13" || hasError(p, edition.Key) || p.Edition.Edition != "2024-05-13" {
		t.Errorf("pricing at 2024-05-13: query %q, note %+v", p.Query, p.Edition)
	}
}

func withoutEdition(ins []scenario.Input) []scenario.Input {
	var out []scenario.Input
	for _, in := range ins {
		if in.Key != edition.Key {
			out = append(out, in)
		}
	}
	return out
}

func hasError(p view.Page, key string) bool {
	for _, in := range p.Inputs {
		if in.Key == key {
			return in.Error != ""
		}
	}
	return false
}

func presets(d sitedata.Data, name string) []string {
	var out []string
	switch name {
	case "tco":
		for _, p := range d.TCO.Presets {
			out = append(out, p.Name)
		}
	case "memory":
		for _, p := range d.Memory.Presets {
			out = append(out, p.Name)
		}
	case "performance":
		for _, p := range d.Perf.Presets {
			out = append(out, p.Name)
		}
	case "pricing":
		for _, p := range d.Pricing.Presets {
			out = append(out, p.Name)
		}
	}
	return out
}

// Every calculator's headline states its answer with figures the page
// shows: the first key figure is in the sentence, and each is the text of
// one of the page's result cells (a percentage between two of them excepted), so no
// figure is computed twice.
func TestHeadlinesComeFromTheFigures(t *testing.T) {
	e := datasettest.LoadEditions(t)
	s := set(e)
	for _, name := range sitedata.Calculators {
		for _, q := range append([]string{""}, presetQueries(e.Latest(), name)...) {
			p := s.Page(name, q)
			h := p.Headline
			if h.Text == "" || len(h.Figures) == 0 {
				t.Errorf("%s?%s: headline %+v; want a sentence and key figures", name, q, h)
				continue
			}
			texts := map[string]bool{}
			for _, c := range p.Cells() {
				texts[c.Text] = true
			}
			if !strings.Contains(h.Text, h.Figures[0].Text) {
				t.Errorf("%s?%s: the first figure %q is not in the sentence %q", name, q, h.Figures[0].Text, h.Text)
			}
			for _, f := range h.Figures {
				if !texts[f.Text] && !strings.HasSuffix(f.Text, " %") {
					t.Errorf("%s?%s: figure %s = %q is no cell's text", name, q, f.Label, f.Text)
				}
			}
		}
	}
	// Seed 000's TCO scenario: 8 x H100 at €0.62 per million tokens, 41 %
	// less than 8 x A100 at €1.05 (the preset's own results table).
	h := s.Page("tco", "preset=seed-000").Headline
	if !strings.Contains(h.Text, "€0.62") || !strings.Contains(h.Text, "41 %") || !strings.Contains(h.Text, "€1.05") {
		t.Errorf("seed-000 headline %q", h.Text)
	}
}

func presetQueries(d sitedata.Data, name string) []string {
	var out []string
	for _, p := range presets(d, name) {
		out = append(out, "preset="+p)
	}
	return out
}
