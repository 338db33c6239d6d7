// Package fact holds numbers together with where they come from: every
// figure on the site names its source and the date it was true.
package fact

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/infercost/infercost/wasm/msg"
)

// Source is a document that figures are taken from. URL is an https://
// address, or a path on this site (a "/" and then no second "/") for
// InferCost's own documented assumptions. TitleDE, optional, is the title
// in German: InferCost's own sources have one; another document keeps
// the title it has.
type Source struct {
	Title   string `yaml:"title" json:"title"`
	TitleDE string `yaml:"title_de,omitempty" json:"title_de,omitempty"`
	URL     string `yaml:"url" json:"url"`
}

// TitleIn returns the source's title in the language of m: TitleDE on a
// German page where there is one, else Title.
func (s Source) TitleIn(m *msg.Catalog) string {
	if m.German() && s.TitleDE != "" {
		return s.TitleDE
	}
	return s.Title
}

// Sources maps a short key, used by figures, to a source.
type Sources map[string]Source

// Figure is one number with where it comes from.
type Figure struct {
	Value  float64 `yaml:"value" json:"value"`
	Source string  `yaml:"source" json:"source"` // a key of Sources
	AsOf   string  `yaml:"as_of" json:"as_of"`   // YYYY-MM-DD
	// Unconfirmed marks a figure seen only in a secondary source.
	Unconfirmed bool `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
	// Note says what the figure is, in English; NoteDE says it in
	// German, which German pages show (NoteIn). A note needs both
	// (Figure.NoteProblems).
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
	NoteDE string `yaml:"note_de,omitempty" json:"note_de,omitempty"`
}

// NoteText returns the figure's note in the language of m.
func (f Figure) NoteText(m *msg.Catalog) string {
	if m.German() {
		return f.NoteDE
	}
	return f.Note
}

// Note says where a default comes from, for the form: "Default from
// <source title>, <as of> (<note>)", marked † when unconfirmed.
func Note(f Figure, src Source) string { return NoteIn(msg.English, f, src) }

// NoteIn is Note in the language of m, with the figure's own note in
// that language.
func NoteIn(m *msg.Catalog, f Figure, src Source) string {
	s := m.F("fact.default_from", "source", src.TitleIn(m), "date", m.Date(f.AsOf))
	if n := f.NoteText(m); n != "" {
		s += " (" + n + ")"
	}
	if f.Unconfirmed {
		s += m.T("fact.unconfirmed")
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

// Validate checks every source: a plain-text title and a URL as Source
// describes.
func (s Sources) Validate() []error {
	var errs []error
	for key, src := range s {
		entry := "sources." + key
		if msg := PlainText(src.Title); msg != "" {
			errs = append(errs, Errorf(entry, "title", "%s", msg))
		}
		if msg := PlainText(src.TitleDE); src.TitleDE != "" && msg != "" {
			errs = append(errs, Errorf(entry, "title_de", "%s", msg))
		}
		if !validURL(src.URL) {
			errs = append(errs, Errorf(entry, "url", "must be an https:// URL or a site path such as /methodology/, got %q", src.URL))
		}
	}
	return errs
}

// validURL reports whether u is an https:// URL with a host, or a site
// path: "/" and then anything but a second "/" (which a browser reads as
// another host). Neither may hold spaces, quotes or angle brackets.
func validURL(u string) bool {
	if strings.ContainsAny(u, " \t\r\n\"'<>\\`") {
		return false
	}
	if rest, ok := strings.CutPrefix(u, "https://"); ok {
		return rest != "" && rest[0] != '/'
	}
	return u == "/" || (len(u) >= 2 && u[0] == '/' && u[1] != '/')
}

// PlainTextRule is what PlainText requires, for error messages.
const PlainTextRule = "must be plain text: no < > | or line breaks, and no = + - @ first"

// PlainText returns why s cannot be a name or title shown on the site, or
// "": it must be non-empty printable text without "<" or ">" (HTML), "|"
// (a Markdown table's separator) or control characters (line breaks),
// and must not start with "=", "+", "-" or "@", which a spreadsheet
// opening an exported CSV file would run as a formula.
func PlainText(s string) string {
	if s == "" {
		return "missing"
	}
	if strings.ContainsAny(s[:1], "=+-@") || strings.ContainsAny(s, "<>|") {
		return PlainTextRule
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return PlainTextRule
		}
	}
	return ""
}

// IDRule is what ID requires, for error messages.
const IDRule = `want lower-case letters, digits, ".", "_" and "-", starting with a letter or digit`

// ID returns why s cannot be an id, which URLs and data attributes
// carry, or "".
func ID(s string) string {
	if s == "" {
		return "missing"
	}
	for i, r := range s {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || i > 0 && (r == '.' || r == '_' || r == '-')) {
			return IDRule
		}
	}
	return ""
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

// Check validates a figure: value within [min, max] (never NaN), a known
// source and a date.
func (s Sources) Check(f Figure, entry, field string, min, max float64) []error {
	var errs []error
	if msg := InRange(f.Value, min, max); msg != "" {
		errs = append(errs, Errorf(entry, field+".value", "%s", msg))
	}
	if _, ok := s[f.Source]; !ok {
		errs = append(errs, Errorf(entry, field+".source", "unknown source %q", f.Source))
	}
	if _, err := time.Parse(time.DateOnly, f.AsOf); err != nil {
		errs = append(errs, Errorf(entry, field+".as_of", "want a date YYYY-MM-DD, got %q", f.AsOf))
	}
	return errs
}

// InRange returns "" if v lies within [min, max], else a message saying
// it does not; NaN lies in no range.
func InRange(v, min, max float64) string {
	if v >= min && v <= max {
		return ""
	}
	return fmt.Sprintf("%g is outside [%g, %g]", v, min, max)
}
