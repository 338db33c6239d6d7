package qr

// Reed–Solomon error correction over GF(256) with the field's polynomial
// x⁸+x⁴+x³+x²+1 (0x11d) and primitive element α = 2 (ISO/IEC 18004:2015
// 7.5.2).

// mul multiplies in GF(256), shift and add: a page's few codes need no
// log tables.
func mul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 == 1 {
			p ^= a
		}
		high := a & 0x80
		a <<= 1
		if high != 0 {
			a ^= 0x1d // x⁸ = x⁴+x³+x²+1
		}
	}
	return p
}

// generator returns the coefficients below the leading 1, highest power
// first, of the generator polynomial for n error correction codewords:
// (x−α⁰)(x−α¹)…(x−αⁿ⁻¹).
func generator(n int) []byte {
	g := make([]byte, n)
	root := byte(1) // α⁰
	for d := 0; d < n; d++ {
		// Multiply the degree d product by (x − root), which is
		// (x + root) in GF(2⁸); the leading 1 stays implicit.
		for k := d; k >= 0; k-- {
			above := byte(1)
			if k > 0 {
				above = g[k-1]
			}
			g[k] ^= mul(root, above)
		}
		root = mul(root, 2)
	}
	return g
}

// remainder returns the error correction codewords of data: the
// remainder of data(x)·xⁿ divided by the generator g of degree n.
func remainder(data, g []byte) []byte {
	r := make([]byte, len(g))
	for _, b := range data {
		f := b ^ r[0]
		copy(r, r[1:])
		r[len(r)-1] = 0
		for i := range r {
			r[i] ^= mul(g[i], f)
		}
	}
	return r
}
