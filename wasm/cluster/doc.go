// Package cluster is one self-hosted option: GPUs owned or rented, their
// prices, power and throughput (typed in, published or estimated with
// package serving), and the display currency money is entered in. It
// holds the TCO data (tco.yaml) the options take their defaults from; the
// TCO and pricing views read options with it, and never each other.
package cluster
