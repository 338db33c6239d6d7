package msg

import (
	"testing"

	"github.com/infercost/infercost/wasm/money"
)

func TestGermanFormatsNumbersAmountsAndDates(t *testing.T) {
	de := New("de", map[string]string{"x.fit": "{n} Sequenzen passen"})
	eur := money.Lookup("EUR")
	for _, c := range []struct{ name, got, want string }{
		// Duden: the decimal comma, a point between thousands; the
		// currency symbol after the amount, as Intl.NumberFormat("de")
		// writes it, with a no-break space.
		{"Num", de.Num(1234.5, 2), "1.234,50"},
		{"English Num", English.Num(1234.5, 2), "1,234.50"},
		// money.Format: whole units from 100 up, cents below.
		{"Money", de.Money(1234.56, eur), "1.235\u00a0€"},
		{"English Money", English.Money(1234.56, eur), "€1,235"},
		{"Money with cents", de.Money(12.5, eur), "12,50\u00a0€"},
		{"negative Money", de.Money(-1234.56, eur), "-1.235\u00a0€"},
		{"Precise", de.Precise(0.0012346, money.Lookup("USD")), "0,001235\u00a0$"},
		{"Precise from 100", de.Precise(1234.56, eur), "1.235\u00a0€"},
		{"Precise under 100", de.Precise(76.09, eur), "76,09\u00a0€"},
		{"English Precise from 100", English.Precise(1234.56, money.Lookup("USD")), "$1,235"},
		{"Date", de.Date("2026-11-30"), "30.11.2026"},
		{"English Date", English.Date("2026-11-30"), "2026-11-30"},
		// Estimates to 3 significant figures (issue 36, point 8).
		{"Count", de.Count(3408750149), "3,41\u00a0Mrd."},
		{"English Count", English.Count(3408750149), "3.41 billion"},
		{"Significant", de.Significant(10646.7, 3), "10.600"},
		{"Duration", de.Duration(10646.7), "10,6\u00a0s"},
		{"English Duration", English.Duration(10646.7), "10.6 s"},
		{"Duration in ms", de.Duration(1234.5), "1.230\u00a0ms"},
		{"F", de.F("x.fit", "n", de.Num(12000, 0)), "12.000 Sequenzen passen"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q; want %q", c.name, c.got, c.want)
		}
	}
}

func TestCatalogFallsBackToEnglishThenTheKey(t *testing.T) {
	de, err := Parse("de", []byte(`{"layout.skip": "Zum Inhalt springen"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := de.T("layout.skip"); got != "Zum Inhalt springen" {
		t.Errorf("got %q; want the German message", got)
	}
	if got, want := de.T("layout.theme.dark"), English.T("layout.theme.dark"); got != want || got == "layout.theme.dark" {
		t.Errorf("missing key: got %q; want English %q", got, want)
	}
	var none *Catalog
	if got := none.T("no.such.key"); got != "no.such.key" {
		t.Errorf("unknown key: got %q; want the key", got)
	}
	if _, err := Parse("de", []byte(`{"a": `)); err == nil {
		t.Error("a broken catalog parsed")
	}
}

// A module built without English (tag noenglish) gets it from the
// catalog gen publishes: after UseEnglish, English and every catalog
// that falls back to it say its messages.
func TestUseEnglishInstallsTheLoadedCatalog(t *testing.T) {
	saved := *English
	t.Cleanup(func() { *English = saved })
	en, err := Parse("en", []byte(`{"layout.skip": "Skip to content", "x.fit": "{n} sequences fit"}`))
	if err != nil {
		t.Fatal(err)
	}
	UseEnglish(en)
	de := New("de", map[string]string{"layout.skip": "Zum Inhalt springen"})
	for _, c := range []struct{ got, want string }{
		{English.T("layout.skip"), "Skip to content"},
		{English.F("x.fit", "n", "3"), "3 sequences fit"},
		{de.T("x.fit"), "{n} sequences fit"},
		{English.T("layout.theme.dark"), "layout.theme.dark"},
	} {
		if c.got != c.want {
			t.Errorf("got %q; want %q", c.got, c.want)
		}
	}
}
