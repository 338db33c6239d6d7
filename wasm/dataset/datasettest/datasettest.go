// Package datasettest loads the site's real data (content/data) for tests.
package datasettest

import (
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"sync"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Load returns content/data's latest edition, loaded and validated once
// per test binary (about a second) and then shared by every test, as the
// browser module shares one load between all its computations. A test
// must not change it: one that does fails at its end (copy what a test
// changes).
func Load(t testing.TB) sitedata.Data {
	t.Helper()
	return share(t, "latest", func() (sitedata.Data, error) {
		e, err := editions(content.FS, "content "+dataset.Today(), dataset.Today())
		if err != nil {
			return sitedata.Data{}, err
		}
		return e.Latest(), nil
	})
}

// Editions returns content/data's editions as of the day today, loaded
// and validated once per test binary for each day (every edition's data
// files are checked; dataset decodes each once per binary) and shared as
// Load's: a test must not change them.
func Editions(t testing.TB, today string) dataset.Editions {
	t.Helper()
	return share(t, "content "+today, func() (dataset.Editions, error) {
		return editions(content.FS, "content "+today, today)
	})
}

// loadedEditions holds, by key, a func() (dataset.Editions, error) that
// loads on its first call and returns the same after, so that Load and
// Editions of the same day load once.
var loadedEditions sync.Map

// editions loads the editions of fsys as of today once for key.
func editions(fsys fs.FS, key, today string) (dataset.Editions, error) {
	once, _ := loadedEditions.LoadOrStore(key, sync.OnceValues(func() (dataset.Editions, error) {
		return dataset.LoadEditions(fsys, "data", today)
	}))
	return once.(func() (dataset.Editions, error))()
}

// spoilt names the first test that changed shared data: the tests after
// it ran on changed data too.
var spoilt struct {
	sync.Mutex
	by string
}

// loaded is shared data and its fingerprint when loaded.
type loaded[T any] struct {
	data T
	sum  [sha256.Size]byte
	err  error
}

// loads holds, by key, a func() loaded[T] that loads on its first call
// and returns the same after.
var loads sync.Map

// share returns what load gives, calling it only the first time a test
// of the binary asks for key, and fails t at its end if t changed it.
func share[T any](t testing.TB, key string, load func() (T, error)) T {
	t.Helper()
	once, _ := loads.LoadOrStore(key, sync.OnceValue(func() loaded[T] {
		d, err := load()
		if err != nil {
			return loaded[T]{err: err}
		}
		sum, err := fingerprint(d)
		return loaded[T]{data: d, sum: sum, err: err}
	}))
	l := once.(func() loaded[T])()
	if l.err != nil {
		t.Fatal(l.err)
	}
	t.Cleanup(func() {
		spoilt.Lock()
		defer spoilt.Unlock()
		switch {
		case spoilt.by != "":
			t.Errorf("%s changed the data that datasettest shares between tests", spoilt.by)
		case fingerprintOf(t, l.data) != l.sum:
			spoilt.by = t.Name()
			t.Error("the test changed the data that datasettest shares between tests: copy what it changes")
		}
	})
	return l.data
}

// fingerprint is the hash of d's JSON encoding, which holds what the data
// files give, in about 10 ms an edition.
func fingerprint(d any) ([sha256.Size]byte, error) {
	b, err := json.Marshal(d)
	return sha256.Sum256(b), err
}

// fingerprintOf is fingerprint, failing t on an error.
func fingerprintOf(t testing.TB, d any) [sha256.Size]byte {
	sum, err := fingerprint(d)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}
