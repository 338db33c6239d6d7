package sitebuild

import (
	"github.com/yuin/goldmark"

	"github.com/infercost/infercost/gen/markdown"
)

// NewMarkdown is the site's Markdown converter: the ```infercost blocks
// of b, whose embedded calculators link their pages in the article's
// language; a table of contents in b's languages; every table in a
// scrolling box.
func NewMarkdown(b *markdown.Blocks) goldmark.Markdown {
	b.LangPath = langPath
	return markdown.New(b, markdown.TOC{Msgs: b.Msgs}, markdown.ScrollBoxes{})
}
