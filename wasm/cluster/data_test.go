package cluster_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// A bad grid region fails the data's check naming the entry and the
// field: a repeated id, a missing German name, an intensity above what
// any grid emits, and a German default region the data lacks.
func TestBadGridRegionsAreNamed(t *testing.T) {
	d := datasettest.Load(t).TCOData()
	if err := d.Validate(); err != nil {
		t.Fatalf("today's data: %v", err)
	}
	bad := d
	bad.Grid = append(bad.Grid[:0:0], d.Grid...)
	bad.Grid[1].ID = bad.Grid[0].ID
	bad.Grid[2].NameDE = ""
	bad.Grid[3].GCO2ePerKWh.Value = 2000
	bad.Defaults.DE.Grid = "atlantis"
	err := bad.Validate()
	if err == nil {
		t.Fatal("bad grid regions pass")
	}
	for _, want := range []string{`grid[1] "world"`, "id", `grid[2] "de"`, "name_de", `grid[3] "fr"`, "g_co2e_per_kwh", "defaults.de", `unknown grid region "atlantis"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
