package sitebuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/msg"
)

// TestCatalogCheckNamesFileAndKey checks catalogs in a temp folder
// against sources in another: a key missing in one language, with other
// placeholders than English's, or used by no code each fail, naming the
// catalog file and the key; a sound pair passes.
func TestCatalogCheckNamesFileAndKey(t *testing.T) {
	src := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(src, "wasm", "x", "x.go"), "package x\n\nvar _ = t.T(\"calc.used\") + t.F(\"calc.count\", \"n\", \"2\")\n")
	write(filepath.Join(src, "site", "static", "x.js"), "t('app.used');\n")
	cases := []struct{ name, en, de, want string }{
		{"sound", "calc.used: Used\ncalc.count: \"{n} GPUs\"\napp.used: Used\n", "calc.used: Benutzt\ncalc.count: \"{n} GPUs\"\napp.used: Benutzt\n", ""},
		{"missing in German", "calc.used: Used\ncalc.count: \"{n} GPUs\"\napp.used: Used\n", "calc.used: Benutzt\napp.used: Benutzt\n",
			"i18n/de.yaml: key calc.count missing"},
		{"missing in English", "calc.used: Used\napp.used: Used\n", "calc.used: Benutzt\ncalc.count: \"{n} GPUs\"\napp.used: Benutzt\n",
			"i18n/en.yaml: key calc.count missing"},
		{"placeholders differ", "calc.used: Used\ncalc.count: \"{n} GPUs\"\napp.used: Used\n", "calc.used: Benutzt\ncalc.count: \"{k} GPUs\"\napp.used: Benutzt\n",
			"i18n/de.yaml: key calc.count has placeholders [{k}]; English has [{n}]"},
		{"unused", "calc.used: Used\ncalc.count: \"{n} GPUs\"\napp.used: Used\ncalc.stale: Old\n", "calc.used: Benutzt\ncalc.count: \"{n} GPUs\"\napp.used: Benutzt\ncalc.stale: Alt\n",
			"i18n/en.yaml: key calc.stale is used by no code"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := t.TempDir()
			write(filepath.Join(content, "i18n", "en.yaml"), c.en)
			write(filepath.Join(content, "i18n", "de.yaml"), c.de)
			cs, err := loadCatalogs(os.DirFS(content))
			if err != nil {
				t.Fatal(err)
			}
			err = cs.check(src)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("got %v; want no error", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("got %v; want an error containing %q", err, c.want)
			}
		})
	}
}

// TestSiteCatalogsAreSound checks the site's own catalogs as gen does,
// and that the English one compiled into the engine is current.
func TestSiteCatalogsAreSound(t *testing.T) {
	if _, _, err := loadMessages(os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
}

// testMsgs returns the site's catalogs by language, as gen loads them.
func testMsgs(t testing.TB) map[string]*msg.Catalog {
	t.Helper()
	msgs, _, err := loadMessages(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// A calculator writes its form's help and notes in the page's language:
// a number field's range and default as the language writes numbers,
// grouped (the network cost per server of /tco/'s first option: 0 to
// 1e9, 20,000 by default, content/data/tco.yaml; a German page starts
// in euros: 20,000 USD x 0.86 EUR per USD = 17,200), and InferCost's own
// sources by their German title on German pages (title_de).
func TestFormHelpInThePageLanguage(t *testing.T) {
	out := buildSite(t, "/")
	for _, c := range []struct{ page, id, want string }{
		{"tco/index.html", "help-a.net", "Range 0–1,000,000,000; default 20,000."},
		{"de/tco/index.html", "help-a.net", "Bereich 0–1.000.000.000; Standard 17.200."},
		{"tco/index.html", "note-a.load", "Default from InferCost assumption (see the methodology page),"},
		{"de/tco/index.html", "note-a.load", "Standardwert aus Annahme von InferCost (siehe die Methodikseite),"},
	} {
		text := sitetest.ReadDoc(t, filepath.Join(out, filepath.FromSlash(c.page))).Find(`[id="` + c.id + `"]`).Text()
		if !strings.Contains(strings.Join(strings.Fields(text), " "), c.want) {
			t.Errorf("%s: #%s is %q; want it to hold %q", c.page, c.id, text, c.want)
		}
	}
}

// The browser module compiles in no English catalog (tag noenglish): an
// English page's engine loads the one gen publishes, which must hold
// every message of content/i18n/en.yaml that the engine shows, word for
// word, and the same as the catalog compiled into gen and the worker.
func TestEveryLanguageIsPublishedWhole(t *testing.T) {
	cs, err := loadCatalogs(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	c := publish.Site{Out: t.TempDir(), Base: "/sub/"}
	urls, err := publishMessages(c, cs)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range langs {
		file, ok := strings.CutPrefix(urls[l], c.Base)
		if !ok {
			t.Fatalf("%s: catalog URL %q is not under the base %s", l, urls[l], c.Base)
		}
		b, err := os.ReadFile(filepath.Join(c.Out, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := msg.Parse(l, b)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if want := cs.engine(l); len(want) < 500 || !got.Equal(want) {
			t.Errorf("%s: the published catalog differs from i18n/%s.yaml's %d messages", l, l, len(want))
		}
		if l == "en" && !got.Equal(msg.English.Prefixed("")) {
			t.Error("the published English catalog differs from the one compiled in (wasm/msg/en_gen.go)")
		}
	}
}
