package cluster

import (
	"errors"
	"fmt"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/serving"
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
)

// Defaults are the sourced default inputs, in US dollars.
type Defaults struct {
	Years                fact.Figure `yaml:"years" json:"years"`
	GPUsPerServer        fact.Figure `yaml:"gpus_per_server" json:"gpus_per_server"`
	ServerUSD            fact.Figure `yaml:"server_usd" json:"server_usd"`
	NetworkUSD           fact.Figure `yaml:"network_usd" json:"network_usd"`
	ServerOverheadW      fact.Figure `yaml:"server_overhead_w" json:"server_overhead_w"`
	LoadFactor           fact.Figure `yaml:"load_factor" json:"load_factor"`
	PUE                  fact.Figure `yaml:"pue" json:"pue"`
	ElectricityUSDPerKWh fact.Figure `yaml:"electricity_usd_per_kwh" json:"electricity_usd_per_kwh"`
	MaintenancePct       fact.Figure `yaml:"maintenance_pct" json:"maintenance_pct"`
	StaffUSDPerYear      fact.Figure `yaml:"staff_usd_per_year" json:"staff_usd_per_year"`
	RentedHoursPerMonth  fact.Figure `yaml:"rented_hours_per_month" json:"rented_hours_per_month"`
	EURPerUSD            fact.Figure `yaml:"eur_per_usd" json:"eur_per_usd"`
	CNYPerUSD            fact.Figure `yaml:"cny_per_usd" json:"cny_per_usd"`
	// DemandGPUsAtBounds, at 1, bounds the GPUs for the demand by the GPUs
	// needed at either end of the throughput's band, and the demand's TCO
	// by their TCO (band.Table.AtBounds); editions before it lack it and
	// scale both as the throughput's reciprocal, as their links were
	// published. A rule of computation that changes figures is a field of
	// the data, so that the edition a link loads says which rule it was
	// computed by, and no engine code compares dates.
	DemandGPUsAtBounds fact.Figure `yaml:"demand_gpus_at_bounds" json:"demand_gpus_at_bounds"`
	// RentMedianOfOffers, at 1, makes a GPU's default rental price the
	// median of its dated cloud offers (rental.yaml), where it has any;
	// editions before it lack it and default to the GPU table's price
	// (gpus.yaml's rent_usd_per_hour), as their links were published.
	RentMedianOfOffers fact.Figure `yaml:"rent_median_of_offers" json:"rent_median_of_offers"`
	// GPUIdlePct, GPUServingLeastPct and GPUServingFullPct, where an
	// edition sets them, are what a GPU draws as percentages of its rated
	// power: with its model loaded and no request in flight, and serving,
	// from the lightest load to its capacity (tco.Draw). Editions before
	// them count a GPU's rated power while it serves and nothing
	// otherwise, as their links were published.
	GPUIdlePct         fact.Figure `yaml:"gpu_idle_pct" json:"gpu_idle_pct"`
	GPUServingLeastPct fact.Figure `yaml:"gpu_serving_least_pct" json:"gpu_serving_least_pct"`
	GPUServingFullPct  fact.Figure `yaml:"gpu_serving_full_pct" json:"gpu_serving_full_pct"`
	// Estimate, where an edition sets it, is the model and precision
	// whose estimated throughput every option starts with, so that the
	// default scenario compares the GPUs like for like; editions before
	// it start from the published throughput rows, as their links were
	// published.
	Estimate DefaultEstimate `yaml:"estimate" json:"estimate"`
	// DE, where an edition sets it, holds what a German page starts
	// with where it differs from an English one: its currency and a
	// German electricity price. Editions before it lack it, and their
	// German links keep the English defaults, as they were published.
	DE LanguageDefaults `yaml:"de" json:"de"`
}

// LanguageDefaults are the defaults of the pages in one language that
// differ from the English pages': the display currency (a money code),
// the electricity price, in that currency per kWh, and the grid region
// (a Grid id). Each is optional.
type LanguageDefaults struct {
	Currency          string       `yaml:"currency,omitempty" json:"currency,omitempty"`
	ElectricityPerKWh *fact.Figure `yaml:"electricity_per_kwh,omitempty" json:"electricity_per_kwh,omitempty"`
	Grid              string       `yaml:"grid,omitempty" json:"grid,omitempty"`
}

// local returns the defaults of t's language that differ from the
// English pages'.
func (d Data) local(t *msg.Catalog) LanguageDefaults {
	if t.German() {
		return d.Defaults.DE
	}
	return LanguageDefaults{}
}

// validate checks a language's defaults: a known currency, and an
// electricity price only with the currency it is in.
func (l LanguageDefaults) validate(d Data, entry string) []error {
	var errs []error
	if l.Currency != "" && money.Lookup(l.Currency).Code != l.Currency {
		errs = append(errs, fact.Errorf(entry, "currency", "unknown currency %q", l.Currency))
	}
	if l.ElectricityPerKWh != nil {
		if l.Currency == "" {
			errs = append(errs, fact.Errorf(entry, "electricity_per_kwh", "needs the currency it is in"))
		}
		errs = append(errs, d.Sources.Check(*l.ElectricityPerKWh, entry, "electricity_per_kwh", 0, 10)...)
	}
	if l.Grid != "" && !slices.ContainsFunc(d.Grid, func(g GridRegion) bool { return g.ID == l.Grid }) {
		errs = append(errs, fact.Errorf(entry, "grid", "unknown grid region %q", l.Grid))
	}
	return errs
}

// DefaultEstimate is the model and precision the options' throughput is
// estimated for by default, with where the choice comes from.
type DefaultEstimate struct {
	Model string `yaml:"model" json:"model"`
	// Precision is a serving.Precisions value.
	Precision string `yaml:"precision" json:"precision"`
	Source    string `yaml:"source" json:"source"`
	AsOf      string `yaml:"as_of" json:"as_of"`
	Note      string `yaml:"note,omitempty" json:"note,omitempty"`
	NoteDE    string `yaml:"note_de,omitempty" json:"note_de,omitempty"`
}

// validate checks that the model and precision are known, that every
// default option's GPU has the precision, and that the choice is sourced.
func (e DefaultEstimate) validate(d Data) []error {
	if e == (DefaultEstimate{}) {
		return nil
	}
	const entry = "defaults"
	errs := d.Sources.Check(fact.Figure{Value: 1, Source: e.Source, AsOf: e.AsOf}, entry, "estimate", 0, 1)
	if _, ok := d.Perf.Memory.Models.Find(e.Model); !ok {
		errs = append(errs, fact.Errorf(entry, "estimate.model", "unknown model %q", e.Model))
	}
	if !slices.ContainsFunc(serving.Precisions, func(c scenario.Choice) bool { return c.Value == e.Precision }) {
		errs = append(errs, fact.Errorf(entry, "estimate.precision", "unknown precision %q", e.Precision))
		return errs
	}
	for _, o := range OptionDefaults {
		if g, ok := d.GPUs.Find(o.GPU); ok {
			if why, refused := d.Perf.Memory.Precision(msg.English, &g, e.Precision); refused {
				errs = append(errs, fact.Errorf(entry, "estimate.precision", "default GPU %s: %s", g.Name, why))
			}
		}
	}
	return errs
}

// ThroughputRow is a published throughput used as a GPU's default, and
// the precision it was measured in (a serving.Precisions value), so that
// options measured in different precisions are not compared unawares.
type ThroughputRow struct {
	GPU          string      `yaml:"gpu" json:"gpu"`
	Precision    string      `yaml:"precision" json:"precision"`
	TokensPerSec fact.Figure `yaml:"tokens_per_s" json:"tokens_per_s"`
}

// Throughput holds the published rows and the reference GPU whose row is
// scaled by memory bandwidth for GPUs without one.
type Throughput struct {
	Reference string          `yaml:"reference" json:"reference"`
	Rows      []ThroughputRow `yaml:"rows" json:"rows"`
}

// ArticleChecks are figures of a preset's source article that the
// methodology page checks against the data.
type ArticleChecks struct {
	Source      string             `yaml:"source" json:"source"`
	Electricity ClaimedElectricity `yaml:"electricity" json:"electricity"`
	TFLOPS      []ClaimedTFLOPS    `yaml:"tflops" json:"tflops"`
}

// ClaimedElectricity is an article's electricity cost for an option's
// servers, beside the most a server of that GPU can draw.
type ClaimedElectricity struct {
	Option    string      `yaml:"option" json:"option"`
	GPU       string      `yaml:"gpu" json:"gpu"`
	Servers   float64     `yaml:"servers" json:"servers"`
	EUR       float64     `yaml:"eur" json:"eur"`
	Years     float64     `yaml:"years" json:"years"`
	EURPerKWh float64     `yaml:"eur_per_kwh" json:"eur_per_kwh"`
	ServerMax fact.Figure `yaml:"server_max_w" json:"server_max_w"`
}

// ClaimedTFLOPS is an FP16 figure an article gives for a GPU.
type ClaimedTFLOPS struct {
	GPU  string  `yaml:"gpu" json:"gpu"`
	FP16 float64 `yaml:"fp16" json:"fp16"`
}

// ImpliedAverageW is the average power per server that the article's
// electricity line implies: EUR / (years x 8,760 h x EUR/kWh) x 1,000 / servers.
func (c ArticleChecks) ImpliedAverageW() float64 {
	e := c.Electricity
	return e.EUR / (e.Years * 8760 * e.EURPerKWh) * 1000 / e.Servers
}

// GridRegion is a region's grid carbon intensity: grams of CO2
// equivalent emitted for each kilowatt-hour of its electricity, a year's
// average, with its source (the figure's note says what it counts).
type GridRegion struct {
	ID          string      `yaml:"id" json:"id"`
	Name        string      `yaml:"name" json:"name"`
	NameDE      string      `yaml:"name_de" json:"name_de"`
	GCO2ePerKWh fact.Figure `yaml:"g_co2e_per_kwh" json:"g_co2e_per_kwh"`
}

// NameIn is the region's name in the language of t.
func (g GridRegion) NameIn(t *msg.Catalog) string {
	if t.German() && g.NameDE != "" {
		return g.NameDE
	}
	return g.Name
}

// Data is tco.yaml with the catalogs an option reads (GPUs, cloud
// offers) and the estimator's data, for options whose throughput is
// estimated.
type Data struct {
	// GPUs and Rental are the catalogs an option reads, the site data's
	// (sitedata.Data.TCOData).
	GPUs   gpu.Catalog `yaml:"-" json:"-"`
	Rental gpu.Rental  `yaml:"-" json:"-"`
	// Perf is the throughput estimator's data, for options that take their
	// throughput from it.
	Perf       serving.Perf          `yaml:"-" json:"-"`
	Sources    fact.Sources          `yaml:"sources" json:"sources"`
	Defaults   Defaults              `yaml:"defaults" json:"defaults"`
	Throughput Throughput            `yaml:"throughput" json:"throughput"`
	Presets    []scenario.PresetData `yaml:"presets" json:"presets"`
	Checks     ArticleChecks         `yaml:"article_checks" json:"article_checks"`
	// Grid is the regions whose carbon intensity an option's energy is
	// counted at, the first the default; editions before it have none,
	// and their pages show no CO2.
	Grid []GridRegion `yaml:"grid" json:"grid"`
	// Editions are the editions a link can pin, the site data's.
	Editions edition.List `yaml:"-" json:"-"`
}

// Validate checks the TCO data: sources, defaults, throughput rows and
// the article checks (the TCO view checks the presets).
func (d Data) Validate() error {
	errs := d.Sources.Validate()
	df := d.Defaults
	errs = append(errs, d.Sources.CheckAll("defaults", []fact.Bound{
		fact.Range("years", df.Years, 1, 30), fact.Range("gpus_per_server", df.GPUsPerServer, 1, 16),
		fact.Range("server_usd", df.ServerUSD, 0, 1e7), fact.Range("network_usd", df.NetworkUSD, 0, 1e7),
		fact.Range("server_overhead_w", df.ServerOverheadW, 0, 50000), fact.Range("load_factor", df.LoadFactor, 0.01, 1),
		fact.Range("pue", df.PUE, 1, 3), fact.Range("electricity_usd_per_kwh", df.ElectricityUSDPerKWh, 0, 10),
		fact.Range("maintenance_pct", df.MaintenancePct, 0, 100), fact.Range("staff_usd_per_year", df.StaffUSDPerYear, 0, 1e8),
		fact.Range("rented_hours_per_month", df.RentedHoursPerMonth, 1, 744),
		fact.Range("eur_per_usd", df.EURPerUSD, 0.01, 100), fact.Range("cny_per_usd", df.CNYPerUSD, 0.01, 100),
	})...)
	if df.DemandGPUsAtBounds != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.DemandGPUsAtBounds, "defaults", "demand_gpus_at_bounds", 0, 1)...)
	}
	if df.RentMedianOfOffers != (fact.Figure{}) {
		errs = append(errs, d.Sources.Check(df.RentMedianOfOffers, "defaults", "rent_median_of_offers", 0, 1)...)
	}
	errs = append(errs, df.validateDraw(d.Sources)...)
	errs = append(errs, df.Estimate.validate(d)...)
	errs = append(errs, df.DE.validate(d, "defaults.de")...)
	if _, ok := d.GPUs.Find(d.Throughput.Reference); !ok {
		errs = append(errs, fact.Errorf("throughput", "reference", "unknown GPU %q", d.Throughput.Reference))
	}
	hasRef := false
	seen := map[string]bool{}
	for i, r := range d.Throughput.Rows {
		entry := fmt.Sprintf("throughput.rows[%d] %q", i, r.GPU)
		if _, ok := d.GPUs.Find(r.GPU); !ok {
			errs = append(errs, fact.Errorf(entry, "gpu", "unknown GPU %q", r.GPU))
		} else if seen[r.GPU] {
			errs = append(errs, fact.Errorf(entry, "gpu", "duplicate row for the GPU"))
		}
		seen[r.GPU] = true
		if !slices.ContainsFunc(serving.Precisions, func(c scenario.Choice) bool { return c.Value == r.Precision }) {
			errs = append(errs, fact.Errorf(entry, "precision", "unknown precision %q", r.Precision))
		}
		hasRef = hasRef || r.GPU == d.Throughput.Reference
		errs = append(errs, d.Sources.Check(r.TokensPerSec, entry, "tokens_per_s", 0.1, 1e6)...)
	}
	if !hasRef {
		errs = append(errs, fact.Errorf("throughput", "rows", "no row for the reference GPU %q", d.Throughput.Reference))
	}
	errs = append(errs, d.Checks.validate(d)...)
	errs = append(errs, d.validateGrid()...)
	errs = append(errs, scenario.ValidatePresets(d.Presets, d.Sources)...)
	return errors.Join(errs...)
}

// MaxGCO2ePerKWh bounds a grid's carbon intensity, in the data and as
// typed: above what any grid emits (the dirtiest burn lignite, about
// 1,100 g a kWh).
const MaxGCO2ePerKWh = 1500

// validateGrid checks the grid regions: each with an id of its own, a
// name in both languages and a sourced intensity up to MaxGCO2ePerKWh.
func (d Data) validateGrid() []error {
	var errs []error
	seen := map[string]bool{}
	for i, g := range d.Grid {
		entry := fmt.Sprintf("grid[%d] %q", i, g.ID)
		if g.ID == "" || seen[g.ID] {
			errs = append(errs, fact.Errorf(entry, "id", "missing or repeated id"))
		}
		seen[g.ID] = true
		if g.Name == "" || g.NameDE == "" {
			errs = append(errs, fact.Errorf(entry, "name", "needs a name and a name_de"))
		}
		errs = append(errs, d.Sources.Check(g.GCO2ePerKWh, entry, "g_co2e_per_kwh", 0, MaxGCO2ePerKWh)...)
	}
	return errs
}

func (c ArticleChecks) validate(d Data) []error {
	var errs []error
	e := c.Electricity
	if _, ok := d.Sources[c.Source]; !ok {
		errs = append(errs, fact.Errorf("article_checks", "source", "unknown source %q", c.Source))
	}
	if e.Servers < 1 || e.Years <= 0 || e.EURPerKWh <= 0 || e.EUR <= 0 {
		errs = append(errs, fact.Errorf("article_checks", "electricity", "servers, years, eur and eur_per_kwh must be positive"))
	}
	errs = append(errs, d.Sources.Check(e.ServerMax, "article_checks", "electricity.server_max_w", 100, 1e5)...)
	if _, ok := d.GPUs.Find(e.GPU); !ok {
		errs = append(errs, fact.Errorf("article_checks", "electricity.gpu", "unknown GPU %q", e.GPU))
	}
	for i, t := range c.TFLOPS {
		if _, ok := d.GPUs.Find(t.GPU); !ok || t.FP16 <= 0 {
			errs = append(errs, fact.Errorf("article_checks", fmt.Sprintf("tflops[%d]", i), "unknown GPU %q or no positive fp16", t.GPU))
		}
	}
	return errs
}

// ReadGrid reads the grid the options draw from, in section: a region of
// the data (the first, or the language's own), whose carbon intensity is
// the default of one typed in (a provider's or a contract's). It returns the intensity in grams of CO2
// equivalent a kWh, and false, reading nothing, for an edition without
// regions.
func ReadGrid(r *scenario.Resolver, d Data, section string) (float64, bool) {
	if len(d.Grid) == 0 {
		return 0, false
	}
	t := r.M
	regions := make([]scenario.Choice, len(d.Grid))
	for i, g := range d.Grid {
		regions[i] = scenario.Choice{Value: g.ID, Label: t.F("tco.grid.region", "region", g.NameIn(t), "g", t.Num(g.GCO2ePerKWh.Value, 0))}
	}
	def := d.Grid[0].ID
	if l := d.local(t); l.Grid != "" {
		def = l.Grid
	}
	id := r.Choice(scenario.Field{Key: "grid", Label: t.T("tco.in.grid"), Section: section, Default: def, Choices: regions,
		Help: t.T("tco.in.grid_help"), Pinned: def != d.Grid[0].ID})
	g := d.Grid[0]
	for _, row := range d.Grid {
		if row.ID == id {
			g = row
		}
	}
	return r.Number(scenario.Field{Key: "gco2", Label: t.T("tco.in.gco2"), Unit: t.T("tco.unit.gco2"), Section: section, Min: 0, Max: MaxGCO2ePerKWh,
		Default: num(g.GCO2ePerKWh.Value), Note: d.Note(t, g.GCO2ePerKWh), Help: t.T("tco.in.gco2_help")}), true
}

// validateDraw checks the GPUs' draw, where the edition sets it: all
// three figures, sourced, rising from idle to serving at capacity, and
// at most the 110 % of the rated power a GPU may draw on average.
func (df Defaults) validateDraw(src fact.Sources) []error {
	if !df.drawn() {
		return nil
	}
	names := []string{"gpu_idle_pct", "gpu_serving_least_pct", "gpu_serving_full_pct"}
	var errs []error
	for i, f := range []fact.Figure{df.GPUIdlePct, df.GPUServingLeastPct, df.GPUServingFullPct} {
		if f.Source == "" {
			errs = append(errs, fact.Errorf("defaults", names[i], "missing: %s go together, so that a GPU's draw is whole", strings.Join(names, ", ")))
			continue
		}
		errs = append(errs, src.Check(f, "defaults", names[i], 0, 110)...)
	}
	if len(errs) == 0 && !(df.GPUIdlePct.Value <= df.GPUServingLeastPct.Value && df.GPUServingLeastPct.Value <= df.GPUServingFullPct.Value) {
		errs = append(errs, fact.Errorf("defaults", "gpu_serving_least_pct", "want gpu_idle_pct <= gpu_serving_least_pct <= gpu_serving_full_pct, got %g, %g, %g",
			df.GPUIdlePct.Value, df.GPUServingLeastPct.Value, df.GPUServingFullPct.Value))
	}
	return errs
}

// drawn reports whether the edition models what a GPU draws: it sets
// any of the draws (validateDraw asks for all three).
func (df Defaults) drawn() bool {
	return df.GPUIdlePct.Source != "" || df.GPUServingLeastPct.Source != "" || df.GPUServingFullPct.Source != ""
}

// Draw is the GPUs' draw the edition models (tco.Draw), with the idle
// and full draws a reader typed, in percent; the zero Draw in editions
// before it. The least draw serving is the edition's, or the full draw
// where that is lower.
func (df Defaults) Draw(idlePct, fullPct float64) tco.Draw {
	if !df.drawn() {
		return tco.Draw{}
	}
	return tco.Draw{Idle: idlePct / 100, Least: min(df.GPUServingLeastPct.Value, fullPct) / 100, Full: fullPct / 100}
}
