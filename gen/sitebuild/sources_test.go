package sitebuild

import (
	"html"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// The changelog lists every edition file, in both languages, with its
// date (German day first, with the anchor the feeds link to) and its note
// in that language, and names each data file the edition changes.
func TestChangelogListsEveryEditionWithItsDateAndNote(t *testing.T) {
	fsys := datasettest.WithEdition(t)
	eds, err := dataset.LoadEditions(fsys, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	cal, err := dataset.LoadCalibration(fsys, "data", eds)
	if err != nil {
		t.Fatal(err)
	}
	tables := sourceTables(fsys, eds, cal, "/", testMsgs(t))
	en, de := tables["data-changelog"](), tables["data-changelog-de"]()
	files, err := fs.Glob(fsys, "data/editions/*.yaml")
	if err != nil || len(files) < 3 {
		t.Fatalf("edition files %v, %v; want the two editions and the test's", files, err)
	}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			t.Fatal(err)
		}
		var ed struct {
			Note    string         `yaml:"note"`
			NoteDE  string         `yaml:"note_de"`
			Changes map[string]any `yaml:"changes"`
		}
		if err := yaml.Unmarshal(b, &ed); err != nil {
			t.Fatal(err)
		}
		date := strings.TrimSuffix(path.Base(f), ".yaml")
		german := date[8:10] + "." + date[5:7] + "." + date[:4]
		note := "<td>" + html.EscapeString(ed.Note) + "</td>"
		cell := func(shown string) string {
			return `<td><time id="edition-` + date + `" datetime="` + date + `">` + shown + "</time></td>"
		}
		if !strings.Contains(en, cell(date)+note) {
			t.Errorf("English changelog lacks %s with its note %q", date, ed.Note)
		}
		if noteDE := "<td>" + html.EscapeString(ed.NoteDE) + "</td>"; ed.NoteDE == "" || !strings.Contains(de, cell(german)+noteDE) {
			t.Errorf("German changelog lacks %s with its German note %q", german, ed.NoteDE)
		}
		for file := range ed.Changes {
			row := en[strings.Index(en, cell(date)):]
			row = row[:strings.Index(row, "</tr>")]
			if !strings.Contains(row, "<code>"+file+"</code>") {
				t.Errorf("changelog of %s does not name %s: %s", date, file, row)
			}
		}
	}
	// The test edition adds a price row and changes the H100.
	if !strings.Contains(en, "<code>api.yaml</code>: 1 added") || !strings.Contains(en, "1 changed (<code>h100-sxm</code>)") {
		t.Errorf("the test edition's changes are missing: %s", en)
	}
}

// The sources table counts each catalog's rows as the data holds them,
// in both languages, and names the imported dataset's version.
func TestSourcesTableCountsTheDataRows(t *testing.T) {
	eds := datasettest.Editions(t, dataset.Today())
	d := eds.Latest()
	cal, err := dataset.LoadCalibration(content.FS, "data", eds)
	if err != nil {
		t.Fatal(err)
	}
	// The imported rows are those citing a source of the snapshot.
	b, err := fs.ReadFile(content.FS, "data/"+dataset.GenAIFile)
	if err != nil {
		t.Fatal(err)
	}
	var snapshot apiprices.Catalog
	if err := yaml.Unmarshal(b, &snapshot); err != nil {
		t.Fatal(err)
	}
	imported, version := 0, ""
	for _, p := range d.Pricing.APIs.Prices {
		if _, ok := snapshot.Sources[p.Source]; ok {
			imported++
		}
	}
	for _, s := range snapshot.Sources {
		version = regexp.MustCompile(`genai-prices (\S+) `).FindStringSubmatch(s.Title)[1]
	}
	want := []int{len(d.GPUs.GPUs), len(d.Models.Models), len(d.Pricing.APIs.Prices) - imported, imported,
		len(d.Rental.Offers), len(cal.Rows)}
	tables := sourceTables(content.FS, eds, cal, "/", testMsgs(t))
	for name, group := range map[string]string{"data-sources": ",", "data-sources-de": "."} {
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(tables[name]()))
		if err != nil {
			t.Fatal(err)
		}
		rows := doc.Find("tbody tr")
		if rows.Length() != len(want) {
			t.Fatalf("%s: %d catalogs; want %d", name, rows.Length(), len(want))
		}
		rows.Each(func(i int, r *goquery.Selection) {
			got := strings.ReplaceAll(r.Find("td").Eq(1).Text(), group, "")
			if got != strconv.Itoa(want[i]) {
				t.Errorf("%s: %s has %s rows; want %d", name, r.Find("td").First().Text(), got, want[i])
			}
		})
		if catalog := rows.Eq(3).Find("td").First().Text(); !strings.Contains(catalog, "genai-prices "+version+" ") || !strings.Contains(catalog, "MIT") {
			t.Errorf("%s: the dataset's row %q does not name version %s and its licence", name, catalog, version)
		}
	}
}
