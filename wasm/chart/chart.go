// Package chart describes what a chart shows (axes, series, marks) as plain
// values that the build and the browser module both compute from the same
// results. The build turns a Chart into a full Apache ECharts option with
// go-echarts (package site/echart); the browser module sends only Patch,
// which ECharts merges into that option by series id. That keeps
// go-echarts, regexp and encoding/json (about 400 KB gzipped) out of the
// module the reader downloads.
package chart

import "slices"

// Kind is how a chart draws its series.
type Kind string

// Chart kinds. Bars run across, a row per category, so that long category
// names (an option's GPUs, an API's model) stay readable on a phone.
const (
	Bars    Kind = "bars"    // one bar per category; values may carry colours
	Stacked Kind = "stacked" // series stacked on each category
	Lines   Kind = "lines"   // lines over a numeric x axis
)

// Palette colours series by their index, the same way in the chart and
// in its legend on the page; a view colours options by their index with
// it too, so that option b has one colour in every chart. Tableau 10, then
// two darker tones.
var Palette = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f3b73", "#8c6d31"}

// Day is a day in milliseconds, the shortest step of a time axis: the
// data are dated by the day.
const Day = 24 * 60 * 60 * 1000

// Color returns the colour of series i.
func Color(i int) string { return Palette[i%len(Palette)] }

// Chart is one chart: where it sits on the page and what it shows.
type Chart struct {
	ID, Title, Desc string
	Kind            Kind
	// Categories label the bars (Bars, Stacked).
	Categories []string
	// XName, XMin and XMax describe the numeric x axis (Lines); XLog
	// makes it logarithmic, for sizes that double.
	XName      string
	XMin, XMax float64
	XLog       bool
	// XTime: x values (XMin and XMax too) are Unix times in
	// milliseconds, shown as dates, a tick at most a Day apart.
	XTime bool
	// Step draws lines as steps that change at each point (prices).
	Step bool
	// Unit is the unit of the values, e.g. a currency code, and names the
	// value axis (across, for bars); YLog makes the value axis of Lines
	// logarithmic.
	Unit   string
	YLog   bool
	Series []Series
}

// Series is one series. A chart keeps the same series, in the same order,
// for every scenario, so that the browser can merge by ID; a series with
// nothing to show is Hidden (and left out of the legend).
type Series struct {
	ID, Name string
	// Values are bar heights, one per category.
	Values []float64
	// Colors, if set, colour each value (Bars).
	Colors []string
	// Points are (x, y) pairs of a line.
	Points [][2]float64
	// Marks are labelled vertical lines at an x value (Lines only).
	Marks  []Mark
	Hidden bool
	// Band, on Lines, makes the series a part of the error band of the
	// series whose ID is Of (see Bands): Ranges are its points as (x,
	// low, high).
	Band   BandPart
	Of     string
	Ranges [][3]float64
}

// BandPart is what part of an error band a series draws. ECharts shades
// between two lines by stacking: an invisible lower bound, and on it the
// band's width as a shaded area.
type BandPart uint8

// The parts of a band.
const (
	NotBand  BandPart = iota
	BandBase          // the lower bound, drawn as nothing, nameless so that no legend lists it
	BandArea          // the width above it, shaded; its data also carries low and high for the tooltip
)

// Bands returns the two series that shade the error band of series of:
// ranges are (x, low, high), name names the band in the legend. A hidden
// series, or one without ranges, has a hidden band.
func Bands(of Series, name string, ranges [][3]float64) [2]Series {
	hidden := of.Hidden || len(ranges) == 0
	return [2]Series{{ID: of.ID + "-lo", Band: BandBase, Of: of.ID, Ranges: ranges, Hidden: hidden},
		{ID: of.ID + "-band", Name: name, Band: BandArea, Of: of.ID, Ranges: ranges, Hidden: hidden}}
}

// Mark is a labelled vertical line.
type Mark struct {
	Name string
	X    float64
}

// Data returns the series' data in ECharts' form: bar values (with an
// itemStyle when coloured) or [x, y] pairs; none for a hidden series, which
// then costs ECharts nothing to draw.
func (s Series) Data() []any {
	if s.Hidden {
		return []any{}
	}
	if s.Band != NotBand {
		d := make([]any, len(s.Ranges))
		for i, r := range s.Ranges {
			if s.Band == BandBase {
				d[i] = []any{r[0], r[1]}
			} else {
				d[i] = []any{r[0], r[2] - r[1], r[1], r[2]}
			}
		}
		return d
	}
	if s.Points != nil {
		d := make([]any, len(s.Points))
		for i, p := range s.Points {
			d[i] = []any{p[0], p[1]}
		}
		return d
	}
	d := make([]any, len(s.Values))
	for i, v := range s.Values {
		if i < len(s.Colors) {
			d[i] = map[string]any{"value": v, "itemStyle": map[string]any{"color": s.Colors[i]}}
		} else {
			d[i] = v
		}
	}
	return d
}

// MarkData returns the marks in the form of ECharts' markLine.data.
func (s Series) MarkData() []any {
	d := make([]any, len(s.Marks))
	for i, m := range s.Marks {
		d[i] = map[string]any{"name": m.Name, "xAxis": m.X}
	}
	return d
}

// Legend returns the names of the series that are shown (a band's
// nameless base is not), each once: ECharts shows and hides every series
// of a name with its entry.
func (c Chart) Legend() []any {
	var names []any
	for i, s := range c.Series {
		if c.InLegend(i) {
			names = append(names, s.Name)
		}
	}
	return names
}

// InLegend reports whether series i has the legend's entry of its name:
// it is shown, named, and the first shown series of that name.
func (c Chart) InLegend(i int) bool {
	s := c.Series[i]
	return !s.Hidden && s.Name != "" &&
		!slices.ContainsFunc(c.Series[:i], func(o Series) bool { return !o.Hidden && o.Name == s.Name })
}

// ColorIndex is the index in Palette of series i's colour: its own
// index, or for a part of an error band that of the series it shades.
func (c Chart) ColorIndex(i int) int {
	if s := c.Series[i]; s.Band != NotBand {
		if j := slices.IndexFunc(c.Series, func(o Series) bool { return o.ID == s.Of }); j >= 0 {
			return j
		}
	}
	return i
}

// Height is the chart's height in CSS pixels: bars take a row per
// category, with room below for the axis and its name.
func (c Chart) Height() int {
	if c.Kind == Lines {
		return 320
	}
	return max(160, 64+40*len(c.Categories))
}

// Patch returns the part of the chart's ECharts option that depends on the
// scenario, for echarts' setOption to merge into the full option: axes,
// legend, and each series' name, data and (on lines) marks, matched by id.
func (c Chart) Patch() map[string]any {
	x, y := map[string]any{}, map[string]any{"name": c.Unit}
	switch {
	case c.Kind != Lines:
		x, y = y, map[string]any{"data": anys(c.Categories)}
	default:
		x["min"], x["max"] = c.XMin, c.XMax
	}
	series := make([]any, len(c.Series))
	for i, s := range c.Series {
		sr := map[string]any{"id": s.ID, "name": s.Name, "data": s.Data()}
		if c.Kind == Lines {
			sr["markLine"] = map[string]any{"data": s.MarkData()}
		}
		series[i] = sr
	}
	return map[string]any{
		"xAxis":  []any{x},
		"yAxis":  []any{y},
		"legend": []any{map[string]any{"data": c.Legend()}},
		"series": series,
	}
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Equal reports whether two charts show the same.
func (c Chart) Equal(d Chart) bool {
	if c.ID != d.ID || c.Title != d.Title || c.Desc != d.Desc || c.Kind != d.Kind || c.XName != d.XName ||
		c.XMin != d.XMin || c.XMax != d.XMax || c.XLog != d.XLog || c.XTime != d.XTime || c.Step != d.Step ||
		c.Unit != d.Unit || c.YLog != d.YLog || !slices.Equal(c.Categories, d.Categories) || len(c.Series) != len(d.Series) {
		return false
	}
	for i, s := range c.Series {
		t := d.Series[i]
		if s.ID != t.ID || s.Name != t.Name || s.Hidden != t.Hidden || !slices.Equal(s.Values, t.Values) ||
			!slices.Equal(s.Colors, t.Colors) || !slices.Equal(s.Points, t.Points) || !slices.Equal(s.Marks, t.Marks) ||
			s.Band != t.Band || s.Of != t.Of || !slices.Equal(s.Ranges, t.Ranges) {
			return false
		}
	}
	return true
}
