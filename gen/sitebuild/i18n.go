package sitebuild

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/msg"
)

// langs are the site's languages, English (at the root) first.
var langs = msg.Langs

// catalogs are the message catalogs by language, each key → text.
type catalogs map[string]map[string]string

// loadCatalogs reads i18n/LANG.yaml of every language from the content
// directory: flat maps of dotted keys to messages with {name}
// placeholders.
func loadCatalogs(content fs.FS) (catalogs, error) {
	out := catalogs{}
	var errs []error
	for _, l := range langs {
		name := "i18n/" + l + ".yaml"
		b, err := fs.ReadFile(content, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		m := map[string]string{}
		if err := yaml.UnmarshalWithOptions(b, &m, yaml.Strict()); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
			continue
		}
		out[l] = m
	}
	return out, errors.Join(errs...)
}

// docPrefix starts the keys of the words only gen writes: the data
// tables, the API reference, the 404 page and the feed. The engine never
// shows them, so they stay out of its catalogs (en_gen.go and the
// published JSON), which every calculator page downloads.
const docPrefix = "doc."

// engine returns the messages of lang that the engine shows: all but
// the doc. keys.
func (cs catalogs) engine(lang string) map[string]string {
	out := map[string]string{}
	for k, v := range cs[lang] {
		if !strings.HasPrefix(k, docPrefix) {
			out[k] = v
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// check reports every key that a language lacks, whose placeholders
// differ from English's, or that no source file under root uses (as a
// quoted string), each with its catalog file.
func (cs catalogs) check(root string) error {
	var errs []error
	all := map[string]bool{}
	for _, m := range cs {
		for k := range m {
			all[k] = true
		}
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range all {
			if !yield(k) {
				return
			}
		}
	})
	used, err := usedKeys(root, all)
	if err != nil {
		return err
	}
	for _, k := range keys {
		for _, l := range langs {
			text, ok := cs[l][k]
			file := "i18n/" + l + ".yaml"
			switch {
			case !ok:
				errs = append(errs, fmt.Errorf("%s: key %s missing (present in another language)", file, k))
			case strings.TrimSpace(text) == "":
				errs = append(errs, fmt.Errorf("%s: key %s is empty", file, k))
			case l != "en" && !slices.Equal(placeholders(text), placeholders(cs["en"][k])):
				errs = append(errs, fmt.Errorf("%s: key %s has placeholders %v; English has %v", file, k, placeholders(text), placeholders(cs["en"][k])))
			}
		}
		if !used[k] {
			errs = append(errs, fmt.Errorf("i18n/en.yaml: key %s is used by no code under %s", k, root))
		}
	}
	return errors.Join(errs...)
}

func placeholders(s string) []string {
	p := placeholder.FindAllString(s, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

// usedKeys returns which of keys appear quoted ("key", 'key' or `key`) in
// the Go, templ and JavaScript sources under root's wasm, site and gen
// folders, tests left out. Keys are never built from parts, so that this
// finds every use.
func usedKeys(root string, keys map[string]bool) (map[string]bool, error) {
	quoted := regexp.MustCompile("[\"'`]([a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)+)[\"'`]")
	used := map[string]bool{}
	for _, dir := range []string{"wasm", "site", "gen"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && path == filepath.Join(root, dir) {
				return nil
			}
			if err != nil || d.IsDir() {
				return err
			}
			ext := filepath.Ext(path)
			if strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "_gen.go") || (ext != ".go" && ext != ".templ" && ext != ".js") {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range quoted.FindAllSubmatch(b, -1) {
				if k := string(m[1]); keys[k] {
					used[k] = true
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return used, nil
}

// sourceRoot returns the module's root: the nearest folder up from the
// working directory with a go.mod, where the sources that use the
// catalogs' keys are.
func sourceRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory: the catalogs' keys cannot be checked")
		}
		dir = parent
	}
}

// messagesSource returns wasm/msg/en_gen.go: the English catalog as two
// arrays sorted by key, which gen and the edge worker compile in (a map
// literal would build the map at start-up, in code); the browser module,
// built with the tag noenglish, loads it as data instead (see
// publishMessages).
func messagesSource(en map[string]string) ([]byte, error) {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range en {
			if !yield(k) {
				return
			}
		}
	})
	var b bytes.Buffer
	b.WriteString("// Code generated by gen -messages from content/i18n/en.yaml; DO NOT EDIT.\n\n//go:build !noenglish\n\npackage msg\n\n")
	fmt.Fprintf(&b, "var englishKeys = [%d]string{\n", len(keys))
	for _, k := range keys {
		b.WriteString(strconv.Quote(k) + ",\n")
	}
	fmt.Fprintf(&b, "}\n\nvar englishTexts = [%d]string{\n", len(keys))
	for _, k := range keys {
		b.WriteString(strconv.Quote(en[k]) + ",\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// loadMessages reads, checks and returns the catalogs by language (see
// catalogs.check), and fails when the English one compiled into gen and
// the edge worker (wasm/msg/en_gen.go) is not content/i18n/en.yaml's.
func loadMessages(content fs.FS) (map[string]*msg.Catalog, catalogs, error) {
	cs, err := loadCatalogs(content)
	if err != nil {
		return nil, nil, err
	}
	root, err := sourceRoot()
	if err != nil {
		return nil, nil, err
	}
	if err := cs.check(root); err != nil {
		return nil, nil, err
	}
	if !msg.English.Equal(cs.engine("en")) {
		return nil, nil, errors.New("i18n/en.yaml: wasm/msg/en_gen.go is stale: run go run ./gen -messages wasm/msg/en_gen.go")
	}
	// gen's catalogs hold every key, the doc. ones too (msg.English,
	// compiled into the engine, lacks them).
	out := map[string]*msg.Catalog{}
	for _, l := range langs {
		out[l] = msg.New(l, cs[l])
	}
	return out, cs, nil
}

// publishMessages writes the catalog of every language as JSON the
// browser's engine loads for a page in that language, English too: the
// browser module compiles none in (tag noenglish), which takes 20 KB
// gzip off the module that every first visit downloads, for a 17 KB
// catalog that only English pages load, beside it (issue 37). It
// returns their URLs by language.
func publishMessages(s publish.Site, cs catalogs) (map[string]string, error) {
	out := map[string]string{}
	for _, l := range langs {
		b, err := json.Marshal(cs.engine(l))
		if err != nil {
			return nil, err
		}
		if out[l], err = s.Hashed("i18n/"+l+".json", b); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// langPath returns the path of a page in a language: English at the
// root, German under de/.
func langPath(lang, path string) string {
	if lang == "en" {
		return path
	}
	return lang + "/" + path
}

// otherLang returns the language a page's switch leads to.
func otherLang(lang string) string {
	if lang == "de" {
		return "en"
	}
	return "de"
}

// inLang returns m for a page in lang: its words, navigation and <html
// lang>.
func inLang(m site.Meta, lang string, navs map[string][]site.Nav, msgs map[string]*msg.Catalog) site.Meta {
	m.Lang, m.Nav, m.Msgs = lang, navs[lang], msgs[lang]
	if lang != "en" {
		m.Switch = ""
	}
	return m
}

// alternates returns a page's versions in every language (hreflang),
// given its English path.
func alternates(root, path string) []site.Alternate {
	var out []site.Alternate
	for _, l := range langs {
		out = append(out, site.Alternate{Lang: l, URL: root + langPath(l, path)})
	}
	return out
}
