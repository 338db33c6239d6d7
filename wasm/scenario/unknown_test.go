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
