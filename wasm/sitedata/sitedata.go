// Package sitedata is the whole of content/data as the calculators read
// it: gen loads it with package dataset, and the browser module compiles
// it in (see gen -engine-data).
package sitedata

import (
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/tcoview"
)

// Data holds each calculator's data; they share the GPU catalog, and the
// pricing calculator the TCO data.
type Data struct {
	TCO     tcoview.Data
	Memory  memview.Data
	Pricing pricingview.Data
}
