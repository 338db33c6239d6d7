package jsonread

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want any
	}{
		{`null`, nil}, {` true `, true}, {"\n\tfalse", false},
		{`0`, 0.0}, {`-12.5e2`, -1250.0}, {`1E-3`, 0.001}, {`151936`, 151936.0},
		{`""`, ""}, {`"a\"b\\c\/\n\u00e9\ud83d\ude00"`, "a\"b\\c/\né😀"},
		{`"\udc00 lone"`, "\ufffd lone"}, {"\"bad \xff\"", "bad \ufffd"},
		{`[]`, []any{}}, {`[1, "x", [null]]`, []any{1.0, "x", []any{nil}}},
		{`{}`, map[string]any{}},
		{`{"a": {"b": [true]}, "a2": 1, "a2": 2}`, map[string]any{"a": map[string]any{"b": []any{true}}, "a2": 2.0}},
	} {
		got, err := Parse([]byte(tc.in))
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q) = %#v, %v; want %#v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseErrorsSayWhere(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "unexpected end of input"},
		{`{"a": 1,}`, 8, `want a quoted key, found '}'`},
		{`{"a" 1}`, 5, "want ':' after a key"},
		{`[1 2]`, 3, "want ',' or ']'"},
		{`{"a": tru}`, 6, "unexpected 't'"},
		{`01`, 1, "after the document"},
		{`-`, 1, "want a digit, found end of input"},
		{`1.`, 2, "want a digit after '.'"},
		{`1e+`, 3, "want a digit in the exponent"},
		{`1e400`, 0, "number out of range"},
		{`"abc`, 0, "unterminated string"},
		{`"a\x"`, 3, `invalid escape \x`},
		{`"\u12g4"`, 3, `invalid \u escape`},
		{"\"tab\there\"", 4, "control character"},
		{`{"a": 1} x`, 9, "after the document"},
		{strings.Repeat("[", MaxDepth+2), MaxDepth + 1, "nested deeper than 64 levels"},
	} {
		_, err := Parse([]byte(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != tc.offset || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("Parse(%q) error = %v; want %q at byte %d", tc.in, err, tc.msg, tc.offset)
		}
	}
	big := make([]byte, MaxInput+1)
	if _, err := Parse(big); err == nil || !strings.Contains(err.Error(), "over 16 MB") {
		t.Errorf("Parse of %d bytes: error %v; want it refused as too large", len(big), err)
	}
}

// Parse, and so the Decoder under it, reads what encoding/json reads, to
// the same value, and refuses what it refuses (nesting beyond MaxDepth
// aside).
func FuzzParseAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{`{"architectures":["LlamaForCausalLM"],"hidden_size":4096,"rope_scaling":null}`,
		`[1,-0.5e3,"\u00e9\ud83d\ude00",true,false,null,{}]`, `"\ud800"`, `{"a":1,"a":[]}`, `01`, `[1,]`, "\"\xff\"", ` 1e999 `,
		`{"s":"x","f":1e308,"l":[],"m":{}}`, `{"\u0000":"\ud800"}`, `"\ud83d\ude00"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := Parse(b)
		var want any
		wantErr := json.Unmarshal(b, &want)
		var se *SyntaxError
		if err != nil && errors.As(err, &se) && strings.Contains(se.Msg, "nested deeper") {
			return
		}
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("Parse(%q): error %v; encoding/json: %v", b, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("Parse(%q) = %#v; encoding/json reads %#v", b, got, want)
		}
		if err != nil && (!errors.As(err, &se) || se.Offset < 0 || se.Offset > len(b)) {
			t.Fatalf("Parse(%q): error %v has no offset within the input", b, err)
		}
	})
}
