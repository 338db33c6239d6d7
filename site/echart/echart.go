// Package echart builds the full Apache ECharts option for a chart.Chart
// with go-echarts' opts types: the look of each kind of chart (axes,
// tooltip, stacking, mark lines, colours) and the chart's data. The pages
// embed this option; the browser module later merges chart.Chart.Patch
// into it, so every key that Patch writes must be set here from the same
// fields.
//
// The layout is fixed in pixels rather than measured: ECharts otherwise
// measures every axis label again on each redraw, and the page draws the
// legend as HTML buttons (keyboard-accessible, wrapping on a phone), which
// also spares ECharts a component per redraw. The page formats numbers
// (axis labels, tooltips, bar and mark labels) in the reader's locale,
// since an option in JSON cannot carry a function.
package echart

import (
	"encoding/json"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/infercost/infercost/wasm/chart"
)

// Option is the top level of an ECharts option on a rectangular grid. It
// stands in for go-echarts' charts package, which pulls html/template.
type Option struct {
	Animation bool          `json:"animation"`
	Tooltip   *opts.Tooltip `json:"tooltip,omitempty"`
	Legend    *opts.Legend  `json:"legend,omitempty"`
	Grid      *Grid         `json:"grid,omitempty"`
	XAxis     []Axis        `json:"xAxis"`
	YAxis     []Axis        `json:"yAxis"`
	Series    []Series      `json:"series"`
	// Layouts are not ECharts': the page takes them out and sets the one
	// that fits the chart's width (see Layout).
	Layouts []Layout `json:"layouts,omitempty"`
}

// Layout is a layout for charts at most MaxWidth pixels wide (any width,
// when 0); the page sets the first that fits when a chart is drawn or
// resized: bars keep less room for category names on a phone. ECharts'
// own media queries would do the same at a cost on every redraw.
type Layout struct {
	MaxWidth int    `json:"maxWidth,omitempty"`
	Grid     Grid   `json:"grid"`
	XAxis    []Axis `json:"xAxis"`
	YAxis    []Axis `json:"yAxis"`
}

// Grid is go-echarts' grid with ECharts 6's outerBoundsMode, which "none"
// turns off label measuring.
type Grid struct {
	opts.Grid
	OuterBoundsMode string `json:"outerBoundsMode,omitempty"`
}

// Axis is go-echarts' axis with the label and name settings of ECharts 6
// that it lacks, and the shortest gap between ticks (on a time axis, in
// milliseconds).
type Axis struct {
	opts.YAxis
	AxisLabel     *AxisLabel      `json:"axisLabel,omitempty"`
	NameTextStyle *opts.TextStyle `json:"nameTextStyle,omitempty"`
	MinInterval   float64         `json:"minInterval,omitempty"`
}

// AxisLabel wraps category names longer than Width pixels into lines
// LineHeight pixels apart. Interval 0 shows every name without measuring
// them for overlaps first.
type AxisLabel struct {
	Interval   *int   `json:"interval,omitempty"`
	Width      int    `json:"width,omitempty"`
	Overflow   string `json:"overflow,omitempty"`
	FontSize   int    `json:"fontSize,omitempty"`
	LineHeight int    `json:"lineHeight,omitempty"`
}

// Series is one series of bars or a line; ID is what Patch merges by.
type Series struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Type       string          `json:"type"` // "bar" or "line"
	Stack      string          `json:"stack,omitempty"`
	Data       []any           `json:"data"`
	ItemStyle  *opts.ItemStyle `json:"itemStyle,omitempty"`
	LineStyle  *opts.LineStyle `json:"lineStyle,omitempty"`
	MarkLine   *opts.MarkLines `json:"markLine,omitempty"`
	AreaStyle  *opts.AreaStyle `json:"areaStyle,omitempty"`
	ShowSymbol *bool           `json:"showSymbol,omitempty"`
	Label      *opts.Label     `json:"label,omitempty"`
	Step       string          `json:"step,omitempty"`
	// BarGap "-100%" lays a bar series over the others rather than
	// beside them; Encode maps its data's columns to the axes.
	BarGap string         `json:"barGap,omitempty"`
	Encode map[string]int `json:"encode,omitempty"`
	// Silent series take no pointer events: no tooltip, no highlight.
	Silent bool `json:"silent,omitempty"`
}

// Bars leave categoryWidth pixels on the left for the category names,
// wrapped, and less on charts up to phoneWidth pixels wide; axis names sit
// nameGap pixels from their axis.
const (
	categoryWidth      = 140
	phoneWidth         = 480
	phoneCategoryWidth = 104
	nameGap            = 28
)

// barLayout leaves names pixels for the category names, in type of size
// font, and room on the right for the value labels, with about ticks ticks
// on the value axis.
func barLayout(names, font, ticks int) Layout {
	return Layout{
		Grid:  Grid{opts.Grid{Left: strconv.Itoa(names + 16), Right: "72", Top: "8", Bottom: "48"}, "none"},
		XAxis: []Axis{{YAxis: opts.YAxis{SplitNumber: ticks}}},
		YAxis: []Axis{{AxisLabel: &AxisLabel{Width: names, FontSize: font, LineHeight: font + 1}}},
	}
}

// New returns the full option for c.
func New(c chart.Chart) Option {
	o := Option{
		// Redrawing as the reader types: animating every keystroke only
		// costs time.
		Animation: false,
		Tooltip:   &opts.Tooltip{Show: opts.Bool(true), Trigger: "item"},
		// Hidden: the page shows the legend as HTML and toggles series
		// through ECharts' legend actions.
		Legend: &opts.Legend{Show: opts.Bool(false), Data: c.Legend()},
	}
	// The value axis is named by the unit: below it for bars, above it
	// (starting at the axis) for lines.
	value := Axis{YAxis: opts.YAxis{Type: "value", Name: c.Unit}}
	if c.Kind == chart.Lines {
		o.Tooltip.Trigger = "axis"
		// Room on the left for compact axis labels ("1.2M").
		o.Grid = &Grid{opts.Grid{Left: "56", Right: "24", Top: "40", Bottom: "48"}, "none"}
		x := Axis{YAxis: opts.YAxis{Type: "value", Name: c.XName, NameLocation: "middle", NameGap: nameGap, Min: c.XMin, Max: c.XMax}}
		switch {
		case c.XLog:
			x.Type = "log"
		case c.XTime:
			// The data are dated by the day: ticks of hours would
			// only divide days.
			x.Type, x.MinInterval = "time", chart.Day
		}
		value.NameTextStyle = &opts.TextStyle{Align: "left"}
		if c.YLog {
			value.Type = "log"
		}
		o.XAxis, o.YAxis = []Axis{x}, []Axis{value}
	} else {
		value.NameLocation, value.NameGap = "middle", nameGap
		o.XAxis = []Axis{value}
		// Names wrap within a row, in smaller type on a phone.
		wide, narrow := barLayout(categoryWidth, 12, 5), barLayout(phoneCategoryWidth, 11, 3)
		narrow.MaxWidth = phoneWidth
		// The option starts in the wide layout.
		every, label := 0, *wide.YAxis[0].AxisLabel
		label.Interval, label.Overflow = &every, "break"
		o.YAxis = []Axis{{YAxis: opts.YAxis{Type: "category", Data: c.Categories, Inverse: opts.Bool(true)}, AxisLabel: &label}}
		o.Grid, o.XAxis[0].SplitNumber = &wide.Grid, wide.XAxis[0].SplitNumber
		o.Layouts = []Layout{narrow, wide}
	}
	noSymbol := false
	for i, s := range c.Series {
		sr := Series{ID: s.ID, Name: s.Name, Type: "bar", Data: s.Data(), ItemStyle: &opts.ItemStyle{Color: chart.Color(i)}}
		switch c.Kind {
		case chart.Lines:
			sr.Type, sr.ShowSymbol = "line", &noSymbol
			sr.LineStyle = &opts.LineStyle{Color: chart.Color(i)}
			if c.Step {
				sr.Step = "end"
			}
			// A mark's label runs along its line, inside the plot: above
			// the line's end it would be cut by the box near the right edge.
			sr.MarkLine = &opts.MarkLines{Data: s.MarkData(), MarkLineStyle: opts.MarkLineStyle{
				Symbol: []string{"none", "none"},
				Label:  &opts.Label{Show: opts.Bool(true), Position: "insideEndTop"},
			}}
			if s.Band != chart.NotBand {
				band(&sr, c, i)
			}
		case chart.Stacked:
			sr.Stack = "total"
		case chart.Bars:
			if s.Band != chart.NotBand {
				barBand(&sr, s)
				break
			}
			sr.Label = &opts.Label{Show: opts.Bool(true), Position: "right"}
		}
		o.Series = append(o.Series, sr)
	}
	return o
}

// JSON returns the option as JSON.
func (o Option) JSON() string {
	b, err := json.Marshal(o)
	if err != nil {
		// Only NaN and Inf fail, and views never produce them.
		panic("echart: " + err.Error())
	}
	return string(b)
}

// barBand draws a part of the error band of bars (chart.Bands, its
// ranges' x the bar's index): both parts stacked over the bars they shade
// rather than beside them, the width above the lower bound a translucent
// grey, since the bars below differ in colour.
func barBand(sr *Series, s chart.Series) {
	sr.Stack, sr.BarGap = "band-"+s.Of, "-100%"
	// A range is (index, width, low, high): the index is the category
	// axis (y, as bars run across) and the width the value axis.
	sr.Encode = map[string]int{"x": 1, "y": 0}
	// The lower bound is nothing to point at.
	sr.ItemStyle, sr.Silent = &opts.ItemStyle{Color: "transparent"}, true
	if s.Band == chart.BandArea {
		sr.Silent = false
		sr.ItemStyle = &opts.ItemStyle{Color: bandGrey, Opacity: opts.Float(0.35)}
	}
}

// bandGrey shades the error band of bars.
const bandGrey = "#6b7280"

// band draws a part of an error band (chart.Bands) in the colour of the
// series it shades: both parts stacked, without lines or marks, the width
// above the lower bound shaded.
func band(sr *Series, c chart.Chart, i int) {
	s, color := c.Series[i], chart.Color(c.ColorIndex(i))
	sr.Stack, sr.MarkLine = "band-"+s.Of, nil
	sr.ItemStyle = &opts.ItemStyle{Color: color}
	sr.LineStyle = &opts.LineStyle{Color: color, Opacity: opts.Float(0)}
	if s.Band == chart.BandArea {
		sr.AreaStyle = &opts.AreaStyle{Color: color, Opacity: opts.Float(0.18)}
	}
}
