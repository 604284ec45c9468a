package bot

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"time"
)

// Input reads lines (up to 1 MiB) and counts them, for errors to name.
type Input struct {
	sc   *bufio.Scanner
	Line int // the last line read, from 1
}

// NewInput returns an Input reading r.
func NewInput(r io.Reader) *Input {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	return &Input{sc: sc}
}

// Next returns the next line; ok is false at the end or on an error (Err).
func (in *Input) Next() (line string, ok bool) {
	if !in.sc.Scan() {
		return "", false
	}
	in.Line++
	return in.sc.Text(), true
}

// Err returns the read error that ended the input, if any.
func (in *Input) Err() error { return in.sc.Err() }

// Output writes a bot's answers.
type Output struct {
	w   *bufio.Writer
	buf []byte
}

// NewOutput returns an Output writing to w.
func NewOutput(w io.Writer) *Output { return &Output{w: bufio.NewWriter(w)} }

// Answer writes lines, each ending in a newline, and flushes.
func (o *Output) Answer(lines ...string) error {
	o.buf = o.buf[:0]
	for _, l := range lines {
		o.buf = append(o.buf, l...)
		o.buf = append(o.buf, '\n')
	}
	if _, err := o.w.Write(o.buf); err != nil {
		return err
	}
	return o.w.Flush()
}

// EndTurn logs a turn's search figures and time since start; after the
// first turn it collects the set-up's garbage (bots run with GC off).
func EndTurn(log io.Writer, turn, sims, iterations int, start time.Time) {
	fmt.Fprintf(log, "turn %d: %d simulated turns, %d iterations, %.1f ms\n",
		turn+1, sims, iterations, float64(time.Since(start).Microseconds())/1000)
	if turn == 0 {
		runtime.GC()
	}
}
