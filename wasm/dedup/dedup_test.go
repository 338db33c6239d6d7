package dedup

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// entries returns a JSON array of n entries like a data file's, numbered
// from first.
func entries(first, n int) []byte {
	b := []byte(`{"rows":[`)
	for i := first; i < first+n; i++ {
		if i > first {
			b = append(b, ',')
		}
		b = append(b, `{"id":"row-`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `","price":{"value":`...)
		b = strconv.AppendInt(b, int64(i*7%1000), 10)
		b = append(b, `,"as_of":"2026-12-01"}}`...)
	}
	return append(b, "]}"...)
}

// Every file reads back byte for byte, through Write and Read, with
// empty and piece-less files among them.
func TestFilesReadBackAsWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	files := map[string][]byte{
		"empty":        {},
		"no-boundary":  []byte(`{"a":1}`),
		"2026-11-30/a": entries(0, 300),
		"2026-12-01/a": entries(5, 300),
	}
	for i := range 20 {
		files["random/"+strconv.Itoa(i)] = entries(r.IntN(100), r.IntN(200))
	}
	pieces, index := New(files).Write()
	p, err := Read(pieces, index)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for name := range files {
		want = append(want, name)
	}
	slices.Sort(want)
	if got := p.Names(); !slices.Equal(got, want) {
		t.Fatalf("names %q; want %q", got, want)
	}
	for name, b := range files {
		if got, ok := p.File(name); !ok || !bytes.Equal(got, b) {
			t.Errorf("%s: read %d bytes (found %v); wrote %d", name, len(got), ok, len(b))
		}
	}
	if _, ok := p.File("missing"); ok {
		t.Error("a file the pack lacks was found")
	}
	// The same files give the same bytes (the build is reproducible).
	if pieces2, index2 := New(files).Write(); !bytes.Equal(pieces, pieces2) || !bytes.Equal(index, index2) {
		t.Error("packing the same files twice gave different bytes")
	}
}

// A file that differs from another by an entry inserted and one changed
// costs the pieces around those two places, not a second copy. An edit
// inside a piece changes that piece; where it also changes whether the
// text cuts there (the edited entry's hash), the piece joins its
// neighbour or splits in two: at most two new pieces an edit, four here.
func TestAnEditCostsOnlyItsPieces(t *testing.T) {
	a := entries(0, 400)
	b := bytes.Replace(a, []byte(`{"id":"row-100",`), []byte(`{"id":"row-new","price":{"value":1}},{"id":"row-100",`), 1)
	b = bytes.Replace(b, []byte(`"row-300","price":{"value":100}`), []byte(`"row-300","price":{"value":101}`), 1)
	if bytes.Equal(a, b) {
		t.Fatal("the edits did not apply")
	}
	old := map[string]bool{}
	for _, p := range cut(a) {
		old[string(p)] = true
	}
	// Enough pieces that sharing them matters: about 400/Spread.
	if n := len(old); n < 400/Spread/2 || n > 400/Spread*2 {
		t.Errorf("%d pieces for 400 entries; want about %d", n, 400/Spread)
	}
	var added []string
	for _, p := range cut(b) {
		if !old[string(p)] {
			added = append(added, string(p))
		}
	}
	if len(added) == 0 || len(added) > 4 {
		t.Errorf("the edited file has %d pieces the other lacks; want 1 to 4: %q", len(added), added)
	}
	pieces, _ := New(map[string][]byte{"a": a, "b": b}).Write()
	if extra := len(pieces) - len(a); extra > len(a)/10 {
		t.Errorf("two files of %d and %d bytes stored in %d bytes of pieces: %d more than one", len(a), len(b), len(pieces), extra)
	}
}

// A damaged index is an error, not a wrong file or a panic.
func TestADamagedIndexIsAnError(t *testing.T) {
	pieces, index := New(map[string][]byte{"a": entries(0, 100), "b": entries(50, 100)}).Write()
	for name, c := range map[string]struct{ pieces, index []byte }{
		"pieces cut short":   {pieces[:len(pieces)-1], index},
		"pieces too long":    {append(slices.Clone(pieces), 'x'), index},
		"a length not a num": {pieces, bytes.Replace(index, []byte(" "), []byte(" x"), 1)},
		"no such piece":      {pieces, append(slices.Clone(index), " 99999"...)},
		"a negative piece":   {pieces, append(slices.Clone(index), " -1"...)},
		"a blank file line":  {pieces, append(slices.Clone(index), "\n"...)},
	} {
		if _, err := Read(c.pieces, c.index); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// BenchmarkReadAndAssemble is what a worker request pays for the pack
// before decoding: reading the index of a pack like the worker's (two
// editions of four files, 1.5 MB, sharing most entries) and assembling
// its largest file, 0.5 MB.
func BenchmarkReadAndAssemble(b *testing.B) {
	files := map[string][]byte{}
	for name, n := range map[string]int{"memory": 1300, "performance": 1500, "pricing": 8600, "tco": 1800} {
		files["2026-11-30/"+name] = entries(0, n)
		files["2026-12-01/"+name] = entries(3, n+200)
	}
	pieces, index := New(files).Write()
	b.SetBytes(int64(len(files["2026-12-01/pricing"])))
	for b.Loop() {
		p, err := Read(pieces, index)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := p.File("2026-12-01/pricing"); !ok {
			b.Fatal("no file")
		}
	}
}
