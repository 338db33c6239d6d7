package publish

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/dedup"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/sitedata"
)

// WriteWorkerData writes every data edition's data files into dir as a
// pack (package dedup), for the worker to embed (package edgedata), in
// place of what a previous run wrote there: the worker then holds the
// editions the browser's pages load, decoded by the same code.
func WriteWorkerData(contentDir, dir, today string) error {
	editions, _, err := accuracy.LoadEditions(os.DirFS(contentDir), "data", today)
	if err != nil {
		return fmt.Errorf("%s: %w", contentDir, err)
	}
	files := map[string][]byte{}
	for _, date := range editions.DataDates() {
		for _, name := range sitedata.Calculators {
			b, err := dataFile(editions, date, name)
			if err != nil {
				return err
			}
			files[edgedata.PackName(date, name)] = b
		}
	}
	pieces, index := dedup.New(files).Write()
	// Earlier builds' files, from before the pack (DATE/NAME.json), would
	// be embedded too: only the README, which keeps the directory, stays.
	old, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range old {
		if filepath.Base(f) != "README.md" {
			if err := os.RemoveAll(f); err != nil {
				return err
			}
		}
	}
	if err := WriteFile(filepath.Join(dir, edgedata.PiecesFile), pieces); err != nil {
		return err
	}
	return WriteFile(filepath.Join(dir, edgedata.IndexFile), index)
}

// CopyWorkerPages copies what the worker's pages of every language read
// from the site built in out (preview.Files: CALC/index.html,
// de/CALC/index.html and the German pages' message catalog) into dir,
// for the worker to embed (package edgedata), each page as its skeleton
// (site.Skeleton): its server-rendered pages are these with the scenario
// spliced in, so they must come from the same build as the site the
// worker serves, with its base path, site URL and asset names.
func CopyWorkerPages(out, dir string) error {
	public := os.DirFS(out)
	base, _, err := preview.Where(public)
	if err != nil {
		return fmt.Errorf("%w (build the site first: make build)", err)
	}
	// An earlier build's files (its catalog has another hash) would be
	// embedded too: only the README, which keeps the directory, stays.
	old, _ := filepath.Glob(filepath.Join(dir, "*", ""))
	for _, f := range old {
		if filepath.Base(f) != "README.md" {
			if err := os.RemoveAll(f); err != nil {
				return err
			}
		}
	}
	for _, lang := range msg.Langs {
		files, err := preview.Files(public, base, lang)
		if err != nil {
			return err
		}
		for _, file := range files {
			b, err := fs.ReadFile(public, file)
			if err != nil {
				return fmt.Errorf("%w (build the site first: make build)", err)
			}
			if path.Ext(file) == ".html" {
				// The worker serves a page without a query from the
				// site's files: it needs only what it splices into.
				if b, err = site.Skeleton(b); err != nil {
					return fmt.Errorf("%s: %w", file, err)
				}
			}
			if err := WriteFile(filepath.Join(dir, filepath.FromSlash(file)), b); err != nil {
				return err
			}
		}
	}
	return nil
}
