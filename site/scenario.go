package site

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/a-h/templ"
	"github.com/infercost/infercost/wasm/view"
)

// Scenario is what the parts of a calculator page that depend on its
// scenario read: the figures and inputs, and the link preview's tags. gen
// renders them for the default scenario into the static page, each
// between markers (<!--ic:NAME--> and <!--/ic:NAME-->); Splice renders
// them again for a link's own scenario into that page.
//
// Splicing rather than rendering the whole page again: a page's head and
// frame (navigation, structured data, hashed asset URLs, presets and
// their sources) come from what gen alone knows (the articles, every data
// edition's files, the build's version), and the static page already
// holds them. A server then needs only the calculators and this package's
// components, the same that gen renders, so the two cannot drift apart.
type Scenario struct {
	// Meta is the page's frame as far as its parts read it: the base
	// path, the language and its messages.
	Meta Meta
	ID   string // the calculator, as CalcPage.ID
	Page view.Page
	// Rendered: the page shows a link's own scenario, rendered on request
	// (package preview), not the default scenario that gen built; the
	// page loader then does not mark its figures as the defaults'.
	Rendered bool
	// Preview is what a link preview shows of the page.
	Preview Preview
}

// Preview is what a link preview shows of a page: its Open Graph and
// Twitter card tags.
type Preview struct {
	Title, Description string
	URL                string // absolute
	Type               string // Open Graph's type: "website" or "article"
	Card               *Card  // nil for none
	// Lang is the page's language, a BCP 47 tag ("en" when empty), for
	// og:locale.
	Lang string
}

// Locale is the page's language as Open Graph names it (og:locale):
// language and territory, en_US and de_DE.
func (p Preview) Locale() string {
	if p.Lang == "de" {
		return "de_DE"
	}
	return "en_US"
}

// preview returns the link preview of a page as gen builds it.
func (m Meta) preview() Preview {
	return Preview{Title: m.Title, Description: m.Description, URL: m.Canonical, Type: m.Type, Card: m.Card, Lang: m.lang()}
}

// scenario returns the parts of the page that depend on its scenario.
func (v CalcPage) scenario() Scenario {
	return Scenario{Meta: v.Meta, ID: v.ID, Page: v.Page, Preview: v.Meta.preview()}
}

// partsByName are the parts of a calculator page that depend on its
// scenario, each marked once or more on the page.
var partsByName = map[string]func(Scenario) templ.Component{
	"preview":     func(s Scenario) templ.Component { return previewTags(s.Preview) },
	"headline":    headline,
	"noscript":    noscriptNotice,
	"stalled":     stalled,
	"problems":    func(s Scenario) templ.Component { return problems(s.Page) },
	"links":       pageLinks,
	"explanation": func(s Scenario) templ.Component { return explanation(s.Page) },
	"results":     results,
	"form":        form,
}

// marked renders the part name between its markers.
func (s Scenario) marked(name string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if _, err := io.WriteString(w, "<!--ic:"+name+"-->"); err != nil {
			return err
		}
		if err := partsByName[name](s).Render(ctx, w); err != nil {
			return err
		}
		_, err := io.WriteString(w, "<!--/ic:"+name+"-->")
		return err
	})
}

// Splice returns page, a calculator page as gen wrote it (or its
// Skeleton), with every marked part rendered for s instead. Only page is
// searched for markers: what s renders is escaped, and a scenario's text
// cannot open one.
func Splice(ctx context.Context, page []byte, s Scenario) ([]byte, error) {
	rendered := map[string][]byte{}
	out, err := replaceParts(page, func(name string, _ []byte) ([]byte, error) {
		if b, ok := rendered[name]; ok {
			return b, nil
		}
		part, ok := partsByName[name]
		if !ok {
			return nil, fmt.Errorf("unknown part %q", name)
		}
		var buf bytes.Buffer
		if err := part(s).Render(ctx, &buf); err != nil {
			return nil, fmt.Errorf("part %s: %w", name, err)
		}
		rendered[name] = buf.Bytes()
		return buf.Bytes(), nil
	})
	if err == nil && len(rendered) != len(partsByName) {
		err = fmt.Errorf("found %d of a calculator page's %d parts", len(rendered), len(partsByName))
	}
	return out, err
}

// Skeleton returns page, a calculator page as gen wrote it, with every
// marked part emptied but the link preview's tags: all that Splice needs
// of the page, and the title, description and URL that a server reads
// from it (package preview). The parts hold the default scenario's
// figures and tables, most of a page, so a server that embeds the pages
// it splices into (the edge worker) embeds their skeletons: a fifth of
// their compressed size.
func Skeleton(page []byte) ([]byte, error) {
	return replaceParts(page, func(name string, body []byte) ([]byte, error) {
		if name == "preview" {
			return body, nil
		}
		return nil, nil
	})
}

// IsSkeleton reports whether page is a Skeleton, with no default
// scenario to show as it is.
func IsSkeleton(page []byte) bool {
	return bytes.Contains(page, []byte("<!--ic:headline--><!--/ic:headline-->"))
}

// replaceParts returns page with the body of each marked part replaced
// by what part returns for the part's name and its body in page.
func replaceParts(page []byte, part func(name string, body []byte) ([]byte, error)) ([]byte, error) {
	open, end := []byte("<!--ic:"), []byte("-->")
	var out bytes.Buffer
	out.Grow(len(page) * 3 / 2)
	for {
		i := bytes.Index(page, open)
		if i < 0 {
			break
		}
		j := bytes.Index(page[i:], end)
		if j < 0 {
			return nil, fmt.Errorf("marker at byte %d is not closed", i)
		}
		name := string(page[i+len(open) : i+j])
		body := i + j + len(end)
		closing := "<!--/ic:" + name + "-->"
		k := bytes.Index(page[body:], []byte(closing))
		if k < 0 {
			return nil, fmt.Errorf("part %q has no end", name)
		}
		b, err := part(name, page[body:body+k])
		if err != nil {
			return nil, err
		}
		out.Write(page[:body])
		out.Write(b)
		out.WriteString(closing)
		page = page[body+k+len(closing):]
	}
	out.Write(page)
	return out.Bytes(), nil
}
