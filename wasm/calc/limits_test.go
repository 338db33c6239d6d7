package calc_test

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// nonsense is what no figure, band or message may read: a value that is
// not finite, or a number of 40 digits (a float printed in full).
var nonsense = regexp.MustCompile(`NaN|Infinity|\bInf\b|\d{40}`)

// Every field of every calculator at its largest and at its smallest
// value, and every choice at its last option, gives figures that are
// finite and read as numbers, as do all of a calculator's fields at
// their largest and at their smallest at once: a link may ask for any of
// them. The browser walks the links of all fields at once and gen's
// corpus (gen's TestHostileAndHeavyLinks), on every edition the build
// has, the held ones included; the figures of each field's
// own links are the engine's alone, so they are checked here, where a
// link takes milliseconds instead of a page load.
func TestEveryFieldAtItsLimitsGivesSensibleFigures(t *testing.T) {
	e := datasettest.Editions(t, datasettest.Today)
	s := set(e)
	links := 0
	for _, name := range sitedata.Calculators {
		var queries, allMax, allMin []string
		for _, in := range s.Page(name, "").Inputs {
			switch {
			case len(in.Choices) > 0:
				last := in.Key + "=" + in.Choices[len(in.Choices)-1].Value
				queries, allMax = append(queries, last), append(allMax, last)
			case in.Text:
			default:
				hi, lo := in.Key+"="+scenario.FormatNumber(in.Max), in.Key+"="+scenario.FormatNumber(in.Min)
				queries = append(queries, hi, lo)
				allMax, allMin = append(allMax, hi), append(allMin, lo)
			}
		}
		queries = append(queries, strings.Join(allMax, "&"), strings.Join(allMin, "&"))
		for _, q := range queries {
			links++
			if bad := senseless(s.Page(name, q)); len(bad) > 0 {
				t.Errorf("%s/?%s: %q", name, q, bad)
			}
		}
	}
	t.Logf("%d links", links)
}

// senseless returns what of page p is not a sensible figure: cell values
// that are not finite, and texts, bands, problems and chart options that
// read as nonsense or do not encode as JSON (which has no NaN).
func senseless(p view.Page) []string {
	var bad []string
	check := func(where, text string) {
		if nonsense.MatchString(text) {
			bad = append(bad, where+": "+text)
		}
	}
	for _, c := range p.Cells() {
		for _, v := range []float64{c.Value, c.Low, c.High} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				bad = append(bad, c.Key+" is not finite")
			}
		}
		check(c.Key, c.Text+" "+c.Band+" "+c.Note)
	}
	check("headline", p.Headline.Text)
	for _, f := range p.Headline.Figures {
		check("headline", f.Text+" "+f.Band)
	}
	for _, pr := range p.Problems {
		check("problem", pr)
	}
	for _, in := range p.Inputs {
		check(in.Key, in.Error+" "+in.Note)
	}
	for _, c := range p.Charts {
		if _, err := json.Marshal(c); err != nil {
			bad = append(bad, "chart: "+err.Error())
		}
	}
	return bad
}
