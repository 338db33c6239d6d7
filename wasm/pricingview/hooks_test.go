package pricingview

// TwinsHidden reports, by the catalog's models, which the search leaves
// out on the date as twins of another (see hideTwins).
func TwinsHidden(d Data, date string) []bool { return indexOf(d, date).hidden }
