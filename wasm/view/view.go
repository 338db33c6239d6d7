// Package view is what a calculator page shows for a scenario, in the one
// form that gen renders as static HTML and the browser host sends as
// updates: the inputs, result tables of cells, and charts. Every
// calculator fills a Page; Update turns it into the changes the page
// loader (site/static/app.js) applies.
package view

import (
	"strings"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/scenario"
)

// MaxOptions is how many options (columns a, b, c, d) a calculator
// compares at most.
const MaxOptions = 4

// Letters name the options, in the order shown.
var Letters = [MaxOptions]string{"a", "b", "c", "d"}

// Cell is one result on the page. Its element carries Key as data-key
// and, when Metric is set, Metric, Option, Value and Unit as data-metric,
// data-option, data-value and data-unit: the documented machine-readable
// results.
type Cell struct {
	Key    string
	Metric string
	Option string
	Value  float64
	Unit   string
	Text   string
	// Note says why a cell shows no figure ("–") or what its text means;
	// the page shows it as the cell's tooltip.
	Note string
	// Order places the cell when its table is sorted.
	Order Order
	// Low and High bound, for an estimated figure, the values published
	// measurements have had where InferCost estimated figures of its kind
	// (package band), both 0 when it has no band. Band is that range as
	// the page shows it beside the text ("−32 %…+12 %"), and BandNote
	// what the range is, or why an estimated figure has none.
	Low, High      float64
	Band, BandNote string
}

// Order places a cell in a sorted column.
type Order uint8

// The orders of cells.
const (
	ByValue  Order = iota // by Value
	Infinite              // above every value, e.g. a payback that never comes
	Absent                // no figure: last whichever way the column is sorted
	// Apart, on any cell of a row, keeps the row after the rows of
	// comparable figures whichever way a column is sorted (before those
	// without a figure): a vendor's claim among list prices.
	Apart
)

// String is the cell's data-order, "" for ByValue.
func (o Order) String() string {
	switch o {
	case Infinite:
		return "inf"
	case Absent:
		return "none"
	case Apart:
		return "apart"
	}
	return ""
}

// Column is a column of a table; Key is its data-col, shared by every
// table that has the column, so that hiding it hides it everywhere.
type Column struct {
	Key, Title string
	Hidden     bool
	// Toggle, if set, makes the column's cells buttons that set the
	// input of that key to the cell's Option (app.js): a cell with Value
	// 1 undoes a choice; one with Value 0 and no Option is disabled, and
	// one without Text hidden. A cell's Note names its button for a
	// screen reader ("Remove GPT-5 from the comparison"). Its column
	// cannot be sorted by.
	Toggle string
	// Link makes the column's cells links to another calculator: a
	// cell's Text is the link's, its Option the page and query below the
	// language's root ("tco/?a.kind=own&…"), none without one.
	Link bool
}

// Row is a labelled row of cells, one per column. A hidden row (a place
// no option of the scenario fills) keeps its place and cells, so that a
// scenario that fills it shows it without re-rendering.
type Row struct {
	Label  string
	Help   string
	Cells  []Cell
	Hidden bool
}

// Table is a results table. A hidden table keeps its place so that the
// browser can show it without re-rendering.
type Table struct {
	ID, Title string
	// Note is a caveat the page shows under the title, "" for none.
	Note    string
	Corner  string // heading of the row labels
	Columns []Column
	Rows    []Row
	Hidden  bool
	// Sortable tables can be sorted by any column in the browser.
	Sortable bool
	// Named tables name each row in its first cell, which a scenario
	// may change (the rows are places it fills); Label only numbers them.
	Named bool
}

// RowName returns what row i of the table is: its first cell's text in
// a Named table, else its label.
func (t Table) RowName(i int) string {
	if r := t.Rows[i]; t.Named && len(r.Cells) > 0 {
		return r.Cells[0].Text
	}
	return t.Rows[i].Label
}

// Group is a set of inputs (a fieldset, data-group) that a scenario may
// hide, with a kind that styles which of its fields apply.
type Group struct {
	Key, Title, Kind string
	Hidden           bool
}

// Link is a link to another page whose query follows the scenario, e.g.
// to the TCO calculator with the GPUs this page found.
type Link struct {
	ID, Label string
	Path      string // below the site's base, e.g. "tco/"
	Query     string
	// Hidden links keep their place for scenarios that show them.
	Hidden bool
}

// Headline is the answer in a sentence or two, built from the figures,
// with its key figures: what a phone, a print and a link preview show
// first.
type Headline struct {
	Text    string
	Figures []Figure
}

// Figure is a key figure of the headline: what it is, and its value as
// text with its unit; an estimated one carries its cell's error band
// (Cell.Band, Cell.BandNote).
type Figure struct {
	Label, Text    string
	Band, BandNote string
}

// FigureOf is cell c as the key figure label, with its band.
func FigureOf(label string, c Cell) Figure {
	return Figure{Label: label, Text: c.Text, Band: c.Band, BandNote: c.BandNote}
}

// Page is everything a calculator page shows for a scenario.
type Page struct {
	Query    string // canonical query string, without "?"
	Headline Headline
	Inputs   []scenario.Input
	Groups   []Group
	Problems []string
	// Ignored are the query's parameters that the calculator does not
	// use, with codes (scenario.Ignored): Problems begins with their
	// texts.
	Ignored     []scenario.Ignored
	Tables      []Table
	Charts      []chart.Chart
	Links       []Link
	Explanation string
	// Edition is set when the scenario pins an edition older than the
	// latest: the page then says what today's data would change.
	Edition EditionNote
}

// EditionNote tells the reader of an old link that its figures are those
// of the edition it pins, and what today's data would change.
type EditionNote struct {
	Edition, Latest string // dates; Edition is "" when there is nothing to say
	// Changes lists what today's data changes for this scenario: first the
	// inputs whose defaults changed, then the results, each as
	// "what: old → new".
	Changes []string
	// Results is how many of the results shown (the headline's figures,
	// the tables' cells) differ with today's data; Changes lists the
	// first few.
	Results int
	// Query is the scenario with today's data.
	Query string
}

// Changed returns the inputs the scenario sets (from its link or its
// preset) rather than leaving at their defaults, as "Label: value unit",
// an option's as "Group — Label: value unit" so that a printout says
// which option it sets. A pinned input, which every link carries (the
// edition; a German page's currency), is listed only where the link
// sets it otherwise than its default.
func (p Page) Changed() []string {
	var out []string
	for _, in := range p.Inputs {
		if in.Explicit && (!in.Pinned || in.Value != in.Default) {
			out = append(out, p.groupTitle(in.Key)+in.Label+": "+in.Shown())
		}
	}
	return out
}

// Sources returns where the defaults the scenario uses come from: the
// notes of the inputs it leaves at their defaults, each once, in form
// order. An input that does not apply (hidden, or in an option the
// scenario leaves out) uses nothing, and its note is not listed.
func (p Page) Sources() []string {
	var out []string
	seen := map[string]bool{}
	for _, in := range p.Inputs {
		if !in.Explicit && in.Note != "" && !seen[in.Note] && p.applies(in) {
			seen[in.Note] = true
			out = append(out, in.Note)
		}
	}
	return out
}

// applies reports whether the input counts in the scenario: it is shown,
// and its group, if it has one, too.
func (p Page) applies(in scenario.Input) bool {
	if in.Hidden {
		return false
	}
	g, ok := p.group(in.Key)
	return !ok || !g.Hidden
}

// group returns the group of the field key ("a" of "a.n"), if the page
// has one.
func (p Page) group(key string) (Group, bool) {
	prefix, _, ok := strings.Cut(key, ".")
	if !ok {
		return Group{}, false
	}
	for _, g := range p.Groups {
		if g.Key == prefix {
			return g, true
		}
	}
	return Group{}, false
}

// groupTitle returns the title of the field's group followed by " — ",
// or "" for a field outside every group.
func (p Page) groupTitle(key string) string {
	if g, ok := p.group(key); ok && g.Title != "" {
		return g.Title + " — "
	}
	return ""
}

// CellsByKey returns every cell of the page's tables by its key.
func (p Page) CellsByKey() map[string]Cell {
	m := make(map[string]Cell, p.cellCount())
	for k := (cellCursor{tables: p.Tables}); ; {
		c, ok := k.next()
		if !ok {
			return m
		}
		m[c.Key] = c
	}
}

// Cells returns every cell of the page's tables.
func (p Page) Cells() []Cell {
	out := make([]Cell, 0, p.cellCount())
	for k := (cellCursor{tables: p.Tables}); ; {
		c, ok := k.next()
		if !ok {
			return out
		}
		out = append(out, c)
	}
}

func (p Page) cellCount() int {
	n := 0
	for _, t := range p.Tables {
		for _, r := range t.Rows {
			n += len(r.Cells)
		}
	}
	return n
}

// sameCells reports whether the pages' tables have the same cells, by
// key, in the same places.
func (p Page) sameCells(q Page) bool {
	for a, b := (cellCursor{tables: p.Tables}), (cellCursor{tables: q.Tables}); ; {
		x, okX := a.next()
		y, okY := b.next()
		if okX != okY || x.Key != y.Key {
			return false
		}
		if !okX {
			return true
		}
	}
}

// cellCursor walks the cells of tables in order, as Cells lists them,
// without copying them out: a page has hundreds.
type cellCursor struct {
	tables          []Table
	table, row, col int
}

func (k *cellCursor) next() (Cell, bool) {
	for k.table < len(k.tables) {
		rows := k.tables[k.table].Rows
		if k.row >= len(rows) {
			k.table, k.row = k.table+1, 0
			continue
		}
		if cells := rows[k.row].Cells; k.col < len(cells) {
			k.col++
			return cells[k.col-1], true
		}
		k.row, k.col = k.row+1, 0
	}
	return Cell{}, false
}

// Update returns all the page shows, for the page loader, as plain values
// (string, float64, bool, []any, map[string]any) for package plainjson:
//
//	query        canonical query string
//	inputs       [{key, value, error, note, unit, default, hidden, explicit, choices}]
//	             in form order; choices, [{value, label}], only for a
//	             choice field whose choices changed (an option's cloud
//	             offers follow its GPU)
//	groups       [{key, title, kind, hidden}]
//	columns      [{key, title, hidden}] of every table, once per key
//	tables       {table id: {hidden, title, note}}
//	rows         [{key, hidden}] of the rows whose hidden state changed,
//	             each named by its first cell's key
//	cells        [{key, text, value, metric, option, unit, note, order,
//	             low, high, band, bandNote}]; metric, option and unit are
//	             "" for cells that are not results, order is Order.String,
//	             low to band are Cell's error band (0, 0, "" for none)
//	charts       {chart id: chart.Patch}
//	titles       {chart id: title}
//	heights      {chart id: height in CSS pixels}
//	links        [{id, query, hidden}]
//	problems     messages that belong to no field
//	explanation  the preset's explanation
//	headline     {text, figures: [{label, text}]}
//	changed      the inputs the scenario sets (Changed)
//	sources      where its defaults come from (Sources)
//	edition      {edition, latest, changes, results, query}: see EditionNote;
//	             edition is "" on a page of today's data
//	all          true: the cells are every cell of the page, and a row of
//	             the page shown whose cells are not among them is not
//	             the scenario's (see Since)
func (p Page) Update() map[string]any { return p.Since(nil) }

// Since returns what the page loader must change to go from showing prev
// to showing p, in the form of Update: the inputs, groups, columns, cells,
// links, tables and charts that differ (a chart's title and height come
// with it); the query, problems, explanation, headline and edition note always. With a nil prev, or
// a prev whose tables have other cells, it returns all of Update.
//
// A keystroke changes a few dozen of the page's hundreds of values;
// comparing them here, before they become JSON, saves the browser module
// most of its work and the page most of its DOM updates. Every scenario
// of a calculator has the same inputs, groups, cells, tables, charts and
// links in the same order, so records are compared by place.
func (p Page) Since(prev *Page) map[string]any {
	// A page of another layout (an edition with other GPUs or models has
	// other rows) is sent whole: compared by place, its cells would land
	// on others' places, and the rows only the page shown has would keep
	// that page's figures.
	if prev != nil && !p.sameCells(*prev) {
		prev = nil
	}
	var was Page
	if prev != nil {
		was = *prev
	}
	inputs := changedInputs(was.Inputs, p.Inputs, prev == nil)
	groups := changed(was.Groups, p.Groups, prev == nil, func(g Group) map[string]any {
		return map[string]any{"key": g.Key, "title": g.Title, "kind": g.Kind, "hidden": g.Hidden}
	})
	columns := changed(was.columns(), p.columns(), prev == nil, func(c Column) map[string]any {
		return map[string]any{"key": c.Key, "title": c.Title, "hidden": c.Hidden}
	})
	cells := []any{}
	for before, now := (cellCursor{tables: was.Tables}), (cellCursor{tables: p.Tables}); ; {
		c, ok := now.next()
		if !ok {
			break
		}
		if w, had := before.next(); prev == nil || !had || w != c {
			cells = append(cells, map[string]any{"key": c.Key, "text": c.Text, "value": c.Value, "metric": c.Metric, "option": c.Option,
				"unit": c.Unit, "note": c.Note, "order": c.Order.String(), "low": c.Low, "high": c.High, "band": c.Band, "bandNote": c.BandNote})
		}
	}
	links := changed(was.Links, p.Links, prev == nil, func(l Link) map[string]any {
		return map[string]any{"id": l.ID, "query": l.Query, "hidden": l.Hidden}
	})
	rows := []any{}
	for i, t := range p.Tables {
		for j, r := range t.Rows {
			if len(r.Cells) == 0 {
				continue
			}
			if prev == nil || i >= len(was.Tables) || j >= len(was.Tables[i].Rows) || was.Tables[i].Rows[j].Hidden != r.Hidden {
				rows = append(rows, map[string]any{"key": r.Cells[0].Key, "hidden": r.Hidden})
			}
		}
	}
	tables := map[string]any{}
	for i, t := range p.Tables {
		if w := was.Tables; prev == nil || i >= len(w) || w[i].ID != t.ID || w[i].Hidden != t.Hidden || w[i].Title != t.Title || w[i].Note != t.Note {
			tables[t.ID] = map[string]any{"hidden": t.Hidden, "title": t.Title, "note": t.Note}
		}
	}
	charts, titles, heights := map[string]any{}, map[string]any{}, map[string]any{}
	for i, c := range p.Charts {
		if prev == nil || i >= len(was.Charts) || !c.Equal(was.Charts[i]) {
			charts[c.ID], titles[c.ID], heights[c.ID] = c.Patch(), c.Title, c.Height()
		}
	}
	figures := make([]any, len(p.Headline.Figures))
	for i, f := range p.Headline.Figures {
		figures[i] = map[string]any{"label": f.Label, "text": f.Text, "band": f.Band, "bandNote": f.BandNote}
	}
	headline := map[string]any{"text": p.Headline.Text, "figures": figures}
	edition := map[string]any{"edition": p.Edition.Edition, "latest": p.Edition.Latest, "changes": plain(p.Edition.Changes),
		"results": p.Edition.Results, "query": p.Edition.Query}
	return map[string]any{"all": prev == nil, "query": p.Query, "inputs": inputs, "groups": groups, "columns": columns, "tables": tables, "rows": rows,
		"cells": cells, "charts": charts, "titles": titles, "heights": heights, "links": links, "problems": plain(p.Problems),
		"inapplicable": plain(p.inapplicable()),
		"explanation":  p.Explanation, "headline": headline, "edition": edition, "changed": plain(p.Changed()), "sources": plain(p.Sources())}
}

// inapplicable returns the texts of the problems that say a value of the
// query does not apply (scenario.NotApplicable). The page leaves them out
// after the reader's own edits: switching a mode hides fields whose
// values the state still has for that one computation.
func (p Page) inapplicable() []string {
	var out []string
	for _, ig := range p.Ignored {
		if ig.Code == scenario.NotApplicable {
			out = append(out, ig.Text)
		}
	}
	return out
}

// plain returns ss as plain values, for Update.
func plain(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// changed returns the records of next, as plain maps, that differ from the
// record at the same place in prev; all of them when all is set.
func changed[T comparable](prev, next []T, all bool, record func(T) map[string]any) []any {
	out := []any{}
	for i, r := range next {
		if all || i >= len(prev) || prev[i] != r {
			out = append(out, record(r))
		}
	}
	return out
}

// inputState is what the page shows of an input; Choices is its choices
// written as one string, to compare.
type inputState struct {
	Key, Value, Error, Note, Unit, Default, Choices string
	Hidden                                          bool
}

func stateOf(in scenario.Input) inputState {
	var cs strings.Builder
	for _, c := range in.Choices {
		cs.WriteString(c.Value + "\x1f" + c.Label + "\x1e")
	}
	return inputState{in.Key, in.Value, in.Error, in.Note, in.Unit, in.DefaultShown(), cs.String(), in.Hidden}
}

// changedInputs returns the records of the inputs of next that differ
// from those at the same place in prev, all of them when all is set. A
// record carries its choices when they differ too: the form was drawn
// with the default scenario's, and a choice field's choices may depend on
// another field (a GPU's cloud offers), so a select showing the default
// GPU's list would name one offer while the engine computes with another.
func changedInputs(prev, next []scenario.Input, all bool) []any {
	out := []any{}
	for i, in := range next {
		now := stateOf(in)
		var was inputState
		if i < len(prev) {
			was = stateOf(prev[i])
		}
		if !all && i < len(prev) && was == now {
			continue
		}
		r := map[string]any{"key": now.Key, "value": now.Value, "error": now.Error, "note": now.Note, "unit": now.Unit, "default": now.Default,
			"hidden": now.Hidden}
		// The page opens the closed group of a field the link sets.
		if in.Explicit {
			r["explicit"] = true
		}
		if in.IsChoice() && (all || i >= len(prev) || was.Choices != now.Choices) {
			cs := make([]any, len(in.Choices))
			for j, c := range in.Choices {
				cs[j] = map[string]any{"value": c.Value, "label": c.Label}
			}
			r["choices"] = cs
		}
		out = append(out, r)
	}
	return out
}

// columns returns the columns of every table, once per key.
func (p Page) columns() []Column {
	var out []Column
	seen := map[string]bool{}
	for _, t := range p.Tables {
		for _, c := range t.Columns {
			if !seen[c.Key] {
				seen[c.Key] = true
				out = append(out, c)
			}
		}
	}
	return out
}
