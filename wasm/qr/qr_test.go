package qr

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/infercost/infercost/wasm/qr/qrtest"
)

// The worked example of ISO/IEC 18004:2015 Annex I: "01234567" at 1-M
// (numeric mode) has these data codewords and these error correction
// codewords.
func TestErrorCorrectionOfTheStandardsExample(t *testing.T) {
	data := []byte{0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11}
	want := []byte{0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55}
	if got := interleave(1, data); !bytes.Equal(got, append(data, want...)) {
		t.Errorf("got % x; want % x then % x", got, data, want)
	}
}

// Annex A: the generator polynomial for 7 error correction codewords is
// x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹.
func TestGeneratorPolynomial(t *testing.T) {
	pow := func(e int) byte {
		p := byte(1)
		for range e {
			p = mul(p, 2)
		}
		return p
	}
	var want []byte
	for _, e := range []int{87, 229, 146, 149, 238, 102, 21} {
		want = append(want, pow(e))
	}
	if got := generator(7); !bytes.Equal(got, want) {
		t.Errorf("got % x; want % x", got, want)
	}
}

// Format information for level M (00) with each mask, after the XOR
// with 101010000010010 (ISO/IEC 18004:2015 Annex C, Table C.1).
func TestFormatInformation(t *testing.T) {
	want := []string{
		"101010000010010", "101000100100101", "101111001111100", "101101101001011",
		"100010111111001", "100000011001110", "100111110010111", "100101010100000",
	}
	for mask, w := range want {
		if got := bch(mask, 0x537, 10) ^ 0x5412; got != parse(t, w) {
			t.Errorf("mask %d: got %015b; want %s", mask, got, w)
		}
	}
}

// Version information (ISO/IEC 18004:2015 Annex D, Table D.1).
func TestVersionInformation(t *testing.T) {
	for v, w := range map[int]string{7: "000111110010010100", 8: "001000010110111100", 40: "101000110001101001"} {
		if got := bch(v, 0x1f25, 12); got != parse(t, w) {
			t.Errorf("version %d: got %018b; want %s", v, got, w)
		}
	}
}

func parse(t *testing.T, bits string) int {
	n, err := strconv.ParseInt(bits, 2, 32)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// The smallest version that holds n bytes at level M (ISO/IEC
// 18004:2015 Table 7): 1-M holds 14, 2-M 26, 3-M 42, 4-M 62, 10-M 213,
// 40-M 2,331.
func TestVersionFitsTheText(t *testing.T) {
	for _, c := range []struct{ bytes, version int }{
		{0, 1}, {14, 1}, {15, 2}, {26, 2}, {27, 3}, {42, 3}, {43, 4}, {62, 4}, {63, 5},
		{213, 10}, {214, 11}, {2331, 40},
	} {
		code, err := Encode(strings.Repeat("a", c.bytes))
		if err != nil {
			t.Fatalf("%d bytes: %v", c.bytes, err)
		}
		if got := (code.Size() - 17) / 4; got != c.version {
			t.Errorf("%d bytes: version %d; want %d", c.bytes, got, c.version)
		}
	}
	if _, err := Encode(strings.Repeat("a", 2332)); !errors.Is(err, ErrTooLong) {
		t.Errorf("2,332 bytes: got %v; want ErrTooLong", err)
	}
}

// Table 9's rows as printed, for level M: error correction codewords a
// block, then blocks × data codewords of each group.
func TestBlocksFollowTable9(t *testing.T) {
	for v, want := range map[int]string{
		1: "10: 1×16", 5: "24: 2×43", 8: "22: 2×38 2×39", 12: "22: 6×36 2×37", 21: "26: 17×42",
		30: "28: 19×47 10×48", 35: "28: 12×47 26×48", 40: "28: 18×47 31×48",
	} {
		nb := int(blocksM[v])
		short, long := dataLen(v)/nb, dataLen(v)%nb
		got := strconv.Itoa(int(ecPerBlockM[v])) + ": " + strconv.Itoa(nb-long) + "×" + strconv.Itoa(short)
		if long > 0 {
			got += " " + strconv.Itoa(long) + "×" + strconv.Itoa(short+1)
		}
		if got != want {
			t.Errorf("version %d: got %s; want %s", v, got, want)
		}
	}
}

// The codewords fill every module that the function patterns leave, but
// for the remainder bits (ISO/IEC 18004:2015 Table 1: 0 or 7 for
// versions 1–6, 0 or 3 or 4 above).
func TestCodewordsFillTheSymbol(t *testing.T) {
	for v := 1; v <= 40; v++ {
		g := functionPatterns(v)
		free := 0
		for _, f := range g.fixed {
			if !f {
				free++
			}
		}
		if rem := free - 8*rawCodewords(v); rem < 0 || rem > 7 {
			t.Errorf("version %d: %d free modules, %d codewords", v, free, rawCodewords(v))
		}
	}
}

// Annex E's alignment pattern centres, for a few versions.
func TestAlignmentPatterns(t *testing.T) {
	for v, want := range map[int]string{
		2: "6 18", 7: "6 22 38", 15: "6 26 48 70", 16: "6 26 50 74", 32: "6 34 60 86 112 138",
		36: "6 24 50 76 102 128 154", 40: "6 30 58 86 114 142 170",
	} {
		var got []string
		for _, c := range alignment(v) {
			got = append(got, strconv.Itoa(c))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("version %d: got %v; want %s", v, got, want)
		}
	}
}

// An independent decoder reads back every text: links short and long,
// every version, UTF-8.
func TestDecoderReadsTheText(t *testing.T) {
	texts := []string{
		"",
		"https://infercost.example/tco/",
		"https://infercost.example/tco/?ed=2025-06-01&gpu=h100&n=8&util=0.6&tab=cost",
		"https://example.org/pricing/?q=Grüße, 東京 🚀",
		"https://infercost.example/performance/?" + strings.Repeat("model=llama-3.1-70b&", 50),
		strings.Repeat("0123456789abcdef", 145) + "0123456789a", // 2,331 bytes
	}
	// One text at each version's capacity, so that every version, its
	// blocks and its version information are read.
	for v := 1; v <= 40; v++ {
		n := (8*dataLen(v) - 4 - countBits(v)) / 8
		s := ("https://x.example/?" + strings.Repeat("é", n))[:n]
		if !utf8.ValidString(s) {
			s = s[:n-1] + "a"
		}
		texts = append(texts, s)
	}
	var codes []qrtest.Symbol
	for _, s := range texts {
		c, err := Encode(s)
		if err != nil {
			t.Fatalf("%.40q: %v", s, err)
		}
		codes = append(codes, c)
	}
	for i, got := range qrtest.Decode(t, codes...) {
		if got != texts[i] {
			t.Errorf("version %d symbol of %d bytes: read %.60q; want %.60q", (codes[i].Size()-17)/4, len(texts[i]), got, texts[i])
		}
	}
}

// The SVG draws exactly the symbol's dark modules, within the quiet
// zone, at the size asked.
func TestSVGDrawsTheModules(t *testing.T) {
	for _, s := range []string{"", "https://infercost.example/tco/?n=8", strings.Repeat("x", 500)} {
		c, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		svg := c.SVG(3)
		if px := strconv.Itoa(3 * (c.Size() + 8)); !strings.Contains(svg, ` width="`+px+`" height="`+px+`"`) {
			t.Errorf("%d modules at 3 px: %.120s; want %s px a side", c.Size(), svg, px)
		}
		back := qrtest.ParseSVG(t, svg)
		for y := -1; y <= c.Size(); y++ {
			for x := -1; x <= c.Size(); x++ {
				if back.Dark(x, y) != c.Dark(x, y) {
					t.Fatalf("%q: module %d,%d dark %v in the SVG; want %v", s, x, y, back.Dark(x, y), c.Dark(x, y))
				}
			}
		}
	}
}

// The worst case: the longest text, version 40.
func BenchmarkEncodeLongest(b *testing.B) {
	text := strings.Repeat("x", 2331)
	for b.Loop() {
		c, _ := Encode(text)
		_ = c.SVG(3)
	}
}

// A link as the pages write them.
func BenchmarkEncodeLink(b *testing.B) {
	for b.Loop() {
		c, _ := Encode("https://infercost.example/tco/?v=1&preset=seed-000&dem=123456789&ed=2026-12-01&tab=cost")
		_ = c.SVG(3)
	}
}
