package calc_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/view"
)

// shown is every text of p a reader sees, as JSON: all but the fields'
// values and the links' queries, where a typed name stands as typed.
func shown(t *testing.T, p view.Page) string {
	t.Helper()
	p.Query = ""
	for i := range p.Inputs {
		p.Inputs[i].Value, p.Inputs[i].Default = "", ""
	}
	for i := range p.Links {
		p.Links[i].Query = ""
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A custom GPU's name (g.name) and a custom model's Hugging Face id
// (m.hf) name figures typed into the link, not the product's: wherever
// either appears on a calculator's page, in English and in German, it
// is marked as custom. The headline, key figures, tables, charts and
// field notes checked here are what the link preview (og:title,
// og:description, the card), the exports and the API are made of. A
// link to another calculator carries the GPU's name as typed.
func TestCustomNamesSayCustom(t *testing.T) {
	d := datasettest.Load(t)
	const gpuName, modelID = "Z9000-Pro", "acme/Zeta-405B"
	// A model and a GPU that are no product, with figures typed in.
	const named = "g.name=" + gpuName + "&g.mem=96&g.bw=5000&m.hf=" + modelID + "&m.p=40&m.l=40"
	pages := map[string]string{
		"memory":      "model=custom&a.gpu=custom&" + named,
		"performance": "model=custom&gpu=custom&" + named,
		"tco":         "a.gpu=custom&a.pm=custom&" + named,
		"pricing":     "h.gpu=custom&h.pm=custom&" + named,
	}
	links := 0 // links to another calculator with the custom GPU
	for _, m := range []*msg.Catalog{msg.English, msgtest.German(t)} {
		s := calc.Set{Msgs: m}
		s.Load(d.Editions.Latest(), d)
		gpu, model := m.F("custom.g.named", "name", gpuName), m.F("custom.m.named", "id", modelID)
		if !strings.Contains(gpu, gpuName) || !strings.Contains(model, modelID) || gpu == gpuName || model == modelID {
			t.Fatalf("%s: the marked names %q and %q; want the names with a mark", m.Lang, gpu, model)
		}
		for name, q := range pages {
			p := s.Page(name, q)
			for _, l := range p.Links {
				if !strings.Contains(l.Query, "g.name") {
					continue
				}
				links++
				if v, _ := url.ParseQuery(l.Query); v.Get("g.name") != gpuName {
					t.Errorf("%s %s?%s: link %s?%s; want g.name=%s, the name as typed", m.Lang, name, q, l.Path, l.Query, gpuName)
				}
			}
			text := shown(t, p)
			for _, n := range []struct{ bare, marked string }{{gpuName, gpu}, {modelID, model}} {
				if all, marked := strings.Count(text, n.bare), strings.Count(text, n.marked); all == 0 || marked != all {
					i := strings.Index(text, n.bare)
					t.Errorf("%s %s?%s: %q appears %d times, %d marked as %q; e.g. …%s…", m.Lang, name, q, n.bare, all, marked, n.marked,
						text[max(0, i-100):min(len(text), i+60)])
				}
			}
		}
	}
	if links == 0 {
		t.Error("no page links to another calculator with the custom GPU")
	}
}
