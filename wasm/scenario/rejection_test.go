package scenario

import "testing"

// Each rejected value says its kind and its reason alone (the page's
// message adds the value used instead); Reject's is Invalid; a choice
// that folds case reads any case as its listed value.
func TestRejectionKinds(t *testing.T) {
	num := Field{Key: "n", Min: 1, Max: 10, Integer: true, Default: "2"}
	cur := Field{Key: "cur", Default: "USD", Choices: []Choice{{Value: "USD"}, {Value: "EUR"}}, FoldCase: true}
	gpu := Field{Key: "gpu", Default: "h100", Choices: []Choice{{Value: "h100"}}}
	ids := Field{Key: "apis", Text: true}
	for _, c := range []struct {
		f      Field
		raw    string
		want   Rejection
		reason string
	}{
		{num, "x", BadNumber, "Not a number; write it like 1500, 0.3 or 1.5e3."},
		{num, "2.5", BadNumber, "Must be a whole number."},
		{num, "11", OutOfRange, "Must be between 1 and 10."},
		{num, "1e999", OutOfRange, "Must be between 1 and 10."},
		{gpu, "H100", NotListed, "Not one of the listed options."},
		{cur, "JPY", NotListed, "Not one of the listed options."},
		{ids, "A B", BadText, "Write ids in lower case, separated by commas."},
		{cur, "eur", "", ""},
		{num, "3", "", ""},
	} {
		r := NewResolver(c.f.Key+"="+c.raw, nil)
		r.read(c.f)
		in := r.Inputs[0]
		if in.Rejected != c.want || in.Reason != c.reason || (in.Error == "") != (c.want == "") {
			t.Errorf("%s=%s: %q, %q (error %q); want %q, %q", c.f.Key, c.raw, in.Rejected, in.Reason, in.Error, c.want, c.reason)
		}
	}
	r := NewResolver("cur=eur", nil)
	if v := r.Choice(cur); v != "EUR" {
		t.Errorf("cur=eur reads %q; want EUR", v)
	}
	r = NewResolver("n=3", nil)
	r.Number(num)
	r.Reject("n", "Does not divide the heads.")
	if in := r.Inputs[0]; in.Rejected != Invalid || in.Reason != "Does not divide the heads." || in.Value != "2" {
		t.Errorf("Reject: %+v", in)
	}
	r.Hide("n")
	if in := r.Inputs[0]; in.Rejected != "" || in.Reason != "" || in.Error != "" {
		t.Errorf("Hide keeps the rejection: %+v", in)
	}
}
