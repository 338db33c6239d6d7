// Package content embeds what an editor changes: the articles and the data
// files, so that gen and tests read the same bytes wherever they run.
package content

import "embed"

// FS holds the pages (*.md), the articles in every language
// (articles/SLUG.LANG.md), data/*.yaml, the snapshots of imported
// measurements, data/calibration/*.yaml, the held-out checks of the eras
// of engine builds, data/heldout/*.yaml, the editions,
// data/editions/*.yaml, their seal, data/editions.lock, and the message
// catalogs, i18n/LANG.yaml.
//
//go:embed *.md articles/*.md data/*.yaml data/calibration/*.yaml data/heldout/*.yaml data/editions/*.yaml data/editions.lock i18n/*.yaml
var FS embed.FS
