package qr

// penalty scores a masked symbol of n×n modules by the four rules of
// ISO/IEC 18004:2015 7.8.3.1; the encoder keeps the mask that scores
// lowest.
func penalty(m []bool, n int) int {
	score := 0
	line := make([]bool, n)
	for i := 0; i < n; i++ {
		copy(line, m[i*n:(i+1)*n])
		score += linePenalty(line)
		for j := range line {
			line[j] = m[j*n+i]
		}
		score += linePenalty(line)
	}
	dark := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			k := y*n + x
			if m[k] {
				dark++
			}
			// Rule 2: 3 points for each 2×2 block of one colour.
			if x+1 < n && y+1 < n && m[k] == m[k+1] && m[k] == m[k+n] && m[k] == m[k+n+1] {
				score += 3
			}
		}
	}
	// Rule 4: 10 points for each full 5% the dark modules are off 50%.
	total := n * n
	return score + 10*(abs(20*dark-10*total)/total)
}

// finderLike is the 1:1:3:1:1 pattern of rule 3, dark first.
var finderLike = [7]bool{true, false, true, true, true, false, true}

// linePenalty scores a row or column by rules 1 and 3: 3 points for a
// run of five modules of one colour, and one more for each module
// beyond; 40 for a 1:1:3:1:1 pattern with four light modules on one side
// (outside the symbol is the light quiet zone).
func linePenalty(line []bool) int {
	score := 0
	for i := 0; i < len(line); {
		j := i
		for j < len(line) && line[j] == line[i] {
			j++
		}
		if j-i >= 5 {
			score += 3 + j - i - 5
		}
		i = j
	}
	light := func(from, to int) bool {
		for k := max(from, 0); k < min(to, len(line)); k++ {
			if line[k] {
				return false
			}
		}
		return true
	}
	for i := 0; i+7 <= len(line); i++ {
		if [7]bool(line[i:i+7]) == finderLike && (light(i-4, i) || light(i+7, i+11)) {
			score += 40
		}
	}
	return score
}
