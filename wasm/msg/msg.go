// Package msg is the engine's words and number formats in the reader's
// language. Every text a calculator shows is a keyed message of a
// Catalog, written in content/i18n/LANG.yaml with {name} placeholders;
// gen checks that both languages have every key and that code uses every
// key. English is compiled in (en_gen.go, written by gen -messages from
// content/i18n/en.yaml), except with the build tag noenglish, which the
// browser module has: there every catalog is a small JSON file that the
// page's worker loads for its language (Parse, UseEnglish), so the
// module carries no language, the download every first visit waits for.
package msg

import (
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/jsonread"
	"github.com/infercost/infercost/wasm/money"
)

// Catalog is one language's messages, sorted by key.
type Catalog struct {
	// Lang is the language, a BCP 47 tag: "en" or "de".
	Lang  string
	keys  []string
	texts []string
}

// Langs are the site's languages, English first: English pages at the
// base path, each other language's under its prefix (/de/tco/), each
// with a catalog (content/i18n/LANG.yaml). gen builds and the worker
// serves every one of them.
var Langs = []string{"en", "de"}

// English is the compiled-in catalog (empty with the tag noenglish, until
// UseEnglish), and what any other catalog falls back to for a key it
// lacks (gen lets no such catalog through).
var English = &Catalog{Lang: "en", keys: englishKeys[:], texts: englishTexts[:]}

// UseEnglish makes c, the English catalog as gen publishes it (Parse),
// English's messages: in a module built with the tag noenglish, before
// any message is read.
func UseEnglish(c *Catalog) {
	English.keys, English.texts = c.keys, c.texts
}

// New returns the catalog of lang with the messages by key.
func New(lang string, messages map[string]string) *Catalog {
	c := &Catalog{Lang: lang}
	for k := range messages {
		c.keys = append(c.keys, k)
	}
	slices.Sort(c.keys)
	for _, k := range c.keys {
		c.texts = append(c.texts, messages[k])
	}
	return c
}

// Parse reads a catalog from the JSON object {"key": "text", …} that gen
// publishes for a language.
func Parse(lang string, b []byte) (*Catalog, error) {
	v, err := jsonread.Parse(b)
	if err != nil {
		return nil, err
	}
	obj, _ := v.(map[string]any)
	m := make(map[string]string, len(obj))
	for k, t := range obj {
		s, _ := t.(string)
		m[k] = s
	}
	return New(lang, m), nil
}

// T returns the message of key: from English when c is nil or lacks it,
// the key itself when English lacks it too.
func (c *Catalog) T(key string) string {
	if c != nil {
		if i, ok := slices.BinarySearch(c.keys, key); ok {
			return c.texts[i]
		}
	}
	if c != English {
		return English.T(key)
	}
	return key
}

// F returns the message of key with its placeholders filled: args are
// pairs of a name and its value, F("k", "n", "3") turning "{n} GPUs"
// into "3 GPUs".
func (c *Catalog) F(key string, args ...string) string {
	s := c.T(key)
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}

// German reports whether c writes numbers the German way.
func (c *Catalog) German() bool { return c != nil && c.Lang == "de" }

// Num writes v with the given decimals (see money.Group) and the
// language's separators: 1,234.5 in English, 1.234,5 in German.
func (c *Catalog) Num(v float64, decimals int) string { return c.Digits(money.Group(v, decimals)) }

// Digits rewrites a number written by package money (1,234.5) with the
// language's separators.
func (c *Catalog) Digits(s string) string {
	if !c.German() {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case ',':
			return '.'
		case '.':
			return ','
		}
		return r
	}, s)
}

// Money writes an amount as money.Format does, in German with the
// symbol after the figure: $1,234.56 and 1.234,56 $.
func (c *Catalog) Money(v float64, cur money.Currency) string {
	return c.symbolAfter(money.Format(v, cur), cur)
}

// Precise writes an amount as money.Precise does, in the language's
// format (see Money).
func (c *Catalog) Precise(v float64, cur money.Currency) string {
	return c.symbolAfter(money.Precise(v, cur), cur)
}

func (c *Catalog) symbolAfter(s string, cur money.Currency) string {
	if !c.German() {
		return s
	}
	if i := strings.Index(s, cur.Symbol); i >= 0 {
		s = s[:i] + s[i+len(cur.Symbol):]
	}
	return c.Digits(s) + "\u00a0" + cur.Symbol
}

// Date writes a date given as YYYY-MM-DD in the language's format:
// unchanged in English, 30.11.2026 in German.
func (c *Catalog) Date(iso string) string {
	if !c.German() || len(iso) != 10 || iso[4] != '-' || iso[7] != '-' {
		return iso
	}
	return iso[8:] + "." + iso[5:7] + "." + iso[:4]
}

// Prefixed returns the messages whose keys start with prefix, by key:
// what the page loader (app.js) shows, sent in the page.
func (c *Catalog) Prefixed(prefix string) map[string]string {
	out := map[string]string{}
	for _, k := range English.keys {
		if strings.HasPrefix(k, prefix) {
			out[k] = c.T(k)
		}
	}
	return out
}

// Equal reports whether c holds exactly the messages m.
func (c *Catalog) Equal(m map[string]string) bool {
	if len(c.keys) != len(m) {
		return false
	}
	for i, k := range c.keys {
		if t, ok := m[k]; !ok || t != c.texts[i] {
			return false
		}
	}
	return true
}

// Significant writes v to n significant figures, as money.Significant
// does, with the language's separators: 10,600 and 10.600.
func (c *Catalog) Significant(v float64, n int) string {
	return c.Digits(money.Significant(v, n))
}

// Duration writes an estimated time in milliseconds as money.Duration
// does: 10.6 s in English; in German 10,6 s, with a no-break space as
// Duden sets one between a figure and its unit.
func (c *Catalog) Duration(ms float64) string {
	s := c.Digits(money.Duration(ms))
	if c.German() {
		s = strings.Replace(s, " ", "\u00a0", 1)
	}
	return s
}

// Count writes a large count in words, as money.Count does: 3.41
// billion in English, 3,41 Mrd. in German.
func (c *Catalog) Count(v float64) string {
	if !c.German() {
		return money.Count(v)
	}
	s := c.Digits(money.Count(v))
	for _, w := range [][2]string{{" trillion", "\u00a0Bio."}, {" billion", "\u00a0Mrd."}, {" million", "\u00a0Mio."}} {
		s = strings.Replace(s, w[0], w[1], 1)
	}
	return s
}
