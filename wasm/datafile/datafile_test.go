package datafile

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// value reads any JSON value as encoding/json reads it into an any, the
// way generated code walks a document.
func value(d *Decoder) any {
	rest := bytes.TrimLeft(d.b[d.i:], " \t\r\n")
	if len(rest) == 0 {
		return d.String() // fails: unexpected end
	}
	switch c := rest[0]; {
	case c == 'n':
		d.Null()
		return nil
	case c == 't' || c == 'f':
		return d.Bool()
	case c == '"':
		return d.String()
	case c == '[':
		out := []any{}
		d.Array()
		for d.More() {
			out = append(out, value(d))
		}
		return out
	case c == '{':
		out := map[string]any{}
		d.Object()
		for k, ok := d.Key(); ok; k, ok = d.Key() {
			out[k] = value(d)
		}
		return out
	}
	return d.Float()
}

func decode(doc []byte) (any, error) {
	d := NewDecoder(doc)
	v := value(d)
	return v, d.End()
}

func TestDecoder(t *testing.T) {
	doc := ` { "s": "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 \ud800x", "f": -1.5e-3, "b": [true, false, null], "o": {"k": {}}, "e": [] } `
	got, err := decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var want any
	if err := json.Unmarshal([]byte(doc), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v\nwant %#v", got, want)
	}
	d := NewDecoder([]byte(`{"n": 12, "x": 1}`))
	d.Object()
	d.Key()
	if n := d.Int(); n != 12 {
		t.Fatalf("Int = %d", n)
	}
	k, _ := d.Key()
	d.Unknown(k)
	d.Int()
	if err := d.End(); err == nil || !strings.Contains(err.Error(), `unknown field "x"`) {
		t.Fatalf("End = %v", err)
	}
}

func TestDecoderRejects(t *testing.T) {
	for doc, msg := range map[string]string{
		``:                "expected a string",
		`{"s": "x`:        "unterminated string",
		`{"s": "\q"}`:     "bad escape",
		`{"s": "\u12"}`:   "bad escape",
		"[\"a\nb\"]":      "control character",
		`{} {}`:           "text after the document",
		`[1 2]`:           "expected , or ]",
		`[1,,2]`:          "expected a number",
		`{,"a": 1}`:       "expected a key",
		`{"a": 1 "b": 2}`: "expected , or }",
		`{"s" "x"}`:       "expected :",
		`[1, 2`:           "expected , or ]",
		`[@]`:             "expected a number",
		`[1e999]`:         "bad number",
		`[tru]`:           "expected a boolean",
	} {
		if _, err := decode([]byte(doc)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("decode(%q) = %v, want an error with %q", doc, err, msg)
		}
	}
}

// Whatever encoding/json reads, the decoder reads the same value.
func FuzzDecoderAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{`{"s":"x","f":1e308,"l":[],"m":{}}`, `[null,true,false,-0.5]`, `{"\u0000":"\ud800"}`, `"\ud83d\ude00"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		var want any
		if json.Unmarshal(doc, &want) != nil || !utf8.Valid(doc) {
			return
		}
		got, err := decode(doc)
		if err != nil {
			t.Fatalf("decode(%s): %v; encoding/json read %#v", doc, err, want)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decode(%s) = %#v, encoding/json read %#v", doc, got, want)
		}
	})
}
