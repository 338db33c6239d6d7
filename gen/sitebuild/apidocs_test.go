package sitebuild

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/edgedata"
)

// The API page names every operation, parameter and schema of the API's
// own document, and each of its curl examples, asked of the real API
// handler, is answered with JSON and no problem: an example that the API refuses, or an
// operation the page leaves out, fails here.
func TestAPIPageDocumentsTheAPIAndItsExamplesAnswer(t *testing.T) {
	eds, err := dataset.LoadEditions(os.DirFS("../../content"), "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	data := eds.Latest()
	date := eds.DataDates()[len(eds.DataDates())-1]
	srv := httptest.NewServer(api.New(&edgedata.Store{}, nil))
	defer srv.Close()
	page, err := apiReference(testMsgs(t)["en"], api.Document(), srv.URL+"/", date, &data)
	if err != nil {
		t.Fatal(err)
	}
	var doc apiDoc
	if err := json.Unmarshal(api.Document(), &doc); err != nil {
		t.Fatal(err)
	}
	for path, ops := range doc.Paths {
		if !strings.Contains(page, "GET "+path+"</code></h3>") {
			t.Errorf("the page lacks the operation GET %s", path)
		}
		for _, p := range ops["get"].Parameters {
			if !strings.Contains(page, "<code>"+p.Name+"</code>") {
				t.Errorf("the page lacks %s's parameter %s", path, p.Name)
			}
		}
	}
	// Every problem type the API answers is a URI whose fragment is an
	// element of this page that says what it means.
	for _, uri := range []string{api.TypeInvalidQuery, api.TypeUnknownEdition, api.TypeUnknownParameter,
		api.ProblemTypes + "unknown-option", api.ProblemTypes + "out-of-range", api.ProblemTypes + "bad-number",
		api.ProblemTypes + "bad-text", api.ProblemTypes + "invalid"} {
		id := uri[strings.Index(uri, "#")+1:]
		row := regexp.MustCompile(`<tr id="` + id + `"><td><code>[^<]+</code></td><td>([^<]+)</td></tr>`).FindStringSubmatch(page)
		if row == nil || len(row[1]) < 10 {
			t.Errorf("the page has no row %q saying what %s means", id, uri)
		}
	}
	for name := range doc.Components.Schemas {
		if !strings.Contains(page, `<h3 id="`+schemaID(name)+`">`) {
			t.Errorf("the page lacks the schema %s", name)
		}
	}
	curls := regexp.MustCompile(`curl -sS &#39;([^&]*(?:&amp;[^&]*)*?)&#39;`).FindAllStringSubmatch(stripTags(page), -1)
	if len(curls) != len(doc.Paths) {
		t.Fatalf("%d curl examples for %d operations", len(curls), len(doc.Paths))
	}
	for _, c := range curls {
		url := strings.ReplaceAll(c[1], "&amp;", "&")
		res, body := apitest.Get(t, "GET", url)
		var answer struct{ Problems []api.Issue }
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "json") || json.Unmarshal(body, &answer) != nil {
			t.Errorf("%s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if len(answer.Problems) > 0 {
			t.Errorf("%s: the example's answer has problems %q", url, answer.Problems)
		}
	}
}

// stripTags drops the highlighter's markup from code, leaving its text.
func stripTags(s string) string { return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, "") }
