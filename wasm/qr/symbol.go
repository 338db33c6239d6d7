package qr

// grid is a symbol being drawn: its modules, and which of them belong to
// function patterns (finder, separator, timing and alignment patterns,
// format and version information), which data and masks leave alone.
type grid struct {
	n           int
	dark, fixed []bool
}

func (g *grid) set(x, y int, dark bool) {
	g.dark[y*g.n+x] = dark
	g.fixed[y*g.n+x] = true
}

// draw places codewords in a symbol of version v and returns it under
// the mask with the lowest penalty.
func draw(v int, codewords []byte) Code {
	g := functionPatterns(v)
	g.place(codewords)
	var best []bool
	bestScore := 0
	for mask := 0; mask < 8; mask++ {
		m := g.masked(mask)
		if s := penalty(m, g.n); best == nil || s < bestScore {
			best, bestScore = m, s
		}
	}
	return Code{size: g.n, dark: best}
}

// functionPatterns returns the symbol of version v with its function
// patterns drawn and its format information reserved (ISO/IEC
// 18004:2015 6.3).
func functionPatterns(v int) *grid {
	n := 4*v + 17
	g := &grid{n: n, dark: make([]bool, n*n), fixed: make([]bool, n*n)}
	for i := 0; i < n; i++ {
		g.set(6, i, i%2 == 0) // timing patterns; the finders cover their ends
		g.set(i, 6, i%2 == 0)
	}
	// Finder patterns in three corners, each in a light separator.
	for _, c := range [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}} {
		for dy := -1; dy <= 7; dy++ {
			for dx := -1; dx <= 7; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= n || y >= n {
					continue
				}
				d := max(abs(dx-3), abs(dy-3)) // ring: 0–1 centre, 2 light, 3 dark, 4 separator
				g.set(x, y, d != 2 && d != 4)
			}
		}
	}
	at := alignment(v)
	for i, cy := range at {
		for j, cx := range at {
			if (i == 0 && j == 0) || (i == 0 && j == len(at)-1) || (i == len(at)-1 && j == 0) {
				continue // a finder is there
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					g.set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	g.format(0) // reserves the modules; each mask writes its own
	if v >= 7 {
		bits := bch(v, 0x1f25, 12) // ISO/IEC 18004:2015 7.10 and Annex D
		for i := 0; i < 18; i++ {
			a, b := n-11+i%3, i/3
			g.set(a, b, bits>>i&1 == 1) // above the bottom-left finder's right
			g.set(b, a, bits>>i&1 == 1) // left of the top-right finder's bottom
		}
	}
	return g
}

// alignment returns the row and column coordinates of version v's
// alignment pattern centres (ISO/IEC 18004:2015 Annex E): from 6 to
// size−7, equally spaced by an even step from the far end, the first gap
// taking what is left; version 32 alone has a step of 26 where the rule
// gives 28.
func alignment(v int) []int {
	if v == 1 {
		return nil
	}
	k := v/7 + 2
	last := 4*v + 10
	step := (last - 6 + k - 2) / (k - 1) // rounded up…
	step += step & 1                     // …to even
	if v == 32 {
		step = 26
	}
	at := make([]int, k)
	at[0] = 6
	for i := k - 1; i > 0; i-- {
		at[i] = last - (k-1-i)*step
	}
	return at
}

// format writes the format information of level M and mask: 00 for M,
// the mask's 3 bits, a BCH(15,5) code, XOR 101010000010010 (ISO/IEC
// 18004:2015 7.9), twice, and the dark module beside it.
func (g *grid) format(mask int) {
	bits := bch(mask, 0x537, 10) ^ 0x5412
	n := g.n
	for i := 0; i < 15; i++ {
		on := bits>>i&1 == 1
		// Around the top-left finder: up column 8, then left along row 8,
		// around the timing patterns.
		switch {
		case i < 6:
			g.set(8, i, on)
		case i < 8:
			g.set(8, i+1, on)
		case i == 8:
			g.set(7, 8, on)
		default:
			g.set(14-i, 8, on)
		}
		// Split between the other two finders.
		if i < 8 {
			g.set(n-1-i, 8, on)
		} else {
			g.set(8, n-15+i, on)
		}
	}
	g.set(8, n-8, true)
}

// bch returns data followed by the remainder of data·xᵈᵉᵍ divided by
// poly, a polynomial over GF(2) of degree deg.
func bch(data, poly, deg int) int {
	r := data << deg
	for i := 30; i >= deg; i-- {
		if r>>i&1 == 1 {
			r ^= poly << (i - deg)
		}
	}
	return data<<deg | r
}

// place writes the codewords' bits, most significant first, into the
// modules that no function pattern holds: in columns two modules wide
// from the right, upwards and downwards in turn, right module first,
// stepping over the vertical timing pattern (ISO/IEC 18004:2015 7.7.3).
// Modules left over (remainder bits) stay light.
func (g *grid) place(codewords []byte) {
	n, i := g.n, 0
	up := true
	for right := n - 1; right > 0; right -= 2 {
		if right == 6 {
			right = 5
		}
		for k := 0; k < n; k++ {
			y := k
			if up {
				y = n - 1 - k
			}
			for x := right; x >= right-1; x-- {
				if g.fixed[y*n+x] || i >= 8*len(codewords) {
					continue
				}
				g.dark[y*n+x] = codewords[i/8]&(0x80>>(i%8)) != 0
				i++
			}
		}
		up = !up
	}
}

// masked returns the modules with the format information of mask and
// the data modules inverted where the mask's condition holds (ISO/IEC
// 18004:2015 Table 10; i is the row, j the column).
func (g *grid) masked(mask int) []bool {
	g.format(mask)
	out := make([]bool, len(g.dark))
	for k, d := range g.dark {
		i, j := k/g.n, k%g.n
		var flip bool
		switch mask {
		case 0:
			flip = (i+j)%2 == 0
		case 1:
			flip = i%2 == 0
		case 2:
			flip = j%3 == 0
		case 3:
			flip = (i+j)%3 == 0
		case 4:
			flip = (i/2+j/3)%2 == 0
		case 5:
			flip = i*j%2+i*j%3 == 0
		case 6:
			flip = (i*j%2+i*j%3)%2 == 0
		case 7:
			flip = ((i+j)%2+i*j%3)%2 == 0
		}
		out[k] = d != (flip && !g.fixed[k])
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
