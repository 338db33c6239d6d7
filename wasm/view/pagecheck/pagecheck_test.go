package pagecheck

import "testing"

func TestReadableNumbersAreOnesAPersonTypes(t *testing.T) {
	for value, want := range map[string]bool{"500000": true, "304375": true, "7.14": true, "0.0002": true, "0.8048": true, "-2.5": true, "140.18": true, "1339.25": true,
		"16427.104722792606": false, "16427.1047": false, "7.142857142857143": false, "1008.7119205008167": false, "79.18000000000001": false} {
		if got := Readable(value); got != want {
			t.Errorf("Readable(%q): got %v; want %v", value, got, want)
		}
	}
}
