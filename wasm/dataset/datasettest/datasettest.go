// Package datasettest loads the site's real data (content/data) for tests.
package datasettest

import (
	"crypto/sha256"
	"encoding/json"
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
	l := shared()
	if l.err != nil {
		t.Fatal(l.err)
	}
	t.Cleanup(func() {
		spoilt.Lock()
		defer spoilt.Unlock()
		switch {
		case spoilt.by != "":
			t.Errorf("%s changed the data that datasettest.Load shares between tests", spoilt.by)
		case fingerprintOf(t, l.data) != l.sum:
			spoilt.by = t.Name()
			t.Error("the test changed the data that datasettest.Load shares between tests: copy what it changes")
		}
	})
	return l.data
}

// spoilt names the first test that changed the shared data: the tests
// after it ran on changed data too.
var spoilt struct {
	sync.Mutex
	by string
}

// loaded is the shared data and its fingerprint when loaded.
type loaded struct {
	data sitedata.Data
	sum  [sha256.Size]byte
	err  error
}

// shared loads the data on its first call, and returns the same after.
var shared = sync.OnceValue(func() loaded {
	d, err := dataset.Load(content.FS, "data")
	if err != nil {
		return loaded{err: err}
	}
	sum, err := fingerprint(d)
	return loaded{data: d, sum: sum, err: err}
})

// fingerprint is the hash of d's JSON encoding, which holds what the data
// files give, in about 10 ms.
func fingerprint(d sitedata.Data) ([sha256.Size]byte, error) {
	b, err := json.Marshal(d)
	return sha256.Sum256(b), err
}

// fingerprintOf is fingerprint, failing t on an error.
func fingerprintOf(t testing.TB, d sitedata.Data) [sha256.Size]byte {
	sum, err := fingerprint(d)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}
