package pricingview

import (
	"github.com/infercost/infercost/wasm/export"
	"github.com/infercost/infercost/wasm/view"
)

// Export writes the comparison table, as the page shows it (its filled
// places), as "csv" (RFC
// 4180) or "md" (a GitHub Markdown table). Every cell is the text the page
// shows ("$1,339.25", "never at this volume"), so every cell is a text
// cell, which package export neutralises: model names come from data and
// must not become formulas, links or HTML where the export is opened.
func (p Page) Export(format string) string {
	var t view.Table
	for _, tb := range p.Tables {
		if tb.ID == "compare" {
			t = tb
		}
	}
	// The row labels only number the places; the first column names the
	// API. Empty places are left out.
	var head []export.Cell
	for _, c := range t.Columns {
		head = append(head, export.Text(c.Title))
	}
	rows := [][]export.Cell{head}
	for i, r := range t.Rows {
		if t.RowName(i) == "" {
			continue
		}
		var row []export.Cell
		for _, c := range r.Cells {
			row = append(row, export.Text(c.Text))
		}
		rows = append(rows, row)
	}
	if format == "md" {
		return export.Markdown(rows)
	}
	return export.CSV(rows)
}
