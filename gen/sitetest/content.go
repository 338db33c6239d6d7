package sitetest

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/content"
)

// Article is what the tests read of an article: its front matter and
// its Markdown after it.
type Article struct {
	Title, Description, Path, Lang, Date, Translation string
	Body                                              string
}

// Articles reads content/articles/SLUG.LANG.md, failing on a file
// named otherwise or without front matter.
func Articles(t testing.TB) map[string]Article {
	t.Helper()
	names, err := fs.Glob(content.FS, "articles/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no articles under content/articles")
	}
	arts := map[string]Article{}
	for _, name := range names {
		src, err := fs.ReadFile(content.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		head, body, ok := bytes.Cut(bytes.TrimPrefix(src, []byte("---\n")), []byte("\n---\n"))
		if !ok || !bytes.HasPrefix(src, []byte("---\n")) {
			t.Errorf("%s: no front matter", name)
			continue
		}
		var a Article
		if err := yaml.Unmarshal(head, &a); err != nil {
			t.Errorf("%s: front matter: %v", name, err)
			continue
		}
		a.Body = string(body)
		arts[path.Base(name)] = a
	}
	return arts
}

// ReadDoc parses the HTML file named file, as a built site holds it.
func ReadDoc(t testing.TB, file string) *goquery.Document {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := goquery.NewDocumentFromReader(f)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
