package pricingview_test

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/report"
)

// TestExportNeutralisesHostileModelNames gives the data's providers
// hostile names and checks that neither export lets them act: the CSV's
// formula-like labels are quoted text, and the Markdown table keeps one
// row per model and one cell per column, with no HTML or link.
func TestExportNeutralisesHostileModelNames(t *testing.T) {
	hostile := []struct {
		name    string
		formula bool // a spreadsheet would evaluate it
	}{
		{`=HYPERLINK("http://x")`, true},
		{"+1", true},
		{"-2+3", true},
		{"@SUM(A1)", true},
		{"\tx", true},
		{"\rx", true},
		{"a|b", false},
		{"line\nbreak", false},
		{"<script>alert(1)</script>", false},
		{"[click](javascript:alert(1))", false},
	}
	d := load(t)
	if len(d.APIs.Models) < len(hostile) {
		t.Fatalf("got %d models; the test needs %d", len(d.APIs.Models), len(hostile))
	}
	// The data is shared between tests (datasettest.Load).
	d.APIs.Providers, d.APIs.Models = slices.Clone(d.APIs.Providers), slices.Clone(d.APIs.Models)
	for i, h := range hostile {
		id := "hostile-" + string(rune('a'+i))
		d.APIs.Providers = append(d.APIs.Providers, apiprices.Provider{ID: id, Name: h.name})
		d.APIs.Models[i].Provider = id
	}
	ids := make([]string, len(hostile))
	for i := range hostile {
		ids[i] = d.APIs.Models[i].ID
	}
	p := build(t, d, "apis="+strings.Join(ids, ","))

	out := report.CSV(msg.English, "pricing", "https://example.com/pricing/", p.Page)
	r := csv.NewReader(strings.NewReader(out))
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// Each figure is a row; its row label is the provider's name, the
	// model's and perhaps a note.
	for i, h := range hostile {
		found := false
		for _, r := range rows[1:] {
			label, quoted := strings.CutPrefix(r[1], "'")
			if !strings.HasPrefix(label, h.name+" "+d.APIs.Models[i].Name) {
				continue
			}
			found = true
			if quoted != h.formula {
				t.Errorf("CSV label %q: got quoted %v; want %v", r[1], quoted, h.formula)
			}
		}
		if !found {
			t.Errorf("CSV: no figure of %q", h.name)
		}
	}

	md := report.Markdown(msg.English, "pricing", "https://example.com/pricing/", p.Page)
	// The comparison table: heading, rule and a line per model, each with
	// one cell per column.
	var lines []string
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "|") {
			lines = append(lines, l)
		}
	}
	want := cellBars(lines[0])
	shown := 0
	for _, r := range p.Tables[0].Rows {
		if !r.Hidden {
			shown++
		}
	}
	for _, l := range lines[:shown+2] {
		if got := cellBars(l); got != want {
			t.Errorf("Markdown row %q: got %d cell separators; want %d", l, got, want)
		}
	}
	for _, bad := range []string{"<", "](javascript", "\r", "\t"} {
		if strings.Contains(md, bad) {
			t.Errorf("Markdown contains %q:\n%s", bad, md)
		}
	}
}

// cellBars counts the | in a Markdown table row that separate cells: those
// not escaped by a backslash.
func cellBars(line string) int {
	n, escaped := 0, false
	for _, r := range line {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == '|':
			n++
		}
	}
	return n
}
