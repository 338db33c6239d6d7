package sitebuild

import (
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// padded matches a figure written with more decimals than it has, such
// as "3.000" or "50,000.000": a trailing zero after the decimal point.
var padded = regexp.MustCompile(`<td>[\d,]*\.\d*0[ <]`)

// The tables of defaults and prices print each figure with the precision
// the data gives it: the period as "3", not "3.000"; a rent of $0.8048 an
// hour in full, not rounded to 0.805.
func TestDataTablesPrintFiguresAsPrecise(t *testing.T) {
	tables := DataTables(datasettest.Load(t), "/", testMsgs(t))
	for _, name := range []string{"tco-defaults", "memory-defaults", "perf-defaults", "gpu-prices", "gpus"} {
		if m := padded.FindString(tables[name]()); m != "" {
			t.Errorf("%s: %q has padded decimals", name, m)
		}
	}
	for name, want := range map[string]string{"tco-defaults": "<td>Period (years)</td><td>3</td>",
		"memory-defaults": "<td>Sampler memory per logit (bytes)</td><td>38.9</td>", "gpu-prices": "<td>rent per GPU-hour</td><td>0.8048"} {
		if got := tables[name](); !strings.Contains(got, want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
}
