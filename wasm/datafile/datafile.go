// Package datafile reads the data files that the browser module fetches:
// JSON as encoding/json writes it from the data types (gen writes them).
// It is the tokenizer under the decoder that gen generates for those
// types (package sitedata/decode): encoding/json would add about 230 KB gzipped
// to the browser module, a quarter of it, and a decoder driven by
// reflection about 60 KB (reflect.Value.Set alone is 50 KB); typed code
// over this tokenizer adds a few KB.
//
// A Decoder keeps the first error it meets; after that every method
// returns zero values or false, so that loops end and the caller checks
// the error once, at the end (End).
package datafile

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Decoder reads one JSON document.
type Decoder struct {
	b   []byte
	i   int
	err error
	// open holds, for each object or array being read, whether its next
	// member is its first (so that no comma comes before it).
	open []bool
}

// NewDecoder returns a decoder of the document b.
func NewDecoder(b []byte) *Decoder { return &Decoder{b: b} }

// Err returns the first error met.
func (d *Decoder) Err() error { return d.err }

// End reports the first error, or an error if anything but space follows
// the document.
func (d *Decoder) End() error {
	if d.space(); d.err == nil && d.i != len(d.b) {
		d.fail("text after the document")
	}
	return d.err
}

func (d *Decoder) fail(msg string) {
	if d.err == nil {
		d.err = errors.New("datafile: offset " + strconv.Itoa(d.i) + ": " + msg)
	}
}

// Unknown records that key names no field of the object being read.
func (d *Decoder) Unknown(key string) { d.fail("unknown field " + strconv.Quote(key)) }

func (d *Decoder) space() {
	for d.i < len(d.b) && (d.b[d.i] == ' ' || d.b[d.i] == '\n' || d.b[d.i] == '\t' || d.b[d.i] == '\r') {
		d.i++
	}
}

// peek returns the next character after space, or 0 at the end or after
// an error.
func (d *Decoder) peek() byte {
	d.space()
	if d.err != nil || d.i >= len(d.b) {
		return 0
	}
	return d.b[d.i]
}

// literal consumes word if the input continues with it.
func (d *Decoder) literal(word string) bool {
	if d.peek() != 0 && strings.HasPrefix(string(d.b[d.i:min(len(d.b), d.i+len(word))]), word) {
		d.i += len(word)
		return true
	}
	return false
}

// Null consumes a null if one comes next and reports whether it did.
func (d *Decoder) Null() bool { return d.literal("null") }

// Object starts reading an object; it returns false for a null (or an
// error), which stands for a nil map or pointer. Key then gives its keys.
func (d *Decoder) Object() bool {
	if d.Null() {
		return false
	}
	if d.peek() != '{' {
		d.fail("expected an object")
		return false
	}
	d.i++
	d.open = append(d.open, true)
	return true
}

// Key returns the object's next key, its value to be read next, or false
// at the object's end (or an error).
func (d *Decoder) Key() (string, bool) {
	if !d.next('}') {
		return "", false
	}
	if d.peek() != '"' {
		d.fail("expected a key")
		return "", false
	}
	key := d.String()
	if d.peek() != ':' {
		d.fail("expected :")
		return "", false
	}
	d.i++
	return key, true
}

// Array starts reading an array; it returns false for a null (or an
// error), which stands for a nil slice. More then tells whether an
// element follows.
func (d *Decoder) Array() bool {
	if d.Null() {
		return false
	}
	if d.peek() != '[' {
		d.fail("expected an array")
		return false
	}
	d.i++
	d.open = append(d.open, true)
	return true
}

// More reports whether another element of the array follows, to be read
// next; false at the array's end (or an error).
func (d *Decoder) More() bool { return d.next(']') }

// next reads up to the next member of the innermost object or array:
// past its closing character end (false) or past a comma unless the
// member is the first.
func (d *Decoder) next(end byte) bool {
	if d.err != nil || len(d.open) == 0 {
		return false
	}
	top := len(d.open) - 1
	switch c := d.peek(); {
	case c == end:
		d.i++
		d.open = d.open[:top]
		return false
	case d.open[top]:
		d.open[top] = false
		return true
	case c == ',':
		d.i++
		return true
	}
	d.fail("expected , or " + string(end))
	return false
}

// Bool reads true or false.
func (d *Decoder) Bool() bool {
	switch {
	case d.literal("true"):
		return true
	case d.literal("false"):
		return false
	}
	d.fail("expected a boolean")
	return false
}

// number returns the text of a number.
func (d *Decoder) number() string {
	d.space()
	start := d.i
	for d.i < len(d.b) && strings.IndexByte("+-0123456789.eE", d.b[d.i]) >= 0 {
		d.i++
	}
	if d.i == start {
		d.fail("expected a number")
	}
	return string(d.b[start:d.i])
}

// Float reads a number as a float64.
func (d *Decoder) Float() float64 {
	text := d.number()
	if d.err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		d.fail("bad number " + strconv.Quote(text))
	}
	return f
}

// Int reads a whole number.
func (d *Decoder) Int() int {
	text := d.number()
	if d.err != nil {
		return 0
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		d.fail("bad whole number " + strconv.Quote(text))
	}
	return n
}

// String reads a string.
func (d *Decoder) String() string {
	if d.peek() != '"' {
		d.fail("expected a string")
		return ""
	}
	d.i++
	start := d.i
	for d.i < len(d.b) && d.b[d.i] != '"' && d.b[d.i] != '\\' && d.b[d.i] >= 0x20 {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '"' {
		d.i++
		return string(d.b[start : d.i-1])
	}
	out := []byte(string(d.b[start:d.i]))
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out)
		case c < 0x20:
			d.fail("control character in a string")
			return ""
		case c != '\\':
			out = append(out, c)
			d.i++
			continue
		}
		if d.i+1 >= len(d.b) {
			break
		}
		e := d.b[d.i+1]
		d.i += 2
		if k := strings.IndexByte(`"\/bfnrt`, e); k >= 0 {
			out = append(out, "\"\\/\b\f\n\r\t"[k])
			continue
		}
		r, ok := d.hex4(e)
		if !ok {
			return ""
		}
		if utf16.IsSurrogate(r) {
			if d.i+1 < len(d.b) && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
				save := d.i
				d.i += 2
				r2, ok := d.hex4('u')
				if !ok {
					return ""
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					out = utf8.AppendRune(out, dec)
					continue
				}
				d.i = save
			}
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	d.fail("unterminated string")
	return ""
}

// hex4 reads the four hex digits of a \u escape (e is the escape's letter).
func (d *Decoder) hex4(e byte) (rune, bool) {
	if e != 'u' || d.i+4 > len(d.b) {
		d.fail("bad escape")
		return 0, false
	}
	n, err := strconv.ParseUint(string(d.b[d.i:d.i+4]), 16, 32)
	d.i += 4
	if err != nil {
		d.fail("bad escape")
	}
	return rune(n), err == nil
}
