// Package viewtest helps the views' tests and fuzz targets: queries that
// reach every field (Set, Extremes), checks of a page's cells (Explained)
// and charts (ChartSeries), and pagecheck's checks of what every page must
// hold (Finite, Text).
package viewtest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
	"github.com/infercost/infercost/wasm/view/pagecheck"
)

// Finite and Text are pagecheck's: the build checks presets with that
// package, which is no test helper.
var (
	Finite = pagecheck.Finite
	Text   = pagecheck.Text
)

// Set returns query q with one more parameter, for fuzz targets that
// reach every field with extreme values: the field of inputs at index
// field (modulo their number) set to v, or, for a choice field, to its
// choice at index v (modulo their number).
func Set(q string, inputs []scenario.Input, field uint8, v float64) string {
	if len(inputs) == 0 {
		return q
	}
	in := inputs[int(field)%len(inputs)]
	value := strconv.FormatFloat(v, 'g', -1, 64)
	if in.IsChoice() {
		i := 0
		if !math.IsNaN(v) && math.Abs(v) < 1e9 {
			i = int(math.Abs(v))
		}
		value = in.Choices[i%len(in.Choices)].Value
	}
	return q + "&" + scenario.QueryEscape(in.Key) + "=" + scenario.QueryEscape(value)
}

// Extremes returns queries that set number fields of inputs to the ends
// of their ranges: each field alone to its Min, its Max and, when 0 is
// allowed, its smallest positive value; then all fields at once to each.
func Extremes(inputs []scenario.Input) []string {
	var qs []string
	all := make([]string, 3)
	for _, in := range inputs {
		if in.IsChoice() {
			continue
		}
		least := in.Least
		if least == 0 {
			least = scenario.DefaultLeast
		}
		for i, v := range []float64{in.Min, in.Max, max(in.Min, least)} {
			if in.Integer {
				v = math.Ceil(v)
			}
			p := scenario.QueryEscape(in.Key) + "=" + scenario.FormatNumber(v)
			qs = append(qs, p)
			all[i] += "&" + p
		}
	}
	return append(qs, all...)
}

// Explained returns an error naming the first cell of the page that shows
// no figure ("–") without a note that says why, or that shows no figure
// (no digit: a dash or a reason in its place, or Order Absent) with an
// error band or the mark of a missing one ("±?"): there is no number to
// be uncertain.
func Explained(p view.Page) error {
	for _, c := range p.Cells() {
		if c.Text == "–" && c.Note == "" {
			return fmt.Errorf("cell %s shows – without saying why", c.Key)
		}
		if (!strings.ContainsAny(c.Text, "0123456789") || c.Order == view.Absent) && (c.Band != "" || c.BandNote != "") {
			return fmt.Errorf("cell %s shows %q with an error band", c.Key, c.Text)
		}
	}
	return nil
}

// ChartSeries returns the series of the chart of id among charts, by
// their IDs; none when no chart has that id.
func ChartSeries(charts []chart.Chart, id string) map[string]chart.Series {
	series := map[string]chart.Series{}
	for _, c := range charts {
		if c.ID == id {
			for _, s := range c.Series {
				series[s.ID] = s
			}
		}
	}
	return series
}
