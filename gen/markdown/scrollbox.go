package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// scrollKind is a box around a Markdown table (scrollBox).
var scrollKind = ast.NewNodeKind("ScrollBox")

// scrollBox holds a Markdown table in <div class="scroll">, as the site's own
// tables are: a table wider than a phone scrolls inside its box, with
// the scroll cue and sticky row labels of every table on the site
// (style.css), rather than widening the page.
type scrollBox struct{ ast.BaseBlock }

func (n *scrollBox) Kind() ast.NodeKind            { return scrollKind }
func (n *scrollBox) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// ScrollBoxes puts every Markdown table in a box that scrolls sideways
// (scrollBox).
type ScrollBoxes struct{}

// Extend boxes the converter's tables. It runs after the other
// transformers, so that it boxes the tables they add too.
func (ScrollBoxes) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(scrollTransformer{}, 300)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(scrollRenderer{}, 100)))
}

// scrollTransformer puts every Markdown table into a scrollBox.
type scrollTransformer struct{}

func (scrollTransformer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var tables []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Kind() == east.KindTable {
			tables = append(tables, n)
		}
		return ast.WalkContinue, nil
	})
	for _, t := range tables {
		box := &scrollBox{}
		t.Parent().ReplaceChild(t.Parent(), t, box)
		box.AppendChild(box, t)
	}
}

// scrollRenderer writes a scrollBox.
type scrollRenderer struct{}

func (scrollRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(scrollKind, func(w util.BufWriter, _ []byte, _ ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<div class=\"scroll\">\n")
		} else {
			_, _ = w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}
