package dataset

import (
	"crypto/sha256"
	"reflect"
	"slices"
	"sync"
)

// memo remembers what decoding a file and applying an edition's changes
// to one gave, by content, for the life of the process. Every edition's
// data is the previous edition's files with a few changed, so a load
// decoded the same unchanged files once per edition, and a process that
// loads the editions again (the site build and its checks, each test of
// a package) decoded them all again: the YAML decoder was two thirds of
// a load, the imported price snapshot (most of the bytes) decoded six
// times. Both are functions of their input alone, so remembering them
// changes no result; each caller gets a copy of its own (deepCopy),
// since the loaders change what they decoded (publishedBy, the
// calibration's held rows).
var memo memory

// memory is memo's type.
type memory struct {
	mu      sync.Mutex
	decoded map[decodeKey]reflect.Value
	applied map[applyKey]applied
	// bytes is the size of the inputs remembered, which bounds what a
	// long-running process (gen -serve over edited data) keeps.
	bytes int
}

// memoMaxBytes is how many bytes of inputs memo remembers before it
// forgets them all: about a hundred times the data files' size, and far
// above what a build or a test binary reads.
const memoMaxBytes = 64 << 20

// decodeKey names a decoded file: the type it was decoded into and the
// hash of its bytes.
type decodeKey struct {
	t   reflect.Type
	sum [sha256.Size]byte
}

// decodeKeyOf returns the key of b decoded into v, a pointer.
func decodeKeyOf(b []byte, v any) decodeKey {
	return decodeKey{reflect.TypeOf(v).Elem(), sha256.Sum256(b)}
}

// applyKey names a change applied to a file: the hash of the file and
// the change as YAML.
type applyKey struct {
	base  [sha256.Size]byte
	patch string
}

// applied is what apply gave.
type applied struct {
	out []byte
	ch  Change
}

// copy returns a copy of a that shares nothing with it.
func (a applied) copy() applied {
	a.ch.AddedIDs, a.ch.Changed = slices.Clone(a.ch.AddedIDs), slices.Clone(a.ch.Changed)
	a.out = slices.Clone(a.out)
	return a
}

// decode sets *v to a copy of what the key's file decoded into before,
// and reports whether it had been decoded.
func (m *memory) decode(k decodeKey, v any) bool {
	m.mu.Lock()
	src, ok := m.decoded[k]
	m.mu.Unlock()
	if ok {
		deepCopy(reflect.ValueOf(v).Elem(), src)
	}
	return ok
}

// rememberDecoded remembers a copy of *v as what the key's file, of size
// bytes, decodes into.
func (m *memory) rememberDecoded(k decodeKey, size int, v any) {
	c := reflect.New(k.t).Elem()
	deepCopy(c, reflect.ValueOf(v).Elem())
	m.mu.Lock()
	defer m.mu.Unlock()
	m.makeRoom(size)
	m.decoded[k] = c
}

// apply returns a copy of what applying the key's change gave before,
// and whether it had been applied.
func (m *memory) apply(k applyKey) (applied, bool) {
	m.mu.Lock()
	a, ok := m.applied[k]
	m.mu.Unlock()
	return a.copy(), ok
}

// rememberApplied remembers a copy of a as what applying the key's
// change, to a file of size bytes, gives.
func (m *memory) rememberApplied(k applyKey, size int, a applied) {
	a = a.copy()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.makeRoom(size + len(k.patch))
	m.applied[k] = a
}

// makeRoom makes room for size more bytes of inputs, forgetting all
// when they would pass memoMaxBytes; the caller holds m.mu.
func (m *memory) makeRoom(size int) {
	if m.bytes+size > memoMaxBytes || m.decoded == nil {
		m.decoded, m.applied, m.bytes = map[decodeKey]reflect.Value{}, map[applyKey]applied{}, 0
	}
	m.bytes += size
}

// deepCopy sets dst to a copy of src that shares no slice, map or
// pointer with it, nil ones kept nil. Unexported fields are copied as
// they are: the YAML decoder sets none, so in what it gives they are
// zero.
func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		p := reflect.New(src.Type().Elem())
		deepCopy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		c := reflect.New(src.Elem().Type()).Elem()
		deepCopy(c, src.Elem())
		dst.Set(c)
	case reflect.Slice:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			deepCopy(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Array:
		for i := range src.Len() {
			deepCopy(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			k := reflect.New(src.Type().Key()).Elem()
			deepCopy(k, it.Key())
			v := reflect.New(src.Type().Elem()).Elem()
			deepCopy(v, it.Value())
			m.SetMapIndex(k, v)
		}
		dst.Set(m)
	case reflect.Struct:
		dst.Set(src)
		for i := range src.NumField() {
			if f := dst.Field(i); f.CanSet() {
				deepCopy(f, src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}
