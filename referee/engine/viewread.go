package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Num is a number of a view line that Java may print as null (a Double
// never set): Null reports whether it did; Value is then 0.
type Num struct {
	Null  bool
	Value float64
}

func (n Num) String() string {
	if n.Null {
		return "null"
	}
	return strconv.FormatFloat(n.Value, 'g', -1, 64)
}

// ViewReader hands out the lines of a key frame's view, and the fields of
// each line in order, for the games' view parsers (csbref.ParseView,
// fbref.ParseView). It is given the lines after the view's header, which
// is view line 1, so the first line it hands out is view line 2.
//
// Every error names the view line (from 1), what the parser calls that
// line, and for a field its number (from 1) and text, then what was
// wanted:
//
//	view line 3: wizard 0: field 2 "north": want a number
//	view line 3: pod 0: 11 fields, want 12
//	view line 9: pod 3 message: missing, the view ends at line 8
//
// The reader keeps the first error; after it, every read returns a zero
// value, and End and Err return it.
type ViewReader struct {
	lines  []string
	n      int      // lines handed out; the current line is lines[n-1]
	name   string   // the current line's name in errors
	fields []string // the current line's fields
	k      int      // fields read, beyond len(fields) when some were missing
	err    error
}

// NewViewReader returns a reader of lines, the lines of a view after its
// header.
func NewViewReader(lines []string) *ViewReader {
	return &ViewReader{lines: lines}
}

// line is the view line number of the current line.
func (r *ViewReader) line() int { return r.n + 1 }

// MoreLines reports whether lines are left to hand out and no error came.
func (r *ViewReader) MoreLines() bool { return r.err == nil && r.n < len(r.lines) }

// Next moves to the next line, named name in errors, whose fields are
// separated by white space. It reports whether there was one and no error
// came before.
func (r *ViewReader) Next(name string) bool {
	if !r.advance(name) {
		return false
	}
	r.fields = strings.Fields(r.lines[r.n-1])
	return true
}

// NextWithMessage moves to the next line, named name in errors, whose
// first fields fields are separated by single spaces and may be followed
// by one more: the rest of the line after the next single space, a
// message that may hold spaces of its own. It reports whether there was a
// line and no error came before.
func (r *ViewReader) NextWithMessage(name string, fields int) bool {
	if !r.advance(name) {
		return false
	}
	r.fields = strings.SplitN(r.lines[r.n-1], " ", fields+1)
	return true
}

// advance moves to the next line, named name.
func (r *ViewReader) advance(name string) bool {
	if r.err != nil {
		return false
	}
	r.name, r.fields, r.k = name, nil, 0
	r.n++
	if r.n > len(r.lines) {
		r.err = fmt.Errorf("view line %d: %s: missing, the view ends at line %d", r.line(), name, len(r.lines)+1)
		return false
	}
	return true
}

// Fail records, unless an error came before, and returns the first error:
// one naming the current line, then saying format's text.
func (r *ViewReader) Fail(format string, a ...any) error {
	if r.err == nil {
		r.err = fmt.Errorf("view line %d: %s: %s", r.line(), r.name, fmt.Sprintf(format, a...))
	}
	return r.err
}

// BadField records, unless an error came before, and returns the first
// error: the field last read is not what the parser wants (say "a
// number"). A field that was missing is reported as End reports it.
func (r *ViewReader) BadField(want string) error {
	switch {
	case r.err != nil:
		return r.err
	case r.k == 0:
		return r.Fail("want %s", want)
	case r.k > len(r.fields):
		return r.End()
	}
	return r.Fail("field %d %q: want %s", r.k, r.fields[r.k-1], want)
}

// Word reads the next field as it is written; "" when it is missing,
// which End reports.
func (r *ViewReader) Word() string {
	if r.err != nil {
		return ""
	}
	r.k++
	if r.k > len(r.fields) {
		return ""
	}
	return r.fields[r.k-1]
}

// Nullable reads a number or "null".
func (r *ViewReader) Nullable() Num {
	s := r.Word()
	if r.err != nil || r.k > len(r.fields) {
		return Num{}
	}
	if s == "null" {
		return Num{Null: true}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r.BadField("a number or null")
	}
	return Num{Value: v}
}

// Num reads a number; "null" is an error.
func (r *ViewReader) Num() float64 {
	s := r.Word()
	if r.err != nil || r.k > len(r.fields) {
		return 0
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r.BadField("a number")
	}
	return v
}

// More reports whether fields are left to read and no error came.
func (r *ViewReader) More() bool { return r.err == nil && r.k < len(r.fields) }

// Nums reads the fields left as numbers.
func (r *ViewReader) Nums() []float64 {
	var out []float64
	for r.More() {
		out = append(out, r.Num())
	}
	return out
}

// Text returns the whole current line, and leaves no field to read.
func (r *ViewReader) Text() string {
	if r.err != nil || r.n == 0 || r.n > len(r.lines) {
		return ""
	}
	r.k = len(r.fields)
	return r.lines[r.n-1]
}

// Count moves to the next line, named name in errors, which must hold a
// count: an integer ≥ 0 as Java prints it, alone on the line.
func (r *ViewReader) Count(name string) int {
	if !r.Next(name) {
		return 0
	}
	s := r.Text()
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strconv.Itoa(n) != s {
		r.Fail("%q: want an integer ≥ 0", s)
		return 0
	}
	return n
}

// End ends the current line and returns the first error: the one that
// came, or one saying how many fields the line has and how many the
// parser read or wanted to read.
func (r *ViewReader) End() error {
	if r.err == nil && r.k != len(r.fields) {
		r.Fail("%d fields, want %d", len(r.fields), r.k)
	}
	return r.err
}

// Err returns the first error.
func (r *ViewReader) Err() error { return r.err }
