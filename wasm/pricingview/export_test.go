package pricingview_test

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apiprices"
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

	rows, err := csv.NewReader(strings.NewReader(p.Export("csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// Rows are in the data's order after the heading; a label is the
	// provider's name, the model's and perhaps a note.
	for i, h := range hostile {
		r := rows[i+1]
		label, quoted := strings.CutPrefix(r[0], "'")
		if !strings.HasPrefix(label, h.name+" "+d.APIs.Models[i].Name) {
			t.Errorf("CSV row %d: got label %q; want %q and the model", i+1, r[0], h.name)
		}
		if quoted != h.formula {
			t.Errorf("CSV label %q: got quoted %v; want %v", r[0], quoted, h.formula)
		}
		if len(r) != len(rows[0]) {
			t.Errorf("CSV row %q: got %d cells; want %d", r[0], len(r), len(rows[0]))
		}
	}

	md := p.Export("md")
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	if len(lines) != len(rows)+1 {
		t.Errorf("Markdown: got %d lines; want %d (heading, rule, %d rows)", len(lines), len(rows)+1, len(rows)-1)
	}
	for _, l := range lines {
		if got := cellBars(l); got != len(rows[0])+1 {
			t.Errorf("Markdown row %q: got %d cell separators; want %d", l, got, len(rows[0])+1)
		}
	}
	for _, bad := range []string{"<", "](", "\r", "\t"} {
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
