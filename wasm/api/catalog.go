package api

import (
	"net/http"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/sitedata"
)

// catalogs are the catalogs the API lists, each read from an edition's
// data as the calculators read it, from the smallest data file that
// holds it.
var catalogs = map[string]struct {
	file string
	of   func(*sitedata.Data) any
}{
	"gpus":   {"memory", func(d *sitedata.Data) any { return d.TCO.GPUs }},
	"models": {"memory", func(d *sitedata.Data) any { return d.Memory.Models }},
	"apis":   {"pricing", func(d *sitedata.Data) any { return d.Pricing.APIs }},
	"rental": {"tco", func(d *sitedata.Data) any { return d.TCO.Rental }},
}

// CatalogAnswer is a catalog of an edition: its rows and their sources,
// as the data files hold them.
type CatalogAnswer struct {
	Catalog string `json:"catalog"`
	Edition string `json:"edition"`
	Data    any    `json:"data"`
}

// catalog answers GET /api/v1/catalog/NAME?ed=DATE, the latest edition's
// catalog without ed.
func (h *Handler) catalog(w http.ResponseWriter, r *http.Request, name string) {
	c := catalogs[name]
	set, err := h.Store.Set(c.file, r.URL.RawQuery)
	if err != nil {
		writeProblem(w, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()})
		return
	}
	d, date := set.Data(r.URL.RawQuery)
	if !onlyEdition(w, r, d) {
		return
	}
	w.Header().Set(EditionHeader, date)
	writeJSON(w, r, http.StatusOK, "application/json", marshal(CatalogAnswer{Catalog: name, Edition: date, Data: c.of(d)}),
		cacheFor(r.URL.RawQuery))
}

// onlyEdition answers 400 and reports false unless the query has no
// parameter but a known edition (ed), as a catalog's or a presets
// listing's.
func onlyEdition(w http.ResponseWriter, r *http.Request, d *sitedata.Data) bool {
	q := r.URL.Query()
	for k := range q {
		if k != edition.Key {
			writeProblem(w, Problem{Status: http.StatusBadRequest, Detail: "This path takes no parameter but ed.",
				Errors: []FieldError{{Field: k, Label: k, Message: "Unknown parameter."}}})
			return false
		}
	}
	if ed := q.Get(edition.Key); ed != "" {
		f := d.Editions.Field(msg.English, "", nil)
		if _, bad := f.Parse(ed); bad != "" {
			writeProblem(w, Problem{Status: http.StatusBadRequest, Detail: "The query has values the API rejects; each is listed in errors.",
				Errors: []FieldError{{Field: f.Key, Label: f.Label, Message: bad}}})
			return false
		}
	}
	return true
}
