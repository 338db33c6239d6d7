package card_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/view"
)

// A scenario's card draws its answer and each key figure: every figure
// adds light pixels, the four land in their quarters of the figures' band,
// and drawing fast changes the PNG's compression, not its pixels.
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
	light := make([]int, 6)
	var imgs []image.Image
	for n := range 6 {
		c.Figures = figures[:n]
		img := decode(t, fonts, c)
		imgs = append(imgs, img)
		light[n] = lightPixels(img, img.Bounds())
	}
	for n := 1; n <= 4; n++ {
		if light[n] < light[n-1]+500 {
			t.Errorf("figure %d adds %d light pixels; want it drawn", n, light[n]-light[n-1])
		}
	}
	if light[5] != light[4] {
		t.Errorf("a fifth figure changes the card: %d light pixels, four %d; want four figures at most", light[5], light[4])
	}
	// The third figure goes below the first, the fourth beside the third.
	third, fourth := imgs[3], imgs[4]
	if l := lightPixels(third, image.Rect(card.Width/2, 380, card.Width, 520)); l != lightPixels(imgs[2], image.Rect(card.Width/2, 380, card.Width, 520)) {
		t.Errorf("the third figure reaches the right column (%d light pixels)", l)
	}
	if lightPixels(fourth, image.Rect(card.Width/2, 380, card.Width, 520)) <= lightPixels(third, image.Rect(card.Width/2, 380, card.Width, 520)) {
		t.Error("the fourth figure is not in the right column's second row")
	}
	c.Fast = true
	fast := decode(t, fonts, c)
	if !bytes.Equal(fast.(*image.Paletted).Pix, imgs[5].(*image.Paletted).Pix) {
		t.Error("a fast card has other pixels")
	}
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
