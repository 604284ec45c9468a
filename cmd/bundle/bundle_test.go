package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.go.txt")

// TestGolden bundles testdata/golden, a module of two packages whose names
// clash (State, Kind, Vec, sort), with an embedded field named after a
// renamed type, iota constants, a function named like a builtin, a
// reference that a local would capture, init functions whose effects the
// next package's variables read, a package that Go initializes before
// those (gear: the spec's order since Go 1.21, not a depth-first walk), a
// loop variable captured by a closure, a dot import and a blank import. It
// compares the text with testdata/golden.go.txt, then checks the meaning:
// the bundle, built alone as Go 1.18, prints what the unbundled module
// prints (go run, the independent oracle).
func TestGolden(t *testing.T) {
	res, err := bundle(options{dir: "testdata/golden", pattern: ".", tags: []string{"contest"}})
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "golden.go.txt")
	if *update {
		if err := os.WriteFile(golden, res.src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(res.src), "\n")); d != "" {
		got := strings.TrimSuffix(golden, ".txt") + ".got"
		os.WriteFile(got, res.src, 0o644)
		t.Errorf("bundle of testdata/golden differs from %s (-want +got), written to %s:\n%s", golden, got, d)
	}
	if !strings.HasPrefix(string(res.src), header+"\n") {
		t.Errorf("the bundle does not start with %q", header)
	}

	exe, warnings, err := verify(res, "golden.go", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// The loop of Squares (game/game.go:68), found in the text.
	loop := 1 + strings.Count(string(res.src[:strings.Index(string(res.src), "for i := 0; i < n; i++ {")]), "\n")
	wantWarn := []string{fmt.Sprintf("golden.go:%d:6: loop variable i is captured or has its address taken: Go 1.18 shares it across iterations, Go 1.22+ does not (in func Squares at game/game.go:68)", loop)}
	if d := cmp.Diff(wantWarn, warnings); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
	gotOut, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatalf("running the bundle: %v", err)
	}
	cmd := exec.Command("go", "run", "-tags", "contest", ".")
	cmd.Dir = "testdata/golden"
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	wantOut, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run testdata/golden: %v", err)
	}
	if d := cmp.Diff(strings.Split(string(wantOut), "\n"), strings.Split(string(gotOut), "\n")); d != "" {
		t.Errorf("the bundle prints differently from the module (-module +bundle):\n%s", d)
	}
}

// TestStripComments checks that -strip-comments leaves the header and the
// compiler directives only, and that the result still builds.
func TestStripComments(t *testing.T) {
	res, err := bundle(options{dir: "testdata/golden", pattern: ".", tags: []string{"contest"}, stripComments: true})
	if err != nil {
		t.Fatal(err)
	}
	var comments []string
	for _, line := range strings.Split(string(res.src), "\n") {
		if i := strings.Index(line, "//"); i >= 0 && !strings.Contains(line[:i], `"`) {
			comments = append(comments, strings.TrimSpace(line[i:]))
		}
	}
	want := []string{header, "//go:noinline"}
	if d := cmp.Diff(want, comments); d != "" {
		t.Errorf("comments left (-want +got):\n%s", d)
	}
	if _, _, err := verify(res, "stripped.go", t.TempDir()); err != nil {
		t.Fatal(err)
	}
}

// TestPrune bundles testdata/prune, whose package lib declares what main
// uses and what it does not. The unreachable declarations, and the
// standard imports only they use, must be left out, with a method named
// like one of an interface of such an import (flag.Value's Set); what is reached
// directly, through an interface, through a generic instance, a variable
// whose initializer prints, and every method of a kept type, must stay; the iota block must stay
// whole. The bundle must print what go run of the module prints. With
// keepUnused, everything stays.
func TestPrune(t *testing.T) {
	res, err := bundle(options{dir: "testdata/prune", pattern: "."})
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.src)
	for _, gone := range []string{"func Unused", "var orphan", "type Orphaned", "Method()", `"strings"`, "unusedHelper", "unusedName", `"flag"`, "RegisterFlags", "Set(s string)"} {
		if strings.Contains(src, gone) {
			t.Errorf("the bundle keeps %s, which main cannot reach", gone)
		}
	}
	for _, kept := range []string{"func Used", "func helper", "Area()", "Push(v T)", "Len() int", "String() string", "var registered", "func register", "Red Colour = iota", "Green", `"fmt"`} {
		if !strings.Contains(src, kept) {
			t.Errorf("the bundle leaves out %s, which main needs", kept)
		}
	}
	// Orphaned (its type and its method), orphan, Unused, RegisterFlags,
	// and the methods of kept types that neither a call nor an interface
	// reaches (Set among them).
	if res.dropped != 8 {
		t.Errorf("dropped %d declarations, want 8", res.dropped)
	}
	exe, _, err := verify(res, "prune.go", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatalf("running the bundle: %v", err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = "testdata/prune"
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run testdata/prune: %v", err)
	}
	if string(got) != string(want) {
		t.Errorf("the bundle prints %q, the module %q", got, want)
	}

	all, err := bundle(options{dir: "testdata/prune", pattern: ".", keepUnused: true})
	if err != nil {
		t.Fatal(err)
	}
	if all.dropped != 0 || !strings.Contains(string(all.src), "func Unused") || !strings.Contains(string(all.src), `"strings"`) || !strings.Contains(string(all.src), "Set(s string)") {
		t.Errorf("with keepUnused the bundle still leaves declarations out (%d)", all.dropped)
	}
}

// rejectTests is the table of TestRejects: modules of testdata that
// CodinGame would refuse, each with what its error must say.
var rejectTests = []struct {
	name string
	dir  string
	tags []string
	want []string // substrings of the error, in order
}{
	{
		// One package of another module for each kind of file that
		// one Go 1.18 file cannot hold, and one whose files depend
		// on the Go release.
		name: "packages of other modules",
		dir:  "refuse",
		want: []string{
			"testdata/refuse/release/new.go:1:1: example.com/release picks files by the Go release: new.go (//go:build go1.21) is built by go1.",
			"and would be left out by CodinGame's go1.18",
			"testdata/refuse/release/old.go:1:1: example.com/release picks files by the Go release: old.go (//go:build !go1.21) is left out by go1.",
			"testdata/refuse/main.go:10:2: refuse imports example.com/asm, which cannot be inlined into the one Go 1.18 file CodinGame compiles: assembly add.s",
			`testdata/refuse/main.go:11:2: refuse imports example.com/cgo, which cannot be inlined into the one Go 1.18 file CodinGame compiles: cgo (import "C" in cgo.go)`,
			"testdata/refuse/main.go:12:2: refuse imports example.com/embed, which cannot be inlined into the one Go 1.18 file CodinGame compiles: embedded files (//go:embed data.txt)",
			"testdata/refuse/main.go:13:2: refuse imports example.com/linkname, which cannot be inlined into the one Go 1.18 file CodinGame compiles: //go:linkname in linkname.go",
			"testdata/refuse/main.go:14:2: refuse imports example.com/newgo, which cannot be inlined into the one Go 1.18 file CodinGame compiles: module example.com/newgo v0.0.0 => ./newgo says go 1.21 in its go.mod",
		},
	},
	{
		name: "package of another module that imports an internal standard package",
		dir:  "internalstd",
		want: []string{"example.com/ext: ", "ext/ext.go:4:8: use of internal package internal/cpu not allowed"},
	},
	{
		name: "file of the profiling build, without the contest tag",
		dir:  "golden",
		want: []string{"golden/geom/profile.go:5:8: golden/geom imports example.com/profiler"},
	},
	{
		// The versions are those of the Go release notes: clear and
		// min in Go 1.21, range over an integer in 1.22, generic type
		// aliases in 1.24 (1.23 with GOEXPERIMENT=aliastypeparams,
		// which go/types names).
		name: "language newer than Go 1.18",
		dir:  "newlang",
		want: []string{
			"not Go 1.18",
			"newlang.go:13:11: generic type alias requires go1.23 or later (in type List at main.go:7)",
			"newlang.go:17:2: clear requires go1.21 or later (in func main at main.go:9)",
			"newlang.go:18:18: built-in min requires go1.21 or later",
			"newlang.go:19:17: cannot range over 3 (untyped int constant): requires go1.22 or later",
		},
	},
	{
		// The versions are those of the Go release notes: sync/atomic
		// types in Go 1.19, strings.CutPrefix, time.Time.Compare and
		// ast.File.FileStart in 1.20, package slices in 1.21.
		name: "standard library newer than Go 1.18",
		dir:  "newapi",
		want: []string{
			"newapi.go:9:2: uses package slices, added in go1.21",
			"newapi.go:18:22: uses strings.CutPrefix, added in go1.20 (CodinGame has go1.18) (in func main at main.go:14)",
			"uses sync/atomic.Int64, added in go1.19",
			"uses sync/atomic.Int64.Add, added in go1.19",
			"uses go/ast.File.FileStart (field), added in go1.20",
			"uses time.Time.Compare, added in go1.20",
			"uses slices.Contains, added in go1.21",
		},
	},
}

// TestRejects runs the modules of rejectTests: each error must name the
// cause and where it is.
func TestRejects(t *testing.T) {
	for _, tt := range rejectTests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := bundle(options{dir: filepath.Join("testdata", tt.dir), pattern: ".", tags: tt.tags})
			if err == nil {
				_, _, err = verify(res, tt.dir+".go", "")
			}
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range tt.want {
				i := strings.Index(msg, w)
				if i < 0 {
					t.Fatalf("error does not say %q:\n%s", w, err)
				}
				msg = msg[i+len(w):]
			}
		})
	}
}

// TestRejectCgoDisabled checks that a cgo package is named as such when
// cgo is disabled, where the build leaves out all of its files.
func TestRejectCgoDisabled(t *testing.T) {
	t.Setenv("CGO_ENABLED", "0")
	_, err := bundle(options{dir: "testdata/refuse", pattern: "."})
	want := `refuse imports example.com/cgo, which cannot be inlined into the one Go 1.18 file CodinGame compiles: cgo (import "C" in cgo.go)`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("bundle = %v, want %q", err, want)
	}
}

// TestOtherModule bundles testdata/nonstd, whose package a imports
// example.com/ext of another module: the bundle holds both, with their
// Answer functions renamed, says which module it holds, and prints what
// the module prints.
func TestOtherModule(t *testing.T) {
	res, err := bundle(options{dir: "testdata/nonstd", pattern: "."})
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.src)
	for _, want := range []string{"func a_Answer() int { return ext_Answer() }", "func ext_Answer() int { return 42 }", "It holds packages of example.com/ext v0.0.0 => ./ext."} {
		if !strings.Contains(src, want) {
			t.Errorf("the bundle does not say %q:\n%s", want, src)
		}
	}
	exe, _, err := verify(res, "nonstd.go", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(exe).Output(); err != nil || string(out) != "42\n" {
		t.Errorf("the bundle prints %q (%v), want 42", out, err)
	}
}

// TestSizeLimit checks the limit on a valid file one character too long.
func TestSizeLimit(t *testing.T) {
	src := "package main\n\nconst s = \"\"\n\nfunc main() { println(s) }\n"
	pad := sizeLimit + 1 - len(src)
	src = strings.Replace(src, `""`, `"`+strings.Repeat("x", pad)+`"`, 1)
	if n, line := size([]byte(src)); n != sizeLimit+1 || line != "size 100001 chars (limit 100000, headroom -1)" {
		t.Fatalf("size = %d, %q", n, line)
	}
	goroot, err := goEnv("", "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = verify(&result{src: []byte(src), goroot: goroot}, "big.go", "")
	if err == nil || !strings.Contains(err.Error(), "big.go: too big for CodinGame: size 100001 chars (limit 100000, headroom -1): 1 char over the limit") {
		t.Fatalf("verify = %v, want the size named", err)
	}
	// Characters, not bytes: é is one character (two bytes), an emoji two
	// (four bytes), as in a JavaScript string.
	for _, c := range []struct {
		s string
		n int
	}{{"é", 1}, {"\U0001F600", 2}, {"ab", 2}} {
		if n, _ := size([]byte(c.s)); n != c.n {
			t.Errorf("size(%q) = %d, want %d", c.s, n, c.n)
		}
	}
}

// TestOtherGame checks that a package of the other game is refused.
func TestOtherGame(t *testing.T) {
	root := &packages.Package{PkgPath: "impulse/cmd/bot"}
	p := &program{root: root, units: []*packages.Package{{PkgPath: "impulse/sim"}, {PkgPath: "impulse/sim/fb"}, root}}
	err := p.checkGame([]string{"fb"})
	if err == nil || !strings.Contains(err.Error(), "impulse/sim/fb") {
		t.Errorf("checkGame = %v, want impulse/sim/fb named", err)
	}
	if err := p.checkGame([]string{"csb"}); err != nil {
		t.Errorf("checkGame(csb) = %v", err)
	}
}

// TestParseAPILine reads lines in the formats of $GOROOT/api/README.
func TestParseAPILine(t *testing.T) {
	tests := []struct {
		line, pkg, key string
		ok             bool
	}{
		{"pkg strings, func CutPrefix(string, string) (string, bool) #42537", "strings", "strings.CutPrefix", true},
		{"pkg slices, func Contains[$0 interface{ ~[]$1 }, $1 comparable]($0, $1) bool #57433", "slices", "slices.Contains", true},
		{"pkg sync/atomic, method (*Pointer[$0]) Load() *$0 #50860", "sync/atomic", "sync/atomic.Pointer.Load", true},
		{"pkg time, method (Time) Compare(Time) int #50770", "time", "time.Time.Compare", true},
		{"pkg go/ast, type File struct, FileStart token.Pos #53202", "go/ast", "go/ast.File.FileStart", true},
		{"pkg sync/atomic, type Pointer[$0 interface{}] struct #50860", "sync/atomic", "sync/atomic.Pointer", true},
		{"pkg io, type ReadSeekCloser interface, Close() error", "io", "io.ReadSeekCloser.Close", true},
		{"pkg math, const MaxInt = 9223372036854775807", "math", "math.MaxInt", true},
		{"pkg math, const MaxInt ideal-int", "math", "math.MaxInt", true},
		{"pkg os, var ErrProcessDone error", "os", "os.ErrProcessDone", true},
		{"pkg syscall (linux-amd64), const SYS_X = 1", "syscall", "syscall.SYS_X", true},
		{"pkg syscall (freebsd-386), const SYS_X = 1", "", "", false},
		{"pkg crypto/elliptic, method (*CurveParams) Add //deprecated #34648", "", "", false},
		{"not an API line", "", "", false},
	}
	for _, tt := range tests {
		pkg, key, ok := parseAPILine(tt.line)
		if pkg != tt.pkg || key != tt.key || ok != tt.ok {
			t.Errorf("parseAPILine(%q) = %q, %q, %v; want %q, %q, %v", tt.line, pkg, key, ok, tt.pkg, tt.key, tt.ok)
		}
	}
}

// TestUsage checks the flags: a bad game is a usage error (exit status 2);
// -h and -help print the synopsis on stdout and succeed (exit status 0).
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-game", "chess"}, {}, {"-game", "csb", "extra"}, {"-nope"}} {
		var usage usageError
		if err := run(args, &strings.Builder{}, &strings.Builder{}); !errors.As(err, &usage) {
			t.Errorf("run(%q) = %v, want a usage error", args, err)
		}
	}
	for _, h := range []string{"-h", "-help"} {
		var stdout, stderr strings.Builder
		if err := run([]string{h}, &stdout, &stderr); err != nil || !strings.HasPrefix(stdout.String(), "usage: go run ./cmd/bundle -game") || !strings.Contains(stdout.String(), "-strip-comments") {
			t.Errorf("run(%s) = %v, printed %q; want the synopsis and no error", h, err, stdout.String())
		}
	}
}

// TestUnexportedMethods checks the warning about unexported method names
// shared by an interface of one package and a type of another, and shows
// why it is given: the unbundled module prints false, the bundle true.
func TestUnexportedMethods(t *testing.T) {
	res, err := bundle(options{dir: "testdata/unexported", pattern: "."})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"testdata/unexported/b/b.go:7:15: method area of unexported/b and the interface method area of unexported/a at testdata/unexported/a/a.go:5:23 are two methods in Go and one in the bundle: a type of unexported/b may start implementing an interface of unexported/a (rename one)"}
	if d := cmp.Diff(want, res.warnings); d != "" {
		t.Errorf("warnings (-want +got):\n%s", d)
	}
	exe, _, err := verify(res, "unexported.go", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = "testdata/unexported"
	orig, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(orig) != "false\n" || string(got) != "true\n" {
		t.Errorf("module printed %q, bundle %q; want false and true", orig, got)
	}
}

// TestCompileError checks that a compiler error names the bundle's line and
// the source declaration it comes from.
func TestCompileError(t *testing.T) {
	src := []byte("package main\n\nfunc main() {\n\tvar p *int\n\tgo p\n}\n")
	decls := []declInfo{{file: "cmd/bot/main.go", line: 10, what: "func main", start: 3, end: 6}}
	_, err := compile(t.TempDir(), "bad.go", src, decls)
	if err == nil {
		t.Fatal("no error")
	}
	want := "bad.go:5:5: expression in go must be function call (in func main at cmd/bot/main.go:10)"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error:\n%v\nwant it to contain %q", err, want)
	}
}

// TestRun runs the command on testdata/climod, whose cmd/bot has a file per
// game and a profiling file that imports a package CodinGame lacks: each
// game's bundle holds its own simulator only and prints its game's name.
// The bundle is written into directories that do not exist yet.
func TestRun(t *testing.T) {
	for _, tt := range []struct{ game, want, other string }{
		{"csb", "CodersStrikeBack", "climod/sim/fb"},
		{"fb", "FantasticBits", "climod/sim/csb"},
	} {
		t.Run(tt.game, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out", "new", tt.game+".go")
			var stdout, stderr strings.Builder
			if err := run([]string{"-C", "testdata/climod", "-game", tt.game, "-o", out}, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			src, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			n, line := size(src)
			if !strings.Contains(stderr.String(), line) || n == 0 {
				t.Errorf("stderr does not give the size %q:\n%s", line, stderr.String())
			}
			if !strings.HasPrefix(string(src), header+"\n") {
				t.Errorf("%s does not start with the header", out)
			}
			if strings.Contains(string(src), tt.other) || strings.Contains(string(src), "//go:build") {
				t.Errorf("%s holds %s or a build constraint:\n%s", out, tt.other, src)
			}
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.18\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "bot.go"), src, 0o644)
			cmd := exec.Command("go", "run", ".")
			cmd.Dir = dir
			got, err := cmd.Output()
			if err != nil || string(got) != tt.want+"\n" {
				t.Errorf("the bundle prints %q (%v), want %q", got, err, tt.want)
			}
		})
	}
}
