package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Renaming works on objects, never on text. Every package-level object of a
// merged package gets a final name:
//
//   - its own name, unless another merged package declares the same name, or
//     the name is that of a predeclared identifier (len, int, error...) that
//     merged code uses, or that of a standard package the bundle imports;
//   - otherwise the package's prefix and an underscore: csb_State. The prefix
//     is the package name, or, when two merged packages share a name, the
//     package path inside the module without its slashes (simcsb_State,
//     botcsb_State). A digit is appended while the name is still taken.
//
// A name is also refused where it would be captured: written at a place
// where a local declaration of that name is in scope (a qualified
// reference sim.Vec that becomes bare Vec inside a function with a local
// Vec). func main of the command and the init functions keep their names;
// init functions that must run between two packages' variable
// initialization are turned into ordinary functions (see hooks).
//
// Standard packages are imported once each; two packages with one name
// (math/rand, crypto/rand) or an import name taken by a package-level
// object get the import path with underscores (crypto_rand).

// site is a place where an identifier is written bare in the output.
type site struct {
	unit *packages.Package
	pos  token.Pos
}

// namer holds the renaming decisions.
type namer struct {
	p *program
	// final is the output name of each package-level object of a merged
	// package, and of each hooked init function.
	final map[types.Object]string
	// importName is the output name of each standard package imported by
	// name or with a dot; blank lists those imported only for their side
	// effects.
	importName map[string]string
	blank      map[string]bool
	// fieldType maps an embedded field to the type name it is named after,
	// so that a renamed type renames the field's selectors too.
	fieldType map[*types.Var]*types.TypeName
	// qualified holds the Sel of each pkg.Name selector (X a package name).
	qualified map[*ast.Ident]bool
	// hooks lists, for each unit whose init functions must run before
	// later units' variables, the new names of its init functions.
	hooks   map[*packages.Package][]string
	initFns map[*ast.FuncDecl]string

	prefix map[*packages.Package]string
}

// newNamer returns a namer for p that has decided nothing yet.
func newNamer(p *program) *namer {
	return &namer{
		p:          p,
		final:      map[types.Object]string{},
		importName: map[string]string{},
		blank:      map[string]bool{},
		fieldType:  map[*types.Var]*types.TypeName{},
		qualified:  map[*ast.Ident]bool{},
		hooks:      map[*packages.Package][]string{},
		initFns:    map[*ast.FuncDecl]string{},
		prefix:     map[*packages.Package]string{},
	}
}

// isMerged reports whether pkg is one of the merged packages.
func (n *namer) isMerged(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, u := range n.p.units {
		if u.Types == pkg {
			return true
		}
	}
	return false
}

// packageLevel reports whether obj is declared in its package's scope.
func packageLevel(obj types.Object) bool {
	return obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope()
}

// assign decides every name, in four phases: it gathers the sites and
// facts, names the standard imports, then the package-level objects, then
// the hooked init functions; a standard package whose name was refused
// gets its path last.
func (n *namer) assign() {
	n.prefixes()
	fs := n.gather()
	claimed := n.claimImportNames(fs)
	taken := n.nameObjects(fs, claimed)
	n.planHooks(taken)
	n.nameOtherImports(fs, taken)
}

// facts is what assign learns from the syntax and the type information
// before it names anything.
type facts struct {
	objSites    map[types.Object][]site // where each merged package-level object is used
	importSites map[string][]site       // where each standard package's name is written, by path
	reserved    map[string]bool         // predeclared names that merged code uses
	stdUsed     map[string]bool         // std paths imported by name or dot
}

// gather collects the facts of every unit, and fills n.blank,
// n.qualified and n.fieldType. A standard package imported both blank
// and by name is not blank.
func (n *namer) gather() *facts {
	fs := &facts{
		objSites:    map[types.Object][]site{},
		importSites: map[string][]site{},
		reserved:    map[string]bool{},
		stdUsed:     map[string]bool{},
	}
	for _, u := range n.p.units {
		for _, f := range u.Syntax {
			n.gatherImports(f, fs)
			n.gatherQualified(u, f)
		}
		n.gatherEmbedded(u)
		n.gatherUses(u, fs)
	}
	for path := range n.blank {
		if fs.stdUsed[path] {
			delete(n.blank, path)
		}
	}
	return fs
}

// gatherImports records the standard packages that f imports, blank
// (n.blank) or not (fs.stdUsed).
func (n *namer) gatherImports(f *ast.File, fs *facts) {
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if _, ok := n.p.std[path]; !ok {
			continue
		}
		if spec.Name != nil && spec.Name.Name == "_" {
			n.blank[path] = true
		} else {
			fs.stdUsed[path] = true
		}
	}
}

// gatherQualified records in n.qualified the Sel of each pkg.Name selector
// of file f of unit u.
func (n *namer) gatherQualified(u *packages.Package, f *ast.File) {
	ast.Inspect(f, func(node ast.Node) bool {
		if sel, ok := node.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				if _, ok := u.TypesInfo.Uses[x].(*types.PkgName); ok {
					n.qualified[sel.Sel] = true
				}
			}
		}
		return true
	})
}

// gatherEmbedded records in n.fieldType the type each embedded field of
// unit u is named after.
func (n *namer) gatherEmbedded(u *packages.Package) {
	for id, obj := range u.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && v.Embedded() {
			if tn, ok := u.TypesInfo.Uses[id].(*types.TypeName); ok {
				n.fieldType[v] = tn
			}
		}
	}
}

// gatherUses records, from the uses of unit u, the predeclared names it
// uses and the sites of standard package names and of merged
// package-level objects. It needs n.qualified of u.
func (n *namer) gatherUses(u *packages.Package, fs *facts) {
	p := n.p
	for id, obj := range u.TypesInfo.Uses {
		switch {
		case obj.Parent() == types.Universe:
			fs.reserved[obj.Name()] = true
		case isPkgName(obj):
			path := obj.(*types.PkgName).Imported().Path()
			if _, ok := p.std[path]; ok {
				fs.importSites[path] = append(fs.importSites[path], site{u, id.Pos()})
			}
		case packageLevel(obj) && n.isMerged(obj.Pkg()):
			fs.objSites[obj] = append(fs.objSites[obj], site{u, id.Pos()})
		case packageLevel(obj) && !n.qualified[id]:
			// A dot-imported standard object: written name.Obj.
			if _, ok := p.std[obj.Pkg().Path()]; ok {
				fs.importSites[obj.Pkg().Path()] = append(fs.importSites[obj.Pkg().Path()], site{u, id.Pos()})
			}
		}
	}
}

// claimImportNames gives the standard imports their package name, unless
// predeclared or captured; of two packages with one name, the one used
// more keeps it. It returns the names given, mapped to their paths.
func (n *namer) claimImportNames(fs *facts) map[string]string {
	stdPaths := sortedKeys(fs.stdUsed)
	sort.SliceStable(stdPaths, func(i, j int) bool {
		return len(fs.importSites[stdPaths[i]]) > len(fs.importSites[stdPaths[j]])
	})
	claimed := map[string]string{} // name -> path
	for _, path := range stdPaths {
		name := n.p.std[path].Name()
		if _, ok := claimed[name]; ok || fs.reserved[name] || n.captured(name, fs.importSites[path]) {
			continue
		}
		claimed[name] = path
		n.importName[path] = name
	}
	return claimed
}

// nameObjects names the package-level objects of the merged packages:
// their own name when free, else prefixed, in unit order. It returns the
// names taken so far: reserved, claimed by imports, or given.
func (n *namer) nameObjects(fs *facts, claimed map[string]string) map[string]bool {
	type entry struct {
		obj  types.Object
		unit *packages.Package
	}
	byName := map[string][]entry{}
	for _, u := range n.p.units {
		scope := u.Types.Scope()
		for _, name := range scope.Names() {
			byName[name] = append(byName[name], entry{scope.Lookup(name), u})
		}
	}
	taken := map[string]bool{}
	for name := range fs.reserved {
		taken[name] = true
	}
	for name := range claimed {
		taken[name] = true
	}
	var prefixed []entry
	for _, name := range sortedKeys(byName) {
		es := byName[name]
		clash := len(es) > 1 || fs.reserved[name] || claimed[name] != ""
		for _, e := range es {
			isMain := e.unit == n.p.root && name == "main"
			if isMain || (!clash && !n.captured(name, fs.objSites[e.obj])) {
				n.final[e.obj] = name
				taken[name] = true
				continue
			}
			prefixed = append(prefixed, e)
		}
	}
	sort.SliceStable(prefixed, func(i, j int) bool {
		return n.unitIndex(prefixed[i].unit) < n.unitIndex(prefixed[j].unit)
	})
	for _, e := range prefixed {
		n.final[e.obj] = n.fresh(n.prefix[e.unit]+"_"+e.obj.Name(), taken, fs.objSites[e.obj])
	}
	return taken
}

// nameOtherImports names the standard packages that did not get their
// package name after their path, in path order: crypto_rand.
func (n *namer) nameOtherImports(fs *facts, taken map[string]bool) {
	for _, path := range sortedKeys(fs.stdUsed) {
		if _, ok := n.importName[path]; ok {
			continue
		}
		n.importName[path] = n.fresh(strings.NewReplacer("/", "_", ".", "_", "-", "_").Replace(path), taken, fs.importSites[path])
	}
}

// fresh returns base, or base with a number appended, that is not taken
// and not captured at any of the sites, and takes it.
func (n *namer) fresh(base string, taken map[string]bool, sites []site) string {
	name := base
	for i := 2; taken[name] || n.captured(name, sites); i++ {
		name = base + strconv.Itoa(i)
	}
	taken[name] = true
	return name
}

// captured reports whether name, written bare at one of the sites, would
// denote a local declaration (a parameter, a variable, a constant, a type)
// instead of a package-level object.
func (n *namer) captured(name string, sites []site) bool {
	for _, s := range sites {
		pkgScope := s.unit.Types.Scope()
		inner := pkgScope.Innermost(s.pos)
		if inner == nil {
			continue
		}
		scope, obj := inner.LookupParent(name, s.pos)
		if obj == nil || scope == pkgScope || scope == types.Universe || scope.Parent() == pkgScope {
			continue
		}
		return true
	}
	return false
}

// prefixes chooses each unit's prefix.
func (n *namer) prefixes() {
	count := map[string]int{}
	for _, u := range n.p.units {
		count[u.Name]++
	}
	for _, u := range n.p.units {
		pre := u.Name
		if count[u.Name] > 1 {
			rel := strings.TrimPrefix(strings.TrimPrefix(u.PkgPath, n.p.module), "/")
			if rel == "" {
				rel = u.Name
			}
			pre = strings.NewReplacer("/", "", ".", "", "-", "").Replace(rel)
		}
		n.prefix[u] = pre
	}
}

// unitIndex returns the index of u in the merged packages, or -1.
func (n *namer) unitIndex(u *packages.Package) int {
	for i, v := range n.p.units {
		if v == u {
			return i
		}
	}
	return -1
}

// planHooks decides which units' init functions become hooks. Go runs a
// package's init functions after its variables are initialized and before
// the variables of the packages that import it; in one package all
// variables come before all init functions. So the init functions of a
// unit followed by a unit with initialized variables are renamed and called
// from a blank variable placed right after the unit's declarations, which
// the dependency-ordered initialization then runs at the original moment.
// Other init functions stay func init(), in unit order.
func (n *namer) planHooks(taken map[string]bool) {
	laterVars := false
	for i := len(n.p.units) - 1; i >= 0; i-- {
		u := n.p.units[i]
		var inits []*ast.FuncDecl
		hasVars := false
		for _, f := range u.Syntax {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.Name == "init" {
						inits = append(inits, d)
					}
				case *ast.GenDecl:
					if d.Tok == token.VAR {
						for _, spec := range d.Specs {
							if len(spec.(*ast.ValueSpec).Values) > 0 {
								hasVars = true
							}
						}
					}
				}
			}
		}
		if laterVars && len(inits) > 0 {
			for _, d := range inits {
				name := n.fresh(n.prefix[u]+"_init", taken, nil)
				n.initFns[d] = name
				n.hooks[u] = append(n.hooks[u], name)
			}
			hasVars = true
		}
		laterVars = laterVars || hasVars
	}
}

// name returns the output name of the identifier id of unit u, and whether
// it changes.
func (n *namer) name(u *packages.Package, id *ast.Ident) (string, bool) {
	info := u.TypesInfo
	if obj, ok := info.Uses[id]; ok {
		if v, ok := obj.(*types.Var); ok && v.IsField() {
			// A field: only an embedded field named after a renamed type
			// changes (its declaration is handled through the type name).
			if tn, ok := n.fieldType[v]; ok {
				if name, ok := n.final[tn]; ok && name != id.Name {
					return name, true
				}
			}
			return id.Name, false
		}
		if name, ok := n.final[obj]; ok {
			return name, name != id.Name
		}
		return id.Name, false
	}
	if obj, ok := info.Defs[id]; ok && obj != nil {
		if name, ok := n.final[obj]; ok {
			return name, name != id.Name
		}
	}
	return id.Name, false
}

// isPkgName reports whether obj is an imported package name.
func isPkgName(obj types.Object) bool {
	_, ok := obj.(*types.PkgName)
	return ok
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// unexportedMethods warns where merging changes which types implement
// which interfaces: an unexported method name belongs to its package, so
// an interface of one package with method m is implemented by no type of
// another package, whatever its methods; in the bundle, one package, a
// type with a method m of the same signature starts implementing it, and a
// type switch or assertion may take another branch.
func (n *namer) unexportedMethods() []string {
	type decl struct {
		unit *packages.Package
		pos  token.Pos
	}
	iface := map[string][]decl{}
	concrete := map[string][]decl{}
	for _, u := range n.p.units {
		for id, obj := range u.TypesInfo.Defs {
			f, ok := obj.(*types.Func)
			if !ok || f.Exported() {
				continue
			}
			recv := f.Type().(*types.Signature).Recv()
			if recv == nil {
				continue
			}
			if types.IsInterface(recv.Type()) {
				iface[f.Name()] = append(iface[f.Name()], decl{u, id.Pos()})
			} else {
				concrete[f.Name()] = append(concrete[f.Name()], decl{u, id.Pos()})
			}
		}
	}
	var warns []string
	for _, name := range sortedKeys(iface) {
		for _, i := range iface[name] {
			for _, c := range concrete[name] {
				if c.unit != i.unit {
					warns = append(warns, fmt.Sprintf("%s: method %s of %s and the interface method %s of %s at %s are two methods in Go and one in the bundle: a type of %s may start implementing an interface of %s (rename one)",
						n.p.relPos(c.pos), name, c.unit.PkgPath, name, i.unit.PkgPath, n.p.relPos(i.pos), c.unit.PkgPath, i.unit.PkgPath))
				}
			}
		}
	}
	sort.Strings(warns)
	return warns
}
