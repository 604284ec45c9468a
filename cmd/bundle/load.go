package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// program is the loaded import graph of the bundled command.
type program struct {
	fset   *token.FileSet
	root   *packages.Package   // the command: package main, emitted last
	units  []*packages.Package // the merged packages in initialization order, root last
	module string              // the main module's path
	goroot string
	// std lists the standard packages that merged code imports, by path.
	std map[string]*types.Package
	// inline lists the packages of other modules that are merged, by path
	// (see thirdparty.go).
	inline map[string]bool
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedModule | packages.NeedEmbedPatterns

// graphMode loads the import graph alone (go list): no syntax, no types.
const graphMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedPatterns

// load loads pattern (one package main) from dir with the build tags, and
// walks its imports: packages of the main module are merged, and those of
// other modules that one Go 1.18 file can hold (see thirdparty.go);
// anything else must be standard library. The errors name the package and
// the file.
func load(dir, pattern string, tags []string) (*program, error) {
	goroot, err := goEnv(dir, "GOROOT")
	if err != nil {
		return nil, err
	}
	goversion, err := goEnv(dir, "GOVERSION")
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode:  loadMode,
		Dir:   dir,
		Env:   append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local"),
		Tests: false,
	}
	if len(tags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(tags, ",")}
	}
	// First the graph alone (go list), to find the packages to merge; then
	// those packages from source, typed together, with the standard
	// library from export data.
	cfg.Mode = graphMode
	graph, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %v", pattern, err)
	}
	if len(graph) != 1 {
		return nil, fmt.Errorf("%s: matches %d packages, want one package main", pattern, len(graph))
	}
	paths, inline, err := planMerge(graph, tags, goMinorOf(goversion))
	if err != nil {
		return nil, err
	}
	cfg.Mode = loadMode &^ packages.NeedDeps
	root, err := loadRoot(cfg, pattern, paths)
	if err != nil {
		return nil, err
	}
	p := &program{
		fset:   root.Fset,
		root:   root,
		module: root.Module.Path,
		goroot: goroot,
		std:    map[string]*types.Package{},
		inline: inline,
	}
	if err := p.walk(); err != nil {
		return nil, err
	}
	if root.Name != "main" {
		return nil, fmt.Errorf("%s: package %s is not a command (package main)", root.PkgPath, root.Name)
	}
	return p, nil
}

// planMerge finds, in the import graph of the command graph[0], the
// packages to merge: every package of a module, except one of another
// module that cannot be inlined, whose imports are errors. A merged package
// whose files the Go release picks is an error too (see byRelease; goMinor
// is the release of the go command). It returns the paths to merge, the
// command's first, and the set of those of other modules.
func planMerge(graph []*packages.Package, tags []string, goMinor int) ([]string, map[string]bool, error) {
	paths := []string{graph[0].PkgPath}
	inline := map[string]bool{}
	refused := map[string]string{} // path -> why
	var merged []*packages.Package
	var errs []string
	packages.Visit(graph, func(pkg *packages.Package) bool {
		if pkg.Module == nil {
			return false // standard, or not found: see walk
		}
		if isThirdParty(pkg) {
			if why := cannotInline(pkg); why != "" {
				refused[pkg.PkgPath] = why
				return false
			}
			inline[pkg.PkgPath] = true
		}
		if pkg != graph[0] {
			paths = append(paths, pkg.PkgPath)
		}
		merged = append(merged, pkg)
		errs = append(errs, byRelease(pkg, tags, goMinor)...)
		return true
	}, nil)
	for _, pkg := range merged {
		for _, path := range sortedKeys(pkg.Imports) {
			if why, ok := refused[path]; ok {
				errs = append(errs, fmt.Sprintf("%s: %s imports %s, which cannot be inlined into the one Go 1.18 file CodinGame compiles: %s",
					importPosition(pkg, path), pkg.PkgPath, path, why))
			}
		}
	}
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("%s", strings.Join(dedup(errs), "\n"))
	}
	return paths, inline, nil
}

// loadRoot loads the packages of paths from source with cfg and returns
// the command, paths[0], which must be in a module.
func loadRoot(cfg *packages.Config, pattern string, paths []string) (*packages.Package, error) {
	loaded, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %v", pattern, err)
	}
	var root *packages.Package
	for _, pkg := range loaded {
		if pkg.PkgPath == paths[0] {
			root = pkg
		}
	}
	if root == nil {
		return nil, fmt.Errorf("%s: not loaded", pattern)
	}
	if root.Module == nil {
		if len(root.Errors) > 0 {
			e := root.Errors[0]
			if e.Pos == "" || e.Pos == "-" {
				return nil, fmt.Errorf("%s: %s", pattern, e.Msg)
			}
			return nil, fmt.Errorf("%s: %v", pattern, e)
		}
		return nil, fmt.Errorf("%s (%s) is not in a module", pattern, root.PkgPath)
	}
	return root, nil
}

// goEnv returns the value of a go env variable.
func goEnv(dir, name string) (string, error) {
	cmd := exec.Command("go", "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// isMerged reports whether pkg belongs to the main module, or is a
// package of another module that the bundle holds.
func (p *program) isMerged(pkg *packages.Package) bool {
	return pkg.Module != nil && (pkg.Module.Main || p.inline[pkg.PkgPath])
}

// isStd reports whether pkg is a standard-library package: no module, and
// its files in GOROOT/src.
func (p *program) isStd(pkg *packages.Package) bool {
	if pkg.Module != nil || pkg.PkgPath == "C" {
		return false
	}
	src := filepath.Join(p.goroot, "src") + string(filepath.Separator)
	files := pkg.GoFiles
	if len(files) == 0 {
		files = pkg.IgnoredFiles
	}
	if len(files) == 0 {
		// Not found: go list gives no files. Judge by the path as the go
		// command does: the first element of a standard path has no dot.
		first, _, _ := strings.Cut(pkg.PkgPath, "/")
		return pkg.PkgPath != "" && !strings.Contains(first, ".") && len(pkg.Errors) == 0
	}
	return strings.HasPrefix(files[0], src)
}

// walk visits the graph from the root, filling p.units (in initialization
// order) and p.std, and checks that every import is
// either a module package or standard library.
func (p *program) walk() error {
	var errs []string
	seen := map[*packages.Package]bool{}
	var visit func(pkg *packages.Package)
	visit = func(pkg *packages.Package) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		paths := make([]string, 0, len(pkg.Imports))
		for path := range pkg.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			dep := pkg.Imports[path]
			switch {
			case p.isMerged(dep):
				visit(dep)
			case p.isStd(dep):
				p.std[dep.PkgPath] = dep.Types
			default:
				why := "which is not in the standard library"
				if dep.Module != nil {
					why = fmt.Sprintf("from module %s, which is not the standard library", dep.Module.Path)
				}
				errs = append(errs, fmt.Sprintf("%s: %s imports %s, %s (CodinGame allows the standard library only)",
					p.importPos(pkg, path), pkg.PkgPath, path, why))
			}
		}
		p.units = append(p.units, pkg)
	}
	visit(p.root)
	p.units = initOrder(p.units)
	// Unresolvable imports leave no entry in Imports: find them in the
	// syntax.
	for _, pkg := range p.units {
		for _, f := range pkg.Syntax {
			for _, spec := range f.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				if _, ok := pkg.Imports[path]; ok || path == "unsafe" {
					continue
				}
				errs = append(errs, fmt.Sprintf("%s: %s imports %s, which cannot be found (CodinGame allows the standard library only)",
					p.fset.Position(spec.Pos()), pkg.PkgPath, path))
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(dedup(errs), "\n"))
	}
	for _, pkg := range p.units {
		for _, e := range pkg.Errors {
			errs = append(errs, fmt.Sprintf("%s: %s", pkg.PkgPath, e))
		}
		if len(pkg.Syntax) == 0 && len(pkg.Errors) == 0 {
			errs = append(errs, fmt.Sprintf("%s: no Go files for these build tags", pkg.PkgPath))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(dedup(errs), "\n"))
	}
	return nil
}

// initOrder sorts the merged packages in the order Go initializes them
// since Go 1.21 (the spec, "Package initialization"): sorted by import
// path, each step takes the first package whose imports are all
// initialized. The bundle declares them in this order, so that its
// variables and init functions run in the order of the unbundled bot.
func initOrder(units []*packages.Package) []*packages.Package {
	merged := map[string]bool{}
	for _, u := range units {
		merged[u.PkgPath] = true
	}
	todo := append([]*packages.Package(nil), units...)
	sort.Slice(todo, func(i, j int) bool { return todo[i].PkgPath < todo[j].PkgPath })
	done := map[string]bool{}
	var out []*packages.Package
	for len(todo) > 0 {
		for i, u := range todo {
			ready := true
			for _, dep := range u.Imports {
				if merged[dep.PkgPath] && !done[dep.PkgPath] {
					ready = false
					break
				}
			}
			if ready {
				out = append(out, u)
				done[u.PkgPath] = true
				todo = append(todo[:i], todo[i+1:]...)
				break
			}
		}
	}
	return out
}

// importPos returns the position of the import of path in pkg's files, or
// the package path when no file shows it.
func (p *program) importPos(pkg *packages.Package, path string) string {
	for _, f := range pkg.Syntax {
		for _, spec := range f.Imports {
			if s, _ := strconv.Unquote(spec.Path.Value); s == path {
				return p.relPos(spec.Pos())
			}
		}
	}
	return pkg.PkgPath
}

// relPos formats pos with the file name relative to the working directory
// when it lies below it.
func (p *program) relPos(pos token.Pos) string {
	return relative(p.fset.Position(pos))
}

// relative formats position with the file name relative to the working
// directory when it lies below it.
func relative(position token.Position) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, position.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			position.Filename = rel
		}
	}
	return position.String()
}

// modFile names file f of package u by its path in the module: geom/vec.go.
func (p *program) modFile(u *packages.Package, f *ast.File) string {
	dir := strings.TrimPrefix(strings.TrimPrefix(u.PkgPath, p.module), "/")
	return path.Join(dir, filepath.Base(p.fset.File(f.Pos()).Name()))
}

// checkGame reports an error when a merged package belongs to another game:
// a path element equal to one of the other game names.
func (p *program) checkGame(others []string) error {
	for _, pkg := range p.units {
		for _, elem := range strings.Split(pkg.PkgPath, "/") {
			for _, o := range others {
				if elem == o {
					return fmt.Errorf("the bundle includes %s, a package of the other game (imported through the build tags' files); check the //go:build lines of %s",
						pkg.PkgPath, p.root.PkgPath)
				}
			}
		}
	}
	return nil
}

// dedup returns s without its repeated strings, in order, reusing its
// array.
func dedup(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
