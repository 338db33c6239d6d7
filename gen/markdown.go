package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
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
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
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
	var fm struct {
		Lang string `yaml:"lang"`
	}
	if d := frontmatter.Get(pc); d != nil {
		_ = d.Decode(&fm) // a bad front matter fails the article later
	}
	for _, fb := range fenced {
		line := bytes.Count(src[:fb.Info.Segment.Start], []byte("\n")) + 1
		node, err := t.block(fb, src, cmp.Or(fm.Lang, "en"))
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
			query, title = "preset="+value, c.presets[j].Title
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
// pages (toc.go), code highlighted by chroma with CSS classes (the CSP
// allows no style attribute; chromaCSS), YAML front matter and the
// ```infercost blocks.
func newMarkdown(b *Blocks) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			// GFM, with a table's column alignment as an attribute: the CSP
			// refuses the style attribute GFM's default writes.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough, extension.Linkify, extension.TaskList, extension.Footnote, extension.Typographer, &frontmatter.Extender{},
			highlighting.NewHighlighting(highlighting.WithFormatOptions(chromahtml.WithClasses(true)))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute(),
			parser.WithASTTransformers(util.Prioritized(blockTransformer{b}, 100), util.Prioritized(tocTransformer{}, 200))),
		goldmark.WithRendererOptions(ghtml.WithUnsafe(),
			renderer.WithNodeRenderers(util.Prioritized(blockRenderer{}, 100), util.Prioritized(tocRenderer{}, 100))),
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

// htmlTable writes a table with a header row; cells are escaped.
func htmlTable(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table><thead><tr>`)
	for _, h := range head {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + c + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table></div>\n")
	return b.String()
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

// dataTables are the tables articles can embed, keyed by block name.
func dataTables(all sitedata.Data, base string) map[string]func() string {
	d := all.TCO
	srcLink := func(key string, f func(string) (string, string)) string {
		title, url := f(key)
		return `<a href="` + html.EscapeString(site.Meta{Base: base}.SourceURL(url)) + `">` + html.EscapeString(title) + `</a>`
	}
	mem := all.Memory
	lookup := func(key string) (string, string) {
		for _, srcs := range []fact.Sources{d.GPUs.Sources, d.Sources, mem.Models.Sources, mem.Sources, all.Pricing.APIs.Sources, all.Pricing.Sources, all.Perf.Sources} {
			if s, ok := srcs[key]; ok {
				return s.Title, s.URL
			}
		}
		return key, ""
	}
	// fig writes a figure with the decimals the data gives it, no more.
	fig := func(f *fact.Figure) string {
		if f == nil {
			return "–"
		}
		s := html.EscapeString(money.Group(f.Value, -1))
		if f.Unconfirmed {
			s += ` <abbr title="unconfirmed: secondary source only">†</abbr>`
		}
		return s
	}
	return map[string]func() string{
		"gpus": func() string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				rows = append(rows, []string{html.EscapeString(g.Vendor + " " + g.Name), fig(&g.MemoryGB), fig(&g.BandwidthGBps),
					fig(&g.BF16DenseTFLOPS), fig(g.FP8DenseTFLOPS), fig(&g.TDPW),
					html.EscapeString(g.Link.Kind) + " " + fig(&g.Link.GBps), fig(g.PurchaseUSD), fig(g.RentUSDPerHour),
					srcLink(g.MemoryGB.Source, lookup) + ", " + html.EscapeString(g.MemoryGB.AsOf)})
			}
			return htmlTable([]string{"GPU", "Memory (GB)", "Bandwidth (GB/s)", "BF16/FP16 dense TFLOPS", "FP8 dense TFLOPS",
				"TDP (W)", "GPU link (GB/s)", "Purchase (USD)", "Rent (USD/GPU-h)", "Spec source"}, rows)
		},
		"gpu-prices": func() string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				for _, p := range []struct {
					what string
					f    *fact.Figure
				}{{"purchase", g.PurchaseUSD}, {"rent per GPU-hour", g.RentUSDPerHour}} {
					if p.f == nil {
						continue
					}
					rows = append(rows, []string{html.EscapeString(g.Name), p.what, fig(p.f), srcLink(p.f.Source, lookup),
						html.EscapeString(p.f.AsOf), html.EscapeString(p.f.Note)})
				}
			}
			return htmlTable([]string{"GPU", "Price", "USD", "Source", "As of", "Note"}, rows)
		},
		"tco-defaults": func() string {
			df := d.Defaults
			var rows [][]string
			for _, r := range []struct {
				name string
				f    fact.Figure
			}{
				{"Period (years)", df.Years}, {"GPUs per server", df.GPUsPerServer}, {"Server price without GPUs (USD)", df.ServerUSD},
				{"Network per server (USD)", df.NetworkUSD}, {"Server overhead power (W)", df.ServerOverheadW},
				{"Average load", df.LoadFactor}, {"PUE", df.PUE}, {"Electricity (USD/kWh)", df.ElectricityUSDPerKWh},
				{"Maintenance (% of capex a year)", df.MaintenancePct}, {"Staff (USD a year)", df.StaffUSDPerYear},
				{"Rented hours per month", df.RentedHoursPerMonth}, {"EUR per USD", df.EURPerUSD}, {"CNY per USD", df.CNYPerUSD},
			} {
				f := r.f
				rows = append(rows, []string{html.EscapeString(r.name), fig(&f), srcLink(f.Source, lookup), html.EscapeString(f.AsOf), html.EscapeString(f.Note)})
			}
			for _, t := range d.Throughput.Rows {
				g, _ := d.GPUs.Find(t.GPU)
				f := t.TokensPerSec
				rows = append(rows, []string{"Throughput, " + html.EscapeString(g.Name) + " (tokens/s per GPU)", fig(&f), srcLink(f.Source, lookup), html.EscapeString(f.AsOf), html.EscapeString(f.Note)})
			}
			return htmlTable([]string{"Default", "Value", "Source", "As of", "Note"}, rows)
		},
		"seed-000": func() string {
			return claimsHTML(tcoview.Build(tcoview.Resolve("preset=seed-000", d)).Tables, "Figure")
		},
		"models": func() string {
			var rows [][]string
			for _, m := range mem.Models.Models {
				k := func(v int) string {
					if v == 0 {
						return "–"
					}
					return money.Group(float64(v), 0)
				}
				arch := k(m.Heads) + " / " + k(m.KVHeads)
				if m.MLA() {
					arch = k(m.Heads) + ", MLA " + k(m.KVLoraRank) + " + " + k(m.QKRopeHeadDim)
				}
				params := money.Group(m.ParamsB, 2)
				if m.Experts > 0 {
					params += " (" + money.Group(m.Active(), 1) + " active; " + k(m.Experts) + " experts, top " + k(m.ExpertsPerToken) + ")"
				}
				window := "–"
				if m.SlidingWindow > 0 {
					window = k(m.SlidingWindow) + ", " + m.SlidingLayers
				}
				s := memory.Setup{Model: m, Weights: memory.WeightFormats[1], KV: memory.KVFormats[0], TP: 1, PP: 1}
				name := html.EscapeString(m.Name)
				if m.Unconfirmed {
					name += ` <abbr title="unconfirmed: ` + html.EscapeString(m.Note) + `">†</abbr>`
				}
				rows = append(rows, []string{name, params, k(m.Layers), k(m.Hidden), arch, k(m.HeadDim), k(m.Intermediate), k(m.Vocab),
					window, money.Group(s.KVBytesPerToken(), 0), srcLink(m.Source, lookup) + ", " + html.EscapeString(m.AsOf)})
			}
			return htmlTable([]string{"Model", "Parameters (B)", "Layers", "Hidden", "Heads / KV heads", "Head dim", "Intermediate",
				"Vocabulary", "Sliding window", "KV bytes per token (16-bit)", "Source"}, rows)
		},
		"memory-defaults": func() string {
			df := mem.Defaults
			var rows [][]string
			for _, r := range []struct {
				name string
				f    fact.Figure
			}{
				{"GPU memory utilization", df.Utilization}, {"KV-cache block (tokens)", df.BlockSize},
				{"Memory the driver keeps (GiB)", df.DriverReservedGiB}, {"Non-torch memory (GiB)", df.NonTorchGiB},
				{"NCCL buffers with several GPUs (GiB)", df.NCCLGiB}, {"Sampler memory per logit (bytes)", df.SamplerBytesPerLogit},
				{"max_num_seqs, GPUs of 70 GiB or more except A100", df.LargeGPUSeqs}, {"max_num_batched_tokens, same GPUs", df.LargeGPUTokens},
				{"max_num_seqs, other GPUs", df.SmallGPUSeqs}, {"max_num_batched_tokens, other GPUs", df.SmallGPUTokens},
				{"Smallest GPU memory for the larger defaults (GiB)", df.LargeGPUMinGiB},
				{"Context length (tokens)", df.Context}, {"Concurrent sequences", df.Concurrency},
			} {
				f := r.f
				rows = append(rows, []string{html.EscapeString(r.name), fig(&f), srcLink(f.Source, lookup), html.EscapeString(f.AsOf), html.EscapeString(f.Note)})
			}
			return htmlTable([]string{"Default", "Value", "Source", "As of", "Note"}, rows)
		},
		"memory-engines": func() string {
			// What each engine's memory fraction is a share of, as
			// wasm/memory.Engine computes it.
			meaning := map[string]string{
				"vllm":   "gpu_memory_utilization: KV = f × M − weights − activation peak − runtime",
				"sglang": "mem_fraction_static: KV = f × (M − runtime) − weights; activations and CUDA graphs in the rest",
				"trtllm": "kv_cache_free_gpu_mem_fraction: KV = f × (M − weights − activation peak − runtime)",
				"tgi":    "cuda_memory_fraction × TGI_WIGGLE_ROOM w: KV = f × w × M − weights − warm-up peak − runtime",
			}
			g, _ := d.GPUs.Find("h100-sxm")
			var rows [][]string
			for _, e := range mem.Engines {
				seqs, tokens := mem.EngineBatch(e, g)
				block := mem.Defaults.BlockSize
				if e.ID != memview.DefaultEngine {
					block = e.BlockSize
				}
				rows = append(rows, []string{html.EscapeString(e.Name + " " + e.Version), html.EscapeString(meaning[e.ID]),
					money.Group(mem.DefaultFraction(e, g, 1), -1), fig(&block), strconv.Itoa(seqs) + " / " + money.Group(float64(tokens), 0),
					srcLink(e.Accounting, lookup)})
			}
			return htmlTable([]string{"Engine", "What its memory fraction f covers (M: memory CUDA shows)", "Default f on one H100",
				"KV block (tokens)", "Default sequences / tokens per pass on an H100", "Accounting read in"}, rows)
		},
		"memory-calibration": func() string {
			pct := func(v float64) string {
				if math.IsNaN(v) {
					return "–"
				}
				return fmt.Sprintf("%+.1f %%", 100*v)
			}
			var rows [][]string
			for _, r := range mem.Calibrate() {
				c := r.Row
				m, _ := mem.Models.Find(c.Model)
				g, _ := d.GPUs.Find(c.GPU)
				reportedW, reportedKV := "–", money.Group(c.KVGiB, 2)+" GiB"
				if c.WeightsGiB > 0 {
					reportedW = money.Group(c.WeightsGiB, 2)
				}
				ours := money.Group(r.KVGiB, 2) + " GiB"
				if c.KVTokens > 0 {
					reportedKV, ours = money.Group(c.KVTokens, 0)+" tokens", money.Group(r.KVTokens, 0)+" tokens"
				}
				rows = append(rows, []string{srcLink(c.Source, lookup),
					html.EscapeString(m.Name + ", " + strings.ToUpper(c.Weights) + " on " + strconv.Itoa(c.TP) + " x " + g.Name),
					money.Group(float64(c.MaxModelLen), 0) + " / " + strconv.Itoa(c.MaxNumSeqs) + " / " + money.Group(float64(c.MaxBatchedTokens), 0),
					reportedW, money.Group(r.WeightsGiB, 2), pct(r.WeightsErr), reportedKV, ours, pct(r.KVErr)})
			}
			return htmlTable([]string{"Log", "Model and GPUs", "max_model_len / max_num_seqs / max_num_batched_tokens",
				"Weights reported (GiB)", "Weights InferCost (GiB)", "Error", "KV cache reported", "KV cache InferCost", "Error"}, rows)
		},
		"seed-000-roi": func() string {
			pd := all.Pricing
			return claimsHTML(pricingview.Build(pricingview.Resolve("preset=seed-000-roi", pd), pd).Tables, "Per month")
		},
		"seed-002": func() string {
			return claimsHTML(memview.Build(memview.Resolve("preset=seed-002", mem), mem).Tables, "Batch size at 2,048 tokens")
		},
		"seed-002-checks": func() string {
			bytesPerToken := func(id string) (model.Model, float64) {
				m, _ := mem.Models.Find(id)
				return m, memory.Setup{Model: m, KV: memory.KVFormats[0], TP: 1, PP: 1}.KVBytesPerToken()
			}
			llama, llamaKV := bytesPerToken("llama-2-7b")
			mistral, mistralKV := bytesPerToken("mistral-7b")
			flat := mem.Defaults.FlatKVPerTokenGB.Value * 1e9
			weights16 := memory.Setup{Model: llama, Weights: memory.WeightFormats[1], TP: 1, PP: 1}.WeightBytes()
			return "<ul>\n<li><strong>The KV cache depends on the model.</strong> " + html.EscapeString(llama.Name) + " caches " +
				money.Group(llamaKV/(1<<20), 2) + " MiB per token in 16 bits (" + strconv.Itoa(llama.Layers) + " layers × " +
				strconv.Itoa(llama.KVHeads) + " KV heads × " + strconv.Itoa(llama.HeadDim) + " × 2 × 2 bytes), " +
				money.Group(llamaKV/flat, 1) + " times the article's flat " + money.Group(mem.Defaults.FlatKVPerTokenGB.Value, 4) +
				" GB; " + html.EscapeString(mistral.Name) + ", with " + strconv.Itoa(mistral.KVHeads) + " KV heads, caches " +
				money.Group(mistralKV/1024, 0) + " KiB.</li>\n<li><strong>A " + money.Group(mem.Defaults.FlatWeightsGB.Value, 0) +
				" GB 7B model is an 8-bit model.</strong> In 16 bits the weights of " + html.EscapeString(llama.Name) + " are " +
				money.Group(weights16/1e9, 1) + " GB.</li>\n</ul>\n"
		},
		"api-prices": func() string {
			api := all.Pricing.APIs
			// The shortlist's models, whatever their source: the whole
			// dataset is a thousand models (see api-dataset).
			var rows [][]string
			for _, m := range api.Models {
				if !slices.ContainsFunc(api.Shortlist, func(slot []string) bool { return slices.Contains(slot, m.ID) }) {
					continue
				}
				for _, r := range api.History(m.ID) {
					name := html.EscapeString(api.Provider(m.Provider).Name + " " + m.Name)
					if m.Claim {
						name += " (vendor's claim)"
					}
					if r.Unconfirmed {
						name += ` <abbr title="unconfirmed: secondary source only">†</abbr>`
					}
					price := func(v float64) string {
						if v == 0 {
							return "–"
						}
						return html.EscapeString(money.Group(v, 3))
					}
					tiers := ""
					for _, t := range r.Tiers {
						tiers += "above " + money.Group(float64(t.AboveInputTokens), 0) + " input tokens: " + money.Group(t.Input, 2) + " / " + money.Group(t.Output, 2) + " "
					}
					batch := "–"
					if r.BatchDiscountPct > 0 {
						batch = money.Group(r.BatchDiscountPct, 0) + " %"
					}
					rows = append(rows, []string{name, html.EscapeString(r.From), r.Currency, price(r.Input), price(r.CacheRead), price(r.CacheWrite),
						price(r.Output), batch, html.EscapeString(strings.TrimSpace(tiers)), srcLink(r.Source, lookup) + ", " + html.EscapeString(r.AsOf),
						html.EscapeString(r.Note)})
				}
			}
			return htmlTable([]string{"Model", "From", "Currency", "Input", "Cache read", "Cache write", "Output", "Batch discount",
				"Long-context prices", "Source, as of", "Note"}, rows)
		},
		"api-dataset": func() string {
			api := all.Pricing.APIs
			count := map[string]int{}
			for _, m := range api.Models {
				count[m.Provider]++
			}
			var rows [][]string
			for _, p := range api.Providers {
				key := "genai-" + p.ID
				if _, ok := api.Sources[key]; !ok {
					continue
				}
				rows = append(rows, []string{html.EscapeString(p.Name), strconv.Itoa(count[p.ID]), srcLink(key, lookup)})
			}
			return htmlTable([]string{"Provider", "Models priced (all sources)", "Source"}, rows)
		},
		"open-weights": func() string {
			var rows [][]string
			for _, f := range all.Pricing.OpenWeights {
				pat := strings.Join(f.Match, ", ")
				if len(f.Except) > 0 {
					pat += "; not " + strings.Join(f.Except, ", ")
				}
				rows = append(rows, []string{html.EscapeString(f.Name), html.EscapeString(pat), html.EscapeString(f.Licence),
					srcLink(f.Source, lookup) + ", " + html.EscapeString(f.AsOf)})
			}
			return htmlTable([]string{"Family", "Id or name starts a word with", "Licence", "Source, as of"}, rows)
		},
		"rental": func() string {
			var rows [][]string
			for _, o := range d.Rental.Offers {
				g, _ := d.GPUs.Find(o.GPU)
				price := html.EscapeString(money.Group(o.USDPerGPUHour, 3))
				if o.Unconfirmed {
					price += ` <abbr title="unconfirmed: secondary source only">†</abbr>`
				}
				title, url := d.Rental.Sources[o.Source].Title, d.Rental.Sources[o.Source].URL
				rows = append(rows, []string{html.EscapeString(o.Provider), html.EscapeString(g.Name), html.EscapeString(o.Instance), price,
					`<a href="` + html.EscapeString(url) + `">` + html.EscapeString(title) + `</a>`, html.EscapeString(o.AsOf)})
			}
			return htmlTable([]string{"Cloud", "GPU", "Instance", "USD per GPU-hour", "Source", "As of"}, rows)
		},
		"perf-calibration": func() string {
			pf := all.Perf
			var rows [][]string
			for _, r := range pf.Calibrate() {
				m := r.Row
				model, _ := pf.Memory.Models.Find(m.Model)
				g, _ := d.GPUs.Find(m.GPU)
				what, measured, est := "tokens/s per GPU", money.Group(m.TokensPerSecGP, 0), money.Group(r.Estimate, 0)
				if m.TTFTms > 0 {
					what, measured, est = "time to first token (ms)", money.Group(m.TTFTms, 1), money.Group(r.Estimate, 1)
				}
				rows = append(rows, []string{srcLink(m.Source, lookup), html.EscapeString(model.Name + " on " + strconv.Itoa(m.TP) + " x " + g.Name + ", " + strings.ToUpper(m.Precision)),
					strconv.Itoa(m.Batch) + " / " + strconv.Itoa(m.Input) + " / " + strconv.Itoa(m.Output), what, measured, est, fmt.Sprintf("%+.1f %%", 100*r.Err)})
			}
			rows = append(rows, []string{"", "<strong>Median absolute error, tokens/s</strong>", "", "", "", "", fmt.Sprintf("<strong>%.1f %%</strong>", 100*perfview.MedianAbsError(pf.Calibrate()))})
			return htmlTable([]string{"Source", "Model and GPUs", "Batch / input / output", "Measured", "Published", "InferCost", "Error"}, rows)
		},
		"seed-000-perf": func() string {
			pf := all.Perf
			sd := pf.Seed
			setups := []struct{ gpu, prec, label string }{{"a100-80gb-sxm", "bf16", "A100 FP16"}, {"h100-sxm", "bf16", "H100 FP16"}, {"h100-sxm", "fp8", "H100 FP8"}}
			claim := func(r perfview.SeedRow, i int) float64 { return []float64{r.A100, r.H100, r.H100FP8}[i] }
			var rows [][]string
			for _, r := range sd.Throughput {
				m, _ := pf.Memory.Models.Find(r.Model)
				row := []string{html.EscapeString(m.Name) + ", tokens/s per server"}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := perfview.Setup(m, g, sd.TP, st.prec, st.prec, pf.Efficiency())
					est := s.At(float64(sd.ThroughputBatch), float64(sd.Input), float64(sd.Output)).TokensPerSecond
					row = append(row, money.Group(claim(r, i), 0)+" claimed; "+money.Group(est, 0)+" estimated")
				}
				rows = append(rows, row)
			}
			pm, _ := pf.Memory.Models.Find(sd.P99Model)
			for _, r := range sd.P99ms {
				row := []string{"P99 at batch " + strconv.Itoa(r.Batch) + " (" + html.EscapeString(pm.Name) + ")"}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := perfview.Setup(pm, g, sd.TP, st.prec, st.prec, pf.Efficiency())
					pt := s.At(float64(r.Batch), float64(sd.Input), float64(sd.Output))
					row = append(row, money.Group(claim(r, i), 0)+" ms claimed; first token "+money.Group(pt.TTFT*1000, 0)+" ms, whole answer "+money.Group(pt.E2E*1000, 0)+" ms estimated")
				}
				rows = append(rows, row)
			}
			return htmlTable([]string{"The article's claim beside InferCost's estimate", "A100 80GB, FP16", "H100 SXM, FP16", "H100 SXM, FP8"}, rows)
		},
		"perf-defaults": func() string {
			df := all.Perf.Defaults
			var rows [][]string
			for _, r := range []struct {
				name string
				f    fact.Figure
			}{{"Compute efficiency (MFU)", df.ComputeEfficiency}, {"Memory efficiency (MBU)", df.MemoryEfficiency}, {"Link efficiency", df.LinkEfficiency},
				{"All-reduce latency (µs)", df.CollectiveLatencyUS}, {"Fixed cost of a step (µs)", df.StepOverheadUS},
				{"Fixed latency of a served request (ms)", df.RequestOverheadMS}, {"Prompt tokens", df.PromptTokens}, {"Output tokens", df.OutputTokens},
				{"Batch", df.Batch}, {"Request rate (per second)", df.Rate}, {"P99 target (s)", df.P99TargetS}, {"Simulated requests", df.Requests}} {
				f := r.f
				rows = append(rows, []string{html.EscapeString(r.name), fig(&f), srcLink(f.Source, lookup), html.EscapeString(f.AsOf), html.EscapeString(f.Note)})
			}
			return htmlTable([]string{"Default", "Value", "Source", "As of", "Note"}, rows)
		},
		"seed-000-checks": func() string {
			c := d.Checks
			e := c.Electricity
			g, _ := d.GPUs.Find(e.GPU)
			avg, max := c.ImpliedAverageW(), e.ServerMax.Value
			headline, verdict := "Its power line fits what the servers can draw.", "within"
			if avg > max {
				headline, verdict = "Its power line implies more than the servers can draw.", "above"
			}
			var b strings.Builder
			b.WriteString("<ul>\n")
			b.WriteString("<li><strong>" + headline + "</strong> " +
				money.Group(e.EUR, 0) + " EUR of electricity over " + money.Group(e.Years, 0) + " years at " +
				money.Group(e.EURPerKWh, 2) + " EUR/kWh is " + money.Group(avg/1000, 2) + " kW on average for " +
				plural(e.Servers, "8-GPU "+g.Name+" server") + ", " + verdict + " the " + money.Group(max/1000, 1) +
				" kW maximum (" + srcLink(e.ServerMax.Source, lookup) + ").</li>\n")
			for _, t := range c.TFLOPS {
				g, _ := d.GPUs.Find(t.GPU)
				dense := g.BF16DenseTFLOPS.Value
				b.WriteString("<li><strong>" + html.EscapeString(g.Name) + ": " + money.Group(t.FP16, 0) + " TFLOPS FP16 in the article</strong>, " +
					money.Group(t.FP16/dense, 2) + " × the dense " + money.Group(dense, 0) + " TFLOPS of the GPU table (" +
					srcLink(g.BF16DenseTFLOPS.Source, lookup) + ")")
				if math.Abs(t.FP16/dense-2) < 0.02 {
					b.WriteString(": the figure with 2:4 structured sparsity, which dense inference does not reach")
				}
				b.WriteString(".</li>\n")
			}
			b.WriteString("</ul>\n")
			return b.String()
		},
	}
}

func plural(n float64, what string) string {
	if n == 1 {
		return "one " + html.EscapeString(what)
	}
	return money.Group(n, 0) + " " + html.EscapeString(what) + "s"
}
