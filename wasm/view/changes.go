package view

// Changes returns the part of the update next (from Update) that differs
// from prev, the update the page already shows: records of inputs, groups,
// columns, cells and links, and entries of tables, charts, titles and
// heights, that are new or changed. The query, the problems and the
// explanation always come whole. With a nil prev it returns next.
//
// A keystroke changes a few dozen of the page's hundreds of values; sending
// only those saves the browser module most of its JSON and the page most
// of its DOM work.
func Changes(prev, next map[string]any) map[string]any {
	if prev == nil {
		return next
	}
	out := make(map[string]any, len(next))
	for k, v := range next {
		switch v := v.(type) {
		case []any:
			if k == "problems" {
				out[k] = v
				continue
			}
			out[k] = changedRecords(prev[k], v)
		case map[string]any:
			old, _ := prev[k].(map[string]any)
			m := map[string]any{}
			for id, x := range v {
				if y, ok := old[id]; !ok || !same(x, y) {
					m[id] = x
				}
			}
			out[k] = m
		default:
			out[k] = v
		}
	}
	return out
}

// changedRecords returns the records of next that prev does not hold as
// they are. Records are named by "key" or, failing that, "id".
func changedRecords(prev any, next []any) []any {
	old := map[any]any{}
	if p, ok := prev.([]any); ok {
		for _, r := range p {
			old[name(r)] = r
		}
	}
	out := []any{}
	for _, r := range next {
		if o, ok := old[name(r)]; !ok || !same(o, r) {
			out = append(out, r)
		}
	}
	return out
}

func name(record any) any {
	m, _ := record.(map[string]any)
	if k, ok := m["key"]; ok {
		return k
	}
	return m["id"]
}

// same reports whether two plain values are equal.
func same(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !same(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !same(v, w) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}
