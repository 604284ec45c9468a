package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Num is a number of a view line that Java may print as null (a Double
// never set): Null reports whether it did; V is then 0.
type Num struct {
	Null bool
	V    float64
}

func (n Num) String() string {
	if n.Null {
		return "null"
	}
	return strconv.FormatFloat(n.V, 'g', -1, 64)
}

// NumReader reads the numbers of a view line in order, for the games' view
// parsers. It keeps the first error, which names ctx (the line: "pod 2")
// and the field; later reads return zeros.
type NumReader struct {
	f   []string
	k   int // fields read
	err error
	ctx string
}

// NewNumReader returns a reader of fields, named ctx in errors.
func NewNumReader(fields []string, ctx string) *NumReader {
	return &NumReader{f: fields, ctx: ctx}
}

// Num reads a number; "null" is an error.
func (r *NumReader) Num() float64 {
	n := r.Nullable()
	if n.Null && r.err == nil {
		r.err = fmt.Errorf("%s: field %d: null where a number is expected", r.ctx, r.k)
	}
	return n.V
}

// Nullable reads a number or "null".
func (r *NumReader) Nullable() Num {
	if r.err != nil {
		return Num{}
	}
	if r.k >= len(r.f) {
		r.err = fmt.Errorf("%s: %d fields, expected more", r.ctx, len(r.f))
		return Num{}
	}
	s := r.f[r.k]
	r.k++
	if s == "null" {
		return Num{Null: true}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r.err = fmt.Errorf("%s: field %d: %q is not a number", r.ctx, r.k, s)
	}
	return Num{V: v}
}

// More reports whether fields are left to read and no error came.
func (r *NumReader) More() bool { return r.err == nil && r.k < len(r.f) }

// Done returns the first error, or an error when fields are left unread.
func (r *NumReader) Done() error {
	if r.err == nil && r.k != len(r.f) {
		r.err = fmt.Errorf("%s: %d fields, expected %d", r.ctx, len(r.f), r.k)
	}
	return r.err
}

// Numbers reads a line of numbers, named ctx in errors.
func Numbers(line, ctx string) ([]float64, error) {
	r := NewNumReader(strings.Fields(line), ctx)
	var out []float64
	for r.More() {
		out = append(out, r.Num())
	}
	return out, r.Done()
}
