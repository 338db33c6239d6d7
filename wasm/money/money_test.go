package money

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	eur := Lookup("EUR")
	tests := []struct {
		v    float64
		c    Currency
		want string
	}{
		{568875.5, eur, "€568,876"},
		{1.054908, eur, "€1.05"},
		{0.0617, Lookup("USD"), "$0.062"},
		{-34000, Lookup("CNY"), "-¥34,000"},
		{0, eur, "€0.00"},
		{999.5, eur, "€1,000"},
		{-0.001, eur, "-€0.001"},
		{76.09, Lookup("USD"), "$76.09"},
		{99.996, Lookup("USD"), "$100"},
	}
	for _, tt := range tests {
		if got := Format(tt.v, tt.c); got != tt.want {
			t.Errorf("Format(%v, %s): got %q; want %q", tt.v, tt.c.Code, got, tt.want)
		}
	}
}

// Counts in words to 3 significant figures (issue 36, point 8): the
// break-even 3,408,750,149 tokens a month reads "3.41 billion"; 999.6
// billion rounds to 1 trillion, not "1,000 billion".
func TestCount(t *testing.T) {
	for v, want := range map[float64]string{539.2656e9: "539 billion", 1.561e12: "1.56 trillion", 12.5e6: "12.5 million", 950: "950",
		3408750149: "3.41 billion", 999.6e9: "1 trillion", 1e6: "1 million", 999999: "999,999"} {
		if got := Count(v); got != want {
			t.Errorf("Count(%v): got %q; want %q", v, got, want)
		}
	}
}

func TestLookupFallsBackToUSD(t *testing.T) {
	if got := Lookup("<script>").Code; got != "USD" {
		t.Errorf("got %q; want USD", got)
	}
}

func TestPrecise(t *testing.T) {
	usd := Lookup("USD")
	// Cents only under 100 (issue 36, point 8): $76.09, but $1,339, and
	// 99.996 rounds to $100, not $100.00.
	for v, want := range map[float64]string{0.0044: "$0.0044", 0.0095: "$0.0095", 0.14: "$0.14", 1339.25: "$1,339",
		1250000: "$1,250,000", 0: "$0.00", -0.5: "-$0.50", 0.000123456: "$0.0001235", 76.09: "$76.09", 99.99: "$99.99",
		99.996: "$100", -1339.25: "-$1,339"} {
		if got := Precise(v, usd); got != want {
			t.Errorf("Precise(%v) = %q, want %q", v, got, want)
		}
	}
}

// Figures beyond the display range show as a bound, never as dozens of
// digits, NaN or "+Inf".
func TestBeyondTheDisplayRange(t *testing.T) {
	usd := Lookup("USD")
	inf, nan := math.Inf(1), math.NaN()
	for _, tc := range []struct {
		got, want string
	}{
		{Format(4.4e300, usd), "> $10^15"},
		{Format(inf, usd), "> $10^15"},
		{Format(-inf, usd), "< -$10^15"},
		{Format(1e15, usd), "$1,000,000,000,000,000"},
		{Format(1.0000001e15, usd), "> $10^15"},
		{Format(999e12, usd), "$999,000,000,000,000"},
		{Format(nan, usd), "n/a"},
		{Precise(2e16, usd), "> $10^15"},
		{Precise(1e-320, usd), "< $0.000001"},
		{Precise(-1e-9, usd), "> -$0.000001"},
		{Precise(0.000001, usd), "$0.000001"},
		{Precise(nan, usd), "n/a"},
		{Group(inf, 0), "> 10^15"},
		{Group(-5e20, 2), "< -10^15"},
		{Group(nan, 1), "n/a"},
		{Count(3e300), "> 10^15"},
		{Count(nan), "n/a"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q; want %q", tc.got, tc.want)
		}
	}
}

func TestGroupWithTheFiguresOwnDecimals(t *testing.T) {
	for v, want := range map[float64]string{3: "3", 50000: "50,000", 0.8048: "0.8048", 1234567.25: "1,234,567.25", 0.0002: "0.0002"} {
		if got := Group(v, -1); got != want {
			t.Errorf("Group(%v, -1): got %q; want %q", v, got, want)
		}
	}
}

// Estimates show 3 significant figures: 10,646.7 → 10,600 and 46.33 →
// 46.3, with no zeros after the point that the rounding does not claim.
func TestSignificant(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{{10646.7, "10,600"}, {46.33, "46.3"}, {2134.4, "2,130"}, {0.012345, "0.0123"}, {999.6, "1,000"}, {1.5, "1.5"},
		{140.18, "140"}, {0, "0"}, {-46.33, "-46.3"}, {2e16, "> 10^15"}} {
		if got := Significant(tt.v, 3); got != tt.want {
			t.Errorf("Significant(%v, 3) = %q; want %q", tt.v, got, tt.want)
		}
	}
}

// An estimated time shows 3 significant figures, in ms under 10 s, in s
// from 10 s and in min from 10 min (issue 36: "10,646.7 ms" is "10.6 s";
// 9,996 ms rounds to 10 s, 599.6 s to 600 s, shown as 9.99 min;
// 1,234,567 ms / 60,000 = 20.6 min).
func TestDuration(t *testing.T) {
	for ms, want := range map[float64]string{10646.7: "10.6 s", 46.33: "46.3 ms", 1234.5: "1,230 ms", 9996: "10 s",
		599000: "599 s", 599600: "9.99 min", 1234567: "20.6 min", 0.04: "0.04 ms"} {
		if got := Duration(ms); got != want {
			t.Errorf("Duration(%v ms) = %q; want %q", ms, got, want)
		}
	}
}
