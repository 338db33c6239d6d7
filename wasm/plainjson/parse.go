package plainjson

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Bounds of what Parse accepts: a Hugging Face config.json is a few KB and
// nests three or four levels; a safetensors index lists every tensor and
// reaches a few MB for the largest models.
const (
	MaxInput = 16 << 20
	MaxDepth = 64
)

// SyntaxError is a document Parse cannot read, with the byte offset where
// reading stopped.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return "invalid JSON at byte " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Parse reads one JSON document into the value trees Append writes:
// map[string]any, []any, float64, string, bool and nil. Documents over
// MaxInput bytes or nesting deeper than MaxDepth are refused, so that a
// hostile file costs bounded time and memory. A repeated object key keeps
// its last value, as JavaScript's JSON.parse does.
func Parse(b []byte) (any, error) {
	if len(b) > MaxInput {
		return nil, &SyntaxError{0, "the document is over " + strconv.Itoa(MaxInput>>20) + " MB"}
	}
	p := parser{b: b}
	p.space()
	v := p.value(0)
	if p.err == nil {
		p.space()
		if p.i < len(b) {
			p.fail("unexpected " + p.near() + " after the document")
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return v, nil
}

type parser struct {
	b   []byte
	i   int
	err *SyntaxError
}

func (p *parser) fail(msg string) {
	if p.err == nil {
		p.err = &SyntaxError{p.i, msg}
	}
}

// near names the byte at the offset for an error message.
func (p *parser) near() string {
	if p.i >= len(p.b) {
		return "end of input"
	}
	if c := p.b[p.i]; c > ' ' && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return "byte " + strconv.Itoa(int(p.b[p.i]))
}

func (p *parser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) any {
	if depth > MaxDepth {
		p.fail("nested deeper than " + strconv.Itoa(MaxDepth) + " levels")
		return nil
	}
	if p.i >= len(p.b) {
		p.fail("unexpected end of input")
		return nil
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, lit := range [...]struct {
		word string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(p.b)-p.i >= len(lit.word) && string(p.b[p.i:p.i+len(lit.word)]) == lit.word {
			p.i += len(lit.word)
			return lit.v
		}
	}
	p.fail("unexpected " + p.near())
	return nil
}

func (p *parser) object(depth int) any {
	m := map[string]any{}
	p.i++ // {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return m
	}
	for p.err == nil {
		p.space()
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			p.fail("want a quoted key, found " + p.near())
			return nil
		}
		k := p.str()
		p.space()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			p.fail("want ':' after a key, found " + p.near())
			return nil
		}
		p.i++
		p.space()
		m[k] = p.value(depth + 1)
		if p.end('}') {
			return m
		}
	}
	return nil
}

func (p *parser) array(depth int) any {
	a := []any{}
	p.i++ // [
	p.space()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		return a
	}
	for p.err == nil {
		p.space()
		a = append(a, p.value(depth+1))
		if p.end(']') {
			return a
		}
	}
	return nil
}

// end reads the ',' between members or the closing byte, and reports
// whether the container ended.
func (p *parser) end(closing byte) bool {
	if p.err != nil {
		return false
	}
	p.space()
	if p.i < len(p.b) {
		switch p.b[p.i] {
		case ',':
			p.i++
			return false
		case closing:
			p.i++
			return true
		}
	}
	p.fail("want ',' or '" + string(closing) + "', found " + p.near())
	return false
}

func (p *parser) str() string {
	start := p.i
	p.i++ // "
	var out []byte
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(out)
		case c < 0x20:
			p.fail("control character in a string")
			return ""
		case c == '\\':
			p.i++
			if p.i >= len(p.b) {
				break
			}
			e := p.b[p.i]
			p.i++
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := p.hex4()
				if utf16.IsSurrogate(r) {
					// A high surrogate pairs with a following \u low one;
					// alone, either is replaced as invalid.
					r2 := rune(-1)
					if len(p.b)-p.i >= 6 && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						r2 = p.hex4()
						if utf16.DecodeRune(r, r2) == utf8.RuneError {
							p.i, r2 = save, -1
						}
					}
					r = utf16.DecodeRune(r, r2)
				}
				out = utf8.AppendRune(out, r)
			default:
				p.i--
				p.fail("invalid escape \\" + string(rune(e)))
				return ""
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			p.i++
		default:
			r, size := utf8.DecodeRune(p.b[p.i:])
			out = utf8.AppendRune(out, r) // invalid UTF-8 becomes U+FFFD
			p.i += size
		}
		if p.err != nil {
			return ""
		}
	}
	p.i = start
	p.fail("unterminated string")
	return ""
}

// hex4 reads the four hex digits of a \u escape.
func (p *parser) hex4() rune {
	if len(p.b)-p.i < 4 {
		p.fail("short \\u escape")
		return 0
	}
	n, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 16)
	if err != nil {
		p.fail("invalid \\u escape")
		return 0
	}
	p.i += 4
	return rune(n)
}

// number reads a number with JSON's grammar (no leading zeros, no '+', no
// bare '.'), then converts it with strconv.
func (p *parser) number() any {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.b[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.b) && p.b[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		p.fail("want a digit, found " + p.near())
		return nil
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if digits() == 0 {
			p.fail("want a digit after '.', found " + p.near())
			return nil
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			p.fail("want a digit in the exponent, found " + p.near())
			return nil
		}
	}
	f, err := strconv.ParseFloat(string(p.b[start:p.i]), 64)
	if err != nil { // out of range: JSON has no infinity
		p.i = start
		p.fail("number out of range")
		return nil
	}
	return f
}
