package markdown

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Highlighted code is coloured by classes (the CSP refuses style
// attributes) from a stylesheet with GitHub's light colours and, where
// the reader's system is dark, its dark ones.
func TestCodeColoursFollowTheColourScheme(t *testing.T) {
	css, err := ChromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	light, dark, ok := strings.Cut(css, "@media (prefers-color-scheme: dark) {")
	if !ok {
		t.Fatalf("no dark colours in:\n%s", css)
	}
	// .kd is a keyword declaration, "func" in Go.
	keyword := regexp.MustCompile(`\.chroma \.kd \{ (color: #[0-9a-f]+)`)
	l, d := keyword.FindStringSubmatch(light), keyword.FindStringSubmatch(dark)
	if l == nil || d == nil || l[1] == d[1] {
		t.Errorf("keyword colour light %q, dark %q; want one each, different", l, d)
	}
}

// Every colour of highlighted code reads at WCAG AA (4.5:1) on the code's
// background, in both schemes: Lighthouse's accessibility audit found
// GitHub's built-in names (.bp, "self", "None") at 4.49:1 on the light
// background. Whitespace and line numbers (which the site does not show)
// are not text to read.
func TestCodeColoursAreReadable(t *testing.T) {
	css, err := ChromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	light, dark, _ := strings.Cut(css, "@media (prefers-color-scheme: dark) {")
	rule := regexp.MustCompile(`(\.chroma(?: \.\w+)?) \{([^}]*)\}`)
	colour := regexp.MustCompile(`(?:^|[ ;])color: (#[0-9a-f]{6})`)
	bgColour := regexp.MustCompile(`background-color: (#[0-9a-f]{6})`)
	for name, part := range map[string]string{"light": light, "dark": dark} {
		bg := ""
		for _, m := range rule.FindAllStringSubmatch(part, -1) {
			if m[1] == ".chroma" {
				bg = bgColour.FindStringSubmatch(m[2])[1]
			}
		}
		if bg == "" {
			t.Fatalf("%s: no background for .chroma", name)
		}
		for _, m := range rule.FindAllStringSubmatch(part, -1) {
			c := colour.FindStringSubmatch(m[2])
			if c == nil || m[1] == ".chroma .w" || m[1] == ".chroma .ln" || m[1] == ".chroma .lnt" {
				continue
			}
			back := bg
			if b := bgColour.FindStringSubmatch(m[2]); b != nil {
				back = b[1]
			}
			if r := contrast(c[1], back); r < 4.5 {
				t.Errorf("%s %s: %s on %s is %.2f:1, want 4.5:1", name, m[1], c[1], back, r)
			}
		}
	}
}

// contrast is WCAG 2's contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	lum := func(hex string) float64 {
		v, _ := strconv.ParseUint(hex[1:], 16, 32)
		l := 0.0
		for i, w := range []float64{0.2126, 0.7152, 0.0722} {
			c := float64(v>>(16-8*i)&0xff) / 255
			if c <= 0.03928 {
				c /= 12.92
			} else {
				c = math.Pow((c+0.055)/1.055, 2.4)
			}
			l += w * c
		}
		return l
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
