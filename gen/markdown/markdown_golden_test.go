package markdown_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// Each testdata/NAME.md renders, with the site's blocks, tables and
// calculators (sitebuild.NewMarkdown), as NAME.html says: its front
// matter and whether it loads the engine in a first comment, then the
// article's HTML; or, for a page the build must refuse, fails with the
// error in NAME.err, which names the file and the line of the bad block.
// go test ./gen/markdown -run TestMarkdownCases -update rewrites them. The data
// is the site's as built on 2026-12-02 (a calculator embeds its figures
// and edition), so that a later edition does not change the goldens.
func TestMarkdownCases(t *testing.T) {
	e := datasettest.Editions(t, "2026-12-02")
	data := e.Latest()
	engines := map[string]*site.Engine{}
	for _, name := range []string{"tco", "memory", "performance", "pricing"} {
		engines[name] = &site.Engine{Worker: "/assets/worker.js", Wasm: "/assets/engine.wasm", Data: "/assets/data/" + name + ".json",
			Editions: []site.DataFile{{Edition: "2026-12-01", URL: "/assets/data/" + name + ".json"}}}
	}
	msgs, err := sitebuild.MessageCatalogs(os.DirFS("../../content"))
	if err != nil {
		t.Fatal(err)
	}
	md := sitebuild.NewMarkdown(&markdown.Blocks{Tables: sitebuild.DataTables(data, "/", msgs), Calculators: sitebuild.Calculators(data),
		Engines: engines, Base: "/", Msgs: msgs, Names: markdown.AnswerNames(data)})
	const dir = "testdata"
	cases, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no cases in %s: %v", dir, err)
	}
	for _, file := range cases {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".md"), func(t *testing.T) {
			var got, golden string
			a, err := markdown.RenderFile(md, os.DirFS(dir), name)
			if err != nil {
				got, golden = err.Error()+"\n", strings.TrimSuffix(file, ".md")+".err"
			} else {
				got, golden = fmt.Sprintf("<!-- %+v live=%v -->\n", a.FrontMatter, a.Live)+a.HTML, strings.TrimSuffix(file, ".md")+".html"
			}
			if *update {
				for _, ext := range []string{".err", ".html"} {
					_ = os.Remove(strings.TrimSuffix(file, ".md") + ext)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("got:\n%s\nwant: %v", got, err)
			}
			if got != string(want) {
				t.Errorf("got:\n%s\nwant (%s):\n%s", got, golden, want)
			}
		})
	}
}
