// Package codegen generates what other packages compile in or serve: the
// browser module's decoder of its data files
// (wasm/sitedata/decode/decode_gen.go, Decoder) and the API's OpenAPI
// document (wasm/api/openapi.json, OpenAPI). go generate ./gen runs them
// (gen/main.go), and make lint fails when what is committed differs. The
// English catalog's generator stays with the catalogs it reads
// (sitebuild.Messages).
package codegen

// Decoder returns the Go source of the browser module's decoder of its
// data files (package decode), generated from the data types.
func Decoder() ([]byte, error) { return decoderSource() }
