package sitebuild

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/sitedata"
)

// drawTables are the TCO methodology's tables of what GPUs drew while
// serving against the straight line the edition draws them by, keyed by
// block name in every language of msgs (see inLangs): the errors by GPU,
// and every measured setup under its source.
func drawTables(all sitedata.Data, cal calibration.Table, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	errs := calibration.CrossValidate(cal.PowerPoints(all.GPUs))
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{
		"tco-draw-summary": func(m *msg.Catalog) string { return drawSummary(m, all, errs) },
		"tco-draw-rows":    func(m *msg.Catalog) string { return drawRows(m, all, cal, base, errs) },
	})
}

// drawStats are a set of runs' errors: the line's, cross-validated, and
// those of counting a GPU's rated power while it serves (the rule of
// editions before the line).
type drawStats struct {
	n                        int
	medianAbs, median        float64
	p10, p90, ratedMedianAbs float64
}

func statsOf(es []calibration.DrawError) drawStats {
	var abs, signed, rated []float64
	for _, e := range es {
		abs = append(abs, math.Abs(e.Err))
		signed = append(signed, e.Err)
		rated = append(rated, math.Abs(1/e.Draw-1))
	}
	slices.Sort(abs)
	slices.Sort(signed)
	slices.Sort(rated)
	return drawStats{n: len(es), medianAbs: perf.Median(abs), median: perf.Median(signed), p10: perf.Quantile(signed, 10),
		p90: perf.Quantile(signed, 90), ratedMedianAbs: perf.Median(rated)}
}

// drawSummary is the line's errors by GPU and over all the runs.
func drawSummary(m *msg.Catalog, all sitedata.Data, errs []calibration.DrawError) string {
	var gpus []string
	for _, e := range errs {
		if !slices.Contains(gpus, e.Run.GPU) {
			gpus = append(gpus, e.Run.GPU)
		}
	}
	var rows [][]string
	row := func(label string, es []calibration.DrawError) {
		s := statsOf(es)
		pct := func(v float64) string { return m.Digits(fmt.Sprintf("%.1f %%", 100*v)) }
		rows = append(rows, []string{html.EscapeString(label), m.Num(float64(s.n), 0), pct(s.medianAbs), percentIn(m, s.median),
			m.F("doc.acc.band", "low", percentIn(m, s.p10), "high", percentIn(m, s.p90)), pct(s.ratedMedianAbs)})
	}
	for _, id := range gpus {
		g, _ := all.GPUs.Find(id)
		row(g.Name, slices.DeleteFunc(slices.Clone(errs), func(e calibration.DrawError) bool { return e.Run.GPU != id }))
	}
	row(m.T("doc.acc.w.all"), errs)
	return htmlTable(heads(m, "doc.draw.gpu", "doc.draw.runs", "doc.acc.median_abs", "doc.acc.median", "doc.acc.p10_p90", "doc.draw.rated"), rows)
}

// drawRows is every measured setup under its source: its runs, the
// highest throughput of them (its capacity), the draws measured from its
// lightest to its busiest run, and the errors of its runs.
func drawRows(m *msg.Catalog, all sitedata.Data, cal calibration.Table, base string, errs []calibration.DrawError) string {
	type setup struct {
		source, label string
		errs          []calibration.DrawError
	}
	var setups []*setup
	byKey := map[string]*setup{}
	for _, e := range errs {
		r := e.Run
		g, _ := all.GPUs.Find(r.GPU)
		w, _ := memory.FindFormat(memory.WeightFormats, r.Weights)
		label := onGPUs(m, r.HFModel, r.GPUs, g.Name, r.TP)
		if ep := max(r.EP, 1); ep > 1 {
			label += " (EP " + strconv.Itoa(ep) + ")"
		}
		label += ", " + m.F("doc.acc.weights", "format", w.Label)
		key := r.Source + " " + label
		if byKey[key] == nil {
			byKey[key] = &setup{source: r.Source, label: label}
			setups = append(setups, byKey[key])
		}
		byKey[key].errs = append(byKey[key].errs, e)
	}
	head := heads(m, "doc.acc.setting", "doc.draw.runs", "doc.draw.capacity", "doc.draw.measured", "doc.acc.median_abs", "doc.draw.rated")
	var b strings.Builder
	b.WriteString(tableStart(head))
	var sources []string
	for _, s := range setups {
		if !slices.Contains(sources, s.source) {
			sources = append(sources, s.source)
		}
	}
	for _, key := range sources {
		src := cal.Sources[key]
		fmt.Fprintf(&b, `<tbody><tr class="source"><th colspan="%d" scope="rowgroup"><a href="%s">%s</a></th></tr>`,
			len(head), html.EscapeString(site.Meta{Base: base}.SourceURL(src.URL)), html.EscapeString(src.TitleIn(m)))
		var rows [][]string
		for _, s := range setups {
			if s.source != key {
				continue
			}
			capacity, least, most := 0.0, math.Inf(1), 0.0
			for _, e := range s.errs {
				capacity = max(capacity, e.Run.OutputTokS)
				least, most = min(least, e.Draw), max(most, e.Draw)
			}
			st := statsOf(s.errs)
			pct := func(v float64) string { return m.Digits(fmt.Sprintf("%.1f %%", 100*v)) }
			rows = append(rows, []string{html.EscapeString(s.label), m.Num(float64(st.n), 0), m.Num(capacity, 0),
				m.F("doc.draw.range", "low", m.Num(100*least, 0), "high", m.Num(100*most, 0)), pct(st.medianAbs), pct(st.ratedMedianAbs)})
		}
		writeRows(&b, rows)
		b.WriteString("</tbody>")
	}
	b.WriteString(tableEnd)
	return b.String()
}
