package api

import (
	"net/http"

	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// catalogs are the catalogs the API lists, each read from an edition's
// data as the calculators read it, from the smallest data file that
// holds it.
var catalogs = map[string]struct {
	file string
	of   func(*sitedata.Data) any
}{
	"gpus":   {"memory", func(d *sitedata.Data) any { return d.GPUs }},
	"models": {"memory", func(d *sitedata.Data) any { return d.Models }},
	"apis":   {"pricing", func(d *sitedata.Data) any { return d.Pricing.APIs }},
	"rental": {"tco", func(d *sitedata.Data) any { return d.Rental }},
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
	h.ofEdition(w, r, c.file, "catalog", name, func(d *sitedata.Data, date string) any {
		return CatalogAnswer{Catalog: name, Edition: date, Data: c.of(d)}
	})
}

// ofEdition answers a path that takes an edition (ed) alone with what
// of reads from that edition's data file file, through the edge cache:
// its entity tag names the path (kind, name) and the edition, and is
// known before any data is decoded.
func (h *Handler) ofEdition(w http.ResponseWriter, r *http.Request, file, kind, name string, of func(d *sitedata.Data, date string) any) {
	raw := r.URL.RawQuery
	if p := unknownParameters(r); p != nil {
		writeProblem(w, *p)
		return
	}
	date, err := h.Store.Edition(raw)
	if err != nil {
		writeProblem(w, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()})
		return
	}
	w.Header().Set(EditionHeader, date)
	h.send(w, r, file, cacheFor(raw), func() ([]byte, error) {
		set, err := h.Store.Set(file, raw)
		if err != nil {
			return nil, Problem{Status: http.StatusServiceUnavailable, Detail: err.Error()}
		}
		d, date := set.Data(raw)
		if p := badEdition(r, d); p != nil {
			return nil, *p
		}
		return marshal(of(d, date)), nil
	}, kind, name, date, edgecache.Canonical(raw))
}

// unknownParameters is the problem of a query with a parameter but the
// edition (ed), which a catalog or a presets listing takes alone.
func unknownParameters(r *http.Request) *Problem {
	for k := range r.URL.Query() {
		if k != edition.Key {
			return &Problem{Type: TypeInvalidQuery, Status: http.StatusBadRequest, Detail: "This path takes no parameter but ed.",
				Errors: []FieldError{{Type: TypeUnknownParameter, Field: k, Label: k, Message: "Not a parameter of this path, which takes ed only."}}}
		}
	}
	return nil
}

// badEdition is the problem of a query whose edition (ed) data d does
// not list.
func badEdition(r *http.Request, d *sitedata.Data) *Problem {
	ed := r.URL.Query().Get(edition.Key)
	if ed == "" {
		return nil
	}
	f := d.Editions.Field(msg.English, "", nil)
	if _, bad := f.Parse(ed); bad != "" {
		// A choice's one rejection: not listed.
		in := scenario.Input{Field: f, Rejected: scenario.NotListed, Reason: bad}
		return &Problem{Type: TypeInvalidQuery, Status: http.StatusBadRequest, Detail: "The query has values the API rejects; each is listed in errors.",
			Errors: []FieldError{fieldError(in)}}
	}
	return nil
}
