package sitebuild

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/dataset"
)

// RevisionsDir is the directory, in the content directory, of pages
// rewritten for a data edition: RevisionsDir/DATE/NAME replaces the page
// NAME (a path as the content directory has it, such as
// performance-methodology.md) from the build that publishes edition DATE
// on, so that the text describing a held edition's figures goes live
// with them, not before.
const RevisionsDir = "revisions"

// pagePatterns match the pages of the content directory: at its top, and
// the articles in every language.
var pagePatterns = []string{"*.md", "articles/*.md"}

// revised returns the file that stands for the page name: its revision
// for the newest data edition published (dates, oldest first) that has
// one, or name.
func revised(fsys fs.FS, name string, dates []string) (string, error) {
	found, err := fs.Glob(fsys, path.Join(RevisionsDir, "*", name))
	if err != nil {
		return "", err
	}
	out, at := name, ""
	for _, f := range found {
		date := strings.Split(f, "/")[1]
		if slices.Contains(dates, date) && date > at {
			out, at = f, date
		}
	}
	return out, nil
}

// checkRevisions fails for a revision that names no data edition,
// published or held, or no page of the content directory: it would never
// be published.
func checkRevisions(fsys fs.FS, e dataset.Editions) error {
	err := fs.WalkDir(fsys, RevisionsDir, func(f string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		parts := strings.SplitN(f, "/", 3)
		_, published := e.Data[parts[1]]
		if _, held := e.Held[parts[1]]; !published && !held {
			return fmt.Errorf("%s: %s is not the date of a data edition", f, parts[1])
		}
		if len(parts) < 3 || !slices.ContainsFunc(pagePatterns, func(p string) bool { ok, _ := path.Match(p, parts[2]); return ok }) {
			return fmt.Errorf("%s: a revision is %s/DATE/PAGE, a page being %s", f, RevisionsDir, strings.Join(pagePatterns, " or "))
		}
		if _, err := fs.Stat(fsys, parts[2]); err != nil {
			return fmt.Errorf("%s: revises %s, which is not a page of the content directory", f, parts[2])
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
