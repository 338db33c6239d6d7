package apicompare

import (
	"fmt"
	"math"
	"slices"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/msg"
)

// LoadCurve is a measured load curve of an LLM service, which the plan
// offers beside its flat and office curves: requests in each hour of a
// weekday and of a weekend day (Saturday, Sunday), in one unit, from
// 00:00 of the time zone its note names.
type LoadCurve struct {
	ID     string `yaml:"id" json:"id"`
	Name   string `yaml:"name" json:"name"`
	NameDE string `yaml:"name_de" json:"name_de"`
	// Weekday and Weekend are 24 values each, none negative.
	Weekday []float64 `yaml:"weekday" json:"weekday"`
	Weekend []float64 `yaml:"weekend" json:"weekend"`
	// Source, AsOf and the notes say where the values come from and how
	// they were read, as a figure's do.
	Source string `yaml:"source" json:"source"`
	AsOf   string `yaml:"as_of" json:"as_of"`
	Note   string `yaml:"note" json:"note"`
	NoteDE string `yaml:"note_de" json:"note_de"`
}

// NameIn is the curve's name in the language of m.
func (c LoadCurve) NameIn(m *msg.Catalog) string {
	if m.German() {
		return c.NameDE
	}
	return c.Name
}

// Figure is the curve's provenance as a figure's, for its note.
func (c LoadCurve) Figure() fact.Figure {
	return fact.Figure{Source: c.Source, AsOf: c.AsOf, Note: c.Note, NoteDE: c.NoteDE}
}

// Curve is the week the curve describes: five weekdays from Monday, then
// the weekend.
func (c LoadCurve) Curve() loadcurve.Curve {
	week := make([]float64, 0, loadcurve.HoursPerWeek)
	for day := range 7 {
		if day < 5 {
			week = append(week, c.Weekday...)
		} else {
			week = append(week, c.Weekend...)
		}
	}
	out, _ := loadcurve.FromHours(week) // validated: 168 values, none negative, some above 0
	return out
}

// validateCurves checks each load curve: an id of its own, names in both
// languages, 24 hours a day, none negative and some above 0, and a
// source.
func (d Data) validateCurves() []error {
	var errs []error
	for i, c := range d.LoadCurves {
		entry := fmt.Sprintf("load_curves[%d] %q", i, c.ID)
		if c.ID == "" || slices.IndexFunc(d.LoadCurves[:i], func(o LoadCurve) bool { return o.ID == c.ID }) >= 0 {
			errs = append(errs, fact.Errorf(entry, "id", "missing or used before"))
		}
		if c.Name == "" || c.NameDE == "" {
			errs = append(errs, fact.Errorf(entry, "name", "needs name and name_de"))
		}
		for _, day := range []struct {
			name string
			v    []float64
		}{{"weekday", c.Weekday}, {"weekend", c.Weekend}} {
			if len(day.v) != 24 {
				errs = append(errs, fact.Errorf(entry, day.name, "has %d hours, want 24", len(day.v)))
			}
			for h, x := range day.v {
				if !(x >= 0) || math.IsInf(x, 0) {
					errs = append(errs, fact.Errorf(entry, fmt.Sprintf("%s[%d]", day.name, h), "is %v: want a finite number, not negative", x))
				}
			}
		}
		sum := 0.0
		for _, x := range append(slices.Clone(c.Weekday), c.Weekend...) {
			sum += max(0, x)
		}
		if sum <= 0 {
			errs = append(errs, fact.Errorf(entry, "weekday", "no hour has requests"))
		}
		errs = append(errs, d.checkDated(entry, c.Source, c.AsOf)...)
		if c.Note == "" || c.NoteDE == "" {
			errs = append(errs, fact.Errorf(entry, "note", "needs note and note_de: how the values were read"))
		}
	}
	return errs
}
