package card_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/view"
)

// A scenario's card sets its answer and each key figure: up to four, two
// to a row (a third below the first, the fourth beside it), each below
// the answer; a fifth is left out; and drawing fast changes the PNG's
// compression, not its pixels.
func TestScenarioCardDrawsTheAnswerAndEachFigure(t *testing.T) {
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	figures := []view.Figure{
		{Label: "Cost per 1M output tokens, A", Text: "$0.90"},
		{Label: "TCO over 3 years, A", Text: "$1,234,567"},
		{Label: "Less per token than B", Text: "42 %"},
		{Label: "Break-even with A", Text: "after 14 months"},
		{Label: "A fifth figure is left out", Text: "99999"},
	}
	c := card.Card{Title: "GPU cluster TCO calculator", Text: "Over 3 years, A (8× H100 SXM, bought) costs $0.90 per million output tokens, 42 % less than B.", Site: "example.org/"}
	for n := range 6 {
		c.Figures = figures[:n]
		lines := layout(t, fonts, c)
		answer := find(lines, "Over 3 years")
		for i, f := range figures {
			l := value(lines, f.Text)
			found := l.Text != ""
			switch {
			case i >= min(n, 4) && found:
				t.Errorf("%d figures: %q is on the card; want at most four, the first %d", n, f.Text, min(n, 4))
			case i < min(n, 4) && !found:
				t.Errorf("%d figures: %q is not on the card", n, f.Text)
			case found && l.Y <= answer.Y:
				t.Errorf("%d figures: %q at y %d, above the answer at %d", n, f.Text, l.Y, answer.Y)
			}
		}
	}
	lines := layout(t, fonts, c)
	first, second, third, fourth := value(lines, "$0.90"), value(lines, "$1,234,567"), value(lines, "42 %"), value(lines, "after 14 months")
	if second.Y != first.Y || second.X <= first.X || third.X != first.X || third.Y <= first.Y || fourth.Y != third.Y || fourth.X != second.X {
		t.Errorf("figures at %v, %v, %v, %v; want two rows of two", first, second, third, fourth)
	}
	plain := decode(t, fonts, c)
	c.Fast = true
	fast := decode(t, fonts, c)
	if !bytes.Equal(fast.(*image.Paletted).Pix, plain.(*image.Paletted).Pix) {
		t.Error("a fast card has other pixels")
	}
}

// A card cuts nothing short that a smaller size or a second line holds:
// a figure too long for its column at the largest size is set whole; a
// short answer with one figure is set larger than a long one with four,
// so that it fills the card; only a text no size holds ends in "…",
// above the footer.
func TestScenarioCardFitsItsTextWhole(t *testing.T) {
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	long := "none: not even a trickle of requests meets it"
	four := card.Card{Title: "LLM throughput and latency estimator", Text: "2 x H100 SXM running Llama 2 70B generates 786 tokens/s per GPU at batch 64 (roofline estimate). At 2.00 requests/s the simulated P99 is 199 s end to end; no rate meets the 20.00 s P99 target: even a trickle of requests takes longer.",
		Figures: []view.Figure{{Label: "Output tokens/s per GPU at batch 64", Text: "786 tokens/s"}, {Label: "P99 end to end at 2.00 requests/s", Text: "199 s"},
			{Label: "Highest rate within the P99 target", Text: long}, {Label: "Break-even with A", Text: "becomes cheaper than A after 14.3 months"}}}
	lines := layout(t, fonts, four)
	all := text(lines)
	if strings.Contains(all, "…") || !strings.Contains(strings.ReplaceAll(all, "\n", " "), long) {
		t.Errorf("the card cuts its text short:\n%s", all)
	}
	one := card.Card{Title: "LLM API pricing and self-hosting break-even", Text: "The workload of 16,427 requests a day costs $150 a month on OpenAI GPT-6 Luna, the cheapest API.",
		Figures: []view.Figure{{Label: "Per month on OpenAI GPT-6 Luna", Text: "$150"}}}
	if a, b := value(layout(t, fonts, one), "$150"), value(lines, "786 tokens/s"); a.Size <= b.Size {
		t.Errorf("one figure set at %v px, one of four at %v; want the single one larger", a.Size, b.Size)
	}
	huge := four
	huge.Text = strings.Repeat("An answer far too long for any card. ", 60)
	lines = layout(t, fonts, huge)
	if all := text(lines); !strings.Contains(all, "…") {
		t.Error("a text no size holds is not cut short")
	}
	for _, l := range lines {
		if l.Y > card.Height-60 {
			t.Errorf("%q at y %d, below the card's foot", l.Text, l.Y)
		}
	}
}

// A card's foot names the data edition, and each key figure's error band
// is set in words below it, in the card's language: "−25 %…+135 %"
// reads "Error band −25 % to +135 %" ("Fehlerband −25 % bis +135 %"),
// and a band whose ends are the figure says so.
func TestCardNamesEditionAndBands(t *testing.T) {
	fonts, err := card.LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	de := msgtest.German(t)
	for _, tc := range []struct {
		m                     *msg.Catalog
		edition, band, sameAs string
	}{
		{nil, "Data edition 2026-12-06", "Error band −25 % to +135 %", "Error band: the same at either end"},
		{de, "Datenstand 06.12.2026", "Fehlerband −25 % bis +135 %", "Fehlerband: an beiden Enden gleich"},
	} {
		c := card.Card{Title: "T", Text: "An answer.", Site: "example.org/", Edition: "2026-12-06", Msgs: tc.m, Figures: []view.Figure{
			{Label: "Cost", Text: "$3.30", Band: tc.m.F("band.range", "low", "−25 %", "high", "+135 %")},
			{Label: "GPUs", Text: "1", Band: tc.m.T("band.same")}, {Label: "Share", Text: "4 %"}}}
		all := text(layout(t, fonts, c))
		for _, want := range []string{"example.org/ · " + tc.edition, tc.band, tc.sameAs} {
			if !strings.Contains(all, want) {
				t.Errorf("no %q on the card:\n%s", want, all)
			}
		}
		if strings.Count(all, "\n")+1 != len(layout(t, fonts, c)) || strings.Count(all, tc.band[:4]) != 2 {
			t.Errorf("want exactly the two bands:\n%s", all)
		}
		// A page's card (no answer: gen's, of a link without a query)
		// shows its first figure with its band and the edition too.
		c.Text = ""
		page := text(layout(t, fonts, c))
		for _, want := range []string{"example.org/ · " + tc.edition, tc.band, "$3.30"} {
			if !strings.Contains(page, want) {
				t.Errorf("no %q on the page's card:\n%s", want, page)
			}
		}
	}
}

func layout(t *testing.T, fonts card.Fonts, c card.Card) []card.Line {
	t.Helper()
	lines, err := card.Layout(fonts, c)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// find returns the first line that starts with prefix, or a zero Line.
func find(lines []card.Line, prefix string) card.Line {
	for _, l := range lines {
		if strings.HasPrefix(l.Text, prefix) {
			return l
		}
	}
	return card.Line{}
}

// value returns the line of a key figure's value, text, set in bold, or
// a zero Line.
func value(lines []card.Line, text string) card.Line {
	for _, l := range lines {
		if l.Bold && l.Text == text {
			return l
		}
	}
	return card.Line{}
}

// text is the lines' text, a line each.
func text(lines []card.Line) string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Text)
	}
	return strings.Join(out, "\n")
}

func decode(t *testing.T, fonts card.Fonts, c card.Card) image.Image {
	t.Helper()
	b, err := card.Draw(fonts, c)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, card.Width, card.Height) {
		t.Fatalf("card is %v; want 1200×630", img.Bounds())
	}
	return img
}

// BenchmarkDrawScenario draws a scenario's card with four key figures
// and a long answer, as the worker does per request (Fast).
func BenchmarkDrawScenario(b *testing.B) {
	fonts, err := card.LoadFonts()
	if err != nil {
		b.Fatal(err)
	}
	c := card.Card{Title: "LLM throughput and latency estimator", Site: "worker.example.org/", Edition: "2026-12-06", Fast: true,
		Text: "2 x H100 SXM running Llama 2 70B generates 786 tokens/s per GPU at batch 64 (roofline estimate). At 2.00 requests/s the simulated P99 is 199 s end to end; no rate meets the 20.00 s P99 target: even a trickle of requests takes longer.",
		Figures: []view.Figure{{Label: "Output tokens/s per GPU at batch 64", Text: "786 tokens/s", Band: "−57 %…+33 %"}, {Label: "P99 end to end at 2.00 requests/s", Text: "199 s", Band: "−41 %…+75 %"},
			{Label: "Highest rate within the P99 target", Text: "none: not even a trickle of requests meets it"}, {Label: "Break-even with A", Text: "after 14 months"}}}
	for b.Loop() {
		if _, err := card.Draw(fonts, c); err != nil {
			b.Fatal(err)
		}
	}
}
