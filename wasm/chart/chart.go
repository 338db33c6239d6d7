// Package chart is the top level of an Apache ECharts option, assembled from
// go-echarts' opts types. It stands in for go-echarts' charts package, which
// pulls html/template and would double the browser module's size; the
// option JSON it writes is what echarts.setOption takes.
package chart

import (
	"encoding/json"

	"github.com/go-echarts/go-echarts/v2/opts"
)

// Option is an ECharts option for a chart on a rectangular grid.
type Option struct {
	Title   *opts.Title   `json:"title,omitempty"`
	Tooltip *opts.Tooltip `json:"tooltip,omitempty"`
	Legend  *opts.Legend  `json:"legend,omitempty"`
	Grid    *opts.Grid    `json:"grid,omitempty"`
	XAxis   []opts.XAxis  `json:"xAxis"`
	YAxis   []opts.YAxis  `json:"yAxis"`
	Series  []Series      `json:"series"`
}

// Series is one series of bars or a line.
type Series struct {
	Name       string          `json:"name"`
	Type       string          `json:"type"` // "bar" or "line"
	Stack      string          `json:"stack,omitempty"`
	Data       any             `json:"data"` // []opts.BarData or []opts.LineData
	MarkLine   *opts.MarkLines `json:"markLine,omitempty"`
	ShowSymbol *bool           `json:"showSymbol,omitempty"`
	Label      *opts.Label     `json:"label,omitempty"`
}

// JSON returns the option as JSON.
func (o Option) JSON() string {
	b, err := json.Marshal(o)
	if err != nil {
		// Only unsupported values (NaN, Inf) fail, and views never produce them.
		panic("chart: " + err.Error())
	}
	return string(b)
}
