package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api"
)

// An option whose price is unknown answers its cost cells without a
// value and with the page's text, "needs a price", and a problem names
// the field to fill in; the headline claims nothing of it. In the
// 2026-12-04 edition the H200 SXM has no purchase price and the B200 no
// rental price. Before, the cells were 0.
func TestUnpricedCellsHaveNoValueAndAProblemNamesTheField(t *testing.T) {
	srv := server(t)
	for _, tc := range []struct {
		path, field string
		cells       []string
	}{
		{"/api/v1/tco?ed=2026-12-04&a.gpu=h200-sxm", "a.gp", []string{"a.capex", "a.tco", "a.cost_per_mtok", "a.capex_gpus"}},
		{"/api/v1/tco?ed=2026-12-04&c.gpu=b200", "c.hr", []string{"c.opex", "c.tco", "c.cost_per_mtok", "c.opex_rent"}},
		{"/api/v1/pricing?ed=2026-12-04&h.gpu=h200-sxm", "h.gp", []string{"h.month", "h.cost"}},
	} {
		res, body := get(t, srv, "GET", tc.path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d: %s", tc.path, res.StatusCode, body)
		}
		var a api.Answer
		if err := json.Unmarshal(body, &a); err != nil {
			t.Fatal(err)
		}
		cells := map[string]api.Cell{}
		for _, tab := range a.Tables {
			for _, r := range tab.Rows {
				for _, c := range r.Cells {
					cells[c.Key] = c
				}
			}
		}
		for _, k := range tc.cells {
			c, ok := cells[k]
			if !ok || c.Value != nil || c.Text != "needs a price" || c.Order != "none" || !strings.Contains(c.Note, tc.field) {
				t.Errorf("%s: cell %s: got %+v; want no value, \"needs a price\", a note naming %s", tc.path, k, c, tc.field)
			}
		}
		named := false
		for _, p := range a.Problems {
			named = named || p.Code == api.CodeScenario && strings.Contains(p.Message, tc.field)
		}
		if !named {
			t.Errorf("%s: problems %q; want one naming %s", tc.path, a.Problems, tc.field)
		}
		for _, f := range a.Headline.Figures {
			if strings.Contains(f.Text, "$0.00") || f.Text == "needs a price" {
				t.Errorf("%s: headline figure %q: %q; want no unpriced figure", tc.path, f.Label, f.Text)
			}
		}
	}
}
