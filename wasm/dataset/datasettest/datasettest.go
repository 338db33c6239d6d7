// Package datasettest loads the site's real data (content/data) for tests.
package datasettest

import (
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Load loads and validates content/data, failing t on any error.
func Load(t testing.TB) sitedata.Data {
	t.Helper()
	d, err := dataset.Load(content.FS, "data")
	if err != nil {
		t.Fatal(err)
	}
	return d
}
