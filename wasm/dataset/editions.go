package dataset

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/sitedata"
)

// EditionsDir is the directory, inside the data directory, of the
// editions: one file per edition, named DATE.yaml, holding what changed
// that day. The oldest is the first edition, whose data is the data
// files as they are; its changes are empty.
const EditionsDir = "editions"

// Editions is the data of every edition.
type Editions struct {
	// List is every edition a scenario can pin, oldest first: the data
	// editions and each later day on which an API price changed.
	List edition.List
	// Data holds each data edition (a file of EditionsDir) by date.
	Data map[string]sitedata.Data
	// Changes is what each data edition changed, by date: one Change per
	// data file it names, in the order the files are read; none for the
	// first edition.
	Changes map[string][]Change
	// Today is the build date the editions were read as of.
	Today string
	// Held holds, by date, the data editions dated after Today: prepared
	// ahead, validated as of their own dates, and published by the first
	// build on or after that day. No scenario can pin them before.
	Held map[string]sitedata.Data
}

// Change is what an edition changed in one data file, for the changelog.
type Change struct {
	// File is the data file's name.
	File string
	// Added is how many entries the edition added to the file's lists (a
	// GPU, a row of price history); AddedIDs names those that have an
	// identity (id, name, or provider / GPU / instance).
	Added    int
	AddedIDs []string
	// Changed names the entries of the file's lists that the edition
	// changed, by identity, and the keys it changed in the file's other
	// maps ("defaults.utilization").
	Changed []string
	// Sources is how many sources the edition added.
	Sources int
}

// Newest returns the data of the newest edition, held ones included: the
// catalogs that data dated up to its day must agree with.
func (e Editions) Newest() (date string, d sitedata.Data) {
	for day, h := range e.Held {
		if day > date {
			date, d = day, h
		}
	}
	if date == "" {
		date = e.DataDates()[len(e.Data)-1]
		d = e.Data[date]
	}
	return date, d
}

// Latest returns the newest published edition's data.
func (e Editions) Latest() sitedata.Data { return e.Data[e.DataDates()[len(e.Data)-1]] }

// DataDates returns the dates of the data editions, oldest first.
func (e Editions) DataDates() []string {
	dates := make([]string, 0, len(e.Data))
	for d := range e.Data {
		dates = append(dates, d)
	}
	slices.Sort(dates)
	return dates
}

// changeFile is an edition's file.
type changeFile struct {
	// Note says what changed and why, in English, and NoteDE in German,
	// for the changelog and the feeds of each language.
	Note   string `yaml:"note"`
	NoteDE string `yaml:"note_de"`
	// Changes maps a data file's name to what changed in it: maps are
	// merged key by key; a list element with an id (or a name, or for a
	// rental offer its provider, GPU and instance) replaces the fields it
	// gives of the element with the same identity, and any other element
	// is added (a new GPU, or a new row of API price history).
	Changes map[string]any `yaml:"changes"`
}

// LoadEditions reads every edition from dir/editions and the data files
// in dir, and validates each edition's data fully as Load does, as of the
// day today (YYYY-MM-DD); an edition dated later is validated as of its
// own date and held (Editions.Held). An error names the edition's file,
// and the data file, entry and field.
func LoadEditions(fsys fs.FS, dir, today string) (Editions, error) {
	names, err := fs.Glob(fsys, path.Join(dir, EditionsDir, "*.yaml"))
	if err != nil {
		return Editions{}, err
	}
	if len(names) == 0 {
		return Editions{}, fmt.Errorf("%s: no edition: the first edition's file (DATE.yaml) is missing", path.Join(dir, EditionsDir))
	}
	slices.Sort(names)
	type change struct {
		date, file string
		changeFile
	}
	var changes []change
	for i, name := range names {
		date := strings.TrimSuffix(path.Base(name), ".yaml")
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			return Editions{}, fmt.Errorf("%s: the name must be the edition's date, YYYY-MM-DD.yaml", name)
		}
		if i == 0 && date > today {
			return Editions{}, fmt.Errorf("%s: the first edition is dated after the build date %s", name, today)
		}
		c := change{date: date, file: name}
		if err := decode(fsys, name, &c.changeFile); err != nil {
			return Editions{}, err
		}
		for _, n := range []struct{ field, text, lang string }{{"note", c.Note, "English"}, {"note_de", c.NoteDE, "German"}} {
			if n.text == "" {
				return Editions{}, fmt.Errorf("%s: %s: say what changed in this edition, in %s", name, n.field, n.lang)
			}
			if msg := fact.PlainText(n.text); msg != "" {
				return Editions{}, fmt.Errorf("%s: %s: %s", name, n.field, msg)
			}
		}
		if i == 0 && len(c.Changes) > 0 {
			return Editions{}, fmt.Errorf("%s: changes: the first edition is the data files as they are; it has no changes", name)
		}
		for file := range c.Changes {
			if !slices.Contains(dataFiles, file) {
				return Editions{}, fmt.Errorf("%s: changes.%s: not a data file (%s)", name, file, strings.Join(dataFiles, ", "))
			}
		}
		changes = append(changes, c)
	}

	out := Editions{Data: map[string]sitedata.Data{}, Changes: map[string][]Change{}, Today: today, Held: map[string]sitedata.Data{}}
	// Each edition's data files are the previous edition's with its own
	// changes applied: the first edition's are the files as they are.
	layered := fstest.MapFS{}
	for _, file := range dataFiles {
		b, err := fs.ReadFile(fsys, path.Join(dir, file))
		if err != nil {
			return Editions{}, err
		}
		layered[path.Join(dir, file)] = &fstest.MapFile{Data: b}
	}
	for i, c := range changes {
		var chs []Change
		for _, file := range dataFiles {
			patch, ok := c.Changes[file]
			if !ok {
				continue
			}
			name := path.Join(dir, file)
			b, ch, err := apply(layered[name].Data, patch)
			if err != nil {
				return Editions{}, fmt.Errorf("%s: changes.%s: %w", c.file, file, err)
			}
			ch.File = file
			chs = append(chs, ch)
			layered[name] = &fstest.MapFile{Data: b}
		}
		d, err := load(layered, dir, max(today, c.date))
		if err != nil {
			if i == 0 {
				return Editions{}, err
			}
			return Editions{}, fmt.Errorf("edition %s (%s): %w", c.date, c.file, err)
		}
		if c.date > today {
			out.Held[c.date] = d
			continue
		}
		out.List = append(out.List, edition.Edition{Date: c.date, Note: c.Note, NoteDE: c.NoteDE, Data: true})
		if chs != nil {
			out.Changes[c.date] = chs
		}
		out.Data[c.date] = d
	}
	// A price that changed after the first edition makes a day a scenario
	// can pin as well.
	first := out.List[0].Date
	for _, date := range out.Latest().Pricing.APIs.Changes() {
		if date > first && date <= today && !slices.ContainsFunc(out.List, func(e edition.Edition) bool { return e.Date == date }) {
			out.List = append(out.List, edition.Edition{Date: date})
		}
	}
	slices.SortFunc(out.List, func(a, b edition.Edition) int { return strings.Compare(a.Date, b.Date) })
	for date, d := range out.Data {
		d.Editions = out.List
		out.Data[date] = d
	}
	return out, nil
}

// apply returns the YAML document b with patch merged in (see
// changeFile), and what the patch changed in it. What it gave for the
// same document and patch before comes from memo.
func apply(b []byte, patch any) ([]byte, Change, error) {
	ordered, err := yaml.MarshalWithOptions(patch)
	if err != nil {
		return nil, Change{}, err
	}
	key := applyKey{sha256.Sum256(b), string(ordered)}
	if a, ok := memo.apply(key); ok {
		return a.out, a.ch, nil
	}
	out, ch, err := mergeYAML(b, ordered)
	if err == nil {
		memo.rememberApplied(key, len(b), applied{out, ch})
	}
	return out, ch, err
}

// mergeYAML returns the YAML document b with the patch, as YAML, merged in,
// and what the patch changed in it.
func mergeYAML(b, ordered []byte) ([]byte, Change, error) {
	var doc any
	if err := yaml.UnmarshalWithOptions(b, &doc, yaml.UseOrderedMap()); err != nil {
		return nil, Change{}, err
	}
	// Read the patch again as ordered maps, like the document.
	var p any
	if err := yaml.UnmarshalWithOptions(ordered, &p, yaml.UseOrderedMap()); err != nil {
		return nil, Change{}, err
	}
	merged, err := merge(doc, p, "")
	if err != nil {
		return nil, Change{}, err
	}
	if err := errors.Join(newDates(doc, merged, "", "")...); err != nil {
		return nil, Change{}, err
	}
	out, err := yaml.Marshal(merged)
	return out, describe(doc, p), err
}

// describe returns what patch changes in the document doc, key by key of
// the document's top level: the entries of its lists that patch adds or
// changes (an entry added and changed by the same patch is added), the
// sources it adds, and the keys of other maps it sets.
func describe(doc, patch any) Change {
	var ch Change
	d, _ := doc.(yaml.MapSlice)
	p, _ := patch.(yaml.MapSlice)
	for _, item := range p {
		key := fmt.Sprint(item.Key)
		before := lookup(d, key)
		switch v := item.Value.(type) {
		case []any:
			list, _ := before.([]any)
			for _, el := range v {
				keys := identity(el)
				if keys == nil {
					ch.Added++
					continue
				}
				id := identityName(el.(yaml.MapSlice), keys)
				switch {
				case slices.ContainsFunc(list, func(old any) bool { return sameIdentity(old, el, keys) }):
					if !slices.Contains(ch.Changed, id) {
						ch.Changed = append(ch.Changed, id)
					}
				case !slices.Contains(ch.AddedIDs, id):
					ch.Added++
					ch.AddedIDs = append(ch.AddedIDs, id)
				}
			}
		case yaml.MapSlice:
			m, _ := before.(yaml.MapSlice)
			for _, sub := range v {
				name := fmt.Sprint(sub.Key)
				if key == "sources" && lookup(m, name) == nil {
					ch.Sources++
				} else {
					ch.Changed = append(ch.Changed, key+"."+name)
				}
			}
		default:
			ch.Changed = append(ch.Changed, key)
		}
	}
	return ch
}

// identityName writes the identity of the entry m by its keys.
func identityName(m yaml.MapSlice, keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprint(lookup(m, k))
	}
	return strings.Join(parts, " / ")
}

// merge returns base with patch merged in; at names the place for errors.
func merge(base, patch any, at string) (any, error) {
	switch p := patch.(type) {
	case yaml.MapSlice:
		b, ok := base.(yaml.MapSlice)
		if !ok {
			if base != nil {
				return nil, fmt.Errorf("%s: a map changes a value that is not one", strings.TrimPrefix(at, "."))
			}
			return p, nil
		}
		out := slices.Clone(b)
		for _, item := range p {
			key := fmt.Sprint(item.Key)
			i := slices.IndexFunc(out, func(it yaml.MapItem) bool { return fmt.Sprint(it.Key) == key })
			if i < 0 {
				out = append(out, item)
				continue
			}
			v, err := merge(out[i].Value, item.Value, at+"."+key)
			if err != nil {
				return nil, err
			}
			out[i].Value = v
		}
		return out, nil
	case []any:
		b, ok := base.([]any)
		if !ok {
			if base != nil {
				return nil, fmt.Errorf("%s: a list changes a value that is not one", strings.TrimPrefix(at, "."))
			}
			return p, nil
		}
		out := slices.Clone(b)
		for _, item := range p {
			i := -1
			if keys := identity(item); keys != nil {
				i = slices.IndexFunc(out, func(el any) bool { return sameIdentity(el, item, keys) })
			}
			if i < 0 {
				out = append(out, item)
				continue
			}
			v, err := merge(out[i], item, fmt.Sprintf("%s[%d]", at, i))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return patch, nil
}

// newDates checks that every map with an as_of (a sourced figure, a
// rental offer, a model) whose numbers differ between before and after,
// the document before and after an edition, has a later as_of in after:
// a new value is a new observation, and keeping the old date would pass
// it off as what was known then. (A preset's as_of is its source's date,
// and its query no figure.) List elements are matched by identity, or by
// place in lists whose elements have none (an edition only adds to
// those). Errors name the entry and field as the data checks do.
func newDates(before, after any, entry, field string) []error {
	switch a := after.(type) {
	case yaml.MapSlice:
		b, ok := before.(yaml.MapSlice)
		if !ok {
			return nil
		}
		var errs []error
		if err := newerAsOf(b, a, entry, field); err != nil {
			errs = append(errs, err)
		}
		for _, it := range a {
			key := fmt.Sprint(it.Key)
			e, f := entry, join(field, key)
			if entry == "" && field != "" {
				e, f = field, key
			}
			errs = append(errs, newDates(lookup(b, key), it.Value, e, f)...)
		}
		return errs
	case []any:
		b, _ := before.([]any)
		var errs []error
		var index map[string]int // b's elements by identity, built once
		for i, el := range a {
			var was any
			if keys := identity(el); keys != nil {
				if index == nil {
					index = identityIndex(b)
				}
				if j, ok := index[identityKey(el.(yaml.MapSlice), keys)]; ok {
					was = b[j]
				}
			} else if i < len(b) {
				was = b[i]
			}
			e, f := entry, fmt.Sprintf("%s[%d]", field, i)
			if entry == "" {
				e, f = fmt.Sprintf("%s[%d]", field, i), ""
				if keys := identity(el); keys != nil {
					e += fmt.Sprintf(" %q", identityName(el.(yaml.MapSlice), keys))
				}
			}
			errs = append(errs, newDates(was, el, e, f)...)
		}
		return errs
	}
	return nil
}

// newerAsOf checks one map of newDates.
func newerAsOf(before, after yaml.MapSlice, entry, field string) error {
	old, ok := lookup(before, "as_of").(string)
	if !ok {
		return nil
	}
	var changed []string
	for _, it := range after {
		was := lookup(before, fmt.Sprint(it.Key))
		_, wasNumber := number(was)
		if _, isNumber := number(it.Value); (isNumber || wasNumber) && canonical(was) != canonical(it.Value) {
			changed = append(changed, fmt.Sprint(it.Key))
		}
	}
	if now := fmt.Sprint(lookup(after, "as_of")); len(changed) > 0 && now <= old {
		return fact.Errorf(entry, join(field, "as_of"), "%s is not after %s, the as_of of the value it replaces: an edition that changes %s gives the new value its own, later as_of",
			now, old, strings.Join(changed, ", "))
	}
	return nil
}

// identities are the keys that identify a list element, in order of
// preference: the first set that an element has all of. An efficiency
// group of perf.yaml is its GPU architecture and precision, and an era
// of engine builds its engine and first build, so a refit changes them
// in place.
var identities = [][]string{{"id"}, {"name"}, {"provider", "gpu", "instance"}, {"arch", "precision"}, {"engine", "from"}}

// identity returns the keys that identify el, or nil.
func identity(el any) []string {
	m, ok := el.(yaml.MapSlice)
	if !ok {
		return nil
	}
	for _, keys := range identities {
		if !slices.ContainsFunc(keys, func(k string) bool { return lookup(m, k) == nil }) {
			return keys
		}
	}
	return nil
}

func sameIdentity(a, b any, keys []string) bool {
	ma, ok := a.(yaml.MapSlice)
	if !ok {
		return false
	}
	mb := b.(yaml.MapSlice)
	for _, k := range keys {
		if va := lookup(ma, k); va == nil || fmt.Sprint(va) != fmt.Sprint(lookup(mb, k)) {
			return false
		}
	}
	return true
}

// identityIndex returns the places of list's elements under each set of
// identities they have all keys of (the first element of an identity
// wins), so that an element of the edition's list finds the one it
// replaces at once: a scan of the list for each element took a quarter
// of loading the editions.
func identityIndex(list []any) map[string]int {
	index := map[string]int{}
	for j, el := range list {
		m, ok := el.(yaml.MapSlice)
		if !ok {
			continue
		}
		for _, keys := range identities {
			if slices.ContainsFunc(keys, func(k string) bool { return lookup(m, k) == nil }) {
				continue
			}
			if k := identityKey(m, keys); !hasKey(index, k) {
				index[k] = j
			}
		}
	}
	return index
}

func hasKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// identityKey names m by the values of keys.
func identityKey(m yaml.MapSlice, keys []string) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(fmt.Sprint(lookup(m, k)))
		b.WriteByte(0)
	}
	return b.String()
}

func lookup(m yaml.MapSlice, key string) any {
	for _, it := range m {
		if k, ok := it.Key.(string); ok && k == key || !ok && fmt.Sprint(it.Key) == key {
			return it.Value
		}
	}
	return nil
}
