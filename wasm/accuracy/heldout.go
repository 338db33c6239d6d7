package accuracy

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/wasm/serving"
)

// HeldOut is the leave-one-model-out check of an edition's eras of engine
// builds (ModelsOutOfBuild), as content/data/heldout/EDITION.yaml keeps
// it: refitting takes minutes, so the check is generated (go test
// ./wasm/accuracy -run TestHeldOutBuilds -fit) and the methodology page
// reads the file; a test fails when the edition's figures have changed
// since.
type HeldOut struct {
	Edition string       `yaml:"edition"`
	Eras    []HeldOutEra `yaml:"eras"`
}

// HeldOutEra is one era's check: the figures it refitted from, and the
// errors of its runs, each estimated without its model's runs, over all
// of them and by model.
type HeldOutEra struct {
	Build   string         `yaml:"build"`   // serving.Build Key
	Figures string         `yaml:"figures"` // EraFigures of the era checked
	All     []HeldOutError `yaml:"all"`
	Models  []HeldOutModel `yaml:"models"`
}

// HeldOutModel is the errors of one model's runs, estimated with the
// era's figures refitted without them.
type HeldOutModel struct {
	Model  string         `yaml:"model"`
	Errors []HeldOutError `yaml:"errors"`
}

// HeldOutError is the summary of one metric's errors: figures, median
// |error|, median signed error and the 10th and 90th percentiles.
type HeldOutError struct {
	Metric    string  `yaml:"metric"` // a MetricKeys value
	N         int     `yaml:"n"`
	MedianAbs float64 `yaml:"median_abs"`
	Median    float64 `yaml:"median"`
	P10       float64 `yaml:"p10"`
	P90       float64 `yaml:"p90"`
}

// MetricKeys name the speed metrics in the file.
var MetricKeys = map[Metric]string{Throughput: "throughput", TTFT: "ttft", TPOT: "tpot", E2E: "e2e"}

// EraFigures writes era b's figures as the check records them.
func EraFigures(b serving.Build) string {
	return fmt.Sprintf("compute %g, memory %g, step %g us, request %g ms, experts %g", b.Compute.Value, b.Memory.Value,
		b.StepOverheadUS.Value, b.RequestOverheadMS.Value, b.ExpertCompute.Value)
}

// Errors summarizes comparisons by speed metric (all workloads).
func Errors(cs []Comparison) []HeldOutError {
	var out []HeldOutError
	for _, s := range Summarize(cs) {
		if k, ok := MetricKeys[s.Metric]; ok && s.Workload == All {
			out = append(out, HeldOutError{Metric: k, N: s.N, MedianAbs: round4(s.MedianAbs), Median: round4(s.Median), P10: round4(s.P10), P90: round4(s.P90)})
		}
	}
	return out
}

// CheckEra is the held-out check of era b from its folds.
func CheckEra(b serving.Build, folds []Fold) HeldOutEra {
	e := HeldOutEra{Build: b.Key(), Figures: EraFigures(b)}
	var all []Comparison
	for _, f := range folds {
		all = append(all, f.Comparisons...)
		e.Models = append(e.Models, HeldOutModel{Model: f.Model, Errors: Errors(f.Comparisons)})
	}
	e.All = Errors(all)
	return e
}

// round4 rounds an error to four decimals (0.01 %), as the file keeps it.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// HeldOutFile is the path of edition's held-out check under content's
// data directory.
func HeldOutFile(edition string) string { return "heldout/" + edition + ".yaml" }

// LoadHeldOut reads from dir in fsys the held-out check that edition's
// eras have: the newest written for it or an edition before it (a later
// edition that keeps the eras' figures keeps their check; a test fails
// when the figures differ, TestTheHeldOutCheckIsOfTheEditionsFigures).
// ok is false when there is none.
func LoadHeldOut(fsys fs.FS, dir, edition string) (h HeldOut, ok bool, err error) {
	names, err := fs.Glob(fsys, path.Join(dir, HeldOutFile("*")))
	if err != nil {
		return h, false, err
	}
	name := ""
	for _, n := range names {
		if date := strings.TrimSuffix(path.Base(n), ".yaml"); date <= edition && n > name {
			name = n
		}
	}
	if name == "" {
		return h, false, nil
	}
	b, err := fs.ReadFile(fsys, name)
	if err == nil {
		err = yaml.NewDecoder(bytes.NewReader(b), yaml.DisallowUnknownField(), yaml.Strict()).Decode(&h)
	}
	if date := strings.TrimSuffix(path.Base(name), ".yaml"); err == nil && h.Edition != date {
		err = fmt.Errorf("edition %q, want %q, the file's", h.Edition, date)
	}
	if err == nil {
		err = h.check()
	}
	if err != nil {
		return h, false, fmt.Errorf("%s: %w", name, err)
	}
	return h, true, nil
}

// check says which era, model and metric of h names a metric that is
// not one of MetricKeys.
func (h HeldOut) check() error {
	known := func(es []HeldOutError, at string) error {
		for i, e := range es {
			if !slices.Contains(slices.Collect(maps.Values(MetricKeys)), e.Metric) {
				return fmt.Errorf("%s[%d]: metric: unknown metric %q", at, i, e.Metric)
			}
		}
		return nil
	}
	for i, e := range h.Eras {
		at := fmt.Sprintf("eras[%d] %q", i, e.Build)
		if err := known(e.All, at+": all"); err != nil {
			return err
		}
		for j, md := range e.Models {
			if err := known(md.Errors, fmt.Sprintf("%s: models[%d] %q: errors", at, j, md.Model)); err != nil {
				return err
			}
		}
	}
	return nil
}
