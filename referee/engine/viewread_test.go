package engine

import "testing"

// TestViewReaderNums reads view lines of numbers as the games' view
// parsers do: Java's doubles and longs, and errors naming the line and
// the field. The line read is the first after the header: view line 2.
func TestViewReaderNums(t *testing.T) {
	tests := []struct {
		line string
		want []float64
		err  string // "" for none
	}{
		{"16000 7500 400 4 150 4000", []float64{16000, 7500, 400, 4, 150, 4000}, ""},
		{"12821.0 -2.19E-5 1.0E7", []float64{12821, -2.19e-5, 1e7}, ""},
		{"", nil, ""},
		{"1 x 3", nil, `view line 2: constants: field 2 "x": want a number`},
		{"1 null", nil, `view line 2: constants: field 2 "null": want a number`},
	}
	for _, tc := range tests {
		r := NewViewReader([]string{tc.line})
		r.Next("constants")
		got := r.Nums()
		err := r.End()
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Nums(%q): error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("Nums(%q) = %v, %v; want %v", tc.line, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Nums(%q) = %v, want %v", tc.line, got, tc.want)
				break
			}
		}
	}
}

// TestViewReaderFields: a nullable field may be null; too few or too many
// fields are errors that say how many the parser wanted; the first error
// is kept.
func TestViewReaderFields(t *testing.T) {
	r := NewViewReader([]string{"1.5 null 2", "1 2", "1", "x y"})
	r.Next("pod 0")
	if a, b, c := r.Num(), r.Nullable(), r.Nullable(); a != 1.5 || !b.Null || b.String() != "null" || c.Value != 2 || c.String() != "2" || r.End() != nil {
		t.Errorf("read 1.5 null 2 as %v %v %v, %v", a, b, c, r.End())
	}
	r.Next("pod 1")
	r.Num()
	if err := r.End(); err == nil || err.Error() != "view line 3: pod 1: 2 fields, want 1" {
		t.Errorf("a field left: %v", err)
	}
	r = NewViewReader([]string{"1"})
	r.Next("pod 2")
	r.Num()
	r.Num()
	r.Nullable()
	if err := r.End(); err == nil || err.Error() != "view line 2: pod 2: 1 fields, want 3" {
		t.Errorf("a field missing: %v", err)
	}
	r = NewViewReader([]string{"1 x y", "2"})
	r.Next("pod 0")
	r.Num()
	r.Nullable()
	r.Num()
	if err := r.End(); err == nil || err.Error() != `view line 2: pod 0: field 2 "x": want a number or null` {
		t.Errorf("two bad fields: %v, want the first", err)
	}
	if r.Next("pod 1") || r.Num() != 0 || r.MoreLines() || r.Err() == nil {
		t.Error("a read after an error went on")
	}
}

// TestViewReaderLines: missing lines, counts, a message with its spaces,
// whole lines and a field rejected by the parser.
func TestViewReaderLines(t *testing.T) {
	r := NewViewReader([]string{"2", "1 2 hello  world", `""`, "BOOM 1"})
	if n := r.Count("number of spells"); n != 2 || r.Err() != nil {
		t.Errorf("count %d, %v; want 2", n, r.Err())
	}
	r.NextWithMessage("wizard 0", 2)
	if a, b, m := r.Num(), r.Num(), r.Word(); a != 1 || b != 2 || m != "hello  world" || r.End() != nil {
		t.Errorf("read %v %v %q, %v; want 1 2 %q", a, b, m, r.End(), "hello  world")
	}
	if r.Next("message"); r.Text() != `""` || r.End() != nil {
		t.Errorf("whole line: %v", r.End())
	}
	r.Next("collision 0")
	if r.Word(); r.BadField("a collision kind") == nil || r.Err().Error() != `view line 5: collision 0: field 1 "BOOM": want a collision kind` {
		t.Errorf("rejected field: %v", r.Err())
	}
	for _, tc := range []struct {
		lines []string
		read  func(r *ViewReader)
		err   string
	}{
		{[]string{"1"}, func(r *ViewReader) { r.Next("pod 0"); r.Num(); r.Next("pod 1") },
			"view line 3: pod 1: missing, the view ends at line 2"},
		{nil, func(r *ViewReader) { r.Count("number of spells") },
			"view line 2: number of spells: missing, the view ends at line 1"},
		{[]string{"one"}, func(r *ViewReader) { r.Count("number of spells") },
			`view line 2: number of spells: "one": want an integer ≥ 0`},
		{[]string{"01"}, func(r *ViewReader) { r.Count("number of spells") },
			`view line 2: number of spells: "01": want an integer ≥ 0`},
		{[]string{""}, func(r *ViewReader) { r.Next("collision 0"); r.Word(); r.BadField("a kind") },
			"view line 2: collision 0: 0 fields, want 1"},
	} {
		r := NewViewReader(tc.lines)
		tc.read(r)
		if err := r.Err(); err == nil || err.Error() != tc.err {
			t.Errorf("%q: %v, want %s", tc.lines, err, tc.err)
		}
	}
}
