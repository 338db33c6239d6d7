// Package content embeds what an editor changes: the articles and the data
// files, so that gen and tests read the same bytes wherever they run.
package content

import "embed"

// FS holds the pages (*.md), the articles in every language
// (articles/SLUG.LANG.md), data/*.yaml and the editions,
// data/editions/*.yaml.
//
//go:embed *.md articles/*.md data/*.yaml data/editions/*.yaml
var FS embed.FS
