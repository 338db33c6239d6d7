// Command importcalibration writes the snapshots of measured serving runs
// under content/data/calibration, as calibration rows (wasm/calibration)
// with their provenance: with -csv, aiconfigurator.yaml, the runs NVIDIA's
// AIConfigurator keeps (aic-core/src/aiconfigurator_core/systems/silicon_sample.csv
// in ai-dynamo/aiconfigurator, Apache-2.0); with -results, inferencemax-amd.yaml,
// the AMD runs of InferenceMAX's CI results as gminneci/mantile copied
// them. Re-run it on a newer commit (README, "Calibration data"); the
// snapshots are never edited by hand.
package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
)

func main() {
	if err := execute(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "importcalibration:", err)
		os.Exit(1)
	}
}

// samplePath is the file in ai-dynamo/aiconfigurator.
const samplePath = "aic-core/src/aiconfigurator_core/systems/silicon_sample.csv"

var commitSHA = regexp.MustCompile(`^[0-9a-f]{40}$`)

func execute(args []string) error {
	fl := flag.NewFlagSet("importcalibration", flag.ContinueOnError)
	in := fl.String("csv", "", "silicon_sample.csv of ai-dynamo/aiconfigurator as of -commit")
	results := fl.String("results", "", "a checkout of gminneci/mantile's "+resultsDir+" as of -commit")
	commit := fl.String("commit", "", "the commit the file is read at (40 hex digits)")
	published := fl.String("published", "", "the commit's date, YYYY-MM-DD")
	today := fl.String("date", time.Now().UTC().Format(time.DateOnly), "the day of the import, YYYY-MM-DD")
	out := fl.String("out", "", "the snapshot to write (content/data/calibration/aiconfigurator.yaml with -csv, inferencemax-amd.yaml with -results)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if (*in == "") == (*results == "") {
		return fmt.Errorf("want one of -csv and -results")
	}
	if !commitSHA.MatchString(*commit) {
		return fmt.Errorf("-commit: want 40 hex digits, got %q", *commit)
	}
	for _, d := range []string{*published, *today} {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return fmt.Errorf("want dates YYYY-MM-DD: %w", err)
		}
	}
	meta := Meta{Published: *published, AsOf: *today}
	var (
		imp  Import
		snap snapshot
		err  error
	)
	if *in != "" {
		snap = silicon(*commit)
		imp, err = readSample(*in, meta)
	} else {
		snap = inferenceMAX(*commit)
		imp, err = ReadResults(os.DirFS(*results), ".", meta)
	}
	if err != nil {
		return err
	}
	b, err := encode(imp, snap)
	if err != nil {
		return err
	}
	if *out == "" {
		*out = "content/data/calibration/" + snap.file
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		return err
	}
	report(os.Stdout, imp)
	return nil
}

// readSample reads the AIConfigurator sample at name.
func readSample(name string, meta Meta) (Import, error) {
	f, err := os.Open(name)
	if err != nil {
		return Import{}, err
	}
	defer f.Close()
	imp, err := Read(f, meta)
	if err != nil {
		return imp, fmt.Errorf("%s: %w", name, err)
	}
	return imp, nil
}

// snapshot is what a snapshot says of where its runs come from: its file
// name, the lines of its header and its sources.
type snapshot struct {
	file, header string
	sources      fact.Sources
}

// silicon is the snapshot of the AIConfigurator sample at commit: its two
// sources, the file at commit.
func silicon(commit string) snapshot {
	url := "https://github.com/ai-dynamo/aiconfigurator/blob/" + commit + "/" + samplePath
	return snapshot{file: "aiconfigurator.yaml", header: fmt.Sprintf(`# The measured runs of ai-dynamo/aiconfigurator at commit %s,
# %s, as calibration rows (wasm/calibration); runs
# left out are counted under dropped, with why.
`, commit, samplePath), sources: fact.Sources{
		InferenceX: {Title: "NVIDIA AIConfigurator's silicon_sample.csv (Apache-2.0): SemiAnalysis InferenceX runs of vLLM, SGLang and TensorRT-LLM builds, mean TTFT and TPOT per run, with the build, parallelism and concurrency of each (InferenceX's settings: random lengths from 0.8 to 1 times those set, ten requests per request in flight, SemiAnalysisAI/InferenceX README)", URL: url},
		NVIDIA:     {Title: "NVIDIA AIConfigurator's silicon_sample.csv (Apache-2.0): runs NVIDIA measured for its own gap analyses, mean TTFT and TPOT per run, with the build, parallelism and concurrency of each", URL: url},
	}}
}

// inferenceMAX is the snapshot of InferenceMAX's results as mantile
// copied them at commit.
func inferenceMAX(commit string) snapshot {
	return snapshot{file: "inferencemax-amd.yaml", header: fmt.Sprintf(`# The runs on AMD GPUs of InferenceMAX's CI results (results_bmk, agg_bmk.json),
# as gminneci/mantile copied them at commit %s into
# %s, as calibration rows (wasm/calibration); runs left out
# are counted under dropped, with why.
`, commit, resultsDir), sources: fact.Sources{
		InferenceMAX: {Title: "InferenceMAX by SemiAnalysis (Apache-2.0): results of its run-sweep CI runs of December 2025 and January 2026, as gminneci/mantile copied them (agg_bmk.json per run): SGLang ROCm builds serving DeepSeek-R1-0528 on MI300X, MI325X and MI355X, with mean, median and P99 TTFT, TPOT and end-to-end latency and output tokens/s per GPU (InferenceMAX's settings at commit 3ed47664: random lengths from 0.8 to 1 times those set, the concurrency kept in flight)",
			URL: "https://github.com/gminneci/mantile/tree/" + commit + "/" + resultsDir},
	}}
}

// encode writes the snapshot, one row a line.
func encode(imp Import, snap snapshot) ([]byte, error) {
	var b strings.Builder
	b.WriteString("# Generated by go run ./gen/importcalibration: do not edit.\n" + snap.header)
	flow := func(prefix string, v any) error {
		s, err := yaml.MarshalWithOptions(v, yaml.Flow(true))
		if err != nil {
			return err
		}
		b.WriteString(prefix + strings.TrimSpace(string(s)) + "\n")
		return nil
	}
	src := snap.sources
	b.WriteString("sources:\n")
	for _, k := range slices.Sorted(maps.Keys(src)) {
		if err := flow("  "+k+": ", src[k]); err != nil {
			return nil, err
		}
	}
	b.WriteString("\ndropped:\n")
	for _, d := range dropped(imp) {
		if err := flow("  - ", d); err != nil {
			return nil, err
		}
	}
	b.WriteString("\nrows:\n")
	for _, r := range imp.Rows {
		if err := flow("  - ", r); err != nil {
			return nil, err
		}
	}
	return []byte(b.String()), nil
}

// dropped is the runs left out by reason, most first.
func dropped(imp Import) []calibration.Dropped {
	var out []calibration.Dropped
	for reason, n := range imp.Dropped {
		out = append(out, calibration.Dropped{Reason: reason, Runs: n})
	}
	slices.SortFunc(out, func(a, b calibration.Dropped) int {
		if a.Runs != b.Runs {
			return b.Runs - a.Runs
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	return out
}

// report tells what was imported.
func report(w io.Writer, imp Import) {
	fmt.Fprintf(w, "%d rows\n", len(imp.Rows))
	for _, d := range dropped(imp) {
		fmt.Fprintf(w, "%d dropped: %s\n", d.Runs, d.Reason)
	}
}
