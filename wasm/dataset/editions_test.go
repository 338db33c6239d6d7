package dataset_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// A later edition changes only what it names: the first edition keeps
// the H100's price and GPT-4.1's prices; the latest has the new ones.
func TestEditionsAreLayered(t *testing.T) {
	e := datasettest.LoadEditions(t)
	dates := e.DataDates()
	// The site's editions, then the test's.
	if len(dates) < 2 || dates[len(dates)-1] != datasettest.EditionDate {
		t.Fatalf("data editions %v", dates)
	}
	price := func(date string) float64 {
		g, _ := e.Data[date].TCO.GPUs.Find("h100-sxm")
		return g.PurchaseUSD.Value
	}
	// content/data/gpus.yaml: $27,500; the test edition: $22,000.
	if first, latest := price(dates[0]), price(dates[len(dates)-1]); first != 27500 || latest != 22000 {
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
		if d.Editions.Latest() != datasettest.EditionDate || d.Memory.Editions.Latest() != datasettest.EditionDate {
			t.Errorf("an edition's data does not list every edition: %+v", d.Editions)
		}
	}
}

// A bad edition fails the build, naming the edition's file and, for a bad
// value, the data file, the entry and the field.
func TestBadEditions(t *testing.T) {
	good := datasettest.Edition
	for _, tt := range []struct {
		name, file, text, want string
	}{
		{"not a date", "2027-13-01.yaml", good, "the name must be the edition's date"},
		{"after the build", "2099-01-01.yaml", good, "dated after the build date"},
		{"no note", "2027-01-15.yaml", strings.Replace(good, `note: "A test edition: new H100 price, defaults and GPT-4.1 prices."`, `note: ""`, 1), "note: say what changed"},
		{"unknown file", "2027-01-15.yaml", strings.Replace(good, "memory.yaml:", "memroy.yaml:", 1), "changes.memroy.yaml: not a data file"},
		{"unknown key", "2027-01-15.yaml", good + "extra: 1\n", "unknown field"},
		{"bad value", "2027-01-15.yaml", strings.Replace(good, "value: 22000", "value: -1", 1),
			`edition 2027-01-15 (data/editions/2027-01-15.yaml): data/gpus.yaml: gpus[`},
		{"bad value names the field", "2027-01-15.yaml", strings.Replace(good, "value: 22000", "value: -1", 1), `"h100-sxm": purchase_usd.value: -1 is negative`},
		// The pattern joins those of the family of that name, after "llama".
		{"bad open-weights pattern", "2027-01-15.yaml", good + "  pricing.yaml:\n    open_weights:\n      - {name: Llama, match: [\"Llama*\"]}\n",
			`edition 2027-01-15 (data/editions/2027-01-15.yaml): data/pricing.yaml: open_weights[0] "Llama": match[1]: want lower-case letters, digits and "._-", got "Llama*"`},
		{"map for a number", "2027-01-15.yaml", strings.Replace(good, "purchase_usd: {value: 22000", "purchase_usd: {value: {x: 1}", 1), "purchase_usd.value"},
	} {
		t.Run(tt.name, func(t *testing.T) {
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
