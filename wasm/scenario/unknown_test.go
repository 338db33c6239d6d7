package scenario

import (
	"slices"
	"testing"
)

// A parameter that no field reads is reported, by name when it is a plain
// key, and never repeated when it could be markup.
func TestUnknownParametersAreReported(t *testing.T) {
	r := NewResolver("n=2&zzz=1&%3Cb%3Ex%3C%2Fb%3E=1&v=1", nil)
	r.Number(Field{Key: "n", Min: 0, Max: 10, Default: "1"})
	got := r.Resolved("1", nil)
	if !slices.Equal(got.Unknown, []string{"<b>x</b>", "zzz"}) {
		t.Fatalf("Unknown = %q", got.Unknown)
	}
	want := []string{
		"A parameter of the link is not one this calculator knows; it is ignored.",
		"The link's parameter \u201czzz\u201d is not one this calculator knows; it is ignored.",
	}
	if !slices.Equal(got.Problems, want) {
		t.Errorf("Problems = %q, want %q", got.Problems, want)
	}
}

// The handout's own parameters and the chart tab belong to the page, not
// to the calculator: they are not reported, and change no value.
func TestHandoutParametersAreThePagesNotUnknown(t *testing.T) {
	r := NewResolver("n=2&tab=x&h.title=Offer&h.for=ACME&h.by=Jo&h.notes=hi&h.omit=charts&v=1", nil)
	r.Number(Field{Key: "n", Min: 0, Max: 10, Default: "1"})
	got := r.Resolved("1", nil)
	if len(got.Unknown) != 0 || len(got.Problems) != 0 || got.Inputs[0].Value != "2" {
		t.Errorf("Unknown = %q, Problems = %q, n = %s; want none, none, 2", got.Unknown, got.Problems, got.Inputs[0].Value)
	}
}

// A value that is no text for a reader (a list of ids) is shown as the
// calculator names it, while the link keeps the value.
func TestShowAsNamesAValueForAReader(t *testing.T) {
	r := NewResolver("apis=a.x,b.y&v=1", nil)
	r.Choice(Field{Key: "apis", Label: "APIs", Text: true})
	r.ShowAs("apis", "Alpha X, Beta Y")
	got := r.Resolved("1", nil)
	if in := got.Inputs[0]; in.Shown() != "Alpha X, Beta Y" || in.Value != "a.x,b.y" {
		t.Errorf("Shown = %q, Value = %q; want Alpha X, Beta Y and a.x,b.y", in.Shown(), in.Value)
	}
}
