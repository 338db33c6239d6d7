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

	"github.com/infercost/infercost/wasm/msg"
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
	// scenario's (with Text) up to four, each with its error band.
	Figures []view.Figure
	Site    string // the site's address, at the foot; "" for none
	// Edition is the data edition the figures are of (YYYY-MM-DD), at
	// the foot beside the address; "" for none.
	Edition string
	// Msgs words the edition and the error bands in the card's language
	// (English when nil).
	Msgs *msg.Catalog
	// Fast trades a few KB of PNG for drawing time: a server drawing a
	// card per request sets it, a build that draws each card once does not.
	Fast bool
}

// maxFigures is how many key figures a scenario's card shows: two rows
// of two below its answer.
const maxFigures = 4

// Draw draws c as a PNG: the site's name and the title, then on a page's
// card its first key figure large with its label, on a scenario's card
// the answer and up to four key figures with their labels and bands;
// at the foot the site's address and the data edition.
func Draw(fonts Fonts, c Card) ([]byte, error) {
	cv := canvas{fonts: fonts}
	for i := range cv.cover {
		cv.cover[i] = image.NewAlpha(image.Rect(0, 0, Width, Height))
	}
	draw.Draw(cv.cover[inkAccent], image.Rect(0, 0, 16, Height), image.Opaque, image.Point{}, draw.Src)
	lines, err := Layout(fonts, c)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if err := cv.draw(l); err != nil {
			return nil, err
		}
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

// Line is a line of a card's text where Draw draws it: its baseline at
// (X, Y), in a bold or regular face of Size pixels.
type Line struct {
	Text string
	X, Y int
	Size float64
	Bold bool
	ink  ink
}

// Layout returns the lines of text that Draw draws for c, in order.
func Layout(fonts Fonts, c Card) ([]Line, error) {
	l := layout{fonts: fonts}
	l.add(fonts.bold, 36, inkAccent, left, 40, width, "InferCost", 1)
	if c.Text == "" {
		l.page(c)
	} else {
		l.scenario(c)
	}
	if foot := footer(c); foot != "" {
		l.fit(l.fonts.regular, inkMuted, left, Height-80, width, foot, try{28, 1}, try{24, 1}, try{20, 1})
	}
	return l.lines, l.err
}

// footer is the line at a card's foot: the site's address and the data
// edition, as far as they are known.
func footer(c Card) string {
	var parts []string
	if c.Site != "" {
		parts = append(parts, c.Site)
	}
	if c.Edition != "" {
		parts = append(parts, c.Msgs.F("card.edition", "date", c.Msgs.Date(c.Edition)))
	}
	return strings.Join(parts, " · ")
}

// BandLine words a key figure's error band for a card, or a page without
// the band's tap-to-explain button, where a range reads better in words
// than with the page's "…" ("−25 %…+135 %": "error band −25 % to
// +135 %"); "" without a band.
func BandLine(m *msg.Catalog, band string) string {
	if band == "" {
		return ""
	}
	if band == m.T("band.same") {
		return m.T("card.band_same")
	}
	sep := strings.TrimSuffix(strings.TrimPrefix(m.T("band.range"), "{low}"), "{high}")
	if low, high, ok := strings.Cut(band, sep); ok && sep != "" {
		return m.F("card.band", "low", low, "high", high)
	}
	return band
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

// draw draws line l.
func (cv canvas) draw(l Line) error {
	f := cv.fonts.regular
	if l.Bold {
		f = cv.fonts.bold
	}
	face, err := newFace(f, l.Size)
	if err != nil {
		return err
	}
	defer face.Close()
	d := font.Drawer{Dst: cv.cover[l.ink], Src: image.Opaque, Face: face, Dot: fixed.P(l.X, l.Y)}
	d.DrawString(l.Text)
	return nil
}

func newFace(f *opentype.Font, size float64) (font.Face, error) {
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// layout is a card's text being laid out.
type layout struct {
	fonts Fonts
	lines []Line
	err   error
	// cut is set when a text was cut short with "…": it fitted at none
	// of the sizes it may take.
	cut bool
}

// try is one way of setting a text: at size, in at most maxLines lines.
type try struct {
	size     float64
	maxLines int
}

// fit sets s in ink from the left edge x, at most w pixels wide, below
// y, at the first of tries at which it fits whole; if it fits at none,
// at the last, its last line cut short with "…" (layout.cut). It returns
// the last line's baseline.
func (l *layout) fit(f *opentype.Font, in ink, x, y, w int, s string, tries ...try) int {
	if l.err != nil || s == "" {
		return y
	}
	for i, t := range tries {
		face, err := newFace(f, t.size)
		if err != nil {
			l.err = err
			return y
		}
		lines, whole := wrap(font.Drawer{Face: face}, s, w, t.maxLines)
		face.Close()
		if !whole && i < len(tries)-1 {
			continue
		}
		l.cut = l.cut || !whole
		for _, line := range lines {
			y += int(t.size * 1.2)
			l.lines = append(l.lines, Line{Text: line, X: x, Y: y, Size: t.size, Bold: f == l.fonts.bold, ink: in})
		}
		return y
	}
	return y
}

// add sets s at one size in at most maxLines lines (see fit).
func (l *layout) add(f *opentype.Font, size float64, in ink, x, y, w int, s string, maxLines int) int {
	return l.fit(f, in, x, y, w, s, try{size, maxLines})
}

// page sets a page's title large and its first key figure below.
func (l *layout) page(c Card) {
	y := l.add(l.fonts.bold, 64, inkFG, left, 120, width, c.Title, 3)
	if len(c.Figures) == 0 {
		return
	}
	f := c.Figures[0]
	y = l.fit(l.fonts.bold, inkAccent, left, y+20, width, f.Text, try{96, 1}, try{72, 1}, try{48, 2})
	y = l.add(l.fonts.regular, 36, inkMuted, left, y, width, f.Label, 2)
	if b := BandLine(c.Msgs, f.Band); b != "" {
		l.add(l.fonts.regular, 28, inkMuted, left, y+4, width, b, 1)
	}
}

// scales are the sizes a scenario's card tries, largest first, relative
// to the sizes of a card with four figures: the card takes the largest
// at which its whole text fits, so that a short answer with one figure
// fills the card as a long one with four does.
var scales = []float64{1.6, 1.45, 1.3, 1.15, 1, 0.9, 0.8, 0.7}

// contentBottom is the lowest baseline of a scenario's text, above the
// footer.
const contentBottom = Height - 90

// scenario sets the scenario's card at the largest of scales at which
// its text fits whole above the footer; at the smallest, cut short, when
// it fits at none (a custom name hundreds of characters long).
func (l *layout) scenario(c Card) {
	for _, s := range scales {
		at := layout{fonts: l.fonts}
		if y := at.scenarioAt(c, s); at.err != nil || !at.cut && y <= contentBottom {
			l.lines, l.err = append(l.lines, at.lines...), at.err
			return
		}
	}
	l.scenarioAt(c, scales[len(scales)-1])
}

// scenarioAt sets the calculator's title, the scenario's answer, and its
// key figures two to a row (a last odd one across the row), each large
// with its label and its error band below, at scale s; it returns the
// last baseline.
func (l *layout) scenarioAt(c Card, s float64) int {
	const gap = 40
	const col = (width - gap) / 2
	y := l.fit(l.fonts.bold, inkFG, left, 96, width, c.Title, try{40, 1}, try{32, 1})
	y = l.fit(l.fonts.regular, inkFG, left, y+8, width, c.Text, try{min(28*s, 36), 4}, try{min(24*s, 36), 5})
	figures := c.Figures[:min(len(c.Figures), maxFigures)]
	for row := 0; row*2 < len(figures); row++ {
		top, bottom := y+int(24*s), y
		pair := figures[row*2 : min(row*2+2, len(figures))]
		for i, f := range pair {
			x, w := left+i*(col+gap), col
			if len(pair) == 1 {
				w = width
			}
			end := l.fit(l.fonts.bold, inkAccent, x, top, w, f.Text, try{56 * s, 1}, try{46 * s, 1}, try{30 * s, 2})
			end = l.fit(l.fonts.regular, inkMuted, x, end+4, w, f.Label, try{22 * s, 1}, try{20 * s, 2})
			end = l.fit(l.fonts.regular, inkMuted, x, end+2, w, BandLine(c.Msgs, f.Band), try{20 * s, 1}, try{18 * s, 2})
			bottom = max(bottom, end)
		}
		y = bottom
	}
	return y
}

// wrap breaks s into at most maxLines lines no wider than width pixels,
// at spaces, and reports whether it fits whole; a text that does not
// fit ends its last line with "…" (a single word wider than width does
// not fit either, and is left as it is).
func wrap(d font.Drawer, s string, width, maxLines int) ([]string, bool) {
	fits := func(line string) bool { return d.MeasureString(line).Ceil() <= width }
	var lines []string
	line := ""
	whole := true
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
		whole = whole && fits(line)
	}
	lines = append(lines, line)
	if len(lines) > maxLines {
		whole = false
		lines = lines[:maxLines]
		words := strings.Fields(lines[maxLines-1])
		for len(words) > 1 && !fits(strings.Join(words, " ")+"…") {
			words = words[:len(words)-1]
		}
		lines[maxLines-1] = strings.Join(words, " ") + "…"
	}
	return lines, whole
}
