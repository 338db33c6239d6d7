package apicompare

import (
	"errors"
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
)

// UnitsPerUSD is how many units of a price row's currency make a US
// dollar: yuan at cnyPerUSD (a scenario may set its rate), euros at the
// data's rate, dollars 1.
func (d *Data) UnitsPerUSD(code string, cnyPerUSD float64) float64 {
	switch code {
	case "CNY":
		return cnyPerUSD
	case "EUR":
		return d.TCO.Defaults.EURPerUSD.Value
	}
	return 1
}

// MaxAPIs is how many APIs the comparison shows at most. Its rows are
// that many places, filled in order by the scenario's APIs, so that every
// scenario has the same cells and the page updates them in place.
const MaxAPIs = 12

// Defaults are the sourced defaults of the pricing calculator.
type Defaults struct {
	RequestsPerDay        fact.Figure `yaml:"requests_per_day" json:"requests_per_day"`
	InputTokens           fact.Figure `yaml:"input_tokens" json:"input_tokens"`
	OutputTokens          fact.Figure `yaml:"output_tokens" json:"output_tokens"`
	CachedShare           fact.Figure `yaml:"cached_share" json:"cached_share"`
	RequestsPerCacheWrite fact.Figure `yaml:"requests_per_cache_write" json:"requests_per_cache_write"`
	BatchShare            fact.Figure `yaml:"batch_share" json:"batch_share"`
	// FlexShare, PriorityShare and ReasoningShare start the flex and
	// priority tiers' shares of requests and the reasoning share of the
	// output; editions before them lack them and start at none, as their
	// links were published.
	FlexShare        fact.Figure `yaml:"flex_share" json:"flex_share"`
	PriorityShare    fact.Figure `yaml:"priority_share" json:"priority_share"`
	ReasoningShare   fact.Figure `yaml:"reasoning_share" json:"reasoning_share"`
	DailyBudgetUSD   fact.Figure `yaml:"daily_budget_usd" json:"daily_budget_usd"`
	MonthlyBudgetUSD fact.Figure `yaml:"monthly_budget_usd" json:"monthly_budget_usd"`
	// VsCheapest, at 1, sets the cluster against the cheapest compared
	// API that is a list price unless the link names one (see
	// defaultVs); editions before lack it, and set it against GPT-4.1
	// whether compared or not.
	VsCheapest fact.Figure `yaml:"vs_cheapest" json:"vs_cheapest"`
	// ClaimsApart, at 1, lists the compared APIs whose price only their
	// vendor states after those with list prices, in the comparison, its
	// sorting and the search; editions before list them among the others.
	ClaimsApart fact.Figure `yaml:"claims_apart" json:"claims_apart"`
	// ProviderOnce, at 1, labels a model whose name starts with its
	// provider's by the name alone ("DeepSeek V4 Pro"); editions before
	// prefix the provider's name to every model's, and their sealed
	// figures hold those labels.
	ProviderOnce fact.Figure `yaml:"provider_once" json:"provider_once"`
	// TwinsOnce, at 1, has the search list a model that the price
	// dataset lists twice for a provider once (see hideTwins); editions
	// before list both, and their sealed figures hold those lists.
	TwinsOnce fact.Figure `yaml:"twins_once" json:"twins_once"`
	// APIs, when set, is the comparison a link that names none starts
	// with; editions before compare the API catalog's shortlist
	// (apiprices.Catalog.Shortlisted), 11 of MaxAPIs places, and keep it.
	APIs DefaultAPIs `yaml:"apis" json:"apis"`
	// PlanRequestsPerDay is the plan page's default volume (package
	// planview): one where the cheapest way to serve its default model
	// is not obvious. Editions before it lack it, and the plan starts at
	// RequestsPerDay.
	PlanRequestsPerDay fact.Figure `yaml:"plan_requests_per_day" json:"plan_requests_per_day"`
	// PlanTTFTS and PlanTPOTMS are the plan's default P99 targets on the
	// time to first token (seconds) and per output token (milliseconds),
	// for a reader who sets those instead of the end-to-end latency;
	// editions without them offer the end-to-end target alone.
	PlanTTFTS  fact.Figure `yaml:"plan_ttft_s" json:"plan_ttft_s"`
	PlanTPOTMS fact.Figure `yaml:"plan_tpot_ms" json:"plan_tpot_ms"`
	// PlanColdStartMin is how long a rented replica takes to start
	// serving, in minutes, which an autoscaled plan pays for each start;
	// editions without it have a flat week and no load curves.
	PlanColdStartMin fact.Figure `yaml:"plan_cold_start_min" json:"plan_cold_start_min"`
	// PlanOffHoursPct is the office curve's rate outside office hours,
	// in percent of its rate in them; editions without it have no
	// office curve.
	PlanOffHoursPct fact.Figure `yaml:"plan_off_hours_pct" json:"plan_off_hours_pct"`
	// DE, where an edition sets it, holds what a German page starts
	// with where it differs from an English one: processing in the EU,
	// and a comparison with APIs priced there. Editions before it lack
	// it, and their German links keep the English defaults.
	DE LanguageDefaults `yaml:"de" json:"de"`
}

// LanguageDefaults are the defaults of the pages in one language that
// differ from the English pages': the processing region and the
// comparison. Each is optional.
type LanguageDefaults struct {
	Region DefaultRegion `yaml:"region" json:"region"`
	APIs   DefaultAPIs   `yaml:"apis" json:"apis"`
}

// DefaultRegion is the region a page's workload is processed in by
// default (a region of the edition's prices), with why.
type DefaultRegion struct {
	Region string `yaml:"region" json:"region"`
	Source string `yaml:"source" json:"source"`
	AsOf   string `yaml:"as_of" json:"as_of"`
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
	NoteDE string `yaml:"note_de,omitempty" json:"note_de,omitempty"`
}

// Figure is the default as a sourced figure, whose note (Data.Note)
// says where it comes from.
func (r DefaultRegion) Figure() fact.Figure {
	return fact.Figure{Value: 1, Source: r.Source, AsOf: r.AsOf, Note: r.Note, NoteDE: r.NoteDE}
}

// Local returns the defaults of t's language that differ from the
// English pages', for a scenario with or without a preset. A preset
// takes the English pages' region and comparison: it asks its question
// of the prices it was written for, in any language.
func (d Data) Local(t *msg.Catalog, preset bool) LanguageDefaults {
	if t.German() && !preset {
		return d.Defaults.DE
	}
	return LanguageDefaults{}
}

// DefaultAPIs is a default comparison: the slots of the API catalog's
// shortlist that List names by one of their models (ids separated by
// commas, as apis= writes them), each filled with the slot's model sold on
// the scenario's date, and the models of the catalog outside the
// shortlist that it names, where sold. It leaves at least half of MaxAPIs
// places free for the reader to add to.
type DefaultAPIs struct {
	List   string `yaml:"list" json:"list"`
	Source string `yaml:"source" json:"source"`
	AsOf   string `yaml:"as_of" json:"as_of"`
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
}

// validate checks that the list is sourced, names known models and
// leaves room to add.
func (a DefaultAPIs) validate(d Data, entry string) []error {
	if a == (DefaultAPIs{}) {
		return nil
	}
	errs := d.Sources.Check(fact.Figure{Value: 1, Source: a.Source, AsOf: a.AsOf}, entry, "apis", 0, 1)
	ids := SplitIDs(a.List)
	for _, id := range ids {
		if _, ok := d.ModelByID(id); !ok {
			errs = append(errs, fact.Errorf(entry, "apis.list", "model %q is not in the API catalog", id))
		}
	}
	if len(ids) > MaxAPIs/2 {
		errs = append(errs, fact.Errorf(entry, "apis.list", "%d models; at most %d, so that a reader can add as many", len(ids), MaxAPIs/2))
	}
	return errs
}

// validate checks that a default region is sourced and that some price
// of the catalog prices or refuses it.
func (r DefaultRegion) validate(d Data, entry string) []error {
	if r == (DefaultRegion{}) {
		return nil
	}
	errs := d.Sources.Check(r.Figure(), entry, "region", 0, 1)
	named := slices.ContainsFunc(d.APIs.Prices, func(p apiprices.PriceRow) bool {
		return slices.ContainsFunc(p.Regions, func(g apiprices.Region) bool { return g.Region == r.Region })
	})
	if !named {
		errs = append(errs, fact.Errorf(entry, "region.region", "no price names region %q", r.Region))
	}
	return errs
}

// Data is everything the pricing calculator reads: the API catalog, the
// TCO data for the self-hosted cluster and the currency rates, and its own
// defaults and presets.
type Data struct {
	APIs apiprices.Catalog `json:"apis"`
	// TCO is the TCO data of the cluster, the site data's
	// (sitedata.Data.PricingData).
	TCO      cluster.Data          `yaml:"-" json:"-"`
	Sources  fact.Sources          `yaml:"sources" json:"sources"`
	Defaults Defaults              `yaml:"defaults" json:"defaults"`
	Presets  []scenario.PresetData `yaml:"presets" json:"presets"`
	// PlanPresets are the plan's presets (package planview), which
	// reads this file's prices and its plan_* defaults; editions before
	// the plan have none.
	PlanPresets []scenario.PresetData `yaml:"plan_presets" json:"plan_presets"`
	// OpenWeights are the model families whose weights are published.
	OpenWeights []OpenFamily `yaml:"open_weights" json:"open_weights"`
	// LoadCurves are measured load curves the plan offers; editions
	// before them have none.
	LoadCurves []LoadCurve `yaml:"load_curves" json:"load_curves"`
	// Editions are the editions a link can pin, the site data's.
	Editions edition.List `yaml:"-" json:"-"`
}

// Note is a figure's note: its value's source, from the pricing data's
// sources or the API catalog's.
func (d Data) Note(t *msg.Catalog, f fact.Figure) string {
	src, ok := d.Sources[f.Source]
	if !ok {
		src = d.APIs.Sources[f.Source]
	}
	return fact.NoteIn(t, f, src)
}

// ValidateCatalog checks the API catalog; today (YYYY-MM-DD) is the day
// of the build, after which only announced prices may start.
func (d Data) ValidateCatalog(today string) error {
	codes := make([]string, len(money.Currencies))
	for i, c := range money.Currencies {
		codes[i] = c.Code
	}
	return d.APIs.Validate(codes, today)
}

// Validate checks the pricing defaults and the open-weights families;
// the pricing view checks the presets (pricingview.CheckPresets).
func (d Data) Validate() error {
	errs := d.Sources.Validate()
	df := d.Defaults
	errs = append(errs, d.Sources.CheckAll("defaults", []fact.Bound{
		fact.Range("requests_per_day", df.RequestsPerDay, 0, 1e9), fact.Range("input_tokens", df.InputTokens, 0, 1e7),
		fact.Range("output_tokens", df.OutputTokens, 0, 1e7), fact.Range("cached_share", df.CachedShare, 0, 1),
		fact.Range("requests_per_cache_write", df.RequestsPerCacheWrite, 1, 1e9), fact.Range("batch_share", df.BatchShare, 0, 1),
		fact.Range("daily_budget_usd", df.DailyBudgetUSD, 0, 1e9), fact.Range("monthly_budget_usd", df.MonthlyBudgetUSD, 0, 1e10),
	})...)
	for _, flag := range []struct {
		name string
		f    fact.Figure
	}{{"vs_cheapest", df.VsCheapest}, {"claims_apart", df.ClaimsApart}} {
		if flag.f != (fact.Figure{}) {
			errs = append(errs, d.Sources.Check(flag.f, "defaults", flag.name, 0, 1)...)
		}
	}
	for _, share := range []struct {
		name string
		f    fact.Figure
	}{{"flex_share", df.FlexShare}, {"priority_share", df.PriorityShare}, {"reasoning_share", df.ReasoningShare}} {
		if share.f != (fact.Figure{}) {
			errs = append(errs, d.Sources.Check(share.f, "defaults", share.name, 0, 1)...)
		}
	}
	for _, f := range []struct {
		name     string
		f        fact.Figure
		min, max float64
	}{{"plan_requests_per_day", df.PlanRequestsPerDay, 1, 1e9}, {"plan_ttft_s", df.PlanTTFTS, 0.01, 3600}, {"plan_tpot_ms", df.PlanTPOTMS, 1, 60000},
		{"plan_cold_start_min", df.PlanColdStartMin, 0, 60}, {"plan_off_hours_pct", df.PlanOffHoursPct, 0, 100}} {
		if f.f != (fact.Figure{}) {
			errs = append(errs, d.Sources.Check(f.f, "defaults", f.name, f.min, f.max)...)
		}
	}
	errs = append(errs, df.APIs.validate(d, "defaults")...)
	errs = append(errs, df.DE.APIs.validate(d, "defaults.de")...)
	errs = append(errs, df.DE.Region.validate(d, "defaults.de")...)
	errs = append(errs, d.validateOpen()...)
	errs = append(errs, d.validateCurves()...)
	errs = append(errs, scenario.ValidatePresets(d.Presets, d.Sources)...)
	for _, err := range scenario.ValidatePresets(d.PlanPresets, d.Sources) {
		errs = append(errs, errors.New("plan_"+err.Error())) // plan_presets[i] …
	}
	return errors.Join(errs...)
}

// Label names a model with its provider's name ("OpenAI GPT-5"), once:
// from the edition with provider_once, a name that starts with its
// provider's ("DeepSeek V4 Pro" of DeepSeek) stands alone.
func (d Data) Label(m apiprices.Model) string {
	p := d.APIs.Provider(m.Provider).Name
	// The provider's name must end a word: "Mistral" starts "Mistral
	// Large", not "Mistralai". (c|0x20 is a letter's lower case.)
	if n := len(p); d.Defaults.ProviderOnce.Value == 1 && len(m.Name) >= n && strings.EqualFold(m.Name[:n], p) &&
		(len(m.Name) == n || !alnum(m.Name[n]|0x20)) {
		return m.Name
	}
	return p + " " + m.Name
}

// ModelByID returns the API catalog's model of id.
func (d Data) ModelByID(id string) (apiprices.Model, bool) {
	for _, m := range d.APIs.Models {
		if m.ID == id {
			return m, true
		}
	}
	return apiprices.Model{}, false
}

// DefaultIDs is the comparison of a link that names none on the date,
// on a page in t's language, with or without a preset (Local): the
// catalog's shortlist, or the edition's list (Defaults.APIs, or the
// language's own where it has one), whose ids of the shortlist fill
// their slots as the shortlist fills them and whose other ids stand for
// themselves, where sold.
func (d Data) DefaultIDs(t *msg.Catalog, preset bool, date string) []string {
	list := d.Defaults.APIs.List
	if local := d.Local(t, preset).APIs.List; local != "" {
		list = local
	}
	if list == "" {
		return d.APIs.Shortlisted(date)
	}
	var ids []string
	for _, id := range SplitIDs(list) {
		slot := []string{id}
		if i := d.slotOf(id); i >= 0 {
			slot = d.APIs.Shortlist[i]
		}
		if m, ok := d.APIs.SoldOf(slot, date); ok {
			ids = append(ids, m)
		}
	}
	return ids
}

// slotOf is the index of the shortlist's slot that lists the model, or -1.
func (d Data) slotOf(id string) int {
	return slices.IndexFunc(d.APIs.Shortlist, func(slot []string) bool { return slices.Contains(slot, id) })
}

// SplitIDs reads a list of ids separated by commas.
func SplitIDs(raw string) []string {
	// strings.Cut, not strings.Split: Split adds to the browser module.
	var ids []string
	for more := true; more; {
		var id string
		id, raw, more = strings.Cut(raw, ",")
		ids = append(ids, id)
	}
	return ids
}
