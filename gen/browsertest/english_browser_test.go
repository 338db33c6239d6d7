package browsertest

import (
	"os"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/sitebuild"
)

// The browser module compiles in no English (tag noenglish): an English
// page's engine loads the catalog gen publishes before it answers, so
// that its first answer, which sends only what differs from the page gen
// rendered, changes no figure and shows no message key, and its own
// messages (an unknown preset, a wrong parameter) are English words.
func TestEnglishPagesLoadTheirCatalog(t *testing.T) {
	cs, err := sitebuild.Catalogs(os.DirFS(repoRoot + "/content"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, calc := range []string{"tco/", "memory/", "performance/", "pricing/"} {
		static := readStatic(t, root+calc)
		if live := waitEngine(ctx, t, root+calc); !mapsEqual(static, live) {
			t.Errorf("%s: the engine's first answer changed figures:\n static %v\n   live %v", calc, static, live)
		}
		if n := eval[int](t, ctx, `performance.getEntriesByType('resource').filter(e => /\/assets\/i18n\/en\.[0-9a-f]+\.json$/.test(e.name)).length`); n != 1 {
			t.Errorf("%s: loaded the English catalog %d times; want once", calc, n)
		}
		waitEngine(ctx, t, root+calc+"?preset=nope&zzz=1")
		text := eval[string](t, ctx, `document.body.innerText`)
		if !strings.Contains(text, "Unknown preset") {
			t.Errorf("%s?preset=nope: the engine's problem is not in English words", calc)
		}
		for k := range cs["en"] {
			// The doc. keys are gen's words, never the engine's.
			if !strings.HasPrefix(k, "doc.") && strings.Contains(text, k) {
				t.Errorf("%s?preset=nope: the page shows the key %s, not its message", calc, k)
			}
		}
	}
}
