package sitebuild

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	cal, err := dataset.LoadCalibration(content.FS, "data", e)
	if err != nil {
		t.Fatal(err)
	}
	return data, cal, accuracyTables(data, cal, "/", testMsgs(t))
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
	for _, s := range cal.Sources {
		link := `<tr class="source"><th colspan="5" scope="rowgroup"><a href="` + s.URL + `">`
		if n := strings.Count(perf, link) + strings.Count(mem, link); n == 0 || strings.Count(perf, link) > 1 || strings.Count(mem, link) > 1 {
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
		tables := doc.Find("#accuracy ~ .scroll")
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
