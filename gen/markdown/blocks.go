package markdown

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Blocks is what fenced ```infercost blocks render from: a data table by
// name (```infercost, then the name on the block's line), or a calculator
// with a scenario (```infercost tco preset=ID, or query=QUERY, or
// default for the calculator's default scenario; then inputs=KEY,KEY…
// for inputs the reader may change in the article).
type Blocks struct {
	Tables      map[string]func() string
	Calculators []Calculator
	// Engines are each calculator's engine URLs, by calculator name.
	Engines map[string]*site.Engine
	Base    string
	// Msgs are the catalogs by language, and Messages the URLs of those
	// the engine loads, for embedded calculators.
	Msgs     map[string]*msg.Catalog
	Messages map[string]string
	// Names are the models an embedded calculator's title may name
	// (AnswerNames): each it names, its answer must name too.
	Names []string
	// LangPath is where a page (below the base) is in a language.
	LangPath func(lang, path string) string
}

// Extend replaces the converter's ```infercost blocks by what they name.
func (b *Blocks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(blockTransformer{b}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(blockRenderer{}, 100)))
}

// Calculator is a calculator an article can embed: its presets and its
// page for a query.
type Calculator struct {
	File, Path string // data file; page below the base
	Heading    string // the key of the page's heading in the catalogs
	Presets    []scenario.PresetData
	// Page returns the calculator's page for a query, in the language
	// of m.
	Page func(m *msg.Catalog, query string) view.Page
}

// Name returns the calculator's name, as in sitedata.Calculators.
func (c Calculator) Name() string { return strings.TrimSuffix(c.Path, "/") }

var (
	dataBlockKind  = ast.NewNodeKind("DataBlock")
	embedBlockKind = ast.NewNodeKind("EmbedBlock")
)

// dataBlock is a table rendered from the data, so that no figure is typed
// into an article.
type dataBlock struct {
	ast.BaseBlock
	table func() string
}

func (n *dataBlock) Kind() ast.NodeKind            { return dataBlockKind }
func (n *dataBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// embedBlock is a calculator in an article, its scenario computed at
// build time.
type embedBlock struct {
	ast.BaseBlock
	view site.Embed
}

func (n *embedBlock) Kind() ast.NodeKind            { return embedBlockKind }
func (n *embedBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// blockTransformer replaces each ```infercost block by the node it stands
// for, and records in the page's context what is wrong with a block,
// with its line.
type blockTransformer struct{ b *Blocks }

func (t blockTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var fenced []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fb, ok := n.(*ast.FencedCodeBlock); ok && entering && string(fb.Language(src)) == "infercost" {
			fenced = append(fenced, fb)
		}
		return ast.WalkContinue, nil
	})
	var errs []error
	// An embedded calculator speaks the article's language.
	lang := pageLang(pc)
	for _, fb := range fenced {
		line := bytes.Count(src[:fb.Info.Segment.Start], []byte("\n")) + 1
		node, err := t.block(fb, src, lang)
		if err != nil {
			errs = append(errs, fmt.Errorf("line %d: %w", line, err))
			node = &dataBlock{table: func() string { return "" }}
		}
		if _, ok := node.(*embedBlock); ok {
			pc.Set(liveKey, true)
		}
		fb.Parent().ReplaceChild(fb.Parent(), fb, node)
	}
	pc.Set(blockErrsKey, errs)
}

// block resolves one ```infercost block.
func (t blockTransformer) block(fb *ast.FencedCodeBlock, src []byte, lang string) (ast.Node, error) {
	args := strings.Fields(string(fb.Info.Value(src)))[1:]
	if len(args) == 0 {
		name := strings.TrimSpace(string(fb.Lines().Value(src)))
		table, ok := t.b.Tables[name]
		if !ok {
			return nil, fmt.Errorf("unknown data block %q", name)
		}
		return &dataBlock{table: table}, nil
	}
	i := slices.IndexFunc(t.b.Calculators, func(c Calculator) bool { return c.Name() == args[0] })
	if i < 0 {
		names := make([]string, len(t.b.Calculators))
		for i, c := range t.b.Calculators {
			names[i] = c.Name()
		}
		return nil, fmt.Errorf("unknown calculator %q in an infercost block: want one of %s", args[0], strings.Join(names, ", "))
	}
	c := t.b.Calculators[i]
	m := t.b.Msgs[lang]
	// Arguments: preset=ID, query=QUERY or default, then inputs=KEY,KEY…
	// optionally.
	var query, title string
	var inputs []string
	scenarioSet := false
	for _, arg := range args[1:] {
		key, value, _ := strings.Cut(arg, "=")
		switch {
		case arg == "default" && !scenarioSet:
			// The calculator's default scenario, which follows the data:
			// for a page such as the home page, rebuilt with each edition.
			scenarioSet, title = true, m.T(c.Heading)
		case key == "preset" && query == "" && !scenarioSet:
			j := slices.IndexFunc(c.Presets, func(p scenario.PresetData) bool { return p.Name == value })
			if j < 0 {
				return nil, fmt.Errorf("unknown preset %q of the %s calculator", value, c.Name())
			}
			query, title, scenarioSet = "preset="+value, c.Presets[j].In(m).Title, true
		case key == "query" && query == "" && value != "" && !scenarioSet:
			query, title, scenarioSet = value, m.T(c.Heading), true
		case key == "inputs" && inputs == nil:
			inputs = strings.Split(value, ",")
		default:
			return nil, fmt.Errorf("infercost %s: %q: want preset=ID, query=QUERY or default, then inputs=KEY,KEY… if any", c.Name(), arg)
		}
	}
	if !scenarioSet {
		return nil, fmt.Errorf("infercost %s: want preset=ID, query=QUERY or default", c.Name())
	}
	p := c.Page(m, query)
	problems := slices.Clone(p.Problems)
	for _, in := range p.Inputs {
		if in.Error != "" {
			problems = append(problems, in.Label+": "+in.Error)
		}
	}
	var editable []scenario.Input
	for _, key := range inputs {
		i := slices.IndexFunc(p.Inputs, func(in scenario.Input) bool { return in.Key == key })
		switch {
		case i < 0:
			problems = append(problems, fmt.Sprintf("no input %q to edit", key))
		case p.Inputs[i].Text || p.Inputs[i].Words:
			problems = append(problems, fmt.Sprintf("input %q is text: only numbers and choices are editable here", key))
		default:
			editable = append(editable, p.Inputs[i])
		}
	}
	if names := unanswered(title, p.Headline, t.b.Names); len(names) > 0 {
		problems = append(problems, fmt.Sprintf("the title %q names %s, which its answer does not: %q", title, strings.Join(names, " and "), p.Headline.Text))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("infercost %s %s: %s", c.Name(), strings.Join(args[1:], " "), strings.Join(problems, "; "))
	}
	e := t.b.Engines[c.Name()]
	if e == nil {
		return nil, fmt.Errorf("no engine for the %s calculator", c.Name())
	}
	engine := *e
	engine.Messages = t.b.Messages[lang]
	return &embedBlock{view: site.Embed{Base: t.b.Base, ID: c.Name(), Title: title, Query: p.Query, Headline: p.Headline,
		Inputs: editable, Engine: engine, Msgs: m, Path: t.b.LangPath(lang, c.Path)}}, nil
}

// blockRenderer writes the blocks' HTML; the components escape every value.
type blockRenderer struct{}

func (blockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(dataBlockKind, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(n.(*dataBlock).table())
		}
		return ast.WalkContinue, nil
	})
	reg.Register(embedBlockKind, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		return ast.WalkContinue, site.EmbeddedCalculator(n.(*embedBlock).view).Render(context.Background(), w)
	})
}
