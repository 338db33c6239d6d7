package calc_test

import (
	"slices"
	"testing"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Each calculator has its data file, in the same order: the data files
// are written, and the pages list the calculators, in one order.
func TestEveryCalculatorHasItsData(t *testing.T) {
	var names []string
	for _, c := range calc.Calculators {
		names = append(names, c.Name)
		if _, ok := (sitedata.Data{}).For(c.Name); !ok {
			t.Errorf("calculator %s has no data file (sitedata.Data.For)", c.Name)
		}
	}
	if !slices.Equal(names, sitedata.Calculators) {
		t.Errorf("calculators %v; the data files are %v", names, sitedata.Calculators)
	}
}
