package edition

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// MaxChanges is how many changed results a note lists; the rest are
// counted.
const MaxChanges = 6

// absent is how a note writes a result that one page shows and the other
// does not: as the pages write a missing figure.
const absent = "–"

// Compare returns the note of a page of an older edition, old, given the
// same scenario's page with today's data, today: the inputs whose values
// differ (the data's defaults changed), then the results that differ, at
// most MaxChanges of them, each as "what: old → new", and how many differ
// in all (view.EditionNote.Results).
//
// Every result either page shows is compared, so that a note without
// changes means the same figures: the headline's key figures (and its
// sentence, when they agree), then every cell of every table shown, with
// its error band. Both pages are in the language of t; only the names of
// places are worded here.
func Compare(t *msg.Catalog, old, today view.Page) view.EditionNote {
	n := view.EditionNote{Edition: Of(old.Query), Latest: Of(today.Query), Query: today.Query}
	now := map[string]scenario.Input{}
	for _, in := range today.Inputs {
		now[in.Key] = in
	}
	for _, in := range old.Inputs {
		if nw, ok := now[in.Key]; ok && in.Key != Key && in.Value != nw.Value {
			n.Changes = append(n.Changes, in.Label+": "+in.Shown()+" → "+nw.Shown())
		}
	}
	d := diff{t: t}
	d.headline(old.Headline, today.Headline)
	// Tables pair by ID; one that only a page has pairs with none.
	for _, tb := range old.Tables {
		d.table(tb, tableOf(today, tb.ID))
	}
	for _, tb := range today.Tables {
		if tableOf(old, tb.ID).ID == "" {
			d.table(view.Table{}, tb)
		}
	}
	n.Changes = append(n.Changes, d.listed...)
	n.Results = d.results
	switch more := d.results - len(d.listed); {
	case more == 1:
		n.Changes = append(n.Changes, t.T("edition.more_one"))
	case more > 1:
		n.Changes = append(n.Changes, t.F("edition.more", "n", t.Num(float64(more), 0)))
	}
	return n
}

// diff gathers the results that differ between two pages.
type diff struct {
	t       *msg.Catalog
	results int      // how many differ
	listed  []string // the first MaxChanges that have a name
}

// add counts a result that differs and lists it as "what: was → now",
// while fewer than MaxChanges are listed and none says the same (a column
// that several tables share is renamed in each); a result without what
// is counted only, and one that a page does not show is "".
func (d *diff) add(what, was, now string) {
	d.results++
	item := what + ": " + cmp.Or(was, absent) + " → " + cmp.Or(now, absent)
	if what != "" && len(d.listed) < MaxChanges && !slices.Contains(d.listed, item) {
		d.listed = append(d.listed, item)
	}
}

// headline compares the key figures place by place, then, if they
// agree, the sentences: a sentence names more than its figures (which
// option wins, for instance).
func (d *diff) headline(was, now view.Headline) {
	answer := d.t.T("calc.answer")
	figures := false
	for i := range max(len(was.Figures), len(now.Figures)) {
		w, n := figureAt(was.Figures, i), figureAt(now.Figures, i)
		if w.Label == n.Label && w.Text == n.Text && w.Band == n.Band {
			continue
		}
		figures = true
		if w.Label == n.Label {
			d.add(answer+", "+w.Label, shown(w.Text, w.Band), shown(n.Text, n.Band))
		} else {
			// Another figure in the place: each side says what it is.
			d.add(answer, labelled(w), labelled(n))
		}
	}
	if !figures && was.Text != now.Text {
		d.add(answer, was.Text, now.Text)
	}
}

// table compares a table of one page with the same table of the other;
// a page without the table has the zero Table.
//
// Columns pair by key. The rows of a Named table are places that the
// scenario fills, and pair by place: another option in a place is one
// difference listed, by the place's name ("API 1: GPT-4.1 → GPT-6"),
// and the figures beside it are counted, as they are another option's.
// Other rows pair by label, so that a row added to a list (a GPU) moves
// no other. A column whose title changed is listed once in the same
// way. A hidden table, column or empty cell shows nothing; a column of
// buttons (Column.Toggle) shows no results. Titles of tables are left
// out: they name the edition's date.
func (d *diff) table(was, now view.Table) {
	if was.Hidden && now.Hidden {
		return
	}
	var keys []string
	seen := map[string]bool{}
	for _, tb := range []view.Table{was, now} {
		for _, c := range tb.Columns {
			if !seen[c.Key] && c.Toggle == "" {
				seen[c.Key] = true
				keys = append(keys, c.Key)
			}
		}
	}
	retitled := map[string]bool{}
	for _, k := range keys {
		if a, b := title(was, k), title(now, k); a != b {
			retitled[k] = true
			d.add(d.t.T("edition.column"), a, b)
		}
	}
	named := was.Named || now.Named
	for _, r := range rowPairs(was, now, named) {
		wasName, nowName := rowName(was, r[0]), rowName(now, r[1])
		name := cmp.Or(wasName, nowName)
		moved := named && wasName != nowName
		for _, k := range keys {
			a, b := cell(was, r[0], k), cell(now, r[1], k)
			if a == b {
				continue
			}
			switch {
			case named && k == nameKey(was, now):
				d.add(place(was, now, r), a, b)
			case moved || retitled[k]:
				d.add("", a, b)
			case title(was, k) == "":
				d.add(name, a, b)
			default:
				d.add(name+", "+title(was, k), a, b)
			}
		}
	}
}

// rowPairs pairs the rows of two tables, as indexes ([was, now], -1 for
// none): by place in a Named table, else by label (the n-th row of a
// label with the n-th row of the same label).
func rowPairs(was, now view.Table, named bool) [][2]int {
	var pairs [][2]int
	if named {
		for i := range max(len(was.Rows), len(now.Rows)) {
			p := [2]int{-1, -1}
			if i < len(was.Rows) {
				p[0] = i
			}
			if i < len(now.Rows) {
				p[1] = i
			}
			pairs = append(pairs, p)
		}
		return pairs
	}
	nth := func(tb view.Table) []string {
		count := map[string]int{}
		ids := make([]string, len(tb.Rows))
		for i, r := range tb.Rows {
			ids[i] = r.Label + "\x00" + strconv.Itoa(count[r.Label])
			count[r.Label]++
		}
		return ids
	}
	at := map[string]int{}
	for i, id := range nth(now) {
		at[id] = i
	}
	paired := map[int]bool{}
	for i, id := range nth(was) {
		j, ok := at[id]
		if !ok {
			j = -1
		}
		paired[j] = true
		pairs = append(pairs, [2]int{i, j})
	}
	for j := range now.Rows {
		if !paired[j] {
			pairs = append(pairs, [2]int{-1, j})
		}
	}
	return pairs
}

// tableOf returns the table of p with the ID, or the zero Table.
func tableOf(p view.Page, id string) view.Table {
	for _, tb := range p.Tables {
		if tb.ID == id {
			return tb
		}
	}
	return view.Table{}
}

// column returns the index of the column of tb with the key, or -1.
func column(tb view.Table, key string) int {
	for i, c := range tb.Columns {
		if c.Key == key {
			return i
		}
	}
	return -1
}

// title returns what tb shows as the title of the column with the key:
// "" when the table or the column is hidden, or tb has no such column.
func title(tb view.Table, key string) string {
	if i := column(tb, key); i >= 0 && !tb.Hidden && !tb.Columns[i].Hidden {
		return tb.Columns[i].Title
	}
	return ""
}

// rowName returns the name of row i of tb (view.Table.RowName), or ""
// for no row or a hidden table.
func rowName(tb view.Table, i int) string {
	if i < 0 || tb.Hidden {
		return ""
	}
	return tb.RowName(i)
}

// cell returns what row i of tb shows in the column with the key: the
// cell's text and error band, "" when it shows nothing.
func cell(tb view.Table, i int, key string) string {
	k := column(tb, key)
	if i < 0 || k < 0 || tb.Hidden || tb.Columns[k].Hidden || k >= len(tb.Rows[i].Cells) {
		return ""
	}
	c := tb.Rows[i].Cells[k]
	return shown(c.Text, c.Band)
}

// nameKey returns the key of the column that names the rows of a Named
// table: its first.
func nameKey(was, now view.Table) string {
	for _, tb := range []view.Table{was, now} {
		if len(tb.Columns) > 0 {
			return tb.Columns[0].Key
		}
	}
	return ""
}

// place names the place r of a Named table, by the first column's title
// and the row's label ("API 1").
func place(was, now view.Table, r [2]int) string {
	label := ""
	if r[0] >= 0 {
		label = was.Rows[r[0]].Label
	} else {
		label = now.Rows[r[1]].Label
	}
	k := nameKey(was, now)
	if t := cmp.Or(title(was, k), title(now, k)); t != "" {
		return t + " " + label
	}
	return label
}

// figureAt returns figure i, or the zero Figure past the end.
func figureAt(figures []view.Figure, i int) view.Figure {
	if i < len(figures) {
		return figures[i]
	}
	return view.Figure{}
}

// labelled writes a key figure with its label, "" for none.
func labelled(f view.Figure) string {
	if f.Text == "" {
		return ""
	}
	return f.Label + " " + shown(f.Text, f.Band)
}

// shown writes a figure with its error band, which the page shows
// beside it, in brackets; "" for an empty text, which shows nothing.
func shown(text, band string) string {
	if text == "" || band == "" {
		return text
	}
	return text + " (" + band + ")"
}
