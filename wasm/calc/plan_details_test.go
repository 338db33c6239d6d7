package calc_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// TestPlanRowsOpenTheirFiguresOnTCO follows each ranked self-hosted
// row's details link of the default plan (the estimator's default
// lengths, an end-to-end target), and of the plan with two spare
// replicas, to /tco/: option a there is the row's, sized for the same
// demand at the same target with the same spare replicas, and its TCO
// over the period is the row's cost a month times the period's months.
func TestPlanRowsOpenTheirFiguresOnTCO(t *testing.T) {
	for _, q := range []string{"", "spare=2"} {
		planRowsOpenTheirFiguresOnTCO(t, q)
	}
}

func planRowsOpenTheirFiguresOnTCO(t *testing.T, query string) {
	d := datasettest.Load(t)
	plan := calc.Find("plan").Page(nil, query, d)
	cells := plan.CellsByKey()
	checked := 0
	for i := 1; ; i++ {
		place := "r" + strconv.Itoa(i)
		monthly, ok := cells[place+".monthly"]
		if !ok {
			break
		}
		link := cells[place+".details"].Option
		if !strings.HasPrefix(link, "tco/?") {
			continue
		}
		tco := calc.Find("tco").Page(nil, strings.TrimPrefix(link, "tco/?"), d).CellsByKey()
		got, want := tco["a.demand_tco"].Value, monthly.Value*36
		if math.Abs(got-want) > 0.01*36 {
			t.Errorf("%q %s (%s): /tco/ gives a TCO of %.2f over 3 years; the plan %.2f a month (%.2f)", query, place, cells[place+".option"].Text, got, monthly.Value, want)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("%q: %d self-hosted rows checked; want at least 5", query, checked)
	}
}
