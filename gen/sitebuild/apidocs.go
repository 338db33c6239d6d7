package sitebuild

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/infercost/infercost/wasm/calc"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// The parts of an OpenAPI 3.1 document that the API reference shows.
type (
	apiDoc struct {
		Paths      map[string]map[string]apiOp `json:"paths"`
		Components struct {
			Schemas   map[string]apiSchema   `json:"schemas"`
			Responses map[string]apiResponse `json:"responses"`
		} `json:"components"`
	}
	apiOp struct {
		Summary     string                 `json:"summary"`
		Description string                 `json:"description"`
		Parameters  []apiParam             `json:"parameters"`
		Responses   map[string]apiResponse `json:"responses"`
	}
	apiParam struct {
		Name        string    `json:"name"`
		In          string    `json:"in"`
		Required    bool      `json:"required"`
		Description string    `json:"description"`
		Schema      apiSchema `json:"schema"`
	}
	apiResponse struct {
		Ref         string              `json:"$ref"`
		Description string              `json:"description"`
		Content     map[string]struct{} `json:"content"`
	}
	apiSchema struct {
		Type        any                  `json:"type"` // a name, or a list of names
		Ref         string               `json:"$ref"`
		Enum        []string             `json:"enum"`
		AllOf       []apiSchema          `json:"allOf"`
		Minimum     *float64             `json:"minimum"`
		Maximum     *float64             `json:"maximum"`
		Default     any                  `json:"default"`
		Const       any                  `json:"const"`
		Description string               `json:"description"`
		Items       *apiSchema           `json:"items"`
		Required    []string             `json:"required"`
		Properties  map[string]apiSchema `json:"properties"`
	}
)

// apiReference is the API page's reference, written from the API's own
// OpenAPI document (wasm/api), so that the page and the API cannot
// disagree: every operation with its parameters, answers and a curl and
// a Python example against apiRoot (the worker's origin and base), then
// every schema with its fields. Examples ask for the latest edition and
// each calculator's first preset. The page's words are m's; the
// document's own descriptions stay as the API writes them, in English.
func apiReference(m *msg.Catalog, doc []byte, apiRoot, edition string, data *sitedata.Data) (string, error) {
	var d apiDoc
	if err := json.Unmarshal(doc, &d); err != nil {
		return "", fmt.Errorf("API document: %w", err)
	}
	paths, err := objectKeys(doc, "paths")
	if err != nil {
		return "", err
	}
	schemas, err := objectKeys(doc, "components", "schemas")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	self := strings.TrimSuffix(apiRoot, "/") + api.Prefix + "openapi.json"
	b.WriteString("<p>" + m.F("doc.api.intro", "link", `<a href="`+html.EscapeString(self)+`">`+html.EscapeString(self)+`</a>`,
		"edition", m.Date(edition)) + "</p>\n")
	for _, path := range paths {
		// The API answers GET only (and OPTIONS, for CORS).
		op, ok := d.Paths[path]["get"]
		if !ok {
			return "", fmt.Errorf("API document: %s has no GET", path)
		}
		id := "op-" + strings.Trim(strings.NewReplacer("/", "-", "{", "", "}", "", ".", "-").Replace(strings.TrimPrefix(path, api.Prefix)), "-")
		fmt.Fprintf(&b, "<h3 id=\"%s\"><code>GET %s</code></h3>\n<p>%s</p>\n", id, html.EscapeString(path),
			html.EscapeString(op.Summary))
		if op.Description != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(op.Description))
		}
		if len(op.Parameters) > 0 {
			var rows [][]string
			for _, p := range op.Parameters {
				desc := html.EscapeString(p.Description)
				if len(p.Schema.Enum) > 0 {
					desc += " " + m.F("doc.api.one_of", "values", codes(p.Schema.Enum))
				}
				if len(p.Schema.AllOf) == 1 {
					desc += " " + m.F("doc.api.one_of", "values", schemaType(m, p.Schema.AllOf[0]))
				}
				if p.Schema.Minimum != nil && p.Schema.Maximum != nil {
					desc += " " + m.F("doc.api.range", "min", m.Digits(scenario.FormatNumber(*p.Schema.Minimum)),
						"max", m.Digits(scenario.FormatNumber(*p.Schema.Maximum)))
				}
				if v := p.Schema.Default; v != nil && v != "" {
					desc += " " + m.F("doc.api.default", "value", "<code>"+html.EscapeString(fmt.Sprint(p.Schema.Default))+"</code>")
				}
				desc = strings.TrimSpace(desc)
				required := m.T("doc.api.no")
				if p.Required {
					required = m.T("doc.api.yes")
				}
				rows = append(rows, []string{"<code>" + html.EscapeString(p.Name) + "</code>", html.EscapeString(p.In), required, desc})
			}
			b.WriteString(htmlTable(heads(m, "doc.api.parameter", "doc.api.in", "doc.api.required", "doc.api.description"), rows))
		}
		var rows [][]string
		for _, status := range slices.Sorted(maps.Keys(op.Responses)) {
			r := op.Responses[status]
			if r.Ref != "" {
				r = d.Components.Responses[r.Ref[strings.LastIndex(r.Ref, "/")+1:]]
			}
			rows = append(rows, []string{status, html.EscapeString(r.Description), html.EscapeString(strings.Join(slices.Sorted(maps.Keys(r.Content)), ", "))})
		}
		b.WriteString(htmlTable(heads(m, "doc.api.status", "doc.api.meaning", "doc.api.content_type"), rows))
		url, ok := exampleURL(apiRoot, path, edition, data)
		if !ok {
			return "", fmt.Errorf("API document: no example for %s", path)
		}
		shell, py := apiExamples(url, path)
		for _, ex := range []struct{ lang, code string }{{"bash", shell}, {"python", py}} {
			code, err := highlight(ex.lang, ex.code)
			if err != nil {
				return "", err
			}
			b.WriteString(code)
		}
	}
	b.WriteString("<h2 id=\"schemas\">" + html.EscapeString(m.T("doc.api.schemas")) + "</h2>\n")
	for _, name := range schemas {
		s := d.Components.Schemas[name]
		fmt.Fprintf(&b, "<h3 id=\"%s\">%s</h3>\n", schemaID(name), html.EscapeString(name))
		if s.Description != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(s.Description))
		}
		if len(s.Enum) > 0 {
			fmt.Fprintf(&b, "<p>%s</p>\n", m.F("doc.api.one_of", "values", codes(s.Enum)))
		}
		fields, err := objectKeys(doc, "components", "schemas", name, "properties")
		if err != nil {
			fields = nil // a schema without fields of its own
		}
		var rows [][]string
		for _, field := range fields {
			p := s.Properties[field]
			required := m.T("doc.api.no")
			if slices.Contains(s.Required, field) {
				required = m.T("doc.api.yes")
			}
			rows = append(rows, []string{"<code>" + html.EscapeString(field) + "</code>", schemaType(m, p), required, html.EscapeString(p.Description)})
		}
		if len(rows) > 0 {
			b.WriteString(htmlTable(heads(m, "doc.api.field", "doc.api.type", "doc.api.always", "doc.api.description"), rows))
		}
	}
	b.WriteString(problemTypes(m, d.Components.Schemas["Problem"]))
	return b.String(), nil
}

// problemTypes lists the problem types of the document's Problem schema,
// the answer's and each rejected input's, one row each with the id its
// URI's fragment names and what it means, as the schema's descriptions
// word it ("unknown-option (a value none of allowed), …").
func problemTypes(m *msg.Catalog, problem apiSchema) string {
	meanings := map[string]string{}
	var uris []string
	for _, s := range []apiSchema{problem.Properties["type"], problem.Properties["errors"].Items.Properties["type"]} {
		for _, kind := range kindMeaning.FindAllStringSubmatch(s.Description, -1) {
			meanings[kind[1]] = kind[2]
		}
		for _, uri := range s.Enum {
			// The answer's own type is worded "URI: what it means."
			if _, meaning, ok := strings.Cut(s.Description, uri+": "); ok {
				meanings[problemID(uri)] = meaning
			}
		}
		uris = append(uris, s.Enum...)
	}
	var rows strings.Builder
	for _, uri := range uris {
		if id := problemID(uri); id != "" { // not about:blank, which the status words
			fmt.Fprintf(&rows, "<tr id=\"problem-%s\"><td><code>%s</code></td><td>%s</td></tr>\n", id, html.EscapeString(uri), html.EscapeString(meanings[id]))
		}
	}
	return "<h3 id=\"problem-types\">" + html.EscapeString(m.T("doc.api.problem_types")) + "</h3>\n<table>\n<thead><tr><th>" +
		html.EscapeString(m.T("doc.api.type")) + "</th><th>" + html.EscapeString(m.T("doc.api.meaning")) + "</th></tr></thead>\n<tbody>\n" +
		rows.String() + "</tbody>\n</table>\n"
}

// problemID is the kind a problem type's URI names in its fragment
// ("#problem-out-of-range": "out-of-range"), "" for another URI.
func problemID(uri string) string {
	_, frag, _ := strings.Cut(uri, "#")
	id, _ := strings.CutPrefix(frag, "problem-")
	if id == frag {
		return ""
	}
	return id
}

// kindMeaning finds "kind (what it means)" in a schema's description.
var kindMeaning = regexp.MustCompile(`\b([a-z]+(?:-[a-z]+)*) \(([^()]+)\)`)

// codes lists values as code, separated by commas.
func codes(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = "<code>" + html.EscapeString(v) + "</code>"
	}
	return strings.Join(out, ", ")
}

// exampleURL is an operation's example request: a calculator with its
// first preset, the GPU catalog, the TCO presets, the editions, or the
// document itself, on the edition.
func exampleURL(root, path, edition string, data *sitedata.Data) (string, bool) {
	rest := strings.TrimPrefix(path, api.Prefix)
	root = strings.TrimSuffix(root, "/") + api.Prefix
	switch {
	case rest == "catalog/{catalog}":
		return root + "catalog/gpus?ed=" + edition, true
	case rest == "openapi.json", rest == "editions":
		return root + rest, true
	case rest == "presets/{calculator}":
		return root + "presets/tco?ed=" + edition, true
	}
	if ps := data.Presets(rest); len(ps) > 0 {
		return root + rest + "?ed=" + edition + "&preset=" + ps[0].Name, true
	}
	if calc.Known(rest) {
		// A calculator without presets: its default scenario.
		return root + rest + "?ed=" + edition, true
	}
	return "", false
}

// apiExamples returns a shell and a Python example of the request url.
func apiExamples(url, path string) (shell, python string) {
	shell = "curl -sS '" + url + "'"
	if strings.HasSuffix(path, "openapi.json") {
		return shell, "import json, urllib.request\n\nwith urllib.request.urlopen(\"" + url + "\") as r:\n    doc = json.load(r)\nprint(sorted(doc[\"paths\"]))\n"
	}
	if strings.Contains(path, "catalog") {
		return shell, "import json, urllib.request\n\nwith urllib.request.urlopen(\"" + url + "\") as r:\n    catalog = json.load(r)\nprint(catalog[\"edition\"], len(catalog[\"data\"]))\n"
	}
	if strings.HasSuffix(path, "editions") {
		return shell, "import json, urllib.request\n\nwith urllib.request.urlopen(\"" + url + "\") as r:\n    editions = json.load(r)\nprint(editions[\"latest\"], [e[\"date\"] for e in editions[\"editions\"]])\n"
	}
	if strings.Contains(path, "presets") {
		return shell, "import json, urllib.request\n\nwith urllib.request.urlopen(\"" + url + "\") as r:\n    presets = json.load(r)\nfor p in presets[\"presets\"]:\n    print(p[\"name\"], p[\"title\"], p[\"query\"])\n"
	}
	return shell, `import json, urllib.error, urllib.request

url = "` + url + `"
try:
    with urllib.request.urlopen(url) as r:
        answer = json.load(r)
except urllib.error.HTTPError as e:
    # 400: a value was rejected; the problem names every field.
    problem = json.load(e)
    for err in problem.get("errors", []):
        print(err["field"], err["message"])
    raise
print(answer["headline"]["text"])
for figure in answer["headline"]["figures"]:
    print(figure["label"], figure["text"])
`
}

// highlight is code as the articles show it: chroma's classes (see
// chromaCSS).
func highlight(lang, code string) (string, error) {
	lexer := lexers.Get(lang)
	if lexer == nil {
		return "", fmt.Errorf("no lexer for %s", lang)
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := chromahtml.New(chromahtml.WithClasses(true)).Format(&b, styles.Get("github"), it); err != nil {
		return "", err
	}
	return b.String() + "\n", nil
}

// schemaID is the id of a schema's heading: its name in lower case, a
// dot (Choices.gpu) as a hyphen, so that the id is also a CSS selector.
func schemaID(name string) string {
	return "schema-" + strings.ReplaceAll(strings.ToLower(name), ".", "-")
}

// schemaType names a field's type: a schema's name, an array of one, or
// JSON's types.
func schemaType(m *msg.Catalog, s apiSchema) string {
	switch {
	case s.Ref != "":
		name := s.Ref[strings.LastIndex(s.Ref, "/")+1:]
		return "<a href=\"#" + schemaID(name) + "\">" + html.EscapeString(name) + "</a>"
	case s.Items != nil:
		return m.F("doc.api.array_of", "type", schemaType(m, *s.Items))
	case s.Const != nil:
		return html.EscapeString(fmt.Sprintf("%q", fmt.Sprint(s.Const)))
	}
	switch t := s.Type.(type) {
	case string:
		return t
	case []any:
		names := make([]string, len(t))
		for i, n := range t {
			names[i] = fmt.Sprint(n)
		}
		return strings.Join(names, m.T("doc.api.or"))
	}
	return "any"
}

// objectKeys returns the keys of the object at path in the JSON document
// doc, in the document's order (a map would lose it).
func objectKeys(doc []byte, path ...string) ([]string, error) {
	var obj map[string]json.RawMessage
	raw := json.RawMessage(doc)
	for _, key := range path {
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, err
		}
		if raw = obj[key]; raw == nil {
			return nil, fmt.Errorf("API document: no %s", strings.Join(path, "."))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("API document: " + strings.Join(path, ".") + " is not an object")
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}
