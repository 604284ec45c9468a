// Package impulse_test holds the checks of the module as a whole.
package impulse_test

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// figurePatterns match a measured figure in a comment: a benchmark's time
// or allocations, an Elo difference, a percentage, a date. The record of
// measurements goes in commit messages and the MEASUREMENTS.md beside the
// code; a comment says what is true now. A rule's value ("1000 ms for the
// first turn") is no measurement, and milliseconds are not matched.
var figurePatterns = []struct {
	name string
	re   *regexp.Regexp
}{
	{"time", regexp.MustCompile(`[+±−-]?\d[\d,.]*\s?(ns|µs|μs)\b`)},
	{"allocations", regexp.MustCompile(`\b[1-9][\d,.]*\s?allocs\b|\d[\d,.]*\s?B/op\b`)},
	{"Elo", regexp.MustCompile(`[+±−-]?\d[\d,.]*\s?Elo\b`)},
	{"percentage", regexp.MustCompile(`[+±−-]?\d[\d,.]*\s?%`)},
	{"date", regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)},
}

// notFigures are the texts a figure pattern matches that state no
// measurement: a confidence level is part of the statistic's definition.
// They are blanked before the patterns are tried.
var notFigures = regexp.MustCompile(`\d+(\.\d+)?% (confidence|interval|CI\b|lower bound|upper bound|quantile)`)

// quoted matches a double-quoted text in a comment, over a few lines at
// most: an example of what a program prints or reads ("+12.3 ± 4.5 (95%
// CI ...)"), not a figure of ours.
var quoted = regexp.MustCompile(`"[^"]{0,300}"`)

// TestNoFiguresInComments checks that no comment of a Go file of the
// module carries a measured figure (figurePatterns), naming each
// file:line.
func TestNoFiguresInComments(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, f := range figuresInComments(path, src) {
			t.Errorf("%s: %s %q in a comment: a measurement goes in a MEASUREMENTS.md, anything else in other words", f.pos, f.kind, f.text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// figure is a measured figure found in a comment.
type figure struct {
	pos        token.Position
	kind, text string
}

// figuresInComments returns the figures in the comments of the Go source
// src of file name. A run of // lines is read as one comment, as a doc
// comment is, so that a quoted text may span lines.
func figuresInComments(name string, src []byte) []figure {
	var out []figure
	fset := token.NewFileSet()
	file := fset.AddFile(name, -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var group []string // the comment lines from first on
	var first token.Position
	flush := func() {
		text := quoted.ReplaceAllStringFunc(strings.Join(group, "\n"), func(q string) string {
			return strings.Repeat("\n", strings.Count(q, "\n")) // keep the lines
		})
		for i, line := range strings.Split(text, "\n") {
			line = notFigures.ReplaceAllString(line, "")
			for _, p := range figurePatterns {
				for _, m := range p.re.FindAllString(line, -1) {
					at := first
					at.Line += i
					at.Column = 0
					out = append(out, figure{at, p.name, m})
				}
			}
		}
		group = group[:0]
	}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			flush()
			return out
		}
		if tok != token.COMMENT {
			continue
		}
		at := fset.Position(pos)
		if len(group) > 0 && (!strings.HasPrefix(lit, "//") || at.Line != first.Line+len(group)) {
			flush()
		}
		if len(group) == 0 {
			first = at
		}
		group = append(group, strings.Split(lit, "\n")...)
		if !strings.HasPrefix(lit, "//") {
			flush()
		}
	}
}

// TestFiguresInComments checks the patterns on comments that carry a
// figure and on comments that only look as if they did.
func TestFiguresInComments(t *testing.T) {
	tests := []struct {
		comment string
		want    []string // the kinds found, in pattern order
	}{
		{"// about 1.8 µs a call", []string{"time"}},
		{"// 122.2 ns a turn, 0 allocs/op", []string{"time"}},
		{"// 3 allocs a turn", []string{"allocations"}},
		{"// +139 Elo [+88, +197]", []string{"Elo"}},
		{"// in about 40% of the turns", []string{"percentage"}},
		{"// 12.5 % faster", []string{"percentage"}},
		{"/* measured\n   on 2026-11-26 */", []string{"date"}},
		{"// the Elo difference with its 95% confidence interval", nil},
		{"// the two-sided 95% quantile of the normal distribution", nil},
		{`// String returns "+12.3 ± 4.5 (95% CI +7.8 .. +16.8)"`, nil},
		{"// CodinGame allows 1000 ms for the first turn", nil},
		{"// MaxDepth is the number of turns a plan holds", nil},
	}
	for _, tt := range tests {
		// The percentage in the string literal is code, not a comment.
		src := "package p\n\n" + tt.comment + "\nvar x = fmt.Sprintf(\"%d%% of 50 ns\", 5)\n"
		var got []string
		for _, f := range figuresInComments("p.go", []byte(src)) {
			got = append(got, f.kind)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q: found %v, want %v", tt.comment, got, tt.want)
		}
	}
}
