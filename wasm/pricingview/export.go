package pricingview

import (
	"encoding/csv"
	"strings"

	"github.com/infercost/infercost/wasm/view"
)

// Export writes the comparison table, as the page shows it, as "csv" (RFC
// 4180) or "md" (a GitHub Markdown table).
func (p Page) Export(format string) string {
	var t view.Table
	for _, tb := range p.Tables {
		if tb.ID == "compare" {
			t = tb
		}
	}
	head := []string{t.Corner}
	for _, c := range t.Columns {
		head = append(head, c.Title)
	}
	rows := [][]string{head}
	for _, r := range t.Rows {
		row := []string{r.Label}
		for _, c := range r.Cells {
			row = append(row, c.Text)
		}
		rows = append(rows, row)
	}
	var b strings.Builder
	if format == "md" {
		cell := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\\", "\\\\"), "|", "\\|") }
		for i, row := range rows {
			for j := range row {
				row[j] = cell(row[j])
			}
			b.WriteString("| " + strings.Join(row, " | ") + " |\n")
			if i == 0 {
				b.WriteString("|" + strings.Repeat(" --- |", len(row)) + "\n")
			}
		}
		return b.String()
	}
	w := csv.NewWriter(&b)
	_ = w.WriteAll(rows) // a strings.Builder does not fail
	return b.String()
}
