// Package fact holds numbers together with where they come from: every
// figure on the site names its source and the date it was true.
package fact

import (
	"fmt"
	"strings"
	"time"
)

// Source is a document that figures are taken from. URL is an http(s)
// address, or a path on this site starting with "/" for InferCost's own
// documented assumptions.
type Source struct {
	Title string `yaml:"title" json:"title"`
	URL   string `yaml:"url" json:"url"`
}

// Sources maps a short key, used by figures, to a source.
type Sources map[string]Source

// Figure is one number with where it comes from.
type Figure struct {
	Value  float64 `yaml:"value" json:"value"`
	Source string  `yaml:"source" json:"source"` // a key of Sources
	AsOf   string  `yaml:"as_of" json:"as_of"`   // YYYY-MM-DD
	// Unconfirmed marks a figure seen only in a secondary source.
	Unconfirmed bool   `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
	Note        string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Note says where a default comes from, for the form: "Default from
// <source title>, <as of> (<note>)", marked † when unconfirmed.
func Note(f Figure, src Source) string {
	s := "Default from " + src.Title + ", " + f.AsOf
	if f.Note != "" {
		s += " (" + f.Note + ")"
	}
	if f.Unconfirmed {
		s += "; unconfirmed †"
	}
	return s + "."
}

// FieldError says which entry and field of a data file is wrong.
type FieldError struct {
	Entry string // e.g. `gpus[4] "h100-sxm"`
	Field string // e.g. "purchase_usd.source"
	Msg   string
}

func (e *FieldError) Error() string { return e.Entry + ": " + e.Field + ": " + e.Msg }

// Errorf returns a FieldError.
func Errorf(entry, field, format string, args ...any) error {
	return &FieldError{Entry: entry, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Validate checks every source.
func (s Sources) Validate() []error {
	var errs []error
	for key, src := range s {
		entry := "sources." + key
		if src.Title == "" {
			errs = append(errs, Errorf(entry, "title", "missing"))
		}
		if !strings.HasPrefix(src.URL, "https://") && !strings.HasPrefix(src.URL, "http://") && !strings.HasPrefix(src.URL, "/") {
			errs = append(errs, Errorf(entry, "url", "must be an http(s) URL or a site path, got %q", src.URL))
		}
	}
	return errs
}

// Bound is a named figure and the range its value must lie in.
type Bound struct {
	Name     string
	Figure   Figure
	Min, Max float64
}

// Range returns a Bound.
func Range(name string, f Figure, min, max float64) Bound {
	return Bound{Name: name, Figure: f, Min: min, Max: max}
}

// CheckAll validates each figure of an entry (see Check).
func (s Sources) CheckAll(entry string, bounds []Bound) []error {
	var errs []error
	for _, b := range bounds {
		errs = append(errs, s.Check(b.Figure, entry, b.Name, b.Min, b.Max)...)
	}
	return errs
}

// Check validates a figure: value within [min, max], a known source and a
// date.
func (s Sources) Check(f Figure, entry, field string, min, max float64) []error {
	var errs []error
	if f.Value < min || f.Value > max {
		errs = append(errs, Errorf(entry, field+".value", "%g is outside [%g, %g]", f.Value, min, max))
	}
	if _, ok := s[f.Source]; !ok {
		errs = append(errs, Errorf(entry, field+".source", "unknown source %q", f.Source))
	}
	if _, err := time.Parse(time.DateOnly, f.AsOf); err != nil {
		errs = append(errs, Errorf(entry, field+".as_of", "want a date YYYY-MM-DD, got %q", f.AsOf))
	}
	return errs
}
