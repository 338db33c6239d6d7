// Package report writes what a calculator page shows for a scenario as a
// file a reader keeps or sends: CSV (every result as a raw number with its
// unit), JSON (the same figures with the inputs) and Markdown (the
// headline and the tables as the page shows them). Each carries the
// scenario's link and its data edition, so that the figures can be
// traced and reproduced.
//
// A file is in the page's language (a msg.Catalog): the line that names
// the scenario, and everything the page shows (labels, titles, texts with
// German numbers on a German page). What a script reads stays the same in
// every language: the CSV's header and its metric, option, value and
// unit columns, and the JSON's keys and values, so that a script written
// against the English file reads the German one.
package report

import (
	"strings"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/export"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/plainjson"
	"github.com/infercost/infercost/wasm/view"
)

// Formats are the formats Write knows, by name.
var Formats = []string{"csv", "json", "md"}

// Write returns page p of calculator name as format ("csv", "json" or
// "md") in the language of t; link is the scenario's URL. An unknown
// format gives "".
func Write(t *msg.Catalog, format, name, link string, p view.Page) string {
	switch format {
	case "csv":
		return CSV(t, name, link, p)
	case "json":
		return JSON(name, link, p)
	case "md":
		return Markdown(t, name, link, p)
	}
	return ""
}

// result is one figure of the page: a cell with a metric, in a table that
// is shown.
type result struct {
	table, row, column string
	cell               view.Cell
}

// value returns a figure's number, and false for a cell whose value only
// stands for "none" (the views put -1 in a cell that reads "never" or
// "none within 3 years"): a script must not read it as a figure.
func value(c view.Cell) (float64, bool) {
	t := strings.TrimSpace(c.Text)
	if c.Value == -1 && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "−") {
		return 0, false
	}
	return c.Value, true
}

func results(p view.Page) []result {
	var out []result
	for _, t := range p.Tables {
		if t.Hidden {
			continue
		}
		for j, r := range t.Rows {
			for i, c := range r.Cells {
				if c.Metric == "" || i < len(t.Columns) && t.Columns[i].Hidden {
					continue
				}
				col := ""
				if i < len(t.Columns) {
					col = t.Columns[i].Title
				}
				out = append(out, result{t.Title, t.RowName(j), col, c})
			}
		}
	}
	return out
}

// about is the line that says where the figures come from.
func about(t *msg.Catalog, name, link string, p view.Page) string {
	return scenarioName(t, name, p) + ": " + link
}

// scenarioName names the calculator's scenario and its data edition:
// "InferCost tco scenario, data edition 2026-12-01".
func scenarioName(t *msg.Catalog, name string, p view.Page) string {
	label := name
	if c := calc.Find(name); c != nil {
		label = t.T(c.Keys.Report)
	}
	return t.F("report.about", "calc", label, "edition", t.Date(edition.Of(p.Query)))
}

// CSV writes one row per figure: its table, row and column as the page
// labels them, its metric and option as the page's data attributes name
// them, its value as a plain number (empty where the page says "never"
// or "none"), its unit, the text the page shows, and for an estimated
// figure its error band: low and high (empty without one) and the band's
// source, or why there is none (view.Cell BandNote). The first line is a
// comment with the scenario's link and edition, the second the header in
// the page's language.
func CSV(t *msg.Catalog, name, link string, p view.Page) string {
	// The header in the page's language; the columns, and the metric,
	// option, value and unit in them, are the same in every language.
	var header []export.Cell
	for _, key := range []string{"report.col.table", "report.col.row", "report.col.column", "report.col.metric", "report.col.option",
		"report.col.value", "report.col.unit", "report.col.text", "report.col.low", "report.col.high", "report.col.band"} {
		header = append(header, export.Text(t.T(key)))
	}
	rows := [][]export.Cell{header}
	for _, r := range results(p) {
		v, low, high := export.Text(""), export.Text(""), export.Text("")
		if n, ok := value(r.cell); ok {
			v = export.Number(n)
			if r.cell.Band != "" {
				low, high = export.Number(r.cell.Low), export.Number(r.cell.High)
			}
		}
		rows = append(rows, []export.Cell{export.Text(r.table), export.Text(r.row), export.Text(r.column),
			export.Text(r.cell.Metric), export.Text(r.cell.Option), v, export.Text(r.cell.Unit), export.Text(r.cell.Text), low, high,
			export.Text(r.cell.BandNote)})
	}
	return "# " + strings.ReplaceAll(about(t, name, link, p), "\n", " ") + "\n" + export.CSV(rows)
}

// JSON writes the scenario (link, edition, query, every input), its
// headline and its figures, each with its value, unit and the text the
// page shows, and for an estimated figure its band: low and high (null
// without one) and band, the band's source or why there is none.
func JSON(name, link string, p view.Page) string {
	inputs := []any{}
	for _, in := range p.Inputs {
		inputs = append(inputs, map[string]any{"key": in.Key, "label": in.Label, "value": in.Value, "unit": in.Unit,
			"default": in.Default, "explicit": in.Explicit, "error": in.Error})
	}
	figures := []any{}
	for _, r := range results(p) {
		var v, low, high any // null where the page says "never" or "none", or there is no band
		if n, ok := value(r.cell); ok {
			v = n
			if r.cell.Band != "" {
				low, high = r.cell.Low, r.cell.High
			}
		}
		figures = append(figures, map[string]any{"table": r.table, "row": r.row, "column": r.column, "metric": r.cell.Metric,
			"option": r.cell.Option, "value": v, "unit": r.cell.Unit, "text": r.cell.Text, "low": low, "high": high, "band": r.cell.BandNote})
	}
	problems := []any{}
	for _, m := range p.Problems {
		problems = append(problems, m)
	}
	return string(plainjson.Append(nil, map[string]any{"calculator": name, "link": link, "edition": edition.Of(p.Query),
		"query": p.Query, "headline": p.Headline.Text, "inputs": inputs, "results": figures, "problems": problems}))
}

// Markdown writes the headline, the inputs the scenario sets, and every
// shown table as the page shows it, an estimated figure with its band as
// "value (low–high)", under the scenario's link.
func Markdown(t *msg.Catalog, name, link string, p view.Page) string {
	var b strings.Builder
	b.WriteString(export.Paragraph(p.Headline.Text) + "\n\n")
	if ch := p.Changed(); len(ch) > 0 {
		for _, c := range ch {
			b.WriteString("- " + export.Paragraph(c) + "\n")
		}
		b.WriteString("\n")
	}
	for _, tb := range p.Tables {
		if tb.Hidden {
			continue
		}
		head := []export.Cell{export.Text(tb.Corner)}
		var shown []int
		for i, c := range tb.Columns {
			// A column of buttons (Column.Toggle) holds no results.
			if !c.Hidden && c.Toggle == "" {
				head = append(head, export.Text(c.Title))
				shown = append(shown, i)
			}
		}
		rows := [][]export.Cell{head}
		for _, r := range tb.Rows {
			if r.Hidden {
				continue
			}
			row := []export.Cell{export.Text(r.Label)}
			for _, i := range shown {
				if i < len(r.Cells) {
					c := r.Cells[i]
					text := c.Text
					if c.Band != "" {
						text += " (" + t.Digits(money.Group(c.Low, -1)) + "–" + t.Digits(money.Group(c.High, -1)) + ")"
					}
					row = append(row, export.Text(text))
				}
			}
			rows = append(rows, row)
		}
		b.WriteString("**" + export.Paragraph(tb.Title) + "**\n\n" + export.Markdown(rows) + "\n")
	}
	b.WriteString(export.Link(scenarioName(t, name, p), link) + "\n")
	return b.String()
}
