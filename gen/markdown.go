package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/infercost/infercost/wasm/serving"
	"html"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
)

// FrontMatter is the YAML block at the top of an article.
type FrontMatter struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	// Path is where the page is served, below the base path ("" for home).
	Path string `yaml:"path"`
	// Nav, if set, lists the page in the site navigation under that label.
	Nav   string `yaml:"nav"`
	Order int    `yaml:"order"`
	// Lang is the article's language: "en" (when empty) or "de".
	Lang string `yaml:"lang"`
	// Date is when the article was first published and Updated when it
	// last changed, as YYYY-MM-DD; Updated may be empty.
	Date    string `yaml:"date"`
	Updated string `yaml:"updated"`
	// Translation is a key shared by an article's versions in each
	// language, which links them to each other.
	Translation string `yaml:"translation"`
}

// check returns what is wrong with the front matter, and sets the default
// language.
func (fm *FrontMatter) check() error {
	var errs []error
	if fm.Title == "" {
		errs = append(errs, errors.New("title is required"))
	}
	switch fm.Lang {
	case "":
		fm.Lang = "en"
	case "en", "de":
	default:
		errs = append(errs, fmt.Errorf("lang %q: want en or de", fm.Lang))
	}
	if fm.Date == "" {
		// The feed and the sitemap date every page.
		errs = append(errs, errors.New("date is required: the day of first publication, YYYY-MM-DD"))
	}
	for _, d := range []struct{ name, value string }{{"date", fm.Date}, {"updated", fm.Updated}} {
		if _, err := time.Parse(time.DateOnly, d.value); d.value != "" && err != nil {
			errs = append(errs, fmt.Errorf("%s %q: want YYYY-MM-DD", d.name, d.value))
		}
	}
	if fm.Date != "" && fm.Updated != "" && fm.Updated < fm.Date {
		errs = append(errs, fmt.Errorf("updated %s is before date %s", fm.Updated, fm.Date))
	}
	return errors.Join(errs...)
}

// Article is a Markdown page rendered.
type Article struct {
	FrontMatter
	HTML string
	// Live is set when the article embeds a calculator: only then does
	// the page load the engine's loader (embed.js).
	Live bool
}

// Blocks is what fenced ```infercost blocks render from: a data table by
// name (```infercost, then the name on the block's line), or a calculator
// with a scenario (```infercost tco preset=ID, or query=QUERY; then
// inputs=KEY,KEY… for inputs the reader may change in the article).
type Blocks struct {
	Tables      map[string]func() string
	Calculators []calculator
	// Engines are each calculator's engine URLs, by calculator name.
	Engines map[string]*site.Engine
	Base    string
	// Msgs are the catalogs by language, and Messages the URLs of those
	// the engine loads (all but English's), for embedded calculators.
	Msgs     map[string]*msg.Catalog
	Messages map[string]string
	// Names are the models an embedded calculator's title may name
	// (answerNames): each it names, its answer must name too.
	Names []string
}

var (
	dataBlockKind  = ast.NewNodeKind("DataBlock")
	embedBlockKind = ast.NewNodeKind("EmbedBlock")
	// blockErrsKey holds a page's errors in its blocks, []error.
	blockErrsKey = parser.NewContextKey()
	// liveKey is set on a page that embeds a calculator.
	liveKey = parser.NewContextKey()
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

// pageLang is the language of the page being parsed, from its front
// matter: "en" when it names none.
func pageLang(pc parser.Context) string {
	var fm struct {
		Lang string `yaml:"lang"`
	}
	if d := frontmatter.Get(pc); d != nil {
		_ = d.Decode(&fm) // a bad front matter fails the article later
	}
	return cmp.Or(fm.Lang, "en")
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
	i := slices.IndexFunc(t.b.Calculators, func(c calculator) bool { return c.name() == args[0] })
	if i < 0 {
		return nil, fmt.Errorf("unknown calculator %q in an infercost block: want tco, memory, performance or pricing", args[0])
	}
	c := t.b.Calculators[i]
	m := t.b.Msgs[lang]
	// Arguments: preset=ID or query=QUERY, then inputs=KEY,KEY… optionally.
	var query, title string
	var inputs []string
	for _, arg := range args[1:] {
		key, value, _ := strings.Cut(arg, "=")
		switch {
		case key == "preset" && query == "":
			j := slices.IndexFunc(c.presets, func(p scenario.PresetData) bool { return p.Name == value })
			if j < 0 {
				return nil, fmt.Errorf("unknown preset %q of the %s calculator", value, c.name())
			}
			query, title = "preset="+value, c.presets[j].In(m).Title
		case key == "query" && query == "" && value != "":
			query, title = value, m.T(c.heading)
		case key == "inputs" && inputs == nil:
			inputs = strings.Split(value, ",")
		default:
			return nil, fmt.Errorf("infercost %s: %q: want preset=ID or query=QUERY, then inputs=KEY,KEY… if any", c.name(), arg)
		}
	}
	if query == "" {
		return nil, fmt.Errorf("infercost %s: want preset=ID or query=QUERY", c.name())
	}
	p := c.page(m, query)
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
		return nil, fmt.Errorf("infercost %s %s: %s", c.name(), strings.Join(args[1:], " "), strings.Join(problems, "; "))
	}
	e := t.b.Engines[c.name()]
	if e == nil {
		return nil, fmt.Errorf("no engine for the %s calculator", c.name())
	}
	engine := *e
	engine.Messages = t.b.Messages[lang]
	return &embedBlock{view: site.Embed{Base: t.b.Base, ID: c.name(), Title: title, Query: p.Query, Headline: p.Headline,
		Inputs: editable, Engine: engine, Msgs: m, Path: langPath(lang, c.path)}}, nil
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

// newMarkdown builds the one goldmark converter for the site: GFM
// (tables, strikethrough, autolinks, task lists), footnotes, smart
// typography, heading ids with anchors and a table of contents on long
// pages (toc.go), tables in a scrolling box (scrollbox.go), code
// highlighted by chroma with CSS classes (the CSP allows no style
// attribute; chromaCSS), YAML front matter and the ```infercost blocks.
func newMarkdown(b *Blocks) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			// GFM, with a table's column alignment as an attribute: the CSP
			// refuses the style attribute GFM's default writes.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough, extension.Linkify, extension.TaskList, extension.Footnote, extension.Typographer, &frontmatter.Extender{},
			highlighting.NewHighlighting(highlighting.WithFormatOptions(chromahtml.WithClasses(true)))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute(),
			parser.WithASTTransformers(util.Prioritized(blockTransformer{b}, 100), util.Prioritized(tocTransformer{b.Msgs}, 200),
				util.Prioritized(scrollTransformer{}, 300))),
		goldmark.WithRendererOptions(ghtml.WithUnsafe(),
			renderer.WithNodeRenderers(util.Prioritized(blockRenderer{}, 100), util.Prioritized(tocRenderer{}, 100), util.Prioritized(scrollRenderer{}, 100))),
	)
}

// renderMarkdown converts one article; an error names the line of each
// bad block.
func renderMarkdown(md goldmark.Markdown, src []byte) (Article, error) {
	var buf bytes.Buffer
	ctx := parser.NewContext()
	if err := md.Convert(src, &buf, parser.WithContext(ctx)); err != nil {
		return Article{}, err
	}
	if errs, _ := ctx.Get(blockErrsKey).([]error); len(errs) > 0 {
		return Article{}, errors.Join(errs...)
	}
	var a Article
	if d := frontmatter.Get(ctx); d != nil {
		if err := d.Decode(&a.FrontMatter); err != nil {
			return a, fmt.Errorf("front matter: %w", err)
		}
	}
	if err := a.FrontMatter.check(); err != nil {
		return a, fmt.Errorf("front matter: %w", err)
	}
	a.HTML, a.Live = buf.String(), ctx.Get(liveKey) != nil
	return a, nil
}

// renderArticle renders the article in file name of fsys; an error
// starts with the name.
func renderArticle(md goldmark.Markdown, fsys fs.FS, name string) (Article, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return Article{}, err
	}
	a, err := renderMarkdown(md, src)
	if err != nil {
		return Article{}, fmt.Errorf("%s: %w", name, err)
	}
	return a, nil
}

// chromaCSS is the stylesheet of highlighted code: GitHub's colours, and
// GitHub's dark ones where the reader's system is dark.
func chromaCSS() (string, error) {
	f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithCSSComments(false))
	// GitHub's colour for built-in names ("self", "None") is 4.49:1 on its
	// background, just under WCAG AA; GitHub's own muted text colour reads.
	github, err := styles.Get("github").Builder().Add(chroma.NameBuiltinPseudo, "#59636e").Build()
	if err != nil {
		return "", err
	}
	var light, dark strings.Builder
	if err := f.WriteCSS(&light, github); err != nil {
		return "", err
	}
	if err := f.WriteCSS(&dark, styles.Get("github-dark")); err != nil {
		return "", err
	}
	return "\n/* Generated by gen from chroma's github and github-dark styles. */\n" + light.String() +
		"@media (prefers-color-scheme: dark) {\n" + dark.String() + "}\n", nil
}

// htmlTable writes a table with a header row: the head is text (escaped),
// the cells HTML.
func htmlTable(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(tableStart(head))
	b.WriteString("<tbody>")
	writeRows(&b, rows)
	b.WriteString("</tbody>" + tableEnd)
	return b.String()
}

// tableStart opens a table that scrolls sideways on a narrow screen, and
// writes its head row; tableEnd closes it.
func tableStart(head []string) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table><thead><tr>`)
	for _, h := range head {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead>")
	return b.String()
}

const tableEnd = "</table></div>\n"

// writeRows writes rows of table cells, given as HTML.
func writeRows(b *strings.Builder, rows [][]string) {
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + c + "</td>")
		}
		b.WriteString("</tr>")
	}
}

// claimsHTML renders the claims table of a preset's page, with the
// columns the preset compares and the rows that have something to show.
func claimsHTML(tables []view.Table, corner string) string {
	for _, t := range tables {
		if t.ID != "claims" {
			continue
		}
		head := []string{corner}
		for _, c := range t.Columns {
			if !c.Hidden {
				head = append(head, c.Title)
			}
		}
		var rows [][]string
		for _, r := range t.Rows {
			row := []string{html.EscapeString(r.Label)}
			shown := false
			for i, c := range t.Columns {
				if !c.Hidden {
					row = append(row, html.EscapeString(r.Cells[i].Text))
					shown = shown || r.Cells[i].Text != "–"
				}
			}
			if shown {
				rows = append(rows, row)
			}
		}
		return htmlTable(head, rows)
	}
	return ""
}

// inLangs renders each table in every language of msgs: under its name
// in English, and under NAME-LANG in another language, as a German page
// embeds "data-sources-de". One renderer a table, given the language's
// catalog.
func inLangs(msgs map[string]*msg.Catalog, tables map[string]func(m *msg.Catalog) string) map[string]func() string {
	out := map[string]func() string{}
	for name, table := range tables {
		for _, l := range langs {
			if m := msgs[l]; m != nil {
				out[suffixed(name, l)] = func() string { return table(m) }
			}
		}
	}
	return out
}

// suffixed is a name in a language: as it is in English, NAME-LANG in
// another (a table's block name, a feed entry's id).
func suffixed(name, lang string) string {
	if lang == "en" {
		return name
	}
	return name + "-" + lang
}

// heads returns the messages of keys, for a table's header row.
func heads(m *msg.Catalog, keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = m.T(k)
	}
	return out
}

// dataTables are the tables articles can embed, keyed by block name, in
// every language of msgs (see inLangs).
func dataTables(all sitedata.Data, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	d := all.TCOData()
	mem := all.MemoryData()
	lookup := func(key string) (string, string) {
		for _, srcs := range []fact.Sources{d.GPUs.Sources, d.Sources, mem.Models.Sources, mem.Sources, all.Pricing.APIs.Sources, all.Pricing.Sources, all.Perf.Sources} {
			if s, ok := srcs[key]; ok {
				return s.Title, s.URL
			}
		}
		return key, ""
	}
	// srcLink links a source; a page of this site in the page's language.
	srcLink := func(m *msg.Catalog, key string) string {
		title, url := lookup(key)
		return `<a href="` + html.EscapeString(site.Meta{Base: base, Lang: m.Lang}.SourceURL(url)) + `">` + html.EscapeString(title) + `</a>`
	}
	// dagger marks a figure from a secondary source only.
	dagger := func(m *msg.Catalog) string {
		return ` <abbr title="` + html.EscapeString(m.T("doc.t.unconfirmed")) + `">†</abbr>`
	}
	// fig writes a figure with the decimals the data gives it, no more.
	fig := func(m *msg.Catalog, f *fact.Figure) string {
		if f == nil {
			return "–"
		}
		s := html.EscapeString(m.Num(f.Value, -1))
		if f.Unconfirmed {
			s += dagger(m)
		}
		return s
	}
	// defaults is a table of defaults: each one's value, source, as-of
	// date and the data's note.
	type named struct {
		key string
		f   fact.Figure
	}
	defaults := func(m *msg.Catalog, rows []named, more ...[]string) string {
		var out [][]string
		for _, r := range rows {
			f := r.f
			out = append(out, []string{html.EscapeString(m.T(r.key)), fig(m, &f), srcLink(m, f.Source), html.EscapeString(m.Date(f.AsOf)), html.EscapeString(f.NoteText(m))})
		}
		out = append(out, more...)
		return htmlTable(heads(m, "doc.t.default", "doc.t.value", "doc.t.source", "doc.t.as_of", "doc.t.note"), out)
	}
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{
		"gpus": func(m *msg.Catalog) string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				rows = append(rows, []string{html.EscapeString(g.Vendor + " " + g.Name), fig(m, &g.MemoryGB), fig(m, &g.BandwidthGBps),
					fig(m, &g.BF16DenseTFLOPS), fig(m, g.FP8DenseTFLOPS), fig(m, &g.TDPW),
					html.EscapeString(g.Link.KindIn(m)) + " " + fig(m, &g.Link.GBps), fig(m, g.PurchaseUSD), fig(m, g.RentUSDPerHour),
					srcLink(m, g.MemoryGB.Source) + ", " + html.EscapeString(m.Date(g.MemoryGB.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.gpu", "doc.t.gpus.memory", "doc.t.gpus.bandwidth", "doc.t.gpus.bf16", "doc.t.gpus.fp8",
				"doc.t.gpus.tdp", "doc.t.gpus.link", "doc.t.gpus.purchase", "doc.t.gpus.rent", "doc.t.gpus.source"), rows)
		},
		"gpu-prices": func(m *msg.Catalog) string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				for _, p := range []struct {
					key string
					f   *fact.Figure
				}{{"doc.t.prices.purchase", g.PurchaseUSD}, {"doc.t.prices.rent", g.RentUSDPerHour}} {
					if p.f == nil {
						continue
					}
					rows = append(rows, []string{html.EscapeString(g.Name), html.EscapeString(m.T(p.key)), fig(m, p.f), srcLink(m, p.f.Source),
						html.EscapeString(m.Date(p.f.AsOf)), html.EscapeString(p.f.NoteText(m))})
				}
			}
			return htmlTable(heads(m, "doc.t.gpu", "doc.t.prices.price", "doc.t.prices.usd", "doc.t.source", "doc.t.as_of", "doc.t.note"), rows)
		},
		"tco-defaults": func(m *msg.Catalog) string {
			df := d.Defaults
			var more [][]string
			for _, t := range d.Throughput.Rows {
				g, _ := d.GPUs.Find(t.GPU)
				f := t.TokensPerSec
				more = append(more, []string{html.EscapeString(m.F("doc.t.tco.throughput", "gpu", g.Name)), fig(m, &f), srcLink(m, f.Source), html.EscapeString(m.Date(f.AsOf)), html.EscapeString(f.NoteText(m))})
			}
			return defaults(m, []named{
				{"doc.t.tco.years", df.Years}, {"doc.t.tco.gpus_per_server", df.GPUsPerServer}, {"doc.t.tco.server", df.ServerUSD},
				{"doc.t.tco.network", df.NetworkUSD}, {"doc.t.tco.overhead", df.ServerOverheadW},
				{"doc.t.tco.load", df.LoadFactor}, {"doc.t.tco.pue", df.PUE}, {"doc.t.tco.electricity", df.ElectricityUSDPerKWh},
				{"doc.t.tco.maintenance", df.MaintenancePct}, {"doc.t.tco.staff", df.StaffUSDPerYear},
				{"doc.t.tco.rented_hours", df.RentedHoursPerMonth}, {"doc.t.tco.eur", df.EURPerUSD}, {"doc.t.tco.cny", df.CNYPerUSD},
			}, more...)
		},
		"seed-000": func(m *msg.Catalog) string {
			return claimsHTML(tcoview.Build(tcoview.ResolveIn(m, "preset=seed-000", d)).Tables, m.T("doc.t.figure"))
		},
		"models": func(m *msg.Catalog) string {
			var rows [][]string
			for _, md := range mem.Models.Models {
				k := func(v int) string {
					if v == 0 {
						return "–"
					}
					return m.Num(float64(v), 0)
				}
				arch := k(md.Heads) + " / " + k(md.KVHeads)
				if md.MLA() {
					arch = k(md.Heads) + ", MLA " + k(md.KVLoraRank) + " + " + k(md.QKRopeHeadDim)
				}
				params := m.Num(md.ParamsB, 2)
				if md.Experts > 0 {
					params = m.F("doc.t.models.moe", "params", params, "active", m.Num(md.Active(), 1), "experts", k(md.Experts), "top", k(md.ExpertsPerToken))
				}
				window := "–"
				if md.SlidingWindow > 0 {
					window = k(md.SlidingWindow) + ", " + md.SlidingLayers
				}
				s := memory.Setup{Model: md, Weights: memory.WeightFormats[1], KV: memory.KVFormats[0], TP: 1, PP: 1}
				name := html.EscapeString(md.Name)
				if md.Unconfirmed {
					name += ` <abbr title="` + html.EscapeString(m.F("doc.t.unconfirmed_note", "note", md.NoteIn(m))) + `">†</abbr>`
				}
				rows = append(rows, []string{name, html.EscapeString(params), k(md.Layers), k(md.Hidden), arch, k(md.HeadDim), k(md.Intermediate), k(md.Vocab),
					window, m.Num(s.KVBytesPerToken(), 0), srcLink(m, md.Source) + ", " + html.EscapeString(m.Date(md.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.model", "doc.t.models.params", "doc.t.models.layers", "doc.t.models.hidden", "doc.t.models.heads",
				"doc.t.models.head_dim", "doc.t.models.intermediate", "doc.t.models.vocab", "doc.t.models.window", "doc.t.models.kv", "doc.t.source"), rows)
		},
		"memory-defaults": func(m *msg.Catalog) string {
			df := mem.Defaults
			return defaults(m, []named{
				{"doc.t.mem.utilization", df.Utilization}, {"doc.t.mem.block", df.BlockSize},
				{"doc.t.mem.driver", df.DriverReservedGiB}, {"doc.t.mem.non_torch", df.NonTorchGiB},
				{"doc.t.mem.nccl", df.NCCLGiB}, {"doc.t.mem.sampler", df.SamplerBytesPerLogit},
				{"doc.t.mem.large_seqs", df.LargeGPUSeqs}, {"doc.t.mem.large_tokens", df.LargeGPUTokens},
				{"doc.t.mem.small_seqs", df.SmallGPUSeqs}, {"doc.t.mem.small_tokens", df.SmallGPUTokens},
				{"doc.t.mem.large_min", df.LargeGPUMinGiB},
				{"doc.t.mem.context", df.Context}, {"doc.t.mem.concurrency", df.Concurrency},
			})
		},
		"memory-engines": func(m *msg.Catalog) string {
			// What each engine's memory fraction is a share of, as
			// wasm/memory.Engine computes it.
			meaning := map[string]string{"vllm": "doc.t.engines.vllm", "sglang": "doc.t.engines.sglang", "trtllm": "doc.t.engines.trtllm", "tgi": "doc.t.engines.tgi"}
			g, _ := d.GPUs.Find("h100-sxm")
			var rows [][]string
			for _, e := range mem.Engines {
				seqs, tokens := mem.EngineBatch(e, g)
				block := mem.Defaults.BlockSize
				if e.ID != serving.DefaultEngine {
					block = e.BlockSize
				}
				rows = append(rows, []string{html.EscapeString(e.Name + " " + e.Version), html.EscapeString(m.T(meaning[e.ID])),
					m.Num(mem.DefaultFraction(e, g, 1), -1), fig(m, &block), strconv.Itoa(seqs) + " / " + m.Num(float64(tokens), 0),
					srcLink(m, e.Accounting)})
			}
			return htmlTable(heads(m, "doc.t.engines.engine", "doc.t.engines.fraction", "doc.t.engines.default", "doc.t.engines.block",
				"doc.t.engines.batch", "doc.t.engines.source"), rows)
		},
		"memory-calibration": func(m *msg.Catalog) string {
			pct := func(v float64) string {
				if math.IsNaN(v) {
					return "–"
				}
				return percentIn(m, v)
			}
			var rows [][]string
			for _, r := range mem.Calibrate() {
				c := r.Row
				md, _ := mem.Models.Find(c.Model)
				g, _ := d.GPUs.Find(c.GPU)
				reportedW, reportedKV := "–", m.Num(c.KVGiB, 2)+" GiB"
				if c.WeightsGiB > 0 {
					reportedW = m.Num(c.WeightsGiB, 2)
				}
				ours := m.Num(r.KVGiB, 2) + " GiB"
				if c.KVTokens > 0 {
					reportedKV, ours = m.F("doc.t.tokens", "n", m.Num(c.KVTokens, 0)), m.F("doc.t.tokens", "n", m.Num(r.KVTokens, 0))
				}
				rows = append(rows, []string{srcLink(m, c.Source),
					html.EscapeString(m.F("doc.t.on_gpus", "model", md.Name+", "+strings.ToUpper(c.Weights), "n", strconv.Itoa(c.TP), "gpu", g.Name)),
					m.Num(float64(c.MaxModelLen), 0) + " / " + strconv.Itoa(c.MaxNumSeqs) + " / " + m.Num(float64(c.MaxBatchedTokens), 0),
					reportedW, m.Num(r.WeightsGiB, 2), pct(r.WeightsErr), html.EscapeString(reportedKV), html.EscapeString(ours), pct(r.KVErr)})
			}
			return htmlTable(heads(m, "doc.t.memcal.log", "doc.t.memcal.setting", "doc.t.memcal.limits", "doc.t.memcal.weights_reported",
				"doc.t.memcal.weights_ours", "doc.t.error", "doc.t.memcal.kv_reported", "doc.t.memcal.kv_ours", "doc.t.error"), rows)
		},
		"seed-000-roi": func(m *msg.Catalog) string {
			pd := all.PricingData()
			return claimsHTML(pricingview.Build(pricingview.ResolveIn(m, "preset=seed-000-roi", pd), pd).Tables, m.T("doc.t.per_month"))
		},
		"seed-002": func(m *msg.Catalog) string {
			return claimsHTML(memview.Build(memview.ResolveIn(m, "preset=seed-002", mem), mem).Tables, m.F("doc.t.batch_at", "n", m.Num(2048, 0)))
		},
		"seed-002-checks": func(m *msg.Catalog) string {
			bytesPerToken := func(id string) (model.Model, float64) {
				md, _ := mem.Models.Find(id)
				return md, memory.Setup{Model: md, KV: memory.KVFormats[0], TP: 1, PP: 1}.KVBytesPerToken()
			}
			llama, llamaKV := bytesPerToken("llama-2-7b")
			mistral, mistralKV := bytesPerToken("mistral-7b")
			flat := mem.Defaults.FlatKVPerTokenGB.Value * 1e9
			weights16 := memory.Setup{Model: llama, Weights: memory.WeightFormats[1], TP: 1, PP: 1}.WeightBytes()
			return "<ul>\n<li>" + m.F("doc.t.seed002.kv", "model", html.EscapeString(llama.Name), "mib", m.Num(llamaKV/(1<<20), 2),
				"layers", strconv.Itoa(llama.Layers), "heads", strconv.Itoa(llama.KVHeads), "dim", strconv.Itoa(llama.HeadDim),
				"times", m.Num(llamaKV/flat, 1), "flat", m.Num(mem.Defaults.FlatKVPerTokenGB.Value, 4),
				"other", html.EscapeString(mistral.Name), "otherheads", strconv.Itoa(mistral.KVHeads), "kib", m.Num(mistralKV/1024, 0)) +
				"</li>\n<li>" + m.F("doc.t.seed002.weights", "gb", m.Num(mem.Defaults.FlatWeightsGB.Value, 0), "model", html.EscapeString(llama.Name),
				"weights", m.Num(weights16/1e9, 1)) + "</li>\n</ul>\n"
		},
		"api-prices": func(m *msg.Catalog) string {
			api := all.Pricing.APIs
			// The shortlist's models, whatever their source: the whole
			// dataset is a thousand models (see api-dataset).
			var rows [][]string
			for _, md := range api.Models {
				if !slices.ContainsFunc(api.Shortlist, func(slot []string) bool { return slices.Contains(slot, md.ID) }) {
					continue
				}
				for _, r := range api.History(md.ID) {
					name := html.EscapeString(all.PricingData().Label(md))
					if md.Claim {
						name += " " + html.EscapeString(m.T("doc.t.api.claim"))
					}
					if r.Unconfirmed {
						name += dagger(m)
					}
					price := func(v float64) string {
						if v == 0 {
							return "–"
						}
						return html.EscapeString(m.Num(v, 3))
					}
					var tiers []string
					for _, t := range r.Tiers {
						tiers = append(tiers, m.F("doc.t.api.tier", "n", m.Num(float64(t.AboveInputTokens), 0), "input", m.Num(t.Input, 2), "output", m.Num(t.Output, 2)))
					}
					batch := "–"
					if r.BatchDiscountPct > 0 {
						batch = m.Num(r.BatchDiscountPct, 0) + " %"
					}
					rows = append(rows, []string{name, html.EscapeString(m.Date(r.From)), r.Currency, price(r.Input), price(r.CacheRead), price(r.CacheWrite),
						price(r.Output), batch, html.EscapeString(strings.Join(tiers, " ")), srcLink(m, r.Source) + ", " + html.EscapeString(m.Date(r.AsOf)),
						html.EscapeString(fact.Figure{Note: r.Note, NoteDE: r.NoteDE}.NoteText(m))})
				}
			}
			return htmlTable(heads(m, "doc.t.model", "doc.t.api.from", "doc.t.api.currency", "doc.t.api.input", "doc.t.api.cache_read", "doc.t.api.cache_write",
				"doc.t.api.output", "doc.t.api.batch", "doc.t.api.tiers", "doc.t.source_as_of", "doc.t.note"), rows)
		},
		"api-dataset": func(m *msg.Catalog) string {
			api := all.Pricing.APIs
			count := map[string]int{}
			for _, md := range api.Models {
				count[md.Provider]++
			}
			var rows [][]string
			for _, p := range api.Providers {
				key := "genai-" + p.ID
				if _, ok := api.Sources[key]; !ok {
					continue
				}
				rows = append(rows, []string{html.EscapeString(p.Name), m.Num(float64(count[p.ID]), 0), srcLink(m, key)})
			}
			return htmlTable(heads(m, "doc.t.dataset.provider", "doc.t.dataset.models", "doc.t.source"), rows)
		},
		"open-weights": func(m *msg.Catalog) string {
			var rows [][]string
			for _, f := range all.Pricing.OpenWeights {
				pat := strings.Join(f.Match, ", ")
				if len(f.Except) > 0 {
					pat = m.F("doc.t.open.except", "match", pat, "except", strings.Join(f.Except, ", "))
				}
				rows = append(rows, []string{html.EscapeString(f.Name), html.EscapeString(pat), html.EscapeString(f.Licence),
					srcLink(m, f.Source) + ", " + html.EscapeString(m.Date(f.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.open.family", "doc.t.open.match", "doc.t.open.licence", "doc.t.source_as_of"), rows)
		},
		"rental": func(m *msg.Catalog) string {
			var rows [][]string
			for _, o := range d.Rental.Offers {
				g, _ := d.GPUs.Find(o.GPU)
				price := html.EscapeString(m.Num(o.USDPerGPUHour, 3))
				if o.Unconfirmed {
					price += dagger(m)
				}
				title, url := d.Rental.Sources[o.Source].Title, d.Rental.Sources[o.Source].URL
				rows = append(rows, []string{html.EscapeString(o.Provider), html.EscapeString(g.Name), html.EscapeString(o.InstanceIn(m)), price,
					`<a href="` + html.EscapeString(url) + `">` + html.EscapeString(title) + `</a>`, html.EscapeString(m.Date(o.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.rental.cloud", "doc.t.gpu", "doc.t.rental.instance", "doc.t.rental.price", "doc.t.source", "doc.t.as_of"), rows)
		},
		"perf-calibration": func(m *msg.Catalog) string {
			pf := all.PerfData()
			var rows [][]string
			for _, r := range pf.Calibrate() {
				c := r.Row
				md, _ := pf.Memory.Models.Find(c.Model)
				g, _ := d.GPUs.Find(c.GPU)
				what, measured, est := m.T("doc.t.perfcal.tps"), m.Num(c.TokensPerSecGP, 0), m.Num(r.Estimate, 0)
				if c.TTFTms > 0 {
					what, measured, est = m.T("doc.t.perfcal.ttft"), m.Num(c.TTFTms, 1), m.Num(r.Estimate, 1)
				}
				rows = append(rows, []string{srcLink(m, c.Source), html.EscapeString(m.F("doc.t.on_gpus", "model", md.Name, "n", strconv.Itoa(c.TP), "gpu", g.Name) + ", " + strings.ToUpper(c.Precision)),
					strconv.Itoa(c.Batch) + " / " + strconv.Itoa(c.Input) + " / " + strconv.Itoa(c.Output), html.EscapeString(what), measured, est, percentIn(m, r.Err)})
			}
			rows = append(rows, []string{"", "<strong>" + html.EscapeString(m.T("doc.t.perfcal.median")) + "</strong>", "", "", "", "",
				"<strong>" + m.Digits(fmt.Sprintf("%.1f %%", 100*serving.MedianAbsError(pf.Calibrate()))) + "</strong>"})
			return htmlTable(heads(m, "doc.t.source", "doc.t.perfcal.setting", "doc.t.perfcal.lengths", "doc.t.perfcal.measured", "doc.t.perfcal.published", "doc.t.infercost", "doc.t.error"), rows)
		},
		"seed-000-perf": func(m *msg.Catalog) string {
			pf := all.PerfData()
			sd := pf.Seed
			setups := []struct{ gpu, prec string }{{"a100-80gb-sxm", "bf16"}, {"h100-sxm", "bf16"}, {"h100-sxm", "fp8"}}
			claim := func(r serving.SeedRow, i int) float64 { return []float64{r.A100, r.H100, r.H100FP8}[i] }
			var rows [][]string
			for _, r := range sd.Throughput {
				md, _ := pf.Memory.Models.Find(r.Model)
				row := []string{html.EscapeString(m.F("doc.t.seedperf.tps", "model", md.Name))}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := serving.Setup(md, g, sd.TP, st.prec, st.prec, pf.EfficiencyOn(g, st.prec))
					est := s.At(float64(sd.ThroughputBatch), float64(sd.Input), float64(sd.Output)).TokensPerSecond
					row = append(row, html.EscapeString(m.F("doc.t.seedperf.claimed", "claim", m.Num(claim(r, i), 0), "estimate", m.Num(est, 0))))
				}
				rows = append(rows, row)
			}
			pm, _ := pf.Memory.Models.Find(sd.P99Model)
			for _, r := range sd.P99ms {
				row := []string{html.EscapeString(m.F("doc.t.seedperf.p99", "batch", strconv.Itoa(r.Batch), "model", pm.Name))}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := serving.Setup(pm, g, sd.TP, st.prec, st.prec, pf.EfficiencyOn(g, st.prec))
					pt := s.At(float64(r.Batch), float64(sd.Input), float64(sd.Output))
					row = append(row, html.EscapeString(m.F("doc.t.seedperf.latency", "claim", m.Num(claim(r, i), 0), "ttft", m.Num(pt.TTFT*1000, 0), "e2e", m.Num(pt.E2E*1000, 0))))
				}
				rows = append(rows, row)
			}
			return htmlTable(heads(m, "doc.t.seedperf.head", "doc.t.seedperf.a100", "doc.t.seedperf.h100", "doc.t.seedperf.h100fp8"), rows)
		},
		"perf-defaults": func(m *msg.Catalog) string {
			df := all.Perf.Defaults
			return defaults(m, []named{{"doc.t.perf.mfu", df.ComputeEfficiency}, {"doc.t.perf.mbu", df.MemoryEfficiency}, {"doc.t.perf.link", df.LinkEfficiency},
				{"doc.t.perf.allreduce", df.CollectiveLatencyUS}, {"doc.t.perf.step", df.StepOverheadUS},
				{"doc.t.perf.request", df.RequestOverheadMS}, {"doc.t.perf.prompt", df.PromptTokens}, {"doc.t.perf.output", df.OutputTokens},
				{"doc.t.perf.batch", df.Batch}, {"doc.t.perf.rate", df.Rate}, {"doc.t.perf.p99", df.P99TargetS}, {"doc.t.perf.requests", df.Requests}})
		},
		"seed-000-checks": func(m *msg.Catalog) string {
			c := d.Checks
			e := c.Electricity
			g, _ := d.GPUs.Find(e.GPU)
			avg, max := c.ImpliedAverageW(), e.ServerMax.Value
			key := "doc.t.seed000.power_within"
			if avg > max {
				key = "doc.t.seed000.power_above"
			}
			servers := m.F("doc.t.seed000.servers", "n", m.Num(e.Servers, 0), "gpu", g.Name)
			if e.Servers == 1 {
				servers = m.F("doc.t.seed000.one_server", "gpu", g.Name)
			}
			var b strings.Builder
			b.WriteString("<ul>\n")
			b.WriteString("<li>" + m.F(key, "eur", m.Num(e.EUR, 0), "years", m.Num(e.Years, 0), "price", m.Num(e.EURPerKWh, 2),
				"kw", m.Num(avg/1000, 2), "servers", html.EscapeString(servers), "max", m.Num(max/1000, 1),
				"source", srcLink(m, e.ServerMax.Source)) + "</li>\n")
			for _, t := range c.TFLOPS {
				g, _ := d.GPUs.Find(t.GPU)
				dense := g.BF16DenseTFLOPS.Value
				key := "doc.t.seed000.tflops"
				if math.Abs(t.FP16/dense-2) < 0.02 {
					key = "doc.t.seed000.tflops_sparse"
				}
				b.WriteString("<li>" + m.F(key, "gpu", html.EscapeString(g.Name), "tflops", m.Num(t.FP16, 0), "ratio", m.Num(t.FP16/dense, 2),
					"dense", m.Num(dense, 0), "source", srcLink(m, g.BF16DenseTFLOPS.Source)) + "</li>\n")
			}
			b.WriteString("</ul>\n")
			return b.String()
		},
	})
}

// percentIn writes a signed error as a percentage in the catalog's
// language: +1.5 % or +1,5 %.
func percentIn(m *msg.Catalog, v float64) string { return m.Digits(fmt.Sprintf("%+.1f %%", 100*v)) }
