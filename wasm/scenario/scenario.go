// Package scenario turns a URL query string into validated calculator
// inputs and back. A calculator reads its fields in order through a
// Resolver, so that a default may depend on an earlier field (a price on the
// chosen GPU); every bad value is reported against its field and replaced by
// the default; Encode writes only values that differ from their defaults.
//
// Query strings are a public contract: names are short and documented, a
// version parameter is always written, and a parameter that is not used
// (unknown, repeated, malformed or not applicable) is ignored and said
// (see Ignored).
package scenario

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
)

// Reserved query parameters, shared by every calculator.
const (
	VersionKey = "v"
	PresetKey  = "preset"
	// TabKey is the chart tab a page shows: the page loader keeps it in
	// the link; the calculators read no figure from it.
	TabKey = "tab"
)

// HandoutKeys are the printed handout's own parameters: its title, whom
// it is for, who prepared it, notes, and the sections it leaves out. The
// page loader keeps them in the link, so that a shared link prints the
// same handout; the calculators read no figure from them.
var HandoutKeys = []string{"h.title", "h.for", "h.by", "h.notes", "h.omit"}

// Choice is one allowed value of a choice field.
type Choice struct {
	Value, Label string
	// From is, in a Versions field, the first version of its family that
	// the choice stands for ("" for every version).
	From string
}

// Field describes one input: its query name, what the form shows, and what
// values it accepts. A field with Choices is a choice field; otherwise it is
// a number within [Min, Max].
type Field struct {
	Key     string // query parameter name, e.g. "a.n"
	Label   string
	Unit    string
	Help    string
	Min     float64
	Max     float64
	Integer bool
	Choices []Choice
	// Default is the canonical default value.
	Default string
	// Note, if set, is shown under the field, e.g. where a default came from.
	Note string
	// Money marks an amount in the scenario's display currency.
	Money bool
	// Section names the fieldset of a field that belongs to no option.
	Section string
	// Only, if set, is the kind of option the field applies to; the form
	// hides it in options of another kind.
	Only string
	// Main marks one of the few fields that drive the headline: the form
	// shows them first, next to the answer, and the others one tap away,
	// in groups that are closed unless the scenario sets one of their
	// fields.
	Main bool
	// Least is the smallest magnitude other than 0 that a number field
	// accepts; 0 means DefaultLeast. Values closer to 0 are rejected, so
	// that a denormal such as 1e-320 never reaches the engine.
	Least float64
	// Pinned fields are written into every canonical query, even at their
	// default, because the default changes over time (see package
	// edition).
	Pinned bool
	// Text marks a field of free text, such as a list of ids: Parse
	// keeps it as written, if it holds only TextChars and at most
	// MaxText bytes, and the calculator checks what it names.
	Text bool
	// Numbers marks a list of numbers, each within Min and Max, typed
	// separated by commas or spaces: Parse keeps them separated by
	// spaces (a link writes "1+2+0.5"; commas would read as a thousands
	// separator), each as a number field writes it, in at most MaxText
	// bytes (Resolver.Numbers).
	Numbers bool
	// Words marks a text field of words to search for: Parse keeps
	// letters of any case and digits, spaces and WordChars, at most
	// MaxWords bytes, folded to lower case with single spaces.
	Words bool
	// Name marks a text field that names something, such as a Hugging
	// Face id: Parse keeps letters of either case, digits and NameChars,
	// at most MaxName bytes.
	Name bool
	// FoldCase makes a choice field take its values in any ASCII letter
	// case (eur for EUR, a currency code), read as the listed value.
	FoldCase bool
	// Versions makes a choice field also take a family and a version,
	// family@version (a serving engine's build, vllm@0.17), read as the
	// listed choice of the family (its value, or one starting family@)
	// with the latest From at or before the version. The version is one
	// to three numbers (ValidVersion).
	Versions bool
}

// Rejection is the kind of a rejected value, for a program reading it
// (the JSON API's problem types); Input.Error says it for a reader.
type Rejection string

// The kinds of rejected values.
const (
	// NotListed is a value that is none of a choice field's.
	NotListed Rejection = "unknown-option"
	// OutOfRange is a number outside [Min, Max], or nearer 0 than Least.
	OutOfRange Rejection = "out-of-range"
	// BadNumber is not a number as Parse reads them, or not a whole one.
	BadNumber Rejection = "bad-number"
	// BadText is a text field's value with characters or a length it
	// does not take.
	BadText Rejection = "bad-text"
	// Invalid is a value that the calculator rejects (Resolver.Reject).
	Invalid Rejection = "invalid"
)

// NameChars are the characters besides letters and digits that a Name
// field may hold: those of Hugging Face ids and revisions.
const NameChars = "._-/@"

// MaxName bounds a Name field's value in bytes.
const MaxName = 200

// WordChars are the characters besides letters, digits and spaces that a
// search (Words) may hold: those of model names and ids.
const WordChars = "._-:/+()"

// MaxWords bounds a search's value in bytes.
const MaxWords = 100

// TextChars are the characters a text field may hold: ids and commas.
const TextChars = lowerAlnum + "._-,"

const lowerAlnum = "abcdefghijklmnopqrstuvwxyz0123456789"

// MaxText bounds a text field's value in bytes.
const MaxText = 2000

// Number rules, shared by every number field (see Parse).
const (
	// Digits is how many significant digits a number keeps: a value is
	// rounded to them when it is read, so that it is written back short.
	Digits = 9
	// DefaultLeast is the smallest magnitude other than 0 that a number
	// field accepts unless it sets Least.
	DefaultLeast = 1e-6
)

// IsChoice reports whether the field is a choice field.
func (f Field) IsChoice() bool { return len(f.Choices) > 0 }

// IsText reports whether the field holds text rather than a number.
func (f Field) IsText() bool { return f.Text || f.Words || f.Name || f.Numbers }

// Input is a field as resolved: its value (canonical) and any error.
type Input struct {
	Field
	Value string
	// Explicit is true when the value came from the query or a preset rather
	// than the default.
	Explicit bool
	// Error says why the given value was rejected (the default is used).
	Error string
	// Rejected is the kind of the rejection that Error says, and Reason
	// its reason alone, without the page's "Using … instead"; both are
	// empty when Error is.
	Rejected Rejection
	Reason   string
	// Hidden inputs do not apply to the scenario (see Resolver.Hide).
	Hidden bool
	// m is the page's language, in which Shown names an empty value.
	m *msg.Catalog
	// as is what Shown says for a value that is no text for a reader
	// (Resolver.ShowAs), "" for the value itself.
	as string
}

// Preset is a named set of query values that stand in for the defaults.
type Preset struct {
	Name  string
	Query Values
}

// Codes of Ignored: why a parameter of a query was not used. They are
// part of the API (its answers' problems) and never change.
const (
	// UnknownParameter: no field of the calculator has the key.
	UnknownParameter = "unknown_parameter"
	// UnknownPreset: the preset is not one of the calculator's; the
	// defaults are used.
	UnknownPreset = "unknown_preset"
	// UnknownVersion: the version (v) is not the calculator's; the query
	// is read as its version.
	UnknownVersion = "unknown_version"
	// RepeatedParameter: the key is given more than once; the first
	// value is used.
	RepeatedParameter = "repeated_parameter"
	// MalformedParameter: the pair holds a semicolon, which separates
	// nothing (as in net/url); the pair is dropped.
	MalformedParameter = "malformed_parameter"
	// NotApplicable: the field does not apply to the scenario as the
	// other fields set it; it is hidden and its default used.
	NotApplicable = "not_applicable"
)

// Ignored is a parameter of the query that the calculator does not use,
// said rather than silently dropped: Code (one of the codes above) says
// why, Field is its key ("" for a key that is no plain id, which could be
// markup and is never repeated), Text the page's message.
type Ignored struct {
	Code, Field, Text string
}

// Resolver reads fields from a query in order.
type Resolver struct {
	query  Values
	preset *Preset
	// ignored are the parameters found unused so far, in order.
	ignored []Ignored
	// Inputs are the fields read so far, in order.
	Inputs []Input
	// M is the page's language: the words of its messages.
	M *msg.Catalog
}

// NewResolver parses the raw query and applies a preset named in it. A
// malformed query is read as far as possible.
func NewResolver(rawQuery string, presets []Preset) *Resolver {
	return NewResolverIn(msg.English, rawQuery, presets)
}

// NewResolverIn is NewResolver for a page in the language of m.
func NewResolverIn(m *msg.Catalog, rawQuery string, presets []Preset) *Resolver {
	q, dropped := parseQuery(strings.TrimPrefix(rawQuery, "?"))
	r := &Resolver{query: q, M: m}
	for _, k := range dropped {
		r.ignore(MalformedParameter, k, "scen.malformed", "scen.malformed_long")
	}
	if name := q.Get(PresetKey); name != "" {
		for i := range presets {
			if presets[i].Name == name {
				r.preset = &presets[i]
			}
		}
		if r.preset == nil {
			r.ignored = append(r.ignored, Ignored{UnknownPreset, PresetKey, m.T("scen.unknown_preset")})
		}
	}
	return r
}

// ignore records an unused parameter with key: the message named, with
// the key, when it is a plain id, else the message unnamed, which names
// none.
func (r *Resolver) ignore(code, key, named, unnamed string) {
	if plainKey(key) {
		r.ignored = append(r.ignored, Ignored{code, key, r.M.F(named, "key", key)})
	} else {
		r.ignored = append(r.ignored, Ignored{code, "", r.M.T(unnamed)})
	}
}

// plainKey reports whether a query key may be repeated in a message: an
// id (lower-case letters, digits, '.', '-', '_'), and short.
func plainKey(k string) bool { return len(k) <= 24 && fact.ID(k) == "" }

// notApplicable records that the query's value for in's field is not
// used, once per key: the field does not apply to the scenario.
func (r *Resolver) notApplicable(in *Input) {
	if _, given := r.query.Lookup(in.Key); !given {
		return
	}
	for _, ig := range r.ignored {
		if ig.Code == NotApplicable && ig.Field == in.Key {
			return
		}
	}
	r.ignored = append(r.ignored, Ignored{NotApplicable, in.Key, r.M.F("scen.not_applicable", "field", in.Label)})
}

// Preset returns the applied preset, or nil.
func (r *Resolver) Preset() *Preset { return r.preset }

// Number reads a number field.
func (r *Resolver) Number(f Field) float64 {
	in := r.read(f)
	v, _ := strconv.ParseFloat(in.Value, 64)
	return v
}

// Int reads an integer number field.
func (r *Resolver) Int(f Field) int {
	f.Integer = true
	return int(r.Number(f))
}

// Numbers reads a Numbers field: its numbers, in order.
func (r *Resolver) Numbers(f Field) []float64 {
	f.Numbers = true
	in := r.read(f)
	var out []float64
	for x := range strings.SplitSeq(in.Value, " ") {
		v, _ := strconv.ParseFloat(x, 64)
		out = append(out, v)
	}
	return out
}

// Choice reads a choice field.
func (r *Resolver) Choice(f Field) string { return r.read(f).Value }

// read resolves a field: the query's value, else the preset's, else the
// default. A rejected query value leaves the fallback in place.
func (r *Resolver) read(f Field) Input {
	in := Input{Field: f, Value: f.Default, m: r.M}
	if r.preset != nil {
		if pv, ok := r.preset.Query.Lookup(f.Key); ok {
			if v, msg, why := f.parse(r.M, pv); msg != "" {
				in.Error, in.Rejected, in.Reason = r.M.F("scen.preset_rejected", "reason", msg), why, msg
			} else {
				in.Value, in.Explicit = v, true
			}
		}
	}
	if raw, ok := r.query.Lookup(f.Key); ok {
		if v, msg, why := f.parse(r.M, raw); msg != "" {
			in.Error, in.Rejected, in.Reason = r.M.F("scen.using", "reason", msg, "value", f.shown(r.M, in.Value)), why, msg
		} else {
			in.Value, in.Explicit = v, true
		}
	}
	r.Inputs = append(r.Inputs, in)
	return in
}

// Parse validates a raw value and returns it in canonical form, or a
// message for the reader. The message never repeats the raw value.
//
// A number is written in plain decimal notation: an optional "-", digits
// with an optional decimal point, and an optional exponent ("1500",
// "0.3", "1.5e3"). A leading "+", digit separators ("1_000"), hex floats
// ("0x1p3"), "Inf" and "NaN" are rejected. The value is rounded to Digits
// significant digits; besides 0, it must be at least Least (DefaultLeast)
// in magnitude; then it must lie within [Min, Max] (and be whole for an
// Integer field). The canonical form is the shortest decimal that reads
// back to the rounded value.
func (f Field) Parse(raw string) (string, string) {
	v, msg, _ := f.parse(msg.English, raw)
	return v, msg
}

// parse is Parse with the message in the language of m, and the kind of
// a rejection.
func (f Field) parse(m *msg.Catalog, raw string) (string, string, Rejection) {
	raw = strings.TrimSpace(raw)
	if f.Versions {
		raw = f.version(raw)
	}
	if f.IsChoice() {
		for _, c := range f.Choices {
			if c.Value == raw || f.FoldCase && Lower(c.Value) == Lower(raw) {
				return c.Value, "", ""
			}
		}
		return "", m.T("scen.not_listed"), NotListed
	}
	if f.Words {
		v, msg := words(m, raw)
		if msg != "" {
			return "", msg, BadText
		}
		return v, "", ""
	}
	if f.Name {
		if len(raw) > MaxName || !onlyOf(Lower(raw), lowerAlnum+NameChars) {
			return "", m.F("scen.name", "chars", NameChars, "n", strconv.Itoa(MaxName)), BadText
		}
		return raw, "", ""
	}
	if f.Numbers {
		return f.numbers(m, raw)
	}
	if f.Text {
		if len(raw) > MaxText || !onlyOf(raw, TextChars) {
			return "", m.T("scen.ids"), BadText
		}
		return raw, "", ""
	}
	if !isDecimal(raw) {
		return "", m.T("scen.not_number"), BadNumber
	}
	v, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsInf(v, 0) {
		return "", m.F("scen.between", "min", m.Digits(FormatNumber(f.Min)), "max", m.Digits(FormatNumber(f.Max))), OutOfRange
	}
	v = round(v)
	least := f.Least
	if least == 0 {
		least = DefaultLeast
	}
	if v != 0 && math.Abs(v) < least && f.Min <= 0 {
		return "", m.F("scen.least", "least", m.Digits(FormatNumber(least))), OutOfRange
	}
	if v < f.Min || v > f.Max {
		return "", m.F("scen.between", "min", m.Digits(FormatNumber(f.Min)), "max", m.Digits(FormatNumber(f.Max))), OutOfRange
	}
	if f.Integer && v != math.Trunc(v) {
		return "", m.T("scen.whole"), BadNumber
	}
	return FormatNumber(v), "", ""
}

// NumbersSeparators are what a Numbers field's values may be separated
// by; a decimal comma would be one.
const NumbersSeparators = ", "

// numbers parses a Numbers field's value: each number as a number field
// of f's bounds parses it, written separated by spaces.
func (f Field) numbers(m *msg.Catalog, raw string) (string, string, Rejection) {
	if len(raw) > MaxText {
		return "", m.F("scen.at_most", "n", strconv.Itoa(MaxText)), BadText
	}
	one := f
	one.Numbers = false
	parts := strings.FieldsFunc(raw, func(c rune) bool { return strings.ContainsRune(NumbersSeparators, c) })
	if len(parts) == 0 {
		return "", m.T("scen.not_number"), BadNumber
	}
	for i, x := range parts {
		v, reason, rej := one.parse(m, x)
		if rej != "" {
			return "", m.F("scen.list_item", "n", strconv.Itoa(i+1), "reason", reason), rej
		}
		parts[i] = v
	}
	return strings.Join(parts, " "), "", ""
}

// words returns a search in canonical form: lower case, words separated
// by one space.
func words(m *msg.Catalog, raw string) (string, string) {
	if len(raw) > MaxWords {
		return "", m.F("scen.at_most", "n", strconv.Itoa(MaxWords))
	}
	if raw = Lower(raw); !onlyOf(raw, TextChars+" "+WordChars) {
		return "", m.F("scen.words", "chars", WordChars)
	}
	return strings.Join(strings.Fields(raw), " "), ""
}

// Lower folds ASCII letters to lower case and leaves other bytes: for
// ids and model names, which are ASCII. strings.ToLower would bring
// Unicode's case tables into the browser module.
func Lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// onlyOf reports whether every byte of s is one of chars.
func onlyOf(s, chars string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(chars, s[i]) < 0 {
			return false
		}
	}
	return true
}

// isDecimal reports whether s is a number in plain decimal notation:
// -?(digits[.digits]|.digits)([eE][+-]?digits)?
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits := func() int {
		n := 0
		for n < len(s) && '0' <= s[n] && s[n] <= '9' {
			n++
		}
		s = s[n:]
		return n
	}
	n := digits()
	if strings.HasPrefix(s, ".") {
		s = s[1:]
		n += digits()
	}
	if n == 0 {
		return false
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s != "" && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return s == ""
}

// round rounds v to Digits significant digits.
func round(v float64) float64 { return roundTo(v, Digits) }

// roundTo rounds v to the given significant digits, in decimal, as
// strconv does: exactly, where scaling by a power of ten would overflow
// for tiny values and err in the last digit for others.
func roundTo(v float64, digits int) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'e', digits-1, 64), 64)
	return r
}

// FormatNumber writes v in the shortest form that reads back exactly.
func FormatNumber(v float64) string {
	if v == 0 {
		return "0" // also for -0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// shown names a value as the form shows it: a choice by its label (a
// reader knows "H100 SXM", not "h100-sxm"), a number as it is.
func (f Field) shown(m *msg.Catalog, value string) string {
	for _, c := range f.Choices {
		if c.Value == value && c.Label != "" {
			return c.Label
		}
	}
	if value == "" {
		return m.T("scen.the_default")
	}
	return value
}

// Shown returns the input's value as the form shows it, with its unit:
// "H100 SXM", "27500 USD".
func (in Input) Shown() string {
	if in.as != "" {
		return in.as
	}
	m := in.catalog()
	v := in.shown(m, in.Value)
	if in.Unit != "" && !in.IsChoice() {
		v += " " + in.Unit
	}
	return v
}

// catalog is the input's language, English when none was given.
func (in Input) catalog() *msg.Catalog {
	if in.m == nil {
		return msg.English
	}
	return in.m
}

// DefaultShown returns a number field's default as the form's help
// writes it (see RangeShown); another field's default as it is.
func (in Input) DefaultShown() string {
	v, err := strconv.ParseFloat(in.Default, 64)
	if in.IsChoice() || in.IsText() || err != nil {
		return in.Default
	}
	return numberShown(in.catalog(), v)
}

// RangeShown returns a number field's bounds as the form's help writes
// them: every digit, grouped, in the page's language (20,000 and 0.6 in
// English, 20.000 and 0,6 in German).
func (in Input) RangeShown() (low, high string) {
	m := in.catalog()
	return numberShown(m, in.Min), numberShown(m, in.Max)
}

// numberShown writes v as the form's help does. A bound beyond what
// money writes in digits (it would read "> 10^15") keeps its digits,
// ungrouped.
func numberShown(m *msg.Catalog, v float64) string {
	if math.Abs(v) > money.MaxDisplay {
		return m.Digits(FormatNumber(v))
	}
	return m.Num(v, -1)
}

// Reject marks the value read for key as wrong for a reason that only the
// calculator knows (a degree that does not divide the heads, say): msg
// is shown next to the field, and the default is used.
func (r *Resolver) Reject(key, msg string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; in.Key == key {
			in.Error, in.Rejected, in.Reason = r.M.F("scen.using", "reason", msg, "value", in.shown(r.M, in.Default)), Invalid, msg
			in.Value, in.Explicit = in.Default, false
		}
	}
}

// ShowAs makes the input of key show its value as text wherever a
// reader reads it (Input.Shown: a printout, an export), e.g. a list of
// ids by the names of what they name; the form and the link keep the
// value.
func (r *Resolver) ShowAs(key, text string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; in.Key == key {
			in.as = text
		}
	}
}

// Ignore resets the fields read so far whose keys start with prefix to
// their defaults, without errors, and hides them: fields the scenario
// does not use (a custom model's when the model is a catalog one), so
// that its link does not keep them. A value the query gave them is said
// to be ignored (NotApplicable).
func (r *Resolver) Ignore(prefix string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; strings.HasPrefix(in.Key, prefix) {
			in.Value, in.Explicit, in.Error, in.Rejected, in.Reason, in.Hidden = in.Default, false, "", "", "", true
			r.notApplicable(in)
		}
	}
}

// Warn puts msg before the note of the field with key: a value the
// calculator accepts but whose consequence the reader should see next to
// it.
func (r *Resolver) Warn(key, msg string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; in.Key == key {
			in.Note = strings.TrimSpace(msg + " " + in.Note)
		}
	}
}

// Hide resets the fields read so far with the keys to their defaults,
// without errors, and hides them from the form: fields that do not apply
// to the scenario as the other fields set it (a request rate in a closed
// loop), so that its link does not keep them. A value the query gave
// them is said to be ignored (NotApplicable).
func (r *Resolver) Hide(keys ...string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; slices.Contains(keys, in.Key) {
			in.Value, in.Explicit, in.Error, in.Rejected, in.Reason, in.Hidden = in.Default, false, "", "", "", true
			r.notApplicable(in)
		}
	}
}

// Main marks the fields read so far with the keys as main (Field.Main):
// the few that drive the calculator's headline.
func (r *Resolver) Main(keys ...string) {
	for i := range r.Inputs {
		if in := &r.Inputs[i]; slices.Contains(keys, in.Key) {
			in.Main = true
		}
	}
}

// Unknown returns the parameters of the query and the preset that no field
// read, sorted; the page ignores them.
func (r *Resolver) Unknown() []string {
	read := map[string]bool{VersionKey: true, PresetKey: true, TabKey: true}
	for _, k := range HandoutKeys {
		read[k] = true
	}
	for _, in := range r.Inputs {
		read[in.Key] = true
	}
	var keys []string
	add := func(q Values) {
		for k := range q {
			if !read[k] {
				keys = append(keys, k)
				read[k] = true
			}
		}
	}
	add(r.query)
	if r.preset != nil {
		add(r.preset.Query)
	}
	slices.Sort(keys)
	return keys
}

// Errors maps field keys to their error messages.
func (r *Resolver) Errors() map[string]string {
	m := map[string]string{}
	for _, in := range r.Inputs {
		if in.Error != "" {
			m[in.Key] = in.Error
		}
	}
	return m
}

// Encode returns the canonical query: the version, the preset, and each
// field whose value differs from what it would be without it (the preset's
// value, else the default), in field order.
func (r *Resolver) Encode(version string) string {
	var b strings.Builder
	b.WriteString(VersionKey + "=" + QueryEscape(version))
	if r.preset != nil {
		b.WriteString("&" + PresetKey + "=" + QueryEscape(r.preset.Name))
	}
	for _, in := range r.Inputs {
		base := in.Default
		if r.preset != nil {
			if pv, ok := r.preset.Query.Lookup(in.Key); ok {
				if v, msg := in.Parse(pv); msg == "" {
					base = v
				}
			}
		}
		if in.Value != base || in.Pinned {
			b.WriteString("&" + QueryEscape(in.Key) + "=" + QueryEscape(in.Value))
		}
	}
	return b.String()
}

// Currency is the query key of the display currency and FX that of its
// rate, shared by the calculators that show money.
const (
	CurrencyKey = "cur"
	FXKey       = "fx"
)

// ConvertMoney returns the query of a resolved scenario with the display
// currency changed to code: every amount given explicitly is converted from
// fromFX to toFX units per dollar (to 4 significant digits), the exchange
// rate returns to its default, and the preset stays.
func ConvertMoney(inputs []Input, preset, code string, fromFX, toFX float64) Values {
	q := Values{CurrencyKey: {code}}
	if preset != "" {
		q.Set(PresetKey, preset)
	}
	for _, in := range inputs {
		if !in.Explicit || in.Key == CurrencyKey || in.Key == FXKey {
			continue
		}
		v := in.Value
		if in.Money {
			f, _ := strconv.ParseFloat(v, 64)
			v = Significant(f/fromFX*toFX, 4)
		}
		q.Set(in.Key, v)
	}
	return q
}

// Significant writes v to the given significant digits, so that converted
// amounts read cleanly in any currency without losing small unit prices.
func Significant(v float64, digits int) string {
	return FormatNumber(roundTo(v, digits))
}

// version is the listed value a Versions field reads raw as: raw itself
// unless it names a family and a valid version.
func (f Field) version(raw string) string {
	family, v, ok := strings.Cut(raw, "@")
	if !ok || !ValidVersion(v) {
		return raw
	}
	best, from, found := raw, "", false
	for _, c := range f.Choices {
		switch {
		case c.Value != family && !strings.HasPrefix(c.Value, family+"@"):
		case c.From != "" && CompareVersions(c.From, v) > 0: // from a later version
		case !found || c.From != "" && (from == "" || CompareVersions(c.From, from) > 0):
			best, from, found = c.Value, c.From, true
		}
	}
	return best
}

// ValidVersion says whether v is a version of one to three numbers
// separated by dots, as "0.19" or "1.2.0", without leading zeros.
func ValidVersion(v string) bool {
	for range 3 {
		p, rest, more := strings.Cut(v, ".")
		if p == "" || len(p) > 9 || strings.Trim(p, "0123456789") != "" || len(p) > 1 && p[0] == '0' {
			return false
		}
		if !more {
			return true
		}
		v = rest
	}
	return false
}

// CompareVersions compares two valid versions number by number, a
// missing number as 0 ("0.19" = "0.19.0" < "0.20"): -1, 0 or +1. A
// version is three small numbers, so this is a few lines rather than a
// semantic-versioning library, whose prerelease rules cost the browser
// module about 12 kB.
func CompareVersions(a, b string) int {
	for range 3 {
		var x, y string
		x, a, _ = strings.Cut(a, ".")
		y, b, _ = strings.Cut(b, ".")
		m, _ := strconv.Atoi(x)
		n, _ := strconv.Atoi(y)
		if m != n {
			return cmp.Compare(m, n)
		}
	}
	return 0
}
