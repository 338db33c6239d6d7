// Package edition names the data editions. An edition is the data as it
// was published on a date: the first edition's files in content/data, and
// each later edition's dated changes on top (see package dataset). Every
// scenario URL carries its edition as ed=DATE, so that a shared link keeps
// its figures when the data changes; the page then says what today's data
// would show instead.
package edition

import (
	"slices"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// Key is the query parameter of the edition, and Section the form's
// section of its field where a calculator has no better one.
const (
	Key     = "ed"
	Section = "edition.section"
)

// Edition is one edition: its date (YYYY-MM-DD) and what changed in it.
// A data edition has data files of its own; the others are days on which
// only API prices changed, whose rows every data file holds.
type Edition struct {
	Date string `json:"date"`
	// Note says what changed in a data edition and why, in English, and
	// NoteDE in German, for the changelog and the feeds. The calculators
	// do not show them, so they stay out of the pages' data.
	Note   string `json:"-"`
	NoteDE string `json:"-"`
	Data   bool   `json:"data"`
}

// NoteIn returns the edition's note in lang: German for "de", English
// otherwise.
func (e Edition) NoteIn(lang string) string {
	if lang == "de" {
		return e.NoteDE
	}
	return e.Note
}

// List is every edition, oldest first.
type List []Edition

// Latest returns the newest edition's date, or "" for an empty list.
func (l List) Latest() string {
	if len(l) == 0 {
		return ""
	}
	return l[len(l)-1].Date
}

// WithoutNotes returns the list with every note left out, as the pages'
// data carries it (see Edition).
func (l List) WithoutNotes() List {
	out := make(List, len(l))
	for i, e := range l {
		out[i] = Edition{Date: e.Date, Data: e.Data}
	}
	return out
}

// DataOnly returns the data editions.
func (l List) DataOnly() List {
	var out List
	for _, e := range l {
		if e.Data {
			out = append(out, e)
		}
	}
	return out
}

// Pick returns the date of the edition whose data applies on date: the
// newest edition not after it, else the first (data older than the first
// edition is the first edition's; the API price history reaches further
// back, see package apiprices). Dates compare as strings.
func (l List) Pick(date string) string {
	if len(l) == 0 {
		return ""
	}
	picked := l[0].Date
	for _, e := range l {
		if e.Date <= date {
			picked = e.Date
		}
	}
	return picked
}

// Of returns the edition a raw query (without "?") asks for, or "" when
// it names none.
func Of(rawQuery string) string {
	return scenario.ParseQuery(rawQuery).Get(Key)
}

// With returns the raw query with its edition set to date.
func With(rawQuery, date string) string {
	q := scenario.ParseQuery(rawQuery)
	q.Set(Key, date)
	return q.Encode()
}

// Field returns the edition's input, a choice of the editions (and of
// more dates, such as the days API prices changed), newest first and the
// latest by default. It is pinned: every link carries it.
func (l List) Field(t *msg.Catalog, section string, more []string) scenario.Field {
	dates := map[string]bool{}
	for _, e := range l {
		dates[e.Date] = true
	}
	for _, d := range more {
		dates[d] = true
	}
	sorted := make([]string, 0, len(dates))
	for d := range dates {
		sorted = append(sorted, d)
	}
	slices.Sort(sorted)
	// Newest first: the latest is what a reader usually wants.
	latest := l.Latest()
	choices := make([]scenario.Choice, 0, len(sorted))
	for i := len(sorted) - 1; i >= 0; i-- {
		c := scenario.Choice{Value: sorted[i], Label: t.Date(sorted[i])}
		if c.Value == latest {
			c.Label = t.F("edition.latest", "date", c.Label)
		}
		choices = append(choices, c)
	}
	return scenario.Field{Key: Key, Label: t.T("edition.label"), Section: section, Default: latest, Choices: choices, Pinned: true,
		Help: t.T("edition.help")}
}
