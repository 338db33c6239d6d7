package sitebuild

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/sitetest"
)

// "Copy API call" copies a URL of the API the build names (-api-url,
// API_URL): a static build without one has no API at its own origin, and
// the button copied a URL that is not found there. Without an API the
// calculators have no such button; with one, the button copies that API.
func TestCopyAPICallOnlyWhereAnAPIAnswers(t *testing.T) {
	for _, tc := range []struct {
		api, want string
	}{{"", ""}, {"https://api.example.org", "https://api.example.org/api/v1/"}} {
		out := buildSiteWith(t, Config{Base: "/", APIURL: tc.api})
		for _, page := range []string{"tco", "memory", "performance", "pricing", "de/tco"} {
			doc := sitetest.ReadDoc(t, filepath.Join(out, page, "index.html"))
			btn := doc.Find("#copy-api")
			calc := page[strings.LastIndex(page, "/")+1:]
			switch api, _ := btn.Attr("data-api"); {
			case tc.want == "" && btn.Length() != 0:
				t.Errorf("no API: /%s/ has a Copy API call button copying %s", page, api)
			case tc.want != "" && api != tc.want+calc:
				t.Errorf("API %s: /%s/'s button copies %q; want %q", tc.api, page, api, tc.want+calc)
			}
		}
	}
}

// The memory page's "Which GPUs fit" table, as built: the answer first,
// and the weights, the same on every GPU, said once in the note.
func TestFitTableOnTheMemoryPage(t *testing.T) {
	doc := sitetest.ReadDoc(t, filepath.Join(buildSiteWith(t, Config{Base: "/"}), "memory", "index.html"))
	first, _ := doc.Find("#fit thead th[data-col]").First().Attr("data-col")
	if first != "fit-need" {
		t.Errorf("first column %q; want fit-need", first)
	}
	if w := doc.Find(`#fit thead th[data-col="fit-w"]`); w.Length() != 1 || w.AttrOr("hidden", "none") == "none" {
		t.Errorf("weights column: %d found, hidden %q; want it hidden", w.Length(), w.AttrOr("hidden", "none"))
	}
	if note := doc.Find("#fit-note").Text(); !strings.Contains(note, "The same on every GPU: Weights per GPU 15 GiB.") {
		t.Errorf("note %q; want the weights said once", note)
	}
}
