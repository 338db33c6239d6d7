package scenario

import "strings"

// Claim is a figure that a preset's source states, shown beside the
// engine's own for the same option and metric.
type Claim struct {
	Option string  `yaml:"option" json:"option"`
	Metric string  `yaml:"metric" json:"metric"`
	Value  float64 `yaml:"value" json:"value"`
}

// PresetData is a preset as written in a data file.
type PresetData struct {
	Name        string  `yaml:"name" json:"name"`
	Title       string  `yaml:"title" json:"title"`
	Source      string  `yaml:"source" json:"source"`
	Description string  `yaml:"description" json:"description"`
	Query       string  `yaml:"query" json:"query"`
	Claims      []Claim `yaml:"claims" json:"claims"`
	Explanation string  `yaml:"explanation" json:"explanation"`
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
