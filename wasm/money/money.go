// Package money formats amounts and counts for display. Amounts are
// converted from the engine's base currency (USD) only here, at the edge.
package money

import (
	"math"
	"strconv"
	"strings"
)

// Currency is a display currency.
type Currency struct {
	Code   string // ISO 4217
	Symbol string
}

// Currencies are the display currencies, the base currency first.
var Currencies = []Currency{{"USD", "$"}, {"EUR", "€"}, {"CNY", "¥"}}

// Lookup returns the currency with the given code, or USD.
func Lookup(code string) Currency {
	for _, c := range Currencies {
		if c.Code == code {
			return c
		}
	}
	return Currencies[0]
}

// The display range: a figure beyond MaxDisplay in magnitude shows as
// "> 10^15" (an amount as "> $10^15"), and a price below MinPrecise as
// "< $0.000001", rather than as dozens of digits; NaN shows as NotANumber.
const (
	// MaxDisplay is the largest magnitude written in digits.
	MaxDisplay = 1e15
	// MinPrecise is the smallest magnitude Precise writes in digits.
	MinPrecise = 1e-6
	// NotANumber is what NaN shows as.
	NotANumber = "n/a"

	maxText     = "10^15"    // MaxDisplay as shown
	minPrecText = "0.000001" // MinPrecise as shown
)

// beyond returns how v shows when it is beyond the display range, with
// the symbol sym before the bound, and whether it is.
func beyond(v float64, sym string) (string, bool) {
	switch {
	case math.IsNaN(v):
		return NotANumber, true
	case v > MaxDisplay:
		return "> " + sym + maxText, true
	case v < -MaxDisplay:
		return "< -" + sym + maxText, true
	}
	return "", false
}

// wholeUnits reports whether an amount of magnitude a shows without
// cents: from 100 up in its currency, as rounded to cents (99.996 is
// $100, not $100.00). Cents on a figure of hundreds claim a precision
// no estimate or list price here has.
func wholeUnits(a float64) bool { return math.Round(a*100) >= 100*100 }

// Format writes an amount with its symbol: whole units from 100 up, cents
// below, three decimals below 0.1.
func Format(v float64, c Currency) string {
	if s, ok := beyond(v, c.Symbol); ok {
		return s
	}
	decimals := 0
	switch a := math.Abs(v); {
	case a < 0.1 && a != 0:
		decimals = 3
	case !wholeUnits(a):
		decimals = 2
	}
	s := Group(v, decimals)
	if strings.HasPrefix(s, "-") {
		return "-" + c.Symbol + s[1:]
	}
	return c.Symbol + s
}

// Precise writes an amount with cents below 100 (whole units from 100
// up, as Format), and amounts below one unit to four significant digits:
// API prices per request are fractions of a cent.
func Precise(v float64, c Currency) string {
	if s, ok := beyond(v, c.Symbol); ok {
		return s
	}
	switch a := math.Abs(v); {
	case a > 0 && a < MinPrecise && v > 0:
		return "< " + c.Symbol + minPrecText
	case a > 0 && a < MinPrecise:
		return "> -" + c.Symbol + minPrecText
	}
	decimals := 2
	switch a := math.Abs(v); {
	case wholeUnits(a):
		decimals = 0
	case a > 0 && a < 1:
		decimals = 3 - int(math.Floor(math.Log10(a)))
	}
	s := Group(v, decimals)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		for len(s)-i > 3 && strings.HasSuffix(s, "0") {
			s = s[:len(s)-1]
		}
	}
	if strings.HasPrefix(s, "-") {
		return "-" + c.Symbol + s[1:]
	}
	return c.Symbol + s
}

// Group writes v with the given decimals (-1: as few as read back
// exactly) and commas between thousands.
func Group(v float64, decimals int) string {
	if s, ok := beyond(v, ""); ok {
		return s
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	var b strings.Builder
	if neg && strings.Trim(intPart+frac, "0.") != "" {
		b.WriteByte('-')
	}
	for i, d := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String() + frac
}

// Count writes a large count in words, to 3 significant figures (an
// estimate's precision, see Significant): 3.41 billion, 12.5 million.
// Counts under a million show whole.
func Count(v float64) string {
	if s, ok := beyond(v, ""); ok {
		return s
	}
	if math.Abs(v) < 1e6 {
		return Group(v, 0)
	}
	r := roundSignificant(v, 3)
	for _, u := range []struct {
		div  float64
		word string
	}{{1e12, " trillion"}, {1e9, " billion"}, {1e6, " million"}} {
		if math.Abs(r) >= u.div {
			return Significant(r/u.div, 3) + u.word
		}
	}
	return Group(v, 0)
}

// Significant writes v to n significant figures with commas between
// thousands (10,646.7 to 3: 10,600; 46.33: 46.3), without zeros after
// the point that the rounding does not claim: the precision of an
// estimate, whose error band spans tens of percent.
func Significant(v float64, n int) string {
	if s, ok := beyond(v, ""); ok {
		return s
	}
	r := roundSignificant(v, n)
	if r == 0 {
		return "0"
	}
	decimals := max(0, n-1-int(math.Floor(math.Log10(math.Abs(r)))))
	s := Group(r, decimals)
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// roundSignificant rounds v to n significant figures.
func roundSignificant(v float64, n int) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	// Through the decimal text, so that 999.6e9 rounds to exactly 1e12.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'e', n-1, 64), 64)
	return r
}

// Duration writes an estimated time given in milliseconds to 3
// significant figures: in ms under 10 s, in s from 10 s, in min from
// 10 min (10,646.7 ms: 10.6 s), each unit chosen after rounding, so
// that 9,996 ms is 10 s and 599.6 s is 9.99 min.
func Duration(ms float64) string {
	switch a := math.Abs(roundSignificant(ms, 3)); {
	case a >= 600e3:
		return Significant(ms/60e3, 3) + " min"
	case a >= 10e3:
		return Significant(ms/1e3, 3) + " s"
	}
	return Significant(ms, 3) + " ms"
}

// Plural writes n and the word, with an "s" unless n is 1: "3 years".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
