package main

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/sitedata"
)

// accuracyTables are the tables of the estimators' errors against the
// calibration table, keyed by block name: for each methodology page, the
// errors summed up by kind and the table of every measured figure. The
// estimators run once, when a page first embeds one of them.
func accuracyTables(all sitedata.Data, cal calibration.Table, base string) map[string]func() string {
	report := sync.OnceValue(func() accuracy.Report { return accuracy.Measure(cal, accuracy.Today{Perf: all.Perf}) })
	speed := []accuracy.Metric{accuracy.Throughput, accuracy.TTFT, accuracy.TPOT, accuracy.E2E}
	kv := []accuracy.Metric{accuracy.KVCapacity}
	a := accuracyPage{all: all, cal: cal, base: base}
	return map[string]func() string{
		"perf-accuracy-summary":   func() string { return accuracySummary(report(), speed) },
		"perf-accuracy-rows":      func() string { return a.rows(report(), speed) },
		"memory-accuracy-summary": func() string { return accuracySummary(report(), kv) },
		"memory-accuracy-rows":    func() string { return a.rows(report(), kv) },
		"memory-accuracy-engines": func() string {
			return accuracyByEngine(accuracy.Measure(cal, accuracy.Today{Perf: all.Perf, Engine: memview.DefaultEngine}), report())
		},
	}
}

// accuracyByEngine is the KV-capacity errors per serving engine, with
// vLLM's memory accounting for every engine (before) and with each
// engine's own (after): figures, median |error| and median signed error.
func accuracyByEngine(before, after accuracy.Report) string {
	b := accuracy.SummarizeByEngine(before.Comparisons, accuracy.KVCapacity)
	a := accuracy.SummarizeByEngine(after.Comparisons, accuracy.KVCapacity)
	cell := func(s accuracy.Summary) string {
		return fmt.Sprintf("%.1f %% (%s)", 100*s.MedianAbs, percent(s.Median))
	}
	now := map[string]string{}
	for _, s := range a {
		now[s.Engine] = cell(s.Summary)
	}
	var rows [][]string
	for _, s := range b {
		name := engineNames[s.Engine]
		if s.Engine == "" {
			name = "all engines"
		}
		rows = append(rows, []string{html.EscapeString(name), strconv.Itoa(s.N), cell(s.Summary), now[s.Engine]})
	}
	return htmlTable([]string{"Engine", "Start-up logs", "vLLM's accounting for every engine: median |error| (signed)", "Each engine's own accounting"}, rows)
}

// percent writes a signed error as a percentage.
func percent(v float64) string { return fmt.Sprintf("%+.1f %%", 100*v) }

// accuracySummary is the errors of each kind of the metrics: how many
// figures, the median of |error| and of the signed error, and the 10th to
// 90th percentile band; a metric measured but never estimated says so.
func accuracySummary(rep accuracy.Report, metrics []accuracy.Metric) string {
	var rows [][]string
	sums := accuracy.Summarize(rep.Comparisons)
	for _, m := range metrics {
		compared := false
		for _, s := range sums {
			if s.Metric == m {
				compared = true
				rows = append(rows, []string{html.EscapeString(m.Label()), html.EscapeString(s.Workload.Label()), strconv.Itoa(s.N),
					fmt.Sprintf("%.1f %%", 100*s.MedianAbs), percent(s.Median), percent(s.P10) + " to " + percent(s.P90)})
			}
		}
		gaps := 0
		for _, g := range rep.Gaps {
			if g.Metric == m {
				gaps++
			}
		}
		if !compared && gaps > 0 {
			rows = append(rows, []string{html.EscapeString(m.Label()), "all", "0", "–", "–",
				"not estimated yet (" + strconv.Itoa(gaps) + " published figures)"})
		}
	}
	return htmlTable([]string{"Figure", "Workload", "Published figures", "Median |error|", "Median error", "10th–90th percentile of errors"}, rows)
}

// accuracyPage writes the per-figure table of a methodology page.
type accuracyPage struct {
	all  sitedata.Data
	cal  calibration.Table
	base string
}

// rows is every measured figure of the metrics, in the calibration
// table's order: the source, the setting, the figure, InferCost's estimate
// and its error, or the reason there is none.
func (a accuracyPage) rows(rep accuracy.Report, metrics []accuracy.Metric) string {
	// Figures in ms and GiB have a decimal; tokens and tokens/s none.
	value := func(v float64, unit string) string {
		if unit == "ms" || unit == "GiB per GPU" {
			return money.Group(v, 1)
		}
		return money.Group(v, 0)
	}
	type cells struct {
		metric accuracy.Metric
		td     []string
	}
	byRow := map[string][]cells{}
	for _, c := range rep.Comparisons {
		if slices.Contains(metrics, c.Metric) {
			byRow[c.Row.ID] = append(byRow[c.Row.ID], cells{c.Metric, []string{figureLabel(c.Metric, c.Stat, c.Unit),
				value(c.Measured, c.Unit), value(c.Estimate, c.Unit), percent(c.Err)}})
		}
	}
	for _, g := range rep.Gaps {
		if slices.Contains(metrics, g.Metric) {
			byRow[g.Row.ID] = append(byRow[g.Row.ID], cells{g.Metric, []string{figureLabel(g.Metric, g.Stat, g.Unit),
				value(g.Measured, g.Unit), html.EscapeString(g.Reason), "–"}})
		}
	}
	var rows [][]string
	for _, r := range a.cal.Rows {
		fs := byRow[r.ID]
		slices.SortStableFunc(fs, func(a, b cells) int { return int(a.metric) - int(b.metric) })
		for _, f := range fs {
			rows = append(rows, append([]string{a.source(r.Source), html.EscapeString(a.setting(r))}, f.td...))
		}
	}
	return htmlTable([]string{"Source", "Setting", "Figure", "Measured", "InferCost", "Error"}, rows)
}

// figureLabel names a compared figure: metric, statistic and unit.
func figureLabel(m accuracy.Metric, stat, unit string) string {
	s := m.Label()
	if stat != "" && stat != "value" {
		s += ", " + stat
	}
	return html.EscapeString(s + " (" + unit + ")")
}

// source links a calibration source by the start of its title, the whole
// title in the link's tooltip.
func (a accuracyPage) source(key string) string {
	s := a.cal.Sources[key]
	short := s.Title
	if i := strings.IndexAny(short, "(:"); i > 0 {
		short = strings.TrimRight(short[:i], " ,")
	}
	return `<a href="` + html.EscapeString(site.Meta{Base: a.base}.SourceURL(s.URL)) + `" title="` + html.EscapeString(s.Title) + `">` +
		html.EscapeString(short) + `</a>`
}

// engineNames are the serving engines as their projects write them.
var engineNames = map[string]string{"vllm": "vLLM", "sglang": "SGLang", "trtllm": "TensorRT-LLM", "tgi": "TGI"}

// setting describes a row's setting for readers: model, GPUs, formats,
// engine, and load with lengths.
func (a accuracyPage) setting(r calibration.Row) string {
	name := r.HFModel
	if m, ok := a.all.Memory.Models.Find(r.Model); ok {
		name = m.Name
	}
	g, _ := a.all.Memory.GPUs.Find(r.GPU)
	w, _ := memory.FindFormat(memory.WeightFormats, r.Weights)
	kv := "KV cache not stated"
	if f, ok := memory.FindFormat(memory.KVFormats, r.KV); ok {
		kv = f.Label + " KV cache"
	}
	s := name + " on " + strconv.Itoa(r.GPUs) + " x " + g.Name
	if tp := max(r.TP, 1); tp > 1 && tp != r.GPUs {
		s += " (TP " + strconv.Itoa(tp) + ")"
	}
	s += ", " + w.Label + " weights, " + kv + "; " + engineNames[r.Engine] + "; "
	switch r.Load {
	case calibration.Offline:
		s += "every request at once"
	case calibration.Static:
		s += "static batch of " + strconv.Itoa(r.Batch)
	case calibration.Concurrency:
		s += strconv.Itoa(r.Concurrency) + " requests in flight"
	case calibration.Rate:
		s += money.Group(r.RateRPS, -1) + " requests/s"
	case calibration.Startup:
		return s + "start-up, memory fraction " + money.Group(r.MemFraction, -1) + ", longest sequence " + money.Group(float64(r.MaxModelLen), 0) + " tokens"
	}
	lengths := money.Group(math.Round(r.Input), 0) + " in / " + money.Group(math.Round(r.Output), 0) + " out tokens"
	if r.Dataset != "fixed" {
		lengths = "mean " + lengths + " (" + map[string]string{"random": "random lengths", "sharegpt": "ShareGPT"}[r.Dataset] + ")"
	}
	return s + ", " + lengths
}
