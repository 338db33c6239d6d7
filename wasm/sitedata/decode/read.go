package decode

import "github.com/infercost/infercost/wasm/jsonread"

// field is a struct's field as a data file names it (its JSON name) and
// a pointer to it, which read fills by its type.
type field struct {
	name string
	to   any
}

// object reads a JSON object into the fields fs, each key into the field
// of its name; a key that names none is an error (Decoder.Unknown).
func object(d *jsonread.Decoder, fs []field) {
	if !d.Object() {
		return
	}
	for key, ok := d.Key(); ok; key, ok = d.Key() {
		i := 0
		for i < len(fs) && fs[i].name != key {
			i++
		}
		if i == len(fs) {
			d.Unknown(key)
			return
		}
		read(d, fs[i].to)
	}
}

// list reads a JSON array into *s, null as nil.
func list[S ~[]E, E any](d *jsonread.Decoder, s *S) {
	*s = nil
	if !d.Array() {
		return
	}
	*s = S{}
	for d.More() {
		var e E
		read(d, &e)
		*s = append(*s, e)
	}
}

// dict reads a JSON object into *m, null as nil.
func dict[M ~map[K]E, K ~string, E any](d *jsonread.Decoder, m *M) {
	*m = nil
	if !d.Object() {
		return
	}
	*m = M{}
	for key, ok := d.Key(); ok; key, ok = d.Key() {
		var e E
		read(d, &e)
		(*m)[K(key)] = e
	}
}

// nullable reads null as nil, anything else into a new E.
func nullable[E any](d *jsonread.Decoder, p **E) {
	if d.Null() {
		*p = nil
		return
	}
	*p = new(E)
	read(d, *p)
}
