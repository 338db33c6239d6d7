package sitebuild

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/sitedata"
)

// A page rewritten for an edition stands in for the page once that
// edition is published, and the newest published revision wins; a
// revision for a date that is no edition, or of no page, fails the build.
func TestRevisionsGoLiveWithTheirEdition(t *testing.T) {
	fsys := fstest.MapFS{
		"performance-methodology.md":                               {Data: []byte("now")},
		"articles/methodology-accuracy.en.md":                      {Data: []byte("now")},
		"revisions/2026-12-02/performance-methodology.md":          {Data: []byte("2")},
		"revisions/2026-12-03/performance-methodology.md":          {Data: []byte("3")},
		"revisions/2026-12-03/articles/methodology-accuracy.en.md": {Data: []byte("3")},
	}
	for _, tt := range []struct {
		name  string
		dates []string
		want  string
	}{
		{"performance-methodology.md", []string{"2026-11-30", "2026-12-01"}, "performance-methodology.md"},
		{"performance-methodology.md", []string{"2026-11-30", "2026-12-02"}, "revisions/2026-12-02/performance-methodology.md"},
		{"performance-methodology.md", []string{"2026-12-02", "2026-12-03"}, "revisions/2026-12-03/performance-methodology.md"},
		{"articles/methodology-accuracy.en.md", []string{"2026-12-02"}, "articles/methodology-accuracy.en.md"},
		{"articles/methodology-accuracy.en.md", []string{"2026-12-02", "2026-12-03"}, "revisions/2026-12-03/articles/methodology-accuracy.en.md"},
	} {
		if got, err := revised(fsys, tt.name, tt.dates); err != nil || got != tt.want {
			t.Errorf("revised(%s, %v) = %s, %v; want %s", tt.name, tt.dates, got, err, tt.want)
		}
	}

	e := dataset.Editions{Data: map[string]sitedata.Data{"2026-12-02": {}}, Held: map[string]sitedata.Data{"2026-12-03": {}}}
	if err := checkRevisions(fsys, e); err != nil {
		t.Errorf("good revisions: %v", err)
	}
	if err := checkRevisions(fstest.MapFS{"a.md": {}}, e); err != nil {
		t.Errorf("no revisions: %v", err)
	}
	for file, want := range map[string]string{
		"revisions/2026-12-04/performance-methodology.md": "2026-12-04 is not the date of a data edition",
		"revisions/2026-12-03/performance-methodolgy.md":  "revises performance-methodolgy.md, which is not a page",
		"revisions/2026-12-03/data/perf.yaml":             "a revision is revisions/DATE/PAGE, a page being *.md or articles/*.md",
		"revisions/2026-12-03/articles/new/x.md":          "a revision is revisions/DATE/PAGE",
	} {
		bad := fstest.MapFS{file: {Data: []byte("x")}}
		if err := checkRevisions(bad, e); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error containing %q", file, err, want)
		}
	}
}
