package tcoview_test

import (
	"github.com/infercost/infercost/wasm/cluster"
	"strings"
	"sync"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
)

// Unpriced is the edition the tests of unknown prices read: in its
// gpus.yaml the H200 SXM has a rental price and no purchase price, the
// B200 a purchase price and no rental price, and no cloud offer of
// either is chosen by default. A later edition may price them; this
// one keeps its data.
const Unpriced = "2026-12-04"

var unpricedData = sync.OnceValues(func() (cluster.Data, error) {
	e, err := dataset.LoadEditions(content.FS, "data", dataset.Today())
	return e.Data[Unpriced].TCOData(), err
})

func loadUnpriced(t testing.TB) cluster.Data {
	t.Helper()
	d, err := unpricedData()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// An option whose GPU has no price in the data shows no cost: the
// figures its price feeds say it needs one, with no value; the field
// says what to enter, a problem names the field, and the headline
// leaves the option out. The H200's missing purchase price used to
// make an owned cluster of them "42 % less" than B with GPUs at $0.00,
// and a rented B200's TCO $0.00.
func TestUnknownPriceIsMissingNotZero(t *testing.T) {
	d := loadUnpriced(t)
	de := msgtest.German(t)
	for _, tc := range []struct {
		query, letter, field string
		// missing are the cells the price feeds; kept some it does not.
		missing, kept []string
	}{
		{"a.gpu=h200-sxm", "a", "a.gp",
			[]string{"capex", "opex", "tco", "cost_per_mtok", "capex_gpus", "equal_throughput_tco"},
			[]string{"tokens", "capex_servers", "opex_electricity"}},
		{"c.gpu=b200", "c", "c.hr",
			[]string{"opex", "tco", "cost_per_mtok", "opex_rent", "equal_throughput_tco", "breakeven_months"},
			[]string{"tokens", "capex"}},
	} {
		for _, lang := range []struct {
			m                  *msg.Catalog
			needs, left, field string
		}{
			{msg.English, "needs a price", "Option " + strings.ToUpper(tc.letter) + " needs a price and is left out.", "Needs a price"},
			{de, "Preis fehlt", "Für Option " + strings.ToUpper(tc.letter) + " fehlt ein Preis; sie bleibt außen vor.", "Preis fehlt"},
		} {
			t.Run(lang.m.Lang+"/"+tc.query, func(t *testing.T) {
				p := tcoview.Build(tcoview.ResolveIn(lang.m, "ed="+Unpriced+"&"+tc.query, d))
				c := p.CellsByKey()
				for _, m := range tc.missing {
					got := c[tc.letter+"."+m]
					if got.Text != lang.needs || got.Order != view.Absent || !strings.Contains(got.Note, tc.field) {
						t.Errorf("%s.%s: got %q (order %q, note %q); want %q, no value, a note naming %s",
							tc.letter, m, got.Text, got.Order, got.Note, lang.needs, tc.field)
					}
				}
				for _, m := range tc.kept {
					if got := c[tc.letter+"."+m]; got.Order != view.ByValue || got.Text == lang.needs {
						t.Errorf("%s.%s: got %q; want its figure: the price does not feed it", tc.letter, m, got.Text)
					}
				}
				if !strings.HasSuffix(p.Headline.Text, lang.left) {
					t.Errorf("headline: got %q; want it to end %q", p.Headline.Text, lang.left)
				}
				L := strings.ToUpper(tc.letter)
				for _, f := range p.Headline.Figures {
					if strings.HasSuffix(f.Label, " "+L) || f.Text == lang.needs {
						t.Errorf("headline figure %q: %q; want none of option %s", f.Label, f.Text, L)
					}
				}
				if strings.Contains(p.Headline.Text, L+" (") {
					t.Errorf("headline: got %q; want option %s neither ranked nor compared", p.Headline.Text, L)
				}
				if len(p.Problems) != 1 || !strings.Contains(p.Problems[0], tc.field) {
					t.Errorf("problems: got %q; want one naming the field %s", p.Problems, tc.field)
				}
				for _, in := range p.Inputs {
					if in.Key == tc.field && !strings.HasPrefix(in.Note, lang.field) {
						t.Errorf("field %s: note %q; want it to start %q", in.Key, in.Note, lang.field)
					}
				}
				for _, ch := range p.Charts {
					for _, sr := range ch.Series {
						if sr.ID == tc.letter && !sr.Hidden {
							t.Errorf("chart %s: the unpriced option's series is shown", ch.ID)
						}
					}
					for _, name := range ch.Categories {
						if strings.HasPrefix(name, tc.letter+": ") {
							t.Errorf("chart %s: the unpriced option %q is charted", ch.ID, name)
						}
					}
				}
			})
		}
	}
}

// A price the reader types in is a figure, and the option is compared
// again: 8 H200s at $30,000 are $240,000 of GPUs (8 x 30,000).
func TestTypedPriceMakesTheOptionPriced(t *testing.T) {
	d := loadUnpriced(t)
	p := tcoview.Build(tcoview.Resolve("ed="+Unpriced+"&a.gpu=h200-sxm&a.gp=30000", d))
	c := p.CellsByKey()
	if got := c["a.capex_gpus"]; got.Value != 240000 || got.Order != view.ByValue {
		t.Errorf("a.capex_gpus: got %v (%q); want 240000", got.Value, got.Text)
	}
	if len(p.Problems) != 0 || strings.Contains(p.Headline.Text, "needs a price") {
		t.Errorf("problems %q, headline %q; want none about a price", p.Problems, p.Headline.Text)
	}
	for _, in := range p.Inputs {
		if in.Key == "a.gp" && strings.Contains(in.Note, "Needs a price") {
			t.Errorf("a.gp: note %q; want no warning", in.Note)
		}
	}
}

// With A unpriced, no option's break-even against A is a figure, and
// the cumulative chart marks none.
func TestNoBreakEvenAgainstAnUnpricedBaseline(t *testing.T) {
	p := tcoview.Build(tcoview.Resolve("ed="+Unpriced+"&a.gpu=h200-sxm", loadUnpriced(t)))
	c := p.CellsByKey()
	for _, l := range []string{"b", "c"} {
		if got := c[l+".breakeven_months"]; got.Order != view.Absent || !strings.Contains(got.Note, "a.gp") {
			t.Errorf("%s.breakeven_months: got %q (note %q); want it missing, naming a.gp", l, got.Text, got.Note)
		}
	}
	for _, ch := range p.Charts {
		for _, sr := range ch.Series {
			if len(sr.Marks) > 0 {
				t.Errorf("chart %s, series %s: marks %v; want no break-even against an unpriced A", ch.ID, sr.ID, sr.Marks)
			}
		}
	}
}

// Only the figures the price feeds are missing: with no maintenance,
// cost of capital or residual value (all a share of the capex), an
// unpriced cluster's opex is electricity, cooling, colocation and staff,
// none of which depends on what its GPUs cost, so it stays a figure,
// and its maintenance is a true $0.00.
func TestOnlyFiguresThePriceFeedsAreMissing(t *testing.T) {
	p := tcoview.Build(tcoview.Resolve("ed="+Unpriced+"&a.gpu=h200-sxm&a.mnt=0&a.coc=0&a.res=0", loadUnpriced(t)))
	c := p.CellsByKey()
	for _, k := range []string{"a.opex", "a.opex_maintenance", "a.opex_capital", "a.residual"} {
		if got := c[k]; got.Order != view.ByValue || got.Text == "needs a price" {
			t.Errorf("%s: got %q; want its figure", k, got.Text)
		}
	}
	if got := c["a.opex_maintenance"]; got.Value != 0 || got.Text != "$0.00" {
		t.Errorf("a.opex_maintenance: got %v %q; want 0, $0.00", got.Value, got.Text)
	}
	for _, k := range []string{"a.capex", "a.tco", "a.cost_per_mtok"} {
		if got := c[k]; got.Order != view.Absent {
			t.Errorf("%s: got %q; want it missing", k, got.Text)
		}
	}
}
