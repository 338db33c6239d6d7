//go:build !(js && wasm)

package main

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Every preset's card (and each calculator's default scenario's), as the
// worker draws it natively in English and in German, reads whole in a
// chat: no text cut short with "…" (the card sets a long answer or
// figure smaller, or on two lines), no time of 10 s or more in ms, the
// data edition at its foot, each key figure's error band in words, and
// neither the upper nor the lower half of the card's body empty (the
// ROI preset's single figure once left its lower half so).
func TestPresetCardsReadWhole(t *testing.T) {
	const workerURL = "https://cards.example.org/"
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), workerURL))
	defer srv.Close()
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string]*calc.Set{"": apitest.ContentSet(t), "de": germanSet(t)}
	d, _ := sets[""].Data("")
	for _, lang := range linkLangs {
		set := sets[lang]
		m := set.Msgs
		for _, name := range sitedata.Calculators {
			for _, q := range append([]string{""}, apitest.Presets(d, name)...) {
				l := pagePath{lang, name, q}
				res, b, _ := get(t, srv.URL, strings.TrimSuffix(l.card(), "?"))
				if res.StatusCode != http.StatusOK {
					t.Errorf("%s: %d", l.card(), res.StatusCode)
					continue
				}
				v := set.Page(name, q)
				_, edition := set.Data(q)
				c := card.Card{Title: m.T("page." + name + ".title"), Text: v.Headline.Text, Figures: v.Headline.Figures,
					Site: "cards.example.org/", Edition: edition, Msgs: m, Fast: true}
				if want, err := card.Draw(fonts, c); err != nil || !bytes.Equal(b, want) {
					t.Fatalf("%s: the worker's card is not the one drawn from the page's headline and edition (%v)", l.card(), err)
				}
				lines, err := card.Layout(fonts, c)
				if err != nil {
					t.Fatal(err)
				}
				var text []string
				for _, line := range lines {
					text = append(text, line.Text)
				}
				all := strings.Join(text, "\n")
				checkCardText(t, l.card(), all, m.F("card.edition", "date", m.Date(edition)), c, m.T("card.band_same"))
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				// The body: below the calculator's title, above the footer.
				upper, lower := image.Rect(16, 150, card.Width, 347), image.Rect(16, 347, card.Width, 545)
				if u, lo := lightPixels(img, upper), lightPixels(img, lower); u < 2000 || lo < 2000 {
					t.Errorf("%s: %d light pixels in the body's upper half, %d in its lower; want at least 2,000 in each", l.card(), u, lo)
				}
			}
		}
	}
}

// slowMS finds times written in ms: a figure, its unit.
var slowMS = regexp.MustCompile(`([0-9][0-9.,]*)\s?ms\b`)

// checkCardText checks a card's text (its lines joined by newlines):
// nothing cut short, times from 10 s in s or min, the edition's line,
// and each figure's error band (a range's two ends, or sameBand).
func checkCardText(t *testing.T, link, all, edition string, c card.Card, sameBand string) {
	t.Helper()
	if strings.Contains(all, "…") {
		t.Errorf("%s: the card cuts its text short:\n%s", link, all)
	}
	for _, m := range slowMS.FindAllStringSubmatch(all, -1) {
		digits := strings.NewReplacer(",", "", ".", "").Replace(m[1])
		if ms, err := strconv.Atoi(digits); err == nil && ms >= 10000 {
			t.Errorf("%s: %q on the card; want a time from 10 s in s or min", link, m[0])
		}
	}
	if !strings.Contains(all, edition) {
		t.Errorf("%s: no %q on the card:\n%s", link, edition, all)
	}
	flat := strings.ReplaceAll(all, "\n", " ")
	for _, f := range c.Figures {
		low, high, isRange := strings.Cut(f.Band, "…")
		switch {
		case f.Band == "":
		case isRange && !(strings.Contains(flat, low) && strings.Contains(flat, high)):
			t.Errorf("%s: the band %q of %q is not on the card:\n%s", link, f.Band, f.Label, all)
		case !isRange && !strings.Contains(flat, sameBand):
			t.Errorf("%s: the band %q of %q is not on the card:\n%s", link, f.Band, f.Label, all)
		}
	}
}

// lightPixels counts the pixels of r brighter than the card's background.
func lightPixels(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c, _, _, _ := img.At(x, y).RGBA(); c>>8 > 0x60 {
				n++
			}
		}
	}
	return n
}
