// Package card draws link-preview cards: the PNG images (1200×630, Open
// Graph's and Twitter's large image) that a chat, a feed or an e-mail
// shows for a link. gen draws one per page at build time; package preview
// draws one per scenario link at request time, with the same code.
package card

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

// Width and Height are a card's size in pixels.
const Width, Height = 1200, 630

// Card colours: the site's dark theme (style.css), whose contrast holds
// on both light and dark feeds.
var (
	bg     = color.RGBA{0x11, 0x18, 0x27, 0xff}
	fg     = color.RGBA{0xe5, 0xe7, 0xeb, 0xff}
	muted  = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	accent = color.RGBA{0x93, 0xc5, 0xfd, 0xff}
)

// A card is drawn in the colours of its text over the background, each
// in levels of coverage (anti-aliasing): a palette of 256 colours, so
// that the PNG holds a byte per pixel and is not filtered. In RGBA, PNG
// encoding took 80 % of a card's 22 ms; paletted, a card takes 9–11 ms
// (natively, on a busy 2-core machine; BenchmarkDrawScenario).
const levels = 85 // per text colour: 1 + 3×85 = 256

// inks are the colours text is drawn in, in palette order.
var inks = [...]color.RGBA{fg, muted, accent}

// ink names one of inks.
type ink int

const (
	inkFG ink = iota
	inkMuted
	inkAccent
)

// palette is the background, then each ink at coverage 1/levels to 1.
var palette = func() color.Palette {
	p := color.Palette{bg}
	mix := func(a, b uint8, l int) uint8 { return uint8((int(a)*(levels-l) + int(b)*l + levels/2) / levels) }
	for _, c := range inks {
		for l := 1; l <= levels; l++ {
			p = append(p, color.RGBA{mix(bg.R, c.R, l), mix(bg.G, c.G, l), mix(bg.B, c.B, l), 0xff})
		}
	}
	return p
}()

// Fonts are the Go fonts (BSD licence, embedded in x/image): no font is
// looked up on the machine, so every build and every server draws the
// same bytes.
type Fonts struct{ bold, regular *opentype.Font }

// LoadFonts parses the Go fonts, once per program.
func LoadFonts() (Fonts, error) {
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return Fonts{}, err
	}
	regular, err := opentype.Parse(goregular.TTF)
	return Fonts{bold, regular}, err
}

// Card is what a card shows.
type Card struct {
	Title string // the page's title
	// Text is a scenario's answer in a sentence (view.Headline.Text);
	// "" on a page's card.
	Text string
	// Figures are the key figures: a page's card shows the first, a
	// scenario's (with Text) up to four.
	Figures []view.Figure
	Site    string // the site's address, at the foot; "" for none
	// Fast trades a few KB of PNG for drawing time: a server drawing a
	// card per request sets it, a build that draws each card once does not.
	Fast bool
}

// maxFigures is how many key figures a scenario's card shows: two rows
// of two below its answer.
const maxFigures = 4

// Draw draws c as a PNG: the site's name and the title, then on a page's
// card its first key figure large with its label, on a scenario's card
// the answer and up to four key figures with their labels.
func Draw(fonts Fonts, c Card) ([]byte, error) {
	cv := canvas{fonts: fonts}
	for i := range cv.cover {
		cv.cover[i] = image.NewAlpha(image.Rect(0, 0, Width, Height))
	}
	draw.Draw(cv.cover[inkAccent], image.Rect(0, 0, 16, Height), image.Opaque, image.Point{}, draw.Src)
	_, err := cv.text(fonts.bold, 36, inkAccent, left, 40, width, "InferCost", 1)
	if err == nil && c.Text == "" {
		err = cv.page(c)
	} else if err == nil {
		err = cv.scenario(c)
	}
	if err == nil && c.Site != "" {
		_, err = cv.text(fonts.regular, 28, inkMuted, left, Height-80, width, c.Site, 1)
	}
	if err != nil {
		return nil, err
	}
	level := png.BestCompression
	if c.Fast {
		level = png.BestSpeed
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: level}).Encode(&buf, cv.paletted()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The text's left edge and width on a card.
const left, width = 80, Width - 160

// canvas is a card being drawn: the coverage of each ink.
type canvas struct {
	cover [len(inks)]*image.Alpha
	fonts Fonts
}

// paletted returns the card: each pixel the background or the ink that
// covers it, at its coverage.
func (cv canvas) paletted() *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, Width, Height), palette)
	for i, c := range cv.cover {
		for p, a := range c.Pix {
			if a > 0 {
				img.Pix[p] = uint8(1 + i*levels + (int(a)*levels+254)/255 - 1)
			}
		}
	}
	return img
}

// text draws s in ink from the left edge x, at most w pixels wide in at
// most maxLines lines, below y; it returns the last line's baseline.
func (cv canvas) text(f *opentype.Font, size float64, in ink, x, y, w int, s string, maxLines int) (int, error) {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return y, err
	}
	defer face.Close()
	d := font.Drawer{Dst: cv.cover[in], Src: image.Opaque, Face: face}
	for _, line := range wrap(d, s, w, maxLines) {
		y += int(size * 1.2)
		d.Dot = fixed.P(x, y)
		d.DrawString(line)
	}
	return y, nil
}

// page draws a page's title large and its first key figure below.
func (cv canvas) page(c Card) error {
	y, err := cv.text(cv.fonts.bold, 64, inkFG, left, 120, width, c.Title, 3)
	if err != nil || len(c.Figures) == 0 {
		return err
	}
	if y, err = cv.text(cv.fonts.bold, 96, inkAccent, left, y+20, width, c.Figures[0].Text, 1); err != nil {
		return err
	}
	_, err = cv.text(cv.fonts.regular, 36, inkMuted, left, y, width, c.Figures[0].Label, 2)
	return err
}

// scenario draws the calculator's title, the scenario's answer, and its
// key figures two to a row, each large with its label below.
func (cv canvas) scenario(c Card) error {
	const gap, rowHeight = 40, 118
	const col = (width - gap) / 2
	y, err := cv.text(cv.fonts.bold, 40, inkFG, left, 96, width, c.Title, 1)
	if err != nil {
		return err
	}
	if y, err = cv.text(cv.fonts.regular, 30, inkFG, left, y+8, width, c.Text, 3); err != nil {
		return err
	}
	for i, f := range c.Figures[:min(len(c.Figures), maxFigures)] {
		x, top := left+i%2*(col+gap), y+24+i/2*rowHeight
		end, err := cv.text(cv.fonts.bold, 56, inkAccent, x, top, col, f.Text, 1)
		if err != nil {
			return err
		}
		if _, err := cv.text(cv.fonts.regular, 24, inkMuted, x, end+6, col, f.Label, 1); err != nil {
			return err
		}
	}
	return nil
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
