package sitebuild

import (
	"fmt"
	"html"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/infercost/infercost/wasm/serving"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/sitedata"
)

// accuracyTables are the tables of the estimators' errors against the
// calibration table, keyed by block name, in every language of msgs (see
// inLangs): for each methodology page, the errors summed up by kind and
// the table of every measured figure. The estimators run once, when a
// page first embeds one of them.
func accuracyTables(all sitedata.Data, cal calibration.Table, snapshots []calibration.Table, heldOut accuracy.HeldOut, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	report := sync.OnceValue(func() accuracy.Report { return accuracy.Measure(cal, accuracy.Today{Perf: all.PerfData()}) })
	// The imported snapshots, measured apart for their own table.
	imported := sync.OnceValue(func() []importedReport {
		var out []importedReport
		for _, t := range snapshots {
			if len(t.Rows) > 0 { // a snapshot whose runs enter with a held edition has none yet
				out = append(out, importedReport{t, accuracy.Measure(t, accuracy.Today{Perf: all.PerfData()})})
			}
		}
		return out
	})
	speed := []accuracy.Metric{accuracy.Throughput, accuracy.TTFT, accuracy.TPOT, accuracy.E2E}
	kv := []accuracy.Metric{accuracy.KVCapacity}
	a := accuracyPage{all: all, cal: cal, base: base}
	// The runs on AMD GPUs, which make bands of their own from the edition
	// that has platform bands.
	amd := func(cs []accuracy.Comparison) []accuracy.Comparison {
		if all.Perf.Defaults.PlatformBands.Value != 1 {
			return nil
		}
		return accuracy.OnPlatform(cs, all.GPUs, band.AMD)
	}
	// Every engine's start-up rows with vLLM's accounting, for the table
	// of what each engine's own accounting changes.
	vllmOnly := sync.OnceValue(func() accuracy.Report {
		return accuracy.Measure(cal, accuracy.Today{Perf: all.PerfData(), Engine: serving.DefaultEngine})
	})
	// The speed rows with the shared efficiencies alone, for the table of
	// what the efficiencies by architecture and precision change.
	sharedOnly := sync.OnceValue(func() accuracy.Report {
		p := all.PerfData()
		p.Defaults.EfficiencyBy = nil
		return accuracy.Measure(cal, accuracy.Today{Perf: p})
	})
	// The runs of the eras of engine builds, with the shared figures
	// (before) and the eras' own (after).
	eras := sync.OnceValue(func() [2]accuracy.Report {
		p := all.PerfData()
		var rows calibration.Table
		for _, b := range p.Defaults.Builds {
			rows.Rows = append(rows.Rows, accuracy.OfBuild(p, b, append([]calibration.Table{cal}, snapshots...)...).Rows...)
		}
		after := accuracy.Measure(rows, accuracy.Today{Perf: p})
		p.Defaults.Builds = nil
		return [2]accuracy.Report{accuracy.Measure(rows, accuracy.Today{Perf: p}), after}
	})
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{
		"perf-builds":             func(m *msg.Catalog) string { return buildsTable(m, all.PerfData(), eras(), heldOut) },
		"perf-builds-models":      func(m *msg.Catalog) string { return heldOutModels(m, all, heldOut) },
		"perf-efficiency-groups":  func(m *msg.Catalog) string { return efficiencyGroups(m, all, sharedOnly(), report()) },
		"perf-accuracy-summary":   func(m *msg.Catalog) string { return accuracySummary(m, report(), speed, amd) },
		"perf-accuracy-rows":      func(m *msg.Catalog) string { return a.rows(m, report(), speed) },
		"memory-accuracy-summary": func(m *msg.Catalog) string { return accuracySummary(m, report(), kv, amd) },
		"memory-accuracy-rows":    func(m *msg.Catalog) string { return a.rows(m, report(), kv) },
		"memory-accuracy-engines": func(m *msg.Catalog) string { return accuracyByEngine(m, vllmOnly(), report()) },
		"perf-imported-summary":   func(m *msg.Catalog) string { return importedSummary(m, imported()) },
	})
}

// metricLabel names a kind of figure in the catalog's language
// (accuracy.Metric.Label is English).
func metricLabel(m *msg.Catalog, metric accuracy.Metric) string {
	return m.T([...]string{"doc.acc.kv", "doc.acc.throughput", "doc.acc.ttft", "doc.acc.tpot", "doc.acc.e2e"}[metric])
}

// workloadLabel names a kind of traffic in the catalog's language.
func workloadLabel(m *msg.Catalog, w accuracy.Workload) string {
	return m.T([...]string{"doc.acc.w.all", "doc.acc.w.prefill", "doc.acc.w.decode", "doc.acc.w.balanced", "doc.acc.w.long", "doc.acc.w.moe"}[w])
}

// accuracyByEngine is the KV-capacity errors per serving engine, with
// vLLM's memory accounting for every engine (before) and with each
// engine's own (after): figures, median |error| and median signed error.
func accuracyByEngine(m *msg.Catalog, before, after accuracy.Report) string {
	b := accuracy.SummarizeByEngine(before.Comparisons, accuracy.KVCapacity)
	a := accuracy.SummarizeByEngine(after.Comparisons, accuracy.KVCapacity)
	cell := func(s accuracy.Summary) string {
		return m.Digits(fmt.Sprintf("%.1f %%", 100*s.MedianAbs)) + " (" + percentIn(m, s.Median) + ")"
	}
	now := map[string]string{}
	for _, s := range a {
		now[s.Engine] = cell(s.Summary)
	}
	var rows [][]string
	for _, s := range b {
		name := engineNames[s.Engine]
		if s.Engine == "" {
			name = m.T("doc.acc.eng.all")
		}
		rows = append(rows, []string{html.EscapeString(name), m.Num(float64(s.N), 0), cell(s.Summary), now[s.Engine]})
	}
	return htmlTable(heads(m, "doc.acc.eng.engine", "doc.acc.eng.logs", "doc.acc.eng.before", "doc.acc.eng.after"), rows)
}

// errorCells are a summary's figures, its median |error|, median signed
// error and 10th to 90th percentile band.
func errorCells(m *msg.Catalog, s accuracy.Summary) []string {
	return []string{m.Num(float64(s.N), 0), m.Digits(fmt.Sprintf("%.1f %%", 100*s.MedianAbs)), percentIn(m, s.Median),
		m.F("doc.acc.band", "low", percentIn(m, s.P10), "high", percentIn(m, s.P90))}
}

// importedReport is a snapshot of imported runs and today's estimator's
// report on it.
type importedReport struct {
	table  calibration.Table
	report accuracy.Report
}

// importedSummary is, for each snapshot of imported runs, the errors of
// its latencies by serving engine (runs, median |error|, median signed
// error, 10th to 90th percentile), by the statistic the runs give (the
// mean, or the median where they give it), and of its throughput where
// the runs give it; the runs not estimated by reason (in English, as the
// estimator gives them) and the runs the import left out by reason.
func importedSummary(m *msg.Catalog, reps []importedReport) string {
	var b strings.Builder
	for _, r := range reps {
		var rows [][]string
		for _, metric := range []accuracy.Metric{accuracy.Throughput, accuracy.TTFT, accuracy.TPOT, accuracy.E2E} {
			stat := ""
			if i := slices.IndexFunc(r.report.Comparisons, func(c accuracy.Comparison) bool { return c.Metric == metric }); i >= 0 {
				stat = map[string]string{"mean": "perf.stat.mean", "P50": "doc.acc.imp.median"}[r.report.Comparisons[i].Stat]
			}
			for _, s := range accuracy.SummarizeByEngine(r.report.Comparisons, metric) {
				name := engineNames[s.Engine]
				if s.Engine == "" {
					name = m.T("doc.acc.eng.all")
				}
				label := metricLabel(m, metric)
				if stat != "" {
					label += " (" + m.T(stat) + ")"
				}
				rows = append(rows, append([]string{html.EscapeString(label), html.EscapeString(name)}, errorCells(m, s.Summary)...))
			}
		}
		b.WriteString(htmlTable(heads(m, "doc.acc.figure", "doc.acc.eng.engine", "doc.acc.imp.runs", "doc.acc.median_abs", "doc.acc.median", "doc.acc.p10_p90"), rows))
		// A run is counted once, under the reason for its first figure.
		gaps := map[string]int{}
		seen := map[string]bool{}
		for _, g := range r.report.Gaps {
			if !seen[g.Row.ID] {
				seen[g.Row.ID] = true
				gaps[g.Reason]++
			}
		}
		var left [][]string
		for _, reason := range slices.Sorted(maps.Keys(gaps)) {
			left = append(left, []string{html.EscapeString(reason), m.Num(float64(gaps[reason]), 0)})
		}
		for _, d := range r.table.Dropped {
			left = append(left, []string{html.EscapeString(m.T("doc.acc.imp.dropped") + d.Reason), m.Num(float64(d.Runs), 0)})
		}
		b.WriteString(htmlTable(heads(m, "doc.acc.imp.why", "doc.acc.imp.runs"), left))
	}
	return b.String()
}

// accuracySummary is the errors of each kind of the metrics: how many
// figures, the median of |error| and of the signed error, and the 10th to
// 90th percentile band; a metric measured but never estimated says so.
// The comparisons platform picks (those on AMD GPUs, or none) add a row
// of all their workloads to each metric, as their bands do.
func accuracySummary(m *msg.Catalog, rep accuracy.Report, metrics []accuracy.Metric, platform func([]accuracy.Comparison) []accuracy.Comparison) string {
	var rows [][]string
	row := func(s accuracy.Summary, workload string) []string {
		return append([]string{html.EscapeString(metricLabel(m, s.Metric)), html.EscapeString(workload)}, errorCells(m, s)...)
	}
	sums := accuracy.Summarize(rep.Comparisons)
	onPlatform := accuracy.Summarize(platform(rep.Comparisons))
	for _, metric := range metrics {
		compared := false
		for _, s := range sums {
			if s.Metric == metric {
				compared = true
				rows = append(rows, row(s, workloadLabel(m, s.Workload)))
			}
		}
		for _, s := range onPlatform {
			if s.Metric == metric && s.Workload == accuracy.All {
				rows = append(rows, row(s, m.T("doc.acc.w.all_amd")))
			}
		}
		gaps := 0
		for _, g := range rep.Gaps {
			if g.Metric == metric {
				gaps++
			}
		}
		if !compared && gaps > 0 {
			rows = append(rows, []string{html.EscapeString(metricLabel(m, metric)), html.EscapeString(workloadLabel(m, accuracy.All)), "0", "–", "–",
				html.EscapeString(m.F("doc.acc.not_estimated", "n", strconv.Itoa(gaps)))})
		}
	}
	return htmlTable(heads(m, "doc.acc.figure", "doc.acc.workload", "doc.acc.published", "doc.acc.median_abs", "doc.acc.median", "doc.acc.p10_p90"), rows)
}

// efficiencyGroups is the table of the compute and memory efficiencies by
// GPU architecture and precision: for each, the catalog's GPUs of the
// architecture, the efficiencies, and the group's published speed figures
// and their sources, with their median |error| with the shared
// efficiencies (shared) and with the group's (grouped), on the runs the
// fit saw.
func efficiencyGroups(m *msg.Catalog, all sitedata.Data, shared, grouped accuracy.Report) string {
	est := accuracy.Today{Perf: all.PerfData()}
	// of is the group's sorted |errors| in rep, and its sources.
	of := func(rep accuracy.Report, g accuracy.Group) (abs []float64, sources []string) {
		for _, c := range rep.Comparisons {
			if rg, ok := est.GroupOf(c.Row); ok && rg == g && c.Metric != accuracy.KVCapacity {
				abs = append(abs, math.Abs(c.Err))
				if !slices.Contains(sources, c.Row.Source) {
					sources = append(sources, c.Row.Source)
				}
			}
		}
		slices.Sort(abs)
		return abs, sources
	}
	medianAbs := func(abs []float64) string {
		if len(abs) == 0 {
			return "–"
		}
		return m.Digits(fmt.Sprintf("%.1f %%", 100*perf.Median(abs)))
	}
	var rows [][]string
	for _, ge := range all.Perf.Defaults.EfficiencyBy {
		var gpus []string
		for _, g := range all.GPUs.GPUs {
			if g.Arch == ge.Arch {
				gpus = append(gpus, g.Name)
			}
		}
		g := accuracy.Group{Arch: ge.Arch, Precision: ge.Precision}
		before, _ := of(shared, g)
		after, sources := of(grouped, g)
		rows = append(rows, []string{html.EscapeString(ge.Arch), html.EscapeString(serving.PrecisionLabel(ge.Precision)), html.EscapeString(strings.Join(gpus, ", ")),
			m.Num(ge.Compute.Value, 3), m.Num(ge.Memory.Value, 3), m.Num(float64(len(after)), 0), m.Num(float64(len(sources)), 0), medianAbs(before), medianAbs(after)})
	}
	if len(rows) == 0 {
		return "<p>" + html.EscapeString(m.T("doc.eff.none")) + "</p>"
	}
	return htmlTable(heads(m, "doc.eff.arch", "doc.eff.precision", "doc.eff.gpus", "doc.t.perf.mfu", "doc.t.perf.mbu", "doc.acc.published",
		"doc.eff.sources", "doc.eff.shared", "doc.eff.grouped"), rows)
}

// accuracyPage writes the per-figure table of a methodology page.
type accuracyPage struct {
	all  sitedata.Data
	cal  calibration.Table
	base string
}

// rows is every measured figure of the metrics, under its source (each
// source's title once, as a heading row of its own rows, in the order the
// calibration table first cites it): the setting, the figure, InferCost's
// estimate and its error, or the reason there is none (the engine's, in
// English).
func (a accuracyPage) rows(m *msg.Catalog, rep accuracy.Report, metrics []accuracy.Metric) string {
	// Figures in ms and GiB have a decimal; tokens and tokens/s none.
	value := func(v float64, unit string) string {
		if unit == "ms" || unit == "GiB per GPU" {
			return m.Num(v, 1)
		}
		return m.Num(v, 0)
	}
	type cells struct {
		metric accuracy.Metric
		td     []string
	}
	byRow := map[string][]cells{}
	for _, c := range rep.Comparisons {
		if slices.Contains(metrics, c.Metric) {
			byRow[c.Row.ID] = append(byRow[c.Row.ID], cells{c.Metric, []string{figureLabel(m, c.Metric, c.Stat, c.Unit),
				value(c.Measured, c.Unit), value(c.Estimate, c.Unit), percentIn(m, c.Err)}})
		}
	}
	for _, g := range rep.Gaps {
		if slices.Contains(metrics, g.Metric) {
			byRow[g.Row.ID] = append(byRow[g.Row.ID], cells{g.Metric, []string{figureLabel(m, g.Metric, g.Stat, g.Unit),
				value(g.Measured, g.Unit), html.EscapeString(g.Reason), "–"}})
		}
	}
	var order []string
	bySource := map[string][][]string{}
	for _, r := range a.cal.Rows {
		fs := byRow[r.ID]
		if len(fs) == 0 {
			continue
		}
		if _, ok := bySource[r.Source]; !ok {
			order = append(order, r.Source)
		}
		slices.SortStableFunc(fs, func(a, b cells) int { return int(a.metric) - int(b.metric) })
		for _, f := range fs {
			bySource[r.Source] = append(bySource[r.Source], append([]string{html.EscapeString(a.setting(m, r))}, f.td...))
		}
	}
	head := heads(m, "doc.acc.setting", "doc.acc.figure", "doc.acc.measured", "doc.t.infercost", "doc.t.error")
	var b strings.Builder
	b.WriteString(tableStart(head))
	for _, key := range order {
		s := a.cal.Sources[key]
		fmt.Fprintf(&b, `<tbody><tr class="source"><th colspan="%d" scope="rowgroup"><a href="%s">%s</a></th></tr>`,
			len(head), html.EscapeString(site.Meta{Base: a.base}.SourceURL(s.URL)), html.EscapeString(s.TitleIn(m)))
		writeRows(&b, bySource[key])
		b.WriteString("</tbody>")
	}
	b.WriteString(tableEnd)
	return b.String()
}

// onGPUs names a measured setup's model on its GPUs, with the tensor
// parallelism where it is not all of them (" (TP 4)" after 8 GPUs).
func onGPUs(m *msg.Catalog, model string, gpus int, gpu string, tp int) string {
	s := m.F("doc.t.on_gpus", "model", model, "n", strconv.Itoa(gpus), "gpu", gpu)
	if tp = max(tp, 1); tp > 1 && tp != gpus {
		s += " (TP " + strconv.Itoa(tp) + ")"
	}
	return s
}

// units are the keys of the calibration's units (accuracy's figures
// name them in English).
var units = map[string]string{"tokens": "doc.acc.u.tokens", "GiB per GPU": "doc.acc.u.gib_gpu", "ms": "doc.acc.u.ms",
	"output tokens/s": "doc.acc.u.out_tps", "output tokens/s per GPU": "doc.acc.u.out_tps_gpu",
	"tokens/s, input and output": "doc.acc.u.total_tps", "requests/s": "doc.acc.u.rps"}

// figureLabel names a compared figure: metric, statistic and unit.
func figureLabel(m *msg.Catalog, metric accuracy.Metric, stat, unit string) string {
	s := metricLabel(m, metric)
	if stat == "mean" {
		stat = m.T("doc.acc.mean")
	}
	if stat != "" && stat != "value" {
		s += ", " + stat
	}
	if k, ok := units[unit]; ok {
		unit = m.T(k)
	}
	return html.EscapeString(s + " (" + unit + ")")
}

// engineNames are the serving engines as their projects write them.
var engineNames = map[string]string{"vllm": "vLLM", "sglang": "SGLang", "trtllm": "TensorRT-LLM", "tgi": "TGI"}

// setting describes a row's setting for readers: model, GPUs, formats,
// engine, and load with lengths.
func (a accuracyPage) setting(m *msg.Catalog, r calibration.Row) string {
	name := r.HFModel
	if md, ok := a.all.Models.Find(r.Model); ok {
		name = md.Name
	}
	g, _ := a.all.GPUs.Find(r.GPU)
	w, _ := memory.FindFormat(memory.WeightFormats, r.Weights)
	kv := m.T("doc.acc.kv_unstated")
	if f, ok := memory.FindFormat(memory.KVFormats, r.KV); ok {
		kv = m.F("doc.acc.kv_format", "format", f.Label)
	}
	s := onGPUs(m, name, r.GPUs, g.Name, r.TP) + ", " + m.F("doc.acc.weights", "format", w.Label) + ", " + kv + "; " + engineNames[r.Engine] + "; "
	switch r.Load {
	case calibration.Offline:
		s += m.T("doc.acc.offline")
	case calibration.Static:
		s += m.F("doc.acc.static", "n", strconv.Itoa(r.Batch))
	case calibration.Concurrency:
		s += m.F("doc.acc.concurrency", "n", strconv.Itoa(r.Concurrency))
	case calibration.Rate:
		s += m.F("doc.acc.rate", "n", m.Num(r.RateRPS, -1))
	case calibration.Startup:
		return s + m.F("doc.acc.startup", "fraction", m.Num(r.MemFraction, -1), "n", m.Num(float64(r.MaxModelLen), 0))
	}
	lengths := m.F("doc.acc.lengths", "in", m.Num(math.Round(r.Input), 0), "out", m.Num(math.Round(r.Output), 0))
	switch r.Dataset {
	case "random":
		lengths = m.F("doc.acc.random", "lengths", lengths)
	case "sharegpt":
		lengths = m.F("doc.acc.sharegpt", "lengths", lengths)
	case "sonnet":
		lengths = m.F("doc.acc.sonnet", "lengths", lengths)
	}
	return s + ", " + lengths
}

// buildsTable is, for each era of the edition's engine builds and each
// speed metric its runs measure, the era's figures and the median
// |error| of its runs with the shared figures (reps[0]), with the era's
// (reps[1]) and with the era's refitted without the run's model (the
// held-out check h).
func buildsTable(m *msg.Catalog, d serving.Perf, reps [2]accuracy.Report, h accuracy.HeldOut) string {
	var rows [][]string
	for _, b := range d.Defaults.Builds {
		of := func(rep accuracy.Report) []accuracy.Comparison {
			return slices.DeleteFunc(slices.Clone(rep.Comparisons), func(c accuracy.Comparison) bool {
				e, ok := accuracy.BuildOfRun(&d, c.Row)
				return !ok || e.Key() != b.Key()
			})
		}
		before, after := accuracy.Errors(of(reps[0])), accuracy.Errors(of(reps[1]))
		var held []accuracy.HeldOutError
		if i := slices.IndexFunc(h.Eras, func(e accuracy.HeldOutEra) bool { return e.Build == b.Key() }); i >= 0 {
			held = h.Eras[i].All
		}
		figures := m.F("doc.builds.figures", "compute", m.Digits(strconv.FormatFloat(b.Compute.Value, 'g', -1, 64)),
			"memory", m.Digits(strconv.FormatFloat(b.Memory.Value, 'g', -1, 64)), "step", m.Num(b.StepOverheadUS.Value, 0),
			"request", m.Digits(strconv.FormatFloat(b.RequestOverheadMS.Value, 'g', -1, 64)),
			"experts", m.Digits(strconv.FormatFloat(b.ExpertCompute.Value, 'g', -1, 64)))
		name := m.F("perf.in.engine_build", "engine", engineNames[b.Engine], "from", b.From, "to", b.To)
		for _, a := range after {
			cell := func(es []accuracy.HeldOutError) string {
				for _, e := range es {
					if e.Metric == a.Metric {
						return m.Digits(fmt.Sprintf("%.1f %%", 100*e.MedianAbs)) + " (" + percentIn(m, e.Median) + ")"
					}
				}
				return "–"
			}
			rows = append(rows, []string{html.EscapeString(name), html.EscapeString(figures), html.EscapeString(metricLabel(m, metricOf(a.Metric))),
				m.Num(float64(a.N), 0), cell(before), cell(after), cell(held)})
		}
	}
	return htmlTable(heads(m, "doc.builds.builds", "doc.builds.fitted_figures", "doc.acc.figure", "doc.acc.imp.runs",
		"doc.builds.shared", "doc.builds.fitted", "doc.builds.held_out"), rows)
}

// heldOutModels is the held-out check by model: for each era and each
// model of its runs, the median |error| of each speed metric with the
// era's figures refitted without the model's runs.
func heldOutModels(m *msg.Catalog, all sitedata.Data, h accuracy.HeldOut) string {
	var rows [][]string
	for _, e := range h.Eras {
		engine, from, _ := strings.Cut(e.Build, "@")
		b := eraNamed(all.Perf.Defaults.Builds, engine, from)
		name := m.F("perf.in.engine_build", "engine", engineNames[engine], "from", b.From, "to", b.To)
		for _, md := range e.Models {
			label := md.Model
			if c, ok := all.Models.Find(md.Model); ok {
				label = c.Name
			}
			for _, x := range md.Errors {
				rows = append(rows, []string{html.EscapeString(name), html.EscapeString(label), html.EscapeString(metricLabel(m, metricOf(x.Metric))),
					m.Num(float64(x.N), 0), m.Digits(fmt.Sprintf("%.1f %%", 100*x.MedianAbs)), percentIn(m, x.Median)})
			}
		}
	}
	return htmlTable(heads(m, "doc.builds.builds", "doc.builds.model", "doc.acc.figure", "doc.acc.imp.runs", "doc.acc.median_abs", "doc.acc.median"), rows)
}

// metricOf is the metric a held-out check's key names.
func metricOf(key string) accuracy.Metric {
	for metric, k := range accuracy.MetricKeys {
		if k == key {
			return metric
		}
	}
	return accuracy.Throughput
}

// eraNamed is the era of engine builds of engine from build from.
func eraNamed(bs []serving.Build, engine, from string) serving.Build {
	i := slices.IndexFunc(bs, func(b serving.Build) bool { return b.Engine == engine && b.From == from })
	if i < 0 {
		return serving.Build{Engine: engine, From: from}
	}
	return bs[i]
}
