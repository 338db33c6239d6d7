package dataset

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
