// Package qr encodes a text as a QR code symbol (QR Code Model 2,
// ISO/IEC 18004:2015), for the link printed on a calculator's handout:
// byte mode, error correction level M, the smallest version that holds
// the text, and the mask with the lowest penalty. It draws SVG and
// imports only errors, strconv and strings: rsc.io/qr, whose PNG output brings
// the image packages, measured 120 KB gzipped in the browser module, this
// package 11 KB.
package qr

import "errors"

// ErrTooLong is returned for a text of more than 2,331 bytes, the most
// that version 40 holds in byte mode at level M.
var ErrTooLong = errors.New("qr: the text is longer than 2,331 bytes, the most a QR code holds at level M")

// Code is a QR code symbol: a square of dark and light modules.
type Code struct {
	size int
	dark []bool // row after row
}

// Size is the number of modules along a side, without the quiet zone.
func (c Code) Size() int { return c.size }

// Dark reports whether the module in column x, row y is dark; modules
// outside the symbol (the quiet zone) are light.
func (c Code) Dark(x, y int) bool {
	return x >= 0 && y >= 0 && x < c.size && y < c.size && c.dark[y*c.size+x]
}

// Encode encodes the bytes of text (a link is UTF-8) in the smallest
// version that holds them at error correction level M.
func Encode(text string) (Code, error) {
	v := fit(len(text))
	if v == 0 {
		return Code{}, ErrTooLong
	}
	return draw(v, interleave(v, dataCodewords(text, v))), nil
}

// fit returns the smallest version whose data capacity at level M holds
// n bytes in byte mode, or 0 if none does.
func fit(n int) int {
	for v := 1; v <= 40; v++ {
		if 4+countBits(v)+8*n <= 8*dataLen(v) {
			return v
		}
	}
	return 0
}

// countBits is the length of byte mode's character count indicator
// (ISO/IEC 18004:2015 Table 3).
func countBits(v int) int {
	if v < 10 {
		return 8
	}
	return 16
}

// dataCodewords returns the data codewords of text in version v: the
// byte mode indicator 0100, the byte count, the bytes, a terminator of
// up to four zero bits, zero bits to the codeword's end, and then the pad
// codewords 11101100 and 00010001 in turn (ISO/IEC 18004:2015 7.4).
func dataCodewords(text string, v int) []byte {
	var b bits
	b.put(0b0100, 4)
	b.put(len(text), countBits(v))
	for i := 0; i < len(text); i++ {
		b.put(int(text[i]), 8)
	}
	capacity := 8 * dataLen(v)
	b.put(0, min(4, capacity-b.n))
	b.put(0, -b.n&7)
	for pad := 0xec; b.n < capacity; pad ^= 0xec ^ 0x11 {
		b.put(pad, 8)
	}
	return b.bytes
}

// bits is a bit stream, most significant bit first.
type bits struct {
	bytes []byte
	n     int // bits written
}

// put appends the low n bits of v.
func (b *bits) put(v, n int) {
	for i := n - 1; i >= 0; i-- {
		if b.n%8 == 0 {
			b.bytes = append(b.bytes, 0)
		}
		if v>>i&1 == 1 {
			b.bytes[b.n/8] |= 0x80 >> (b.n % 8)
		}
		b.n++
	}
}
