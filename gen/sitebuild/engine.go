package sitebuild

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dedup"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/preview"
	"github.com/infercost/infercost/wasm/sitedata"
)

// publishEngine writes what the calculators' engine loads under assets/,
// named by content hash so that a browser can cache each file for good
// and a new build never mixes with an old one: the worker script (Go's
// wasm_exec.js, which must match the compiler, then site/static's
// worker.js), the browser module, and per data edition one data file per
// calculator with only the data it reads (sitedata.Data.For). It returns
// each calculator's URLs by name.
func publishEngine(c Config, editions dataset.Editions) (map[string]*site.Engine, error) {
	goroot, err := goRoot()
	if err != nil {
		return nil, err
	}
	wasmExec, err := os.ReadFile(path.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	worker, err := site.Static.ReadFile("static/worker.js")
	if err != nil {
		return nil, err
	}
	module, err := os.ReadFile(c.Wasm)
	if err != nil {
		return nil, fmt.Errorf("browser module: %w (run make build, which builds it)", err)
	}
	workerURL, err := publishHashed(c, "worker.js", append(append(wasmExec, '\n'), worker...))
	if err != nil {
		return nil, err
	}
	wasmURL, err := publishHashed(c, "engine.wasm", module)
	if err != nil {
		return nil, err
	}
	out := map[string]*site.Engine{}
	for _, name := range sitedata.Calculators {
		out[name] = &site.Engine{Worker: workerURL, Wasm: wasmURL}
	}
	for _, date := range editions.DataDates() {
		for _, name := range sitedata.Calculators {
			b, err := dataFile(editions, date, name)
			if err != nil {
				return nil, err
			}
			dataURL, err := publishHashed(c, "data/"+name+".json", b)
			if err != nil {
				return nil, err
			}
			// The last is the latest: the page preloads it.
			out[name].Data = dataURL
			out[name].Editions = append(out[name].Editions, site.DataFile{Edition: date, URL: dataURL})
		}
	}
	return out, nil
}

// publishHashed writes b as assets/NAME with its content hash before the
// extension, and returns its URL.
func publishHashed(c Config, name string, b []byte) (string, error) {
	ext := path.Ext(name)
	hashed := strings.TrimSuffix(name, ext) + "." + contentHash(b) + ext
	if err := writeFile(filepath.Join(c.Out, "assets", filepath.FromSlash(hashed)), b); err != nil {
		return "", err
	}
	return c.Base + "assets/" + hashed, nil
}

// contentHash returns the first 12 hex digits of b's SHA-256, which name
// a version of a published file (the service worker checks them, sw.js).
func contentHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// dataFile returns calculator name's data file of the data edition of
// date: the part of the data it reads (sitedata.Data.For), as the
// browser module and the worker decode it (package decode).
func dataFile(editions dataset.Editions, date, name string) ([]byte, error) {
	part, _ := editions.Data[date].For(name)
	b, err := json.Marshal(part)
	if err != nil {
		return nil, fmt.Errorf("data file of %s, edition %s: %w", name, date, err)
	}
	return b, nil
}

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
	if err := writeFile(filepath.Join(dir, edgedata.PiecesFile), pieces); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, edgedata.IndexFile), index)
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
	for _, lang := range langs {
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
			if err := writeFile(filepath.Join(dir, filepath.FromSlash(file)), b); err != nil {
				return err
			}
		}
	}
	return nil
}
