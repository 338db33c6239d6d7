package dataset_test

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// A later edition changes only what it names: the first edition keeps
// the H100's price and GPT-4.1's prices; the latest has the new ones.
func TestEditionsAreLayered(t *testing.T) {
	t.Parallel()
	e := datasettest.LoadEditions(t)
	dates := e.DataDates()
	if len(dates) < 2 || dates[0] != "2026-11-30" || dates[len(dates)-1] != datasettest.EditionDate {
		t.Fatalf("data editions %v", dates)
	}
	dates = []string{dates[0], dates[len(dates)-1]}
	price := func(date string) float64 {
		g, _ := e.Data[date].GPUs.Find("h100-sxm")
		return g.PurchaseUSD.Value
	}
	// content/data/gpus.yaml: $27,500; the test edition: $22,000.
	if first, latest := price(dates[0]), price(dates[1]); first != 27500 || latest != 22000 {
		t.Errorf("H100 price: first edition %v, latest %v; want 27500, 22000", first, latest)
	}
	if got := e.Data[dates[0]].Memory.Defaults.Utilization.Value; got != 0.9 {
		t.Errorf("first edition's utilization %v; want 0.9", got)
	}
	// The new GPT-4.1 row was added to the history, not put in place of
	// the old one.
	row, ok := e.Latest().Pricing.APIs.PriceOn("gpt-4.1", "2026-11-30")
	if !ok || row.Input != 2 {
		t.Errorf("GPT-4.1 on 2026-11-30: %+v; want the first edition's $2 input", row)
	}
	if row, _ := e.Latest().Pricing.APIs.PriceOn("gpt-4.1", datasettest.EditionDate); row.Input != 1 {
		t.Errorf("GPT-4.1 on %s: input %v; want 1", datasettest.EditionDate, row.Input)
	}
	for _, d := range e.Data {
		if d.Editions.Latest() != datasettest.EditionDate || d.MemoryData().Editions.Latest() != datasettest.EditionDate {
			t.Errorf("an edition's data does not list every edition: %+v", d.Editions)
		}
	}
}

// A bad edition fails the build, naming the edition's file and, for a bad
// value, the data file, the entry and the field.
func TestBadEditions(t *testing.T) {
	t.Parallel()
	good := datasettest.Edition
	for _, tt := range []struct {
		name, file, text, want string
	}{
		{"not a date", "2027-13-01.yaml", good, "the name must be the edition's date"},
		{"no note", "2027-01-15.yaml", strings.Replace(good, `note: "A test edition: new H100 price, defaults and GPT-4.1 prices."`, `note: ""`, 1), "note: say what changed in this edition, in English"},
		{"no German note", "2027-01-15.yaml", strings.Replace(good, `note_de: "Ein Test-Datenstand: neuer H100-Preis, Standardwerte und GPT-4.1-Preise."`, "", 1),
			"2027-01-15.yaml: note_de: say what changed in this edition, in German"},
		{"markup in the German note", "2027-01-15.yaml", strings.Replace(good, `note_de: "Ein Test`, `note_de: "<b>Ein</b> Test`, 1), "2027-01-15.yaml: note_de: "},
		{"unknown file", "2027-01-15.yaml", strings.Replace(good, "memory.yaml:", "memroy.yaml:", 1), "changes.memroy.yaml: not a data file"},
		{"unknown key", "2027-01-15.yaml", good + "extra: 1\n", "unknown field"},
		{"bad value", "2027-01-15.yaml", strings.Replace(good, "value: 22000", "value: -1", 1),
			`edition 2027-01-15 (data/editions/2027-01-15.yaml): data/gpus.yaml: gpus[`},
		{"bad value names the field", "2027-01-15.yaml", strings.Replace(good, "value: 22000", "value: -1", 1), `"h100-sxm": purchase_usd.value: -1 is negative`},
		// A new value with its old as-of date would pass for what was
		// known then: gpus.yaml's H100 price is as of 2023-08-02.
		{"new price, old date", "2027-01-15.yaml", strings.Replace(good, "value: 22000, source: test-price, as_of: 2027-01-10", "value: 22000, source: test-price, as_of: 2023-08-02", 1),
			`data/editions/2027-01-15.yaml: changes.gpus.yaml: gpus[4] "h100-sxm": purchase_usd.as_of: 2023-08-02 is not after 2023-08-02, the as_of of the value it replaces: an edition that changes value gives the new value its own, later as_of`},
		{"new rental price, old date", "2027-01-15.yaml", good + "  rental.yaml:\n    offers:\n      - {provider: Lambda, gpu: h100-sxm, instance: 8x H100, usd_per_gpu_hour: 2.99, as_of: 2026-09-25}\n",
			`changes.rental.yaml: offers[10] "Lambda / h100-sxm / 8x H100": as_of: 2026-09-25 is not after 2026-09-25`},
		{"map for a number", "2027-01-15.yaml", strings.Replace(good, "purchase_usd: {value: 22000", "purchase_usd: {value: {x: 1}", 1), "purchase_usd.value"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fsys := datasettest.WithEdition(t).(fstest.MapFS)
			delete(fsys, "data/editions/"+datasettest.EditionDate+".yaml")
			fsys["data/editions/"+tt.file] = &fstest.MapFile{Data: []byte(tt.text)}
			_, err := dataset.LoadEditions(fsys, "data", datasettest.Today)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
	// The first edition is the data files as they are.
	fsys := datasettest.WithEdition(t).(fstest.MapFS)
	fsys["data/editions/2026-11-30.yaml"] = &fstest.MapFile{Data: []byte(good)}
	if _, err := dataset.LoadEditions(fsys, "data", datasettest.Today); err == nil || !strings.Contains(err.Error(), "the first edition is the data files as they are") {
		t.Errorf("first edition with changes: %v", err)
	}
}

// An edition dated after the build is held: validated as of its own date
// (its figures may be dated that day), but not published, so no scenario
// can pin it and the latest edition is the one before. Built on its day,
// it is published.
func TestEditionsAfterTheBuildAreHeld(t *testing.T) {
	t.Parallel()
	fsys := datasettest.WithEdition(t)
	before := "2027-01-14"
	e, err := dataset.LoadEditions(fsys, "data", before)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.Held[datasettest.EditionDate]; !ok || len(e.Held) != 1 {
		t.Errorf("held %v; want only %s", slices.Collect(maps.Keys(e.Held)), datasettest.EditionDate)
	}
	if _, ok := e.Data[datasettest.EditionDate]; ok || e.Changes[datasettest.EditionDate] != nil {
		t.Errorf("the held edition is published")
	}
	if got := e.Latest().Editions.Latest(); got >= datasettest.EditionDate {
		t.Errorf("a scenario can pin %s before its day", got)
	}
	if date, d := e.Newest(); date != datasettest.EditionDate {
		t.Errorf("newest edition %s; want the held %s", date, datasettest.EditionDate)
	} else if g, _ := d.GPUs.Find("h100-sxm"); g.PurchaseUSD.Value != 22000 {
		t.Errorf("the held edition's H100 price %v; want its 22000", g.PurchaseUSD.Value)
	}
	// The test edition's figures are dated up to its own day (2027-01-15):
	// valid in it, as they would not be in an edition of the day before.
	on, err := dataset.LoadEditions(fsys, "data", datasettest.EditionDate)
	if err != nil {
		t.Fatal(err)
	}
	if len(on.Held) != 0 || on.Latest().Editions.Latest() != datasettest.EditionDate {
		t.Errorf("built on its day, the edition is not published: held %d", len(on.Held))
	}
	// A held edition is validated all the same.
	bad := fsys.(fstest.MapFS)
	bad["data/editions/"+datasettest.EditionDate+".yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(datasettest.Edition, "value: 22000", "value: -1", 1))}
	if _, err := dataset.LoadEditions(bad, "data", before); err == nil || !strings.Contains(err.Error(), `edition 2027-01-15 (data/editions/2027-01-15.yaml): data/gpus.yaml: gpus[`) {
		t.Errorf("a bad held edition: %v", err)
	}
	// Nothing can be published before the first edition.
	if _, err := dataset.LoadEditions(fsys, "data", "2026-11-29"); err == nil || !strings.Contains(err.Error(), "the first edition is dated after the build date 2026-11-29") {
		t.Errorf("a build before the first edition: %v", err)
	}
}

// A later edition that refits an efficiency group changes it in place,
// by its architecture and precision, and adds a group it does not have.
func TestAnEditionChangesAnEfficiencyGroupInPlace(t *testing.T) {
	t.Parallel()
	fsys := datasettest.WithEdition(t).(fstest.MapFS)
	fsys["data/editions/2027-02-01.yaml"] = &fstest.MapFile{Data: []byte(`note: "A refit."
note_de: "Eine Neuanpassung."
changes:
  perf.yaml:
    defaults:
      efficiency_by:
        - arch: hopper
          precision: fp8
          compute: {value: 0.3, source: calibration-fit, as_of: 2027-02-01}
        - arch: turing
          precision: bf16
          compute: {value: 0.2, source: calibration-fit, as_of: 2027-02-01}
          memory: {value: 0.4, source: calibration-fit, as_of: 2027-02-01}
`)}
	e, err := dataset.LoadEditions(fsys, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	before, after := e.Data[datasettest.EditionDate].Perf.Defaults, e.Data["2027-02-01"].Perf.Defaults
	if _, ok := before.GroupOf("turing", "bf16"); ok {
		t.Fatal("the data has a Turing BF16 group: pick another that it lacks")
	}
	old, _ := before.GroupOf("hopper", "fp8")
	g, _ := after.GroupOf("hopper", "fp8")
	if g.Compute.Value != 0.3 || g.Memory != old.Memory || len(after.EfficiencyBy) != len(before.EfficiencyBy)+1 {
		t.Errorf("Hopper FP8 %+v (was %+v); %d groups, want %d", g, old, len(after.EfficiencyBy), len(before.EfficiencyBy)+1)
	}
	want := dataset.Change{File: "perf.yaml", Changed: []string{"defaults.efficiency_by"}}
	if got := e.Changes["2027-02-01"]; len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Errorf("changes %+v; want %+v", got, want)
	}
}

// A calibration row that enters with a held edition (as_of its day) is
// checked, but left out of the table until the edition is published; a
// row dated after every edition fails the build.
func TestCalibrationRowsOfAHeldEdition(t *testing.T) {
	t.Parallel()
	file := "data/" + dataset.CalibrationFile
	edition := "data/editions/" + datasettest.EditionDate + ".yaml"
	// files returns content/data with the test edition, the calibration
	// table replaced by calib and, when edition is not "", the edition's
	// file by it: each case loads a copy of its own, so that the cases
	// (each a load of every edition) run side by side.
	files := func(t *testing.T, calib, ed string) fstest.MapFS {
		fsys := datasettest.WithEdition(t).(fstest.MapFS)
		fsys[file] = &fstest.MapFile{Data: []byte(calib)}
		if ed != "" {
			fsys[edition] = &fstest.MapFile{Data: []byte(ed)}
		}
		return fsys
	}
	rows := func(t *testing.T, fsys fstest.MapFS, today string) (int, error) {
		e, err := dataset.LoadEditions(fsys, "data", today)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := dataset.LoadCalibration(fsys, "data", e)
		for _, r := range tab.Rows {
			if _, ok := tab.Sources[r.Source]; !ok {
				t.Errorf("row %s cites %s, which the table lacks", r.ID, r.Source)
			}
		}
		if len(tab.Rows) > 0 && len(tab.Sources) != sources(tab) {
			t.Errorf("%d sources for rows citing %d", len(tab.Sources), sources(tab))
		}
		return len(tab.Rows), err
	}
	b := string(datasettest.WithEdition(t).(fstest.MapFS)[file].Data)
	all, err := rows(t, files(t, b, ""), datasettest.EditionDate)
	if err != nil {
		t.Fatal(err)
	}
	// The held row is its source's only one (a source of its own).
	b = strings.Replace(b, "\nrows:\n", "\n  held-source:\n    title: A source of held rows\n    url: https://example.com/held\nrows:\n", 1)
	b = strings.Replace(b, `source: trtllm-0140, published: "2024-11-01", as_of: "2026-12-01"`, `source: held-source, published: "2024-11-01", as_of: "2026-12-01"`, 1)
	const first = `as_of: "2026-12-01"`
	held := func(asOf string) string { return strings.Replace(b, first, `as_of: "`+asOf+`"`, 1) }
	// The edition adds a GPU, test-gpu, that the table's h200-sxm row
	// names instead.
	heldGPU := strings.Replace(datasettest.Edition, "    gpus:\n", `    gpus:
      - id: test-gpu
        name: Test GPU
        vendor: NVIDIA
        form_factor: SXM module
        memory_gb: {value: 80, source: test-price, as_of: 2027-01-10}
        bandwidth_gbps: {value: 3000, source: test-price, as_of: 2027-01-10}
        bf16_dense_tflops: {value: 900, source: test-price, as_of: 2027-01-10}
        tdp_w: {value: 700, source: test-price, as_of: 2027-01-10}
        link: {kind: NVLink, kind_de: NVLink, gbps: {value: 900, source: test-price, as_of: 2027-01-10}}
`, 1)
	testGPU := func(calib string) string { return strings.Replace(calib, "gpu: h200-sxm", "gpu: test-gpu", 1) }
	for _, tt := range []struct {
		name, calib, edition, today string
		ok                          func(n int, err error) bool
	}{
		{"before the edition's day the held row is left out", held(datasettest.EditionDate), "", "2027-01-14",
			func(n int, err error) bool { return err == nil && n == all-1 }},
		{"on the edition's day the held row is in", held(datasettest.EditionDate), "", datasettest.EditionDate,
			func(n int, err error) bool { return err == nil && n == all }},
		{"a row after every edition fails", held("2027-01-16"), "", "2027-01-14",
			func(_ int, err error) bool {
				return err != nil && strings.Contains(err.Error(), "as_of: 2027-01-16 is after 2027-01-15")
			}},
		// A row enters with an edition, not on a day of its own between.
		{"a row dated between the build and the held edition fails", held("2027-01-14"), "", "2027-01-13",
			func(_ int, err error) bool {
				return err != nil && strings.Contains(err.Error(), "as_of: 2027-01-14 is after the build date 2027-01-13 and is not the date of a held edition")
			}},
		// A published row cannot name a GPU that only a held edition adds.
		{"a published row naming a held edition's GPU fails", testGPU(b), heldGPU, "2027-01-14",
			func(_ int, err error) bool {
				return err != nil && strings.Contains(err.Error(), `gpu: "test-gpu" is not a GPU of the published catalog`)
			}},
		{"a held row may name the held edition's GPU", testGPU(held(datasettest.EditionDate)), heldGPU, "2027-01-14",
			func(_ int, err error) bool { return err == nil }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if n, err := rows(t, files(t, tt.calib, tt.edition), tt.today); !tt.ok(n, err) {
				t.Errorf("built on %s: %d rows (all %d), %v", tt.today, n, all, err)
			}
		})
	}
}

// sources counts the sources that tab's rows cite.
func sources(tab calibration.Table) int {
	cited := map[string]bool{}
	for _, r := range tab.Rows {
		cited[r.Source] = true
	}
	for _, r := range tab.Power {
		cited[r.Source] = true
	}
	return len(cited)
}

// The 2026-12-01 edition adds GPUs, a model and the open-weights links of
// the API rows that serve it: a link pinned to the first edition sees
// none of them, today's sees all.
func TestCatalogEdition(t *testing.T) {
	t.Parallel()
	e := datasettest.Editions(t, datasettest.Today)
	old, today := e.Data["2026-11-30"], e.Data["2026-12-01"]
	for _, id := range []string{"mi355x", "rtx-5090", "rtx-6000-ada"} {
		if _, ok := old.GPUs.Find(id); ok {
			t.Errorf("GPU %q in the first edition", id)
		}
		if g, ok := today.GPUs.Find(id); !ok || g.BF16DenseTFLOPS.Value == 0 {
			t.Errorf("GPU %q missing from the 2026-12-01 edition, or without a BF16 rate: %+v", id, g)
		}
	}
	if _, ok := old.Models.Find("glm-4.6"); ok {
		t.Error("GLM-4.6 in the first edition")
	}
	if _, ok := today.Models.Find("glm-4.6"); !ok {
		t.Error("GLM-4.6 missing from the 2026-12-01 edition")
	}
	weights := func(d sitedata.Data, api string) string {
		for _, m := range d.Pricing.APIs.Models {
			if m.ID == api {
				return m.Weights
			}
		}
		t.Fatalf("API model %q missing", api)
		return ""
	}
	if got := weights(old, "openrouter.z-ai-glm-4.6"); got != "" {
		t.Errorf("first edition: GLM-4.6 on OpenRouter serves %q; want no link", got)
	}
	if got := weights(today, "openrouter.z-ai-glm-4.6"); got != "glm-4.6" {
		t.Errorf("2026-12-01: GLM-4.6 on OpenRouter serves %q; want glm-4.6", got)
	}
	// Links to models of the first edition hold in every edition.
	for _, d := range []sitedata.Data{old, today} {
		if got := weights(d, "groq.llama-3.3-70b-versatile"); got != "llama-3.3-70b" {
			t.Errorf("Groq's Llama 3.3 70B serves %q; want llama-3.3-70b", got)
		}
	}
}

// Each edition's changes are described by data file for the changelog:
// the list entries it adds and changes by identity, rows without one by
// count, the sources it adds and the other keys it sets.
func TestEditionChangesAreDescribed(t *testing.T) {
	t.Parallel()
	e, err := dataset.LoadEditions(datasettest.WithEdition(t), "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Changes["2026-11-30"]; len(got) != 0 {
		t.Errorf("first edition's changes %+v; want none", got)
	}
	want := []dataset.Change{
		{File: "gpus.yaml", Changed: []string{"h100-sxm"}, Sources: 1},
		{File: "memory.yaml", Changed: []string{"defaults.utilization"}},
		{File: "api.yaml", Added: 1},
		{File: "perf.yaml", Changed: []string{"defaults.memory_efficiency"}},
	}
	if got := e.Changes[datasettest.EditionDate]; !reflect.DeepEqual(got, want) {
		t.Errorf("test edition's changes\n got %+v\nwant %+v", got, want)
	}
	// The real second edition adds the MI355X and changes it in the same
	// edition: it is added, not changed; the B200 it changes twice is
	// named once.
	var gpus dataset.Change
	for _, c := range e.Changes["2026-12-01"] {
		if c.File == "gpus.yaml" {
			gpus = c
		}
	}
	if !slices.Contains(gpus.AddedIDs, "mi355x") || slices.Contains(gpus.Changed, "mi355x") || gpus.Added != len(gpus.AddedIDs) {
		t.Errorf("2026-12-01 gpus.yaml: %+v; want mi355x added, not changed", gpus)
	}
	if n := len(slices.DeleteFunc(slices.Clone(gpus.Changed), func(id string) bool { return id != "b200" })); n != 1 || slices.Contains(gpus.AddedIDs, "b200") {
		t.Errorf("2026-12-01 gpus.yaml: %+v; want b200 changed once", gpus)
	}
}

// BenchmarkLoadEditions loads and validates every edition of the site's
// data again, as a build's checks and most tests do: what decoding the
// files gave comes from the loader's memory after the first load
// (BenchmarkLoadEditionsAfresh measures that one).
func BenchmarkLoadEditions(b *testing.B) {
	for b.Loop() {
		if _, err := dataset.LoadEditions(content.FS, "data", dataset.Today()); err != nil {
			b.Fatal(err)
		}
	}
}
