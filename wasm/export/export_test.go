package export_test

import (
	"bytes"
	"encoding/csv"
	"math"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/infercost/infercost/wasm/export"
)

// hostile are texts a data file or a URL could put into a model name.
var hostile = []struct {
	name, text string
	csv        string // the cell a CSV reader reads back
	md         string // the cell as written in Markdown
}{
	{"formula", `=HYPERLINK("http://x")`, `'=HYPERLINK("http://x")`, `\=HYPERLINK\("http\://x"\)`},
	{"plus", "+1", "'+1", `\+1`},
	{"minus formula", "-2+3", "'-2+3", `\-2+3`},
	{"negative number as text", "-7.5", "'-7.5", `\-7.5`},
	{"at function", "@SUM(A1)", "'@SUM(A1)", `\@SUM\(A1\)`},
	{"leading tab", "\tx", "'\tx", "x"},
	{"leading carriage return", "\rx", "'\rx", "x"},
	{"leading line feed", "\nx", "'\nx", "x"},
	{"pipe", "a|b", "a|b", `a\|b`},
	{"escaped pipe", `a\|b`, `a\|b`, `a\\\|b`},
	{"trailing backslash", `x\`, `x\`, `x\\`},
	{"line break", "line\nbreak", "line\nbreak", "line break"},
	{"CRLF", "line\r\nbreak", "line\nbreak", "line  break"},
	{"script", "<script>alert(1)</script>", "<script>alert(1)</script>", "&lt;script&gt;alert\\(1\\)&lt;/script&gt;"},
	{"entity", "&lt;b&gt;", "&lt;b&gt;", "&amp;lt;b&amp;gt;"},
	{"link", "[click](javascript:alert(1))", "[click](javascript:alert(1))", `\[click\]\(javascript:alert\(1\)\)`},
	{"image", "![x](http://x/y.png)", "![x](http://x/y.png)", `!\[x\]\(http\://x/y.png\)`},
	{"autolink", "<http://x.example>", "<http://x.example>", "&lt;http\\://x.example&gt;"},
	{"bare URL", "see https://x.example/a", "see https://x.example/a", `see https\://x.example/a`},
	{"www", "www.x.example", "www.x.example", `www\.x.example`},
	{"e-mail", "a@x.example", "a@x.example", `a\@x.example`},
	{"heading", "# big", "# big", `\# big`},
	{"ordered list", "1. item", "1. item", `1\. item`},
	{"quote", "> q", "> q", "&gt; q"},
	{"emphasis and code", "*a* _b_ ~~c~~ `d`", "*a* _b_ ~~c~~ `d`", "\\*a\\* \\_b\\_ \\~\\~c\\~\\~ \\`d\\`"},
	{"model name", "OpenAI GPT-4.1 3.5", "OpenAI GPT-4.1 3.5", "OpenAI GPT-4.1 3.5"},
	{"price", "$1,339.25", "$1,339.25", "$1,339.25"},
}

func TestCSVNeutralisesTextThatSpreadsheetsEvaluate(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			out := export.CSV([][]export.Cell{{export.Text(tc.text), export.Number(-7.5)}})
			rec, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil {
				t.Fatalf("%q does not read back: %v", out, err)
			}
			if len(rec) != 1 || len(rec[0]) != 2 {
				t.Fatalf("got records %q; want one row of two cells", rec)
			}
			if rec[0][0] != tc.csv {
				t.Errorf("got text cell %q; want %q", rec[0][0], tc.csv)
			}
			if rec[0][1] != "-7.5" {
				t.Errorf("got number cell %q; want -7.5", rec[0][1])
			}
		})
	}
}

func TestCSVWritesNumbersAsPlainNumbers(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{-7.5, "-7.5"},
		{-2, "-2"},
		{1339.25, "1339.25"},
		{0.000001, "0.000001"},
		{1e21, "1000000000000000000000"},
		{math.Copysign(0, -1), "0"},
		{math.NaN(), ""},
		{math.Inf(-1), ""},
	} {
		if got := export.CSV([][]export.Cell{{export.Number(tc.v)}}); got != tc.want+"\n" {
			t.Errorf("Number(%v): got %q; want %q", tc.v, got, tc.want+"\n")
		}
	}
	// The same figure as text is quoted; as a number it is not.
	if got, want := export.CSV([][]export.Cell{{export.Text("-2+3"), export.Text("-7.5"), export.Number(-7.5)}}), "'-2+3,'-7.5,-7.5\n"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

func TestMarkdownEscapesText(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			md := export.Markdown([][]export.Cell{{export.Text("Model"), export.Text("Per month")}, {export.Text(tc.text), export.Number(-7.5)}})
			want := "| Model | Per month |\n| --- | --- |\n| " + tc.md + " | -7.5 |\n"
			if md != want {
				t.Errorf("got\n%s\nwant\n%s", md, want)
			}
		})
	}
}

// TestMarkdownRendersHostileTextAsText renders each export as GitHub
// Markdown, with raw HTML allowed and bare URLs linked, and checks that
// every hostile text is one cell showing that text and nothing else.
func TestMarkdownRendersHostileTextAsText(t *testing.T) {
	gfm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			md := export.Markdown([][]export.Cell{{export.Text("Model"), export.Text("Per month")}, {export.Text(tc.text), export.Number(-7.5)}})
			var out bytes.Buffer
			if err := gfm.Convert([]byte(md), &out); err != nil {
				t.Fatal(err)
			}
			doc, err := goquery.NewDocumentFromReader(&out)
			if err != nil {
				t.Fatal(err)
			}
			if n := doc.Find("a, script, img, em, strong, code, del, h1, ol, ul, blockquote").Length(); n != 0 {
				t.Errorf("got %d elements that the text made; want none:\n%s", n, md)
			}
			cells := doc.Find("table tbody tr td")
			if doc.Find("table tbody tr").Length() != 1 || cells.Length() != 2 {
				t.Fatalf("got %d cells; want one row of two:\n%s", cells.Length(), md)
			}
			want := strings.Join(strings.Fields(tc.text), " ")
			if got := strings.Join(strings.Fields(cells.First().Text()), " "); got != want {
				t.Errorf("got cell %q; want %q", got, want)
			}
			if got := cells.Last().Text(); got != "-7.5" {
				t.Errorf("got number cell %q; want -7.5", got)
			}
		})
	}
}

func TestMarkdownPadsShortRows(t *testing.T) {
	got := export.Markdown([][]export.Cell{{export.Text("a")}, {export.Text("b"), export.Number(1)}})
	if want := "| a |  |\n| --- | --- |\n| b | 1 |\n"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}
