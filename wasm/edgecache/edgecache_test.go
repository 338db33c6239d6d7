package edgecache_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/edgecache"
)

// A canonical query sorts pairs by name, keeps the order of one name's
// pairs (the first wins on the page) and the raw pairs, and drops empty
// ones; the name is read as the calculators read it (a.%6E is a.n).
func TestCanonicalSortsByNameAndKeepsEachNamesOrder(t *testing.T) {
	for raw, want := range map[string]string{
		"":                            "",
		"b=1&a=2":                     "a=2&b=1",
		"a.n=16&ed=2026-11-30&a.n=2":  "a.n=16&a.n=2&ed=2026-11-30",
		"a.n=2&a.%6E=16":              "a.n=2&a.%6E=16",
		"a.%6E=16&a.n=2":              "a.%6E=16&a.n=2",
		"&&x=%3Cb%3E&&a=1&":           "a=1&x=%3Cb%3E",
		"preset=p&cur=eur&a.gpu=h100": "a.gpu=h100&cur=eur&preset=p",
	} {
		if got := edgecache.Canonical(raw); got != want {
			t.Errorf("Canonical(%q) = %q; want %q", raw, got, want)
		}
	}
}

// If-None-Match names a tag weakly or strongly, in a list, or as *.
func TestMatches(t *testing.T) {
	tag := edgecache.Tag([]byte("build"), "api", "2026-11-30", "a=1")
	if tag == edgecache.Tag([]byte("build"), "api", "2026-11-30", "a=2") || tag == edgecache.Tag([]byte("other"), "api", "2026-11-30", "a=1") {
		t.Error("a tag does not name its build and query")
	}
	for header, want := range map[string]bool{tag: true, "W/" + tag: true, `"x", ` + tag: true, "*": true, `"x"`: false, "": false} {
		if edgecache.Matches(header, tag) != want {
			t.Errorf("Matches(%q) = %v", header, !want)
		}
	}
}
