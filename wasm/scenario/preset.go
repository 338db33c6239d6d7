package scenario

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
)

// Claim is a figure that a preset's source states, shown beside the
// engine's own for the same option and metric.
type Claim struct {
	Option string  `yaml:"option" json:"option"`
	Metric string  `yaml:"metric" json:"metric"`
	Value  float64 `yaml:"value" json:"value"`
}

// PresetData is a preset as written in a data file. Title is the name a
// reader sees; Source, a key of the file's sources, and AsOf say where
// the preset's rationale comes from and when it was true (for a seed
// article's preset, the page that sets out what it corrects). The words a
// reader sees are written in English and in German (the _de fields,
// which German pages show; In), beside the preset's figures, so that a
// preset is written, and checked, in one place.
type PresetData struct {
	Name          string  `yaml:"name" json:"name"`
	Title         string  `yaml:"title" json:"title"`
	TitleDE       string  `yaml:"title_de" json:"title_de"`
	Source        string  `yaml:"source" json:"source"`
	AsOf          string  `yaml:"as_of" json:"as_of"`
	Description   string  `yaml:"description" json:"description"`
	DescriptionDE string  `yaml:"description_de" json:"description_de"`
	Query         string  `yaml:"query" json:"query"`
	Claims        []Claim `yaml:"claims" json:"claims"`
	Explanation   string  `yaml:"explanation" json:"explanation"`
	ExplanationDE string  `yaml:"explanation_de" json:"explanation_de"`
}

// In returns the preset with its title, description and explanation in
// the language of t: the _de fields on a German page.
func (p PresetData) In(t *msg.Catalog) PresetData {
	if t.German() {
		p.Title, p.Description, p.Explanation = p.TitleDE, p.DescriptionDE, p.ExplanationDE
	}
	return p
}

// Presets returns the presets for a Resolver, with the whitespace of the
// data file's line folding removed from each query.
func Presets(ps []PresetData) []Preset {
	out := make([]Preset, len(ps))
	for i, p := range ps {
		out[i] = Preset{Name: p.Name, Query: ParseQuery(strings.Join(strings.Fields(p.Query), ""))}
	}
	return out
}

// FindPreset returns the preset data named name, or nil.
func FindPreset(ps []PresetData, name string) *PresetData {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i]
		}
	}
	return nil
}

// ValidatePresets checks the presets of a data file as data: each has a
// unique name that is an id, a plain-text title, description and
// explanation in English and in German, a known source and a date. Their
// calculator resolves them (ResolvePresets).
func ValidatePresets(ps []PresetData, sources fact.Sources) []error {
	var errs []error
	seen := map[string]bool{}
	for i, p := range ps {
		entry := fmt.Sprintf("presets[%d] %q", i, p.Name)
		if msg := fact.ID(p.Name); msg != "" {
			errs = append(errs, fact.Errorf(entry, "name", "%s", msg))
		} else if seen[p.Name] {
			errs = append(errs, fact.Errorf(entry, "name", "duplicate name"))
		}
		seen[p.Name] = true
		// Every word a reader sees, in both languages: a German page
		// never falls back to English.
		for _, f := range [][2]string{{"title", p.Title}, {"title_de", p.TitleDE}, {"description", p.Description},
			{"description_de", p.DescriptionDE}, {"explanation", p.Explanation}, {"explanation_de", p.ExplanationDE}} {
			if msg := fact.PlainText(f[1]); msg != "" {
				errs = append(errs, fact.Errorf(entry, f[0], "%s", msg))
			}
		}
		if _, ok := sources[p.Source]; !ok {
			errs = append(errs, fact.Errorf(entry, "source", "unknown source %q", p.Source))
		}
		if _, err := time.Parse(time.DateOnly, p.AsOf); err != nil {
			errs = append(errs, fact.Errorf(entry, "as_of", "want a date YYYY-MM-DD, got %q", p.AsOf))
		}
	}
	return errs
}

// ResolvePresets checks the presets of a data file as their calculator
// reads them: it reads every value of a preset's query without error
// (resolve returns the fields, with their errors, and the parameters no
// field read), and claim, if given, accepts each claim (it returns the
// problem, or "").
func ResolvePresets(ps []PresetData, resolve func(query string) ([]Input, []string), claim func(Claim) string) []error {
	var errs []error
	for i, p := range ps {
		entry := fmt.Sprintf("presets[%d] %q", i, p.Name)
		inputs, unknown := resolve(PresetKey + "=" + QueryEscape(p.Name))
		for _, in := range inputs {
			if in.Error != "" {
				errs = append(errs, fact.Errorf(entry, "query."+in.Key, "%s", in.Error))
			}
		}
		for _, key := range unknown {
			errs = append(errs, fact.Errorf(entry, "query."+key, "unknown parameter"))
		}
		for j, c := range p.Claims {
			if claim == nil {
				break
			}
			if msg := claim(c); msg != "" {
				errs = append(errs, fact.Errorf(entry, fmt.Sprintf("claims[%d]", j), "%s", msg))
			}
		}
	}
	return errs
}

// ValidatePresetPages checks the page each preset opens: page runs the
// calculator on a preset's query and returns what is wrong with the page
// (more work than its budget allows, a dash among its results, …), or "".
func ValidatePresetPages(ps []PresetData, page func(query string) string) []error {
	var errs []error
	for i, p := range ps {
		if msg := page(PresetKey + "=" + QueryEscape(p.Name)); msg != "" {
			errs = append(errs, fact.Errorf(fmt.Sprintf("presets[%d] %q", i, p.Name), "query", "%s", msg))
		}
	}
	return errs
}

// Resolved is what every calculator's scenario keeps of its query.
type Resolved struct {
	// Query is the canonical query string, without "?".
	Query string
	// Inputs are all fields in form order, with values and errors.
	Inputs []Input
	// Problems are messages that belong to no field: first the texts of
	// Ignored, in order.
	Problems []string
	// Ignored are the query's parameters that the calculator does not
	// use, each with its code (see Ignored).
	Ignored []Ignored
	// Unknown are the parameters no field read.
	Unknown []string
	// Preset is the applied preset, or nil.
	Preset *PresetData
}

// Resolved returns what the resolver read, once the calculator has read
// every field, with the query encoded at version.
func (r *Resolver) Resolved(version string, presets []PresetData) Resolved {
	out := Resolved{Query: r.Encode(version), Inputs: r.Inputs, Unknown: r.Unknown()}
	// A link is a public contract: a parameter it has that the calculator
	// does not use (mistyped, from a newer version, given twice) is said,
	// not silently dropped. A key that is not an id (a plain, short name)
	// is not repeated. They are added on a copy: Resolved may be called
	// again.
	c := *r
	c.ignored = slices.Clip(r.ignored)
	if v, ok := c.query.Lookup(VersionKey); ok && v != version {
		c.ignored = append(c.ignored, Ignored{UnknownVersion, VersionKey, c.M.F("scen.version", "version", version)})
	}
	unknown := map[string]bool{}
	for _, k := range out.Unknown {
		unknown[k] = true
	}
	var repeated []string
	for k, vs := range c.query {
		if len(vs) > 1 && !unknown[k] {
			repeated = append(repeated, k)
		}
	}
	slices.Sort(repeated)
	for _, k := range repeated {
		c.ignore(RepeatedParameter, k, "scen.repeated", "scen.repeated_long")
	}
	for _, k := range out.Unknown {
		c.ignore(UnknownParameter, k, "scen.unknown_param", "scen.unknown_param_long")
	}
	out.Ignored = c.ignored
	for _, ig := range c.ignored {
		out.Problems = append(out.Problems, ig.Text)
	}
	if p := r.Preset(); p != nil {
		if d := FindPreset(presets, p.Name); d != nil {
			in := d.In(r.M)
			out.Preset = &in
		}
	}
	return out
}

// PresetName is the applied preset's name, or "".
func (r Resolved) PresetName() string {
	if r.Preset == nil {
		return ""
	}
	return r.Preset.Name
}

// Explanation is the applied preset's explanation, or "".
func (r Resolved) Explanation() string {
	if r.Preset == nil {
		return ""
	}
	return r.Preset.Explanation
}
