// Package dedup stores a set of similar JSON files with what they share
// stored once. Each file is cut into pieces at places its own content
// chooses (after a "}," where the text since the last such place hashes
// to a multiple of Spread), so an entry added, removed or changed in one
// file changes only the piece it falls in, and every other piece is found
// again in the files that share it: consecutive data editions repeat most
// of each other, and the calculators' files repeat the same catalogs.
//
// A gzip or DEFLATE stream cannot do this by itself: it finds repeats
// only within its last 32 KiB, and the files are up to 0.5 MB each.
package dedup

import (
	"bytes"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
)

// Spread is how many "}," boundaries a piece spans on average: fewer
// make more pieces, each a reference in the index (which every worker
// request reads); more make a change cost a longer piece. On the
// worker's data files of 2026-12-01, pieces and index gzipped came to
// 82.3, 81.6, 82.3, 89.7 and 95.3 KB at 1, 2, 4, 8 and 16: 4 is within
// 1 KB of the least with half the index of 2 (13.6 KB against 29.9).
const Spread = 4

// Pack is a set of files stored as pieces, as Write makes and Read
// reads.
type Pack struct {
	pieces [][]byte         // each stored once
	files  map[string][]int // a file's pieces, in order
}

// cut returns b's pieces, in order: they concatenate to b.
func cut(b []byte) [][]byte {
	var out [][]byte
	start, from := 0, 0
	for {
		i := bytes.Index(b[from:], []byte("},"))
		if i < 0 {
			break
		}
		end := from + i + 2
		h := fnv.New32a()
		h.Write(b[from:end])
		if h.Sum32()%Spread == 0 {
			out = append(out, b[start:end])
			start = end
		}
		from = end
	}
	if start < len(b) {
		out = append(out, b[start:])
	}
	return out
}

// New returns a Pack of files, by name.
func New(files map[string][]byte) *Pack {
	p := &Pack{files: map[string][]int{}}
	ids := map[string]int{}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	// In name order, so that the same files give the same bytes.
	slices.Sort(names)
	for _, name := range names {
		refs := []int{}
		for _, piece := range cut(files[name]) {
			id, ok := ids[string(piece)]
			if !ok {
				id = len(p.pieces)
				ids[string(piece)] = id
				p.pieces = append(p.pieces, piece)
			}
			refs = append(refs, id)
		}
		p.files[name] = refs
	}
	return p
}

// Write returns the pack as two files: the pieces one after another, and
// an index in text, one line of the pieces' lengths and then a line per
// file of its name (no spaces or line breaks) and its pieces' numbers.
func (p *Pack) Write() (pieces, index []byte) {
	var lens []string
	for _, piece := range p.pieces {
		pieces = append(pieces, piece...)
		lens = append(lens, strconv.Itoa(len(piece)))
	}
	index = append(index, strings.Join(lens, " ")...)
	for _, name := range p.Names() {
		index = append(index, '\n')
		index = append(index, name...)
		for _, id := range p.files[name] {
			index = append(index, ' ')
			index = strconv.AppendInt(index, int64(id), 10)
		}
	}
	return pieces, index
}

// Read returns the pack that Write wrote as pieces and index.
func Read(pieces, index []byte) (*Pack, error) {
	lines := strings.Split(string(index), "\n")
	p := &Pack{files: map[string][]int{}}
	at := 0
	for _, f := range strings.Fields(lines[0]) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || at+n > len(pieces) {
			return nil, errors.New("dedup: the index's piece lengths do not match the pieces")
		}
		p.pieces = append(p.pieces, pieces[at:at+n:at+n])
		at += n
	}
	if at != len(pieces) {
		return nil, errors.New("dedup: the index's piece lengths do not match the pieces")
	}
	for i, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) == 0 {
			return nil, errors.New("dedup: index line " + strconv.Itoa(i+2) + " names no file")
		}
		refs := make([]int, 0, len(f)-1)
		for _, s := range f[1:] {
			id, err := strconv.Atoi(s)
			if err != nil || id < 0 || id >= len(p.pieces) {
				return nil, errors.New("dedup: file " + f[0] + ": no piece " + s)
			}
			refs = append(refs, id)
		}
		p.files[f[0]] = refs
	}
	return p, nil
}

// Names returns the names of the pack's files, sorted.
func (p *Pack) Names() []string {
	names := make([]string, 0, len(p.files))
	for name := range p.files {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// File returns a new copy of the file of name, and whether the pack has
// one.
func (p *Pack) File(name string) ([]byte, bool) {
	refs, ok := p.files[name]
	if !ok {
		return nil, false
	}
	n := 0
	for _, id := range refs {
		n += len(p.pieces[id])
	}
	b := make([]byte, 0, n)
	for _, id := range refs {
		b = append(b, p.pieces[id]...)
	}
	return b, true
}
