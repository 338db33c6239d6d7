package site

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/view"
)

// Splice renders every marked part of a calculator page for another
// scenario, leaves the rest of the page as it was, escapes what the
// scenario says, and refuses a page whose parts are not all there.
func TestSpliceRendersTheScenarioIntoThePage(t *testing.T) {
	m := Meta{Base: "/", Path: "tco/", Title: "TCO", Canonical: "https://example.org/tco/", Type: "website", Engine: &Engine{},
		Card: &Card{URL: "https://example.org/cards/tco.png", Width: 1200, Height: 630}}
	var static bytes.Buffer
	if err := Calculator(CalcPage{Meta: m, ID: "tco", Page: view.Page{Headline: view.Headline{Text: "The default answer."}}}).Render(context.Background(), &static); err != nil {
		t.Fatal(err)
	}
	s := Scenario{Meta: Meta{Base: "/"}, ID: "tco", Rendered: true,
		Page:    view.Page{Headline: view.Headline{Text: `A link's <script>answer</script>`, Figures: []view.Figure{{Label: "Cost", Text: "$1"}}}, Problems: []string{"<b>bad</b>"}},
		Preview: Preview{Title: `Cost: $1 "quoted"`, Description: "A link's answer", URL: "https://example.org/tco/?a=1", Type: "website"}}
	got, err := Splice(context.Background(), static.Bytes(), s)
	if err != nil {
		t.Fatal(err)
	}
	page := string(got)
	for _, want := range []string{`A link&#39;s &lt;script&gt;answer&lt;/script&gt;`, `<dt>Cost</dt><dd>$1</dd>`, `<li>&lt;b&gt;bad&lt;/b&gt;</li>`,
		`<meta property="og:title" content="Cost: $1 &#34;quoted&#34;">`, `<meta property="og:url" content="https://example.org/tco/?a=1">`,
		`data-rendered`, "<!--ic:noscript-->Showing this link&#39;s scenario: changing inputs"} {
		if !strings.Contains(page, want) {
			t.Errorf("the spliced page lacks %s", want)
		}
	}
	// (The page loader's messages, in the page as data, still name both.)
	for _, gone := range []string{"The default answer.", "og:image", "Showing the default scenario", "are for the default scenario, and"} {
		if strings.Contains(page, gone) {
			t.Errorf("the spliced page still holds %s", gone)
		}
	}
	// Around the parts, the page is as it was.
	strip := func(b []byte) string {
		var out strings.Builder
		for {
			i := bytes.Index(b, []byte("<!--ic:"))
			if i < 0 {
				return out.String() + string(b)
			}
			out.Write(b[:i])
			j := bytes.Index(b[i:], []byte("<!--/ic:"))
			b = b[i+j+len("<!--/ic:"):]
		}
	}
	if strip(got) != strip(static.Bytes()) {
		t.Error("outside its parts the spliced page differs from the static one")
	}
	for _, bad := range []string{
		strings.Replace(static.String(), "<!--ic:form-->", "", 1),
		strings.Replace(static.String(), "<!--/ic:form-->", "", 1),
		strings.Replace(static.String(), "<!--ic:form-->", "<!--ic:unknown--><!--/ic:unknown--><!--ic:form-->", 1),
		static.String()[:strings.Index(static.String(), "<!--ic:results")+8],
	} {
		if _, err := Splice(context.Background(), []byte(bad), s); err == nil {
			t.Errorf("a page with a part missing, unclosed or unknown spliced without error")
		}
	}

	// A page's skeleton splices into the same page, keeps the preview's
	// tags, and is told from the page.
	skeleton, err := Skeleton(static.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	fromSkeleton, err := Splice(context.Background(), skeleton, s)
	if err != nil || !bytes.Equal(fromSkeleton, got) {
		t.Errorf("the skeleton spliced into another page (%v)", err)
	}
	if strings.Contains(string(skeleton), "The default answer.") || !strings.Contains(string(skeleton), `<meta property="og:title" content="TCO">`) {
		t.Error("the skeleton holds the default scenario's answer or lacks the page's og:title")
	}
	if !IsSkeleton(skeleton) || IsSkeleton(static.Bytes()) || IsSkeleton(got) {
		t.Error("IsSkeleton does not tell the skeleton from the page")
	}
}
