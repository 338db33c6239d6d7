package plainjson

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestAppend(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, "null"},
		{"a\"b\\c\n\x01<é>", `"a\"b\\c\u000a\u0001<é>"`},
		{"bad \xff utf8", `"bad \ufffd utf8"`},
		{2.5, "2.5"}, {1e21, "1e+21"}, {-0.0001, "-0.0001"}, {3, "3"},
		{math.NaN(), "null"}, {math.Inf(-1), "null"},
		{true, "true"},
		{[]any{}, "[]"}, {[]any(nil), "[]"},
		{map[string]any{"z": 1.0, "a": []any{"x", false}}, `{"a":["x",false],"z":1}`},
		{struct{}{}, "null"},
	} {
		if got := string(Append(nil, tc.v)); got != tc.want {
			t.Errorf("Append(%#v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

// Whatever string goes in, encoding/json must read back the same value
// (with invalid UTF-8 replaced, as encoding/json itself does).
func FuzzStringsReadBack(f *testing.F) {
	for _, s := range []string{"", "plain", "<script>\"'\\", "\u2028\x00\x1f\x7f", "\xff\xfe", "€ 1,000"} {
		f.Add(s, 1.5)
	}
	f.Fuzz(func(t *testing.T, s string, x float64) {
		v := map[string]any{s: []any{s, x, map[string]any{"k": s}}}
		var got any
		if err := json.Unmarshal(Append(nil, v), &got); err != nil {
			t.Fatalf("invalid JSON for %q: %v", s, err)
		}
		want := map[string]any{}
		b, _ := json.Marshal(map[string]any{s: []any{s, finite(x), map[string]any{"k": s}}})
		json.Unmarshal(b, &want)
		if !reflect.DeepEqual(got, any(want)) {
			t.Fatalf("read back %#v, want %#v", got, want)
		}
		if strings.ContainsRune(s, 0) && !strings.Contains(string(Append(nil, s)), `\u0000`) {
			t.Fatalf("NUL not escaped")
		}
	})
}

func finite(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}
