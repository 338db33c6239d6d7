package markdown

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// AnswerNames are the names an embedded calculator's title may promise
// an answer about: the hosted APIs' models and the models a cluster
// serves, longest first, so that "GPT-4.1 mini" is found before "GPT-4.1".
func AnswerNames(data sitedata.Data) []string {
	var names []string
	for _, m := range data.Pricing.APIs.Models {
		names = append(names, m.Name)
	}
	for _, m := range data.Models.Models {
		names = append(names, m.Name)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return slices.Compact(names)
}

// unanswered returns the names that title names and the headline, the
// answer an embedded calculator shows, does not: a title that asks about
// GPT-4.1 is answered about GPT-4.1, not only about GPT-4.1 mini.
func unanswered(title string, h view.Headline, names []string) []string {
	answer := h.Text
	for _, f := range h.Figures {
		answer += "\n" + f.Label
	}
	answered := named(answer, names)
	var out []string
	for _, n := range named(title, names) {
		if !slices.Contains(answered, n) {
			out = append(out, n)
		}
	}
	return out
}

// named returns the names that s names, longest first: each found is
// masked, so that "GPT-4.1" is not found again within "GPT-4.1 mini".
func named(s string, names []string) []string {
	var out []string
	for _, n := range names {
		if i := nameAt(s, n); i >= 0 {
			s = s[:i] + strings.Repeat("\x00", len(n)) + s[i+len(n):]
			out = append(out, n)
		}
	}
	return out
}

// nameAt returns where name occurs in s as a whole name, not within a
// longer word or version ("GPT-4" is not in "GPT-4.1"), or -1.
func nameAt(s, name string) int {
	if strings.TrimSpace(name) == "" {
		return -1
	}
	inName := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' }
	for off := 0; ; {
		i := strings.Index(s[off:], name)
		if i < 0 {
			return -1
		}
		i += off
		j := i + len(name)
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[j:])
		// A full stop ends a sentence; one before a digit continues a
		// version.
		if next, _ := utf8.DecodeRuneInString(s[min(j+1, len(s)):]); after == '.' && unicode.IsDigit(next) {
			after = '0'
		}
		if !inName(before) && !inName(after) {
			return i
		}
		off = i + 1
	}
}
