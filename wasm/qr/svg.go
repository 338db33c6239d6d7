package qr

import (
	"strconv"
	"strings"
)

// quietZone is the light margin around a symbol, in modules: the least
// ISO/IEC 18004:2015 (6.3.8) asks for.
const quietZone = 4

// SVG returns the symbol as an SVG document of modulePx pixels a module,
// with the quiet zone on a white ground: one path of the rows' runs of
// dark modules, with crisp edges so that no module blurs into its
// neighbour.
func (c Code) SVG(modulePx int) string {
	w := strconv.Itoa(c.size + 2*quietZone)
	px := strconv.Itoa((c.size + 2*quietZone) * modulePx)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + px + `" height="` + px +
		`" viewBox="0 0 ` + w + ` ` + w + `" shape-rendering="crispEdges"><rect width="` + w + `" height="` + w +
		`" fill="#fff"/><path fill="#000" d="`)
	for y := 0; y < c.size; y++ {
		for x := 0; x < c.size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			end := x + 1
			for c.Dark(end, y) {
				end++
			}
			run := strconv.Itoa(end - x)
			b.WriteString("M" + strconv.Itoa(x+quietZone) + " " + strconv.Itoa(y+quietZone) + "h" + run + "v1h-" + run + "z")
			x = end
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}
