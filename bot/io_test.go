package bot

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// TestInput reads three lines, the last without its newline, and counts
// them; the end of the input is no error, a read error is.
func TestInput(t *testing.T) {
	in := NewInput(strings.NewReader("a\nb b\nc"))
	var got []string
	for {
		l, ok := in.Next()
		if !ok {
			break
		}
		got = append(got, l)
	}
	if strings.Join(got, "|") != "a|b b|c" || in.Line != 3 || in.Err() != nil {
		t.Errorf("read %q, line %d, error %v; want a, b b, c, line 3, no error", got, in.Line, in.Err())
	}
	boom := errors.New("boom")
	bad := NewInput(iotest.ErrReader(boom))
	if _, ok := bad.Next(); ok || bad.Err() != boom {
		t.Errorf("a failing reader: error %v, want %v", bad.Err(), boom)
	}
}

// TestOutput writes two turns: each answer is on the writer as soon as
// Answer returns (flushed), and the second turn allocates nothing.
func TestOutput(t *testing.T) {
	var w bytes.Buffer
	o := NewOutput(&w)
	if err := o.Answer("MOVE 1 2 100", "SHIELD"); err != nil {
		t.Fatal(err)
	}
	if w.String() != "MOVE 1 2 100\nSHIELD\n" {
		t.Errorf("after one turn the writer holds %q", w.String())
	}
	w.Grow(1 << 16)
	if n := testing.AllocsPerRun(100, func() { o.Answer("MOVE 1 2 100", "SHIELD") }); n != 0 {
		t.Errorf("an answer allocates %v times", n)
	}
	var log bytes.Buffer
	EndTurn(&log, 4, 1000, 10, time.Now())
	if !strings.HasPrefix(log.String(), "turn 5: 1000 simulated turns, 10 iterations, ") {
		t.Errorf("log line %q", log.String())
	}
}
