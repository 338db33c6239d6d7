// Package pagecheck checks what every calculator page must hold whatever
// its query (Finite: only finite numbers, figures written short) and what
// a preset's page must show (Preset). The build checks every preset with
// it; the views' tests and fuzz targets (package viewtest) check every
// page.
package pagecheck

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

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

// Preset returns an error naming the first thing a preset's page must
// not show, for the build's checks of every preset: a value that is not
// finite (Finite), no explanation, a problem message, a dash among its
// results (the shown columns of results of its first table's shown rows,
// except in a row with no figure at all, such as an offer the scenario
// does not price), or an
// input value no one would type (Readable).
func Preset(p view.Page) error {
	if err := Finite(p); err != nil {
		return err
	}
	if p.Explanation == "" {
		return fmt.Errorf("the page does not explain the preset")
	}
	if len(p.Problems) > 0 {
		return fmt.Errorf("the page reports %q", p.Problems[0])
	}
	if len(p.Tables) > 0 {
		t := p.Tables[0]
		for _, r := range t.Rows {
			if r.Hidden {
				continue
			}
			var blank []string
			for i, c := range r.Cells {
				// A named table's first cell names the row.
				if t.Named && i == 0 {
					continue
				}
				if results(t.Columns[i]) && (c.Text == "–" || c.Text == "") {
					blank = append(blank, t.Columns[i].Title)
				}
			}
			if n := shown(t); len(blank) > 0 && len(blank) < n && !(t.Named && len(blank) == n-1) {
				return fmt.Errorf("%s: %q shows no figure for %v", t.Title, r.Label, blank)
			}
		}
	}
	for _, in := range p.Inputs {
		if _, err := strconv.ParseFloat(in.Value, 64); err == nil && !in.IsChoice() && !Readable(in.Value) {
			return fmt.Errorf("field %q (%s) reads %s", in.Key, in.Label, in.Value)
		}
	}
	return nil
}

// shown counts a table's shown columns of results.
func shown(t view.Table) int {
	n := 0
	for _, c := range t.Columns {
		if results(c) {
			n++
		}
	}
	return n
}

// results reports whether a column shows results: it is shown, and not
// one of buttons (view.Column.Toggle).
func results(c view.Column) bool { return !c.Hidden && c.Toggle == "" }

// Readable reports whether a number is one a person would type: a whole
// number, one of at most 4 significant digits (0.0002, 3.43, 7.14), or
// one of at most 2 decimals (140.18 GiB, $1,339.25); not
// 16427.104722792606, nor 16427.1047.
func Readable(value string) bool {
	v, err := strconv.ParseFloat(value, 64)
	if err != nil || v == math.Trunc(v) {
		return err == nil
	}
	_, decimals, _ := strings.Cut(value, ".")
	digits := strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(value, "-"), ".", ""), "0")
	return len(decimals) <= 2 || len(strings.TrimRight(digits, "0")) <= 4
}
