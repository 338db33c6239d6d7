// Package calc is the calculators behind one door: it builds any
// calculator's page for a query from the data of the edition the query
// pins, and for an old edition says what today's data would change. The
// browser host (wasm/cmd/browser) calls it; gen renders the latest
// edition's defaults with the same views.
package calc

import (
	"slices"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/planview"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// Set holds the data editions loaded so far and builds pages from them.
// Its zero value is ready to use.
type Set struct {
	data map[string]*sitedata.Data // by data edition's date
	// perf keeps the estimator's simulations between changes, so that a
	// change recomputes only what depends on it (see perfview.Builder).
	perf perfview.Builder
	// plan keeps the plan's searches of each GPU's replica.
	plan planview.Builder
	// Msgs are the pages' words and number format; English when nil.
	Msgs *msg.Catalog
}

// Load adds the data of the edition of date (linked).
func (s *Set) Load(date string, d sitedata.Data) {
	if s.data == nil {
		s.data = map[string]*sitedata.Data{}
	}
	s.data[date] = &d
}

// Known reports whether name is a calculator.
func Known(name string) bool { return Find(name) != nil }

// Data returns the loaded data that applies to the edition a query pins
// (the latest when it pins none, or one not loaded), and its date; nil
// before any Load.
func (s *Set) Data(rawQuery string) (*sitedata.Data, string) {
	latest := s.latest()
	if latest == "" {
		return nil, ""
	}
	ed := edition.Of(rawQuery)
	if ed == "" {
		return s.data[latest], latest
	}
	date := s.dates().Pick(ed)
	if d, ok := s.data[date]; ok {
		return d, date
	}
	return s.data[latest], latest
}

// Page returns calculator name's page for a query. A query that pins an
// older edition gets that edition's figures and a note of what today's
// data changes (view.Page.Edition).
func (s *Set) Page(name, rawQuery string) view.Page {
	d, date := s.Data(rawQuery)
	if d == nil {
		return view.Page{Problems: []string{s.Msgs.T("calc.err.no_data")}}
	}
	p := s.build(name, rawQuery, d)
	// The view rejects an edition it does not know and falls back to the
	// latest: build again from the data of the edition it settled on.
	ed := edition.Of(p.Query)
	if want := s.dates().Pick(ed); want != date && s.data[want] != nil {
		d = s.data[want]
		p = s.build(name, rawQuery, d)
	}
	latest := d.Editions.Latest()
	if ed == latest {
		return p
	}
	// Today's data is the newest data edition's; without it loaded, the
	// note would compare with the wrong data, so there is none.
	if today, ok := s.data[d.Editions.DataOnly().Pick(latest)]; ok {
		p.Edition = edition.Compare(s.Msgs, p, s.build(name, edition.With(p.Query, latest), today))
	}
	return p
}

func (s *Set) build(name, q string, d *sitedata.Data) view.Page {
	if c := Find(name); c != nil {
		return c.build(s, q, d)
	}
	return view.Page{Problems: []string{s.Msgs.T("calc.err.unknown")}}
}

// dates returns the loaded data editions as a list, oldest first.
func (s *Set) dates() edition.List {
	dates := make([]string, 0, len(s.data))
	for date := range s.data {
		dates = append(dates, date)
	}
	slices.Sort(dates)
	l := make(edition.List, len(dates))
	for i, date := range dates {
		l[i] = edition.Edition{Date: date, Data: true}
	}
	return l
}

// latest returns the newest loaded data edition's date.
func (s *Set) latest() string { return s.dates().Latest() }
