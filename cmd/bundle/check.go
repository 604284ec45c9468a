package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The checks a bundle must pass before it goes to CodinGame.
const (
	// sizeLimit is CodinGame's limit on a submission, in characters.
	sizeLimit = 100000
	// goVersion is the Go release CodinGame compiles with (Go 1.18.1).
	goVersion = "go1.18"
	// goMinor is goVersion's minor number: standard-library API added in a
	// later release is refused.
	goMinor = 18
)

// size returns the bundle's length in characters and the line reporting
// it. CodinGame's editor is a web page: a character outside the Basic
// Multilingual Plane (an emoji) counts as two, as in a JavaScript string,
// which is the larger count whichever CodinGame uses.
func size(src []byte) (int, string) {
	n := 0
	for _, r := range string(src) {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n, fmt.Sprintf("size %d chars (limit %d, headroom %d)", n, sizeLimit, sizeLimit-n)
}

// checkGo118 type-checks the bundle as Go 1.18 (language version go1.18:
// no min/max/clear, no range over integers or functions, no generic type
// aliases...) and checks every use of the standard library against the
// API lists of the Go distribution: a symbol that appears first in
// api/go1.N.txt with N > 18 is refused. It returns one message per problem,
// "name:line:col: what (in func F at file:line)".
func checkGo118(name string, src []byte, decls []declInfo, api *apiIndex) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return []string{err.Error()}
	}
	var msgs []string
	report := func(pos token.Pos, msg string) {
		p := fset.Position(pos)
		m := fmt.Sprintf("%s:%d:%d: %s", name, p.Line, p.Column, msg)
		if w := where(decls, p.Line); w != "" {
			m += " (" + w + ")"
		}
		msgs = append(msgs, m)
	}
	conf := types.Config{
		GoVersion: goVersion,
		Importer:  importer.ForCompiler(fset, "gc", nil),
		Sizes:     types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				if !te.Soft || len(msgs) < 50 {
					report(te.Pos, te.Msg)
				}
				return
			}
			msgs = append(msgs, err.Error())
		},
	}
	info := &types.Info{
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Types:      map[ast.Expr]types.TypeAndValue{},
	}
	conf.Check("main", fset, []*ast.File{f}, info)
	if api != nil {
		for _, m := range api.check(f, info) {
			report(m.pos, m.msg)
		}
	}
	return msgs
}

// apiIndex tells in which Go release each standard-library symbol
// appeared, from $GOROOT/api/go1*.txt.
type apiIndex struct {
	since map[string]int // "strings.CutPrefix", "time.Time.Compare" -> minor version
	pkgs  map[string]int // "slices" -> minor version
}

// loadAPI reads the API lists of the Go distribution at goroot.
func loadAPI(goroot string) (*apiIndex, error) {
	files, err := filepath.Glob(filepath.Join(goroot, "api", "go1*.txt"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no API lists in %s: the standard-library version check needs them", filepath.Join(goroot, "api"))
	}
	idx := &apiIndex{since: map[string]int{}, pkgs: map[string]int{}}
	for _, file := range files {
		base := strings.TrimSuffix(filepath.Base(file), ".txt")
		minor := 0
		if base != "go1" {
			minor, err = strconv.Atoi(strings.TrimPrefix(base, "go1."))
			if err != nil {
				continue // not a release list
			}
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			pkg, key, ok := parseAPILine(sc.Text())
			if !ok {
				continue
			}
			note(idx.pkgs, pkg, minor)
			if key != "" {
				note(idx.since, key, minor)
			}
		}
	}
	return idx, nil
}

// note records in m that key came with Go 1.minor, unless m has it
// from an earlier release.
func note(m map[string]int, key string, minor int) {
	if v, ok := m[key]; !ok || minor < v {
		m[key] = minor
	}
}

// parseAPILine reads one line of an API list:
//
//	pkg strings, func CutPrefix(string, string) (string, bool) #42537
//	pkg sync/atomic, method (*Pointer[$0]) Load() *$0 #50860
//	pkg go/ast, type IndexListExpr struct, Indices []Expr
//	pkg io, type ReadSeekCloser interface, Close() error
//	pkg math, const MaxInt = 9223372036854775807
//	pkg os (linux-arm), const O_SYNC = 1052672
//
// It returns the package path and the symbol's key: pkg.Name for a
// package-level symbol, pkg.Type.Name for a method, field or interface
// method. Deprecation notes and other platforms than linux/amd64 are
// skipped.
func parseAPILine(line string) (pkg, key string, ok bool) {
	rest, found := strings.CutPrefix(line, "pkg ")
	if !found || strings.Contains(line, "//deprecated") {
		return "", "", false
	}
	pkg, rest, found = strings.Cut(rest, ", ")
	if !found {
		return "", "", false
	}
	if path, plat, ok := strings.Cut(pkg, " ("); ok {
		if !strings.HasPrefix(plat, "linux-amd64") {
			return "", "", false
		}
		pkg = path
	}
	kind, rest, _ := strings.Cut(rest, " ")
	ident := func(s string) string {
		end := strings.IndexAny(s, " ([,")
		if end < 0 {
			end = len(s)
		}
		return s[:end]
	}
	switch kind {
	case "func", "const", "var":
		return pkg, pkg + "." + ident(rest), true
	case "method":
		recv, name, found := strings.Cut(rest, ") ")
		if !found {
			return "", "", false
		}
		recv = strings.TrimPrefix(strings.TrimPrefix(recv, "("), "*")
		return pkg, pkg + "." + ident(recv) + "." + ident(name), true
	case "type":
		name := ident(rest)
		if _, member, found := strings.Cut(rest, ", "); found {
			if e, found := strings.CutPrefix(member, "embedded "); found {
				e = strings.TrimPrefix(e, "*")
				if i := strings.LastIndex(e, "."); i >= 0 {
					e = e[i+1:]
				}
				return pkg, pkg + "." + name + "." + ident(e), true
			}
			return pkg, pkg + "." + name + "." + ident(member), true
		}
		return pkg, pkg + "." + name, true
	}
	return pkg, "", true
}

type apiProblem struct {
	pos token.Pos
	msg string
}

// check finds the uses of standard-library symbols, packages and members
// that are newer than Go 1.18 in the type-checked file.
func (idx *apiIndex) check(f *ast.File, info *types.Info) []apiProblem {
	var out []apiProblem
	seen := map[string]bool{}
	add := func(pos token.Pos, what string, minor int) {
		out = append(out, apiProblem{pos, fmt.Sprintf("uses %s, added in go1.%d (CodinGame has %s)", what, minor, goVersion)})
		seen[what] = true
	}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if v, ok := idx.pkgs[path]; ok && v > goMinor {
			add(spec.Pos(), "package "+path, v)
		}
	}
	// The struct type that declares each selected field.
	fieldOwner := map[*ast.Ident]*types.TypeName{}
	for sel, s := range info.Selections {
		if s.Kind() == types.FieldVal {
			fieldOwner[sel.Sel] = owner(s.Recv(), s.Index())
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		named := namedOf(info.Types[cl].Type)
		for _, e := range cl.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && named != nil {
					fieldOwner[id] = named.Obj()
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() == "main" {
			return true
		}
		path := obj.Pkg().Path()
		var key, what string
		switch {
		case packageLevel(obj):
			key = path + "." + obj.Name()
			what = key
		case isMethod(obj):
			recv := namedOf(obj.Type().(*types.Signature).Recv().Type())
			if recv == nil || recv.Obj().Pkg() != obj.Pkg() {
				return true
			}
			key = path + "." + recv.Obj().Name() + "." + obj.Name()
			what = key
		case isField(obj):
			tn := fieldOwner[id]
			if tn == nil || tn.Pkg() != obj.Pkg() {
				return true
			}
			key = path + "." + tn.Name() + "." + obj.Name()
			what = key + " (field)"
		default:
			return true
		}
		if v, ok := idx.since[key]; ok && v > goMinor && !seen[what] {
			add(id.Pos(), what, v)
		}
		return true
	})
	return out
}

// owner returns the named type that declares the field reached from recv
// through the index path, or nil.
func owner(recv types.Type, index []int) *types.TypeName {
	t := recv
	var last *types.TypeName
	for _, i := range index {
		if n := namedOf(t); n != nil {
			last = n.Obj()
		}
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
	}
	return last
}

// deref returns the element type of a pointer type, and t otherwise.
func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// namedOf returns the named type t or *t is, or nil.
func namedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	n, _ := types.Unalias(deref(t)).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}

// isMethod reports whether obj is a method.
func isMethod(obj types.Object) bool {
	f, ok := obj.(*types.Func)
	return ok && f.Type().(*types.Signature).Recv() != nil
}

// isField reports whether obj is a struct field.
func isField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField()
}

// loopvarLine matches the compiler's report of a loop whose variable is
// per-iteration from Go 1.22 on and shared by all iterations before.
var loopvarLine = regexp.MustCompile(`^\./bundle\.go:(\d+):(\d+): loop variable (\S+) now per-iteration`)

// loopvars compiles the bundle as Go 1.22 with -d=loopvar=2, which names the
// loops whose variable is captured by a closure or has its address taken:
// there Go 1.18 (CodinGame) shares one variable across iterations where Go
// 1.22 and later, which the unbundled bot is built with, make one per
// iteration. It returns one warning per loop.
func loopvars(dir, name string, src []byte, decls []declInfo) ([]string, error) {
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bundled\n\ngo 1.22\n"), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "bundle.go"), src, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "build", "-gcflags=-d=loopvar=2", "-o", os.DevNull, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod -buildvcs=false")
	out, err := cmd.CombinedOutput()
	if err != nil {
		// The bundle compiled as Go 1.18: the debug flag is what failed.
		return []string{fmt.Sprintf("loop variables not checked: go build -gcflags=-d=loopvar=2: %v: %s", err, strings.TrimSpace(string(out)))}, nil
	}
	var warns []string
	for _, line := range strings.Split(string(out), "\n") {
		m := loopvarLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[1])
		w := fmt.Sprintf("%s:%s:%s: loop variable %s is captured or has its address taken: Go 1.18 shares it across iterations, Go 1.22+ does not", name, m[1], m[2], m[3])
		if d := where(decls, l); d != "" {
			w += " (" + d + ")"
		}
		warns = append(warns, w)
	}
	// The compiler reports a loop again wherever it is inlined.
	return dedup(warns), nil
}

// buildLine matches a compiler message about the bundle's file.
var buildLine = regexp.MustCompile(`^\./bundle\.go:(\d+):(\d+): (.*)$`)

// compile builds the bundle alone, as CodinGame does: one file in a fresh
// module that says go 1.18, no other file, no dependency. It returns the
// path of the executable in dir. Errors name the lines of the bundle as
// name:line:col.
func compile(dir, name string, src []byte, decls []declInfo) (string, error) {
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bundled\n\ngo 1.18\n"), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "bundle.go"), src, 0o644); err != nil {
		return "", err
	}
	exe := filepath.Join(dir, "bot")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod -buildvcs=false")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return exe, nil
	}
	var msgs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		m := buildLine.FindStringSubmatch(line)
		if m == nil {
			if !strings.HasPrefix(line, "# ") {
				msgs = append(msgs, line)
			}
			continue
		}
		l, _ := strconv.Atoi(m[1])
		msg := fmt.Sprintf("%s:%s:%s: %s", name, m[1], m[2], m[3])
		if w := where(decls, l); w != "" {
			msg += " (" + w + ")"
		}
		msgs = append(msgs, msg)
	}
	return "", fmt.Errorf("the bundle does not compile alone (go build in a go 1.18 module):\n%s", strings.Join(msgs, "\n"))
}
