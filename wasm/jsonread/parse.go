package jsonread

import "strconv"

// Bounds of what Parse accepts: a Hugging Face config.json is a few KB and
// nests three or four levels; a safetensors index lists every tensor and
// reaches a few MB for the largest models.
const (
	MaxInput = 16 << 20
	MaxDepth = 64
)

// Parse reads one JSON document into plain value trees: map[string]any,
// []any, float64, string, bool and nil, as encoding/json reads it into an
// any. Documents over MaxInput bytes or nesting deeper than MaxDepth are
// refused, so that a hostile file costs bounded time and memory. A
// repeated object key keeps its last value, as JavaScript's JSON.parse
// does. The error is a *SyntaxError.
func Parse(b []byte) (any, error) {
	if len(b) > MaxInput {
		return nil, &SyntaxError{0, "the document is over " + strconv.Itoa(MaxInput>>20) + " MB"}
	}
	d := NewDecoder(b)
	v := d.value(0)
	if err := d.End(); err != nil {
		return nil, err
	}
	return v, nil
}

// value reads any value at a nesting depth.
func (d *Decoder) value(depth int) any {
	if depth > MaxDepth {
		d.fail("nested deeper than " + strconv.Itoa(MaxDepth) + " levels")
		return nil
	}
	switch c := d.peek(); {
	case c == '{':
		m := map[string]any{}
		d.Object()
		for k, ok := d.Key(); ok; k, ok = d.Key() {
			m[k] = d.value(depth + 1)
		}
		return m
	case c == '[':
		a := []any{}
		d.Array()
		for d.More() {
			a = append(a, d.value(depth+1))
		}
		return a
	case c == '"':
		return d.String()
	case c == '-' || c >= '0' && c <= '9':
		return d.Float()
	case d.literal("true"):
		return true
	case d.literal("false"):
		return false
	case d.literal("null"):
		return nil
	}
	d.fail("unexpected " + d.near())
	return nil
}
