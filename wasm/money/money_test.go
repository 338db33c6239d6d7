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

func TestCount(t *testing.T) {
	for v, want := range map[float64]string{539.2656e9: "539.3 billion", 1.561e12: "1.6 trillion", 12.5e6: "12.5 million", 950: "950"} {
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
