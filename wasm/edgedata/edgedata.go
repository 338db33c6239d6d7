// Package edgedata holds what is compiled into the worker: every data
// edition's calculator data files that gen publishes for the browser,
// written by `go run ./gen -worker-data wasm/edgedata/data` (make
// worker-data) as a pack (package dedup: each edition repeats most of
// the one before, and a copy of each would soon take the worker past the
// free plan's upload limit) and read by the browser module's own decoder
// (package decode), so that the worker computes from the very bytes the
// pages load; and the calculators' pages of the built site in both
// languages (Pages), into which it renders scenario links.
package edgedata

import (
	"embed"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dedup"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/sitedata/decode"
)

// files holds data/pieces and data/index, the pack of every DATE/NAME
// data file (PackName); data/README.md keeps the directory (and so the
// package) buildable before the files are generated.
//
//go:embed data
var files embed.FS

// The names of the pack's two files in data/ (dedup.Pack.Write).
const (
	PiecesFile = "pieces"
	IndexFile  = "index"
)

// PackName is the name of calculator name's data file of the edition of
// date in the pack.
func PackName(date, name string) string { return date + "/" + name }

// pack returns the embedded pack, read once; an empty one if the worker
// was built without its data files.
var pack = sync.OnceValues(func() (*dedup.Pack, error) {
	pieces, err := files.ReadFile("data/" + PiecesFile)
	if errors.Is(err, fs.ErrNotExist) {
		return dedup.New(nil), nil
	}
	if err != nil {
		return nil, err
	}
	index, err := files.ReadFile("data/" + IndexFile)
	if err != nil {
		return nil, err
	}
	return dedup.Read(pieces, index)
})

// pages holds what the worker's pages read of the built site, as gen
// wrote it (preview.Files: CALC/index.html, de/CALC/index.html and the
// German pages' message catalog, which make worker-data copies from
// public/); pages/README.md keeps the directory.
//
//go:embed pages
var pages embed.FS

// Pages returns the embedded calculator pages of every language and the
// German catalog, laid out as the built site (CALC/index.html,
// de/CALC/index.html, assets/i18n/de.HASH.json): what package preview
// reads from the site, for a worker under workerd, which has no file
// system.
func Pages() fs.FS {
	sub, err := fs.Sub(pages, "pages")
	if err != nil {
		panic(err) // "pages" is a valid path
	}
	return sub
}

// ErrMissing is the error of a worker built without its data files.
var ErrMissing = errors.New("the worker was built without its data files: run make worker-data")

// Store decodes the embedded data files when first asked for and keeps
// them. It is safe for concurrent use; its zero value is ready.
type Store struct {
	mu      sync.Mutex
	decoded map[string]*sitedata.Data // by PackName
}

// Dates returns the dates of the embedded data editions, oldest first.
func Dates() ([]string, error) {
	p, err := pack()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range p.Names() {
		if date, _, ok := strings.Cut(name, "/"); ok && !slices.Contains(out, date) {
			out = append(out, date)
		}
	}
	return out, nil
}

// File returns a copy of calculator name's data file of the edition of
// date, as embedded.
func File(date, name string) ([]byte, error) {
	p, err := pack()
	if err != nil {
		return nil, err
	}
	b, ok := p.File(PackName(date, name))
	if !ok {
		return nil, errors.New("no data file " + PackName(date, name) + " embedded")
	}
	return b, nil
}

// Set returns a new calc.Set that builds calculator name's page for
// rawQuery as one with every data edition loaded would: it loads the
// edition the query pins and the latest, whose data the page's note
// compares with. Under workerd every request starts the module afresh,
// so decoding only these two halves an old link's work and an up-to-date
// link's (see README, "The edge worker"). A Set per request, since a Set
// keeps the estimator's simulations between pages and is not safe for
// concurrent use; the data it reads is shared and never written.
func (s *Store) Set(name, rawQuery string) (*calc.Set, error) {
	if !calc.Known(name) {
		return nil, errors.New("unknown calculator " + name)
	}
	pinned, latest, err := editions(rawQuery)
	if err != nil {
		return nil, err
	}
	var set calc.Set
	for _, date := range []string{pinned, latest} {
		d, err := s.data(date, name)
		if err != nil {
			return nil, err
		}
		set.Load(date, *d)
	}
	return &set, nil
}

// Edition returns the date of the data edition whose figures the
// calculators give rawQuery, as the Set for it picks it, without
// decoding any data: for an entity tag made before the answer.
func (s *Store) Edition(rawQuery string) (string, error) {
	pinned, _, err := editions(rawQuery)
	return pinned, err
}

// editions returns the edition that rawQuery's figures come from and the
// latest: as calc.Set.Data picks among the editions loaded, the newest
// not after the query's, the latest without one.
func editions(rawQuery string) (pinned, latest string, err error) {
	dates, err := Dates()
	if err != nil {
		return "", "", err
	}
	if len(dates) == 0 {
		return "", "", ErrMissing
	}
	all := make(edition.List, len(dates))
	for i, d := range dates {
		all[i] = edition.Edition{Date: d, Data: true}
	}
	latest, pinned = all.Latest(), all.Latest()
	if ed := edition.Of(rawQuery); ed != "" {
		pinned = all.Pick(ed)
	}
	return pinned, latest, nil
}

// data returns the decoded and linked data file of date and name.
func (s *Store) data(date, name string) (*sitedata.Data, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.decoded[PackName(date, name)]; ok {
		return d, nil
	}
	b, err := File(date, name)
	if err != nil {
		return nil, err
	}
	d, err := decode.Data(b)
	if err != nil {
		return nil, errors.New("data file " + PackName(date, name) + ": " + err.Error())
	}
	if s.decoded == nil {
		s.decoded = map[string]*sitedata.Data{}
	}
	s.decoded[PackName(date, name)] = &d
	return &d, nil
}
