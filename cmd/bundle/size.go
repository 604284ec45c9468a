package main

import (
	"fmt"
	"sort"
	"strings"
)

// headerWeight names the part of a bundle before its first declaration:
// the header, the package clause and the imports.
const headerWeight = "(header and imports)"

// weight is the share of a bundle that one package takes.
type weight struct {
	pkg   string // an import path, or headerWeight
	chars int    // as size counts them
}

// weights returns the characters of src by package, heaviest first. A
// declaration weighs its lines with the newlines, and the comments and
// blank lines before it: the weights add up to size(src).
func weights(src []byte, decls []declInfo) []weight {
	lines := strings.SplitAfter(string(src), "\n")
	by := map[string]int{}
	next := 0 // the first line (0-based) not yet counted
	count := func(pkg string, end int) {
		for ; next < end && next < len(lines); next++ {
			n, _ := size([]byte(lines[next]))
			by[pkg] += n
		}
	}
	for _, d := range decls {
		if next == 0 {
			count(headerWeight, d.start-1)
		}
		count(d.pkg, d.end)
	}
	// The newline after the last declaration.
	last := headerWeight
	if len(decls) > 0 {
		last = decls[len(decls)-1].pkg
	}
	count(last, len(lines))
	out := make([]weight, 0, len(by))
	for pkg, n := range by {
		out = append(out, weight{pkg, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].chars != out[j].chars {
			return out[i].chars > out[j].chars
		}
		return out[i].pkg < out[j].pkg
	})
	return out
}

// overLimit explains a bundle that is too big: by how much, and the
// characters of each package, heaviest first; when stripped (the same
// bundle without comments) is not nil, with and without comments.
func overLimit(res, stripped *result) string {
	n, _ := size(res.src)
	var b strings.Builder
	fmt.Fprintf(&b, "%s over the limit", chars(n-sizeLimit))
	var without map[string]int
	if stripped != nil {
		ns, _ := size(stripped.src)
		if ns > sizeLimit {
			fmt.Fprintf(&b, ", and %s over without comments (%s)", chars(ns-sizeLimit), chars(ns))
		} else {
			fmt.Fprintf(&b, "; %s without comments", chars(ns))
		}
		without = map[string]int{}
		for _, w := range weights(stripped.src, stripped.decls) {
			without[w.pkg] = w.chars
		}
	}
	ws := weights(res.src, res.decls)
	width := 0
	for _, w := range ws {
		if len(w.pkg) > width {
			width = len(w.pkg)
		}
	}
	if without != nil {
		fmt.Fprintf(&b, ". Characters by package, with comments and without:")
	} else {
		fmt.Fprintf(&b, ". Characters by package:")
	}
	for _, w := range ws {
		fmt.Fprintf(&b, "\n\t%-*s %7d %3d%%", width, w.pkg, w.chars, 100*w.chars/n)
		if without != nil {
			fmt.Fprintf(&b, " %7d", without[w.pkg])
		}
	}
	return b.String()
}

// chars says n characters.
func chars(n int) string {
	if n == 1 {
		return "1 char"
	}
	return fmt.Sprintf("%d chars", n)
}
