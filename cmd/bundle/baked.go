package main

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Baked flags. CodinGame runs the bot without arguments, so the values of
// its flags that a bundle should play with (tuned weights, a strategy) are
// written into it: the command declares
//
//	var bakedArgs []string
//
// and parses it before os.Args; -flags "-strategy beam -iterations 0" sets
// its value in the bundle, through the type checker's object (never by
// text). The bundle is then run with -h: a flag that the bot does not
// define, or a value its flag refuses, is a bundle-time error that shows
// the bot's flags.
//
// BUG(bundle): only what the flag package checks is checked at bundle
// time: a value that the bot refuses later, when it starts (an unknown
// -strategy name, a negative -population), shows on CodinGame's first turn.

// bakedVar is the name of the command's package-level variable that holds
// the baked flags.
const bakedVar = "bakedArgs"

// bake sets the value of the root package's bakedArgs to args, as
// []string{"-a", "1"}, and returns its declaration.
func (p *program) bake(args []string) (*ast.GenDecl, error) {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--h", "--help":
			return nil, fmt.Errorf("-flags: %s would make the bot print its usage and exit", a)
		}
	}
	obj, _ := p.root.Types.Scope().Lookup(bakedVar).(*types.Var)
	if obj == nil {
		return nil, fmt.Errorf("-flags: %s declares no variable %s: to take baked flags, it declares var %s []string and parses it before os.Args",
			p.root.PkgPath, bakedVar, bakedVar)
	}
	if want := types.NewSlice(types.Typ[types.String]); !types.Identical(obj.Type(), want) {
		return nil, fmt.Errorf("-flags: %s: %s is a %s, want []string", p.relPos(obj.Pos()), bakedVar, obj.Type())
	}
	for _, f := range p.root.Syntax {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				spec := s.(*ast.ValueSpec)
				for _, name := range spec.Names {
					if p.root.TypesInfo.Defs[name] != obj {
						continue
					}
					if len(spec.Names) > 1 || len(spec.Values) > 0 {
						return nil, fmt.Errorf("-flags: %s: declare %s alone and without a value: var %s []string", p.relPos(name.Pos()), bakedVar, bakedVar)
					}
					pos := name.End()
					lit := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: &ast.Ident{NamePos: pos, Name: "string"}}, Lbrace: pos, Rbrace: pos}
					for _, a := range args {
						lit.Elts = append(lit.Elts, &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(a)})
					}
					spec.Type, spec.Values = nil, []ast.Expr{lit}
					return g, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("-flags: %s: the declaration of %s is not in the command's files", p.relPos(obj.Pos()), bakedVar)
}

// checkBaked runs the bundle's executable with -h: the bot parses its baked
// flags first, and exits with status 2 and a message on a flag it does not
// know or a value it refuses, or with status 0 after printing its usage.
func checkBaked(exe string, args []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-h")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return fmt.Errorf("-flags: running the bundle with -h to check its baked flags: %v", err)
	}
	msg := strings.TrimSpace(string(out))
	first, rest, _ := strings.Cut(msg, "\n")
	return fmt.Errorf("-flags %q: the bundled bot refuses them: %s (exit status %d); its usage:\n%s",
		strings.Join(args, " "), first, exit.ExitCode(), rest)
}
