package apicompare

import (
	"strconv"
	"strings"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/scenario"
)

// OpenFamily is a family of models whose weights are published: the
// search's "open weights" filter, sourced, as the price data does not
// say it.
type OpenFamily struct {
	Name string `yaml:"name" json:"name"`
	// Match holds lower-case patterns: a model is of the family when one
	// of them starts a word of its id or name (after its start or any
	// character but a letter or digit) and none of Except occurs in them.
	Match  []string `yaml:"match" json:"match"`
	Except []string `yaml:"except,omitempty" json:"except,omitempty"`
	// Licence names the licence of the weights.
	Licence string `yaml:"licence" json:"licence"`
	Source  string `yaml:"source" json:"source"`
	AsOf    string `yaml:"as_of" json:"as_of"`
}

// has reports whether the model, by its lower-case id and name, is of
// the family.
func (f OpenFamily) has(id, name string) bool {
	for _, s := range [2]string{id, name} {
		for _, x := range f.Except {
			if strings.Contains(s, x) {
				return false
			}
		}
	}
	for _, p := range f.Match {
		if startsWord(id, p) || startsWord(name, p) {
			return true
		}
	}
	return false
}

// startsWord reports whether p occurs in s at the start of a word.
func startsWord(s, p string) bool {
	for i := 0; i+len(p) <= len(s); i++ {
		j := strings.Index(s[i:], p)
		if j < 0 {
			return false
		}
		if i += j; i == 0 || !alnum(s[i-1]) {
			return true
		}
	}
	return false
}

func alnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// validateOpen checks the open-weights families: plain names, patterns
// of TextChars, known sources and dates.
func (d Data) validateOpen() []error {
	var errs []error
	for i, f := range d.OpenWeights {
		entry := "open_weights[" + strconv.Itoa(i) + "] " + strconv.Quote(f.Name)
		if msg := fact.PlainText(f.Name); msg != "" {
			errs = append(errs, fact.Errorf(entry, "name", "%s", msg))
		}
		if len(f.Match) == 0 {
			errs = append(errs, fact.Errorf(entry, "match", "want at least one pattern"))
		}
		for field, ps := range map[string][]string{"match": f.Match, "except": f.Except} {
			for j, p := range ps {
				if p == "" || strings.Trim(p, scenario.TextChars) != "" {
					errs = append(errs, fact.Errorf(entry, field+"["+strconv.Itoa(j)+"]",
						"want lower-case letters, digits and %q, got %q", "._-", p))
				}
			}
		}
		if msg := fact.PlainText(f.Licence); msg != "" {
			errs = append(errs, fact.Errorf(entry, "licence", "%s", msg))
		}
		errs = append(errs, d.checkDated(entry, f.Source, f.AsOf)...)
	}
	return errs
}

// checkDated checks an entry's source and as_of fields: a source of the
// file, and a date.
func (d Data) checkDated(entry, source, asOf string) []error {
	var errs []error
	if _, ok := d.Sources[source]; !ok {
		errs = append(errs, fact.Errorf(entry, "source", "unknown source %q", source))
	}
	if _, err := time.Parse(time.DateOnly, asOf); err != nil {
		errs = append(errs, fact.Errorf(entry, "as_of", "want a date YYYY-MM-DD, got %q", asOf))
	}
	return errs
}

// IsOpen reports whether a model, by its lower-case id and name, is of
// an open-weights family.
func IsOpen(fams []OpenFamily, id, name string) bool {
	for _, f := range fams {
		if f.has(id, name) {
			return true
		}
	}
	return false
}
