package pricingview

import "github.com/infercost/infercost/wasm/apicompare"

// TwinsHidden reports, by the catalog's models, which the search leaves
// out on the date as twins of another (see hideTwins).
func TwinsHidden(d apicompare.Data, date string) []bool { return indexOf(d, date).hidden }
