package sitebuild

import (
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// testAccuracyTables loads the data and the calibration table of today's
// edition and returns them with the accuracy tables gen renders from them.
func testAccuracyTables(t *testing.T) (sitedata.Data, calibration.Table, map[string]func() string) {
	t.Helper()
	e := datasettest.Editions(t, dataset.Today())
	data := e.Latest()
	cal, snaps := measured(t, e)
	held, _, err := accuracy.LoadHeldOut(content.FS, "data", slices.Max(e.DataDates()))
	if err != nil {
		t.Fatal(err)
	}
	tables := accuracyTables(data, cal, snaps, held, "/", testMsgs(t))
	maps.Copy(tables, drawTables(data, cal, "/", testMsgs(t)))
	return data, cal, tables
}

// measured loads the calibration table and the imported snapshots of the
// editions e, as the build reads them.
func measured(t *testing.T, e dataset.Editions) (calibration.Table, []calibration.Table) {
	t.Helper()
	cal, err := dataset.LoadCalibration(content.FS, "data", e)
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := dataset.LoadSnapshots(content.FS, "data", e)
	if err != nil {
		t.Fatal(err)
	}
	return cal, snaps
}

// The methodology pages' accuracy tables list every measured figure of
// the calibration table once, on the page of its calculator, under a
// heading row that links its source once, and sum up each kind.
func TestAccuracyTablesListEveryMeasuredFigure(t *testing.T) {
	data, cal, tables := testAccuracyTables(t)
	rep := accuracy.Measure(cal, accuracy.Today{Perf: data.PerfData()})
	perf, mem := tables["perf-accuracy-rows"](), tables["memory-accuracy-rows"]()
	rows := func(table string) int { return strings.Count(table, "<tr>") - 1 } // less the header; a source's row has a class
	if got, want := rows(perf)+rows(mem), len(rep.Comparisons)+len(rep.Gaps); got != want {
		t.Errorf("the two pages list %d figures; want %d", got, want)
	}
	if strings.Contains(perf, "KV-cache capacity") || !strings.Contains(mem, "KV-cache capacity") {
		t.Error("KV-cache capacity belongs on the memory page only")
	}
	draw := tables["tco-draw-rows"]()
	for _, s := range cal.Sources {
		link := `<tr class="source"><th colspan="5" scope="rowgroup"><a href="` + s.URL + `">`
		drawLink := `<tr class="source"><th colspan="6" scope="rowgroup"><a href="` + s.URL + `">`
		n := strings.Count(perf, link) + strings.Count(mem, link) + strings.Count(draw, drawLink)
		if n == 0 || strings.Count(perf, link) > 1 || strings.Count(mem, link) > 1 || strings.Count(draw, drawLink) > 1 {
			t.Errorf("%s heads %d groups of rows; want one on a page that cites it", s.URL, n)
		}
	}
	// The simulation gives the time per output token under load, so the
	// summary has that kind too.
	for _, tt := range []struct{ name, want string }{{"perf-accuracy-summary", "<td>Throughput</td><td>all</td>"},
		{"perf-accuracy-summary", "<td>Time per output token</td><td>all</td>"},
		{"memory-accuracy-summary", "<td>KV-cache capacity</td><td>all</td>"}} {
		if got := tables[tt.name](); !strings.Contains(got, tt.want) {
			t.Errorf("%s lacks %q", tt.name, tt.want)
		}
	}
}

// The built methodology pages show, under "Accuracy against published
// measurements", the summary by kind and then every measured figure; the
// German pages the same tables in German, with German numbers.
func TestMethodologyPagesShowAccuracyByKind(t *testing.T) {
	out := buildSite(t, "/")
	msgs := testMsgs(t)
	for _, tt := range []struct {
		page, kind, all, figure, allEngines string
		minRows                             int
	}{
		{"performance", "Throughput", "all", "Time per output token", "", 100},
		// vLLM pull request 2031 logs 7,351 blocks of 16 tokens for
		// Llama 2 7B on one A100: 117,616 tokens.
		{"memory", "KV-cache capacity", "all", "117,616", "all engines", 4},
		{"de/performance", "Durchsatz", "alle", "Zeit je Ausgabetoken", "", 100},
		{"de/memory", "KV-Cache-Kapazität", "alle", "117.616", "alle Engines", 4},
	} {
		page, german := strings.CutPrefix(tt.page, "de/")
		dir := filepath.Join(out, "methodology", page)
		if german {
			dir = filepath.Join(out, "de", "methodology", page)
		}
		doc := sitetest.ReadDoc(t, filepath.Join(dir, "index.html"))
		if doc.Find("h2#accuracy").Length() != 1 {
			t.Errorf("%s: no accuracy section", tt.page)
			continue
		}
		// The summary is the first table headed by a figure and a
		// workload: a revision's text may set tables of its own before it.
		tables := doc.Find("#accuracy ~ .scroll")
		m := msgs[map[bool]string{false: "en", true: "de"}[german]]
		head := m.T("doc.acc.figure") + m.T("doc.acc.workload")
		first := 0
		for first < tables.Length() && !strings.HasPrefix(tables.Eq(first).Find("thead th").Text(), head) {
			first++
		}
		tables = tables.Slice(first, goquery.ToEnd)
		if got := tables.First().Find("tbody tr").First().Text(); !strings.HasPrefix(got, tt.kind+tt.all) {
			t.Errorf("%s: the summary starts with %q; want %s, all workloads", tt.page, got, tt.kind)
		}
		rows := tables.Eq(1).Find("tbody tr")
		if rows.Length() < tt.minRows || !strings.Contains(rows.Text(), tt.figure) {
			t.Errorf("%s: %d figures listed, lacking %q; want at least %d", tt.page, rows.Length(), tt.figure, tt.minRows)
		}
		if page != "memory" {
			continue
		}
		// The KV-capacity error per engine, before and after the engine
		// profiles, ends with all engines together.
		engines := tables.Eq(2).Find("tbody tr")
		if last := engines.Last().Find("td").First().Text(); engines.Length() < 3 || last != tt.allEngines {
			t.Errorf("%s: %d rows in the table by engine, the last %q; want at least 3 ending with %s", tt.page, engines.Length(), last, tt.allEngines)
		}
	}
}

// The performance methodology's table of efficiencies by GPU
// architecture and precision has a row for each of the data's groups,
// with its efficiencies in the page's number format and its published
// figures, or says that the edition has none.
func TestEfficienciesByArchitectureTable(t *testing.T) {
	data, _, tables := testAccuracyTables(t)
	en, de := tables["perf-efficiency-groups"](), tables["perf-efficiency-groups-de"]()
	groups := data.Perf.Defaults.EfficiencyBy
	if len(groups) == 0 {
		if !strings.Contains(en, "one compute and one memory efficiency") || !strings.Contains(de, "eine Rechen- und eine Speichereffizienz") {
			t.Errorf("an edition without groups: %q, %q; want the sentence that says so", en, de)
		}
		return
	}
	if got := strings.Count(en, "<tr>") - 1; got != len(groups) {
		t.Errorf("%d rows; want one for each of the %d groups", got, len(groups))
	}
	for _, g := range groups {
		c := strconv.FormatFloat(g.Compute.Value, 'f', 3, 64)
		if want := "<td>" + g.Arch + "</td>"; !strings.Contains(en, want) || !strings.Contains(en, "<td>"+c+"</td>") {
			t.Errorf("no row %s with compute %s in\n%s", g.Arch, c, en)
		}
		if want := "<td>" + strings.Replace(c, ".", ",", 1) + "</td>"; !strings.Contains(de, want) {
			t.Errorf("German table lacks %s for %s", want, g.Arch)
		}
	}
}

// The edition's serving draw is the straight line fitted to the power
// runs, to the whole per cent, and the TCO methodology's tables count
// every run once: by GPU, the line's errors with each model left out of
// the fit that judges it, against those of counting the rated power.
func TestServingDrawIsTheFitOfThePowerRuns(t *testing.T) {
	data, cal, tables := testAccuracyTables(t)
	fit := calibration.FitServingDraw(cal.PowerPoints(data.GPUs))
	df := data.TCO.Defaults
	if math.Round(100*fit.Least) != df.GPUServingLeastPct.Value || math.Round(100*fit.Full) != df.GPUServingFullPct.Value {
		t.Errorf("fit %.2f to %.2f %% of the rated power; the edition draws %v to %v", 100*fit.Least, 100*fit.Full,
			df.GPUServingLeastPct.Value, df.GPUServingFullPct.Value)
	}
	rows := func(table string) int { return strings.Count(table, "<tr>") - 1 }
	sum := tables["tco-draw-summary"]()
	if got := rows(sum); got != 3 || !strings.Contains(sum, "<td>H100 SXM</td><td>177</td>") || !strings.Contains(sum, "<td>all</td><td>328</td>") {
		t.Errorf("summary of %d rows; want H100 SXM (177 runs), B200 and all (328):\n%s", got, sum)
	}
	var runs int
	for _, r := range strings.Split(tables["tco-draw-rows"](), "<tr>")[2:] {
		cells := strings.Split(r, "<td>")
		n, err := strconv.Atoi(strings.TrimSuffix(cells[2], "</td>"))
		if err != nil {
			t.Fatalf("row %q: %v", r, err)
		}
		runs += n
	}
	if runs != len(cal.Power) || runs != 328 {
		t.Errorf("the setups' rows count %d runs; want the %d power runs", runs, len(cal.Power))
	}
	// The TCO methodology states the edition's draws, in both languages.
	for page, phrases := range map[string][]string{
		"tco-methodology.md": {"%[1]v %% of its rating as the load tends to none, %[2]v %% at capacity", "*d*<sub>idle</sub> is %[3]v %%"},
		"tco-methodology.de.md": {"%[1]v %% ihrer Nennleistung, wenn die Last gegen null geht, %[2]v %% bei voller Kapazität",
			"*d*<sub>idle</sub> ist %[3]v %%"},
	} {
		b, err := content.FS.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		for _, p := range phrases {
			if want := fmt.Sprintf(p, df.GPUServingLeastPct.Value, df.GPUServingFullPct.Value, df.GPUIdlePct.Value); !strings.Contains(text, want) {
				t.Errorf("%s does not say %q", page, want)
			}
		}
	}
	// The energy cells' notes quote the line's error and its runs.
	s := statsOf(calibration.CrossValidate(cal.PowerPoints(data.GPUs)))
	quoted := fmt.Sprintf("%.0f %%", 100*s.medianAbs)
	for lang, m := range testMsgs(t) {
		for _, key := range []string{"tco.energy_mtok_help", "plan.band_note_co2"} {
			if text := m.T(key); !strings.Contains(text, " "+quoted+" ") || !strings.Contains(text, strconv.Itoa(s.n)+" ") {
				t.Errorf("%s %s: %q; want the draw's median |error| %s and its %d runs", lang, key, text, quoted, s.n)
			}
		}
	}
}

// The imported runs' tables give, for each snapshot with runs, each
// engine's errors of every figure its runs give (AIConfigurator's: TTFT
// and TPOT), all engines' with as many runs as were compared, and account
// for every run: those compared, those not estimated and those not
// imported, in both languages.
func TestImportedSummaryAccountsForEveryRun(t *testing.T) {
	data, _, tables := testAccuracyTables(t)
	snaps, err := dataset.LoadSnapshots(content.FS, "data", datasettest.Editions(t, dataset.Today()))
	if err != nil {
		t.Fatal(err)
	}
	snaps = slices.DeleteFunc(snaps, func(s calibration.Table) bool { return len(s.Rows) == 0 })
	for _, name := range []string{"perf-imported-summary", "perf-imported-summary-de"} {
		all := "<td>all engines</td>"
		if strings.HasSuffix(name, "-de") {
			all = "<td>alle Engines</td>"
		}
		parts := strings.Split(tables[name](), "<table")[1:]
		if len(parts) != 2*len(snaps) {
			t.Fatalf("%s: %d tables; want two for each of %d snapshots with runs", name, len(parts), len(snaps))
		}
		for i, snap := range snaps {
			rep := accuracy.Measure(snap, accuracy.Today{Perf: data.PerfData()})
			metrics := map[accuracy.Metric]int{}
			for _, c := range rep.Comparisons {
				metrics[c.Metric]++
			}
			errs, why := parts[2*i], parts[2*i+1]
			if n := strings.Count(errs, all); n != len(metrics) || n == 0 {
				t.Errorf("%s, snapshot %d: %d rows of all engines, want one for each of %d figures compared", name, i, n, len(metrics))
			}
			// Runs counted in the tables: all engines' runs of the first
			// figure compared, each reason's and each drop's.
			counted, first := 0, true
			for _, part := range strings.Split(errs, "<tr>")[1:] {
				if strings.Contains(part, all) && first {
					counted += number(t, strings.Split(part, "<td")[3])
					first = false
				}
			}
			for _, part := range strings.Split(why, "<tr>")[1:] {
				if cells := strings.Split(part, "<td"); len(cells) == 3 {
					counted += number(t, cells[2])
				}
			}
			dropped := 0
			for _, d := range snap.Dropped {
				dropped += d.Runs
			}
			if want := len(snap.Rows) + dropped; counted != want {
				t.Errorf("%s, snapshot %d accounts for %d runs; want the %d rows and %d runs not imported", name, i, counted, len(snap.Rows), dropped)
			}
		}
	}
}

// number reads the whole number in a table cell's text ("…>1,466</td>").
func number(t *testing.T, cell string) int {
	t.Helper()
	text := cell[strings.Index(cell, ">")+1 : strings.Index(cell, "</td>")]
	n, err := strconv.Atoi(strings.NewReplacer(",", "", ".", "", "\u202f", "", " ", "").Replace(text))
	if err != nil {
		t.Fatalf("cell %q: %v", cell, err)
	}
	return n
}

// The performance methodology quotes today's estimator on the imported
// runs of gpt-oss-120b on H100 and H200, which weight-only serving lets it
// express (its TPOT and TTFT medians), and the whole set's TPOT median,
// in both languages: recomputed here, so that the text cannot drift from
// the data.
func TestWeightOnlyFiguresOfTheMethodology(t *testing.T) {
	data, _, _ := testAccuracyTables(t)
	_, rep := measureSnapshot(t, data)
	var oss []accuracy.Comparison
	for _, c := range rep.Comparisons {
		if c.Row.Model == "gpt-oss-120b" && (c.Row.GPU == "h100-sxm" || c.Row.GPU == "h200-sxm") {
			oss = append(oss, c)
		}
	}
	all := func(cs []accuracy.Comparison, m accuracy.Metric) accuracy.Summary {
		for _, s := range accuracy.Summarize(cs) {
			if s.Metric == m && s.Workload == accuracy.All {
				return s
			}
		}
		t.Fatalf("no %s comparisons", m.Label())
		return accuracy.Summary{}
	}
	tpot, ttft, set := all(oss, accuracy.TPOT), all(oss, accuracy.TTFT), all(rep.Comparisons, accuracy.TPOT)
	pct := func(v float64, comma bool) string {
		s := fmt.Sprintf("%.1f %%", 100*v)
		if comma {
			s = strings.Replace(s, ".", ",", 1)
		}
		return s
	}
	for page, de := range map[string]bool{"performance-methodology.md": false, "performance-methodology.de.md": true} {
		b, err := os.ReadFile(revision(t, page))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		runs := fmt.Sprintf("%d runs of gpt-oss-120b", tpot.N)
		if de {
			runs = fmt.Sprintf("%d Läufe von gpt-oss-120b", tpot.N)
		}
		for _, want := range []string{runs, pct(tpot.Median, de), pct(tpot.MedianAbs, de), pct(ttft.MedianAbs, de), "(TPOT " + pct(set.MedianAbs, de) + ")"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not say %q", page, want)
			}
		}
	}
}

// revision is the path of the newest revision of page published by
// today's build: the revision of the newest edition on or before today
// that revises it.
func revision(t *testing.T, page string) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "..", "content", "revisions", "*", page))
	if err != nil {
		t.Fatal(err)
	}
	names = slices.DeleteFunc(names, func(n string) bool { return filepath.Base(filepath.Dir(n)) > dataset.Today() })
	if len(names) == 0 {
		t.Fatalf("no revision of %s", page)
	}
	return slices.Max(names)
}

// measureSnapshot is the snapshot of AIConfigurator's imported runs and
// today's estimator's report on it.
func measureSnapshot(t *testing.T, data sitedata.Data) (calibration.Table, accuracy.Report) {
	t.Helper()
	snaps, err := dataset.LoadSnapshots(content.FS, "data", datasettest.Editions(t, dataset.Today()))
	i := slices.IndexFunc(snaps, func(s calibration.Table) bool { _, ok := s.Sources["aic-inferencex"]; return ok })
	if err != nil || i < 0 {
		t.Fatalf("no snapshot of AIConfigurator's runs among %d, %v", len(snaps), err)
	}
	return snaps[i], accuracy.Measure(snaps[i], accuracy.Today{Perf: data.PerfData()})
}

// The performance methodology's builds section and its paragraph on
// edition 2026-12-07's refit quote the data: the eras' builds and
// experts' shares, the shared figures and the groups refitted on the
// runs before the eras, and how many published runs the eras took out of
// them, in both languages; recomputed here so that the text cannot drift
// from the data.
func TestBuildFiguresOfTheMethodology(t *testing.T) {
	data, cal, _ := testAccuracyTables(t)
	p := data.PerfData()
	df := p.Defaults
	moved := 0
	for _, b := range df.Builds {
		for _, r := range accuracy.OfBuild(p, b, cal).Rows {
			if r.Load != calibration.Startup {
				moved++
			}
		}
	}
	for page, de := range map[string]bool{"performance-methodology.md": false, "performance-methodology.de.md": true} {
		b, err := os.ReadFile(revision(t, page))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		num := func(v float64) string {
			s := strconv.FormatFloat(v, 'g', -1, 64)
			if de {
				s = strings.Replace(s, ".", ",", 1)
			}
			return s
		}
		to, and, runs := "to", "and", "%d published runs"
		want := []string{}
		if de {
			to, and, runs = "bis", "und", "%d veröffentlichte Läufe"
			want = append(want, "Recheneffizienz "+num(df.ComputeEfficiency.Value), "Speichereffizienz "+num(df.MemoryEfficiency.Value),
				num(df.StepOverheadUS.Value/1000)+" ms je Schritt")
		} else {
			want = append(want, "compute efficiency "+num(df.ComputeEfficiency.Value), "memory efficiency "+num(df.MemoryEfficiency.Value),
				num(df.StepOverheadUS.Value/1000)+" ms a step")
		}
		want = append(want, fmt.Sprintf(runs, moved))
		for _, e := range df.Builds {
			want = append(want, fmt.Sprintf("%s %s %s %s", engineNames[e.Engine], e.From, to, e.To), num(e.ExpertCompute.Value))
		}
		for _, g := range df.EfficiencyBy {
			if g.Compute.Value != df.ComputeEfficiency.Value || g.Memory.Value != df.MemoryEfficiency.Value {
				want = append(want, num(g.Compute.Value)+" "+and+" "+num(g.Memory.Value))
			}
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", page, w)
			}
		}
	}
}

// The performance methodology's revision for edition 2026-12-08 quotes
// the errors of the runs it measures, recomputed here from the editions
// so that its text cannot drift from the data: each era's runs with
// edition 2026-12-07's figures and rules and with 2026-12-08's, the
// imported set's TTFT and TPOT, its InferenceX SGLang runs' TTFT and
// how many runs have launch settings, and the AMD runs' errors, in both
// languages. (The leave-out figures it quotes come from the fits' logs:
// their refits take minutes.)
func TestFiguresOfTheMethodologyOf20261208(t *testing.T) {
	const before, after = "2026-12-07", "2026-12-08"
	e := datasettest.Editions(t, after)
	cal, snaps := measured(t, e)
	median := func(cs []accuracy.Comparison, m accuracy.Metric) (float64, bool) {
		for _, s := range accuracy.Summarize(cs) {
			if s.Metric == m && s.Workload == accuracy.All {
				return s.MedianAbs, true
			}
		}
		return 0, false
	}
	measure := func(date string, rows calibration.Table) []accuracy.Comparison {
		return accuracy.Measure(rows, accuracy.Today{Perf: e.Data[date].PerfData()}).Comparisons
	}
	var en, de []string // the figures each language must quote
	pct := func(v float64) {
		en, de = append(en, fmt.Sprintf("%.1f %%", 100*v)), append(de, strings.Replace(fmt.Sprintf("%.1f %%", 100*v), ".", ",", 1))
	}
	change := func(a, b float64) {
		s := fmt.Sprintf("%.1f → %.1f %%", 100*a, 100*b)
		en, de = append(en, s), append(de, strings.ReplaceAll(s, ".", ","))
	}
	p := e.Data[after].PerfData()
	all := append([]calibration.Table{cal}, snaps...)
	for _, b := range p.Defaults.Builds {
		rows := accuracy.OfBuild(p, b, all...)
		was, now := measure(before, rows), measure(after, rows)
		for _, m := range []accuracy.Metric{accuracy.Throughput, accuracy.TTFT, accuracy.TPOT, accuracy.E2E} {
			a, ok := median(was, m)
			if b, ok2 := median(now, m); ok && ok2 {
				change(a, b)
			}
		}
	}
	var imported calibration.Table
	for _, s := range snaps {
		if _, ok := s.Sources["aic-inferencex"]; ok {
			imported = s
		}
	}
	for _, m := range []accuracy.Metric{accuracy.TTFT, accuracy.TPOT} {
		a, _ := median(measure(before, imported), m)
		b, _ := median(measure(after, imported), m)
		s := fmt.Sprintf("from %.1f to %.1f %%", 100*a, 100*b)
		en, de = append(en, s), append(de, strings.ReplaceAll(strings.Replace(strings.Replace(s, "from", "von", 1), "to", "auf", 1), ".", ","))
	}
	// InferenceX's SGLang and TensorRT-LLM runs, which as_launched runs
	// with the settings their scripts set: SGLang's receive interval,
	// TensorRT-LLM's token budget, memory share and batch waiting.
	var sglang, trtllm calibration.Table
	sglangSet, trtllmSet, waits := 0, 0, 0
	for _, r := range imported.Rows {
		switch {
		case r.Source != "aic-inferencex":
		case r.Engine == "sglang":
			sglang.Rows = append(sglang.Rows, r)
		case r.Engine == "trtllm":
			trtllm.Rows = append(trtllm.Rows, r)
		}
		switch {
		case r.RecvInterval > 0:
			sglangSet++
		case r.Engine == "trtllm" && r.MaxBatchedTokens > 0:
			trtllmSet++
		}
		if r.BatchWaitIters > 0 {
			waits++
		}
	}
	en, de = append(en, fmt.Sprintf("for %d runs", sglangSet)), append(de, fmt.Sprintf("für %d Läufe", sglangSet))
	en = append(en, fmt.Sprintf("for %d runs, %d of them with batch waiting", trtllmSet, waits))
	de = append(de, fmt.Sprintf("für %d Läufe, %d davon mit Batch-Warten", trtllmSet, waits))
	for _, rows := range []calibration.Table{sglang, trtllm} {
		a, _ := median(measure(before, rows), accuracy.TTFT)
		b, _ := median(measure(after, rows), accuracy.TTFT)
		change(a, b)
	}
	for _, s := range snaps {
		if _, ok := s.Sources["inferencemax-amd"]; ok {
			cs := measure(after, s)
			for _, m := range []accuracy.Metric{accuracy.Throughput, accuracy.TPOT, accuracy.TTFT, accuracy.E2E} {
				v, _ := median(cs, m)
				pct(v)
			}
		}
	}
	for page, want := range map[string][]string{"performance-methodology.md": en, "performance-methodology.de.md": de} {
		b, err := os.ReadFile(filepath.Join("..", "..", "content", "revisions", after, page))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", page, w)
			}
		}
	}
	if len(en) < 18 {
		t.Errorf("%d figures checked; want the eras' nine, the imported set's two, its SGLang and TensorRT-LLM runs' two counts and two errors, and the AMD runs' four", len(en))
	}
}
