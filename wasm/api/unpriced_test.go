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
		a, cells := answerCells(t, body)
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

// A compared API without a price in the workload's region answers its
// cost cells without a value and says what is missing; an API priced
// there answers its uplifted cost. Mistral Large 3 in the EU: 10,000
// requests a day x (1,000 x $0.50 + 300 x $1.50) / 1e6 x 1.1 x 365.25 /
// 12 = $318.071875 a month (Mistral's regional inference at 1.1x).
func TestAPIsWithoutARegionalPriceAnswerWhatIsMissing(t *testing.T) {
	srv := server(t)
	res, body := get(t, srv, "GET", "/api/v1/pricing?apis=claude-sonnet-4.5,mistral.mistral-large-2512&region=eu")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, body)
	}
	_, cells := answerCells(t, body)
	if c := cells["api1.c-month"]; c.Value != nil || c.Text != "EU: not served" || c.Order != "none" || !strings.Contains(c.Note, "does not serve this model") {
		t.Errorf("Claude Sonnet 4.5 in the EU: %+v; want no value, what is missing and why", c)
	}
	if c := cells["api2.c-month"]; c.Value == nil || *c.Value != 318.071875 || !strings.Contains(c.Note, "uplift of 10 %") {
		t.Errorf("Mistral Large 3 in the EU: %+v; want 318.071875 with the uplift's note", c)
	}
	// A region no price names is refused, naming the regions there are.
	res, body = get(t, srv, "GET", "/api/v1/pricing?region=mars")
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"field":"region"`) || !strings.Contains(string(body), `"allowed":["global","eu","us"]`) {
		t.Errorf("an unknown region: status %d, %s; want 400 naming region and the regions allowed", res.StatusCode, body)
	}
}

// answerCells reads an answer and its table cells by key.
func answerCells(t *testing.T, body []byte) (api.Answer, map[string]api.Cell) {
	t.Helper()
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
	return a, cells
}
