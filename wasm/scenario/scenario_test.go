package scenario

import (
	"net/url"
	"reflect"
	"testing"
)

var testFields = struct{ n, price, gpu Field }{
	n:     Field{Key: "n", Min: 1, Max: 64, Integer: true, Default: "8"},
	price: Field{Key: "p", Min: 0, Max: 1e6, Default: "2.5"},
	gpu:   Field{Key: "g", Choices: []Choice{{Value: "a100"}, {Value: "h100"}}, Default: "a100"},
}

func resolve(raw string, presets ...Preset) (*Resolver, int, float64, string) {
	r := NewResolver(raw, presets)
	f := testFields
	return r, r.Int(f.n), r.Number(f.price), r.Choice(f.gpu)
}

func TestResolver(t *testing.T) {
	seed := Preset{Name: "seed", Query: Values{"n": {"4"}, "g": {"h100"}}}
	for _, tc := range []struct {
		name, raw string
		n         int
		price     float64
		gpu       string
		errs      map[string]string
		encoded   string
		unknown   []string
	}{
		{name: "defaults", raw: "", n: 8, price: 2.5, gpu: "a100", errs: map[string]string{}, encoded: "v=1"},
		{name: "values, canonical form", raw: "?n=16&p=3.50&g=h100", n: 16, price: 3.5, gpu: "h100",
			errs: map[string]string{}, encoded: "v=1&n=16&p=3.5&g=h100"},
		{name: "a default given explicitly is not written", raw: "n=8&p=2.5", n: 8, price: 2.5, gpu: "a100",
			errs: map[string]string{}, encoded: "v=1"},
		{name: "bad values fall back with a message", raw: "n=2.5&p=NaN&g=%3Cscript%3E", n: 8, price: 2.5, gpu: "a100",
			errs: map[string]string{
				"n": "Must be a whole number. Using 8 instead.",
				"p": "Not a number. Using 2.5 instead.",
				"g": "Not one of the listed options. Using a100 instead.",
			}, encoded: "v=1"},
		{name: "out of range", raw: "n=65&p=-1", n: 8, price: 2.5, gpu: "a100",
			errs:    map[string]string{"n": "Must be between 1 and 64. Using 8 instead.", "p": "Must be between 0 and 1000000. Using 2.5 instead."},
			encoded: "v=1"},
		{name: "unknown parameters are listed, not kept", raw: "zz=1&n=2&aa=x", n: 2, price: 2.5, gpu: "a100",
			errs: map[string]string{}, encoded: "v=1&n=2", unknown: []string{"aa", "zz"}},
		{name: "preset values replace defaults; the URL keeps only changes from the preset", raw: "preset=seed&n=8",
			n: 8, price: 2.5, gpu: "h100", errs: map[string]string{}, encoded: "v=1&preset=seed&n=8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, n, price, gpu := resolve(tc.raw, seed)
			if n != tc.n || price != tc.price || gpu != tc.gpu {
				t.Errorf("got n=%d p=%g g=%s, want n=%d p=%g g=%s", n, price, gpu, tc.n, tc.price, tc.gpu)
			}
			if got := r.Errors(); !reflect.DeepEqual(got, tc.errs) {
				t.Errorf("errors %q, want %q", got, tc.errs)
			}
			if got := r.Encode("1"); got != tc.encoded {
				t.Errorf("Encode = %q, want %q", got, tc.encoded)
			}
			if got := r.Unknown(); !reflect.DeepEqual(got, tc.unknown) {
				t.Errorf("Unknown = %q, want %q", got, tc.unknown)
			}
		})
	}
}

func TestUnknownPreset(t *testing.T) {
	r, n, _, _ := resolve("preset=nope")
	if n != 8 || len(r.Problems) != 1 || r.Preset() != nil {
		t.Fatalf("n=%d problems=%q preset=%v, want the defaults and one problem", n, r.Problems, r.Preset())
	}
}

// The codec must read and write what net/url does wherever net/url accepts
// the query, since scenario URLs are written by browsers and by
// URLSearchParams as well as by us.
func TestQueryMatchesNetURL(t *testing.T) {
	for _, raw := range []string{
		"", "a=1", "a=1&b=2&a=3", "a", "a=", "=x", "a+b=c+d", "k=%3Cscript%3E%22", "x=%E2%82%AC&y=%c3%a9",
		"&&a=1&", "a=1;b=2", "a.n=8&a.kwh=0.3",
	} {
		checkAgainstNetURL(t, raw)
	}
}

func FuzzQueryCodec(f *testing.F) {
	for _, s := range []string{"a=1&b=2", "k=%3Cx%3E+y", "a.gpu=h100-sxm&cur=EUR", "%zz=1", "a=%"} {
		f.Add(s)
	}
	f.Fuzz(checkAgainstNetURL)
}

func checkAgainstNetURL(t *testing.T, raw string) {
	ours := ParseQuery(raw)
	if want, err := url.ParseQuery(raw); err == nil {
		if len(want) == 0 {
			want = url.Values{}
		}
		if !reflect.DeepEqual(map[string][]string(ours), map[string][]string(want)) {
			t.Fatalf("ParseQuery(%q) = %q, net/url gives %q", raw, ours, want)
		}
	}
	enc := ours.Encode()
	if want := url.Values(ours).Encode(); enc != want {
		t.Fatalf("Encode = %q, net/url gives %q", enc, want)
	}
	if back := ParseQuery(enc); !reflect.DeepEqual(back, ours) && len(ours) > 0 {
		t.Fatalf("ParseQuery(Encode(%q)) = %q, want %q", ours, back, ours)
	}
}
