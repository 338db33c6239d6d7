package serving

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
)

// Build is the step model fitted on the measured runs of one serving
// engine's builds of an era (issue 39): the engine's builds from From to
// To, the newest measured, serve with these compute and memory
// efficiencies and fixed costs instead of the shared ones, which
// describe the older builds of the calibration table. The link
// efficiency stays the shared one; the all-reduce latency is the era's
// where it gives one (from edition 2026-12-08), as builds bring their own
// all-reduce kernels.
type Build struct {
	Engine string `yaml:"engine" json:"engine"` // a memory.Engine
	// From is the first build of the era and To the newest measured, as
	// versions ("0.11", "0.19"); Older names the builds before From
	// ("0.10"), which a link chooses as engine@Older.
	From  string `yaml:"from" json:"from"`
	To    string `yaml:"to" json:"to"`
	Older string `yaml:"older" json:"older"`
	// Since is the day of the era's first measured run: a calibration run
	// of the engine measured (or, without that day, published) on or
	// after it is of the era, as run versions are often not stated or
	// name an image rather than the engine.
	Since string `yaml:"since" json:"since"`
	// Vendors are the makers of the GPUs the era's runs measured: its
	// figures apply to their GPUs alone, and the others keep the shared
	// figures and their architecture's efficiencies.
	Vendors []string `yaml:"vendors" json:"vendors"`

	Compute           fact.Figure `yaml:"compute" json:"compute"`
	Memory            fact.Figure `yaml:"memory" json:"memory"`
	StepOverheadUS    fact.Figure `yaml:"step_overhead_us" json:"step_overhead_us"`
	RequestOverheadMS fact.Figure `yaml:"request_overhead_ms" json:"request_overhead_ms"`
	// ExpertCompute is the share of Compute a mixture of experts' routed
	// experts reach (perf.Efficiency Experts).
	ExpertCompute fact.Figure `yaml:"expert_compute" json:"expert_compute"`
	// CollectiveLatencyUS is the era's all-reduce latency in µs; eras
	// without it take the shared one.
	CollectiveLatencyUS fact.Figure `yaml:"collective_latency_us,omitempty" json:"collective_latency_us"`
}

// Key names the era: its engine and first build ("vllm@0.11"), as the
// bands of its runs are keyed (band.Band Build).
func (b Build) Key() string { return b.Engine + "@" + b.From }

// BuildKey is the Key of the era of engine's build on GPUs g
// (Defaults.BuildOf), "" for a build before every era or GPUs of another
// vendor.
func (d *Perf) BuildKey(engine, build string, g gpu.GPU) string {
	if b, ok := d.Defaults.BuildOf(engine, build, g.Vendor); ok {
		return b.Key()
	}
	return ""
}

// BuildOf returns the era of engine's builds that build is of on GPUs of
// vendor: the newest era for "", else the era with the latest From at or
// before build; ok is false for a build before every era, an engine
// without eras or a vendor whose GPUs no era's runs measured, which
// serve with the shared figures.
func (df PerfDefaults) BuildOf(engine, build, vendor string) (b Build, ok bool) {
	for _, e := range df.Builds {
		if e.Engine != engine || !slices.Contains(e.Vendors, vendor) || build != "" && scenario.CompareVersions(e.From, build) > 0 {
			continue
		}
		if !ok || scenario.CompareVersions(e.From, b.From) > 0 {
			b, ok = e, true
		}
	}
	return b, ok
}

// BuildOn returns the era of engine's builds a run on GPUs of vendor,
// measured (or published) on day, was of: the latest era of the vendor
// whose Since is on or before it; ok is false for a run before every era.
func (df PerfDefaults) BuildOn(engine, day, vendor string) (b Build, ok bool) {
	for _, e := range df.Builds {
		if e.Engine == engine && slices.Contains(e.Vendors, vendor) && e.Since <= day && (!ok || e.Since > b.Since) {
			b, ok = e, true
		}
	}
	return b, ok
}

// Efficiency returns the data's efficiencies with the era's compute and
// memory efficiencies, fixed costs, experts' share of the compute
// efficiency and, where it gives one, all-reduce latency in place of the
// shared ones.
func (b Build) Efficiency(shared perf.Efficiency) perf.Efficiency {
	shared.Compute, shared.Memory = b.Compute.Value, b.Memory.Value
	shared.StepSeconds, shared.RequestSeconds = b.StepOverheadUS.Value*1e-6, b.RequestOverheadMS.Value*1e-3
	shared.Experts = b.ExpertCompute.Value
	if b.CollectiveLatencyUS != (fact.Figure{}) {
		shared.CollectiveLatency = b.CollectiveLatencyUS.Value * 1e-6
	}
	return shared
}

// EfficiencyFor returns the data's efficiencies for engine's build (""
// the newest measured) on GPUs g at precision, and the figures of its
// compute and memory efficiencies: the era's (Build), or, for a build
// before every era or on GPUs no era measured, the shared ones with
// those of g's architecture at the precision (EfficiencyOn).
func (d *Perf) EfficiencyFor(engine, build string, g gpu.GPU, precision string) (e perf.Efficiency, compute, memory fact.Figure) {
	if b, ok := d.Defaults.BuildOf(engine, build, g.Vendor); ok {
		return b.Efficiency(d.Efficiency()), b.Compute, b.Memory
	}
	compute, memory = d.Defaults.Group(g.Arch, precision)
	return d.EfficiencyOn(g, precision), compute, memory
}

// validateBuilds checks the eras of engine builds: a known engine,
// versions From ≤ To and an Older before From, a date, the makers of the
// GPUs measured, the figures in range from a known source, and an
// engine's eras listed oldest first, from later builds and days.
func (d Perf) validateBuilds() []error {
	var errs []error
	for i, b := range d.Defaults.Builds {
		entry := fmt.Sprintf("defaults.builds[%d] %q %q", i, b.Engine, b.From)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		if !slices.Contains(memory.Engines, memory.Engine(b.Engine)) {
			bad("engine", "want vllm, sglang, trtllm or tgi, got %q", b.Engine)
		}
		for _, v := range []struct{ field, value string }{{"from", b.From}, {"to", b.To}, {"older", b.Older}} {
			if !scenario.ValidVersion(v.value) {
				bad(v.field, "want a version such as 0.19, got %q", v.value)
			}
		}
		if scenario.ValidVersion(b.From) && scenario.ValidVersion(b.To) && scenario.CompareVersions(b.From, b.To) > 0 {
			bad("to", "%s is before from, %s", b.To, b.From)
		}
		if scenario.ValidVersion(b.From) && scenario.ValidVersion(b.Older) && scenario.CompareVersions(b.Older, b.From) >= 0 {
			bad("older", "%s is not before from, %s", b.Older, b.From)
		}
		if _, err := time.Parse(time.DateOnly, b.Since); err != nil {
			bad("since", "want a date YYYY-MM-DD, got %q", b.Since)
		}
		if len(b.Vendors) == 0 {
			bad("vendors", "want the makers of the GPUs the era's runs measured")
		}
		for _, v := range b.Vendors {
			if !slices.ContainsFunc(d.Memory.GPUs.GPUs, func(g gpu.GPU) bool { return g.Vendor == v }) {
				bad("vendors", "no GPU of the catalog is made by %q", v)
			}
		}
		for _, o := range d.Defaults.Builds[:i] {
			if o.Engine == b.Engine && scenario.ValidVersion(o.From) && scenario.ValidVersion(b.From) &&
				(scenario.CompareVersions(o.From, b.From) >= 0 || o.Since >= b.Since) {
				bad("from", "an era of %s from %s on %s is listed before it: list an engine's eras oldest first, from different builds and days", b.Engine, o.From, o.Since)
			}
		}
		errs = append(errs, d.Sources.CheckAll(entry, []fact.Bound{fact.Range("compute", b.Compute, 0.01, 1),
			fact.Range("memory", b.Memory, 0.01, 1), fact.Range("step_overhead_us", b.StepOverheadUS, 0, 1e5),
			fact.Range("request_overhead_ms", b.RequestOverheadMS, 0, 1e4), fact.Range("expert_compute", b.ExpertCompute, 0.01, 1)})...)
		if b.CollectiveLatencyUS != (fact.Figure{}) {
			errs = append(errs, d.Sources.CheckAll(entry, []fact.Bound{fact.Range("collective_latency_us", b.CollectiveLatencyUS, 0, 1e3)})...)
		}
	}
	return errs
}

// EngineField is the Memory's EngineField with the eras of engine
// builds, for the pages whose speed the build changes: an engine with
// eras is listed as its newest era (the engine's id, so that engine=vllm
// keeps meaning the newest builds measured), each older era (engine@To)
// and the builds before every era (engine@Older, the shared figures). A
// link's engine@build reads as the choice of the era build is of
// (scenario.Field Versions), a build after the newest measured as the
// newest era's.
func (d *Perf) EngineField(t *msg.Catalog, key, section string) scenario.Field {
	f := d.Memory.EngineField(t, key, section)
	var cs []scenario.Choice
	for _, c := range f.Choices {
		eras := d.eras(c.Value)
		if len(eras) == 0 {
			cs = append(cs, c)
			continue
		}
		for i, b := range eras {
			v := c.Value
			if i > 0 {
				v += "@" + b.To
			}
			cs = append(cs, scenario.Choice{Value: v, Label: t.F("perf.in.engine_build", "engine", c.Label, "from", b.From, "to", b.To), From: b.From})
		}
		oldest := eras[len(eras)-1]
		cs = append(cs, scenario.Choice{Value: c.Value + "@" + oldest.Older, Label: t.F("perf.in.engine_older", "engine", c.Label, "older", oldest.Older)})
	}
	f.Choices, f.Help, f.Versions = cs, f.Help+" "+t.T("perf.in.engine_build_help"), true
	return f
}

// OtherVendorNote says, in the language of t, why engine's build (""
// the newest) serves with the shared figures on GPUs g: its era's runs
// measured other makers' GPUs alone. "" when the era applies, or build
// is of no era.
func (d *Perf) OtherVendorNote(t *msg.Catalog, engine, build string, g gpu.GPU) string {
	for _, b := range d.eras(engine) {
		if build != "" && scenario.CompareVersions(b.From, build) > 0 {
			continue
		}
		if slices.Contains(b.Vendors, g.Vendor) {
			return ""
		}
		return t.F("perf.in.engine_other_vendor", "from", b.From, "to", b.To, "vendors", strings.Join(b.Vendors, ", "), "gpu", g.Name)
	}
	return ""
}

// eras are engine's eras of builds, newest first (the data lists them
// oldest first: validateBuilds).
func (d *Perf) eras(engine string) []Build {
	var out []Build
	for _, b := range slices.Backward(d.Defaults.Builds) {
		if b.Engine == engine {
			out = append(out, b)
		}
	}
	return out
}

// ReadEngine reads the serving engine of field f (an EngineField): its
// profile (Memory.ReadEngine) and the build the link names, "" for the
// newest measured.
func (d *Perf) ReadEngine(r *scenario.Resolver, f scenario.Field) (EngineProfile, string) {
	engine, build := SplitEngine(r.Choice(f))
	return d.Memory.engineOr(engine), build
}

// SplitEngine splits an EngineField value into the engine's id and the
// build it names ("" for the newest measured).
func SplitEngine(v string) (engine, build string) {
	engine, build, _ = strings.Cut(v, "@")
	return engine, build
}
