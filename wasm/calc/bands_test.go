package calc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Every estimated figure of every calculator shows its error band, or
// says why it has none. A figure is estimated when it moves with the
// estimators: the page built again with the speed estimator's
// efficiencies and the memory model's driver reserve changed shows
// another value. So a new figure computed from an estimate fails here
// until it carries a band (or a reason), without a list to keep up.
// Yes/no cells (unit "bool") have no range and are left out, and so are
// cells that show no figure (band.HasFigure: "does not fit", "never"),
// which carry no band mark at all, and a place of a ranking that another
// option fills once the estimates move (the cell's Option differs): it
// holds another option's figure, not a moved one.
func TestEveryEstimatedFigureHasABandOrSaysWhyNot(t *testing.T) {
	e, _, err := accuracy.LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	latest := e.DataDates()[len(e.Data)-1]
	d := e.Data[latest]
	if len(d.Bands.Bands) == 0 {
		t.Fatalf("edition %s has no bands", latest)
	}
	moved := d
	moved.Perf.Defaults.ComputeEfficiency.Value *= 0.7
	moved.Perf.Defaults.MemoryEfficiency.Value *= 0.7
	// And those of each GPU architecture and precision, which replace
	// them where an edition has them.
	moved.Perf.Defaults.EfficiencyBy = slices.Clone(d.Perf.Defaults.EfficiencyBy)
	for i := range moved.Perf.Defaults.EfficiencyBy {
		moved.Perf.Defaults.EfficiencyBy[i].Compute.Value *= 0.7
		moved.Perf.Defaults.EfficiencyBy[i].Memory.Value *= 0.7
	}
	// And those of each era of engine builds.
	moved.Perf.Defaults.Builds = slices.Clone(d.Perf.Defaults.Builds)
	for i := range moved.Perf.Defaults.Builds {
		moved.Perf.Defaults.Builds[i].Compute.Value *= 0.7
		moved.Perf.Defaults.Builds[i].Memory.Value *= 0.7
	}
	moved.Memory.Defaults.DriverReservedGiB.Value += 3
	var s, m = set(e), set(e)
	m.Load(latest, moved)
	checked := map[string]int{}
	for _, name := range sitedata.Calculators {
		for _, q := range append(append([]string{""}, presetQueries(d, name)...), probes[name]...) {
			q = edition.With(q, latest)
			was := m.Page(name, q).CellsByKey()
			for _, c := range s.Page(name, q).Cells() {
				w, ok := was[c.Key]
				if !ok || !band.HasFigure(c) || c.Unit == "bool" || w.Value == c.Value || w.Option != c.Option {
					continue
				}
				checked[name]++
				if c.Band == "" && c.BandNote == "" {
					t.Errorf("%s?%s: %s (%s) moves with the estimators (%g → %g) but has no band and no reason", name, q, c.Key, c.Text, c.Value, w.Value)
				}
				if c.Band != "" && !(c.Low <= c.High && c.Low > 0) {
					t.Errorf("%s?%s: %s has the band %g to %g", name, q, c.Key, c.Low, c.High)
				}
			}
		}
	}
	for _, name := range sitedata.Calculators {
		if checked[name] == 0 {
			t.Errorf("%s: no estimated figure found; the test no longer moves its estimates", name)
		}
	}
	t.Logf("estimated figures checked: %v", checked)
}

// From the edition that has platform bands, a figure on an AMD GPU takes
// the band of the published runs on AMD GPUs, and says so; the same
// figure on an NVIDIA GPU keeps its workload's band, and the same link
// pinned to the edition before keeps the band it had.
func TestAFigureOnAnAMDGPUTakesTheAMDBand(t *testing.T) {
	e, _, err := accuracy.LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	dates := e.DataDates()
	i := slices.IndexFunc(dates, func(d string) bool { return e.Data[d].Perf.Defaults.PlatformBands.Value == 1 })
	if i < 1 {
		t.Fatalf("no edition after the first has platform bands: %v", dates)
	}
	s := set(e)
	note := func(q, date string) string {
		c := s.Page("performance", edition.With(q, date)).CellsByKey()["a.tokens_per_s_gpu"]
		if c.Band == "" {
			t.Errorf("%s, edition %s: %q without a band (%s)", q, date, c.Text, c.BandNote)
		}
		return c.BandNote
	}
	const amd = "all workloads on AMD GPUs"
	if got := note("gpu=mi300x&model=llama-3.1-8b", dates[i]); !strings.Contains(got, amd) {
		t.Errorf("MI300X, edition %s: band note %q; want the AMD runs' band", dates[i], got)
	}
	if got := note("gpu=h100-sxm&model=llama-3.1-8b", dates[i]); strings.Contains(got, "AMD") {
		t.Errorf("H100, edition %s: band note %q; want its workload's band", dates[i], got)
	}
	if got := note("gpu=mi300x&model=llama-3.1-8b", dates[i-1]); strings.Contains(got, "AMD") {
		t.Errorf("MI300X, edition %s: band note %q; want the band it had", dates[i-1], got)
	}
}
