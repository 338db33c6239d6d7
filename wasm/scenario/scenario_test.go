package scenario

import (
	"math"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/msg"
)

var testFields = struct{ n, price, gpu Field }{
	n:     Field{Key: "n", Min: 1, Max: 64, Integer: true, Default: "8"},
	price: Field{Key: "p", Min: 0, Max: 1e6, Default: "2.5"},
	gpu:   Field{Key: "g", Choices: []Choice{{Value: "a100", Label: "A100 80GB"}, {Value: "h100"}}, Default: "a100"},
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
				"p": "Not a number; write it like 1500, 0.3 or 1.5e3. Using 2.5 instead.",
				"g": "Not one of the listed options. Using A100 80GB instead.",
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

func TestParseNumber(t *testing.T) {
	const notNumber = "Not a number; write it like 1500, 0.3 or 1.5e3."
	price, n := testFields.price, testFields.n
	for _, tc := range []struct {
		name       string
		f          Field
		raw, value string
		msg        string
	}{
		{"plain", price, "3.50", "3.5", ""},
		{"exponent", price, "1.5e3", "1500", ""},
		{"leading point", price, ".5", "0.5", ""},
		{"trailing point", price, "5.", "5", ""},
		{"spaces around", price, " 7 ", "7", ""},
		{"binary noise is rounded away", price, "0.30000000000000004", "0.3", ""},
		{"rounded to nine significant digits", price, "16427.104722792608", "16427.1047", ""},
		{"zero", price, "0", "0", ""},
		{"negative zero", price, "-0", "0", ""},
		{"smallest positive", price, "0.000001", "0.000001", ""},
		{"below the smallest positive", price, "0.0000009", "", "Must be 0 or at least 0.000001."},
		{"denormal", price, "1e-320", "", "Must be 0 or at least 0.000001."},
		{"smallest denormal", price, "5e-324", "", "Must be 0 or at least 0.000001."},
		{"a field's own least", Field{Min: 0, Max: 10, Least: 0.01}, "0.001", "", "Must be 0 or at least 0.01."},
		{"overflow", price, "1e400", "", "Must be between 0 and 1000000."},
		{"underscores", price, "1_000", "", notNumber},
		{"hex float", price, "0x1p3", "", notNumber},
		{"Inf", price, "Inf", "", notNumber},
		{"infinity", price, "-infinity", "", notNumber},
		{"NaN", price, "NaN", "", notNumber},
		{"leading plus", price, "+5", "", notNumber},
		{"exponent without digits", price, "1e", "", notNumber},
		{"lone point", price, ".", "", notNumber},
		{"two signs", price, "--5", "", notNumber},
		{"comma", price, "1,5", "", notNumber},
		{"empty", price, "", "", notNumber},
		{"whole number rounded from noise", n, "3.0000000000001", "3", ""},
		{"not whole", n, "3.5", "", "Must be a whole number."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, msg := tc.f.Parse(tc.raw)
			if v != tc.value || msg != tc.msg {
				t.Errorf("Parse(%q) = %q, %q; want %q, %q", tc.raw, v, msg, tc.value, tc.msg)
			}
		})
	}
}

func TestSignificant(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		digits int
		want   string
	}{
		{1234.5678, 4, "1235"}, {0.000123456, 4, "0.0001235"}, {0, 4, "0"}, {-2.71828, 3, "-2.72"},
	} {
		if got := Significant(tc.v, tc.digits); got != tc.want {
			t.Errorf("Significant(%v, %d) = %q; want %q", tc.v, tc.digits, got, tc.want)
		}
	}
	// Scaling by 10^323 overflowed to NaN.
	if got, _ := strconv.ParseFloat(Significant(1e-320, 4), 64); got != 1e-320 {
		t.Errorf("Significant(1e-320, 4) reads back as %v", got)
	}
}

// FuzzParseNumber checks the number rules for any input: an accepted value
// is finite, in range, short, and canonical (it parses to itself).
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "-0", "1e-320", "5e-324", "1_000", "0x1p3", "Inf", "+5", "0.30000000000000004", "1e400", ".5e-6"} {
		f.Add(s)
	}
	fields := []Field{testFields.n, testFields.price, {Min: -1e16, Max: 1e16}, {Min: 0, Max: 1, Least: 0.01}}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, fd := range fields {
			v, msg := fd.Parse(raw)
			if msg != "" {
				continue
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || x < fd.Min || x > fd.Max || len(v) > 30 {
				t.Fatalf("Parse(%q) = %q: not a short finite value in [%v, %v]", raw, v, fd.Min, fd.Max)
			}
			if again, msg := fd.Parse(v); again != v || msg != "" {
				t.Fatalf("Parse(%q) = %q, but Parse(%q) = %q, %q", raw, v, v, again, msg)
			}
		}
	})
}

func TestUnknownPreset(t *testing.T) {
	r, n, _, _ := resolve("preset=nope")
	got := r.Resolved("1", nil)
	if n != 8 || len(got.Problems) != 1 || r.Preset() != nil || got.Ignored[0] != (Ignored{UnknownPreset, "preset", got.Problems[0]}) {
		t.Fatalf("n=%d ignored=%q preset=%v, want the defaults and one problem", n, got.Ignored, r.Preset())
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

// A search keeps its words in lower case, single-spaced; other characters
// and long values are rejected.
func TestParseWords(t *testing.T) {
	f := Field{Key: "q", Words: true}
	for raw, want := range map[string]string{" Llama  3.3 ": "llama 3.3", "GPT-4.1": "gpt-4.1", "": "", "a/b:c (x+y)": "a/b:c (x+y)"} {
		if got, msg := f.Parse(raw); got != want || msg != "" {
			t.Errorf("Parse(%q) = %q, %q; want %q", raw, got, msg, want)
		}
	}
	for _, raw := range []string{"<script>", "a\"b", "ü", strings.Repeat("a", MaxWords+1)} {
		if _, msg := f.Parse(raw); msg == "" {
			t.Errorf("Parse(%q) accepted", raw)
		}
	}
}

// A name keeps its case (Hugging Face ids are case-sensitive) and only the
// characters of ids and revisions.
func TestParseName(t *testing.T) {
	f := Field{Key: "m.hf", Name: true}
	for _, raw := range []string{"Qwen/Qwen3-30B-A3B", "meta-llama/Llama-3.1-8B@main", "a_b.c", ""} {
		if got, msg := f.Parse(raw); got != raw || msg != "" {
			t.Errorf("Parse(%q) = %q, %q; want it kept", raw, got, msg)
		}
	}
	for _, raw := range []string{"<script>", "a b", "a,b", "a\"b", "ü", strings.Repeat("a", MaxName+1)} {
		if _, msg := f.Parse(raw); msg == "" {
			t.Errorf("Parse(%q) accepted", raw)
		}
	}
}

// Ignored fields leave the link and lose their errors, and only they.
func TestIgnore(t *testing.T) {
	r := NewResolver("m.a=2&m.b=x&n=3", nil)
	for _, key := range []string{"m.a", "m.b"} {
		r.Number(Field{Key: key, Min: 0, Max: 9, Default: "1"})
	}
	r.Int(testFields.n)
	r.Ignore("m.")
	if got := r.Encode("1"); got != "v=1&n=3" {
		t.Errorf("Encode = %q; want v=1&n=3", got)
	}
	if errs := r.Errors(); len(errs) != 0 {
		t.Errorf("errors %v; want none", errs)
	}
	if u := r.Unknown(); len(u) != 0 {
		t.Errorf("Unknown = %v; want none: ignored fields were read", u)
	}
}

// An input names an empty value in its page's language ("the default"
// was English on German pages, in the edition note's and the handout's
// list of changed inputs).
func TestShownNamesAnEmptyValueInThePagesLanguage(t *testing.T) {
	de := msg.New("de", map[string]string{"scen.the_default": "der Standardwert"})
	r := NewResolverIn(de, "n=3", nil)
	r.Number(testFields.n)
	in := r.Inputs[0]
	if got := in.Shown(); got != "3" {
		t.Errorf("Shown() = %q; want 3", got)
	}
	in.Value = ""
	if got := in.Shown(); got != "der Standardwert" {
		t.Errorf("empty value on a German page: %q; want der Standardwert", got)
	}
}

// The form's help writes a number field's default and bounds grouped
// and in the page's language; a choice's default stays its value.
func TestDefaultShownInTheLanguage(t *testing.T) {
	de, err := msg.Parse("de", []byte(`{"scen.the_default": "der Standardwert"}`))
	if err != nil {
		t.Fatal(err)
	}
	fields := []Field{
		{Key: "n", Min: 0, Max: 1e9, Default: "20000"},
		{Key: "u", Min: 0.01, Max: 1, Default: "0.6"},
		{Key: "g", Choices: []Choice{{Value: "h100-sxm", Label: "H100 SXM"}}, Default: "h100-sxm"},
	}
	for _, tt := range []struct {
		m    *msg.Catalog
		want []string
	}{
		{msg.English, []string{"20,000", "0.6", "h100-sxm"}},
		{de, []string{"20.000", "0,6", "h100-sxm"}},
	} {
		r := NewResolverIn(tt.m, "", nil)
		for _, f := range fields {
			if f.Choices != nil {
				r.Choice(f)
			} else {
				r.Number(f)
			}
		}
		for i, in := range r.Inputs {
			if got := in.DefaultShown(); got != tt.want[i] {
				t.Errorf("%s: %s's default shown as %q; want %q", tt.m.Lang, in.Key, got, tt.want[i])
			}
		}
	}
	// Bounds too: every digit, also beyond what money writes in digits
	// (a demand of up to 1e16 tokens a month).
	r := NewResolverIn(de, "", nil)
	r.Number(Field{Key: "u", Min: 0.01, Max: 1e9, Default: "1"})
	r.Number(Field{Key: "dem", Min: 0, Max: 1e16, Default: "0"})
	for i, want := range [][2]string{{"0,01", "1.000.000.000"}, {"0", "10000000000000000"}} {
		if low, high := r.Inputs[i].RangeShown(); low != want[0] || high != want[1] {
			t.Errorf("%s: range %s–%s; want %s–%s", r.Inputs[i].Key, low, high, want[0], want[1])
		}
	}
}
