package dataset

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
)

func TestContentDataIsValid(t *testing.T) {
	d, err := Load(content.FS, "data")
	if err != nil {
		t.Fatalf("content/data: %v", err)
	}
	for _, id := range []string{"a100-40gb-sxm", "a100-80gb-sxm", "a100-40gb-pcie", "a100-80gb-pcie", "h100-sxm",
		"h100-pcie", "h100-nvl", "h200-sxm", "b200", "l40s", "l4", "a10g", "t4", "mi300x"} {
		if _, ok := d.GPUs.Find(id); !ok {
			t.Errorf("GPU %q missing from the catalog", id)
		}
	}
}

func TestBadRowFailsNamingFileEntryAndField(t *testing.T) {
	good, err := content.FS.ReadFile("data/" + GPUFile)
	if err != nil {
		t.Fatal(err)
	}
	tcoFile, _ := content.FS.ReadFile("data/" + TCOFile)
	tests := []struct {
		name, from, to, want string
	}{
		{"unknown source", "tdp_w: {value: 700, source: h100-page", "tdp_w: {value: 700, source: h100-typo",
			`d/gpus.yaml: gpus[4] "h100-sxm": tdp_w.source: unknown source "h100-typo"`},
		{"wrong type", "memory_gb: {value: 141,", "memory_gb: {value: lots,", "d/gpus.yaml: [137:"},
		{"unknown field", "    vendor: AMD", "    vendr: AMD", "d/gpus.yaml: [194:5] unknown field \"vendr\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(string(good), tt.from, tt.to, 1)
			if bad == string(good) {
				t.Fatalf("fixture text %q not found", tt.from)
			}
			fsys := fstest.MapFS{"d/" + GPUFile: {Data: []byte(bad)}, "d/" + TCOFile: {Data: tcoFile}}
			_, err := Load(fsys, "d")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestBadPresetValueFailsTheBuild(t *testing.T) {
	gpus, _ := content.FS.ReadFile("data/" + GPUFile)
	tcoFile, _ := content.FS.ReadFile("data/" + TCOFile)
	bad := strings.Replace(string(tcoFile), "a.kwh=0.30", "a.kwh=-1", 1)
	_, err := Load(fstest.MapFS{"d/" + GPUFile: {Data: gpus}, "d/" + TCOFile: {Data: []byte(bad)}}, "d")
	want := `d/tco.yaml: presets[0] "seed-000": query.a.kwh: The preset's value is rejected: Must be between 0 and 1000000000.`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want an error containing %q", err, want)
	}
}
