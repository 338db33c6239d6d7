// Package gpu holds the GPU catalog: datasheet figures and prices, each with
// its source and as-of date, and the rules that a catalog row must obey.
package gpu

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
)

// Figure is a sourced number.
type Figure = fact.Figure

// Link is the GPU-to-GPU interconnect.
type Link struct {
	// Kind names the link in English, KindDE in German (the same where
	// the name is a product's), which German pages show.
	Kind   string `yaml:"kind" json:"kind"`
	KindDE string `yaml:"kind_de" json:"kind_de"`
	// GBps is the bandwidth per GPU, both directions added.
	GBps Figure `yaml:"gbps" json:"gbps"`
}

// KindIn returns the link's name in the language of m.
func (l Link) KindIn(m *msg.Catalog) string {
	if m.German() {
		return l.KindDE
	}
	return l.Kind
}

// GPU is one catalog row. Optional figures are nil when the GPU lacks the
// feature (FP8, FP4), no vendor figure could be sourced, or no price could
// be.
type GPU struct {
	ID     string `yaml:"id" json:"id"`
	Name   string `yaml:"name" json:"name"`
	Vendor string `yaml:"vendor" json:"vendor"`
	// FormFactor is how the GPU is built and mounted ("SXM", "PCIe card,
	// dual slot"), as the vendor states it; optional.
	FormFactor string `yaml:"form_factor,omitempty" json:"form_factor,omitempty"`
	// Arch is the GPU's architecture (hopper, cdna3…), lowercase as an
	// id: GPUs of one architecture share the throughput estimator's
	// efficiencies where the data has them by architecture; optional,
	// as editions before those lack it.
	Arch            string  `yaml:"arch,omitempty" json:"arch,omitempty"`
	MemoryGB        Figure  `yaml:"memory_gb" json:"memory_gb"`
	BandwidthGBps   Figure  `yaml:"bandwidth_gbps" json:"bandwidth_gbps"`
	BF16DenseTFLOPS Figure  `yaml:"bf16_dense_tflops" json:"bf16_dense_tflops"`
	FP8DenseTFLOPS  *Figure `yaml:"fp8_dense_tflops,omitempty" json:"fp8_dense_tflops,omitempty"`
	// FP4DenseTFLOPS is the dense 4-bit floating-point tensor rate (NVFP4 or
	// MXFP4), for GPUs whose tensor cores have one: the throughput
	// estimator's FP4 precision multiplies at it.
	FP4DenseTFLOPS *Figure `yaml:"fp4_dense_tflops,omitempty" json:"fp4_dense_tflops,omitempty"`
	TDPW           Figure  `yaml:"tdp_w" json:"tdp_w"`
	Link           Link    `yaml:"link" json:"link"`
	PurchaseUSD    *Figure `yaml:"purchase_usd,omitempty" json:"purchase_usd,omitempty"`
	RentUSDPerHour *Figure `yaml:"rent_usd_per_hour,omitempty" json:"rent_usd_per_hour,omitempty"`
}

// Catalog is the contents of the GPU data file.
type Catalog struct {
	Sources fact.Sources `yaml:"sources" json:"sources"`
	GPUs    []GPU        `yaml:"gpus" json:"gpus"`
}

// Find returns the GPU with the given id.
func (c Catalog) Find(id string) (GPU, bool) {
	for _, g := range c.GPUs {
		if g.ID == id {
			return g, true
		}
	}
	return GPU{}, false
}

// Validate checks every row and returns all problems joined, so that one
// build reports every bad row.
func (c Catalog) Validate() error {
	errs := c.Sources.Validate()
	bad := func(entry, field, format string, args ...any) {
		errs = append(errs, fact.Errorf(entry, field, format, args...))
	}
	if len(c.GPUs) == 0 {
		bad("gpus", "", "no GPUs")
	}
	seen := map[string]bool{}
	for i, g := range c.GPUs {
		entry := fmt.Sprintf("gpus[%d] %q", i, g.ID)
		if msg := fact.ID(g.ID); msg != "" {
			bad(entry, "id", "%s", msg)
		} else if seen[g.ID] {
			bad(entry, "id", "duplicate id")
		}
		seen[g.ID] = true
		if g.Arch != "" {
			if msg := fact.ID(g.Arch); msg != "" {
				bad(entry, "arch", "%s", msg)
			}
		}
		for _, f := range []struct{ name, v string }{{"name", g.Name}, {"vendor", g.Vendor}, {"link.kind", g.Link.Kind}} {
			if msg := fact.PlainText(f.v); msg != "" {
				bad(entry, f.name, "%s", msg)
			}
		}
		if g.FormFactor != "" && strings.TrimSpace(g.FormFactor) != g.FormFactor {
			bad(entry, "form_factor", "%q has leading or trailing spaces", g.FormFactor)
		}
		figures := []struct {
			name     string
			f        *Figure
			min, max float64
		}{
			{"memory_gb", &g.MemoryGB, 1, 2048},
			{"bandwidth_gbps", &g.BandwidthGBps, 10, 100000},
			{"bf16_dense_tflops", &g.BF16DenseTFLOPS, 1, 100000},
			{"fp8_dense_tflops", g.FP8DenseTFLOPS, 1, 200000},
			{"fp4_dense_tflops", g.FP4DenseTFLOPS, 1, 400000},
			{"tdp_w", &g.TDPW, 10, 5000},
			{"link.gbps", &g.Link.GBps, 1, 100000},
			{"purchase_usd", g.PurchaseUSD, 100, 1e6},
			{"rent_usd_per_hour", g.RentUSDPerHour, 0.01, 1000},
		}
		for _, fig := range figures {
			if fig.f != nil {
				errs = append(errs, c.Sources.Check(*fig.f, entry, fig.name, fig.min, fig.max)...)
			}
		}
		errs = append(errs, g.plausible(entry)...)
	}
	return errors.Join(errs...)
}

// Rates of one GPU that contradict each other. A narrower format runs
// on the same tensor cores at least as fast as a wider one, and halving
// the operand width about doubles the dense rate: in the catalog FP8 is
// 1.0 (Gaudi 3, Intel's claim for its matrix engines) to 2.03 times BF16
// (L40S: 733 / 362 TFLOPS), and FP4 is 2.0 (B200, GB200, RTX PRO 6000,
// RTX 5090; MI355X 2.02) to 3.1 times FP8 (B300: Blackwell Ultra's added
// FP4 units, 14,000 / 4,500). The bounds leave room above those, and
// catch a figure typed in the wrong unit or for the wrong format (BF16 1
// TFLOPS beside FP8 1,979).
const (
	MaxFP8PerBF16 = 2.5
	MaxFP4PerFP8  = 4
	MaxFP4PerBF16 = MaxFP8PerBF16 * MaxFP4PerFP8
)

// plausible checks that g's tensor rates agree with each other: each
// narrower format's rate within [1, max] times the next wider one it has.
func (g GPU) plausible(entry string) []error {
	var errs []error
	check := func(narrow, wide string, n, w *Figure, max float64) {
		if n == nil || w == nil || n.Value <= 0 || w.Value <= 0 {
			return
		}
		if r := n.Value / w.Value; r < 1 || r > max {
			errs = append(errs, fact.Errorf(entry, narrow+".value", "%g is %.3g times %s %g: a GPU's %s rate lies between 1 and %g times its %s rate; one of the two is wrong",
				n.Value, r, wide, w.Value, strings.ToUpper(strings.TrimSuffix(narrow, "_dense_tflops")), max, strings.ToUpper(strings.TrimSuffix(wide, "_dense_tflops"))))
		}
	}
	check("fp8_dense_tflops", "bf16_dense_tflops", g.FP8DenseTFLOPS, &g.BF16DenseTFLOPS, MaxFP8PerBF16)
	if g.FP8DenseTFLOPS != nil {
		check("fp4_dense_tflops", "fp8_dense_tflops", g.FP4DenseTFLOPS, g.FP8DenseTFLOPS, MaxFP4PerFP8)
	} else {
		check("fp4_dense_tflops", "bf16_dense_tflops", g.FP4DenseTFLOPS, &g.BF16DenseTFLOPS, MaxFP4PerBF16)
	}
	return errs
}

// Offer is a cloud's on-demand price for one GPU of an instance.
type Offer struct {
	Provider string `yaml:"provider" json:"provider"`
	GPU      string `yaml:"gpu" json:"gpu"`
	Instance string `yaml:"instance" json:"instance"`
	// InstanceDE is the instance's label in German, which German pages
	// show, where Instance has words to translate ("local SSD
	// included"); a label of names and counts ("p5.48xlarge (8 GPUs)")
	// reads the same in German and has none.
	InstanceDE    string  `yaml:"instance_de,omitempty" json:"instance_de,omitempty"`
	USDPerGPUHour float64 `yaml:"usd_per_gpu_hour" json:"usd_per_gpu_hour"`
	// Term is how the price is paid: "" on demand, by the hour used, or
	// one of Terms.
	Term        Term   `yaml:"term,omitempty" json:"term,omitempty"`
	Source      string `yaml:"source" json:"source"`
	AsOf        string `yaml:"as_of" json:"as_of"`
	Unconfirmed bool   `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
}

// Term is how a rental price is paid.
type Term string

// The terms other than on demand.
const (
	// Spot capacity is billed by the hour used, at a lower price, and
	// the provider may reclaim it at any time.
	Spot Term = "spot"
	// Commit1Y and Commit3Y are paid for every hour of one or three
	// years, whether used or not.
	Commit1Y Term = "commit_1y"
	Commit3Y Term = "commit_3y"
)

// Terms are the terms an offer may name besides on demand.
var Terms = []Term{Spot, Commit1Y, Commit3Y}

// Committed reports whether the offer is paid for every hour of its
// term, used or not.
func (o Offer) Committed() bool { return o.Term == Commit1Y || o.Term == Commit3Y }

// InstanceIn returns the offer's instance label in the language of t.
func (o Offer) InstanceIn(t *msg.Catalog) string {
	if t.German() && o.InstanceDE != "" {
		return o.InstanceDE
	}
	return o.Instance
}

// Rental is the contents of the rental data file.
type Rental struct {
	Sources fact.Sources `yaml:"sources" json:"sources"`
	Offers  []Offer      `yaml:"offers" json:"offers"`
}

// For returns the offers for a GPU, in data order.
func (r Rental) For(gpuID string) []Offer {
	var out []Offer
	for _, o := range r.Offers {
		if o.GPU == gpuID {
			out = append(out, o)
		}
	}
	return out
}

// Validate checks every offer against the GPU catalog: a known GPU, a
// plain-text provider and instance (in either language), one offer per provider, GPU and
// instance, and a sourced price.
func (r Rental) Validate(c Catalog) error {
	errs := r.Sources.Validate()
	seen := map[[3]string]bool{}
	for i, o := range r.Offers {
		entry := fmt.Sprintf("offers[%d] %q %q", i, o.Provider, o.GPU)
		if _, ok := c.Find(o.GPU); !ok {
			errs = append(errs, fact.Errorf(entry, "gpu", "unknown GPU %q", o.GPU))
		}
		for _, f := range []struct{ name, v string }{{"provider", o.Provider}, {"instance", o.Instance}, {"instance_de", o.InstanceDE}} {
			if f.name == "instance_de" && f.v == "" {
				continue // optional: the label reads the same in German
			}
			if msg := fact.PlainText(f.v); msg != "" {
				errs = append(errs, fact.Errorf(entry, f.name, "%s", msg))
			}
		}
		if o.Term != "" && !slices.Contains(Terms, o.Term) {
			errs = append(errs, fact.Errorf(entry, "term", "unknown term %q: want none (on demand) or one of %v", o.Term, Terms))
		}
		if key := [3]string{o.Provider, o.GPU, o.Instance}; seen[key] {
			errs = append(errs, fact.Errorf(entry, "instance", "duplicate offer"))
		} else {
			seen[key] = true
		}
		errs = append(errs, r.Sources.Check(fact.Figure{Value: o.USDPerGPUHour, Source: o.Source, AsOf: o.AsOf}, entry, "usd_per_gpu_hour", 0.01, 1000)...)
	}
	return errors.Join(errs...)
}
