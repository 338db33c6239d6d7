// Package export writes a result table as CSV or as a Markdown table that
// is safe to open in a spreadsheet or to paste into a page, whatever its
// text says. Model names come from data files, other texts may come from a
// URL; an exported table must not turn them into spreadsheet formulas,
// links, HTML or extra table cells.
//
// A cell is either text or a number, and the two are written differently:
// text is neutralised, a number the engine computed is written as a plain
// number, so a negative figure stays a number a spreadsheet can sum.
package export

import (
	"encoding/csv"
	"math"
	"strconv"
	"strings"
)

// Cell is one cell of an exported table: text (Text) or a number (Number).
// Its fields are unexported so that a cell's kind is always the one its
// constructor gave it.
type Cell struct {
	text     string
	number   float64
	isNumber bool
}

// Text is a cell of text: a name, a label or a formatted figure such as
// "$1,339.25". Exports neutralise it.
func Text(s string) Cell { return Cell{text: s} }

// Number is a cell holding a number the engine computed. Exports write it
// as digits (with a minus sign when negative), never quoted or escaped;
// NaN and infinities, which no spreadsheet holds, are written as empty
// cells.
func Number(v float64) Cell { return Cell{number: v, isNumber: true} }

// numberText formats a number cell: the shortest decimal that reads back
// as the same float64, without exponent or "-0".
func (c Cell) numberText() string {
	if math.IsNaN(c.number) || math.IsInf(c.number, 0) {
		return ""
	}
	if c.number == 0 {
		return "0"
	}
	return strconv.FormatFloat(c.number, 'f', -1, 64)
}

// CSV writes rows as RFC 4180 CSV. Text cells that a spreadsheet would
// evaluate as a formula are neutralised (see csvText); number cells are
// written as plain numbers.
func CSV(rows [][]Cell) string {
	records := make([][]string, len(rows))
	for i, row := range rows {
		records[i] = make([]string, len(row))
		for j, c := range row {
			if c.isNumber {
				records[i][j] = c.numberText()
			} else {
				records[i][j] = csvText(c.text)
			}
		}
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	_ = w.WriteAll(records) // a strings.Builder does not fail
	return b.String()
}

// csvText neutralises a text cell as OWASP's "CSV Injection" page
// recommends: a cell beginning with = + - @, tab or carriage return is
// read as a formula by some spreadsheet, so it gets a leading single quote,
// which makes it text. A leading line feed is treated the same way: like
// tab and carriage return it is whitespace a reader may skip. Quotes, commas and line breaks
// inside the cell are left to the CSV writer, which quotes the field.
func csvText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r', '\n':
		return "'" + s
	}
	return s
}

// Markdown writes rows as a GitHub Markdown table whose first row is the
// heading. Text cells are escaped (see markdownText) so that each shows as
// the text it holds, in its own cell; number cells are written as plain
// numbers. Every row is padded to the widest one, because GitHub drops the
// cells of a row beyond the heading's.
func Markdown(rows [][]Cell) string {
	width := 0
	for _, row := range rows {
		width = max(width, len(row))
	}
	var b strings.Builder
	for i, row := range rows {
		b.WriteString("|")
		for j := range width {
			s := ""
			if j < len(row) {
				if row[j].isNumber {
					s = row[j].numberText()
				} else {
					s = markdownText(row[j].text)
				}
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
		}
	}
	return b.String()
}

// Paragraph escapes text for a line of Markdown outside a table, as
// markdownText does for a cell: it shows as the text it holds.
func Paragraph(s string) string { return markdownText(s) }

// Link writes a Markdown link to url labelled label, for a URL that came
// from the reader's address bar: characters that could end the link or
// start markup are percent-encoded; a URL that is not http(s) is written
// as escaped text, not as a link.
func Link(label, url string) string {
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return markdownText(label + ": " + url)
	}
	var b strings.Builder
	for _, r := range url {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("()<>[]`\\\"'|", r) {
			for _, c := range []byte(string(r)) {
				b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
			}
			continue
		}
		b.WriteRune(r)
	}
	return "[" + markdownText(label) + "](" + b.String() + ")"
}

// markdownText escapes text for one cell of a GitHub Markdown table, so
// that it renders as itself:
//   - line breaks and other control characters become spaces (a line break
//     would end the table row);
//   - < > & become entities, so no HTML tag or entity gets through;
//   - | and \ are backslash-escaped, so the cell stays one cell;
//   - [ ] ( ) and ` * _ ~ are backslash-escaped, so no link, image, code
//     span or emphasis starts;
//   - the ":" of "://", the "." of "www." and "@" are backslash-escaped, so
//     GitHub's autolinks (bare URLs and e-mail addresses) do not fire;
//   - a leading # + - = or "1. " is escaped, so the text starts no
//     heading, list or rule if it is ever used outside a table cell.
func markdownText(s string) string {
	s = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s))
	var b strings.Builder
	switch {
	case s == "":
		return ""
	case strings.ContainsRune("#+-=", rune(s[0])):
		b.WriteByte('\\')
	}
	// An ordered list item starts with 1 to 9 digits, "." and a space.
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	listNumber := digits > 0 && digits <= 9 && (strings.HasPrefix(s[digits:], ". ") || s[digits:] == ".")
	for i, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\\', '|', '[', ']', '(', ')', '`', '*', '_', '~', '@':
			b.WriteByte('\\')
			b.WriteRune(r)
		case ':':
			if strings.HasPrefix(s[i:], "://") {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		case '.':
			if (i == digits && listNumber) || (i >= 3 && strings.EqualFold(s[i-3:i], "www")) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
