// Package apicompare is the comparison of hosted APIs against a
// self-hosted cluster as data: the API price catalog (package apiprices)
// with the comparison's sourced defaults, presets and open-weights
// families (pricing.yaml), their checks, and how a model is labelled and
// which models a link that names none compares. The pricing view reads
// it; the site data and the data checks hold it without the view.
package apicompare
