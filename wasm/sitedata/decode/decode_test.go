package decode_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/sitedata/decode"
)

// Each calculator's data file, as gen writes it, reads back equal.
func TestDataFilesRoundTrip(t *testing.T) {
	all := datasettest.Load(t)
	for _, name := range sitedata.Calculators {
		want, _ := all.For(name)
		b, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decode.Data(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the decoded data differs from the data written", name)
		}
	}
}

// Every data file of every edition reads as encoding/json reads it: the
// generated decoder is a smaller encoding/json for these types, nothing
// else (issue 37 made it table-driven).
func TestEveryEditionsDataFilesReadAsEncodingJSONReadsThem(t *testing.T) {
	e := datasettest.Editions(t, dataset.Today())
	for _, date := range e.DataDates() {
		for _, name := range sitedata.Calculators {
			part, _ := e.Data[date].For(name)
			b, err := json.Marshal(part)
			if err != nil {
				t.Fatal(err)
			}
			var want sitedata.Data
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			got, err := decode.Data(b)
			if err != nil {
				t.Fatalf("%s %s: %v", date, name, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: the decoder reads the data file otherwise than encoding/json", date, name)
			}
		}
	}
}

// A data file from another build (a field this module does not know) or a
// damaged one is refused, not half read.
func TestDataFileFromAnotherBuildIsRefused(t *testing.T) {
	for doc, msg := range map[string]string{
		`{"gpus": {"gpus": [{"id": "x", "watts": 1}]}}`: `unknown field "watts"`,
		`{"Memory": {"defaults": 1}}`:                   "want an object, found '1'",
		`{"TCO": {`:                                     "want a quoted key, found end of input",
		`{} x`:                                          "unexpected 'x' after the document",
	} {
		if _, err := decode.Data([]byte(doc)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("decode.Data(%s) = %v, want an error with %q", doc, err, msg)
		}
	}
}
