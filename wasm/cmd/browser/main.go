//go:build js && wasm

// Command browser is the engine's host in the web page. It only moves
// values: it exposes one function per calculator, infercost.tco(query),
// infercost.memory(query), infercost.pricing(query) and
// infercost.performance(query), which return what
// the page should show as JSON (see view.Page.Update);
// infercost.tcoConvert and infercost.pricingConvert(query, currency), which
// return the query with its amounts in another currency; and
// infercost.pricingExport(query, "csv" or "md"), the comparison table. The data is
// compiled in (data_gen.go, written by gen -engine-data), and nothing here
// uses encoding/json, net/url or go-echarts: they would more than double the
// module's download (see package plainjson).
package main

import (
	"syscall/js"

	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/plainjson"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/tcoview"
)

func main() {
	data.Link()
	api := js.Global().Get("Object").New()
	api.Set("tco", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return string(plainjson.Append(nil, tcoview.Build(tcoview.Resolve(arg(args, 0), data.TCO)).Update()))
	}))
	api.Set("tcoConvert", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return tcoview.Convert(arg(args, 0), arg(args, 1), data.TCO)
	}))
	api.Set("memory", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return string(plainjson.Append(nil, memview.Build(memview.Resolve(arg(args, 0), data.Memory), data.Memory).Update()))
	}))
	api.Set("pricing", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return string(plainjson.Append(nil, pricingview.Build(pricingview.Resolve(arg(args, 0), data.Pricing), data.Pricing).Update()))
	}))
	api.Set("pricingConvert", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return pricingview.Convert(arg(args, 0), arg(args, 1), data.Pricing)
	}))
	api.Set("pricingExport", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return pricingview.Build(pricingview.Resolve(arg(args, 0), data.Pricing), data.Pricing).Export(arg(args, 1))
	}))
	api.Set("performance", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return string(plainjson.Append(nil, perfview.Build(perfview.Resolve(arg(args, 0), data.Perf)).Update()))
	}))
	js.Global().Set("infercost", api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("infercost:ready"))
	select {}
}

func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}
