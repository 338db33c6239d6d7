package jsonread

import (
	"errors"
	"fmt"
	"testing"
)

// The typed walk that generated code makes: fields by key, whole numbers,
// a null object, an unknown field refused where it stands.
func TestDecoder(t *testing.T) {
	d := NewDecoder([]byte(`{"n": 12, "s": "é\u00e9", "l": [1.5, -2], "o": null, "x": 1}`))
	if !d.Object() {
		t.Fatal(d.Err())
	}
	var got []any
	for k, ok := d.Key(); ok; k, ok = d.Key() {
		switch k {
		case "n":
			got = append(got, d.Int())
		case "s":
			got = append(got, d.String())
		case "l":
			for d.Array(); d.More(); {
				got = append(got, d.Float())
			}
		case "o":
			got = append(got, d.Object())
		default:
			d.Unknown(k)
			d.Int()
		}
	}
	if s, want := fmt.Sprint(got), "[12 éé 1.5 -2 false]"; s != want {
		t.Errorf("read %s; want %s", s, want)
	}
	// The key "x" and its ':' end at byte 58 (é is two bytes).
	var se *SyntaxError
	if err := d.End(); !errors.As(err, &se) || se.Msg != `unknown field "x"` || se.Offset != 58 {
		t.Fatalf("End = %v; want unknown field \"x\" at byte 58", err)
	}
}

// A value of the wrong kind for its field is refused, naming what came.
func TestDecoderRefusesTheWrongKind(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		read func(*Decoder)
		msg  string
	}{
		{`1`, func(d *Decoder) { d.Object() }, "want an object, found '1'"},
		{`{}`, func(d *Decoder) { d.Array() }, "want an array, found '{'"},
		{`1.5`, func(d *Decoder) { d.Int() }, "want a whole number, found 1.5"},
		{`5`, func(d *Decoder) { _ = d.String() }, "want a string, found '5'"},
		{`"x"`, func(d *Decoder) { d.Bool() }, `want true or false, found '"'`},
		{`"x"`, func(d *Decoder) { d.Float() }, `want a number, found '"'`},
	} {
		d := NewDecoder([]byte(tc.doc))
		tc.read(d)
		var se *SyntaxError
		if err := d.End(); !errors.As(err, &se) || se.Msg != tc.msg || se.Offset != 0 {
			t.Errorf("%s: error %v; want %q at byte 0", tc.doc, err, tc.msg)
		}
	}
}
