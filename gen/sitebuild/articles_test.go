package sitebuild

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// articleLangs are the languages every article is written in.
var articleLangs = []string{"en", "de"}

// calculatorEmbed matches a fenced block that embeds a live calculator.
var calculatorEmbed = regexp.MustCompile("(?m)^```infercost (tco|memory|performance|pricing) preset=([a-z0-9-]+)( inputs=[a-z.,]+)?[ \t]*$")

func TestEveryArticleIsInEveryLanguageWithACalculator(t *testing.T) {
	calcs := map[string][]string{}
	for _, c := range Calculators(datasettest.Load(t)) {
		for _, p := range c.Presets {
			calcs[strings.TrimSuffix(c.Path, "/")] = append(calcs[strings.TrimSuffix(c.Path, "/")], p.Name)
		}
	}
	byKey := map[string][]string{}
	for name, a := range sitetest.Articles(t) {
		slug, lang, ok := strings.Cut(strings.TrimSuffix(name, ".md"), ".")
		if !ok || !slices.Contains(articleLangs, lang) {
			t.Errorf("%s: want a name SLUG.LANG.md with LANG one of %v", name, articleLangs)
			continue
		}
		if a.Lang != lang || a.Translation != slug || a.Title == "" || a.Description == "" || a.Date == "" {
			t.Errorf("%s: lang %q, translation %q, title %q, description %q, date %q; want lang %q, translation %q and the rest set",
				name, a.Lang, a.Translation, a.Title, a.Description, a.Date, lang, slug)
		}
		wantPath := "articles/" + slug + "/"
		if lang != "en" {
			wantPath = lang + "/" + wantPath
		}
		if a.Path != wantPath {
			t.Errorf("%s: path %q; want %q", name, a.Path, wantPath)
		}
		byKey[a.Translation] = append(byKey[a.Translation], lang)
		embeds := calculatorEmbed.FindAllStringSubmatch(a.Body, -1)
		if len(embeds) == 0 {
			t.Errorf("%s: no live calculator (a block ```infercost CALC preset=ID)", name)
		}
		for _, e := range embeds {
			if !slices.Contains(calcs[e[1]], e[2]) {
				t.Errorf("%s: embeds %s preset %q, which %s's presets %v lack", name, e[1], e[2], e[1], calcs[e[1]])
			}
		}
	}
	for _, lang := range articleLangs {
		src, err := fs.ReadFile(content.FS, "articles."+lang+".md")
		if err != nil {
			t.Errorf("no index of the articles in %s: %v", lang, err)
			continue
		}
		for key, langs := range byKey {
			if slices.Contains(langs, lang) && !strings.Contains(string(src), "]("+key+"/)") {
				t.Errorf("articles.%s.md does not link the article %q as (%s/)", lang, key, key)
			}
		}
	}
	for key, langs := range byKey {
		slices.Sort(langs)
		if want := slices.Sorted(slices.Values(articleLangs)); !slices.Equal(langs, want) {
			t.Errorf("article %q is in %v; want %v", key, langs, want)
		}
	}
}

// Every calculator an article embeds answers its title with today's
// data: a title that names a model or an API (GPT-4.1, Llama 3.3 70B)
// has an answer that names it too (Blocks.Names; the build fails
// otherwise, as embed-unanswered-title.md shows).
func TestEveryEmbedAnswersItsTitle(t *testing.T) {
	data := datasettest.Load(t)
	msgs := testMsgs(t)
	engines := map[string]*site.Engine{}
	for _, name := range sitedata.Calculators {
		engines[name] = &site.Engine{Worker: "/w.js", Wasm: "/e.wasm", Data: "/" + name + ".json"}
	}
	md := NewMarkdown(&markdown.Blocks{Calculators: Calculators(data), Engines: engines, Base: "/", Msgs: msgs, Names: markdown.AnswerNames(data)})
	for name, a := range sitetest.Articles(t) {
		// The article's embeds alone, in its language: its data tables
		// need the whole build.
		src := "---\ntitle: t\ndate: " + a.Date + "\nlang: " + a.Lang + "\n---\n"
		for _, e := range calculatorEmbed.FindAllString(a.Body, -1) {
			src += "\n" + e + "\n```\n"
		}
		if _, err := markdown.Render(md, []byte(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
