package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/scenario"
)

// Problem is an RFC 9457 problem detail. Its Type is "about:blank",
// whose Title is the status's phrase, except for a rejected query: then
// TypeInvalidQuery, and Errors list every input the query got wrong, each
// with a type of its kind.
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
	// Errors are the rejected inputs, in form order.
	Errors []FieldError `json:"errors,omitempty"`
}

// FieldError is a rejected input: the kind of rejection (Type, one of
// the problem types below), its query key, its label on the page and
// what is wrong, in the API's words; Allowed lists the values a choice
// takes, Min and Max bound a number out of range.
type FieldError struct {
	Type    string   `json:"type"`
	Field   string   `json:"field"`
	Label   string   `json:"label"`
	Message string   `json:"message"`
	Allowed []string `json:"allowed,omitempty"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
}

// The problem types (RFC 9457 §3.1.1) of the API, stable URIs under the
// API's reference: a rejected query, and the kinds of rejected input.
const (
	ProblemTypes     = "https://infercost.github.io/api/#problem-"
	TypeInvalidQuery = ProblemTypes + "invalid-query"
	// TypeUnknownEdition is an ed that names no data edition; Allowed
	// lists them.
	TypeUnknownEdition = ProblemTypes + "unknown-edition"
	// TypeUnknownParameter is a parameter that a catalog does not take.
	TypeUnknownParameter = ProblemTypes + "unknown-parameter"
	// Each scenario.Rejection is ProblemTypes+kind: unknown-option (with
	// Allowed), out-of-range (with Min and Max), bad-number, bad-text and
	// invalid (a value the calculator rejects for a reason of its own).
)

// fieldError is the API's error of a rejected input.
func fieldError(in scenario.Input) FieldError {
	e := FieldError{Type: ProblemTypes + string(in.Rejected), Field: in.Key, Label: in.Label, Message: in.Reason}
	switch in.Rejected {
	case scenario.NotListed:
		if in.Key == edition.Key {
			e.Type = TypeUnknownEdition
		}
		for _, c := range in.Choices {
			e.Allowed = append(e.Allowed, c.Value)
		}
		e.Message = "Not one of: " + strings.Join(e.Allowed, ", ") + "."
	case scenario.OutOfRange:
		e.Min, e.Max = &in.Min, &in.Max
	}
	return e
}

// Error returns the problem's detail: a Problem is also the error of a
// render that fails for the client's query.
func (p Problem) Error() string { return p.Detail }

// asProblem returns err as a Problem, a 500 unless it is one.
func asProblem(err error) Problem {
	var p Problem
	if errors.As(err, &p) {
		return p
	}
	return Problem{Status: http.StatusInternalServerError, Detail: "The server failed on this request."}
}

// WriteProblem writes p as application/problem+json, with CORS headers,
// not cached.
func WriteProblem(w http.ResponseWriter, p Problem) {
	cors(w.Header())
	writeProblem(w, p)
}

func writeProblem(w http.ResponseWriter, p Problem) {
	if p.Type == "" {
		p.Type = "about:blank"
	}
	p.Title = http.StatusText(p.Status)
	body := marshal(p)
	h := w.Header()
	h.Del("ETag")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "application/problem+json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(p.Status)
	_, _ = w.Write(body)
}
