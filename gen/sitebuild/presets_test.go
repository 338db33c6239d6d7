package sitebuild

import (
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// Every preset's page passes the build's checks: finite figures, no
// problem message, no dash among its results, readable input values.
func TestEveryPresetShowsTheSiteAtItsBest(t *testing.T) {
	if err := checkPresets(datasettest.Load(t)); err != nil {
		t.Error(err)
	}
}
