package bundle_test

import (
	"bytes"
	"testing"

	"github.com/infercost/infercost/site/echart/bundle"
)

func TestScriptBundlesOnlyWhatTheOptionsUse(t *testing.T) {
	b, err := bundle.Script("../../../node_modules")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ECharts bundle: %d B", len(b))
	if !bytes.Contains(b, []byte("var echarts=")) {
		t.Errorf("bundle does not define the global echarts: %.200s", b)
	}
	// The parts New uses are in; a chart type and a component it never
	// emits stay out.
	for part, want := range map[string]bool{"legendToggleSelect": true, "showTip": true, `"scatter"`: false, "dataZoom.select": false} {
		if bytes.Contains(b, []byte(part)) != want {
			t.Errorf("bundle holds %s: %v, want %v", part, !want, want)
		}
	}
	if _, err := bundle.Script(t.TempDir()); err == nil {
		t.Error("no error without the npm packages")
	}
}
