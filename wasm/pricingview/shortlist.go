package pricingview

import (
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// keyAPIs is the query parameter that lists the compared APIs.
const keyAPIs = "apis"

// StaleDays is the age, in days before the scenario's edition, beyond
// which a price is marked as possibly out of date.
const StaleDays = 90

// readAPIs reads the compared models: the link's list (apis=), or the
// edition's default when it names none.
func readAPIs(r *scenario.Resolver, d apicompare.Data, edition, section string) []string {
	f := scenario.Field{Key: keyAPIs, Label: r.M.T("pri.in.apis"), Section: section, Text: true,
		Help: r.M.F("pri.in.apis_help", "n", strconv.Itoa(apicompare.MaxAPIs))}
	preset := r.Preset() != nil
	if d.Local(r.M, preset).APIs.List != "" {
		// A language's own comparison is written into the link, so
		// that the link gives the same comparison in any language.
		f.Default, f.Pinned = strings.Join(d.DefaultIDs(r.M, preset, edition), ","), true
	}
	raw := r.Choice(f)
	if raw == "" {
		return d.DefaultIDs(r.M, preset, edition)
	}
	ids := apicompare.SplitIDs(raw)
	unknown := 0
	for _, id := range ids {
		if _, ok := d.ModelByID(id); !ok {
			unknown++
		}
	}
	switch {
	case len(ids) > apicompare.MaxAPIs:
		r.Reject(keyAPIs, r.M.F("pri.err.apis", "n", strconv.Itoa(apicompare.MaxAPIs)))
	case unknown > 0:
		r.Reject(keyAPIs, r.M.F("pri.err.unknown_apis", "n", strconv.Itoa(unknown)))
	default:
		names := make([]string, len(ids))
		for i, id := range ids {
			m, _ := d.ModelByID(id)
			names[i] = d.Label(m)
		}
		r.ShowAs(keyAPIs, strings.Join(names, ", "))
		return ids
	}
	return d.DefaultIDs(r.M, preset, edition)
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
