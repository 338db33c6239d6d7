// Package echart builds the full Apache ECharts option for a chart.Chart
// with go-echarts' opts types: the look of each kind of chart (axes,
// tooltip, legend, stacking, mark lines) and the chart's data. The pages
// embed this option; the browser module later merges chart.Chart.Patch
// into it, so every key that Patch writes must be set here from the same
// fields.
package echart

import (
	"encoding/json"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/infercost/infercost/wasm/chart"
)

// Option is the top level of an ECharts option on a rectangular grid. It
// stands in for go-echarts' charts package, which pulls html/template.
type Option struct {
	Animation bool          `json:"animation"`
	Tooltip   *opts.Tooltip `json:"tooltip,omitempty"`
	Legend    *opts.Legend  `json:"legend,omitempty"`
	Grid      *opts.Grid    `json:"grid,omitempty"`
	XAxis     []opts.XAxis  `json:"xAxis"`
	YAxis     []opts.YAxis  `json:"yAxis"`
	Series    []Series      `json:"series"`
}

// Series is one series of bars or a line; ID is what Patch merges by.
type Series struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Type       string          `json:"type"` // "bar" or "line"
	Stack      string          `json:"stack,omitempty"`
	Data       []any           `json:"data"`
	MarkLine   *opts.MarkLines `json:"markLine,omitempty"`
	ShowSymbol *bool           `json:"showSymbol,omitempty"`
	Label      *opts.Label     `json:"label,omitempty"`
	Step       string          `json:"step,omitempty"`
}

// New returns the full option for c.
func New(c chart.Chart) Option {
	o := Option{
		// Redrawing as the reader types: animating every keystroke only
		// costs time.
		Animation: false,
		Tooltip:   &opts.Tooltip{Show: opts.Bool(true), Trigger: "item"},
		Legend:    &opts.Legend{Show: opts.Bool(true), Bottom: "0", Data: c.Legend()},
		Grid:      &opts.Grid{Left: "3%", Right: "4%", Top: "12%", Bottom: "14%", ContainLabel: opts.Bool(true)},
		YAxis:     []opts.YAxis{{Type: "value", Name: c.YName, AxisLabel: &opts.AxisLabel{Formatter: "{value}"}}},
	}
	if c.Kind == chart.Lines {
		o.Tooltip.Trigger = "axis"
		o.XAxis = []opts.XAxis{{Type: "value", Name: c.XName, Min: c.XMin, Max: c.XMax}}
		switch {
		case c.XLog:
			o.XAxis[0].Type = "log"
		case c.XTime:
			o.XAxis[0].Type, o.XAxis[0].Min, o.XAxis[0].Max = "time", nil, nil
		}
	} else {
		o.XAxis = []opts.XAxis{{Type: "category", Data: c.Categories}}
	}
	if c.YLog {
		o.YAxis[0].Type = "log"
	}
	if c.Kind == chart.Bars {
		o.Legend.Show = opts.Bool(false)
	}
	noSymbol := false
	markLabel := "{b}: {c}"
	if c.XName != "" {
		markLabel += " " + c.XName
	}
	for _, s := range c.Series {
		sr := Series{ID: s.ID, Name: s.Name, Type: "bar", Data: s.Data()}
		switch c.Kind {
		case chart.Lines:
			sr.Type, sr.ShowSymbol = "line", &noSymbol
			if c.Step {
				sr.Step = "end"
			}
			sr.MarkLine = &opts.MarkLines{Data: s.MarkData(), MarkLineStyle: opts.MarkLineStyle{
				Symbol: []string{"none", "none"},
				Label:  &opts.Label{Show: opts.Bool(true), Formatter: markLabel},
			}}
		case chart.Stacked:
			sr.Stack = "total"
		case chart.Bars:
			sr.Label = &opts.Label{Show: opts.Bool(true), Position: "top"}
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
