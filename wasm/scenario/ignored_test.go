package scenario

import (
	"slices"
	"testing"
)

// Every parameter of a query that the calculator does not use is said,
// with a code and its key: an unknown version, a key given twice (the
// first value is used), a pair with a semicolon (dropped, as net/url
// drops it), a value for a field that the scenario hides or ignores, an
// unknown key. Before, all but the unknown key were dropped silently.
func TestUnusedParametersAreSaidWithACode(t *testing.T) {
	r := NewResolver("v=999&n=4&n=2&p=1;x=2&<b>=1;&m.p=70&hid=3&zz=1&preset=seed&preset=other", []Preset{{Name: "seed"}})
	n := r.Int(Field{Key: "n", Min: 0, Max: 10, Default: "8"})
	r.Number(Field{Key: "hid", Label: "Think time", Min: 0, Max: 1, Default: "0"}) // 3 is out of range, but hidden
	r.Number(Field{Key: "m.p", Label: "Parameters", Min: 0, Max: 100, Default: "1"})
	r.Number(Field{Key: "m.q", Label: "Other", Min: 0, Max: 100, Default: "1"})
	r.Hide("hid")
	r.Ignore("m.")
	got := r.Resolved("1", nil)
	if n != 4 {
		t.Errorf("n = %d; want the first value, 4", n)
	}
	want := []Ignored{
		{MalformedParameter, "p", "The link's parameter “p” holds a semicolon, which does not separate parameters (use &); it is ignored."},
		{MalformedParameter, "", "A parameter of the link holds a semicolon, which does not separate parameters (use &); it is ignored."},
		{NotApplicable, "hid", "“Think time” does not apply to this scenario; the link's value is ignored."},
		{NotApplicable, "m.p", "“Parameters” does not apply to this scenario; the link's value is ignored."},
		{UnknownVersion, "v", "The link's version is not one this calculator knows; it is read as version 1."},
		{RepeatedParameter, "n", "The link gives “n” more than once; the first value is used."},
		{RepeatedParameter, "preset", "The link gives “preset” more than once; the first value is used."},
		{UnknownParameter, "zz", "The link's parameter “zz” is not one this calculator knows; it is ignored."},
	}
	if !slices.Equal(got.Ignored, want) {
		t.Errorf("Ignored =\n%q\nwant\n%q", got.Ignored, want)
	}
	var texts []string
	for _, ig := range want {
		texts = append(texts, ig.Text)
	}
	if !slices.Equal(got.Problems, texts) {
		t.Errorf("Problems = %q", got.Problems)
	}
	for _, in := range got.Inputs {
		if hidden := in.Key != "n"; in.Hidden != hidden || (hidden && (in.Explicit || in.Value != in.Default || in.Error != "")) {
			t.Errorf("%s: hidden %v, value %q, explicit %v, error %q", in.Key, in.Hidden, in.Value, in.Explicit, in.Error)
		}
	}
	if again := r.Resolved("1", nil); !slices.Equal(again.Ignored, want) {
		t.Errorf("a second Resolved differs: %q", again.Ignored)
	}
}

// A query that the pages write (their own version, each key once, no
// hidden field) has nothing to say.
func TestACanonicalQueryHasNothingIgnored(t *testing.T) {
	r := NewResolver("v=1&n=4&tab=x", nil)
	r.Int(Field{Key: "n", Min: 0, Max: 10, Default: "8"})
	r.Number(Field{Key: "hid", Min: 0, Max: 1, Default: "0"})
	r.Hide("hid")
	if got := r.Resolved("1", nil); len(got.Ignored) != 0 || len(got.Problems) != 0 {
		t.Errorf("Ignored %q, Problems %q", got.Ignored, got.Problems)
	}
}
