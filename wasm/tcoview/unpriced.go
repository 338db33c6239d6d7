package tcoview

import (
	"github.com/infercost/infercost/wasm/cluster"
	"strings"

	"github.com/infercost/infercost/wasm/tco"
)

// An option whose price is unknown (cluster.Option.NeedsPrice) is computed
// like any other, with 0 standing for its price, but none of the figures
// that price feeds is shown: its cells say it needs a price, its field
// says what to enter, and it stays out of the headline, the charts of
// costs and every comparison.

// cellFunc makes option i's cell of a metric: its value, unit and text.
type cellFunc func(i int, metric string, v float64, unit, text string) Cell

// costCellFunc is cellFunc for a figure that option i's price feeds, and
// option j's when it is set against option j (i for none), if feeds is
// set: the cell is missing when one of those prices is unknown.
type costCellFunc func(i, j int, feeds bool, metric string, v float64, unit, text string) Cell

// priceFeeds tells which of an unpriced option's results its price
// feeds: those that differ from its results with some price (any other
// than 0) in place of the unknown one. The zero value is a priced
// option's, whose price feeds nothing missing.
type priceFeeds struct {
	unpriced      bool
	without, with tco.Result
}

// feeds returns the results of option o that its price feeds.
func (s Scenario) feeds(o cluster.Option) priceFeeds {
	if o.NeedsPrice == "" {
		return priceFeeds{}
	}
	priced := o.Option
	priced.GPUPriceUSD++
	priced.RentUSDPerGPUHour++
	years := float64(s.Years)
	return priceFeeds{unpriced: true, without: tco.Compute(o.Option, years), with: tco.Compute(priced, years)}
}

// figure reports whether the unknown price feeds the figure of: a
// maintenance rate of 0 % leaves the maintenance of an unpriced cluster
// at a true 0, its electricity never depends on the price.
func (f priceFeeds) figure(of func(tco.Result) float64) bool {
	return f.unpriced && of(f.with) != of(f.without)
}

// missing returns c as a figure that needs option o's price.
func (s Scenario) missing(c Cell, o cluster.Option) Cell {
	return cluster.NeedsPrice(s.M, c, s.M.F("tco.needs_price_note", "option", strings.ToUpper(o.Letter), "field", cluster.PriceLabel(s.M, o), "key", o.NeedsPrice))
}

// priceProblems are the page's problems of the compared options whose
// price is unknown, each naming its field.
func (s Scenario) priceProblems() []string {
	var out []string
	for _, o := range s.Enabled() {
		if o.NeedsPrice != "" {
			out = append(out, s.M.F("tco.needs_price_problem", "option", strings.ToUpper(o.Letter)+" ("+optionTitle(s.M, o)+")",
				"field", cluster.PriceLabel(s.M, o), "key", o.NeedsPrice))
		}
	}
	return out
}

// unpriced lists the compared options whose price is unknown, by
// letter ("A", "A and C", in the catalogs' "and"), and how many they are.
func (s Scenario) unpriced() (string, int) {
	var letters []string
	for _, o := range s.Enabled() {
		if o.NeedsPrice != "" {
			letters = append(letters, strings.ToUpper(o.Letter))
		}
	}
	if len(letters) < 2 {
		return strings.Join(letters, ""), len(letters)
	}
	return strings.Join(letters[:len(letters)-1], ", ") + s.M.T("tco.and") + letters[len(letters)-1], len(letters)
}
