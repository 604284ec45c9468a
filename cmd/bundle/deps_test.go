package main

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// module is this module's path.
const module = "impulse"

// layerRules are the arrows the module's packages must not draw, directly
// or through other packages (tests left out): the simulators know no bot
// and no tool, the bots no tool, and of the referee's packages only the
// arena (which plays the bots in process) and the registry of built-in
// bots (referee/builtin) import a bot; cmd/referee, which runs the
// built-in bots, is a command and may.
var layerRules = []struct {
	from, to string   // the packages under from must not reach those under to
	except   []string // packages under from that may
}{
	{from: "impulse/sim", to: "impulse/bot"},
	{from: "impulse/sim", to: "impulse/referee"},
	{from: "impulse/sim", to: "impulse/cmd"},
	{from: "impulse/sim", to: "impulse/bench"},
	{from: "impulse/bot", to: "impulse/referee"},
	{from: "impulse/bot", to: "impulse/cmd"},
	{from: "impulse/bot", to: "impulse/bench"},
	{from: "impulse/referee", to: "impulse/bot", except: []string{"impulse/referee/arena", "impulse/referee/builtin"}},
	{from: "impulse/referee", to: "impulse/cmd"},
	{from: "impulse/referee", to: "impulse/bench"},
}

// under reports whether the package path lies in the tree of prefix.
func under(path, prefix string) bool {
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// isStd reports whether path is a standard-library package: its first
// element has no dot, and it is not this module's.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != module
}

// loadGraph loads the module's packages matching patterns, tests left
// out, with the build tags.
func loadGraph(t *testing.T, tags []string, patterns ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedImports | packages.NeedDeps,
		Dir:   "../..",
		Env:   append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local"),
		Tests: false,
	}
	if len(tags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(tags, ",")}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading %v with tags %v failed", patterns, tags)
	}
	return pkgs
}

// chain returns the import path from p to the first package (in import
// path order) that bad accepts, as "a -> b -> c", or "" when p reaches
// none; the walk goes through this module's packages only.
func chain(p *packages.Package, bad func(path string) bool) string {
	type step struct {
		pkg  *packages.Package
		prev *step
	}
	seen := map[string]bool{p.PkgPath: true}
	queue := []*step{{pkg: p}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		paths := make([]string, 0, len(s.pkg.Imports))
		for path := range s.pkg.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			if seen[path] {
				continue
			}
			seen[path] = true
			next := &step{pkg: s.pkg.Imports[path], prev: s}
			if bad(path) {
				var names []string
				for x := next; x != nil; x = x.prev {
					names = append([]string{x.pkg.PkgPath}, names...)
				}
				return strings.Join(names, " -> ")
			}
			if under(path, module) {
				queue = append(queue, next)
			}
		}
	}
	return ""
}

// layerViolations checks layerRules over pkgs and their dependencies and
// returns one message per package that breaks one, naming the imports.
func layerViolations(pkgs []*packages.Package) []string {
	var out []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, r := range layerRules {
			if !under(p.PkgPath, r.from) || slices.ContainsFunc(r.except, func(e string) bool { return under(p.PkgPath, e) }) {
				continue
			}
			if c := chain(p, func(path string) bool { return under(path, r.to) }); c != "" {
				out = append(out, fmt.Sprintf("%s imports %s, and nothing under %s may: %s", p.PkgPath, r.to, r.from, c))
			}
		}
	})
	return out
}

// inlinedModules are the modules outside the standard library whose
// packages the contest program may import: the bundle holds them (see
// thirdparty.go), and they build with Go 1.18 at the version go.mod says.
var inlinedModules = []string{"golang.org/x/exp"}

// bundleViolations returns a message per import of the contest program
// (main, and what it imports) that is neither the standard library, nor a
// package under sim or bot, nor one of inlinedModules.
func bundleViolations(main *packages.Package) []string {
	var out []string
	allowed := func(path string) bool {
		for _, m := range inlinedModules {
			if under(path, m) {
				return true
			}
		}
		return isStd(path) || under(path, module+"/sim") || under(path, module+"/bot")
	}
	if c := chain(main, func(path string) bool { return !allowed(path) }); c != "" {
		out = append(out, "the contest bundle imports tool code or a package outside the standard library: "+c)
	}
	return out
}

// TestLayers checks the direction of the module's imports (tests left
// out): go refuses a cycle, so what is checked is the layering, sim below
// bot below the tools (referee, cmd, bench), with the arena and the
// built-in bots' registry the referee packages that import the bots.
func TestLayers(t *testing.T) {
	for _, tags := range [][]string{nil, {"fb"}} {
		for _, msg := range layerViolations(loadGraph(t, tags, "./...")) {
			t.Errorf("tags %v: %s", tags, msg)
		}
	}
}

// TestBundleImports checks that the contest program, under each game's
// build tags, imports from this module only packages under sim and bot,
// and otherwise only the standard library and inlinedModules.
func TestBundleImports(t *testing.T) {
	for _, game := range gameNames() {
		pkgs := loadGraph(t, games[game], "./cmd/bot")
		if len(pkgs) != 1 {
			t.Fatalf("./cmd/bot: %d packages", len(pkgs))
		}
		for _, msg := range bundleViolations(pkgs[0]) {
			t.Errorf("-game %s: %s", game, msg)
		}
	}
}

// TestLayerChecks feeds the checks made-up graphs that break each kind of
// rule, to see that each is caught and named.
func TestLayerChecks(t *testing.T) {
	pkg := func(path string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{PkgPath: path, Imports: map[string]*packages.Package{}}
		for _, q := range imports {
			p.Imports[q.PkgPath] = q
		}
		return p
	}
	fmtPkg := pkg("fmt")
	bot := pkg("impulse/bot", fmtPkg)
	referee := pkg("impulse/referee/match", fmtPkg)
	tests := []struct {
		name string
		pkgs []*packages.Package
		want string // "" for no violation
	}{
		{"sim through a helper to bot", []*packages.Package{pkg("impulse/sim/csb", pkg("impulse/sim/x", bot))},
			"impulse/sim/csb imports impulse/bot, and nothing under impulse/sim may: impulse/sim/csb -> impulse/sim/x -> impulse/bot"},
		{"bot to referee", []*packages.Package{pkg("impulse/bot/csb", referee)},
			"impulse/bot/csb imports impulse/referee, and nothing under impulse/bot may: impulse/bot/csb -> impulse/referee/match"},
		{"referee to bot", []*packages.Package{pkg("impulse/referee/diff", bot)},
			"impulse/referee/diff imports impulse/bot, and nothing under impulse/referee may: impulse/referee/diff -> impulse/bot"},
		{"the arena to bot", []*packages.Package{pkg("impulse/referee/arena", bot)}, ""},
		{"the built-in bots to bot", []*packages.Package{pkg("impulse/referee/builtin", bot, referee)}, ""},
		{"cmd/referee to bot", []*packages.Package{pkg("impulse/cmd/referee", bot, referee)}, ""},
	}
	for _, tc := range tests {
		got := strings.Join(layerViolations(tc.pkgs), "\n")
		if !strings.Contains(got, tc.want) || (tc.want == "") != (got == "") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	main := pkg("impulse/cmd/bot", pkg("impulse/bot/csb", bot), pkg("github.com/pkg/profile"))
	if got := bundleViolations(main); len(got) != 1 || !strings.HasSuffix(got[0], "impulse/cmd/bot -> github.com/pkg/profile") {
		t.Errorf("a contest program importing a module outside the standard library: %q", got)
	}
	main = pkg("impulse/cmd/bot", pkg("impulse/bot/csb", bot, pkg("golang.org/x/exp/slices", pkg("golang.org/x/exp/constraints"))))
	if got := bundleViolations(main); len(got) != 0 {
		t.Errorf("a contest program importing golang.org/x/exp: %q", got)
	}
	main = pkg("impulse/cmd/bot", pkg("impulse/bot/csb", bot, referee))
	if got := bundleViolations(main); len(got) != 1 || !strings.HasSuffix(got[0], "impulse/cmd/bot -> impulse/bot/csb -> impulse/referee/match") {
		t.Errorf("a contest program reaching the referee: %q", got)
	}
}
