//go:build js && wasm

// Command browser is the engine's host in the web page's worker
// (site/static/worker.js). It only moves values: it exposes
// infercost.load(calculator, bytes), which reads the calculator's data
// file (see sitedata.Data.For and package decode) and returns an error
// message or ""; one function per calculator, infercost.tco(query),
// infercost.memory(query), infercost.pricing(query) and
// infercost.performance(query), which return what the page should change,
// as JSON, since the previous call to the same function (see
// view.Page.Update and Since), from the data of the edition the query
// pins (see package calc);
// infercost.tcoConvert and infercost.pricingConvert(query, currency), which
// return the query with its amounts in another currency;
// infercost.export(calculator, query, "csv", "json" or "md", link), the
// page's figures as a file (see package report);
// infercost.hfModel(config, index), a Hugging Face config.json (and its
// model.safetensors.index.json, or "") read into the custom model's
// fields, as JSON {query, note} or {error} (see package hfmodel);
// infercost.qr(link), the link's QR code for the printed handout as an
// SVG document, or "" for a link too long for one (see package qr); and
// infercost.messages(lang, bytes), called before load, which makes the pages' words and
// numbers those of lang from its catalog (published by gen, English's
// too: the module is built with the tag noenglish, see package msg) and
// returns an error message or ""; and
// infercost.collect(), which collects garbage. Nothing here uses
// encoding/json, net/url or go-echarts: they would more than double the
// module's download (see packages plainjson and jsonread).
package main

import (
	"runtime"
	"runtime/debug"
	"syscall/js"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/hfmodel"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/plainjson"
	"github.com/infercost/infercost/wasm/qr"
	"github.com/infercost/infercost/wasm/report"
	"github.com/infercost/infercost/wasm/sitedata/decode"
	"github.com/infercost/infercost/wasm/view"
)

// calcs builds the pages from the data editions loaded.
var calcs calc.Set

func main() {
	// The reader types in bursts. A keystroke allocates a few hundred KB
	// and the live heap is under 2 MB, so Go's default pacing collected
	// every seventh keystroke or so, delaying that answer by a few ms.
	// Garbage is collected while the reader pauses instead
	// (infercost.collect, which the worker calls when idle); the limit
	// bounds the heap within a long burst.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(32 << 20)
	api := js.Global().Get("Object").New()
	api.Set("load", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 || args[2].Type() != js.TypeObject {
			return "infercost.load needs a calculator, an edition and its data"
		}
		b := make([]byte, args[2].Get("length").Int())
		js.CopyBytesToGo(b, args[2])
		d, err := decode.Data(b)
		if err != nil {
			return "the data file does not fit this engine: " + err.Error()
		}
		calcs.Load(arg(args, 1), d)
		// The page shows the latest edition's default scenario,
		// pre-rendered by gen from the same data: the first answer sends
		// only what differs.
		if name := arg(args, 0); calc.Known(name) && arg(args, 1) == d.Editions.DataOnly().Latest() {
			p := calcs.Page(name, "")
			shown[name] = &p
		}
		return ""
	}))
	for _, c := range calc.Calculators {
		// The functions keep only what they call: holding the whole
		// entry adds 1.8 KB gzip to the module.
		name, convert := c.Name, c.Convert
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			return changes(name, calcs.Page(name, arg(args, 0)))
		}))
		if convert != nil {
			api.Set(name+"Convert", js.FuncOf(func(_ js.Value, args []js.Value) any {
				d, _ := calcs.Data(arg(args, 0))
				return convert(arg(args, 0), arg(args, 1), d)
			}))
		}
	}
	api.Set("messages", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[1].Type() != js.TypeObject {
			return "infercost.messages needs a language and its catalog"
		}
		b := make([]byte, args[1].Get("length").Int())
		js.CopyBytesToGo(b, args[1])
		m, err := msg.Parse(arg(args, 0), b)
		if err != nil {
			return "the catalog does not read: " + err.Error()
		}
		if m.Lang == msg.English.Lang {
			msg.UseEnglish(m)
			m = msg.English
		}
		// Called before load, so that the page load takes as shown is
		// the one gen rendered in this language.
		calcs.Msgs = m
		return ""
	}))
	api.Set("export", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name := arg(args, 0)
		return report.Write(calcs.Msgs, arg(args, 2), name, arg(args, 3), calcs.Page(name, arg(args, 1)))
	}))
	api.Set("hfModel", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var index []byte
		if s := arg(args, 1); s != "" {
			index = []byte(s)
		}
		m, err := hfmodel.ReadIn(calcs.Msgs, []byte(arg(args, 0)), index)
		out := map[string]any{"query": custom.ModelQuery(m), "note": m.Note}
		if err != nil {
			out = map[string]any{"error": err.Error()}
		}
		return string(plainjson.Append(nil, out))
	}))
	api.Set("qr", js.FuncOf(func(_ js.Value, args []js.Value) any {
		code, err := qr.Encode(arg(args, 0))
		if err != nil {
			return ""
		}
		return code.SVG(3)
	}))
	api.Set("collect", js.FuncOf(func(js.Value, []js.Value) any {
		runtime.GC()
		return nil
	}))
	js.Global().Set("infercost", api)
	select {}
}

// shown holds the page each function last returned: what its page shows.
var shown = map[string]*view.Page{}

// changes returns, as JSON, what the page of calculator name must change
// to show p.
func changes(name string, p view.Page) string {
	out := p.Since(shown[name])
	shown[name] = &p
	return string(plainjson.Append(nil, out))
}

func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}
