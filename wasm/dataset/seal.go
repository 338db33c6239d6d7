package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
)

// canonical writes a value decoded from YAML (yaml.UseOrderedMap) so
// that two values that read the same are written the same: numbers by
// their value (2, 2.0 and 2e0 alike), maps with their keys sorted.
func canonical(v any) string {
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

func writeCanonical(b *strings.Builder, v any) {
	switch v := v.(type) {
	case yaml.MapSlice:
		items := slices.Clone(v)
		slices.SortFunc(items, func(x, y yaml.MapItem) int { return strings.Compare(fmt.Sprint(x.Key), fmt.Sprint(y.Key)) })
		b.WriteByte('{')
		for i, it := range items {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(fmt.Sprint(it.Key)))
			b.WriteByte(':')
			writeCanonical(b, it.Value)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, el := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, el)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(strconv.Quote(v))
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	default:
		if f, ok := number(v); ok {
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
		} else {
			b.WriteString(strconv.Quote(fmt.Sprint(v)))
		}
	}
}

// number returns v as a float64 when it is a number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// LockFile is the seal of the published history, in the data directory:
// a digest of every sealed entry of the data files and of every sealed
// edition's changes, and of each field's values across a table's
// entries, which names the field that changed. CheckSeal checks the data
// against it; Seal writes it.
const LockFile = "editions.lock"

// Everything published before the day of sealing is sealed: the data
// files, which are the first edition and the API price history, and each
// edition dated before that day. What is sealed cannot change, lose an
// entry or gain one, with these exceptions:
//   - an API price row (api.yaml, api-genai.yaml) is sealed from the day
//     it starts: a new row starts after the sealed days, and a row that
//     starts later (an announced price) may still change. Its as_of
//     (the day its source last listed it; make prices moves it) and an
//     until after the sealed days (make prices ends a dropped model's
//     row on the day of the import) are not sealed;
//   - api.yaml's models, providers, sources and shortlist may gain
//     entries (a new API model before its first price row); the
//     shortlist is not sealed, as each slot shows the first of its
//     models sold on a link's date, so that a newer model put first
//     leaves older links as they were;
//   - api-genai.yaml's models, providers and sources are the imported
//     dataset's as it now describes them (make prices refreshes them):
//     only its prices are history;
//   - prose is not sealed: notes, titles, descriptions and explanations
//     in either language, and the German of a GPU link's name and of a
//     rental offer's instance label (the first two editions' German
//     notes were written after they were published; their German link
//     names and instance labels after that).
var (
	prose     = []string{"note", "note_de", "title", "title_de", "description", "description_de", "explanation", "explanation_de", "kind_de", "instance_de"}
	priceFile = []string{APIFile, GenAIFile}
)

// unsealedTable reports whether a table (a top-level key) of a data file
// is left out of the seal.
func unsealedTable(file, key string) bool {
	return (file == GenAIFile && key != "prices") || (file == APIFile && key == "shortlist")
}

// lock is the seal: the day it was sealed through, the editions it
// seals and the digests of their tables.
type lock struct {
	Through  string
	Editions []string
	Tables   []table
}

// table is one top-level key of a data file, or of a data file an
// edition changes: its entries (rows) and its fields (columns).
type table struct {
	// File is the file's path in the data directory, Name the table's
	// as errors name it ("gpus", "changes.rental.yaml: offers").
	File, Name string
	Rows       []row
	Cols       []row
	// open says whether entries the seal lacks may be added; prices,
	// whether the table is API price history.
	open, prices bool
}

// row is an entry (or, among Cols, a field) and its digest; fields
// holds an entry's fields and their values, while computing.
type row struct {
	Key, Digest string
	fields      map[string]string
}

// digest is a short hash of text: 12 hex digits (48 bits), enough to
// tell an edit from chance.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}

// compute seals the data in dir as of the day through: every table it
// would seal, with every entry's digest and every field's.
func compute(fsys fs.FS, dir, through string) (lock, error) {
	l := lock{Through: through}
	for _, file := range dataFiles {
		doc, err := readDoc(fsys, path.Join(dir, file))
		if err != nil {
			return l, err
		}
		for _, it := range doc {
			key := fmt.Sprint(it.Key)
			if unsealedTable(file, key) {
				continue
			}
			price := slices.Contains(priceFile, file) && key == "prices"
			t := table{File: file, Name: key, open: file == APIFile && key != "prices", prices: price}
			for _, r := range entries(key, it.Value) {
				if price {
					if from := r.fields["from"]; from > strconv.Quote(through) { // both quoted, as canonical writes text
						continue // an announced price: not yet history
					}
					delete(r.fields, "as_of")
					if until, ok := r.fields["until"]; ok && until > strconv.Quote(through) {
						delete(r.fields, "until")
					}
				}
				t.Rows = append(t.Rows, r)
			}
			l.Tables = append(l.Tables, t)
		}
	}
	names, err := fs.Glob(fsys, path.Join(dir, EditionsDir, "*.yaml"))
	if err != nil {
		return l, err
	}
	slices.Sort(names)
	for _, name := range names {
		date := strings.TrimSuffix(path.Base(name), ".yaml")
		if date > through {
			continue
		}
		l.Editions = append(l.Editions, date)
		doc, err := readDoc(fsys, name)
		if err != nil {
			return l, err
		}
		changes, _ := lookup(doc, "changes").(yaml.MapSlice)
		for _, ch := range changes {
			file := fmt.Sprint(ch.Key)
			m, _ := ch.Value.(yaml.MapSlice)
			for _, it := range m {
				key := fmt.Sprint(it.Key)
				l.Tables = append(l.Tables, table{File: path.Join(EditionsDir, path.Base(name)), Name: "changes." + file + ": " + key,
					Rows: entries(key, it.Value)})
			}
		}
	}
	for i := range l.Tables {
		t := &l.Tables[i]
		for j, r := range t.Rows {
			var b strings.Builder
			for _, f := range slices.Sorted(maps.Keys(r.fields)) {
				b.WriteString(f + "=" + r.fields[f] + "\n")
			}
			t.Rows[j].Digest = digest(b.String())
		}
		slices.SortFunc(t.Rows, func(a, b row) int { return strings.Compare(a.Key, b.Key) })
		t.Cols = columns(t.Rows, nil)
	}
	return l, nil
}

// readDoc reads a YAML file as ordered maps.
func readDoc(fsys fs.FS, name string) (yaml.MapSlice, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(b, &doc, yaml.UseOrderedMap()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return doc, nil
}

// sealIdentities are the keys that identify a list element for the
// seal: those of an edition's merge, and an API price row's model and
// start.
var sealIdentities = append(slices.Clone(identities), []string{"model", "from"})

// entries splits the value of the top-level key into its entries: a
// list's elements by identity (or place, for elements without one), a
// map's keys, or the value itself.
func entries(key string, v any) []row {
	var out []row
	add := func(name string, v any) {
		r := row{Key: name, fields: map[string]string{}}
		flatten(v, "", r.fields)
		out = append(out, r)
	}
	switch v := v.(type) {
	case []any:
		seen := map[string]int{}
		for i, el := range v {
			name := fmt.Sprintf("%s[%d]", key, i)
			if m, ok := el.(yaml.MapSlice); ok {
				for _, keys := range sealIdentities {
					if slices.ContainsFunc(keys, func(k string) bool { return lookup(m, k) == nil }) {
						continue
					}
					name = fmt.Sprintf("%s %q", key, identityName(m, keys))
					if len(keys) == 2 && keys[1] == "from" {
						name = fmt.Sprintf("%s %q from %v", key, fmt.Sprint(lookup(m, "model")), lookup(m, "from"))
					}
					break
				}
			}
			if seen[name]++; seen[name] > 1 {
				name += fmt.Sprintf(" #%d", seen[name])
			}
			add(name, el)
		}
	case yaml.MapSlice:
		for _, it := range v {
			add(key+"."+fmt.Sprint(it.Key), it.Value)
		}
	default:
		add(key, v)
	}
	return out
}

// flatten puts every value below v into fields by its path, prose left
// out.
func flatten(v any, at string, fields map[string]string) {
	switch v := v.(type) {
	case yaml.MapSlice:
		for _, it := range v {
			key := fmt.Sprint(it.Key)
			if !slices.Contains(prose, key) {
				flatten(it.Value, join(at, key), fields)
			}
		}
	case []any:
		for i, el := range v {
			flatten(el, fmt.Sprintf("%s[%d]", at, i), fields)
		}
	default:
		fields[at] = canonical(v)
	}
}

// columns returns the digest of each field over the rows that have it
// (those whose key keep accepts, or all when keep is nil), by path.
func columns(rows []row, keep func(string) bool) []row {
	values := map[string]*strings.Builder{}
	for _, r := range rows {
		if keep != nil && !keep(r.Key) {
			continue
		}
		for f, v := range r.fields {
			if values[f] == nil {
				values[f] = &strings.Builder{}
			}
			values[f].WriteString(r.Key + "\x00" + v + "\n")
		}
	}
	var out []row
	for _, f := range slices.Sorted(maps.Keys(values)) {
		out = append(out, row{Key: f, Digest: digest(values[f].String())})
	}
	return out
}

// CheckSeal checks the data in dir against its seal (LockFile): an entry
// the seal holds that changed, went missing or has an entry beside it
// that it lacks fails, naming the file, the entry and the field.
func CheckSeal(fsys fs.FS, dir string) error {
	b, err := fs.ReadFile(fsys, path.Join(dir, LockFile))
	if err != nil {
		return fmt.Errorf("%w: the seal of the published data is missing; go run ./gen -seal writes it", err)
	}
	sealed, err := parseLock(b)
	if err != nil {
		return fmt.Errorf("%s: %w", path.Join(dir, LockFile), err)
	}
	now, err := compute(fsys, dir, sealed.Through)
	if err != nil {
		return err
	}
	var errs []error
	bad := func(file, entry, field, format string, args ...any) {
		parts := []string{path.Join(dir, file)}
		for _, p := range []string{entry, field} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		errs = append(errs, errors.New(strings.Join(append(parts, fmt.Sprintf(format, args...)), ": ")))
	}
	gone := map[string]bool{} // sealed editions' files that are missing
	for _, date := range sealed.Editions {
		if !slices.Contains(now.Editions, date) {
			file := path.Join(EditionsDir, date+".yaml")
			gone[file] = true
			bad(file, "", "", "missing: the edition is published and sealed (%s), so it stays", LockFile)
		}
	}
	for _, date := range now.Editions {
		if !slices.Contains(sealed.Editions, date) {
			bad(path.Join(EditionsDir, date+".yaml"), "", "", "the data up to %s is sealed (%s): a new edition is dated after it, on the day it is published", sealed.Through, LockFile)
		}
	}
	sealedUpTo := fmt.Sprintf("published history, sealed up to %s (%s)", sealed.Through, LockFile)
	added := func(t table, r row) {
		if t.prices {
			bad(t.File, prefixed(t.Name, r.Key), "from", "a new price row starts after %s, the last sealed day (%s): one that starts earlier would change links pinned to the days since", sealed.Through, LockFile)
			return
		}
		bad(t.File, prefixed(t.Name, r.Key), "", "added to %s: add it in the open edition (editions/DATE.yaml) instead", sealedUpTo)
	}
	tables := map[[2]string]table{}
	for _, t := range now.Tables {
		tables[[2]string{t.File, t.Name}] = t
	}
	for _, st := range sealed.Tables {
		if gone[st.File] {
			continue
		}
		t := tables[[2]string{st.File, st.Name}]
		delete(tables, [2]string{st.File, st.Name})
		cur := map[string]row{}
		for _, r := range t.Rows {
			cur[r.Key] = r
		}
		keys := map[string]bool{}
		for _, r := range st.Rows {
			keys[r.Key] = true
		}
		// The fields whose values changed, over the sealed entries.
		var changed []string
		was := map[string]string{}
		for _, c := range st.Cols {
			was[c.Key] = c.Digest
		}
		for _, c := range columns(t.Rows, func(k string) bool { return keys[k] }) {
			if was[c.Key] != c.Digest {
				changed = append(changed, c.Key)
			}
			delete(was, c.Key)
		}
		lost := slices.Sorted(maps.Keys(was)) // fields no sealed entry has now
		for _, r := range st.Rows {
			c, ok := cur[r.Key]
			switch {
			case !ok:
				bad(st.File, prefixed(st.Name, r.Key), "", "missing, but it is %s: it stays", sealedUpTo)
			case c.Digest != r.Digest:
				// The changed fields the entry has, or else those it
				// lost.
				var fields, without []string
				for _, f := range changed {
					if _, has := c.fields[f]; has {
						fields = append(fields, f)
					} else {
						without = append(without, f)
					}
				}
				if len(fields) == 0 {
					fields = without
				}
				bad(st.File, prefixed(st.Name, r.Key), strings.Join(append(fields, lost...), ", "),
					"changed in place, but it is %s: give the new value in the open edition (editions/DATE.yaml) with a later as_of, or as a new dated price row", sealedUpTo)
			}
		}
		for _, r := range t.Rows {
			if !keys[r.Key] && !t.open {
				added(t, r)
			}
		}
	}
	// Tables the seal lacks: new keys of a sealed file.
	for _, t := range tables {
		if !t.open {
			for _, r := range t.Rows {
				added(t, r)
			}
		}
	}
	return errors.Join(errs...)
}

// prefixed names an entry of an edition's table with the data file it
// changes: the entry's own name begins with the table's key.
func prefixed(table, entry string) string {
	if file, _, ok := strings.Cut(table, ": "); ok {
		return file + ": " + entry
	}
	return entry
}

// lockHeader opens the lock file.
const lockHeader = `# The seal of content/data's published history (README, "Data editions"):
# a digest of every entry of the data files and of the editions dated up to
# the day "through", and of each field's values over a table's entries.
# The build fails on data that differs from it. Written by
# "go run ./gen -seal", which seals what was published before its day;
# never edited by hand.
`

// format writes l as the lock file.
func (l lock) format() []byte {
	var b strings.Builder
	b.WriteString(lockHeader)
	fmt.Fprintf(&b, "through\t%s\n", l.Through)
	for _, e := range l.Editions {
		fmt.Fprintf(&b, "edition\t%s\n", e)
	}
	for _, t := range l.Tables {
		fmt.Fprintf(&b, "table\t%s\t%s\n", t.File, t.Name)
		for _, c := range t.Cols {
			fmt.Fprintf(&b, "col\t%s\t%s\n", c.Key, c.Digest)
		}
		for _, r := range t.Rows {
			fmt.Fprintf(&b, "row\t%s\t%s\n", r.Key, r.Digest)
		}
	}
	return []byte(b.String())
}

// parseLock reads a lock file written by format.
func parseLock(b []byte) (lock, error) {
	var l lock
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		switch {
		case f[0] == "through" && len(f) == 2:
			l.Through = f[1]
		case f[0] == "edition" && len(f) == 2:
			l.Editions = append(l.Editions, f[1])
		case f[0] == "table" && len(f) == 3:
			l.Tables = append(l.Tables, table{File: f[1], Name: f[2]})
		case (f[0] == "row" || f[0] == "col") && len(f) == 3 && len(l.Tables) > 0:
			t := &l.Tables[len(l.Tables)-1]
			if f[0] == "row" {
				t.Rows = append(t.Rows, row{Key: f[1], Digest: f[2]})
			} else {
				t.Cols = append(t.Cols, row{Key: f[1], Digest: f[2]})
			}
		default:
			return l, fmt.Errorf("line %d: not a line of the seal; go run ./gen -seal writes it", i+1)
		}
	}
	if _, err := time.Parse(time.DateOnly, l.Through); err != nil {
		return l, fmt.Errorf("through: want the day the seal reaches, YYYY-MM-DD")
	}
	return l, nil
}

// Seal returns the lock file that seals the data in dir as published
// before the day today: the data files, and every edition dated before
// it. Data that breaks the seal it replaces is not sealed again: it
// returns CheckSeal's errors.
func Seal(fsys fs.FS, dir, today string) ([]byte, error) {
	day, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return nil, fmt.Errorf("today: %w", err)
	}
	through := day.AddDate(0, 0, -1).Format(time.DateOnly)
	if b, err := fs.ReadFile(fsys, path.Join(dir, LockFile)); err == nil {
		old, err := parseLock(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path.Join(dir, LockFile), err)
		}
		if old.Through > through {
			return nil, fmt.Errorf("%s is sealed up to %s, after %s: a seal never goes back", path.Join(dir, LockFile), old.Through, through)
		}
		if err := CheckSeal(fsys, dir); err != nil {
			return nil, err
		}
	}
	l, err := compute(fsys, dir, through)
	if err != nil {
		return nil, err
	}
	return l.format(), nil
}

// SealedThrough returns the last day the seal in dir holds (its
// through, YYYY-MM-DD).
func SealedThrough(fsys fs.FS, dir string) (string, error) {
	b, err := fs.ReadFile(fsys, path.Join(dir, LockFile))
	if err != nil {
		return "", err
	}
	l, err := parseLock(b)
	return l.Through, err
}

// Unsealed returns the editions published before today that the seal
// does not hold yet, which the next seal adds.
func Unsealed(fsys fs.FS, dir, today string) ([]string, error) {
	through, err := SealedThrough(fsys, dir)
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(fsys, path.Join(dir, EditionsDir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range names {
		if date := strings.TrimSuffix(path.Base(name), ".yaml"); date > through && date < today {
			out = append(out, date)
		}
	}
	return out, nil
}
