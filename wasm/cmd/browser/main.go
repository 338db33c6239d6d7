//go:build js && wasm

// Command browser is the engine's host in the web page. It only converts
// values: it reads the data the page embeds, and exposes
// infercost.tco(query) and infercost.convert(query, currency), which return
// what the page should show as JSON.
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/infercost/infercost/wasm/tcoview"
)

func main() {
	if err := run(); err != nil {
		js.Global().Get("console").Call("error", "infercost: "+err.Error())
		return
	}
	select {}
}

func run() error {
	var data tcoview.Data
	el := js.Global().Get("document").Call("getElementById", "infercost-data")
	if el.IsNull() {
		return errNoData
	}
	if err := json.Unmarshal([]byte(el.Get("textContent").String()), &data); err != nil {
		return err
	}
	api := js.Global().Get("Object").New()
	api.Set("tco", js.FuncOf(func(_ js.Value, args []js.Value) any {
		b, err := json.Marshal(tcoview.Build(tcoview.Resolve(arg(args, 0), data)).Update())
		if err != nil {
			return `{"error":"` + err.Error() + `"}`
		}
		return string(b)
	}))
	api.Set("convert", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return tcoview.Convert(arg(args, 0), arg(args, 1), data)
	}))
	js.Global().Set("infercost", api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("infercost:ready"))
	return nil
}

func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

type constError string

func (e constError) Error() string { return string(e) }

const errNoData = constError("no #infercost-data element in the page")
