package fact

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/msg"
)

func TestPlainText(t *testing.T) {
	for _, tc := range []struct {
		s, want string
	}{
		{"H100 SXM", ""}, {"Llama 3.1 8B", ""}, {"Seed 000: $2.50 per 1,000 tokens (German)", ""}, {"Gemini 2.5 Flash-Lite", ""},
		{"RunPod (secure)", ""}, {"AT&T", ""}, {"", "missing"},
		{"<b>x</b>", PlainTextRule}, {"a > b", PlainTextRule}, {"=1+2", PlainTextRule}, {"+1", PlainTextRule},
		{"-1", PlainTextRule}, {"@SUM(A1)", PlainTextRule}, {"a|b", PlainTextRule}, {"a\nb", PlainTextRule},
		{"a\tb", PlainTextRule}, {"a\u2028b", PlainTextRule}, {"a\x00b", PlainTextRule},
	} {
		if got := PlainText(tc.s); got != tc.want {
			t.Errorf("PlainText(%q) = %q; want %q", tc.s, got, tc.want)
		}
	}
}

func TestID(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want string
	}{
		{"h100-sxm", ""}, {"llama-3.1-8b", ""}, {"seed-000_roi", ""}, {"", "missing"},
		{"H100", IDRule}, {"-x", IDRule}, {".x", IDRule}, {"a b", IDRule}, {"a/b", IDRule}, {"a&b", IDRule}, {"é", IDRule},
	} {
		if got := ID(tc.s); got != tc.want {
			t.Errorf("ID(%q) = %q; want %q", tc.s, got, tc.want)
		}
	}
}

func TestSourceURL(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"https://www.nvidia.com/en-us/data-center/a100/", true}, {"/methodology/tco/#defaults", true}, {"/", true},
		{"//evil.example/phish", false}, {"http://example.com/", false}, {"javascript:alert(1)", false},
		{"https://", false}, {"https:///x", false}, {"https://a.example/x y", false}, {`https://a.example/"><script>`, false},
		{"methodology/", false}, {"", false}, {"/\\evil.example", false},
	} {
		errs := Sources{"k": {Title: "T", URL: tc.url}}.Validate()
		if ok := len(errs) == 0; ok != tc.ok {
			t.Errorf("url %q: valid %v; want %v (%v)", tc.url, ok, tc.ok, errs)
		}
	}
}

func TestCheckRejectsNaN(t *testing.T) {
	s := Sources{"k": {Title: "T", URL: "/x"}}
	errs := s.Check(Figure{Value: math.NaN(), Source: "k", AsOf: "2026-01-01"}, "e", "f", 0, 1)
	if len(errs) != 1 || errs[0].Error() != "e: f.value: NaN is outside [0, 1]" {
		t.Errorf("got %v; want one error for the value", errs)
	}
}

// A default's note names its source in the page's language: InferCost's
// own sources have a German title, another document keeps its own.
func TestNoteNamesTheSourceInTheLanguage(t *testing.T) {
	de, err := msg.Parse("de", []byte(`{"fact.default_from": "Standardwert aus {source}, Stand {date}"}`))
	if err != nil {
		t.Fatal(err)
	}
	f := Figure{Value: 0.6, Source: "assumption", AsOf: "2026-11-30"}
	own := Source{Title: "InferCost assumption (see the methodology page)", TitleDE: "Annahme von InferCost (siehe die Methodikseite)", URL: "/methodology/tco/#defaults"}
	theirs := Source{Title: "NVIDIA DGX A100 User Guide", URL: "https://docs.nvidia.com/"}
	for _, tt := range []struct {
		m    *msg.Catalog
		src  Source
		want string
	}{
		{de, own, "Standardwert aus Annahme von InferCost (siehe die Methodikseite), Stand 30.11.2026."},
		{de, theirs, "Standardwert aus NVIDIA DGX A100 User Guide, Stand 30.11.2026."},
		{msg.English, own, "Default from InferCost assumption (see the methodology page), 2026-11-30."},
	} {
		if got := NoteIn(tt.m, f, tt.src); got != tt.want {
			t.Errorf("%s: %q; want %q", tt.m.Lang, got, tt.want)
		}
	}
	bad := Sources{"a": {Title: "ok", TitleDE: "<b>nein</b>", URL: "/x/"}}
	if errs := bad.Validate(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "sources.a: title_de: ") {
		t.Errorf("markup in title_de: %v; want one error naming sources.a: title_de", errs)
	}
}
