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
// reaches.
func (n *namer) prune() *pruning {
	p := n.p
	r := &pruning{keep: map[ast.Decl]bool{}, std: map[string]bool{}}
	declOf := map[types.Object]ast.Decl{}
	unitOf := map[ast.Decl]*packages.Package{}
	methods := map[*types.TypeName][]ast.Decl{}
	viaInterface := interfaceMethodNames(p.units)
	seenStd := map[*types.Package]bool{}
	grown := false // viaInterface has names the kept types were not checked for
	useStd := func(pkg *types.Package) {
		r.std[pkg.Path()] = true
		if addInterfaceMethodNames(viaInterface, pkg, seenStd) {
			grown = true
		}
	}
	var roots []ast.Decl
	total := 0
	for _, u := range p.units {
		info := u.TypesInfo
		for _, f := range u.Syntax {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					total++
					unitOf[d] = u
					obj := info.Defs[d.Name]
					if obj != nil {
						declOf[obj] = d
					}
					if d.Recv == nil {
						if d.Name.Name == "init" || (u == p.root && d.Name.Name == "main") {
							roots = append(roots, d)
						}
						continue
					}
					if fn, ok := obj.(*types.Func); ok {
						if tn := receiverType(fn); tn != nil {
							methods[tn] = append(methods[tn], d)
						}
					}
				case *ast.GenDecl:
					if d.Tok == token.IMPORT {
						continue
					}
					total++
					unitOf[d] = u
					root := false
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if obj := info.Defs[s.Name]; obj != nil {
								declOf[obj] = d
							}
						case *ast.ValueSpec:
							for _, name := range s.Names {
								if obj := info.Defs[name]; obj != nil {
									declOf[obj] = d
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
						roots = append(roots, d)
					}
				}
			}
		}
	}

	var work []ast.Decl
	mark := func(d ast.Decl) {
		if !r.keep[d] {
			r.keep[d] = true
			work = append(work, d)
		}
	}
	for _, d := range roots {
		mark(d)
	}
	var keptTypes []*types.TypeName
	keepMethods := func(tn *types.TypeName) {
		for _, m := range methods[tn] {
			if viaInterface[m.(*ast.FuncDecl).Name.Name] {
				mark(m)
			}
		}
	}
	for len(work) > 0 || grown {
		if len(work) == 0 {
			// A standard package newly used may call more methods.
			grown = false
			for _, tn := range keptTypes {
				keepMethods(tn)
			}
			continue
		}
		d := work[len(work)-1]
		work = work[:len(work)-1]
		u := unitOf[d]
		info := u.TypesInfo
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				if tn, ok := info.Defs[s.(*ast.TypeSpec).Name].(*types.TypeName); ok {
					keptTypes = append(keptTypes, tn)
					keepMethods(tn)
				}
			}
		}
		ast.Inspect(d, func(node ast.Node) bool {
			id, ok := node.(*ast.Ident)
			if !ok {
				return true
			}
			obj := info.Uses[id]
			switch o := obj.(type) {
			case nil:
				return true
			case *types.PkgName:
				if !n.isMerged(o.Imported()) {
					useStd(o.Imported())
				}
				return true
			case *types.Func:
				obj = o.Origin()
			case *types.Var:
				obj = o.Origin()
			}
			if packageLevel(obj) && !n.isMerged(obj.Pkg()) {
				// A dot-imported standard object: emitted qualified.
				useStd(obj.Pkg())
				return true
			}
			if dd, ok := declOf[obj]; ok {
				mark(dd)
			}
			return true
		})
	}
	r.dropped = total - len(r.keep)
	return r
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
