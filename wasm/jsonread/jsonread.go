// Package jsonread reads JSON without reflection, for the browser module
// and the edge worker: a Decoder that typed code walks (the data files'
// decoder, which gen generates for their types, package sitedata/decode)
// and Parse, which reads any document into plain value trees (a Hugging
// Face config.json, a message catalog). encoding/json would add about
// 230 KB gzipped to the browser module, a quarter of it, and a decoder
// driven by reflection about 60 KB (reflect.Value.Set alone is 50 KB).
//
// The grammar is JSON's, strictly, as encoding/json reads it: what it
// refuses is refused, with the byte offset where reading stopped.
// A Decoder keeps the first error it meets; after that every method
// returns zero values or false, so that loops end and the caller checks
// the error once, at the end (End).
package jsonread

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// SyntaxError is a document that cannot be read, or (Decoder.Unknown) a
// field its reader does not know, with the byte offset where reading
// stopped.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return "JSON at byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Decoder reads one JSON document.
type Decoder struct {
	b   []byte
	i   int
	err *SyntaxError
	// open holds, for each object or array being read, whether its next
	// member is its first (so that no comma comes before it).
	open []bool
}

// NewDecoder returns a decoder of the document b.
func NewDecoder(b []byte) *Decoder { return &Decoder{b: b} }

// Err returns the first error met, a *SyntaxError, or nil.
func (d *Decoder) Err() error {
	if d.err == nil {
		return nil
	}
	return d.err
}

// End returns the first error, or an error if anything but space follows
// the document.
func (d *Decoder) End() error {
	if d.space(); d.err == nil && d.i != len(d.b) {
		d.fail("unexpected " + d.near() + " after the document")
	}
	return d.Err()
}

func (d *Decoder) fail(msg string) {
	if d.err == nil {
		d.err = &SyntaxError{d.i, msg}
	}
}

// Unknown records that key names no field of the object being read.
func (d *Decoder) Unknown(key string) { d.fail("unknown field " + strconv.Quote(key)) }

// near names the byte at the offset for an error message.
func (d *Decoder) near() string {
	if d.i >= len(d.b) {
		return "end of input"
	}
	if c := d.b[d.i]; c > ' ' && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return "byte " + strconv.Itoa(int(d.b[d.i]))
}

func (d *Decoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// peek returns the next byte after space, or 0 at the end or after an
// error.
func (d *Decoder) peek() byte {
	d.space()
	if d.err != nil || d.i >= len(d.b) {
		return 0
	}
	return d.b[d.i]
}

// literal consumes word if the input continues with it.
func (d *Decoder) literal(word string) bool {
	if d.peek() != 0 && len(d.b)-d.i >= len(word) && string(d.b[d.i:d.i+len(word)]) == word {
		d.i += len(word)
		return true
	}
	return false
}

// Null consumes a null if one comes next and reports whether it did.
func (d *Decoder) Null() bool { return d.literal("null") }

// Object starts reading an object; it returns false for a null (or an
// error), which stands for a nil map or pointer. Key then gives its keys.
func (d *Decoder) Object() bool { return d.start('{', "an object") }

// Array starts reading an array; it returns false for a null (or an
// error), which stands for a nil slice. More then tells whether an
// element follows.
func (d *Decoder) Array() bool { return d.start('[', "an array") }

func (d *Decoder) start(open byte, what string) bool {
	if d.Null() {
		return false
	}
	if d.peek() != open {
		d.fail("want " + what + ", found " + d.near())
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
		d.fail("want a quoted key, found " + d.near())
		return "", false
	}
	key := d.String()
	if d.peek() != ':' {
		d.fail("want ':' after a key, found " + d.near())
		return "", false
	}
	d.i++
	return key, d.err == nil
}

// More reports whether another element of the array follows, to be read
// next; false at the array's end (or an error).
func (d *Decoder) More() bool { return d.next(']') }

// next reads up to the next member of the innermost object or array:
// past its closing byte end (false) or past a comma unless the member is
// the first.
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
	d.fail("want ',' or '" + string(end) + "', found " + d.near())
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
	d.fail("want true or false, found " + d.near())
	return false
}

// number returns the text of a number, read with JSON's grammar (no
// leading zeros, no '+', no bare '.'), and its offset.
func (d *Decoder) number() (string, int) {
	if c := d.peek(); c != '-' && (c < '0' || c > '9') {
		d.fail("want a number, found " + d.near())
		return "", d.i
	}
	start := d.i
	digits := func() int {
		n := 0
		for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.b[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		d.fail("want a digit, found " + d.near())
		return "", start
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			d.fail("want a digit after '.', found " + d.near())
			return "", start
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			d.fail("want a digit in the exponent, found " + d.near())
			return "", start
		}
	}
	return string(d.b[start:d.i]), start
}

// Float reads a number as a float64.
func (d *Decoder) Float() float64 {
	text, start := d.number()
	if d.err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil { // out of range: JSON has no infinity
		d.i = start
		d.fail("number out of range")
		return 0
	}
	return f
}

// Int reads a whole number.
func (d *Decoder) Int() int {
	text, start := d.number()
	if d.err != nil {
		return 0
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		d.i = start
		d.fail("want a whole number, found " + text)
		return 0
	}
	return n
}

// String reads a string. Invalid UTF-8 and lone surrogates become
// U+FFFD, as encoding/json reads them.
func (d *Decoder) String() string {
	if d.peek() != '"' {
		d.fail("want a string, found " + d.near())
		return ""
	}
	start := d.i
	d.i++
	// Plain ASCII without escapes, the common case, is one slice.
	for d.i < len(d.b) && d.b[d.i] >= 0x20 && d.b[d.i] < utf8.RuneSelf && d.b[d.i] != '"' && d.b[d.i] != '\\' {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '"' {
		d.i++
		return string(d.b[start+1 : d.i-1])
	}
	out := append([]byte(nil), d.b[start+1:d.i]...)
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out)
		case c < 0x20:
			d.fail("control character in a string")
			return ""
		case c == '\\':
			if out = d.escape(out); d.err != nil {
				return ""
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.b[d.i:])
			out = utf8.AppendRune(out, r) // invalid UTF-8 becomes U+FFFD
			d.i += size
		}
	}
	d.i = start
	d.fail("unterminated string")
	return ""
}

// escape appends what the escape at the offset stands for; a high
// surrogate pairs with a following \u low one, and either alone is
// replaced as invalid.
func (d *Decoder) escape(out []byte) []byte {
	d.i++ // \
	if d.i >= len(d.b) {
		return out // unterminated
	}
	e := d.b[d.i]
	d.i++
	if e != 'u' {
		for k, c := range []byte(`"\/bfnrt`) {
			if e == c {
				return append(out, "\"\\/\b\f\n\r\t"[k])
			}
		}
		d.i--
		d.fail("invalid escape \\" + string(rune(e)))
		return out
	}
	r := d.hex4()
	if utf16.IsSurrogate(r) {
		r2 := rune(-1)
		if len(d.b)-d.i >= 6 && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
			save := d.i
			d.i += 2
			if r2 = d.hex4(); utf16.DecodeRune(r, r2) == utf8.RuneError {
				d.i, r2 = save, -1
			}
		}
		r = utf16.DecodeRune(r, r2)
	}
	return utf8.AppendRune(out, r)
}

// hex4 reads the four hex digits of a \u escape.
func (d *Decoder) hex4() rune {
	if len(d.b)-d.i < 4 {
		d.fail("short \\u escape")
		return 0
	}
	n, err := strconv.ParseUint(string(d.b[d.i:d.i+4]), 16, 16)
	if err != nil {
		d.fail("invalid \\u escape")
		return 0
	}
	d.i += 4
	return rune(n)
}
