// Package serving is how a model is served on GPUs, as every calculator
// reads it: the precision and the weight and KV formats it implies, the
// serving engine's memory profile and defaults, the replica's roofline
// setup, the simulated load (modes, lengths) and the custom model and GPU.
// It holds the memory and estimator data (memory.yaml, perf.yaml) with
// the checks and calibrations that need no page; the views (memview,
// perfview, tcoview, pricingview) build on it and never on each other.
package serving
