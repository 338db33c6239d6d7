package edition_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/view"
)

// page returns a small page of edition ed: a headline, a Named table of
// places (an API in each, with a price and a button), and two tables
// whose rows are labelled (GPUs), one with a hidden column.
func page(ed string) view.Page {
	row := func(label, api, price string) view.Row {
		return view.Row{Label: label, Cells: []view.Cell{{Key: "p" + label + ".api", Text: api}, {Key: "p" + label + ".price", Text: price},
			{Key: "p" + label + ".act", Text: "remove"}}}
	}
	gpu := func(name, mem string) view.Row {
		return view.Row{Label: name, Cells: []view.Cell{{Key: name + ".mem", Text: mem}, {Key: name + ".x", Text: "hidden"}}}
	}
	return view.Page{
		Query:    "ed=" + ed,
		Headline: view.Headline{Text: "X is cheapest at $1.", Figures: []view.Figure{{Label: "Per month on X", Text: "$1"}}},
		Tables: []view.Table{
			{ID: "apis", Title: "Prices on " + ed, Named: true,
				Columns: []view.Column{{Key: "api", Title: "API"}, {Key: "price", Title: "Price"}, {Key: "act", Title: "", Toggle: "apis"}},
				Rows:    []view.Row{row("1", "X", "$1"), row("2", "Y", "$2"), row("3", "", "")}},
			{ID: "gpus", Title: "GPUs", Corner: "GPU",
				Columns: []view.Column{{Key: "mem", Title: "Memory"}, {Key: "x", Title: "X", Hidden: true}},
				Rows:    []view.Row{gpu("A100", "80 GB"), gpu("H100", "80 GB")}},
			// Another table with the memory column (view.Column: tables
			// share a column by key).
			{ID: "fit", Title: "Fit", Columns: []view.Column{{Key: "mem", Title: "Memory"}},
				Rows: []view.Row{{Label: "A100", Cells: []view.Cell{{Key: "fit.A100", Text: "yes"}}}}},
		},
	}
}

// Every result shown is compared, place by place, and the note lists
// the first few, says what stands in a place when another option does,
// and counts them all.
func TestCompareListsEveryResultThatDiffers(t *testing.T) {
	for _, tc := range []struct {
		name    string
		change  func(p *view.Page)
		changes []string
		results int
	}{
		{"nothing", func(p *view.Page) {}, nil, 0},
		// Not a figure the pages show: the table's title (it names the
		// edition), a hidden column, a button.
		{"titles, hidden columns and buttons", func(p *view.Page) {
			p.Tables[1].Rows[0].Cells[1].Text = "other"
			p.Tables[0].Rows[0].Cells[2].Text = "add"
		}, nil, 0},
		// A cell without a metric (a price) and a band.
		{"a price", func(p *view.Page) { p.Tables[0].Rows[1].Cells[1].Text = "$3" }, []string{"Y, Price: $2 → $3"}, 1},
		{"a band", func(p *view.Page) { p.Tables[1].Rows[1].Cells[0].Band = "±5 %" },
			[]string{"H100, Memory: 80 GB → 80 GB (±5 %)"}, 1},
		// Another API in place 2: listed once by the place; its price is
		// another API's, counted.
		{"another API in a place", func(p *view.Page) {
			p.Tables[0].Rows[1].Cells[0].Text = "Z"
			p.Tables[0].Rows[1].Cells[1].Text = "$0.50"
		}, []string{"API 2: Y → Z", "and 1 more result"}, 2},
		{"a place filled", func(p *view.Page) {
			p.Tables[0].Rows[2].Cells[0].Text = "W"
			p.Tables[0].Rows[2].Cells[1].Text = "$9"
		}, []string{"API 3: – → W", "and 1 more result"}, 2},
		// A GPU added to a list of labelled rows moves no other row.
		{"a row added", func(p *view.Page) {
			r := p.Tables[1].Rows
			p.Tables[1].Rows = append([]view.Row{{Label: "B200", Cells: []view.Cell{{Text: "192 GB"}, {Text: "x"}}}}, r...)
		}, []string{"B200, Memory: – → 192 GB"}, 1},
		{"a column renamed", func(p *view.Page) { p.Tables[1].Columns[0].Title = "HBM" },
			[]string{"Column: Memory → HBM"}, 1},
		// A column that two tables share, renamed in both, is listed once.
		{"a shared column renamed", func(p *view.Page) {
			p.Tables[1].Columns[0].Title, p.Tables[2].Columns[0].Title = "HBM", "HBM"
		}, []string{"Column: Memory → HBM", "and 1 more result"}, 2},
		// A hidden table shows nothing: its column and cells are gone.
		{"a table hidden", func(p *view.Page) { p.Tables[1].Hidden = true }, []string{"Column: Memory → –", "and 2 more results"}, 3},
		// The headline: a figure of the same label, another figure in
		// its place, and a sentence that alone differs.
		{"a headline figure", func(p *view.Page) { p.Headline.Figures[0].Text = "$2" },
			[]string{"The answer, Per month on X: $1 → $2"}, 1},
		{"another headline figure", func(p *view.Page) {
			p.Headline.Figures = []view.Figure{{Label: "Per month on Z", Text: "$0.50"}, {Label: "Self-hosting pays above", Text: "3.4 billion"}}
		}, []string{"The answer: Per month on X $1 → Per month on Z $0.50", "The answer: – → Self-hosting pays above 3.4 billion"}, 2},
		{"the headline's sentence", func(p *view.Page) { p.Headline.Text = "X is the cheapest API at $1." },
			[]string{"The answer: X is cheapest at $1. → X is the cheapest API at $1."}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old, today := page("2026-01-15"), page("2026-12-04")
			tc.change(&today)
			n := edition.Compare(msg.English, old, today)
			if !reflect.DeepEqual(n.Changes, tc.changes) || n.Results != tc.results {
				t.Errorf("got %d results, %q; want %d, %q", n.Results, n.Changes, tc.results, tc.changes)
			}
		})
	}
}

// A note lists MaxChanges results and counts the rest, in words that
// agree with the count.
func TestCompareCountsWhatItDoesNotList(t *testing.T) {
	for _, more := range []int{1, 2} {
		old, today := page("2026-01-15"), page("2026-12-04")
		today.Headline.Figures[0].Text = "$2"
		for i := range edition.MaxChanges - 1 + more {
			label := "G" + strconv.Itoa(i)
			today.Tables[1].Rows = append(today.Tables[1].Rows, view.Row{Label: label, Cells: []view.Cell{{Text: "1 GB"}}})
		}
		n := edition.Compare(msg.English, old, today)
		want := map[int]string{1: "and 1 more result", 2: "and 2 more results"}[more]
		if len(n.Changes) != edition.MaxChanges+1 || n.Changes[edition.MaxChanges] != want || n.Results != edition.MaxChanges+more {
			t.Errorf("%d more: got %d results, %q; want %d listed and %q", more, n.Results, n.Changes, edition.MaxChanges, want)
		}
	}
}
