package main

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// Pruning leaves out the top-level declarations the command cannot reach,
// as the linker would, so that a package written for several bots (the
// exact Java trigonometry of sim, a game's referee helpers) costs the
// bundle only what this bot uses. It works on objects, like renaming:
//
//   - the roots are func main, every init function, and every package-level
//     variable whose initializer calls a function (it may have effects) or
//     whose name is blank (var _ I = T{} asserts something);
//   - a kept declaration keeps every declaration whose object it uses
//     (types.Info.Uses, generic instances taken back to their origin);
//   - a kept type keeps the methods that some interface may call: those
//     named like a method of an interface type of the merged packages or
//     of the standard packages that kept declarations use, and those
//     packages' imports (a method called directly is kept by its use, as
//     any function). A standard package that only left-out code uses
//     calls nothing: the flag package, which only cmd/bot's flag code
//     imports, keeps no Set method in the contest bundle;
//   - a declaration is kept or left out whole: a const block keeps all its
//     constants, so that iota and implicit repetition keep their values.
//
// The standard packages the kept declarations use are recorded, so that
// the import list names no package only pruned code used.

// pruning is the outcome: the declarations to emit and the standard
// packages they use, by path.
type pruning struct {
	keep    map[ast.Decl]bool
	std     map[string]bool
	dropped int
}

// prune finds the declarations of p's merged packages that the command
// reaches: it indexes the declarations, then marks from the roots until
// nothing more is reached.
func (n *namer) prune() *pruning {
	idx := indexDecls(n.p)
	f := &fixpoint{
		n:            n,
		idx:          idx,
		r:            &pruning{keep: map[ast.Decl]bool{}, std: map[string]bool{}},
		viaInterface: interfaceMethodNames(n.p.units),
		seenStd:      map[*types.Package]bool{},
	}
	for _, d := range idx.roots {
		f.mark(d)
	}
	f.run()
	f.r.dropped = idx.total - len(f.r.keep)
	return f.r
}

// declIndex indexes the top-level declarations of the merged packages,
// imports aside: what the fixpoint looks up but never changes.
type declIndex struct {
	declOf  map[types.Object]ast.Decl      // the declaration of each package-level object
	unitOf  map[ast.Decl]*packages.Package // the package of each declaration
	methods map[*types.TypeName][]ast.Decl // the method declarations of each named type
	roots   []ast.Decl                     // the declarations kept whatever uses them
	total   int                            // the number of declarations
}

// indexDecls indexes the declarations of p's merged packages, in unit,
// file and source order.
func indexDecls(p *program) *declIndex {
	idx := &declIndex{
		declOf:  map[types.Object]ast.Decl{},
		unitOf:  map[ast.Decl]*packages.Package{},
		methods: map[*types.TypeName][]ast.Decl{},
	}
	for _, u := range p.units {
		for _, f := range u.Syntax {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					idx.addFunc(u, u == p.root, d)
				case *ast.GenDecl:
					if d.Tok != token.IMPORT {
						idx.addGen(u, d)
					}
				}
			}
		}
	}
	return idx
}

// addFunc indexes a function or method of unit u; root says whether u is
// the command, whose func main is a root, as every init function is.
func (idx *declIndex) addFunc(u *packages.Package, root bool, d *ast.FuncDecl) {
	idx.total++
	idx.unitOf[d] = u
	obj := u.TypesInfo.Defs[d.Name]
	if obj != nil {
		idx.declOf[obj] = d
	}
	if d.Recv == nil {
		if d.Name.Name == "init" || (root && d.Name.Name == "main") {
			idx.roots = append(idx.roots, d)
		}
		return
	}
	if fn, ok := obj.(*types.Func); ok {
		if tn := receiverType(fn); tn != nil {
			idx.methods[tn] = append(idx.methods[tn], d)
		}
	}
}

// addGen indexes a const, type or var declaration of unit u: a root when
// it declares a blank name or a variable whose initializer calls a
// function.
func (idx *declIndex) addGen(u *packages.Package, d *ast.GenDecl) {
	info := u.TypesInfo
	idx.total++
	idx.unitOf[d] = u
	root := false
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			if obj := info.Defs[s.Name]; obj != nil {
				idx.declOf[obj] = d
			}
		case *ast.ValueSpec:
			for _, name := range s.Names {
				if obj := info.Defs[name]; obj != nil {
					idx.declOf[obj] = d
				}
				if name.Name == "_" {
					root = true
				}
			}
			if d.Tok == token.VAR && callsFunction(info, s) {
				root = true
			}
		}
	}
	if root {
		idx.roots = append(idx.roots, d)
	}
}

// fixpoint marks the declarations reached from the roots. Invariants: a
// declaration in work is kept and not yet visited; every type in
// keptTypes has kept the methods named in viaInterface, unless grown.
type fixpoint struct {
	n   *namer
	idx *declIndex
	r   *pruning // the declarations kept so far and the standard packages they use

	work      []ast.Decl        // kept declarations still to visit
	keptTypes []*types.TypeName // the named types kept so far
	// viaInterface holds the method names an interface may call; it grows
	// with each standard package kept code uses (seenStd: those counted).
	viaInterface map[string]bool
	seenStd      map[*types.Package]bool
	grown        bool // viaInterface has names the kept types were not checked for
}

// run visits the kept declarations until none is left to visit and the
// kept types have been checked for every method name an interface may
// call.
func (f *fixpoint) run() {
	for len(f.work) > 0 || f.grown {
		if len(f.work) == 0 {
			// A standard package newly used may call more methods.
			f.grown = false
			for _, tn := range f.keptTypes {
				f.keepMethods(tn)
			}
			continue
		}
		d := f.work[len(f.work)-1]
		f.work = f.work[:len(f.work)-1]
		f.visit(d)
	}
}

// mark keeps d, to be visited.
func (f *fixpoint) mark(d ast.Decl) {
	if !f.r.keep[d] {
		f.r.keep[d] = true
		f.work = append(f.work, d)
	}
}

// keepMethods marks the methods of tn that an interface may call.
func (f *fixpoint) keepMethods(tn *types.TypeName) {
	for _, m := range f.idx.methods[tn] {
		if f.viaInterface[m.(*ast.FuncDecl).Name.Name] {
			f.mark(m)
		}
	}
}

// useStd records that kept code uses the standard package pkg, whose
// interfaces may call more methods.
func (f *fixpoint) useStd(pkg *types.Package) {
	f.r.std[pkg.Path()] = true
	if addInterfaceMethodNames(f.viaInterface, pkg, f.seenStd) {
		f.grown = true
	}
}

// visit marks what the kept declaration d reaches: the methods an
// interface may call of the types it declares, and the declarations of
// the objects it uses.
func (f *fixpoint) visit(d ast.Decl) {
	info := f.idx.unitOf[d].TypesInfo
	if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
		for _, s := range g.Specs {
			if tn, ok := info.Defs[s.(*ast.TypeSpec).Name].(*types.TypeName); ok {
				f.keptTypes = append(f.keptTypes, tn)
				f.keepMethods(tn)
			}
		}
	}
	ast.Inspect(d, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok {
			f.use(info.Uses[id])
		}
		return true
	})
}

// use marks the declaration of obj, an object that kept code uses (nil
// for an identifier that uses none), or records its standard package.
func (f *fixpoint) use(obj types.Object) {
	switch o := obj.(type) {
	case nil:
		return
	case *types.PkgName:
		if !f.n.isMerged(o.Imported()) {
			f.useStd(o.Imported())
		}
		return
	case *types.Func:
		obj = o.Origin()
	case *types.Var:
		obj = o.Origin()
	}
	if packageLevel(obj) && !f.n.isMerged(obj.Pkg()) {
		// A dot-imported standard object: emitted qualified.
		f.useStd(obj.Pkg())
		return
	}
	if d, ok := f.idx.declOf[obj]; ok {
		f.mark(d)
	}
}

// anonymousInterfaceMethods are methods that standard packages call
// through interface types declared inside functions, which no package
// scope shows (errors.Unwrap, errors.Is and As; net's timeouts).
var anonymousInterfaceMethods = []string{"Unwrap", "Is", "As", "Timeout", "Temporary"}

// interfaceMethodNames returns the names of the methods of every
// interface type that units declare or use (constraints of type parameters
// too), with those that standard packages call through interface types of
// their own functions (anonymousInterfaceMethods); see
// addInterfaceMethodNames for the standard packages'. A method of another
// name cannot be called through an interface. BUG(bundle): a method called
// only by reflection (reflect's MethodByName, text/template) is left out.
func interfaceMethodNames(units []*packages.Package) map[string]bool {
	names := map[string]bool{"Error": true}
	for _, m := range anonymousInterfaceMethods {
		names[m] = true
	}
	for _, u := range units {
		scope := u.Types.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
				addMethodNames(names, tn.Type())
			}
		}
		for _, tv := range u.TypesInfo.Types {
			if tv.Type != nil {
				addMethodNames(names, tv.Type)
			}
		}
	}
	return names
}

// addInterfaceMethodNames adds to names those of the methods of the
// interface types declared at package level in the standard package p and
// the packages it imports, transitively, skipping those in seen. It
// reports whether names grew.
func addInterfaceMethodNames(names map[string]bool, p *types.Package, seen map[*types.Package]bool) bool {
	if seen[p] {
		return false
	}
	seen[p] = true
	n := len(names)
	scope := p.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
			addMethodNames(names, tn.Type())
		}
	}
	grew := len(names) > n
	for _, q := range p.Imports() {
		if addInterfaceMethodNames(names, q, seen) {
			grew = true
		}
	}
	return grew
}

// addMethodNames adds the method names of t to names when t is an
// interface.
func addMethodNames(names map[string]bool, t types.Type) {
	if it, ok := t.Underlying().(*types.Interface); ok {
		for i := 0; i < it.NumMethods(); i++ {
			names[it.Method(i).Name()] = true
		}
	}
}

// receiverType returns the named type whose method fn is.
func receiverType(fn *types.Func) *types.TypeName {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	if named, ok := deref(sig.Recv().Type()).(*types.Named); ok {
		return named.Origin().Obj()
	}
	return nil
}

// callsFunction reports whether a variable's initializer calls a function
// (a conversion is no call), so that its initialization may have effects.
func callsFunction(info *types.Info, s *ast.ValueSpec) bool {
	calls := false
	for _, v := range s.Values {
		ast.Inspect(v, func(node ast.Node) bool {
			if calls {
				return false
			}
			if c, ok := node.(*ast.CallExpr); ok {
				if tv, ok := info.Types[c.Fun]; !ok || !tv.IsType() {
					calls = true
					return false
				}
			}
			return true
		})
	}
	return calls
}
