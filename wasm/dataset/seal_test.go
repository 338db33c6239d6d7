package dataset_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// The committed seal holds content/data as it is.
func TestContentMatchesItsSeal(t *testing.T) {
	t.Parallel()
	if err := dataset.CheckSeal(content.FS, "data"); err != nil {
		t.Fatal(err)
	}
}

// sealedThrough returns the day the committed seal reaches
// (dataset.SealedThrough) and the day after it, when new price rows may
// start.
func sealedThrough(t *testing.T) (through, after string) {
	t.Helper()
	through, err := dataset.SealedThrough(content.FS, "data")
	if err != nil {
		t.Fatal(err)
	}
	d, err := time.Parse(time.DateOnly, through)
	if err != nil {
		t.Fatal(err)
	}
	return through, d.AddDate(0, 0, 1).Format(time.DateOnly)
}

// edit returns content's files with the open test edition
// (datasettest.Edition, dated after the seal) and one replacement in
// file; an empty from adds to to the end of the file, and a to of "-"
// removes the file.
func edit(t *testing.T, file, from, to string) fstest.MapFS {
	t.Helper()
	fsys := datasettest.WithEdition(t).(fstest.MapFS)
	name := "data/" + file
	if to == "-" {
		delete(fsys, name)
		return fsys
	}
	var b string
	if f, ok := fsys[name]; ok {
		b = string(f.Data)
	}
	bad := b + to
	if from != "" {
		bad = strings.Replace(b, from, to, 1)
		if bad == b {
			t.Fatalf("%q not found in %s", from, file)
		}
	}
	fsys[name] = &fstest.MapFile{Data: []byte(bad)}
	return fsys
}

// Published data cannot change in place, lose an entry or gain one: the
// build fails naming the file, the entry and the field. The seal reaches
// the lock's through; the test edition is dated after it.
func TestSealedHistoryCannotBeRewritten(t *testing.T) {
	t.Parallel()
	through, _ := sealedThrough(t)
	const (
		gemini = "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.15, output: 0.6,"
		rtx    = "{provider: RunPod (community), gpu: rtx-4090, instance: RTX 4090 (1 GPU), usd_per_gpu_hour: 0.34,"
		h100   = "memory_gb: {value: 80, source: h100-page, as_of: 2026-11-30}"
	)
	for _, tt := range []struct {
		name, file, from, to, want string
	}{
		// The review's breakages: a dated API price edited in place moved
		// what ?ed=2025-04-17 links show from $100.44 to $10.04 a month,
		// and a rental price edited in a published edition flipped a TCO
		// link's answer.
		{"API price row edited in place", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.015, output: 0.6,",
			`data/api.yaml: prices "gemini-2.5-flash" from 2025-04-17: input: changed in place, but it is published history, sealed up to ` + through},
		{"rental price edited in a published edition", "editions/2026-12-01.yaml", rtx, "{provider: RunPod (community), gpu: rtx-4090, instance: RTX 4090 (1 GPU), usd_per_gpu_hour: 0.24,",
			`data/editions/2026-12-01.yaml: changes.rental.yaml: offers "RunPod (community) / rtx-4090 / RTX 4090 (1 GPU)": usd_per_gpu_hour: changed in place`},
		{"GPU figure of the first edition", dataset.GPUFile, h100, "memory_gb: {value: 94, source: h100-page, as_of: 2026-11-30}",
			`data/gpus.yaml: gpus "h100-sxm": memory_gb.value: changed in place`},
		{"its date alone", dataset.GPUFile, h100, "memory_gb: {value: 80, source: h100-page, as_of: 2026-12-01}",
			`data/gpus.yaml: gpus "h100-sxm": memory_gb.as_of: changed in place`},
		{"refit of a published edition", "editions/2026-12-04.yaml", "compute: {value: 0.475,", "compute: {value: 0.5,",
			`data/editions/2026-12-04.yaml: changes.perf.yaml: defaults.efficiency_by: [0].compute.value: changed in place`},
		{"a field added to a published row", dataset.GPUFile, "  - id: h100-sxm\n", "  - id: h100-sxm\n    arch: hopper\n",
			`data/gpus.yaml: gpus "h100-sxm": arch: changed in place`},
		{"a field removed from a published row", dataset.APIFile, "as_of: 2025-04-17, unconfirmed: true,", "as_of: 2025-04-17,",
			`data/api.yaml: prices "gemini-2.5-flash" from 2025-04-17: unconfirmed: changed in place`},
		{"a published row removed", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-04-18, input: 0.15, output: 0.6,",
			`data/api.yaml: prices "gemini-2.5-flash" from 2025-04-17: missing, but it is published history, sealed up to ` + through + ` (editions.lock): it stays`},
		{"a new GPU in the first edition", dataset.GPUFile, "  - id: h100-sxm\n", "  - id: h100-new\n    name: X\n  - id: h100-sxm\n",
			`data/gpus.yaml: gpus "h100-new": added to published history, sealed up to ` + through + ` (editions.lock): add it in the open edition (editions/DATE.yaml) instead`},
		{"a price row inside the sealed days", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-05-01, input: 0.2, output: 0.6, currency: USD, source: google-pricing, as_of: 2025-05-01}\n  - " + gemini,
			`data/api.yaml: prices "gemini-2.5-flash" from 2025-05-01: from: a new price row starts after ` + through + `, the last sealed day (editions.lock)`},
		{"a row added to a published edition", "editions/2026-12-01.yaml", rtx, "{provider: RunPod (community), gpu: rtx-4090, instance: RTX 4090 (2 GPUs), usd_per_gpu_hour: 0.3, source: silybench, as_of: 2026-09-25}\n      - " + rtx,
			`data/editions/2026-12-01.yaml: changes.rental.yaml: offers "RunPod (community) / rtx-4090 / RTX 4090 (2 GPUs)": added to published history`},
		{"a published edition removed", "editions/2026-12-04.yaml", "", "-",
			`data/editions/2026-12-04.yaml: missing: the edition is published and sealed (editions.lock), so it stays`},
		{"an edition slipped in before the seal", "editions/2026-12-05.yaml", "", "note: \"x\"\nnote_de: \"x\"\n",
			`data/editions/2026-12-05.yaml: the data up to ` + through + ` is sealed (editions.lock): a new edition is dated after it`},
		{"an until inside the sealed days", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-04-17, until: 2025-05-01, input: 0.15, output: 0.6,",
			`data/api.yaml: prices "gemini-2.5-flash" from 2025-04-17: until: changed in place`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := dataset.CheckSeal(edit(t, tt.file, tt.from, tt.to), "data")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// What may change beside sealed data: the open edition, a new API price
// row after the sealed days, an imported row's as_of or its until after
// them (make prices moves both), a new API model, and prose.
func TestWhatTheSealLeavesOpen(t *testing.T) {
	t.Parallel()
	const gemini = "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.15, output: 0.6, currency: USD, source: google-pricing, as_of: 2025-04-17,"
	_, after := sealedThrough(t)
	for _, tt := range []struct{ name, file, from, to string }{
		{"the open edition", "editions/" + datasettest.EditionDate + ".yaml", "value: 22000", "value: 21000"},
		{"a new price row", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: " + after + ", input: 0.2, output: 0.6, currency: USD, source: google-pricing, as_of: " + after + "}\n  - " + gemini},
		{"a price row's as_of", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.15, output: 0.6, currency: USD, source: google-pricing, as_of: " + after + ","},
		{"an until after the seal", dataset.APIFile, gemini, "{model: gemini-2.5-flash, from: 2025-04-17, until: " + after + ", input: 0.15, output: 0.6, currency: USD, source: google-pricing, as_of: 2025-04-17,"},
		{"an imported model's name", dataset.GenAIFile, "name: gpt 4.1,", "name: GPT-4.1,"},
		{"a new API model", dataset.APIFile, "  - {id: gpt-4o,", "  - {id: gpt-4o-new, provider: openai, name: GPT-4o new, context: 128000}\n  - {id: gpt-4o,"},
		{"a note", dataset.GPUFile, "note: 'midpoint of the reported $25,000-30,000'", "note: 'the midpoint of the reported $25,000 to $30,000'"},
		{"a published edition's German note", "editions/2026-12-04.yaml", "note_de: \"Kalibrierungsläufe,", "note_de: \"Die Kalibrierungsläufe,"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if err := dataset.CheckSeal(edit(t, tt.file, tt.from, tt.to), "data"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Sealing a newly published edition: the test edition, dated after the
// seal, is sealed by the first seal after its day; from then on an edit
// to it fails, and the seal refuses to seal the edit.
func TestSealingANewlyPublishedEdition(t *testing.T) {
	t.Parallel()
	fsys := datasettest.WithEdition(t).(fstest.MapFS)
	b, err := dataset.Seal(fsys, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "through\t2027-05-31\n") || !strings.Contains(string(b), "edition\t"+datasettest.EditionDate+"\n") {
		t.Fatalf("the new seal lacks the edition of %s, or is not through the day before 2027-06-01", datasettest.EditionDate)
	}
	fsys["data/"+dataset.LockFile] = &fstest.MapFile{Data: b}
	if err := dataset.CheckSeal(fsys, "data"); err != nil {
		t.Fatal(err)
	}
	name := "data/editions/" + datasettest.EditionDate + ".yaml"
	fsys[name] = &fstest.MapFile{Data: []byte(strings.Replace(datasettest.Edition, "value: 22000", "value: 21000", 1))}
	want := `data/editions/2027-01-15.yaml: changes.gpus.yaml: gpus "h100-sxm": purchase_usd.value: changed in place`
	if err := dataset.CheckSeal(fsys, "data"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an edit to the newly sealed edition: got %v; want %q", err, want)
	}
	if _, err := dataset.Seal(fsys, "data", datasettest.Today); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("sealing the edit: got %v; want %q", err, want)
	}
	// A seal never goes back.
	if _, err := dataset.Seal(fsys, "data", "2027-01-01"); err == nil || !strings.Contains(err.Error(), "a seal never goes back") {
		t.Errorf("sealing an earlier day: %v", err)
	}
}

// BenchmarkCheckSeal checks content/data against its seal, as every
// build does.
func BenchmarkCheckSeal(b *testing.B) {
	for b.Loop() {
		if err := dataset.CheckSeal(content.FS, "data"); err != nil {
			b.Fatal(err)
		}
	}
}
