package scenario

import (
	"slices"
	"strings"
)

// Values is a parsed query string: each name with its values in order.
// It reads and writes the same application/x-www-form-urlencoded form as
// net/url, which the browser module leaves out for its size (net/url pulls
// net/netip and unique: about 35 KB gzipped).
type Values map[string][]string

// ParseQuery parses a query string without its "?". Like url.ParseQuery it
// reads every well-formed pair; unlike it, a pair with a bad escape is kept
// with the escape read literally, since a calculator reports bad values
// next to their fields rather than failing the whole query.
func ParseQuery(raw string) Values {
	v, _ := parseQuery(raw)
	return v
}

// parseQuery is ParseQuery that also returns the keys of the pairs it
// drops, in order: those with a semicolon, which net/url rejects (and
// so do we) rather than split.
func parseQuery(raw string) (Values, []string) {
	v := Values{}
	var dropped []string
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		if pair == "" {
			continue
		}
		k, val, _ := strings.Cut(pair, "=")
		k = unescape(k)
		if strings.Contains(pair, ";") {
			dropped = append(dropped, k)
			continue
		}
		v[k] = append(v[k], unescape(val))
	}
	return v, dropped
}

// Get returns the first value for key, or "".
func (v Values) Get(key string) string {
	s, _ := v.Lookup(key)
	return s
}

// Lookup returns the first value for key and whether the key is present.
func (v Values) Lookup(key string) (string, bool) {
	if vs := v[key]; len(vs) > 0 {
		return vs[0], true
	}
	return "", false
}

// Set replaces the values for key.
func (v Values) Set(key, value string) { v[key] = []string{value} }

// Encode writes the values sorted by name, as url.Values.Encode does.
func (v Values) Encode() string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, val := range v[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(QueryEscape(k) + "=" + QueryEscape(val))
		}
	}
	return b.String()
}

// QueryEscape escapes s for a query: unreserved characters stay, spaces
// become "+", every other byte becomes %XX (as url.QueryEscape).
func QueryEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// unescape decodes "+" and %XX; a malformed escape is kept as written.
func unescape(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b.WriteByte(' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
