package publish

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/site"
)

// newWorker is how a script starts a worker: only the engine client
// (js/engine.js) may, so that the calculator pages and the article embeds
// share one client of the engine's worker.
var newWorker = regexp.MustCompile(`new\s+Worker\s*\(`)

// TestPageScriptsBundleWithOneEngineClient bundles the page scripts as gen
// publishes them: every import names a module that exists (esbuild fails
// the bundle otherwise), every module is in some bundle, and each bundle
// carries one engine client, the shared module's, and starts workers
// nowhere else.
func TestPageScriptsBundleWithOneEngineClient(t *testing.T) {
	static, err := fs.Sub(site.Static, "static")
	if err != nil {
		t.Fatal(err)
	}
	bundled := map[string]bool{}
	for entry := range scriptEntries {
		b, inputs, err := bundleScript(static, entry)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(inputs, "js/engine.js") {
			t.Errorf("%s: bundle of %v; want the engine client js/engine.js in it", entry, inputs)
		}
		for _, in := range inputs {
			bundled[in] = true
			src, err := fs.ReadFile(static, in)
			if err != nil {
				t.Fatal(err)
			}
			if in != "js/engine.js" && newWorker.Match(src) {
				t.Errorf("%s: %s starts a worker of its own; the engine client is js/engine.js", entry, in)
			}
		}
		if n := len(newWorker.FindAll(b, -1)); n != 1 {
			t.Errorf("%s: the bundle starts workers in %d places; want 1, the engine client's", entry, n)
		}
	}
	modules, err := fs.Glob(static, scriptModules+"/*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range modules {
		if !bundled[m] {
			t.Errorf("%s is in no page script: gen publishes only bundles (dead code?)", m)
		}
	}
}

// TestBundleScriptRefusesAMissingModule bundles an entry that imports a
// module that is not there, and one that imports from outside site/static.
func TestBundleScriptRefusesAMissingModule(t *testing.T) {
	static := fstest.MapFS{
		"app.js":   {Data: []byte(`import { a } from "./js/a.js"; a();`)},
		"js/a.js":  {Data: []byte(`import { b } from "./b.js"; export function a() { b(); }`)},
		"embed.js": {Data: []byte(`import x from "echarts"; x();`)},
	}
	for entry, want := range map[string]string{"app.js": "no such module js/b.js", "embed.js": `import "echarts"`} {
		_, _, err := bundleScript(static, entry)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v; want an error containing %q", entry, err, want)
		}
	}
}
