// Package markdown renders the site's articles: goldmark with GFM, front
// matter and highlighting (New, Render), and the site's own extensions as
// goldmark.Extenders: the ```infercost blocks that embed data tables and
// live calculators (Blocks), a table of contents with heading anchors
// (TOC) and a scrolling box around every table (ScrollBoxes). Its cases
// are testdata/NAME.md with their expected HTML or error.
package markdown

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	ghtml "github.com/yuin/goldmark/renderer/html"
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

var (
	// blockErrsKey holds a page's errors in its blocks, []error.
	blockErrsKey = parser.NewContextKey()
	// liveKey is set on a page that embeds a calculator.
	liveKey = parser.NewContextKey()
)

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

// Article is a Markdown page rendered.
type Article struct {
	FrontMatter
	HTML string
	// Live is set when the article embeds a calculator: only then does
	// the page load the engine's loader (embed.js).
	Live bool
}

// New returns the one goldmark converter for the site: GFM (tables,
// strikethrough, autolinks, task lists), footnotes, smart typography,
// heading ids, code highlighted by chroma with CSS classes (the CSP allows
// no style attribute; ChromaCSS), YAML front matter, and exts: the site's
// own (Blocks, TOC, ScrollBoxes).
func New(exts ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(append([]goldmark.Extender{
			// GFM, with a table's column alignment as an attribute: the CSP
			// refuses the style attribute GFM's default writes.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough, extension.Linkify, extension.TaskList, extension.Footnote, extension.Typographer, &frontmatter.Extender{},
			highlighting.NewHighlighting(highlighting.WithFormatOptions(chromahtml.WithClasses(true)))}, exts...)...),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
		goldmark.WithRendererOptions(ghtml.WithUnsafe()),
	)
}

// Render converts one article; an error names the line of each
// bad block.
func Render(md goldmark.Markdown, src []byte) (Article, error) {
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

// RenderFile renders the article in file name of fsys; an error
// starts with the name.
func RenderFile(md goldmark.Markdown, fsys fs.FS, name string) (Article, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return Article{}, err
	}
	a, err := Render(md, src)
	if err != nil {
		return Article{}, fmt.Errorf("%s: %w", name, err)
	}
	return a, nil
}

// ChromaCSS is the stylesheet of highlighted code: GitHub's colours, and
// GitHub's dark ones where the reader's system is dark.
func ChromaCSS() (string, error) {
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
