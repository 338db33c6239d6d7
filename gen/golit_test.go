package main

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
)

func TestEngineDataSourceWritesGoLiterals(t *testing.T) {
	c := gpu.Catalog{
		Sources: fact.Sources{"z": {Title: "Z \"quoted\"", URL: "/z"}, "a": {Title: "A", URL: "/a"}},
		GPUs: []gpu.GPU{{ID: "x", MemoryGB: fact.Figure{Value: 80, Source: "a", AsOf: "2024-01-02"},
			PurchaseUSD: &fact.Figure{Value: 1e6, Source: "z", Unconfirmed: true}}},
	}
	src, err := engineDataSource(c)
	if err != nil {
		t.Fatal(err)
	}
	got := string(src)
	for _, want := range []string{
		"//go:build js && wasm",
		`"github.com/infercost/infercost/wasm/fact"`,
		"var data = gpu.Catalog{",
		// map keys sorted, strings quoted
		"\"a\": fact.Source{\n\t\t\tTitle: \"A\",",
		`Title: "Z \"quoted\"",`,
		// pointers as &T{...}; zero fields left out
		"PurchaseUSD: &fact.Figure{\n\t\t\t\tValue:       1e+06,\n\t\t\t\tSource:      \"z\",\n\t\t\t\tUnconfirmed: true,\n\t\t\t},",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if strings.Index(got, `"a":`) > strings.Index(got, `"z":`) {
		t.Errorf("map keys not sorted")
	}
	if strings.Contains(got, "FP8DenseTFLOPS") || strings.Contains(got, "0x") {
		t.Errorf("nil pointer or address written:\n%s", got)
	}
}
