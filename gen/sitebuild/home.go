package sitebuild

import (
	"html"
	"strings"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/site/card"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/sitedata"
)

// homeTables renders the home page's list of calculators ("calculators"
// in an ```infercost block): for each, what it answers with the sizes of
// the catalogs it reads, the answer of its default scenario as its page
// gives it, with the key figures and their error bands, and its examples
// by their titles. Nothing in it is typed into the Markdown, so the home
// page names the models, GPUs and prices of the current data and cannot
// fall behind them.
func homeTables(calcs []markdown.Calculator, data sitedata.Data, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	count := func(m *msg.Catalog, n int) string { return m.Num(float64(n), 0) }
	providers := map[string]bool{}
	for _, a := range data.Pricing.APIs.Models {
		providers[a.Provider] = true
	}
	// what is each calculator's description, with its catalogs' sizes.
	what := map[string]func(m *msg.Catalog) string{
		"plan": func(m *msg.Catalog) string {
			return m.F("doc.home.plan", "gpus", count(m, len(data.GPUs.GPUs)), "offers", count(m, len(data.Rental.Offers)))
		},
		"tco": func(m *msg.Catalog) string {
			return m.F("doc.home.tco", "gpus", count(m, len(data.GPUs.GPUs)), "offers", count(m, len(data.Rental.Offers)))
		},
		"memory": func(m *msg.Catalog) string {
			return m.F("doc.home.memory", "models", count(m, len(data.Models.Models)))
		},
		"performance": func(m *msg.Catalog) string {
			return m.F("doc.home.performance", "models", count(m, len(data.Models.Models)), "gpus", count(m, len(data.GPUs.GPUs)))
		},
		"pricing": func(m *msg.Catalog) string {
			return m.F("doc.home.pricing", "apis", count(m, len(data.Pricing.APIs.Models)), "providers", count(m, len(providers)))
		},
	}
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{
		"calculators": func(m *msg.Catalog) string {
			meta := site.Meta{Base: base, Lang: m.Lang}
			var b strings.Builder
			b.WriteString(`<ul class="calc-list">` + "\n")
			for _, c := range calcs {
				href := meta.URL(meta.Local(c.Path))
				p := c.Page(m, "")
				b.WriteString(`<li><h3><a href="` + html.EscapeString(href) + `">` + html.EscapeString(m.T(c.Heading)) + "</a></h3>\n")
				b.WriteString("<p>" + html.EscapeString(what[c.Name()](m)) + "</p>\n")
				b.WriteString(`<p class="answer"><strong>` + html.EscapeString(m.T("doc.home.default")) + "</strong> " + html.EscapeString(p.Headline.Text) + "</p>\n")
				if len(p.Headline.Figures) > 0 {
					b.WriteString(`<dl class="key-figures">`)
					for _, f := range p.Headline.Figures {
						b.WriteString("<div><dt>" + html.EscapeString(f.Label) + "</dt><dd>" + html.EscapeString(f.Text))
						// A range only: a count whose band is the same at
						// either end says nothing here.
						if band := card.BandLine(m, f.Band); band != "" && f.Band != m.T("band.same") {
							b.WriteString(` <small class="band-text" title="` + html.EscapeString(f.BandNote) + `">` + html.EscapeString(band) + "</small>")
						}
						b.WriteString("</dd></div>")
					}
					b.WriteString("</dl>\n")
				}
				if len(c.Presets) > 0 {
					var links []string
					for _, ps := range c.Presets {
						ps = ps.In(m)
						links = append(links, `<a href="`+html.EscapeString(href+"?preset="+ps.Name)+`">`+html.EscapeString(ps.Title)+"</a>")
					}
					b.WriteString(`<p class="examples">` + html.EscapeString(m.T("doc.home.examples")) + " " + strings.Join(links, " · ") + "</p>\n")
				}
				b.WriteString("</li>\n")
			}
			b.WriteString("</ul>\n")
			return b.String()
		},
	})
}
