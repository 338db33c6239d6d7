package main

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/infercost/infercost/wasm/view"
)

// The link-preview card's size: Open Graph's and Twitter's large image.
const cardWidth, cardHeight = 1200, 630

// Card colours: the site's dark theme (style.css), whose contrast holds
// on both light and dark feeds.
var (
	cardBG     = color.RGBA{0x11, 0x18, 0x27, 0xff}
	cardFG     = color.RGBA{0xe5, 0xe7, 0xeb, 0xff}
	cardMuted  = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	cardAccent = color.RGBA{0x93, 0xc5, 0xfd, 0xff}
)

// cardFonts are the Go fonts (BSD licence, embedded in x/image): no font
// is looked up on the build machine, so every build draws the same bytes.
type cardFonts struct{ bold, regular *opentype.Font }

func loadCardFonts() (cardFonts, error) {
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return cardFonts{}, err
	}
	regular, err := opentype.Parse(goregular.TTF)
	return cardFonts{bold, regular}, err
}

// drawCard draws a page's link-preview card as a PNG: the site's name,
// the page's title and, for a calculator, the first key figure of its
// default scenario's headline with its label; site is the address shown
// at the foot.
func drawCard(fonts cardFonts, title string, figure *view.Figure, site string) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, cardWidth, cardHeight))
	draw.Draw(img, img.Bounds(), image.NewUniform(cardBG), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, 16, cardHeight), image.NewUniform(cardAccent), image.Point{}, draw.Src)
	const left, width = 80, cardWidth - 160
	text := func(f *opentype.Font, size float64, c color.Color, y int, s string, maxLines int) (int, error) {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return y, err
		}
		defer face.Close()
		d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
		for _, line := range wrap(d, s, width, maxLines) {
			y += int(size * 1.2)
			d.Dot = fixed.P(left, y)
			d.DrawString(line)
		}
		return y, nil
	}
	if _, err := text(fonts.bold, 36, cardAccent, 40, "InferCost", 1); err != nil {
		return nil, err
	}
	y, err := text(fonts.bold, 64, cardFG, 120, title, 3)
	if err != nil {
		return nil, err
	}
	if figure != nil {
		if y, err = text(fonts.bold, 96, cardAccent, y+20, figure.Text, 1); err != nil {
			return nil, err
		}
		if _, err = text(fonts.regular, 36, cardMuted, y, figure.Label, 2); err != nil {
			return nil, err
		}
	}
	if _, err := text(fonts.regular, 28, cardMuted, cardHeight-80, site, 1); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// wrap breaks s into at most maxLines lines no wider than width pixels,
// at spaces; a text that does not fit ends its last line with "…".
func wrap(d font.Drawer, s string, width, maxLines int) []string {
	fits := func(line string) bool { return d.MeasureString(line).Ceil() <= width }
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case fits(line + " " + w):
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	lines = append(lines, line)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		words := strings.Fields(lines[maxLines-1])
		for len(words) > 1 && !fits(strings.Join(words, " ")+"…") {
			words = words[:len(words)-1]
		}
		last := strings.Join(words, " ")
		lines[maxLines-1] = last + "…"
	}
	return lines
}
