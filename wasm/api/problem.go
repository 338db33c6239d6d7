package api

import (
	"net/http"
)

// Problem is an RFC 9457 problem detail. Type is always "about:blank",
// so Title is the status's phrase; 400's Errors list every input the
// query got wrong.
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
	// Errors are the rejected inputs, in form order.
	Errors []FieldError `json:"errors,omitempty"`
}

// FieldError is a rejected input: its query key, its label on the page
// and the page's message (which says which value is used instead).
type FieldError struct {
	Field   string `json:"field"`
	Label   string `json:"label"`
	Message string `json:"message"`
}

// WriteProblem writes p as application/problem+json, with CORS headers,
// not cached.
func WriteProblem(w http.ResponseWriter, p Problem) {
	cors(w.Header())
	writeProblem(w, p)
}

func writeProblem(w http.ResponseWriter, p Problem) {
	p.Type, p.Title = "about:blank", http.StatusText(p.Status)
	body := marshal(p)
	h := w.Header()
	h.Del("ETag")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "application/problem+json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(p.Status)
	_, _ = w.Write(body)
}
