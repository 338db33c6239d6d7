package pricingview

import (
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// MaxAPIs is how many APIs the comparison shows at most. Its rows are
// that many places, filled in order by the scenario's APIs, so that every
// scenario has the same cells and the page updates them in place.
const MaxAPIs = 12

// keyAPIs is the query parameter that lists the compared APIs.
const keyAPIs = "apis"

// StaleDays is the age, in days before the scenario's edition, beyond
// which a price is marked as possibly out of date.
const StaleDays = 90

// readAPIs reads the compared models: the link's list (apis=), or the
// edition's default when it names none.
func readAPIs(r *scenario.Resolver, d Data, edition, section string) []string {
	raw := r.Choice(scenario.Field{Key: keyAPIs, Label: r.M.T("pri.in.apis"), Section: section, Text: true,
		Help: r.M.F("pri.in.apis_help", "n", strconv.Itoa(MaxAPIs))})
	if raw == "" {
		return d.defaultAPIs(edition)
	}
	ids := splitIDs(raw)
	unknown := 0
	for _, id := range ids {
		if _, ok := d.modelByID(id); !ok {
			unknown++
		}
	}
	switch {
	case len(ids) > MaxAPIs:
		r.Reject(keyAPIs, r.M.F("pri.err.apis", "n", strconv.Itoa(MaxAPIs)))
	case unknown > 0:
		r.Reject(keyAPIs, r.M.F("pri.err.unknown_apis", "n", strconv.Itoa(unknown)))
	default:
		names := make([]string, len(ids))
		for i, id := range ids {
			m, _ := d.modelByID(id)
			names[i] = d.Label(m)
		}
		r.ShowAs(keyAPIs, strings.Join(names, ", "))
		return ids
	}
	return d.defaultAPIs(edition)
}

// defaultAPIs is the comparison of a link that names none on the date:
// the catalog's shortlist, or the slots of it that the edition's list
// (Defaults.APIs) names, each filled as the shortlist fills it.
func (d Data) defaultAPIs(date string) []string {
	if d.Defaults.APIs.List == "" {
		return d.APIs.Shortlisted(date)
	}
	var ids []string
	for _, id := range splitIDs(d.Defaults.APIs.List) {
		if i := d.slotOf(id); i >= 0 {
			if m, ok := d.APIs.SoldOf(d.APIs.Shortlist[i], date); ok {
				ids = append(ids, m)
			}
		}
	}
	return ids
}

// slotOf is the index of the shortlist's slot that lists the model, or -1.
func (d Data) slotOf(id string) int {
	return slices.IndexFunc(d.APIs.Shortlist, func(slot []string) bool { return slices.Contains(slot, id) })
}

// splitIDs reads a list of ids separated by commas.
func splitIDs(raw string) []string {
	// strings.Cut, not strings.Split: Split adds to the browser module.
	var ids []string
	for more := true; more; {
		var id string
		id, raw, more = strings.Cut(raw, ",")
		ids = append(ids, id)
	}
	return ids
}

// place is the key prefix of the comparison's row i.
func place(i int) string { return "api" + strconv.Itoa(i+1) }

// stale returns a mark and its explanation for a price checked more
// than StaleDays before the edition, or "", "".
func stale(t *msg.Catalog, row apiprices.PriceRow, edition string) (string, string) {
	if ms(edition)-ms(row.AsOf) <= StaleDays*86400e3 {
		return "", ""
	}
	return t.T("pri.stale"), t.F("pri.stale_note", "date", t.Date(row.AsOf), "days", strconv.Itoa(StaleDays), "edition", t.Date(edition))
}
