package markdown

import (
	"html"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// tocMinSections is how many sections a page needs for a table of
// contents: a short page reads faster without one.
const tocMinSections = 4

var tocKind = ast.NewNodeKind("TOC")

// tocNode is a page's table of contents: a list of links to its
// sections under a title in the page's language.
type tocNode struct {
	ast.BaseBlock
	title string
}

func (n *tocNode) Kind() ast.NodeKind            { return tocKind }
func (n *tocNode) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// tocTransformer gives every section heading (h2 to h4, with the id the
// parser gave it) a link to itself, for sharing a section, and lists the
// h2 sections of a long page after its title. (go.abhg.dev/goldmark/toc
// and /anchor do this, but their module proxy refused them to this
// build: see README, Dependencies.) Its words are in the page's
// language, from msgs.
type tocTransformer struct{ msgs map[string]*msg.Catalog }

// TOC gives every section heading a link to itself and a long page a
// table of contents (tocTransformer), in the words of Msgs, the catalogs
// by language.
type TOC struct{ Msgs map[string]*msg.Catalog }

// Extend adds the anchors and the table of contents to the converter.
func (t TOC) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(tocTransformer{t.Msgs}, 200)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(tocRenderer{}, 100)))
}

func (t tocTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	m := t.msgs[pageLang(pc)]
	var title ast.Node
	list := ast.NewList('-')
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok {
			continue
		}
		if h.Level == 1 && title == nil {
			title = h
		}
		id, ok := h.AttributeString("id")
		if !ok || h.Level < 2 || h.Level > 4 {
			continue
		}
		dest := append([]byte("#"), id.([]byte)...)
		if h.Level == 2 {
			link := ast.NewLink()
			link.Destination = dest
			for _, t := range headingText(h, src) {
				link.AppendChild(link, t)
			}
			item := ast.NewListItem(2)
			block := ast.NewTextBlock()
			block.AppendChild(block, link)
			item.AppendChild(item, block)
			list.AppendChild(list, item)
		}
		anchor := ast.NewLink()
		anchor.Destination = dest
		anchor.SetAttributeString("class", []byte("anchor"))
		anchor.SetAttributeString("title", []byte(m.T("doc.toc.anchor")))
		// Its "#" is no word of the section's: search excerpts leave it out.
		anchor.SetAttributeString("data-pagefind-ignore", []byte("all"))
		anchor.AppendChild(anchor, ast.NewString([]byte("#")))
		h.AppendChild(h, ast.NewString([]byte(" ")))
		h.AppendChild(h, anchor)
	}
	if list.ChildCount() < tocMinSections {
		return
	}
	toc := &tocNode{title: m.T("doc.toc.title")}
	toc.AppendChild(toc, list)
	if title != nil {
		doc.InsertAfter(doc, title, toc)
	} else {
		doc.InsertBefore(doc, doc.FirstChild(), toc)
	}
}

// headingText returns a copy of a heading's text without its markup, as
// the typographer left it (its quotes are raw entities).
func headingText(n ast.Node, src []byte) []ast.Node {
	var out []ast.Node
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			out = append(out, ast.NewString(t.Segment.Value(src)))
		case *ast.String:
			s := ast.NewString(t.Value)
			s.SetCode(t.IsCode())
			s.SetRaw(t.IsRaw())
			out = append(out, s)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// tocRenderer writes the table of contents as a labelled navigation.
type tocRenderer struct{}

func (tocRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(tocKind, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">` + html.EscapeString(n.(*tocNode).title) + "</h2>\n")
		} else {
			_, _ = w.WriteString("</nav>\n")
		}
		return ast.WalkContinue, nil
	})
}
