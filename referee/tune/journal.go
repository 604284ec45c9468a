package tune

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// WriteIteration writes it as one JSON line of the journal.
func WriteIteration(w io.Writer, it *Iteration) error {
	line, err := json.Marshal(it)
	if err != nil {
		return err
	}
	_, err = w.Write(append(line, '\n'))
	return err
}

// ReadJournal reads the journal's iterations and returns them with the
// length in bytes of its whole lines. A last line without its newline (a
// run killed while writing it) is left out of both, so that the journal
// can be cut there and appended to; any other bad line is an error naming
// it.
func ReadJournal(r io.Reader) (its []Iteration, good int64, err error) {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			return its, good, nil // a partial line, or none
		}
		if err != nil {
			return nil, 0, err
		}
		var it Iteration
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&it); err != nil {
			return nil, 0, fmt.Errorf("line %d: %v", n, err)
		}
		its = append(its, it)
		good += int64(len(line))
	}
}

// Resume sets t to the state after the journal's iterations: they must be
// 1, 2, … in order, of t's parameters, within t's run.
func (t *Tuner) Resume(its []Iteration) error {
	for i := range its {
		it := &its[i]
		switch {
		case it.K != i+1:
			return fmt.Errorf("journal line %d: iteration %d, want %d", i+1, it.K, i+1)
		case it.K > t.Iterations:
			return fmt.Errorf("journal line %d: iteration %d of a run of %d", i+1, it.K, t.Iterations)
		case len(it.Theta) != len(t.Params):
			return fmt.Errorf("journal line %d: %d values of theta, want %d", i+1, len(it.Theta), len(t.Params))
		}
	}
	if len(its) > 0 {
		last := &its[len(its)-1]
		copy(t.Theta, last.Theta)
		t.K = last.K
	}
	return nil
}
