package bot

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
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

// Answer writes lines, each with a newline, and flushes.
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
// first turn it collects the set-up's garbage.
func EndTurn(log io.Writer, turn, sims, iterations int, start time.Time) {
	fmt.Fprintf(log, "turn %d: %d simulated turns, %d iterations, %.1f ms\n",
		turn+1, sims, iterations, float64(time.Since(start).Microseconds())/1000)
	if turn == 0 {
		runtime.GC()
	}
}

// Player is a game's bot as Run drives it.
type Player interface {
	// ReadInit reads the init lines, first already read, with next.
	ReadInit(first string, next func() (string, bool)) ([]string, error)
	// Init sets the game up from the init lines.
	Init(lines []string) error
	// ReadTurn reads a turn's lines with next: none, and no error, if the
	// input ends before the first.
	ReadTurn(next func() (string, bool), turn int) ([]string, error)
	// Turn answers a turn's lines, read from start on.
	Turn(lines []string, start time.Time) ([2]string, error)
	// Stats returns the last turn's simulated turns and iterations.
	Stats() (sims, iterations int)
}

// Run plays a game on the CodinGame protocol: the init lines, then each
// turn's, answered with two flushed lines. It returns nil at the end of
// the input, or an error naming the bad lines. The GC is off while it
// runs (the searches do not allocate); log gets EndTurn's line per turn.
func Run(in io.Reader, out io.Writer, log io.Writer, p Player) error {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	input, w := NewInput(in), NewOutput(out)
	first, ok := input.Next()
	if !ok {
		return input.Err()
	}
	start := time.Now()
	init, err := p.ReadInit(first, input.Next)
	if err == nil {
		err = p.Init(init)
	}
	if err != nil {
		return fmt.Errorf("line %d: %v", input.Line, err)
	}
	for turn := 0; ; turn++ {
		// The clock restarts on a turn's first line; the first turn's
		// limit covers the init lines. The closure reads later, not turn,
		// whose sharing across iterations differs before Go 1.22.
		from, later := input.Line+1, turn > 0
		next := func() (string, bool) {
			l, ok := input.Next()
			if ok && later && input.Line == from {
				start = time.Now()
			}
			return l, ok
		}
		lines, err := p.ReadTurn(next, turn)
		if err == nil && lines == nil {
			err = input.Err()
		}
		if err != nil {
			return fmt.Errorf("%s: turn %d: %v", lineRange(from, input.Line), turn+1, err)
		}
		if lines == nil {
			return nil
		}
		o, err := p.Turn(lines, start)
		if err != nil {
			return fmt.Errorf("%s: %v", lineRange(from, input.Line), err)
		}
		if err := w.Answer(o[0], o[1]); err != nil {
			return err
		}
		sims, iterations := p.Stats()
		EndTurn(log, turn, sims, iterations, start)
	}
}

// lineRange names input lines a to b: "line 5" or "lines 5-9".
func lineRange(a, b int) string {
	if b <= a {
		return fmt.Sprintf("line %d", b)
	}
	return fmt.Sprintf("lines %d-%d", a, b)
}

// ReadLines fills dst from next, for a ReadTurn: no lines if the input
// ends before the first, an error naming what is missing if it ends after.
func ReadLines(next func() (string, bool), dst []string, what string) ([]string, error) {
	n := len(dst)
	for k := range dst {
		l, ok := next()
		if !ok {
			if k == 0 {
				return nil, nil
			}
			return nil, fmt.Errorf("input ends after %d of %d %s", k, n, what)
		}
		dst[k] = l
	}
	return dst, nil
}
