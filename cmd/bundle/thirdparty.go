package main

import (
	"fmt"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"go/version"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Packages of other modules (golang.org/x/exp/slices, say) are merged as
// the main module's are, renamed the same way and checked the same way
// (Go 1.18 language and API, the size, building alone), when the one Go
// 1.18 file that CodinGame compiles can hold them. It cannot hold, and the
// bundler refuses, naming the package and why:
//
//   - cgo: a file that imports "C";
//   - files other than Go: assembly (.s), C, syso...;
//   - embedded files (//go:embed);
//   - //go:linkname, which reaches into the runtime's or the standard
//     library's internals: they differ from one Go release to the next;
//   - a module whose go.mod says a newer go than 1.18.
//
// A package of any module, the main one too, whose files are chosen by the
// Go release (//go:build go1.21) is refused as well: the loader chooses
// them as the Go that runs the bundler does, where CodinGame's Go 1.18
// would choose others.

// isThirdParty reports whether pkg belongs to a module other than the main
// one.
func isThirdParty(pkg *packages.Package) bool {
	return pkg.Module != nil && !pkg.Module.Main
}

// modString names a module with its version, and its replacement.
func modString(m *packages.Module) string {
	s := m.Path
	if m.Version != "" {
		s += " " + m.Version
	}
	if r := m.Replace; r != nil {
		s += " => " + r.Path
		if r.Version != "" {
			s += " " + r.Version
		}
	}
	return s
}

// cannotInline returns why the third-party package pkg cannot be merged
// into the bundle, or "" when it can.
func cannotInline(pkg *packages.Package) string {
	var why []string
	m := pkg.Module
	if r := m.Replace; r != nil && r.GoVersion != "" {
		m = r
	}
	if v := m.GoVersion; v != "" && version.Compare("go"+v, goVersion) > 0 {
		why = append(why, fmt.Sprintf("module %s says go %s in its go.mod", modString(pkg.Module), v))
	}
	if f := cgoFile(pkg); f != "" {
		why = append(why, fmt.Sprintf(`cgo (import "C" in %s)`, f))
	}
	if f := linknameFile(pkg); f != "" {
		why = append(why, fmt.Sprintf("//go:linkname in %s, which reaches into the internals of a Go release", f))
	}
	for _, f := range pkg.OtherFiles {
		kind := "a file other than Go"
		switch filepath.Ext(f) {
		case ".s", ".S", ".sx":
			kind = "assembly"
		case ".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx", ".m", ".f", ".F", ".for", ".f90":
			kind = "C, C++, Objective-C or Fortran"
		case ".syso":
			kind = "an object file"
		}
		why = append(why, fmt.Sprintf("%s %s", kind, filepath.Base(f)))
	}
	if len(pkg.EmbedPatterns) > 0 {
		var files []string
		for _, p := range pkg.EmbedPatterns {
			files = append(files, filepath.Base(p))
		}
		why = append(why, fmt.Sprintf("embedded files (//go:embed %s)", strings.Join(files, " ")))
	}
	return strings.Join(why, "; ")
}

// cgoFile returns the name of a file of pkg that imports "C", or "". The
// files left out by the build are searched too when none is built: with
// cgo disabled, a cgo package has no file.
func cgoFile(pkg *packages.Package) string {
	files := pkg.GoFiles
	if len(files) == 0 {
		files = pkg.IgnoredFiles
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, spec := range f.Imports {
			if path, _ := strconv.Unquote(spec.Path.Value); path == "C" {
				return filepath.Base(name)
			}
		}
	}
	return ""
}

// linknameFile returns the name of a file of pkg with a //go:linkname
// directive, or "".
func linknameFile(pkg *packages.Package) string {
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, "//go:linkname ") {
					return filepath.Base(name)
				}
			}
		}
	}
	return ""
}

// importPosition returns the position of the import of path in pkg's
// files, relative to the working directory, or pkg's path when no file
// shows it.
func importPosition(pkg *packages.Package, path string) string {
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, spec := range f.Imports {
			if s, _ := strconv.Unquote(spec.Path.Value); s == path {
				return relative(fset.Position(spec.Pos()))
			}
		}
	}
	return pkg.PkgPath
}

// byRelease returns a message for each file of pkg whose //go:build line
// names a Go release after 1.18 and decides differently for Go 1.18 and
// for Go 1.current, which loads the package: the bundle would hold the
// files of the wrong release.
func byRelease(pkg *packages.Package, tags []string, current int) []string {
	var out []string
	fset := token.NewFileSet()
	for _, name := range append(append([]string(nil), pkg.GoFiles...), pkg.IgnoredFiles...) {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			continue
		}
		for _, g := range f.Comments {
			if g.Pos() > f.Package {
				break
			}
			for _, c := range g.List {
				if !constraint.IsGoBuild(c.Text) {
					continue
				}
				expr, err := constraint.Parse(c.Text)
				if err != nil {
					continue
				}
				now := expr.Eval(func(tag string) bool { return tagValue(tag, current, tags) })
				then := expr.Eval(func(tag string) bool { return tagValue(tag, goMinor, tags) })
				if now == then {
					continue
				}
				built := map[bool]string{true: "built", false: "left out"}
				out = append(out, fmt.Sprintf("%s: %s picks files by the Go release: %s (%s) is %s by go1.%d, which loads it, and would be %s by CodinGame's %s",
					relative(fset.Position(c.Pos())), pkg.PkgPath, filepath.Base(name), c.Text, built[now], current, built[then], goVersion))
			}
		}
	}
	return out
}

// unixOS are the GOOS values that satisfy the build tag unix.
var unixOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd", "openbsd", "solaris"}

// tagValue says whether a build tag holds for a Go release 1.minor on
// this system with the build tags.
func tagValue(tag string, minor int, tags []string) bool {
	if rest, ok := strings.CutPrefix(tag, "go1."); ok {
		n, err := strconv.Atoi(rest)
		return err == nil && n <= minor
	}
	switch tag {
	case build.Default.GOOS, build.Default.GOARCH, "gc":
		return true
	case "unix":
		return slices.Contains(unixOS, build.Default.GOOS)
	case "cgo":
		return build.Default.CgoEnabled
	}
	return slices.Contains(tags, tag)
}

// goMinorOf returns N of a Go version go1.N.M, or, for a version it cannot
// read (a development build), the release of the Go that runs the bundler.
func goMinorOf(v string) int {
	lang := strings.TrimPrefix(version.Lang(v), "go1.")
	n, err := strconv.Atoi(lang)
	if err != nil {
		tags := build.Default.ReleaseTags
		n, _ = strconv.Atoi(strings.TrimPrefix(tags[len(tags)-1], "go1."))
	}
	return n
}
