package band_test

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/view"
)

// A band worked by hand from six throughput errors, as accuracy.Summarize
// takes them (estimate / measured - 1), sorted:
//
//	-0.20, -0.10, 0.00, 0.05, 0.25, 0.50
//
// Nearest rank: the 10th percentile is the ceil(0.1 x 6) = 1st value,
// -0.20; the 90th the ceil(0.9 x 6) = 6th, +0.50. An estimate of 1,200
// tokens/s then stands for measurements between 1,200 / 1.5 = 800 and
// 1,200 / 0.8 = 1,500: -33 % to +25 % of the figure.
func TestBandOfAHandfulOfRunsByHand(t *testing.T) {
	tab := band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.Balanced, N: 6, P10: -0.20, P90: 0.50}}}
	c := tab.Cell(msg.English, view.Cell{Key: "a.t", Value: 1200, Unit: "tokens/s", Text: "1,200 tokens/s"},
		band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000}, false)
	if c.Low != 800 || c.High != 1500 {
		t.Errorf("range %g to %g; want 800 to 1500", c.Low, c.High)
	}
	if c.Band != "−33 %…+25 %" {
		t.Errorf("band text %q; want −33 %%…+25 %%", c.Band)
	}
	if want := "over 6 published runs of this kind (throughput, balanced)"; !contains(c.BandNote, want) {
		t.Errorf("note %q; want it to say %q", c.BandNote, want)
	}
	de, _ := msg.Parse("de", []byte("band.range: \"{low}…{high}\"\n"))
	if got := tab.Cell(de, view.Cell{Value: 1200, Unit: "tokens/s"}, band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000}, false).Band; got != "−33 %…+25 %" {
		t.Errorf("German band text %q", got)
	}
}

// A cost per token is the cluster's cost over the tokens it serves, so it
// falls as the throughput rises: its band is the throughput's inverted.
// With the band above, $2.00 per million tokens at the estimated 1,200
// tokens/s becomes $2.00 x 1,200 / 1,500 = $1.60 if the measured
// throughput is 1,500 and $2.00 x 1,200 / 800 = $3.00 at 800: $2.00 x (1 +
// P10) to $2.00 x (1 + P90).
func TestCostPerTokenBandIsTheThroughputBandInverted(t *testing.T) {
	b := band.Band{Metric: band.Throughput, N: 6, P10: -0.20, P90: 0.50}
	low, high := b.Inverse(2.00)
	if math.Abs(low-1.60) > 1e-12 || math.Abs(high-3.00) > 1e-12 {
		t.Errorf("cost band %g to %g; want 1.60 to 3.00", low, high)
	}
	// The same by the throughput's own range: cost = 2.00 x 1,200 / throughput.
	tpLow, tpHigh := b.Range(1200)
	if math.Abs(2.00*1200/tpHigh-low) > 1e-12 || math.Abs(2.00*1200/tpLow-high) > 1e-12 {
		t.Errorf("inverted bounds %g, %g; want %g, %g", low, high, 2.00*1200/tpHigh, 2.00*1200/tpLow)
	}
	tab := band.Table{Bands: []band.Band{b}}
	c := tab.Cell(msg.English, view.Cell{Value: 2, Unit: "USD", Text: "$2.00"}, band.Kind{Metric: band.Throughput}, true)
	if c.Low != 1.6 || c.High != 3 || c.Band != "−20 %…+50 %" || !contains(c.BandNote, "inversely proportional") {
		t.Errorf("cost cell %+v; want 1.6 to 3, −20 %%…+50 %%, said to be propagated", c)
	}
}

// A figure takes the band of its most specific kind with MinRuns runs,
// and with none says so rather than borrow a band of a few runs.
func TestBandOfTheMostSpecificKindWithEnoughRuns(t *testing.T) {
	tab := band.Table{Bands: []band.Band{
		{Metric: band.Throughput, Workload: band.All, N: 40, P10: -0.1, P90: 0.1},
		{Metric: band.Throughput, Workload: band.DecodeHeavy, N: 12, P10: -0.2, P90: 0.2},
		{Metric: band.Throughput, Workload: band.MoE, N: 4, P10: -0.3, P90: 0.3},
		{Metric: band.KVCapacity, Workload: band.All, N: 4, P10: -0.24, P90: 0.5},
	}}
	tests := []struct {
		name string
		k    band.Kind
		want band.Workload
		ok   bool
	}{
		{"decode-heavy", band.Kind{Metric: band.Throughput, Input: 128, Output: 2048}, band.DecodeHeavy, true},
		{"MoE with too few runs falls back to its shape", band.Kind{Metric: band.Throughput, Input: 128, Output: 2048, MoE: true}, band.DecodeHeavy, true},
		{"balanced has no band of its own", band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000}, band.All, true},
		{"KV capacity of 4 runs", band.Kind{Metric: band.KVCapacity}, band.All, false},
		{"no run at all", band.Kind{Metric: band.TTFT}, band.All, false},
	}
	for _, tt := range tests {
		b, ok := tab.For(tt.k)
		if ok != tt.ok || b.Workload != tt.want {
			t.Errorf("%s: got %v (%t); want %v (%t)", tt.name, b.Workload, ok, tt.want, tt.ok)
		}
	}
	c := tab.Cell(msg.English, view.Cell{Value: 1000, Unit: "tokens"}, band.Kind{Metric: band.KVCapacity}, false)
	if c.Band != "" || c.Low != 0 || c.BandNote != "No band: fewer than 5 published runs of this kind (4 in this data edition)." {
		t.Errorf("KV cell %+v; want no band and why", c)
	}
}

// A figure on a platform whose runs have a band of their own (AMD GPUs)
// takes it, for any workload, when it has MinRuns runs; a figure on
// another GPU never does, and with too few runs the platform's figure
// takes the band it would have anywhere.
func TestAFigureOnAPlatformTakesThePlatformsBand(t *testing.T) {
	amd := band.Band{Metric: band.Throughput, Workload: band.All, Platform: band.AMD, N: 74, P10: 0.002, P90: 2.384}
	tab := band.Table{Bands: []band.Band{
		{Metric: band.Throughput, Workload: band.All, N: 116, P10: -0.2, P90: 0.4},
		{Metric: band.Throughput, Workload: band.MoE, N: 40, P10: -0.3, P90: 0.9},
		amd,
		{Metric: band.TTFT, Workload: band.All, N: 50, P10: -0.7, P90: 0.6},
		{Metric: band.TTFT, Workload: band.All, Platform: band.AMD, N: 4, P10: -0.97, P90: 0.6},
	}}
	for _, tt := range []struct {
		name string
		k    band.Kind
		want band.Band
		ok   bool
	}{
		{"AMD throughput", band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000, Platform: band.AMD}, amd, true},
		{"AMD throughput of a MoE model", band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000, MoE: true, Platform: band.AMD}, amd, true},
		{"NVIDIA throughput", band.Kind{Metric: band.Throughput, Input: 1000, Output: 1000}, tab.Bands[0], true},
		{"AMD TTFT of too few runs", band.Kind{Metric: band.TTFT, Input: 1000, Output: 1000, Platform: band.AMD}, tab.Bands[3], true},
	} {
		if b, ok := tab.For(tt.k); ok != tt.ok || b != tt.want {
			t.Errorf("%s: got %+v (%t); want %+v (%t)", tt.name, b, ok, tt.want, tt.ok)
		}
	}
	c := tab.Cell(msg.English, view.Cell{Value: 393, Unit: "tokens/s"}, band.Kind{Metric: band.Throughput, Platform: band.AMD}, false)
	if !contains(c.BandNote, "74 published runs of this kind (throughput, all workloads on AMD GPUs)") {
		t.Errorf("AMD cell's note %q; want its kind named", c.BandNote)
	}
	if got := band.PlatformOf("AMD"); got != band.AMD {
		t.Errorf("PlatformOf(AMD) = %q", got)
	}
	if got := band.PlatformOf("NVIDIA"); got != "" {
		t.Errorf("PlatformOf(NVIDIA) = %q; want none", got)
	}
}

// contains reports whether s says sub.
func contains(s, sub string) bool { return strings.Contains(s, sub) }

// A whole count takes the count at either end of its estimate's range,
// not the count scaled. A demand of 1,000 tokens/s on GPUs estimated at
// 300 tokens/s each needs ⌈1,000 / 300⌉ = 4 (3.33 exactly). Errors from
// P10 −20 % to P90 +25 % put measured throughputs between 300 / 1.25 =
// 240 and 300 / 0.8 = 375 (Range): ⌈1,000 / 375⌉ = 3 (2.67) to
// ⌈1,000 / 240⌉ = 5 (4.17) GPUs, "−25 %…+25 %" of 4. The count scaled as
// the throughput's reciprocal (Inverse) would be 4 × 0.8 = 3.2 to
// 4 × 1.25 = 5, rounded up 4 to 5: never fewer GPUs than the estimate,
// though a faster GPU would need one fewer.
func TestWholeCountBandIsTheCountAtTheEstimatesBounds(t *testing.T) {
	tab := band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.All, N: 5, P10: -0.20, P90: 0.25}}}
	k := band.Kind{Metric: band.Throughput}
	gpus := func(scale float64) (float64, bool) { return math.Ceil(1000 / (300 * scale)), true }
	c, ok := tab.AtBounds(msg.English, view.Cell{Value: 4, Unit: "GPUs", Text: "4"}, k, "band.note_demand_gpus", gpus)
	if !ok || c.Low != 3 || c.High != 5 || c.Band != "−25 %…+25 %" {
		t.Errorf("GPUs %g to %g (%q, ok %v); want 3 to 5, −25 %%…+25 %%", c.Low, c.High, c.Band, ok)
	}
	if want := "over 5 published runs of this kind (throughput, all workloads)"; !contains(c.BandNote, want) {
		t.Errorf("note %q; want it to say %q", c.BandNote, want)
	}
	// A count that cannot be computed at a bound gets no band; the caller
	// says why.
	beyond := func(scale float64) (float64, bool) { return 0, scale > 1 }
	if c, ok := tab.AtBounds(msg.English, view.Cell{Value: 4, Unit: "GPUs"}, k, "band.note_demand_gpus", beyond); ok || c.Band != "" || c.BandNote != "" {
		t.Errorf("count beyond a bound: %q %q, ok %v; want no band and not ok", c.Band, c.BandNote, ok)
	}
	// Nothing to band, or too few runs: as Cell says.
	// No GPUs ("no demand set") is no figure: neither a band nor "±?".
	if c, _ := tab.AtBounds(msg.English, view.Cell{Value: 0, Unit: "GPUs", Text: "no demand set"}, k, "band.note_demand_gpus", gpus); c.Band != "" || c.BandNote != "" {
		t.Errorf("no GPUs: band %q, note %q; want neither", c.Band, c.BandNote)
	}
	few := band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.All, N: 4, P10: -0.20, P90: 0.25}}}
	if c, _ := few.AtBounds(msg.English, view.Cell{Value: 4, Unit: "GPUs"}, k, "band.note_demand_gpus", gpus); c.Band != "" || !contains(c.BandNote, "No band") {
		t.Errorf("4 runs: band %q, note %q; want none", c.Band, c.BandNote)
	}
}

// A chart's line of estimates is shaded with each point's range as a
// cell's: with errors from −20 % to +50 %, the estimate 1,200 stood for
// measurements from 1,200 / 1.5 = 800 to 1,200 / 0.8 = 1,500, and 600
// for 400 to 750. A kind without a band gives a hidden, empty band.
func TestALinesBandIsEachPointsRange(t *testing.T) {
	tab := band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.All, N: 6, P10: -0.20, P90: 0.50}}}
	line := chart.Series{ID: "tps", Name: "Throughput", Points: [][2]float64{{1, 1200}, {2, 600}}}
	s := tab.Series("Throughput's band", line, band.Kind{Metric: band.Throughput})
	want := [][3]float64{{1, 800, 1500}, {2, 400, 750}}
	if s[0].ID != "tps-lo" || s[1].ID != "tps-band" || s[1].Hidden || len(s[1].Ranges) != 2 {
		t.Fatalf("band series %+v", s)
	}
	for i, r := range s[1].Ranges {
		for j := range r {
			if math.Abs(r[j]-want[i][j]) > 1e-9 {
				t.Errorf("point %d: range %v; want %v", i, r, want[i])
			}
		}
	}
	if s[1].Name != "Throughput's band" || s[0].Name != "" {
		t.Errorf("band named %q, its base %q; want the name given on the band, none on its base", s[1].Name, s[0].Name)
	}
	if none := tab.Series("", line, band.Kind{Metric: band.TTFT}); !none[0].Hidden || !none[1].Hidden || len(none[1].Ranges) != 0 {
		t.Errorf("a kind without a band: %+v; want a hidden, empty band", none)
	}
}
