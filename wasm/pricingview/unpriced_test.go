package pricingview_test

import (
	"github.com/infercost/infercost/wasm/apicompare"
	"strings"
	"sync"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/view"
)

// unpriced is an edition in whose gpus.yaml the H200 SXM has no
// purchase price and the B200 no rental price; a later edition may
// price them, this one keeps its data.
const unpriced = "2026-12-04"

var unpricedData = sync.OnceValues(func() (apicompare.Data, error) {
	e, err := dataset.LoadEditions(content.FS, "data", dataset.Today())
	return e.Data[unpriced].PricingData(), err
})

// A self-hosted cluster of GPUs without a price has no monthly cost, no
// break-even and no payback: its cells say it needs a price, a problem
// names the field, the headline claims no break-even, and the chart
// draws no cluster line. Before, an owned H200 cluster cost its servers
// alone and "paid" against every API.
func TestUnpricedClusterHasNoCostOrBreakEven(t *testing.T) {
	d, err := unpricedData()
	if err != nil {
		t.Fatal(err)
	}
	de := msgtest.German(t)
	for _, tc := range []struct{ query, field string }{
		{"h.gpu=h200-sxm", "h.gp"},
		{"h.gpu=b200&h.kind=rent", "h.hr"},
	} {
		for _, lang := range []struct {
			m     *msg.Catalog
			needs string
		}{{msg.English, "needs a price"}, {de, "Preis fehlt"}} {
			t.Run(lang.m.Lang+"/"+tc.query, func(t *testing.T) {
				s := pricingview.ResolveIn(lang.m, "ed="+unpriced+"&"+tc.query, d)
				p := pricingview.Build(s, d)
				missing := []string{"h.month", "h.cost"}
				for _, c := range p.Cells() {
					if c.Metric == "breakeven_mtok_per_month" {
						missing = append(missing, c.Key)
					}
				}
				c := p.CellsByKey()
				for _, k := range missing {
					if got := c[k]; got.Text != lang.needs || got.Order != view.Absent || !strings.Contains(got.Note, tc.field) || got.BandNote != "" {
						t.Errorf("%s: got %q (order %q, note %q, band note %q); want %q, no value, a note naming %s",
							k, got.Text, got.Order, got.Note, got.BandNote, lang.needs, tc.field)
					}
				}
				if len(missing) < 3 {
					t.Errorf("break-even cells: got %d; want some", len(missing)-2)
				}
				if got := c["h.capacity"]; got.Order != view.ByValue || got.Value <= 0 {
					t.Errorf("h.capacity: got %q; want its figure: the price does not feed it", got.Text)
				}
				if n := len(p.Problems); n == 0 || !strings.Contains(p.Problems[n-1], tc.field) {
					t.Errorf("problems: got %q; want one naming %s", p.Problems, tc.field)
				}
				if len(p.Headline.Figures) > 2 {
					t.Errorf("headline figures: got %v; want no break-even", p.Headline.Figures)
				}
				for _, ch := range p.Charts {
					for _, sr := range ch.Series {
						if sr.ID == "cluster" && (!sr.Hidden || len(sr.Points) > 0) || len(sr.Marks) > 0 && ch.ID == "chart-breakeven" {
							t.Errorf("chart %s, series %s: shown with %d points and marks %v; want no cluster cost", ch.ID, sr.ID, len(sr.Points), sr.Marks)
						}
					}
				}
			})
		}
	}
}
