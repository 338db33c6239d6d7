// Package content embeds what an editor changes: the articles and the data
// files, so that gen and tests read the same bytes wherever they run.
package content

import "embed"

// FS holds the articles (*.md) and data/*.yaml.
//
//go:embed *.md data/*.yaml
var FS embed.FS
