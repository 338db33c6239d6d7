package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	if _, _, err := loadMessages(os.DirFS("../content")); err != nil {
		t.Fatal(err)
	}
}

// testMsgs returns the site's catalogs by language, as gen loads them.
func testMsgs(t testing.TB) map[string]*msg.Catalog {
	t.Helper()
	msgs, _, err := loadMessages(os.DirFS("../content"))
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

// A number field's help writes its range and default as the page's
// language writes numbers, grouped: the network cost per server of
// /tco/'s first option (0 to 1e9, 20,000 by default, content/data/tco.yaml).
func TestFieldHelpWritesNumbersInThePageLanguage(t *testing.T) {
	out := buildSite(t, "/")
	for page, want := range map[string]string{
		"tco/index.html":    "Range 0–1,000,000,000; default 20,000.",
		"de/tco/index.html": "Bereich 0–1.000.000.000; Standard 20.000.",
	} {
		help := readDoc(t, filepath.Join(out, filepath.FromSlash(page))).Find(`[id="help-a.net"]`).Text()
		if !strings.HasSuffix(strings.Join(strings.Fields(help), " "), want) {
			t.Errorf("%s: help of a.net is %q; want it to end %q", page, help, want)
		}
	}
}

// A German calculator names InferCost's own sources in German beside its
// defaults (title_de); English pages keep the English title.
func TestOwnSourcesInTheLanguage(t *testing.T) {
	out := buildSite(t, "/")
	for page, want := range map[string]string{
		"tco/index.html":    "InferCost assumption (see the methodology page)",
		"de/tco/index.html": "Annahme von InferCost (siehe die Methodikseite)",
	} {
		note := readDoc(t, filepath.Join(out, filepath.FromSlash(page))).Find(`[id="note-a.load"]`).Text()
		if !strings.Contains(note, want) {
			t.Errorf("%s: the default's note is %q; want it to name %q", page, note, want)
		}
	}
}
