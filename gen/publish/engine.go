package publish

import (
	"encoding/json"
	"fmt"
	"os"
	"path"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Engine publishes what the calculators' engine loads under assets/,
// named by content hash so that a browser can cache each file for good
// and a new build never mixes with an old one: the worker script (Go's
// wasm_exec.js, which must match the compiler, then site/static's
// worker.js), the browser module (the file wasm), and per data edition of
// editions one data file per calculator with only the data it reads
// (sitedata.Data.For). It returns each calculator's URLs by name.
func (s Site) Engine(wasm string, editions dataset.Editions) (map[string]*site.Engine, error) {
	goroot, err := goRoot()
	if err != nil {
		return nil, err
	}
	wasmExec, err := os.ReadFile(path.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	worker, err := site.Static.ReadFile("static/worker.js")
	if err != nil {
		return nil, err
	}
	module, err := os.ReadFile(wasm)
	if err != nil {
		return nil, fmt.Errorf("browser module: %w (run make build, which builds it)", err)
	}
	workerURL, err := s.Hashed("worker.js", append(append(wasmExec, '\n'), worker...))
	if err != nil {
		return nil, err
	}
	wasmURL, err := s.Hashed("engine.wasm", module)
	if err != nil {
		return nil, err
	}
	out := map[string]*site.Engine{}
	for _, name := range sitedata.Calculators {
		out[name] = &site.Engine{Worker: workerURL, Wasm: wasmURL}
	}
	for _, date := range editions.DataDates() {
		for _, name := range sitedata.Calculators {
			b, err := dataFile(editions, date, name)
			if err != nil {
				return nil, err
			}
			dataURL, err := s.Hashed("data/"+name+".json", b)
			if err != nil {
				return nil, err
			}
			// The last is the latest: the page preloads it.
			out[name].Data = dataURL
			out[name].Editions = append(out[name].Editions, site.DataFile{Edition: date, URL: dataURL})
		}
	}
	return out, nil
}

// dataFile returns calculator name's data file of the data edition of
// date: the part of the data it reads (sitedata.Data.For), as the
// browser module and the worker decode it (package decode).
func dataFile(editions dataset.Editions, date, name string) ([]byte, error) {
	part, _ := editions.Data[date].For(name)
	b, err := json.Marshal(part)
	if err != nil {
		return nil, fmt.Errorf("data file of %s, edition %s: %w", name, date, err)
	}
	return b, nil
}
