// Package band is the error band an estimated figure is shown with: how
// far estimates of its kind (a metric, for a kind of workload) have been
// from published measurements, as the 10th and 90th percentile of the
// signed errors. Package accuracy computes the bands at build time from
// the calibration table, for each data edition; this package holds them
// in the edition's data, finds a figure's kind from its scenario, and
// turns a band into the range of values measurements have had around an
// estimate, for the calculators' cells, charts, exports and the API. It is
// small and free of fmt, so that the browser module can carry it.
package band

import (
	"math"
	"strconv"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/view"
)

// Metric is what a measured figure is.
type Metric int

// The metrics, in the order reports list them.
const (
	KVCapacity Metric = iota // KV-cache capacity at start-up, tokens
	Throughput               // output tokens per second
	TTFT                     // time to first token
	TPOT                     // time per output token after the first (TPOT or ITL)
	E2E                      // the whole request
)

// Metrics are all metrics in report order.
var Metrics = []Metric{KVCapacity, Throughput, TTFT, TPOT, E2E}

// Label is the metric's name for readers of the methodology pages.
func (m Metric) Label() string {
	return [...]string{"KV-cache capacity", "Throughput", "Time to first token", "Time per output token", "End-to-end latency"}[m]
}

// Workload is a kind of traffic a figure belongs to. A figure is in All,
// in one shape (PrefillHeavy, DecodeHeavy or Balanced) when it has
// lengths, and also in LongContext and MoE where they apply, so the kinds
// overlap.
type Workload int

// The workloads, in report order.
const (
	All          Workload = iota
	PrefillHeavy          // input at least 4 x output
	DecodeHeavy           // output at least 4 x input
	Balanced              // neither
	LongContext           // input of LongInput tokens or more
	MoE                   // a mixture-of-experts model
)

// Workloads are all workloads in report order.
var Workloads = []Workload{All, PrefillHeavy, DecodeHeavy, Balanced, LongContext, MoE}

// LongInput is the shortest input of a long-context figure, in tokens.
const LongInput = 8192

// Label is the workload's name for readers of the methodology pages.
func (w Workload) Label() string {
	return [...]string{"all", "prefill-heavy", "decode-heavy", "balanced", "long context", "MoE"}[w]
}

// WorkloadsOf returns the workloads of a figure whose requests have input
// and output tokens (0 and 0 for a figure without lengths, such as a
// KV-cache capacity), of a mixture-of-experts model or not. The
// calibration rows (accuracy.WorkloadsOf) and the calculators' figures are
// classified by this one function.
func WorkloadsOf(input, output float64, moe bool) []Workload {
	ws := []Workload{All}
	if input > 0 && output > 0 {
		switch {
		case input >= 4*output:
			ws = append(ws, PrefillHeavy)
		case output >= 4*input:
			ws = append(ws, DecodeHeavy)
		default:
			ws = append(ws, Balanced)
		}
		if input >= LongInput {
			ws = append(ws, LongContext)
		}
	}
	if moe {
		ws = append(ws, MoE)
	}
	return ws
}

// MinRuns is the fewest published figures of a kind that give it a band:
// with fewer, the 10th and 90th percentiles (nearest rank) are the
// extremes of a handful of runs, which says little, and the figure shows
// that it has no band rather than a made-up one.
const MinRuns = 5

// Band is the errors of one kind of estimated figure over N published
// measurements: P10 and P90 are the 10th and 90th percentiles (nearest
// rank) of the signed errors, estimate / measured - 1.
type Band struct {
	Metric   Metric   `json:"metric"`
	Workload Workload `json:"workload"`
	// Platform is set on the band of the runs on one platform's GPUs
	// (AMD), whose estimates have been off in their own way; such a band
	// is of all workloads.
	Platform string `json:"platform,omitempty"`
	// Build is set on the bands of the runs of one era of an engine's
	// builds (serving.Build Key), which the figures estimated for those
	// builds take.
	Build string  `json:"build,omitempty"`
	N     int     `json:"n"`
	P10   float64 `json:"p10"`
	P90   float64 `json:"p90"`
}

// AMD is the platform of AMD's GPUs (ROCm builds of the serving engines).
const AMD = "amd"

// PlatformOf returns the platform of a GPU by its vendor: AMD for AMD's,
// none for the others, whose runs make the bands of every kind.
func PlatformOf(vendor string) string {
	if vendor == "AMD" {
		return AMD
	}
	return ""
}

// Table is a data edition's bands, one per kind that has at least one
// comparison (those with fewer than MinRuns are kept, to say how many).
// Its zero value has no bands.
type Table struct {
	Bands []Band `json:"bands"`
}

// Kind is a figure's kind as a scenario gives it: its metric, the
// lengths of its requests (0 for none) and whether its model is a mixture
// of experts.
type Kind struct {
	Metric        Metric
	Input, Output float64
	MoE           bool
	Platform      string // PlatformOf the GPU's vendor
	Build         string // the era of the engine's builds estimated with, if any
}

// For returns the band of a figure of kind k: its platform's band when
// that has MinRuns published figures (estimates on AMD GPUs have been off
// in their own way, whatever the workload), else the band of its most
// specific workload that has MinRuns, in the order MoE, long context, its
// shape, all workloads (a figure of a mixture of experts is as wrong as
// MoE estimates have been, whatever its lengths): among the bands of its
// era of builds first, then among the shared ones. ok is false when none
// has: b is then the kind's most specific band with fewer runs, or the
// zero Band when there is none at all.
func (t Table) For(k Kind) (b Band, ok bool) {
	for _, c := range t.Bands {
		if k.Platform != "" && c.Platform == k.Platform && c.Metric == k.Metric && c.N >= MinRuns {
			return c, true
		}
	}
	if k.Build != "" {
		if b, ok := t.of(k, k.Build); ok {
			return b, true
		}
	}
	return t.of(k, "")
}

// of is For among the bands of an era of builds ("" the shared bands).
func (t Table) of(k Kind, build string) (b Band, ok bool) {
	ws := WorkloadsOf(k.Input, k.Output, k.MoE)
	found := false
	for i := len(ws) - 1; i >= 0; i-- {
		for _, c := range t.Bands {
			if c.Metric != k.Metric || c.Workload != ws[i] || c.Platform != "" || c.Build != build {
				continue
			}
			if c.N >= MinRuns {
				return c, true
			}
			if !found {
				b, found = c, true
			}
		}
	}
	return b, false
}

// Range returns the range of measured values that estimate v has stood
// for: a measurement m gave the error v/m - 1, so m = v / (1 + error), and
// the errors from P10 to P90 bound m between v/(1+P90) and v/(1+P10). An
// estimator that has been too high (a positive error) thus puts the range
// below the estimate.
func (b Band) Range(v float64) (low, high float64) { return v / (1 + b.P90), v / (1 + b.P10) }

// Series returns the two series that shade the error band of line of,
// whose points are estimates of kind k (chart.Bands), named name in the
// legend: each point's range as a cell's (Range), to four decimals;
// none, so a hidden band, when k has no band.
func (t Table) Series(name string, of chart.Series, k Kind) [2]chart.Series {
	var ranges [][3]float64
	if b, ok := t.For(k); ok {
		for _, p := range of.Points {
			low, high := b.Range(p[1])
			ranges = append(ranges, [3]float64{p[0], math.Round(low*1e4) / 1e4, math.Round(high*1e4) / 1e4})
		}
	}
	return chart.Bands(of, name, ranges)
}

// Inverse returns the range of a figure proportional to the reciprocal of
// an estimate of this band's kind (a cost per token from tokens per
// second; GPUs needed): v × (1+P10) to v × (1+P90), the bounds of Range
// inverted.
func (b Band) Inverse(v float64) (low, high float64) { return v * (1 + b.P10), v * (1 + b.P90) }

// Cell returns c, an estimated figure of kind k, with its band: Low and
// High from Range (or Inverse when inverse is set: a figure that falls as
// the estimate rises), Band as the range in percent of the figure
// ("−32 %…+12 %"), and BandNote what the band is, or why there is none.
// A cell without a figure (HasFigure) is returned as it is.
func (t Table) Cell(m *msg.Catalog, c view.Cell, k Kind, inverse bool) view.Cell {
	if !HasFigure(c) {
		return c
	}
	b, ok := t.For(k)
	if !ok {
		c.BandNote = m.F("band.none", "n", strconv.Itoa(MinRuns), "found", strconv.Itoa(b.N))
		return c
	}
	low, high := b.Range(c.Value)
	note := "band.note"
	if inverse {
		low, high = b.Inverse(c.Value)
		note = "band.note_inverse"
	}
	return Apply(m, c, low, high, m.F(note, "n", strconv.Itoa(b.N), "kind", KindText(m, b)))
}

// HasFigure reports whether c shows a figure that a band can bound: one
// with a unit, present, and above zero. A shortfall or nothing
// ("does not fit", "no demand set", "never", "–") shows no number to be
// uncertain, so it carries neither a band nor the mark of a missing one
// ("±?").
func HasFigure(c view.Cell) bool { return c.Unit != "" && c.Order != view.Absent && c.Value > 0 }

// Apply returns c with the range low to high and its note: the range
// rounded to 4 significant digits, and as text in percent of the figure,
// or "either way" when both ends are the figure (a count that
// the band does not change; "0 %…0 %" read as if there were no error).
// A figure whose range another band gives (GPUs needed, a break-even
// volume) is set with it directly.
func Apply(m *msg.Catalog, c view.Cell, low, high float64, note string) view.Cell {
	c.Low, c.High, c.BandNote = significant(low), significant(high), note
	switch {
	case c.Low == c.Value && c.High == c.Value:
		c.Band = m.T("band.same")
	case c.Value != 0:
		c.Band = m.F("band.range", "low", signed(m, low/c.Value-1), "high", signed(m, high/c.Value-1))
	}
	return c
}

// InCounts writes the band of a whole count (GPUs) as counts rather than
// shares of it, which read oddly for a few GPUs: "2…6", not
// "−33 %…+100 %".
func InCounts(m *msg.Catalog, c view.Cell) view.Cell {
	if c.Band != "" && (c.Low != c.Value || c.High != c.Value) {
		c.Band = m.F("band.range", "low", m.Num(c.Low, 0), "high", m.Num(c.High, 0))
	}
	return c
}

// AtBounds returns c, a figure computed from an estimate of kind k, with
// the band of the figure computed again from the estimate at either end
// of the range measurements have had around it (Range): at(scale) is the
// figure with the estimate scale times its value, false when it cannot
// be computed there. A figure that is no multiple of its estimate takes
// its band so, not by Range or Inverse, which scale the figure itself:
// a whole count (GPUs: ⌈demand ÷ capacity⌉) scaled would read one GPU
// for a model that takes a third of it as one to two, and its cost
// follows the whole GPUs. note is the message key of the band's note,
// given the band's runs (n) and kind. A figure without a band (no unit,
// none positive, a kind without MinRuns runs) is returned as Cell
// returns it; ok is false when at fails at either end, and c is then
// returned without a band, for the caller to say why.
func (t Table) AtBounds(m *msg.Catalog, c view.Cell, k Kind, note string, at func(scale float64) (float64, bool)) (_ view.Cell, ok bool) {
	b, found := t.For(k)
	if !HasFigure(c) || !found {
		return t.Cell(m, c, k, false), true
	}
	// The least the estimate has stood for, then the most.
	least, lowOK := at(1 / (1 + b.P90))
	most, highOK := at(1 / (1 + b.P10))
	if !lowOK || !highOK {
		return c, false
	}
	return Apply(m, c, math.Min(least, most), math.Max(least, most), m.F(note, "n", strconv.Itoa(b.N), "kind", KindText(m, b))), true
}

// KindText names a band's kind for readers: "throughput, decode-heavy",
// "throughput, all workloads on AMD GPUs".
func KindText(m *msg.Catalog, b Band) string {
	workload := m.T(workloadKeys[b.Workload])
	if b.Platform == AMD {
		workload = m.T("band.workload.all_amd")
	}
	return m.F("band.kind", "metric", m.T(metricKeys[b.Metric]), "workload", workload)
}

// metricKeys and workloadKeys are the message keys of the metrics' and
// workloads' names, by value.
var (
	metricKeys   = [...]string{"band.metric.kv", "band.metric.throughput", "band.metric.ttft", "band.metric.tpot", "band.metric.e2e"}
	workloadKeys = [...]string{"band.workload.all", "band.workload.prefill", "band.workload.decode", "band.workload.balanced",
		"band.workload.long", "band.workload.moe"}
)

// signed writes a share as a whole signed percentage with a true minus
// sign: "−32 %", "+12 %", "0 %".
func signed(m *msg.Catalog, share float64) string {
	p := math.Round(share * 100)
	switch {
	case p < 0:
		return "−" + m.Num(-p, 0) + " %"
	case p > 0:
		return "+" + m.Num(p, 0) + " %"
	}
	return "0 %"
}

// significant rounds v to 4 significant digits, enough for a bound whose
// percentiles come from a few dozen runs.
func significant(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	scale := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(v))))
	return math.Round(v*scale) / scale
}

// Estimate says how a cell is estimated: the kind of its estimate, and
// whether the figure falls as the estimate rises (Inverse: a cost per
// token from tokens per second), or, when None is set, the message key of
// why an estimated figure has no band whatever the data (no published
// benchmark reports figures of its kind).
type Estimate struct {
	Kind    Kind
	Inverse bool
	// Whole rounds the bounds up to whole numbers, as the figure is
	// (GPUs: a fraction of one is a whole one). It is the rule of the
	// data editions before a count took the count at its estimate's
	// bounds (Table.AtBounds), kept so that their links keep their bands.
	Whole bool
	None  string
}

// Mark gives every estimated cell of tables its band (Cell): of says
// which cells are estimated, by key, and how. A view calls it once its
// tables are laid out, so that each figure's band comes from the one
// table of kinds the view keeps beside its cells.
func (t Table) Mark(m *msg.Catalog, tables []view.Table, of func(key string) (Estimate, bool)) {
	for i := range tables {
		for j := range tables[i].Rows {
			cells := tables[i].Rows[j].Cells
			for k, c := range cells {
				e, ok := of(c.Key)
				switch {
				case !ok || !HasFigure(c):
				case e.None != "":
					cells[k].BandNote = m.T(e.None)
				default:
					cells[k] = t.Cell(m, c, e.Kind, e.Inverse)
					if e.Whole && cells[k].Band != "" {
						cells[k] = InCounts(m, Apply(m, cells[k], math.Ceil(cells[k].Low), math.Ceil(cells[k].High), cells[k].BandNote))
					}
				}
			}
		}
	}
}
