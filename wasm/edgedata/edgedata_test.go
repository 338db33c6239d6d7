package edgedata_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/plainjson"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/sitedata"
)

// The embedded data files are content/data's editions as gen writes them
// for the browser (with the bands gen computes), byte for byte: a data
// change without make worker-data fails here rather than serving old
// figures.
func TestEmbeddedEditionsAreTheContentsData(t *testing.T) {
	editions, _, err := accuracy.LoadEditions(content.FS, "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	dates, err := edgedata.Dates()
	if err != nil {
		t.Fatal(err)
	}
	if want := editions.DataDates(); !slices.Equal(dates, want) {
		t.Fatalf("embedded editions %q; want %q (run make worker-data)", dates, want)
	}
	for _, date := range editions.DataDates() {
		for _, name := range sitedata.Calculators {
			part, _ := editions.Data[date].For(name)
			want, err := json.Marshal(part)
			if err != nil {
				t.Fatal(err)
			}
			got, err := edgedata.File(date, name)
			if err != nil {
				t.Fatalf("%s/%s: %v (run make worker-data)", date, name, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s.json is stale: run make worker-data", date, name)
			}
		}
	}
}

// A Set from the store, with only the editions a query needs, builds the
// same page as one with every edition gen reads from content/data, for
// every calculator, today's edition and an old one. (wasm/api's tests
// compare more queries, with editions drawn at random.)
func TestStoreSetsBuildTheContentsPages(t *testing.T) {
	editions, _, err := accuracy.LoadEditions(content.FS, "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	var store edgedata.Store
	want := apitest.ContentSet(t)
	for _, name := range sitedata.Calculators {
		for _, q := range []string{"", "ed=" + editions.DataDates()[0], "ed=" + editions.List.Latest(), "ed=2000-01-01", "ed=x"} {
			set, err := store.Set(name, q)
			if err != nil {
				t.Fatal(err)
			}
			// As the browser module sends a page: every value it shows.
			got := plainjson.Append(nil, set.Page(name, q).Update())
			w := plainjson.Append(nil, want.Page(name, q).Update())
			if !bytes.Equal(got, w) {
				t.Errorf("%s?%s: the embedded data's page differs from content/data's", name, q)
			}
		}
	}
}

// The embedded calculator pages, English and German, are the built
// site's (public/) as their skeletons, and the German pages' message
// catalog is public/'s, byte for byte:
// the worker renders scenario links into them and the site it serves is
// public/, so both must come from one build (make build worker-wasm).
// Without public/ there is nothing to compare with.
func TestEmbeddedPagesAreTheBuiltSites(t *testing.T) {
	public := os.DirFS(filepath.Join("..", "..", "public"))
	base, _, err := preview.Where(public)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("no built site in public/ (make build)")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de"} {
		files, err := preview.Files(public, base, lang)
		if err != nil {
			t.Fatal(err)
		}
		if lang == "de" && len(files) != len(sitedata.Calculators)+1 {
			t.Fatalf("German: %q; want the pages and their catalog", files)
		}
		for _, file := range files {
			got, err := fs.ReadFile(edgedata.Pages(), file)
			if err != nil {
				t.Fatalf("%v (run make worker-data)", err)
			}
			want, err := fs.ReadFile(public, file)
			if err != nil {
				t.Fatal(err)
			}
			if path.Ext(file) == ".html" {
				if want, err = site.Skeleton(want); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the embedded %s is not public/'s: run make worker-data after building the site", file)
			}
		}
	}
}
