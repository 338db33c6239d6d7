package qr

// Error correction level M for each version 1–40, from ISO/IEC
// 18004:2015 Table 9: the error correction codewords of each block, and
// the number of blocks. Table 9's two groups of blocks follow from these:
// the blocks share the data codewords as evenly as they can, and the
// longer blocks (one data codeword more) come last.
var (
	ecPerBlockM = [41]uint8{0,
		10, 16, 26, 18, 24, 16, 18, 22, 22, 26,
		30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
		26, 28, 28, 28, 28, 28, 28, 28, 28, 28,
		28, 28, 28, 28, 28, 28, 28, 28, 28, 28}
	blocksM = [41]uint8{0,
		1, 1, 1, 2, 2, 4, 4, 4, 5, 5,
		5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
		17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
		31, 33, 35, 37, 38, 40, 43, 45, 47, 49}
)

// rawCodewords is the number of codewords in version v: the modules
// left after the function patterns, in whole codewords (the remainder,
// up to 7 bits, stays zero before masking).
func rawCodewords(v int) int {
	n := 4*v + 17
	free := n*n - 3*64 - 2*(n-16) - 31 // finders with separators, timing, format information and the dark module
	if v >= 2 {
		k := v/7 + 2 // alignment pattern centres along a side
		// Those in the finders' corners are left out; those on a timing
		// pattern share 5 modules with it.
		free -= 25*(k*k-3) - 2*5*(k-2)
	}
	if v >= 7 {
		free -= 2 * 18 // version information
	}
	return free / 8
}

// dataLen is the number of data codewords of version v at level M.
func dataLen(v int) int {
	return rawCodewords(v) - int(blocksM[v])*int(ecPerBlockM[v])
}

// interleave splits data into version v's blocks, appends each block's
// error correction codewords, and returns the codewords in the order they
// are placed: the data codewords a column at a time across the blocks,
// then the error correction codewords likewise (ISO/IEC 18004:2015 7.6).
func interleave(v int, data []byte) []byte {
	nb, ec := int(blocksM[v]), int(ecPerBlockM[v])
	short := len(data) / nb   // data codewords of a short block
	long := nb - len(data)%nb // index of the first long block
	gen := generator(ec)
	blocks := make([][]byte, nb)
	checks := make([][]byte, nb)
	for i, at := 0, 0; i < nb; i++ {
		n := short
		if i >= long {
			n++
		}
		blocks[i] = data[at : at+n]
		checks[i] = remainder(blocks[i], gen)
		at += n
	}
	out := make([]byte, 0, rawCodewords(v))
	for j := 0; j <= short; j++ {
		for i := range blocks {
			if j < len(blocks[i]) {
				out = append(out, blocks[i][j])
			}
		}
	}
	for j := 0; j < ec; j++ {
		for i := range checks {
			out = append(out, checks[i][j])
		}
	}
	return out
}
