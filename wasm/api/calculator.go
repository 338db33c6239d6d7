package api

import (
	"math"
	"net/http"

	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/view"
)

// Answer is what a calculator's page shows for a query, as the API
// writes it (see openapi.json, schema Answer).
type Answer struct {
	Calculator string `json:"calculator"`
	// Query is the canonical query: the page's link, its edition pinned.
	Query    string      `json:"query"`
	Edition  EditionInfo `json:"edition"`
	Headline Headline    `json:"headline"`
	Inputs   []Input     `json:"inputs"`
	// Problems are the page's messages that belong to no field's
	// value: every parameter of the query that the calculator does not
	// use (unknown, repeated, malformed, not applicable; an unknown
	// preset or version), then the calculator's own (a model that does
	// not fit).
	Problems []Issue `json:"problems"`
	Tables   []Table `json:"tables"`
	// Sources are where the defaults the scenario uses come from.
	Sources     []string `json:"sources"`
	Explanation string   `json:"explanation,omitempty"`
}

// Issue is a problem of an answer. Code is one of scenario's codes of
// an unused parameter (scenario.UnknownParameter, …), with Field its key,
// or CodeScenario for the calculator's message about the scenario.
type Issue struct {
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// CodeScenario is the code of a calculator's message about the scenario
// itself, such as a model that does not fit.
const CodeScenario = "scenario"

// EditionInfo is the data edition of the figures: Date, the edition the
// query pins (or the latest), and for an older one what today's data
// changes, as the page's note says.
type EditionInfo struct {
	Date        string   `json:"date"`
	Latest      string   `json:"latest"`
	Changes     []string `json:"changes,omitempty"`
	Results     int      `json:"results,omitempty"` // how many results differ; Changes lists the first few
	LatestQuery string   `json:"latestQuery,omitempty"`
}

// Headline is the answer in a sentence and its key figures.
type Headline struct {
	Text    string   `json:"text"`
	Figures []Figure `json:"figures"`
}

// Figure is a key figure of the headline, as text with its unit; an
// estimated one has its error band as the page shows it (Cell's Band) and
// what the band is, or why it has none.
type Figure struct {
	Label    string `json:"label"`
	Text     string `json:"text"`
	Band     string `json:"band,omitempty"`
	BandNote string `json:"bandNote,omitempty"`
}

// Input is a resolved input: the value used, canonical, and whether the
// query (or its preset) set it.
type Input struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Value    string `json:"value"`
	Unit     string `json:"unit,omitempty"`
	Default  string `json:"default"`
	Explicit bool   `json:"explicit"`
	Hidden   bool   `json:"hidden,omitempty"`
	Note     string `json:"note,omitempty"`
}

// Table is a results table of the page.
type Table struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Note    string   `json:"note,omitempty"`
	Hidden  bool     `json:"hidden,omitempty"`
	Columns []Column `json:"columns"`
	Rows    []Row    `json:"rows"`
}

// Column is a table's column.
type Column struct {
	Key    string `json:"key"`
	Title  string `json:"title"`
	Hidden bool   `json:"hidden,omitempty"`
}

// Row is a labelled row of cells, one per column.
type Row struct {
	Label string `json:"label"`
	Cells []Cell `json:"cells"`
}

// Cell is one result: the page's text, and for a figure its value in
// Unit (the page's data-value and data-unit). Value is absent where the
// cell shows no figure (Order "none") or an unbounded one ("inf"); a cell
// "apart" has one, in a row kept after the others however sorted.
type Cell struct {
	Key    string   `json:"key"`
	Text   string   `json:"text"`
	Value  *float64 `json:"value,omitempty"`
	Unit   string   `json:"unit,omitempty"`
	Metric string   `json:"metric,omitempty"`
	Option string   `json:"option,omitempty"`
	Note   string   `json:"note,omitempty"`
	Order  string   `json:"order,omitempty"`
	// Low and High bound an estimated figure's error band (the page's
	// data-low and data-high), Band is the band as the page shows it
	// beside the text, and BandNote the band's source or why an estimated
	// figure has none; all absent for a figure that is not estimated.
	Low      *float64 `json:"low,omitempty"`
	High     *float64 `json:"high,omitempty"`
	Band     string   `json:"band,omitempty"`
	BandNote string   `json:"bandNote,omitempty"`
}

// calculator answers GET /api/v1/NAME?QUERY: the page's figures, or 400
// with every rejected input.
func (h *Handler) calculator(w http.ResponseWriter, r *http.Request, name string) {
	raw := r.URL.RawQuery
	ed, err := h.Store.Edition(raw)
	if err != nil {
		writeProblem(w, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()})
		return
	}
	w.Header().Set(EditionHeader, ed)
	h.send(w, r, name, cacheFor(raw), func() ([]byte, error) {
		set, err := h.Store.Set(name, raw)
		if err != nil {
			return nil, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()}
		}
		p := set.Page(name, raw)
		if errs := fieldErrors(p); len(errs) > 0 {
			return nil, Problem{Type: TypeInvalidQuery, Status: http.StatusBadRequest, Errors: errs,
				Detail: "The query has values the calculator rejects; each is listed in errors."}
		}
		d, _ := set.Data(raw)
		return marshal(answer(name, p, d.Editions.Latest())), nil
	}, "api", name, ed, edgecache.Canonical(raw))
}

// fieldErrors returns the inputs the page rejected, in form order.
func fieldErrors(p view.Page) []FieldError {
	var out []FieldError
	for _, in := range p.Inputs {
		if in.Error != "" {
			out = append(out, fieldError(in))
		}
	}
	return out
}

// answer copies what page p shows into an Answer; latest is the newest
// edition's date.
func answer(name string, p view.Page, latest string) Answer {
	a := Answer{Calculator: name, Query: p.Query, Problems: issues(p), Sources: nonNil(p.Sources()), Explanation: p.Explanation,
		Edition:  EditionInfo{Date: edition.Of(p.Query), Latest: latest, Changes: p.Edition.Changes, Results: p.Edition.Results, LatestQuery: p.Edition.Query},
		Headline: Headline{Text: p.Headline.Text, Figures: []Figure{}}}
	for _, f := range p.Headline.Figures {
		a.Headline.Figures = append(a.Headline.Figures, Figure(f))
	}
	for _, in := range p.Inputs {
		a.Inputs = append(a.Inputs, Input{Key: in.Key, Label: in.Label, Value: in.Value, Unit: in.Unit, Default: in.Default,
			Explicit: in.Explicit, Hidden: in.Hidden, Note: in.Note})
	}
	for _, t := range p.Tables {
		out := Table{ID: t.ID, Title: t.Title, Note: t.Note, Hidden: t.Hidden, Columns: []Column{}, Rows: []Row{}}
		for _, c := range t.Columns {
			out.Columns = append(out.Columns, Column{Key: c.Key, Title: c.Title, Hidden: c.Hidden})
		}
		for _, row := range t.Rows {
			cells := make([]Cell, len(row.Cells))
			for i, c := range row.Cells {
				cells[i] = Cell{Key: c.Key, Text: c.Text, Unit: c.Unit, Metric: c.Metric, Option: c.Option, Note: c.Note, Order: c.Order.String(),
					Band: c.Band, BandNote: c.BandNote}
				if v := c.Value; (c.Order == view.ByValue || c.Order == view.Apart) && !math.IsNaN(v) && !math.IsInf(v, 0) {
					cells[i].Value = &v
					if c.Band != "" {
						cells[i].Low, cells[i].High = &c.Low, &c.High
					}
				}
			}
			out.Rows = append(out.Rows, Row{Label: row.Label, Cells: cells})
		}
		a.Tables = append(a.Tables, out)
	}
	return a
}

// issues returns the page's problems with their codes: p.Problems
// begins with the texts of p.Ignored.
func issues(p view.Page) []Issue {
	out := []Issue{}
	ig := p.Ignored
	for _, text := range p.Problems {
		if len(ig) > 0 && ig[0].Text == text {
			out = append(out, Issue{Code: ig[0].Code, Field: ig[0].Field, Message: text})
			ig = ig[1:]
			continue
		}
		out = append(out, Issue{Code: CodeScenario, Message: text})
	}
	return out
}

// nonNil returns ss, or an empty list for nil: JSON [] rather than null.
func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}
