package qrtest

import (
	"regexp"
	"strconv"
	"testing"
)

// grid is a symbol read back from an SVG.
type grid struct {
	size int
	dark map[[2]int]bool
}

func (g grid) Size() int          { return g.size }
func (g grid) Dark(x, y int) bool { return g.dark[[2]int{x, y}] }

var (
	svgView = regexp.MustCompile(`^<svg [^>]*viewBox="0 0 (\d+) (\d+)" shape-rendering="crispEdges"><rect [^>]*fill="#fff"/><path fill="#000" d="([^"]*)"/></svg>$`)
	svgRun  = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)
)

// ParseSVG reads back the modules of a symbol drawn by qr.Code.SVG: a
// white ground with a quiet zone of 4 modules, and one path of
// horizontal runs of dark modules. It fails the test on anything else.
func ParseSVG(t testing.TB, svg string) Symbol {
	t.Helper()
	m := svgView.FindStringSubmatch(svg)
	if m == nil || m[1] != m[2] {
		t.Fatalf("not a QR code's SVG: %.200s", svg)
	}
	w, _ := strconv.Atoi(m[1])
	g := grid{size: w - 8, dark: map[[2]int]bool{}}
	runs := svgRun.FindAllStringSubmatch(m[3], -1)
	if n := len(svgRun.ReplaceAllString(m[3], "")); n > 0 {
		t.Fatalf("the path holds %d characters besides runs of modules: %.200s", n, m[3])
	}
	for _, r := range runs {
		x, _ := strconv.Atoi(r[1])
		y, _ := strconv.Atoi(r[2])
		n, _ := strconv.Atoi(r[3])
		if r[4] != r[3] || x < 4 || y < 4 || x+n > w-4 || y >= w-4 {
			t.Fatalf("a run outside the symbol or not closed: %s", r[0])
		}
		for i := range n {
			g.dark[[2]int{x - 4 + i, y - 4}] = true
		}
	}
	return g
}
