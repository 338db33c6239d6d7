package datasettest

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
)

// Edition is a later edition for tests, dated EditionDate, that changes
// what every calculator's default scenario reads: the H100 SXM's price
// (TCO, pricing), the memory calculator's utilization, the estimator's
// memory efficiency, and GPT-4.1's prices (a new history row).
const Edition = `note: "A test edition: new H100 price, defaults and GPT-4.1 prices."
note_de: "Ein Test-Datenstand: neuer H100-Preis, Standardwerte und GPT-4.1-Preise."
changes:
  gpus.yaml:
    sources:
      test-price: {title: "A test source", url: "https://example.com/h100"}
    gpus:
      - id: h100-sxm
        purchase_usd: {value: 22000, source: test-price, as_of: 2027-01-10}
  memory.yaml:
    defaults:
      utilization: {value: 0.85, source: vllm-engine-args, as_of: 2027-01-10}
  perf.yaml:
    defaults:
      memory_efficiency: {value: 0.65, source: trtllm-090, as_of: 2027-01-10}
  api.yaml:
    prices:
      - {model: gpt-4.1, from: 2027-01-15, input: 1, cache_read: 0.25, output: 4, batch_discount_pct: 50, currency: USD, source: openai-pricing, as_of: 2027-01-15}
`

// EditionDate is Edition's date, and Today a build day after it.
const (
	EditionDate = "2027-01-15"
	Today       = "2027-06-01"
)

// WithEdition returns content's files with Edition added, as
// content/data/editions/EditionDate.yaml.
func WithEdition(t testing.TB) fs.FS {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(content.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(content.FS, name)
		fsys[name] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys["data/"+dataset.EditionsDir+"/"+EditionDate+".yaml"] = &fstest.MapFile{Data: []byte(Edition)}
	return fsys
}

// LoadEditions loads WithEdition's data as of Today, failing t on any
// error, once per test binary: shared as Load's, a test must not change
// it.
func LoadEditions(t testing.TB) dataset.Editions {
	t.Helper()
	return share(t, "with edition", func() (dataset.Editions, error) {
		return dataset.LoadEditions(WithEdition(t), "data", Today)
	})
}
