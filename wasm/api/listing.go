package api

import (
	"net/http"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// EditionHeader names the response header that holds the date of the data
// edition an answer's figures are of.
const EditionHeader = "InferCost-Edition"

// EditionsAnswer lists the data editions, oldest first: the latest is
// what a query without ed= gets.
type EditionsAnswer struct {
	Latest   string         `json:"latest"`
	Editions []EditionEntry `json:"editions"`
}

// EditionEntry is an edition: its date, and whether it has data files of
// its own (else only API prices changed that day).
type EditionEntry struct {
	Date string `json:"date"`
	Data bool   `json:"data"`
}

// PresetsAnswer lists a calculator's presets in an edition.
type PresetsAnswer struct {
	Calculator string        `json:"calculator"`
	Edition    string        `json:"edition"`
	Presets    []PresetEntry `json:"presets"`
}

// PresetEntry is a preset: Query opens it (on the calculator's API path
// or its page), its edition pinned.
type PresetEntry struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	AsOf        string `json:"asOf"`
	Query       string `json:"query"`
}

// editions answers GET /api/v1/editions: every edition, from the data
// file the catalogs read first (each lists them all).
func (h *Handler) editions(w http.ResponseWriter, r *http.Request) {
	if !noParameters(w, r) {
		return
	}
	h.send(w, r, "", cacheLatest, func() ([]byte, error) {
		set, err := h.Store.Set("memory", "")
		if err != nil {
			return nil, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()}
		}
		d, _ := set.Data("")
		a := EditionsOf(d)
		w.Header().Set(EditionHeader, a.Latest)
		return marshal(a), nil
	})
}

// presets answers GET /api/v1/presets/NAME?ed=DATE: calculator name's
// presets in an edition, the latest without ed.
func (h *Handler) presets(w http.ResponseWriter, r *http.Request, name string) {
	h.ofEdition(w, r, name, "presets", name, func(d *sitedata.Data, date string) any { return PresetsOf(name, date, d) })
}

// EditionsOf returns the editions that data d lists, as
// /api/v1/editions answers them.
func EditionsOf(d *sitedata.Data) EditionsAnswer {
	a := EditionsAnswer{Latest: d.Editions.Latest(), Editions: []EditionEntry{}}
	for _, e := range d.Editions {
		a.Editions = append(a.Editions, EditionEntry{Date: e.Date, Data: e.Data})
	}
	return a
}

// PresetsOf returns calculator name's presets in data d of the edition
// of date, as /api/v1/presets/NAME answers them.
func PresetsOf(name, date string, d *sitedata.Data) PresetsAnswer {
	a := PresetsAnswer{Calculator: name, Edition: date, Presets: []PresetEntry{}}
	for _, p := range d.Presets(name) {
		a.Presets = append(a.Presets, PresetEntry{Name: p.Name, Title: p.Title, Description: p.Description, AsOf: p.AsOf,
			Query: scenario.PresetKey + "=" + scenario.QueryEscape(p.Name) + "&" + edition.Key + "=" + date})
	}
	return a
}

// noParameters answers 400 and reports false when the query has any
// parameter.
func noParameters(w http.ResponseWriter, r *http.Request) bool {
	for k := range r.URL.Query() {
		writeProblem(w, Problem{Type: TypeInvalidQuery, Status: http.StatusBadRequest, Detail: "This path takes no parameter.",
			Errors: []FieldError{{Type: TypeUnknownParameter, Field: k, Label: k, Message: "Not a parameter of this path, which takes none."}}})
		return false
	}
	return true
}
