package markdown

import (
	"slices"
	"testing"

	"github.com/infercost/infercost/wasm/view"
)

// A name is found whole: the longer of two names that share a start,
// never within a longer version, and a full stop after it ends it.
func TestTitlesNameModelsWhole(t *testing.T) {
	names := []string{"GPT-4.1 mini", "GPT-4.1", "GPT-4", "Llama 3.3 70B"}
	for _, c := range []struct {
		title, answer string
		want          []string
	}{
		{"GPT-4.1 or Llama 3.3 70B?", "On GPT-4.1. Self-hosting (Llama 3.3 70B on 8 x H100)", nil},
		{"GPT-4.1 mini at scale", "$3 on OpenAI GPT-4.1.", []string{"GPT-4.1 mini"}},
		{"GPT-4.1 at scale", "$3 on OpenAI GPT-4.1 mini.", []string{"GPT-4.1"}},
		{"GPT-4 at scale", "$3 on GPT-4.1 and GPT-4o.", []string{"GPT-4"}},
		{"A support assistant", "$3 on GPT-4.1.", nil},
	} {
		if got := unanswered(c.title, view.Headline{Text: c.answer}, names); !slices.Equal(got, c.want) {
			t.Errorf("%q answered by %q: unanswered %q; want %q", c.title, c.answer, got, c.want)
		}
	}
}
