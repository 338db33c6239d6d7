package codegen

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// openAPIBase is the API's OpenAPI document as written by hand: its
// operations' words, the answers' schemas and the shared responses. Each
// string "@WHAT [NAME]" in it stands for what OpenAPI generates
// there from the calculators' own declarations.
//
//go:embed openapi.base.json
var openAPIBase []byte

// issueCodes are the codes of an answer's problems (api.Issue), each
// with what it means.
var issueCodes = []struct{ code, means string }{
	{scenario.UnknownParameter, "no input of the calculator has the key"},
	{scenario.UnknownPreset, "no preset of the calculator has the name; the defaults are used"},
	{scenario.UnknownVersion, "v is not the calculator's version; the query is read as its version"},
	{scenario.RepeatedParameter, "the key is given more than once; the first value is used"},
	{scenario.MalformedParameter, "the pair holds a semicolon, which separates nothing (use &); it is dropped"},
	{scenario.NotApplicable, "the input does not apply to the scenario as the other inputs set it; it is hidden and its default used"},
	{api.CodeScenario, "the calculator's own message about the scenario, such as a model that does not fit"},
}

// OpenAPI returns the API's OpenAPI document (wasm/api/openapi.json,
// which the API serves): openAPIBase with every calculator's query
// parameters generated from the fields its form reads in the latest
// edition of the content's data (type, unit, range, default, allowed
// values), its presets, the editions, and examples that are real queries
// of the latest edition.
func OpenAPI(content fs.FS) ([]byte, error) {
	editions, _, err := accuracy.LoadEditions(content, "data", dataset.Today())
	if err != nil {
		return nil, err
	}
	var set calc.Set
	for date, d := range editions.Data {
		set.Load(date, d)
	}
	d, latest := set.Data("")
	shared := sharedChoices{}
	parts := map[string]any{
		"@edition":           editionParameter(d),
		"@issue-codes":       issueCodesSchema(),
		"@examples editions": map[string]example{"all": {Summary: "Every edition", Value: api.EditionsOf(d)}},
		"@examples presets": map[string]example{"tco": {Summary: "The TCO calculator's presets in the latest edition",
			Value: api.PresetsOf("tco", latest, d)}},
		"@examples catalog": map[string]example{"gpus": {Summary: "The GPUs of the latest edition",
			ExternalValue: api.Prefix + "catalog/gpus?" + edition.Key + "=" + latest}},
	}
	for _, name := range sitedata.Calculators {
		params, rejected, err := calculatorParameters(&set, d, name, latest, shared)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		parts["@parameters "+name] = params
		parts["@rejected "+name] = rejected
		ex := map[string]example{"default": {Summary: "The default scenario of the latest edition",
			ExternalValue: api.Prefix + name + "?" + edition.Key + "=" + latest}}
		if ps := d.Presets(name); len(ps) > 0 {
			ex[ps[0].Name] = example{Summary: "The preset “" + ps[0].Title + "”",
				ExternalValue: api.Prefix + name + "?" + api.PresetsOf(name, latest, d).Presets[0].Query}
		}
		parts["@examples "+name] = ex
	}
	doc := openAPIBase
	// The shared lists of values go first among the schemas.
	if len(shared) > 0 {
		b, err := json.Marshal(shared)
		if err != nil {
			return nil, err
		}
		at := []byte(`"schemas": {`)
		if bytes.Count(doc, at) != 1 {
			return nil, fmt.Errorf("openapi.base.json: want one %s", at)
		}
		doc = bytes.Replace(doc, at, append(append(at, b[1:len(b)-1]...), ','), 1)
	}
	for k, v := range parts {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		placeholder := []byte(strconv.Quote(k))
		if !bytes.Contains(doc, placeholder) {
			return nil, fmt.Errorf("openapi.base.json has no %s", placeholder)
		}
		doc = bytes.ReplaceAll(doc, placeholder, b)
	}
	if m := regexp.MustCompile(`"@[^"]*"`).Find(doc); m != nil {
		return nil, fmt.Errorf("openapi.base.json: nothing generates %s", m)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, doc, "", " "); err != nil {
		return nil, fmt.Errorf("the generated document: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// The parts of an OpenAPI document that OpenAPI writes, in the
// order the specification lists their fields.
type (
	parameter struct {
		Name        string `json:"name"`
		In          string `json:"in"`
		Required    bool   `json:"required"`
		Description string `json:"description"`
		Schema      any    `json:"schema"` // a schema or a ref
		Example     any    `json:"example,omitempty"`
	}
	schema struct {
		Type        string   `json:"type"`
		Format      string   `json:"format,omitempty"`
		Description string   `json:"description,omitempty"`
		Enum        []string `json:"enum,omitempty"`
		Minimum     *float64 `json:"minimum,omitempty"`
		Maximum     *float64 `json:"maximum,omitempty"`
		MaxLength   int      `json:"maxLength,omitempty"`
		Pattern     string   `json:"pattern,omitempty"`
		Default     any      `json:"default,omitempty"`
		// Unit is the unit of a number, as the form shows it.
		Unit string `json:"x-unit,omitempty"`
		// Labels are the form's labels of the allowed values (Redoc
		// shows them).
		Labels map[string]string `json:"x-enumDescriptions,omitempty"`
	}
	// ref is a schema that refers to a shared one, with the default of
	// the parameter that uses it.
	ref struct {
		AllOf   []map[string]string `json:"allOf"`
		Default any                 `json:"default,omitempty"`
	}
	example struct {
		Summary       string `json:"summary"`
		Value         any    `json:"value,omitempty"`
		ExternalValue string `json:"externalValue,omitempty"`
	}
)

// editionParameter is ed, the edition a query pins, as the catalogs and
// presets take it.
func editionParameter(d *sitedata.Data) parameter {
	f := d.Editions.Field(msg.English, "", nil)
	return parameter{Name: f.Key, In: "query", Description: "The data edition, YYYY-MM-DD (default: the latest). An answer for a pinned edition never changes.",
		Schema: choiceSchema(f.Choices, f.Default, "date")}
}

// issueCodesSchema is the schema of an Issue's code.
func issueCodesSchema() schema {
	s := schema{Type: "string", Labels: map[string]string{}}
	for _, c := range issueCodes {
		s.Enum = append(s.Enum, c.code)
		s.Labels[c.code] = c.means
	}
	s.Description = "Why the problem is said; a code never changes meaning."
	return s
}

// sharedChoices are the lists of values that several inputs allow (the
// GPUs of each option), written once under components/schemas by name.
type sharedChoices map[string]schema

// minShared is the fewest values a list has to be shared.
const minShared = 8

// use returns a ref to s, shared under a name of calculator calc and
// the key's last part: the schema itself for a short list or an edition.
func (sc sharedChoices) use(s schema, calc, key string) any {
	if len(s.Enum) < minShared || key == edition.Key {
		return s
	}
	def := s.Default
	s.Default = nil
	name := sc.find(s)
	if name == "" {
		name = "Choices." + key[strings.LastIndex(key, ".")+1:]
		if _, taken := sc[name]; taken {
			name += "." + calc
		}
		for n := 2; ; n++ {
			if _, taken := sc[name]; !taken {
				break
			}
			name = fmt.Sprintf("%s.%s%d", name, calc, n)
		}
		sc[name] = s
	}
	return ref{AllOf: []map[string]string{{"$ref": "#/components/schemas/" + name}}, Default: def}
}

// find returns the name of a shared list equal to s, or "".
func (sc sharedChoices) find(s schema) string {
	for name, old := range sc {
		if slices.Equal(old.Enum, s.Enum) && maps.Equal(old.Labels, s.Labels) {
			return name
		}
	}
	return ""
}

// probed is what the form declares for one input over the scenarios
// tried: the default scenario's field, and every value allowed in any.
type probed struct {
	in     scenario.Input
	values []scenario.Choice
	// varies is set where the allowed values, the range or the default
	// depend on other inputs.
	varies bool
}

// calculatorParameters returns calculator name's query parameters: v,
// preset, every input the form reads, in the form's order, and tab; and
// an example of a rejected value. The inputs are those of the default
// scenario, of every preset and of every value of each choice (a GPU's
// rental offers are its own), so that a field shown only for some
// choices is listed too.
func calculatorParameters(set *calc.Set, d *sitedata.Data, name, latest string, shared sharedChoices) ([]parameter, map[string]example, error) {
	base := set.Page(name, "")
	var order []string
	fields := map[string]*probed{}
	add := func(p view.Page) {
		for _, in := range p.Inputs {
			f, ok := fields[in.Key]
			if !ok {
				f = &probed{in: in}
				fields[in.Key] = f
				order = append(order, in.Key)
			} else if in.Default != f.in.Default || in.Min != f.in.Min || in.Max != f.in.Max || len(in.Choices) != len(f.in.Choices) {
				f.varies = true
			}
			for _, c := range in.Choices {
				if !containsValue(f.values, c.Value) {
					if ok {
						f.varies = true
					}
					f.values = append(f.values, c)
				}
			}
		}
	}
	add(base)
	for _, p := range d.Presets(name) {
		add(set.Page(name, scenario.PresetKey+"="+scenario.QueryEscape(p.Name)))
	}
	for _, in := range base.Inputs {
		if in.Key == edition.Key {
			continue // another edition is another form: its own data
		}
		for _, c := range in.Choices {
			if c.Value != in.Default {
				add(set.Page(name, scenario.QueryEscape(in.Key)+"="+scenario.QueryEscape(c.Value)))
			}
		}
	}
	version, _ := scenario.ParseQuery(base.Query).Lookup(scenario.VersionKey)
	out := []parameter{{Name: scenario.VersionKey, In: "query",
		Description: "The version of the query's format, which every link the pages write carries. Another is read as this one and said in problems (unknown_version).",
		Schema:      schema{Type: "string", Enum: []string{version}, Default: version}}}
	presets := schema{Type: "string", Labels: map[string]string{}}
	for _, p := range d.Presets(name) {
		presets.Enum = append(presets.Enum, p.Name)
		presets.Labels[p.Name] = p.Title
	}
	pp := parameter{Name: scenario.PresetKey, In: "query", Schema: presets,
		Description: "A named preset of the calculator, as on its page (see /api/v1/presets/" + name + "): its values stand in for the defaults. An unknown one is said in problems (unknown_preset)."}
	if len(presets.Enum) > 0 {
		pp.Example = presets.Enum[0]
	}
	out = append(out, pp)
	var rejected map[string]example
	for _, key := range order {
		f := fields[key]
		p := fieldParameter(f, latest)
		p.Schema = shared.use(p.Schema.(schema), name, key)
		out = append(out, p)
		in := f.in
		if rejected != nil || in.IsChoice() || in.IsText() || in.Hidden || in.Max*10 <= in.Max {
			continue
		}
		// The first number shown, given ten times its maximum.
		q := scenario.QueryEscape(key) + "=" + scenario.FormatNumber(in.Max*10)
		if !rejectedIn(set.Page(name, q), key) {
			return nil, nil, fmt.Errorf("%s is not rejected", q)
		}
		rejected = map[string]example{"out_of_range": {Summary: "“" + in.Label + "” out of range",
			ExternalValue: api.Prefix + name + "?" + q}}
	}
	if rejected == nil {
		return nil, nil, fmt.Errorf("no number input to reject")
	}
	out = append(out, parameter{Name: scenario.TabKey, In: "query", Schema: schema{Type: "string"},
		Description: "The chart the page shows, which links keep; no figure depends on it."})
	return out, rejected, nil
}

// rejectedIn reports whether page p rejected its input key.
func rejectedIn(p view.Page, key string) bool {
	for _, in := range p.Inputs {
		if in.Key == key {
			return in.Error != ""
		}
	}
	return false
}

// containsValue reports whether cs has a choice of value v.
func containsValue(cs []scenario.Choice, v string) bool {
	for _, c := range cs {
		if c.Value == v {
			return true
		}
	}
	return false
}

// fieldParameter is the query parameter of a field as the form declares
// it: a choice's allowed values and their labels, a number's range, unit
// and kind (integer or not), a text's characters and length; the
// default; and in words its label, section, help and where it applies.
func fieldParameter(f *probed, latest string) parameter {
	in := f.in
	var s schema
	switch {
	case in.IsChoice():
		format := ""
		if in.Key == edition.Key {
			format = "date"
		}
		s = choiceSchema(f.values, in.Default, format)
		if f.varies {
			s.Labels = nil // a value's label depends on the other inputs too
		}
		if in.Versions {
			s.Enum, s.Pattern = nil, buildsPattern(f.values)
		}
	case in.IsText():
		s = textSchema(in.Field)
	default:
		s = schema{Type: "number", Minimum: ptr(in.Min), Maximum: ptr(in.Max), Unit: in.Unit}
		v, _ := strconv.ParseFloat(in.Default, 64)
		s.Default = v
		if in.Integer {
			s.Type, s.Default = "integer", int64(v)
		}
	}
	words := []string{in.Label}
	if in.Section != "" {
		words[0] += " (" + in.Section + ")"
	}
	words[0] += "."
	if in.Help != "" {
		words = append(words, sentence(in.Help))
	}
	if in.Unit != "" && !in.IsChoice() {
		words = append(words, "Unit: "+in.Unit+".")
	}
	if in.Money {
		words = append(words, "An amount in the display currency (cur); the unit shown is the default currency's.")
	}
	if in.Only != "" {
		words = append(words, "Applies to options of kind “"+in.Only+"” only.")
	}
	if f.varies {
		words = append(words, "What it allows or defaults to depends on other inputs: the answer's inputs give the default used.")
	}
	if in.Key == edition.Key {
		words = append(words, "Every link the pages write pins it; "+latest+" is the latest.")
	}
	return parameter{Name: in.Key, In: "query", Description: strings.Join(words, " "), Schema: s}
}

// sentence ends s with a full stop unless it ends a sentence already.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, ")") {
		return s
	}
	return s + "."
}

// buildsPattern is the pattern of a serving engine field that reads a
// link's engine@build (scenario.Field Versions): one of the listed
// engines, with a build of up to three numbers or none.
func buildsPattern(cs []scenario.Choice) string {
	var engines []string
	for _, c := range cs {
		if e, _ := serving.SplitEngine(c.Value); !slices.Contains(engines, e) {
			engines = append(engines, e)
		}
	}
	return `^(` + strings.Join(engines, "|") + `)(@[0-9]+(\.[0-9]+){0,2})?$`
}

// choiceSchema is a choice's schema: its values with their labels.
func choiceSchema(cs []scenario.Choice, def, format string) schema {
	s := schema{Type: "string", Format: format, Default: def, Labels: map[string]string{}}
	for _, c := range cs {
		s.Enum = append(s.Enum, c.Value)
		if c.Label != "" && c.Label != c.Value {
			s.Labels[c.Value] = c.Label
		}
	}
	return s
}

// textSchema is a text field's schema: what scenario.Field.Parse keeps.
func textSchema(f scenario.Field) schema {
	s := schema{Type: "string", Default: f.Default}
	switch {
	case f.Words:
		s.MaxLength, s.Pattern = scenario.MaxWords, "^[A-Za-z0-9 "+charClass(scenario.WordChars)+"]*$"
	case f.Name:
		s.MaxLength, s.Pattern = scenario.MaxName, "^[A-Za-z0-9"+charClass(scenario.NameChars)+"]*$"
	case f.Numbers:
		s.MaxLength, s.Pattern = scenario.MaxText, "^[0-9.eE+"+charClass(scenario.NumbersSeparators)+"-]*$"
	default:
		s.MaxLength, s.Pattern = scenario.MaxText, "^[a-z0-9"+charClass(scenario.TextChars)+"]*$"
	}
	return s
}

// charClass writes the characters of chars other than ASCII letters and
// digits (which the classes list as ranges) for a regular expression's
// character class: each escaped, and '-' last, where it is no range.
func charClass(chars string) string {
	var b strings.Builder
	dash := false
	for _, c := range chars {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			continue
		case c == '-':
			dash = true
			continue
		}
		b.WriteString(regexp.QuoteMeta(string(c)))
	}
	if dash {
		b.WriteByte('-')
	}
	return b.String()
}

func ptr(v float64) *float64 {
	if math.IsInf(v, 0) {
		return nil
	}
	return &v
}
