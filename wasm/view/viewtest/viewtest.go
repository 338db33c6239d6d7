// Package viewtest checks, for tests and fuzz targets, what every
// calculator page must hold whatever its query: only finite numbers, and
// figures written short.
package viewtest

import (
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// notFinite matches what strconv and fmt write for NaN and infinities
// ("NaN", "+Inf", "-Inf") but not words that start with "Inf".
var notFinite = regexp.MustCompile(`NaN|Inf(?:[^a-z]|$)`)

// longNumber matches a figure of more than 18 digits (thousands
// separators and a decimal point allowed): no display figure needs one.
var longNumber = regexp.MustCompile(`\d(?:[,.]?\d){18}`)

// Finite returns an error naming the first value of the page, as the
// browser receives it (Page.Update), that is NaN or infinite, a text that
// shows NaN or an infinity, or a text with a figure of more than 18
// digits.
func Finite(p view.Page) error {
	return check("update", p.Update())
}

// Text returns an error if s shows NaN, an infinity or a figure of more
// than 18 digits, e.g. an exported file.
func Text(where, s string) error {
	if m := notFinite.FindString(s); m != "" {
		return fmt.Errorf("%s shows %q: %.200q", where, m, s)
	}
	if m := longNumber.FindString(s); m != "" {
		return fmt.Errorf("%s shows a figure of too many digits: %.200q", where, s)
	}
	return nil
}

func check(path string, v any) error {
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s is %v", path, v)
		}
	case string:
		return Text(path, v)
	case []any:
		for i, e := range v {
			if err := check(fmt.Sprintf("%s[%d]", path, i), e); err != nil {
				return err
			}
		}
	case map[string]any:
		for k, e := range v {
			if err := check(path+"."+k, e); err != nil {
				return err
			}
		}
	}
	return nil
}

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
// no figure ("–") without a note that says why.
func Explained(p view.Page) error {
	for _, c := range p.Cells() {
		if c.Text == "–" && c.Note == "" {
			return fmt.Errorf("cell %s shows – without saying why", c.Key)
		}
	}
	return nil
}
