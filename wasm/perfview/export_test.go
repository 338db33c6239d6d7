package perfview

// Runs is how many simulated parts (the run at the rate, the latency
// chart's runs, the search for the highest rate) b has computed.
func (b *Builder) Runs() int { return b.runs }
